/* cli/options: the options every command of the gbc tool takes, parsed by one table
 * (cli_common_option) and handed to the library in one place (cli_common_apply), so
 * that gb, the monomial-ideal commands and the ideal operations read them alike. */
#ifndef GBC_CLI_OPTIONS_H
#define GBC_CLI_OPTIONS_H

#include <stddef.h>

#include "gbc.h"

enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_RESOURCES = 3 };

/* The shared options one at a time, for a command that takes only some of them
 * (cli_common.accept). */
enum {
    CLI_OPT_ORDER = 1u << 0,   /* --order */
    CLI_OPT_ALGO = 1u << 1,    /* --algorithm */
    CLI_OPT_LEARN = 1u << 2,   /* --learn */
    CLI_OPT_THREADS = 1u << 3, /* --threads, -t */
    CLI_OPT_LA = 1u << 4,      /* --linear-algebra */
    CLI_OPT_PATH = 1u << 5,    /* --order-path */
    CLI_OPT_SEED = 1u << 6,    /* --seed */
    CLI_OPT_MEM = 1u << 7,     /* --memory-limit */
    CLI_OPT_TIME = 1u << 8,    /* --timeout */
    CLI_OPT_OUT = 1u << 9,     /* -o */
    CLI_OPT_FORMAT = 1u << 10, /* --format text|json */
    CLI_OPT_V = 1u << 11,      /* -v, -vv, ... */
    CLI_OPT_VERBOSE = 1u << 12, /* --verbose */
    CLI_OPT_CERTIFY = 1u << 13 /* --certify */
};

/* The options shared by the commands, with their defaults from cli_common_init. */
typedef struct cli_common {
    const char *order;   /* --order (NULL: grevlex) */
    const char *outfile; /* -o (NULL: standard output) */
    gbc_algorithm algo;
    gbc_learn learn;
    gbc_order_path opath;
    gbc_linear_algebra la;
    int verbose, certify, threads, fixed_seed;
    int json; /* --format json (text: 0) */
    unsigned long long seed;
    size_t memory_limit; /* 0: none */
    double timeout;      /* seconds; 0: none */
    /* What cli_common_option takes and how it reports (cli_common_init: every
     * shared option, the hint "gbc --help"): accept, when nonzero, the CLI_OPT_*
     * bits of the options to take (another is left to the caller, unconsumed);
     * command, when not NULL, names the command in the usage errors' hint
     * ("Try 'gbc COMMAND --help' ..."). */
    unsigned accept;
    const char *command;
} cli_common;

void cli_common_init(cli_common *c);

/* If argv[*argi] is one of the shared options (--order, --algorithm, --learn,
 * --threads/-t, --linear-algebra, --order-path, --seed, --memory-limit, --timeout,
 * -o, --format text|json, -v..., --verbose, --certify; "--name VALUE" or "--name=VALUE"), record it in
 * c, advance *argi past its value and return 1; return 0 when it is another
 * argument. A missing or bad value prints the usage error and returns -1 (the
 * exit status is then EXIT_USAGE). */
int cli_common_option(cli_common *c, int argc, char **argv, int *argi);

/* Every shared option into opts (memory limit, algorithm, certify, learn, threads,
 * linear algebra, order path, seed); the order, -o, -v and the time limit (each
 * command keeps its own deadline across reading and computing) stay the caller's. */
void cli_common_apply(const cli_common *c, gbc_options *opts);

/* The exit status for a library status: 0 success, 1 bad input, 2 bad usage,
 * 3 out of resources (memory, limits, overflow, interrupt). */
int cli_exit_for(gbc_status st);

/* "gbc: " fmt (with arg) and the hint line on stderr; returns EXIT_USAGE. */
int cli_usage_error(const char *fmt, const char *arg);
/* The same with the hint "Try 'gbc COMMAND --help' ..." (command NULL: as
 * cli_usage_error). */
int cli_usage_error_in(const char *command, const char *fmt, const char *arg);

/* "--name VALUE" or "--name=VALUE" at argv[*argi]: 1 with *v set (advancing *argi
 * past a separate value), 0 for another argument, -1 when the value is missing. */
int cli_option_value(int argc, char **argv, int *argi, const char *name, const char **v);

/* A positive size with an optional K, M or G suffix (powers of 1024). */
int cli_parse_size(const char *v, size_t *out);

#endif
