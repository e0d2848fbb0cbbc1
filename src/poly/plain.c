/* poly/plain: the plain exchange form (explicit exponents, uint32 or mpq
 * coefficients) and its conversions to and from table-based polynomials. The
 * coefficients are handled by the field's family (poly_int.h), picked once per
 * call. */
#include "poly/poly_int.h"

void plist_init(plist *L)
{
    L->n = 0;
    L->cap = 0;
    L->p = NULL;
}

static void ppoly_clear(gbc_ctx *ctx, ppoly *p, const field *F)
{
    poly_family_of(F)->pclear_coefs(p);
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
    GBC_CHECK(st, poly_family_of(F)->palloc_coefs(ctx, &p, len), fail);
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
    const poly_family *fam = poly_family_of(F);
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
        fam->pcopy_coefs(d, s, s->len);
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
    poly_family_of(F)->to_plain(p, f, F, monic);
    return GBC_OK;
}

gbc_status poly_from_plain(gbc_ctx *ctx, poly *f, const ppoly *p, mht *t, const field *F)
{
    if (p->len > UINT32_MAX)
        return GBC_ERR_LIMIT;
    const poly_family *fam = poly_family_of(F);
    poly r;
    GBC_TRY(poly_alloc(ctx, &r, (uint32_t)p->len, F));
    gbc_status st = GBC_OK;
    const uint32_t n = t->nvars;
    for (size_t i = 0; i < p->len; i++)
        GBC_CHECK(st, mht_insert(ctx, t, p->exps + i * n, &r.mon[i]), out);
    fam->from_plain(&r, p, F);
    GBC_CHECK(st, poly_canonicalize(ctx, &r, t, F), out);
    fam->keep_form(&r, F);
    *f = r;
    poly_init(&r);
out:
    poly_clear(ctx, &r, F);
    return st;
}

gbc_status plist_homogenize(gbc_ctx *ctx, const ring *R, const plist *in, plist *out)
{
    const poly_family *fam = poly_family_of(&R->F);
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
        }
        fam->pcopy_coefs(q, p, p->len);
    }
    return GBC_OK;
}

gbc_status plist_dehomogenize(gbc_ctx *ctx, const ring *R, const plist *in, plist *out)
{
    const poly_family *fam = poly_family_of(&R->F);
    const uint32_t n = R->nvars;
    for (size_t k = 0; k < in->n; k++) {
        const ppoly *p = &in->p[k];
        ppoly *q;
        GBC_TRY(plist_push(ctx, out, p->len, n, &R->F, &q));
        for (size_t i = 0; i < p->len; i++)
            memcpy(q->exps + i * n, p->exps + i * (n + 1), sizeof(uint32_t) * n);
        fam->pcopy_coefs(q, p, p->len);
    }
    return GBC_OK;
}

void ppoly_set_one(ppoly *p, size_t i, const field *F)
{
    poly_family_of(F)->pset_one(p, i);
}

int ppoly_is_monic(const ppoly *p, const field *F)
{
    return p->len > 0 && poly_family_of(F)->pis_one(p, 0);
}

int ppoly_coefs_equal(const ppoly *a, const ppoly *b, size_t n, const field *F)
{
    return poly_family_of(F)->pcoefs_equal(a, b, n);
}
