/* Tests for divlookup/: the list and the kd-tree give the same answers on
 * random streams of insertions, divisor queries and removals (the tree may return
 * a different divisor: checked to divide); the edge cases of both. */
#include <stdlib.h>

#include "divlookup/divlookup.h"
#include "monideal/mi_check.h"
#include "testutil.h"

static int divides(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    return mono_divides(a, b, n);
}

typedef struct visit {
    uint32_t *vals;
    size_t n;
    size_t stop_after;
} visit;

static int collect(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    visit *v = data;
    v->vals[v->n++] = val;
    return v->stop_after != 0 && v->n >= v->stop_after ? 7 : 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

typedef struct removed {
    uint32_t *vals;
    size_t n;
} removed;

static void on_remove(void *data, uint32_t val)
{
    removed *r = data;
    r->vals[r->n++] = val;
}

/* One random stream through both implementations. */
static void run_stream(uint64_t seed, uint32_t n, size_t ops, uint32_t maxexp, uint32_t stack)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, seed);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    mono_divmask dm;
    mono_divmask_init(&dm, n);
    divlookup L, T;
    MI_ASSERT_INT_EQ(dl_init(&ctx, &L, DL_LIST, n, &dm), GBC_OK);
    MI_ASSERT_INT_EQ(dl_init(&ctx, &T, DL_TREE, n, &dm), GBC_OK);
    T.walk_stack = stack;
    ck_assert_str_eq(dl_name(&L), "list");
    ck_assert_str_eq(dl_name(&T), "kdtree");
    /* a shadow copy of the entries: exps by value */
    size_t cap = ops + 1;
    uint32_t *shadow = malloc(sizeof(uint32_t) * cap * (n ? n : 1));
    uint8_t *alive = calloc(cap, 1);
    uint32_t *e = malloc(sizeof(uint32_t) * (n ? n : 1));
    uint32_t *va = malloc(sizeof(uint32_t) * cap), *vb = malloc(sizeof(uint32_t) * cap);
    uint32_t next = 0;
    for (size_t op = 0; op < ops; op++) {
        for (uint32_t v = 0; v < n; v++)
            e[v] = (uint32_t)gbc_rng_below(&rng, maxexp + 1);
        uint32_t mask = mono_divmask_of(&dm, e);
        uint64_t r = gbc_rng_below(&rng, 10);
        if (r < 4) {
            memcpy(shadow + (size_t)next * n, e, sizeof(uint32_t) * n);
            alive[next] = 1;
            MI_ASSERT_INT_EQ(dl_insert(&ctx, &L, e, mask, next), GBC_OK);
            MI_ASSERT_INT_EQ(dl_insert(&ctx, &T, e, mask, next), GBC_OK);
            next++;
        } else if (r < 7) {
            uint32_t a = dl_find_divisor(&L, e, mask), b = dl_find_divisor(&T, e, mask);
            MI_ASSERT_INT_EQ(a == UINT32_MAX, b == UINT32_MAX);
            if (b != UINT32_MAX) {
                MI_ASSERT(alive[b]);
                MI_ASSERT(divides(shadow + (size_t)b * n, e, n));
            }
            /* the list returns the earliest inserted divisor */
            uint32_t first = UINT32_MAX;
            for (uint32_t i = 0; i < next && first == UINT32_MAX; i++)
                if (alive[i] && divides(shadow + (size_t)i * n, e, n))
                    first = i;
            MI_ASSERT_UINT_EQ(a, first);
        } else if (r < 9) {
            visit x = {va, 0, 0}, y = {vb, 0, 0};
            MI_ASSERT_INT_EQ(dl_for_each_divisor(&L, e, mask, collect, &x), 0);
            MI_ASSERT_INT_EQ(dl_for_each_divisor(&T, e, mask, collect, &y), 0);
            MI_ASSERT_UINT_EQ(x.n, y.n);
            qsort(va, x.n, sizeof *va, cmp_u32);
            qsort(vb, y.n, sizeof *vb, cmp_u32);
            for (size_t i = 0; i < x.n; i++)
                MI_ASSERT_UINT_EQ(va[i], vb[i]);
            if (x.n >= 2) { /* early stop */
                visit z = {vb, 0, 2};
                MI_ASSERT_INT_EQ(dl_for_each_divisor(&T, e, mask, collect, &z), 7);
                MI_ASSERT_UINT_EQ(z.n, 2);
            }
        } else {
            /* remove multiples of a random small monomial */
            for (uint32_t v = 0; v < n; v++)
                e[v] = (uint32_t)gbc_rng_below(&rng, maxexp / 2 + 2);
            mask = mono_divmask_of(&dm, e);
            removed x = {va, 0}, y = {vb, 0};
            size_t a = dl_remove_multiples(&L, e, mask, on_remove, &x);
            size_t b = dl_remove_multiples(&T, e, mask, on_remove, &y);
            MI_ASSERT_UINT_EQ(a, b);
            MI_ASSERT_UINT_EQ(a, x.n);
            qsort(va, x.n, sizeof *va, cmp_u32);
            qsort(vb, y.n, sizeof *vb, cmp_u32);
            for (size_t i = 0; i < x.n; i++) {
                MI_ASSERT_UINT_EQ(va[i], vb[i]);
                MI_ASSERT(divides(e, shadow + (size_t)va[i] * n, n));
                alive[va[i]] = 0;
            }
        }
        MI_ASSERT_UINT_EQ(dl_size(&L), dl_size(&T));
    }
    ck_assert_uint_gt(dl_memory(&T), 0);
    dl_clear(&ctx, &L);
    dl_clear(&ctx, &T);
    MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
    free(shadow);
    free(alive);
    free(e);
    free(va);
    free(vb);
}

START_TEST(test_random_streams)
{
    uint64_t seed = tu_seed();
    int mult = tu_mult();
    static const uint32_t nv[] = {1, 2, 3, 5, 8, 13, 40};
    for (size_t i = 0; i < sizeof nv / sizeof nv[0]; i++) {
        run_stream(seed + i, nv[i], (size_t)3000 * (size_t)mult, 6, 0);
        run_stream(seed + 100 + i, nv[i], (size_t)2000 * (size_t)mult, 1, 0);
        /* a stack of one subtree: the lookups' walks by parent links run too */
        run_stream(seed + 200 + i, nv[i], (size_t)2000 * (size_t)mult, 6, 1);
    }
}
END_TEST

/* Many equal monomials: a leaf that cannot split must grow. */
START_TEST(test_duplicates)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    mono_divmask dm;
    mono_divmask_init(&dm, 3);
    divlookup T;
    dl_init(&ctx, &T, DL_TREE, 3, &dm);
    uint32_t e[3] = {2, 1, 5};
    uint32_t m = mono_divmask_of(&dm, e);
    for (uint32_t i = 0; i < 500; i++)
        MI_ASSERT_INT_EQ(dl_insert(&ctx, &T, e, m, i), GBC_OK);
    uint32_t big[3] = {3, 3, 9};
    ck_assert_uint_ne(dl_find_divisor(&T, big, mono_divmask_of(&dm, big)), UINT32_MAX);
    uint32_t small[3] = {2, 0, 5};
    MI_ASSERT_UINT_EQ(dl_find_divisor(&T, small, mono_divmask_of(&dm, small)), UINT32_MAX);
    MI_ASSERT_UINT_EQ(dl_remove_multiples(&T, e, m, NULL, NULL), 500);
    MI_ASSERT_UINT_EQ(dl_size(&T), 0);
    MI_ASSERT_UINT_EQ(dl_find_divisor(&T, big, mono_divmask_of(&dm, big)), UINT32_MAX);
    /* reuse after emptying */
    MI_ASSERT_INT_EQ(dl_insert(&ctx, &T, small, mono_divmask_of(&dm, small), 9), GBC_OK);
    MI_ASSERT_UINT_EQ(dl_find_divisor(&T, big, mono_divmask_of(&dm, big)), 9);
    dl_clear(&ctx, &T);
    MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
}
END_TEST

/* No variables: every entry is the monomial 1 and divides everything. */
START_TEST(test_zero_vars)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    mono_divmask dm;
    mono_divmask_init(&dm, 0);
    for (int kind = 0; kind < 2; kind++) {
        divlookup D;
        dl_init(&ctx, &D, kind ? DL_TREE : DL_LIST, 0, &dm);
        MI_ASSERT_UINT_EQ(dl_find_divisor(&D, NULL, 0), UINT32_MAX);
        uint32_t dummy = 0;
        for (uint32_t i = 0; i < 60; i++)
            MI_ASSERT_INT_EQ(dl_insert(&ctx, &D, &dummy, 0, i), GBC_OK);
        ck_assert_uint_ne(dl_find_divisor(&D, &dummy, 0), UINT32_MAX);
        MI_ASSERT_UINT_EQ(dl_remove_multiples(&D, &dummy, 0, NULL, NULL), 60);
        dl_clear(&ctx, &D);
    }
    MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
}
END_TEST

/* Exponents at the top of the range. */
START_TEST(test_large_exponents)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    mono_divmask dm;
    mono_divmask_init(&dm, 2);
    divlookup L, T;
    dl_init(&ctx, &L, DL_LIST, 2, &dm);
    dl_init(&ctx, &T, DL_TREE, 2, &dm);
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed());
    for (uint32_t i = 0; i < 400; i++) {
        uint32_t e[2] = {UINT32_MAX - (uint32_t)gbc_rng_below(&rng, 50),
                         (uint32_t)1 << 31 | (uint32_t)gbc_rng_below(&rng, 50)};
        uint32_t m = mono_divmask_of(&dm, e);
        dl_insert(&ctx, &L, e, m, i);
        dl_insert(&ctx, &T, e, m, i);
    }
    for (uint32_t i = 0; i < 400; i++) {
        uint32_t e[2] = {UINT32_MAX - (uint32_t)gbc_rng_below(&rng, 60),
                         (uint32_t)1 << 31 | (uint32_t)gbc_rng_below(&rng, 60)};
        uint32_t m = mono_divmask_of(&dm, e);
        MI_ASSERT_INT_EQ(dl_find_divisor(&L, e, m) == UINT32_MAX,
                         dl_find_divisor(&T, e, m) == UINT32_MAX);
    }
    dl_clear(&ctx, &L);
    dl_clear(&ctx, &T);
}
END_TEST

/* Allocation failures leave the lookup usable and leak nothing. */
START_TEST(test_alloc_failures)
{
    for (uint64_t fail = 1; fail < 60; fail++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.fail_at = fail;
        mono_divmask dm;
        mono_divmask_init(&dm, 4);
        divlookup T;
        dl_init(&ctx, &T, DL_TREE, 4, &dm);
        gbc_rng rng;
        gbc_rng_seed(&rng, fail);
        for (uint32_t i = 0; i < 300; i++) {
            uint32_t e[4];
            for (int v = 0; v < 4; v++)
                e[v] = (uint32_t)gbc_rng_below(&rng, 8);
            if (dl_insert(&ctx, &T, e, mono_divmask_of(&dm, e), i) != GBC_OK)
                break;
        }
        dl_clear(&ctx, &T);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("divlookup");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_random_streams);
    tcase_add_test(tc, test_duplicates);
    tcase_add_test(tc, test_zero_vars);
    tcase_add_test(tc, test_large_exponents);
    tcase_add_test(tc, test_alloc_failures);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
