/* Tests for the Scarf base case of the Hilbert recursion (monideal/hilbert8.c):
 * on random generic and near-generic ideals the numerators with and without it
 * agree term by term; on small ones both equal the definition (standard
 * monomials counted point by point); on a few, Frobby's answer when frobby is
 * installed (skipped with a note otherwise). Also: allocation failures inside the
 * base case leave no leak. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "monideal/hilbert_int.h"
#include "monideal/monideal.h"
#include "mi_check.h"
#include "testutil.h"

/* k generators in n variables, every exponent in [1, maxexp] (0 with
 * probability 1/zero_in when zero_in > 0), the non-zero values of each column
 * distinct (needs maxexp >= k); then `shared` random pairs of generators are
 * given the same value in a random column (near-generic). With antichain set
 * the generators are minimal before the zeros and repeats. */
static void generic_ideal(gbc_rng *r, monideal *I, uint32_t n, size_t k, uint32_t maxexp,
                          int zero_in, int shared, int antichain)
{
    uint32_t *e = calloc((size_t)n * k + 1, sizeof(uint32_t));
    for (uint32_t v = 0; v < n; v++)
        for (size_t i = 0; i < k; i++) {
            uint32_t x;
            int clash;
            do {
                x = 1 + (uint32_t)gbc_rng_below(r, maxexp);
                clash = 0;
                for (size_t j = 0; j < i; j++)
                    clash |= e[j * n + v] == x;
            } while (clash);
            e[i * n + v] = x;
        }
    if (antichain && n >= 2) {
        /* the last column in the opposite order of the first (sorted by
         * selection on both): no generator divides another */
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                if (e[j * n] < e[i * n])
                    for (uint32_t v = 0; v + 1 < n; v++) {
                        uint32_t x = e[i * n + v];
                        e[i * n + v] = e[j * n + v];
                        e[j * n + v] = x;
                    }
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                if (e[j * n + n - 1] > e[i * n + n - 1]) {
                    uint32_t x = e[i * n + n - 1];
                    e[i * n + n - 1] = e[j * n + n - 1];
                    e[j * n + n - 1] = x;
                }
    }
    for (size_t i = 0; i < k && zero_in > 0; i++)
        for (uint32_t v = 0; v < n; v++)
            if (gbc_rng_below(r, (uint64_t)zero_in) == 0)
                e[i * n + v] = 0;
    for (int s = 0; s < shared && k >= 2; s++) {
        size_t a = gbc_rng_below(r, k), b = gbc_rng_below(r, k);
        uint32_t v = (uint32_t)gbc_rng_below(r, n);
        e[b * n + v] = e[a * n + v];
    }
    mi_init(I, n);
    for (size_t i = 0; i < k; i++)
        mi_push(NULL, I, e + i * n);
    free(e);
    mi_minimize(NULL, I);
}

static void check_same_multi(const mi_poly *P, const mi_poly *Q, uint32_t n)
{
    MI_ASSERT_UINT_EQ(P->mons.n, Q->mons.n);
    for (size_t i = 0; i < P->mons.n; i++) {
        MI_ASSERT_INT_EQ(P->coef[i], Q->coef[i]);
        MI_ASSERT(n == 0 ||
                  memcmp(mi_row(&P->mons, i), mi_row(&Q->mons, i), 4 * (size_t)n) == 0);
    }
}

static void check_same_uni(const mi_upoly *U, const mi_upoly *V)
{
    MI_ASSERT_UINT_EQ(U->n, V->n);
    for (size_t i = 0; i < U->n; i++) {
        MI_ASSERT_UINT_EQ(U->deg[i], V->deg[i]);
        MI_ASSERT_INT_EQ(U->coef[i], V->coef[i]);
    }
}

/* Computes both numerators with and without the base case, checks that they
 * agree, and returns the number of Scarf base cases taken. The numerators with
 * the base case are left in P and U (initialised by the caller). */
static uint64_t both_paths(const monideal *I, mi_poly *P, mi_upoly *U)
{
    const uint32_t n = I->nvars;
    mi_hilbert_opts off = {.no_scarf = 1};
    mi_hilbert_stats s1, s2;
    mi_poly Q;
    mi_poly_init(&Q, n);
    MI_ASSERT_INT_EQ(mi_hilbert_multi_opts(NULL, P, I, NULL, &s1), GBC_OK);
    MI_ASSERT_INT_EQ(mi_hilbert_multi_opts(NULL, &Q, I, &off, &s2), GBC_OK);
    MI_ASSERT_UINT_EQ(s2.scarf, 0);
    check_same_multi(P, &Q, n);
    mi_poly_clear(NULL, &Q);
    mi_upoly V;
    mi_upoly_init(&V);
    MI_ASSERT_INT_EQ(mi_hilbert_uni_opts(NULL, U, I, NULL, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(mi_hilbert_uni_opts(NULL, &V, I, &off, NULL), GBC_OK);
    check_same_uni(U, &V);
    mi_upoly_clear(NULL, &V);
    return s1.scarf;
}

START_TEST(test_paths_agree)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    int reps = 150 * tu_mult();
    uint64_t taken = 0;
    for (int t = 0; t < reps; t++) {
        uint32_t n = 2 + (uint32_t)gbc_rng_below(&r, 9);
        size_t k = 3 + gbc_rng_below(&r, 28);
        int shared = t % 3 == 0 ? 0 : (int)gbc_rng_below(&r, 4);
        int zero_in = (int)gbc_rng_below(&r, 5);
        uint32_t maxexp = (uint32_t)k + (uint32_t)gbc_rng_below(&r, 1000);
        monideal I;
        generic_ideal(&r, &I, n, k, maxexp, zero_in, shared, t % 2);
        mi_poly P;
        mi_poly_init(&P, n);
        mi_upoly U;
        mi_upoly_init(&U);
        uint64_t s = both_paths(&I, &P, &U);
        /* a strongly generic input with more generators than variables (so
         * that the Taylor base case cannot take it) and enough distinct
         * exponents is one Scarf base case */
        if (shared == 0 && zero_in == 0 && I.n > n && I.n >= SCARF_MIN_RANKS)
            MI_ASSERT_UINT_EQ(s, 1);
        taken += s;
        mi_poly_clear(NULL, &P);
        mi_upoly_clear(NULL, &U);
        mi_clear(NULL, &I);
    }
    MI_ASSERT(taken > 0);
}
END_TEST

/* Whether x^a is a standard monomial of I. */
static int standard(const monideal *I, const int64_t *a)
{
    for (uint32_t v = 0; v < I->nvars; v++)
        if (a[v] < 0)
            return 0;
    for (size_t i = 0; i < I->n; i++) {
        const uint32_t *g = mi_row(I, i);
        uint32_t v = 0;
        while (v < I->nvars && g[v] <= a[v])
            v++;
        if (v == I->nvars)
            return 0;
    }
    return 1;
}

/* The definition: N = H(R/I) prod (1 - x_i), so the coefficient of x^a in N is
 * the sum over subsets S of the variables of (-1)^|S| [x^(a - e_S) standard];
 * checked at every a <= lcm + 1 (N has no term elsewhere), and the univariate
 * numerator as the multigraded one summed by degree. */
static void check_definition(const monideal *I, const mi_poly *P, const mi_upoly *U)
{
    const uint32_t n = I->nvars;
    uint32_t l[8] = {0};
    mi_lcm(I, l);
    int64_t a[8] = {0}, b[8];
    size_t seen = 0;
    for (;;) {
        int64_t c = 0;
        for (uint32_t S = 0; S < (1u << n); S++) {
            for (uint32_t v = 0; v < n; v++)
                b[v] = a[v] - ((S >> v) & 1);
            if (standard(I, b))
                c += __builtin_popcount(S) & 1 ? -1 : 1;
        }
        int64_t got = 0;
        for (size_t i = 0; i < P->mons.n; i++) {
            uint32_t v = 0;
            while (v < n && mi_row(&P->mons, i)[v] == (uint32_t)a[v])
                v++;
            if (v == n)
                got = P->coef[i];
        }
        MI_ASSERT_INT_EQ(got, c);
        seen += c != 0;
        uint32_t v = 0;
        while (v < n && a[v] == (int64_t)l[v] + 1)
            a[v++] = 0;
        if (v == n)
            break;
        a[v]++;
    }
    MI_ASSERT_UINT_EQ(seen, P->mons.n);
    for (size_t j = 0; j < U->n; j++) {
        int64_t s = 0;
        for (size_t i = 0; i < P->mons.n; i++)
            if (mono_degree(mi_row(&P->mons, i), n) == U->deg[j])
                s += P->coef[i];
        MI_ASSERT_INT_EQ(U->coef[j], s);
    }
}

START_TEST(test_definition)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    int reps = 30 * tu_mult();
    uint64_t taken = 0;
    for (int t = 0; t < reps; t++) {
        /* enough generators for SCARF_MIN_RANKS distinct exponents per variable */
        uint32_t n = 2 + (uint32_t)gbc_rng_below(&r, 2);
        size_t k = SCARF_MIN_RANKS + gbc_rng_below(&r, 4);
        monideal I;
        generic_ideal(&r, &I, n, k, (uint32_t)k + 2, 4 * (int)gbc_rng_below(&r, 2),
                      (int)gbc_rng_below(&r, 2), 1);
        mi_poly P;
        mi_poly_init(&P, n);
        mi_upoly U;
        mi_upoly_init(&U);
        taken += both_paths(&I, &P, &U);
        check_definition(&I, &P, &U);
        mi_poly_clear(NULL, &P);
        mi_upoly_clear(NULL, &U);
        mi_clear(NULL, &I);
    }
    MI_ASSERT(taken > 0);
}
END_TEST

/* Runs frobby on I (Macaulay2 input, 4ti2 output) and compares with P (multi)
 * or U (uni). */
static void check_frobby(const monideal *I, const mi_poly *P, const mi_upoly *U, int uni)
{
    const uint32_t n = I->nvars;
    char in[] = "/tmp/gbc-t-hilbert_generic-XXXXXX";
    int fd = mkstemp(in);
    MI_ASSERT(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "R = QQ[");
    for (uint32_t v = 0; v < n; v++)
        fprintf(f, "%sx%u", v ? "," : "", v + 1);
    fprintf(f, "];\nI = monomialIdeal(");
    for (size_t i = 0; i < I->n; i++) {
        const char *sep = i ? ", " : "";
        int any = 0;
        for (uint32_t v = 0; v < n; v++)
            if (mi_row(I, i)[v] != 0) {
                fprintf(f, "%sx%u^%u", sep, v + 1, mi_row(I, i)[v]);
                sep = "*";
                any = 1;
            }
        /* the generator 1 (random zeros can empty a row: the unit ideal) */
        if (!any)
            fprintf(f, "%s1", sep);
    }
    fprintf(f, ");\n");
    fclose(f);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "frobby hilbert %s -iformat m2 -oformat 4ti2 < %s 2>/dev/null",
             uni ? "-univariate" : "", in);
    FILE *p = popen(cmd, "r");
    MI_ASSERT(p != NULL);
    size_t rows = 0, cols = 0;
    MI_ASSERT(fscanf(p, "%zu %zu", &rows, &cols) == 2);
    MI_ASSERT_UINT_EQ(cols, uni ? 2 : n + 1);
    MI_ASSERT_UINT_EQ(rows, uni ? U->n : P->mons.n);
    uint64_t e[16];
    for (size_t i = 0; i < rows; i++) {
        long long c;
        MI_ASSERT(fscanf(p, "%lld", &c) == 1);
        for (size_t v = 0; v + 1 < cols; v++)
            MI_ASSERT(fscanf(p, "%lu", (unsigned long *)&e[v]) == 1);
        int64_t ours = 0;
        if (uni) {
            for (size_t j = 0; j < U->n; j++)
                if (U->deg[j] == e[0])
                    ours = U->coef[j];
        } else {
            for (size_t j = 0; j < P->mons.n; j++) {
                uint32_t v = 0;
                while (v < n && mi_row(&P->mons, j)[v] == e[v])
                    v++;
                if (v == n)
                    ours = P->coef[j];
            }
        }
        MI_ASSERT_INT_EQ(ours, c);
    }
    pclose(p);
    unlink(in);
}

START_TEST(test_frobby)
{
    if (system("command -v frobby >/dev/null 2>&1") != 0) {
        printf("t-hilbert_generic: frobby not installed, comparison skipped\n");
        return;
    }
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    for (int t = 0; t < 6; t++) {
        uint32_t n = 4 + (uint32_t)gbc_rng_below(&r, 5);
        monideal I;
        generic_ideal(&r, &I, n, 20 + gbc_rng_below(&r, 10), 10000, t % 2 ? 4 : 0, t % 3, 1);
        mi_poly P;
        mi_poly_init(&P, n);
        mi_upoly U;
        mi_upoly_init(&U);
        both_paths(&I, &P, &U);
        check_frobby(&I, &P, &U, 0);
        check_frobby(&I, &P, &U, 1);
        mi_poly_clear(NULL, &P);
        mi_upoly_clear(NULL, &U);
        mi_clear(NULL, &I);
    }
}
END_TEST

START_TEST(test_alloc_failures)
{
    gbc_rng r;
    gbc_rng_seed(&r, 7);
    monideal I;
    generic_ideal(&r, &I, 6, 20, 100, 0, 0, 1);
    for (uint64_t fail = 1; fail < 80; fail++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.fail_at = fail;
        mi_poly P;
        mi_poly_init(&P, 6);
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
    Suite *s = suite_create("hilbert_generic");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_paths_agree);
    tcase_add_test(tc, test_definition);
    tcase_add_test(tc, test_frobby);
    tcase_add_test(tc, test_alloc_failures);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
