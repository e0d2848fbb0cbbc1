/* The plan and the engine table through the public API: gbc_options_set_algorithm
 * accepts exactly the engines of the table, the plan built from the options holds
 * what was set, and every engine gives the same reduced bases, for gbc_groebner and
 * for the ideal operations (which dispatch through the same table: over Z/p the
 * signature engine runs them too), on random ideals (the seed is printed). */
#include <stdint.h>

#include "api/api.h"
#include "apitest.h"
#include "strategy/engine.h"
#include "testutil.h"

static uint64_t rs;
static uint64_t rnd(uint64_t n)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return (rs >> 33) % n;
}

START_TEST(test_table)
{
    /* the rows: distinct values and names, each found by its value */
    ck_assert_uint_ge(strat_nengines, 3);
    for (size_t i = 0; i < strat_nengines; i++) {
        const strat_engine *E = &strat_engines[i];
        ck_assert_ptr_nonnull(E->name);
        ck_assert_ptr_nonnull(E->groebner);
        ck_assert(E->fields != 0);
        ck_assert_ptr_eq(strat_engine_find(E->algorithm), E);
        for (size_t j = 0; j < i; j++) {
            ck_assert_int_ne(strat_engines[j].algorithm, E->algorithm);
            ck_assert_str_ne(strat_engines[j].name, E->name);
        }
    }
    ck_assert_ptr_eq(strat_engine_find(GBC_ALGO_DEFAULT), strat_engine_find(GBC_ALGO_F4));
    ck_assert_str_eq(strat_engine_find(GBC_ALGO_F4)->name, "f4");
    ck_assert_str_eq(strat_engine_find(GBC_ALGO_SIG)->name, "sig");
    ck_assert_str_eq(strat_engine_find(GBC_ALGO_BUCHBERGER)->name, "buchberger");
    /* the learners over Q */
    ck_assert_ptr_eq(strat_learner(GBC_LEARN_F4), strat_engine_find(GBC_ALGO_F4));
    ck_assert_ptr_eq(strat_learner(GBC_LEARN_SIG), strat_engine_find(GBC_ALGO_SIG));
    ck_assert_ptr_nonnull(strat_learner(GBC_LEARN_F4)->learn);
    ck_assert_ptr_nonnull(strat_learner(GBC_LEARN_SIG)->learn);
    /* the options accept exactly the table's values */
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    for (int a = -2; a < 40; a++) {
        int in_table = a == GBC_ALGO_DEFAULT || strat_engine_find((gbc_algorithm)a) != NULL;
        ck_assert_int_eq(gbc_options_set_algorithm(o, (gbc_algorithm)a),
                         in_table ? GBC_OK : GBC_ERR_ARG);
    }
    gbc_options_free(o);
}
END_TEST

START_TEST(test_plan_from_options)
{
    gbc_plan P;
    api_plan_from_options(&P, NULL);
    ck_assert(memcmp(&P, &gbc_plan_default, sizeof P) == 0);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ck_assert_ptr_eq(ctx.plan, &gbc_plan_default);
    /* a zeroed plan names the default engine */
    gbc_plan Z;
    memset(&Z, 0, sizeof Z);
    ctx.plan = &Z;
    ck_assert_ptr_eq(strat_engine_of(&ctx), strat_engine_find(GBC_ALGO_F4));

    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_algorithm(o, GBC_ALGO_SIG), GBC_OK);
    ck_assert_int_eq(gbc_options_set_basis(o, GBC_BASIS_MINIMAL), GBC_OK);
    ck_assert_int_eq(gbc_options_set_linear_algebra(o, GBC_LA_PROBABILISTIC), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_HILBERT), GBC_OK);
    ck_assert_int_eq(gbc_options_set_learn(o, GBC_LEARN_SIG), GBC_OK);
    ck_assert_int_eq(gbc_options_set_certify(o, 1), GBC_OK);
    ck_assert_int_eq(gbc_options_set_seed(o, 12345), GBC_OK);
    ck_assert_int_eq(gbc_options_set_threads(o, 3), GBC_OK);
    ck_assert_int_eq(gbc_options_set_memory_limit(o, 1u << 30), GBC_OK);
    ck_assert_int_eq(gbc_options_set_time_limit(o, 100.0), GBC_OK);
    gbc_ctx c2;
    api_ctx_from_options(&c2, &P, o);
    ck_assert_ptr_eq(c2.plan, &P);
    ck_assert_int_eq(P.engine, GBC_ALGO_SIG);
    ck_assert_int_eq(P.basis, GBC_BASIS_MINIMAL);
    ck_assert_int_eq(P.la_mode, GBC_LA_PROBABILISTIC);
    ck_assert_int_eq(P.order_path, GBC_ORDER_HILBERT);
    ck_assert_int_eq(P.learn, GBC_LEARN_SIG);
    ck_assert_int_eq(P.certify, 1);
    ck_assert_int_eq(P.fixed_seed, 1);
    ck_assert_uint_eq(P.seed, 12345);
    ck_assert_int_eq(P.threads, 3);
    ck_assert_uint_eq(P.memory_limit, 1u << 30);
    ck_assert(P.time_limit == 100.0);
    /* the context enforces the plan's limits */
    ck_assert_int_eq(c2.threads, 3);
    ck_assert_uint_eq(c2.mem_limit, 1u << 30);
    ck_assert(c2.deadline > 0.0);
    /* the default algorithm is F4's row */
    ck_assert_int_eq(gbc_options_set_algorithm(o, GBC_ALGO_DEFAULT), GBC_OK);
    api_plan_from_options(&P, o);
    ck_assert_int_eq(P.engine, GBC_ALGO_F4);
    gbc_options_free(o);
}
END_TEST

/* A random polynomial in x0..x{n-1} of degree <= deg with few terms, as text. */
static void rand_poly(char *buf, size_t cap, uint32_t n, uint32_t deg, uint32_t p)
{
    size_t pos = 0;
    uint32_t nt = 2 + (uint32_t)rnd(3);
    for (uint32_t t = 0; t < nt; t++) {
        pos += (size_t)snprintf(buf + pos, cap - pos, "%s%llu", t ? "+" : "",
                                (unsigned long long)(1 + rnd(p - 1)));
        uint32_t d = (uint32_t)rnd(deg + 1);
        for (uint32_t k = 0; k < d; k++)
            pos += (size_t)snprintf(buf + pos, cap - pos, "*x%u", (unsigned)rnd(n));
    }
}

/* Random generators: m polynomials, comma-separated, coefficients below p. */
static void rand_ideal(char *buf, size_t cap, uint32_t n, uint32_t m, uint32_t deg, uint32_t p)
{
    size_t pos = 0;
    for (uint32_t i = 0; i < m; i++) {
        if (i)
            pos += (size_t)snprintf(buf + pos, cap - pos, ",");
        rand_poly(buf + pos, cap - pos, n, deg, p);
        pos = strlen(buf);
    }
}

/* Counts the computation's log lines that announce a signature-engine run. */
static void count_sig(void *data, int level, const char *msg)
{
    (void)level;
    if (strncmp(msg, "signature F4 over GF(", 21) == 0)
        (*(size_t *)data)++;
}

static size_t sig_runs; /* in the last run_op */

static gbc_options *opts_for(gbc_algorithm a)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_algorithm(o, a), GBC_OK);
    ck_assert_int_eq(gbc_options_set_seed(o, 7), GBC_OK);
    sig_runs = 0;
    ck_assert_int_eq(gbc_options_set_log(o, count_sig, &sig_runs, 1), GBC_OK);
    return o;
}

/* The printed result of operation op (0 groebner, 1 eliminate x0, 2 intersect,
 * 3 quotient, 4 saturate (auto), 5 saturate (F4 kernel steps; Z/p), 6 lift basis
 * (basis and cofactors)) under algorithm a (malloc'd), or NULL with *st set on
 * failure. */
static char *run_op(int op, gbc_algorithm a, const gbc_polys *A, const gbc_polys *B,
                    gbc_status *st)
{
    gbc_options *o = opts_for(a);
    gbc_polys *out = NULL, *cof = NULL;
    const uint32_t v0 = 0;
    switch (op) {
    case 0: *st = gbc_groebner(&out, A, o, NULL); break;
    case 1: *st = gbc_eliminate(&out, A, &v0, 1, o, NULL); break;
    case 2: *st = gbc_intersect(&out, A, B, o, NULL); break;
    case 3: *st = gbc_quotient(&out, A, B, o, NULL); break;
    case 4: *st = gbc_saturate(&out, A, B, GBC_SAT_AUTO, o, NULL); break;
    case 5: *st = gbc_saturate(&out, A, B, GBC_SAT_F4, o, NULL); break;
    default: *st = gbc_lift_basis(&out, &cof, A, o, NULL); break;
    }
    gbc_options_free(o);
    if (*st != GBC_OK)
        return NULL;
    char *s = at_str(out);
    const char *c = cof != NULL ? at_str(cof) : "";
    size_t n = strlen(s) + strlen(c) + 4;
    char *all = malloc(n);
    ck_assert_ptr_nonnull(all);
    snprintf(all, n, "%s\n;\n%s", s, c);
    gbc_string_free(s);
    if (cof != NULL)
        gbc_string_free((char *)c);
    gbc_polys_free(cof);
    gbc_polys_free(out);
    return all;
}

START_TEST(test_engines_agree)
{
    rs = tu_seed();
    static const char *orders[] = {"grevlex", "lex", "deglex", "blocks:grevlex(1),grevlex(2)",
                                   "weights:1,2,1"};
    static const char *opname[] = {"groebner", "eliminate", "intersect", "quotient",
                                   "saturate", "saturate-f4", "lift-basis"};
    static const uint32_t primes[] = {32003, 0};
    const int cases = 12 * tu_mult();
    size_t sig_ran[7] = {0};
    for (int c = 0; c < cases; c++) {
        const uint32_t p = primes[c % 2];
        const char *order = orders[rnd(sizeof orders / sizeof orders[0])];
        gbc_ring *R = at_ring(3, p, order);
        char ta[512], tb[256];
        rand_ideal(ta, sizeof ta, 3, 2 + (uint32_t)rnd(2), 2 + (uint32_t)rnd(2), p ? p : 10);
        rand_ideal(tb, sizeof tb, 3, 1, 2, p ? p : 10);
        gbc_polys *A = at_parse(R, ta), *B = at_parse(R, tb);
        for (int op = 0; op <= 6; op++) {
            if (op == 5 && p == 0)
                continue; /* the F4 method is modulo p */
            if (op == 6 && order[0] == 'w')
                continue; /* lift: GBC_ERR_UNSUPPORTED for weighted orders */
            gbc_status s0, s1;
            char *ref = run_op(op, GBC_ALGO_F4, A, B, &s0);
            ck_assert_msg(s0 == GBC_OK, "%s f4 on {%s}, {%s} (p %u, %s): %s", opname[op], ta,
                          tb, p, order, gbc_status_string(s0));
            for (size_t e = 0; e < strat_nengines; e++) {
                const strat_engine *E = &strat_engines[e];
                if (E->algorithm == GBC_ALGO_F4)
                    continue;
                char *got = run_op(op, E->algorithm, A, B, &s1);
                ck_assert_msg(s1 == GBC_OK && strcmp(got, ref) == 0,
                              "%s on {%s}, {%s} (p %u, %s): engine %s (%s) differs from f4:\n"
                              "%s\nf4:\n%s", opname[op], ta, tb, p, order, E->name,
                              gbc_status_string(s1), got ? got : "", ref);
                /* the dispatch ran the engine asked for: over Z/p the signature
                 * engine computes the bases (not on input it settles at once, as
                 * a constant generator; the F4 saturation runs F4 itself), over Q
                 * it never runs (the multi-modular F4 path) */
                if (E->algorithm == GBC_ALGO_SIG && p != 0 && sig_runs > 0)
                    sig_ran[op]++;
                if (E->algorithm == GBC_ALGO_SIG && p == 0)
                    ck_assert_uint_eq(sig_runs, 0);
                free(got);
            }
            free(ref);
        }
        gbc_polys_free(A);
        gbc_polys_free(B);
        gbc_ring_free(R);
    }
    for (int op = 0; op <= 6; op++)
        if (op != 5)
            ck_assert_msg(sig_ran[op] > 0, "%s: the signature engine never ran", opname[op]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api-engines");
    TCase *tc = tcase_create("engines");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_plan_from_options);
    tcase_add_test(tc, test_engines_agree);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
