/* cli/output: what the gbc tool writes: results (to a temporary file renamed over
 * the output, so a failed write leaves it as it was), the messages of failed
 * computations, the -v summary, and the log and progress line on stderr. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "interrupt.h"

static const char *const progname = "gbc";

/* ---------------------------------------------------------------- results -- */

static size_t file_write(void *f, const char *buf, size_t n)
{
    return fwrite(buf, 1, n, (FILE *)f);
}

typedef struct counted_file {
    FILE *f;
    size_t *n;
} counted_file;

static size_t counted_write(void *data, const char *buf, size_t n)
{
    counted_file *c = data;
    size_t w = fwrite(buf, 1, n, c->f);
    *c->n += w;
    return w;
}

/* Write e to o; nonzero on a write error or a failed computation (e->st says
 * which). */
static int emit_to(FILE *o, cli_emit *e)
{
    if (e->gens != NULL) {
        counted_file c = {o, &e->written};
        e->st = gbc_groebner_write(e->gens, e->opts, e->stats, GBC_PRINT_HEADER,
                                   counted_write, &c);
        return e->st != GBC_OK;
    }
    if (e->polys != NULL)
        return gbc_polys_print(e->polys, GBC_PRINT_HEADER, file_write, o) != GBC_OK;
    return (e->len ? fwrite(e->data, 1, e->len, o) : 0) != e->len;
}

/* Whether a failure of e is the computation's (reported by the caller) rather
 * than the writing's. */
static int emit_failed_computing(const cli_emit *e)
{
    return e->gens != NULL && e->st != GBC_OK && e->st != GBC_ERR_IO;
}

/* e written to o, which is standard output or a file that is not a regular one
 * (name for the messages); nonzero on failure. */
static int write_direct(FILE *o, const char *name, cli_emit *e)
{
    int werr = emit_to(o, e);
    if (emit_failed_computing(e)) {
        fflush(o);
        if (e->written > 0)
            fprintf(stderr, "%s: the text written to %s is incomplete: discard it\n", progname,
                    name);
        return 1;
    }
    if (werr || fflush(o) != 0) {
        fprintf(stderr, "%s: error writing the result to %s: %s\n", progname, name,
                strerror(errno));
        return 1;
    }
    return 0;
}

static int write_in_place(const char *outfile, cli_emit *e, int *open_failed)
{
    FILE *o = fopen(outfile, "wb");
    if (o == NULL) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", progname, outfile, strerror(errno));
        *open_failed = 1;
        return 1;
    }
    char name[64];
    snprintf(name, sizeof name, "'%.58s'", outfile);
    int bad = write_direct(o, name, e);
    if (fclose(o) != 0 && !bad) {
        fprintf(stderr, "%s: error writing the result to %s: %s\n", progname, name,
                strerror(errno));
        bad = 1;
    }
    return bad;
}

int cli_write_stream(const char *outfile, cli_emit *e, int *open_failed)
{
    *open_failed = 0;
    if (outfile == NULL || strcmp(outfile, "-") == 0)
        return write_direct(stdout, "standard output", e);
    /* Something other than a regular file (/dev/null, a FIFO, a terminal) is
     * written in place: renaming a temporary file over it would replace the
     * device itself. */
    struct stat ob;
    if (stat(outfile, &ob) == 0 && !S_ISREG(ob.st_mode))
        return write_in_place(outfile, e, open_failed);
    /* A symbolic link: the file it names is replaced, the link stays. */
    char *real = NULL;
    struct stat lb;
    if (lstat(outfile, &lb) == 0 && S_ISLNK(lb.st_mode)) {
        real = realpath(outfile, NULL);
        if (real != NULL)
            outfile = real;
    }
    size_t n = strlen(outfile);
    char *tmp = malloc(n + 16);
    if (tmp == NULL) {
        fprintf(stderr, "%s: out of memory\n", progname);
        free(real);
        return 1;
    }
    memcpy(tmp, outfile, n);
    memcpy(tmp + n, ".gbc-XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", progname, outfile, strerror(errno));
        free(tmp);
        free(real);
        *open_failed = 1;
        return 1;
    }
    /* the mode a new file would get (or the existing file's) */
    struct stat sb;
    mode_t mode;
    if (stat(outfile, &sb) == 0) {
        mode = sb.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    int bad = fchmod(fd, mode) != 0;
    FILE *o = fdopen(fd, "wb");
    if (o == NULL) {
        close(fd);
        bad = 1;
    } else {
        bad |= emit_to(o, e) != 0;
        bad |= fflush(o) != 0;
        bad |= fclose(o) != 0;
    }
    if (!bad && rename(tmp, outfile) != 0)
        bad = 1;
    if (bad) {
        int err = errno;
        unlink(tmp);
        if (emit_failed_computing(e)) { /* the caller reports it */
            free(tmp);
            free(real);
            return 1;
        }
        fprintf(stderr, "%s: error writing the result to '%s' (left unchanged): %s\n", progname,
                outfile, strerror(err));
    }
    free(tmp);
    free(real);
    return bad;
}

int cli_write_result(const char *outfile, const char *data, size_t len, int *open_failed)
{
    cli_emit e = {.data = data, .len = len};
    return cli_write_stream(outfile, &e, open_failed);
}

double cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The limits of this run, for the messages of cli_report_status. */
static size_t run_memory_limit;
static double run_timeout;

void cli_report_limits(size_t memory_limit, double timeout)
{
    run_memory_limit = memory_limit;
    run_timeout = timeout;
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    /* With a memory limit, one malloc arena for all threads: what a worker thread
     * frees is then reused by the others, instead of staying in that thread's own
     * arena while the others grow theirs (with two threads the process held up to
     * half again the limit that way; docs/api.md, "GMP's memory and what remains"). */
    if (memory_limit != 0)
        mallopt(M_ARENA_MAX, 1);
#endif
}

void cli_report_status(const char *fname, gbc_status st)
{
    if (st == GBC_ERR_LIMIT && run_memory_limit == 0)
        /* with no memory limit only a size bound gives LIMIT */
        fprintf(stderr, "%s: %s: stopped: a polynomial would have more than %u terms\n",
                progname, fname, UINT32_MAX);
    else if (st == GBC_ERR_LIMIT)
        fprintf(stderr, "%s: %s: stopped: the memory limit of %zu bytes was reached\n",
                progname, fname, run_memory_limit);
    else if (st == GBC_ERR_INTERRUPTED && cli_interrupt_signal() != 0)
        cli_interrupt_report(fname);
    else if (st == GBC_ERR_INTERRUPTED && run_timeout > 0.0)
        fprintf(stderr, "%s: %s: stopped: the time limit of %g s was reached\n", progname,
                fname, run_timeout);
    else
        fprintf(stderr, "%s: %s: %s\n", progname, fname, gbc_status_string(st));
}

/* ------------------------------------------------------- log and progress -- */


static void progress_clear(cli_log *L)
{
    if (L->shown) {
        fputs("\r\033[K", stderr);
        L->shown = 0;
    }
}

static void progress_draw(cli_log *L, int force)
{
    double now = cli_seconds();
    if (!L->progress || now - L->t0 < L->delay || (!force && now - L->last < 0.2))
        return;
    L->last = now;
    char line[200];
    int n = snprintf(line, sizeof line, "gbc: %.1f s", now - L->t0);
    if (L->certify[0]) {
        n += snprintf(line + n, sizeof line - (size_t)n, ", certifying over Q: %s", L->certify);
    } else if (L->primes > 0 || (L->stage && strcmp(L->stage, "modular") == 0)) {
        n += snprintf(line + n, sizeof line - (size_t)n, ", %llu primes used",
                      (unsigned long long)L->primes);
        if (L->bits && L->npolys)
            n += snprintf(line + n, sizeof line - (size_t)n,
                          " (modulus %zu bits; %zu of %zu polynomials lifted for good)",
                          L->bits, L->settled, L->npolys);
        else if (L->bits)
            n += snprintf(line + n, sizeof line - (size_t)n, " (modulus %zu bits)", L->bits);
    } else if (L->rounds > 0) {
        n += snprintf(line + n, sizeof line - (size_t)n, ", F4 round %llu",
                      (unsigned long long)L->rounds);
        if (L->rows)
            n += snprintf(line + n, sizeof line - (size_t)n, ", degree %u, %zu x %zu matrix",
                          L->degree, L->rows, L->cols);
    } else if (L->stage) {
        n += snprintf(line + n, sizeof line - (size_t)n, ", %s", L->stage);
    }
    (void)n;
    fprintf(stderr, "\r\033[K%s", line);
    fflush(stderr);
    L->shown = 1;
}

#define CERT_PREFIX "modular: certification: "

static void on_log(void *data, int level, const char *msg)
{
    cli_log *L = data;
    unsigned d;
    size_t pairs, rows, cols, primes, bits;
    int news = 1; /* a new round, prime count or step: drawn at once */
    if (sscanf(msg, "%u %zu %zu x %zu", &d, &pairs, &rows, &cols) == 4) {
        L->degree = d;
        L->rows = rows;
        L->cols = cols;
        L->logrounds++;
        if (L->logrounds > L->rounds)
            L->rounds = L->logrounds;
    } else if (sscanf(msg, "modular: %zu primes (modulus of %zu bits)", &primes, &bits) == 2) {
        L->primes = primes;
        L->bits = bits;
        size_t settled, npolys;
        const char *tail = strstr(msg, "rational reconstruction: ");
        if (tail != NULL &&
            sscanf(tail, "rational reconstruction: %zu of %zu polynomials settled", &settled,
                   &npolys) == 2) {
            L->settled = settled;
            L->npolys = npolys;
        }
    } else if (strncmp(msg, CERT_PREFIX, sizeof CERT_PREFIX - 1) == 0) {
        snprintf(L->certify, sizeof L->certify, "%s", msg + sizeof CERT_PREFIX - 1);
    } else {
        news = 0;
    }
    if (level <= L->verbose) {
        progress_clear(L);
        fprintf(stderr, "%s\n", msg);
    }
    progress_draw(L, news);
}

static void on_progress(void *data, const char *stage, double fraction, uint64_t count)
{
    cli_log *L = data;
    (void)fraction;
    int news = L->stage == NULL || strcmp(L->stage, stage) != 0;
    L->stage = stage;
    if (strcmp(stage, "f4") == 0) {
        if (count == 0)
            L->logrounds = 0; /* a new F4 run */
        uint64_t r = count + 1 > L->logrounds ? count + 1 : L->logrounds;
        if (r > L->rounds)
            L->rows = 0; /* a new round: its matrix is not built yet */
        news |= L->rounds != r;
        L->rounds = r;
    } else if (strcmp(stage, "modular") == 0 && count > L->primes) {
        L->primes = count;
        news = 1;
    }
    progress_draw(L, news);
}

void cli_log_setup(gbc_options *opts, cli_log *L)
{
    int level = L->verbose > 0 ? L->verbose : (L->progress ? 1 : 0);
    if (level > 0)
        gbc_options_set_log(opts, on_log, L, level);
    if (L->progress)
        gbc_options_set_progress(opts, on_progress, L);
}

void cli_log_done(void *log)
{
    progress_clear(log);
}

/* Every counter of gbc_stats_get, for -vv. */
static void print_counters(const gbc_stats *stats)
{
    static const char *const names[] = {
        "seconds", "t_select", "t_linalg", "t_update", "t_interreduce", "pairs_reduced",
        "zero_reductions", "pairs_created", "pairs_chain", "pairs_gm", "pairs_product",
        "pairs_known", "basis_size", "rounds", "matrix_rows", "matrix_cols", "matrix_nnz", "primes",
        "peak_bytes", "monomials", "la_rows_in", "la_rows_reduced", "la_confirmations",
        "la_blocks", "la_fail_bound", "fglm_dim", "fglm_normal_forms", "t_fglm",
        "sig_pairs", "sig_pruned_syz", "sig_pruned_rewrite", "sig_passes"};
    fprintf(stderr, "gbc: counters:");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    {
        double v = gbc_stats_get(stats, names[i]);
        /* counts exactly (a double holds every count below 2^53), times as seconds */
        if (v == floor(v) && fabs(v) < 9007199254740992.0)
            fprintf(stderr, "%s %s %.0f", i % 6 == 0 ? "\ngbc:" : ",", names[i], v);
        else
            fprintf(stderr, "%s %s %.6g", i % 6 == 0 ? "\ngbc:" : ",", names[i], v);
    }
    fprintf(stderr, "\n");
}

void cli_print_summary(const gbc_stats *stats, int verbose)
{
    if (verbose <= 0)
        return;
    double primes = gbc_stats_get(stats, "primes");
    if (primes > 0)
        fprintf(stderr, "gbc: %.0f elements, %.0f primes, %.3f s, peak %.1f MB\n",
                gbc_stats_get(stats, "basis_size"), primes, gbc_stats_get(stats, "seconds"),
                gbc_stats_get(stats, "peak_bytes") / 1048576.0);
    else
        fprintf(stderr,
                "gbc: %.0f elements, %.0f pairs reduced (%.0f to zero), %.3f s, peak %.1f MB\n",
                gbc_stats_get(stats, "basis_size"), gbc_stats_get(stats, "pairs_reduced"),
                gbc_stats_get(stats, "zero_reductions"), gbc_stats_get(stats, "seconds"),
                gbc_stats_get(stats, "peak_bytes") / 1048576.0);
    if (gbc_stats_get(stats, "rounds") > 0)
        fprintf(stderr,
                "gbc: %.0f rounds; seconds: symbolic preprocessing %.3f, linear algebra "
                "%.3f, pair update %.3f, interreduction %.3f\n",
                gbc_stats_get(stats, "rounds"), gbc_stats_get(stats, "t_select"),
                gbc_stats_get(stats, "t_linalg"), gbc_stats_get(stats, "t_update"),
                gbc_stats_get(stats, "t_interreduce"));
    if (verbose >= 2)
        print_counters(stats);
}
