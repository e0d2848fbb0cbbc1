/* module/parse: the text form of module elements. A vector [f1, ..., fr] is
 * parsed by checking the brackets here and handing the entries to the polynomial
 * parser with the brackets blanked out, so that every error, ours or the
 * parser's, points at its place in the original text. */
#include <stdarg.h>
#include <stdio.h>

#include "module/module_int.h"

static void set_err(gbc_error *err, uint64_t line, uint64_t col, const char *fmt, ...)
    GBC_PRINTF(4, 5);
static void set_err(gbc_error *err, uint64_t line, uint64_t col, const char *fmt, ...)
{
    if (err == NULL)
        return;
    err->line = line;
    err->column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

/* Skip whole comment lines and then one line (the header's) from *pos. */
static void skip_header_line(const char *s, size_t len, size_t *pos)
{
    size_t p = *pos;
    for (;;) {
        size_t q = p;
        while (q < len && (s[q] == ' ' || s[q] == '\t' || s[q] == '\r'))
            q++;
        if (q < len && s[q] == '#') {
            while (q < len && s[q] != '\n')
                q++;
            p = q < len ? q + 1 : q;
            continue;
        }
        break;
    }
    while (p < len && s[p] != '\n')
        p++;
    *pos = p < len ? p + 1 : p;
}

/* The state of scan: where it is in the bracket structure and what it has seen. */
typedef struct scanner {
    int in_vec, after_close, item_content, entry_content;
    long depth;                                   /* parentheses open */
    uint64_t vline, vcol, rline;                  /* the open '[', the first vector */
    uint64_t pline, pcol, iline, icol;            /* first plain item, this item */
    size_t entries, nplain;
    size_t nvec;
    uint32_t rank;
} scanner;

/* A '[' at line l, column k. */
static gbc_status scan_open(scanner *z, uint64_t l, uint64_t k, gbc_error *err)
{
    if (z->in_vec) {
        set_err(err, l, k, "nested '[': the entries of a vector are polynomials");
        return GBC_ERR_PARSE;
    }
    if (z->after_close) {
        set_err(err, l, k, "expected ',' between two vectors");
        return GBC_ERR_PARSE;
    }
    if (z->item_content) {
        set_err(err, l, k, "'[' inside a polynomial: a vector [f1, ..., fr] must "
                           "be a whole generator");
        return GBC_ERR_PARSE;
    }
    z->in_vec = 1;
    z->entries = 1;
    z->entry_content = 0;
    z->item_content = 1;
    z->vline = l;
    z->vcol = k;
    return GBC_OK;
}

/* A ']' at line l, column k: a vector ends, its rank is checked. */
static gbc_status scan_close(scanner *z, uint64_t l, uint64_t k, gbc_error *err)
{
    if (!z->in_vec) {
        set_err(err, l, k, "']' without a matching '['");
        return GBC_ERR_PARSE;
    }
    if (!z->entry_content) {
        set_err(err, l, k, z->entries == 1 ? "empty vector: a vector has at least "
                                             "one entry"
                                           : "empty entry in a vector");
        return GBC_ERR_PARSE;
    }
    if (z->nvec == 0) {
        z->rank = z->entries > UINT32_MAX ? UINT32_MAX : (uint32_t)z->entries;
        z->rline = z->vline;
    } else if (z->entries != z->rank) {
        set_err(err, z->vline, z->vcol,
                "a vector of rank %zu, but the first vector (line %llu) has rank "
                "%u: every generator must have the same rank",
                z->entries, (unsigned long long)z->rline, z->rank);
        return GBC_ERR_PARSE;
    }
    z->nvec++;
    z->in_vec = 0;
    z->after_close = 1;
    return GBC_OK;
}

/* An item ends: remember where the first plain polynomial (an item that is not a
 * vector) started. */
static void scan_item_end(scanner *z)
{
    if (z->item_content && !z->after_close && z->nplain++ == 0) {
        z->pline = z->iline;
        z->pcol = z->icol;
    }
}

/* A ',' outside parentheses at line l, column k. */
static gbc_status scan_comma(scanner *z, uint64_t l, uint64_t k, gbc_error *err)
{
    if (z->in_vec) {
        if (!z->entry_content) {
            set_err(err, l, k, "empty entry in a vector");
            return GBC_ERR_PARSE;
        }
        z->entries++;
        z->entry_content = 0;
    } else {
        scan_item_end(z);
        z->item_content = z->after_close = 0;
    }
    return GBC_OK;
}

/* Any other character that is not blank, at line l, column k. */
static gbc_status scan_other(scanner *z, char c, uint64_t l, uint64_t k, gbc_error *err)
{
    if (z->after_close) {
        set_err(err, l, k, "expected ',' after ']'");
        return GBC_ERR_PARSE;
    }
    if (c == '(')
        z->depth++;
    else if (c == ')')
        z->depth--;
    if (!z->item_content) {
        z->iline = l;
        z->icol = k;
    }
    z->item_content = z->entry_content = 1;
    return GBC_OK;
}

/* The end of the text: no vector left open, no plain polynomial among vectors. */
static gbc_status scan_finish(scanner *z, gbc_error *err)
{
    if (z->in_vec) {
        set_err(err, z->vline, z->vcol, "'[' is not closed by ']'");
        return GBC_ERR_PARSE;
    }
    scan_item_end(z);
    if (z->nvec > 0 && z->nplain > 0) {
        set_err(err, z->pline, z->pcol, "a plain polynomial among vectors: write every "
                                        "generator as a vector [f1, ..., fr] of the same "
                                        "rank");
        return GBC_ERR_PARSE;
    }
    return GBC_OK;
}

/* The bracket structure of the generators in buf[from..len): checks it, blanks
 * the brackets, counts the vectors (*nvec) and their rank (*rank, 0 without
 * vectors). line/col: the position of buf[from]. */
static gbc_status scan(char *buf, size_t len, size_t from, uint64_t line, uint64_t col,
                       size_t *nvec, uint32_t *rank, gbc_error *err)
{
    scanner z;
    memset(&z, 0, sizeof z);
    *nvec = 0;
    *rank = 0;
    for (size_t p = from; p < len; p++) {
        char c = buf[p];
        uint64_t l = line, k = col;
        if (c == '\n') {
            line++;
            col = 1;
            continue;
        }
        col++;
        if (c == '#') {
            while (p + 1 < len && buf[p + 1] != '\n')
                p++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
            continue;
        if (c == '[' || c == ']') {
            GBC_TRY(c == '[' ? scan_open(&z, l, k, err) : scan_close(&z, l, k, err));
            buf[p] = ' ';
        } else if (c == ',' && z.depth == 0) {
            GBC_TRY(scan_comma(&z, l, k, err));
        } else {
            GBC_TRY(scan_other(&z, c, l, k, err));
        }
    }
    GBC_TRY(scan_finish(&z, err));
    *nvec = z.nvec;
    *rank = z.rank;
    return GBC_OK;
}

gbc_status module_parse(gbc_ctx *ctx, ring *R, plist *L, uint32_t *rank, int *vectors,
                     const char *text, size_t len, const char *order, gbc_error *err)
{
    if (text == NULL && len > 0)
        return GBC_ERR_ARG;
    char *buf = NULL;
    gbc_status st;
    GBC_TRY(GBC_ALLOC(ctx, buf, len + 1));
    if (len > 0)
        memcpy(buf, text, len);
    buf[len] = '\0';
    /* the generators start after the header's two lines */
    size_t pos = 0;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    skip_header_line(buf, len, &pos);
    skip_header_line(buf, len, &pos);
    uint64_t line = 1;
    for (size_t p = 0; p < pos; p++)
        line += buf[p] == '\n';
    size_t nvec;
    uint32_t r;
    /* a NUL byte is the parser's to report (before the brackets are looked at) */
    if (memchr(buf, '\0', len) != NULL) {
        st = io_parse_input_flags(ctx, R, L, text, len, order, IO_PARSE_KEEP_ZERO, err);
        if (st == GBC_OK) { /* cannot happen: the parser refuses NUL bytes */
            plist_clear(ctx, L, &R->F);
            ring_clear(ctx, R);
            st = GBC_ERR_INTERNAL;
        }
        goto done;
    }
    GBC_CHECK(st, scan(buf, len, pos, line, 1, &nvec, &r, err), done);
    GBC_CHECK(st, io_parse_input_flags(ctx, R, L, buf, len, order, IO_PARSE_KEEP_ZERO, err),
              done);
    if (nvec == 0)
        r = 1;
    if (nvec > 0 && L->n != nvec * (size_t)r) {
        /* a comma the scan did not see as a separator (inside parentheses) that the
         * parser accepted cannot happen; say so rather than misread */
        plist_clear(ctx, L, &R->F);
        ring_clear(ctx, R);
        set_err(err, 0, 0, "the vectors' entries could not be matched to their vectors");
        st = GBC_ERR_PARSE;
        goto done;
    }
    if (rank != NULL)
        *rank = r;
    if (vectors != NULL)
        *vectors = nvec > 0;
done:
    gbc_free(ctx, buf);
    return st;
}

gbc_status module_print(gbc_ctx *ctx, io_buf *b, const ring *R, uint32_t rank, const plist *L,
                     int header)
{
    if (rank < 1 || L->n % rank != 0)
        return GBC_ERR_INTERNAL;
    if (header) {
        plist none;
        plist_init(&none);
        GBC_TRY(io_print_polys(ctx, b, R, &none, 1));
    }
    const size_t m = L->n / rank;
    for (size_t j = 0; j < m; j++) {
        GBC_TRY(io_buf_puts(ctx, b, "[", 1));
        for (uint32_t i = 0; i < rank; i++) {
            if (i > 0)
                GBC_TRY(io_buf_puts(ctx, b, ", ", 2));
            GBC_TRY(io_print_poly(ctx, b, R, &L->p[j * rank + i]));
        }
        GBC_TRY(io_buf_puts(ctx, b, j + 1 < m ? "],\n" : "]\n", j + 1 < m ? 3 : 2));
    }
    return GBC_OK;
}
