/* The checks behind the fuzz_arrays and fuzz_monideal harnesses (arrays_core.c,
 * monideal_core.c), shared with the replay test t-regress so that gcc builds run
 * them too, and the deadline callback of every harness. Each decodes its input from bytes, returns 0 when the library behaved,
 * and 1 on a violated property (msg says which). */
#ifndef GBC_FUZZ_CORES_H
#define GBC_FUZZ_CORES_H

#include <stddef.h>
#include <stdint.h>

#include "common/common.h"

/* Interrupt callback of the harnesses: data points at a deadline in seconds on
 * gbc_wall_time's (monotonic) clock. */
static inline int fuzz_past_deadline(void *data)
{
    return gbc_wall_time() > *(const double *)data;
}

int arrays_check(const uint8_t *data, size_t size, char *msg, size_t msglen);
int monideal_check(const uint8_t *data, size_t size, char *msg, size_t msglen);

#endif
