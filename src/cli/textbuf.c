/* cli/textbuf: a growable text buffer (textbuf.h). */
#include "textbuf.h"

#include <stdlib.h>
#include <string.h>

void cli_buf_reserve(cli_buf *b, size_t more)
{
    if (b->failed || more == 0)
        return;
    if (more > (size_t)-1 - 1 - b->len) {
        b->failed = 1;
        return;
    }
    size_t need = b->len + more + 1;
    if (need <= b->cap)
        return;
    size_t nc = b->cap ? b->cap : 4096;
    while (nc < need) {
        if (nc > ((size_t)-1) / 2) {
            b->failed = 1;
            return;
        }
        nc *= 2;
    }
    char *p = realloc(b->s, nc);
    if (p == NULL) {
        b->failed = 1;
        return;
    }
    b->s = p;
    b->cap = nc;
}

void cli_buf_put(cli_buf *b, const char *s, size_t n)
{
    cli_buf_reserve(b, n);
    if (b->failed || n == 0)
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void cli_buf_puts(cli_buf *b, const char *s)
{
    cli_buf_put(b, s, strlen(s));
}

void cli_buf_putc(cli_buf *b, char c)
{
    cli_buf_put(b, &c, 1);
}

void cli_buf_u64(cli_buf *b, uint64_t v)
{
    char tmp[24];
    size_t n = 0;
    do {
        tmp[sizeof tmp - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    cli_buf_put(b, tmp + sizeof tmp - n, n);
}
