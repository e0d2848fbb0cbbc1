/* io/pval_qq: the parser's arithmetic over Q (the rational half of the pval_field
 * seam, io/pval_zp.c the other). A value is P/den with P an integer polynomial, so
 * that no rational arithmetic is needed per term; GMP's work on large numbers is
 * bounded (2^26 bits) and charged to the context before it is done. */
#include "io/parse_int.h"

/* The bound on the bits of a number the parser computes. */
#define QQ_MAX_BITS (1ull << 26)

static gbc_status qq_rawsum_grow(parser *P, rawsum *r, size_t ncap)
{
    GBC_TRY(GBC_RESIZE(P->ctx, r->cq, ncap));
    for (size_t i = r->qinit; i < ncap; i++)
        mpq_init(r->cq[i]);
    r->qinit = ncap;
    return GBC_OK;
}

/* P/den in lowest terms: divide f's coefficients and den by their gcd. */
static void qq_lowest_terms(poly *f, mpz_t den)
{
    if (f->len == 0 || mpz_cmp_ui(den, 1) == 0)
        return;
    mpz_t g;
    mpz_init_set(g, den);
    for (uint32_t i = 0; i < f->len && mpz_cmp_ui(g, 1) != 0; i++)
        mpz_gcd(g, g, f->cz[i]);
    if (mpz_cmp_ui(g, 1) != 0) {
        for (uint32_t i = 0; i < f->len; i++)
            mpz_divexact(f->cz[i], f->cz[i], g);
        mpz_divexact(den, den, g);
    }
    mpz_clear(g);
}

static gbc_status qq_rawsum_finish(parser *P, rawsum *r, pval *out)
{
    poly f;
    GBC_TRY(rawsum_alloc_poly(P, r, &f));
    /* the common denominator, then each numerator over it */
    for (size_t i = 0; i < r->n; i++)
        mpz_lcm(out->den, out->den, mpq_denref(r->cq[i]));
    for (size_t i = 0; i < r->n; i++) {
        mpz_divexact(f.cz[i], out->den, mpq_denref(r->cq[i]));
        mpz_mul(f.cz[i], f.cz[i], mpq_numref(r->cq[i]));
    }
    gbc_status st = poly_settle(P->ctx, &f);
    if (st != GBC_OK) {
        poly_clear(P->ctx, &f, P->F);
        return st;
    }
    GBC_TRY(pval_canonicalize(P, &f));
    qq_lowest_terms(&f, out->den);
    out->p = f;
    return GBC_OK;
}

/* Append the value v scaled by the rational cq and multiplied by the monomial m
 * (UINT32_MAX: 1). */
static gbc_status qq_rawsum_add_pval(parser *P, rawsum *r, const pval *v, const mpq_t cq,
                                     uint32_t m)
{
    GBC_TRY(rawsum_reserve(P, r, v->p.len));
    for (uint32_t i = 0; i < v->p.len; i++) {
        uint32_t x = v->p.mon[i];
        if (m != UINT32_MAX)
            GBC_TRY(mht_insert_mul(P->ctx, &P->t, &P->t, x, &P->t, m, &x));
        r->mon[r->n] = x;
        mpq_set_z(r->cq[r->n], v->p.cz[i]);
        mpz_mul(mpq_denref(r->cq[r->n]), mpq_denref(r->cq[r->n]), v->den);
        mpq_canonicalize(r->cq[r->n]);
        mpq_mul(r->cq[r->n], r->cq[r->n], cq);
        r->n++;
    }
    return GBC_OK;
}

static gbc_status qq_emit_term(parser *P, rawsum *r, const term *T, uint32_t m)
{
    if (mpq_sgn(T->cq) == 0)
        return GBC_OK;
    if (T->has_poly)
        return qq_rawsum_add_pval(P, r, &T->poly, T->cq, m);
    GBC_TRY(rawsum_reserve(P, r, 1));
    r->mon[r->n] = m;
    mpq_set(r->cq[r->n], T->cq);
    r->n++;
    return GBC_OK;
}

static gbc_status qq_add_scaled_term(parser *P, poly *r, const poly *s, const poly *h,
                                     const poly *b, uint32_t i)
{
    return poly_add_scaled(P->ctx, r, s, h, 0, b->cz[i], &P->t, P->F);
}

static gbc_status qq_number(parser *P, size_t start, size_t n, uint32_t *zp, mpz_t z)
{
    (void)zp;
    /* n digits take about n log2(10) / 8 bytes, twice during the conversion */
    if (!gbc_ctx_room(P->ctx, n + n / 4 + 64))
        return io_fail_status(P, start, gbc_ctx_room_status(P->ctx));
    char *buf = gbc_malloc(P->ctx, n + 1);
    if (buf == NULL)
        return io_fail_status(P, start, gbc_ctx_alloc_status(P->ctx));
    memcpy(buf, P->s + start, n);
    buf[n] = '\0';
    mpz_set_str(z, buf, 10);
    gbc_free(P->ctx, buf);
    return GBC_OK;
}

static void qq_term_unit(parser *P, term *T, int negate)
{
    (void)P;
    mpq_set_si(T->cq, negate ? -1 : 1, 1);
}

static void qq_term_neg(parser *P, term *T)
{
    (void)P;
    mpq_neg(T->cq, T->cq);
}

static gbc_status qq_term_mul_power(parser *P, term *T, uint32_t zp, mpz_t z, uint32_t e,
                                    size_t start, size_t epos)
{
    (void)zp;
    if (epos != SIZE_MAX && (uint64_t)mpz_sizeinbase(z, 2) * e > QQ_MAX_BITS) {
        io_err_at(P, epos, "number too large: a power with more than 2^26 bits");
        return GBC_ERR_PARSE;
    }
    /* The term's coefficient after this factor, bounded like one power (a product
     * of many powers grew without bound), and the GMP work charged first: the
     * power, the product and its copy. */
    uint64_t bits = (uint64_t)mpz_sizeinbase(z, 2) * e +
                    mpz_sizeinbase(mpq_numref(T->cq), 2) +
                    mpz_sizeinbase(mpq_denref(T->cq), 2);
    if (bits > QQ_MAX_BITS) {
        io_err_at(P, start, "number too large: a coefficient with more than 2^26 bits");
        return GBC_ERR_PARSE;
    }
    size_t bytes = (size_t)(3 * (bits / 8 + 16));
    gbc_status st = gbc_ctx_charge(P->ctx, bytes);
    if (st == GBC_OK) {
        mpz_pow_ui(z, z, e);
        mpz_mul(mpq_numref(T->cq), mpq_numref(T->cq), z);
        mpq_canonicalize(T->cq);
        gbc_ctx_uncharge(P->ctx, bytes);
        st = gbc_ctx_check(P->ctx);
    }
    if (st != GBC_OK)
        st = io_fail_status(P, start, st);
    return st;
}

static gbc_status qq_term_div(parser *P, term *T, uint32_t zp, const mpz_t z, size_t dpos)
{
    (void)P;
    (void)zp;
    (void)dpos;
    mpz_mul(mpq_denref(T->cq), mpq_denref(T->cq), z);
    mpq_canonicalize(T->cq);
    return GBC_OK;
}

static void qq_set_one(poly *f, uint32_t i)
{
    mpz_set_ui(f->cz[i], 1);
}

static gbc_status qq_pow_coeff(parser *P, pval *v, uint32_t e, size_t pos)
{
    size_t bits = mpz_sizeinbase(v->p.cz[0], 2) + mpz_sizeinbase(v->den, 2);
    if ((uint64_t)bits * e > QQ_MAX_BITS) {
        io_err_at(P, pos, "number too large: a power with more than 2^26 bits");
        return GBC_ERR_PARSE;
    }
    /* the power's limbs, twice (GMP's squarings need a copy), charged first */
    size_t bytes = (size_t)(((uint64_t)bits * e / 8 + 16) * 2);
    gbc_status st = poly_charge(P->ctx, &v->p, bytes);
    if (st != GBC_OK)
        return io_fail_status(P, pos, st);
    mpz_pow_ui(v->p.cz[0], v->p.cz[0], e);
    mpz_pow_ui(v->den, v->den, e);
    st = poly_settle(P->ctx, &v->p);
    if (st != GBC_OK)
        return io_fail_status(P, pos, st);
    return GBC_OK;
}

/* Over Q a sum's power is always taken by repeated multiplication, never by the
 * multinomial theorem (io/pval_zp.c): GMP's working memory in that expansion is
 * not charged to the context closely enough (the allocation-cap test of api/t-malloc),
 * while each product's integers are charged as they are made. */
static gbc_status qq_pow_sum(parser *P, pval *v, uint32_t e, size_t pos)
{
    return pval_pow_repeated(P, v, e, pos);
}

static gbc_status qq_push_generator(parser *P, plist *L, const pval *v)
{
    /* over Q the generator is P/den: the ideal only needs P */
    gbc_status st = plist_push_poly(P->ctx, L, &v->p, &P->t, P->F, 0);
    if (st != GBC_OK)
        return st;
    ppoly *pp = &L->p[L->n - 1];
    for (size_t i = 0; i < pp->len; i++) {
        mpz_mul(mpq_denref(pp->cq[i]), mpq_denref(pp->cq[i]), v->den);
        mpq_canonicalize(pp->cq[i]);
    }
    return GBC_OK;
}

const pval_field pval_qq_field = {
    .rawsum_grow = qq_rawsum_grow,
    .rawsum_finish = qq_rawsum_finish,
    .emit_term = qq_emit_term,
    .add_scaled_term = qq_add_scaled_term,
    .number = qq_number,
    .term_unit = qq_term_unit,
    .term_neg = qq_term_neg,
    .term_mul_power = qq_term_mul_power,
    .term_div = qq_term_div,
    .set_one = qq_set_one,
    .pow_coeff = qq_pow_coeff,
    .pow_sum = qq_pow_sum,
    .push_generator = qq_push_generator,
};
