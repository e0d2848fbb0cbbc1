/* api/t-zero: positional lists holding zero, duplicate and unit (1, 3) polynomials
 * through gbc_reduce, gbc_member, gbc_lift and gbc_lift_basis, and the parsers that
 * keep zeros (gbc_parse_list, gbc_polys_parse_list). Every answer is checked by its
 * defining property, position by position: a normal form is reduced (no term is a
 * multiple of a leading monomial of the basis) and differs from its polynomial by
 * a member of the ideal (checked through cofactors multiplied back); member iff
 * the normal form is 0; cofactors multiply back (the parser does the arithmetic);
 * and the answer at position i is the answer for polynomial i asked alone. */
#include <stdint.h>

#include "api/apitest.h"
#include "testutil.h"

/* ------------------------------------------------------------- helpers -- */

/* Parse a positional list (zeros kept); fails the test on error. */
static gbc_polys *zl_parse(const gbc_ring *R, const char *text)
{
    gbc_polys *P = NULL;
    gbc_error err;
    gbc_status st = gbc_polys_parse_list(&P, R, text, strlen(text), NULL, &err);
    if (st != GBC_OK)
        ck_abort_msg("parse of '%s' failed: %s", text, err.message);
    return P;
}

/* Polynomial i of P as text (gbc_polys_text_at: "0" for a zero polynomial);
 * malloc'd by the library, free with gbc_mem_free. */
static char *zl_at(const gbc_polys *P, size_t i)
{
    char *s = gbc_polys_text_at(P, i, NULL);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Whether the text (one polynomial) expands to the zero polynomial. */
static int zl_is_zero(const gbc_ring *R, const char *text)
{
    gbc_polys *P = zl_parse(R, text);
    ck_assert_uint_eq(gbc_polys_count(P), 1);
    int z = gbc_polys_nterms(P, 0) == 0;
    gbc_polys_free(P);
    return z;
}

/* Whether no term of polynomial i of P is divisible by the leading monomial (the
 * first term) of an element of the basis G: P_i is reduced with respect to G. */
static int zl_reduced(const gbc_polys *P, size_t i, const gbc_polys *G)
{
    const uint32_t n = gbc_ring_nvars(gbc_polys_ring(P));
    size_t nt = gbc_polys_nterms(P, i);
    uint32_t *e = calloc((nt ? nt : 1) * (n ? n : 1), sizeof *e);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(gbc_polys_get_zp(e, NULL, nt, P, i), GBC_OK);
    int ok = 1;
    for (size_t k = 0; k < gbc_polys_count(G) && ok; k++) {
        size_t gt = gbc_polys_nterms(G, k);
        ck_assert_uint_gt(gt, 0);
        uint32_t *lm = calloc(gt * (n ? n : 1), sizeof *lm);
        ck_assert_ptr_nonnull(lm);
        ck_assert_int_eq(gbc_polys_get_zp(lm, NULL, gt, G, k), GBC_OK);
        for (size_t t = 0; t < nt && ok; t++) {
            int divides = 1;
            for (uint32_t v = 0; v < n; v++)
                divides &= lm[v] <= e[t * n + v];
            ok = !divides;
        }
        free(lm);
    }
    free(e);
    return ok;
}

/* Whether target_j = sum_i cof[j m + i] gens_i for every j: the difference, built
 * as text and expanded by the parser, must be the zero polynomial. */
static int zl_multiplies_back(const gbc_polys *target, const gbc_polys *cof,
                              const gbc_polys *gens)
{
    const gbc_ring *R = gbc_polys_ring(gens);
    size_t nt = gbc_polys_count(target), m = gbc_polys_count(gens);
    ck_assert_uint_eq(gbc_polys_count(cof), nt * m);
    int ok = 1;
    for (size_t j = 0; j < nt && ok; j++) {
        sbuf s;
        sb_init(&s);
        char *t = zl_at(target, j);
        sb_printf(&s, "-(%s)", t);
        gbc_mem_free(t);
        for (size_t i = 0; i < m; i++) {
            char *c = zl_at(cof, j * m + i), *g = zl_at(gens, i);
            sb_printf(&s, " + (%s)*(%s)", c, g);
            gbc_mem_free(c);
            gbc_mem_free(g);
        }
        ok = zl_is_zero(R, s.s);
        if (!ok)
            fprintf(stderr, "cofactors of row %zu do not multiply back: %s\n", j, s.s);
        sb_free(&s);
    }
    return ok;
}

/* The entries joined by ", " (malloc'd). */
static char *zl_join(const char *const *e, size_t n)
{
    sbuf s;
    sb_init(&s);
    for (size_t i = 0; i < n; i++)
        sb_printf(&s, "%s%s", i ? ", " : "", e[i]);
    if (s.s == NULL)
        sb_puts(&s, "");
    return s.s;
}

/* The checks of one query list (entries e[0..n-1]) against the generators G: see
 * the file's opening comment. Reports the list on failure. */
static void check_list(const gbc_polys *G, const char *const *e, size_t n)
{
    const gbc_ring *R = gbc_polys_ring(G);
    char *text = zl_join(e, n);
    gbc_polys *P = zl_parse(R, text);
    T_ASSERT_MSG(gbc_polys_count(P) == n, "'%s': %zu polynomials, not %zu", text,
                 gbc_polys_count(P), n);
    gbc_polys *B = NULL;
    ck_assert_int_eq(gbc_groebner(&B, G, NULL, NULL), GBC_OK);

    /* reduce: one normal form per polynomial, each reduced, each alone the same */
    gbc_polys *N = NULL;
    ck_assert_int_eq(gbc_reduce(&N, P, G, NULL, NULL), GBC_OK);
    T_ASSERT_MSG(gbc_polys_count(N) == n, "reduce '%s': %zu normal forms for %zu", text,
                 gbc_polys_count(N), n);
    sbuf diff;
    sb_init(&diff);
    for (size_t i = 0; i < n; i++) {
        T_ASSERT_MSG(zl_reduced(N, i, B), "reduce '%s': normal form %zu is not reduced",
                     text, i + 1);
        gbc_polys *Pi = zl_parse(R, e[i]), *Ni = NULL;
        ck_assert_uint_eq(gbc_polys_count(Pi), 1);
        ck_assert_int_eq(gbc_reduce(&Ni, Pi, G, NULL, NULL), GBC_OK);
        char *a = zl_at(N, i), *b = zl_at(Ni, 0);
        T_ASSERT_MSG(strcmp(a, b) == 0, "reduce '%s': position %zu gives %s, alone %s",
                     text, i + 1, a, b);
        if (zl_is_zero(R, e[i]))
            T_ASSERT_MSG(strcmp(a, "0") == 0, "reduce '%s': the zero at %zu gives %s", text,
                         i + 1, a);
        sb_printf(&diff, "%s(%s) - (%s)", i ? ", " : "", e[i], a);
        gbc_mem_free(a);
        gbc_mem_free(b);
        gbc_polys_free(Pi);
        gbc_polys_free(Ni);
    }
    /* f - NF(f) lies in the ideal: its cofactors multiply back */
    if (n > 0) {
        gbc_polys *D = zl_parse(R, diff.s), *C = NULL;
        ck_assert_uint_eq(gbc_polys_count(D), n);
        ck_assert_int_eq(gbc_lift(&C, NULL, G, D, NULL, NULL), GBC_OK);
        T_ASSERT_MSG(zl_multiplies_back(D, C, G), "reduce '%s': f - NF(f) not in the ideal",
                     text);
        gbc_polys_free(D);
        gbc_polys_free(C);
    }
    sb_free(&diff);

    /* member: iff the normal form is zero, position by position */
    int *mem = calloc(n ? n : 1, sizeof *mem);
    ck_assert_ptr_nonnull(mem);
    for (size_t i = 0; i < n; i++)
        mem[i] = -1;
    ck_assert_int_eq(gbc_member(mem, P, G, NULL, NULL), GBC_OK);
    size_t first_non = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        T_ASSERT_MSG(mem[i] == (gbc_polys_nterms(N, i) == 0),
                     "member '%s': position %zu says %d, its normal form has %zu terms", text,
                     i + 1, mem[i], gbc_polys_nterms(N, i));
        if (zl_is_zero(R, e[i]))
            T_ASSERT_MSG(mem[i] == 1, "member '%s': the zero at %zu is not a member", text,
                         i + 1);
        if (!mem[i] && first_non == SIZE_MAX)
            first_non = i;
    }

    /* lift: the cofactors multiply back, a zero has zero cofactors; or the first
     * non-member is named */
    const size_t m = gbc_polys_count(G);
    gbc_polys *C = (gbc_polys *)0x1;
    size_t bad = SIZE_MAX;
    gbc_status st = gbc_lift(&C, &bad, G, P, NULL, NULL);
    if (first_non == SIZE_MAX) {
        ck_assert_int_eq(st, GBC_OK);
        T_ASSERT_MSG(gbc_polys_count(C) == n * m, "lift '%s': %zu cofactors for %zu x %zu",
                     text, gbc_polys_count(C), n, m);
        T_ASSERT_MSG(zl_multiplies_back(P, C, G), "lift '%s'", text);
        for (size_t i = 0; i < n; i++)
            if (zl_is_zero(R, e[i]))
                for (size_t k = 0; k < m; k++)
                    T_ASSERT_MSG(gbc_polys_nterms(C, i * m + k) == 0,
                                 "lift '%s': the zero at %zu has a nonzero cofactor", text,
                                 i + 1);
        gbc_polys_free(C);
    } else {
        T_ASSERT_MSG(st == GBC_ERR_DOMAIN, "lift '%s': status %d with a non-member", text,
                     (int)st);
        T_ASSERT_MSG(bad == first_non, "lift '%s': non-member %zu named, not %zu", text,
                     bad + 1, first_non + 1);
        ck_assert_ptr_eq(C, (gbc_polys *)0x1);
    }
    free(mem);
    gbc_polys_free(N);
    gbc_polys_free(B);
    gbc_polys_free(P);
    free(text);
}

/* ---------------------------------------------------------------- tests -- */

/* The parsers: gbc_polys_parse_list and gbc_parse_list keep zero polynomials in
 * place; gbc_polys_parse and gbc_parse still drop them (generators). */
START_TEST(test_parse_list)
{
    static const uint32_t primes[] = {7, 0};
    uint32_t p = primes[_i];
    gbc_ring *R = at_ring(2, p, NULL);
    gbc_polys *P = zl_parse(R, "0, x0 - x0, x0 + 1, 0*x1, (x0+x1)^2 - x0^2 - 2*x0*x1 - x1^2");
    ck_assert_uint_eq(gbc_polys_count(P), 5);
    for (size_t i = 0; i < 5; i++)
        ck_assert_uint_eq(gbc_polys_nterms(P, i) == 0, i != 2);
    /* printed, the list reads back to the same positions */
    char *s = at_str(P);
    ck_assert_str_eq(s, "0,\n0,\nx0+1,\n0,\n0\n");
    gbc_polys *P2 = zl_parse(R, s);
    at_assert_same(P, P2);
    gbc_string_free(s);
    gbc_polys *one = zl_parse(R, "0"), *none = zl_parse(R, ""), *D = NULL;
    ck_assert_uint_eq(gbc_polys_count(one), 1);
    ck_assert_uint_eq(gbc_polys_nterms(one, 0), 0);
    ck_assert_uint_eq(gbc_polys_count(none), 0);
    ck_assert_int_eq(gbc_polys_parse(&D, R, "0, x0 - x0, x0 + 1", 18, NULL, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(D), 1);
    if (p == 7) {
        /* a multiple of p is zero over Z/p and keeps its place */
        gbc_polys *Z = zl_parse(R, "x1, 14*x0 - 7, 1");
        ck_assert_uint_eq(gbc_polys_count(Z), 3);
        ck_assert_uint_eq(gbc_polys_nterms(Z, 1), 0);
        gbc_polys_free(Z);
    }
    /* whole inputs */
    const char *txt = p ? "a,b\n7\n0,\na*b,\n0\n" : "a,b\n0\n0,\na*b,\n0\n";
    gbc_ring *R2 = NULL, *R3 = NULL, *R4 = NULL;
    gbc_polys *W = NULL, *W0 = NULL, *E = NULL;
    gbc_error err;
    ck_assert_int_eq(gbc_parse_list(&R2, &W, txt, strlen(txt), "lex", NULL, &err), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(W), 3);
    ck_assert_uint_eq(gbc_polys_nterms(W, 0), 0);
    ck_assert_uint_eq(gbc_polys_nterms(W, 1), 1);
    ck_assert_uint_eq(gbc_polys_nterms(W, 2), 0);
    ck_assert_int_eq(gbc_parse(&R3, &W0, txt, strlen(txt), "lex", NULL, &err), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(W0), 1);
    ck_assert_int_eq(gbc_parse_list(&R4, &E, "x\n0\n", 4, NULL, NULL, &err), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(E), 0);
    /* errors are the same as gbc_parse's */
    gbc_ring *Rb = (gbc_ring *)0x1;
    gbc_polys *Pb = (gbc_polys *)0x1;
    ck_assert_int_eq(gbc_parse_list(&Rb, &Pb, "x\n0\n0,,x\n", 9, NULL, NULL, &err),
                     GBC_ERR_PARSE);
    ck_assert_uint_eq(err.line, 3);
    ck_assert_ptr_eq(Pb, (gbc_polys *)0x1);
    ck_assert_int_eq(gbc_parse_list(NULL, &Pb, "x\n0\n", 4, NULL, NULL, &err), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_polys_parse_list(&Pb, R, "0, x0 +", 7, NULL, &err), GBC_ERR_PARSE);
    ck_assert_int_eq(gbc_polys_parse_list(&Pb, NULL, "0", 1, NULL, &err), GBC_ERR_ARG);
    gbc_polys *list[] = {P, P2, one, none, D, W, W0, E};
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        gbc_polys_free(list[i]);
    gbc_ring_free(R);
    gbc_ring_free(R2);
    gbc_ring_free(R3);
    gbc_ring_free(R4);
}
END_TEST

/* Zero, duplicate and unit entries first, in the middle, last and alone in the
 * query list, against a proper ideal, the same ideal with zero generators, and the
 * unit ideal (generated without a constant). _i: 0 over Z/32003, 1 over Q. */
START_TEST(test_positions)
{
    const uint32_t p = _i == 0 ? 32003 : 0;
    gbc_ring *R = at_ring(3, p, NULL);
    /* A lies in the proper ideal, B does not */
    const char *A = "x0^3 - x0*x1", *B = "x0 + x2";
    const char *special[] = {"0", "x0*(x0^2-x1) - x0^3 + x0*x1", "x0^3 - x0*x1",
                             "x0 + x2", "1", "3"};
    const char *gens[] = {"x0^2 - x1, x1*x2 - 1", "0, x0^2 - x1, 0, x1*x2 - 1, 0",
                          "x0*x1 - 1, x0"};
    for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++) {
        gbc_polys *G = zl_parse(R, gens[g]);
        for (size_t s = 0; s < sizeof special / sizeof special[0]; s++) {
            const char *S = special[s];
            const char *first[] = {S, A, B}, *middle[] = {A, S, B}, *last[] = {A, B, S};
            check_list(G, first, 3);
            check_list(G, middle, 3);
            check_list(G, last, 3);
            check_list(G, &S, 1);
            /* members only, so that lift succeeds over every position */
            const char *mfirst[] = {S, A, A}, *mlast[] = {A, S};
            check_list(G, mfirst, 3);
            check_list(G, mlast, 2);
        }
        /* only zeros, and no polynomial at all */
        const char *zeros[] = {"0", "0*x0", "0"};
        check_list(G, zeros, 3);
        check_list(G, zeros, 0);
        gbc_polys_free(G);
    }
    gbc_ring_free(R);
}
END_TEST

/* gbc_lift_basis and gbc_lift count zero generators in m: cofactor i refers to
 * generator i of the list as given. */
START_TEST(test_lift_zero_generators)
{
    const uint32_t p = _i == 0 ? 32003 : 0;
    gbc_ring *R = at_ring(3, p, NULL);
    const char *gens[] = {"0, x0^2 - x1, 0, x1*x2 - 1, 0", "0", "0, 0, 3",
                          "x0*x1 - x2, 0, x0*x1 - x2"};
    for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++) {
        gbc_polys *G = zl_parse(R, gens[g]), *Bs = NULL, *C = NULL, *Ref = NULL;
        const size_t m = gbc_polys_count(G);
        ck_assert_int_eq(gbc_lift_basis(&Bs, &C, G, NULL, NULL), GBC_OK);
        ck_assert_int_eq(gbc_groebner(&Ref, G, NULL, NULL), GBC_OK);
        at_assert_same(Bs, Ref);
        ck_assert_uint_eq(gbc_polys_count(C), gbc_polys_count(Bs) * m);
        T_ASSERT_MSG(zl_multiplies_back(Bs, C, G), "lift_basis of '%s'", gens[g]);
        /* a zero generator's cofactor is never needed: the module has e_i */
        for (size_t j = 0; j < gbc_polys_count(Bs); j++)
            for (size_t i = 0; i < m; i++) {
                char *gi = zl_at(G, i);
                if (strcmp(gi, "0") == 0)
                    ck_assert_uint_eq(gbc_polys_nterms(C, j * m + i), 0);
                gbc_mem_free(gi);
            }
        /* and the members in terms of the same generators */
        const char *q[] = {"0", "x0^2*x2 - x1*x2", "0"};
        check_list(G, q, 3);
        gbc_polys_free(G);
        gbc_polys_free(Bs);
        gbc_polys_free(C);
        gbc_polys_free(Ref);
    }
    gbc_ring_free(R);
}
END_TEST

/* Random lists with zeros, duplicates and units at random places, against random
 * ideals (the seed is printed by tu_run; GBC_TEST_SEED replays it). */
START_TEST(test_random)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + (uint64_t)_i);
    const uint32_t p = _i == 0 ? 32003 : 0;
    gbc_ring *R = at_ring(3, p, NULL);
    const int rounds = 6 * tu_mult();
    for (int round = 0; round < rounds; round++) {
        /* two random generators of degree 2, and a zero among them half the time */
        char gens[2][128];
        for (int k = 0; k < 2; k++) {
            snprintf(gens[k], sizeof gens[k], "%d*x%u^2 + %d*x%u*x%u - %d",
                     (int)(gbc_rng_next(&r) % 5) + 1, (unsigned)(gbc_rng_next(&r) % 3),
                     (int)(gbc_rng_next(&r) % 7) - 3, (unsigned)(gbc_rng_next(&r) % 3),
                     (unsigned)(gbc_rng_next(&r) % 3), (int)(gbc_rng_next(&r) % 4));
        }
        size_t ng = gbc_rng_next(&r) % 2 ? 3 : 2;
        const char *gl[3] = {gens[0], ng == 3 ? "0" : gens[1], gens[1]};
        char *gt = zl_join(gl, ng);
        gbc_polys *G = zl_parse(R, gt);
        /* queries: combinations of the generators (members), monomials (mostly not),
         * zeros, units, and repeats of earlier entries */
        char q[8][384];
        const char *e[8];
        size_t n = 1 + gbc_rng_next(&r) % 8;
        for (size_t i = 0; i < n; i++) {
            switch (gbc_rng_next(&r) % 6) {
            case 0: snprintf(q[i], sizeof q[i], "0"); break;
            case 1: snprintf(q[i], sizeof q[i], "%s", gbc_rng_next(&r) % 2 ? "1" : "3"); break;
            case 2:
                snprintf(q[i], sizeof q[i], "x%u*(%s) - (%s)*x%u",
                         (unsigned)(gbc_rng_next(&r) % 3), gens[0], gens[1],
                         (unsigned)(gbc_rng_next(&r) % 3));
                break;
            case 3:
                snprintf(q[i], sizeof q[i], "x%u^%u*x%u", (unsigned)(gbc_rng_next(&r) % 3),
                         (unsigned)(gbc_rng_next(&r) % 3), (unsigned)(gbc_rng_next(&r) % 3));
                break;
            case 4:
                snprintf(q[i], sizeof q[i], "(%s)*(x0 - x1) - x0*(%s) + x1*(%s)", gens[1],
                         gens[1], gens[1]);
                break;
            default: snprintf(q[i], sizeof q[i], "%s", i ? e[gbc_rng_next(&r) % i] : "1");
            }
            e[i] = q[i];
        }
        check_list(G, e, n);
        gbc_polys_free(G);
        free(gt);
    }
    gbc_ring_free(R);
}
END_TEST

/* Whether A prints as the reduced basis of <B> does (gbc_groebner). */
static int zl_same_ideal(const gbc_polys *A, const gbc_polys *B)
{
    gbc_polys *G = NULL;
    ck_assert_int_eq(gbc_groebner(&G, B, NULL, NULL), GBC_OK);
    char *a = at_str(A), *b = at_str(G);
    int eq = strcmp(a, b) == 0;
    if (!eq)
        fprintf(stderr, "got:\n%s\nexpected:\n%s\n", a, b);
    gbc_string_free(a);
    gbc_string_free(b);
    gbc_polys_free(G);
    return eq;
}

/* dim, degree and the Hilbert numerator (as "c:d" pairs) of <P>. */
static void zl_invariants(const gbc_polys *P, int64_t *dim, uint64_t *deg, char *hs,
                          size_t cap)
{
    gbc_monideal *M = NULL;
    ck_assert_int_eq(gbc_leading_ideal(&M, P, 0, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_monideal_dim(dim, M, NULL), GBC_OK);
    ck_assert_int_eq(gbc_monideal_degree(deg, M, NULL), GBC_OK);
    uint64_t *d = NULL;
    int64_t *c = NULL;
    size_t nt = 0;
    ck_assert_int_eq(gbc_monideal_hilbert(&d, &c, &nt, M, NULL), GBC_OK);
    size_t len = 0;
    hs[0] = '\0';
    for (size_t i = 0; i < nt; i++)
        len += (size_t)snprintf(hs + len, cap - len, "%s%lld:%llu", i ? " " : "",
                                (long long)c[i], (unsigned long long)d[i]);
    gbc_monideal_array_free(d);
    gbc_monideal_array_free(c);
    gbc_monideal_free(M);
}

/* The ideal operations on lists holding zero generators (kept by
 * gbc_polys_parse_list): a zero generates nothing. Expected answers from
 * Macaulay2 1.21 and Singular 4.3: I : 0 = R, saturate(I, 0) = R, I cap 0 = 0,
 * 0 : I = 0, saturate(0, I) = 0, I : (0, x z) = I for the I below,
 * eliminate(ideal(0, x-y, 0, y^2-z), {y}) = (x^2 - z), and for ideal(0_R) in three
 * variables dim 3, degree 1, poincare 1; for ideal(0, x y, 0) dim 2, degree 2,
 * poincare 1 - T^2. Otherwise each answer equals the one with the zeros left out.
 * _i: 0 over Z/32003, 1 over Q. */
START_TEST(test_ideal_ops_with_zeros)
{
    const uint32_t p = _i == 0 ? 32003 : 0;
    gbc_ring *R = at_ring(3, p, NULL);
    gbc_polys *I = zl_parse(R, "x0^2 - x1*x2, x1^2 - x0*x2 + 1");
    gbc_polys *I0 = zl_parse(R, "0, x0^2 - x1*x2, 0, x1^2 - x0*x2 + 1, 0");
    gbc_polys *Z = zl_parse(R, "0"), *ZZ = zl_parse(R, "0, 0*x1, x2 - x2");
    gbc_polys *F = zl_parse(R, "x0*x2"), *F0 = zl_parse(R, "0, x0*x2, 0");
    gbc_polys *one = zl_parse(R, "1"), *none = zl_parse(R, "");
    ck_assert_uint_eq(gbc_polys_count(I0), 5);
    ck_assert_uint_eq(gbc_polys_count(ZZ), 3);
    gbc_polys *o = NULL, *o2 = NULL;
    const gbc_polys *zeros[] = {Z, ZZ, none};
    for (size_t z = 0; z < 3; z++) {
        const gbc_polys *Zz = zeros[z];
        /* I : 0 = R, 0 : I = 0 */
        ck_assert_int_eq(gbc_quotient(&o, I, Zz, NULL, NULL), GBC_OK);
        ck_assert(zl_same_ideal(o, one));
        gbc_polys_free(o);
        ck_assert_int_eq(gbc_quotient(&o, Zz, I0, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(o), 0);
        gbc_polys_free(o);
        /* I cap 0 = 0 both ways */
        ck_assert_int_eq(gbc_intersect(&o, I0, Zz, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(o), 0);
        gbc_polys_free(o);
        ck_assert_int_eq(gbc_intersect(&o, Zz, I, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(o), 0);
        gbc_polys_free(o);
        /* I : 0^inf = R and 0 : I^inf = 0, every method */
        for (int m = GBC_SAT_AUTO; m <= GBC_SAT_F4; m++) {
            ck_assert_int_eq(gbc_saturate(&o, I0, Zz, (gbc_saturation)m, NULL, NULL), GBC_OK);
            T_ASSERT_MSG(zl_same_ideal(o, one), "saturate by 0, method %d", m);
            gbc_polys_free(o);
            ck_assert_int_eq(gbc_saturate(&o, Zz, I0, (gbc_saturation)m, NULL, NULL), GBC_OK);
            T_ASSERT_MSG(gbc_polys_count(o) == 0, "saturate of 0, method %d", m);
            gbc_polys_free(o);
        }
        /* the basis and the invariants of the zero ideal */
        ck_assert_int_eq(gbc_groebner(&o, Zz, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(o), 0);
        gbc_polys_free(o);
        int64_t dim;
        uint64_t deg;
        char hs[256];
        zl_invariants(Zz, &dim, &deg, hs, sizeof hs);
        ck_assert_int_eq(dim, 3);
        ck_assert_uint_eq(deg, 1);
        ck_assert_str_eq(hs, "1:0");
        uint32_t v = 1;
        ck_assert_int_eq(gbc_eliminate(&o, Zz, &v, 1, NULL, NULL), GBC_OK);
        ck_assert_uint_eq(gbc_polys_count(o), 0);
        gbc_polys_free(o);
    }
    /* with zeros among other generators: as if they were not there */
    ck_assert_int_eq(gbc_quotient(&o, I0, F0, NULL, NULL), GBC_OK);
    ck_assert(zl_same_ideal(o, I)); /* Macaulay2: I : (0, x z) = I */
    gbc_polys_free(o);
    ck_assert_int_eq(gbc_intersect(&o, I0, F0, NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_intersect(&o2, I, F, NULL, NULL), GBC_OK);
    at_assert_same(o, o2);
    gbc_polys_free(o);
    gbc_polys_free(o2);
    for (int m = GBC_SAT_AUTO; m <= GBC_SAT_F4; m++) {
        ck_assert_int_eq(gbc_saturate(&o, I0, F0, (gbc_saturation)m, NULL, NULL), GBC_OK);
        ck_assert_int_eq(gbc_saturate(&o2, I, F, (gbc_saturation)m, NULL, NULL), GBC_OK);
        at_assert_same(o, o2);
        gbc_polys_free(o);
        gbc_polys_free(o2);
    }
    ck_assert_int_eq(gbc_groebner(&o, I0, NULL, NULL), GBC_OK);
    ck_assert(zl_same_ideal(o, I));
    gbc_polys_free(o);
    /* Macaulay2: eliminate(ideal(0, x-y, 0, y^2-z), {y}) = (x^2 - z) */
    gbc_polys *E = zl_parse(R, "0, x0 - x1, 0, x1^2 - x2"), *E1 = zl_parse(R, "x0^2 - x2");
    uint32_t v = 1;
    ck_assert_int_eq(gbc_eliminate(&o, E, &v, 1, NULL, NULL), GBC_OK);
    ck_assert(zl_same_ideal(o, E1));
    gbc_polys_free(o);
    /* Macaulay2: ideal(0, x y, 0) has dim 2, degree 2, poincare 1 - T^2 */
    gbc_polys *XY0 = zl_parse(R, "0, x0*x1, 0"), *XY = zl_parse(R, "x0*x1");
    int64_t dim;
    uint64_t deg;
    char hs[256], hs2[256];
    zl_invariants(XY0, &dim, &deg, hs, sizeof hs);
    ck_assert_int_eq(dim, 2);
    ck_assert_uint_eq(deg, 2);
    ck_assert_str_eq(hs, "1:0 -1:2");
    zl_invariants(XY, &dim, &deg, hs2, sizeof hs2);
    ck_assert_str_eq(hs, hs2);
    /* a non-monomial list with zeros: the basis is computed first */
    gbc_polys *XYb = zl_parse(R, "0, x0*x1 + x2^2, 0");
    zl_invariants(XYb, &dim, &deg, hs, sizeof hs);
    ck_assert_int_eq(dim, 2);
    ck_assert_uint_eq(deg, 2);
    ck_assert_str_eq(hs, "1:0 -1:2");
    /* gbc_normal_form by divisors with zeros, of a list with zeros */
    gbc_polys *NF = NULL, *Q = zl_parse(R, "0, x0^3, 0");
    ck_assert_int_eq(gbc_normal_form(&NF, Q, I0, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(NF), 3);
    ck_assert_uint_eq(gbc_polys_nterms(NF, 0), 0);
    ck_assert_uint_gt(gbc_polys_nterms(NF, 1), 0);
    ck_assert_uint_eq(gbc_polys_nterms(NF, 2), 0);
    gbc_polys *list[] = {I, I0, Z, ZZ, F, F0, one, none, E, E1, XY0, XY, XYb, NF, Q};
    for (size_t k = 0; k < sizeof list / sizeof list[0]; k++)
        gbc_polys_free(list[k]);
    gbc_ring_free(R);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("zero");
    TCase *tc = tcase_create("zero");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_parse_list, 0, 2);
    tcase_add_loop_test(tc, test_positions, 0, 2);
    tcase_add_loop_test(tc, test_lift_zero_generators, 0, 2);
    tcase_add_loop_test(tc, test_random, 0, 2);
    tcase_add_loop_test(tc, test_ideal_ops_with_zeros, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
