/* Replays every file of tests/fuzz/regress (minimised inputs that once exposed a
 * disagreement) and of the differential seed corpus through the differential check
 * of diff_core.c, without libFuzzer: each must agree now. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_core.h"
#include "testutil.h"

static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_msg(d != NULL, "cannot open %s", dir);
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README") == 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len = 0;
        char *buf = tu_read_file(path, &len);
        ck_assert_msg(buf != NULL, "cannot read %s", path);
        char msg[512] = "";
        int r = diff_check((const uint8_t *)buf, len, msg, sizeof msg);
        ck_assert_msg(r != 1, "%s: %s", path, msg);
        free(buf);
        count++;
    }
    closedir(d);
    return count;
}

START_TEST(test_regressions)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/../fuzz/regress", getenv("GBC_TEST_DATA") ? getenv("GBC_TEST_DATA") : "tests/data");
    replay_dir(dir);
    snprintf(dir, sizeof dir, "%s/../fuzz/corpus/diff", getenv("GBC_TEST_DATA") ? getenv("GBC_TEST_DATA") : "tests/data");
    ck_assert_int_gt(replay_dir(dir), 0);
}
END_TEST

START_TEST(test_random_inputs)
{
    /* random byte strings through the same check (seeded, printed by tu_run) */
    srand((unsigned)tu_seed());
    int n = 200 * tu_mult();
    for (int i = 0; i < n; i++) {
        uint8_t buf[96];
        size_t len = 8 + (size_t)rand() % 88;
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)rand();
        char msg[512] = "";
        ck_assert_msg(diff_check(buf, len, msg, sizeof msg) != 1, "input %d: %s", i, msg);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fuzz-regress");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_regressions);
    tcase_add_test(tc, test_random_inputs);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
