/* module/module_int: what the files of module/ share: the encoding of module
 * elements as polynomials in a ring with one extra variable per component, and a
 * growing submodule with its Groebner basis for membership tests. Internal to
 * module/. */
#ifndef GBC_MODULE_INT_H
#define GBC_MODULE_INT_H

#include "module/module.h"

/* The encoding ring S of a ring R (n variables) and ne components: S's variables
 * 0..n-1 are R's, n..n+ne-1 the component variables c_0..c_{ne-1} (names that do
 * not clash with R's). An element sum_i f_i e_i is the polynomial sum_i f_i
 * c_{cmap[i]}; the ideal of a submodule also holds every product c_a c_b, so the
 * polynomials of its Groebner basis that are linear in the c's are the module's
 * Groebner basis. S's order: first, for k < nrows, a weight row that selects c_k
 * (so c_0 > c_1 > ... > c_{nrows-1} > anything without them, compared before the
 * monomial), then R's order on R's variables, then lex on c_0 > c_1 > .... */
typedef struct menc {
    ring S;
    uint32_t n;  /* R's variables */
    uint32_t ne; /* component variables */
} menc;

gbc_status menc_init(gbc_ctx *ctx, menc *E, const ring *R, uint32_t ne, uint32_t nrows);
void menc_clear(gbc_ctx *ctx, menc *E);

/* Append to out (a list of S) the encoding of element j of L (rank r, ring R) with
 * component i sent to c_{cmap[i]}: a zero polynomial for a zero element. */
gbc_status menc_encode(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                       const plist *L, size_t j, const uint32_t *cmap, plist *out);

/* Append the products c_a c_b (a <= b) to out. */
gbc_status menc_products(gbc_ctx *ctx, const menc *E, plist *out);

/* If every term of p (of S) has exactly one component variable, to the power 1,
 * and that variable c_k has inv[k] != UINT32_MAX: append to out the element of
 * rank r of R whose component inv[k] collects the terms with c_k, and set *taken
 * to 1; otherwise append nothing and set *taken to 0. */
gbc_status menc_decode(gbc_ctx *ctx, const menc *E, const ring *R, const ppoly *p,
                       const uint32_t *inv, uint32_t rank, plist *out, int *taken);

/* A submodule of R^r under construction (term over position): its generators'
 * encodings and a Groebner basis of them with the products, kept up to date
 * lazily. */
typedef struct mbasis {
    menc E;
    uint32_t rank;
    uint32_t *cmap;
    plist G;   /* a Groebner basis in S (products included) */
    plist add; /* encodings added since G was computed */
} mbasis;

gbc_status mbasis_init(gbc_ctx *ctx, mbasis *B, const ring *R, uint32_t rank);
void mbasis_clear(gbc_ctx *ctx, mbasis *B);
/* Add element j of L (rank r) to the generators. */
gbc_status mbasis_add(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L, size_t j);
/* *in = whether element j of L lies in the submodule (updates G first). */
gbc_status mbasis_contains(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L,
                           size_t j, int *in, gb_stats *stats);

#endif
