/* check: verifiers. check_groebner and check_ideal_contains are the test oracles:
 * they share no pair or reduction code with the reducers they check (every pair
 * but the coprime ones, normal forms by the plainest method: repeated
 * merge-subtraction of one multiple at a time). The *_criteria and *_fast ones use
 * the Gebauer-Moeller pairs and the heap reducer: orders of magnitude faster, for
 * the certification of the modular path and for gbc_is_groebner. */
#ifndef GBC_CHECK_H
#define GBC_CHECK_H

#include "poly/poly.h"

typedef struct check_report {
    int is_groebner;    /* every S-pair top-reduces to zero */
    int is_reduced;     /* monic, sorted, no term divisible by another's lead */
    size_t bad_i, bad_j; /* the first failing pair (or element in bad_i) */
    char reason[160];
} check_report;

/* Whether G (plain form, ring R) is a Groebner basis of the ideal it generates
 * and whether it is the reduced one. Pairs with coprime leading monomials are
 * skipped (Buchberger's first criterion). */
gbc_status check_groebner(gbc_ctx *ctx, const ring *R, const plist *G, check_report *rep);

/* Buchberger's criterion with the Gebauer-Moeller pair criteria: only the pairs the
 * update keeps are reduced (sound, and far fewer; used by the certification of the
 * modular path, not as a test oracle since it shares the pairs module with the
 * reducers). *is_gb receives the verdict. */
gbc_status check_groebner_criteria(gbc_ctx *ctx, const ring *R, const plist *G, int *is_gb);

/* The verdicts of check_groebner (the same report, the failing pair possibly a
 * different one) by the criteria of check_groebner_criteria. */
gbc_status check_groebner_fast(gbc_ctx *ctx, const ring *R, const plist *G,
                               check_report *rep);

/* Whether every polynomial of F reduces to zero modulo G (which must be a Groebner
 * basis): the ideal of F is then contained in the ideal of G. */
gbc_status check_ideal_contains(gbc_ctx *ctx, const ring *R, const plist *G,
                                const plist *F, int *contained, size_t *bad);

/* The verdict of check_ideal_contains by the heap reducer of buchberger/ (top
 * reduction of each polynomial of F by the leading terms of G; much faster; not a
 * test oracle). On *contained = 0, *bad (when not NULL) is the first polynomial of
 * F whose normal form is nonzero. */
gbc_status check_ideal_contains_fast(gbc_ctx *ctx, const ring *R, const plist *G,
                                     const plist *F, int *contained, size_t *bad);

/* Whether two plain lists are equal polynomial by polynomial (same order, same
 * terms, same coefficients). */
int check_plist_equal(const ring *R, const plist *A, const plist *B);

#endif
