/* poly: lifecycle, normalisation and the few arithmetic operations the parser and
 * the reducers need (addition with a scalar, product, multiplication by a term). */
#include "poly/poly.h"

#include "common/sort.h"

gbc_status poly_alloc(gbc_ctx *ctx, poly *f, uint32_t len, const field *F)
{
    poly_init(f);
    size_t n = len ? len : 1;
    GBC_TRY(GBC_ALLOC(ctx, f->mon, n));
    gbc_status st;
    if (F->p != 0) {
        GBC_CHECK(st, GBC_ALLOC(ctx, f->cf, n), fail);
    } else {
        GBC_CHECK(st, GBC_ALLOC(ctx, f->cz, n), fail);
        for (uint32_t i = 0; i < len; i++)
            mpz_init(f->cz[i]);
    }
    f->len = len;
    return GBC_OK;
fail:
    gbc_free(ctx, f->mon);
    poly_init(f);
    return st;
}

void poly_clear(gbc_ctx *ctx, poly *f, const field *F)
{
    if (f->cz != NULL && F->p == 0)
        for (uint32_t i = 0; i < f->len; i++)
            mpz_clear(f->cz[i]);
    gbc_free(ctx, f->mon);
    gbc_free(ctx, f->cf);
    gbc_free(ctx, f->cz);
    poly_init(f);
}

void poly_truncate(poly *f, uint32_t len, const field *F)
{
    GBC_ASSERT(len <= f->len);
    if (F->p == 0)
        for (uint32_t i = len; i < f->len; i++)
            mpz_clear(f->cz[i]);
    f->len = len;
}

gbc_status poly_copy(gbc_ctx *ctx, poly *dst, const poly *src, const field *F)
{
    poly r;
    GBC_TRY(poly_alloc(ctx, &r, src->len, F));
    memcpy(r.mon, src->mon, sizeof(uint32_t) * src->len);
    if (F->p != 0)
        memcpy(r.cf, src->cf, sizeof(uint32_t) * src->len);
    else
        for (uint32_t i = 0; i < src->len; i++)
            mpz_set(r.cz[i], src->cz[i]);
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
    if (f->len == 0)
        return;
    if (F->p != 0) {
        if (f->cf[0] == 1)
            return;
        uint32_t inv = zp_inv(F, f->cf[0]);
        for (uint32_t i = 0; i < f->len; i++)
            f->cf[i] = zp_mul(F, f->cf[i], inv);
        return;
    }
    mpz_t g;
    mpz_init(g);
    zz_content(g, f->cz, f->len);
    if (mpz_sgn(f->cz[0]) < 0)
        mpz_neg(g, g);
    if (mpz_cmp_ui(g, 1) != 0)
        for (uint32_t i = 0; i < f->len; i++)
            mpz_divexact(f->cz[i], f->cz[i], g);
    mpz_clear(g);
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
    uint32_t k = 0;
    for (uint32_t i = 0; i < n;) {
        uint32_t m = f->mon[perm[i]];
        if (F->p != 0) {
            uint32_t c = 0;
            for (; i < n && f->mon[perm[i]] == m; i++)
                c = zp_add(F, c, f->cf[perm[i]]);
            if (c != 0) {
                r.mon[k] = m;
                r.cf[k++] = c;
            }
        } else {
            mpz_set_ui(r.cz[k], 0);
            for (; i < n && f->mon[perm[i]] == m; i++)
                mpz_add(r.cz[k], r.cz[k], f->cz[perm[i]]);
            if (mpz_sgn(r.cz[k]) != 0)
                r.mon[k++] = m;
        }
    }
    poly_truncate(&r, k, F);
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
    poly s;
    GBC_TRY(poly_alloc(ctx, &s, f->len + g->len, F));
    uint32_t i = 0, j = 0, k = 0;
    while (i < f->len || j < g->len) {
        int cmp;
        if (i == f->len)
            cmp = -1;
        else if (j == g->len)
            cmp = 1;
        else
            cmp = mht_cmp(t, f->mon[i], g->mon[j]);
        if (F->p != 0) {
            uint32_t v;
            uint32_t m;
            if (cmp > 0) {
                m = f->mon[i];
                v = f->cf[i++];
            } else if (cmp < 0) {
                m = g->mon[j];
                v = zp_mul(F, c, g->cf[j++]);
            } else {
                m = f->mon[i];
                v = zp_add(F, f->cf[i++], zp_mul(F, c, g->cf[j++]));
            }
            if (v != 0) {
                s.mon[k] = m;
                s.cf[k++] = v;
            }
        } else {
            uint32_t m;
            if (cmp > 0) {
                m = f->mon[i];
                mpz_set(s.cz[k], f->cz[i++]);
            } else {
                if (cmp < 0) {
                    m = g->mon[j];
                    mpz_set_ui(s.cz[k], 0);
                } else {
                    m = f->mon[i];
                    mpz_set(s.cz[k], f->cz[i++]);
                }
                if (cz != NULL)
                    mpz_addmul(s.cz[k], cz, g->cz[j++]);
                else
                    mpz_add(s.cz[k], s.cz[k], g->cz[j++]);
            }
            if (mpz_sgn(s.cz[k]) != 0)
                s.mon[k++] = m;
        }
    }
    poly_truncate(&s, k, F);
    *r = s;
    return GBC_OK;
}

gbc_status poly_mul_mono(gbc_ctx *ctx, poly *r, const poly *f, uint32_t m, mht *t,
                         const field *F)
{
    poly s;
    GBC_TRY(poly_alloc(ctx, &s, f->len, F));
    for (uint32_t i = 0; i < f->len; i++) {
        gbc_status st = mht_insert_mul(ctx, t, t, f->mon[i], t, m, &s.mon[i]);
        if (st != GBC_OK) {
            poly_clear(ctx, &s, F);
            return st;
        }
        if (F->p != 0)
            s.cf[i] = f->cf[i];
        else
            mpz_set(s.cz[i], f->cz[i]);
    }
    *r = s;
    return GBC_OK;
}

gbc_status poly_mul(gbc_ctx *ctx, poly *r, const poly *f, const poly *g, mht *t,
                    const field *F)
{
    uint64_t n = (uint64_t)f->len * g->len;
    if (n > UINT32_MAX)
        return GBC_ERR_LIMIT;
    poly s;
    GBC_TRY(poly_alloc(ctx, &s, (uint32_t)n, F));
    gbc_status st = GBC_OK;
    uint32_t k = 0;
    for (uint32_t i = 0; i < f->len; i++) {
        for (uint32_t j = 0; j < g->len; j++, k++) {
            GBC_CHECK(st, mht_insert_mul(ctx, t, t, f->mon[i], t, g->mon[j], &s.mon[k]), fail);
            if (F->p != 0)
                s.cf[k] = zp_mul(F, f->cf[i], g->cf[j]);
            else
                mpz_mul(s.cz[k], f->cz[i], g->cz[j]);
        }
        GBC_CHECK(st, gbc_ctx_poll(ctx), fail);
    }
    GBC_CHECK(st, poly_canonicalize(ctx, &s, t, F), fail);
    *r = s;
    return GBC_OK;
fail:
    poly_clear(ctx, &s, F);
    return st;
}

void poly_scale(poly *f, uint32_t c, const mpz_t cz, const field *F)
{
    if (F->p != 0) {
        for (uint32_t i = 0; i < f->len; i++)
            f->cf[i] = zp_mul(F, f->cf[i], c);
    } else {
        for (uint32_t i = 0; i < f->len; i++)
            mpz_mul(f->cz[i], f->cz[i], cz);
    }
}

int poly_is_canonical(const poly *f, const mht *t, const field *F)
{
    for (uint32_t i = 0; i < f->len; i++) {
        if (f->mon[i] >= t->size)
            return 0;
        if (i > 0 && mht_cmp(t, f->mon[i - 1], f->mon[i]) <= 0)
            return 0;
        if (F->p != 0 ? (f->cf[i] == 0 || f->cf[i] >= F->p) : mpz_sgn(f->cz[i]) == 0)
            return 0;
    }
    return 1;
}

int poly_equal(const poly *f, const poly *g, const field *F)
{
    if (f->len != g->len)
        return 0;
    for (uint32_t i = 0; i < f->len; i++) {
        if (f->mon[i] != g->mon[i])
            return 0;
        if (F->p != 0 ? f->cf[i] != g->cf[i] : mpz_cmp(f->cz[i], g->cz[i]) != 0)
            return 0;
    }
    return 1;
}

uint32_t poly_degree(const poly *f, const mht *t)
{
    uint32_t d = 0;
    for (uint32_t i = 0; i < f->len; i++)
        if (t->row[f->mon[i]].deg > d)
            d = t->row[f->mon[i]].deg;
    return d;
}
