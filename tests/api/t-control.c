/* Control of long computations through the public API: gbc_options_cancel from
 * another thread and the interrupt callback stop F4 (one and two threads), the
 * multi-modular path over Q, Buchberger and the parser with GBC_ERR_INTERRUPTED;
 * the latency from the request to the return is measured (the median is printed;
 * the assertion is only a generous sanity bound). The memory limit gives
 * GBC_ERR_LIMIT; progress and log callbacks are called; the library writes
 * nothing to stdout or stderr; after a stop every handle is reused. Leaks are
 * checked by the ASan build. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "apitest.h"
#include "testutil.h"

/* Generous bound on the stop latency: the goal is 50 ms, but a loaded machine or
 * a sanitizer build may be much slower. */
#define LATENCY_BOUND 1.0

static void sleep_s(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    nanosleep(&ts, NULL);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One long computation run in a worker thread. */
typedef struct job {
    const gbc_polys *F;
    gbc_options *opts;
    gbc_polys *G;
    gbc_status st;
    double t_end;
    /* for the parse job */
    const char *text;
    gbc_ring *R;
} job;

static void *run_groebner(void *arg)
{
    job *j = arg;
    j->st = gbc_groebner(&j->G, j->F, j->opts, NULL);
    j->t_end = at_now();
    return NULL;
}

static void *run_parse(void *arg)
{
    job *j = arg;
    j->st = gbc_parse(&j->R, &j->G, j->text, strlen(j->text), NULL, j->opts, NULL);
    j->t_end = at_now();
    return NULL;
}

/* The interrupt callback: stop once the main thread has set the flag. */
static atomic_int stop_flag;
static atomic_long ncalls;
static int interrupt_cb(void *data)
{
    (void)data;
    atomic_fetch_add(&ncalls, 1);
    return atomic_load(&stop_flag);
}

/* Start fn in a thread, ask it to stop after delay seconds (by the cancel flag or
 * the interrupt callback), and return the latency; fails if the job finished on
 * its own before the request. */
static double stop_after(job *j, void *(*fn)(void *), double delay, int use_cancel)
{
    pthread_t th;
    atomic_store(&stop_flag, 0);
    j->G = NULL;
    j->R = NULL;
    ck_assert_int_eq(pthread_create(&th, NULL, fn, j), 0);
    sleep_s(delay);
    double t0 = at_now();
    if (use_cancel)
        gbc_options_cancel(j->opts);
    else
        atomic_store(&stop_flag, 1);
    pthread_join(th, NULL);
    ck_assert_msg(j->st == GBC_ERR_INTERRUPTED, "after %.3f s: %s (the input is too easy?)",
                  delay, gbc_status_string(j->st));
    ck_assert_ptr_null(j->G);
    ck_assert_ptr_null(j->R);
    gbc_options_reset_cancel(j->opts);
    return j->t_end - t0;
}

/* Stops per measurement: k, times GBC_TEST_MULT (capped by latencies' buffer);
 * each waits up to its maximal delay, so the defaults keep the program short. */
#define NSTOPS(k) ((k) * tu_mult() > 32 ? 32 : (k) * tu_mult())

/* Stop the job at several moments, report and check the latencies. */
static void latencies(const char *what, job *j, void *(*fn)(void *), int use_cancel,
                      int n, double max_delay)
{
    double lat[32];
    ck_assert_int_le(n, 32);
    for (int i = 0; i < n; i++) {
        double delay = 0.005 + max_delay * (double)i / (double)(n > 1 ? n - 1 : 1);
        lat[i] = stop_after(j, fn, delay, use_cancel);
    }
    qsort(lat, (size_t)n, sizeof lat[0], cmp_double);
    printf("latency %-34s median %7.2f ms  max %7.2f ms  (%d stops)\n", what,
           1e3 * lat[n / 2], 1e3 * lat[n - 1], n);
    fflush(stdout);
    ck_assert_msg(lat[n - 1] < LATENCY_BOUND, "%s: a stop took %.3f s", what, lat[n - 1]);
}

/* A ring and katsura-n in it. */
static gbc_polys *katsura(gbc_ring **R, uint32_t n, uint32_t p)
{
    *R = at_ring(n + 1, p, NULL);
    return at_katsura_polys(*R, n);
}

START_TEST(test_stop_f4)
{
    gbc_ring *R;
    gbc_polys *F = katsura(&R, 11, 65521); /* a few seconds: never done before a stop */
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    job j = {.F = F, .opts = o};
    latencies("F4 katsura-11 mod p, cancel", &j, run_groebner, 1, NSTOPS(5), 0.5);
    ck_assert_int_eq(gbc_options_set_interrupt(o, interrupt_cb, NULL), GBC_OK);
    atomic_store(&ncalls, 0);
    latencies("F4 katsura-11 mod p, callback", &j, run_groebner, 0, NSTOPS(5), 0.5);
    ck_assert(atomic_load(&ncalls) > 0);
    ck_assert_int_eq(gbc_options_set_threads(o, 2), GBC_OK);
    latencies("F4 katsura-11 mod p, 2 threads", &j, run_groebner, 0, NSTOPS(4), 0.5);
    /* every handle still works: a cancel request before the start stops at once,
     * then the same options, ring and list compute a basis */
    gbc_options_cancel(o);
    ck_assert_int_eq(gbc_options_cancelled(o), 1);
    gbc_polys *G = NULL;
    ck_assert_int_eq(gbc_groebner(&G, F, o, NULL), GBC_ERR_INTERRUPTED);
    ck_assert_ptr_null(G);
    gbc_options_reset_cancel(o);
    ck_assert_int_eq(gbc_options_cancelled(o), 0);
    atomic_store(&stop_flag, 0);
    gbc_polys *S = at_katsura_polys(R, 3); /* katsura-3 embedded in 12 variables */
    ck_assert_int_eq(gbc_groebner(&G, S, o, NULL), GBC_OK);
    int isg = 0;
    ck_assert_int_eq(gbc_is_groebner(&isg, NULL, G, o), GBC_OK);
    ck_assert_int_eq(isg, 1);
    gbc_polys *N = NULL;
    ck_assert_int_eq(gbc_normal_form(&N, F, F, o), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(N), gbc_polys_count(F));
    gbc_polys_free(N);
    gbc_polys_free(G);
    gbc_polys_free(S);
    gbc_options_free(o);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_stop_modular_and_buchberger)
{
    gbc_ring *R;
    gbc_polys *F = katsura(&R, 9, 0);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_interrupt(o, interrupt_cb, NULL), GBC_OK);
    job j = {.F = F, .opts = o};
    latencies("modular katsura-9 over Q, callback", &j, run_groebner, 0, NSTOPS(4), 0.4);
    latencies("modular katsura-9 over Q, cancel", &j, run_groebner, 1, NSTOPS(4), 0.4);
    ck_assert_int_eq(gbc_options_set_certify(o, 1), GBC_OK);
    latencies("certified katsura-9 over Q, cancel", &j, run_groebner, 1, NSTOPS(3), 0.4);
    ck_assert_int_eq(gbc_options_set_certify(o, 0), GBC_OK);
    ck_assert_int_eq(gbc_options_set_algorithm(o, GBC_ALGO_BUCHBERGER), GBC_OK);
    latencies("Buchberger katsura-9 over Q, cancel", &j, run_groebner, 1, NSTOPS(4), 0.4);
    gbc_polys_free(F);
    gbc_ring_free(R);
    F = katsura(&R, 10, 65521);
    j.F = F;
    latencies("Buchberger katsura-10 mod p, callback", &j, run_groebner, 0, NSTOPS(4), 0.4);
    gbc_options_free(o);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_stop_parse)
{
    /* expanding powers of sums is long: many generators (a+2b+3c+4d+5e+1)^10 */
    const char *head = "a,b,c,d,e\n0\n", *gen = "(a+2*b+3*c+4*d+5*e+1)^10";
    size_t ngens = 400, cap = strlen(head) + ngens * (strlen(gen) + 1) + 1;
    char *text = malloc(cap);
    size_t l = (size_t)snprintf(text, cap, "%s", head);
    for (size_t i = 0; i < ngens; i++)
        l += (size_t)snprintf(text + l, cap - l, "%s%s", i ? "," : "", gen);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_interrupt(o, interrupt_cb, NULL), GBC_OK);
    job j = {.text = text, .opts = o};
    latencies("parse 400 x (6-term sum)^10, cancel", &j, run_parse, 1, NSTOPS(4), 0.2);
    latencies("parse 400 x (6-term sum)^10, callback", &j, run_parse, 0, NSTOPS(4), 0.2);
    gbc_options_free(o);
    free(text);
}
END_TEST

START_TEST(test_memory_limit)
{
    for (int q = 0; q < 2; q++)
        for (int algo = 0; algo < 2; algo++) {
            gbc_ring *R;
            gbc_polys *F = katsura(&R, 7, q ? 0 : 65521);
            gbc_options *o = NULL;
            ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
            ck_assert_int_eq(gbc_options_set_algorithm(
                                 o, algo ? GBC_ALGO_BUCHBERGER : GBC_ALGO_DEFAULT),
                             GBC_OK);
            gbc_polys *G = NULL, *G0 = NULL;
            gbc_stats *st = NULL;
            ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
            ck_assert_int_eq(gbc_groebner(&G0, F, o, st), GBC_OK);
            double peak = gbc_stats_get(st, "peak_bytes");
            ck_assert(peak > 0);
            /* a limit of a tenth of the peak, then of a few bytes */
            size_t limits[2] = {(size_t)(peak / 10), 16};
            for (int l = 0; l < 2; l++) {
                ck_assert_int_eq(gbc_options_set_memory_limit(o, limits[l]), GBC_OK);
                ck_assert_int_eq(gbc_groebner(&G, F, o, st), GBC_ERR_LIMIT);
                ck_assert_ptr_null(G);
                ck_assert(gbc_stats_get(st, "peak_bytes") <= (double)limits[l]);
            }
            /* parse and arrays honour the limit too */
            gbc_polys *P = NULL;
            ck_assert_int_eq(gbc_polys_parse(&P, R, "(x0+x1+x2+x3)^20", 16, o, NULL),
                             GBC_ERR_LIMIT);
            ck_assert_ptr_null(P);
            /* the same options without a limit: the same basis */
            ck_assert_int_eq(gbc_options_set_memory_limit(o, 0), GBC_OK);
            ck_assert_int_eq(gbc_groebner(&G, F, o, st), GBC_OK);
            at_assert_same(G, G0);
            gbc_stats_free(st);
            gbc_polys_free(G);
            gbc_polys_free(G0);
            gbc_options_free(o);
            gbc_polys_free(F);
            gbc_ring_free(R);
        }
}
END_TEST

/* Progress: stages seen and calls counted. */
typedef struct prog {
    int calls, f4, modular, buchberger, bad;
    uint64_t last_count;
} prog;

static void progress_cb(void *data, const char *stage, double fraction, uint64_t count)
{
    prog *p = data;
    p->calls++;
    if (strcmp(stage, "f4") == 0)
        p->f4++;
    else if (strcmp(stage, "modular") == 0)
        p->modular++;
    else if (strcmp(stage, "buchberger") == 0)
        p->buchberger++;
    if (fraction > 1.0)
        p->bad++;
    p->last_count = count;
}

/* Log: lines and bytes received. */
typedef struct logrec {
    int lines[3];
    size_t bytes;
} logrec;

static void log_cb(void *data, int level, const char *msg)
{
    logrec *r = data;
    ck_assert(level >= 1 && level <= 2);
    ck_assert_ptr_nonnull(msg);
    r->lines[level]++;
    r->bytes += strlen(msg);
}

START_TEST(test_progress_and_log)
{
    /* stdout and stderr go to a file that must stay empty */
    fflush(stdout);
    fflush(stderr);
    char path[] = "/tmp/gbc-api-outXXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    int save1 = dup(1), save2 = dup(2);
    dup2(fd, 1);
    dup2(fd, 2);
    prog P[3];
    logrec L[3];
    memset(P, 0, sizeof P);
    memset(L, 0, sizeof L);
    for (int k = 0; k < 3; k++) {
        gbc_ring *R;
        gbc_polys *F = katsura(&R, 8, k == 1 ? 0 : 65521);
        gbc_options *o = NULL;
        ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
        ck_assert_int_eq(gbc_options_set_progress(o, progress_cb, &P[k]), GBC_OK);
        ck_assert_int_eq(gbc_options_set_log(o, log_cb, &L[k], 2), GBC_OK);
        if (k == 2)
            ck_assert_int_eq(gbc_options_set_algorithm(o, GBC_ALGO_BUCHBERGER), GBC_OK);
        gbc_polys *G = NULL;
        gbc_stats *st = NULL;
        ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
        ck_assert_int_eq(gbc_groebner(&G, F, o, st), GBC_OK);
        ck_assert(gbc_stats_get(st, "seconds") > 0);
        ck_assert(gbc_stats_get(st, "basis_size") == (double)gbc_polys_count(G));
        ck_assert(gbc_stats_get(st, "no such counter") == 0);
        /* a parse error, a verification and a normal form, all quiet */
        gbc_polys *B = NULL;
        gbc_error err;
        ck_assert_int_eq(gbc_polys_parse(&B, R, "x0 +* x1", 8, o, &err), GBC_ERR_PARSE);
        int isg = 0;
        gbc_polys *F4 = at_katsura_polys(R, 4), *G4 = NULL;
        ck_assert_int_eq(gbc_groebner(&G4, F4, o, NULL), GBC_OK);
        ck_assert_int_eq(gbc_is_groebner(&isg, NULL, G4, o), GBC_OK);
        ck_assert_int_eq(isg, 1);
        gbc_polys_free(G4);
        gbc_polys_free(F4);
        gbc_polys *N = NULL;
        ck_assert_int_eq(gbc_normal_form(&N, F, G, o), GBC_OK);
        gbc_polys_free(N);
        gbc_stats_free(st);
        gbc_polys_free(G);
        gbc_options_free(o);
        gbc_polys_free(F);
        gbc_ring_free(R);
    }
    fflush(stdout);
    fflush(stderr);
    dup2(save1, 1);
    dup2(save2, 2);
    close(save1);
    close(save2);
    off_t size = lseek(fd, 0, SEEK_END);
    close(fd);
    unlink(path);
    ck_assert_msg(size == 0, "the library wrote %ld bytes to stdout/stderr", (long)size);
    ck_assert_int_gt(P[0].f4, 0);
    ck_assert_int_gt(P[1].modular, 0);
    ck_assert_int_gt(P[2].buchberger, 0);
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(P[k].bad, 0);
        ck_assert_msg(L[k].lines[1] > 0, "no log line of level 1 (computation %d)", k);
    }
}
END_TEST

/* The progress callback may cancel its own computation. */
static void cancel_from_progress(void *data, const char *stage, double fraction,
                                 uint64_t count)
{
    (void)stage;
    (void)fraction;
    if (count >= 3)
        gbc_options_cancel(data);
}

START_TEST(test_cancel_from_progress)
{
    gbc_ring *R;
    /* large enough that F4 reports its fourth round: reports come at most every
     * 10 ms (katsura-8 took less than that in all) */
    gbc_polys *F = katsura(&R, 10, 65521);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_progress(o, cancel_from_progress, o), GBC_OK);
    gbc_polys *G = NULL;
    ck_assert_int_eq(gbc_groebner(&G, F, o, NULL), GBC_ERR_INTERRUPTED);
    ck_assert_ptr_null(G);
    gbc_options_reset_cancel(o);
    ck_assert_int_eq(gbc_options_set_progress(o, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_groebner(&G, F, o, NULL), GBC_OK);
    gbc_polys_free(G);
    gbc_options_free(o);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-control");
    /* one case per test, so that CK_RUN_CASE selects one */
    const struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        {"stop_f4", test_stop_f4},
        {"stop_modular", test_stop_modular_and_buchberger},
        {"stop_parse", test_stop_parse},
        {"memory_limit", test_memory_limit},
        {"progress_log", test_progress_and_log},
        {"cancel_from_progress", test_cancel_from_progress},
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
    return tu_run(suite());
}
