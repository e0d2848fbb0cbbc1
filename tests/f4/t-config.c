/* t-config: one computation across configurations, compared on the canonical result
 * (the printed reduced basis): linear-algebra kernel (exact, probabilistic, auto) x
 * threads (1, 2) x algorithm (F4, and Buchberger where it is quick), on systems
 * whose matrices are large enough for the probabilistic kernel to run, in three
 * orders and several characteristics (7 makes the probabilistic kernel fall back
 * to exact). On the small systems the reference is checked to be a reduced Groebner
 * basis and to equal Buchberger's. */
#include <stdio.h>
#include <stdlib.h>

#include <gbc.h>

#include "testutil.h"

/* The printed basis of text under the configuration, or NULL on failure (the
 * status is reported). *reduced and *rows_in (when not NULL) receive the rows the
 * kernels reduced and the rows they were given. */
static char *compute(const char *text, const char *order, gbc_algorithm algo,
                     gbc_linear_algebra la, int threads, double *reduced, double *rows_in)
{
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL, *basis = NULL;
    gbc_error err;
    gbc_options *opts;
    gbc_stats *st;
    ck_assert_int_eq(gbc_options_new(&opts), GBC_OK);
    ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
    ck_assert_int_eq(gbc_options_set_algorithm(opts, algo), GBC_OK);
    ck_assert_int_eq(gbc_options_set_linear_algebra(opts, la), GBC_OK);
    ck_assert_int_eq(gbc_options_set_threads(opts, threads), GBC_OK);
    gbc_status s = gbc_parse(&ring, &gens, text, strlen(text), order, NULL, &err);
    ck_assert_msg(s == GBC_OK, "parse: %s", err.message);
    s = gbc_groebner(&basis, gens, opts, st);
    ck_assert_msg(s == GBC_OK, "groebner (%s, la %d, %d threads): %s", order, (int)la,
                  threads, gbc_status_string(s));
    char *out = NULL;
    size_t len;
    ck_assert_int_eq(gbc_polys_to_string(&out, &len, basis, 0), GBC_OK);
    char *copy = strdup(out);
    gbc_string_free(out);
    if (reduced)
        *reduced = gbc_stats_get(st, "la_rows_reduced");
    if (rows_in)
        *rows_in = gbc_stats_get(st, "la_rows_in");
    gbc_polys_free(basis);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    gbc_stats_free(st);
    gbc_options_free(opts);
    return copy;
}

static int is_reduced_gb(const char *text, const char *order, const char *basis_text)
{
    /* reparse the basis in the input's ring and ask the verifier */
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL, *b = NULL;
    gbc_error err;
    ck_assert_int_eq(gbc_parse(&ring, &gens, text, strlen(text), order, NULL, &err), GBC_OK);
    ck_assert_int_eq(gbc_polys_parse(&b, ring, basis_text, strlen(basis_text), NULL, &err),
                     GBC_OK);
    int g = 0, r = 0;
    ck_assert_int_eq(gbc_is_groebner(&g, &r, b, NULL), GBC_OK);
    gbc_polys_free(b);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    return g && r;
}

typedef struct sys {
    const char *family;
    int n;
    int buchberger; /* quick enough for the reference reducer */
} sys;

static const sys systems[] = {{"katsura", 5, 1}, {"cyclic", 5, 1}, {"katsura", 8, 0},
                              {"cyclic", 7, 0}};
static const uint32_t primes[] = {7, 32003, 65521, 2147483647u};
static const char *const orders[] = {"grevlex", "lex", "blocks"};
#define NSYS (sizeof systems / sizeof systems[0])
#define NPR (sizeof primes / sizeof primes[0])

/* Loop index: system x prime. */
START_TEST(test_configurations)
{
    const sys *S = &systems[(size_t)_i / NPR];
    uint32_t p = primes[(size_t)_i % NPR];
    /* the large systems at the primes where the probabilistic kernel runs */
    if (!S->buchberger && p < 65521)
        return;
    char *text = tu_system_text(S->family, S->n, p);
    double prob_reduced_total = 0, rows_total = 0;
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        /* lex on katsura-8 and cyclic-7 is slow under the sanitizers, and one
         * elimination order is enough there */
        if (!S->buchberger && (o == 1 || (o == 2 && p != 65521)))
            continue;
        char order[64];
        if (strcmp(orders[o], "blocks") == 0)
            snprintf(order, sizeof order, "blocks:grevlex(2),grevlex(%d)", S->n - 2);
        else
            snprintf(order, sizeof order, "%s", orders[o]);
        char *ref = compute(text, order, GBC_ALGO_F4, GBC_LA_EXACT, 1, NULL, NULL);
        if (S->buchberger) {
            /* (the verifier costs about a Buchberger run: the small systems only) */
            ck_assert_msg(is_reduced_gb(text, order, ref), "%s-%d mod %u %s: the exact basis "
                          "is not a reduced Groebner basis", S->family, S->n, p, order);
            char *bb = compute(text, order, GBC_ALGO_BUCHBERGER, GBC_LA_AUTO, 1, NULL, NULL);
            ck_assert_msg(strcmp(ref, bb) == 0, "%s-%d mod %u %s: F4 and Buchberger differ",
                          S->family, S->n, p, order);
            free(bb);
        }
        static const gbc_linear_algebra las[] = {GBC_LA_EXACT, GBC_LA_PROBABILISTIC,
                                                 GBC_LA_AUTO};
        for (size_t l = 0; l < 3; l++)
            for (int th = 1; th <= 2; th++) {
                double red = 0, in = 0;
                char *b = compute(text, order, GBC_ALGO_F4, las[l], th, &red, &in);
                ck_assert_msg(strcmp(ref, b) == 0,
                              "%s-%d mod %u %s: linear algebra %d with %d threads differs "
                              "from exact on one thread",
                              S->family, S->n, p, order, (int)las[l], th);
                if (las[l] == GBC_LA_PROBABILISTIC) {
                    prob_reduced_total += red;
                    rows_total += in;
                }
                free(b);
            }
        free(ref);
    }
    /* on the large systems and primes the probabilistic kernel ran and saved work */
    if (!S->buchberger && p > 1000)
        ck_assert_msg(prob_reduced_total < rows_total,
                      "%s-%d mod %u: the probabilistic kernel reduced %.0f of %.0f rows",
                      S->family, S->n, p, prob_reduced_total, rows_total);
    free(text);
}
END_TEST

/* The threaded configurations alone (for the ThreadSanitizer run): katsura-8 mod
 * 65521, exact on one thread against exact, probabilistic and auto on two. */
START_TEST(test_threads)
{
    char *text = tu_system_text("katsura", 8, 65521);
    char *ref = compute(text, "grevlex", GBC_ALGO_F4, GBC_LA_EXACT, 1, NULL, NULL);
    static const gbc_linear_algebra las[] = {GBC_LA_EXACT, GBC_LA_PROBABILISTIC, GBC_LA_AUTO};
    for (size_t l = 0; l < 3; l++) {
        char *b = compute(text, "grevlex", GBC_ALGO_F4, las[l], 2, NULL, NULL);
        ck_assert_msg(strcmp(ref, b) == 0, "linear algebra %d on two threads differs",
                      (int)las[l]);
        free(b);
    }
    free(ref);
    free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("matrix");
    tcase_set_timeout(tc, 900);
    tcase_add_loop_test(tc, test_configurations, 0, (int)(NSYS * NPR));
    suite_add_tcase(s, tc);
    TCase *tt = tcase_create("threads");
    tcase_set_timeout(tt, 900);
    tcase_add_test(tt, test_threads);
    suite_add_tcase(s, tt);
    return tu_run(s);
}
