/* monideal/decom: what follows from the maximal standard monomials. With u the
 * lcm of the minimal generators of I and J = I + <x_i^(u_i+1)> its artinian
 * closure, the irreducible components of J are m^(s+1) for s in msm(J), and those
 * of I are obtained by dropping the added powers (Roune 2009, section 2; Miller
 * and Sturmfels, Combinatorial Commutative Algebra, chapter 5). From them: the
 * Alexander dual (Miller's a \ b rule), the associated primes (the supports), and
 * msm(I) itself directly. Everything runs on rank-compressed exponents. */
#include "monideal/monideal.h"

/* Collects emitted rows into a monideal. */
typedef struct collect {
    gbc_ctx *ctx;
    monideal *out;
} collect;

/* ------------------------------------------------ irreducible components -- */

typedef struct irr_emit {
    gbc_ctx *ctx;
    const mi_ranks *R;
    uint32_t *buf;
    monideal *out;
    /* assoprimes: deduplicate supports in a hash set of row indices */
    int supports;
    uint32_t *slots; /* UINT32_MAX: empty */
    size_t nslots;
} irr_emit;

static uint64_t row_hash(const uint32_t *r, uint32_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (uint32_t v = 0; v < n; v++) {
        h ^= r[v] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdull;
    }
    return h ^ (h >> 29);
}

static gbc_status set_grow(irr_emit *E)
{
    size_t ns = E->nslots ? 2 * E->nslots : 64;
    uint32_t *s = NULL;
    GBC_TRY(GBC_ALLOC(E->ctx, s, ns));
    for (size_t i = 0; i < ns; i++)
        s[i] = UINT32_MAX;
    const uint32_t n = E->out->nvars;
    for (size_t i = 0; i < E->out->n; i++) {
        size_t h = (size_t)row_hash(mi_row(E->out, i), n) & (ns - 1);
        while (s[h] != UINT32_MAX)
            h = (h + 1) & (ns - 1);
        s[h] = (uint32_t)i;
    }
    gbc_free(E->ctx, E->slots);
    E->slots = s;
    E->nslots = ns;
    return GBC_OK;
}

static gbc_status irr_on_msm(void *data, const uint32_t *m)
{
    irr_emit *E = data;
    const mi_ranks *R = E->R;
    const uint32_t n = R->nvars;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t r = m[v] + 1;
        uint32_t b = r < R->nvals[v] ? R->val[v][r] : 0;
        E->buf[v] = E->supports ? (b != 0) : b;
    }
    if (!E->supports)
        return mi_push(E->ctx, E->out, E->buf);
    if (2 * (E->out->n + 1) > E->nslots)
        GBC_TRY(set_grow(E));
    size_t h = (size_t)row_hash(E->buf, n) & (E->nslots - 1);
    while (E->slots[h] != UINT32_MAX) {
        if (memcmp(mi_row(E->out, E->slots[h]), E->buf, sizeof(uint32_t) * n) == 0)
            return GBC_OK;
        h = (h + 1) & (E->nslots - 1);
    }
    if (E->out->n >= UINT32_MAX - 1)
        return GBC_ERR_NOMEM;
    E->slots[h] = (uint32_t)E->out->n;
    return mi_push(E->ctx, E->out, E->buf);
}

/* The irreducible components (supports only when supports != 0) into out. */
static gbc_status irr_components(gbc_ctx *ctx, monideal *out, const monideal *I, int supports)
{
    const uint32_t n = I->nvars;
    monideal M, C, res;
    mi_init(&M, n);
    mi_init(&C, n);
    mi_init(&res, n);
    mi_ranks R;
    memset(&R, 0, sizeof R);
    irr_emit E;
    memset(&E, 0, sizeof E);
    uint32_t *pp = NULL;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, mi_copy(ctx, &M, I), done);
    GBC_CHECK(st, mi_minimize(ctx, &M), done);
    if (mi_is_unit(&M))
        goto finish; /* no components */
    GBC_CHECK(st, mi_ranks_compress(ctx, &R, &C, &M), done);
    /* the artinian closure in ranks: x_v^(top rank + 1) */
    GBC_CHECK(st, GBC_ZALLOC(ctx, pp, n ? n : 1), done);
    for (uint32_t v = 0; v < n; v++) {
        pp[v] = R.nvals[v];
        GBC_CHECK(st, mi_push(ctx, &C, pp), done);
        pp[v] = 0;
    }
    GBC_CHECK(st, mi_minimize(ctx, &C), done);
    E.ctx = ctx;
    E.R = &R;
    E.buf = pp;
    E.out = &res;
    E.supports = supports;
    GBC_CHECK(st, mi_msm_ranked(ctx, &C, irr_on_msm, &E, NULL), done);
finish:
    mi_clear(ctx, out);
    *out = res;
    mi_init(&res, n);
done:
    gbc_free(ctx, E.slots);
    gbc_free(ctx, pp);
    mi_ranks_clear(ctx, &R);
    mi_clear(ctx, &M);
    mi_clear(ctx, &C);
    mi_clear(ctx, &res);
    return st;
}

gbc_status mi_irrdecom(gbc_ctx *ctx, monideal *out, const monideal *I)
{
    return irr_components(ctx, out, I, 0);
}

gbc_status mi_assoprimes(gbc_ctx *ctx, monideal *out, const monideal *I)
{
    return irr_components(ctx, out, I, 1);
}

gbc_status mi_alexdual(gbc_ctx *ctx, monideal *out, const monideal *I, const uint32_t *a)
{
    const uint32_t n = I->nvars;
    monideal M, D;
    mi_init(&M, n);
    mi_init(&D, n);
    uint32_t *pt = NULL;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, mi_copy(ctx, &M, I), done);
    GBC_CHECK(st, mi_minimize(ctx, &M), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pt, n ? n : 1), done);
    mi_lcm(&M, pt);
    if (a != NULL) {
        for (uint32_t v = 0; v < n; v++) {
            if (a[v] < pt[v]) {
                st = GBC_ERR_ARG;
                goto done;
            }
            pt[v] = a[v];
        }
    }
    GBC_CHECK(st, irr_components(ctx, &D, &M, 0), done);
    for (size_t i = 0; i < D.n; i++) {
        uint32_t *r = mi_row(&D, i);
        for (uint32_t v = 0; v < n; v++)
            r[v] = r[v] == 0 ? 0 : pt[v] - (r[v] - 1);
    }
    /* no minimisation: for a point at or above the lcm the components of the
     * irredundant decomposition map one to one onto the minimal generators of
     * the dual (Miller-Sturmfels, Combinatorial Commutative Algebra, Thm 5.27);
     * t-decom checks that the result is minimal; only the order is canonicalised */
    GBC_CHECK(st, mi_sort_canonical(ctx, &D), done);
    mi_clear(ctx, out);
    *out = D;
    mi_init(&D, n);
done:
    gbc_free(ctx, pt);
    mi_clear(ctx, &M);
    mi_clear(ctx, &D);
    return st;
}

static gbc_status collect_row(void *data, const uint32_t *m)
{
    collect *c = data;
    return mi_push(c->ctx, c->out, m);
}

gbc_status mi_maxstandard(gbc_ctx *ctx, monideal *out, const monideal *I)
{
    monideal res;
    mi_init(&res, I->nvars);
    collect c = {ctx, &res};
    gbc_status st = mi_msm(ctx, I, collect_row, &c);
    if (st != GBC_OK) {
        mi_clear(ctx, &res);
        return st;
    }
    mi_clear(ctx, out);
    *out = res;
    return GBC_OK;
}
