/* la/workers: the worker threads of a kernel's parallel phase, shared by the exact
 * and the probabilistic kernel: per-worker contexts charging one budget, dense
 * scratch and arenas, the start and the join, and which status to report. */
#include "la/la.h"

#include <pthread.h>

#include "common/pool.h"

static la_worker *worker(void *jobs, size_t size, int t)
{
    return (la_worker *)((char *)jobs + (size_t)t * size);
}

/* Under a memory limit, no more workers than a quarter of the room left pays for
 * (each its scratch and its arena's first 64 KB block): the threads must not stop
 * a computation that one thread completes, and the rest of the room is for the
 * calling thread, whose work does not shrink with the threads. The kernels' results
 * do not depend on the number of workers. */
static int workers_within_limit(const gbc_ctx *ctx, const la_matrix *M, int n)
{
    size_t limit = ctx->budget != NULL ? ctx->budget->limit : ctx->mem_limit;
    if (limit == 0 || n <= 1)
        return n;
    size_t used = ctx->budget != NULL ? atomic_load(&ctx->budget->used) : ctx->mem_used;
    size_t room = limit > used ? limit - used : 0;
    size_t cols = (size_t)M->ncols + 1;
    size_t w = gbc_heap_bytes(cols * sizeof(uint64_t)) +
               2 * gbc_heap_bytes(cols * sizeof(uint32_t)) + ((size_t)64 << 10);
    if (M->lanes != NULL)
        w += gbc_heap_bytes(cols * LA_LANES * sizeof(uint64_t));
    size_t fit = room / 4 / w;
    return fit + 1 < (size_t)n ? (int)fit + 1 : n;
}

static void wscratch_free(gbc_ctx *ctx, la_wscratch *w)
{
    gbc_free(ctx, w->dense);
    gbc_free(ctx, w->tcols);
    gbc_free(ctx, w->tcf);
    gbc_free(ctx, w->lanes);
    memset(w, 0, sizeof *w);
}

/* Room in w (charged to ctx) for a matrix of M's columns, with lanes if M has them. */
static gbc_status wscratch_fit(gbc_ctx *ctx, la_wscratch *w, const la_matrix *M)
{
    const size_t cols = (size_t)M->ncols + 1;
    if (w->cols < cols) {
        gbc_free(ctx, w->dense);
        gbc_free(ctx, w->tcols);
        gbc_free(ctx, w->tcf);
        w->tcols = w->tcf = NULL;
        w->cols = 0;
        w->dense = gbc_calloc_written(ctx, cols, sizeof(uint64_t));
        if (w->dense == NULL)
            return gbc_ctx_alloc_status(ctx);
        GBC_TRY(GBC_ALLOC(ctx, w->tcols, cols));
        GBC_TRY(GBC_ALLOC(ctx, w->tcf, cols));
        w->cols = cols;
    }
    if (M->lanes != NULL && w->lanecols < M->ncols) {
        gbc_free(ctx, w->lanes);
        w->lanecols = 0;
        w->lanes = gbc_calloc_written(ctx, (size_t)M->ncols * LA_LANES, sizeof(uint64_t));
        if (w->lanes == NULL)
            return gbc_ctx_alloc_status(ctx);
        w->lanecols = M->ncols;
    }
    return GBC_OK;
}

gbc_status la_phase_begin(la_phase *P, gbc_ctx *ctx, const la_matrix *M, void *jobs,
                          size_t size, int n)
{
    P->ctx = ctx;
    n = workers_within_limit(ctx, M, n);
    P->n = n > LA_MAX_WORKERS ? LA_MAX_WORKERS : n;
    P->ninit = 0;
    P->extra = 0;
    /* the scratch is kept between phases only without a memory limit: under one, a
     * phase's workers hold nothing once it ends (workers_within_limit) */
    P->ws = ctx->mem_limit == 0 && ctx->budget == NULL ? M->ws : NULL;
    gbc_status st = GBC_OK;
    for (int t = 1; t < P->n && P->ws != NULL && st == GBC_OK; t++)
        st = wscratch_fit(ctx, &P->ws[t - 1], M);
    P->base = ctx->mem_used;
    atomic_init(&P->stop, 0);
    gbc_budget_begin(&P->budget, ctx);
    for (int t = 0; t < P->n; t++) {
        la_worker *W = worker(jobs, size, t);
        memset(W, 0, size);
        P->ninit = t + 1;
        gbc_ctx_init_worker(&W->ctx, &P->budget);
        W->parent = t == 0 ? ctx : NULL;
        W->stop = &P->stop;
        W->M = *M;
        gbc_arena_init(&W->arena, 1 << 20);
        if (t == 0)
            continue; /* worker 0 runs in the calling thread, on its scratch */
        if (st != GBC_OK)
            return st;
        if (P->ws != NULL) {
            const la_wscratch *w = &P->ws[t - 1];
            W->M.dense = w->dense;
            W->M.tcols = w->tcols;
            W->M.tcf = w->tcf;
            W->M.lanes = M->lanes != NULL ? w->lanes : NULL;
            continue;
        }
        W->M.lanes = NULL;
        W->M.dense = gbc_calloc(&W->ctx, M->ncols + 1, sizeof(uint64_t));
        W->M.tcols = gbc_malloc(&W->ctx, sizeof(uint32_t) * ((size_t)M->ncols + 1));
        W->M.tcf = gbc_malloc(&W->ctx, sizeof(uint32_t) * ((size_t)M->ncols + 1));
        if (W->M.dense == NULL || W->M.tcols == NULL || W->M.tcf == NULL)
            return gbc_ctx_alloc_status(&W->ctx);
        if (M->lanes != NULL) {
            W->M.lanes = gbc_calloc(&W->ctx, (size_t)M->ncols * LA_LANES, sizeof(uint64_t));
            if (W->M.lanes == NULL)
                return gbc_ctx_alloc_status(&W->ctx);
        }
    }
    return st;
}

/* A job of the computation's pool: part t runs the worker function on worker t. */
typedef struct phase_job {
    void *(*fn)(void *);
    void *jobs;
    size_t size;
} phase_job;

static void phase_part(void *arg, int t)
{
    const phase_job *J = arg;
    J->fn(worker(J->jobs, J->size, t));
}

gbc_status la_phase_run(la_phase *P, void *(*fn)(void *), void *jobs, size_t size)
{
    /* a phase run again: its workers' memory is counted afresh below */
    P->ctx->mem_used -= P->extra;
    P->extra = 0;
    gbc_pool *pool = P->ctx->pool;
    if (pool != NULL && gbc_pool_size(pool) >= P->n) {
        /* the computation's threads */
        phase_job J = {fn, jobs, size};
        gbc_pool_run(pool, phase_part, &J, P->n);
    } else {
        pthread_t tid[64];
        int started[64] = {0};
        for (int t = 1; t < P->n; t++)
            started[t] = pthread_create(&tid[t], NULL, fn, worker(jobs, size, t)) == 0;
        fn(worker(jobs, size, 0));
        /* the work of workers that did not start is done here */
        for (int t = 1; t < P->n; t++)
            if (!started[t])
                fn(worker(jobs, size, t));
        for (int t = 1; t < P->n; t++)
            if (started[t])
                pthread_join(tid[t], NULL);
    }
    gbc_status st = GBC_OK;
    for (int t = 0; t < P->n; t++)
        st = gbc_status_join(st, worker(jobs, size, t)->st);
    /* until la_phase_end, the caller allocates while the workers' results live:
     * ctx carries their memory meanwhile, so that its limit and peak see it */
    P->extra = atomic_load(&P->budget.used) - P->base;
    P->ctx->mem_used += P->extra;
    if (P->ctx->mem_used > P->ctx->mem_peak)
        P->ctx->mem_peak = P->ctx->mem_used;
    return st;
}

void la_phase_end(la_phase *P, void *jobs, size_t size)
{
    /* a phase that failed may leave its workers' scratch dirty: kept scratch goes */
    int failed = atomic_load(&P->stop) != 0;
    for (int t = 0; t < P->ninit; t++) {
        la_worker *W = worker(jobs, size, t);
        failed |= W->st != GBC_OK;
        if (t > 0 && P->ws == NULL) {
            gbc_free(&W->ctx, W->M.dense);
            gbc_free(&W->ctx, W->M.tcols);
            gbc_free(&W->ctx, W->M.tcf);
            gbc_free(&W->ctx, W->M.lanes);
        }
        gbc_arena_clear(&W->ctx, &W->arena);
    }
    P->ctx->mem_used -= P->extra;
    gbc_budget_end(&P->budget, P->ctx);
    for (int t = 1; failed && P->ws != NULL && t < LA_MAX_WORKERS; t++)
        wscratch_free(P->ctx, &P->ws[t - 1]);
}

void la_env_clear(la_env *E)
{
    for (int t = 1; t < LA_MAX_WORKERS; t++)
        wscratch_free(E->ctx, &E->ws[t - 1]);
}

int la_worker_stopped(la_worker *W)
{
    if (atomic_load(W->stop))
        return 1; /* another worker failed: its status is the one reported */
    if (W->st != GBC_OK)
        return 1;
    if (W->parent != NULL) {
        gbc_status s = gbc_ctx_check(W->parent);
        if (s != GBC_OK) {
            W->st = s;
            return 1;
        }
    }
    return 0;
}

void la_worker_done(la_worker *W)
{
    if (W->st != GBC_OK)
        atomic_store(W->stop, 1);
}
