/* The differential check of tests/fuzz (see diff_core.c). */
#ifndef GBC_DIFF_CORE_H
#define GBC_DIFF_CORE_H

#include <stddef.h>
#include <stdint.h>

int diff_check(const uint8_t *data, size_t size, char *msg, size_t msglen);

#endif
