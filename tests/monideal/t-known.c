/* Known answers: every case of tests/data/monideal (inputs NAME.txt, answers
 * NAME.exp from Frobby and Singular, see make_expected.py there) through the
 * public API: gbc_parse, gbc_leading_ideal and each gbc_monideal_* invariant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbc.h"
#include "mi_check.h"
#include "testutil.h"

/* The path of a data file: under GBC_TEST_DATA (set by ctest) or, when that is
 * unset and tests/data is not below the working directory, in the source tree
 * this file was compiled from. */
static const char *data_path(const char *name)
{
    static char path[4096];
    if (getenv("GBC_TEST_DATA") == NULL) {
        FILE *f = fopen("tests/data/monideal/index.txt", "r");
        if (f != NULL) {
            fclose(f);
        } else {
            const char *src = __FILE__; /* .../tests/monideal/t-known.c */
            const char *cut = strstr(src, "monideal/t-known.c");
            if (cut != NULL) {
                snprintf(path, sizeof path, "%.*sdata/%s", (int)(cut - src), src, name);
                return path;
            }
        }
    }
    return tu_data_path(name);
}

/* Read a data file, failing with its path when it is missing. */
static char *read_data(const char *name, size_t *len)
{
    const char *path = data_path(name);
    char *text = tu_read_file(path, len);
    ck_assert_msg(text != NULL,
                  "cannot read %s: run under ctest or set GBC_TEST_DATA to tests/data", path);
    return text;
}

typedef struct rows {
    size_t n, w;
    int64_t *v; /* n * w */
} rows;

static int cmp_w;
static int cmp_row(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    for (int i = 0; i < cmp_w; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

static void rows_sort(rows *R)
{
    cmp_w = (int)R->w;
    if (R->n > 1 && R->w > 0)
        qsort(R->v, R->n, sizeof(int64_t) * R->w, cmp_row);
}

/* The block "key count" of an .exp text, count rows of w integers. */
static rows exp_block(const char *text, const char *key, size_t w)
{
    rows R = {0, w, NULL};
    char pat[64];
    snprintf(pat, sizeof pat, "\n%s ", key);
    const char *p = strstr(text, pat);
    ck_assert_msg(p != NULL, "no block %s", key);
    p += strlen(pat);
    R.n = strtoul(p, (char **)&p, 10);
    R.v = calloc(R.n * w + 1, sizeof(int64_t));
    for (size_t i = 0; i < R.n * w; i++)
        R.v[i] = strtoll(p, (char **)&p, 10);
    return R;
}

static int64_t exp_value(const char *text, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\n%s ", key);
    const char *p = strstr(text, pat);
    ck_assert_msg(p != NULL, "no value %s", key);
    return strtoll(p + strlen(pat), NULL, 10);
}

static rows from_u32(const uint32_t *a, size_t n, size_t w)
{
    rows R = {n, w, calloc(n * w + 1, sizeof(int64_t))};
    for (size_t i = 0; i < n * w; i++)
        R.v[i] = a[i];
    return R;
}

static void check_equal(rows *got, rows *want, const char *what, const char *name)
{
    rows_sort(got);
    rows_sort(want);
    ck_assert_msg(got->n == want->n, "%s %s: %zu rows, expected %zu", name, what, got->n,
                  want->n);
    for (size_t i = 0; i < got->n * got->w; i++)
        if (got->v[i] != want->v[i])
            ck_abort_msg("%s %s: row %zu differs", name, what,
                         i / got->w);
    free(got->v);
    free(want->v);
}

static void run_case(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "monideal/%s.txt", name);
    size_t len;
    char *text = read_data(path, &len);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    snprintf(path, sizeof path, "monideal/%s.exp", name);
    char *exp = read_data(path, NULL);
    ck_assert_msg(exp != NULL, "cannot read %s", path);
    gbc_ring *ring = NULL;
    gbc_polys *polys = NULL;
    gbc_error err;
    MI_ASSERT_INT_EQ(gbc_parse(&ring, &polys, text, len, NULL, NULL, &err), GBC_OK);
    gbc_monideal *I = NULL;
    MI_ASSERT_INT_EQ(gbc_leading_ideal(&I, polys, 0, NULL, NULL), GBC_OK);
    const size_t n = gbc_monideal_nvars(I);
    MI_ASSERT_UINT_EQ(n, gbc_ring_nvars(ring));
    ck_assert_ptr_eq(gbc_monideal_ring(I), ring);

    uint32_t *a = NULL;
    size_t k = 0;
    MI_ASSERT_INT_EQ(gbc_monideal_irrdecom(&a, &k, I, NULL), GBC_OK);
    rows got = from_u32(a, k, n), want = exp_block(exp, "irrdecom", n);
    check_equal(&got, &want, "irrdecom", name);
    gbc_monideal_array_free(a);

    gbc_monideal *D = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_alexdual(&D, I, NULL, NULL), GBC_OK);
    k = gbc_monideal_ngens(D);
    a = malloc(sizeof(uint32_t) * (k * n + 1));
    MI_ASSERT_INT_EQ(gbc_monideal_gens(a, k, D), GBC_OK);
    got = from_u32(a, k, n);
    want = exp_block(exp, "alexdual", n);
    check_equal(&got, &want, "alexdual", name);
    free(a);
    gbc_monideal_free(D);

    MI_ASSERT_INT_EQ(gbc_monideal_assoprimes(&a, &k, I, NULL), GBC_OK);
    got = from_u32(a, k, n);
    want = exp_block(exp, "assoprimes", n);
    check_equal(&got, &want, "assoprimes", name);
    gbc_monideal_array_free(a);

    MI_ASSERT_INT_EQ(gbc_monideal_maxstandard(&a, &k, I, NULL), GBC_OK);
    got = from_u32(a, k, n);
    want = exp_block(exp, "maxstandard", n);
    check_equal(&got, &want, "maxstandard", name);
    gbc_monideal_array_free(a);

    uint64_t *deg = NULL;
    int64_t *coef = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_hilbert(&deg, &coef, &k, I, NULL), GBC_OK);
    got.n = k;
    got.w = 2;
    got.v = calloc(2 * k + 1, sizeof(int64_t));
    for (size_t i = 0; i < k; i++) {
        got.v[2 * i] = (int64_t)deg[i];
        got.v[2 * i + 1] = coef[i];
        if (i > 0)
            ck_assert_uint_gt(deg[i], deg[i - 1]);
    }
    want = exp_block(exp, "hilbert", 2);
    check_equal(&got, &want, "hilbert", name);
    gbc_monideal_array_free(deg);
    gbc_monideal_array_free(coef);

    MI_ASSERT_INT_EQ(gbc_monideal_hilbert_multigraded(&a, &coef, &k, I, NULL), GBC_OK);
    got.n = k;
    got.w = n + 1;
    got.v = calloc(k * (n + 1) + 1, sizeof(int64_t));
    for (size_t i = 0; i < k; i++) {
        for (size_t v = 0; v < n; v++)
            got.v[i * (n + 1) + v] = a[i * n + v];
        got.v[i * (n + 1) + n] = coef[i];
    }
    want = exp_block(exp, "hilbert-mg", n + 1);
    check_equal(&got, &want, "hilbert-mg", name);
    gbc_monideal_array_free(a);
    gbc_monideal_array_free(coef);

    int64_t dim;
    MI_ASSERT_INT_EQ(gbc_monideal_dim(&dim, I, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(dim, exp_value(exp, "dim"));
    uint64_t dg;
    MI_ASSERT_INT_EQ(gbc_monideal_degree(&dg, I, NULL), GBC_OK);
    MI_ASSERT_INT_EQ((int64_t)dg, exp_value(exp, "degree"));
    char *ds = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_degree_string(&ds, I, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(strtoll(ds, NULL, 10), exp_value(exp, "degree"));
    gbc_string_free(ds);

    gbc_monideal_free(I);
    gbc_polys_free(polys);
    gbc_ring_free(ring);
    free(text);
    free(exp);
}

START_TEST(test_known_answers)
{
    char *index = read_data("monideal/index.txt", NULL);
    ck_assert_ptr_nonnull(index);
    int cases = 0;
    for (char *line = strtok(index, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        run_case(line);
        cases++;
    }
    ck_assert_int_ge(cases, 15);
    free(index);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("known");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_known_answers);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
