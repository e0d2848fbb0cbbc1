/* mono: exponent vectors (uint32 per variable) and term orders. An order is parsed
 * from its text form ("grevlex", "weights:1,2,3", "blocks:grevlex(2),lex(3)",
 * "blocks:weights(1,0,0),grevlex(3)", "blocks:wgrevlex(2,1,1)") into a
 * mono_order; mono_cmp is the obviously correct reference comparison on raw
 * exponent vectors, and mono_order_key gives the leading comparison key that the
 * hash table caches so that its fast comparison needs only a tie-break. */
#ifndef GBC_MONO_H
#define GBC_MONO_H

#include "common/common.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef enum mono_kind {
    MONO_GREVLEX = 0,
    MONO_LEX = 1,
    MONO_DEGLEX = 2,
    MONO_WEIGHTED = 3, /* weighted degree, ties broken by grevlex */
    MONO_BLOCKS = 4,   /* product of blocks, each grevlex, lex or deglex */
    MONO_HOMOG = 5,    /* internal: on k[x, h], total degree first, then the base
                        * order on x (the order in which homogenised ideals are
                        * computed; see buchberger.c) */
    MONO_MATRIX = 6,   /* weight rows (non-negative, compared first, in turn), then a
                        * product of blocks, each grevlex, lex, deglex or wgrevlex */
    MONO_WGREVLEX = 7  /* a block kind only: weighted degree of the block (positive
                        * weights), ties by reverse lex within the block */
} mono_kind;

typedef struct mono_block {
    mono_kind kind; /* MONO_GREVLEX, MONO_LEX, MONO_DEGLEX or (MONO_MATRIX only)
                     * MONO_WGREVLEX */
    uint32_t start;
    uint32_t len;
} mono_block;

#define MONO_MAX_WEIGHT 0x7fffffffu

typedef struct mono_order {
    mono_kind kind;
    uint32_t nvars;
    uint32_t *weights;  /* nvars positive weights (MONO_WEIGHTED); MONO_MATRIX: the
                         * weights of the variables of its wgrevlex blocks (1 for
                         * the others); else NULL */
    uint32_t nblocks;
    mono_block *blocks; /* nblocks blocks covering 0..nvars-1 (MONO_BLOCKS,
                         * MONO_MATRIX) */
    uint32_t nrows;     /* MONO_MATRIX: the weight rows, row r at rows[r * nvars] */
    uint32_t *rows;
    const struct mono_order *base; /* MONO_HOMOG: the order on the first nvars-1
                                    * variables (borrowed) */
} mono_order;

/* The order MONO_HOMOG over base (nvars = base->nvars + 1). */
void mono_order_homog(mono_order *ord, const mono_order *base);

/* Parse spec (NULL means grevlex) for nvars variables. On a malformed spec returns
 * GBC_ERR_ARG with a reason in msg (of size msglen). The order owns its arrays. */
gbc_status mono_order_parse(gbc_ctx *ctx, mono_order *ord, const char *spec,
                            uint32_t nvars, char *msg, size_t msglen);
void mono_order_clear(gbc_ctx *ctx, mono_order *ord);
gbc_status mono_order_copy(gbc_ctx *ctx, mono_order *dst, const mono_order *src);
/* The canonical text form of an order (as accepted by mono_order_parse), cut to
 * buflen - 1 characters; returns the length of the whole text (as snprintf), so a
 * caller that needs all of it can call again with a larger buffer. */
size_t mono_order_format(const mono_order *ord, char *buf, size_t buflen);

/* Total degree of an exponent vector, exactly (no overflow: uint64). */
uint64_t mono_degree(const uint32_t *a, uint32_t n);

/* The leading key the hash table caches: the total degree for grevlex and deglex,
 * the weighted degree for weighted orders, the first block's degree for a block
 * order whose first block is graded, 0 for lex; for MONO_MATRIX the first weight
 * row's value (or, without rows, its first block's degree). Exact for monomials of total
 * degree < 2^32 (weights < 2^31). */
uint64_t mono_order_key(const mono_order *ord, const uint32_t *a);

/* Compare under ord: <0 if a < b, 0 if equal, >0 if a > b. The reference
 * implementation: computes every degree it needs from scratch. */
int mono_cmp(const mono_order *ord, const uint32_t *a, const uint32_t *b);

/* Tie-break comparison for two monomials whose keys (mono_order_key) are equal and
 * whose total degrees are dega and degb: what the hash table calls. */
int mono_cmp_tiebreak(const mono_order *ord, const uint32_t *a, uint64_t dega,
                      const uint32_t *b, uint64_t degb);

/* Divisibility and lcm on raw vectors. */
static inline int mono_divides(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    uint32_t i = 0;
#if defined(__SSE2__)
    /* four exponents a step, compared unsigned through the sign bit */
    const __m128i s = _mm_set1_epi32((int)0x80000000u);
    for (; i + 4 <= n; i += 4) {
        __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(a + i)), s);
        __m128i y = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(b + i)), s);
        if (_mm_movemask_epi8(_mm_cmpgt_epi32(x, y)) != 0)
            return 0;
    }
#endif
    for (; i < n; i++)
        if (a[i] > b[i])
            return 0;
    return 1;
}

/* Whether a == b (n exponents). */
static inline int mono_equal(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    uint32_t i = 0;
#if defined(__SSE2__)
    for (; i + 4 <= n; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + i));
        __m128i y = _mm_loadu_si128((const __m128i *)(b + i));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(x, y)) != 0xffff)
            return 0;
    }
#endif
    for (; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* Whether c == a + b exponentwise, the sum never stored (the caller bounds the
 * degree, so no exponent's sum wraps): one pass that vectorises. */
static inline int mono_is_sum(const uint32_t *c, const uint32_t *a, const uint32_t *b,
                              uint32_t n)
{
    uint32_t diff = 0;
    for (uint32_t i = 0; i < n; i++)
        diff |= c[i] ^ (a[i] + b[i]);
    return diff == 0;
}

/* c = a + b exponentwise, without the overflow check of mono_mul (the caller
 * bounds the degree). */
static inline void mono_add(uint32_t *c, const uint32_t *a, const uint32_t *b, uint32_t n)
{
    uint32_t i = 0;
#if defined(__SSE2__)
    for (; i + 4 <= n; i += 4)
        _mm_storeu_si128((__m128i *)(c + i),
                         _mm_add_epi32(_mm_loadu_si128((const __m128i *)(a + i)),
                                       _mm_loadu_si128((const __m128i *)(b + i))));
#endif
    for (; i < n; i++)
        c[i] = a[i] + b[i];
}

/* Divisor masks: a 32-bit summary of an exponent vector such that a | b implies
 * mask(a) & ~mask(b) == 0. Bit k is set iff e[var[k]] >= thr[k]; with more than
 * 32 variables bit k is set iff some variable v = k (mod 32) occurs (var[k] = k,
 * thr[k] = 1: the first of them). */
typedef struct mono_divmask {
    uint32_t nbits;
    uint32_t var[32];
    uint32_t thr[32];
    /* Fast path when the layout is the uniform one of mono_divmask_init: variable v
     * (v < nv) owns bits [v*per, (v+1)*per), thresholds 1..per; with per == 1 and
     * nv > 32 variable v sets bit v mod 32. */
    uint32_t uniform, nv, per;
} mono_divmask;

/* Spread the 32 bits over the n variables with thresholds 1, 2, ... (one bit per
 * variable from 17 on, folded modulo 32 past 32) */
void mono_divmask_init(mono_divmask *dm, uint32_t nvars);
static inline uint32_t mono_divmask_of(const mono_divmask *dm, const uint32_t *e)
{
    uint32_t m = 0;
    if (dm->uniform) {
        const uint32_t per = dm->per;
        if (per == 1) {
            uint32_t v = 0;
#if defined(__SSE2__)
            /* four variables a step: their nonzero flags from one compare */
            const __m128i z = _mm_setzero_si128();
            for (; v + 4 <= dm->nv; v += 4) {
                __m128i x = _mm_loadu_si128((const __m128i *)(e + v));
                uint32_t zero = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, z)));
                m |= (~zero & 15u) << (v & 31);
            }
#endif
            for (; v < dm->nv; v++)
                m |= (uint32_t)(e[v] != 0) << (v & 31);
            return m;
        }
        for (uint32_t v = 0; v < dm->nv; v++) {
            uint32_t c = e[v] < per ? e[v] : per;
            m |= ((1u << c) - 1u) << (v * per);
        }
        return m;
    }
    /* nbits <= 32 always; the bound lets the compiler see it (gcc's -Warray-bounds
     * in the sanitizer builds) */
    const uint32_t nbits = dm->nbits < 32 ? dm->nbits : 32;
    for (uint32_t k = 0; k < nbits; k++)
        m |= (uint32_t)(e[dm->var[k]] >= dm->thr[k]) << k;
    return m;
}

/* c = a + b; GBC_ERR_OVERFLOW if the total degree would exceed UINT32_MAX. */
gbc_status mono_mul(uint32_t *c, const uint32_t *a, const uint32_t *b, uint32_t n);

#endif
