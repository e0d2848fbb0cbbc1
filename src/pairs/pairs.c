/* pairs: Gebauer-Moeller update and selection helpers. */
#include "pairs/pairs.h"

#include "common/sort.h"

void pairs_init(pairset *ps)
{
    memset(ps, 0, sizeof *ps);
}

void pairs_clear(gbc_ctx *ctx, pairset *ps)
{
    gbc_free(ctx, ps->p);
    gbc_free(ctx, ps->cand);
    gbc_free(ctx, ps->alive);
    gbc_free(ctx, ps->ckey);
    gbc_free(ctx, ps->corder);
    gbc_free(ctx, ps->ctmp);
    gbc_free(ctx, ps->gscr);
    memset(ps, 0, sizeof *ps);
}

int pairs_cmp(const mht *t, const spair *a, const spair *b)
{
    if (a->deg != b->deg)
        return a->deg < b->deg ? -1 : 1;
    int c = mht_cmp(t, a->lcm, b->lcm);
    if (c != 0)
        return c;
    if (a->j != b->j)
        return a->j < b->j ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* pairs_cmp as the comparison of gbc_sort_cmp (arg: the table). */
static int pairs_cmp_sort(const void *a, const void *b, void *arg)
{
    return pairs_cmp(arg, a, b);
}

/* Room for nc candidates' keys, order and copies. */
static gbc_status reserve_keys(gbc_ctx *ctx, pairset *ps, size_t nc)
{
    if (ps->kcap >= nc)
        return GBC_OK;
    size_t cap = nc > 2 * ps->kcap ? nc : 2 * ps->kcap;
    gbc_free(ctx, ps->ckey);
    gbc_free(ctx, ps->corder);
    gbc_free(ctx, ps->ctmp);
    ps->ckey = NULL;
    ps->corder = NULL;
    ps->ctmp = NULL;
    ps->kcap = 0;
    GBC_TRY(GBC_ALLOC(ctx, ps->ckey, cap));
    GBC_TRY(GBC_ALLOC(ctx, ps->corder, cap));
    GBC_TRY(GBC_ALLOC(ctx, ps->ctmp, cap));
    ps->kcap = cap;
    return GBC_OK;
}

/* Degrees spanning more than this (beyond 4 nc) are sorted by comparisons. */
#define GROUP_SPAN 64

/* sort_candidates by counting, when each weight is its lcm's degree (no sugar, no
 * known pairs) and the lcms have a table of their own, whose aux fields are free
 * (they are left 0): the classes (one lcm each) by increasing degree, those of one
 * degree in the order of their first candidate, each class's candidates in the
 * order of i (the order of C). update_classes needs no more (see sort_candidates).
 * *done = 0 (C untouched) when the degrees span too much. */
static gbc_status group_candidates(gbc_ctx *ctx, pairset *ps, mht *pt, size_t nc, int *done)
{
    spair *C = ps->cand;
    uint32_t dmin = UINT32_MAX, dmax = 0;
    for (size_t k = 0; k < nc; k++) {
        dmin = C[k].deg < dmin ? C[k].deg : dmin;
        dmax = C[k].deg > dmax ? C[k].deg : dmax;
    }
    *done = 0;
    if ((uint64_t)dmax - dmin > 4 * (uint64_t)nc + GROUP_SPAN)
        return GBC_OK;
    const size_t nd = (size_t)(dmax - dmin) + 1;
    GBC_TRY(GBC_GROW(ctx, ps->gscr, ps->gcap, 3 * nc + nd));
    uint32_t *cls = ps->corder;        /* candidate -> class */
    uint32_t *cdeg = ps->gscr;         /* class -> degree - dmin */
    uint32_t *cnum = cdeg + nc;        /* class -> candidates, then its next place */
    uint32_t *dnum = cnum + nc;        /* degree -> candidates, then its next place */
    for (size_t k = 0; k < nc; k++)
        pt->row[C[k].lcm].aux = UINT32_MAX;
    uint32_t ncls = 0;
    for (size_t k = 0; k < nc; k++) {
        uint32_t *a = &pt->row[C[k].lcm].aux;
        if (*a == UINT32_MAX) {
            *a = ncls;
            cdeg[ncls] = C[k].deg - dmin;
            cnum[ncls++] = 0;
        }
        cls[k] = *a;
        cnum[*a]++;
    }
    memset(dnum, 0, sizeof(uint32_t) * nd);
    for (uint32_t c = 0; c < ncls; c++)
        dnum[cdeg[c]] += cnum[c];
    for (size_t d = 0, at = 0; d < nd; d++) {
        uint32_t m = dnum[d];
        dnum[d] = (uint32_t)at;
        at += m;
    }
    for (uint32_t c = 0; c < ncls; c++) {
        uint32_t m = cnum[c];
        cnum[c] = dnum[cdeg[c]];
        dnum[cdeg[c]] += m;
    }
    for (size_t k = 0; k < nc; k++)
        ps->ctmp[cnum[cls[k]]++] = C[k];
    for (size_t k = 0; k < nc; k++)
        pt->row[C[k].lcm].aux = 0;
    memcpy(C, ps->ctmp, nc * sizeof *C);
    *done = 1;
    return GBC_OK;
}

/* Sort the nc candidates C by (degree of the lcm, lcm's index in pt, older
 * element), stably by integer keys: a class (one lcm) is contiguous, its
 * candidates in the order of i, and every proper divisor of an lcm (lower degree)
 * comes before it, which is all update_classes needs. Within a degree the classes
 * follow their lcms' indices: the pairs kept are the same as in any order there
 * (a class is dropped only for a kept lcm of lower degree), and F4 sorts the pairs
 * it selects itself. Where group_candidates applies, it gives such an order by
 * counting. */
static gbc_status sort_candidates(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, mht *pt,
                                  int kn, size_t nc)
{
    if (nc < 2)
        return GBC_OK;
    GBC_TRY(reserve_keys(ctx, ps, nc));
    if (B->sugar == NULL && !kn && B->lcms != NULL) {
        int done;
        GBC_TRY(group_candidates(ctx, ps, pt, nc, &done));
        if (done)
            return GBC_OK;
    }
    spair *C = ps->cand;
    for (size_t k = 0; k < nc; k++) {
        ps->ckey[k] = (uint64_t)pt->row[C[k].lcm].deg << 32 | C[k].lcm;
        ps->corder[k] = (uint32_t)k;
    }
    GBC_TRY(gbc_sort_by_key(ctx, ps->corder, nc, ps->ckey));
    for (size_t k = 0; k < nc; k++)
        ps->ctmp[k] = C[ps->corder[k]];
    memcpy(C, ps->ctmp, nc * sizeof *C);
    return GBC_OK;
}

gbc_status pairs_sort(gbc_ctx *ctx, pairset *ps, const mht *t)
{
    return gbc_sort_cmp(ctx, ps->p, ps->n, sizeof *ps->p, pairs_cmp_sort, (void *)t);
}

void pairs_pop_min(pairset *ps, const mht *t, spair *out)
{
    GBC_ASSERT(ps->n > 0);
    size_t best = 0;
    for (size_t k = 1; k < ps->n; k++)
        if (pairs_cmp(t, &ps->p[k], &ps->p[best]) < 0)
            best = k;
    *out = ps->p[best];
    ps->p[best] = ps->p[--ps->n];
}

uint32_t pairs_min_deg(const pairset *ps)
{
    uint32_t d = UINT32_MAX;
    for (size_t k = 0; k < ps->n; k++)
        if (ps->p[k].deg < d)
            d = ps->p[k].deg;
    return d;
}

/* The weight of a known candidate (pairs_basis.ecart): never stored, so never
 * compared with a real weight. */
#define PAIR_KNOWN UINT32_MAX
/* The lcm of a redundant element's candidate: not formed. */
#define NO_LCM UINT32_MAX

static uint32_t pair_weight(const pairs_basis *B, const mht *pt, uint32_t i, uint32_t j,
                            uint32_t lcm)
{
    const mht *t = B->t;
    uint32_t dl = pt->row[lcm].deg;
    if (B->sugar == NULL)
        return dl;
    /* sugar(m_i g_i) = sugar_i + deg(lcm) - deg(lm_i); the pair's sugar is the max. */
    uint64_t si = (uint64_t)B->sugar[i] + dl - t->row[B->lm[i]].deg;
    uint64_t sj = (uint64_t)B->sugar[j] + dl - t->row[B->lm[j]].deg;
    uint64_t s = si > sj ? si : sj;
    return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

/* The candidates of an update in ps->cand: (i, new) with lcm(lm_i, lt) in pt for
 * every older non-redundant element i, weighed by pair_weight, or PAIR_KNOWN for a
 * known pair (pairs_basis.ecart; *kn says whether the new element is known). A
 * redundant i gets no candidate (its lcm is NO_LCM): the chain criterion, the one
 * reader of those, compares them with a pair's lcm itself (same_lcm). */
static gbc_status update_candidates(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, mht *pt,
                                    int *kn)
{
    mht *t = B->t;
    const uint32_t nw = B->n - 1, lt = B->lm[nw];
    GBC_TRY(GBC_GROW(ctx, ps->cand, ps->ccap, (size_t)nw + 1));
    spair *C = ps->cand;
    for (uint32_t i = 0; i < nw; i++) {
        C[i].i = i;
        C[i].j = nw;
        if (B->redundant[i]) {
            C[i].lcm = NO_LCM;
            C[i].deg = 0;
            continue;
        }
        GBC_TRY(mht_insert_lcm(ctx, pt, t, B->lm[i], lt, &C[i].lcm));
        C[i].deg = pair_weight(B, pt, i, nw, C[i].lcm);
    }
    /* Known pairs: their weight becomes PAIR_KNOWN (candidates only; a known pair
     * is never stored). */
    *kn = B->ecart != NULL && nw < B->nknown;
    if (*kn) {
        GBC_ASSERT(B->sugar == NULL);
        const uint32_t ew = B->ecart[nw];
        for (uint32_t i = 0; i < nw; i++) {
            if (B->redundant[i])
                continue;
            uint64_t e = B->ecart[i] > ew ? B->ecart[i] : ew;
            if ((uint64_t)pt->row[C[i].lcm].deg + e <= B->dknown)
                C[i].deg = PAIR_KNOWN;
        }
    }
    return GBC_OK;
}

/* Whether lcm(lm_i, lt) is the monomial m of pt: by the candidate's index when i
 * has one, else (a redundant i) exponent by exponent. */
static int same_lcm(const pairs_basis *B, const mht *pt, const spair *C, uint32_t i,
                    uint32_t lt, uint32_t m)
{
    if (C[i].lcm != NO_LCM)
        return C[i].lcm == m;
    const mht *t = B->t;
    const uint32_t *a = mht_exps(t, B->lm[i]), *b = mht_exps(t, lt), *e = mht_exps(pt, m);
    for (uint32_t v = 0; v < t->nvars; v++)
        if ((a[v] > b[v] ? a[v] : b[v]) != e[v])
            return 0;
    return 1;
}

/* Chain criterion on the old pairs: drop (i, j) when lt divides lcm(i, j) and
 * both lcm(i, new) and lcm(j, new) differ from it. */
static void update_chain(pairset *ps, const pairs_basis *B, const mht *pt, uint32_t lt,
                         const spair *C)
{
    const mht *t = B->t;
    size_t k = 0;
    for (size_t q = 0; q < ps->n; q++) {
        spair *p = &ps->p[q];
        if (mht_divides(t, lt, pt, p->lcm) && !same_lcm(B, pt, C, p->i, lt, p->lcm) &&
            !same_lcm(B, pt, C, p->j, lt, p->lcm)) {
            ps->stat_chain++;
            continue;
        }
        ps->p[k++] = *p;
    }
    ps->n = k;
}

/* Whether candidate c's two leading monomials (lm_i and the new lt) are coprime:
 * deg lcm = deg lm_i + deg lt - deg gcd (total degrees, as the tables keep them),
 * so they are exactly when the degrees add up (no exponent loop). */
static int cand_coprime(const pairs_basis *B, const mht *pt, const spair *c, uint32_t lt)
{
    const mht *t = B->t;
    return (uint64_t)pt->row[c->lcm].deg ==
           (uint64_t)t->row[B->lm[c->i]].deg + t->row[lt].deg;
}

/* Criteria M and F (Becker-Weispfenning, UPDATE) on the nc candidates of C, sorted
 * by sort_candidates: of the candidates with one lcm (a class) one stands for all: a
 * coprime one if there is one (then the whole class goes with the product
 * criterion, update_store), else a known one (kn), else the oldest, so that the
 * rows of a degree come from the oldest elements, as in msolve (katsura-11: the
 * same matrices as msolve's, 19% fewer rows than with the newest at degree 9). A
 * non-coprime class goes when a kept candidate's lcm (a proper divisor: classes
 * come in order of lcm degree) divides its own. The kept candidates' indices into C go to
 * ps->alive, their number to *na. */
static gbc_status update_classes(gbc_ctx *ctx, pairset *ps, const pairs_basis *B,
                                 const mht *pt, int kn, size_t nc, size_t *na)
{
    const uint32_t lt = B->lm[B->n - 1];
    const spair *C = ps->cand;
    GBC_TRY(GBC_GROW(ctx, ps->alive, ps->acap, nc + 1));
    uint32_t *alive = ps->alive;
    size_t n = 0;
    for (size_t a = 0, e; a < nc; a = e) {
        uint32_t la = C[a].lcm;
        size_t rep = a;
        int coprime = cand_coprime(B, pt, &C[a], lt);
        for (e = a + 1; e < nc && C[e].lcm == la; e++)
            if (!coprime && cand_coprime(B, pt, &C[e], lt)) {
                rep = e;
                coprime = 1;
            }
        /* a known pair stands for its class as well as a coprime one (criterion F:
         * the class's other pairs follow from it and the pairs among the older
         * elements): prefer it to a pair that would be reduced */
        if (kn && !coprime && C[rep].deg != PAIR_KNOWN)
            for (size_t q = a; q < e; q++)
                if (C[q].deg == PAIR_KNOWN) {
                    rep = q;
                    break;
                }
        ps->stat_gm += e - a - 1;
        int dominated = 0;
        for (size_t b = 0; b < n && !coprime && !dominated; b++)
            if (mht_divides(pt, C[alive[b]].lcm, pt, la))
                dominated = 1;
        if (dominated) {
            ps->stat_gm++;
            continue;
        }
        alive[n++] = (uint32_t)rep;
    }
    *na = n;
    return GBC_OK;
}

/* The degree of the lcm m (in pt) in the component variables of B. */
static uint64_t comp_degree(const pairs_basis *B, const mht *pt, uint32_t m)
{
    const uint32_t *e = mht_exps(pt, m) + B->comp_first;
    uint64_t d = 0;
    for (uint32_t k = 0; k < B->comp_n; k++)
        d += e[k];
    return d;
}

/* Store the na kept candidates (ps->alive) as pairs, but for the coprime ones
 * (the product criterion), the known ones, and those whose lcm has degree 2 or
 * more in the component variables: with every term of every element of degree 1
 * in them (or a product of two of them), the S-polynomial of such a pair has only
 * terms of degree 2 in them, below the lcm, each a multiple of a product in the
 * basis, so it has a standard representation, as a coprime pair has (and stands
 * for its class in criteria M and F likewise). */
static gbc_status update_store(gbc_ctx *ctx, pairset *ps, const pairs_basis *B,
                               const mht *pt, int kn, size_t na)
{
    const uint32_t lt = B->lm[B->n - 1];
    GBC_TRY(GBC_GROW(ctx, ps->p, ps->cap, ps->n + na));
    for (size_t b = 0; b < na; b++) {
        const spair *c = &ps->cand[ps->alive[b]];
        if (cand_coprime(B, pt, c, lt)) {
            ps->stat_product++;
            continue;
        }
        if (kn && c->deg == PAIR_KNOWN) {
            ps->stat_known++;
            continue;
        }
        if (B->comp_n > 0 && comp_degree(B, pt, c->lcm) >= 2) {
            ps->stat_comp++;
            continue;
        }
        ps->p[ps->n++] = *c;
    }
    return GBC_OK;
}

/* A table of the lcms alone (pairs_basis.lcms) keeps those of the pairs from n0 on
 * (the new ones; mht_keep_last from its size pt0 before the update): the other
 * candidates' lcms (most of them) are forgotten at once. ps->alive is free again
 * and holds at least as many entries as there are new pairs. */
static void update_keep_lcms(pairset *ps, mht *pt, uint32_t pt0, size_t n0)
{
    uint32_t *alive = ps->alive;
    size_t nn = ps->n - n0;
    for (size_t q = 0; q < nn; q++)
        alive[q] = ps->p[n0 + q].lcm;
    mht_keep_last(pt, pt0, alive, nn);
    for (size_t q = 0; q < nn; q++)
        ps->p[n0 + q].lcm = alive[q];
}

gbc_status pairs_update(gbc_ctx *ctx, pairset *ps, pairs_basis *B)
{
    mht *t = B->t;
    mht *pt = B->lcms != NULL ? B->lcms : t; /* the lcms' table */
    const uint32_t pt0 = pt->size;      /* the lcms known before this update */
    const uint32_t nw = B->n - 1;       /* the new element */
    const uint32_t lt = B->lm[nw];
    int kn;
    GBC_TRY(update_candidates(ctx, ps, B, pt, &kn));
    update_chain(ps, B, pt, lt, ps->cand);

    /* New pairs, only with non-redundant elements, by ascending lcm degree. */
    spair *C = ps->cand;
    size_t nc = 0;
    for (uint32_t i = 0; i < nw; i++)
        if (!B->redundant[i])
            C[nc++] = C[i];
    ps->stat_created += nc;
    GBC_TRY(sort_candidates(ctx, ps, B, pt, kn, nc));
    size_t na;
    GBC_TRY(update_classes(ctx, ps, B, pt, kn, nc, &na));
    const size_t n0 = ps->n;
    GBC_TRY(update_store(ctx, ps, B, pt, kn, na));
    if (B->lcms != NULL)
        update_keep_lcms(ps, pt, pt0, n0);

    /* Older elements whose lead the new lead divides leave the basis. */
    for (uint32_t i = 0; i < nw; i++)
        if (!B->redundant[i] && mht_divides(t, lt, t, B->lm[i]))
            B->redundant[i] = 1;
    return GBC_OK;
}
