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

int zp_from_mpq(const field *F, const mpq_t a, uint32_t *r)
{
    uint32_t d = zp_from_mpz(F, mpq_denref(a));
    if (d == 0)
        return 0;
    *r = zp_mul(F, zp_from_mpz(F, mpq_numref(a)), zp_inv(F, d));
    return 1;
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

int zz_ratrecon_plain(mpz_t n, mpz_t d, const mpz_t a, const mpz_t m, const mpz_t bound)
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

/* The end of a reconstruction (r1, t1: the first remainder <= bound and its
 * cofactor): the answer if |t1| <= bound and gcd(r1, t1) = 1. */
static int ratrecon_finish(mpz_t n, mpz_t d, mpz_t r1, mpz_t t1, const mpz_t bound, mpz_t tmp)
{
    if (mpz_sgn(t1) == 0 || mpz_cmpabs(t1, bound) > 0)
        return 0;
    mpz_gcd(tmp, r1, t1);
    if (mpz_cmp_ui(tmp, 1) != 0)
        return 0;
    if (mpz_sgn(t1) < 0) {
        mpz_neg(t1, t1);
        mpz_neg(r1, r1);
    }
    mpz_set(n, r1);
    mpz_set(d, t1);
    return 1;
}

/* x = a * u + b * v (a, b signed, |a|, |b| < 2^62). */
static void lin2(mpz_t x, int64_t a, const mpz_t u, int64_t b, const mpz_t v)
{
    mpz_mul_si(x, u, (long)a);
    if (b >= 0)
        mpz_addmul_ui(x, v, (unsigned long)b);
    else
        mpz_submul_ui(x, v, (unsigned long)-b);
}

/* Lehmer's step (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L) on u >= v > 0: the
 * cofactor matrix [[A, B], [C, D]] of the longest run of quotients of the Euclidean
 * remainder sequence of (u, v) that the leading 62 bits determine (each quotient
 * is taken only when both ends of its interval agree, so every one is exact). 0
 * when not even one quotient is determined. */
static int lehmer_matrix(const mpz_t u, const mpz_t v, int64_t *m)
{
    size_t bits = mpz_sizeinbase(u, 2);
    if (bits <= 62)
        return 0;
    mp_bitcnt_t sh = (mp_bitcnt_t)(bits - 62);
    /* the leading bits of u and v at the same shift: u >> sh < 2^62 */
    int64_t x = 0, y = 0;
    {
        mpz_t tu, tv;
        mpz_inits(tu, tv, NULL);
        mpz_fdiv_q_2exp(tu, u, sh);
        mpz_fdiv_q_2exp(tv, v, sh);
        x = (int64_t)mpz_get_ui(tu);
        y = (int64_t)mpz_get_ui(tv);
        mpz_clears(tu, tv, NULL);
    }
    const int64_t lim = (int64_t)1 << 62;
    int64_t A = 1, B = 0, C = 0, D = 1;
    for (;;) {
        if (y + C <= 0 || y + D <= 0 || x + A < 0 || x + B < 0)
            break;
        int64_t q = (x + A) / (y + C);
        if (q != (x + B) / (y + D))
            break;
        __int128 nc = (__int128)A - (__int128)q * C;
        __int128 nd = (__int128)B - (__int128)q * D;
        if (nc >= lim || nc <= -lim || nd >= lim || nd <= -lim)
            break;
        A = C;
        C = (int64_t)nc;
        B = D;
        D = (int64_t)nd;
        int64_t t = x - q * y;
        x = y;
        y = t;
    }
    if (B == 0)
        return 0;
    m[0] = A;
    m[1] = B;
    m[2] = C;
    m[3] = D;
    return 1;
}

int zz_ratrecon(mpz_t n, mpz_t d, const mpz_t a, const mpz_t m, const mpz_t bound)
{
    /* zz_ratrecon_plain's half extended Euclid, with Lehmer's steps while the
     * remainders are long: a run of quotients from the leading bits is applied to
     * (r0, r1) and (t0, t1) at once, and kept only when the new r1 is still above
     * the bound (the remainders decrease, so none of the run would have stopped
     * the plain loop); otherwise, and near the end, one plain step. So the
     * remainder where the loop stops, its cofactor and the answer are exactly
     * zz_ratrecon_plain's. */
    mpz_t r0, r1, t0, t1, q, tmp, nr0, nr1;
    mpz_inits(r0, r1, t0, t1, q, tmp, nr0, nr1, NULL);
    mpz_set(r0, m);
    mpz_mod(r1, a, m);
    mpz_set_ui(t0, 0);
    mpz_set_ui(t1, 1);
    const size_t bbits = mpz_sizeinbase(bound, 2);
    while (mpz_cmp(r1, bound) > 0) {
        int64_t M[4];
        if (mpz_sizeinbase(r1, 2) > bbits + 64 && lehmer_matrix(r0, r1, M)) {
            lin2(nr1, M[2], r0, M[3], r1);
            if (mpz_cmp(nr1, bound) > 0) {
                lin2(nr0, M[0], r0, M[1], r1);
                mpz_swap(r0, nr0);
                mpz_swap(r1, nr1);
                lin2(nr0, M[0], t0, M[1], t1);
                lin2(nr1, M[2], t0, M[3], t1);
                mpz_swap(t0, nr0);
                mpz_swap(t1, nr1);
                continue;
            }
        }
        mpz_fdiv_qr(q, tmp, r0, r1);
        mpz_swap(r0, r1);
        mpz_swap(r1, tmp);
        mpz_mul(tmp, q, t1);
        mpz_sub(tmp, t0, tmp);
        mpz_swap(t0, t1);
        mpz_swap(t1, tmp);
    }
    int ok = ratrecon_finish(n, d, r1, t1, bound, tmp);
    mpz_clears(r0, r1, t0, t1, q, tmp, nr0, nr1, NULL);
    return ok;
}
