/* io/parse_input: a whole input in the command-line format. Line 1 the variable
 * names, line 2 the characteristic (0 or a prime below 2^31), then the generators
 * (read by io/parse.c in the ring the header defines). */
#include <ctype.h>

#include "io/parse_int.h"

/* What the header's reader holds: a parser bound to no ring yet (for positions
 * and messages) and the names read so far, owned here. */
typedef struct header {
    parser H;
    size_t pos;
    char **names;
    size_t nnames, cap;
    name_table seen; /* the names' text, for repeats */
} header;

/* Skip whole comment lines starting at *pos. */
static void skip_comment_lines(const char *s, size_t len, size_t *pos)
{
    for (;;) {
        size_t p = *pos;
        while (p < len && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r'))
            p++;
        if (p < len && s[p] == '#') {
            while (p < len && s[p] != '\n')
                p++;
            if (p < len)
                p++;
            *pos = p;
            continue;
        }
        return;
    }
}

/* Skip blanks (space, tab, CR) from X->pos. */
static void skip_blanks(header *X)
{
    const char *text = X->H.s;
    while (X->pos < X->H.len &&
           (text[X->pos] == ' ' || text[X->pos] == '\t' || text[X->pos] == '\r'))
        X->pos++;
}

/* Memory ran out while reading the header: the message without a position. */
static gbc_status header_nomem(header *X, gbc_status st)
{
    io_set_error(X->H.err, 0, 0, "%s",
                 st == GBC_ERR_LIMIT ? "memory limit reached" : "out of memory");
    return st;
}

/* One variable name at X->pos (its first character checked by the caller):
 * checked for a repeat and appended to X->names. Reports its error. */
static gbc_status read_name(header *X)
{
    const char *text = X->H.s;
    gbc_ctx *ctx = X->H.ctx;
    size_t s0 = X->pos, pos = X->pos;
    while (pos < X->H.len && is_ident_char((unsigned char)text[pos]))
        pos++;
    X->pos = pos;
    if (X->nnames >= UINT32_MAX - 1) {
        io_err_at(&X->H, s0, "too many variables");
        return GBC_ERR_PARSE;
    }
    gbc_status st;
    if ((X->nnames & 1023) == 0 && (st = gbc_ctx_check(ctx)) != GBC_OK) {
        io_err_at(&X->H, s0, "interrupted");
        return st;
    }
    uint32_t dup;
    st = name_table_insert(ctx, &X->seen, text + s0, pos - s0, (uint32_t)X->nnames, &dup);
    if (st != GBC_OK)
        return header_nomem(X, st);
    if (dup != UINT32_MAX) {
        io_err_at(&X->H, s0, "variable '%.*s' is declared twice",
                  (int)((pos - s0) > 64 ? 64 : pos - s0), text + s0);
        return GBC_ERR_PARSE;
    }
    st = GBC_GROW(ctx, X->names, X->cap, X->nnames + 1);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, X->names[X->nnames], pos - s0 + 1);
    if (st != GBC_OK)
        return header_nomem(X, st);
    memcpy(X->names[X->nnames], text + s0, pos - s0);
    X->names[X->nnames][pos - s0] = '\0';
    X->nnames++;
    return GBC_OK;
}

/* Line 1 from X->pos: the variable names, separated by commas; an empty line is a
 * ring without variables. On success X->pos is past the line's newline. Reports
 * its error. */
static gbc_status read_names(header *X)
{
    const char *text = X->H.s;
    const size_t len = X->H.len;
    char b[16];
    for (;;) {
        skip_blanks(X);
        if (X->nnames == 0 && (X->pos >= len || text[X->pos] == '\n'))
            break; /* an empty line: a ring without variables */
        if (X->pos >= len || !is_ident_start((unsigned char)text[X->pos])) {
            X->H.pos = X->pos;
            io_err_at(&X->H, X->pos, "expected a variable name, found %s",
                      io_describe(&X->H, X->pos, b, sizeof b));
            return GBC_ERR_PARSE;
        }
        GBC_TRY(read_name(X));
        skip_blanks(X);
        if (X->pos < len && text[X->pos] == ',') {
            X->pos++;
            continue;
        }
        if (X->pos < len && text[X->pos] == '#') /* a comment ends the line, as on line 2 */
            while (X->pos < len && text[X->pos] != '\n')
                X->pos++;
        if (X->pos >= len || text[X->pos] == '\n')
            break;
        io_err_at(&X->H, X->pos,
                  "expected ',' or the end of the line after a variable name, found %s",
                  io_describe(&X->H, X->pos, b, sizeof b));
        return GBC_ERR_PARSE;
    }
    if (X->pos < len)
        X->pos++; /* the newline */
    return GBC_OK;
}

/* Line 2 from X->pos (after comment lines): the characteristic, 0 or a prime below
 * 2^31, into *p; X->pos is left at the end of the line. Reports its error. */
static gbc_status read_characteristic(header *X, uint32_t *p)
{
    const char *text = X->H.s;
    const size_t len = X->H.len;
    char b[16];
    skip_comment_lines(text, len, &X->pos);
    while (X->pos < len && (text[X->pos] == ' ' || text[X->pos] == '\t'))
        X->pos++;
    if (X->pos >= len || !isdigit((unsigned char)text[X->pos])) {
        io_err_at(&X->H, X->pos,
                  "expected the characteristic (0 or a prime below 2^31) on line 2, found %s",
                  io_describe(&X->H, X->pos, b, sizeof b));
        return GBC_ERR_PARSE;
    }
    size_t s0 = X->pos;
    uint64_t v = 0;
    int big = 0;
    while (X->pos < len && isdigit((unsigned char)text[X->pos])) {
        if (!big) {
            v = v * 10 + (uint64_t)(text[X->pos] - '0');
            if (v >= (1ull << 31))
                big = 1;
        }
        X->pos++;
    }
    if (big || (v != 0 && zp_is_prime(v) != 1)) {
        io_err_at(&X->H, s0, "characteristic %.*s is not 0 or a prime below 2^31",
                  (int)((X->pos - s0) > 40 ? 40 : X->pos - s0), text + s0);
        return GBC_ERR_PARSE;
    }
    *p = (uint32_t)v;
    skip_blanks(X);
    if (X->pos < len && text[X->pos] != '\n' && text[X->pos] != '#') {
        io_err_at(&X->H, X->pos, "expected the end of line 2 after the characteristic, found %s",
                  io_describe(&X->H, X->pos, b, sizeof b));
        return GBC_ERR_PARSE;
    }
    return GBC_OK;
}

/* The generators from pos to the end into L, in the ring R the header made; on
 * failure L and R are cleared. Reports its error. */
static gbc_status read_generators(gbc_ctx *ctx, ring *R, plist *L, const char *text,
                                  size_t len, size_t pos, unsigned flags, gbc_error *err)
{
    parser P;
    gbc_status st = io_parser_init(&P, ctx, R, text, len, err);
    if (st != GBC_OK) {
        ring_clear(ctx, R);
        io_set_error(err, 0, 0, "%s",
                     st == GBC_ERR_LIMIT ? "memory limit reached" : "out of memory");
        return st;
    }
    P.pos = pos;
    P.keep_zero = (flags & IO_PARSE_KEEP_ZERO) != 0;
    st = io_parse_generators(&P, L);
    io_parser_clear(&P);
    if (st != GBC_OK) {
        plist_clear(ctx, L, &R->F);
        ring_clear(ctx, R);
    }
    return st;
}

gbc_status io_parse_input_flags(gbc_ctx *ctx, ring *R, plist *L, const char *text,
                                size_t len, const char *order, unsigned flags,
                                gbc_error *err)
{
    if (text == NULL && len > 0)
        return GBC_ERR_ARG;
    header X;
    memset(&X, 0, sizeof X);
    X.H.s = text;
    X.H.len = len;
    X.H.err = err;
    X.H.ctx = ctx;
    gbc_status st = io_check_nul(&X.H);
    if (st != GBC_OK)
        return st;
    /* a UTF-8 byte-order mark (some editors write one) is not part of the text */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        X.pos = 3;
    skip_comment_lines(text, len, &X.pos);
    if (X.pos >= len) {
        io_set_error(err, 1, 1, "empty input: expected the variable names on line 1");
        return GBC_ERR_PARSE;
    }
    st = name_table_init(ctx, &X.seen, 16);
    if (st != GBC_OK)
        return header_nomem(&X, st);
    uint32_t characteristic = 0;
    st = read_names(&X);
    if (st == GBC_OK)
        st = read_characteristic(&X, &characteristic);
    if (st == GBC_OK) {
        char msg[256];
        st = ring_init(ctx, R, (uint32_t)X.nnames, (const char *const *)X.names,
                       characteristic, order, msg, sizeof msg);
        if (st != GBC_OK)
            io_set_error(err, 0, 0, "%s", msg);
    }
    if (st == GBC_OK)
        st = read_generators(ctx, R, L, text, len, X.pos, flags, err);
    name_table_clear(ctx, &X.seen);
    for (size_t i = 0; i < X.nnames; i++)
        gbc_free(ctx, X.names[i]);
    gbc_free(ctx, X.names);
    return st;
}

gbc_status io_parse_input(gbc_ctx *ctx, ring *R, plist *L, const char *text, size_t len,
                          const char *order, gbc_error *err)
{
    return io_parse_input_flags(ctx, R, L, text, len, order, 0, err);
}
