/* A failing allocator under the library: this program is linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free (tests/CMakeLists.txt),
 * so every libc allocation that gbc's code (and this file's) makes goes through the
 * __wrap_ functions below, and GMP's allocations go through the same counters by
 * mp_set_memory_functions (this process has no other GMP user). This is below
 * gbc's own accounting (ctx.fail_at in t-faults): a NULL here is what the C library
 * returns when the machine is out of memory.
 *
 * - sweep: whole public-API runs (gbc_ring_new/gbc_parse, gbc_groebner, the result
 *   printed, everything freed) over Z/p, over Q (multi-modular and certified) and
 *   with two threads; for allocation i = 1, 2, ... of the run, malloc/calloc/realloc
 *   returns NULL once. Every run must end with GBC_ERR_NOMEM (no limit is set, so
 *   neither LIMIT nor INTERRUPTED is acceptable) or with the right basis, and with
 *   every block it allocated (libc's and GMP's) freed again. The threaded runs
 *   (exact and probabilistic kernels) must allocate in a worker thread (exact) and
 *   have such an allocation fail. Every index is taken; a run of more than 5000
 *   allocations would be sampled (every index up to 300, then a random stride; the
 *   seed is printed and GBC_TEST_SEED repeats it).
 * - GMP's allocations cannot be failed: GMP's allocation functions have no failure
 *   return (its default one aborts the process, see docs/api.md, "GMP's memory and
 *   what remains"). What gbc promises instead is that a run with a memory limit
 *   stops before GMP runs out. cap: a process cap is simulated (libc allocations
 *   above it fail, as under RLIMIT_AS, and a GMP allocation above it is recorded as
 *   the abort it would have been) at 5/4 of the run's memory limit plus 1 MB, and Q
 *   runs whose coefficients grow past any limit (a parse of
 *   big powers, a basis with large coefficients) are swept over limits from 32 KB
 *   to 16 MB: no GMP allocation may cross the cap. */
#include <gmp.h>
#include <pthread.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>

#include "apitest.h"
#include "testutil.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static atomic_int armed;                /* counting and failing on */
static atomic_ullong calls;             /* libc allocation requests while armed */
static atomic_ullong gmp_calls;         /* GMP allocation requests while armed */
static atomic_ullong fail_at;           /* the request to fail (0: none) */
static atomic_ullong failed;            /* failures injected */
static atomic_llong live_blocks;        /* blocks allocated less blocks freed */
static atomic_llong live_bytes, peak_bytes;
static long long cap;                   /* simulated process cap in bytes (0: none) */
static atomic_int gmp_over_cap;         /* a GMP allocation crossed the cap */
static atomic_llong gmp_over_bytes;     /* the live bytes it would have made */
static int wrong_basis;                  /* one_run printed a basis other than want */
static pthread_t main_thread;           /* the thread that armed */
static atomic_ullong worker_calls;      /* requests from other threads */
static atomic_int failed_in_worker;     /* the injected failure was a worker's */

static void add_bytes(long long d)
{
    long long now = atomic_fetch_add(&live_bytes, d) + d;
    long long pk = atomic_load(&peak_bytes);
    while (now > pk && !atomic_compare_exchange_weak(&peak_bytes, &pk, now))
        ;
}

/* Whether this libc request fails: the injected index, or the cap. */
static int refuse(size_t grow)
{
    if (!atomic_load(&armed))
        return 0;
    unsigned long long k = atomic_fetch_add(&calls, 1) + 1;
    if (!pthread_equal(pthread_self(), main_thread))
        atomic_fetch_add(&worker_calls, 1);
    if (k == atomic_load(&fail_at) ||
        (cap > 0 && atomic_load(&live_bytes) + (long long)grow > cap)) {
        atomic_fetch_add(&failed, 1);
        if (!pthread_equal(pthread_self(), main_thread))
            atomic_store(&failed_in_worker, 1);
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t n)
{
    if (refuse(n))
        return NULL;
    void *p = __real_malloc(n);
    if (p != NULL && atomic_load(&armed)) {
        atomic_fetch_add(&live_blocks, 1);
        add_bytes((long long)malloc_usable_size(p));
    }
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (refuse(n * size))
        return NULL;
    void *p = __real_calloc(n, size);
    if (p != NULL && atomic_load(&armed)) {
        atomic_fetch_add(&live_blocks, 1);
        add_bytes((long long)malloc_usable_size(p));
    }
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    if (p == NULL)
        return __wrap_malloc(n);
    size_t old = malloc_usable_size(p);
    if (refuse(n > old ? n - old : 0))
        return NULL;
    void *q = __real_realloc(p, n);
    if (q != NULL && atomic_load(&armed))
        add_bytes((long long)malloc_usable_size(q) - (long long)old);
    return q;
}

void __wrap_free(void *p)
{
    if (p != NULL && atomic_load(&armed)) {
        atomic_fetch_sub(&live_blocks, 1);
        add_bytes(-(long long)malloc_usable_size(p));
    }
    __real_free(p);
}

/* GMP's allocation functions: counted, never failed (GMP cannot take a NULL);
 * crossing the cap is recorded. */
static void gmp_account(long long d)
{
    if (!atomic_load(&armed))
        return;
    add_bytes(d);
    if (d > 0 && cap > 0 && atomic_load(&live_bytes) > cap && !atomic_load(&gmp_over_cap)) {
        atomic_store(&gmp_over_cap, 1);
        atomic_store(&gmp_over_bytes, atomic_load(&live_bytes));
    }
}

static void *gmp_alloc(size_t n)
{
    void *p = __real_malloc(n);
    if (p == NULL) {
        fprintf(stderr, "t-malloc: GMP's allocation of %zu bytes failed\n", n);
        abort();
    }
    if (atomic_load(&armed)) {
        atomic_fetch_add(&gmp_calls, 1);
        atomic_fetch_add(&live_blocks, 1);
    }
    gmp_account((long long)n);
    return p;
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    void *q = __real_realloc(p, n);
    if (q == NULL) {
        fprintf(stderr, "t-malloc: GMP's reallocation to %zu bytes failed\n", n);
        abort();
    }
    if (atomic_load(&armed))
        atomic_fetch_add(&gmp_calls, 1);
    gmp_account((long long)n - (long long)old);
    return q;
}

static void gmp_free(void *p, size_t n)
{
    if (atomic_load(&armed))
        atomic_fetch_sub(&live_blocks, 1);
    gmp_account(-(long long)n);
    __real_free(p);
}

static void arm(unsigned long long at, long long cap_bytes)
{
    atomic_store(&calls, 0);
    atomic_store(&gmp_calls, 0);
    atomic_store(&failed, 0);
    atomic_store(&live_blocks, 0);
    atomic_store(&live_bytes, 0);
    atomic_store(&peak_bytes, 0);
    atomic_store(&gmp_over_cap, 0);
    cap = cap_bytes;
    wrong_basis = 0;
    main_thread = pthread_self();
    atomic_store(&worker_calls, 0);
    atomic_store(&failed_in_worker, 0);
    atomic_store(&fail_at, at);
    atomic_store(&armed, 1);
}

static void disarm(void)
{
    atomic_store(&armed, 0);
    atomic_store(&fail_at, 0);
    cap = 0;
}

/* One run through the public API, all of it armed: ring and generators parsed from
 * text, the basis computed and printed into a string that is compared with want
 * (when given: wrong_basis is set when they differ; else returned in *got when got
 * is not NULL), everything freed. */
typedef struct run {
    const char *what, *text, *order;
    gbc_algorithm algo;
    int certify, threads;
    size_t limit;
    gbc_linear_algebra la;
} run;

static gbc_status one_run(const run *r, const char *want, char **got)
{
    gbc_options *opts = NULL;
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL, *basis = NULL;
    char *out = NULL;
    size_t outlen = 0;
    gbc_error err;
    gbc_status st = gbc_options_new(&opts);
    if (st == GBC_OK) {
        gbc_options_set_algorithm(opts, r->algo);
        gbc_options_set_certify(opts, r->certify);
        gbc_options_set_threads(opts, r->threads);
        gbc_options_set_linear_algebra(opts, r->la);
        if (r->limit)
            gbc_options_set_memory_limit(opts, r->limit);
        st = gbc_parse(&ring, &gens, r->text, strlen(r->text), r->order, opts, &err);
    }
    if (st == GBC_OK)
        st = gbc_groebner(&basis, gens, opts, NULL);
    if (st == GBC_OK)
        st = gbc_polys_to_string(&out, &outlen, basis, GBC_PRINT_HEADER);
    if (st == GBC_OK) {
        if (want != NULL && strcmp(out, want) != 0) {
            /* no Check call while armed (its own allocations would be counted) */
            fprintf(stderr, "%s: a different basis:\n%s\nwant\n%s\n", r->what, out, want);
            wrong_basis = 1;
        } else if (got != NULL)
            *got = strdup(out);
        gbc_string_free(out);
    }
    gbc_polys_free(basis);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    gbc_options_free(opts);
    return st;
}

/* The reference basis of r, computed unarmed. */
static char *reference(const run *r)
{
    char *want = NULL;
    ck_assert_int_eq(one_run(r, NULL, &want), GBC_OK);
    ck_assert_ptr_nonnull(want);
    return want;
}

/* Fail request i of r for the chosen i (all, or sampled from seed after the first
 * 300); returns the number of runs. */
static size_t sweep(const run *r, int sample, uint64_t seed)
{
    char *want = reference(r);
    arm(0, 0);
    gbc_status st0 = one_run(r, want, NULL);
    unsigned long long total = atomic_load(&calls), gmp = atomic_load(&gmp_calls);
    unsigned long long workers = atomic_load(&worker_calls);
    disarm();
    ck_assert_int_eq(st0, GBC_OK);
    ck_assert(!wrong_basis);
    ck_assert_msg(total > 0, "%s: no allocation went through the wrapper", r->what);
    ck_assert_int_eq(atomic_load(&live_blocks), 0);
    /* whether a worker thread allocates in one run depends on the timing (a thread
     * woken late, on a loaded machine, may find no work left in every phase of a
     * small input): a few more runs before concluding that none ever does */
    for (int tries = 0; r->threads > 1 && workers == 0 && tries < 20; tries++) {
        arm(0, 0);
        ck_assert_int_eq(one_run(r, want, NULL), GBC_OK);
        workers = atomic_load(&worker_calls);
        disarm();
    }
    if (r->threads > 1 && r->la == GBC_LA_EXACT)
        ck_assert_msg(workers > 0, "%s: no allocation in a worker thread", r->what);
    sample = sample && total > 5000;
    size_t runs = 0, nomem = 0, in_worker = 0;
    uint64_t rng = seed;
    /* threads may change the count from run to run: go a little past it */
    for (unsigned long long i = 1; i <= total + total / 8 + 8;) {
        arm(i, 0);
        gbc_status st = one_run(r, want, NULL);
        unsigned long long nfail = atomic_load(&failed);
        in_worker += atomic_load(&failed_in_worker) != 0;
        long long left = atomic_load(&live_blocks);
        disarm();
        runs++;
        ck_assert_msg(!wrong_basis, "%s: libc allocation %llu failed: a wrong basis", r->what,
                      i);
        ck_assert_msg(st == GBC_OK || st == GBC_ERR_NOMEM,
                      "%s: libc allocation %llu of %llu failed gave %s", r->what, i, total,
                      gbc_status_string(st));
        ck_assert_msg(left == 0, "%s: libc allocation %llu failed: %lld blocks not freed",
                      r->what, i, left);
        if (st == GBC_ERR_NOMEM) {
            nomem++;
            ck_assert_msg(nfail == 1, "%s: allocation %llu: NOMEM without a failure", r->what,
                          i);
        }
        if (sample && i >= 300) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            i += 1 + (rng >> 33) % (total / 150 + 1);
        } else {
            i++;
        }
    }
    ck_assert_uint_gt(nomem, 0);
    if (r->threads > 1 && r->la == GBC_LA_EXACT)
        ck_assert_uint_gt(in_worker, 0);
    printf("%-34s %7llu libc + %7llu GMP allocations (%llu in workers), %zu failed one by "
           "one (%zu NOMEM, %zu in a worker)%s\n",
           r->what, total, gmp, workers, runs, nomem, in_worker, sample ? ", sampled" : "");
    fflush(stdout);
    free(want);
    return runs;
}

static const char *small_zp = "x0,x1,x2\n32003\n"
                              "x0^2*x1 - x2 + 1, x1^2 - x0*x2 + 2, x2^2*x0 - x1";
static const char *small_q = "x0,x1,x2\n0\n"
                             "x0^2*x1 - x2 + 1/2, x1^2 - 3/7*x0*x2 + 2, x2^2*x0 - x1";
/* katsura-7: rounds with hundreds of rows, reduced by the threaded kernels */
static const char *katsura7 = "x0,x1,x2,x3,x4,x5,x6,x7\n32003\n"
                              "x0^2+2*x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2+2*x6^2+2*x7^2-x0,"
                              "2*x0*x1+2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5+2*x5*x6+2*x6*x7-x1,"
                              "x1^2+2*x0*x2+2*x1*x3+2*x2*x4+2*x3*x5+2*x4*x6+2*x5*x7-x2,"
                              "2*x1*x2+2*x0*x3+2*x1*x4+2*x2*x5+2*x3*x6+2*x4*x7-x3,"
                              "x2^2+2*x1*x3+2*x0*x4+2*x1*x5+2*x2*x6+2*x3*x7-x4,"
                              "2*x2*x3+2*x1*x4+2*x0*x5+2*x1*x6+2*x2*x7-x5,"
                              "x3^2+2*x2*x4+2*x1*x5+2*x0*x6+2*x1*x7-x6,"
                              "x0+2*x1+2*x2+2*x3+2*x4+2*x5+2*x6+2*x7-1";

START_TEST(test_sweep_zp)
{
    run r = {"F4 mod 32003", small_zp, "grevlex", GBC_ALGO_F4, 0, 1, 0, GBC_LA_AUTO};
    sweep(&r, 0, 0);
    r = (run){"Buchberger mod 32003, lex", small_zp, "lex", GBC_ALGO_BUCHBERGER, 0, 1, 0, GBC_LA_AUTO};
    sweep(&r, 0, 0);
}
END_TEST

START_TEST(test_sweep_q)
{
    run r = {"F4 multi-modular over Q", small_q, "grevlex", GBC_ALGO_F4, 0, 1, 0, GBC_LA_AUTO};
    sweep(&r, 0, 0);
    r = (run){"F4 certified over Q", small_q, "grevlex", GBC_ALGO_F4, 1, 1, 0, GBC_LA_AUTO};
    sweep(&r, 0, 0);
}
END_TEST

START_TEST(test_sweep_threads)
{
    uint64_t seed = tu_seed();
    printf("threaded sweep: seed %llu (GBC_TEST_SEED=%llu repeats it)\n",
           (unsigned long long)seed, (unsigned long long)seed);
    run r = {"F4 katsura-7 mod 32003, 2 threads, exact", katsura7, "grevlex", GBC_ALGO_F4,
             0, 2, 0, GBC_LA_EXACT};
    ck_assert_uint_gt(sweep(&r, 1, seed), 300);
    r = (run){"F4 katsura-7 mod 32003, 2 threads, prob.", katsura7, "grevlex", GBC_ALGO_F4,
              0, 2, 0, GBC_LA_PROBABILISTIC};
    ck_assert_uint_gt(sweep(&r, 1, seed), 300);
}
END_TEST

/* The simulated cap: limit * 5/4 + 1 MB. GMP's temporaries inside one operation and
 * the exchange form's copies are outside gbc's estimates (docs/api.md), but its
 * estimates are otherwise conservative: the measured peaks of these inputs (libc's
 * and GMP's live bytes, GBC_TEST_VERBOSE=1 prints them) stay below 0.9 times the
 * limit once the limit exceeds 1 MB. */
#define CAP(limit) ((long long)(limit) + (long long)(limit) / 4 + (1ll << 20))

START_TEST(test_cap)
{
    static const char *texts[] = {
        /* the parser's powers: coefficients of thousands of digits */
        "x,y\n0\n(x+2/3*y)^2000 - (3*x-5/7*y)^1500\n",
        "x\n0\n7^200000*x - 1\n",
        /* a basis whose coefficients grow */
        "x0,x1,x2\n0\n"
        "12345678901234567*x0^3*x1 - 98765432109876543*x2^2 + 11/13,"
        "x1^3 - 31415926535897932/27182818284590452*x0*x2 + 2, x2^3*x0 - 17*x1^2 + x0",
    };
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        size_t nlimit = 0, nok = 0;
        long long worst = 0;
        for (size_t limit = 32 << 10; limit <= (16u << 20); limit *= 2) {
            run r = {"cap", texts[t], "grevlex", GBC_ALGO_F4, 0, 1 + (int)(limit >> 16 & 1),
                     limit, GBC_LA_AUTO};
            arm(0, CAP(limit));
            gbc_status st = one_run(&r, NULL, NULL);
            long long left = atomic_load(&live_blocks), peak = atomic_load(&peak_bytes);
            int over = atomic_load(&gmp_over_cap);
            long long over_at = atomic_load(&gmp_over_bytes);
            disarm();
            ck_assert_msg(!over,
                          "input %zu, limit %zu: GMP would have aborted (live %lld bytes, cap "
                          "%lld)",
                          t, limit, over_at, CAP(limit));
            ck_assert_msg(st == GBC_OK || st == GBC_ERR_LIMIT || st == GBC_ERR_NOMEM,
                          "input %zu, limit %zu: %s", t, limit, gbc_status_string(st));
            ck_assert_msg(left == 0, "input %zu, limit %zu: %lld blocks not freed", t, limit,
                          left);
            nlimit += st != GBC_OK;
            nok += st == GBC_OK;
            double ratio = (double)peak / (double)limit;
            if (peak > worst)
                worst = peak;
            if (getenv("GBC_TEST_VERBOSE"))
                printf("  input %zu limit %8zu: %-24s peak %10lld (%.2f x limit)\n", t,
                       limit, gbc_status_string(st), peak, ratio);
        }
        ck_assert_uint_gt(nlimit, 0); /* the small limits stop it */
        printf("cap: input %zu: %zu limits stopped it, %zu completed, peak %lld bytes\n", t,
               nlimit, nok, worst);
        fflush(stdout);
    }
}
END_TEST

/* One memory budget for all threads, and a true high-water mark (issue 15 item 3):
 * katsura-7 with 1, 2 and 4 threads (exact kernel, the workers allocate) reports
 * as its peak what the process really held at its highest (libc's and GMP's live
 * bytes, measured here; the old report added the workers' peaks of every round:
 * 3x at 2 threads on katsura-8). Each worker has its own scratch (an arena of
 * chunks growing up to 1 MB and rows of the matrix's width), so the peak grows by at
 * most that per thread. A limit
 * of half the one-thread peak stops the two-thread run with GBC_ERR_LIMIT before
 * its real peak passes the simulated cap. */
START_TEST(test_threads_peak)
{
    double reported[5] = {0}, real[5] = {0};
    for (int t = 1; t <= 4; t *= 2) {
        gbc_options *o = NULL;
        ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
        gbc_options_set_threads(o, t);
        gbc_options_set_linear_algebra(o, GBC_LA_EXACT);
        gbc_ring *R = NULL;
        gbc_polys *F = NULL, *G = NULL;
        gbc_stats *st = NULL;
        ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
        ck_assert_int_eq(gbc_parse(&R, &F, katsura7, strlen(katsura7), NULL, o, NULL), GBC_OK);
        arm(0, 0);
        gbc_status s = gbc_groebner(&G, F, o, st);
        real[t] = (double)atomic_load(&peak_bytes);
        gbc_polys_free(G);
        disarm();
        ck_assert_int_eq(s, GBC_OK);
        reported[t] = gbc_stats_get(st, "peak_bytes");
        printf("katsura-7 mod 32003, exact kernel, %d threads: reported peak %.0f bytes, real "
               "%.0f\n", t, reported[t], real[t]);
        /* within 10% (the real count has GMP's few integers and the handles) */
        ck_assert(reported[t] <= 1.1 * real[t] && real[t] <= 1.1 * reported[t] + 65536);
        gbc_stats_free(st);
        gbc_polys_free(F);
        gbc_ring_free(R);
        gbc_options_free(o);
    }
    /* the workers' scratch, not a multiple of the peak: each extra thread adds at
     * most its arena (chunks growing from 64 KB to 1 MB; katsura-7's rows fit in
     * one chunk) and dense rows of the matrix's width */
    ck_assert_msg(real[2] - real[1] <= 1.0 * ((1 << 20) + 65536) &&
                      real[4] - real[1] <= 3.0 * ((1 << 20) + 65536),
                  "peaks %.0f, %.0f, %.0f bytes with 1, 2, 4 threads", real[1], real[2],
                  real[4]);
    /* half the one-thread peak as the limit: LIMIT with two threads, below the cap */
    size_t limit = (size_t)(reported[1] / 2);
    run r = {"limit, 2 threads", katsura7, "grevlex", GBC_ALGO_F4, 0, 2, limit, GBC_LA_EXACT};
    arm(0, CAP(limit));
    gbc_status s = one_run(&r, NULL, NULL);
    long long peak = atomic_load(&peak_bytes), left = atomic_load(&live_blocks);
    unsigned long long refused = atomic_load(&failed);
    disarm();
    ck_assert_int_eq(s, GBC_ERR_LIMIT);
    ck_assert_int_eq(left, 0);
    ck_assert_uint_eq(refused, 0); /* gbc's limit, not the simulated cap, stopped it */
    ck_assert_int_le(peak, CAP(limit));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-malloc");
    const struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        {"sweep_zp", test_sweep_zp},
        {"sweep_q", test_sweep_q},
        {"sweep_threads", test_sweep_threads},
        {"cap", test_cap},
        {"threads_peak", test_threads_peak},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, 900);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
    return tu_run(suite());
}
