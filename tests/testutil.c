/* Shared helpers for the Check test programs. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t tu_seed_value;
static int tu_seed_set;

uint64_t tu_seed(void)
{
    if (!tu_seed_set) {
        const char *s = getenv("GBC_TEST_SEED");
        tu_seed_value = s ? strtoull(s, NULL, 0) : (uint64_t)time(NULL);
        tu_seed_set = 1;
    }
    return tu_seed_value;
}

int tu_mult(void)
{
    const char *s = getenv("GBC_TEST_MULT");
    int m = s ? atoi(s) : 1;
    return m < 1 ? 1 : m;
}

int tu_run(Suite *s)
{
    uint64_t seed = tu_seed();
    printf("seed: %llu (rerun with GBC_TEST_SEED=%llu)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    fflush(stdout);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    if (failed)
        printf("FAILED with seed %llu\n", (unsigned long long)seed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

char *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *nb = realloc(buf, 2 * cap + 1);
            if (nb == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf == NULL)
        return NULL;
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

const char *tu_data_path(const char *name)
{
    static char path[4096];
    const char *dir = getenv("GBC_TEST_DATA");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", name);
    return path;
}
