/* module/sorder: the order of the encoding ring for a Schreyer order. The order
 * induced on R^r by terms x^{a_j} E_{i_j} of R^s (x^a e_j > x^b e_k when
 * x^{a + a_j} E_{i_j} > x^{b + a_k} E_{i_k} in term over position on R^s, or these
 * are equal and j > k) becomes an order on the encoding ring S (module_int.h):
 * R's order written as non-negative weight rows of full rank (module_order_rows),
 * each row extended to c_j by its value at a_j, then a row of the target
 * components, then lex on the c's (S's first variables) with the last
 * component's c first. On the
 * elements linear in the c's this compares exactly as the Schreyer order does
 * (encode.c builds the ring, menc_init_ord). */
#include <stdio.h>

#include "module/module_int.h"

/* rows[nr * n ..] += the rows of one block over variables start..start+len-1:
 * for a graded block (grevlex, deglex: weight 1; wgrevlex: its weights w) the
 * weighted degree of ever shorter prefixes (the reverse lex tie-break: with the
 * weighted degree equal, a smaller last exponent leaves a larger prefix); for
 * deglex the degree, then the variables in turn; for lex the variables. */
static void block_rows(uint32_t *rows, uint32_t *nr, uint32_t n, mono_kind kind,
                       const uint32_t *w, uint32_t start, uint32_t len)
{
    if (kind == MONO_GREVLEX || kind == MONO_WGREVLEX) {
        for (uint32_t k = 0; k < len; k++, (*nr)++)
            for (uint32_t v = start; v < start + len - k; v++)
                rows[(size_t)*nr * n + v] = kind == MONO_WGREVLEX ? w[v] : 1;
        return;
    }
    if (kind == MONO_DEGLEX) {
        for (uint32_t v = start; v < start + len; v++)
            rows[(size_t)*nr * n + v] = 1;
        (*nr)++;
    }
    for (uint32_t v = start; v < start + len; v++, (*nr)++)
        rows[(size_t)*nr * n + v] = 1;
}

gbc_status module_order_rows(gbc_ctx *ctx, const mono_order *o, uint32_t **rows,
                             uint32_t *nrows)
{
    const uint32_t n = o->nvars;
    *rows = NULL;
    *nrows = 0;
    if (o->kind == MONO_HOMOG || o->kind == MONO_WGREVLEX)
        return GBC_ERR_UNSUPPORTED;
    /* at most the order's own rows, a weight row, and n + 1 per block */
    size_t cap = (size_t)o->nrows + 1 + (size_t)(n + 1) * (o->nblocks ? o->nblocks : 1);
    GBC_TRY(GBC_ZALLOC(ctx, *rows, cap * (n ? n : 1)));
    uint32_t nr = 0;
    switch (o->kind) {
    case MONO_GREVLEX:
    case MONO_LEX:
    case MONO_DEGLEX:
        block_rows(*rows, &nr, n, o->kind, NULL, 0, n);
        break;
    case MONO_WEIGHTED: /* the weighted degree, ties by grevlex */
        memcpy(*rows, o->weights, sizeof(uint32_t) * n);
        nr = 1;
        block_rows(*rows, &nr, n, MONO_GREVLEX, NULL, 0, n);
        break;
    default: /* MONO_BLOCKS, MONO_MATRIX: the rows, then the blocks */
        for (uint32_t r = 0; r < o->nrows; r++, nr++)
            memcpy(*rows + (size_t)nr * n, o->rows + (size_t)r * n, sizeof(uint32_t) * n);
        for (uint32_t k = 0; k < o->nblocks; k++)
            block_rows(*rows, &nr, n, o->blocks[k].kind, o->weights, o->blocks[k].start,
                       o->blocks[k].len);
        break;
    }
    GBC_ASSERT(nr <= cap);
    *nrows = nr;
    return GBC_OK;
}

/* Append "weights(...)," of the row's c-part wc (ne entries) and x-part w (n). */
static gbc_status put_row(gbc_ctx *ctx, io_buf *b, const uint32_t *w, uint32_t n,
                          const uint64_t *wc, uint32_t ne)
{
    char tmp[32];
    GBC_TRY(io_buf_puts(ctx, b, "weights(", 8));
    for (uint32_t v = 0; v < n + ne; v++) {
        int len = snprintf(tmp, sizeof tmp, "%s%llu", v ? "," : "",
                           (unsigned long long)(v < ne ? wc[v] : w[v - ne]));
        GBC_TRY(io_buf_puts(ctx, b, tmp, (size_t)len));
    }
    return io_buf_puts(ctx, b, "),", 2);
}

gbc_status module_schreyer_spec(gbc_ctx *ctx, io_buf *b, const ring *R, uint32_t rank,
                                const uint32_t *lexps, const uint32_t *lcomp)
{
    const uint32_t n = R->nvars;
    uint32_t *rows = NULL, nr = 0;
    uint64_t *wc = NULL;
    gbc_status st;
    GBC_CHECK(st, module_order_rows(ctx, &R->ord, &rows, &nr), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, wc, rank), done);
    GBC_CHECK(st, io_buf_puts(ctx, b, "blocks:", 7), done);
    for (uint32_t r = 0; r < nr; r++) {
        const uint32_t *w = rows + (size_t)r * n;
        for (uint32_t k = 0; k < rank; k++) {
            const uint32_t *a = lexps + (size_t)(rank - 1 - k) * n;
            uint64_t s = 0;
            for (uint32_t v = 0; v < n && s <= MONO_MAX_WEIGHT; v++)
                s += (uint64_t)w[v] * a[v];
            if (s > MONO_MAX_WEIGHT) {
                st = GBC_ERR_LIMIT;
                goto done;
            }
            wc[k] = s;
        }
        GBC_CHECK(st, put_row(ctx, b, w, n, wc, rank), done);
    }
    int several = 0;
    for (uint32_t k = 0; k < rank; k++) {
        wc[k] = lcomp[rank - 1 - k];
        several |= wc[k] != wc[0];
    }
    if (several) { /* term over position on the target: a higher index larger */
        memset(rows, 0, sizeof(uint32_t) * n);
        GBC_CHECK(st, put_row(ctx, b, rows, n, wc, rank), done);
    }
    char tail[64];
    /* equal rows: equal x^{a + a_j}; then the c's decide (and with them a) */
    int len = n ? snprintf(tail, sizeof tail, "lex(%u),grevlex(%u)", rank, n)
                : snprintf(tail, sizeof tail, "lex(%u)", rank);
    st = io_buf_puts(ctx, b, tail, (size_t)len);
done:
    gbc_free(ctx, wc);
    gbc_free(ctx, rows);
    return st;
}
