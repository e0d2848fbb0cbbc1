/* t-order: orders that are not degree-compatible through the public API (gbc.h
 * only). gbc_options_set_order_path's argument checks; gbc_groebner in lex, block
 * and weighted orders over Z/p and Q gives the same basis by every order path and
 * by Buchberger, with the "fglm_dim" statistic equal to the degree of the ideal
 * (the number of standard monomials, from gbc's monomial-ideal functions);
 * GBC_ORDER_FGLM on a positive-dimensional ideal is declined; gbc_change_order
 * agrees with gbc_groebner, including on hand-checked bases, and reports every
 * kind of mismatch with its outputs untouched; random zero-dimensional systems
 * cross-checked the same ways. */
#include <stdint.h>

#include "apitest.h"
#include "testutil.h"

/* The sentinel an output must keep when a call fails. */
#define UNTOUCHED ((gbc_polys *)0x1)

static gbc_options *opts_path(gbc_algorithm algo, gbc_order_path path)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_algorithm(o, algo), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, path), GBC_OK);
    /* over Q: a repeatable run */
    ck_assert_int_eq(gbc_options_set_seed(o, tu_seed()), GBC_OK);
    return o;
}

/* A whole input (names, characteristic, generators) in the given order. */
static void parse_input(gbc_ring **R, gbc_polys **F, const char *text, const char *order)
{
    gbc_error err;
    gbc_status st = gbc_parse(R, F, text, strlen(text), order, NULL, &err);
    ck_assert_msg(st == GBC_OK, "parse (%s): %s at %llu:%llu\n%s", order, err.message,
                  (unsigned long long)err.line, (unsigned long long)err.column, text);
}

/* The printed basis of F by the algorithm and path (a malloc'd copy); *fglm_dim
 * (when not NULL) receives the statistic. */
static char *basis_text(const gbc_polys *F, gbc_algorithm algo, gbc_order_path path,
                        double *fglm_dim)
{
    gbc_options *o = opts_path(algo, path);
    gbc_stats *st = NULL;
    ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
    gbc_polys *G = NULL;
    gbc_status s = gbc_groebner(&G, F, o, st);
    ck_assert_msg(s == GBC_OK, "groebner (algo %d, path %d): %s", (int)algo, (int)path,
                  gbc_status_string(s));
    int isg = 0, isr = 0;
    ck_assert_int_eq(gbc_is_groebner(&isg, &isr, G, NULL), GBC_OK);
    ck_assert_msg(isg && isr, "groebner (algo %d, path %d): not a reduced Groebner basis",
                  (int)algo, (int)path);
    ck_assert_uint_eq((size_t)gbc_stats_get(st, "basis_size"), gbc_polys_count(G));
    if (fglm_dim)
        *fglm_dim = gbc_stats_get(st, "fglm_dim");
    char *s1 = at_str(G);
    char *copy = strdup(s1);
    gbc_string_free(s1);
    gbc_polys_free(G);
    gbc_stats_free(st);
    gbc_options_free(o);
    return copy;
}

/* The degree of the ideal of which G is a Groebner basis: the number of standard
 * monomials of its leading ideal (gbc's monomial-ideal functions). */
static uint64_t degree_of(const gbc_polys *G)
{
    gbc_monideal *M = NULL;
    ck_assert_int_eq(gbc_leading_ideal(&M, G, GBC_LEADING_IS_BASIS, NULL, NULL), GBC_OK);
    int64_t dim = 99;
    ck_assert_int_eq(gbc_monideal_dim(&dim, M, NULL), GBC_OK);
    ck_assert_int_le(dim, 0); /* zero-dimensional (or the unit ideal) */
    uint64_t d = 0;
    ck_assert_int_eq(gbc_monideal_degree(&d, M, NULL), GBC_OK);
    gbc_monideal_free(M);
    return d;
}

static gbc_polys *groebner(const gbc_polys *F, const gbc_options *o)
{
    gbc_polys *G = NULL;
    gbc_status st = gbc_groebner(&G, F, o, NULL);
    ck_assert_msg(st == GBC_OK, "groebner: %s", gbc_status_string(st));
    return G;
}

/* katsura-n in n + 1 variables x0..xn, or cyclic-n in n, as a whole input. */
static char *system_text(const char *family, int n, uint32_t p)
{
    return tu_system_text(family, strcmp(family, "katsura") == 0 ? n + 1 : n, p);
}

/* ------------------------------------------------------- argument checks -- */

START_TEST(test_order_path_args)
{
    ck_assert_int_eq(gbc_options_set_order_path(NULL, GBC_ORDER_AUTO), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_order_path(NULL, GBC_ORDER_FGLM), GBC_ERR_ARG);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_AUTO), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_HOMOGENISE), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_HILBERT), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_FGLM), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_DIRECT), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_FGLM), GBC_OK);
    ck_assert_int_eq(gbc_options_set_order_path(o, (gbc_order_path)5), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_order_path(o, (gbc_order_path)-1), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_order_path(o, (gbc_order_path)1000), GBC_ERR_ARG);
    /* a rejected value leaves the option as it was (FGLM): a curve is declined */
    gbc_ring *R = NULL;
    gbc_polys *F = NULL;
    char *txt = system_text("cyclic", 4, 32003);
    parse_input(&R, &F, txt, "lex");
    gbc_polys *G = UNTOUCHED;
    ck_assert_int_eq(gbc_groebner(&G, F, o, NULL), GBC_ERR_DOMAIN);
    ck_assert_ptr_eq(G, UNTOUCHED);
    /* and AUTO computes it */
    ck_assert_int_eq(gbc_options_set_order_path(o, GBC_ORDER_AUTO), GBC_OK);
    ck_assert_int_eq(gbc_groebner(&G, F, o, NULL), GBC_OK);
    ck_assert_ptr_ne(G, UNTOUCHED);
    gbc_polys_free(G);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
    free(txt);
}
END_TEST

/* ------------------------------------------------- every path agrees -- */

static const uint32_t chars[] = {32003, 7, 2147483647u, 0};
#define NCHARS (sizeof chars / sizeof chars[0])

/* Loop index: characteristic. katsura-3 (degree 8) in lex, a block order and a
 * weighted order: the same printed basis by AUTO, FGLM, HOMOGENISE and Buchberger;
 * fglm_dim is the degree where FGLM ran and 0 where it did not. */
START_TEST(test_paths_agree)
{
    const uint32_t p = chars[_i];
    static const char *const orders[] = {"lex", "blocks:grevlex(2),lex(2)",
                                         "blocks:lex(1),grevlex(3)", "weights:1,2,3,4",
                                         "blocks:weights(1,0,0,0),grevlex(4)",
                                         "blocks:weights(0,1,2,0),weights(1,0,0,0),lex(4)",
                                         "blocks:wgrevlex(3,1,2,1)",
                                         "blocks:weights(1,1,0,0),wgrevlex(2,1),lex(2)"};
    char *txt = system_text("katsura", 3, p);
    /* the degree, from the grevlex basis */
    gbc_ring *Rg = NULL;
    gbc_polys *Fg = NULL;
    parse_input(&Rg, &Fg, txt, "grevlex");
    gbc_polys *Gg = groebner(Fg, NULL);
    const uint64_t D = degree_of(Gg);
    if (p == 0 || p > 1000)
        ck_assert_uint_eq(D, 8); /* katsura-3: 2^3 points (7 modulo 7) */
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        gbc_ring *R = NULL;
        gbc_polys *F = NULL;
        parse_input(&R, &F, txt, orders[o]);
        double da = -1, df = -1, dh = -1, db = -1;
        char *a = basis_text(F, GBC_ALGO_F4, GBC_ORDER_AUTO, &da);
        char *f = basis_text(F, GBC_ALGO_F4, GBC_ORDER_FGLM, &df);
        char *h = basis_text(F, GBC_ALGO_F4, GBC_ORDER_HOMOGENISE, &dh);
        char *b = basis_text(F, GBC_ALGO_BUCHBERGER, GBC_ORDER_AUTO, &db);
        char *d = basis_text(F, GBC_ALGO_DEFAULT, GBC_ORDER_AUTO, NULL);
        char *hb = basis_text(F, GBC_ALGO_F4, GBC_ORDER_HILBERT, NULL);
        ck_assert_msg(strcmp(a, b) == 0, "p=%u %s: auto\n%s\nBuchberger\n%s", p, orders[o], a, b);
        ck_assert_msg(strcmp(hb, b) == 0, "p=%u %s: Hilbert-driven differs from Buchberger", p,
                      orders[o]);
        free(hb);
        ck_assert_msg(strcmp(f, b) == 0, "p=%u %s: FGLM differs from Buchberger", p, orders[o]);
        ck_assert_msg(strcmp(h, b) == 0, "p=%u %s: homogenised differs from Buchberger", p,
                      orders[o]);
        ck_assert_str_eq(d, b);
        ck_assert_msg(da == (double)D && df == (double)D,
                      "p=%u %s: fglm_dim %.0f (auto), %.0f (FGLM), degree %llu", p, orders[o],
                      da, df, (unsigned long long)D);
        ck_assert_msg(dh == 0 && db == 0, "p=%u %s: fglm_dim %.0f (homogenised), %.0f "
                      "(Buchberger): FGLM did not run", p, orders[o], dh, db);
        /* the degree of the result's own leading ideal */
        gbc_polys *G = groebner(F, NULL);
        ck_assert_uint_eq(degree_of(G), D);
        gbc_polys_free(G);
        free(a);
        free(f);
        free(h);
        free(b);
        free(d);
        gbc_polys_free(F);
        gbc_ring_free(R);
    }
    gbc_polys_free(Gg);
    gbc_polys_free(Fg);
    gbc_ring_free(Rg);
    free(txt);
}
END_TEST

/* Loop index: characteristic. A positive-dimensional ideal (cyclic-4, a union of
 * curves): GBC_ORDER_FGLM declines it with its output untouched; AUTO and
 * HOMOGENISE give Buchberger's basis, without FGLM. */
START_TEST(test_positive_dim)
{
    const uint32_t p = chars[_i];
    char *txt = system_text("cyclic", 4, p);
    static const char *const orders[] = {"lex", "blocks:lex(2),grevlex(2)",
                                         "blocks:weights(1,1,0,0),grevlex(4)"};
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        gbc_ring *R = NULL;
        gbc_polys *F = NULL;
        parse_input(&R, &F, txt, orders[o]);
        gbc_options *of = opts_path(GBC_ALGO_F4, GBC_ORDER_FGLM);
        gbc_stats *st = NULL;
        ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
        gbc_polys *G = UNTOUCHED;
        gbc_status s = gbc_groebner(&G, F, of, st);
        ck_assert_msg(s == GBC_ERR_DOMAIN, "p=%u %s: FGLM on a curve gave %s", p, orders[o],
                      gbc_status_string(s));
        ck_assert_ptr_eq(G, UNTOUCHED);
        double da = -1;
        char *a = basis_text(F, GBC_ALGO_F4, GBC_ORDER_AUTO, &da);
        char *h = basis_text(F, GBC_ALGO_F4, GBC_ORDER_HOMOGENISE, NULL);
        char *b = basis_text(F, GBC_ALGO_BUCHBERGER, GBC_ORDER_AUTO, NULL);
        ck_assert_str_eq(a, b);
        ck_assert_str_eq(h, b);
        ck_assert(da == 0);
        free(a);
        free(h);
        free(b);
        gbc_stats_free(st);
        gbc_options_free(of);
        gbc_polys_free(F);
        gbc_ring_free(R);
    }
    free(txt);
}
END_TEST

/* The log says which path ran. */
static void log_collect(void *data, int level, const char *msg)
{
    (void)level;
    sb_puts(data, msg);
    sb_puts(data, "\n");
}

START_TEST(test_log)
{
    for (int zd = 0; zd < 2; zd++) {
        char *txt = zd ? system_text("katsura", 3, 32003) : system_text("cyclic", 4, 32003);
        gbc_ring *R = NULL;
        gbc_polys *F = NULL;
        parse_input(&R, &F, txt, "lex");
        sbuf log;
        sb_init(&log);
        gbc_options *o = NULL;
        ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
        ck_assert_int_eq(gbc_options_set_log(o, log_collect, &log, 1), GBC_OK);
        gbc_polys *G = groebner(F, o);
        if (zd)
            ck_assert_msg(strstr(log.s, "FGLM") != NULL, "log:\n%s", log.s);
        else
            ck_assert_msg(strstr(log.s, "homogenised") != NULL &&
                              strstr(log.s, "not zero-dimensional") != NULL,
                          "log:\n%s", log.s);
        gbc_polys_free(G);
        gbc_options_free(o);
        sb_free(&log);
        gbc_polys_free(F);
        gbc_ring_free(R);
        free(txt);
    }
}
END_TEST

/* ----------------------------------------------------- gbc_change_order -- */

static gbc_ring *ring_named(uint32_t n, const char *const *names, uint32_t p, const char *ord)
{
    gbc_ring *R = NULL;
    gbc_error err;
    gbc_status st = gbc_ring_new(&R, n, names, p, ord, &err);
    ck_assert_msg(st == GBC_OK, "ring %s: %s", ord, err.message);
    return R;
}

/* The change of order of gb into target equals want (printed). */
static void expect_change(const gbc_polys *gb, gbc_ring *target, const gbc_polys *want)
{
    gbc_polys *B = UNTOUCHED;
    gbc_stats *st = NULL;
    ck_assert_int_eq(gbc_stats_new(&st), GBC_OK);
    gbc_status s = gbc_change_order(&B, gb, target, NULL, st);
    ck_assert_msg(s == GBC_OK, "change_order: %s", gbc_status_string(s));
    ck_assert_ptr_eq(gbc_polys_ring(B), target);
    at_assert_same(B, want);
    ck_assert_uint_eq((size_t)gbc_stats_get(st, "basis_size"), gbc_polys_count(B));
    const int unit = gbc_polys_count(B) == 1 && gbc_polys_nterms(B, 0) == 1;
    ck_assert_uint_eq((uint64_t)gbc_stats_get(st, "fglm_dim"), unit ? 0 : degree_of(B));
    gbc_stats_free(st);
    gbc_polys_free(B);
}

/* Bases worked out by hand, in x > y. */
START_TEST(test_change_order_by_hand)
{
    static const char *const xy[] = {"x", "y"};
    for (size_t k = 0; k < 3; k++) {
        const uint32_t p = chars[k];
        gbc_ring *Rg = ring_named(2, xy, p, "grevlex");
        gbc_ring *Rl = ring_named(2, xy, p, "lex");
        /* <x^2 - y, y^3 - 1>: coprime leading monomials in both orders */
        gbc_polys *G = at_parse(Rg, "x^2 - y, y^3 - 1");
        gbc_polys *W = at_parse(Rl, "y^3 - 1, x^2 - y");
        expect_change(G, Rl, W);
        gbc_polys_free(W);
        gbc_polys_free(G);
        /* <x y - 1, x^2 - y>: the grevlex basis adds y^2 - x; in lex x^3 = 1 and
         * x = x^4 = y^2, so {y^3 - 1, x - y^2}; degree 3 */
        G = at_parse(Rg, "y^2 - x, x*y - 1, x^2 - y");
        gbc_polys *F = at_parse(Rg, "x*y - 1, x^2 - y");
        gbc_polys *GF = groebner(F, NULL);
        at_assert_same(GF, G);
        W = at_parse(Rl, "y^3 - 1, x - y^2");
        expect_change(G, Rl, W);
        /* and back */
        expect_change(W, Rg, G);
        gbc_polys_free(W);
        gbc_polys_free(GF);
        gbc_polys_free(F);
        gbc_polys_free(G);
        /* the unit ideal */
        G = at_parse(Rg, "1");
        W = at_parse(Rl, "1");
        expect_change(G, Rl, W);
        gbc_polys_free(W);
        gbc_polys_free(G);
        gbc_ring_free(Rg);
        gbc_ring_free(Rl);
    }
}
END_TEST

/* Loop index: characteristic (Z/p only). katsura-3 from its grevlex basis to lex,
 * block and weighted orders equals gbc_groebner there; so does a minimal basis as
 * the input; and back to grevlex gives the grevlex basis. */
START_TEST(test_change_order)
{
    const uint32_t p = chars[_i];
    static const char *const orders[] = {"lex", "blocks:grevlex(2),lex(2)", "weights:3,1,4,1",
                                         "deglex", "grevlex", "blocks:weights(0,0,1,1),grevlex(4)",
                                         "blocks:wgrevlex(1,2,3,4)"};
    char *txt = system_text("katsura", 3, p);
    gbc_ring *Rg = NULL;
    gbc_polys *Fg = NULL;
    parse_input(&Rg, &Fg, txt, "grevlex");
    gbc_polys *G = groebner(Fg, NULL);
    gbc_options *om = NULL;
    ck_assert_int_eq(gbc_options_new(&om), GBC_OK);
    ck_assert_int_eq(gbc_options_set_basis(om, GBC_BASIS_MINIMAL), GBC_OK);
    gbc_polys *Gm = groebner(Fg, om);
    static const char *const names[] = {"x0", "x1", "x2", "x3"};
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
        gbc_ring *Rt = ring_named(4, names, p, orders[o]);
        gbc_ring *R2 = NULL;
        gbc_polys *F = NULL;
        parse_input(&R2, &F, txt, orders[o]);
        gbc_polys *W = groebner(F, NULL);
        expect_change(G, Rt, W);
        expect_change(Gm, Rt, W);
        /* from this order back to grevlex */
        expect_change(W, Rg, G);
        /* the target ring may be freed while the result lives */
        gbc_polys *B = NULL;
        ck_assert_int_eq(gbc_change_order(&B, G, Rt, NULL, NULL), GBC_OK);
        gbc_ring_free(Rt);
        at_assert_same(B, W);
        gbc_polys_free(B);
        gbc_polys_free(W);
        gbc_polys_free(F);
        gbc_ring_free(R2);
    }
    gbc_polys_free(Gm);
    gbc_options_free(om);
    gbc_polys_free(G);
    gbc_polys_free(Fg);
    gbc_ring_free(Rg);
    free(txt);
}
END_TEST

/* gbc_change_order's errors: the output stays untouched. */
static void expect_error(const gbc_polys *gb, gbc_ring *target, const gbc_options *o,
                         gbc_status want, const char *what)
{
    gbc_polys *B = UNTOUCHED;
    gbc_status s = gbc_change_order(&B, gb, target, o, NULL);
    ck_assert_msg(s == want, "%s: %s, expected %s", what, gbc_status_string(s),
                  gbc_status_string(want));
    ck_assert_ptr_eq(B, UNTOUCHED);
}

static int stop_now(void *data)
{
    (void)data;
    return 1;
}

START_TEST(test_change_order_errors)
{
    static const char *const n4[] = {"x0", "x1", "x2", "x3"};
    static const char *const n4b[] = {"x0", "x1", "x2", "y"};
    static const char *const n4c[] = {"x1", "x0", "x2", "x3"};
    static const char *const n5[] = {"x0", "x1", "x2", "x3", "x4"};
    char *txt = system_text("katsura", 3, 32003);
    gbc_ring *Rg = NULL;
    gbc_polys *Fg = NULL;
    parse_input(&Rg, &Fg, txt, "grevlex");
    gbc_polys *G = groebner(Fg, NULL);
    gbc_ring *Rl = ring_named(4, n4, 32003, "lex");
    /* NULL arguments */
    ck_assert_int_eq(gbc_change_order(NULL, G, Rl, NULL, NULL), GBC_ERR_ARG);
    expect_error(NULL, Rl, NULL, GBC_ERR_ARG, "NULL basis");
    expect_error(G, NULL, NULL, GBC_ERR_ARG, "NULL target");
    /* rings that do not match */
    gbc_ring *Rb = ring_named(4, n4b, 32003, "lex");
    gbc_ring *Rc = ring_named(4, n4c, 32003, "lex");
    gbc_ring *R5 = ring_named(5, n5, 32003, "lex");
    gbc_ring *Rp = ring_named(4, n4, 101, "lex");
    gbc_ring *Rq = ring_named(4, n4, 0, "lex");
    expect_error(G, Rb, NULL, GBC_ERR_DOMAIN, "other names");
    expect_error(G, Rc, NULL, GBC_ERR_DOMAIN, "names in another order");
    expect_error(G, R5, NULL, GBC_ERR_DOMAIN, "more variables");
    expect_error(G, Rp, NULL, GBC_ERR_DOMAIN, "another characteristic");
    expect_error(G, Rq, NULL, GBC_ERR_DOMAIN, "Z/p to Q");
    /* over Q */
    char *tq = system_text("katsura", 3, 0);
    gbc_ring *Rgq = NULL;
    gbc_polys *Fq = NULL;
    parse_input(&Rgq, &Fq, tq, "grevlex");
    gbc_polys *Gq = groebner(Fq, NULL);
    {
        /* over Q the multi-modular FGLM path runs on the basis: the lex basis equals
         * gbc_groebner's in lex (Rq has the same names x0..x3) */
        gbc_polys *Cq = NULL;
        ck_assert_int_eq(gbc_change_order(&Cq, Gq, Rq, NULL, NULL), GBC_OK);
        gbc_ring *Rlq = NULL;
        gbc_polys *Flq = NULL;
        parse_input(&Rlq, &Flq, tq, "lex");
        gbc_polys *Lq = groebner(Flq, NULL);
        char *a = at_str(Cq), *b = at_str(Lq);
        ck_assert_str_eq(a, b);
        int isg = 0, isr = 0;
        ck_assert_int_eq(gbc_is_groebner(&isg, &isr, Cq, NULL), GBC_OK);
        ck_assert(isg && isr);
        gbc_string_free(a);
        gbc_string_free(b);
        gbc_polys_free(Cq);
        gbc_polys_free(Lq);
        gbc_polys_free(Flq);
        gbc_ring_free(Rlq);
    }
    expect_error(Gq, Rl, NULL, GBC_ERR_DOMAIN, "Q to Z/p");
    /* not zero-dimensional: cyclic-4, the zero ideal */
    char *tc = system_text("cyclic", 4, 32003);
    gbc_ring *Rgc = NULL;
    gbc_polys *Fc = NULL;
    parse_input(&Rgc, &Fc, tc, "grevlex");
    gbc_polys *Gc = groebner(Fc, NULL);
    expect_error(Gc, Rl, NULL, GBC_ERR_DOMAIN, "cyclic-4");
    gbc_polys *Z = at_parse(Rg, "0");
    ck_assert_uint_eq(gbc_polys_count(Z), 0);
    expect_error(Z, Rl, NULL, GBC_ERR_DOMAIN, "the zero ideal");
    /* a list that is not a Groebner basis, whose leading ideal is not
     * zero-dimensional: x0 x1 - 1, x0^2 - x1 in grevlex (x1 has no pure power) */
    gbc_polys *N = at_parse(Rg, "x0*x1 - 1, x0^2 - x1, x2, x3");
    expect_error(N, Rl, NULL, GBC_ERR_DOMAIN, "not a Groebner basis");
    /* too many standard monomials */
    gbc_polys *L = at_parse(Rg, "x0^129 - x1, x1^128 - 1, x2, x3");
    expect_error(L, Rl, NULL, GBC_ERR_UNSUPPORTED, "degree above 16384");
    /* interrupted, cancelled (katsura-6: enough work to poll) */
    char *t6 = system_text("katsura", 6, 65521);
    gbc_ring *R6 = NULL;
    gbc_polys *F6 = NULL;
    parse_input(&R6, &F6, t6, "grevlex");
    gbc_polys *G6 = groebner(F6, NULL);
    static const char *const n7[] = {"x0", "x1", "x2", "x3", "x4", "x5", "x6"};
    gbc_ring *R6l = ring_named(7, n7, 65521, "lex");
    gbc_options *oi = NULL;
    ck_assert_int_eq(gbc_options_new(&oi), GBC_OK);
    ck_assert_int_eq(gbc_options_set_interrupt(oi, stop_now, NULL), GBC_OK);
    expect_error(G6, R6l, oi, GBC_ERR_INTERRUPTED, "interrupt");
    gbc_options_free(oi);
    ck_assert_int_eq(gbc_options_new(&oi), GBC_OK);
    gbc_options_cancel(oi);
    expect_error(G6, R6l, oi, GBC_ERR_INTERRUPTED, "cancelled");
    gbc_options_reset_cancel(oi);
    gbc_polys *B = NULL;
    ck_assert_int_eq(gbc_change_order(&B, G6, R6l, oi, NULL), GBC_OK);
    gbc_polys_free(B);
    gbc_options_free(oi);
    /* after all that, the valid call works */
    B = NULL;
    ck_assert_int_eq(gbc_change_order(&B, G, Rl, NULL, NULL), GBC_OK);
    gbc_polys_free(B);
    gbc_polys_free(G6);
    gbc_polys_free(F6);
    gbc_ring_free(R6);
    gbc_ring_free(R6l);
    free(t6);
    gbc_polys_free(L);
    gbc_polys_free(N);
    gbc_polys_free(Z);
    gbc_polys_free(Gc);
    gbc_polys_free(Fc);
    gbc_ring_free(Rgc);
    free(tc);
    gbc_polys_free(Gq);
    gbc_polys_free(Fq);
    gbc_ring_free(Rgq);
    free(tq);
    gbc_ring_free(Rb);
    gbc_ring_free(Rc);
    gbc_ring_free(R5);
    gbc_ring_free(Rp);
    gbc_ring_free(Rq);
    gbc_ring_free(Rl);
    gbc_polys_free(G);
    gbc_polys_free(Fg);
    gbc_ring_free(Rg);
    free(txt);
}
END_TEST

/* ------------------------------------------------ random systems -- */

/* A random system in 3 variables: x_i^{d_i} + (random terms of degree <= d_i);
 * most are zero-dimensional, one in four has only two generators (and is not).
 * Small integer coefficients. Written as a whole input. */
static char *random_system(uint64_t *rs, uint32_t p)
{
#define RND(n) (*rs = *rs * 6364136223846793005ULL + 1442695040888963407ULL, (*rs >> 33) % (n))
    sbuf b;
    sb_init(&b);
    sb_printf(&b, "x,y,z\n%u\n", p);
    static const char *const v[] = {"x", "y", "z"};
    /* one time in four only two generators: positive-dimensional */
    const int ngens = RND(4) == 0 ? 2 : 3;
    for (int i = 0; i < ngens; i++) {
        int d = 1 + (int)RND(3);
        if (i)
            sb_puts(&b, ",\n");
        /* a leading power in grevlex-friendly form, plus random monomials of
         * degree <= d */
        sb_printf(&b, "%s^%d", v[i], d);
        for (int t = 0; t < 4; t++) {
            int e[3] = {0, 0, 0}, left = (int)RND((uint64_t)d + 1);
            for (int j = 0; j < 3 && left > 0; j++) {
                int k = (int)RND((uint64_t)left + 1);
                e[j] = k;
                left -= k;
            }
            long c = (long)RND(19) - 9;
            if (c == 0)
                continue;
            sb_printf(&b, "%+ld", c);
            for (int j = 0; j < 3; j++)
                if (e[j])
                    sb_printf(&b, "*%s^%d", v[j], e[j]);
        }
    }
    sb_puts(&b, "\n");
    return b.s;
#undef RND
}

START_TEST(test_random)
{
    uint64_t rs = tu_seed() * 2654435761u + 17;
    int zero_dim = 0;
    for (int it = 0; it < 40 * tu_mult(); it++) {
        const uint32_t p = chars[it % NCHARS];
        char *txt = random_system(&rs, p);
        gbc_ring *Rg = NULL;
        gbc_polys *Fg = NULL;
        parse_input(&Rg, &Fg, txt, "grevlex");
        gbc_polys *G = groebner(Fg, NULL);
        gbc_monideal *M = NULL;
        ck_assert_int_eq(gbc_leading_ideal(&M, G, GBC_LEADING_IS_BASIS, NULL, NULL), GBC_OK);
        int64_t dim = 0;
        ck_assert_int_eq(gbc_monideal_dim(&dim, M, NULL), GBC_OK);
        gbc_monideal_free(M);
        char ord[64];
        snprintf(ord, sizeof ord, "%s",
                 it % 3 == 0 ? "lex" : it % 3 == 1 ? "blocks:lex(1),grevlex(2)" : "weights:1,1,3");
        gbc_ring *R = NULL;
        gbc_polys *F = NULL;
        parse_input(&R, &F, txt, ord);
        double da = -1;
        char *a = basis_text(F, GBC_ALGO_F4, GBC_ORDER_AUTO, &da);
        char *h = basis_text(F, GBC_ALGO_F4, GBC_ORDER_HOMOGENISE, NULL);
        char *b = basis_text(F, GBC_ALGO_BUCHBERGER, GBC_ORDER_AUTO, NULL);
        char *hb = basis_text(F, GBC_ALGO_F4, GBC_ORDER_HILBERT, NULL);
        ck_assert_msg(strcmp(a, b) == 0 && strcmp(h, b) == 0 && strcmp(hb, b) == 0,
                      "%s:\ninput\n%sauto\n%s\nhomogenised\n%s\nhilbert\n%s\nBuchberger\n%s", ord,
                      txt, a, h, hb, b);
        free(hb);
        if (dim <= 0) {
            zero_dim++;
            char *f = basis_text(F, GBC_ALGO_F4, GBC_ORDER_FGLM, NULL);
            ck_assert_msg(strcmp(f, b) == 0, "%s:\ninput\n%sFGLM\n%s\nBuchberger\n%s", ord, txt,
                          f, b);
            free(f);
            const int unit = dim < 0;
            ck_assert_msg(da == (unit ? 0 : (double)degree_of(G)), "%s: input\n%sfglm_dim %.0f",
                          ord, txt, da);
            if (p != 0) {
                gbc_polys *W = groebner(F, NULL);
                expect_change(G, R, W);
                gbc_polys_free(W);
            }
        } else {
            ck_assert(da == 0);
            gbc_options *of = opts_path(GBC_ALGO_F4, GBC_ORDER_FGLM);
            gbc_polys *X = UNTOUCHED;
            ck_assert_int_eq(gbc_groebner(&X, F, of, NULL), GBC_ERR_DOMAIN);
            ck_assert_ptr_eq(X, UNTOUCHED);
            gbc_options_free(of);
        }
        free(a);
        free(h);
        free(b);
        gbc_polys_free(F);
        gbc_ring_free(R);
        gbc_polys_free(G);
        gbc_polys_free(Fg);
        gbc_ring_free(Rg);
        free(txt);
    }
    printf("random systems: %d of %d zero-dimensional\n", zero_dim, 40 * tu_mult());
    fflush(stdout);
    ck_assert_int_gt(zero_dim, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("order");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_order_path_args);
    tcase_add_loop_test(tc, test_paths_agree, 0, (int)NCHARS);
    tcase_add_loop_test(tc, test_positive_dim, 0, (int)NCHARS);
    tcase_add_test(tc, test_log);
    tcase_add_test(tc, test_change_order_by_hand);
    tcase_add_loop_test(tc, test_change_order, 0, (int)NCHARS - 1);
    tcase_add_test(tc, test_change_order_errors);
    tcase_add_test(tc, test_random);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
