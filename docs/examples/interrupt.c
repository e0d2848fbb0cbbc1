/* Interrupt and cancel: stop a long computation from another thread with
 * gbc_options_cancel, and from an interrupt callback with a deadline; after the
 * stop the handles are reused. A memory limit stops with GBC_ERR_LIMIT. Build
 * with -pthread. */
#define _POSIX_C_SOURCE 200809L /* nanosleep under -std=c11 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <gbc.h>

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* katsura-12 (13 variables) over Z/65521 takes seconds: the stops below come first */
static gbc_status katsura(gbc_ring **ring, gbc_polys **gens, int n)
{
    char text[8192];
    size_t l = 0;
    for (int i = 0; i <= n; i++)
        l += (size_t)snprintf(text + l, sizeof text - l, "%sx%d", i ? "," : "", i);
    l += (size_t)snprintf(text + l, sizeof text - l, "\n65521\nx0");
    for (int i = 1; i <= n; i++)
        l += (size_t)snprintf(text + l, sizeof text - l, "+2*x%d", i);
    l += (size_t)snprintf(text + l, sizeof text - l, "-1");
    for (int m = 0; m < n; m++) {
        l += (size_t)snprintf(text + l, sizeof text - l, ",\n-x%d", m);
        for (int k = -n; k <= n; k++) {
            int a = k < 0 ? -k : k, b = m - k < 0 ? k - m : m - k;
            if (b <= n)
                l += (size_t)snprintf(text + l, sizeof text - l, "+x%d*x%d", a, b);
        }
    }
    return gbc_parse(ring, gens, text, l, NULL, NULL, NULL);
}

typedef struct job {
    gbc_polys *gens;
    gbc_options *opts;
    gbc_status st;
} job;

static void *compute(void *arg)
{
    job *j = arg;
    gbc_polys *basis = NULL;
    j->st = gbc_groebner(&basis, j->gens, j->opts, NULL);
    gbc_polys_free(basis);
    return NULL;
}

static int past_deadline(void *data)
{
    return now() > *(const double *)data;
}

int main(void)
{
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL;
    gbc_options *opts = NULL;
    if (katsura(&ring, &gens, 12) != GBC_OK || gbc_options_new(&opts) != GBC_OK)
        return 1;
    int ok = 1;

    /* 1. cancel from another thread (also allowed from a signal handler) */
    job j = {gens, opts, GBC_OK};
    pthread_t th;
    pthread_create(&th, NULL, compute, &j);
    struct timespec ts = {0, 200000000};
    nanosleep(&ts, NULL);
    double t0 = now();
    gbc_options_cancel(opts);
    pthread_join(th, NULL);
    printf("cancel: %s after %.1f ms\n", gbc_status_string(j.st), 1e3 * (now() - t0));
    ok &= j.st == GBC_ERR_INTERRUPTED;
    gbc_options_reset_cancel(opts); /* the request stays set until reset */

    /* 2. an interrupt callback: stop after 300 ms */
    double deadline = now() + 0.3;
    gbc_options_set_interrupt(opts, past_deadline, &deadline);
    compute(&j);
    printf("callback: %s %.1f ms after the deadline\n", gbc_status_string(j.st),
           1e3 * (now() - deadline));
    ok &= j.st == GBC_ERR_INTERRUPTED;
    gbc_options_set_interrupt(opts, NULL, NULL);

    /* 3. a memory limit of 1 MB on the library's own allocations */
    gbc_options_set_memory_limit(opts, 1u << 20);
    compute(&j);
    printf("limit: %s\n", gbc_status_string(j.st));
    ok &= j.st == GBC_ERR_LIMIT;
    gbc_options_set_memory_limit(opts, 0);

    /* 4. the same handles, a smaller problem: succeeds */
    gbc_polys *small = NULL, *basis = NULL;
    const char *text = "x0 + x1 + x2 - 1, x0*x1 - x2, x2^2 - x0";
    if (gbc_polys_parse(&small, ring, text, strlen(text), opts, NULL) == GBC_OK &&
        gbc_groebner(&basis, small, opts, NULL) == GBC_OK)
        printf("after the stops: a basis of %zu elements\n", gbc_polys_count(basis));
    else
        ok = 0;
    gbc_polys_free(basis);
    gbc_polys_free(small);
    gbc_options_free(opts);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    return ok ? 0 : 1;
}
