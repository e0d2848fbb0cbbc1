/* common/sort: the merge sort behind gbc_sort_cmp and gbc_sort_by_key (and a radix
 * sort for gbc_sort_by_key's long lists). Leaves of
 * 8 to 16 elements sorted by insertion, merged without recursion in the order of
 * the top-down recursion on halves (so every merge is balanced and runs depth
 * first, in cache); each merge moves its left run to the scratch and merges it
 * back. The parts are inlined into each entry point with a constant element size,
 * so the moves are fixed-size copies and gbc_sort_by_key's key comparison is
 * inlined too. */
#include "common/sort.h"

#if defined(__GNUC__)
#define SORT_INLINE static inline __attribute__((always_inline))
#else
#define SORT_INLINE static inline
#endif

enum {
    SORT_RUN = 16,     /* longest leaf sorted by insertion */
    SORT_POLL = 4096,  /* elements between two checks of the context */
    SORT_LOCAL = 64,   /* elements up to this size are held in a local copy */
    SORT_RADIX = 2048  /* gbc_sort_by_key's lists from this length: by radix */
};

/* Exchange two blocks of size bytes (elements too large for the local copy). */
static void swap_bytes(unsigned char *a, unsigned char *b, size_t size)
{
    unsigned char t[SORT_LOCAL];
    while (size > 0) {
        size_t k = size < sizeof t ? size : sizeof t;
        memcpy(t, a, k);
        memcpy(a, b, k);
        memcpy(b, t, k);
        a += k;
        b += k;
        size -= k;
    }
}

/* Stable insertion sort of n elements at a. */
SORT_INLINE void ins_sort(unsigned char *a, size_t n, size_t size, gbc_cmp_fn cmp,
                          void *arg)
{
    if (size > SORT_LOCAL) {
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size, arg) > 0; j--)
                swap_bytes(a + (j - 1) * size, a + j * size, size);
        return;
    }
    union {
        max_align_t align_;
        unsigned char b[SORT_LOCAL];
    } x;
    for (size_t i = 1; i < n; i++) {
        unsigned char *p = a + i * size;
        if (cmp(p - size, p, arg) <= 0)
            continue;
        memcpy(x.b, p, size);
        size_t j = i;
        do {
            memcpy(a + j * size, a + (j - 1) * size, size);
            j--;
        } while (j > 0 && cmp(a + (j - 1) * size, x.b, arg) > 0);
        memcpy(a + j * size, x.b, size);
    }
}

/* Spend one unit of the polling budget: check ctx every SORT_POLL units. */
#define SORT_TICK(ctx, budget, st, label)                                      \
    do {                                                                       \
        if (GBC_UNLIKELY(--(budget) == 0)) {                                   \
            (budget) = SORT_POLL;                                              \
            if (((st) = gbc_ctx_check(ctx)) != GBC_OK)                         \
                goto label;                                                    \
        }                                                                      \
    } while (0)

/* Merge the sorted runs a[0..l) and a[l..l+r) stably in place, l <= r + 1, with
 * scratch tmp of l elements: the left run goes to tmp and is merged back. On a
 * stop the elements still in tmp go back into the gap they left, so a stays a
 * permutation. */
SORT_INLINE gbc_status merge2(gbc_ctx *ctx, unsigned char *a, unsigned char *tmp, size_t l,
                              size_t r, size_t size, gbc_cmp_fn cmp, void *arg,
                              size_t *budget)
{
    gbc_status st = GBC_OK;
    if (cmp(a + (l - 1) * size, a + l * size, arg) <= 0)
        return GBC_OK; /* already in order (common on nearly sorted input) */
    memcpy(tmp, a, l * size);
    size_t i = 0, j = l, o = 0, n = l + r; /* tmp[i..l) and a[j..n) into a[o..) */
    while (i < l && j < n) {
        SORT_TICK(ctx, *budget, st, stop);
        /* branch-free: the outcome of a comparison is unpredictable */
        size_t right = cmp(a + j * size, tmp + i * size, arg) < 0;
        memcpy(a + o++ * size, right ? a + j * size : tmp + i * size, size);
        j += right;
        i += 1 - right;
    }
stop:
    memcpy(a + o * size, tmp + i * size, (l - i) * size);
    return st;
}

/* The merge sort of n > SORT_RUN elements at base with scratch tmp (room for
 * n / 2 + 1 elements), without recursion: the array is cut into 2^k leaves of
 * n / 2^k elements (rounded down or up; between 8 and 16), sorted by insertion
 * from left to right and merged as a binary counter, i.e. in the order of the
 * top-down recursion on halves. So the two runs of every merge differ in length by
 * at most one, and merges happen depth first: the elements of a small merge (and
 * whatever the comparison reads for them) are still in cache. */
SORT_INLINE gbc_status merge_sort(gbc_ctx *ctx, unsigned char *base, unsigned char *tmp,
                                  size_t n, size_t size, gbc_cmp_fn cmp, void *arg)
{
    gbc_status st = GBC_OK;
    unsigned k = 1;
    while ((n - 1) >> k >= SORT_RUN) /* smallest k with n <= 16 * 2^k */
        k++;
    const size_t leaves = (size_t)1 << k, q = n >> k, rem = n & (leaves - 1);
    /* stack of sorted runs: start, length and number of leaves (decreasing powers
     * of two from the bottom, so at most k + 1 <= 64 of them) */
    size_t start[64], len[64], cnt[64], top = 0, budget = 1, lo = 0, err = 0;
    for (size_t leaf = 0; leaf < leaves; leaf++) {
        /* leaf ends at floor((leaf + 1) * n / 2^k), computed without overflow */
        size_t m = q;
        err += rem;
        if (err >= leaves) {
            err -= leaves;
            m++;
        }
        if (budget <= m) {
            budget = SORT_POLL;
            if ((st = gbc_ctx_check(ctx)) != GBC_OK)
                return st;
        } else {
            budget -= m;
        }
        ins_sort(base + lo * size, m, size, cmp, arg);
        start[top] = lo;
        len[top] = m;
        cnt[top++] = 1;
        lo += m;
        while (top >= 2 && cnt[top - 2] == cnt[top - 1]) {
            st = merge2(ctx, base + start[top - 2] * size, tmp, len[top - 2], len[top - 1],
                        size, cmp, arg, &budget);
            if (st != GBC_OK)
                return st;
            len[top - 2] += len[top - 1];
            cnt[top - 2] *= 2;
            top--;
        }
    }
    GBC_ASSERT(top == 1 && lo == n);
    return st;
}

gbc_status gbc_sort_cmp(gbc_ctx *ctx, void *base, size_t n, size_t size, gbc_cmp_fn cmp,
                        void *arg)
{
    unsigned char *a = base;
    if (n < 2 || size == 0)
        return GBC_OK;
    if (n <= SORT_RUN) {
        switch (size) {
        case 4: ins_sort(a, n, 4, cmp, arg); break;
        case 8: ins_sort(a, n, 8, cmp, arg); break;
        case 16: ins_sort(a, n, 16, cmp, arg); break;
        default: ins_sort(a, n, size, cmp, arg); break;
        }
        return GBC_OK;
    }
    unsigned char *tmp = NULL;
    gbc_status st = gbc_alloc_array(ctx, (void **)&tmp, n / 2 + 1, size);
    if (st != GBC_OK)
        return st;
    switch (size) {
    case 4: st = merge_sort(ctx, a, tmp, n, 4, cmp, arg); break;
    case 8: st = merge_sort(ctx, a, tmp, n, 8, cmp, arg); break;
    case 16: st = merge_sort(ctx, a, tmp, n, 16, cmp, arg); break;
    default: st = merge_sort(ctx, a, tmp, n, size, cmp, arg); break;
    }
    gbc_free(ctx, tmp);
    return st;
}

/* A (key, index) record of gbc_sort_by_key: sorting these keeps each key next to
 * its index instead of chasing key[idx[i]] on every comparison. */
typedef struct sort_kv {
    uint64_t key;
    uint64_t idx;
} sort_kv;

static int kv_cmp(const void *a, const void *b, void *arg)
{
    (void)arg;
    const sort_kv *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

/* Long lists by key: a least-significant-digit radix sort on the keys' eight
 * bytes (stable, as the merge sort; the same result), the counts of all eight
 * taken in one pass and the bytes on which every key agrees (the degree in the top
 * bytes of a grevlex chunk, say) skipped: about a tenth of the merge sort's
 * instructions on 150,000 column keys. */
static gbc_status radix_by_key(gbc_ctx *ctx, uint32_t *idx, size_t n, const uint64_t *key)
{
    size_t n2;
    if (gbc_add_size(&n2, n, n))
        return GBC_ERR_NOMEM;
    sort_kv *r;
    GBC_TRY(GBC_ALLOC(ctx, r, n2));
    sort_kv *a = r, *b = r + n;
    size_t (*cnt)[256];
    gbc_status st = gbc_alloc_array(ctx, (void **)&cnt, 8, sizeof *cnt);
    if (st != GBC_OK) {
        gbc_free(ctx, r);
        return st;
    }
    memset(cnt, 0, 8 * sizeof *cnt);
    for (size_t i = 0; i < n; i++) {
        const uint64_t k = key[idx[i]];
        a[i].key = k;
        a[i].idx = idx[i];
        for (unsigned d = 0; d < 8; d++)
            cnt[d][(k >> (8 * d)) & 255]++;
    }
    for (unsigned d = 0; d < 8 && st == GBC_OK; d++) {
        if (cnt[d][(a[0].key >> (8 * d)) & 255] == n)
            continue; /* every key has this byte */
        size_t pos[256], sum = 0;
        for (unsigned v = 0; v < 256; v++) {
            pos[v] = sum;
            sum += cnt[d][v];
        }
        for (size_t i = 0; i < n; i++)
            b[pos[(a[i].key >> (8 * d)) & 255]++] = a[i];
        sort_kv *t = a;
        a = b;
        b = t;
        st = gbc_ctx_check(ctx);
    }
    /* after a stop a is still a permutation of the input: written back either way */
    for (size_t i = 0; i < n; i++)
        idx[i] = (uint32_t)a[i].idx;
    gbc_free(ctx, cnt);
    gbc_free(ctx, r);
    return st;
}

gbc_status gbc_sort_by_key(gbc_ctx *ctx, uint32_t *idx, size_t n, const uint64_t *key)
{
    if (n < 2)
        return GBC_OK;
    if (n <= SORT_RUN) {
        for (size_t i = 1; i < n; i++) {
            uint32_t x = idx[i];
            uint64_t kx = key[x];
            size_t j = i;
            for (; j > 0 && key[idx[j - 1]] > kx; j--)
                idx[j] = idx[j - 1];
            idx[j] = x;
        }
        return GBC_OK;
    }
    if (n >= SORT_RADIX)
        return radix_by_key(ctx, idx, n, key);
    size_t n2; /* the records, then the merge scratch */
    if (gbc_add_size(&n2, n, n / 2 + 1))
        return GBC_ERR_NOMEM;
    sort_kv *r;
    GBC_TRY(GBC_ALLOC(ctx, r, n2));
    for (size_t i = 0; i < n; i++) {
        r[i].key = key[idx[i]];
        r[i].idx = idx[i];
    }
    gbc_status st = merge_sort(ctx, (unsigned char *)r, (unsigned char *)(r + n), n,
                               sizeof(sort_kv), kv_cmp, NULL);
    /* after a stop r is still a permutation of the input: write it back either way */
    for (size_t i = 0; i < n; i++)
        idx[i] = (uint32_t)r[i].idx;
    gbc_free(ctx, r);
    return st;
}
