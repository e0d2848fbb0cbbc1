/* ideal: operations on polynomial ideals built on the Groebner engines: elimination,
 * intersection, quotients, saturation, normal forms and cofactors (lift). Each is a
 * construction in a ring with extra variables or a block order (docs/ideal.md), and
 * every basis it needs comes from id_groebner, the dispatch gbc_groebner uses: the
 * plan's engine (ctx->plan) through strategy/ over Z/p, the multi-modular path (with
 * its check) over Q. */
#ifndef GBC_IDEAL_H
#define GBC_IDEAL_H

#include "common/stats.h"
#include "modular/modular.h"
#include "poly/poly.h"

/* Saturation methods (the values of gbc.h's gbc_saturation). */
typedef enum id_sat_method {
    ID_SAT_AUTO = 0,      /* the measured faster of the two (docs/ideal.md) */
    ID_SAT_ELIMINATE = 1, /* I + (1 - t g), t eliminated, for each generator g */
    ID_SAT_ITERATE = 2,   /* I : J, (I : J) : J, ... until a quotient changes nothing */
    ID_SAT_F4 = 3         /* F4 runs and kernel steps (satf4.c), for each generator g */
} id_sat_method;

/* ---- the field kernels on coefficients (coef.c) ----
 * One family over Z/p and one over Q, each without a field branch; id_coefs_of
 * chooses the family once per call (the one field decision of ideal/), and the
 * constructions call it for every coefficient they set, copy or compare. */
typedef struct id_coefs {
    /* q's term j = s times f's term i, s = +1 or -1 (f's coefficient nonzero). q's
     * term j must be initialised (plist_push); over Q it is overwritten. */
    void (*copy)(const field *F, ppoly *q, size_t j, const ppoly *f, size_t i, int s);
    /* q's term j = s, s = +1 or -1. */
    void (*set_unit)(const field *F, ppoly *q, size_t j, int s);
    /* Whether p's term i and q's term j have the same coefficient. */
    int (*equal)(const ppoly *p, size_t i, const ppoly *q, size_t j);
    /* id_divide_exact over this field (its contract). */
    gbc_status (*divide_exact)(gbc_ctx *ctx, poly *q, const poly *h, const poly *f, mht *t,
                               const field *F);
    /* The normal form of f from that of its integral form: r (appended, nonzero) is
     * scale * NF(fz), fz = lc(fz) / lc(f) * f the primitive integer form of f
     * (poly_from_plain); r becomes NF(f). Over Z/p r is NF(f) already: nothing. */
    void (*nf_unscale)(ppoly *r, const mpz_t scale, const poly *fz, const ppoly *f);
} id_coefs;

/* The family of F's field (Z/p: p > 0; Q). The table is static and const. */
const id_coefs *id_coefs_of(const field *F);

/* ---- shared helpers (util.c) ---- */

/* Append the polynomial 1 (ring R) to out: the basis of the unit ideal. */
gbc_status id_push_one(gbc_ctx *ctx, const ring *R, plist *out);

/* The reduced Groebner basis of in (ring R) into out (empty on entry), by the
 * plan's engine (ctx->plan): the dispatch of gbc_groebner (mod_engine_groebner).
 * Counters are added to stats (may be NULL). */
gbc_status id_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                       gb_stats *stats);

/* Add the counters of s to tot (seconds and basis_size are left to the caller). */
void id_stats_add(gb_stats *tot, const gb_stats *s);

/* An operation on two ideals whose result does not depend on the order (its
 * reduced basis in R's order into out); arg is the operation's own. */
typedef gbc_status (*id_binary_op)(gbc_ctx *ctx, const ring *R, const plist *A,
                                   const plist *B, const void *arg, plist *out,
                                   gb_stats *stats);

/* op in R, or, when R's order is not degree-compatible (lex, block orders, ...),
 * in R's variables with grevlex and only the result's basis then computed in R's
 * order: the intermediate bases of an elimination in lex cost far more (docs/
 * ideal.md). */
gbc_status id_run_graded(gbc_ctx *ctx, const ring *R, id_binary_op op, const void *arg,
                         const plist *A, const plist *B, plist *out, gb_stats *stats);

/* A ring S over R's field with the variables of R permuted and nnew new ones in
 * front (named so as not to clash with R's): S's variable nnew + k is R's variable
 * perm[k] (perm NULL: the identity). The order is blocks:front(nfront), then the
 * order of R restricted to the variables S has after its first nfront ones, when
 * that is a block order of grevlex, lex or deglex blocks; *exact (may be NULL)
 * receives 1 then, and 0 when R's order is weighted and grevlex was used instead
 * for those variables (the caller must then recompute the final basis in R).
 * front is "grevlex", "lex" or "deglex". S is initialised with ctx; ring_clear it. */
gbc_status id_ring_make(gbc_ctx *ctx, ring *S, const ring *R, uint32_t nnew,
                        const uint32_t *perm, uint32_t nfront, const char *front,
                        int *exact);

/* out = the polynomials of in (ring Rs) with variable i of Rs moved to variable
 * map[i] of Rd (map NULL: the identity; UINT32_MAX: dropped, the exponent must be 0 there: else
 * GBC_ERR_INTERNAL), terms re-sorted for Rd's order. Coefficients are copied
 * exactly (over Q not rescaled); zero polynomials stay. Appends to out. */
gbc_status id_plist_map(gbc_ctx *ctx, const ring *Rs, const plist *in, const ring *Rd,
                        const uint32_t *map, plist *out);

/* Whether two plain lists are equal polynomial by polynomial, term by term. */
int id_plist_equal(const plist *a, const plist *b, uint32_t nvars, const field *F);

/* Whether polynomial p has a zero exponent in variables [from, to) in every term. */
int id_ppoly_free_of(const ppoly *p, uint32_t nvars, uint32_t from, uint32_t to);

/* Append a deep copy of p to L. */
gbc_status id_plist_push_copy(gbc_ctx *ctx, plist *L, const ppoly *p, uint32_t nvars,
                              const field *F);

/* Number of nonzero polynomials of L. */
size_t id_plist_nonzero(const plist *L);

/* The elimination step of every construction: the reduced basis of in (ring S) by
 * id_groebner, its elements free of S's first nfront variables (S's order must
 * eliminate them: a block order with them in the first block) moved to R by map
 * (S's variable i to R's map[i]; UINT32_MAX for the first nfront) and appended to
 * out. exact: S's order restricted to the other variables is R's order, so those
 * elements are R's reduced basis as they are; otherwise it is recomputed in R. */
gbc_status id_elim_front(gbc_ctx *ctx, const ring *S, const plist *in, uint32_t nfront,
                         const ring *R, const uint32_t *map, int exact, plist *out,
                         gb_stats *stats);

/* The ring S = (t, R's variables) with t in a first block of its own (id_ring_make
 * with one new variable), and the maps of R's variables into S and back. */
typedef struct id_tring {
    ring S;
    int exact;
    uint32_t *to_s; /* R's n variables -> S */
    uint32_t *to_r; /* S's n + 1 variables -> R (t: UINT32_MAX) */
} id_tring;
gbc_status id_tring_init(gbc_ctx *ctx, id_tring *T, const ring *R);
void id_tring_clear(gbc_ctx *ctx, id_tring *T);
/* Append to L (ring S of T) the polynomial st * t * f + s0 * f + s1 * 1 for f of S
 * free of t (st, s0, s1 in {-1, 0, 1}). */
gbc_status id_tring_push(gbc_ctx *ctx, const id_tring *T, plist *L, const ppoly *f, int st,
                         int s0, int s1);
/* Interreduce a Groebner basis of R (not necessarily reduced) into out. */
gbc_status id_reduce_basis(gbc_ctx *ctx, const ring *R, const plist *G, plist *out);

/* ---- normal forms (nf.c) ---- */

/* Polynomial i of out (appended) is the remainder of polynomial i of L on full
 * division by D (both of ring R): zero remainders stay as zero polynomials. Exact
 * over Q (the remainder itself, not an associate). */
gbc_status id_normal_form(gbc_ctx *ctx, const ring *R, const plist *L, const plist *D,
                          plist *out);

/* *q = h / f for polynomials of table t in which f divides h exactly (over Q h and
 * f primitive integer polynomials, so the quotient is integral: Gauss). *q must be
 * empty. GBC_ERR_INTERNAL when f does not divide h. */
gbc_status id_divide_exact(gbc_ctx *ctx, poly *q, const poly *h, const poly *f, mht *t,
                           const field *F);

/* ---- the operations; out is empty on entry and receives a reduced Groebner
 * basis of the result in R's order, monic, sorted by increasing leading monomial ----
 */

/* I cap k[the other variables], I = <gens>: vars are nelim distinct indices. */
gbc_status id_eliminate(gbc_ctx *ctx, const ring *R, const plist *gens,
                        const uint32_t *vars, size_t nelim, plist *out, gb_stats *stats);
/* <A> cap <B>, by t A + (1 - t) B with t eliminated. */
gbc_status id_intersect(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                        plist *out, gb_stats *stats);
/* <A> : <B> = cap over the generators g of B of (<A> cap <g>) / g. */
gbc_status id_quotient(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                       plist *out, gb_stats *stats);
/* <A> : <B>^infinity by method. */
gbc_status id_saturate(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                       id_sat_method method, plist *out, gb_stats *stats);

/* <A> : g^infinity over Z/p (g nonzero) by F4 runs on <A> interleaved with kernel
 * steps that add the f with g f in the ideal so far, until a Hilbert-series test
 * proves the ideal saturated (satf4.c, docs/ideal.md); inhomogeneous input (or an
 * order that is not degree-compatible) through the homogenisation. */
gbc_status id_sat_f4_one(gbc_ctx *ctx, const ring *R, const plist *A, const ppoly *g,
                         plist *out, gb_stats *stats);

/* ---- cofactors (lift.c) ---- */

/* The reduced Groebner basis G of <gens> (k elements, into basis) and cofactors
 * (appended to cof: k * m polynomials, m = gens->n, row j the cofactors of G_j) with
 * G_j = sum_i cof[j m + i] gens_i exactly. GBC_ERR_UNSUPPORTED for a weighted order. */
gbc_status id_lift_basis(gbc_ctx *ctx, const ring *R, const plist *gens, plist *basis,
                         plist *cof, gb_stats *stats);
/* Cofactors of members: polynomial f_j of members is sum_i cof[j m + i] gens_i.
 * GBC_ERR_DOMAIN when some f_j is not in <gens> (*nonmember, if not NULL, receives
 * its index then). */
gbc_status id_lift(gbc_ctx *ctx, const ring *R, const plist *gens, const plist *members,
                   plist *cof, size_t *nonmember, gb_stats *stats);

#endif
