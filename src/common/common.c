/* common: the context's checked allocator, interrupt polling, logging, timers and
 * the seeded random generator. */
#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* Each block starts with this header so that frees and reallocs know its size.
 * 16 bytes keep the payload aligned for every scalar type we use. */
typedef union gbc_hdr {
    size_t size;
    max_align_t align_;
} gbc_hdr;

void gbc_assert_fail(const char *expr, const char *file, int line)
{
    fprintf(stderr, "gbc: internal assertion failed: %s (%s:%d)\n", expr, file, line);
    __builtin_trap();
}

const gbc_plan gbc_plan_default = {.engine = GBC_ALGO_F4,
                                   .basis = GBC_BASIS_REDUCED,
                                   .la_mode = GBC_LA_AUTO,
                                   .order_path = GBC_ORDER_AUTO,
                                   .learn = GBC_LEARN_F4};

void gbc_plan_init(gbc_plan *P)
{
    /* every byte, the padding too (a struct assignment may leave it), so that a
     * plan left at its defaults compares equal to them byte for byte */
    memcpy(P, &gbc_plan_default, sizeof *P);
}

void gbc_ctx_init(gbc_ctx *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
    ctx->mem_ceiling = gbc_memory_ceiling();
    ctx->plan = &gbc_plan_default;
}

/* 0: not computed yet; SIZE_MAX: computed, none known. */
static atomic_size_t gbc_ceiling_cache;

size_t gbc_memory_ceiling(void)
{
    size_t c = atomic_load_explicit(&gbc_ceiling_cache, memory_order_relaxed);
    if (c != 0)
        return c == SIZE_MAX ? 0 : c;
    uint64_t least = UINT64_MAX;
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && psize > 0)
        least = (uint64_t)pages * (uint64_t)psize;
    const int which[2] = {RLIMIT_AS, RLIMIT_DATA};
    for (int i = 0; i < 2; i++) {
        struct rlimit rl;
        if (getrlimit(which[i], &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
            (uint64_t)rl.rlim_cur < least)
            least = (uint64_t)rl.rlim_cur;
    }
    if (least == UINT64_MAX || least / 4 * 3 >= SIZE_MAX)
        c = SIZE_MAX;
    else
        c = (size_t)(least / 4 * 3);
    if (c == 0)
        c = 1;
    atomic_store_explicit(&gbc_ceiling_cache, c, memory_order_relaxed);
    return c == SIZE_MAX ? 0 : c;
}

void gbc_budget_begin(gbc_budget *B, const gbc_ctx *parent)
{
    atomic_init(&B->used, parent->mem_used);
    atomic_init(&B->peak, parent->mem_peak > parent->mem_used ? parent->mem_peak
                                                             : parent->mem_used);
    B->limit = parent->mem_limit;
    B->ceiling = parent->mem_limit != 0 ? 0 : parent->mem_ceiling;
    atomic_init(&B->nalloc, parent->nalloc);
    B->fail_at = parent->fail_at;
}

void gbc_budget_end(const gbc_budget *B, gbc_ctx *parent)
{
    size_t peak = atomic_load(&B->peak);
    if (peak > parent->mem_peak)
        parent->mem_peak = peak;
    parent->nalloc = atomic_load(&B->nalloc);
}

void gbc_budget_settle(const gbc_budget *B, size_t base, gbc_ctx *parent)
{
    size_t used = atomic_load(&B->used);
    if (used >= base) {
        parent->mem_used += used - base;
        if (parent->mem_used > parent->mem_peak)
            parent->mem_peak = parent->mem_used;
    } else {
        size_t sub = base - used;
        parent->mem_used -= sub < parent->mem_used ? sub : parent->mem_used;
    }
}

void gbc_ctx_init_worker(gbc_ctx *ctx, gbc_budget *B)
{
    memset(ctx, 0, sizeof(*ctx));
    ctx->budget = B;
    ctx->plan = &gbc_plan_default;
}

/* gbc_admit for a worker: the shared count and limit (a check, then the charge in
 * gbc_account: two workers may overshoot the limit by one allocation each). */
static int gbc_admit_shared(gbc_ctx *ctx, size_t more)
{
    gbc_budget *B = ctx->budget;
    uint64_t n = atomic_fetch_add(&B->nalloc, 1) + 1;
    if (GBC_UNLIKELY(B->fail_at != 0 && n == B->fail_at)) {
        ctx->alloc_fail = GBC_ERR_NOMEM;
        return 0;
    }
    size_t used = atomic_load_explicit(&B->used, memory_order_relaxed);
    if (B->limit != 0 && (more > B->limit || used > B->limit - more)) {
        ctx->alloc_fail = GBC_ERR_LIMIT;
        return 0;
    }
    if (B->ceiling != 0 && (more > B->ceiling || used > B->ceiling - more)) {
        ctx->alloc_fail = GBC_ERR_NOMEM;
        return 0;
    }
    ctx->alloc_fail = GBC_ERR_NOMEM;
    return 1;
}

/* Decide whether an allocation of size more bytes may proceed. */
static int gbc_admit(gbc_ctx *ctx, size_t more)
{
    if (ctx == NULL)
        return 1;
    if (ctx->budget != NULL)
        return gbc_admit_shared(ctx, more);
    ctx->nalloc++;
    if (GBC_UNLIKELY(ctx->fail_at != 0 && ctx->nalloc == ctx->fail_at)) {
        ctx->alloc_fail = GBC_ERR_NOMEM;
        return 0;
    }
    if (ctx->mem_limit != 0 && (more > ctx->mem_limit || ctx->mem_used > ctx->mem_limit - more)) {
        ctx->alloc_fail = GBC_ERR_LIMIT;
        return 0;
    }
    if (ctx->mem_limit == 0 && ctx->mem_ceiling != 0 &&
        (more > ctx->mem_ceiling || ctx->mem_used > ctx->mem_ceiling - more)) {
        ctx->alloc_fail = GBC_ERR_NOMEM;
        return 0;
    }
    ctx->alloc_fail = GBC_ERR_NOMEM; /* what a malloc failure that follows means */
    return 1;
}

gbc_status gbc_ctx_alloc_status(const gbc_ctx *ctx)
{
    if (ctx == NULL)
        return GBC_ERR_NOMEM;
    return ctx->alloc_fail == GBC_ERR_LIMIT ? GBC_ERR_LIMIT : GBC_ERR_NOMEM;
}

static void gbc_account(gbc_ctx *ctx, size_t add, size_t sub)
{
    if (ctx == NULL)
        return;
    if (ctx->budget != NULL) {
        gbc_budget *B = ctx->budget;
        size_t now = add >= sub ? atomic_fetch_add(&B->used, add - sub) + (add - sub)
                                : atomic_fetch_sub(&B->used, sub - add) - (sub - add);
        size_t peak = atomic_load_explicit(&B->peak, memory_order_relaxed);
        while (now > peak && !atomic_compare_exchange_weak(&B->peak, &peak, now))
            ;
    }
    ctx->mem_used = ctx->mem_used - sub + add;
    if (ctx->mem_used > ctx->mem_peak)
        ctx->mem_peak = ctx->mem_used;
}

void *gbc_malloc(gbc_ctx *ctx, size_t size)
{
    size_t total;
    if (gbc_add_size(&total, size, sizeof(gbc_hdr)))
        return NULL;
    size_t held = gbc_heap_bytes(total);
    if (!gbc_admit(ctx, held))
        return NULL;
    gbc_hdr *h = malloc(total);
    if (h == NULL)
        return NULL;
    h->size = held;
    gbc_account(ctx, held, 0);
    return h + 1;
}

void *gbc_calloc(gbc_ctx *ctx, size_t n, size_t size)
{
    size_t bytes, total;
    if (gbc_mul_size(&bytes, n, size) || gbc_add_size(&total, bytes, sizeof(gbc_hdr)))
        return NULL;
    size_t held = gbc_heap_bytes(total);
    if (!gbc_admit(ctx, held))
        return NULL;
    gbc_hdr *h = calloc(1, total);
    if (h == NULL)
        return NULL;
    h->size = held;
    gbc_account(ctx, held, 0);
    return h + 1;
}

void *gbc_calloc_written(gbc_ctx *ctx, size_t n, size_t size)
{
    size_t bytes;
    if (gbc_mul_size(&bytes, n, size))
        return NULL;
    void *p = gbc_malloc(ctx, bytes);
    if (p != NULL)
        memset(p, 0, bytes);
    return p;
}

void *gbc_realloc(gbc_ctx *ctx, void *p, size_t size)
{
    if (p == NULL)
        return gbc_malloc(ctx, size);
    gbc_hdr *old = (gbc_hdr *)p - 1;
    size_t oldtotal = old->size, total;
    if (gbc_add_size(&total, size, sizeof(gbc_hdr)))
        return NULL;
    size_t held = gbc_heap_bytes(total);
    if (!gbc_admit(ctx, held > oldtotal ? held - oldtotal : 0))
        return NULL;
    gbc_hdr *h = realloc(old, total);
    if (h == NULL)
        return NULL;
    h->size = held;
    gbc_account(ctx, held, oldtotal);
    return h + 1;
}

gbc_status gbc_ctx_charge(gbc_ctx *ctx, size_t bytes)
{
    if (ctx == NULL || bytes == 0)
        return GBC_OK;
    if (!gbc_admit(ctx, bytes))
        return gbc_ctx_alloc_status(ctx);
    gbc_account(ctx, bytes, 0);
    return GBC_OK;
}

void gbc_ctx_uncharge(gbc_ctx *ctx, size_t bytes)
{
    if (ctx == NULL || bytes == 0)
        return;
    /* bytes charged to another context may be given back here: never below 0 */
    size_t sub = bytes < ctx->mem_used ? bytes : ctx->mem_used;
    ctx->mem_used -= sub;
    if (ctx->budget != NULL)
        atomic_fetch_sub(&ctx->budget->used, sub);
}

int gbc_ctx_room(const gbc_ctx *ctx, size_t bytes)
{
    if (ctx == NULL)
        return 1;
    size_t used = ctx->budget != NULL ? atomic_load(&ctx->budget->used) : ctx->mem_used;
    size_t lim = ctx->budget != NULL ? (ctx->budget->limit ? ctx->budget->limit
                                                           : ctx->budget->ceiling)
                                     : (ctx->mem_limit ? ctx->mem_limit : ctx->mem_ceiling);
    return lim == 0 || (bytes <= lim && used <= lim - bytes);
}

gbc_status gbc_ctx_room_status(const gbc_ctx *ctx)
{
    if (ctx == NULL)
        return GBC_ERR_NOMEM;
    size_t lim = ctx->budget != NULL ? ctx->budget->limit : ctx->mem_limit;
    return lim != 0 ? GBC_ERR_LIMIT : GBC_ERR_NOMEM;
}

void gbc_free(gbc_ctx *ctx, void *p)
{
    if (p == NULL)
        return;
    gbc_hdr *h = (gbc_hdr *)p - 1;
    if (ctx != NULL) {
        ctx->mem_used -= h->size < ctx->mem_used ? h->size : ctx->mem_used;
        if (ctx->budget != NULL)
            atomic_fetch_sub(&ctx->budget->used, h->size);
    }
    free(h);
}

gbc_status gbc_alloc_array(gbc_ctx *ctx, void **out, size_t n, size_t elsize)
{
    size_t bytes;
    if (gbc_mul_size(&bytes, n, elsize))
        return GBC_ERR_NOMEM;
    void *p = gbc_malloc(ctx, bytes);
    if (p == NULL)
        return gbc_ctx_alloc_status(ctx);
    *out = p;
    return GBC_OK;
}

gbc_status gbc_zalloc_array(gbc_ctx *ctx, void **out, size_t n, size_t elsize)
{
    void *p = gbc_calloc(ctx, n, elsize);
    if (p == NULL)
        return gbc_ctx_alloc_status(ctx);
    *out = p;
    return GBC_OK;
}

gbc_status gbc_resize_array(gbc_ctx *ctx, void **p, size_t n, size_t elsize)
{
    size_t bytes;
    if (gbc_mul_size(&bytes, n, elsize))
        return GBC_ERR_NOMEM;
    void *q = gbc_realloc(ctx, *p, bytes);
    if (q == NULL)
        return gbc_ctx_alloc_status(ctx);
    *p = q;
    return GBC_OK;
}

gbc_status gbc_grow_array(gbc_ctx *ctx, void **p, size_t *cap, size_t need,
                          size_t elsize)
{
    if (need <= *cap)
        return GBC_OK;
    size_t ncap = *cap < 8 ? 8 : *cap;
    while (ncap < need) {
        if (gbc_add_size(&ncap, ncap, ncap / 2 + 1))
            return GBC_ERR_NOMEM;
    }
    GBC_TRY(gbc_resize_array(ctx, p, ncap, elsize));
    *cap = ncap;
    return GBC_OK;
}

gbc_status gbc_ctx_poll_slow(gbc_ctx *ctx)
{
    /* The callback may be expensive (a Python function, say): call it at most
     * every millisecond of wall time. */
    double now = gbc_wall_time();
    if (now - ctx->poll_last < 0.001)
        return GBC_OK;
    ctx->poll_last = now;
    if (ctx->deadline != 0.0 && now > ctx->deadline)
        return GBC_ERR_INTERRUPTED;
    if (ctx->interrupt != NULL && ctx->interrupt(ctx->interrupt_data) != 0)
        return GBC_ERR_INTERRUPTED;
    return GBC_OK;
}

void gbc_progress(gbc_ctx *ctx, const char *stage, double fraction, uint64_t count)
{
    if (ctx == NULL || ctx->progress == NULL)
        return;
    double now = gbc_wall_time();
    int same = ctx->progress_stage != NULL && strcmp(ctx->progress_stage, stage) == 0;
    if (same && fraction < 1.0 && now - ctx->progress_last < 0.010)
        return;
    ctx->progress_stage = stage;
    ctx->progress_last = now;
    ctx->progress(ctx->progress_data, stage, fraction, count);
}

void gbc_log(gbc_ctx *ctx, int level, const char *fmt, ...)
{
    if (ctx == NULL || ctx->log == NULL || level > ctx->verbosity)
        return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ctx->log(ctx->log_data, level, buf);
}

double gbc_wall_time(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double gbc_cpu_time(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* splitmix64 expands the seed; the generator is xoshiro256** as published by
 * Blackman and Vigna. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t gbc_seed_derive(uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ULL);
    return splitmix64(&x);
}

/* All of buf from getrandom (retrying on EINTR and short reads); 0 on failure. */
static int entropy_getrandom(unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return 0;
        got += (size_t)r;
    }
    return 1;
}

static int entropy_urandom(unsigned char *buf, size_t n)
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    return got == n;
}

int gbc_entropy64(uint64_t *out)
{
    unsigned char b[8];
    if (entropy_getrandom(b, sizeof b) || entropy_urandom(b, sizeof b)) {
        uint64_t v = 0;
        for (int i = 0; i < 8; i++)
            v = v << 8 | b[i];
        *out = v;
        return 1;
    }
    struct timespec a, m;
    clock_gettime(CLOCK_REALTIME, &a);
    clock_gettime(CLOCK_MONOTONIC, &m);
    uint64_t x = (uint64_t)a.tv_nsec ^ ((uint64_t)a.tv_sec << 32) ^ (uint64_t)m.tv_nsec * 31u ^
                 (uint64_t)getpid() << 40 ^ (uint64_t)(uintptr_t)&x;
    *out = splitmix64(&x);
    return 0;
}

void gbc_rng_seed(gbc_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t gbc_rng_next(gbc_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

uint64_t gbc_rng_below(gbc_rng *r, uint64_t n)
{
    /* Rejection sampling removes the modulo bias. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = gbc_rng_next(r);
    while (x >= limit);
    return x % n;
}

void gbc_arena_init(gbc_arena *a, size_t chunk_size)
{
    memset(a, 0, sizeof *a);
    a->chunk_size = chunk_size < 4096 ? 4096 : chunk_size;
}

void *gbc_arena_alloc(gbc_ctx *ctx, gbc_arena *a, size_t size)
{
    size = (size + 7) & ~(size_t)7;
    while (a->cur < a->nchunks) {
        if (a->used + size <= a->caps[a->cur]) {
            void *p = a->chunks[a->cur] + a->used;
            a->used += size;
            return p;
        }
        if (a->cur + 1 >= a->nchunks)
            break;
        a->cur++;
        a->used = 0;
    }
    if (a->nchunks == a->cap) {
        size_t ncap = a->cap ? 2 * a->cap : 16;
        char **c = gbc_realloc(ctx, a->chunks, sizeof(char *) * ncap);
        if (c == NULL)
            return NULL;
        a->chunks = c;
        size_t *caps = gbc_realloc(ctx, a->caps, sizeof(size_t) * ncap);
        if (caps == NULL)
            return NULL;
        a->caps = caps;
        a->cap = ncap;
    }
    /* chunks grow geometrically from 64 KB up to chunk_size, so that an arena
     * that is hardly used (a worker thread's on a small matrix) does not hold,
     * and charge to the memory limit, a whole chunk */
    size_t grow = a->nchunks == 0 ? (size_t)64 << 10 : 2 * a->caps[a->nchunks - 1];
    size_t bytes = grow < a->chunk_size ? grow : a->chunk_size;
    if (size > bytes)
        bytes = size;
    char *chunk = gbc_malloc(ctx, bytes);
    if (chunk == NULL)
        return NULL;
    a->chunks[a->nchunks] = chunk;
    a->caps[a->nchunks] = bytes;
    a->cur = a->nchunks++;
    a->used = size;
    return chunk;
}

void gbc_arena_reset(gbc_arena *a)
{
    a->cur = 0;
    a->used = 0;
}

void gbc_arena_clear(gbc_ctx *ctx, gbc_arena *a)
{
    for (size_t i = 0; i < a->nchunks; i++)
        gbc_free(ctx, a->chunks[i]);
    gbc_free(ctx, a->chunks);
    gbc_free(ctx, a->caps);
    memset(a, 0, sizeof *a);
}
