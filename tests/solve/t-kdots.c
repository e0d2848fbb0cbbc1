/* tests/solve/t-kdots: the dot products modulo p of the Krylov sequence
 * (solve/kdots.c, sv_kdots and sv_kdot) against the plain definition, a running sum
 * reduced after every product, for every loop this CPU has (portable, AVX2,
 * AVX-512F): random residues and the extremes 0 and p - 1, p the largest prime
 * below 2^31 and smaller ones, lengths that are no multiple of the vector widths
 * (0 to 100, and some long ones), column counts that are no multiple of four. */
#include <stdlib.h>
#include <string.h>

#include "gbc.h"
#include "solve/solve_int.h"
#include "testutil.h"

static uint32_t plain_dot(const uint32_t *u, const uint32_t *v, size_t n, uint32_t p)
{
    uint64_t a = 0;
    for (size_t x = 0; x < n; x++)
        a = (a + (uint64_t)u[x] * v[x] % p) % p;
    return (uint32_t)a;
}

/* Residues below p: random, or (kind 1) all p - 1, or (kind 2) random with
 * zeros and p - 1 mixed in. */
static void fill(uint32_t *a, size_t n, uint32_t p, gbc_rng *r, int kind)
{
    for (size_t x = 0; x < n; x++) {
        uint64_t k = kind == 2 ? gbc_rng_below(r, 4) : 3;
        a[x] = kind == 1 || k == 0 ? p - 1 : k == 1 ? 0 : (uint32_t)gbc_rng_below(r, p);
    }
}

/* Every isa this CPU has on nc columns of length n against the definition. */
static void check_case(gbc_rng *r, uint32_t p, size_t n, size_t nc, int kind)
{
    uint32_t *u = malloc((n + 1) * sizeof *u), *m = malloc((nc * n + 1) * sizeof *m);
    const uint32_t **cols = malloc((nc + 1) * sizeof *cols);
    uint32_t *out = malloc((nc + 1) * sizeof *out), *want = malloc((nc + 1) * sizeof *want);
    T_ASSERT(u && m && cols && out && want);
    fill(u, n, p, r, kind);
    fill(m, nc * n, p, r, kind);
    for (size_t c = 0; c < nc; c++) {
        cols[c] = m + c * n;
        want[c] = plain_dot(u, cols[c], n, p);
    }
    int best = sv_kdot_isa();
    for (int isa = SV_KD_PORTABLE; isa <= best; isa++) {
        if (isa == SV_KD_AVX512 && best != SV_KD_AVX512)
            continue;
        memset(out, 0xff, (nc + 1) * sizeof *out);
        sv_kdots(out, u, cols, nc, n, p, isa);
        for (size_t c = 0; c < nc; c++)
            T_ASSERT_MSG(out[c] == want[c], "isa %d p %u n %zu nc %zu kind %d column %zu: %u, "
                         "expected %u", isa, p, n, nc, kind, c, out[c], want[c]);
        if (nc > 0)
            T_ASSERT(sv_kdot(u, cols[0], n, p, isa) == want[0]);
    }
    free(u);
    free(m);
    free(cols);
    free(out);
    free(want);
}

START_TEST(test_kdots_small)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    static const uint32_t primes[] = {2147483647u, 2147483629u, 65521u, 3u};
    for (size_t q = 0; q < sizeof primes / sizeof *primes; q++)
        for (size_t n = 0; n <= 100; n++)
            for (int kind = 0; kind < 3; kind++)
                check_case(&r, primes[q], n, 1 + gbc_rng_below(&r, 9), kind);
}
END_TEST

START_TEST(test_kdots_long)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    static const size_t lens[] = {717, 1000, 4099, 65537};
    for (size_t l = 0; l < sizeof lens / sizeof *lens; l++)
        for (int kind = 0; kind < 3; kind++)
            check_case(&r, 2147483647u, lens[l], l == 3 ? 5 : 7, kind);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("kdots");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_kdots_small);
    tcase_add_test(tc, test_kdots_long);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
