/* Tests for monideal/hilbert_acc, the accumulator of the Hilbert recursion, through
 * its internal interface (hilbert_int.h): products prod (1 - t^d_i) added exactly,
 * int64 overflow and all, by the dense array and by the degree-keyed table, against
 * a GMP expansion; the multigraded table against a brute-force sum (cancellation,
 * growth, overflow refused); memory given back to the context. */
#include <gmp.h>
#include <stdlib.h>

#include "monideal/hilbert_int.h"
#include "mi_check.h"
#include "testutil.h"

/* A univariate accumulator: dense over degrees < dense_len when dense_len > 0,
 * else the table keyed by the 8-byte degree. */
static void uni_init(gbc_ctx *ctx, acc *A, uint64_t dense_len)
{
    memset(A, 0, sizeof *A);
    A->uni = 1;
    A->n = 1;
    if (dense_len > 0) {
        A->dense_len = dense_len;
        MI_ASSERT_INT_EQ(GBC_ZALLOC(ctx, A->dense, dense_len), GBC_OK);
    }
    mih_tt_init(&A->tab, ctx, 8);
}

/* ref (len entries, initialised) += t^dq prod_{i<k} (1 - t^d[i]), by expansion. */
static void ref_product(mpz_t *ref, size_t len, uint64_t dq, const uint64_t *d, size_t k)
{
    uint64_t top = dq;
    for (size_t i = 0; i < k; i++)
        top += d[i];
    MI_ASSERT(top < len);
    mpz_t *p = malloc(sizeof(mpz_t) * len);
    for (size_t j = 0; j < len; j++)
        mpz_init(p[j]);
    mpz_set_ui(p[dq], 1);
    uint64_t deg = dq;
    for (size_t i = 0; i < k; i++) {
        for (uint64_t j = deg + 1; j-- > dq;)
            mpz_sub(p[j + d[i]], p[j + d[i]], p[j]);
        deg += d[i];
    }
    for (size_t j = 0; j < len; j++) {
        mpz_add(ref[j], ref[j], p[j]);
        mpz_clear(p[j]);
    }
    free(p);
}

/* The coefficients A holds, by degree (int64 part plus spill), into got (len). */
static void uni_read(const acc *A, mpz_t *got, size_t len)
{
    for (size_t j = 0; j < len; j++)
        mpz_set_ui(got[j], 0);
    if (A->dense != NULL) {
        for (uint64_t j = 0; j < A->dense_len; j++) {
            MI_ASSERT(j < len || A->dense[j] == 0);
            if (A->dense[j] != 0)
                mih_mpz_add_i64(got[j], A->dense[j]);
        }
    } else {
        for (size_t i = 0; i < A->tab.nslots; i++) {
            const uint8_t *key;
            int64_t c;
            if (!mih_tt_entry(&A->tab, i, &key, &c))
                continue;
            uint64_t j;
            memcpy(&j, key, 8);
            MI_ASSERT(j < len);
            mih_mpz_add_i64(got[j], c);
        }
    }
    for (size_t i = 0; i < A->wn; i++) {
        MI_ASSERT(i == 0 || A->wdeg[i - 1] < A->wdeg[i]);
        MI_ASSERT(A->wdeg[i] < len);
        mpz_add(got[A->wdeg[i]], got[A->wdeg[i]], A->wval[i]);
    }
}

/* Sums of random products, some with coefficients far beyond int64 (k up to 80
 * factors 1 - t), into a dense and a table accumulator: both equal the expansion. */
START_TEST(test_uni_products_exact)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    const size_t len = 512;
    mpz_t ref[512], got[512];
    for (size_t j = 0; j < len; j++) {
        mpz_init(ref[j]);
        mpz_init(got[j]);
    }
    uint64_t d[80];
    int spilled = 0;
    for (int trial = 0; trial < 60; trial++) {
        const size_t used0 = ctx.mem_used;
        acc Ad, At;
        uni_init(&ctx, &Ad, len);
        uni_init(&ctx, &At, 0);
        for (size_t j = 0; j < len; j++)
            mpz_set_ui(ref[j], 0);
        int products = 1 + (int)gbc_rng_below(&r, 4);
        for (int p = 0; p < products; p++) {
            int ones = gbc_rng_below(&r, 2) == 0;
            size_t k = ones ? 55 + (size_t)gbc_rng_below(&r, 26) : (size_t)gbc_rng_below(&r, 40);
            uint64_t dq = gbc_rng_below(&r, 20);
            for (size_t i = 0; i < k; i++)
                d[i] = ones ? 1 : 1 + gbc_rng_below(&r, 6);
            ref_product(ref, len, dq, d, k);
            MI_ASSERT_INT_EQ(mih_acc_uni_product(&Ad, dq, d, k), GBC_OK);
            MI_ASSERT_INT_EQ(mih_acc_uni_product(&At, dq, d, k), GBC_OK);
        }
        spilled |= Ad.wn > 0;
        uni_read(&Ad, got, len);
        for (size_t j = 0; j < len; j++)
            MI_ASSERT(mpz_cmp(got[j], ref[j]) == 0);
        uni_read(&At, got, len);
        for (size_t j = 0; j < len; j++)
            MI_ASSERT(mpz_cmp(got[j], ref[j]) == 0);
        mih_acc_clear(&ctx, &Ad);
        mih_acc_clear(&ctx, &At);
        MI_ASSERT_UINT_EQ(ctx.mem_used, used0);
    }
    /* 60 trials, half of them with 55..80 factors 1 - t: binomial(80, 40) is
     * about 1e23, so some sum must have gone to the spill */
    MI_ASSERT(spilled);
    for (size_t j = 0; j < len; j++) {
        mpz_clear(ref[j]);
        mpz_clear(got[j]);
    }
}
END_TEST

/* Single terms: the univariate degree of an exponent row, and an int64 overflow
 * of the dense coefficient and of the table's going to the spill. */
START_TEST(test_uni_terms_overflow)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    mpz_t want, got[16];
    mpz_init(want);
    for (int j = 0; j < 16; j++)
        mpz_init(got[j]);
    for (int dense = 0; dense < 2; dense++) {
        acc A;
        uni_init(&ctx, &A, dense ? 16 : 0);
        A.n = 3;
        const uint32_t e[3] = {1, 0, 2}; /* degree 3 */
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, e, INT64_MAX), GBC_OK);
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, e, INT64_MAX), GBC_OK);
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, e, 5), GBC_OK);
        const uint32_t f[3] = {0, 0, 0};
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, f, INT64_MIN), GBC_OK);
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, f, -1), GBC_OK);
        MI_ASSERT_UINT_EQ(A.adds, 5);
        MI_ASSERT(A.wn >= 1);
        uni_read(&A, got, 16);
        mpz_set_si(want, 0);
        mih_mpz_add_i64(want, INT64_MAX);
        mpz_mul_ui(want, want, 2);
        mpz_add_ui(want, want, 5);
        MI_ASSERT(mpz_cmp(got[3], want) == 0);
        mpz_set_si(want, 0);
        mih_mpz_add_i64(want, INT64_MIN);
        mpz_sub_ui(want, want, 1);
        MI_ASSERT(mpz_cmp(got[0], want) == 0);
        for (int j = 0; j < 16; j++)
            if (j != 0 && j != 3)
                MI_ASSERT(mpz_sgn(got[j]) == 0);
        mih_acc_clear(&ctx, &A);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
    }
    mpz_clear(want);
    for (int j = 0; j < 16; j++)
        mpz_clear(got[j]);
}
END_TEST

/* The multigraded table: random +-c x^e (many keys, so that it grows; many
 * cancellations) against a dense brute-force array over the exponent box. */
START_TEST(test_multigraded_table)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    for (int trial = 0; trial < 20; trial++) {
        const uint32_t n = 1 + (uint32_t)gbc_rng_below(&r, 6), top = 2 + (uint32_t)gbc_rng_below(&r, 5);
        size_t box = 1;
        for (uint32_t v = 0; v < n; v++)
            box *= top;
        int64_t *ref = calloc(box, sizeof *ref);
        acc A;
        memset(&A, 0, sizeof A);
        A.n = n;
        mih_tt_init(&A.tab, &ctx, 4 * (size_t)n);
        uint32_t e[6];
        const size_t adds = 20000;
        for (size_t t = 0; t < adds; t++) {
            size_t idx = 0;
            for (uint32_t v = 0; v < n; v++) {
                e[v] = (uint32_t)gbc_rng_below(&r, top);
                idx = idx * top + e[v];
            }
            int64_t c = (int64_t)gbc_rng_below(&r, 3) + 1;
            if (gbc_rng_below(&r, 2))
                c = -c;
            ref[idx] += c;
            MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, e, c), GBC_OK);
        }
        MI_ASSERT_UINT_EQ(A.adds, adds);
        size_t live = 0, want = 0;
        for (size_t i = 0; i < box; i++)
            want += ref[i] != 0;
        for (size_t i = 0; i < A.tab.nslots; i++) {
            const uint8_t *key;
            int64_t c;
            if (!mih_tt_entry(&A.tab, i, &key, &c))
                continue;
            MI_ASSERT(c != 0);
            memcpy(e, key, 4 * (size_t)n);
            size_t idx = 0;
            for (uint32_t v = 0; v < n; v++) {
                MI_ASSERT(e[v] < top);
                idx = idx * top + e[v];
            }
            MI_ASSERT_INT_EQ(c, ref[idx]);
            live++;
        }
        MI_ASSERT_UINT_EQ(live, want);
        /* a coefficient leaving int64 is refused and left as it was */
        for (uint32_t v = 0; v < n; v++)
            e[v] = top;
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, e, INT64_MAX), GBC_OK);
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, e, 1), GBC_ERR_OVERFLOW);
        MI_ASSERT_INT_EQ(mih_acc_add_u32(&A, e, -1), GBC_OK);
        int found = 0;
        for (size_t i = 0; i < A.tab.nslots; i++) {
            const uint8_t *key;
            int64_t c;
            if (mih_tt_entry(&A.tab, i, &key, &c) && memcmp(key, e, 4 * (size_t)n) == 0) {
                MI_ASSERT_INT_EQ(c, INT64_MAX - 1);
                found++;
            }
        }
        MI_ASSERT_INT_EQ(found, 1);
        mih_acc_clear(&ctx, &A);
        MI_ASSERT_UINT_EQ(ctx.mem_used, 0);
        free(ref);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("monideal/hilbert_acc");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_uni_products_exact);
    tcase_add_test(tc, test_uni_terms_overflow);
    tcase_add_test(tc, test_multigraded_table);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
