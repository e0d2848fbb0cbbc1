/* Replays every file of tests/fuzz/regress (minimised inputs that once exposed a
 * bug) and of the seed corpora of the diff, arrays and monideal harnesses through
 * their checks (diff_core.c, arrays_core.c, monideal_core.c), without libFuzzer, so
 * that every build runs them: each must pass now. A regression file named
 * arrays-* or monideal-* goes to that check, any other to the differential one. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "diff_core.h"
#include "fuzz_cores.h"
#include "testutil.h"

typedef int (*check_fn)(const uint8_t *, size_t, char *, size_t);

/* The check for a file of tests/fuzz/regress, by its name's prefix. */
static check_fn check_for(const char *name)
{
    if (strncmp(name, "arrays-", 7) == 0)
        return arrays_check;
    if (strncmp(name, "monideal-", 9) == 0)
        return monideal_check;
    return diff_check;
}

/* Replay every file of dir through fn (NULL: chosen by name); the number replayed. */
static int replay_dir(const char *dir, check_fn fn)
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
        int r = (fn ? fn : check_for(e->d_name))((const uint8_t *)buf, len, msg, sizeof msg);
        ck_assert_msg(r != 1, "%s: %s", path, msg);
        free(buf);
        count++;
    }
    closedir(d);
    return count;
}

START_TEST(test_regressions)
{
    const char *data = getenv("GBC_TEST_DATA") ? getenv("GBC_TEST_DATA") : "tests/data";
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/../fuzz/regress", data);
    replay_dir(dir, NULL);
    static const char *const corpora[] = {"diff", "arrays", "monideal"};
    const check_fn fns[] = {diff_check, arrays_check, monideal_check};
    for (int k = 0; k < 3; k++) {
        snprintf(dir, sizeof dir, "%s/../fuzz/corpus/%s", data, corpora[k]);
        ck_assert_int_gt(replay_dir(dir, fns[k]), 0);
    }
}
END_TEST

START_TEST(test_random_inputs)
{
    /* random byte strings through the same checks (seeded, printed by tu_run) */
    srand((unsigned)tu_seed());
    const check_fn fns[] = {diff_check, arrays_check, monideal_check};
    const char *const what[] = {"diff", "arrays", "monideal"};
    int n = 200 * tu_mult();
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < n; i++) {
            uint8_t buf[160];
            size_t len = 8 + (size_t)rand() % 152;
            for (size_t j = 0; j < len; j++)
                buf[j] = (uint8_t)rand();
            char msg[512] = "";
            ck_assert_msg(fns[k](buf, len, msg, sizeof msg) != 1, "%s input %d: %s", what[k],
                          i, msg);
        }
}
END_TEST

/* gbc_groebner with its n-th allocation failing, for every n until it succeeds, in
 * graded and lex orders (the lex path homogenises and interreduces at the end), over
 * Z/p and Q, with F4 and Buchberger: every failure is GBC_ERR_NOMEM with no output,
 * and nothing leaks (LeakSanitizer checks that in the asan build). fuzz_arrays found
 * partial bases left behind when the final interreduction stopped early. */
START_TEST(test_groebner_failing_allocations)
{
    static const char *const texts[] = {"x,y,z\n32003\nx^2+y*z-1, x*y+z^2-2, x+y+z-3\n",
                                        "x,y,z\n0\nx^2+y*z-1/2, x*y+z^2-2, x+y+3*z-3\n"};
    static const char *const orders[] = {"grevlex", "lex"};
    static const gbc_algorithm algos[] = {GBC_ALGO_F4, GBC_ALGO_BUCHBERGER};
    for (int t = 0; t < 2; t++)
        for (int o = 0; o < 2; o++)
            for (int a = 0; a < 2; a++) {
                gbc_ring *R = NULL;
                gbc_polys *F = NULL;
                ck_assert_int_eq(gbc_parse(&R, &F, texts[t], strlen(texts[t]), orders[o], NULL,
                                           NULL),
                                 GBC_OK);
                uint64_t n = 1;
                for (;; n++) {
                    gbc_options *opts = NULL;
                    ck_assert_int_eq(gbc_options_new(&opts), GBC_OK);
                    gbc_options_set_algorithm(opts, algos[a]);
                    api_options_set_fail_alloc(opts, n);
                    gbc_polys *G = NULL;
                    gbc_status st = gbc_groebner(&G, F, opts, NULL);
                    gbc_options_free(opts);
                    if (st == GBC_OK) {
                        gbc_polys_free(G);
                        break;
                    }
                    ck_assert_msg(st == GBC_ERR_NOMEM && G == NULL,
                                  "text %d order %s algorithm %d: allocation %llu failing gave "
                                  "status %d",
                                  t, orders[o], (int)algos[a], (unsigned long long)n, (int)st);
                    ck_assert_uint_lt(n, 1000000);
                }
                gbc_polys_free(F);
                gbc_ring_free(R);
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
    tcase_add_test(tc, test_groebner_failing_allocations);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
