/* t-univariate-qq: strategy/univariate_qq.c, the basis of an ideal of Q[x] as the
 * monic gcd of its generators (gcds modulo primes, CRT, exact proof).
 * - Random ideals (a planted common factor times cofactors of their own; integer
 *   and rational coefficients up to 60 digits; zero and constant generators mixed
 *   in): the result equals buchberger/'s reduced basis over Q (small cases: its
 *   coefficients swell) or the multi-modular path's (mod_groebner, forced), term
 *   by term, and it contains
 *   every generator and a random combination of them (check_ideal_contains).
 * - Sparse high degrees, where the gcd identity checks it:
 *   gcd(u (x^a - 1) v, w (x^b - 1) v) = (x^gcd(a,b) - 1) v for rational scalars u, w
 *   and a small v, a up to 10^6; x^10000000-1, x^9999999-1; degrees near 2^31
 *   (the proof by powers x^e mod c); a proof where those powers grow (the
 *   division instead); the zero ideal, the unit ideal, zero generators.
 * - Limits: a memory limit and a prime budget end it with a status, memory given
 *   back.
 * - The dispatch: gbc_groebner (F4, sig) on a one-variable ring over Q takes this
 *   path and agrees with --algorithm buchberger through the public API.
 * Seeds are printed (testutil); a failing random case prints its input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "gbc.h"
#include "io/io.h"
#include "modular/modular.h"
#include "strategy/univariate.h"
#include "testutil.h"

static gbc_ctx tctx;
#define CTX (&tctx)

static void ctx_setup(void)
{
    gbc_ctx_init(&tctx);
}

static void ctx_teardown(void)
{
    ck_assert_uint_eq(tctx.mem_used, 0);
}

static const char *const vname[] = {"x"};

static void ring_make(ring *R)
{
    char msg[256];
    ck_assert_int_eq(ring_init(CTX, R, 1, vname, 0, NULL, msg, sizeof msg), GBC_OK);
}

static void polys_of(plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(CTX, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "'%s': %s", text, err.message);
}

/* A random integer of 1 to digits decimal digits, nonzero. */
static void random_int(sbuf *b, gbc_rng *r, unsigned digits)
{
    unsigned n = 1 + (unsigned)gbc_rng_below(r, digits);
    sb_printf(b, "%u", 1 + (unsigned)gbc_rng_below(r, 9));
    for (unsigned i = 1; i < n; i++)
        sb_printf(b, "%u", (unsigned)gbc_rng_below(r, 10));
}

/* A random coefficient: an integer or a fraction, either sign. */
static void random_coef(sbuf *b, gbc_rng *r, unsigned digits, int rational)
{
    sb_puts(b, gbc_rng_below(r, 2) ? "+" : "-");
    random_int(b, r, digits);
    if (rational && gbc_rng_below(r, 3) == 0) {
        sb_puts(b, "/");
        random_int(b, r, digits);
    }
}

/* A random polynomial of degree d with up to `terms` more terms. */
static void random_poly(sbuf *b, gbc_rng *r, unsigned d, unsigned terms, unsigned digits,
                        int rational)
{
    sb_puts(b, "(");
    random_coef(b, r, digits, rational);
    sb_printf(b, "*x^%u", d);
    for (unsigned t = 0; t < terms; t++) {
        random_coef(b, r, digits, rational);
        sb_printf(b, "*x^%u", (unsigned)gbc_rng_below(r, d ? d : 1));
    }
    sb_puts(b, ")");
}

/* The text of a random ideal: a common factor times a cofactor per generator (of
 * degree below maxdeg, coefficients up to maxdigits digits), with now and then a
 * zero or a constant generator. */
static void random_ideal(sbuf *in, gbc_rng *r, unsigned maxdigits, unsigned maxdeg)
{
    unsigned digits = 1 + (unsigned)gbc_rng_below(r, maxdigits);
    int rational = (int)gbc_rng_below(r, 2);
    sbuf common;
    sb_init(&common);
    unsigned dc = (unsigned)gbc_rng_below(r, 8);
    random_poly(&common, r, dc, (unsigned)gbc_rng_below(r, 5), digits, rational);
    int ngens = 1 + (int)gbc_rng_below(r, 4);
    for (int g = 0; g < ngens; g++) {
        if (g)
            sb_puts(in, ",\n");
        sb_puts(in, common.s);
        sb_puts(in, "*");
        random_poly(in, r, 1 + (unsigned)gbc_rng_below(r, maxdeg), (unsigned)gbc_rng_below(r, 6),
                    digits, rational);
    }
    unsigned extra = (unsigned)gbc_rng_below(r, 10);
    if (extra == 0)
        sb_puts(in, ", 0");
    else if (extra == 1)
        sb_puts(in, ", -7/3");
    sb_free(&common);
}

/* A random combination of the generators' text (the multipliers random). */
static void random_combination(sbuf *b, gbc_rng *r, const plist *L, const ring *R)
{
    for (size_t i = 0; i < L->n; i++) {
        io_buf s;
        io_buf_init(&s);
        ck_assert_int_eq(io_print_poly(CTX, &s, R, &L->p[i]), GBC_OK);
        sb_puts(b, i ? "+(" : "(");
        sb_puts(b, s.s);
        sb_puts(b, ")*");
        random_poly(b, r, (unsigned)gbc_rng_below(r, 5), 2, 5, 1);
        io_buf_clear(CTX, &s);
    }
}

START_TEST(random_against_references)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    ring R;
    ring_make(&R);
    for (int round = 0; round < 40 * tu_mult(); round++) {
        sbuf in;
        sb_init(&in);
        /* Buchberger over Q (Euclid on rationals) only on small cases: its
         * coefficients swell */
        int small = round % 2 == 0;
        if (small)
            random_ideal(&in, &r, 4, 8);
        else
            random_ideal(&in, &r, 60, 25);
        plist L, got, ref, comb;
        polys_of(&L, &R, in.s);
        plist_init(&ref);
        ck_assert(strat_univariate_applies(&R));
        ck_assert_int_eq(strat_univariate_qq(CTX, &R, &L, &got, NULL), GBC_OK);
        if (small)
            ck_assert_int_eq(bb_groebner(CTX, &R, &L, &ref, NULL), GBC_OK);
        else
            ck_assert_int_eq(mod_groebner(CTX, &R, &L, &ref, NULL), GBC_OK);
        ck_assert_msg(check_plist_equal(&R, &got, &ref), "against %s, input:\n%s",
                      small ? "buchberger" : "the modular path", in.s);
        int contained = 0;
        ck_assert_int_eq(check_ideal_contains(CTX, &R, &got, &L, &contained, NULL), GBC_OK);
        ck_assert_msg(contained, "a generator outside, input:\n%s", in.s);
        sbuf c;
        sb_init(&c);
        random_combination(&c, &r, &L, &R);
        polys_of(&comb, &R, c.s);
        ck_assert_int_eq(check_ideal_contains(CTX, &R, &got, &comb, &contained, NULL), GBC_OK);
        ck_assert_msg(contained, "a combination outside, input:\n%s", in.s);
        plist_clear(CTX, &comb, &R.F);
        plist_clear(CTX, &L, &R.F);
        plist_clear(CTX, &got, &R.F);
        plist_clear(CTX, &ref, &R.F);
        sb_free(&in);
        sb_free(&c);
    }
    ring_clear(CTX, &R);
}
END_TEST

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Whether strat_univariate_qq's basis of text is that of want (the basis of the
 * single polynomial want by buchberger/: want made monic). */
static void check_basis(const char *text, const char *want)
{
    ring R;
    ring_make(&R);
    plist L, G, W, B;
    polys_of(&L, &R, text);
    polys_of(&W, &R, want);
    plist_init(&B);
    ck_assert_int_eq(strat_univariate_qq(CTX, &R, &L, &G, NULL), GBC_OK);
    ck_assert_int_eq(bb_groebner(CTX, &R, &W, &B, NULL), GBC_OK);
    ck_assert_msg(check_plist_equal(&R, &G, &B), "%s: not the basis of '%s'", text, want);
    plist_clear(CTX, &L, &R.F);
    plist_clear(CTX, &G, &R.F);
    plist_clear(CTX, &W, &R.F);
    plist_clear(CTX, &B, &R.F);
    ring_clear(CTX, &R);
}

START_TEST(sparse_high_degrees)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    static const char *const v[] = {"1", "(2*x+3)", "(x^3-5/7*x+1)", "(x^2+1)"};
    for (int round = 0; round < 12; round++) {
        uint64_t g = 1 + gbc_rng_below(&r, 1000);
        uint64_t a = g * (1 + gbc_rng_below(&r, 1000000 / g));
        uint64_t b = g * (1 + gbc_rng_below(&r, 100000 / g));
        const char *vv = v[gbc_rng_below(&r, 4)];
        char text[256], want[96];
        snprintf(text, sizeof text, "-3/2*(x^%llu-1)*%s, 22/7*(x^%llu-1)*%s",
                 (unsigned long long)a, vv, (unsigned long long)b, vv);
        snprintf(want, sizeof want, "(x^%llu-1)*%s", (unsigned long long)gcd64(a, b), vv);
        check_basis(text, want);
    }
    /* the cliff that led to this path */
    check_basis("x^10000000-1, x^9999999-1", "x-1");
    check_basis("x^1000000-1, 3*x^999999-3, (x-1)^2*(x+2)", "x-1");
    /* proved by powers x^e mod c: x^(2^31) = (x^2)^(2^30) = 1 modulo x^2 + 1 */
    check_basis("x^2147483648-1, 5/3*x^2+5/3", "x^2+1");
    check_basis("x^2147483647-x^2147483645+x^3-x, x^4-1", "x^2-1");
    /* powers modulo x - 2 grow (2^e): the division decides */
    check_basis("(x-2)*(x^300000-3), (x-2)*(x^3+1)", "x-2");
    check_basis("0, 0", "0");
    check_basis("0, 3/5*x^5+x, 7/2", "1");
    check_basis("2/3*x^3+4, 0", "x^3+6");
    check_basis("x^2-2, x^2-3", "1");
    /* a common factor with big coefficients, cofactors with a common root modulo
     * many small primes but not over Q */
    check_basis("(123456789012345678901234567890*x^2-98765432109876543210*x+1)*(x^5-2),"
                "(123456789012345678901234567890*x^2-98765432109876543210*x+1)*(x^5-3)",
                "123456789012345678901234567890*x^2-98765432109876543210*x+1");
}
END_TEST

START_TEST(limits)
{
    ring R;
    ring_make(&R);
    sbuf in;
    sb_init(&in);
    /* coefficients of 20000 digits: more than 64 kB of integers */
    for (int g = 0; g < 2; g++) {
        sb_puts(&in, g ? ", (" : "(");
        for (int i = 0; i < 20000; i++)
            sb_puts(&in, i % 7 ? "3" : "1");
        sb_printf(&in, "*x^3+x+%d)*(x^%d-1)", g + 1, 7 + g);
    }
    plist L, G;
    polys_of(&L, &R, in.s);
    size_t base = tctx.mem_used;
    tctx.mem_limit = base + (64u << 10);
    gbc_status st = strat_univariate_qq(CTX, &R, &L, &G, NULL);
    ck_assert_int_eq(st, GBC_ERR_LIMIT);
    ck_assert_uint_eq(G.n, 0);
    ck_assert_uint_eq(tctx.mem_used, base);
    tctx.mem_limit = 0;
    /* a budget of one prime: never proved */
    gbc_plan P;
    gbc_plan_init(&P);
    P.max_primes = 1;
    const gbc_plan *old = gbc_ctx_set_plan(CTX, &P);
    ck_assert_int_eq(strat_univariate_qq(CTX, &R, &L, &G, NULL), GBC_ERR_VERIFY);
    gbc_ctx_set_plan(CTX, old);
    ck_assert_int_eq(strat_univariate_qq(CTX, &R, &L, &G, NULL), GBC_OK);
    ck_assert_uint_eq(G.n, 1);
    ck_assert_uint_eq(G.p[0].len, 2); /* x - 1 */
    plist_clear(CTX, &G, &R.F);
    plist_clear(CTX, &L, &R.F);
    ring_clear(CTX, &R);
    sb_free(&in);
}
END_TEST

START_TEST(public_api_dispatch)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    for (int round = 0; round < 10; round++) {
        sbuf in;
        sb_init(&in);
        sb_puts(&in, "x\n0\n");
        random_ideal(&in, &r, 4, 8);
        sb_puts(&in, "\n");
        char *out[3];
        const gbc_algorithm algos[3] = {GBC_ALGO_F4, GBC_ALGO_SIG, GBC_ALGO_BUCHBERGER};
        for (int k = 0; k < 3; k++) {
            gbc_ring *rg = NULL;
            gbc_polys *gens = NULL, *basis = NULL;
            gbc_error err;
            ck_assert_int_eq(gbc_parse(&rg, &gens, in.s, in.len, NULL, NULL, &err), GBC_OK);
            gbc_options *opts = NULL;
            ck_assert_int_eq(gbc_options_new(&opts), GBC_OK);
            ck_assert_int_eq(gbc_options_set_algorithm(opts, algos[k]), GBC_OK);
            ck_assert_int_eq(gbc_groebner(&basis, gens, opts, NULL), GBC_OK);
            size_t n;
            ck_assert_int_eq(gbc_polys_to_string(&out[k], &n, basis, GBC_PRINT_HEADER),
                             GBC_OK);
            gbc_polys_free(basis);
            gbc_polys_free(gens);
            gbc_ring_free(rg);
            gbc_options_free(opts);
        }
        ck_assert_msg(strcmp(out[0], out[2]) == 0 && strcmp(out[1], out[2]) == 0,
                      "input:\n%sF4:\n%s\nsig:\n%s\nbuchberger:\n%s", in.s, out[0], out[1],
                      out[2]);
        for (int k = 0; k < 3; k++)
            gbc_string_free(out[k]);
        sb_free(&in);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("univariate-qq");
    TCase *tc = tcase_create("univariate-qq");
    tcase_set_timeout(tc, 300);
    tcase_add_checked_fixture(tc, ctx_setup, ctx_teardown);
    tcase_add_test(tc, random_against_references);
    tcase_add_test(tc, sparse_high_degrees);
    tcase_add_test(tc, limits);
    tcase_add_test(tc, public_api_dispatch);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
