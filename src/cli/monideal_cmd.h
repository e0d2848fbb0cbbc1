/* cli/monideal_cmd: the monomial-ideal commands of the gbc tool (hilbert, dim,
 * degree, irrdecom, alexdual, assoprimes, maxstandard), on the leading-term ideal
 * of the input's Groebner basis (the input itself when it is monomial). */
#ifndef GBC_CLI_MONIDEAL_CMD_H
#define GBC_CLI_MONIDEAL_CMD_H

#include "gbc.h"

/* Run command on file (NULL or "-": standard input), printing to outfile (NULL or
 * "-": standard output). Returns the process exit status. */
int cli_monideal_command(const char *command, const char *file, const char *outfile,
                         const char *order, gbc_algorithm algo, int verbose,
                         int multigraded);

#endif
