/* poly/coef: the coefficient kernels of a reduction step, one per field, shared by
 * the polynomial families (poly/zp_poly.c, poly/qq_poly.c), the heap reducer
 * (buchberger/reduce.c) and through them the verifiers: which multipliers cancel
 * a leading term, and which make an S-polynomial. */
#ifndef GBC_POLY_COEF_H
#define GBC_POLY_COEF_H

#include "field/field.h"

/* Z/p: the c with lcf + c * lcg = 0 (lcg nonzero): -lcf / lcg; no inversion when
 * lcg is 1 (a monic reducer). */
static inline uint32_t zp_cancel_coef(const field *F, uint32_t lcf, uint32_t lcg)
{
    return zp_neg(F, lcg == 1 ? lcf : zp_mul(F, lcf, zp_inv(F, lcg)));
}

/* Z/p: the multipliers of the S-polynomial ci * gi + cj * gj (the leading
 * coefficients lci, lcj nonzero): ci = 1 / lci and cj = -1 / lcj, so that each
 * part is monic and the leading terms cancel. */
static inline void zp_spair_coefs(const field *F, uint32_t lci, uint32_t lcj, uint32_t *ci,
                                  uint32_t *cj)
{
    *ci = lci == 1 ? 1 : zp_inv(F, lci);
    *cj = zp_neg(F, lcj == 1 ? 1 : zp_inv(F, lcj));
}

/* Q, fraction-free: a and c with a * lcf + c * lcg = 0 and gcd(a, c) = 1:
 * d = gcd(lcf, lcg), a = lcg / d, c = -lcf / d (lcf, lcg nonzero; a has lcg's
 * sign). The S-polynomial of gi and gj is a gi + c gj with lcf = lc gi and
 * lcg = lc gj. d is scratch; a, c and d must be distinct from lcf and lcg. */
static inline void qq_cancel_coefs(mpz_t a, mpz_t c, mpz_t d, const mpz_t lcf,
                                   const mpz_t lcg)
{
    mpz_gcd(d, lcf, lcg);
    mpz_divexact(a, lcg, d);
    mpz_divexact(c, lcf, d);
    mpz_neg(c, c);
}

#endif
