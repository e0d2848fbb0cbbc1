/* buchberger/reduce: normal forms by a max-heap of pending monomials over a dense
 * coefficient array indexed by hash-table index. Each monomial is pending at most
 * once; its coefficient accumulates every contribution (Z/p residues, or integers
 * over Q, where reduction is fraction-free: f <- a f - c m g with a the reducer's
 * leading coefficient divided by the gcd). */
#ifndef GBC_BB_REDUCE_H
#define GBC_BB_REDUCE_H

#include "divlookup/divlookup.h"
#include "poly/poly.h"

/* The reduction loops of one field (reduce.c), chosen by bb_red_init. */
struct bb_red_ops;

typedef struct bb_red {
    const field *F;
    const struct bb_red_ops *ops;
    mht *t;
    uint32_t *acc;   /* Z/p coefficient per monomial index */
    mpz_t *accz;     /* Q coefficient per monomial index */
    size_t accz_init;
    uint8_t *mark;   /* monomial is in the heap */
    size_t acccap;
    uint32_t *heap;
    size_t hn, hcap;
    poly out;        /* terms emitted so far, decreasing */
    uint32_t outcap;
    mpz_t tmp1, tmp2, tmp3;
    mpz_t scale;     /* Q: the product of the factors by which bb_red_run multiplied
                      * the accumulator since bb_red_begin (so the result is scale
                      * times the exact remainder of what was added) */
    size_t steps;    /* reduction steps done (statistics) */
    uint64_t terms;  /* terms added to the accumulator since bb_red_init (over Q:
                      * limbs of the products, a term's cost) */
    uint64_t budget; /* 0, or: bb_red_add fails with GBC_ERR_UNSUPPORTED once terms
                      * would pass it (a bounded attempt; bb_groebner_direct) */
    size_t zb;       /* Q: bytes charged to the context for the integers' limbs
                      * (bounds charged before each step, recounted when they
                      * exceed twice the last exact count zexact) */
    size_t zexact;
} bb_red;

gbc_status bb_red_init(gbc_ctx *ctx, bb_red *r, mht *t, const field *F);
void bb_red_clear(gbc_ctx *ctx, bb_red *r);

/* Start a new normal form computation (the accumulator must be empty). */
void bb_red_begin(bb_red *r);
/* Add c * m * g[from..] to the accumulator (m a monomial index or UINT32_MAX for 1;
 * over Q cz is the integer multiplier and c is ignored). GBC_ERR_UNSUPPORTED when
 * r->budget is set and the terms added would pass it. */
gbc_status bb_red_add(gbc_ctx *ctx, bb_red *r, const poly *g, uint32_t from, uint32_t m,
                      uint32_t c, const mpz_t cz);
/* Add the S-polynomial of gi and gj, their leading terms left out: ci ui gi[1..] +
 * cj uj gj[1..] with ui, uj the monomials taking their leads to the lcm and the
 * multipliers of poly/coef.h (Z/p: 1/lc gi and -1/lc gj; Q: fraction-free,
 * qq_cancel_coefs). As bb_red_add otherwise. */
gbc_status bb_red_add_spair(gbc_ctx *ctx, bb_red *r, const poly *gi, uint32_t ui,
                            const poly *gj, uint32_t uj);
/* Emit f's leading term (nonzero f) directly into the output (it must be larger
 * than everything pending). */
gbc_status bb_red_emit_lead(gbc_ctx *ctx, bb_red *r, const poly *f);

/* The reducers: basis polynomials g[val] whose leading monomials are in dl; the
 * Z/p ones monic, the Q ones with positive leading coefficient. */
typedef struct bb_reducers {
    const poly *g;
    const divlookup *dl;
} bb_reducers;

/* Reduce the accumulator by the reducers: with full != 0 every term, else only
 * until the leading term is irreducible (the rest is emitted as is). The result is
 * left in r->out (canonical, unnormalised). */
gbc_status bb_red_run(gbc_ctx *ctx, bb_red *r, const bb_reducers *G, int full);
/* Move the result into *f (which must be empty) and reset for the next run. */
gbc_status bb_red_take(gbc_ctx *ctx, bb_red *r, poly *f);

#endif
