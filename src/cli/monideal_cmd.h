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

/* Write len bytes of data to outfile (NULL or "-": standard output). A file is
 * written to a temporary file beside it and renamed over outfile only once every
 * byte is written, so a failed write (disk full, a file-size limit) leaves outfile
 * as it was, even when it names the input. Returns 0, or 1 after printing the
 * reason to stderr (open_failed then says whether the file could not be created
 * at all). Defined in main.c. */
int cli_write_result(const char *outfile, const char *data, size_t len, int *open_failed);

/* Run command on file (NULL or "-": standard input), printing to outfile (NULL or
 * "-": standard output). Returns the process exit status. */
int cli_monideal_command(const char *command, const char *file, const char *outfile,
                         const char *order, gbc_algorithm algo, int verbose,
                         int multigraded);

#endif
