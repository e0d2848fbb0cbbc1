/* t-modular: the multi-modular path over Q (mod_groebner, gbc_groebner) against
 * Buchberger directly over Q on random ideals with big coefficients and fractions in
 * every order kind, certified or not; forced unlucky primes; corrupted bases. */
#include <stdio.h>
#include <stdlib.h>

#include "api/api.h"
#include "buchberger/buchberger.h"
#include "check/check.h"
#include "io/io.h"
#include "modular/modular.h"
#include "strategy/strategy.h"
#include "testutil.h"
#include "tu_plan.h"

/* Regression guard (fixed): when no candidate can be certified within
 * gbc_plan.max_primes, mod_groebner returns GBC_ERR_VERIFY (it once returned
 * GBC_ERR_LIMIT). Checked by test_certify_hook with every candidate corrupted. */
#define MOD_CERTIFY_FAILURE_STATUS_FIXED 1

/* Regression guard (fixed): bb_red_take once passed a NULL pointer to memcpy when a
 * fresh reducer's first result was zero (hit by every certification); UBSan made it
 * fatal under the asan preset. */
#define BB_RED_TAKE_EMPTY_FIXED 1
#if BB_RED_TAKE_EMPTY_FIXED || !defined(__SANITIZE_ADDRESS__)
#define CERTIFY 1
#else
#define CERTIFY 0
#endif

/* Regression guard (fixed): f4_learn once copied from a NULL pointer when its
 * basis was empty (zero ideal, constant generator). */
#define F4_TRACE_EMPTY_BASIS_FIXED 1
#if F4_TRACE_EMPTY_BASIS_FIXED || !defined(__SANITIZE_ADDRESS__)
#define TRIVIAL_INPUTS 1
#else
#define TRIVIAL_INPUTS 0
#endif

static const char *const vnames[] = {"x", "y", "z", "t"};
#define MAXV 4
#define NORDER_KINDS 5 /* grevlex, lex, deglex, weights, blocks */

/* ------------------------------------------------------------- text -- */

/* A random decimal integer of exactly ndigits digits. */
static void put_digits(sbuf *b, gbc_rng *r, int ndigits)
{
    sb_printf(b, "%u", 1 + (unsigned)gbc_rng_below(r, 9));
    for (int i = 1; i < ndigits; i++)
        sb_printf(b, "%u", (unsigned)gbc_rng_below(r, 10));
}

/* Coefficient styles of an ideal. */
enum { C_BIG, C_FRACTION, C_MIXED, C_SMALL };

/* A random nonzero rational coefficient with its sign (" + " / " - " between terms):
 * C_BIG integers of 50 to 70 digits, C_FRACTION a/b with 20 to 40 digits each,
 * C_MIXED either of those or a small one, C_SMALL in [-9, 9]. */
static void put_coef(sbuf *b, gbc_rng *r, int style, int first)
{
    int neg = (int)gbc_rng_below(r, 2);
    sb_printf(b, "%s", first ? (neg ? "-" : "") : (neg ? " - " : " + "));
    int s = style == C_MIXED ? (int)gbc_rng_below(r, 4) : style;
    switch (s) {
    case C_BIG:
        put_digits(b, r, 50 + (int)gbc_rng_below(r, 21));
        break;
    case C_FRACTION:
        put_digits(b, r, 20 + (int)gbc_rng_below(r, 21));
        sb_printf(b, "/");
        put_digits(b, r, 20 + (int)gbc_rng_below(r, 21));
        break;
    default:
        sb_printf(b, "%u", 1 + (unsigned)gbc_rng_below(r, 9));
        if (s != C_SMALL && gbc_rng_below(r, 2))
            sb_printf(b, "/%u", 2 + (unsigned)gbc_rng_below(r, 8));
        break;
    }
}

static void put_mono(sbuf *b, const uint32_t *e, uint32_t nvars)
{
    for (uint32_t v = 0; v < nvars; v++)
        if (e[v] == 1)
            sb_printf(b, "*%s", vnames[v]);
        else if (e[v] > 1)
            sb_printf(b, "*%s^%u", vnames[v], e[v]);
}

static void random_mono(uint32_t *e, gbc_rng *r, uint32_t nvars, uint32_t d)
{
    memset(e, 0, sizeof(uint32_t) * MAXV);
    for (uint32_t i = 0; i < d; i++)
        e[gbc_rng_below(r, nvars)]++;
}

/* A random polynomial: the first term of degree d, the others of degree d
 * (homogeneous) or below. */
static void put_poly(sbuf *b, gbc_rng *r, uint32_t nvars, int style, uint32_t d,
                     uint32_t nterms, int homogeneous)
{
    uint32_t e[MAXV];
    for (uint32_t i = 0; i < nterms; i++) {
        random_mono(e, r, nvars, i == 0 || homogeneous ? d : (uint32_t)gbc_rng_below(r, d + 1));
        put_coef(b, r, style, i == 0);
        put_mono(b, e, nvars);
    }
}

enum { K_GENERIC, K_ZERODIM, K_FEW, K_BINOMIAL, K_UNIT };

/* Random generators over Q into b: nvars variables, degrees 1..3 whose product stays
 * within budget, coefficients of the given style. */
static void gen_ideal(sbuf *b, gbc_rng *r, uint32_t nvars, int style, int homogeneous,
                      uint32_t budget, int *kind)
{
    static const int kinds[8] = {K_GENERIC, K_GENERIC, K_ZERODIM, K_ZERODIM,
                                 K_FEW,     K_BINOMIAL, K_UNIT,   K_ZERODIM};
    int k = kinds[gbc_rng_below(r, 8)];
    *kind = k;
    uint32_t deg[MAXV + 2], prod = 1;
    size_t n = k == K_FEW ? 1 + (size_t)gbc_rng_below(r, nvars - 1)
               : k == K_BINOMIAL ? 2 + (size_t)gbc_rng_below(r, nvars)
                                 : nvars;
    for (size_t i = 0; i < n; i++) {
        deg[i] = 1 + (uint32_t)gbc_rng_below(r, 3);
        while (deg[i] > 1 && prod * deg[i] > budget)
            deg[i]--;
        prod *= deg[i];
    }
    uint32_t e[MAXV];
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_printf(b, ",\n");
        switch (k) {
        case K_ZERODIM: /* x_i^d + lower terms: zero-dimensional */
            memset(e, 0, sizeof e);
            e[i] = deg[i];
            put_coef(b, r, style, 1);
            put_mono(b, e, nvars);
            for (uint32_t t = (uint32_t)gbc_rng_below(r, 3) + 1; t > 0; t--) {
                random_mono(e, r, nvars,
                            homogeneous ? deg[i] : (uint32_t)gbc_rng_below(r, deg[i]));
                put_coef(b, r, style, 0);
                put_mono(b, e, nvars);
            }
            break;
        case K_BINOMIAL:
            random_mono(e, r, nvars, deg[i]);
            put_coef(b, r, style, 1);
            put_mono(b, e, nvars);
            random_mono(e, r, nvars, homogeneous ? deg[i] : (uint32_t)gbc_rng_below(r, deg[i] + 1));
            put_coef(b, r, style, 0);
            put_mono(b, e, nvars);
            break;
        default:
            put_poly(b, r, nvars, style, deg[i], 2 + (uint32_t)gbc_rng_below(r, 3), homogeneous);
            break;
        }
    }
    if (k == K_UNIT) { /* f and f + c */
        sbuf f;
        sb_init(&f);
        put_poly(&f, r, nvars, style, 1 + (uint32_t)gbc_rng_below(r, 2), 2, 0);
        sb_printf(b, ",\n%s,\n%s", f.s, f.s);
        put_coef(b, r, style, 0);
        sb_free(&f);
    }
}

/* ------------------------------------------------------------ helpers -- */

static void ring_make(gbc_ctx *ctx, ring *R, uint32_t nvars, uint32_t p, const char *order)
{
    char msg[256];
    gbc_status st = ring_init(ctx, R, nvars, vnames, p, order, msg, sizeof msg);
    ck_assert_msg(st == GBC_OK, "ring %u vars, order %s: %s", nvars, order, msg);
}

static void parse_polys(gbc_ctx *ctx, plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(ctx, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "cannot parse '%s': %s", text, err.message);
}

static char *list_text(const ring *R, const plist *L)
{
    io_buf b;
    io_buf_init(&b);
    if (io_print_polys(NULL, &b, R, L, 0) != GBC_OK) {
        io_buf_clear(NULL, &b);
        return strdup("(cannot print)");
    }
    char *s = strdup(b.s ? b.s : "");
    io_buf_clear(NULL, &b);
    return s;
}

static void print_reproducer(const char *what, uint32_t nvars, const char *order,
                             const char *gens, const char *flags)
{
    fprintf(stderr, "---- %s: reproducer (save as FILE; compare build/gbc --order '%s' %sFILE "
                    "with build/gbc --order '%s' --algorithm buchberger FILE)\n",
            what, order, flags, order);
    for (uint32_t v = 0; v < nvars; v++)
        fprintf(stderr, "%s%s", v ? ", " : "", vnames[v]);
    fprintf(stderr, "\n0\n%s\n----\n", gens);
}

/* Collects the driver's "modular:" log lines. */
typedef struct logbuf {
    char text[1 << 14];
    size_t len;
} logbuf;

static void log_collect(void *data, int level, const char *msg)
{
    logbuf *lb = data;
    (void)level;
    if (strncmp(msg, "modular:", 8) != 0)
        return;
    int n = snprintf(lb->text + lb->len, sizeof lb->text - lb->len, "%s\n", msg);
    if (n > 0 && lb->len + (size_t)n < sizeof lb->text)
        lb->len += (size_t)n;
}

static void ctx_with_log(gbc_ctx *ctx, logbuf *lb)
{
    gbc_ctx_init(ctx);
    lb->len = 0;
    lb->text[0] = '\0';
    ctx->log = log_collect;
    ctx->log_data = lb;
    ctx->verbosity = 1;
}

/* Whether the modular path may be run on F here: always, unless this build skips
 * the inputs of F4_TRACE_EMPTY_BASIS_FIXED (no generator, or a constant one). */
static int runnable(const plist *F, uint32_t nvars)
{
    if (TRIVIAL_INPUTS)
        return 1;
    if (F->n == 0)
        return 0;
    for (size_t k = 0; k < F->n; k++) {
        uint64_t d = 0;
        for (uint32_t v = 0; v < nvars; v++)
            d += F->p[k].exps[v];
        if (d == 0)
            return 0;
    }
    return 1;
}

static size_t total_terms(const plist *G)
{
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++)
        t += G->p[k].len;
    return t;
}

/* The largest number of bits of a numerator or denominator in G. */
static size_t max_bits(const plist *G)
{
    size_t m = 0;
    for (size_t k = 0; k < G->n; k++)
        for (size_t i = 0; i < G->p[k].len; i++) {
            size_t a = mpz_sizeinbase(mpq_numref(G->p[k].cq[i]), 2);
            size_t b = mpz_sizeinbase(mpq_denref(G->p[k].cq[i]), 2);
            m = a > m ? a : m;
            m = b > m ? b : m;
        }
    return m;
}

/* mod_groebner with the given certify flag, seed and forced primes; returns the
 * status and fills out (empty on error). */
/* gbc_plan.order_path of the runs below (a gbc_order_path) */
static int g_order_path = 0;

static gbc_status modular(gbc_ctx *ctx, const ring *R, const plist *F, plist *out, int certify,
                          uint64_t seed, const uint32_t *forced, size_t nforced,
                          gb_stats *stats)
{
    gbc_plan mo;
    memset(&mo, 0, sizeof mo);
    mo.certify = certify;
    mo.fixed_seed = 1; /* reproducible from the test's printed seed */
    mo.seed = seed;
    mo.forced_primes = forced;
    mo.nforced = nforced;
    mo.order_path = g_order_path;
    plist_init(out);
    return mod_groebner_plan(ctx, R, F, out, stats, &mo);
}

/* Compare the modular result (status st, basis G) with Buchberger's B; on a
 * difference print a reproducer and fail. */
static void expect_same(gbc_status st, const ring *R, const plist *G, const plist *B,
                        const char *what, uint32_t nvars, const char *order, const char *gens,
                        const char *flags)
{
    if (st == GBC_OK && check_plist_equal(R, G, B))
        return;
    print_reproducer(what, nvars, order, gens, flags);
    char *g = list_text(R, G), *b = list_text(R, B);
    const int cut = 3000;
    fprintf(stderr, "modular (%s):\n%.*s\nBuchberger:\n%.*s\n", gbc_status_string(st), cut, g,
            cut, b);
    free(g);
    free(b);
    ck_abort_msg("%s, order %s: the modular result (%s, %zu polynomials) differs from "
                 "Buchberger's (%zu polynomials); reproducer on stderr",
                 what, order, gbc_status_string(st), G->n, B->n);
}

/* -------------------------------------------- modular vs Buchberger -- */

/* Random ideals with big coefficients and fractions: mod_groebner (default and
 * certified, with a random seed) equals Buchberger over Q exactly; the verifier
 * accepts it; no memory is left behind. Loop index: the order kind. */
START_TEST(test_modular_vs_buchberger)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() * 1000003u + (uint64_t)_i);
    int n = 8 * tu_mult(), nontrivial = 0, skipped = 0;
    size_t primes = 0, bits = 0;
    double tb = 0, tm = 0, tc = 0;
    for (int it = 0; it < n; it++) {
        uint32_t nvars = 2 + (uint32_t)gbc_rng_below(&r, 2);
        char order[96];
        tu_random_order(order, sizeof order, &r, nvars, _i);
        int style = it % 3 == 0 ? C_BIG : it % 3 == 1 ? C_FRACTION : C_MIXED;
        int homogeneous = gbc_rng_below(&r, 4) == 0;
        sbuf text;
        sb_init(&text);
        int kind;
        gen_ideal(&text, &r, nvars, style, homogeneous, nvars == 2 ? 6 : 4, &kind);

        gbc_ctx cb, cm;
        gbc_ctx_init(&cb);
        gbc_ctx_init(&cm);
        ring R;
        ring_make(&cb, &R, nvars, 0, order);
        plist F, B, G;
        parse_polys(&cb, &F, &R, text.s);
        if (!runnable(&F, nvars)) {
            plist_clear(&cb, &F, &R.F);
            ring_clear(&cb, &R);
            sb_free(&text);
            skipped++;
            continue;
        }
        plist_init(&B);
        double t0 = gbc_wall_time();
        T_ASSERT(bb_groebner(&cb, &R, &F, &B, NULL) == GBC_OK);
        double t1 = gbc_wall_time();
        gb_stats stats;
        memset(&stats, 0, sizeof stats);
        gbc_status st = modular(&cm, &R, &F, &G, 0, gbc_rng_next(&r), NULL, 0, &stats);
        expect_same(st, &R, &G, &B, "modular", nvars, order, text.s, "");
        primes += stats.primes;
        plist_clear(&cm, &G, &R.F);
        double t2 = gbc_wall_time();
        if (CERTIFY) {
            st = modular(&cm, &R, &F, &G, 1, gbc_rng_next(&r), NULL, 0, NULL);
            expect_same(st, &R, &G, &B, "modular, certified", nvars, order, text.s,
                        "--certify ");
        }
        double t3 = gbc_wall_time();
        tb += t1 - t0;
        tm += t2 - t1;
        tc += t3 - t2;
        plist_clear(&cm, &G, &R.F);
        T_ASSERT_MSG(cm.mem_used == 0, "the modular path leaked %zu bytes", cm.mem_used);

        if (total_terms(&B) <= 400) {
            check_report rep;
            T_ASSERT(check_groebner(&cb, &R, &B, &rep) == GBC_OK);
            T_ASSERT_MSG(rep.is_groebner && rep.is_reduced, "order %s: %s\n%s", order,
                         rep.reason, text.s);
        }
        nontrivial += B.n > 1;
        size_t mb = max_bits(&B);
        bits = mb > bits ? mb : bits;
        plist_clear(&cb, &B, &R.F);
        plist_clear(&cb, &F, &R.F);
        ring_clear(&cb, &R);
        sb_free(&text);
    }
    printf("order kind %d: %d ideals (%d with more than one element, %d skipped), %zu primes "
           "in all, coefficients up to %zu bits; seconds: Buchberger %.2f, modular %.2f, "
           "certified %.2f\n",
           _i, n, nontrivial, skipped, primes, bits, tb, tm, tc);
    /* the generator is not degenerate (a stricter share, such as a third of only 8
     * ideals, failed by chance about once in 40 runs) */
    ck_assert_int_gt(nontrivial, 0);
    ck_assert_uint_ge(bits, 160); /* 50 digits */
}
END_TEST

/* Bases whose coefficients need many primes: linear systems with 40-digit
 * coefficients (the solution is a quotient of determinants), a point with
 * coordinates of 100-digit numerators and denominators, and small systems whose lex basis has large coefficients. Each must
 * equal Buchberger's, certified or not, and use at least as many primes as the
 * coefficient size requires (two residues per 31 bits of numerator and
 * denominator). */
START_TEST(test_many_primes)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 99);
    int n = 3 * tu_mult(), cases = 0;
    for (int it = 0; it < n; it++)
        for (int shape = 0, redraws = 0; shape < 3; shape++) {
            sbuf text;
            sb_init(&text);
            uint32_t nvars = 3;
            char order[96];
            tu_random_order(order, sizeof order, &r, nvars, (it * 3 + shape) % NORDER_KINDS);
            if (shape == 0) { /* a linear system: one point */
                for (uint32_t i = 0; i < nvars; i++) {
                    for (uint32_t v = 0; v < nvars; v++) {
                        sb_printf(&text, "%s", v ? " + " : (i ? ",\n" : ""));
                        put_digits(&text, &r, 40);
                        sb_printf(&text, "*%s", vnames[v]);
                    }
                    sb_printf(&text, " - ");
                    put_digits(&text, &r, 40);
                }
            } else if (shape == 1) { /* x = a/b, y^2 = c/d, z = e/f * x * y */
                const char *fmt[] = {"x - ", "y^2 - ", "z - "};
                for (int i = 0; i < 3; i++) {
                    sb_printf(&text, "%s%s", i ? ",\n" : "", fmt[i]);
                    put_digits(&text, &r, 100);
                    sb_printf(&text, "/");
                    put_digits(&text, &r, 100);
                    if (i == 2)
                        sb_printf(&text, "*x*y");
                }
            } else { /* three dense quadrics with small coefficients: their lex basis
                      * (shape lemma) has large coefficients */
                snprintf(order, sizeof order, "lex");
                for (uint32_t i = 0; i < nvars; i++) {
                    sb_printf(&text, "%s", i ? ",\n" : "");
                    int first = 1;
                    for (uint32_t a = 0; a <= 2; a++)
                        for (uint32_t b = 0; a + b <= 2; b++)
                            for (uint32_t c = 0; a + b + c <= 2; c++) {
                                uint32_t e[MAXV] = {a, b, c, 0};
                                if (a + b + c < 2 && gbc_rng_below(&r, 2))
                                    continue; /* keep every quadratic term */
                                put_coef(&text, &r, C_SMALL, first);
                                put_mono(&text, e, nvars);
                                first = 0;
                            }
                }
            }
            double t0 = gbc_wall_time();
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ring R;
            ring_make(&ctx, &R, nvars, 0, order);
            plist F, B, G;
            parse_polys(&ctx, &F, &R, text.s);
            plist_init(&B);
            T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
            if (shape == 2 && max_bits(&B) < 64 && redraws < 20) {
                /* a degenerate draw (say, not in shape position: small lex
                 * coefficients): draw the quadrics again, the case is about many
                 * primes */
                redraws++;
                plist_clear(&ctx, &B, &R.F);
                plist_clear(&ctx, &F, &R.F);
                ring_clear(&ctx, &R);
                sb_free(&text);
                shape--;
                continue;
            }
            gb_stats stats;
            memset(&stats, 0, sizeof stats);
            gbc_status st = modular(&ctx, &R, &F, &G, 0, gbc_rng_next(&r), NULL, 0, &stats);
            expect_same(st, &R, &G, &B, "many primes", nvars, order, text.s, "");
            plist_clear(&ctx, &G, &R.F);
            size_t bits = max_bits(&B), need = (2 * bits) / 31;
            T_ASSERT_MSG(stats.primes >= need,
                         "order %s: coefficients of %zu bits lifted from %zu primes", order,
                         bits, stats.primes);
            if (CERTIFY && (shape != 2 || it == 0)) { /* proving a large lex basis is slow */
                st = modular(&ctx, &R, &F, &G, 1, gbc_rng_next(&r), NULL, 0, NULL);
                expect_same(st, &R, &G, &B, "many primes, certified", nvars, order, text.s,
                            "--certify ");
                plist_clear(&ctx, &G, &R.F);
            }
            printf("shape %d (%s): %zu polynomials, coefficients of %zu bits, %zu primes, "
                   "%.2f s\n",
                   shape, order, B.n, bits, stats.primes, gbc_wall_time() - t0);
            T_ASSERT_MSG(bits >= (shape == 2 ? 64u : 200u),
                         "shape %d, order %s: coefficients of only %zu bits:\n%s", shape, order,
                         bits, text.s);
            plist_clear(&ctx, &B, &R.F);
            plist_clear(&ctx, &F, &R.F);
            ring_clear(&ctx, &R);
            T_ASSERT(ctx.mem_used == 0);
            sb_free(&text);
            cases++;
        }
    ck_assert_int_eq(cases, 3 * n);
}
END_TEST

/* ------------------------------------------------------------ the API -- */

/* gbc_groebner over Q: the default algorithm, F4 named explicitly, and certify
 * through gbc_options_set_certify all equal GBC_ALGO_BUCHBERGER. Loop index: the
 * order kind. */
START_TEST(test_api_default)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() * 31u + 7u + (uint64_t)_i);
    int n = 3 * tu_mult();
    for (int it = 0; it < n; it++) {
        uint32_t nvars = 2 + (uint32_t)gbc_rng_below(&r, 2);
        char order[96];
        tu_random_order(order, sizeof order, &r, nvars, _i);
        sbuf text;
        sb_init(&text);
        for (uint32_t v = 0; v < nvars; v++)
            sb_printf(&text, "%s%s", v ? ", " : "", vnames[v]);
        sb_printf(&text, "\n0\n");
        size_t gens_at = text.len;
        int kind;
        gen_ideal(&text, &r, nvars, it % 2 ? C_FRACTION : C_MIXED, gbc_rng_below(&r, 4) == 0,
                  nvars == 2 ? 6 : 4, &kind);
        gbc_ring *rg = NULL;
        gbc_polys *gens = NULL, *bb = NULL, *def = NULL, *f4 = NULL, *cert = NULL;
        gbc_error err;
        T_ASSERT(gbc_parse(&rg, &gens, text.s, text.len, order, NULL, &err) == GBC_OK);
        if (!runnable(&gens->L, nvars)) {
            gbc_polys_free(gens);
            gbc_ring_free(rg);
            sb_free(&text);
            continue;
        }
        gbc_options *ob, *of, *oc;
        T_ASSERT(gbc_options_new(&ob) == GBC_OK && gbc_options_new(&of) == GBC_OK &&
                 gbc_options_new(&oc) == GBC_OK);
        T_ASSERT(gbc_options_set_algorithm(ob, GBC_ALGO_BUCHBERGER) == GBC_OK);
        T_ASSERT(gbc_options_set_algorithm(of, GBC_ALGO_F4) == GBC_OK);
        T_ASSERT(gbc_options_set_certify(oc, 1) == GBC_OK);
        gbc_stats *stats;
        T_ASSERT(gbc_stats_new(&stats) == GBC_OK);
        T_ASSERT(gbc_groebner(&bb, gens, ob, NULL) == GBC_OK);
        gbc_status st = gbc_groebner(&def, gens, NULL, stats);
        const ring *R = &rg->R;
        plist empty;
        plist_init(&empty);
        expect_same(st, R, st == GBC_OK ? &def->L : &empty, &bb->L, "gbc_groebner default",
                    nvars, order, text.s + gens_at, "");
        T_ASSERT(gbc_stats_get(stats, "primes") >= 1);
        st = gbc_groebner(&f4, gens, of, NULL);
        expect_same(st, R, st == GBC_OK ? &f4->L : &empty, &bb->L, "gbc_groebner F4", nvars,
                    order, text.s + gens_at, "");
        if (CERTIFY) {
            st = gbc_groebner(&cert, gens, oc, NULL);
            expect_same(st, R, st == GBC_OK ? &cert->L : &empty, &bb->L,
                        "gbc_groebner certified", nvars, order, text.s + gens_at, "--certify ");
        }
        int isgb = 0, isred = 0;
        T_ASSERT(gbc_is_groebner(&isgb, &isred, def, NULL) == GBC_OK);
        T_ASSERT(isgb && isred);
        gbc_stats_free(stats);
        gbc_options_free(ob);
        gbc_options_free(of);
        gbc_options_free(oc);
        gbc_polys_free(cert);
        gbc_polys_free(f4);
        gbc_polys_free(def);
        gbc_polys_free(bb);
        gbc_polys_free(gens);
        gbc_ring_free(rg);
        sb_free(&text);
    }
}
END_TEST

/* ------------------------------------------------------ unlucky primes -- */

/* A random prime in [2^30, 2^31). */
static uint32_t random_prime(gbc_rng *r)
{
    uint32_t q = (uint32_t)((1u << 30) + gbc_rng_below(r, 1u << 30)) | 1u;
    while (zp_is_prime(q) != 1)
        q += 2;
    return q;
}

/* <x^2 + z, x^2 + z + p*y^2>: modulo p the second generator collapses onto the
 * first, so p is unlucky (the basis over Q is {y^2, x^2 + z}). Forced as the
 * learning prime, the driver must notice and learn again ("relearning" in its log);
 * forced as the first replayed prime it must discard it. Either way, certified or
 * not, the result equals Buchberger's. (Every order here keeps x^2 leading, so p
 * divides no leading coefficient and is really used: the log says so.) */
START_TEST(test_forced_unlucky_prime)
{
    static const char *const orders[] = {"grevlex", "lex", "deglex", "weights:3,2,1",
                                         "blocks:lex(1),grevlex(2)", "blocks:deglex(2),lex(1)"};
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 5);
    const uint32_t ps[] = {3, 101, 32003, 1000003, 2147483647u, random_prime(&r)};
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++)
        for (size_t j = 0; j < sizeof ps / sizeof ps[0]; j++)
            for (int certify = 0; certify < 1 + CERTIFY; certify++) {
                const uint32_t p = ps[j];
                char gens[128], learned[64];
                snprintf(gens, sizeof gens, "x^2 + z, x^2 + z + %u*y^2", p);
                snprintf(learned, sizeof learned, "learned modulo %u:", p);
                gbc_ctx ctx;
                logbuf lb;
                ctx_with_log(&ctx, &lb);
                ring R;
                ring_make(&ctx, &R, 3, 0, orders[o]);
                plist F, B, G;
                parse_polys(&ctx, &F, &R, gens);
                plist_init(&B);
                T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
                T_ASSERT(B.n == 2);
                /* p forced as the learning prime */
                gbc_status st = modular(&ctx, &R, &F, &G, certify, tu_seed(), &p, 1, NULL);
                expect_same(st, &R, &G, &B, "forced unlucky learning prime", 3, orders[o], gens,
                            certify ? "--certify " : "");
                T_ASSERT_MSG(strstr(lb.text, learned) != NULL,
                             "%s, p=%u: the forced prime was not used:\n%s", orders[o], p,
                             lb.text);
                T_ASSERT_MSG(strstr(lb.text, "relearning") != NULL,
                             "%s, p=%u: the unlucky learning prime was not noticed:\n%s",
                             orders[o], p, lb.text);
                plist_clear(&ctx, &G, &R.F);
                /* p forced right after a good learning prime */
                const uint32_t two[2] = {1000000007u, p};
                lb.len = 0;
                st = modular(&ctx, &R, &F, &G, certify, tu_seed(), two, 2, NULL);
                expect_same(st, &R, &G, &B, "forced unlucky replayed prime", 3, orders[o], gens,
                            certify ? "--certify " : "");
                plist_clear(&ctx, &G, &R.F);
                plist_clear(&ctx, &B, &R.F);
                plist_clear(&ctx, &F, &R.F);
                ring_clear(&ctx, &R);
                T_ASSERT(ctx.mem_used == 0);
            }
}
END_TEST

/* Random ideals F made unlucky for a prime p: F plus f1 + p*m for a monomial m
 * (modulo p the new generator is f1 again). With p forced first the result still
 * equals Buchberger's; and whenever the basis modulo p has another shape than the
 * basis over Q while the driver learned from p, it must have learned again. */
START_TEST(test_random_unlucky)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() * 13u + (uint64_t)_i);
    int n = 8 * tu_mult(), exercised = 0;
    for (int it = 0; it < n; it++) {
        uint32_t nvars = 3;
        char order[96];
        tu_random_order(order, sizeof order, &r, nvars, _i);
        uint32_t p = it % 2 ? random_prime(&r) : 32003;
        sbuf text, f1;
        sb_init(&text);
        sb_init(&f1);
        /* g, f1, f1 + p*m: over Q m is in the ideal, modulo p it usually is not */
        put_poly(&text, &r, nvars, C_SMALL, 1 + (uint32_t)gbc_rng_below(&r, 3), 3, 0);
        put_poly(&f1, &r, nvars, C_SMALL, 2, 3, 0);
        uint32_t e[MAXV];
        random_mono(e, &r, nvars, 1 + (uint32_t)gbc_rng_below(&r, 2));
        sb_printf(&text, ",\n%s,\n%s + %u", f1.s, f1.s, p);
        put_mono(&text, e, nvars);

        gbc_ctx ctx;
        logbuf lb;
        ctx_with_log(&ctx, &lb);
        ring R, Rp;
        ring_make(&ctx, &R, nvars, 0, order);
        ring_make(&ctx, &Rp, nvars, p, order);
        plist F, Fp, B, Bp, G;
        parse_polys(&ctx, &F, &R, text.s);
        parse_polys(&ctx, &Fp, &Rp, text.s);
        plist_init(&B);
        plist_init(&Bp);
        plist_init(&G);
        if (!runnable(&F, nvars))
            goto next;
        T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
        T_ASSERT(bb_groebner(&ctx, &Rp, &Fp, &Bp, NULL) == GBC_OK);
        int certify = CERTIFY && it % 4 == 3;
        uint64_t seed = gbc_rng_next(&r);
        /* the default path first (for lex, block and weighted orders: FGLM modulo
         * each prime when zero-dimensional), for the result alone; then the
         * homogenised ideal, whose trace is the one learnt from p below */
        gbc_status st = modular(&ctx, &R, &F, &G, certify, seed, &p, 1, NULL);
        expect_same(st, &R, &G, &B, "random unlucky prime", nvars, order, text.s,
                    certify ? "--certify " : "");
        plist_clear(&ctx, &G, &R.F);
        lb.len = 0;
        lb.text[0] = 0;
        g_order_path = GBC_ORDER_HOMOGENISE;
        st = modular(&ctx, &R, &F, &G, certify, seed, &p, 1, NULL);
        g_order_path = 0;
        expect_same(st, &R, &G, &B, "random unlucky prime (homogenised)", nvars, order, text.s,
                    certify ? "--certify --order-path homogenise " : "--order-path homogenise ");
        char learned[64];
        snprintf(learned, sizeof learned, "learned modulo %u:", p);
        int shape = B.n == Bp.n;
        for (size_t k = 0; k < B.n && shape; k++)
            shape = B.p[k].len == Bp.p[k].len &&
                    memcmp(B.p[k].exps, Bp.p[k].exps, sizeof(uint32_t) * nvars * B.p[k].len) == 0;
        /* f1 may cancel to zero (its terms are random): f1 + p*m is then p*m, whose
         * content the driver removes, so p is not unlucky for the driver's input */
        plist f1q;
        parse_polys(&ctx, &f1q, &R, f1.s);
        int f1zero = f1q.n == 0 || f1q.p[0].len == 0;
        plist_clear(&ctx, &f1q, &R.F);
        if (!shape && !f1zero && strstr(lb.text, learned) != NULL) {
            exercised++;
            T_ASSERT_MSG(strstr(lb.text, "relearning") != NULL,
                         "order %s: learned from the unlucky %u and never relearned:\n%s\n%s",
                         order, p, lb.text, text.s);
        }
    next:
        plist_clear(&ctx, &G, &R.F);
        plist_clear(&ctx, &B, &R.F);
        plist_clear(&ctx, &Bp, &Rp.F);
        plist_clear(&ctx, &F, &R.F);
        plist_clear(&ctx, &Fp, &Rp.F);
        ring_clear(&ctx, &R);
        ring_clear(&ctx, &Rp);
        sb_free(&text);
        sb_free(&f1);
    }
    printf("order kind %d: %d random unlucky primes, %d learned from and caught\n", _i, n,
           exercised);
    ck_assert_int_gt(exercised, 0);
}
END_TEST

/* ----------------------------------------------------- certification -- */

/* The ingredients of the certification on corrupted bases. For random ideals F with
 * reduced basis B over Q: B passes (F reduces to zero by B, and B satisfies
 * Buchberger's criterion with the pair criteria); B with one tail coefficient
 * altered never passes both, and check_groebner_criteria and check_groebner_fast
 * agree with the independent check_groebner on whether the altered list is a
 * Groebner basis (and check_groebner_fast on whether it is reduced). */
START_TEST(test_certify_ingredients)
{
    /* bases with leading monomials that share variables, so that an altered tail
     * often breaks Buchberger's criterion (random bases often have coprime leads) */
    static const char *const fixed[] = {
        "x^2 - 2/3*y, x*y - 1",
        "x*z - y^2, y*z - 5*x^2, z^2 - 7/2*x*y",
        "x + y + z, x*y + y*z + z*x, x*y*z - 1",
        "x^2*y - z, x*y^2 - 3*x, y^3 - z^2 + 1",
    };
    const int nfixed = (int)(sizeof fixed / sizeof fixed[0]) * NORDER_KINDS;
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() * 17u + 3u);
    int n = nfixed + 60 * tu_mult(), corrupted = 0, not_contained = 0, not_gb = 0;
    for (int it = 0; it < n; it++) {
        uint32_t nvars = it < nfixed ? 3 : 2 + (uint32_t)gbc_rng_below(&r, 2);
        char order[96];
        tu_random_order(order, sizeof order, &r, nvars, it % NORDER_KINDS);
        sbuf text;
        sb_init(&text);
        int kind;
        if (it < nfixed)
            sb_printf(&text, "%s", fixed[it / NORDER_KINDS]);
        else
            gen_ideal(&text, &r, nvars, it % 2 ? C_SMALL : C_MIXED, gbc_rng_below(&r, 3) == 0,
                      nvars == 2 ? 6 : 4, &kind);
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ring R;
        ring_make(&ctx, &R, nvars, 0, order);
        plist F, B;
        parse_polys(&ctx, &F, &R, text.s);
        plist_init(&B);
        T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
        int contained = 0, is_gb = 0;
        T_ASSERT(check_ideal_contains(&ctx, &R, &B, &F, &contained, NULL) == GBC_OK);
        T_ASSERT(check_groebner_criteria(&ctx, &R, &B, &is_gb) == GBC_OK);
        T_ASSERT_MSG(contained && is_gb, "order %s: the honest basis fails (%d, %d)\n%s", order,
                     contained, is_gb, text.s);
        check_report honest;
        T_ASSERT(check_groebner_fast(&ctx, &R, &B, &honest) == GBC_OK);
        T_ASSERT_MSG(honest.is_groebner && honest.is_reduced, "order %s: %s\n%s", order,
                     honest.reason, text.s);
        for (size_t k = 0; k < B.n && total_terms(&B) <= 300; k++) {
            if (B.p[k].len < 2)
                continue;
            plist C;
            plist_init(&C);
            T_ASSERT(plist_copy(&ctx, &C, &B, nvars, &R.F) == GBC_OK);
            /* c += a/b with a/b a random nonzero rational, keeping c nonzero */
            size_t i = 1 + (size_t)gbc_rng_below(&r, C.p[k].len - 1);
            mpq_t d;
            mpq_init(d);
            mpq_set_si(d, (long)gbc_rng_below(&r, 9) + 1, 1 + gbc_rng_below(&r, 3));
            if (gbc_rng_below(&r, 2))
                mpq_neg(d, d);
            mpq_canonicalize(d);
            mpq_add(C.p[k].cq[i], C.p[k].cq[i], d);
            if (mpq_sgn(C.p[k].cq[i]) == 0)
                mpq_add(C.p[k].cq[i], C.p[k].cq[i], d);
            mpq_clear(d);
            T_ASSERT(check_ideal_contains(&ctx, &R, &C, &F, &contained, NULL) == GBC_OK);
            T_ASSERT(check_groebner_criteria(&ctx, &R, &C, &is_gb) == GBC_OK);
            check_report rep, fast;
            T_ASSERT(check_groebner(&ctx, &R, &C, &rep) == GBC_OK);
            T_ASSERT(check_groebner_fast(&ctx, &R, &C, &fast) == GBC_OK);
            if ((contained && is_gb) || is_gb != rep.is_groebner ||
                fast.is_groebner != rep.is_groebner || fast.is_reduced != rep.is_reduced) {
                char *c = list_text(&R, &C);
                ck_abort_msg("order %s, generators\n%s\ncorrupted basis (polynomial %zu, term "
                             "%zu)\n%s\ncontained %d, criteria %d, check_groebner %d/%d, "
                             "check_groebner_fast %d/%d",
                             order, text.s, k, i, c, contained, is_gb, rep.is_groebner,
                             rep.is_reduced, fast.is_groebner, fast.is_reduced);
            }
            corrupted++;
            not_contained += !contained;
            not_gb += !is_gb;
            plist_clear(&ctx, &C, &R.F);
        }
        plist_clear(&ctx, &B, &R.F);
        plist_clear(&ctx, &F, &R.F);
        ring_clear(&ctx, &R);
        T_ASSERT(ctx.mem_used == 0);
        sb_free(&text);
    }
    printf("certification ingredients: %d corrupted bases, %d not containing the ideal, %d "
           "not Groebner bases\n",
           corrupted, not_contained, not_gb);
    ck_assert_int_ge(corrupted, nfixed);
    ck_assert_int_gt(not_contained, 0);
    ck_assert_int_gt(not_gb, 0);
}
END_TEST

/* The certification end to end, through the test hook gbc_plan.corrupt_candidates:
 * a candidate corrupted once is rejected ("certification:" failure in the log) and
 * the driver recovers with more primes, returning Buchberger's basis; a candidate
 * corrupted every time is never returned: the driver stops with an error within its
 * prime budget and leaves the output empty. */
START_TEST(test_certify_hook)
{
    static const char *const inputs[] = {
        "x^2 + 3/7*y - 1, y^2 - 12345678901234567890123456789012345678901234567890*x",
        "x*y - 2/3, x^2 + y^2 - 5",
        "x^3 - y*z, y^2 - 7/11*z, x*z - 1",
        "x^2 + z, x^2 + z + 32003*y^2",
    };
    static const char *const orders[] = {"grevlex", "lex", "weights:1,3,2",
                                         "blocks:grevlex(1),lex(2)"};
    int rejected = 0;
    for (size_t c = 0; c < sizeof inputs / sizeof inputs[0]; c++)
        for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
            gbc_ctx ctx;
            logbuf lb;
            ctx_with_log(&ctx, &lb);
            ring R;
            ring_make(&ctx, &R, 3, 0, orders[o]);
            plist F, B, G;
            parse_polys(&ctx, &F, &R, inputs[c]);
            plist_init(&B);
            T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);

            gbc_plan mo;
            memset(&mo, 0, sizeof mo);
            mo.certify = 1;
            mo.fixed_seed = 1;
            mo.seed = tu_seed() + (uint64_t)c;
            mo.corrupt_candidates = 1;
            plist_init(&G);
            gbc_status st = mod_groebner_plan(&ctx, &R, &F, &G, NULL, &mo);
            expect_same(st, &R, &G, &B, "certify after one corrupted candidate", 3, orders[o],
                        inputs[c], "--certify ");
            T_ASSERT_MSG(strstr(lb.text, "certification: a generator does not reduce") ||
                             strstr(lb.text, "certification: an S-pair does not reduce"),
                         "'%s' %s: the corrupted candidate was not rejected:\n%s", inputs[c],
                         orders[o], lb.text);
            rejected++;
            plist_clear(&ctx, &G, &R.F);

            mo.corrupt_candidates = SIZE_MAX;
            mo.max_primes = 24;
            plist_init(&G);
            lb.len = 0;
            st = mod_groebner_plan(&ctx, &R, &F, &G, NULL, &mo);
            T_ASSERT_MSG(st != GBC_OK && G.n == 0,
                         "'%s' %s: a corrupted candidate was returned (%s)", inputs[c], orders[o],
                         gbc_status_string(st));
#if MOD_CERTIFY_FAILURE_STATUS_FIXED
            /* modular.h and docs/modular.md: GBC_ERR_VERIFY if the proof fails for
             * every candidate within the prime budget */
            ck_assert_msg(st == GBC_ERR_VERIFY, "'%s' %s: %s instead of GBC_ERR_VERIFY",
                          inputs[c], orders[o], gbc_status_string(st));
#endif
            plist_clear(&ctx, &B, &R.F);
            plist_clear(&ctx, &F, &R.F);
            ring_clear(&ctx, &R);
            T_ASSERT(ctx.mem_used == 0);
        }
    ck_assert_int_eq(rejected, (int)(sizeof inputs / sizeof inputs[0] *
                                     (sizeof orders / sizeof orders[0])));
}
END_TEST

/* ------------------------------------------- primes no input can predict -- */

/* The primes the driver drew on every run before it took its seed from the OS: the
 * generator seeded with the old fixed default, an odd number of [2^30, 2^31) and
 * the next prime after it. An input built from them defeated the learning, the
 * stability test and the check at once (issue 11). */
static void old_default_primes(uint32_t *out, size_t n)
{
    gbc_rng r;
    gbc_rng_seed(&r, 0x6d6f647374643331ULL);
    for (size_t k = 0; k < n;) {
        uint32_t q = (uint32_t)((1u << 30) + gbc_rng_below(&r, 1u << 30)) | 1u;
        while (zp_is_prime(q) != 1)
            q = q + 2 >= (1u << 31) ? (1u << 30) + 1 : q + 2;
        int used = 0;
        for (size_t j = 0; j < k; j++)
            used |= out[j] == q;
        if (!used)
            out[k++] = q;
    }
}

/* The inputs of issue 11 and a family like them: coefficients 1 + P, P * c + 1 and
 * P + c where P is the product of the first k primes of the old default (k = 1..40),
 * in three term orders; the default path (random seed) gives Buchberger's basis. */
START_TEST(test_crafted_old_primes)
{
    enum { K = 40 };
    uint32_t pr[K];
    old_default_primes(pr, K);
    ck_assert_uint_eq(pr[0], 1406254193u);
    ck_assert_uint_eq(pr[1], 1145797951u);
    ck_assert_uint_eq(pr[2], 1866711773u);
    static const char *const orders[] = {"grevlex", "lex", "blocks:lex(1),grevlex(2)"};
    /* %s is P + offset, written in decimal */
    static const char *const shapes[] = {"x+y, x+%s*y", "x^2+y*z, x^2+%s*y*z+z^2, y^2-x",
                                         "x*y-%s*z, x*y-z, y^2+z^2-1"};
    static const long offsets[] = {1, -1, 7};
    mpz_t P, c;
    mpz_inits(P, c, NULL);
    mpz_set_ui(P, 1);
    int checked = 0;
    for (int k = 1; k <= K; k++) {
        mpz_mul_ui(P, P, pr[k - 1]);
        /* every k up to 6, then every fifth: the small products are the likely
         * attacks (a few primes of a run), the large ones show it scales */
        if (k > 6 && k % 5 != 0)
            continue;
        for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++) {
            long off = offsets[(size_t)k % 3];
            mpz_set_si(c, off);
            mpz_add(c, c, P);
            char *num = mpz_get_str(NULL, 10, c);
            char gens[1024];
            snprintf(gens, sizeof gens, shapes[sh], num);
            free(num);
            const char *order = orders[(sh + (size_t)k) % 3];
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ring R;
            ring_make(&ctx, &R, 3, 0, order);
            plist F, B, G;
            parse_polys(&ctx, &F, &R, gens);
            plist_init(&B);
            plist_init(&G);
            T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
            gbc_plan mo;
            memset(&mo, 0, sizeof mo); /* the default: a seed from the OS */
            gb_stats stats;
            memset(&stats, 0, sizeof stats);
            gbc_status st = mod_groebner_plan(&ctx, &R, &F, &G, &stats, &mo);
            if (!(st == GBC_OK && check_plist_equal(&R, &G, &B)))
                fprintf(stderr, "crafted input k=%d, run seed %llu\n", k, stats.seed);
            expect_same(st, &R, &G, &B, "crafted against the old default primes", 3, order,
                        gens, "");
            checked++;
            plist_clear(&ctx, &G, &R.F);
            plist_clear(&ctx, &B, &R.F);
            plist_clear(&ctx, &F, &R.F);
            ring_clear(&ctx, &R);
            T_ASSERT(ctx.mem_used == 0);
        }
    }
    mpz_clears(P, c, NULL);
    ck_assert_int_gt(checked, 20);
}
END_TEST

/* A learning prime p that divides a third of the non-leading coefficients of
 * random ideals (3 or 4 generators in 3 variables), forced first: modulo p those
 * terms vanish, so a learnt round keeps only the reducers the rows need modulo p,
 * and modulo the other primes a row may meet a column whose reducer the trace
 * left out (docs/f4.md, the trace's life). Whatever p does (lucky, unlucky, a
 * support that differs), the result equals Buchberger's over Q. */
START_TEST(test_vanished_coefficients)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() * 31u + 7 + (uint64_t)_i);
    int n = 6 * tu_mult(), ran = 0;
    for (int it = 0; it < n; it++) {
        const uint32_t nvars = 3;
        char order[96];
        tu_random_order(order, sizeof order, &r, nvars, _i);
        uint32_t p = it % 2 ? random_prime(&r) : 32003;
        sbuf text;
        sb_init(&text);
        uint32_t ng = 3 + (uint32_t)gbc_rng_below(&r, 2);
        for (uint32_t k = 0; k < ng; k++) {
            if (k)
                sb_printf(&text, ",\n");
            put_poly(&text, &r, nvars, C_SMALL, 1 + (uint32_t)gbc_rng_below(&r, 3),
                     3 + (uint32_t)gbc_rng_below(&r, 3), 0);
        }
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ring R;
        ring_make(&ctx, &R, nvars, 0, order);
        plist F, B, G;
        parse_polys(&ctx, &F, &R, text.s);
        plist_init(&B);
        plist_init(&G);
        for (size_t k = 0; k < F.n; k++)
            for (size_t i = 1; i < F.p[k].len; i++)
                if (gbc_rng_below(&r, 3) == 0)
                    mpz_mul_ui(mpq_numref(F.p[k].cq[i]), mpq_numref(F.p[k].cq[i]), p);
        /* the reference, Buchberger over Q, may meet a coefficient explosion on
         * these inputs (coefficients times a prime near 2^31, in lex or block
         * orders): it gets 30 s of wall time, and a case it cannot finish is
         * printed and skipped */
        ctx.deadline = gbc_wall_time() + 30.0;
        gbc_status ref = runnable(&F, nvars) ? bb_groebner(&ctx, &R, &F, &B, NULL) : GBC_OK;
        ctx.deadline = 0.0;
        if (ref == GBC_ERR_INTERRUPTED) {
            char *gens = list_text(&R, &F);
            printf("order %s: Buchberger over Q did not finish in 30 s, skipped:\n%s\n", order,
                   gens);
            free(gens);
        } else if (runnable(&F, nvars)) {
            char *gens = list_text(&R, &F);
            T_ASSERT(ref == GBC_OK);
            uint64_t seed = gbc_rng_next(&r);
            gbc_status st = modular(&ctx, &R, &F, &G, 0, seed, &p, 1, NULL);
            expect_same(st, &R, &G, &B, "learning prime dividing coefficients", nvars, order,
                        gens, "");
            plist_clear(&ctx, &G, &R.F);
            g_order_path = GBC_ORDER_HOMOGENISE;
            st = modular(&ctx, &R, &F, &G, 0, seed, &p, 1, NULL);
            g_order_path = 0;
            expect_same(st, &R, &G, &B, "learning prime dividing coefficients (homogenised)",
                        nvars, order, gens, "--order-path homogenise ");
            free(gens);
            ran++;
        }
        plist_clear(&ctx, &G, &R.F);
        plist_clear(&ctx, &B, &R.F);
        plist_clear(&ctx, &F, &R.F);
        ring_clear(&ctx, &R);
        T_ASSERT_MSG(ctx.mem_used == 0, "leaked %zu bytes", ctx.mem_used);
        sb_free(&text);
    }
    printf("order kind %d: %d ideals with coefficients divisible by the learning prime\n", _i,
           ran);
    ck_assert_int_gt(ran, 0);
}
END_TEST

/* The old attack still works with the old primes forced: the test hook proves the
 * family above would have found the bug (the forced primes make the wrong basis
 * {x + y} pass), so the test above is not vacuous. */
START_TEST(test_crafted_needs_known_primes)
{
    uint32_t pr[3];
    old_default_primes(pr, 3);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ring R;
    ring_make(&ctx, &R, 2, 0, "grevlex");
    plist F, G;
    parse_polys(&ctx, &F, &R, "x+y, x+3007801268535068273045826740*y");
    gbc_plan mo;
    memset(&mo, 0, sizeof mo);
    mo.forced_primes = pr;
    mo.nforced = 3;
    plist_init(&G);
    T_ASSERT(mod_groebner_plan(&ctx, &R, &F, &G, NULL, &mo) == GBC_OK);
    /* the check prime is the third: modulo each of them the second generator is
     * x + y, so the learning, the stability test, the check and the generators'
     * reduction all agree on the wrong basis */
    ck_assert_msg(G.n == 1, "the forced primes no longer reproduce the attack (%zu elements)",
                  G.n);
    plist_clear(&ctx, &G, &R.F);
    plist_clear(&ctx, &F, &R.F);
    ring_clear(&ctx, &R);
}
END_TEST

/* text without the timings " (1.23 s)" that end some log lines. */
static void strip_times(char *text)
{
    char *w = text;
    for (char *r = text; *r;) {
        if (r[0] == ' ' && r[1] == '(') {
            char *e = strchr(r, ')');
            char *nl = strchr(r, '\n');
            if (e != NULL && (nl == NULL || e < nl) && e - r > 3 && e[-1] == 's' &&
                e[-2] == ' ') {
                r = e + 1;
                continue;
            }
        }
        *w++ = *r++;
    }
    *w = '\0';
}

/* Seeds: a fixed seed repeats the run (same primes, same log, same basis); drawn
 * seeds differ between runs, and so do the learning primes (equal by chance with
 * probability about 2^-25 per pair: the test allows one coincidence in 4 runs). */
START_TEST(test_seeds)
{
    const char *gens = "x^2*y-3*z+1/2, (x+y)^3-z*(y-1), x*y*z-1";
    char first[1 << 14] = "";
    uint64_t seeds[4];
    char learned[4][64];
    for (int run = 0; run < 6; run++) {
        gbc_ctx ctx;
        logbuf lb;
        ctx_with_log(&ctx, &lb);
        ring R;
        ring_make(&ctx, &R, 3, 0, "grevlex");
        plist F, G;
        parse_polys(&ctx, &F, &R, gens);
        plist_init(&G);
        gbc_plan mo;
        memset(&mo, 0, sizeof mo);
        if (run >= 4) {
            mo.fixed_seed = 1;
            mo.seed = tu_seed() ^ 0x5eedULL;
        }
        gb_stats stats;
        memset(&stats, 0, sizeof stats);
        T_ASSERT(mod_groebner_plan(&ctx, &R, &F, &G, &stats, &mo) == GBC_OK);
        T_ASSERT(stats.seeded);
        const char *l = strstr(lb.text, "learned modulo ");
        T_ASSERT(l != NULL);
        if (run < 4) {
            seeds[run] = stats.seed;
            snprintf(learned[run], sizeof learned[run], "%.*s", (int)strcspn(l, ":"), l);
        } else if (run == 4) {
            T_ASSERT(stats.seed == mo.seed);
            strip_times(lb.text);
            snprintf(first, sizeof first, "%s", lb.text);
        } else {
            strip_times(lb.text);
            ck_assert_msg(strcmp(first, lb.text) == 0,
                          "one seed, two runs, two logs:\n%s\n----\n%s", first, lb.text);
        }
        plist_clear(&ctx, &G, &R.F);
        plist_clear(&ctx, &F, &R.F);
        ring_clear(&ctx, &R);
    }
    int same_seed = 0, same_prime = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            same_seed += seeds[i] == seeds[j];
            same_prime += strcmp(learned[i], learned[j]) == 0;
        }
    ck_assert_msg(same_seed == 0, "drawn seeds repeat: %llu %llu %llu %llu",
                  (unsigned long long)seeds[0], (unsigned long long)seeds[1],
                  (unsigned long long)seeds[2], (unsigned long long)seeds[3]);
    ck_assert_msg(same_prime <= 1, "learning primes repeat across runs: %s / %s / %s / %s",
                  learned[0], learned[1], learned[2], learned[3]);
}
END_TEST

/* ------------------------------------------------------------ threads -- */

/* Primes applied in parallel (--threads 2: batches of two primes on the
 * computation's pool) give exactly the one-thread basis, which is Buchberger's:
 * katsura-4 in every order kind, and random ideals. An unlucky prime forced into
 * the second slot of a batch (the learning prime, the compiling prime, then a
 * batch of {good, unlucky}) is left out (-vv says so) and the basis is still
 * right; the same prime forced as the learning prime is relearned from. Nothing
 * is left allocated. (tsan runs this case too: ctest's modular/t-modular-threads.) */
START_TEST(test_threads)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() * 31u + 7);
    char *kat = tu_system_gens("katsura", 5);
    for (int kind = 0; kind < NORDER_KINDS; kind++) {
        char order[96];
        tu_random_order(order, sizeof order, &r, 5, kind);
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        static const char *const xs[] = {"x0", "x1", "x2", "x3", "x4"};
        char msg[256];
        ring R;
        T_ASSERT(ring_init(&ctx, &R, 5, xs, 0, order, msg, sizeof msg) == GBC_OK);
        plist F, G1, G2;
        parse_polys(&ctx, &F, &R, kat);
        uint64_t seed = tu_seed() + (uint64_t)kind;
        ctx.threads = 1;
        T_ASSERT(modular(&ctx, &R, &F, &G1, 0, seed, NULL, 0, NULL) == GBC_OK);
        ctx.threads = 2;
        gb_stats st2;
        memset(&st2, 0, sizeof st2);
        T_ASSERT(modular(&ctx, &R, &F, &G2, 0, seed ^ 0x5555u, NULL, 0, &st2) == GBC_OK);
        T_ASSERT_MSG(check_plist_equal(&R, &G1, &G2),
                     "katsura-4 order %s: two threads give another basis", order);
        T_ASSERT(st2.primes > 2);
        {
            /* the check computed ahead: beside learning (threads, no memory
             * limit), else in a batch beside the applies (a memory limit keeps
             * it out of learning); the same basis, and -v says which */
            gbc_ctx lc;
            logbuf lb;
            for (int way = 0; way < 2; way++) {
                ctx_with_log(&lc, &lb);
                lc.verbosity = 1;
                lc.threads = 2;
                lc.mem_limit = way ? (size_t)1 << 34 : 0;
                plist G3;
                T_ASSERT(modular(&lc, &R, &F, &G3, 0, seed + 99u * (uint64_t)way, NULL, 0,
                                 NULL) == GBC_OK);
                T_ASSERT_MSG(check_plist_equal(&R, &G1, &G3),
                             "katsura-4 order %s: the check ahead (%s) gives another basis",
                             order, way ? "in a batch" : "beside learning");
                const char *want = way ? "computed ahead beside the applies"
                                       : "computed ahead beside learning";
                T_ASSERT_MSG(strstr(lb.text, want) != NULL,
                             "order %s: '%s' not in the log:\n%s", order, want, lb.text);
                plist_clear(&lc, &G3, &R.F);
                T_ASSERT(lc.mem_used == 0);
            }
        }
        if (kind == 0) {
            plist B;
            plist_init(&B);
            T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
            T_ASSERT(check_plist_equal(&R, &G1, &B));
            plist_clear(&ctx, &B, &R.F);
        }
        plist_clear(&ctx, &G1, &R.F);
        plist_clear(&ctx, &G2, &R.F);
        plist_clear(&ctx, &F, &R.F);
        ring_clear(&ctx, &R);
        T_ASSERT(ctx.mem_used == 0);
    }
    free(kat);

    const uint32_t bad[] = {3, 32003, 2147483647u};
    for (size_t j = 0; j < sizeof bad / sizeof bad[0]; j++) {
        const uint32_t p = bad[j];
        char gens[128], left[96], learned[64];
        /* the big fraction needs several primes: p is reached */
        snprintf(gens, sizeof gens,
                 "x^2 + z, x^2 + z + %u*y^2, y*z^3 - 1234567890123456789/987654321098765*x*y",
                 p);
        snprintf(left, sizeof left, "prime %u does not follow the trace", p);
        snprintf(learned, sizeof learned, "learned modulo %u:", p);
        gbc_ctx ctx;
        logbuf lb;
        ctx_with_log(&ctx, &lb);
        ctx.verbosity = 2;
        ctx.threads = 2;
        ring R;
        ring_make(&ctx, &R, 3, 0, "grevlex");
        plist F, B, G;
        parse_polys(&ctx, &F, &R, gens);
        plist_init(&B);
        T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
        const uint32_t order4[4] = {1000000007u, 1000000009u, 1000000021u, p};
        gbc_status st = modular(&ctx, &R, &F, &G, 0, tu_seed(), order4, 4, NULL);
        expect_same(st, &R, &G, &B, "unlucky prime on the second worker", 3, "grevlex", gens,
                    "--threads 2 ");
        T_ASSERT_MSG(strstr(lb.text, left) != NULL,
                     "p=%u in a batch: not reported as left out:\n%s", p, lb.text);
        plist_clear(&ctx, &G, &R.F);
        lb.len = 0;
        st = modular(&ctx, &R, &F, &G, 0, tu_seed(), &p, 1, NULL);
        expect_same(st, &R, &G, &B, "unlucky learning prime, two threads", 3, "grevlex", gens,
                    "--threads 2 ");
        T_ASSERT(strstr(lb.text, learned) != NULL);
        T_ASSERT_MSG(strstr(lb.text, "relearning") != NULL,
                     "p=%u learned from with two threads: not noticed:\n%s", p, lb.text);
        plist_clear(&ctx, &G, &R.F);
        plist_clear(&ctx, &B, &R.F);
        plist_clear(&ctx, &F, &R.F);
        ring_clear(&ctx, &R);
        T_ASSERT(ctx.mem_used == 0);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("modular");
    TCase *tc = tcase_create("crosscheck");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_modular_vs_buchberger, 0, NORDER_KINDS);
    tcase_add_test(tc, test_many_primes);
    tcase_add_loop_test(tc, test_api_default, 0, NORDER_KINDS);
    suite_add_tcase(s, tc);
    TCase *tu = tcase_create("unlucky");
    tcase_set_timeout(tu, 600);
    tcase_add_test(tu, test_forced_unlucky_prime);
    tcase_add_loop_test(tu, test_random_unlucky, 0, NORDER_KINDS);
    tcase_add_loop_test(tu, test_vanished_coefficients, 0, NORDER_KINDS);
    suite_add_tcase(s, tu);
    TCase *ts = tcase_create("seeds");
    tcase_set_timeout(ts, 600);
    tcase_add_test(ts, test_crafted_old_primes);
    tcase_add_test(ts, test_crafted_needs_known_primes);
    tcase_add_test(ts, test_seeds);
    suite_add_tcase(s, ts);
    TCase *tt = tcase_create("threads");
    tcase_set_timeout(tt, 600);
    tcase_add_test(tt, test_threads);
    suite_add_tcase(s, tt);
    TCase *tv = tcase_create("certify");
    tcase_set_timeout(tv, 600);
    if (CERTIFY) {
        tcase_add_test(tv, test_certify_ingredients);
        tcase_add_test(tv, test_certify_hook);
    }
    suite_add_tcase(s, tv);
    return tu_run(s);
}
