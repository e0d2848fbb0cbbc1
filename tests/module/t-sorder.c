/* Schreyer orders (module/sorder.c, gbc_module_groebner_schreyer): the weight
 * rows of every order kind against the reference comparison mono_cmp; reduced
 * bases in Schreyer orders against Macaulay2's gb over schreyerOrder (when M2 is
 * installed) and, always, against their defining properties: the same module,
 * monic, sorted by increasing leading term under a Schreyer comparison written
 * here from mono_cmp, no term divisible by another element's leading term; and
 * the argument errors. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/api.h"
#include "gbc.h"
#include "module/module.h"
#include "minput.h"
#include "mtools.h"
#include "testutil.h"


/* The rows of module_order_rows order random monomials as mono_cmp does, on
 * random orders of every kind (grevlex, lex, deglex, weights, blocks and matrix
 * orders with weighted blocks). */
START_TEST(test_order_rows)
{
    uint64_t seed = tu_seed();
    printf("t-sorder order_rows: seed %llu (GBC_TEST_SEED to repeat)\n",
           (unsigned long long)seed);
    gbc_rng g;
    gbc_rng_seed(&g, seed ^ 0x5c4e);
    for (int it = 0; it < 400 * tu_mult(); it++) {
        uint32_t n = 1 + (uint32_t)gbc_rng_below(&g, 6);
        char spec[128], msg[128];
        tu_random_order(spec, sizeof spec, &g, n, it % 5);
        mono_order o;
        ck_assert_int_eq(mono_order_parse(NULL, &o, spec, n, msg, sizeof msg), GBC_OK);
        uint32_t *rows = NULL, nr = 0;
        ck_assert_int_eq(module_order_rows(NULL, &o, &rows, &nr), GBC_OK);
        for (int t = 0; t < 50; t++) {
            uint32_t a[6], b[6];
            for (uint32_t v = 0; v < n; v++) {
                a[v] = (uint32_t)gbc_rng_below(&g, 4);
                b[v] = (uint32_t)gbc_rng_below(&g, 4);
            }
            if (t % 3 == 0) { /* near a: one exponent up, another down */
                memcpy(b, a, sizeof(uint32_t) * n);
                b[(uint32_t)t % n]++;
                if (b[(uint32_t)(t + 1) % n] > 0)
                    b[(uint32_t)(t + 1) % n]--;
            }
            int want = mono_cmp(&o, a, b), got = 0;
            for (uint32_t r = 0; r < nr && got == 0; r++) {
                uint64_t va = 0, vb = 0;
                for (uint32_t v = 0; v < n; v++) {
                    va += (uint64_t)rows[(size_t)r * n + v] * a[v];
                    vb += (uint64_t)rows[(size_t)r * n + v] * b[v];
                }
                got = (va > vb) - (va < vb);
            }
            ck_assert_msg((want > 0) == (got > 0) && (want < 0) == (got < 0),
                          "order %s: the rows compare %d, mono_cmp %d", spec, got, want);
        }
        gbc_free(NULL, rows);
        mono_order_clear(NULL, &o);
    }
}
END_TEST

/* A Schreyer case: the ring, the elements (rank r) and the terms (rank s). */
typedef struct scase {
    const char *vars, *order; /* order: NULL (grevlex) or "lex" */
    unsigned p;
    const char *elems, *lead;
} scase;

/* The order lead_of and the checks use: kind 0..3 a gbc_module_order, 4 the
 * Schreyer order of the terms lx, lc. */
static int cmp_kind = 4;

/* Compare x^a e_j and x^b e_k in cmp_kind's order (lx, lc: the Schreyer order's
 * terms, exponents a_j at lx + j * n, target components lc). */
static int schreyer_cmp(const mono_order *o, uint32_t n, const uint32_t *a, uint32_t j,
                        const uint32_t *b, uint32_t k, const uint32_t *lx, const uint32_t *lc)
{
    if (cmp_kind != 4) {
        int pos = (j > k) - (j < k); /* a higher index larger */
        if (cmp_kind == GBC_MODULE_POT || cmp_kind == GBC_MODULE_TOP_DOWN)
            pos = -pos;
        if ((cmp_kind == GBC_MODULE_POT || cmp_kind == GBC_MODULE_POT_UP) && pos != 0)
            return pos;
        int c = mono_cmp(o, a, b);
        return c != 0 ? c : pos;
    }
    uint32_t ea[16], eb[16];
    for (uint32_t v = 0; v < n; v++) {
        ea[v] = a[v] + lx[(size_t)j * n + v];
        eb[v] = b[v] + lx[(size_t)k * n + v];
    }
    int c = mono_cmp(o, ea, eb);
    if (c != 0)
        return c;
    if (lc[j] != lc[k])
        return lc[j] > lc[k] ? 1 : -1;
    return (j > k) - (j < k);
}

/* The leading term of element e of G (rank r): its component and monomial. */
static void lead_of(const gbc_polys *G, uint32_t r, size_t e, const mono_order *o,
                    const uint32_t *lx, const uint32_t *lc, uint32_t *comp, const uint32_t **mon)
{
    const uint32_t n = G->ring->R.nvars;
    *mon = NULL;
    for (uint32_t i = 0; i < r; i++) {
        const ppoly *f = &G->L.p[e * r + i];
        for (size_t t = 0; t < f->len; t++)
            if (*mon == NULL || schreyer_cmp(o, n, f->exps + t * n, i, *mon, *comp, lx, lc) > 0) {
                *mon = f->exps + t * n;
                *comp = i;
            }
    }
    ck_assert_ptr_nonnull(*mon);
}

/* The terms of L (rank s, r elements): exponents to lx + j * n, components to lc. */
static void terms_of(const input *L, uint32_t r, uint32_t n, uint32_t *lx, uint32_t *lc)
{
    for (uint32_t j = 0; j < r; j++)
        for (uint32_t i = 0; i < L->rank; i++) {
            const ppoly *f = &L->elems->L.p[(size_t)j * L->rank + i];
            if (f->len == 1) {
                memcpy(lx + (size_t)j * n, f->exps, sizeof(uint32_t) * n);
                lc[j] = i;
            }
        }
}

/* The defining properties of G, the reduced basis of in in the Schreyer order of
 * the terms lx, lc. */
static void check_properties(const gbc_polys *G, const input *in, const uint32_t *lx,
                             const uint32_t *lc)
{
    const uint32_t r = in->rank, n = in->ring->R.nvars;
    const mono_order *o = &in->ring->R.ord;
    /* the same module */
    size_t ng = gbc_polys_count(G) / r, ni = gbc_polys_count(in->elems) / r;
    int *mem = calloc(ng + ni + 1, sizeof *mem);
    ck_assert_int_eq(gbc_module_member(mem, G, in->elems, r, NULL, NULL), GBC_OK);
    for (size_t e = 0; e < ng; e++)
        ck_assert_msg(mem[e], "basis element %zu is not in the module", e);
    ck_assert_int_eq(gbc_module_member(mem, in->elems, G, r, NULL, NULL), GBC_OK);
    for (size_t e = 0; e < ni; e++)
        ck_assert_msg(mem[e], "generator %zu is not in the basis's module", e);
    free(mem);
    /* monic, increasing leading terms, reduced */
    uint32_t pc = 0;
    const uint32_t *pm = NULL;
    for (size_t e = 0; e < ng; e++) {
        uint32_t c;
        const uint32_t *m;
        lead_of(G, r, e, o, lx, lc, &c, &m);
        if (pm != NULL)
            ck_assert_msg(schreyer_cmp(o, n, pm, pc, m, c, lx, lc) < 0,
                          "leading terms not increasing at element %zu", e);
        pc = c;
        pm = m;
        const ppoly *f = &G->L.p[e * r + c];
        size_t t = (size_t)(m - f->exps) / n;
        ck_assert_msg(G->ring->R.F.p == 0 ? mpq_cmp_si(f->cq[t], 1, 1) == 0 : f->cf[t] == 1,
                      "element %zu is not monic", e);
        for (size_t e2 = 0; e2 < ng; e2++) {
            if (e2 == e)
                continue;
            const ppoly *h = &G->L.p[e2 * r + c];
            for (size_t u = 0; u < h->len; u++) {
                int divides = 1;
                for (uint32_t v = 0; v < n && divides; v++)
                    divides = m[v] <= h->exps[u * n + v];
                ck_assert_msg(!divides, "a term of element %zu is divisible by the lead of %zu",
                              e2, e);
            }
        }
    }
}

/* Normal forms: nf = gbc_module_reduce_schreyer of q (gbc_module_reduce_order
 * for cmp_kind < 4); q - nf lies in the module
 * and no term of nf is divisible by a leading term of G (in its component). */
static void check_normal_forms(const gbc_polys *G, const input *in, const input *L,
                               const gbc_polys *q, const uint32_t *lx, const uint32_t *lc)
{
    const uint32_t r = in->rank, n = in->ring->R.nvars;
    gbc_polys *nf = NULL;
    if (cmp_kind == 4)
        ck_assert_int_eq(gbc_module_reduce_schreyer(&nf, q, in->elems, r, L->elems, L->rank,
                                                    NULL, NULL),
                         GBC_OK);
    else
        ck_assert_int_eq(gbc_module_reduce_order(&nf, q, in->elems, r,
                                                 (gbc_module_order)cmp_kind, NULL, NULL),
                         GBC_OK);
    size_t nq = gbc_polys_count(q) / r, ng = gbc_polys_count(G) / r;
    ck_assert_uint_eq(gbc_polys_count(nf), gbc_polys_count(q));
    /* q - nf in M: written out as text, parsed back (the parser expands it) */
    sbuf t;
    sb_init(&t);
    for (size_t k = 0; k < nq * r; k++) {
        char *a = gbc_polys_text_at(q, k, NULL), *b = gbc_polys_text_at(nf, k, NULL);
        sb_printf(&t, "%s(%s)-(%s)", k ? "," : "", a, b);
        gbc_string_free(a);
        gbc_string_free(b);
    }
    int *mem = calloc(nq + 1, sizeof *mem);
    gbc_polys *diff = NULL;
    gbc_error err;
    ck_assert_msg(gbc_polys_parse_list(&diff, in->ring, t.s, strlen(t.s), NULL, &err) == GBC_OK,
                  "%s", err.message);
    sb_free(&t);
    ck_assert_int_eq(gbc_module_member(mem, diff, in->elems, r, NULL, NULL), GBC_OK);
    for (size_t e = 0; e < nq; e++)
        ck_assert_msg(mem[e], "query %zu minus its normal form is not in the module", e);
    free(mem);
    gbc_polys_free(diff);
    for (size_t e = 0; e < ng; e++) {
        uint32_t c;
        const uint32_t *m;
        lead_of(G, r, e, &in->ring->R.ord, lx, lc, &c, &m);
        for (size_t j = 0; j < nq; j++) {
            const ppoly *h = &nf->L.p[j * r + c];
            for (size_t u = 0; u < h->len; u++) {
                int divides = 1;
                for (uint32_t v = 0; v < n && divides; v++)
                    divides = m[v] <= h->exps[u * n + v];
                ck_assert_msg(!divides, "normal form %zu has a term divisible by the lead of %zu",
                              j, e);
            }
        }
    }
    gbc_polys_free(nf);
}

/* Macaulay2's reduced basis: gb of the columns in source schreyerOrder of the
 * matrix whose columns are the terms. Compared as sets of printed elements. */
static void check_m2(const gbc_polys *G, const scase *c, const input *in, const input *L,
                     const uint32_t *lx, const uint32_t *lc)
{
    const uint32_t r = in->rank, s = L->rank;
    size_t k = gbc_polys_count(in->elems) / r;
    sbuf b;
    sb_init(&b);
    sb_printf(&b, "R = ZZ/%u[%s%s];\n", c->p, c->vars,
              c->order ? ", MonomialOrder => Lex" : "");
    sb_puts(&b, "f = schreyerOrder sub(matrix{");
    for (uint32_t i = 0; i < s; i++) {
        sb_puts(&b, i ? ", {" : "{");
        for (uint32_t j = 0; j < r; j++) {
            char *t = gbc_polys_text_at(L->elems, (size_t)j * s + i, NULL);
            sb_printf(&b, "%s%s", j ? ", " : "", t);
            gbc_string_free(t);
        }
        sb_puts(&b, "}");
    }
    sb_printf(&b, "}, R);\ng = map(source f, R^%zu, sub(matrix{", k);
    for (uint32_t i = 0; i < r; i++) {
        sb_puts(&b, i ? ", {" : "{");
        for (size_t j = 0; j < k; j++) {
            char *t = gbc_polys_text_at(in->elems, j * r + i, NULL);
            sb_printf(&b, "%s%s", j ? ", " : "", t);
            gbc_string_free(t);
        }
        sb_puts(&b, "}");
    }
    sb_puts(&b, "}, R));\nG = gens gb g;\n"
                "scan(numcols G, j -> print(\"[\" | demark(\", \", apply(entries G_j, toString))"
                " | \"]\" | if j + 1 < numcols G then \",\" else \"\"));\n");
    char *out = run_script("M2 --script", b.s);
    sbuf t;
    sb_init(&t);
    sb_printf(&t, "%s\n%u\n%s", c->vars, c->p, out);
    input m;
    gbc_error err;
    ck_assert_msg(gbc_module_parse(&m.ring, &m.elems, &m.rank, NULL, t.s, strlen(t.s), c->order,
                                   NULL, &err) == GBC_OK,
                  "Macaulay2's output: %s\n%s\nscript:\n%s", err.message, t.s, b.s);
    /* Macaulay2 need not make its elements monic: the same number of elements,
     * the same leading terms, and the same module (so both are Groebner bases
     * with the same leading module) */
    char *ours = NULL, *theirs = NULL;
    ck_assert_int_eq(gbc_module_to_string(&ours, NULL, G, r, 0), GBC_OK);
    ck_assert_int_eq(gbc_module_to_string(&theirs, NULL, m.elems, m.rank, 0), GBC_OK);
    size_t na = gbc_polys_count(G) / r, nm = gbc_polys_count(m.elems) / m.rank;
    ck_assert_msg(m.rank == r && na == nm,
                  "%zu elements, Macaulay2 %zu\nours:\n%s\nMacaulay2's:\n%s\nscript:\n%s", na, nm,
                  ours, theirs, b.s);
    const uint32_t n = in->ring->R.nvars;
    for (size_t e = 0; e < na; e++) {
        uint32_t ca, cm;
        const uint32_t *ma, *mm;
        lead_of(G, r, e, &in->ring->R.ord, lx, lc, &ca, &ma);
        int found = 0;
        for (size_t e2 = 0; e2 < nm && !found; e2++) {
            lead_of(m.elems, r, e2, &in->ring->R.ord, lx, lc, &cm, &mm);
            found = cm == ca && memcmp(ma, mm, sizeof(uint32_t) * n) == 0;
        }
        ck_assert_msg(found, "the leading term of element %zu is not one of Macaulay2's\n"
                             "ours:\n%s\nMacaulay2's:\n%s\nscript:\n%s", e, ours, theirs, b.s);
    }
    int *mem = calloc(na + 1, sizeof *mem);
    ck_assert_int_eq(gbc_module_member(mem, m.elems, G, r, NULL, NULL), GBC_OK);
    for (size_t e = 0; e < nm; e++)
        ck_assert_msg(mem[e], "Macaulay2's element %zu is not in our module", e);
    free(mem);
    gbc_string_free(ours);
    gbc_string_free(theirs);
    input_free(&m);
    free(out);
    sb_free(&t);
    sb_free(&b);
}

static void check_case(const scase *c, int m2)
{
    sbuf a, l;
    sb_init(&a);
    sb_init(&l);
    sb_printf(&a, "%s\n%u\n%s\n", c->vars, c->p, c->elems);
    sb_printf(&l, "%s\n%u\n%s\n", c->vars, c->p, c->lead);
    input in, L;
    gbc_error err;
    ck_assert_msg(gbc_module_parse(&in.ring, &in.elems, &in.rank, NULL, a.s, strlen(a.s),
                                   c->order, NULL, &err) == GBC_OK,
                  "%s", err.message);
    L = parse(l.s);
    gbc_polys *G = NULL;
    if (cmp_kind == 4)
        ck_assert_int_eq(
            gbc_module_groebner_schreyer(&G, in.elems, in.rank, L.elems, L.rank, NULL, NULL),
            GBC_OK);
    else
        ck_assert_int_eq(gbc_module_groebner(&G, in.elems, in.rank, (gbc_module_order)cmp_kind,
                                             NULL, NULL),
                         GBC_OK);
    uint32_t lx[16 * 16] = {0}, lc[16] = {0};
    ck_assert_uint_le(in.rank, 16);
    ck_assert_uint_le(in.ring->R.nvars, 16);
    terms_of(&L, in.rank, in.ring->R.nvars, lx, lc);
    check_properties(G, &in, lx, lc);
    /* queries: each generator times x + z, and x^2 y times e_j */
    sbuf qt;
    sb_init(&qt);
    size_t ng0 = gbc_polys_count(in.elems) / in.rank;
    for (size_t j = 0; j < ng0 + in.rank; j++)
        for (uint32_t i = 0; i < in.rank; i++) {
            if (j < ng0) {
                char *f = gbc_polys_text_at(in.elems, j * in.rank + i, NULL);
                sb_printf(&qt, "%s(%s)*(%s+%s)", j || i ? "," : "", f, "x",
                          strrchr(c->vars, ',') + 1);
                gbc_string_free(f);
            } else {
                sb_printf(&qt, ",%s", i == j - ng0 ? "x^2*y" : "0");
            }
        }
    gbc_polys *q = NULL;
    ck_assert_msg(gbc_polys_parse_list(&q, in.ring, qt.s, strlen(qt.s), NULL, &err) == GBC_OK,
                  "%s", err.message);
    check_normal_forms(G, &in, &L, q, lx, lc);
    gbc_polys_free(q);
    sb_free(&qt);
    /* Macaulay2's schreyerOrder compares the monomials x^{a + a_j} alone, then
     * the index: the same order as ours when the terms lie in one component */
    if (m2 && L.rank == 1 && cmp_kind == 4)
        check_m2(G, c, &in, &L, lx, lc);
    gbc_polys_free(G);
    input_free(&in);
    input_free(&L);
    sb_free(&a);
    sb_free(&l);
}

/* Random terms and elements (seeded): r = 2..3 components, s = 1..2 target
 * components, grevlex, modulo 101 or over Q. */
static void random_case(gbc_rng *g, scase *c, sbuf *eb, sbuf *lb)
{
    static const char *const v[] = {"x", "y", "z"};
    uint32_t r = 2 + (uint32_t)gbc_rng_below(g, 2), s = 1 + (uint32_t)gbc_rng_below(g, 2);
    uint32_t k = 2 + (uint32_t)gbc_rng_below(g, 2);
    sb_init(eb);
    sb_init(lb);
    for (uint32_t j = 0; j < r; j++) {
        sb_puts(lb, j ? ", [" : "[");
        uint32_t at = (uint32_t)gbc_rng_below(g, s);
        for (uint32_t i = 0; i < s; i++) {
            sb_puts(lb, i ? ", " : "");
            if (i != at) {
                sb_puts(lb, "0");
                continue;
            }
            sb_puts(lb, "1");
            for (int d = (int)gbc_rng_below(g, 3); d > 0; d--)
                sb_printf(lb, "*%s", v[gbc_rng_below(g, 3)]);
        }
        sb_puts(lb, "]");
    }
    for (uint32_t e = 0; e < k; e++) {
        sb_puts(eb, e ? ",\n[" : "[");
        for (uint32_t i = 0; i < r; i++) {
            sb_puts(eb, i ? ", " : "");
            for (int t = 0; t < 3; t++)
                sb_printf(eb, "%s%u*x^%u*y^%u*z^%u", t ? "+" : "",
                          1 + (unsigned)gbc_rng_below(g, 9), (unsigned)gbc_rng_below(g, 3),
                          (unsigned)gbc_rng_below(g, 2), (unsigned)gbc_rng_below(g, 2));
        }
        sb_puts(eb, "]");
    }
    c->vars = "x,y,z";
    /* grevlex only: lex bases of such modules in other module orders can reach
     * degree 60, and the membership checks on them take minutes (the fixed
     * cases cover lex) */
    c->order = NULL;
    c->p = gbc_rng_below(g, 3) ? 101 : 0;
    c->elems = eb->s;
    c->lead = lb->s;
}

/* n seeded random cases (times tu_mult) for the test name: in the Schreyer order
 * (kinds 4), or in the four module orders in turn (kinds 0); Macaulay2 compares
 * the Schreyer ones modulo p when m2. */
static void random_cases(const char *name, uint64_t salt, int n, int kinds, int m2)
{
    uint64_t seed = tu_seed();
    printf("t-sorder %s: seed %llu (GBC_TEST_SEED to repeat)\n", name,
           (unsigned long long)seed);
    gbc_rng g;
    gbc_rng_seed(&g, seed ^ salt);
    for (int it = 0; it < n * tu_mult(); it++) {
        scase c;
        sbuf eb, lb;
        random_case(&g, &c, &eb, &lb);
        cmp_kind = kinds == 4 ? 4 : it % 4;
        check_case(&c, m2 && c.p != 0);
        cmp_kind = 4;
        sb_free(&eb);
        sb_free(&lb);
    }
}

START_TEST(test_schreyer_bases)
{
    int m2 = have_prog("M2");
    if (!m2)
        printf("M2 not found: Schreyer bases checked on their properties only\n");
    static const scase fixed[] = {
        /* x e2 and y e3 have the same image x*y^2: the tie goes to e3 */
        {"x,y,z", NULL, 101, "[y, x, z], [z, x, y], [x^2, 0, y*z]", "x^2, y^2, x*y"},
        {"x,y,z", "lex", 101, "[y, x, z], [z, x, y], [x^2, 0, y*z]", "x^2, y^2, x*y"},
        /* terms in two target components (properties only, see check_case) */
        {"x,y,z", NULL, 101, "[x, y, z], [y^2, x*z, 0], [z, 0, x^2]",
         "[x^2, 0], [0, y], [y, 0]"},
        {"x,y", NULL, 101, "[x, x], [y, x*y]", "[0, 1], [1, 0]"},
        /* constant terms: position over term within the tie order */
        {"x,y", NULL, 101, "[x, y], [y, x], [x*y, y^2]", "1, 1"},
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        check_case(&fixed[i], m2);
    random_cases("schreyer_bases", 0x7a7a, 6, 4, m2);
}
END_TEST

/* gbc_module_reduce_order in the four module orders: the same properties
 * against the basis gbc_module_groebner gives in each (seeded random modules). */
START_TEST(test_reduce_orders)
{
    random_cases("reduce_orders", 0x3d3d, 8, 0, 0);
    ck_assert_int_eq(gbc_module_reduce_order(NULL, NULL, NULL, 1, GBC_MODULE_TOP, NULL, NULL),
                     GBC_ERR_ARG);
}
END_TEST

START_TEST(test_schreyer_errors)
{
    input in = parse("x,y\n101\n[x, y], [y, x]\n");
    input two = parse("x,y\n101\n[x, 0], [0, y]\n");
    input sum = parse("x,y\n101\nx + y, y\n");
    input zero = parse("x,y\n101\n0, y\n");
    input other = parse("a,b\n101\na, b\n");
    input big = parse("x,y\n101\nx^2147483647*y, y\n");
    gbc_polys *G = NULL;
    ck_assert_int_eq(gbc_module_groebner_schreyer(NULL, in.elems, 2, two.elems, 2, NULL, NULL),
                     GBC_ERR_ARG);
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G, in.elems, 2, NULL, 1, NULL, NULL),
                     GBC_ERR_ARG);
    /* three terms for two components; two-term and zero "terms" */
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G, in.elems, 2, two.elems, 1, NULL, NULL),
                     GBC_ERR_ARG);
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G, in.elems, 2, sum.elems, 1, NULL, NULL),
                     GBC_ERR_ARG);
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G, in.elems, 2, zero.elems, 1, NULL, NULL),
                     GBC_ERR_ARG);
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G, in.elems, 2, other.elems, 1, NULL, NULL),
                     GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G, in.elems, 2, big.elems, 1, NULL, NULL),
                     GBC_ERR_LIMIT);
    ck_assert_ptr_null(G);
    /* a good call after the refused ones */
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G, in.elems, 2, two.elems, 2, NULL, NULL),
                     GBC_OK);
    ck_assert_ptr_nonnull(G);
    gbc_polys_free(G);
    input_free(&in);
    input_free(&two);
    input_free(&sum);
    input_free(&zero);
    input_free(&other);
    input_free(&big);
}
END_TEST

/* Allocation failures (the k-th allocation fails, k over the whole run): the
 * Schreyer basis and normal forms are GBC_ERR_NOMEM with the output untouched,
 * or the right answer; under the sanitizers or valgrind no leak either way. */
START_TEST(test_faults)
{
    input in = parse("x,y,z\n101\n[y, x, z], [z, x, y], [x^2, 0, y*z]\n");
    input L = parse("x,y,z\n101\nx^2, y^2, x*y\n");
    gbc_polys *G0 = NULL, *N0 = NULL;
    ck_assert_int_eq(gbc_module_groebner_schreyer(&G0, in.elems, 3, L.elems, 1, NULL, NULL),
                     GBC_OK);
    ck_assert_int_eq(gbc_module_reduce_schreyer(&N0, G0, in.elems, 3, L.elems, 1, NULL, NULL),
                     GBC_OK);
    char *want = NULL, *wantn = NULL;
    ck_assert_int_eq(gbc_module_to_string(&want, NULL, G0, 3, 0), GBC_OK);
    ck_assert_int_eq(gbc_module_to_string(&wantn, NULL, N0, 3, 0), GBC_OK);
    for (int op = 0; op < 2; op++) {
        int done = 0;
        for (uint64_t k = 1; done < 3; k += 1 + k / 6) {
            gbc_options *o = NULL;
            ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
            api_options_set_fail_alloc(o, k);
            gbc_polys *P = NULL;
            gbc_status st =
                op == 0 ? gbc_module_groebner_schreyer(&P, in.elems, 3, L.elems, 1, o, NULL)
                        : gbc_module_reduce_schreyer(&P, G0, in.elems, 3, L.elems, 1, o, NULL);
            ck_assert_msg(st == GBC_OK || st == GBC_ERR_NOMEM, "status %d", (int)st);
            if (st == GBC_OK) {
                char *got = NULL;
                ck_assert_int_eq(gbc_module_to_string(&got, NULL, P, 3, 0), GBC_OK);
                ck_assert_str_eq(got, op == 0 ? want : wantn);
                gbc_string_free(got);
                done++;
            } else {
                ck_assert_ptr_null(P);
                done = 0;
            }
            gbc_polys_free(P);
            gbc_options_free(o);
        }
    }
    gbc_string_free(want);
    gbc_string_free(wantn);
    gbc_polys_free(G0);
    gbc_polys_free(N0);
    input_free(&in);
    input_free(&L);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sorder");
    TCase *tc = tcase_create("sorder");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_order_rows);
    tcase_add_test(tc, test_schreyer_bases);
    tcase_add_test(tc, test_reduce_orders);
    tcase_add_test(tc, test_schreyer_errors);
    tcase_add_test(tc, test_faults);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
