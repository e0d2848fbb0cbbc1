/* api/kbase: the quotient ring R/I of a zero-dimensional ideal (gbc_kbase): its
 * normal set B, the standard monomials of the reduced Groebner basis G, and the
 * multiplication by each variable in the basis B (the normal forms of x_i b, by
 * id_normal_form: the heap reducer, exact over Q). G comes from api_groebner under
 * the same context as the rest, so that one memory and time limit covers the call;
 * over Q it is checked (or proved) as gbc_groebner's is. Over Q the exchange form's
 * rationals (G's and the normal forms', held until the call returns) are charged to
 * that context as they are made, so that the memory limit covers them too. */
#include <stdio.h>
#include <string.h>

#include "api/api.h"
#include "common/gmpheap.h"
#include "common/sort.h"
#include "ideal/ideal.h"
#include "monideal/monideal.h"

/* The leading monomials of G (reduced: each polynomial's first term) as a
 * monomial ideal. */
static gbc_status leads_of(gbc_ctx *ctx, monideal *I, const plist *G, uint32_t n)
{
    GBC_TRY(mi_reserve(ctx, I, G->n));
    for (size_t i = 0; i < G->n; i++)
        if (G->p[i].len > 0)
            GBC_TRY(mi_push(ctx, I, G->p[i].exps));
    return GBC_OK;
}

/* For each variable v the least e with x_v^e in LT (0 when there is none: then the
 * ideal is not zero-dimensional). Returns whether every variable has one. */
static int pure_powers(const monideal *I, uint32_t *bound)
{
    const uint32_t n = I->nvars;
    memset(bound, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < I->n; i++) {
        const uint32_t *e = mi_row(I, i);
        uint32_t v = n, support = 0;
        for (uint32_t j = 0; j < n; j++)
            if (e[j] != 0) {
                v = j;
                support++;
            }
        if (support == 1 && (bound[v] == 0 || e[v] < bound[v]))
            bound[v] = e[v];
    }
    for (uint32_t v = 0; v < n; v++)
        if (bound[v] == 0)
            return 0;
    return 1;
}

/* The monomials outside LT into *mons (*count of them, n exponents each), found
 * breadth-first: the parent of a standard monomial m != 1 is m / x_v for the last
 * variable v of m, itself standard (the complement of an ideal is closed under
 * division), so each standard monomial is reached once, from its parent, by
 * multiplying with x_v for v at or after the parent's last variable. */
static gbc_status standard_monomials(gbc_ctx *ctx, const monideal *LT, uint32_t n,
                                     uint32_t **mons, size_t *count)
{
    size_t cap = 0, D = 0;
    uint32_t *m = NULL;
    const size_t row = n ? n : 1;
    gbc_status st = GBC_OK;
    uint32_t *one = NULL;
    GBC_TRY(GBC_ZALLOC(ctx, one, row));
    if (!mi_contains(LT, one)) {
        GBC_CHECK(st, GBC_GROW(ctx, m, cap, row), done);
        memcpy(m, one, sizeof(uint32_t) * row);
        D = 1;
    }
    for (size_t k = 0; k < D; k++) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), done);
        uint32_t last = 0;
        for (uint32_t v = 0; v < n; v++)
            if (m[k * n + v] != 0)
                last = v;
        for (uint32_t v = last; v < n; v++) {
            GBC_CHECK(st, GBC_GROW(ctx, m, cap, (D + 1) * row), done);
            uint32_t *c = m + D * n;
            memcpy(c, m + k * n, sizeof(uint32_t) * n);
            c[v]++;
            if (!mi_contains(LT, c))
                D++;
        }
    }
done:
    gbc_free(ctx, one);
    if (st != GBC_OK) {
        gbc_free(ctx, m);
        return st;
    }
    *mons = m;
    *count = D;
    return GBC_OK;
}

static int by_order(const void *a, const void *b, void *arg)
{
    return mono_cmp((const mono_order *)arg, a, b);
}

/* Append the monomial e (coefficient 1) to L. */
static gbc_status push_monomial(gbc_ctx *ctx, plist *L, const ring *R, const uint32_t *e)
{
    ppoly *p;
    GBC_TRY(plist_push(ctx, L, 1, R->nvars, &R->F, &p));
    memcpy(p->exps, e, sizeof(uint32_t) * R->nvars);
    ppoly_set_one(p, 0, &R->F);
    return GBC_OK;
}

/* The heap bytes of the rationals of L's polynomials from the from-th on (0 over
 * Z/p, where the coefficients are counted by gbc_malloc). */
static size_t qq_bytes(const plist *L, size_t from)
{
    size_t b = 0;
    for (size_t i = from; i < L->n; i++)
        if (L->p[i].cq != NULL)
            for (size_t k = 0; k < L->p[i].len; k++)
                b += gbc_mpz_heap(mpq_numref(L->p[i].cq[k])) +
                     gbc_mpz_heap(mpq_denref(L->p[i].cq[k]));
    return b;
}

/* The normal forms of X's polynomials modulo G appended to mult, a slice of at most
 * a 32nd of them at a time (at least 8): over Q each slice's rationals are charged
 * to ctx (*zb: the bytes charged so far) once it is made, so that what the limit
 * does not yet see is one slice and its reducer's temporaries. */
static gbc_status normal_forms(gbc_ctx *ctx, const ring *R, const plist *X, const plist *G,
                               plist *mult, size_t *zb)
{
    size_t step = X->n / 32 > 8 ? X->n / 32 : 8;
    for (size_t at = 0; at < X->n; at += step) {
        plist slice = {X->n - at < step ? X->n - at : step, 0, X->p + at};
        size_t before = mult->n;
        GBC_TRY(id_normal_form(ctx, R, &slice, G, mult));
        size_t b = qq_bytes(mult, before);
        GBC_TRY(gbc_ctx_charge(ctx, b));
        *zb += b;
    }
    return GBC_OK;
}

/* mult: the normal forms of x_i b_k, i-major, modulo G; *zb the bytes of their
 * rationals charged to ctx. */
static gbc_status products(gbc_ctx *ctx, const ring *R, const plist *G, const uint32_t *B,
                           size_t D, plist *mult, size_t *zb)
{
    const uint32_t n = R->nvars;
    plist X;
    plist_init(&X);
    uint32_t *e = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, e, n ? n : 1), done);
    for (uint32_t i = 0; i < n; i++)
        for (size_t k = 0; k < D; k++) {
            memcpy(e, B + k * n, sizeof(uint32_t) * n);
            e[i]++;
            GBC_CHECK(st, push_monomial(ctx, &X, R, e), done);
        }
    st = normal_forms(ctx, R, &X, G, mult, zb);
done:
    gbc_free(ctx, e);
    plist_clear(ctx, &X, &R->F);
    return st;
}

/* The normal set of G (in ring R, increasing) into *kb and, when mult is not NULL,
 * the products into *mult. GBC_ERR_DOMAIN with the dimension in err when G's ideal
 * is not zero-dimensional. */
static gbc_status quotient_of(gbc_ctx *ctx, const ring *R, const plist *G, plist *kb,
                              plist *mult, size_t *zb, gbc_error *err)
{
    const uint32_t n = R->nvars;
    monideal LT;
    mi_init(&LT, n);
    uint32_t *bound = NULL, *B = NULL;
    size_t D = 0;
    gbc_status st;
    GBC_CHECK(st, leads_of(ctx, &LT, G, n), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, bound, n ? n : 1), done);
    if (!mi_contains(&LT, bound) && !pure_powers(&LT, bound)) { /* bound: all zero */
        int64_t dim = 0;
        GBC_CHECK(st, mi_dim(ctx, &dim, &LT), done);
        if (err != NULL)
            snprintf(err->message, sizeof err->message,
                     "the ideal has dimension %lld: it is not zero-dimensional, so R/I "
                     "has no finite basis",
                     (long long)dim);
        st = GBC_ERR_DOMAIN;
        goto done;
    }
    GBC_CHECK(st, standard_monomials(ctx, &LT, n, &B, &D), done);
    if (n > 0)
        GBC_CHECK(st, gbc_sort_cmp(ctx, B, D, sizeof(uint32_t) * n, by_order,
                                   (void *)&R->ord),
                  done);
    for (size_t k = 0; k < D; k++)
        GBC_CHECK(st, push_monomial(ctx, kb, R, B + k * n), done);
    if (mult != NULL)
        st = products(ctx, R, G, B, D, mult, zb);
done:
    gbc_free(ctx, bound);
    gbc_free(ctx, B);
    mi_clear(ctx, &LT);
    return st;
}

GBC_API gbc_status gbc_kbase(gbc_polys **kbase, gbc_polys **mult, const gbc_polys *gens,
                             const gbc_options *opts, gbc_error *err)
{
    if (err != NULL) {
        err->line = err->column = 0;
        err->message[0] = '\0';
    }
    if (kbase == NULL || gens == NULL)
        return GBC_ERR_ARG;
    *kbase = NULL;
    if (mult != NULL)
        *mult = NULL;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    const ring *R = &gens->ring->R;
    plist G, kb, mu;
    plist_init(&G);
    plist_init(&kb);
    plist_init(&mu);
    gb_stats local;
    memset(&local, 0, sizeof local);
    gbc_polys *k_out = NULL;
    gbc_status st;
    size_t zb = 0; /* bytes of G's and mu's rationals charged to ctx */
    GBC_CHECK(st, api_groebner(&ctx, gens, &G, &local), done);
    zb = qq_bytes(&G, 0);
    if ((st = gbc_ctx_charge(&ctx, zb)) != GBC_OK) {
        zb = 0;
        goto done;
    }
    GBC_CHECK(st, quotient_of(&ctx, R, &G, &kb, mult ? &mu : NULL, &zb, err), done);
    GBC_CHECK(st, api_polys_wrap(&ctx, &k_out, gens->ring, &kb), done);
    if (mult != NULL)
        GBC_CHECK(st, api_polys_wrap(&ctx, mult, gens->ring, &mu), done);
    *kbase = k_out;
    k_out = NULL;
done:
    gbc_ctx_uncharge(&ctx, zb);
    gbc_polys_free(k_out);
    plist_clear(&ctx, &G, &R->F);
    plist_clear(&ctx, &kb, &R->F);
    plist_clear(&ctx, &mu, &R->F);
    if (st != GBC_OK && err != NULL && err->message[0] == '\0')
        snprintf(err->message, sizeof err->message, "%s", gbc_status_string(st));
    return st;
}
