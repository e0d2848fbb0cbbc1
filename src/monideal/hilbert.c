/* monideal/hilbert: the numerator of the Hilbert-Poincare series of R/I by the
 * pivot algorithm of Bigatti (A. M. Bigatti, "Computation of Hilbert-Poincare
 * series", J. Pure Appl. Algebra 119 (1997)):
 *     N(I) = N(I + <p>) + x^p N(I : p),
 * with the pivot p the gcd of the generators divisible by x_v^e (v the variable in
 * the most generators, e the median of its positive exponents: "widened" median
 * pivots, as in Roune's study of pivot strategies). A common factor g of all
 * generators is split off first: N(g J) = 1 - x^g + x^g N(J). Base case: when
 * every generator attains the lcm alone in some variable the Taylor complex is
 * minimal and N = sum over subsets T of (-1)^|T| x^lcm(T) without cancellation;
 * in the byte kernel, when no two generators share a non-zero exponent in any
 * variable (strongly generic), N = the same sum over the faces of the Scarf
 * complex (hilbert8.c states it; mi_hilbert_opts can turn it off).
 * Terms go into one accumulator: a hash table of exponent vectors (multigraded) or
 * an array indexed by degree (univariate). In the multigraded numerator every
 * addition is by +-1, so int64 coefficients cannot overflow within any feasible
 * running time (checked anyway). The univariate one adds whole products
 * prod (1 - t^d_i) and its true coefficients can exceed int64 (the ideal of all
 * x_i x_j in 64 variables has coefficients near 6e19): a sum that would overflow
 * is detected and its addend goes to a side table of GMP integers per degree
 * (the "spill"), so the common path pays nothing but the overflow check.
 * Dimension and degree come from N(t) = (1-t)^c Q(t) with GMP (this file; the
 * dimension also from a vertex cover: dim.c). This file is the driver: the
 * accumulator is hilbert_acc.c, the recursion hilbert8.c (byte rows) and
 * hilbert32.c (uint32 rows). */
#include <gmp.h>
#include <stdlib.h>

#include "common/sort.h"
#include "monideal/hilbert_int.h"

/* Run the Hilbert recursion on I into A (initialised here; the caller clears its
 * table and dense array). R receives the rank tables when the byte kernel ran
 * (then the multigraded keys are byte rows of width A->tab.kw). */
static gbc_status hilbert_run(gbc_ctx *ctx, const monideal *I, int uni, acc *A, mi_ranks *R,
                              int *bytes, const mi_hilbert_opts *opts,
                              mi_hilbert_stats *stats)
{
    const uint32_t n = I->nvars;
    memset(A, 0, sizeof *A);
    memset(R, 0, sizeof *R);
    A->uni = uni;
    A->n = n;
    *bytes = 0;
    monideal M, C;
    mi_init(&M, n);
    mi_init(&C, n);
    mi_hilbert_stats run;
    memset(&run, 0, sizeof run);
    gbc_status st = GBC_OK;
    GBC_CHECK(st, mi_copy(ctx, &M, I), done);
    GBC_CHECK(st, mi_minimize(ctx, &M), done);
    if (uni) {
        uint32_t *l = NULL;
        GBC_CHECK(st, GBC_ALLOC(ctx, l, n ? n : 1), done);
        mi_lcm(&M, l);
        uint64_t deg = mono_degree(l, n);
        gbc_free(ctx, l);
        if (deg < ((uint64_t)1 << 24)) {
            A->dense_len = deg + 1;
            GBC_CHECK(st, GBC_ZALLOC(ctx, A->dense, A->dense_len), done);
        }
    }
    if (mi_is_unit(&M)) {
        mih_tt_init(&A->tab, ctx, uni ? 8 : 4 * (size_t)n);
        goto done; /* N = 0 */
    }
    int small = n <= S8N;
    if (small) {
        GBC_CHECK(st, mi_ranks_compress(ctx, R, &C, &M), done);
        small = R->maxrank <= 255;
    }
    if (small) {
        *bytes = 1;
        A->R = R;
        mih_tt_init(&A->tab, ctx, uni ? 8 : 16 * (size_t)(n ? (n + 15) / 16 : 1));
        st = mih_run8(ctx, A, &C, opts == NULL || !opts->no_scarf, &run);
    } else {
        mih_tt_init(&A->tab, ctx, uni ? 8 : 4 * (size_t)n);
        st = mih_run32(ctx, A, &M, &run.nodes);
    }
done:
    if (stats != NULL) {
        *stats = run;
        stats->adds = A->adds;
        stats->distinct = A->tab.n;
    }
    mi_clear(ctx, &M);
    mi_clear(ctx, &C);
    return st;
}

void mi_poly_init(mi_poly *P, uint32_t nvars)
{
    mi_init(&P->mons, nvars);
    P->coef = NULL;
}

void mi_poly_clear(gbc_ctx *ctx, mi_poly *P)
{
    mi_clear(ctx, &P->mons);
    gbc_free(ctx, P->coef);
    P->coef = NULL;
}

void mi_upoly_init(mi_upoly *P)
{
    P->n = 0;
    P->deg = NULL;
    P->coef = NULL;
    P->big = NULL;
}

void mi_upoly_clear(gbc_ctx *ctx, mi_upoly *P)
{
    if (P->big != NULL) {
        mpz_t *b = P->big;
        for (size_t i = 0; i < P->n; i++)
            mpz_clear(b[i]);
        gbc_free(ctx, P->big);
    }
    gbc_free(ctx, P->deg);
    gbc_free(ctx, P->coef);
    mi_upoly_init(P);
}

/* Sort terms (rows of P->mons with coefficients) canonically. */
typedef struct term_key {
    uint64_t deg;
    size_t i;
} term_key;

/* Increasing degree, then decreasing lex (arg: the monideal M holding the rows). */
static int term_cmp(const void *pa, const void *pb, void *arg)
{
    const term_key *a = pa, *b = pb;
    const monideal *M = arg;
    if (a->deg != b->deg)
        return a->deg < b->deg ? -1 : 1;
    const uint32_t *x = mi_row(M, a->i), *y = mi_row(M, b->i);
    for (uint32_t v = 0; v < M->nvars; v++)
        if (x[v] != y[v])
            return x[v] > y[v] ? -1 : 1;
    return 0;
}

gbc_status mi_hilbert_multi_opts(gbc_ctx *ctx, mi_poly *out, const monideal *I,
                                 const mi_hilbert_opts *opts, mi_hilbert_stats *stats)
{
    const uint32_t n = I->nvars;
    acc A;
    mi_ranks R;
    int bytes;
    gbc_status st = hilbert_run(ctx, I, 0, &A, &R, &bytes, opts, stats);
    monideal T;
    mi_init(&T, n);
    int64_t *tc = NULL, *pc = NULL;
    term_key *keys = NULL;
    mi_poly P;
    mi_poly_init(&P, n);
    if (st != GBC_OK)
        goto done;
    size_t nz = 0;
    const uint8_t *key;
    int64_t cf;
    for (size_t i = 0; i < A.tab.nslots; i++)
        nz += (size_t)mih_tt_entry(&A.tab, i, &key, &cf);
    GBC_CHECK(st, mi_reserve(ctx, &T, nz), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, tc, nz + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, keys, nz + 1), done);
    for (size_t i = 0; i < A.tab.nslots; i++) {
        if (!mih_tt_entry(&A.tab, i, &key, &cf))
            continue;
        uint32_t *r = mi_row(&T, T.n);
        if (bytes) {
            for (uint32_t v = 0; v < n; v++)
                r[v] = R.val[v][key[v]];
        } else if (n > 0) {
            memcpy(r, key, sizeof(uint32_t) * n);
        }
        keys[T.n].deg = mono_degree(r, n);
        keys[T.n].i = T.n;
        tc[T.n] = cf;
        T.n++;
    }
    GBC_CHECK(st, gbc_sort_cmp(ctx, keys, T.n, sizeof *keys, term_cmp, &T), done);
    GBC_CHECK(st, mi_reserve(ctx, &P.mons, T.n), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pc, T.n + 1), done);
    for (size_t i = 0; i < T.n; i++) {
        if (n > 0)
            memcpy(mi_row(&P.mons, i), mi_row(&T, keys[i].i), sizeof(uint32_t) * n);
        pc[i] = tc[keys[i].i];
    }
    P.mons.n = T.n;
    P.coef = pc;
    pc = NULL;
    mi_poly_clear(ctx, out);
    *out = P;
    mi_poly_init(&P, n);
done:
    gbc_free(ctx, tc);
    gbc_free(ctx, pc);
    gbc_free(ctx, keys);
    mi_clear(ctx, &T);
    mi_poly_clear(ctx, &P);
    mih_acc_clear(ctx, &A);
    mi_ranks_clear(ctx, &R);
    return st;
}

gbc_status mi_hilbert_multi_stats(gbc_ctx *ctx, mi_poly *out, const monideal *I,
                                  mi_hilbert_stats *stats)
{
    return mi_hilbert_multi_opts(ctx, out, I, NULL, stats);
}

gbc_status mi_hilbert_multi(gbc_ctx *ctx, mi_poly *out, const monideal *I)
{
    return mi_hilbert_multi_opts(ctx, out, I, NULL, NULL);
}

/* (degree, coefficient) pairs by increasing degree. */
static int cmp_deg(const void *a, const void *b, void *arg)
{
    (void)arg;
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Merge the spill of A into P (sorted, int64 coefficients, no big): the exact
 * coefficients, zeros dropped. When all fit in int64 P stays in that form;
 * otherwise GBC_ERR_OVERFLOW, or with exact set P->big receives them all. */
static gbc_status merge_spill(gbc_ctx *ctx, mi_upoly *P, const acc *A, int exact)
{
    size_t cap = P->n + A->wn + 1, m = 0;
    uint64_t *deg = NULL;
    mpz_t *c = NULL;
    int64_t *small = NULL;
    size_t inited = 0;
    int fits = 1;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ALLOC(ctx, deg, cap), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, c, cap), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, small, cap), done);
    for (; inited < cap; inited++)
        mpz_init(c[inited]);
    size_t a = 0, b = 0;
    while (a < P->n || b < A->wn) {
        uint64_t da = a < P->n ? P->deg[a] : UINT64_MAX;
        uint64_t db = b < A->wn ? A->wdeg[b] : UINT64_MAX;
        deg[m] = da < db ? da : db;
        mpz_set_ui(c[m], 0);
        if (da <= db)
            mih_mpz_add_i64(c[m], P->coef[a++]);
        if (db <= da)
            mpz_add(c[m], c[m], A->wval[b++]);
        if (mpz_sgn(c[m]) == 0)
            continue;
        if (!mih_mpz_to_i64(&small[m], c[m])) {
            small[m] = 0;
            fits = 0;
        }
        m++;
    }
    if (!fits && !exact) {
        st = GBC_ERR_OVERFLOW;
        goto done;
    }
    for (size_t i = m; i < inited; i++)
        mpz_clear(c[i]);
    inited = m;
    gbc_free(ctx, P->deg);
    gbc_free(ctx, P->coef);
    P->deg = deg;
    P->coef = small;
    P->n = m;
    deg = NULL;
    small = NULL;
    if (!fits) {
        P->big = c;
        c = NULL;
    }
done:
    if (c != NULL) {
        for (size_t i = 0; i < inited; i++)
            mpz_clear(c[i]);
        gbc_free(ctx, c);
    }
    gbc_free(ctx, deg);
    gbc_free(ctx, small);
    return st;
}

static gbc_status hilbert_uni(gbc_ctx *ctx, mi_upoly *out, const monideal *I,
                              const mi_hilbert_opts *opts, mi_hilbert_stats *stats, int exact)
{
    acc A;
    mi_ranks R;
    int bytes;
    gbc_status st = hilbert_run(ctx, I, 1, &A, &R, &bytes, opts, stats);
    mi_upoly P;
    mi_upoly_init(&P);
    if (st != GBC_OK)
        goto done;
    size_t nz = 0;
    if (A.dense != NULL) {
        for (uint64_t d = 0; d < A.dense_len; d++)
            nz += A.dense[d] != 0;
    } else {
        const uint8_t *key;
        int64_t cf;
        for (size_t i = 0; i < A.tab.nslots; i++)
            nz += (size_t)mih_tt_entry(&A.tab, i, &key, &cf);
    }
    GBC_CHECK(st, GBC_ALLOC(ctx, P.deg, nz + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, P.coef, nz + 1), done);
    if (A.dense != NULL) {
        for (uint64_t d = 0; d < A.dense_len; d++)
            if (A.dense[d] != 0) {
                P.deg[P.n] = d;
                P.coef[P.n++] = A.dense[d];
            }
    } else {
        uint64_t *pairs = NULL;
        GBC_CHECK(st, GBC_ALLOC(ctx, pairs, 2 * nz + 2), done);
        size_t m = 0;
        const uint8_t *key;
        int64_t cf;
        for (size_t i = 0; i < A.tab.nslots; i++)
            if (mih_tt_entry(&A.tab, i, &key, &cf)) {
                memcpy(&pairs[2 * m], key, 8);
                pairs[2 * m + 1] = (uint64_t)cf;
                m++;
            }
        st = gbc_sort_cmp(ctx, pairs, m, 2 * sizeof(uint64_t), cmp_deg, NULL);
        if (st == GBC_OK) {
            for (size_t i = 0; i < m; i++) {
                P.deg[i] = pairs[2 * i];
                P.coef[i] = (int64_t)pairs[2 * i + 1];
            }
            P.n = m;
        }
        gbc_free(ctx, pairs);
        if (st != GBC_OK)
            goto done;
    }
    if (A.wn > 0)
        GBC_CHECK(st, merge_spill(ctx, &P, &A, exact), done);
    mi_upoly_clear(ctx, out);
    *out = P;
    mi_upoly_init(&P);
done:
    mi_upoly_clear(ctx, &P);
    mih_acc_clear(ctx, &A);
    mi_ranks_clear(ctx, &R);
    return st;
}

gbc_status mi_hilbert_uni_stats(gbc_ctx *ctx, mi_upoly *out, const monideal *I,
                                mi_hilbert_stats *stats)
{
    return hilbert_uni(ctx, out, I, NULL, stats, 0);
}

gbc_status mi_hilbert_uni_opts(gbc_ctx *ctx, mi_upoly *out, const monideal *I,
                               const mi_hilbert_opts *opts, mi_hilbert_stats *stats)
{
    return hilbert_uni(ctx, out, I, opts, stats, 0);
}

gbc_status mi_hilbert_uni(gbc_ctx *ctx, mi_upoly *out, const monideal *I)
{
    return hilbert_uni(ctx, out, I, NULL, NULL, 0);
}

gbc_status mi_hilbert_uni_exact(gbc_ctx *ctx, mi_upoly *out, const monideal *I)
{
    return hilbert_uni(ctx, out, I, NULL, NULL, 1);
}

/* ------------------------------------------------------ dimension, degree -- */

gbc_status mi_dim_degree_from_hilbert(gbc_ctx *ctx, int64_t *dim, void *degree_mpz,
                                      const mi_upoly *N, uint32_t nvars)
{
    (void)ctx;
    if (N->n == 0) {
        if (dim)
            *dim = -1;
        if (degree_mpz)
            mpz_set_ui((mpz_ptr)degree_mpz, 0);
        return GBC_OK;
    }
    /* S_j = sum c_k * d_k (d_k - 1) ... (d_k - j + 1); the first j with S_j != 0
     * is the codimension c, and the degree is (-1)^c S_c / c!. */
    mpz_t s, f, t;
    mpz_inits(s, f, t, NULL);
    uint32_t c = 0;
    for (;; c++) {
        mpz_set_ui(s, 0);
        for (size_t i = 0; i < N->n; i++) {
            uint64_t d = N->deg[i];
            if (d < c)
                continue;
            if (N->big != NULL) {
                mpz_set(f, ((mpz_t *)N->big)[i]);
            } else {
                mpz_set_si(f, 0);
                mih_mpz_add_i64(f, N->coef[i]);
            }
            for (uint32_t j = 0; j < c; j++) {
                mpz_set_ui(t, (unsigned long)((d - j) >> 32));
                mpz_mul_2exp(t, t, 32);
                mpz_add_ui(t, t, (unsigned long)((d - j) & 0xffffffffu));
                mpz_mul(f, f, t);
            }
            mpz_add(s, s, f);
        }
        if (mpz_sgn(s) != 0 || c >= nvars)
            break;
    }
    GBC_ASSERT(mpz_sgn(s) != 0);
    if (dim)
        *dim = (int64_t)nvars - (int64_t)c;
    if (degree_mpz) {
        mpz_ptr deg = (mpz_ptr)degree_mpz;
        mpz_fac_ui(f, c);
        mpz_divexact(deg, s, f);
        if (c & 1)
            mpz_neg(deg, deg);
    }
    mpz_clears(s, f, t, NULL);
    return GBC_OK;
}

