/* monideal/hilbert: the numerator of the Hilbert-Poincare series of R/I by the
 * pivot algorithm of Bigatti (A. M. Bigatti, "Computation of Hilbert-Poincare
 * series", J. Pure Appl. Algebra 119 (1997)):
 *     N(I) = N(I + <p>) + x^p N(I : p),
 * with the pivot p the gcd of the generators divisible by x_v^e (v the variable in
 * the most generators, e the median of its positive exponents: "widened" median
 * pivots, as in Roune's study of pivot strategies). A common factor g of all
 * generators is split off first: N(g J) = 1 - x^g + x^g N(J). Base case: when
 * every generator attains the lcm alone in some variable the Taylor complex is
 * minimal and N = sum over subsets T of (-1)^|T| x^lcm(T) without cancellation.
 * Terms go into one accumulator: a hash table of exponent vectors (multigraded) or
 * an array indexed by degree (univariate). In the multigraded numerator every
 * addition is by +-1, so int64 coefficients cannot overflow within any feasible
 * running time (checked anyway). The univariate one adds whole products
 * prod (1 - t^d_i) and its true coefficients can exceed int64 (the ideal of all
 * x_i x_j in 64 variables has coefficients near 6e19): a sum that would overflow
 * is detected and its addend goes to a side table of GMP integers per degree
 * (the "spill"), so the common path pays nothing but the overflow check.
 * Dimension and degree come from N(t) = (1-t)^c Q(t) with GMP; the dimension also
 * from a minimum vertex cover of the supports (branch and bound). */
#include <gmp.h>
#include <stdlib.h>

#include "common/sort.h"
#include "monideal/monideal.h"
#include "monideal/vrow.h"

#define S8N (16 * VR_MAXB)

/* ------------------------------------------------------- term accumulator -- */

/* Keys are kw bytes; values int64. Open addressing with the entries inline (one
 * cache line per probe): a slot is {hash (0: empty), coefficient, key}. When the
 * table fills up, entries whose coefficient has cancelled to zero are dropped
 * first (most of the terms Bigatti's recursion emits cancel), and the table only
 * doubles when the live entries need it. */
typedef struct termtab {
    gbc_ctx *ctx;
    size_t kw, sw;   /* key bytes, slot bytes */
    size_t n;        /* occupied slots */
    size_t nslots;   /* a power of two, or 0 */
    uint8_t *slots;
} termtab;

#define TT_HASH(p) (*(uint64_t *)(void *)(p))
#define TT_COEF(p) (*(int64_t *)(void *)((p) + 8))
#define TT_KEY(p) ((p) + 16)

static uint64_t key_hash(const uint8_t *k, size_t kw)
{
    uint64_t h = 0x2545f4914f6cdd1dull;
    size_t i = 0;
    for (; i + 8 <= kw; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    for (; i < kw; i++)
        h = (h ^ k[i]) * 0x100000001b3ull;
    h ^= h >> 32;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
    return h | 1; /* never 0: 0 marks an empty slot */
}

static void tt_init(termtab *T, gbc_ctx *ctx, size_t kw)
{
    memset(T, 0, sizeof *T);
    T->ctx = ctx;
    T->kw = kw;
    T->sw = (16 + kw + 7) & ~(size_t)7;
}

static void tt_clear(termtab *T)
{
    gbc_free(T->ctx, T->slots);
    T->slots = NULL;
    T->n = T->nslots = 0;
}

/* Rebuild with room for growth, dropping cancelled entries. */
static gbc_status tt_rehash(termtab *T)
{
    size_t live = 0;
    for (size_t i = 0; i < T->nslots; i++) {
        const uint8_t *p = T->slots + i * T->sw;
        live += TT_HASH(p) != 0 && TT_COEF(p) != 0;
    }
    size_t ns = T->nslots ? T->nslots : 1024;
    while (4 * (live + 1) > ns)
        ns *= 2;
    size_t bytes;
    if (gbc_mul_size(&bytes, ns, T->sw))
        return GBC_ERR_NOMEM;
    uint8_t *s = gbc_calloc(T->ctx, 1, bytes);
    if (s == NULL)
        return gbc_ctx_alloc_status(T->ctx);
    for (size_t i = 0; i < T->nslots; i++) {
        const uint8_t *p = T->slots + i * T->sw;
        if (TT_HASH(p) == 0 || TT_COEF(p) == 0)
            continue;
        size_t h = (size_t)TT_HASH(p) & (ns - 1);
        while (TT_HASH(s + h * T->sw) != 0)
            h = (h + 1) & (ns - 1);
        memcpy(s + h * T->sw, p, T->sw);
    }
    gbc_free(T->ctx, T->slots);
    T->slots = s;
    T->nslots = ns;
    T->n = live;
    return GBC_OK;
}

static gbc_status tt_add(termtab *T, const uint8_t *key, int64_t c)
{
    const size_t kw = T->kw, sw = T->sw;
    uint64_t hv = key_hash(key, kw);
    if (2 * (T->n + 1) > T->nslots)
        GBC_TRY(tt_rehash(T));
    size_t mask = T->nslots - 1, h = (size_t)hv & mask;
    for (;;) {
        uint8_t *p = T->slots + h * sw;
        uint64_t ph = TT_HASH(p);
        if (ph == 0) {
            TT_HASH(p) = hv;
            TT_COEF(p) = c;
            memcpy(TT_KEY(p), key, kw);
            T->n++;
            return GBC_OK;
        }
        if (ph == hv && memcmp(TT_KEY(p), key, kw) == 0) {
            int64_t sum; /* the builtin stores the wrapped sum: not in place */
            if (__builtin_add_overflow(TT_COEF(p), c, &sum))
                return GBC_ERR_OVERFLOW; /* the entry is left as it was */
            TT_COEF(p) = sum;
            return GBC_OK;
        }
        h = (h + 1) & mask;
    }
}

/* Visit the live entries: *key and *coef of the i-th slot; 0 when it is empty. */
static int tt_entry(const termtab *T, size_t i, const uint8_t **key, int64_t *coef)
{
    const uint8_t *p = T->slots + i * T->sw;
    if (TT_HASH(p) == 0 || TT_COEF(p) == 0)
        return 0;
    *key = TT_KEY(p);
    *coef = TT_COEF(p);
    return 1;
}

/* Where the terms of a run go: the univariate numerator (dense by degree, or a
 * table keyed by the 8-byte degree) or the multigraded one (a table keyed by the
 * kernel's exponent rows). R, when set, maps the kernel's byte ranks back to
 * exponents. */
typedef struct acc {
    int uni;
    uint32_t n;
    const mi_ranks *R;
    int64_t *dense;
    uint64_t dense_len;
    termtab tab;
    uint64_t adds;
    /* the spill: wn exact addends by degree, wdeg increasing; the coefficient
     * of t^d is the int64 one plus wval of d */
    size_t wn, wcap;
    uint64_t *wdeg;
    mpz_t *wval;
} acc;

/* w += c for an int64 c (mpz_add_si does not exist; long may be narrower). */
static void mpz_add_i64(mpz_t w, int64_t c)
{
    if (c >= 0) {
        mpz_t t;
        mpz_init(t);
        mpz_import(t, 1, -1, sizeof(uint64_t), 0, 0, &(uint64_t){(uint64_t)c});
        mpz_add(w, w, t);
        mpz_clear(t);
    } else {
        uint64_t m = (uint64_t)0 - (uint64_t)c;
        mpz_t t;
        mpz_init(t);
        mpz_import(t, 1, -1, sizeof(uint64_t), 0, 0, &m);
        mpz_sub(w, w, t);
        mpz_clear(t);
    }
}

/* The spill entry of degree d (created as 0); NULL when memory fails. */
static mpz_ptr acc_spill_slot(acc *A, uint64_t d)
{
    size_t lo = 0, hi = A->wn;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (A->wdeg[mid] < d)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < A->wn && A->wdeg[lo] == d)
        return A->wval[lo];
    if (A->wn == A->wcap) {
        size_t c1 = A->wcap, c2 = A->wcap;
        if (GBC_GROW(A->tab.ctx, A->wdeg, c1, A->wn + 1) != GBC_OK ||
            GBC_GROW(A->tab.ctx, A->wval, c2, A->wn + 1) != GBC_OK)
            return NULL;
        A->wcap = c1 < c2 ? c1 : c2;
    }
    memmove(A->wdeg + lo + 1, A->wdeg + lo, sizeof(uint64_t) * (A->wn - lo));
    memmove(A->wval + lo + 1, A->wval + lo, sizeof(mpz_t) * (A->wn - lo));
    A->wdeg[lo] = d;
    mpz_init(A->wval[lo]);
    A->wn++;
    return A->wval[lo];
}

static gbc_status acc_spill(acc *A, uint64_t d, int64_t c)
{
    mpz_ptr w = acc_spill_slot(A, d);
    if (w == NULL)
        return gbc_ctx_alloc_status(A->tab.ctx);
    mpz_add_i64(w, c);
    return GBC_OK;
}

static void acc_spill_clear(gbc_ctx *ctx, acc *A)
{
    for (size_t i = 0; i < A->wn; i++)
        mpz_clear(A->wval[i]);
    gbc_free(ctx, A->wdeg);
    gbc_free(ctx, A->wval);
    A->wdeg = NULL;
    A->wval = NULL;
    A->wn = A->wcap = 0;
}

static gbc_status acc_add_deg(acc *A, uint64_t d, int64_t c)
{
    if (A->dense != NULL) {
        GBC_ASSERT(d < A->dense_len);
        int64_t sum; /* the builtin stores the wrapped sum: not in place */
        if (__builtin_add_overflow(A->dense[d], c, &sum))
            return acc_spill(A, d, c); /* dense[d] is left as it was */
        A->dense[d] = sum;
        return GBC_OK;
    }
    uint8_t key[8];
    memcpy(key, &d, 8);
    gbc_status st = tt_add(&A->tab, key, c);
    if (st == GBC_ERR_OVERFLOW) /* tt_add leaves the entry as it was */
        return acc_spill(A, d, c);
    return st;
}

static gbc_status acc_add_u32(acc *A, const uint32_t *e, int64_t c)
{
    A->adds++;
    if (!A->uni)
        return tt_add(&A->tab, (const uint8_t *)e, c);
    uint64_t d = 0;
    for (uint32_t v = 0; v < A->n; v++)
        d += e[v];
    return acc_add_deg(A, d, c);
}

static gbc_status acc_add_u8(acc *A, const uint8_t *e, int64_t c)
{
    A->adds++;
    if (!A->uni)
        return tt_add(&A->tab, e, c);
    uint64_t d = 0;
    for (uint32_t v = 0; v < A->n; v++)
        d += A->R->val[v][e[v]];
    return acc_add_deg(A, d, c);
}

/* Add t^dq * prod_i (1 - t^d[i]) to the univariate accumulator. This is the
 * Taylor base case when the rows have pairwise disjoint supports: the degree of
 * lcm(T) is then the sum of the degrees, so the 2^k subsets collapse into a
 * product with far fewer distinct degrees (kept sorted, cancelled terms dropped). */
typedef struct uterm {
    uint64_t deg;
    int64_t coef;
} uterm;

/* A sparse univariate polynomial with GMP coefficients for the exact product:
 * all cap entries of c are initialised. */
typedef struct bterms {
    size_t cap;
    uint64_t *deg;
    mpz_t *c;
} bterms;

static gbc_status bt_reserve(gbc_ctx *ctx, bterms *P, size_t need)
{
    if (need <= P->cap)
        return GBC_OK;
    size_t c1 = P->cap, c2 = P->cap;
    GBC_TRY(GBC_GROW(ctx, P->deg, c1, need));
    GBC_TRY(GBC_GROW(ctx, P->c, c2, need));
    size_t cap = c1 < c2 ? c1 : c2;
    for (size_t i = P->cap; i < cap; i++)
        mpz_init(P->c[i]);
    P->cap = cap;
    return GBC_OK;
}

static void bt_clear(gbc_ctx *ctx, bterms *P)
{
    for (size_t i = 0; i < P->cap; i++)
        mpz_clear(P->c[i]);
    gbc_free(ctx, P->deg);
    gbc_free(ctx, P->c);
}

/* Whether w fits in int64; then *out is its value. */
static int mpz_to_i64(int64_t *out, const mpz_t w)
{
    if (mpz_sizeinbase(w, 2) > 63)
        return 0;
    uint64_t m = 0;
    size_t cnt = 0;
    mpz_export(&m, &cnt, -1, sizeof m, 0, 0, w);
    *out = mpz_sgn(w) < 0 ? -(int64_t)m : (int64_t)m;
    return 1;
}

/* Add c t^d exactly: the int64 path when c fits, the spill otherwise. */
static gbc_status acc_add_deg_big(acc *A, uint64_t d, const mpz_t c)
{
    int64_t v;
    if (mpz_to_i64(&v, c))
        return acc_add_deg(A, d, v);
    mpz_ptr w = acc_spill_slot(A, d);
    if (w == NULL)
        return gbc_ctx_alloc_status(A->tab.ctx);
    mpz_add(w, w, c);
    return GBC_OK;
}

/* acc_uni_product with GMP coefficients, for when the int64 product overflows
 * (from about 67 factors on: binomial(67, 33) > 2^63). */
static gbc_status acc_uni_product_big(acc *A, uint64_t dq, const uint64_t *d, size_t k)
{
    gbc_ctx *ctx = A->tab.ctx;
    bterms P = {0, NULL, NULL}, Q = {0, NULL, NULL};
    size_t np = 1;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, bt_reserve(ctx, &P, 16), done);
    P.deg[0] = 0;
    mpz_set_ui(P.c[0], 1);
    for (size_t i = 0; i < k; i++) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), done);
        GBC_CHECK(st, bt_reserve(ctx, &Q, 2 * np), done);
        /* merge P and -t^d P, both sorted by degree */
        size_t a = 0, b = 0, o = 0;
        while (a < np || b < np) {
            uint64_t da = a < np ? P.deg[a] : UINT64_MAX;
            uint64_t db = b < np ? P.deg[b] + d[i] : UINT64_MAX;
            if (da < db) {
                Q.deg[o] = da;
                mpz_set(Q.c[o], P.c[a++]);
            } else if (db < da) {
                Q.deg[o] = db;
                mpz_neg(Q.c[o], P.c[b++]);
            } else {
                Q.deg[o] = da;
                mpz_sub(Q.c[o], P.c[a++], P.c[b++]);
            }
            if (mpz_sgn(Q.c[o]) != 0)
                o++;
        }
        bterms t = P;
        P = Q;
        Q = t;
        np = o;
    }
    for (size_t j = 0; j < np && st == GBC_OK; j++)
        st = acc_add_deg_big(A, dq + P.deg[j], P.c[j]);
done:
    bt_clear(ctx, &P);
    bt_clear(ctx, &Q);
    return st;
}

/* Nothing of the int64 attempt has reached the accumulator when it overflows:
 * the terms are added only after the whole product is formed. */
static gbc_status acc_uni_product(acc *A, uint64_t dq, const uint64_t *d, size_t k)
{
    gbc_ctx *ctx = A->tab.ctx;
    size_t cp = 0, cq = 0, np = 1;
    uterm *P = NULL, *Q = NULL;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_GROW(ctx, P, cp, 16), done);
    P[0].deg = 0;
    P[0].coef = 1;
    for (size_t i = 0; i < k; i++) {
        GBC_CHECK(st, GBC_GROW(ctx, Q, cq, 2 * np), done);
        /* merge P and -t^d P, both sorted by degree */
        size_t a = 0, b = 0, o = 0;
        while (a < np || b < np) {
            uint64_t da = a < np ? P[a].deg : UINT64_MAX;
            uint64_t db = b < np ? P[b].deg + d[i] : UINT64_MAX;
            uterm t;
            if (da < db) {
                t = P[a++];
            } else if (db < da) {
                t.deg = db;
                if (__builtin_sub_overflow((int64_t)0, P[b++].coef, &t.coef)) {
                    st = GBC_ERR_OVERFLOW;
                    goto done;
                }
            } else {
                t.deg = da;
                if (__builtin_sub_overflow(P[a].coef, P[b].coef, &t.coef)) {
                    st = GBC_ERR_OVERFLOW;
                    goto done;
                }
                a++;
                b++;
            }
            if (t.coef != 0)
                Q[o++] = t;
        }
        uterm *tp = P;
        P = Q;
        Q = tp;
        size_t tc = cp;
        cp = cq;
        cq = tc;
        np = o;
    }
    for (size_t j = 0; j < np && st == GBC_OK; j++)
        st = acc_add_deg(A, dq + P[j].deg, P[j].coef);
done:
    gbc_free(ctx, P);
    gbc_free(ctx, Q);
    if (st == GBC_ERR_OVERFLOW)
        return acc_uni_product_big(A, dq, d, k);
    return st;
}

/* Above this many rows the Taylor base case enumerates subsets only for the
 * multigraded numerator (where all 2^k terms are in the answer). For the
 * univariate one the 2^k subsets, each summing n degrees, cost more than the
 * pivot recursion from about 8 rows on: at 12, 70 % of the time on a random
 * 15x500 ideal went to the enumeration, and 6 made it 4x faster
 * (benchmarks/monideal/RESULTS.md). */
#ifndef TAYLOR_MAX_ENUM
#define TAYLOR_MAX_ENUM 6
#endif

/* ---------------------------------------------------------------- state -- */

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
    return acc_add_u32(H->A, e, c);
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
    gbc_status st = acc_uni_product(H->A, dq, d, k);
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
static gbc_status hb32_run(gbc_ctx *ctx, acc *A, const monideal *M, uint64_t *nodes)
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

/* ------------------------------------------------------------------------
 * The byte kernel: the same recursion on rank-compressed rows of bytes in
 * 16-byte blocks (vrow.h); terms leave as byte rows and the accumulator maps
 * them back. For ideals in at most 64 variables with fewer than 256 distinct
 * exponents per variable.
 * ---------------------------------------------------------------------- */

typedef struct hb8 {
    gbc_ctx *ctx;
    acc *A;
    uint32_t n, B;
    size_t W;
    mi_arena ar;
    uint8_t *tmp, *g, *lcm; /* W bytes each */
    uint8_t *stack;         /* (depth + 1) rows for the subset enumeration */
    size_t stackrows;
    uint8_t *vals, *flags;  /* per row */
    uint32_t cnt[S8N];
    uint64_t nodes;
} hb8;

static gbc_status h8_add(hb8 *H, const uint8_t *e, int64_t c)
{
    return acc_add_u8(H->A, e, c);
}

/* add c * x^(q + a) */
static gbc_status h8_add_sum(hb8 *H, const uint8_t *q, const uint8_t *a, int64_t c)
{
    vr_add(H->tmp, q, a, H->B);
    return acc_add_u8(H->A, H->tmp, c);
}

static gbc_status h8_subsets_rec(hb8 *H, const uint8_t *QG, size_t k, size_t i,
                                 const uint8_t *cur, int neg)
{
    if (i == k)
        return h8_add(H, cur, neg ? -1 : 1);
    GBC_TRY(h8_subsets_rec(H, QG, k, i + 1, cur, neg));
    uint8_t *nxt = H->stack + (i + 1) * H->W;
    vr_copy(nxt, cur, H->B);
    vr_max(nxt, QG + i * H->W, H->B);
    return h8_subsets_rec(H, QG, k, i + 1, nxt, !neg);
}

/* sum over subsets T of (-1)^|T| x^(q + lcm T); rows are turned into q + row */
static gbc_status h8_all_subsets(hb8 *H, uint8_t *G, size_t k, const uint8_t *q)
{
    if (k + 1 > H->stackrows) {
        size_t rows = H->stackrows * H->W;
        GBC_TRY(GBC_GROW(H->ctx, H->stack, rows, (k + 1) * H->W));
        H->stackrows = rows / H->W;
    }
    for (size_t i = 0; i < k; i++)
        vr_add(G + i * H->W, G + i * H->W, q, H->B);
    vr_copy(H->stack, q, H->B);
    return h8_subsets_rec(H, G, k, 0, H->stack, 0);
}

/* Whether every row attains the lcm alone in some column. */
static int h8_taylor(hb8 *H, const uint8_t *G, size_t k)
{
    const size_t W = H->W;
    memset(H->lcm, 0, W);
    for (size_t i = 0; i < k; i++)
        vr_max(H->lcm, G + i * W, H->B);
    uint64_t lnz = vr_nzmask(H->lcm, H->B), once = 0, twice = 0;
    for (size_t i = 0; i < k; i++) {
        uint64_t h = vr_eqmask(G + i * W, H->lcm, H->B) & lnz;
        twice |= once & h;
        once |= h;
    }
    uint64_t unique = once & ~twice;
    for (size_t i = 0; i < k; i++)
        if ((vr_eqmask(G + i * W, H->lcm, H->B) & unique) == 0)
            return 0;
    return 1;
}

static uint8_t h8_select(const uint8_t *a, size_t cnt, size_t kth)
{
    uint32_t h[256];
    memset(h, 0, sizeof h);
    for (size_t i = 0; i < cnt; i++)
        h[a[i]]++;
    size_t acc_ = 0;
    for (uint32_t v = 0; v < 256; v++) {
        acc_ += h[v];
        if (acc_ > kth)
            return (uint8_t)v;
    }
    return 255;
}

/* Whether no column is non-zero in two of the k rows. */
static int h8_disjoint(hb8 *H, const uint8_t *G, size_t k)
{
    uint64_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        uint64_t m = vr_nzmask(G + i * H->W, H->B);
        if (m & seen)
            return 0;
        seen |= m;
    }
    return 1;
}

static uint64_t h8_degree(const hb8 *H, const uint8_t *q, const uint8_t *a)
{
    uint64_t d = 0;
    for (uint32_t v = 0; v < H->n; v++)
        d += H->A->R->val[v][q[v] + (a ? a[v] : 0)];
    return d;
}

/* As hb_uni_product on byte rows: each variable is touched by at most one row,
 * so deg(q + lcm T) = deg q + sum over T of (deg(q + row) - deg q). */
static gbc_status h8_uni_product(hb8 *H, const uint8_t *G, size_t k, const uint8_t *q)
{
    mi_mark mark = mi_arena_mark(&H->ar);
    uint64_t *d = mi_arena_alloc(&H->ar, sizeof(uint64_t) * k);
    if (d == NULL)
        return gbc_ctx_alloc_status(H->ctx);
    uint64_t dq = h8_degree(H, q, NULL);
    for (size_t i = 0; i < k; i++)
        d[i] = h8_degree(H, q, G + i * H->W) - dq;
    gbc_status st = acc_uni_product(H->A, dq, d, k);
    mi_arena_reset(&H->ar, mark);
    return st;
}

static gbc_status h8_rec(hb8 *H, uint8_t *G, size_t k, uint8_t *q)
{
    const uint32_t n = H->n, B = H->B;
    const size_t W = H->W;
    for (;;) {
        H->nodes++;
        GBC_TRY(gbc_ctx_poll(H->ctx));
        if (k == 0)
            return h8_add(H, q, 1);
        if (k == 1) {
            GBC_TRY(h8_add(H, q, 1));
            return h8_add_sum(H, q, G, -1);
        }
        /* split off the gcd: N(g J) = 1 - x^g + x^g N(J) */
        uint8_t *g = H->g;
        vr_copy(g, G, B);
        for (size_t i = 1; i < k; i++)
            vr_min(g, G + i * W, B);
        if (!vr_is_zero(g, B)) {
            GBC_TRY(h8_add(H, q, 1));
            GBC_TRY(h8_add_sum(H, q, g, -1));
            for (size_t i = 0; i < k; i++)
                vr_subs(G + i * W, G + i * W, g, B);
            vr_add(q, q, g, B);
        }
        if (k == 2) {
            GBC_TRY(h8_add(H, q, 1));
            GBC_TRY(h8_add_sum(H, q, G, -1));
            GBC_TRY(h8_add_sum(H, q, G + W, -1));
            vr_copy(g, G, B);
            vr_max(g, G + W, B);
            return h8_add_sum(H, q, g, 1);
        }
        if (k <= n && h8_taylor(H, G, k)) {
            if (!H->A->uni || k <= TAYLOR_MAX_ENUM)
                return h8_all_subsets(H, G, k, q);
            if (h8_disjoint(H, G, k))
                return h8_uni_product(H, G, k, q);
        }
        /* pivot: the variable in the most rows, the lower median of its positive
         * exponents, widened to the gcd of the rows it divides */
        memset(H->cnt, 0, sizeof(uint32_t) * n);
        for (size_t i = 0; i < k; i++) {
            uint64_t m = vr_nzmask(G + i * W, B);
            while (m) {
                H->cnt[__builtin_ctzll(m)]++;
                m &= m - 1;
            }
        }
        uint32_t v = 0;
        for (uint32_t w = 1; w < n; w++)
            if (H->cnt[w] > H->cnt[v])
                v = w;
        size_t m = 0;
        for (size_t i = 0; i < k; i++)
            if (G[i * W + v] != 0)
                H->vals[m++] = G[i * W + v];
        GBC_ASSERT(m >= 2);
        uint8_t e = h8_select(H->vals, m, (m - 1) / 2);
        mi_mark mark = mi_arena_mark(&H->ar);
        uint8_t *D = mi_arena_alloc(&H->ar, (k + 2) * W);
        if (D == NULL)
            return gbc_ctx_alloc_status(H->ctx);
        uint8_t *q2 = D + k * W, *p = q2 + W;
        memset(p, 0xff, W);
        for (size_t i = 0; i < k; i++)
            if (G[i * W + v] >= e)
                vr_min(p, G + i * W, B);
        /* I : p, minimised: only rows with a coordinate 0 < r_j <= p_j can newly
         * divide another */
        int any = 0;
        for (size_t i = 0; i < k; i++) {
            const uint8_t *r = G + i * W;
            uint8_t *d = D + i * W;
            vr_subs(d, r, p, B);
            int c = (vr_nzmask(r, B) & ~vr_nzmask(d, B)) != 0;
            H->flags[i] = c ? 2 : 0;
            any |= c;
        }
        size_t k2 = k;
        if (any) {
            int removed = 0;
            for (size_t i = 0; i < k; i++) {
                if (H->flags[i] != 2)
                    continue;
                const uint8_t *d = D + i * W;
                for (size_t j = 0; j < k; j++) {
                    if (j == i || (H->flags[j] & 1))
                        continue;
                    if (vr_divides(d, D + j * W, B)) {
                        H->flags[j] |= 1;
                        removed = 1;
                    }
                }
            }
            if (removed) {
                size_t o = 0;
                for (size_t i = 0; i < k; i++) {
                    if (H->flags[i] & 1)
                        continue;
                    if (o != i)
                        vr_copy(D + o * W, D + i * W, B);
                    o++;
                }
                k2 = o;
            }
        }
        vr_add(q2, q, p, B);
        gbc_status st = h8_rec(H, D, k2, q2);
        if (st != GBC_OK) {
            mi_arena_reset(&H->ar, mark);
            return st;
        }
        /* I + <p>: drop the multiples of p, append p */
        size_t o = 0;
        for (size_t i = 0; i < k; i++) {
            const uint8_t *r = G + i * W;
            if (vr_divides(p, r, B))
                continue;
            if (o != i)
                vr_copy(G + o * W, r, B);
            o++;
        }
        GBC_ASSERT(o + 2 <= k);
        vr_copy(G + o * W, p, B);
        k = o + 1;
        mi_arena_reset(&H->ar, mark);
    }
}

/* The byte kernel on C (ranks below 256, at most S8N variables). */
static gbc_status hb8_run(gbc_ctx *ctx, acc *A, const monideal *C, uint64_t *nodes)
{
    const uint32_t n = C->nvars;
    hb8 H;
    memset(&H, 0, sizeof H);
    H.ctx = ctx;
    H.A = A;
    H.n = n;
    H.B = n ? (n + 15) / 16 : 1;
    H.W = 16 * (size_t)H.B;
    mi_arena_init(&H.ar, ctx);
    const size_t W = H.W, k = C->n;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ALLOC(ctx, H.vals, k + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, H.flags, k + 1), done);
    H.tmp = mi_arena_alloc(&H.ar, 3 * W);
    uint8_t *G = mi_arena_alloc(&H.ar, (k + 1) * W);
    if (H.tmp == NULL || G == NULL) {
        st = gbc_ctx_alloc_status(ctx);
        goto done;
    }
    H.g = H.tmp + W;
    H.lcm = H.g + W;
    memset(G, 0, (k + 1) * W);
    for (size_t i = 0; i < k; i++)
        for (uint32_t v = 0; v < n; v++)
            G[i * W + v] = (uint8_t)mi_row(C, i)[v];
    st = h8_rec(&H, G, k, G + k * W);
done:
    *nodes = H.nodes;
    mi_arena_clear(&H.ar);
    gbc_free(ctx, H.vals);
    gbc_free(ctx, H.flags);
    gbc_free(ctx, H.stack);
    return st;
}

/* Run the Hilbert recursion on I into A (initialised here; the caller clears its
 * table and dense array). R receives the rank tables when the byte kernel ran
 * (then the multigraded keys are byte rows of width A->tab.kw). */
static gbc_status hilbert_run(gbc_ctx *ctx, const monideal *I, int uni, acc *A, mi_ranks *R,
                              int *bytes, mi_hilbert_stats *stats)
{
    const uint32_t n = I->nvars;
    memset(A, 0, sizeof *A);
    memset(R, 0, sizeof *R);
    A->uni = uni;
    A->n = n;
    *bytes = 0;
    monideal M, C;
    mi_init(&M, n);
    mi_init(&C, n);
    uint64_t nodes = 0;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, mi_copy(ctx, &M, I), done);
    GBC_CHECK(st, mi_minimize(ctx, &M), done);
    if (uni) {
        uint32_t *l = NULL;
        GBC_CHECK(st, GBC_ALLOC(ctx, l, n ? n : 1), done);
        mi_lcm(&M, l);
        uint64_t deg = mono_degree(l, n);
        gbc_free(ctx, l);
        if (deg < ((uint64_t)1 << 24)) {
            A->dense_len = deg + 1;
            GBC_CHECK(st, GBC_ZALLOC(ctx, A->dense, A->dense_len), done);
        }
    }
    if (mi_is_unit(&M)) {
        tt_init(&A->tab, ctx, uni ? 8 : 4 * (size_t)n);
        goto done; /* N = 0 */
    }
    int small = n <= S8N;
    if (small) {
        GBC_CHECK(st, mi_ranks_compress(ctx, R, &C, &M), done);
        small = R->maxrank <= 255;
    }
    if (small) {
        *bytes = 1;
        A->R = R;
        tt_init(&A->tab, ctx, uni ? 8 : 16 * (size_t)(n ? (n + 15) / 16 : 1));
        st = hb8_run(ctx, A, &C, &nodes);
    } else {
        tt_init(&A->tab, ctx, uni ? 8 : 4 * (size_t)n);
        st = hb32_run(ctx, A, &M, &nodes);
    }
done:
    if (stats != NULL) {
        stats->nodes = nodes;
        stats->adds = A->adds;
        stats->distinct = A->tab.n;
    }
    mi_clear(ctx, &M);
    mi_clear(ctx, &C);
    return st;
}

static void acc_clear(gbc_ctx *ctx, acc *A)
{
    tt_clear(&A->tab);
    gbc_free(ctx, A->dense);
    A->dense = NULL;
    acc_spill_clear(ctx, A);
}

void mi_poly_init(mi_poly *P, uint32_t nvars)
{
    mi_init(&P->mons, nvars);
    P->coef = NULL;
}

void mi_poly_clear(gbc_ctx *ctx, mi_poly *P)
{
    mi_clear(ctx, &P->mons);
    gbc_free(ctx, P->coef);
    P->coef = NULL;
}

void mi_upoly_init(mi_upoly *P)
{
    P->n = 0;
    P->deg = NULL;
    P->coef = NULL;
    P->big = NULL;
}

void mi_upoly_clear(gbc_ctx *ctx, mi_upoly *P)
{
    if (P->big != NULL) {
        mpz_t *b = P->big;
        for (size_t i = 0; i < P->n; i++)
            mpz_clear(b[i]);
        gbc_free(ctx, P->big);
    }
    gbc_free(ctx, P->deg);
    gbc_free(ctx, P->coef);
    mi_upoly_init(P);
}

/* Sort terms (rows of P->mons with coefficients) canonically. */
typedef struct term_key {
    uint64_t deg;
    size_t i;
} term_key;

/* Increasing degree, then decreasing lex (arg: the monideal M holding the rows). */
static int term_cmp(const void *pa, const void *pb, void *arg)
{
    const term_key *a = pa, *b = pb;
    const monideal *M = arg;
    if (a->deg != b->deg)
        return a->deg < b->deg ? -1 : 1;
    const uint32_t *x = mi_row(M, a->i), *y = mi_row(M, b->i);
    for (uint32_t v = 0; v < M->nvars; v++)
        if (x[v] != y[v])
            return x[v] > y[v] ? -1 : 1;
    return 0;
}

gbc_status mi_hilbert_multi_stats(gbc_ctx *ctx, mi_poly *out, const monideal *I,
                                  mi_hilbert_stats *stats)
{
    const uint32_t n = I->nvars;
    acc A;
    mi_ranks R;
    int bytes;
    gbc_status st = hilbert_run(ctx, I, 0, &A, &R, &bytes, stats);
    monideal T;
    mi_init(&T, n);
    int64_t *tc = NULL, *pc = NULL;
    term_key *keys = NULL;
    mi_poly P;
    mi_poly_init(&P, n);
    if (st != GBC_OK)
        goto done;
    size_t nz = 0;
    const uint8_t *key;
    int64_t cf;
    for (size_t i = 0; i < A.tab.nslots; i++)
        nz += (size_t)tt_entry(&A.tab, i, &key, &cf);
    GBC_CHECK(st, mi_reserve(ctx, &T, nz), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, tc, nz + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, keys, nz + 1), done);
    for (size_t i = 0; i < A.tab.nslots; i++) {
        if (!tt_entry(&A.tab, i, &key, &cf))
            continue;
        uint32_t *r = mi_row(&T, T.n);
        if (bytes) {
            for (uint32_t v = 0; v < n; v++)
                r[v] = R.val[v][key[v]];
        } else if (n > 0) {
            memcpy(r, key, sizeof(uint32_t) * n);
        }
        keys[T.n].deg = mono_degree(r, n);
        keys[T.n].i = T.n;
        tc[T.n] = cf;
        T.n++;
    }
    GBC_CHECK(st, gbc_sort_cmp(ctx, keys, T.n, sizeof *keys, term_cmp, &T), done);
    GBC_CHECK(st, mi_reserve(ctx, &P.mons, T.n), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pc, T.n + 1), done);
    for (size_t i = 0; i < T.n; i++) {
        if (n > 0)
            memcpy(mi_row(&P.mons, i), mi_row(&T, keys[i].i), sizeof(uint32_t) * n);
        pc[i] = tc[keys[i].i];
    }
    P.mons.n = T.n;
    P.coef = pc;
    pc = NULL;
    mi_poly_clear(ctx, out);
    *out = P;
    mi_poly_init(&P, n);
done:
    gbc_free(ctx, tc);
    gbc_free(ctx, pc);
    gbc_free(ctx, keys);
    mi_clear(ctx, &T);
    mi_poly_clear(ctx, &P);
    acc_clear(ctx, &A);
    mi_ranks_clear(ctx, &R);
    return st;
}

gbc_status mi_hilbert_multi(gbc_ctx *ctx, mi_poly *out, const monideal *I)
{
    return mi_hilbert_multi_stats(ctx, out, I, NULL);
}

/* (degree, coefficient) pairs by increasing degree. */
static int cmp_deg(const void *a, const void *b, void *arg)
{
    (void)arg;
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Merge the spill of A into P (sorted, int64 coefficients, no big): the exact
 * coefficients, zeros dropped. When all fit in int64 P stays in that form;
 * otherwise GBC_ERR_OVERFLOW, or with exact set P->big receives them all. */
static gbc_status merge_spill(gbc_ctx *ctx, mi_upoly *P, const acc *A, int exact)
{
    size_t cap = P->n + A->wn + 1, m = 0;
    uint64_t *deg = NULL;
    mpz_t *c = NULL;
    int64_t *small = NULL;
    size_t inited = 0;
    int fits = 1;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ALLOC(ctx, deg, cap), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, c, cap), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, small, cap), done);
    for (; inited < cap; inited++)
        mpz_init(c[inited]);
    size_t a = 0, b = 0;
    while (a < P->n || b < A->wn) {
        uint64_t da = a < P->n ? P->deg[a] : UINT64_MAX;
        uint64_t db = b < A->wn ? A->wdeg[b] : UINT64_MAX;
        deg[m] = da < db ? da : db;
        mpz_set_ui(c[m], 0);
        if (da <= db)
            mpz_add_i64(c[m], P->coef[a++]);
        if (db <= da)
            mpz_add(c[m], c[m], A->wval[b++]);
        if (mpz_sgn(c[m]) == 0)
            continue;
        if (!mpz_to_i64(&small[m], c[m])) {
            small[m] = 0;
            fits = 0;
        }
        m++;
    }
    if (!fits && !exact) {
        st = GBC_ERR_OVERFLOW;
        goto done;
    }
    for (size_t i = m; i < inited; i++)
        mpz_clear(c[i]);
    inited = m;
    gbc_free(ctx, P->deg);
    gbc_free(ctx, P->coef);
    P->deg = deg;
    P->coef = small;
    P->n = m;
    deg = NULL;
    small = NULL;
    if (!fits) {
        P->big = c;
        c = NULL;
    }
done:
    if (c != NULL) {
        for (size_t i = 0; i < inited; i++)
            mpz_clear(c[i]);
        gbc_free(ctx, c);
    }
    gbc_free(ctx, deg);
    gbc_free(ctx, small);
    return st;
}

static gbc_status hilbert_uni(gbc_ctx *ctx, mi_upoly *out, const monideal *I,
                              mi_hilbert_stats *stats, int exact)
{
    acc A;
    mi_ranks R;
    int bytes;
    gbc_status st = hilbert_run(ctx, I, 1, &A, &R, &bytes, stats);
    mi_upoly P;
    mi_upoly_init(&P);
    if (st != GBC_OK)
        goto done;
    size_t nz = 0;
    if (A.dense != NULL) {
        for (uint64_t d = 0; d < A.dense_len; d++)
            nz += A.dense[d] != 0;
    } else {
        const uint8_t *key;
        int64_t cf;
        for (size_t i = 0; i < A.tab.nslots; i++)
            nz += (size_t)tt_entry(&A.tab, i, &key, &cf);
    }
    GBC_CHECK(st, GBC_ALLOC(ctx, P.deg, nz + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, P.coef, nz + 1), done);
    if (A.dense != NULL) {
        for (uint64_t d = 0; d < A.dense_len; d++)
            if (A.dense[d] != 0) {
                P.deg[P.n] = d;
                P.coef[P.n++] = A.dense[d];
            }
    } else {
        uint64_t *pairs = NULL;
        GBC_CHECK(st, GBC_ALLOC(ctx, pairs, 2 * nz + 2), done);
        size_t m = 0;
        const uint8_t *key;
        int64_t cf;
        for (size_t i = 0; i < A.tab.nslots; i++)
            if (tt_entry(&A.tab, i, &key, &cf)) {
                memcpy(&pairs[2 * m], key, 8);
                pairs[2 * m + 1] = (uint64_t)cf;
                m++;
            }
        st = gbc_sort_cmp(ctx, pairs, m, 2 * sizeof(uint64_t), cmp_deg, NULL);
        if (st == GBC_OK) {
            for (size_t i = 0; i < m; i++) {
                P.deg[i] = pairs[2 * i];
                P.coef[i] = (int64_t)pairs[2 * i + 1];
            }
            P.n = m;
        }
        gbc_free(ctx, pairs);
        if (st != GBC_OK)
            goto done;
    }
    if (A.wn > 0)
        GBC_CHECK(st, merge_spill(ctx, &P, &A, exact), done);
    mi_upoly_clear(ctx, out);
    *out = P;
    mi_upoly_init(&P);
done:
    mi_upoly_clear(ctx, &P);
    acc_clear(ctx, &A);
    mi_ranks_clear(ctx, &R);
    return st;
}

gbc_status mi_hilbert_uni_stats(gbc_ctx *ctx, mi_upoly *out, const monideal *I,
                                mi_hilbert_stats *stats)
{
    return hilbert_uni(ctx, out, I, stats, 0);
}

gbc_status mi_hilbert_uni(gbc_ctx *ctx, mi_upoly *out, const monideal *I)
{
    return hilbert_uni(ctx, out, I, NULL, 0);
}

gbc_status mi_hilbert_uni_exact(gbc_ctx *ctx, mi_upoly *out, const monideal *I)
{
    return hilbert_uni(ctx, out, I, NULL, 1);
}

/* ------------------------------------------------------ dimension, degree -- */

gbc_status mi_dim_degree_from_hilbert(gbc_ctx *ctx, int64_t *dim, void *degree_mpz,
                                      const mi_upoly *N, uint32_t nvars)
{
    (void)ctx;
    if (N->n == 0) {
        if (dim)
            *dim = -1;
        if (degree_mpz)
            mpz_set_ui((mpz_ptr)degree_mpz, 0);
        return GBC_OK;
    }
    /* S_j = sum c_k * d_k (d_k - 1) ... (d_k - j + 1); the first j with S_j != 0
     * is the codimension c, and the degree is (-1)^c S_c / c!. */
    mpz_t s, f, t;
    mpz_inits(s, f, t, NULL);
    uint32_t c = 0;
    for (;; c++) {
        mpz_set_ui(s, 0);
        for (size_t i = 0; i < N->n; i++) {
            uint64_t d = N->deg[i];
            if (d < c)
                continue;
            if (N->big != NULL) {
                mpz_set(f, ((mpz_t *)N->big)[i]);
            } else {
                mpz_set_si(f, 0);
                mpz_add_i64(f, N->coef[i]);
            }
            for (uint32_t j = 0; j < c; j++) {
                mpz_set_ui(t, (unsigned long)((d - j) >> 32));
                mpz_mul_2exp(t, t, 32);
                mpz_add_ui(t, t, (unsigned long)((d - j) & 0xffffffffu));
                mpz_mul(f, f, t);
            }
            mpz_add(s, s, f);
        }
        if (mpz_sgn(s) != 0 || c >= nvars)
            break;
    }
    GBC_ASSERT(mpz_sgn(s) != 0);
    if (dim)
        *dim = (int64_t)nvars - (int64_t)c;
    if (degree_mpz) {
        mpz_ptr deg = (mpz_ptr)degree_mpz;
        mpz_fac_ui(f, c);
        mpz_divexact(deg, s, f);
        if (c & 1)
            mpz_neg(deg, deg);
    }
    mpz_clears(s, f, t, NULL);
    return GBC_OK;
}

/* Minimum vertex cover of the hypergraph whose edges are the supports of the
 * generators of rad(I): branch on the vertices of a smallest edge, bounded by a
 * greedy packing of disjoint edges. Edges are bitsets of w words. */
typedef struct vc_run {
    gbc_ctx *ctx;
    uint32_t w;
    mi_arena ar;
    uint32_t best;
} vc_run;

static int bs_empty(const uint64_t *a, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++)
        if (a[i])
            return 0;
    return 1;
}

static int bs_meet(const uint64_t *a, const uint64_t *b, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++)
        if (a[i] & b[i])
            return 1;
    return 0;
}

static uint32_t bs_count(const uint64_t *a, uint32_t w)
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < w; i++)
        c += (uint32_t)__builtin_popcountll(a[i]);
    return c;
}

static gbc_status vc_rec(vc_run *V, uint64_t *E, size_t m, uint32_t chosen)
{
    const uint32_t w = V->w;
    GBC_TRY(gbc_ctx_poll(V->ctx));
    if (m == 0) {
        if (chosen < V->best)
            V->best = chosen;
        return GBC_OK;
    }
    if (chosen + 1 >= V->best)
        return GBC_OK;
    /* lower bound: greedy packing of pairwise disjoint edges */
    mi_mark mark = mi_arena_mark(&V->ar);
    uint64_t *used = mi_arena_alloc(&V->ar, sizeof(uint64_t) * w);
    if (used == NULL)
        return gbc_ctx_alloc_status(V->ctx);
    memset(used, 0, sizeof(uint64_t) * w);
    uint32_t pack = 0;
    size_t small = 0;
    uint32_t smallc = UINT32_MAX;
    for (size_t i = 0; i < m; i++) {
        const uint64_t *e = E + i * w;
        uint32_t c = bs_count(e, w);
        if (c < smallc) {
            smallc = c;
            small = i;
        }
        if (!bs_meet(e, used, w)) {
            pack++;
            for (uint32_t j = 0; j < w; j++)
                used[j] |= e[j];
        }
    }
    gbc_status st = GBC_OK;
    if (chosen + pack >= V->best)
        goto out;
    /* branch on the vertices of the smallest edge: take vertex x (and none of the
     * vertices tried before it) */
    uint64_t *pick = mi_arena_alloc(&V->ar, sizeof(uint64_t) * w);
    uint64_t *F = mi_arena_alloc(&V->ar, sizeof(uint64_t) * w * (m ? m : 1));
    if (pick == NULL || F == NULL) {
        st = gbc_ctx_alloc_status(V->ctx);
        goto out;
    }
    memcpy(pick, E + small * w, sizeof(uint64_t) * w);
    for (uint32_t j = 0; j < w; j++) {
        while (pick[j] != 0) {
            uint64_t bit = pick[j] & (~pick[j] + 1);
            pick[j] &= ~bit;
            /* edges not containing the vertex; an edge emptied by the exclusions
             * can no longer be covered */
            size_t k = 0;
            int dead = 0;
            for (size_t i = 0; i < m; i++) {
                const uint64_t *e = E + i * w;
                if (e[j] & bit)
                    continue;
                if (bs_empty(e, w)) {
                    dead = 1;
                    break;
                }
                memcpy(F + k * w, e, sizeof(uint64_t) * w);
                k++;
            }
            if (!dead) {
                st = vc_rec(V, F, k, chosen + 1);
                if (st != GBC_OK)
                    goto out;
            }
            /* exclude the vertex from now on */
            for (size_t i = 0; i < m; i++)
                E[i * w + j] &= ~bit;
            for (size_t i = 0; i < m; i++)
                if (bs_empty(E + i * w, w))
                    goto out;
        }
    }
out:
    mi_arena_reset(&V->ar, mark);
    return st;
}

gbc_status mi_dim(gbc_ctx *ctx, int64_t *dim, const monideal *I)
{
    const uint32_t n = I->nvars;
    monideal Rd;
    mi_init(&Rd, n);
    gbc_status st = mi_radical(ctx, &Rd, I);
    if (st != GBC_OK)
        return st;
    if (mi_is_unit(&Rd)) {
        mi_clear(ctx, &Rd);
        *dim = -1;
        return GBC_OK;
    }
    if (Rd.n == 0) {
        mi_clear(ctx, &Rd);
        *dim = n;
        return GBC_OK;
    }
    vc_run V;
    V.ctx = ctx;
    V.w = (n + 63) / 64;
    V.best = n + 1;
    mi_arena_init(&V.ar, ctx);
    uint64_t *E = mi_arena_alloc(&V.ar, sizeof(uint64_t) * V.w * Rd.n);
    if (E == NULL) {
        st = gbc_ctx_alloc_status(ctx);
    } else {
        memset(E, 0, sizeof(uint64_t) * V.w * Rd.n);
        for (size_t i = 0; i < Rd.n; i++)
            for (uint32_t v = 0; v < n; v++)
                if (mi_row(&Rd, i)[v])
                    E[i * V.w + v / 64] |= (uint64_t)1 << (v % 64);
        st = vc_rec(&V, E, Rd.n, 0);
    }
    mi_arena_clear(&V.ar);
    mi_clear(ctx, &Rd);
    if (st == GBC_OK)
        *dim = (int64_t)n - (int64_t)V.best;
    return st;
}
