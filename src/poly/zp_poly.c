/* poly/zp_poly: the Z/p family of polynomial operations (poly_int.h): uint32
 * residues in [1, p), table and plain forms. Nothing here tests the field; poly.c
 * and plain.c call these through zp_poly_family. */
#include "poly/coef.h"
#include "poly/poly_int.h"

static gbc_status zp_poly_alloc_coefs(gbc_ctx *ctx, poly *f, size_t n, uint32_t len)
{
    (void)len; /* residues need no initialisation */
    return GBC_ALLOC(ctx, f->cf, n);
}

static void zp_poly_clear_coefs(poly *f, uint32_t from)
{
    (void)f;
    (void)from;
}

static gbc_status zp_poly_copy_coefs(gbc_ctx *ctx, poly *r, const poly *src)
{
    (void)ctx;
    memcpy(r->cf, src->cf, sizeof(uint32_t) * src->len);
    return GBC_OK;
}

static void zp_poly_normalize_lc(poly *f, const field *F)
{
    if (f->len == 0 || f->cf[0] == 1)
        return;
    uint32_t inv = zp_inv(F, f->cf[0]);
    for (uint32_t i = 0; i < f->len; i++)
        f->cf[i] = zp_mul(F, f->cf[i], inv);
}

static void zp_poly_keep_form(poly *f, const field *F)
{
    (void)f;
    (void)F;
}

static gbc_status zp_poly_sum_sorted(gbc_ctx *ctx, poly *r, const poly *f, const uint32_t *perm,
                                const field *F)
{
    (void)ctx;
    const uint32_t n = f->len;
    uint32_t k = 0;
    for (uint32_t i = 0; i < n;) {
        uint32_t m = f->mon[perm[i]];
        uint32_t c = 0;
        for (; i < n && f->mon[perm[i]] == m; i++)
            c = zp_add(F, c, f->cf[perm[i]]);
        if (c != 0) {
            r->mon[k] = m;
            r->cf[k++] = c;
        }
    }
    r->len = k;
    return GBC_OK;
}

static gbc_status zp_poly_add_scaled(gbc_ctx *ctx, poly *r, const poly *f, const poly *g,
                                uint32_t c, const mpz_t cz, const mht *t, const field *F)
{
    (void)cz;
    poly s;
    GBC_TRY(poly_alloc(ctx, &s, f->len + g->len, F));
    uint32_t i = 0, j = 0, k = 0;
    while (i < f->len || j < g->len) {
        int cmp = poly_merge_cmp(t, f, i, g, j);
        uint32_t v, m;
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
    }
    s.len = k;
    *r = s;
    return GBC_OK;
}

/* Room for need terms in s (cap of them allocated). */
static gbc_status zp_poly_mul_reserve(gbc_ctx *ctx, poly *s, uint32_t *cap, uint64_t need)
{
    if (need <= *cap)
        return GBC_OK;
    uint64_t nc = *cap ? (uint64_t)*cap * 2 : 64;
    if (nc > UINT32_MAX)
        nc = UINT32_MAX;
    GBC_TRY(GBC_RESIZE(ctx, s->mon, (size_t)nc));
    GBC_TRY(GBC_RESIZE(ctx, s->cf, (size_t)nc));
    *cap = (uint32_t)nc;
    return GBC_OK;
}

/* poly_mul over Z/p: the products of one monomial summed in a uint64 modulo p. */
static gbc_status zp_poly_mul_heap(gbc_ctx *ctx, poly *r, const poly *f, const poly *g, mht *t,
                         const field *F)
{
    const poly *a = f->len <= g->len ? f : g; /* short: one heap entry per term */
    const poly *b = a == f ? g : f;
    poly s;
    poly_init(&s);
    if (a->len == 0)
        return poly_alloc(ctx, r, 0, F);
    uint32_t cap = 0, k = 0;
    mul_heap H;
    gbc_status st;
    GBC_CHECK(st, mul_heap_start(ctx, &H, a, b, t), out);
    while (H.n > 0) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), out);
        uint32_t m = H.h[0].m;
        uint64_t cp = 0;
        while (H.n > 0 && H.h[0].m == m) {
            mul_ent e;
            GBC_CHECK(st, mul_heap_next(ctx, &H, &e), out);
            cp = (cp + (uint64_t)a->cf[e.i] * b->cf[e.j]) % F->p;
        }
        if (cp == 0)
            continue;
        if (k == UINT32_MAX) {
            st = GBC_ERR_LIMIT; /* more than 2^32 - 1 terms */
            goto out;
        }
        GBC_CHECK(st, zp_poly_mul_reserve(ctx, &s, &cap, (uint64_t)k + 1), out);
        s.mon[k] = m;
        s.cf[k] = (uint32_t)cp;
        s.len = ++k;
    }
    /* the arrays shrink to the terms */
    if (k == 0) {
        poly_clear(ctx, &s, F);
        GBC_CHECK(st, poly_alloc(ctx, &s, 0, F), out);
    } else {
        GBC_CHECK(st, GBC_RESIZE(ctx, s.mon, k), out);
        GBC_CHECK(st, GBC_RESIZE(ctx, s.cf, k), out);
    }
    *r = s;
    poly_init(&s);
out:
    poly_clear(ctx, &s, F);
    mul_heap_clear(ctx, &H);
    return st;
}

static void zp_poly_scale(poly *f, uint32_t c, const mpz_t cz, const field *F)
{
    (void)cz;
    for (uint32_t i = 0; i < f->len; i++)
        f->cf[i] = zp_mul(F, f->cf[i], c);
}

static gbc_status zp_poly_cancel_lead(gbc_ctx *ctx, poly *r, poly *f, const poly *mg, const mht *t,
                                 const field *F)
{
    uint32_t c = zp_cancel_coef(F, f->cf[0], mg->cf[0]);
    return zp_poly_add_scaled(ctx, r, f, mg, c, NULL, t, F);
}

static int zp_poly_coefs_canonical(const poly *f, const field *F)
{
    for (uint32_t i = 0; i < f->len; i++)
        if (f->cf[i] == 0 || f->cf[i] >= F->p)
            return 0;
    return 1;
}

static int zp_poly_coefs_equal(const poly *f, const poly *g)
{
    for (uint32_t i = 0; i < f->len; i++)
        if (f->cf[i] != g->cf[i])
            return 0;
    return 1;
}

static gbc_status zp_poly_palloc_coefs(gbc_ctx *ctx, ppoly *p, size_t len)
{
    return GBC_ALLOC(ctx, p->cf, len ? len : 1);
}

static void zp_poly_pclear_coefs(ppoly *p)
{
    (void)p;
}

static void zp_poly_pcopy_coefs(ppoly *d, const ppoly *s, size_t n)
{
    memcpy(d->cf, s->cf, sizeof(uint32_t) * n);
}

static void zp_poly_to_plain(ppoly *p, const poly *f, const field *F, int monic)
{
    uint32_t inv = (monic && f->len > 0) ? zp_inv(F, f->cf[0]) : 1;
    for (uint32_t i = 0; i < f->len; i++)
        p->cf[i] = inv == 1 ? f->cf[i] : zp_mul(F, f->cf[i], inv);
}

static void zp_poly_from_plain(poly *f, const ppoly *p, const field *F)
{
    for (size_t i = 0; i < p->len; i++)
        f->cf[i] = p->cf[i] % F->p;
}

static void zp_poly_pset_one(ppoly *p, size_t i)
{
    p->cf[i] = 1;
}

static int zp_poly_pis_one(const ppoly *p, size_t i)
{
    return p->cf[i] == 1;
}

static int zp_poly_pcoefs_equal(const ppoly *a, const ppoly *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a->cf[i] != b->cf[i])
            return 0;
    return 1;
}

const poly_family zp_poly_family = {
    .alloc_coefs = zp_poly_alloc_coefs,
    .clear_coefs = zp_poly_clear_coefs,
    .copy_coefs = zp_poly_copy_coefs,
    .normalize_lc = zp_poly_normalize_lc,
    .keep_form = zp_poly_keep_form,
    .sum_sorted = zp_poly_sum_sorted,
    .add_scaled = zp_poly_add_scaled,
    .mul = zp_poly_mul_heap,
    .scale = zp_poly_scale,
    .cancel_lead = zp_poly_cancel_lead,
    .coefs_canonical = zp_poly_coefs_canonical,
    .coefs_equal = zp_poly_coefs_equal,
    .palloc_coefs = zp_poly_palloc_coefs,
    .pclear_coefs = zp_poly_pclear_coefs,
    .pcopy_coefs = zp_poly_pcopy_coefs,
    .to_plain = zp_poly_to_plain,
    .from_plain = zp_poly_from_plain,
    .pset_one = zp_poly_pset_one,
    .pis_one = zp_poly_pis_one,
    .pcoefs_equal = zp_poly_pcoefs_equal,
};
