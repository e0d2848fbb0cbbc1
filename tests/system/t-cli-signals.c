/* The gbc tool under SIGINT and SIGTERM, and two argument/message points: a signal
 * stops a long run with exit status 3 (an interrupted run), says so on stderr and
 * leaves the -o file as it was, with no temporary file beside it; '--' ends the
 * options; a zero denominator is "division by zero" (not a multiple of p). */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clitest.h"

static void setup(void)
{
    ct_dir_make("t-cli-signals");
}

static void teardown(void)
{
    ct_dir_remove();
}

static void put(const char *name, const char *text)
{
    FILE *f = fopen(path(name), "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, strlen(text), f), strlen(text));
    ck_assert_int_eq(fclose(f), 0);
}

static char *get(const char *name)
{
    char *s = tu_read_file(path(name), NULL);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Start gbc with argv (argv[0] replaced by GBC_BIN), stdin from /dev/null, stdout
 * to out.txt, stderr to err.txt, with SIGINT and SIGTERM at their default action
 * whatever the test runner inherited (an ignored signal stays ignored in gbc). */
static pid_t spawn(char **argv)
{
    argv[0] = (char *)gbc_bin();
    int in = open("/dev/null", O_RDONLY);
    int out = open(path("out.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = open(path("err.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ck_assert(in >= 0 && out >= 0 && err >= 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in);
    close(out);
    close(err);
    return pid;
}

/* gbc with argv to its end (at most 120 s); its exit status */
static int run(char **argv)
{
    double secs;
    return finish(spawn(argv), now(), 120.0, &secs);
}

/* katsura-12 modulo 65521 (the same construction as t-cli-limits' katsura-11):
 * tens of seconds of work, far more than the 0.3 s before the signal. */
static void write_katsura12(const char *name)
{
    enum { N = 12 };
    static char text[16384];
    size_t l = (size_t)snprintf(text, sizeof text, "x0");
    for (int i = 1; i <= N; i++)
        l += (size_t)snprintf(text + l, sizeof text - l, ",x%d", i);
    l += (size_t)snprintf(text + l, sizeof text - l, "\n65521\nx0");
    for (int i = 1; i <= N; i++)
        l += (size_t)snprintf(text + l, sizeof text - l, "+2*x%d", i);
    l += (size_t)snprintf(text + l, sizeof text - l, "-1");
    for (int i = 0; i < N; i++) {
        l += (size_t)snprintf(text + l, sizeof text - l, ",\n");
        for (int j = -N; j <= N; j++) {
            int a = j < 0 ? -j : j, b = i - j < 0 ? j - i : i - j;
            if (b <= N)
                l += (size_t)snprintf(text + l, sizeof text - l, "+x%d*x%d", a, b);
        }
        l += (size_t)snprintf(text + l, sizeof text - l, "-x%d", i);
    }
    ck_assert_uint_lt(l + 2, sizeof text);
    snprintf(text + l, sizeof text - l, "\n");
    put(name, text);
}

/* The files of the test's directory whose names start with prefix. */
static int count_prefixed(const char *prefix)
{
    DIR *d = opendir(ct_dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        n += strncmp(de->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

/* gbc (command: NULL for gb, else an ideal command taking the input twice) on
 * katsura-12 with -o result.txt, sent sig after 0.3 s. */
static void interrupt_with(int sig, const char *command)
{
    write_katsura12("in.txt");
    const char *known = "the result of an earlier run\n";
    put("result.txt", known);
    char *argv[8];
    int k = 0;
    argv[k++] = NULL;
    if (command != NULL)
        argv[k++] = (char *)command;
    argv[k++] = "-o";
    argv[k++] = (char *)path("result.txt");
    argv[k++] = (char *)path("in.txt");
    if (command != NULL)
        argv[k++] = (char *)path("in.txt");
    argv[k] = NULL;
    double t0 = now();
    pid_t pid = spawn(argv);
    struct timespec ts = {0, 300 * 1000 * 1000};
    nanosleep(&ts, NULL);
    /* still running: the signal interrupts a computation, not a finished run */
    ck_assert_int_eq(waitpid(pid, NULL, WNOHANG), 0);
    ck_assert_int_eq(kill(pid, sig), 0);
    double secs;
    int rc = finish(pid, t0, 60.0, &secs);
    char *err = err_text(), *res = get("result.txt"), *out = get("out.txt");
    char want[64];
    snprintf(want, sizeof want, "interrupted by signal %d", sig);
    ck_assert_msg(rc == 3, "%s signal %d: exit %d, stderr: %s", command ? command : "gb", sig,
                  rc, err);
    ck_assert_msg(strstr(err, want) != NULL, "stderr lacks '%s': %s", want, err);
    ck_assert_msg(strstr(err, "in.txt") != NULL, "stderr does not name the input: %s", err);
    ck_assert_str_eq(res, known);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(count_prefixed("result.txt.gbc-"), 0);
    ck_assert_int_eq(count_prefixed("result.txt"), 1);
    free(err);
    free(res);
    free(out);
}

START_TEST(test_sigint)
{
    interrupt_with(SIGINT, NULL);
}
END_TEST

START_TEST(test_sigterm)
{
    interrupt_with(SIGTERM, NULL);
}
END_TEST

START_TEST(test_sigint_ideal_command)
{
    interrupt_with(SIGINT, "intersect");
}
END_TEST

START_TEST(test_sigterm_ideal_command)
{
    interrupt_with(SIGTERM, "intersect");
}
END_TEST

/* '--': a file literally named -x.txt is read after it, with the same result as
 * the same text under an ordinary name; without '--' it is an unknown option. */
START_TEST(test_double_dash)
{
    const char *text = "x,y,z\n0\nx^2-y*z+1/3, x*y-z^2, y^3-x*z\n";
    put("-x.txt", text);
    put("plain.txt", text);
    ck_assert_int_eq(chdir(ct_dir), 0);
    char *a1[] = {NULL, "--", "-x.txt", NULL};
    ck_assert_int_eq(run(a1), 0);
    char *dashed = get("out.txt");
    char *a2[] = {NULL, "plain.txt", NULL};
    ck_assert_int_eq(run(a2), 0);
    char *plain = get("out.txt");
    ck_assert_str_ne(plain, "");
    ck_assert_str_eq(dashed, plain);
    /* options before '--' still count; after it nothing is an option */
    char *a3[] = {NULL, "--order", "lex", "--", "-x.txt", NULL};
    ck_assert_int_eq(run(a3), 0);
    char *lexd = get("out.txt");
    char *a4[] = {NULL, "--order", "lex", "plain.txt", NULL};
    ck_assert_int_eq(run(a4), 0);
    char *lexp = get("out.txt");
    ck_assert_str_eq(lexd, lexp);
    /* an ideal command: both inputs after '--' */
    char *a5[] = {NULL, "intersect", "--", "-x.txt", "-x.txt", NULL};
    ck_assert_int_eq(run(a5), 0);
    char *id = get("out.txt");
    char *a6[] = {NULL, "intersect", "plain.txt", "plain.txt", NULL};
    ck_assert_int_eq(run(a6), 0);
    char *ip = get("out.txt");
    ck_assert_str_eq(id, ip);
    /* without '--' the name is an option, unknown: a usage error */
    char *a7[] = {NULL, "-x.txt", NULL};
    ck_assert_int_eq(run(a7), 2);
    char *err = err_text();
    ck_assert_msg(strstr(err, "unknown option '-x.txt'") != NULL, "%s", err);
    /* after '--' an option is a file name: a missing file, not an option */
    char *a8[] = {NULL, "--", "--help", NULL};
    ck_assert_int_eq(run(a8), 1);
    free(err);
    err = err_text();
    ck_assert_msg(strstr(err, "cannot open '--help'") != NULL, "%s", err);
    /* '--' with two files is the usual error */
    char *a9[] = {NULL, "--", "-x.txt", "plain.txt", NULL};
    ck_assert_int_eq(run(a9), 2);
    free(dashed);
    free(plain);
    free(lexd);
    free(lexp);
    free(id);
    free(ip);
    free(err);
}
END_TEST

/* Run gbc on in.txt holding text; expect exit 1 and "in.txt:LINE:COL: error: msg",
 * the position that of the denominator (the first character after the last '/'
 * of the text, on its last line). */
static void expect_parse_error(const char *text, const char *msg)
{
    put("in.txt", text);
    char *argv[] = {NULL, (char *)path("in.txt"), NULL};
    ck_assert_int_eq(run(argv), 1);
    const char *slash = strrchr(text, '/');
    ck_assert_ptr_nonnull(slash);
    unsigned line = 1;
    const char *bol = text;
    for (const char *p = text; p < slash; p++)
        if (*p == '\n') {
            line++;
            bol = p + 1;
        }
    char want[256];
    snprintf(want, sizeof want, "in.txt:%u:%u: error: %s", line,
             (unsigned)(slash + 1 - bol) + 1, msg);
    char *err = err_text();
    ck_assert_msg(strstr(err, want) != NULL, "for %s expected '%s', got: %s", text, want, err);
    free(err);
}

START_TEST(test_division_by_zero)
{
    expect_parse_error("x,y\n7\nx+1/0\n", "division by zero");
    expect_parse_error("x,y\n7\nx+y/000\n", "division by zero");
    expect_parse_error("x,y\n0\nx+1/0\n", "division by zero");
    /* a nonzero multiple of p keeps its own message */
    expect_parse_error("x,y\n7\nx+1/14\n", "denominator divisible by the characteristic 7");
    expect_parse_error("x,y\n7\nx+1/007\n", "denominator divisible by the characteristic 7");
    /* and a denominator that is a unit modulo p divides: 1/3 = 5 modulo 7, so
     * x+1/3 and x+5 have the same basis */
    put("in.txt", "x,y\n7\nx+1/3\n");
    char *a1[] = {NULL, (char *)path("in.txt"), NULL};
    ck_assert_int_eq(run(a1), 0);
    char *thirds = get("out.txt");
    put("in.txt", "x,y\n7\nx+5\n");
    ck_assert_int_eq(run(a1), 0);
    char *fives = get("out.txt");
    ck_assert_str_eq(thirds, fives);
    free(thirds);
    free(fives);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli-signals");
    TCase *tc = tcase_create("signals");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_sigint);
    tcase_add_test(tc, test_sigterm);
    tcase_add_test(tc, test_sigint_ideal_command);
    tcase_add_test(tc, test_sigterm_ideal_command);
    suite_add_tcase(s, tc);
    tc = tcase_create("arguments");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_double_dash);
    tcase_add_test(tc, test_division_by_zero);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
