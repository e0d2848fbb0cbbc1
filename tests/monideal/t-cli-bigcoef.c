/* The gbc tool on the ideal of all x_i x_j (i < j) in 64 variables, whose Hilbert
 * numerator has coefficients beyond int64: degree and dim answer (64 and 1, from
 * R/I's basis 1, x_i^k), hilbert refuses with an overflow that names
 * coefficients, not with a wrong number. */
#include "system/clitest.h"

static int run(const char *cmd, const char *file)
{
    char *argv[] = {NULL, (char *)cmd, (char *)file, NULL};
    int in = open("/dev/null", O_RDONLY);
    ck_assert(in >= 0);
    double t0 = now(), secs;
    int rc = finish(start(argv, in), t0, 300, &secs);
    close(in);
    return rc;
}

START_TEST(test_quadrics_64)
{
    ct_dir_make("bigcoef");
    const uint32_t n = 64;
    FILE *f = fopen(path("q.txt"), "w");
    ck_assert_ptr_nonnull(f);
    for (uint32_t i = 1; i <= n; i++)
        fprintf(f, "%sx%u", i > 1 ? "," : "", i);
    fprintf(f, "\n0\n");
    int first = 1;
    for (uint32_t i = 1; i <= n; i++)
        for (uint32_t j = i + 1; j <= n; j++) {
            fprintf(f, "%sx%u*x%u", first ? "" : ",\n", i, j);
            first = 0;
        }
    fprintf(f, "\n");
    fclose(f);
    char q[512]; /* path() hands out rotating buffers: keep a copy */
    snprintf(q, sizeof q, "%s", path("q.txt"));

    ck_assert_int_eq(run("degree", q), 0);
    char *out = tu_read_file(path("out.txt"), NULL);
    ck_assert_ptr_nonnull(out);
    ck_assert_str_eq(out, "64\n");
    free(out);

    ck_assert_int_eq(run("dim", q), 0);
    out = tu_read_file(path("out.txt"), NULL);
    ck_assert_ptr_nonnull(out);
    ck_assert_str_eq(out, "1\n");
    free(out);

    ck_assert_int_eq(run("hilbert", q), 3);
    char *err = err_text();
    ck_assert_msg(strstr(err, "coefficient") != NULL, "stderr: %s", err);
    free(err);
    ct_dir_remove();
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("cli-bigcoef");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_quadrics_64);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
