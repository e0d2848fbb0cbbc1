/* solve/kdots.c: the dot products modulo p < 2^31 of the Krylov sequence
 * (krylov.c): a row vector against several columns of the multiplication matrix at
 * once, so that each block of the row is loaded once for four columns. A product of
 * two residues is below 2^62, so four of them sum without overflow in 64 bits; that
 * sum is split into its low and high 32 bits, added to two accumulators (which
 * take 2^32 such sums), and reduced once at the end. One loop per instruction set
 * (AVX-512F, AVX2, portable C), chosen by the caller (sv_kdot_isa). */
#include "solve/solve_int.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define KD_X86 1
#else
#define KD_X86 0
#endif

/* (hi 2^32 + lo) mod p for hi, lo below 2^62. */
static uint32_t kd_fold(uint64_t lo, uint64_t hi, uint32_t p)
{
    const uint64_t two32 = ((uint64_t)1 << 32) % p;
    return (uint32_t)(((hi % p) * two32 + lo % p) % p);
}

/* The split sums of u[x] v[x] over x in [from, n) into *lo, *hi. */
static void kd_tail(uint64_t *lo, uint64_t *hi, const uint32_t *u, const uint32_t *v, size_t from,
                    size_t n)
{
    for (size_t x = from; x < n; x++) {
        uint64_t t = (uint64_t)u[x] * v[x];
        *lo += t & 0xffffffffu;
        *hi += t >> 32;
    }
}

/* The portable loop: four products summed, then split. */
static void kdots_portable(uint32_t *out, const uint32_t *u, const uint32_t *const *cols,
                           size_t nc, size_t n, uint32_t p)
{
    for (size_t c = 0; c < nc; c++) {
        const uint32_t *v = cols[c];
        uint64_t lo = 0, hi = 0;
        size_t x = 0;
        for (; x + 4 <= n; x += 4) {
            uint64_t t = (uint64_t)u[x] * v[x] + (uint64_t)u[x + 1] * v[x + 1] +
                         (uint64_t)u[x + 2] * v[x + 2] + (uint64_t)u[x + 3] * v[x + 3];
            lo += t & 0xffffffffu;
            hi += t >> 32;
        }
        kd_tail(&lo, &hi, u, v, x, n);
        out[c] = kd_fold(lo, hi, p);
    }
}

#if KD_X86
/* The sum of four products a b per 64-bit lane from the 32-bit lanes of two pairs
 * of vectors (_mm256_mul_epu32 takes the even 32-bit lanes; the odd ones are
 * shifted down first): below 4 p^2 < 2^64. */
#define KD_QUAD256(a0, a0s, a1, a1s, b0, b1)                                                 \
    _mm256_add_epi64(                                                                      \
        _mm256_add_epi64(_mm256_mul_epu32(a0, b0),                                         \
                         _mm256_mul_epu32(a0s, _mm256_srli_epi64(b0, 32))),                \
        _mm256_add_epi64(_mm256_mul_epu32(a1, b1),                                         \
                         _mm256_mul_epu32(a1s, _mm256_srli_epi64(b1, 32))))

__attribute__((target("avx2"))) static uint64_t kd_hsum256(__m256i a)
{
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

/* Columns c0 .. c0 + w (w <= 4) of cols against u, 16 entries a round. */
__attribute__((target("avx2"))) static void kdots4_avx2(uint32_t *out, const uint32_t *u,
                                                        const uint32_t *const *cols, size_t w,
                                                        size_t n, uint32_t p)
{
    const __m256i m32 = _mm256_set1_epi64x(0xffffffff);
    __m256i lo[4], hi[4];
    for (int c = 0; c < 4; c++)
        lo[c] = hi[c] = _mm256_setzero_si256();
    const uint32_t *v[4];
    for (size_t c = 0; c < 4; c++)
        v[c] = cols[c < w ? c : 0];
    size_t x = 0;
    for (; x + 16 <= n; x += 16) {
        const __m256i a0 = _mm256_loadu_si256((const __m256i *)(u + x));
        const __m256i a1 = _mm256_loadu_si256((const __m256i *)(u + x + 8));
        const __m256i a0s = _mm256_srli_epi64(a0, 32), a1s = _mm256_srli_epi64(a1, 32);
        for (int c = 0; c < 4; c++) {
            const __m256i b0 = _mm256_loadu_si256((const __m256i *)(v[c] + x));
            const __m256i b1 = _mm256_loadu_si256((const __m256i *)(v[c] + x + 8));
            const __m256i t = KD_QUAD256(a0, a0s, a1, a1s, b0, b1);
            lo[c] = _mm256_add_epi64(lo[c], _mm256_and_si256(t, m32));
            hi[c] = _mm256_add_epi64(hi[c], _mm256_srli_epi64(t, 32));
        }
    }
    for (size_t c = 0; c < w; c++) {
        uint64_t l = kd_hsum256(lo[c]), h = kd_hsum256(hi[c]);
        kd_tail(&l, &h, u, v[c], x, n);
        out[c] = kd_fold(l, h, p);
    }
}

/* One column against u (kdots4_avx2 for a single column). */
__attribute__((target("avx2"))) static uint32_t kdot1_avx2(const uint32_t *u, const uint32_t *v,
                                                          size_t n, uint32_t p)
{
    const __m256i m32 = _mm256_set1_epi64x(0xffffffff);
    __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
    size_t x = 0;
    for (; x + 16 <= n; x += 16) {
        const __m256i a0 = _mm256_loadu_si256((const __m256i *)(u + x));
        const __m256i a1 = _mm256_loadu_si256((const __m256i *)(u + x + 8));
        const __m256i b0 = _mm256_loadu_si256((const __m256i *)(v + x));
        const __m256i b1 = _mm256_loadu_si256((const __m256i *)(v + x + 8));
        const __m256i t = KD_QUAD256(a0, _mm256_srli_epi64(a0, 32), a1,
                                     _mm256_srli_epi64(a1, 32), b0, b1);
        lo = _mm256_add_epi64(lo, _mm256_and_si256(t, m32));
        hi = _mm256_add_epi64(hi, _mm256_srli_epi64(t, 32));
    }
    uint64_t l = kd_hsum256(lo), h = kd_hsum256(hi);
    kd_tail(&l, &h, u, v, x, n);
    return kd_fold(l, h, p);
}

#define KD_QUAD512(a0, a0s, a1, a1s, b0, b1)                                                 \
    _mm512_add_epi64(                                                                      \
        _mm512_add_epi64(_mm512_mul_epu32(a0, b0),                                         \
                         _mm512_mul_epu32(a0s, _mm512_srli_epi64(b0, 32))),                \
        _mm512_add_epi64(_mm512_mul_epu32(a1, b1),                                         \
                         _mm512_mul_epu32(a1s, _mm512_srli_epi64(b1, 32))))

/* The same with AVX-512F, 32 entries a round. */
__attribute__((target("avx512f"))) static void kdots4_avx512(uint32_t *out, const uint32_t *u,
                                                             const uint32_t *const *cols,
                                                             size_t w, size_t n, uint32_t p)
{
    const __m512i m32 = _mm512_set1_epi64(0xffffffff);
    __m512i lo[4], hi[4];
    for (int c = 0; c < 4; c++)
        lo[c] = hi[c] = _mm512_setzero_si512();
    const uint32_t *v[4];
    for (size_t c = 0; c < 4; c++)
        v[c] = cols[c < w ? c : 0];
    size_t x = 0;
    for (; x + 32 <= n; x += 32) {
        const __m512i a0 = _mm512_loadu_si512((const void *)(u + x));
        const __m512i a1 = _mm512_loadu_si512((const void *)(u + x + 16));
        const __m512i a0s = _mm512_srli_epi64(a0, 32), a1s = _mm512_srli_epi64(a1, 32);
        for (int c = 0; c < 4; c++) {
            const __m512i b0 = _mm512_loadu_si512((const void *)(v[c] + x));
            const __m512i b1 = _mm512_loadu_si512((const void *)(v[c] + x + 16));
            const __m512i t = KD_QUAD512(a0, a0s, a1, a1s, b0, b1);
            lo[c] = _mm512_add_epi64(lo[c], _mm512_and_si512(t, m32));
            hi[c] = _mm512_add_epi64(hi[c], _mm512_srli_epi64(t, 32));
        }
    }
    for (size_t c = 0; c < w; c++) {
        uint64_t l = (uint64_t)_mm512_reduce_add_epi64(lo[c]);
        uint64_t h = (uint64_t)_mm512_reduce_add_epi64(hi[c]);
        kd_tail(&l, &h, u, v[c], x, n);
        out[c] = kd_fold(l, h, p);
    }
}

/* One column against u (kdots4_avx512 for a single column). */
__attribute__((target("avx512f"))) static uint32_t kdot1_avx512(const uint32_t *u,
                                                               const uint32_t *v, size_t n,
                                                               uint32_t p)
{
    const __m512i m32 = _mm512_set1_epi64(0xffffffff);
    __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
    size_t x = 0;
    for (; x + 32 <= n; x += 32) {
        const __m512i a0 = _mm512_loadu_si512((const void *)(u + x));
        const __m512i a1 = _mm512_loadu_si512((const void *)(u + x + 16));
        const __m512i b0 = _mm512_loadu_si512((const void *)(v + x));
        const __m512i b1 = _mm512_loadu_si512((const void *)(v + x + 16));
        const __m512i t = KD_QUAD512(a0, _mm512_srli_epi64(a0, 32), a1,
                                     _mm512_srli_epi64(a1, 32), b0, b1);
        lo = _mm512_add_epi64(lo, _mm512_and_si512(t, m32));
        hi = _mm512_add_epi64(hi, _mm512_srli_epi64(t, 32));
    }
    uint64_t l = (uint64_t)_mm512_reduce_add_epi64(lo);
    uint64_t h = (uint64_t)_mm512_reduce_add_epi64(hi);
    kd_tail(&l, &h, u, v, x, n);
    return kd_fold(l, h, p);
}
#endif

int sv_kdot_isa(void)
{
#if KD_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return SV_KD_AVX512;
    if (__builtin_cpu_supports("avx2"))
        return SV_KD_AVX2;
#endif
    return SV_KD_PORTABLE;
}

void sv_kdots(uint32_t *out, const uint32_t *u, const uint32_t *const *cols, size_t nc, size_t n,
              uint32_t p, int isa)
{
#if KD_X86
    if (isa == SV_KD_AVX512 || isa == SV_KD_AVX2) {
        size_t c = 0;
        for (; c + 4 <= nc; c += 4) {
            if (isa == SV_KD_AVX512)
                kdots4_avx512(out + c, u, cols + c, 4, n, p);
            else
                kdots4_avx2(out + c, u, cols + c, 4, n, p);
        }
        for (; c < nc; c++)
            out[c] = isa == SV_KD_AVX512 ? kdot1_avx512(u, cols[c], n, p)
                                         : kdot1_avx2(u, cols[c], n, p);
        return;
    }
#else
    (void)isa;
#endif
    kdots_portable(out, u, cols, nc, n, p);
}

uint32_t sv_kdot(const uint32_t *u, const uint32_t *v, size_t n, uint32_t p, int isa)
{
    uint32_t r;
    sv_kdots(&r, u, &v, 1, n, p, isa);
    return r;
}
