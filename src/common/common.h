/* common: status codes, the computation context with checked allocation (memory
 * limit, fault injection, interrupt polling), assertions and small helpers.
 * Every other module includes this header; it depends only on the public gbc.h. */
#ifndef GBC_COMMON_H
#define GBC_COMMON_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gbc.h"
#include "common/plan.h"

#if defined(__GNUC__)
#define GBC_LIKELY(x) __builtin_expect(!!(x), 1)
#define GBC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define GBC_UNUSED __attribute__((unused))
#define GBC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define GBC_WARN_UNUSED __attribute__((warn_unused_result))
#else
#define GBC_LIKELY(x) (x)
#define GBC_UNLIKELY(x) (x)
#define GBC_UNUSED
#define GBC_PRINTF(a, b)
#define GBC_WARN_UNUSED
#endif

/* GBC_ASSERT: cheap checks, GBC_SLOW_ASSERT: expensive ones (enabled with
 * GBC_SLOW_CHECKS). Both vanish in release builds (NDEBUG) and never become
 * compiler assumptions. A failing assertion reports through gbc_assert_fail,
 * which prints and traps: assertions guard internal invariants only, never input. */
void gbc_assert_fail(const char *expr, const char *file, int line);
#ifndef NDEBUG
#define GBC_ASSERT(e) ((e) ? (void)0 : gbc_assert_fail(#e, __FILE__, __LINE__))
#else
#define GBC_ASSERT(e) ((void)0)
#endif
#if !defined(NDEBUG) && defined(GBC_SLOW_CHECKS)
#define GBC_SLOW_ASSERT(e) GBC_ASSERT(e)
#else
#define GBC_SLOW_ASSERT(e) ((void)0)
#endif

/* Propagate a failing status to the caller. */
#define GBC_TRY(expr)                                                          \
    do {                                                                       \
        gbc_status gbc_try_st_ = (expr);                                       \
        if (GBC_UNLIKELY(gbc_try_st_ != GBC_OK))                               \
            return gbc_try_st_;                                                \
    } while (0)

/* Set st and jump to a cleanup label on failure. */
#define GBC_CHECK(st, expr, label)                                             \
    do {                                                                       \
        (st) = (expr);                                                         \
        if (GBC_UNLIKELY((st) != GBC_OK))                                      \
            goto label;                                                        \
    } while (0)

/* One memory budget shared by the worker contexts of a parallel phase: what they
 * allocate is charged here (atomically), on top of base, the parent's usage when
 * the phase began, against the parent's limit; peak is the high-water mark of the
 * whole computation during the phase. fail_at counts the workers' allocation
 * requests together (fault injection covers the threaded phase). */
typedef struct gbc_budget {
    atomic_size_t used;   /* base + every worker's current usage */
    atomic_size_t peak;
    size_t limit;         /* 0: none */
    size_t ceiling;       /* with no limit: the parent's ceiling (NOMEM beyond it) */
    atomic_uint_fast64_t nalloc;
    uint64_t fail_at;
} gbc_budget;

/* The state every computation carries: allocation accounting, limits, interrupt
 * polling and logging. One context per computation; never shared between threads
 * while a computation runs (the cancel flag is the one exception: it is atomic). */
typedef struct gbc_ctx {
    size_t mem_used;   /* bytes currently allocated through this context */
    size_t mem_peak;   /* high-water mark of mem_used */
    size_t mem_limit;  /* 0: no limit; else allocations beyond it fail with LIMIT */
    size_t mem_ceiling; /* with no limit: allocations beyond it fail with NOMEM
                         * (gbc_memory_ceiling(); 0: none) */
    uint64_t nalloc;   /* number of allocation requests so far */
    uint64_t fail_at;  /* fault injection: request number fail_at fails (0: never) */
    int (*interrupt)(void *data); /* polled; non-zero means stop */
    void *interrupt_data;
    double deadline;              /* wall-clock seconds to stop at (0: none) */
    const atomic_int *cancel;     /* optional flag set from another thread */
    void (*log)(void *data, int level, const char *msg);
    void *log_data;
    int verbosity;                /* 0 quiet, 1 progress, 2 detail */
    void (*progress)(void *data, const char *stage, double fraction, uint64_t count);
    void *progress_data;
    const char *progress_stage;   /* stage of the last report */
    double progress_last;         /* seconds, time of the last report */
    int threads;                  /* worker threads a computation may use (<= 1: one) */
    /* the computation's choices (common/plan.h), read-only: a pointer rather than
     * arguments so that la/ and f4/, which read a few of them once per computation,
     * need no plan parameter on every entry; never NULL (gbc_ctx_init points it at
     * gbc_plan_default) */
    const gbc_plan *plan;
    uint32_t poll_tick;
    double poll_last;             /* seconds, for time-based polling */
    gbc_status alloc_fail;        /* status of the last failed allocation */
    gbc_budget *budget;           /* a worker's: the shared budget (NULL: this
                                   * context's own counters and limit) */
    struct gbc_pool *pool;        /* the computation's threads (common/pool.h), or
                                   * NULL */
} gbc_ctx;

/* Start a parallel phase of parent: B takes parent's usage, limit and fault
 * injection; worker contexts made by gbc_ctx_init_worker charge B. */
void gbc_budget_begin(gbc_budget *B, const gbc_ctx *parent);
/* End it: parent's peak takes B's, and parent's allocation count and a failure
 * injected in a worker carry over. */
void gbc_budget_end(const gbc_budget *B, gbc_ctx *parent);
/* What the workers of B still hold, or gave back, since the parent's usage was
 * base (its mem_used when the budget began) moved to the parent's count: blocks
 * the workers allocated and keep are the parent's from now on, and blocks of the
 * parent's that they freed leave its count (a job may free more than it
 * allocates: the lift frees the kept coefficients of the polynomials it packs). */
void gbc_budget_settle(const gbc_budget *B, size_t base, gbc_ctx *parent);
/* A worker context charging B, with no callbacks (it polls nothing), one thread
 * and the default plan (a worker running engine code takes its parent's:
 * wctx.plan = parent->plan). */
void gbc_ctx_init_worker(gbc_ctx *ctx, gbc_budget *B);
/* The status of parts that ran together, folded one part at a time
 * (acc = gbc_status_join(acc, part)): the first failure is the one reported (the
 * others only stopped), and a failure wins over an interrupt that came at the same
 * time. */
static inline gbc_status gbc_status_join(gbc_status acc, gbc_status s)
{
    return s != GBC_OK && (acc == GBC_OK || (acc == GBC_ERR_INTERRUPTED && s != acc)) ? s : acc;
}

/* A context with no limit and no callbacks, under the default plan; its ceiling is
 * gbc_memory_ceiling(). */
void gbc_ctx_init(gbc_ctx *ctx);

/* Point ctx at plan P (which must outlive its use) and return the plan it had, for
 * the caller to put back when the part run under P ends. */
static inline const gbc_plan *gbc_ctx_set_plan(gbc_ctx *ctx, const gbc_plan *P)
{
    const gbc_plan *old = ctx->plan;
    ctx->plan = P;
    return old;
}

/* The ceiling of a computation without a memory limit: 3/4 of the least of the
 * machine's physical memory, RLIMIT_AS and RLIMIT_DATA as they are when first asked
 * (computed once per process; 0 when none is known). It keeps the library's own
 * usage, GMP's counted by size estimates, below what malloc can deliver, so that GMP
 * never finds its allocator empty (GMP aborts then). */
size_t gbc_memory_ceiling(void);

/* Charge bytes that the library did not allocate through the context (the limbs of
 * GMP integers, by estimate) to its usage, or fail with the status
 * gbc_ctx_alloc_status gives (LIMIT or NOMEM), charging nothing. Call it before the
 * GMP operation whose result it sizes; gbc_ctx_uncharge gives the bytes back. ctx
 * may be NULL (nothing is counted). */
gbc_status gbc_ctx_charge(gbc_ctx *ctx, size_t bytes);
void gbc_ctx_uncharge(gbc_ctx *ctx, size_t bytes);
/* Whether bytes more could be charged now (a check that charges nothing), and the
 * status to report when not: LIMIT under a memory limit, NOMEM under the ceiling. */
int gbc_ctx_room(const gbc_ctx *ctx, size_t bytes);
gbc_status gbc_ctx_room_status(const gbc_ctx *ctx);

/* Checked allocation. Every block carries a small header recording its size, so
 * gbc_free needs no size. Failures return NULL and leave the context usable; the
 * caller turns NULL into the status gbc_ctx_alloc_status(ctx) gives (NOMEM or
 * LIMIT). Sizes are checked for overflow. ctx may be NULL: the block is then not
 * accounted (used for long-lived handles that outlive any computation); a block may
 * be freed through any context or NULL. */
void *gbc_malloc(gbc_ctx *ctx, size_t size);
void *gbc_calloc(gbc_ctx *ctx, size_t n, size_t size);
/* gbc_calloc with the zeros written at once: for scratch that a thread reads before
 * it writes (a calloc'd page read first maps the shared zero page, and the first
 * write then copies it and, with several threads, interrupts the other processors
 * to flush their TLBs). */
void *gbc_calloc_written(gbc_ctx *ctx, size_t n, size_t size);
void *gbc_realloc(gbc_ctx *ctx, void *p, size_t size);
void gbc_free(gbc_ctx *ctx, void *p);
/* Status describing the most recent allocation failure. */
gbc_status gbc_ctx_alloc_status(const gbc_ctx *ctx);

/* Typed helpers: allocate n elements of type T into *out; return a status. */
gbc_status gbc_alloc_array(gbc_ctx *ctx, void **out, size_t n, size_t elsize);
gbc_status gbc_zalloc_array(gbc_ctx *ctx, void **out, size_t n, size_t elsize);
/* Grow *p (holding *cap elements) to hold at least need elements, geometrically. */
gbc_status gbc_grow_array(gbc_ctx *ctx, void **p, size_t *cap, size_t need,
                          size_t elsize);
#define GBC_ALLOC(ctx, ptr, n) gbc_alloc_array((ctx), (void **)&(ptr), (n), sizeof(*(ptr)))
#define GBC_ZALLOC(ctx, ptr, n) gbc_zalloc_array((ctx), (void **)&(ptr), (n), sizeof(*(ptr)))
#define GBC_GROW(ctx, ptr, cap, need)                                          \
    gbc_grow_array((ctx), (void **)&(ptr), &(cap), (need), sizeof(*(ptr)))
/* Resize *p to exactly n elements (n > 0; the caller keeps the capacity, e.g. one
 * for several parallel arrays). On failure *p is unchanged. */
gbc_status gbc_resize_array(gbc_ctx *ctx, void **p, size_t n, size_t elsize);
#define GBC_RESIZE(ctx, ptr, n) gbc_resize_array((ctx), (void **)&(ptr), (n), sizeof(*(ptr)))

/* A bump allocator for many short-lived blocks (F4 matrix rows): memory comes in
 * chunks from the context (growing from 64 KB to chunk_size), blocks are never
 * freed one by one, gbc_arena_reset makes all of it reusable and gbc_arena_clear
 * returns it. */
typedef struct gbc_arena {
    char **chunks;
    size_t *caps;     /* bytes of each chunk */
    size_t nchunks, cap;
    size_t cur;       /* chunk being filled */
    size_t used;      /* bytes used in it */
    size_t chunk_size;
} gbc_arena;

void gbc_arena_init(gbc_arena *a, size_t chunk_size);
/* A block of size bytes aligned to 8; NULL (with the status in the context) when
 * allocation fails. */
void *gbc_arena_alloc(gbc_ctx *ctx, gbc_arena *a, size_t size);
void gbc_arena_reset(gbc_arena *a);
void gbc_arena_clear(gbc_ctx *ctx, gbc_arena *a);

/* Poll the interrupt callback and the cancel flag. Cheap: consults the callback
 * at most every few milliseconds. Returns GBC_ERR_INTERRUPTED when asked to stop.
 * ctx may be NULL (as for allocation): nothing can then ask to stop. */
gbc_status gbc_ctx_poll_slow(gbc_ctx *ctx);
static inline gbc_status gbc_ctx_poll(gbc_ctx *ctx)
{
    if (ctx == NULL)
        return GBC_OK;
    if (ctx->cancel != NULL && atomic_load_explicit(ctx->cancel, memory_order_relaxed))
        return GBC_ERR_INTERRUPTED;
    if (ctx->interrupt == NULL && ctx->deadline == 0.0)
        return GBC_OK;
    if ((++ctx->poll_tick & 63u) != 0)
        return GBC_OK;
    return gbc_ctx_poll_slow(ctx);
}

/* gbc_ctx_poll for loops whose iterations cost microseconds or more (a matrix
 * row, a basis element): consults the clock on every call, so a stop request is
 * seen within about a millisecond of work. */
static inline gbc_status gbc_ctx_check(gbc_ctx *ctx)
{
    if (ctx == NULL)
        return GBC_OK;
    if (ctx->cancel != NULL && atomic_load_explicit(ctx->cancel, memory_order_relaxed))
        return GBC_ERR_INTERRUPTED;
    if (ctx->interrupt == NULL && ctx->deadline == 0.0)
        return GBC_OK;
    return gbc_ctx_poll_slow(ctx);
}

/* Report progress through the context's callback (nothing happens without one):
 * stage names the phase ("f4", "modular", ...: a static string), fraction is in
 * [0, 1] when known and negative otherwise, count a stage-specific counter. Calls
 * the callback on the first report of a stage, on a fraction of 1, and otherwise
 * at most every 10 ms. */
void gbc_progress(gbc_ctx *ctx, const char *stage, double fraction, uint64_t count);

/* Log a message through the context's callback (nothing happens without one). */
void gbc_log(gbc_ctx *ctx, int level, const char *fmt, ...) GBC_PRINTF(3, 4);

/* Monotonic wall clock in seconds, and process CPU time in seconds. */
double gbc_wall_time(void);
double gbc_cpu_time(void);

/* Seeded pseudo-random generator (xoshiro256**-style, written from the published
 * description). Deterministic for a given seed on every platform. */
typedef struct gbc_rng {
    uint64_t s[4];
} gbc_rng;
void gbc_rng_seed(gbc_rng *r, uint64_t seed);
uint64_t gbc_rng_next(gbc_rng *r);
/* Uniform in [0, n) for n >= 1. */
uint64_t gbc_rng_below(gbc_rng *r, uint64_t n);
/* 64 bits from the operating system's entropy (getrandom, else /dev/urandom), for
 * seeds that no input may predict. Returns 1 when they came from the OS; 0 when
 * neither source answered and the value was mixed from the clocks, the process id
 * and an address instead (unpredictable in practice, but with no guarantee). */
int gbc_entropy64(uint64_t *out);
/* A 64-bit value derived from seed and stream by splitmix64 (a bijection of seed
 * for each stream): independent-looking seeds for several generators of one run. */
uint64_t gbc_seed_derive(uint64_t seed, uint64_t stream);

/* Overflow-checked size arithmetic. Return 0 on success, 1 on overflow. */
static inline int gbc_mul_size(size_t *out, size_t a, size_t b)
{
    return __builtin_mul_overflow(a, b, out);
}
static inline int gbc_add_size(size_t *out, size_t a, size_t b)
{
    return __builtin_add_overflow(a, b, out);
}

/* What a block of bytes takes from the C heap, the figure the memory limit counts
 * (docs/api.md): the allocator's header word and rounding to 16 bytes, at least 32
 * (glibc's chunks; a block of one limb costs four limbs), or whole pages for a
 * block large enough to be mapped by itself. 0 for 0 (GMP's numbers of no limbs
 * hold no block). Saturates instead of overflowing. */
#define GBC_HEAP_MMAP_BYTES ((size_t)128 << 10)
static inline size_t gbc_heap_bytes(size_t bytes)
{
    if (bytes == 0)
        return 0;
    if (bytes > SIZE_MAX - 8192)
        return SIZE_MAX;
    if (bytes >= GBC_HEAP_MMAP_BYTES)
        return (bytes + 16 + 4095) & ~(size_t)4095;
    size_t b = (bytes + 8 + 15) & ~(size_t)15;
    return b < 32 ? 32 : b;
}

#endif
