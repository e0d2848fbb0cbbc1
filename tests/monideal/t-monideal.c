/* Tests for monideal/monideal: minimisation, membership and the ideal operations,
 * by algebraic identities on random ideals and by edge cases (zero ideal, unit
 * ideal, one variable, unused variables, duplicates, exponents near 2^32). */
#include <stdlib.h>

#include "monideal/monideal.h"
#include "mi_check.h"
#include "testutil.h"

static void push(monideal *I, const uint32_t *e)
{
    MI_ASSERT_INT_EQ(mi_push(NULL, I, e), GBC_OK);
}

/* A random ideal: k generators, exponents in [0, maxexp]. */
static void random_ideal(gbc_rng *r, monideal *I, uint32_t n, size_t k, uint32_t maxexp)
{
    mi_init(I, n);
    uint32_t e[16];
    for (size_t i = 0; i < k; i++) {
        for (uint32_t v = 0; v < n; v++)
            e[v] = gbc_rng_below(r, 3) == 0 ? 0 : (uint32_t)gbc_rng_below(r, maxexp + 1);
        push(I, e);
    }
}

/* Brute-force membership: is e divisible by some row? */
static int brute_contains(const monideal *I, const uint32_t *e)
{
    for (size_t i = 0; i < I->n; i++)
        if (mono_divides(mi_row(I, i), e, I->nvars))
            return 1;
    return 0;
}

/* Compare two ideals as sets of monomials on a box of test points. */
static void check_same_ideal_on_box(const monideal *a, const monideal *b, uint32_t top)
{
    uint32_t n = a->nvars, e[16];
    memset(e, 0, sizeof e);
    for (;;) {
        MI_ASSERT_INT_EQ(brute_contains(a, e), brute_contains(b, e));
        uint32_t v = 0;
        while (v < n && e[v] == top)
            e[v++] = 0;
        if (v == n)
            break;
        e[v]++;
    }
}

static int is_minimal(const monideal *I)
{
    for (size_t i = 0; i < I->n; i++)
        for (size_t j = 0; j < I->n; j++)
            if (i != j && mono_divides(mi_row(I, i), mi_row(I, j), I->nvars))
                return 0;
    return 1;
}

START_TEST(test_minimize_random)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    int reps = 60 * tu_mult();
    for (int t = 0; t < reps; t++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&r, 4);
        size_t k = (size_t)gbc_rng_below(&r, 120);
        monideal I, M;
        random_ideal(&r, &I, n, k, 4);
        mi_init(&M, n);
        MI_ASSERT_INT_EQ(mi_copy(NULL, &M, &I), GBC_OK);
        MI_ASSERT_INT_EQ(mi_minimize(NULL, &M), GBC_OK);
        MI_ASSERT(is_minimal(&M));
        check_same_ideal_on_box(&I, &M, 5);
        /* canonical: minimising a shuffled copy gives the same rows */
        monideal S;
        mi_init(&S, n);
        for (size_t i = I.n; i-- > 0;)
            push(&S, mi_row(&I, i));
        mi_minimize(NULL, &S);
        MI_ASSERT(mi_equal(&S, &M));
        mi_clear(NULL, &I);
        mi_clear(NULL, &M);
        mi_clear(NULL, &S);
    }
}
END_TEST

START_TEST(test_operations_random)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    int reps = 40 * tu_mult();
    for (int t = 0; t < reps; t++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&r, 3);
        monideal A, B, S, P, X, C, Rd, T;
        random_ideal(&r, &A, n, 1 + gbc_rng_below(&r, 8), 3);
        random_ideal(&r, &B, n, gbc_rng_below(&r, 8), 3);
        mi_minimize(NULL, &A);
        mi_minimize(NULL, &B);
        mi_init(&S, n);
        mi_init(&P, n);
        mi_init(&X, n);
        mi_init(&C, n);
        mi_init(&Rd, n);
        mi_init(&T, n);
        MI_ASSERT_INT_EQ(mi_sum(NULL, &S, &A, &B), GBC_OK);
        MI_ASSERT_INT_EQ(mi_product(NULL, &P, &A, &B), GBC_OK);
        MI_ASSERT_INT_EQ(mi_intersection(NULL, &X, &A, &B), GBC_OK);
        MI_ASSERT_INT_EQ(mi_colon(NULL, &C, &A, &B), GBC_OK);
        MI_ASSERT_INT_EQ(mi_radical(NULL, &Rd, &A), GBC_OK);
        MI_ASSERT(is_minimal(&S) && is_minimal(&P) && is_minimal(&X) && is_minimal(&C));
        uint32_t e[8], f[8];
        memset(e, 0, sizeof e);
        for (;;) {
            int a = brute_contains(&A, e), b = brute_contains(&B, e);
            MI_ASSERT_INT_EQ(brute_contains(&S, e), a || b);
            MI_ASSERT_INT_EQ(brute_contains(&X, e), a && b);
            MI_ASSERT_INT_EQ(mi_contains(&A, e), a);
            /* e in A:B iff e*g in A for every generator g of B */
            int col = 1;
            for (size_t j = 0; j < B.n && col; j++) {
                for (uint32_t v = 0; v < n; v++)
                    f[v] = e[v] + mi_row(&B, j)[v];
                col = brute_contains(&A, f);
            }
            MI_ASSERT_INT_EQ(brute_contains(&C, e), col);
            /* e in rad A iff e^3 in A (exponents <= 3 here) */
            for (uint32_t v = 0; v < n; v++)
                f[v] = 3 * e[v];
            MI_ASSERT_INT_EQ(brute_contains(&Rd, e), brute_contains(&A, f));
            uint32_t v = 0;
            while (v < n && e[v] == 6)
                e[v++] = 0;
            if (v == n)
                break;
            e[v]++;
        }
        /* the product's generators are products; every product of generators lies in it */
        for (size_t i = 0; i < A.n; i++)
            for (size_t j = 0; j < B.n; j++) {
                for (uint32_t v = 0; v < n; v++)
                    f[v] = mi_row(&A, i)[v] + mi_row(&B, j)[v];
                MI_ASSERT(mi_contains(&P, f));
            }
        for (size_t i = 0; i < P.n; i++) {
            int found = 0;
            for (size_t a = 0; a < A.n && !found; a++)
                for (size_t b = 0; b < B.n && !found; b++) {
                    int eq = 1;
                    for (uint32_t v = 0; v < n; v++)
                        eq &= mi_row(&P, i)[v] == mi_row(&A, a)[v] + mi_row(&B, b)[v];
                    found = eq;
                }
            MI_ASSERT(found);
        }
        /* I : m for a monomial, against the definition */
        uint32_t m[8];
        for (uint32_t v = 0; v < n; v++)
            m[v] = (uint32_t)gbc_rng_below(&r, 3);
        MI_ASSERT_INT_EQ(mi_colon_mono(NULL, &T, &A, m), GBC_OK);
        memset(e, 0, sizeof e);
        for (;;) {
            for (uint32_t v = 0; v < n; v++)
                f[v] = e[v] + m[v];
            MI_ASSERT_INT_EQ(brute_contains(&T, e), brute_contains(&A, f));
            uint32_t v = 0;
            while (v < n && e[v] == 5)
                e[v++] = 0;
            if (v == n)
                break;
            e[v]++;
        }
        mi_clear(NULL, &A);
        mi_clear(NULL, &B);
        mi_clear(NULL, &S);
        mi_clear(NULL, &P);
        mi_clear(NULL, &X);
        mi_clear(NULL, &C);
        mi_clear(NULL, &Rd);
        mi_clear(NULL, &T);
    }
}
END_TEST

START_TEST(test_edge_cases)
{
    /* zero ideal, unit ideal, duplicates, one variable, no variables */
    monideal Z, U, D, O, out;
    mi_init(&Z, 3);
    mi_init(&U, 3);
    mi_init(&out, 3);
    uint32_t zero[3] = {0, 0, 0}, a[3] = {1, 2, 0};
    push(&U, a);
    push(&U, zero);
    push(&U, a);
    mi_minimize(NULL, &U);
    MI_ASSERT(mi_is_unit(&U));
    mi_minimize(NULL, &Z);
    MI_ASSERT_UINT_EQ(Z.n, 0);
    MI_ASSERT(!mi_contains(&Z, zero));
    MI_ASSERT(mi_contains(&U, zero));
    /* Z : U = Z, U : Z = unit, Z + U = U, Z cap U = Z, Z * U = Z */
    MI_ASSERT_INT_EQ(mi_colon(NULL, &out, &Z, &U), GBC_OK);
    MI_ASSERT_UINT_EQ(out.n, 0);
    MI_ASSERT_INT_EQ(mi_colon(NULL, &out, &U, &Z), GBC_OK);
    MI_ASSERT(mi_is_unit(&out));
    MI_ASSERT_INT_EQ(mi_colon(NULL, &out, &Z, &Z), GBC_OK);
    MI_ASSERT(mi_is_unit(&out));
    MI_ASSERT_INT_EQ(mi_sum(NULL, &out, &Z, &U), GBC_OK);
    MI_ASSERT(mi_is_unit(&out));
    MI_ASSERT_INT_EQ(mi_intersection(NULL, &out, &Z, &U), GBC_OK);
    MI_ASSERT_UINT_EQ(out.n, 0);
    MI_ASSERT_INT_EQ(mi_product(NULL, &out, &Z, &U), GBC_OK);
    MI_ASSERT_UINT_EQ(out.n, 0);
    MI_ASSERT_INT_EQ(mi_radical(NULL, &out, &U), GBC_OK);
    MI_ASSERT(mi_is_unit(&out));
    /* duplicates and redundant generators */
    mi_init(&D, 3);
    uint32_t g1[3] = {1, 1, 0}, g2[3] = {2, 3, 0}, g3[3] = {0, 1, 2};
    push(&D, g2);
    push(&D, g1);
    push(&D, g1);
    push(&D, g3);
    push(&D, g2);
    mi_minimize(NULL, &D);
    MI_ASSERT_UINT_EQ(D.n, 2);
    /* one variable: <t^3> cap <t^5> = <t^5>, <t^3> + <t^5> = <t^3>, <t^5>:<t^3> = <t^2> */
    mi_init(&O, 1);
    monideal O2;
    mi_init(&O2, 1);
    uint32_t t3 = 3, t5 = 5;
    push(&O, &t3);
    push(&O2, &t5);
    MI_ASSERT_INT_EQ(mi_intersection(NULL, &out, &O, &O2), GBC_OK);
    MI_ASSERT_UINT_EQ(out.n, 1);
    MI_ASSERT_UINT_EQ(out.e[0], 5);
    MI_ASSERT_INT_EQ(mi_colon(NULL, &out, &O2, &O), GBC_OK);
    MI_ASSERT_UINT_EQ(out.e[0], 2);
    MI_ASSERT_INT_EQ(mi_product(NULL, &out, &O, &O2), GBC_OK);
    MI_ASSERT_UINT_EQ(out.e[0], 8);
    /* no variables: any generator makes the unit ideal */
    monideal N0, N1;
    mi_init(&N0, 0);
    mi_init(&N1, 0);
    MI_ASSERT_INT_EQ(mi_push(NULL, &N1, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(mi_minimize(NULL, &N1), GBC_OK);
    MI_ASSERT_UINT_EQ(N1.n, 1);
    monideal o0;
    mi_init(&o0, 0);
    MI_ASSERT_INT_EQ(mi_sum(NULL, &o0, &N0, &N1), GBC_OK);
    MI_ASSERT_UINT_EQ(o0.n, 1);
    MI_ASSERT_INT_EQ(mi_intersection(NULL, &o0, &N0, &N1), GBC_OK);
    MI_ASSERT_UINT_EQ(o0.n, 0);
    mi_clear(NULL, &o0);
    mi_clear(NULL, &N0);
    mi_clear(NULL, &N1);
    mi_clear(NULL, &Z);
    mi_clear(NULL, &U);
    mi_clear(NULL, &D);
    mi_clear(NULL, &O);
    mi_clear(NULL, &O2);
    mi_clear(NULL, &out);
}
END_TEST

START_TEST(test_large_exponents)
{
    const uint32_t big = (uint32_t)1 << 31;
    monideal A, B, out;
    mi_init(&A, 2);
    mi_init(&B, 2);
    mi_init(&out, 2);
    uint32_t a[2] = {big, 3}, b[2] = {big - 1, big + 5}, c[2] = {UINT32_MAX, 0};
    push(&A, a);
    push(&A, c);
    push(&B, b);
    mi_minimize(NULL, &A);
    MI_ASSERT_INT_EQ(mi_product(NULL, &out, &A, &B), GBC_ERR_OVERFLOW);
    /* a product that just fits */
    monideal C;
    mi_init(&C, 2);
    uint32_t d[2] = {big - 1, 0}, e[2] = {big, UINT32_MAX};
    push(&C, d);
    mi_clear(NULL, &B);
    mi_init(&B, 2);
    push(&B, e);
    MI_ASSERT_INT_EQ(mi_product(NULL, &out, &C, &B), GBC_OK);
    MI_ASSERT_UINT_EQ(out.n, 1);
    MI_ASSERT_UINT_EQ(out.e[0], UINT32_MAX);
    MI_ASSERT_UINT_EQ(out.e[1], UINT32_MAX);
    MI_ASSERT_INT_EQ(mi_intersection(NULL, &out, &A, &B), GBC_OK);
    MI_ASSERT_INT_EQ(mi_colon(NULL, &out, &A, &B), GBC_OK);
    /* A : B: x^{2^31} y^3 : x^{2^31} y^{2^32-1} = 1, so the unit ideal */
    MI_ASSERT(mi_is_unit(&out));
    mi_clear(NULL, &A);
    mi_clear(NULL, &B);
    mi_clear(NULL, &C);
    mi_clear(NULL, &out);
}
END_TEST

START_TEST(test_alloc_failures)
{
    /* every allocation failure of an intersection cleans up */
    gbc_rng r;
    gbc_rng_seed(&r, 77);
    monideal A, B;
    random_ideal(&r, &A, 4, 60, 5);
    random_ideal(&r, &B, 4, 60, 5);
    for (uint64_t fail = 1; fail < 400; fail++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.fail_at = fail;
        monideal out;
        mi_init(&out, 4);
        gbc_status st = mi_intersection(&ctx, &out, &A, &B);
        MI_ASSERT(st == GBC_OK || st == GBC_ERR_NOMEM);
        mi_clear(&ctx, &out);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
        if (st == GBC_OK && ctx.nalloc < fail)
            break;
    }
    mi_clear(NULL, &A);
    mi_clear(NULL, &B);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("monideal");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_minimize_random);
    tcase_add_test(tc, test_operations_random);
    tcase_add_test(tc, test_edge_cases);
    tcase_add_test(tc, test_large_exponents);
    tcase_add_test(tc, test_alloc_failures);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
