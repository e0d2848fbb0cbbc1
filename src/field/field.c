/* field: Z/p inverses, powers, conversions, primality; Z and Q helpers. */
#include "field/field.h"

static uint64_t mulmod64(uint64_t a, uint64_t b, uint64_t m)
{
    return (uint64_t)(((unsigned __int128)a * b) % m);
}

static uint64_t powmod64(uint64_t a, uint64_t e, uint64_t m)
{
    uint64_t r = 1 % m;
    a %= m;
    while (e != 0) {
        if (e & 1)
            r = mulmod64(r, a, m);
        a = mulmod64(a, a, m);
        e >>= 1;
    }
    return r;
}

int zp_is_prime(uint64_t n)
{
    if (n < 2)
        return 0;
    static const uint32_t small[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        if (n == small[i])
            return 1;
        if (n % small[i] == 0)
            return 0;
    }
    if (n >= (1ULL << 32))
        return -1; /* not needed by gbc; callers only pass 32-bit values */
    uint64_t d = n - 1;
    int s = 0;
    while ((d & 1) == 0) {
        d >>= 1;
        s++;
    }
    /* Bases 2, 7, 61 decide primality for every n < 4,759,123,141. */
    static const uint32_t bases[] = {2, 7, 61};
    for (size_t i = 0; i < 3; i++) {
        uint64_t a = bases[i] % n;
        if (a == 0)
            continue;
        uint64_t x = powmod64(a, d, n);
        if (x == 1 || x == n - 1)
            continue;
        int composite = 1;
        for (int r = 1; r < s; r++) {
            x = mulmod64(x, x, n);
            if (x == n - 1) {
                composite = 0;
                break;
            }
        }
        if (composite)
            return 0;
    }
    return 1;
}

gbc_status field_init(field *F, uint32_t p)
{
    if (p != 0 && (p >= (1u << 31) || zp_is_prime(p) != 1))
        return GBC_ERR_DOMAIN;
    F->p = p;
    F->p2 = (uint64_t)p * p;
    return GBC_OK;
}

uint32_t zp_inv(const field *F, uint32_t a)
{
    GBC_ASSERT(a != 0 && a < F->p);
    /* Extended Euclid on (p, a), tracking the coefficient of a only. */
    int64_t t0 = 0, t1 = 1;
    uint32_t r0 = F->p, r1 = a;
    while (r1 != 0) {
        uint32_t q = r0 / r1;
        uint32_t r2 = r0 - q * r1;
        int64_t t2 = t0 - (int64_t)q * t1;
        r0 = r1;
        r1 = r2;
        t0 = t1;
        t1 = t2;
    }
    GBC_ASSERT(r0 == 1);
    return (uint32_t)(t0 < 0 ? t0 + F->p : t0);
}

uint32_t zp_pow(const field *F, uint32_t a, uint64_t e)
{
    return (uint32_t)powmod64(a, e, F->p);
}

uint32_t zp_from_i64(const field *F, int64_t a)
{
    int64_t r = a % (int64_t)F->p;
    return (uint32_t)(r < 0 ? r + F->p : r);
}

uint32_t zp_from_mpz(const field *F, const mpz_t a)
{
    return (uint32_t)mpz_fdiv_ui(a, F->p);
}

int64_t zp_to_balanced(const field *F, uint32_t a)
{
    return a > F->p / 2 ? (int64_t)a - F->p : (int64_t)a;
}

size_t zz_bytes_bound(size_t n, size_t limbs)
{
    size_t b;
    if (gbc_mul_size(&b, n, limbs) || gbc_mul_size(&b, b, sizeof(mp_limb_t)))
        return SIZE_MAX;
    return b;
}

void zz_content(mpz_t g, mpz_t *c, size_t n)
{
    mpz_set_ui(g, 0);
    for (size_t i = 0; i < n; i++) {
        mpz_gcd(g, g, c[i]);
        if (mpz_cmp_ui(g, 1) == 0)
            return;
    }
}

int zz_ratrecon(mpz_t n, mpz_t d, const mpz_t a, const mpz_t m, const mpz_t bound)
{
    /* Half extended Euclid on (m, a): keep r_i = t_i * a mod m and stop at the first
     * remainder <= bound (Wang; see also Monagan, "Maximal quotient rational
     * reconstruction", ISSAC 2004, for the setting). */
    mpz_t r0, r1, t0, t1, q, tmp;
    mpz_inits(r0, r1, t0, t1, q, tmp, NULL);
    mpz_set(r0, m);
    mpz_mod(r1, a, m);
    mpz_set_ui(t0, 0);
    mpz_set_ui(t1, 1);
    while (mpz_cmp(r1, bound) > 0) {
        mpz_fdiv_qr(q, tmp, r0, r1);
        mpz_swap(r0, r1);
        mpz_swap(r1, tmp);
        mpz_mul(tmp, q, t1);
        mpz_sub(tmp, t0, tmp);
        mpz_swap(t0, t1);
        mpz_swap(t1, tmp);
    }
    int ok = 0;
    if (mpz_sgn(t1) != 0 && mpz_cmpabs(t1, bound) <= 0) {
        mpz_gcd(tmp, r1, t1);
        if (mpz_cmp_ui(tmp, 1) == 0) {
            if (mpz_sgn(t1) < 0) {
                mpz_neg(t1, t1);
                mpz_neg(r1, r1);
            }
            mpz_set(n, r1);
            mpz_set(d, t1);
            ok = 1;
        }
    }
    mpz_clears(r0, r1, t0, t1, q, tmp, NULL);
    return ok;
}
