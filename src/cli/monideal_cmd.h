/* cli/monideal_cmd: the monomial-ideal commands of the gbc tool (hilbert, dim,
 * degree, irrdecom, alexdual, assoprimes, maxstandard), on the leading-term ideal
 * of the input's Groebner basis (the input itself when it is monomial). */
#ifndef GBC_CLI_MONIDEAL_CMD_H
#define GBC_CLI_MONIDEAL_CMD_H

#include <stdio.h>

#include "gbc.h"

/* Run command on the parsed input gens (of ring; fname names it in messages) with
 * opts, which carry every option of the command line, printing to outfile (NULL or
 * "-": standard output). multigraded selects what hilbert prints: 0 the numerator,
 * 1 the multigraded numerator, 2 the Hilbert polynomial; plus 4 for JSON output
 * (cli/json.h). Returns the process exit status. */
int cli_monideal_command(const char *command, const char *fname, const gbc_ring *ring,
                         const gbc_polys *gens, gbc_options *opts, gbc_stats *stats,
                         const char *outfile, int verbose, int multigraded, void *log);

#endif
