/* api/learn_check: the verification an apply of gbc_trace_mod gives (docs/learn.md): the
 * applied basis G is checked to be the reduced Groebner basis of the ideal of the
 * generators by F4's linear algebra: the generators' normal forms, and random
 * linear combinations of the S-polynomials of the Gebauer-Moeller pairs of G,
 * reduced in one F4 matrix (Buchberger's criterion, one-sided Monte Carlo). */
#include "api/learn_int.h"

#include "common/sort.h"
#include "divlookup/divlookup.h"
#include "f4/f4.h"
#include "pairs/pairs.h"

/* The Gebauer-Moeller pairs of the polynomials g[0..n) (nonzero, leading monomials
 * in t): enough for Buchberger's criterion. */
static gbc_status gm_pairs(gbc_ctx *ctx, mht *t, const poly *g, size_t n, pairset *ps)
{
    uint32_t *lm;
    uint8_t *red = NULL;
    GBC_TRY(GBC_ALLOC(ctx, lm, n ? n : 1));
    gbc_status st = GBC_ZALLOC(ctx, red, n ? n : 1);
    for (size_t i = 0; i < n && st == GBC_OK; i++) {
        lm[i] = g[i].mon[0];
        pairs_basis B = {t, lm, red, NULL, (uint32_t)(i + 1), NULL, NULL, 0, 0, 0, 0};
        st = pairs_update(ctx, ps, &B);
    }
    gbc_free(ctx, lm);
    gbc_free(ctx, red);
    return st;
}

/* The sums acc[k] (k < rounds; indexed by monomial of t, grown to t's size) +=
 * r[k] * (u * f) for the monomial u of t and monic f. */
typedef struct comb {
    uint32_t **acc;
    size_t cap;
    int rounds;
    uint32_t *idx; /* scratch: the products' indices */
    size_t icap;
} comb;

static gbc_status comb_add(gbc_ctx *ctx, comb *C, mht *t, uint32_t u, const poly *f,
                           const uint32_t *r, const field *F)
{
    const uint32_t nv = t->nvars;
    uint32_t *mi = C->idx;
    if (f->len > C->icap) {
        GBC_TRY(GBC_ALLOC(ctx, mi, f->len));
        gbc_free(ctx, C->idx);
        C->idx = mi;
        C->icap = f->len;
    }
    /* the order is degree-compatible: f's lead has its largest degree */
    const uint32_t deg = t->row[u].deg, top = t->row[f->mon[0]].deg;
    if (t->pk != NULL && nv <= MHT_PK_VARS && (uint64_t)deg + top < 256) {
        uint32_t me[MHT_PK_VARS];
        uint64_t pk[2];
        memcpy(me, mht_exps(t, u), sizeof *me * nv);
        mht_pack(me, nv, pk);
        GBC_TRY(mht_insert_mul_pk_n(ctx, t, me, pk, t->row[u].hash, deg, t, f->mon, f->len,
                                    mi));
    } else {
        for (uint32_t l = 0; l < f->len; l++)
            GBC_TRY(mht_insert_mul(ctx, t, t, u, t, f->mon[l], &mi[l]));
    }
    for (uint32_t l = 0; l < f->len; l++) {
        uint32_t m = mi[l];
        if (m >= C->cap) {
            size_t nc = 2 * (size_t)m + 1024;
            for (int k = 0; k < C->rounds; k++) {
                uint32_t *a = gbc_realloc(ctx, C->acc[k], sizeof *a * nc);
                if (a == NULL)
                    return gbc_ctx_alloc_status(ctx);
                memset(a + C->cap, 0, sizeof *a * (nc - C->cap));
                C->acc[k] = a;
            }
            C->cap = nc;
        }
        for (int k = 0; k < C->rounds; k++)
            C->acc[k][m] = zp_add(F, C->acc[k][m], zp_mul(F, r[k], f->cf[l]));
    }
    return GBC_OK;
}

/* The combinations' nonzero terms, in decreasing order, into P (plain form). */
static gbc_status comb_out(gbc_ctx *ctx, const comb *C, const mht *t, uint32_t nv,
                           const field *F, plist *P)
{
    uint32_t *idx;
    GBC_TRY(GBC_ALLOC(ctx, idx, C->cap ? C->cap : 1));
    gbc_status st = GBC_OK;
    for (int k = 0; k < C->rounds && st == GBC_OK; k++) {
        size_t n = 0;
        for (size_t m = 0; m < C->cap; m++)
            if (C->acc[k][m] != 0)
                idx[n++] = (uint32_t)m;
        st = mht_sort_desc(ctx, t, idx, n);
        ppoly *s;
        if (st == GBC_OK)
            st = plist_push(ctx, P, n, nv, F, &s);
        for (size_t i = 0; i < n && st == GBC_OK; i++) {
            memcpy(s->exps + i * nv, mht_exps(t, idx[i]), sizeof *s->exps * nv);
            s->cf[i] = C->acc[k][idx[i]];
        }
    }
    gbc_free(ctx, idx);
    return st;
}

/* Rounds for an error of at most 2^-64: each round misses a nonzero normal form
 * with probability at most 1/p. */
static int rounds_for(uint32_t p)
{
    int bits = 0;
    while ((2u << bits) <= p && bits < 31)
        bits++;
    return (64 + bits - 1) / bits;
}

/* The combinations of the S-polynomials of the pairs of g[0..n) into P. A product
 * u * g_i shared by several pairs (the same element and multiplier, as F4's rows
 * are shared) is formed once, its random coefficients summed first. */
static gbc_status spoly_combinations(gbc_ctx *ctx, mht *t, const poly *g, size_t n,
                                     const ring *R, gbc_rng *rng, plist *P)
{
    const field *F = &R->F;
    pairset ps;
    pairs_init(&ps);
    comb C = {NULL, 0, rounds_for(F->p), NULL, 0};
    const int K = C.rounds;
    uint64_t *key = NULL;  /* per pair side: element << 32 | multiplier */
    uint32_t *r = NULL;    /* per pair side: K random coefficients */
    uint32_t *idx = NULL;
    gbc_status st = GBC_ZALLOC(ctx, C.acc, (size_t)K);
    if (st == GBC_OK)
        st = gm_pairs(ctx, t, g, n, &ps);
    size_t m = 2 * ps.n;
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, key, m ? m : 1);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, idx, m ? m : 1);
    if (st == GBC_OK)
        st = gbc_alloc_array(ctx, (void **)&r, m ? m * (size_t)K : 1, sizeof *r);
    for (size_t q = 0; q < ps.n && st == GBC_OK; q++) {
        const uint32_t i = ps.p[q].i, j = ps.p[q].j;
        uint32_t ui, uj;
        GBC_CHECK(st, mht_insert_div(ctx, t, t, ps.p[q].lcm, g[i].mon[0], &ui), out);
        GBC_CHECK(st, mht_insert_div(ctx, t, t, ps.p[q].lcm, g[j].mon[0], &uj), out);
        key[2 * q] = (uint64_t)i << 32 | ui;
        key[2 * q + 1] = (uint64_t)j << 32 | uj;
        for (int k = 0; k < K; k++) {
            r[2 * q * K + k] = (uint32_t)gbc_rng_below(rng, F->p);
            r[(2 * q + 1) * K + k] = zp_neg(F, r[2 * q * K + k]);
        }
    }
    for (size_t e = 0; e < m; e++)
        idx[e] = (uint32_t)e;
    if (st == GBC_OK)
        st = gbc_sort_by_key(ctx, idx, m, key);
    uint32_t sum[64];
    for (size_t e = 0; e < m && st == GBC_OK;) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), out);
        const uint64_t kk = key[idx[e]];
        memcpy(sum, r + (size_t)idx[e] * K, sizeof *sum * K);
        for (e++; e < m && key[idx[e]] == kk; e++)
            for (int k = 0; k < K; k++)
                sum[k] = zp_add(F, sum[k], r[(size_t)idx[e] * K + k]);
        GBC_CHECK(st, comb_add(ctx, &C, t, (uint32_t)kk, &g[kk >> 32], sum, F), out);
    }
    if (st == GBC_OK)
        st = comb_out(ctx, &C, t, R->nvars, F, P);
out:
    for (int k = 0; C.acc != NULL && k < K; k++)
        gbc_free(ctx, C.acc[k]);
    gbc_free(ctx, C.acc);
    gbc_free(ctx, C.idx);
    gbc_free(ctx, key);
    gbc_free(ctx, idx);
    gbc_free(ctx, r);
    pairs_clear(ctx, &ps);
    return st;
}

/* Whether g[0..n) (in t) is monic, sorted by increasing leading monomial with none
 * dividing another, and no term of a tail divisible by a leading monomial: the
 * leading monomials in a divisor tree, each distinct tail monomial looked up once. */
static gbc_status is_reduced(int *red, gbc_ctx *ctx, const mht *t, const poly *g, size_t n)
{
    *red = 0;
    for (size_t i = 0; i < n; i++)
        if (g[i].cf[0] != 1 || (i > 0 && mht_cmp(t, g[i - 1].mon[0], g[i].mon[0]) >= 0))
            return GBC_OK;
    divlookup dl;
    uint8_t *seen = NULL;
    GBC_TRY(dl_init(ctx, &dl, DL_TREE, t->nvars, &t->par->dm));
    gbc_status st = GBC_OK;
    for (size_t i = 0; i < n && st == GBC_OK; i++) {
        uint32_t m = g[i].mon[0];
        st = dl_insert(ctx, &dl, mht_exps(t, m), t->row[m].divmask, (uint32_t)i);
    }
    int ok = st == GBC_OK;
    for (size_t i = 0; i < n && ok; i++) {
        uint32_t m = g[i].mon[0];
        ok = !dl_has_other_divisor(&dl, mht_exps(t, m), t->row[m].divmask, (uint32_t)i);
    }
    if (ok)
        st = GBC_ZALLOC(ctx, seen, t->size ? t->size : 1);
    for (size_t i = 0; i < n && ok && st == GBC_OK; i++)
        for (uint32_t l = 1; l < g[i].len && ok; l++) {
            uint32_t m = g[i].mon[l];
            if (seen[m])
                continue;
            seen[m] = 1;
            ok = dl_find_divisor(&dl, mht_exps(t, m), t->row[m].divmask) == UINT32_MAX;
        }
    gbc_free(ctx, seen);
    dl_clear(ctx, &dl);
    *red = ok && st == GBC_OK;
    return st;
}

/* Whether no coefficient of G is zero (a plain polynomial's never is; an apply's
 * elements may carry zeros, which must not reach its output). */
static int no_zero_coefficient(const plist *G)
{
    for (size_t i = 0; i < G->n; i++)
        for (size_t k = 0; k < G->p[i].len; k++)
            if (G->p[i].cf[k] == 0)
                return 0;
    return 1;
}

/* G in its own monomial table: t, and g[0..n) the polynomials (n = G->n unless a
 * step failed); *zero when one of them is zero. basis_close frees it all. */
typedef struct basis_tab {
    mht_params par;
    mht t;
    poly *g;
    size_t n;
} basis_tab;

static void basis_close(gbc_ctx *ctx, const ring *R, basis_tab *B)
{
    for (size_t i = 0; i < B->n; i++)
        poly_clear(ctx, &B->g[i], &R->F);
    gbc_free(ctx, B->g);
    mht_clear(ctx, &B->t);
    mht_params_clear(ctx, &B->par);
}

/* On failure B is freed already. */
static gbc_status basis_open(gbc_ctx *ctx, const ring *R, const plist *G, uint64_t seed,
                             basis_tab *B, int *zero)
{
    B->g = NULL;
    B->n = 0;
    *zero = 0;
    GBC_TRY(mht_params_init(ctx, &B->par, &R->ord, seed));
    gbc_status st = mht_init(ctx, &B->t, &B->par, 12);
    if (st != GBC_OK) {
        mht_params_clear(ctx, &B->par);
        return st;
    }
    GBC_CHECK(st, GBC_ZALLOC(ctx, B->g, G->n ? G->n : 1), fail);
    for (; B->n < G->n; B->n++) {
        GBC_CHECK(st, poly_from_plain(ctx, &B->g[B->n], &G->p[B->n], &B->t, &R->F), fail);
        if (B->g[B->n].len == 0)
            *zero = 1;
    }
    return GBC_OK;
fail:
    basis_close(ctx, R, B);
    return st;
}

gbc_status learn_reduced(int *ok, gbc_ctx *ctx, const ring *R, const plist *G)
{
    *ok = 0;
    if (!no_zero_coefficient(G))
        return GBC_OK;
    basis_tab B;
    int zero;
    GBC_TRY(basis_open(ctx, R, G, 0x6c6561726e726564ULL, &B, &zero));
    gbc_status st = zero ? GBC_OK : is_reduced(ok, ctx, &B.t, B.g, B.n);
    basis_close(ctx, R, &B);
    return st;
}

gbc_status learn_prove(int *ok, const char **why, size_t *bad, gbc_ctx *ctx, const ring *R,
                       const plist *G, const plist *L, uint64_t seed)
{
    *ok = 0;
    *bad = 0;
    plist P, NF;
    plist_init(&P);
    plist_init(&NF);
    basis_tab B;
    int zero;
    GBC_TRY(basis_open(ctx, R, G, seed ^ 0x6c6561726e636bULL, &B, &zero));
    gbc_status st = GBC_OK;
    if (zero || !no_zero_coefficient(G)) {
        *why = "a zero polynomial or coefficient in the applied basis";
        goto out;
    }
    /* every generator reduces to zero: <L> lies in <G> */
    GBC_CHECK(st, f4_normal_forms(ctx, R, G, L, &NF), out);
    for (size_t i = 0; i < NF.n; i++)
        if (NF.p[i].len != 0) {
            *why = "a generator does not reduce to zero by the applied basis";
            *bad = i;
            goto out;
        }
    int red = 0;
    GBC_CHECK(st, is_reduced(&red, ctx, &B.t, B.g, B.n), out);
    if (!red) {
        *why = "the applied basis is not reduced";
        goto out;
    }
    gbc_rng rng;
    gbc_rng_seed(&rng, seed);
    double t0 = gbc_wall_time();
    GBC_CHECK(st, spoly_combinations(ctx, &B.t, B.g, B.n, R, &rng, &P), out);
    double t1 = gbc_wall_time();
    plist_clear(ctx, &NF, &R->F);
    plist_init(&NF);
    GBC_CHECK(st, f4_normal_forms(ctx, R, G, &P, &NF), out);
    gbc_log(ctx, 2, "learn: verification: %zu elements, combinations %.3f s (%zu terms), their "
            "normal forms %.3f s", B.n, t1 - t0, P.n ? P.p[0].len : 0, gbc_wall_time() - t1);
    for (size_t i = 0; i < NF.n; i++)
        if (NF.p[i].len != 0) {
            *why = "an S-polynomial does not reduce to zero by the applied basis";
            goto out;
        }
    *ok = 1;
out:
    plist_clear(ctx, &NF, &R->F);
    plist_clear(ctx, &P, &R->F);
    basis_close(ctx, R, &B);
    return st;
}
