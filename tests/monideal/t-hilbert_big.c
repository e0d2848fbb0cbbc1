/* Tests for the exact univariate Hilbert numerator when its coefficients exceed
 * int64: the ideals of all x_i x_j (i < j, and i <= j) in 64, 70 and 100
 * variables, whose numerators have coefficients beyond 2^63. */
#include <gmp.h>
#include <stdlib.h>

#include "monideal/monideal.h"
#include "mi_check.h"
#include "testutil.h"

/* <x_i x_j : i < j> (squares = 0) or <x_i x_j : i <= j> (squares = 1). */
static void quadrics(monideal *I, uint32_t n, int squares)
{
    mi_init(I, n);
    uint32_t *e = calloc(n, sizeof(uint32_t));
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = squares ? i : i + 1; j < n; j++) {
            e[i]++;
            e[j]++;
            mi_push(NULL, I, e);
            e[i] = e[j] = 0;
        }
    free(e);
}

/* The expected numerator as a dense mpz array of length n + 2, from the standard
 * monomials: R/I has basis 1, x_1..x_n and (i < j only) the powers x_i^k, so
 * H = 1 + n t / (1 - t) and N = (1-t)^n + n t (1-t)^(n-1) (dim 1, degree n), or
 * H = 1 + n t and N = (1-t)^n (1 + n t) (dim 0, degree n + 1). */
static mpz_t *expected(uint32_t n, int squares)
{
    mpz_t *c = malloc(sizeof(mpz_t) * (n + 2));
    for (uint32_t k = 0; k < n + 2; k++)
        mpz_init(c[k]);
    mpz_t b;
    mpz_init(b);
    for (uint32_t k = 0; k <= n; k++) { /* (1-t)^n */
        mpz_bin_uiui(b, n, k);
        if (k & 1)
            mpz_sub(c[k], c[k], b);
        else
            mpz_add(c[k], c[k], b);
    }
    for (uint32_t k = 0; k + 1 <= n + 1; k++) {
        /* n t * (1-t)^(n-1) or n t * (1-t)^n: coefficient of t^(k+1) */
        uint32_t m = squares ? n : n - 1;
        if (k > m)
            continue;
        mpz_bin_uiui(b, m, k);
        mpz_mul_ui(b, b, n);
        if (k & 1)
            mpz_sub(c[k + 1], c[k + 1], b);
        else
            mpz_add(c[k + 1], c[k + 1], b);
    }
    mpz_clear(b);
    return c;
}

static void check_one(uint32_t n, int squares)
{
    monideal I;
    quadrics(&I, n, squares);
    mi_upoly N;
    mi_upoly_init(&N);

    /* the int64 interface refuses it as an overflow rather than wrapping */
    MI_ASSERT_INT_EQ(mi_hilbert_uni(NULL, &N, &I), GBC_ERR_OVERFLOW);
    MI_ASSERT(N.n == 0);

    MI_ASSERT_INT_EQ(mi_hilbert_uni_exact(NULL, &N, &I), GBC_OK);
    MI_ASSERT(N.big != NULL); /* some coefficient is beyond int64 */
    mpz_t *B = N.big;

    /* the numerator term by term against the standard-monomial count */
    mpz_t *E = expected(n, squares);
    size_t t = 0;
    for (uint64_t k = 0; k < n + 2; k++) {
        if (mpz_sgn(E[k]) == 0)
            continue;
        MI_ASSERT(t < N.n);
        MI_ASSERT(N.deg[t] == k);
        MI_ASSERT(mpz_cmp(B[t], E[k]) == 0);
        t++;
    }
    MI_ASSERT(t == N.n);

    /* N(1) = 0 since dim < n; N / (1-t)^(n-dim) evaluated at 1 is the degree */
    int64_t dim = -2;
    mpz_t deg, s;
    mpz_inits(deg, s, NULL);
    MI_ASSERT_INT_EQ(mi_dim_degree_from_hilbert(NULL, &dim, deg, &N, n), GBC_OK);
    MI_ASSERT_INT_EQ(dim, squares ? 0 : 1);
    MI_ASSERT(mpz_cmp_ui(deg, squares ? n + 1 : n) == 0);
    int64_t dim2 = -2;
    MI_ASSERT_INT_EQ(mi_dim(NULL, &dim2, &I), GBC_OK);
    MI_ASSERT_INT_EQ(dim2, dim);
    for (size_t i = 0; i < N.n; i++)
        mpz_add(s, s, B[i]);
    MI_ASSERT(mpz_sgn(s) == 0);
    /* divide the dense numerator by (1 - t) n - dim times: no remainder, and the
     * quotient at t = 1 is the degree */
    uint32_t len = n + 2;
    for (int64_t r = 0; r < (int64_t)n - dim; r++) {
        /* Q(t) = N(t) / (1 - t): q_k = sum_{j <= k} n_j; the remainder is the full sum */
        for (uint32_t k = 1; k < len; k++)
            mpz_add(E[k], E[k], E[k - 1]);
        MI_ASSERT(mpz_sgn(E[len - 1]) == 0);
        len--;
    }
    mpz_set_ui(s, 0);
    for (uint32_t k = 0; k < len; k++)
        mpz_add(s, s, E[k]);
    MI_ASSERT(mpz_cmp(s, deg) == 0);

    for (uint32_t k = 0; k < n + 2; k++)
        mpz_clear(E[k]);
    free(E);
    mpz_clears(deg, s, NULL);
    mi_upoly_clear(NULL, &N);
    mi_clear(NULL, &I);
}

START_TEST(test_quadrics)
{
    const uint32_t ns[] = {64, 70, 100};
    for (size_t i = 0; i < 3; i++)
        for (int sq = 0; sq < 2; sq++)
            check_one(ns[i], sq);
}
END_TEST

/* Allocations of the exact path failed in turn (the spill table, the GMP
 * product, the merge; every one of the first 64, then a sparser sample to keep
 * the run short): NOMEM and nothing leaked, or the right numerator. */
START_TEST(test_alloc_failures)
{
    const uint32_t ns[] = {64, 70};
    for (size_t i = 0; i < 2; i++) {
        uint32_t n = ns[i];
        monideal I;
        quadrics(&I, n, 0);
        mpz_t *E = expected(n, 0);
        int done = 0;
        for (uint64_t fail = 1; !done; fail += fail < 64 ? 1 : 1 + fail / 16) {
            MI_ASSERT(fail < 100000);
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ctx.fail_at = fail;
            mi_upoly N;
            mi_upoly_init(&N);
            gbc_status st = mi_hilbert_uni_exact(&ctx, &N, &I);
            MI_ASSERT(st == GBC_OK || st == GBC_ERR_NOMEM);
            if (st == GBC_OK) {
                done = 1;
                MI_ASSERT(N.big != NULL);
                size_t t = 0;
                for (uint32_t k = 0; k < n + 2; k++) {
                    if (mpz_sgn(E[k]) == 0)
                        continue;
                    MI_ASSERT(t < N.n && N.deg[t] == k);
                    MI_ASSERT(mpz_cmp(((mpz_t *)N.big)[t], E[k]) == 0);
                    t++;
                }
                MI_ASSERT(t == N.n);
            }
            mi_upoly_clear(&ctx, &N);
            MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
        }
        for (uint32_t k = 0; k < n + 2; k++)
            mpz_clear(E[k]);
        free(E);
        mi_clear(NULL, &I);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("hilbert_big");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_quadrics);
    tcase_add_test(tc, test_alloc_failures);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
