/* monideal/vrow: rows of byte exponents in 16-byte blocks, for the kernels that run
 * on rank-compressed ideals (every rank below 256). A row of n <= 16*B columns
 * occupies B blocks; columns past n are zero and stay zero under every operation
 * here (max, min, saturating subtraction), so they never change a test. On x86-64
 * the blocks are SSE2 registers (part of the base instruction set); elsewhere the
 * same operations are plain loops over 16 bytes. Blocks are 16-byte aligned. */
#ifndef GBC_MONIDEAL_VROW_H
#define GBC_MONIDEAL_VROW_H

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
typedef __m128i vb;
static inline vb vb_load(const uint8_t *p)
{
    return _mm_load_si128((const __m128i *)(const void *)p);
}
static inline void vb_store(uint8_t *p, vb a)
{
    _mm_store_si128((__m128i *)(void *)p, a);
}
static inline vb vb_zero(void)
{
    return _mm_setzero_si128();
}
static inline vb vb_max(vb a, vb b)
{
    return _mm_max_epu8(a, b);
}
static inline vb vb_min(vb a, vb b)
{
    return _mm_min_epu8(a, b);
}
/* max(a - b, 0) bytewise */
static inline vb vb_subs(vb a, vb b)
{
    return _mm_subs_epu8(a, b);
}
/* a + b bytewise (no carries between bytes; callers keep sums below 256) */
static inline vb vb_add(vb a, vb b)
{
    return _mm_add_epi8(a, b);
}
/* bit i set iff byte i of a equals byte i of b */
static inline uint32_t vb_eqmask(vb a, vb b)
{
    return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b));
}
/* bit i set iff byte i is non-zero */
static inline uint32_t vb_nzmask(vb a)
{
    return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, _mm_setzero_si128())) ^ 0xffffu;
}
#else
typedef struct vb {
    uint8_t b[16];
} vb;
static inline vb vb_load(const uint8_t *p)
{
    vb r;
    memcpy(r.b, p, 16);
    return r;
}
static inline void vb_store(uint8_t *p, vb a)
{
    memcpy(p, a.b, 16);
}
static inline vb vb_zero(void)
{
    vb r;
    memset(r.b, 0, 16);
    return r;
}
static inline vb vb_max(vb a, vb b)
{
    vb r;
    for (int i = 0; i < 16; i++)
        r.b[i] = a.b[i] > b.b[i] ? a.b[i] : b.b[i];
    return r;
}
static inline vb vb_min(vb a, vb b)
{
    vb r;
    for (int i = 0; i < 16; i++)
        r.b[i] = a.b[i] < b.b[i] ? a.b[i] : b.b[i];
    return r;
}
static inline vb vb_subs(vb a, vb b)
{
    vb r;
    for (int i = 0; i < 16; i++)
        r.b[i] = a.b[i] > b.b[i] ? (uint8_t)(a.b[i] - b.b[i]) : 0;
    return r;
}
static inline vb vb_add(vb a, vb b)
{
    vb r;
    for (int i = 0; i < 16; i++)
        r.b[i] = (uint8_t)(a.b[i] + b.b[i]);
    return r;
}
static inline uint32_t vb_eqmask(vb a, vb b)
{
    uint32_t m = 0;
    for (int i = 0; i < 16; i++)
        m |= (uint32_t)(a.b[i] == b.b[i]) << i;
    return m;
}
static inline uint32_t vb_nzmask(vb a)
{
    uint32_t m = 0;
    for (int i = 0; i < 16; i++)
        m |= (uint32_t)(a.b[i] != 0) << i;
    return m;
}
#endif

/* Whole rows of B blocks. */
#define VR_MAXB 4 /* at most 64 columns */

static inline int vr_divides(const uint8_t *a, const uint8_t *b, uint32_t B)
{
    for (uint32_t i = 0; i < B; i++)
        if (vb_eqmask(vb_subs(vb_load(a + 16 * i), vb_load(b + 16 * i)), vb_zero()) != 0xffffu)
            return 0;
    return 1;
}

static inline void vr_copy(uint8_t *d, const uint8_t *s, uint32_t B)
{
    for (uint32_t i = 0; i < B; i++)
        vb_store(d + 16 * i, vb_load(s + 16 * i));
}

static inline void vr_max(uint8_t *acc, const uint8_t *r, uint32_t B)
{
    for (uint32_t i = 0; i < B; i++)
        vb_store(acc + 16 * i, vb_max(vb_load(acc + 16 * i), vb_load(r + 16 * i)));
}

static inline void vr_add(uint8_t *d, const uint8_t *a, const uint8_t *b, uint32_t B)
{
    for (uint32_t i = 0; i < B; i++)
        vb_store(d + 16 * i, vb_add(vb_load(a + 16 * i), vb_load(b + 16 * i)));
}

static inline void vr_subs(uint8_t *d, const uint8_t *a, const uint8_t *b, uint32_t B)
{
    for (uint32_t i = 0; i < B; i++)
        vb_store(d + 16 * i, vb_subs(vb_load(a + 16 * i), vb_load(b + 16 * i)));
}

static inline void vr_min(uint8_t *acc, const uint8_t *r, uint32_t B)
{
    for (uint32_t i = 0; i < B; i++)
        vb_store(acc + 16 * i, vb_min(vb_load(acc + 16 * i), vb_load(r + 16 * i)));
}

/* 64-bit masks over the columns */
static inline uint64_t vr_nzmask(const uint8_t *a, uint32_t B)
{
    uint64_t m = 0;
    for (uint32_t i = 0; i < B; i++)
        m |= (uint64_t)vb_nzmask(vb_load(a + 16 * i)) << (16 * i);
    return m;
}

static inline uint64_t vr_eqmask(const uint8_t *a, const uint8_t *b, uint32_t B)
{
    uint64_t m = 0;
    for (uint32_t i = 0; i < B; i++)
        m |= (uint64_t)vb_eqmask(vb_load(a + 16 * i), vb_load(b + 16 * i)) << (16 * i);
    return m;
}

static inline int vr_is_zero(const uint8_t *a, uint32_t B)
{
    return vr_nzmask(a, B) == 0;
}

#endif
