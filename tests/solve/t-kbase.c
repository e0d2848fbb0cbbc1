/* tests/solve/t-kbase: gbc_kbase (the normal set and the multiplication matrices of
 * R/I) against what characterises R/I. With b_0 = 1 and M_i x_i's matrix, the
 * checks below (the b_k standard and increasing, D = the degree of R/I computed
 * from the Hilbert series of the leading ideal, M_i e_k = e_j whenever x_i b_k is
 * b_j, the matrices commuting, f(M) e_0 = 0 for every generator f) make
 * g -> g(M) e_0 a surjection R -> K^D whose kernel holds I, of the dimension of
 * R/I: so K^D with the M_i is R/I, and the matrices are right. Random systems in
 * every order kind over Z/p and Q (seed printed), the unit and positive-dimensional
 * ideals, interrupts and failed allocations. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbc.h"
#include "api/api.h" /* the ring's order, api_options_set_fail_alloc */
#include "testutil.h"

typedef struct qring {
    uint32_t n, p;
    size_t D;
    uint32_t *B; /* D x n exponents */
    mpq_t *M;    /* n matrices D x D: M[(i D + j) D + k] = entry (j, k) of M_i */
} qring;

static mpq_t *entry(qring *Q, uint32_t i, size_t j, size_t k)
{
    return &Q->M[((size_t)i * Q->D + j) * Q->D + k];
}

static void reduce_p(mpq_t x, uint32_t p)
{
    if (p == 0)
        return;
    T_ASSERT(mpz_cmp_ui(mpq_denref(x), 1) == 0);
    mpz_fdiv_r_ui(mpq_numref(x), mpq_numref(x), p);
}

/* The index of the monomial e in B, or D. */
static size_t find_mono(const qring *Q, const uint32_t *e)
{
    for (size_t j = 0; j < Q->D; j++)
        if (memcmp(Q->B + j * Q->n, e, sizeof(uint32_t) * Q->n) == 0)
            return j;
    return Q->D;
}

/* Coefficient t of polynomial i of P into c (residue or rational). */
static void coef_of(mpq_t c, const gbc_polys *P, size_t i, size_t t, uint32_t p, uint32_t n,
                    size_t nt)
{
    if (p != 0) {
        uint32_t *ex = malloc(sizeof(uint32_t) * (nt * n + 1));
        uint32_t *cf = malloc(sizeof(uint32_t) * (nt + 1));
        T_ASSERT(ex != NULL && cf != NULL);
        T_ASSERT(gbc_polys_get_zp(ex, cf, nt, P, i) == GBC_OK);
        mpq_set_ui(c, cf[t], 1);
        free(ex);
        free(cf);
        return;
    }
    char buf[4096];
    T_ASSERT(gbc_polys_get_coef_q(buf, sizeof buf, NULL, P, i, t) == GBC_OK);
    T_ASSERT(mpq_set_str(c, buf, 10) == 0);
    mpq_canonicalize(c);
}

/* The normal set and matrices of gbc_kbase into Q (every term of a product a
 * member of B: asserted). */
static void load(qring *Q, const gbc_polys *kb, const gbc_polys *mult, uint32_t n, uint32_t p)
{
    Q->n = n;
    Q->p = p;
    Q->D = gbc_polys_count(kb);
    T_ASSERT(gbc_polys_count(mult) == n * Q->D);
    Q->B = malloc(sizeof(uint32_t) * (Q->D * n + 1));
    Q->M = malloc(sizeof(mpq_t) * (n * Q->D * Q->D + 1));
    T_ASSERT(Q->B != NULL && Q->M != NULL);
    for (size_t k = 0; k < Q->D; k++) {
        T_ASSERT(gbc_polys_nterms(kb, k) == 1);
        T_ASSERT(gbc_polys_get_zp(Q->B + k * n, NULL, 1, kb, k) == GBC_OK);
    }
    for (size_t x = 0; x < n * Q->D * Q->D; x++)
        mpq_init(Q->M[x]);
    uint32_t *ex = malloc(sizeof(uint32_t) * (n + 1) * (Q->D + 1));
    T_ASSERT(ex != NULL);
    for (uint32_t i = 0; i < n; i++)
        for (size_t k = 0; k < Q->D; k++) {
            size_t row = (size_t)i * Q->D + k, nt = gbc_polys_nterms(mult, row);
            T_ASSERT(nt <= Q->D);
            T_ASSERT(gbc_polys_get_zp(ex, NULL, Q->D + 1, mult, row) == GBC_OK);
            for (size_t t = 0; t < nt; t++) {
                size_t j = find_mono(Q, ex + t * n);
                T_ASSERT_MSG(j < Q->D, "a product's normal form leaves the normal set");
                coef_of(*entry(Q, i, j, k), mult, row, t, p, n, nt);
            }
        }
    free(ex);
}

static void qring_free(qring *Q)
{
    for (size_t x = 0; x < Q->n * Q->D * Q->D; x++)
        mpq_clear(Q->M[x]);
    free(Q->M);
    free(Q->B);
}

/* out = M_i v (D entries each). */
static void mat_vec(qring *Q, uint32_t i, mpq_t *out, mpq_t *v)
{
    mpq_t t;
    mpq_init(t);
    for (size_t j = 0; j < Q->D; j++) {
        mpq_set_ui(out[j], 0, 1);
        for (size_t k = 0; k < Q->D; k++) {
            mpq_mul(t, *entry(Q, i, j, k), v[k]);
            mpq_add(out[j], out[j], t);
        }
        reduce_p(out[j], Q->p);
    }
    mpq_clear(t);
}

static mpq_t *vec_new(size_t D)
{
    mpq_t *v = malloc(sizeof(mpq_t) * (D + 1));
    T_ASSERT(v != NULL);
    for (size_t j = 0; j < D; j++)
        mpq_init(v[j]);
    return v;
}

static void vec_free(mpq_t *v, size_t D)
{
    for (size_t j = 0; j < D; j++)
        mpq_clear(v[j]);
    free(v);
}

/* M_i M_j = M_j M_i, column by column. */
static void check_commute(qring *Q)
{
    mpq_t *a = vec_new(Q->D), *b = vec_new(Q->D), *c = vec_new(Q->D), *d = vec_new(Q->D);
    for (uint32_t i = 0; i < Q->n; i++)
        for (uint32_t j = i + 1; j < Q->n; j++)
            for (size_t k = 0; k < Q->D; k++) {
                for (size_t r = 0; r < Q->D; r++)
                    mpq_set_ui(a[r], r == k, 1);
                mat_vec(Q, j, b, a);
                mat_vec(Q, i, c, b);
                mat_vec(Q, i, b, a);
                mat_vec(Q, j, d, b);
                for (size_t r = 0; r < Q->D; r++)
                    T_ASSERT_MSG(mpq_equal(c[r], d[r]), "M_%u and M_%u do not commute", i, j);
            }
    vec_free(a, Q->D);
    vec_free(b, Q->D);
    vec_free(c, Q->D);
    vec_free(d, Q->D);
}

/* M_i e_k = e_j when x_i b_k = b_j. */
static void check_standard_products(qring *Q)
{
    uint32_t *e = malloc(sizeof(uint32_t) * (Q->n + 1));
    T_ASSERT(e != NULL);
    for (uint32_t i = 0; i < Q->n; i++)
        for (size_t k = 0; k < Q->D; k++) {
            memcpy(e, Q->B + k * Q->n, sizeof(uint32_t) * Q->n);
            e[i]++;
            size_t j = find_mono(Q, e);
            if (j == Q->D)
                continue;
            for (size_t r = 0; r < Q->D; r++)
                T_ASSERT(mpq_cmp_ui(*entry(Q, i, r, k), r == j, 1) == 0);
        }
    free(e);
}

/* f(M) e_0 = 0 for every generator f. */
static void check_generators(qring *Q, const gbc_polys *gens)
{
    mpq_t *acc = vec_new(Q->D), *v = vec_new(Q->D), *w = vec_new(Q->D);
    mpq_t c, t;
    mpq_inits(c, t, NULL);
    for (size_t g = 0; g < gbc_polys_count(gens); g++) {
        size_t nt = gbc_polys_nterms(gens, g);
        uint32_t *ex = malloc(sizeof(uint32_t) * (nt * Q->n + 1));
        T_ASSERT(ex != NULL);
        T_ASSERT(gbc_polys_get_zp(ex, NULL, nt, gens, g) == GBC_OK);
        for (size_t r = 0; r < Q->D; r++)
            mpq_set_ui(acc[r], 0, 1);
        for (size_t s = 0; s < nt; s++) {
            for (size_t r = 0; r < Q->D; r++)
                mpq_set_ui(v[r], r == 0, 1);
            for (uint32_t i = 0; i < Q->n; i++)
                for (uint32_t a = 0; a < ex[s * Q->n + i]; a++) {
                    mat_vec(Q, i, w, v);
                    for (size_t r = 0; r < Q->D; r++)
                        mpq_swap(v[r], w[r]);
                }
            coef_of(c, gens, g, s, Q->p, Q->n, nt);
            for (size_t r = 0; r < Q->D; r++) {
                mpq_mul(t, c, v[r]);
                mpq_add(acc[r], acc[r], t);
                reduce_p(acc[r], Q->p);
            }
        }
        for (size_t r = 0; r < Q->D; r++)
            T_ASSERT_MSG(mpq_sgn(acc[r]) == 0, "generator %zu does not vanish on R/I", g);
        free(ex);
    }
    mpq_clears(c, t, NULL);
    vec_free(acc, Q->D);
    vec_free(v, Q->D);
    vec_free(w, Q->D);
}

/* The normal set against the leading ideal: b_0 = 1, increasing in the ring's
 * order, each outside LT(I), as many as the degree of R/LT(I). */
static void check_normal_set(qring *Q, const gbc_polys *gens)
{
    const gbc_ring *rg = gbc_polys_ring(gens);
    gbc_monideal *LT = NULL;
    T_ASSERT(gbc_leading_ideal(&LT, gens, 0, NULL, NULL) == GBC_OK);
    uint64_t deg = 0;
    T_ASSERT(gbc_monideal_degree(&deg, LT, NULL) == GBC_OK);
    T_ASSERT_MSG(deg == Q->D, "normal set of %zu monomials, degree %llu", Q->D,
                 (unsigned long long)deg);
    for (size_t k = 0; k < Q->D; k++) {
        int in = 1;
        T_ASSERT(gbc_monideal_contains(&in, LT, Q->B + k * Q->n) == GBC_OK);
        T_ASSERT(!in);
        if (k == 0)
            for (uint32_t i = 0; i < Q->n; i++)
                T_ASSERT(Q->B[i] == 0);
        else
            T_ASSERT(mono_cmp(&rg->R.ord, Q->B + (k - 1) * Q->n, Q->B + k * Q->n) < 0);
    }
    gbc_monideal_free(LT);
}

/* gbc_kbase of text (order: NULL for the text's grevlex) and every check; returns
 * the status (GBC_ERR_DOMAIN: the dimension, checked positive against the leading
 * ideal's). */
static gbc_status check_text(const char *text, const char *order)
{
    gbc_ring *rg = NULL;
    gbc_polys *gens = NULL, *kb = NULL, *mult = NULL;
    gbc_error err;
    T_ASSERT(gbc_parse(&rg, &gens, text, strlen(text), order, NULL, &err) == GBC_OK);
    gbc_status st = gbc_kbase(&kb, &mult, gens, NULL, &err);
    uint32_t n = gbc_ring_nvars(rg), p = gbc_ring_characteristic(rg);
    if (st == GBC_ERR_DOMAIN) {
        gbc_monideal *LT = NULL;
        int64_t dim = 0;
        T_ASSERT(gbc_leading_ideal(&LT, gens, 0, NULL, NULL) == GBC_OK);
        T_ASSERT(gbc_monideal_dim(&dim, LT, NULL) == GBC_OK);
        T_ASSERT(dim > 0);
        char want[64];
        snprintf(want, sizeof want, "dimension %lld", (long long)dim);
        T_ASSERT_MSG(strstr(err.message, want) != NULL, "message '%s'", err.message);
        T_ASSERT(kb == NULL && mult == NULL);
        gbc_monideal_free(LT);
    } else {
        T_ASSERT_MSG(st == GBC_OK, "gbc_kbase: %s on\n%s", gbc_status_string(st), text);
        qring Q;
        load(&Q, kb, mult, n, p);
        check_normal_set(&Q, gens);
        check_standard_products(&Q);
        check_commute(&Q);
        check_generators(&Q, gens);
        /* without the matrices: the same normal set */
        gbc_polys *kb2 = NULL;
        T_ASSERT(gbc_kbase(&kb2, NULL, gens, NULL, NULL) == GBC_OK);
        T_ASSERT(gbc_polys_count(kb2) == Q.D);
        qring_free(&Q);
        gbc_polys_free(kb2);
    }
    gbc_polys_free(kb);
    gbc_polys_free(mult);
    gbc_polys_free(gens);
    gbc_ring_free(rg);
    return st;
}

START_TEST(test_small)
{
    T_ASSERT(check_text("x,y\n0\nx^2-1, y^2-x\n", NULL) == GBC_OK);
    T_ASSERT(check_text("x,y\n32003\nx^2-1, y^2-x\n", "lex") == GBC_OK);
    T_ASSERT(check_text("x,y,z\n0\nx^2+y^2+z^2-1, x*y-1/3*z, x-y+2*z-1/2\n", NULL) == GBC_OK);
    T_ASSERT(check_text("x\n0\nx^5-2*x+1\n", NULL) == GBC_OK);
    /* a double root: the normal set counts multiplicity */
    T_ASSERT(check_text("x,y\n0\n(x-1)^2, y-x\n", NULL) == GBC_OK);
    char *k4 = tu_system_text("katsura", 4, 0);
    T_ASSERT(check_text(k4, NULL) == GBC_OK);
    free(k4);
    char *c4 = tu_system_text("cyclic", 4, 32003); /* positive-dimensional */
    T_ASSERT(check_text(c4, NULL) == GBC_ERR_DOMAIN);
    free(c4);
}
END_TEST

START_TEST(test_unit_and_positive)
{
    gbc_ring *rg = NULL;
    gbc_polys *gens = NULL, *kb = NULL, *mult = NULL;
    gbc_error err;
    const char *unit = "x,y\n0\nx*y-1, x\n";
    T_ASSERT(gbc_parse(&rg, &gens, unit, strlen(unit), NULL, NULL, &err) == GBC_OK);
    T_ASSERT(gbc_kbase(&kb, &mult, gens, NULL, &err) == GBC_OK);
    T_ASSERT(gbc_polys_count(kb) == 0 && gbc_polys_count(mult) == 0);
    gbc_polys_free(kb);
    gbc_polys_free(mult);
    gbc_polys_free(gens);
    gbc_ring_free(rg);
    T_ASSERT(check_text("x,y,z\n7\nx*y, z^2\n", NULL) == GBC_ERR_DOMAIN);
    T_ASSERT(check_text("x,y\n0\n0\n", NULL) == GBC_ERR_DOMAIN); /* the zero ideal */
    T_ASSERT(gbc_kbase(NULL, NULL, NULL, NULL, &err) == GBC_ERR_ARG);
}
END_TEST

/* n random generators in n variables, x_i^d plus lower terms (zero-dimensional
 * in a degree order; in others maybe not, which check_text accepts when the
 * dimension agrees). */
static void random_system(sbuf *b, gbc_rng *rng, uint32_t n, uint32_t p)
{
    for (uint32_t i = 0; i < n; i++)
        sb_printf(b, "%sx%u", i ? "," : "", i + 1);
    sb_printf(b, "\n%u\n", p);
    for (uint32_t i = 0; i < n; i++) {
        int d = 1 + (int)gbc_rng_below(rng, n == 1 ? 7 : 3);
        sb_printf(b, "%s%lld*x%u^%d", i ? ",\n" : "", (long long)gbc_rng_below(rng, 5) + 1,
                  (unsigned)gbc_rng_below(rng, n) + 1, d);
        int terms = 1 + (int)gbc_rng_below(rng, 5);
        for (int t = 0; t < terms; t++) {
            long long num = (long long)gbc_rng_below(rng, 41) - 20;
            sb_printf(b, "+(%lld/%llu)", num, (unsigned long long)gbc_rng_below(rng, 3) + 1);
            int left = (int)gbc_rng_below(rng, (uint64_t)d + 1);
            for (uint32_t j = 0; j < n && left > 0; j++) {
                int e = (int)gbc_rng_below(rng, (uint64_t)left + 1);
                if (e > 0)
                    sb_printf(b, "*x%u^%d", j + 1, e);
                left -= e;
            }
        }
    }
    sb_printf(b, "\n");
}

START_TEST(test_random)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x6b62);
    static const uint32_t primes[] = {0, 0, 32003, 7, 2147483629u};
    int rounds = 40 * tu_mult(), finite = 0;
    for (int r = 0; r < rounds; r++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&rng, 3);
        uint32_t p = primes[gbc_rng_below(&rng, 5)];
        sbuf b;
        sb_init(&b);
        random_system(&b, &rng, n, p);
        char order[256];
        tu_random_order(order, sizeof order, &rng, n, (int)gbc_rng_below(&rng, 5));
        finite += check_text(b.s, order) == GBC_OK;
        sb_free(&b);
    }
    T_ASSERT_MSG(finite >= rounds / 4, "only %d of %d random systems zero-dimensional",
                 finite, rounds);
}
END_TEST

/* A stop asked before the call, and failed allocations at every point: a status,
 * nothing leaked (ASan), the outputs NULL. */
START_TEST(test_limits)
{
    gbc_ring *rg = NULL;
    gbc_polys *gens = NULL;
    char *text = tu_system_text("katsura", 4, 0);
    T_ASSERT(gbc_parse(&rg, &gens, text, strlen(text), NULL, NULL, NULL) == GBC_OK);
    free(text);
    gbc_options *opts = NULL;
    T_ASSERT(gbc_options_new(&opts) == GBC_OK);
    gbc_options_cancel(opts);
    gbc_polys *kb = NULL, *mult = NULL;
    T_ASSERT(gbc_kbase(&kb, &mult, gens, opts, NULL) == GBC_ERR_INTERRUPTED);
    T_ASSERT(kb == NULL && mult == NULL);
    gbc_options_reset_cancel(opts);
    int ok = 0;
    for (uint64_t k = 1; k < 4000 && !ok; k += 1 + k / 8) {
        api_options_set_fail_alloc(opts, k);
        gbc_status st = gbc_kbase(&kb, &mult, gens, opts, NULL);
        T_ASSERT_MSG(st == GBC_OK || st == GBC_ERR_NOMEM, "allocation %llu: %s",
                     (unsigned long long)k, gbc_status_string(st));
        ok = st == GBC_OK;
        T_ASSERT(ok || (kb == NULL && mult == NULL));
        gbc_polys_free(kb);
        gbc_polys_free(mult);
        kb = mult = NULL;
    }
    api_options_set_fail_alloc(opts, 0);
    gbc_options_set_memory_limit(opts, 4096);
    T_ASSERT(gbc_kbase(&kb, &mult, gens, opts, NULL) == GBC_ERR_LIMIT);
    gbc_options_free(opts);
    gbc_polys_free(gens);
    gbc_ring_free(rg);
}
END_TEST

static Suite *kbase_suite(void)
{
    Suite *s = suite_create("kbase");
    TCase *tc = tcase_create("kbase");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_small);
    tcase_add_test(tc, test_unit_and_positive);
    tcase_add_test(tc, test_random);
    tcase_add_test(tc, test_limits);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(kbase_suite());
}
