/* la/dform: dense forms of a round's new pivot rows.
 *
 * A new pivot row of an F4 matrix has its entries in the columns left without a
 * known pivot, and after reduction by the other new pivots it fills most of them
 * (cyclic-8: 40-90% of the columns from its lead on). Reducing a row by it through
 * its sparse form costs a column load and a scattered update per entry; its dense
 * form (every column from the lead to the last, zeros included) is added to the
 * dense accumulator contiguously, eight columns per vector multiply-add. A row gets
 * a dense form when at least a quarter of its columns from the lead on are filled,
 * so that the dense array (4 bytes a column) is at most twice the sparse one (8
 * bytes an entry). The forms are a scratch of the kernel that makes them: they
 * live in their own arena, and M->dpiv (one entry per column) points at them while
 * they are valid. The values are the row's: a reduction by either form gives the
 * same result. With several threads the table is shared and each worker keeps
 * the forms of the pivots it publishes (la_dforms_join); a form is published
 * after its pivot, and every form of a column is a pivot row of that column, so a
 * reduction may use whichever it sees. */
#include "la/la.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define LA_X86 1
#else
#define LA_X86 0
#endif

/* dr[i] += mult * d[i] for i < len; for p2 != 0 each sum is brought back below p2
 * (entries stay below p^2 < 2^62), for p2 == 0 (p < 2^16) nothing is corrected. */
static void daxpy_portable(uint64_t *restrict dr, const uint32_t *restrict d, uint32_t len,
                           uint64_t mult, uint64_t p2)
{
    if (p2 == 0) {
        for (uint32_t i = 0; i < len; i++)
            dr[i] += mult * d[i];
        return;
    }
    for (uint32_t i = 0; i < len; i++) {
        uint64_t x = dr[i] + mult * d[i];
        dr[i] = x >= p2 ? x - p2 : x;
    }
}

#if LA_X86
__attribute__((target("avx2"))) static void daxpy_avx2(uint64_t *restrict dr,
                                                      const uint32_t *restrict d, uint32_t len,
                                                      uint64_t mult, uint64_t p2)
{
    const __m256i m = _mm256_set1_epi64x((long long)mult);
    /* sums stay below 2^63, so the signed compare x > p2 - 1 is exact */
    const __m256i lim = _mm256_set1_epi64x((long long)(p2 - 1));
    const __m256i q = _mm256_set1_epi64x((long long)p2);
    uint32_t i = 0;
    for (; i + 4 <= len; i += 4) {
        __m256i f = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(d + i)));
        __m256i x = _mm256_add_epi64(_mm256_loadu_si256((const __m256i *)(dr + i)),
                                     _mm256_mul_epu32(m, f));
        if (p2 != 0)
            x = _mm256_sub_epi64(x, _mm256_and_si256(_mm256_cmpgt_epi64(x, lim), q));
        _mm256_storeu_si256((__m256i *)(dr + i), x);
    }
    daxpy_portable(dr + i, d + i, len - i, mult, p2);
}

__attribute__((target("avx512f"))) static void daxpy_avx512(uint64_t *restrict dr,
                                                           const uint32_t *restrict d,
                                                           uint32_t len, uint64_t mult,
                                                           uint64_t p2)
{
    const __m512i m = _mm512_set1_epi64((long long)mult);
    const __m512i q = _mm512_set1_epi64((long long)p2);
    uint32_t i = 0;
    if (p2 == 0) {
        for (; i + 8 <= len; i += 8) {
            __m512i f = _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)(d + i)));
            __m512i x = _mm512_add_epi64(_mm512_loadu_si512((const void *)(dr + i)),
                                         _mm512_mul_epu32(m, f));
            _mm512_storeu_si512((void *)(dr + i), x);
        }
    } else {
        for (; i + 8 <= len; i += 8) {
            __m512i f = _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)(d + i)));
            __m512i x = _mm512_add_epi64(_mm512_loadu_si512((const void *)(dr + i)),
                                         _mm512_mul_epu32(m, f));
            __mmask8 ge = _mm512_cmpge_epu64_mask(x, q);
            x = _mm512_mask_sub_epi64(x, ge, x, q);
            _mm512_storeu_si512((void *)(dr + i), x);
        }
    }
    daxpy_portable(dr + i, d + i, len - i, mult, p2);
}
#endif

void la_dform_axpy(int isa, uint64_t *dr, const uint32_t *d, uint32_t len, uint64_t mult,
                   uint64_t p2)
{
#if LA_X86
    if (isa == LA_ISA_AVX512) {
        daxpy_avx512(dr, d, len, mult, p2);
        return;
    }
    if (isa == LA_ISA_AVX2) {
        daxpy_avx2(dr, d, len, mult, p2);
        return;
    }
#endif
    (void)isa;
    daxpy_portable(dr, d, len, mult, p2);
}

/* A row this short is reduced by its sparse form whatever its density: the dense
 * loop's set-up would not pay. */
#define DFORM_MIN_LEN 16

void la_dforms_init(la_dforms *D)
{
    memset(D, 0, sizeof *D);
    gbc_arena_init(&D->arena, (size_t)1 << 20);
}

gbc_status la_dforms_open(gbc_ctx *ctx, la_matrix *M, la_dforms *D)
{
    if (D->table == NULL) {
        GBC_TRY(GBC_ALLOC(ctx, D->table, M->ncols ? M->ncols : 1));
        memset(D->table, 0, sizeof(*D->table) * M->ncols);
    }
    M->dpiv = (const uint32_t *const *)D->table;
    return GBC_OK;
}

void la_dforms_join(la_dforms *D, const la_dforms *owner)
{
    la_dforms_init(D);
    D->table = owner->table;
    D->joined = 1;
}

gbc_status la_dforms_add(gbc_ctx *ctx, la_matrix *M, la_dforms *D, const la_row *r)
{
    if (r->len < DFORM_MIN_LEN)
        return GBC_OK;
    const uint32_t lead = r->cols[0];
    const uint32_t width = M->ncols - lead;
    if ((uint64_t)r->len * 4 < width)
        return GBC_OK; /* sparse: the dense array would be more than twice as big */
    if (D->table == NULL)
        GBC_TRY(la_dforms_open(ctx, M, D));
    uint32_t *d = gbc_arena_alloc(ctx, &D->arena, sizeof(uint32_t) * width);
    if (d == NULL)
        return gbc_ctx_alloc_status(ctx);
    memset(d, 0, sizeof(uint32_t) * width);
    for (uint32_t k = 0; k < r->len; k++)
        d[r->cols[k] - lead] = r->cf[k];
    /* other threads may be reducing by this column's pivot: they see either no
     * form or the whole of it */
    __atomic_store_n(&D->table[lead], d, __ATOMIC_RELEASE);
    return GBC_OK;
}

void la_dforms_end(gbc_ctx *ctx, la_matrix *M, la_dforms *D)
{
    if (D->table != NULL && M->dpiv == (const uint32_t *const *)D->table)
        M->dpiv = NULL;
    if (!D->joined)
        gbc_free(ctx, D->table);
    gbc_arena_clear(ctx, &D->arena);
    memset(D, 0, sizeof *D);
}
