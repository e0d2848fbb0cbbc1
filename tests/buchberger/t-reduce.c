/* Tests for the heap reducer's two field loops (buchberger/reduce.c): an
 * S-polynomial added by bb_red_add_spair is the one spelled out with the other
 * polynomial operations, and the Q loop agrees with the Z/p loop modulo p: the
 * S-polynomials up to the factor lc_i lc_j / gcd, the normal forms modulo a
 * Groebner basis (computed by bb_groebner over Q and over Z/p, the same modulo p)
 * up to the reducer's scale. */
#include <stdlib.h>

#include "buchberger/buchberger.h"
#include "buchberger/reduce.h"
#include "io/io.h"
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

static const uint32_t primes[] = {65521, 2147483647u, 32003};
#define NPRIMES (sizeof primes / sizeof primes[0])

/* One table for Q (Fq) and Z/p (Fp), with the ring's order. */
typedef struct fixture {
    field Fq, Fp;
    uint32_t nv;
    mht_params par;
    mht t;
    gbc_rng rng;
} fixture;

static void fx_init(fixture *x, const mono_order *ord, uint32_t nv, uint32_t p, uint64_t seed)
{
    ck_assert_int_eq(field_init(&x->Fq, 0), GBC_OK);
    ck_assert_int_eq(field_init(&x->Fp, p), GBC_OK);
    x->nv = nv;
    ck_assert_int_eq(mht_params_init(CTX, &x->par, ord, seed), GBC_OK);
    ck_assert_int_eq(mht_init(CTX, &x->t, &x->par, 4), GBC_OK);
    gbc_rng_seed(&x->rng, seed);
}

static void fx_clear(fixture *x)
{
    mht_clear(CTX, &x->t);
    mht_params_clear(CTX, &x->par);
}

/* A random polynomial over Z: up to maxlen terms of degree at most maxe per
 * variable, coefficients in [-2^40, 2^40], canonical, primitive when prim. */
static void random_qq(fixture *x, poly *f, uint32_t maxlen, uint32_t maxe, int prim)
{
    uint32_t len = 1 + (uint32_t)gbc_rng_below(&x->rng, maxlen);
    T_ASSERT(poly_alloc(CTX, f, len, &x->Fq) == GBC_OK);
    uint32_t e[16];
    for (uint32_t i = 0; i < len; i++) {
        for (uint32_t v = 0; v < x->nv; v++)
            e[v] = (uint32_t)gbc_rng_below(&x->rng, maxe + 1);
        T_ASSERT(mht_insert(CTX, &x->t, e, &f->mon[i]) == GBC_OK);
        mpz_set_ui(f->cz[i], (unsigned long)gbc_rng_below(&x->rng, (uint64_t)1 << 40) + 1);
        if (gbc_rng_below(&x->rng, 2))
            mpz_neg(f->cz[i], f->cz[i]);
    }
    T_ASSERT(poly_canonicalize(CTX, f, &x->t, &x->Fq) == GBC_OK);
    if (prim)
        poly_normalize_lc(f, &x->Fq);
}

static void reduce_mod(fixture *x, poly *fp, const poly *f)
{
    T_ASSERT(poly_alloc(CTX, fp, f->len, &x->Fp) == GBC_OK);
    for (uint32_t i = 0; i < f->len; i++) {
        fp->mon[i] = f->mon[i];
        fp->cf[i] = zp_from_mpz(&x->Fp, f->cz[i]);
    }
    T_ASSERT(poly_canonicalize(CTX, fp, &x->t, &x->Fp) == GBC_OK);
}

/* Whether rq modulo p equals k * rp (k a residue, 0 allowed). */
static int agrees_times(fixture *x, const poly *rq, uint32_t k, const poly *rp)
{
    poly m;
    reduce_mod(x, &m, rq);
    const field *F = &x->Fp;
    int ok = k == 0 ? m.len == 0 : m.len == rp->len;
    for (uint32_t i = 0; ok && k != 0 && i < m.len; i++)
        ok = m.mon[i] == rp->mon[i] && m.cf[i] == zp_mul(F, k, rp->cf[i]);
    poly_clear(CTX, &m, F);
    return ok;
}

/* The S-polynomial of gi and gj through the reducer, with no reducers. */
static void spair_by_reducer(fixture *x, const field *F, const poly *gi, const poly *gj,
                             uint32_t ui, uint32_t uj, poly *s)
{
    bb_red rd;
    divlookup dl;
    T_ASSERT(dl_init(CTX, &dl, DL_LIST, x->nv, &x->par.dm) == GBC_OK);
    T_ASSERT(bb_red_init(CTX, &rd, &x->t, F) == GBC_OK);
    bb_red_begin(&rd);
    T_ASSERT(bb_red_add_spair(CTX, &rd, gi, ui, gj, uj) == GBC_OK);
    bb_reducers G = {NULL, &dl};
    T_ASSERT(bb_red_run(CTX, &rd, &G, 1) == GBC_OK);
    T_ASSERT(bb_red_take(CTX, &rd, s) == GBC_OK);
    bb_red_clear(CTX, &rd);
    dl_clear(CTX, &dl);
}

/* ai ui gi + aj uj gj by the polynomial operations, the leading terms dropped
 * (they cancel). Over Q ai, aj are integers (azi, azj), over Z/p residues. */
static void spair_spelled(fixture *x, const field *F, const poly *gi, const poly *gj,
                          uint32_t ui, uint32_t uj, uint32_t ai, uint32_t aj, const mpz_t azi,
                          const mpz_t azj, poly *s)
{
    poly a, b, r;
    T_ASSERT(poly_mul_mono(CTX, &a, gi, ui, &x->t, F) == GBC_OK);
    T_ASSERT(poly_mul_mono(CTX, &b, gj, uj, &x->t, F) == GBC_OK);
    poly_scale(&a, ai, azi, F);
    T_ASSERT(poly_add_scaled(CTX, &r, &a, &b, aj, azj, &x->t, F) == GBC_OK);
    T_ASSERT(r.len == 0 || r.mon[0] != a.mon[0]);
    *s = r;
    poly_clear(CTX, &a, F);
    poly_clear(CTX, &b, F);
}

START_TEST(test_spair)
{
    uint64_t seed = tu_seed();
    char msg[128];
    mono_order ord;
    ck_assert_int_eq(mono_order_parse(CTX, &ord, "grevlex", 3, msg, sizeof msg), GBC_OK);
    mpz_t d, a, c, k;
    mpz_inits(d, a, c, k, NULL);
    for (size_t pi = 0; pi < NPRIMES; pi++) {
        fixture x;
        fx_init(&x, &ord, 3, primes[pi], seed + pi);
        for (int it = 0; it < 100 * tu_mult(); it++) {
            poly gi, gj, gip, gjp, sq, sp, wq, wp;
            random_qq(&x, &gi, 8, 3, 1);
            random_qq(&x, &gj, 8, 3, 1);
            reduce_mod(&x, &gip, &gi);
            reduce_mod(&x, &gjp, &gj);
            if (gip.len == 0 || gjp.len == 0 || gip.mon[0] != gi.mon[0] ||
                gjp.mon[0] != gj.mon[0]) {
                poly_clear(CTX, &gi, &x.Fq);
                poly_clear(CTX, &gj, &x.Fq);
                poly_clear(CTX, &gip, &x.Fp);
                poly_clear(CTX, &gjp, &x.Fp);
                continue;
            }
            uint32_t l, ui, uj;
            T_ASSERT(mht_insert_lcm(CTX, &x.t, &x.t, gi.mon[0], gj.mon[0], &l) == GBC_OK);
            T_ASSERT(mht_insert_div(CTX, &x.t, &x.t, l, gi.mon[0], &ui) == GBC_OK);
            T_ASSERT(mht_insert_div(CTX, &x.t, &x.t, l, gj.mon[0], &uj) == GBC_OK);
            spair_by_reducer(&x, &x.Fq, &gi, &gj, ui, uj, &sq);
            spair_by_reducer(&x, &x.Fp, &gip, &gjp, ui, uj, &sp);
            /* Q: a = lc_j / d, c = -lc_i / d */
            mpz_gcd(d, gi.cz[0], gj.cz[0]);
            mpz_divexact(a, gj.cz[0], d);
            mpz_divexact(c, gi.cz[0], d);
            mpz_neg(c, c);
            spair_spelled(&x, &x.Fq, &gi, &gj, ui, uj, 0, 0, a, c, &wq);
            T_ASSERT_MSG(poly_equal(&sq, &wq, &x.Fq), "Q S-polynomial, p = %u, round %d",
                         primes[pi], it);
            /* Z/p: 1 / lc_i and -1 / lc_j */
            const field *F = &x.Fp;
            spair_spelled(&x, F, &gip, &gjp, ui, uj, zp_inv(F, gip.cf[0]),
                          zp_neg(F, zp_inv(F, gjp.cf[0])), NULL, NULL, &wp);
            T_ASSERT_MSG(poly_equal(&sp, &wp, F), "Z/p S-polynomial, p = %u, round %d",
                         primes[pi], it);
            /* S_Q = (lc_i lc_j / d) S_p modulo p */
            mpz_mul(k, gi.cz[0], gj.cz[0]);
            mpz_divexact(k, k, d);
            T_ASSERT_MSG(agrees_times(&x, &sq, zp_from_mpz(F, k), &sp),
                         "S-polynomials modulo p, p = %u, round %d", primes[pi], it);
            poly *all[] = {&gi, &gj, &sq, &wq};
            for (int q = 0; q < 4; q++)
                poly_clear(CTX, all[q], &x.Fq);
            poly *allp[] = {&gip, &gjp, &sp, &wp};
            for (int q = 0; q < 4; q++)
                poly_clear(CTX, allp[q], F);
        }
        fx_clear(&x);
    }
    mpz_clears(d, a, c, k, NULL);
    mono_order_clear(CTX, &ord);
}
END_TEST

/* Normal forms modulo the reduced basis of a system: NF_Q = scale * NF_p modulo p
 * when the basis over Q reduces modulo p to the basis over Z/p. */
static void nf_case(const char *family, int nv, uint32_t p, uint64_t seed)
{
    char *text = tu_system_text(family, nv, 0);
    T_ASSERT(text != NULL);
    ring R, Rp;
    plist in, Gq, Gp;
    plist_init(&in);
    plist_init(&Gq);
    plist_init(&Gp);
    T_ASSERT(io_parse_input(CTX, &R, &in, text, strlen(text), NULL, NULL) == GBC_OK);
    free(text);
    T_ASSERT(bb_groebner(CTX, &R, &in, &Gq, NULL) == GBC_OK);
    Rp = R;
    T_ASSERT(field_init(&Rp.F, p) == GBC_OK);
    fixture x;
    fx_init(&x, &R.ord, R.nvars, p, seed);
    /* the generators modulo p (integer coefficients: the parser's are) */
    plist inp;
    plist_init(&inp);
    for (size_t k = 0; k < in.n; k++) {
        poly f, fp;
        T_ASSERT(poly_from_plain(CTX, &f, &in.p[k], &x.t, &x.Fq) == GBC_OK);
        reduce_mod(&x, &fp, &f);
        T_ASSERT(plist_push_poly(CTX, &inp, &fp, &x.t, &x.Fp, 0) == GBC_OK);
        poly_clear(CTX, &f, &x.Fq);
        poly_clear(CTX, &fp, &x.Fp);
    }
    T_ASSERT(bb_groebner(CTX, &Rp, &inp, &Gp, NULL) == GBC_OK);
    /* both bases in the table; the Q one reduced modulo p must be the Z/p one */
    size_t n = Gq.n;
    T_ASSERT(Gp.n == n && n > 0);
    poly *gq = calloc(n, sizeof *gq), *gp = calloc(n, sizeof *gp);
    T_ASSERT(gq != NULL && gp != NULL);
    divlookup dl;
    T_ASSERT(dl_init(CTX, &dl, DL_LIST, x.nv, &x.par.dm) == GBC_OK);
    for (size_t k = 0; k < n; k++) {
        T_ASSERT(poly_from_plain(CTX, &gq[k], &Gq.p[k], &x.t, &x.Fq) == GBC_OK);
        T_ASSERT(poly_from_plain(CTX, &gp[k], &Gp.p[k], &x.t, &x.Fp) == GBC_OK);
        poly m;
        reduce_mod(&x, &m, &gq[k]);
        poly_normalize_lc(&m, &x.Fp);
        T_ASSERT_MSG(poly_equal(&m, &gp[k], &x.Fp), "%s: prime %u unlucky", family, p);
        poly_clear(CTX, &m, &x.Fp);
        uint32_t lm = gq[k].mon[0];
        T_ASSERT(dl_insert(CTX, &dl, mht_exps(&x.t, lm), x.t.row[lm].divmask, (uint32_t)k) ==
                 GBC_OK);
    }
    bb_red rq, rp;
    T_ASSERT(bb_red_init(CTX, &rq, &x.t, &x.Fq) == GBC_OK);
    T_ASSERT(bb_red_init(CTX, &rp, &x.t, &x.Fp) == GBC_OK);
    bb_reducers Bq = {gq, &dl}, Bp = {gp, &dl};
    mpz_t one;
    mpz_init_set_ui(one, 1);
    for (int it = 0; it < 30 * tu_mult(); it++) {
        poly f, fp, hq, hp;
        random_qq(&x, &f, 12, 3, 0);
        reduce_mod(&x, &fp, &f);
        bb_red_begin(&rq);
        T_ASSERT(bb_red_add(CTX, &rq, &f, 0, UINT32_MAX, 1, one) == GBC_OK);
        T_ASSERT(bb_red_run(CTX, &rq, &Bq, 1) == GBC_OK);
        uint32_t scale = zp_from_mpz(&x.Fp, rq.scale);
        T_ASSERT(bb_red_take(CTX, &rq, &hq) == GBC_OK);
        bb_red_begin(&rp);
        T_ASSERT(bb_red_add(CTX, &rp, &fp, 0, UINT32_MAX, 1, one) == GBC_OK);
        T_ASSERT(bb_red_run(CTX, &rp, &Bp, 1) == GBC_OK);
        T_ASSERT(bb_red_take(CTX, &rp, &hp) == GBC_OK);
        /* reduced: no term divisible by a leading monomial */
        for (uint32_t i = 0; i < hp.len; i++)
            T_ASSERT(dl_find_divisor(&dl, mht_exps(&x.t, hp.mon[i]),
                                     x.t.row[hp.mon[i]].divmask) == UINT32_MAX);
        T_ASSERT(scale != 0);
        T_ASSERT_MSG(agrees_times(&x, &hq, scale, &hp), "%s: normal forms modulo %u, round %d",
                     family, p, it);
        poly_clear(CTX, &f, &x.Fq);
        poly_clear(CTX, &hq, &x.Fq);
        poly_clear(CTX, &fp, &x.Fp);
        poly_clear(CTX, &hp, &x.Fp);
    }
    mpz_clear(one);
    bb_red_clear(CTX, &rq);
    bb_red_clear(CTX, &rp);
    dl_clear(CTX, &dl);
    for (size_t k = 0; k < n; k++) {
        poly_clear(CTX, &gq[k], &x.Fq);
        poly_clear(CTX, &gp[k], &x.Fp);
    }
    free(gq);
    free(gp);
    fx_clear(&x);
    plist_clear(CTX, &in, &R.F);
    plist_clear(CTX, &inp, &Rp.F);
    plist_clear(CTX, &Gq, &R.F);
    plist_clear(CTX, &Gp, &Rp.F);
    ring_clear(CTX, &R);
}

START_TEST(test_nf_agree_mod_p)
{
    uint64_t seed = tu_seed();
    nf_case("katsura", 4, 65521, seed);
    nf_case("cyclic", 4, 2147483647u, seed + 1);
    nf_case("katsura", 3, 32003, seed + 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("reduce");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, ctx_setup, ctx_teardown);
    tcase_add_test(tc, test_spair);
    tcase_add_test(tc, test_nf_agree_mod_p);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
