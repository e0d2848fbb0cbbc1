/* cli/learn_cmd: the learn and apply commands of the gbc tool (docs/learn.md):
 * `gbc learn FILE -o TRACE` learns F4's trace on a system over Z/p and writes it as
 * a blob; `gbc apply TRACE FILE...` computes the basis of each FILE (systems of the
 * same shape) by the trace and prints exactly what `gbc gb FILE` prints. */
#define _POSIX_C_SOURCE 200809L
#include "learn_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gbc.h"
#include "interrupt.h"
#include "options.h"
#include "output.h"
#include "reader.h"

#define LEARN_COMMON (CLI_OPT_ORDER | CLI_OPT_MEM | CLI_OPT_TIME | CLI_OPT_OUT | CLI_OPT_V)
#define APPLY_COMMON (LEARN_COMMON | CLI_OPT_THREADS | CLI_OPT_LA | CLI_OPT_SEED)

int cli_find_learn_command(int argc, char **argv)
{
    static const char *const with_value[] = {"--order", "--memory-limit", "--timeout", "-o",
                                             "--threads", "-t", "--linear-algebra", "--seed"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "learn") == 0 || strcmp(a, "apply") == 0)
            return i;
        if (a[0] != '-' || a[1] == '\0' || strcmp(a, "--") == 0)
            return 0;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
            if (strcmp(a, with_value[k]) == 0)
                i++;
    }
    return 0;
}

static void help(int apply)
{
    if (!apply)
        printf("usage: gbc learn [OPTIONS] FILE -o TRACE\n"
               "Learns F4's trace on the system of FILE (over Z/p, a degree-compatible\n"
               "order) and writes it to TRACE, for 'gbc apply' on systems of the same shape\n"
               "(the same variables and order, the same generators' monomials; other\n"
               "coefficients, any prime).\n"
               "  --order ORDER, --memory-limit SIZE, --timeout S, -v  as for gb\n"
               "exit status: 0 success, 1 bad input, 2 bad usage (also an order or a\n"
               "characteristic a trace does not support), 3 out of resources\n");
    else
        printf("usage: gbc apply [OPTIONS] TRACE FILE...\n"
               "The reduced Groebner basis of each FILE by the trace of 'gbc learn': the\n"
               "output is exactly what 'gbc gb FILE' prints, file after file. A FILE whose\n"
               "system does not fit the trace, or for whose coefficients the trace does\n"
               "not hold, is computed by F4 instead (a note on stderr says so).\n"
               "  --strict        no fallback: such a FILE is an error (exit 1)\n"
               "  --trust         skip the verification of each basis (faster; right only when the\n"
               "                  rows the learning run reduced to zero still do: see\n"
               "                  docs/learn.md)\n"
               "  --order ORDER, --threads N, --linear-algebra K, --seed N,\n"
               "  --memory-limit SIZE, --timeout S, -o FILE, -v  as for gb\n"
               "exit status: 0 success, 1 bad input (also a TRACE that is not one),\n"
               "2 bad usage, 3 out of resources\n");
}

/* path (NULL or "-": standard input) read whole into *text under the limits;
 * returns -1, or the exit status after saying why. */
static int read_file(char **text, size_t *len, const char *path, size_t max, double deadline)
{
    int fd = STDIN_FILENO;
    const char *name = path != NULL && strcmp(path, "-") != 0 ? path : "<stdin>";
    if (path != NULL && strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            fprintf(stderr, "gbc: cannot open '%s': %s\n", path, strerror(errno));
            return EXIT_INPUT;
        }
    }
    int e = 0;
    cli_read_status rs = cli_read_fd(fd, max, deadline, text, len, &e);
    if (fd != STDIN_FILENO)
        close(fd);
    if (rs == CLI_READ_OK)
        return -1;
    if (rs == CLI_READ_LIMIT || rs == CLI_READ_TIME || rs == CLI_READ_INTR) {
        cli_report_status(name, rs == CLI_READ_LIMIT ? GBC_ERR_LIMIT : GBC_ERR_INTERRUPTED);
        return EXIT_RESOURCES;
    }
    fprintf(stderr, "gbc: cannot read '%s': %s\n", name,
            rs == CLI_READ_IO && e ? strerror(e) : "out of memory");
    return rs == CLI_READ_IO ? EXIT_INPUT : EXIT_RESOURCES;
}

/* The system of path parsed (order NULL: grevlex); returns -1 or the exit status. */
static int read_system(gbc_ring **R, gbc_polys **F, const char *path, const cli_common *c,
                       const gbc_options *opts)
{
    char *text = NULL;
    size_t len = 0;
    int rc = read_file(&text, &len, path, c->memory_limit, 0.0);
    if (rc >= 0)
        return rc;
    gbc_error err;
    gbc_status st = gbc_parse(R, F, text, len, c->order, opts, &err);
    free(text);
    if (st == GBC_OK)
        return -1;
    const char *name = path != NULL && strcmp(path, "-") != 0 ? path : "<stdin>";
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED)
        cli_report_status(name, st);
    else if (err.line > 0)
        fprintf(stderr, "%s:%llu:%llu: error: %s\n", name, (unsigned long long)err.line,
                (unsigned long long)err.column, err.message);
    else
        fprintf(stderr, "%s: error: %s\n", name, err.message[0] ? err.message
                                                                : gbc_status_string(st));
    return st == GBC_ERR_ARG ? EXIT_USAGE : cli_exit_for(st);
}

static void log_to_stderr(void *data, int level, const char *msg)
{
    (void)data;
    (void)level;
    fprintf(stderr, "%s\n", msg);
}

/* The options of the run from c (limits, threads, the interrupt, -v's log). */
static gbc_options *run_options(const cli_common *c)
{
    gbc_options *opts = NULL;
    if (gbc_options_new(&opts) != GBC_OK)
        return NULL;
    cli_common_apply(c, opts);
    if (c->timeout > 0.0)
        gbc_options_set_time_limit(opts, c->timeout);
    if (c->verbose > 0)
        gbc_options_set_log(opts, log_to_stderr, NULL, c->verbose);
    gbc_options_set_interrupt(opts, cli_interrupt_poll, NULL);
    return opts;
}

static int learn_run(const cli_common *c, const char *file, const gbc_options *opts)
{
    gbc_ring *R = NULL;
    gbc_polys *F = NULL;
    int rc = read_system(&R, &F, file, c, opts);
    if (rc >= 0)
        return rc;
    const char *name = file != NULL && strcmp(file, "-") != 0 ? file : "<stdin>";
    gbc_trace_mod *T = NULL;
    gbc_error err;
    uint8_t *blob = NULL;
    size_t len = 0;
    gbc_status st = gbc_trace_mod_learn(&T, NULL, F, opts, &err);
    if (st == GBC_OK)
        st = gbc_trace_mod_save(&blob, &len, T);
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED) {
        cli_report_status(name, st);
        rc = cli_exit_for(st);
    } else if (st != GBC_OK) {
        fprintf(stderr, "%s: error: %s\n", name, err.message);
        rc = cli_exit_for(st);
    } else {
        int open_failed = 0;
        rc = cli_write_result(c->outfile, (const char *)blob, len, &open_failed) != 0
                 ? (open_failed ? EXIT_INPUT : EXIT_RESOURCES)
                 : EXIT_OK;
        if (c->verbose > 0 && rc == EXIT_OK)
            fprintf(stderr, "learn: %s: a trace of %zu bytes for %zu generators modulo %u\n",
                    name, len, gbc_trace_mod_ngens(T), (unsigned)gbc_trace_mod_prime(T));
    }
    gbc_blob_free(blob);
    gbc_trace_mod_free(T);
    gbc_polys_free(F);
    gbc_ring_free(R);
    return rc;
}

/* The texts of the bases appended to out (*len bytes, *cap room). */
static int append(char **out, size_t *len, size_t *cap, const char *s, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t nc = 2 * (*len + n + 1);
        char *b = realloc(*out, nc);
        if (b == NULL)
            return -1;
        *out = b;
        *cap = nc;
    }
    memcpy(*out + *len, s, n);
    *len += n;
    return 0;
}

/* System i's basis: the batch's, or (not strict) gbc_groebner's when the trace
 * did not fit or hold; its text appended to the output. Returns -1 or the exit
 * status after saying why. */
static int apply_finish(char **out, size_t *olen, size_t *ocap, const char *name,
                        gbc_polys *B, gbc_status st, const gbc_error *e, const gbc_polys *F,
                        int strict, const gbc_options *opts)
{
    gbc_polys *own = NULL;
    if ((st == GBC_ERR_DOMAIN || st == GBC_ERR_VERIFY || st == GBC_ERR_UNSUPPORTED) && !strict) {
        fprintf(stderr, "%s: note: %s; computed by F4 instead\n", name, e->message);
        st = gbc_groebner(&own, F, opts, NULL);
        B = own;
    }
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED || st == GBC_ERR_NOMEM) {
        cli_report_status(name, st);
        return cli_exit_for(st);
    }
    if (st != GBC_OK) {
        fprintf(stderr, "%s: error: %s\n", name, e->message[0] ? e->message
                                                               : gbc_status_string(st));
        return cli_exit_for(st);
    }
    char *t = NULL;
    size_t tlen = 0;
    int rc = -1;
    if (gbc_polys_to_string(&t, &tlen, B, GBC_PRINT_HEADER) != GBC_OK ||
        append(out, olen, ocap, t, tlen) != 0) {
        cli_report_status(name, GBC_ERR_NOMEM);
        rc = EXIT_RESOURCES;
    }
    gbc_string_free(t);
    gbc_polys_free(own);
    return rc;
}

static int apply_run(const cli_common *c, const char *tfile, char **files, int nfiles,
                     int strict, unsigned flags, gbc_options *opts)
{
    char *blob = NULL;
    size_t blen = 0;
    /* loading holds the blob and the trace made from it (about the blob's size) at
     * once: under a limit, a blob of more than half of it stops here */
    size_t half = c->memory_limit / 2 + (c->memory_limit == 1); /* 0 would be none */
    int rc = read_file(&blob, &blen, tfile, half, 0.0);
    if (rc >= 0)
        return rc;
    gbc_trace_mod *T = NULL;
    gbc_status st = gbc_trace_mod_load(&T, (const uint8_t *)blob, blen);
    free(blob);
    if (st != GBC_OK) {
        fprintf(stderr, "%s: error: %s\n", tfile,
                st == GBC_ERR_PARSE ? "not a trace of 'gbc learn' (or altered, or of another "
                                      "version)"
                                    : gbc_status_string(st));
        return cli_exit_for(st);
    }
    /* the loaded trace (about the blob's size) is held beside the applies: they get
     * the limit less that, as a computation gets it less the input text (blen is
     * at most half the limit) */
    if (c->memory_limit != 0)
        gbc_options_set_memory_limit(opts, c->memory_limit - blen);
    gbc_ring **R = calloc((size_t)nfiles, sizeof *R);
    gbc_polys **F = calloc((size_t)nfiles, sizeof *F), **B = calloc((size_t)nfiles, sizeof *B);
    gbc_status *sts = calloc((size_t)nfiles, sizeof *sts);
    gbc_error *errs = calloc((size_t)nfiles, sizeof *errs);
    char *out = NULL;
    size_t olen = 0, ocap = 0;
    if (R == NULL || F == NULL || B == NULL || sts == NULL || errs == NULL) {
        fprintf(stderr, "gbc: out of memory\n");
        rc = EXIT_RESOURCES;
    }
    for (int i = 0; rc < 0 && i < nfiles; i++)
        rc = read_system(&R[i], &F[i], files[i], c, opts);
    if (rc < 0) {
        /* the batch: one trace, the systems in a row, the apply's scratch kept */
        st = gbc_trace_mod_apply_batch(B, sts, (size_t)nfiles, T, (const gbc_polys *const *)F,
                                       flags, opts, errs);
        if (st != GBC_OK) {
            cli_report_status(files[0], st);
            rc = cli_exit_for(st);
        }
    }
    for (int i = 0; rc < 0 && i < nfiles; i++)
        rc = apply_finish(&out, &olen, &ocap, strcmp(files[i], "-") ? files[i] : "<stdin>",
                          B[i], sts[i], &errs[i], F[i], strict, opts);
    if (rc < 0) {
        int open_failed = 0;
        rc = cli_write_result(c->outfile, out ? out : "", olen, &open_failed) != 0
                 ? (open_failed ? EXIT_INPUT : EXIT_RESOURCES)
                 : EXIT_OK;
    }
    for (int i = 0; i < nfiles; i++) {
        if (B != NULL)
            gbc_polys_free(B[i]);
        if (F != NULL)
            gbc_polys_free(F[i]);
        if (R != NULL)
            gbc_ring_free(R[i]);
    }
    free(out);
    free(R);
    free(F);
    free(B);
    free(sts);
    free(errs);
    gbc_trace_mod_free(T);
    return rc;
}

int cli_learn_command(int argc, char **argv, int at)
{
    const int apply = strcmp(argv[at], "apply") == 0;
    cli_common c;
    cli_common_init(&c);
    c.accept = apply ? APPLY_COMMON : LEARN_COMMON;
    c.command = argv[at];
    int strict = 0, end_opts = 0, nops = 0;
    unsigned flags = 0;
    char **ops = calloc((size_t)argc, sizeof *ops);
    if (ops == NULL) {
        fprintf(stderr, "gbc: out of memory\n");
        return EXIT_RESOURCES;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int ov;
        if (i == at)
            continue;
        if (end_opts || a[0] != '-' || a[1] == '\0') {
            ops[nops++] = argv[i];
        } else if (strcmp(a, "--") == 0) {
            end_opts = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            free(ops);
            help(apply);
            return EXIT_OK;
        } else if (apply && strcmp(a, "--strict") == 0) {
            strict = 1;
        } else if (apply && strcmp(a, "--trust") == 0) {
            flags |= GBC_APPLY_TRUST;
        } else if ((ov = cli_common_option(&c, argc, argv, &i)) != 0) {
            if (ov < 0) {
                free(ops);
                return EXIT_USAGE;
            }
        } else {
            free(ops);
            return cli_usage_error_in(argv[at], "unknown option '%s'", a);
        }
    }
    int rc;
    if (!apply && (nops != 1 || c.outfile == NULL))
        rc = cli_usage_error_in(argv[at], "%s", "learn takes one FILE and -o TRACE");
    else if (apply && nops < 2)
        rc = cli_usage_error_in(argv[at], "%s", "apply takes TRACE and at least one FILE");
    else {
        cli_report_limits(c.memory_limit, c.timeout);
        gbc_options *opts = run_options(&c);
        if (opts == NULL) {
            fprintf(stderr, "gbc: out of memory\n");
            rc = EXIT_RESOURCES;
        } else if (apply) {
            rc = apply_run(&c, ops[0], ops + 1, nops - 1, strict, flags, opts);
        } else {
            rc = learn_run(&c, ops[0], opts);
        }
        gbc_options_free(opts);
    }
    free(ops);
    return rc;
}
