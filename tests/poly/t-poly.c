/* Tests for poly/: canonical form of arbitrary term lists, f + c*g, products (against
 * a naive double loop; commutative, associative, distributive), multiplication by
 * a term, leading-coefficient normalisation, scaling, and the plain form round trip,
 * over Z/p (p = 2, 3, 65521, 2^31-1) and over Z. The oracle is a dense accumulator
 * indexed by hash-table index, filled term by term with mpz or mod-p arithmetic. */
#include <stdlib.h>

#include "poly/poly.h"
#include "testutil.h"

#define NV 4

#define CTX TU_CTX

static const uint32_t primes[] = {2, 3, 65521, 2147483647u, 0};
#define NFIELDS (sizeof primes / sizeof primes[0])

typedef struct fixture {
    field F;
    mono_order ord;
    mht_params par;
    mht t;
    gbc_rng rng;
} fixture;

static void fx_init(fixture *x, uint32_t p, const char *order, uint64_t seed)
{
    char msg[128];
    ck_assert_int_eq(field_init(&x->F, p), GBC_OK);
    ck_assert_int_eq(mono_order_parse(CTX, &x->ord, order, NV, msg, sizeof msg), GBC_OK);
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

/* A random coefficient: a residue (zero with some probability) or a signed integer
 * of up to ~130 bits. */
static void random_coeff(fixture *x, uint32_t *c, mpz_t z, int allow_zero)
{
    gbc_rng *r = &x->rng;
    int zero = allow_zero && gbc_rng_below(r, 6) == 0;
    if (x->F.p != 0) {
        *c = zero ? 0 : 1 + (uint32_t)gbc_rng_below(r, x->F.p - 1);
        return;
    }
    if (zero) {
        mpz_set_ui(z, 0);
        return;
    }
    do {
        mpz_set_ui(z, (unsigned long)gbc_rng_next(r));
        int big = (int)gbc_rng_below(r, 3);
        for (int i = 0; i < big; i++) {
            mpz_mul_2exp(z, z, 64);
            mpz_add_ui(z, z, (unsigned long)gbc_rng_next(r));
        }
        if (gbc_rng_below(r, 2))
            mpz_fdiv_q_2exp(z, z, 50); /* small ones too */
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

/* An arbitrary term list (unsorted, repeated monomials, zero coefficients). */
static void random_raw(fixture *x, poly *f, uint32_t len, uint32_t maxe)
{
    T_ASSERT(poly_alloc(CTX, f, len, &x->F) == GBC_OK);
    for (uint32_t i = 0; i < len; i++) {
        f->mon[i] = random_mon(x, maxe);
        random_coeff(x, x->F.p ? &f->cf[i] : NULL, x->F.p ? NULL : f->cz[i], 1);
    }
}

static void random_poly(fixture *x, poly *f, uint32_t maxlen, uint32_t maxe)
{
    random_raw(x, f, (uint32_t)gbc_rng_below(&x->rng, maxlen + 1), maxe);
    T_ASSERT(poly_canonicalize(CTX, f, &x->t, &x->F) == GBC_OK);
}

/* ------------------------------------------------ the dense oracle -- */

/* Coefficients indexed by monomial index; grows with the table. */
typedef struct dense {
    size_t n;
    uint64_t *cf;
    mpz_t *cz;
} dense;

static void dense_init(dense *d, fixture *x)
{
    d->n = x->t.size + 10000; /* room for the monomials a test adds */
    d->cf = calloc(d->n, sizeof(uint64_t));
    d->cz = malloc(sizeof(mpz_t) * d->n);
    T_ASSERT(d->cf != NULL && d->cz != NULL);
    for (size_t i = 0; i < d->n; i++)
        mpz_init(d->cz[i]);
}

static void dense_clear(dense *d)
{
    for (size_t i = 0; i < d->n; i++)
        mpz_clear(d->cz[i]);
    free(d->cf);
    free(d->cz);
}

/* d[m] += s * c, with s a residue (Z/p) or an integer (Z, NULL meaning 1). */
static void dense_add(dense *d, const fixture *x, uint32_t m, uint64_t c, const mpz_t cz,
                      uint64_t s, const mpz_t sz)
{
    T_ASSERT(m < d->n);
    if (x->F.p != 0) {
        d->cf[m] = (d->cf[m] + (c % x->F.p) * (s % x->F.p)) % x->F.p;
    } else if (sz != NULL) {
        mpz_addmul(d->cz[m], cz, sz);
    } else {
        mpz_add(d->cz[m], d->cz[m], cz);
    }
}

static void dense_add_poly(dense *d, const fixture *x, const poly *f, uint64_t s,
                           const mpz_t sz)
{
    for (uint32_t i = 0; i < f->len; i++)
        dense_add(d, x, f->mon[i], x->F.p ? f->cf[i] : 0, x->F.p ? NULL : f->cz[i], s, sz);
}

/* f is canonical (checked here with mono_cmp on the exponents, not the table's
 * comparison) and holds exactly the nonzero entries of d. */
static void check_equals_dense(const fixture *x, const poly *f, const dense *d)
{
    for (uint32_t i = 0; i < f->len; i++) {
        T_ASSERT(f->mon[i] < x->t.size);
        if (i > 0)
            T_ASSERT_MSG(mono_cmp(&x->ord, mht_exps(&x->t, f->mon[i - 1]),
                                  mht_exps(&x->t, f->mon[i])) > 0,
                         "terms %u, %u not strictly decreasing", i - 1, i);
        if (x->F.p != 0) {
            T_ASSERT(f->cf[i] != 0 && f->cf[i] < x->F.p);
            T_ASSERT_MSG(f->cf[i] == d->cf[f->mon[i]], "coefficient %u wrong", i);
        } else {
            T_ASSERT(mpz_sgn(f->cz[i]) != 0);
            T_ASSERT_MSG(mpz_cmp(f->cz[i], d->cz[f->mon[i]]) == 0, "coefficient %u wrong", i);
        }
    }
    size_t nonzero = 0;
    for (size_t m = 0; m < d->n; m++)
        nonzero += x->F.p ? d->cf[m] != 0 : mpz_sgn(d->cz[m]) != 0;
    T_ASSERT_MSG(nonzero == f->len, "%zu nonzero terms expected, %u found", nonzero, f->len);
    T_ASSERT(poly_is_canonical(f, &x->t, &x->F));
}

/* ---------------------------------------------------------------- tests -- */

START_TEST(test_canonicalize)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], k % 2 ? "lex" : "grevlex", tu_seed() + k);
        for (int it = 0; it < 300 * tu_mult(); it++) {
            poly f;
            /* a small monomial pool makes repeats and cancellations common */
            uint32_t maxe = it % 3 == 0 ? 1 : 4;
            random_raw(&x, &f, (uint32_t)gbc_rng_below(&x.rng, it % 10 == 0 ? 3000 : 60), maxe);
            dense d;
            dense_init(&d, &x);
            dense_add_poly(&d, &x, &f, 1, NULL);
            T_ASSERT(poly_canonicalize(CTX, &f, &x.t, &x.F) == GBC_OK);
            check_equals_dense(&x, &f, &d);
            /* canonical input is a fixed point */
            poly g;
            T_ASSERT(poly_copy(CTX, &g, &f, &x.F) == GBC_OK);
            T_ASSERT(poly_canonicalize(CTX, &g, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_equal(&f, &g, &x.F));
            poly_clear(CTX, &g, &x.F);
            poly_clear(CTX, &f, &x.F);
            dense_clear(&d);
        }
        /* a list that cancels completely: c*m1 - d*m2 - c*m1 + d*m2 */
        poly f;
        T_ASSERT(poly_alloc(CTX, &f, 4, &x.F) == GBC_OK);
        uint32_t m1 = random_mon(&x, 3), m2 = random_mon(&x, 3);
        f.mon[0] = m1;
        f.mon[1] = m2;
        f.mon[2] = m1;
        f.mon[3] = m2;
        if (x.F.p) {
            f.cf[0] = 1;
            f.cf[1] = x.F.p - 1;
            f.cf[2] = x.F.p - 1;
            f.cf[3] = 1;
        } else {
            mpz_set_si(f.cz[0], 5);
            mpz_set_si(f.cz[1], -7);
            mpz_set_si(f.cz[2], -5);
            mpz_set_si(f.cz[3], 7);
        }
        T_ASSERT(poly_canonicalize(CTX, &f, &x.t, &x.F) == GBC_OK);
        ck_assert_uint_eq(f.len, 0);
        poly_clear(CTX, &f, &x.F);
        fx_clear(&x);
    }
}
END_TEST

START_TEST(test_add_scaled)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], k % 2 ? "deglex" : "weights:1,2,3,4", tu_seed() + 10 + k);
        mpz_t cz;
        mpz_init(cz);
        for (int it = 0; it < 300 * tu_mult(); it++) {
            poly f, g, r;
            random_poly(&x, &f, 40, 3);
            random_poly(&x, &g, 40, 3);
            uint32_t c = 0;
            random_coeff(&x, &c, cz, 1);
            int unit = x.F.p == 0 && it % 4 == 0; /* cz NULL: scale 1 */
            dense d;
            dense_init(&d, &x);
            dense_add_poly(&d, &x, &f, 1, NULL);
            dense_add_poly(&d, &x, &g, c, unit ? NULL : cz);
            T_ASSERT(poly_add_scaled(CTX, &r, &f, &g, c, unit ? NULL : cz, &x.t, &x.F) == GBC_OK);
            check_equals_dense(&x, &r, &d);
            poly_clear(CTX, &r, &x.F);
            /* f + (-1) f = 0 */
            mpz_set_si(cz, -1);
            T_ASSERT(poly_add_scaled(CTX, &r, &f, &f, x.F.p ? x.F.p - 1 : 0, cz, &x.t, &x.F) ==
                     GBC_OK);
            T_ASSERT(r.len == 0);
            poly_clear(CTX, &r, &x.F);
            /* f + 1*0 = f and 0 + 1*f = f */
            poly z;
            poly_init(&z);
            T_ASSERT(poly_add_scaled(CTX, &r, &f, &z, 1, NULL, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_equal(&r, &f, &x.F));
            poly_clear(CTX, &r, &x.F);
            T_ASSERT(poly_add_scaled(CTX, &r, &z, &f, 1, NULL, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_equal(&r, &f, &x.F));
            poly_clear(CTX, &r, &x.F);
            dense_clear(&d);
            poly_clear(CTX, &f, &x.F);
            poly_clear(CTX, &g, &x.F);
        }
        mpz_clear(cz);
        fx_clear(&x);
    }
}
END_TEST

START_TEST(test_mul)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], k % 2 ? "blocks:lex(1),grevlex(3)" : "grevlex",
                tu_seed() + 20 + k);
        for (int it = 0; it < 150 * tu_mult(); it++) {
            poly f, g, h, fg, gf;
            random_poly(&x, &f, 25, 4);
            random_poly(&x, &g, 25, 4);
            random_poly(&x, &h, 25, 4);
            T_ASSERT(poly_mul(CTX, &fg, &f, &g, &x.t, &x.F) == GBC_OK);
            /* naive: every pair of terms, exponents added by hand */
            dense d;
            dense_init(&d, &x);
            for (uint32_t i = 0; i < f.len; i++)
                for (uint32_t j = 0; j < g.len; j++) {
                    uint32_t e[NV], m;
                    for (int v = 0; v < NV; v++)
                        e[v] = mht_exps(&x.t, f.mon[i])[v] + mht_exps(&x.t, g.mon[j])[v];
                    T_ASSERT(mht_insert(CTX, &x.t, e, &m) == GBC_OK);
                    dense_add(&d, &x, m, x.F.p ? f.cf[i] : 0, x.F.p ? NULL : f.cz[i],
                              x.F.p ? g.cf[j] : 0, x.F.p ? NULL : g.cz[j]);
                }
            check_equals_dense(&x, &fg, &d);
            dense_clear(&d);
            /* commutative */
            T_ASSERT(poly_mul(CTX, &gf, &g, &f, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_equal(&fg, &gf, &x.F));
            /* distributive: f(g + h) = fg + fh */
            poly gh, l, fh, rr;
            T_ASSERT(poly_add_scaled(CTX, &gh, &g, &h, 1, NULL, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_mul(CTX, &l, &f, &gh, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_mul(CTX, &fh, &f, &h, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_add_scaled(CTX, &rr, &fg, &fh, 1, NULL, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_equal(&l, &rr, &x.F));
            poly_clear(CTX, &rr, &x.F);
            /* associative: (fg)h = f(gh) */
            poly a1, a2;
            poly_clear(CTX, &gh, &x.F);
            T_ASSERT(poly_mul(CTX, &gh, &g, &h, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_mul(CTX, &a1, &fg, &h, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_mul(CTX, &a2, &f, &gh, &x.t, &x.F) == GBC_OK);
            T_ASSERT(poly_equal(&a1, &a2, &x.F));
            /* degree of a product over a domain is the sum of degrees */
            if (f.len > 0 && g.len > 0)
                T_ASSERT(poly_degree(&fg, &x.t) == poly_degree(&f, &x.t) + poly_degree(&g, &x.t));
            else
                T_ASSERT(fg.len == 0);
            poly *all[] = {&f, &g, &h, &fg, &gf, &gh, &l, &fh, &a1, &a2};
            for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
                poly_clear(CTX, all[i], &x.F);
        }
        fx_clear(&x);
    }
}
END_TEST

/* (x + y)^2 = x^2 + 2xy + y^2 by hand; mod 2 the middle term vanishes. */
START_TEST(test_mul_by_hand)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], "grevlex", 5);
        uint32_t ex[NV] = {1, 0, 0, 0}, ey[NV] = {0, 1, 0, 0};
        poly s, sq;
        T_ASSERT(poly_alloc(CTX, &s, 2, &x.F) == GBC_OK);
        T_ASSERT(mht_insert(CTX, &x.t, ex, &s.mon[0]) == GBC_OK);
        T_ASSERT(mht_insert(CTX, &x.t, ey, &s.mon[1]) == GBC_OK);
        if (x.F.p) {
            s.cf[0] = s.cf[1] = 1;
        } else {
            mpz_set_ui(s.cz[0], 1);
            mpz_set_ui(s.cz[1], 1);
        }
        T_ASSERT(poly_mul(CTX, &sq, &s, &s, &x.t, &x.F) == GBC_OK);
        uint32_t want = x.F.p == 2 ? 2 : 3;
        ck_assert_uint_eq(sq.len, want);
        uint32_t e2[NV] = {2, 0, 0, 0}, exy[NV] = {1, 1, 0, 0}, ey2[NV] = {0, 2, 0, 0};
        ck_assert_uint_eq(sq.mon[0], mht_find(&x.t, e2));
        ck_assert_uint_eq(sq.mon[want - 1], mht_find(&x.t, ey2));
        if (want == 3) {
            ck_assert_uint_eq(sq.mon[1], mht_find(&x.t, exy));
            if (x.F.p)
                ck_assert_uint_eq(sq.cf[1], 2);
            else
                ck_assert_int_eq(mpz_cmp_ui(sq.cz[1], 2), 0);
        }
        poly_clear(CTX, &s, &x.F);
        poly_clear(CTX, &sq, &x.F);
        fx_clear(&x);
    }
}
END_TEST

START_TEST(test_mul_mono_scale)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], k % 2 ? "lex" : "deglex", tu_seed() + 30 + k);
        mpz_t cz;
        mpz_init(cz);
        for (int it = 0; it < 300 * tu_mult(); it++) {
            poly f, r;
            random_poly(&x, &f, 40, 5);
            uint32_t m = random_mon(&x, 5);
            T_ASSERT(poly_mul_mono(CTX, &r, &f, m, &x.t, &x.F) == GBC_OK);
            T_ASSERT(r.len == f.len);
            for (uint32_t i = 0; i < f.len; i++) {
                for (int v = 0; v < NV; v++)
                    T_ASSERT(mht_exps(&x.t, r.mon[i])[v] ==
                             mht_exps(&x.t, f.mon[i])[v] + mht_exps(&x.t, m)[v]);
                T_ASSERT(x.F.p ? r.cf[i] == f.cf[i] : mpz_cmp(r.cz[i], f.cz[i]) == 0);
            }
            /* still sorted: the order is compatible with multiplication */
            T_ASSERT(poly_is_canonical(&r, &x.t, &x.F));
            poly_clear(CTX, &r, &x.F);
            /* scale by c, check against the dense oracle */
            uint32_t c = 0;
            random_coeff(&x, &c, cz, 0);
            dense d;
            dense_init(&d, &x);
            dense_add_poly(&d, &x, &f, c, cz);
            poly_scale(&f, c, cz, &x.F);
            check_equals_dense(&x, &f, &d);
            dense_clear(&d);
            poly_clear(CTX, &f, &x.F);
        }
        mpz_clear(cz);
        fx_clear(&x);
    }
}
END_TEST

START_TEST(test_normalize_lc)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], "grevlex", tu_seed() + 40 + k);
        mpz_t c, g;
        mpz_inits(c, g, NULL);
        for (int it = 0; it < 500 * tu_mult(); it++) {
            poly f, n;
            random_poly(&x, &f, 20, 3);
            if (x.F.p == 0 && f.len > 0) {
                /* plant a common factor so that there is content to remove */
                random_coeff(&x, NULL, c, 0);
                poly_scale(&f, 0, c, &x.F);
            }
            T_ASSERT(poly_copy(CTX, &n, &f, &x.F) == GBC_OK);
            poly_normalize_lc(&n, &x.F);
            T_ASSERT(n.len == f.len);
            if (f.len == 0) {
                poly_clear(CTX, &f, &x.F);
                poly_clear(CTX, &n, &x.F);
                continue;
            }
            T_ASSERT(memcmp(n.mon, f.mon, sizeof(uint32_t) * f.len) == 0);
            if (x.F.p != 0) {
                /* monic, and f = lc(f) * n */
                T_ASSERT(n.cf[0] == 1);
                for (uint32_t i = 0; i < f.len; i++)
                    T_ASSERT((uint64_t)f.cf[0] * n.cf[i] % x.F.p == f.cf[i]);
            } else {
                /* primitive with positive lead, and f = u * n for the integer
                 * u = f_0 / n_0 */
                T_ASSERT(mpz_sgn(n.cz[0]) > 0);
                mpz_set_ui(g, 0);
                for (uint32_t i = 0; i < n.len; i++)
                    mpz_gcd(g, g, n.cz[i]);
                T_ASSERT(mpz_cmp_ui(g, 1) == 0);
                T_ASSERT(mpz_divisible_p(f.cz[0], n.cz[0]));
                mpz_divexact(c, f.cz[0], n.cz[0]);
                for (uint32_t i = 0; i < f.len; i++) {
                    mpz_mul(g, c, n.cz[i]);
                    T_ASSERT(mpz_cmp(g, f.cz[i]) == 0);
                }
            }
            poly_clear(CTX, &f, &x.F);
            poly_clear(CTX, &n, &x.F);
        }
        /* by hand over Z: -6x + 4 -> 3x - 2 */
        if (x.F.p == 0) {
            poly f;
            uint32_t ex[NV] = {1, 0, 0, 0}, e1[NV] = {0, 0, 0, 0};
            T_ASSERT(poly_alloc(CTX, &f, 2, &x.F) == GBC_OK);
            T_ASSERT(mht_insert(CTX, &x.t, ex, &f.mon[0]) == GBC_OK);
            T_ASSERT(mht_insert(CTX, &x.t, e1, &f.mon[1]) == GBC_OK);
            mpz_set_si(f.cz[0], -6);
            mpz_set_si(f.cz[1], 4);
            poly_normalize_lc(&f, &x.F);
            ck_assert_int_eq(mpz_cmp_si(f.cz[0], 3), 0);
            ck_assert_int_eq(mpz_cmp_si(f.cz[1], -2), 0);
            poly_clear(CTX, &f, &x.F);
        }
        mpz_clears(c, g, NULL);
        fx_clear(&x);
    }
}
END_TEST

/* poly -> plain -> poly (into a second table with different hash multipliers) gives
 * the same terms; over Q with monic = 1 the plain coefficients are f / lc(f). */
START_TEST(test_plain_roundtrip)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x, y;
        fx_init(&x, primes[k], k % 2 ? "lex" : "grevlex", tu_seed() + 50 + k);
        fx_init(&y, primes[k], k % 2 ? "lex" : "grevlex", tu_seed() + 60 + k);
        mpq_t q;
        mpq_init(q);
        for (int it = 0; it < 300 * tu_mult(); it++) {
            poly f, g;
            random_poly(&x, &f, 30, 6);
            if (x.F.p == 0)
                poly_normalize_lc(&f, &x.F); /* primitive: what poly_from_plain returns */
            for (int monic = 0; monic < 2; monic++) {
                plist L;
                plist_init(&L);
                T_ASSERT(plist_push_poly(CTX, &L, &f, &x.t, &x.F, monic) == GBC_OK);
                T_ASSERT(L.n == 1 && L.p[0].len == f.len);
                const ppoly *p = &L.p[0];
                for (uint32_t i = 0; i < f.len; i++) {
                    T_ASSERT(memcmp(p->exps + (size_t)i * NV, mht_exps(&x.t, f.mon[i]),
                                    sizeof(uint32_t) * NV) == 0);
                    if (x.F.p != 0) {
                        uint32_t want = monic ? (uint32_t)((uint64_t)f.cf[i] *
                                                           zp_inv(&x.F, f.cf[0]) % x.F.p)
                                              : f.cf[i];
                        T_ASSERT(p->cf[i] == want);
                    } else {
                        mpq_set_z(q, f.cz[i]);
                        if (monic) {
                            mpz_set(mpq_denref(q), f.cz[0]);
                            mpq_canonicalize(q);
                        }
                        T_ASSERT(mpq_equal(q, p->cq[i]));
                    }
                }
                /* shuffle the plain terms: poly_from_plain must sort them */
                for (size_t i = p->len; i > 1; i--) {
                    size_t j = gbc_rng_below(&x.rng, i);
                    for (int v = 0; v < NV; v++) {
                        uint32_t tmp = p->exps[(i - 1) * NV + v];
                        p->exps[(i - 1) * NV + v] = p->exps[j * NV + v];
                        p->exps[j * NV + v] = tmp;
                    }
                    if (x.F.p) {
                        uint32_t tmp = p->cf[i - 1];
                        p->cf[i - 1] = p->cf[j];
                        p->cf[j] = tmp;
                    } else {
                        mpq_swap(p->cq[i - 1], p->cq[j]);
                    }
                }
                T_ASSERT(poly_from_plain(CTX, &g, p, &y.t, &y.F) == GBC_OK);
                T_ASSERT(g.len == f.len);
                T_ASSERT(poly_is_canonical(&g, &y.t, &y.F));
                /* Z/p: copied as is (monic if asked); Q: the primitive associate */
                for (uint32_t i = 0; i < f.len; i++) {
                    T_ASSERT(memcmp(mht_exps(&y.t, g.mon[i]), mht_exps(&x.t, f.mon[i]),
                                    sizeof(uint32_t) * NV) == 0);
                    if (x.F.p != 0) {
                        uint32_t want = monic ? (uint32_t)((uint64_t)f.cf[i] *
                                                           zp_inv(&x.F, f.cf[0]) % x.F.p)
                                              : f.cf[i];
                        T_ASSERT(g.cf[i] == want);
                    } else {
                        T_ASSERT(mpz_cmp(g.cz[i], f.cz[i]) == 0);
                    }
                }
                poly_clear(CTX, &g, &y.F);
                plist_clear(CTX, &L, &x.F);
            }
            poly_clear(CTX, &f, &x.F);
        }
        mpq_clear(q);
        fx_clear(&x);
        fx_clear(&y);
    }
}
END_TEST

/* Plain input by hand: fractions are cleared over Q, residues reduced mod p,
 * repeated monomials added up, and a degree >= 2^32 refused. */
START_TEST(test_from_plain_by_hand)
{
    fixture x;
    fx_init(&x, 0, "grevlex", 3);
    plist L;
    plist_init(&L);
    ppoly *p;
    /* 1/2 x - 1/3 + 1/6 x = 2/3 x - 1/3 -> 2x - 1 */
    T_ASSERT(plist_push(CTX, &L, 3, NV, &x.F, &p) == GBC_OK);
    uint32_t e[3][NV] = {{1, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}};
    memcpy(p->exps, e, sizeof e);
    mpq_set_si(p->cq[0], 1, 2);
    mpq_set_si(p->cq[1], -1, 3);
    mpq_set_si(p->cq[2], 1, 6);
    poly f;
    T_ASSERT(poly_from_plain(CTX, &f, p, &x.t, &x.F) == GBC_OK);
    ck_assert_uint_eq(f.len, 2);
    ck_assert_int_eq(mpz_cmp_si(f.cz[0], 2), 0);
    ck_assert_int_eq(mpz_cmp_si(f.cz[1], -1), 0);
    ck_assert_uint_eq(x.t.row[f.mon[0]].deg, 1);
    ck_assert_uint_eq(x.t.row[f.mon[1]].deg, 0);
    poly_clear(CTX, &f, &x.F);
    /* negative lead: -x + 1 -> x - 1 */
    mpq_set_si(p->cq[0], -1, 1);
    mpq_set_si(p->cq[1], 1, 1);
    mpq_set_si(p->cq[2], 0, 1);
    T_ASSERT(poly_from_plain(CTX, &f, p, &x.t, &x.F) == GBC_OK);
    ck_assert_uint_eq(f.len, 2);
    ck_assert_int_eq(mpz_cmp_si(f.cz[0], 1), 0);
    ck_assert_int_eq(mpz_cmp_si(f.cz[1], -1), 0);
    poly_clear(CTX, &f, &x.F);
    /* overflow: a term of degree 2^32 */
    ppoly *o;
    T_ASSERT(plist_push(CTX, &L, 1, NV, &x.F, &o) == GBC_OK);
    uint32_t big[NV] = {UINT32_MAX, 1, 0, 0};
    memcpy(o->exps, big, sizeof big);
    mpq_set_si(o->cq[0], 1, 1);
    poly_init(&f);
    ck_assert_int_eq(poly_from_plain(CTX, &f, o, &x.t, &x.F), GBC_ERR_OVERFLOW);
    ck_assert_uint_eq(f.len, 0);
    plist_clear(CTX, &L, &x.F);
    fx_clear(&x);
    /* Z/7: coefficients copied (reduced), repeats added: 3x + 4x + 5 = 5 */
    fx_init(&x, 7, "grevlex", 3);
    plist_init(&L);
    T_ASSERT(plist_push(CTX, &L, 3, NV, &x.F, &p) == GBC_OK);
    memcpy(p->exps, e, sizeof e);
    p->cf[0] = 3;
    p->cf[1] = 5;
    p->cf[2] = 4;
    T_ASSERT(poly_from_plain(CTX, &f, p, &x.t, &x.F) == GBC_OK);
    ck_assert_uint_eq(f.len, 1);
    ck_assert_uint_eq(f.cf[0], 5);
    ck_assert_uint_eq(x.t.row[f.mon[0]].deg, 0);
    poly_clear(CTX, &f, &x.F);
    /* plist_copy is a deep copy */
    plist C;
    T_ASSERT(plist_copy(CTX, &C, &L, NV, &x.F) == GBC_OK);
    ck_assert_uint_eq(C.n, 1);
    ck_assert_uint_eq(C.p[0].len, 3);
    ck_assert_ptr_ne(C.p[0].exps, L.p[0].exps);
    ck_assert(memcmp(C.p[0].exps, e, sizeof e) == 0);
    ck_assert_uint_eq(C.p[0].cf[2], 4);
    plist_clear(CTX, &C, &x.F);
    plist_clear(CTX, &L, &x.F);
    fx_clear(&x);
}
END_TEST

START_TEST(test_lifecycle)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], "grevlex", tu_seed() + 70 + k);
        poly f, g;
        random_poly(&x, &f, 30, 3);
        while (f.len < 3) {
            poly_clear(CTX, &f, &x.F);
            random_poly(&x, &f, 30, 3);
        }
        T_ASSERT(poly_copy(CTX, &g, &f, &x.F) == GBC_OK);
        T_ASSERT(poly_equal(&f, &g, &x.F));
        T_ASSERT(g.mon != f.mon);
        uint32_t len = f.len;
        poly_truncate(&g, 2, &x.F);
        T_ASSERT(g.len == 2 && !poly_equal(&f, &g, &x.F));
        poly_swap(&f, &g);
        T_ASSERT(f.len == 2 && g.len == len);
        poly_clear(CTX, &f, &x.F);
        poly_clear(CTX, &g, &x.F);
        T_ASSERT(g.len == 0 && g.mon == NULL);
        poly_clear(CTX, &g, &x.F); /* clearing twice is harmless */
        fx_clear(&x);
    }
}
END_TEST

/* Every allocation of a product may fail: the result is NOMEM and nothing leaks, or
 * the product is right. */
START_TEST(test_mul_alloc_failure)
{
    for (size_t k = 0; k < NFIELDS; k++) {
        fixture x;
        fx_init(&x, primes[k], "grevlex", tu_seed() + 80 + k);
        poly f, g, want;
        random_poly(&x, &f, 30, 6);
        random_poly(&x, &g, 30, 6);
        T_ASSERT(poly_mul(CTX, &want, &f, &g, &x.t, &x.F) == GBC_OK);
        /* every product monomial is in the table now; give it spare rows too, so
         * that the products below never grow it (through the failing context) */
        for (uint32_t extra = 100; x.t.size + 2 > x.t.cap; extra++) {
            uint32_t e[NV] = {extra, 0, 0, 0}, m;
            T_ASSERT(mht_insert(CTX, &x.t, e, &m) == GBC_OK);
        }
        int ok = 0;
        for (uint64_t i = 1; i < 40 && !ok; i++) {
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ctx.fail_at = i;
            poly r;
            size_t before = tu_ctx.mem_used;
            gbc_status st = poly_mul(&ctx, &r, &f, &g, &x.t, &x.F);
            if (st == GBC_OK) {
                T_ASSERT(poly_equal(&r, &want, &x.F));
                poly_clear(&ctx, &r, &x.F);
                ok = 1;
            } else {
                T_ASSERT(st == GBC_ERR_NOMEM);
            }
            T_ASSERT(ctx.mem_used == 0);
            T_ASSERT(tu_ctx.mem_used == before);
        }
        T_ASSERT(ok);
        poly_clear(CTX, &f, &x.F);
        poly_clear(CTX, &g, &x.F);
        poly_clear(CTX, &want, &x.F);
        fx_clear(&x);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("poly");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, tu_ctx_setup, tu_ctx_teardown);
    tcase_add_test(tc, test_canonicalize);
    tcase_add_test(tc, test_add_scaled);
    tcase_add_test(tc, test_mul);
    tcase_add_test(tc, test_mul_by_hand);
    tcase_add_test(tc, test_mul_mono_scale);
    tcase_add_test(tc, test_normalize_lc);
    tcase_add_test(tc, test_plain_roundtrip);
    tcase_add_test(tc, test_from_plain_by_hand);
    tcase_add_test(tc, test_lifecycle);
    tcase_add_test(tc, test_mul_alloc_failure);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
