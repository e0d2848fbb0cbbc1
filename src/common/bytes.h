/* common/bytes: the little-endian byte writer and the checked reader that the
 * library's serial forms share (f4/serial.c: traces; modular/dist.c: distributed
 * blobs). A writer remembers its first failure; a reader marks itself bad on the
 * first read past its end and then returns zeros. */
#ifndef GBC_BYTES_H
#define GBC_BYTES_H

#include "common/common.h"

typedef struct gbc_wbuf {
    gbc_ctx *ctx;
    uint8_t *b;
    size_t n, cap;
    gbc_status st;
} gbc_wbuf;

static inline void gbc_put(gbc_wbuf *w, const void *p, size_t n)
{
    if (w->st != GBC_OK || n == 0)
        return;
    if (w->n + n < w->n) {
        w->st = GBC_ERR_LIMIT;
        return;
    }
    w->st = GBC_GROW(w->ctx, w->b, w->cap, w->n + n);
    if (w->st != GBC_OK)
        return;
    memcpy(w->b + w->n, p, n);
    w->n += n;
}

static inline void gbc_put_u32(gbc_wbuf *w, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    gbc_put(w, b, 4);
}

static inline void gbc_put_u64(gbc_wbuf *w, uint64_t v)
{
    gbc_put_u32(w, (uint32_t)v);
    gbc_put_u32(w, (uint32_t)(v >> 32));
}

/* Whether the host stores integers little-endian, as the byte strings do: then
 * arrays are copied whole. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define GBC_HOST_LE 1
#else
#define GBC_HOST_LE 0
#endif

/* n values of size bytes each as they lie in memory (a little-endian host's
 * arrays are the byte string's form). */
static inline void gbc_put_whole(gbc_wbuf *w, const void *a, size_t n, size_t size)
{
    if (n > SIZE_MAX / size)
        w->st = GBC_ERR_LIMIT;
    else
        gbc_put(w, a, n * size);
}

static inline void gbc_put_u32s(gbc_wbuf *w, const uint32_t *a, size_t n)
{
    if (GBC_HOST_LE) {
        gbc_put_whole(w, a, n, sizeof *a);
        return;
    }
    for (size_t i = 0; i < n && w->st == GBC_OK; i++)
        gbc_put_u32(w, a[i]);
}

/* n 16-bit values, little-endian. */
static inline void gbc_put_u16s(gbc_wbuf *w, const uint16_t *a, size_t n)
{
    if (GBC_HOST_LE) {
        gbc_put_whole(w, a, n, sizeof *a);
        return;
    }
    for (size_t i = 0; i < n && w->st == GBC_OK; i++) {
        uint8_t b[2] = {(uint8_t)a[i], (uint8_t)(a[i] >> 8)};
        gbc_put(w, b, 2);
    }
}

typedef struct gbc_rbuf {
    const uint8_t *b;
    size_t n, at;
    int bad;
} gbc_rbuf;

/* The next n bytes, or NULL (and the reader bad) when fewer are left. */
static inline const uint8_t *gbc_get_bytes(gbc_rbuf *r, size_t n)
{
    if (r->bad || n > r->n - r->at) {
        r->bad = 1;
        return NULL;
    }
    const uint8_t *p = r->b + r->at;
    r->at += n;
    return p;
}

static inline uint32_t gbc_get_u32(gbc_rbuf *r)
{
    const uint8_t *p = gbc_get_bytes(r, 4);
    if (p == NULL)
        return 0;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t gbc_get_u64(gbc_rbuf *r)
{
    uint64_t lo = gbc_get_u32(r);
    return lo | (uint64_t)gbc_get_u32(r) << 32;
}

/* A count of items of at least size bytes each that the rest can hold (else the
 * reader is bad and 0 returned). */
static inline size_t gbc_get_count(gbc_rbuf *r, size_t size)
{
    uint64_t c = gbc_get_u64(r);
    if (r->bad || (size > 0 && c > (r->n - r->at) / size)) {
        r->bad = 1;
        return 0;
    }
    return (size_t)c;
}

#endif
