/* Shared helpers for the Check test programs: seeds (printed, overridable with
 * GBC_TEST_SEED), the randomised-test multiplier GBC_TEST_MULT, and a main() helper
 * that runs one suite. */
#ifndef GBC_TESTUTIL_H
#define GBC_TESTUTIL_H

#include <check.h>
#include <gmp.h>
#include <stddef.h>
#include <stdint.h>

#include "common/common.h"

/* ck_assert records a checkpoint (a write to a pipe) on every call, which dominates
 * hot loops; these cost nothing unless they fail. */
#define T_ASSERT(c)                                                            \
    do {                                                                       \
        if (!(c))                                                              \
            ck_abort_msg("line %d: assertion '%s' failed", __LINE__, #c);      \
    } while (0)
#define T_ASSERT_MSG(c, ...)                                                   \
    do {                                                                       \
        if (!(c))                                                              \
            ck_abort_msg(__VA_ARGS__);                                         \
    } while (0)

/* The context of a unit test's allocations (the library polls it, so it is never
 * NULL): tu_ctx_setup, as a checked fixture, initialises it before each test and
 * tu_ctx_teardown asserts that the test gave every byte back. */
extern gbc_ctx tu_ctx;
#define TU_CTX (&tu_ctx)
void tu_ctx_setup(void);
void tu_ctx_teardown(void);

/* The seed for this test program: GBC_TEST_SEED if set, else from the clock. The
 * seed is printed once so that a failure can be replayed. */
uint64_t tu_seed(void);
/* Scale for randomised test sizes: GBC_TEST_MULT (default 1). */
int tu_mult(void);
/* The number of trials of a heavy randomised loop that runs k by default: k times
 * GBC_TEST_MULT, or one with GBC_TEST_LIGHT set (the sanitizer presets set it: under
 * ThreadSanitizer such a loop runs 10-30 times slower, and one trial a run, with a
 * new seed each run, still walks every path). */
int tu_trials(int k);
/* Run suite s with Check, print the seed, return the process exit status. */
int tu_run(Suite *s);
/* Read a whole file into a malloc'd NUL-terminated buffer (NULL on failure). */
char *tu_read_file(const char *path, size_t *len);
/* Path of a file under tests/data (static buffer). */
const char *tu_data_path(const char *name);

/* A growable NUL-terminated string: random inputs are written as text, which is
 * also the reproducer printed when a case fails. Allocation failures abort the
 * test. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;
void sb_init(sbuf *b);
void sb_putn(sbuf *b, const char *s, size_t n);
void sb_puts(sbuf *b, const char *s);
void sb_printf(sbuf *b, const char *fmt, ...) GBC_PRINTF(2, 3);
void sb_free(sbuf *b);

/* A random term order for nvars variables, written into spec (len bytes). kind:
 * 0 grevlex, 1 lex, 2 deglex, 3 weights (1..5), 4 blocks (2 or 3 blocks of random
 * kinds; one block when nvars is 1; a third of the time, up to 8 variables, a
 * matrix order: maybe a weight row with zeros first, some blocks wgrevlex). */
void tu_random_order(char *spec, size_t len, gbc_rng *r, uint32_t nvars, int kind);

/* katsura in nvars variables x0..x{nvars-1} (Singular's katsura(nvars - 1), the
 * benchmarks' katsura-(nvars-1)) or cyclic-nvars: the generators as text, one a
 * line (tu_system_gens), or a whole input with the header for characteristic p
 * (tu_system_text). malloc'd; free() them. */
char *tu_system_gens(const char *family, int nvars);
char *tu_system_text(const char *family, int nvars, uint32_t p);

/* Interval arithmetic over Q for the solver's tests: [lo, hi] <- [lo, hi] [a, b]
 * (a <= b, lo <= hi; the product's exact range). */
void tu_mpq_interval_mul(mpq_t lo, mpq_t hi, const mpq_t a, const mpq_t b);

#endif
