/* fglm: change of order for zero-dimensional ideals over Z/p (Faugere, Gianni,
 * Lazard, Mora, "Efficient computation of zero-dimensional Groebner bases by change
 * of ordering", JSC 16, 1993). From the reduced Groebner basis G for one order: the
 * normal set B (the D standard monomials), the multiplication matrices of the
 * variables on k[x]/I in the basis B, then the reduced basis for the new order by
 * linear algebra modulo p. For lex, when the ideal is in shape position, the sparse
 * variant (Faugere and Mou, "Sparse FGLM algorithms", JSC 80, 2017) uses only the
 * matrix of the smallest variable: a Krylov sequence, Berlekamp-Massey, and the
 * parametrisation from the same sequence. Every result is exact: the sparse path
 * proves shape position from the degree of the minimal polynomial and checks its
 * parametrisations, and falls back to the classic path otherwise. docs/fglm.md. */
#ifndef GBC_FGLM_H
#define GBC_FGLM_H

#include "common/stats.h"
#include "poly/poly.h"

/* Standard monomials beyond this make the change of order decline (it needs about
 * (n + 2) D^2 words); the callers then take another path. */
#define FGLM_MAX_DIM 16384u

/* Whether the ideal with reduced (or minimal) Groebner basis G is zero-dimensional:
 * every variable has a pure power among the leading monomials. The unit ideal is. */
int fglm_is_zero_dim(const ring *R, const plist *G);

/* The paths: FGLM_AUTO tries the sparse one for a lex target and falls back to the
 * classic one; the others force one (FGLM_SPARSE still falls back when the ideal
 * is not in shape position). */
typedef enum fglm_path { FGLM_AUTO = 0, FGLM_CLASSIC = 1, FGLM_SPARSE = 2 } fglm_path;

/* The reduced Groebner basis for Rdst's order of the zero-dimensional ideal whose
 * reduced Groebner basis for Rsrc's order is G (characteristic p > 0; the rings
 * differ only by their orders) into out (empty on entry): monic, by increasing
 * leading monomial. stats may be NULL (its fglm_* fields are filled).
 * Errors: GBC_ERR_DOMAIN if the ideal is not zero-dimensional (or over Q);
 * GBC_ERR_UNSUPPORTED if it has more than FGLM_MAX_DIM standard monomials;
 * GBC_ERR_INTERNAL if G is not a reduced Groebner basis; NOMEM, LIMIT,
 * INTERRUPTED. */
gbc_status fglm_change_order(gbc_ctx *ctx, const ring *Rsrc, const plist *G,
                             const ring *Rdst, plist *out, gb_stats *stats, fglm_path path);

#endif
