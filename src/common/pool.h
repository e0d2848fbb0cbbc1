/* common/pool: one pool of worker threads per computation. The threads are
 * started once (when the computation first runs something in parallel) and wait
 * between jobs, instead of being created and joined for every matrix or every
 * batch of primes. A job is a function run as fn(arg, t) for t = 0 .. n-1 at once,
 * t = 0 in the calling thread; gbc_pool_run returns when all have returned. Jobs
 * of one pool do not nest (a job's function must not run another job on it). */
#ifndef GBC_POOL_H
#define GBC_POOL_H

#include "common/common.h"

typedef struct gbc_pool gbc_pool;

/* A pool for jobs of up to nthreads parts (nthreads - 1 threads besides the
 * caller's). Threads that cannot be started are not an error: their parts then
 * run in the calling thread, one after another. NULL on allocation failure. */
gbc_pool *gbc_pool_new(gbc_ctx *ctx, int nthreads);
/* Stop and join the threads, free the pool (NULL: nothing). */
void gbc_pool_free(gbc_ctx *ctx, gbc_pool *P);
/* The parts a job may have. */
int gbc_pool_size(const gbc_pool *P);
/* Run fn(arg, t) for t in [0, n), n <= gbc_pool_size(P), in parallel; return when
 * every part has returned. */
void gbc_pool_run(gbc_pool *P, void (*fn)(void *arg, int t), void *arg, int n);

/* The parts of a job that share out [0, n) as they go: the next chunk of at most
 * grab items, [*a, *b), taken from the shared counter next (1), or 0 when none is
 * left. A part that starts late takes fewer. */
static inline int gbc_take_chunk(atomic_size_t *next, size_t n, size_t grab, size_t *a,
                                 size_t *b)
{
    *a = atomic_fetch_add(next, grab);
    if (*a >= n)
        return 0;
    *b = n - *a < grab ? n : *a + grab;
    return 1;
}

/* Run fn(arg) in the background on one of the pool's threads and return at once
 * (1), or return 0 without running it when the pool has no thread to spare (no
 * thread started, or a background task given and not waited for): the caller
 * then runs it itself. While it runs, jobs of gbc_pool_run run that thread's
 * part in the calling thread (correct for any job, only slower). Then
 * gbc_pool_async_wait (from the same thread as gbc_pool_async) returns once it has
 * returned. fn must not run jobs on the pool. */
int gbc_pool_async(gbc_pool *P, void (*fn)(void *arg), void *arg);
void gbc_pool_async_wait(gbc_pool *P);
/* The pool of a computation lives in its context. gbc_ctx_pool_enter makes one
 * with ctx->threads parts when ctx->threads > 1 and ctx has none, and returns
 * whether it did; the same caller then ends with gbc_ctx_pool_leave(ctx, that),
 * which frees the pool it made. So the outermost driver of a computation (the
 * multi-modular loop, or one F4 run) owns the pool and everything inside it runs
 * on the same threads. ctx->pool stays NULL (work runs in the caller) when the
 * pool cannot be made. */
int gbc_ctx_pool_enter(gbc_ctx *ctx);
void gbc_ctx_pool_leave(gbc_ctx *ctx, int made);

#endif
