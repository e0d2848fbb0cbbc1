/* tests/solve/t-solve: gbc_solve against the defining property of isolating boxes
 * (the generators evaluated over each box by interval arithmetic contain 0, every
 * interval is at most 2^-precision wide, boxes are pairwise disjoint), against an
 * independent count of the real solutions (Sturm sequences of eliminating
 * polynomials of linear forms, over Q in this file), and against systems whose
 * solutions are known exactly (random triangular systems, seed printed); over Z/p
 * against the enumeration of (Z/p)^n; and the Q and Z/p results against each other
 * on systems whose solutions are all integral. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h" /* api_options_set_fail_alloc */
#include "testutil.h"

/* ---------------------------------------------------------------- helpers -- */

typedef struct box {
    mpq_t *lo, *hi; /* nvars each */
} box;

typedef struct solved {
    gbc_ring *ring;
    gbc_polys *gens;
    gbc_solutions *sols;
    uint32_t n;
    size_t count;
    box *b;
} solved;

static void solved_free(solved *S)
{
    for (size_t k = 0; k < S->count; k++) {
        for (uint32_t i = 0; i < S->n; i++) {
            mpq_clear(S->b[k].lo[i]);
            mpq_clear(S->b[k].hi[i]);
        }
        free(S->b[k].lo);
        free(S->b[k].hi);
    }
    free(S->b);
    gbc_solutions_free(S->sols);
    gbc_polys_free(S->gens);
    gbc_ring_free(S->ring);
}

static void endpoint(mpq_t q, const gbc_solutions *s, size_t k, uint32_t i, int upper)
{
    size_t need = 0;
    uint32_t e = 0;
    T_ASSERT(gbc_solutions_endpoint(NULL, 0, &need, &e, s, k, i, upper) == GBC_OK);
    char *buf = malloc(need);
    T_ASSERT(buf != NULL);
    T_ASSERT(gbc_solutions_endpoint(buf, need - 1, NULL, &e, s, k, i, upper) == GBC_ERR_ARG);
    T_ASSERT(gbc_solutions_endpoint(buf, need, NULL, &e, s, k, i, upper) == GBC_OK);
    T_ASSERT(mpz_set_str(mpq_numref(q), buf, 10) == 0);
    mpz_set_ui(mpq_denref(q), 1);
    mpq_div_2exp(q, q, e);
    free(buf);
}

/* Parse text (header included) and solve it with gbc_solve's flags and options
 * (NULL: the defaults); *S holds everything. */
static gbc_status solve_text_opts(solved *S, const char *text, uint32_t prec, unsigned flags,
                                  const gbc_options *opts, gbc_error *err)
{
    memset(S, 0, sizeof *S);
    T_ASSERT(gbc_parse(&S->ring, &S->gens, text, strlen(text), NULL, NULL, err) == GBC_OK);
    gbc_status st = gbc_solve(&S->sols, S->gens, prec, flags, opts, err);
    if (st != GBC_OK)
        return st;
    S->n = gbc_solutions_nvars(S->sols);
    S->count = gbc_solutions_count(S->sols);
    S->b = calloc(S->count + 1, sizeof *S->b);
    T_ASSERT(S->b != NULL);
    for (size_t k = 0; k < S->count; k++) {
        S->b[k].lo = malloc(sizeof(mpq_t) * (S->n + 1));
        S->b[k].hi = malloc(sizeof(mpq_t) * (S->n + 1));
        T_ASSERT(S->b[k].lo != NULL && S->b[k].hi != NULL);
        for (uint32_t i = 0; i < S->n; i++) {
            mpq_init(S->b[k].lo[i]);
            mpq_init(S->b[k].hi[i]);
            endpoint(S->b[k].lo[i], S->sols, k, i, 0);
            endpoint(S->b[k].hi[i], S->sols, k, i, 1);
        }
    }
    return GBC_OK;
}

static gbc_status solve_text_flags(solved *S, const char *text, uint32_t prec, unsigned flags,
                                   gbc_error *err)
{
    return solve_text_opts(S, text, prec, flags, NULL, err);
}

static gbc_status solve_text(solved *S, const char *text, uint32_t prec, gbc_error *err)
{
    return solve_text_flags(S, text, prec, 0, err);
}

/* The defining property of S's boxes for precision prec. */
static void check_boxes(const solved *S, uint32_t prec, const char *name)
{
    mpq_t w, bound, lo, hi, tlo, thi;
    mpq_inits(w, bound, lo, hi, tlo, thi, NULL);
    mpq_set_ui(bound, 1, 1);
    mpq_div_2exp(bound, bound, prec);
    size_t ngens = gbc_polys_count(S->gens);
    for (size_t k = 0; k < S->count; k++) {
        for (uint32_t i = 0; i < S->n; i++) {
            mpq_sub(w, S->b[k].hi[i], S->b[k].lo[i]);
            T_ASSERT_MSG(mpq_sgn(w) >= 0 && mpq_cmp(w, bound) <= 0,
                         "%s: box %zu, variable %u: width not in [0, 2^-%u]", name, k, i,
                         prec);
        }
        /* every generator's range over the box holds 0 */
        for (size_t g = 0; g < ngens; g++) {
            size_t nt = gbc_polys_nterms(S->gens, g);
            uint32_t *exps = malloc(sizeof(uint32_t) * (nt * S->n + 1));
            mpq_t *c = malloc(sizeof(mpq_t) * (nt + 1));
            T_ASSERT(exps != NULL && c != NULL);
            for (size_t t = 0; t < nt; t++)
                mpq_init(c[t]);
            T_ASSERT(gbc_polys_get_mpq(exps, c, nt, S->gens, g) == GBC_OK);
            mpq_set_ui(lo, 0, 1);
            mpq_set_ui(hi, 0, 1);
            for (size_t t = 0; t < nt; t++) {
                mpq_set(tlo, c[t]);
                mpq_set(thi, c[t]);
                for (uint32_t i = 0; i < S->n; i++)
                    for (uint32_t e = 0; e < exps[t * S->n + i]; e++)
                        tu_mpq_interval_mul(tlo, thi, S->b[k].lo[i], S->b[k].hi[i]);
                mpq_add(lo, lo, tlo);
                mpq_add(hi, hi, thi);
            }
            T_ASSERT_MSG(mpq_sgn(lo) <= 0 && mpq_sgn(hi) >= 0,
                         "%s: generator %zu does not vanish over box %zu", name, g, k);
            for (size_t t = 0; t < nt; t++)
                mpq_clear(c[t]);
            free(c);
            free(exps);
        }
        /* disjoint from every other box in some coordinate */
        for (size_t j = k + 1; j < S->count; j++) {
            int apart = 0;
            for (uint32_t i = 0; i < S->n && !apart; i++)
                apart = mpq_cmp(S->b[k].hi[i], S->b[j].lo[i]) < 0 ||
                        mpq_cmp(S->b[j].hi[i], S->b[k].lo[i]) < 0;
            T_ASSERT_MSG(apart, "%s: boxes %zu and %zu meet", name, k, j);
        }
    }
    mpq_clears(w, bound, lo, hi, tlo, thi, NULL);
}

/* --------------------------------------- an independent count (Sturm) -- */

/* Univariate polynomials over Q as arrays of n mpq (c[i] of t^i), n = deg + 1. */
typedef struct up {
    mpq_t *c;
    size_t n;
} up;

static void up_init(up *p, size_t n)
{
    p->c = malloc(sizeof(mpq_t) * (n + 1));
    T_ASSERT(p->c != NULL);
    for (size_t i = 0; i < n + 1; i++)
        mpq_init(p->c[i]);
    p->n = n;
}

static void up_clear(up *p)
{
    for (size_t i = 0; i < p->n + 1; i++)
        mpq_clear(p->c[i]);
    free(p->c);
}

static size_t up_deg1(const up *p) /* degree + 1, 0 for zero */
{
    size_t n = p->n;
    while (n > 0 && mpq_sgn(p->c[n - 1]) == 0)
        n--;
    return n;
}

/* r <- a mod b (b nonzero); r has room for a's size */
static void up_rem(up *r, const up *a, const up *b)
{
    size_t nb = up_deg1(b);
    for (size_t i = 0; i < r->n; i++)
        mpq_set_ui(r->c[i], 0, 1);
    for (size_t i = 0; i < a->n; i++)
        mpq_set(r->c[i], a->c[i]);
    mpq_t q, t;
    mpq_inits(q, t, NULL);
    for (size_t na = up_deg1(r); na >= nb; na = up_deg1(r)) {
        mpq_div(q, r->c[na - 1], b->c[nb - 1]);
        for (size_t i = 0; i < nb; i++) {
            mpq_mul(t, q, b->c[i]);
            mpq_sub(r->c[na - nb + i], r->c[na - nb + i], t);
        }
    }
    mpq_clears(q, t, NULL);
}

/* Distinct real roots of w (nonzero) by a Sturm sequence, and distinct complex
 * roots (deg w - deg gcd(w, w')). */
static void sturm(size_t *real, size_t *complex, const up *w)
{
    size_t n = up_deg1(w);
    T_ASSERT(n >= 1);
    if (n == 1) {
        *real = *complex = 0;
        return;
    }
    up *seq = malloc(sizeof(up) * (n + 1));
    T_ASSERT(seq != NULL);
    up_init(&seq[0], n);
    for (size_t i = 0; i < n; i++)
        mpq_set(seq[0].c[i], w->c[i]);
    up_init(&seq[1], n);
    for (size_t i = 1; i < n; i++) {
        mpq_t f;
        mpq_init(f);
        mpq_set_ui(f, (unsigned long)i, 1);
        mpq_mul(seq[1].c[i - 1], w->c[i], f);
        mpq_clear(f);
    }
    size_t len = 2;
    while (up_deg1(&seq[len - 1]) > 1) {
        up_init(&seq[len], n);
        up_rem(&seq[len], &seq[len - 2], &seq[len - 1]);
        if (up_deg1(&seq[len]) == 0) {
            up_clear(&seq[len]);
            break;
        }
        for (size_t i = 0; i < n; i++)
            mpq_neg(seq[len].c[i], seq[len].c[i]);
        len++;
    }
    /* sign changes at -infinity and +infinity */
    int vm = 0, vp = 0, lm = 0, lp = 0;
    for (size_t k = 0; k < len; k++) {
        size_t d1 = up_deg1(&seq[k]);
        int s = mpq_sgn(seq[k].c[d1 - 1]);
        int sm = ((d1 - 1) % 2) ? -s : s;
        if (lp != 0 && s != lp)
            vp++;
        if (lm != 0 && sm != lm)
            vm++;
        lp = s;
        lm = sm;
    }
    *real = (size_t)(vm - vp);
    /* the last element is gcd(w, w') up to a constant */
    *complex = (n - 1) - (up_deg1(&seq[len - 1]) - 1);
    for (size_t k = 0; k < len; k++)
        up_clear(&seq[k]);
    free(seq);
}

/* For a few linear forms T = sum c_i x_i, the eliminating polynomial of T in
 * I + <T - l> (gbc_eliminate); the form with the most distinct roots separates
 * whenever one of them does. *real, *complex: its Sturm counts. */
static void independent_count(size_t *real, size_t *complex, const solved *S, gbc_rng *rng)
{
    uint32_t n = gbc_ring_nvars(S->ring);
    *real = *complex = 0;
    char *gtext = NULL;
    T_ASSERT(gbc_polys_to_string(&gtext, NULL, S->gens, 0) == GBC_OK);
    for (int attempt = 0; attempt < 4; attempt++) {
        sbuf hdr, b;
        sb_init(&hdr);
        sb_init(&b);
        for (uint32_t i = 0; i < n; i++)
            sb_printf(&hdr, "%s,", gbc_ring_var_name(S->ring, i));
        sb_printf(&hdr, "TT\n0\n");
        sb_printf(&b, "%s%s,\nTT", hdr.s, gtext);
        for (uint32_t i = 0; i < n; i++)
            sb_printf(&b, "-(%lld)*%s", (long long)gbc_rng_below(rng, 2001) - 1000,
                      gbc_ring_var_name(S->ring, i));
        gbc_ring *R = NULL;
        gbc_polys *P = NULL, *E = NULL;
        T_ASSERT(gbc_parse(&R, &P, b.s, b.len, NULL, NULL, NULL) == GBC_OK);
        uint32_t *vars = malloc(sizeof(uint32_t) * (n + 1));
        for (uint32_t i = 0; i < n; i++)
            vars[i] = i;
        T_ASSERT(gbc_eliminate(&E, P, vars, n, NULL, NULL) == GBC_OK);
        T_ASSERT(gbc_polys_count(E) == 1);
        size_t nt = gbc_polys_nterms(E, 0);
        uint32_t *ex = malloc(sizeof(uint32_t) * (nt * (n + 1) + 1));
        mpq_t *c = malloc(sizeof(mpq_t) * (nt + 1));
        for (size_t t = 0; t < nt; t++)
            mpq_init(c[t]);
        T_ASSERT(gbc_polys_get_mpq(ex, c, nt, E, 0) == GBC_OK);
        up w;
        up_init(&w, (size_t)ex[n] + 1); /* first term: the highest power of TT */
        for (size_t t = 0; t < nt; t++)
            mpq_set(w.c[ex[t * (n + 1) + n]], c[t]);
        size_t re, co;
        sturm(&re, &co, &w);
        if (co > *complex) {
            *complex = co;
            *real = re;
        }
        up_clear(&w);
        for (size_t t = 0; t < nt; t++)
            mpq_clear(c[t]);
        free(c);
        free(ex);
        free(vars);
        gbc_polys_free(E);
        gbc_polys_free(P);
        gbc_ring_free(R);
        sb_free(&hdr);
        sb_free(&b);
    }
    gbc_string_free(gtext);
}

/* Solve text at precision prec and check the boxes and the counts. */
static void full_check(const char *name, const char *text, uint32_t prec)
{
    solved S;
    gbc_error err;
    gbc_status st = solve_text(&S, text, prec, &err);
    T_ASSERT_MSG(st == GBC_OK, "%s: %s", name, err.message);
    check_boxes(&S, prec ? prec : GBC_SOLVE_DEFAULT_PRECISION, name);
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed());
    size_t real, complex;
    independent_count(&real, &complex, &S, &rng);
    T_ASSERT_MSG(real == S.count, "%s: %zu boxes, %zu real roots by Sturm", name, S.count, real);
    T_ASSERT_MSG(complex == gbc_solutions_distinct(S.sols), "%s: %zu distinct solutions, not %zu",
                 name, gbc_solutions_distinct(S.sols), complex);
    printf("%s: %zu real of %zu distinct solutions\n", name, S.count, complex);
    solved_free(&S);
}

/* ------------------------------------------------------------------ tests -- */

START_TEST(test_families)
{
    char *k3 = tu_system_text("katsura", 4, 0);
    char *k4 = tu_system_text("katsura", 5, 0);
    full_check("katsura-3", k3, 0);
    full_check("katsura-4", k4, 0);
    full_check("katsura-3 at 200 bits", k3, 200);
    full_check("katsura-3 at 1 bit", k3, 1);
    free(k3);
    free(k4);
    char *c5 = tu_system_text("cyclic", 5, 0);
    full_check("cyclic-5", c5, 0);
    free(c5);
}
END_TEST

START_TEST(test_positive_dimension)
{
    char *c4 = tu_system_text("cyclic", 4, 0);
    solved S;
    gbc_error err;
    T_ASSERT(solve_text(&S, c4, 0, &err) == GBC_ERR_DOMAIN);
    T_ASSERT_MSG(strstr(err.message, "dimension 1") != NULL, "message: %s", err.message);
    T_ASSERT(S.sols == NULL);
    solved_free(&S);
    free(c4);
    T_ASSERT(solve_text(&S, "x,y\n0\nx*y\n", 0, &err) == GBC_ERR_DOMAIN);
    T_ASSERT(strstr(err.message, "dimension 1") != NULL);
    solved_free(&S);
    T_ASSERT(solve_text(&S, "x,y,z\n0\nx-y\n", 0, &err) == GBC_ERR_DOMAIN);
    T_ASSERT(strstr(err.message, "dimension 2") != NULL);
    solved_free(&S);
}
END_TEST

START_TEST(test_small_cases)
{
    static const char *const cases[][2] = {
        {"multiplicity", "x,y\n0\nx^2*(x-1),\ny-1\n"},
        {"shared coordinates", "x,y\n0\nx^2-1,\ny^2-1\n"},
        {"root at 0", "x\n0\nx*(x^2-2)\n"},
        {"root at 0 in 2 variables", "x,y\n0\nx^3-2*x, y^2-x*y-1\n"},
        {"close roots", "x\n0\n(x-1/1000)*(x-1/1001)\n"},
        {"close roots in 2 variables", "x,y\n0\n(x-1/1000)*(x-1/1001), y^2-x\n"},
        {"Mignotte-like", "x\n0\nx^4-2*(1000*x^2-1)^2\n"},
        {"Mignotte-like, 2 variables", "x,y\n0\nx^2-2*(1000*x-1)^2, y-x\n"},
        {"huge coefficients",
         "x,y\n0\n(x-1000000000000000000000000000001)*(x+717897987691852588770249),"
         "\n1000000000000000000000000000000000000000*y-x\n"},
        {"tiny roots", "x\n0\n(10^40*x-1)*(10^40*x+3)*(x-2)\n"},
        {"one variable", "x\n0\nx^5-3*x^3+x-1/7\n"},
        {"no real solution", "x\n0\nx^2+1\n"},
        {"no real solution in 2 variables", "x,y\n0\nx^2+1, y^2-2\n"},
        {"not radical, not separating", "x,y\n0\n(x^2-2)^2*(x-3), (y-x)^2\n"},
        {"dyadic exact roots", "x,y\n0\n(2*x-1)*(4*x+3)*(x-5), (8*y-3)*(y+1)\n"},
        {"rational non-dyadic coordinates", "x,y\n0\n(3*x-1)*(x-1), 7*y-x\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        full_check(cases[i][0], cases[i][1], 0);
        full_check(cases[i][0], cases[i][1], 3);
    }
}
END_TEST

START_TEST(test_unit_ideal)
{
    solved S;
    gbc_error err;
    T_ASSERT(solve_text(&S, "x,y\n0\nx, x-1, y\n", 0, &err) == GBC_OK);
    T_ASSERT(S.count == 0 && gbc_solutions_dim(S.sols) == -1);
    char *t = NULL;
    T_ASSERT(gbc_solutions_to_string(&t, NULL, S.sols, GBC_SOLVE_FORMAT_MSOLVE) == GBC_OK);
    T_ASSERT(strcmp(t, "[-1]:\n") == 0);
    gbc_string_free(t);
    T_ASSERT(gbc_solutions_to_string(&t, NULL, S.sols, GBC_SOLVE_FORMAT_GBC) == GBC_OK);
    T_ASSERT(strcmp(t, "") == 0);
    gbc_string_free(t);
    solved_free(&S);
}
END_TEST

/* Random triangular systems with known rational solutions: x in a set of random
 * rationals (some factors squared), y = q(x); every solution in exactly one box. */
START_TEST(test_known_points)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x5a5a);
    int rounds = 6 * tu_mult();
    for (int round = 0; round < rounds; round++) {
        int m = 1 + (int)gbc_rng_below(&rng, 5);
        long num[6], den[6];
        sbuf b;
        sb_init(&b);
        sb_printf(&b, "x,y\n0\n1");
        for (int j = 0; j < m; j++) {
            int fresh;
            do { /* distinct roots */
                num[j] = (long)gbc_rng_below(&rng, 2001) - 1000;
                den[j] = 1 + (long)gbc_rng_below(&rng, 50);
                fresh = 1;
                for (int i = 0; i < j; i++)
                    fresh &= num[i] * den[j] != num[j] * den[i];
            } while (!fresh);
            sb_printf(&b, "*(%ld*x-(%ld))%s", den[j], num[j],
                      gbc_rng_below(&rng, 3) == 0 ? "^2" : "");
        }
        long q0 = (long)gbc_rng_below(&rng, 21) - 10, q1 = (long)gbc_rng_below(&rng, 21) - 10,
             q2 = (long)gbc_rng_below(&rng, 7) - 3;
        sb_printf(&b, ",\ny-(%ld)-(%ld)*x-(%ld)*x^2\n", q0, q1, q2);
        solved S;
        gbc_error err;
        uint32_t prec = 1 + (uint32_t)gbc_rng_below(&rng, 80);
        T_ASSERT_MSG(solve_text(&S, b.s, prec, &err) == GBC_OK, "%s: %s", b.s, err.message);
        check_boxes(&S, prec, b.s);
        T_ASSERT_MSG(S.count == (size_t)m, "%s: %zu boxes, %d solutions", b.s, S.count, m);
        mpq_t x, y, t;
        mpq_inits(x, y, t, NULL);
        for (int j = 0; j < m; j++) {
            mpq_set_si(x, num[j], (unsigned long)den[j]);
            mpq_canonicalize(x);
            mpq_set_si(y, q2, 1);
            mpq_mul(y, y, x);
            mpq_set_si(t, q1, 1);
            mpq_add(y, y, t);
            mpq_mul(y, y, x);
            mpq_set_si(t, q0, 1);
            mpq_add(y, y, t);
            int in = 0;
            for (size_t k = 0; k < S.count; k++)
                in += mpq_cmp(S.b[k].lo[0], x) <= 0 && mpq_cmp(x, S.b[k].hi[0]) <= 0 &&
                      mpq_cmp(S.b[k].lo[1], y) <= 0 && mpq_cmp(y, S.b[k].hi[1]) <= 0;
            T_ASSERT_MSG(in == 1, "%s: solution %d lies in %d boxes", b.s, j, in);
        }
        mpq_clears(x, y, t, NULL);
        solved_free(&S);
        sb_free(&b);
    }
}
END_TEST

/* The two formats print the same endpoints; the API's argument checks. */
START_TEST(test_formats_and_api)
{
    solved S;
    gbc_error err;
    T_ASSERT(solve_text(&S, "x,y\n0\nx^2-2, y^2-3\n", 10, &err) == GBC_OK);
    T_ASSERT(S.count == 4);
    char *g = NULL, *m = NULL;
    T_ASSERT(gbc_solutions_to_string(&g, NULL, S.sols, GBC_SOLVE_FORMAT_GBC) == GBC_OK);
    T_ASSERT(gbc_solutions_to_string(&m, NULL, S.sols, GBC_SOLVE_FORMAT_MSOLVE) == GBC_OK);
    T_ASSERT(strncmp(m, "[0, [1,\n[[[", 11) == 0);
    T_ASSERT(strcmp(m + strlen(m) - 6, "]\n]]:\n") == 0);
    /* gbc: one line a solution; msolve "p / 2^k" and gbc "p/q" denote the same */
    size_t lines = 0;
    for (const char *p = g; *p; p++)
        lines += *p == '\n';
    T_ASSERT(lines == 4);
    const char *pg = g, *pm = m + 10;
    mpq_t a, c;
    mpq_inits(a, c, NULL);
    for (size_t k = 0; k < 4; k++)
        for (uint32_t i = 0; i < 2; i++)
            for (int u = 0; u < 2; u++) {
                while (*pg && !(*pg == '-' || (*pg >= '0' && *pg <= '9')))
                    pg++;
                while (*pm && !(*pm == '-' || (*pm >= '0' && *pm <= '9')))
                    pm++;
                char tok[256];
                size_t n = strcspn(pg, ",]");
                T_ASSERT(n < sizeof tok);
                memcpy(tok, pg, n);
                tok[n] = '\0';
                pg += n;
                T_ASSERT(mpq_set_str(a, tok, 10) == 0);
                mpq_canonicalize(a);
                n = strcspn(pm, ",]");
                memcpy(tok, pm, n);
                tok[n] = '\0';
                pm += n;
                char *slash = strstr(tok, " / 2^");
                if (slash != NULL) {
                    *slash = '\0';
                    T_ASSERT(mpz_set_str(mpq_numref(c), tok, 10) == 0);
                    mpz_set_ui(mpq_denref(c), 1);
                    mpq_div_2exp(c, c, strtoul(slash + 5, NULL, 10));
                } else {
                    T_ASSERT(mpq_set_str(c, tok, 10) == 0);
                }
                T_ASSERT(mpq_equal(a, c));
                T_ASSERT(mpq_equal(a, u ? S.b[k].hi[i] : S.b[k].lo[i]));
            }
    mpq_clears(a, c, NULL);
    gbc_string_free(g);
    gbc_string_free(m);
    /* argument checks */
    gbc_solutions *s2 = NULL;
    T_ASSERT(gbc_solve(NULL, S.gens, 0, 0, NULL, NULL) == GBC_ERR_ARG);
    T_ASSERT(gbc_solve(&s2, NULL, 0, 0, NULL, NULL) == GBC_ERR_ARG);
    T_ASSERT(gbc_solve(&s2, S.gens, GBC_SOLVE_MAX_PRECISION + 1, 0, NULL, &err) == GBC_ERR_ARG);
    T_ASSERT(gbc_solve(&s2, S.gens, 0, 8u, NULL, &err) == GBC_ERR_ARG);
    T_ASSERT(s2 == NULL);
    char buf[8];
    uint32_t e;
    T_ASSERT(gbc_solutions_endpoint(buf, sizeof buf, NULL, &e, S.sols, 4, 0, 0) == GBC_ERR_ARG);
    T_ASSERT(gbc_solutions_endpoint(buf, sizeof buf, NULL, &e, S.sols, 0, 2, 0) == GBC_ERR_ARG);
    uint32_t pt[2];
    T_ASSERT(gbc_solutions_get_zp(pt, S.sols, 0) == GBC_ERR_DOMAIN);
    T_ASSERT(gbc_solutions_to_string(&g, NULL, S.sols, (gbc_solve_format)7) == GBC_ERR_ARG);
    T_ASSERT(gbc_solutions_count(NULL) == 0 && gbc_solutions_nvars(NULL) == 0);
    gbc_solutions_free(NULL);
    solved_free(&S);
}
END_TEST

/* A cancelled computation stops with GBC_ERR_INTERRUPTED and leaves nothing. */
START_TEST(test_cancel)
{
    gbc_ring *R = NULL;
    gbc_polys *P = NULL;
    char *k3 = tu_system_text("katsura", 4, 0);
    T_ASSERT(gbc_parse(&R, &P, k3, strlen(k3), NULL, NULL, NULL) == GBC_OK);
    gbc_options *o = NULL;
    T_ASSERT(gbc_options_new(&o) == GBC_OK);
    gbc_options_cancel(o);
    gbc_solutions *s = NULL;
    T_ASSERT(gbc_solve(&s, P, 0, 0, o, NULL) == GBC_ERR_INTERRUPTED);
    T_ASSERT(s == NULL);
    gbc_options_free(o);
    gbc_polys_free(P);
    gbc_ring_free(R);
    free(k3);
}
END_TEST

/* A random zero-dimensional system in n variables (x1, ...) over characteristic p:
 * f_i = x_i^d_i + random terms of lower total degree, so that the grevlex leading
 * monomials are the pure powers. */
static void random_system(sbuf *b, gbc_rng *rng, uint32_t n, uint32_t p, int maxdeg)
{
    for (uint32_t i = 0; i < n; i++)
        sb_printf(b, "%sx%u", i ? "," : "", i + 1);
    sb_printf(b, "\n%u\n", p);
    for (uint32_t i = 0; i < n; i++) {
        int d = 1 + (int)gbc_rng_below(rng, (uint64_t)maxdeg);
        sb_printf(b, "%sx%u^%d", i ? ",\n" : "", i + 1, d);
        int terms = 1 + (int)gbc_rng_below(rng, 4);
        for (int t = 0; t < terms; t++) {
            sb_printf(b, "+(%lld)", (long long)gbc_rng_below(rng, 21) - 10);
            int left = (int)gbc_rng_below(rng, (uint64_t)d); /* total degree < d */
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

/* Random systems over Q: the defining property and the Sturm counts. */
START_TEST(test_random_q)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x1234);
    int rounds = 8 * tu_mult();
    for (int r = 0; r < rounds; r++) {
        sbuf b;
        sb_init(&b);
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&rng, 3);
        random_system(&b, &rng, n, 0, n == 1 ? 6 : 3);
        full_check(b.s, b.s, 1 + (uint32_t)gbc_rng_below(&rng, 70));
        sb_free(&b);
    }
}
END_TEST

/* The value of polynomial g of P at the point x modulo p. */
static uint64_t eval_zp(const gbc_polys *P, size_t g, const uint32_t *x, uint32_t n, uint64_t p)
{
    size_t nt = gbc_polys_nterms(P, g);
    uint32_t *ex = malloc(sizeof(uint32_t) * (nt * n + 1));
    uint32_t *c = malloc(sizeof(uint32_t) * (nt + 1));
    T_ASSERT(ex != NULL && c != NULL);
    T_ASSERT(gbc_polys_get_zp(ex, c, nt, P, g) == GBC_OK);
    uint64_t v = 0;
    for (size_t t = 0; t < nt; t++) {
        uint64_t m = c[t];
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t e = 0; e < ex[t * n + i]; e++)
                m = m * x[i] % p;
        v = (v + m) % p;
    }
    free(ex);
    free(c);
    return v;
}

/* Over Z/p: the solutions against every point of (Z/p)^n (small p), and against
 * the generators for larger p. */
START_TEST(test_zp)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x77);
    static const uint32_t primes[] = {2, 3, 7, 11, 13, 65521};
    int rounds = 12 * tu_mult();
    for (int r = 0; r < rounds; r++) {
        uint32_t p = primes[gbc_rng_below(&rng, 6)];
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&rng, p > 13 ? 3 : 3);
        sbuf b;
        sb_init(&b);
        random_system(&b, &rng, n, p, 4);
        gbc_ring *R = NULL;
        gbc_polys *P = NULL;
        gbc_solutions *S = NULL;
        gbc_error err;
        T_ASSERT(gbc_parse(&R, &P, b.s, b.len, NULL, NULL, &err) == GBC_OK);
        T_ASSERT_MSG(gbc_solve(&S, P, 0, 0, NULL, &err) == GBC_OK, "%s: %s", b.s, err.message);
        size_t count = gbc_solutions_count(S);
        uint32_t *pts = malloc(sizeof(uint32_t) * (count * n + 1));
        T_ASSERT(pts != NULL);
        for (size_t k = 0; k < count; k++) {
            T_ASSERT(gbc_solutions_get_zp(pts + k * n, S, k) == GBC_OK);
            for (uint32_t i = 0; i < n; i++)
                T_ASSERT(pts[k * n + i] < p);
            for (size_t g = 0; g < gbc_polys_count(P); g++)
                T_ASSERT_MSG(eval_zp(P, g, pts + k * n, n, p) == 0, "%s: solution %zu", b.s, k);
            for (size_t j = 0; j < k; j++)
                T_ASSERT_MSG(memcmp(pts + j * n, pts + k * n, sizeof(uint32_t) * n) != 0,
                             "%s: solution %zu twice", b.s, k);
        }
        if (p <= 13) { /* every point of (Z/p)^n */
            size_t total = 1, zeros = 0;
            for (uint32_t i = 0; i < n; i++)
                total *= p;
            uint32_t x[3];
            for (size_t idx = 0; idx < total; idx++) {
                size_t v = idx;
                for (uint32_t i = 0; i < n; i++, v /= p)
                    x[i] = (uint32_t)(v % p);
                int zero = 1;
                for (size_t g = 0; g < gbc_polys_count(P) && zero; g++)
                    zero = eval_zp(P, g, x, n, p) == 0;
                zeros += zero;
            }
            T_ASSERT_MSG(zeros == count, "%s: %zu solutions, %zu by enumeration", b.s, count,
                         zeros);
        }
        char *t = NULL;
        T_ASSERT(gbc_solutions_to_string(&t, NULL, S, GBC_SOLVE_FORMAT_GBC) == GBC_OK);
        size_t lines = 0;
        for (const char *q = t; *q; q++)
            lines += *q == '\n';
        T_ASSERT(lines == count);
        gbc_string_free(t);
        uint32_t e;
        char buf[8];
        T_ASSERT(count == 0 ||
                 gbc_solutions_endpoint(buf, sizeof buf, NULL, &e, S, 0, 0, 0) == GBC_ERR_DOMAIN);
        free(pts);
        gbc_solutions_free(S);
        gbc_polys_free(P);
        gbc_ring_free(R);
        sb_free(&b);
    }
}
END_TEST

/* Every allocation of the solver failing in turn: GBC_ERR_NOMEM and nothing leaked
 * (the ASan build checks the leaks), or the same solutions. */
START_TEST(test_fail_alloc)
{
    static const char *const texts[] = {
        "x,y\n0\nx^2-2, y^2-3\n",
        "x,y\n0\n(x^2-2)^2*(x-3), (y-x)^2\n", /* through the radical */
        "x,y\n7\nx^2-1, y^2-2\n",
        "x,y\n0\nx^2-2, y^2-3\n", /* with two threads: failures in the workers */
    };
    for (size_t c = 0; c < sizeof texts / sizeof texts[0]; c++) {
        gbc_ring *R = NULL;
        gbc_polys *P = NULL;
        T_ASSERT(gbc_parse(&R, &P, texts[c], strlen(texts[c]), NULL, NULL, NULL) == GBC_OK);
        gbc_solutions *ref = NULL;
        unsigned fl = c != 2 ? GBC_SOLVE_PARAMETRIZATION : 0;
        T_ASSERT(gbc_solve(&ref, P, 0, fl, NULL, NULL) == GBC_OK);
        char *want = NULL;
        T_ASSERT(gbc_solutions_to_string(&want, NULL, ref, GBC_SOLVE_FORMAT_MSOLVE) == GBC_OK);
        gbc_options *o = NULL;
        T_ASSERT(gbc_options_new(&o) == GBC_OK);
        T_ASSERT(gbc_options_set_threads(o, c == 3 ? 2 : 1) == GBC_OK);
        gbc_status st = GBC_ERR_NOMEM;
        uint64_t n;
        for (n = 1; st != GBC_OK && n < 100000; n++) {
            api_options_set_fail_alloc(o, n);
            gbc_solutions *s = NULL;
            st = gbc_solve(&s, P, 0, fl, o, NULL);
            T_ASSERT_MSG(st == GBC_OK || st == GBC_ERR_NOMEM, "case %zu, allocation %llu: %s",
                         c, (unsigned long long)n, gbc_status_string(st));
            if (st == GBC_OK) {
                char *got = NULL;
                T_ASSERT(gbc_solutions_to_string(&got, NULL, s, GBC_SOLVE_FORMAT_MSOLVE) ==
                         GBC_OK);
                T_ASSERT(strcmp(got, want) == 0);
                gbc_string_free(got);
            } else {
                T_ASSERT(s == NULL);
            }
            gbc_solutions_free(s);
        }
        T_ASSERT(st == GBC_OK);
        printf("fail_alloc case %zu: %llu runs\n", c, (unsigned long long)n - 1);
        gbc_options_free(o);
        gbc_string_free(want);
        gbc_solutions_free(ref);
        gbc_polys_free(P);
        gbc_ring_free(R);
    }
}
END_TEST

/* Whether the boxes of solutions k of A and l of B meet. */
static int boxes_meet(const solved *A, size_t k, const solved *B, size_t l)
{
    for (uint32_t i = 0; i < A->n; i++)
        if (mpq_cmp(A->b[k].hi[i], B->b[l].lo[i]) < 0 || mpq_cmp(B->b[l].hi[i], A->b[k].lo[i]) < 0)
            return 0;
    return 1;
}

/* The msolve text of S up to its boxes (the parametrisation), malloc'd. */
static char *param_part(const solved *S)
{
    char *t = NULL;
    T_ASSERT(gbc_solutions_to_string(&t, NULL, S->sols, GBC_SOLVE_FORMAT_MSOLVE) == GBC_OK);
    const char *cut = NULL;
    for (const char *q = strstr(t, "]]]],[1,\n"); q != NULL; q = strstr(q + 1, "]]]],[1,\n"))
        cut = q;
    size_t len = cut != NULL ? (size_t)(cut - t) : strlen(t);
    char *out = malloc(len + 1);
    T_ASSERT(out != NULL);
    memcpy(out, t, len);
    out[len] = '\0';
    gbc_string_free(t);
    return out;
}

/* text solved by the parametrisation modulo primes (the default) and by the exact
 * lex basis over Q (GBC_SOLVE_LEX): the same status; then both sets of boxes have
 * the defining property, isolate the same solutions (the same number, each box of
 * one meeting exactly one box of the other), and msolve's parametrisation is the
 * same text. Returns that text (malloc'd), or NULL on an error status. */
static char *lifted_vs_lex(const char *name, const char *text, uint32_t prec)
{
    solved A, B;
    gbc_error ea, eb;
    gbc_status sa = solve_text_flags(&A, text, prec, GBC_SOLVE_PARAMETRIZATION, &ea);
    gbc_status sb =
        solve_text_flags(&B, text, prec, GBC_SOLVE_PARAMETRIZATION | GBC_SOLVE_LEX, &eb);
    T_ASSERT_MSG(sa == sb, "%s: status %s, by lex %s", name, gbc_status_string(sa),
                 gbc_status_string(sb));
    if (sa != GBC_OK) {
        solved_free(&A);
        solved_free(&B);
        return NULL;
    }
    uint32_t p = prec ? prec : GBC_SOLVE_DEFAULT_PRECISION;
    check_boxes(&A, p, name);
    check_boxes(&B, p, name);
    T_ASSERT_MSG(A.count == B.count, "%s: %zu boxes, by lex %zu", name, A.count, B.count);
    T_ASSERT(gbc_solutions_distinct(A.sols) == gbc_solutions_distinct(B.sols));
    for (size_t k = 0; k < A.count; k++) {
        size_t m = 0;
        for (size_t l = 0; l < B.count; l++)
            m += (size_t)boxes_meet(&A, k, &B, l);
        T_ASSERT_MSG(m == 1, "%s: box %zu meets %zu boxes of the lex path", name, k, m);
    }
    for (size_t l = 0; l < B.count; l++) {
        size_t m = 0;
        for (size_t k = 0; k < A.count; k++)
            m += (size_t)boxes_meet(&A, k, &B, l);
        T_ASSERT_MSG(m == 1, "%s: lex box %zu meets %zu boxes", name, l, m);
    }
    char *pa = param_part(&A), *pb = param_part(&B);
    T_ASSERT_MSG(strcmp(pa, pb) == 0, "%s: the parametrisations differ:\n%s\nby lex:\n%s", name,
                 pa, pb);
    /* with certify the lifted parametrisation is checked exactly over Q instead of
     * modulo random primes: the same one */
    gbc_options *o = NULL;
    T_ASSERT(gbc_options_new(&o) == GBC_OK);
    T_ASSERT(gbc_options_set_certify(o, 1) == GBC_OK);
    solved C;
    T_ASSERT(solve_text_opts(&C, text, prec, GBC_SOLVE_PARAMETRIZATION, o, &ea) == GBC_OK);
    char *pc = param_part(&C);
    T_ASSERT_MSG(strcmp(pa, pc) == 0, "%s: certified parametrisation differs:\n%s\n%s", name,
                 pa, pc);
    free(pc);
    solved_free(&C);
    /* with two and three threads the primes run in rounds on the pool: the same
     * output, byte for byte */
    char *one = NULL;
    T_ASSERT(gbc_solutions_to_string(&one, NULL, A.sols, GBC_SOLVE_FORMAT_MSOLVE) == GBC_OK);
    T_ASSERT(gbc_options_set_certify(o, 0) == GBC_OK);
    for (int th = 2; th <= 3; th++) {
        T_ASSERT(gbc_options_set_threads(o, th) == GBC_OK);
        T_ASSERT(solve_text_opts(&C, text, prec, GBC_SOLVE_PARAMETRIZATION, o, &ea) == GBC_OK);
        char *got = NULL;
        T_ASSERT(gbc_solutions_to_string(&got, NULL, C.sols, GBC_SOLVE_FORMAT_MSOLVE) ==
                 GBC_OK);
        T_ASSERT_MSG(strcmp(one, got) == 0, "%s: %d threads give\n%s\none gives\n%s", name,
                     th, got, one);
        gbc_string_free(got);
        solved_free(&C);
    }
    gbc_string_free(one);
    gbc_options_free(o);
    printf("%s: %zu real of %zu distinct, same as the lex path\n", name, A.count,
           gbc_solutions_distinct(A.sols));
    free(pb);
    solved_free(&A);
    solved_free(&B);
    return pa;
}

/* The parametrisation modulo primes against the exact lex path on random systems
 * over Q (seed printed), and on cases chosen for it. */
START_TEST(test_lifted_vs_lex)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x11f7);
    int rounds = 10 * tu_mult();
    for (int r = 0; r < rounds; r++) {
        sbuf b;
        sb_init(&b);
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&rng, 3);
        random_system(&b, &rng, n, 0, n == 1 ? 6 : 3);
        free(lifted_vs_lex(b.s, b.s, 1 + (uint32_t)gbc_rng_below(&rng, 90)));
        sb_free(&b);
    }
    /* large coefficients: the lift needs many primes */
    free(lifted_vs_lex("large coefficients",
                       "x,y\n0\nx^2+y^2-123456789012345678901234567890123456789,\n"
                       "x*y-98765432109876543210987654321/7\n",
                       64));
    free(lifted_vs_lex("large coefficients, 3 variables",
                       "x,y,z\n0\nx^2-2^120*y-3, y^2-z-10^30, z^2-x*y-1/1000000000000000000001\n",
                       40));
    /* T = y and T = -(x + y) do not separate: the third form, x + 2y */
    char *p = lifted_vs_lex("non-separating first forms", "x,y\n0\nx^2-1,\ny^2-1\n", 0);
    T_ASSERT(p != NULL);
    T_ASSERT_MSG(strstr(p, "[1,2,1]") != NULL, "the form x + 2y expected:\n%s", p);
    free(p);
    /* not radical, in shape position with the first form (w not squarefree: the
     * parametrisation's text once read past its buffer) */
    free(lifted_vs_lex("not radical, shape", "x,y\n0\nx^3+x^2, y^2+y-8*x+8\n", 0));
    /* not radical: the lifted parametrisation gives up, the lex path takes the radical */
    free(lifted_vs_lex("not radical", "x,y\n0\n(x^2-2)^2*(x-3), (y-x)^2\n", 0));
    char *k4 = tu_system_text("katsura", 5, 0);
    free(lifted_vs_lex("katsura-4", k4, 0));
    free(k4);
}
END_TEST

static int cmp_point3(const void *a, const void *b)
{
    return memcmp(a, b, 3 * sizeof(uint32_t));
}

/* The two field families of the solver (over Q: boxes; over Z/p: points) on the
 * same systems with integer solutions only, seed printed: x1 runs over m distinct
 * integers a and x_i = g_i(x1) with integer g_i, so every solution over Q is real
 * and integral, and the solutions over Z/65521 are exactly their reductions. The
 * integer in each Q interval, reduced, must give the Z/p points; the two results'
 * texts have one line a solution; each family refuses the other's accessor. */
START_TEST(test_zp_qq_agree)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x2f9a);
    const uint32_t p = 65521;
    int rounds = 10 * tu_mult();
    for (int r = 0; r < rounds; r++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&rng, 3), m = 1 + (uint32_t)gbc_rng_below(&rng, 4);
        long a[4];
        for (uint32_t j = 0; j < m; j++) {
            int fresh;
            do {
                a[j] = (long)gbc_rng_below(&rng, 41) - 20;
                fresh = 1;
                for (uint32_t l = 0; l < j; l++)
                    fresh &= a[l] != a[j];
            } while (!fresh);
        }
        sbuf gens;
        sb_init(&gens);
        for (uint32_t j = 0; j < m; j++)
            sb_printf(&gens, "%s(x1-(%ld))", j ? "*" : "", a[j]);
        for (uint32_t i = 1; i < n; i++) {
            sb_printf(&gens, ",\nx%u", i + 1);
            for (uint32_t d = 0; d < m; d++)
                sb_printf(&gens, "-(%d)*x1^%u", (int)gbc_rng_below(&rng, 11) - 5, d);
        }
        sbuf tq, tp;
        sb_init(&tq);
        sb_init(&tp);
        for (uint32_t i = 0; i < n; i++) {
            sb_printf(&tq, "%sx%u", i ? "," : "", i + 1);
            sb_printf(&tp, "%sx%u", i ? "," : "", i + 1);
        }
        sb_printf(&tq, "\n0\n%s\n", gens.s);
        sb_printf(&tp, "\n%u\n%s\n", p, gens.s);
        solved Q;
        gbc_error err;
        T_ASSERT_MSG(solve_text(&Q, tq.s, 2 + (uint32_t)gbc_rng_below(&rng, 30), &err) == GBC_OK,
                     "%s: %s", tq.s, err.message);
        gbc_ring *R = NULL;
        gbc_polys *P = NULL;
        gbc_solutions *Z = NULL;
        T_ASSERT(gbc_parse(&R, &P, tp.s, tp.len, NULL, NULL, &err) == GBC_OK);
        T_ASSERT_MSG(gbc_solve(&Z, P, 0, 0, NULL, &err) == GBC_OK, "%s: %s", tp.s, err.message);
        T_ASSERT_MSG(Q.count == m && gbc_solutions_count(Z) == m,
                     "%s: %zu solutions over Q, %zu over Z/p, %u expected", tq.s, Q.count,
                     gbc_solutions_count(Z), m);
        /* the Q boxes' integer points, reduced, against the Z/p points */
        uint32_t fromq[4 * 3] = {0}, fromp[4 * 3] = {0};
        mpz_t z;
        mpz_init(z);
        for (size_t k = 0; k < m; k++)
            for (uint32_t i = 0; i < n; i++) {
                mpz_cdiv_q(z, mpq_numref(Q.b[k].lo[i]), mpq_denref(Q.b[k].lo[i]));
                T_ASSERT_MSG(mpq_cmp_z(Q.b[k].hi[i], z) >= 0, "%s: box %zu, x%u: no integer",
                             tq.s, k, i + 1);
                fromq[k * 3 + i] = (uint32_t)mpz_fdiv_ui(z, p);
            }
        mpz_clear(z);
        for (size_t k = 0; k < m; k++) {
            uint32_t pt[3];
            T_ASSERT(gbc_solutions_get_zp(pt, Z, k) == GBC_OK);
            memcpy(fromp + k * 3, pt, n * sizeof(uint32_t));
        }
        qsort(fromq, m, 3 * sizeof(uint32_t), cmp_point3);
        qsort(fromp, m, 3 * sizeof(uint32_t), cmp_point3);
        T_ASSERT_MSG(memcmp(fromq, fromp, sizeof fromq) == 0,
                     "%s: the Z/p solutions are not the reductions of the Q ones", tq.s);
        /* one printer: a line a solution in gbc's format, msolve's list for both */
        for (int f = 0; f < 2; f++) {
            char *t[2] = {NULL, NULL};
            gbc_solve_format fmt = f ? GBC_SOLVE_FORMAT_MSOLVE : GBC_SOLVE_FORMAT_GBC;
            T_ASSERT(gbc_solutions_to_string(&t[0], NULL, Q.sols, fmt) == GBC_OK);
            T_ASSERT(gbc_solutions_to_string(&t[1], NULL, Z, fmt) == GBC_OK);
            for (int w = 0; w < 2; w++) {
                size_t lines = 0;
                for (const char *c = t[w]; *c; c++)
                    lines += *c == '\n';
                T_ASSERT_MSG(f ? strncmp(t[w], "[0, [", 5) == 0 && lines >= 1 : lines == m,
                             "%s:\n%s", tq.s, t[w]);
            }
            gbc_string_free(t[0]);
            gbc_string_free(t[1]);
        }
        uint32_t pt[3], e;
        char buf[8];
        T_ASSERT(gbc_solutions_get_zp(pt, Q.sols, 0) == GBC_ERR_DOMAIN);
        T_ASSERT(gbc_solutions_endpoint(buf, sizeof buf, NULL, &e, Z, 0, 0, 0) == GBC_ERR_DOMAIN);
        gbc_solutions_free(Z);
        gbc_polys_free(P);
        gbc_ring_free(R);
        solved_free(&Q);
        sb_free(&gens);
        sb_free(&tq);
        sb_free(&tp);
    }
}
END_TEST

/* The msolve-format text of text's solutions (with the parametrisation) under o,
 * or NULL with *st the error. */
static char *solve_string(gbc_status *st, const char *text, const gbc_options *o)
{
    gbc_ring *R = NULL;
    gbc_polys *P = NULL;
    T_ASSERT(gbc_parse(&R, &P, text, strlen(text), NULL, NULL, NULL) == GBC_OK);
    gbc_solutions *s = NULL;
    char *out = NULL;
    *st = gbc_solve(&s, P, 0, GBC_SOLVE_PARAMETRIZATION, o, NULL);
    if (*st == GBC_OK)
        T_ASSERT(gbc_solutions_to_string(&out, NULL, s, GBC_SOLVE_FORMAT_MSOLVE) == GBC_OK);
    else
        T_ASSERT(s == NULL);
    gbc_solutions_free(s);
    gbc_polys_free(P);
    gbc_ring_free(R);
    return out;
}

/* The primes of the lifted parametrisation in rounds on 2 and 3 threads (the
 * case the tsan preset runs): the same output as one thread, under memory limits
 * from 64 KB doubling (GBC_ERR_LIMIT or that output) and with random systems
 * (seed printed). */
START_TEST(test_threads)
{
    char *k4 = tu_system_text("katsura", 5, 0);
    const char *texts[] = {
        k4,
        "x,y,z\n0\nx^2-2^120*y-3, y^2-z-10^30, z^2-x*y-1/1000000000000000000001\n",
        "x,y\n0\nx^2-1,\ny^2-1\n", /* forms that do not separate first */
    };
    gbc_options *o = NULL;
    T_ASSERT(gbc_options_new(&o) == GBC_OK);
    for (size_t c = 0; c < sizeof texts / sizeof texts[0]; c++) {
        gbc_status st;
        char *want = solve_string(&st, texts[c], NULL);
        T_ASSERT(st == GBC_OK);
        for (int th = 2; th <= 3; th++) {
            T_ASSERT(gbc_options_set_threads(o, th) == GBC_OK);
            T_ASSERT(gbc_options_set_memory_limit(o, 0) == GBC_OK);
            char *got = solve_string(&st, texts[c], o);
            T_ASSERT_MSG(st == GBC_OK && strcmp(got, want) == 0, "case %zu, %d threads", c, th);
            gbc_string_free(got);
            for (size_t lim = 64 << 10; lim <= (64u << 20); lim *= 4) {
                T_ASSERT(gbc_options_set_memory_limit(o, lim) == GBC_OK);
                got = solve_string(&st, texts[c], o);
                T_ASSERT_MSG(st == GBC_ERR_LIMIT || (st == GBC_OK && strcmp(got, want) == 0),
                             "case %zu, %d threads, limit %zu: %s", c, th, lim,
                             gbc_status_string(st));
                gbc_string_free(got);
                if (st == GBC_OK)
                    break;
            }
        }
        gbc_string_free(want);
    }
    T_ASSERT(gbc_options_set_memory_limit(o, 0) == GBC_OK);
    T_ASSERT(gbc_options_set_threads(o, 2) == GBC_OK);
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() ^ 0x7417);
    for (int r = 0; r < 4 * tu_mult(); r++) {
        sbuf b;
        sb_init(&b);
        random_system(&b, &rng, 2 + (uint32_t)gbc_rng_below(&rng, 2), 0, 3);
        gbc_status s1, s2;
        char *one = solve_string(&s1, b.s, NULL), *two = solve_string(&s2, b.s, o);
        T_ASSERT_MSG(s1 == s2, "%s: %s, with two threads %s", b.s, gbc_status_string(s1),
                     gbc_status_string(s2));
        T_ASSERT_MSG(s1 != GBC_OK || strcmp(one, two) == 0, "%s: the outputs differ", b.s);
        gbc_string_free(one);
        gbc_string_free(two);
        sb_free(&b);
    }
    gbc_options_free(o);
    free(k4);
}
END_TEST

static Suite *solve_suite(void)
{
    Suite *s = suite_create("solve");
    TCase *tc = tcase_create("solve");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_small_cases);
    tcase_add_test(tc, test_unit_ideal);
    tcase_add_test(tc, test_positive_dimension);
    tcase_add_test(tc, test_known_points);
    tcase_add_test(tc, test_formats_and_api);
    tcase_add_test(tc, test_cancel);
    tcase_add_test(tc, test_random_q);
    tcase_add_test(tc, test_zp);
    tcase_add_test(tc, test_fail_alloc);
    tcase_add_test(tc, test_families);
    tcase_add_test(tc, test_lifted_vs_lex);
    tcase_add_test(tc, test_zp_qq_agree);
    suite_add_tcase(s, tc);
    TCase *tt = tcase_create("threads");
    tcase_set_timeout(tt, 900);
    tcase_add_test(tt, test_threads);
    suite_add_tcase(s, tt);
    return s;
}

int main(void)
{
    return tu_run(solve_suite());
}
