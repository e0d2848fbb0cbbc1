/* Whole-program tests of the gbc tool's usability points (issue 16): msolve's -f,
 * -o, -t; options before or after the command; trailing commas, byte-order marks
 * and CRLF; the message for decimals; -v against -vv; the progress line; exit codes
 * for unreadable paths; empty results explained; --multigraded refused outside
 * hilbert; the help text; the monomial-ideal commands honouring --timeout,
 * --memory-limit and --threads. The tool runs through posix_spawn with its output
 * in files. */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

extern char **environ;

static char dir[256];

static const char *path(const char *name)
{
    static char p[8][512];
    static int k;
    k = (k + 1) % 8;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put(const char *name, const char *text)
{
    FILE *f = fopen(path(name), "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, strlen(text), f), strlen(text));
    ck_assert_int_eq(fclose(f), 0);
}

static void setup(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/gbc-t-cli-usage-XXXXXX", t ? t : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    static const char *files[] = {"a.txt", "b.txt", "c.txt", "out", "err", "res.txt",
                                  "cyc.txt", "m.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        unlink(path(files[i]));
    rmdir(path("adir"));
    rmdir(dir);
}

typedef struct result {
    int status;
    char *out, *err;
} result;

static void result_free(result *r)
{
    free(r->out);
    free(r->err);
}

/* Run gbc with the NULL-terminated args, stdin from /dev/null. */
static result gbc(const char *a0, ...)
{
    const char *argv[40];
    int n = 0;
    const char *bin = getenv("GBC_BIN");
    ck_assert_msg(bin != NULL, "GBC_BIN must name the gbc executable (ctest sets it)");
    argv[n++] = bin;
    va_list ap;
    va_start(ap, a0);
    for (const char *a = a0; a != NULL; a = va_arg(ap, const char *)) {
        ck_assert_int_lt(n, 38);
        argv[n++] = a;
    }
    va_end(ap);
    argv[n] = NULL;
    char outp[512], errp[512];
    snprintf(outp, sizeof outp, "%s", path("out"));
    snprintf(errp, sizeof errp, "%s", path("err"));
    posix_spawn_file_actions_t fa;
    ck_assert_int_eq(posix_spawn_file_actions_init(&fa), 0);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, outp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, errp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    ck_assert_msg(rc == 0, "posix_spawn: %s", strerror(rc));
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        ck_assert_int_eq(errno, EINTR);
    result r;
    r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    size_t len;
    r.out = tu_read_file(outp, &len);
    r.err = tu_read_file(errp, &len);
    ck_assert_ptr_nonnull(r.out);
    ck_assert_ptr_nonnull(r.err);
    return r;
}

#define SYS "x,y,z\n0\nx^2+y^2+z^2-1, x-y, y-z^2\n"
#define CYC8                                                                            \
    "a,b,c,d,e,f,g,h\n32003\n"                                                          \
    "a+b+c+d+e+f+g+h,"                                                                  \
    "a*b+b*c+c*d+d*e+e*f+f*g+g*h+h*a,"                                                  \
    "a*b*c+b*c*d+c*d*e+d*e*f+e*f*g+f*g*h+g*h*a+h*a*b,"                                  \
    "a*b*c*d+b*c*d*e+c*d*e*f+d*e*f*g+e*f*g*h+f*g*h*a+g*h*a*b+h*a*b*c,"                  \
    "a*b*c*d*e+b*c*d*e*f+c*d*e*f*g+d*e*f*g*h+e*f*g*h*a+f*g*h*a*b+g*h*a*b*c+h*a*b*c*d,"  \
    "a*b*c*d*e*f+b*c*d*e*f*g+c*d*e*f*g*h+d*e*f*g*h*a+e*f*g*h*a*b+f*g*h*a*b*c+g*h*a*b*c" \
    "*d+h*a*b*c*d*e,"                                                                   \
    "a*b*c*d*e*f*g+b*c*d*e*f*g*h+c*d*e*f*g*h*a+d*e*f*g*h*a*b+e*f*g*h*a*b*c+f*g*h*a*b*c" \
    "*d+g*h*a*b*c*d*e+h*a*b*c*d*e*f,"                                                   \
    "a*b*c*d*e*f*g*h-1\n"

START_TEST(test_msolve_options)
{
    put("a.txt", SYS);
    result ref = gbc("--order", "lex", "--threads", "2", path("a.txt"), NULL);
    ck_assert_int_eq(ref.status, 0);
    ck_assert_ptr_nonnull(strstr(ref.out, "x-z^2"));
    result r = gbc("-f", path("a.txt"), "-o", path("res.txt"), "-t", "2", "--order", "lex",
                   NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "");
    size_t len;
    char *res = tu_read_file(path("res.txt"), &len);
    ck_assert_str_eq(res, ref.out);
    free(res);
    result_free(&r);
    /* -t=N and --threads=N forms; a bad count is a usage error */
    r = gbc("-t", "0", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--threads (-t)"));
    result_free(&r);
    r = gbc("-f", NULL);
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
    /* -f and an operand: two inputs */
    r = gbc("-f", path("a.txt"), path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "more than one input file"));
    result_free(&r);
    result_free(&ref);
}
END_TEST

START_TEST(test_command_anywhere)
{
    put("a.txt", SYS);
    result a = gbc("--order", "lex", "dim", path("a.txt"), NULL);
    result b = gbc("dim", "--order", "lex", path("a.txt"), NULL);
    result c = gbc("--order", "lex", "-f", path("a.txt"), "degree", NULL);
    ck_assert_int_eq(a.status, 0);
    ck_assert_int_eq(b.status, 0);
    ck_assert_int_eq(c.status, 0);
    ck_assert_str_eq(a.out, "0\n");
    ck_assert_str_eq(b.out, "0\n");
    ck_assert_str_eq(c.out, "4\n");
    result_free(&a);
    result_free(&b);
    result_free(&c);
    /* the ideal commands too: options before the command, -f and -t */
    a = gbc("eliminate", "--vars", "x", path("a.txt"), NULL);
    b = gbc("--order", "grevlex", "-t", "2", "eliminate", "--vars", "x", path("a.txt"), NULL);
    c = gbc("-v", "eliminate", "-f", path("a.txt"), "--vars", "x", NULL);
    ck_assert_int_eq(a.status, 0);
    ck_assert_int_eq(b.status, 0);
    ck_assert_int_eq(c.status, 0);
    ck_assert_ptr_null(strstr(a.out + 6, "x"));
    ck_assert_str_eq(a.out, b.out);
    ck_assert_str_eq(a.out, c.out);
    result_free(&a);
    result_free(&b);
    result_free(&c);
    /* a command after FILE: told where it goes */
    a = gbc(path("a.txt"), "dim", NULL);
    ck_assert_int_eq(a.status, 2);
    ck_assert_ptr_nonnull(strstr(a.err, "put it before FILE"));
    result_free(&a);
}
END_TEST

START_TEST(test_lenient_input)
{
    put("a.txt", SYS);
    put("b.txt", "\xEF\xBB\xBFx,y,z\r\n0\r\nx^2+y^2+z^2-1,\r\nx-y,\r\ny-z^2,\r\n");
    put("c.txt", "x,y,z\n0\nx^2+y^2+z^2-1, x-y, y-z^2,\n# a comment after\n");
    result a = gbc(path("a.txt"), NULL);
    result b = gbc(path("b.txt"), NULL);
    result c = gbc(path("c.txt"), NULL);
    ck_assert_int_eq(a.status, 0);
    ck_assert_msg(b.status == 0, "BOM + CRLF + trailing comma: %s", b.err);
    ck_assert_msg(c.status == 0, "trailing comma: %s", c.err);
    ck_assert_str_eq(b.out, a.out);
    ck_assert_str_eq(c.out, a.out);
    result_free(&a);
    result_free(&b);
    result_free(&c);
    /* two commas are still an error */
    put("c.txt", "x\n0\nx,,\n");
    c = gbc(path("c.txt"), NULL);
    ck_assert_int_eq(c.status, 1);
    ck_assert_ptr_nonnull(strstr(c.err, "expected a polynomial after ','"));
    result_free(&c);
}
END_TEST

START_TEST(test_decimals)
{
    put("a.txt", "x,y\n0\nx^2 - 0.5*y\n");
    result r = gbc(path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.out, "");
    ck_assert_ptr_nonnull(strstr(r.err, ":3:8: error:"));
    ck_assert_ptr_nonnull(strstr(r.err, "decimal numbers are not accepted"));
    ck_assert_ptr_nonnull(strstr(r.err, "0.5 is 1/2"));
    result_free(&r);
}
END_TEST

static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

START_TEST(test_verbosity)
{
    put("a.txt", SYS);
    result v = gbc("-v", path("a.txt"), NULL);
    result vv = gbc("-vv", path("a.txt"), NULL);
    ck_assert_int_eq(v.status, 0);
    ck_assert_int_eq(vv.status, 0);
    ck_assert_str_eq(v.out, vv.out);
    ck_assert_uint_gt(count_lines(vv.err), count_lines(v.err) + 3);
    ck_assert_ptr_null(strstr(v.err, "counters"));
    ck_assert_ptr_nonnull(strstr(vv.err, "gbc: counters:"));
    ck_assert_ptr_nonnull(strstr(vv.err, "matrix_nnz"));
    /* over Q: the primes are reported, not "0 pairs reduced" */
    ck_assert_ptr_nonnull(strstr(v.err, "primes (modulus of"));
    ck_assert_ptr_nonnull(strstr(v.err, "rational reconstruction"));
    ck_assert_ptr_null(strstr(v.err, "0 pairs reduced"));
    ck_assert_ptr_nonnull(strstr(v.err, " primes, "));
    result_free(&v);
    result_free(&vv);
    /* --certify says what it does */
    v = gbc("-v", "--certify", path("a.txt"), NULL);
    ck_assert_int_eq(v.status, 0);
    ck_assert_ptr_nonnull(strstr(v.err, "certification: reducing the generators over Q"));
    ck_assert_ptr_nonnull(strstr(v.err, "certified over Q"));
    result_free(&v);
}
END_TEST

START_TEST(test_progress_line)
{
    put("a.txt", SYS);
    /* stderr is a file: no progress line by default */
    result r = gbc(path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
    result_free(&r);
    /* forced: carriage-return lines with the elapsed time and the F4 round or the
     * primes, and the same result on stdout */
    result ref = gbc(path("a.txt"), NULL);
    r = gbc("--progress", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, ref.out);
    ck_assert_ptr_nonnull(strstr(r.err, "\r\033[Kgbc: "));
    ck_assert_ptr_nonnull(strstr(r.err, " s, "));
    ck_assert_ptr_nonnull(strstr(r.err, "primes used"));
    /* how many polynomials of the basis are lifted for good: of 3 */
    ck_assert_ptr_nonnull(strstr(r.err, "of 3 polynomials lifted for good"));
    result_free(&r);
    put("b.txt", "x,y,z\n32003\nx^2+y^2+z^2-1, x-y, y-z^2\n");
    r = gbc("--progress", path("b.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "F4 round"));
    ck_assert_ptr_nonnull(strstr(r.err, "matrix"));
    result_free(&r);
    r = gbc("--progress", "--certify", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "certifying over Q"));
    result_free(&r);
    r = gbc("--no-progress", path("b.txt"), NULL);
    ck_assert_str_eq(r.err, "");
    result_free(&r);
    result_free(&ref);
}
END_TEST

START_TEST(test_unreadable_paths)
{
    ck_assert_int_eq(mkdir(path("adir"), 0700), 0);
    const char *cmds[] = {"gb", "dim", "hilbert"};
    for (int i = 0; i < 3; i++) {
        result r = gbc(cmds[i], path("adir"), NULL);
        ck_assert_int_eq(r.status, 1);
        ck_assert_ptr_nonnull(strstr(r.err, "is a directory"));
        ck_assert_str_eq(r.out, "");
        result_free(&r);
    }
    result r = gbc(path("no-such-file"), NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.err, "cannot open"));
    result_free(&r);
}
END_TEST

START_TEST(test_empty_results_explained)
{
    put("m.txt", "x,y\n0\nx^2\n");
    result r = gbc("maxstandard", path("m.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "");
    ck_assert_ptr_nonnull(strstr(r.err, "maxstandard: none"));
    ck_assert_ptr_nonnull(strstr(r.err, "not zero-dimensional"));
    result_free(&r);
    put("m.txt", "x,y\n0\nx, x-1\n");
    const char *cmds[] = {"irrdecom", "assoprimes", "maxstandard"};
    for (int i = 0; i < 3; i++) {
        r = gbc(cmds[i], path("m.txt"), NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "");
        ck_assert_ptr_nonnull(strstr(r.err, "the ideal is the whole ring"));
        result_free(&r);
    }
    /* a zero-dimensional ideal has maximal standard monomials and no note */
    put("m.txt", "x,y\n0\nx^2, y^3\n");
    r = gbc("maxstandard", path("m.txt"), NULL);
    ck_assert_str_eq(r.out, "x*y^2\n");
    ck_assert_str_eq(r.err, "");
    result_free(&r);
}
END_TEST

START_TEST(test_options_refused_or_honoured)
{
    put("a.txt", SYS);
    result r = gbc("gb", "--multigraded", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--multigraded applies to the hilbert command only"));
    result_free(&r);
    r = gbc("dim", "--multigraded", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
    r = gbc("hilbert", "--multigraded", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    result_free(&r);
    /* the monomial-ideal commands stop at --timeout and --memory-limit */
    put("cyc.txt", CYC8);
    const char *cmds[] = {"dim", "degree", "hilbert"};
    for (int i = 0; i < 3; i++) {
        r = gbc(cmds[i], "--timeout", "0.05", path("cyc.txt"), NULL);
        ck_assert_int_eq(r.status, 3);
        ck_assert_ptr_nonnull(strstr(r.err, "the time limit of 0.05 s"));
        result_free(&r);
        r = gbc(cmds[i], "--memory-limit", "200K", path("cyc.txt"), NULL);
        ck_assert_int_eq(r.status, 3);
        ck_assert_ptr_nonnull(strstr(r.err, "the memory limit of 204800 bytes"));
        result_free(&r);
    }
    /* and use --threads: same answers with 2 threads, a bad count refused */
    result a = gbc("hilbert", path("a.txt"), NULL);
    result b = gbc("hilbert", "-t", "2", path("a.txt"), NULL);
    ck_assert_int_eq(a.status, 0);
    ck_assert_str_eq(a.out, b.out);
    result_free(&a);
    result_free(&b);
    r = gbc("dim", "--threads", "2000", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
}
END_TEST

START_TEST(test_help_text)
{
    result r = gbc("--help", NULL);
    ck_assert_int_eq(r.status, 0);
    /* degree and hilbert: R/LT(I), and when that is R/I */
    ck_assert_ptr_nonnull(strstr(r.out, "the degree of R/LT(I)"));
    ck_assert_ptr_nonnull(strstr(r.out, "R/LT(I); that of R/I when the order is graded"));
    ck_assert_ptr_nonnull(strstr(r.out, "-f FILE"));
    ck_assert_ptr_nonnull(strstr(r.out, "-t N, --threads N"));
    ck_assert_ptr_nonnull(strstr(r.out, "--progress"));
    ck_assert_ptr_nonnull(strstr(r.out, "-vv"));
    ck_assert_ptr_nonnull(strstr(r.out, "options before or after the command"));
    result_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli-usage");
    TCase *tc = tcase_create("cli-usage");
    tcase_set_timeout(tc, 300);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_msolve_options);
    tcase_add_test(tc, test_command_anywhere);
    tcase_add_test(tc, test_lenient_input);
    tcase_add_test(tc, test_decimals);
    tcase_add_test(tc, test_verbosity);
    tcase_add_test(tc, test_progress_line);
    tcase_add_test(tc, test_unreadable_paths);
    tcase_add_test(tc, test_empty_results_explained);
    tcase_add_test(tc, test_options_refused_or_honoured);
    tcase_add_test(tc, test_help_text);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
