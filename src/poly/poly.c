/* poly: the front door of the polynomial operations (lifecycle, normalisation,
 * addition with a scalar, products, multiplication by a term). Each public
 * function picks its field's family (poly_int.h) once and calls it; what does not
 * depend on the field (monomials, the sort, the product's heap) is here. */
#include "poly/poly_int.h"

#include "common/gmpheap.h"
#include "common/sort.h"

const poly_family *poly_family_of(const field *F)
{
    return F->p != 0 ? &zp_poly_family : &qq_poly_family;
}

gbc_status poly_alloc(gbc_ctx *ctx, poly *f, uint32_t len, const field *F)
{
    poly_init(f);
    size_t n = len ? len : 1;
    GBC_TRY(GBC_ALLOC(ctx, f->mon, n));
    gbc_status st;
    GBC_CHECK(st, poly_family_of(F)->alloc_coefs(ctx, f, n, len), fail);
    f->len = len;
    return GBC_OK;
fail:
    gbc_free(ctx, f->mon);
    poly_init(f);
    return st;
}

size_t poly_zbytes(const poly *f)
{
    size_t b = 0;
    if (f->cz != NULL)
        for (uint32_t i = 0; i < f->len; i++)
            b += gbc_mpz_heap(f->cz[i]);
    return b;
}

gbc_status poly_charge(gbc_ctx *ctx, poly *f, size_t est)
{
    GBC_TRY(gbc_ctx_charge(ctx, est));
    f->zb += est;
    return GBC_OK;
}

gbc_status poly_settle(gbc_ctx *ctx, poly *f)
{
    size_t actual = poly_zbytes(f);
    if (actual < f->zb) {
        gbc_ctx_uncharge(ctx, f->zb - actual);
        f->zb = actual;
    } else if (actual > f->zb) {
        GBC_TRY(gbc_ctx_charge(ctx, actual - f->zb));
        f->zb = actual;
    }
    return GBC_OK;
}

size_t poly_max_limbs(const poly *f)
{
    size_t m = 0;
    for (uint32_t i = 0; i < f->len; i++)
        if (mpz_size(f->cz[i]) > m)
            m = mpz_size(f->cz[i]);
    return m;
}

void poly_clear(gbc_ctx *ctx, poly *f, const field *F)
{
    gbc_ctx_uncharge(ctx, f->zb);
    poly_family_of(F)->clear_coefs(f, 0);
    gbc_free(ctx, f->mon);
    gbc_free(ctx, f->cf);
    gbc_free(ctx, f->cz);
    poly_init(f);
}

void poly_truncate(poly *f, uint32_t len, const field *F)
{
    GBC_ASSERT(len <= f->len);
    poly_family_of(F)->clear_coefs(f, len);
    f->len = len;
}

gbc_status poly_copy(gbc_ctx *ctx, poly *dst, const poly *src, const field *F)
{
    poly r;
    GBC_TRY(poly_alloc(ctx, &r, src->len, F));
    memcpy(r.mon, src->mon, sizeof(uint32_t) * src->len);
    gbc_status st = poly_family_of(F)->copy_coefs(ctx, &r, src);
    if (st != GBC_OK) {
        poly_clear(ctx, &r, F);
        return st;
    }
    *dst = r;
    return GBC_OK;
}

void poly_swap(poly *f, poly *g)
{
    poly t = *f;
    *f = *g;
    *g = t;
}

void poly_normalize_lc(poly *f, const field *F)
{
    poly_family_of(F)->normalize_lc(f, F);
}

/* Terms by decreasing monomial: the comparison of poly_canonicalize's sort of a
 * permutation (arg: the poly's monomials and their table). */
typedef struct perm_cmp_arg {
    const uint32_t *mon;
    const mht *t;
} perm_cmp_arg;

static int perm_cmp(const void *pa, const void *pb, void *arg)
{
    const perm_cmp_arg *A = arg;
    return mht_cmp(A->t, A->mon[*(const uint32_t *)pb], A->mon[*(const uint32_t *)pa]);
}

gbc_status poly_canonicalize(gbc_ctx *ctx, poly *f, const mht *t, const field *F)
{
    uint32_t n = f->len;
    if (n == 0)
        return GBC_OK;
    uint32_t *perm = NULL;
    poly r;
    poly_init(&r);
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, perm, n), out);
    for (uint32_t i = 0; i < n; i++)
        perm[i] = i;
    /* the parser expanding products sorts millions of terms: the sort polls ctx */
    perm_cmp_arg A = {f->mon, t};
    GBC_CHECK(st, gbc_sort_cmp(ctx, perm, n, sizeof *perm, perm_cmp, &A), out);
    GBC_CHECK(st, poly_alloc(ctx, &r, n, F), out);
    GBC_CHECK(st, poly_family_of(F)->sum_sorted(ctx, &r, f, perm, F), out);
    poly_clear(ctx, f, F);
    *f = r;
    poly_init(&r);
out:
    poly_clear(ctx, &r, F);
    gbc_free(ctx, perm);
    return st;
}

gbc_status poly_add_scaled(gbc_ctx *ctx, poly *r, const poly *f, const poly *g,
                           uint32_t c, const mpz_t cz, const mht *t, const field *F)
{
    return poly_family_of(F)->add_scaled(ctx, r, f, g, c, cz, t, F);
}

gbc_status poly_mul_mono(gbc_ctx *ctx, poly *r, const poly *f, uint32_t m, mht *t,
                         const field *F)
{
    poly s;
    GBC_TRY(poly_alloc(ctx, &s, f->len, F));
    gbc_status st = poly_family_of(F)->copy_coefs(ctx, &s, f);
    for (uint32_t i = 0; i < f->len && st == GBC_OK; i++)
        st = mht_insert_mul(ctx, t, t, f->mon[i], t, m, &s.mon[i]);
    if (st != GBC_OK) {
        poly_clear(ctx, &s, F);
        return st;
    }
    *r = s;
    return GBC_OK;
}

gbc_status mul_heap_start(gbc_ctx *ctx, mul_heap *H, const poly *a, const poly *b, mht *t)
{
    H->h = NULL;
    H->n = 0;
    H->a = a;
    H->b = b;
    H->t = t;
    GBC_TRY(GBC_ALLOC(ctx, H->h, a->len));
    /* the rows enter one by one: row i + 1 once row i's first product left */
    GBC_TRY(mht_insert_mul(ctx, t, t, a->mon[0], t, b->mon[0], &H->h[0].m));
    H->h[0].i = 0;
    H->h[0].j = 0;
    H->n = 1;
    return GBC_OK;
}

void mul_heap_clear(gbc_ctx *ctx, mul_heap *H)
{
    gbc_free(ctx, H->h);
    H->h = NULL;
    H->n = 0;
}

gbc_status poly_mul(gbc_ctx *ctx, poly *r, const poly *f, const poly *g, mht *t,
                    const field *F)
{
    return poly_family_of(F)->mul(ctx, r, f, g, t, F);
}

void poly_scale(poly *f, uint32_t c, const mpz_t cz, const field *F)
{
    poly_family_of(F)->scale(f, c, cz, F);
}

gbc_status poly_reduce_lead(gbc_ctx *ctx, poly *f, const poly *g, mht *t, const field *F)
{
    const poly_family *fam = poly_family_of(F);
    uint32_t m;
    GBC_TRY(mht_insert_div(ctx, t, t, f->mon[0], g->mon[0], &m));
    poly mg, r;
    GBC_TRY(poly_mul_mono(ctx, &mg, g, m, t, F));
    gbc_status st = fam->cancel_lead(ctx, &r, f, &mg, t, F);
    poly_clear(ctx, &mg, F);
    if (st != GBC_OK)
        return st;
    GBC_ASSERT(r.len == 0 || mht_cmp(t, r.mon[0], f->mon[0]) < 0);
    poly_clear(ctx, f, F);
    *f = r;
    fam->keep_form(f, F);
    return GBC_OK;
}

int poly_is_canonical(const poly *f, const mht *t, const field *F)
{
    for (uint32_t i = 0; i < f->len; i++) {
        if (f->mon[i] >= t->size)
            return 0;
        if (i > 0 && mht_cmp(t, f->mon[i - 1], f->mon[i]) <= 0)
            return 0;
    }
    return poly_family_of(F)->coefs_canonical(f, F);
}

int poly_equal(const poly *f, const poly *g, const field *F)
{
    if (f->len != g->len)
        return 0;
    for (uint32_t i = 0; i < f->len; i++)
        if (f->mon[i] != g->mon[i])
            return 0;
    return poly_family_of(F)->coefs_equal(f, g);
}

uint32_t poly_degree(const poly *f, const mht *t)
{
    uint32_t d = 0;
    for (uint32_t i = 0; i < f->len; i++)
        if (t->row[f->mon[i]].deg > d)
            d = t->row[f->mon[i]].deg;
    return d;
}
