/* Whole-program tests of the gbc tool (GBC_BIN) against the command-line contract:
 * bad input exits 1 with `FILE:LINE:COL: error: ...` on stderr and nothing on
 * stdout; resource exhaustion (exponent overflow) exits 3; bad usage exits 2;
 * -o FILE, '-' and no FILE read and write what they should. The tool is run with
 * posix_spawn, its stdin, stdout and stderr redirected to files. */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clitest.h"

extern char **environ;

/* Regression guard: an empty basis over Q (the zero ideal, or the unit ideal of a
 * ring without variables) once made the F4 tracer pass NULL to memcpy (UBSan stopped
 * the asan build). Fixed in f4.c; the inputs now run through every algorithm. */
#define F4_EMPTY_BASIS_FIXED 1


static const char *bin(void)
{
    const char *b = getenv("GBC_BIN");
    ck_assert_msg(b != NULL && access(b, X_OK) == 0,
                  "GBC_BIN must name the gbc executable (ctest sets it)");
    return b;
}

static void write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

static void setup(void)
{
    ct_dir_make("t-cli");
}

static void teardown(void)
{
    ct_dir_remove();
}

typedef struct run {
    int status; /* exit status, or 128 + signal */
    char *out, *err;
    size_t outlen, errlen;
} run;

static void run_free(run *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

/* Run gbc with args (NULL-terminated); stdin from the file stdin_path (NULL:
 * /dev/null). */
static void run_gbc(run *r, const char *const *args, const char *stdin_path)
{
    const char *argv[32];
    size_t n = 0;
    argv[n++] = bin();
    for (size_t i = 0; args[i] != NULL; i++) {
        ck_assert_uint_lt(n, 30);
        argv[n++] = args[i];
    }
    argv[n] = NULL;
    char outp[512], errp[512];
    snprintf(outp, sizeof outp, "%s", path("out.txt"));
    snprintf(errp, sizeof errp, "%s", path("err.txt"));
    posix_spawn_file_actions_t fa;
    ck_assert_int_eq(posix_spawn_file_actions_init(&fa), 0);
    posix_spawn_file_actions_addopen(&fa, 0, stdin_path ? stdin_path : "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, outp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, errp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    ck_assert_msg(rc == 0, "posix_spawn: %s", strerror(rc));
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        ck_assert_int_eq(errno, EINTR);
    r->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    r->out = tu_read_file(outp, &r->outlen);
    r->err = tu_read_file(errp, &r->errlen);
    ck_assert_ptr_nonnull(r->out);
    ck_assert_ptr_nonnull(r->err);
}

/* ------------------------------------------------------------ bad input -- */

typedef struct bad_case {
    const char *text;
    size_t len; /* 0: strlen */
    int exit_status;
    unsigned line, col;
    const char *msg;
} bad_case;

/* The bad inputs of tests/io/t-io.c, seen through the tool. */
static const bad_case bad_cases[] = {
    {"", 0, 1, 1, 1, "empty input"},
    {"x,,y\n0\nx", 0, 1, 1, 3, "expected a variable name"},
    {"x y\n0\nx", 0, 1, 1, 3, "expected ',' or the end of the line"},
    {"x,y,x\n0\nx", 0, 1, 1, 5, "declared twice"},
    {"x\n4\nx", 0, 1, 2, 1, "characteristic 4 is not 0 or a prime below 2^31"},
    {"x\n2147483648\nx", 0, 1, 2, 1, "is not 0 or a prime below 2^31"},
    {"x\n1\nx", 0, 1, 2, 1, "is not 0 or a prime"},
    {"x\n\nx", 0, 1, 2, 1, "expected the characteristic"},
    {"x\n", 0, 1, 2, 1, "expected the characteristic"},
    {"x,y\n0\nx+", 0, 1, 3, 3, "expected a number, a variable or '('"},
    {"x,y\n0\nx*\n", 0, 1, 4, 1, "found end of input"},
    {"x,y\n0\n2x", 0, 1, 3, 2, "write '*' for products"},
    {"x,y\n0\nx**2", 0, 1, 3, 3, "'**' is not an operator"},
    {"x,y\n0\n(x+y", 0, 1, 3, 5, "expected ')'"},
    {"x,y\n0\nx+y)", 0, 1, 3, 4, "found ')'"},
    {"x,y\n0\nx,y,,", 0, 1, 3, 5, "expected a polynomial after ','"},
    {"x,y\n0\nx+y$", 0, 1, 3, 4, "found '$'"},
    {"x,y\n0\nx+w", 0, 1, 3, 3, "unknown variable 'w'"},
    {"x,y\n0\nx^4294967296", 0, 1, 3, 3, "exponent too large"},
    {"x,y\n0\nx/0", 0, 1, 3, 3, "division by zero"},
    {"x,y\n7\nx/14", 0, 1, 3, 3, "denominator divisible by the characteristic 7"},
    {"x,y\n0\nx/y", 0, 1, 3, 3, "division is only by a nonzero integer"},
    {"x,y\n0\nx+\0y", 10, 1, 3, 3, "NUL byte"},
    {"x\0,y\n0\nx", 8, 1, 1, 2, "NUL byte"},
    {"\n0\nx", 0, 1, 3, 1, "unknown variable 'x'"},
    /* exponent overflow while reading: out of resources, but still located */
    {"x,y\n0\nx^4294967295*x", 0, 3, 3, 14, "exponent overflow"},
    {"x,y\n0\n1 + x^4294967295*y", 0, 3, 3, 5, "exponent overflow"},
    {"x,y\n0\n(x^4294967295+1)*(x+1)", 0, 3, 3, 18, "exponent overflow"},
};

/* Exit status, `NAME:LINE:COL: error: MSG` as the first line on stderr, nothing on
 * stdout. */
static void check_failure(const run *r, int status, const char *name, unsigned line,
                          unsigned col, const char *msg, const char *what)
{
    ck_assert_msg(r->status == status, "%s: exit %d, expected %d; stderr: %s", what, r->status,
                  status, r->err);
    ck_assert_msg(r->outlen == 0, "%s: stdout not empty: %s", what, r->out);
    char prefix[600];
    snprintf(prefix, sizeof prefix, "%s:%u:%u: error: ", name, line, col);
    ck_assert_msg(strncmp(r->err, prefix, strlen(prefix)) == 0,
                  "%s: stderr '%s' does not start with '%s'", what, r->err, prefix);
    const char *nl = strchr(r->err, '\n');
    ck_assert_msg(nl != NULL, "%s: stderr not a line", what);
    ck_assert_msg(strstr(r->err, msg) != NULL && strstr(r->err, msg) < nl,
                  "%s: first line of stderr '%s' lacks '%s'", what, r->err, msg);
}

START_TEST(test_bad_input)
{
    const char *in = path("in.txt");
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", in);
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const bad_case *c = &bad_cases[i];
        size_t len = c->len ? c->len : strlen(c->text);
        write_file(inpath, c->text, len);
        char what[64];
        run r;
        /* FILE */
        snprintf(what, sizeof what, "case %zu (file)", i);
        const char *a1[] = {inpath, NULL};
        run_gbc(&r, a1, NULL);
        check_failure(&r, c->exit_status, inpath, c->line, c->col, c->msg, what);
        run_free(&r);
        /* '-' and no FILE: standard input, named <stdin> */
        snprintf(what, sizeof what, "case %zu (-)", i);
        const char *a2[] = {"-", NULL};
        run_gbc(&r, a2, inpath);
        check_failure(&r, c->exit_status, "<stdin>", c->line, c->col, c->msg, what);
        run_free(&r);
        if (i % 4 == 0) {
            snprintf(what, sizeof what, "case %zu (no FILE)", i);
            const char *a3[] = {"--algorithm", "buchberger", NULL};
            run_gbc(&r, a3, inpath);
            check_failure(&r, c->exit_status, "<stdin>", c->line, c->col, c->msg, what);
            run_free(&r);
        }
    }
}
END_TEST

static char *repeat(const char *prefix, const char *unit, size_t n, const char *suffix,
                    size_t *len)
{
    size_t pl = strlen(prefix), ul = strlen(unit), sl = strlen(suffix);
    size_t total = pl + ul * n + sl;
    char *s = malloc(total + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, prefix, pl);
    for (size_t i = 0; i < n; i++)
        memcpy(s + pl + i * ul, unit, ul);
    memcpy(s + pl + ul * n, suffix, sl);
    s[total] = '\0';
    *len = total;
    return s;
}

/* Hostile sizes: a million parentheses or signs, a 10 MB line with an error at
 * its end, and a valid 10 MB line. */
START_TEST(test_hostile_input)
{
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    const char *args[] = {inpath, NULL};
    run r;
    size_t len;
    char *s = repeat("x\n0\n", "(", 1000000, "x", &len);
    write_file(inpath, s, len);
    free(s);
    run_gbc(&r, args, NULL);
    check_failure(&r, 1, inpath, 3, 1001, "nested deeper than 1000", "parentheses");
    run_free(&r);
    s = repeat("x\n0\n", "-", 1000000, "x", &len);
    write_file(inpath, s, len);
    free(s);
    run_gbc(&r, args, NULL);
    check_failure(&r, 1, inpath, 3, 1002, "nested deeper than 1000", "signs");
    run_free(&r);
    /* 10 MB on line 3: ~630k terms x^i*y^(i mod 7) */
    size_t cap = 11u << 20, n = 0;
    char *big = malloc(cap + 64);
    ck_assert_ptr_nonnull(big);
    size_t used = (size_t)sprintf(big, "x,y\n32003\n");
    size_t head = used;
    while (used - head < (10u << 20)) {
        used += (size_t)sprintf(big + used, "%s%zu*x^%zu*y^%zu", n ? "+" : "", n % 1000 + 1, n,
                                n % 7);
        n++;
    }
    /* first with a stray character at the end */
    memcpy(big + used, "+$", 2);
    write_file(inpath, big, used + 2);
    run_gbc(&r, args, NULL);
    check_failure(&r, 1, inpath, 3, (unsigned)(used + 2 - head), "found '$'", "10 MB line");
    run_free(&r);
    /* then valid: one generator, so the basis is that polynomial made monic; under
     * lex the terms come out in input order, reversed */
    big[used++] = '\n';
    write_file(inpath, big, used);
    free(big);
    const char *a2[] = {"--order", "lex", inpath, NULL};
    run_gbc(&r, a2, NULL);
    ck_assert_msg(r.status == 0, "valid 10 MB line: exit %d: %s", r.status, r.err);
    ck_assert_uint_eq(r.errlen, 0);
    ck_assert(strncmp(r.out, "x,y\n32003\n", 10) == 0);
    size_t plus = 0;
    for (size_t i = 10; i < r.outlen; i++)
        plus += r.out[i] == '+';
    ck_assert_uint_eq(plus, n - 1);
    /* the leading term is x^(n-1)*y^((n-1) mod 7), made monic */
    char lead[64];
    size_t ey = (n - 1) % 7;
    if (ey == 0)
        snprintf(lead, sizeof lead, "x^%zu+", n - 1);
    else if (ey == 1)
        snprintf(lead, sizeof lead, "x^%zu*y+", n - 1);
    else
        snprintf(lead, sizeof lead, "x^%zu*y^%zu+", n - 1, ey);
    ck_assert_msg(strncmp(r.out + 10, lead, strlen(lead)) == 0, "lead: %.60s", r.out + 10);
    run_free(&r);
}
END_TEST

/* ----------------------------------------------------- computation errors -- */

/* The S-polynomial of x^(2^32-1) + 1 and x*y + 1 needs the monomial x^(2^32-1)*y. */
START_TEST(test_overflow_in_computation)
{
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    static const char *inputs[] = {"x,y\n0\nx^4294967295+1, x*y+1\n",
                                   "x,y\n32003\nx^4294967295+y, y^2+1\n"};
    static const char *algos[] = {NULL, "buchberger", "sig"};
    for (size_t i = 0; i < 2; i++)
        for (size_t k = 0; k < 3; k++) {
            write_file(inpath, inputs[i], strlen(inputs[i]));
            const char *args[5] = {inpath, NULL, NULL, NULL, NULL};
            if (algos[k]) {
                args[1] = "--algorithm";
                args[2] = algos[k];
            }
            run r;
            run_gbc(&r, args, NULL);
            ck_assert_msg(r.status == 3, "input %zu algo %s: exit %d (%s)", i,
                          algos[k] ? algos[k] : "default", r.status, r.err);
            ck_assert_uint_eq(r.outlen, 0);
            ck_assert_msg(strstr(r.err, "overflow") != NULL, "stderr: %s", r.err);
            run_free(&r);
        }
}
END_TEST

/* ----------------------------------------------------------- bad usage -- */

START_TEST(test_usage)
{
    char inpath[512], other[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    snprintf(other, sizeof other, "%s", path("b.txt"));
    write_file(inpath, "x,y\n0\nx-1, y-2\n", 15);
    write_file(other, "x,y\n0\nx-1, y-2\n", 15);
    const char *cases[][6] = {
        {"--frobnicate", inpath, NULL},
        {"-q", inpath, NULL},
        {inpath, "--order", NULL},
        {"--order", "foo", inpath, NULL},
        {"--order", "weights:1", inpath, NULL},
        {"--order", "blocks:lex(1)", inpath, NULL},
        {"--order=", inpath, NULL},
        {inpath, other, NULL},
        {inpath, "-", NULL},
        {inpath, "-o", NULL},
        {"--algorithm", inpath, NULL},
        {"--algorithm", "magic", inpath, NULL},
        {"--threads", "0", inpath, NULL},
        {"--threads", "x", inpath, NULL},
        {inpath, "--threads", NULL},
        {"--linear-algebra", "fast", inpath, NULL},
        {inpath, "--linear-algebra", NULL},
        {"--seed", "-1", inpath, NULL},
        {"--seed", "x", inpath, NULL},
        {"--seed", "18446744073709551616", inpath, NULL},
        {inpath, "--seed", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run r;
        run_gbc(&r, cases[i], NULL);
        ck_assert_msg(r.status == 2, "usage case %zu (%s %s): exit %d", i, cases[i][0],
                      cases[i][1] ? cases[i][1] : "", r.status);
        ck_assert_msg(r.outlen == 0, "usage case %zu: stdout not empty", i);
        ck_assert_msg(r.errlen > 0, "usage case %zu: no message", i);
        run_free(&r);
    }
    /* an input file that does not exist is bad input, and says which */
    const char *nf[] = {"/nonexistent/gbc-input.txt", NULL};
    run r;
    run_gbc(&r, nf, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_uint_eq(r.outlen, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "/nonexistent/gbc-input.txt"));
    run_free(&r);
    /* help and version succeed */
    const char *h[] = {"--help", NULL};
    run_gbc(&r, h, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "usage"));
    run_free(&r);
    const char *v[] = {"--version", NULL};
    run_gbc(&r, v, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert(strncmp(r.out, "gbc ", 4) == 0);
    run_free(&r);
}
END_TEST

/* Over Q, --seed N repeats a run exactly (the same primes in -v, the same basis);
 * without it two runs draw different seeds, and -v prints the seed that repeats
 * the run. */
START_TEST(test_seed)
{
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    const char *text = "x,y,z\n0\nx^2*y-3*z+1/2, (x+y)^3-z*(y-1), x*y*z-1\n";
    write_file(inpath, text, strlen(text));
    char *out[4], *err[4];
    const char *seeded[] = {"-v", "--seed", "424242", inpath, NULL};
    const char *drawn[] = {"-v", inpath, NULL};
    for (int i = 0; i < 4; i++) {
        run r;
        run_gbc(&r, i < 2 ? seeded : drawn, NULL);
        ck_assert_msg(r.status == 0, "run %d: exit %d: %s", i, r.status, r.err);
        out[i] = r.out;
        err[i] = r.err;
        char *e = strstr(err[i], "modular: seed ");
        ck_assert_msg(e != NULL, "run %d: no seed in -v:\n%s", i, err[i]);
    }
    ck_assert_str_eq(out[0], out[1]);
    ck_assert_str_eq(out[0], out[2]);
    ck_assert_str_eq(out[2], out[3]);
    ck_assert_ptr_nonnull(strstr(err[0], "modular: seed 424242 (given)"));
    char *l0 = strstr(err[0], "learned modulo "), *l1 = strstr(err[1], "learned modulo ");
    ck_assert_ptr_nonnull(l0);
    ck_assert_ptr_nonnull(l1);
    ck_assert_int_eq(strncmp(l0, l1, 40), 0);
    char *s2 = strstr(err[2], "modular: seed "), *s3 = strstr(err[3], "modular: seed ");
    ck_assert_msg(strncmp(s2, s3, strcspn(s2, "(")) != 0, "two drawn seeds are equal:\n%s\n%s",
                  s2, s3);
    /* the drawn seed repeats its run: same learning prime */
    unsigned long long sd = strtoull(s2 + strlen("modular: seed "), NULL, 10);
    char num[32];
    snprintf(num, sizeof num, "%llu", sd);
    const char *again[] = {"-v", "--seed", num, inpath, NULL};
    run r;
    run_gbc(&r, again, NULL);
    ck_assert_int_eq(r.status, 0);
    char *la = strstr(r.err, "learned modulo "), *l2 = strstr(err[2], "learned modulo ");
    ck_assert_ptr_nonnull(la);
    ck_assert_ptr_nonnull(l2);
    ck_assert_int_eq(strncmp(la, l2, 40), 0);
    run_free(&r);
    for (int i = 0; i < 4; i++) {
        free(out[i]);
        free(err[i]);
    }
}
END_TEST

/* -o FILE is written to a temporary file and renamed: -o naming the input works,
 * and a write that fails (here past a file-size limit) leaves FILE as it was,
 * exits 3 with a message, and leaves no temporary file behind (issue 15). */
START_TEST(test_output_atomic)
{
    char inpath[512], outpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("self.txt"));
    snprintf(outpath, sizeof outpath, "%s", path("kept.txt"));
    /* katsura-5 mod 65521: a basis of some 6 KB */
    const char *text = "u0,u1,u2,u3,u4,u5\n65521\n"
                       "u0+2*u1+2*u2+2*u3+2*u4+2*u5-1,\n"
                       "u0^2+2*u1^2+2*u2^2+2*u3^2+2*u4^2+2*u5^2-u0,\n"
                       "2*u0*u1+2*u1*u2+2*u2*u3+2*u3*u4+2*u4*u5-u1,\n"
                       "u1^2+2*u0*u2+2*u1*u3+2*u2*u4+2*u3*u5-u2,\n"
                       "2*u1*u2+2*u0*u3+2*u1*u4+2*u2*u5-u3,\n"
                       "u2^2+2*u1*u3+2*u0*u4+2*u1*u5-u4\n";
    write_file(inpath, text, strlen(text));
    const char *plain[] = {inpath, NULL};
    run r0;
    run_gbc(&r0, plain, NULL);
    ck_assert_int_eq(r0.status, 0);
    ck_assert_uint_gt(r0.outlen, 4096);
    /* -o the input itself */
    const char *self[] = {"-o", inpath, inpath, NULL};
    run r;
    run_gbc(&r, self, NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    run_free(&r);
    size_t len;
    char *got = tu_read_file(inpath, &len);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, r0.out);
    free(got);
    /* a file-size limit of 2 KB for the child: the old contents stay */
    write_file(inpath, text, strlen(text));
    write_file(outpath, "old\n", 4);
    struct rlimit old, lim;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = 2048;
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
    const char *limited[] = {"-o", outpath, inpath, NULL};
    run_gbc(&r, limited, NULL);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
    ck_assert_msg(r.status == 3, "exit %d: %s", r.status, r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "left unchanged"));
    run_free(&r);
    got = tu_read_file(outpath, &len);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, "old\n");
    free(got);
    DIR *d = opendir(ct_dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        ck_assert_msg(strstr(de->d_name, ".gbc-") == NULL, "temporary file left: %s",
                      de->d_name);
    closedir(d);
    /* -o a symbolic link: the file it names gets the basis, the link stays */
    char linkpath[512];
    snprintf(linkpath, sizeof linkpath, "%s", path("link.txt"));
    ck_assert_int_eq(symlink("kept.txt", linkpath), 0);
    const char *vialink[] = {"-o", linkpath, inpath, NULL};
    run_gbc(&r, vialink, NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    run_free(&r);
    struct stat lb;
    ck_assert_int_eq(lstat(linkpath, &lb), 0);
    ck_assert(S_ISLNK(lb.st_mode));
    got = tu_read_file(outpath, &len);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, r0.out);
    free(got);
    /* -o a FIFO (as /dev/null or a terminal: not a regular file): written in place,
     * never replaced by a renamed file */
    char fifopath[512], readpath[512];
    snprintf(fifopath, sizeof fifopath, "%s", path("fifo"));
    snprintf(readpath, sizeof readpath, "%s", path("fifo.out"));
    ck_assert_int_eq(mkfifo(fifopath, 0600), 0);
    pid_t reader = fork();
    ck_assert_int_ge(reader, 0);
    if (reader == 0) {
        FILE *in = fopen(fifopath, "rb"), *out = fopen(readpath, "wb");
        if (in == NULL || out == NULL)
            _exit(1);
        char buf[4096];
        size_t k;
        while ((k = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, k, out) != k)
                _exit(1);
        _exit(fclose(out) != 0);
    }
    const char *tofifo[] = {"-o", fifopath, inpath, NULL};
    run_gbc(&r, tofifo, NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    run_free(&r);
    int ws;
    while (waitpid(reader, &ws, 0) < 0)
        ck_assert_int_eq(errno, EINTR);
    ck_assert(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
    struct stat fb;
    ck_assert_int_eq(lstat(fifopath, &fb), 0);
    ck_assert(S_ISFIFO(fb.st_mode));
    got = tu_read_file(readpath, &len);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, r0.out);
    free(got);
    run_free(&r0);
}
END_TEST

/* --order-path: lex through FGLM (zero-dimensional, over Z/p and Q), Hilbert-driven
 * and through the homogenised ideal give the same output; -v names the path that ran; fglm on a
 * positive-dimensional ideal exits 1 with a message, an unknown path exits 2. */
START_TEST(test_order_path)
{
    static const char *const inputs[] = {
        /* zero-dimensional, over Z/p and over Q */
        "x,y,z\n65521\nx^2+y*z-2, y^2-x*z+z, z^3+x-y-1\n",
        "x,y,z\n0\nx^2+y*z/2-2, y^2-x*z+z, z^3+x-3*y-1\n",
        /* positive-dimensional (the surface x*y*z = 1 with a curve on it) */
        "x,y,z\n32003\nx*y*z-1, x^2-y^3\n",
    };
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("order.txt"));
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        write_file(inpath, inputs[i], strlen(inputs[i]));
        const int zero_dim = i < 2;
        const char *a_auto[] = {"-v", "--order", "lex", inpath, NULL};
        const char *a_hom[] = {"--order", "lex", "--order-path", "homogenise", inpath, NULL};
        const char *a_fglm[] = {"--order", "lex", "--order-path", "fglm", inpath, NULL};
        const char *a_bb[] = {"--order", "lex", "--algorithm", "buchberger", inpath, NULL};
        const char *a_hil[] = {"--order", "lex", "--order-path", "hilbert", inpath, NULL};
        run ra, rh, rf, rb, rl;
        run_gbc(&rl, a_hil, NULL);
        ck_assert_msg(rl.status == 0, "input %zu: hilbert exit %d: %s", i, rl.status, rl.err);
        run_gbc(&ra, a_auto, NULL);
        run_gbc(&rh, a_hom, NULL);
        run_gbc(&rf, a_fglm, NULL);
        run_gbc(&rb, a_bb, NULL);
        ck_assert_msg(ra.status == 0 && rh.status == 0 && rb.status == 0,
                      "input %zu: exits %d %d %d: %s", i, ra.status, rh.status, rb.status,
                      ra.err);
        ck_assert_str_eq(ra.out, rh.out);
        ck_assert_str_eq(ra.out, rb.out);
        ck_assert_str_eq(ra.out, rl.out);
        run_free(&rl);
        if (zero_dim) {
            ck_assert_msg(rf.status == 0, "input %zu: fglm exit %d: %s", i, rf.status, rf.err);
            ck_assert_str_eq(ra.out, rf.out);
            ck_assert_msg(strstr(ra.err, "FGLM") != NULL, "input %zu: -v does not say FGLM:\n%s",
                          i, ra.err);
        } else {
            ck_assert_msg(rf.status == 1, "input %zu: fglm on a positive-dimensional ideal "
                          "exits %d", i, rf.status);
            ck_assert_msg(strstr(rf.err, "error") != NULL && rf.out[0] == 0,
                          "input %zu: stderr %s", i, rf.err);
            ck_assert_msg(strstr(ra.err, "not zero-dimensional") != NULL,
                          "input %zu: -v does not say why:\n%s", i, ra.err);
        }
        run_free(&ra);
        run_free(&rh);
        run_free(&rf);
        run_free(&rb);
    }
    const char *bad[] = {"--order-path", "walk", inpath, NULL};
    run r;
    run_gbc(&r, bad, NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "walk"));
    run_free(&r);
}
END_TEST

/* --algorithm f4: refused with exit 2 and a message naming f4 while F4 does not
 * exist; once it does, the same output as buchberger. */
START_TEST(test_algorithm_f4)
{
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    static const char *inputs[] = {
        "x,y,z\n32003\nx^2+y*z-2, y^2-x*z+1, z^2+x-3*y\n",
        "x,y,z\n0\nx^2+y*z/2-2, y^2-x*z+1, z^2+x-3*y\n",
        "x,y\n0\nx-1, y-2\n",
        "x\n7\n1\n",
        "x,y\n7\n\n",
        "x,y\n0\n\n", /* last: see F4_EMPTY_BASIS_FIXED */
    };
    size_t ninputs = sizeof inputs / sizeof inputs[0] - (F4_EMPTY_BASIS_FIXED ? 0 : 1);
    for (size_t i = 0; i < ninputs; i++) {
        write_file(inpath, inputs[i], strlen(inputs[i]));
        const char *ab[] = {"--algorithm", "buchberger", inpath, NULL};
        const char *af[] = {"--algorithm", "f4", inpath, NULL};
        run rb, rf;
        run_gbc(&rb, ab, NULL);
        ck_assert_msg(rb.status == 0, "buchberger failed on input %zu: %s", i, rb.err);
        run_gbc(&rf, af, NULL);
        if (rf.status == 2) {
            ck_assert_uint_eq(rf.outlen, 0);
            ck_assert_msg(strstr(rf.err, "f4") != NULL, "refusal does not mention f4: %s",
                          rf.err);
        } else {
            ck_assert_msg(rf.status == 0, "--algorithm f4: exit %d: %s", rf.status, rf.err);
            ck_assert_msg(strcmp(rf.out, rb.out) == 0, "f4 and buchberger differ on input %zu:\n%s\n%s",
                          i, rf.out, rb.out);
        }
        run_free(&rb);
        run_free(&rf);
    }
}
END_TEST

/* ------------------------------------------------ monomial-ideal commands -- */

/* Run gbc ARGS... on the text in, expecting success; returns stdout (caller frees). */
static char *mi_run(const char *in, const char *cmd, const char *opt)
{
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    write_file(inpath, in, strlen(in));
    const char *a1[] = {cmd, inpath, NULL};
    const char *a2[] = {cmd, opt, inpath, NULL};
    run r;
    run_gbc(&r, opt ? a2 : a1, NULL);
    ck_assert_msg(r.status == 0, "gbc %s: exit %d: %s", cmd, r.status, r.err);
    ck_assert_uint_eq(r.errlen, 0);
    free(r.err);
    return r.out;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The lines of s sorted and joined by '\n' (s is modified). */
static void sort_lines(char *s, char *out, size_t cap)
{
    char *lines[64];
    size_t n = 0;
    for (char *l = strtok(s, "\n"); l != NULL && n < 64; l = strtok(NULL, "\n"))
        lines[n++] = l;
    qsort(lines, n, sizeof lines[0], cmp_str);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        strncat(out, lines[i], cap - strlen(out) - 2);
        strcat(out, "\n");
    }
}

START_TEST(test_monideal_commands)
{
    /* monomial input: I = <x^2 y, y^3, x z^2>, answers worked out by hand */
    const char *mono = "x,y,z\n0\nx^2*y, y^3, x*z^2\n";
    char *o, buf[1024];
    o = mi_run(mono, "hilbert", NULL);
    ck_assert_str_eq(o, "1-3*t^3+2*t^5+t^6-t^7\n");
    free(o);
    o = mi_run(mono, "hilbert", "--multigraded");
    ck_assert_str_eq(o, "1-x^2*y-x*z^2-y^3+x^2*y^3+x^2*y*z^2+x*y^3*z^2-x^2*y^3*z^2\n");
    free(o);
    o = mi_run(mono, "dim", NULL);
    ck_assert_str_eq(o, "1\n");
    free(o);
    o = mi_run(mono, "degree", NULL);
    ck_assert_str_eq(o, "5\n");
    free(o);
    o = mi_run(mono, "irrdecom", NULL);
    sort_lines(o, buf, sizeof buf);
    ck_assert_str_eq(buf, "x,y^3\nx^2,y^3,z^2\ny,z^2\n");
    free(o);
    o = mi_run(mono, "assoprimes", NULL);
    sort_lines(o, buf, sizeof buf);
    ck_assert_str_eq(buf, "x,y\nx,y,z\ny,z\n");
    free(o);
    o = mi_run(mono, "maxstandard", NULL);
    ck_assert_str_eq(o, "x*y^2*z\n");
    free(o);
    o = mi_run(mono, "alexdual", NULL);
    ck_assert_str_eq(o, "x,y,z\n0\nx*y*z,\nx^2*y,\ny^3*z\n");
    free(o);
    /* the unit ideal and the zero ideal */
    o = mi_run("x,y\n7\n3*x^0\n", "dim", NULL);
    ck_assert_str_eq(o, "-1\n");
    free(o);
    o = mi_run("x,y\n7\n\n", "dim", NULL);
    ck_assert_str_eq(o, "2\n");
    free(o);
    o = mi_run("x,y\n7\n\n", "hilbert", NULL);
    ck_assert_str_eq(o, "1\n");
    free(o);

    /* non-monomial input: the invariants are those of the leading ideal of the
     * Groebner basis, here read off the gb output and fed back as monomials */
    const char *sys = "x,y,z\n32003\nx^2+y*z-2, y^2-x*z+1, z^2+x-3*y\n";
    static const char *const cmds[] = {"hilbert", "dim", "degree", "irrdecom", "assoprimes",
                                       "maxstandard", "alexdual"};
    for (int ord = 0; ord < 2; ord++) {
        const char *order = ord ? "--order=lex" : NULL;
        char *gb = ord ? mi_run(sys, "gb", "--order=lex") : mi_run(sys, "gb", NULL);
        char lt[1024] = "x,y,z\n0\n";
        char *line = strchr(strchr(gb, '\n') + 1, '\n') + 1;
        for (char *l = strtok(line, "\n"); l != NULL; l = strtok(NULL, "\n")) {
            size_t k = strcspn(l + 1, "+-,") + 1; /* the monic leading term */
            strncat(lt, l, k);
            strcat(lt, ",");
        }
        lt[strlen(lt) - 1] = '\n';
        free(gb);
        for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
            char *a = mi_run(sys, cmds[c], order);
            char *b = mi_run(lt, cmds[c], NULL);
            char sa[1024], sb[1024];
            sort_lines(a, sa, sizeof sa);
            sort_lines(b, sb, sizeof sb);
            if (strcmp(cmds[c], "alexdual") != 0) /* alexdual prints the characteristic */
                ck_assert_msg(strcmp(sa, sb) == 0, "%s (%s) differs from its leading ideal "
                              "%s:\n%s\n%s", cmds[c], order ? order : "grevlex", lt, sa, sb);
            free(a);
            free(b);
        }
    }
    /* bad input: exit 1, a located message, nothing on stdout */
    char inpath[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    write_file(inpath, "x,y\n0\nx^2*y +\n", 15);
    const char *ab[] = {"irrdecom", inpath, NULL};
    run r;
    run_gbc(&r, ab, NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_uint_eq(r.outlen, 0);
    ck_assert_msg(strstr(r.err, "error:") != NULL, "no error message: %s", r.err);
    run_free(&r);
    /* standard input */
    write_file(inpath, mono, strlen(mono));
    const char *as[] = {"degree", "-", NULL};
    run_gbc(&r, as, inpath);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "5\n");
    run_free(&r);
}
END_TEST

/* ------------------------------------------------------- input, output -- */

START_TEST(test_io_paths)
{
    char inpath[512], res[512];
    snprintf(inpath, sizeof inpath, "%s", path("in.txt"));
    snprintf(res, sizeof res, "%s", path("res.txt"));
    /* (x - 1, y - 2) in grevlex: y - 2 has the smaller leading monomial */
    const char *in = "x,y\n0\nx - 1, y - 2\n";
    const char *want = "x,y\n0\ny-2,\nx-1\n";
    write_file(inpath, in, strlen(in));
    run r;
    const char *a1[] = {inpath, NULL};
    run_gbc(&r, a1, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, want);
    ck_assert_uint_eq(r.errlen, 0);
    run_free(&r);
    const char *a2[] = {"-", NULL};
    run_gbc(&r, a2, inpath);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, want);
    run_free(&r);
    const char *a3[] = {"gb", NULL};
    run_gbc(&r, a3, inpath);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, want);
    run_free(&r);
    /* -o FILE: the result in the file, nothing on stdout */
    const char *a4[] = {"-o", res, inpath, NULL};
    run_gbc(&r, a4, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_uint_eq(r.outlen, 0);
    run_free(&r);
    size_t len;
    char *got = tu_read_file(res, &len);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, want);
    free(got);
    /* -o with input from stdin, options after the file */
    unlink(res);
    const char *a5[] = {"--order", "lex", "-o", res, NULL};
    run_gbc(&r, a5, inpath);
    ck_assert_int_eq(r.status, 0);
    ck_assert_uint_eq(r.outlen, 0);
    run_free(&r);
    got = tu_read_file(res, &len);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, want);
    free(got);
    /* on bad input -o writes nothing */
    unlink(res);
    write_file(inpath, "x,y\n0\nx+", 8);
    const char *a6[] = {"-o", res, inpath, NULL};
    run_gbc(&r, a6, NULL);
    ck_assert_int_eq(r.status, 1);
    run_free(&r);
    ck_assert_ptr_null(tu_read_file(res, &len));
    /* the unit ideal and the zero ideal; over Q with an empty basis only through
     * buchberger until F4_EMPTY_BASIS_FIXED */
    const char *a7[] = {inpath, F4_EMPTY_BASIS_FIXED ? NULL : "--algorithm", "buchberger",
                        NULL};
    write_file(inpath, "x\n0\nx, x+1\n", 11);
    run_gbc(&r, a1, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "x\n0\n1\n");
    run_free(&r);
    write_file(inpath, "x,y\n7\n", 6);
    run_gbc(&r, a1, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "x,y\n7\n");
    run_free(&r);
    write_file(inpath, "x,y\n0\n", 6);
    run_gbc(&r, a7, NULL);
    ck_assert_msg(r.status == 0, "zero ideal over Q: exit %d: %s", r.status, r.err);
    ck_assert_str_eq(r.out, "x,y\n0\n");
    run_free(&r);
    /* a ring with no variables */
    write_file(inpath, "\n7\n3\n", 5);
    run_gbc(&r, a1, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "\n7\n1\n");
    run_free(&r);
    write_file(inpath, "\n0\n3\n", 5);
    run_gbc(&r, a7, NULL);
    ck_assert_msg(r.status == 0, "no variables over Q: exit %d: %s", r.status, r.err);
    ck_assert_str_eq(r.out, "\n0\n1\n");
    run_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_hostile_input);
    tcase_add_test(tc, test_overflow_in_computation);
    tcase_add_test(tc, test_usage);
    tcase_add_test(tc, test_algorithm_f4);
    tcase_add_test(tc, test_seed);
    tcase_add_test(tc, test_order_path);
    tcase_add_test(tc, test_output_atomic);
    tcase_add_test(tc, test_io_paths);
    tcase_add_test(tc, test_monideal_commands);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
