/* Whole-program tests of the module commands of the gbc tool (GBC_BIN): gb on
 * vector input, syz and res, reduce, member and lift of vectors; their output
 * format (valid input again, Macaulay2's Betti layout with the total line last),
 * error messages and exit statuses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

typedef struct result {
    int status;
    char *out, *err;
} result;

static char *slurp(const char *path)
{
    size_t len;
    char *s = tu_read_file(path, &len);
    return s ? s : strdup("");
}

/* Run "gbc ARGS" with input on standard input. */
static result gbc(const char *args, const char *input)
{
    const char *bin = getenv("GBC_BIN");
    ck_assert_msg(bin != NULL, "GBC_BIN is not set");
    char in[] = "/tmp/gbc-t-mcli-in-XXXXXX", out[] = "/tmp/gbc-t-mcli-out-XXXXXX",
         err[] = "/tmp/gbc-t-mcli-err-XXXXXX";
    int fi = mkstemp(in), fo = mkstemp(out), fe = mkstemp(err);
    ck_assert(fi >= 0 && fo >= 0 && fe >= 0);
    ck_assert_int_eq((long)write(fi, input, strlen(input)), (long)strlen(input));
    close(fi);
    close(fo);
    close(fe);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' %s < %s > %s 2> %s", bin, args, in, out, err);
    int st = system(cmd);
    result r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    unlink(in);
    unlink(out);
    unlink(err);
    return r;
}

static void result_free(result *r)
{
    free(r->out);
    free(r->err);
}

START_TEST(test_res)
{
    result r = gbc("res", "x,y,z,w\n101\nx*z-y^2, x*w-y*z, y*w-z^2\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "       0 1 2\n"
                            "    0: 1 . .\n"
                            "    1: . 3 2\n"
                            "total: 1 3 2\n");
    result_free(&r);
    r = gbc("res", "x,y\n0\n[x, 0], [y, x], [0, y]\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "       0 1 2\n"
                            "    0: 2 3 .\n"
                            "    1: . . 1\n"
                            "total: 2 3 1\n");
    result_free(&r);
    /* not homogeneous: exit 1, a reason, nothing on stdout */
    r = gbc("res", "x,y\n7\nx^2+y, y^3\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.out, "");
    ck_assert_msg(strstr(r.err, "homogeneous") != NULL, "%s", r.err);
    result_free(&r);
    r = gbc("res", "x,y\n7\nx, 1\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.out, "");
    ck_assert_msg(strstr(r.err, "degree 0") != NULL, "%s", r.err);
    result_free(&r);
}
END_TEST

/* res --maps: the table, then each map under its comment line, one column a
 * line, each block valid vector input again; misuse is a usage error. (The maps
 * themselves are checked by their defining properties in t-module.) */
START_TEST(test_res_maps)
{
    result r = gbc("res --maps", "x,y,z,w\n0\nx*z-y^2, x*w-y*z, y*w-z^2\n");
    ck_assert_int_eq(r.status, 0);
    const char *table = "       0 1 2\n"
                        "    0: 1 . .\n"
                        "    1: . 3 2\n"
                        "total: 1 3 2\n\n";
    ck_assert_msg(strncmp(r.out, table, strlen(table)) == 0, "%s", r.out);
    const char *h1 = strstr(r.out, "# d_1: F_1 -> F_0, 3 columns of rank 1\n");
    const char *h2 = strstr(r.out, "# d_2: F_2 -> F_1, 2 columns of rank 3\n");
    ck_assert_msg(h1 != NULL && h2 != NULL && h1 < h2, "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "# d_3"));
    /* the block of d_2 is valid input: its two columns have rank 3 */
    char in[4096];
    const char *b2 = strchr(h2, '\n') + 1;
    snprintf(in, sizeof in, "x,y,z,w\n0\n%s", b2);
    result g = gbc("gb", in);
    ck_assert_msg(g.status == 0, "%s%s", in, g.err);
    result_free(&g);
    result_free(&r);
    r = gbc("syz --maps", "x,y\n7\nx, y\n");
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "--maps") != NULL, "%s", r.err);
    result_free(&r);
    r = gbc("res --maps --format json", "x,y\n7\nx, y\n");
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
    r = gbc("res --maps", "x,y\n7\nx^2+y, y^3\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.out, "");
    result_free(&r);
}
END_TEST

START_TEST(test_syz_gb)
{
    /* syz output is valid input: its syzygies of the syzygies are none here */
    result r = gbc("syz", "x,y\n0\n[x, 0], [y, x], [0, y]\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "x,y\n0\n[y^2, -x*y, x^2]\n");
    result r2 = gbc("syz", r.out);
    ck_assert_int_eq(r2.status, 0);
    ck_assert_str_eq(r2.out, "x,y\n0\n");
    result_free(&r2);
    result_free(&r);
    /* ideal input: the Koszul syzygy of x, y; a zero generator gives e_j */
    r = gbc("syz", "x,y\n7\nx, y\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "x,y\n7\n[6*y, x]\n"); /* x e_2 leads: monic there */
    result_free(&r);
    r = gbc("syz", "x,y\n7\nx, 0\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "x,y\n7\n[0, 1]\n");
    result_free(&r);
    /* gb routes vectors to the module code; the output is valid input again and a
     * fixed point of gb */
    r = gbc("gb", "x,y\n0\n[x, 0], [y, x], [0, y]\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "x,y\n0\n[0, y],\n[x, 0],\n[y, x],\n[y^2, 0]\n");
    r2 = gbc("", r.out);
    ck_assert_int_eq(r2.status, 0);
    ck_assert_str_eq(r2.out, r.out);
    result_free(&r2);
    result_free(&r);
    /* plain polynomials still go the ideal way, even with a '[' in a comment */
    r = gbc("gb", "x,y\n7\n# [not a vector]\nx^2, x*y\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "x,y\n7\nx*y,\nx^2\n");
    result_free(&r);
}
END_TEST

START_TEST(test_errors)
{
    result r = gbc("gb", "x,y\n7\n[x, y],\n [x]\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.out, "");
    ck_assert_msg(strstr(r.err, "<stdin>:4:2: error: a vector of rank 1") != NULL, "%s",
                  r.err);
    result_free(&r);
    r = gbc("syz", "x,y\n7\n[x, y], x\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "<stdin>:3:9: error: a plain polynomial among vectors") !=
                      NULL,
                  "%s", r.err);
    result_free(&r);
    r = gbc("res", "x,y\n7\n[x, y\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "<stdin>:3:1: error: '[' is not closed") != NULL, "%s",
                  r.err);
    result_free(&r);
    r = gbc("syz --order nonsense", "x,y\n7\nx\n");
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
}
END_TEST

/* A temporary file holding text; its path in path (room for 32). */
static void temp_file(char *path, const char *text)
{
    strcpy(path, "/tmp/gbc-t-mcli-m-XXXXXX");
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    ck_assert_int_eq((long)write(fd, text, strlen(text)), (long)strlen(text));
    close(fd);
}

/* The number of lines of s that start with prefix. */
static int lines_starting(const char *s, const char *prefix)
{
    int n = 0;
    for (const char *l = s; l != NULL && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        n += strncmp(l, prefix, strlen(prefix)) == 0;
    return n;
}

/* reduce, member and lift on vectors: one answer per query vector, zero vectors
 * included; a normal form is zero exactly for members and is its own normal form;
 * lift's cofactors of a member are valid input and refused for a non-member. */
START_TEST(test_queries)
{
    char m[32], cmd[128];
    temp_file(m, "x,y\n0\n[x, 0], [y, x], [0, y]\n");
    const char *q = "x,y\n0\n[x*y, x^2], [0, x], [0, 0]\n";
    snprintf(cmd, sizeof cmd, "member %s -", m);
    result r = gbc(cmd, q);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "true\nfalse\ntrue\n");
    result_free(&r);
    snprintf(cmd, sizeof cmd, "reduce %s -", m);
    r = gbc(cmd, q);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strncmp(r.out, "x,y\n0\n[0, 0],\n", 14) == 0, "%s", r.out);
    ck_assert_int_eq(lines_starting(r.out, "["), 3);
    ck_assert_int_eq(lines_starting(r.out, "[0, 0]"), 2);
    /* the normal forms again: the same, and the non-member's is no member */
    result r2 = gbc(cmd, r.out);
    ck_assert_int_eq(r2.status, 0);
    ck_assert_str_eq(r2.out, r.out);
    result_free(&r2);
    snprintf(cmd, sizeof cmd, "member %s -", m);
    r2 = gbc(cmd, r.out);
    ck_assert_str_eq(r2.out, "true\nfalse\ntrue\n");
    result_free(&r2);
    result_free(&r);
    snprintf(cmd, sizeof cmd, "lift %s --with -", m);
    r = gbc(cmd, "x,y\n0\n[x*y, x^2], [0, 0]\n");
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(lines_starting(r.out, "# cofactors of "), 2);
    ck_assert_msg(strstr(r.out, "# cofactors of 1: [x*y, x^2]\n") != NULL, "%s", r.out);
    ck_assert_msg(strstr(r.out, "0, 0, 0\n") != NULL, "%s", r.out);
    result_free(&r);
    r = gbc(cmd, q);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "vector 2 of the second input is not in the module"), "%s",
                  r.err);
    result_free(&r);
    /* refusals: another rank, another command, lift of the basis */
    snprintf(cmd, sizeof cmd, "member %s -", m);
    r = gbc(cmd, "x,y\n0\n[x, y, 0]\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "has vectors of rank 3, the first 2"), "%s", r.err);
    result_free(&r);
    snprintf(cmd, sizeof cmd, "intersect %s -", m);
    r = gbc(cmd, q);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "intersect takes ideals"), "%s", r.err);
    result_free(&r);
    r = gbc("lift", "x,y\n0\n[x, 0], [y, x]\n");
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.out, "");
    result_free(&r);
    unlink(m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("module-cli");
    TCase *tc = tcase_create("cli");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_res);
    tcase_add_test(tc, test_res_maps);
    tcase_add_test(tc, test_syz_gb);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_queries);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
