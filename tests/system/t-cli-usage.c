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

START_TEST(test_unknown_command)
{
    put("a.txt", SYS);
    put("b.txt", SYS);
    /* a first operand that is no command and no file, then a file */
    result r = gbc("slove", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "unknown command 'slove'"));
    ck_assert_ptr_nonnull(strstr(r.err, "did you mean 'solve'"));
    ck_assert_str_eq(r.out, "");
    result_free(&r);
    r = gbc("hilbret", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "did you mean 'hilbert'"));
    result_free(&r);
    /* nothing near: no suggestion */
    r = gbc("qqqqqqqq", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "unknown command 'qqqqqqqq'"));
    ck_assert_ptr_null(strstr(r.err, "did you mean"));
    result_free(&r);
    /* two real files: still two input files */
    r = gbc(path("a.txt"), path("b.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "more than one input file"));
    result_free(&r);
}
END_TEST

/* The first term of each polynomial line of a gb output (from line 3 on), with its
 * trailing ',' dropped: a monic basis prints its leading monomial first. */
static void first_terms(const char *out, char lines[][128], size_t *n, int whole)
{
    const char *p = out;
    for (int skip = 0; skip < 2; skip++) {
        p = strchr(p, '\n');
        ck_assert_ptr_nonnull(p);
        p++;
    }
    *n = 0;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        size_t k = whole ? len : 1;
        while (!whole && k < len && p[k] != '+' && p[k] != '-')
            k++;
        if (k > 0 && p[k - 1] == ',')
            k--;
        ck_assert_uint_lt(k, 128);
        ck_assert_uint_lt(*n, 64);
        memcpy(lines[*n], p, k);
        lines[*n][k] = '\0';
        (*n)++;
        p = e ? e + 1 : p + len;
    }
}

START_TEST(test_leading)
{
    static const char *const inputs[] = {SYS, "x,y,z\n32003\nx^2+y^2+z^2-1, x-y, y-z^2\n",
                                          "x,y,z,w\n0\nx*z-y^2, y*w-z^2, x*w-y*z\n"};
    static const char *const orders[] = {"grevlex", "lex", "deglex"};
    for (size_t i = 0; i < 3; i++)
        for (size_t o = 0; o < 3; o++) {
            put("a.txt", inputs[i]);
            result g = gbc("--order", orders[o], path("a.txt"), NULL);
            result l = gbc("--order", orders[o], "--leading", path("a.txt"), NULL);
            ck_assert_int_eq(g.status, 0);
            ck_assert_int_eq(l.status, 0);
            /* the same header, then the leading monomial of each basis element */
            ck_assert_int_eq(strncmp(g.out, l.out, (size_t)(strchr(strchr(g.out, '\n') + 1,
                                                                     '\n') - g.out)),
                             0);
            static char gl[64][128], ll[64][128];
            size_t gn, ln;
            first_terms(g.out, gl, &gn, 0);
            first_terms(l.out, ll, &ln, 1);
            ck_assert_uint_eq(gn, ln);
            ck_assert_uint_gt(gn, 0);
            for (size_t k = 0; k < gn; k++)
                ck_assert_str_eq(gl[k], ll[k]);
            result_free(&g);
            result_free(&l);
        }
    result r = gbc("dim", "--leading", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--leading applies to the gb command only"));
    result_free(&r);
}
END_TEST

START_TEST(test_order_aliases)
{
    put("a.txt", "x,y,z\n32003\nx^2+y^2+z^2-1, x*y-z, y^3-z^2+x\n");
    /* Singular's and Macaulay2's names give the named order's basis */
    static const char *const pairs[][2] = {
        {"dp", "grevlex"},     {"degrevlex", "grevlex"}, {"GRevLex", "grevlex"},
        {"lp", "lex"},         {"Lex", "lex"},           {"Dp", "deglex"},
        {"GLex", "deglex"},    {"grlex", "deglex"},
        {"blocks:dp(1),lp(2)", "blocks:grevlex(1),lex(2)"},
        {"blocks:wp(1,2,3)", "blocks:wgrevlex(1,2,3)"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        result a = gbc("--order", pairs[i][0], path("a.txt"), NULL);
        result b = gbc("--order", pairs[i][1], path("a.txt"), NULL);
        ck_assert_msg(a.status == 0, "--order %s: status %d", pairs[i][0], a.status);
        ck_assert_int_eq(b.status, 0);
        ck_assert_str_eq(a.out, b.out);
        result_free(&a);
        result_free(&b);
    }
    /* the orders differ here, so the aliases are not all one order */
    result a = gbc("--order", "lp", path("a.txt"), NULL);
    result b = gbc("--order", "dp", path("a.txt"), NULL);
    ck_assert_str_ne(a.out, b.out);
    result_free(&a);
    result_free(&b);
    a = gbc("--order", "dq", path("a.txt"), NULL);
    ck_assert_int_eq(a.status, 2);
    ck_assert_ptr_nonnull(strstr(a.err, "unknown order 'dq'"));
    result_free(&a);
}
END_TEST

/* Terms c*t^k of a univariate polynomial in t with rational coefficients, as the
 * tool prints them, into num/den by degree (den > 0). */
static void parse_upoly(const char *s, long long *num, long long *den, int cap)
{
    for (int k = 0; k < cap; k++) {
        num[k] = 0;
        den[k] = 1;
    }
    const char *p = s;
    while (*p && *p != '\n') {
        int sign = 1;
        if (*p == '+' || *p == '-')
            sign = *p++ == '-' ? -1 : 1;
        long long a = 1, b = 1;
        int has = 0;
        if (*p >= '0' && *p <= '9') {
            a = strtoll(p, (char **)&p, 10);
            has = 1;
            if (*p == '/') {
                p++;
                b = strtoll(p, (char **)&p, 10);
            }
        }
        int k = 0;
        if (*p == '*')
            p++;
        if (*p == 't') {
            p++;
            k = 1;
            if (*p == '^') {
                p++;
                k = (int)strtol(p, (char **)&p, 10);
            }
        } else {
            ck_assert(has);
        }
        ck_assert_int_lt(k, cap);
        num[k] = sign * a;
        den[k] = b;
    }
}

START_TEST(test_hilbert_polynomial)
{
    /* HP(s) must equal the Hilbert function, the coefficients of N(t)/(1-t)^n, for
     * every s past deg N (checked for 12 values) */
    static const char *const inputs[] = {
        "x,y,z,w\n0\nx*z-y^2, y*w-z^2, x*w-y*z\n",
        "x,y,z\n0\nx^2\n",
        "x,y,z\n0\n0\n",
        "x,y,z,w,v\n32003\nx*y, y*z^2, z*w*v, x^3, v^4*w\n",
        "x,y,z\n0\nx^2+y^2+z^2-1, x-y, y-z^2\n",
        "a,b,c,d\n0\na*b-c*d, a^2*c-b^3\n",
        "x,y\n0\n1\n"};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        put("a.txt", inputs[i]);
        result N = gbc("hilbert", path("a.txt"), NULL);
        result P = gbc("hilbert", "--polynomial", path("a.txt"), NULL);
        ck_assert_int_eq(N.status, 0);
        ck_assert_int_eq(P.status, 0);
        int n = 1;
        for (const char *c = inputs[i]; *c != '\n'; c++)
            n += *c == ',';
        enum { CAP = 64 };
        long long nn[CAP], nd[CAP], pn[CAP], pd[CAP];
        parse_upoly(N.out, nn, nd, CAP);
        parse_upoly(P.out, pn, pd, CAP);
        int top = 0;
        for (int k = 0; k < CAP; k++) {
            ck_assert_int_eq(nd[k], 1);
            if (nn[k] != 0)
                top = k;
        }
        /* series coefficients: N(t) times 1/(1-t)^n by n prefix sums */
        long long hf[CAP];
        for (int k = 0; k < CAP; k++)
            hf[k] = nn[k];
        for (int r = 0; r < n; r++)
            for (int k = 1; k < CAP; k++)
                hf[k] += hf[k - 1];
        for (int s = top + 1; s <= top + 12 && s < CAP; s++) {
            /* HP(s) as an exact fraction: sum pn[k]/pd[k] s^k, all pd dividing 720 */
            long long acc = 0, pw = 1;
            for (int k = 0; k < 6; k++, pw *= s) {
                ck_assert_int_eq(720 % pd[k], 0);
                acc += pn[k] * (720 / pd[k]) * pw;
            }
            ck_assert_msg(acc == 720 * hf[s], "input %zu: HP(%d) = %lld/720, HF = %lld", i, s,
                          acc, hf[s]);
        }
        result_free(&N);
        result_free(&P);
    }
    result r = gbc("dim", "--polynomial", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
}
END_TEST

START_TEST(test_counters_as_integers)
{
    put("cyc.txt", CYC8);
    result r = gbc("-vv", path("cyc.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    const char *c = strstr(r.err, "gbc: counters:");
    ck_assert_ptr_nonnull(c);
    /* matrix_nnz is above a million here: printed whole, not as 1.2e+06 */
    ck_assert_ptr_null(strstr(c, "e+"));
    const char *nnz = strstr(c, "matrix_nnz ");
    ck_assert_ptr_nonnull(nnz);
    ck_assert_int_gt(atoll(nnz + 11), 1000000);
    result_free(&r);
    /* the progress line's round follows the log: a new degree or matrix comes with
     * a new round number */
    r = gbc("--progress", path("cyc.txt"), NULL);
    ck_assert_int_eq(r.status, 0);
    unsigned long long pr = 0, rr;
    unsigned pd = 0, d;
    size_t prow = 0, rows, cols;
    int seen = 0;
    for (const char *p = strstr(r.err, "F4 round"); p != NULL; p = strstr(p + 1, "F4 round")) {
        if (sscanf(p, "F4 round %llu, degree %u, %zu x %zu", &rr, &d, &rows, &cols) != 4)
            continue;
        if (seen && (d != pd || rows != prow))
            ck_assert_msg(rr > pr, "round %llu for a new matrix after round %llu", rr, pr);
        pr = rr;
        pd = d;
        prow = rows;
        seen++;
    }
    ck_assert_int_gt(seen, 3);
    result_free(&r);
}
END_TEST

/* A minimal JSON checker (RFC 8259 values, no number exponents needed here):
 * returns the position after the value at p, or NULL on a syntax error. */
static const char *js_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

static const char *js_value(const char *p, int depth)
{
    p = js_ws(p);
    if (depth > 20)
        return NULL;
    if (*p == '"') {
        for (p++; *p != '"'; p++) {
            if ((unsigned char)*p < 0x20)
                return NULL;
            if (*p == '\\' && *++p == '\0')
                return NULL;
        }
        return p + 1;
    }
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        p = js_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (close == '}') {
                if (*(p = js_ws(p)) != '"' || (p = js_value(p, depth + 1)) == NULL)
                    return NULL;
                if (*(p = js_ws(p)) != ':')
                    return NULL;
                p++;
            }
            if ((p = js_value(p, depth + 1)) == NULL)
                return NULL;
            p = js_ws(p);
            if (*p == close)
                return p + 1;
            if (*p != ',')
                return NULL;
            p++;
        }
    }
    if (strncmp(p, "true", 4) == 0 || strncmp(p, "null", 4) == 0)
        return p + 4;
    if (strncmp(p, "false", 5) == 0)
        return p + 5;
    const char *q = p;
    if (*q == '-')
        q++;
    if (*q < '0' || *q > '9')
        return NULL;
    while (*q >= '0' && *q <= '9')
        q++;
    return q;
}

static void assert_json(const char *text)
{
    const char *e = js_value(text, 0);
    ck_assert_msg(e != NULL && *js_ws(e) == '\0', "not one JSON value: %s", text);
    ck_assert_msg(text[0] == '{', "not an object: %s", text);
}

/* Every line of the text result from line `from` on (its trailing ',' dropped, and
 * split at ", " when split is set) appears in the JSON as a string. */
static void assert_lines_in(const char *text, const char *json, int from, int split)
{
    int line = 0;
    for (const char *p = text; *p; line++) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (line >= from && n > 0 && p[0] != '#') {
            size_t k = n;
            if (p[k - 1] == ',')
                k--;
            const char *s = p;
            while (k > 0) {
                size_t m = 0;
                while (m < k && !(split && s[m] == ','))
                    m++;
                char want[600];
                ck_assert_uint_lt(m + 3, sizeof want);
                snprintf(want, sizeof want, "\"%.*s\"", (int)m, s);
                ck_assert_msg(strstr(json, want) != NULL, "%s missing from %s", want, json);
                s += m;
                k -= m;
                while (k > 0 && (*s == ',' || *s == ' ')) {
                    s++;
                    k--;
                }
            }
        }
        p = e ? e + 1 : p + n;
    }
}

START_TEST(test_json_output)
{
    put("a.txt", "x,y,z,w\n0\nx*z-y^2, y*w-z^2, x*w-y*z\n");
    put("b.txt", "x,y,z,w\n0\nx^2, y*z, 0\n");
    static const struct {
        const char *cmd, *key;
        int from, split, second;
    } cases[] = {{"gb", "\"basis\": [", 2, 0, 0},
                 {"dim", "\"dim\": 2}", 9, 0, 0},
                 {"degree", "\"degree\": 3}", 9, 0, 0},
                 {"hilbert", "\"numerator\": \"", 0, 0, 0},
                 {"irrdecom", "\"components\": [[", 0, 1, 0},
                 {"assoprimes", "\"primes\": [[", 0, 1, 0},
                 {"alexdual", "\"generators\": [", 2, 0, 0},
                 {"maxstandard", "\"monomials\": []", 9, 0, 0},
                 {"intersect", "\"basis\": [", 2, 0, 1},
                 {"quotient", "\"basis\": [", 2, 0, 1},
                 {"reduce", "\"normal_forms\": [", 2, 0, 1},
                 {"member", "\"member\": [false, false, true]", 9, 0, 1},
                 {"lift", "\"cofactors\": [{\"element\": ", 0, 1, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        result t = cases[i].second ? gbc(cases[i].cmd, path("a.txt"), path("b.txt"), NULL)
                                   : gbc(cases[i].cmd, path("a.txt"), NULL);
        result j = cases[i].second ? gbc(cases[i].cmd, "--format", "json", path("a.txt"),
                                         path("b.txt"), NULL)
                                   : gbc(cases[i].cmd, "--format=json", path("a.txt"), NULL);
        ck_assert_msg(t.status == 0 && j.status == 0, "%s: %d %d", cases[i].cmd, t.status,
                      j.status);
        assert_json(j.out);
        char head[64];
        snprintf(head, sizeof head, "{\"command\": \"%s\"", cases[i].cmd);
        ck_assert_msg(strncmp(j.out, head, strlen(head)) == 0, "%s", j.out);
        ck_assert_msg(strstr(j.out, cases[i].key) != NULL, "%s: no %s in %s", cases[i].cmd,
                      cases[i].key, j.out);
        if (cases[i].from == 2)
            ck_assert_ptr_nonnull(strstr(j.out, "\"variables\": [\"x\", \"y\", \"z\", \"w\"], "
                                                "\"characteristic\": 0, \"order\": \"grevlex\""));
        assert_lines_in(t.out, j.out, cases[i].from, cases[i].split);
        result_free(&t);
        result_free(&j);
    }
    /* modules, resolutions, solutions: valid JSON holding the text result's items */
    put("m.txt", "x,y\n0\n[x, 0], [y, x], [0, y]\n");
    put("c.txt", "x,y\n0\nx^2+y^2-1, x-y\n");
    put("b.txt", "x,y\n7\nx^2-1, y^2-x\n");
    static const struct {
        const char *cmd, *file, *key;
    } more[] = {{"gb", "m.txt", "\"basis\": [[\"0\", \"y\"], "},
                {"syz", "m.txt", "\"syzygies\": [[\"y^2\", \"-x*y\", \"x^2\"]]"},
                {"res", "m.txt", "\"betti\": [[2, 3, 0], [0, 0, 1]]"},
                {"solve", "c.txt", "\"solutions\": [[[\""},
                {"solve", "b.txt", "\"solutions\": [[\"1\", \"1\"], [\"1\", \"6\"]]"}};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        result t = gbc(more[i].cmd, path(more[i].file), NULL);
        result j = gbc(more[i].cmd, "--format", "json", path(more[i].file), NULL);
        ck_assert_msg(t.status == 0 && j.status == 0, "%s %s", more[i].cmd, more[i].file);
        assert_json(j.out);
        ck_assert_msg(strstr(j.out, more[i].key) != NULL, "%s: no %s in %s", more[i].cmd,
                      more[i].key, j.out);
        if (strcmp(more[i].cmd, "solve") == 0 && strcmp(more[i].file, "c.txt") == 0) {
            /* every endpoint of the text boxes, as a string */
            for (const char *p = t.out; *p;) {
                p += strcspn(p, "-0123456789");
                size_t n = strspn(p, "-0123456789/");
                if (n == 0)
                    break;
                char want[128];
                snprintf(want, sizeof want, "\"%.*s\"", (int)n, p);
                ck_assert_msg(strstr(j.out, want) != NULL, "%s missing", want);
                p += n;
            }
        }
        result_free(&t);
        result_free(&j);
    }
    /* the order the result is in; the lex basis differs from the grevlex one */
    result lj = gbc("--order", "lex", "--format", "json", path("a.txt"), NULL);
    result lt = gbc("--order", "lex", path("a.txt"), NULL);
    ck_assert_int_eq(lj.status, 0);
    ck_assert_msg(strstr(lj.out, "\"order\": \"lex\"") != NULL, "%s", lj.out);
    assert_lines_in(lt.out, lj.out, 2, 0);
    result_free(&lj);
    result_free(&lt);
    lj = gbc("intersect", "--order", "blocks:grevlex(2),grevlex(2)", "--format", "json",
             path("a.txt"), path("a.txt"), NULL);
    ck_assert_int_eq(lj.status, 0);
    ck_assert_msg(strstr(lj.out, "\"order\": \"blocks:grevlex(2),grevlex(2)\"") != NULL, "%s",
                  lj.out);
    result_free(&lj);
    result r = gbc("--format", "yaml", path("a.txt"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "unknown format 'yaml'"));
    result_free(&r);
}
END_TEST

/* gb --module-order: the basis the tool prints in each module order is the
 * library's gbc_module_groebner in that order (which tests/module compares with
 * Singular's std in all four), on a fixed module where the orders give different
 * bases and on seeded random ones; the option's misuses are refused. */
/* gbc reduce --module-order name of queries against the module text gives (elems,
 * rank) prints the library's gbc_module_reduce_order in that order: x^2 y^2 in
 * each component, and x y z in all. */
static void check_reduce_order(const char *text, const gbc_polys *elems, uint32_t rank,
                               const char *name, gbc_module_order ord)
{
    const char *body = strchr(strchr(text, '\n') + 1, '\n') + 1;
    sbuf q;
    sb_init(&q);
    sb_printf(&q, "%.*s", (int)(body - text), text); /* the ring's two lines */
    for (uint32_t j = 0; j <= rank; j++) {
        sb_puts(&q, j ? ",\n[" : "[");
        for (uint32_t i = 0; i < rank; i++)
            sb_printf(&q, "%s%s", i ? ", " : "", j == rank ? "x*y*z" : i == j ? "x^2*y^2" : "0");
        sb_puts(&q, "]");
    }
    sb_puts(&q, "\n");
    put("mq.txt", q.s);
    gbc_ring *R = NULL;
    gbc_polys *Q = NULL, *N = NULL;
    uint32_t qrank = 0;
    ck_assert_int_eq(gbc_module_parse(&R, &Q, &qrank, NULL, q.s, strlen(q.s), NULL, NULL, NULL),
                     GBC_OK);
    ck_assert_uint_eq(qrank, rank);
    ck_assert_int_eq(gbc_module_reduce_order(&N, Q, elems, rank, ord, NULL, NULL), GBC_OK);
    char *want = NULL;
    ck_assert_int_eq(gbc_module_to_string(&want, NULL, N, rank, 0), GBC_OK);
    result r = gbc("reduce", "--module-order", name, path("mo.txt"), path("mq.txt"), NULL);
    ck_assert_msg(r.status == 0, "reduce %s: exit %d: %s", name, r.status, r.err);
    ck_assert_msg(strstr(r.out, want) != NULL,
                  "reduce --module-order %s printed\n%s\nthe library's normal forms are\n%s",
                  name, r.out, want);
    result_free(&r);
    gbc_string_free(want);
    gbc_polys_free(N);
    gbc_polys_free(Q);
    gbc_ring_free(R);
    sb_free(&q);
}

static void check_module_order(const char *text)
{
    static const struct {
        const char *name;
        gbc_module_order ord;
    } ords[] = {{"top", GBC_MODULE_TOP},
                {"top-down", GBC_MODULE_TOP_DOWN},
                {"pot", GBC_MODULE_POT},
                {"pot-up", GBC_MODULE_POT_UP}};
    put("mo.txt", text);
    gbc_ring *R = NULL;
    gbc_polys *elems = NULL;
    uint32_t rank = 0;
    ck_assert_int_eq(
        gbc_module_parse(&R, &elems, &rank, NULL, text, strlen(text), NULL, NULL, NULL), GBC_OK);
    for (size_t k = 0; k < sizeof ords / sizeof ords[0]; k++) {
        gbc_polys *G = NULL;
        char *want = NULL;
        ck_assert_int_eq(gbc_module_groebner(&G, elems, rank, ords[k].ord, NULL, NULL), GBC_OK);
        ck_assert_int_eq(gbc_module_to_string(&want, NULL, G, rank, GBC_PRINT_HEADER), GBC_OK);
        result r = gbc("gb", "--module-order", ords[k].name, path("mo.txt"), NULL);
        ck_assert_msg(r.status == 0, "%s: exit %d: %s", ords[k].name, r.status, r.err);
        size_t lw = strlen(want);
        ck_assert_msg(strncmp(r.out, want, lw) == 0 && strspn(r.out + lw, "\n") == strlen(r.out + lw),
                      "--module-order %s printed\n%s\nthe library's basis is\n%s\ninput:\n%s",
                      ords[k].name, r.out, want, text);
        if (ords[k].ord == GBC_MODULE_TOP) {
            /* the default is term over position */
            result d = gbc("gb", path("mo.txt"), NULL);
            ck_assert_int_eq(d.status, 0);
            ck_assert_str_eq(d.out, r.out);
            result_free(&d);
        }
        result_free(&r);
        gbc_string_free(want);
        gbc_polys_free(G);
        check_reduce_order(text, elems, rank, ords[k].name, ords[k].ord);
    }
    gbc_polys_free(elems);
    gbc_ring_free(R);
}

START_TEST(test_module_order)
{
    const char *fixed = "x,y,z\n32003\n[x*y, z^2], [y^2, x*z], [x^2, y*z]\n";
    check_module_order(fixed);
    /* the orders do differ here: pot has an element (0, f) first, pot-up one (f, 0) */
    put("mo.txt", fixed);
    result pot = gbc("gb", "--module-order", "pot", path("mo.txt"), NULL);
    result up = gbc("gb", "--module-order", "pot-up", path("mo.txt"), NULL);
    ck_assert_ptr_nonnull(strstr(pot.out, "32003\n[0, "));
    ck_assert_ptr_null(strstr(up.out, "\n[0, "));
    result_free(&pot);
    result_free(&up);
    /* and normal forms differ: (x^2, 0) modulo (x, y), (y, x) */
    put("m2.txt", "x,y\n101\n[x, y], [y, x]\n");
    put("q2.txt", "x,y\n101\n[x^2, 0]\n");
    result nt = gbc("reduce", "--module-order", "top", path("m2.txt"), path("q2.txt"), NULL);
    result np = gbc("reduce", "--module-order", "pot", path("m2.txt"), path("q2.txt"), NULL);
    ck_assert_int_eq(nt.status, 0);
    ck_assert_int_eq(np.status, 0);
    ck_assert_msg(strcmp(nt.out, np.out) != 0, "reduce: top and pot both gave %s", nt.out);
    result_free(&nt);
    result_free(&np);
    uint64_t seed = tu_seed();
    printf("t-cli-usage module_order: seed %llu (GBC_TEST_SEED to repeat)\n",
           (unsigned long long)seed);
    gbc_rng g;
    gbc_rng_seed(&g, seed ^ 0x4d4f);
    for (int it = 0; it < 4; it++) {
        uint32_t rank = 2 + (uint32_t)gbc_rng_below(&g, 2), k = 2 + (uint32_t)gbc_rng_below(&g, 2);
        sbuf b;
        sb_init(&b);
        sb_printf(&b, "x,y,z\n%s\n", it % 2 ? "0" : "101");
        for (uint32_t j = 0; j < k; j++) {
            sb_puts(&b, j ? ",\n[" : "[");
            for (uint32_t i = 0; i < rank; i++) {
                sb_puts(&b, i ? ", " : "");
                for (int t = 0; t < 3; t++)
                    sb_printf(&b, "%s%u*x^%u*y^%u*z^%u", t ? "+" : "",
                              1 + (unsigned)gbc_rng_below(&g, 9), (unsigned)gbc_rng_below(&g, 3),
                              (unsigned)gbc_rng_below(&g, 3), (unsigned)gbc_rng_below(&g, 2));
            }
            sb_puts(&b, "]");
        }
        sb_puts(&b, "\n");
        check_module_order(b.s);
        sb_free(&b);
    }
    /* misuses: an unknown order, another command, polynomial input */
    put("poly.txt", "x,y\n0\nx^2, y\n");
    static const struct {
        const char *cmd, *ord, *file, *msg;
    } bad[] = {{"gb", "dp", "mo.txt", "unknown module order 'dp'"},
               {"syz", "pot", "mo.txt", "--module-order applies to the gb and reduce commands"},
               {"gb", "pot", "poly.txt", "--module-order applies to vector input"},
               {"member", "pot", "mo.txt", "--module-order applies to the gb and reduce"},
               {"reduce", "up", "mo.txt", "unknown module order 'up'"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        result r = gbc(bad[i].cmd, "--module-order", bad[i].ord, path(bad[i].file), NULL);
        ck_assert_int_eq(r.status, 2);
        ck_assert_msg(strstr(r.err, bad[i].msg) != NULL, "%s", r.err);
        ck_assert_str_eq(r.out, "");
        result_free(&r);
    }
    result rp = gbc("reduce", "--module-order", "pot", path("poly.txt"), path("poly.txt"), NULL);
    ck_assert_int_eq(rp.status, 2);
    ck_assert_msg(strstr(rp.err, "--module-order applies to vector input") != NULL, "%s",
                  rp.err);
    ck_assert_str_eq(rp.out, "");
    result_free(&rp);
    result r = gbc("gb", path("mo.txt"), "--module-order", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "needs an argument"));
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
    tcase_add_test(tc, test_unknown_command);
    tcase_add_test(tc, test_leading);
    tcase_add_test(tc, test_order_aliases);
    tcase_add_test(tc, test_hilbert_polynomial);
    tcase_add_test(tc, test_counters_as_integers);
    tcase_add_test(tc, test_json_output);
    tcase_add_test(tc, test_module_order);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
