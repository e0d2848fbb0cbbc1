/* Whole-program tests of gbc's member, reduce and lift on second inputs holding zero,
 * duplicate and unit (1, 3) polynomials first, in the middle, last and alone: one
 * answer per input polynomial, in its place. Each answer is checked by its defining
 * property rather than a stored string: member's line i is true iff reduce's
 * normal form i is 0; a normal form is reduced with respect to gb's basis and
 * differs from its polynomial by a member; lift's cofactors (its output read back
 * as input) multiply back, the parser doing the arithmetic; and every answer equals
 * the one for its polynomial given alone. Also the other commands on lists with
 * zeros: quotient, intersect, saturate by 0 and eliminate, gb, dim, degree,
 * hilbert on inputs with zero generators or only 0, against Macaulay2's and
 * Singular's answers. Runs GBC_BIN by fork and exec; the library reads the output. */
#include "clitest.h"

#include "gbc.h"

static void setup(void)
{
    ct_dir_make("t-cli-zero");
}

static void teardown(void)
{
    ct_dir_remove();
}

/* Run and require exit 0; stdout (malloc'd). */
static char *gbc_ok(const char *const *args)
{
    char *out, *err;
    int rc = ct_run(args, &out, &err);
    ck_assert_msg(rc == 0, "gbc %s %s: exit %d: %s", args[0], args[1], rc, err);
    free(err);
    return out;
}

/* The header of the test inputs for characteristic p. */
static void header(char *h, size_t cap, uint32_t p)
{
    snprintf(h, cap, "x,y,z\n%u\n", (unsigned)p);
}

/* A whole input: header and the entries, one a line, separated by commas. */
static void put_list(const char *name, const char *hdr, const char *const *e, size_t n)
{
    sbuf s;
    sb_init(&s);
    sb_puts(&s, hdr);
    for (size_t i = 0; i < n; i++)
        sb_printf(&s, "%s%s\n", e[i], i + 1 < n ? "," : "");
    ct_put_file(name, s.s);
    sb_free(&s);
}

/* gbc's output read back by the library as a positional list. */
static gbc_polys *read_list(const char *text, gbc_ring **R)
{
    gbc_polys *P = NULL;
    gbc_error err;
    gbc_status st = gbc_parse_list(R, &P, text, strlen(text), NULL, NULL, &err);
    ck_assert_msg(st == GBC_OK, "output does not read back (%s):\n%s", err.message, text);
    return P;
}

/* Whether the text (one polynomial in R) expands to zero. */
static int is_zero_text(const gbc_ring *R, const char *text)
{
    gbc_polys *P = NULL;
    ck_assert_int_eq(gbc_polys_parse_list(&P, R, text, strlen(text), NULL, NULL), GBC_OK);
    ck_assert_uint_eq(gbc_polys_count(P), 1);
    int z = gbc_polys_nterms(P, 0) == 0;
    gbc_polys_free(P);
    return z;
}

/* Polynomial i of P as text (library-owned; gbc_mem_free). */
static char *at(const gbc_polys *P, size_t i)
{
    char *s = gbc_polys_text_at(P, i, NULL);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Whether no term of P_i is divisible by the leading monomial of an element of G. */
static int reduced_wrt(const gbc_polys *P, size_t i, const gbc_polys *G)
{
    const uint32_t n = gbc_ring_nvars(gbc_polys_ring(P));
    size_t nt = gbc_polys_nterms(P, i);
    uint32_t *e = calloc((nt ? nt : 1) * n, sizeof *e);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(gbc_polys_get_zp(e, NULL, nt, P, i), GBC_OK);
    int ok = 1;
    for (size_t k = 0; k < gbc_polys_count(G) && ok; k++) {
        size_t gt = gbc_polys_nterms(G, k);
        uint32_t *lm = calloc(gt * n, sizeof *lm);
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

/* The lines of s (modified in place) into v; their number. */
static size_t split_lines(char *s, char **v, size_t cap)
{
    size_t n = 0;
    for (char *p = s; *p;) {
        char *e = strchr(p, '\n');
        ck_assert_ptr_nonnull(e);
        *e = '\0';
        ck_assert_uint_lt(n, cap);
        v[n++] = p;
        p = e + 1;
    }
    return n;
}

/* The checks of the file's opening comment for the query entries e[0..n-1] against
 * the generators g[0..m-1] (zeros among them), in characteristic p. */
static void check_cli_list(uint32_t p, const char *const *g, size_t m, const char *const *e,
                           size_t n)
{
    char hdr[64];
    header(hdr, sizeof hdr, p);
    put_list("I.txt", hdr, g, m);
    put_list("Q.txt", hdr, e, n);
    sbuf what;
    sb_init(&what);
    for (size_t i = 0; i < n; i++)
        sb_printf(&what, "%s[%s]", i ? " " : "", e[i]);

    /* the basis of I, as gb prints it, read back */
    const char *gb_args[] = {"gb", "I.txt", NULL};
    char *gbt = gbc_ok(gb_args);
    gbc_ring *RG = NULL;
    gbc_polys *G = NULL;
    ck_assert_int_eq(gbc_parse(&RG, &G, gbt, strlen(gbt), NULL, NULL, NULL), GBC_OK);

    /* member: n lines */
    const char *mem_args[] = {"member", "I.txt", "Q.txt", NULL};
    char *mem = gbc_ok(mem_args), *ml[64];
    size_t nm = split_lines(mem, ml, 64);
    T_ASSERT_MSG(nm == n, "member %s: %zu answers for %zu polynomials", what.s, nm, n);
    /* reduce: n normal forms */
    const char *red_args[] = {"reduce", "I.txt", "--with", "Q.txt", NULL};
    char *red = gbc_ok(red_args);
    gbc_ring *RN = NULL;
    gbc_polys *N = read_list(red, &RN);
    T_ASSERT_MSG(gbc_polys_count(N) == n, "reduce %s: %zu normal forms for %zu", what.s,
                 gbc_polys_count(N), n);
    sbuf diff;
    sb_init(&diff);
    size_t first_non = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        int is_mem = strcmp(ml[i], "true") == 0;
        T_ASSERT_MSG(is_mem || strcmp(ml[i], "false") == 0, "member: line '%s'", ml[i]);
        T_ASSERT_MSG(is_mem == (gbc_polys_nterms(N, i) == 0),
                     "member %s: answer %zu is %s but the normal form has %zu terms", what.s,
                     i + 1, ml[i], gbc_polys_nterms(N, i));
        if (is_zero_text(RN, e[i]))
            T_ASSERT_MSG(is_mem, "member %s: the zero at %zu is %s", what.s, i + 1, ml[i]);
        if (!is_mem && first_non == SIZE_MAX)
            first_non = i;
        T_ASSERT_MSG(reduced_wrt(N, i, G), "reduce %s: normal form %zu is not reduced",
                     what.s, i + 1);
        char *nf = at(N, i);
        sb_printf(&diff, "%s(%s) - (%s)", i ? ", " : "", e[i], nf);
        /* alone, the same answers */
        put_list("Qi.txt", hdr, &e[i], 1);
        const char *m1[] = {"member", "I.txt", "Qi.txt", NULL};
        const char *r1[] = {"reduce", "I.txt", "Qi.txt", NULL};
        char *m1o = gbc_ok(m1), *r1o = gbc_ok(r1);
        T_ASSERT_MSG(strncmp(m1o, ml[i], strlen(ml[i])) == 0 && m1o[strlen(ml[i])] == '\n' &&
                         m1o[strlen(ml[i]) + 1] == '\0',
                     "member %s: position %zu says %s, alone %s", what.s, i + 1, ml[i], m1o);
        gbc_ring *R1 = NULL;
        gbc_polys *N1 = read_list(r1o, &R1);
        ck_assert_uint_eq(gbc_polys_count(N1), 1);
        char *nf1 = at(N1, 0);
        T_ASSERT_MSG(strcmp(nf, nf1) == 0, "reduce %s: position %zu gives %s, alone %s",
                     what.s, i + 1, nf, nf1);
        gbc_mem_free(nf);
        gbc_mem_free(nf1);
        gbc_polys_free(N1);
        gbc_ring_free(R1);
        free(m1o);
        free(r1o);
    }
    /* f - NF(f) is a member, for every f */
    if (n > 0) {
        sbuf d;
        sb_init(&d);
        sb_printf(&d, "%s%s\n", hdr, diff.s);
        ct_put_file("D.txt", d.s);
        sb_free(&d);
        const char *dm[] = {"member", "I.txt", "D.txt", NULL};
        char *dmo = gbc_ok(dm), *dl[64];
        size_t nd = split_lines(dmo, dl, 64);
        ck_assert_uint_eq(nd, n);
        for (size_t i = 0; i < n; i++)
            T_ASSERT_MSG(strcmp(dl[i], "true") == 0, "reduce %s: f - NF(f) at %zu not in I",
                         what.s, i + 1);
        free(dmo);
    }
    sb_free(&diff);

    /* lift --with: cofactors multiply back, in place; or the first non-member named */
    const char *lift_args[] = {"lift", "I.txt", "--with", "Q.txt", NULL};
    char *lo, *le;
    int rc = ct_run(lift_args, &lo, &le);
    if (first_non == SIZE_MAX) {
        T_ASSERT_MSG(rc == 0, "lift %s: exit %d: %s", what.s, rc, le);
        /* the comment before row i names polynomial i */
        const char *c = lo;
        for (size_t i = 0; i < n; i++) {
            char tag[64];
            snprintf(tag, sizeof tag, "# cofactors of %zu: ", i + 1);
            c = strstr(c, tag);
            T_ASSERT_MSG(c != NULL, "lift %s: no row %zu:\n%s", what.s, i + 1, lo);
            c += strlen(tag);
            const char *eol = strchr(c, '\n');
            sbuf t;
            sb_init(&t);
            sb_printf(&t, "(%.*s) - (%s)", (int)(eol - c), c, e[i]);
            T_ASSERT_MSG(is_zero_text(RN, t.s), "lift %s: row %zu is of %.*s", what.s, i + 1,
                         (int)(eol - c), c);
            sb_free(&t);
        }
        gbc_ring *RC = NULL;
        gbc_polys *C = read_list(lo, &RC);
        T_ASSERT_MSG(gbc_polys_count(C) == n * m, "lift %s: %zu cofactors for %zu x %zu",
                     what.s, gbc_polys_count(C), n, m);
        for (size_t i = 0; i < n; i++) {
            sbuf s;
            sb_init(&s);
            sb_printf(&s, "-(%s)", e[i]);
            for (size_t k = 0; k < m; k++) {
                char *ck = at(C, i * m + k);
                sb_printf(&s, " + (%s)*(%s)", ck, g[k]);
                if (is_zero_text(RC, e[i]))
                    T_ASSERT_MSG(strcmp(ck, "0") == 0, "lift %s: the zero at %zu has %s",
                                 what.s, i + 1, ck);
                gbc_mem_free(ck);
            }
            T_ASSERT_MSG(is_zero_text(RC, s.s), "lift %s: row %zu does not multiply back: %s",
                         what.s, i + 1, s.s);
            sb_free(&s);
        }
        gbc_polys_free(C);
        gbc_ring_free(RC);
    } else {
        T_ASSERT_MSG(rc == 1, "lift %s: exit %d with a non-member", what.s, rc);
        T_ASSERT_MSG(lo[0] == '\0', "lift %s: output on failure", what.s);
        char expect[96];
        snprintf(expect, sizeof expect, "polynomial %zu of the second input is not in the ideal",
                 first_non + 1);
        T_ASSERT_MSG(strstr(le, expect) != NULL, "lift %s: '%s' does not say '%s'", what.s,
                     le, expect);
    }
    free(lo);
    free(le);
    gbc_polys_free(N);
    gbc_ring_free(RN);
    free(red);
    free(mem);
    gbc_polys_free(G);
    gbc_ring_free(RG);
    free(gbt);
    sb_free(&what);
}

/* The reproducer: I = <x^2 - y>, the second input x^2 - y, an expression that
 * expands to 0, and y^2; and a second input that is only 0. */
START_TEST(test_reproducer)
{
    ct_put_file("Im.txt", "x,y\n0\nx^2-y\n");
    ct_put_file("Jw.txt", "x,y\n0\nx^2-y,\nx*(x^2-y)-x^3+x*y,\ny^2\n");
    ct_put_file("Z.txt", "x,y\n0\n0\n");
    const char *m[] = {"member", "Im.txt", "Jw.txt", NULL};
    char *o = gbc_ok(m);
    ck_assert_str_eq(o, "true\ntrue\nfalse\n");
    free(o);
    const char *r[] = {"reduce", "Im.txt", "Jw.txt", NULL};
    o = gbc_ok(r);
    ck_assert_str_eq(o, "x,y\n0\n0,\n0,\ny^2\n");
    free(o);
    const char *l[] = {"lift", "Im.txt", "--with", "Jw.txt", NULL};
    char *err;
    ck_assert_int_eq(ct_run(l, &o, &err), 1);
    ck_assert_str_eq(o, "");
    ck_assert_ptr_nonnull(strstr(err, "polynomial 3 of the second input is not in the ideal"));
    free(o);
    free(err);
    const char *mz[] = {"member", "Im.txt", "Z.txt", NULL};
    o = gbc_ok(mz);
    ck_assert_str_eq(o, "true\n");
    free(o);
    const char *rz[] = {"reduce", "Im.txt", "Z.txt", NULL};
    o = gbc_ok(rz);
    ck_assert_str_eq(o, "x,y\n0\n0\n");
    free(o);
    const char *lz[] = {"lift", "Im.txt", "--with", "Z.txt", NULL};
    o = gbc_ok(lz);
    ck_assert_str_eq(o, "x,y\n0\n# cofactors of 1: 0\n0\n");
    free(o);
    /* and by the properties */
    const char *g[] = {"x^2-y"};
    const char *e[] = {"x^2-y", "x*(x^2-y)-x^3+x*y", "y^2"}, *z[] = {"0"};
    check_cli_list(0, g, 1, e, 3);
    check_cli_list(0, g, 1, z, 1);
}
END_TEST

/* Zero, duplicate and unit entries first, in the middle, last and alone; _i picks
 * the generators (a proper ideal over Q; the same with zero generators over Z/p,
 * whose cofactors must keep the zeros' places; the unit ideal over Z/p). */
START_TEST(test_positions)
{
    static const char *const g0[] = {"x^2 - y", "y*z - 1"};
    static const char *const g1[] = {"0", "x^2 - y", "0", "y*z - 1", "0"};
    static const char *const g2[] = {"x*y - 1", "x"};
    const char *const *gens[] = {g0, g1, g2};
    const size_t ng[] = {2, 5, 2};
    const uint32_t p = _i == 0 ? 0 : 32003;
    const char *A = "x^3 - x*y", *B = "x + z"; /* A in the proper ideal, B not */
    const char *special[] = {"0", "x*(x^2-y) - x^3 + x*y", "x^3 - x*y", "x + z", "1", "3"};
    for (size_t s = 0; s < sizeof special / sizeof special[0]; s++) {
        const char *S = special[s];
        const char *first[] = {S, A, B}, *middle[] = {A, S, B}, *last[] = {A, B, S};
        const char *mfirst[] = {S, A}, *mmid[] = {A, S, A};
        check_cli_list(p, gens[_i], ng[_i], first, 3);
        check_cli_list(p, gens[_i], ng[_i], middle, 3);
        check_cli_list(p, gens[_i], ng[_i], last, 3);
        check_cli_list(p, gens[_i], ng[_i], &S, 1);
        check_cli_list(p, gens[_i], ng[_i], mfirst, 2);
        check_cli_list(p, gens[_i], ng[_i], mmid, 3);
    }
    const char *zeros[] = {"0", "0*x", "x - x"};
    check_cli_list(p, gens[_i], ng[_i], zeros, 3);
}
END_TEST

/* lift without --with: one cofactor per generator line, zeros included. */
START_TEST(test_lift_basis_zero_generators)
{
    ct_put_file("G.txt", "x,y,z\n0\n0,\nx^2 - y,\n0,\ny*z - 1\n");
    const char *l[] = {"lift", "G.txt", NULL};
    char *o = gbc_ok(l);
    gbc_ring *R = NULL;
    gbc_polys *C = read_list(o, &R);
    const char *g[] = {"0", "x^2 - y", "0", "y*z - 1"};
    const char *gb[] = {"gb", "G.txt", NULL};
    char *bt = gbc_ok(gb);
    gbc_ring *RB = NULL;
    gbc_polys *B = read_list(bt, &RB);
    size_t k = gbc_polys_count(B);
    ck_assert_uint_gt(k, 0);
    ck_assert_uint_eq(gbc_polys_count(C), 4 * k);
    for (size_t j = 0; j < k; j++) {
        char *bj = at(B, j);
        sbuf s;
        sb_init(&s);
        sb_printf(&s, "-(%s)", bj);
        for (size_t i = 0; i < 4; i++) {
            char *c = at(C, j * 4 + i);
            sb_printf(&s, " + (%s)*(%s)", c, g[i]);
            if (strcmp(g[i], "0") == 0)
                ck_assert_str_eq(c, "0");
            gbc_mem_free(c);
        }
        T_ASSERT_MSG(is_zero_text(R, s.s), "basis element %zu: %s", j + 1, s.s);
        /* the row's comment names basis element j */
        char tag[64];
        snprintf(tag, sizeof tag, "# cofactors of basis element %zu: %s\n", j + 1, bj);
        T_ASSERT_MSG(strstr(o, tag) != NULL, "no '%s' in\n%s", tag, o);
        sb_free(&s);
        gbc_mem_free(bj);
    }
    gbc_polys_free(B);
    gbc_ring_free(RB);
    free(bt);
    gbc_polys_free(C);
    gbc_ring_free(R);
    free(o);
    /* only 0: no basis element, no cofactor */
    ct_put_file("Z.txt", "x,y,z\n0\n0\n");
    const char *lz[] = {"lift", "Z.txt", NULL};
    o = gbc_ok(lz);
    ck_assert_str_eq(o, "x,y,z\n0\n");
    free(o);
}
END_TEST

/* The other commands on lists with zeros. Expected answers from Macaulay2 1.21
 * and Singular 4.3 (I : 0 = R, saturate(I, 0) = R, I cap 0 = 0, 0 : I = 0,
 * saturate(0, I) = 0; for ideal(0_R) in 3 variables dim 3, degree 1, poincare 1;
 * for ideal(0, x*y, 0) dim 2, degree 2, poincare 1 - T^2), and each equal to the
 * answer with the zeros left out. */
START_TEST(test_other_commands)
{
    ct_put_file("I.txt", "x,y,z\n32003\nx^2-y*z, y^2-x*z+1\n");
    ct_put_file("I0.txt", "x,y,z\n32003\n0, x^2-y*z, 0, y^2-x*z+1, 0\n");
    ct_put_file("Z.txt", "x,y,z\n32003\n0\n");
    ct_put_file("F.txt", "x,y,z\n32003\nx*z\n");
    ct_put_file("F0.txt", "x,y,z\n32003\n0, x*z, 0\n");
    const char *one = "x,y,z\n32003\n1\n", *zero = "x,y,z\n32003\n";
    char *o, *o2;
    /* quotient */
    const char *q1[] = {"quotient", "I.txt", "Z.txt", NULL};
    o = gbc_ok(q1);
    ck_assert_str_eq(o, one);
    free(o);
    const char *q2[] = {"quotient", "Z.txt", "I.txt", NULL};
    o = gbc_ok(q2);
    ck_assert_str_eq(o, zero);
    free(o);
    const char *q3[] = {"quotient", "I0.txt", "F0.txt", NULL};
    const char *q4[] = {"quotient", "I.txt", "F.txt", NULL};
    o = gbc_ok(q3);
    o2 = gbc_ok(q4);
    ck_assert_str_eq(o, o2);
    /* M2: I : ideal(0, x*z) = I */
    ck_assert_str_eq(o, "x,y,z\n32003\ny^2+32002*x*z+1,\nx^2+32002*y*z\n");
    free(o);
    free(o2);
    /* intersect */
    const char *i1[] = {"intersect", "I.txt", "Z.txt", NULL};
    o = gbc_ok(i1);
    ck_assert_str_eq(o, zero);
    free(o);
    const char *i2[] = {"intersect", "I0.txt", "F0.txt", NULL};
    const char *i3[] = {"intersect", "I.txt", "F.txt", NULL};
    o = gbc_ok(i2);
    o2 = gbc_ok(i3);
    ck_assert_str_eq(o, o2);
    free(o);
    free(o2);
    /* saturate, every method */
    const char *methods[] = {"auto", "eliminate", "iterate", "f4"};
    for (size_t k = 0; k < 4; k++) {
        const char *s1[] = {"saturate", "--method", methods[k], "I.txt", "Z.txt", NULL};
        o = gbc_ok(s1);
        T_ASSERT_MSG(strcmp(o, one) == 0, "saturate --method %s by 0: %s", methods[k], o);
        free(o);
        const char *s2[] = {"saturate", "--method", methods[k], "Z.txt", "I.txt", NULL};
        o = gbc_ok(s2);
        T_ASSERT_MSG(strcmp(o, zero) == 0, "saturate --method %s of 0: %s", methods[k], o);
        free(o);
        const char *s3[] = {"saturate", "--method", methods[k], "I0.txt", "F0.txt", NULL};
        const char *s4[] = {"saturate", "--method", methods[k], "I.txt", "F.txt", NULL};
        o = gbc_ok(s3);
        o2 = gbc_ok(s4);
        ck_assert_str_eq(o, o2);
        free(o);
        free(o2);
    }
    /* eliminate: M2's eliminate(ideal(0, x-y, 0, y^2-z), {y}) = (x^2 - z) */
    ct_put_file("E.txt", "x,y,z\n0\n0, x-y, 0, y^2-z\n");
    const char *e1[] = {"eliminate", "--vars", "y", "E.txt", NULL};
    o = gbc_ok(e1);
    ck_assert_str_eq(o, "x,y,z\n0\nx^2-z\n");
    free(o);
    const char *e2[] = {"eliminate", "--vars", "y", "Z.txt", NULL};
    o = gbc_ok(e2);
    ck_assert_str_eq(o, zero);
    free(o);
    /* gb */
    const char *g1[] = {"gb", "I0.txt", NULL}, *g2[] = {"gb", "I.txt", NULL};
    o = gbc_ok(g1);
    o2 = gbc_ok(g2);
    ck_assert_str_eq(o, o2);
    free(o);
    free(o2);
    const char *g3[] = {"gb", "Z.txt", NULL};
    o = gbc_ok(g3);
    ck_assert_str_eq(o, zero);
    free(o);
    /* dim, degree, hilbert of the zero ideal and of (0, x*y, 0) */
    ct_put_file("XY0.txt", "x,y,z\n32003\n0, x*y, 0\n");
    ct_put_file("XY.txt", "x,y,z\n32003\nx*y\n");
    const char *cmds[] = {"dim", "degree", "hilbert"};
    const char *z_expect[] = {"3\n", "1\n", "1\n"};
    const char *xy_expect[] = {"2\n", "2\n", "1-t^2\n"};
    for (size_t k = 0; k < 3; k++) {
        const char *a1[] = {cmds[k], "Z.txt", NULL};
        o = gbc_ok(a1);
        T_ASSERT_MSG(strcmp(o, z_expect[k]) == 0, "%s of 0: %s", cmds[k], o);
        free(o);
        const char *a2[] = {cmds[k], "XY0.txt", NULL}, *a3[] = {cmds[k], "XY.txt", NULL};
        o = gbc_ok(a2);
        o2 = gbc_ok(a3);
        T_ASSERT_MSG(strcmp(o, xy_expect[k]) == 0, "%s of (0, x*y, 0): %s", cmds[k], o);
        ck_assert_str_eq(o, o2);
        free(o);
        free(o2);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("cli-zero");
    TCase *tc = tcase_create("cli-zero");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_reproducer);
    tcase_add_loop_test(tc, test_positions, 0, 3);
    tcase_add_test(tc, test_lift_basis_zero_generators);
    tcase_add_test(tc, test_other_commands);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
