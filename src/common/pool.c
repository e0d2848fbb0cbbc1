/* common/pool: the computation's worker threads (see pool.h). A job is published
 * under the mutex with a new generation number and the seat it leaves out (the one
 * running the background task, if any); each thread that takes part runs its part
 * when the generation changes and counts itself out; the caller runs part 0 (and
 * the parts of seats that do not take part) and waits for the count to reach zero.
 * The background task is given to the last seat by a flag of its own.
 *
 * Jobs come close together (F4's symbolic preprocessing runs one per wave of
 * rows, a few hundred per second, with a short serial step between them), so a
 * thread whose part is done watches the generation for POOL_SPIN seconds before it
 * sleeps on the condition, and the caller watches the count of parts still running
 * as long before it sleeps: a wake-up through the futex costs tens of
 * microseconds on a virtual machine, a job a few hundred. Not with more parts
 * than processors online. gen and pending are written under the mutex and read by
 * the watching loops without it (atomics). */
#include "common/pool.h"

#include <pthread.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define POOL_PAUSE() _mm_pause()
#else
#define POOL_PAUSE() ((void)0)
#endif

/* How long a thread watches before it sleeps, in seconds. */
#define POOL_SPIN 50e-6

#define POOL_MAX 64

struct gbc_pool {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    uint64_t gen;               /* job number */
    int quit;
    void (*fn)(void *, int);
    void *arg;
    int n;                      /* parts of the current job */
    int excl;                   /* the seat the current job leaves out (0: none) */
    uint64_t pending;           /* started threads still running their part */
    /* the background task (gbc_pool_async): run by seat bg, state BG_* */
    void (*bg_fn)(void *);
    void *bg_arg;
    int bg, bg_state;
    pthread_cond_t bg_done;
    int bg_ok;
    int size;                   /* parts a job may have */
    int watch;                  /* whether threads watch before sleeping: not when
                                 * there are more parts than processors online
                                 * (a watching thread would take a working one's
                                 * processor) */
    int nthreads;               /* threads started (parts 1 .. nthreads) */
    int mu_ok, go_ok, done_ok;
    pthread_t tid[POOL_MAX];
    struct pool_seat {
        gbc_pool *P;
        int t;
    } seat[POOL_MAX];
};

enum { BG_IDLE = 0, BG_GIVEN, BG_DONE };

/* Watch *v (read atomically) for up to POOL_SPIN seconds while it equals old
 * (zero: while it is not zero); returns whether that ended. */
static int watch_u64(const uint64_t *v, uint64_t old, int zero)
{
    double t0 = 0.0;
    for (unsigned k = 1;; k++) {
        uint64_t x = __atomic_load_n(v, __ATOMIC_ACQUIRE);
        if (zero ? x == 0 : x != old)
            return 1;
        POOL_PAUSE();
        if ((k & 63) == 0) {
            double t = gbc_wall_time();
            if (t0 == 0.0)
                t0 = t;
            else if (t - t0 > POOL_SPIN)
                return 0;
        }
    }
}

static void *pool_main(void *data)
{
    struct pool_seat *s = data;
    gbc_pool *P = s->P;
    uint64_t seen = 0;
    pthread_mutex_lock(&P->mu);
    for (;;) {
        if (P->watch && !P->quit && __atomic_load_n(&P->gen, __ATOMIC_RELAXED) == seen &&
            !(P->bg == s->t && P->bg_state == BG_GIVEN)) {
            /* the next job often comes soon: watch for it before sleeping */
            pthread_mutex_unlock(&P->mu);
            watch_u64(&P->gen, seen, 0);
            pthread_mutex_lock(&P->mu);
        }
        while (!P->quit && __atomic_load_n(&P->gen, __ATOMIC_RELAXED) == seen &&
               !(P->bg == s->t && P->bg_state == BG_GIVEN))
            pthread_cond_wait(&P->go, &P->mu);
        if (P->quit)
            break;
        if (P->bg == s->t && P->bg_state == BG_GIVEN) {
            /* the background task; the jobs published meanwhile leave this seat
             * out (their excl), so they are seen and skipped below */
            void (*fn)(void *) = P->bg_fn;
            void *arg = P->bg_arg;
            pthread_mutex_unlock(&P->mu);
            fn(arg);
            pthread_mutex_lock(&P->mu);
            P->bg_state = BG_DONE;
            pthread_cond_broadcast(&P->bg_done);
            continue;
        }
        seen = __atomic_load_n(&P->gen, __ATOMIC_RELAXED);
        if (s->t >= P->n || s->t == P->excl)
            continue; /* not part of this job, and not counted in its pending */
        void (*fn)(void *, int) = P->fn;
        void *arg = P->arg;
        pthread_mutex_unlock(&P->mu);
        fn(arg, s->t);
        pthread_mutex_lock(&P->mu);
        if (__atomic_sub_fetch(&P->pending, 1, __ATOMIC_RELEASE) == 0)
            pthread_cond_signal(&P->done);
    }
    pthread_mutex_unlock(&P->mu);
    return NULL;
}

gbc_pool *gbc_pool_new(gbc_ctx *ctx, int nthreads)
{
    gbc_pool *P = gbc_calloc(ctx, 1, sizeof *P);
    if (P == NULL)
        return NULL;
    P->size = nthreads < 1 ? 1 : nthreads > POOL_MAX ? POOL_MAX : nthreads;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    P->watch = online > 0 && P->size <= online;
    P->mu_ok = pthread_mutex_init(&P->mu, NULL) == 0;
    P->go_ok = pthread_cond_init(&P->go, NULL) == 0;
    P->done_ok = pthread_cond_init(&P->done, NULL) == 0;
    P->bg_ok = pthread_cond_init(&P->bg_done, NULL) == 0;
    if (!P->mu_ok || !P->go_ok || !P->done_ok || !P->bg_ok) {
        gbc_pool_free(ctx, P);
        return NULL;
    }
    for (int t = 1; t < P->size; t++) {
        P->seat[t].P = P;
        P->seat[t].t = t;
        if (pthread_create(&P->tid[t], NULL, pool_main, &P->seat[t]) != 0)
            break;
        P->nthreads = t;
    }
    return P;
}

void gbc_pool_free(gbc_ctx *ctx, gbc_pool *P)
{
    if (P == NULL)
        return;
    gbc_pool_async_wait(P);
    if (P->nthreads > 0) {
        pthread_mutex_lock(&P->mu);
        P->quit = 1;
        pthread_cond_broadcast(&P->go);
        pthread_mutex_unlock(&P->mu);
        for (int t = 1; t <= P->nthreads; t++)
            pthread_join(P->tid[t], NULL);
    }
    if (P->bg_ok)
        pthread_cond_destroy(&P->bg_done);
    if (P->done_ok)
        pthread_cond_destroy(&P->done);
    if (P->go_ok)
        pthread_cond_destroy(&P->go);
    if (P->mu_ok)
        pthread_mutex_destroy(&P->mu);
    gbc_free(ctx, P);
}

int gbc_pool_size(const gbc_pool *P)
{
    return P->size;
}

void gbc_pool_run(gbc_pool *P, void (*fn)(void *arg, int t), void *arg, int n)
{
    if (n > P->size)
        n = P->size;
    int threaded = n - 1 < P->nthreads ? n - 1 : P->nthreads;
    int excl = 0;
    if (threaded > 0) {
        pthread_mutex_lock(&P->mu);
        /* the seat of a background task still running does not take part */
        excl = P->bg_state == BG_GIVEN && P->bg <= threaded ? P->bg : 0;
        if (threaded - (excl != 0) > 0) {
            P->fn = fn;
            P->arg = arg;
            P->n = n;
            P->excl = excl;
            __atomic_store_n(&P->pending, (uint64_t)(threaded - (excl != 0)), __ATOMIC_RELAXED);
            __atomic_add_fetch(&P->gen, 1, __ATOMIC_RELEASE);
            pthread_cond_broadcast(&P->go);
        } else {
            threaded = 0; /* one thread, and it is busy: every part runs here */
        }
        pthread_mutex_unlock(&P->mu);
        if (threaded == 0)
            excl = 0;
    }
    fn(arg, 0);
    /* the parts of threads that could not be started (or are busy) run here */
    if (excl != 0)
        fn(arg, excl);
    for (int t = threaded + 1; t < n; t++)
        fn(arg, t);
    if (threaded > 0) {
        /* the other parts often end soon after this one: watch before sleeping */
        if (P->watch)
            watch_u64(&P->pending, 0, 1);
        pthread_mutex_lock(&P->mu);
        while (__atomic_load_n(&P->pending, __ATOMIC_ACQUIRE) > 0)
            pthread_cond_wait(&P->done, &P->mu);
        pthread_mutex_unlock(&P->mu);
    }
}

int gbc_ctx_pool_enter(gbc_ctx *ctx)
{
    if (ctx == NULL || ctx->threads <= 1 || ctx->pool != NULL)
        return 0;
    /* not charged to ctx (a few kilobytes): a pool that cannot be made is not
     * an error, and a failure injected into ctx must reach the computation */
    ctx->pool = gbc_pool_new(NULL, ctx->threads);
    return ctx->pool != NULL;
}

void gbc_ctx_pool_leave(gbc_ctx *ctx, int made)
{
    if (!made)
        return;
    gbc_pool_free(NULL, ctx->pool);
    ctx->pool = NULL;
}

int gbc_pool_async(gbc_pool *P, void (*fn)(void *arg), void *arg)
{
    if (P == NULL || P->nthreads < 1)
        return 0;
    pthread_mutex_lock(&P->mu);
    int given = P->bg_state == BG_IDLE;
    if (given) {
        P->bg = P->nthreads;
        P->bg_fn = fn;
        P->bg_arg = arg;
        P->bg_state = BG_GIVEN;
        pthread_cond_broadcast(&P->go);
    }
    pthread_mutex_unlock(&P->mu);
    return given;
}

void gbc_pool_async_wait(gbc_pool *P)
{
    if (P == NULL || P->nthreads < 1)
        return; /* (then nothing was ever given) */
    pthread_mutex_lock(&P->mu);
    while (P->bg_state == BG_GIVEN)
        pthread_cond_wait(&P->bg_done, &P->mu);
    P->bg_state = BG_IDLE;
    P->bg = 0;
    pthread_mutex_unlock(&P->mu);
}
