/* la/exact: the dense-row reduction shared by every kernel, and the exact
 * sparse-dense kernel (one thread, or the known pivots applied in parallel first). */
#include "la/la.h"

#include <stdlib.h>

/* dr[c] += mult * cf for every entry after the leading one of row P; entries stay
 * below p^2 (p^2 < 2^62, so the sum before the correction is below 2^63). */
static inline void axpy_row(uint64_t *restrict dr, const la_row *P, uint64_t mult, uint64_t p2)
{
    const uint32_t *restrict cols = P->cols;
    const uint32_t *restrict cf = P->cf;
    const uint32_t len = P->len;
    uint32_t k = 1;
    /* unrolled: the four updates are independent (a row's columns are distinct) and
     * their loads overlap */
    for (; k + 4 <= len; k += 4) {
        uint32_t c0 = cols[k], c1 = cols[k + 1], c2 = cols[k + 2], c3 = cols[k + 3];
        uint64_t x0 = dr[c0] + mult * cf[k];
        uint64_t x1 = dr[c1] + mult * cf[k + 1];
        uint64_t x2 = dr[c2] + mult * cf[k + 2];
        uint64_t x3 = dr[c3] + mult * cf[k + 3];
        dr[c0] = x0 >= p2 ? x0 - p2 : x0;
        dr[c1] = x1 >= p2 ? x1 - p2 : x1;
        dr[c2] = x2 >= p2 ? x2 - p2 : x2;
        dr[c3] = x3 >= p2 ? x3 - p2 : x3;
    }
    for (; k < len; k++) {
        uint64_t x = dr[cols[k]] + mult * cf[k];
        dr[cols[k]] = x >= p2 ? x - p2 : x;
    }
}

/* For p < 2^16 every product is below 2^32, and a row never receives 2^32 of them
 * (there are fewer columns), so the accumulator needs no correction at all. */
static inline void axpy_row_small(uint64_t *restrict dr, const la_row *P, uint64_t mult)
{
    const uint32_t *restrict cols = P->cols;
    const uint32_t *restrict cf = P->cf;
    const uint32_t len = P->len;
    uint32_t k = 1;
    for (; k + 4 <= len; k += 4) {
        dr[cols[k]] += mult * cf[k];
        dr[cols[k + 1]] += mult * cf[k + 1];
        dr[cols[k + 2]] += mult * cf[k + 2];
        dr[cols[k + 3]] += mult * cf[k + 3];
    }
    for (; k < len; k++)
        dr[cols[k]] += mult * cf[k];
}

/* The row in M->dense from column start on, reduced by the pivots; the result's
 * first n0 entries are already in M->tcols / M->tcf (a kept lead). Made monic
 * unless keep_scale. */
static gbc_status reduce_core(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t start,
                              uint32_t n0, gbc_arena *arena, la_row *out, int keep_scale)
{
    uint64_t *dr = M->dense;
    const uint64_t p = F->p, p2 = F->p2;
    const int small = p < (1u << 16);
    uint32_t *ocols = M->tcols, *ocf = M->tcf;
    uint32_t n = n0;
    const uint32_t ncols = M->ncols;
    for (uint32_t j = start; j < ncols; j++) {
        if (dr[j] == 0)
            continue;
        uint64_t c = dr[j] % p;
        dr[j] = 0;
        if (c == 0)
            continue;
        /* acquire: the probabilistic kernel publishes pivots from several threads */
        const la_row *P = __atomic_load_n(&M->pivot[j], __ATOMIC_ACQUIRE);
        if (P != NULL) {
            if (small)
                axpy_row_small(dr, P, p - c);
            else
                axpy_row(dr, P, p - c, p2);
        } else {
            ocols[n] = j;
            ocf[n++] = (uint32_t)c;
        }
    }
    /* make monic (the kept lead of a tail reduction is already 1) */
    if (n > 0 && ocf[0] != 1 && !keep_scale) {
        uint32_t inv = zp_inv(F, ocf[0]);
        for (uint32_t k = 0; k < n; k++)
            ocf[k] = zp_mul(F, ocf[k], inv);
    }
    out->len = n;
    out->cols = NULL;
    out->cf = NULL;
    if (n == 0)
        return GBC_OK;
    uint32_t *c = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * n);
    uint32_t *f = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * n);
    if (c == NULL || f == NULL)
        return gbc_ctx_alloc_status(ctx);
    memcpy(c, ocols, sizeof(uint32_t) * n);
    memcpy(f, ocf, sizeof(uint32_t) * n);
    out->cols = c;
    out->cf = f;
    return GBC_OK;
}

gbc_status la_reduce_dense(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t start,
                           gbc_arena *arena, la_row *out)
{
    return reduce_core(ctx, M, F, start, 0, arena, out, 0);
}

/* la_reduce_row, the result made monic unless keep_scale. */
static gbc_status reduce_row(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                             int skip_lead, gbc_arena *arena, la_row *out, int keep_scale)
{
    out->src = r->src;
    out->tag = r->tag;
    if (r->len == 0) {
        out->len = 0;
        out->cols = NULL;
        out->cf = NULL;
        return GBC_OK;
    }
    uint64_t *dr = M->dense;
    uint32_t start = UINT32_MAX;
    for (uint32_t k = skip_lead ? 1 : 0; k < r->len; k++) {
        uint32_t c = r->cols[k];
        dr[c] = r->cf[k];
        if (c < start)
            start = c;
    }
    uint32_t n0 = 0;
    if (skip_lead) {
        M->tcols[0] = r->cols[0];
        M->tcf[0] = r->cf[0];
        n0 = 1;
    }
    return reduce_core(ctx, M, F, start == UINT32_MAX ? M->ncols : start, n0, arena, out,
                       keep_scale);
}

gbc_status la_reduce_row(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                         int skip_lead, gbc_arena *arena, la_row *out)
{
    return reduce_row(ctx, M, F, r, skip_lead, arena, out, 0);
}

gbc_status la_remainder(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                        gbc_arena *arena, la_row *out)
{
    return reduce_row(ctx, M, F, r, 0, arena, out, 1);
}

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
    *nnew = 0;
    for (size_t i = 0; i < n;) {
        GBC_TRY(gbc_ctx_check(ctx)); /* a row costs microseconds: see the clock each time */
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
            gbc_status st = lanes ? la_lanes_finish(ctx, M, F, (int)(j - i), arena, &res)
                                  : la_reduce_row(ctx, M, F, &rows[j], 0, arena, &res);
            if (st != GBC_OK) {
                la_lanes_clear(M);
                return st;
            }
            if (res.len == 0)
                continue;
            res.src = rows[j].src;
            res.tag = (uint32_t)j;
            newrows[*nnew] = res;
            M->pivot[res.cols[0]] = &newrows[*nnew];
            (*nnew)++;
        }
        i = b;
    }
    return GBC_OK;
}

int la_u64_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

gbc_status la_backreduce(gbc_ctx *ctx, la_matrix *M, const field *F, la_row *rows, size_t n,
                         gbc_arena *arena)
{
    /* process by decreasing leading column (the leading columns are distinct) */
    uint64_t *ord;
    GBC_TRY(GBC_ALLOC(ctx, ord, n ? n : 1));
    for (size_t i = 0; i < n; i++)
        ord[i] = (uint64_t)(UINT32_MAX - rows[i].cols[0]) << 32 | i;
    qsort(ord, n, sizeof *ord, la_u64_cmp);
    gbc_status st = GBC_OK;
    for (size_t k = 0; k < n; k++) {
        la_row *r = &rows[(uint32_t)ord[k]];
        if (r->len <= 1)
            continue;
        st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            break;
        la_row res;
        st = la_reduce_row(ctx, M, F, r, 1, arena, &res);
        if (st != GBC_OK)
            break;
        *r = res; /* the pivot table points at rows[], which now holds the result */
    }
    gbc_free(ctx, ord);
    return st;
}

/* ------------------------------------------------------------ threads -- */


typedef struct la_job {
    la_worker w;
    const field *F;
    const la_row *rows;
    la_row *out;
    size_t first, step, n;
} la_job;

static void *la_job_run(void *arg)
{
    la_job *J = arg;
    la_worker *W = &J->w;
    W->st = GBC_OK;
    /* groups of LA_LANES rows, dealt out round robin */
    for (size_t i = J->first * LA_LANES; i < J->n && W->st == GBC_OK;
         i += J->step * LA_LANES) {
        if (la_worker_stopped(W))
            break;
        size_t b = i + LA_LANES < J->n ? i + LA_LANES : J->n;
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
    if (nthreads <= 1 || n < 64)
        return la_echelon(ctx, M, F, rows, n, arena, newrows, nnew);
    /* Phase 1, in parallel: every row reduced by the known pivots only (the pivot
     * table is read-only meanwhile). Phase 2: the echelon form of what is left,
     * in order, as la_echelon would have found it. */
    la_row *mid;
    GBC_TRY(GBC_ALLOC(ctx, mid, n));
    la_job jobs[64];
    la_phase P;
    gbc_status st = la_phase_begin(&P, ctx, M, jobs, sizeof jobs[0], nthreads);
    for (int t = 0; t < P.ninit; t++) {
        jobs[t].F = F;
        jobs[t].rows = rows;
        jobs[t].out = mid;
        jobs[t].first = (size_t)t;
        jobs[t].step = (size_t)P.n;
        jobs[t].n = n;
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
