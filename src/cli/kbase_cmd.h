/* cli/kbase_cmd: the result of `gbc kbase` (the normal set of a zero-dimensional
 * R/I and, with --matrices, the multiplication matrices; gbc_kbase) as text. */
#ifndef GBC_CLI_KBASE_CMD_H
#define GBC_CLI_KBASE_CMD_H

#include "gbc.h"
#include "textbuf.h"

/* Append to b the normal set kb (one monomial a line, increasing) and, when mult
 * is not NULL, for each variable x a comment line "# multiplication by x: ..." and
 * D lines "[c_0, ..., c_{D-1}]", line k the coordinates of x*b_k in b_0..b_{D-1};
 * with json one object {"command": "kbase", "monomials": [...], "matrices":
 * {"x": [[...], ...], ...}} (entries as strings) and a newline. GBC_ERR_NOMEM when
 * out of memory. */
gbc_status cli_kbase_text(cli_buf *b, const gbc_polys *kb, const gbc_polys *mult, int json);

#endif
