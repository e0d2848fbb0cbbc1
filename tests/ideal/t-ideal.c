/* Tests of the ideal operations (gbc_eliminate ... gbc_lift): against Singular's
 * results checked in under tests/data/ideal (make_reference.py), against the
 * identities they must satisfy on seeded random ideals (I cap J in I and J, I J in
 * I cap J, (I : J) J in I, saturation stable under one more quotient, the two
 * saturation methods agree, cofactors multiply back, F4 and Buchberger agree), on
 * the edge cases, and through the command-line tool. Only gbc.h is used. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include "api/apitest.h"
#include "testutil.h"

/* ------------------------------------------------------------- helpers -- */

/* The polynomials of P, one string each (malloc'd; zero prints as "0"). */
static char **poly_strs(const gbc_polys *P, size_t *n)
{
    size_t k = gbc_polys_count(P);
    char **v = calloc(k ? k : 1, sizeof *v);
    ck_assert_ptr_nonnull(v);
    char *s = NULL;
    ck_assert_int_eq(gbc_polys_to_string(&s, NULL, P, 0), GBC_OK);
    char *p = s;
    for (size_t i = 0; i < k; i++) {
        char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len > 0 && p[len - 1] == ',')
            len--;
        v[i] = strndup(p, len);
        ck_assert_ptr_nonnull(v[i]);
        p = e ? e + 1 : p + len;
    }
    gbc_string_free(s);
    *n = k;
    return v;
}

static void strs_free(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* The printed reduced basis of <P> (F4, or Buchberger with bb). */
static char *gb_str(const gbc_polys *P, int bb)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    if (bb)
        gbc_options_set_algorithm(o, GBC_ALGO_BUCHBERGER);
    gbc_polys *G = NULL;
    ck_assert_int_eq(gbc_groebner(&G, P, o, NULL), GBC_OK);
    char *s = at_str(G);
    gbc_polys_free(G);
    gbc_options_free(o);
    return s;
}

/* Whether P is exactly the reduced basis of <Q> (as text). */
static int is_basis_of(const gbc_polys *P, const gbc_polys *Q)
{
    char *a = at_str(P), *b = gb_str(Q, 0);
    int eq = strcmp(a, b) == 0;
    if (!eq)
        fprintf(stderr, "got:\n%s\nexpected:\n%s\n", a, b);
    gbc_string_free(a);
    gbc_string_free(b);
    return eq;
}

/* Whether every polynomial of A lies in <B>. */
static int contained(const gbc_polys *A, const gbc_polys *B)
{
    size_t n = gbc_polys_count(A);
    int *m = calloc(n ? n : 1, sizeof *m);
    ck_assert_int_eq(gbc_member(m, A, B, NULL, NULL), GBC_OK);
    int all = 1;
    for (size_t i = 0; i < n; i++)
        all &= m[i] == 1;
    free(m);
    return all;
}

/* The list of products a_i * b_j. */
static gbc_polys *products(const gbc_ring *R, const gbc_polys *A, const gbc_polys *B)
{
    size_t na, nb;
    char **a = poly_strs(A, &na), **b = poly_strs(B, &nb);
    sbuf t;
    sb_init(&t);
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            sb_printf(&t, "%s(%s)*(%s)", t.len ? ", " : "", a[i], b[j]);
    gbc_polys *P = at_parse(R, t.len ? t.s : "0");
    sb_free(&t);
    strs_free(a, na);
    strs_free(b, nb);
    return P;
}

/* Whether target_j = sum_i cof[j m + i] gens_i for every j (the difference parsed
 * must be zero). */
static int multiplies_back(const gbc_ring *R, const gbc_polys *target, const gbc_polys *cof,
                           const gbc_polys *gens)
{
    size_t nt, nc, m;
    char **t = poly_strs(target, &nt), **c = poly_strs(cof, &nc), **g = poly_strs(gens, &m);
    ck_assert_uint_eq(nc, nt * m);
    int ok = 1;
    for (size_t j = 0; j < nt && ok; j++) {
        sbuf s;
        sb_init(&s);
        sb_printf(&s, "-(%s)", t[j]);
        for (size_t i = 0; i < m; i++)
            sb_printf(&s, " + (%s)*(%s)", c[j * m + i], g[i]);
        gbc_polys *D = at_parse(R, s.s);
        ok = gbc_polys_count(D) == 0;
        if (!ok)
            fprintf(stderr, "cofactors of row %zu do not multiply back: %s\n", j, s.s);
        gbc_polys_free(D);
        sb_free(&s);
    }
    strs_free(t, nt);
    strs_free(c, nc);
    strs_free(g, m);
    return ok;
}

/* A random polynomial in x0..x{n-1}: nterms terms of degree <= maxdeg. */
static void rand_poly(sbuf *s, gbc_rng *r, uint32_t n, int nterms, int maxdeg, int q)
{
    for (int k = 0; k < nterms; k++) {
        int c = (int)gbc_rng_below(r, 19) - 9;
        if (c == 0)
            c = 1;
        sb_printf(s, k ? " + %d" : "%d", c);
        if (q && gbc_rng_below(r, 3) == 0)
            sb_printf(s, "/%d", (int)gbc_rng_below(r, 4) + 2);
        int d = (int)gbc_rng_below(r, (uint64_t)maxdeg + 1);
        for (int e = 0; e < d; e++)
            sb_printf(s, "*x%u", (unsigned)gbc_rng_below(r, n));
    }
}

static gbc_polys *rand_ideal(const gbc_ring *R, gbc_rng *r, int k, int nterms, int maxdeg)
{
    sbuf s;
    sb_init(&s);
    for (int i = 0; i < k; i++) {
        if (i)
            sb_puts(&s, ", ");
        rand_poly(&s, r, gbc_ring_nvars(R), nterms, maxdeg, gbc_ring_characteristic(R) == 0);
    }
    gbc_polys *P = at_parse(R, s.s);
    sb_free(&s);
    return P;
}

static gbc_polys *opt_call_sat(const gbc_polys *A, const gbc_polys *B, gbc_saturation m)
{
    gbc_polys *S = NULL;
    ck_assert_int_eq(gbc_saturate(&S, A, B, m, NULL, NULL), GBC_OK);
    return S;
}

/* ------------------------------------------------ Singular's references -- */

static gbc_polys *load(const char *name, const char *ext, gbc_ring **R)
{
    char rel[256];
    snprintf(rel, sizeof rel, "ideal/%s.%s", name, ext);
    size_t len;
    char *text = tu_read_file(tu_data_path(rel), &len);
    ck_assert_msg(text != NULL, "cannot read %s", rel);
    gbc_polys *P = NULL;
    gbc_error err;
    ck_assert_msg(gbc_parse(R, &P, text, len, NULL, NULL, &err) == GBC_OK, "%s: %s", rel,
                  err.message);
    free(text);
    return P;
}

/* The nonzero polynomials of nf agree, in order, with those of ref up to nonzero
 * constants (Singular's reduce may rescale over Q; the parser drops the zero
 * normal forms of the reference file). */
static int same_up_to_scalar(const gbc_polys *nf, const gbc_polys *ref)
{
    size_t n1, n2;
    char **a = poly_strs(nf, &n1), **b = poly_strs(ref, &n2);
    const gbc_ring *R = gbc_polys_ring(nf);
    size_t j = 0;
    int ok = 1;
    for (size_t i = 0; i < n1 && ok; i++) {
        if (strcmp(a[i], "0") == 0)
            continue;
        ok = j < n2;
        if (!ok)
            break;
        gbc_polys *x = at_parse(R, a[i]), *y = at_parse(R, b[j]);
        char *gx = gb_str(x, 0), *gy = gb_str(y, 0);
        ok = strcmp(gx, gy) == 0;
        if (!ok)
            fprintf(stderr, "normal form %zu: %s against Singular's %s\n", i, a[i], b[j]);
        gbc_string_free(gx);
        gbc_string_free(gy);
        gbc_polys_free(x);
        gbc_polys_free(y);
        j++;
    }
    ok = ok && j == n2;
    strs_free(a, n1);
    strs_free(b, n2);
    return ok;
}

START_TEST(test_singular_reference)
{
    size_t len;
    char *man = tu_read_file(tu_data_path("ideal/MANIFEST"), &len);
    ck_assert_ptr_nonnull(man);
    int ncases = 0;
    char *save = NULL;
    for (char *line = strtok_r(man, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[128], op[32], vars[128] = "";
        int nf = sscanf(line, "%127s %31s %127s", name, op, vars);
        ck_assert_int_ge(nf, 2);
        gbc_ring *Ra = NULL, *Rb = NULL, *Rr = NULL;
        gbc_polys *A = load(name, "a", &Ra), *B = NULL, *ref = load(name, "ref", &Rr);
        if (strcmp(op, "eliminate") != 0)
            B = load(name, "b", &Rb);
        /* the reference in A's ring handle */
        char *reftext = at_str(ref);
        gbc_polys *Ref = at_parse(Ra, reftext[0] ? reftext : "0");
        gbc_string_free(reftext);
        for (int bb = 0; bb < 2; bb++) {
            /* Buchberger only modulo p (over Q it is slow on the bigger cases) */
            if (bb && gbc_ring_characteristic(Ra) == 0)
                continue;
            gbc_options *o = NULL;
            ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
            if (bb)
                gbc_options_set_algorithm(o, GBC_ALGO_BUCHBERGER);
            gbc_options_set_seed(o, tu_seed());
            gbc_polys *Res = NULL, *Res2 = NULL, *Res3 = NULL;
            if (strcmp(op, "eliminate") == 0) {
                uint32_t idx[8];
                size_t k = 0;
                char *vs = NULL;
                for (char *v = strtok_r(vars, ",", &vs); v; v = strtok_r(NULL, ",", &vs))
                    for (uint32_t i = 0; i < gbc_ring_nvars(Ra); i++)
                        if (strcmp(gbc_ring_var_name(Ra, i), v) == 0)
                            idx[k++] = i;
                ck_assert_uint_gt(k, 0);
                ck_assert_int_eq(gbc_eliminate(&Res, A, idx, k, o, NULL), GBC_OK);
                /* strtok_r consumed vars: restore it for the second pass */
                vars[0] = '\0';
                sscanf(line, "%*s %*s %127s", vars);
            } else if (strcmp(op, "intersect") == 0) {
                ck_assert_int_eq(gbc_intersect(&Res, A, B, o, NULL), GBC_OK);
            } else if (strcmp(op, "quotient") == 0) {
                ck_assert_int_eq(gbc_quotient(&Res, A, B, o, NULL), GBC_OK);
            } else if (strcmp(op, "saturate") == 0) {
                ck_assert_int_eq(gbc_saturate(&Res, A, B, GBC_SAT_ELIMINATE, o, NULL),
                                 GBC_OK);
                ck_assert_int_eq(gbc_saturate(&Res2, A, B, GBC_SAT_ITERATE, o, NULL), GBC_OK);
                /* the F4 method (over Q: the elimination's path) */
                ck_assert_int_eq(gbc_saturate(&Res3, A, B, GBC_SAT_F4, o, NULL), GBC_OK);
            } else {
                ck_assert_str_eq(op, "reduce");
                ck_assert_int_eq(gbc_reduce(&Res, B, A, o, NULL), GBC_OK);
            }
            if (strcmp(op, "reduce") == 0)
                ck_assert_msg(same_up_to_scalar(Res, ref), "%s", name);
            else
                ck_assert_msg(is_basis_of(Res, Ref), "%s (%s)", name, bb ? "buchberger" : "f4");
            if (Res2 != NULL)
                ck_assert_msg(is_basis_of(Res2, Ref), "%s (iterate)", name);
            if (Res3 != NULL)
                ck_assert_msg(is_basis_of(Res3, Ref), "%s (f4 saturation)", name);
            gbc_polys_free(Res3);
            gbc_polys_free(Res);
            gbc_polys_free(Res2);
            gbc_options_free(o);
        }
        gbc_polys_free(Ref);
        gbc_polys_free(A);
        gbc_polys_free(B);
        gbc_polys_free(ref);
        gbc_ring_free(Ra);
        gbc_ring_free(Rb);
        gbc_ring_free(Rr);
        ncases++;
    }
    free(man);
    ck_assert_int_ge(ncases, 40);
    printf("Singular references: %d cases agree\n", ncases);
}
END_TEST

/* ----------------------------------------------------------- identities -- */

static void identities(uint32_t p, gbc_rng *r)
{
    gbc_ring *R = at_ring(3, p, NULL);
    gbc_polys *I = rand_ideal(R, r, 3, 3, 2), *J = rand_ideal(R, r, 2, 2, 2);
    char *ti = at_str(I), *tj = at_str(J);
    /* the reproducer, in case an assertion fails */
    printf("p = %u\nI = %s\nJ = %s\n", p, ti, tj);
    fflush(stdout);

    /* I cap J: in I and in J, contains I J; F4 and Buchberger agree */
    gbc_polys *K = NULL, *Kb = NULL;
    ck_assert_int_eq(gbc_intersect(&K, I, J, NULL, NULL), GBC_OK);
    ck_assert(contained(K, I));
    ck_assert(contained(K, J));
    gbc_polys *IJ = products(R, I, J);
    ck_assert(contained(IJ, K));
    gbc_options *bb = NULL;
    ck_assert_int_eq(gbc_options_new(&bb), GBC_OK);
    gbc_options_set_algorithm(bb, GBC_ALGO_BUCHBERGER);
    if (p != 0) {
        ck_assert_int_eq(gbc_intersect(&Kb, I, J, bb, NULL), GBC_OK);
        ck_assert(is_basis_of(Kb, K));
    }

    /* I : J contains I, and (I : J) J lies in I; for a product ideal I = f <g...>,
     * (f g) : f contains g */
    gbc_polys *Q = NULL;
    ck_assert_int_eq(gbc_quotient(&Q, I, J, NULL, NULL), GBC_OK);
    ck_assert(contained(I, Q));
    gbc_polys *QJ = products(R, Q, J);
    ck_assert(contained(QJ, I));
    gbc_polys *f = rand_ideal(R, r, 1, 2, 2);
    gbc_polys *fI = products(R, f, I), *Qf = NULL;
    ck_assert_int_eq(gbc_quotient(&Qf, fI, f, NULL, NULL), GBC_OK);
    ck_assert(contained(I, Qf));
    gbc_polys *back = products(R, Qf, f);
    ck_assert(contained(back, fI));

    /* saturation: both methods agree, one more quotient changes nothing, contains
     * I : J */
    gbc_polys *S1 = opt_call_sat(fI, f, GBC_SAT_ELIMINATE);
    gbc_polys *S2 = opt_call_sat(fI, f, GBC_SAT_ITERATE);
    ck_assert(is_basis_of(S2, S1));
    gbc_polys *S3 = opt_call_sat(fI, f, GBC_SAT_F4);
    ck_assert(is_basis_of(S3, S1));
    gbc_polys *S1q = NULL;
    ck_assert_int_eq(gbc_quotient(&S1q, S1, f, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(S1q, S1));
    ck_assert(contained(Qf, S1));
    gbc_polys *T1 = opt_call_sat(I, J, GBC_SAT_AUTO), *T2 = opt_call_sat(I, J, GBC_SAT_ITERATE);
    ck_assert(is_basis_of(T2, T1));
    gbc_polys *T3 = opt_call_sat(I, J, GBC_SAT_F4);
    ck_assert(is_basis_of(T3, T1));
    ck_assert(contained(Q, T1));

    /* elimination of x0: free of x0, in I, and F4 (the block-order path) and
     * Buchberger agree */
    uint32_t v0 = 0;
    gbc_polys *E = NULL;
    ck_assert_int_eq(gbc_eliminate(&E, I, &v0, 1, NULL, NULL), GBC_OK);
    ck_assert(contained(E, I));
    for (size_t i = 0; i < gbc_polys_count(E); i++) {
        size_t nt = gbc_polys_nterms(E, i);
        uint32_t *ex = malloc(sizeof *ex * 3 * (nt ? nt : 1));
        ck_assert_int_eq(gbc_polys_get_zp(ex, NULL, nt, E, i), GBC_OK);
        for (size_t k = 0; k < nt; k++)
            ck_assert_uint_eq(ex[3 * k], 0);
        free(ex);
    }
    if (p != 0) {
        gbc_polys *Eb = NULL;
        ck_assert_int_eq(gbc_eliminate(&Eb, I, &v0, 1, bb, NULL), GBC_OK);
        ck_assert(is_basis_of(Eb, E));
        gbc_polys_free(Eb);
    }

    /* reduce and member: the normal forms are gbc_normal_form's by the basis; a
     * combination of the generators is a member */
    gbc_polys *G = NULL, *P = rand_ideal(R, r, 3, 3, 3), *N1 = NULL, *N2 = NULL;
    ck_assert_int_eq(gbc_groebner(&G, I, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_reduce(&N1, P, I, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_normal_form(&N2, P, G, NULL), GBC_OK);
    char *s1 = at_str(N1), *s2 = at_str(N2);
    ck_assert_str_eq(s1, s2);
    gbc_string_free(s1);
    gbc_string_free(s2);
    size_t ni, np;
    char **is = poly_strs(I, &ni), **ps = poly_strs(P, &np);
    sbuf comb;
    sb_init(&comb);
    /* I and P may have fewer than 3 elements (a random generator can vanish) */
    size_t m3 = ni < np ? ni : np;
    m3 = m3 > 3 ? 3 : m3;
    gbc_polys *M = NULL;
    if (m3 > 0) {
        sb_printf(&comb, "(%s)*(%s)", ps[0], is[0]);
        if (m3 > 1)
            sb_printf(&comb, " - (%s)*(%s)", ps[1], is[1]);
        sb_printf(&comb, ", (%s)*(%s)", ps[m3 - 1], is[m3 - 1]);
        M = at_parse(R, comb.s);
        int mem[2] = {0, 0};
        ck_assert_int_eq(gbc_member(mem, M, I, NULL, NULL), GBC_OK);
        ck_assert_int_eq(mem[0], 1);
        ck_assert_int_eq(mem[1], 1);
    }
    sb_free(&comb);

    /* lift: the basis with its cofactors multiplies back; so do a member's */
    gbc_polys *LB = NULL, *LC = NULL, *MC = NULL;
    ck_assert_int_eq(gbc_lift_basis(&LB, &LC, I, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(LB, I));
    ck_assert(multiplies_back(R, LB, LC, I));
    size_t bad = 99;
    if (M != NULL) {
        ck_assert_int_eq(gbc_lift(&MC, &bad, I, M, NULL, NULL), GBC_OK);
        ck_assert(multiplies_back(R, M, MC, I));
    }
    /* a non-member: GBC_ERR_DOMAIN with its index, the output untouched */
    int pm[3];
    ck_assert_int_eq(gbc_member(pm, P, I, NULL, NULL), GBC_OK);
    for (size_t i = 0; i < np; i++)
        if (!pm[i]) {
            gbc_polys *Z = (gbc_polys *)0x1;
            bad = 99;
            ck_assert_int_eq(gbc_lift(&Z, &bad, I, P, NULL, NULL), GBC_ERR_DOMAIN);
            ck_assert_ptr_eq(Z, (gbc_polys *)0x1);
            ck_assert_uint_eq(bad, i);
            break;
        }
    strs_free(is, ni);
    strs_free(ps, np);

    gbc_polys *list[] = {K, Kb, IJ, Q, QJ, f, fI, Qf, back, S1, S2, S3, S1q, T1, T2, T3, E, G, P,
                         N1, N2, M, LB, LC, MC, I, J};
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        gbc_polys_free(list[i]);
    gbc_string_free(ti);
    gbc_string_free(tj);
    gbc_options_free(bb);
    gbc_ring_free(R);
}

START_TEST(test_identities_random)
{
    gbc_rng r;
    uint64_t seed = tu_seed();
    gbc_rng_seed(&r, seed);
    printf("t-ideal identities: seed %llu (GBC_TEST_SEED to repeat)\n",
           (unsigned long long)seed);
    int rounds = 12 * tu_mult();
    for (int k = 0; k < rounds; k++)
        identities(k % 2 ? 0 : (k % 3 ? 32003 : 7), &r);
}
END_TEST

/* ------------------------------------------------- the F4 saturation -- */

/* A random polynomial of degree d (homogeneous unless inhom; then also lower
 * terms) in x0..x{n-1}, nterms terms. */
static void rand_dpoly(sbuf *s, gbc_rng *r, uint32_t n, int nterms, int d, int inhom)
{
    for (int k = 0; k < nterms; k++) {
        int c = (int)gbc_rng_below(r, 19) - 9;
        if (c == 0)
            c = 1;
        sb_printf(s, k ? " + %d" : "%d", c);
        int dk = inhom && k > 0 ? (int)gbc_rng_below(r, (uint64_t)d + 1) : d;
        for (int e = 0; e < dk; e++)
            sb_printf(s, "*x%u", (unsigned)gbc_rng_below(r, n));
    }
}

/* I = (phi^2 g1, phi g2, g3) with random phi, g_i: GBC_SAT_F4 gives the basis
 * GBC_SAT_ELIMINATE gives, the result contains I and is stable under one more
 * quotient by phi; by J = (phi, psi) both methods agree too. */
static void sat_f4_case(uint32_t p, const char *order, int inhom, gbc_rng *r)
{
    const uint32_t n = 3 + (uint32_t)gbc_rng_below(r, 2);
    gbc_ring *R = at_ring(n, p, order);
    sbuf phi, psi, gen;
    sb_init(&phi);
    sb_init(&psi);
    sb_init(&gen);
    rand_dpoly(&phi, r, n, 2, 1 + (int)gbc_rng_below(r, 2), inhom);
    rand_dpoly(&psi, r, n, 2, 1, inhom);
    sb_printf(&gen, "(%s)^2*(", phi.s);
    rand_dpoly(&gen, r, n, 3, 1 + (int)gbc_rng_below(r, 2), inhom);
    sb_printf(&gen, "), (%s)*(", phi.s);
    rand_dpoly(&gen, r, n, 3, 2, inhom);
    sb_printf(&gen, "), ");
    rand_dpoly(&gen, r, n, 3, 3, inhom);
    printf("sat f4: p = %u, order %s, n = %u\nI = %s\nphi = %s\npsi = %s\n", p,
           order ? order : "grevlex", n, gen.s, phi.s, psi.s);
    fflush(stdout);
    gbc_polys *I = at_parse(R, gen.s), *F = at_parse(R, phi.s);
    sb_printf(&psi, ", %s", phi.s);
    gbc_polys *J = at_parse(R, psi.s);
    gbc_polys *S1 = opt_call_sat(I, F, GBC_SAT_ELIMINATE), *S2 = opt_call_sat(I, F, GBC_SAT_F4);
    ck_assert(is_basis_of(S2, S1));
    ck_assert(contained(I, S2));
    gbc_polys *Sq = NULL;
    ck_assert_int_eq(gbc_quotient(&Sq, S2, F, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(Sq, S2));
    gbc_polys *T1 = opt_call_sat(I, J, GBC_SAT_ELIMINATE), *T2 = opt_call_sat(I, J, GBC_SAT_F4);
    ck_assert(is_basis_of(T2, T1));
    gbc_polys *list[] = {I, F, J, S1, S2, Sq, T1, T2};
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        gbc_polys_free(list[i]);
    sb_free(&phi);
    sb_free(&psi);
    sb_free(&gen);
    gbc_ring_free(R);
}

START_TEST(test_sat_f4)
{
    gbc_rng r;
    uint64_t seed = tu_seed();
    gbc_rng_seed(&r, seed);
    printf("t-ideal sat f4: seed %llu (GBC_TEST_SEED to repeat)\n", (unsigned long long)seed);
    static const uint32_t primes[] = {32003, 7, 2147483647u, 0};
    static const char *orders[] = {NULL, "lex", "deglex"};
    int rounds = 12 * tu_mult();
    for (int k = 0; k < rounds; k++)
        sat_f4_case(primes[k % 4], orders[(k / 4) % 3], k % 2, &r);

    /* a classical embedded component: (x^2, x y) = (x) cap (x^2, y), so
     * (x^2, x y) : y^inf = (x) and : x^inf = (1); and by a chain: saturating the
     * homogenisation (x^3 - y h^2, x^4 - z h^3) by h gives the twisted-cubic-like
     * ideal Macaulay2's documentation shows */
    gbc_ring *R = at_ring(3, 32003, NULL);
    gbc_polys *A = at_parse(R, "x0^2, x0*x1"), *y = at_parse(R, "x1"), *x = at_parse(R, "x0");
    gbc_polys *Sy = opt_call_sat(A, y, GBC_SAT_F4), *Sx = opt_call_sat(A, x, GBC_SAT_F4);
    ck_assert(is_basis_of(Sy, x));
    gbc_polys *one = at_parse(R, "1");
    ck_assert(is_basis_of(Sx, one));
    gbc_ring *R4 = at_ring(4, 32003, NULL);
    gbc_polys *H = at_parse(R4, "x0^3 - x1*x3^2, x0^4 - x2*x3^3"), *h = at_parse(R4, "x3");
    gbc_polys *Sh = opt_call_sat(H, h, GBC_SAT_F4);
    gbc_polys *Ex = at_parse(R4, "x0*x1 - x2*x3, x0^2*x2 - x1^2*x3, x1^3 - x0*x2^2, "
                                 "x0^3 - x1*x3^2");
    ck_assert(is_basis_of(Sh, Ex));
    gbc_polys *list[] = {A, y, x, Sy, Sx, one, H, h, Sh, Ex};
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        gbc_polys_free(list[i]);
    gbc_ring_free(R4);
    gbc_ring_free(R);
}
END_TEST

/* ------------------------------------------------------------ classical -- */

START_TEST(test_classical)
{
    for (int q = 0; q < 2; q++) {
        uint32_t p = q ? 0 : 32003;
        /* the twisted cubic: eliminating t from (x - t, y - t^2, z - t^3) */
        gbc_ring *R = at_ring(4, p, NULL);
        gbc_polys *I = at_parse(R, "x1 - x0, x2 - x0^2, x3 - x0^3");
        gbc_polys *W = at_parse(R, "x2 - x1^2, x3 - x1*x2, x1*x3 - x2^2");
        uint32_t t = 0;
        gbc_polys *E = NULL;
        ck_assert_int_eq(gbc_eliminate(&E, I, &t, 1, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(E, W));
        /* eliminating everything: the unit ideal stays, a proper ideal becomes 0 */
        uint32_t all[4] = {3, 1, 0, 2};
        gbc_polys *E0 = NULL, *E1 = NULL, *U = at_parse(R, "x0 - 1, x0 + 1"), *Z = NULL;
        ck_assert_int_eq(gbc_eliminate(&E0, I, all, 4, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(E0), 0);
        ck_assert_int_eq(gbc_eliminate(&E1, U, all, 4, NULL, NULL), GBC_OK);
        char *s = at_str(E1);
        ck_assert_str_eq(s, "1\n");
        gbc_string_free(s);
        /* eliminating nothing is the basis */
        ck_assert_int_eq(gbc_eliminate(&Z, I, NULL, 0, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(Z, I));

        /* in x1, x2, x3: (x y) cap (y z) = (x y z); (x y) : (x) = (y); for
         * C = (x^3 y, x y^3, x^2 y^2 (z - 1)): C : x^inf = (y) and
         * C : (x, y)^inf = (y) cap (x) = (x y) */
        gbc_polys *A = at_parse(R, "x1*x2"), *B = at_parse(R, "x2*x3"), *K = NULL;
        gbc_polys *xyz = at_parse(R, "x1*x2*x3");
        ck_assert_int_eq(gbc_intersect(&K, A, B, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(K, xyz));
        gbc_polys *X = at_parse(R, "x1"), *Qx = NULL, *Y = at_parse(R, "x2");
        ck_assert_int_eq(gbc_quotient(&Qx, A, X, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(Qx, Y));
        gbc_polys *C = at_parse(R, "x1^3*x2, x1*x2^3, x1^2*x2^2*(x3 - 1)");
        gbc_polys *M = at_parse(R, "x1, x2"), *Sat = NULL;
        gbc_polys *one = at_parse(R, "1");
        gbc_polys *xy = at_parse(R, "x1*x2");
        ck_assert_int_eq(gbc_saturate(&Sat, C, M, GBC_SAT_AUTO, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(Sat, xy));
        gbc_polys *Sat2 = NULL, *Sat3 = NULL;
        ck_assert_int_eq(gbc_saturate(&Sat2, C, X, GBC_SAT_ITERATE, NULL, NULL), GBC_OK);
        ck_assert_int_eq(gbc_saturate(&Sat3, C, X, GBC_SAT_ELIMINATE, NULL, NULL), GBC_OK);
        gbc_polys *expect = at_parse(R, "x2");
        ck_assert(is_basis_of(Sat2, expect));
        ck_assert(is_basis_of(Sat3, expect));
        /* the F4 method: by one generator, by two (the intersection), by a unit */
        gbc_polys *Sat4 = NULL, *Sat5 = NULL, *o5 = NULL;
        ck_assert_int_eq(gbc_saturate(&Sat4, C, X, GBC_SAT_F4, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(Sat4, expect));
        ck_assert_int_eq(gbc_saturate(&Sat5, C, M, GBC_SAT_F4, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(Sat5, xy));
        ck_assert_int_eq(gbc_saturate(&o5, A, one, GBC_SAT_F4, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(o5, A));

        /* zero and unit ideals, J = 0 */
        gbc_polys *zero = at_parse(R, "0"), *o1 = NULL, *o2 = NULL, *o3 = NULL, *o4 = NULL;
        ck_assert_int_eq(gbc_intersect(&o1, A, zero, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(o1), 0);
        ck_assert_int_eq(gbc_quotient(&o2, A, zero, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(o2, one));
        ck_assert_int_eq(gbc_quotient(&o3, zero, A, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(o3), 0);
        ck_assert_int_eq(gbc_saturate(&o4, A, one, GBC_SAT_AUTO, NULL, NULL), GBC_OK);
        ck_assert(is_basis_of(o4, A));
        gbc_polys *L1 = NULL, *L2 = NULL;
        ck_assert_int_eq(gbc_lift_basis(&L1, &L2, zero, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(L1), 0);
        ck_assert_uint_eq(gbc_polys_count(L2), 0);
        gbc_polys *list[] = {I, W, E, E0, E1, U, Z, A, B, K, xyz, X, Qx, Y, C, M, Sat,
                             one, Sat2, Sat3, Sat4, Sat5, o5, xy, expect, zero, o1, o2, o3,
                             o4, L1, L2};
        for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
            gbc_polys_free(list[i]);
        gbc_ring_free(R);
    }
}
END_TEST

/* --------------------------------------------------- arguments, orders -- */

START_TEST(test_arguments)
{
    gbc_ring *R = at_ring(3, 101, NULL), *R2 = at_ring(3, 103, NULL);
    gbc_ring *Rl = at_ring(3, 101, "lex"), *Rw = at_ring(3, 101, "weights:1,2,3");
    gbc_polys *A = at_parse(R, "x0^2 - x1, x1*x2 - 1"), *B = at_parse(R2, "x0");
    gbc_polys *Al = at_parse(Rl, "x0"), *Aw = at_parse(Rw, "x0^2 - x1, x1*x2 - 1");
    gbc_polys *out = (gbc_polys *)0x1, *c2 = (gbc_polys *)0x1;
    uint32_t bad[2] = {0, 0}, big = 3;
    ck_assert_int_eq(gbc_eliminate(NULL, A, bad, 1, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_eliminate(&out, NULL, bad, 1, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_eliminate(&out, A, NULL, 1, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_eliminate(&out, A, bad, 2, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_eliminate(&out, A, &big, 1, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_intersect(&out, A, NULL, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_intersect(&out, A, B, NULL, NULL), GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_quotient(&out, B, A, NULL, NULL), GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_saturate(&out, A, A, (gbc_saturation)7, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_reduce(&out, B, A, NULL, NULL), GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_member(NULL, A, A, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_lift(&out, NULL, A, B, NULL, NULL), GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_lift_basis(&out, NULL, A, NULL, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_lift_basis(&out, &c2, Aw, NULL, NULL), GBC_ERR_UNSUPPORTED);
    ck_assert_ptr_eq(out, (gbc_polys *)0x1);
    ck_assert_ptr_eq(c2, (gbc_polys *)0x1);

    /* a compatible ring with another order: the result is in the first list's ring */
    gbc_polys *Q = NULL;
    ck_assert_int_eq(gbc_quotient(&Q, A, Al, NULL, NULL), GBC_OK);
    ck_assert_ptr_eq(gbc_polys_ring(Q), R);
    /* weighted and block orders: the same ideals as in grevlex */
    gbc_polys *Ew = NULL, *E = NULL, *Sw = NULL, *S = NULL, *Lw = NULL;
    uint32_t v = 1;
    ck_assert_int_eq(gbc_eliminate(&Ew, Aw, &v, 1, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_eliminate(&E, A, &v, 1, NULL, NULL), GBC_OK);
    ck_assert_ptr_eq(gbc_polys_ring(Ew), Rw);
    ck_assert(is_basis_of(Ew, Ew)); /* reduced for the weighted order */
    char *t1 = at_str(E), *t2 = NULL;
    gbc_polys *Ewg = at_parse(R, (t2 = at_str(Ew)));
    ck_assert(is_basis_of(E, Ewg));
    gbc_string_free(t1);
    gbc_string_free(t2);
    gbc_polys *x0 = at_parse(Rw, "x0");
    ck_assert_int_eq(gbc_saturate(&Sw, Aw, x0, GBC_SAT_AUTO, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(Sw, Sw));
    gbc_polys *Sw4 = NULL, *Sb4 = NULL, *Sbe = NULL;
    ck_assert_int_eq(gbc_saturate(&Sw4, Aw, x0, GBC_SAT_F4, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(Sw4, Sw)); /* the F4 method through the homogenisation */
    ck_assert_int_eq(gbc_lift(&Lw, NULL, Aw, Aw, NULL, NULL), GBC_OK);
    ck_assert(multiplies_back(Rw, Aw, Lw, Aw));
    gbc_ring *Rb = at_ring(3, 101, "blocks:lex(1),grevlex(2)");
    gbc_polys *Ab = at_parse(Rb, "x0^2 - x1, x1*x2 - 1, x2^3 - x0"), *Bb = NULL, *Cb = NULL;
    ck_assert_int_eq(gbc_lift_basis(&Bb, &Cb, Ab, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(Bb, Ab));
    ck_assert(multiplies_back(Rb, Bb, Cb, Ab));
    uint32_t v2 = 2;
    ck_assert_int_eq(gbc_eliminate(&S, Ab, &v2, 1, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(S, S));
    ck_assert(contained(S, Ab));
    gbc_polys *xb = at_parse(Rb, "x0*x2 + x1");
    ck_assert_int_eq(gbc_saturate(&Sb4, Ab, xb, GBC_SAT_F4, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_saturate(&Sbe, Ab, xb, GBC_SAT_ELIMINATE, NULL, NULL), GBC_OK);
    ck_assert(is_basis_of(Sb4, Sbe));

    gbc_polys *list[] = {A, B, Al, Aw, Q, Ew, E, Sw, S, Lw, Ewg, x0, Ab, Bb, Cb,
                         Sw4, Sb4, Sbe, xb};
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        gbc_polys_free(list[i]);
    gbc_ring_free(R);
    gbc_ring_free(R2);
    gbc_ring_free(Rl);
    gbc_ring_free(Rw);
    gbc_ring_free(Rb);
}
END_TEST

/* ------------------------------------------------------------------ cli -- */

/* Run "GBC_BIN args" through the shell; its stdout into *out (malloc'd). */
static int run_cli(const char *args, char **out)
{
    const char *bin = getenv("GBC_BIN");
    ck_assert_msg(bin != NULL, "GBC_BIN must name the gbc executable (ctest sets it)");
    sbuf cmd;
    sb_init(&cmd);
    sb_printf(&cmd, "'%s' %s 2>/dev/null", bin, args);
    FILE *p = popen(cmd.s, "r");
    ck_assert_ptr_nonnull(p);
    sbuf o;
    sb_init(&o);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        sb_putn(&o, buf, n);
    int status = pclose(p);
    sb_free(&cmd);
    *out = o.s ? o.s : strdup("");
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A temporary file holding text; the path is malloc'd. */
static char *tmpfile_with(const char *name, const char *text)
{
    char path[512];
    const char *t = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/gbc-t-ideal-%ld-%s", t ? t : "/tmp", (long)getpid(), name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    char *r = strdup(path);
    ck_assert_ptr_nonnull(r);
    return r;
}

START_TEST(test_cli)
{
    char *a = tmpfile_with("a", "x,y,z\n32003\nx^2-y*z, y^2-x*z+1, z^3-x\n");
    char *b = tmpfile_with("b", "x,y,z\n32003\nx*y-1, z^2-y\n");
    char *f = tmpfile_with("f", "x,y,z\n32003\nx*z\n");
    char *g = tmpfile_with("g", "x,y\n32003\nx\n");
    char args[2048], *out;

    snprintf(args, sizeof args, "eliminate --vars x %s", a);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\nz^4+32002*y^2+32002,\ny^2*z^2+32002*y*z+z^2,\n"
                          "y^4+32002*y*z^3+2*y^2+1\n");
    free(out);
    /* the output is valid input: eliminating again changes nothing */
    char *e = tmpfile_with("e", "x,y,z\n32003\nz^4-y^2-1, y^2*z^2-y*z+z^2, "
                                      "y^4-y*z^3+2*y^2+1\n");
    snprintf(args, sizeof args, "eliminate --vars=x %s", e);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\nz^4+32002*y^2+32002,\ny^2*z^2+32002*y*z+z^2,\n"
                          "y^4+32002*y*z^3+2*y^2+1\n");
    free(out);
    snprintf(args, sizeof args, "quotient %s --with %s", a, f);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\ny^2+32002*x*z+1,\nx^2+32002*y*z,\nz^3+32002*x,\n"
                          "x*z^2+32002*y\n");
    free(out);
    snprintf(args, sizeof args, "saturate --method iterate %s %s", a, f);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\ny^2+32002*x*z+1,\nx^2+32002*y*z,\nz^3+32002*x,\n"
                          "x*z^2+32002*y\n");
    free(out);
    snprintf(args, sizeof args, "saturate --method f4 %s %s", a, f);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\ny^2+32002*x*z+1,\nx^2+32002*y*z,\nz^3+32002*x,\n"
                          "x*z^2+32002*y\n");
    free(out);
    snprintf(args, sizeof args, "intersect %s %s", a, b);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_ptr_nonnull(strstr(out, "z^5+32002*y*z^3+32002*x*z^2+x*y"));
    /* every engine of the table gives the same answer through the tool */
    static const char *const ops[] = {"intersect %s %s --algorithm %s",
                                      "eliminate --vars x %s --algorithm %s",
                                      "saturate --method f4 %s %s --algorithm %s",
                                      "quotient %s --with %s --algorithm %s"};
    static const char *const algos[] = {"sig", "buchberger"};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        char *want;
        if (k == 1)
            snprintf(args, sizeof args, ops[k], a, "f4");
        else
            snprintf(args, sizeof args, ops[k], a, k == 0 ? b : f, "f4");
        ck_assert_int_eq(run_cli(args, &want), 0);
        for (size_t j = 0; j < 2; j++) {
            char *got;
            if (k == 1)
                snprintf(args, sizeof args, ops[k], a, algos[j]);
            else
                snprintf(args, sizeof args, ops[k], a, k == 0 ? b : f, algos[j]);
            ck_assert_int_eq(run_cli(args, &got), 0);
            ck_assert_msg(strcmp(got, want) == 0, "%s:\n%s\nf4:\n%s", args, got, want);
            free(got);
        }
        free(want);
    }
    free(out);
    snprintf(args, sizeof args, "reduce %s %s", a, b);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\nx*y+32002,\nz^2+32002*y\n");
    free(out);
    char *m = tmpfile_with("m", "x,y,z\n32003\nx*(x^2-y*z) + 5*(z^3-x), x*y-1\n");
    snprintf(args, sizeof args, "member %s --with %s", a, m);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "true\nfalse\n");
    free(out);
    snprintf(args, sizeof args, "lift %s", a);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\n# cofactors of basis element 1: y^2+32002*x*z+1\n"
                          "0, 1, 0,\n# cofactors of basis element 2: x^2+32002*y*z\n"
                          "1, 0, 0,\n# cofactors of basis element 3: z^3+32002*x\n0, 0, 1\n");
    free(out);
    char *m1 = tmpfile_with("m1", "x,y,z\n32003\nx*(x^2-y*z) + 5*(z^3-x)\n");
    snprintf(args, sizeof args, "lift %s --with %s", a, m1);
    ck_assert_int_eq(run_cli(args, &out), 0);
    ck_assert_str_eq(out, "x,y,z\n32003\n# cofactors of 1: x^3+32002*x*y*z+5*z^3+31998*x\n"
                          "x, 0, 5\n");
    free(out);
    /* errors: a non-member (1), other variables (1), usage (2) */
    snprintf(args, sizeof args, "lift %s --with %s", a, m);
    ck_assert_int_eq(run_cli(args, &out), 1);
    ck_assert_str_eq(out, "");
    free(out);
    snprintf(args, sizeof args, "intersect %s %s", a, g);
    ck_assert_int_eq(run_cli(args, &out), 1);
    free(out);
    snprintf(args, sizeof args, "eliminate %s", a);
    ck_assert_int_eq(run_cli(args, &out), 2);
    free(out);
    snprintf(args, sizeof args, "eliminate --vars q %s", a);
    ck_assert_int_eq(run_cli(args, &out), 2);
    free(out);
    snprintf(args, sizeof args, "quotient %s", a);
    ck_assert_int_eq(run_cli(args, &out), 2);
    free(out);
    snprintf(args, sizeof args, "saturate --method fast %s %s", a, f);
    ck_assert_int_eq(run_cli(args, &out), 2);
    free(out);
    char *paths[] = {a, b, f, g, e, m, m1};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        unlink(paths[i]);
        free(paths[i]);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ideal");
    TCase *tc = tcase_create("ideal");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_singular_reference);
    tcase_add_test(tc, test_identities_random);
    tcase_add_test(tc, test_sat_f4);
    tcase_add_test(tc, test_classical);
    tcase_add_test(tc, test_arguments);
    tcase_add_test(tc, test_cli);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
