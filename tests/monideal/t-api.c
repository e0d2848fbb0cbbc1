/* Tests for the monomial-ideal section of the public API: argument checks, NULL-safe
 * frees, rings and term orders of gens, the leading ideal of a polynomial system,
 * the ideal operations through handles, memory limits, interrupts and every
 * allocation failure (no leak, outputs untouched). */
#include <stdlib.h>

#include "api/api.h"
#include "gbc.h"
#include "mi_check.h"
#include "testutil.h"

static gbc_monideal *make(uint32_t n, const uint32_t *e, size_t k)
{
    gbc_monideal *I = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_new(&I, NULL, n, e, k), GBC_OK);
    return I;
}

START_TEST(test_arguments)
{
    gbc_monideal *I = NULL;
    uint32_t e[2] = {1, 2};
    MI_ASSERT_INT_EQ(gbc_monideal_new(NULL, NULL, 2, e, 1), GBC_ERR_ARG);
    MI_ASSERT_INT_EQ(gbc_monideal_new(&I, NULL, 2, NULL, 1), GBC_ERR_ARG);
    ck_assert_ptr_null(I);
    gbc_monideal_free(NULL);
    gbc_monideal_array_free(NULL);
    MI_ASSERT_UINT_EQ(gbc_monideal_nvars(NULL), 0);
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(NULL), 0);
    ck_assert_ptr_null(gbc_monideal_ring(NULL));
    I = make(2, e, 1);
    gbc_monideal *J = make(3, NULL, 0), *out = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_sum(&out, I, J, NULL), GBC_ERR_ARG);
    ck_assert_ptr_null(out);
    MI_ASSERT_INT_EQ(gbc_monideal_intersection(&out, I, NULL, NULL), GBC_ERR_ARG);
    uint32_t buf[2];
    MI_ASSERT_INT_EQ(gbc_monideal_gens(buf, 0, I), GBC_ERR_ARG);
    int yes = -1;
    MI_ASSERT_INT_EQ(gbc_monideal_contains(&yes, I, NULL), GBC_ERR_ARG);
    MI_ASSERT_INT_EQ(gbc_monideal_equal(&yes, I, J), GBC_ERR_ARG);
    uint32_t *rows = NULL;
    size_t k = 7;
    MI_ASSERT_INT_EQ(gbc_monideal_irrdecom(&rows, NULL, I, NULL), GBC_ERR_ARG);
    MI_ASSERT_INT_EQ(gbc_monideal_irrdecom(NULL, &k, I, NULL), GBC_ERR_ARG);
    MI_ASSERT_UINT_EQ(k, 7);
    /* alexdual with a point below the lcm */
    uint32_t low[2] = {0, 5};
    MI_ASSERT_INT_EQ(gbc_monideal_alexdual(&out, I, low, NULL), GBC_ERR_ARG);
    ck_assert_ptr_null(out);
    /* a ring with the wrong number of variables */
    gbc_ring *R = NULL;
    const char *names[3] = {"a", "b", "c"};
    MI_ASSERT_INT_EQ(gbc_ring_new(&R, 3, names, 101, NULL, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(gbc_monideal_new(&out, R, 2, e, 1), GBC_ERR_ARG);
    gbc_ring_free(R);
    gbc_monideal_free(I);
    gbc_monideal_free(J);
}
END_TEST

START_TEST(test_ring_and_order)
{
    const char *names[3] = {"x", "y", "z"};
    gbc_ring *R = NULL;
    MI_ASSERT_INT_EQ(gbc_ring_new(&R, 3, names, 0, "lex", NULL), GBC_OK);
    uint32_t e[] = {0, 0, 3, 1, 0, 0, 0, 2, 0, 0, 1, 1, 0, 2, 0};
    gbc_monideal *I = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_new(&I, R, 3, e, 5), GBC_OK);
    gbc_ring_free(R); /* the ideal keeps the ring alive */
    ck_assert_str_eq(gbc_ring_var_name(gbc_monideal_ring(I), 2), "z");
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(I), 4); /* y^2 is a multiple of... no: y z, y^2 */
    uint32_t g[12];
    MI_ASSERT_INT_EQ(gbc_monideal_gens(g, 4, I), GBC_OK);
    /* increasing lex with x > y > z: z^3 < y z < y^2 < x */
    uint32_t want[12] = {0, 0, 3, 0, 1, 1, 0, 2, 0, 1, 0, 0};
    for (int i = 0; i < 12; i++)
        MI_ASSERT_UINT_EQ(g[i], want[i]);
    /* without a ring: grevlex, x > y > z */
    gbc_monideal *J = NULL, *K = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_new(&J, NULL, 3, e, 5), GBC_OK);
    MI_ASSERT_INT_EQ(gbc_monideal_gens(g, 4, J), GBC_OK);
    /* degrees 1, 2, 2, 3: x < y^2 ... grevlex: x; then y z < y^2; then z^3 */
    uint32_t want2[12] = {1, 0, 0, 0, 1, 1, 0, 2, 0, 0, 0, 3};
    for (int i = 0; i < 12; i++)
        MI_ASSERT_UINT_EQ(g[i], want2[i]);
    int eq = 0;
    MI_ASSERT_INT_EQ(gbc_monideal_equal(&eq, I, J), GBC_OK);
    MI_ASSERT_INT_EQ(eq, 1);
    MI_ASSERT_INT_EQ(gbc_monideal_copy(&K, I), GBC_OK);
    ck_assert_ptr_eq(gbc_monideal_ring(K), gbc_monideal_ring(I));
    gbc_monideal_free(I);
    gbc_monideal_free(J);
    ck_assert_str_eq(gbc_ring_var_name(gbc_monideal_ring(K), 0), "x");
    gbc_monideal_free(K);
}
END_TEST

START_TEST(test_operations)
{
    /* <x^2, y> and <x, y^3> in k[x,y] */
    uint32_t a[] = {2, 0, 0, 1}, b[] = {1, 0, 0, 3};
    gbc_monideal *A = make(2, a, 2), *B = make(2, b, 2), *o = NULL;
    uint32_t g[8];
    MI_ASSERT_INT_EQ(gbc_monideal_sum(&o, A, B, NULL), GBC_OK); /* <x, y> */
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(o), 2);
    gbc_monideal_free(o);
    MI_ASSERT_INT_EQ(gbc_monideal_intersection(&o, A, B, NULL), GBC_OK); /* <x^2, xy, y^3> */
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(o), 3);
    gbc_monideal_free(o);
    MI_ASSERT_INT_EQ(gbc_monideal_product(&o, A, B, NULL), GBC_OK); /* <x^3, xy, y^4> */
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(o), 3);
    gbc_monideal_gens(g, 3, o);
    /* grevlex increasing: x y, x^3, y^4 */
    uint32_t wantp[6] = {1, 1, 3, 0, 0, 4};
    for (int i = 0; i < 6; i++)
        MI_ASSERT_UINT_EQ(g[i], wantp[i]);
    gbc_monideal_free(o);
    MI_ASSERT_INT_EQ(gbc_monideal_colon(&o, A, B, NULL), GBC_OK); /* <x, y> */
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(o), 2);
    gbc_monideal_free(o);
    uint32_t m[2] = {1, 0};
    MI_ASSERT_INT_EQ(gbc_monideal_colon_mono(&o, A, m, NULL), GBC_OK); /* <x, y> */
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(o), 2);
    gbc_monideal_free(o);
    MI_ASSERT_INT_EQ(gbc_monideal_radical(&o, A, NULL), GBC_OK); /* <x, y> */
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(o), 2);
    gbc_monideal_free(o);
    int in = -1;
    uint32_t xy[2] = {1, 1}, x1[2] = {1, 0};
    MI_ASSERT_INT_EQ(gbc_monideal_contains(&in, A, xy), GBC_OK);
    MI_ASSERT_INT_EQ(in, 1);
    MI_ASSERT_INT_EQ(gbc_monideal_contains(&in, A, x1), GBC_OK);
    MI_ASSERT_INT_EQ(in, 0);
    /* overflow in a product */
    uint32_t big[2] = {UINT32_MAX, 0};
    gbc_monideal *Bg = make(2, big, 1);
    o = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_product(&o, Bg, Bg, NULL), GBC_ERR_OVERFLOW);
    ck_assert_ptr_null(o);
    /* degree does not fit 64 bits: the string does */
    uint32_t pp[] = {(uint32_t)1 << 31, 0, 0, 0, (uint32_t)1 << 31, 0, 0, 0, (uint32_t)1 << 31};
    gbc_monideal *P = make(3, pp, 3);
    uint64_t d = 0;
    MI_ASSERT_INT_EQ(gbc_monideal_degree(&d, P, NULL), GBC_ERR_OVERFLOW);
    char *s = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_degree_string(&s, P, NULL), GBC_OK);
    ck_assert_str_eq(s, "9903520314283042199192993792"); /* 2^93 */
    gbc_string_free(s);
    gbc_monideal_free(P);
    gbc_monideal_free(Bg);
    gbc_monideal_free(A);
    gbc_monideal_free(B);
}
END_TEST

/* The leading ideal of a polynomial system: computed through its Groebner basis,
 * or taken as given with GBC_LEADING_IS_BASIS. */
START_TEST(test_leading_ideal)
{
    const char *text = "x,y,z\n32003\nx^2 + y*z - 1, x*y - z^2, y^3 - x*z\n";
    gbc_ring *R = NULL;
    gbc_polys *F = NULL, *G = NULL;
    MI_ASSERT_INT_EQ(gbc_parse(&R, &F, text, strlen(text), NULL, NULL, NULL), GBC_OK);
    gbc_monideal *I = NULL, *J = NULL;
    MI_ASSERT_INT_EQ(gbc_leading_ideal(&I, F, 0, NULL, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(gbc_groebner(&G, F, NULL, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(gbc_leading_ideal(&J, G, GBC_LEADING_IS_BASIS, NULL, NULL), GBC_OK);
    int eq = 0;
    MI_ASSERT_INT_EQ(gbc_monideal_equal(&eq, I, J), GBC_OK);
    MI_ASSERT_INT_EQ(eq, 1);
    MI_ASSERT_UINT_EQ(gbc_monideal_ngens(I), gbc_polys_count(G));
    /* a zero-dimensional system: the degree counts its solutions with multiplicity */
    int64_t dim = 5;
    MI_ASSERT_INT_EQ(gbc_monideal_dim(&dim, I, NULL), GBC_OK);
    MI_ASSERT_INT_EQ(dim, 0);
    MI_ASSERT_INT_EQ(gbc_leading_ideal(&J, F, 2u, NULL, NULL), GBC_ERR_ARG);
    gbc_monideal_free(I);
    gbc_monideal_free(J);
    gbc_polys_free(F);
    gbc_polys_free(G);
    gbc_ring_free(R);
}
END_TEST

static int stop_now(void *data)
{
    (void)data;
    return 1;
}

/* A computation big enough to run into limits and interrupts. */
static gbc_monideal *big_ideal(void)
{
    gbc_rng r;
    gbc_rng_seed(&r, 5);
    uint32_t n = 10, k = 120;
    uint32_t *e = malloc(sizeof(uint32_t) * n * k);
    for (uint32_t i = 0; i < n * k; i++)
        e[i] = gbc_rng_below(&r, 3) ? (uint32_t)gbc_rng_below(&r, 6) : 0;
    gbc_monideal *I = make(n, e, k);
    free(e);
    return I;
}

START_TEST(test_limits_and_interrupts)
{
    gbc_monideal *I = big_ideal();
    gbc_options *o = NULL;
    gbc_options_new(&o);
    gbc_options_set_interrupt(o, stop_now, NULL);
    uint32_t *rows = NULL;
    size_t k = 0;
    MI_ASSERT_INT_EQ(gbc_monideal_irrdecom(&rows, &k, I, o), GBC_ERR_INTERRUPTED);
    ck_assert_ptr_null(rows);
    uint64_t *deg = NULL;
    int64_t *coef = NULL;
    MI_ASSERT_INT_EQ(gbc_monideal_hilbert(&deg, &coef, &k, I, o), GBC_ERR_INTERRUPTED);
    gbc_options_free(o);
    gbc_options_new(&o);
    gbc_options_set_memory_limit(o, 1 << 16);
    MI_ASSERT_INT_EQ(gbc_monideal_irrdecom(&rows, &k, I, o), GBC_ERR_LIMIT);
    ck_assert_ptr_null(rows);
    gbc_options_free(o);
    gbc_monideal_free(I);
}
END_TEST

typedef gbc_status (*api_op)(const gbc_monideal *I, const gbc_options *o);

static gbc_status op_irrdecom(const gbc_monideal *I, const gbc_options *o)
{
    uint32_t *r = NULL;
    size_t k;
    gbc_status st = gbc_monideal_irrdecom(&r, &k, I, o);
    gbc_monideal_array_free(r);
    return st;
}
static gbc_status op_assoprimes(const gbc_monideal *I, const gbc_options *o)
{
    uint32_t *r = NULL;
    size_t k;
    gbc_status st = gbc_monideal_assoprimes(&r, &k, I, o);
    gbc_monideal_array_free(r);
    return st;
}
static gbc_status op_maxstandard(const gbc_monideal *I, const gbc_options *o)
{
    uint32_t *r = NULL;
    size_t k;
    gbc_status st = gbc_monideal_maxstandard(&r, &k, I, o);
    gbc_monideal_array_free(r);
    return st;
}
static gbc_status op_alexdual(const gbc_monideal *I, const gbc_options *o)
{
    gbc_monideal *D = NULL;
    gbc_status st = gbc_monideal_alexdual(&D, I, NULL, o);
    gbc_monideal_free(D);
    return st;
}
static gbc_status op_hilbert(const gbc_monideal *I, const gbc_options *o)
{
    uint64_t *d = NULL;
    int64_t *c = NULL;
    size_t k;
    gbc_status st = gbc_monideal_hilbert(&d, &c, &k, I, o);
    gbc_monideal_array_free(d);
    gbc_monideal_array_free(c);
    return st;
}
static gbc_status op_hilbert_mg(const gbc_monideal *I, const gbc_options *o)
{
    uint32_t *e = NULL;
    int64_t *c = NULL;
    size_t k;
    gbc_status st = gbc_monideal_hilbert_multigraded(&e, &c, &k, I, o);
    gbc_monideal_array_free(e);
    gbc_monideal_array_free(c);
    return st;
}
static gbc_status op_degree(const gbc_monideal *I, const gbc_options *o)
{
    char *s = NULL;
    gbc_status st = gbc_monideal_degree_string(&s, I, o);
    gbc_string_free(s);
    return st;
}
static gbc_status op_dim(const gbc_monideal *I, const gbc_options *o)
{
    int64_t d;
    return gbc_monideal_dim(&d, I, o);
}
static gbc_status op_colon(const gbc_monideal *I, const gbc_options *o)
{
    gbc_monideal *C = NULL;
    gbc_status st = gbc_monideal_colon(&C, I, I, o);
    gbc_monideal_free(C);
    return st;
}

/* Fail every allocation in turn: each run reports NOMEM (or succeeds once the
 * allocations are exhausted); the sanitizer build checks that nothing leaks. */
START_TEST(test_every_allocation_failure)
{
    uint32_t e[] = {2, 1, 0, 1, 0, 3, 0, 2, 2, 1, 1, 1, 3, 0, 0, 0, 0, 2};
    gbc_monideal *I = make(3, e, 6);
    api_op ops[] = {op_irrdecom, op_assoprimes, op_maxstandard, op_alexdual, op_hilbert,
                    op_hilbert_mg, op_degree, op_dim, op_colon};
    for (size_t j = 0; j < sizeof ops / sizeof ops[0]; j++) {
        int done = 0;
        for (uint64_t fail = 1; fail < 10000 && !done; fail++) {
            gbc_options *o = NULL;
            gbc_options_new(&o);
            api_options_set_fail_alloc(o, fail);
            gbc_status st = ops[j](I, o);
            ck_assert_msg(st == GBC_OK || st == GBC_ERR_NOMEM, "op %zu fail %llu: %d", j,
                          (unsigned long long)fail, (int)st);
            done = st == GBC_OK;
            gbc_options_free(o);
        }
        MI_ASSERT(done);
    }
    gbc_monideal_free(I);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_arguments);
    tcase_add_test(tc, test_ring_and_order);
    tcase_add_test(tc, test_operations);
    tcase_add_test(tc, test_leading_ideal);
    tcase_add_test(tc, test_limits_and_interrupts);
    tcase_add_test(tc, test_every_allocation_failure);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
