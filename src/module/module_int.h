/* module/module_int: what the files of module/ share: the encoding of module
 * elements as polynomials in a ring with one extra variable per component, and a
 * growing submodule with its Groebner basis for membership tests. Internal to
 * module/. */
#ifndef GBC_MODULE_INT_H
#define GBC_MODULE_INT_H

#include "module/coef_int.h"
#include "module/module.h"

/* ---- coefficients (coef_zp.c, coef_qq.c) ----
 * module/'s arithmetic on coefficients comes in two families, Z/p (uint32
 * residues) and Q (GMP rationals), each a const table of the operations below;
 * a computation picks its table once (mcf_for) and calls through it, so that no
 * loop of module/ tests the field. A coefficient array is seen through an mcv:
 * the family uses its own member (cf for Z/p, cq for Q) and ignores the other
 * (coef_int.h, which also holds the families' element kernels). */
void mcf_tmp_init(mcf_tmp *w);
void mcf_tmp_clear(mcf_tmp *w);

/* A destination may be the same entry as a source unless said otherwise. F is
 * the field of the computation (only Z/p reads it). */
typedef struct mcf_ops {
    /* storage, allocated through ctx: alloc makes room for cap entries (cap
     * >= 1), the first len of them zero and usable (Q: initialised; Z/p: all cap
     * zero); on failure *v is left as it was. resize makes the array cap entries
     * long, every one usable (*ninit counts the initialised ones of Q, which
     * stay initialised on failure). clear frees the array (Q: after clearing its
     * first ninit entries) and sets its pointer to NULL. */
    gbc_status (*alloc)(gbc_ctx *ctx, mcv *v, size_t cap, size_t len);
    gbc_status (*resize)(gbc_ctx *ctx, mcv *v, size_t *ninit, size_t cap);
    void (*clear)(gbc_ctx *ctx, mcv *v, size_t ninit);
    /* single entries */
    void (*set)(mcv d, size_t i, mcv s, size_t j);        /* d[i] = s[j] */
    void (*copy)(mcv d, mcv s, size_t len); /* d[0 .. len) = s[0 .. len), no overlap */
    void (*set_one)(mcv d, size_t i);                       /* d[i] = 1 */
    void (*set_zero)(mcv d, size_t i);                      /* d[i] = 0 */
    int (*is_zero)(mcv s, size_t j);                        /* s[j] == 0 */
    void (*neg)(const field *F, mcv d, size_t i, mcv s, size_t j); /* d[i] = -s[j] */
    /* d[i] = a[j] * b[k] (d[i] not one of the factors) */
    void (*mul)(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b, size_t k);
    /* d[i] += a[j] * b[k] (d[i] not one of the factors; w: scratch) */
    void (*addmul)(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b, size_t k,
                   mcf_tmp *w);
    /* d[off .. off + len) *= 1 / d[off + piv] (nonzero, piv < len): making monic
     * when piv is the leading entry */
    void (*scale_inv)(const field *F, mcv d, size_t off, size_t len, size_t piv, mcf_tmp *w);
    /* Dense matrices, row-major with nc entries a row, rows named by their first
     * entry's index. first_nonzero: the least c < len with s[off + c] != 0, else
     * len. row_elim: row d[i ..] -= d[i + c] * row d[r ..] on the first len
     * entries, nothing when d[i + c] == 0 (rows i != r; row r has 1 at c).
     * rank: the rank of the nr x nc matrix d (destroyed). */
    size_t (*first_nonzero)(mcv s, size_t off, size_t len);
    void (*row_elim)(const field *F, mcv d, size_t i, size_t r, size_t c, size_t len,
                     mcf_tmp *w);
    size_t (*rank)(const field *F, mcv d, size_t nr, size_t nc, mcf_tmp *w);
} mcf_ops;

extern const mcf_ops mcf_zp; /* coef_zp.c */
extern const mcf_ops mcf_qq; /* coef_qq.c */

/* The family of F: the one place module/ chooses between Z/p and Q. */
static inline const mcf_ops *mcf_for(const field *F)
{
    return F->p != 0 ? &mcf_zp : &mcf_qq;
}

/* The coefficient arrays of a plain polynomial. */
static inline mcv mcv_of(const ppoly *f)
{
    mcv v = {f->cf, f->cq};
    return v;
}

/* grevlex on exponent vectors (n entries): degree first, then the smaller
 * exponent at the last place where they differ means the larger monomial. */
static inline int mgrevlex_cmp(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    uint64_t da = 0, db = 0;
    for (uint32_t i = 0; i < n; i++) {
        da += a[i];
        db += b[i];
    }
    if (da != db)
        return da < db ? -1 : 1;
    for (uint32_t i = n; i-- > 0;)
        if (a[i] != b[i])
            return a[i] > b[i] ? -1 : 1;
    return 0;
}

/* lex on exponent vectors, the first variable most significant. */
static inline int mlex_cmp(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* The encoding ring S of a ring R (n variables) and ne components: S has R's
 * variables at xoff..xoff+n-1 and the component variables c_0..c_{ne-1} (names
 * that do not clash with R's) at coff..coff+ne-1. An element sum_i f_i e_i is the
 * polynomial sum_i f_i c_{cmap[i]}; the ideal of a submodule also holds every
 * product c_a c_b, so the polynomials of its Groebner basis that are linear in the
 * c's are the module's Groebner basis. S's order restricts to the module order on
 * those: in general (xoff = 0, coff = n) first, for k < nrows, a weight row that
 * selects c_k (so c_0 > c_1 > ... > c_{nrows-1} > anything without them, compared
 * before the monomial), then R's order on R's variables, then lex on c_0 > c_1 >
 * .... Term over position (nrows = 0) on grevlex is plain grevlex with the c's
 * first (coff = 0, xoff = ne), on deglex plain deglex with the c's last: on
 * elements linear in the c's both compare R's order first, then c_0 > c_1 > ...,
 * at the cost of the ring's own order (docs/modules.md). */
typedef struct menc {
    ring S;
    uint32_t n;    /* R's variables */
    uint32_t ne;   /* component variables */
    uint32_t xoff; /* where R's variables start in S */
    uint32_t coff; /* where the component variables start in S */
} menc;

gbc_status menc_init(gbc_ctx *ctx, menc *E, const ring *R, uint32_t ne, uint32_t nrows);
/* The ring S of rank components in the module order mo (NULL: term over position)
 * and the maps of component i to c_{cmap[i]} and back (inv; rank entries each,
 * gbc_free both). */
gbc_status menc_init_ord(gbc_ctx *ctx, menc *E, const ring *R, uint32_t rank,
                         const module_ord *mo, uint32_t **cmap, uint32_t **inv);
/* The order text of S (the c's first) for the Schreyer order of the terms a_j at
 * lexps + j * n with target components lcomp[j] (module_groebner_ord), S's c_k
 * being component rank - 1 - k (sorder.c). GBC_ERR_LIMIT when a weight passes
 * MONO_MAX_WEIGHT. */
gbc_status module_schreyer_spec(gbc_ctx *ctx, io_buf *b, const ring *R, uint32_t rank,
                                const uint32_t *lexps, const uint32_t *lcomp);
void menc_clear(gbc_ctx *ctx, menc *E);

/* Append to out (a list of S) the encoding of element j of L (rank r, ring R) with
 * component i sent to c_{cmap[i]}: a zero polynomial for a zero element. */
gbc_status menc_encode(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                       const plist *L, size_t j, const uint32_t *cmap, plist *out);

/* The number of terms of element j of L (rank r). */
size_t melem_len(const plist *L, uint32_t rank, size_t j);

/* Write the terms of element j of L (rank r, R's n variables) one after another,
 * component 0's first, each component's in its order, and return their number:
 * term t's exponents to T + t * stride + xoff (stride >= n + ne); with ne > 0 the
 * ne entries at T + t * stride + coff are component variables, all 0 but 1 at
 * cmap[i] for a term of component i; with comp != NULL comp[t] = i; its
 * coefficient to cf[t] (o: the field's family). The caller provides room for melem_len terms. This is the
 * one conversion of module elements into flat terms: the encoding (menc_encode)
 * and the Schreyer frame's first level use it. */
size_t melem_flatten(const mcf_ops *o, const plist *L, uint32_t rank, size_t j, uint32_t n,
                     uint32_t *T, size_t stride, uint32_t xoff, uint32_t coff, uint32_t ne, const uint32_t *cmap,
                     uint32_t *comp, mcv cf);

/* Append the products c_a c_b (a <= b) to out. */
gbc_status menc_products(gbc_ctx *ctx, const menc *E, plist *out);

/* If every term of p (of S) has exactly one component variable, to the power 1,
 * and that variable c_k has inv[k] != UINT32_MAX: append to out the element of
 * rank r of R whose component inv[k] collects the terms with c_k, and set *taken
 * to 1; otherwise append nothing and set *taken to 0. */
gbc_status menc_decode(gbc_ctx *ctx, const menc *E, const ring *R, const ppoly *p,
                       const uint32_t *inv, uint32_t rank, plist *out, int *taken);

/* The reduced Groebner basis in E's ring of the encodings of the elements of L
 * (rank r, component i to c_{cmap[i]}; zero elements left out) with the
 * products, into G. */
gbc_status menc_encoded_basis(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                              const plist *L, const uint32_t *cmap, plist *G, gb_stats *stats);

/* The set-up shared by module Groebner bases and syzygies: the reduced Groebner
 * basis in E's ring of the encodings of the elements of L (rank r, component i to
 * c_{cmap[i]}; zero elements left out) with the products, and of it the elements
 * linear in the c's whose component variables c_k all have inv[k] !=
 * UINT32_MAX, decoded (menc_decode) as elements of rank rout appended to out. */
gbc_status menc_module_basis(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                             const plist *L, const uint32_t *cmap, const uint32_t *inv,
                             uint32_t rout, plist *out, gb_stats *stats);

/* The maps of the syzygy encoding of m elements of rank r into r + m components
 * (syz.c): c_0..c_{r-1} the generators' components, eliminated (weight rows),
 * then the syzygy components, term over position with the higher index larger;
 * inv maps a syzygy component variable to its index 0..m-1 and leaves the
 * generators' components out (UINT32_MAX). cmap and inv have r + m entries. */
void module_syz_maps(uint32_t rank, uint32_t m, uint32_t *cmap, uint32_t *inv);
/* Append to ext the m elements (g_j, e_j) of R^(r+m), g_j element j of in (rank
 * r; copied). */
gbc_status module_syz_extend(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                             size_t m, plist *ext);

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
/* mbasis_init in the module order mo (NULL: term over position). */
gbc_status mbasis_init_ord(gbc_ctx *ctx, mbasis *B, const ring *R, uint32_t rank,
                           const module_ord *mo);
void mbasis_clear(gbc_ctx *ctx, mbasis *B);
/* Add element j of L (rank r) to the generators. */
gbc_status mbasis_add(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L, size_t j);
/* Append to nf the normal forms modulo G (updated first) of the encodings of the
 * elements which[0..k) of L (rank r): polynomials of S, zero ones kept. */
gbc_status mbasis_normal_forms(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L,
                               const size_t *which, size_t k, plist *nf, gb_stats *stats);
/* *in = whether element j of L lies in the submodule (updates G first). */
gbc_status mbasis_contains(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L,
                           size_t j, int *in, gb_stats *stats);

/* One level of a resolution: the degrees of its n basis elements. */
typedef struct mlevel {
    size_t n;
    int64_t *deg;
} mlevel;

/* Free the degree lists of lev[0..n) and lev itself (nothing for NULL). */
void mlevels_free(gbc_ctx *ctx, mlevel *lev, size_t n);

/* The Betti table of the levels lev[0..nlev) (module_betti's layout; res.c). */
gbc_status module_levels_table(gbc_ctx *ctx, const mlevel *lev, size_t nlev, uint64_t **betti,
                               uint32_t *nrows, uint32_t *ncols);
/* The levels by minimal generators of syzygies of minimal generators (the first
 * version: a Groebner basis per kept generator; res.c). Same contract as
 * module_levels_schreyer. */
gbc_status module_levels_mingens(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                                 mlevel *lev, size_t maxlev, size_t *nlev, gb_stats *stats);

/* What the minimal generators of a submodule of R^m are known to number in
 * each degree d, when it is the syzygy module of m homogeneous generators of
 * degrees shift[0..m) of a submodule M of R^r: mu_d = b2_d + m_d - b1_d, with
 * m_d the generators of degree d, b1_d the minimal generators of M and b2_d the
 * minimal generators of their syzygies (levels 1 and 2 of the minimal
 * resolution of R^r / M). A free cover F -> M splits as F_min + G with G in the
 * kernel, so the kernel is the syzygies of F_min plus G, of rank m_d - b1_d in
 * degree d. */
typedef struct mcount {
    const mlevel *b1, *b2;
    const int64_t *shift;
    size_t m;
} mcount;

/* mu_d of c (above) for the degree d. */
size_t mcount_at(const mcount *c, int64_t d);

/* The next exponent vector of the same degree after e (n >= 1 entries), in
 * decreasing lex order (the first is d e_0); 0 after the last (syz.c). */
int mmono_next(uint32_t *e, uint32_t n);
/* C(g + n - 1, n - 1), the monomials of degree g in n >= 1 variables, capped at
 * cap + 1 (syz.c). */
size_t mmono_count(uint64_t g, uint32_t n, size_t cap);

/* module_mingens, with the number of minimal generators per degree known when
 * cnt != NULL (syz.c): a degree whose count is 0 or all of its elements needs
 * no test; modulo p, a degree whose multiples of the kept elements make a
 * small matrix is decided by linear algebra on it instead of a Groebner basis. */
gbc_status module_mingens_counted(gbc_ctx *ctx, const ring *R, uint32_t rank,
                                  const int64_t *shift, const plist *in, const mcount *cnt,
                                  plist *out, int64_t **degs, gb_stats *stats);

/* The levels of a minimal graded free resolution of R^r / M (M generated by in,
 * rank r; level 0 is R^r) found from a non-minimal one computed by Schreyer's
 * algorithm (schreyer.c): lev (maxlev + 2 zeroed entries) receives the degrees of
 * levels 0 .. *nlev - 1, each level's list allocated through ctx (the caller
 * frees them; nothing is left allocated on failure). With upto < SIZE_MAX only
 * levels 0 .. upto - 1 are computed (the frame stops at level upto) and *nlev <=
 * upto. Errors as module_betti's; GBC_ERR_INTERNAL if the resolution would have
 * more than maxlev levels. */
gbc_status module_levels_schreyer(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                                  mlevel *lev, size_t maxlev, size_t upto, size_t *nlev,
                                  gb_stats *stats);
/* module_levels_schreyer, and the maps d_1 .. d_{upto-1} of the minimal
 * resolution into maps (zeroed here; levels 0 .. upto - 1, fewer when the
 * resolution is shorter), as module_resolution's. On failure maps is left
 * empty; module_res_clear frees it. */
gbc_status module_levels_maps(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                              mlevel *lev, size_t maxlev, size_t upto, size_t *nlev,
                              module_res *maps, gb_stats *stats);

/* The cofactors of targets first .. first + count - 1 (elements of rank r,
 * homogeneous of degree d) in the m = |gens| / r elements of gens (degrees
 * shift), modulo p: out receives count elements of rank m, element i
 * (c_1 .. c_m) with sum_j c_j g_j = target i, from the dense matrix of the
 * products x^a g_j of degree d (syzlin.c). GBC_ERR_UNSUPPORTED when that matrix
 * is beyond syzlin.c's bounds; GBC_ERR_INTERNAL when a target is not in the
 * span. */
gbc_status module_lift_degree(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                              const int64_t *shift, int64_t d, const plist *targets,
                              size_t first, size_t count, plist *out);

/* The minimal syzygies of the m elements of gens (rank r, homogeneous, degrees
 * shift) modulo p from the maps mr of the minimal resolution (module_levels_maps
 * with upto 3), when the generators are minimal (as many in each degree as
 * d_1's columns): the columns of S d_2, G' = f S (syzframe.c), into out (empty
 * on entry), their degrees (those of d_2's columns, increasing) to *degs.
 * GBC_ERR_UNSUPPORTED, out left empty, over Q, for generators that are not
 * minimal, and when a lift's matrix is beyond the bounds. */
gbc_status module_syz_frame(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                            const int64_t *shift, const module_res *mr, plist *out,
                            int64_t **degs);

/* module_syz_minimal without the primes over Q: modulo p by the resolution's
 * second map or the kernels of one matrix per degree, over Q (and where those
 * decline) by module_syz's basis and module_syz_mingens (syzlin.c). */
gbc_status module_syz_minimal_direct(gbc_ctx *ctx, const ring *R, uint32_t rank,
                                     const plist *gens, const int64_t *shift, plist *out,
                                     int64_t **degs, gb_stats *stats);

/* module_syz_minimal over Q for homogeneous generators, by primes: the minimal
 * syzygies modulo several primes lifted to Q and proved (syzq.c); out (empty on
 * entry) and *degs as module_syz_minimal's. GBC_ERR_UNSUPPORTED, out left
 * empty, when no proved lift came within its bounds on primes. */
gbc_status module_syz_qq(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                         const int64_t *shift, plist *out, int64_t **degs, gb_stats *stats);

/* *Ru = R when R's order is grevlex, else Rg, initialised here as R's ring in
 * grevlex (*own = 1: the caller clears it): the order of Schreyer's frame
 * (schreyer.c). */
gbc_status module_grevlex_ring(gbc_ctx *ctx, const ring *R, ring *Rg, const ring **Ru,
                               int *own);

/* Primes for the paths over Q (qprimes.c): the plan's forced primes first (a test
 * hook), then random primes of [2^30, 2^31) from the plan's seed (a fresh one
 * unless the seed is fixed) and a salt that tells the callers' streams apart;
 * none twice. qprimes_next needs n < QPRIMES_CAP. */
#define QPRIMES_CAP 256
typedef struct qprimes {
    gbc_rng rng;
    const gbc_plan *plan;
    size_t forced, n; /* forced primes looked at; primes used */
    uint32_t used[QPRIMES_CAP];
} qprimes;
void qprimes_init(qprimes *Q, gbc_ctx *ctx, uint64_t salt);
uint32_t qprimes_next(qprimes *Q);

/* out (empty) = the elements of gens (over Q) modulo F's prime, vanishing terms
 * dropped; *ok = 0 when the prime divides a denominator (out then partial: the
 * caller clears it) (qprimes.c). */
gbc_status module_gens_mod(gbc_ctx *ctx, const plist *gens, uint32_t nvars, const field *F,
                           plist *out, int *ok);

/* *yes = whether the nonzero generators of the ideal in (homogeneous, all of
 * them nonzero when nonzero != 0) form a regular sequence, by the Hilbert
 * series (over Q modulo a prime, which transfers; *prime receives it, or R's
 * characteristic) (resq.c, docs/modules.md "Betti numbers by certificate").
 * *yes = 0 when they do not or it is not known (inhomogeneous input, more
 * generators than variables, a constant). */
gbc_status module_regular_sequence(gbc_ctx *ctx, const ring *R, const plist *in, int nonzero,
                                   int *yes, uint32_t *prime, gb_stats *stats);
/* Scale the element at out->p[first .. first + m) (rank m) to coefficient 1 at
 * its leading term x^a e_c (the greatest x^a in R's order, ties to the greater
 * c), as every syzygy path leaves its elements; nothing for zero (resq.c). */
void module_elem_monic(const ring *R, plist *out, size_t first, size_t m);
/* The Koszul syzygies f_j e_i - f_i e_j (i < j) of the generators of an ideal
 * (all nonzero), a minimal generating set of their syzygies when they form a
 * regular sequence: into out (empty), each scaled to 1 at its leading term, in
 * increasing degree (shift[i] + deg f_j; ties by (i, j)), the degrees to *degs (allocated through ctx, NULL for none)
 * (resq.c). */
gbc_status module_syz_koszul(gbc_ctx *ctx, const ring *R, const plist *gens,
                             const int64_t *shift, plist *out, int64_t **degs);

/* The levels of the minimal resolution of R/I (rank 1, any field) when the
 * nonzero generators of I form a regular sequence: the Koszul complex's,
 * without a frame (resq.c, docs/modules.md "Betti numbers by certificate").
 * *ok = 0 and lev untouched when they do not, or it is not known (a module,
 * inhomogeneous input, more generators than variables). */
gbc_status module_levels_koszul(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                                mlevel *lev, size_t *nlev, int *ok, gb_stats *stats);

/* The minimal resolution of R/I with its maps (module_resolution's out) when the
 * generators of I (rank 1, all nonzero) form a regular sequence: the Koszul
 * complex, without a frame. F_k's basis is the k-subsets S of the generators
 * sorted by degree, e_S of degree the sum of theirs, in increasing degree (ties
 * by the subsets in lexicographic order), and d_k e_S = sum_j (-1)^(j-1) f_{s_j}
 * e_{S - s_j} for S = {s_1 < ... < s_k}. *ok = 0 and out untouched when they do
 * not form one (or it is not known, as module_levels_koszul), or when the maps
 * would hold more than KOSZUL_MAX_ENTRIES entries (resq.c). */
gbc_status module_res_koszul(gbc_ctx *ctx, const ring *R, const plist *in, module_res *out,
                             int *ok, gb_stats *stats);

/* The levels of the minimal resolution of R^r / M over Q (as
 * module_levels_schreyer's, all levels) from Schreyer's frame modulo one prime p
 * that leaves M's reduced Groebner basis over Q with all its terms, when no
 * degree holds minimal generators of two consecutive levels modulo p; then the
 * numbers are those over Q (resq.c, docs/modules.md "Betti numbers over Q").
 * *ok = 0 and lev empty when no prime of its few gives such a table; *prime
 * receives the prime used (0 when none). Errors as module_levels_schreyer's. */
gbc_status module_levels_qq(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                            mlevel *lev, size_t maxlev, size_t *nlev, int *ok,
                            uint32_t *prime, gb_stats *stats);

#endif
