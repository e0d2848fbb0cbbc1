/* solve/solve.c: the real solutions of a zero-dimensional system over Q as
 * isolating boxes (gbc_solve, docs/solve.md): dimension check on the grevlex basis,
 * a rational parametrisation by a separating linear form (the lex basis of
 * I + <T - l> in shape position, after taking the radical when needed), real root
 * isolation of the eliminating polynomial and exact interval evaluation of the
 * coordinates; the Q family's table (sv_field_qq). Built on the public API (gbc.h)
 * plus the context of common/. */
#include <stdio.h>
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* --------------------------------------------------------- ideal plumbing -- */

/* The polynomials of gens as text (no header), NUL-terminated, in *text (the
 * caller frees it with gbc_string_free). */
static gbc_status gens_text(char **text, const gbc_polys *gens)
{
    return gbc_polys_to_string(text, NULL, gens, 0);
}


/* Polynomial i of L: its terms (exps: nterms x nv, coefs), allocated through ctx;
 * free with terms_free. */
typedef struct terms {
    size_t n;
    uint32_t *exps;
    mpq_t *coefs;
} terms;

static void terms_free(gbc_ctx *ctx, terms *t)
{
    if (t->coefs != NULL)
        for (size_t i = 0; i < t->n; i++)
            mpq_clear(t->coefs[i]);
    gbc_free(ctx, t->coefs);
    gbc_free(ctx, t->exps);
    t->n = 0;
    t->exps = NULL;
    t->coefs = NULL;
}

static gbc_status terms_get(gbc_ctx *ctx, terms *t, const gbc_polys *L, size_t i, uint32_t nv)
{
    t->n = gbc_polys_nterms(L, i);
    t->exps = NULL;
    t->coefs = NULL;
    size_t n = t->n > 0 ? t->n : 1;
    gbc_status st = GBC_ALLOC(ctx, t->exps, n * (nv > 0 ? nv : 1));
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, t->coefs, n);
    if (st != GBC_OK) {
        gbc_free(ctx, t->exps);
        gbc_free(ctx, t->coefs);
        t->exps = NULL;
        t->coefs = NULL;
        return st;
    }
    for (size_t k = 0; k < t->n; k++)
        mpq_init(t->coefs[k]);
    st = gbc_polys_get_mpq(t->exps, t->coefs, t->n, L, i);
    if (st != GBC_OK)
        terms_free(ctx, t);
    return st;
}

/* Whether the exponent vector e (nv entries) is zero outside position v. */
static int only_var(const uint32_t *e, uint32_t nv, uint32_t v)
{
    for (uint32_t i = 0; i < nv; i++)
        if (i != v && e[i] != 0)
            return 0;
    return 1;
}

/* The integer polynomial den * p (den the lcm of the denominators) of the
 * univariate polynomial in variable v given by t, into *Z (initialised here). */
static gbc_status terms_to_zpoly(gbc_ctx *ctx, sv_zpoly *Z, const terms *t, uint32_t nv,
                                 uint32_t v)
{
    size_t deg = 0;
    for (size_t k = 0; k < t->n; k++)
        if (t->exps[k * nv + v] > deg)
            deg = t->exps[k * nv + v];
    gbc_status st = sv_zpoly_init(ctx, Z, deg + 1);
    if (st != GBC_OK)
        return st;
    mpz_t l;
    mpz_init_set_ui(l, 1);
    for (size_t k = 0; k < t->n; k++)
        mpz_lcm(l, l, mpq_denref(t->coefs[k]));
    for (size_t k = 0; k < t->n; k++) {
        mpz_divexact(Z->c[t->exps[k * nv + v]], l, mpq_denref(t->coefs[k]));
        mpz_mul(Z->c[t->exps[k * nv + v]], Z->c[t->exps[k * nv + v]],
                mpq_numref(t->coefs[k]));
    }
    mpz_clear(l);
    sv_zpoly_normalise(Z);
    st = sv_zpoly_settle(ctx, Z);
    if (st != GBC_OK)
        sv_zpoly_clear(ctx, Z);
    return st;
}

/* Append ", c_0 + c_1*name^1 + ..." (Z in the variable name) to b. */
static gbc_status zpoly_text(gbc_ctx *ctx, sv_sb *b, const sv_zpoly *Z, const char *name)
{
    gbc_status st = sv_sb_str(ctx, b, ",\n0");
    char buf[48];
    for (size_t i = 0; i < Z->n && st == GBC_OK; i++) {
        if (mpz_sgn(Z->c[i]) == 0)
            continue;
        st = sv_sb_str(ctx, b, "+(");
        if (st == GBC_OK)
            st = sv_sb_mpz(ctx, b, Z->c[i]);
        if (st == GBC_OK)
            st = sv_sb_str(ctx, b, ")*");
        if (st == GBC_OK)
            st = sv_sb_str(ctx, b, name);
        snprintf(buf, sizeof buf, "^%zu", i);
        if (st == GBC_OK)
            st = sv_sb_str(ctx, b, buf);
    }
    return st;
}

/* ---------------------------------------------------------------- the driver -- */

/* A lex basis in shape position: w(T) and x_i = g_i(T). */
typedef struct shape {
    qpoly w;
    qpoly *g; /* nvars of them */
    uint32_t nvars;
    size_t zb; /* bytes charged to the context for it (those of the lex basis) */
} shape;

static void shape_clear(gbc_ctx *ctx, shape *S)
{
    gbc_ctx_uncharge(ctx, S->zb);
    S->zb = 0;
    qpoly_clear(ctx, &S->w);
    if (S->g != NULL)
        for (uint32_t i = 0; i < S->nvars; i++)
            qpoly_clear(ctx, &S->g[i]);
    gbc_free(ctx, S->g);
    S->g = NULL;
}

/* Whether the reduced lex basis L of ring (x_1, ..., x_n, T) (T last, smallest) is
 * {x_i - g_i(T), w(T)}: *is_shape, and *S filled when it is. Otherwise *deg_w is
 * the degree of the element in T alone (0 if none). */
static gbc_status read_shape(gbc_ctx *ctx, int *is_shape, shape *S, size_t *deg_w,
                             const gbc_polys *L, uint32_t n)
{
    uint32_t nv = n + 1;
    size_t count = gbc_polys_count(L);
    *is_shape = 0;
    *deg_w = 0;
    memset(S, 0, sizeof *S);
    S->nvars = n;
    gbc_status st = GBC_OK;
    int *seen = NULL;
    st = GBC_ZALLOC(ctx, seen, (size_t)nv);
    if (st != GBC_OK)
        return st;
    st = GBC_ZALLOC(ctx, S->g, n > 0 ? n : 1);
    if (st != GBC_OK) {
        gbc_free(ctx, seen);
        return st;
    }
    int ok = count == (size_t)n + 1;
    /* the element in T alone: the first (smallest leading monomial) */
    for (size_t k = 0; k < count && st == GBC_OK; k++) {
        terms t;
        st = terms_get(ctx, &t, L, k, nv);
        if (st != GBC_OK)
            break;
        if (t.n == 0) {
            ok = 0;
        } else if (only_var(t.exps, nv, n)) { /* leading monomial in T alone */
            int univariate = 1;
            for (size_t j = 0; j < t.n; j++)
                univariate &= only_var(t.exps + j * nv, nv, n);
            size_t d = t.exps[n];
            if (univariate && *deg_w == 0)
                *deg_w = d;
            if (!univariate || seen[n] || d == 0) {
                ok = 0;
            } else if (ok) {
                seen[n] = 1;
                st = qpoly_init(ctx, &S->w, d + 1);
                for (size_t j = 0; j < t.n && st == GBC_OK; j++)
                    mpq_set(S->w.c[t.exps[j * nv + n]], t.coefs[j]);
            }
        } else {
            /* x_v + terms in T: leading monomial exactly x_v */
            uint32_t v = nv;
            for (uint32_t i = 0; i < n; i++)
                if (t.exps[i] == 1 && only_var(t.exps, nv, i))
                    v = i;
            if (v == nv || seen[v] || mpq_cmp_ui(t.coefs[0], 1, 1) != 0) {
                ok = 0;
            } else {
                for (size_t j = 1; j < t.n; j++)
                    if (!only_var(t.exps + j * nv, nv, n))
                        ok = 0;
                if (ok) {
                    seen[v] = 1;
                    size_t d = 0;
                    for (size_t j = 1; j < t.n; j++)
                        if (t.exps[j * nv + n] + (size_t)1 > d)
                            d = t.exps[j * nv + n] + (size_t)1;
                    st = qpoly_init(ctx, &S->g[v], d);
                    for (size_t j = 1; j < t.n && st == GBC_OK; j++)
                        mpq_neg(S->g[v].c[t.exps[j * nv + n]], t.coefs[j]);
                }
            }
        }
        terms_free(ctx, &t);
    }
    if (st == GBC_OK && ok) {
        for (uint32_t i = 0; i < nv; i++)
            ok &= seen[i];
    }
    gbc_free(ctx, seen);
    if (st != GBC_OK || !ok) {
        shape_clear(ctx, S);
        return st;
    }
    *is_shape = 1;
    return GBC_OK;
}

/* The boxes of the real roots of W (w made integral and squarefree) from the
 * shape basis S: x_i = g_i(t) = G_i(t) / den_i with G_i integral (Q = 1). */
static gbc_status shape_boxes(gbc_ctx *ctx, gbc_solutions *out, const shape *S,
                              const sv_zpoly *W, uint32_t prec)
{
    uint32_t n = S->nvars;
    sv_param P;
    gbc_status st = sv_param_init(ctx, &P, n);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &P.W, W->n);
    for (size_t i = 0; st == GBC_OK && i < W->n; i++)
        mpz_set(P.W.c[i], W->c[i]);
    if (st == GBC_OK)
        st = sv_zpoly_settle(ctx, &P.W);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &P.Q, 1);
    if (st == GBC_OK)
        mpz_set_ui(P.Q.c[0], 1);
    for (uint32_t v = 0; v < n && st == GBC_OK; v++) {
        const qpoly *g = &S->g[v];
        st = sv_zpoly_init(ctx, &P.V[v], g->n);
        if (st != GBC_OK)
            break;
        for (size_t i = 0; i < g->n; i++)
            mpz_lcm(P.den[v], P.den[v], mpq_denref(g->c[i]));
        for (size_t i = 0; i < g->n; i++) {
            mpz_divexact(P.V[v].c[i], P.den[v], mpq_denref(g->c[i]));
            mpz_mul(P.V[v].c[i], P.V[v].c[i], mpq_numref(g->c[i]));
        }
        sv_zpoly_normalise(&P.V[v]);
        st = sv_zpoly_settle(ctx, &P.V[v]);
    }
    if (st == GBC_OK)
        st = sv_boxes(ctx, out, &P, prec);
    sv_param_clear(ctx, &P);
    return st;
}


/* Append to *text the squarefree parts of the eliminating polynomials of every
 * variable whose eliminating polynomial is not squarefree; *added says whether any
 * was. I = <gens> is zero-dimensional; in characteristic 0, I + those is rad(I)
 * (Seidenberg's lemma: Becker-Weispfenning, Lemma 8.13 and Prop. 8.14). */
static gbc_status radical_text(gbc_ctx *ctx, sv_sb *text, int *added, const gbc_polys *gens,
                               const gbc_options *opts, gbc_error *err)
{
    const gbc_ring *R = gbc_polys_ring(gens);
    uint32_t n = gbc_ring_nvars(R);
    uint32_t *vars = NULL;
    *added = 0;
    gbc_status st = GBC_ALLOC(ctx, vars, n > 1 ? n - 1 : 1);
    if (st != GBC_OK)
        return st;
    for (uint32_t v = 0; v < n && st == GBC_OK; v++) {
        size_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (i != v)
                vars[k++] = i;
        gbc_polys *E = NULL;
        gbc_options sub;
        st = gbc_eliminate(&E, gens, vars, k, sv_sub_options(&sub, ctx, opts), NULL);
        if (st != GBC_OK)
            break;
        if (gbc_polys_count(E) != 1) {
            /* zero-dimensional: the elimination ideal is principal and nonzero */
            sv_set_err(err, "internal error: the elimination ideal of %s has %zu generators",
                       gbc_ring_var_name(R, v), gbc_polys_count(E));
            gbc_polys_free(E);
            st = GBC_ERR_INTERNAL;
            break;
        }
        terms t;
        st = terms_get(ctx, &t, E, 0, n);
        gbc_polys_free(E);
        if (st != GBC_OK)
            break;
        sv_zpoly Z, S;
        st = terms_to_zpoly(ctx, &Z, &t, n, v);
        terms_free(ctx, &t);
        if (st != GBC_OK)
            break;
        st = sv_zpoly_squarefree(ctx, &S, &Z);
        if (st == GBC_OK) {
            if (S.n < Z.n) {
                st = zpoly_text(ctx, text, &S, gbc_ring_var_name(R, v));
                *added = 1;
            }
            sv_zpoly_clear(ctx, &S);
        }
        sv_zpoly_clear(ctx, &Z);
    }
    gbc_free(ctx, vars);
    return st;
}

/* One run of the solver over Q: what its phases share. */
typedef struct qrun {
    const gbc_ring *R; /* the input's ring, n variables */
    uint32_t n;
    sv_sb text;        /* the generators as text; later those of the radical */
    gbc_ring *R0, *R1; /* R's variables in grevlex; and T after them, in lex */
    gbc_polys *G0;     /* the grevlex basis of the ideal of text */
    size_t g0_zb;      /* its bytes (sv_polys_bytes), charged to the context */
    uint64_t deg;      /* dim_Q R/I */
    char tname[32];    /* T's name */
} qrun;

/* Charge q->G0's bytes to ctx while q holds it (q->g0_zb). */
static gbc_status hold_g0(gbc_ctx *ctx, qrun *q)
{
    size_t b = sv_polys_bytes(q->G0);
    GBC_TRY(gbc_ctx_charge(ctx, b));
    q->g0_zb = b;
    return GBC_OK;
}

/* One form of the fast path (try attempt, its coefficients into out->form from
 * frng): *done = 1 when its parametrisation passed (out filled), *nonradical as
 * sv_modular_param's. */
static gbc_status modular_try(gbc_ctx *ctx, gbc_solutions *out, int *done, int *nonradical,
                              const qrun *q, const gbc_polys *gens, sv_gbmod *G,
                              unsigned attempt, gbc_rng *frng, uint32_t prec, unsigned flags,
                              const gbc_options *opts)
{
    uint64_t B = (uint64_t)attempt * attempt;
    for (uint32_t i = 0; i < q->n; i++)
        out->form[i] = sv_form_coef(attempt, i, q->n, B, frng);
    out->newvar = attempt > 0;
    sv_param P;
    int found = 0;
    size_t nprimes = 0;
    double t0 = gbc_wall_time();
    gbc_status st = sv_modular_param(ctx, &P, &found, gens, G, out->form, (size_t)q->deg,
                                     opts, &nprimes, nonradical);
    gbc_log(ctx, 1, "solve: form %u: %zu primes, %s (%.2f s)", attempt, nprimes,
            found ? "checked over Q" : *nonradical ? "not radical" : "given up",
            gbc_wall_time() - t0);
    if (st != GBC_OK || !found)
        return st;
    out->distinct = (size_t)q->deg;
    if (flags & GBC_SOLVE_PARAMETRIZATION)
        st = sv_param_text_v(ctx, out, &P, q->R);
    t0 = gbc_wall_time();
    if (st == GBC_OK)
        st = sv_boxes(ctx, out, &P, prec);
    if (st == GBC_OK)
        gbc_log(ctx, 1, "solve: isolation, refinement and boxes (%.2f s)",
                gbc_wall_time() - t0);
    sv_param_clear(ctx, &P);
    *done = 1;
    return st;
}

/* The fast path: msolve's parametrisation modulo primes, lifted and checked over
 * Q (modparam.c), with the forms of sv_form_coef in the same order as the exact path
 * (the same random ones: rng seeded alike). It serves when I is radical and a form
 * separates: deg w = D = dim_Q R/I; a first prime whose w is not squarefree sends
 * a non-radical I to the exact path at once. *done = 1 when it filled out's
 * solutions (and the parametrisation text with GBC_SOLVE_PARAMETRIZATION). */
static gbc_status modular_path(gbc_ctx *ctx, gbc_solutions *out, int *done, const qrun *q,
                               const gbc_polys *gens, uint32_t prec, unsigned flags,
                               const gbc_options *opts)
{
    gbc_rng frng;
    gbc_rng_seed(&frng, 0x736f6c7665ull);
    int nonradical = 0;
    *done = 0;
    if (flags & GBC_SOLVE_LEX)
        return GBC_OK;
    sv_gbmod G;
    memset(&G, 0, sizeof G);
    gbc_status st = sv_gbmod_init(ctx, &G, q->G0);
    for (unsigned attempt = 0; st == GBC_OK && attempt < 24 && !nonradical && !*done;
         attempt++) {
        st = gbc_ctx_check(ctx);
        if (st == GBC_OK)
            st = modular_try(ctx, out, done, &nonradical, q, gens, &G, attempt, &frng, prec,
                             flags, opts);
    }
    sv_gbmod_clear(ctx, &G);
    return st;
}

/* The reduced lex basis, in q->R1, of the ideal of q->text and T + sum c_i x_i
 * with the form of try attempt (the coefficients c_i into out->form, from rng),
 * read as a shape basis: *is_shape, and *S filled when it is (read_shape). */
static gbc_status lex_try(gbc_ctx *ctx, gbc_solutions *out, int *is_shape, shape *S,
                          const qrun *q, unsigned attempt, gbc_rng *rng,
                          const gbc_options *opts, gbc_error *err)
{
    uint32_t n = q->n;
    /* the linear form, as msolve chooses it: first T = x_n; then
     * T = -(1^(k-1) x_1 + 2^(k-1) x_2 + ... + n^(k-1) x_n) at try k = 1..5; from
     * try 6 on random coefficients in [-B, B], B = k^2 */
    uint64_t B = (uint64_t)attempt * attempt;
    sv_sb J = {NULL, 0, 0};
    char buf[80];
    gbc_status st = sv_sb_str(ctx, &J, q->text.s);
    if (st == GBC_OK)
        st = sv_sb_str(ctx, &J, ",\n");
    if (st == GBC_OK)
        st = sv_sb_str(ctx, &J, q->tname);
    for (uint32_t i = 0; i < n && st == GBC_OK; i++) {
        int64_t c = sv_form_coef(attempt, i, n, B, rng);
        out->form[i] = c;
        snprintf(buf, sizeof buf, "+(%lld)*", (long long)c);
        st = sv_sb_str(ctx, &J, buf);
        if (st == GBC_OK)
            st = sv_sb_str(ctx, &J, gbc_ring_var_name(q->R, i));
    }
    out->newvar = attempt > 0;
    gbc_polys *L = NULL;
    if (st == GBC_OK)
        st = sv_basis_of_text(ctx, &L, q->R1, J.s, opts, err);
    sv_sb_clear(ctx, &J);
    if (st != GBC_OK)
        return st;
    size_t deg_w = 0;
    st = read_shape(ctx, is_shape, S, &deg_w, L, n);
    if (st == GBC_OK && *is_shape) {
        /* S holds L's coefficients: charged while it lives */
        size_t b = sv_polys_bytes(L);
        st = gbc_ctx_charge(ctx, b);
        if (st == GBC_OK)
            S->zb = b;
        else
            shape_clear(ctx, S);
    }
    gbc_polys_free(L);
    return st;
}

/* Replace q's ideal I by rad(I): q->text and q->G0 (when radical_text added
 * anything) and *ndistinct = dim_K R/rad(I), the number of distinct solutions. */
static gbc_status take_radical(gbc_ctx *ctx, qrun *q, uint64_t *ndistinct,
                               const gbc_options *opts, gbc_error *err)
{
    int added = 0;
    gbc_status st = radical_text(ctx, &q->text, &added, q->G0, opts, err);
    if (st != GBC_OK || !added) {
        *ndistinct = q->deg;
        return st;
    }
    gbc_polys_free(q->G0);
    q->G0 = NULL;
    gbc_ctx_uncharge(ctx, q->g0_zb);
    q->g0_zb = 0;
    int64_t dim = 0;
    st = sv_basis_of_text(ctx, &q->G0, q->R0, q->text.s, opts, err);
    if (st == GBC_OK)
        st = hold_g0(ctx, q);
    if (st == GBC_OK)
        st = sv_dim_degree(ctx, &dim, ndistinct, q->G0, opts);
    return st;
}

/* The exact path: a shape basis *S (the caller clears it on GBC_OK; nothing to
 * clear otherwise) of I + <T + l>, over the forms of sv_form_coef, taking the radical
 * after three tries that are not in shape position. GBC_ERR_INTERNAL when no form
 * of 24 separates. */
static gbc_status exact_shape(gbc_ctx *ctx, gbc_solutions *out, shape *S, qrun *q,
                              const gbc_options *opts, gbc_error *err)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, 0x736f6c7665ull); /* fixed: the result does not depend on it */
    int radical = 0;
    uint64_t ndistinct = 0; /* dim_K R/rad(I), once the radical is known */
    for (unsigned attempt = 0; attempt < 24; attempt++) {
        gbc_status st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            return st;
        int is_shape = 0;
        st = lex_try(ctx, out, &is_shape, S, q, attempt, &rng, opts, err);
        if (st != GBC_OK)
            return st;
        if (is_shape && radical && S->w.n - 1 != ndistinct) {
            /* cannot happen: a shape basis of a radical ideal has deg w = dim R/I */
            sv_set_err(err, "internal error: deg w = %zu but R/rad(I) has dimension %llu",
                       S->w.n - 1, (unsigned long long)ndistinct);
            shape_clear(ctx, S);
            return GBC_ERR_INTERNAL;
        }
        if (is_shape)
            return GBC_OK;
        if (!radical && attempt >= 2) {
            /* not in shape position three times: I is not radical or T does not
             * separate; go on with rad(I), of which dim_K R/rad(I) counts the
             * distinct solutions */
            st = take_radical(ctx, q, &ndistinct, opts, err);
            if (st != GBC_OK)
                return st;
            radical = 1;
        }
    }
    sv_set_err(err, "no separating linear form found after 24 tries");
    return GBC_ERR_INTERNAL;
}

/* The solutions (and with GBC_SOLVE_PARAMETRIZATION the parametrisation text)
 * from the shape basis S of the ideal of the ring R: w made integral and
 * squarefree, its real roots the real solutions' values of T. */
static gbc_status shape_solutions(gbc_ctx *ctx, gbc_solutions *out, const shape *S,
                                  uint32_t prec, unsigned flags, const gbc_ring *R)
{
    out->distinct = S->w.n - 1;
    sv_zpoly W0, W;
    gbc_status st = sv_zpoly_init(ctx, &W0, S->w.n);
    if (st != GBC_OK)
        return st;
    mpz_t l;
    mpz_init_set_ui(l, 1);
    for (size_t i = 0; i < S->w.n; i++)
        mpz_lcm(l, l, mpq_denref(S->w.c[i]));
    for (size_t i = 0; i < S->w.n; i++) {
        mpz_divexact(W0.c[i], l, mpq_denref(S->w.c[i]));
        mpz_mul(W0.c[i], W0.c[i], mpq_numref(S->w.c[i]));
    }
    mpz_clear(l);
    sv_zpoly_normalise(&W0);
    st = sv_zpoly_settle(ctx, &W0);
    if (st == GBC_OK)
        st = sv_zpoly_squarefree(ctx, &W, &W0);
    sv_zpoly_clear(ctx, &W0);
    if (st != GBC_OK)
        return st;
    out->distinct = W.n - 1;
    if (flags & GBC_SOLVE_PARAMETRIZATION)
        st = sv_param_text(ctx, out, &W, S->g, S->nvars, R);
    if (st == GBC_OK)
        st = shape_boxes(ctx, out, S, &W, prec);
    sv_zpoly_clear(ctx, &W);
    return st;
}

gbc_status sv_solve_q(gbc_ctx *ctx, gbc_solutions *out, const gbc_polys *gens, uint32_t prec,
                      unsigned flags, const gbc_options *opts, gbc_error *err)
{
    qrun q;
    memset(&q, 0, sizeof q);
    q.R = gbc_polys_ring(gens);
    q.n = gbc_ring_nvars(q.R);
    sv_fresh_name(q.tname, sizeof q.tname, q.R);
    char *gtext = NULL;
    gbc_status st = gens_text(&gtext, gens);
    if (st == GBC_OK)
        st = sv_sb_str(ctx, &q.text, gtext);
    gbc_string_free(gtext);
    if (st == GBC_OK)
        st = sv_zero_dim(ctx, out, &q.R0, &q.G0, &q.deg, q.text.s, q.R, opts, err);
    if (st == GBC_OK)
        st = hold_g0(ctx, &q);
    if (st != GBC_OK || out->dim < 0) /* the unit ideal: no solution */
        goto out;
    st = sv_ring_like(ctx, &q.R1, q.R, q.tname, "lex", err);
    if (st == GBC_OK)
        st = GBC_ZALLOC(ctx, out->form, q.n > 0 ? q.n : 1);
    int done = 0;
    if (st == GBC_OK)
        st = modular_path(ctx, out, &done, &q, gens, prec, flags, opts);
    if (st != GBC_OK || done)
        goto out;
    shape S;
    st = exact_shape(ctx, out, &S, &q, opts, err);
    if (st != GBC_OK)
        goto out;
    st = shape_solutions(ctx, out, &S, prec, flags, q.R);
    shape_clear(ctx, &S);
out:
    sv_sb_clear(ctx, &q.text);
    gbc_polys_free(q.G0);
    gbc_ctx_uncharge(ctx, q.g0_zb);
    gbc_ring_free(q.R0);
    gbc_ring_free(q.R1);
    return st;
}

/* ------------------------------------------------------------ the Q family -- */

/* A result over Q has boxes, no points in Z/p. */
static gbc_status no_point(uint32_t *point, const gbc_solutions *s, size_t i)
{
    (void)point;
    (void)s;
    (void)i;
    return GBC_ERR_DOMAIN;
}

/* gbc's format: one box a line, "[a, b], [c, d]"; msolve's: its list of boxes
 * after the parametrisation (or its placeholder). */
const sv_field sv_field_qq = {
    .solve = sv_solve_q,
    .put_coord = sv_qq_put_interval,
    .endpoint = sv_qq_endpoint,
    .point = no_point,
    .layout = {{"", "\n", ""}, {"[", "]", ", "}},
    .msolve_open = "[0, [1,\n[",
    .msolve_close = "]\n]]:\n",
};
