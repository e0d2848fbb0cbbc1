/* soak: many computations of mixed sizes in one process through the public API
 * (include/gbc.h), with random interrupts (a callback that stops after a random
 * number of polls) and random memory limits, to show that nothing is left behind:
 * the resident set size (from /proc/self/statm) is printed at the start, the middle
 * and the end and must stay flat, and every result is checked (a basis that comes
 * back must be a reduced Groebner basis). Usage: soak [COUNT [SEED]] (1000 and a
 * seed from the clock by default; the seed is printed). The RSS and the bytes
 * malloc holds for live blocks (glibc's mallinfo2) are printed every tenth of the
 * run; with SOAK_TRIM set in the environment, also the RSS after malloc_trim(0).
 * Exit status 0 when every check held, the end's RSS is within 32 MB of the
 * middle's and the bytes in use at the end within 1 MB of the start's, 1
 * otherwise. Under
 * valgrind or ASan run a short count (e.g. 50) for the leak check. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "gbc.h"

static uint64_t rng_state;

static uint64_t rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t below(uint64_t n)
{
    return rnd() % n;
}

static double rss_mb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, res = 0;
    if (f == NULL)
        return -1.0;
    if (fscanf(f, "%ld %ld", &size, &res) != 2)
        res = -1;
    fclose(f);
    return res < 0 ? -1.0 : (double)res * (double)sysconf(_SC_PAGESIZE) / 1048576.0;
}

/* Bytes held by malloc for live blocks (glibc's mallinfo2, all arenas), -1 where
 * unknown: growth here with the RSS is memory still reachable; RSS growth with this
 * flat is the allocator keeping freed memory. */
static double inuse_mb(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 mi = mallinfo2();
    return (double)(mi.uordblks + mi.hblkhd) / 1048576.0;
#else
    return -1.0;
#endif
}

/* Print the RSS and malloc's in-use bytes; with SOAK_TRIM set, also the RSS after
 * malloc_trim(0) (freed memory returned to the system). Returns the RSS printed
 * last. */
static double report(const char *when)
{
    double r = rss_mb();
    printf("soak: %s: RSS %.1f MB, in use %.1f MB", when, r, inuse_mb());
#if defined(__GLIBC__)
    if (getenv("SOAK_TRIM") != NULL) {
        malloc_trim(0);
        r = rss_mb();
        printf(", RSS after malloc_trim %.1f MB", r);
    }
#endif
    printf("\n");
    fflush(stdout);
    return r;
}

/* Stop after a given number of polls (0: never). */
typedef struct stopper {
    long left;
    int armed;
} stopper;

static int poll_cb(void *data)
{
    stopper *s = data;
    return s->armed && --s->left < 0;
}

/* A text buffer grown by appending. */
typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < t->cap - t->n) {
            t->n += (size_t)k;
            return;
        }
        t->cap = t->cap * 2 + (size_t)(k > 0 ? k : 0) + 256;
        t->s = realloc(t->s, t->cap);
        if (t->s == NULL) {
            fprintf(stderr, "soak: out of memory\n");
            exit(1);
        }
    }
}

/* A random system: nv variables, ng generators of degree <= deg with nt terms,
 * coefficients below cmax; characteristic p (0: Q). */
static void random_system(text *t, int nv, int ng, int deg, int nt, uint32_t p, int cmax)
{
    t->n = 0;
    for (int v = 0; v < nv; v++)
        put(t, "%sx%d", v ? "," : "", v);
    put(t, "\n%u\n", p);
    for (int g = 0; g < ng; g++) {
        for (int k = 0; k < nt; k++) {
            put(t, "%s%d", k ? "+" : "", 1 + (int)below((uint64_t)cmax));
            int d = (int)below((uint64_t)deg + 1);
            for (int e = 0; e < d; e++)
                put(t, "*x%d", (int)below((uint64_t)nv));
        }
        put(t, "%s\n", g + 1 < ng ? "," : "");
    }
}

/* cyclic-n: sum over k of products of k cyclically consecutive variables, and
 * x0 ... x(n-1) - 1. */
static void cyclic(text *t, int n, uint32_t p)
{
    t->n = 0;
    for (int v = 0; v < n; v++)
        put(t, "%sx%d", v ? "," : "", v);
    put(t, "\n%u\n", p);
    for (int k = 1; k < n; k++) {
        for (int s = 0; s < n; s++) {
            put(t, "%s", s ? "+" : "");
            for (int j = 0; j < k; j++)
                put(t, "%sx%d", j ? "*" : "", (s + j) % n);
        }
        put(t, ",\n");
    }
    for (int v = 0; v < n; v++)
        put(t, "x%d*", v);
    put(t, "1-1\n");
}

int main(int argc, char **argv)
{
    long count = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : (uint64_t)time(NULL);
    if (count <= 0) {
        fprintf(stderr, "usage: soak [COUNT [SEED]]\n");
        return 2;
    }
    rng_state = seed;
    printf("soak: %ld computations, seed %llu (rerun: soak %ld %llu)\n", count,
           (unsigned long long)seed, count, (unsigned long long)seed);
    static const uint32_t primes[] = {32003, 65521, 2147483647u, 7};
    static const char *orders[] = {"grevlex", "lex", "deglex"};
    long n_ok = 0, n_limit = 0, n_int = 0, n_other = 0, bad = 0;
    double rss_mid = 0.0;
    report("at the start");
    double use0 = inuse_mb();
    text t = {NULL, 0, 0};
    for (long i = 0; i < count; i++) {
        if (i > 0 && i % (count >= 10 ? count / 10 : 1) == 0) {
            char when[64];
            snprintf(when, sizeof when, "after %ld computations", i);
            double r = report(when);
            if (i <= count / 2)
                rss_mid = r;
        }
        int q = below(4) == 0; /* over Q a quarter of the time */
        uint32_t p = q ? 0 : primes[below(4)];
        int nv = 2 + (int)below(q ? 3 : 6);
        int deg = 2 + (int)below(2);
        if (below(4) == 0)
            cyclic(&t, q ? 4 + (int)below(2) : 4 + (int)below(3), p);
        else
            random_system(&t, nv, nv + (int)below(2), deg, 2 + (int)below(8), p,
                          q ? 1000 : 30000);
        const char *order = orders[below(3)];
        gbc_ring *ring = NULL;
        gbc_polys *gens = NULL, *basis = NULL;
        gbc_options *opts = NULL;
        gbc_error err;
        if (gbc_options_new(&opts) != GBC_OK) {
            fprintf(stderr, "soak: out of memory\n");
            return 1;
        }
        stopper stop = {(long)below(50), below(3) == 0};
        gbc_options_set_interrupt(opts, poll_cb, &stop);
        size_t limit = below(3) == 0 ? (size_t)(64 * 1024 + below(16u << 20)) : 0;
        if (limit)
            gbc_options_set_memory_limit(opts, limit);
        if (below(4) == 0)
            gbc_options_set_threads(opts, 2);
        if (below(8) == 0)
            gbc_options_set_algorithm(opts, GBC_ALGO_BUCHBERGER);
        gbc_status st = gbc_parse(&ring, &gens, t.s, t.n, order, opts, &err);
        if (st == GBC_OK)
            st = gbc_groebner(&basis, gens, opts, NULL);
        if (st == GBC_OK) {
            int isgb = 0, isred = 0;
            /* checked without the limits (the check may need more than the run) */
            gbc_status cs = gbc_is_groebner(&isgb, &isred, basis, NULL);
            if (cs != GBC_OK || !isgb || !isred) {
                fprintf(stderr, "soak: computation %ld: not a reduced basis (%s)\n%s", i,
                        gbc_status_string(cs), t.s);
                bad++;
            }
            n_ok++;
        } else if (st == GBC_ERR_LIMIT && limit != 0) {
            n_limit++;
        } else if (st == GBC_ERR_INTERRUPTED && stop.armed) {
            n_int++;
        } else {
            /* a limit or an interrupt that was not set is a failure */
            fprintf(stderr, "soak: computation %ld: %s (limit %zu, interrupt %s)\n%s", i,
                    gbc_status_string(st), limit, stop.armed ? "set" : "not set", t.s);
            n_other++;
            bad++;
        }
        gbc_polys_free(basis);
        gbc_polys_free(gens);
        gbc_ring_free(ring);
        gbc_options_free(opts);
    }
    free(t.s);
    double rss1 = report("at the end");
    /* the bytes malloc holds for live blocks: back to the start's, or something
     * made by a computation is still reachable (valgrind's "still reachable") */
    double use1 = inuse_mb();
    if (use0 >= 0.0 && use1 > use0 + 1.0) {
        fprintf(stderr, "soak: %.1f MB still in use at the end (%.1f MB at the start)\n", use1,
                use0);
        bad++;
    }
    printf("soak: %ld bases, %ld stopped by the memory limit, %ld interrupted, %ld other\n",
           n_ok, n_limit, n_int, n_other);
    if (rss1 > rss_mid + 32.0) {
        fprintf(stderr, "soak: RSS grew from %.1f to %.1f MB in the second half\n", rss_mid,
                rss1);
        bad++;
    }
    return bad ? 1 : 0;
}
