/* cli/monideal_cmd: the monomial-ideal commands of the gbc tool (hilbert, dim,
 * degree, irrdecom, alexdual, assoprimes, maxstandard), on the leading-term ideal
 * of the input's Groebner basis (the input itself when it is monomial). */
#ifndef GBC_CLI_MONIDEAL_CMD_H
#define GBC_CLI_MONIDEAL_CMD_H

#include <stdio.h>

#include "gbc.h"

/* Read all of f into a malloc'd buffer (NULL when out of memory or on a read
 * error); *len receives its size. Defined in main.c. */
char *cli_read_all(FILE *f, size_t *len);

/* Run command on file (NULL or "-": standard input), printing to outfile (NULL or
 * "-": standard output). Returns the process exit status. */
int cli_monideal_command(const char *command, const char *file, const char *outfile,
                         const char *order, gbc_algorithm algo, int verbose,
                         int multigraded);

#endif
