/* io/multinomial: powers of sums of few terms by the multinomial theorem, for the
 * parser's two fields (io/multinomial.c). */
#ifndef GBC_IO_MULTINOMIAL_H
#define GBC_IO_MULTINOMIAL_H

#include "io/parse_int.h"

/* Terms of the multinomial expansion at most: beyond, repeated multiplication. */
#define IO_MULTINOMIAL_TERMS (1u << 22)

/* The number of terms of the multinomial expansion of an m-term sum to the power e,
 * C(e+m-1, m-1), or UINT64_MAX beyond IO_MULTINOMIAL_TERMS. */
uint64_t io_multinomial_count(uint32_t m, uint32_t e);

typedef struct io_mexp io_mexp;

/* A field's part of the expansion. Level i < m-1 of the enumeration chooses the
 * power k of the base's term i, k = 0, 1, ..., rem in turn (rem the power still to
 * share among terms i..m-1): level(X, i, k, rem) makes the coefficient state of
 * level i+1 from that of level i. leaf(X, i, rem, slot) (i = m-1, the last term
 * taking rem) writes coefficient slot of X->out from level i's state. Raw
 * statuses. */
typedef struct io_mexp_coef {
    gbc_status (*level)(io_mexp *X, uint32_t i, uint32_t k, uint32_t rem);
    gbc_status (*leaf)(io_mexp *X, uint32_t i, uint32_t rem, uint32_t slot);
} io_mexp_coef;

struct io_mexp {
    parser *P;
    const poly *base; /* the sum, m terms */
    uint32_t m, n;
    uint32_t *lev_exps; /* (m+1) x n: the monomial chosen above each level */
    uint32_t *bexps;    /* m x n: the base's monomials */
    poly *out;          /* count terms, coefficients written by leaf */
    uint32_t nout;
    uint64_t leaves;
    const io_mexp_coef *coef;
    void *state; /* the field's */
};

/* v = v^e (v a canonical sum of m = v->p.len terms, count =
 * io_multinomial_count(m, e) != UINT64_MAX), coefficients by coef with state;
 * v->den is the caller's. The expansion's terms are added up when monomials
 * coincide. Reports its error at pos. */
gbc_status io_pow_multinomial(parser *P, pval *v, uint32_t e, uint64_t count, size_t pos,
                              const io_mexp_coef *coef, void *state);

#endif
