/* t-la: the linear-algebra kernels on random matrices: every kernel (exact on one
 * and on two threads, probabilistic) gives the same reduced echelon form of the new
 * rows as the exact one (the probabilistic one also on two threads), and on dense
 * ones the form plain dense elimination gives; the ranked kernel the exact one's
 * provenance too; the
 * probabilistic kernel's confirmations catch a wrong
 * stop forced by the test hook, and without them the hook does give a wrong
 * result; the exponent of the bound is the least that meets the budget. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "la/la.h"
#include "testutil.h"

/* A random matrix: npiv known pivots (monic, leading column c, entries in columns
 * > c) and n rows to reduce that are random combinations of rank base rows (so most
 * reduce to zero), plus the pivots' span mixed in. */
typedef struct tmat {
    uint32_t ncols;
    size_t npiv, n;
    la_row *piv, *rows;
    uint32_t **cols, **cf; /* owned arrays of every row */
    size_t nown;
} tmat;

/* Test modes: g_pivfirst puts pivot i on column i (the pivot columns first, as F4
 * numbers them); g_lanes gives the kernels lane scratch and the count of leading
 * pivot columns (la/lanes.c). */
static int g_pivfirst, g_lanes;
/* run_kernel's text gives each new row's provenance (its tag) too */
static int g_tags;
/* the vector loop run_kernel's computations use (LA_ISA_*), -1: la_env_init's */
static int g_isa = -1;
/* nonzero: run_kernel's matrix reduces its rows through a heap of this many
 * words (la_matrix.heap; small ones make reductions finish by the scan) */
static uint32_t g_heap;

static void own(tmat *T, uint32_t *c, uint32_t *f)
{
    T->cols[T->nown] = c;
    T->cf[T->nown++] = f;
}

/* A sparse row from the dense vector v (entries < p), or len 0. */
static la_row row_from_dense(tmat *T, const uint64_t *v, uint32_t ncols)
{
    la_row r = {NULL, NULL, 0, 0, 0};
    uint32_t len = 0;
    for (uint32_t c = 0; c < ncols; c++)
        len += v[c] != 0;
    uint32_t *cols = malloc(sizeof(uint32_t) * (len ? len : 1));
    uint32_t *cf = malloc(sizeof(uint32_t) * (len ? len : 1));
    ck_assert(cols != NULL && cf != NULL);
    len = 0;
    for (uint32_t c = 0; c < ncols; c++)
        if (v[c] != 0) {
            cols[len] = c;
            cf[len++] = (uint32_t)v[c];
        }
    own(T, cols, cf);
    r.cols = cols;
    r.cf = cf;
    r.len = len;
    return r;
}

/* local != 0: row i draws its base rows from group i / 64 of local base rows
 * (directions that only one block of the probabilistic kernel sees). */
static void tmat_make_local(tmat *T, gbc_rng *g, const field *F, uint32_t ncols, size_t npiv,
                            size_t n, size_t rank, unsigned density, size_t local)
{
    memset(T, 0, sizeof *T);
    T->ncols = ncols;
    T->npiv = npiv;
    T->n = n;
    T->piv = calloc(npiv + 1, sizeof(la_row));
    T->rows = calloc(n + 1, sizeof(la_row));
    T->cols = calloc(npiv + n + 1, sizeof(uint32_t *));
    T->cf = calloc(npiv + n + 1, sizeof(uint32_t *));
    uint64_t *v = calloc(ncols, sizeof(uint64_t));
    uint64_t *base = calloc((rank ? rank : 1) * (size_t)ncols, sizeof(uint64_t));
    ck_assert(T->piv && T->rows && T->cols && T->cf && v && base);
    const uint32_t p = F->p;
    /* pivots on distinct random columns of the first half */
    uint8_t *used = calloc(ncols, 1);
    for (size_t i = 0; i < npiv; i++) {
        uint32_t c = (uint32_t)i;
        while (!g_pivfirst && used[c])
            c = (uint32_t)gbc_rng_below(g, ncols / 2);
        used[c] = 1;
        memset(v, 0, sizeof(uint64_t) * ncols);
        v[c] = 1;
        for (uint32_t j = c + 1; j < ncols; j++)
            if (gbc_rng_below(g, 100) < density)
                v[j] = gbc_rng_below(g, p);
        T->piv[i] = row_from_dense(T, v, ncols);
        T->piv[i].src = (uint32_t)i;
    }
    for (size_t b = 0; b < rank; b++)
        for (uint32_t j = 0; j < ncols; j++)
            if (gbc_rng_below(g, 100) < density)
                base[b * ncols + j] = gbc_rng_below(g, p);
    for (size_t i = 0; i < n; i++) {
        memset(v, 0, sizeof(uint64_t) * ncols);
        /* a combination of two or three base rows, and sometimes a pivot */
        for (int t = 0; t < 3 && rank > 0; t++) {
            size_t b = local ? (i / 64 * local + gbc_rng_below(g, local)) % rank
                             : gbc_rng_below(g, rank);
            uint64_t c = gbc_rng_below(g, p);
            for (uint32_t j = 0; j < ncols; j++)
                v[j] = (v[j] + c * base[b * ncols + j]) % p;
        }
        if (npiv > 0 && gbc_rng_below(g, 4) == 0) {
            const la_row *P = &T->piv[gbc_rng_below(g, npiv)];
            uint64_t c = gbc_rng_below(g, p);
            for (uint32_t k = 0; k < P->len; k++)
                v[P->cols[k]] = (v[P->cols[k]] + c * P->cf[k]) % p;
        }
        T->rows[i] = row_from_dense(T, v, ncols);
        T->rows[i].src = (uint32_t)(1000000 + i);
        /* rows are not monic: the kernels must not assume it */
    }
    free(used);
    free(v);
    free(base);
}

static void tmat_make(tmat *T, gbc_rng *g, const field *F, uint32_t ncols, size_t npiv,
                      size_t n, size_t rank, unsigned density)
{
    tmat_make_local(T, g, F, ncols, npiv, n, rank, density, 0);
}

static void tmat_free(tmat *T)
{
    for (size_t i = 0; i < T->nown; i++) {
        free(T->cols[i]);
        free(T->cf[i]);
    }
    free(T->cols);
    free(T->cf);
    free(T->piv);
    free(T->rows);
}

/* The new rows of kernel K on T, brought to reduced echelon form and sorted by
 * leading column, as one text (columns and coefficients). */
static char *run_kernel(const la_kernel *K, const tmat *T, const field *F, int threads,
                        uint64_t hook, uint64_t seed, la_stats *st_out)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.threads = threads;
    gbc_plan plan;
    gbc_plan_init(&plan);
    plan.la_hook = hook;
    ctx.plan = &plan;
    la_env E;
    la_env_init(&E, &ctx, F, seed);
    if (g_isa >= 0)
        E.isa = g_isa;
    const la_row **pivot = calloc(T->ncols + 1, sizeof(la_row *));
    uint64_t *dense = calloc(T->ncols + 1, sizeof(uint64_t));
    uint32_t *tcols = calloc(T->ncols + 1, sizeof(uint32_t));
    uint32_t *tcf = calloc(T->ncols + 1, sizeof(uint32_t));
    la_row *newrows = calloc(T->n + 1, sizeof(la_row));
    ck_assert(pivot && dense && tcols && tcf && newrows);
    for (size_t i = 0; i < T->npiv; i++)
        pivot[T->piv[i].cols[0]] = &T->piv[i];
    la_matrix M = {.ncols = T->ncols, .pivot = pivot, .dense = dense, .tcols = tcols,
                   .tcf = tcf, .isa = LA_ISA_PORTABLE};
    uint32_t *heap = NULL;
    if (g_heap != 0) {
        heap = calloc(g_heap, sizeof(uint32_t));
        ck_assert(heap != NULL);
        M.heap = heap;
        M.heapcap = g_heap;
    }
    uint64_t *lanes = NULL;
    if (g_lanes) {
        lanes = calloc((size_t)T->ncols * LA_LANES, sizeof(uint64_t));
        ck_assert(lanes != NULL);
        M.lanes = lanes;
        while (M.npivcols < M.ncols && pivot[M.npivcols] != NULL)
            M.npivcols++;
    }
    gbc_arena arena;
    gbc_arena_init(&arena, 1 << 16);
    size_t nnew = 0;
    ck_assert_int_eq(K->echelon(&E, &M, T->rows, T->n, &arena, newrows, &nnew), GBC_OK);
    ck_assert_int_eq(la_backreduce_mt(&ctx, &M, F, newrows, nnew, &arena, threads), GBC_OK);
    for (uint32_t c = 0; c < T->ncols; c++)
        ck_assert_msg(dense[c] == 0, "the kernel left the dense scratch dirty");
    for (size_t c = 0; lanes != NULL && c < (size_t)T->ncols * LA_LANES; c++)
        ck_assert_msg(lanes[c] == 0, "the kernel left the lanes dirty");
    /* the workers' scratch, kept for the next phase, must be as clean */
    for (int t = 0; t < LA_MAX_WORKERS - 1; t++) {
        const la_wscratch *w = &E.ws[t];
        for (size_t c = 0; c < w->cols; c++)
            ck_assert_msg(w->dense[c] == 0, "a worker left its dense scratch dirty");
        for (size_t c = 0; c < w->lanecols * LA_LANES; c++)
            ck_assert_msg(w->lanes[c] == 0, "a worker left its lanes dirty");
    }
    la_env_clear(&E);
    free(lanes);
    free(heap);
    if (K->provenance)
        for (size_t i = 0; i < nnew; i++)
            ck_assert_msg(newrows[i].tag < T->n, "a new row without provenance");
    /* sort by leading column (distinct) */
    for (size_t i = 1; i < nnew; i++)
        for (size_t j = i; j > 0 && newrows[j - 1].cols[0] > newrows[j].cols[0]; j--) {
            la_row t = newrows[j];
            newrows[j] = newrows[j - 1];
            newrows[j - 1] = t;
        }
    sbuf b;
    sb_init(&b);
    sb_printf(&b, "%zu rows\n", nnew);
    for (size_t i = 0; i < nnew; i++) {
        ck_assert_uint_eq(newrows[i].cf[0], 1);
        if (g_tags)
            sb_printf(&b, "from %u: ", newrows[i].tag);
        for (uint32_t k = 0; k < newrows[i].len; k++) {
            ck_assert_msg(pivot[newrows[i].cols[k]] == NULL || k == 0,
                          "a new row has an entry in a pivot column");
            sb_printf(&b, "%u:%u ", newrows[i].cols[k], newrows[i].cf[k]);
        }
        sb_printf(&b, "\n");
    }
    if (st_out)
        *st_out = E.st;
    gbc_arena_clear(&ctx, &arena);
    free(pivot);
    free(dense);
    free(tcols);
    free(tcf);
    free(newrows);
    ck_assert_uint_eq(ctx.mem_used, 0);
    return b.s;
}

static const uint32_t primes[] = {2, 3, 7, 251, 32003, 65521, 1073741827u, 2147483647u};
#define NPRIMES (sizeof primes / sizeof primes[0])

/* Loop index: the prime. Exact on two threads and probabilistic agree with exact. */
START_TEST(test_kernels_agree)
{
    field F;
    ck_assert_int_eq(field_init(&F, primes[_i]), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() * 7919u + (uint64_t)_i);
    int trials = tu_trials(6);
    for (int t = 0; t < trials; t++) {
        uint32_t ncols = 200 + (uint32_t)gbc_rng_below(&g, 400);
        size_t npiv = gbc_rng_below(&g, ncols / 3);
        size_t n = 150 + gbc_rng_below(&g, 600);
        size_t rank = gbc_rng_below(&g, 60);
        unsigned density = 2 + (unsigned)gbc_rng_below(&g, 15);
        tmat T;
        tmat_make(&T, &g, &F, ncols, npiv, n, rank, density);
        char *ex = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
        char *mt = run_kernel(&la_kernel_exact, &T, &F, 2, 0, 1, NULL);
        la_stats ps;
        char *pr = run_kernel(&la_kernel_probabilistic, &T, &F, 1, 0, gbc_rng_next(&g), &ps);
        char *p2 = run_kernel(&la_kernel_probabilistic, &T, &F, 2, 0, gbc_rng_next(&g), NULL);
        ck_assert_msg(strcmp(ex, p2) == 0,
                      "p=%u trial %d: the probabilistic kernel on two threads differs", F.p, t);
        free(p2);
        ck_assert_msg(strcmp(ex, mt) == 0, "p=%u trial %d: two threads differ from one",
                      F.p, t);
        ck_assert_msg(strcmp(ex, pr) == 0,
                      "p=%u trial %d (%u cols, %zu pivots, %zu rows, rank <= %zu): the "
                      "probabilistic kernel differs from the exact one",
                      F.p, t, ncols, npiv, n, rank);
        ck_assert_uint_le(ps.rows_reduced, ps.rows_in + 64);
        free(ex);
        free(mt);
        free(pr);
        tmat_free(&T);
    }
}
END_TEST

/* Loop index: the prime. Enough new rows (at least 64) for the back-reduction to
 * run on two threads: the same rows as on one. */
START_TEST(test_backreduce_threads)
{
    field F;
    ck_assert_int_eq(field_init(&F, primes[_i]), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() * 104729u + (uint64_t)_i);
    int trials = tu_trials(3);
    for (int t = 0; t < trials; t++) {
        uint32_t ncols = 400 + (uint32_t)gbc_rng_below(&g, 400);
        size_t npiv = gbc_rng_below(&g, ncols / 4);
        size_t rank = 80 + gbc_rng_below(&g, 120);
        size_t n = rank + 50 + gbc_rng_below(&g, 200);
        unsigned density = 3 + (unsigned)gbc_rng_below(&g, 20);
        tmat T;
        tmat_make(&T, &g, &F, ncols, npiv, n, rank, density);
        char *one = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
        char *two = run_kernel(&la_kernel_exact, &T, &F, 2, 0, 1, NULL);
        size_t nnew = (size_t)strtoul(one, NULL, 10);
        ck_assert_msg(nnew >= 64 || F.p < 8, "p=%u trial %d: only %zu new rows", F.p, t, nnew);
        ck_assert_msg(strcmp(one, two) == 0,
                      "p=%u trial %d (%u cols, %zu pivots, %zu rows, %zu new): the "
                      "back-reduction on two threads differs from one",
                      F.p, t, ncols, npiv, n, nnew);
        free(one);
        free(two);
        tmat_free(&T);
    }
}
END_TEST

/* Loop index: the prime. Rows reduced through a heap of the columns they reach
 * (la_matrix.heap, what F4 gives hypersparse matrices) give the rows, provenance
 * and back-reduction of the dense scan, with every kernel and on two threads; a
 * heap of a few words makes the reductions finish by the scan part way. */
START_TEST(test_heap_agree)
{
    field F;
    ck_assert_int_eq(field_init(&F, primes[_i]), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() * 6151u + (uint64_t)_i);
    int trials = tu_trials(3);
    for (int t = 0; t < trials; t++) {
        uint32_t ncols = 300 + (uint32_t)gbc_rng_below(&g, 900);
        size_t npiv = gbc_rng_below(&g, ncols / 2);
        size_t n = 60 + gbc_rng_below(&g, 300);
        size_t rank = gbc_rng_below(&g, 80);
        unsigned density = 2 + (unsigned)gbc_rng_below(&g, 12);
        g_pivfirst = t & 1;
        tmat T;
        tmat_make(&T, &g, &F, ncols, npiv, n, rank, density);
        g_pivfirst = 0;
        g_tags = 1;
        char *ref = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
        static const uint32_t caps[] = {3, 40, 1u << 20};
        for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
            g_heap = caps[c];
            char *one = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
            char *two = run_kernel(&la_kernel_exact, &T, &F, 2, 0, 1, NULL);
            char *rk = run_kernel(&la_kernel_ranked, &T, &F, 1, 0, gbc_rng_next(&g), NULL);
            ck_assert_msg(strcmp(ref, one) == 0 && strcmp(ref, two) == 0 && strcmp(ref, rk) == 0,
                          "p=%u trial %d (%u cols, %zu pivots, %zu rows, heap of %u): the "
                          "heap's rows differ from the scan's",
                          F.p, t, ncols, npiv, n, caps[c]);
            free(one);
            free(two);
            free(rk);
            g_tags = 0;
            char *pr = run_kernel(&la_kernel_probabilistic, &T, &F, 2, 0, gbc_rng_next(&g), NULL);
            g_heap = 0;
            char *rf = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
            ck_assert_msg(strcmp(rf, pr) == 0,
                          "p=%u trial %d (heap of %u): the probabilistic kernel differs",
                          F.p, t, caps[c]);
            free(pr);
            free(rf);
            g_tags = 1;
        }
        g_heap = 0;
        g_tags = 0;
        free(ref);
        tmat_free(&T);
    }
    /* the test that chooses the heap: short rows against many columns only */
    la_row r[4];
    uint32_t cols[200], cf[200];
    for (uint32_t k = 0; k < 200; k++) {
        cols[k] = k;
        cf[k] = 1;
    }
    for (int k = 0; k < 4; k++)
        r[k] = (la_row){cols, cf, 100, 0, 0};
    ck_assert(la_hypersparse(100 * 64, r, 4, NULL, 0, 0.0));
    ck_assert(!la_hypersparse(100 * 64 - 1, r, 4, NULL, 0, 1.0));
    ck_assert(!la_hypersparse(1000, r, 4, NULL, 0, 1.0)); /* too few columns to matter */
    ck_assert(!la_hypersparse(1u << 20, r, 0, NULL, 0, 1.0));
    /* and columns that hold few entries, the pivots' counted: rows that meet go to
     * the kernels that combine them */
    /* pivots of 200 entries filling the room left, LA_HYPER_COL_ENTRIES * 6400 -
     * 400 = 25,200 entries, then one entry more */
    enum { NFILL = (LA_HYPER_COL_ENTRIES * 100 * 64 - 400) / 200 };
    _Static_assert(NFILL * 200 == LA_HYPER_COL_ENTRIES * 100 * 64 - 400, "whole rows");
    la_row piv[NFILL + 1];
    for (int k = 0; k < NFILL; k++)
        piv[k] = (la_row){cols, cf, 200, 0, 0};
    piv[NFILL] = (la_row){cols, cf, 1, 0, 0};
    ck_assert(la_hypersparse(100 * 64, r, 4, piv, NFILL, 0.0));
    ck_assert(!la_hypersparse(100 * 64, r, 4, piv, NFILL + 1, 0.0));
    /* unless most rows are expected to give pivots, which that kernel reduces one
     * by one (sqrt(6400) = 80: the bound is 33 / 80 = 0.4125) */
    ck_assert(la_hypersparse(100 * 64, r, 4, piv, NFILL + 1, 0.42));
    ck_assert(!la_hypersparse(100 * 64, r, 4, piv, NFILL + 1, 0.41));
}
END_TEST

/* Loop index: the prime. With the pivot columns first and lane scratch (as F4 runs
 * them), every vector loop of la/lanes.c this CPU has, the exact kernel on one and
 * two threads and the probabilistic one give what the exact kernel gives row by
 * row. */
START_TEST(test_lanes_agree)
{
    field F;
    ck_assert_int_eq(field_init(&F, primes[_i]), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() * 104729u + (uint64_t)_i);
    static const char *const isa[] = {"portable", "avx2", "avx512"};
    /* the default is a loop this CPU has */
    ck_assert_int_eq(la_lanes_isa_find(la_lanes_isa_name(la_lanes_isa_default())),
                     la_lanes_isa_default());
    int trials = tu_trials(2);
    for (int t = 0; t < trials; t++) {
        uint32_t ncols = 150 + (uint32_t)gbc_rng_below(&g, 300);
        size_t npiv = gbc_rng_below(&g, ncols / 2);
        size_t n = 80 + gbc_rng_below(&g, 300);
        size_t rank = gbc_rng_below(&g, 60);
        unsigned density = 2 + (unsigned)gbc_rng_below(&g, 30);
        g_pivfirst = 1;
        tmat T;
        tmat_make(&T, &g, &F, ncols, npiv, n, rank, density);
        g_pivfirst = 0;
        char *ref = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
        g_lanes = 1;
        for (size_t v = 0; v < sizeof isa / sizeof isa[0]; v++) {
            g_isa = la_lanes_isa_find(isa[v]);
            if (g_isa < 0)
                continue;
            const char *what[4] = {"exact", "exact, 2 threads", "probabilistic",
                                   "probabilistic, 2 threads"};
            char *got[4] = {
                run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL),
                run_kernel(&la_kernel_exact, &T, &F, 2, 0, 1, NULL),
                run_kernel(&la_kernel_probabilistic, &T, &F, 1, 0, gbc_rng_next(&g), NULL),
                run_kernel(&la_kernel_probabilistic, &T, &F, 2, 0, gbc_rng_next(&g), NULL)};
            for (int k = 0; k < 4; k++) {
                ck_assert_msg(strcmp(ref, got[k]) == 0,
                              "p=%u trial %d (%u cols, %zu pivots, %zu rows): %s through "
                              "the %s lanes differs from row by row",
                              F.p, t, ncols, npiv, n, what[k], isa[v]);
                free(got[k]);
            }
        }
        g_lanes = 0;
        g_isa = -1;
        free(ref);
        tmat_free(&T);
    }
}
END_TEST

/* The reduced echelon form of the span of T's pivots and rows, by plain dense
 * elimination (no code shared with the kernels), its rows whose leading column is
 * not a known pivot's in run_kernel's text; *ndense counts the rows long and full
 * enough for la/dform.c to give them a dense form (16 entries or more, at least a
 * quarter of the columns from their lead on). */
static char *reference_rref(const tmat *T, const field *F, size_t *ndense)
{
    const uint32_t nc = T->ncols;
    const uint64_t p = F->p;
    size_t nr = T->npiv + T->n, rank = 0;
    uint64_t *A = calloc(nr * nc + 1, sizeof(uint64_t));
    uint32_t *lead = calloc(nr + 1, sizeof(uint32_t));
    uint8_t *known = calloc(nc, 1);
    ck_assert(A && lead && known);
    for (size_t i = 0; i < nr; i++) {
        const la_row *r = i < T->npiv ? &T->piv[i] : &T->rows[i - T->npiv];
        for (uint32_t k = 0; k < r->len; k++)
            A[i * nc + r->cols[k]] = r->cf[k];
        if (i < T->npiv)
            known[r->cols[0]] = 1;
    }
    for (uint32_t c = 0; c < nc && rank < nr; c++) {
        size_t q = rank;
        while (q < nr && A[q * nc + c] == 0)
            q++;
        if (q == nr)
            continue;
        for (uint32_t j = 0; j < nc; j++) {
            uint64_t t = A[q * nc + j];
            A[q * nc + j] = A[rank * nc + j];
            A[rank * nc + j] = t;
        }
        uint64_t inv = zp_inv(F, (uint32_t)A[rank * nc + c]);
        for (uint32_t j = 0; j < nc; j++)
            A[rank * nc + j] = A[rank * nc + j] * inv % p;
        for (size_t i = 0; i < nr; i++) {
            uint64_t f = A[i * nc + c];
            if (i == rank || f == 0)
                continue;
            for (uint32_t j = 0; j < nc; j++)
                A[i * nc + j] = (A[i * nc + j] + (p - f) * A[rank * nc + j]) % p;
        }
        lead[rank++] = c;
    }
    sbuf b;
    sb_init(&b);
    size_t nnew = 0;
    *ndense = 0;
    for (size_t i = 0; i < rank; i++)
        nnew += !known[lead[i]];
    sb_printf(&b, "%zu rows\n", nnew);
    for (size_t i = 0; i < rank; i++) {
        if (known[lead[i]])
            continue;
        uint32_t len = 0;
        for (uint32_t j = lead[i]; j < nc; j++)
            if (A[i * nc + j] != 0) {
                sb_printf(&b, "%u:%u ", j, (unsigned)A[i * nc + j]);
                len++;
            }
        *ndense += len >= 16 && 4 * (uint64_t)len >= nc - lead[i];
        sb_printf(&b, "\n");
    }
    free(A);
    free(lead);
    free(known);
    return b.s;
}

/* Loop index: the prime. Matrices whose new rows fill most of their columns (as
 * F4's do after the known pivots), so that the new pivots get dense forms: every
 * kernel, with and without lanes, through every vector loop this CPU has, gives
 * the reduced echelon form that plain dense elimination gives. */
START_TEST(test_dense_forms)
{
    field F;
    ck_assert_int_eq(field_init(&F, primes[_i]), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() * 6151u + (uint64_t)_i);
    static const char *const isa[] = {"portable", "avx2", "avx512"};
    int trials = tu_trials(2);
    size_t ndense_all = 0;
    /* more trials while none gave a row that qualifies for a dense form (some
     * seeds, 1796614635 for one, draw two matrices without one) */
    for (int t = 0; t < trials || (ndense_all == 0 && t < trials + 20); t++) {
        uint32_t ncols = 120 + (uint32_t)gbc_rng_below(&g, 200);
        size_t npiv = gbc_rng_below(&g, ncols / 2);
        size_t rank = 20 + gbc_rng_below(&g, 60);
        size_t n = rank + gbc_rng_below(&g, 100);
        unsigned density = 30 + (unsigned)gbc_rng_below(&g, 60);
        g_pivfirst = (t & 1) == 0;
        tmat T;
        tmat_make(&T, &g, &F, ncols, npiv, n, rank, density);
        g_pivfirst = 0;
        size_t ndense;
        char *ref = reference_rref(&T, &F, &ndense);
        ndense_all += ndense;
        for (size_t v = 0; v < sizeof isa / sizeof isa[0]; v++) {
            g_isa = la_lanes_isa_find(isa[v]);
            if (g_isa < 0)
                continue;
            for (int lanes = 0; lanes < 2; lanes++) {
                g_lanes = lanes && (t & 1) == 0; /* lanes want the pivot columns first */
                char *got[3] = {
                    run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL),
                    run_kernel(&la_kernel_exact, &T, &F, 2, 0, 1, NULL),
                    run_kernel(&la_kernel_probabilistic, &T, &F, 1, 0, gbc_rng_next(&g), NULL)};
                for (int k = 0; k < 3; k++) {
                    ck_assert_msg(strcmp(ref, got[k]) == 0,
                                  "p=%u trial %d (%u cols, %zu pivots, %zu rows, density "
                                  "%u%%): kernel %d (%s, lanes %d) differs from dense "
                                  "elimination",
                                  F.p, t, ncols, npiv, n, density, k, isa[v], g_lanes);
                    free(got[k]);
                }
            }
        }
        g_lanes = 0;
        g_isa = -1;
        free(ref);
        tmat_free(&T);
    }
    /* the dense forms were made: rows that qualify for one */
    ck_assert_uint_gt(ndense_all, 0);
}
END_TEST

/* Loop index: the prime. The ranked kernel gives the exact kernel's rows and
 * provenance (which row each new pivot came from); on low-rank matrices, whose
 * new pivots come from the first rows, it stops early on the primes where its
 * tests run (p >= 251) and leaves the other rows unreduced. */
START_TEST(test_ranked)
{
    field F;
    ck_assert_int_eq(field_init(&F, primes[_i]), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() * 3571u + (uint64_t)_i);
    int trials = tu_trials(3);
    size_t stopped = 0;
    for (int t = 0; t < trials; t++) {
        uint32_t ncols = 150 + (uint32_t)gbc_rng_below(&g, 300);
        size_t npiv = gbc_rng_below(&g, ncols / 2);
        size_t n = 200 + gbc_rng_below(&g, 600);
        size_t rank = gbc_rng_below(&g, 40);
        unsigned density = 2 + (unsigned)gbc_rng_below(&g, 30);
        g_pivfirst = 1;
        tmat T;
        tmat_make(&T, &g, &F, ncols, npiv, n, rank, density);
        g_pivfirst = 0;
        g_lanes = 1;
        g_tags = 1;
        la_stats rs;
        char *ex = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
        char *rk = run_kernel(&la_kernel_ranked, &T, &F, 1, 0, gbc_rng_next(&g), &rs);
        g_lanes = 0;
        g_tags = 0;
        ck_assert_msg(strcmp(ex, rk) == 0,
                      "p=%u trial %d (%u cols, %zu pivots, %zu rows, rank <= %zu): the ranked "
                      "kernel's rows or provenance differ from the exact kernel's",
                      F.p, t, ncols, npiv, n, rank);
        ck_assert_uint_eq(rs.rows_in, n);
        stopped += rs.rows_reduced < n;
        ck_assert(rs.fail_bound <= ldexp(1.0, -64));
        free(ex);
        free(rk);
        tmat_free(&T);
    }
    /* the tests run where k combinations fit the lanes */
    if (la_prob_exponent(F.p, 1, 1) <= LA_LANES)
        ck_assert_msg(stopped > 0, "p=%u: the ranked kernel never stopped early", F.p);
}
END_TEST

/* The probabilistic kernel on T (threads, seed) gives the exact kernel's rows;
 * its counters in *ps. */
static void prob_equals_exact(const tmat *T, const field *F, int threads, uint64_t seed,
                              la_stats *ps)
{
    char *ex = run_kernel(&la_kernel_exact, T, F, 1, 0, 1, NULL);
    char *pr = run_kernel(&la_kernel_probabilistic, T, F, threads, 0, seed, ps);
    ck_assert_str_eq(ex, pr);
    free(ex);
    free(pr);
}

/* The probabilistic kernel really runs (not its exact fallback) on large primes,
 * and reduces far fewer vectors than rows when the rank is low. */
START_TEST(test_prob_reduces_less)
{
    field F;
    ck_assert_int_eq(field_init(&F, 65521), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() + 17);
    tmat T;
    tmat_make(&T, &g, &F, 500, 100, 2000, 20, 5);
    la_stats ps;
    prob_equals_exact(&T, &F, 1, gbc_rng_next(&g), &ps);
    ck_assert_uint_eq(ps.rows_in, 2000);
    ck_assert_msg(ps.rows_reduced < 200, "%zu of 2000 rows reduced for rank <= 20",
                  ps.rows_reduced);
    ck_assert_uint_gt(ps.blocks, 1);
    ck_assert_uint_gt(ps.confirmations, 0);
    ck_assert(ps.fail_bound > 0 && ps.fail_bound <= ldexp(1.0, -64));
    tmat_free(&T);
}
END_TEST

/* Small matrices. On one thread, two blocks of low rank and the confirmations
 * share one group of lanes: one pass over the known pivots in all (the
 * confirmations ride with the blocks; a pass of their own would make two). On two
 * threads, a matrix below the one-thread threshold (40 rows) still goes through
 * the probabilistic kernel, in one block per thread; both give the exact result. */
START_TEST(test_prob_small)
{
    field F;
    ck_assert_int_eq(field_init(&F, 65521), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() + 29);
    for (int t = 0; t < 4; t++) {
        tmat T;
        tmat_make(&T, &g, &F, 300, 60, 100, 1, 8);
        la_stats ps;
        prob_equals_exact(&T, &F, 1, gbc_rng_next(&g), &ps);
        ck_assert_uint_eq(ps.blocks, 2);
        ck_assert_uint_gt(ps.confirmations, 2);
        ck_assert_msg(ps.groups == 1, "trial %d: %zu groups of lanes for two blocks of rank "
                      "<= 1 and their confirmations", t, ps.groups);
        tmat_free(&T);
        tmat_make(&T, &g, &F, 300, 60, 40, 6, 8);
        prob_equals_exact(&T, &F, 2, gbc_rng_next(&g), &ps);
        ck_assert_msg(ps.blocks == 2 && ps.rows_in == 40,
                      "trial %d: 40 rows on two threads: %zu blocks, %zu rows in", t,
                      ps.blocks, ps.rows_in);
        tmat_free(&T);
    }
}
END_TEST

/* The hook takes nonzero combinations for zero: wrong stops. With the
 * confirmations of the bound the result is still the exact one; with one
 * confirmation only (hook bit 32) at least one of the trials goes wrong, so the
 * hook does make wrong stops and the confirmations are what catches them. */
START_TEST(test_hook_caught)
{
    field F;
    ck_assert_int_eq(field_init(&F, 65521), GBC_OK);
    gbc_rng g;
    gbc_rng_seed(&g, tu_seed() + 23);
    int wrong_without = 0;
    for (int t = 0; t < 8; t++) {
        tmat T;
        /* 13 blocks of 64 rows, each with 3 directions of its own */
        tmat_make_local(&T, &g, &F, 400, 80, 832, 39, 6, 3);
        char *ex = run_kernel(&la_kernel_exact, &T, &F, 1, 0, 1, NULL);
        uint64_t falses = 1 + gbc_rng_below(&g, 3);
        char *with = run_kernel(&la_kernel_probabilistic, &T, &F, 1, falses, gbc_rng_next(&g),
                                NULL);
        char *without = run_kernel(&la_kernel_probabilistic, &T, &F, 1,
                                   falses | (1ULL << 32), gbc_rng_next(&g), NULL);
        /* on two threads the calling thread's blocks stop wrongly, and the
         * confirmations (their pass made beside the blocks) must catch it */
        char *two = run_kernel(&la_kernel_probabilistic, &T, &F, 2, falses, gbc_rng_next(&g),
                               NULL);
        ck_assert_msg(strcmp(ex, with) == 0,
                      "trial %d: %llu forced wrong stops got past the confirmations", t,
                      (unsigned long long)falses);
        ck_assert_msg(strcmp(ex, two) == 0,
                      "trial %d: %llu forced wrong stops on two threads got past the "
                      "confirmations", t, (unsigned long long)falses);
        free(two);
        wrong_without += strcmp(ex, without) != 0;
        free(ex);
        free(with);
        free(without);
        tmat_free(&T);
    }
    ck_assert_msg(wrong_without > 0, "the hook never made a wrong stop");
}
END_TEST

/* la_prob_exponent: the least k with nblocks (p-1)^-k <= 2^-64 6 / (pi^2 s^2). */
START_TEST(test_exponent)
{
    static const uint32_t ps[] = {3, 7, 251, 32003, 65521, 1073741827u, 2147483647u};
    static const size_t ss[] = {1, 2, 10, 1000, 1000000};
    static const size_t nbs[] = {1, 8, 64, 10000};
    for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++)
        for (size_t b = 0; b < sizeof ss / sizeof ss[0]; b++)
            for (size_t c = 0; c < sizeof nbs / sizeof nbs[0]; c++) {
                unsigned k = la_prob_exponent(ps[a], ss[b], nbs[c]);
                double budget = 64.0 + log2(M_PI * M_PI / 6.0) + 2.0 * log2((double)ss[b]);
                double l = log2((double)ps[a] - 1.0);
                /* log2 of nblocks (p-1)^-k must be at most -budget, and not for k-1 */
                ck_assert_msg(log2((double)nbs[c]) - k * l <= -budget + 1e-9,
                              "p=%u s=%zu nb=%zu: k=%u misses the budget", ps[a], ss[b],
                              nbs[c], k);
                ck_assert_msg(k == 1 || log2((double)nbs[c]) - (k - 1) * l > -budget,
                              "p=%u s=%zu nb=%zu: k=%u is not the least", ps[a], ss[b],
                              nbs[c], k);
            }
    ck_assert_uint_eq(la_prob_exponent(2, 1, 1), UINT32_MAX);
    ck_assert_uint_eq(la_prob_exponent(65521, 1, 1), 5);
    ck_assert_uint_eq(la_prob_exponent(2147483647u, 1, 1), 3);
}
END_TEST

/* The kernel choice: provenance gives the ranked kernel, or the exact one when
 * exact is asked for; auto and probabilistic give the probabilistic kernel (which
 * falls back by itself). */
START_TEST(test_select)
{
    field F;
    ck_assert_int_eq(field_init(&F, 65521), GBC_OK);
    ck_assert_ptr_eq(la_kernel_select(LA_EXACT, &F, 0), &la_kernel_exact);
    ck_assert_ptr_eq(la_kernel_select(LA_EXACT, &F, 1), &la_kernel_exact);
    ck_assert_ptr_eq(la_kernel_select(LA_PROBABILISTIC, &F, 1), &la_kernel_ranked);
    ck_assert_ptr_eq(la_kernel_select(LA_AUTO, &F, 1), &la_kernel_ranked);
    ck_assert_int_eq(la_kernel_ranked.provenance, 1);
    ck_assert_ptr_eq(la_kernel_select(LA_AUTO, &F, 0), &la_kernel_probabilistic);
    ck_assert_ptr_eq(la_kernel_select(LA_PROBABILISTIC, &F, 0), &la_kernel_probabilistic);
    ck_assert_int_eq(la_kernel_exact.provenance, 1);
    ck_assert_int_eq(la_kernel_probabilistic.provenance, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("la");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_kernels_agree, 0, (int)NPRIMES);
    tcase_add_loop_test(tc, test_lanes_agree, 0, (int)NPRIMES);
    tcase_add_loop_test(tc, test_backreduce_threads, 0, (int)NPRIMES);
    tcase_add_loop_test(tc, test_heap_agree, 0, (int)NPRIMES);
    tcase_add_loop_test(tc, test_dense_forms, 0, (int)NPRIMES);
    tcase_add_loop_test(tc, test_ranked, 0, (int)NPRIMES);
    tcase_add_test(tc, test_prob_reduces_less);
    tcase_add_test(tc, test_prob_small);
    tcase_add_test(tc, test_hook_caught);
    tcase_add_test(tc, test_exponent);
    tcase_add_test(tc, test_select);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
