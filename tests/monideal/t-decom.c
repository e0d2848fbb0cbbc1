/* Tests for the slice algorithm and what follows from it (monideal/slice, decom):
 * the intersection of the irreducible components is the ideal and none is
 * redundant; the Alexander dual of the dual is the ideal; the associated primes
 * are the supports of the components; the maximal standard monomials are what
 * they claim; the dimension is n minus the smallest associated prime (and agrees
 * with the vertex-cover computation); the byte and the uint32 kernels agree. */
#include <stdlib.h>

#include "monideal/monideal.h"
#include "mi_check.h"
#include "testutil.h"

static void random_ideal(gbc_rng *r, monideal *I, uint32_t n, size_t k, uint32_t maxexp,
                         uint32_t zero_in)
{
    mi_init(I, n);
    uint32_t *e = malloc(sizeof(uint32_t) * (n ? n : 1));
    for (size_t i = 0; i < k; i++) {
        for (uint32_t v = 0; v < n; v++)
            e[v] = gbc_rng_below(r, zero_in) == 0 ? 0
                                                  : 1 + (uint32_t)gbc_rng_below(r, maxexp);
        MI_ASSERT_INT_EQ(mi_push(NULL, I, e), GBC_OK);
    }
    free(e);
}

/* The ideal <x_i^b_i : b_i > 0> of a component row. */
static void component_ideal(monideal *Q, const uint32_t *b, uint32_t n)
{
    mi_init(Q, n);
    uint32_t *e = calloc(n ? n : 1, sizeof *e);
    for (uint32_t v = 0; v < n; v++)
        if (b[v] != 0) {
            e[v] = b[v];
            mi_push(NULL, Q, e);
            e[v] = 0;
        }
    free(e);
}

/* Intersect the components of D (skipping index skip) into out. */
static void intersect_components(monideal *out, const monideal *D, size_t skip)
{
    uint32_t n = D->nvars;
    mi_init(out, n);
    uint32_t *z = calloc(n ? n : 1, sizeof *z);
    mi_push(NULL, out, z); /* the unit ideal, neutral for intersection */
    free(z);
    for (size_t j = 0; j < D->n; j++) {
        if (j == skip)
            continue;
        monideal Q, T;
        component_ideal(&Q, mi_row(D, j), n);
        mi_init(&T, n);
        MI_ASSERT_INT_EQ(mi_intersection(NULL, &T, out, &Q), GBC_OK);
        mi_swap(out, &T);
        mi_clear(NULL, &Q);
        mi_clear(NULL, &T);
    }
}

static void check_ideal(const monideal *I0, int check_redundancy)
{
    const uint32_t n = I0->nvars;
    monideal I, D, A, AA, P, M;
    mi_init(&I, n);
    mi_init(&D, n);
    mi_init(&A, n);
    mi_init(&AA, n);
    mi_init(&P, n);
    mi_init(&M, n);
    mi_copy(NULL, &I, I0);
    MI_ASSERT_INT_EQ(mi_minimize(NULL, &I), GBC_OK);
    MI_ASSERT_INT_EQ(mi_irrdecom(NULL, &D, &I), GBC_OK);
    /* the intersection of the components is I */
    monideal X;
    intersect_components(&X, &D, (size_t)-1);
    if (D.n == 0) {
        MI_ASSERT(mi_is_unit(&I));
    } else {
        MI_ASSERT(mi_equal(&X, &I));
    }
    mi_clear(NULL, &X);
    /* irredundant: dropping any component gives a larger ideal */
    if (check_redundancy && D.n > 1)
        for (size_t j = 0; j < D.n; j++) {
            intersect_components(&X, &D, j);
            MI_ASSERT(!mi_equal(&X, &I));
            mi_clear(NULL, &X);
        }
    /* the dual of the dual (w.r.t. the same point) is I */
    uint32_t *a = calloc(n ? n : 1, sizeof *a);
    mi_lcm(&I, a);
    MI_ASSERT_INT_EQ(mi_alexdual(NULL, &A, &I, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(mi_alexdual(NULL, &AA, &A, a), GBC_OK);
    {   /* the dual comes out minimal (it is not minimised after the fact) */
        monideal Am;
        mi_init(&Am, n);
        MI_ASSERT_INT_EQ(mi_copy(NULL, &Am, &A), GBC_OK);
        MI_ASSERT_INT_EQ(mi_minimize(NULL, &Am), GBC_OK);
        MI_ASSERT_UINT_EQ(Am.n, A.n);
        mi_clear(NULL, &Am);
    }
    MI_ASSERT(mi_equal(&AA, &I));
    MI_ASSERT_UINT_EQ(A.n, D.n);
    /* a point below the lcm is refused */
    for (uint32_t v = 0; v < n; v++)
        if (a[v] > 0) {
            a[v]--;
            MI_ASSERT_INT_EQ(mi_alexdual(NULL, &AA, &I, a), GBC_ERR_ARG);
            break;
        }
    free(a);
    /* associated primes: the distinct supports of the components */
    MI_ASSERT_INT_EQ(mi_assoprimes(NULL, &P, &I), GBC_OK);
    uint32_t minsupp = UINT32_MAX;
    for (size_t j = 0; j < D.n; j++) {
        int found = 0;
        uint32_t s = 0;
        for (uint32_t v = 0; v < n; v++)
            s += mi_row(&D, j)[v] != 0;
        for (size_t i = 0; i < P.n && !found; i++) {
            int eq = 1;
            for (uint32_t v = 0; v < n; v++)
                eq &= (mi_row(&D, j)[v] != 0) == (mi_row(&P, i)[v] != 0);
            found = eq;
        }
        MI_ASSERT(found);
        minsupp = s < minsupp ? s : minsupp;
    }
    for (size_t i = 0; i < P.n; i++)
        for (size_t k = i + 1; k < P.n; k++)
            MI_ASSERT(memcmp(mi_row(&P, i), mi_row(&P, k), sizeof(uint32_t) * n) != 0);
    /* dimension: n minus the smallest associated prime; three ways */
    int64_t dim_vc, dim_h;
    MI_ASSERT_INT_EQ(mi_dim(NULL, &dim_vc, &I), GBC_OK);
    mi_upoly N;
    mi_upoly_init(&N);
    MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &I), GBC_OK);
    MI_ASSERT_INT_EQ(mi_dim_degree_from_hilbert(NULL, &dim_h, NULL, &N, n), GBC_OK);
    mi_upoly_clear(NULL, &N);
    int64_t dim_p = D.n == 0 ? -1 : (int64_t)n - (int64_t)minsupp;
    MI_ASSERT_INT_EQ(dim_vc, dim_p);
    MI_ASSERT_INT_EQ(dim_h, dim_p);
    /* maximal standard monomials: not in I, every m x_i in I; as many as the
     * components with full support */
    MI_ASSERT_INT_EQ(mi_maxstandard(NULL, &M, &I), GBC_OK);
    size_t full = 0;
    for (size_t j = 0; j < D.n; j++) {
        int f = 1;
        for (uint32_t v = 0; v < n; v++)
            f &= mi_row(&D, j)[v] != 0;
        full += (size_t)f && n > 0;
    }
    if (n > 0)
        MI_ASSERT_UINT_EQ(M.n, full);
    uint32_t *e = malloc(sizeof(uint32_t) * (n ? n : 1));
    for (size_t i = 0; i < M.n; i++) {
        memcpy(e, mi_row(&M, i), sizeof(uint32_t) * n);
        MI_ASSERT(!mi_contains(&I, e));
        for (uint32_t v = 0; v < n; v++) {
            e[v]++;
            MI_ASSERT(mi_contains(&I, e));
            e[v]--;
        }
    }
    free(e);
    mi_clear(NULL, &I);
    mi_clear(NULL, &D);
    mi_clear(NULL, &A);
    mi_clear(NULL, &AA);
    mi_clear(NULL, &P);
    mi_clear(NULL, &M);
}

START_TEST(test_random_properties)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    int reps = 150 * tu_mult();
    for (int t = 0; t < reps; t++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&r, 6);
        size_t k = (size_t)gbc_rng_below(&r, 14);
        monideal I;
        random_ideal(&r, &I, n, k, 1 + (uint32_t)gbc_rng_below(&r, 5),
                     2 + (uint32_t)gbc_rng_below(&r, 3));
        check_ideal(&I, k < 9);
        mi_clear(NULL, &I);
    }
}
END_TEST

START_TEST(test_edge_cases)
{
    monideal I;
    /* zero ideal in 3 variables: one component (the zero ideal), dual = unit */
    mi_init(&I, 3);
    check_ideal(&I, 1);
    monideal D, A;
    mi_init(&D, 3);
    mi_init(&A, 3);
    mi_irrdecom(NULL, &D, &I);
    MI_ASSERT_UINT_EQ(D.n, 1);
    MI_ASSERT_UINT_EQ(D.e[0] + D.e[1] + D.e[2], 0);
    mi_alexdual(NULL, &A, &I, NULL);
    MI_ASSERT(mi_is_unit(&A));
    /* unit ideal: no component, dual = zero ideal */
    uint32_t z[3] = {0, 0, 0};
    mi_push(NULL, &I, z);
    check_ideal(&I, 1);
    mi_irrdecom(NULL, &D, &I);
    MI_ASSERT_UINT_EQ(D.n, 0);
    mi_alexdual(NULL, &A, &I, NULL);
    MI_ASSERT_UINT_EQ(A.n, 0);
    mi_clear(NULL, &I);
    /* one variable */
    mi_init(&I, 1);
    uint32_t t7 = 7;
    mi_push(NULL, &I, &t7);
    check_ideal(&I, 1);
    monideal M;
    mi_init(&M, 1);
    mi_maxstandard(NULL, &M, &I);
    MI_ASSERT_UINT_EQ(M.n, 1);
    MI_ASSERT_UINT_EQ(M.e[0], 6);
    mi_clear(NULL, &I);
    mi_clear(NULL, &M);
    /* no variables: the zero ideal has the one (empty) component */
    monideal Z;
    mi_init(&Z, 0);
    monideal DZ;
    mi_init(&DZ, 0);
    MI_ASSERT_INT_EQ(mi_irrdecom(NULL, &DZ, &Z), GBC_OK);
    MI_ASSERT_UINT_EQ(DZ.n, 1);
    mi_clear(NULL, &DZ);
    mi_clear(NULL, &Z);
    /* unused variables and redundant generators */
    mi_init(&I, 5);
    uint32_t g[][5] = {{0, 2, 0, 0, 0}, {0, 1, 1, 0, 0}, {0, 2, 3, 0, 0}, {0, 1, 1, 0, 0},
                       {0, 0, 4, 0, 0}};
    for (int i = 0; i < 5; i++)
        mi_push(NULL, &I, g[i]);
    check_ideal(&I, 1);
    mi_clear(NULL, &I);
    mi_clear(NULL, &D);
    mi_clear(NULL, &A);
}
END_TEST

/* Exponents near 2^31 and 2^32 - 1: compressed to ranks, results map back. */
START_TEST(test_large_exponents)
{
    const uint32_t big = (uint32_t)1 << 31;
    monideal I, D, A, M;
    mi_init(&I, 3);
    mi_init(&D, 3);
    mi_init(&A, 3);
    mi_init(&M, 3);
    uint32_t g[][3] = {{UINT32_MAX, 0, 0}, {0, big, 0}, {0, 0, big + 7}, {big, big - 1, 1}};
    for (int i = 0; i < 4; i++)
        mi_push(NULL, &I, g[i]);
    mi_minimize(NULL, &I);
    check_ideal(&I, 1);
    MI_ASSERT_INT_EQ(mi_maxstandard(NULL, &M, &I), GBC_OK);
    /* msm: the corners; all of them below the pure powers */
    for (size_t i = 0; i < M.n; i++) {
        ck_assert_uint_lt(mi_row(&M, i)[0], UINT32_MAX);
        ck_assert_uint_lt(mi_row(&M, i)[1], big);
    }
    MI_ASSERT_INT_EQ(mi_alexdual(NULL, &A, &I, NULL), GBC_OK);
    /* dual w.r.t. the top point: exponents a_i + 1 - b_i never overflow */
    uint32_t top[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
    MI_ASSERT_INT_EQ(mi_alexdual(NULL, &A, &I, top), GBC_OK);
    monideal AA;
    mi_init(&AA, 3);
    MI_ASSERT_INT_EQ(mi_alexdual(NULL, &AA, &A, top), GBC_OK);
    MI_ASSERT(mi_equal(&AA, &I));
    mi_clear(NULL, &AA);
    mi_clear(NULL, &I);
    mi_clear(NULL, &D);
    mi_clear(NULL, &A);
    mi_clear(NULL, &M);
}
END_TEST

/* Collect msm rows. */
static gbc_status collect(void *data, const uint32_t *m)
{
    return mi_push(NULL, data, m);
}

/* The two slice kernels agree: the byte kernel on ranks and the uint32 kernel on
 * the ideal with exponents scaled by 300 (msm(cI) = c (msm(I) + 1) - 1), and the
 * uint32 kernel on more than 64 variables. */
START_TEST(test_kernels_agree)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 5);
    int reps = 40 * tu_mult();
    for (int t = 0; t < reps; t++) {
        uint32_t n = 2 + (uint32_t)gbc_rng_below(&r, 6);
        monideal I, S, M1, M2;
        random_ideal(&r, &I, n, 3 + gbc_rng_below(&r, 16), 5, 3);
        mi_minimize(NULL, &I);
        mi_init(&S, n);
        mi_copy(NULL, &S, &I);
        for (size_t i = 0; i < S.n * n; i++)
            S.e[i] *= 300;
        mi_init(&M1, n);
        mi_init(&M2, n);
        MI_ASSERT_INT_EQ(mi_msm(NULL, &I, collect, &M1), GBC_OK);
        MI_ASSERT_INT_EQ(mi_msm_ranked(NULL, &S, collect, &M2, NULL), GBC_OK);
        for (size_t i = 0; i < M1.n * n; i++)
            M1.e[i] = 300 * (M1.e[i] + 1) - 1;
        mi_sort_canonical(NULL, &M1);
        mi_sort_canonical(NULL, &M2);
        MI_ASSERT(mi_equal(&M1, &M2));
        mi_clear(NULL, &I);
        mi_clear(NULL, &S);
        mi_clear(NULL, &M1);
        mi_clear(NULL, &M2);
    }
    /* 70 variables (the uint32 kernel), checked by the properties */
    monideal C;
    mi_init(&C, 70);
    uint32_t e[70];
    for (uint32_t i = 0; i < 24; i += 2) {
        memset(e, 0, sizeof e);
        e[i] = 1;
        e[i + 1] = 2;
        e[i + 2] = 1;
        mi_push(NULL, &C, e);
    }
    e[69] = 3; /* one more generator in the last variable */
    mi_push(NULL, &C, e);
    check_ideal(&C, 0);
    mi_clear(NULL, &C);
}
END_TEST

START_TEST(test_alloc_failures)
{
    gbc_rng r;
    gbc_rng_seed(&r, 99);
    monideal I;
    random_ideal(&r, &I, 5, 25, 4, 3);
    for (uint64_t fail = 1; fail < 200; fail++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.fail_at = fail;
        monideal D;
        mi_init(&D, 5);
        gbc_status st = mi_irrdecom(&ctx, &D, &I);
        MI_ASSERT(st == GBC_OK || st == GBC_ERR_NOMEM);
        mi_clear(&ctx, &D);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
        mi_init(&D, 5);
        st = mi_assoprimes(&ctx, &D, &I);
        MI_ASSERT(st == GBC_OK || st == GBC_ERR_NOMEM);
        mi_clear(&ctx, &D);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
    }
    mi_clear(NULL, &I);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("decom");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_random_properties);
    tcase_add_test(tc, test_edge_cases);
    tcase_add_test(tc, test_large_exponents);
    tcase_add_test(tc, test_kernels_agree);
    tcase_add_test(tc, test_alloc_failures);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
