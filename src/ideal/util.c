/* ideal/util: what every ideal operation shares: the Groebner dispatch, rings with
 * extra variables and block orders, and moving polynomial lists between rings. */
#include <stdio.h>

#include "ideal/ideal.h"

gbc_status id_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                       gb_stats *stats)
{
    gb_stats local;
    memset(&local, 0, sizeof local);
    gbc_status st = mod_engine_groebner(ctx, R, in, out, &local, 0);
    if (stats != NULL)
        id_stats_add(stats, &local);
    return st;
}

void id_stats_add(gb_stats *tot, const gb_stats *s)
{
    tot->t_select += s->t_select;
    tot->t_linalg += s->t_linalg;
    tot->t_update += s->t_update;
    tot->t_interreduce += s->t_interreduce;
    tot->pairs_reduced += s->pairs_reduced;
    tot->zero_reductions += s->zero_reductions;
    tot->pairs_created += s->pairs_created;
    tot->pairs_chain += s->pairs_chain;
    tot->pairs_gm += s->pairs_gm;
    tot->pairs_product += s->pairs_product;
    tot->pairs_known += s->pairs_known;
    tot->rounds += s->rounds;
    tot->matrix_rows += s->matrix_rows;
    tot->matrix_cols += s->matrix_cols;
    tot->matrix_nnz += s->matrix_nnz;
    tot->primes += s->primes;
    tot->monomials = s->monomials > tot->monomials ? s->monomials : tot->monomials;
    tot->la_rows_in += s->la_rows_in;
    tot->la_rows_reduced += s->la_rows_reduced;
    tot->fglm_dim = s->fglm_dim ? s->fglm_dim : tot->fglm_dim;
    tot->fglm_normal_forms += s->fglm_normal_forms;
    tot->t_fglm += s->t_fglm;
    if (s->seeded) {
        tot->seed = s->seed;
        tot->seeded = 1;
    }
}

/* Append "kind(len)" to buf at *pos (a block of the order spec). */
static void spec_block(char *buf, size_t cap, size_t *pos, const char *kind, uint32_t len)
{
    if (len == 0 || *pos >= cap)
        return;
    int w = snprintf(buf + *pos, cap - *pos, "%s%s(%u)", buf[*pos - 1] == ':' ? "" : ",",
                     kind, len);
    if (w > 0)
        *pos += (size_t)w;
}

static const char *kind_name(mono_kind k)
{
    return k == MONO_LEX ? "lex" : k == MONO_DEGLEX ? "deglex" : "grevlex";
}

/* Write the names of nnew new variables into pool (nnew slots of 32 bytes):
 * "gbc_tK", or "gbcS_tK" with the least salt S for which none clashes with R's. */
static void new_names(const ring *R, uint32_t nnew, char *pool)
{
    for (uint32_t salt = 0;; salt++) {
        int clash = 0;
        for (uint32_t k = 0; k < nnew && !clash; k++) {
            char *s = pool + (size_t)k * 32;
            if (salt == 0)
                snprintf(s, 32, "gbc_t%u", k);
            else
                snprintf(s, 32, "gbc%u_t%u", salt, k);
            clash = ring_find_var(R, s, strlen(s)) >= 0;
        }
        if (!clash)
            break;
    }
}

/* Append to spec (cap bytes, *pos used) the blocks of R's order restricted to R's
 * variables perm[k] for k >= k0 (perm NULL: the identity), in that order, when the
 * kept variables stay in block order: returns 1. Otherwise returns 0 and spec is
 * left to be rewritten by the caller. */
static int restricted_blocks(const ring *R, const uint32_t *perm, uint32_t k0, char *spec,
                             size_t cap, size_t *pos)
{
    const uint32_t n = R->nvars;
    int ex = 1;
    uint32_t k = k0;
    for (uint32_t b = 0; b < R->ord.nblocks && ex; b++) {
        const mono_block *B = &R->ord.blocks[b];
        uint32_t cnt = 0;
        while (k < n) {
            uint32_t v = perm ? perm[k] : k;
            if (v < B->start || v >= B->start + B->len)
                break;
            cnt++;
            k++;
        }
        spec_block(spec, cap, pos, kind_name(B->kind), cnt);
    }
    return k == n;
}

/* spec (cap bytes) = the order of id_ring_make's S: the front block of nfront
 * variables, then R's order restricted to S's variables nfront..ns-1 (which all
 * are R's variables unless nfront < nnew). Returns 1 when that restriction is
 * exact, 0 when grevlex stands in for it. */
static int ring_make_spec(const ring *R, const uint32_t *perm, uint32_t nnew, uint32_t nfront,
                          const char *front, char *spec, size_t cap)
{
    const uint32_t n = R->nvars, ns = nnew + n;
    size_t pos = (size_t)snprintf(spec, cap, "blocks:");
    spec_block(spec, cap, &pos, front, nfront);
    if (nfront < nnew) {
        /* new variables after the front block (not used by the operations) */
        spec_block(spec, cap, &pos, "grevlex", ns - nfront);
        return 0;
    }
    /* R's variables perm[k] for k >= nfront - nnew, in that order */
    const uint32_t k0 = nfront - nnew;
    switch (R->ord.kind) {
    case MONO_GREVLEX:
    case MONO_LEX:
    case MONO_DEGLEX:
        spec_block(spec, cap, &pos, kind_name(R->ord.kind), n - k0);
        return 1;
    case MONO_BLOCKS:
        /* restricting a product order to a subset of the variables keeps the
         * blocks (emptied ones vanish) only when the kept variables stay in
         * block order; otherwise fall back to grevlex */
        if (restricted_blocks(R, perm, k0, spec, cap, &pos))
            return 1;
        pos = (size_t)snprintf(spec, cap, "blocks:");
        spec_block(spec, cap, &pos, front, nfront);
        spec_block(spec, cap, &pos, "grevlex", ns - nfront);
        return 0;
    default:
        spec_block(spec, cap, &pos, "grevlex", ns - nfront);
        return 0;
    }
}

gbc_status id_ring_make(gbc_ctx *ctx, ring *S, const ring *R, uint32_t nnew,
                        const uint32_t *perm, uint32_t nfront, const char *front,
                        int *exact)
{
    const uint32_t n = R->nvars;
    if (nnew > UINT32_MAX - n || nnew + n == 0 || nfront > nnew + n)
        return GBC_ERR_INTERNAL;
    const uint32_t ns = nnew + n;
    char *pool = NULL;
    const char **cnames = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, cnames, ns), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, pool, (size_t)nnew * 32 + 1), done);
    new_names(R, nnew, pool);
    for (uint32_t k = 0; k < nnew; k++)
        cnames[k] = pool + (size_t)k * 32;
    for (uint32_t k = 0; k < n; k++)
        cnames[nnew + k] = R->names[perm ? perm[k] : k];
    size_t cap = 32 + 24 * (size_t)(R->ord.nblocks + 2);
    char *spec = NULL;
    GBC_CHECK(st, GBC_ALLOC(ctx, spec, cap), done);
    const int ex = ring_make_spec(R, perm, nnew, nfront, front, spec, cap);
    char msg[128];
    st = ring_init(ctx, S, ns, cnames, R->F.p, spec, msg, sizeof msg);
    if (st == GBC_ERR_ARG || st == GBC_ERR_DOMAIN)
        st = GBC_ERR_INTERNAL;
    if (st == GBC_OK && exact != NULL)
        *exact = ex;
    gbc_free(ctx, spec);
done:
    gbc_free(ctx, pool);
    gbc_free(ctx, cnames);
    return st;
}

gbc_status id_run_graded(gbc_ctx *ctx, const ring *R, id_binary_op op, const void *arg,
                         const plist *A, const plist *B, plist *out, gb_stats *stats)
{
    if (ring_is_graded(R) || R->comp_n != 0)
        return op(ctx, R, A, B, arg, out, stats);
    ring G;
    char msg[128];
    gbc_status st = ring_init(ctx, &G, R->nvars, (const char *const *)R->names, R->F.p,
                              "grevlex", msg, sizeof msg);
    if (st != GBC_OK)
        return st == GBC_ERR_ARG || st == GBC_ERR_DOMAIN ? GBC_ERR_INTERNAL : st;
    plist a, b, r, back;
    plist_init(&a);
    plist_init(&b);
    plist_init(&r);
    plist_init(&back);
    GBC_CHECK(st, id_plist_map(ctx, R, A, &G, NULL, &a), done);
    GBC_CHECK(st, id_plist_map(ctx, R, B, &G, NULL, &b), done);
    GBC_CHECK(st, op(ctx, &G, &a, &b, arg, &r, stats), done);
    GBC_CHECK(st, id_plist_map(ctx, &G, &r, R, NULL, &back), done);
    st = id_groebner(ctx, R, &back, out, stats);
done:
    plist_clear(ctx, &back, &R->F);
    plist_clear(ctx, &r, &G.F);
    plist_clear(ctx, &b, &G.F);
    plist_clear(ctx, &a, &G.F);
    ring_clear(ctx, &G);
    return st;
}

gbc_status id_plist_map(gbc_ctx *ctx, const ring *Rs, const plist *in, const ring *Rd,
                        const uint32_t *map, plist *out)
{
    const uint32_t ns = Rs->nvars, nd = Rd->nvars;
    const field *F = &Rd->F;
    const id_coefs *C = id_coefs_of(F);
    mht_params par;
    mht t;
    memset(&par, 0, sizeof par);
    memset(&t, 0, sizeof t);
    uint32_t *e = NULL, *idx = NULL;
    size_t idxcap = 0;
    gbc_status st;
    GBC_CHECK(st, mht_params_init(ctx, &par, &Rd->ord, 0x1de417ULL), done);
    GBC_CHECK(st, mht_init(ctx, &t, &par, 10), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, e, nd ? nd : 1), done);
    for (size_t k = 0; k < in->n; k++) {
        const ppoly *p = &in->p[k];
        ppoly *q;
        GBC_CHECK(st, GBC_GROW(ctx, idx, idxcap, p->len ? p->len : 1), done);
        mht_reset(&t);
        for (size_t i = 0; i < p->len; i++) {
            memset(e, 0, sizeof(uint32_t) * nd);
            const uint32_t *ex = p->exps + i * ns;
            for (uint32_t v = 0; v < ns; v++) {
                const uint32_t to = map ? map[v] : v;
                if (to == UINT32_MAX) {
                    if (ex[v] != 0) {
                        st = GBC_ERR_INTERNAL;
                        goto done;
                    }
                    continue;
                }
                e[to] = ex[v];
            }
            GBC_CHECK(st, mht_insert(ctx, &t, e, &idx[i]), done);
            t.row[idx[i]].aux = (uint32_t)i;
        }
        GBC_CHECK(st, mht_sort_desc(ctx, &t, idx, p->len), done);
        GBC_CHECK(st, plist_push(ctx, out, p->len, nd, F, &q), done);
        for (size_t i = 0; i < p->len; i++) {
            uint32_t src = t.row[idx[i]].aux;
            memcpy(q->exps + i * nd, mht_exps(&t, idx[i]), sizeof(uint32_t) * nd);
            C->copy(F, q, i, p, src, 1);
        }
    }
done:
    gbc_free(ctx, idx);
    gbc_free(ctx, e);
    mht_clear(ctx, &t);
    mht_params_clear(ctx, &par);
    return st;
}

int id_plist_equal(const plist *a, const plist *b, uint32_t nvars, const field *F)
{
    const id_coefs *C = id_coefs_of(F);
    if (a->n != b->n)
        return 0;
    for (size_t k = 0; k < a->n; k++) {
        const ppoly *p = &a->p[k], *q = &b->p[k];
        if (p->len != q->len)
            return 0;
        if (p->len == 0)
            continue;
        if (memcmp(p->exps, q->exps, sizeof(uint32_t) * p->len * nvars) != 0)
            return 0;
        for (size_t i = 0; i < p->len; i++)
            if (!C->equal(p, i, q, i))
                return 0;
    }
    return 1;
}

int id_ppoly_free_of(const ppoly *p, uint32_t nvars, uint32_t from, uint32_t to)
{
    for (size_t i = 0; i < p->len; i++)
        for (uint32_t v = from; v < to; v++)
            if (p->exps[i * nvars + v] != 0)
                return 0;
    return 1;
}

gbc_status id_plist_push_copy(gbc_ctx *ctx, plist *L, const ppoly *p, uint32_t nvars,
                              const field *F)
{
    ppoly *q;
    GBC_TRY(plist_push(ctx, L, p->len, nvars, F, &q));
    if (p->len == 0)
        return GBC_OK;
    memcpy(q->exps, p->exps, sizeof(uint32_t) * p->len * nvars);
    const id_coefs *C = id_coefs_of(F);
    for (size_t i = 0; i < p->len; i++)
        C->copy(F, q, i, p, i, 1);
    return GBC_OK;
}

gbc_status id_push_one(gbc_ctx *ctx, const ring *R, plist *out)
{
    ppoly *q;
    GBC_TRY(plist_push(ctx, out, 1, R->nvars, &R->F, &q));
    memset(q->exps, 0, sizeof(uint32_t) * (R->nvars ? R->nvars : 1));
    id_coefs_of(&R->F)->set_unit(&R->F, q, 0, 1);
    return GBC_OK;
}

size_t id_plist_nonzero(const plist *L)
{
    size_t c = 0;
    for (size_t k = 0; k < L->n; k++)
        c += L->p[k].len > 0;
    return c;
}
