/* Betti numbers by certificate (module/resq.c): the Koszul table of a regular
 * sequence, modulo p and over Q, and over Q the table of one prime when no
 * degree holds two consecutive levels. Every table a certificate gives is
 * compared with the one of Schreyer's frame computed exactly in the input's
 * field; inputs no certificate covers must be declined. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "gbc.h"
#include "module/module.h"
#include "module/module_int.h"
#include "minput.h"
#include "testutil.h"

enum { FRAME, KOSZUL, PRIMES };

/* The levels of in by one path into a fresh array (*nlev of them); *ok whether
 * the path answered (always for FRAME), *prime the prime PRIMES used. */
static mlevel *levels(gbc_ctx *ctx, const input *in, int path, size_t *nlev, int *ok,
                      uint32_t *prime)
{
    const ring *R = &in->elems->ring->R;
    const plist *L = &in->elems->L;
    const size_t maxlev = (size_t)R->nvars + 2;
    mlevel *lev = NULL;
    ck_assert_int_eq(GBC_ZALLOC(ctx, lev, maxlev + 2), GBC_OK);
    *ok = 1;
    *prime = 0;
    gbc_status st;
    if (path == FRAME)
        st = module_levels_schreyer(ctx, R, in->rank, L, lev, maxlev, SIZE_MAX, nlev, NULL);
    else if (path == KOSZUL)
        st = module_levels_koszul(ctx, R, in->rank, L, lev, nlev, ok, NULL);
    else
        st = module_levels_qq(ctx, R, in->rank, L, lev, maxlev, nlev, ok, prime, NULL);
    ck_assert_int_eq(st, GBC_OK);
    if (!*ok) { /* declined: nothing left behind */
        ck_assert_uint_eq(*nlev, 0);
        for (size_t l = 0; l < maxlev + 2; l++)
            ck_assert_ptr_null(lev[l].deg);
    }
    return lev;
}

static void levels_equal(const mlevel *a, size_t na, const mlevel *b, size_t nb,
                         const char *what, const char *text)
{
    ck_assert_msg(na == nb, "%s: %zu levels against the frame's %zu\n%s", what, na, nb, text);
    for (size_t l = 0; l < na; l++) {
        ck_assert_msg(a[l].n == b[l].n, "%s: level %zu has %zu elements, the frame's %zu\n%s",
                      what, l, a[l].n, b[l].n, text);
        for (size_t k = 0; k < a[l].n; k++)
            ck_assert_msg(a[l].deg[k] == b[l].deg[k], "%s: level %zu differs\n%s", what, l,
                          text);
    }
}

/* One input through a certificate: whether it answered (ok must be want when
 * want >= 0), its table against the frame's when it did. */
static int check_path(const char *text, int path, int want, const gbc_plan *plan,
                      uint32_t *prime)
{
    input in = parse(text);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    if (plan != NULL)
        gbc_ctx_set_plan(&ctx, plan);
    const size_t nl = (size_t)in.elems->ring->R.nvars + 4;
    size_t na = 0, nb = 0;
    int ok = 0, fok = 0;
    uint32_t p = 0, q;
    mlevel *a = levels(&ctx, &in, path, &na, &ok, &p);
    if (want >= 0)
        ck_assert_msg(ok == want, "%s: the certificate %s\n%s",
                      path == KOSZUL ? "Koszul" : "primes", ok ? "answered" : "declined", text);
    if (ok) {
        mlevel *b = levels(&ctx, &in, FRAME, &nb, &fok, &q);
        levels_equal(a, na, b, nb, path == KOSZUL ? "Koszul" : "primes", text);
        mlevels_free(&ctx, b, nl);
    }
    if (prime != NULL)
        *prime = p;
    mlevels_free(&ctx, a, nl);
    gbc_ctx_set_plan(&ctx, &gbc_plan_default);
    input_free(&in);
    return ok;
}

START_TEST(test_koszul_fixed)
{
    /* complete intersections, modulo p and over Q: answered */
    check_path("x,y,z\n32003\nx^2, y^2, z^2+x*y\n", KOSZUL, 1, NULL, NULL);
    check_path("x,y,z\n0\nx^2, y^2, z^2+x*y\n", KOSZUL, 1, NULL, NULL);
    check_path("x,y,z,w\n0\n2/3*x*y-z^2, x^3+w^3, y+w, 0\n", KOSZUL, 1, NULL, NULL);
    check_path("x,y\n0\n0\n", KOSZUL, 1, NULL, NULL);
    check_path("x,y,z\n101\nx, y, z\n", KOSZUL, 1, NULL, NULL);
    /* not regular sequences: declined */
    check_path("x,y,z\n0\nx*y, x*z\n", KOSZUL, 0, NULL, NULL);
    check_path("x,y,z\n32003\nx*y, x*z\n", KOSZUL, 0, NULL, NULL);
    check_path("x,y\n0\nx, y, x+y\n", KOSZUL, 0, NULL, NULL);
    check_path("x,y\n0\nx^2, x^2\n", KOSZUL, 0, NULL, NULL);
    /* modules, inhomogeneous input, constants: not this certificate's */
    check_path("x,y\n0\n[x, y], [y, x]\n", KOSZUL, 0, NULL, NULL);
    check_path("x,y\n0\nx^2+y, y^2\n", KOSZUL, 0, NULL, NULL);
    check_path("x,y\n0\nx^2, 3\n", KOSZUL, 0, NULL, NULL);
    /* degrees too large for the arrays of the series: declined, the frame answers */
    check_path("x,y\n32003\nx^2000000, y^3\n", KOSZUL, 0, NULL, NULL);
}
END_TEST

/* A form of degree deg in the first nv of names with random coefficients. */
static void random_form(gbc_rng *g, char *buf, size_t cap, const char *const *names,
                        uint32_t nv, uint32_t deg, int dense)
{
    size_t at = 0;
    int terms = 0;
    const int nt = dense ? 6 : 1 + (int)gbc_rng_below(g, 3);
    for (int t = 0; t < nt; t++) {
        long cf = (long)gbc_rng_below(g, 19) - 9;
        if (cf == 0)
            continue;
        at += (size_t)snprintf(buf + at, cap - at, "%s%ld", terms++ ? " + " : "", cf);
        for (uint32_t d = 0; d < deg; d++)
            at += (size_t)snprintf(buf + at, cap - at, "*%s", names[gbc_rng_below(g, nv)]);
    }
    if (terms == 0)
        snprintf(buf, cap, "0");
}

/* Seeded random ideals (dense forms, most of them regular sequences, and sparse
 * ones, most not) and modules, modulo p and over Q: whatever a certificate
 * answers equals the frame's table, and the dense ones are mostly answered. */
START_TEST(test_random)
{
    static const char *const names[] = {"x", "y", "z", "w", "v"};
    gbc_rng g;
    uint64_t seed = tu_seed() ^ 0x7e5a;
    printf("resq random: seed %llu\n", (unsigned long long)seed);
    gbc_rng_seed(&g, seed);
    const int n = 24 * tu_mult();
    int dense = 0, answered = 0;
    for (int it = 0; it < n; it++) {
        char text[4096], f[512];
        const uint32_t nv = 2 + (uint32_t)gbc_rng_below(&g, 3);
        const int isdense = it % 2 == 0, qq = it % 3 != 0;
        const uint32_t m = 1 + (uint32_t)gbc_rng_below(&g, isdense ? nv : nv + 2);
        size_t at = 0;
        for (uint32_t v = 0; v < nv; v++)
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", v ? "," : "",
                                   names[v]);
        at += (size_t)snprintf(text + at, sizeof text - at, "\n%s\n", qq ? "0" : "32003");
        for (uint32_t j = 0; j < m; j++) {
            random_form(&g, f, sizeof f, names, nv, 1 + (uint32_t)gbc_rng_below(&g, 3),
                        isdense);
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", j ? ", " : "", f);
        }
        snprintf(text + at, sizeof text - at, "\n");
        int ok = check_path(text, KOSZUL, -1, NULL, NULL);
        if (qq)
            (void)check_path(text, PRIMES, -1, NULL, NULL);
        dense += isdense;
        answered += isdense && ok;
    }
    printf("resq random: Koszul answered %d of %d dense inputs\n", answered, dense);
    /* dense forms, at most as many as variables, are a regular sequence unless
     * the coefficients are special (about 9 in 10 of these are): at least a
     * quarter must be answered (fewer has probability below 1e-7) */
    ck_assert_msg(4 * answered > dense, "Koszul answered %d of %d dense inputs", answered,
                  dense);
}
END_TEST

START_TEST(test_primes)
{
    /* the twisted cubic's minors: the frame's table has no degree with two
     * consecutive levels, so one prime decides */
    const char *cubic = "x,y,z,w\n0\nx*z-y^2, x*w-y*z, y*w-z^2\n";
    check_path(cubic, PRIMES, 1, NULL, NULL);
    /* a prime dividing a coefficient of the basis over Q is skipped */
    const char *big = "x,y,z,w\n0\nx*z-1073741827*y^2, x*w-y*z, y*w-z^2\n";
    static const uint32_t forced[] = {1073741827u, 1073741789u};
    gbc_plan P = gbc_plan_default;
    P.forced_primes = forced;
    P.nforced = 2;
    uint32_t p = 0;
    check_path(big, PRIMES, 1, &P, &p);
    ck_assert_uint_eq(p, 1073741789u);
    /* modules over Q */
    check_path("x,y,z\n0\n[x, y], [y, z], [z, x/5], [x^2, y^2]\n", PRIMES, -1, NULL, NULL);
    /* (x^2, x y, y^3): degree 3 holds a generator and a syzygy, so no prime's
     * table decides: declined (the exact frame answers) */
    check_path("x,y\n0\nx^2, x*y, y^3\n", PRIMES, 0, NULL, NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("resq");
    const struct {
        const char *name;
        const TTest *test;
    } tests[] = {
        {"koszul_fixed", test_koszul_fixed},
        {"random", test_random},
        {"primes", test_primes},
    };
    for (size_t k = 0; k < sizeof tests / sizeof tests[0]; k++) {
        TCase *tc = tcase_create(tests[k].name);
        tcase_set_timeout(tc, 600);
        tcase_add_test(tc, tests[k].test);
        suite_add_tcase(s, tc);
    }
    return tu_run(s);
}
