/* Tests for common/: the checked allocator (limits, fault injection), growth, RNG,
 * polling, the one sort (common/sort.h) and the pool's background task
 * (common/pool.h). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/common.h"
#include "common/pool.h"
#include "common/sort.h"
#include "testutil.h"

START_TEST(test_alloc_accounting)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    void *p = gbc_malloc(&ctx, 1000);
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_ge(ctx.mem_used, 1000);
    p = gbc_realloc(&ctx, p, 5000);
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_ge(ctx.mem_used, 5000);
    ck_assert_uint_ge(ctx.mem_peak, ctx.mem_used);
    gbc_free(&ctx, p);
    ck_assert_uint_eq(ctx.mem_used, 0);
}
END_TEST

START_TEST(test_alloc_limit)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.mem_limit = 4096;
    void *p = gbc_malloc(&ctx, 1000);
    ck_assert_ptr_nonnull(p);
    void *q = gbc_malloc(&ctx, 4000);
    ck_assert_ptr_null(q);
    ck_assert_int_eq(gbc_ctx_alloc_status(&ctx), GBC_ERR_LIMIT);
    gbc_free(&ctx, p);
    q = gbc_malloc(&ctx, 4000);
    ck_assert_ptr_nonnull(q);
    gbc_free(&ctx, q);
}
END_TEST

START_TEST(test_alloc_fault_injection)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.fail_at = 3;
    void *a = gbc_malloc(&ctx, 10), *b = gbc_malloc(&ctx, 10), *c = gbc_malloc(&ctx, 10);
    void *d = gbc_malloc(&ctx, 10);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_ptr_null(c);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(gbc_ctx_alloc_status(&ctx), GBC_ERR_NOMEM);
    gbc_free(&ctx, a);
    gbc_free(&ctx, b);
    gbc_free(&ctx, d);
}
END_TEST

START_TEST(test_alloc_overflow)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ck_assert_ptr_null(gbc_calloc(&ctx, SIZE_MAX / 2, 4));
    ck_assert_ptr_null(gbc_malloc(&ctx, SIZE_MAX - 4));
    uint32_t *v = NULL;
    ck_assert_int_ne(GBC_ALLOC(&ctx, v, SIZE_MAX / 2), GBC_OK);
}
END_TEST

START_TEST(test_grow)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    uint32_t *v = NULL;
    size_t cap = 0;
    for (uint32_t i = 0; i < 100000; i++) {
        ck_assert_int_eq(GBC_GROW(&ctx, v, cap, (size_t)i + 1), GBC_OK);
        v[i] = i * 7;
    }
    for (uint32_t i = 0; i < 100000; i++)
        ck_assert_uint_eq(v[i], i * 7);
    ck_assert_uint_ge(cap, 100000);
    gbc_free(&ctx, v);
}
END_TEST

START_TEST(test_rng)
{
    gbc_rng a, b;
    gbc_rng_seed(&a, 42);
    gbc_rng_seed(&b, 42);
    for (int i = 0; i < 100; i++)
        ck_assert_uint_eq(gbc_rng_next(&a), gbc_rng_next(&b));
    gbc_rng_seed(&a, tu_seed());
    int counts[10] = {0};
    for (int i = 0; i < 100000; i++) {
        uint64_t x = gbc_rng_below(&a, 10);
        ck_assert_uint_lt(x, 10);
        counts[x]++;
    }
    for (int i = 0; i < 10; i++) {
        ck_assert_int_gt(counts[i], 9000);
        ck_assert_int_lt(counts[i], 11000);
    }
}
END_TEST

static int stop_now(void *d)
{
    return *(int *)d;
}

START_TEST(test_poll)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    int flag = 0;
    ctx.interrupt = stop_now;
    ctx.interrupt_data = &flag;
    for (int i = 0; i < 1000; i++)
        ck_assert_int_eq(gbc_ctx_poll(&ctx), GBC_OK);
    flag = 1;
    gbc_status st = GBC_OK;
    double t0 = gbc_wall_time();
    while (st == GBC_OK && gbc_wall_time() - t0 < 1.0)
        st = gbc_ctx_poll(&ctx);
    ck_assert_int_eq(st, GBC_ERR_INTERRUPTED);
    atomic_int cancel = 1;
    gbc_ctx_init(&ctx);
    ctx.cancel = &cancel;
    ck_assert_int_eq(gbc_ctx_poll(&ctx), GBC_ERR_INTERRUPTED);
}
END_TEST

/* ------------------------------------------------------------------ sort -- */

/* Test records for gbc_sort_cmp, size bytes each: a key (compared) and the input
 * position (not compared, it proves stability), the rest filled from the position
 * so that a record torn apart by a move is caught. Size 4 packs both into one word:
 * the key in the high 12 bits, the position in the low 20. */
enum { REC_POSBITS = 20 };

typedef struct rec_ref {
    uint32_t key, pos;
} rec_ref;

static void rec_put(unsigned char *r, size_t size, uint32_t key, uint32_t pos)
{
    if (size == 4) {
        uint32_t w = key << REC_POSBITS | pos;
        memcpy(r, &w, 4);
        return;
    }
    memcpy(r, &key, 4);
    memcpy(r + 4, &pos, 4);
    for (size_t b = 8; b < size; b++)
        r[b] = (unsigned char)(pos * 31u + b);
}

static rec_ref rec_get(const unsigned char *r, size_t size)
{
    rec_ref x;
    if (size == 4) {
        uint32_t w;
        memcpy(&w, r, 4);
        x.key = w >> REC_POSBITS;
        x.pos = w & ((1u << REC_POSBITS) - 1);
        return x;
    }
    memcpy(&x.key, r, 4);
    memcpy(&x.pos, r + 4, 4);
    for (size_t b = 8; b < size; b++)
        T_ASSERT(r[b] == (unsigned char)(x.pos * 31u + b));
    return x;
}

typedef struct rec_arg {
    size_t size;
    uint64_t calls;      /* comparisons so far */
    uint64_t stop_at;    /* raise the cancel flag at this comparison (0: never) */
    atomic_int cancel;
} rec_arg;

static int rec_cmp(const void *a, const void *b, void *arg)
{
    rec_arg *A = arg;
    if (++A->calls == A->stop_at)
        atomic_store(&A->cancel, 1);
    uint32_t ka = rec_get(a, A->size).key, kb = rec_get(b, A->size).key;
    return (ka > kb) - (ka < kb);
}

/* qsort comparison of the reference: by key, then input position. */
static int ref_cmp(const void *a, const void *b)
{
    const rec_ref *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* n keys below range, in one of three shapes: 0 random, 1 ascending, 2 descending. */
static void make_keys(uint32_t *key, size_t n, uint32_t range, int shape, gbc_rng *r)
{
    for (size_t i = 0; i < n; i++)
        key[i] = (uint32_t)gbc_rng_below(r, range);
    if (shape == 0)
        return;
    rec_ref *t = malloc((n ? n : 1) * sizeof *t);
    for (size_t i = 0; i < n; i++)
        t[i] = (rec_ref){key[i], (uint32_t)i};
    qsort(t, n, sizeof *t, ref_cmp);
    for (size_t i = 0; i < n; i++)
        key[i] = t[shape == 1 ? i : n - 1 - i].key;
    free(t);
}

/* Sort n records of the given size with keys below range; compare with the
 * reference (qsort on (key, position), i.e. the stable order). */
static void check_sort_cmp(size_t size, size_t n, uint32_t range, int shape, gbc_rng *r)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    uint32_t *key = malloc((n ? n : 1) * sizeof *key);
    unsigned char *a = malloc((n ? n : 1) * size);
    rec_ref *ref = malloc((n ? n : 1) * sizeof *ref);
    make_keys(key, n, range, shape, r);
    for (size_t i = 0; i < n; i++) {
        rec_put(a + i * size, size, key[i], (uint32_t)i);
        ref[i] = (rec_ref){key[i], (uint32_t)i};
    }
    qsort(ref, n, sizeof *ref, ref_cmp);
    rec_arg A = {.size = size};
    T_ASSERT(gbc_sort_cmp(&ctx, a, n, size, rec_cmp, &A) == GBC_OK);
    for (size_t i = 0; i < n; i++) {
        rec_ref x = rec_get(a + i * size, size);
        T_ASSERT_MSG(x.key == ref[i].key && x.pos == ref[i].pos,
                     "size %zu n %zu range %u shape %d: element %zu is (%u, %u), "
                     "not (%u, %u)", size, n, range, shape, i, x.key, x.pos, ref[i].key,
                     ref[i].pos);
    }
    T_ASSERT(ctx.mem_used == 0);
    T_ASSERT(n > 16 || ctx.nalloc == 0); /* short arrays need no scratch */
    free(key);
    free(a);
    free(ref);
}

START_TEST(test_sort_cmp)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    static const size_t sizes[] = {4, 8, 12, 16, 24, 100};
    static const size_t lens[] = {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 64, 100, 1000, 4097};
    static const uint32_t ranges[] = {1, 2, 10, 1000, 4096};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (size_t l = 0; l < sizeof lens / sizeof *lens; l++)
            for (size_t k = 0; k < sizeof ranges / sizeof *ranges; k++)
                for (int shape = 0; shape < 3; shape++)
                    check_sort_cmp(sizes[s], lens[l], ranges[k], shape, &r);
    /* random lengths, many equal keys */
    for (int it = 0; it < 20 * tu_mult(); it++) {
        size_t n = (size_t)gbc_rng_below(&r, 20000) + 1;
        uint32_t range = (uint32_t)gbc_rng_below(&r, 50) + 1;
        check_sort_cmp(sizes[gbc_rng_below(&r, 6)], n, range, 0, &r);
    }
}
END_TEST

typedef struct key_pos {
    uint64_t key, pos;
} key_pos;

static int key_pos_cmp(const void *a, const void *b)
{
    const key_pos *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* Sort idx0 by key with gbc_sort_by_key and compare with the stable order: an
 * insertion sort with a strict comparison for short inputs, qsort on (key,
 * position) otherwise. */
static void check_sort_by_key(const uint32_t *idx0, size_t n, const uint64_t *key)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    uint32_t *idx = malloc((n ? n : 1) * sizeof *idx);
    uint32_t *want = malloc((n ? n : 1) * sizeof *want);
    memcpy(idx, idx0, n * sizeof *idx);
    T_ASSERT(gbc_sort_by_key(&ctx, idx, n, key) == GBC_OK);
    T_ASSERT(ctx.mem_used == 0);
    if (n <= 2000) {
        for (size_t i = 0; i < n; i++) {
            size_t j = i;
            for (; j > 0 && key[want[j - 1]] > key[idx0[i]]; j--)
                want[j] = want[j - 1];
            want[j] = idx0[i];
        }
    } else {
        key_pos *t = malloc(n * sizeof *t);
        for (size_t i = 0; i < n; i++)
            t[i] = (key_pos){key[idx0[i]], i};
        qsort(t, n, sizeof *t, key_pos_cmp);
        for (size_t i = 0; i < n; i++)
            want[i] = idx0[t[i].pos];
        free(t);
    }
    for (size_t i = 0; i < n; i++)
        T_ASSERT_MSG(idx[i] == want[i], "n %zu: idx[%zu] = %u, want %u", n, i, idx[i],
                     want[i]);
    free(idx);
    free(want);
}

START_TEST(test_sort_by_key)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x50f7);
    static const size_t lens[] = {0, 1, 2, 16, 17, 33, 500, 5000};
    for (size_t l = 0; l < sizeof lens / sizeof *lens; l++) {
        size_t n = lens[l];
        for (int kind = 0; kind < 4; kind++) {
            size_t m = n + 5;
            uint64_t *key = malloc(m * sizeof *key);
            uint32_t *idx = malloc((n ? n : 1) * sizeof *idx);
            for (size_t i = 0; i < m; i++) {
                uint64_t x = gbc_rng_next(&r);
                key[i] = kind == 0 ? x % 3                        /* many ties */
                         : kind == 1 ? (x & 1 ? UINT64_MAX : 0)   /* the extremes */
                         : kind == 2 ? x                          /* distinct */
                                     : UINT64_MAX - i / 4;        /* descending runs */
            }
            /* a random permutation of m indices, truncated to n, with a few repeats */
            uint32_t *perm = malloc(m * sizeof *perm);
            for (size_t i = 0; i < m; i++)
                perm[i] = (uint32_t)i;
            for (size_t i = m; i-- > 1;) {
                size_t j = (size_t)gbc_rng_below(&r, i + 1);
                uint32_t t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
            }
            for (size_t i = 0; i < n; i++)
                idx[i] = i % 7 == 3 ? perm[0] : perm[i];
            check_sort_by_key(idx, n, key);
            free(key);
            free(idx);
            free(perm);
        }
    }
    for (int it = 0; it < 10 * tu_mult(); it++) {
        size_t n = (size_t)gbc_rng_below(&r, 50000) + 1;
        uint64_t *key = malloc(n * sizeof *key);
        uint32_t *idx = malloc(n * sizeof *idx);
        uint64_t range = gbc_rng_below(&r, 100) + 1;
        for (size_t i = 0; i < n; i++) {
            key[i] = gbc_rng_below(&r, range);
            idx[i] = (uint32_t)(n - 1 - i);
        }
        check_sort_by_key(idx, n, key);
        free(key);
        free(idx);
    }
}
END_TEST

/* Allocation failures leave the array untouched; arrays of at most 16 elements
 * need no scratch and cannot fail. */
START_TEST(test_sort_nomem)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0xa110c);
    const size_t n = 1000;
    uint32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    uint64_t *key = malloc(n * sizeof *key);
    for (size_t i = 0; i < n; i++) {
        a[i] = b[i] = (uint32_t)gbc_rng_below(&r, 50) << REC_POSBITS | (uint32_t)i;
        key[i] = gbc_rng_below(&r, 50);
    }
    rec_arg A = {.size = 4};
    for (int limit = 0; limit < 2; limit++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        if (limit)
            ctx.mem_limit = 100;
        else
            ctx.fail_at = 1;
        gbc_status want = limit ? GBC_ERR_LIMIT : GBC_ERR_NOMEM;
        ck_assert_int_eq(gbc_sort_cmp(&ctx, a, n, 4, rec_cmp, &A), want);
        ck_assert_int_eq(memcmp(a, b, n * sizeof *a), 0);
        ctx.nalloc = 0;
        ck_assert_int_eq(gbc_sort_by_key(&ctx, a, n, key), want);
        ck_assert_int_eq(memcmp(a, b, n * sizeof *a), 0);
        ck_assert_uint_eq(ctx.mem_used, 0);
        /* short: no allocation, sorted */
        ctx.nalloc = 0;
        ck_assert_int_eq(gbc_sort_cmp(&ctx, a, 16, 4, rec_cmp, &A), GBC_OK);
        for (size_t i = 1; i < 16; i++)
            ck_assert_uint_le(a[i - 1], a[i]); /* equal keys: positions ascending */
        for (size_t i = 0; i < 16; i++)
            a[i] = (uint32_t)(15 - i);
        ck_assert_int_eq(gbc_sort_by_key(&ctx, a, 16, key), GBC_OK);
        for (size_t i = 1; i < 16; i++)
            ck_assert_uint_le(key[a[i - 1]], key[a[i]]);
        ck_assert_uint_eq(ctx.nalloc, 0);
        memcpy(a, b, n * sizeof *a);
    }
    /* sizes whose byte count overflows: refused before the array is touched */
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ck_assert_int_eq(gbc_sort_cmp(&ctx, a, SIZE_MAX / 2, 4, rec_cmp, &A), GBC_ERR_NOMEM);
    ck_assert_int_eq(gbc_sort_by_key(&ctx, a, SIZE_MAX / 2, key), GBC_ERR_NOMEM);
    ck_assert_int_eq(memcmp(a, b, n * sizeof *a), 0);
    free(a);
    free(b);
    free(key);
}
END_TEST

/* A stop request mid-sort: GBC_ERR_INTERRUPTED and a permutation of the input (or,
 * when the request came too late to be seen, a correct sort). */
START_TEST(test_sort_interrupt)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x570b);
    const size_t n = 50000, size = 8;
    unsigned char *a = malloc(n * size);
    uint32_t *seen = malloc(n * sizeof *seen);
    static const uint64_t stops[] = {1, 20000, 200000, 500000, 700000, 0};
    int interrupted = 0;
    for (size_t s = 0; s < sizeof stops / sizeof *stops; s++) {
        for (size_t i = 0; i < n; i++)
            rec_put(a + i * size, size, (uint32_t)gbc_rng_below(&r, 100), (uint32_t)i);
        rec_arg A = {.size = size, .stop_at = stops[s]};
        atomic_init(&A.cancel, 0);
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.cancel = &A.cancel;
        gbc_status st = gbc_sort_cmp(&ctx, a, n, size, rec_cmp, &A);
        T_ASSERT(st == GBC_OK || st == GBC_ERR_INTERRUPTED);
        T_ASSERT(stops[s] != 1 || st == GBC_ERR_INTERRUPTED);
        T_ASSERT(stops[s] != 0 || st == GBC_OK);
        interrupted += st == GBC_ERR_INTERRUPTED;
        memset(seen, 0, n * sizeof *seen);
        for (size_t i = 0; i < n; i++) {
            rec_ref x = rec_get(a + i * size, size);
            T_ASSERT(x.pos < n && seen[x.pos] == 0);
            seen[x.pos] = 1;
            if (st == GBC_OK && i > 0) {
                rec_ref y = rec_get(a + (i - 1) * size, size);
                T_ASSERT(y.key < x.key || (y.key == x.key && y.pos < x.pos));
            }
        }
        T_ASSERT(ctx.mem_used == 0);
    }
    ck_assert_int_ge(interrupted, 1);
    /* the key sort: stopped before it starts, idx is still a permutation */
    uint32_t *idx = malloc(n * sizeof *idx);
    uint64_t *key = malloc(n * sizeof *key);
    for (size_t i = 0; i < n; i++) {
        idx[i] = (uint32_t)(n - 1 - i);
        key[i] = gbc_rng_below(&r, 10);
    }
    atomic_int cancel = 1;
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.cancel = &cancel;
    ck_assert_int_eq(gbc_sort_by_key(&ctx, idx, n, key), GBC_ERR_INTERRUPTED);
    memset(seen, 0, n * sizeof *seen);
    for (size_t i = 0; i < n; i++) {
        T_ASSERT(idx[i] < n && seen[idx[i]] == 0);
        seen[idx[i]] = 1;
    }
    ck_assert_uint_eq(ctx.mem_used, 0);
    free(idx);
    free(key);
    free(a);
    free(seen);
}
END_TEST

/* ------------------------------------------------------------- pool -- */

/* A job of the pool: every part counts its runs; the parts of one job are
 * counted per job (hits[job][part]). */
typedef struct pool_job {
    atomic_int hits[4][8];
    int job;
} pool_job;

static void pool_part(void *arg, int t)
{
    pool_job *J = arg;
    atomic_fetch_add(&J->hits[J->job][t], 1);
}

/* The background task: counts itself, then waits (sleeping, at most ~10 s) until
 * released, so that jobs run while it holds its thread. */
typedef struct pool_bg {
    atomic_int runs, release;
} pool_bg;

static void pool_bg_task(void *arg)
{
    pool_bg *T = arg;
    atomic_fetch_add(&T->runs, 1);
    struct timespec ts = {0, 1000000};
    for (int i = 0; i < 10000 && !atomic_load(&T->release); i++)
        nanosleep(&ts, NULL);
}

/* gbc_pool_async: the task runs once on a thread; jobs run while it holds its
 * thread run every part exactly once (the busy thread's in the caller), with
 * every number of parts; a second task is refused while one is given; after the
 * wait, jobs use every thread again; a pool freed with a task given waits for it.
 * (tsan runs this case: ctest's common/t-common-pool.) */
START_TEST(test_pool_async)
{
    for (int size = 2; size <= 4; size++) {
        gbc_pool *P = gbc_pool_new(NULL, size);
        ck_assert_ptr_nonnull(P);
        pool_bg T;
        atomic_init(&T.runs, 0);
        atomic_init(&T.release, 0);
        ck_assert_int_eq(gbc_pool_async(P, pool_bg_task, &T), 1);
        ck_assert_int_eq(gbc_pool_async(P, pool_bg_task, &T), 0); /* one at a time */
        pool_job J;
        memset(&J, 0, sizeof J);
        for (int job = 0; job < 3; job++) {
            J.job = job;
            gbc_pool_run(P, pool_part, &J, job == 0 ? size : job == 1 ? 1 : size - 1);
        }
        atomic_store(&T.release, 1);
        gbc_pool_async_wait(P);
        ck_assert_int_eq(atomic_load(&T.runs), 1);
        J.job = 3;
        gbc_pool_run(P, pool_part, &J, size);
        int want[4] = {size, 1, size - 1, size};
        for (int job = 0; job < 4; job++)
            for (int t = 0; t < 8; t++)
                ck_assert_msg(atomic_load(&J.hits[job][t]) == (t < want[job]),
                              "size %d job %d part %d ran %d times", size, job, t,
                              atomic_load(&J.hits[job][t]));
        /* again, and freed while the task holds its thread */
        atomic_store(&T.release, 0);
        ck_assert_int_eq(gbc_pool_async(P, pool_bg_task, &T), 1);
        atomic_store(&T.release, 1);
        gbc_pool_free(NULL, P);
        ck_assert_int_eq(atomic_load(&T.runs), 2);
    }
    /* a pool of one part has no thread to spare */
    gbc_pool *P = gbc_pool_new(NULL, 1);
    ck_assert_ptr_nonnull(P);
    pool_bg T;
    atomic_init(&T.runs, 0);
    atomic_init(&T.release, 1);
    ck_assert_int_eq(gbc_pool_async(P, pool_bg_task, &T), 0);
    gbc_pool_async_wait(P);
    ck_assert_int_eq(atomic_load(&T.runs), 0);
    gbc_pool_free(NULL, P);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("common");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_alloc_accounting);
    tcase_add_test(tc, test_alloc_limit);
    tcase_add_test(tc, test_alloc_fault_injection);
    tcase_add_test(tc, test_alloc_overflow);
    tcase_add_test(tc, test_grow);
    tcase_add_test(tc, test_rng);
    tcase_add_test(tc, test_poll);
    tcase_add_test(tc, test_sort_cmp);
    tcase_add_test(tc, test_sort_by_key);
    tcase_add_test(tc, test_sort_nomem);
    tcase_add_test(tc, test_sort_interrupt);
    suite_add_tcase(s, tc);
    TCase *tp = tcase_create("pool");
    tcase_add_test(tp, test_pool_async);
    suite_add_tcase(s, tp);
    return tu_run(s);
}
