/* cli/kbase_cmd: the text of `gbc kbase`'s result (the normal set of R/I and, with
 * --matrices, the multiplication matrices by the variables; gbc_kbase), as text or
 * JSON. The command line itself is solve's (cli/solve_cmd.c). */
#include "kbase_cmd.h"

#include <stdlib.h>
#include <string.h>

#define GBC_TRY_CLI(expr)                                                      \
    do {                                                                       \
        gbc_status try_st_ = (expr);                                           \
        if (try_st_ != GBC_OK)                                                 \
            return try_st_;                                                    \
    } while (0)

/* The monomial e of ring in the text format ("1" for the constant). */
static void put_monomial(cli_buf *b, const gbc_ring *ring, const uint32_t *e)
{
    uint32_t n = gbc_ring_nvars(ring);
    int first = 1;
    for (uint32_t v = 0; v < n; v++) {
        if (e[v] == 0)
            continue;
        if (!first)
            cli_buf_putc(b, '*');
        first = 0;
        cli_buf_puts(b, gbc_ring_var_name(ring, v));
        if (e[v] > 1) {
            cli_buf_putc(b, '^');
            cli_buf_u64(b, e[v]);
        }
    }
    if (first)
        cli_buf_putc(b, '1');
}

/* s as a JSON string (variable names are identifiers; quotes and backslashes
 * escaped all the same). */
static void put_json_string(cli_buf *b, const char *s)
{
    cli_buf_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            cli_buf_putc(b, '\\');
        cli_buf_putc(b, *s);
    }
    cli_buf_putc(b, '"');
}

/* The products as arrays: term counts, exponents and coefficients as decimal
 * strings (residues modulo p, or rationals a/b), all freed with gbc_array_free. */
typedef struct products {
    size_t *nterms;
    uint32_t *exps;
    char **strs;
} products;

static void products_free(products *P)
{
    gbc_array_free(P->nterms);
    gbc_array_free(P->exps);
    gbc_array_free(P->strs);
}

/* One line of a matrix: the coordinates of product `row` (terms from `term` on,
 * decreasing) in the normal set B (D monomials, increasing), dense, as
 * "[c_0, ..., c_{D-1}]" (text) or an array of strings (JSON). */
static gbc_status put_row(cli_buf *b, const products *P, size_t term, size_t row,
                          const uint32_t *B, size_t D, uint32_t n, int json)
{
    size_t nt = P->nterms[row], t = 0;
    cli_buf_putc(b, '[');
    /* the terms are decreasing: walk B from its top, term by term */
    size_t *at = malloc(sizeof(size_t) * (nt + 1));
    if (at == NULL)
        return GBC_ERR_NOMEM;
    for (size_t j = D; j-- > 0 && t < nt;)
        if (memcmp(B + j * n, P->exps + (term + t) * n, sizeof(uint32_t) * n) == 0)
            at[t++] = j;
    if (t < nt) { /* a term outside the normal set: gbc_kbase broke its contract */
        free(at);
        return GBC_ERR_INTERNAL;
    }
    size_t next = nt; /* the term at column j, walking up: terms t = nt-1 .. 0 */
    for (size_t j = 0; j < D; j++) {
        if (j)
            cli_buf_puts(b, ", ");
        if (json)
            cli_buf_putc(b, '"');
        if (next > 0 && at[next - 1] == j) {
            next--;
            cli_buf_puts(b, P->strs[term + next]);
        } else {
            cli_buf_putc(b, '0');
        }
        if (json)
            cli_buf_putc(b, '"');
    }
    free(at);
    cli_buf_putc(b, ']');
    return GBC_OK;
}

/* The matrices, one variable after the other. */
static gbc_status put_matrices(cli_buf *b, const gbc_ring *ring, const products *P,
                               const uint32_t *B, size_t D, int json)
{
    uint32_t n = gbc_ring_nvars(ring);
    size_t term = 0;
    if (json)
        cli_buf_puts(b, ", \"matrices\": {");
    for (uint32_t i = 0; i < n; i++) {
        if (json) {
            cli_buf_puts(b, i ? ", " : "");
            put_json_string(b, gbc_ring_var_name(ring, i));
            cli_buf_puts(b, ": [");
        } else {
            cli_buf_puts(b, "# multiplication by ");
            cli_buf_puts(b, gbc_ring_var_name(ring, i));
            cli_buf_puts(b, ": line k holds the coordinates of ");
            cli_buf_puts(b, gbc_ring_var_name(ring, i));
            cli_buf_puts(b, "*b_k\n");
        }
        for (size_t k = 0; k < D; k++) {
            size_t row = (size_t)i * D + k;
            if (json && k)
                cli_buf_puts(b, ", ");
            GBC_TRY_CLI(put_row(b, P, term, row, B, D, n, json));
            if (!json)
                cli_buf_putc(b, '\n');
            term += P->nterms[row];
        }
        if (json)
            cli_buf_putc(b, ']');
    }
    if (json)
        cli_buf_putc(b, '}');
    return GBC_OK;
}

gbc_status cli_kbase_text(cli_buf *b, const gbc_polys *kb, const gbc_polys *mult, int json)
{
    const gbc_ring *ring = gbc_polys_ring(kb);
    uint32_t n = gbc_ring_nvars(ring);
    size_t D = gbc_polys_count(kb), *nt = NULL;
    uint32_t *B = NULL;
    char **ones = NULL;
    products P = {NULL, NULL, NULL};
    gbc_status st = gbc_polys_to_arrays_q(&nt, &B, &ones, kb);
    if (st != GBC_OK)
        goto done;
    if (json)
        cli_buf_puts(b, "{\"command\": \"kbase\", \"monomials\": [");
    for (size_t k = 0; k < D; k++) {
        if (json)
            cli_buf_puts(b, k ? ", \"" : "\"");
        put_monomial(b, ring, B + k * n);
        cli_buf_puts(b, json ? "\"" : "\n");
    }
    if (json)
        cli_buf_putc(b, ']');
    if (mult != NULL) {
        st = gbc_polys_to_arrays_q(&P.nterms, &P.exps, &P.strs, mult);
        if (st == GBC_OK)
            st = put_matrices(b, ring, &P, B, D, json);
    }
    if (json)
        cli_buf_puts(b, "}\n");
    if (st == GBC_OK && b->failed)
        st = GBC_ERR_NOMEM;
done:
    products_free(&P);
    gbc_array_free(nt);
    gbc_array_free(B);
    gbc_array_free(ones);
    return st;
}
