/* Tests of ideal/coef.c, the Z/p and Q families of the ideal operations' field
 * kernels: on seeded random polynomials each exact division satisfies q f = h, the
 * two families' quotients agree through reduction modulo p, and copying with a
 * sign, setting +-1 and comparing agree between the families likewise. */
#include <stdio.h>
#include <stdlib.h>

#include "ideal/ideal.h"
#include "io/io.h"
#include "testutil.h"

#define TP 2147483629u /* a prime below 2^31 */

/* A random nonzero polynomial in x, y, z with small integer coefficients, as text:
 * its terms have distinct monomials (exponents below 4), so nothing cancels. */
static void random_poly(sbuf *b, gbc_rng *r)
{
    const int nt = 1 + (int)gbc_rng_below(r, 5);
    uint64_t used = 0;
    for (int i = 0; i < nt; i++) {
        unsigned e = (unsigned)gbc_rng_below(r, 64);
        while (used >> e & 1)
            e = (e + 1) % 64;
        used |= 1ULL << e;
        int c = (int)gbc_rng_below(r, 19) - 9;
        if (c == 0)
            c = 1;
        sb_printf(b, "%s%d*x^%u*y^%u*z^%u", c < 0 ? "-" : (i ? "+" : ""), abs(c), e & 3,
                  e >> 2 & 3, e >> 4);
    }
}

/* One ring of characteristic p, its polynomials h = f g and f as read, and both
 * in the table of a hash table for that ring. */
typedef struct side {
    ring R;
    plist L;
    mht_params par;
    mht t;
    poly h, f, q;
} side;

static void side_open(gbc_ctx *ctx, side *S, uint32_t p, const char *f, const char *g)
{
    sbuf b;
    sb_init(&b);
    sb_printf(&b, "x,y,z\n%u\n(%s)*(%s), %s\n", p, f, g, f);
    memset(S, 0, sizeof *S);
    plist_init(&S->L);
    ck_assert_int_eq(io_parse_input(ctx, &S->R, &S->L, b.s, b.len, "grevlex", NULL), GBC_OK);
    sb_free(&b);
    ck_assert_uint_eq(S->L.n, 2);
    ck_assert_int_eq(mht_params_init(ctx, &S->par, &S->R.ord, 0x77ULL), GBC_OK);
    ck_assert_int_eq(mht_init(ctx, &S->t, &S->par, 10), GBC_OK);
    poly_init(&S->h);
    poly_init(&S->f);
    poly_init(&S->q);
    ck_assert_int_eq(poly_from_plain(ctx, &S->h, &S->L.p[0], &S->t, &S->R.F), GBC_OK);
    ck_assert_int_eq(poly_from_plain(ctx, &S->f, &S->L.p[1], &S->t, &S->R.F), GBC_OK);
}

static void side_close(gbc_ctx *ctx, side *S)
{
    const field *F = &S->R.F;
    poly_clear(ctx, &S->q, F);
    poly_clear(ctx, &S->f, F);
    poly_clear(ctx, &S->h, F);
    mht_clear(ctx, &S->t);
    mht_params_clear(ctx, &S->par);
    plist_clear(ctx, &S->L, F);
    ring_clear(ctx, &S->R);
}

/* q = h / f by the family of S's field, checked by q f = h. */
static void side_divide(gbc_ctx *ctx, side *S, const char *what)
{
    const field *F = &S->R.F;
    ck_assert_int_eq(id_coefs_of(F)->divide_exact(ctx, &S->q, &S->h, &S->f, &S->t, F), GBC_OK);
    poly back;
    poly_init(&back);
    ck_assert_int_eq(poly_mul(ctx, &back, &S->q, &S->f, &S->t, F), GBC_OK);
    ck_assert_msg(poly_equal(&back, &S->h, F), "%s: q f != h over p = %u", what, F->p);
    poly_clear(ctx, &back, F);
}

/* The residue of a rational modulo p (its denominator prime to p). */
static uint32_t mpq_mod(const field *F, const mpq_t c)
{
    uint32_t d = zp_from_mpz(F, mpq_denref(c));
    ck_assert_uint_ne(d, 0);
    return zp_mul(F, zp_from_mpz(F, mpq_numref(c)), zp_inv(F, d));
}

START_TEST(divide_agrees)
{
    const uint64_t seed = tu_seed();
    printf("t-coef divide: seed %llu (GBC_TEST_SEED to repeat)\n", (unsigned long long)seed);
    gbc_rng r;
    gbc_rng_seed(&r, seed);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    const int rounds = 40 * tu_mult();
    for (int it = 0; it < rounds; it++) {
        sbuf f, g;
        sb_init(&f);
        sb_init(&g);
        random_poly(&f, &r);
        random_poly(&g, &r);
        side Q, P;
        side_open(&ctx, &Q, 0, f.s, g.s);
        side_open(&ctx, &P, TP, f.s, g.s);
        side_divide(&ctx, &Q, f.s);
        side_divide(&ctx, &P, g.s);
        /* q over Q (an integer multiple of g) and q modulo p (g itself): the same
         * monomials, proportional coefficients */
        ck_assert_uint_eq(Q.q.len, P.q.len);
        const field *Fp = &P.R.F;
        const uint32_t lq = zp_from_mpz(Fp, Q.q.cz[0]);
        ck_assert_uint_ne(lq, 0);
        for (uint32_t i = 0; i < Q.q.len; i++) {
            ck_assert(memcmp(mht_exps(&Q.t, Q.q.mon[i]), mht_exps(&P.t, P.q.mon[i]),
                             3 * sizeof(uint32_t)) == 0);
            ck_assert_uint_eq(zp_mul(Fp, zp_from_mpz(Fp, Q.q.cz[i]), P.q.cf[0]),
                              zp_mul(Fp, P.q.cf[i], lq));
        }
        side_close(&ctx, &P);
        side_close(&ctx, &Q);
        sb_free(&g);
        sb_free(&f);
    }
    ck_assert_uint_eq(ctx.mem_used, 0);
}
END_TEST

START_TEST(plain_kernels_agree)
{
    const uint64_t seed = tu_seed();
    printf("t-coef plain: seed %llu (GBC_TEST_SEED to repeat)\n", (unsigned long long)seed);
    gbc_rng r;
    gbc_rng_seed(&r, seed ^ 0x5eedULL);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    field Fq, Fp;
    ck_assert_int_eq(field_init(&Fq, 0), GBC_OK);
    ck_assert_int_eq(field_init(&Fp, TP), GBC_OK);
    const id_coefs *Cq = id_coefs_of(&Fq), *Cp = id_coefs_of(&Fp);
    ck_assert_ptr_ne(Cq, Cp);
    const size_t len = 16;
    plist Lq, Lp;
    plist_init(&Lq);
    plist_init(&Lp);
    ppoly *a, *b, *c, *d;
    ck_assert_int_eq(plist_push(&ctx, &Lq, len, 1, &Fq, &a), GBC_OK);
    ck_assert_int_eq(plist_push(&ctx, &Lq, len + 2, 1, &Fq, &b), GBC_OK);
    ck_assert_int_eq(plist_push(&ctx, &Lp, len, 1, &Fp, &c), GBC_OK);
    ck_assert_int_eq(plist_push(&ctx, &Lp, len + 2, 1, &Fp, &d), GBC_OK);
    a = &Lq.p[0];
    b = &Lq.p[1];
    c = &Lp.p[0];
    for (size_t i = 0; i < len; i++) {
        /* a random nonzero rational with a denominator prime to p; c its residue */
        long num = (long)gbc_rng_below(&r, 2001) - 1000;
        if (num == 0)
            num = 7;
        mpq_set_si(a->cq[i], num, 1 + gbc_rng_below(&r, 50));
        mpq_canonicalize(a->cq[i]);
        c->cf[i] = mpq_mod(&Fp, a->cq[i]);
    }
    for (size_t i = 0; i < len; i++) {
        const int s = gbc_rng_below(&r, 2) ? 1 : -1;
        Cq->copy(&Fq, b, i, a, i, s);
        Cp->copy(&Fp, d, i, c, i, s);
        ck_assert_uint_eq(mpq_mod(&Fp, b->cq[i]), d->cf[i]);
        ck_assert_int_eq(Cq->equal(b, i, a, i), s > 0);
        ck_assert_int_eq(Cp->equal(d, i, c, i), s > 0);
    }
    for (int s = -1; s <= 1; s += 2) {
        const size_t j = len + (s > 0);
        Cq->set_unit(&Fq, b, j, s);
        Cp->set_unit(&Fp, d, j, s);
        ck_assert_int_eq(mpq_cmp_si(b->cq[j], s, 1), 0);
        ck_assert_uint_eq(mpq_mod(&Fp, b->cq[j]), d->cf[j]);
    }
    plist_clear(&ctx, &Lp, &Fp);
    plist_clear(&ctx, &Lq, &Fq);
    ck_assert_uint_eq(ctx.mem_used, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ideal-coef");
    TCase *tc = tcase_create("families");
    tcase_add_test(tc, divide_agrees);
    tcase_add_test(tc, plain_kernels_agree);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
