/* field: coefficient arithmetic. Z/p for primes 2 <= p < 2^31 on uint32 values in
 * [0, p), with the delayed-reduction helpers the F4 kernels use; helpers over Z and Q
 * (GMP) for content removal, CRT and rational reconstruction. */
#ifndef GBC_FIELD_H
#define GBC_FIELD_H

#include <gmp.h>

#include "common/common.h"

/* The characteristic of a computation: p > 0 for Z/p, p = 0 for Q. */
typedef struct field {
    uint32_t p;    /* prime modulus, or 0 for the rationals */
    uint64_t p2;   /* p * p, the delayed-reduction offset (0 for Q) */
} field;

/* Deterministic primality for 32-bit integers (Miller-Rabin, bases 2, 7, 61). */
int zp_is_prime(uint64_t n);

/* Set up F for characteristic p (0 or a prime < 2^31). GBC_ERR_DOMAIN otherwise. */
gbc_status field_init(field *F, uint32_t p);

static inline uint32_t zp_add(const field *F, uint32_t a, uint32_t b)
{
    uint32_t s = a + b; /* < 2^32 since a, b < p < 2^31 */
    return s >= F->p ? s - F->p : s;
}

static inline uint32_t zp_sub(const field *F, uint32_t a, uint32_t b)
{
    return a >= b ? a - b : a + (F->p - b);
}

static inline uint32_t zp_neg(const field *F, uint32_t a)
{
    return a == 0 ? 0 : F->p - a;
}

static inline uint32_t zp_mul(const field *F, uint32_t a, uint32_t b)
{
    return (uint32_t)(((uint64_t)a * b) % F->p);
}

static inline uint32_t zp_reduce64(const field *F, uint64_t a)
{
    return (uint32_t)(a % F->p);
}

/* Inverse of a nonzero a. */
uint32_t zp_inv(const field *F, uint32_t a);
uint32_t zp_pow(const field *F, uint32_t a, uint64_t e);
/* The residue of a signed integer / of an mpz. */
uint32_t zp_from_i64(const field *F, int64_t a);
uint32_t zp_from_mpz(const field *F, const mpz_t a);
/* The residue of a rational a = n/d into *r; 0 (and *r untouched) when p divides
 * d. */
int zp_from_mpq(const field *F, const mpq_t a, uint32_t *r);
/* The balanced representative of a (in (-p/2, p/2]) as a signed integer. */
int64_t zp_to_balanced(const field *F, uint32_t a);

/* ---- Z and Q helpers ---- */

/* g = gcd of the n integers c (g >= 0; 0 when all are zero). */
void zz_content(mpz_t g, mpz_t *c, size_t n);
/* Bytes of the limbs of n integers of at most limbs limbs each (saturating at
 * SIZE_MAX): the bound charged to a context before GMP computes them. */
size_t zz_bytes_bound(size_t n, size_t limbs);

/* CRT: field/crt.h (the accumulator). */

/* Rational reconstruction: find n/d with |n| <= bound, 0 < d <= bound such that
 * n = a*d mod m (Wang's bound: bound = floor(sqrt(m/2)) makes the answer unique).
 * Returns 1 and sets n, d (in lowest terms) on success, 0 when none exists. Lehmer
 * steps (a run of quotients from the leading 62 bits at a time) while the remainders
 * are long. */
int zz_ratrecon(mpz_t n, mpz_t d, const mpz_t a, const mpz_t m, const mpz_t bound);
/* The same answer by the plain half extended Euclid, one division a step (the
 * reference zz_ratrecon's Lehmer steps are tested against). */
int zz_ratrecon_plain(mpz_t n, mpz_t d, const mpz_t a, const mpz_t m, const mpz_t bound);

#endif
