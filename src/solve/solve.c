/* solve/solve.c: the real solutions of a zero-dimensional system over Q as
 * isolating boxes (gbc_solve, docs/solve.md): dimension check on the grevlex basis,
 * a rational parametrisation by a separating linear form (the lex basis of
 * I + <T - l> in shape position, after taking the radical when needed), real root
 * isolation of the eliminating polynomial and exact interval evaluation of the
 * coordinates. Built on the public API (gbc.h) plus the context of common/. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* ------------------------------------------------------------ small helpers -- */

static void set_err(gbc_error *err, const char *fmt, ...)
{
    if (err == NULL)
        return;
    err->line = 0;
    err->column = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

gbc_status sv_sb_add(gbc_ctx *ctx, sv_sb *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = gbc_realloc(ctx, b->s, cap);
        if (p == NULL)
            return gbc_ctx_alloc_status(ctx);
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
    return GBC_OK;
}

gbc_status sv_sb_str(gbc_ctx *ctx, sv_sb *b, const char *s)
{
    return sv_sb_add(ctx, b, s, strlen(s));
}

gbc_status sv_sb_mpz(gbc_ctx *ctx, sv_sb *b, const mpz_t z)
{
    size_t n = mpz_sizeinbase(z, 10) + 2;
    char *tmp = gbc_malloc(ctx, n);
    if (tmp == NULL)
        return gbc_ctx_alloc_status(ctx);
    mpz_get_str(tmp, 10, z);
    gbc_status st = sv_sb_str(ctx, b, tmp);
    gbc_free(ctx, tmp);
    return st;
}

gbc_status sv_sb_mpq(gbc_ctx *ctx, sv_sb *b, const mpq_t q)
{
    gbc_status st = sv_sb_mpz(ctx, b, mpq_numref(q));
    if (st == GBC_OK && mpz_cmp_ui(mpq_denref(q), 1) != 0) {
        st = sv_sb_str(ctx, b, "/");
        if (st == GBC_OK)
            st = sv_sb_mpz(ctx, b, mpq_denref(q));
    }
    return st;
}

void sv_sb_clear(gbc_ctx *ctx, sv_sb *b)
{
    gbc_free(ctx, b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

gbc_status qpoly_init(gbc_ctx *ctx, qpoly *P, size_t n)
{
    P->c = NULL;
    P->n = 0;
    gbc_status st = GBC_ALLOC(ctx, P->c, n > 0 ? n : 1);
    if (st != GBC_OK)
        return st;
    for (size_t i = 0; i < n; i++)
        mpq_init(P->c[i]);
    P->n = n;
    return GBC_OK;
}

void qpoly_clear(gbc_ctx *ctx, qpoly *P)
{
    for (size_t i = 0; i < P->n; i++)
        mpq_clear(P->c[i]);
    gbc_free(ctx, P->c);
    P->c = NULL;
    P->n = 0;
}

/* --------------------------------------------------------- ideal plumbing -- */

/* The polynomials of gens as text (no header), NUL-terminated, in *text (the
 * caller frees it with gbc_string_free). */
static gbc_status gens_text(char **text, const gbc_polys *gens)
{
    return gbc_polys_to_string(text, NULL, gens, 0);
}

/* A ring with gens' variable names (plus extra, when not NULL) in order. */
gbc_status sv_ring_like(gbc_ctx *ctx, gbc_ring **out, const gbc_ring *R,
                            const char *extra, const char *order, gbc_error *err)
{
    uint32_t n = gbc_ring_nvars(R);
    const char **names = NULL;
    gbc_status st0 = GBC_ALLOC(ctx, names, (size_t)n + 1);
    if (st0 != GBC_OK) {
        set_err(err, "%s", gbc_status_string(st0));
        return st0;
    }
    for (uint32_t i = 0; i < n; i++)
        names[i] = gbc_ring_var_name(R, i);
    if (extra != NULL)
        names[n] = extra;
    gbc_status st = gbc_ring_new(out, n + (extra != NULL), names, gbc_ring_characteristic(R),
                                 order, err);
    gbc_free(ctx, names);
    return st;
}

/* The reduced basis of the ideal given by text in ring R (order of R). */
gbc_status sv_basis_of_text(gbc_polys **basis, const gbc_ring *R, const char *text,
                                const gbc_options *opts, gbc_error *err)
{
    gbc_polys *P = NULL;
    gbc_status st = gbc_polys_parse(&P, R, text, strlen(text), opts, err);
    if (st != GBC_OK)
        return st;
    st = gbc_groebner(basis, P, opts, NULL);
    gbc_polys_free(P);
    return st;
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
    return GBC_OK;
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
} shape;

static void shape_clear(gbc_ctx *ctx, shape *S)
{
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
    }
    if (st == GBC_OK)
        st = sv_boxes(ctx, out, &P, prec);
    sv_param_clear(ctx, &P);
    return st;
}

/* The dimension and the number of standard monomials of the ideal whose grevlex
 * basis is G. */
gbc_status sv_dim_degree(int64_t *dim, uint64_t *deg, const gbc_polys *G,
                             const gbc_options *opts)
{
    gbc_monideal *lt = NULL;
    gbc_status st = gbc_leading_ideal(&lt, G, GBC_LEADING_IS_BASIS, opts, NULL);
    if (st == GBC_OK)
        st = gbc_monideal_dim(dim, lt, opts);
    if (st == GBC_OK && *dim == 0 && deg != NULL)
        st = gbc_monideal_degree(deg, lt, opts);
    gbc_monideal_free(lt);
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
        st = gbc_eliminate(&E, gens, vars, k, opts, NULL);
        if (st != GBC_OK)
            break;
        if (gbc_polys_count(E) != 1) {
            /* zero-dimensional: the elimination ideal is principal and nonzero */
            set_err(err, "internal error: the elimination ideal of %s has %zu generators",
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

/* Coefficient i of the linear form at try attempt, as msolve chooses it: first
 * T = x_n; then T = -(1^(k-1) x_1 + 2^(k-1) x_2 + ... + n^(k-1) x_n) at try
 * k = 1..5; from try 6 on random coefficients in [-B, B] from rng. */
static int64_t form_coef(unsigned attempt, uint32_t i, uint32_t n, uint64_t B, gbc_rng *rng)
{
    if (attempt == 0)
        return i + 1 == n ? -1 : 0;
    if (attempt <= 5) {
        int64_t c = 1;
        for (unsigned e = 1; e < attempt; e++)
            c *= (int64_t)i + 1;
        return c;
    }
    return (int64_t)gbc_rng_below(rng, 2 * B + 1) - (int64_t)B;
}

/* A name for the new variable T that no variable of R has. */
static void fresh_name(char *buf, size_t size, const gbc_ring *R)
{
    for (unsigned k = 0;; k++) {
        if (k == 0)
            snprintf(buf, size, "T_");
        else
            snprintf(buf, size, "T_%u", k);
        int clash = 0;
        for (uint32_t i = 0; i < gbc_ring_nvars(R); i++)
            clash |= strcmp(buf, gbc_ring_var_name(R, i)) == 0;
        if (!clash)
            return;
    }
}

void sv_solutions_free(gbc_solutions *s)
{
    if (s == NULL)
        return;
    if (s->num != NULL)
        for (size_t i = 0; i < s->nalloc; i++)
            mpz_clear(s->num[i]);
    gbc_free(NULL, s->num);
    gbc_free(NULL, s->exp);
    gbc_free(NULL, s->param);
    gbc_free(NULL, s->form);
    gbc_free(NULL, s->zp);
    gbc_free(NULL, s);
}

gbc_status sv_solve_q(gbc_ctx *ctx, gbc_solutions *out, const gbc_polys *gens, uint32_t prec,
                      unsigned flags, const gbc_options *opts, gbc_error *err)
{
    const gbc_ring *R = gbc_polys_ring(gens);
    uint32_t n = gbc_ring_nvars(R);
    char *gtext = NULL;
    gbc_ring *R0 = NULL, *R1 = NULL;
    gbc_polys *G0 = NULL;
    sv_sb text = {NULL, 0, 0};
    shape S;
    memset(&S, 0, sizeof S);
    int have_shape = 0;
    char tname[32];
    fresh_name(tname, sizeof tname, R);

    gbc_status st = gens_text(&gtext, gens);
    if (st == GBC_OK)
        st = sv_sb_str(ctx, &text, gtext);
    gbc_string_free(gtext);
    if (st == GBC_OK)
        st = sv_ring_like(ctx, &R0, R, NULL, "grevlex", err);
    if (st == GBC_OK)
        st = sv_basis_of_text(&G0, R0, text.s, opts, err);
    int64_t dim = 0;
    uint64_t deg = 0;
    if (st == GBC_OK)
        st = sv_dim_degree(&dim, &deg, G0, opts);
    if (st != GBC_OK)
        goto out;
    out->dim = dim;
    if (dim < 0) /* the unit ideal: no solution */
        goto out;
    if (dim > 0) {
        set_err(err, "the ideal has dimension %lld: it is not zero-dimensional, so its "
                     "solutions are not finitely many", (long long)dim);
        st = GBC_ERR_DOMAIN;
        goto out;
    }
    st = sv_ring_like(ctx, &R1, R, tname, "lex", err);
    if (st == GBC_OK)
        st = GBC_ZALLOC(ctx, out->form, n > 0 ? n : 1);
    if (st != GBC_OK)
        goto out;
    /* The fast path: msolve's parametrisation modulo primes, lifted and checked
     * over Q (modparam.c), with the forms of the list below in the same order (the
     * same random ones: rng seeded alike). It serves when I is radical and a form
     * separates: deg w = D = dim_Q R/I; a first prime whose w is not squarefree
     * sends a non-radical I to the exact path at once. */
    gbc_rng frng;
    gbc_rng_seed(&frng, 0x736f6c7665ull);
    int nonradical = 0;
    for (unsigned attempt = 0; attempt < 24 && !nonradical && !(flags & GBC_SOLVE_LEX);
         attempt++) {
        st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            goto out;
        uint64_t B = (uint64_t)attempt * attempt;
        for (uint32_t i = 0; i < n; i++)
            out->form[i] = form_coef(attempt, i, n, B, &frng);
        out->newvar = attempt > 0;
        sv_param P;
        int found = 0;
        size_t nprimes = 0;
        st = sv_modular_param(ctx, &P, &found, gens, tname, out->form, (size_t)deg, opts,
                              &nprimes, &nonradical);
        if (st != GBC_OK)
            goto out;
        if (found) {
            out->distinct = (size_t)deg;
            if (flags & GBC_SOLVE_PARAMETRIZATION)
                st = sv_param_text_v(ctx, out, &P, R);
            if (st == GBC_OK)
                st = sv_boxes(ctx, out, &P, prec);
            sv_param_clear(ctx, &P);
            goto out;
        }
    }
    gbc_rng rng;
    gbc_rng_seed(&rng, 0x736f6c7665ull); /* fixed: the result does not depend on it */
    int radical = 0;
    uint64_t ndistinct = 0; /* dim_K R/rad(I), once the radical is known */
    for (unsigned attempt = 0; attempt < 24 && !have_shape; attempt++) {
        st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            goto out;
        /* the linear form, as msolve chooses it: first T = x_n; then
         * T = -(1^(k-1) x_1 + 2^(k-1) x_2 + ... + n^(k-1) x_n) at try k = 1..5; from
         * try 6 on random coefficients in [-B, B], B = k^2 */
        uint64_t B = (uint64_t)attempt * attempt;
        sv_sb J = {NULL, 0, 0};
        char buf[80];
        st = sv_sb_str(ctx, &J, text.s);
        if (st == GBC_OK)
            st = sv_sb_str(ctx, &J, ",\n");
        if (st == GBC_OK)
            st = sv_sb_str(ctx, &J, tname);
        for (uint32_t i = 0; i < n && st == GBC_OK; i++) {
            int64_t c = form_coef(attempt, i, n, B, &rng);
            out->form[i] = c;
            snprintf(buf, sizeof buf, "+(%lld)*", (long long)c);
            st = sv_sb_str(ctx, &J, buf);
            if (st == GBC_OK)
                st = sv_sb_str(ctx, &J, gbc_ring_var_name(R, i));
        }
        out->newvar = attempt > 0;
        gbc_polys *L = NULL;
        if (st == GBC_OK)
            st = sv_basis_of_text(&L, R1, J.s, opts, err);
        sv_sb_clear(ctx, &J);
        if (st != GBC_OK)
            goto out;
        size_t deg_w = 0;
        int is_shape = 0;
        st = read_shape(ctx, &is_shape, &S, &deg_w, L, n);
        gbc_polys_free(L);
        if (st != GBC_OK)
            goto out;
        if (is_shape && radical && S.w.n - 1 != ndistinct) {
            /* cannot happen: a shape basis of a radical ideal has deg w = dim R/I */
            set_err(err, "internal error: deg w = %zu but R/rad(I) has dimension %llu",
                    S.w.n - 1, (unsigned long long)ndistinct);
            shape_clear(ctx, &S);
            st = GBC_ERR_INTERNAL;
            goto out;
        }
        if (is_shape) {
            have_shape = 1;
            break;
        }
        if (!radical && attempt >= 2) {
            /* not in shape position three times: I is not radical or T does not
             * separate; go on with rad(I), of which dim_K R/rad(I) counts the
             * distinct solutions */
            int added = 0;
            st = radical_text(ctx, &text, &added, G0, opts, err);
            if (st != GBC_OK)
                goto out;
            radical = 1;
            if (added) {
                gbc_polys_free(G0);
                G0 = NULL;
                st = sv_basis_of_text(&G0, R0, text.s, opts, err);
                if (st == GBC_OK)
                    st = sv_dim_degree(&dim, &ndistinct, G0, opts);
                if (st != GBC_OK)
                    goto out;
            } else {
                ndistinct = deg;
            }
        }
    }
    if (!have_shape) {
        set_err(err, "no separating linear form found after 24 tries");
        st = GBC_ERR_INTERNAL;
        goto out;
    }
    out->distinct = S.w.n - 1;
    /* w over Z, squarefree; its real roots are the real solutions' values of T */
    sv_zpoly W0, W;
    st = sv_zpoly_init(ctx, &W0, S.w.n);
    if (st != GBC_OK)
        goto out;
    {
        mpz_t l;
        mpz_init_set_ui(l, 1);
        for (size_t i = 0; i < S.w.n; i++)
            mpz_lcm(l, l, mpq_denref(S.w.c[i]));
        for (size_t i = 0; i < S.w.n; i++) {
            mpz_divexact(W0.c[i], l, mpq_denref(S.w.c[i]));
            mpz_mul(W0.c[i], W0.c[i], mpq_numref(S.w.c[i]));
        }
        mpz_clear(l);
        sv_zpoly_normalise(&W0);
    }
    st = sv_zpoly_squarefree(ctx, &W, &W0);
    sv_zpoly_clear(ctx, &W0);
    if (st != GBC_OK)
        goto out;
    out->distinct = W.n - 1;
    if (flags & GBC_SOLVE_PARAMETRIZATION)
        st = sv_param_text(ctx, out, &W, S.g, n, R);
    if (st == GBC_OK)
        st = shape_boxes(ctx, out, &S, &W, prec);
    sv_zpoly_clear(ctx, &W);
out:
    if (have_shape)
        shape_clear(ctx, &S);
    sv_sb_clear(ctx, &text);
    gbc_polys_free(G0);
    gbc_ring_free(R0);
    gbc_ring_free(R1);
    return st;
}
