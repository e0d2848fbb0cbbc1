/* solve/solve.h: internal interface of the solver of zero-dimensional systems
 * (docs/solve.md): univariate integer polynomials and the isolation of their real
 * roots by Descartes' rule of signs (upoly.c), and the driver (solve.c). */
#ifndef GBC_SOLVE_H
#define GBC_SOLVE_H

#include <gmp.h>

#include "common/common.h"

/* A polynomial of Z[t]: c[0..n) its coefficients, c[i] of t^i; n = 0 is the zero
 * polynomial, otherwise c[n-1] != 0 once normalised. cap mpz_t are initialised
 * (cap >= n); sv_zpoly_clear clears them. */
typedef struct sv_zpoly {
    mpz_t *c;
    size_t n, cap;
} sv_zpoly;

/* P with room for n coefficients, all zero (P->n = n; normalise after filling).
 * GBC_ERR_NOMEM / GBC_ERR_LIMIT through ctx; P is then empty and needs no clear. */
gbc_status sv_zpoly_init(gbc_ctx *ctx, sv_zpoly *P, size_t n);
void sv_zpoly_clear(gbc_ctx *ctx, sv_zpoly *P);
/* Drop leading zero coefficients. */
void sv_zpoly_normalise(sv_zpoly *P);
/* Divide by the content and make the leading coefficient positive (zero stays). */
void sv_zpoly_primitive(sv_zpoly *P);
/* The squarefree part of P (nonzero, degree >= 0): P / gcd(P, P'), primitive with
 * a positive leading coefficient, into *S (initialised here; the caller clears it).
 * Exact (primitive pseudo-remainder sequence over Z). */
gbc_status sv_zpoly_squarefree(gbc_ctx *ctx, sv_zpoly *S, const sv_zpoly *P);
/* The sign (-1, 0, 1) of P at the rational x. */
int sv_zpoly_sign_at(const sv_zpoly *P, const mpq_t x);

/* A real root of a squarefree polynomial: exact (a == b, the root) or isolated in
 * the open interval (a, b), a < b dyadic, holding exactly this one root; sa is the
 * sign of the polynomial on (a, root). */
typedef struct sv_root {
    mpq_t a, b;
    int exact;
    int sa;
} sv_root;

/* The real roots of P (squarefree, degree >= 1, integer coefficients) in
 * increasing order: *roots (allocated through ctx, *nroots of them, each a and b
 * initialised; free with sv_roots_free). Every endpoint is a dyadic rational and
 * no endpoint of a non-exact interval lies in another root's interval. Polls ctx
 * for an interrupt. */
gbc_status sv_isolate(gbc_ctx *ctx, sv_root **roots, size_t *nroots, const sv_zpoly *P);
void sv_roots_free(gbc_ctx *ctx, sv_root *roots, size_t nroots);
/* Halve the interval of r (a root of P, squarefree) by the sign at its midpoint;
 * an exact root stays as it is. */
void sv_root_refine(sv_root *r, const sv_zpoly *P);

#endif
