/* api/learn_int: the proof of an apply of gbc_trace_mod (api/learn_check.c), used by
 * api/learn.c. Internal. */
#ifndef GBC_API_LEARN_INT_H
#define GBC_API_LEARN_INT_H

#include "poly/poly.h"

/* Whether G (an apply's basis, ring R over Z/p, every element in the ideal of L by
 * construction) is the reduced Groebner basis of <L>: *ok = 1 when every
 * polynomial of L reduces to zero by G (exact), G is reduced (exact), and random
 * linear combinations (from seed) of the S-polynomials of G's Gebauer-Moeller
 * pairs reduce to zero by G in one F4 matrix: enough rounds that a G which is not
 * a Groebner basis passes with probability at most 2^-64. Else *why (static
 * text) says what failed, and *bad the generator (from 0) when one does not
 * reduce to zero. */
gbc_status learn_prove(int *ok, const char **why, size_t *bad, gbc_ctx *ctx, const ring *R,
                       const plist *G, const plist *L, uint64_t seed);
/* Whether G (ring R over Z/p) is reduced: no zero polynomial nor coefficient,
 * monic, sorted by increasing leading monomial, none dividing another, no tail
 * monomial divisible by a leading monomial (exact; learn_prove's third check
 * alone). */
gbc_status learn_reduced(int *ok, gbc_ctx *ctx, const ring *R, const plist *G);

#endif
