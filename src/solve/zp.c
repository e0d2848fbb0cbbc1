/* solve/zp.c: the solutions with coordinates in Z/p of a zero-dimensional system
 * over Z/p. Variable by variable: the roots in Z/p of the eliminating polynomial
 * (gcd with t^p - t, then Cantor-Zassenhaus equal-degree splitting), each root
 * added to the ideal as x_v - r before the next variable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbc.h"
#include "common/sort.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* A polynomial over Z/p: c[0..n), c[i] of t^i, c[n-1] != 0 (n = 0: zero), room
 * for cap coefficients. */
typedef struct zpp {
    uint64_t *c;
    size_t n, cap;
} zpp;

static gbc_status zpp_init(gbc_ctx *ctx, zpp *a, size_t cap)
{
    a->c = NULL;
    a->n = 0;
    a->cap = cap > 0 ? cap : 1;
    return GBC_ZALLOC(ctx, a->c, a->cap);
}

static void zpp_clear(gbc_ctx *ctx, zpp *a)
{
    gbc_free(ctx, a->c);
    a->c = NULL;
    a->n = a->cap = 0;
}

static void zpp_norm(zpp *a)
{
    while (a->n > 0 && a->c[a->n - 1] == 0)
        a->n--;
}

static uint64_t inv_mod(uint64_t a, uint64_t p)
{
    /* a^(p-2) */
    uint64_t r = 1, b = a % p, e = p - 2;
    while (e) {
        if (e & 1)
            r = r * b % p;
        b = b * b % p;
        e >>= 1;
    }
    return r;
}

/* a <- a mod m (m nonzero, normalised); a must have n >= 0. */
static void zpp_rem(zpp *a, const zpp *m, uint64_t p)
{
    uint64_t il = inv_mod(m->c[m->n - 1], p);
    while (a->n >= m->n && a->n > 0) {
        uint64_t q = a->c[a->n - 1] * il % p;
        size_t s = a->n - m->n;
        for (size_t i = 0; i < m->n; i++)
            a->c[s + i] = (a->c[s + i] + (p - q) * m->c[i]) % p;
        zpp_norm(a);
    }
}

/* r <- a b mod m (r distinct from a and b; r's room at least 2 deg m + 1). */
static void zpp_mulmod(zpp *r, const zpp *a, const zpp *b, const zpp *m, uint64_t p)
{
    r->n = a->n && b->n ? a->n + b->n - 1 : 0;
    for (size_t i = 0; i < r->n; i++)
        r->c[i] = 0;
    for (size_t i = 0; i < a->n; i++)
        for (size_t j = 0; j < b->n; j++)
            r->c[i + j] = (r->c[i + j] + a->c[i] * b->c[j]) % p;
    zpp_norm(r);
    zpp_rem(r, m, p);
}

static gbc_status zpp_copy(gbc_ctx *ctx, zpp *d, const zpp *s, size_t cap)
{
    gbc_status st = zpp_init(ctx, d, cap > s->n ? cap : s->n);
    if (st == GBC_OK) {
        memcpy(d->c, s->c, sizeof(uint64_t) * s->n);
        d->n = s->n;
    }
    return st;
}

/* *r (initialised here) = (t + a)^e mod m, e given as a uint64. */
static gbc_status zpp_powmod(gbc_ctx *ctx, zpp *r, uint64_t a, uint64_t e, const zpp *m,
                             uint64_t p)
{
    size_t cap = 2 * m->n + 2;
    zpp b, t;
    gbc_status st = zpp_init(ctx, r, cap);
    if (st != GBC_OK)
        return st;
    st = zpp_init(ctx, &b, cap);
    if (st != GBC_OK) {
        zpp_clear(ctx, r);
        return st;
    }
    st = zpp_init(ctx, &t, cap);
    if (st != GBC_OK) {
        zpp_clear(ctx, r);
        zpp_clear(ctx, &b);
        return st;
    }
    r->c[0] = 1;
    r->n = 1;
    zpp_rem(r, m, p);
    b.c[0] = a % p;
    b.c[1] = 1;
    b.n = 2;
    zpp_norm(&b);
    zpp_rem(&b, m, p);
    while (e) {
        if ((st = gbc_ctx_poll(ctx)) != GBC_OK)
            break;
        if (e & 1) {
            zpp_mulmod(&t, r, &b, m, p);
            zpp T = *r;
            *r = t;
            t = T;
        }
        e >>= 1;
        if (e) {
            zpp_mulmod(&t, &b, &b, m, p);
            zpp T = b;
            b = t;
            t = T;
        }
    }
    zpp_clear(ctx, &b);
    zpp_clear(ctx, &t);
    if (st != GBC_OK)
        zpp_clear(ctx, r);
    return st;
}

/* *g (initialised here) = the monic gcd of a and b. */
static gbc_status zpp_gcd(gbc_ctx *ctx, zpp *g, const zpp *a, const zpp *b, uint64_t p)
{
    zpp x, y;
    size_t cap = (a->n > b->n ? a->n : b->n) + 1;
    gbc_status st = zpp_copy(ctx, &x, a, cap);
    if (st != GBC_OK)
        return st;
    st = zpp_copy(ctx, &y, b, cap);
    if (st != GBC_OK) {
        zpp_clear(ctx, &x);
        return st;
    }
    while (y.n > 0) {
        zpp_rem(&x, &y, p);
        zpp T = x;
        x = y;
        y = T;
    }
    zpp_clear(ctx, &y);
    if (x.n > 0) {
        uint64_t il = inv_mod(x.c[x.n - 1], p);
        for (size_t i = 0; i < x.n; i++)
            x.c[i] = x.c[i] * il % p;
    }
    *g = x;
    return GBC_OK;
}

/* *q (initialised here) = a / b exactly (b divides a). */
static gbc_status zpp_div(gbc_ctx *ctx, zpp *q, const zpp *a, const zpp *b, uint64_t p)
{
    zpp r;
    gbc_status st = zpp_copy(ctx, &r, a, a->n);
    if (st != GBC_OK)
        return st;
    st = zpp_init(ctx, q, a->n - b->n + 1);
    if (st != GBC_OK) {
        zpp_clear(ctx, &r);
        return st;
    }
    q->n = a->n - b->n + 1;
    uint64_t il = inv_mod(b->c[b->n - 1], p);
    for (size_t k = q->n; k-- > 0;) {
        uint64_t c = r.c[k + b->n - 1] * il % p;
        q->c[k] = c;
        for (size_t i = 0; i < b->n; i++)
            r.c[k + i] = (r.c[k + i] + (p - c) * b->c[i]) % p;
    }
    zpp_clear(ctx, &r);
    return GBC_OK;
}

typedef struct u32list {
    uint32_t *v;
    size_t n, cap;
} u32list;

static gbc_status push(gbc_ctx *ctx, u32list *L, uint32_t x)
{
    gbc_status st = GBC_GROW(ctx, L->v, L->cap, L->n + 1);
    if (st == GBC_OK)
        L->v[L->n++] = x;
    return st;
}

/* The roots of h (monic, squarefree, a product of linear factors over Z/p) into L. */
static gbc_status split_roots(gbc_ctx *ctx, u32list *L, const zpp *h, uint64_t p,
                              gbc_rng *rng)
{
    if (h->n <= 1)
        return GBC_OK;
    if (h->n == 2) /* t + c0 (monic) */
        return push(ctx, L, (uint32_t)((p - h->c[0]) % p));
    if (p == 2) { /* h = t (t + 1) */
        gbc_status st = push(ctx, L, 0);
        return st == GBC_OK ? push(ctx, L, 1) : st;
    }
    for (;;) {
        gbc_status st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            return st;
        /* g = gcd(h, (t + a)^((p-1)/2) - 1) splits h for half the a's */
        zpp s, g;
        st = zpp_powmod(ctx, &s, gbc_rng_below(rng, p), (p - 1) / 2, h, p);
        if (st != GBC_OK)
            return st;
        if (s.n == 0) {
            s.c[0] = p - 1;
            s.n = 1;
        } else {
            s.c[0] = (s.c[0] + p - 1) % p;
            zpp_norm(&s);
        }
        if (s.n == 0) { /* (t + a)^((p-1)/2) = 1 modulo h: no split */
            zpp_clear(ctx, &s);
            continue;
        }
        st = zpp_gcd(ctx, &g, h, &s, p);
        zpp_clear(ctx, &s);
        if (st != GBC_OK)
            return st;
        if (g.n > 1 && g.n < h->n) {
            zpp q;
            st = zpp_div(ctx, &q, h, &g, p);
            if (st == GBC_OK)
                st = split_roots(ctx, L, &g, p, rng);
            if (st == GBC_OK)
                st = split_roots(ctx, L, &q, p, rng);
            zpp_clear(ctx, &g);
            zpp_clear(ctx, &q);
            return st;
        }
        zpp_clear(ctx, &g);
    }
}

static int cmp_u32(const void *a, const void *b, void *arg)
{
    (void)arg;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The roots in Z/p of the univariate polynomial of E (in variable v), sorted. */
static gbc_status roots_of(gbc_ctx *ctx, u32list *L, const gbc_polys *E, uint32_t nv,
                           uint32_t v, uint64_t p, gbc_rng *rng)
{
    size_t nt = gbc_polys_nterms(E, 0);
    uint32_t *exps = NULL, *coefs = NULL;
    gbc_status st = GBC_ALLOC(ctx, exps, nt * nv + 1);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, coefs, nt + 1);
    if (st == GBC_OK)
        st = gbc_polys_get_zp(exps, coefs, nt, E, 0);
    zpp f, x, h;
    f.c = x.c = h.c = NULL;
    size_t deg = nt > 0 ? exps[v] : 0; /* the leading term has the highest power */
    if (st == GBC_OK)
        st = zpp_init(ctx, &f, deg + 1);
    if (st == GBC_OK) {
        for (size_t t = 0; t < nt; t++)
            f.c[exps[t * nv + v]] = coefs[t];
        f.n = deg + 1;
        zpp_norm(&f);
    }
    gbc_free(ctx, exps);
    gbc_free(ctx, coefs);
    if (st != GBC_OK) {
        zpp_clear(ctx, &f);
        return st;
    }
    if (f.n <= 1) { /* a nonzero constant: no root */
        zpp_clear(ctx, &f);
        return GBC_OK;
    }
    /* h = gcd(f, t^p - t): the product of f's distinct linear factors */
    st = zpp_powmod(ctx, &x, 0, p, &f, p);
    if (st == GBC_OK) {
        if (x.cap < 2) {
            st = GBC_ERR_INTERNAL;
        } else {
            if (x.n < 2) {
                for (size_t i = x.n; i < 2; i++)
                    x.c[i] = 0;
                x.n = 2;
            }
            x.c[1] = (x.c[1] + p - 1) % p;
            zpp_norm(&x);
            if (x.n == 0) /* f divides t^p - t */
                st = zpp_copy(ctx, &h, &f, f.n);
            else
                st = zpp_gcd(ctx, &h, &f, &x, p);
        }
    }
    if (st == GBC_OK && h.n > 0) {
        uint64_t il = inv_mod(h.c[h.n - 1], p);
        for (size_t i = 0; i < h.n; i++)
            h.c[i] = h.c[i] * il % p;
        size_t first = L->n;
        st = split_roots(ctx, L, &h, p, rng);
        if (st == GBC_OK && L->n > first)
            st = gbc_sort_cmp(ctx, L->v + first, L->n - first, sizeof(uint32_t), cmp_u32,
                              NULL);
    }
    zpp_clear(ctx, &f);
    zpp_clear(ctx, &x);
    zpp_clear(ctx, &h);
    return st;
}

/* The points of V(I) in (Z/p)^n whose first v coordinates are pt[0..v), where
 * text generates I + <x_j - pt[j] : j < v>, appended to out (n values each). */
static gbc_status points(gbc_ctx *ctx, u32list *out, uint32_t *pt, uint32_t v,
                         const char *text, const gbc_ring *R, const gbc_options *opts,
                         gbc_rng *rng, gbc_error *err)
{
    uint32_t n = gbc_ring_nvars(R);
    uint64_t p = gbc_ring_characteristic(R);
    if (v == n) {
        gbc_status st = GBC_OK;
        for (uint32_t i = 0; i < n && st == GBC_OK; i++)
            st = push(ctx, out, pt[i]);
        return st;
    }
    gbc_polys *P = NULL, *E = NULL;
    uint32_t *vars = NULL;
    gbc_options sub;
    gbc_status st = gbc_polys_parse(&P, R, text, strlen(text), sv_sub_options(&sub, ctx, opts),
                                    err);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, vars, n);
    size_t k = 0;
    for (uint32_t i = 0; i < n && st == GBC_OK; i++)
        if (i != v)
            vars[k++] = i;
    if (st == GBC_OK)
        st = gbc_eliminate(&E, P, vars, k, sv_sub_options(&sub, ctx, opts), NULL);
    gbc_free(ctx, vars);
    gbc_polys_free(P);
    if (st != GBC_OK)
        return st;
    u32list roots = {NULL, 0, 0};
    if (gbc_polys_count(E) != 1) {
        gbc_polys_free(E);
        if (err != NULL)
            snprintf(err->message, sizeof err->message,
                     "internal error: an elimination ideal is not principal");
        return GBC_ERR_INTERNAL;
    }
    st = roots_of(ctx, &roots, E, n, v, p, rng);
    gbc_polys_free(E);
    sv_sb t = {NULL, 0, 0};
    char buf[48];
    for (size_t j = 0; j < roots.n && st == GBC_OK; j++) {
        t.len = 0;
        st = sv_sb_str(ctx, &t, text);
        snprintf(buf, sizeof buf, ",\n%u-", roots.v[j]);
        if (st == GBC_OK)
            st = sv_sb_str(ctx, &t, buf);
        if (st == GBC_OK)
            st = sv_sb_str(ctx, &t, gbc_ring_var_name(R, v));
        pt[v] = roots.v[j];
        if (st == GBC_OK)
            st = points(ctx, out, pt, v + 1, t.s, R, opts, rng, err);
    }
    sv_sb_clear(ctx, &t);
    gbc_free(ctx, roots.v);
    return st;
}

/* ------------------------------------ msolve's parametrisation over Z/p -- */

/* The arrays of a reduced lex basis over Z/p (gbc_polys_to_arrays_zp). */
typedef struct lexarrays {
    size_t *nt;
    uint32_t *ex, *cf;
} lexarrays;

/* Whether term j of polynomial k's terms (exponents e, nv of them) is a power of
 * T (the last variable) alone. */
static int t_only(const uint32_t *e, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (e[i] != 0)
            return 0;
    return 1;
}

/* Read the reduced lex basis A (count polynomials, ring x_1..x_n, T) as a shape
 * basis {x_i - g_i(T), w(T)}: *ok, w (monic, room for its degree d + 1
 * coefficients) into *w and g_i (d coefficients each, n of them) into g (room
 * n (d + 1) given by the caller once d is known: *d first, g NULL to ask). */
static void read_zp_shape(int *ok, size_t *d, zpp *w, uint64_t *g, const lexarrays *A,
                          size_t count, uint32_t n, uint64_t p)
{
    uint32_t nv = n + 1;
    *ok = count == (size_t)n + 1;
    size_t off = 0;
    for (size_t k = 0; k < count && *ok; k++) {
        const uint32_t *e = A->ex + off * nv;
        size_t m = A->nt[k];
        off += m;
        if (m == 0) {
            *ok = 0;
        } else if (t_only(e, n)) { /* w: every term a power of T */
            for (size_t j = 0; j < m; j++)
                *ok &= t_only(e + j * nv, n);
            *d = e[n];
            if (*ok && g == NULL)
                continue; /* the degree asked for */
            if (*ok && w->cap > *d) {
                w->n = *d + 1;
                for (size_t j = 0; j < m; j++)
                    w->c[e[j * nv + n]] = A->cf[off - m + j];
            }
        } else if (g != NULL) { /* x_v - g_v(T), monic */
            uint32_t v = n;
            for (uint32_t i = 0; i < n; i++)
                if (e[i] == 1)
                    v = i;
            int lead = v < n && e[n] == 0 && A->cf[off - m] == 1;
            for (uint32_t i = 0; i < n && lead; i++)
                lead = i == v || e[i] == 0;
            *ok &= lead;
            for (size_t j = 1; j < m && *ok; j++) {
                const uint32_t *ej = e + j * nv;
                *ok &= t_only(ej, n) && ej[n] < *d;
                if (*ok)
                    g[(size_t)v * *d + ej[n]] = (p - A->cf[off - m + j]) % p;
            }
        }
    }
}

/* Whether w (monic, degree >= 1) is squarefree over Z/p: gcd(w, w') = 1. */
static gbc_status zpp_squarefree(gbc_ctx *ctx, int *sq, const zpp *w, uint64_t p)
{
    zpp dw, h;
    *sq = 0;
    GBC_TRY(zpp_init(ctx, &dw, w->n));
    for (size_t i = 1; i < w->n; i++)
        dw.c[i - 1] = w->c[i] * (i % p) % p;
    dw.n = w->n - 1;
    zpp_norm(&dw);
    gbc_status st = GBC_OK;
    if (dw.n > 0) { /* w' = 0: w is a p-th power */
        st = zpp_gcd(ctx, &h, w, &dw, p);
        if (st == GBC_OK)
            *sq = h.n == 1;
        if (st == GBC_OK)
            zpp_clear(ctx, &h);
    }
    zpp_clear(ctx, &dw);
    return st;
}

/* msolve's text of the parametrisation over Z/p from w (monic, degree d) and the
 * x_i = g_i(T) (g: n d residues): x_i = -v_i(T) with v_i = -g_i, the
 * denominator 1; the variables but A (the last one when !out->newvar) get one. */
static gbc_status zp_param_text(gbc_solutions *out, const zpp *w, const uint64_t *g,
                                size_t d, const gbc_ring *R)
{
    uint32_t n = gbc_ring_nvars(R);
    uint32_t shown = out->newvar ? n : n - 1;
    sv_sb b = {NULL, 0, 0};
    char buf[40];
    gbc_status st = sv_param_head(&b, out, d, R);
    snprintf(buf, sizeof buf, "[%zu,\n[", d);
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, buf);
    for (size_t i = 0; i <= d && st == GBC_OK; i++) {
        snprintf(buf, sizeof buf, i > 0 ? ", %llu" : "%llu", (unsigned long long)w->c[i]);
        st = sv_sb_str(NULL, &b, buf);
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, "]],\n[0,\n[1]],\n[\n");
    for (uint32_t v = 0; v < shown && st == GBC_OK; v++) {
        /* v_i to its degree, as msolve writes it (a zero v_i as the constant 0) */
        size_t len = d;
        while (len > 1 && g[(size_t)v * d + len - 1] == 0)
            len--;
        snprintf(buf, sizeof buf, "%s[[%zu,\n[", v > 0 ? ",\n" : "", len - 1);
        st = sv_sb_str(NULL, &b, buf);
        uint64_t p = out->characteristic;
        for (size_t i = 0; i < len && st == GBC_OK; i++) {
            uint64_t c = (p - g[(size_t)v * d + i]) % p;
            snprintf(buf, sizeof buf, i > 0 ? ", %llu" : "%llu", (unsigned long long)c);
            st = sv_sb_str(NULL, &b, buf);
        }
        if (st == GBC_OK)
            st = sv_sb_str(NULL, &b, "]]]");
    }
    if (st == GBC_OK)
        st = sv_sb_str(NULL, &b, shown > 0 ? "\n]]]]]:\n" : "]]]]]:\n");
    if (st != GBC_OK) {
        sv_sb_clear(NULL, &b);
        return st;
    }
    out->param = b.s;
    return GBC_OK;
}

/* The text of I + <T + c.x> (c = out->form, the generators' text gtext) in
 * variable tname, into *J (sv_sb_clear frees it). */
static gbc_status form_ideal_text(gbc_ctx *ctx, sv_sb *J, const char *gtext, const char *tname,
                                  const gbc_solutions *out, const gbc_ring *R)
{
    char buf[48];
    gbc_status st = sv_sb_str(ctx, J, gtext);
    if (st == GBC_OK)
        st = sv_sb_str(ctx, J, ",\n");
    if (st == GBC_OK)
        st = sv_sb_str(ctx, J, tname);
    for (uint32_t i = 0; i < out->nvars && st == GBC_OK; i++) {
        snprintf(buf, sizeof buf, "+(%lld)*", (long long)out->form[i]);
        st = sv_sb_str(ctx, J, buf);
        if (st == GBC_OK)
            st = sv_sb_str(ctx, J, gbc_ring_var_name(R, i));
    }
    return st;
}

/* One form of zp_param: the lex basis of I + <T + c.x> in R1 (R's variables and T,
 * lex), and when it is a shape basis with w squarefree the text (*done = 1); a
 * shape basis whose w is not squarefree: I is not radical (*nonradical = 1). */
static gbc_status zp_param_try(gbc_ctx *ctx, gbc_solutions *out, int *done, int *nonradical,
                               const char *gtext, const char *tname, const gbc_ring *R,
                               const gbc_ring *R1, uint64_t D, const gbc_options *opts,
                               gbc_error *err)
{
    uint32_t n = out->nvars;
    uint64_t p = out->characteristic;
    sv_sb J = {NULL, 0, 0};
    gbc_polys *L = NULL;
    lexarrays A = {NULL, NULL, NULL};
    zpp w = {NULL, 0, 0};
    uint64_t *g = NULL;
    gbc_status st = form_ideal_text(ctx, &J, gtext, tname, out, R);
    if (st == GBC_OK)
        st = sv_basis_of_text(ctx, &L, R1, J.s, opts, err);
    if (st == GBC_OK)
        st = gbc_polys_to_arrays_zp(&A.nt, &A.ex, &A.cf, L);
    int ok = 0;
    size_t d = 0;
    if (st == GBC_OK)
        read_zp_shape(&ok, &d, &w, NULL, &A, gbc_polys_count(L), n, p);
    if (st == GBC_OK && ok && d >= 1) {
        st = zpp_init(ctx, &w, d + 1);
        if (st == GBC_OK)
            st = GBC_ZALLOC(ctx, g, (size_t)n * d + 1);
        if (st == GBC_OK)
            read_zp_shape(&ok, &d, &w, g, &A, gbc_polys_count(L), n, p);
        int sq = 0;
        if (st == GBC_OK && ok)
            st = zpp_squarefree(ctx, &sq, &w, p);
        if (st == GBC_OK && ok && !sq)
            *nonradical = 1;
        /* a shape basis with w squarefree: R/I ~ (Z/p)[T]/(w), reduced, of
         * dimension d, which must then be D */
        if (st == GBC_OK && ok && sq && d != D)
            st = GBC_ERR_INTERNAL;
        if (st == GBC_OK && ok && sq) {
            st = zp_param_text(out, &w, g, d, R);
            *done = st == GBC_OK;
        }
    }
    sv_sb_clear(ctx, &J);
    gbc_polys_free(L);
    gbc_array_free(A.nt);
    gbc_array_free(A.ex);
    gbc_array_free(A.cf);
    zpp_clear(ctx, &w);
    gbc_free(ctx, g);
    return st;
}

/* msolve's parametrisation of the solutions over Z/p (its output there) into
 * out->param: the forms in msolve's order (sv_form_coef) until the lex basis of
 * I + <T + c.x> is in shape position with w squarefree (then I is radical and the
 * shape gives every solution over the algebraic closure). GBC_ERR_UNSUPPORTED with
 * a reason for an ideal that is not radical or when 24 forms do not separate. */
static gbc_status zp_param(gbc_ctx *ctx, gbc_solutions *out, const char *gtext,
                           const gbc_ring *R, uint64_t D, const gbc_options *opts,
                           gbc_error *err)
{
    uint32_t n = out->nvars;
    char tname[32];
    sv_fresh_name(tname, sizeof tname, R);
    gbc_ring *R1 = NULL;
    GBC_TRY(sv_ring_like(ctx, &R1, R, tname, "lex", err));
    gbc_status st = GBC_ZALLOC(ctx, out->form, n > 0 ? n : 1);
    gbc_rng frng;
    gbc_rng_seed(&frng, 0x736f6c7665ull);
    int done = 0, nonradical = 0;
    for (unsigned attempt = 0; st == GBC_OK && attempt < 24 && !done && !nonradical;
         attempt++) {
        uint64_t B = (uint64_t)attempt * attempt;
        for (uint32_t i = 0; i < n; i++)
            out->form[i] = sv_form_coef(attempt, i, n, B, &frng);
        out->newvar = attempt > 0;
        st = gbc_ctx_check(ctx);
        if (st == GBC_OK)
            st = zp_param_try(ctx, out, &done, &nonradical, gtext, tname, R, R1, D, opts,
                              err);
    }
    gbc_ring_free(R1);
    if (st == GBC_OK && !done) {
        sv_set_err(err, nonradical
                            ? "the ideal is not radical: msolve's parametrisation modulo p "
                              "is given for radical ideals only"
                            : "no linear form of the first 24 separates the solutions "
                              "modulo p (the ideal may not be radical)");
        st = GBC_ERR_UNSUPPORTED;
    }
    return st;
}

gbc_status sv_solve_zp(gbc_ctx *ctx, gbc_solutions *out, const gbc_polys *gens, uint32_t prec,
                       unsigned flags, const gbc_options *opts, gbc_error *err)
{
    (void)prec;
    const gbc_ring *R = gbc_polys_ring(gens);
    uint32_t n = gbc_ring_nvars(R);
    char *gtext = NULL;
    gbc_ring *R0 = NULL;
    gbc_polys *G0 = NULL;
    u32list pts = {NULL, 0, 0};
    uint32_t *pt = NULL;
    uint64_t D = 0;
    gbc_status st = gbc_polys_to_string(&gtext, NULL, gens, 0);
    if (st == GBC_OK)
        st = sv_zero_dim(ctx, out, &R0, &G0, &D, gtext, R, opts, err);
    if (st != GBC_OK || out->dim < 0)
        goto out;
    if (flags & GBC_SOLVE_PARAMETRIZATION) {
        st = zp_param(ctx, out, gtext, R, D, opts, err);
        if (st != GBC_OK)
            goto out;
    }
    gbc_polys_free(G0); /* it served the dimension check; not held meanwhile */
    G0 = NULL;
    gbc_rng rng;
    gbc_rng_seed(&rng, 0x7a70ull);
    st = GBC_ZALLOC(ctx, pt, n + 1);
    if (st == GBC_OK)
        st = points(ctx, &pts, pt, 0, gtext, R0, opts, &rng, err);
    if (st == GBC_OK) {
        out->count = n > 0 ? pts.n / n : 1; /* no variable: the one empty point */
        out->zp = pts.v;
        pts.v = NULL;
    }
out:
    gbc_free(ctx, pt);
    gbc_free(ctx, pts.v);
    gbc_string_free(gtext);
    gbc_polys_free(G0);
    gbc_ring_free(R0);
    return st;
}

/* ------------------------------------------------------ the Z/p family -- */

/* Coordinate at of s, a residue in decimal (the same in both formats). */
static gbc_status put_residue(sv_sb *b, const gbc_solutions *s, size_t at, int msolve)
{
    (void)msolve;
    char buf[16];
    snprintf(buf, sizeof buf, "%u", s->zp[at]);
    return sv_sb_str(NULL, b, buf);
}

/* A result over Z/p has points, no boxes. */
static gbc_status no_endpoint(char *buf, size_t size, size_t *needed, uint32_t *exponent,
                              const gbc_solutions *s, size_t at)
{
    (void)buf;
    (void)size;
    (void)needed;
    (void)exponent;
    (void)s;
    (void)at;
    return GBC_ERR_DOMAIN;
}

/* Solution i's coordinates into point (nvars of them). */
static gbc_status get_point(uint32_t *point, const gbc_solutions *s, size_t i)
{
    if (s->nvars > 0)
        memcpy(point, s->zp + i * s->nvars, sizeof(uint32_t) * s->nvars);
    return GBC_OK;
}

/* gbc's format: one point a line, "[a, b, ...]"; msolve's: a list of lists. */
const sv_field sv_field_zp = {
    .solve = sv_solve_zp,
    .put_coord = put_residue,
    .endpoint = no_endpoint,
    .point = get_point,
    .layout = {{"[", "]\n", ""}, {"[", "]", ", "}},
    .msolve_open = "[0, [",
    .msolve_close = "]]:\n",
    .param_alone = 1,
};
