/* io: the text format of the command-line contract. A parser for the whole input
 * (variable names, characteristic, generators) or for generators alone, expanding
 * products and powers of sums, with errors that carry a line and column; and a
 * printer for polynomial lists in the output format. */
#ifndef GBC_IO_H
#define GBC_IO_H

#include "poly/poly.h"

/* Limits that keep hostile input from exhausting the stack or the memory. */
#define IO_MAX_DEPTH 1000             /* nesting of parentheses and unary signs */
#define IO_MAX_POWER_TERMS 100000000u /* terms an expanded power may have */

/* Parse a whole input: line 1 the variable names, line 2 the characteristic, then
 * the generators. Initialises R (with order spec, NULL for grevlex) and fills L
 * (which must be empty). On failure both are left empty and err (may be NULL) says
 * where and why; the status is GBC_ERR_PARSE for malformed text, GBC_ERR_OVERFLOW
 * when an expansion's degree does not fit in 32 bits, or NOMEM/LIMIT/INTERRUPTED.
 * An order spec that does not parse gives GBC_ERR_ARG. */
gbc_status io_parse_input(gbc_ctx *ctx, ring *R, plist *L, const char *text, size_t len,
                          const char *order, gbc_error *err);
/* Parse comma-separated generators (no header) in ring R into L (must be empty). */
gbc_status io_parse_polys(gbc_ctx *ctx, const ring *R, plist *L, const char *text,
                          size_t len, gbc_error *err);

/* Both parsers drop zero polynomials (0, 0*x, x-x, (x+1)^2-x^2-2*x-1, a residue 0
 * mod p): an ideal's generators. With flags IO_PARSE_KEEP_ZERO they stay as zero
 * polynomials, so that polynomial k of L is polynomial k of the text: a positional
 * list (the queries of reduce, member and lift, the generators lift's cofactors
 * refer to). Otherwise the _flags forms are the ones above. */
#define IO_PARSE_KEEP_ZERO 1u
gbc_status io_parse_input_flags(gbc_ctx *ctx, ring *R, plist *L, const char *text,
                                size_t len, const char *order, unsigned flags,
                                gbc_error *err);
gbc_status io_parse_polys_flags(gbc_ctx *ctx, const ring *R, plist *L, const char *text,
                                size_t len, unsigned flags, gbc_error *err);

/* A growable NUL-terminated string. */
typedef struct io_buf {
    char *s;
    size_t len, cap;
} io_buf;
void io_buf_init(io_buf *b);
void io_buf_clear(gbc_ctx *ctx, io_buf *b);
gbc_status io_buf_puts(gbc_ctx *ctx, io_buf *b, const char *s, size_t n);

/* Append L in the output format: with header != 0 the variable names and the
 * characteristic first; one polynomial per line, separated by commas. Z/p
 * coefficients print in [0, p), rationals as a/b in lowest terms. */
gbc_status io_print_polys(gbc_ctx *ctx, io_buf *b, const ring *R, const plist *L,
                          int header);
/* io_print_polys, the text handed to write(data, buf, n) in pieces of about
 * 64 KB (write returns the bytes it took; fewer: GBC_ERR_IO). */
gbc_status io_write_polys(gbc_ctx *ctx, const ring *R, const plist *L, int header,
                          size_t (*write)(void *data, const char *buf, size_t n), void *data);
/* io_write_polys one polynomial at a time, for a list nobody holds whole
 * (gbc_groebner_write): begin (the header when header != 0), put each polynomial,
 * end; the text is the same bytes io_write_polys gives for the whole list. clear
 * frees the buffer, after end or on failure. */
typedef struct io_stream {
    gbc_ctx *ctx;
    const ring *R;
    io_buf b;
    size_t n; /* polynomials put */
    size_t (*write)(void *data, const char *buf, size_t n);
    void *data;
} io_stream;
gbc_status io_stream_begin(io_stream *s, gbc_ctx *ctx, const ring *R, int header,
                           size_t (*write)(void *data, const char *buf, size_t n),
                           void *data);
gbc_status io_stream_put(io_stream *s, const ppoly *p);
/* io_stream_put of p[0..n) in turn, the same bytes: with a pool in s's context
 * (common/pool.h) and enough terms, the parts of the pool format consecutive runs
 * of the polynomials at once, each into a buffer of its own, handed on in order.
 * Not from inside a job of that pool. */
gbc_status io_stream_put_many(io_stream *s, const ppoly *p, size_t n);
gbc_status io_stream_end(io_stream *s);
void io_stream_clear(io_stream *s);
/* Append one polynomial (no newline). */
gbc_status io_print_poly(gbc_ctx *ctx, io_buf *b, const ring *R, const ppoly *p);

#endif
