/* cli/json: the result of any command of the gbc tool as JSON (--format json),
 * converted from the command's text output, so that both forms always hold the same
 * result. The schema is documented in docs/format.md ("JSON output"). */
#ifndef GBC_CLI_JSON_H
#define GBC_CLI_JSON_H

#include <stddef.h>
#include <stdint.h>

/* What kind of result text is: */
typedef enum cli_json_kind {
    CLI_JSON_IDEAL,     /* header (variables, characteristic), then polynomials */
    CLI_JSON_NUMBER,    /* one integer (dim, degree) */
    CLI_JSON_STRING,    /* one line (a Hilbert numerator or polynomial) */
    CLI_JSON_LISTS,     /* lines of comma-separated items (irrdecom, assoprimes) */
    CLI_JSON_LINES,     /* one item a line (maxstandard) */
    CLI_JSON_BOOLS,     /* true / false a line (member) */
    CLI_JSON_LIFT,      /* header, then "# cofactors of basis element k: g" and a line */
    CLI_JSON_MODULE,    /* header, then vectors "[f1, ..., fr]" a line */
    CLI_JSON_VECTORS,   /* vectors a line, no header (solutions over Z/p) */
    CLI_JSON_BOXES      /* "[lo, hi], [lo, hi], ..." a line (real solutions' boxes) */
} cli_json_kind;

/* The term order the results are in (the --order text; NULL: grevlex), which every
 * result with a header (variables, characteristic) names as "order". */
void cli_json_set_order(const char *order);

/* The JSON object {"command": command, key: value, ...} for text (len bytes) of
 * kind, into *out (malloc'd, NUL-terminated, ending in a newline; *outlen its
 * length). key names the result's field. Returns 0, or -1 when out of memory or
 * text is not of that kind (an internal error). */
int cli_json(const char *command, cli_json_kind kind, const char *key, const char *text,
             size_t len, char **out, size_t *outlen);

/* {"command": command, key: null} in *out, as cli_json (a value that does not
 * exist, e.g. the regularity of the zero module, -infinity). */
int cli_json_null(const char *command, const char *key, char **out, size_t *outlen);

/* The Betti table (nrows x ncols, row d column i = beta_{i,i+d}) as
 * {"command": "res", "betti": [[...], ...]} in *out, as cli_json. */
int cli_json_betti(const uint64_t *betti, uint32_t nrows, uint32_t ncols, char **out,
                   size_t *outlen);

#endif
