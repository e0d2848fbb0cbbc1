/* Polynomials as arrays through the public API: round trips over Z/p and Q,
 * random inputs against the text parser, zero polynomials and coefficients,
 * repeated monomials, malformed rational strings and their positions, a prime
 * dividing a denominator, exponent overflow, and argument checks. */
#include <stdint.h>
#include <time.h>

#include "apitest.h"
#include "gbc_gmp.h"
#include "testutil.h"

/* Build a list from arrays over the ring's field, asserting success. */
static gbc_polys *from_zp(const gbc_ring *R, size_t n, const size_t *nt, const uint32_t *e,
                          const uint32_t *c)
{
    gbc_polys *P = NULL;
    gbc_error err;
    gbc_status st = gbc_polys_from_arrays_zp(&P, R, n, nt, e, c, NULL, &err);
    if (st != GBC_OK)
        ck_abort_msg("from_arrays_zp: %s (%s)", gbc_status_string(st), err.message);
    return P;
}

static gbc_polys *from_q(const gbc_ring *R, size_t n, const size_t *nt, const uint32_t *e,
                         const char *const *c)
{
    gbc_polys *P = NULL;
    gbc_error err;
    gbc_status st = gbc_polys_from_arrays_q(&P, R, n, nt, e, c, NULL, &err);
    if (st != GBC_OK)
        ck_abort_msg("from_arrays_q: %s (%s)", gbc_status_string(st), err.message);
    return P;
}

/* Export P as arrays, import them again and check the result prints the same. */
static void roundtrip(const gbc_polys *P)
{
    const gbc_ring *R = gbc_polys_ring(P);
    size_t *nt = NULL;
    uint32_t *e = NULL;
    char **cq = NULL;
    ck_assert_int_eq(gbc_polys_to_arrays_q(&nt, &e, &cq, P), GBC_OK);
    ck_assert_ptr_nonnull(nt);
    ck_assert_ptr_nonnull(e);
    ck_assert_ptr_nonnull(cq);
    gbc_polys *Q = from_q(R, gbc_polys_count(P), nt, e, (const char *const *)cq);
    at_assert_same(P, Q);
    gbc_polys_free(Q);
    gbc_array_free(cq);
    if (gbc_ring_characteristic(R) != 0) {
        uint32_t *cz = NULL;
        gbc_array_free(e);
        gbc_array_free(nt);
        ck_assert_int_eq(gbc_polys_to_arrays_zp(&nt, &e, &cz, P), GBC_OK);
        Q = from_zp(R, gbc_polys_count(P), nt, e, cz);
        at_assert_same(P, Q);
        gbc_polys_free(Q);
        gbc_array_free(cz);
    }
    /* the per-polynomial accessors agree with the whole-list arrays */
    size_t t = 0;
    uint32_t nv = gbc_ring_nvars(R);
    for (size_t k = 0; k < gbc_polys_count(P); k++) {
        size_t n = gbc_polys_nterms(P, k);
        ck_assert_uint_eq(n, nt[k]);
        uint32_t *ek = malloc((n * nv + 1) * sizeof *ek);
        ck_assert_int_eq(gbc_polys_get_zp(ek, NULL, n, P, k), GBC_OK);
        if (n * nv > 0)
            ck_assert_int_eq(memcmp(ek, e + t * nv, n * nv * sizeof *ek), 0);
        free(ek);
        t += n;
    }
    ck_assert_uint_eq(t, gbc_polys_total_terms(P));
    gbc_array_free(e);
    gbc_array_free(nt);
}

START_TEST(test_zp_basic)
{
    gbc_ring *R = at_ring(3, 101, NULL);
    /* polynomial 0: 3 x0^2 x1 + x1 - 5 with terms out of order and a repeat
     * (x1 + x1 + 100 x1 = 102 x1 = x1); polynomial 1: zero (no terms); polynomial 2:
     * 5 x2 - 5 x2 + 0 x0 (all cancel); polynomial 3: 2^32-1 reduced mod 101 */
    size_t nt[4] = {5, 0, 3, 1};
    uint32_t e[] = {0, 1, 0, 0, 0, 0, 2, 1, 0, 0, 1, 0, 0, 1, 0, /* poly 0 */
                    0, 0, 1, 0, 0, 1, 1, 0, 0,                   /* poly 2 */
                    0, 0, 0};                                    /* poly 3 */
    uint32_t c[] = {1, 96, 3, 1, 100, 5, 96, 0, UINT32_MAX};
    gbc_polys *P = from_zp(R, 4, nt, e, c);
    ck_assert_uint_eq(gbc_polys_count(P), 4);
    ck_assert_uint_eq(gbc_polys_nterms(P, 0), 3);
    ck_assert_uint_eq(gbc_polys_nterms(P, 1), 0);
    ck_assert_uint_eq(gbc_polys_nterms(P, 2), 0);
    ck_assert_uint_eq(gbc_polys_nterms(P, 3), 1);
    ck_assert_uint_eq(gbc_polys_nterms(P, 4), 0);
    ck_assert_uint_eq(gbc_polys_total_terms(P), 4);
    uint32_t ge[9], gc[3];
    ck_assert_int_eq(gbc_polys_get_zp(ge, gc, 3, P, 0), GBC_OK);
    uint32_t we[9] = {2, 1, 0, 0, 1, 0, 0, 0, 0}, wc[3] = {3, 1, 96};
    for (int i = 0; i < 9; i++)
        ck_assert_uint_eq(ge[i], we[i]);
    for (int i = 0; i < 3; i++)
        ck_assert_uint_eq(gc[i], wc[i]);
    ck_assert_int_eq(gbc_polys_get_zp(ge, gc, 3, P, 3), GBC_OK);
    ck_assert_uint_eq(gc[0], UINT32_MAX % 101);
    /* too small a buffer, out-of-range index, NULL list */
    ck_assert_int_eq(gbc_polys_get_zp(ge, gc, 2, P, 0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_get_zp(ge, gc, 3, P, 4), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_get_zp(ge, gc, 3, NULL, 0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_get_zp(NULL, NULL, 0, P, 1), GBC_OK);
    /* the same list from text */
    gbc_polys *T = at_parse(R, "3*x0^2*x1 + x1 - 5, 16");
    char *s = at_str(P);
    ck_assert_str_eq(s, "3*x0^2*x1+x1+96,\n0,\n0,\n67\n");
    gbc_string_free(s);
    ck_assert_uint_eq(gbc_polys_count(T), 2);
    /* coefficient strings over Z/p are the residues */
    char buf[16];
    size_t need = 0;
    ck_assert_int_eq(gbc_polys_get_coef_q(buf, sizeof buf, &need, P, 0, 2), GBC_OK);
    ck_assert_str_eq(buf, "96");
    ck_assert_uint_eq(need, 3);
    roundtrip(P);
    gbc_polys_free(T);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_q_basic)
{
    gbc_ring *R = at_ring(2, 0, "lex");
    size_t nt[3] = {4, 2, 1};
    uint32_t e[] = {0, 1, 1, 0, 0, 0, 1, 0, /* -3/6 x1 + 1/2 x0 + 7 + (-1/2) x0 */
                    2, 0, 2, 0,             /* x0^2 - x0^2 */
                    5, 5};
    const char *c[] = {"-3/6", "1/2", "+7", "-1/2", "2/3", "-4/6",
                       "123456789012345678901234567890/-1"};
    gbc_polys *P = NULL;
    gbc_error err;
    /* "/-1" is not accepted: the sign goes in front */
    ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 3, nt, e, c, NULL, &err), GBC_ERR_PARSE);
    ck_assert_ptr_null(P);
    ck_assert_uint_eq(err.line, 3);
    ck_assert_uint_eq(err.column, 1);
    c[6] = "-123456789012345678901234567890/36";
    P = from_q(R, 3, nt, e, c);
    char *s = at_str(P);
    ck_assert_str_eq(s, "-1/2*x1+7,\n0,\n-6858710500685871050068587105/2*x0^5*x1^5\n");
    gbc_string_free(s);
    char buf[64];
    size_t need = 0;
    ck_assert_int_eq(gbc_polys_get_coef_q(buf, sizeof buf, &need, P, 0, 0), GBC_OK);
    ck_assert_str_eq(buf, "-1/2");
    ck_assert_uint_eq(need, 5);
    /* size query (succeeds), then a buffer one byte short: untouched, GBC_ERR_ARG */
    need = 0;
    ck_assert_int_eq(gbc_polys_get_coef_q(NULL, 0, &need, P, 2, 0), GBC_OK);
    ck_assert_uint_eq(need, strlen("-6858710500685871050068587105/2") + 1);
    strcpy(buf, "keep");
    ck_assert_int_eq(gbc_polys_get_coef_q(buf, need - 1, NULL, P, 2, 0), GBC_ERR_ARG);
    ck_assert_str_eq(buf, "keep");
    ck_assert_int_eq(gbc_polys_get_coef_q(buf, need, NULL, P, 2, 0), GBC_OK);
    ck_assert_str_eq(buf, "-6858710500685871050068587105/2");
    ck_assert_int_eq(gbc_polys_get_coef_q(buf, sizeof buf, NULL, P, 1, 0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_get_coef_q(buf, sizeof buf, NULL, P, 3, 0), GBC_ERR_ARG);
    /* Z/p only accessors refuse Q */
    uint32_t ge[4], gc[2];
    ck_assert_int_eq(gbc_polys_get_zp(ge, gc, 2, P, 0), GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_polys_get_zp(ge, NULL, 2, P, 0), GBC_OK);
    size_t *ant = NULL;
    uint32_t *ae = NULL, *ac = NULL;
    ck_assert_int_eq(gbc_polys_to_arrays_zp(&ant, &ae, &ac, P), GBC_ERR_DOMAIN);
    ck_assert_ptr_null(ant);
    /* uint32 coefficients in a ring over Q are non-negative integers */
    size_t nt1 = 1;
    uint32_t e1[2] = {0, 0}, c1 = UINT32_MAX;
    gbc_polys *Z = from_zp(R, 1, &nt1, e1, &c1);
    s = at_str(Z);
    ck_assert_str_eq(s, "4294967295\n");
    gbc_string_free(s);
    roundtrip(P);
    roundtrip(Z);
    gbc_polys_free(Z);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_q_malformed)
{
    gbc_ring *R = at_ring(2, 0, NULL);
    static const char *bad[] = {"", "+", "-", "1/", "/2", "1/0", "-3/000", "1.5", " 1",
                                "1 ", "0x10", "1e3", "1/2/3", "--1", "1/+2", "abc", NULL};
    size_t nt[2] = {2, 3};
    uint32_t e[10] = {0};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
        /* the bad string is term 2 of polynomial 2 (global term 3) */
        const char *c[5] = {"1", "2", "3", bad[b], "5"};
        gbc_polys *P = NULL;
        gbc_error err;
        memset(&err, 0x55, sizeof err);
        gbc_status st = gbc_polys_from_arrays_q(&P, R, 2, nt, e, c, NULL, &err);
        ck_assert_msg(st == GBC_ERR_PARSE, "'%s' gave %s", bad[b] ? bad[b] : "(null)",
                      gbc_status_string(st));
        ck_assert_ptr_null(P);
        ck_assert_uint_eq(err.line, 2);
        ck_assert_uint_eq(err.column, 2);
        ck_assert(memchr(err.message, '\0', sizeof err.message) != NULL);
        ck_assert_ptr_nonnull(strstr(err.message, "polynomial 2, term 2"));
        /* err may be NULL */
        ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 2, nt, e, c, NULL, NULL),
                         GBC_ERR_PARSE);
    }
    /* leading zeros and zero numerators are fine */
    const char *ok[5] = {"007", "-0/5", "+0", "00/1", "10/0004"};
    gbc_polys *P = from_q(R, 2, nt, e, ok);
    char *s = at_str(P);
    ck_assert_str_eq(s, "7,\n5/2\n");
    gbc_string_free(s);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_zp_denominators)
{
    gbc_ring *R = at_ring(1, 7, NULL);
    size_t nt[2] = {1, 2};
    uint32_t e[3] = {1, 0, 2};
    const char *c[3] = {"1/3", "-1/2", "5/14"};
    gbc_polys *P = NULL;
    gbc_error err;
    ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 2, nt, e, c, NULL, &err), GBC_ERR_DOMAIN);
    ck_assert_ptr_null(P);
    ck_assert_uint_eq(err.line, 2);
    ck_assert_uint_eq(err.column, 2);
    ck_assert_ptr_nonnull(strstr(err.message, "characteristic"));
    /* 14/21 = 2/3 is fine: the fraction is reduced before it is taken mod 7 */
    c[2] = "14/21";
    P = from_q(R, 2, nt, e, c);
    char *s = at_str(P);
    /* 1/3 = 5, -1/2 = 3, 2/3 = 3 (mod 7) */
    ck_assert_str_eq(s, "5*x0,\n3*x0^2+3\n");
    gbc_string_free(s);
    roundtrip(P);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_overflow)
{
    gbc_ring *R = at_ring(2, 0, NULL);
    size_t nt[2] = {1, 2};
    uint32_t e[6] = {UINT32_MAX, 0, 3, 4, UINT32_MAX, 1};
    const char *c[3] = {"1", "1", "1"};
    uint32_t cz[3] = {1, 1, 1};
    gbc_polys *P = NULL;
    gbc_error err;
    ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 2, nt, e, c, NULL, &err),
                     GBC_ERR_OVERFLOW);
    ck_assert_ptr_null(P);
    ck_assert_uint_eq(err.line, 2);
    ck_assert_uint_eq(err.column, 2);
    ck_assert_int_eq(gbc_polys_from_arrays_zp(&P, R, 2, nt, e, cz, NULL, &err),
                     GBC_ERR_OVERFLOW);
    ck_assert_ptr_null(P);
    /* degree exactly 2^32 - 1 is representable */
    e[4] = UINT32_MAX - 1;
    P = from_q(R, 2, nt, e, c);
    ck_assert_uint_eq(gbc_polys_nterms(P, 0), 1);
    roundtrip(P);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_arguments)
{
    gbc_ring *R = at_ring(2, 101, NULL);
    size_t nt[1] = {1};
    uint32_t e[2] = {1, 0}, c[1] = {1};
    const char *cq[1] = {"1"};
    gbc_polys *P = (gbc_polys *)0x1, *Q = NULL;
    gbc_error err;
    ck_assert_int_eq(gbc_polys_from_arrays_zp(NULL, R, 1, nt, e, c, NULL, &err), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_from_arrays_zp(&P, NULL, 1, nt, e, c, NULL, &err), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_from_arrays_zp(&P, R, 1, NULL, e, c, NULL, &err), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_from_arrays_zp(&P, R, 1, nt, NULL, c, NULL, &err), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_from_arrays_zp(&P, R, 1, nt, e, NULL, NULL, &err), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 1, nt, e, NULL, NULL, &err), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 1, nt, NULL, cq, NULL, &err), GBC_ERR_ARG);
    ck_assert_ptr_eq(P, (gbc_polys *)0x1); /* outputs untouched on error */
    /* term counts whose sum overflows */
    size_t huge[2] = {SIZE_MAX, 2};
    ck_assert_int_eq(gbc_polys_from_arrays_zp(&P, R, 2, huge, e, c, NULL, &err), GBC_ERR_ARG);
    /* no polynomials, or only zero ones, with NULL arrays */
    size_t zeros[3] = {0, 0, 0};
    ck_assert_int_eq(gbc_polys_from_arrays_zp(&Q, R, 0, NULL, NULL, NULL, NULL, &err), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(Q), 0);
    size_t *ant = NULL;
    uint32_t *ae = NULL, *ac = NULL;
    ck_assert_int_eq(gbc_polys_to_arrays_zp(&ant, &ae, &ac, Q), GBC_OK);
    ck_assert(ant != NULL && ae != NULL && ac != NULL);
    gbc_array_free(ant);
    gbc_array_free(ae);
    gbc_array_free(ac);
    gbc_polys_free(Q);
    ck_assert_int_eq(gbc_polys_from_arrays_q(&Q, R, 3, zeros, NULL, NULL, NULL, &err), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(Q), 3);
    roundtrip(Q);
    /* output arguments of the exporters */
    ck_assert_int_eq(gbc_polys_to_arrays_zp(NULL, &ae, &ac, Q), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_to_arrays_zp(&ant, NULL, &ac, Q), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_to_arrays_zp(&ant, &ae, NULL, Q), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_to_arrays_zp(&ant, &ae, &ac, NULL), GBC_ERR_ARG);
    char **sq = NULL;
    ck_assert_int_eq(gbc_polys_to_arrays_q(&ant, &ae, NULL, Q), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_to_arrays_q(&ant, &ae, &sq, NULL), GBC_ERR_ARG);
    ck_assert_ptr_null(sq);
    ck_assert_int_eq(gbc_polys_get_coef_q(NULL, 0, NULL, NULL, 0, 0), GBC_ERR_ARG);
    ck_assert_uint_eq(gbc_polys_nterms(NULL, 0), 0);
    ck_assert_uint_eq(gbc_polys_total_terms(NULL), 0);
    ck_assert_uint_eq(gbc_polys_count(NULL), 0);
    ck_assert_ptr_null(gbc_polys_ring(NULL));
    gbc_array_free(NULL);
    gbc_polys_free(NULL);
    gbc_polys_free(Q);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_no_variables)
{
    gbc_ring *R = at_ring(0, 0, NULL);
    size_t nt[2] = {2, 1};
    const char *c[3] = {"1/2", "1/3", "-4"};
    gbc_polys *P = NULL;
    ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 2, nt, NULL, c, NULL, NULL), GBC_OK);
    char *s = at_str(P);
    ck_assert_str_eq(s, "5/6,\n-4\n");
    gbc_string_free(s);
    roundtrip(P);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

/* Random polynomials with repeated monomials and zero coefficients, given as
 * arrays and as the equivalent text: both must give the same list. */
static uint64_t rs;
static uint64_t rnd(uint64_t n)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return (rs >> 33) % n;
}

static void random_vs_text(uint32_t p, const char *order)
{
    const uint32_t nv = 3;
    gbc_ring *R = at_ring(nv, p, order);
    size_t npolys = 1 + rnd(5), total = 0;
    size_t nt[6];
    for (size_t k = 0; k < npolys; k++) {
        nt[k] = rnd(8);
        total += nt[k];
    }
    uint32_t *e = calloc(total * nv + 1, sizeof *e), *cz = calloc(total + 1, sizeof *cz);
    char **cq = calloc(total + 1, sizeof *cq);
    size_t tcap = 64 + total * 64, tl = 0;
    char *text = malloc(tcap);
    text[0] = '\0';
    size_t t = 0;
    for (size_t k = 0; k < npolys; k++) {
        if (k > 0)
            tl += (size_t)snprintf(text + tl, tcap - tl, ", ");
        tl += (size_t)snprintf(text + tl, tcap - tl, "0");
        for (size_t i = 0; i < nt[k]; i++, t++) {
            for (uint32_t v = 0; v < nv; v++)
                e[t * nv + v] = (uint32_t)rnd(3);
            long num = (long)rnd(7) - 3;
            long den = 1 + (long)rnd(4);
            if (p != 0)
                den = 1;
            cz[t] = (uint32_t)((num % (long)(p ? p : 1000003) + (long)(p ? p : 0)) %
                               (long)(p ? p : 1000003));
            cq[t] = malloc(32);
            snprintf(cq[t], 32, "%ld/%ld", num, den);
            tl += (size_t)snprintf(text + tl, tcap - tl, " + (%ld/%ld)", num, den);
            for (uint32_t v = 0; v < nv; v++)
                tl += (size_t)snprintf(text + tl, tcap - tl, "*x%u^%u", (unsigned)v,
                                       (unsigned)e[t * nv + v]);
        }
    }
    gbc_polys *A = from_q(R, npolys, nt, e, (const char *const *)cq);
    /* the parser drops zero polynomials: compare the nonzero ones */
    gbc_polys *T = at_parse(R, text);
    char *sa = at_str(A), *st = at_str(T);
    /* remove the "0" lines of A's print */
    char *w = sa, *r = sa;
    while (*r) {
        if ((r == sa || r[-1] == '\n') && r[0] == '0' && (r[1] == ',' || r[1] == '\n')) {
            r += r[1] == ',' ? 3 : 2;
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
    /* the last nonzero line of A may end in ",": T's print ends without it */
    if (w > sa + 1 && w[-1] == '\n' && w[-2] == ',') {
        w[-2] = '\n';
        w[-1] = '\0';
    }
    ck_assert_str_eq(sa, st);
    roundtrip(A);
    if (p != 0) {
        gbc_polys *Z = from_zp(R, npolys, nt, e, cz);
        at_assert_same(A, Z);
        gbc_polys_free(Z);
    }
    gbc_string_free(sa);
    gbc_string_free(st);
    gbc_polys_free(A);
    gbc_polys_free(T);
    for (size_t i = 0; i < total; i++)
        free(cq[i]);
    free(cq);
    free(cz);
    free(e);
    free(text);
    gbc_ring_free(R);
}

START_TEST(test_random)
{
    rs = tu_seed();
    static const char *orders[] = {"grevlex", "lex", "deglex", "weights:1,2,3",
                                   "blocks:lex(1),grevlex(2)"};
    static const uint32_t primes[] = {0, 2, 7, 65521, 2147483647};
    int n = 60 * tu_mult();
    for (int i = 0; i < n; i++)
        random_vs_text(primes[i % 5], orders[(i / 5) % 5]);
}
END_TEST

/* The Z/p and the Q family of conversions agree through reduction modulo p: random
 * rational coefficients (denominators prime to p) read over Q and printed, then
 * parsed over Z/p by the text parser, give the list the Z/p family reads from the
 * same strings and from the same mpq values; get_mpq returns the residues. */
START_TEST(test_families_agree)
{
    rs = tu_seed() ^ 0xfa111e5ULL;
    printf("t-arrays families: seed %llu (GBC_TEST_SEED to repeat)\n",
           (unsigned long long)tu_seed());
    static const uint32_t primes[] = {7, 65521, 2147483647};
    const uint32_t nv = 3;
    int n = 30 * tu_mult();
    for (int it = 0; it < n; it++) {
        const uint32_t p = primes[it % 3];
        gbc_ring *Rq = at_ring(nv, 0, NULL), *Rp = at_ring(nv, p, NULL);
        size_t nt[3], total = 0;
        for (int k = 0; k < 3; k++)
            total += nt[k] = 1 + (size_t)rnd(6);
        uint32_t *e = malloc(total * nv * sizeof *e);
        char **cq = malloc(total * sizeof *cq);
        mpq_t *cm = malloc(total * sizeof *cm);
        for (size_t t = 0; t < total; t++) {
            for (uint32_t v = 0; v < nv; v++)
                e[t * nv + v] = (uint32_t)rnd(2);
            long num = (long)rnd(41) - 20, den = 1 + (long)rnd(6); /* den < 7 */
            cq[t] = malloc(32);
            snprintf(cq[t], 32, "%ld/%ld", num, den);
            mpq_init(cm[t]);
            mpq_set_si(cm[t], num, (unsigned long)den);
            mpq_canonicalize(cm[t]);
        }
        gbc_polys *A = from_q(Rq, 3, nt, e, (const char *const *)cq);
        gbc_polys *B = from_q(Rp, 3, nt, e, (const char *const *)cq);
        gbc_polys *C = NULL;
        gbc_error err;
        ck_assert_int_eq(gbc_polys_from_arrays_mpq(&C, Rp, 3, nt, e, (const mpq_t *)cm, NULL,
                                                   &err), GBC_OK);
        at_assert_same(B, C);
        int nonzero = 1;
        for (size_t k = 0; k < 3; k++)
            nonzero &= gbc_polys_nterms(A, k) > 0 && gbc_polys_nterms(B, k) > 0;
        if (nonzero) {
            /* the parser drops zero polynomials: compared when there are none */
            char *sa = at_str(A);
            gbc_polys *T = at_parse(Rp, sa);
            at_assert_same(B, T);
            gbc_polys_free(T);
            gbc_string_free(sa);
        }
        for (size_t k = 0; k < 3; k++) {
            size_t m = gbc_polys_nterms(B, k);
            uint32_t *ez = malloc((m * nv + 1) * sizeof *ez), *cz = malloc((m + 1) * sizeof *cz);
            mpq_t *qz = malloc((m + 1) * sizeof *qz);
            for (size_t j = 0; j < m; j++)
                mpq_init(qz[j]);
            ck_assert_int_eq(gbc_polys_get_zp(ez, cz, m, B, k), GBC_OK);
            ck_assert_int_eq(gbc_polys_get_mpq(ez, qz, m, B, k), GBC_OK);
            for (size_t j = 0; j < m; j++) {
                ck_assert(mpz_cmp_ui(mpq_denref(qz[j]), 1) == 0);
                ck_assert(mpz_cmp_ui(mpq_numref(qz[j]), cz[j]) == 0);
                ck_assert_uint_lt(cz[j], p);
                mpq_clear(qz[j]);
            }
            free(qz);
            free(cz);
            free(ez);
        }
        gbc_polys_free(C);
        gbc_polys_free(B);
        gbc_polys_free(A);
        for (size_t t = 0; t < total; t++) {
            free(cq[t]);
            mpq_clear(cm[t]);
        }
        free(cm);
        free(cq);
        free(e);
        gbc_ring_free(Rp);
        gbc_ring_free(Rq);
    }
}
END_TEST

START_TEST(test_katsura_arrays)
{
    /* katsura-5 from arrays equals katsura-5 from text, over Z/65521 and Q */
    static const char *k5 =
        "x0+2*x1+2*x2+2*x3+2*x4+2*x5-1,"
        "x0^2+2*x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2-x0,"
        "2*x0*x1+2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5-x1,"
        "2*x0*x2+x1^2+2*x1*x3+2*x2*x4+2*x3*x5-x2,"
        "2*x0*x3+2*x1*x2+2*x1*x4+2*x2*x5-x3,"
        "2*x0*x4+2*x1*x3+2*x1*x5+x2^2-x4";
    for (int q = 0; q < 2; q++) {
        gbc_ring *R = at_ring(6, q ? 0 : 65521, NULL);
        gbc_polys *A = at_katsura_polys(R, 5);
        gbc_polys *T = at_parse(R, k5);
        at_assert_same(A, T);
        roundtrip(A);
        gbc_polys_free(A);
        gbc_polys_free(T);
        gbc_ring_free(R);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-arrays");
    TCase *tc = tcase_create("arrays");
    tcase_add_test(tc, test_zp_basic);
    tcase_add_test(tc, test_q_basic);
    tcase_add_test(tc, test_q_malformed);
    tcase_add_test(tc, test_zp_denominators);
    tcase_add_test(tc, test_overflow);
    tcase_add_test(tc, test_arguments);
    tcase_add_test(tc, test_no_variables);
    tcase_add_test(tc, test_random);
    tcase_add_test(tc, test_katsura_arrays);
    tcase_add_test(tc, test_families_agree);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
