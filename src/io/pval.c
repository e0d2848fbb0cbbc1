/* io/pval: the parser's values without reference to the field: their lifecycle,
 * the raw term list of a sum, products (merges for short factors) and powers by
 * repeated multiplication. What depends on the field goes through P->ops, the
 * table of io/pval_zp.c or io/pval_qq.c chosen once per parse by pval_field_of. */
#include "io/parse_int.h"

const pval_field *pval_field_of(const field *F)
{
    return F->p != 0 ? &pval_zp_field : &pval_qq_field;
}

void pval_init(pval *v)
{
    poly_init(&v->p);
    mpz_init_set_ui(v->den, 1);
}

void pval_clear(parser *P, pval *v)
{
    poly_clear(P->ctx, &v->p, P->F);
    mpz_clear(v->den);
}

void pval_swap(pval *a, pval *b)
{
    pval t = *a;
    *a = *b;
    *b = t;
}

/* ------------------------------------------------------ raw term list -- */

void rawsum_init(rawsum *r)
{
    memset(r, 0, sizeof *r);
}

void rawsum_clear(parser *P, rawsum *r)
{
    for (size_t i = 0; i < r->qinit; i++)
        mpq_clear(r->cq[i]);
    gbc_free(P->ctx, r->mon);
    gbc_free(P->ctx, r->cf);
    gbc_free(P->ctx, r->cq);
    gbc_ctx_uncharge(P->ctx, r->zb);
    rawsum_init(r);
}

gbc_status rawsum_reserve(parser *P, rawsum *r, size_t more)
{
    size_t need = r->n + more;
    if (need <= r->cap)
        return GBC_OK;
    size_t ncap = r->cap ? r->cap : 16;
    while (ncap < need)
        ncap *= 2;
    GBC_TRY(GBC_RESIZE(P->ctx, r->mon, ncap));
    GBC_TRY(P->ops->rawsum_grow(P, r, ncap));
    r->cap = ncap;
    return GBC_OK;
}

gbc_status rawsum_alloc_poly(parser *P, const rawsum *r, poly *f)
{
    if (r->n > UINT32_MAX)
        return GBC_ERR_LIMIT;
    GBC_TRY(poly_alloc(P->ctx, f, (uint32_t)r->n, P->F));
    /* only zero terms: r->mon may be NULL */
    if (r->n > 0)
        memcpy(f->mon, r->mon, sizeof(uint32_t) * r->n);
    return GBC_OK;
}

gbc_status pval_canonicalize(parser *P, poly *f)
{
    gbc_status st = poly_canonicalize(P->ctx, f, &P->t, P->F);
    if (st != GBC_OK)
        poly_clear(P->ctx, f, P->F);
    return st;
}

/* ----------------------------------------------------------- products -- */

/* r = a * b for b with few terms: the sum over the terms c m of b of c * (m a),
 * each added by a merge. */
static gbc_status poly_mul_merge(parser *P, poly *r, const poly *a, const poly *b)
{
    poly s, h, u;
    poly_init(&s);
    poly_init(&h);
    poly_init(&u);
    gbc_status st = GBC_OK;
    for (uint32_t i = 0; i < b->len && st == GBC_OK; i++) {
        GBC_CHECK(st, gbc_ctx_poll(P->ctx), out);
        GBC_CHECK(st, poly_mul_mono(P->ctx, &h, a, b->mon[i], &P->t, P->F), out);
        st = P->ops->add_scaled_term(P, &u, &s, &h, b, i);
        poly_clear(P->ctx, &h, P->F);
        if (st != GBC_OK)
            goto out;
        poly_clear(P->ctx, &s, P->F);
        s = u;
        poly_init(&u);
    }
    *r = s;
    poly_init(&s);
out:
    poly_clear(P->ctx, &s, P->F);
    poly_clear(P->ctx, &h, P->F);
    poly_clear(P->ctx, &u, P->F);
    return st;
}

gbc_status pval_mul(parser *P, pval *out, const pval *a, const pval *b)
{
    poly r;
    if (b->p.len <= IO_MERGE_TERMS && b->p.len <= a->p.len)
        GBC_TRY(poly_mul_merge(P, &r, &a->p, &b->p));
    else if (a->p.len <= IO_MERGE_TERMS)
        GBC_TRY(poly_mul_merge(P, &r, &b->p, &a->p));
    else
        GBC_TRY(poly_mul(P->ctx, &r, &a->p, &b->p, &P->t, P->F));
    poly_clear(P->ctx, &out->p, P->F);
    out->p = r;
    mpz_mul(out->den, a->den, b->den);
    return GBC_OK;
}

/* ------------------------------------------------------------- powers -- */

/* v = 1 (zero = 0: x^0 = 1, and 0^0 = 1 by convention) or v = 0 (zero != 0),
 * v's old value released. Raw status. */
static gbc_status pval_set_trivial(parser *P, pval *v, int zero)
{
    pval_clear(P, v);
    pval_init(v);
    if (zero)
        return GBC_OK;
    uint32_t one;
    GBC_TRY(poly_alloc(P->ctx, &v->p, 1, P->F));
    uint32_t *z = gbc_calloc(P->ctx, P->nvars ? P->nvars : 1, sizeof(uint32_t));
    if (z == NULL)
        return gbc_ctx_alloc_status(P->ctx);
    gbc_status st = mht_insert(P->ctx, &P->t, z, &one);
    gbc_free(P->ctx, z);
    GBC_TRY(st);
    v->p.mon[0] = one;
    P->ops->set_one(&v->p, 0);
    return GBC_OK;
}

/* The monomial of the one-term value v raised to the power e; its coefficient is
 * left alone. Reports the overflow of a degree at pos; other statuses raw. */
static gbc_status pval_pow_monomial(parser *P, pval *v, uint32_t e, size_t pos)
{
    const uint32_t *ex = mht_exps(&P->t, v->p.mon[0]);
    uint64_t deg = (uint64_t)P->t.row[v->p.mon[0]].deg * e;
    if (deg > UINT32_MAX)
        return io_fail_status(P, pos, GBC_ERR_OVERFLOW);
    uint32_t *z = gbc_malloc(P->ctx, sizeof(uint32_t) * (P->nvars ? P->nvars : 1));
    if (z == NULL)
        return gbc_ctx_alloc_status(P->ctx);
    for (uint32_t i = 0; i < P->nvars; i++)
        z[i] = ex[i] * e;
    gbc_status st = mht_insert(P->ctx, &P->t, z, &v->p.mon[0]);
    gbc_free(P->ctx, z);
    return st;
}

gbc_status pval_pow(parser *P, pval *v, uint32_t e, size_t pos)
{
    if (e == 1)
        return GBC_OK;
    if (e == 0 || v->p.len == 0)
        return pval_set_trivial(P, v, v->p.len == 0 && e != 0);
    if (v->p.len == 1) {
        /* a single term: raise exponents and coefficient directly */
        GBC_TRY(pval_pow_monomial(P, v, e, pos));
        return P->ops->pow_coeff(P, v, e, pos);
    }
    /* A sum: the expansion has at least e+1 terms; refuse absurd sizes early. */
    if (e > IO_MAX_POWER_TERMS) {
        io_err_at(P, pos, "power too large to expand (%u)", e);
        return GBC_ERR_PARSE;
    }
    return P->ops->pow_sum(P, v, e, pos);
}

/* acc = acc * base, tmp's storage reused; the expansion's size checked. */
static gbc_status pow_step(parser *P, pval *acc, const pval *base, size_t pos)
{
    pval tmp;
    pval_init(&tmp);
    gbc_status st = pval_mul(P, &tmp, acc, base);
    if (st == GBC_OK)
        pval_swap(acc, &tmp);
    pval_clear(P, &tmp);
    if (st == GBC_OK && acc->p.len > IO_MAX_POWER_TERMS) {
        io_err_at(P, pos, "power expands to more than %u terms", IO_MAX_POWER_TERMS);
        st = GBC_ERR_PARSE;
    }
    return st;
}

/* acc = acc^2, times base when bit is set; the expansion's size checked. */
static gbc_status pow_square_step(parser *P, pval *acc, const pval *base, int bit, size_t pos)
{
    pval tmp;
    pval_init(&tmp);
    gbc_status st = pval_mul(P, &tmp, acc, acc);
    if (st == GBC_OK)
        pval_swap(acc, &tmp);
    if (st == GBC_OK && bit) {
        st = pval_mul(P, &tmp, acc, base);
        if (st == GBC_OK)
            pval_swap(acc, &tmp);
    }
    pval_clear(P, &tmp);
    if (st == GBC_OK && acc->p.len > IO_MAX_POWER_TERMS) {
        io_err_at(P, pos, "power expands to more than %u terms", IO_MAX_POWER_TERMS);
        st = GBC_ERR_PARSE;
    }
    return st;
}

gbc_status pval_pow_repeated(parser *P, pval *v, uint32_t e, size_t pos)
{
    pval acc, base;
    pval_init(&acc);
    pval_init(&base);
    gbc_status st = poly_copy(P->ctx, &base.p, &v->p, P->F);
    if (st == GBC_OK) {
        mpz_set(base.den, v->den);
        st = pval_set_trivial(P, &acc, 0);
    }
    /* a sum of few terms: multiplied in one factor at a time, each product a few
     * merges (the work is that of the powers' sizes, e.g. (x+y+z)^200); else
     * binary powering, most significant bit first */
    int few = base.p.len <= IO_MERGE_TERMS;
    for (uint32_t k = 0; few && k < e && st == GBC_OK; k++)
        st = pow_step(P, &acc, &base, pos);
    int top = 31;
    while (top > 0 && !((e >> top) & 1))
        top--;
    for (int b = few ? -1 : top; b >= 0 && st == GBC_OK; b--)
        st = pow_square_step(P, &acc, &base, (e >> b) & 1, pos);
    pval_clear(P, &base);
    if (st != GBC_OK) {
        pval_clear(P, &acc);
        return st == GBC_ERR_PARSE ? st : io_fail_status(P, pos, st);
    }
    pval_clear(P, v);
    *v = acc;
    return GBC_OK;
}
