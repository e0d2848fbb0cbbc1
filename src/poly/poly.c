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

size_t poly_zbytes(const poly *f)
{
    size_t b = 0;
    if (f->cz != NULL)
        for (uint32_t i = 0; i < f->len; i++)
            b += mpz_size(f->cz[i]) * sizeof(mp_limb_t);
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

/* Most limbs of one of f's integers. */
static size_t poly_max_limbs(const poly *f)
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
    if (F->p != 0) {
        memcpy(r.cf, src->cf, sizeof(uint32_t) * src->len);
    } else {
        gbc_status st = poly_charge(ctx, &r, poly_zbytes(src));
        if (st != GBC_OK) {
            poly_clear(ctx, &r, F);
            return st;
        }
        for (uint32_t i = 0; i < src->len; i++)
            mpz_set(r.cz[i], src->cz[i]);
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
    /* over Q a sum of terms is at most one limb longer than its longest term */
    if (F->p == 0)
        GBC_CHECK(st, poly_charge(ctx, &r, poly_zbytes(f) + zz_bytes_bound(n, 1)), out);
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
    if (F->p == 0)
        GBC_CHECK(st, poly_settle(ctx, &r), out);
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
    if (F->p == 0) {
        /* each coefficient is at most one limb longer than f_i or cz g_j */
        size_t est = poly_zbytes(f), gz = poly_zbytes(g);
        size_t cl = cz != NULL ? mpz_size(cz) : 0;
        est += gz + zz_bytes_bound(g->len, cl) + zz_bytes_bound((size_t)f->len + g->len, 1);
        gbc_status st = poly_charge(ctx, &s, est < gz ? SIZE_MAX : est);
        if (st != GBC_OK) {
            poly_clear(ctx, &s, F);
            return st;
        }
    }
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
    if (F->p == 0) {
        gbc_status st = poly_settle(ctx, &s);
        if (st != GBC_OK) {
            poly_clear(ctx, &s, F);
            return st;
        }
    }
    *r = s;
    return GBC_OK;
}

gbc_status poly_mul_mono(gbc_ctx *ctx, poly *r, const poly *f, uint32_t m, mht *t,
                         const field *F)
{
    poly s;
    GBC_TRY(poly_alloc(ctx, &s, f->len, F));
    if (F->p == 0) {
        gbc_status st = poly_charge(ctx, &s, poly_zbytes(f));
        if (st != GBC_OK) {
            poly_clear(ctx, &s, F);
            return st;
        }
    }
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

/* One entry of poly_mul's heap: the product of the short factor's term i and the
 * long factor's term j, whose monomial is m. */
typedef struct mul_ent {
    uint32_t m, i, j;
} mul_ent;

static void mul_sift_down(const mht *t, mul_ent *h, size_t n, size_t i)
{
    mul_ent x = h[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && mht_cmp(t, h[c + 1].m, h[c].m) > 0)
            c++;
        if (mht_cmp(t, h[c].m, x.m) <= 0)
            break;
        h[i] = h[c];
        i = c;
    }
    h[i] = x;
}

static void mul_sift_up(const mht *t, mul_ent *h, size_t i)
{
    mul_ent x = h[i];
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (mht_cmp(t, h[p].m, x.m) >= 0)
            break;
        h[i] = h[p];
        i = p;
    }
    h[i] = x;
}

/* Room for need terms in s (cap of them allocated; over Q the new slots
 * initialised). */
static gbc_status mul_reserve(gbc_ctx *ctx, poly *s, uint32_t *cap, uint64_t need,
                              const field *F)
{
    if (need <= *cap)
        return GBC_OK;
    uint64_t nc = *cap ? (uint64_t)*cap * 2 : 64;
    if (nc > UINT32_MAX)
        nc = UINT32_MAX;
    GBC_TRY(GBC_RESIZE(ctx, s->mon, (size_t)nc));
    if (F->p != 0) {
        GBC_TRY(GBC_RESIZE(ctx, s->cf, (size_t)nc));
    } else {
        GBC_TRY(GBC_RESIZE(ctx, s->cz, (size_t)nc));
        for (uint64_t i = *cap; i < nc; i++)
            mpz_init(s->cz[i]);
    }
    *cap = (uint32_t)nc;
    return GBC_OK;
}

gbc_status poly_mul(gbc_ctx *ctx, poly *r, const poly *f, const poly *g, mht *t,
                    const field *F)
{
    const poly *a = f->len <= g->len ? f : g; /* short: one heap entry per term */
    const poly *b = a == f ? g : f;
    poly s;
    poly_init(&s);
    if (a->len == 0)
        return poly_alloc(ctx, r, 0, F);
    uint32_t cap = 0, k = 0;
    size_t nh = 0, tlimbs = 0, charged = 0;
    mul_ent *h = NULL;
    mpz_t acc;
    gbc_status st = GBC_OK;
    if (F->p == 0) {
        mpz_init(acc);
        /* a coefficient sums at most a->len products: one limb more than one */
        tlimbs = poly_max_limbs(a) + poly_max_limbs(b) + 1;
    }
    GBC_CHECK(st, GBC_ALLOC(ctx, h, a->len), out);
    /* the rows enter one by one: row i + 1 once row i's first product left */
    GBC_CHECK(st, mht_insert_mul(ctx, t, t, a->mon[0], t, b->mon[0], &h[0].m), out);
    h[0].i = 0;
    h[0].j = 0;
    nh = 1;
    while (nh > 0) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), out);
        uint32_t m = h[0].m;
        uint64_t cp = 0;
        if (F->p == 0)
            mpz_set_ui(acc, 0);
        while (nh > 0 && h[0].m == m) {
            mul_ent e = h[0];
            h[0] = h[--nh];
            if (nh > 0)
                mul_sift_down(t, h, nh, 0);
            if (F->p != 0)
                cp = (cp + (uint64_t)a->cf[e.i] * b->cf[e.j]) % F->p;
            else
                mpz_addmul(acc, a->cz[e.i], b->cz[e.j]);
            /* e's successors: the next product of its row, and the next row's
             * first when e was its row's first (at most a->len entries at once) */
            if (e.j + 1 < b->len) {
                h[nh].i = e.i;
                h[nh].j = e.j + 1;
                GBC_CHECK(st, mht_insert_mul(ctx, t, t, a->mon[e.i], t, b->mon[e.j + 1],
                                             &h[nh].m), out);
                mul_sift_up(t, h, nh++);
            }
            if (e.j == 0 && e.i + 1 < a->len) {
                h[nh].i = e.i + 1;
                h[nh].j = 0;
                GBC_CHECK(st, mht_insert_mul(ctx, t, t, a->mon[e.i + 1], t, b->mon[0],
                                             &h[nh].m), out);
                mul_sift_up(t, h, nh++);
            }
        }
        if (F->p != 0 ? cp == 0 : mpz_sgn(acc) == 0)
            continue;
        if (k == UINT32_MAX) {
            st = GBC_ERR_LIMIT; /* more than 2^32 - 1 terms */
            goto out;
        }
        GBC_CHECK(st, mul_reserve(ctx, &s, &cap, (uint64_t)k + 1, F), out);
        s.mon[k] = m;
        if (F->p != 0) {
            s.cf[k] = (uint32_t)cp;
        } else {
            /* the coefficient's limbs, charged a block of terms ahead */
            if ((size_t)k >= charged) {
                /* ahead by as many terms as were made (at most 2^20 more): at most
                 * twice the bound of what exists is charged */
                size_t blk = charged < 64 ? 64 : charged > ((size_t)1 << 20) ? (size_t)1 << 20
                                                                             : charged;
                GBC_CHECK(st, poly_charge(ctx, &s, zz_bytes_bound(blk, tlimbs)), out);
                charged += blk;
            }
            mpz_swap(s.cz[k], acc);
        }
        s.len = ++k;
    }
    /* the spare slots go, then the arrays shrink to the terms */
    if (F->p == 0)
        for (uint32_t i = k; i < cap; i++)
            mpz_clear(s.cz[i]);
    cap = k;
    if (k == 0) {
        poly_clear(ctx, &s, F);
        GBC_CHECK(st, poly_alloc(ctx, &s, 0, F), out);
    } else {
        GBC_CHECK(st, GBC_RESIZE(ctx, s.mon, k), out);
        if (F->p != 0)
            GBC_CHECK(st, GBC_RESIZE(ctx, s.cf, k), out);
        else
            GBC_CHECK(st, GBC_RESIZE(ctx, s.cz, k), out);
        if (F->p == 0)
            GBC_CHECK(st, poly_settle(ctx, &s), out);
    }
    *r = s;
    poly_init(&s);
    cap = 0;
out:
    if (F->p == 0) {
        mpz_clear(acc);
        for (uint32_t i = s.len; i < cap; i++)
            mpz_clear(s.cz[i]);
    }
    poly_clear(ctx, &s, F);
    gbc_free(ctx, h);
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
