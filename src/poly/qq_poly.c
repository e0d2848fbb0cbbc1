/* poly/qq_poly: the Q family of polynomial operations (poly_int.h): mpz integers
 * (a computation keeps its polynomials primitive) and mpq in the plain form, GMP's
 * memory charged to the context (poly.h). Nothing here tests the field; poly.c and
 * plain.c call these through qq_poly_family. */
#include "poly/coef.h"
#include "poly/poly_int.h"

static gbc_status qq_poly_alloc_coefs(gbc_ctx *ctx, poly *f, size_t n, uint32_t len)
{
    GBC_TRY(GBC_ALLOC(ctx, f->cz, n));
    for (uint32_t i = 0; i < len; i++)
        mpz_init(f->cz[i]);
    return GBC_OK;
}

static void qq_poly_clear_coefs(poly *f, uint32_t from)
{
    if (f->cz != NULL)
        for (uint32_t i = from; i < f->len; i++)
            mpz_clear(f->cz[i]);
}

static gbc_status qq_poly_copy_coefs(gbc_ctx *ctx, poly *r, const poly *src)
{
    GBC_TRY(poly_charge(ctx, r, poly_zbytes(src)));
    for (uint32_t i = 0; i < src->len; i++)
        mpz_set(r->cz[i], src->cz[i]);
    return GBC_OK;
}

static void qq_poly_normalize_lc(poly *f, const field *F)
{
    (void)F;
    if (f->len == 0)
        return;
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

static gbc_status qq_poly_sum_sorted(gbc_ctx *ctx, poly *r, const poly *f,
                                     const uint32_t *perm, const field *F)
{
    const uint32_t n = f->len;
    /* a sum of terms is at most one limb longer than its longest term */
    GBC_TRY(poly_charge(ctx, r, poly_zbytes(f) + zz_bytes_bound(n, 1)));
    uint32_t k = 0;
    for (uint32_t i = 0; i < n;) {
        uint32_t m = f->mon[perm[i]];
        mpz_set_ui(r->cz[k], 0);
        for (; i < n && f->mon[perm[i]] == m; i++)
            mpz_add(r->cz[k], r->cz[k], f->cz[perm[i]]);
        if (mpz_sgn(r->cz[k]) != 0)
            r->mon[k++] = m;
    }
    poly_truncate(r, k, F);
    return poly_settle(ctx, r);
}

static gbc_status qq_poly_add_scaled(gbc_ctx *ctx, poly *r, const poly *f, const poly *g,
                                     uint32_t c, const mpz_t cz, const mht *t, const field *F)
{
    (void)c;
    poly s;
    GBC_TRY(poly_alloc(ctx, &s, f->len + g->len, F));
    /* each coefficient is at most one limb longer than f_i or cz g_j */
    size_t est = poly_zbytes(f), gz = poly_zbytes(g);
    size_t cl = cz != NULL ? mpz_size(cz) : 0;
    est += gz + zz_bytes_bound(g->len, cl) + zz_bytes_bound((size_t)f->len + g->len, 1);
    gbc_status st = poly_charge(ctx, &s, est < gz ? SIZE_MAX : est);
    if (st != GBC_OK) {
        poly_clear(ctx, &s, F);
        return st;
    }
    uint32_t i = 0, j = 0, k = 0;
    while (i < f->len || j < g->len) {
        int cmp = poly_merge_cmp(t, f, i, g, j);
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
    poly_truncate(&s, k, F);
    st = poly_settle(ctx, &s);
    if (st != GBC_OK) {
        poly_clear(ctx, &s, F);
        return st;
    }
    *r = s;
    return GBC_OK;
}

/* Room for need terms in s (cap of them allocated, the new slots initialised). */
static gbc_status qq_poly_mul_reserve(gbc_ctx *ctx, poly *s, uint32_t *cap, uint64_t need)
{
    if (need <= *cap)
        return GBC_OK;
    uint64_t nc = *cap ? (uint64_t)*cap * 2 : 64;
    if (nc > UINT32_MAX)
        nc = UINT32_MAX;
    GBC_TRY(GBC_RESIZE(ctx, s->mon, (size_t)nc));
    GBC_TRY(GBC_RESIZE(ctx, s->cz, (size_t)nc));
    for (uint64_t i = *cap; i < nc; i++)
        mpz_init(s->cz[i]);
    *cap = (uint32_t)nc;
    return GBC_OK;
}

/* Store acc as s's term k (monomial m) after charging its limbs a block of terms
 * ahead (*charged terms are paid for; each at most tlimbs limbs). */
static gbc_status qq_poly_mul_store(gbc_ctx *ctx, poly *s, uint32_t k, uint32_t m, mpz_t acc,
                                    size_t *charged, size_t tlimbs)
{
    s->mon[k] = m;
    if ((size_t)k >= *charged) {
        /* ahead by as many terms as were made (at most 2^20 more): at most twice
         * the bound of what exists is charged */
        size_t blk = *charged < 64                 ? 64
                     : *charged > ((size_t)1 << 20) ? (size_t)1 << 20
                                                   : *charged;
        GBC_TRY(poly_charge(ctx, s, zz_bytes_bound(blk, tlimbs)));
        *charged += blk;
    }
    mpz_swap(s->cz[k], acc);
    return GBC_OK;
}

/* poly_mul over Q: the products of one monomial summed in one mpz. */
static gbc_status qq_poly_mul_heap(gbc_ctx *ctx, poly *r, const poly *f, const poly *g,
                                   mht *t, const field *F)
{
    const poly *a = f->len <= g->len ? f : g; /* short: one heap entry per term */
    const poly *b = a == f ? g : f;
    poly s;
    poly_init(&s);
    if (a->len == 0)
        return poly_alloc(ctx, r, 0, F);
    uint32_t cap = 0, k = 0;
    size_t charged = 0;
    mpz_t acc;
    mpz_init(acc);
    /* a coefficient sums at most a->len products: one limb more than one */
    const size_t tlimbs = poly_max_limbs(a) + poly_max_limbs(b) + 1;
    mul_heap H;
    gbc_status st;
    GBC_CHECK(st, mul_heap_start(ctx, &H, a, b, t), out);
    while (H.n > 0) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), out);
        uint32_t m = H.h[0].m;
        mpz_set_ui(acc, 0);
        while (H.n > 0 && H.h[0].m == m) {
            mul_ent e;
            GBC_CHECK(st, mul_heap_next(ctx, &H, &e), out);
            mpz_addmul(acc, a->cz[e.i], b->cz[e.j]);
        }
        if (mpz_sgn(acc) == 0)
            continue;
        if (k == UINT32_MAX) {
            st = GBC_ERR_LIMIT; /* more than 2^32 - 1 terms */
            goto out;
        }
        GBC_CHECK(st, qq_poly_mul_reserve(ctx, &s, &cap, (uint64_t)k + 1), out);
        GBC_CHECK(st, qq_poly_mul_store(ctx, &s, k, m, acc, &charged, tlimbs), out);
        s.len = ++k;
    }
    /* the spare slots go, then the arrays shrink to the terms */
    for (uint32_t i = k; i < cap; i++)
        mpz_clear(s.cz[i]);
    cap = k;
    if (k == 0) {
        poly_clear(ctx, &s, F);
        GBC_CHECK(st, poly_alloc(ctx, &s, 0, F), out);
    } else {
        GBC_CHECK(st, GBC_RESIZE(ctx, s.mon, k), out);
        GBC_CHECK(st, GBC_RESIZE(ctx, s.cz, k), out);
        GBC_CHECK(st, poly_settle(ctx, &s), out);
    }
    *r = s;
    poly_init(&s);
    cap = 0;
out:
    mpz_clear(acc);
    for (uint32_t i = s.len; i < cap; i++)
        mpz_clear(s.cz[i]);
    poly_clear(ctx, &s, F);
    mul_heap_clear(ctx, &H);
    return st;
}

static void qq_poly_scale(poly *f, uint32_t c, const mpz_t cz, const field *F)
{
    (void)c;
    (void)F;
    for (uint32_t i = 0; i < f->len; i++)
        mpz_mul(f->cz[i], f->cz[i], cz);
}

static gbc_status qq_poly_cancel_lead(gbc_ctx *ctx, poly *r, poly *f, const poly *mg,
                                      const mht *t, const field *F)
{
    mpz_t d, a, c;
    mpz_inits(d, a, c, NULL);
    qq_cancel_coefs(a, c, d, f->cz[0], mg->cz[0]);
    if (mpz_sgn(a) < 0) { /* f keeps the sign of its terms */
        mpz_neg(a, a);
        mpz_neg(c, c);
    }
    qq_poly_scale(f, 0, a, F);
    gbc_status st = qq_poly_add_scaled(ctx, r, f, mg, 0, c, t, F);
    mpz_clears(d, a, c, NULL);
    return st;
}

static int qq_poly_coefs_canonical(const poly *f, const field *F)
{
    (void)F;
    for (uint32_t i = 0; i < f->len; i++)
        if (mpz_sgn(f->cz[i]) == 0)
            return 0;
    return 1;
}

static int qq_poly_coefs_equal(const poly *f, const poly *g)
{
    for (uint32_t i = 0; i < f->len; i++)
        if (mpz_cmp(f->cz[i], g->cz[i]) != 0)
            return 0;
    return 1;
}

static gbc_status qq_poly_palloc_coefs(gbc_ctx *ctx, ppoly *p, size_t len)
{
    GBC_TRY(GBC_ALLOC(ctx, p->cq, len ? len : 1));
    for (size_t i = 0; i < len; i++)
        mpq_init(p->cq[i]);
    return GBC_OK;
}

static void qq_poly_pclear_coefs(ppoly *p)
{
    if (p->cq != NULL)
        for (size_t i = 0; i < p->len; i++)
            mpq_clear(p->cq[i]);
}

static void qq_poly_pcopy_coefs(ppoly *d, const ppoly *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpq_set(d->cq[i], s->cq[i]);
}

static void qq_poly_to_plain(ppoly *p, const poly *f, const field *F, int monic)
{
    (void)F;
    for (uint32_t i = 0; i < f->len; i++) {
        mpq_set_num(p->cq[i], f->cz[i]);
        if (monic)
            mpq_set_den(p->cq[i], f->cz[0]);
        else
            mpz_set_ui(mpq_denref(p->cq[i]), 1);
        mpq_canonicalize(p->cq[i]);
    }
}

static void qq_poly_from_plain(poly *f, const ppoly *p, const field *F)
{
    (void)F;
    mpz_t lcm;
    mpz_init_set_ui(lcm, 1);
    for (size_t i = 0; i < p->len; i++)
        mpz_lcm(lcm, lcm, mpq_denref(p->cq[i]));
    for (size_t i = 0; i < p->len; i++) {
        mpz_divexact(f->cz[i], lcm, mpq_denref(p->cq[i]));
        mpz_mul(f->cz[i], f->cz[i], mpq_numref(p->cq[i]));
    }
    mpz_clear(lcm);
}

static void qq_poly_pset_one(ppoly *p, size_t i)
{
    mpq_set_ui(p->cq[i], 1, 1);
}

static int qq_poly_pis_one(const ppoly *p, size_t i)
{
    return mpq_cmp_ui(p->cq[i], 1, 1) == 0;
}

static int qq_poly_pcoefs_equal(const ppoly *a, const ppoly *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!mpq_equal(a->cq[i], b->cq[i]))
            return 0;
    return 1;
}

const poly_family qq_poly_family = {
    .alloc_coefs = qq_poly_alloc_coefs,
    .clear_coefs = qq_poly_clear_coefs,
    .copy_coefs = qq_poly_copy_coefs,
    .normalize_lc = qq_poly_normalize_lc,
    .keep_form = qq_poly_normalize_lc,
    .sum_sorted = qq_poly_sum_sorted,
    .add_scaled = qq_poly_add_scaled,
    .mul = qq_poly_mul_heap,
    .scale = qq_poly_scale,
    .cancel_lead = qq_poly_cancel_lead,
    .coefs_canonical = qq_poly_coefs_canonical,
    .coefs_equal = qq_poly_coefs_equal,
    .palloc_coefs = qq_poly_palloc_coefs,
    .pclear_coefs = qq_poly_pclear_coefs,
    .pcopy_coefs = qq_poly_pcopy_coefs,
    .to_plain = qq_poly_to_plain,
    .from_plain = qq_poly_from_plain,
    .pset_one = qq_poly_pset_one,
    .pis_one = qq_poly_pis_one,
    .pcoefs_equal = qq_poly_pcoefs_equal,
};
