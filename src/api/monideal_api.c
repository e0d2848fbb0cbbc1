/* api/monideal_api: the gbc_monideal handles of include/gbc.h ("monomial ideals").
 * Each entry point validates its arguments, runs in a fresh context configured
 * from the options, and hands back a new handle or caller-owned arrays; on error
 * the outputs are untouched. Handles hold their minimal generators in the
 * canonical order of monideal/ and sort into the ring's term order on output. */
#include <gmp.h>

#include "api/api.h"
#include "common/sort.h"
#include "monideal/monideal.h"

#define HANDLE_CTX NULL

struct gbc_monideal {
    gbc_ring *ring; /* counted reference, or NULL */
    monideal I;     /* minimal generators, canonical order */
};

/* Wrap I (taken over, already minimal) in a new handle referring to ring. */
static gbc_status wrap(gbc_monideal **out, gbc_ring *rg, monideal *I)
{
    gbc_monideal *h = gbc_calloc(HANDLE_CTX, 1, sizeof *h);
    if (h == NULL)
        return GBC_ERR_NOMEM;
    if (rg != NULL)
        api_ring_ref(rg);
    h->ring = rg;
    h->I = *I;
    mi_init(I, I->nvars);
    *out = h;
    return GBC_OK;
}

GBC_API gbc_status gbc_monideal_new(gbc_monideal **ideal, const gbc_ring *rg,
                                    uint32_t nvars, const uint32_t *exps, size_t nmons)
{
    if (ideal == NULL || (exps == NULL && nmons > 0 && nvars > 0))
        return GBC_ERR_ARG;
    if (rg != NULL && gbc_ring_nvars(rg) != nvars)
        return GBC_ERR_ARG;
    monideal I;
    mi_init(&I, nvars);
    gbc_status st = GBC_OK;
    if (nvars == 0) {
        I.n = nmons > 0; /* the unit ideal or the zero ideal of the field */
    } else {
        st = mi_push_rows(HANDLE_CTX, &I, exps, nmons);
        if (st == GBC_OK)
            st = mi_minimize(HANDLE_CTX, &I);
    }
    if (st == GBC_OK)
        st = wrap(ideal, (gbc_ring *)rg, &I);
    mi_clear(HANDLE_CTX, &I);
    return st;
}

GBC_API void gbc_monideal_free(gbc_monideal *ideal)
{
    if (ideal == NULL)
        return;
    mi_clear(HANDLE_CTX, &ideal->I);
    gbc_ring_free(ideal->ring);
    gbc_free(HANDLE_CTX, ideal);
}

GBC_API gbc_status gbc_monideal_copy(gbc_monideal **copy, const gbc_monideal *ideal)
{
    if (copy == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    monideal I;
    mi_init(&I, ideal->I.nvars);
    gbc_status st = mi_copy(HANDLE_CTX, &I, &ideal->I);
    if (st == GBC_OK)
        st = wrap(copy, ideal->ring, &I);
    mi_clear(HANDLE_CTX, &I);
    return st;
}

GBC_API uint32_t gbc_monideal_nvars(const gbc_monideal *ideal)
{
    return ideal ? ideal->I.nvars : 0;
}

GBC_API const gbc_ring *gbc_monideal_ring(const gbc_monideal *ideal)
{
    return ideal ? ideal->ring : NULL;
}

GBC_API size_t gbc_monideal_ngens(const gbc_monideal *ideal)
{
    return ideal ? ideal->I.n : 0;
}

GBC_API void gbc_monideal_array_free(void *array)
{
    gbc_free(HANDLE_CTX, array);
}

/* ------------------------------------------------------ term-order sort -- */

typedef struct ord_sort {
    const mono_order *ord;
    const monideal *I;
} ord_sort;

/* Row indices by increasing term order (arg: the ord_sort). */
static int ord_cmp(const void *pa, const void *pb, void *arg)
{
    const ord_sort *s = arg;
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    return mono_cmp(s->ord, mi_row(s->I, a), mi_row(s->I, b));
}

GBC_API gbc_status gbc_monideal_gens(uint32_t *exps, size_t cap, const gbc_monideal *ideal)
{
    if (ideal == NULL || (exps == NULL && ideal->I.n > 0 && ideal->I.nvars > 0))
        return GBC_ERR_ARG;
    const monideal *I = &ideal->I;
    const uint32_t n = I->nvars;
    if (cap < I->n)
        return GBC_ERR_ARG;
    if (I->n == 0 || n == 0)
        return GBC_OK;
    mono_order grevlex;
    const mono_order *ord = ideal->ring ? &ideal->ring->R.ord : NULL;
    char msg[64];
    if (ord == NULL) {
        GBC_TRY(mono_order_parse(HANDLE_CTX, &grevlex, NULL, n, msg, sizeof msg));
        ord = &grevlex;
    }
    size_t *idx = NULL;
    gbc_status st = GBC_ALLOC(HANDLE_CTX, idx, I->n);
    if (st == GBC_OK) {
        for (size_t i = 0; i < I->n; i++)
            idx[i] = i;
        ord_sort s = {ord, I};
        st = gbc_sort_cmp(HANDLE_CTX, idx, I->n, sizeof *idx, ord_cmp, &s);
    }
    if (st == GBC_OK)
        for (size_t i = 0; i < I->n; i++)
            memcpy(exps + i * n, mi_row(I, idx[i]), sizeof(uint32_t) * n);
    gbc_free(HANDLE_CTX, idx);
    if (ord == &grevlex)
        mono_order_clear(HANDLE_CTX, &grevlex);
    return st;
}

/* -------------------------------------------------------- leading ideal -- */

GBC_API gbc_status gbc_leading_ideal(gbc_monideal **ideal, const gbc_polys *polys,
                                     unsigned flags, const gbc_options *opts,
                                     gbc_stats *stats)
{
    if (ideal == NULL || polys == NULL || (flags & ~GBC_LEADING_IS_BASIS) != 0)
        return GBC_ERR_ARG;
    const ring *R = &polys->ring->R;
    const uint32_t n = R->nvars;
    int monomial = 1;
    for (size_t i = 0; i < polys->L.n && monomial; i++)
        monomial = polys->L.p[i].len <= 1;
    gbc_polys *basis = NULL;
    const gbc_polys *src = polys;
    if (!monomial && !(flags & GBC_LEADING_IS_BASIS)) {
        GBC_TRY(gbc_groebner(&basis, polys, opts, stats));
        src = basis;
    }
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    monideal I;
    mi_init(&I, n);
    gbc_status st = mi_reserve(&ctx, &I, src->L.n);
    for (size_t i = 0; i < src->L.n && st == GBC_OK; i++) {
        const ppoly *p = &src->L.p[i];
        if (p->len == 0)
            continue;
        const uint32_t *lead = p->exps;
        for (size_t t = 1; t < p->len; t++)
            if (mono_cmp(&R->ord, p->exps + t * n, lead) > 0)
                lead = p->exps + t * n;
        if (n == 0) {
            I.n = 1;
            continue;
        }
        st = mi_push(&ctx, &I, lead);
    }
    if (st == GBC_OK && n > 0)
        st = mi_minimize(&ctx, &I);
    if (st == GBC_OK)
        st = wrap(ideal, polys->ring, &I);
    mi_clear(&ctx, &I);
    gbc_polys_free(basis);
    return st;
}

/* -------------------------------------------------------------- queries -- */

GBC_API gbc_status gbc_monideal_contains(int *contains, const gbc_monideal *ideal,
                                         const uint32_t *mono)
{
    if (contains == NULL || ideal == NULL || (mono == NULL && ideal->I.nvars > 0))
        return GBC_ERR_ARG;
    *contains = mi_contains(&ideal->I, mono);
    return GBC_OK;
}

GBC_API gbc_status gbc_monideal_equal(int *equal, const gbc_monideal *a,
                                      const gbc_monideal *b)
{
    if (equal == NULL || a == NULL || b == NULL || a->I.nvars != b->I.nvars)
        return GBC_ERR_ARG;
    *equal = mi_equal(&a->I, &b->I);
    return GBC_OK;
}

/* --------------------------------------------------------- operations -- */

typedef gbc_status (*binop_fn)(gbc_ctx *, monideal *, const monideal *, const monideal *);

static gbc_status binop(gbc_monideal **out, const gbc_monideal *a, const gbc_monideal *b,
                        const gbc_options *opts, binop_fn fn)
{
    if (out == NULL || a == NULL || b == NULL || a->I.nvars != b->I.nvars)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    monideal r;
    mi_init(&r, a->I.nvars);
    gbc_status st = fn(&ctx, &r, &a->I, &b->I);
    if (st == GBC_OK)
        st = wrap(out, a->ring, &r);
    mi_clear(&ctx, &r);
    return st;
}

GBC_API gbc_status gbc_monideal_sum(gbc_monideal **out, const gbc_monideal *a,
                                    const gbc_monideal *b, const gbc_options *opts)
{
    return binop(out, a, b, opts, mi_sum);
}

GBC_API gbc_status gbc_monideal_product(gbc_monideal **out, const gbc_monideal *a,
                                        const gbc_monideal *b, const gbc_options *opts)
{
    return binop(out, a, b, opts, mi_product);
}

GBC_API gbc_status gbc_monideal_intersection(gbc_monideal **out, const gbc_monideal *a,
                                             const gbc_monideal *b,
                                             const gbc_options *opts)
{
    return binop(out, a, b, opts, mi_intersection);
}

GBC_API gbc_status gbc_monideal_colon(gbc_monideal **out, const gbc_monideal *a,
                                      const gbc_monideal *b, const gbc_options *opts)
{
    return binop(out, a, b, opts, mi_colon);
}

GBC_API gbc_status gbc_monideal_colon_mono(gbc_monideal **out, const gbc_monideal *ideal,
                                           const uint32_t *mono, const gbc_options *opts)
{
    if (out == NULL || ideal == NULL || (mono == NULL && ideal->I.nvars > 0))
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    monideal r;
    mi_init(&r, ideal->I.nvars);
    gbc_status st = mi_colon_mono(&ctx, &r, &ideal->I, mono);
    if (st == GBC_OK)
        st = wrap(out, ideal->ring, &r);
    mi_clear(&ctx, &r);
    return st;
}

GBC_API gbc_status gbc_monideal_radical(gbc_monideal **out, const gbc_monideal *ideal,
                                        const gbc_options *opts)
{
    if (out == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    monideal r;
    mi_init(&r, ideal->I.nvars);
    gbc_status st = mi_radical(&ctx, &r, &ideal->I);
    if (st == GBC_OK)
        st = wrap(out, ideal->ring, &r);
    mi_clear(&ctx, &r);
    return st;
}

/* ----------------------------------------------------------- invariants -- */

GBC_API gbc_status gbc_monideal_dim(int64_t *dim, const gbc_monideal *ideal,
                                    const gbc_options *opts)
{
    if (dim == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    int64_t d;
    GBC_TRY(mi_dim(&ctx, &d, &ideal->I));
    *dim = d;
    return GBC_OK;
}

/* The degree as an mpz (initialised by the caller). */
static gbc_status degree_mpz(mpz_t deg, const gbc_monideal *ideal, const gbc_options *opts)
{
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    mi_upoly N;
    mi_upoly_init(&N);
    gbc_status st = mi_hilbert_uni_exact(&ctx, &N, &ideal->I);
    if (st == GBC_OK)
        st = mi_dim_degree_from_hilbert(&ctx, NULL, (void *)deg, &N, ideal->I.nvars);
    mi_upoly_clear(&ctx, &N);
    return st;
}

GBC_API gbc_status gbc_monideal_degree(uint64_t *degree, const gbc_monideal *ideal,
                                       const gbc_options *opts)
{
    if (degree == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    mpz_t d;
    mpz_init(d);
    gbc_status st = degree_mpz(d, ideal, opts);
    if (st == GBC_OK) {
        if (mpz_sgn(d) < 0 || mpz_sizeinbase(d, 2) > 64) {
            st = GBC_ERR_OVERFLOW;
        } else {
            uint64_t v = 0;
            size_t count = 0;
            mpz_export(&v, &count, -1, sizeof v, 0, 0, d);
            *degree = count ? v : 0;
        }
    }
    mpz_clear(d);
    return st;
}

GBC_API gbc_status gbc_monideal_degree_string(char **degree, const gbc_monideal *ideal,
                                              const gbc_options *opts)
{
    if (degree == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    mpz_t d;
    mpz_init(d);
    gbc_status st = degree_mpz(d, ideal, opts);
    if (st == GBC_OK) {
        size_t len = mpz_sizeinbase(d, 10) + 2;
        char *s = gbc_malloc(HANDLE_CTX, len);
        if (s == NULL) {
            st = GBC_ERR_NOMEM;
        } else {
            mpz_get_str(s, 10, d);
            *degree = s;
        }
    }
    mpz_clear(d);
    return st;
}

GBC_API gbc_status gbc_monideal_hilbert(uint64_t **degrees, int64_t **coefs, size_t *nterms,
                                        const gbc_monideal *ideal, const gbc_options *opts)
{
    if (degrees == NULL || coefs == NULL || nterms == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    mi_upoly N;
    mi_upoly_init(&N);
    GBC_TRY(mi_hilbert_uni(&ctx, &N, &ideal->I));
    *degrees = N.deg;
    *coefs = N.coef;
    *nterms = N.n;
    return GBC_OK;
}

GBC_API gbc_status gbc_monideal_hilbert_multigraded(uint32_t **exps, int64_t **coefs,
                                                    size_t *nterms,
                                                    const gbc_monideal *ideal,
                                                    const gbc_options *opts)
{
    if (exps == NULL || coefs == NULL || nterms == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    mi_poly P;
    mi_poly_init(&P, ideal->I.nvars);
    GBC_TRY(mi_hilbert_multi(&ctx, &P, &ideal->I));
    if (P.mons.e == NULL) {
        /* keep the promise of a freeable (possibly empty) array */
        P.mons.e = gbc_malloc(HANDLE_CTX, 1);
        if (P.mons.e == NULL) {
            mi_poly_clear(&ctx, &P);
            return GBC_ERR_NOMEM;
        }
    }
    *exps = P.mons.e;
    *coefs = P.coef;
    *nterms = P.mons.n;
    return GBC_OK;
}

/* Hand the rows of r to the caller as an array. */
static gbc_status give_rows(uint32_t **rows, size_t *nrows, monideal *r)
{
    if (r->e == NULL) {
        r->e = gbc_malloc(HANDLE_CTX, 1);
        if (r->e == NULL)
            return GBC_ERR_NOMEM;
    }
    *rows = r->e;
    *nrows = r->n;
    mi_init(r, r->nvars);
    return GBC_OK;
}

typedef gbc_status (*rows_fn)(gbc_ctx *, monideal *, const monideal *);

static gbc_status rows_op(uint32_t **rows, size_t *nrows, const gbc_monideal *ideal,
                          const gbc_options *opts, rows_fn fn)
{
    if (rows == NULL || nrows == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    monideal r;
    mi_init(&r, ideal->I.nvars);
    gbc_status st = fn(&ctx, &r, &ideal->I);
    if (st == GBC_OK)
        st = give_rows(rows, nrows, &r);
    mi_clear(&ctx, &r);
    return st;
}

GBC_API gbc_status gbc_monideal_irrdecom(uint32_t **comps, size_t *ncomps,
                                         const gbc_monideal *ideal,
                                         const gbc_options *opts)
{
    return rows_op(comps, ncomps, ideal, opts, mi_irrdecom);
}

GBC_API gbc_status gbc_monideal_assoprimes(uint32_t **primes, size_t *nprimes,
                                           const gbc_monideal *ideal,
                                           const gbc_options *opts)
{
    return rows_op(primes, nprimes, ideal, opts, mi_assoprimes);
}

GBC_API gbc_status gbc_monideal_maxstandard(uint32_t **mons, size_t *nmons,
                                            const gbc_monideal *ideal,
                                            const gbc_options *opts)
{
    return rows_op(mons, nmons, ideal, opts, mi_maxstandard);
}

GBC_API gbc_status gbc_monideal_alexdual(gbc_monideal **dual, const gbc_monideal *ideal,
                                         const uint32_t *point, const gbc_options *opts)
{
    if (dual == NULL || ideal == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    monideal r;
    mi_init(&r, ideal->I.nvars);
    gbc_status st = mi_alexdual(&ctx, &r, &ideal->I, point);
    if (st == GBC_OK)
        st = wrap(dual, ideal->ring, &r);
    mi_clear(&ctx, &r);
    return st;
}
