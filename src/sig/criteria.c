/* sig/criteria: which signatures of a degree get a row. The syzygy criterion (a
 * signature divisible by a known syzygy's, or by the lm of an element of smaller
 * index: the principal syzygies, F5's criterion) and the rewrite criterion (of the
 * pairs with one signature only the canonical rewriter's is kept; Eder and Roune,
 * "Signature rewriting in Groebner basis computation", ISSAC 2013). */
#include "sig/sig_int.h"

#include "common/sort.h"

/* ------------------------------------------------------ signature sets -- */

gbc_status sig_set_init(gbc_ctx *ctx, sig_set *s)
{
    s->mask = 255;
    s->n = 0;
    s->val = NULL;
    GBC_TRY(GBC_ZALLOC(ctx, s->key, s->mask + 1));
    return GBC_ALLOC(ctx, s->val, s->mask + 1);
}

void sig_set_clear(gbc_ctx *ctx, sig_set *s)
{
    gbc_free(ctx, s->key);
    gbc_free(ctx, s->val);
    s->key = NULL;
    s->val = NULL;
}

void sig_set_reset(sig_set *s)
{
    memset(s->key, 0, sizeof(uint64_t) * (s->mask + 1));
    s->n = 0;
}

static inline size_t set_slot(uint64_t k, size_t mask)
{
    k *= 0x9e3779b97f4a7c15ULL;
    return (size_t)(k >> 32 ^ k) & mask;
}

uint32_t sig_set_get(const sig_set *s, uint32_t idx, uint32_t tm)
{
    uint64_t k = ((uint64_t)idx + 1) << 32 | tm;
    for (size_t i = set_slot(k, s->mask);; i = (i + 1) & s->mask) {
        if (s->key[i] == k)
            return s->val[i];
        if (s->key[i] == 0)
            return UINT32_MAX;
    }
}

int sig_set_has(const sig_set *s, uint32_t idx, uint32_t tm)
{
    uint64_t k = ((uint64_t)idx + 1) << 32 | tm;
    for (size_t i = set_slot(k, s->mask);; i = (i + 1) & s->mask) {
        if (s->key[i] == k)
            return 1;
        if (s->key[i] == 0)
            return 0;
    }
}

gbc_status sig_set_put(gbc_ctx *ctx, sig_set *s, uint32_t idx, uint32_t tm, uint32_t val,
                       int *fresh)
{
    if (2 * (s->n + 1) > s->mask + 1) {
        size_t nmask = 2 * s->mask + 1;
        uint64_t *nk;
        uint32_t *nv;
        GBC_TRY(GBC_ZALLOC(ctx, nk, nmask + 1));
        if (GBC_ALLOC(ctx, nv, nmask + 1) != GBC_OK) {
            gbc_free(ctx, nk);
            return gbc_ctx_alloc_status(ctx);
        }
        for (size_t i = 0; i <= s->mask; i++)
            if (s->key[i] != 0) {
                size_t j = set_slot(s->key[i], nmask);
                while (nk[j] != 0)
                    j = (j + 1) & nmask;
                nk[j] = s->key[i];
                nv[j] = s->val[i];
            }
        gbc_free(ctx, s->key);
        gbc_free(ctx, s->val);
        s->key = nk;
        s->val = nv;
        s->mask = nmask;
    }
    uint64_t k = ((uint64_t)idx + 1) << 32 | tm;
    size_t i = set_slot(k, s->mask);
    while (s->key[i] != 0) {
        if (s->key[i] == k) {
            s->val[i] = val;
            if (fresh)
                *fresh = 0;
            return GBC_OK;
        }
        i = (i + 1) & s->mask;
    }
    s->key[i] = k;
    s->val[i] = val;
    s->n++;
    if (fresh)
        *fresh = 1;
    return GBC_OK;
}

/* ------------------------------------------------------------ criteria -- */

typedef struct idx_visit {
    const sig_state *S;
    uint32_t idx;
} idx_visit;

/* A known syzygy signature of the same index. */
static int visit_syz(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    return val == ((idx_visit *)data)->idx;
}

/* An element of smaller index: its lm times e_idx leads the principal syzygy
 * g e_idx - f_idx (module representation of g), since e_idx is the larger
 * position at equal degree. */
static int visit_f5(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    const idx_visit *v = data;
    return v->S->e[val].idx < v->idx;
}

int sig_is_syzygy_exps(const sig_state *S, uint32_t idx, const uint32_t *e, uint32_t mask)
{
    idx_visit v = {S, idx};
    if (S->nsyz > 0 && dl_for_each_divisor(&S->syz, e, mask, visit_syz, &v))
        return 1;
    return idx > 0 && dl_for_each_divisor(&S->dl, e, mask, visit_f5, &v) != 0;
}

int sig_is_syzygy(const sig_state *S, uint32_t idx, const mht *tt, uint32_t t)
{
    return sig_is_syzygy_exps(S, idx, mht_exps(tt, t), tt->row[t].divmask);
}

typedef struct rew_visit {
    const sig_state *S;
    uint32_t best;
} rew_visit;

/* The rewrite order "ratio" (Eder and Roune, ISSAC 2013, section 7; Roune and
 * Stillman's choice): g < h iff s(g) lm(h) < s(h) lm(g), ties broken by the
 * signature, then by the later element. All candidates have the generator index
 * of the signature looked up, so the module monomials compare by their terms; the
 * degrees of both products are deg g + deg h. */
int sig_rew_less(const sig_state *S, uint32_t a, uint32_t b)
{
    const sig_elem *A = &S->e[a], *B = &S->e[b];
    const uint32_t n = S->R->nvars;
    const uint32_t *ta = mht_exps(&S->sgt, A->sm), *tb = mht_exps(&S->sgt, B->sm);
    const uint32_t *la = mht_exps(&S->bht, A->lm), *lb = mht_exps(&S->bht, B->lm);
    if (S->rew_sig == 0) {
        for (uint32_t i = 0; i < n; i++) {
            S->ex4[i] = ta[i] + lb[i];
            S->ex5[i] = tb[i] + la[i];
        }
        int c = mono_cmp(&S->R->ord, S->ex4, S->ex5);
        if (c != 0)
            return c < 0;
    }
    int c = A->deg != B->deg ? (A->deg > B->deg ? 1 : -1) : mht_cmp(&S->sgt, A->sm, B->sm);
    if (c != 0)
        return c < 0;
    return a < b;
}

/* Keep the largest element in the rewrite order. */
static int visit_rew(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    rew_visit *v = data;
    if (v->best == UINT32_MAX || sig_rew_less(v->S, v->best, val))
        v->best = val;
    return 0;
}

uint32_t sig_rewriter(const sig_state *S, uint32_t idx, const mht *tt, uint32_t t)
{
    if (!S->sdl_on[idx])
        return UINT32_MAX;
    rew_visit v = {S, UINT32_MAX};
    dl_for_each_divisor(&S->sdl[idx], mht_exps(tt, t), tt->row[t].divmask, visit_rew, &v);
    return v.best;
}

static int cmp_cand(const void *a, const void *b, void *arg)
{
    (void)arg;
    const sig_cand *x = a, *y = b;
    if (x->idx != y->idx)
        return x->idx < y->idx ? -1 : 1;
    if (x->tm != y->tm)
        return x->tm < y->tm ? -1 : 1;
    return 0;
}

gbc_status sig_filter(sig_state *S, size_t *added)
{
    gbc_ctx *ctx = S->ctx;
    *added = 0;
    GBC_TRY(gbc_sort_cmp(ctx, S->cand, S->ncand, sizeof(sig_cand), cmp_cand, NULL));
    for (size_t g0 = 0, g1; g0 < S->ncand; g0 = g1) {
        const sig_cand *c = &S->cand[g0];
        for (g1 = g0 + 1; g1 < S->ncand && S->cand[g1].idx == c->idx &&
                          S->cand[g1].tm == c->tm;
             g1++)
            ;
        if (sig_set_has(&S->sel, c->idx, c->tm))
            continue; /* selected by an earlier pass of this degree */
        uint32_t elem;
        if (c->elem == SIG_GEN) {
            elem = SIG_GEN; /* nothing can rewrite or annihilate e_idx yet */
        } else {
            if (sig_is_syzygy(S, c->idx, &S->rst, c->tm)) {
                S->r_syz += g1 - g0;
                continue;
            }
            elem = sig_rewriter(S, c->idx, &S->rst, c->tm);
            int found = 0;
            for (size_t k = g0; k < g1; k++)
                found |= S->cand[k].elem == elem;
            S->r_rew += g1 - g0 - (size_t)found;
            if (!found)
                continue;
        }
        GBC_TRY(sig_set_put(ctx, &S->sel, c->idx, c->tm, 0, NULL));
        GBC_TRY(GBC_GROW(ctx, S->kept, S->keptcap, S->nkept + 1));
        S->kept[S->nkept++] = (sig_cand){c->idx, c->tm, elem};
        (*added)++;
    }
    S->ncand = 0;
    return GBC_OK;
}
