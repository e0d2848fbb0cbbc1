/* fglm/classic: the FGLM traversal for any target order. Monomials are visited in
 * increasing target order, each as x_i times a monomial already found standard
 * (1 first); a visited monomial that a new leading monomial divides is skipped.
 * Its normal form v(m) = M_i v(m / x_i) is reduced against the echelon form of the
 * normal forms of the new standard monomials, with the combination carried along
 * (each row is [reduced vector | its expression in the new standard monomials]).
 * If it reduces to zero, m minus that combination is the next element of the new
 * reduced basis; otherwise m is standard and its multiples are candidates. */
#include "fglm/fglm_int.h"

typedef struct fg_cand {
    size_t off;      /* exponents in the pool */
    uint32_t parent; /* new standard monomial it is a multiple of (UINT32_MAX: 1) */
    uint32_t var;
} fg_cand;

typedef struct fg_trav {
    gbc_ctx *ctx;
    const mono_order *ord;
    uint32_t n;
    uint32_t *pool; /* exponent vectors */
    size_t npool, cappool;
    fg_cand *cand;  /* a binary min-heap under ord */
    size_t ncand, capcand;
} fg_trav;

static int fg_less(const fg_trav *T, const fg_cand *a, const fg_cand *b)
{
    return mono_cmp(T->ord, T->pool + a->off, T->pool + b->off) < 0;
}

static gbc_status fg_push(fg_trav *T, const uint32_t *e, uint32_t parent, uint32_t var)
{
    gbc_ctx *ctx = T->ctx;
    GBC_TRY(GBC_GROW(ctx, T->pool, T->cappool, T->npool + T->n));
    GBC_TRY(GBC_GROW(ctx, T->cand, T->capcand, T->ncand + 1));
    memcpy(T->pool + T->npool, e, sizeof(uint32_t) * T->n);
    fg_cand c = {T->npool, parent, var};
    T->npool += T->n;
    size_t i = T->ncand++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!fg_less(T, &c, &T->cand[up]))
            break;
        T->cand[i] = T->cand[up];
        i = up;
    }
    T->cand[i] = c;
    return GBC_OK;
}

static fg_cand fg_pop(fg_trav *T)
{
    fg_cand top = T->cand[0];
    fg_cand last = T->cand[--T->ncand];
    size_t i = 0, n = T->ncand;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n)
            break;
        if (l + 1 < n && fg_less(T, &T->cand[l + 1], &T->cand[l]))
            l++;
        if (!fg_less(T, &T->cand[l], &last))
            break;
        T->cand[i] = T->cand[l];
        i = l;
    }
    if (n > 0)
        T->cand[i] = last;
    return top;
}

/* Reduce [v | 0] (in acc, 2D entries) by the ns rows in order (row k is zero at
 * the pivots of the rows before it and has width W); returns the first nonzero
 * column of the reduced v, UINT32_MAX when it is zero. acc's first D entries come
 * back reduced modulo p. */
static inline uint32_t cl_reduce(uint64_t *acc, const uint32_t *v, const uint32_t *rows,
                                 const uint32_t *piv, uint32_t ns, uint32_t D, size_t W,
                                 uint32_t p, uint64_t p2, int lazy)
{
    for (uint32_t x = 0; x < D; x++)
        acc[x] = v[x];
    memset(acc + D, 0, sizeof(uint64_t) * D);
    for (uint32_t k = 0; k < ns; k++) {
        uint32_t a = (uint32_t)(acc[piv[k]] % p);
        if (a == 0)
            continue;
        const uint64_t f = p - a;
        const uint32_t *r = rows + (size_t)k * W;
        /* the combination of row k involves new standard monomials 0..k */
        fg_axpy(acc, f, r, D, p2, lazy);
        fg_axpy(acc + D, f, r + D, k + 1, p2, lazy);
    }
    uint32_t pv = UINT32_MAX;
    for (uint32_t x = 0; x < D; x++) {
        acc[x] %= p;
        if (acc[x] != 0 && pv == UINT32_MAX)
            pv = x;
    }
    return pv;
}

/* m + sum acc[D + j] s_j (j < ns; s_j's exponents at pool + sexp[j]) is in the
 * ideal: the next basis element, pushed onto out. */
static gbc_status cl_emit(gbc_ctx *ctx, const field *F, plist *out, const uint32_t *m,
                          uint64_t *acc, uint32_t D, uint32_t ns, const uint32_t *pool,
                          const size_t *sexp, uint32_t n)
{
    const uint32_t p = F->p;
    size_t len = 1;
    for (uint32_t j = 0; j < ns; j++) {
        acc[D + j] %= p;
        len += acc[D + j] != 0;
    }
    ppoly *q;
    GBC_TRY(plist_push(ctx, out, len, n, F, &q));
    memcpy(q->exps, m, sizeof(uint32_t) * n);
    q->cf[0] = 1;
    size_t t = 1;
    for (uint32_t j = ns; j-- > 0;)
        if (acc[D + j] != 0) {
            memcpy(q->exps + t * n, pool + sexp[j], sizeof(uint32_t) * n);
            q->cf[t++] = (uint32_t)acc[D + j];
        }
    return GBC_OK;
}

/* Row ns for a new standard monomial: acc (reduced, first nonzero at pv)
 * normalised at the pivot, its combination ending in the monomial itself. */
static void cl_new_row(const field *F, uint32_t *r, const uint64_t *acc, uint32_t pv,
                       uint32_t ns, uint32_t D)
{
    const uint32_t p = F->p;
    const uint32_t inv = zp_inv(F, (uint32_t)acc[pv]);
    for (uint32_t x = 0; x < D; x++)
        r[x] = zp_mul(F, (uint32_t)acc[x], inv);
    for (uint32_t x = 0; x < ns; x++)
        r[D + x] = zp_mul(F, (uint32_t)(acc[D + x] % p), inv);
    r[D + ns] = inv;
    for (uint32_t x = ns + 1; x < D; x++)
        r[D + x] = 0;
}

/* Standard monomial number ns (pool offset off): its row (cl_new_row) with pivot
 * pv, and a copy of its normal form v in sv[ns]. */
static gbc_status cl_new_std(gbc_ctx *ctx, const field *F, uint32_t *rows, uint32_t *piv,
                             uint32_t **sv, size_t *sexp, const uint64_t *acc,
                             const uint32_t *v, uint32_t pv, uint32_t ns, uint32_t D,
                             size_t off)
{
    cl_new_row(F, rows + (size_t)ns * 2 * D, acc, pv, ns, D);
    piv[ns] = pv;
    GBC_TRY(GBC_ALLOC(ctx, sv[ns], D));
    memcpy(sv[ns], v, sizeof(uint32_t) * D);
    sexp[ns] = off;
    return GBC_OK;
}

/* The candidates x_i m for the standard monomial m (at pool offset off, standard
 * monomial number parent); e is scratch of n entries. */
static gbc_status cl_children(fg_trav *T, uint32_t *e, size_t off, uint32_t parent)
{
    const uint32_t n = T->n;
    for (uint32_t i = 0; i < n; i++) {
        memcpy(e, T->pool + off, sizeof(uint32_t) * n);
        if (e[i] == UINT32_MAX)
            return GBC_ERR_OVERFLOW;
        e[i]++;
        /* the pool may move: off stays valid, pointers do not */
        GBC_TRY(fg_push(T, e, parent, i));
    }
    return GBC_OK;
}

/* The D vectors sv[k] (NULL or allocated) and the array sv (or NULL). */
static void cl_free_vectors(gbc_ctx *ctx, uint32_t **sv, uint32_t D)
{
    if (sv != NULL)
        for (uint32_t k = 0; k < D; k++)
            gbc_free(ctx, sv[k]);
    gbc_free(ctx, sv);
}

/* v = the normal form of 1: the first unit vector of length D. */
static gbc_status cl_unit_vector(uint32_t *v, uint32_t D)
{
    memset(v, 0, sizeof(uint32_t) * D);
    v[0] = 1;
    return GBC_OK;
}

/* Whether the monomial m is a multiple of one of the nleads leading monomials
 * found (pool offsets leads). */
static int cl_is_multiple(const fg_trav *T, const size_t *leads, size_t nleads,
                          const uint32_t *m)
{
    for (size_t k = 0; k < nleads; k++)
        if (mono_divides(T->pool + leads[k], m, T->n))
            return 1;
    return 0;
}

gbc_status fg_classic(fg_src *S, const ring *Rdst, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = S->F;
    const uint32_t D = S->D, n = S->n, p = F->p;
    const uint64_t p2 = (uint64_t)p * p;
    const size_t W = 2 * (size_t)D; /* row width: vector, then combination */
    /* an entry receives at most D subtractions (one per row) after a residue */
    const int lazy = fg_lazy(p, (uint64_t)D + 1);
    fg_trav T = {.ctx = ctx, .ord = &Rdst->ord, .n = n};
    uint32_t **sv = NULL;  /* normal forms of the new standard monomials */
    size_t *sexp = NULL;   /* and their exponents in the pool */
    uint32_t *rows = NULL; /* D rows of width W */
    uint32_t *piv = NULL;
    uint64_t *acc = NULL;
    uint32_t *v = NULL, *e = NULL;
    size_t *leads = NULL, nleads = 0, capleads = 0;
    uint32_t ns = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, sv, D), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, sexp, D), done);
    size_t rsz;
    if (gbc_mul_size(&rsz, W, D)) {
        st = GBC_ERR_NOMEM;
        goto done;
    }
    GBC_CHECK(st, GBC_ALLOC(ctx, rows, rsz), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, piv, D), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, acc, W), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, v, D), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, e, n ? n : 1), done);
    GBC_CHECK(st, fg_push(&T, e, UINT32_MAX, 0), done);
    size_t last = SIZE_MAX; /* pool offset of the monomial visited last */
    while (T.ncand > 0) {
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
        fg_cand c = fg_pop(&T);
        const uint32_t *m = T.pool + c.off;
        /* duplicates come out one after the other: a candidate is larger than
         * the standard monomial it came from */
        if (last != SIZE_MAX && memcmp(T.pool + last, m, sizeof(uint32_t) * n) == 0)
            continue;
        last = c.off;
        if (cl_is_multiple(&T, leads, nleads, m))
            continue;
        /* v(m); 1 is the least standard monomial (not the unit ideal) */
        if (c.parent == UINT32_MAX)
            GBC_CHECK(st, cl_unit_vector(v, D), done);
        else
            GBC_CHECK(st, fg_mul_vec(S, c.var, sv[c.parent], v), done);
        uint32_t pv = cl_reduce(acc, v, rows, piv, ns, D, W, p, p2, lazy);
        if (pv == UINT32_MAX) {
            GBC_CHECK(st, cl_emit(ctx, F, out, m, acc, D, ns, T.pool, sexp, n), done);
            GBC_CHECK(st, GBC_GROW(ctx, leads, capleads, nleads + 1), done);
            leads[nleads++] = c.off;
            continue;
        }
        if (ns == D) {
            /* D + 1 independent normal forms: the source basis was wrong */
            st = GBC_ERR_INTERNAL;
            goto done;
        }
        /* a new standard monomial: its row, its normal form, its multiples */
        GBC_CHECK(st, cl_new_std(ctx, F, rows, piv, sv, sexp, acc, v, pv, ns, D, c.off), done);
        ns++;
        gbc_progress(ctx, "fglm", (double)ns / D, ns);
        GBC_CHECK(st, cl_children(&T, e, c.off, ns - 1), done);
    }
    if (ns != D)
        st = GBC_ERR_INTERNAL; /* fewer standard monomials than the source's */
done:
    cl_free_vectors(ctx, sv, D);
    gbc_free(ctx, sexp);
    gbc_free(ctx, rows);
    gbc_free(ctx, piv);
    gbc_free(ctx, acc);
    gbc_free(ctx, v);
    gbc_free(ctx, e);
    gbc_free(ctx, leads);
    gbc_free(ctx, T.pool);
    gbc_free(ctx, T.cand);
    return st;
}
