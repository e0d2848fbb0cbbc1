/* Edge cases of bb_groebner and a randomised cross-check.
 * - The zero ideal (no generators, only zero generators), the unit ideal, zero and
 *   duplicate generators, constants, a ring with no variables.
 * - One variable: the basis is the monic gcd, checked against a naive Euclid on
 *   dense coefficient arrays written here.
 * - Variables that appear nowhere: the basis is the one of the smaller ring.
 * - Random small ideals over Z/p and Q in every order kind: the result passes the
 *   verifier (Groebner, reduced), contains the input ideal (every generator reduces
 *   to zero), is contained in it (adding the result to the generators does not
 *   change the basis), and does not depend on the order, scaling, repetition or
 *   zero padding of the generators. */
#include <stdio.h>
#include <stdlib.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "io/io.h"
#include "testutil.h"

#define CTX TU_CTX

static const char *const names[] = {"x", "y", "z", "w", "v"};

static void ring_make(ring *R, uint32_t nvars, const char *const *nm, uint32_t p,
                      const char *order)
{
    char msg[256];
    gbc_status st = ring_init(CTX, R, nvars, nm, p, order, msg, sizeof msg);
    ck_assert_msg(st == GBC_OK, "ring: %s", msg);
}

/* Generators from text (comma separated) in ring R. */
static void polys_of(plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(CTX, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "'%s': %s", text, err.message);
}

/* Append an empty (zero) polynomial. */
static void push_zero(plist *L, const ring *R)
{
    ppoly *p;
    T_ASSERT(plist_push(CTX, L, 0, R->nvars, &R->F, &p) == GBC_OK);
}

/* Append c * src (c a small nonzero integer). */
static void push_scaled(plist *L, const ring *R, const ppoly *src, long c)
{
    ppoly *p;
    T_ASSERT(plist_push(CTX, L, src->len, R->nvars, &R->F, &p) == GBC_OK);
    if (src->len > 0 && R->nvars > 0)
        memcpy(p->exps, src->exps, sizeof(uint32_t) * src->len * R->nvars);
    for (size_t i = 0; i < src->len; i++) {
        if (R->F.p != 0) {
            uint64_t cc = (uint64_t)((c % (long)R->F.p + (long)R->F.p) % (long)R->F.p);
            p->cf[i] = (uint32_t)(cc * src->cf[i] % R->F.p);
        } else {
            mpq_t s;
            mpq_init(s);
            mpq_set_si(s, c, 1);
            mpq_mul(p->cq[i], src->cq[i], s);
            mpq_clear(s);
        }
    }
}

static void groebner(plist *G, const ring *R, const plist *F)
{
    plist_init(G);
    gbc_status st = bb_groebner(CTX, R, F, G, NULL);
    ck_assert_msg(st == GBC_OK, "bb_groebner: status %d", (int)st);
}

static char *to_text(const ring *R, const plist *L)
{
    io_buf b;
    io_buf_init(&b);
    T_ASSERT(io_print_polys(CTX, &b, R, L, 0) == GBC_OK);
    char *s = strdup(b.s);
    io_buf_clear(CTX, &b);
    return s;
}

/* The basis of F is exactly the list written in want. */
static void expect_basis(const ring *R, const plist *F, const char *want)
{
    plist G, W;
    groebner(&G, R, F);
    polys_of(&W, R, want);
    /* the expected text is written monic and sorted; make sure of it */
    check_report rep;
    T_ASSERT(check_groebner(CTX, R, &W, &rep) == GBC_OK);
    ck_assert_msg(rep.is_reduced, "expected basis '%s' is not reduced: %s", want, rep.reason);
    if (!check_plist_equal(R, &G, &W)) {
        char *got = to_text(R, &G);
        ck_abort_msg("basis '%s', expected '%s'", got, want);
    }
    plist_clear(CTX, &G, &R->F);
    plist_clear(CTX, &W, &R->F);
}

static void expect_basis_text(uint32_t nvars, uint32_t p, const char *order, const char *in,
                              const char *want)
{
    ring R;
    ring_make(&R, nvars, names, p, order);
    plist F;
    polys_of(&F, &R, in);
    expect_basis(&R, &F, want);
    plist_clear(CTX, &F, &R.F);
    ring_clear(CTX, &R);
}

static const uint32_t fields[] = {0, 2, 3, 32003, 2147483647u};
#define NFIELDS (sizeof fields / sizeof fields[0])
static const char *const orders3[] = {"grevlex", "lex", "deglex", "weights:1,2,3",
                                      "blocks:lex(1),grevlex(2)", "blocks:grevlex(2),lex(1)"};
#define NORDERS (sizeof orders3 / sizeof orders3[0])

/* ---------------------------------------------------------- edge cases -- */

START_TEST(test_zero_ideal)
{
    for (size_t k = 0; k < NFIELDS; k++)
        for (size_t o = 0; o < NORDERS; o++) {
            ring R;
            ring_make(&R, 3, names, fields[k], orders3[o]);
            plist F, G;
            plist_init(&F);
            groebner(&G, &R, &F); /* no generators */
            ck_assert_uint_eq(G.n, 0);
            plist_clear(CTX, &G, &R.F);
            for (int i = 0; i < 3; i++) /* only zero generators */
                push_zero(&F, &R);
            groebner(&G, &R, &F);
            ck_assert_uint_eq(G.n, 0);
            plist_clear(CTX, &G, &R.F);
            plist_clear(CTX, &F, &R.F);
            /* zero written in many ways: the parser drops them all */
            polys_of(&F, &R, "0, x - x, 0*y, (x+y)^2 - x^2 - 2*x*y - y^2");
            ck_assert_uint_eq(F.n, 0);
            plist_clear(CTX, &F, &R.F);
            ring_clear(CTX, &R);
        }
}
END_TEST

START_TEST(test_unit_ideal)
{
    for (size_t k = 0; k < NFIELDS; k++)
        for (size_t o = 0; o < NORDERS; o++) {
            uint32_t p = fields[k];
            const char *ord = orders3[o];
            expect_basis_text(3, p, ord, "x^2 + y, 5, x*y", "1"); /* 5 is a unit mod 2, 3 */
            expect_basis_text(3, p, ord, "5", "1");
            expect_basis_text(3, p, ord, "0, -1, 0", "1");
            expect_basis_text(3, p, ord, "x*y - 1, x", "1");
            expect_basis_text(3, p, ord, "x^2 + 1, x", "1");
            expect_basis_text(3, p, ord, "x - 1, x - 2", "1");
            expect_basis_text(3, p, ord, "x*y - 1, y", "1");
            expect_basis_text(3, p, ord, "x*y - z, y^2, z - 1, x^3", "1");
            if (p != 2 && p != 3)
                expect_basis_text(3, p, ord, "x - 1/2, 2*x - 3", "1");
        }
}
END_TEST

/* Zero generators among others, duplicates and scalar multiples change nothing. */
START_TEST(test_zero_and_duplicate_generators)
{
    for (size_t k = 0; k < NFIELDS; k++)
        for (size_t o = 0; o < NORDERS; o++) {
            ring R;
            ring_make(&R, 3, names, fields[k], orders3[o]);
            plist F, G0;
            polys_of(&F, &R, "x^2 - y, x*y - z, y^2 + 1");
            groebner(&G0, &R, &F);
            /* 0, f1, 0, f2, f1, 5 f1, -f2, f3, 0 */
            plist H;
            plist_init(&H);
            push_zero(&H, &R);
            push_scaled(&H, &R, &F.p[0], 1);
            push_zero(&H, &R);
            push_scaled(&H, &R, &F.p[1], 1);
            push_scaled(&H, &R, &F.p[0], 1);
            push_scaled(&H, &R, &F.p[0], 7);
            push_scaled(&H, &R, &F.p[1], -1);
            push_scaled(&H, &R, &F.p[2], 1);
            push_zero(&H, &R);
            plist G;
            groebner(&G, &R, &H);
            ck_assert_msg(check_plist_equal(&R, &G, &G0), "p=%u %s", fields[k], orders3[o]);
            plist_clear(CTX, &G, &R.F);
            plist_clear(CTX, &H, &R.F);
            /* a single generator, repeated: its monic self */
            plist_init(&H);
            for (int i = 0; i < 4; i++)
                push_scaled(&H, &R, &F.p[2], i % 2 ? -5 : 7);
            groebner(&G, &R, &H);
            ck_assert_uint_eq(G.n, 1);
            ck_assert_uint_eq(G.p[0].len, 2);
            plist_clear(CTX, &G, &R.F);
            plist_clear(CTX, &H, &R.F);
            plist_clear(CTX, &G0, &R.F);
            plist_clear(CTX, &F, &R.F);
            ring_clear(CTX, &R);
        }
}
END_TEST

/* Bases worked out by hand. */
START_TEST(test_small_by_hand)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        uint32_t p = fields[k];
        /* constants and monomials */
        expect_basis_text(3, p, "grevlex", "x*y, x^2*y, x*y*z", "x*y");
        expect_basis_text(3, p, "grevlex", "x^2, y^3, x^2*y", "x^2,\ny^3");
        /* linear equations: the reduced row echelon form (lex: x > y > z) */
        /* (mod 2 the difference of the two is z itself) */
        expect_basis_text(3, p, "lex", "x + y + z, x - y", p == 2 ? "z,\nx+y" : "y+1/2*z,\nx+1/2*z");
        /* x - y^2 and y^2 - z: under lex, x - z and y^2 - z */
        expect_basis_text(3, p, "lex", "x - y^2, y^2 - z", "y^2-z,\nx-z");
        /* homogeneous: the twisted cubic in grevlex */
        expect_basis_text(4, p, "grevlex", "x*z - y^2, y*w - z^2, x*w - y*z",
                          "z^2-y*w,\ny*z-x*w,\ny^2-x*z");
        /* variables that appear nowhere do not matter */
        expect_basis_text(5, p, "grevlex", "y - 1", "y-1");
        expect_basis_text(5, p, "lex", "v^2 - v", "v^2-v");
    }
}
END_TEST

/* ------------------------------------------------------- one variable -- */

#define MAXD 40

/* Dense polynomial in one variable: c[0..deg], deg -1 for zero. Over Z/p the
 * coefficients are residues in the numerators (denominators 1). */
typedef struct dpoly {
    int deg;
    mpq_t c[MAXD + 1];
} dpoly;

static void dp_init(dpoly *a)
{
    a->deg = -1;
    for (int i = 0; i <= MAXD; i++)
        mpq_init(a->c[i]);
}

static void dp_clear(dpoly *a)
{
    for (int i = 0; i <= MAXD; i++)
        mpq_clear(a->c[i]);
}

static void dp_reduce(dpoly *a, uint32_t p)
{
    if (p != 0)
        for (int i = 0; i <= MAXD; i++) {
            mpz_t m;
            mpz_init_set_ui(m, p);
            /* c = num * den^-1 mod p */
            mpz_t n, d;
            mpz_inits(n, d, NULL);
            mpz_mod(n, mpq_numref(a->c[i]), m);
            mpz_mod(d, mpq_denref(a->c[i]), m);
            T_ASSERT(mpz_invert(d, d, m) != 0);
            mpz_mul(n, n, d);
            mpz_mod(n, n, m);
            mpq_set_z(a->c[i], n);
            mpz_clears(n, d, m, NULL);
        }
    a->deg = MAXD;
    while (a->deg >= 0 && mpq_sgn(a->c[a->deg]) == 0)
        a->deg--;
}

/* a = a mod b (b nonzero), by long division. */
static void dp_rem(dpoly *a, const dpoly *b, uint32_t p)
{
    mpq_t q, t;
    mpq_inits(q, t, NULL);
    while (a->deg >= b->deg) {
        mpq_div(q, a->c[a->deg], b->c[b->deg]);
        int s = a->deg - b->deg;
        for (int i = 0; i <= b->deg; i++) {
            mpq_mul(t, q, b->c[i]);
            mpq_sub(a->c[i + s], a->c[i + s], t);
        }
        dp_reduce(a, p);
    }
    mpq_clears(q, t, NULL);
}

static void dp_copy(dpoly *a, const dpoly *b)
{
    for (int i = 0; i <= MAXD; i++)
        mpq_set(a->c[i], b->c[i]);
    a->deg = b->deg;
}

/* g = gcd(g, a), monic (zero stays zero). */
static void dp_gcd(dpoly *g, const dpoly *a0, uint32_t p)
{
    dpoly a, r;
    dp_init(&a);
    dp_init(&r);
    dp_copy(&a, a0);
    while (a.deg >= 0) {
        dp_copy(&r, g);
        dp_rem(&r, &a, p); /* r = g mod a */
        dp_copy(g, &a);
        dp_copy(&a, &r);
    }
    if (g->deg >= 0) {
        mpq_t l;
        mpq_init(l);
        mpq_set(l, g->c[g->deg]);
        for (int i = 0; i <= g->deg; i++)
            mpq_div(g->c[i], g->c[i], l);
        mpq_clear(l);
        dp_reduce(g, p);
    }
    dp_clear(&a);
    dp_clear(&r);
}

static void dp_random(dpoly *a, gbc_rng *r, int maxdeg, uint32_t p)
{
    int d = (int)gbc_rng_below(r, (uint64_t)maxdeg + 1);
    for (int i = 0; i <= MAXD; i++)
        mpq_set_ui(a->c[i], 0, 1);
    for (int i = 0; i <= d; i++)
        if (i == d || gbc_rng_below(r, 3) != 0)
            mpq_set_si(a->c[i], (long)gbc_rng_below(r, 19) - 9, 1 + gbc_rng_below(r, 3));
    if (mpq_sgn(a->c[d]) == 0)
        mpq_set_ui(a->c[d], 1, 1);
    for (int i = 0; i <= d; i++)
        mpq_canonicalize(a->c[i]);
    if (p == 2 || p == 3) /* denominators 2 and 3 are not invertible there */
        for (int i = 0; i <= d; i++)
            mpz_set_ui(mpq_denref(a->c[i]), 1);
    dp_reduce(a, p);
}

static void dp_mul(dpoly *r, const dpoly *a, const dpoly *b, uint32_t p)
{
    mpq_t t;
    mpq_init(t);
    for (int i = 0; i <= MAXD; i++)
        mpq_set_ui(r->c[i], 0, 1);
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            T_ASSERT(i + j <= MAXD);
            mpq_mul(t, a->c[i], b->c[j]);
            mpq_add(r->c[i + j], r->c[i + j], t);
        }
    mpq_clear(t);
    dp_reduce(r, p);
}

/* Append the dense polynomial as plain (terms by decreasing degree). */
static void push_dense(plist *L, const ring *R, const dpoly *a)
{
    size_t n = 0;
    for (int i = a->deg; i >= 0; i--)
        n += mpq_sgn(a->c[i]) != 0;
    ppoly *q;
    T_ASSERT(plist_push(CTX, L, n, 1, &R->F, &q) == GBC_OK);
    size_t k = 0;
    for (int i = a->deg; i >= 0; i--) {
        if (mpq_sgn(a->c[i]) == 0)
            continue;
        q->exps[k] = (uint32_t)i;
        if (R->F.p != 0)
            q->cf[k] = (uint32_t)mpz_get_ui(mpq_numref(a->c[i]));
        else
            mpq_set(q->cq[k], a->c[i]);
        k++;
    }
}

START_TEST(test_one_variable)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    static const char *orders1[] = {"grevlex", "lex", "deglex", "weights:3", "blocks:lex(1)"};
    for (int it = 0; it < 200 * tu_mult(); it++) {
        uint32_t p = fields[it % NFIELDS];
        ring R;
        ring_make(&R, 1, names, p, orders1[it % 5]);
        /* f_i = g * h_i: a planted common factor g, so the gcd is usually not 1 */
        dpoly g, h, f, want;
        dp_init(&g);
        dp_init(&h);
        dp_init(&f);
        dp_init(&want);
        dp_random(&g, &r, 5, p);
        plist F;
        plist_init(&F);
        size_t n = 1 + gbc_rng_below(&r, 4);
        for (size_t i = 0; i < n; i++) {
            if (gbc_rng_below(&r, 6) == 0) {
                push_zero(&F, &R); /* zero generators too */
                continue;
            }
            dp_random(&h, &r, 6, p);
            dp_mul(&f, &g, &h, p);
            push_dense(&F, &R, &f);
            dp_gcd(&want, &f, p);
        }
        plist G, W;
        groebner(&G, &R, &F);
        plist_init(&W);
        if (want.deg >= 0)
            push_dense(&W, &R, &want);
        if (!check_plist_equal(&R, &G, &W)) {
            char *a = to_text(&R, &F), *b = to_text(&R, &G), *c = to_text(&R, &W);
            ck_abort_msg("p=%u %s: gens\n%s basis\n%s expected\n%s", p, orders1[it % 5], a, b, c);
        }
        plist_clear(CTX, &G, &R.F);
        plist_clear(CTX, &W, &R.F);
        plist_clear(CTX, &F, &R.F);
        dp_clear(&g);
        dp_clear(&h);
        dp_clear(&f);
        dp_clear(&want);
        ring_clear(CTX, &R);
    }
}
END_TEST

/* ---------------------------------------------- variables used nowhere -- */

/* The ideal of random polynomials in x, y computed in the ring (a, x, b, y, c):
 * the same basis as in the ring (x, y), with zero exponents for a, b, c. Under
 * each of these orders, monomials free of a, b, c compare as in the small ring. */
START_TEST(test_unused_variables)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    static const char *const big[] = {"a", "x", "b", "y", "c"};
    static const char *const small[] = {"x", "y"};
    static const char *orders[] = {"grevlex", "lex", "deglex"};
    for (int it = 0; it < 60 * tu_mult(); it++) {
        uint32_t p = fields[it % NFIELDS];
        const char *ord = orders[it % 3];
        ring R5, R2;
        ring_make(&R5, 5, big, p, ord);
        ring_make(&R2, 2, small, p, ord);
        /* random generators as text, valid in both rings */
        char text[512];
        size_t used = 0;
        size_t n = 1 + gbc_rng_below(&r, 3);
        for (size_t i = 0; i < n; i++) {
            size_t nt = 1 + gbc_rng_below(&r, 3);
            for (size_t t = 0; t < nt; t++) {
                long c = (long)gbc_rng_below(&r, 9) - 4;
                used += (size_t)snprintf(text + used, sizeof text - used, "%s%ld*x^%u*y^%u",
                                         t ? "+" : (i ? "," : ""), c ? c : 1,
                                         (unsigned)gbc_rng_below(&r, 4),
                                         (unsigned)gbc_rng_below(&r, 4));
            }
        }
        plist F5, F2, G5, G2;
        polys_of(&F5, &R5, text);
        polys_of(&F2, &R2, text);
        groebner(&G5, &R5, &F5);
        groebner(&G2, &R2, &F2);
        T_ASSERT_MSG(G5.n == G2.n, "%s (p=%u, %s): %zu vs %zu elements", text, p, ord, G5.n, G2.n);
        for (size_t k = 0; k < G2.n; k++) {
            const ppoly *a = &G5.p[k], *b = &G2.p[k];
            T_ASSERT(a->len == b->len);
            for (size_t i = 0; i < a->len; i++) {
                const uint32_t *e5 = a->exps + 5 * i, *e2 = b->exps + 2 * i;
                T_ASSERT(e5[0] == 0 && e5[2] == 0 && e5[4] == 0);
                T_ASSERT(e5[1] == e2[0] && e5[3] == e2[1]);
                T_ASSERT(p ? a->cf[i] == b->cf[i] : mpq_equal(a->cq[i], b->cq[i]));
            }
        }
        plist_clear(CTX, &F5, &R5.F);
        plist_clear(CTX, &G5, &R5.F);
        plist_clear(CTX, &F2, &R2.F);
        plist_clear(CTX, &G2, &R2.F);
        ring_clear(CTX, &R5);
        ring_clear(CTX, &R2);
    }
}
END_TEST

/* Reductions to zero give their memory back (they once leaked the empty result):
 * the S-polynomial of x^2 + y and x*y is y^2, which is new; later pairs reduce to
 * zero. */
START_TEST(test_zero_reduction_leak)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ring R;
    char msg[128];
    ck_assert_int_eq(ring_init(&ctx, &R, 2, names, 0, NULL, msg, sizeof msg), GBC_OK);
    plist F, G;
    plist_init(&F);
    plist_init(&G);
    gbc_error err;
    ck_assert_int_eq(io_parse_polys(&ctx, &R, &F, "x^2 + y, x*y", 12, &err), GBC_OK);
    gb_stats st;
    memset(&st, 0, sizeof st);
    ck_assert_int_eq(bb_groebner(&ctx, &R, &F, &G, &st), GBC_OK);
    ck_assert_uint_gt(st.zero_reductions, 0);
    plist_clear(&ctx, &G, &R.F);
    plist_clear(&ctx, &F, &R.F);
    ring_clear(&ctx, &R);
    ck_assert_uint_eq(ctx.mem_used, 0);
}
END_TEST

/* The oracles themselves: the verifier must reject what is not a reduced basis,
 * and ideal membership must fail for a non-member, or the checks above prove
 * nothing. */
START_TEST(test_oracles_reject)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        ring R;
        ring_make(&R, 3, names, fields[k], "grevlex");
        static const struct { const char *g; int groebner, reduced; } cases[] = {
            {"x^2 + y, x*y", 0, 0},     /* the S-polynomial y^2 does not reduce */
            {"x*y - z, x*z - y", 0, 0}, /* y^2 - z^2 */
            {"y - 2, x - 1", 1, 1},
            {"x - 1, y - 2", 1, 0},     /* not sorted by leading monomial */
            {"y - 1, x - y", 1, 0},     /* x - y: y is reducible */
            {"y^2, x*y^2", 1, 0},       /* a lead divisible by another lead */
            {"2*x - 2", 1, 0},          /* not monic (mod 2 it is zero: dropped) */
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            plist G;
            polys_of(&G, &R, cases[i].g);
            check_report rep;
            T_ASSERT(check_groebner(CTX, &R, &G, &rep) == GBC_OK);
            int want_reduced = cases[i].reduced || (fields[k] == 2 && i == 6);
            ck_assert_msg(rep.is_groebner == cases[i].groebner && rep.is_reduced == want_reduced,
                          "p=%u '%s': groebner %d reduced %d", fields[k], cases[i].g,
                          rep.is_groebner, rep.is_reduced);
            plist_clear(CTX, &G, &R.F);
        }
        plist G, F;
        polys_of(&G, &R, "x^2, y - 1");
        polys_of(&F, &R, "x^3 + y - 1, x*y - x, x");
        int contained;
        size_t bad = 99;
        T_ASSERT(check_ideal_contains(CTX, &R, &G, &F, &contained, &bad) == GBC_OK);
        ck_assert(!contained);
        ck_assert_uint_eq(bad, 2);
        plist_clear(CTX, &F, &R.F);
        polys_of(&F, &R, "x^3 + y - 1, x*y - x");
        T_ASSERT(check_ideal_contains(CTX, &R, &G, &F, &contained, &bad) == GBC_OK);
        ck_assert(contained);
        plist_clear(CTX, &F, &R.F);
        plist_clear(CTX, &G, &R.F);
        ring_clear(CTX, &R);
    }
}
END_TEST

/* ------------------------------------------------ no variables at all -- */

START_TEST(test_no_variables)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        ring R;
        ring_make(&R, 0, names, fields[k], NULL);
        plist F, G;
        plist_init(&F);
        groebner(&G, &R, &F);
        ck_assert_uint_eq(G.n, 0);
        plist_clear(CTX, &G, &R.F);
        push_zero(&F, &R);
        groebner(&G, &R, &F);
        ck_assert_uint_eq(G.n, 0);
        plist_clear(CTX, &G, &R.F);
        plist_clear(CTX, &F, &R.F);
        polys_of(&F, &R, fields[k] == 2 ? "0, 1, 3" : "0, 5, 1/7");
        groebner(&G, &R, &F);
        ck_assert_uint_eq(G.n, 1);
        ck_assert_uint_eq(G.p[0].len, 1);
        if (fields[k] != 0)
            ck_assert_uint_eq(G.p[0].cf[0], 1);
        else
            ck_assert_int_eq(mpq_cmp_ui(G.p[0].cq[0], 1, 1), 0);
        check_report rep;
        T_ASSERT(check_groebner(CTX, &R, &G, &rep) == GBC_OK);
        ck_assert(rep.is_groebner && rep.is_reduced);
        plist_clear(CTX, &G, &R.F);
        plist_clear(CTX, &F, &R.F);
        ring_clear(CTX, &R);
    }
}
END_TEST

/* ----------------------------------------------- randomised cross-check -- */

/* Random generators: nvars variables, degree <= maxdeg, 2 to 4 terms, small
 * coefficients (fractions over Q). */
static void random_gens(plist *F, const ring *R, gbc_rng *r, size_t n, uint32_t maxdeg)
{
    plist_init(F);
    for (size_t k = 0; k < n; k++) {
        size_t nt = 2 + gbc_rng_below(r, 3);
        ppoly *p;
        T_ASSERT(plist_push(CTX, F, nt, R->nvars, &R->F, &p) == GBC_OK);
        for (size_t i = 0; i < nt; i++) {
            /* constants are rare: they make the unit ideal too likely */
            uint32_t d = gbc_rng_below(r, 8) == 0 ? 0 : 1 + (uint32_t)gbc_rng_below(r, maxdeg);
            for (uint32_t v = 0; v < R->nvars; v++) {
                uint32_t e = v + 1 == R->nvars ? d : (uint32_t)gbc_rng_below(r, d + 1);
                p->exps[i * R->nvars + v] = e;
                d -= e;
            }
            long c = (long)gbc_rng_below(r, 11) - 5;
            if (c == 0)
                c = 1;
            if (R->F.p != 0)
                p->cf[i] = (uint32_t)((c % (long)R->F.p + (long)R->F.p) % (long)R->F.p);
            else
                mpq_set_si(p->cq[i], c, 1 + gbc_rng_below(r, 2));
            if (R->F.p != 0 && p->cf[i] == 0)
                p->cf[i] = 1;
            if (R->F.p == 0)
                mpq_canonicalize(p->cq[i]);
        }
        /* the terms may be unsorted and repeat: callers put them in canonical form
         * through print and parse */
    }
}

START_TEST(test_random_crosscheck)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    int nonunit = 0, total = 0;
    for (int it = 0; it < 1000 * tu_mult(); it++) {
        uint32_t p = fields[it % NFIELDS];
        const char *ord = orders3[(it / NFIELDS) % NORDERS];
        uint32_t nv = 3;
        ring R;
        ring_make(&R, nv, names, p, ord);
        plist F0, F;
        random_gens(&F0, &R, &r, 2 + gbc_rng_below(&r, 2), 3);
        /* canonical generators, via print and parse (sorted, combined) */
        char *txt = to_text(&R, &F0);
        for (char *c = txt; *c; c++)
            if (*c == '\n')
                *c = ' ';
        polys_of(&F, &R, txt);
        plist G;
        groebner(&G, &R, &F);
        total++;
        nonunit += !(G.n == 1 && G.p[0].len == 1);
        /* the verifier: a reduced Groebner basis */
        check_report rep;
        T_ASSERT(check_groebner(CTX, &R, &G, &rep) == GBC_OK);
        T_ASSERT_MSG(rep.is_groebner && rep.is_reduced, "p=%u %s gens %s: %s", p, ord, txt,
                     rep.reason);
        /* (F) is contained in (G): every generator reduces to zero */
        int contained;
        size_t bad = 0;
        T_ASSERT(check_ideal_contains(CTX, &R, &G, &F, &contained, &bad) == GBC_OK);
        T_ASSERT_MSG(contained, "p=%u %s gens %s: generator %zu not in the basis' ideal", p,
                     ord, txt, bad + 1);
        /* (G) is contained in (F): adding G, or any one g, to F changes nothing */
        plist H, GH;
        plist_init(&H);
        for (size_t i = 0; i < F.n; i++)
            push_scaled(&H, &R, &F.p[i], 1);
        for (size_t i = 0; i < G.n; i++)
            push_scaled(&H, &R, &G.p[i], 1);
        groebner(&GH, &R, &H);
        T_ASSERT_MSG(check_plist_equal(&R, &GH, &G), "p=%u %s gens %s: basis of F + G differs",
                     p, ord, txt);
        plist_clear(CTX, &GH, &R.F);
        plist_clear(CTX, &H, &R.F);
        for (size_t j = 0; j < G.n && j < 3; j++) {
            plist_init(&H);
            push_scaled(&H, &R, &G.p[j], 1);
            for (size_t i = 0; i < F.n; i++)
                push_scaled(&H, &R, &F.p[i], 1);
            groebner(&GH, &R, &H);
            T_ASSERT_MSG(check_plist_equal(&R, &GH, &G), "p=%u %s gens %s: F + g%zu differs", p,
                         ord, txt, j + 1);
            plist_clear(CTX, &GH, &R.F);
            plist_clear(CTX, &H, &R.F);
        }
        /* invariance: reversed, scaled, repeated, zero-padded generators */
        plist_init(&H);
        push_zero(&H, &R);
        for (size_t i = F.n; i-- > 0;) {
            /* scale by units of every field here (coprime to 2 and 3) */
            static const long units[] = {1, -1, 5, -7, 11, 25};
            push_scaled(&H, &R, &F.p[i], units[gbc_rng_below(&r, 6)]);
            if (gbc_rng_below(&r, 2))
                push_scaled(&H, &R, &F.p[i], -1);
        }
        push_zero(&H, &R);
        groebner(&GH, &R, &H);
        T_ASSERT_MSG(check_plist_equal(&R, &GH, &G), "p=%u %s gens %s: not invariant", p, ord,
                     txt);
        /* the basis is its own basis */
        plist GG;
        groebner(&GG, &R, &G);
        T_ASSERT(check_plist_equal(&R, &GG, &G));
        plist_clear(CTX, &GG, &R.F);
        plist_clear(CTX, &GH, &R.F);
        plist_clear(CTX, &H, &R.F);
        free(txt);
        plist_clear(CTX, &G, &R.F);
        plist_clear(CTX, &F, &R.F);
        plist_clear(CTX, &F0, &R.F);
        ring_clear(CTX, &R);
    }
    /* random ideals are easily the unit ideal; make sure that is not all */
    ck_assert_int_gt(nonunit, total / 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("buchberger-edge");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, tu_ctx_setup, tu_ctx_teardown);
    tcase_add_test(tc, test_zero_ideal);
    tcase_add_test(tc, test_unit_ideal);
    tcase_add_test(tc, test_zero_and_duplicate_generators);
    tcase_add_test(tc, test_small_by_hand);
    tcase_add_test(tc, test_one_variable);
    tcase_add_test(tc, test_unused_variables);
    tcase_add_test(tc, test_no_variables);
    tcase_add_test(tc, test_oracles_reject);
    tcase_add_test(tc, test_random_crosscheck);
    tcase_add_test(tc, test_zero_reduction_leak);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
