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
    unlink(m);
}
END_TEST

/* Whether the polynomial text is zero in Q[x, y]. */
static int zero_xy(const char *text)
{
    const char *names[] = {"x", "y"};
    gbc_ring *R = NULL;
    ck_assert_int_eq(gbc_ring_new(&R, 2, names, 0, NULL, NULL), GBC_OK);
    gbc_polys *P = NULL;
    ck_assert_int_eq(gbc_polys_parse_list(&P, R, text, strlen(text), NULL, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(P), 1);
    int z = gbc_polys_nterms(P, 0) == 0;
    gbc_polys_free(P);
    gbc_ring_free(R);
    return z;
}

/* The entries of a vector "[a, b]" of rank 2 (at most 255 characters each). */
static void entries2(const char *v, char a[256], char b[256])
{
    ck_assert_msg(sscanf(v, "[%255[^,], %255[^]]]", a, b) == 2, "not a vector: %s", v);
}

/* lift without a second input on vectors: the basis gb prints, element by element
 * in its order, each with cofactors in the generators that multiply back to it
 * (checked here by the library's parser: sum_i c_i g_i - b is zero in each
 * component). */
START_TEST(test_lift_basis)
{
    static const char *gens[][2] = {{"x", "0"}, {"y", "x"}, {"0", "y"}, {"x^2", "y^2"}};
    const size_t m = sizeof gens / sizeof gens[0];
    const char *in = "x,y\n0\n[x, 0], [y, x], [0, y], [x^2, y^2]\n";
    result g = gbc("gb", in);
    ck_assert_int_eq(g.status, 0);
    result r = gbc("lift", in);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strncmp(r.out, "x,y\n0\n", 6) == 0, "%s", r.out);
    /* the basis elements: gb's lines after its header, in order */
    const char *gl = strchr(strchr(g.out, '\n') + 1, '\n') + 1;
    const char *l = r.out;
    size_t k = 0;
    while ((l = strstr(l, "# cofactors of basis element ")) != NULL) {
        char tag[64];
        snprintf(tag, sizeof tag, "# cofactors of basis element %zu: ", k + 1);
        ck_assert_msg(strncmp(l, tag, strlen(tag)) == 0, "%s", r.out);
        const char *v = l + strlen(tag), *eol = strchr(v, '\n');
        const char *geol = strchr(gl, '\n');
        ck_assert_ptr_nonnull(geol);
        ck_assert_msg(strncmp(gl, v, (size_t)(eol - v)) == 0, "element %zu: %.*s, gb: %.*s",
                      k + 1, (int)(eol - v), v, (int)(geol - gl), gl);
        gl = geol + 1;
        char b0[256], b1[256];
        entries2(v, b0, b1);
        /* the cofactors: m entries on the next line, separated by commas */
        char line[1024];
        const char *c = eol + 1, *ceol = strchr(c, '\n');
        ck_assert_ptr_nonnull(ceol);
        snprintf(line, sizeof line, "%.*s", (int)(ceol - c), c);
        char sum0[4096] = "0", sum1[4096] = "0";
        char *save = NULL, *tok = strtok_r(line, ",", &save);
        for (size_t i = 0; i < m; i++) {
            ck_assert_msg(tok != NULL, "element %zu: %zu cofactors", k + 1, i);
            char t[1024];
            snprintf(t, sizeof t, " + (%s)*(%s)", tok, gens[i][0]);
            strncat(sum0, t, sizeof sum0 - strlen(sum0) - 1);
            snprintf(t, sizeof t, " + (%s)*(%s)", tok, gens[i][1]);
            strncat(sum1, t, sizeof sum1 - strlen(sum1) - 1);
            tok = strtok_r(NULL, ",", &save);
        }
        char d0[8192], d1[8192];
        snprintf(d0, sizeof d0, "%s - (%s)", sum0, b0);
        snprintf(d1, sizeof d1, "%s - (%s)", sum1, b1);
        ck_assert_msg(zero_xy(d0) && zero_xy(d1), "element %zu: %s / %s", k + 1, d0, d1);
        k++;
        l = ceol;
    }
    ck_assert_msg(k >= 2 && *gl == '\0', "%zu elements; gb:\n%s\nlift:\n%s", k, g.out, r.out);
    result_free(&g);
    result_free(&r);
}
END_TEST

/* gb --schreyer: with every term 1 the order is term over position (gb's own
 * output); with other terms a basis of the same module (every element a member,
 * every generator a member of the basis) whose leading terms follow the induced
 * order (checked on a case worked out by hand: the leads y^2 E_1 and x E_2 put the
 * second component's cubics first); the errors name the lead file. */
START_TEST(test_schreyer)
{
    char lead[32], mod[32], cmd[256];
    const char *mtext = "x,y,z\n32003\n[x*y, z^2], [y^2, x*z], [x^2, y*z]\n";
    temp_file(mod, mtext);
    temp_file(lead, "x,y,z\n32003\n[1], [1]\n");
    result top = gbc("gb", mtext);
    ck_assert_int_eq(top.status, 0);
    snprintf(cmd, sizeof cmd, "gb --schreyer %s %s", lead, mod);
    result r = gbc(cmd, "");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, top.out);
    result_free(&r);
    unlink(lead);
    temp_file(lead, "x,y,z\n32003\n[y^2, 0], [0, x]\n");
    snprintf(cmd, sizeof cmd, "gb --schreyer %s %s", lead, mod);
    r = gbc(cmd, "");
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_msg(strstr(r.out, "32003\n[0, y^2*z+32002*x*z^2],\n[0, x^2*z+32002*y*z^2],\n") !=
                      NULL,
                  "%s", r.out);
    ck_assert_int_eq(lines_starting(r.out, "["), lines_starting(top.out, "["));
    /* the same module both ways */
    snprintf(cmd, sizeof cmd, "member %s -", mod);
    result m = gbc(cmd, r.out);
    ck_assert_int_eq(m.status, 0);
    ck_assert_msg(strstr(m.out, "false") == NULL, "%s", m.out);
    result_free(&m);
    char basis[32];
    temp_file(basis, r.out);
    snprintf(cmd, sizeof cmd, "member %s -", basis);
    m = gbc(cmd, mtext);
    ck_assert_int_eq(m.status, 0);
    ck_assert_str_eq(m.out, "true\ntrue\ntrue\n");
    result_free(&m);
    unlink(basis);
    result_free(&r);
    result_free(&top);
    /* errors: the count, a lead of two terms, other commands and inputs */
    unlink(lead);
    temp_file(lead, "x,y,z\n32003\n[x], [y], [z]\n");
    snprintf(cmd, sizeof cmd, "gb --schreyer %s %s", lead, mod);
    r = gbc(cmd, "");
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "3 lead terms for vectors of rank 2") != NULL, "%s", r.err);
    result_free(&r);
    unlink(lead);
    temp_file(lead, "x,y,z\n32003\n[x+y], [y]\n");
    snprintf(cmd, sizeof cmd, "gb --schreyer %s %s", lead, mod);
    r = gbc(cmd, "");
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, lead) != NULL && strstr(r.err, "single term") != NULL, "%s",
                  r.err);
    result_free(&r);
    snprintf(cmd, sizeof cmd, "syz --schreyer %s %s", lead, mod);
    r = gbc(cmd, "");
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
    snprintf(cmd, sizeof cmd, "gb --schreyer %s --module-order pot %s", lead, mod);
    r = gbc(cmd, "");
    ck_assert_int_eq(r.status, 2);
    result_free(&r);
    snprintf(cmd, sizeof cmd, "gb --schreyer %s -", lead);
    r = gbc(cmd, "x,y,z\n32003\nx^2 + y\n");
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "vector input") != NULL, "%s", r.err);
    result_free(&r);
    unlink(lead);
    unlink(mod);
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
    tcase_add_test(tc, test_lift_basis);
    tcase_add_test(tc, test_schreyer);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
