/* t-univariate: strategy/univariate.c, the basis of an ideal of Z/p[x] as the monic
 * gcd of its generators.
 * - Random ideals (products of random factors sharing a planted common factor, of
 *   sizes that send the remainders through each of the heap, dense and powering
 *   methods) modulo primes from 2 to 2^31-1: the result equals buchberger/'s
 *   reduced basis, and it divides every generator (checked by buchberger's basis
 *   of the ideal it generates with each generator added being itself).
 * - Sparse high degrees, where only the gcd identity can check it:
 *   gcd(x^a - 1, x^b - 1) = x^gcd(a,b) - 1 for a, b up to 2^31; the zero ideal, the
 *   unit ideal, zero generators; memory returned to the context.
 * - The dispatch: gbc_groebner (F4, sig) on a one-variable ring takes this path
 *   and agrees with --algorithm buchberger through the public API.
 * Seeds are printed (testutil); a failing random case prints its input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "gbc.h"
#include "io/io.h"
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

static void ring_make(ring *R, uint32_t p)
{
    char msg[256];
    ck_assert_int_eq(ring_init(CTX, R, 1, vname, p, NULL, msg, sizeof msg), GBC_OK);
}

static void polys_of(plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(CTX, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "'%s': %s", text, err.message);
}

/* A random polynomial of degree d with about `terms` terms (monic leading term). */
static void random_poly(sbuf *b, gbc_rng *r, uint32_t p, unsigned d, unsigned terms)
{
    sb_printf(b, "(x^%u", d);
    for (unsigned t = 0; t < terms; t++)
        sb_printf(b, "+%llu*x^%llu", (unsigned long long)gbc_rng_below(r, p),
                  (unsigned long long)gbc_rng_below(r, d));
    sb_puts(b, ")");
}

static const uint32_t primes[] = {2, 3, 7, 101, 32003, 65521, 1073741827u, 2147483647u};

START_TEST(random_against_buchberger)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    for (int round = 0; round < 60 * tu_mult(); round++) {
        uint32_t p = primes[gbc_rng_below(&r, sizeof primes / sizeof primes[0])];
        ring R;
        ring_make(&R, p);
        sbuf in;
        sb_init(&in);
        /* a common factor, then each generator times a cofactor of its own; the
         * shapes vary so that every remainder method runs (small divisors: powers;
         * few terms: the heap; many terms: dense) */
        int kind = (int)gbc_rng_below(&r, 3);
        unsigned dc = 1 + (unsigned)gbc_rng_below(&r, kind == 0 ? 4 : 30);
        sbuf common;
        sb_init(&common);
        random_poly(&common, &r, p, dc, kind == 1 ? 1 : (unsigned)gbc_rng_below(&r, 8));
        int ngens = 1 + (int)gbc_rng_below(&r, 4);
        for (int g = 0; g < ngens; g++) {
            if (g)
                sb_puts(&in, ",\n");
            sb_puts(&in, common.s);
            sb_puts(&in, "*");
            unsigned dg = kind == 0 ? 100 + (unsigned)gbc_rng_below(&r, 3000)
                                    : 1 + (unsigned)gbc_rng_below(&r, 60);
            random_poly(&in, &r, p, dg, kind == 2 ? 20 : 2);
        }
        if (gbc_rng_below(&r, 3) == 0) {
            /* a small dense generator beside the sparse ones of high degree: the
             * powering method */
            sb_puts(&in, ",\n");
            random_poly(&in, &r, p, 1 + (unsigned)gbc_rng_below(&r, 6), 6);
            sb_printf(&in, "*(x^%llu+%llu)", (unsigned long long)(1000 + gbc_rng_below(&r, 20000)),
                      (unsigned long long)gbc_rng_below(&r, p));
            sb_printf(&in, ",\nx^%llu+1", (unsigned long long)(1000 + gbc_rng_below(&r, 20000)));
        }
        plist L, got, ref;
        plist_init(&got);
        plist_init(&ref);
        polys_of(&L, &R, in.s);
        ck_assert(strat_univariate_applies(&R));
        ck_assert_int_eq(strat_univariate(CTX, &R, &L, &got, NULL), GBC_OK);
        ck_assert_int_eq(bb_groebner(CTX, &R, &L, &ref, NULL), GBC_OK);
        ck_assert_msg(check_plist_equal(&R, &got, &ref), "p = %u, input:\n%s", p, in.s);
        plist_clear(CTX, &L, &R.F);
        plist_clear(CTX, &got, &R.F);
        plist_clear(CTX, &ref, &R.F);
        ring_clear(CTX, &R);
        sb_free(&in);
        sb_free(&common);
    }
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

/* The basis of text (mod p) by strat_univariate, printed. */
static char *basis_text(uint32_t p, const char *text)
{
    ring R;
    ring_make(&R, p);
    plist L, G;
    polys_of(&L, &R, text);
    ck_assert_int_eq(strat_univariate(CTX, &R, &L, &G, NULL), GBC_OK);
    sbuf b;
    sb_init(&b);
    for (size_t i = 0; i < G.n; i++) {
        for (size_t k = 0; k < G.p[i].len; k++)
            sb_printf(&b, "%s%u*x^%u", k ? "+" : "", G.p[i].cf[k], G.p[i].exps[k]);
        sb_puts(&b, ";");
    }
    plist_clear(CTX, &L, &R.F);
    plist_clear(CTX, &G, &R.F);
    ring_clear(CTX, &R);
    return b.s;
}

START_TEST(sparse_high_degrees)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    for (int round = 0; round < 20; round++) {
        uint32_t p = primes[3 + gbc_rng_below(&r, 5)];
        uint64_t g = 1 + gbc_rng_below(&r, 1000);
        uint64_t a = g * (1 + gbc_rng_below(&r, (1u << 31) / g - 1));
        uint64_t b = g * (1 + gbc_rng_below(&r, (1u << 21) / g));
        char text[128], want[96];
        snprintf(text, sizeof text, "x^%llu-1, x^%llu-1", (unsigned long long)a,
                 (unsigned long long)b);
        uint64_t e = gcd64(a, b);
        snprintf(want, sizeof want, "1*x^%llu+%u*x^0;", (unsigned long long)e, p - 1);
        char *got = basis_text(p, text);
        ck_assert_msg(strcmp(got, want) == 0, "%s mod %u: %s, want %s", text, p, got, want);
        free(got);
    }
    /* the cliff that led to this path, and its neighbours */
    char *s = basis_text(65521, "x^10000000-1, x^9999999-1");
    ck_assert_str_eq(s, "1*x^1+65520*x^0;");
    free(s);
    s = basis_text(65521, "x^2147483648-1, x^2+1"); /* x^(2^31) = (x^2)^(2^30) = 1 */
    ck_assert_str_eq(s, "1*x^2+1*x^0;");
    free(s);
    s = basis_text(101, "0, 0");
    ck_assert_str_eq(s, "");
    free(s);
    s = basis_text(101, "0, 3*x^5+x, 7");
    ck_assert_str_eq(s, "1*x^0;");
    free(s);
    s = basis_text(7, "2*x^3+4, 0");
    ck_assert_str_eq(s, "1*x^3+2*x^0;");
    free(s);
}
END_TEST

START_TEST(public_api_dispatch)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    for (int round = 0; round < 10; round++) {
        uint32_t p = primes[2 + gbc_rng_below(&r, 6)];
        sbuf in;
        sb_init(&in);
        sb_printf(&in, "x\n%u\n", p);
        random_poly(&in, &r, p, 1 + (unsigned)gbc_rng_below(&r, 40), 3);
        sb_puts(&in, "*(x-1),");
        random_poly(&in, &r, p, 1 + (unsigned)gbc_rng_below(&r, 40), 3);
        sb_puts(&in, "*(x-1)\n");
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
    Suite *s = suite_create("univariate");
    TCase *tc = tcase_create("univariate");
    tcase_set_timeout(tc, 300);
    tcase_add_checked_fixture(tc, ctx_setup, ctx_teardown);
    tcase_add_test(tc, random_against_buchberger);
    tcase_add_test(tc, sparse_high_degrees);
    tcase_add_test(tc, public_api_dispatch);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
