/* Tests of module/'s coefficient families (module_int.h, mcf_ops): the Z/p and Q
 * tables agree on seeded random inputs through reduction mod p (entrywise
 * operations, making monic, row elimination, ranks), storage frees everything it
 * charges, and mcf_for picks the family of the field. */
#include <stdio.h>
#include <string.h>

#include "module/frame_int.h"
#include "module/module_int.h"
#include "testutil.h"

#define P_BIG 2147483647u /* a prime < 2^31: small integer matrices keep their rank */

/* A random rational with numerator in [-50, 50] and denominator in [1, 9]. */
static void rand_q(gbc_rng *r, mpq_t x)
{
    long num = (long)gbc_rng_below(r, 101) - 50;
    unsigned long den = 1 + (unsigned long)gbc_rng_below(r, 9);
    mpq_set_si(x, num, den);
    mpq_canonicalize(x);
}

/* x mod p for a rational x whose denominator p does not divide. */
static uint32_t red(const field *F, const mpq_t x)
{
    uint32_t n = zp_from_mpz(F, mpq_numref(x)), d = zp_from_mpz(F, mpq_denref(x));
    return zp_mul(F, n, zp_inv(F, d));
}

/* A Q array and a Z/p array of len entries, the second the reduction of the first. */
typedef struct pair {
    gbc_ctx ctx;
    field F;
    mcv q, z;
    size_t len;
} pair;

static void pair_init(pair *P, uint32_t p, size_t len, gbc_rng *r, int zeros)
{
    gbc_ctx_init(&P->ctx);
    ck_assert_int_eq(field_init(&P->F, p), GBC_OK);
    P->q.cf = P->z.cf = NULL;
    P->q.cq = P->z.cq = NULL;
    P->len = len;
    ck_assert_int_eq(mcf_qq.alloc(&P->ctx, &P->q, len, len), GBC_OK);
    ck_assert_int_eq(mcf_zp.alloc(&P->ctx, &P->z, len, len), GBC_OK);
    for (size_t k = 0; k < len; k++) {
        if (zeros && gbc_rng_below(r, 3) == 0)
            mcf_qq.set_zero(P->q, k);
        else
            rand_q(r, P->q.cq[k]);
        P->z.cf[k] = red(&P->F, P->q.cq[k]);
    }
}

/* Every entry of the Z/p array is the reduction of the Q one. */
static void pair_check(const pair *P, const char *what, uint64_t seed)
{
    for (size_t k = 0; k < P->len; k++) {
        T_ASSERT_MSG(red(&P->F, P->q.cq[k]) == P->z.cf[k], "%s: entry %zu differs (seed %llu)",
                     what, k, (unsigned long long)seed);
    }
}

static void pair_clear(pair *P)
{
    mcf_qq.clear(&P->ctx, &P->q, P->len);
    mcf_zp.clear(&P->ctx, &P->z, P->len);
    ck_assert_ptr_null(P->q.cq);
    ck_assert_ptr_null(P->z.cf);
    ck_assert_uint_eq(P->ctx.mem_used, 0);
}

START_TEST(test_select)
{
    field F;
    ck_assert_int_eq(field_init(&F, 32003), GBC_OK);
    ck_assert_ptr_eq(mcf_for(&F), &mcf_zp);
    ck_assert_int_eq(field_init(&F, 0), GBC_OK);
    ck_assert_ptr_eq(mcf_for(&F), &mcf_qq);
}
END_TEST

/* set, copy, set_one, set_zero, neg, mul, addmul on random entries, both families
 * side by side: the Z/p results are the reductions of the Q ones. */
START_TEST(test_entrywise)
{
    const uint64_t seed = tu_seed() + (uint64_t)_i;
    gbc_rng r;
    gbc_rng_seed(&r, seed);
    /* denominators only have prime factors below 11: every entry reduces */
    const uint32_t primes[] = {11, 32003, 65521, P_BIG};
    for (int round = 0; round < 40 * tu_mult(); round++) {
        const size_t len = 12;
        pair P;
        pair_init(&P, primes[round % 4], len, &r, 1);
        mcf_tmp w;
        mcf_tmp_init(&w);
        for (int op = 0; op < 200; op++) {
            size_t i = gbc_rng_below(&r, len), j = gbc_rng_below(&r, len),
                   k = gbc_rng_below(&r, len);
            switch (gbc_rng_below(&r, 6)) {
            case 0:
                mcf_qq.set(P.q, i, P.q, j);
                mcf_zp.set(P.z, i, P.z, j);
                break;
            case 1:
                mcf_qq.set_one(P.q, i);
                mcf_zp.set_one(P.z, i);
                break;
            case 2:
                mcf_qq.neg(&P.F, P.q, i, P.q, j);
                mcf_zp.neg(&P.F, P.z, i, P.z, j);
                break;
            case 3:
                if (i == j || i == k)
                    continue;
                mcf_qq.mul(&P.F, P.q, i, P.q, j, P.q, k);
                mcf_zp.mul(&P.F, P.z, i, P.z, j, P.z, k);
                break;
            case 4:
                if (i == j || i == k)
                    continue;
                mcf_qq.addmul(&P.F, P.q, i, P.q, j, P.q, k, &w);
                mcf_zp.addmul(&P.F, P.z, i, P.z, j, P.z, k, &w);
                break;
            default:
                mcf_qq.set_zero(P.q, i);
                mcf_zp.set_zero(P.z, i);
                break;
            }
            /* keep the numbers small: a big entry is replaced by a fresh one */
            if (mpz_sizeinbase(mpq_numref(P.q.cq[i]), 2) > 200 ||
                mpz_sizeinbase(mpq_denref(P.q.cq[i]), 2) > 200) {
                rand_q(&r, P.q.cq[i]);
                P.z.cf[i] = red(&P.F, P.q.cq[i]);
            }
        }
        pair_check(&P, "entrywise", seed);
        /* copy: the whole array into a second one */
        mcv q2 = {NULL, NULL}, z2 = {NULL, NULL};
        ck_assert_int_eq(mcf_qq.alloc(&P.ctx, &q2, len, len), GBC_OK);
        ck_assert_int_eq(mcf_zp.alloc(&P.ctx, &z2, len, len), GBC_OK);
        mcf_qq.copy(q2, P.q, len);
        mcf_zp.copy(z2, P.z, len);
        for (size_t t = 0; t < len; t++) {
            T_ASSERT(mpq_equal(q2.cq[t], P.q.cq[t]));
            T_ASSERT(z2.cf[t] == P.z.cf[t]);
        }
        mcf_qq.clear(&P.ctx, &q2, len);
        mcf_zp.clear(&P.ctx, &z2, len);
        mcf_tmp_clear(&w);
        pair_clear(&P);
    }
}
END_TEST

/* scale_inv makes the pivot entry 1 and agrees through reduction; first_nonzero
 * finds the same place in both families. */
START_TEST(test_scale_first)
{
    const uint64_t seed = tu_seed() + 100;
    gbc_rng r;
    gbc_rng_seed(&r, seed);
    for (int round = 0; round < 100 * tu_mult(); round++) {
        const size_t len = 1 + gbc_rng_below(&r, 10);
        pair P;
        pair_init(&P, round % 2 ? 65521 : P_BIG, len, &r, 1);
        size_t c = mcf_qq.first_nonzero(P.q, 0, len);
        ck_assert_uint_eq(c, mcf_zp.first_nonzero(P.z, 0, len));
        for (size_t t = 0; t < c; t++)
            T_ASSERT(mcf_qq.is_zero(P.q, t));
        if (c < len) {
            mcf_tmp w;
            mcf_tmp_init(&w);
            mcf_qq.scale_inv(&P.F, P.q, 0, len, c, &w);
            mcf_zp.scale_inv(&P.F, P.z, 0, len, c, &w);
            mcf_tmp_clear(&w);
            T_ASSERT(mpq_cmp_ui(P.q.cq[c], 1, 1) == 0);
            T_ASSERT(P.z.cf[c] == 1);
            pair_check(&P, "scale_inv", seed);
        }
        pair_clear(&P);
    }
}
END_TEST

/* The rank of B * C (nr x k times k x nc, small integers) over Q by the qq family,
 * mod 2^31 - 1 by the zp family: equal (a prime that large divides no minor of
 * these matrices but with negligible probability), at most k; and row_elim by a
 * row with pivot 1 clears that column. */
START_TEST(test_rank_elim)
{
    const uint64_t seed = tu_seed() + 200;
    gbc_rng r;
    gbc_rng_seed(&r, seed);
    for (int round = 0; round < 60 * tu_mult(); round++) {
        const size_t nr = 1 + gbc_rng_below(&r, 7), nc = 1 + gbc_rng_below(&r, 7),
                     k = gbc_rng_below(&r, 6);
        long B[7 * 6], C[6 * 7];
        for (size_t t = 0; t < nr * k; t++)
            B[t] = (long)gbc_rng_below(&r, 11) - 5;
        for (size_t t = 0; t < k * nc; t++)
            C[t] = (long)gbc_rng_below(&r, 11) - 5;
        pair P;
        pair_init(&P, P_BIG, nr * nc, &r, 0);
        for (size_t i = 0; i < nr; i++)
            for (size_t j = 0; j < nc; j++) {
                long s = 0;
                for (size_t t = 0; t < k; t++)
                    s += B[i * k + t] * C[t * nc + j];
                mpq_set_si(P.q.cq[i * nc + j], s, 1);
                P.z.cf[i * nc + j] = zp_from_i64(&P.F, s);
            }
        mcf_tmp w;
        mcf_tmp_init(&w);
        if (nr >= 2) {
            /* row 0 made to have 1 at its first nonzero entry, then row 1 cleared
             * there by it */
            size_t c = mcf_qq.first_nonzero(P.q, 0, nc);
            ck_assert_uint_eq(c, mcf_zp.first_nonzero(P.z, 0, nc));
            if (c < nc) {
                mcf_qq.scale_inv(&P.F, P.q, 0, nc, c, &w);
                mcf_zp.scale_inv(&P.F, P.z, 0, nc, c, &w);
                mcf_qq.row_elim(&P.F, P.q, nc, 0, c, nc, &w);
                mcf_zp.row_elim(&P.F, P.z, nc, 0, c, nc, &w);
                T_ASSERT(mcf_qq.is_zero(P.q, nc + c));
                T_ASSERT(mcf_zp.is_zero(P.z, nc + c));
                pair_check(&P, "row_elim", seed);
            }
        }
        size_t rq = mcf_qq.rank(&P.F, P.q, nr, nc, &w);
        size_t rz = mcf_zp.rank(&P.F, P.z, nr, nc, &w);
        mcf_tmp_clear(&w);
        T_ASSERT_MSG(rq == rz && rq <= k, "rank over Q %zu, mod p %zu, bound %zu (seed %llu)",
                     rq, rz, k, (unsigned long long)seed);
        pair_clear(&P);
    }
}
END_TEST

/* resize keeps the entries and initialises the new ones (Q), and clear gives back
 * what was charged. */
START_TEST(test_storage)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    const mcf_ops *fam[2] = {&mcf_zp, &mcf_qq};
    for (int f = 0; f < 2; f++) {
        const mcf_ops *o = fam[f];
        mcv v = {NULL, NULL};
        size_t ninit = 3;
        ck_assert_int_eq(o->alloc(&ctx, &v, 4, 3), GBC_OK);
        ck_assert_uint_gt(ctx.mem_used, 0);
        for (size_t t = 0; t < 3; t++)
            T_ASSERT(o->is_zero(v, t));
        o->set_one(v, 2);
        ck_assert_int_eq(o->resize(&ctx, &v, &ninit, 64), GBC_OK);
        ck_assert_uint_eq(ninit, f == 1 ? 64 : 3);
        T_ASSERT(!o->is_zero(v, 2));
        o->set_zero(v, 63);
        T_ASSERT(o->is_zero(v, 63));
        o->clear(&ctx, &v, ninit);
        ck_assert_uint_eq(ctx.mem_used, 0);
    }
}
END_TEST

/* The frame's term keys (frame_term_key) agree with the order they stand for:
 * on seeded random terms of 2 to 100 variables (dense and sparse, exponents
 * small and past every digit's saturation, of one degree and of several), a
 * larger key means a larger term by term_cmp, equal terms have equal keys, and
 * frame_tie_cmp decides equal keys as term_cmp does. */
START_TEST(test_frame_keys)
{
    const uint64_t seed = tu_seed() + 77;
    printf("t-coef frame_keys: seed %llu (GBC_TEST_SEED to repeat)\n", (unsigned long long)seed);
    gbc_rng r;
    gbc_rng_seed(&r, seed);
    static const uint32_t ns[] = {2, 4, 5, 6, 7, 8, 9, 16, 17, 45, 64, 65, 100};
    uint32_t a[100], b[100];
    size_t ties = 0, decided = 0;
    for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++) {
        const uint32_t n = ns[q];
        for (int it = 0; it < 4000; it++) {
            /* support: every variable, or a few; exponents up to 3, 20 or 70000 */
            const uint32_t dense = (uint32_t)gbc_rng_below(&r, 3) == 0;
            const uint32_t emax = it % 7 == 0 ? 70000 : it % 3 == 0 ? 20 : 3;
            for (uint32_t i = 0; i < n; i++) {
                a[i] = dense || gbc_rng_below(&r, 6) == 0 ? (uint32_t)gbc_rng_below(&r, emax + 1) : 0;
                b[i] = a[i];
            }
            /* b: a moved by one unit between two variables (same degree), or
             * changed anywhere */
            const uint32_t i = (uint32_t)gbc_rng_below(&r, n), j = (uint32_t)gbc_rng_below(&r, n);
            if (gbc_rng_below(&r, 2) == 0) {
                if (b[i] > 0) {
                    b[i]--;
                    b[j]++;
                }
            } else {
                b[j] = (uint32_t)gbc_rng_below(&r, emax + 1);
            }
            const uint32_t ca = (uint32_t)gbc_rng_below(&r, 3), cb = (uint32_t)gbc_rng_below(&r, 3);
            const uint64_t ka = frame_term_key(a, n), kb = frame_term_key(b, n);
            const int c = term_cmp(a, ca, b, cb, n);
            if (ka != kb) {
                ck_assert_msg((ka > kb) == (c > 0), "n %u: keys %llx %llx, order %d", n,
                              (unsigned long long)ka, (unsigned long long)kb, c);
                decided++;
            } else {
                ck_assert_int_eq(frame_tie_cmp(a, ca, b, cb, n, ka), c);
                ties++;
            }
            if (memcmp(a, b, sizeof(uint32_t) * n) == 0)
                ck_assert_uint_eq(ka, kb);
        }
    }
    ck_assert_uint_gt(ties, 0);
    ck_assert_uint_gt(decided, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("module-coef");
    TCase *tc = tcase_create("coef");
    tcase_add_test(tc, test_select);
    tcase_add_loop_test(tc, test_entrywise, 0, 3);
    tcase_add_test(tc, test_scale_first);
    tcase_add_test(tc, test_rank_elim);
    tcase_add_test(tc, test_storage);
    tcase_add_test(tc, test_frame_keys);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
