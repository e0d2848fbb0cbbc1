/* solve/solve_api.c: the public calls of the solver (gbc.h, "Solving"): argument
 * checks, the result handle and its accessors, and the printers of the solutions
 * (gbc's one-box-a-line format and msolve's output, with its parametrisation). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gbc.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

static void put_err(gbc_error *err, const char *msg)
{
    if (err == NULL)
        return;
    err->line = 0;
    err->column = 0;
    snprintf(err->message, sizeof err->message, "%s", msg);
}

GBC_API gbc_status gbc_solve(gbc_solutions **sols, const gbc_polys *gens, uint32_t precision,
                     unsigned flags, const gbc_options *opts, gbc_error *err)
{
    if (sols == NULL || gens == NULL) {
        put_err(err, "a required pointer is NULL");
        return GBC_ERR_ARG;
    }
    if (precision == 0)
        precision = GBC_SOLVE_DEFAULT_PRECISION;
    if (precision > GBC_SOLVE_MAX_PRECISION) {
        put_err(err, "the precision must be at most 1048576 bits");
        return GBC_ERR_ARG;
    }
    if (flags & ~(unsigned)(GBC_SOLVE_PARAMETRIZATION | GBC_SOLVE_LEX)) {
        put_err(err, "unknown flags");
        return GBC_ERR_ARG;
    }
    if (err != NULL)
        err->message[0] = '\0';
    gbc_ctx ctx;
    gbc_plan plan; /* the context reads it */
    api_ctx_from_options(&ctx, &plan, opts);
    gbc_solutions *s = gbc_calloc(NULL, 1, sizeof *s);
    if (s == NULL) {
        put_err(err, "out of memory");
        return GBC_ERR_NOMEM;
    }
    const gbc_ring *R = gbc_polys_ring(gens);
    s->nvars = gbc_ring_nvars(R);
    s->characteristic = gbc_ring_characteristic(R);
    s->precision = precision;
    gbc_status st = s->characteristic == 0
                        ? sv_solve_q(&ctx, s, gens, precision, flags, opts, err)
                        : sv_solve_zp(&ctx, s, gens, opts, err);
    if (st != GBC_OK) {
        if (err != NULL && err->message[0] == '\0')
            put_err(err, gbc_status_string(st));
        sv_solutions_free(s);
        return st;
    }
    *sols = s;
    return GBC_OK;
}

GBC_API void gbc_solutions_free(gbc_solutions *sols)
{
    sv_solutions_free(sols);
}

GBC_API size_t gbc_solutions_count(const gbc_solutions *sols)
{
    return sols != NULL ? sols->count : 0;
}

GBC_API uint32_t gbc_solutions_nvars(const gbc_solutions *sols)
{
    return sols != NULL ? sols->nvars : 0;
}

GBC_API int64_t gbc_solutions_dim(const gbc_solutions *sols)
{
    return sols != NULL ? sols->dim : -1;
}

GBC_API size_t gbc_solutions_distinct(const gbc_solutions *sols)
{
    return sols != NULL ? sols->distinct : 0;
}

GBC_API gbc_status gbc_solutions_endpoint(char *buf, size_t size, size_t *needed, uint32_t *exponent,
                                  const gbc_solutions *sols, size_t i, uint32_t var,
                                  int upper)
{
    if (sols == NULL || i >= sols->count || var >= sols->nvars)
        return GBC_ERR_ARG;
    if (sols->characteristic != 0)
        return GBC_ERR_DOMAIN;
    size_t at = ((size_t)i * sols->nvars + var) * 2 + (upper != 0);
    size_t need = mpz_sizeinbase(sols->num[at], 10) + 2;
    /* mpz_sizeinbase may exceed the digits by one: print to know exactly */
    char *tmp = gbc_malloc(NULL, need);
    if (tmp == NULL)
        return GBC_ERR_NOMEM;
    mpz_get_str(tmp, 10, sols->num[at]);
    size_t len = strlen(tmp) + 1;
    if (needed != NULL)
        *needed = len;
    if (exponent != NULL)
        *exponent = sols->exp[at];
    gbc_status st = GBC_OK;
    if (buf == NULL && size == 0 && needed != NULL)
        st = GBC_OK; /* a size query */
    else if (buf == NULL || size < len)
        st = GBC_ERR_ARG;
    else
        memcpy(buf, tmp, len);
    gbc_free(NULL, tmp);
    return st;
}

GBC_API gbc_status gbc_solutions_get_zp(uint32_t *point, const gbc_solutions *sols, size_t i)
{
    if (sols == NULL || point == NULL || i >= sols->count)
        return GBC_ERR_ARG;
    if (sols->characteristic == 0)
        return GBC_ERR_DOMAIN;
    if (sols->nvars > 0)
        memcpy(point, sols->zp + i * sols->nvars, sizeof(uint32_t) * sols->nvars);
    return GBC_OK;
}

/* Endpoint at of s: gbc's "p/q" (q = 2^k in decimal; an integer when k = 0) or
 * msolve's "p / 2^k". */
static gbc_status put_endpoint(gbc_ctx *ctx, sv_sb *b, const gbc_solutions *s, size_t at,
                               int msolve)
{
    gbc_status st = sv_sb_mpz(ctx, b, s->num[at]);
    if (st != GBC_OK || s->exp[at] == 0)
        return st;
    if (msolve) {
        char buf[32];
        snprintf(buf, sizeof buf, " / 2^%u", s->exp[at]);
        return sv_sb_str(ctx, b, buf);
    }
    mpz_t d;
    mpz_init(d);
    mpz_setbit(d, s->exp[at]);
    st = sv_sb_str(ctx, b, "/");
    if (st == GBC_OK)
        st = sv_sb_mpz(ctx, b, d);
    mpz_clear(d);
    return st;
}

/* The boxes: msolve's "[[[a, b], ...], ...]" or gbc's lines "[a, b], [c, d]". */
static gbc_status put_boxes(gbc_ctx *ctx, sv_sb *b, const gbc_solutions *s, int msolve)
{
    gbc_status st = msolve ? sv_sb_str(ctx, b, "[") : GBC_OK;
    for (size_t k = 0; k < s->count && st == GBC_OK; k++) {
        if (msolve)
            st = sv_sb_str(ctx, b, k > 0 ? ", [" : "[");
        for (uint32_t i = 0; i < s->nvars && st == GBC_OK; i++) {
            size_t at = (k * s->nvars + i) * 2;
            st = sv_sb_str(ctx, b, i > 0 ? ", [" : "[");
            if (st == GBC_OK)
                st = put_endpoint(ctx, b, s, at, msolve);
            if (st == GBC_OK)
                st = sv_sb_str(ctx, b, ", ");
            if (st == GBC_OK)
                st = put_endpoint(ctx, b, s, at + 1, msolve);
            if (st == GBC_OK)
                st = sv_sb_str(ctx, b, "]");
        }
        if (st == GBC_OK)
            st = sv_sb_str(ctx, b, msolve ? "]" : "\n");
    }
    if (st == GBC_OK && msolve)
        st = sv_sb_str(ctx, b, "]");
    return st;
}

GBC_API gbc_status gbc_solutions_to_string(char **text, size_t *len, const gbc_solutions *sols,
                                   gbc_solve_format format)
{
    if (text == NULL || sols == NULL)
        return GBC_ERR_ARG;
    if (format != GBC_SOLVE_FORMAT_GBC && format != GBC_SOLVE_FORMAT_MSOLVE)
        return GBC_ERR_ARG;
    int msolve = format == GBC_SOLVE_FORMAT_MSOLVE;
    sv_sb b = {NULL, 0, 0};
    gbc_status st = sv_sb_str(NULL, &b, "");
    char buf[32];
    if (sols->characteristic != 0) {
        /* one solution a line, "[a, b, ...]" (msolve: its list of lists) */
        if (st == GBC_OK && msolve)
            st = sv_sb_str(NULL, &b, sols->dim < 0 ? "[-1]:\n" : "[0, [");
        for (size_t k = 0; k < sols->count && st == GBC_OK && sols->dim >= 0; k++) {
            if (msolve && k > 0)
                st = sv_sb_str(NULL, &b, ", ");
            for (uint32_t i = 0; i < sols->nvars && st == GBC_OK; i++) {
                snprintf(buf, sizeof buf, "%s%u", i > 0 ? ", " : "[",
                         sols->zp[k * sols->nvars + i]);
                st = sv_sb_str(NULL, &b, buf);
            }
            if (st == GBC_OK)
                st = sv_sb_str(NULL, &b, sols->nvars == 0 ? "[]" : "]");
            if (st == GBC_OK && !msolve)
                st = sv_sb_str(NULL, &b, "\n");
        }
        if (st == GBC_OK && msolve && sols->dim >= 0)
            st = sv_sb_str(NULL, &b, "]]:\n");
    } else if (msolve && sols->dim < 0) {
        st = sv_sb_str(NULL, &b, "[-1]:\n");
    } else if (msolve) {
        if (sols->param != NULL) {
            st = sv_sb_str(NULL, &b, sols->param);
            if (st == GBC_OK)
                st = sv_sb_str(NULL, &b, ",[1,\n");
        } else {
            st = sv_sb_str(NULL, &b, "[0, [1,\n");
        }
        if (st == GBC_OK)
            st = put_boxes(NULL, &b, sols, 1);
        if (st == GBC_OK)
            st = sv_sb_str(NULL, &b, "\n]]:\n");
    } else if (st == GBC_OK) {
        st = put_boxes(NULL, &b, sols, 0);
    }
    if (st != GBC_OK) {
        sv_sb_clear(NULL, &b);
        return st;
    }
    *text = b.s;
    if (len != NULL)
        *len = b.len;
    return GBC_OK;
}

/* "[d, [c_0, ..., c_d]]" for the coefficients c[0..n) (d = n - 1). */
static gbc_status put_upoly(sv_sb *b, mpz_t *c, size_t n)
{
    char buf[32];
    snprintf(buf, sizeof buf, "[%zu, [", n > 0 ? n - 1 : 0);
    gbc_status st = sv_sb_str(NULL, b, buf);
    for (size_t i = 0; i < n && st == GBC_OK; i++) {
        if (i > 0)
            st = sv_sb_str(NULL, b, ", ");
        if (st == GBC_OK)
            st = sv_sb_mpz(NULL, b, c[i]);
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, b, "]]");
    return st;
}

/* msolve's parametrisation: W(A) = 0, x_i = -v_i(A) / (c_i W'(A)) with v_i
 * integer of degree < deg W and c_i a positive integer; from x_i = g_i(A):
 * v_i / c_i = -(g_i W' mod W). */
gbc_status sv_param_text_v(gbc_ctx *ctx, gbc_solutions *out, const sv_param *P,
                           const gbc_ring *R)
{
    const sv_zpoly *W = &P->W;
    uint32_t n = P->n;
    size_t d = W->n - 1;
    sv_sb b = {NULL, 0, 0};
    char buf[64];
    uint32_t shown = out->newvar ? n : n - 1; /* !newvar: the last variable is A */
    snprintf(buf, sizeof buf, "[0, [0, \n%u, \n%zu, \n[", out->newvar ? n + 1 : n, d);
    gbc_status st = sv_sb_str(NULL, &b, buf);
    for (uint32_t i = 0; i < n && st == GBC_OK; i++) {
        st = sv_sb_str(NULL, &b, i > 0 ? ", '" : "'");
        if (st == GBC_OK)
            st = sv_sb_str(NULL, &b, gbc_ring_var_name(R, i));
        if (st == GBC_OK)
            st = sv_sb_str(NULL, &b, "'");
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, out->newvar ? ", 'A'],\n[" : "],\n[");
    for (uint32_t i = 0; i < n && st == GBC_OK; i++) {
        if (out->newvar)
            snprintf(buf, sizeof buf, "%lld,", (long long)out->form[i]);
        else
            snprintf(buf, sizeof buf, "%s, ", i + 1 < n ? "0" : "1");
        st = sv_sb_str(NULL, &b, i + 1 < n || out->newvar ? buf : "1");
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, out->newvar ? "1],\n[1,\n[" : "],\n[1,\n[");
    if (st == GBC_OK)
        st = put_upoly(&b, W->c, W->n);
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, ",\n");
    if (st == GBC_OK)
        st = put_upoly(&b, P->Q.c, P->Q.n);
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, ",\n[\n");
    /* msolve writes -v with x = -v / (c W'): ours is V / (den W') */
    sv_zpoly V;
    V.c = NULL;
    V.n = V.cap = 0;
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &V, d);
    for (uint32_t v = 0; v < shown && st == GBC_OK; v++) {
        for (size_t j = 0; j < d; j++) {
            if (j < P->V[v].n)
                mpz_neg(V.c[j], P->V[v].c[j]);
            else
                mpz_set_ui(V.c[j], 0);
        }
        st = sv_sb_str(NULL, &b, v > 0 ? ",\n[" : "[");
        if (st == GBC_OK)
            st = put_upoly(&b, V.c, d);
        if (st == GBC_OK)
            st = sv_sb_str(NULL, &b, ",\n");
        if (st == GBC_OK)
            st = sv_sb_mpz(NULL, &b, P->den[v]);
        if (st == GBC_OK)
            st = sv_sb_str(NULL, &b, "]");
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, shown > 0 ? "\n]]]]" : "]]]]");
    sv_zpoly_clear(ctx, &V);
    if (st != GBC_OK) {
        sv_sb_clear(NULL, &b);
        return st;
    }
    out->param = b.s;
    return GBC_OK;
}

gbc_status sv_param_text(gbc_ctx *ctx, gbc_solutions *out, const sv_zpoly *W, const qpoly *g,
                         uint32_t n, const gbc_ring *R)
{
    size_t d = W->n - 1;
    sv_param X;
    gbc_status st = sv_param_init(ctx, &X, n);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &X.W, W->n);
    for (size_t i = 0; st == GBC_OK && i < W->n; i++)
        mpz_set(X.W.c[i], W->c[i]);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &X.Q, d);
    for (size_t i = 1; i <= d && st == GBC_OK; i++)
        mpz_mul_ui(X.Q.c[i - 1], W->c[i], (unsigned long)i);
    /* V_i / den_i = g_i W' mod W over Q (monic division by W's leading
     * coefficient), den_i the lcm of the denominators */
    qpoly Pq;
    Pq.c = NULL;
    Pq.n = 0;
    /* g_i may have degree up to deg w - 1 >= d when w was not squarefree */
    size_t plen = 2 * d + 1;
    for (uint32_t v = 0; v < n; v++)
        if (g[v].n + d > plen)
            plen = g[v].n + d;
    if (st == GBC_OK)
        st = qpoly_init(ctx, &Pq, plen);
    mpq_t t, q;
    mpq_init(t);
    mpq_init(q);
    for (uint32_t v = 0; v < n && st == GBC_OK; v++) {
        for (size_t i = 0; i < Pq.n; i++)
            mpq_set_ui(Pq.c[i], 0, 1);
        for (size_t i = 0; i < g[v].n; i++)
            for (size_t j = 0; j < d; j++) {
                mpq_set_z(t, X.Q.c[j]);
                mpq_mul(t, t, g[v].c[i]);
                mpq_add(Pq.c[i + j], Pq.c[i + j], t);
            }
        for (size_t k = Pq.n; k-- > d;) {
            if (mpq_sgn(Pq.c[k]) == 0)
                continue;
            mpq_set_z(q, W->c[d]);
            mpq_div(q, Pq.c[k], q);
            for (size_t j = 0; j <= d; j++) {
                mpq_set_z(t, W->c[j]);
                mpq_mul(t, t, q);
                mpq_sub(Pq.c[k - d + j], Pq.c[k - d + j], t);
            }
        }
        st = sv_zpoly_init(ctx, &X.V[v], d);
        if (st != GBC_OK)
            break;
        for (size_t j = 0; j < d; j++)
            mpz_lcm(X.den[v], X.den[v], mpq_denref(Pq.c[j]));
        for (size_t j = 0; j < d; j++) {
            mpz_divexact(X.V[v].c[j], X.den[v], mpq_denref(Pq.c[j]));
            mpz_mul(X.V[v].c[j], X.V[v].c[j], mpq_numref(Pq.c[j]));
        }
        sv_zpoly_normalise(&X.V[v]);
    }
    mpq_clear(t);
    mpq_clear(q);
    qpoly_clear(ctx, &Pq);
    if (st == GBC_OK)
        st = sv_param_text_v(ctx, out, &X, R);
    sv_param_clear(ctx, &X);
    return st;
}
