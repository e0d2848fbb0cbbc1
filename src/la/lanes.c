/* la/lanes: several rows reduced at once by the known pivots.
 *
 * Columns [0, npivcols) of a matrix all have a pivot before a kernel runs (the
 * reducers of symbolic preprocessing, numbered first). Reducing a row by those
 * pivots does not depend on the pivots the kernel finds (they lie in the other
 * columns and have no entries left of them), so LA_LANES rows (or random
 * combinations) go through that part together: the scratch M->lanes holds LA_LANES
 * uint64 accumulators per column, side by side, and each entry of a pivot row is
 * read once and updates one 64-byte group of accumulators, one vector multiply-add
 * (AVX-512) or two (AVX2), instead of LA_LANES scattered updates. What is left of
 * each lane, in the other columns, is then reduced one lane at a time by
 * reduce_core as before (la_lanes_finish). The results are the rows la_reduce_row
 * would give.
 *
 * The vector loop is the matrix's (M->isa), which the kernel takes from its
 * environment: la_env_init sets the CPU's best (AVX-512F, AVX2, or the portable
 * loop), detected once per process, so each computation carries its choice. */
#include "la/la.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define LA_X86 1
#else
#define LA_X86 0
#endif

typedef void (*lanes_axpy_fn)(uint64_t *restrict lanes, const uint32_t *restrict cols,
                              const uint32_t *restrict cf, uint32_t k0, uint32_t len,
                              const uint64_t *restrict mult, uint64_t p2);

/* lanes[c] += mult * cf for the entries k >= k0 of a row (k0 = 1 for a pivot row,
 * whose entry 0 is the column being eliminated): for p < 2^16 every
 * product is below 2^32 and no column receives 2^32 of them, so nothing is
 * corrected (p2 == 0); otherwise each sum is brought back below p^2. */
static void axpy_portable(uint64_t *restrict lanes, const uint32_t *restrict cols,
                          const uint32_t *restrict cf, uint32_t k0, uint32_t len,
                          const uint64_t *restrict mult, uint64_t p2)
{
    for (uint32_t k = k0; k < len; k++) {
        uint64_t *d = lanes + (size_t)cols[k] * LA_LANES;
        uint64_t f = cf[k];
        if (p2 == 0) {
            for (int l = 0; l < LA_LANES; l++)
                d[l] += mult[l] * f;
        } else {
            for (int l = 0; l < LA_LANES; l++) {
                uint64_t x = d[l] + mult[l] * f;
                d[l] = x >= p2 ? x - p2 : x;
            }
        }
    }
}

#if LA_X86
__attribute__((target("avx2"))) static void axpy_avx2(uint64_t *restrict lanes,
                                                     const uint32_t *restrict cols,
                                                     const uint32_t *restrict cf, uint32_t k0,
                                                     uint32_t len,
                                                     const uint64_t *restrict mult, uint64_t p2)
{
    const __m256i m0 = _mm256_loadu_si256((const __m256i *)mult);
    const __m256i m1 = _mm256_loadu_si256((const __m256i *)(mult + 4));
    if (p2 == 0) {
        for (uint32_t k = k0; k < len; k++) {
            __m256i *d = (__m256i *)(lanes + (size_t)cols[k] * LA_LANES);
            const __m256i f = _mm256_set1_epi64x(cf[k]);
            __m256i x0 = _mm256_add_epi64(_mm256_loadu_si256(d), _mm256_mul_epu32(m0, f));
            __m256i x1 = _mm256_add_epi64(_mm256_loadu_si256(d + 1), _mm256_mul_epu32(m1, f));
            _mm256_storeu_si256(d, x0);
            _mm256_storeu_si256(d + 1, x1);
        }
        return;
    }
    /* sums stay below 2^63, so the signed compare x > p2 - 1 is exact */
    const __m256i lim = _mm256_set1_epi64x((long long)(p2 - 1));
    const __m256i q = _mm256_set1_epi64x((long long)p2);
    for (uint32_t k = k0; k < len; k++) {
        __m256i *d = (__m256i *)(lanes + (size_t)cols[k] * LA_LANES);
        const __m256i f = _mm256_set1_epi64x(cf[k]);
        __m256i x0 = _mm256_add_epi64(_mm256_loadu_si256(d), _mm256_mul_epu32(m0, f));
        __m256i x1 = _mm256_add_epi64(_mm256_loadu_si256(d + 1), _mm256_mul_epu32(m1, f));
        x0 = _mm256_sub_epi64(x0, _mm256_and_si256(_mm256_cmpgt_epi64(x0, lim), q));
        x1 = _mm256_sub_epi64(x1, _mm256_and_si256(_mm256_cmpgt_epi64(x1, lim), q));
        _mm256_storeu_si256(d, x0);
        _mm256_storeu_si256(d + 1, x1);
    }
}

__attribute__((target("avx512f"))) static void axpy_avx512(uint64_t *restrict lanes,
                                                         const uint32_t *restrict cols,
                                                         const uint32_t *restrict cf,
                                                         uint32_t k0, uint32_t len,
                                                         const uint64_t *restrict mult,
                                                         uint64_t p2)
{
    const __m512i m = _mm512_loadu_si512((const void *)mult);
    if (p2 == 0) {
        for (uint32_t k = k0; k < len; k++) {
            uint64_t *d = lanes + (size_t)cols[k] * LA_LANES;
            const __m512i f = _mm512_set1_epi64((long long)cf[k]);
            __m512i x = _mm512_add_epi64(_mm512_loadu_si512((const void *)d), _mm512_mul_epu32(m, f));
            _mm512_storeu_si512((void *)d, x);
        }
        return;
    }
    const __m512i q = _mm512_set1_epi64((long long)p2);
    for (uint32_t k = k0; k < len; k++) {
        uint64_t *d = lanes + (size_t)cols[k] * LA_LANES;
        const __m512i f = _mm512_set1_epi64((long long)cf[k]);
        __m512i x = _mm512_add_epi64(_mm512_loadu_si512((const void *)d), _mm512_mul_epu32(m, f));
        __mmask8 ge = _mm512_cmpge_epu64_mask(x, q);
        x = _mm512_mask_sub_epi64(x, ge, x, q);
        _mm512_storeu_si512((void *)d, x);
    }
}
#endif

/* Whether this CPU has the loop isa. */
static int isa_available(int isa)
{
    if (isa == LA_ISA_PORTABLE)
        return 1;
#if LA_X86
    __builtin_cpu_init();
    if (isa == LA_ISA_AVX2)
        return __builtin_cpu_supports("avx2") != 0;
    if (isa == LA_ISA_AVX512)
        return __builtin_cpu_supports("avx512f") != 0;
#endif
    return 0;
}

static const char *const isa_names[] = {"portable", "avx2", "avx512"};

int la_lanes_isa_find(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, isa_names[i]) == 0)
            return isa_available(i) ? i : -1;
    return -1;
}

const char *la_lanes_isa_name(int isa)
{
    return isa >= 0 && isa < 3 ? isa_names[isa] : "portable";
}

/* The CPU's best loop capped by GBC_LA_ISA=portable|avx2|avx512 (tests and
 * benchmarks compare the variants); detected once per process, a constant after
 * that (a benign race: every thread computes the same value). */
int la_lanes_isa_default(void)
{
    static int detected = -1;
    int isa = __atomic_load_n(&detected, __ATOMIC_RELAXED);
    if (isa >= 0)
        return isa;
    const char *cap = getenv("GBC_LA_ISA");
    int want512 = cap == NULL || strcmp(cap, "avx512") == 0;
    int want2 = want512 || strcmp(cap, "avx2") == 0;
    isa = LA_ISA_PORTABLE;
    if (want512 && isa_available(LA_ISA_AVX512))
        isa = LA_ISA_AVX512;
    else if (want2 && isa_available(LA_ISA_AVX2))
        isa = LA_ISA_AVX2;
    __atomic_store_n(&detected, isa, __ATOMIC_RELAXED);
    return isa;
}

uint32_t la_lanes_add(la_matrix *M, const field *F, int l, const la_row *r, uint64_t c)
{
    uint64_t *v = M->lanes + l;
    const uint64_t p2 = F->p2;
    if (F->p < (1u << 16)) {
        /* products below 2^32, and a lane entry receives fewer than 2^32 of them in
         * all (the rows added, then one per column): no correction */
        for (uint32_t k = 0; k < r->len; k++)
            v[(size_t)r->cols[k] * LA_LANES] += c * r->cf[k];
        return r->len > 0 ? r->cols[0] : M->ncols;
    }
    for (uint32_t k = 0; k < r->len; k++) {
        uint64_t *d = v + (size_t)r->cols[k] * LA_LANES;
        uint64_t x = *d + c * r->cf[k];
        *d = x >= p2 ? x - p2 : x;
    }
    return r->len > 0 ? r->cols[0] : M->ncols;
}

/* The vector loop of isa. */
static lanes_axpy_fn axpy_of(int isa)
{
#if LA_X86
    if (isa == LA_ISA_AVX512)
        return axpy_avx512;
    if (isa == LA_ISA_AVX2)
        return axpy_avx2;
#endif
    (void)isa;
    return axpy_portable;
}

uint32_t la_lanes_add_multi(la_matrix *M, const field *F, const la_row *r, const uint64_t *c)
{
    const uint64_t p2 = F->p < (1u << 16) ? 0 : F->p2;
    axpy_of(M->isa)(M->lanes, r->cols, r->cf, 0, r->len, c, p2);
    return r->len > 0 ? r->cols[0] : M->ncols;
}

void la_lanes_drop(la_matrix *M, int l)
{
    uint64_t *v = M->lanes + l;
    for (uint32_t c = M->npivcols; c < M->ncols; c++)
        v[(size_t)c * LA_LANES] = 0;
}

/* la_lanes_reduce's loop with the vector loop axpy, a constant at each call (the
 * calls are direct once this is inlined). */
static inline __attribute__((always_inline)) void
lanes_reduce_with(la_matrix *M, const field *F, uint32_t start, lanes_axpy_fn axpy)
{
    const uint64_t p = F->p;
    const uint64_t p2 = p < (1u << 16) ? 0 : F->p2;
    const uint32_t end = M->npivcols;
    uint64_t *lanes = M->lanes;
    uint64_t mult[LA_LANES];
    for (uint32_t j = start; j < end; j++) {
        uint64_t *v = lanes + (size_t)j * LA_LANES;
        uint64_t any = 0;
        for (int l = 0; l < LA_LANES; l++)
            any |= v[l];
        if (any == 0)
            continue;
        any = 0;
        for (int l = 0; l < LA_LANES; l++) {
            uint64_t c = v[l] % p;
            v[l] = 0;
            mult[l] = c != 0 ? p - c : 0;
            any |= c;
        }
        if (any == 0)
            continue;
        const la_row *P = M->pivot[j];
        axpy(lanes, P->cols, P->cf, 1, P->len, mult, p2);
    }
}

void la_lanes_reduce(la_matrix *M, const field *F, uint32_t start)
{
#if LA_X86
    if (M->isa == LA_ISA_AVX512) {
        lanes_reduce_with(M, F, start, axpy_avx512);
        return;
    }
    if (M->isa == LA_ISA_AVX2) {
        lanes_reduce_with(M, F, start, axpy_avx2);
        return;
    }
#endif
    lanes_reduce_with(M, F, start, axpy_portable);
}

/* Lane l's columns from npivcols on moved into the dense row (the lane left zero);
 * returns the first nonzero column (ncols when none). */
static uint32_t lane_to_dense(la_matrix *M, int l)
{
    uint64_t *v = M->lanes + l, *dr = M->dense;
    uint32_t start = M->ncols;
    for (uint32_t c = M->npivcols; c < M->ncols; c++) {
        uint64_t x = v[(size_t)c * LA_LANES];
        if (x == 0)
            continue;
        v[(size_t)c * LA_LANES] = 0;
        dr[c] = x;
        if (start == M->ncols)
            start = c;
    }
    return start;
}

gbc_status la_lanes_finish(gbc_ctx *ctx, la_matrix *M, const field *F, int l,
                           gbc_arena *arena, la_row *out)
{
    return la_reduce_dense(ctx, M, F, lane_to_dense(M, l), arena, out);
}

gbc_status la_lanes_remainder(gbc_ctx *ctx, la_matrix *M, const field *F, int l,
                              gbc_arena *arena, la_row *out)
{
    return la_remainder_dense(ctx, M, F, lane_to_dense(M, l), arena, out);
}

void la_lanes_clear(la_matrix *M)
{
    if (M->lanes != NULL)
        memset(M->lanes, 0, sizeof(uint64_t) * LA_LANES * (size_t)M->ncols);
}
