/* sig/sig_int: what the parts of the signature-based F4 share (internal).
 *
 *   sig.c       the driver: setup, generators, elements, pairs, rounds, entry point
 *   criteria.c  the syzygy criterion, the rewriter of a signature, the selection
 *               of a degree's signatures
 *   matrix.c    rows, symbolic preprocessing, the signature-ordered elimination
 *
 * Signatures are (idx, t): t a monomial (in sgt for elements and syzygies, in rst
 * for the signatures of the current degree), idx the generator. The module order:
 * total degree of t f_idx first, then idx (a larger index is larger), then t in
 * the ring's order. Inputs are homogeneous here, so the degree of a signature is
 * the degree of its polynomial and one round holds one degree. */
#ifndef GBC_SIG_INT_H
#define GBC_SIG_INT_H

#include "sig/sig.h"
#include "divlookup/divlookup.h"

#define SIG_HASH_SEED 0x5a5a3c3cf0f01234ULL

/* An element of the signature basis: a monic polynomial (monomials in bht) with
 * signature (idx, sm), sm in sgt. */
typedef struct sig_elem {
    poly g;
    uint32_t lm;   /* g.mon[0] */
    uint32_t idx;
    uint32_t sm;
    uint32_t deg;  /* of g (= of its signature) */
} sig_elem;

/* An S-pair: the multiple of element a has the larger signature; deg = lcm degree. */
typedef struct sig_pair {
    uint32_t a, b;
} sig_pair;

typedef struct sig_bucket {
    sig_pair *p;
    size_t n, cap;
} sig_bucket;

/* A signature of the current degree to process: (idx, tm in rst), the element
 * whose multiple gives its row (GEN_ROW for generator idx). */
#define SIG_GEN 0xffffffffu
typedef struct sig_cand {
    uint32_t idx, tm, elem;
} sig_cand;

/* A matrix row: len monomials (sht, then columns) with the coefficients of its
 * source (monic); signature (idx, tm); sel: a selected signature's row (its result
 * may become an element), else a reducer. */
typedef struct sig_row {
    uint32_t idx, tm, elem, len;
    uint32_t *cols;
    const uint32_t *cf;
    uint8_t sel;
    uint8_t dead; /* replaced by a selected row of the same signature */
    uint8_t done; /* reduced: its result is in S->res */
} sig_row;

/* The reduced form of a row: a pivot (columns are sht monomials). */
typedef struct sig_piv {
    const uint32_t *cols, *cf;
    uint32_t len;
} sig_piv;

/* A set of signatures (idx, tm) of the current degree (open addressing). */
typedef struct sig_set {
    uint64_t *key; /* (idx + 1) << 32 | tm; 0 empty */
    uint32_t *val;
    size_t mask, n;
} sig_set;

typedef struct sig_state {
    gbc_ctx *ctx;
    const ring *R;
    const field *F;
    mht_params par;
    mht bht;   /* monomials of elements and generators */
    mht sgt;   /* signature monomials of elements and syzygies */
    mht rst;   /* signature monomials of the current degree (reset per degree) */
    mht sht;   /* monomials of the current matrix (reset per matrix) */
    /* generators: monic, sorted by degree; generator i has signature (i, 1) */
    poly *gens;
    uint32_t *gdeg;
    size_t ngens, gnext;
    /* elements */
    sig_elem *e;
    size_t n, cap;
    divlookup dl;          /* every element's lm, value: the element */
    divlookup *sdl;        /* per generator: its elements' signature monomials
                            * (value: the element), set up with the first one */
    uint8_t *sdl_on;
    divlookup syz;         /* known syzygy signatures t (value: idx) */
    size_t nsyz;
    /* pairs by lcm degree */
    sig_bucket *pb;
    size_t npb;
    size_t npairs;
    /* the current degree */
    sig_cand *cand;        /* raw candidates (pairs, generators, extras) */
    size_t ncand, candcap;
    sig_cand *kept;        /* the selected signatures, each with its rewriter */
    size_t nkept, keptcap;
    sig_set sel, rows;     /* selected signatures; signatures of the matrix rows */
    sig_row *row;
    size_t nrow, rowcap;
    gbc_arena arena;
    uint32_t *colmon;      /* rank -> sht monomial (decreasing order) */
    uint32_t *rank;        /* sht monomial -> rank */
    size_t colcap;
    int rank_dirty;        /* sht has monomials without a rank */
    sig_piv *piv;          /* per sht monomial: the pivot leading there */
    uint64_t *dense;       /* per rank */
    uint32_t *tcols, *tcf;
    size_t densecap;
    uint32_t *heap;        /* rows waiting, by signature */
    size_t nheap, heapcap;
    uint32_t *ex, *ex2, *ex3; /* nvars scratch each */
    uint32_t *ex4, *ex5;      /* nvars scratch of the rewrite order */
    int rew_sig;              /* the rewrite order: 0 ratio, 1 signature */
    int affine;               /* the input was homogenised: h is the last variable */
    size_t r_hlm;             /* new elements of the degree whose lm has h */
    double ho_hshare[2];      /* the same for the new elements with h in the lm */
    double ho_share[2];       /* redundant share of the last two degrees' new elements */
    /* results of the current matrix: row r's pivot (len 0: zero) */
    sig_piv *res;
    size_t rescap;
    gb_stats *stats;
    /* sig_learn: every element's row is recorded here (h dropped when affine) */
    struct f4_guide *gd;
    /* per-round counters */
    size_t r_pairs, r_syz, r_rew, r_zero, r_zred, r_rows, r_new, r_passes, r_direct, r_red;
} sig_state;

/* ---- sig.c ---- */
/* Whether signature (ia, ta of table tA) < (ib, tb of tB), both of one degree. */
int sig_cmp_same_deg(const sig_state *S, uint32_t ia, const mht *tA, uint32_t ta,
                     uint32_t ib, const mht *tB, uint32_t tb);

/* ---- criteria.c ---- */
/* Whether the signature (idx, t of table tt) is divisible by a known syzygy
 * signature or by a principal one (lm of an element of smaller index: F5). */
int sig_is_syzygy(const sig_state *S, uint32_t idx, const mht *tt, uint32_t t);
/* The same for t given by its exponents and divisor mask. */
int sig_is_syzygy_exps(const sig_state *S, uint32_t idx, const uint32_t *e, uint32_t mask);
/* The canonical rewriter of (idx, t of tt): among the elements of index idx whose
 * signature divides it, the one of largest signature (the latest added among equal
 * ones); UINT32_MAX when none. */
uint32_t sig_rewriter(const sig_state *S, uint32_t idx, const mht *tt, uint32_t t);
/* Whether element a is below element b in the rewrite order (S->rew_sig). */
int sig_rew_less(const sig_state *S, uint32_t a, uint32_t b);
/* Sort the raw candidates S->cand, drop repeated signatures, syzygies and
 * rewritable pairs (counted), append the survivors that are not selected yet to
 * S->kept and S->sel, and empty S->cand. *added = how many were appended. */
gbc_status sig_filter(sig_state *S, size_t *added);
gbc_status sig_set_init(gbc_ctx *ctx, sig_set *s);
void sig_set_clear(gbc_ctx *ctx, sig_set *s);
void sig_set_reset(sig_set *s);
/* Insert (idx, tm) with value val (or set its value); *fresh (may be NULL) =
 * whether it was absent. */
gbc_status sig_set_put(gbc_ctx *ctx, sig_set *s, uint32_t idx, uint32_t tm, uint32_t val,
                       int *fresh);
int sig_set_has(const sig_set *s, uint32_t idx, uint32_t tm);
/* The value of (idx, tm), or UINT32_MAX when absent. */
uint32_t sig_set_get(const sig_set *s, uint32_t idx, uint32_t tm);

/* ---- matrix.c ---- */
/* Build the matrix of the selected signatures S->kept[0..nkept) (their rows, then a
 * reducer of least signature for every reducible monomial) and reduce it in
 * signature order: S->res[r] is row r's result. A result that closes a pair of this
 * degree (sig_closure) brings that pair's signature into the same matrix,
 * below the current row. */
gbc_status sig_matrix(sig_state *S);

#endif
