/* io/parse_int: what the parser's files share. The parser state, the values it
 * builds (pval: a polynomial with Z/p residues, or P/den with P an integer
 * polynomial over Q), the raw term list of a sum, the term being multiplied
 * together, and the table of field operations (pval_field) through which the
 * grammar reaches Z/p or Q arithmetic: chosen once per parse, no field test inside. */
#ifndef GBC_IO_PARSE_INT_H
#define GBC_IO_PARSE_INT_H

#include <ctype.h>
#include <stdint.h>

#include "io/io.h"

typedef struct pval {
    poly p;
    mpz_t den; /* Q: positive denominator; Z/p: unused (1) */
} pval;

/* Raw term list: unsorted terms of a sum being built. */
typedef struct rawsum {
    uint32_t *mon;
    uint32_t *cf;  /* Z/p */
    mpq_t *cq;     /* Q */
    size_t n, cap, qinit;
    size_t zb; /* Q: bytes of cq's integers charged to the context (a bound) */
} rawsum;

/* A term being multiplied together: coefficient (cf over Z/p, cq over Q; cq is
 * initialised either way), monomial, and an optional polynomial factor (from
 * parentheses). */
typedef struct term {
    uint32_t cf;
    mpq_t cq;
    uint32_t *exps;
    int has_poly;
    pval poly;
} term;

typedef struct pval_field pval_field;

typedef struct parser {
    gbc_ctx *ctx;
    const char *s;
    size_t len, pos;
    const ring *R;
    const field *F;
    const pval_field *ops; /* the field's operations (pval_field_of(F)) */
    mht_params par;
    mht t;
    gbc_error *err;
    int depth;
    uint32_t nvars;
    int keep_zero; /* IO_PARSE_KEEP_ZERO: zero polynomials stay in the list */
} parser;

/* The field-dependent operations of the parser, one table per field family
 * (io/pval_zp.c, io/pval_qq.c). Statuses are raw (no message) unless a line says
 * the function reports its error itself (then err is set and the status is
 * GBC_ERR_PARSE, or what fail_status gave). */
struct pval_field {
    /* Grow r's coefficient array to ncap entries (r->cap is set by the caller). */
    gbc_status (*rawsum_grow)(parser *P, rawsum *r, size_t ncap);
    /* out->p = the canonical form of the raw list r (sorted, like terms added,
     * zero coefficients dropped); over Q P/out->den in lowest terms, out->den
     * being 1 on entry. On failure out->p is untouched. */
    gbc_status (*rawsum_finish)(parser *P, rawsum *r, pval *out);
    /* Append the term T (skipped when its coefficient is 0) with monomial m (its
     * exponent vector, in P's table) to r: T's coefficient times m times
     * T->poly when T->has_poly. */
    gbc_status (*emit_term)(parser *P, rawsum *r, const term *T, uint32_t m);
    /* r = s + c h where c is the coefficient of term i of b (the merge product). */
    gbc_status (*add_scaled_term)(parser *P, poly *r, const poly *s, const poly *h,
                                  const poly *b, uint32_t i);
    /* The value of the n decimal digits at P->s + start: *zp modulo p, z over Q.
     * Reports its error. */
    gbc_status (*number)(parser *P, size_t start, size_t n, uint32_t *zp, mpz_t z);
    /* T's coefficient = +1, or -1 when negate. */
    void (*term_unit)(parser *P, term *T, int negate);
    /* T's coefficient = its negative. */
    void (*term_neg)(parser *P, term *T);
    /* T's coefficient times the number (zp, z)^e, the factor starting at start
     * and its '^' at epos (SIZE_MAX: no exponent was written). Reports its error. */
    gbc_status (*term_mul_power)(parser *P, term *T, uint32_t zp, mpz_t z, uint32_t e,
                                 size_t start, size_t epos);
    /* T's coefficient divided by the nonzero integer (zp, z) at dpos. Reports its
     * error (modulo p: the integer is a multiple of p). */
    gbc_status (*term_div)(parser *P, term *T, uint32_t zp, const mpz_t z, size_t dpos);
    /* Coefficient i of f = 1 (f allocated with more than i terms). */
    void (*set_one)(poly *f, uint32_t i);
    /* The coefficient of the one-term value v (monomial already raised) to the
     * power e >= 2, the '^' at pos. Reports its error. */
    gbc_status (*pow_coeff)(parser *P, pval *v, uint32_t e, size_t pos);
    /* v^e for a canonical sum v of at least two terms, 2 <= e <=
     * IO_MAX_POWER_TERMS, the '^' at pos. Reports its error. */
    gbc_status (*pow_sum)(parser *P, pval *v, uint32_t e, size_t pos);
    /* Push the generator v (nonzero, or kept zero) onto L as plain polynomial. */
    gbc_status (*push_generator)(parser *P, plist *L, const pval *v);
};

extern const pval_field pval_zp_field;
extern const pval_field pval_qq_field;

/* The operations for the field F: the one place the parser tests the field. */
const pval_field *pval_field_of(const field *F);

/* ------------------------------------------------ errors (parse_err.c) -- */

/* Set P->err (when not NULL) to the message at byte offset pos: line and column
 * are counted from the text. */
void io_err_at(parser *P, size_t pos, const char *fmt, ...) GBC_PRINTF(3, 4);
/* Set err (when not NULL) to the message at line, col. */
void io_set_error(gbc_error *err, uint64_t line, uint64_t col, const char *fmt, ...)
    GBC_PRINTF(4, 5);
/* The character at pos for messages ('c', "end of line", "byte 0x..."); buf (n
 * bytes, 16 suffice) may hold the text returned. */
const char *io_describe(parser *P, size_t pos, char *buf, size_t n);
/* "expected WHAT, found ..." at P->pos; returns GBC_ERR_PARSE. */
gbc_status io_fail_expected(parser *P, const char *what);
/* Report a non-parse failure (overflow, memory, limit, interrupt) at pos; returns
 * st. */
gbc_status io_fail_status(parser *P, size_t pos, gbc_status st);

/* --------------------------------------------------- grammar (parse.c) -- */

/* Bind P to the text and the ring R (which must outlive P): its monomial table,
 * its field's operations. Raw status; on failure nothing is held. */
gbc_status io_parser_init(parser *P, gbc_ctx *ctx, const ring *R, const char *text,
                          size_t len, gbc_error *err);
void io_parser_clear(parser *P);
/* A NUL byte anywhere is an error (the format is text). Reports its error. */
gbc_status io_check_nul(parser *P);
/* Parse the generator list from P->pos to the end into L: zero polynomials are
 * dropped (an ideal's generators) unless P->keep_zero (a positional list).
 * Reports its error; L keeps what was pushed (the caller clears it). */
gbc_status io_parse_generators(parser *P, plist *L);

static inline int is_ident_start(int c)
{
    return isalpha(c) || c == '_';
}

static inline int is_ident_char(int c)
{
    return isalnum(c) || c == '_';
}

/* ---------------------------------------------------- values (pval.c) -- */

void pval_init(pval *v);
void pval_clear(parser *P, pval *v);
void pval_swap(pval *a, pval *b);
/* out = a * b (out may not alias a or b; its old polynomial is released). */
gbc_status pval_mul(parser *P, pval *out, const pval *a, const pval *b);
/* Raise v (a canonical value) to the power e, the '^' at pos. Reports its error. */
gbc_status pval_pow(parser *P, pval *v, uint32_t e, size_t pos);
/* v^e by repeated multiplication (v a sum, e >= 2). Reports its error. */
gbc_status pval_pow_repeated(parser *P, pval *v, uint32_t e, size_t pos);

void rawsum_init(rawsum *r);
void rawsum_clear(parser *P, rawsum *r);
/* Room for more terms in r. */
gbc_status rawsum_reserve(parser *P, rawsum *r, size_t more);
/* *f = a polynomial of r->n terms with r's monomials, coefficients unset (over Q
 * zero integers). GBC_ERR_LIMIT beyond 2^32-1 terms. */
gbc_status rawsum_alloc_poly(parser *P, const rawsum *r, poly *f);
/* Canonicalize f (sorted, like terms added, zeros dropped); f is cleared on
 * failure. */
gbc_status pval_canonicalize(parser *P, poly *f);

/* Products with a factor of at most this many terms are formed by merging shifted
 * copies of the other factor (each a sorted list) instead of listing every term
 * product and sorting them: memory stays that of the result. */
#define IO_MERGE_TERMS 16

#endif
