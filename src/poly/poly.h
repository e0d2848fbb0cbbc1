/* poly: polynomials as arrays of monomial indices (into one mht) in strictly
 * decreasing order, with a parallel coefficient array: uint32 residues for Z/p,
 * mpz integers for Q (the rational path keeps polynomials primitive and scales
 * them to monic only when they leave a computation). Also the plain "exchange"
 * form (exponent arrays and uint32 or mpq coefficients) that crosses module and API
 * boundaries, and the ring description (names, field, order). The operations
 * depend on the field through one family of functions per field (poly_int.h,
 * zp_poly.c and qq_poly.c), which each function below picks once per call. */
#ifndef GBC_POLY_H
#define GBC_POLY_H

#include "field/field.h"
#include "mht/mht.h"
#include "poly/names.h"

typedef struct poly {
    uint32_t len;
    uint32_t *mon; /* len indices into the table, strictly decreasing */
    uint32_t *cf;  /* Z/p: len coefficients in [1, p) */
    mpz_t *cz;     /* Q: len nonzero integers */
    size_t zb;     /* Q: bytes of the integers' limbs charged to a context (an
                    * estimate made before they were computed, settled after) */
} poly;

static inline void poly_init(poly *f)
{
    f->len = 0;
    f->mon = NULL;
    f->cf = NULL;
    f->cz = NULL;
    f->zb = 0;
}

/* GMP's memory, counted (common.h's gbc_ctx_charge): the library never installs
 * GMP allocation functions (they are process-wide, and a host may use GMP too), so
 * an operation whose result size nothing bounds first charges a bound on it to the
 * context; a limit or the machine's ceiling then stops the computation with a
 * status before GMP could run out and abort. */
/* Bytes of f's limbs as they are now. */
size_t poly_zbytes(const poly *f);
/* Charge est more bytes for f's integers (before computing them). */
gbc_status poly_charge(gbc_ctx *ctx, poly *f, size_t est);
/* Replace f's charge by its actual size (after computing them); fails only when
 * the actual size exceeds the charge and the excess does not fit. */
gbc_status poly_settle(gbc_ctx *ctx, poly *f);

/* Allocate room for len terms (mpz coefficients initialised to 0 over Q). f->len is
 * set to len. On failure f is left empty. */
gbc_status poly_alloc(gbc_ctx *ctx, poly *f, uint32_t len, const field *F);
void poly_clear(gbc_ctx *ctx, poly *f, const field *F);
/* Shrink f to its first len terms (len <= f->len); memory is kept. */
void poly_truncate(poly *f, uint32_t len, const field *F);
gbc_status poly_copy(gbc_ctx *ctx, poly *dst, const poly *src, const field *F);
void poly_swap(poly *f, poly *g);

/* Z/p: scale to leading coefficient 1. Q: divide by the content and make the
 * leading coefficient positive. The zero polynomial is left alone. */
void poly_normalize_lc(poly *f, const field *F);

/* Sort the terms into decreasing order, add up equal monomials and drop zero
 * coefficients: the canonical form of an arbitrary term list. */
gbc_status poly_canonicalize(gbc_ctx *ctx, poly *f, const mht *t, const field *F);

/* r = f + c*g (c a residue for Z/p; for Q, cz scales g and cf is ignored; cz NULL
 * means 1). r must not alias f or g. */
gbc_status poly_add_scaled(gbc_ctx *ctx, poly *r, const poly *f, const poly *g,
                           uint32_t c, const mpz_t cz, const mht *t, const field *F);
/* r = f * g, all monomials in t, by a heap of the term products (Johnson): memory
 * is that of the result plus one heap entry per term of the shorter factor.
 * GBC_ERR_LIMIT when the result has more than 2^32-1 terms (before allocating
 * them). r must not alias f or g. */
gbc_status poly_mul(gbc_ctx *ctx, poly *r, const poly *f, const poly *g, mht *t,
                    const field *F);
/* f = c * f for a nonzero residue (Z/p) or integer (Q). */
void poly_scale(poly *f, uint32_t c, const mpz_t cz, const field *F);
/* r = m * f for a monomial m of t. r must not alias f. */
gbc_status poly_mul_mono(gbc_ctx *ctx, poly *r, const poly *f, uint32_t m, mht *t,
                         const field *F);

/* f <- a f - c m g, cancelling f's leading term by g's (lm g divides lm f; m the
 * quotient): over Z/p a = 1 and c = lc f / lc g; over Q a and c coprime integers
 * (poly/coef.h's qq_cancel_coefs, a made positive) and the result made primitive
 * with a positive lead. The plain top-reduction step of the verifiers. On failure
 * f is still an associate of itself (over Q it may have been scaled by a). */
gbc_status poly_reduce_lead(gbc_ctx *ctx, poly *f, const poly *g, mht *t, const field *F);

/* Whether f is canonical: strictly decreasing monomials, nonzero reduced
 * coefficients. For assertions and tests. */
int poly_is_canonical(const poly *f, const mht *t, const field *F);
/* Whether f and g are equal term by term. */
int poly_equal(const poly *f, const poly *g, const field *F);
/* Total degree of f (0 for the zero polynomial). */
uint32_t poly_degree(const poly *f, const mht *t);

/* ---- The ring description shared by io, the reducers and the API ---- */
typedef struct ring {
    uint32_t nvars;
    char **names; /* nvars NUL-terminated names */
    name_table vars; /* names -> index (copies of a ring borrow it) */
    field F;
    mono_order ord;
    /* Component variables of the module encoding (src/module): comp_n > 0 promises
     * that every ideal computed in this ring contains all products x_a x_b of the
     * variables a, b in [comp_first, comp_first + comp_n) and is generated by those
     * products and by polynomials whose every term has degree exactly 1 in them.
     * F4 then skips the pairs whose lcm has degree 2 or more in them (they reduce
     * to zero by the products). 0 (ring_init) for every other ring. */
    uint32_t comp_first, comp_n;
} ring;

/* Validate and copy: names distinct identifiers, characteristic 0 or a prime below
 * 2^31, a valid order spec (NULL: grevlex). On failure returns GBC_ERR_ARG or
 * GBC_ERR_DOMAIN with a reason in msg (GBC_ERR_INTERRUPTED when ctx asks to stop:
 * polled while the names are checked, in time linear in their total length). */
gbc_status ring_init(gbc_ctx *ctx, ring *R, uint32_t nvars, const char *const *names,
                     uint32_t characteristic, const char *order, char *msg, size_t msglen);
void ring_clear(gbc_ctx *ctx, ring *R);
/* Whether the order is degree-compatible (grevlex, deglex, the internal homog
 * order, or a matrix order whose first weight row is all ones): the reducers then
 * run on the ideal directly. */
int ring_is_graded(const ring *R);
/* Rh = R with one more variable h (last) and the order "total degree, then R's order
 * on the other variables" (MONO_HOMOG). Rh borrows R's order and has no names; it
 * needs no clearing and must not outlive R. */
void ring_homog(ring *Rh, const ring *R);
/* Index of the variable called name[0..len), or -1 (a hash lookup). */
int64_t ring_find_var(const ring *R, const char *name, size_t len);

/* ---- Plain form: what crosses module boundaries ---- */
/* One polynomial as explicit terms: exps holds len * nvars exponents, terms in
 * strictly decreasing order; cf (Z/p) or cq (Q) the nonzero coefficients. */
typedef struct ppoly {
    size_t len;
    uint32_t *exps;
    uint32_t *cf;
    mpq_t *cq;
} ppoly;

typedef struct plist {
    size_t n;
    size_t cap;
    ppoly *p;
} plist;

void plist_init(plist *L);
void plist_clear(gbc_ctx *ctx, plist *L, const field *F);
/* Free the last polynomial of L and drop it (nothing when L is empty). */
void plist_pop(gbc_ctx *ctx, plist *L, const field *F);
/* Append an empty polynomial slot with room for len terms; returns it in *out. */
gbc_status plist_push(gbc_ctx *ctx, plist *L, size_t len, uint32_t nvars, const field *F,
                      ppoly **out);
/* dst = a copy of src; dst's old contents are not released (callers pass an empty
 * or uninitialised list). */
gbc_status plist_copy(gbc_ctx *ctx, plist *dst, const plist *src, uint32_t nvars,
                      const field *F);

/* Set p's coefficient i to 1. */
void ppoly_set_one(ppoly *p, size_t i, const field *F);
/* Whether p is nonzero with leading coefficient exactly 1. */
int ppoly_is_monic(const ppoly *p, const field *F);
/* Whether the first n coefficients of a and b are equal. */
int ppoly_coefs_equal(const ppoly *a, const ppoly *b, size_t n, const field *F);

/* Convert f (monomials in t) to plain form in L. Over Q with monic != 0 the
 * coefficients are divided by the leading one; otherwise copied as integers. */
gbc_status plist_push_poly(gbc_ctx *ctx, plist *L, const poly *f, const mht *t,
                           const field *F, int monic);
/* Convert plain p into f with monomials inserted in t. Over Q the denominators are
 * cleared and the result made primitive (an associate of p); over Z/p the
 * coefficients are copied as they are. The result is canonicalized (p need not be
 * sorted). GBC_ERR_OVERFLOW for a term of total degree >= 2^32. */
gbc_status poly_from_plain(gbc_ctx *ctx, poly *f, const ppoly *p, mht *t, const field *F);

/* Homogenise every polynomial of in (ring R) with one more variable, last, into
 * out; dehomogenise (set the last variable to 1) polynomials of R's homogenised
 * ring into R. Terms of a homogeneous polynomial stay distinct when dehomogenised;
 * they are not re-sorted (poly_from_plain does that). Over Q the coefficients are
 * copied. GBC_ERR_OVERFLOW when a degree exceeds 2^32-1. */
gbc_status plist_homogenize(gbc_ctx *ctx, const ring *R, const plist *in, plist *out);
gbc_status plist_dehomogenize(gbc_ctx *ctx, const ring *R, const plist *in, plist *out);

#endif
