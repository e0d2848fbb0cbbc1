/* poly/plain: the plain exchange form (explicit exponents, uint32 or mpq
 * coefficients) and its conversions to and from table-based polynomials. */
#include "poly/poly.h"

void plist_init(plist *L)
{
    L->n = 0;
    L->cap = 0;
    L->p = NULL;
}

static void ppoly_clear(gbc_ctx *ctx, ppoly *p, const field *F)
{
    if (p->cq != NULL && F->p == 0)
        for (size_t i = 0; i < p->len; i++)
            mpq_clear(p->cq[i]);
    gbc_free(ctx, p->exps);
    gbc_free(ctx, p->cf);
    gbc_free(ctx, p->cq);
    memset(p, 0, sizeof *p);
}

void plist_clear(gbc_ctx *ctx, plist *L, const field *F)
{
    for (size_t i = 0; i < L->n; i++)
        ppoly_clear(ctx, &L->p[i], F);
    gbc_free(ctx, L->p);
    plist_init(L);
}

void plist_pop(gbc_ctx *ctx, plist *L, const field *F)
{
    if (L->n > 0)
        ppoly_clear(ctx, &L->p[--L->n], F);
}

gbc_status plist_push(gbc_ctx *ctx, plist *L, size_t len, uint32_t nvars, const field *F,
                      ppoly **out)
{
    GBC_TRY(GBC_GROW(ctx, L->p, L->cap, L->n + 1));
    ppoly p;
    memset(&p, 0, sizeof p);
    size_t ne;
    if (gbc_mul_size(&ne, len ? len : 1, nvars ? nvars : 1))
        return GBC_ERR_NOMEM;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, p.exps, ne), fail);
    if (F->p != 0) {
        GBC_CHECK(st, GBC_ALLOC(ctx, p.cf, len ? len : 1), fail);
    } else {
        GBC_CHECK(st, GBC_ALLOC(ctx, p.cq, len ? len : 1), fail);
        for (size_t i = 0; i < len; i++)
            mpq_init(p.cq[i]);
    }
    p.len = len;
    L->p[L->n] = p;
    *out = &L->p[L->n++];
    return GBC_OK;
fail:
    gbc_free(ctx, p.exps);
    gbc_free(ctx, p.cf);
    return st;
}

gbc_status plist_copy(gbc_ctx *ctx, plist *dst, const plist *src, uint32_t nvars,
                      const field *F)
{
    plist L;
    plist_init(&L);
    for (size_t k = 0; k < src->n; k++) {
        const ppoly *s = &src->p[k];
        ppoly *d;
        gbc_status st = plist_push(ctx, &L, s->len, nvars, F, &d);
        if (st != GBC_OK) {
            plist_clear(ctx, &L, F);
            return st;
        }
        memcpy(d->exps, s->exps, sizeof(uint32_t) * s->len * nvars);
        if (F->p != 0)
            memcpy(d->cf, s->cf, sizeof(uint32_t) * s->len);
        else
            for (size_t i = 0; i < s->len; i++)
                mpq_set(d->cq[i], s->cq[i]);
    }
    *dst = L;
    return GBC_OK;
}

gbc_status plist_push_poly(gbc_ctx *ctx, plist *L, const poly *f, const mht *t,
                           const field *F, int monic)
{
    ppoly *p;
    const uint32_t n = t->nvars;
    GBC_TRY(plist_push(ctx, L, f->len, n, F, &p));
    for (uint32_t i = 0; i < f->len; i++)
        memcpy(p->exps + (size_t)i * n, mht_exps(t, f->mon[i]), sizeof(uint32_t) * n);
    if (F->p != 0) {
        uint32_t inv = (monic && f->len > 0) ? zp_inv(F, f->cf[0]) : 1;
        for (uint32_t i = 0; i < f->len; i++)
            p->cf[i] = inv == 1 ? f->cf[i] : zp_mul(F, f->cf[i], inv);
    } else {
        for (uint32_t i = 0; i < f->len; i++) {
            mpq_set_num(p->cq[i], f->cz[i]);
            if (monic)
                mpq_set_den(p->cq[i], f->cz[0]);
            else
                mpz_set_ui(mpq_denref(p->cq[i]), 1);
            mpq_canonicalize(p->cq[i]);
        }
    }
    return GBC_OK;
}

gbc_status poly_from_plain(gbc_ctx *ctx, poly *f, const ppoly *p, mht *t, const field *F)
{
    if (p->len > UINT32_MAX)
        return GBC_ERR_LIMIT;
    poly r;
    GBC_TRY(poly_alloc(ctx, &r, (uint32_t)p->len, F));
    gbc_status st = GBC_OK;
    const uint32_t n = t->nvars;
    mpz_t lcm;
    mpz_init_set_ui(lcm, 1);
    for (size_t i = 0; i < p->len; i++) {
        GBC_CHECK(st, mht_insert(ctx, t, p->exps + i * n, &r.mon[i]), out);
        if (F->p != 0)
            r.cf[i] = p->cf[i] % F->p;
        else
            mpz_lcm(lcm, lcm, mpq_denref(p->cq[i]));
    }
    if (F->p == 0)
        for (size_t i = 0; i < p->len; i++) {
            mpz_divexact(r.cz[i], lcm, mpq_denref(p->cq[i]));
            mpz_mul(r.cz[i], r.cz[i], mpq_numref(p->cq[i]));
        }
    GBC_CHECK(st, poly_canonicalize(ctx, &r, t, F), out);
    if (F->p == 0)
        poly_normalize_lc(&r, F);
    *f = r;
    poly_init(&r);
out:
    mpz_clear(lcm);
    poly_clear(ctx, &r, F);
    return st;
}

gbc_status plist_homogenize(gbc_ctx *ctx, const ring *R, const plist *in, plist *out)
{
    const uint32_t n = R->nvars;
    for (size_t k = 0; k < in->n; k++) {
        const ppoly *p = &in->p[k];
        uint64_t d = 0;
        for (size_t i = 0; i < p->len; i++) {
            uint64_t di = mono_degree(p->exps + i * n, n);
            d = di > d ? di : d;
        }
        if (d > UINT32_MAX)
            return GBC_ERR_OVERFLOW;
        ppoly *q;
        GBC_TRY(plist_push(ctx, out, p->len, n + 1, &R->F, &q));
        for (size_t i = 0; i < p->len; i++) {
            memcpy(q->exps + i * (n + 1), p->exps + i * n, sizeof(uint32_t) * n);
            q->exps[i * (n + 1) + n] = (uint32_t)(d - mono_degree(p->exps + i * n, n));
            if (R->F.p != 0)
                q->cf[i] = p->cf[i];
            else
                mpq_set(q->cq[i], p->cq[i]);
        }
    }
    return GBC_OK;
}

gbc_status plist_dehomogenize(gbc_ctx *ctx, const ring *R, const plist *in, plist *out)
{
    const uint32_t n = R->nvars;
    for (size_t k = 0; k < in->n; k++) {
        const ppoly *p = &in->p[k];
        ppoly *q;
        GBC_TRY(plist_push(ctx, out, p->len, n, &R->F, &q));
        for (size_t i = 0; i < p->len; i++) {
            memcpy(q->exps + i * n, p->exps + i * (n + 1), sizeof(uint32_t) * n);
            if (R->F.p != 0)
                q->cf[i] = p->cf[i];
            else
                mpq_set(q->cq[i], p->cq[i]);
        }
    }
    return GBC_OK;
}
