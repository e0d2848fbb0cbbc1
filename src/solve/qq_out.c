/* solve/qq_out.c: the output of a result over Q: the endpoints of its boxes as
 * text (gbc's and msolve's notation, the public endpoint accessor) and msolve's
 * -P 1 parametrisation text. */
#include <stdio.h>
#include <string.h>

#include "gbc.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

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

gbc_status sv_qq_put_interval(sv_sb *b, const gbc_solutions *s, size_t at, int msolve)
{
    gbc_status st = sv_sb_str(NULL, b, "[");
    if (st == GBC_OK)
        st = put_endpoint(NULL, b, s, 2 * at, msolve);
    if (st == GBC_OK)
        st = sv_sb_str(NULL, b, ", ");
    if (st == GBC_OK)
        st = put_endpoint(NULL, b, s, 2 * at + 1, msolve);
    if (st == GBC_OK)
        st = sv_sb_str(NULL, b, "]");
    return st;
}

gbc_status sv_qq_endpoint(char *buf, size_t size, size_t *needed, uint32_t *exponent,
                          const gbc_solutions *s, size_t at)
{
    size_t need = mpz_sizeinbase(s->num[at], 10) + 2;
    /* mpz_sizeinbase may exceed the digits by one: print to know exactly */
    char *tmp = gbc_malloc(NULL, need);
    if (tmp == NULL)
        return GBC_ERR_NOMEM;
    mpz_get_str(tmp, 10, s->num[at]);
    size_t len = strlen(tmp) + 1;
    if (needed != NULL)
        *needed = len;
    if (exponent != NULL)
        *exponent = s->exp[at];
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
    uint32_t shown = out->newvar ? n : n - 1; /* !newvar: the last variable is A */
    gbc_status st = sv_param_head(&b, out, d, R);
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
