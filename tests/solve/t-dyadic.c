/* tests/solve/t-dyadic: the solver's dyadic interval arithmetic (src/solve/dyadic.c)
 * against exact rational arithmetic (mpq) on random inputs, seed printed: Horner over
 * an interval gives exactly the endpoints of the same Horner over rationals and
 * encloses the values at sample points, and at a working precision encloses that
 * range; signs (exact, and from an approximation first), outward-rounded quotients
 * and comparisons agree with mpq. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "gbc.h"
#include "common/common.h"
#include "solve/solve.h"
#include "testutil.h"

/* A random integer of up to bits bits, either sign. */
static void rand_z(mpz_t z, gbc_rng *rng, unsigned bits)
{
    mpz_set_ui(z, 0);
    unsigned b = (unsigned)gbc_rng_below(rng, (uint64_t)bits + 1);
    for (unsigned i = 0; i < b; i += 32) {
        mpz_mul_2exp(z, z, 32);
        mpz_add_ui(z, z, (unsigned long)gbc_rng_below(rng, 1ull << 32));
    }
    if (b > 0)
        mpz_fdiv_q_2exp(z, z, (b + 31) / 32 * 32 - b);
    if (gbc_rng_below(rng, 2))
        mpz_neg(z, z);
}

/* P(x) over Q. */
static void q_eval(mpq_t v, const sv_zpoly *P, const mpq_t x)
{
    mpq_t c;
    mpq_init(c);
    mpq_set_ui(v, 0, 1);
    for (size_t i = P->n; i-- > 0;) {
        mpq_mul(v, v, x);
        mpq_set_z(c, P->c[i]);
        mpq_add(v, v, c);
    }
    mpq_clear(c);
}

/* m / 2^e as a rational. */
static void dy_q(mpq_t q, const mpz_t m, unsigned long e)
{
    mpq_set_z(q, m);
    mpq_div_2exp(q, q, e);
}

START_TEST(test_horner)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0xd1ad);
    int rounds = 300 * tu_mult();
    mpz_t a, b, lo, hi, tmp[4];
    mpq_t qa, qb, qlo, qhi, x, v, c, dlo, dhi;
    mpz_inits(a, b, lo, hi, tmp[0], tmp[1], tmp[2], tmp[3], NULL);
    mpq_inits(qa, qb, qlo, qhi, x, v, c, dlo, dhi, NULL);
    for (int r = 0; r < rounds; r++) {
        size_t n = (size_t)gbc_rng_below(&rng, 12);
        sv_zpoly P;
        T_ASSERT(sv_zpoly_init(NULL, &P, n) == GBC_OK);
        for (size_t i = 0; i < n; i++)
            rand_z(P.c[i], &rng, 1 + (unsigned)gbc_rng_below(&rng, 200));
        sv_zpoly_normalise(&P);
        unsigned long e = (unsigned long)gbc_rng_below(&rng, 90);
        rand_z(a, &rng, 100);
        if (gbc_rng_below(&rng, 5) == 0) {
            mpz_set(b, a); /* a point */
        } else {
            rand_z(b, &rng, 100);
            if (mpz_cmp(a, b) > 0)
                mpz_swap(a, b);
        }
        unsigned long eo = 0;
        T_ASSERT(sv_dy_horner(NULL, lo, hi, &eo, &P, a, b, e, tmp) == GBC_OK);
        T_ASSERT(mpz_cmp(lo, hi) <= 0);
        dy_q(dlo, lo, eo);
        dy_q(dhi, hi, eo);
        /* the same Horner over Q */
        dy_q(qa, a, e);
        dy_q(qb, b, e);
        mpq_set_ui(qlo, 0, 1);
        mpq_set_ui(qhi, 0, 1);
        if (P.n > 0) {
            mpq_set_z(qlo, P.c[P.n - 1]);
            mpq_set_z(qhi, P.c[P.n - 1]);
            for (size_t k = P.n - 1; k-- > 0;) {
                tu_mpq_interval_mul(qlo, qhi, qa, qb);
                mpq_set_z(c, P.c[k]);
                mpq_add(qlo, qlo, c);
                mpq_add(qhi, qhi, c);
            }
        }
        T_ASSERT_MSG(mpq_equal(qlo, dlo) && mpq_equal(qhi, dhi), "round %d: Horner differs", r);
        /* the values at the endpoints and at random points inside lie in the range */
        for (int s = 0; s < 6; s++) {
            if (s == 0)
                mpq_set(x, qa);
            else if (s == 1)
                mpq_set(x, qb);
            else {
                mpq_sub(x, qb, qa);
                mpq_set_ui(c, (unsigned long)gbc_rng_below(&rng, 1001), 1000);
                mpq_mul(x, x, c);
                mpq_add(x, x, qa);
            }
            q_eval(v, &P, x);
            T_ASSERT_MSG(mpq_cmp(dlo, v) <= 0 && mpq_cmp(v, dhi) <= 0,
                         "round %d: a value outside the range", r);
        }
        /* the sign at a dyadic point */
        q_eval(v, &P, qa);
        int sg = 2;
        T_ASSERT(sv_zpoly_sign_dyadic(NULL, &sg, &P, a, e) == GBC_OK);
        T_ASSERT(sg == mpq_sgn(v));
        sg = 2;
        T_ASSERT(sv_zpoly_sign_dyadic_approx(NULL, &sg, &P, a, e) == GBC_OK);
        T_ASSERT(sg == mpq_sgn(v));
        /* at a working precision of 8 to 263 bits: an enclosure of the exact range */
        long ep = 0;
        unsigned long L = 8 + (unsigned long)gbc_rng_below(&rng, 256);
        T_ASSERT(sv_dy_horner_prec(NULL, lo, hi, &ep, &P, a, b, e, L, tmp) == GBC_OK);
        mpq_set_z(x, lo);
        mpq_set_z(v, hi);
        if (ep >= 0) {
            mpq_div_2exp(x, x, (mp_bitcnt_t)ep);
            mpq_div_2exp(v, v, (mp_bitcnt_t)ep);
        } else {
            mpq_mul_2exp(x, x, (mp_bitcnt_t)-ep);
            mpq_mul_2exp(v, v, (mp_bitcnt_t)-ep);
        }
        T_ASSERT_MSG(mpq_cmp(x, dlo) <= 0 && mpq_cmp(dhi, v) <= 0,
                     "round %d: the range at %lu bits misses the exact one", r, L);
        if (P.n > 1) /* cut after each step (a rounding up may carry one bit) */
            T_ASSERT(mpz_sizeinbase(lo, 2) <= L + 1 && mpz_sizeinbase(hi, 2) <= L + 1);
        sv_zpoly_clear(NULL, &P);
    }
    mpz_clears(a, b, lo, hi, tmp[0], tmp[1], tmp[2], tmp[3], NULL);
    mpq_clears(qa, qb, qlo, qhi, x, v, c, dlo, dhi, NULL);
}
END_TEST

/* Outward-rounded quotients and comparisons of dyadics against mpq. */
START_TEST(test_div_round_cmp)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0xd1ae);
    int rounds = 2000 * tu_mult();
    mpz_t n, d, out, ce, tmp, fl;
    mpq_t q, t;
    mpz_inits(n, d, out, ce, tmp, fl, NULL);
    mpq_inits(q, t, NULL);
    for (int r = 0; r < rounds; r++) {
        rand_z(n, &rng, 300);
        do
            rand_z(d, &rng, 200);
        while (mpz_sgn(d) == 0);
        long shift = (long)gbc_rng_below(&rng, 401) - 200;
        /* q = n 2^shift / d exactly */
        mpq_set_num(q, n);
        mpq_set_den(q, d);
        mpq_canonicalize(q);
        if (shift >= 0)
            mpq_mul_2exp(q, q, (mp_bitcnt_t)shift);
        else
            mpq_div_2exp(q, q, (mp_bitcnt_t)-shift);
        sv_dy_div_round(out, ce, n, d, shift, tmp);
        mpz_fdiv_q(fl, mpq_numref(q), mpq_denref(q));
        T_ASSERT_MSG(mpz_cmp(out, fl) == 0, "round %d: the floor differs", r);
        mpz_cdiv_q(fl, mpq_numref(q), mpq_denref(q));
        T_ASSERT_MSG(mpz_cmp(ce, fl) == 0, "round %d: the ceiling differs", r);
        unsigned long ea = (unsigned long)gbc_rng_below(&rng, 100);
        unsigned long eb = gbc_rng_below(&rng, 4) == 0 ? ea : (unsigned long)gbc_rng_below(&rng, 100);
        dy_q(q, n, ea);
        dy_q(t, d, eb);
        int want = mpq_cmp(q, t);
        int got = sv_dy_cmp(n, ea, d, eb);
        T_ASSERT_MSG((want > 0) == (got > 0) && (want < 0) == (got < 0), "round %d: cmp", r);
        T_ASSERT(sv_dy_cmp(n, ea, n, ea) == 0);
    }
    mpz_clears(n, d, out, ce, tmp, fl, NULL);
    mpq_clears(q, t, NULL);
}
END_TEST

/* Real roots of random squarefree polynomials: isolated and refined on dyadic
 * endpoints, each interval holds a sign change of P (a root) and the intervals are
 * disjoint and increasing. */
START_TEST(test_isolate_refine)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0xd1af);
    int rounds = 60 * tu_mult();
    mpq_t x, v;
    mpq_inits(x, v, NULL);
    for (int r = 0; r < rounds; r++) {
        /* a product of linear factors (k t - j) and a random factor */
        size_t nf = 1 + (size_t)gbc_rng_below(&rng, 6);
        sv_zpoly P, F, S;
        T_ASSERT(sv_zpoly_init(NULL, &P, 1) == GBC_OK);
        mpz_set_ui(P.c[0], 1);
        for (size_t f = 0; f < nf; f++) {
            T_ASSERT(sv_zpoly_init(NULL, &F, P.n + 1) == GBC_OK);
            long k = 1 + (long)gbc_rng_below(&rng, 8), j = (long)gbc_rng_below(&rng, 41) - 20;
            for (size_t i = 0; i < P.n; i++) {
                mpz_addmul_ui(F.c[i + 1], P.c[i], (unsigned long)k);
                if (j >= 0)
                    mpz_submul_ui(F.c[i], P.c[i], (unsigned long)j);
                else
                    mpz_addmul_ui(F.c[i], P.c[i], (unsigned long)-j);
            }
            sv_zpoly_clear(NULL, &P);
            P = F;
        }
        T_ASSERT(sv_zpoly_squarefree(NULL, &S, &P) == GBC_OK);
        sv_root *roots = NULL;
        size_t nr = 0;
        T_ASSERT(sv_isolate(NULL, &roots, &nr, &S) == GBC_OK);
        mpq_t prev;
        mpq_init(prev);
        for (size_t i = 0; i < nr; i++) {
            for (int step = 0; step < 40; step++)
                T_ASSERT(sv_root_refine(NULL, &roots[i], &S) == GBC_OK);
            dy_q(x, roots[i].a, roots[i].e);
            if (i > 0)
                T_ASSERT_MSG(mpq_cmp(prev, x) <= 0, "round %d: roots %zu, %zu overlap", r,
                             i - 1, i);
            q_eval(v, &S, x);
            if (roots[i].exact) {
                T_ASSERT(mpq_sgn(v) == 0);
            } else {
                int sa = mpq_sgn(v);
                dy_q(x, roots[i].b, roots[i].e);
                q_eval(v, &S, x);
                T_ASSERT_MSG(sa != 0 && sa == -mpq_sgn(v) && sa == roots[i].sa,
                             "round %d root %zu: no sign change", r, i);
            }
            dy_q(prev, roots[i].b, roots[i].e);
        }
        mpq_clear(prev);
        /* every root of P is rational here: count them by the factors */
        sv_roots_free(NULL, roots, nr);
        T_ASSERT(nr == S.n - 1);
        sv_zpoly_clear(NULL, &S);
        sv_zpoly_clear(NULL, &P);
    }
    mpq_clears(x, v, NULL);
}
END_TEST

static Suite *dyadic_suite(void)
{
    Suite *s = suite_create("dyadic");
    TCase *tc = tcase_create("dyadic");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_horner);
    tcase_add_test(tc, test_div_round_cmp);
    tcase_add_test(tc, test_isolate_refine);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(dyadic_suite());
}
