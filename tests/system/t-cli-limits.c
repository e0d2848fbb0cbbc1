/* The gbc tool's resource bounds: --memory-limit and --timeout stop a run that would
 * exceed them with exit status 3, a message naming the limit on stderr and nothing on
 * stdout; within the bounds the result is the same as without them; malformed values
 * are usage errors (exit 2). Runs GBC_BIN through the shell, output to files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clitest.h"

static void setup(void)
{
    ct_dir_make("t-cli-limits");
}

static void teardown(void)
{
    ct_dir_remove();
}

static void write_text(const char *name, const char *text)
{
    FILE *f = fopen(path(name), "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(fputs(text, f), 0);
    ck_assert_int_eq(fclose(f), 0);
}

static char *read_text(const char *name)
{
    char *s = tu_read_file(path(name), NULL);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Run gbc with the options on in.txt, stdout to out (a file name), stderr to
 * err.txt; return the exit status. */
static int gbc(const char *options, const char *out)
{
    const char *b = getenv("GBC_BIN");
    ck_assert_msg(b != NULL && access(b, X_OK) == 0, "GBC_BIN must name the gbc tool");
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' %s '%s' > '%s' 2> '%s'", b, options, path("in.txt"),
             path(out), path("err.txt"));
    int st = system(cmd);
    ck_assert_msg(st != -1 && WIFEXITED(st), "gbc did not exit normally: %s", cmd);
    return WEXITSTATUS(st);
}

/* gbc as above, inside a subshell that first runs prefix (a ulimit). */
static int gbc_under(const char *prefix, const char *options, const char *out)
{
    const char *b = getenv("GBC_BIN");
    ck_assert_msg(b != NULL && access(b, X_OK) == 0, "GBC_BIN must name the gbc tool");
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "(%s; '%s' %s '%s' > '%s' 2> '%s')", prefix, b, options,
             path("in.txt"), path(out), path("err.txt"));
    int st = system(cmd);
    ck_assert_msg(st != -1 && WIFEXITED(st), "the shell did not exit normally: %s", cmd);
    return WEXITSTATUS(st);
}

/* A run stopped by a limit: exit 3, nothing on stdout, what on stderr. */
static void expect_stopped(const char *options, const char *what)
{
    ck_assert_int_eq(gbc(options, "out.txt"), 3);
    char *out = read_text("out.txt"), *err = read_text("err.txt");
    ck_assert_str_eq(out, "");
    ck_assert_msg(strstr(err, what) != NULL, "gbc %s: stderr lacks '%s': %s", options, what,
                  err);
    free(out);
    free(err);
}

/* katsura-11 modulo 65521: seconds of work and tens of megabytes. */
static void write_long_input(void)
{
    char text[4096];
    size_t l = (size_t)snprintf(text, sizeof text, "x0");
    for (int i = 1; i <= 11; i++)
        l += (size_t)snprintf(text + l, sizeof text - l, ",x%d", i);
    l += (size_t)snprintf(text + l, sizeof text - l, "\n65521\n");
    /* x0 + 2 x1 + ... + 2 x11 - 1 and sum_j x_|j| x_|i-j| - x_i for i < 11 */
    l += (size_t)snprintf(text + l, sizeof text - l, "x0");
    for (int i = 1; i <= 11; i++)
        l += (size_t)snprintf(text + l, sizeof text - l, "+2*x%d", i);
    l += (size_t)snprintf(text + l, sizeof text - l, "-1");
    for (int i = 0; i < 11; i++) {
        l += (size_t)snprintf(text + l, sizeof text - l, ",\n");
        for (int j = -11; j <= 11; j++) {
            int a = j < 0 ? -j : j, b = i - j < 0 ? j - i : i - j;
            if (b > 11)
                continue;
            l += (size_t)snprintf(text + l, sizeof text - l, "+x%d*x%d", a, b);
        }
        l += (size_t)snprintf(text + l, sizeof text - l, "-x%d", i);
    }
    snprintf(text + l, sizeof text - l, "\n");
    write_text("in.txt", text);
}

START_TEST(test_timeout_stops)
{
    write_long_input();
    expect_stopped("--timeout 0.2", "the time limit of 0.2 s was reached");
    expect_stopped("--timeout=0.05 --algorithm buchberger", "time limit");
}
END_TEST

START_TEST(test_memory_limit_stops)
{
    write_long_input();
    expect_stopped("--memory-limit 2M", "the memory limit of 2097152 bytes was reached");
    expect_stopped("--memory-limit=64K --algorithm buchberger", "memory limit");
    /* the parser honours it too: a power of a sum with millions of terms */
    write_text("in.txt", "x,y,z\n0\n(x+y+z+1)^400\n");
    expect_stopped("--memory-limit 8M", "memory limit");
}
END_TEST

/* Eight dense quadrics in seven variables modulo 32003 (coefficients from a
 * fixed linear congruential sequence): a free resolution of seconds of work
 * (seven would be a regular sequence, whose Betti numbers come at once). */
static void write_quadrics(void)
{
    char text[16384];
    size_t l = (size_t)snprintf(text, sizeof text, "a,b,c,d,e,f,g\n32003\n");
    uint32_t r = 12345;
    for (int q = 0; q < 8; q++) {
        l += (size_t)snprintf(text + l, sizeof text - l, "%s", q ? ",\n" : "");
        for (int i = 0; i < 7; i++)
            for (int j = i; j < 7; j++) {
                r = r * 1103515245u + 12345u;
                l += (size_t)snprintf(text + l, sizeof text - l, "+%u*%c*%c",
                                      1 + (r >> 8) % 32002, 'a' + i, 'a' + j);
            }
    }
    ck_assert_uint_lt(l + 2, sizeof text);
    snprintf(text + l, sizeof text - l, "\n");
    write_text("in.txt", text);
}

/* The limits stop the module commands and kbase as they stop gb. */
START_TEST(test_other_commands_stop)
{
    write_quadrics();
    expect_stopped("res --timeout 0.2", "time limit");
    expect_stopped("res --memory-limit 2M", "memory limit");
    expect_stopped("syz --memory-limit 2M", "memory limit");
    expect_stopped("regularity --timeout 0.2", "time limit");
    write_long_input();
    expect_stopped("kbase --timeout 0.2", "time limit");
    expect_stopped("kbase --matrices --memory-limit 2M", "memory limit");
}
END_TEST

/* The product of two sums of 150 terms with 168,000-bit coefficients: 22,500 terms
 * of 42 KB, about 950 MB of GMP's memory (the old parser counted 360 KB of it). */
static void write_big_coefficients(void)
{
    char *text = malloc(16384);
    ck_assert_ptr_nonnull(text);
    size_t l = (size_t)snprintf(text, 16384, "x,y\n0\n(");
    for (int v = 0; v < 2; v++) {
        for (int i = 1; i <= 150; i++)
            l += (size_t)snprintf(text + l, 16384 - l, "%s7^60000*%c^%d", i > 1 ? "+" : "",
                                  v ? 'y' : 'x', i);
        l += (size_t)snprintf(text + l, 16384 - l, v ? ")\n" : ")*(");
    }
    ck_assert_uint_lt(l, 16384);
    write_text("in.txt", text);
    free(text);
}

/* The GMP cases below are bounded by CPU time (ulimit -t), not by --timeout:
 * they need 3-10 s of CPU, which took over 60 s of wall time on a loaded machine. A
 * run that the memory bounds failed to stop is killed by the kernel and its status
 * (128 + the signal) fails the assertions, as a time-limit status would have. */
#define GMP_CPU_BOUND "ulimit -t 200"

START_TEST(test_gmp_under_rlimit)
{
    /* GMP aborts the process when its allocator fails: under an address-space
     * limit the machine's ceiling (derived from RLIMIT_AS) stops the run first */
    write_text("in.txt", "x\n0\nx\n");
    if (gbc_under("ulimit -v 1000000", "", "out.txt") != 0) {
        fprintf(stderr, "skipped: gbc does not run under ulimit -v (a sanitizer build)\n");
        return;
    }
    write_big_coefficients();
    int st = gbc_under("ulimit -v 1000000; " GMP_CPU_BOUND, "", "out.txt");
    char *err = read_text("err.txt");
    ck_assert_msg(st == 3 && strstr(err, "out of memory") != NULL, "status %d: %s", st, err);
    ck_assert_msg(strstr(err, ":3:") != NULL, "no position in the product: %s", err);
    free(err);
}
END_TEST

START_TEST(test_gmp_memory_limit)
{
    /* GMP's memory counts against the limit: stopped by it, not by the timeout */
    write_big_coefficients();
    int st = gbc_under(GMP_CPU_BOUND, "--memory-limit 200M", "out.txt");
    char *out = read_text("out.txt"), *err = read_text("err.txt");
    ck_assert_msg(st == 3 && strstr(err, "the memory limit of 209715200 bytes") != NULL,
                  "status %d: %s", st, err);
    ck_assert_str_eq(out, "");
    free(out);
    free(err);
}
END_TEST

START_TEST(test_product_within_limit)
{
    /* a product of two sums of 3060 terms (9.4 million term products) in memory
     * proportional to its 20475 terms; the same polynomial as the power of the
     * product, which the parser expands by merges instead */
    write_text("in.txt", "x,y,z,w\n32003\n(x+y+z+w+1)^14*(x-y+2*z-w+3)^14\n");
    ck_assert_int_eq(gbc("--memory-limit 64M", "out.txt"), 0);
    write_text("in.txt", "x,y,z,w\n32003\n((x+y+z+w+1)*(x-y+2*z-w+3))^14\n");
    ck_assert_int_eq(gbc("", "ref.txt"), 0);
    char *ref = read_text("ref.txt"), *out = read_text("out.txt");
    ck_assert_uint_gt(strlen(out), 1000);
    ck_assert_str_eq(out, ref);
    free(ref);
    free(out);
    /* over Q */
    write_text("in.txt", "x,y,z,w\n0\n(x+y+z+w+1)^10*(x-y+2*z-w+3)^10\n");
    ck_assert_int_eq(gbc("--memory-limit 64M", "out.txt"), 0);
    write_text("in.txt", "x,y,z,w\n0\n((x+y+z+w+1)*(x-y+2*z-w+3))^10\n");
    ck_assert_int_eq(gbc("", "ref.txt"), 0);
    ref = read_text("ref.txt");
    out = read_text("out.txt");
    ck_assert_uint_gt(strlen(out), 1000);
    ck_assert_str_eq(out, ref);
    free(ref);
    free(out);
}
END_TEST

/* A product of two sums of 70,000 terms, x + ... + x^70000 times y + ... + y^70000:
 * 4.9 * 10^9 distinct terms, more than the 2^32 - 1 a polynomial may have, and far
 * more than memory holds. Without --memory-limit (the case: it was reported
 * as "the memory limit of 0 bytes was reached", without a position) the run stops
 * at the machine's ceiling, here 3/4 of an address-space limit of 400 MB: exit 3,
 * "out of memory" at the product's second factor, nothing on stdout. Returns the
 * column of that factor. */
static size_t write_huge_product(void)
{
    size_t cap = 2u << 20, l = 0, col = 0;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    l += (size_t)snprintf(text + l, cap - l, "x,y\n32003\n(");
    size_t line = l - 1; /* the offset of line 3's first byte, the first '(' */
    for (int v = 0; v < 2; v++) {
        for (int i = 1; i <= 70000; i++)
            l += (size_t)snprintf(text + l, cap - l, "%s%c^%d", i > 1 ? "+" : "",
                                  v ? 'y' : 'x', i);
        l += (size_t)snprintf(text + l, cap - l, v ? ")\n" : ")*(");
        if (v == 0)
            col = l - line; /* 1-based column of the second factor's '(' */
    }
    ck_assert_uint_lt(l, cap);
    write_text("in.txt", text);
    free(text);
    return col;
}

START_TEST(test_product_beyond_term_bound)
{
    write_text("in.txt", "x\n0\nx\n");
    if (gbc_under("ulimit -v 400000", "", "out.txt") != 0) {
        fprintf(stderr, "skipped: gbc does not run under ulimit -v (a sanitizer build)\n");
        return;
    }
    size_t col = write_huge_product();
    int st = gbc_under("ulimit -v 400000; ulimit -t 200", "", "out.txt");
    char *out = read_text("out.txt"), *err = read_text("err.txt");
    char where[64];
    snprintf(where, sizeof where, "in.txt:3:%zu: error: out of memory", col);
    ck_assert_msg(st == 3 && strstr(err, where) != NULL, "status %d, expected '%s': %s", st,
                  where, err);
    ck_assert_msg(strstr(err, "memory limit") == NULL, "no limit was given: %s", err);
    ck_assert_str_eq(out, "");
    free(out);
    free(err);
}
END_TEST

/* The cliff: x^100000 - y, y^2 - x in lex (a quotient of dimension 200000,
 * 100000 degrees for the homogenised paths) took 2.7 GB and more than 30 s; the
 * order itself needs one S-polynomial. Its lex basis is known: x - y^2 and, since
 * x = y^2 there, y^(2e) - y; with z, x^e - y z gives y^(2e) - y z (leading
 * monomials x and y^(2e), coprime). Bounded by CPU time so that a return of the
 * cliff fails the test instead of hanging it. */
START_TEST(test_lex_high_degree)
{
    static const char *const chars[] = {"32003", "0"};
    for (int c = 0; c < 2; c++) {
        const int q = c == 1;
        char in[128], want[128];
        snprintf(in, sizeof in, "x,y\n%s\nx^100000-y,\ny^2-x\n", chars[c]);
        snprintf(want, sizeof want, "x,y\n%s\ny^200000%sy,\nx%sy^2\n", chars[c],
                 q ? "-" : "+32002*", q ? "-" : "+32002*");
        write_text("in.txt", in);
        int st = gbc_under("ulimit -t 60", "--order lex --memory-limit 400M", "out.txt");
        char *out = read_text("out.txt"), *err = read_text("err.txt");
        ck_assert_msg(st == 0, "%s: status %d: %s", chars[c], st, err);
        ck_assert_str_eq(out, want);
        free(out);
        free(err);
        snprintf(in, sizeof in, "x,y,z\n%s\nx^100000-y*z,\ny^2-x\n", chars[c]);
        snprintf(want, sizeof want, "x,y,z\n%s\ny^200000%sy*z,\nx%sy^2\n", chars[c],
                 q ? "-" : "+32002*", q ? "-" : "+32002*");
        write_text("in.txt", in);
        st = gbc_under("ulimit -t 60", "--order lex --memory-limit 400M", "out.txt");
        out = read_text("out.txt");
        err = read_text("err.txt");
        ck_assert_msg(st == 0, "%s, dimension 1: status %d: %s", chars[c], st, err);
        ck_assert_str_eq(out, want);
        free(out);
        free(err);
    }
    /* smaller: the same basis by every path (FGLM and Hilbert-driven are still
     * cheap at degree 40) */
    write_text("in.txt", "x,y\n32003\nx^40-y,\ny^2-x+1\n");
    ck_assert_int_eq(gbc("--order lex", "ref.txt"), 0);
    char *ref = read_text("ref.txt");
    static const char *const paths[] = {"--order lex --order-path fglm",
                                        "--order lex --order-path hilbert",
                                        "--order lex --order-path direct",
                                        "--order lex --algorithm buchberger"};
    for (int k = 0; k < 4; k++) {
        ck_assert_int_eq(gbc(paths[k], "out.txt"), 0);
        char *out = read_text("out.txt");
        ck_assert_msg(strcmp(out, ref) == 0, "%s:\n%s\nauto:\n%s", paths[k], out, ref);
        free(out);
    }
    free(ref);
}
END_TEST

START_TEST(test_within_limits_same_result)
{
    write_text("in.txt", "x,y,z\n0\nx^2+y*z-1, y^2-x*z+2, z^2+x*y-3\n");
    ck_assert_int_eq(gbc("", "ref.txt"), 0);
    ck_assert_int_eq(gbc("--memory-limit 1G --timeout 600", "out.txt"), 0);
    char *ref = read_text("ref.txt"), *out = read_text("out.txt");
    ck_assert_str_eq(out, ref);
    ck_assert_uint_gt(strlen(out), 0);
    free(ref);
    free(out);
}
END_TEST

/* What the threads reserve is not what a run needs: katsura-8 over Q completes
 * under 20 MB with 16 threads as with one (fewer primes at once), and two
 * binomials in 10^5 variables under 200 MB (the monomial table's rows were
 * allocated for 1024 monomials of 10^5 exponents each: 1.2 GB charged). */
START_TEST(test_limits_independent_of_threads)
{
    write_text("in.txt",
               "x0,x1,x2,x3,x4,x5,x6,x7,x8\n0\n"
               "x0+2*x1+2*x2+2*x3+2*x4+2*x5+2*x6+2*x7+2*x8-1,"
               "x0^2+2*x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2+2*x6^2+2*x7^2+2*x8^2-x0,"
               "2*x0*x1+2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5+2*x5*x6+2*x6*x7+2*x7*x8-x1,"
               "x1^2+2*x0*x2+2*x1*x3+2*x2*x4+2*x3*x5+2*x4*x6+2*x5*x7+2*x6*x8-x2,"
               "2*x1*x2+2*x0*x3+2*x1*x4+2*x2*x5+2*x3*x6+2*x4*x7+2*x5*x8-x3,"
               "x2^2+2*x1*x3+2*x0*x4+2*x1*x5+2*x2*x6+2*x3*x7+2*x4*x8-x4,"
               "2*x2*x3+2*x1*x4+2*x0*x5+2*x1*x6+2*x2*x7+2*x3*x8-x5,"
               "x3^2+2*x2*x4+2*x1*x5+2*x0*x6+2*x1*x7+2*x2*x8-x6,"
               "2*x3*x4+2*x2*x5+2*x1*x6+2*x0*x7+2*x1*x8-x7\n");
    ck_assert_int_eq(gbc("--memory-limit 20M -t 1", "ref.txt"), 0);
    static const char *const threads[] = {"--memory-limit 20M -t 2",
                                          "--memory-limit 20M -t 16"};
    for (int i = 0; i < 2; i++) {
        ck_assert_msg(gbc(threads[i], "out.txt") == 0, "%s: %s", threads[i],
                      read_text("err.txt"));
        char *ref = read_text("ref.txt"), *out = read_text("out.txt");
        ck_assert_str_eq(out, ref);
        free(ref);
        free(out);
    }
    /* two binomials in 10^5 variables */
    FILE *f = fopen(path("in.txt"), "w");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < 100000; i++)
        fprintf(f, i ? ",x%d" : "x%d", i);
    fprintf(f, "\n32003\nx0*x99999-x1, x2^2-x99998\n");
    ck_assert_int_eq(fclose(f), 0);
    for (int t = 0; t < 2; t++) {
        ck_assert_msg(gbc(t ? "--memory-limit 200M -t 16" : "--memory-limit 200M", "out.txt") ==
                          0,
                      "%s", read_text("err.txt"));
        char *out = read_text("out.txt");
        ck_assert_ptr_nonnull(strstr(out, "x0*x99999+32002*x1"));
        free(out);
    }
}
END_TEST

START_TEST(test_bad_values)
{
    write_text("in.txt", "x\n0\nx\n");
    static const char *bad[] = {"--memory-limit 0",   "--memory-limit -5",
                                "--memory-limit 5X",  "--memory-limit 99999999999999999999",
                                "--memory-limit",     "--timeout 0",
                                "--timeout -1",       "--timeout abc",
                                "--timeout 1e300",    "--timeout"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(gbc(bad[i], "out.txt") == 2, "gbc %s should be a usage error", bad[i]);
        char *err = read_text("err.txt");
        ck_assert_msg(strstr(err, "gbc --help") != NULL || strstr(err, "needs") != NULL,
                      "gbc %s: %s", bad[i], err);
        free(err);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli-limits");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_timeout_stops);
    tcase_add_test(tc, test_memory_limit_stops);
    tcase_add_test(tc, test_other_commands_stop);
    tcase_add_test(tc, test_within_limits_same_result);
    tcase_add_test(tc, test_bad_values);
    tcase_add_test(tc, test_limits_independent_of_threads);
    tcase_add_test(tc, test_product_within_limit);
    tcase_add_test(tc, test_lex_high_degree);
    suite_add_tcase(s, tc);
    /* bounded by CPU time; the wall-clock timeout is only a backstop on a loaded machine */
    tc = tcase_create("gmp");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_gmp_under_rlimit);
    tcase_add_test(tc, test_gmp_memory_limit);
    tcase_add_test(tc, test_product_beyond_term_bound);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
