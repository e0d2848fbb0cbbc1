/* Tests for common/: the checked allocator (limits, fault injection), growth, RNG. */
#include "common/common.h"
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
    suite_add_tcase(s, tc);
    return tu_run(s);
}
