/* monideal/hilbert32: Bigatti's pivot recursion (hilbert.c states the method) on
 * rows of uint32 exponents, for ideals the byte kernel (hilbert8.c) cannot take:
 * more than 64 variables or 256 distinct exponents in some variable. */
#include <stdlib.h>

#include "monideal/hilbert_int.h"

typedef struct hb_run {
    gbc_ctx *ctx;
    uint32_t n;
    mi_arena ar;
    acc *A;
    uint32_t *term;     /* n scratch */
    uint32_t *gcd;      /* n */
    uint32_t *cnt;      /* n */
    uint32_t *lcm;      /* n */
    uint32_t *vals;
    uint8_t *flags;
    size_t scratch;     /* rows the scratch arrays hold */
    uint32_t *stack;    /* (n+1) * n partial lcms for the subset enumeration */
    size_t stackrows;   /* words allocated in stack */
    uint64_t nodes;
} hb_run;

static gbc_status add_term(hb_run *H, const uint32_t *e, int64_t c)
{
    return mih_acc_add_u32(H->A, e, c);
}

/* add c * x^(q + a) (a may be NULL) */
static gbc_status add_shift(hb_run *H, const uint32_t *q, const uint32_t *a, int64_t c)
{
    const uint32_t n = H->n;
    for (uint32_t v = 0; v < n; v++)
        H->term[v] = q[v] + (a ? a[v] : 0);
    return add_term(H, H->term, c);
}

static int divides(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    for (uint32_t v = 0; v < n; v++)
        if (a[v] > b[v])
            return 0;
    return 1;
}

static size_t compact(uint32_t *G, size_t k, uint32_t n, const uint8_t *dead)
{
    size_t o = 0;
    for (size_t i = 0; i < k; i++) {
        if (dead[i])
            continue;
        if (o != i)
            memcpy(G + o * n, G + i * n, sizeof(uint32_t) * n);
        o++;
    }
    return o;
}

/* Base case: the sum over all subsets T of the rows of (-1)^|T| x^(q + lcm T),
 * depth first; level i of the stack holds the partial lcm after deciding rows
 * 0..i-1 (k is small: at most 24 rows or the number of variables). */
static gbc_status subsets_rec(hb_run *H, const uint32_t *G, size_t k, const uint32_t *q,
                              size_t i, const uint32_t *cur, int neg)
{
    const uint32_t n = H->n;
    if (i == k)
        return add_term(H, cur, neg ? -1 : 1);
    GBC_TRY(subsets_rec(H, G, k, q, i + 1, cur, neg));
    uint32_t *nxt = H->stack + (i + 1) * (size_t)n;
    const uint32_t *r = G + i * (size_t)n;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t x = q[v] + r[v];
        nxt[v] = x > cur[v] ? x : cur[v];
    }
    return subsets_rec(H, G, k, q, i + 1, nxt, !neg);
}

static gbc_status all_subsets(hb_run *H, const uint32_t *G, size_t k, const uint32_t *q)
{
    const uint32_t n = H->n;
    size_t need = (k + 1) * (size_t)(n ? n : 1);
    if (need > H->stackrows)
        GBC_TRY(GBC_GROW(H->ctx, H->stack, H->stackrows, need));
    memcpy(H->stack, q, sizeof(uint32_t) * n);
    return subsets_rec(H, G, k, q, 0, H->stack, 0);
}

/* Whether each row attains the lcm alone in some variable (minimal Taylor
 * complex). Leaves H->lcm set. */
static int taylor_minimal(hb_run *H, const uint32_t *G, size_t k)
{
    const uint32_t n = H->n;
    uint32_t *lcm = H->lcm, *cnt = H->cnt;
    memset(lcm, 0, sizeof(uint32_t) * n);
    memset(cnt, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        for (uint32_t v = 0; v < n; v++) {
            if (r[v] > lcm[v]) {
                lcm[v] = r[v];
                cnt[v] = 1;
            } else if (r[v] == lcm[v]) {
                cnt[v]++;
            }
        }
    }
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        int alone = 0;
        for (uint32_t v = 0; v < n && !alone; v++)
            alone = r[v] != 0 && r[v] == lcm[v] && cnt[v] == 1;
        if (!alone)
            return 0;
    }
    return 1;
}

/* The widened median pivot into p (n); at least two rows are multiples of it and
 * it lies outside the ideal. Requires a variable in two or more rows. */
static void choose_pivot(hb_run *H, const uint32_t *G, size_t k, uint32_t *p)
{
    const uint32_t n = H->n;
    uint32_t *cnt = H->cnt;
    memset(cnt, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        for (uint32_t v = 0; v < n; v++)
            cnt[v] += r[v] != 0;
    }
    uint32_t best = 0;
    for (uint32_t v = 1; v < n; v++)
        if (cnt[v] > cnt[best])
            best = v;
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t x = G[i * n + best];
        if (x != 0)
            H->vals[m++] = x;
    }
    GBC_ASSERT(m >= 2);
    uint32_t e = mi_select_kth(H->vals, m, (m - 1) / 2);
    int first = 1;
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        if (r[best] < e)
            continue;
        if (first) {
            memcpy(p, r, sizeof(uint32_t) * n);
            first = 0;
        } else {
            for (uint32_t v = 0; v < n; v++)
                p[v] = r[v] < p[v] ? r[v] : p[v];
        }
    }
}

/* D := G : p, minimised; returns the number of rows. */
static size_t colon_copy(hb_run *H, const uint32_t *G, size_t k, const uint32_t *p,
                         uint32_t *D)
{
    const uint32_t n = H->n;
    uint8_t *cand = H->flags;
    int any = 0;
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        uint32_t *o = D + i * n;
        int c = 0;
        for (uint32_t v = 0; v < n; v++) {
            uint32_t x = r[v];
            if (x > p[v]) {
                o[v] = x - p[v];
            } else {
                c |= x != 0;
                o[v] = 0;
            }
        }
        cand[i] = c ? 2 : 0;
        any |= c;
    }
    if (!any)
        return k;
    int removed = 0;
    for (size_t i = 0; i < k; i++) {
        if (cand[i] != 2)
            continue;
        const uint32_t *d = D + i * n;
        for (size_t j = 0; j < k; j++) {
            if (j == i || (cand[j] & 1))
                continue;
            if (divides(d, D + j * n, n)) {
                cand[j] |= 1;
                removed = 1;
            }
        }
    }
    if (!removed)
        return k;
    for (size_t i = 0; i < k; i++)
        cand[i] &= 1;
    return compact(D, k, n, cand);
}

/* Whether no variable occurs in two of the k rows. */
static int disjoint_supports(hb_run *H, const uint32_t *G, size_t k)
{
    const uint32_t n = H->n;
    memset(H->cnt, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < k; i++)
        for (uint32_t v = 0; v < n; v++)
            if (G[i * n + v] != 0 && H->cnt[v]++ != 0)
                return 0;
    return 1;
}

/* The Taylor base case of the univariate numerator for rows with disjoint
 * supports: t^deg(q) prod (1 - t^deg(row)). */
static gbc_status hb_uni_product(hb_run *H, const uint32_t *G, size_t k, const uint32_t *q)
{
    const uint32_t n = H->n;
    mi_mark mark = mi_arena_mark(&H->ar);
    uint64_t *d = mi_arena_alloc(&H->ar, sizeof(uint64_t) * k);
    if (d == NULL)
        return gbc_ctx_alloc_status(H->ctx);
    uint64_t dq = 0;
    for (uint32_t v = 0; v < n; v++)
        dq += q[v];
    for (size_t i = 0; i < k; i++) {
        d[i] = 0;
        for (uint32_t v = 0; v < n; v++)
            d[i] += G[i * n + v];
    }
    gbc_status st = mih_acc_uni_product(H->A, dq, d, k);
    mi_arena_reset(&H->ar, mark);
    return st;
}

static gbc_status hb_rec(hb_run *H, uint32_t *G, size_t k, uint32_t *q)
{
    const uint32_t n = H->n;
    for (;;) {
        H->nodes++;
        GBC_TRY(gbc_ctx_poll(H->ctx));
        if (k == 0)
            return add_shift(H, q, NULL, 1);
        if (k == 1) {
            GBC_TRY(add_shift(H, q, NULL, 1));
            return add_shift(H, q, G, -1);
        }
        /* split off the gcd */
        uint32_t *g = H->gcd;
        memcpy(g, G, sizeof(uint32_t) * n);
        for (size_t i = 1; i < k; i++) {
            const uint32_t *r = G + i * n;
            for (uint32_t v = 0; v < n; v++)
                g[v] = r[v] < g[v] ? r[v] : g[v];
        }
        int nz = 0;
        for (uint32_t v = 0; v < n && !nz; v++)
            nz = g[v] != 0;
        if (nz) {
            GBC_TRY(add_shift(H, q, NULL, 1));
            GBC_TRY(add_shift(H, q, g, -1));
            for (size_t i = 0; i < k; i++) {
                uint32_t *r = G + i * n;
                for (uint32_t v = 0; v < n; v++)
                    r[v] -= g[v];
            }
            for (uint32_t v = 0; v < n; v++)
                q[v] += g[v];
        }
        if ((k <= 24 || k <= n) && taylor_minimal(H, G, k)) {
            if (!H->A->uni || k <= TAYLOR_MAX_ENUM)
                return all_subsets(H, G, k, q);
            if (disjoint_supports(H, G, k))
                return hb_uni_product(H, G, k, q);
            /* otherwise some variable is in two rows: pivot */
        }
        mi_mark mark = mi_arena_mark(&H->ar);
        uint32_t *D = mi_arena_alloc(&H->ar, sizeof(uint32_t) * (k * (size_t)n + 2 * (size_t)n));
        if (D == NULL)
            return gbc_ctx_alloc_status(H->ctx);
        uint32_t *q2 = D + k * (size_t)n, *pv = q2 + n;
        choose_pivot(H, G, k, pv);
        size_t k2 = colon_copy(H, G, k, pv, D);
        for (uint32_t v = 0; v < n; v++)
            q2[v] = q[v] + pv[v];
        gbc_status st = hb_rec(H, D, k2, q2);
        if (st != GBC_OK) {
            mi_arena_reset(&H->ar, mark);
            return st;
        }
        /* I + <p>: drop the multiples of p, append p */
        size_t o = 0;
        for (size_t i = 0; i < k; i++) {
            const uint32_t *r = G + i * n;
            if (divides(pv, r, n))
                continue;
            if (o != i)
                memcpy(G + o * n, r, sizeof(uint32_t) * n);
            o++;
        }
        GBC_ASSERT(o + 2 <= k);
        memcpy(G + o * n, pv, sizeof(uint32_t) * n);
        k = o + 1;
        mi_arena_reset(&H->ar, mark);
    }
}

/* The uint32 kernel on a minimal generating set M (any exponents). */
gbc_status mih_run32(gbc_ctx *ctx, acc *A, const monideal *M, uint64_t *nodes)
{
    const uint32_t n = M->nvars;
    hb_run H;
    memset(&H, 0, sizeof H);
    H.ctx = ctx;
    H.n = n;
    H.A = A;
    mi_arena_init(&H.ar, ctx);
    gbc_status st = GBC_OK;
    size_t w = n ? n : 1;
    GBC_CHECK(st, GBC_ALLOC(ctx, H.term, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, H.gcd, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, H.cnt, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, H.lcm, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, H.vals, M->n + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, H.flags, M->n + 2), done);
    uint32_t *G = mi_arena_alloc(&H.ar, sizeof(uint32_t) * (M->n * (size_t)n + w));
    if (G == NULL) {
        st = gbc_ctx_alloc_status(ctx);
        goto done;
    }
    if (M->n > 0 && n > 0)
        memcpy(G, M->e, sizeof(uint32_t) * M->n * n);
    uint32_t *q = G + M->n * (size_t)n;
    memset(q, 0, sizeof(uint32_t) * w);
    st = hb_rec(&H, G, M->n, q);
done:
    *nodes = H.nodes;
    mi_arena_clear(&H.ar);
    gbc_free(ctx, H.term);
    gbc_free(ctx, H.gcd);
    gbc_free(ctx, H.cnt);
    gbc_free(ctx, H.lcm);
    gbc_free(ctx, H.vals);
    gbc_free(ctx, H.flags);
    gbc_free(ctx, H.stack);
    return st;
}
