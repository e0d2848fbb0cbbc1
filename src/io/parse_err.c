/* io/parse_err: the parser's error messages. An error carries a line and column,
 * computed from the byte offset only when an error occurs, and a message that says
 * what was expected and what was found. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>

#include "io/parse_int.h"

void io_err_at(parser *P, size_t pos, const char *fmt, ...)
{
    if (P->err == NULL)
        return;
    uint64_t line = 1, col = 1;
    for (size_t i = 0; i < pos && i < P->len; i++) {
        if (P->s[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    P->err->line = line;
    P->err->column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(P->err->message, sizeof P->err->message, fmt, ap);
    va_end(ap);
}

void io_set_error(gbc_error *err, uint64_t line, uint64_t col, const char *fmt, ...)
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

const char *io_describe(parser *P, size_t pos, char *buf, size_t n)
{
    if (pos >= P->len)
        return "end of input";
    unsigned char c = (unsigned char)P->s[pos];
    if (c == '\n')
        return "end of line";
    if (c == 0)
        return "a NUL byte";
    if (isprint(c))
        snprintf(buf, n, "'%c'", c);
    else
        snprintf(buf, n, "byte 0x%02x", c);
    return buf;
}

gbc_status io_fail_expected(parser *P, const char *what)
{
    char b[16];
    io_err_at(P, P->pos, "expected %s, found %s", what, io_describe(P, P->pos, b, sizeof b));
    return GBC_ERR_PARSE;
}

gbc_status io_fail_status(parser *P, size_t pos, gbc_status st)
{
    switch (st) {
    case GBC_ERR_OVERFLOW:
        io_err_at(P, pos, "exponent overflow: a degree does not fit in 32 bits");
        break;
    case GBC_ERR_NOMEM:
        io_err_at(P, pos, "out of memory");
        break;
    case GBC_ERR_LIMIT:
        /* without a memory limit only a term count can be the limit */
        if (P->ctx != NULL && P->ctx->mem_limit == 0)
            io_err_at(P, pos, "the expansion has more than %u terms", UINT32_MAX);
        else
            io_err_at(P, pos, "memory limit reached");
        break;
    case GBC_ERR_INTERRUPTED:
        io_err_at(P, pos, "interrupted");
        break;
    default:
        break;
    }
    return st;
}
