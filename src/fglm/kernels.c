/* fglm/kernels: the inner loops of the change of order, each compiled twice on
 * x86-64 with gcc (for AVX2 and for the baseline, chosen at load time through
 * target_clones), because the delayed reduction needs 64-bit compares that the
 * baseline lacks. Running sums stay below p^2 < 2^62 (fg_acc), so a sum plus a
 * product stays below 2^63 and signed vector compares are exact. */
#include "fglm/fglm_int.h"

/* Not under ThreadSanitizer: the clones' resolver runs at load time, before TSan's
 * runtime is set up, and crashes the program. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(__SANITIZE_THREAD__)
#define FG_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define FG_CLONES
#endif

FG_CLONES
void fg_axpy(uint64_t *acc, uint64_t c, const uint32_t *w, uint32_t n, uint64_t p2, int lazy)
{
    if (lazy) {
        for (uint32_t x = 0; x < n; x++)
            acc[x] += c * w[x];
    } else {
        for (uint32_t x = 0; x < n; x++) {
            uint64_t a = acc[x] + c * w[x];
            acc[x] = a >= p2 ? a - p2 : a;
        }
    }
}

FG_CLONES
uint64_t fg_dot(const uint32_t *u, const uint32_t *v, uint32_t n, uint64_t p2, int lazy)
{
    if (lazy) {
        uint64_t a = 0;
        for (uint32_t x = 0; x < n; x++)
            a += (uint64_t)u[x] * v[x];
        return a;
    }
    /* eight independent lanes, each kept below p^2 */
    uint64_t l[8] = {0};
    uint32_t x = 0;
    for (; x + 8 <= n; x += 8)
        for (int j = 0; j < 8; j++) {
            uint64_t a = l[j] + (uint64_t)u[x + j] * v[x + j];
            l[j] = a >= p2 ? a - p2 : a;
        }
    uint64_t a = 0;
    for (; x < n; x++)
        a = fg_acc(a, (uint64_t)u[x] * v[x], p2);
    for (int j = 0; j < 8; j++)
        a = fg_acc(a, l[j], p2);
    return a;
}
