/* tests/solve/t-modp: one prime's parametrisation (solve/krylov.c, sv_param_mod_p)
 * against its definition: with x_i = v_i / w' mod w, w monic of degree D = dim R/I
 * and squarefree modulo p, every generator of I and T + sum c_i x_i vanish modulo
 * (p, w). That is checked here by plain polynomial arithmetic modulo p on the
 * input generators (not on the basis the function reads). Also: a form that does
 * not separate, a non-radical ideal, a prime dividing a denominator of the basis,
 * every allocation failing in turn, and an interrupt. */
#include <stdlib.h>
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"
#include "testutil.h"

static uint64_t mulm(uint64_t a, uint64_t b, uint64_t p)
{
    return a * b % p;
}

static uint64_t invm(uint64_t a, uint64_t p)
{
    uint64_t r = 1, e = p - 2;
    while (e) {
        if (e & 1)
            r = mulm(r, a, p);
        a = mulm(a, a, p);
        e >>= 1;
    }
    return r;
}

/* a mod w into a (a: 2 D - 1 entries, w monic of degree D). */
static void rem_w(uint64_t *a, size_t na, const uint64_t *w, size_t D, uint64_t p)
{
    for (size_t top = na; top-- > D;) {
        uint64_t q = a[top];
        for (size_t j = 0; j <= D; j++)
            a[top - D + j] = (a[top - D + j] + (p - mulm(q, w[j], p))) % p;
    }
}

/* r = a b mod w (D entries each). */
static void mulmod_w(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *w,
                     size_t D, uint64_t p)
{
    uint64_t *t = calloc(2 * D + 1, sizeof *t);
    for (size_t i = 0; i < D; i++)
        for (size_t j = 0; j < D; j++)
            t[i + j] = (t[i + j] + mulm(a[i], b[j], p)) % p;
    rem_w(t, 2 * D, w, D, p);
    memcpy(r, t, D * sizeof *r);
    free(t);
}

/* The degree of gcd(a, b) (copies; na, nb entries). */
static long gcd_deg(const uint64_t *a0, size_t na, const uint64_t *b0, size_t nb, uint64_t p)
{
    uint64_t *a = calloc(na + nb + 1, sizeof *a), *b = calloc(na + nb + 1, sizeof *b);
    memcpy(a, a0, na * sizeof *a);
    memcpy(b, b0, nb * sizeof *b);
    long da = (long)na - 1, db = (long)nb - 1;
    while (da >= 0 && a[da] == 0)
        da--;
    while (db >= 0 && b[db] == 0)
        db--;
    while (db >= 0) {
        uint64_t li = invm(b[db], p);
        while (da >= db) {
            uint64_t q = mulm(a[da], li, p);
            for (long j = 0; j <= db; j++)
                a[da - db + j] = (a[da - db + j] + p - mulm(q, b[j], p)) % p;
            while (da >= 0 && a[da] == 0)
                da--;
        }
        uint64_t *t = a;
        a = b;
        b = t;
        long dt = da;
        da = db;
        db = dt;
    }
    free(a);
    free(b);
    return da;
}

/* Whether r (sv_param_mod_p's residues) satisfies the definition for gens (over Q,
 * n variables), the form c, modulo p. */
static int param_holds(const uint32_t *r, const gbc_polys *gens, const int64_t *c, uint32_t n,
                       size_t D, uint64_t p)
{
    uint64_t *w = calloc(D + 1, sizeof *w), *dw = calloc(D, sizeof *dw);
    uint64_t *x = calloc((size_t)n * D, sizeof *x), *acc = calloc(D, sizeof *acc);
    uint64_t *term = calloc(D, sizeof *term), *tmp = calloc(D, sizeof *tmp);
    for (size_t i = 0; i < D; i++)
        w[i] = r[i];
    w[D] = 1;
    for (size_t i = 1; i <= D; i++)
        dw[i - 1] = mulm(w[i], i % p, p);
    int ok = gcd_deg(w, D + 1, dw, D, p) == 0;
    /* x_i with x_i w' = v_i mod w, by Gaussian elimination on the D x D matrix of
     * multiplication by w' (invertible when w is squarefree) */
    uint64_t *M = calloc(D * (D + (size_t)n), sizeof *M);
    size_t cols = D + n;
    for (size_t k = 0; ok && k < D; k++) {
        /* column k: w' T^k mod w */
        uint64_t *t = calloc(2 * D + 1, sizeof *t);
        for (size_t i = 0; i < D; i++)
            t[i + k] = dw[i];
        rem_w(t, 2 * D, w, D, p);
        for (size_t i = 0; i < D; i++)
            M[i * cols + k] = t[i];
        free(t);
    }
    for (uint32_t v = 0; ok && v < n; v++)
        for (size_t i = 0; i < D; i++)
            M[i * cols + D + v] = r[(size_t)(v + 1) * D + i];
    for (size_t col = 0; ok && col < D; col++) {
        size_t piv = col;
        while (piv < D && M[piv * cols + col] == 0)
            piv++;
        if (piv == D) {
            ok = 0;
            break;
        }
        for (size_t j = 0; j < cols; j++) {
            uint64_t t = M[col * cols + j];
            M[col * cols + j] = M[piv * cols + j];
            M[piv * cols + j] = t;
        }
        uint64_t li = invm(M[col * cols + col], p);
        for (size_t j = 0; j < cols; j++)
            M[col * cols + j] = mulm(M[col * cols + j], li, p);
        for (size_t i = 0; i < D; i++) {
            uint64_t f = M[i * cols + col];
            if (i == col || f == 0)
                continue;
            for (size_t j = 0; j < cols; j++)
                M[i * cols + j] = (M[i * cols + j] + p - mulm(f, M[col * cols + j], p)) % p;
        }
    }
    for (uint32_t v = 0; ok && v < n; v++)
        for (size_t i = 0; i < D; i++)
            x[(size_t)v * D + i] = M[i * cols + D + v];
    /* T + sum c_i x_i = 0 mod w */
    memset(acc, 0, D * sizeof *acc);
    if (D > 1)
        acc[1] = 1;
    else
        acc[0] = (p - w[0]) % p; /* T mod (T + w_0) */
    for (uint32_t v = 0; ok && v < n; v++) {
        uint64_t cv = (uint64_t)((c[v] % (int64_t)p + (int64_t)p) % (int64_t)p);
        for (size_t i = 0; i < D; i++)
            acc[i] = (acc[i] + mulm(cv, x[(size_t)v * D + i], p)) % p;
    }
    for (size_t i = 0; ok && i < D; i++)
        ok = acc[i] == 0;
    /* every generator */
    for (size_t g = 0; ok && g < gbc_polys_count(gens); g++) {
        size_t m = gbc_polys_nterms(gens, g);
        uint32_t *ex = malloc((m * n + 1) * sizeof *ex);
        mpq_t *q = malloc((m + 1) * sizeof *q);
        for (size_t t = 0; t < m; t++)
            mpq_init(q[t]);
        ck_assert_int_eq(gbc_polys_get_mpq(ex, q, m, gens, g), GBC_OK);
        memset(acc, 0, D * sizeof *acc);
        for (size_t t = 0; t < m && ok; t++) {
            uint64_t den = mpz_fdiv_ui(mpq_denref(q[t]), p);
            ck_assert(den != 0);
            uint64_t cf = mulm(mpz_fdiv_ui(mpq_numref(q[t]), p), invm(den, p), p);
            memset(term, 0, D * sizeof *term);
            term[0] = 1;
            for (uint32_t v = 0; v < n; v++)
                for (uint32_t e = 0; e < ex[t * n + v]; e++) {
                    mulmod_w(tmp, term, x + (size_t)v * D, w, D, p);
                    memcpy(term, tmp, D * sizeof *term);
                }
            for (size_t i = 0; i < D; i++)
                acc[i] = (acc[i] + mulm(cf, term[i], p)) % p;
        }
        for (size_t i = 0; i < D; i++)
            ok = ok && acc[i] == 0;
        for (size_t t = 0; t < m; t++)
            mpq_clear(q[t]);
        free(q);
        free(ex);
    }
    free(M);
    free(w);
    free(dw);
    free(x);
    free(acc);
    free(term);
    free(tmp);
    return ok;
}

/* A system over Q: its generators, reduced grevlex basis and D. */
typedef struct qsys {
    gbc_ring *R;
    gbc_polys *gens, *G;
    uint32_t n;
    size_t D;
} qsys;

static void qsys_init(qsys *S, const char *text)
{
    ck_assert_int_eq(gbc_parse(&S->R, &S->gens, text, strlen(text), "grevlex", NULL, NULL),
                     GBC_OK);
    ck_assert_int_eq(gbc_groebner(&S->G, S->gens, NULL, NULL), GBC_OK);
    S->n = gbc_ring_nvars(S->R);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    int64_t dim = 0;
    uint64_t deg = 0;
    ck_assert_int_eq(sv_dim_degree(&ctx, &dim, &deg, S->G, NULL), GBC_OK);
    ck_assert_int_eq(dim, 0);
    S->D = (size_t)deg;
}

static void qsys_clear(qsys *S)
{
    gbc_polys_free(S->G);
    gbc_polys_free(S->gens);
    gbc_ring_free(S->R);
}

/* sv_param_mod_p on S for the form c modulo p under opts (NULL: none): its status,
 * *ok, and the residues checked against the definition when *ok = 1. */
static gbc_status run(int *ok, const qsys *S, const int64_t *c, uint32_t p,
                      const gbc_options *opts)
{
    gbc_ctx ctx;
    gbc_plan P;
    api_ctx_from_options(&ctx, &P, opts);
    sv_gbmod B;
    memset(&B, 0, sizeof B);
    uint32_t *r = calloc((S->n + 1) * S->D, sizeof *r);
    uint32_t *cf = NULL;
    *ok = -1;
    gbc_status st = sv_gbmod_init(&ctx, &B, S->G);
    if (st == GBC_OK) {
        cf = malloc((B.total + 1) * sizeof *cf);
        st = sv_param_mod_p(&ctx, r, ok, &B, cf, c, p, S->D, opts);
    }
    free(cf);
    sv_gbmod_clear(&ctx, &B);
    if (st == GBC_OK && *ok == 1)
        ck_assert_msg(param_holds(r, S->gens, c, S->n, S->D, p), "p = %u", p);
    free(r);
    ck_assert_uint_eq(ctx.mem_used, 0);
    return st;
}

static const uint32_t PRIMES[] = {2147483647u, 2147483629u, 2147483587u, 1000000007u, 65521u};

START_TEST(test_random)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed());
    int systems = 0;
    for (int rep = 0; rep < 12; rep++) {
        uint32_t n = 2 + (uint32_t)gbc_rng_below(&rng, 2);
        sbuf b;
        sb_init(&b);
        for (uint32_t i = 0; i < n; i++)
            sb_printf(&b, "%sx%u", i ? "," : "", i + 1);
        sb_printf(&b, "\n0\n");
        for (uint32_t i = 0; i < n; i++) {
            int d = 1 + (int)gbc_rng_below(&rng, 3);
            sb_printf(&b, "%s%lld/%u*x%u^%d", i ? ",\n" : "",
                      (long long)gbc_rng_below(&rng, 9) + 1, 1 + (unsigned)gbc_rng_below(&rng, 6),
                      i + 1, d);
            for (int t = 0; t < 3; t++) {
                sb_printf(&b, "+(%lld)", (long long)gbc_rng_below(&rng, 41) - 20);
                int left = (int)gbc_rng_below(&rng, (uint64_t)d);
                for (uint32_t j = 0; j < n && left > 0; j++) {
                    int e = (int)gbc_rng_below(&rng, (uint64_t)left + 1);
                    if (e > 0)
                        sb_printf(&b, "*x%u^%d", j + 1, e);
                    left -= e;
                }
            }
        }
        qsys S;
        qsys_init(&S, b.s);
        int64_t forms[2][3] = {{0, 0, 0}, {1, 2, 3}};
        forms[0][n - 1] = -1;
        int served = 0;
        for (int f = 0; f < 2; f++)
            for (size_t k = 0; k < sizeof PRIMES / sizeof *PRIMES; k++) {
                int ok = 0;
                ck_assert_int_eq(run(&ok, &S, forms[f], PRIMES[k], NULL), GBC_OK);
                ck_assert(ok == 0 || ok == 1 || ok == 2);
                served += f == 1 && k < 3 && ok == 1;
            }
        /* a generic form separates a radical system modulo the large primes (all
         * or none of them: a random system may be non-radical) */
        ck_assert_msg(served == 0 || served == 3, "%s: %d", b.s, served);
        systems += served == 3;
        qsys_clear(&S);
        sb_free(&b);
    }
    ck_assert_int_ge(systems, 6);
}
END_TEST

START_TEST(test_special)
{
    int ok = 0;
    qsys S;
    /* x2 takes two values on four points: T = x2 does not separate; T = -(x1 + 2 x2)
     * does */
    qsys_init(&S, "x1,x2\n0\nx1^2-1, x2^2-1");
    ck_assert_int_eq(run(&ok, &S, (int64_t[]){0, -1}, PRIMES[0], NULL), GBC_OK);
    ck_assert_int_eq(ok, 0);
    ck_assert_int_eq(run(&ok, &S, (int64_t[]){1, 2}, PRIMES[0], NULL), GBC_OK);
    ck_assert_int_eq(ok, 1);
    qsys_clear(&S);
    /* not radical: the double point (0, 1); T = x2 gives degree 1 < D = 2, a form
     * with x1 gives w = (T + 2)^2 */
    qsys_init(&S, "x1,x2\n0\nx1^2, x2-1");
    ck_assert_int_eq(run(&ok, &S, (int64_t[]){0, -1}, PRIMES[0], NULL), GBC_OK);
    ck_assert_int_eq(ok, 0);
    ck_assert_int_eq(run(&ok, &S, (int64_t[]){1, 2}, PRIMES[0], NULL), GBC_OK);
    ck_assert_int_eq(ok, 2);
    qsys_clear(&S);
    /* 3 divides a denominator of the basis (x1 - 1/3): that prime does not serve */
    qsys_init(&S, "x1,x2\n0\n3*x1-1, x2^2-2");
    ck_assert_int_eq(run(&ok, &S, (int64_t[]){0, -1}, 3, NULL), GBC_OK);
    ck_assert_int_eq(ok, 0);
    ck_assert_int_eq(run(&ok, &S, (int64_t[]){0, -1}, PRIMES[0], NULL), GBC_OK);
    ck_assert_int_eq(ok, 1);
    qsys_clear(&S);
}
END_TEST

static int stop_now(void *data)
{
    (void)data;
    return 1;
}

/* Every allocation failing in turn, then a memory limit and an interrupt: a clean
 * status, nothing left charged (run asserts it), and the result after. */
START_TEST(test_faults)
{
    qsys S;
    qsys_init(&S, "x1,x2,x3\n0\nx1^2+x2^2+x3^2-3, x1*x2-x3+1/2, x3^3-x1-2");
    int64_t c[3] = {1, 2, 3};
    int ok = 0, fails = 0;
    for (uint64_t i = 1;; i++) {
        gbc_options *o = NULL;
        ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
        api_options_set_fail_alloc(o, i);
        gbc_status st = run(&ok, &S, c, PRIMES[0], o);
        gbc_options_free(o);
        if (st == GBC_OK) {
            ck_assert_int_eq(ok, 1);
            break;
        }
        ck_assert_int_eq(st, GBC_ERR_NOMEM);
        fails++;
        ck_assert(i < 100000);
    }
    ck_assert(fails > 5);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_memory_limit(o, 2000), GBC_OK);
    ck_assert_int_eq(run(&ok, &S, c, PRIMES[0], o), GBC_ERR_LIMIT);
    ck_assert_int_eq(gbc_options_set_memory_limit(o, 0), GBC_OK);
    ck_assert_int_eq(gbc_options_set_interrupt(o, stop_now, NULL), GBC_OK);
    gbc_status st = run(&ok, &S, c, PRIMES[0], o);
    ck_assert(st == GBC_ERR_INTERRUPTED || (st == GBC_OK && ok == 1));
    gbc_options_free(o);
    qsys_clear(&S);
}
END_TEST

static Suite *modp_suite(void)
{
    Suite *s = suite_create("solve-modp");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_random);
    tcase_add_test(tc, test_special);
    tcase_add_test(tc, test_faults);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(modp_suite());
}
