/* tests/solve/t-limits: gbc_solve under the limits of its options. A memory limit
 * stops it with GBC_ERR_LIMIT (also in the box refinement at a high precision,
 * where the work is GMP's), or lets it finish with the result of a run without
 * limits; a time limit or a cancellation from another thread stops it with
 * GBC_ERR_INTERRUPTED within a bound (the latency is printed), also inside the
 * Groebner basis it runs; the options and the system serve again afterwards and
 * give the result of a fresh run. Leaks are checked by the asan preset. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gbc.h"
#include "testutil.h"

/* The bound on a stop's latency on a loaded machine (seconds); the latency itself
 * is printed, and is a few milliseconds on an idle one. */
#define LATENCY_BOUND 1.5

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct sys {
    gbc_ring *R;
    gbc_polys *P;
} sys;

/* katsura in nvars variables over Q. */
static sys katsura(int nvars)
{
    sys S = {NULL, NULL};
    char *t = tu_system_text("katsura", nvars, 0);
    T_ASSERT(t != NULL);
    T_ASSERT(gbc_parse(&S.R, &S.P, t, strlen(t), NULL, NULL, NULL) == GBC_OK);
    free(t);
    return S;
}

static void sys_free(sys *S)
{
    gbc_polys_free(S->P);
    gbc_ring_free(S->R);
}

/* The solutions of S at precision prec under opts as gbc's text (NULL when the
 * solve failed; *st its status). */
static char *solve_text(gbc_status *st, const sys *S, uint32_t prec, const gbc_options *o)
{
    gbc_solutions *s = NULL;
    *st = gbc_solve(&s, S->P, prec, 0, o, NULL);
    if (*st != GBC_OK) {
        T_ASSERT(s == NULL);
        return NULL;
    }
    char *text = NULL;
    T_ASSERT(gbc_solutions_to_string(&text, NULL, s, GBC_SOLVE_FORMAT_GBC) == GBC_OK);
    gbc_solutions_free(s);
    return text;
}

/* Memory limits from 16 KB doubling: each stops the solve with GBC_ERR_LIMIT or
 * gives the result of the run without limits; the small ones stop it. */
START_TEST(test_memory_sweep)
{
    sys S = katsura(5);
    gbc_status st;
    char *want = solve_text(&st, &S, 0, NULL);
    T_ASSERT(st == GBC_OK);
    gbc_options *o = NULL;
    T_ASSERT(gbc_options_new(&o) == GBC_OK);
    int stopped = 0, finished = 0;
    for (size_t lim = (size_t)16 << 10; lim <= ((size_t)256 << 20) && !finished; lim *= 2) {
        T_ASSERT(gbc_options_set_memory_limit(o, lim) == GBC_OK);
        char *got = solve_text(&st, &S, 0, o);
        T_ASSERT_MSG(st == GBC_OK || st == GBC_ERR_LIMIT, "limit %zu: status %d", lim, (int)st);
        if (st == GBC_OK) {
            T_ASSERT_MSG(strcmp(got, want) == 0, "limit %zu: another result", lim);
            finished = 1;
            printf("t-limits: katsura-4 over Q solved from a memory limit of %zu bytes\n", lim);
        } else {
            stopped++;
        }
        gbc_string_free(got);
    }
    T_ASSERT(stopped > 0 && finished);
    /* the options serve again without a limit */
    T_ASSERT(gbc_options_set_memory_limit(o, 0) == GBC_OK);
    char *again = solve_text(&st, &S, 0, o);
    T_ASSERT(st == GBC_OK && strcmp(again, want) == 0);
    gbc_string_free(again);
    gbc_string_free(want);
    gbc_options_free(o);
    sys_free(&S);
}
END_TEST

/* At precision 2^20 the boxes' integers are hundreds of kilobytes each: under the
 * least memory limit (in steps of 64 KB) with which precision 64 succeeds, the
 * refinement to 2^20 stops with GBC_ERR_LIMIT. */
START_TEST(test_memory_precision)
{
    sys S = katsura(4);
    gbc_options *o = NULL;
    T_ASSERT(gbc_options_new(&o) == GBC_OK);
    gbc_status st = GBC_ERR_LIMIT;
    size_t lim = 0;
    while (st == GBC_ERR_LIMIT && lim < ((size_t)64 << 20)) {
        lim += (size_t)64 << 10;
        T_ASSERT(gbc_options_set_memory_limit(o, lim) == GBC_OK);
        char *got = solve_text(&st, &S, 64, o);
        gbc_string_free(got);
    }
    T_ASSERT_MSG(st == GBC_OK, "precision 64: status %d", (int)st);
    double t0 = now();
    char *got = solve_text(&st, &S, GBC_SOLVE_MAX_PRECISION, o);
    T_ASSERT_MSG(st == GBC_ERR_LIMIT, "precision 2^20 under %zu bytes: status %d", lim, (int)st);
    printf("t-limits: katsura-3 at precision 64 needs %zu bytes; at 2^20 it stopped after "
           "%.3f s\n", lim, now() - t0);
    gbc_string_free(got);
    gbc_options_free(o);
    sys_free(&S);
}
END_TEST

/* A time limit stops the refinement at precision 2^20 (which takes far longer)
 * within LATENCY_BOUND of it. */
START_TEST(test_timeout)
{
    sys S = katsura(4);
    gbc_options *o = NULL;
    T_ASSERT(gbc_options_new(&o) == GBC_OK);
    T_ASSERT(gbc_options_set_time_limit(o, 0.3) == GBC_OK);
    double t0 = now();
    gbc_status st;
    char *got = solve_text(&st, &S, GBC_SOLVE_MAX_PRECISION, o);
    double dt = now() - t0;
    T_ASSERT_MSG(st == GBC_ERR_INTERRUPTED, "status %d", (int)st);
    printf("t-limits: time limit 0.3 s at precision 2^20: stopped after %.3f s (%.1f ms late)\n",
           dt, 1e3 * (dt - 0.3));
    T_ASSERT_MSG(dt < 0.3 + LATENCY_BOUND, "stopped after %.3f s", dt);
    /* and the same options, without the limit, at a low precision: the result of a
     * fresh run */
    T_ASSERT(gbc_options_set_time_limit(o, 0.0) == GBC_OK);
    char *want = solve_text(&st, &S, 64, NULL);
    T_ASSERT(st == GBC_OK);
    got = solve_text(&st, &S, 64, o);
    T_ASSERT(st == GBC_OK && strcmp(got, want) == 0);
    gbc_string_free(got);
    gbc_string_free(want);
    gbc_options_free(o);
    sys_free(&S);
}
END_TEST

typedef struct canceller {
    gbc_options *o;
    double delay;
    double at; /* when it cancelled */
} canceller;

static void *cancel_later(void *arg)
{
    canceller *c = arg;
    struct timespec d = {(time_t)c->delay, (long)((c->delay - (double)(time_t)c->delay) * 1e9)};
    nanosleep(&d, NULL);
    c->at = now();
    gbc_options_cancel(c->o);
    return NULL;
}

/* Solve S at prec under o while another thread cancels o after delay seconds:
 * GBC_ERR_INTERRUPTED within LATENCY_BOUND of the cancellation. */
static void cancel_case(const sys *S, uint32_t prec, double delay, const char *what)
{
    gbc_options *o = NULL;
    T_ASSERT(gbc_options_new(&o) == GBC_OK);
    canceller c = {o, delay, 0.0};
    pthread_t th;
    T_ASSERT(pthread_create(&th, NULL, cancel_later, &c) == 0);
    gbc_status st;
    char *got = solve_text(&st, S, prec, o);
    double end = now();
    T_ASSERT(pthread_join(th, NULL) == 0);
    T_ASSERT_MSG(st == GBC_ERR_INTERRUPTED, "%s: status %d", what, (int)st);
    printf("t-limits: %s: cancelled after %.3f s, stopped %.2f ms later\n", what, delay,
           1e3 * (end - c.at));
    T_ASSERT_MSG(end - c.at < LATENCY_BOUND, "%s: %.3f s late", what, end - c.at);
    /* the options serve again once the flag is reset */
    gbc_options_reset_cancel(o);
    char *want = solve_text(&st, S, 64, NULL);
    T_ASSERT(st == GBC_OK);
    got = solve_text(&st, S, 64, o);
    T_ASSERT(st == GBC_OK && strcmp(got, want) == 0);
    gbc_string_free(got);
    gbc_string_free(want);
    gbc_options_free(o);
}

/* Cancelled from another thread during the refinement at precision 2^20, and
 * early in katsura-7 over Q (its Groebner basis or parametrisation). */
START_TEST(test_cancel_thread)
{
    sys S = katsura(4);
    cancel_case(&S, GBC_SOLVE_MAX_PRECISION, 0.2, "katsura-3, precision 2^20");
    sys_free(&S);
    S = katsura(8); /* a quarter of a second or more: never done within 0.03 s */
    cancel_case(&S, 64, 0.03, "katsura-7 over Q");
    sys_free(&S);
}
END_TEST

static Suite *limits_suite(void)
{
    Suite *s = suite_create("solve-limits");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_memory_sweep);
    tcase_add_test(tc, test_memory_precision);
    tcase_add_test(tc, test_timeout);
    tcase_add_test(tc, test_cancel_thread);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(limits_suite());
}
