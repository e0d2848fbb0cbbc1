/* cli: the `gbc` command-line tool (../shared/cli-contract.md). It links only
 * against the public API: read the input, run one command, print the result.
 * Exit status: 0 success, 1 bad input, 2 bad usage, 3 out of resources (also an
 * interrupt: --timeout, SIGINT, SIGTERM). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gbc.h"
#include "cli_main.h"
#include "ideal_cmd.h"
#include "interrupt.h"
#include "json.h"
#include "learn_cmd.h"
#include "module_cmd.h"
#include "monideal_cmd.h"
#include "options.h"
#include "output.h"
#include "reader.h"
#include "solve_cmd.h"

static const char *progname = "gbc";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gbc [COMMAND] [OPTIONS] [FILE]   (options before or after the command)\n"
            "\n"
            "Reads an ideal I of R = K[x1..xn] (msolve-style text: variable names, the\n"
            "characteristic, generators) from FILE or standard input, computes its Groebner\n"
            "basis G in the chosen order, and prints what COMMAND asks for. LT(I) below is\n"
            "the ideal of the leading terms of G in that order (for monomial input: I).\n"
            "\n"
            "commands:\n"
            "  gb              the reduced Groebner basis G (the default); of the module\n"
            "                  when the generators are vectors [f1, ..., fr]\n"
            "  syz             the syzygies of the generators (polynomials or vectors),\n"
            "                  one vector a line (minimal for homogeneous generators)\n"
            "  res             the graded Betti table of a minimal free resolution of R/I\n"
            "                  (R^r/M for vectors), homogeneous input only; --maps: then\n"
            "                  the maps d_1, d_2, ... of that resolution, one column a line\n"
            "  regularity      the Castelnuovo-Mumford regularity of I (of M for\n"
            "                  vectors), from that table: reg I = reg R/I + 1\n"
            "  hilbert         the numerator N(t) of the Hilbert series N(t)/(1-t)^n of\n"
            "                  R/LT(I); that of R/I when the order is graded (grevlex,\n"
            "                  deglex) or I is homogeneous; --multigraded: the multigraded\n"
            "                  numerator of R/LT(I)\n"
            "  dim             the Krull dimension of R/I (= that of R/LT(I) in any order;\n"
            "                  -1 for the unit ideal)\n"
            "  degree          the degree of R/LT(I): the degree of R/I when the order is\n"
            "                  graded or I is homogeneous; for zero-dimensional I in any\n"
            "                  order the number of standard monomials, dim_K R/I\n"
            "  irrdecom        irreducible decomposition of LT(I), one component a line\n"
            "  alexdual        Alexander dual of LT(I) (w.r.t. the lcm of its generators)\n"
            "  assoprimes      associated primes of LT(I), one a line\n"
            "  maxstandard     maximal standard monomials of LT(I), one a line (none\n"
            "                  unless I is zero-dimensional: a note on stderr says so)\n"
            "  eliminate --vars x,y  the elimination ideal of I in the other variables\n"
            "  intersect, quotient, saturate  I cap J, I : J, I : J^inf (J: a second\n"
            "                  FILE or --with FILE; saturate --method auto|eliminate|iterate|f4)\n"
            "  reduce, member  normal forms modulo I / true or false for each polynomial\n"
            "                  of the second input\n"
            "  lift            cofactors of the basis of I (of each polynomial of the\n"
            "                  second input, with one) in terms of I's generators\n"
            "  solve           the real solutions of a zero-dimensional I as isolating\n"
            "                  boxes, over Z/p its solutions in Z/p (--format gbc|msolve,\n"
            "                  --precision BITS, --parametrization; 'gbc solve --help')\n"
            "  kbase           the normal set of R/I (zero-dimensional I), one monomial\n"
            "                  a line; --matrices: also the multiplication matrices by\n"
            "                  the variables ('gbc kbase --help')\n"
            "  learn FILE -o TRACE  over Z/p: F4's trace of FILE's system, for apply\n"
            "  apply TRACE FILE...  the reduced Groebner basis of each FILE (systems of\n"
            "                  the learnt one's shape, other coefficients or primes) by the\n"
            "                  trace, printed as gb prints it ('gbc apply --help')\n"
            "\n"
            "options (every command honours every option; --multigraded is hilbert's):\n"
            "  -f FILE         read FILE (also the last non-option argument; '-': stdin)\n"
            "  -o FILE         write the result to FILE instead of standard output\n"
            "  --order ORDER   grevlex (default), lex, deglex, weights:w1,...,wn,\n"
            "                  blocks:grevlex(k),lex(m),... (an elimination order)\n"
            "  --algorithm A   f4 (default; multi-modular over Q), sig (signature-based\n"
            "                  F4 over Z/p; over Q the multi-modular F4) or buchberger\n"
            "                  (the reference; direct over Q)\n"
            "  --order-path P  how F4 reaches lex, block and weighted orders: auto\n"
            "                  (default: on input of degree >= 32 first Buchberger in\n"
            "                  the order itself within a small budget of work; then\n"
            "                  from the grevlex basis, by FGLM when the ideal is\n"
            "                  zero-dimensional, else Hilbert-driven), fglm, hilbert,\n"
            "                  homogenise (the generators) or direct (Buchberger in the\n"
            "                  order itself, no budget); -v says which ran\n"
            "  --certify       over Q: prove the result (slower); the default checks it\n"
            "                  modulo a fresh random prime\n"            "  --learn L       over Q: the learning run, f4 (default) or sig (the\n"
            "                  signature engine's rows guide F4's learning run; F4\n"
            "                  alone where that does not apply; the same result)\n"
            "  --seed N        over Q: primes from the seed N (0 to 2^64-1) instead of\n"
            "                  the OS's entropy, to repeat a run (-v prints a run's seed);\n"
            "                  a known seed gives no guarantee against crafted input\n"
            "  --linear-algebra K  F4's kernel over Z/p: auto (default), exact, or\n"
            "                  probabilistic (random combinations of row blocks; wrong with\n"
            "                  probability at most 2^-64 per run)\n"
            "  -t N, --threads N  threads for F4's linear algebra, the primes over Q and\n"
            "                  gbc solve's primes (default 1)\n"
            "  --memory-limit SIZE  stop (exit 3) when gbc's own memory would exceed SIZE\n"
            "                  bytes (suffixes K, M, G: powers of 1024)\n"
            "  --timeout SECONDS  stop (exit 3) after this much wall-clock time\n"
            "  --              ends the options: what follows is FILE (and the\n"
            "                  command's second input), even when it starts with '-'\n"
            "  --multigraded   hilbert: the multigraded numerator\n"
            "  --format F      text (default) or json: the result as one JSON object\n"
            "                  (docs/format.md lists its fields per command)\n"
            "  --polynomial    hilbert: the Hilbert polynomial P(t) of R/LT(I) (of R/I\n"
            "                  when the order is graded or I homogeneous): HF(t) = P(t)\n"
            "                  for t large\n"
            "  --module-order M  gb and reduce on vectors: top (term over position, the\n"
            "                  default; e_r > ... > e_1), top-down (e_1 largest), pot\n"
            "                  (position over term, e_1 largest) or pot-up (e_r largest)\n"
            "  --schreyer FILE gb on vectors of rank r: the Schreyer order induced by\n"
            "                  FILE's r single terms of rank s (one nonzero entry, a\n"
            "                  monomial: the leading term of e_j's image in R^s)\n"
            "  --leading       gb: only the leading monomials of G, in the same format\n"
            "                  and order (the generators of LT(I); msolve's -g 1)\n"
            "  -v              progress and statistics on standard error: one line per F4\n"
            "                  round, the primes over Q, the path taken, a summary\n"
            "  -vv             also the details (linear algebra, FGLM, Buchberger's new\n"
            "                  elements) and every counter of the run\n"
            "  --progress      a progress line on standard error even when it is not a\n"
            "                  terminal (default: shown on a terminal after 1 s);\n"
            "                  --no-progress: never\n"
            "  -h, --help      this help;  --version  the version\n"
            "\n"
            "exit status: 0 success, 1 bad input (also an unreadable FILE), 2 bad usage,\n"
            "3 out of resources (memory, time, exponent overflow) or interrupted (SIGINT,\n"
            "SIGTERM: the run stops, removes its temporary output and says so)\n");
}

/* Read the input (file NULL or "-": standard input) into *text, at most max bytes
 * (0: no limit) and until the deadline (cli_now() seconds, 0: none). Returns 0, or
 * the exit status after printing why: 1 when the file cannot be opened or read (a
 * directory, no permission, an I/O error), 3 when memory runs out, the input
 * exceeds the memory limit or the deadline passes first. */
static int read_input(const char *file, const char *fname, size_t max, double deadline,
                      char **text, size_t *len)
{
    int fd = STDIN_FILENO;
    if (file != NULL && strcmp(file, "-") != 0) {
        struct stat sb;
        if (stat(file, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            fprintf(stderr, "%s: cannot read '%s': it is a directory\n", progname, file);
            return EXIT_INPUT;
        }
        fd = open(file, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            fprintf(stderr, "%s: cannot open '%s': %s\n", progname, file, strerror(errno));
            return EXIT_INPUT;
        }
    }
    int e;
    cli_read_status st = cli_read_fd(fd, max, deadline, text, len, &e);
    if (fd != STDIN_FILENO)
        close(fd);
    switch (st) {
    case CLI_READ_OK:
        return 0;
    case CLI_READ_IO:
        fprintf(stderr, "%s: cannot read '%s': %s\n", progname, fname,
                e ? strerror(e) : "read error");
        return EXIT_INPUT;
    case CLI_READ_LIMIT:
        cli_report_status(fname, GBC_ERR_LIMIT);
        return EXIT_RESOURCES;
    case CLI_READ_TIME:
    case CLI_READ_INTR:
        cli_report_status(fname, GBC_ERR_INTERRUPTED);
        return EXIT_RESOURCES;
    case CLI_READ_NOMEM:
        break;
    }
    fprintf(stderr, "%s: cannot read '%s': out of memory\n", progname, fname);
    return EXIT_RESOURCES;
}

/* The time left of the run before the deadline (0: none) as a time limit for the
 * next call: 0 when there is no deadline, else at least a microsecond (a call
 * that starts after the deadline stops at its first poll). */
static double time_left(double deadline)
{
    if (deadline == 0.0)
        return 0.0;
    double left = deadline - cli_now();
    return left > 1e-6 ? left : 1e-6;
}

static int is_command(const char *a)
{
    static const char *const commands[] = {"gb",       "hilbert",  "dim",
                                           "degree",   "irrdecom", "alexdual",
                                           "assoprimes", "maxstandard", "syz",
                                           "res",      "regularity"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(a, commands[i]) == 0)
            return 1;
    return 0;
}

/* The leading monomials of basis (each with coefficient 1), in its order. */
static gbc_status leading_monomials(gbc_polys **out, const gbc_polys *basis,
                                    const gbc_options *opts)
{
    const gbc_ring *ring = gbc_polys_ring(basis);
    size_t k = gbc_polys_count(basis);
    uint32_t n = gbc_ring_nvars(ring);
    size_t cap = 1;
    for (size_t i = 0; i < k; i++)
        if (gbc_polys_nterms(basis, i) > cap)
            cap = gbc_polys_nterms(basis, i);
    if (n > 0 && cap > SIZE_MAX / sizeof(uint32_t) / n)
        return GBC_ERR_NOMEM;
    uint32_t *row = malloc(sizeof(uint32_t) * cap * (n ? n : 1));
    uint32_t *exps = malloc(sizeof(uint32_t) * (k * n + 1));
    uint32_t *ones = malloc(sizeof(uint32_t) * (k + 1));
    size_t *nterms = malloc(sizeof(size_t) * (k + 1));
    gbc_status st = GBC_ERR_NOMEM;
    if (row != NULL && exps != NULL && ones != NULL && nterms != NULL) {
        st = GBC_OK;
        for (size_t i = 0; i < k && st == GBC_OK; i++) {
            st = gbc_polys_get_zp(row, NULL, cap, basis, i);
            memcpy(exps + i * n, row, sizeof(uint32_t) * n);
            ones[i] = 1;
            nterms[i] = 1;
        }
        if (st == GBC_OK)
            st = gbc_polys_from_arrays_zp(out, ring, k, nterms, exps, ones, opts, NULL);
    }
    free(row);
    free(exps);
    free(ones);
    free(nterms);
    return st;
}

/* Whether path names something that can be opened for reading ('-' is stdin). */
static int is_readable(const char *path)
{
    if (strcmp(path, "-") == 0)
        return 1;
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    fclose(f);
    return 1;
}

/* Levenshtein distance of a and b, capped at 3 (enough to suggest a command). */
static int edit_distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > 16 || nb > 16)
        return 3;
    int d[17][17];
    for (size_t i = 0; i <= na; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= nb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= na; i++)
        for (size_t j = 1; j <= nb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[na][nb] < 3 ? d[na][nb] : 3;
}

/* A first operand that is neither a command nor a readable file, followed by
 * another operand: a mistyped command. Says so, with the nearest command. */
static int unknown_command(const char *name)
{
    static const char *const all[] = {
        "gb",       "hilbert",   "dim",      "degree",   "irrdecom", "alexdual",
        "assoprimes", "maxstandard", "syz",  "res",      "regularity", "eliminate",
        "intersect", "quotient", "saturate",  "reduce",   "member",   "lift",     "solve",
        "kbase",    "learn",     "apply"};
    const char *near = NULL;
    int best = 3;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        int d = edit_distance(name, all[i]);
        if (d < best) {
            best = d;
            near = all[i];
        }
    }
    fprintf(stderr, "%s: unknown command '%s'", progname, name);
    if (near != NULL)
        fprintf(stderr, " (did you mean '%s'?)", near);
    fprintf(stderr, "\nTry 'gbc --help' for the commands.\n");
    return EXIT_USAGE;
}

int cli_main(int argc, char **argv, const cli_hooks *hooks)
{
#ifdef SIGXFSZ
    /* past a file-size limit a write should fail (and the temporary output be
     * removed), not kill the process */
    signal(SIGXFSZ, SIG_IGN);
#endif
    /* SIGINT and SIGTERM stop the computation through the interrupt callback (a
     * gbc-mpi worker, which runs under no_input, keeps their default action) */
    if (hooks == NULL || hooks->no_input == NULL)
        cli_interrupt_install();
    int scmd = cli_find_solve_command(argc, argv); /* cli/solve_cmd.c */
    if (scmd > 0 && hooks != NULL && hooks->no_input != NULL)
        return hooks->no_input(NULL, hooks->data); /* its own parser, as the ideal commands */
    if (scmd > 0)
        return cli_solve_command(argc, argv, scmd);
    int lcmd = cli_find_learn_command(argc, argv); /* cli/learn_cmd.c */
    if (lcmd > 0 && hooks != NULL && hooks->no_input != NULL)
        return hooks->no_input(NULL, hooks->data);
    if (lcmd > 0)
        return cli_learn_command(argc, argv, lcmd);
    int icmd = cli_find_ideal_command(argc, argv); /* cli/ideal_cmd.c */
    if (icmd > 0 && hooks != NULL && hooks->no_input != NULL)
        return hooks->no_input(NULL, hooks->data);
    if (icmd > 0) {
        /* options may come before the command: move it to the front */
        char *name = argv[icmd];
        memmove(argv + 2, argv + 1, sizeof(char *) * (size_t)(icmd - 1));
        argv[1] = name;
        return cli_ideal_command(argc, argv);
    }
    const char *command = NULL, *file = NULL;
    cli_common C; /* the options every command takes (cli/options.c) */
    cli_common_init(&C);
    int progress = -1;
    int multigraded = 0; /* hilbert --multigraded */
    int leading = 0;     /* gb --leading: the leading monomials only */
    int maps = 0;        /* res --maps: the resolution's maps too */
    const char *morder = NULL; /* gb --module-order */
    const char *schreyer = NULL; /* gb --schreyer FILE */
    int hpoly = 0;       /* hilbert --polynomial */
    int file_operand = 0; /* FILE came as an operand (not -f) */
    int end_opts = 0;     /* after "--": every argument is FILE */
    for (int argi = 1; argi < argc; argi++) {
        const char *a = argv[argi], *v = NULL;
        int ov;
        if (end_opts) {
            if (file != NULL)
                return cli_usage_error("more than one input file ('%s')", a);
            file = a;
            file_operand = 1;
        } else if (strcmp(a, "--") == 0) {
            end_opts = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (strcmp(a, "--version") == 0) {
            printf("gbc %s\n", gbc_version());
            return EXIT_OK;
        } else if ((ov = cli_common_option(&C, argc, argv, &argi)) != 0) {
            if (ov < 0)
                return EXIT_USAGE;
        } else if ((ov = cli_option_value(argc, argv, &argi, "-f", &v)) != 0) {
            if (ov < 0)
                return cli_usage_error("option '%s' needs an argument", a);
            if (file != NULL)
                return cli_usage_error("more than one input file ('%s')", v);
            file = v;
        } else if (strcmp(a, "--multigraded") == 0) {
            multigraded = 1;
        } else if (strcmp(a, "--polynomial") == 0) {
            hpoly = 1;
        } else if (strcmp(a, "--leading") == 0) {
            leading = 1;
        } else if (strcmp(a, "--maps") == 0) {
            maps = 1;
        } else if ((ov = cli_option_value(argc, argv, &argi, "--module-order", &v)) != 0) {
            if (ov < 0)
                return cli_usage_error("option '%s' needs an argument", a);
            morder = v;
        } else if ((ov = cli_option_value(argc, argv, &argi, "--schreyer", &v)) != 0) {
            if (ov < 0)
                return cli_usage_error("option '%s' needs an argument", a);
            schreyer = v;
        } else if (strcmp(a, "--progress") == 0) {
            progress = 1;
        } else if (strcmp(a, "--no-progress") == 0) {
            progress = 0;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_usage_error("unknown option '%s'", a);
        } else if (command == NULL && !file_operand && is_command(a)) {
            /* the first operand names the command when it is one (a file called
             * "dim" is ./dim) */
            command = a;
        } else {
            if (file != NULL && command == NULL && is_command(a))
                return cli_usage_error("'%s' is a command: put it before FILE", a);
            if (file != NULL && command == NULL && file_operand && !is_readable(file))
                return unknown_command(file);
            if (file != NULL)
                return cli_usage_error("more than one input file ('%s')", a);
            file = a;
            file_operand = 1;
        }
    }
    /* the shared options under the names the run below uses */
    const char *order = C.order, *outfile = C.outfile;
    const gbc_algorithm algo = C.algo;
    const gbc_order_path opath = C.opath;
    const int verbose = C.verbose;
    const size_t memory_limit = C.memory_limit;
    const double timeout = C.timeout;
    if (command == NULL)
        command = "gb";
    if (leading && strcmp(command, "gb") != 0)
        return cli_usage_error("--leading applies to the gb command only, not to %s", command);
    if (maps && strcmp(command, "res") != 0)
        return cli_usage_error("--maps applies to the res command only, not to %s", command);
    cli_module_flags mflags = {C.json, maps, GBC_MODULE_TOP, NULL, 0, NULL};
    int urc = cli_module_order_option(morder, command, strcmp(command, "gb") == 0,
                                      &mflags.order);
    if (urc != EXIT_OK)
        return urc;
    if (schreyer != NULL && strcmp(command, "gb") != 0)
        return cli_usage_error("--schreyer applies to the gb command only, not to %s",
                               command);
    if (schreyer != NULL && morder != NULL)
        return cli_usage_error("--schreyer and --module-order exclude each other (%s)",
                               "the Schreyer order is the module order");
    if (schreyer != NULL && (file == NULL || strcmp(file, "-") == 0) &&
        strcmp(schreyer, "-") == 0)
        return cli_usage_error("--schreyer %s: only one input can be standard input", "-");
    if (maps && C.json)
        return cli_usage_error("--maps prints text: it does not combine with --format %s",
                               "json");
    if (hpoly && (strcmp(command, "hilbert") != 0 || multigraded))
        return cli_usage_error("--polynomial applies to the hilbert command only (and not with "
                           "--multigraded), not to %s", multigraded ? "--multigraded" : command);
    if (multigraded && strcmp(command, "hilbert") != 0)
        return cli_usage_error("--multigraded applies to the hilbert command only, not to %s",
                           command);
    cli_report_limits(memory_limit, timeout);
    cli_json_set_order(C.order);

    const char *fname = (file == NULL || strcmp(file, "-") == 0) ? "<stdin>" : file;
    char *text = NULL;
    size_t len = 0;
    int rc;

    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL, *basis = NULL;
    gbc_options *opts = NULL;
    gbc_stats *stats = NULL;
    gbc_error err;
    cli_log L;
    memset(&L, 0, sizeof L);
    L.verbose = verbose;
    L.progress = progress < 0 ? isatty(STDERR_FILENO) : progress;
    L.delay = progress < 0 ? 1.0 : 0.0;
    L.t0 = cli_seconds();
    rc = EXIT_OK;
    if (gbc_options_new(&opts) != GBC_OK || gbc_stats_new(&stats) != GBC_OK) {
        fprintf(stderr, "%s: out of memory\n", progname);
        free(text);
        rc = EXIT_RESOURCES;
        goto out;
    }
    /* every option goes into the one options object every command computes with */
    cli_common_apply(&C, opts);
    if (timeout > 0.0)
        gbc_options_set_time_limit(opts, timeout);
    cli_log_setup(opts, &L);
    /* (--timeout is the time limit, which the library checks apart from this) */
    gbc_options_set_interrupt(opts, cli_interrupt_poll, NULL);
    if (hooks != NULL && hooks->no_input != NULL) {
        rc = hooks->no_input(opts, hooks->data);
        goto out;
    }
    /* Input: read under the run's limits; while the text is held the parser may
     * use what the limit leaves, and the run's time limit covers reading, parsing
     * and the command together. */
    double deadline = timeout > 0.0 ? L.t0 + timeout : 0.0;
    rc = read_input(file, fname, memory_limit, deadline, &text, &len);
    if (rc != 0)
        goto out;
    if (memory_limit != 0 && len >= memory_limit) {
        free(text);
        cli_report_status(fname, GBC_ERR_LIMIT);
        rc = EXIT_RESOURCES;
        goto out;
    }
    if (memory_limit != 0)
        gbc_options_set_memory_limit(opts, memory_limit - len);
    if (deadline > 0.0)
        gbc_options_set_time_limit(opts, time_left(deadline));
    /* modules: syz, res, and gb on vectors (cli/module_cmd.c) */
    if (strcmp(command, "syz") == 0 || strcmp(command, "res") == 0 ||
        strcmp(command, "regularity") == 0 ||
        (strcmp(command, "gb") == 0 && cli_module_text_has_vector(text, len))) {
        if (leading) {
            free(text);
            cli_log_done(&L);
            fprintf(stderr, "%s: --leading applies to ideals, not to vector input\n", fname);
            rc = EXIT_USAGE;
            goto out;
        }
        char *ltext = NULL;
        if (schreyer != NULL) {
            rc = read_input(schreyer, strcmp(schreyer, "-") == 0 ? "<stdin>" : schreyer,
                            memory_limit, deadline, &ltext, &mflags.lead_len);
            if (rc != 0) {
                free(text);
                cli_log_done(&L);
                goto out;
            }
            mflags.lead = ltext;
            mflags.lead_name = strcmp(schreyer, "-") == 0 ? "<stdin>" : schreyer;
        }
        rc = cli_module_command(command, fname, text, len, order, opts, stats, outfile,
                                verbose, &L, &mflags);
        free(ltext);
        free(text);
        goto out;
    }
    if (schreyer != NULL) {
        free(text);
        cli_log_done(&L);
        fprintf(stderr, "%s: --schreyer applies to vector input [f1, ..., fr], not to "
                        "polynomials\n", fname);
        rc = EXIT_USAGE;
        goto out;
    }
    if (morder != NULL) {
        free(text);
        cli_log_done(&L);
        rc = cli_module_order_not_vector(fname);
        goto out;
    }
    gbc_status st = gbc_parse(&ring, &gens, text, len, order, opts, &err);
    free(text);
    if (memory_limit != 0)
        gbc_options_set_memory_limit(opts, memory_limit);
    if (deadline > 0.0)
        gbc_options_set_time_limit(opts, time_left(deadline));
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED) {
        cli_log_done(&L);
        cli_report_status(fname, st);
        rc = cli_exit_for(st);
        goto out;
    }
    if (st != GBC_OK) {
        cli_log_done(&L);
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
        rc = cli_exit_for(st);
        goto out;
    }
    if (strcmp(command, "gb") != 0) { /* the monomial-ideal commands */
        rc = cli_monideal_command(command, fname, ring, gens, opts, stats, outfile, verbose,
                                  (hpoly ? 2 : multigraded) | (C.json ? 4 : 0), &L);
        goto out;
    }
    int open_failed;
    /* Into a file or a pipe the basis is written while it is computed (the default
     * path then never holds it whole: gbc_groebner_write); to a terminal it is
     * computed first, so that the progress line and the basis do not mix. */
    int streamed = 0, write_bad = 0;
    cli_emit e = {.gens = gens, .opts = opts, .stats = stats};
    if (hooks != NULL && hooks->groebner != NULL && algo != GBC_ALGO_BUCHBERGER) {
        st = hooks->groebner(&basis, gens, opts, stats, hooks->data);
    } else if (!leading && !C.json &&
               ((outfile != NULL && strcmp(outfile, "-") != 0) || !isatty(STDOUT_FILENO))) {
        streamed = 1;
        write_bad = cli_write_stream(outfile, &e, &open_failed);
        st = e.st;
        if (write_bad && open_failed) {
            cli_log_done(&L);
            rc = EXIT_INPUT;
            goto out;
        }
        if (write_bad && st == GBC_OK) /* a write error, reported */
            st = GBC_ERR_IO;
    } else {
        st = gbc_groebner(&basis, gens, opts, stats);
    }
    cli_log_done(&L);
    if (st == GBC_ERR_IO && streamed) {
        rc = EXIT_RESOURCES;
        goto out;
    }
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED) {
        cli_report_status(fname, st);
        rc = cli_exit_for(st);
        goto out;
    }
    if (st == GBC_ERR_DOMAIN && opath == GBC_ORDER_FGLM) {
        fprintf(stderr,
                "%s: error: --order-path fglm: the ideal is not zero-dimensional (or has "
                "more than 16384 standard monomials); use --order-path auto\n",
                fname);
        rc = cli_exit_for(st);
        goto out;
    }
    if (st != GBC_OK) {
        cli_report_status(fname, st);
        rc = cli_exit_for(st);
        goto out;
    }
    cli_print_summary(stats, verbose);
    if (streamed)
        goto out;
    if (leading) {
        gbc_polys *lead = NULL;
        st = leading_monomials(&lead, basis, opts);
        if (st != GBC_OK) {
            cli_report_status(fname, st);
            rc = cli_exit_for(st);
            goto out;
        }
        gbc_polys_free(basis);
        basis = lead;
    }
    if (C.json) {
        char *t = NULL, *js = NULL;
        size_t tlen = 0, jlen = 0;
        st = gbc_polys_to_string(&t, &tlen, basis, GBC_PRINT_HEADER);
        if (st == GBC_OK &&
            cli_json("gb", CLI_JSON_IDEAL, leading ? "leading_monomials" : "basis", t, tlen,
                     &js, &jlen) != 0)
            st = GBC_ERR_NOMEM;
        gbc_string_free(t);
        if (st != GBC_OK) {
            cli_report_status(fname, st);
            rc = cli_exit_for(st);
            goto out;
        }
        if (cli_write_result(outfile, js, jlen, &open_failed) != 0)
            rc = open_failed ? EXIT_INPUT : EXIT_RESOURCES;
        free(js);
        goto out;
    }
    /* printed a piece at a time: the text of a large basis over Q is as large as
     * the basis itself */
    cli_emit eb = {.polys = basis};
    if (cli_write_stream(outfile, &eb, &open_failed) != 0)
        rc = open_failed ? EXIT_INPUT : EXIT_RESOURCES;
out:
    cli_log_done(&L);
    gbc_polys_free(basis);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    gbc_options_free(opts);
    gbc_stats_free(stats);
    return rc;
}

#ifndef GBC_CLI_NO_MAIN
int main(int argc, char **argv)
{
    return cli_main(argc, argv, NULL);
}
#endif
