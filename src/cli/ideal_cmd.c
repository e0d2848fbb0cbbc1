/* cli/ideal_cmd: the ideal-operation commands of the gbc tool, on the public API
 * only (gbc_eliminate, gbc_intersect, gbc_quotient, gbc_saturate, gbc_reduce,
 * gbc_member, gbc_lift, gbc_lift_basis). Ideals print in the gb format (a header,
 * then the reduced basis), so results are valid input again. */
#define _POSIX_C_SOURCE 200809L
#include "ideal_cmd.h"
#include "module_cmd.h"
#include "options.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gbc.h"
#include "interrupt.h"
#include "json.h"
#include "module_cmd.h"
#include "output.h"
#include "reader.h"
#include "textbuf.h"


static const char *const ideal_commands[] = {"eliminate", "intersect", "quotient",
                                             "saturate",  "reduce",    "member",
                                             "lift"};

int cli_is_ideal_command(const char *name)
{
    for (size_t i = 0; i < sizeof ideal_commands / sizeof ideal_commands[0]; i++)
        if (strcmp(name, ideal_commands[i]) == 0)
            return 1;
    return 0;
}

/* The options that take a value as the next argument. */
static int takes_value(const char *a)
{
    static const char *const with_value[] = {
        "--order", "--algorithm", "--order-path", "--linear-algebra", "--threads",
        "--seed", "--memory-limit", "--timeout", "--vars", "--with", "--method", "--learn", "-o",
        "-f", "-t"};
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (strcmp(a, with_value[i]) == 0)
            return 1;
    return 0;
}

int cli_find_ideal_command(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_ideal_command(a))
            return i;
        if (a[0] != '-' || a[1] == '\0' || strcmp(a, "--") == 0)
            return 0; /* a file or another command comes first */
        if (takes_value(a))
            i++;
    }
    return 0;
}

typedef struct icfg {
    const char *command, *file, *with, *vars;
    const char *morder; /* reduce --module-order (vectors) */
    cli_common o; /* the options every command takes (cli/options.c) */
    gbc_saturation method;
    double deadline;
} icfg;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The interrupt callback: a SIGINT or SIGTERM came, or (data: the deadline, 0 for
 * none) the time is up. */
static int stop_now(void *data)
{
    double deadline = *(const double *)data;
    return cli_interrupt_poll(NULL) || (deadline > 0.0 && now_seconds() > deadline);
}

static void log_to_stderr(void *data, int level, const char *msg)
{
    (void)data;
    (void)level;
    fprintf(stderr, "%s\n", msg);
}

/* Parse argv[2..]; returns -1 to go on, else an exit status. */
static int parse_args(icfg *c, int argc, char **argv)
{
    int end_opts = 0; /* after "--": every argument is an input file */
    for (int argi = 2; argi < argc; argi++) {
        const char *a = argv[argi], *v = NULL;
        int ov;
        if (!end_opts && strcmp(a, "--") == 0) {
            end_opts = 1;
            continue;
        }
        if (end_opts) {
            if (c->file == NULL)
                c->file = a;
            else if (c->with == NULL)
                c->with = a;
            else
                return cli_usage_error("more than two input files ('%s')", a);
            continue;
        }
#define VALUE(name)                                                                  \
    ((ov = cli_option_value(argc, argv, &argi, name, &v)) != 0 &&                           \
     (ov > 0 || (cli_usage_error("option '%s' needs an argument", a), 0)))
#define MISSING (ov < 0)
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            printf("usage: gbc %s [OPTIONS] FILE%s\n%s", c->command,
                   strcmp(c->command, "eliminate") == 0 ? " --vars x,y,..."
                   : strcmp(c->command, "lift") == 0    ? " [--with FILE2]"
                                                        : " [--with] FILE2",
                   "Options as for gb (--order, --algorithm, --order-path, --certify, --learn,\n"
                   "--seed, --threads, --linear-algebra, --memory-limit, --timeout, -o, -v);\n"
                   "saturate: --method auto|eliminate|iterate|f4; reduce on vectors:\n"
                   "--module-order top|top-down|pot|pot-up. See 'gbc --help'.\n");
            return EXIT_OK;
        } else if (VALUE("--vars")) {
            c->vars = v;
        } else if (MISSING) {
            return EXIT_USAGE;
        } else if (VALUE("--with")) {
            c->with = v;
        } else if (MISSING) {
            return EXIT_USAGE;
        } else if (VALUE("--module-order")) {
            c->morder = v;
        } else if (MISSING) {
            return EXIT_USAGE;
        } else if (VALUE("--method")) {
            if (strcmp(v, "auto") == 0)
                c->method = GBC_SAT_AUTO;
            else if (strcmp(v, "eliminate") == 0)
                c->method = GBC_SAT_ELIMINATE;
            else if (strcmp(v, "iterate") == 0)
                c->method = GBC_SAT_ITERATE;
            else if (strcmp(v, "f4") == 0)
                c->method = GBC_SAT_F4;
            else
                return cli_usage_error("unknown saturation method '%s' (expected auto, "
                                   "eliminate, iterate or f4)",
                                   v);
        } else if (MISSING) {
            return EXIT_USAGE;
        } else if ((ov = cli_common_option(&c->o, argc, argv, &argi)) != 0) {
            if (ov < 0)
                return EXIT_USAGE;
        } else if (strcmp(a, "-f") == 0) {
            /* msolve's spelling of the input file */
            if (++argi >= argc)
                return cli_usage_error("option '%s' needs an argument", a);
            if (c->file != NULL)
                return cli_usage_error("two inputs given as FILE and -f %s; the second "
                                   "input is --with FILE2",
                                   argv[argi]);
            c->file = argv[argi];
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_usage_error("unknown option '%s'", a);
        } else if (c->file == NULL) {
            c->file = a;
        } else if (c->with == NULL) {
            c->with = a;
        } else {
            return cli_usage_error("more than two input files ('%s')", a);
        }
#undef VALUE
#undef MISSING
    }
    return -1;
}

/* Read and parse one input; on failure print why and return the exit status.
 * positional: the input is a list read by position (the queries of reduce, member
 * and lift, and lift's generators, whose cofactors are listed by position), so its
 * zero polynomials stay (gbc_parse_list); otherwise it generates an ideal and they
 * are dropped (gbc_parse). Vectors (a '[' in the text) are read by
 * gbc_module_parse, every element kept; *rank and *vectors as it gives them (1
 * and 0 for polynomials). */
static int read_input(const icfg *c, const char *file, int positional,
                      const gbc_options *opts, gbc_ring **ring, gbc_polys **polys,
                      uint32_t *rank, int *vectors)
{
    *rank = 1;
    *vectors = 0;
    const char *fname = (file == NULL || strcmp(file, "-") == 0) ? "<stdin>" : file;
    int fd = STDIN_FILENO;
    if (file != NULL && strcmp(file, "-") != 0) {
        fd = open(file, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            fprintf(stderr, "gbc: cannot open '%s': %s\n", file, strerror(errno));
            return EXIT_INPUT;
        }
    }
    size_t len = 0;
    char *text;
    int e;
    cli_read_status rs = cli_read_fd(fd, c->o.memory_limit, c->o.timeout > 0.0 ? c->deadline : 0.0,
                                     &text, &len, &e);
    if (fd != STDIN_FILENO)
        close(fd);
    if (rs == CLI_READ_LIMIT) {
        fprintf(stderr, "gbc: %s: stopped: the memory limit of %zu bytes was reached\n", fname,
                c->o.memory_limit);
        return EXIT_RESOURCES;
    }
    if (rs == CLI_READ_INTR) {
        cli_interrupt_report(fname);
        return EXIT_RESOURCES;
    }
    if (rs == CLI_READ_TIME) {
        fprintf(stderr, "gbc: %s: stopped: the time limit of %g s was reached\n", fname,
                c->o.timeout);
        return EXIT_RESOURCES;
    }
    if (rs != CLI_READ_OK) {
        fprintf(stderr, "gbc: cannot read '%s': %s\n", fname,
                rs == CLI_READ_IO && e ? strerror(e) : "out of memory");
        return rs == CLI_READ_IO ? EXIT_INPUT : EXIT_RESOURCES;
    }
    gbc_error err;
    gbc_status st;
    if (cli_module_text_has_vector(text, len)) /* vectors: every element kept */
        st = gbc_module_parse(ring, polys, rank, vectors, text, len, c->o.order, opts, &err);
    else if (positional)
        st = gbc_parse_list(ring, polys, text, len, c->o.order, opts, &err);
    else
        st = gbc_parse(ring, polys, text, len, c->o.order, opts, &err);
    free(text);
    if (st == GBC_OK)
        return EXIT_OK;
    if (st == GBC_ERR_INTERRUPTED && cli_interrupt_signal() != 0) {
        cli_interrupt_report(fname);
        return cli_exit_for(st);
    }
    if (st == GBC_ERR_ARG) {
        fprintf(stderr, "gbc: %s\n", err.message);
        return EXIT_USAGE;
    }
    if (err.line > 0)
        fprintf(stderr, "%s:%llu:%llu: error: %s\n", fname, (unsigned long long)err.line,
                (unsigned long long)err.column, err.message);
    else
        fprintf(stderr, "%s: error: %s\n", fname,
                err.message[0] ? err.message : gbc_status_string(st));
    return cli_exit_for(st);
}

/* --vars x,y: indices into *vars (malloc'd), *nvars of them. */
static int parse_vars(const char *spec, const gbc_ring *ring, uint32_t **vars, size_t *nvars)
{
    size_t cap = 1;
    for (const char *p = spec; *p; p++)
        cap += *p == ',';
    uint32_t *v = malloc(sizeof *v * cap);
    if (v == NULL) {
        fprintf(stderr, "gbc: out of memory\n");
        return EXIT_RESOURCES;
    }
    size_t n = 0;
    const char *p = spec;
    while (*p) {
        const char *q = strchr(p, ',');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        while (len > 0 && (*p == ' ' || *p == '\t')) {
            p++;
            len--;
        }
        while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
            len--;
        uint32_t i, nv = gbc_ring_nvars(ring);
        for (i = 0; i < nv; i++) {
            const char *name = gbc_ring_var_name(ring, i);
            if (strlen(name) == len && strncmp(name, p, len) == 0)
                break;
        }
        if (i == nv) {
            fprintf(stderr, "gbc: --vars: '%.*s' is not a variable of the input\n",
                    (int)(len > 200 ? 200 : len), p);
            free(v);
            return EXIT_USAGE;
        }
        for (size_t k = 0; k < n; k++)
            if (v[k] == i) {
                fprintf(stderr, "gbc: --vars: '%.*s' is named twice\n", (int)len, p);
                free(v);
                return EXIT_USAGE;
            }
        v[n++] = i;
        if (q == NULL)
            break;
        p = q + 1;
    }
    *vars = v;
    *nvars = n;
    return EXIT_OK;
}

/* The second input must share the first one's variables and characteristic. */
static int same_ring(const gbc_ring *a, const gbc_ring *b, const char *what)
{
    int ok = gbc_ring_nvars(a) == gbc_ring_nvars(b) &&
             gbc_ring_characteristic(a) == gbc_ring_characteristic(b);
    for (uint32_t i = 0; ok && i < gbc_ring_nvars(a); i++)
        ok = strcmp(gbc_ring_var_name(a, i), gbc_ring_var_name(b, i)) == 0;
    if (!ok)
        fprintf(stderr,
                "gbc: %s: error: the second input must have the first one's variables (in "
                "the same order) and characteristic\n",
                what);
    return ok;
}

/* Append the text of L (with the header when header != 0) to b. */
static gbc_status append_polys(cli_buf *b, const gbc_polys *L, int header)
{
    char *s;
    size_t n;
    gbc_status st = gbc_polys_to_string(&s, &n, L, header ? GBC_PRINT_HEADER : 0);
    if (st != GBC_OK)
        return st;
    cli_buf_put(b, s, n);
    gbc_string_free(s);
    return b->failed ? GBC_ERR_NOMEM : GBC_OK;
}

/* The header lines (variables, characteristic) of ring. */
static void append_header(cli_buf *b, const gbc_ring *ring)
{
    for (uint32_t i = 0; i < gbc_ring_nvars(ring); i++) {
        if (i)
            cli_buf_putc(b, ',');
        cli_buf_puts(b, gbc_ring_var_name(ring, i));
    }
    char line[32];
    snprintf(line, sizeof line, "\n%u\n", gbc_ring_characteristic(ring));
    cli_buf_puts(b, line);
}

/* The next line of the printed list at *p (lines end with ",\n" but the last),
 * without its comma and newline; *p moves past it. */
static const char *next_item(const char **p, size_t *len)
{
    const char *s = *p, *e = strchr(s, '\n');
    size_t l = e ? (size_t)(e - s) : strlen(s);
    *p = e ? e + 1 : s + l;
    if (l > 0 && s[l - 1] == ',')
        l--;
    *len = l;
    return s;
}

/* lift: the header, then row j (the m cofactors of basis element or member j, an
 * element of rows_of, vectors of rank rank when rank > 1) on one line, rows separated by commas, each row after a comment naming its element:
 * valid input (a list of k m polynomials). */
static gbc_status print_lift(cli_buf *b, const gbc_ring *ring, const gbc_polys *rows_of,
                             uint32_t rank, const gbc_polys *cof, size_t m, const char *kind)
{
    append_header(b, ring);
    size_t k = m ? gbc_polys_count(cof) / m : gbc_polys_count(rows_of) / rank;
    char *rowtext = NULL, *cftext = NULL;
    size_t rowlen = 0, cflen = 0;
    gbc_status st = rank > 1 ? gbc_module_to_string(&rowtext, &rowlen, rows_of, rank, 0)
                             : gbc_polys_to_string(&rowtext, &rowlen, rows_of, 0);
    if (st == GBC_OK)
        st = gbc_polys_to_string(&cftext, &cflen, cof, 0);
    const char *rp = rowtext, *cp = cftext;
    for (size_t j = 0; st == GBC_OK && j < k; j++) {
        size_t el;
        const char *row = next_item(&rp, &el);
        char head[64];
        snprintf(head, sizeof head, "# %s %zu: ", kind, j + 1);
        cli_buf_puts(b, head);
        cli_buf_put(b, row, el);
        cli_buf_putc(b, '\n');
        for (size_t i = 0; i < m; i++) {
            size_t cl;
            const char *c = next_item(&cp, &cl);
            cli_buf_put(b, c, cl);
            if (!(j + 1 == k && i + 1 == m))
                cli_buf_putc(b, ',');
            cli_buf_putc(b, i + 1 == m ? '\n' : ' ');
        }
    }
    gbc_string_free(rowtext);
    gbc_string_free(cftext);
    return st == GBC_OK && b->failed ? GBC_ERR_NOMEM : st;
}

/* Vector input: only reduce, member and lift take it, both inputs of one rank.
 * Returns EXIT_OK or prints why not and returns the status. */
static int vector_check(const icfg *c, uint32_t rank1, uint32_t rank2)
{
    const char *cmd = c->command;
    if (!(strcmp(cmd, "reduce") == 0 || strcmp(cmd, "member") == 0 ||
          strcmp(cmd, "lift") == 0)) {
        fprintf(stderr, "gbc: %s: vectors are the input of reduce, member and lift among "
                        "these commands; %s takes ideals\n",
                cmd, cmd);
        return EXIT_INPUT;
    }
    if (c->with != NULL && rank1 != rank2) {
        fprintf(stderr, "%s: error: the second input has vectors of rank %u, the first %u\n",
                c->with, rank2, rank1);
        return EXIT_INPUT;
    }
    return EXIT_OK;
}

/* reduce (in the module order ord), member or lift of the vectors q against the
 * submodule gens generates (rank rank): *res the normal forms or cofactors,
 * *member (malloc'd, one flag per element of q) for member and lift; lift gives
 * GBC_ERR_DOMAIN with *nonmember the first element of q outside the submodule. */
static gbc_status vector_query(const char *cmd, const gbc_polys *gens, const gbc_polys *q,
                               uint32_t rank, gbc_module_order ord, const gbc_options *opts,
                               gbc_stats *stats, gbc_polys **res, int **member,
                               size_t *nonmember)
{
    const size_t k = gbc_polys_count(q) / rank;
    if (strcmp(cmd, "reduce") == 0)
        return gbc_module_reduce_order(res, q, gens, rank, ord, opts, stats);
    *member = calloc(k ? k : 1, sizeof **member);
    if (*member == NULL)
        return GBC_ERR_NOMEM;
    if (strcmp(cmd, "member") == 0)
        return gbc_module_member(*member, q, gens, rank, opts, stats);
    gbc_status st = gbc_module_lift(res, *member, q, gens, rank, opts, stats);
    for (size_t j = 0; st == GBC_OK && j < k; j++)
        if (!(*member)[j]) {
            *nonmember = j;
            st = GBC_ERR_DOMAIN;
        }
    return st;
}

/* lift of a module's basis: *basis the reduced basis of the submodule gens
 * generates (term over position) and *res the cofactors of each of its elements
 * in the generators (gbc_module_lift of the basis, whose elements all lie in the
 * submodule). */
static gbc_status vector_lift_basis(const gbc_polys *gens, uint32_t rank,
                                    const gbc_options *opts, gbc_stats *stats,
                                    gbc_polys **basis, gbc_polys **res)
{
    gbc_status st = gbc_module_groebner(basis, gens, rank, GBC_MODULE_TOP, opts, NULL);
    if (st != GBC_OK)
        return st;
    const size_t k = gbc_polys_count(*basis) / rank;
    int *member = calloc(k ? k : 1, sizeof *member);
    if (member == NULL)
        return GBC_ERR_NOMEM;
    st = gbc_module_lift(res, member, *basis, gens, rank, opts, stats);
    for (size_t j = 0; st == GBC_OK && j < k; j++)
        if (!member[j])
            st = GBC_ERR_INTERNAL; /* a basis element outside its own module */
    free(member);
    return st;
}

static int run(icfg *c)
{
    const int two = strcmp(c->command, "eliminate") != 0 &&
                    !(strcmp(c->command, "lift") == 0 && c->with == NULL);
    if (strcmp(c->command, "eliminate") == 0 && c->vars == NULL)
        return cli_usage_error("%s needs --vars x,y,... (the variables to eliminate)",
                           c->command);
    if (strcmp(c->command, "eliminate") != 0 && c->vars != NULL)
        return cli_usage_error("--vars applies to eliminate only, not %s", c->command);
    if (strcmp(c->command, "eliminate") == 0 && c->with != NULL)
        return cli_usage_error("%s takes one input", c->command);
    gbc_module_order mord = GBC_MODULE_TOP;
    int urc = cli_module_order_option(c->morder, c->command,
                                      strcmp(c->command, "reduce") == 0, &mord);
    if (urc != EXIT_OK)
        return urc;
    if (two && c->with == NULL)
        return cli_usage_error("%s needs a second input (a second FILE or --with FILE)",
                           c->command);
    if (two && (c->file == NULL || strcmp(c->file, "-") == 0) && strcmp(c->with, "-") == 0)
        return cli_usage_error("%s: only one input can be standard input", c->command);

    gbc_options *opts = NULL;
    gbc_stats *stats = NULL;
    gbc_ring *r1 = NULL, *r2 = NULL;
    gbc_polys *a = NULL, *b = NULL, *res = NULL, *basis = NULL;
    uint32_t *vars = NULL;
    size_t nvars = 0;
    uint32_t rank = 1, rank2 = 1; /* vectors of that rank when vec */
    int vec = 0, vec2 = 0;
    int *flags = NULL; /* member and lift of vectors */
    cli_buf out = CLI_BUF_INIT;
    int rc = EXIT_OK;
    const char *fname = (c->file == NULL || strcmp(c->file, "-") == 0) ? "<stdin>" : c->file;
    if (gbc_options_new(&opts) != GBC_OK || gbc_stats_new(&stats) != GBC_OK) {
        fprintf(stderr, "gbc: out of memory\n");
        rc = EXIT_RESOURCES;
        goto done;
    }
    if (c->o.memory_limit)
        gbc_options_set_memory_limit(opts, c->o.memory_limit);
    if (c->o.timeout > 0.0)
        c->deadline = now_seconds() + c->o.timeout;
    gbc_options_set_interrupt(opts, stop_now, &c->deadline);
    /* reduce, member and lift answer per polynomial of the second input, and lift's
     * cofactors are per generator of the first: those lists keep their zeros */
    const int lift = strcmp(c->command, "lift") == 0;
    const int queries = lift || strcmp(c->command, "reduce") == 0 ||
                        strcmp(c->command, "member") == 0;
    if ((rc = read_input(c, c->file, lift, opts, &r1, &a, &rank, &vec)) != EXIT_OK)
        goto done;
    if (two) {
        if ((rc = read_input(c, c->with, queries, opts, &r2, &b, &rank2, &vec2)) != EXIT_OK)
            goto done;
        if (!same_ring(r1, r2, c->with)) {
            rc = EXIT_INPUT;
            goto done;
        }
    }
    vec = vec || vec2;
    if (vec && (rc = vector_check(c, rank, rank2)) != EXIT_OK)
        goto done;
    if (!vec && c->morder != NULL) {
        rc = cli_module_order_not_vector(fname);
        goto done;
    }
    cli_common_apply(&c->o, opts);
    if (c->o.verbose)
        gbc_options_set_log(opts, log_to_stderr, NULL, c->o.verbose);

    gbc_status st;
    const char *cmd = c->command;
    size_t nonmember = 0;
    if (vec && lift && b == NULL) {
        st = vector_lift_basis(a, rank, opts, stats, &basis, &res);
    } else if (vec) {
        st = vector_query(cmd, a, b, rank, mord, opts, stats, &res, &flags, &nonmember);
    } else if (strcmp(cmd, "eliminate") == 0) {
        if ((rc = parse_vars(c->vars, r1, &vars, &nvars)) != EXIT_OK)
            goto done;
        st = gbc_eliminate(&res, a, vars, nvars, opts, stats);
    } else if (strcmp(cmd, "intersect") == 0) {
        st = gbc_intersect(&res, a, b, opts, stats);
    } else if (strcmp(cmd, "quotient") == 0) {
        st = gbc_quotient(&res, a, b, opts, stats);
    } else if (strcmp(cmd, "saturate") == 0) {
        st = gbc_saturate(&res, a, b, c->method, opts, stats);
    } else if (strcmp(cmd, "reduce") == 0 || strcmp(cmd, "member") == 0) {
        st = gbc_reduce(&res, b, a, opts, stats);
    } else if (b == NULL) {
        st = gbc_lift_basis(&basis, &res, a, opts, stats);
    } else {
        st = gbc_lift(&res, &nonmember, a, b, opts, stats);
    }
    if (st == GBC_ERR_LIMIT && c->o.memory_limit == 0) {
        /* with no memory limit only a size bound gives LIMIT */
        fprintf(stderr, "gbc: %s: stopped: a polynomial would have more than %u terms\n",
                fname, UINT32_MAX);
        rc = cli_exit_for(st);
        goto done;
    }
    if (st == GBC_ERR_LIMIT) {
        fprintf(stderr, "gbc: %s: stopped: the memory limit of %zu bytes was reached\n", fname,
                c->o.memory_limit);
        rc = cli_exit_for(st);
        goto done;
    }
    if (st == GBC_ERR_INTERRUPTED && cli_interrupt_signal() != 0) {
        cli_interrupt_report(fname);
        rc = cli_exit_for(st);
        goto done;
    }
    if (st == GBC_ERR_INTERRUPTED) {
        fprintf(stderr, "gbc: %s: stopped: the time limit of %g s was reached\n", fname,
                c->o.timeout);
        rc = cli_exit_for(st);
        goto done;
    }
    if (st == GBC_ERR_DOMAIN && strcmp(cmd, "lift") == 0) {
        fprintf(stderr, "%s: error: %s %zu of the second input is not in the %s\n", c->with,
                vec ? "vector" : "polynomial", nonmember + 1, vec ? "module" : "ideal");
        rc = EXIT_INPUT;
        goto done;
    }
    if (st == GBC_ERR_UNSUPPORTED && strcmp(cmd, "lift") == 0) {
        fprintf(stderr, "gbc: lift: the cofactors of the basis need a lex, grevlex, deglex "
                        "or block order (not a weighted one)\n");
        rc = cli_exit_for(st);
        goto done;
    }
    if (st != GBC_OK) {
        fprintf(stderr, "gbc: %s: %s\n", fname, gbc_status_string(st));
        rc = cli_exit_for(st);
        goto done;
    }
    if (c->o.verbose)
        fprintf(stderr, "gbc: %s: %.0f pairs reduced, %.0f primes, %.3f s, peak %.1f MB\n",
                cmd, gbc_stats_get(stats, "pairs_reduced"), gbc_stats_get(stats, "primes"),
                gbc_stats_get(stats, "seconds"),
                gbc_stats_get(stats, "peak_bytes") / 1048576.0);
    if (strcmp(cmd, "member") == 0) {
        const size_t k = vec ? gbc_polys_count(b) / rank : gbc_polys_count(res);
        for (size_t i = 0; i < k; i++)
            cli_buf_puts(&out, (vec ? flags[i] : gbc_polys_nterms(res, i) == 0) ? "true\n"
                                                                                 : "false\n");
        st = out.failed ? GBC_ERR_NOMEM : GBC_OK;
    } else if (strcmp(cmd, "lift") == 0) {
        size_t m = gbc_polys_count(a) / rank;
        st = print_lift(&out, r1, basis ? basis : b, rank, res, m,
                        basis ? "cofactors of basis element" : "cofactors of");
    } else if (vec) {
        char *t = NULL;
        size_t tl = 0;
        st = gbc_module_to_string(&t, &tl, res, rank, GBC_PRINT_HEADER);
        if (st == GBC_OK)
            cli_buf_put(&out, t, tl);
        gbc_string_free(t);
        st = st == GBC_OK && out.failed ? GBC_ERR_NOMEM : st;
    } else {
        st = append_polys(&out, res, 1);
    }
    if (st == GBC_OK && c->o.json) {
        const int member = strcmp(cmd, "member") == 0, reduce = strcmp(cmd, "reduce") == 0;
        char *js = NULL;
        size_t jlen = 0;
        if (cli_json(cmd,
                     member ? CLI_JSON_BOOLS
                     : lift ? CLI_JSON_LIFT
                     : vec  ? CLI_JSON_MODULE
                            : CLI_JSON_IDEAL,
                     member ? "member" : lift ? "cofactors" : reduce ? "normal_forms" : "basis",
                     out.s ? out.s : "", out.len, &js, &jlen) != 0) {
            st = GBC_ERR_NOMEM;
        } else {
            free(out.s);
            out.s = js;
            out.len = jlen;
        }
    }
    if (st != GBC_OK) {
        fprintf(stderr, "gbc: %s\n", gbc_status_string(st));
        rc = cli_exit_for(st);
        goto done;
    }
    int open_failed;
    if (cli_write_result(c->o.outfile, out.s ? out.s : "", out.len, &open_failed) != 0)
        rc = open_failed ? EXIT_INPUT : EXIT_RESOURCES;
done:
    free(out.s);
    free(vars);
    free(flags);
    gbc_polys_free(res);
    gbc_polys_free(basis);
    gbc_polys_free(a);
    gbc_polys_free(b);
    gbc_ring_free(r1);
    gbc_ring_free(r2);
    gbc_options_free(opts);
    gbc_stats_free(stats);
    return rc;
}

int cli_ideal_command(int argc, char **argv)
{
    icfg c;
    memset(&c, 0, sizeof c);
    c.command = argv[1];
    cli_common_init(&c.o);
    int rc = parse_args(&c, argc, argv);
    if (rc >= 0)
        return rc;
    cli_json_set_order(c.o.order);
    cli_report_limits(c.o.memory_limit, c.o.timeout); /* one malloc arena under a limit */
    return run(&c);
}
