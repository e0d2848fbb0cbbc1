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
 * --maps, and gb's module order (--module-order) or Schreyer order (--schreyer). */
typedef struct cli_module_flags {
    int json, maps;
    gbc_module_order order;
    /* gb --schreyer: the lead terms' text (NULL: none), its length and name */
    const char *lead;
    size_t lead_len;
    const char *lead_name;
} cli_module_flags;

/* The option --module-order TEXT given to command, which takes it when
 * command_takes_it: EXIT_OK and *ord (top, pot, top-down or pot-up), or the usage
 * error printed and its exit status. text NULL: EXIT_OK, *ord unchanged. */
int cli_module_order_option(const char *text, const char *command, int command_takes_it,
                            gbc_module_order *ord);

/* --module-order given with polynomial input (fname names it): the message on
 * stderr; returns EXIT_USAGE. */
int cli_module_order_not_vector(const char *fname);

/* Run command ("gb", "syz" or "res") on the input text (fname names it in
 * messages) in the order spec order (NULL: grevlex) with opts, printing to outfile
 * (NULL or "-": standard output; fl->json: as one JSON object, cli/json.h). Returns
 * the process exit status. */
int cli_module_command(const char *command, const char *fname, const char *text,
                       size_t len, const char *order, gbc_options *opts, gbc_stats *stats,
                       const char *outfile, int verbose, void *log, const cli_module_flags *fl);

#endif
