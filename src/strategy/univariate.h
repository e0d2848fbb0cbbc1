/* strategy/univariate: the reduced Groebner basis of an ideal of K[x], the monic
 * gcd of its generators: over Z/p by Euclid on sparse polynomials (univariate.c),
 * over Q by gcds modulo primes, CRT and an exact proof (univariate_qq.c). In one variable
 * every term order is the same, and the engines' cost grows with the degree (each
 * monomial x^k an F4 column or a hash entry): x^10000000-1, x^9999999-1 takes one
 * division here. docs/architecture.md ("Order paths"). */
#ifndef GBC_STRATEGY_UNIVARIATE_H
#define GBC_STRATEGY_UNIVARIATE_H

#include "common/stats.h"
#include "poly/poly.h"

/* Whether strat_univariate (over Z/p) or strat_univariate_qq (over Q) computes
 * the basis of an ideal of R (the caller knows its field): R has one variable. */
int strat_univariate_applies(const ring *R);

/* The reduced Groebner basis of in (R: one variable, Z/p) into out (empty on
 * failure): nothing for the zero ideal, else the monic gcd of the generators (1
 * for the unit ideal). Remainders are taken by a heap of pending terms (memory
 * proportional to the terms, not to the degree) or, for a divisor of small degree,
 * as sums of powers x^e reduced by square-and-multiply, whichever costs fewer
 * operations. Polls ctx; charges what it allocates. stats may be NULL. */
gbc_status strat_univariate(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats);

/* The reduced Groebner basis of in (R: one variable, Q) into out (empty on
 * failure): nothing for the zero ideal, else the monic gcd of the generators (1 for
 * the unit ideal), the basis the multi-modular path gives. The gcd is taken modulo
 * primes by strat_univariate's Euclid, lifted by CRT, and proved over Z by exact
 * division of every generator (docs/architecture.md, "Order paths"); memory follows
 * the terms, not the degree. GBC_ERR_VERIFY after the plan's max_primes primes.
 * Polls ctx; charges what it allocates, integers by estimate. stats may be NULL. */
gbc_status strat_univariate_qq(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                               gb_stats *stats);

#endif
