/* io/pval_zp: the parser's arithmetic modulo p (the Z/p half of the pval_field
 * seam, io/pval_qq.c the other): literals reduced as they are read, powers of
 * sums by the Frobenius map (e >= p) or the multinomial theorem (few terms). */
#include "io/multinomial.h"

static gbc_status zp_rawsum_grow(parser *P, rawsum *r, size_t ncap)
{
    return GBC_RESIZE(P->ctx, r->cf, ncap);
}

static gbc_status zp_rawsum_finish(parser *P, rawsum *r, pval *out)
{
    poly f;
    GBC_TRY(rawsum_alloc_poly(P, r, &f));
    if (r->n > 0)
        memcpy(f.cf, r->cf, sizeof(uint32_t) * r->n);
    /* zero coefficients (a residue 0 mod p) are dropped here too */
    GBC_TRY(pval_canonicalize(P, &f));
    out->p = f;
    return GBC_OK;
}

/* Append the value v scaled by the coefficient cf and multiplied by the monomial m
 * (UINT32_MAX: 1). */
static gbc_status zp_rawsum_add_pval(parser *P, rawsum *r, const pval *v, uint32_t cf,
                                     uint32_t m)
{
    GBC_TRY(rawsum_reserve(P, r, v->p.len));
    for (uint32_t i = 0; i < v->p.len; i++) {
        uint32_t x = v->p.mon[i];
        if (m != UINT32_MAX)
            GBC_TRY(mht_insert_mul(P->ctx, &P->t, &P->t, x, &P->t, m, &x));
        r->mon[r->n] = x;
        r->cf[r->n] = zp_mul(P->F, cf, v->p.cf[i]);
        r->n++;
    }
    return GBC_OK;
}

static gbc_status zp_emit_term(parser *P, rawsum *r, const term *T, uint32_t m)
{
    if (T->cf == 0)
        return GBC_OK;
    if (T->has_poly)
        return zp_rawsum_add_pval(P, r, &T->poly, T->cf, m);
    GBC_TRY(rawsum_reserve(P, r, 1));
    r->mon[r->n] = m;
    r->cf[r->n] = T->cf;
    r->n++;
    return GBC_OK;
}

static gbc_status zp_add_scaled_term(parser *P, poly *r, const poly *s, const poly *h,
                                     const poly *b, uint32_t i)
{
    return poly_add_scaled(P->ctx, r, s, h, b->cf[i], NULL, &P->t, P->F);
}

static gbc_status zp_number(parser *P, size_t start, size_t n, uint32_t *zp, mpz_t z)
{
    (void)z;
    uint64_t v = 0;
    for (size_t i = start; i < start + n; i++)
        v = (v * 10 + (uint64_t)(P->s[i] - '0')) % P->F->p;
    *zp = (uint32_t)v;
    return GBC_OK;
}

static void zp_term_unit(parser *P, term *T, int negate)
{
    T->cf = negate ? P->F->p - 1 : 1;
}

static void zp_term_neg(parser *P, term *T)
{
    T->cf = zp_neg(P->F, T->cf);
}

static gbc_status zp_term_mul_power(parser *P, term *T, uint32_t zp, mpz_t z, uint32_t e,
                                    size_t start, size_t epos)
{
    (void)z;
    (void)start;
    (void)epos;
    T->cf = zp_mul(P->F, T->cf, zp_pow(P->F, zp, e));
    return GBC_OK;
}

static gbc_status zp_term_div(parser *P, term *T, uint32_t zp, const mpz_t z, size_t dpos)
{
    (void)z;
    /* only the residue is kept: the caller has ruled out the integer 0 */
    if (zp == 0) {
        io_err_at(P, dpos, "denominator divisible by the characteristic %u", P->F->p);
        return GBC_ERR_PARSE;
    }
    T->cf = zp_mul(P->F, T->cf, zp_inv(P->F, zp));
    return GBC_OK;
}

static void zp_set_one(poly *f, uint32_t i)
{
    f->cf[i] = 1;
}

static gbc_status zp_pow_coeff(parser *P, pval *v, uint32_t e, size_t pos)
{
    (void)pos;
    v->p.cf[0] = zp_pow(P->F, v->p.cf[0], e);
    return GBC_OK;
}

static gbc_status zp_push_generator(parser *P, plist *L, const pval *v)
{
    return plist_push_poly(P->ctx, L, &v->p, &P->t, P->F, 0);
}

/* ------------------------------------------------------ powers of sums -- */

/* v^e modulo p for e >= p: with e = q p + r, v^e = F(v)^q v^r where F(v), the
 * Frobenius image, has each term c m replaced by c m^p (c^p = c in Z/p, and the
 * p-th power of a sum is the sum of the p-th powers): (x+y)^65537 modulo 65537 is
 * x^65537 + y^65537 at once, where the expansion has 65538 terms. */
static gbc_status zp_pow_frobenius(parser *P, pval *v, uint32_t e, size_t pos)
{
    const uint32_t p = P->F->p;
    uint32_t q = e / p, r = e % p;
    pval fr, rest;
    pval_init(&fr);
    pval_init(&rest);
    gbc_status st = poly_alloc(P->ctx, &fr.p, v->p.len, P->F);
    uint32_t *z = st == GBC_OK ? gbc_malloc(P->ctx, sizeof(uint32_t) * (P->nvars ? P->nvars : 1))
                               : NULL;
    if (st == GBC_OK && z == NULL)
        st = gbc_ctx_alloc_status(P->ctx);
    for (uint32_t i = 0; i < v->p.len && st == GBC_OK; i++) {
        const uint32_t *ex = mht_exps(&P->t, v->p.mon[i]);
        if ((uint64_t)P->t.row[v->p.mon[i]].deg * p > UINT32_MAX) {
            st = io_fail_status(P, pos, GBC_ERR_OVERFLOW);
            break;
        }
        for (uint32_t j = 0; j < P->nvars; j++)
            z[j] = ex[j] * p;
        st = mht_insert(P->ctx, &P->t, z, &fr.p.mon[i]);
        fr.p.cf[i] = v->p.cf[i];
    }
    gbc_free(P->ctx, z);
    /* the images of distinct monomials are distinct, in the same order */
    if (st == GBC_OK && q > 1)
        st = pval_pow(P, &fr, q, pos);
    if (st == GBC_OK && r > 0) {
        st = poly_copy(P->ctx, &rest.p, &v->p, P->F);
        if (st == GBC_OK)
            st = pval_pow(P, &rest, r, pos);
        pval out;
        pval_init(&out);
        if (st == GBC_OK)
            st = pval_mul(P, &out, &fr, &rest);
        if (st == GBC_OK)
            pval_swap(&fr, &out);
        pval_clear(P, &out);
    }
    pval_clear(P, &rest);
    if (st != GBC_OK) {
        pval_clear(P, &fr);
        return st;
    }
    pval_swap(v, &fr);
    pval_clear(P, &fr);
    return GBC_OK;
}

/* The coefficients of the multinomial expansion modulo p (e < p): level i's
 * coefficient cf[i] is e! times the product over the levels above of c_j^k_j / k_j!
 * (the factorials invertible as e < p); pw[i] = c_i^k as k advances. */
typedef struct zp_mexp {
    const field *F;
    uint32_t *cf, *pw;      /* per level */
    uint32_t *fact, *ifact; /* k! and 1/k! for k <= e */
} zp_mexp;

static gbc_status zp_mexp_level(io_mexp *X, uint32_t i, uint32_t k, uint32_t rem)
{
    (void)rem;
    zp_mexp *Z = X->state;
    Z->pw[i] = k == 0 ? 1 : zp_mul(Z->F, Z->pw[i], X->base->cf[i]);
    Z->cf[i + 1] = zp_mul(Z->F, Z->cf[i], zp_mul(Z->F, Z->pw[i], Z->ifact[k]));
    return GBC_OK;
}

static gbc_status zp_mexp_leaf(io_mexp *X, uint32_t i, uint32_t rem, uint32_t slot)
{
    zp_mexp *Z = X->state;
    X->out->cf[slot] = zp_mul(Z->F, Z->cf[i], zp_mul(Z->F, zp_pow(Z->F, X->base->cf[i], rem),
                                                     Z->ifact[rem]));
    return GBC_OK;
}

static const io_mexp_coef zp_mexp_coef = {zp_mexp_level, zp_mexp_leaf};

/* Z's arrays for m terms and the power e < p, cf[0] = e!. Raw status; Z holds
 * what was allocated (zp_mexp_clear frees it). */
static gbc_status zp_mexp_setup(parser *P, zp_mexp *Z, uint32_t m, uint32_t e)
{
    const field *F = P->F;
    Z->F = F;
    GBC_TRY(GBC_ALLOC(P->ctx, Z->cf, m + 1));
    GBC_TRY(GBC_ALLOC(P->ctx, Z->pw, m + 1));
    GBC_TRY(GBC_ALLOC(P->ctx, Z->fact, (size_t)e + 1));
    GBC_TRY(GBC_ALLOC(P->ctx, Z->ifact, (size_t)e + 1));
    Z->fact[0] = 1;
    for (uint32_t k = 1; k <= e; k++)
        Z->fact[k] = zp_mul(F, Z->fact[k - 1], k % F->p);
    Z->ifact[e] = zp_inv(F, Z->fact[e]);
    for (uint32_t k = e; k > 0; k--)
        Z->ifact[k - 1] = zp_mul(F, Z->ifact[k], k % F->p);
    Z->cf[0] = Z->fact[e]; /* e! / (k_1! ... k_m!) */
    return GBC_OK;
}

static void zp_mexp_clear(parser *P, zp_mexp *Z)
{
    gbc_free(P->ctx, Z->cf);
    gbc_free(P->ctx, Z->pw);
    gbc_free(P->ctx, Z->fact);
    gbc_free(P->ctx, Z->ifact);
}

/* v^e, e < p, by the multinomial theorem (io/multinomial.c). Reports its error. */
static gbc_status zp_pow_multinomial(parser *P, pval *v, uint32_t e, uint64_t count,
                                     size_t pos)
{
    zp_mexp Z;
    memset(&Z, 0, sizeof Z);
    gbc_status st = zp_mexp_setup(P, &Z, v->p.len, e);
    if (st == GBC_OK)
        st = io_pow_multinomial(P, v, e, count, pos, &zp_mexp_coef, &Z);
    else
        st = io_fail_status(P, pos, st);
    zp_mexp_clear(P, &Z);
    return st;
}

static gbc_status zp_pow_sum(parser *P, pval *v, uint32_t e, size_t pos)
{
    if (e >= P->F->p)
        return zp_pow_frobenius(P, v, e, pos);
    if (v->p.len <= IO_MERGE_TERMS) {
        uint64_t count = io_multinomial_count(v->p.len, e);
        if (count != UINT64_MAX)
            return zp_pow_multinomial(P, v, e, count, pos);
    }
    return pval_pow_repeated(P, v, e, pos);
}

const pval_field pval_zp_field = {
    .rawsum_grow = zp_rawsum_grow,
    .rawsum_finish = zp_rawsum_finish,
    .emit_term = zp_emit_term,
    .add_scaled_term = zp_add_scaled_term,
    .number = zp_number,
    .term_unit = zp_term_unit,
    .term_neg = zp_term_neg,
    .term_mul_power = zp_term_mul_power,
    .term_div = zp_term_div,
    .set_one = zp_set_one,
    .pow_coeff = zp_pow_coeff,
    .pow_sum = zp_pow_sum,
    .push_generator = zp_push_generator,
};
