/* cli/monideal_cmd: the monomial-ideal commands of the gbc tool (hilbert, dim,
 * degree, irrdecom, alexdual, assoprimes, maxstandard), on the leading-term ideal
 * of the input's Groebner basis (the input itself when it is monomial). */
#ifndef GBC_CLI_MONIDEAL_CMD_H
#define GBC_CLI_MONIDEAL_CMD_H

#include <stdio.h>

#include "gbc.h"

/* Write len bytes of data to outfile (NULL or "-": standard output). A file is
 * written to a temporary file beside it and renamed over outfile only once every
 * byte is written, so a failed write (disk full, a file-size limit) leaves outfile
 * as it was, even when it names the input. Returns 0, or 1 after printing the
 * reason to stderr (open_failed then says whether the file could not be created
 * at all). Defined in main.c. */
int cli_write_result(const char *outfile, const char *data, size_t len, int *open_failed);

/* The message for a failed computation (the memory limit and timeout of the run
 * named when they stopped it). Defined in main.c. (The exit status of a status:
 * cli_exit_for, options.h.) */
void cli_report_status(const char *fname, gbc_status st);
int cli_exit_for(gbc_status st); /* options.c */
/* The -v summary of a run's statistics (every counter with -vv), and the end of the
 * progress line of log (a cli_log). Defined in main.c. */
void cli_print_summary(const gbc_stats *stats, int verbose);
void cli_log_done(void *log);

/* Run command on the parsed input gens (of ring; fname names it in messages) with
 * opts, which carry every option of the command line, printing to outfile (NULL or
 * "-": standard output). multigraded selects what hilbert prints: 0 the numerator,
 * 1 the multigraded numerator, 2 the Hilbert polynomial; plus 4 for JSON output
 * (cli/json.h). Returns the process exit status. */
int cli_monideal_command(const char *command, const char *fname, const gbc_ring *ring,
                         const gbc_polys *gens, gbc_options *opts, gbc_stats *stats,
                         const char *outfile, int verbose, int multigraded, void *log);

#endif
