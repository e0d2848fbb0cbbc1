/* Tests for the two coefficient families of poly/ (zp_poly.c, qq_poly.c) and the
 * shared kernels of poly/coef.h: on random integer polynomials every operation
 * over Q, reduced modulo p, agrees with the same operation over Z/p on the reduced
 * inputs (p = 2, 3, 65521, 2^31-1), and the kernels have their defining
 * properties (the multipliers cancel the leading coefficients). */
#include <stdlib.h>

#include "poly/coef.h"
#include "poly/poly.h"
#include "testutil.h"

#define NV 3

#define CTX TU_CTX

static const uint32_t primes[] = {2, 3, 65521, 2147483647u};
#define NPRIMES (sizeof primes / sizeof primes[0])

/* One table shared by Q (Fq) and Z/p (Fp). */
typedef struct fixture {
    field Fq, Fp;
    mono_order ord;
    mht_params par;
    mht t;
    gbc_rng rng;
} fixture;

static void fx_init(fixture *x, uint32_t p, uint64_t seed)
{
    char msg[128];
    ck_assert_int_eq(field_init(&x->Fq, 0), GBC_OK);
    ck_assert_int_eq(field_init(&x->Fp, p), GBC_OK);
    ck_assert_int_eq(mono_order_parse(CTX, &x->ord, "grevlex", NV, msg, sizeof msg), GBC_OK);
    ck_assert_int_eq(mht_params_init(CTX, &x->par, &x->ord, seed), GBC_OK);
    ck_assert_int_eq(mht_init(CTX, &x->t, &x->par, 4), GBC_OK);
    gbc_rng_seed(&x->rng, seed);
}

static void fx_clear(fixture *x)
{
    mht_clear(CTX, &x->t);
    mht_params_clear(CTX, &x->par);
    mono_order_clear(CTX, &x->ord);
}

/* A nonzero signed integer of up to ~130 bits, sometimes small. */
static void random_int(fixture *x, mpz_t z)
{
    gbc_rng *r = &x->rng;
    do {
        mpz_set_ui(z, (unsigned long)gbc_rng_next(r));
        int big = (int)gbc_rng_below(r, 3);
        for (int i = 0; i < big; i++) {
            mpz_mul_2exp(z, z, 64);
            mpz_add_ui(z, z, (unsigned long)gbc_rng_next(r));
        }
        if (gbc_rng_below(r, 2))
            mpz_fdiv_q_2exp(z, z, 60 + 64 * (unsigned long)big); /* a few bits */
    } while (mpz_sgn(z) == 0);
    if (gbc_rng_below(r, 2))
        mpz_neg(z, z);
}

static uint32_t random_mon(fixture *x, uint32_t maxe)
{
    uint32_t e[NV], idx;
    for (int i = 0; i < NV; i++)
        e[i] = (uint32_t)gbc_rng_below(&x->rng, maxe + 1);
    T_ASSERT(mht_insert(CTX, &x->t, e, &idx) == GBC_OK);
    return idx;
}

/* A random canonical polynomial over Z (integer coefficients, Fq). */
static void random_qq(fixture *x, poly *f, uint32_t maxlen, uint32_t maxe)
{
    uint32_t len = (uint32_t)gbc_rng_below(&x->rng, maxlen + 1);
    T_ASSERT(poly_alloc(CTX, f, len, &x->Fq) == GBC_OK);
    for (uint32_t i = 0; i < len; i++) {
        f->mon[i] = random_mon(x, maxe);
        random_int(x, f->cz[i]);
    }
    T_ASSERT(poly_canonicalize(CTX, f, &x->t, &x->Fq) == GBC_OK);
}

/* fp = f mod p (canonical: the terms that vanish dropped). */
static void reduce_mod(fixture *x, poly *fp, const poly *f)
{
    T_ASSERT(poly_alloc(CTX, fp, f->len, &x->Fp) == GBC_OK);
    for (uint32_t i = 0; i < f->len; i++) {
        fp->mon[i] = f->mon[i];
        fp->cf[i] = zp_from_mpz(&x->Fp, f->cz[i]);
    }
    T_ASSERT(poly_canonicalize(CTX, fp, &x->t, &x->Fp) == GBC_OK);
}

/* Whether the Q result rq reduces modulo p to exactly the Z/p result rp. */
static int agrees(fixture *x, const poly *rq, const poly *rp)
{
    poly m;
    reduce_mod(x, &m, rq);
    int eq = poly_equal(&m, rp, &x->Fp) && poly_is_canonical(rp, &x->t, &x->Fp);
    poly_clear(CTX, &m, &x->Fp);
    return eq;
}

/* Whether rq modulo p is a nonzero multiple of rp. */
static int proportional(fixture *x, const poly *rq, const poly *rp)
{
    poly m;
    reduce_mod(x, &m, rq);
    const field *F = &x->Fp;
    int ok = m.len == rp->len;
    for (uint32_t i = 0; ok && i < m.len; i++)
        ok = m.mon[i] == rp->mon[i] &&
             zp_mul(F, m.cf[i], rp->cf[0]) == zp_mul(F, m.cf[0], rp->cf[i]);
    poly_clear(CTX, &m, F);
    return ok;
}

START_TEST(test_ops_agree_mod_p)
{
    uint64_t seed = tu_seed();
    int rounds = 60 * tu_mult();
    for (size_t pi = 0; pi < NPRIMES; pi++) {
        fixture x;
        fx_init(&x, primes[pi], seed + pi);
        mpz_t cz;
        mpz_init(cz);
        for (int it = 0; it < rounds; it++) {
            poly f, g, fp, gp, rq, rp;
            random_qq(&x, &f, 12, 4);
            random_qq(&x, &g, 12, 4);
            reduce_mod(&x, &fp, &f);
            reduce_mod(&x, &gp, &g);
            random_int(&x, cz);
            uint32_t c = zp_from_mpz(&x.Fp, cz);
            /* f + c g */
            T_ASSERT(poly_add_scaled(CTX, &rq, &f, &g, 0, cz, &x.t, &x.Fq) == GBC_OK);
            T_ASSERT(poly_add_scaled(CTX, &rp, &fp, &gp, c, NULL, &x.t, &x.Fp) == GBC_OK);
            T_ASSERT_MSG(agrees(&x, &rq, &rp), "add_scaled, p = %u, round %d", primes[pi], it);
            poly_clear(CTX, &rq, &x.Fq);
            poly_clear(CTX, &rp, &x.Fp);
            /* f g */
            T_ASSERT(poly_mul(CTX, &rq, &f, &g, &x.t, &x.Fq) == GBC_OK);
            T_ASSERT(poly_mul(CTX, &rp, &fp, &gp, &x.t, &x.Fp) == GBC_OK);
            T_ASSERT_MSG(agrees(&x, &rq, &rp), "mul, p = %u, round %d", primes[pi], it);
            poly_clear(CTX, &rq, &x.Fq);
            poly_clear(CTX, &rp, &x.Fp);
            /* m f, then c (m f) when c is a unit mod p */
            uint32_t m = random_mon(&x, 3);
            T_ASSERT(poly_mul_mono(CTX, &rq, &f, m, &x.t, &x.Fq) == GBC_OK);
            T_ASSERT(poly_mul_mono(CTX, &rp, &fp, m, &x.t, &x.Fp) == GBC_OK);
            T_ASSERT_MSG(agrees(&x, &rq, &rp), "mul_mono, p = %u, round %d", primes[pi], it);
            if (c != 0) {
                poly_scale(&rq, 0, cz, &x.Fq);
                poly_scale(&rp, c, NULL, &x.Fp);
                T_ASSERT_MSG(agrees(&x, &rq, &rp), "scale, p = %u, round %d", primes[pi], it);
            }
            /* copies are equal, and still agree */
            poly cq, cp;
            T_ASSERT(poly_copy(CTX, &cq, &rq, &x.Fq) == GBC_OK);
            T_ASSERT(poly_copy(CTX, &cp, &rp, &x.Fp) == GBC_OK);
            T_ASSERT(poly_equal(&cq, &rq, &x.Fq) && poly_equal(&cp, &rp, &x.Fp));
            T_ASSERT(agrees(&x, &cq, &cp));
            poly_clear(CTX, &cq, &x.Fq);
            poly_clear(CTX, &cp, &x.Fp);
            poly_clear(CTX, &rq, &x.Fq);
            poly_clear(CTX, &rp, &x.Fp);
            /* normalisation: associates of each other modulo p */
            int lead_alive = fp.len > 0 && fp.mon[0] == f.mon[0];
            poly_normalize_lc(&f, &x.Fq);
            poly_normalize_lc(&fp, &x.Fp);
            T_ASSERT(fp.len == 0 || fp.cf[0] == 1);
            T_ASSERT(f.len == 0 || mpz_sgn(f.cz[0]) > 0);
            if (lead_alive) /* then p does not divide the content either */
                T_ASSERT_MSG(proportional(&x, &f, &fp), "normalize_lc, p = %u, round %d",
                             primes[pi], it);
            poly_clear(CTX, &f, &x.Fq);
            poly_clear(CTX, &g, &x.Fq);
            poly_clear(CTX, &fp, &x.Fp);
            poly_clear(CTX, &gp, &x.Fp);
        }
        mpz_clear(cz);
        fx_clear(&x);
    }
}
END_TEST

/* E = a f + c m g over Q by the other operations, with m = lm f / lm g and a, c
 * computed here: d = gcd(lc f, lc g), a = lc g / d, c = -lc f / d, a made
 * positive; *a_out = a. */
static void spelled_step_qq(fixture *x, poly *E, const poly *f, const poly *g, mpz_t a_out)
{
    mpz_t d, c;
    mpz_inits(d, c, NULL);
    mpz_gcd(d, f->cz[0], g->cz[0]);
    mpz_divexact(a_out, g->cz[0], d);
    mpz_divexact(c, f->cz[0], d);
    mpz_neg(c, c);
    if (mpz_sgn(a_out) < 0) {
        mpz_neg(a_out, a_out);
        mpz_neg(c, c);
    }
    uint32_t m;
    T_ASSERT(mht_insert_div(CTX, &x->t, &x->t, f->mon[0], g->mon[0], &m) == GBC_OK);
    poly af, mg;
    T_ASSERT(poly_copy(CTX, &af, f, &x->Fq) == GBC_OK);
    poly_scale(&af, 0, a_out, &x->Fq);
    T_ASSERT(poly_mul_mono(CTX, &mg, g, m, &x->t, &x->Fq) == GBC_OK);
    T_ASSERT(poly_add_scaled(CTX, E, &af, &mg, 0, c, &x->t, &x->Fq) == GBC_OK);
    poly_clear(CTX, &af, &x->Fq);
    poly_clear(CTX, &mg, &x->Fq);
    mpz_clears(d, c, NULL);
}

/* E = f - (lc f / lc g) m g over Z/p by the other operations. */
static void spelled_step_zp(fixture *x, poly *E, const poly *f, const poly *g)
{
    const field *F = &x->Fp;
    uint32_t c = zp_neg(F, zp_mul(F, f->cf[0], zp_inv(F, g->cf[0])));
    uint32_t m;
    T_ASSERT(mht_insert_div(CTX, &x->t, &x->t, f->mon[0], g->mon[0], &m) == GBC_OK);
    poly mg;
    T_ASSERT(poly_mul_mono(CTX, &mg, g, m, &x->t, F) == GBC_OK);
    T_ASSERT(poly_add_scaled(CTX, E, f, &mg, c, NULL, &x->t, F) == GBC_OK);
    poly_clear(CTX, &mg, F);
}

/* poly_reduce_lead is its definition over Q (the step made primitive) and over
 * Z/p, the leading term cancels, and modulo p the unnormalised Q step is a times
 * the Z/p step (a the multiplier of f). */
START_TEST(test_reduce_lead)
{
    uint64_t seed = tu_seed();
    int rounds = 100 * tu_mult(), done = 0;
    mpz_t a;
    mpz_init(a);
    for (size_t pi = 0; pi < NPRIMES; pi++) {
        fixture x;
        fx_init(&x, primes[pi], seed + 17 * pi);
        for (int it = 0; it < rounds; it++) {
            poly g, q, s, f, fp, gp;
            random_qq(&x, &g, 6, 3);
            random_qq(&x, &q, 4, 2);
            random_qq(&x, &s, 6, 2);
            poly_init(&f);
            if (g.len > 0 && q.len > 0) {
                poly gq;
                T_ASSERT(poly_mul(CTX, &gq, &g, &q, &x.t, &x.Fq) == GBC_OK);
                T_ASSERT(poly_add_scaled(CTX, &f, &gq, &s, 0, NULL, &x.t, &x.Fq) == GBC_OK);
                poly_clear(CTX, &gq, &x.Fq);
            }
            reduce_mod(&x, &fp, &f);
            reduce_mod(&x, &gp, &g);
            /* both steps need lm g | lm f, and the leads alive modulo p */
            if (f.len > 0 && mht_divides(&x.t, g.mon[0], &x.t, f.mon[0]) && fp.len > 0 &&
                gp.len > 0 && fp.mon[0] == f.mon[0] && gp.mon[0] == g.mon[0]) {
                uint32_t lead = f.mon[0];
                poly E, Ep, Eprim, rs;
                spelled_step_qq(&x, &E, &f, &g, a);
                spelled_step_zp(&x, &Ep, &fp, &gp);
                T_ASSERT(poly_reduce_lead(CTX, &f, &g, &x.t, &x.Fq) == GBC_OK);
                T_ASSERT(poly_reduce_lead(CTX, &fp, &gp, &x.t, &x.Fp) == GBC_OK);
                T_ASSERT(f.len == 0 || mht_cmp(&x.t, f.mon[0], lead) < 0);
                T_ASSERT(fp.len == 0 || mht_cmp(&x.t, fp.mon[0], lead) < 0);
                T_ASSERT(poly_copy(CTX, &Eprim, &E, &x.Fq) == GBC_OK);
                poly_normalize_lc(&Eprim, &x.Fq);
                T_ASSERT_MSG(poly_equal(&f, &Eprim, &x.Fq), "Q step, p = %u, round %d",
                             primes[pi], it);
                T_ASSERT_MSG(poly_equal(&fp, &Ep, &x.Fp), "Z/p step, p = %u, round %d",
                             primes[pi], it);
                /* E = a * (the Z/p step) modulo p */
                uint32_t ap = zp_from_mpz(&x.Fp, a);
                T_ASSERT(poly_copy(CTX, &rs, &fp, &x.Fp) == GBC_OK);
                if (ap != 0) {
                    poly_scale(&rs, ap, NULL, &x.Fp);
                } else {
                    poly_clear(CTX, &rs, &x.Fp);
                    T_ASSERT(poly_alloc(CTX, &rs, 0, &x.Fp) == GBC_OK);
                }
                T_ASSERT_MSG(agrees(&x, &E, &rs), "mod p, p = %u, round %d", primes[pi], it);
                poly_clear(CTX, &E, &x.Fq);
                poly_clear(CTX, &Eprim, &x.Fq);
                poly_clear(CTX, &Ep, &x.Fp);
                poly_clear(CTX, &rs, &x.Fp);
                done++;
            }
            poly_clear(CTX, &f, &x.Fq);
            poly_clear(CTX, &g, &x.Fq);
            poly_clear(CTX, &q, &x.Fq);
            poly_clear(CTX, &s, &x.Fq);
            poly_clear(CTX, &fp, &x.Fp);
            poly_clear(CTX, &gp, &x.Fp);
        }
        fx_clear(&x);
    }
    mpz_clear(a);
    T_ASSERT_MSG(done >= rounds, "only %d reduction steps compared", done);
}
END_TEST

/* The plain form: Q to plain and back (through ppoly coefficients), modulo p, is
 * the Z/p conversion of the reduced coefficients; the plain helpers agree. */
START_TEST(test_plain_agree)
{
    uint64_t seed = tu_seed();
    for (size_t pi = 0; pi < NPRIMES; pi++) {
        fixture x;
        fx_init(&x, primes[pi], seed + 31 * pi);
        for (int it = 0; it < 40 * tu_mult(); it++) {
            poly f, fp, back;
            random_qq(&x, &f, 10, 4);
            reduce_mod(&x, &fp, &f);
            plist Lq, Lp;
            plist_init(&Lq);
            plist_init(&Lp);
            T_ASSERT(plist_push_poly(CTX, &Lq, &f, &x.t, &x.Fq, 0) == GBC_OK);
            T_ASSERT(plist_push_poly(CTX, &Lp, &fp, &x.t, &x.Fp, 0) == GBC_OK);
            /* the plain Q polynomial, its integers reduced, read over Z/p */
            ppoly *pp;
            T_ASSERT(plist_push(CTX, &Lp, Lq.p[0].len, NV, &x.Fp, &pp) == GBC_OK);
            memcpy(pp->exps, Lq.p[0].exps, sizeof(uint32_t) * NV * Lq.p[0].len);
            for (size_t i = 0; i < pp->len; i++)
                pp->cf[i] = zp_from_mpz(&x.Fp, mpq_numref(Lq.p[0].cq[i]));
            T_ASSERT(poly_from_plain(CTX, &back, pp, &x.t, &x.Fp) == GBC_OK);
            T_ASSERT(poly_equal(&back, &fp, &x.Fp));
            poly_clear(CTX, &back, &x.Fp);
            /* copies compare equal coefficient by coefficient */
            plist C;
            T_ASSERT(plist_copy(CTX, &C, &Lq, NV, &x.Fq) == GBC_OK);
            T_ASSERT(ppoly_coefs_equal(&C.p[0], &Lq.p[0], Lq.p[0].len, &x.Fq));
            if (Lq.p[0].len > 0) {
                ppoly_set_one(&C.p[0], 0, &x.Fq);
                T_ASSERT(ppoly_is_monic(&C.p[0], &x.Fq));
                T_ASSERT(ppoly_coefs_equal(&C.p[0], &Lq.p[0], Lq.p[0].len, &x.Fq) ==
                         (mpq_cmp_ui(Lq.p[0].cq[0], 1, 1) == 0));
            }
            plist_clear(CTX, &C, &x.Fq);
            if (Lp.p[0].len > 0) {
                ppoly_set_one(&Lp.p[0], 0, &x.Fp);
                T_ASSERT(ppoly_is_monic(&Lp.p[0], &x.Fp));
            } else {
                T_ASSERT(!ppoly_is_monic(&Lp.p[0], &x.Fp));
            }
            plist_clear(CTX, &Lq, &x.Fq);
            plist_clear(CTX, &Lp, &x.Fp);
            poly_clear(CTX, &f, &x.Fq);
            poly_clear(CTX, &fp, &x.Fp);
        }
        fx_clear(&x);
    }
}
END_TEST

/* coef.h: the multipliers have their defining properties. */
START_TEST(test_coef_kernels)
{
    gbc_rng r;
    uint64_t seed = tu_seed();
    gbc_rng_seed(&r, seed);
    for (size_t pi = 0; pi < NPRIMES; pi++) {
        field F;
        T_ASSERT(field_init(&F, primes[pi]) == GBC_OK);
        for (int it = 0; it < 1000; it++) {
            uint32_t a = 1 + (uint32_t)gbc_rng_below(&r, F.p - 1);
            uint32_t b = it % 3 == 0 ? 1 : 1 + (uint32_t)gbc_rng_below(&r, F.p - 1);
            uint32_t c = zp_cancel_coef(&F, a, b);
            T_ASSERT(zp_add(&F, a, zp_mul(&F, c, b)) == 0);
            uint32_t ci, cj;
            zp_spair_coefs(&F, a, b, &ci, &cj);
            T_ASSERT(zp_mul(&F, ci, a) == 1);
            T_ASSERT(zp_mul(&F, cj, b) == zp_neg(&F, 1));
        }
    }
    fixture x;
    fx_init(&x, 65521, seed);
    mpz_t f, g, a, c, d, s;
    mpz_inits(f, g, a, c, d, s, NULL);
    for (int it = 0; it < 1000; it++) {
        random_int(&x, f);
        random_int(&x, g);
        if (it % 4 == 0)
            mpz_mul(f, f, g); /* a common factor */
        qq_cancel_coefs(a, c, d, f, g);
        mpz_mul(s, a, f);
        mpz_addmul(s, c, g);
        T_ASSERT(mpz_sgn(s) == 0);
        mpz_gcd(s, a, c);
        T_ASSERT(mpz_cmp_ui(s, 1) == 0);
        T_ASSERT(mpz_sgn(a) == mpz_sgn(g));
    }
    mpz_clears(f, g, a, c, d, s, NULL);
    fx_clear(&x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("poly-family");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, tu_ctx_setup, tu_ctx_teardown);
    tcase_add_test(tc, test_ops_agree_mod_p);
    tcase_add_test(tc, test_reduce_lead);
    tcase_add_test(tc, test_plain_agree);
    tcase_add_test(tc, test_coef_kernels);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
