/* poly/poly_int: what the files of poly/ share. A field's coefficient operations
 * form one family (poly_family: Z/p in zp_poly.c, Q in qq_poly.c, each without a
 * test of the field); the front doors in poly.c and plain.c pick the family once
 * per call through poly_family_of. Also the term merge and the product's heap. */
#ifndef GBC_POLY_INT_H
#define GBC_POLY_INT_H

#include "poly/poly.h"

/* The operations of one field on the coefficients of table and plain polynomials.
 * Each has the contract of the public function of poly.h named in its comment;
 * the ones without a public counterpart say theirs here. */
typedef struct poly_family {
    /* f's coefficient array for n slots, the first len of them initialised to 0
     * (f->mon is already allocated; nothing else is set). */
    gbc_status (*alloc_coefs)(gbc_ctx *ctx, poly *f, size_t n, uint32_t len);
    /* Release what f's coefficients hold beyond their array (Q: the integers of
     * slots from..f->len-1; f->cz may be NULL); the arrays stay. */
    void (*clear_coefs)(poly *f, uint32_t from);
    /* r's coefficients = src's (r allocated with src->len terms); charges Q's
     * limbs to r. On failure r's coefficients are partly set. */
    gbc_status (*copy_coefs)(gbc_ctx *ctx, poly *r, const poly *src);
    void (*normalize_lc)(poly *f, const field *F);               /* poly_normalize_lc */
    /* The form a computation keeps of a converted polynomial (Q: primitive with a
     * positive lead, poly_normalize_lc; Z/p: as it is). */
    void (*keep_form)(poly *f, const field *F);
    /* Sum r's terms from f's, f's terms taken in the order perm (f->len of them,
     * equal monomials adjacent), dropping zero sums; r allocated with f->len terms
     * is truncated to the result. Q: r charged and settled. */
    gbc_status (*sum_sorted)(gbc_ctx *ctx, poly *r, const poly *f, const uint32_t *perm,
                             const field *F);
    gbc_status (*add_scaled)(gbc_ctx *ctx, poly *r, const poly *f, const poly *g,
                             uint32_t c, const mpz_t cz, const mht *t,
                             const field *F);                    /* poly_add_scaled */
    gbc_status (*mul)(gbc_ctx *ctx, poly *r, const poly *f, const poly *g, mht *t,
                      const field *F);                           /* poly_mul */
    void (*scale)(poly *f, uint32_t c, const mpz_t cz, const field *F); /* poly_scale */
    /* r = a f + c mg, a and c chosen so that f's leading term cancels mg's (the
     * leading monomials are equal): poly_reduce_lead's arithmetic (Q: f is scaled
     * by a in place). r must not alias f or mg. */
    gbc_status (*cancel_lead)(gbc_ctx *ctx, poly *r, poly *f, const poly *mg,
                              const mht *t, const field *F);
    /* Whether every coefficient of f is nonzero and reduced. */
    int (*coefs_canonical)(const poly *f, const field *F);
    /* Whether f and g (of equal length) have equal coefficients. */
    int (*coefs_equal)(const poly *f, const poly *g);

    /* Plain form: p's coefficient array for len terms (at least one slot),
     * initialised (Q: to 0). */
    gbc_status (*palloc_coefs)(gbc_ctx *ctx, ppoly *p, size_t len);
    /* Release what p's coefficients hold beyond their array (p->cq may be NULL). */
    void (*pclear_coefs)(ppoly *p);
    /* d's first n coefficients = s's. */
    void (*pcopy_coefs)(ppoly *d, const ppoly *s, size_t n);
    /* p's coefficients from f's (p has f->len slots): plist_push_poly's. */
    void (*to_plain)(ppoly *p, const poly *f, const field *F, int monic);
    /* f's coefficients from p's (f has p->len slots): Z/p reduced mod p, Q with
     * the denominators cleared (an associate of p). */
    void (*from_plain)(poly *f, const ppoly *p, const field *F);
    void (*pset_one)(ppoly *p, size_t i);                        /* ppoly_set_one */
    int (*pis_one)(const ppoly *p, size_t i);                    /* ppoly_is_monic */
    int (*pcoefs_equal)(const ppoly *a, const ppoly *b, size_t n); /* ppoly_coefs_equal */
} poly_family;

extern const poly_family zp_poly_family;
extern const poly_family qq_poly_family;

/* The family of F's coefficients: the one place poly/ looks at the field. */
const poly_family *poly_family_of(const field *F);

/* Which of f's term i and g's term j comes first in a merge: > 0 f's, < 0 g's,
 * 0 equal monomials (an exhausted side compares below the other). */
static inline int poly_merge_cmp(const mht *t, const poly *f, uint32_t i, const poly *g,
                                 uint32_t j)
{
    if (i == f->len)
        return -1;
    if (j == g->len)
        return 1;
    return mht_cmp(t, f->mon[i], g->mon[j]);
}

/* Most limbs of one of f's integers (Q). */
size_t poly_max_limbs(const poly *f);

/* ---- The product's heap (Johnson): one entry per term of the short factor ---- */

/* The product of the short factor's term i and the long factor's term j, whose
 * monomial is m. */
typedef struct mul_ent {
    uint32_t m, i, j;
} mul_ent;

/* The heap of a product a * b (a the shorter factor): n entries in h, the largest
 * monomial on top. */
typedef struct mul_heap {
    mul_ent *h;
    size_t n;
    const poly *a, *b;
    mht *t;
} mul_heap;

/* Start the heap of a * b (a nonempty) with the product of their leading terms.
 * On failure H->h may be allocated: mul_heap_clear frees it. */
gbc_status mul_heap_start(gbc_ctx *ctx, mul_heap *H, const poly *a, const poly *b, mht *t);
void mul_heap_clear(gbc_ctx *ctx, mul_heap *H);

static inline void mul_sift_down(const mht *t, mul_ent *h, size_t n, size_t i)
{
    mul_ent x = h[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && mht_cmp(t, h[c + 1].m, h[c].m) > 0)
            c++;
        if (mht_cmp(t, h[c].m, x.m) <= 0)
            break;
        h[i] = h[c];
        i = c;
    }
    h[i] = x;
}

static inline void mul_sift_up(const mht *t, mul_ent *h, size_t i)
{
    mul_ent x = h[i];
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (mht_cmp(t, h[p].m, x.m) >= 0)
            break;
        h[i] = h[p];
        i = p;
    }
    h[i] = x;
}

/* Take the top entry into *e and put in its successors: the next product of its
 * row, and the next row's first when e was its row's first (so at most a->len
 * entries are in the heap at once). H nonempty. */
static inline gbc_status mul_heap_next(gbc_ctx *ctx, mul_heap *H, mul_ent *e)
{
    mul_ent *h = H->h;
    const mht *t = H->t;
    *e = h[0];
    h[0] = h[--H->n];
    if (H->n > 0)
        mul_sift_down(t, h, H->n, 0);
    if (e->j + 1 < H->b->len) {
        h[H->n].i = e->i;
        h[H->n].j = e->j + 1;
        GBC_TRY(mht_insert_mul(ctx, H->t, H->t, H->a->mon[e->i], H->t, H->b->mon[e->j + 1],
                               &h[H->n].m));
        mul_sift_up(t, h, H->n++);
    }
    if (e->j == 0 && e->i + 1 < H->a->len) {
        h[H->n].i = e->i + 1;
        h[H->n].j = 0;
        GBC_TRY(mht_insert_mul(ctx, H->t, H->t, H->a->mon[e->i + 1], H->t, H->b->mon[0],
                               &h[H->n].m));
        mul_sift_up(t, h, H->n++);
    }
    return GBC_OK;
}

#endif
