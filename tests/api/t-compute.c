/* Computations through the public API: gbc_normal_form on many polynomials
 * (idempotent, remainders free of leading monomials, ideal membership of random
 * combinations, agreement between bases computed by Buchberger and F4), minimal
 * against reduced bases, gbc_is_groebner and gbc_leading_ideal. */
#include <stdint.h>
#include <time.h>

#include "apitest.h"
#include "testutil.h"

static uint64_t rs;
static uint64_t rnd(uint64_t n)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return (rs >> 33) % n;
}

static gbc_options *opts_algo(gbc_algorithm a, gbc_basis_kind k)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_algorithm(o, a), GBC_OK);
    ck_assert_int_eq(gbc_options_set_basis(o, k), GBC_OK);
    return o;
}

static gbc_polys *gb(const gbc_polys *F, gbc_algorithm a, gbc_basis_kind k)
{
    gbc_options *o = opts_algo(a, k);
    gbc_polys *G = NULL;
    gbc_status st = gbc_groebner(&G, F, o, NULL);
    ck_assert_msg(st == GBC_OK, "groebner: %s", gbc_status_string(st));
    gbc_options_free(o);
    return G;
}

/* The polynomials of P as separate strings (split the printed list). */
static char **split(const gbc_polys *P, size_t *n)
{
    char *s = at_str(P);
    size_t cnt = gbc_polys_count(P);
    char **out = calloc(cnt + 1, sizeof *out);
    char *save = NULL, *tok = strtok_r(s, ",\n", &save);
    size_t i = 0;
    while (tok != NULL && i < cnt) {
        out[i++] = strdup(tok);
        tok = strtok_r(NULL, ",\n", &save);
    }
    ck_assert_uint_eq(i, cnt);
    gbc_string_free(s);
    *n = cnt;
    return out;
}

static void free_split(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* A random polynomial in nv variables as text: up to 6 terms of degree <= 3. */
static void rand_poly(char *buf, size_t cap, uint32_t nv, int q)
{
    size_t l = (size_t)snprintf(buf, cap, "0");
    int nt = 1 + (int)rnd(6);
    for (int t = 0; t < nt; t++) {
        long c = (long)rnd(11) - 5;
        if (q && rnd(2))
            l += (size_t)snprintf(buf + l, cap - l, "+(%ld/%d)", c, 1 + (int)rnd(5));
        else
            l += (size_t)snprintf(buf + l, cap - l, "+(%ld)", c);
        for (uint32_t v = 0; v < nv; v++)
            l += (size_t)snprintf(buf + l, cap - l, "*x%u^%u", (unsigned)v,
                                  (unsigned)rnd(nv > 3 ? 2 : 3));
    }
}

/* Every term of every polynomial of NF lies outside the ideal LT. */
static void assert_standard(const gbc_polys *NF, const gbc_monideal *LT)
{
    uint32_t nv = gbc_ring_nvars(gbc_polys_ring(NF));
    for (size_t k = 0; k < gbc_polys_count(NF); k++) {
        size_t n = gbc_polys_nterms(NF, k);
        uint32_t *e = malloc((n * nv + 1) * sizeof *e);
        ck_assert_int_eq(gbc_polys_get_zp(e, NULL, n, NF, k), GBC_OK);
        for (size_t t = 0; t < n; t++) {
            int in = -1;
            ck_assert_int_eq(gbc_monideal_contains(&in, LT, e + t * nv), GBC_OK);
            ck_assert_int_eq(in, 0);
        }
        free(e);
    }
}

/* Assert that every polynomial of P is zero. */
static void assert_zero(const gbc_polys *P)
{
    for (size_t k = 0; k < gbc_polys_count(P); k++)
        ck_assert_msg(gbc_polys_nterms(P, k) == 0, "polynomial %zu is not zero", k);
}

/* One random ideal: normal forms of random polynomials and of combinations of
 * the generators, against the Buchberger and F4 bases. */
static void nf_random(uint32_t p, const char *order)
{
    const uint32_t nv = 3;
    gbc_ring *R = at_ring(nv, p, order);
    char text[4096], buf[512];
    size_t l = 0;
    int ngens = 2 + (int)rnd(2);
    for (int i = 0; i < ngens; i++) {
        rand_poly(buf, sizeof buf, nv, p == 0);
        l += (size_t)snprintf(text + l, sizeof text - l, "%s%s", i ? "," : "", buf);
    }
    gbc_polys *F = at_parse(R, text);
    gbc_polys *G = gb(F, GBC_ALGO_F4, GBC_BASIS_REDUCED);
    gbc_polys *GB = gb(F, GBC_ALGO_BUCHBERGER, GBC_BASIS_REDUCED);
    at_assert_same(G, GB);
    int isg = -1, isr = -1;
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, G, NULL), GBC_OK);
    ck_assert_int_eq(isg, 1);
    ck_assert_int_eq(isr, 1);
    gbc_monideal *LT = NULL;
    ck_assert_int_eq(gbc_leading_ideal(&LT, G, GBC_LEADING_IS_BASIS, NULL, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_monideal_ngens(LT), gbc_polys_count(G));

    /* many random polynomials (some zero) and, for each, f + combination */
    size_t nf_n = 4 + rnd(8);
    size_t ng;
    char **gens = split(F, &ng);
    char *many = malloc(65536);
    char **fi = calloc(nf_n, sizeof *fi), **ci = calloc(nf_n, sizeof *ci);
    size_t ml = 0;
    for (size_t i = 0; i < nf_n; i++) {
        rand_poly(buf, sizeof buf, nv, p == 0);
        if (rnd(5) == 0)
            snprintf(buf, sizeof buf, "0");
        ml += (size_t)snprintf(many + ml, 65536 - ml, "%s%s", i ? "," : "", buf);
        /* comb_i = f_i + sum_j m_j g_j */
        fi[i] = strdup(buf);
        ci[i] = malloc(16384);
        size_t cl = (size_t)snprintf(ci[i], 16384, "(%s)", buf);
        for (size_t j = 0; j < ng; j++) {
            char m[256];
            rand_poly(m, sizeof m, nv, p == 0);
            cl += (size_t)snprintf(ci[i] + cl, 16384 - cl, "+(%s)*(%s)", m, gens[j]);
        }
    }
    gbc_polys *Mp = at_parse(R, many);
    gbc_polys *NF = NULL, *NF2 = NULL, *NFB = NULL, *NFF = NULL;
    ck_assert_int_eq(gbc_normal_form(&NF, Mp, G, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(NF), gbc_polys_count(Mp));
    /* idempotent */
    ck_assert_int_eq(gbc_normal_form(&NF2, NF, G, NULL), GBC_OK);
    at_assert_same(NF, NF2);
    /* the same with the Buchberger basis, and with F (not a basis) after F's own
     * basis: the normal form is unique */
    ck_assert_int_eq(gbc_normal_form(&NFB, Mp, GB, NULL), GBC_OK);
    at_assert_same(NF, NFB);
    assert_standard(NF, LT);
    /* f + sum m_j g_j has the normal form of f: one polynomial at a time, since
     * the parser drops zero polynomials */
    for (size_t i = 0; i < nf_n; i++) {
        gbc_polys *Fi = at_parse(R, fi[i]), *Ci = at_parse(R, ci[i]);
        gbc_polys *Nf = NULL, *Nc = NULL;
        ck_assert_int_eq(gbc_normal_form(&Nf, Fi, G, NULL), GBC_OK);
        ck_assert_int_eq(gbc_normal_form(&Nc, Ci, G, NULL), GBC_OK);
        char *a = at_str(Nf), *b = at_str(Nc);
        const char *a1 = strcmp(a, "0\n") == 0 ? "" : a, *b1 = strcmp(b, "0\n") == 0 ? "" : b;
        ck_assert_str_eq(a1, b1);
        gbc_string_free(a);
        gbc_string_free(b);
        gbc_polys_free(Nf);
        gbc_polys_free(Nc);
        gbc_polys_free(Fi);
        gbc_polys_free(Ci);
        free(fi[i]);
        free(ci[i]);
    }
    free(fi);
    free(ci);
    /* the generators themselves reduce to zero */
    ck_assert_int_eq(gbc_normal_form(&NFF, F, G, NULL), GBC_OK);
    assert_zero(NFF);
    free_split(gens, ng);
    free(many);
    gbc_polys_free(NF);
    gbc_polys_free(NF2);
    gbc_polys_free(NFB);
    gbc_polys_free(NFF);
    gbc_polys_free(Mp);
    gbc_monideal_free(LT);
    gbc_polys_free(G);
    gbc_polys_free(GB);
    gbc_polys_free(F);
    gbc_ring_free(R);
}

START_TEST(test_nf_random)
{
    rs = tu_seed() ^ 0x9e37;
    static const char *orders[] = {"grevlex", "lex", "deglex", "weights:3,1,2"};
    static const uint32_t primes[] = {0, 7, 32003, 2147483647};
    int n = 40 * tu_mult();
    for (int i = 0; i < n; i++)
        nf_random(primes[i % 4], orders[(i / 4) % 4]);
}
END_TEST

START_TEST(test_nf_exact)
{
    gbc_ring *R = at_ring(2, 0, NULL);
    gbc_polys *D = at_parse(R, "2*x0 - 1");
    /* x0/2 + 3 -> 1/4 + 3; 6 x0^2 x1 -> 3/2 x1; zero stays zero */
    size_t nt[3] = {2, 0, 1};
    uint32_t e[] = {1, 0, 0, 0, 2, 1};
    const char *c[] = {"1/2", "3", "6"};
    gbc_polys *P = NULL, *N = NULL;
    ck_assert_int_eq(gbc_polys_from_arrays_q(&P, R, 3, nt, e, c, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_normal_form(&N, P, D, NULL), GBC_OK);
    char *s = at_str(N);
    ck_assert_str_eq(s, "13/4,\n0,\n3/2*x1\n");
    gbc_string_free(s);
    gbc_polys_free(N);
    /* a non-basis divisor list: one deterministic division, all terms reduced */
    gbc_polys *D2 = at_parse(R, "x0*x1 - 1, x1^2 - x0"), *P2 = at_parse(R, "x0^2*x1 + x1^3");
    ck_assert_int_eq(gbc_normal_form(&N, P2, D2, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(N), 1);
    gbc_monideal *LT = NULL;
    ck_assert_int_eq(gbc_leading_ideal(&LT, D2, GBC_LEADING_IS_BASIS, NULL, NULL), GBC_OK);
    assert_standard(N, LT);
    gbc_monideal_free(LT);
    gbc_polys_free(N);
    /* an empty divisor list leaves everything as it is; an empty input list */
    gbc_polys *E = NULL;
    ck_assert_int_eq(gbc_polys_from_arrays_q(&E, R, 0, NULL, NULL, NULL, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_normal_form(&N, P2, E, NULL), GBC_OK);
    at_assert_same(N, P2);
    gbc_polys_free(N);
    ck_assert_int_eq(gbc_normal_form(&N, E, D2, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(N), 0);
    gbc_polys_free(N);
    /* arguments: NULLs, and lists of different ring handles (even if equal) */
    gbc_ring *R2 = at_ring(2, 0, NULL);
    gbc_polys *O = at_parse(R2, "x0");
    N = (gbc_polys *)0x1;
    ck_assert_int_eq(gbc_normal_form(&N, P, O, NULL), GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_normal_form(NULL, P, D, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_normal_form(&N, NULL, D, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_normal_form(&N, P, NULL, NULL), GBC_ERR_ARG);
    ck_assert_ptr_eq(N, (gbc_polys *)0x1);
    gbc_polys_free(O);
    gbc_ring_free(R2);
    gbc_polys_free(E);
    gbc_polys_free(D2);
    gbc_polys_free(P2);
    gbc_polys_free(P);
    gbc_polys_free(D);
    gbc_ring_free(R);
}
END_TEST

/* Minimal against reduced: same leading monomials, monic, Groebner, the same
 * ideal (each reduces the other to zero), and the reduced basis of the minimal
 * one is the reduced basis. */
static void minimal_vs_reduced(uint32_t p, gbc_algorithm a, const char *order, uint32_t n)
{
    gbc_ring *R = at_ring(n + 1, p, order);
    gbc_polys *F = at_katsura_polys(R, n);
    gbc_polys *Gr = gb(F, a, GBC_BASIS_REDUCED);
    gbc_polys *Gm = gb(F, a, GBC_BASIS_MINIMAL);
    ck_assert_uint_eq(gbc_polys_count(Gr), gbc_polys_count(Gm));
    gbc_monideal *Lr = NULL, *Lm = NULL;
    ck_assert_int_eq(gbc_leading_ideal(&Lr, Gr, GBC_LEADING_IS_BASIS, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_leading_ideal(&Lm, Gm, GBC_LEADING_IS_BASIS, NULL, NULL), GBC_OK);
    int eq = -1, isg = -1, isr = -1;
    ck_assert_int_eq(gbc_monideal_equal(&eq, Lr, Lm), GBC_OK);
    ck_assert_int_eq(eq, 1);
    ck_assert_uint_eq(gbc_monideal_ngens(Lm), gbc_polys_count(Gm));
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, Gm, NULL), GBC_OK);
    ck_assert_int_eq(isg, 1);
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, Gr, NULL), GBC_OK);
    ck_assert_int_eq(isg, 1);
    ck_assert_int_eq(isr, 1);
    for (size_t k = 0; k < gbc_polys_count(Gm); k++) {
        char c[64];
        ck_assert_int_eq(gbc_polys_get_coef_q(c, sizeof c, NULL, Gm, k, 0), GBC_OK);
        ck_assert_str_eq(c, "1");
    }
    gbc_polys *N1 = NULL, *N2 = NULL;
    ck_assert_int_eq(gbc_normal_form(&N1, Gm, Gr, NULL), GBC_OK);
    ck_assert_int_eq(gbc_normal_form(&N2, Gr, Gm, NULL), GBC_OK);
    assert_zero(N1);
    assert_zero(N2);
    gbc_polys *Grr = gb(Gm, a, GBC_BASIS_REDUCED);
    at_assert_same(Gr, Grr);
    gbc_polys_free(Grr);
    gbc_polys_free(N1);
    gbc_polys_free(N2);
    gbc_monideal_free(Lr);
    gbc_monideal_free(Lm);
    gbc_polys_free(Gr);
    gbc_polys_free(Gm);
    gbc_polys_free(F);
    gbc_ring_free(R);
}

START_TEST(test_minimal)
{
    minimal_vs_reduced(65521, GBC_ALGO_F4, NULL, 5);
    minimal_vs_reduced(65521, GBC_ALGO_F4, "lex", 3);
    minimal_vs_reduced(65521, GBC_ALGO_BUCHBERGER, NULL, 4);
    minimal_vs_reduced(0, GBC_ALGO_BUCHBERGER, NULL, 3);
    minimal_vs_reduced(0, GBC_ALGO_DEFAULT, NULL, 4); /* multi-modular: reduced */
    /* a minimal basis that is not reduced exists for this ideal: x^2 + y, x y, and
     * y^2 with grevlex gives tails that a minimal basis may keep */
    gbc_ring *R = at_ring(2, 101, NULL);
    gbc_polys *F = at_parse(R, "x0^2 + x1, x0*x1 + x1^2");
    gbc_polys *Gm = gb(F, GBC_ALGO_F4, GBC_BASIS_MINIMAL);
    int isg = -1;
    ck_assert_int_eq(gbc_is_groebner(&isg, NULL, Gm, NULL), GBC_OK);
    ck_assert_int_eq(isg, 1);
    gbc_polys_free(Gm);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_is_groebner)
{
    gbc_ring *R = at_ring(3, 32003, NULL);
    gbc_polys *F = at_parse(R, "x0*x1 - x2, x1*x2 - x0");
    int isg = -1, isr = -1;
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, F, NULL), GBC_OK);
    ck_assert_int_eq(isg, 0);
    ck_assert_int_eq(isr, 0);
    /* a basis made non-monic is Groebner but not reduced */
    gbc_polys *G = gb(F, GBC_ALGO_DEFAULT, GBC_BASIS_REDUCED);
    char *s = at_str(G), *t = malloc(strlen(s) * 2 + 16);
    strcpy(t, "2*(");
    size_t l = 3;
    for (char *c = s; *c; c++) {
        if (*c == ',') {
            l += (size_t)sprintf(t + l, "),2*(");
            continue;
        }
        if (*c != '\n')
            t[l++] = *c;
    }
    strcpy(t + l, ")");
    gbc_polys *G2 = at_parse(R, t);
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, G2, NULL), GBC_OK);
    ck_assert_int_eq(isg, 1);
    ck_assert_int_eq(isr, 0);
    ck_assert_int_eq(gbc_is_groebner(NULL, NULL, G2, NULL), GBC_OK);
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, NULL, NULL), GBC_ERR_ARG);
    /* empty list: the zero ideal, its own reduced basis */
    gbc_polys *E = at_parse(R, "");
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, E, NULL), GBC_OK);
    ck_assert_int_eq(isg, 1);
    /* zero polynomials in the list (normal forms keep them): [y, 0] and [0, y] are
     * Groebner bases of <y>, neither is reduced */
    gbc_polys *X = at_parse(R, "x0");
    static const char *const lists[] = {"x1, x0", "x0, x1"};
    for (size_t k = 0; k < 2; k++) {
        gbc_polys *Y = at_parse(R, lists[k]), *NF = NULL;
        ck_assert_int_eq(gbc_normal_form(&NF, Y, X, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_nterms(NF, 1 - k), 0);
        isg = isr = -1;
        ck_assert_int_eq(gbc_is_groebner(&isg, &isr, NF, NULL), GBC_OK);
        ck_assert_int_eq(isg, 1);
        ck_assert_int_eq(isr, 0);
        gbc_polys_free(NF);
        gbc_polys_free(Y);
    }
    gbc_polys_free(X);
    free(t);
    gbc_string_free(s);
    gbc_polys_free(E);
    gbc_polys_free(G2);
    gbc_polys_free(G);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_leading_ideal)
{
    /* katsura-n has 2^n solutions (counted with multiplicity): the leading ideal is
     * zero-dimensional of degree 2^n, over Z/p and over Q */
    for (int q = 0; q < 2; q++)
        for (uint32_t n = 2; n <= 5; n++) {
            gbc_ring *R = at_ring(n + 1, q ? 0 : 65521, NULL);
            gbc_polys *F = at_katsura_polys(R, n);
            gbc_monideal *L = NULL, *L2 = NULL;
            gbc_stats *st = NULL;
            ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
            ck_assert_int_eq(gbc_leading_ideal(&L, F, 0, NULL, st), GBC_OK);
            ck_assert(gbc_stats_get(st, "basis_size") > 0);
            gbc_polys *G = gb(F, GBC_ALGO_DEFAULT, GBC_BASIS_REDUCED);
            ck_assert_int_eq(gbc_leading_ideal(&L2, G, GBC_LEADING_IS_BASIS, NULL, NULL),
                             GBC_OK);
            int eq = -1;
            ck_assert_int_eq(gbc_monideal_equal(&eq, L, L2), GBC_OK);
            ck_assert_int_eq(eq, 1);
            ck_assert_ptr_eq(gbc_monideal_ring(L), R);
            int64_t dim = -2;
            uint64_t deg = 0;
            ck_assert_int_eq(gbc_monideal_dim(&dim, L, NULL), GBC_OK);
            ck_assert_int_eq(gbc_monideal_degree(&deg, L, NULL), GBC_OK);
            ck_assert_int_eq(dim, 0);
            ck_assert_uint_eq(deg, 1u << n);
            gbc_stats_free(st);
            gbc_monideal_free(L);
            gbc_monideal_free(L2);
            gbc_polys_free(G);
            gbc_polys_free(F);
            gbc_ring_free(R);
        }
    /* monomial input needs no basis; the unit and zero ideals; bad flags */
    gbc_ring *R = at_ring(2, 0, "lex");
    gbc_polys *M = at_parse(R, "3*x0^2, x0*x1^3, x0^3*x1");
    gbc_monideal *L = NULL;
    ck_assert_int_eq(gbc_leading_ideal(&L, M, 0, NULL, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_monideal_ngens(L), 2);
    gbc_monideal_free(L);
    gbc_polys *U = at_parse(R, "x0 + 1, x0 - 1");
    ck_assert_int_eq(gbc_leading_ideal(&L, U, 0, NULL, NULL), GBC_OK);
    int64_t dim = 0;
    ck_assert_int_eq(gbc_monideal_dim(&dim, L, NULL), GBC_OK);
    ck_assert_int_eq(dim, -1);
    gbc_monideal_free(L);
    gbc_polys *E = at_parse(R, "");
    ck_assert_int_eq(gbc_leading_ideal(&L, E, 0, NULL, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_monideal_ngens(L), 0);
    gbc_monideal_free(L);
    L = (gbc_monideal *)0x1;
    ck_assert_int_eq(gbc_leading_ideal(&L, M, 2, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_leading_ideal(NULL, M, 0, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_leading_ideal(&L, NULL, 0, NULL, NULL), GBC_ERR_ARG);
    ck_assert_ptr_eq(L, (gbc_monideal *)0x1);
    gbc_polys_free(E);
    gbc_polys_free(U);
    gbc_polys_free(M);
    gbc_ring_free(R);
}
END_TEST

/* gbc_polys_print: the pieces handed to the writer make exactly
 * gbc_polys_to_string's text (with and without the header, over Z/p and Q, for a
 * basis longer than one piece); a writer that takes fewer bytes gives GBC_ERR_IO;
 * NULL arguments give GBC_ERR_ARG. */
typedef struct sink {
    char *buf;
    size_t len, cap, calls, fail_at; /* fail_at: the call that comes up short (0: none) */
} sink;

static size_t sink_write(void *data, const char *b, size_t n)
{
    sink *k = data;
    k->calls++;
    if (k->fail_at != 0 && k->calls == k->fail_at)
        return n / 2;
    if (k->len + n + 1 > k->cap) {
        k->cap = 2 * (k->len + n + 1);
        k->buf = realloc(k->buf, k->cap);
        ck_assert_ptr_nonnull(k->buf);
    }
    memcpy(k->buf + k->len, b, n);
    k->len += n;
    k->buf[k->len] = '\0';
    return n;
}

START_TEST(test_print_stream)
{
    for (int q = 0; q < 2; q++) {
        gbc_ring *R = at_ring(8, q ? 0 : 32003, NULL);
        /* katsura-7 (8 variables): over Q its basis prints to about 290 KB */
        char *text = tu_system_gens("katsura", 8);
        gbc_polys *F = at_parse(R, text);
        free(text);
        gbc_polys *G = NULL;
        ck_assert_int_eq(gbc_groebner(&G, F, NULL, NULL), GBC_OK);
        for (unsigned flags = 0; flags <= GBC_PRINT_HEADER; flags++) {
            char *want = NULL;
            size_t wlen = 0;
            ck_assert_int_eq(gbc_polys_to_string(&want, &wlen, G, flags), GBC_OK);
            sink k = {0};
            ck_assert_int_eq(gbc_polys_print(G, flags, sink_write, &k), GBC_OK);
            ck_assert_uint_eq(k.len, wlen);
            ck_assert(memcmp(k.buf, want, wlen) == 0);
            if (q == 1)
                ck_assert_uint_gt(k.calls, 1);
            sink bad = {0};
            bad.fail_at = k.calls;
            ck_assert_int_eq(gbc_polys_print(G, flags, sink_write, &bad), GBC_ERR_IO);
            free(k.buf);
            free(bad.buf);
            gbc_string_free(want);
        }
        sink k = {0};
        ck_assert_int_eq(gbc_polys_print(NULL, 0, sink_write, &k), GBC_ERR_ARG);
        ck_assert_int_eq(gbc_polys_print(G, 0, NULL, &k), GBC_ERR_ARG);
        ck_assert_uint_eq(k.calls, 0);
        gbc_polys_free(G);
        gbc_polys_free(F);
        gbc_ring_free(R);
    }
}
END_TEST

/* gbc_groebner_write: the same bytes as gbc_groebner then gbc_polys_to_string, on
 * the streamed path (F4 over Z/p, grevlex; reduced and minimal, one and two
 * threads) and the others (over Q, lex, Buchberger), for the zero and the unit
 * ideal, with and without the header, and the same basis_size; a writer that comes
 * up short gives GBC_ERR_IO at any call; an interrupt and a tiny memory limit
 * give their statuses; NULL arguments GBC_ERR_ARG. */
static int stop_now(void *data)
{
    (void)data;
    return 1;
}

static void write_case(gbc_ring *R, const char *text, gbc_algorithm a, gbc_basis_kind k,
                       int threads)
{
    gbc_polys *F = at_parse(R, text);
    gbc_options *o = opts_algo(a, k);
    ck_assert_int_eq(gbc_options_set_threads(o, threads), GBC_OK);
    gbc_stats *s1 = NULL, *s2 = NULL;
    ck_assert_int_eq(gbc_stats_new(&s1), GBC_OK);
    ck_assert_int_eq(gbc_stats_new(&s2), GBC_OK);
    gbc_polys *G = NULL;
    ck_assert_int_eq(gbc_groebner(&G, F, o, s1), GBC_OK);
    for (unsigned flags = 0; flags <= GBC_PRINT_HEADER; flags++) {
        char *want = NULL;
        size_t wlen = 0;
        ck_assert_int_eq(gbc_polys_to_string(&want, &wlen, G, flags), GBC_OK);
        sink w = {0};
        ck_assert_int_eq(gbc_groebner_write(F, o, s2, flags, sink_write, &w), GBC_OK);
        ck_assert_uint_eq(w.len, wlen);
        ck_assert(wlen == 0 || memcmp(w.buf, want, wlen) == 0);
        ck_assert(gbc_stats_get(s1, "basis_size") == gbc_stats_get(s2, "basis_size"));
        for (size_t at = 1; at <= w.calls; at++) {
            sink bad = {0};
            bad.fail_at = at;
            ck_assert_int_eq(gbc_groebner_write(F, o, NULL, flags, sink_write, &bad),
                             GBC_ERR_IO);
            free(bad.buf);
        }
        free(w.buf);
        gbc_string_free(want);
    }
    gbc_polys_free(G);
    gbc_stats_free(s1);
    gbc_stats_free(s2);
    gbc_options_free(o);
    gbc_polys_free(F);
}

START_TEST(test_groebner_write)
{
    char *k7 = tu_system_gens("katsura", 8);
    gbc_ring *Rp = at_ring(8, 32003, NULL);
    gbc_ring *Rq = at_ring(8, 0, NULL);
    gbc_ring *Rl = at_ring(3, 32003, "lex");
    gbc_ring *R3 = at_ring(3, 32003, NULL);
    for (int threads = 1; threads <= 2; threads++) {
        write_case(Rp, k7, GBC_ALGO_DEFAULT, GBC_BASIS_REDUCED, threads);
        write_case(Rp, k7, GBC_ALGO_F4, GBC_BASIS_MINIMAL, threads);
    }
    write_case(Rq, k7, GBC_ALGO_DEFAULT, GBC_BASIS_REDUCED, 1);
    write_case(Rp, k7, GBC_ALGO_BUCHBERGER, GBC_BASIS_REDUCED, 1);
    write_case(Rl, "x0^2 - x1, x1^2 - x2 + x0, x2^3 - x0*x1", GBC_ALGO_DEFAULT,
               GBC_BASIS_REDUCED, 1);
    write_case(R3, "x0*x1 - 1, x0 - x2, x1*x2 - 2", GBC_ALGO_DEFAULT, GBC_BASIS_REDUCED, 1);
    write_case(R3, "", GBC_ALGO_DEFAULT, GBC_BASIS_REDUCED, 1);
    write_case(R3, "0", GBC_ALGO_DEFAULT, GBC_BASIS_MINIMAL, 1);

    gbc_polys *F = at_parse(Rp, k7);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_interrupt(o, stop_now, NULL), GBC_OK);
    sink w = {0};
    ck_assert_int_eq(gbc_groebner_write(F, o, NULL, 0, sink_write, &w), GBC_ERR_INTERRUPTED);
    free(w.buf);
    gbc_options_free(o);
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_memory_limit(o, 4096), GBC_OK);
    memset(&w, 0, sizeof w);
    ck_assert_int_eq(gbc_groebner_write(F, o, NULL, 0, sink_write, &w), GBC_ERR_LIMIT);
    free(w.buf);
    gbc_options_free(o);
    memset(&w, 0, sizeof w);
    ck_assert_int_eq(gbc_groebner_write(NULL, NULL, NULL, 0, sink_write, &w), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_groebner_write(F, NULL, NULL, 0, NULL, &w), GBC_ERR_ARG);
    ck_assert_uint_eq(w.calls, 0);
    gbc_polys_free(F);
    gbc_ring_free(Rp);
    gbc_ring_free(Rq);
    gbc_ring_free(Rl);
    gbc_ring_free(R3);
    free(k7);
}
END_TEST

START_TEST(test_groebner_args)
{
    gbc_ring *R = at_ring(2, 101, NULL);
    gbc_polys *F = at_parse(R, "x0 - x1");
    gbc_polys *G = (gbc_polys *)0x1;
    ck_assert_int_eq(gbc_groebner(NULL, F, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_groebner(&G, NULL, NULL, NULL), GBC_ERR_ARG);
    ck_assert_ptr_eq(G, (gbc_polys *)0x1);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_algorithm(o, (gbc_algorithm)7), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_basis(o, (gbc_basis_kind)7), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_threads(o, 0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_log(o, NULL, NULL, -1), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_algorithm(NULL, GBC_ALGO_F4), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_basis(NULL, GBC_BASIS_MINIMAL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_certify(NULL, 1), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_threads(NULL, 1), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_memory_limit(NULL, 1), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_interrupt(NULL, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_progress(NULL, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_new(NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_stats_new(NULL), GBC_ERR_ARG);
    {
        /* NULL text of length 0 is an empty input (a parse error: no header), and
         * the parser never hands NULL to memchr (UBSan; issue 15) */
        gbc_ring *pr = (gbc_ring *)0x1;
        gbc_polys *pp = (gbc_polys *)0x1;
        gbc_error e;
        ck_assert_int_eq(gbc_parse(&pr, &pp, NULL, 0, NULL, NULL, &e), GBC_ERR_PARSE);
        ck_assert_ptr_eq(pr, (gbc_ring *)0x1);
        ck_assert_ptr_eq(pp, (gbc_polys *)0x1);
        ck_assert_int_eq(gbc_parse(&pr, &pp, NULL, 1, NULL, NULL, &e), GBC_ERR_ARG);
    }
    ck_assert(gbc_stats_get(NULL, "seconds") == 0);
    gbc_options_cancel(NULL);
    gbc_options_reset_cancel(NULL);
    ck_assert_int_eq(gbc_options_cancelled(NULL), 0);
    gbc_options_free(NULL);
    gbc_stats_free(NULL);
    gbc_ring_free(NULL);
    gbc_string_free(NULL);
    ck_assert_str_eq(gbc_version(), "0.2.0");
    for (int s = 0; s <= 12; s++)
        ck_assert_ptr_nonnull(gbc_status_string((gbc_status)s));
    gbc_options_free(o);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-compute");
    TCase *tc = tcase_create("compute");
    tcase_add_test(tc, test_print_stream);
    tcase_add_test(tc, test_nf_random);
    tcase_add_test(tc, test_nf_exact);
    tcase_add_test(tc, test_minimal);
    tcase_add_test(tc, test_is_groebner);
    tcase_add_test(tc, test_leading_ideal);
    tcase_add_test(tc, test_groebner_args);
    tcase_add_test(tc, test_groebner_write);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
