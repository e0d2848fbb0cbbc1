/* `gbc regularity`: the Castelnuovo-Mumford regularity of a homogeneous ideal or
 * submodule, checked on random ideals against Singular's regularity(mres(I,0))
 * (when Singular is installed) and against the definition on the table `gbc res`
 * prints (1 + the last row with an entry past column 0); the zero ideal's is
 * -infinity; inhomogeneous input is refused with status 1. */
#include "clitest.h"

/* Run gbc with the arguments args (NULL-terminated, args[0] ignored) on the input
 * text; its exit status, stdout in *out (malloc'd). */
static int run_gbc(char **args, const char *text, char **out)
{
    FILE *f = fopen(path("in.txt"), "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    int in = open(path("in.txt"), O_RDONLY);
    ck_assert_int_ge(in, 0);
    double t0 = now(), secs;
    int rc = finish(start(args, in), t0, 300, &secs);
    close(in);
    *out = tu_read_file(path("out.txt"), NULL);
    ck_assert_ptr_nonnull(*out);
    return rc;
}

/* A random homogeneous polynomial of degree d in x1..xn mod 32003 with a few terms. */
static void random_form(sbuf *b, gbc_rng *r, int n, int d)
{
    int terms = 2 + (int)gbc_rng_below(r, 4);
    for (int t = 0; t < terms; t++) {
        sb_printf(b, "%s%llu", t ? "+" : "", (unsigned long long)(1 + gbc_rng_below(r, 32002)));
        int e[8] = {0};
        for (int k = 0; k < d; k++)
            e[gbc_rng_below(r, (uint64_t)n)]++;
        for (int v = 0; v < n; v++)
            if (e[v])
                sb_printf(b, "*x%d^%d", v + 1, e[v]);
    }
}

/* The regularity by the definition on `gbc res`'s table text. */
static long regularity_of_table(const char *table)
{
    long last = -1;
    const char *l = strchr(table, '\n'); /* past the header of homological degrees */
    while (l != NULL && *++l != '\0') {
        long d;
        int used;
        if (sscanf(l, " %ld:%n", &d, &used) == 1) {
            const char *p = l + used;
            int col = 0;
            while (*p != '\0' && *p != '\n') {
                while (*p == ' ')
                    p++;
                if (*p == '\0' || *p == '\n')
                    break;
                if (col > 0 && *p != '.')
                    last = d;
                while (*p != ' ' && *p != '\n' && *p != '\0')
                    p++;
                col++;
            }
        }
        l = strchr(l, '\n');
    }
    return last < 0 ? -1 : last + 1;
}

static int have_singular(void)
{
    return system("command -v Singular >/dev/null 2>&1") == 0;
}

/* Singular's regularity(mres(I,0)) for the generators gens (comma-separated) in n
 * variables mod 32003. */
static long singular_regularity(int n, const char *gens)
{
    FILE *f = fopen(path("s.sing"), "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "ring r=32003,(");
    for (int v = 0; v < n; v++)
        fprintf(f, "%sx%d", v ? "," : "", v + 1);
    fprintf(f, "),dp;\nideal i=%s;\nprint(regularity(mres(i,0)));\nquit;\n", gens);
    fclose(f);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "Singular -q '%s' 2>&1", path("s.sing"));
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    long v = -99;
    int got = fscanf(p, "%ld", &v);
    pclose(p);
    ck_assert_msg(got == 1, "Singular printed no number for %s", gens);
    return v;
}

START_TEST(random_ideals)
{
    ct_dir_make("reg");
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    int sing = have_singular();
    if (!sing)
        printf("Singular not found: the regularities are checked on the Betti tables only\n");
    int cases = 8 * tu_mult();
    for (int c = 0; c < cases; c++) {
        int n = 3 + (int)gbc_rng_below(&r, 3);
        int m = 2 + (int)gbc_rng_below(&r, (uint64_t)n);
        sbuf g;
        sb_init(&g);
        for (int k = 0; k < m; k++) {
            if (k)
                sb_puts(&g, ",");
            random_form(&g, &r, n, 2 + (int)gbc_rng_below(&r, 2));
        }
        sbuf in;
        sb_init(&in);
        for (int v = 0; v < n; v++)
            sb_printf(&in, "%sx%d", v ? "," : "", v + 1);
        sb_printf(&in, "\n32003\n%s\n", g.s);
        char *reg, *table;
        char *a1[] = {NULL, "regularity", NULL}, *a2[] = {NULL, "res", NULL};
        ck_assert_int_eq(run_gbc(a1, in.s, &reg), 0);
        ck_assert_int_eq(run_gbc(a2, in.s, &table), 0);
        long ours = strtol(reg, NULL, 10);
        ck_assert_msg(ours == regularity_of_table(table),
                      "regularity %ld, table says %ld\ninput:\n%s\ntable:\n%s", ours,
                      regularity_of_table(table), in.s, table);
        if (sing) {
            long theirs = singular_regularity(n, g.s);
            ck_assert_msg(ours == theirs, "regularity %ld, Singular's %ld\ninput:\n%s", ours,
                          theirs, in.s);
        }
        free(reg);
        free(table);
        sb_free(&in);
        sb_free(&g);
    }
    ct_dir_remove();
}
END_TEST

START_TEST(edge_cases)
{
    ct_dir_make("reg");
    char *out;
    char *a[] = {NULL, "regularity", NULL};
    /* three quadrics, a complete intersection: reg = 1 + 2 + 2 + 2 - 3 + 1 = 4 */
    ck_assert_int_eq(run_gbc(a, "x,y,z\n32003\nx^2,y^2,z^2\n", &out), 0);
    ck_assert_str_eq(out, "4\n");
    free(out);
    ck_assert_int_eq(run_gbc(a, "x,y,z\n0\n0\n", &out), 0);
    ck_assert_str_eq(out, "-infinity\n");
    free(out);
    /* a submodule of R^2 (Macaulay2: regularity image matrix{{x,y^2},{z,x*y}} = 2) */
    ck_assert_int_eq(run_gbc(a, "x,y,z\n32003\n[x,z],[y^2,x*y]\n", &out), 0);
    ck_assert_str_eq(out, "2\n");
    free(out);
    char *j[] = {NULL, "regularity", "--format", "json", NULL};
    ck_assert_int_eq(run_gbc(j, "x,y,z\n32003\nx^2,y^2,z^2\n", &out), 0);
    ck_assert_str_eq(out, "{\"command\": \"regularity\", \"regularity\": 4}\n");
    free(out);
    ck_assert_int_eq(run_gbc(a, "x,y,z\n32003\nx^2+y,z\n", &out), 1);
    free(out);
    char *e = err_text();
    ck_assert_msg(strstr(e, "regularity needs homogeneous generators") != NULL, "%s", e);
    free(e);
    ct_dir_remove();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cli-regularity");
    TCase *tc = tcase_create("regularity");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, random_ideals);
    tcase_add_test(tc, edge_cases);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
