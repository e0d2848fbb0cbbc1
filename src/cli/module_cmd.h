/* cli/module_cmd: the module commands of the gbc tool: gb on vector input (the
 * module's reduced Groebner basis), syz (syzygies of the generators) and res (the
 * graded Betti table of a minimal free resolution). */
#ifndef GBC_CLI_MODULE_CMD_H
#define GBC_CLI_MODULE_CMD_H

#include <stddef.h>

#include "gbc.h"

/* Whether the generators of an input text are vectors: a '[' outside comments. */
int cli_module_text_has_vector(const char *text, size_t len);

/* What the module commands take besides the common options: json output, res
 * --maps, and gb's module order (--module-order). */
typedef struct cli_module_flags {
    int json, maps;
    gbc_module_order order;
} cli_module_flags;

/* The module order named by text (top, pot, top-down, pot-up): 1 and *ord, or 0
 * for another text. */
int cli_module_order_parse(const char *text, gbc_module_order *ord);

/* Run command ("gb", "syz" or "res") on the input text (fname names it in
 * messages) in the order spec order (NULL: grevlex) with opts, printing to outfile
 * (NULL or "-": standard output; fl->json: as one JSON object, cli/json.h). Returns
 * the process exit status. */
int cli_module_command(const char *command, const char *fname, const char *text,
                       size_t len, const char *order, gbc_options *opts, gbc_stats *stats,
                       const char *outfile, int verbose, void *log, const cli_module_flags *fl);

#endif
