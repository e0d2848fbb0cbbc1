/* cli: the `gbc` command-line tool (../shared/cli-contract.md). It links only
 * against the public API: read the input, run one command, print the result.
 * Exit status: 0 success, 1 bad input, 2 bad usage, 3 out of resources. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gbc.h"
#include "ideal_cmd.h"
#include "monideal_cmd.h"

enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_RESOURCES = 3 };

static const char *progname = "gbc";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gbc [COMMAND] [OPTIONS] [FILE]\n"
            "\n"
            "Reads an ideal (msolve-style text: variable names, characteristic, generators)\n"
            "from FILE or standard input and prints its reduced Groebner basis.\n"
            "\n"
            "commands:\n"
            "  gb              the reduced Groebner basis (default)\n"
            "  hilbert         numerator of the Hilbert series of R/LT(I) (--multigraded)\n"
            "  dim, degree     Krull dimension and degree of R/I\n"
            "  irrdecom        irreducible decomposition of LT(I), one component a line\n"
            "  alexdual        Alexander dual of LT(I) (w.r.t. the lcm of its generators)\n"
            "  assoprimes      associated primes of LT(I), one a line\n"
            "  maxstandard     maximal standard monomials of LT(I), one a line\n"
            "  eliminate --vars x,y  the elimination ideal of I in the other variables\n"
            "  intersect, quotient, saturate  I cap J, I : J, I : J^inf (J: a second\n"
            "                  FILE or --with FILE; saturate --method auto|eliminate|iterate)\n"
            "  reduce, member  normal forms modulo I / true or false for each polynomial\n"
            "                  of the second input\n"
            "  lift            cofactors of the basis of I (of each polynomial of the\n"
            "                  second input, with one) in terms of I's generators\n"
            "\n"
            "options:\n"
            "  --order ORDER   grevlex (default), lex, deglex, weights:w1,...,wn,\n"
            "                  blocks:grevlex(k),lex(m),... (an elimination order)\n"
            "  --algorithm A   f4 (default; multi-modular over Q) or buchberger (the\n"
            "                  reference; direct over Q)\n"
            "  --order-path P  how F4 reaches lex, block and weighted orders: auto\n"
            "                  (default: from the grevlex basis, by FGLM when the ideal\n"
            "                  is zero-dimensional, else Hilbert-driven), fglm, hilbert,\n"
            "                  or homogenise (the generators); -v says which ran\n"
            "  --certify       over Q: prove the result (slower); the default checks it\n"
            "                  modulo a fresh random prime\n"
            "  --seed N        over Q: primes from the seed N (0 to 2^64-1) instead of\n"
            "                  the OS's entropy, to repeat a run (-v prints a run's seed);\n"
            "                  a known seed gives no guarantee against crafted input\n"
            "  --linear-algebra K  F4's kernel over Z/p: auto (default), exact, or\n"
            "                  probabilistic (random combinations of row blocks; wrong with\n"
            "                  probability at most 2^-64 per run)\n"
            "  --threads N     threads for F4's linear algebra (default 1)\n"
            "  --memory-limit SIZE  stop (exit 3) when gbc's own memory would exceed SIZE\n"
            "                  bytes (suffixes K, M, G: powers of 1024)\n"
            "  --timeout SECONDS  stop (exit 3) after this much wall-clock time\n"
            "  -o FILE         write the result to FILE instead of standard output\n"
            "  -v              progress and statistics on standard error (-vv: more)\n"
            "  -h, --help      this help;  --version  the version\n"
            "\n"
            "exit status: 0 success, 1 bad input, 2 bad usage, 3 out of resources\n");
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", progname);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'gbc --help' for more information.\n");
    return EXIT_USAGE;
}

int cli_write_result(const char *outfile, const char *data, size_t len, int *open_failed)
{
    *open_failed = 0;
    if (outfile == NULL || strcmp(outfile, "-") == 0) {
        size_t w = len ? fwrite(data, 1, len, stdout) : 0;
        if (w != len || fflush(stdout) != 0) {
            fprintf(stderr, "%s: error writing the result: %s\n", progname, strerror(errno));
            return 1;
        }
        return 0;
    }
    size_t n = strlen(outfile);
    char *tmp = malloc(n + 16);
    if (tmp == NULL) {
        fprintf(stderr, "%s: out of memory\n", progname);
        return 1;
    }
    memcpy(tmp, outfile, n);
    memcpy(tmp + n, ".gbc-XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", progname, outfile, strerror(errno));
        free(tmp);
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
        size_t w = len ? fwrite(data, 1, len, o) : 0;
        bad |= w != len || fflush(o) != 0;
        bad |= fclose(o) != 0;
    }
    if (!bad && rename(tmp, outfile) != 0)
        bad = 1;
    if (bad) {
        int e = errno;
        unlink(tmp);
        fprintf(stderr, "%s: error writing the result to '%s' (left unchanged): %s\n", progname,
                outfile, strerror(e));
    }
    free(tmp);
    return bad;
}

char *cli_read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (buf == NULL)
        return NULL;
    for (;;) {
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0)
            break;
        if (n == cap) {
            if (cap > ((size_t)-1) / 2) {
                free(buf);
                return NULL;
            }
            char *nb = realloc(buf, cap * 2);
            if (nb == NULL) {
                free(buf);
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
    }
    if (ferror(f)) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static void log_to_stderr(void *data, int level, const char *msg)
{
    (void)data;
    (void)level;
    fprintf(stderr, "%s\n", msg);
}

static int exit_for(gbc_status st)
{
    switch (st) {
    case GBC_OK: return EXIT_OK;
    case GBC_ERR_NOMEM:
    case GBC_ERR_LIMIT:
    case GBC_ERR_OVERFLOW:
    case GBC_ERR_INTERRUPTED: return EXIT_RESOURCES;
    case GBC_ERR_ARG:
    case GBC_ERR_UNSUPPORTED: return EXIT_USAGE;
    default: return EXIT_INPUT;
    }
}

/* --memory-limit: a byte count with an optional K, M or G suffix (binary). */
static int parse_size(const char *v, size_t *out)
{
    char *end;
    errno = 0;
    if (*v == '-' || *v == '+')
        return 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (errno || end == v)
        return 0;
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10;
    else if (*end == 'M' || *end == 'm')
        shift = 20;
    else if (*end == 'G' || *end == 'g')
        shift = 30;
    if (shift != 0)
        end++;
    if (*end != '\0' || n == 0 || n > (SIZE_MAX >> shift))
        return 0;
    *out = (size_t)n << shift;
    return 1;
}

/* --timeout: the interrupt callback compares the clock with a deadline. */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int past_deadline(void *data)
{
    return now_seconds() > *(const double *)data;
}

/* The message for a run stopped by --memory-limit or --timeout. */
static void report_stop(const char *fname, gbc_status st, size_t memory_limit, double timeout)
{
    if (st == GBC_ERR_LIMIT)
        fprintf(stderr, "%s: %s: stopped: the memory limit of %zu bytes was reached\n",
                progname, fname, memory_limit);
    else if (timeout > 0.0)
        fprintf(stderr, "%s: %s: stopped: the time limit of %g s was reached\n", progname,
                fname, timeout);
    else
        fprintf(stderr, "%s: %s: %s\n", progname, fname, gbc_status_string(st));
}

/* An option taking a value, as "--name VALUE" or "--name=VALUE": returns 1 and sets
 * *v when argv[*argi] is that option (advancing *argi past a separate value), 0
 * when it is another argument, -1 when the value is missing. */
static int option_value(int argc, char **argv, int *argi, const char *name, const char **v)
{
    const char *a = argv[*argi];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *v = a + n + 1;
        return 1;
    }
    if (a[n] != '\0')
        return 0;
    if (*argi + 1 >= argc)
        return -1;
    *v = argv[++*argi];
    return 1;
}

int main(int argc, char **argv)
{
#ifdef SIGXFSZ
    /* past a file-size limit a write should fail (and the temporary output be
     * removed), not kill the process */
    signal(SIGXFSZ, SIG_IGN);
#endif
    if (argc > 1 && cli_is_ideal_command(argv[1])) /* cli/ideal_cmd.c */
        return cli_ideal_command(argc, argv);
    const char *command = "gb", *order = NULL, *file = NULL, *outfile = NULL;
    gbc_algorithm algo = GBC_ALGO_DEFAULT;
    int verbose = 0, certify = 0, threads = 1, fixed_seed = 0;
    gbc_linear_algebra la = GBC_LA_AUTO;
    gbc_order_path opath = GBC_ORDER_AUTO;
    unsigned long long seed = 0;
    size_t memory_limit = 0;
    double timeout = 0.0, deadline = 0.0;
    int argi = 1;
    int multigraded = 0; /* hilbert --multigraded */
    static const char *const commands[] = {"gb",     "hilbert",    "dim",
                                           "degree", "irrdecom",   "alexdual",
                                           "assoprimes", "maxstandard"};
    if (argi < argc) {
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strcmp(argv[argi], commands[i]) == 0) {
                command = commands[i];
                argi++;
                break;
            }
    }
    for (; argi < argc; argi++) {
        const char *a = argv[argi], *v = NULL;
        int ov;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (strcmp(a, "--version") == 0) {
            printf("gbc %s\n", gbc_version());
            return EXIT_OK;
        } else if ((ov = option_value(argc, argv, &argi, "--order", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            order = v;
        } else if ((ov = option_value(argc, argv, &argi, "--algorithm", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            if (strcmp(v, "buchberger") == 0)
                algo = GBC_ALGO_BUCHBERGER;
            else if (strcmp(v, "f4") == 0)
                algo = GBC_ALGO_F4;
            else
                return usage_error("unknown algorithm '%s' (expected f4 or buchberger)", v);
        } else if ((ov = option_value(argc, argv, &argi, "--threads", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            char *end;
            errno = 0;
            long n = strtol(v, &end, 10);
            if (errno || *end || n < 1 || n > 1024)
                return usage_error("--threads needs a number from 1 to 1024, not '%s'", v);
            threads = (int)n;
        } else if ((ov = option_value(argc, argv, &argi, "--linear-algebra", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            if (strcmp(v, "auto") == 0)
                la = GBC_LA_AUTO;
            else if (strcmp(v, "exact") == 0)
                la = GBC_LA_EXACT;
            else if (strcmp(v, "probabilistic") == 0)
                la = GBC_LA_PROBABILISTIC;
            else
                return usage_error("unknown linear algebra '%s' (expected auto, exact or "
                                   "probabilistic)",
                                   v);
        } else if ((ov = option_value(argc, argv, &argi, "--order-path", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            if (strcmp(v, "auto") == 0)
                opath = GBC_ORDER_AUTO;
            else if (strcmp(v, "fglm") == 0)
                opath = GBC_ORDER_FGLM;
            else if (strcmp(v, "homogenise") == 0 || strcmp(v, "homogenize") == 0)
                opath = GBC_ORDER_HOMOGENISE;
            else if (strcmp(v, "hilbert") == 0)
                opath = GBC_ORDER_HILBERT;
            else
                return usage_error("unknown order path '%s' (expected auto, fglm, "
                                   "hilbert or homogenise)",
                                   v);
        } else if ((ov = option_value(argc, argv, &argi, "--seed", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            char *end;
            errno = 0;
            seed = strtoull(v, &end, 10);
            if (errno || end == v || *end || v[0] == '-' || v[0] == '+')
                return usage_error("--seed needs a number from 0 to 18446744073709551615, "
                                   "not '%s'",
                                   v);
            fixed_seed = 1;
        } else if ((ov = option_value(argc, argv, &argi, "--memory-limit", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            if (!parse_size(v, &memory_limit))
                return usage_error("--memory-limit needs a positive size such as 2G or "
                                   "500M, not '%s'",
                                   v);
        } else if ((ov = option_value(argc, argv, &argi, "--timeout", &v)) != 0) {
            if (ov < 0)
                return usage_error("option '%s' needs an argument", a);
            char *end;
            errno = 0;
            timeout = strtod(v, &end);
            if (errno || end == v || *end || !(timeout > 0.0) || timeout > 1e9)
                return usage_error("--timeout needs a positive number of seconds, not '%s'",
                                   v);
        } else if (strcmp(a, "-o") == 0) {
            if (++argi >= argc)
                return usage_error("option '%s' needs an argument", a);
            outfile = argv[argi];
        } else if (strncmp(a, "-v", 2) == 0 && strspn(a + 1, "v") == strlen(a + 1)) {
            verbose += (int)strlen(a + 1);
        } else if (strcmp(a, "--certify") == 0) {
            certify = 1;
        } else if (strcmp(a, "--multigraded") == 0) {
            multigraded = 1;
        } else if (strcmp(a, "--verbose") == 0) {
            verbose++;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else {
            if (file != NULL)
                return usage_error("more than one input file ('%s')", a);
            file = a;
        }
    }
    if (strcmp(command, "gb") != 0) /* the monomial-ideal commands */
        return cli_monideal_command(command, file, outfile, order, algo, verbose, multigraded);

    /* Input. */
    const char *fname = (file == NULL || strcmp(file, "-") == 0) ? "<stdin>" : file;
    FILE *in = stdin;
    if (file != NULL && strcmp(file, "-") != 0) {
        in = fopen(file, "rb");
        if (in == NULL) {
            fprintf(stderr, "%s: cannot open '%s': %s\n", progname, file, strerror(errno));
            return EXIT_INPUT;
        }
    }
    size_t len = 0;
    char *text = cli_read_all(in, &len);
    if (in != stdin)
        fclose(in);
    if (text == NULL) {
        fprintf(stderr, "%s: cannot read '%s'\n", progname, fname);
        return EXIT_RESOURCES;
    }

    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL, *basis = NULL;
    gbc_options *opts = NULL;
    gbc_stats *stats = NULL;
    gbc_error err;
    int rc = EXIT_OK;
    if (gbc_options_new(&opts) != GBC_OK || gbc_stats_new(&stats) != GBC_OK) {
        fprintf(stderr, "%s: out of memory\n", progname);
        free(text);
        rc = EXIT_RESOURCES;
        goto out;
    }
    if (memory_limit != 0)
        gbc_options_set_memory_limit(opts, memory_limit);
    if (timeout > 0.0) {
        deadline = now_seconds() + timeout;
        gbc_options_set_interrupt(opts, past_deadline, &deadline);
    }
    gbc_status st = gbc_parse(&ring, &gens, text, len, order, opts, &err);
    free(text);
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED) {
        report_stop(fname, st, memory_limit, timeout);
        rc = exit_for(st);
        goto out;
    }
    if (st != GBC_OK) {
        if (st == GBC_ERR_ARG) {
            fprintf(stderr, "%s: %s\n", progname, err.message);
            rc = EXIT_USAGE;
            goto out;
        }
        if (err.line > 0)
            fprintf(stderr, "%s:%llu:%llu: error: %s\n", fname, (unsigned long long)err.line,
                    (unsigned long long)err.column, err.message);
        else
            fprintf(stderr, "%s: error: %s\n", fname, err.message[0] ? err.message
                                                                      : gbc_status_string(st));
        rc = exit_for(st);
        goto out;
    }
    gbc_options_set_algorithm(opts, algo);
    gbc_options_set_certify(opts, certify);
    gbc_options_set_threads(opts, threads);
    gbc_options_set_linear_algebra(opts, la);
    gbc_options_set_order_path(opts, opath);
    if (fixed_seed)
        gbc_options_set_seed(opts, (uint64_t)seed);
    if (verbose)
        gbc_options_set_log(opts, log_to_stderr, NULL, verbose);
    st = gbc_groebner(&basis, gens, opts, stats);
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED) {
        report_stop(fname, st, memory_limit, timeout);
        rc = exit_for(st);
        goto out;
    }
    if (st == GBC_ERR_DOMAIN && opath == GBC_ORDER_FGLM) {
        fprintf(stderr,
                "%s: error: --order-path fglm: the ideal is not zero-dimensional (or has "
                "more than 16384 standard monomials); use --order-path auto\n",
                fname);
        rc = exit_for(st);
        goto out;
    }
    if (st != GBC_OK) {
        fprintf(stderr, "%s: %s: %s\n", progname, fname, gbc_status_string(st));
        rc = exit_for(st);
        goto out;
    }
    if (verbose) {
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
    }
    char *out;
    size_t outlen;
    st = gbc_polys_to_string(&out, &outlen, basis, GBC_PRINT_HEADER);
    if (st != GBC_OK) {
        fprintf(stderr, "%s: %s\n", progname, gbc_status_string(st));
        rc = exit_for(st);
        goto out;
    }
    int open_failed;
    if (cli_write_result(outfile, out, outlen, &open_failed) != 0)
        rc = open_failed ? EXIT_INPUT : EXIT_RESOURCES;
    gbc_string_free(out);
out:
    gbc_polys_free(basis);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    gbc_options_free(opts);
    gbc_stats_free(stats);
    return rc;
}
