/* tests/solve/t-isolate: real root isolation on approximate coefficients
 * (src/solve/isolate.c, sv_isolate) against the exact integer bisection
 * (sv_isolate_exact) and against definitions, on random polynomials with
 * clustered roots, Mignotte-like close roots, roots at 0 and at dyadic points,
 * huge coefficients and high degree (seed printed). Both must give the same
 * intervals (they bisect alike); every interval must show a sign change of P at
 * its ends (exact rational evaluation), and their number (with the exact roots)
 * must be the count of real roots by a Sturm sequence: then each interval holds
 * exactly one root. The QIR refinement of each root is checked the same way. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "gbc.h"
#include "common/common.h"
#include "solve/solve.h"
#include "testutil.h"

/* P <- P (k t - j). */
static void mul_lin(sv_zpoly *P, const mpz_t k, const mpz_t j)
{
    sv_zpoly F;
    T_ASSERT(sv_zpoly_init(NULL, &F, P->n + 1) == GBC_OK);
    for (size_t i = 0; i < P->n; i++) {
        mpz_addmul(F.c[i + 1], P->c[i], k);
        mpz_submul(F.c[i], P->c[i], j);
    }
    sv_zpoly_clear(NULL, P);
    *P = F;
}

static void mul_lin_si(sv_zpoly *P, long k, long j)
{
    mpz_t a, b;
    mpz_init_set_si(a, k);
    mpz_init_set_si(b, j);
    mul_lin(P, a, b);
    mpz_clears(a, b, NULL);
}

/* A random integer of exactly bits bits (bits >= 1), either sign. */
static void rand_z(mpz_t z, gbc_rng *rng, unsigned bits)
{
    mpz_set_ui(z, 1);
    for (unsigned i = 1; i < bits; i++) {
        mpz_mul_2exp(z, z, 1);
        if (gbc_rng_below(rng, 2))
            mpz_add_ui(z, z, 1);
    }
    if (gbc_rng_below(rng, 2))
        mpz_neg(z, z);
}

/* The sign of P at m / 2^e (rational arithmetic, not the library's). */
static int sign_at(const sv_zpoly *P, const mpz_t m, unsigned long e)
{
    mpq_t x, v, c;
    mpq_inits(x, v, c, NULL);
    mpq_set_z(x, m);
    mpq_div_2exp(x, x, e);
    for (size_t i = P->n; i-- > 0;) {
        mpq_mul(v, v, x);
        mpq_set_z(c, P->c[i]);
        mpq_add(v, v, c);
    }
    int s = mpq_sgn(v);
    mpq_clears(x, v, c, NULL);
    return s;
}

/* A <- the signed remainder: a positive multiple of -(A mod B) (B nonzero). */
static void sturm_step(sv_zpoly *A, const sv_zpoly *B)
{
    int sg = 1; /* sign of the factor A was multiplied by */
    mpz_t l, g;
    mpz_inits(l, g, NULL);
    while (A->n >= B->n && A->n > 0) {
        size_t k = A->n - B->n;
        mpz_set(l, A->c[A->n - 1]);
        for (size_t i = 0; i < A->n; i++)
            mpz_mul(A->c[i], A->c[i], B->c[B->n - 1]);
        if (mpz_sgn(B->c[B->n - 1]) < 0)
            sg = -sg;
        for (size_t i = 0; i < B->n; i++)
            mpz_submul(A->c[i + k], l, B->c[i]);
        sv_zpoly_normalise(A);
        mpz_set_ui(g, 0);
        for (size_t i = 0; i < A->n; i++)
            mpz_gcd(g, g, A->c[i]);
        if (mpz_sgn(g) > 0)
            for (size_t i = 0; i < A->n; i++)
                mpz_divexact(A->c[i], A->c[i], g);
    }
    if (sg > 0) /* A = positive * (A mod B): negate */
        for (size_t i = 0; i < A->n; i++)
            mpz_neg(A->c[i], A->c[i]);
    mpz_clears(l, g, NULL);
}

/* Count a sign change of S's leading term at +infinity (*vp) and -infinity (*vm). */
static void tally(const sv_zpoly *S, int *lp, int *lm, long *vp, long *vm)
{
    int sp = mpz_sgn(S->c[S->n - 1]);
    int sm = (S->n - 1) % 2 ? -sp : sp;
    if (*lp != 0 && sp != *lp)
        (*vp)++;
    if (*lm != 0 && sm != *lm)
        (*vm)++;
    *lp = sp;
    *lm = sm;
}

/* The number of real roots of the squarefree P (deg >= 1; Sturm's theorem: the
 * sign variations of the Sturm sequence at -infinity minus those at +infinity). */
static size_t sturm_count(const sv_zpoly *P)
{
    sv_zpoly A, B;
    T_ASSERT(sv_zpoly_init(NULL, &A, P->n) == GBC_OK);
    T_ASSERT(sv_zpoly_init(NULL, &B, P->n - 1) == GBC_OK);
    for (size_t i = 0; i < P->n; i++)
        mpz_set(A.c[i], P->c[i]);
    for (size_t i = 1; i < P->n; i++)
        mpz_mul_ui(B.c[i - 1], P->c[i], (unsigned long)i);
    int lp = 0, lm = 0;
    long vp = 0, vm = 0;
    tally(&A, &lp, &lm, &vp, &vm);
    tally(&B, &lp, &lm, &vp, &vm);
    while (B.n > 1) {
        sturm_step(&A, &B); /* A <- -(A mod B), then the pair moves on */
        sv_zpoly T = A;
        A = B;
        B = T;
        if (B.n == 0)
            break;
        tally(&B, &lp, &lm, &vp, &vm);
    }
    sv_zpoly_clear(NULL, &A);
    sv_zpoly_clear(NULL, &B);
    return (size_t)(vm - vp);
}

/* A copy of r (mpz_clears its ends). */
static sv_root root_copy(const sv_root *r)
{
    sv_root c = *r;
    mpz_init_set(c.a, r->a);
    mpz_init_set(c.b, r->b);
    return c;
}

/* Refine a copy of the isolated root r of P (squarefree, derivative D) by QIR to
 * 2^-e_to (sv_root_refine_to) and check the definition: inside r, at least that
 * narrow, and a root (exact) or a sign change of P at its ends with sign sa on the
 * left (an end that is a root, exact, takes P''s sign next to it). */
static void check_refine(const sv_zpoly *P, const sv_zpoly *D, const sv_root *r,
                         unsigned long e_to, const char *what, int round)
{
    sv_root c = root_copy(r);
    unsigned qir = 0;
    T_ASSERT(sv_root_refine_to(NULL, &c, P, e_to, &qir) == GBC_OK);
    T_ASSERT_MSG(c.exact || c.e >= e_to, "%s round %d: refined to 2^-%lu only", what, round,
                 c.e);
    T_ASSERT(sv_dy_cmp(r->a, r->e, c.a, c.e) <= 0 && sv_dy_cmp(c.b, c.e, r->b, r->e) <= 0);
    if (c.exact) {
        T_ASSERT_MSG(sign_at(P, c.a, c.e) == 0, "%s round %d: exact root not a root", what,
                     round);
    } else {
        int sa = sign_at(P, c.a, c.e), sb = sign_at(P, c.b, c.e);
        if (sa == 0)
            sa = sign_at(D, c.a, c.e);
        if (sb == 0)
            sb = -sign_at(D, c.b, c.e);
        T_ASSERT_MSG(sa == r->sa && sb == -sa, "%s round %d: refined interval without a sign "
                     "change (%d %d %d)", what, round, sa, sb, r->sa);
    }
    mpz_clears(c.a, c.b, NULL);
}

/* Isolate the real roots of P (made squarefree unless sturm < 0: a random dense
 * polynomial, squarefree but for a vanishing chance, whose gcd with P' would cost
 * more than the rest) both ways and check them; sturm > 0: also count them by
 * Sturm's theorem. */
static void check_poly(const sv_zpoly *P0, int sturm, const char *what, int round)
{
    sv_zpoly P;
    if (sturm < 0)
        T_ASSERT(sv_zpoly_copy(NULL, &P, P0) == GBC_OK);
    else
        T_ASSERT(sv_zpoly_squarefree(NULL, &P, P0) == GBC_OK);
    sv_zpoly D;
    T_ASSERT(sv_zpoly_init(NULL, &D, P.n - 1) == GBC_OK);
    for (size_t i = 1; i < P.n; i++)
        mpz_mul_ui(D.c[i - 1], P.c[i], (unsigned long)i);
    sv_root *ra = NULL, *re = NULL;
    size_t na = 0, ne = 0;
    T_ASSERT(sv_isolate(NULL, &ra, &na, &P) == GBC_OK);
    T_ASSERT(sv_isolate_exact(NULL, &re, &ne, &P) == GBC_OK);
    T_ASSERT_MSG(na == ne, "%s round %d: %zu roots approximate, %zu exact", what, round, na, ne);
    for (size_t i = 0; i < na; i++) {
        T_ASSERT_MSG(ra[i].e == re[i].e && mpz_cmp(ra[i].a, re[i].a) == 0 &&
                         mpz_cmp(ra[i].b, re[i].b) == 0 && ra[i].exact == re[i].exact &&
                         ra[i].sa == re[i].sa,
                     "%s round %d: root %zu differs", what, round, i);
        if (ra[i].exact) {
            T_ASSERT(sign_at(&P, ra[i].a, ra[i].e) == 0);
        } else {
            /* the signs just inside the open interval: an end may be an exact root
             * (emitted on its own), then P' gives the sign next to it */
            int sa = sign_at(&P, ra[i].a, ra[i].e), sb = sign_at(&P, ra[i].b, ra[i].e);
            if (sa == 0)
                sa = sign_at(&D, ra[i].a, ra[i].e);
            if (sb == 0)
                sb = -sign_at(&D, ra[i].b, ra[i].e);
            T_ASSERT_MSG(sa != 0 && sb == -sa && sa == ra[i].sa,
                         "%s round %d root %zu: no sign change (%d %d %d)", what, round, i, sa,
                         sb, ra[i].sa);
        }
        check_refine(&P, &D, &ra[i], ra[i].e + 1 + (unsigned long)(i * 37 % 200), what, round);
        if (i > 0) /* increasing, disjoint */
            T_ASSERT(sv_dy_cmp(ra[i - 1].b, ra[i - 1].e, ra[i].a, ra[i].e) <= 0);
    }
    if (sturm > 0 && P.n <= 36) { /* Sturm's sequence grows fast: small degrees only */
        size_t c = sturm_count(&P);
        T_ASSERT_MSG(c == na, "%s round %d: Sturm counts %zu real roots, isolated %zu", what,
                     round, c, na);
    }
    sv_roots_free(NULL, ra, na);
    sv_roots_free(NULL, re, ne);
    sv_zpoly_clear(NULL, &D);
    sv_zpoly_clear(NULL, &P);
}

static void poly_one(sv_zpoly *P)
{
    T_ASSERT(sv_zpoly_init(NULL, P, 1) == GBC_OK);
    mpz_set_ui(P->c[0], 1);
}

/* Clusters: roots (a + i) / 2^b, i < m, for big b, times a random factor. */
START_TEST(test_clusters)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x150a);
    int rounds = 20 * tu_mult();
    mpz_t k, j;
    mpz_inits(k, j, NULL);
    for (int r = 0; r < rounds; r++) {
        sv_zpoly P;
        poly_one(&P);
        size_t nc = 1 + gbc_rng_below(&rng, 3);
        for (size_t c = 0; c < nc; c++) {
            unsigned b = 10 + (unsigned)gbc_rng_below(&rng, 120);
            rand_z(j, &rng, b + 3);
            mpz_set_ui(k, 1);
            mpz_mul_2exp(k, k, b);
            size_t m = 2 + gbc_rng_below(&rng, 4);
            for (size_t i = 0; i < m; i++) {
                mul_lin(&P, k, j);
                mpz_add_ui(j, j, 1 + gbc_rng_below(&rng, 3));
            }
        }
        /* a random factor of degree <= 8 */
        sv_zpoly F;
        size_t fd = gbc_rng_below(&rng, 9);
        T_ASSERT(sv_zpoly_init(NULL, &F, P.n + fd) == GBC_OK);
        for (size_t i = 0; i <= fd; i++) {
            rand_z(k, &rng, 1 + (unsigned)gbc_rng_below(&rng, 20));
            for (size_t t = 0; t < P.n; t++)
                mpz_addmul(F.c[i + t], P.c[t], k);
        }
        sv_zpoly_normalise(&F);
        check_poly(&F, 1, "clusters", r);
        sv_zpoly_clear(NULL, &F);
        sv_zpoly_clear(NULL, &P);
    }
    mpz_clears(k, j, NULL);
}
END_TEST

/* Mignotte-like: x^d - 2 (a x - 1)^2, two roots within about a^-(d+2)/2 of 1/a. */
START_TEST(test_mignotte)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x3191);
    int rounds = 6 * tu_mult();
    for (int r = 0; r < rounds; r++) {
        size_t d = 5 + gbc_rng_below(&rng, r < 3 ? 40 : 120);
        long a = 3 + (long)gbc_rng_below(&rng, 200);
        sv_zpoly P;
        T_ASSERT(sv_zpoly_init(NULL, &P, d + 1) == GBC_OK);
        mpz_set_ui(P.c[d], 1);
        mpz_set_si(P.c[2], -2 * a * a);
        mpz_set_si(P.c[1], 4 * a);
        mpz_set_si(P.c[0], -2);
        if (gbc_rng_below(&rng, 2)) /* times (2^s x - m): a dyadic root */
            mul_lin_si(&P, 1L << gbc_rng_below(&rng, 30),
                       (long)gbc_rng_below(&rng, 1000) - 500);
        check_poly(&P, d <= 80, "mignotte", r);
        sv_zpoly_clear(NULL, &P);
    }
}
END_TEST

/* Roots at 0 and at dyadic points (bisection points among them), huge
 * coefficients. */
START_TEST(test_dyadic_huge)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0xd7ad);
    int rounds = 20 * tu_mult();
    mpz_t k, j;
    mpz_inits(k, j, NULL);
    for (int r = 0; r < rounds; r++) {
        sv_zpoly P;
        poly_one(&P);
        if (gbc_rng_below(&rng, 2))
            mul_lin_si(&P, 1, 0);
        size_t nf = 1 + gbc_rng_below(&rng, 10);
        for (size_t f = 0; f < nf; f++)
            mul_lin_si(&P, 1L << gbc_rng_below(&rng, 12), (long)gbc_rng_below(&rng, 81) - 40);
        /* a factor with huge coefficients: degree 3, 300 to 800 bits */
        sv_zpoly F;
        T_ASSERT(sv_zpoly_init(NULL, &F, P.n + 3) == GBC_OK);
        unsigned bits = 300 + (unsigned)gbc_rng_below(&rng, 500);
        for (size_t i = 0; i <= 3; i++) {
            rand_z(k, &rng, bits);
            for (size_t t = 0; t < P.n; t++)
                mpz_addmul(F.c[i + t], P.c[t], k);
        }
        sv_zpoly_normalise(&F);
        check_poly(&F, 1, "dyadic-huge", r);
        sv_zpoly_clear(NULL, &F);
        sv_zpoly_clear(NULL, &P);
    }
    mpz_clears(k, j, NULL);
}
END_TEST

/* High degree: random dense polynomials of degree 300 to 400 (few real roots),
 * and products of 25 to 40 linear factors with close rational roots. */
START_TEST(test_high_degree)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x4d6e);
    int rounds = 2 * tu_mult();
    mpz_t k, j;
    mpz_inits(k, j, NULL);
    for (int r = 0; r < rounds; r++) {
        size_t d = 300 + gbc_rng_below(&rng, 101);
        sv_zpoly P;
        T_ASSERT(sv_zpoly_init(NULL, &P, d + 1) == GBC_OK);
        for (size_t i = 0; i <= d; i++)
            rand_z(P.c[i], &rng, 1 + (unsigned)gbc_rng_below(&rng, 64));
        check_poly(&P, -1, "dense", r);
        sv_zpoly_clear(NULL, &P);
        poly_one(&P);
        size_t nf = 25 + gbc_rng_below(&rng, 16);
        for (size_t f = 0; f < nf; f++) {
            mpz_set_ui(k, 1000 + gbc_rng_below(&rng, 7));
            mpz_set_si(j, (long)gbc_rng_below(&rng, 4001) - 2000);
            mul_lin(&P, k, j);
        }
        check_poly(&P, 1, "linear", r);
        sv_zpoly_clear(NULL, &P);
    }
    mpz_clears(k, j, NULL);
}
END_TEST

/* QIR refinement (sv_root_refine_to) on degree 1 and 2, on a dyadic root m / 2^s
 * (refined past 2^-s it must be found exact: every end is then on a grid holding
 * it, and an open interval of one root has no root at an end), and on roots within
 * 2^-(40..200) of a dyadic point that ends an isolating interval. */
START_TEST(test_refine)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x91f3);
    int rounds = 30 * tu_mult();
    mpz_t k, j;
    mpz_inits(k, j, NULL);
    for (int r = 0; r < rounds; r++) {
        sv_zpoly P, D;
        poly_one(&P);
        unsigned s = (unsigned)gbc_rng_below(&rng, 60);
        long m = 2 * (long)gbc_rng_below(&rng, 1000) - 999; /* odd */
        mpz_set_ui(k, 1);
        mpz_mul_2exp(k, k, s);
        mpz_set_si(j, m);
        mul_lin(&P, k, j); /* the dyadic root m / 2^s */
        int kind = r % 3;
        if (kind == 1) { /* degree 2: a second root, odd over 3 (never dyadic) */
            mul_lin_si(&P, 3, 3 * (long)gbc_rng_below(&rng, 40) - 59);
        } else if (kind == 2) { /* a root 2^-c right of the dyadic one */
            unsigned c = 40 + (unsigned)gbc_rng_below(&rng, 161);
            mpz_mul_2exp(k, k, c);
            mpz_mul_2exp(j, j, c);
            mpz_add_ui(j, j, 1);
            mul_lin(&P, k, j);
        }
        T_ASSERT(sv_zpoly_init(NULL, &D, P.n - 1) == GBC_OK);
        for (size_t i = 1; i < P.n; i++)
            mpz_mul_ui(D.c[i - 1], P.c[i], (unsigned long)i);
        sv_root *ra = NULL;
        size_t na = 0;
        T_ASSERT(sv_isolate(NULL, &ra, &na, &P) == GBC_OK);
        T_ASSERT_MSG(na == P.n - 1, "refine round %d: %zu roots of %zu", r, na, P.n - 1);
        for (size_t i = 0; i < na; i++) {
            unsigned long e_to = ra[i].e + 1 + gbc_rng_below(&rng, 300);
            check_refine(&P, &D, &ra[i], e_to, "refine", r);
            /* the dyadic root: found exact once refined past 2^-s */
            sv_root c = root_copy(&ra[i]);
            unsigned qir = 0;
            T_ASSERT(sv_root_refine_to(NULL, &c, &P, s + 1, &qir) == GBC_OK);
            mpz_set_si(j, m);
            if (!ra[i].exact && sv_dy_cmp(ra[i].a, ra[i].e, j, s) < 0 &&
                sv_dy_cmp(j, s, ra[i].b, ra[i].e) < 0) /* ra[i] is the dyadic root's */
                T_ASSERT_MSG(c.exact && sv_dy_cmp(c.a, c.e, j, s) == 0,
                             "refine round %d: the dyadic root %ld / 2^%u not found exact", r,
                             m, s);
            mpz_clears(c.a, c.b, NULL);
        }
        sv_roots_free(NULL, ra, na);
        sv_zpoly_clear(NULL, &D);
        sv_zpoly_clear(NULL, &P);
    }
    mpz_clears(k, j, NULL);
}
END_TEST

/* Whether r's interval is wider than 2^-e. */
static int wider(const sv_root *r, unsigned long e)
{
    mpz_t w, one;
    mpz_init(w);
    mpz_init_set_ui(one, 1);
    mpz_sub(w, r->b, r->a);
    int wide = sv_dy_cmp(w, r->e, one, e) > 0;
    mpz_clears(w, one, NULL);
    return wide;
}

/* Deep QIR refinement (thousands of bits: the secant's place then has far more
 * bits than a double) against bisection one bit a step (sv_root_refine): the same
 * interval, or both exact at the same point, on random squarefree polynomials of
 * degree 2 to 7 with one root near a dyadic point. */
START_TEST(test_refine_deep)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x5eed9);
    int rounds = 6 * tu_mult();
    mpz_t k, j;
    mpz_inits(k, j, NULL);
    for (int r = 0; r < rounds; r++) {
        sv_zpoly P0, P;
        unsigned deg = 1 + (unsigned)gbc_rng_below(&rng, 6);
        T_ASSERT(sv_zpoly_init(NULL, &P0, deg + 1) == GBC_OK);
        for (size_t i = 0; i <= deg; i++)
            rand_z(P0.c[i], &rng, 1 + (unsigned)gbc_rng_below(&rng, 40));
        /* a root 2^-c right of 3 / 8: the secant first meets a tiny value there */
        unsigned c = 20 + (unsigned)gbc_rng_below(&rng, 100);
        mpz_set_ui(k, 1);
        mpz_mul_2exp(k, k, 3 + c);
        mpz_set_ui(j, 3);
        mpz_mul_2exp(j, j, c);
        mpz_add_ui(j, j, 1);
        mul_lin(&P0, k, j);
        T_ASSERT(sv_zpoly_squarefree(NULL, &P, &P0) == GBC_OK);
        sv_root *ra = NULL;
        size_t na = 0;
        T_ASSERT(sv_isolate(NULL, &ra, &na, &P) == GBC_OK);
        T_ASSERT_MSG(na >= 1, "deep round %d: no root", r);
        for (size_t i = 0; i < na; i++) {
            unsigned long e_to = ra[i].e + 1000 + gbc_rng_below(&rng, 3000);
            sv_root q = root_copy(&ra[i]), b = root_copy(&ra[i]);
            unsigned qir = 0;
            T_ASSERT(sv_root_refine_to(NULL, &q, &P, e_to, &qir) == GBC_OK);
            /* bisection keeps the width of 2^u units of an interval the isolation
             * left so: on until it is 2^-e_to wide */
            while (!b.exact && wider(&b, e_to))
                T_ASSERT(sv_root_refine(NULL, &b, &P) == GBC_OK);
            T_ASSERT_MSG(q.exact == b.exact, "deep round %d root %zu: exact %d, bisection %d", r,
                         i, q.exact, b.exact);
            if (q.exact)
                T_ASSERT(sv_dy_cmp(q.a, q.e, b.a, b.e) == 0);
            else
                T_ASSERT_MSG(!wider(&q, e_to) && sv_dy_cmp(q.a, q.e, b.a, b.e) == 0 &&
                                 sv_dy_cmp(q.b, q.e, b.b, b.e) == 0,
                             "deep round %d root %zu (degree %zu, 2^-%lu): QIR and bisection "
                             "differ", r, i, P.n - 1, e_to);
            mpz_clears(q.a, q.b, b.a, b.b, NULL);
        }
        sv_roots_free(NULL, ra, na);
        sv_zpoly_clear(NULL, &P);
        sv_zpoly_clear(NULL, &P0);
    }
    mpz_clears(k, j, NULL);
}
END_TEST

static Suite *isolate_suite(void)
{
    Suite *s = suite_create("isolate");
    TCase *tc = tcase_create("isolate");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_clusters);
    tcase_add_test(tc, test_mignotte);
    tcase_add_test(tc, test_dyadic_huge);
    tcase_add_test(tc, test_high_degree);
    tcase_add_test(tc, test_refine);
    tcase_add_test(tc, test_refine_deep);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(isolate_suite());
}
