/* fglm/fglm_int: what the parts of the change of order share. source.c builds the
 * normal set and the multiplication structure from the source basis; classic.c is
 * the FGLM traversal for any target order; sparse.c the shape-position path for
 * lex. */
#ifndef GBC_FGLM_INT_H
#define GBC_FGLM_INT_H

#include "fglm/fglm.h"
#include "divlookup/divlookup.h"

/* A monomial of the multiplication structure: standard monomial k (code 2k) or
 * border monomial k (code 2k + 1). */
#define FG_IS_BORDER(code) ((code) & 1u)
#define FG_INDEX(code) ((code) >> 1)

/* The source side: the normal set B = {b_0 < ... < b_{D-1}} (source order), the
 * border {x_i b} \ B, and for border monomials their normal forms as dense vectors
 * in the basis B, computed on demand. */
typedef struct fg_src {
    gbc_ctx *ctx;
    const ring *R;
    const field *F;
    uint32_t n;
    mht_params par;
    mht t;
    int par_init, t_init;
    poly *g;            /* the basis, monic */
    size_t ng;
    divlookup dl;       /* its leading monomials */
    int dl_init;
    uint32_t D;
    uint32_t *std;      /* D monomials of t, increasing */
    uint32_t nb;
    size_t capb;
    uint32_t *bmon;     /* border monomials */
    uint32_t *blead;    /* element of g with that leading monomial, or UINT32_MAX */
    uint32_t *bvar;     /* otherwise bmon = x_bvar * (border monomial bpar) */
    uint32_t *bpar;
    uint32_t **bnf;     /* normal forms (D residues), NULL until computed */
    uint32_t *mul;      /* n * D codes: mul[i * D + k] is the code of x_i b_k */
    uint32_t *stack;    /* scratch of fg_nf_need */
    size_t capstack;
    uint64_t *acc;      /* scratch, D words */
    size_t nf_count;    /* normal forms computed */
} fg_src;

/* Load G (reduced, zero-dimensional) and build B, the border and mul.
 * GBC_ERR_UNSUPPORTED beyond FGLM_MAX_DIM; GBC_ERR_INTERNAL if G is not reduced. */
gbc_status fg_src_init(fg_src *S, gbc_ctx *ctx, const ring *R, const plist *G);
void fg_src_clear(fg_src *S);
/* Make sure the normal form of border monomial k is computed. */
gbc_status fg_nf_need(fg_src *S, uint32_t k);

/* Delayed reduction: a running sum kept below p^2 (< 2^62) by a conditional
 * subtraction, so that a product of two residues (< p^2) can always be added and
 * the sum stays below 2^63. p2 is p^2. */
static inline uint64_t fg_acc(uint64_t a, uint64_t v, uint64_t p2)
{
    a += v;
    return a >= p2 ? a - p2 : a;
}

/* kernels.c: acc[0..n) += c w (sums below p^2 unless lazy, see fg_lazy); the dot
 * product of u and v (below p^2 unless lazy, when it is the plain sum). */
void fg_axpy(uint64_t *acc, uint64_t c, const uint32_t *w, uint32_t n, uint64_t p2, int lazy);
uint64_t fg_dot(const uint32_t *u, const uint32_t *v, uint32_t n, uint64_t p2, int lazy);

/* Whether k + 1 products of two residues always fit in 64 bits, (p - 1)^2 (k + 1)
 * < 2^64: sums of up to k products then need no reduction on the way (p < 2^16 for
 * any D gbc accepts), and the loops run without the conditional subtraction, which
 * lets the compiler vectorise them. */
static inline int fg_lazy(uint32_t p, uint64_t k)
{
    const uint64_t q = (uint64_t)(p - 1) * (p - 1);
    return q == 0 || (k + 1) <= UINT64_MAX / q;
}

/* out = M_i v for the multiplication matrix of variable i (v and out: D residues;
 * acc: D words of scratch). The border normal forms needed are computed. */
gbc_status fg_mul_vec(fg_src *S, uint32_t i, const uint32_t *v, uint32_t *out);

/* The classic traversal for Rdst's order into out. */
gbc_status fg_classic(fg_src *S, const ring *Rdst, plist *out);
/* The sparse path for lex: *done = 0 (out untouched) when the ideal is not in
 * shape position (or the projection was unlucky twice). */
gbc_status fg_sparse_lex(fg_src *S, const ring *Rdst, plist *out, int *done);

#endif
