/* Tests for field/: every Z/p operation checked against GMP's mpz arithmetic for
 * p = 2, 3, 65521, 2^31-1 and random primes; primality against mpz_probab_prime_p;
 * field_init's domain; content, CRT and rational reconstruction on random data, the
 * latter also exhaustively against a brute-force enumeration for small moduli. */
#include <stdlib.h>

#include "field/field.h"
#include "common/pool.h"
#include "field/crt.h"
#include "testutil.h"

#define P31 2147483647u

#define T_CMP(T, a, op, b)                                                     \
    do {                                                                       \
        T a_ = (a), b_ = (b);                                                  \
        if (!(a_ op b_))                                                       \
            ck_abort_msg("line %d: '%s %s %s' failed (%lld vs %lld)", __LINE__, \
                         #a, #op, #b, (long long)a_, (long long)b_);           \
    } while (0)

/* A random prime in [lo, hi) found by GMP (independent of zp_is_prime). */
/* x_i of an accumulator as a read-only integer (zz_crt_get), from a ring of four
 * views so that two may appear in one expression. */
static mpz_srcptr crt_x(const zz_crt *C, size_t i)
{
    static __mpz_struct ring[4][1];
    static unsigned k;
    __mpz_struct *z = ring[k++ & 3];
    zz_crt_get(C, i, z);
    return z;
}

static uint32_t random_prime(gbc_rng *r, uint32_t lo, uint32_t hi)
{
    mpz_t z;
    mpz_init(z);
    for (;;) {
        mpz_set_ui(z, lo + (uint32_t)gbc_rng_below(r, hi - lo));
        mpz_nextprime(z, z);
        if (mpz_cmp_ui(z, hi) < 0)
            break;
    }
    uint32_t p = (uint32_t)mpz_get_ui(z);
    mpz_clear(z);
    return p;
}

/* The primes every test runs on: the fixed ones of the issue, then random ones. */
static size_t test_primes(uint32_t *ps, gbc_rng *r)
{
    size_t n = 0;
    ps[n++] = 2;
    ps[n++] = 3;
    ps[n++] = 65521;
    ps[n++] = P31;
    ps[n++] = 2147483629u; /* the prime below 2^31-1 */
    ps[n++] = random_prime(r, 5, 1000);
    ps[n++] = random_prime(r, 1000, 1u << 20);
    ps[n++] = random_prime(r, 1u << 20, 1u << 31);
    ps[n++] = random_prime(r, 1u << 30, 1u << 31);
    return n;
}

/* A residue biased towards the edges 0, 1, p-1, p/2. */
static uint32_t random_residue(gbc_rng *r, uint32_t p)
{
    switch (gbc_rng_below(r, 8)) {
    case 0: return 0;
    case 1: return 1 % p;
    case 2: return p - 1;
    case 3: return p / 2;
    default: return (uint32_t)gbc_rng_below(r, p);
    }
}

static uint32_t mpz_mod_u(const mpz_t z, uint32_t p)
{
    return (uint32_t)mpz_fdiv_ui(z, p);
}

START_TEST(test_arith_vs_mpz)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    uint32_t ps[16];
    size_t np = test_primes(ps, &r);
    mpz_t a, b, c;
    mpz_inits(a, b, c, NULL);
    int iters = 20000 * tu_mult();
    for (size_t k = 0; k < np; k++) {
        uint32_t p = ps[k];
        field F;
        T_CMP(int64_t, field_init(&F, p), ==, GBC_OK);
        T_CMP(uint64_t, F.p, ==, p);
        T_CMP(uint64_t, F.p2, ==, (uint64_t)p * p);
        for (int it = 0; it < iters; it++) {
            uint32_t x = random_residue(&r, p), y = random_residue(&r, p);
            mpz_set_ui(a, x);
            mpz_set_ui(b, y);
            mpz_add(c, a, b);
            T_CMP(uint64_t, zp_add(&F, x, y), ==, mpz_mod_u(c, p));
            mpz_sub(c, a, b);
            T_CMP(uint64_t, zp_sub(&F, x, y), ==, mpz_mod_u(c, p));
            mpz_neg(c, a);
            T_CMP(uint64_t, zp_neg(&F, x), ==, mpz_mod_u(c, p));
            mpz_mul(c, a, b);
            T_CMP(uint64_t, zp_mul(&F, x, y), ==, mpz_mod_u(c, p));
            uint64_t w = gbc_rng_next(&r);
            T_CMP(uint64_t, zp_reduce64(&F, w), ==, w % p);
            if (x != 0) {
                uint32_t xi = zp_inv(&F, x);
                T_CMP(uint64_t, xi, <, p);
                mpz_set_ui(c, p);
                T_ASSERT(mpz_invert(c, a, c) != 0);
                T_CMP(uint64_t, xi, ==, mpz_get_ui(c));
                T_CMP(uint64_t, zp_mul(&F, x, xi), ==, 1);
            }
            /* exponents: small, near the group order, and full 64-bit */
            uint64_t e;
            switch (it % 4) {
            case 0: e = gbc_rng_below(&r, 5); break;
            case 1: e = p - 1 + gbc_rng_below(&r, 3); break;
            case 2: e = gbc_rng_next(&r); break;
            default: e = gbc_rng_below(&r, 1u << 20); break;
            }
            mpz_set_ui(b, p);
            mpz_t ez;
            mpz_init(ez);
            mpz_import(ez, 1, 1, sizeof e, 0, 0, &e);
            mpz_powm(c, a, ez, b);
            mpz_clear(ez);
            T_ASSERT_MSG(zp_pow(&F, x, e) == mpz_get_ui(c), "p=%u %u^%llu", p, x,
                          (unsigned long long)e);
        }
        /* 0^0 = 1 and x^0 = 1, the convention of mpz_powm */
        T_CMP(uint64_t, zp_pow(&F, 0, 0), ==, 1 % p);
        T_CMP(uint64_t, zp_pow(&F, p - 1, 0), ==, 1 % p);
        T_CMP(uint64_t, zp_pow(&F, 0, 5), ==, 0);
    }
    mpz_clears(a, b, c, NULL);
}
END_TEST

/* Every inverse for small primes, exhaustively. */
START_TEST(test_inv_exhaustive)
{
    static const uint32_t ps[] = {2, 3, 5, 7, 11, 13, 251, 65521};
    for (size_t k = 0; k < sizeof ps / sizeof ps[0]; k++) {
        field F;
        T_CMP(int64_t, field_init(&F, ps[k]), ==, GBC_OK);
        for (uint32_t x = 1; x < ps[k]; x++)
            T_CMP(uint64_t, (uint64_t)x * zp_inv(&F, x) % ps[k], ==, 1);
    }
}
END_TEST

START_TEST(test_conversions)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    uint32_t ps[16];
    size_t np = test_primes(ps, &r);
    mpz_t z;
    mpz_init(z);
    static const int64_t edges[] = {0, 1, -1, 2, -2, INT64_MAX, INT64_MIN, INT64_MIN + 1,
                                    2147483647, -2147483647, 2147483648LL, -2147483648LL};
    for (size_t k = 0; k < np; k++) {
        field F;
        uint32_t p = ps[k];
        T_CMP(int64_t, field_init(&F, p), ==, GBC_OK);
        for (int it = 0; it < 20000 * tu_mult(); it++) {
            int64_t v;
            if (it < (int)(sizeof edges / sizeof edges[0]))
                v = edges[it];
            else if (it % 3 == 0)
                v = (int64_t)gbc_rng_below(&r, 4 * (uint64_t)p) - 2 * (int64_t)p;
            else
                v = (int64_t)gbc_rng_next(&r);
            mpz_set_si(z, v);
            uint32_t x = zp_from_i64(&F, v);
            T_ASSERT_MSG(x == mpz_mod_u(z, p), "p=%u v=%lld", p, (long long)v);
            T_CMP(uint64_t, x, <, p);
            /* an mpz of up to ~300 bits, of either sign */
            mpz_set_ui(z, 0);
            int limbs = 1 + (int)gbc_rng_below(&r, 5);
            for (int i = 0; i < limbs; i++) {
                mpz_mul_2exp(z, z, 64);
                mpz_add_ui(z, z, (unsigned long)gbc_rng_next(&r));
            }
            if (gbc_rng_below(&r, 2))
                mpz_neg(z, z);
            /* reference: the remainder of the absolute value, fixed up by hand */
            mpz_t q, rr;
            mpz_inits(q, rr, NULL);
            mpz_abs(q, z);
            mpz_tdiv_r_ui(rr, q, p);
            uint32_t want = (uint32_t)mpz_get_ui(rr);
            if (mpz_sgn(z) < 0 && want != 0)
                want = p - want;
            mpz_clears(q, rr, NULL);
            T_CMP(uint64_t, zp_from_mpz(&F, z), ==, want);
            /* balanced representative: congruent and in (-p/2, p/2] */
            uint32_t a = random_residue(&r, p);
            int64_t b = zp_to_balanced(&F, a);
            T_CMP(int64_t, 2 * b, >, -(int64_t)p);
            T_CMP(int64_t, 2 * b, <=, (int64_t)p);
            T_CMP(int64_t, ((b % (int64_t)p) + p) % p, ==, a);
        }
    }
    /* by hand: mod 7 the balanced range is -3..3; mod 2 it is 0..1 */
    field F;
    field_init(&F, 7);
    T_CMP(int64_t, zp_to_balanced(&F, 3), ==, 3);
    T_CMP(int64_t, zp_to_balanced(&F, 4), ==, -3);
    T_CMP(int64_t, zp_to_balanced(&F, 6), ==, -1);
    T_CMP(uint64_t, zp_from_i64(&F, -1), ==, 6);
    T_CMP(uint64_t, zp_from_i64(&F, -7), ==, 0);
    T_CMP(uint64_t, zp_from_i64(&F, -8), ==, 6);
    field_init(&F, 2);
    T_CMP(int64_t, zp_to_balanced(&F, 1), ==, 1);
    T_CMP(int64_t, zp_to_balanced(&F, 0), ==, 0);
    field_init(&F, P31);
    T_CMP(int64_t, zp_to_balanced(&F, P31 / 2), ==, P31 / 2);
    T_CMP(int64_t, zp_to_balanced(&F, P31 / 2 + 1), ==, -(int64_t)(P31 / 2));
    mpz_clear(z);
}
END_TEST

START_TEST(test_is_prime)
{
    /* every n below 2^17 against GMP */
    mpz_t z;
    mpz_init(z);
    for (uint32_t n = 0; n < (1u << 17); n++) {
        mpz_set_ui(z, n);
        T_ASSERT_MSG(zp_is_prime(n) == (mpz_probab_prime_p(z, 40) != 0), "n=%u", n);
    }
    /* random 32-bit n, and n of special forms */
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    for (int i = 0; i < 200000 * tu_mult(); i++) {
        uint64_t n = gbc_rng_next(&r) >> 32;
        if (i & 1)
            n |= 1;
        mpz_set_ui(z, n);
        T_ASSERT_MSG(zp_is_prime(n) == (mpz_probab_prime_p(z, 40) != 0), "n=%llu",
                      (unsigned long long)n);
    }
    /* Carmichael numbers and strong pseudoprimes to small bases must be composite:
     * 2047 = 23*89 (spsp(2)), 3215031751 = 151*751*28351 (spsp to 2, 3, 5, 7),
     * 1373653 = 829*1657 (spsp(2, 3)), 25326001 (spsp(2, 3, 5)). */
    static const uint64_t composite[] = {561,        1105,    1729,     2047,    1373653,
                                         25326001,   3215031751ULL, 4294967295ULL,
                                         2147483649ULL, 65535,  4,  1,  0,  341};
    for (size_t i = 0; i < sizeof composite / sizeof composite[0]; i++)
        T_ASSERT_MSG(zp_is_prime(composite[i]) == 0, "n=%llu",
                      (unsigned long long)composite[i]);
    static const uint64_t prime[] = {2, 3, 5, 37, 41, 65521, 2147483647, 2147483629,
                                     4294967291ULL, 4294967279ULL, 32003};
    for (size_t i = 0; i < sizeof prime / sizeof prime[0]; i++)
        T_ASSERT_MSG(zp_is_prime(prime[i]) == 1, "n=%llu", (unsigned long long)prime[i]);
    mpz_clear(z);
}
END_TEST

START_TEST(test_field_init_domain)
{
    field F;
    T_CMP(int64_t, field_init(&F, 0), ==, GBC_OK);
    T_CMP(uint64_t, F.p, ==, 0);
    static const uint32_t bad[] = {1, 4, 6, 9, 15, 65535, 2147483645u, 2147483648u,
                                   2147483649u, 2147483659u /* prime, but >= 2^31 */,
                                   4294967291u /* largest 32-bit prime */, UINT32_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        F.p = 12345;
        T_ASSERT_MSG(field_init(&F, bad[i]) == GBC_ERR_DOMAIN, "p=%u", bad[i]);
    }
    static const uint32_t good[] = {2, 3, 5, 7, 32003, 65521, 2147483629u, P31};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        T_CMP(int64_t, field_init(&F, good[i]), ==, GBC_OK);
        T_CMP(uint64_t, F.p, ==, good[i]);
    }
    /* random composites below 2^31 (products of two numbers > 1) */
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 3);
    for (int i = 0; i < 10000; i++) {
        uint32_t a = 2 + (uint32_t)gbc_rng_below(&r, 46000);
        uint32_t b = 2 + (uint32_t)gbc_rng_below(&r, 46000);
        T_CMP(int64_t, field_init(&F, a * b), ==, GBC_ERR_DOMAIN);
    }
}
END_TEST

START_TEST(test_content)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 4);
    mpz_t c[8], g, want;
    for (int i = 0; i < 8; i++)
        mpz_init(c[i]);
    mpz_inits(g, want, NULL);
    for (int it = 0; it < 2000; it++) {
        size_t n = 1 + gbc_rng_below(&r, 8);
        /* c[i] = k * u[i]; the content is |k| * gcd(u) */
        mpz_set_ui(want, 1 + gbc_rng_below(&r, 1000000));
        mpz_mul_2exp(want, want, gbc_rng_below(&r, 80));
        for (size_t i = 0; i < n; i++) {
            mpz_set_si(c[i], (long)gbc_rng_below(&r, 200001) - 100000);
            mpz_mul(c[i], c[i], want);
        }
        mpz_set_ui(g, 0);
        for (size_t i = 0; i < n; i++)
            mpz_gcd(g, g, c[i]);
        mpz_set(want, g);
        zz_content(g, c, n);
        T_ASSERT(mpz_cmp(g, want) == 0);
        T_ASSERT(mpz_sgn(g) >= 0);
    }
    zz_content(g, c, 0);
    T_CMP(int64_t, mpz_sgn(g), ==, 0);
    mpz_set_si(c[0], -6);
    mpz_set_si(c[1], 10);
    zz_content(g, c, 2);
    T_CMP(int64_t, mpz_cmp_ui(g, 2), ==, 0);
    for (int i = 0; i < 8; i++)
        mpz_clear(c[i]);
    mpz_clears(g, want, NULL);
}
END_TEST

/* The accumulator (field/crt.h) over k distinct random primes: after every prime,
 * each x_i lies in [0, M), is congruent to every residue given for it, and M is the
 * product of the primes; a prime added twice is refused. */
START_TEST(test_crt)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 5);
    mpz_t t;
    mpz_init(t);
    for (int it = 0; it < 100 * tu_mult(); it++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        size_t k = 1 + gbc_rng_below(&r, 12), n = 1 + gbc_rng_below(&r, 8);
        uint32_t ps[12], rs[12][8];
        uint8_t live[8];
        memset(live, 1, sizeof live);
        zz_crt C;
        T_ASSERT(zz_crt_init(&ctx, &C, n) == GBC_OK);
        for (size_t i = 0; i < k; i++) {
            int fresh;
            do {
                ps[i] = it % 5 == 0 ? random_prime(&r, 2, 100)
                                    : random_prime(&r, 1u << 20, 1u << 31);
                fresh = 1;
                for (size_t j = 0; j < i; j++)
                    fresh &= ps[j] != ps[i];
            } while (!fresh);
            for (size_t v = 0; v < n; v++)
                rs[i][v] = (uint32_t)gbc_rng_below(&r, ps[i]);
            if (it % 7 == 0 && i > 0)
                T_ASSERT(zz_crt_add(&ctx, &C, rs[0], ps[0], NULL) == GBC_ERR_INTERNAL);
            /* now and then an entry is settled: dropped, and no longer updated */
            if (i > 0 && gbc_rng_below(&r, 4) == 0) {
                size_t v = gbc_rng_below(&r, n);
                live[v] = 0;
                zz_crt_drop(&C, v, 1);
                T_ASSERT(mpz_sgn(crt_x(&C, v)) == 0);
            }
            T_ASSERT(zz_crt_add(&ctx, &C, rs[i], ps[i], i ? live : NULL) == GBC_OK);
            T_CMP(size_t, C.nprimes, ==, i + 1);
            mpz_set_ui(t, 1);
            for (size_t j = 0; j <= i; j++)
                mpz_mul_ui(t, t, ps[j]);
            T_ASSERT(mpz_cmp(t, C.M) == 0);
            for (size_t v = 0; v < n; v++) {
                if (!live[v]) {
                    T_ASSERT(mpz_sgn(crt_x(&C, v)) == 0);
                    continue;
                }
                T_ASSERT(mpz_sgn(crt_x(&C, v)) >= 0);
                T_ASSERT(mpz_cmp(crt_x(&C, v), C.M) < 0);
                for (size_t j = 0; j <= i; j++)
                    T_CMP(uint64_t, mpz_fdiv_ui(crt_x(&C, v), ps[j]), ==, rs[j][v]);
            }
        }
        zz_crt_clear(&ctx, &C);
        T_CMP(size_t, ctx.mem_used, ==, 0);
    }
    mpz_clear(t);
}
END_TEST

/* The residue a = n / d mod m (d invertible mod m). */
static void frac_residue(mpz_t a, const mpz_t n, const mpz_t d, const mpz_t m)
{
    mpz_t inv;
    mpz_init(inv);
    T_ASSERT(mpz_invert(inv, d, m) != 0);
    mpz_mul(a, n, inv);
    mpz_mod(a, a, m);
    mpz_clear(inv);
}

/* z = a random number below m (m not NULL), or else below bound / 2^s + 1 for a
 * random s < bits. */
static void random_below(mpz_t z, gbc_rng *r, const mpz_t m, const mpz_t bound, size_t bits)
{
    mpz_set_ui(z, 0);
    for (size_t i = 0; i < bits + 64; i += 64) {
        mpz_mul_2exp(z, z, 64);
        mpz_add_ui(z, z, (unsigned long)gbc_rng_next(r));
    }
    mpz_t t;
    mpz_init(t);
    if (m != NULL) {
        mpz_mod(z, z, m);
    } else {
        mpz_fdiv_q_2exp(t, bound, gbc_rng_below(r, bits));
        mpz_add_ui(t, t, 1);
        mpz_mod(z, z, t);
    }
    mpz_clear(t);
}

/* Random fractions whose numerator and denominator fit the bound sqrt(m/2) come
 * back exactly; ones far beyond it never come back as themselves, and whatever
 * is returned satisfies the congruence and the bounds. */
/* zz_crt_add on a context with a pool of three threads (the update split in
 * ranges) gives exactly the integers of the update on one thread: 5000 integers
 * (above the split's threshold), some of them settled and dropped on the way. */
START_TEST(test_crt_threads)
{
    gbc_rng r;
    uint64_t seed = tu_seed() + 13;
    gbc_rng_seed(&r, seed);
    gbc_ctx c1, c3;
    gbc_ctx_init(&c1);
    gbc_ctx_init(&c3);
    c3.pool = gbc_pool_new(&c3, 3);
    T_ASSERT(c3.pool != NULL);
    const size_t n = 5000;
    zz_crt A, B;
    T_ASSERT(zz_crt_init(&c1, &A, n) == GBC_OK);
    T_ASSERT(zz_crt_init(&c3, &B, n) == GBC_OK);
    uint32_t *res = malloc(n * sizeof *res);
    uint8_t *live = malloc(n);
    T_ASSERT(res != NULL && live != NULL);
    memset(live, 1, n);
    uint32_t used[8];
    for (int j = 0; j < 8; j++) {
        uint32_t p;
        int fresh;
        do {
            p = random_prime(&r, 1u << 30, 1u << 31);
            fresh = 1;
            for (int i = 0; i < j; i++)
                fresh &= used[i] != p;
        } while (!fresh);
        used[j] = p;
        for (size_t i = 0; i < n; i++)
            res[i] = (uint32_t)gbc_rng_below(&r, p);
        if (j == 4)
            for (size_t i = 3; i < n; i += 7) {
                live[i] = 0;
                zz_crt_drop(&A, i, 1);
                zz_crt_drop(&B, i, 1);
            }
        T_ASSERT(zz_crt_add(&c1, &A, res, p, j >= 4 ? live : NULL) == GBC_OK);
        T_ASSERT(zz_crt_add(&c3, &B, res, p, j >= 4 ? live : NULL) == GBC_OK);
    }
    T_ASSERT(mpz_cmp(A.M, B.M) == 0);
    for (size_t i = 0; i < n; i++)
        T_ASSERT_MSG(mpz_cmp(crt_x(&A, i), crt_x(&B, i)) == 0, "GBC_TEST_SEED=%llu: x_%zu differs",
                     (unsigned long long)(seed - 13), i);
    free(res);
    free(live);
    zz_crt_clear(&c1, &A);
    zz_crt_clear(&c3, &B);
    gbc_pool_free(&c3, c3.pool);
}
END_TEST

/* zz_crt_lift: random rationals (groups sharing a denominator, and loose ones)
 * taken modulo 31-bit primes and lifted once enough primes are in (the lift must
 * give them back), and not before the sample could succeed by chance alone; a
 * lift with too few primes either fails or returns values congruent to the
 * residues. */
START_TEST(test_crt_lift)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 11);
    size_t nsure_seen = 0; /* sure lifts compared with the true value */
    for (int it = 0; it < 40 * tu_mult(); it++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        size_t ng = 1 + gbc_rng_below(&r, 5), glen[5], n = 0;
        for (size_t k = 0; k < ng; k++)
            n += glen[k] = gbc_rng_below(&r, 6);
        mpq_t want[25], got[25];
        unsigned bits = 8 + (unsigned)gbc_rng_below(&r, 200);
        size_t t = 0;
        for (size_t k = 0; k < ng; k++) {
            uint64_t dg = 1 + gbc_rng_below(&r, 1000000);
            for (size_t i = 0; i < glen[k]; i++, t++) {
                mpq_init(want[t]);
                mpq_init(got[t]);
                mpz_ptr num = mpq_numref(want[t]);
                mpz_set_ui(num, 1);
                for (unsigned b = 0; b < bits; b += 30) {
                    mpz_mul_2exp(num, num, 30);
                    mpz_add_ui(num, num, gbc_rng_below(&r, 1u << 30));
                }
                if (gbc_rng_below(&r, 2))
                    mpz_neg(num, num);
                mpz_set_ui(mpq_denref(want[t]), i % 2 ? dg : 1 + gbc_rng_below(&r, 1000));
                mpq_canonicalize(want[t]);
            }
        }
        zz_crt C;
        T_ASSERT(zz_crt_init(&ctx, &C, n) == GBC_OK);
        int ok = 0;
        size_t needed = (2 * (bits + 60) + 2) / 30 + 2; /* primes for |n|, d < sqrt(M/2) */
        for (size_t j = 0; j < needed + 4 && !ok; j++) {
            uint32_t p = random_prime(&r, 1u << 30, 1u << 31);
            uint32_t res[25];
            int bad = 0;
            for (size_t v = 0; v < n; v++) {
                uint64_t dm = mpz_fdiv_ui(mpq_denref(want[v]), p);
                bad |= dm == 0;
                if (dm == 0)
                    break;
                field F;
                field_init(&F, p);
                res[v] = zp_mul(&F, (uint32_t)mpz_fdiv_ui(mpq_numref(want[v]), p),
                                zp_inv(&F, (uint32_t)dm));
            }
            if (bad || zz_crt_add(&ctx, &C, res, p, NULL) == GBC_ERR_INTERNAL)
                continue;
            T_ASSERT(zz_crt_lift(&ctx, &C, glen, ng, got, &ok) == GBC_OK);
            /* group by group: each group lifts alone when the whole does, with the
             * same values */
            for (size_t k = 0, first = 0; ok && k < ng; first += glen[k++]) {
                mpq_t one[25];
                for (size_t i = first; i < first + glen[k]; i++)
                    mpq_init(one[i]);
                int gok = 0;
                T_ASSERT(zz_crt_lift_group(&ctx, &C, first, glen[k], one, &gok) == GBC_OK);
                T_ASSERT(gok);
                for (size_t i = first; i < first + glen[k]; i++) {
                    T_ASSERT(mpq_equal(one[i], got[i]));
                    mpq_clear(one[i]);
                }
                /* into a group's own scratch: member i into rel[i - first] */
                mpq_t rel[6];
                for (size_t i = 0; i < glen[k]; i++)
                    mpq_init(rel[i]);
                size_t at = glen[k] ? glen[k] - 1 : 0;
                gok = 0;
                T_ASSERT(zz_crt_lift_group_into(&ctx, &C, first, glen[k], rel, &gok, &at) ==
                         GBC_OK);
                T_ASSERT(gok);
                for (size_t i = 0; i < glen[k]; i++) {
                    T_ASSERT(mpq_equal(rel[i], got[first + i]));
                    mpq_clear(rel[i]);
                }
            }
            /* from every first member: the same verdict and, when it lifts, the
             * same values in lowest terms; a failure names a member that has no
             * reconstruction of its own */
            for (size_t k = 0, first = 0; k < ng; first += glen[k++]) {
                mpq_t ref[25], one[25];
                for (size_t i = first; i < first + glen[k]; i++) {
                    mpq_init(ref[i]);
                    mpq_init(one[i]);
                }
                int rok = 0;
                T_ASSERT(zz_crt_lift_group(&ctx, &C, first, glen[k], ref, &rok) == GBC_OK);
                for (size_t at0 = 0; at0 < glen[k]; at0++) {
                    size_t at = at0;
                    int gok = -1;
                    T_ASSERT(zz_crt_lift_group_at(&ctx, &C, first, glen[k], one, &gok,
                                                  &at) == GBC_OK);
                    T_ASSERT_MSG(gok == rok, "from member %zu: %d, from the last: %d",
                                 at0, gok, rok);
                    if (gok) {
                        T_ASSERT(at == at0);
                        for (size_t i = first; i < first + glen[k]; i++) {
                            T_ASSERT(mpq_equal(one[i], ref[i]));
                            mpz_t g;
                            mpz_init(g);
                            mpz_gcd(g, mpq_numref(one[i]), mpq_denref(one[i]));
                            T_ASSERT(mpz_cmp_ui(g, 1) == 0);
                            T_ASSERT(mpz_sgn(mpq_denref(one[i])) > 0);
                            mpz_clear(g);
                        }
                    } else {
                        T_ASSERT(at < glen[k]);
                        mpz_t bound, half, nn, dd;
                        mpz_inits(bound, half, nn, dd, NULL);
                        mpz_fdiv_q_2exp(half, C.M, 1);
                        mpz_sqrt(bound, half);
                        T_ASSERT(!zz_ratrecon(nn, dd, crt_x(&C, first + at), C.M, bound));
                        mpz_clears(bound, half, nn, dd, NULL);
                    }
                }
                /* without some members (skipped: left alone), from member 0 on: each
                 * member lifted is its own reconstruction, marked sure exactly when
                 * it has 64 bits to spare, and a sure lift is the true value */
                if (glen[k] > 0) {
                    uint8_t skip[25], sure[25];
                    mpq_t sk[25];
                    for (size_t i = 0; i < glen[k]; i++) {
                        skip[i] = gbc_rng_below(&r, 3) == 0;
                        sure[i] = 7;
                        mpq_init(sk[i]);
                        mpq_set_si(sk[i], 12345, 1);
                    }
                    int sok = -1;
                    size_t fail = glen[k];
                    T_ASSERT(zz_crt_lift_group_skip(&ctx, &C, first, glen[k], 0, skip, 64, sk,
                                                    sure, &sok, &fail) == GBC_OK);
                    size_t end = sok ? glen[k] : fail;
                    T_ASSERT(end <= glen[k]);
                    if (!sok)
                        T_ASSERT(!skip[fail]);
                    const size_t mbits = mpz_sizeinbase(C.M, 2);
                    for (size_t i = 0; i < glen[k]; i++) {
                        if (skip[i] || i >= end) {
                            if (skip[i])
                                T_ASSERT(mpq_cmp_si(sk[i], 12345, 1) == 0);
                            continue;
                        }
                        mpq_t alone;
                        mpq_init(alone);
                        int aok = 0;
                        size_t at1 = 0;
                        T_ASSERT(zz_crt_lift_group_into(&ctx, &C, first + i, 1, &alone, &aok,
                                                        &at1) == GBC_OK);
                        T_ASSERT(aok && mpq_equal(alone, sk[i]));
                        size_t h = mpz_sizeinbase(mpq_numref(sk[i]), 2) +
                                   mpz_sizeinbase(mpq_denref(sk[i]), 2);
                        T_CMP(int, sure[i], ==, mbits > 64 && h <= mbits - 64);
                        if (sure[i]) {
                            T_ASSERT_MSG(mpq_equal(sk[i], want[first + i]),
                                         "a sure lift that is not the value (%zu bits)", h);
                            nsure_seen++;
                        }
                        mpq_clear(alone);
                    }
                    for (size_t i = 0; i < glen[k]; i++)
                        mpq_clear(sk[i]);
                }
                /* a first member out of range is refused */
                size_t bad_at = glen[k];
                int gok = -1;
                gbc_status want_st = glen[k] ? GBC_ERR_INTERNAL : GBC_OK;
                T_ASSERT(zz_crt_lift_group_at(&ctx, &C, first, glen[k], one, &gok,
                                              &bad_at) == want_st);
                for (size_t i = first; i < first + glen[k]; i++) {
                    mpq_clear(ref[i]);
                    mpq_clear(one[i]);
                }
            }
            if (ok && j + 1 < needed) {
                /* an early lift must still agree with every residue */
                for (size_t v = 0; v < n; v++) {
                    uint64_t dm = mpz_fdiv_ui(mpq_denref(got[v]), p);
                    T_ASSERT(dm != 0);
                }
                int same = 1;
                for (size_t v = 0; v < n; v++)
                    same &= mpq_equal(got[v], want[v]) != 0;
                ok = same;
            }
        }
        T_ASSERT_MSG(ok, "no lift after %zu primes (%u bits)", C.nprimes, bits);
        for (size_t v = 0; v < n; v++)
            T_ASSERT_MSG(mpq_equal(got[v], want[v]), "value %zu lifted wrong", v);
        for (size_t v = 0; v < n; v++) {
            mpq_clear(want[v]);
            mpq_clear(got[v]);
        }
        zz_crt_clear(&ctx, &C);
        T_CMP(size_t, ctx.mem_used, ==, 0);
    }
    T_ASSERT(nsure_seen > 0);
}
END_TEST

/* An accumulator in groups (one block of limbs per group, regrown as M grows)
 * holds exactly the integers of one with every integer its own group: random group
 * lengths (empty ones too), updated on a pool of 3 threads and on one, whole groups
 * and parts of groups dropped on the way, compared after every prime, and the
 * lift of a group the same from both. */
START_TEST(test_crt_groups)
{
    gbc_rng r;
    uint64_t seed = tu_seed() + 14;
    gbc_rng_seed(&r, seed);
    mpq_t *qa = NULL, *qb = NULL;
    for (int it = 0; it < 12 * tu_mult(); it++) {
        gbc_ctx c1, c3;
        gbc_ctx_init(&c1);
        gbc_ctx_init(&c3);
        c3.pool = gbc_pool_new(&c3, 3);
        T_ASSERT(c3.pool != NULL);
        /* every third run above the threads' threshold (4096 integers) */
        size_t ng = 1 + gbc_rng_below(&r, it % 3 == 0 ? 400 : 40);
        size_t *glen = malloc(ng * sizeof *glen), n = 0;
        T_ASSERT(glen != NULL);
        for (size_t g = 0; g < ng; g++) {
            glen[g] = gbc_rng_below(&r, 5) == 0 ? 0 : 1 + gbc_rng_below(&r, 40);
            n += glen[g];
        }
        zz_crt A, B;
        T_ASSERT(zz_crt_init_groups(&c3, &A, glen, ng) == GBC_OK);
        T_ASSERT(zz_crt_init(&c1, &B, n) == GBC_OK);
        T_CMP(size_t, A.n, ==, n);
        uint32_t *res = malloc((n ? n : 1) * sizeof *res);
        uint8_t *live = malloc(n ? n : 1);
        T_ASSERT(res != NULL && live != NULL);
        memset(live, 1, n ? n : 1);
        uint32_t used[24];
        size_t np = 2 + gbc_rng_below(&r, 22);
        for (size_t j = 0; j < np; j++) {
            uint32_t p;
            int fresh;
            do {
                p = random_prime(&r, 1u << 30, 1u << 31);
                fresh = 1;
                for (size_t i = 0; i < j; i++)
                    fresh &= used[i] != p;
            } while (!fresh);
            used[j] = p;
            for (size_t i = 0; i < n; i++)
                res[i] = (uint32_t)gbc_rng_below(&r, p);
            if (j > 0 && gbc_rng_below(&r, 3) == 0 && ng > 0) {
                /* a whole group, and a few members of another */
                size_t g = gbc_rng_below(&r, ng), first = 0;
                for (size_t h = 0; h < g; h++)
                    first += glen[h];
                memset(live + first, 0, glen[g]);
                zz_crt_drop(&A, first, glen[g]);
                for (size_t i = first; i < first + glen[g]; i++)
                    zz_crt_drop(&B, i, 1);
                if (n > 0) {
                    size_t i0 = gbc_rng_below(&r, n), len = 1 + gbc_rng_below(&r, 3);
                    for (size_t i = i0; i < i0 + len && i < n; i++) {
                        live[i] = 0;
                        zz_crt_drop(&B, i, 1);
                    }
                    zz_crt_drop(&A, i0, len);
                }
            }
            T_ASSERT(zz_crt_add(&c3, &A, res, p, j > 0 ? live : NULL) == GBC_OK);
            T_ASSERT(zz_crt_add(&c1, &B, res, p, j > 0 ? live : NULL) == GBC_OK);
            T_ASSERT(mpz_cmp(A.M, B.M) == 0);
            for (size_t i = 0; i < n; i++) {
                T_ASSERT_MSG(mpz_cmp(crt_x(&A, i), crt_x(&B, i)) == 0,
                             "GBC_TEST_SEED=%llu: x_%zu differs after %zu primes",
                             (unsigned long long)(seed - 14), i, j + 1);
                if (!live[i])
                    T_ASSERT(mpz_sgn(crt_x(&A, i)) == 0);
                else
                    T_CMP(uint64_t, mpz_fdiv_ui(crt_x(&A, i), p), ==, res[i]);
            }
        }
        /* a group's lift: the same whichever accumulator it comes from */
        size_t first = 0;
        for (size_t g = 0; g < ng; first += glen[g], g++) {
            if (glen[g] == 0)
                continue;
            qa = realloc(qa, glen[g] * sizeof *qa);
            qb = realloc(qb, glen[g] * sizeof *qb);
            T_ASSERT(qa != NULL && qb != NULL);
            for (size_t k = 0; k < glen[g]; k++) {
                mpq_init(qa[k]);
                mpq_init(qb[k]);
            }
            int oka, okb;
            size_t ata = 0, atb = 0;
            T_ASSERT(zz_crt_lift_group_into(&c3, &A, first, glen[g], qa, &oka, &ata) == GBC_OK);
            T_ASSERT(zz_crt_lift_group_into(&c1, &B, first, glen[g], qb, &okb, &atb) == GBC_OK);
            T_CMP(int, oka, ==, okb);
            for (size_t k = 0; k < glen[g] && oka; k++)
                T_ASSERT(mpq_equal(qa[k], qb[k]));
            for (size_t k = 0; k < glen[g]; k++) {
                mpq_clear(qa[k]);
                mpq_clear(qb[k]);
            }
        }
        free(res);
        free(live);
        free(glen);
        zz_crt_clear(&c3, &A);
        zz_crt_clear(&c1, &B);
        gbc_pool_free(&c3, c3.pool);
        T_CMP(size_t, c1.mem_used, ==, 0);
        T_CMP(size_t, c3.mem_used, ==, 0);
    }
    free(qa);
    free(qb);
}
END_TEST

START_TEST(test_ratrecon_random)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 6);
    mpz_t m, n, d, a, bound, rn, rd, t, g;
    mpz_inits(m, n, d, a, bound, rn, rd, t, g, NULL);
    int recovered = 0, refused = 0;
    for (int it = 0; it < 500 * tu_mult(); it++) {
        size_t k = 1 + gbc_rng_below(&r, 10);
        mpz_set_ui(m, 1);
        for (size_t i = 0; i < k; i++)
            mpz_mul_ui(m, m, random_prime(&r, 1u << 30, 1u << 31));
        mpz_fdiv_q_2exp(bound, m, 1);
        mpz_sqrt(bound, bound);
        /* a fraction with |n|, d < bound / 2^s, reduced */
        int big = it % 3 == 0;
        size_t bits = mpz_sizeinbase(bound, 2);
        for (;;) {
            random_below(n, &r, big ? m : NULL, bound, bits);
            random_below(d, &r, big ? m : NULL, bound, bits);
            if (big) {
                /* both well above the bound */
                mpz_mul_2exp(t, bound, 2);
                if (mpz_cmp(d, t) < 0 || mpz_cmp(n, t) < 0)
                    continue;
            }
            mpz_gcd(g, n, d);
            if (mpz_sgn(d) == 0 || mpz_cmp_ui(g, 1) != 0)
                continue;
            mpz_gcd(t, d, m);
            if (mpz_cmp_ui(t, 1) == 0)
                break;
        }
        if (gbc_rng_below(&r, 2))
            mpz_neg(n, n);
        frac_residue(a, n, d, m);
        int ok = zz_ratrecon(rn, rd, a, m, bound);
        if (!big) {
            T_ASSERT_MSG(ok, "small fraction not recovered");
            T_ASSERT(mpz_cmp(rn, n) == 0);
            T_ASSERT(mpz_cmp(rd, d) == 0);
            recovered++;
        } else if (ok) {
            /* a different, valid, small fraction */
            T_ASSERT(mpz_cmp(rd, d) != 0 || mpz_cmp(rn, n) != 0);
            T_ASSERT(mpz_sgn(rd) > 0);
            T_ASSERT(mpz_cmp(rd, bound) <= 0);
            T_ASSERT(mpz_cmpabs(rn, bound) <= 0);
            mpz_mul(t, a, rd);
            mpz_sub(t, t, rn);
            T_ASSERT(mpz_divisible_p(t, m));
        } else {
            refused++;
        }
    }
    T_CMP(int64_t, recovered, >, 0);
    T_CMP(int64_t, refused, >, 0); /* a random residue is almost never a small fraction */
    /* the bound too small for the answer: 3/7 mod 101 with bound 2, then bound 7 */
    mpz_set_ui(m, 101);
    mpz_set_ui(n, 3);
    mpz_set_ui(d, 7);
    frac_residue(a, n, d, m);
    mpz_set_ui(bound, 2);
    T_CMP(int64_t, zz_ratrecon(rn, rd, a, m, bound), ==, 0);
    mpz_set_ui(bound, 7);
    T_CMP(int64_t, zz_ratrecon(rn, rd, a, m, bound), ==, 1);
    T_CMP(int64_t, mpz_cmp_ui(rn, 3), ==, 0);
    T_CMP(int64_t, mpz_cmp_ui(rd, 7), ==, 0);
    /* the residue 0 is the fraction 0/1; m - 1 is -1/1 */
    mpz_set_ui(a, 0);
    T_CMP(int64_t, zz_ratrecon(rn, rd, a, m, bound), ==, 1);
    T_CMP(int64_t, mpz_sgn(rn), ==, 0);
    T_CMP(int64_t, mpz_cmp_ui(rd, 1), ==, 0);
    mpz_set_ui(a, 100);
    T_CMP(int64_t, zz_ratrecon(rn, rd, a, m, bound), ==, 1);
    T_CMP(int64_t, mpz_cmp_si(rn, -1), ==, 0);
    T_CMP(int64_t, mpz_cmp_ui(rd, 1), ==, 0);
    mpz_clears(m, n, d, a, bound, rn, rd, t, g, NULL);
}
END_TEST

/* zz_ratrecon gives exactly the plain Euclid's answer on iters moduli of 1 to
 * maxk primes of 31 bits: residues of fractions whose sizes straddle the bound (so
 * the loop stops just before, at or after a Lehmer run), random residues. */
static void ratrecon_agrees(uint64_t seed, size_t maxk, int iters)
{
    gbc_rng r;
    gbc_rng_seed(&r, seed);
    mpz_t m, n, d, a, bound, rn, rd, pn, pd, t;
    mpz_inits(m, n, d, a, bound, rn, rd, pn, pd, t, NULL);
    int agreed_ok = 0, agreed_no = 0;
    for (int it = 0; it < iters; it++) {
        size_t k = 1 + gbc_rng_below(&r, maxk);
        mpz_set_ui(m, 1);
        for (size_t i = 0; i < k; i++)
            mpz_mul_ui(m, m, random_prime(&r, 1u << 30, 1u << 31));
        mpz_fdiv_q_2exp(bound, m, 1);
        mpz_sqrt(bound, bound);
        size_t bb = mpz_sizeinbase(bound, 2);
        int kind = it % 4;
        if (kind == 3) {
            random_below(a, &r, m, NULL, mpz_sizeinbase(m, 2));
        } else {
            /* n, d of about bb - 80 .. bb + 40 bits */
            size_t nb = bb > 80 ? bb - 80 + gbc_rng_below(&r, 121) : 1 + gbc_rng_below(&r, bb + 40);
            size_t db = kind == 0 ? 1 + gbc_rng_below(&r, 64) : nb;
            do {
                mpz_set_ui(t, 1);
                mpz_mul_2exp(t, t, nb);
                random_below(n, &r, t, NULL, nb);
                mpz_set_ui(t, 1);
                mpz_mul_2exp(t, t, db);
                random_below(d, &r, t, NULL, db);
                mpz_add_ui(d, d, 1);
                mpz_gcd(t, d, m);
            } while (mpz_cmp_ui(t, 1) != 0);
            if (gbc_rng_below(&r, 2))
                mpz_neg(n, n);
            frac_residue(a, n, d, m);
        }
        int ok = zz_ratrecon(rn, rd, a, m, bound);
        int okp = zz_ratrecon_plain(pn, pd, a, m, bound);
        T_CMP(int64_t, ok, ==, okp);
        if (ok) {
            T_ASSERT(mpz_cmp(rn, pn) == 0);
            T_ASSERT(mpz_cmp(rd, pd) == 0);
            agreed_ok++;
        } else {
            agreed_no++;
        }
    }
    T_CMP(int64_t, agreed_ok, >, 0);
    T_CMP(int64_t, agreed_no, >, 0);
    mpz_clears(m, n, d, a, bound, rn, rd, pn, pd, t, NULL);
}

/* Lehmer's steps: moduli of up to 60 primes. */
START_TEST(test_ratrecon_lehmer)
{
    ratrecon_agrees(tu_seed() + 7, 60, 400 * tu_mult());
}
END_TEST

/* Long moduli, up to 700 primes (21,700 bits; lex bases over Q lift coefficients
 * of thousands of digits): the same answers as the plain Euclid. */
START_TEST(test_ratrecon_long)
{
    ratrecon_agrees(tu_seed() + 11, 700, 60 * tu_mult());
}
END_TEST

/* zz_modp_get against mpz_fdiv_ui: integers of 0 to 70 limbs (past the table: the
 * fallback), of both signs, all-ones limbs, modulo primes small and of 31 bits. */
START_TEST(test_modp)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 8);
    mpz_t x;
    mpz_init(x);
    for (int it = 0; it < 200 * tu_mult(); it++) {
        uint32_t p = it % 5 == 0 ? random_prime(&r, 3, 1000) : random_prime(&r, 1u << 30, 1u << 31);
        zz_modp R;
        zz_modp_init(&R, p);
        for (int j = 0; j < 20; j++) {
            size_t limbs = gbc_rng_below(&r, 71);
            mpz_set_ui(x, 0);
            for (size_t k = 0; k < limbs; k++) {
                mpz_mul_2exp(x, x, 64);
                if (j == 1)
                    mpz_add_ui(x, x, ~0UL); /* every bit set */
                else
                    mpz_add_ui(x, x, (unsigned long)gbc_rng_next(&r));
            }
            if (j & 2)
                mpz_neg(x, x);
            T_CMP(uint64_t, zz_modp_get(&R, x), ==, mpz_fdiv_ui(x, p));
        }
    }
    mpz_clear(x);
}
END_TEST

/* For small odd moduli, enumerate every reduced fraction n/d with |n|, d <= B =
 * floor(sqrt(m/2)); by Wang's theorem each residue has at most one. zz_ratrecon must
 * succeed exactly on the residues of those fractions and return that fraction. */
START_TEST(test_ratrecon_exhaustive)
{
    static const unsigned long mods[] = {3, 5, 11, 101, 1155 /* 3*5*7*11 */, 10007,
                                         15015 /* 3*5*7*11*13 */, 9797 /* 97*101 */};
    mpz_t m, n, d, a, bound, rn, rd;
    mpz_inits(m, n, d, a, bound, rn, rd, NULL);
    for (size_t k = 0; k < sizeof mods / sizeof mods[0]; k++) {
        unsigned long M = mods[k];
        long B = 0;
        while (2 * (B + 1) * (B + 1) <= (long)M)
            B++;
        long *tn = malloc(sizeof(long) * M), *td = malloc(sizeof(long) * M);
        T_ASSERT(tn);
        T_ASSERT(td);
        for (unsigned long i = 0; i < M; i++)
            td[i] = 0;
        for (long dd = 1; dd <= B; dd++)
            for (long nn = -B; nn <= B; nn++) {
                long g0 = nn < 0 ? -nn : nn, g1 = dd;
                while (g1) {
                    long t = g0 % g1;
                    g0 = g1;
                    g1 = t;
                }
                if (g0 != 1)
                    continue; /* not reduced (0/d counts only as 0/1) */
                /* the residue nn * dd^-1 mod M (GMP's inverse) */
                mpz_set_ui(m, M);
                mpz_set_ui(d, (unsigned long)dd);
                if (mpz_invert(d, d, m) == 0)
                    continue; /* dd not invertible: no residue */
                mpz_mul_si(a, d, nn);
                mpz_mod(a, a, m);
                long res = (long)mpz_get_ui(a);
                T_ASSERT_MSG(td[res] == 0, "Wang uniqueness fails for m=%lu", M);
                tn[res] = nn;
                td[res] = dd;
            }
        mpz_set_ui(m, M);
        mpz_set_ui(bound, (unsigned long)B);
        for (unsigned long x = 0; x < M; x++) {
            mpz_set_ui(a, x);
            int ok = zz_ratrecon(rn, rd, a, m, bound);
            T_ASSERT_MSG(ok == (td[x] != 0), "m=%lu a=%lu: ok=%d", M, x, ok);
            if (ok) {
                T_ASSERT_MSG(mpz_cmp_si(rn, tn[x]) == 0 && mpz_cmp_si(rd, td[x]) == 0,
                              "m=%lu a=%lu: wrong fraction", M, x);
            }
        }
        free(tn);
        free(td);
    }
    mpz_clears(m, n, d, a, bound, rn, rd, NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("field");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_arith_vs_mpz);
    tcase_add_test(tc, test_inv_exhaustive);
    tcase_add_test(tc, test_conversions);
    tcase_add_test(tc, test_is_prime);
    tcase_add_test(tc, test_field_init_domain);
    tcase_add_test(tc, test_content);
    tcase_add_test(tc, test_crt);
    tcase_add_test(tc, test_crt_lift);
    tcase_add_test(tc, test_crt_threads);
    tcase_add_test(tc, test_crt_groups);
    tcase_add_test(tc, test_ratrecon_random);
    tcase_add_test(tc, test_ratrecon_exhaustive);
    tcase_add_test(tc, test_ratrecon_lehmer);
    tcase_add_test(tc, test_ratrecon_long);
    tcase_add_test(tc, test_modp);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
