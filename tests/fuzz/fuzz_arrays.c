/* libFuzzer harness: the arrays check of arrays_core.c (decoding and properties are
 * there, shared with the replay test t-regress). A violated property aborts, so
 * that libFuzzer keeps and can minimise the input; minimised failures go to
 * tests/fuzz/regress/arrays-*, which t-regress replays. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_cores.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char msg[512] = "";
    if (arrays_check(data, size, msg, sizeof msg) == 1) {
        fprintf(stderr, "gbc arrays check failed: %s\n", msg);
        abort();
    }
    return 0;
}
