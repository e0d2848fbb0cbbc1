/* The memory limit of every command, below the library: this program is linked
 * with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free
 * (tests/CMakeLists.txt) and installs GMP's allocation functions, so the live
 * bytes of libc's and GMP's blocks are counted (as in api/t-malloc) while one call
 * of the public API runs: gbc_solve (over Q and Z/p), gbc_kbase with the
 * multiplication matrices, gbc_eliminate, gbc_saturate, gbc_module_syz,
 * gbc_module_betti and gbc_trace_mod_apply, with 1 and 2 threads.
 *
 * For each, the peak P of a run without a limit is measured, then the call runs
 * with limits from P/16 to 2 P (the small ones stop it, the large ones do not):
 * every run either succeeds or ends with GBC_ERR_LIMIT, frees every block, and
 * its live bytes never pass BOUND(limit) = limit * 11/10 + 1 MB, the bound
 * docs/api.md states. The inputs are built into the call (no parse while
 * counting, so the parser's own accounting, tested in api/t-malloc, is not
 * mixed in); Q runs take a fixed seed, so the runs repeat.
 * katsura-7 over Q (solve, kbase) runs at a few fixed limits of megabytes, where
 * the megabyte of slack no longer hides anything: there the peak must also stay
 * within 1.1 times the limit.
 * GBC_TEST_VERBOSE=1 prints every run's peak against its limit. */
#include <gmp.h>
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

static atomic_int armed;         /* counting on */
static atomic_llong live_blocks; /* blocks allocated less blocks freed */
static atomic_llong live_bytes, peak_bytes;

/* What a block takes from the heap: its usable size and the allocator's header
 * (one word in glibc), so that many small blocks count as the process pays for
 * them, not by the bytes asked for. */
static long long held(void *p)
{
    return (long long)malloc_usable_size(p) + (long long)sizeof(size_t);
}

static void add_bytes(long long d)
{
    if (!atomic_load(&armed))
        return;
    long long now = atomic_fetch_add(&live_bytes, d) + d;
    long long pk = atomic_load(&peak_bytes);
    while (now > pk && !atomic_compare_exchange_weak(&peak_bytes, &pk, now))
        ;
}

/* A block allocated while armed and freed after (or the reverse) would unbalance
 * the counts: every run arms before its first allocation and disarms after its
 * last free, so none is. */
void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    if (p != NULL && atomic_load(&armed)) {
        atomic_fetch_add(&live_blocks, 1);
        add_bytes(held(p));
    }
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    void *p = __real_calloc(n, size);
    if (p != NULL && atomic_load(&armed)) {
        atomic_fetch_add(&live_blocks, 1);
        add_bytes(held(p));
    }
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    if (p == NULL)
        return __wrap_malloc(n);
    long long old = held(p);
    void *q = __real_realloc(p, n);
    if (q != NULL)
        add_bytes(held(q) - old);
    return q;
}

void __wrap_free(void *p)
{
    if (p != NULL && atomic_load(&armed)) {
        atomic_fetch_sub(&live_blocks, 1);
        add_bytes(-held(p));
    }
    __real_free(p);
}

static void *gmp_alloc(size_t n)
{
    void *p = __real_malloc(n);
    if (p == NULL)
        abort();
    if (atomic_load(&armed))
        atomic_fetch_add(&live_blocks, 1);
    add_bytes(held(p));
    return p;
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
    (void)old;
    long long was = held(p);
    void *q = __real_realloc(p, n);
    if (q == NULL)
        abort();
    add_bytes(held(q) - was);
    return q;
}

static void gmp_free(void *p, size_t n)
{
    (void)n;
    if (atomic_load(&armed))
        atomic_fetch_sub(&live_blocks, 1);
    add_bytes(-held(p));
    __real_free(p);
}

static void arm(void)
{
    atomic_store(&live_blocks, 0);
    atomic_store(&live_bytes, 0);
    atomic_store(&peak_bytes, 0);
    atomic_store(&armed, 1);
}

static void disarm(void)
{
    atomic_store(&armed, 0);
}

/* The bound docs/api.md states for every command. */
#define BOUND(limit) ((long long)(limit) + (long long)(limit) / 10 + (1ll << 20))

/* One command on prepared input: the call under test, its result freed inside. */
typedef enum cmd {
    CMD_SOLVE,
    CMD_KBASE,
    CMD_ELIMINATE,
    CMD_SATURATE,
    CMD_SYZ,
    CMD_BETTI,
    CMD_APPLY
} cmd;

typedef struct job {
    const char *what;
    cmd c;
    gbc_polys *a, *b;      /* the input (b: saturate's second ideal) */
    uint32_t rank;         /* module commands */
    gbc_trace_mod *trace;  /* apply */
} job;

static gbc_status call(const job *j, const gbc_options *o)
{
    gbc_status st = GBC_ERR_INTERNAL;
    gbc_polys *out = NULL, *out2 = NULL;
    switch (j->c) {
    case CMD_SOLVE: {
        gbc_solutions *s = NULL;
        st = gbc_solve(&s, j->a, 0, 0, o, NULL);
        gbc_solutions_free(s);
        break;
    }
    case CMD_KBASE:
        st = gbc_kbase(&out, &out2, j->a, o, NULL);
        break;
    case CMD_ELIMINATE: {
        const uint32_t v[2] = {0, 1};
        st = gbc_eliminate(&out, j->a, v, 2, o, NULL);
        break;
    }
    case CMD_SATURATE:
        st = gbc_saturate(&out, j->a, j->b, GBC_SAT_AUTO, o, NULL);
        break;
    case CMD_SYZ:
        st = gbc_module_syz(&out, j->a, j->rank, o, NULL);
        break;
    case CMD_BETTI: {
        uint64_t *betti = NULL;
        uint32_t nr = 0, nc = 0;
        st = gbc_module_betti(&betti, &nr, &nc, j->a, j->rank, o, NULL);
        gbc_mem_free(betti);
        break;
    }
    case CMD_APPLY:
        st = gbc_trace_mod_apply(&out, j->trace, j->a, o, NULL);
        break;
    }
    gbc_polys_free(out);
    gbc_polys_free(out2);
    return st;
}

/* One armed run with limit (0: none) and threads; returns the status, *peak the
 * live bytes at their highest. */
static gbc_status run(const job *j, size_t limit, int threads, long long *peak)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    gbc_options_set_threads(o, threads);
    gbc_options_set_seed(o, 12345);
    if (limit)
        gbc_options_set_memory_limit(o, limit);
    arm();
    gbc_status st = call(j, o);
    long long left = atomic_load(&live_blocks);
    *peak = atomic_load(&peak_bytes);
    disarm();
    gbc_options_free(o);
    ck_assert_msg(left == 0, "%s, limit %zu: %lld blocks not freed", j->what, limit, left);
    return st;
}

/* The sweep of limits over one job with 1 and 2 threads. */
static void sweep(const job *j)
{
    for (int t = 1; t <= 2; t++) {
        long long p0 = 0;
        ck_assert_int_eq(run(j, 0, t, &p0), GBC_OK);
        size_t nstop = 0, nok = 0;
        double worst = 0;
        for (size_t limit = (size_t)p0 / 16; limit <= 2 * (size_t)p0; limit *= 2) {
            long long peak = 0;
            gbc_status st = run(j, limit, t, &peak);
            if (getenv("GBC_TEST_VERBOSE"))
                printf("  %-26s t=%d limit %9zu: %-22s peak %9lld (%.2f x limit)\n", j->what,
                       t, limit, gbc_status_string(st), peak, (double)peak / (double)limit);
            ck_assert_msg(st == GBC_OK || st == GBC_ERR_LIMIT, "%s, limit %zu: %s", j->what,
                          limit, gbc_status_string(st));
            ck_assert_msg(peak <= BOUND(limit),
                          "%s, %d threads, limit %zu: live bytes reached %lld (bound %lld)",
                          j->what, t, limit, peak, BOUND(limit));
            nstop += st == GBC_ERR_LIMIT;
            nok += st == GBC_OK;
            if ((double)peak / (double)limit > worst)
                worst = (double)peak / (double)limit;
        }
        ck_assert_msg(nstop > 0 && nok > 0, "%s: %zu limits stopped it, %zu did not", j->what,
                      nstop, nok);
        printf("%-26s %d thread%s: peak %lld bytes without a limit; %zu limits stopped it, "
               "%zu did not; worst peak / limit %.2f\n",
               j->what, t, t > 1 ? "s" : "", p0, nstop, nok, worst);
        fflush(stdout);
    }
}

/* Fixed limits with one thread, for inputs too slow to sweep: each run succeeds or
 * stops, and within BOUND and, the limit being several megabytes, within 1.1 times
 * the limit (without the megabyte of slack). */
static void fixed(const job *j, const size_t *limits, size_t n)
{
    size_t nstop = 0, nok = 0;
    for (size_t i = 0; i < n; i++) {
        long long peak = 0;
        gbc_status st = run(j, limits[i], 1, &peak);
        printf("%-26s limit %9zu: %-22s peak %9lld (%.2f x limit)\n", j->what, limits[i],
               gbc_status_string(st), peak, (double)peak / (double)limits[i]);
        fflush(stdout);
        ck_assert_msg(st == GBC_OK || st == GBC_ERR_LIMIT, "%s, limit %zu: %s", j->what,
                      limits[i], gbc_status_string(st));
        ck_assert_msg(peak <= BOUND(limits[i]) &&
                          (double)peak <= 1.1 * (double)limits[i],
                      "%s, limit %zu: live bytes reached %lld", j->what, limits[i], peak);
        nstop += st == GBC_ERR_LIMIT;
        nok += st == GBC_OK;
    }
    ck_assert_msg(nstop > 0 && nok > 0, "%s: %zu limits stopped it, %zu did not", j->what,
                  nstop, nok);
}

static gbc_polys *parse(const char *text, gbc_ring **R)
{
    gbc_polys *F = NULL;
    ck_assert_int_eq(gbc_parse(R, &F, text, strlen(text), NULL, NULL, NULL), GBC_OK);
    return F;
}

static const char *katsura5_q = "x0,x1,x2,x3,x4,x5\n0\n"
                                "x0+2*x1+2*x2+2*x3+2*x4+2*x5-1,"
                                "x0^2+2*x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2-x0,"
                                "2*x0*x1+2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5-x1,"
                                "x1^2+2*x0*x2+2*x1*x3+2*x2*x4+2*x3*x5-x2,"
                                "2*x1*x2+2*x0*x3+2*x1*x4+2*x2*x5-x3,"
                                "x2^2+2*x1*x3+2*x0*x4+2*x1*x5-x4";

static void sweep_text(const char *what, cmd c, const char *text)
{
    gbc_ring *R = NULL;
    job j = {what, c, parse(text, &R), NULL, 1, NULL};
    sweep(&j);
    gbc_polys_free(j.a);
    gbc_ring_free(R);
}

START_TEST(test_solve_q)
{
    sweep_text("solve katsura-5 over Q", CMD_SOLVE, katsura5_q);
}
END_TEST

START_TEST(test_kbase_q)
{
    sweep_text("kbase katsura-5 over Q", CMD_KBASE, katsura5_q);
}
END_TEST

START_TEST(test_ideal_ops)
{
    sweep_text("eliminate katsura-5 over Q", CMD_ELIMINATE, katsura5_q);
    gbc_ring *R = NULL;
    job j = {"saturate over Q", CMD_SATURATE,
             parse("x,y,z,t\n0\nx^3-y*t^2+5/7, x*y^2-z*t-3, (x-t)^3*z*t - y", &R), NULL, 1,
             NULL};
    gbc_ring *R2 = NULL;
    j.b = parse("x,y,z,t\n0\nt", &R2);
    sweep(&j);
    gbc_polys_free(j.a);
    gbc_polys_free(j.b);
    gbc_ring_free(R);
    gbc_ring_free(R2);
}
END_TEST

/* dense quadrics in 6 variables mod 32003 */
static char *quadrics(uint32_t p)
{
    static char buf[8192];
    int n = snprintf(buf, sizeof buf, "x0,x1,x2,x3,x4,x5\n%u\n", (unsigned)p);
    uint64_t s = 777;
    for (int k = 0; k < 6; k++) {
        for (int a = 0; a < 6; a++)
            for (int b = a; b < 6; b++) {
                s = s * 6364136223846793005ull + 1442695040888963407ull;
                n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%u*x%d*x%d",
                              a + b ? "+" : "", (unsigned)(s >> 33) % 32002u + 1, a, b);
            }
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s", k < 5 ? ",\n" : "\n");
    }
    return buf;
}

START_TEST(test_module)
{
    sweep_text("syz quadrics-6 mod 32003", CMD_SYZ, quadrics(32003));
    sweep_text("res quadrics-6 mod 32003", CMD_BETTI, quadrics(32003));
    sweep_text("syz quadrics-6 over Q", CMD_SYZ, quadrics(0));
}
END_TEST

START_TEST(test_solve_zp_apply)
{
    static const char *k6 = "x0,x1,x2,x3,x4,x5,x6\n32003\n"
                            "x0+2*x1+2*x2+2*x3+2*x4+2*x5+2*x6-1,"
                            "x0^2+2*x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2+2*x6^2-x0,"
                            "2*x0*x1+2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5+2*x5*x6-x1,"
                            "x1^2+2*x0*x2+2*x1*x3+2*x2*x4+2*x3*x5+2*x4*x6-x2,"
                            "2*x1*x2+2*x0*x3+2*x1*x4+2*x2*x5+2*x3*x6-x3,"
                            "x2^2+2*x1*x3+2*x0*x4+2*x1*x5+2*x2*x6-x4,"
                            "2*x2*x3+2*x1*x4+2*x0*x5+2*x1*x6-x5";
    sweep_text("solve katsura-6 mod 32003", CMD_SOLVE, k6);
    gbc_ring *R = NULL;
    job j = {"apply katsura-6 mod 32003", CMD_APPLY, parse(k6, &R), NULL, 1, NULL};
    ck_assert_int_eq(gbc_trace_mod_learn(&j.trace, NULL, j.a, NULL, NULL), GBC_OK);
    sweep(&j);
    gbc_trace_mod_free(j.trace);
    gbc_polys_free(j.a);
    gbc_ring_free(R);
}
END_TEST

static const char *katsura7_q = "x1,x2,x3,x4,x5,x6,x7,x8\n0\n"
    "x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2+2*x6^2+2*x7^2+2*x8^2-x1,"
    "2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5+2*x5*x6+2*x6*x7+2*x7*x8-x2,"
    "x2^2+2*x1*x3+2*x2*x4+2*x3*x5+2*x4*x6+2*x5*x7+2*x6*x8-x3,"
    "2*x2*x3+2*x1*x4+2*x2*x5+2*x3*x6+2*x4*x7+2*x5*x8-x4,"
    "x3^2+2*x2*x4+2*x1*x5+2*x2*x6+2*x3*x7+2*x4*x8-x5,"
    "2*x3*x4+2*x2*x5+2*x1*x6+2*x2*x7+2*x3*x8-x6,"
    "x4^2+2*x3*x5+2*x2*x6+2*x1*x7+2*x2*x8-x7,"
    "x1+2*x2+2*x3+2*x4+2*x5+2*x6+2*x7+2*x8-1";

/* katsura-7 over Q: solve (the modular parametrisation, its check, the isolation;
 * about 4 MB) and kbase with the matrices (their rationals; about 11 MB), each at
 * limits where it stops and one where it completes. */
START_TEST(test_katsura7_q)
{
    gbc_ring *R = NULL;
    job j = {"solve katsura-7 over Q", CMD_SOLVE, parse(katsura7_q, &R), NULL, 1, NULL};
    const size_t solve_limits[] = {2u << 20, 3u << 20, 4u << 20, 8u << 20};
    fixed(&j, solve_limits, 4);
    j.what = "kbase katsura-7 over Q";
    j.c = CMD_KBASE;
    const size_t kbase_limits[] = {4u << 20, 8u << 20, 24u << 20};
    fixed(&j, kbase_limits, 3);
    gbc_polys_free(j.a);
    gbc_ring_free(R);
}
END_TEST

/* The thread count does not decide whether a run completes: a limit at which one
 * thread completes eliminate on katsura-7 over Q (a quarter above its peak) lets 2
 * and 16 threads complete it too (many applies at once that meet the limit run as
 * fewer: docs/modular.md, "Batches of primes and threads"), within the same bound. */
START_TEST(test_threads_same_outcome)
{
    gbc_ring *R = NULL;
    job j = {"eliminate katsura-7 over Q", CMD_ELIMINATE, parse(katsura7_q, &R), NULL, 1, NULL};
    long long p1 = 0;
    ck_assert_int_eq(run(&j, 0, 1, &p1), GBC_OK);
    const size_t limit = (size_t)(p1 + p1 / 4);
    const int threads[] = {1, 2, 16};
    for (size_t i = 0; i < sizeof threads / sizeof threads[0]; i++) {
        long long peak = 0;
        gbc_status st = run(&j, limit, threads[i], &peak);
        printf("%-26s t=%-2d limit %9zu: %-22s peak %9lld (%.2f x limit)\n", j.what,
               threads[i], limit, gbc_status_string(st), peak, (double)peak / (double)limit);
        ck_assert_msg(st == GBC_OK, "%s with %d threads at %zu bytes: %s (1 thread: peak %lld)",
                      j.what, threads[i], limit, gbc_status_string(st), p1);
        ck_assert_msg(peak <= BOUND(limit), "%s, %d threads: live bytes %lld", j.what,
                      threads[i], peak);
    }
    gbc_polys_free(j.a);
    gbc_ring_free(R);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-memcap");
    const struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        {"solve_q", test_solve_q},     {"kbase_q", test_kbase_q},
        {"ideal_ops", test_ideal_ops}, {"module", test_module},
        {"solve_zp_apply", test_solve_zp_apply}, {"katsura7_q", test_katsura7_q},
        {"threads_same_outcome", test_threads_same_outcome},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, 600);
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
