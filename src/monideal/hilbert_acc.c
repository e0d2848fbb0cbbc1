/* monideal/hilbert_acc: where the Hilbert recursion's terms go. A hash table of
 * exponent rows with int64 coefficients for the multigraded numerator, an array
 * by degree for the univariate one, and beside it the "spill" of GMP addends per
 * degree that takes what would overflow int64 (the strategy: hilbert.c). */
#include <gmp.h>
#include <stdlib.h>

#include "monideal/hilbert_int.h"

/* A slot of a termtab: the hash (0: empty), the coefficient, the key. */
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

void mih_tt_init(termtab *T, gbc_ctx *ctx, size_t kw)
{
    memset(T, 0, sizeof *T);
    T->ctx = ctx;
    T->kw = kw;
    T->sw = (16 + kw + 7) & ~(size_t)7;
}

void mih_tt_clear(termtab *T)
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
int mih_tt_entry(const termtab *T, size_t i, const uint8_t **key, int64_t *coef)
{
    const uint8_t *p = T->slots + i * T->sw;
    if (TT_HASH(p) == 0 || TT_COEF(p) == 0)
        return 0;
    *key = TT_KEY(p);
    *coef = TT_COEF(p);
    return 1;
}
/* w += c for an int64 c (mpz_add_si does not exist; long may be narrower). */
void mih_mpz_add_i64(mpz_t w, int64_t c)
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
    mih_mpz_add_i64(w, c);
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

gbc_status mih_acc_add_u32(acc *A, const uint32_t *e, int64_t c)
{
    A->adds++;
    if (!A->uni)
        return tt_add(&A->tab, (const uint8_t *)e, c);
    uint64_t d = 0;
    for (uint32_t v = 0; v < A->n; v++)
        d += e[v];
    return acc_add_deg(A, d, c);
}

gbc_status mih_acc_add_u8(acc *A, const uint8_t *e, int64_t c)
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
int mih_mpz_to_i64(int64_t *out, const mpz_t w)
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
    if (mih_mpz_to_i64(&v, c))
        return acc_add_deg(A, d, v);
    mpz_ptr w = acc_spill_slot(A, d);
    if (w == NULL)
        return gbc_ctx_alloc_status(A->tab.ctx);
    mpz_add(w, w, c);
    return GBC_OK;
}

/* mih_acc_uni_product with GMP coefficients, for when the int64 product overflows
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
gbc_status mih_acc_uni_product(acc *A, uint64_t dq, const uint64_t *d, size_t k)
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
void mih_acc_clear(gbc_ctx *ctx, acc *A)
{
    mih_tt_clear(&A->tab);
    gbc_free(ctx, A->dense);
    A->dense = NULL;
    acc_spill_clear(ctx, A);
}
