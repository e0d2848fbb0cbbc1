/* t-strategy: the strategy layer (strategy/) and the homogenisation it rests on.
 * - plist_homogenize / plist_dehomogenize: random lists round-trip exactly, each
 *   homogenised polynomial is homogeneous of the degree of its input, and a
 *   Groebner basis of the homogenised ideal (buchberger/ in ring_homog's order)
 *   dehomogenises to a Groebner basis of the ideal (check/'s all-pairs test) whose
 *   interreduction is buchberger/'s reduced basis.
 * - strat_groebner on random systems (zero-dimensional and not) modulo primes, in
 *   every order kind (grevlex, lex, deglex, weights, blocks), under every path and
 *   both engines, reduced and minimal: each result equals (reduced) or
 *   interreduces to (minimal) buchberger/'s basis, and the path taken (the
 *   statistics) is the one the path and the ideal's dimension call for.
 * - strat_order_first (the order itself first, its degree threshold),
 *   mod_q_groebner over Q, strat_grevlex_ring, the domain errors.
 * Seeds are printed (testutil); a failing random case prints its input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "fglm/fglm.h"
#include "io/io.h"
#include "modular/modular.h"
#include "strategy/strategy.h"
#include "testutil.h"
#include "tu_plan.h"

#define CTX TU_CTX

static const char *const vnames[] = {"x", "y", "z", "w"};

static void ring_make(ring *R, uint32_t nv, uint32_t p, const char *order)
{
    char msg[256];
    gbc_status st = ring_init(CTX, R, nv, vnames, p, order, msg, sizeof msg);
    ck_assert_msg(st == GBC_OK, "ring (%s): %s", order, msg);
}

static void polys_of(plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(CTX, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "'%s': %s", text, err.message);
}

static void clear(plist *L, const ring *R)
{
    plist_clear(CTX, L, &R->F);
    plist_init(L);
}

/* m random polynomials in nv variables, up to 4 terms of degree at most dmax each
 * (a constant term always, so that the ideal is seldom homogeneous); over Q
 * (p == 0) with small fractions. */
static void random_system(sbuf *b, gbc_rng *r, uint32_t nv, int m, uint32_t dmax, uint32_t p)
{
    for (int k = 0; k < m; k++) {
        if (k)
            sb_puts(b, ", ");
        int terms = 2 + (int)gbc_rng_below(r, 3);
        for (int s = 0; s < terms; s++) {
            sb_printf(b, "%s%u", s == 0 ? "" : gbc_rng_below(r, 2) ? " + " : " - ",
                      1 + (unsigned)gbc_rng_below(r, p != 0 && p < 50 ? p - 1 : 50));
            if (p == 0 && gbc_rng_below(r, 3) == 0)
                sb_printf(b, "/%u", 2 + (unsigned)gbc_rng_below(r, 6));
            uint32_t d = s + 1 == terms ? 0 : 1 + (uint32_t)gbc_rng_below(r, dmax);
            for (uint32_t q = 0; q < d; q++)
                sb_printf(b, "*%s", vnames[gbc_rng_below(r, nv)]);
        }
    }
}

static uint32_t deg_of(const uint32_t *e, uint32_t nv)
{
    uint32_t d = 0;
    for (uint32_t v = 0; v < nv; v++)
        d += e[v];
    return d;
}

/* ------------------------------------------------------- homogenisation -- */

START_TEST(test_homog_roundtrip)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x4040);
    const uint32_t fields[] = {32003, 0, 7};
    for (int it = 0; it < 100 * tu_mult(); it++) {
        uint32_t nv = 1 + (uint32_t)gbc_rng_below(&r, 4), p = fields[it % 3];
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        ring R;
        ring_make(&R, nv, p, spec);
        sbuf b;
        sb_init(&b);
        random_system(&b, &r, nv, 1 + (int)gbc_rng_below(&r, 4), 3, p);
        plist L, H, D;
        polys_of(&L, &R, b.s);
        plist_init(&H);
        plist_init(&D);
        ck_assert_int_eq(plist_homogenize(CTX, &R, &L, &H), GBC_OK);
        ck_assert_uint_eq(H.n, L.n);
        for (size_t k = 0; k < L.n; k++) {
            const ppoly *f = &L.p[k], *h = &H.p[k];
            T_ASSERT(h->len == f->len);
            uint32_t d = 0;
            for (size_t t = 0; t < f->len; t++) {
                uint32_t dt = deg_of(f->exps + t * nv, nv);
                d = dt > d ? dt : d;
            }
            for (size_t t = 0; t < h->len; t++) {
                const uint32_t *e = h->exps + t * (nv + 1);
                T_ASSERT_MSG(deg_of(e, nv + 1) == d, "{%s}: element %zu, term %zu: degree %u, "
                             "expected %u", b.s, k, t, deg_of(e, nv + 1), d);
                T_ASSERT(memcmp(e, f->exps + t * nv, sizeof(uint32_t) * nv) == 0);
                T_ASSERT(p != 0 ? h->cf[t] == f->cf[t] : mpq_equal(h->cq[t], f->cq[t]));
            }
        }
        ck_assert_int_eq(plist_dehomogenize(CTX, &R, &H, &D), GBC_OK);
        T_ASSERT_MSG(check_plist_equal(&R, &L, &D), "{%s} in %s mod %u: dehomogenise(homogenise) "
                     "differs", b.s, spec, p);

        /* a homogeneous list: h never appears */
        ring Rh;
        ring_homog(&Rh, &R);
        plist H2;
        plist_init(&H2);
        ck_assert_int_eq(plist_homogenize(CTX, &Rh, &H, &H2), GBC_OK);
        for (size_t k = 0; k < H2.n; k++)
            for (size_t t = 0; t < H2.p[k].len; t++)
                T_ASSERT(H2.p[k].exps[t * (nv + 2) + nv + 1] == 0);

        /* the homogenised ideal's basis (degree, then R's order) dehomogenises to a
         * basis of the ideal (small cases: over Q the coefficients of lex bases grow
         * fast) */
        if (p != 0 ? nv <= 3 : nv <= 2) {
            plist GH, GD, Gr, ref;
            plist_init(&GH);
            plist_init(&GD);
            plist_init(&Gr);
            plist_init(&ref);
            ck_assert_int_eq(bb_groebner(CTX, &Rh, &H, &GH, NULL), GBC_OK);
            ck_assert_int_eq(plist_dehomogenize(CTX, &R, &GH, &GD), GBC_OK);
            check_report rep;
            ck_assert_int_eq(check_groebner(CTX, &R, &GD, &rep), GBC_OK);
            T_ASSERT_MSG(rep.is_groebner, "{%s} in %s mod %u: the dehomogenised basis is not "
                         "Groebner: %s", b.s, spec, p, rep.reason);
            ck_assert_int_eq(bb_reduce_basis(CTX, &R, &GD, &Gr), GBC_OK);
            ck_assert_int_eq(bb_groebner(CTX, &R, &L, &ref, NULL), GBC_OK);
            T_ASSERT_MSG(check_plist_equal(&R, &Gr, &ref), "{%s} in %s mod %u: the "
                         "dehomogenised basis reduces to another basis", b.s, spec, p);
            clear(&GH, &R);
            clear(&GD, &R);
            clear(&Gr, &R);
            clear(&ref, &R);
        }
        clear(&H2, &R);
        clear(&L, &R);
        clear(&H, &R);
        clear(&D, &R);
        ring_clear(CTX, &R);
        sb_free(&b);
    }
}
END_TEST

/* --------------------------------------------------------- the strategy -- */

/* Whether the ideal with Groebner basis G is zero-dimensional: a pure power of
 * every variable among the leads (the unit ideal counts, as in fglm/). */
static int zero_dim(const ring *R, const plist *G)
{
    const uint32_t nv = R->nvars;
    for (size_t k = 0; k < G->n; k++)
        if (G->p[k].len > 0 && deg_of(G->p[k].exps, nv) == 0)
            return 1;
    for (uint32_t v = 0; v < nv; v++) {
        int found = 0;
        for (size_t k = 0; k < G->n && !found; k++) {
            const uint32_t *e = G->p[k].exps;
            if (G->p[k].len == 0 || e[v] == 0)
                continue;
            found = deg_of(e, nv) == e[v];
        }
        if (!found)
            return 0;
    }
    return 1;
}

static const char *const path_names[] = {"auto", "fglm", "homogenise", "hilbert", "direct"};

/* The result of a minimal run: monic, with the leads of ref in ref's order, a
 * Groebner basis, interreducing to ref. */
static void check_minimal(const ring *R, const plist *M, const plist *ref, const char *what)
{
    T_ASSERT_MSG(M->n == ref->n, "%s: %zu elements, the reduced basis has %zu", what, M->n,
                 ref->n);
    for (size_t k = 0; k < M->n; k++) {
        T_ASSERT_MSG(M->p[k].len > 0 && memcmp(M->p[k].exps, ref->p[k].exps,
                                               sizeof(uint32_t) * R->nvars) == 0,
                     "%s: lead %zu differs from the reduced basis'", what, k + 1);
        T_ASSERT_MSG(R->F.p != 0 && M->p[k].cf[0] == 1, "%s: element %zu not monic", what,
                     k + 1);
    }
    check_report rep;
    ck_assert_int_eq(check_groebner(CTX, R, M, &rep), GBC_OK);
    T_ASSERT_MSG(rep.is_groebner, "%s: not Groebner: %s", what, rep.reason);
    plist Mr;
    plist_init(&Mr);
    ck_assert_int_eq(bb_reduce_basis(CTX, R, M, &Mr), GBC_OK);
    T_ASSERT_MSG(check_plist_equal(R, &Mr, ref), "%s: interreduces to another basis", what);
    clear(&Mr, R);
}

/* Every path and engine, reduced and minimal, on the generators in (text) of a
 * ring of order spec modulo p, against buchberger/. Counts the paths taken. */
static void all_paths(uint32_t nv, uint32_t p, const char *spec, const char *text,
                      size_t took[5])
{
    ring R;
    ring_make(&R, nv, p, spec);
    plist in, ref, G;
    polys_of(&in, &R, text);
    plist_init(&ref);
    plist_init(&G);
    ck_assert_int_eq(bb_groebner(CTX, &R, &in, &ref, NULL), GBC_OK);
    const int graded = ring_is_graded(&R);
    const int zd = zero_dim(&R, &ref);
    for (int path = GBC_ORDER_AUTO; path <= GBC_ORDER_DIRECT; path++)
        for (size_t e = 0; e < strat_nengines; e++)
            for (int minimal = 0; minimal < 2; minimal++) {
                /* every engine of the table that relies on the order paths */
                const strat_engine *E = &strat_engines[e];
                if (E->any_order || !(E->fields & STRAT_FIELD_ZP))
                    continue;
                const int eng_f4 = E->algorithm == GBC_ALGO_F4;
                char what[1024];
                snprintf(what, sizeof what, "{%s} in %s mod %u, path %s, engine %s%s", text,
                         spec, p, path_names[path], E->name, minimal ? ", minimal" : "");
                gb_stats stats;
                memset(&stats, 0, sizeof stats);
                stats.strategy = -1;
                plist_init(&G);
                gbc_status st = strat_groebner_path(CTX, &R, &in, &G, &stats, minimal,
                                                    (gbc_order_path)path, E->algorithm);
                if (!graded && path == GBC_ORDER_FGLM && !zd) {
                    T_ASSERT_MSG(st == GBC_ERR_DOMAIN, "%s: status %d, expected the domain "
                                 "error", what, (int)st);
                    T_ASSERT(G.n == 0);
                    continue;
                }
                T_ASSERT_MSG(st == GBC_OK, "%s: status %d", what, (int)st);
                if (minimal)
                    check_minimal(&R, &G, &ref, what);
                else
                    T_ASSERT_MSG(check_plist_equal(&R, &G, &ref), "%s: differs from "
                                 "buchberger/'s basis", what);
                int want;
                if (graded)
                    want = STRAT_TOOK_DIRECT;
                else if (path == GBC_ORDER_AUTO)
                    want = zd ? STRAT_TOOK_FGLM : STRAT_TOOK_HILBERT; /* low degree */
                else if (path == GBC_ORDER_FGLM)
                    want = STRAT_TOOK_FGLM;
                else if (path == GBC_ORDER_HOMOGENISE)
                    want = STRAT_TOOK_HOMOGENISE;
                else if (path == GBC_ORDER_HILBERT)
                    want = STRAT_TOOK_HILBERT;
                else
                    want = STRAT_TOOK_ORDER;
                T_ASSERT_MSG(stats.strategy == want, "%s: took path %d, expected %d", what,
                             stats.strategy, want);
                if (path == GBC_ORDER_AUTO && eng_f4 && !minimal)
                    took[stats.strategy]++;
                {
                    /* the dispatch through the engine table (what gbc_groebner and
                     * the ideal operations call) under the same plan */
                    gbc_plan P = *CTX->plan;
                    P.order_path = (gbc_order_path)path;
                    P.engine = E->algorithm;
                    const gbc_plan *old = gbc_ctx_set_plan(CTX, &P);
                    plist G2;
                    plist_init(&G2);
                    ck_assert_int_eq(mod_engine_groebner(CTX, &R, &in, &G2, NULL, minimal),
                                     GBC_OK);
                    gbc_ctx_set_plan(CTX, old);
                    T_ASSERT_MSG(check_plist_equal(&R, &G, &G2), "%s: mod_engine_groebner "
                                 "differs", what);
                    clear(&G2, &R);
                }
                clear(&G, &R);
            }
    clear(&in, &R);
    clear(&ref, &R);
    ring_clear(CTX, &R);
}

START_TEST(test_paths_random)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x57a7);
    const uint32_t primes[] = {32003, 65521, 2147483647u, 101};
    size_t took[5] = {0};
    for (int it = 0; it < 40 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, 2);
        uint32_t p = primes[it % 4];
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        sbuf b;
        sb_init(&b);
        /* nv generators: zero-dimensional as a rule; nv - 1: not */
        int m = (int)nv - (int)((it / 5) % 2);
        random_system(&b, &r, nv, m, 2, p);
        all_paths(nv, p, spec, b.s, took);
        sb_free(&b);
    }
    /* both automatic paths were seen in the orders that need them */
    ck_assert_msg(took[STRAT_TOOK_FGLM] > 0 && took[STRAT_TOOK_HILBERT] > 0,
                  "auto took FGLM %zu times, Hilbert-driven %zu times", took[STRAT_TOOK_FGLM],
                  took[STRAT_TOOK_HILBERT]);
}
END_TEST

/* katsura-3 and a positive-dimensional ideal in fixed orders of each kind. */
START_TEST(test_paths_fixed)
{
    const char *orders[] = {"grevlex", "lex", "deglex", "weights:1,2,3", "blocks:lex(1),grevlex(2)",
                            "blocks:grevlex(2),deglex(1)", "blocks:weights(1,1,1),lex(1),grevlex(2)"};
    const char *systems[] = {
        "x + 2*y + 2*z - 1, x^2 + 2*y^2 + 2*z^2 - x, 2*x*y + 2*y*z - y",
        "x^2*y - z^3 + 1, x*z^2 - y^2 - x",
    };
    size_t took[5] = {0};
    for (size_t o = 0; o < sizeof orders / sizeof *orders; o++)
        for (size_t s = 0; s < 2; s++)
            all_paths(3, 32003, orders[o], systems[s], took);
    ck_assert_uint_gt(took[STRAT_TOOK_FGLM], 0);
    ck_assert_uint_gt(took[STRAT_TOOK_HILBERT], 0);
}
END_TEST

/* The order itself first: only from degree BB_DIRECT_MIN_DEGREE on under
 * GBC_ORDER_AUTO, always under GBC_ORDER_DIRECT; strat_groebner takes it on such input. */
START_TEST(test_order_first)
{
    const uint32_t fields[] = {32003, 0};
    for (int fi = 0; fi < 2; fi++) {
        ring R;
        ring_make(&R, 2, fields[fi], "lex");
        plist in, out, ref;
        gb_stats stats;
        char text[128];
        /* low degree: auto gives up at once, direct computes */
        polys_of(&in, &R, "x^3 - y, y^2 - x*y - 1");
        plist_init(&out);
        plist_init(&ref);
        ck_assert_int_eq(bb_groebner(CTX, &R, &in, &ref, NULL), GBC_OK);
        ck_assert_int_eq(strat_order_first_path(CTX, &R, &in, &out, NULL, 0, GBC_ORDER_AUTO),
                         GBC_ERR_UNSUPPORTED);
        ck_assert_uint_eq(out.n, 0);
        memset(&stats, 0, sizeof stats);
        ck_assert_int_eq(strat_order_first_path(CTX, &R, &in, &out, &stats, 0, GBC_ORDER_DIRECT), GBC_OK);
        ck_assert_int_eq(stats.strategy, STRAT_TOOK_ORDER);
        ck_assert(check_plist_equal(&R, &out, &ref));
        clear(&out, &R);
        clear(&ref, &R);
        clear(&in, &R);

        /* degree BB_DIRECT_MIN_DEGREE: auto tries the order itself and succeeds */
        snprintf(text, sizeof text, "x^%u - y, y^2 - x", BB_DIRECT_MIN_DEGREE);
        polys_of(&in, &R, text);
        ck_assert_int_eq(bb_groebner(CTX, &R, &in, &ref, NULL), GBC_OK);
        memset(&stats, 0, sizeof stats);
        ck_assert_int_eq(strat_order_first_path(CTX, &R, &in, &out, &stats, 0, GBC_ORDER_AUTO), GBC_OK);
        ck_assert_int_eq(stats.strategy, STRAT_TOOK_ORDER);
        ck_assert(check_plist_equal(&R, &out, &ref));
        clear(&out, &R);
        if (fields[fi] != 0) {
            memset(&stats, 0, sizeof stats);
            ck_assert_int_eq(strat_groebner_path(CTX, &R, &in, &out, &stats, 0, GBC_ORDER_AUTO,
                                                 GBC_ALGO_F4), GBC_OK);
            ck_assert_int_eq(stats.strategy, STRAT_TOOK_ORDER);
            ck_assert(check_plist_equal(&R, &out, &ref));
            clear(&out, &R);
        } else {
            /* over Q through mod_q_groebner: the same first try */
            memset(&stats, 0, sizeof stats);
            ck_assert_int_eq(mod_q_groebner(CTX, &R, &in, &out, &stats), GBC_OK);
            ck_assert_int_eq(stats.strategy, STRAT_TOOK_ORDER);
            ck_assert(check_plist_equal(&R, &out, &ref));
            clear(&out, &R);
        }
        clear(&ref, &R);
        clear(&in, &R);
        ring_clear(CTX, &R);
    }
}
END_TEST

/* Over Q: strat_groebner refuses (GBC_ERR_DOMAIN), mod_q_groebner equals
 * buchberger/'s exact basis in every order kind. */
START_TEST(test_q)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x0a0a);
    for (int it = 0; it < 10 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, 2);
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        ring R;
        ring_make(&R, nv, 0, spec);
        sbuf b;
        sb_init(&b);
        random_system(&b, &r, nv, (int)nv - it % 2, 2, 0);
        plist in, out, ref;
        polys_of(&in, &R, b.s);
        plist_init(&out);
        plist_init(&ref);
        ck_assert_int_eq(strat_groebner_path(CTX, &R, &in, &out, NULL, 0, GBC_ORDER_AUTO,
                                             GBC_ALGO_F4), GBC_ERR_DOMAIN);
        ck_assert_uint_eq(out.n, 0);
        ck_assert_int_eq(bb_groebner(CTX, &R, &in, &ref, NULL), GBC_OK);
        ck_assert_int_eq(mod_q_groebner(CTX, &R, &in, &out, NULL), GBC_OK);
        T_ASSERT_MSG(check_plist_equal(&R, &out, &ref), "{%s} in %s over Q: differs from "
                     "buchberger/'s basis", b.s, spec);
        clear(&out, &R);
        clear(&ref, &R);
        clear(&in, &R);
        ring_clear(CTX, &R);
        sb_free(&b);
    }
}
END_TEST

/* strat_grevlex_ring: the same ring with grevlex; R untouched. */
START_TEST(test_grevlex_ring)
{
    ring R, Rg;
    mono_order og;
    ring_make(&R, 3, 101, "weights:1,2,3");
    strat_grevlex_ring(&Rg, &og, &R);
    ck_assert_int_eq(Rg.ord.kind, MONO_GREVLEX);
    ck_assert_uint_eq(Rg.ord.nvars, 3);
    ck_assert_uint_eq(Rg.nvars, 3);
    ck_assert_uint_eq(Rg.F.p, 101);
    ck_assert_int_eq(R.ord.kind, MONO_WEIGHTED);
    ck_assert(ring_is_graded(&Rg));
    ck_assert(!ring_is_graded(&R));
    /* the grevlex basis computed in Rg equals the one computed in a grevlex ring */
    ring R2;
    ring_make(&R2, 3, 101, "grevlex");
    plist in, a, b;
    polys_of(&in, &R, "x*y - z^2, y^3 - x, z^3 - 1");
    plist_init(&a);
    plist_init(&b);
    ck_assert_int_eq(bb_groebner(CTX, &Rg, &in, &a, NULL), GBC_OK);
    ck_assert_int_eq(bb_groebner(CTX, &R2, &in, &b, NULL), GBC_OK);
    ck_assert(check_plist_equal(&R2, &a, &b));
    clear(&a, &R);
    clear(&b, &R);
    clear(&in, &R);
    ring_clear(CTX, &R2);
    ring_clear(CTX, &R);
}
END_TEST

/* A matrix order whose first weight row is all ones is degree-compatible, and its
 * basis (the engine run in it directly) is deglex's when the rest is lex; a first
 * row of other weights keeps the order paths. */
START_TEST(test_degree_row)
{
    const char *graded[] = {"blocks:weights(1,1,1),lex(3)", "blocks:weights(1,1,1),lex(1),grevlex(2)"};
    const char *other[] = {"blocks:weights(1,2,1),lex(3)", "blocks:weights(0,1,1),grevlex(3)",
                           "blocks:grevlex(1),lex(2)"};
    for (size_t k = 0; k < 2; k++) {
        ring R;
        ring_make(&R, 3, 32003, graded[k]);
        ck_assert_msg(ring_is_graded(&R), "%s: not taken as degree-compatible", graded[k]);
        ring_clear(CTX, &R);
    }
    for (size_t k = 0; k < 3; k++) {
        ring R;
        ring_make(&R, 3, 32003, other[k]);
        ck_assert_msg(!ring_is_graded(&R), "%s: taken as degree-compatible", other[k]);
        ring_clear(CTX, &R);
    }
    ring R, D;
    ring_make(&R, 3, 32003, graded[0]);
    ring_make(&D, 3, 32003, "deglex");
    plist in, a, b;
    polys_of(&in, &R, "x^2*y - z^3 + 1, x*z^2 - y^2 - x, y*z - x + 3");
    plist_init(&a);
    plist_init(&b);
    gb_stats stats;
    memset(&stats, 0, sizeof stats);
    ck_assert_int_eq(strat_groebner(CTX, &R, &in, &a, &stats, 0), GBC_OK);
    ck_assert_int_eq(stats.strategy, STRAT_TOOK_DIRECT);
    ck_assert_int_eq(bb_groebner(CTX, &D, &in, &b, NULL), GBC_OK);
    ck_assert(check_plist_equal(&D, &a, &b));
    clear(&a, &R);
    clear(&b, &R);
    clear(&in, &R);
    ring_clear(CTX, &D);
    ring_clear(CTX, &R);
}
END_TEST

static Suite *strategy_suite(void)
{
    Suite *s = suite_create("strategy");
    TCase *tc = tcase_create("strategy");
    tcase_add_checked_fixture(tc, tu_ctx_setup, tu_ctx_teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_homog_roundtrip);
    tcase_add_test(tc, test_grevlex_ring);
    tcase_add_test(tc, test_degree_row);
    tcase_add_test(tc, test_order_first);
    tcase_add_test(tc, test_q);
    tcase_add_test(tc, test_paths_fixed);
    tcase_add_test(tc, test_paths_random);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(strategy_suite());
}
