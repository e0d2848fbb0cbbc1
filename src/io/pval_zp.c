/* io/pval_zp: the parser's arithmetic modulo p (the Z/p half of the pval_field
 * seam, io/pval_qq.c the other): literals reduced as they are read, powers of
 * sums by the Frobenius map (e >= p) or the multinomial theorem (few terms). */
#include "io/parse_int.h"

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

/* Terms of the multinomial expansion at most: beyond, repeated multiplication. */
#define IO_MULTINOMIAL_TERMS (1u << 22)

/* The number of terms of the multinomial expansion of an m-term sum to the power e,
 * C(e+m-1, m-1), or UINT64_MAX beyond IO_MULTINOMIAL_TERMS. */
static uint64_t multinomial_count(uint32_t m, uint32_t e)
{
    uint64_t c = 1;
    for (uint32_t i = 1; i < m; i++) {
        c = c * ((uint64_t)e + i) / i; /* C(e+i, i), exact at every step */
        if (c > IO_MULTINOMIAL_TERMS)
            return UINT64_MAX;
    }
    return c;
}

/* The state of one multinomial expansion: level i chooses the power k_i of the
 * base's term i; lev_exps[i] and cf[i] hold the product of the choices above it. */
typedef struct mexp {
    parser *P;
    const poly *base;
    uint32_t m, n;
    uint32_t *lev_exps; /* (m+1) x n */
    uint32_t *bexps;    /* m x n: the base's monomials (the table moves as it grows) */
    uint32_t *cf;       /* per level */
    uint32_t *fact, *ifact; /* k! and 1/k! for k <= e (e < p) */
    poly *out;
    uint32_t nout;
    uint64_t leaves;
} mexp;

/* The compositions of rem into the powers of terms i..m-1 below level i. */
static gbc_status mexp_rec(mexp *X, uint32_t i, uint32_t rem)
{
    parser *P = X->P;
    const uint32_t n = X->n;
    uint32_t *cur = X->lev_exps + (size_t)i * n, *nxt = cur + n;
    const uint32_t *mi = X->bexps + (size_t)i * n;
    if (i + 1 == X->m) {
        /* the last term takes what is left: k = rem */
        for (uint32_t v = 0; v < n; v++)
            nxt[v] = cur[v] + rem * mi[v];
        uint32_t idx;
        GBC_TRY(mht_insert(P->ctx, &P->t, nxt, &idx));
        X->out->mon[X->nout] = idx;
        X->out->cf[X->nout] =
            zp_mul(P->F, X->cf[i], zp_mul(P->F, zp_pow(P->F, X->base->cf[i], rem),
                                          X->ifact[rem]));
        X->nout++;
        if ((++X->leaves & 4095) == 0)
            GBC_TRY(gbc_ctx_poll(P->ctx));
        return GBC_OK;
    }
    /* k = 0, 1, ..., rem: nxt = cur + k * m_i, the coefficient times c_i^k and, for
     * the multinomial coefficient, 1/k! */
    memcpy(nxt, cur, sizeof(uint32_t) * n);
    uint32_t pw = 1;
    for (uint32_t k = 0; k <= rem; k++) {
        X->cf[i + 1] = zp_mul(P->F, X->cf[i], zp_mul(P->F, pw, X->ifact[k]));
        GBC_TRY(mexp_rec(X, i + 1, rem - k));
        pw = zp_mul(P->F, pw, X->base->cf[i]);
        for (uint32_t v = 0; v < n; v++)
            nxt[v] += mi[v];
    }
    return GBC_OK;
}

/* Allocate X's arrays for the base v (m terms) and the power e < p: the base's
 * exponent vectors, the factorials and their inverses, cf[0] = e!. Raw status; X
 * holds what was allocated (mexp_clear frees it). */
static gbc_status mexp_setup(mexp *X, parser *P, const pval *v, uint32_t e)
{
    const field *F = P->F;
    const uint32_t m = X->m, n = X->n;
    GBC_TRY(GBC_ZALLOC(P->ctx, X->lev_exps, (size_t)(m + 1) * (n ? n : 1)));
    GBC_TRY(GBC_ALLOC(P->ctx, X->bexps, (size_t)m * (n ? n : 1)));
    for (uint32_t i = 0; i < m; i++)
        memcpy(X->bexps + (size_t)i * n, mht_exps(&P->t, v->p.mon[i]), sizeof(uint32_t) * n);
    GBC_TRY(GBC_ALLOC(P->ctx, X->cf, m + 1));
    GBC_TRY(GBC_ALLOC(P->ctx, X->fact, (size_t)e + 1));
    GBC_TRY(GBC_ALLOC(P->ctx, X->ifact, (size_t)e + 1));
    X->fact[0] = 1;
    for (uint32_t k = 1; k <= e; k++)
        X->fact[k] = zp_mul(F, X->fact[k - 1], k % F->p);
    X->ifact[e] = zp_inv(F, X->fact[e]);
    for (uint32_t k = e; k > 0; k--)
        X->ifact[k - 1] = zp_mul(F, X->ifact[k], k % F->p);
    X->cf[0] = X->fact[e]; /* e! / (k_1! ... k_m!) */
    return GBC_OK;
}

static void mexp_clear(mexp *X)
{
    gbc_ctx *ctx = X->P->ctx;
    gbc_free(ctx, X->cf);
    gbc_free(ctx, X->fact);
    gbc_free(ctx, X->ifact);
    gbc_free(ctx, X->lev_exps);
    gbc_free(ctx, X->bexps);
}

/* v^e for a sum v of m <= IO_MERGE_TERMS terms whose expansion has count <=
 * IO_MULTINOMIAL_TERMS terms, e < p, by the multinomial theorem: only the result's
 * monomials enter the parser's table (repeated multiplication would add those of
 * every intermediate power: (x+y+z)^400 then held 800 MB). As e < p, the
 * factorials are invertible. Reports its error. */
static gbc_status zp_pow_multinomial(parser *P, pval *v, uint32_t e, uint64_t count,
                                     size_t pos)
{
    const uint32_t m = v->p.len, n = P->nvars;
    /* degrees: every term's at most e times the largest */
    uint64_t maxdeg = 0;
    for (uint32_t i = 0; i < m; i++) {
        const uint32_t *ex = mht_exps(&P->t, v->p.mon[i]);
        uint64_t d = 0;
        for (uint32_t j = 0; j < n; j++)
            d += ex[j];
        if (d > maxdeg)
            maxdeg = d;
    }
    if (maxdeg * e > UINT32_MAX)
        return io_fail_status(P, pos, GBC_ERR_OVERFLOW);
    mexp X;
    memset(&X, 0, sizeof X);
    X.P = P;
    X.base = &v->p;
    X.m = m;
    X.n = n;
    poly out;
    poly_init(&out);
    X.out = &out;
    gbc_status st = mexp_setup(&X, P, v, e);
    if (st == GBC_OK)
        st = poly_alloc(P->ctx, &out, (uint32_t)count, P->F);
    if (st == GBC_OK)
        st = mexp_rec(&X, 0, e);
    if (st == GBC_OK && X.nout != count)
        st = GBC_ERR_INTERNAL;
    if (st == GBC_OK)
        st = poly_canonicalize(P->ctx, &out, &P->t, P->F);
    if (st == GBC_OK) {
        mpz_pow_ui(v->den, v->den, e);
        poly_clear(P->ctx, &v->p, P->F);
        v->p = out;
        poly_init(&out);
    }
    poly_clear(P->ctx, &out, P->F);
    mexp_clear(&X);
    return st == GBC_OK ? st : io_fail_status(P, pos, st);
}

static gbc_status zp_pow_sum(parser *P, pval *v, uint32_t e, size_t pos)
{
    if (e >= P->F->p)
        return zp_pow_frobenius(P, v, e, pos);
    if (v->p.len <= IO_MERGE_TERMS) {
        uint64_t count = multinomial_count(v->p.len, e);
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
