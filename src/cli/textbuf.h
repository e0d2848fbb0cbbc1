/* cli/textbuf: the growable text buffer the gbc tool's commands build their results
 * in. A failed allocation sets `failed` and makes every later append a no-op, so a
 * command appends freely and checks once at the end. */
#ifndef GBC_CLI_TEXTBUF_H
#define GBC_CLI_TEXTBUF_H

#include <stddef.h>
#include <stdint.h>

typedef struct cli_buf {
    char *s;       /* NULL until the first byte; then NUL-terminated at s[len] */
    size_t len, cap;
    int failed;    /* an allocation failed: the text is incomplete */
} cli_buf;

#define CLI_BUF_INIT {NULL, 0, 0, 0}

/* Room for more bytes after len (and the terminating NUL); sets failed when there
 * is none. Appending an empty text allocates nothing. */
void cli_buf_reserve(cli_buf *b, size_t more);
void cli_buf_put(cli_buf *b, const char *s, size_t n);
void cli_buf_puts(cli_buf *b, const char *s);
void cli_buf_putc(cli_buf *b, char c);
/* v in decimal. */
void cli_buf_u64(cli_buf *b, uint64_t v);

#endif
