/* la: linear algebra modulo p for F4 matrices, behind a seam. A matrix is built
 * once by its user (f4): sparse rows whose columns are numbered so that the known
 * pivot rows (the reducers) come first, and a pivot table. A kernel brings the
 * rows to be reduced to echelon form against those pivots; kernels are const
 * tables (la_kernel) chosen per computation by an option, never global function
 * pointers. Rows are column indices plus a coefficient array that usually belongs
 * to a basis polynomial (no copy); a row being reduced lives in a dense uint64
 * array where products accumulate and are reduced modulo p only when read (delayed
 * reduction: every entry stays below p^2, so one product can always be added). */
#ifndef GBC_LA_H
#define GBC_LA_H

#include "field/field.h"

typedef struct la_row {
    uint32_t *cols;      /* len column indices; cols[0] is the leading column */
    const uint32_t *cf;  /* len coefficients in [1, p); monic rows have cf[0] == 1 */
    uint32_t len;
    uint32_t src;        /* where the row came from (basis or generator index) */
    uint32_t tag;        /* provenance: index of the input row a new pivot came from
                          * (LA_NO_TAG from a kernel without provenance) */
} la_row;

#define LA_NO_TAG UINT32_MAX

/* A matrix being reduced: ncols columns, pivot[c] the monic row whose leading column
 * is c (or NULL). Every pivot row's other entries lie in columns > its leading
 * column: the caller orders columns so that this holds. */
typedef struct la_matrix {
    uint32_t ncols;
    const la_row **pivot;
    uint64_t *dense;   /* ncols zeros, scratch */
    uint32_t *tcols;   /* ncols + 1 entries, scratch */
    uint32_t *tcf;     /* ncols + 1 entries, scratch */
    /* Optional (zero: rows are reduced one at a time): columns [0, npivcols) all
     * have a pivot before the kernel runs, and lanes is LA_LANES * ncols zeros of
     * scratch, so that LA_LANES rows are reduced by those pivots at once
     * (la/lanes.c). */
    uint32_t npivcols;
    uint64_t *lanes;
    /* the vector loop of the lanes (LA_ISA_*), set by the kernel from its
     * environment (la_env.isa); 0 (portable) until then */
    int isa;
    /* Optional (NULL: none): dpiv[c], when set, is the dense form of a pivot row
     * of column c (pivot[c] or, while threads replace it, an earlier one), its
     * coefficients in columns [c, ncols) with zeros (la/dform.c), which a
     * reduction uses in place of the sparse one. Entries are read and written
     * atomically. */
    const uint32_t *const *dpiv;
    /* Optional (NULL: none): heapcap words of scratch, set for a hypersparse
     * matrix (la_hypersparse): a row is then reduced through a heap of the
     * columns it reaches instead of a scan of every column (la/dense.c), and the
     * kernels reduce one row at a time on the calling thread. */
    uint32_t *heap;
    uint32_t heapcap;
    /* Optional (NULL: each parallel phase allocates its workers' scratch and frees
     * it at its end): the scratch of workers 1 .. LA_MAX_WORKERS - 1, kept between
     * phases (la_env.ws; the kernels set it from their environment). */
    struct la_wscratch *ws;
} la_matrix;

/* Whether n rows to reduce in a matrix of ncols columns, whose other rows are the
 * npiv pivots piv, make it hypersparse: rows so short against the
 * columns (on average at most ncols / 64 entries) that scanning the dense
 * accumulator from a row's lead to the last column costs more than following
 * the columns a reduction reaches, and that the probabilistic kernel, which
 * scans, would not reduce much fewer of them: either the columns are so empty
 * (at most LA_HYPER_COL_ENTRIES entries each on average, all rows counted) that
 * the rows barely meet and a random combination of a block costs what its rows
 * do, or the share newfrac of the rows expected to give new pivots (each of which
 * that kernel reduces with a scan) is at least LA_HYPER_NEW / sqrt(ncols)
 * (docs/linear-algebra.md). */
#define LA_HYPER_COL_ENTRIES 4
#define LA_HYPER_NEW 33.0
int la_hypersparse(uint32_t ncols, const la_row *rows, size_t n, const la_row *piv,
                   size_t npiv, double newfrac);
/* The heap's size la_hypersparse's matrices are given (M->heapcap): a row whose
 * heap would pass it is finished by the scan. */
uint32_t la_heap_words(uint32_t ncols);

/* The vector loops of la/lanes.c. */
enum { LA_ISA_PORTABLE = 0, LA_ISA_AVX2 = 1, LA_ISA_AVX512 = 2 };

/* Rows reduced together by the known pivots: 8 uint64 accumulators per column, one
 * 64-byte line. */
#define LA_LANES 8

/* The most workers a parallel phase runs (la_phase_begin). */
#define LA_MAX_WORKERS 64

/* The dense scratch of a parallel phase's worker t >= 1, kept from one phase to the
 * next in the computation's la_env: dense and lanes are zeros whenever no phase
 * runs (a phase that fails frees them), as the calling thread's are. Allocating
 * them afresh in every phase cost two page faults a page on two threads (the
 * first read maps the shared zero page, the first write copies it and flushes
 * the other CPU's TLB through an interrupt: 3% of katsura-11's samples). */
typedef struct la_wscratch {
    uint64_t *dense;       /* cols zeros */
    uint32_t *tcols, *tcf; /* cols entries each */
    uint64_t *lanes;       /* lanecols * LA_LANES zeros */
    size_t cols, lanecols;
} la_wscratch;

/* Counters of the kernels over a computation. */
typedef struct la_stats {
    size_t rows_in;       /* rows handed to a kernel: what the exact kernel reduces */
    size_t rows_reduced;  /* rows or random combinations actually reduced */
    size_t blocks;        /* probabilistic: blocks of rows */
    size_t confirmations; /* probabilistic: combinations that reduced to zero */
    size_t stops;         /* probabilistic: blocks closed by confirmations */
    size_t groups;        /* probabilistic: passes of lanes over the known pivots */
    double fail_bound;    /* probabilistic: the sum over stops of their failure
                           * probabilities (see docs/linear-algebra.md) */
} la_stats;

/* Per-computation environment of the kernels: the field, the thread count, the
 * random generator of the probabilistic kernel, counters, test hooks. */
typedef struct la_env {
    gbc_ctx *ctx;
    const field *F;
    int threads;
    gbc_rng rng;
    la_stats st;
    /* test hook (gbc_plan.la_hook, common/plan.h): low 32 bits, the number of
     * nonzero combinations the probabilistic kernel takes for zero (a wrong stop, as
     * if the random multipliers had been unlucky); bit 32 set, each stop needs one
     * confirmation instead of the number the bound asks for. */
    uint64_t hook;
    /* the vector loop of the lanes for this computation (LA_ISA_*): la_env_init
     * sets la_lanes_isa_default(); the kernels copy it into their matrices */
    int isa;
    /* the parallel phases' workers' scratch (la_wscratch), charged to ctx */
    la_wscratch ws[LA_MAX_WORKERS - 1];
} la_env;

/* Initialise E for field F (the pointer must stay valid) with the context's thread
 * count and hook and the CPU's vector loop; seed for the random multipliers. */
void la_env_init(la_env *E, gbc_ctx *ctx, const field *F, uint64_t seed);
/* Free what E holds (the workers' scratch). */
void la_env_clear(la_env *E);

typedef struct la_kernel {
    const char *name;
    /* 1: every new pivot's tag names the input row it came from, and the rows with
     * no new pivot are exactly those that reduced to zero (what the F4 trace
     * records). 0: new pivots are combinations of input rows (tag LA_NO_TAG). */
    int provenance;
    /* Reduce rows[0..n) by the pivots and by each other: the new pivot rows (monic,
     * fully reduced by the pivots known when they were found) are appended to
     * newrows (capacity n), counted in *nnew, and entered in M->pivot. Their span
     * together with the old pivots' is that of the old pivots and all rows (for a
     * probabilistic kernel: except with the probability it states). */
    gbc_status (*echelon)(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                          gbc_arena *arena, la_row *newrows, size_t *nnew);
} la_kernel;

/* The modes of gbc.h's gbc_linear_algebra. */
enum { LA_AUTO = 0, LA_EXACT = 1, LA_PROBABILISTIC = 2 };

/* The exact sparse-dense kernel (threaded when E->threads > 1), with provenance. */
extern const la_kernel la_kernel_exact;
/* Random linear combinations of blocks of rows; no provenance; wrong with
 * probability at most 2^-64 over a whole computation (docs/linear-algebra.md). */
extern const la_kernel la_kernel_probabilistic;
/* The exact kernel's result and provenance from fewer reductions: the exact kernel
 * in order, stopping when random combinations of the rows left reduce to zero
 * (those rows are then zero rows, left unreduced); wrong with probability at most
 * 2^-64 over a computation, as the probabilistic kernel. On the calling thread
 * only. */
extern const la_kernel la_kernel_ranked;
/* Whether the probabilistic kernel reduces n rows by combinations (not by its
 * exact fallback) in environment E. */
int la_prob_combines(const la_env *E, size_t n);

/* The kernel for mode over F (LA_AUTO: probabilistic when p is large enough for
 * its confirmations to be cheap, see la_prob_confirmations, else exact); with
 * need_provenance the exact one for LA_EXACT, else the ranked one. */
const la_kernel *la_kernel_select(int mode, const field *F, int need_provenance);

/* The probabilistic kernel's exponent for its s-th matrix (s >= 1) of nblocks
 * blocks over a field with p elements: the least k with
 * nblocks * (p - 1)^-k <= 2^-64 * 6 / (pi^2 s^2), so that the failure probabilities
 * of all matrices of a computation add up to at most 2^-64. Each block is closed by
 * one combination that reduces to zero, the matrix by k - 1 more combinations of
 * all its rows (docs/linear-algebra.md). UINT32_MAX for p < 3. */
unsigned la_prob_exponent(uint32_t p, size_t s, size_t nblocks);
/* (p - 1)^-k: the probability that k random combinations (multipliers uniform in
 * [1, p)) of rows not all in a span all fall in it. */
double la_prob_miss(uint32_t p, unsigned k);

/* Reduce row r by the pivots, left to right. The result (nonzero entries only, in
 * increasing column order, made monic) is written into an arena block: *out gets
 * cols and an owned coefficient array; out->len == 0 when the row reduces to zero.
 * With skip_lead != 0 the leading entry of r is kept as it is and not reduced (for
 * tail reduction of a pivot row by the others). */
gbc_status la_reduce_row(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                         int skip_lead, gbc_arena *arena, la_row *out);

/* The remainder of r on reduction by the pivots (la_reduce_row without making it
 * monic): a normal form. */
gbc_status la_remainder(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                        gbc_arena *arena, la_row *out);

/* The row held in M->dense (entries below p^2, zero before column start) reduced
 * by the pivots as la_reduce_row does; M->dense is left all zero. */
gbc_status la_reduce_dense(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t start,
                           gbc_arena *arena, la_row *out);
/* la_reduce_dense without making the result monic (la_remainder's way). */
gbc_status la_remainder_dense(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t start,
                              gbc_arena *arena, la_row *out);

/* The exact kernel, one thread: every row of rows[0..n) in turn; each nonzero
 * result becomes a new pivot (so later rows are reduced by earlier results). */
gbc_status la_echelon(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                      size_t n, gbc_arena *arena, la_row *newrows, size_t *nnew);

/* A test of la_echelon_tested: whether rows[from, n) all lie in the span of the
 * pivots of M as they are (M's lanes are free and must be left zero). */
typedef struct la_tail_test {
    gbc_status (*zero)(void *arg, la_matrix *M, const la_row *rows, size_t from, size_t n,
                       int *all_zero);
    void *arg;
} la_tail_test;

/* la_echelon that asks T (when not NULL), before the rows from n t / 16 on for t in
 * {0, 1, 2, 4, 8, 12} (while at least 64 are left), whether the rest are in the
 * span already, and then stops: those rows give no new pivot and are not reduced.
 * *used is the number of rows reduced. */
gbc_status la_echelon_tested(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                             size_t n, const la_tail_test *T, gbc_arena *arena,
                             la_row *newrows, size_t *nnew, size_t *used);

/* la_echelon with nthreads threads: the rows are first reduced by the known pivots
 * in parallel, then brought to echelon form in order. The result is the same as
 * la_echelon's. */
gbc_status la_echelon_mt(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                         size_t n, gbc_arena *arena, la_row *newrows, size_t *nnew,
                         int nthreads);

/* Bring the n new pivot rows to reduced echelon form among themselves: each is
 * tail-reduced by the others (from the last leading column to the first, so every
 * reducer is already reduced). The rows must be the only pivots in their columns'
 * range, i.e. have no entries in columns of other pivots except those in rows.
 * Afterwards every row's arrays are in arena (the ones with nothing to reduce
 * copied there), so whatever held them before may go. */
gbc_status la_backreduce(gbc_ctx *ctx, la_matrix *M, const field *F, la_row *rows, size_t n,
                         gbc_arena *arena);
/* la_backreduce with nthreads threads: the rows, taken by decreasing leading column,
 * are reduced by whichever form of each pivot is published when it is needed (the
 * row itself or its reduced form), and each result is published as its column's
 * pivot at once. A fully reduced row is unique, so the rows are la_backreduce's. */
gbc_status la_backreduce_mt(gbc_ctx *ctx, la_matrix *M, const field *F, la_row *rows,
                            size_t n, gbc_arena *arena, int nthreads);

/* The workers of a kernel's parallel phase (la/workers.c). A job type begins with
 * an la_worker; the jobs are an array of n such jobs of size bytes each. */
typedef struct la_worker {
    gbc_ctx ctx;       /* charging the phase's shared budget */
    gbc_ctx *parent;   /* the caller's context, polled by worker 0 alone */
    atomic_int *stop;  /* set when any worker fails */
    la_matrix M;       /* own dense scratch (worker 0: the caller's), shared pivots */
    gbc_arena arena;   /* what the worker produces */
    gbc_status st;
} la_worker;

typedef struct la_phase {
    gbc_ctx *ctx;
    gbc_budget budget;
    size_t base, extra;
    atomic_int stop;
    int n, ninit;
    la_wscratch *ws; /* the workers' kept scratch, or NULL */
} la_phase;

/* Set up min(n, LA_MAX_WORKERS) workers on M (memset each job to 0 first); their
 * scratch is M->ws's when M has it. On failure call
 * la_phase_end all the same. */
gbc_status la_phase_begin(la_phase *P, gbc_ctx *ctx, const la_matrix *M, void *jobs,
                          size_t size, int n);
/* Run fn on every job (job 0 in the calling thread) and join; returns the status
 * to report. Until la_phase_end (or the next run: a phase may run several times),
 * ctx carries the workers' memory. */
gbc_status la_phase_run(la_phase *P, void *(*fn)(void *), void *jobs, size_t size);
/* Free the workers' scratch and arenas; ctx's peak takes the phase's. */
void la_phase_end(la_phase *P, void *jobs, size_t size);
/* For a worker's loop: whether to stop now (another worker failed, or the caller's
 * context asks to stop: then W->st says why). */
int la_worker_stopped(la_worker *W);
/* At the end of a worker's run: a failure stops the others. */
void la_worker_done(la_worker *W);

/* Lanes (la/lanes.c): M->lanes holds up to LA_LANES rows being reduced, lane l of
 * column c at M->lanes[c * LA_LANES + l], each entry below p^2 (for p < 2^16:
 * uncorrected sums of fewer than 2^32 products below 2^32 each); all zero between
 * uses. */
/* Add c * r to lane l (c < p); returns r's leading column (M->ncols when empty). */
uint32_t la_lanes_add(la_matrix *M, const field *F, int l, const la_row *r, uint64_t c);
/* Add c[l] * r to every lane l at once (c[l] < p; 0 leaves lane l as it is), with
 * the vector loop M->isa; returns r's leading column (M->ncols when empty). */
uint32_t la_lanes_add_multi(la_matrix *M, const field *F, const la_row *r, const uint64_t *c);
/* Lanes [l0, l0 + nl) += nl independent random combinations of rows[a, b), each
 * multiplier uniform in [1, p) from rng; several lanes take each row in one vector
 * pass. Returns the least column touched (M->ncols when none). */
uint32_t la_lanes_combine(const field *F, gbc_rng *rng, la_matrix *M, unsigned l0, unsigned nl,
                          const la_row *rows, size_t a, size_t b);
/* Reduce every lane by the pivots of columns [start, M->npivcols), with the vector
 * loop M->isa. */
void la_lanes_reduce(la_matrix *M, const field *F, uint32_t start);
/* Lane l (already reduced by la_lanes_reduce) reduced by the pivots of the other
 * columns and taken out of the lanes, as la_reduce_dense gives it. */
gbc_status la_lanes_finish(gbc_ctx *ctx, la_matrix *M, const field *F, int l,
                           gbc_arena *arena, la_row *out);
/* la_lanes_finish without making the result monic (a remainder). */
gbc_status la_lanes_remainder(gbc_ctx *ctx, la_matrix *M, const field *F, int l,
                              gbc_arena *arena, la_row *out);
/* Lane l (already reduced by la_lanes_reduce) back to zero without finishing it. */
void la_lanes_drop(la_matrix *M, int l);
/* All lanes back to zero (after a failure left some in use). */
void la_lanes_clear(la_matrix *M);
/* The vector loop for a computation on this CPU (LA_ISA_*): the best it has, capped
 * by the environment variable GBC_LA_ISA (portable, avx2 or avx512); detected on
 * the first call, the same for the rest of the process. */
int la_lanes_isa_default(void);
/* The loop named "portable", "avx2" or "avx512", or -1 when the name is unknown or
 * this CPU lacks it. */
int la_lanes_isa_find(const char *name);
/* The name of loop isa. */
const char *la_lanes_isa_name(int isa);

/* Dense forms of pivot rows (la/dform.c): the owner of a matrix's M->dpiv, or a
 * worker's share of it. */
typedef struct la_dforms {
    uint32_t **table; /* one entry per column, allocated with the first form or by
                       * _open */
    int joined;       /* the table is another la_dforms' (a worker's forms) */
    gbc_arena arena;  /* the forms */
} la_dforms;

/* An empty set of forms. */
void la_dforms_init(la_dforms *D);
/* D's table allocated now (before workers copy M and join it); M->dpiv points at
 * it. */
gbc_status la_dforms_open(gbc_ctx *ctx, la_matrix *M, la_dforms *D);
/* D (uninitialised) keeps its forms in owner's table, its memory its own. */
void la_dforms_join(la_dforms *D, const la_dforms *owner);
/* Give pivot row r (monic, published in M->pivot at its leading column) a dense
 * form when it is long and filled enough for one to pay; M->dpiv then points at
 * D's table. */
gbc_status la_dforms_add(gbc_ctx *ctx, la_matrix *M, la_dforms *D, const la_row *r);
/* Free the forms (a joined D: its own only, before its owner's end); M->dpiv is
 * NULL again if it was D's table. */
void la_dforms_end(gbc_ctx *ctx, la_matrix *M, la_dforms *D);
/* dr[i] += mult * d[i] for i < len with the vector loop isa; entries below p2
 * stay below p2, p2 == 0 (p < 2^16) corrects nothing. */
void la_dform_axpy(int isa, uint64_t *dr, const uint32_t *d, uint32_t len, uint64_t mult,
                   uint64_t p2);

/* gbc_sort_cmp comparison of uint64_t keys, ascending (arg unused). */
int la_u64_cmp(const void *a, const void *b, void *arg);

#endif
