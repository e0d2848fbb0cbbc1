/* Shared helpers for the Check test programs: seeds (printed, overridable with
 * GBC_TEST_SEED), the randomised-test multiplier GBC_TEST_MULT, and a main() helper
 * that runs one suite. */
#ifndef GBC_TESTUTIL_H
#define GBC_TESTUTIL_H

#include <check.h>
#include <stdint.h>

/* The seed for this test program: GBC_TEST_SEED if set, else from the clock. The
 * seed is printed once so that a failure can be replayed. */
uint64_t tu_seed(void);
/* Scale for randomised test sizes: GBC_TEST_MULT (default 1). */
int tu_mult(void);
/* Run suite s with Check, print the seed, return the process exit status. */
int tu_run(Suite *s);
/* Read a whole file into a malloc'd NUL-terminated buffer (NULL on failure). */
char *tu_read_file(const char *path, size_t *len);
/* Path of a file under tests/data (static buffer). */
const char *tu_data_path(const char *name);

#endif
