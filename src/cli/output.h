/* cli/output: what the gbc tool writes (results, failure messages, the -v summary,
 * the log and progress line), shared by its commands so that every command writes,
 * fails and reports the same way. */
#ifndef GBC_CLI_OUTPUT_H
#define GBC_CLI_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include "gbc.h"

/* What cli_write_stream writes: a text in memory, or polynomials printed a piece
 * at a time. */
typedef struct cli_emit {
    const char *data;
    size_t len;
    const gbc_polys *polys;
    /* or the basis of gens, computed while it is written (gbc_groebner_write) */
    const gbc_polys *gens;
    const gbc_options *opts;
    gbc_stats *stats;
    gbc_status st; /* that computation's status */
    size_t written; /* bytes of it written */
} cli_emit;

/* Write e to outfile (NULL or "-": standard output). A file is written to a
 * temporary file beside it and renamed over outfile only once every byte is
 * written, so a failed write (disk full, a file-size limit, a failed computation
 * while streaming) leaves outfile as it was, even when it names the input; a file
 * that is not a regular one (/dev/null, a FIFO) is written in place. Returns 0, or
 * 1 after printing the reason to stderr (except for a failed computation, e->st,
 * which the caller reports); open_failed then says whether the file could not be
 * created at all. */
int cli_write_stream(const char *outfile, cli_emit *e, int *open_failed);
/* cli_write_stream of the len bytes of data. */
int cli_write_result(const char *outfile, const char *data, size_t len, int *open_failed);

/* Monotonic wall-clock seconds. */
double cli_seconds(void);
/* The memory limit (0: none) and time limit (0: none) of this run, named by
 * cli_report_status's messages. */
void cli_report_limits(size_t memory_limit, double timeout);
/* The message for a failed computation (the memory limit and timeout of the run
 * named when they stopped it). (The exit status of a status: cli_exit_for,
 * options.h.) */
void cli_report_status(const char *fname, gbc_status st);

/* What -v prints and what the progress line shows. The progress line is drawn
 * on stderr with a carriage return, at most every 0.2 s, from `delay` seconds
 * into the run; its state comes from the progress callback (stage, F4 rounds,
 * primes) and from the level-1 log lines it reads (degree and matrix size of an F4
 * round, the modulus over Q, the certification step). */
typedef struct cli_log {
    int verbose;      /* -v count: log lines of level <= verbose are printed */
    int progress;     /* draw the progress line */
    double delay;     /* seconds before the first drawing */
    double t0, last;  /* start of the run, last drawing */
    int shown;        /* a progress line is on the screen */
    const char *stage;
    uint64_t rounds, primes;
    uint64_t logrounds; /* F4 rounds seen in the log since the run's first round (the
                           library sends progress at most every 10 ms, the log each round) */
    unsigned degree;
    size_t rows, cols, bits;
    size_t settled, npolys; /* over Q: polynomials of the basis lifted for good */
    char certify[96];
} cli_log;

/* Set opts' log and progress callbacks for L (which must outlive the run). */
void cli_log_setup(gbc_options *opts, cli_log *L);
/* The end of the progress line of log (a cli_log), before the result or a message. */
void cli_log_done(void *log);
/* The -v summary of a run's statistics (every counter with -vv). */
void cli_print_summary(const gbc_stats *stats, int verbose);

#endif
