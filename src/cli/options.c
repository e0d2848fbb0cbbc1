/* cli/options: the shared option table of the gbc tool's commands (options.h). */
#include "options.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_common_init(cli_common *c)
{
    memset(c, 0, sizeof *c);
    c->algo = GBC_ALGO_DEFAULT;
    c->learn = GBC_LEARN_F4;
    c->opath = GBC_ORDER_AUTO;
    c->la = GBC_LA_AUTO;
    c->threads = 1;
}

int cli_exit_for(gbc_status st)
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

int cli_usage_error_in(const char *command, const char *fmt, const char *arg)
{
    fprintf(stderr, "gbc: ");
    fprintf(stderr, fmt, arg);
    if (command != NULL)
        fprintf(stderr, "\nTry 'gbc %s --help' for more information.\n", command);
    else
        fprintf(stderr, "\nTry 'gbc --help' for more information.\n");
    return EXIT_USAGE;
}

int cli_usage_error(const char *fmt, const char *arg)
{
    return cli_usage_error_in(NULL, fmt, arg);
}

int cli_option_value(int argc, char **argv, int *argi, const char *name, const char **v)
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

int cli_parse_size(const char *v, size_t *out)
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

/* A word of a fixed list: its value, or -1. */
typedef struct word {
    const char *name;
    int value;
} word;

static int lookup(const word *w, size_t n, const char *v)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(w[i].name, v) == 0)
            return w[i].value;
    return -1;
}

static const word algorithms[] = {
    {"f4", GBC_ALGO_F4}, {"sig", GBC_ALGO_SIG}, {"buchberger", GBC_ALGO_BUCHBERGER}};
static const word learns[] = {{"f4", GBC_LEARN_F4}, {"sig", GBC_LEARN_SIG}};
static const word las[] = {
    {"auto", GBC_LA_AUTO}, {"exact", GBC_LA_EXACT}, {"probabilistic", GBC_LA_PROBABILISTIC}};
static const word paths[] = {{"auto", GBC_ORDER_AUTO},
                             {"fglm", GBC_ORDER_FGLM},
                             {"hilbert", GBC_ORDER_HILBERT},
                             {"homogenise", GBC_ORDER_HOMOGENISE},
                             {"homogenize", GBC_ORDER_HOMOGENISE},
                             {"direct", GBC_ORDER_DIRECT}};
#define NWORDS(w) (sizeof(w) / sizeof(w)[0])

/* The options with a value: what each accepts and where it goes. */
enum kind {
    K_ORDER, K_ALGO, K_LEARN, K_THREADS, K_LA, K_PATH, K_SEED, K_MEM, K_TIME, K_OUT, K_FORMAT
};
static const struct {
    const char *name;
    enum kind kind;
    unsigned bit; /* CLI_OPT_* */
} valued[] = {{"--order-path", K_PATH, CLI_OPT_PATH},
              {"--order", K_ORDER, CLI_OPT_ORDER},
              {"--algorithm", K_ALGO, CLI_OPT_ALGO},
              {"--learn", K_LEARN, CLI_OPT_LEARN},
              {"--threads", K_THREADS, CLI_OPT_THREADS},
              {"-t", K_THREADS, CLI_OPT_THREADS},
              {"--linear-algebra", K_LA, CLI_OPT_LA},
              {"--seed", K_SEED, CLI_OPT_SEED},
              {"--memory-limit", K_MEM, CLI_OPT_MEM},
              {"--timeout", K_TIME, CLI_OPT_TIME},
              {"-o", K_OUT, CLI_OPT_OUT},
              {"--format", K_FORMAT, CLI_OPT_FORMAT}};

/* Whether c's command takes the options of bit. */
static int takes(const cli_common *c, unsigned bit)
{
    return c->accept == 0 || (c->accept & bit) != 0;
}

/* The usage error of c's command (its hint), returning -1 for cli_common_option. */
static int bad(const cli_common *c, const char *fmt, const char *arg)
{
    cli_usage_error_in(c->command, fmt, arg);
    return -1;
}

static int set_value(cli_common *c, enum kind k, const char *v)
{
    char *end;
    int w;
    switch (k) {
    case K_ORDER: c->order = v; return 1;
    case K_OUT: c->outfile = v; return 1;
    case K_FORMAT:
        if (strcmp(v, "text") != 0 && strcmp(v, "json") != 0)
            return bad(c, "unknown format '%s' (expected text or json)", v);
        c->json = strcmp(v, "json") == 0;
        return 1;
    case K_ALGO:
        if ((w = lookup(algorithms, NWORDS(algorithms), v)) < 0)
            return bad(c, "unknown algorithm '%s' (expected f4, sig or buchberger)",
                       v);
        c->algo = (gbc_algorithm)w;
        return 1;
    case K_LEARN:
        if ((w = lookup(learns, NWORDS(learns), v)) < 0)
            return bad(c, "unknown learning run '%s' (expected f4 or sig)", v);
        c->learn = (gbc_learn)w;
        return 1;
    case K_LA:
        if ((w = lookup(las, NWORDS(las), v)) < 0)
            return bad(c, "unknown linear algebra '%s' (expected auto, exact or "
                       "probabilistic)", v);
        c->la = (gbc_linear_algebra)w;
        return 1;
    case K_PATH:
        if ((w = lookup(paths, NWORDS(paths), v)) < 0)
            return bad(c, "unknown order path '%s' (expected auto, fglm, hilbert, "
                       "homogenise or direct)", v);
        c->opath = (gbc_order_path)w;
        return 1;
    case K_THREADS: {
        errno = 0;
        long n = strtol(v, &end, 10);
        if (errno || end == v || *end || n < 1 || n > 1024)
            return bad(c, "--threads (-t) needs a number from 1 to 1024, not '%s'",
                       v);
        c->threads = (int)n;
        return 1;
    }
    case K_SEED:
        errno = 0;
        c->seed = strtoull(v, &end, 10);
        if (errno || end == v || *end || v[0] == '-' || v[0] == '+')
            return bad(c, "--seed needs a number from 0 to 18446744073709551615, "
                       "not '%s'", v);
        c->fixed_seed = 1;
        return 1;
    case K_MEM:
        if (!cli_parse_size(v, &c->memory_limit))
            return bad(c, "--memory-limit needs a positive size such as 2G or "
                       "500M, not '%s'", v);
        return 1;
    case K_TIME:
        errno = 0;
        c->timeout = strtod(v, &end);
        if (errno || end == v || *end || !(c->timeout > 0.0) || c->timeout > 1e9)
            return bad(c, "--timeout needs a positive number of seconds, not '%s'",
                       v);
        return 1;
    }
    return 0;
}

int cli_common_option(cli_common *c, int argc, char **argv, int *argi)
{
    const char *a = argv[*argi];
    for (size_t i = 0; i < NWORDS(valued); i++) {
        if (!takes(c, valued[i].bit))
            continue;
        const char *v = NULL;
        int ov = cli_option_value(argc, argv, argi, valued[i].name, &v);
        if (ov < 0)
            return bad(c, "option '%s' needs an argument", a);
        if (ov > 0)
            return set_value(c, valued[i].kind, v);
    }
    if (takes(c, CLI_OPT_V) && strncmp(a, "-v", 2) == 0 &&
        strspn(a + 1, "v") == strlen(a + 1)) {
        c->verbose += (int)strlen(a + 1);
        return 1;
    }
    if (takes(c, CLI_OPT_VERBOSE) && strcmp(a, "--verbose") == 0) {
        c->verbose++;
        return 1;
    }
    if (takes(c, CLI_OPT_CERTIFY) && strcmp(a, "--certify") == 0) {
        c->certify = 1;
        return 1;
    }
    return 0;
}

void cli_common_apply(const cli_common *c, gbc_options *opts)
{
    if (c->memory_limit != 0)
        gbc_options_set_memory_limit(opts, c->memory_limit);
    gbc_options_set_algorithm(opts, c->algo);
    gbc_options_set_certify(opts, c->certify);
    gbc_options_set_learn(opts, c->learn);
    gbc_options_set_threads(opts, c->threads);
    gbc_options_set_linear_algebra(opts, c->la);
    gbc_options_set_order_path(opts, c->opath);
    if (c->fixed_seed)
        gbc_options_set_seed(opts, (uint64_t)c->seed);
}
