/* Tests for monideal/hilbert: the pivot identity H(I) = H(I + <m>) + x^m H(I : m)
 * for the multigraded and univariate numerators on random ideals, the byte and the
 * uint32 kernels against each other, dimension and degree (the degree of a
 * zero-dimensional ideal counted by brute force), and edge cases: zero and unit
 * ideals, one variable, unused variables, exponents near 2^31, 70 variables. */
#include <gmp.h>
#include <stdlib.h>

#include "monideal/monideal.h"
#include "mi_check.h"
#include "testutil.h"

static void random_ideal(gbc_rng *r, monideal *I, uint32_t n, size_t k, uint32_t maxexp)
{
    mi_init(I, n);
    uint32_t *e = malloc(sizeof(uint32_t) * (n ? n : 1));
    for (size_t i = 0; i < k; i++) {
        for (uint32_t v = 0; v < n; v++)
            e[v] = gbc_rng_below(r, 3) == 0 ? 0 : (uint32_t)gbc_rng_below(r, maxexp + 1);
        mi_push(NULL, I, e);
    }
    free(e);
}

/* A multigraded polynomial as a map: add c x^e to P (rows + coefficients). */
typedef struct mpoly {
    monideal m;
    int64_t *c;
    size_t cap;
} mpoly;

static void mp_init(mpoly *P, uint32_t n)
{
    mi_init(&P->m, n);
    P->c = NULL;
    P->cap = 0;
}

static void mp_clear(mpoly *P)
{
    mi_clear(NULL, &P->m);
    free(P->c);
}

static void mp_add(mpoly *P, const uint32_t *e, int64_t c)
{
    uint32_t n = P->m.nvars;
    for (size_t i = 0; i < P->m.n; i++)
        if (n == 0 || memcmp(mi_row(&P->m, i), e, sizeof(uint32_t) * n) == 0) {
            P->c[i] += c;
            return;
        }
    if (P->m.n == P->cap) {
        P->cap = P->cap ? 2 * P->cap : 16;
        P->c = realloc(P->c, sizeof(int64_t) * P->cap);
    }
    P->c[P->m.n] = c;
    mi_push(NULL, &P->m, e);
}

static int64_t mp_get(const mpoly *P, const uint32_t *e)
{
    uint32_t n = P->m.nvars;
    for (size_t i = 0; i < P->m.n; i++)
        if (n == 0 || memcmp(mi_row(&P->m, i), e, sizeof(uint32_t) * n) == 0)
            return P->c[i];
    return 0;
}

/* Whether P equals the sum of Q and x^s R, term by term. */
static void check_mg_identity(const mi_poly *P, const mi_poly *Q, const mi_poly *R,
                              const uint32_t *s, uint32_t n)
{
    mpoly acc;
    mp_init(&acc, n);
    uint32_t *e = malloc(sizeof(uint32_t) * (n ? n : 1));
    for (size_t i = 0; i < Q->mons.n; i++)
        mp_add(&acc, mi_row(&Q->mons, i), Q->coef[i]);
    for (size_t i = 0; i < R->mons.n; i++) {
        for (uint32_t v = 0; v < n; v++)
            e[v] = mi_row(&R->mons, i)[v] + s[v];
        mp_add(&acc, e, R->coef[i]);
    }
    for (size_t i = 0; i < P->mons.n; i++)
        mp_add(&acc, mi_row(&P->mons, i), -P->coef[i]);
    for (size_t i = 0; i < acc.m.n; i++)
        MI_ASSERT_INT_EQ(acc.c[i], 0);
    free(e);
    mp_clear(&acc);
}

static int64_t uni_get(const mi_upoly *P, uint64_t d)
{
    for (size_t i = 0; i < P->n; i++)
        if (P->deg[i] == d)
            return P->coef[i];
    return 0;
}

START_TEST(test_pivot_identity)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    int reps = 100 * tu_mult();
    for (int t = 0; t < reps; t++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&r, 5);
        monideal I, Im, Ic, M;
        random_ideal(&r, &I, n, gbc_rng_below(&r, 12), 4);
        mi_minimize(NULL, &I);
        uint32_t m[8];
        for (uint32_t v = 0; v < n; v++)
            m[v] = (uint32_t)gbc_rng_below(&r, 4);
        mi_init(&M, n);
        mi_push(NULL, &M, m);
        mi_init(&Im, n);
        mi_init(&Ic, n);
        MI_ASSERT_INT_EQ(mi_sum(NULL, &Im, &I, &M), GBC_OK);
        MI_ASSERT_INT_EQ(mi_colon_mono(NULL, &Ic, &I, m), GBC_OK);
        mi_poly P, Q, R;
        mi_poly_init(&P, n);
        mi_poly_init(&Q, n);
        mi_poly_init(&R, n);
        MI_ASSERT_INT_EQ(mi_hilbert_multi(NULL, &P, &I), GBC_OK);
        MI_ASSERT_INT_EQ(mi_hilbert_multi(NULL, &Q, &Im), GBC_OK);
        MI_ASSERT_INT_EQ(mi_hilbert_multi(NULL, &R, &Ic), GBC_OK);
        check_mg_identity(&P, &Q, &R, m, n);
        mi_upoly U, V, W;
        mi_upoly_init(&U);
        mi_upoly_init(&V);
        mi_upoly_init(&W);
        MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &U, &I), GBC_OK);
        MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &V, &Im), GBC_OK);
        MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &W, &Ic), GBC_OK);
        uint64_t dm = mono_degree(m, n);
        for (uint64_t d = 0; d < 200; d++) {
            int64_t rhs = uni_get(&V, d) + (d >= dm ? uni_get(&W, d - dm) : 0);
            MI_ASSERT_INT_EQ(uni_get(&U, d), rhs);
        }
        /* the univariate numerator is the multigraded one at x_i = t */
        for (uint64_t d = 0; d < 200; d++) {
            int64_t s = 0;
            for (size_t i = 0; i < P.mons.n; i++)
                if (mono_degree(mi_row(&P.mons, i), n) == d)
                    s += P.coef[i];
            MI_ASSERT_INT_EQ(uni_get(&U, d), s);
        }
        mi_upoly_clear(NULL, &U);
        mi_upoly_clear(NULL, &V);
        mi_upoly_clear(NULL, &W);
        mi_poly_clear(NULL, &P);
        mi_poly_clear(NULL, &Q);
        mi_poly_clear(NULL, &R);
        mi_clear(NULL, &I);
        mi_clear(NULL, &Im);
        mi_clear(NULL, &Ic);
        mi_clear(NULL, &M);
    }
}
END_TEST

/* Degree of a zero-dimensional ideal: the number of standard monomials. */
START_TEST(test_degree_counts_standard_monomials)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    int reps = 60 * tu_mult();
    mpz_t deg;
    mpz_init(deg);
    for (int t = 0; t < reps; t++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&r, 4);
        monideal I;
        random_ideal(&r, &I, n, gbc_rng_below(&r, 8), 5);
        uint32_t e[8] = {0};
        for (uint32_t v = 0; v < n; v++) { /* make it artinian */
            memset(e, 0, sizeof e);
            e[v] = 1 + (uint32_t)gbc_rng_below(&r, 6);
            mi_push(NULL, &I, e);
        }
        mi_minimize(NULL, &I);
        mi_upoly N;
        mi_upoly_init(&N);
        MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &I), GBC_OK);
        int64_t dim;
        MI_ASSERT_INT_EQ(mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, n), GBC_OK);
        MI_ASSERT_INT_EQ(dim, mi_is_unit(&I) ? -1 : 0);
        unsigned long count = 0;
        memset(e, 0, sizeof e);
        for (;;) {
            count += !mi_contains(&I, e);
            uint32_t v = 0;
            while (v < n && e[v] == 6)
                e[v++] = 0;
            if (v == n)
                break;
            e[v]++;
        }
        MI_ASSERT_INT_EQ(mpz_cmp_ui(deg, count), 0);
        mi_upoly_clear(NULL, &N);
        mi_clear(NULL, &I);
    }
    mpz_clear(deg);
}
END_TEST

/* The byte kernel (ranks) and the uint32 kernel (exponents scaled past 255):
 * N_{cI}(x) = N_I(x^c). */
START_TEST(test_kernels_agree)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    int reps = 40 * tu_mult();
    for (int t = 0; t < reps; t++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&r, 6);
        monideal I, S;
        random_ideal(&r, &I, n, gbc_rng_below(&r, 14), 5);
        mi_init(&S, n);
        mi_copy(NULL, &S, &I);
        /* 300 distinct exponent values in variable 0 force the uint32 kernel */
        for (size_t i = 0; i < S.n * n; i++)
            S.e[i] *= 300;
        uint32_t *e = calloc(n, sizeof *e);
        for (uint32_t j = 0; j < 300; j++) {
            e[0] = 300 * 7 + j;
            if (n > 1)
                e[1] = 1000000 - j; /* an antichain far out: no effect below it */
            mi_push(NULL, &S, e);
        }
        free(e);
        mi_poly P, Q;
        mi_poly_init(&P, n);
        mi_poly_init(&Q, n);
        MI_ASSERT_INT_EQ(mi_hilbert_multi(NULL, &P, &I), GBC_OK);
        MI_ASSERT_INT_EQ(mi_hilbert_multi(NULL, &Q, &S), GBC_OK);
        /* every term of N_I scaled appears in N_S with the same coefficient */
        mpoly q;
        mp_init(&q, n);
        for (size_t i = 0; i < Q.mons.n; i++)
            mp_add(&q, mi_row(&Q.mons, i), Q.coef[i]);
        uint32_t *x = malloc(sizeof(uint32_t) * n);
        for (size_t i = 0; i < P.mons.n; i++) {
            for (uint32_t v = 0; v < n; v++)
                x[v] = 300 * mi_row(&P.mons, i)[v];
            int below = 1; /* terms below the added generators are unaffected */
            for (uint32_t v = 0; v < n; v++)
                below &= x[v] < 300 * 7;
            if (below)
                MI_ASSERT_INT_EQ(mp_get(&q, x), P.coef[i]);
        }
        free(x);
        mp_clear(&q);
        mi_poly_clear(NULL, &P);
        mi_poly_clear(NULL, &Q);
        mi_clear(NULL, &I);
        mi_clear(NULL, &S);
    }
}
END_TEST

START_TEST(test_edge_cases)
{
    mpz_t deg;
    mpz_init(deg);
    int64_t dim;
    mi_upoly N;
    mi_upoly_init(&N);
    /* zero ideal: N = 1, dim n, degree 1 */
    monideal Z;
    mi_init(&Z, 4);
    MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &Z), GBC_OK);
    MI_ASSERT_UINT_EQ(N.n, 1);
    MI_ASSERT_INT_EQ(N.coef[0], 1);
    MI_ASSERT_INT_EQ(mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, 4), GBC_OK);
    MI_ASSERT_INT_EQ(dim, 4);
    MI_ASSERT_INT_EQ(mpz_cmp_ui(deg, 1), 0);
    MI_ASSERT_INT_EQ(mi_dim(NULL, &dim, &Z), GBC_OK);
    MI_ASSERT_INT_EQ(dim, 4);
    /* unit ideal: N = 0, dim -1, degree 0 */
    uint32_t z[4] = {0, 0, 0, 0};
    mi_push(NULL, &Z, z);
    MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &Z), GBC_OK);
    MI_ASSERT_UINT_EQ(N.n, 0);
    MI_ASSERT_INT_EQ(mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, 4), GBC_OK);
    MI_ASSERT_INT_EQ(dim, -1);
    MI_ASSERT_INT_EQ(mpz_sgn(deg), 0);
    MI_ASSERT_INT_EQ(mi_dim(NULL, &dim, &Z), GBC_OK);
    MI_ASSERT_INT_EQ(dim, -1);
    mi_poly P;
    mi_poly_init(&P, 4);
    MI_ASSERT_INT_EQ(mi_hilbert_multi(NULL, &P, &Z), GBC_OK);
    MI_ASSERT_UINT_EQ(P.mons.n, 0);
    mi_poly_clear(NULL, &P);
    mi_clear(NULL, &Z);
    /* one variable: <t^7>: 1 - t^7, degree 7 */
    monideal O;
    mi_init(&O, 1);
    uint32_t s7 = 7;
    mi_push(NULL, &O, &s7);
    MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &O), GBC_OK);
    MI_ASSERT_UINT_EQ(N.n, 2);
    MI_ASSERT_UINT_EQ(N.deg[1], 7);
    MI_ASSERT_INT_EQ(N.coef[1], -1);
    mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, 1);
    MI_ASSERT_INT_EQ(dim, 0);
    MI_ASSERT_INT_EQ(mpz_cmp_ui(deg, 7), 0);
    mi_clear(NULL, &O);
    /* unused variables: <x^2, x y> in k[w,x,y,z]: dim 3, degree 1 */
    monideal U;
    mi_init(&U, 4);
    uint32_t a[4] = {0, 2, 0, 0}, b[4] = {0, 1, 1, 0};
    mi_push(NULL, &U, a);
    mi_push(NULL, &U, b);
    mi_hilbert_uni(NULL, &N, &U);
    mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, 4);
    MI_ASSERT_INT_EQ(dim, 3);
    MI_ASSERT_INT_EQ(mpz_cmp_ui(deg, 1), 0);
    mi_clear(NULL, &U);
    /* exponents near 2^31: <x^(2^31), y^(2^31+5), z^(2^31-1)>: N has degrees past
     * 2^32 (a sparse accumulator) and the degree (2^31)(2^31+5)(2^31-1) ~ 2^93 */
    const uint32_t big = (uint32_t)1 << 31;
    monideal L;
    mi_init(&L, 3);
    uint32_t p1[3] = {big, 0, 0}, p2[3] = {0, big + 5, 0}, p3[3] = {0, 0, big - 1};
    mi_push(NULL, &L, p1);
    mi_push(NULL, &L, p2);
    mi_push(NULL, &L, p3);
    MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &L), GBC_OK);
    MI_ASSERT_UINT_EQ(N.n, 8);
    MI_ASSERT_UINT_EQ(N.deg[7], (uint64_t)big + big + 5 + big - 1);
    MI_ASSERT_INT_EQ(N.coef[7], -1);
    mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, 3);
    MI_ASSERT_INT_EQ(dim, 0);
    mpz_t want;
    mpz_init_set_ui(want, big);
    mpz_mul_ui(want, want, (unsigned long)big + 5);
    mpz_mul_ui(want, want, (unsigned long)big - 1);
    MI_ASSERT_INT_EQ(mpz_cmp(deg, want), 0);
    mpz_clear(want);
    MI_ASSERT_INT_EQ(mi_hilbert_multi(NULL, &P, &L), GBC_OK);
    MI_ASSERT_UINT_EQ(P.mons.n, 8);
    mi_poly_clear(NULL, &P);
    mi_clear(NULL, &L);
    /* 70 variables, pure powers of 30 of them plus a mixed generator */
    monideal W;
    mi_init(&W, 70);
    uint32_t e[70];
    for (uint32_t v = 0; v < 30; v++) {
        memset(e, 0, sizeof e);
        e[2 * v] = 2;
        mi_push(NULL, &W, e);
    }
    memset(e, 0, sizeof e);
    e[1] = e[3] = e[69] = 1;
    mi_push(NULL, &W, e);
    MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &W), GBC_OK);
    mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, 70);
    int64_t dim2;
    mi_dim(NULL, &dim2, &W);
    MI_ASSERT_INT_EQ(dim, dim2);
    MI_ASSERT_INT_EQ(dim, 70 - 31);
    /* degree: 2^30 times the degree of <x1 x3 x69> in the rest = 3 * 2^30 */
    MI_ASSERT_INT_EQ(mpz_cmp_ui(deg, 3ul << 30), 0);
    mi_clear(NULL, &W);
    mi_upoly_clear(NULL, &N);
    mpz_clear(deg);
}
END_TEST

START_TEST(test_alloc_failures)
{
    gbc_rng r;
    gbc_rng_seed(&r, 31);
    monideal I;
    random_ideal(&r, &I, 5, 30, 5);
    for (uint64_t fail = 1; fail < 150; fail++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.fail_at = fail;
        mi_poly P;
        mi_poly_init(&P, 5);
        gbc_status st = mi_hilbert_multi(&ctx, &P, &I);
        MI_ASSERT(st == GBC_OK || st == GBC_ERR_NOMEM);
        mi_poly_clear(&ctx, &P);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
        mi_upoly U;
        mi_upoly_init(&U);
        st = mi_hilbert_uni(&ctx, &U, &I);
        MI_ASSERT(st == GBC_OK || st == GBC_ERR_NOMEM);
        mi_upoly_clear(&ctx, &U);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
    }
    mi_clear(NULL, &I);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("hilbert");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_pivot_identity);
    tcase_add_test(tc, test_degree_counts_standard_monomials);
    tcase_add_test(tc, test_kernels_agree);
    tcase_add_test(tc, test_edge_cases);
    tcase_add_test(tc, test_alloc_failures);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
