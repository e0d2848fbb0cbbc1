/* io/pval_qq: the parser's arithmetic over Q (the rational half of the pval_field
 * seam, io/pval_zp.c the other). A value is P/den with P an integer polynomial, so
 * that no rational arithmetic is needed per term; GMP's work on large numbers is
 * bounded (2^26 bits) and charged to the context before it is done. */
#include "io/multinomial.h"

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
    /* each entry c_i / den * cq, charged by a bound first */
    size_t extra = mpz_size(v->den) + mpz_size(mpq_numref(cq)) + mpz_size(mpq_denref(cq)) + 4;
    size_t bytes = 0;
    for (uint32_t i = 0; i < v->p.len; i++)
        bytes += (mpz_size(v->p.cz[i]) + extra) * sizeof(mp_limb_t);
    GBC_TRY(gbc_ctx_charge(P->ctx, bytes));
    r->zb += bytes;
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
    size_t bytes = (mpz_size(mpq_numref(T->cq)) + mpz_size(mpq_denref(T->cq)) + 2) *
                   sizeof(mp_limb_t);
    GBC_TRY(gbc_ctx_charge(P->ctx, bytes));
    r->zb += bytes;
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

/* The coefficients of the multinomial expansion over Q (v = P/den, P's
 * coefficients c_i integers): level i's prefix[i] is the product over the levels
 * above of C(rem_j, k_j) c_j^k_j; binom[i] = C(rem, k) and pw[i] = c_i^k as k
 * advances; last[r] = c_(m-1)^r for the last term. */
typedef struct qq_mexp {
    mpz_t *prefix, *binom, *pw; /* per level */
    mpz_t *last;                /* e + 1 */
    uint32_t m, e;
} qq_mexp;

static gbc_status qq_mexp_level(io_mexp *X, uint32_t i, uint32_t k, uint32_t rem)
{
    qq_mexp *Q = X->state;
    if (k == 0) {
        mpz_set_ui(Q->binom[i], 1);
        mpz_set_ui(Q->pw[i], 1);
    } else {
        /* C(rem, k) = C(rem, k-1) (rem-k+1) / k, exact */
        mpz_mul_ui(Q->binom[i], Q->binom[i], rem - k + 1);
        mpz_divexact_ui(Q->binom[i], Q->binom[i], k);
        mpz_mul(Q->pw[i], Q->pw[i], X->base->cz[i]);
    }
    mpz_mul(Q->prefix[i + 1], Q->prefix[i], Q->binom[i]);
    mpz_mul(Q->prefix[i + 1], Q->prefix[i + 1], Q->pw[i]);
    return GBC_OK;
}

static gbc_status qq_mexp_leaf(io_mexp *X, uint32_t i, uint32_t rem, uint32_t slot)
{
    qq_mexp *Q = X->state;
    mpz_mul(X->out->cz[slot], Q->prefix[i], Q->last[rem]);
    return GBC_OK;
}

static const io_mexp_coef qq_mexp_coef = {qq_mexp_level, qq_mexp_leaf};

static void qq_mexp_clear(parser *P, qq_mexp *Q)
{
    mpz_t *arrs[] = {Q->prefix, Q->binom, Q->pw};
    for (size_t a = 0; a < 3; a++) {
        if (arrs[a] != NULL)
            for (uint32_t i = 0; i < Q->m; i++)
                mpz_clear(arrs[a][i]);
        gbc_free(P->ctx, arrs[a]);
    }
    if (Q->last != NULL)
        for (uint32_t r = 0; r <= Q->e; r++)
            mpz_clear(Q->last[r]);
    gbc_free(P->ctx, Q->last);
}

/* Q's numbers for the base v (m terms) and the power e, prefix[0] = 1. Raw status;
 * Q holds what was made (qq_mexp_clear frees it). */
static gbc_status qq_mexp_setup(parser *P, qq_mexp *Q, const poly *v, uint32_t e)
{
    const uint32_t m = v->len;
    GBC_TRY(GBC_ALLOC(P->ctx, Q->prefix, m));
    GBC_TRY(GBC_ALLOC(P->ctx, Q->binom, m));
    GBC_TRY(GBC_ALLOC(P->ctx, Q->pw, m));
    GBC_TRY(GBC_ALLOC(P->ctx, Q->last, (size_t)e + 1));
    Q->m = m;
    for (uint32_t i = 0; i < m; i++) {
        mpz_init_set_ui(Q->prefix[i], 1);
        mpz_init(Q->binom[i]);
        mpz_init(Q->pw[i]);
    }
    Q->e = e;
    mpz_init_set_ui(Q->last[0], 1);
    for (uint32_t r = 1; r <= e; r++) {
        mpz_init(Q->last[r]);
        mpz_mul(Q->last[r], Q->last[r - 1], v->cz[m - 1]);
    }
    return GBC_OK;
}

/* A bound on the bytes the expansion of v^e (count terms) holds over Q: every
 * coefficient is at most (sum |c_i|)^e, so at most B bits, as are the levels'
 * numbers; the last term's powers, and GMP's scratch in a product. 0 when a
 * coefficient could pass QQ_MAX_BITS. */
static size_t qq_multinomial_bytes(const poly *v, uint32_t e, uint64_t count)
{
    mpz_t s;
    mpz_init(s);
    for (uint32_t i = 0; i < v->len; i++)
        if (mpz_sgn(v->cz[i]) > 0)
            mpz_add(s, s, v->cz[i]);
        else
            mpz_sub(s, s, v->cz[i]);
    uint64_t bits = (uint64_t)mpz_sizeinbase(s, 2) * e + 64;
    uint64_t lastbits = (uint64_t)mpz_sizeinbase(v->cz[v->len - 1], 2);
    mpz_clear(s);
    if (bits > QQ_MAX_BITS)
        return 0;
    uint64_t one = bits / 8 + 2 * sizeof(mpz_t);
    uint64_t b = one * (count + 3 * (uint64_t)v->len + 4) +
                 ((uint64_t)e + 1) * (lastbits * e / 16 + 2 * sizeof(mpz_t));
    return b > SIZE_MAX / 2 ? 0 : (size_t)b;
}

/* A sum's power over Q: by the multinomial theorem when the expansion has at most
 * IO_MULTINOMIAL_TERMS terms (io/multinomial.c; its numbers charged to the context
 * first, by a bound, and settled to their sizes after), else by repeated
 * multiplication (each product's integers charged as they are made). */
static gbc_status qq_pow_sum(parser *P, pval *v, uint32_t e, size_t pos)
{
    uint64_t count = v->p.len <= IO_MERGE_TERMS ? io_multinomial_count(v->p.len, e)
                                                : UINT64_MAX;
    size_t bytes = count == UINT64_MAX ? 0 : qq_multinomial_bytes(&v->p, e, count);
    size_t dbits = mpz_sizeinbase(v->den, 2);
    if (bytes == 0 || (uint64_t)dbits * e > QQ_MAX_BITS)
        return pval_pow_repeated(P, v, e, pos);
    bytes += (size_t)((uint64_t)dbits * e / 8 + 16);
    gbc_status st = gbc_ctx_charge(P->ctx, bytes);
    if (st != GBC_OK)
        return io_fail_status(P, pos, st);
    qq_mexp Q;
    memset(&Q, 0, sizeof Q);
    st = qq_mexp_setup(P, &Q, &v->p, e);
    if (st == GBC_OK)
        st = io_pow_multinomial(P, v, e, count, pos, &qq_mexp_coef, &Q);
    else
        st = io_fail_status(P, pos, st);
    qq_mexp_clear(P, &Q);
    if (st == GBC_OK)
        mpz_pow_ui(v->den, v->den, e);
    gbc_ctx_uncharge(P->ctx, bytes);
    if (st == GBC_OK) {
        st = poly_settle(P->ctx, &v->p);
        if (st != GBC_OK)
            st = io_fail_status(P, pos, st);
    }
    return st;
}

static gbc_status qq_push_generator(parser *P, plist *L, const pval *v)
{
    /* over Q the generator is P/den: the ideal only needs P, but reduce, member
     * and lift read the values. The exchange form's numbers are the caller's
     * (not charged); while they are made beside P they are charged, by a bound (a
     * term's numerator and denominator, GMP's gcd scratch), so that the limit
     * holds at this peak. */
    size_t dl = mpz_size(v->den), bytes = 0;
    for (uint32_t i = 0; i < v->p.len; i++)
        bytes += (mpz_size(v->p.cz[i]) + dl + 4) * sizeof(mp_limb_t);
    if (v->p.len > 0)
        bytes += (mpz_size(v->p.cz[0]) + dl + 4) * 2 * sizeof(mp_limb_t);
    GBC_TRY(gbc_ctx_charge(P->ctx, bytes));
    gbc_status st = plist_push_poly(P->ctx, L, &v->p, &P->t, P->F, 0);
    if (st == GBC_OK) {
        ppoly *pp = &L->p[L->n - 1];
        for (size_t i = 0; i < pp->len; i++) {
            mpz_mul(mpq_denref(pp->cq[i]), mpq_denref(pp->cq[i]), v->den);
            mpq_canonicalize(pp->cq[i]);
        }
    }
    gbc_ctx_uncharge(P->ctx, bytes);
    return st;
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
