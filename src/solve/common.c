/* solve/common.c: what the solver's files share, below all of them: the growing
 * strings, rational univariate polynomials, error text, the dimension check on the
 * grevlex basis, the result's release and the one printer of solution lists. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gbc.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

void sv_set_err(gbc_error *err, const char *fmt, ...)
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

const gbc_options *sv_sub_options(gbc_options *sub, const gbc_ctx *ctx,
                                  const gbc_options *opts)
{
    if (opts == NULL)
        return NULL;
    size_t mem = 0;
    if (ctx->mem_limit != 0)
        mem = ctx->mem_used < ctx->mem_limit ? ctx->mem_limit - ctx->mem_used : 1;
    double left = 0.0;
    if (ctx->deadline != 0.0) {
        left = ctx->deadline - gbc_wall_time();
        if (left < 1e-6)
            left = 1e-6; /* 0 would mean none: stop at the first poll instead */
    }
    api_options_sub(sub, opts, ctx->cancel, mem, left);
    return sub;
}

size_t sv_polys_bytes(const gbc_polys *G)
{
    if (G == NULL)
        return 0;
    size_t nv = gbc_ring_nvars(gbc_polys_ring(G)), b = 0;
    for (size_t i = 0; i < G->L.n; i++) {
        const ppoly *p = &G->L.p[i];
        b += p->len * (nv * sizeof(uint32_t) + (p->cq != NULL ? sizeof(mpq_t) : sizeof(uint32_t)));
        if (p->cq != NULL)
            for (size_t k = 0; k < p->len; k++)
                b += gbc_mpz_heap(mpq_numref(p->cq[k])) + gbc_mpz_heap(mpq_denref(p->cq[k]));
    }
    return b;
}

/* A ring with gens' variable names (plus extra, when not NULL) in order. */
gbc_status sv_ring_like(gbc_ctx *ctx, gbc_ring **out, const gbc_ring *R,
                        const char *extra, const char *order, gbc_error *err)
{
    uint32_t n = gbc_ring_nvars(R);
    const char **names = NULL;
    gbc_status st0 = GBC_ALLOC(ctx, names, (size_t)n + 1);
    if (st0 != GBC_OK) {
        sv_set_err(err, "%s", gbc_status_string(st0));
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
gbc_status sv_basis_of_text(gbc_ctx *ctx, gbc_polys **basis, const gbc_ring *R,
                            const char *text, const gbc_options *opts, gbc_error *err)
{
    gbc_polys *P = NULL;
    gbc_options sub;
    gbc_status st = gbc_polys_parse(&P, R, text, strlen(text),
                                    sv_sub_options(&sub, ctx, opts), err);
    if (st != GBC_OK)
        return st;
    st = gbc_groebner(basis, P, sv_sub_options(&sub, ctx, opts), NULL);
    gbc_polys_free(P);
    return st;
}

/* The dimension and the number of standard monomials of the ideal whose grevlex
 * basis is G. */
gbc_status sv_dim_degree(gbc_ctx *ctx, int64_t *dim, uint64_t *deg, const gbc_polys *G,
                         const gbc_options *opts)
{
    gbc_monideal *lt = NULL;
    gbc_options sub;
    gbc_status st = gbc_leading_ideal(&lt, G, GBC_LEADING_IS_BASIS,
                                      sv_sub_options(&sub, ctx, opts), NULL);
    if (st == GBC_OK)
        st = gbc_monideal_dim(dim, lt, sv_sub_options(&sub, ctx, opts));
    if (st == GBC_OK && *dim == 0 && deg != NULL)
        st = gbc_monideal_degree(deg, lt, sv_sub_options(&sub, ctx, opts));
    gbc_monideal_free(lt);
    return st;
}

gbc_status sv_zero_dim(gbc_ctx *ctx, gbc_solutions *out, gbc_ring **R0, gbc_polys **G0,
                       uint64_t *deg, const char *text, const gbc_ring *R,
                       const gbc_options *opts, gbc_error *err)
{
    int64_t dim = 0;
    gbc_status st = sv_ring_like(ctx, R0, R, NULL, "grevlex", err);
    if (st == GBC_OK)
        st = sv_basis_of_text(ctx, G0, *R0, text, opts, err);
    if (st == GBC_OK)
        st = sv_dim_degree(ctx, &dim, deg, *G0, opts);
    if (st != GBC_OK)
        return st;
    out->dim = dim;
    if (dim > 0) {
        sv_set_err(err, "the ideal has dimension %lld: it is not zero-dimensional, so its "
                        "solutions are not finitely many", (long long)dim);
        return GBC_ERR_DOMAIN;
    }
    return GBC_OK;
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

/* Coefficient i of the linear form at try attempt, as msolve chooses it: first
 * T = x_n; then T = -(1^(k-1) x_1 + 2^(k-1) x_2 + ... + n^(k-1) x_n) at try
 * k = 1..5; from try 6 on random coefficients in [-B, B] from rng. */
int64_t sv_form_coef(unsigned attempt, uint32_t i, uint32_t n, uint64_t B, gbc_rng *rng)
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
void sv_fresh_name(char *buf, size_t size, const gbc_ring *R)
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

/* msolve's text of a parametrisation up to its polynomials: "[0, [char, \nN, \nD,
 * \n['x', ..., 'A'],\n[form],\n[1,\n[" (N counts A when out->newvar). */
gbc_status sv_param_head(sv_sb *b, const gbc_solutions *out, size_t d, const gbc_ring *R)
{
    uint32_t n = gbc_ring_nvars(R);
    char buf[96];
    snprintf(buf, sizeof buf, "[0, [%u, \n%u, \n%zu, \n[", out->characteristic,
             out->newvar ? n + 1 : n, d);
    gbc_status st = sv_sb_str(NULL, b, buf);
    for (uint32_t i = 0; i < n && st == GBC_OK; i++) {
        st = sv_sb_str(NULL, b, i > 0 ? ", '" : "'");
        if (st == GBC_OK)
            st = sv_sb_str(NULL, b, gbc_ring_var_name(R, i));
        if (st == GBC_OK)
            st = sv_sb_str(NULL, b, "'");
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, b, out->newvar ? ", 'A'],\n[" : "],\n[");
    for (uint32_t i = 0; i < n && st == GBC_OK; i++) {
        if (out->newvar)
            snprintf(buf, sizeof buf, "%lld,", (long long)out->form[i]);
        else
            snprintf(buf, sizeof buf, "%s, ", i + 1 < n ? "0" : "1");
        st = sv_sb_str(NULL, b, i + 1 < n || out->newvar ? buf : "1");
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, b, out->newvar ? "1],\n[1,\n[" : "],\n[1,\n[");
    return st;
}

/* ------------------------------------------------------------ the printer -- */

gbc_status sv_put_solutions(sv_sb *b, const gbc_solutions *s, int msolve)
{
    const sv_field *F = s->field;
    const sv_layout *L = &F->layout[msolve != 0];
    gbc_status st = GBC_OK;
    for (size_t k = 0; k < s->count && st == GBC_OK; k++) {
        if (k > 0)
            st = sv_sb_str(NULL, b, L->sep);
        if (st == GBC_OK)
            st = sv_sb_str(NULL, b, L->open);
        for (uint32_t i = 0; i < s->nvars && st == GBC_OK; i++) {
            if (i > 0)
                st = sv_sb_str(NULL, b, ", ");
            if (st == GBC_OK)
                st = F->put_coord(b, s, k * s->nvars + i, msolve);
        }
        if (st == GBC_OK)
            st = sv_sb_str(NULL, b, L->close);
    }
    return st;
}
