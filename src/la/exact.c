/* la/exact: the exact sparse-dense kernel (one thread, or the known pivots applied
 * in parallel first) and the back-reduction of new pivots; rows are reduced by
 * la/dense.c, eight at a time through la/lanes.c. */
#include "la/la.h"

#include "common/pool.h"
#include "common/sort.h"

/* The least leading column of rows[a, b). */
static uint32_t least_lead(const la_matrix *M, const la_row *rows, size_t a, size_t b)
{
    uint32_t start = M->ncols;
    for (size_t i = a; i < b; i++)
        if (rows[i].len > 0 && rows[i].cols[0] < start)
            start = rows[i].cols[0];
    return start;
}

/* Rows[a, b) (at most LA_LANES) into the lanes, reduced there by the known pivots
 * together; each is then finished with la_lanes_finish. */
static void lanes_start(la_matrix *M, const field *F, const la_row *rows, size_t a, size_t b)
{
    for (size_t i = a; i < b; i++)
        (void)la_lanes_add(M, F, (int)(i - a), &rows[i], 1);
    la_lanes_reduce(M, F, least_lead(M, rows, a, b));
}

/* Whether rows[a, b) go through the lanes: a scratch, more than one row, and work
 * left of npivcols. */
static int use_lanes(const la_matrix *M, const la_row *rows, size_t a, size_t b)
{
    return M->lanes != NULL && b - a > 1 && least_lead(M, rows, a, b) < M->npivcols;
}

gbc_status la_echelon(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                      size_t n, gbc_arena *arena, la_row *newrows, size_t *nnew)
{
    size_t used;
    return la_echelon_tested(ctx, M, F, rows, n, NULL, arena, newrows, nnew, &used);
}

/* The first row from which la_echelon_tested tests, at or after row i (n: none). */
static size_t next_test(size_t i, size_t n)
{
    static const unsigned at16[] = {0, 1, 2, 4, 8, 12};
    for (size_t t = 0; t < sizeof at16 / sizeof at16[0]; t++) {
        size_t a = n / 16 * at16[t];
        if (a >= i && n - a >= 64)
            return a;
    }
    return n;
}

gbc_status la_echelon_tested(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                             size_t n, const la_tail_test *T, gbc_arena *arena,
                             la_row *newrows, size_t *nnew, size_t *used)
{
    *nnew = 0;
    *used = n;
    la_dforms D;
    la_dforms_init(&D);
    gbc_status st = GBC_OK;
    size_t test = T != NULL ? next_test(0, n) : n;
    for (size_t i = 0; i < n && st == GBC_OK;) {
        st = gbc_ctx_check(ctx); /* a row costs microseconds: see the clock each time */
        if (st != GBC_OK)
            break;
        if (i >= test) {
            /* at the first group that starts at or after a test point */
            int zero = 0;
            st = T->zero(T->arg, M, rows, i, n, &zero);
            if (st != GBC_OK)
                break;
            if (zero) {
                *used = i;
                break;
            }
            test = next_test(i + 1, n);
        }
        size_t b = i + LA_LANES < n ? i + LA_LANES : n;
        int lanes = use_lanes(M, rows, i, b);
        if (lanes)
            lanes_start(M, F, rows, i, b);
        else
            b = i + 1;
        /* a group's rows are finished in order, each after the new pivots of the
         * earlier ones (which lie beyond npivcols, where the lanes did nothing) */
        for (size_t j = i; j < b; j++) {
            la_row res;
            st = lanes ? la_lanes_finish(ctx, M, F, (int)(j - i), arena, &res)
                       : la_reduce_row(ctx, M, F, &rows[j], 0, arena, &res);
            if (st == GBC_OK && res.len > 0) {
                res.src = rows[j].src;
                res.tag = (uint32_t)j;
                newrows[*nnew] = res;
                M->pivot[res.cols[0]] = &newrows[*nnew];
                (*nnew)++;
                /* the later rows of the round are reduced by it */
                st = la_dforms_add(ctx, M, &D, &res);
            }
            if (st != GBC_OK) {
                la_lanes_clear(M);
                break;
            }
        }
        i = b;
    }
    la_dforms_end(ctx, M, &D);
    return st;
}

int la_u64_cmp(const void *a, const void *b, void *arg)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    (void)arg;
    return (x > y) - (x < y);
}

/* *r = src with its arrays copied into arena. */
static gbc_status row_into_arena(gbc_ctx *ctx, gbc_arena *arena, la_row *r, const la_row *src)
{
    uint32_t *c = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * (src->len + 1));
    uint32_t *f = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * (src->len + 1));
    if (c == NULL || f == NULL)
        return gbc_ctx_alloc_status(ctx);
    memcpy(c, src->cols, sizeof(uint32_t) * src->len);
    memcpy(f, src->cf, sizeof(uint32_t) * src->len);
    *r = *src;
    r->cols = c;
    r->cf = f;
    return GBC_OK;
}

/* *ord = the rows' indices by decreasing leading column (distinct), each in the low
 * half of a word whose high half is the key. */
static gbc_status backreduce_order(gbc_ctx *ctx, const la_row *rows, size_t n, uint64_t **ord)
{
    GBC_TRY(GBC_ALLOC(ctx, *ord, n ? n : 1));
    for (size_t i = 0; i < n; i++)
        (*ord)[i] = (uint64_t)(UINT32_MAX - rows[i].cols[0]) << 32 | i;
    return gbc_sort_cmp(ctx, *ord, n, sizeof **ord, la_u64_cmp, NULL);
}

gbc_status la_backreduce(gbc_ctx *ctx, la_matrix *M, const field *F, la_row *rows, size_t n,
                         gbc_arena *arena)
{
    /* process by decreasing leading column (the leading columns are distinct) */
    uint64_t *ord = NULL;
    gbc_status st = backreduce_order(ctx, rows, n, &ord);
    la_dforms D;
    la_dforms_init(&D);
    for (size_t k = 0; k < n && st == GBC_OK; k++) {
        la_row *r = &rows[(uint32_t)ord[k]];
        if (r->len <= 1) {
            /* nothing to reduce: copied, so that every row lives in arena */
            st = row_into_arena(ctx, arena, r, r);
            continue;
        }
        st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            break;
        la_row res;
        st = la_reduce_row(ctx, M, F, r, 1, arena, &res);
        if (st != GBC_OK)
            break;
        *r = res; /* the pivot table points at rows[], which now holds the result */
        /* the rows of lower leading columns, still to come, are reduced by it */
        st = la_dforms_add(ctx, M, &D, r);
    }
    la_dforms_end(ctx, M, &D);
    gbc_free(ctx, ord);
    return st;
}

/* ------------------------------------------------------------ threads -- */


typedef struct la_job {
    la_worker w;
    const field *F;
    const la_row *rows;
    la_row *out;
    size_t n;
    atomic_size_t *next; /* the next group's first row */
} la_job;

static void *la_job_run(void *arg)
{
    la_job *J = arg;
    la_worker *W = &J->w;
    W->st = GBC_OK;
    /* groups of LA_LANES rows, taken in turn (a thread woken late takes fewer) */
    size_t i, b;
    while (W->st == GBC_OK && !la_worker_stopped(W) &&
           gbc_take_chunk(J->next, J->n, LA_LANES, &i, &b)) {
        if (!use_lanes(&W->M, J->rows, i, b)) {
            for (size_t j = i; j < b && W->st == GBC_OK; j++)
                W->st = la_reduce_row(&W->ctx, &W->M, J->F, &J->rows[j], 0, &W->arena,
                                      &J->out[j]);
            continue;
        }
        lanes_start(&W->M, J->F, J->rows, i, b);
        for (size_t j = i; j < b && W->st == GBC_OK; j++) {
            W->st = la_lanes_finish(&W->ctx, &W->M, J->F, (int)(j - i), &W->arena, &J->out[j]);
            J->out[j].src = J->rows[j].src;
            J->out[j].tag = J->rows[j].tag;
        }
        if (W->st != GBC_OK)
            la_lanes_clear(&W->M);
    }
    la_worker_done(W);
    return NULL;
}

gbc_status la_echelon_mt(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                         size_t n, gbc_arena *arena, la_row *newrows, size_t *nnew,
                         int nthreads)
{
    /* two groups of lanes are enough to share: the known pivots' pass over a
     * group costs as much as the matrix's reducer rows */
    if (nthreads <= 1 || n < 2 * LA_LANES || M->heap != NULL)
        return la_echelon(ctx, M, F, rows, n, arena, newrows, nnew);
    /* Phase 1, in parallel: every row reduced by the known pivots only (the pivot
     * table is read-only meanwhile). Phase 2: the echelon form of what is left,
     * in order, as la_echelon would have found it. */
    la_row *mid;
    GBC_TRY(GBC_ALLOC(ctx, mid, n));
    la_job jobs[64];
    la_phase P;
    atomic_size_t next;
    atomic_init(&next, 0);
    gbc_status st = la_phase_begin(&P, ctx, M, jobs, sizeof jobs[0], nthreads);
    for (int t = 0; t < P.ninit; t++) {
        jobs[t].F = F;
        jobs[t].rows = rows;
        jobs[t].out = mid;
        jobs[t].n = n;
        jobs[t].next = &next;
    }
    if (st == GBC_OK)
        st = la_phase_run(&P, la_job_run, jobs, sizeof jobs[0]);
    if (st == GBC_OK)
        st = gbc_ctx_poll(ctx);
    if (st == GBC_OK)
        st = la_echelon(ctx, M, F, mid, n, arena, newrows, nnew);
    /* the new rows live in the main arena; the phase-1 arenas can go */
    la_phase_end(&P, jobs, sizeof jobs[0]);
    gbc_free(ctx, mid);
    return st;
}

/* ------------------------------------------------ back-reduction, threads -- */

/* A worker of the parallel back-reduction: it takes the rows in the order of ord
 * (decreasing leading column) from the shared counter, reduces each by the pivots
 * there at that moment, and publishes the result as its column's pivot. */
typedef struct br_job {
    la_worker w;
    const field *F;
    la_row *rows;
    const uint64_t *ord;
    size_t n;
    atomic_size_t *next;
    size_t *done; /* the rows it reduced (indices into rows) */
    la_row **res; /* and their results, in its arena */
    size_t ndone, dcap, rcap;
    la_dforms D;  /* the dense forms of its results */
} br_job;

static void *br_job_run(void *arg)
{
    br_job *J = arg;
    la_worker *W = &J->w;
    size_t k, k1;
    while (!la_worker_stopped(W) && gbc_take_chunk(J->next, J->n, 1, &k, &k1)) {
        uint32_t i = (uint32_t)J->ord[k];
        const la_row *r = &J->rows[i];
        if (r->len <= 1)
            continue; /* copied by the caller */
        W->st = GBC_GROW(&W->ctx, J->done, J->dcap, J->ndone + 1);
        if (W->st == GBC_OK)
            W->st = GBC_GROW(&W->ctx, J->res, J->rcap, J->ndone + 1);
        la_row *slot = NULL;
        if (W->st == GBC_OK) {
            slot = gbc_arena_alloc(&W->ctx, &W->arena, sizeof *slot);
            if (slot == NULL)
                W->st = gbc_ctx_alloc_status(&W->ctx);
        }
        if (W->st == GBC_OK)
            W->st = la_reduce_row(&W->ctx, &W->M, J->F, r, 1, &W->arena, slot);
        if (W->st != GBC_OK)
            break;
        J->done[J->ndone] = i;
        J->res[J->ndone++] = slot;
        __atomic_store_n(&W->M.pivot[slot->cols[0]], slot, __ATOMIC_RELEASE);
        W->st = la_dforms_add(&W->ctx, &W->M, &J->D, slot);
        if (W->st != GBC_OK)
            break;
    }
    la_worker_done(W);
    return NULL;
}

gbc_status la_backreduce_mt(gbc_ctx *ctx, la_matrix *M, const field *F, la_row *rows,
                            size_t n, gbc_arena *arena, int nthreads)
{
    if (nthreads <= 1 || n < 64 || M->heap != NULL)
        return la_backreduce(ctx, M, F, rows, n, arena);
    uint64_t *ord = NULL;
    gbc_status st = backreduce_order(ctx, rows, n, &ord);
    /* the rows with nothing to reduce are copied here, as la_backreduce does */
    for (size_t i = 0; i < n && st == GBC_OK; i++)
        if (rows[i].len <= 1)
            st = row_into_arena(ctx, arena, &rows[i], &rows[i]);
    if (st != GBC_OK) {
        gbc_free(ctx, ord);
        return st;
    }
    /* no lanes: the rows are reduced one at a time; the results' dense forms in
     * one table the workers share (each keeps its own forms) */
    la_matrix Mb = *M;
    Mb.lanes = NULL;
    la_dforms D;
    la_dforms_init(&D);
    st = la_dforms_open(ctx, &Mb, &D);
    if (st != GBC_OK) {
        gbc_free(ctx, ord);
        return st;
    }
    atomic_size_t next;
    atomic_init(&next, 0);
    br_job jobs[64];
    la_phase P;
    st = la_phase_begin(&P, ctx, &Mb, jobs, sizeof jobs[0], nthreads);
    for (int t = 0; t < P.ninit; t++) {
        jobs[t].F = F;
        jobs[t].rows = rows;
        jobs[t].ord = ord;
        jobs[t].n = n;
        jobs[t].next = &next;
        la_dforms_join(&jobs[t].D, &D);
    }
    if (st == GBC_OK)
        st = la_phase_run(&P, br_job_run, jobs, sizeof jobs[0]);
    /* every published result moves into rows[] and arena, and the pivot table
     * points at rows[] again (on failure, at the rows as they were) */
    for (int t = 0; t < P.ninit; t++) {
        br_job *J = &jobs[t];
        for (size_t q = 0; q < J->ndone; q++) {
            la_row *r = &rows[J->done[q]];
            const la_row *res = J->res[q];
            M->pivot[res->cols[0]] = r;
            if (st == GBC_OK)
                st = row_into_arena(ctx, arena, r, res);
        }
        gbc_free(&J->w.ctx, J->done);
        gbc_free(&J->w.ctx, J->res);
        la_dforms_end(&J->w.ctx, &J->w.M, &J->D);
    }
    la_phase_end(&P, jobs, sizeof jobs[0]);
    la_dforms_end(ctx, &Mb, &D);
    gbc_free(ctx, ord);
    return st;
}
