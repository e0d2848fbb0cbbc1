/* cli/solve_cmd: `gbc solve FILE`, the real solutions of a zero-dimensional system
 * over Q (the solutions in Z/p over a prime field), and `gbc kbase FILE`, the
 * quotient ring's normal set and multiplication matrices, on the public API only
 * (gbc_parse, gbc_solve, gbc_solutions_to_string, gbc_kbase). */
#define _POSIX_C_SOURCE 200809L
#include "solve_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gbc.h"
#include "interrupt.h"
#include "json.h"
#include "kbase_cmd.h"
#include "options.h"
#include "output.h"
#include "reader.h"

/* The shared options (options.c) that solve takes. */
#define SOLVE_COMMON                                                                     \
    (CLI_OPT_THREADS | CLI_OPT_SEED | CLI_OPT_MEM | CLI_OPT_TIME | CLI_OPT_OUT | CLI_OPT_V | \
     CLI_OPT_CERTIFY)
/* kbase: those and the order */
#define KBASE_COMMON (SOLVE_COMMON | CLI_OPT_ORDER)

/* The command being run ("solve" or "kbase"), for the usage errors. */
static const char *command_name = "solve";

static int usage_error(const char *fmt, const char *arg)
{
    return cli_usage_error_in(command_name, fmt, arg);
}

/* The options of solve that take a value. */
static int takes_value(const char *a)
{
    static const char *const with_value[] = {"--format",  "--precision",    "--threads",
                                             "--seed",    "--memory-limit", "--timeout",
                                             "-o",        "-f",             "-t",
                                             "-p"};
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (strcmp(a, with_value[i]) == 0)
            return 1;
    return 0;
}

int cli_find_solve_command(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "solve") == 0 || strcmp(a, "kbase") == 0)
            return i;
        if (a[0] != '-' || a[1] == '\0' || strcmp(a, "--") == 0)
            return 0;
        if (takes_value(a) || strcmp(a, "--order") == 0 || strcmp(a, "--algorithm") == 0)
            i++;
    }
    return 0;
}

static void log_to_stderr(void *data, int level, const char *msg)
{
    (void)data;
    (void)level;
    fprintf(stderr, "%s\n", msg);
}

static void help_kbase(void)
{
    printf("usage: gbc kbase [OPTIONS] FILE\n"
           "The normal set of R/I for a zero-dimensional ideal I: the standard monomials\n"
           "b_0 = 1 < b_1 < ... < b_{D-1} of its reduced Groebner basis in the order,\n"
           "one a line (D = dim_K R/I).\n"
           "  --matrices      then, for each variable x, a line '# multiplication by x'\n"
           "                  and D lines '[c_0, ..., c_{D-1}]': line k the coordinates\n"
           "                  of the normal form of x*b_k in b_0, ..., b_{D-1}\n"
           "  --format text|json  json: {\"command\": \"kbase\", \"monomials\": [...],\n"
           "                  \"matrices\": {\"x\": [[...], ...], ...}}, entries as strings\n"
           "  --order ORDER, --certify, --seed N, --threads N, --memory-limit SIZE,\n"
           "  --timeout S, -o FILE, -v  as for gb (see 'gbc --help')\n"
           "exit status: 0 success, 1 bad input (also: not zero-dimensional), 2 bad usage,\n"
           "3 out of resources\n");
}

static void help(void)
{
    printf("usage: gbc solve [OPTIONS] FILE\n"
           "The real solutions of a zero-dimensional system over Q: one isolating box a\n"
           "solution (an interval for each variable, holding the solution's coordinate;\n"
           "boxes of distinct solutions are disjoint). Over Z/p: the solutions with\n"
           "coordinates in Z/p, one a line '[a, b, ...]'.\n"
           "  --format gbc|msolve|json  gbc (default): one solution a line, '[a, b], [c, d]',\n"
           "                  endpoints p/2^k as 'p/q'; msolve: msolve's output\n"
           "  --precision BITS  every interval at most 2^-BITS wide (default 64)\n"
           "  --parametrization  (with --format msolve) msolve's -P 1 parametrisation first\n"
           "  --lex           over Q, the exact lex basis over Q instead of the\n"
           "                  parametrisation modulo primes (slower; same solutions)\n"
           "  --certify, --seed N, --threads N, --memory-limit SIZE, --timeout S, -o FILE\n"
           "                  as for gb (see 'gbc --help')\n"
           "  -v              the number of solutions on standard error; -vv also the\n"
           "                  Groebner bases' progress\n"
           "exit status: 0 success, 1 bad input (also: not zero-dimensional), 2 bad usage,\n"
           "3 out of resources\n");
}

/* solve's own options: --format gbc|msolve|json, --precision/-p, --parametrization,
 * --lex, and -f FILE. 1 when argv[*argi] is one of them (recorded; *argi past its
 * value), 0 for another argument, -1 after a usage error. */
typedef struct solve_opts {
    const char *file;
    gbc_solve_format format;
    unsigned long precision;
    int param, lex, json;
    int kbase, matrices; /* the kbase command; its --matrices */
} solve_opts;

static int solve_option(solve_opts *o, int argc, char **argv, int *argi)
{
    const char *a = argv[*argi], *v = NULL;
    int ov;
    if ((ov = cli_option_value(argc, argv, argi, "--format", &v)) > 0 && o->kbase) {
        if (strcmp(v, "text") != 0 && strcmp(v, "json") != 0)
            return usage_error("unknown format '%s' (expected text or json)", v), -1;
        o->json = strcmp(v, "json") == 0;
        return 1;
    }
    if (ov > 0) {
        if (strcmp(v, "gbc") == 0)
            o->format = GBC_SOLVE_FORMAT_GBC;
        else if (strcmp(v, "msolve") == 0)
            o->format = GBC_SOLVE_FORMAT_MSOLVE;
        else if (strcmp(v, "json") == 0)
            o->format = GBC_SOLVE_FORMAT_GBC; /* the gbc text, converted (cli/json.c) */
        else
            return usage_error("unknown format '%s' (expected gbc, msolve or json)", v), -1;
        o->json = strcmp(v, "json") == 0;
        return 1;
    }
    if (ov == 0 && !o->kbase && (ov = cli_option_value(argc, argv, argi, "--precision", &v)) == 0)
        ov = cli_option_value(argc, argv, argi, "-p", &v);
    if (ov > 0) {
        char *end;
        errno = 0;
        o->precision = strtoul(v, &end, 10);
        if (errno || end == v || *end || v[0] == '-' || o->precision < 1 ||
            o->precision > GBC_SOLVE_MAX_PRECISION)
            return usage_error("--precision needs a number of bits from 1 to 1048576, "
                               "not '%s'",
                               v),
                   -1;
        return 1;
    }
    if (ov == 0 && (ov = cli_option_value(argc, argv, argi, "-f", &v)) > 0) {
        if (o->file != NULL)
            return usage_error("more than one input file ('%s')", v), -1;
        o->file = v;
        return 1;
    }
    if (ov < 0)
        return usage_error("option '%s' needs an argument", a), -1;
    if (o->kbase)
        return strcmp(a, "--matrices") == 0 ? (o->matrices = 1) : 0;
    if (strcmp(a, "--parametrization") == 0)
        o->param = 1;
    else if (strcmp(a, "--lex") == 0)
        o->lex = 1;
    else
        return 0;
    return 1;
}

/* solve's command line into so and c (argv[at], the word solve, skipped): -1 to
 * go on; otherwise the exit status (--help printed: EXIT_OK; a usage error
 * reported: EXIT_USAGE). */
static int parse_args(solve_opts *so, cli_common *c, int argc, char **argv, int at)
{
    int end_opts = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i == at)
            continue;
        if (end_opts || a[0] != '-' || a[1] == '\0') {
            if (so->file != NULL)
                return usage_error("more than one input file ('%s')", a);
            so->file = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            end_opts = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            if (so->kbase)
                help_kbase();
            else
                help();
            return EXIT_OK;
        }
        /* solve takes "--name=VALUE" but not "-x=VALUE" */
        if (a[1] != '-' && strchr(a, '=') != NULL)
            return usage_error(so->kbase ? "unknown option for kbase '%s'" : "unknown option for solve '%s'", a);
        int r = solve_option(so, argc, argv, &i);
        if (r == 0)
            r = cli_common_option(c, argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return usage_error(so->kbase ? "unknown option for kbase '%s'" : "unknown option for solve '%s'", a);
    }
    if (so->param && so->format != GBC_SOLVE_FORMAT_MSOLVE)
        return usage_error("%s needs --format msolve", "--parametrization");
    return -1;
}

/* The whole input (file, or standard input for NULL or "-"; fname names it in
 * messages) into *text (malloc'd, *len bytes), within memory_limit and deadline:
 * -1; otherwise the error is reported and its exit status returned. */
static int read_input(char **text, size_t *len, const char *file, const char *fname,
                      size_t memory_limit, double deadline)
{
    int fd = STDIN_FILENO;
    if (file != NULL && strcmp(file, "-") != 0) {
        fd = open(file, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            fprintf(stderr, "gbc: cannot open '%s': %s\n", file, strerror(errno));
            return EXIT_INPUT;
        }
    }
    int e = 0;
    cli_read_status rs = cli_read_fd(fd, memory_limit, deadline, text, len, &e);
    if (fd != STDIN_FILENO)
        close(fd);
    if (rs == CLI_READ_OK)
        return -1;
    if (rs == CLI_READ_LIMIT) {
        cli_report_status(fname, GBC_ERR_LIMIT);
        return EXIT_RESOURCES;
    }
    if (rs == CLI_READ_TIME || rs == CLI_READ_INTR) {
        cli_report_status(fname, GBC_ERR_INTERRUPTED);
        return EXIT_RESOURCES;
    }
    fprintf(stderr, "gbc: cannot read '%s': %s\n", fname,
            rs == CLI_READ_IO && e ? strerror(e) : "out of memory");
    return rs == CLI_READ_IO ? EXIT_INPUT : EXIT_RESOURCES;
}

/* The text of sols in so's format (JSON converted, for gens' field) written to
 * c's output: the exit status (errors reported against fname). */
static int write_solutions(const gbc_solutions *sols, const gbc_polys *gens,
                           const solve_opts *so, const cli_common *c, const char *fname)
{
    char *out = NULL;
    size_t outlen = 0;
    gbc_status st = gbc_solutions_to_string(&out, &outlen, sols, so->format);
    if (st != GBC_OK) {
        cli_report_status(fname, st);
        return cli_exit_for(st);
    }
    int rc = EXIT_OK;
    char *jout = NULL;
    size_t joutlen = 0;
    if (so->json && cli_json("solve",
                             gbc_ring_characteristic(gbc_polys_ring(gens)) == 0
                                 ? CLI_JSON_BOXES
                                 : CLI_JSON_VECTORS,
                             "solutions", out, outlen, &jout, &joutlen) != 0) {
        cli_report_status(fname, GBC_ERR_NOMEM);
        rc = EXIT_RESOURCES;
    } else {
        int open_failed = 0;
        if (cli_write_result(c->outfile, jout ? jout : out, jout ? joutlen : outlen,
                             &open_failed) != 0)
            rc = open_failed ? EXIT_INPUT : EXIT_RESOURCES;
    }
    free(jout);
    gbc_string_free(out);
    return rc;
}

/* A failed gbc_solve or gbc_kbase reported against fname: the exit status. */
static int report_failure(gbc_status st, const gbc_error *err, const char *fname)
{
    if (st == GBC_ERR_DOMAIN || st == GBC_ERR_INTERNAL || st == GBC_ERR_VERIFY ||
        (st == GBC_ERR_UNSUPPORTED && err->message[0] != '\0'))
        fprintf(stderr, "%s: error: %s\n", fname, err->message);
    else
        cli_report_status(fname, st);
    return st == GBC_ERR_DOMAIN ? EXIT_INPUT : cli_exit_for(st);
}

/* The normal set (and with --matrices the multiplication matrices) of gens'
 * quotient ring written to c's output: the exit status. */
static int kbase_run(const gbc_polys *gens, const solve_opts *so, const cli_common *c,
                     const char *fname, const gbc_options *opts)
{
    gbc_polys *kb = NULL, *mult = NULL;
    gbc_error err;
    gbc_status st = gbc_kbase(&kb, so->matrices ? &mult : NULL, gens, opts, &err);
    if (st != GBC_OK)
        return report_failure(st, &err, fname);
    if (c->verbose > 0)
        fprintf(stderr, "gbc: %zu standard monomials\n", gbc_polys_count(kb));
    cli_buf b = CLI_BUF_INIT;
    st = cli_kbase_text(&b, kb, mult, so->json);
    int rc = EXIT_OK, open_failed = 0;
    if (st != GBC_OK)
        rc = report_failure(st, &err, fname);
    else if (cli_write_result(c->outfile, b.s ? b.s : "", b.len, &open_failed) != 0)
        rc = open_failed ? EXIT_INPUT : EXIT_RESOURCES;
    free(b.s);
    gbc_polys_free(kb);
    gbc_polys_free(mult);
    return rc;
}

/* Parse text (len bytes; consumed: freed here) and solve it under opts (or, for
 * kbase, compute its quotient ring), then write the result: the exit status
 * (errors reported against fname). */
static int solve_text(char *text, size_t len, const solve_opts *so, const cli_common *c,
                      const char *fname, const gbc_options *opts)
{
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL;
    gbc_solutions *sols = NULL;
    gbc_error err;
    int rc = EXIT_OK;
    gbc_status st = gbc_parse(&ring, &gens, text, len, so->kbase ? c->order : NULL, opts, &err);
    free(text);
    if (st != GBC_OK) {
        if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED)
            cli_report_status(fname, st);
        else if (err.line > 0)
            fprintf(stderr, "%s:%llu:%llu: error: %s\n", fname, (unsigned long long)err.line,
                    (unsigned long long)err.column, err.message);
        else
            fprintf(stderr, "%s: error: %s\n", fname,
                    err.message[0] ? err.message : gbc_status_string(st));
        rc = cli_exit_for(st);
        goto done;
    }
    if (so->kbase) {
        rc = kbase_run(gens, so, c, fname, opts);
        goto done;
    }
    /* over Z/p msolve's output is its parametrisation modulo p: --format msolve
     * asks for it there without --parametrization */
    int zp_msolve = so->format == GBC_SOLVE_FORMAT_MSOLVE && !so->json &&
                    gbc_ring_characteristic(gbc_polys_ring(gens)) != 0;
    unsigned flags = (so->param || zp_msolve ? GBC_SOLVE_PARAMETRIZATION : 0u) |
                     (so->lex ? GBC_SOLVE_LEX : 0u);
    st = gbc_solve(&sols, gens, (uint32_t)so->precision, flags, opts, &err);
    if (st != GBC_OK) {
        rc = report_failure(st, &err, fname);
        goto done;
    }
    if (c->verbose > 0)
        fprintf(stderr, "gbc: %zu real solutions (%zu distinct complex solutions)\n",
                gbc_solutions_count(sols), gbc_solutions_distinct(sols));
    rc = write_solutions(sols, gens, so, c, fname);
done:
    gbc_solutions_free(sols);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    return rc;
}

int cli_solve_command(int argc, char **argv, int at)
{
    solve_opts so = {NULL, GBC_SOLVE_FORMAT_GBC, GBC_SOLVE_DEFAULT_PRECISION, 0, 0, 0, 0, 0};
    so.kbase = strcmp(argv[at], "kbase") == 0;
    command_name = argv[at];
    cli_common c;
    cli_common_init(&c);
    c.accept = so.kbase ? KBASE_COMMON : SOLVE_COMMON;
    c.command = command_name;
    int rc = parse_args(&so, &c, argc, argv, at);
    if (rc >= 0)
        return rc;
    const char *fname = (so.file == NULL || strcmp(so.file, "-") == 0) ? "<stdin>" : so.file;
    cli_report_limits(c.memory_limit, c.timeout); /* named by the messages */
    double deadline = c.timeout > 0.0 ? cli_now() + c.timeout : 0.0;
    char *text = NULL;
    size_t len = 0;
    rc = read_input(&text, &len, so.file, fname, c.memory_limit, deadline);
    if (rc >= 0)
        return rc;
    gbc_options *opts = NULL;
    if (gbc_options_new(&opts) != GBC_OK) {
        free(text);
        fprintf(stderr, "gbc: out of memory\n");
        return EXIT_RESOURCES;
    }
    cli_common_apply(&c, opts); /* the options solve does not take keep their defaults */
    if (c.timeout > 0.0)
        gbc_options_set_time_limit(opts, c.timeout);
    if (c.verbose > 1) /* -vv: the Groebner bases' own log */
        gbc_options_set_log(opts, log_to_stderr, NULL, c.verbose - 1);
    gbc_options_set_interrupt(opts, cli_interrupt_poll, NULL);
    rc = solve_text(text, len, &so, &c, fname, opts);
    gbc_options_free(opts);
    return rc;
}
