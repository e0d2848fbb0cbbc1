/* monideal: monomial ideals of uint32 exponent vectors in any number of variables.
 * The type and its ideal operations (minimise, membership, sum, product,
 * intersection, colon, radical), and the invariants computed from it: the
 * Hilbert-Poincare series (Bigatti's pivot algorithm), dimension and degree, the
 * irreducible decomposition by Roune's slice algorithm and what follows from it
 * (Alexander dual, associated primes, maximal standard monomials).
 *
 * Every function takes the computation's context: allocations go through it (and
 * fail into a status), long loops poll it for interrupts. */
#ifndef GBC_MONIDEAL_H
#define GBC_MONIDEAL_H

#include "mono/mono.h"

/* A list of monomials: n rows of nvars exponents, row-major. As an ideal it stands
 * for the ideal the rows generate; the operations below return minimal generating
 * sets in the canonical order (see mi_minimize). The zero ideal has no rows, the
 * unit ideal the single row 0. nvars may be 0. */
typedef struct monideal {
    uint32_t nvars;
    size_t n;     /* rows */
    size_t cap;   /* rows allocated */
    uint32_t *e;  /* n * nvars exponents */
} monideal;

static inline uint32_t *mi_row(const monideal *I, size_t i)
{
    if (I->e == NULL)
        return NULL; /* no variables (or no rows): NULL + 0 would be undefined */
    return I->e + i * (size_t)I->nvars;
}

void mi_init(monideal *I, uint32_t nvars);
void mi_clear(gbc_ctx *ctx, monideal *I);
/* Make room for at least n rows. */
gbc_status mi_reserve(gbc_ctx *ctx, monideal *I, size_t n);
/* Append a copy of row e (nothing is minimised). */
gbc_status mi_push(gbc_ctx *ctx, monideal *I, const uint32_t *e);
/* Append rows from an nrows x nvars array. */
gbc_status mi_push_rows(gbc_ctx *ctx, monideal *I, const uint32_t *rows, size_t nrows);
gbc_status mi_copy(gbc_ctx *ctx, monideal *dst, const monideal *src);
void mi_swap(monideal *a, monideal *b);

/* Reduce I to its minimal generators (duplicates and multiples removed) and sort
 * them canonically: by increasing total degree, ties by decreasing lex. Two ideals
 * are equal iff their minimised row lists are identical. */
gbc_status mi_minimize(gbc_ctx *ctx, monideal *I);
/* Sort the rows canonically without minimising. */
gbc_status mi_sort_canonical(gbc_ctx *ctx, monideal *I);

/* Whether I (any generating set) contains the monomial e. */
int mi_contains(const monideal *I, const uint32_t *e);
/* Whether two minimised ideals are equal. */
int mi_equal(const monideal *a, const monideal *b);
int mi_is_unit(const monideal *I); /* for minimised I */
/* lcm of the rows (all zero for the zero ideal). */
void mi_lcm(const monideal *I, uint32_t *lcm);

/* Ideal operations. out must be initialised (any content is replaced) and must not
 * alias an input; the results are minimised. */
gbc_status mi_sum(gbc_ctx *ctx, monideal *out, const monideal *a, const monideal *b);
/* GBC_ERR_OVERFLOW if some exponent of a product exceeds UINT32_MAX. */
gbc_status mi_product(gbc_ctx *ctx, monideal *out, const monideal *a, const monideal *b);
gbc_status mi_intersection(gbc_ctx *ctx, monideal *out, const monideal *a,
                           const monideal *b);
/* I : m for a monomial m. */
gbc_status mi_colon_mono(gbc_ctx *ctx, monideal *out, const monideal *I, const uint32_t *m);
/* I : J (the unit ideal when J is zero). */
gbc_status mi_colon(gbc_ctx *ctx, monideal *out, const monideal *I, const monideal *J);
gbc_status mi_radical(gbc_ctx *ctx, monideal *out, const monideal *I);

/* ---- A stack arena for the recursive algorithms: blocks are freed in reverse
 * order of allocation by resetting to a mark; chunks never move. ---- */
typedef struct mi_chunk mi_chunk;
typedef struct mi_arena {
    gbc_ctx *ctx;
    mi_chunk *cur;
    mi_chunk *spare;
} mi_arena;
typedef struct mi_mark {
    mi_chunk *chunk;
    size_t used;
} mi_mark;
void mi_arena_init(mi_arena *a, gbc_ctx *ctx);
void mi_arena_clear(mi_arena *a);
/* size bytes aligned to 16; NULL when the allocation fails. */
void *mi_arena_alloc(mi_arena *a, size_t size);
mi_mark mi_arena_mark(const mi_arena *a);
void mi_arena_reset(mi_arena *a, mi_mark m);

/* ---- Rank compression: each variable's distinct exponents replaced by their
 * ranks (0 stays 0), which keeps every divisibility and lcm relation. ---- */
typedef struct mi_ranks {
    uint32_t nvars;
    uint32_t *nvals; /* per variable: number of distinct values, 0 included */
    uint32_t **val;  /* per variable: the sorted distinct values, val[v][0] = 0 */
    uint32_t maxrank;/* largest rank of any variable */
} mi_ranks;
/* Compress I (rows of any exponents) into C (replaced) and record the tables. */
gbc_status mi_ranks_compress(gbc_ctx *ctx, mi_ranks *R, monideal *C, const monideal *I);
void mi_ranks_clear(gbc_ctx *ctx, mi_ranks *R);

/* ---- The slice algorithm (Roune 2009): the maximal standard monomials of I,
 * passed one at a time to emit (which may stop the run by returning non-zero
 * status). msm(I) = { m not in I : m*x_i in I for every i }. I is any generating
 * set; it may be non-artinian. ---- */
typedef gbc_status (*mi_emit_fn)(void *data, const uint32_t *m);
gbc_status mi_msm(gbc_ctx *ctx, const monideal *I, mi_emit_fn emit, void *data);

/* Statistics of the last slice run (for benchmarks and tests). */
typedef struct mi_slice_stats {
    uint64_t nodes;
    uint64_t leaves;
    uint64_t emitted;
    uint64_t sum_k;        /* generators summed over nodes */
    uint64_t sum_active;   /* active variables summed over nodes */
    uint64_t bound_steps;  /* lower-bound colons applied */
    uint64_t div_checks;   /* divisibility tests in reminimisation */
} mi_slice_stats;
gbc_status mi_msm_stats(gbc_ctx *ctx, const monideal *I, mi_emit_fn emit, void *data,
                        mi_slice_stats *stats);
/* The slice algorithm itself, on a minimal generating set C whose exponents are
 * used as they are (no compression; small ranks are fastest). */
gbc_status mi_msm_ranked(gbc_ctx *ctx, const monideal *C, mi_emit_fn emit, void *data,
                         mi_slice_stats *stats);

/* ---- Decompositions (decom.c). Components are encoded as rows b: the ideal
 * <x_i^{b_i} : b_i > 0>; an all-zero row is the zero ideal. ---- */
/* The irredundant irreducible decomposition, rows in no particular order. The
 * unit ideal has no component; the zero ideal the one component 0. */
gbc_status mi_irrdecom(gbc_ctx *ctx, monideal *out, const monideal *I);
/* The minimal generators of the Alexander dual with respect to point a (a >= lcm
 * of the minimal generators componentwise; NULL means that lcm). GBC_ERR_ARG when
 * a is too small. */
gbc_status mi_alexdual(gbc_ctx *ctx, monideal *out, const monideal *I, const uint32_t *a);
/* The associated primes as 0/1 rows (the support), in no particular order. */
gbc_status mi_assoprimes(gbc_ctx *ctx, monideal *out, const monideal *I);
/* The maximal standard monomials, in no particular order. */
gbc_status mi_maxstandard(gbc_ctx *ctx, monideal *out, const monideal *I);

/* ---- Hilbert-Poincare series (hilbert.c and the files it names) ---- */
/* The numerator N of H(R/I) = N / prod (1 - x_i), multigraded: terms as rows of
 * exps (n x nvars) with int64 coefficients, no zero coefficient, rows sorted by
 * increasing degree then decreasing lex. */
typedef struct mi_poly {
    monideal mons;
    int64_t *coef;
} mi_poly;
void mi_poly_init(mi_poly *P, uint32_t nvars);
void mi_poly_clear(gbc_ctx *ctx, mi_poly *P);
gbc_status mi_hilbert_multi(gbc_ctx *ctx, mi_poly *out, const monideal *I);
/* The univariate numerator N(t) = sum coef[k] t^deg[k] (t for every variable): n
 * terms, degrees increasing, coefficients nonzero. big is NULL unless the
 * numerator came from mi_hilbert_uni_exact and some coefficient does not fit in
 * int64: then big points to n initialised mpz_t (owned by P, freed by
 * mi_upoly_clear) holding the exact coefficients, and every coef[k] is 0. */
typedef struct mi_upoly {
    size_t n;
    uint64_t *deg;
    int64_t *coef;
    void *big;
} mi_upoly;
void mi_upoly_init(mi_upoly *P);
void mi_upoly_clear(gbc_ctx *ctx, mi_upoly *P);
/* GBC_ERR_OVERFLOW when a coefficient of N does not fit in int64 (e.g. the ideal
 * of all x_i x_j in 64 or more variables): use mi_hilbert_uni_exact then. */
gbc_status mi_hilbert_uni(gbc_ctx *ctx, mi_upoly *out, const monideal *I);
/* As mi_hilbert_uni, but a numerator whose coefficients exceed int64 is returned
 * exactly in out->big instead of refused. Costs the same as mi_hilbert_uni unless
 * an intermediate sum overflows int64. */
gbc_status mi_hilbert_uni_exact(gbc_ctx *ctx, mi_upoly *out, const monideal *I);
/* Counters of one run (for benchmarks and tests). */
typedef struct mi_hilbert_stats {
    uint64_t nodes;    /* recursion nodes */
    uint64_t adds;     /* terms added to the accumulator */
    uint64_t distinct; /* distinct keys in the accumulator's table */
    uint64_t scarf;       /* subproblems ended by the Scarf base case */
    uint64_t scarf_faces; /* Scarf faces enumerated (one term each) */
} mi_hilbert_stats;
/* Choices for one run; all zero (or a NULL pointer) is the default. */
typedef struct mi_hilbert_opts {
    int no_scarf; /* never take the Scarf base case (to compare the two paths) */
} mi_hilbert_opts;
gbc_status mi_hilbert_uni_stats(gbc_ctx *ctx, mi_upoly *out, const monideal *I,
                                mi_hilbert_stats *stats);
gbc_status mi_hilbert_multi_stats(gbc_ctx *ctx, mi_poly *out, const monideal *I,
                                  mi_hilbert_stats *stats);
/* As the _stats forms with options (opts and stats may be NULL). */
gbc_status mi_hilbert_uni_opts(gbc_ctx *ctx, mi_upoly *out, const monideal *I,
                               const mi_hilbert_opts *opts, mi_hilbert_stats *stats);
gbc_status mi_hilbert_multi_opts(gbc_ctx *ctx, mi_poly *out, const monideal *I,
                                 const mi_hilbert_opts *opts, mi_hilbert_stats *stats);
/* Dimension (-1 for the unit ideal) and degree of R/I from the univariate
 * numerator (big coefficients included); degree is an initialised mpz_t-compatible pointer (void * keeps GMP
 * out of this header); may be NULL. */
gbc_status mi_dim_degree_from_hilbert(gbc_ctx *ctx, int64_t *dim, void *degree_mpz,
                                      const mi_upoly *N, uint32_t nvars);
/* Krull dimension of R/I by a branch-and-bound minimum vertex cover of the
 * supports of the generators (-1 for the unit ideal; dim.c). */
gbc_status mi_dim(gbc_ctx *ctx, int64_t *dim, const monideal *I);

/* The kth smallest of a[0..cnt) (cnt > 0), by quickselect: a is permuted. Used for
 * the median exponent of a pivot (hilbert32.c, slice.c). */
uint32_t mi_select_kth(uint32_t *a, size_t cnt, size_t kth);

#endif
