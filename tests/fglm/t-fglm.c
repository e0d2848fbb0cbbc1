/* t-fglm: the change of order (fglm/) and the strategy layer over it (strategy/).
 * - Random zero-dimensional ideals in 2 to 4 variables, modulo small and large
 *   primes: generic dense systems (shape position), systems that are not in shape
 *   position (two points over each value of the last coordinate, symmetric
 *   systems), and ideals with multiplicities (J^2, <f^2, g, ...>, a fat point). The
 *   reduced grevlex basis (F4) is carried to lex, a random block order, a weighted
 *   order and deglex by every FGLM path; each result equals the Buchberger and the
 *   F4 bases computed in the target order (through the homogenised ideal), passes
 *   the all-pairs verifier, has as many standard monomials as the grevlex basis
 *   (counted here), and the sparse path ran exactly when the ideal is in shape
 *   position (read off the lex basis here) at the large primes.
 * - The same over Q through the multi-modular path (grevlex and FGLM per prime).
 * - fglm_is_zero_dim and the errors of fglm_change_order; the unit ideal.
 * - strat_f4_groebner: which path it takes, and that each gives the same basis.
 * - Every allocation failing in turn, memory limits, an interrupt: the right
 *   status and nothing leaked.
 * - katsura-6 and cyclic-5 modulo 65521: lex by FGLM equals lex by homogenised F4.
 * A failing random case prints its generators as text (with the prime and the
 * target order) so that it can be replayed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "buchberger/buchberger.h"
#include "check/check.h"
#include "f4/f4.h"
#include "fglm/fglm.h"
#include "io/io.h"
#include "modular/modular.h"
#include "strategy/strategy.h"
#include "testutil.h"
#include "tu_plan.h"

#define CTX TU_CTX

static const char *const vnames[] = {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"};

static void ring_make(ring *R, uint32_t nvars, uint32_t p, const char *order)
{
    char msg[256];
    gbc_status st = ring_init(CTX, R, nvars, vnames, p, order, msg, sizeof msg);
    ck_assert_msg(st == GBC_OK, "ring (%s): %s", order ? order : "grevlex", msg);
}

/* Generators from text (comma separated) in ring R. */
static void polys_of(plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(CTX, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "'%s': %s", text, err.message);
}

static char *to_text(const ring *R, const plist *L)
{
    io_buf b;
    io_buf_init(&b);
    T_ASSERT(io_print_polys(CTX, &b, R, L, 0) == GBC_OK);
    char *s = strdup(b.s ? b.s : "");
    io_buf_clear(CTX, &b);
    return s;
}

static void clear(plist *L, const ring *R)
{
    plist_clear(CTX, L, &R->F);
    plist_init(L);
}

/* ------------------------------------------------ independent invariants -- */

/* Whether the exponent vector e is divisible by a leading monomial of G (terms are
 * stored in decreasing order: the first is the leading one). */
static int in_lead_ideal(const ring *R, const plist *G, const uint32_t *e)
{
    for (size_t k = 0; k < G->n; k++) {
        const ppoly *q = &G->p[k];
        if (q->len == 0)
            continue;
        uint32_t v = 0;
        while (v < R->nvars && q->exps[v] <= e[v])
            v++;
        if (v == R->nvars)
            return 1;
    }
    return 0;
}

/* The standard monomials below the leading monomials of G, counted through their
 * order-ideal structure (a monomial is standard only if all its divisors are);
 * stops beyond cap. */
static size_t count_std_rec(const ring *R, const plist *G, uint32_t *e, uint32_t v,
                            size_t cap)
{
    if (v == R->nvars)
        return 1;
    size_t total = 0;
    for (e[v] = 0; total <= cap; e[v]++) {
        if (in_lead_ideal(R, G, e))
            break;
        total += count_std_rec(R, G, e, v + 1, cap - total);
        T_ASSERT(e[v] < 100000); /* the ideal is zero-dimensional: this ends */
    }
    e[v] = 0;
    return total;
}

static size_t count_std(const ring *R, const plist *G)
{
    uint32_t e[16] = {0};
    T_ASSERT(R->nvars <= 16);
    return count_std_rec(R, G, e, 0, 1u << 20);
}

/* Whether the lex basis G (reduced, increasing leading monomials) with D standard
 * monomials is in shape position: x_{n-1}^D is one of its leading monomials. */
static int lex_is_shape(const ring *R, const plist *G, size_t D)
{
    const uint32_t n = R->nvars;
    for (size_t k = 0; k < G->n; k++) {
        const uint32_t *e = G->p[k].exps;
        if (G->p[k].len == 0)
            continue;
        int pure = e[n - 1] == D;
        for (uint32_t v = 0; v + 1 < n && pure; v++)
            pure = e[v] == 0;
        if (pure)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------- random ideals -- */

/* A random coefficient written as text: a residue in [1, p) (small integers in
 * [-9, 9] \ {0} over Q). */
static void put_coef(sbuf *b, gbc_rng *r, uint32_t p, int first)
{
    if (p == 0) {
        long c = (long)gbc_rng_below(r, 9) + 1;
        if (gbc_rng_below(r, 2))
            c = -c;
        sb_printf(b, "%s%ld", c < 0 ? "-" : (first ? "" : "+"), c < 0 ? -c : c);
    } else {
        uint64_t c = p == 2 ? 1 : 1 + gbc_rng_below(r, p - 1);
        sb_printf(b, "%s%llu", first ? "" : "+", (unsigned long long)c);
    }
}

static void put_mono(sbuf *b, const uint32_t *e, uint32_t n)
{
    for (uint32_t v = 0; v < n; v++)
        if (e[v]) {
            sb_printf(b, "*x%u", (unsigned)v);
            if (e[v] > 1)
                sb_printf(b, "^%u", (unsigned)e[v]);
        }
}

/* Every monomial of degree <= d in variables [v0, n) with a random coefficient
 * (those of degree d always nonzero, the others nonzero with probability 3/4). */
static void dense_rec(sbuf *b, gbc_rng *r, uint32_t p, uint32_t *e, uint32_t v, uint32_t n,
                      uint32_t left, int *first)
{
    if (v == n) {
        if (left != 0 && gbc_rng_below(r, 4) == 0)
            return;
        put_coef(b, r, p, *first);
        put_mono(b, e, n);
        *first = 0;
        return;
    }
    for (uint32_t k = 0; k <= left; k++) {
        e[v] = k;
        dense_rec(b, r, p, e, v + 1, n, left - k, first);
    }
    e[v] = 0;
}

static void put_dense(sbuf *b, gbc_rng *r, uint32_t p, uint32_t n, uint32_t d)
{
    uint32_t e[8] = {0};
    int first = 1;
    sb_puts(b, "(");
    dense_rec(b, r, p, e, 0, n, d, &first);
    sb_puts(b, ")");
}

/* A random polynomial of degree <= d in x_v alone. */
static void put_univ(sbuf *b, gbc_rng *r, uint32_t p, uint32_t v, uint32_t d, int monic)
{
    sb_puts(b, "(");
    int first = 1;
    for (uint32_t k = d + 1; k-- > 0;) {
        if (k == d && monic) {
            sb_printf(b, "x%u^%u", (unsigned)v, (unsigned)k);
            first = 0;
            continue;
        }
        if (k < d && gbc_rng_below(r, 3) == 0)
            continue;
        put_coef(b, r, p, first);
        first = 0;
        if (k > 0)
            sb_printf(b, "*x%u^%u", (unsigned)v, (unsigned)k);
    }
    if (first)
        sb_puts(b, "1");
    sb_puts(b, ")");
}

/* u_i = x_i + c_i + sum_{j>i} c_ij x_j (c_i only when affine): a triangular change
 * of coordinates that keeps the fibres of the projection to x_{n-1}. */
static void put_tri(sbuf *b, gbc_rng *r, uint32_t p, uint32_t n, uint32_t i, int affine)
{
    sb_printf(b, "(x%u", (unsigned)i);
    for (uint32_t j = i + 1; j < n; j++)
        if (gbc_rng_below(r, 2)) {
            put_coef(b, r, p, 0);
            sb_printf(b, "*x%u", (unsigned)j);
        }
    if (affine)
        put_coef(b, r, p, 0);
    sb_puts(b, ")");
}

enum {
    K_GENERIC = 0,  /* dense, degrees 1-3: shape position */
    K_FIBRES = 1,   /* u_i^2 - a_i(x_{n-1}), h(x_{n-1}): not in shape position */
    K_SYMMETRIC = 2,/* e_k(x) - c_k: n! points, not in shape position for n >= 3 */
    K_SQUARE = 3,   /* J^2 for a generic J: multiplicity n + 1 at each point */
    K_FSQUARED = 4, /* <f^2, g, ...> generic: curvilinear double points */
    K_FATPOINT = 5, /* a monomial ideal in affine coordinates u_i, exponents >= 2 */
    K_PRODUCT = 6,  /* J1 J2: generic points and a double point (curvilinear) */
    NKINDS = 7
};
static const char *const kind_names[] = {"generic",   "fibres",  "symmetric", "J^2",
                                         "f^2,g..", "fat point", "product"};

/* Whether the family is never in shape position (for lex, x_{n-1} last). */
static int kind_never_shape(int kind, uint32_t n)
{
    return kind == K_FIBRES || kind == K_FATPOINT || (kind == K_SQUARE && n >= 2) ||
           (kind == K_SYMMETRIC && n >= 3);
}

/* Random degrees d_0..d_{n-1} in [1, maxd] with product <= cap. */
static void random_degrees(uint32_t *d, gbc_rng *r, uint32_t n, uint32_t maxd, uint32_t cap)
{
    for (;;) {
        uint32_t prod = 1;
        for (uint32_t i = 0; i < n; i++) {
            d[i] = 1 + (uint32_t)gbc_rng_below(r, maxd);
            prod *= d[i];
        }
        if (prod <= cap && prod >= 2)
            return;
    }
}

/* The generators of a random ideal of the family, as text in x0..x{n-1};
 * *never_shape (when not NULL) receives whether it cannot be in shape position. */
static char *random_ideal(gbc_rng *r, int kind, uint32_t n, uint32_t p, int *never_shape_out)
{
    int ns = kind_never_shape(kind, n);
    int *never_shape = &ns;
    sbuf b;
    sb_init(&b);
    uint32_t d[8];
    const uint32_t cap = n == 2 ? 36 : n == 3 ? 27 : 16;
    switch (kind) {
    case K_GENERIC:
        random_degrees(d, r, n, n == 2 ? 6 : 3, cap);
        for (uint32_t i = 0; i < n; i++) {
            if (i)
                sb_puts(&b, ", ");
            put_dense(&b, r, p, n, d[i]);
        }
        break;
    case K_FIBRES: {
        uint32_t k = 1 + (uint32_t)gbc_rng_below(r, n == 4 ? 2 : 3);
        for (uint32_t i = 0; i + 1 < n; i++) {
            put_tri(&b, r, p, n, i, 0);
            sb_puts(&b, "^2 - ");
            put_univ(&b, r, p, n - 1, 2, 0);
            sb_puts(&b, ", ");
        }
        put_univ(&b, r, p, n - 1, k, 1);
        break;
    }
    case K_SYMMETRIC:
        /* e_k - c_k, k = 1..n */
        for (uint32_t k = 1; k <= n; k++) {
            if (k > 1)
                sb_puts(&b, ", ");
            for (uint32_t s = 0; s < (1u << n); s++) {
                uint32_t bits = 0;
                for (uint32_t v = 0; v < n; v++)
                    bits += s >> v & 1;
                if (bits != k)
                    continue;
                sb_puts(&b, "+1");
                for (uint32_t v = 0; v < n; v++)
                    if (s >> v & 1)
                        sb_printf(&b, "*x%u", (unsigned)v);
            }
            sb_puts(&b, "-");
            put_coef(&b, r, p, 1);
        }
        break;
    case K_SQUARE: {
        random_degrees(d, r, n, 2, n == 4 ? 4 : 6);
        char *f[8];
        for (uint32_t i = 0; i < n; i++) {
            sbuf t;
            sb_init(&t);
            put_dense(&t, r, p, n, d[i]);
            f[i] = t.s;
        }
        int first = 1;
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = i; j < n; j++) {
                sb_printf(&b, "%s%s*%s", first ? "" : ", ", f[i], f[j]);
                first = 0;
            }
        for (uint32_t i = 0; i < n; i++)
            free(f[i]);
        break;
    }
    case K_FSQUARED:
        random_degrees(d, r, n, 2, n == 4 ? 8 : 12);
        for (uint32_t i = 0; i < n; i++) {
            if (i)
                sb_puts(&b, ", ");
            put_dense(&b, r, p, n, d[i]);
            if (i == 0)
                sb_puts(&b, "^2");
        }
        break;
    case K_PRODUCT: {
        /* f_i u_s^2, f_i u_j (j != s): the ideal <f> <u_s^2, u_j (j != s)>, the
         * points of f and a double point. Its tangent is vertical for the
         * projection to x_{n-1} when s = 0 (never in shape position), not when
         * s = n - 1 */
        const uint32_t sq = gbc_rng_below(r, 2) ? 0 : n - 1;
        *never_shape = sq == 0;
        random_degrees(d, r, n, 2, 4);
        char *f[8], *u[8];
        for (uint32_t i = 0; i < n; i++) {
            sbuf t;
            sb_init(&t);
            put_dense(&t, r, p, n, d[i]);
            f[i] = t.s;
            sb_init(&t);
            put_tri(&t, r, p, n, i, 1);
            u[i] = t.s;
        }
        int first = 1;
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = 0; j < n; j++) {
                sb_printf(&b, "%s%s*%s%s", first ? "" : ", ", f[i], u[j], j == sq ? "^2" : "");
                first = 0;
            }
        for (uint32_t i = 0; i < n; i++) {
            free(f[i]);
            free(u[i]);
        }
        break;
    }
    default: {
        /* u_i^{k_i}, k_i in [2, 3], plus up to two mixed monomials */
        char *u[8];
        for (uint32_t i = 0; i < n; i++) {
            sbuf t;
            sb_init(&t);
            put_tri(&t, r, p, n, i, 1);
            u[i] = t.s;
        }
        for (uint32_t i = 0; i < n; i++)
            sb_printf(&b, "%s%s^%u", i ? ", " : "", u[i], 2 + (unsigned)gbc_rng_below(r, 2));
        for (int m = 0; m < 2; m++) {
            if (gbc_rng_below(r, 2))
                continue;
            uint32_t i = (uint32_t)gbc_rng_below(r, n), j = (uint32_t)gbc_rng_below(r, n);
            if (i != j)
                sb_printf(&b, ", %s*%s", u[i], u[j]);
        }
        for (uint32_t i = 0; i < n; i++)
            free(u[i]);
        break;
    }
    }
    if (never_shape_out)
        *never_shape_out = ns;
    return b.s;
}

/* --------------------------------------------------- the random cross-check -- */

typedef struct rc_totals {
    int cases, skipped, sparse_runs, shape_lex, nonshape_lex, shape_lex_large;
} rc_totals;

static const char *path_name(fglm_path path)
{
    return path == FGLM_AUTO ? "auto" : path == FGLM_CLASSIC ? "classic" : "sparse";
}

/* One case: F (text, n variables, characteristic p > 0) in every target order by
 * every path, against Buchberger and homogenised F4. */
static void crosscheck_case(gbc_rng *r, const char *txt, int kind, int never_shape, uint32_t n,
                            uint32_t p, rc_totals *tot)
{
    ring Rg;
    ring_make(&Rg, n, p, "grevlex");
    plist Fg, G;
    polys_of(&Fg, &Rg, txt);
    plist_init(&G);
    gbc_status st = f4_groebner(CTX, &Rg, &Fg, &G, NULL);
    ck_assert_msg(st == GBC_OK, "f4 grevlex p=%u gens %s: %s", p, txt, gbc_status_string(st));
    if (!fglm_is_zero_dim(&Rg, &G)) {
        /* (a generic system only fails to be zero-dimensional by bad luck) */
        tot->skipped++;
        clear(&G, &Rg);
        clear(&Fg, &Rg);
        ring_clear(CTX, &Rg);
        return;
    }
    tot->cases++;
    const int unit = G.n == 1 && G.p[0].len == 1;
    const size_t D = unit ? 0 : count_std(&Rg, &G);
    plist lexref;
    plist_init(&lexref);
    ring Rl;
    ring_make(&Rl, n, p, "lex");
    char orders[4][96];
    tu_random_order(orders[0], sizeof orders[0], r, n, 1);
    tu_random_order(orders[1], sizeof orders[1], r, n, 4);
    tu_random_order(orders[2], sizeof orders[2], r, n, 3);
    tu_random_order(orders[3], sizeof orders[3], r, n, 2);
    for (int o = 0; o < 4; o++) {
        const char *ord = orders[o];
        ring Rt;
        ring_make(&Rt, n, p, ord);
        plist Ft, Bb, Bf;
        polys_of(&Ft, &Rt, txt);
        plist_init(&Bb);
        plist_init(&Bf);
        st = bb_groebner_kind(CTX, &Rt, &Ft, &Bb, NULL, 0);
        ck_assert_msg(st == GBC_OK, "bb %s p=%u gens %s: %s", ord, p, txt,
                      gbc_status_string(st));
        st = f4_groebner_kind(CTX, &Rt, &Ft, &Bf, NULL, 0);
        ck_assert_msg(st == GBC_OK, "f4 %s p=%u gens %s: %s", ord, p, txt,
                      gbc_status_string(st));
        if (!check_plist_equal(&Rt, &Bb, &Bf)) {
            char *a = to_text(&Rt, &Bb), *c = to_text(&Rt, &Bf);
            ck_abort_msg("%s p=%u gens %s: Buchberger\n%s\nand F4\n%s\ndiffer", ord, p, txt, a,
                         c);
        }
        static const fglm_path paths[] = {FGLM_AUTO, FGLM_CLASSIC, FGLM_SPARSE};
        for (int k = 0; k < 3; k++) {
            plist out;
            plist_init(&out);
            gb_stats stats;
            memset(&stats, 0, sizeof stats);
            st = fglm_change_order(CTX, &Rg, &G, &Rt, &out, &stats, paths[k]);
            ck_assert_msg(st == GBC_OK, "fglm (%s) to %s p=%u [%s] gens %s: %s",
                          path_name(paths[k]), ord, p, kind_names[kind], txt,
                          gbc_status_string(st));
            if (!check_plist_equal(&Rt, &out, &Bb)) {
                char *a = to_text(&Rt, &out), *c = to_text(&Rt, &Bb), *g = to_text(&Rg, &G);
                ck_abort_msg("fglm (%s) to %s p=%u [%s] gens %s\ngrevlex basis\n%s\nfglm\n%s\n"
                             "Buchberger\n%s",
                             path_name(paths[k]), ord, p, kind_names[kind], txt, g, a, c);
            }
            /* the all-pairs verifier, once per target (the paths agree) */
            if (k == 0) {
                check_report rep;
                T_ASSERT(check_groebner(CTX, &Rt, &out, &rep) == GBC_OK);
                T_ASSERT_MSG(rep.is_groebner && rep.is_reduced,
                             "fglm to %s p=%u gens %s: verifier: %s", ord, p, txt, rep.reason);
            }
            /* the degree: stats, and the target basis' own standard monomials */
            T_ASSERT_MSG(stats.fglm_dim == D, "%s p=%u gens %s: fglm_dim %zu, counted %zu",
                         ord, p, txt, stats.fglm_dim, D);
            if (!unit)
                T_ASSERT_MSG(count_std(&Rt, &out) == D, "%s p=%u gens %s: degree changed", ord,
                             p, txt);
            /* the path that ran */
            const int lex = o == 0;
            const int shape = lex && !unit && lex_is_shape(&Rt, &out, D);
            if (!lex || paths[k] == FGLM_CLASSIC || !shape || unit)
                T_ASSERT_MSG(stats.fglm_path == 1,
                             "fglm (%s) to %s p=%u [%s] gens %s: path %d, shape %d, expected "
                             "the classic one",
                             path_name(paths[k]), ord, p, kind_names[kind], txt,
                             stats.fglm_path, shape);
            else if (p >= 65521)
                /* a failure here has probability about (D/p)^2 */
                T_ASSERT_MSG(stats.fglm_path == 2,
                             "fglm (%s) to lex p=%u [%s] gens %s: in shape position but the "
                             "sparse path did not run",
                             path_name(paths[k]), p, kind_names[kind], txt);
            if (lex && k == 0) {
                if (shape)
                    tot->shape_lex++;
                else
                    tot->nonshape_lex++;
                if (shape && p >= 65521)
                    tot->shape_lex_large++;
                T_ASSERT_MSG(!(shape && never_shape),
                             "p=%u [%s] gens %s: the family is never in shape position", p,
                             kind_names[kind], txt);
            }
            if (stats.fglm_path == 2)
                tot->sparse_runs++;
            /* from the target order to lex: a source order that is not grevlex */
            if (k == 0 && o == 0)
                T_ASSERT(plist_copy(CTX, &lexref, &out, n, &Rt.F) == GBC_OK);
            if (k == 0 && (o == 1 || o == 2)) {
                plist tl;
                plist_init(&tl);
                st = fglm_change_order(CTX, &Rt, &out, &Rl, &tl, NULL, FGLM_AUTO);
                ck_assert_msg(st == GBC_OK, "fglm %s -> lex p=%u gens %s: %s", ord, p, txt,
                              gbc_status_string(st));
                T_ASSERT_MSG(check_plist_equal(&Rl, &tl, &lexref),
                             "fglm %s -> lex p=%u gens %s: not the lex basis", ord, p, txt);
                clear(&tl, &Rl);
            }
            /* back from the target order to grevlex (an arbitrary source order) */
            if (k == 0 && o < 3) {
                plist back;
                plist_init(&back);
                st = fglm_change_order(CTX, &Rt, &out, &Rg, &back, NULL, FGLM_AUTO);
                ck_assert_msg(st == GBC_OK, "fglm %s -> grevlex p=%u gens %s: %s", ord, p, txt,
                              gbc_status_string(st));
                T_ASSERT_MSG(check_plist_equal(&Rg, &back, &G),
                             "fglm %s -> grevlex p=%u gens %s: not the grevlex basis", ord, p,
                             txt);
                clear(&back, &Rg);
            }
            clear(&out, &Rt);
        }
        clear(&Bb, &Rt);
        clear(&Bf, &Rt);
        clear(&Ft, &Rt);
        ring_clear(CTX, &Rt);
    }
    clear(&lexref, &Rl);
    ring_clear(CTX, &Rl);
    clear(&G, &Rg);
    clear(&Fg, &Rg);
    ring_clear(CTX, &Rg);
}

static const uint32_t small_primes[] = {2, 3, 7, 101};
static const uint32_t large_primes[] = {65521, 1073741827u, 2147483647u};

/* Loop index: family. Every family at every prime in 2, 3 and 4 variables. */
START_TEST(test_random_zp)
{
    const int kind = _i;
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 101 * (uint64_t)kind);
    rc_totals tot = {0};
    const int reps = 3 * tu_mult();
    for (int rep = 0; rep < reps; rep++)
        for (uint32_t n = 2; n <= 4; n++) {
            /* the symmetric systems in 4 variables have 24 points; in 2 they are
             * in shape position and counted with the generic ones */
            for (size_t pi = 0; pi < 7; pi++) {
                uint32_t p = pi < 4 ? small_primes[pi] : large_primes[pi - 4];
                /* the large primes get two cases each, the small ones one */
                int count = pi < 4 ? 1 : 2;
                if (n == 4 && pi < 4 && pi % 2 == 1)
                    continue; /* 4 variables: fewer small-prime cases (time) */
                for (int c = 0; c < count; c++) {
                    int ns;
                    char *txt = random_ideal(&r, kind, n, p, &ns);
                    crosscheck_case(&r, txt, kind, ns, n, p, &tot);
                    free(txt);
                }
            }
        }
    printf("fglm [%s]: %d cases (%d skipped: not zero-dimensional), lex in shape position "
           "%d (%d at large primes), not %d, sparse runs %d\n",
           kind_names[kind], tot.cases, tot.skipped, tot.shape_lex, tot.shape_lex_large,
           tot.nonshape_lex, tot.sparse_runs);
    fflush(stdout);
    /* most cases were zero-dimensional and ran */
    ck_assert_int_gt(tot.cases, 2 * tot.skipped);
    if (kind == K_GENERIC || kind == K_FSQUARED || kind == K_PRODUCT) {
        /* generic systems at the large primes are in shape position, also with
         * curvilinear double points, and the sparse path ran on them */
        ck_assert_int_gt(tot.shape_lex_large, 0);
        ck_assert_int_gt(tot.sparse_runs, 0);
    }
    if (kind_never_shape(kind, 4) && kind != K_SYMMETRIC)
        ck_assert_int_eq(tot.shape_lex, 0);
}
END_TEST

/* The Hilbert-driven path (strategy.c, f4/hilbert.c) on random positive-dimensional
 * ideals (n - 1 or n - 2 random dense polynomials of degree 1 to 3 in n = 3, 4
 * variables): with GBC_ORDER_AUTO and GBC_ORDER_HILBERT in lex, a random block order and a
 * weighted order, the basis equals Buchberger's and passes the all-pairs verifier. */
START_TEST(test_random_hilbert)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 7777);
    static const uint32_t ps[] = {7, 101, 65521, 2147483647u};
    int cases = 0, hilbert = 0;
    const int reps = 2 * tu_mult();
    for (int rep = 0; rep < reps; rep++)
        for (uint32_t n = 3; n <= 4; n++)
            for (size_t pi = 0; pi < 4; pi++)
                for (int kind = 0; kind < 3; kind++) {
                    uint32_t p = ps[pi];
                    char order[96];
                    tu_random_order(order, sizeof order, &r, n, kind == 0 ? 1 : kind + 2);
                    uint32_t m = n - 1 - (uint32_t)gbc_rng_below(&r, 2);
                    sbuf b;
                    sb_init(&b);
                    for (uint32_t k = 0; k < m; k++) {
                        if (k)
                            sb_puts(&b, ",\n");
                        put_dense(&b, &r, p, n, 1 + (uint32_t)gbc_rng_below(&r, n == 3 ? 3 : 2));
                    }
                    ring R;
                    ring_make(&R, n, p, order);
                    plist F, B;
                    polys_of(&F, &R, b.s);
                    plist_init(&B);
                    T_ASSERT(bb_groebner(CTX, &R, &F, &B, NULL) == GBC_OK);
                    for (int path = 0; path < 2; path++) {
                        plist out;
                        plist_init(&out);
                        gb_stats st;
                        memset(&st, 0, sizeof st);
                        gbc_order_path sp = path == 0 ? GBC_ORDER_AUTO : GBC_ORDER_HILBERT;
                        gbc_status s = strat_f4_path(CTX, &R, &F, &out, &st, 0, sp);
                        ck_assert_msg(s == GBC_OK, "p=%u %s path %d: %s\n%s", p, order, path,
                                      gbc_status_string(s), b.s);
                        if (!check_plist_equal(&R, &out, &B)) {
                            char *a = to_text(&R, &out), *c = to_text(&R, &B);
                            ck_abort_msg("p=%u %s path %d gens\n%s\ngot\n%s\nBuchberger\n%s", p,
                                         order, path, b.s, a, c);
                        }
                        check_report rep2;
                        T_ASSERT(check_groebner(CTX, &R, &out, &rep2) == GBC_OK);
                        T_ASSERT_MSG(rep2.is_groebner && rep2.is_reduced, "p=%u %s:\n%s", p,
                                     order, b.s);
                        hilbert += st.strategy == STRAT_TOOK_HILBERT;
                        cases++;
                        clear(&out, &R);
                    }
                    clear(&B, &R);
                    clear(&F, &R);
                    ring_clear(CTX, &R);
                    sb_free(&b);
                }
    printf("hilbert: %d runs, %d on the Hilbert-driven path\n", cases, hilbert);
    /* most random ideals with fewer generators than variables are positive-
     * dimensional: AUTO took the Hilbert-driven path on them, GBC_ORDER_HILBERT always */
    ck_assert_int_gt(hilbert, cases / 2);
}
END_TEST

/* Over Q: the multi-modular path in lex and a block order, through grevlex and FGLM
 * per prime (order_path auto), equals the homogenised path and Buchberger. */
START_TEST(test_random_q)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 7);
    int ran = 0, fglm_taken = 0;
    for (int it = 0; it < 12 * tu_mult(); it++) {
        static const int kinds[] = {K_GENERIC, K_FIBRES, K_SQUARE, K_FATPOINT};
        const int kind = kinds[it % 4];
        const uint32_t n = 2 + (uint32_t)(it / 4 % 2);
        char *txt = random_ideal(&r, kind, n, 0, NULL);
        ring Rg;
        ring_make(&Rg, n, 0, "grevlex");
        plist Fg, G;
        polys_of(&Fg, &Rg, txt);
        plist_init(&G);
        gbc_plan mo = {.fixed_seed = 1, .seed = tu_seed() + (uint64_t)it};
        gbc_status st = mod_groebner_plan(CTX, &Rg, &Fg, &G, NULL, &mo);
        ck_assert_msg(st == GBC_OK, "Q grevlex gens %s: %s", txt, gbc_status_string(st));
        const int zd = fglm_is_zero_dim(&Rg, &G);
        for (int o = 0; o < 2 && zd; o++) {
            char ord[96];
            tu_random_order(ord, sizeof ord, &r, n, o == 0 ? 1 : 4);
            ring Rt;
            ring_make(&Rt, n, 0, ord);
            plist Ft, A, H, B;
            polys_of(&Ft, &Rt, txt);
            plist_init(&A);
            plist_init(&H);
            plist_init(&B);
            gb_stats sa;
            memset(&sa, 0, sizeof sa);
            gbc_plan ma = {.fixed_seed = 1, .seed = tu_seed() + 1000 + (uint64_t)it,
                           .order_path = GBC_ORDER_AUTO};
            gbc_plan mh = ma;
            mh.order_path = GBC_ORDER_HOMOGENISE;
            st = mod_groebner_plan(CTX, &Rt, &Ft, &A, &sa, &ma);
            ck_assert_msg(st == GBC_OK, "Q %s auto gens %s: %s", ord, txt, gbc_status_string(st));
            st = mod_groebner_plan(CTX, &Rt, &Ft, &H, NULL, &mh);
            ck_assert_msg(st == GBC_OK, "Q %s homogenised gens %s: %s", ord, txt,
                          gbc_status_string(st));
            st = bb_groebner(CTX, &Rt, &Ft, &B, NULL);
            ck_assert_msg(st == GBC_OK, "Q %s Buchberger gens %s: %s", ord, txt,
                          gbc_status_string(st));
            if (!check_plist_equal(&Rt, &A, &B) || !check_plist_equal(&Rt, &H, &B)) {
                char *a = to_text(&Rt, &A), *h = to_text(&Rt, &H), *b = to_text(&Rt, &B);
                ck_abort_msg("Q %s gens %s:\nFGLM per prime\n%s\nhomogenised\n%s\nBuchberger\n%s",
                             ord, txt, a, h, b);
            }
            check_report rep;
            T_ASSERT(check_groebner(CTX, &Rt, &A, &rep) == GBC_OK);
            T_ASSERT_MSG(rep.is_groebner && rep.is_reduced, "Q %s gens %s: verifier: %s", ord,
                         txt, rep.reason);
            const int unit = A.n == 1 && A.p[0].len == 1;
            if (!unit && ring_is_graded(&Rt)) {
                /* a random weight row of all ones: degree-compatible, the engine
                 * runs in the order itself */
                ck_assert_int_eq(sa.strategy, STRAT_TOOK_DIRECT);
            } else if (!unit) {
                ck_assert_int_eq(sa.strategy, STRAT_TOOK_FGLM);
                ck_assert_uint_eq(sa.fglm_dim, count_std(&Rg, &G));
                fglm_taken++;
            }
            ran++;
            clear(&A, &Rt);
            clear(&H, &Rt);
            clear(&B, &Rt);
            clear(&Ft, &Rt);
            ring_clear(CTX, &Rt);
        }
        clear(&G, &Rg);
        clear(&Fg, &Rg);
        ring_clear(CTX, &Rg);
        free(txt);
    }
    ck_assert_int_gt(ran, 0);
    ck_assert_int_gt(fglm_taken, 0);
}
END_TEST

/* Over Q with an unlucky learning prime (the test hook forces 7 first): modulo 7
 * the first ideal is positive-dimensional, the second has degree 7 instead of 8
 * (katsura-3), the third is the unit ideal. No leading coefficient of the input is
 * divisible by 7, so the prime is used; the result must still be the basis over Q
 * (Buchberger's), by every order path. */
START_TEST(test_q_unlucky_prime)
{
    static const struct {
        const char *gens;
        uint32_t n;
    } cases[] = {
        /* (x0 - x1)(x0 + x1 - 3), (x0 - x1)(x1 - 2) + 7: two points over Q, the line
         * x0 = x1 modulo 7 */
        {"x0^2 - x1^2 - 3*x0 + 3*x1, x0*x1 - 2*x0 - x1^2 + 2*x1 + 7", 2},
        {"x0 + 2*x1 + 2*x2 + 2*x3 - 1, x0^2 + 2*x1^2 + 2*x2^2 + 2*x3^2 - x0, "
         "2*x0*x1 + 2*x1*x2 + 2*x2*x3 - x1, x1^2 + 2*x0*x2 + 2*x1*x3 - x2", 4},
        /* the points (+-7, +-1/7): the unit ideal modulo 7 */
        {"x0^2 - 49, x0*x1 - 1", 2},
    };
    static const uint32_t forced[] = {7};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ring R;
        ring_make(&R, cases[c].n, 0, "lex");
        plist F, B;
        polys_of(&F, &R, cases[c].gens);
        plist_init(&B);
        T_ASSERT(bb_groebner(CTX, &R, &F, &B, NULL) == GBC_OK);
        for (int path = 0; path < 3; path++) {
            plist A;
            plist_init(&A);
            gbc_plan mo = {.fixed_seed = 1, .seed = tu_seed(), .order_path = path,
                           .forced_primes = forced, .nforced = 1};
            gb_stats s;
            memset(&s, 0, sizeof s);
            gbc_status st = mod_groebner_plan(CTX, &R, &F, &A, &s, &mo);
            /* case 0 with the FGLM path once failed with GBC_ERR_DOMAIN: the
             * ideal is not zero-dimensional modulo 7 alone, and the driver now
             * decides on three learning primes */
            ck_assert_msg(st == GBC_OK, "case %zu path %d: %s", c, path, gbc_status_string(st));
            if (!check_plist_equal(&R, &A, &B)) {
                char *a = to_text(&R, &A), *b = to_text(&R, &B);
                ck_abort_msg("case %zu (%s) path %d, 7 first:\n%s\nBuchberger\n%s", c,
                             cases[c].gens, path, a, b);
            }
            clear(&A, &R);
        }
        clear(&B, &R);
        clear(&F, &R);
        ring_clear(CTX, &R);
    }
}
END_TEST

/* ------------------------------------------------ zero-dimensionality, errors -- */

/* fglm_is_zero_dim on the text (a reduced grevlex basis in 2 variables) and, when
 * it is not zero-dimensional, fglm_change_order declines with DOMAIN. */
static int zero_dim_of(const char *basis, uint32_t p)
{
    ring Rg, Rl;
    ring_make(&Rg, 2, p, "grevlex");
    ring_make(&Rl, 2, p, "lex");
    plist G, out;
    if (basis[0] != '\0')
        polys_of(&G, &Rg, basis);
    else
        plist_init(&G);
    plist_init(&out);
    int zd = fglm_is_zero_dim(&Rg, &G);
    gbc_status st = fglm_change_order(CTX, &Rg, &G, &Rl, &out, NULL, FGLM_AUTO);
    if (!zd) {
        ck_assert_int_eq(st, GBC_ERR_DOMAIN);
        ck_assert_uint_eq(out.n, 0);
    } else {
        ck_assert_int_eq(st, GBC_OK);
    }
    clear(&out, &Rl);
    clear(&G, &Rg);
    ring_clear(CTX, &Rg);
    ring_clear(CTX, &Rl);
    return zd;
}

START_TEST(test_zero_dim)
{
    for (size_t pi = 0; pi < 3; pi++) {
        uint32_t p = (uint32_t[]){2, 101, 2147483647u}[pi];
        ck_assert(!zero_dim_of("x0*x1", p));
        ck_assert(!zero_dim_of("x0^2", p));
        ck_assert(!zero_dim_of("x1^3 - 1", p));
        ck_assert(!zero_dim_of("x0^2, x0*x1", p));
        ck_assert(!zero_dim_of("x1^2, x0*x1", p));
        ck_assert(zero_dim_of("x1^2, x0^2 - x1", p));
        ck_assert(!zero_dim_of("", p)); /* the zero ideal */
        ck_assert(zero_dim_of("x1^2, x0^3", p));
        ck_assert(zero_dim_of("x1^2 - x0, x0*x1 - 1, x0^2 - x1", p));
        ck_assert(zero_dim_of("1", p));
    }
}
END_TEST

/* The unit ideal goes to {1} in every order and from every order; the zero ideal
 * and positive-dimensional ones are declined; rings that do not match too. */
START_TEST(test_unit_and_errors)
{
    static const char *const targets[] = {"lex", "deglex", "weights:3,1,2",
                                          "blocks:lex(1),grevlex(2)", "grevlex"};
    for (size_t t = 0; t < 5; t++)
        for (int path = 0; path < 3; path++) {
            ring Rg, Rt;
            ring_make(&Rg, 3, 32003, "grevlex");
            ring_make(&Rt, 3, 32003, targets[t]);
            plist G, out, want;
            polys_of(&G, &Rg, "1");
            polys_of(&want, &Rt, "1");
            ck_assert(fglm_is_zero_dim(&Rg, &G));
            plist_init(&out);
            gb_stats s;
            memset(&s, 0, sizeof s);
            ck_assert_int_eq(fglm_change_order(CTX, &Rg, &G, &Rt, &out, &s, (fglm_path)path),
                             GBC_OK);
            ck_assert(check_plist_equal(&Rt, &out, &want));
            ck_assert_uint_eq(s.fglm_dim, 0);
            clear(&out, &Rt);
            /* and back */
            ck_assert_int_eq(fglm_change_order(CTX, &Rt, &want, &Rg, &out, NULL,
                                               (fglm_path)path), GBC_OK);
            ck_assert(check_plist_equal(&Rg, &out, &G));
            clear(&out, &Rg);
            clear(&G, &Rg);
            clear(&want, &Rt);
            ring_clear(CTX, &Rg);
            ring_clear(CTX, &Rt);
        }
    /* a zero-dimensional basis, rings that do not match */
    ring Rg, Rl, Rp, Rn, Rq;
    ring_make(&Rg, 2, 101, "grevlex");
    ring_make(&Rl, 2, 101, "lex");
    ring_make(&Rp, 2, 103, "lex");
    ring_make(&Rn, 3, 101, "lex");
    ring_make(&Rq, 2, 0, "lex");
    plist G, out;
    polys_of(&G, &Rg, "x1^2 - x0, x0*x1 - 1, x0^2 - x1");
    plist_init(&out);
    ck_assert_int_eq(fglm_change_order(CTX, &Rg, &G, &Rp, &out, NULL, FGLM_AUTO),
                     GBC_ERR_DOMAIN);
    ck_assert_int_eq(fglm_change_order(CTX, &Rg, &G, &Rn, &out, NULL, FGLM_AUTO),
                     GBC_ERR_DOMAIN);
    ck_assert_int_eq(fglm_change_order(CTX, &Rg, &G, &Rq, &out, NULL, FGLM_AUTO),
                     GBC_ERR_DOMAIN);
    ck_assert_uint_eq(out.n, 0);
    /* the hand-checked change: x1 = x0^2, x0 x1 = 1, so x0^3 = 1 and x0 = x1^2 */
    ck_assert_int_eq(fglm_change_order(CTX, &Rg, &G, &Rl, &out, NULL, FGLM_AUTO), GBC_OK);
    plist want;
    polys_of(&want, &Rl, "x1^3 - 1, x0 - x1^2");
    ck_assert(check_plist_equal(&Rl, &out, &want));
    clear(&out, &Rl);
    clear(&want, &Rl);
    /* a list that is not reduced (a tail divisible by a leading monomial) */
    plist Nr;
    polys_of(&Nr, &Rg, "x1^2 - x0, x0*x1 - 1, x0^2 - x1 + x0*x1");
    gbc_status st = fglm_change_order(CTX, &Rg, &Nr, &Rl, &out, NULL, FGLM_AUTO);
    ck_assert_msg(st == GBC_ERR_INTERNAL, "not reduced: %s", gbc_status_string(st));
    clear(&out, &Rl);
    clear(&Nr, &Rg);
    /* non-monic but otherwise reduced: the same basis */
    polys_of(&Nr, &Rg, "3*x1^2 - 3*x0, 5*x0*x1 - 5, 7*x0^2 - 7*x1");
    ck_assert_int_eq(fglm_change_order(CTX, &Rg, &Nr, &Rl, &out, NULL, FGLM_AUTO), GBC_OK);
    polys_of(&want, &Rl, "x1^3 - 1, x0 - x1^2");
    ck_assert(check_plist_equal(&Rl, &out, &want));
    clear(&out, &Rl);
    clear(&want, &Rl);
    clear(&Nr, &Rg);
    /* over Q: declined */
    ring Rgq;
    ring_make(&Rgq, 2, 0, "grevlex");
    polys_of(&Nr, &Rgq, "x1^2 - x0, x0*x1 - 1, x0^2 - x1");
    ck_assert_int_eq(fglm_change_order(CTX, &Rgq, &Nr, &Rq, &out, NULL, FGLM_AUTO),
                     GBC_ERR_DOMAIN);
    ck_assert_uint_eq(out.n, 0);
    clear(&Nr, &Rgq);
    ring_clear(CTX, &Rgq);
    clear(&G, &Rg);
    ring_clear(CTX, &Rg);
    ring_clear(CTX, &Rl);
    ring_clear(CTX, &Rp);
    ring_clear(CTX, &Rn);
    ring_clear(CTX, &Rq);
}
END_TEST

/* Beyond FGLM_MAX_DIM standard monomials the change of order declines (and the
 * strategy reports it when FGLM is asked); the Hilbert-driven path and the order
 * itself give the basis. */
START_TEST(test_too_large)
{
    const char *txt = "x1^128 - 1, x0^129 - x1"; /* 129 * 128 > FGLM_MAX_DIM */
    ck_assert_uint_gt(129u * 128u, FGLM_MAX_DIM);
    ring Rg, Rl;
    ring_make(&Rg, 2, 65521, "grevlex");
    ring_make(&Rl, 2, 65521, "lex");
    plist G, out, F, want;
    polys_of(&G, &Rg, txt);
    polys_of(&F, &Rl, txt);
    polys_of(&want, &Rl, "x1^128 - 1, x0^129 - x1");
    plist_init(&out);
    ck_assert(fglm_is_zero_dim(&Rg, &G));
    for (int path = 0; path < 3; path++) {
        gbc_status st = fglm_change_order(CTX, &Rg, &G, &Rl, &out, NULL, (fglm_path)path);
        ck_assert_msg(st == GBC_ERR_UNSUPPORTED, "path %d: %s", path, gbc_status_string(st));
        ck_assert_uint_eq(out.n, 0);
    }
    gb_stats s;
    memset(&s, 0, sizeof s);
    /* degree 129: the order itself is tried first, and takes it (it is a lex basis) */
    ck_assert_int_eq(strat_f4_path(CTX, &Rl, &F, &out, &s, 0, GBC_ORDER_AUTO), GBC_OK);
    ck_assert_int_eq(s.strategy, STRAT_TOOK_ORDER);
    ck_assert(check_plist_equal(&Rl, &out, &want));
    clear(&out, &Rl);
    memset(&s, 0, sizeof s);
    ck_assert_int_eq(strat_f4_path(CTX, &Rl, &F, &out, &s, 0, GBC_ORDER_HILBERT), GBC_OK);
    ck_assert_int_eq(s.strategy, STRAT_TOOK_HILBERT);
    ck_assert(check_plist_equal(&Rl, &out, &want));
    clear(&out, &Rl);
    gbc_status st = strat_f4_path(CTX, &Rl, &F, &out, NULL, 0, GBC_ORDER_FGLM);
    ck_assert_msg(st == GBC_ERR_UNSUPPORTED, "GBC_ORDER_FGLM: %s", gbc_status_string(st));
    clear(&out, &Rl);
    clear(&G, &Rg);
    clear(&F, &Rl);
    clear(&want, &Rl);
    ring_clear(CTX, &Rg);
    ring_clear(CTX, &Rl);
}
END_TEST

/* ------------------------------------------------------------- strategy -- */

static void strat_expect(const char *order, const char *txt, uint32_t n, uint32_t p,
                         gbc_order_path path, gbc_status want_st, int want_strategy)
{
    ring R;
    ring_make(&R, n, p, order);
    plist F, out, B;
    polys_of(&F, &R, txt);
    plist_init(&out);
    plist_init(&B);
    gb_stats s;
    memset(&s, 0, sizeof s);
    s.strategy = -1;
    gbc_status st = strat_f4_path(CTX, &R, &F, &out, &s, 0, path);
    ck_assert_msg(st == want_st, "strat %s path %d gens %s: %s", order, (int)path, txt,
                  gbc_status_string(st));
    if (st == GBC_OK) {
        ck_assert_msg(s.strategy == want_strategy, "strat %s path %d gens %s: strategy %d",
                      order, (int)path, txt, s.strategy);
        T_ASSERT(bb_groebner(CTX, &R, &F, &B, NULL) == GBC_OK);
        if (!check_plist_equal(&R, &out, &B)) {
            char *a = to_text(&R, &out), *b = to_text(&R, &B);
            ck_abort_msg("strat %s path %d gens %s:\n%s\nBuchberger\n%s", order, (int)path, txt,
                         a, b);
        }
        ck_assert_uint_eq(s.basis_size, out.n);
        if (want_strategy == STRAT_TOOK_FGLM)
            ck_assert_uint_eq(s.fglm_dim, count_std(&R, &out));
    } else {
        ck_assert_uint_eq(out.n, 0);
    }
    /* a minimal basis by the same path: the same leading monomials */
    if (st == GBC_OK) {
        plist M;
        plist_init(&M);
        T_ASSERT(strat_f4_path(CTX, &R, &F, &M, NULL, 1, path) == GBC_OK);
        ck_assert_uint_eq(M.n, out.n);
        for (size_t k = 0; k < M.n; k++)
            ck_assert(memcmp(M.p[k].exps, out.p[k].exps, sizeof(uint32_t) * n) == 0);
        clear(&M, &R);
    }
    clear(&out, &R);
    clear(&B, &R);
    clear(&F, &R);
    ring_clear(CTX, &R);
}

START_TEST(test_strategy)
{
    /* positive-dimensional (a curve): homogenised, or declined when FGLM is asked */
    const char *curve = "x0*x1 - x2, x1^2 - x0 + 3";
    const char *twisted = "x0*x2 - x1^2, x1*x3 - x2^2, x0*x3 - x1*x2";
    /* zero-dimensional */
    const char *points = "x0^2 + x1*x2 - 1, x1^2 - x0 + 2*x2, x2^2 - x0*x1 + 5";
    static const uint32_t ps[] = {7, 65521};
    for (int k = 0; k < 2; k++) {
        uint32_t p = ps[k];
        strat_expect("lex", curve, 3, p, GBC_ORDER_AUTO, GBC_OK, STRAT_TOOK_HILBERT);
        strat_expect("lex", curve, 3, p, GBC_ORDER_FGLM, GBC_ERR_DOMAIN, 0);
        strat_expect("lex", curve, 3, p, GBC_ORDER_HOMOGENISE, GBC_OK, STRAT_TOOK_HOMOGENISE);
        strat_expect("lex", curve, 3, p, GBC_ORDER_HILBERT, GBC_OK, STRAT_TOOK_HILBERT);
        strat_expect("blocks:lex(1),grevlex(3)", twisted, 4, p, GBC_ORDER_AUTO, GBC_OK,
                     STRAT_TOOK_HILBERT);
        strat_expect("blocks:lex(1),grevlex(3)", twisted, 4, p, GBC_ORDER_HOMOGENISE, GBC_OK,
                     STRAT_TOOK_HOMOGENISE);
        /* the Hilbert-driven path on a zero-dimensional ideal too, when asked */
        strat_expect("lex", points, 3, p, GBC_ORDER_HILBERT, GBC_OK, STRAT_TOOK_HILBERT);
        strat_expect("blocks:lex(1),grevlex(3)", twisted, 4, p, GBC_ORDER_FGLM, GBC_ERR_DOMAIN, 0);
        strat_expect("lex", points, 3, p, GBC_ORDER_AUTO, GBC_OK, STRAT_TOOK_FGLM);
        strat_expect("lex", points, 3, p, GBC_ORDER_FGLM, GBC_OK, STRAT_TOOK_FGLM);
        strat_expect("lex", points, 3, p, GBC_ORDER_HOMOGENISE, GBC_OK, STRAT_TOOK_HOMOGENISE);
        strat_expect("weights:1,3,2", points, 3, p, GBC_ORDER_AUTO, GBC_OK, STRAT_TOOK_FGLM);
        strat_expect("blocks:grevlex(1),lex(2)", points, 3, p, GBC_ORDER_AUTO, GBC_OK,
                     STRAT_TOOK_FGLM);
        /* a generator of degree >= 32: the order itself first, which takes this lex
         * basis in one S-polynomial ... */
        strat_expect("lex", "x0^40 - x1, x1^2 - x0, x2^2 - x1 + 1", 3, p, GBC_ORDER_AUTO, GBC_OK,
                     STRAT_TOOK_ORDER);
        /* ... and gives up within its budget where degrees run away (katsura-4 with
         * x1^31 times its first generator): FGLM follows */
        strat_expect("lex",
                     "x0^2 + 2*x1^2 + 2*x2^2 + 2*x3^2 + 2*x4^2 - x0,"
                     "2*x0*x1 + 2*x1*x2 + 2*x2*x3 + 2*x3*x4 - x1,"
                     "x1^2 + 2*x0*x2 + 2*x1*x3 + 2*x2*x4 - x2,"
                     "2*x1*x2 + 2*x0*x3 + 2*x1*x4 - x3, x0 + 2*x1 + 2*x2 + 2*x3 + 2*x4 - 1,"
                     "x1^31*(x0^2 + 2*x1^2 + 2*x2^2 + 2*x3^2 + 2*x4^2 - x0)",
                     5, p, GBC_ORDER_AUTO, GBC_OK, STRAT_TOOK_FGLM);
        /* the order itself when asked, whatever the degree */
        strat_expect("lex", points, 3, p, GBC_ORDER_DIRECT, GBC_OK, STRAT_TOOK_ORDER);
        strat_expect("lex", curve, 3, p, GBC_ORDER_DIRECT, GBC_OK, STRAT_TOOK_ORDER);
        strat_expect("blocks:lex(1),grevlex(3)", twisted, 4, p, GBC_ORDER_DIRECT, GBC_OK,
                     STRAT_TOOK_ORDER);
        /* degree-compatible orders: the engine alone, whatever the path */
        for (int path = 0; path <= GBC_ORDER_DIRECT; path++) {
            strat_expect("grevlex", points, 3, p, (gbc_order_path)path, GBC_OK, STRAT_TOOK_DIRECT);
            strat_expect("deglex", curve, 3, p, (gbc_order_path)path, GBC_OK, STRAT_TOOK_DIRECT);
        }
        /* the unit ideal */
        strat_expect("lex", "x0*x1 - 1, x0", 3, p, GBC_ORDER_AUTO, GBC_OK, STRAT_TOOK_FGLM);
    }
    /* the budget: spent, the try gives up (nothing left behind); without one it ends */
    {
        ring Rb;
        ring_make(&Rb, 2, 32003, "lex");
        plist Fb, Ob;
        polys_of(&Fb, &Rb, "x0^3000 - x1, x1^2 - x0");
        plist_init(&Ob);
        ck_assert_uint_eq(bb_direct_worth_trying(&Rb, &Fb), 1);
        ck_assert_uint_ge(bb_direct_budget(&Rb, &Fb), BB_DIRECT_BUDGET_MIN);
        ck_assert_int_eq(bb_groebner_direct(CTX, &Rb, &Fb, &Ob, NULL, 0, 1000),
                         GBC_ERR_UNSUPPORTED);
        ck_assert_uint_eq(Ob.n, 0);
        clear(&Ob, &Rb);
        plist_init(&Ob);
        T_ASSERT(bb_groebner_direct(CTX, &Rb, &Fb, &Ob, NULL, 0, 0) == GBC_OK);
        ck_assert_uint_eq(Ob.n, 2); /* x1^6000 - x1, x0 - x1^2 */
        ck_assert_uint_eq(Ob.p[0].exps[1], 6000);
        ck_assert_uint_eq(Ob.p[1].exps[0], 1);
        clear(&Ob, &Rb);
        clear(&Fb, &Rb);
        ring_clear(CTX, &Rb);
    }
    /* over Q: not this layer's */
    ring R;
    ring_make(&R, 2, 0, "lex");
    plist F, out;
    polys_of(&F, &R, "x0^2 - x1, x1^3 - 1");
    plist_init(&out);
    ck_assert_int_eq(strat_f4_path(CTX, &R, &F, &out, NULL, 0, GBC_ORDER_AUTO), GBC_ERR_DOMAIN);
    clear(&F, &R);
    ring_clear(CTX, &R);
}
END_TEST

/* ----------------------------------------------------------- faults -- */

typedef struct fcase {
    const char *txt;
    uint32_t n, p;
    const char *target;
    fglm_path path;
    int want_fglm_path; /* 0: either */
} fcase;

/* Fail allocation 1, 2, ... of fglm_change_order until it succeeds; then memory
 * limits from 64 bytes up, doubling. Every failure is NOMEM (LIMIT), leaves
 * nothing allocated once out is cleared, and the success equals the reference. */
static void faults_fglm(const fcase *c)
{
    ring Rg, Rt;
    ring_make(&Rg, c->n, c->p, "grevlex");
    ring_make(&Rt, c->n, c->p, c->target);
    plist F, G, ref;
    polys_of(&F, &Rg, c->txt);
    plist_init(&G);
    plist_init(&ref);
    T_ASSERT(f4_groebner(CTX, &Rg, &F, &G, NULL) == GBC_OK);
    T_ASSERT(fglm_is_zero_dim(&Rg, &G));
    gb_stats rs;
    memset(&rs, 0, sizeof rs);
    T_ASSERT(fglm_change_order(CTX, &Rg, &G, &Rt, &ref, &rs, c->path) == GBC_OK);
    if (c->want_fglm_path)
        ck_assert_int_eq(rs.fglm_path, c->want_fglm_path);
    uint64_t i;
    for (i = 1; i < 1000000; i++) {
        gbc_ctx fc;
        gbc_ctx_init(&fc);
        fc.fail_at = i;
        plist out;
        plist_init(&out);
        gb_stats s;
        memset(&s, 0, sizeof s);
        gbc_status st = fglm_change_order(&fc, &Rg, &G, &Rt, &out, &s, c->path);
        if (st == GBC_OK) {
            ck_assert(check_plist_equal(&Rt, &out, &ref));
            ck_assert_int_eq(s.fglm_path, rs.fglm_path);
            plist_clear(&fc, &out, &Rt.F);
            ck_assert_uint_eq(fc.mem_used, 0);
            break;
        }
        ck_assert_msg(st == GBC_ERR_NOMEM, "%s to %s: allocation %llu failed gave %s", c->txt,
                      c->target, (unsigned long long)i, gbc_status_string(st));
        plist_clear(&fc, &out, &Rt.F);
        ck_assert_msg(fc.mem_used == 0, "%s to %s: allocation %llu failed: %zu bytes leaked",
                      c->txt, c->target, (unsigned long long)i, fc.mem_used);
    }
    ck_assert_int_gt(i, 1);
    int limited = 0;
    for (size_t lim = 64;; lim *= 2) {
        gbc_ctx fc;
        gbc_ctx_init(&fc);
        fc.mem_limit = lim;
        plist out;
        plist_init(&out);
        gbc_status st = fglm_change_order(&fc, &Rg, &G, &Rt, &out, NULL, c->path);
        if (st == GBC_OK) {
            ck_assert(check_plist_equal(&Rt, &out, &ref));
            plist_clear(&fc, &out, &Rt.F);
            ck_assert_uint_eq(fc.mem_used, 0);
            break;
        }
        ck_assert_msg(st == GBC_ERR_LIMIT, "%s to %s: limit %zu gave %s", c->txt, c->target,
                      lim, gbc_status_string(st));
        limited++;
        plist_clear(&fc, &out, &Rt.F);
        ck_assert_uint_eq(fc.mem_used, 0);
    }
    ck_assert_int_gt(limited, 0);
    clear(&ref, &Rt);
    clear(&G, &Rg);
    clear(&F, &Rg);
    ring_clear(CTX, &Rg);
    ring_clear(CTX, &Rt);
}

/* The same over the whole strategy (grevlex F4, then FGLM; or homogenised F4). */
static void faults_strategy(const char *txt, uint32_t n, uint32_t p, const char *order,
                            int want_strategy)
{
    ring R;
    ring_make(&R, n, p, order);
    plist F, ref;
    polys_of(&F, &R, txt);
    plist_init(&ref);
    gb_stats rs;
    memset(&rs, 0, sizeof rs);
    T_ASSERT(strat_f4_path(CTX, &R, &F, &ref, &rs, 0, GBC_ORDER_AUTO) == GBC_OK);
    ck_assert_int_eq(rs.strategy, want_strategy);
    uint64_t i;
    for (i = 1; i < 1000000; i++) {
        gbc_ctx fc;
        gbc_ctx_init(&fc);
        fc.fail_at = i;
        plist out;
        plist_init(&out);
        gbc_status st = strat_f4_path(&fc, &R, &F, &out, NULL, 0, GBC_ORDER_AUTO);
        if (st == GBC_OK) {
            ck_assert(check_plist_equal(&R, &out, &ref));
            plist_clear(&fc, &out, &R.F);
            ck_assert_uint_eq(fc.mem_used, 0);
            break;
        }
        ck_assert_msg(st == GBC_ERR_NOMEM, "strat %s %s: allocation %llu failed gave %s", txt,
                      order, (unsigned long long)i, gbc_status_string(st));
        plist_clear(&fc, &out, &R.F);
        ck_assert_msg(fc.mem_used == 0, "strat %s %s: allocation %llu: %zu bytes leaked", txt,
                      order, (unsigned long long)i, fc.mem_used);
    }
    ck_assert_int_gt(i, 1);
    clear(&ref, &R);
    clear(&F, &R);
    ring_clear(CTX, &R);
}

/* Through the public entry points: gbc_change_order, and gbc_groebner in lex over
 * Z/p and over Q (the grevlex basis, then FGLM, modulo each prime), with every
 * allocation failing in turn: GBC_ERR_NOMEM, the output untouched, then success
 * with the same result. (ASan checks that nothing leaks.) */
typedef struct api_job {
    const gbc_polys *F;   /* gbc_groebner's input, or gbc_change_order's basis */
    gbc_ring *target;     /* gbc_change_order's target (NULL: gbc_groebner) */
    const char *want;     /* the printed result */
} api_job;

static gbc_status api_run(const gbc_options *o, const api_job *j)
{
    gbc_polys *B = (gbc_polys *)0x1;
    gbc_status st = j->target ? gbc_change_order(&B, j->F, j->target, o, NULL)
                              : gbc_groebner(&B, j->F, o, NULL);
    if (st != GBC_OK) {
        ck_assert_ptr_eq(B, (gbc_polys *)0x1);
        return st;
    }
    char *t = NULL;
    ck_assert_int_eq(gbc_polys_to_string(&t, NULL, B, 0), GBC_OK);
    if (j->want)
        ck_assert_str_eq(t, j->want);
    gbc_string_free(t);
    gbc_polys_free(B);
    return st;
}

static void api_every_failure(const char *what, api_job *j)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_seed(o, tu_seed()), GBC_OK);
    uint64_t i;
    for (i = 1; i < 1000000; i++) {
        api_options_set_fail_alloc(o, i);
        gbc_status st = api_run(o, j);
        if (st == GBC_OK)
            break;
        ck_assert_msg(st == GBC_ERR_NOMEM, "%s: allocation %llu failed gave %s", what,
                      (unsigned long long)i, gbc_status_string(st));
    }
    ck_assert_int_gt(i, 1);
    printf("%-40s %6llu allocations, each failed once\n", what, (unsigned long long)i - 1);
    fflush(stdout);
    gbc_options_free(o);
}

START_TEST(test_api_faults)
{
    static const char *const xy[] = {"x0", "x1", "x2"};
    const char *gens = "x0^2 + x1*x2 - 1, x1^2 - x0 + 2*x2, x2^2 - x0*x1 + 5";
    for (int q = 0; q < 2; q++) {
        const uint32_t p = q ? 0 : 65521;
        gbc_ring *Rg = NULL, *Rl = NULL;
        ck_assert_int_eq(gbc_ring_new(&Rg, 3, xy, p, "grevlex", NULL), GBC_OK);
        ck_assert_int_eq(gbc_ring_new(&Rl, 3, xy, p, "lex", NULL), GBC_OK);
        gbc_polys *Fg = NULL, *Fl = NULL, *G = NULL, *L = NULL;
        ck_assert_int_eq(gbc_polys_parse(&Fg, Rg, gens, strlen(gens), NULL, NULL), GBC_OK);
        ck_assert_int_eq(gbc_polys_parse(&Fl, Rl, gens, strlen(gens), NULL, NULL), GBC_OK);
        ck_assert_int_eq(gbc_groebner(&G, Fg, NULL, NULL), GBC_OK);
        ck_assert_int_eq(gbc_groebner(&L, Fl, NULL, NULL), GBC_OK);
        char *want = NULL;
        ck_assert_int_eq(gbc_polys_to_string(&want, NULL, L, 0), GBC_OK);
        api_job j = {Fl, NULL, want};
        api_every_failure(q ? "gbc_groebner lex over Q (FGLM)" : "gbc_groebner lex mod p (FGLM)",
                          &j);
        if (!q) {
            j = (api_job){G, Rl, want};
            api_every_failure("gbc_change_order grevlex -> lex", &j);
        }
        gbc_string_free(want);
        gbc_polys_free(L);
        gbc_polys_free(G);
        gbc_polys_free(Fl);
        gbc_polys_free(Fg);
        gbc_ring_free(Rg);
        gbc_ring_free(Rl);
    }
}
END_TEST

START_TEST(test_faults)
{
    static const fcase cases[] = {
        /* shape position, lex: the sparse path */
        {"x0^2 + 3*x0*x1 - x1 + 2, x1^3 - 2*x0*x1 + x0 - 1", 2, 65521, "lex", FGLM_AUTO, 2},
        {"x0^2 + 3*x0*x1 - x1 + 2, x1^3 - 2*x0*x1 + x0 - 1", 2, 65521, "lex", FGLM_SPARSE, 2},
        {"x0^2 + 3*x0*x1 - x1 + 2, x1^3 - 2*x0*x1 + x0 - 1", 2, 65521, "lex", FGLM_CLASSIC, 1},
        /* not in shape position: the sparse path tries, then the classic one */
        {"(x0 + 2*x2)^2 - x2 - 1, (x1 + 5*x2)^2 + x2 - 3, x2^2 - 7", 3, 1073741827u, "lex",
         FGLM_AUTO, 1},
        {"(x0 + 2*x2)^2 - x2 - 1, (x1 + 5*x2)^2 + x2 - 3, x2^2 - 7", 3, 101,
         "blocks:lex(1),grevlex(2)", FGLM_AUTO, 1},
        {"x0^2 + x1*x2 - 1, x1^2 - x0 + 2*x2, x2^2 - x0*x1 + 5", 3, 7, "weights:1,3,2",
         FGLM_AUTO, 1},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        faults_fglm(&cases[k]);
    faults_strategy("x0^2 + 3*x0*x1 - x1 + 2, x1^3 - 2*x0*x1 + x0 - 1", 2, 65521, "lex",
                    STRAT_TOOK_FGLM);
    faults_strategy("(x0 + 2*x2)^2 - x2 - 1, x1^2 + x2 - 3, x2^2 - 7", 3, 101,
                    "blocks:lex(2),grevlex(1)", STRAT_TOOK_FGLM);
    faults_strategy("x0*x1 - x2, x1^2 - x0 + 3", 3, 101, "lex", STRAT_TOOK_HILBERT);
}
END_TEST

/* ----------------------------------------------- the larger systems -- */

static int always_stop(void *data)
{
    int *calls = data;
    (*calls)++;
    return 1;
}

/* Loop index: 0 katsura-6 (7 variables, degree 64), 1 cyclic-5 (degree 70). */
START_TEST(test_systems)
{
    const char *family = _i == 0 ? "katsura" : "cyclic";
    const uint32_t n = _i == 0 ? 7 : 5, p = 65521;
    const unsigned index = _i == 0 ? 6 : 5; /* katsura-6, cyclic-5 */
    const size_t known_degree = _i == 0 ? 64 : 70;
    char *txt = tu_system_gens(family, (int)n);
    ring Rg, Rl;
    ring_make(&Rg, n, p, "grevlex");
    ring_make(&Rl, n, p, "lex");
    plist Fg, Fl, G, A, H;
    polys_of(&Fg, &Rg, txt);
    polys_of(&Fl, &Rl, txt);
    plist_init(&G);
    plist_init(&A);
    plist_init(&H);
    T_ASSERT(f4_groebner(CTX, &Rg, &Fg, &G, NULL) == GBC_OK);
    ck_assert(fglm_is_zero_dim(&Rg, &G));
    ck_assert_uint_eq(count_std(&Rg, &G), known_degree);
    gb_stats sa, sh;
    memset(&sa, 0, sizeof sa);
    memset(&sh, 0, sizeof sh);
    T_ASSERT(strat_f4_path(CTX, &Rl, &Fl, &A, &sa, 0, GBC_ORDER_AUTO) == GBC_OK);
    T_ASSERT(strat_f4_path(CTX, &Rl, &Fl, &H, &sh, 0, GBC_ORDER_HOMOGENISE) == GBC_OK);
    ck_assert_int_eq(sa.strategy, STRAT_TOOK_FGLM);
    ck_assert_int_eq(sh.strategy, STRAT_TOOK_HOMOGENISE);
    ck_assert_uint_eq(sa.fglm_dim, known_degree);
    ck_assert_msg(check_plist_equal(&Rl, &A, &H), "%s-%u lex: FGLM and homogenised F4 differ",
                  family, index);
    ck_assert_uint_eq(count_std(&Rl, &A), known_degree);
    const int shape = lex_is_shape(&Rl, &A, known_degree);
    ck_assert_int_eq(sa.fglm_path, shape ? 2 : 1);
    printf("%s-%u mod %u lex: degree %zu, %zu polynomials, %s, %zu normal forms, fglm %.3f s\n",
           family, index, p, sa.fglm_dim, A.n, shape ? "shape position (sparse)" : "classic",
           sa.fglm_normal_forms, sa.t_fglm);
    /* the classic path gives the same */
    plist C;
    plist_init(&C);
    gb_stats sc;
    memset(&sc, 0, sizeof sc);
    T_ASSERT(fglm_change_order(CTX, &Rg, &G, &Rl, &C, &sc, FGLM_CLASSIC) == GBC_OK);
    ck_assert(check_plist_equal(&Rl, &C, &H));
    ck_assert_int_eq(sc.fglm_path, 1);
    clear(&C, &Rl);
    /* an interrupt stops the change of order, and nothing is left allocated */
    for (int path = 0; path < 3; path++) {
        gbc_ctx ic;
        gbc_ctx_init(&ic);
        int calls = 0;
        ic.interrupt = always_stop;
        ic.interrupt_data = &calls;
        plist out;
        plist_init(&out);
        gbc_status st = fglm_change_order(&ic, &Rg, &G, &Rl, &out, NULL, (fglm_path)path);
        ck_assert_msg(st == GBC_ERR_INTERRUPTED, "%s-%u path %d: %s", family, index, path,
                      gbc_status_string(st));
        ck_assert_int_gt(calls, 0);
        plist_clear(&ic, &out, &Rl.F);
        ck_assert_uint_eq(ic.mem_used, 0);
    }
    clear(&G, &Rg);
    clear(&A, &Rl);
    clear(&H, &Rl);
    clear(&Fg, &Rg);
    clear(&Fl, &Rl);
    ring_clear(CTX, &Rg);
    ring_clear(CTX, &Rl);
    free(txt);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fglm");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 900);
    tcase_add_checked_fixture(tc, tu_ctx_setup, tu_ctx_teardown);
    tcase_add_test(tc, test_zero_dim);
    tcase_add_test(tc, test_unit_and_errors);
    tcase_add_test(tc, test_too_large);
    tcase_add_test(tc, test_strategy);
    tcase_add_loop_test(tc, test_random_zp, 0, NKINDS);
    tcase_add_test(tc, test_random_q);
    tcase_add_test(tc, test_random_hilbert);
    tcase_add_test(tc, test_q_unlucky_prime);
    tcase_add_test(tc, test_faults);
    tcase_add_test(tc, test_api_faults);
    tcase_add_loop_test(tc, test_systems, 0, 2);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
