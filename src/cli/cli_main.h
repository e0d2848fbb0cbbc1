/* cli/cli_main: the gbc tool's one run path as a function, so that another front
 * end (gbc-mpi, src/mpi/) runs exactly the same parsing, input, output and exit
 * statuses and replaces only the computation of the gb command. */
#ifndef GBC_CLI_MAIN_H
#define GBC_CLI_MAIN_H

#include "gbc.h"

typedef struct cli_hooks {
    /* Replaces gbc_groebner for the gb command (not with --algorithm buchberger);
     * the same contract. */
    gbc_status (*groebner)(gbc_polys **basis, const gbc_polys *gens, gbc_options *opts,
                           gbc_stats *stats, void *data);
    /* When set, called instead of reading any input, once the options are parsed
     * (opts NULL for an ideal command, which has its own parser); its return value
     * is the exit status. */
    int (*no_input)(gbc_options *opts, void *data);
    void *data;
} cli_hooks;

/* What main does: parse argv, read the input, run the command, print; returns
 * the exit status. hooks may be NULL (plain gbc). */
int cli_main(int argc, char **argv, const cli_hooks *hooks);

#endif
