/* cli/module_cmd: the module commands of the gbc tool: gb on vector input (the
 * module's reduced Groebner basis), syz (syzygies of the generators) and res (the
 * graded Betti table of a minimal free resolution). */
#ifndef GBC_CLI_MODULE_CMD_H
#define GBC_CLI_MODULE_CMD_H

#include <stddef.h>

#include "gbc.h"

/* Whether the generators of an input text are vectors: a '[' outside comments. */
int cli_module_text_has_vector(const char *text, size_t len);

/* Run command ("gb", "syz" or "res") on the input text (fname names it in
 * messages) in the order spec order (NULL: grevlex) with opts, printing to outfile
 * (NULL or "-": standard output; json: as one JSON object, cli/json.h). Returns the
 * process exit status. */
int cli_module_command(const char *command, const char *fname, const char *text,
                       size_t len, const char *order, gbc_options *opts, gbc_stats *stats,
                       const char *outfile, int verbose, void *log, int json, int maps);

#endif
