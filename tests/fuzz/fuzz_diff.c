/* libFuzzer harness: differential testing of Buchberger, F4 and the modular path on
 * small random ideals (the decoding and the checks are in diff_core.c). A
 * disagreement aborts; libFuzzer then minimises the input (-minimize_crash=1), and
 * the minimised file goes to tests/fuzz/regress/, which t-regress replays. */
#include <stdio.h>
#include <stdlib.h>

#include "diff_core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char msg[512] = "";
    if (diff_check(data, size, msg, sizeof msg) == 1) {
        fprintf(stderr, "gbc differential check failed: %s\n", msg);
        abort();
    }
    return 0;
}
