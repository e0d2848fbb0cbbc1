/* module/syz: syzygies by the standard construction (generators (g_j, e_j) of
 * R^(r+m) in an order that eliminates the first r components), degrees of module
 * elements, and minimal generators of graded submodules degree by degree. */
#include "module/module_int.h"

/* The maps of the syzygy encoding of m elements of rank r into r + m components:
 * c_0..c_{r-1} the generators' components, eliminated (the weight rows), then the
 * syzygy components, term over position with the higher index larger; inv maps
 * a syzygy component variable to its index 0..m-1 and leaves the generators'
 * components out (UINT32_MAX). cmap and inv have r + m entries. */
void module_syz_maps(uint32_t rank, uint32_t m, uint32_t *cmap, uint32_t *inv)
{
    for (uint32_t i = 0; i < rank; i++) {
        cmap[i] = i;
        inv[i] = UINT32_MAX;
    }
    for (uint32_t j = 0; j < m; j++) {
        cmap[rank + j] = rank + (m - 1 - j);
        inv[rank + (m - 1 - j)] = j;
    }
}

/* Append to ext the m elements (g_j, e_j) of R^(r+m), g_j element j of in (rank
 * r; copied). */
gbc_status module_syz_extend(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                             size_t m, plist *ext)
{
    const uint32_t n = R->nvars;
    const field *F = &R->F;
    const mcf_ops *o = mcf_for(F);
    for (size_t j = 0; j < m; j++) {
        for (uint32_t i = 0; i < rank; i++)
            GBC_TRY(id_plist_push_copy(ctx, ext, &in->p[j * rank + i], n, F));
        for (size_t k = 0; k < m; k++) {
            ppoly *q;
            GBC_TRY(plist_push(ctx, ext, k == j, n, F, &q));
            if (k == j) {
                memset(q->exps, 0, sizeof(uint32_t) * (n ? n : 1));
                o->set_one(mcv_of(q), 0);
            }
        }
    }
    return GBC_OK;
}

gbc_status module_syz(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in, plist *out,
                   gb_stats *stats)
{
    if (rank < 1 || in->n % rank != 0)
        return GBC_ERR_INTERNAL;
    const size_t m = in->n / rank;
    if (m == 0)
        return GBC_OK;
    if (m > UINT32_MAX / 4 - rank)
        return GBC_ERR_LIMIT;
    const uint32_t rt = rank + (uint32_t)m;
    menc E;
    memset(&E, 0, sizeof E);
    plist ext;
    plist_init(&ext);
    uint32_t *cmap = NULL, *inv = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, cmap, rt), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, inv, rt), done);
    module_syz_maps(rank, (uint32_t)m, cmap, inv);
    GBC_CHECK(st, menc_init(ctx, &E, R, rt, rank), done);
    GBC_CHECK(st, module_syz_extend(ctx, R, rank, in, m, &ext), done);
    /* the elements free of c_0..c_{r-1} (an elimination order for them) are a
     * Groebner basis of the syzygies; menc_decode skips the others */
    st = menc_module_basis(ctx, &E, R, rt, &ext, cmap, inv, (uint32_t)m, out, stats);
done:
    menc_clear(ctx, &E);
    gbc_free(ctx, cmap);
    gbc_free(ctx, inv);
    plist_clear(ctx, &ext, &R->F);
    return st;
}

int module_elem_degree(const ring *R, uint32_t rank, const plist *L, size_t j,
                    const int64_t *shift, int64_t *deg)
{
    const uint32_t n = R->nvars;
    int seen = 0;
    int64_t d0 = 0;
    for (uint32_t i = 0; i < rank; i++) {
        const ppoly *f = &L->p[j * rank + i];
        for (size_t t = 0; t < f->len; t++) {
            int64_t d = (int64_t)mono_degree(f->exps + t * n, n) + (shift ? shift[i] : 0);
            if (!seen) {
                d0 = d;
                seen = 1;
            } else if (d != d0) {
                return 0;
            }
        }
    }
    if (!seen)
        return -1;
    *deg = d0;
    return 1;
}

/* The columns of a set of rows (polynomials of S, ns variables): one per
 * monomial that occurs, numbered in order of first occurrence; tcol[i][k] is the
 * column of term k of row i. The monomials are found through an open-addressing
 * table of pointers into the rows (which must outlive it). */
typedef struct colmap {
    size_t nr;
    const uint32_t **slot; /* a monomial's exponents, or NULL */
    size_t *scol;
    size_t **tcol;
    size_t ncol;
} colmap;

static void colmap_clear(gbc_ctx *ctx, colmap *M)
{
    if (M->tcol != NULL)
        for (size_t i = 0; i < M->nr; i++)
            gbc_free(ctx, M->tcol[i]);
    gbc_free(ctx, M->tcol);
    gbc_free(ctx, M->slot);
    gbc_free(ctx, M->scol);
    memset(M, 0, sizeof *M);
}

/* Fill M (zeroed by the caller) for rows; on failure the caller clears it. */
static gbc_status colmap_build(gbc_ctx *ctx, colmap *M, const plist *rows, uint32_t ns)
{
    const size_t nr = rows->n;
    size_t nt = 0;
    for (size_t i = 0; i < nr; i++)
        nt += rows->p[i].len;
    size_t nslot = 16;
    while (nslot < 2 * nt + 2)
        nslot *= 2;
    M->nr = nr;
    GBC_TRY(GBC_ZALLOC(ctx, M->slot, nslot));
    GBC_TRY(GBC_ALLOC(ctx, M->scol, nslot));
    GBC_TRY(GBC_ZALLOC(ctx, M->tcol, nr ? nr : 1));
    for (size_t i = 0; i < nr; i++) {
        const ppoly *q = &rows->p[i];
        GBC_TRY(GBC_ALLOC(ctx, M->tcol[i], q->len ? q->len : 1));
        for (size_t k = 0; k < q->len; k++) {
            const uint32_t *e = q->exps + k * ns;
            uint64_t h = 1469598103934665603ull;
            for (uint32_t v = 0; v < ns; v++)
                h = (h ^ e[v]) * 1099511628211ull;
            size_t s = (size_t)(h ^ (h >> 31)) & (nslot - 1);
            while (M->slot[s] != NULL && memcmp(M->slot[s], e, sizeof(uint32_t) * ns) != 0)
                s = (s + 1) & (nslot - 1);
            if (M->slot[s] == NULL) {
                M->slot[s] = e;
                M->scol[s] = M->ncol++;
            }
            M->tcol[i][k] = M->scol[s];
        }
    }
    return GBC_OK;
}

/* keep[i] = 1 when row i of rows (polynomials of S, ns variables) is not a linear
 * combination over F of the rows before it that were kept, else 0: forward
 * elimination on the dense matrix of their coefficients, one column per
 * monomial that occurs. */
static gbc_status independent_rows(gbc_ctx *ctx, const plist *rows, uint32_t ns,
                                   const field *F, int *keep)
{
    const mcf_ops *o = mcf_for(F);
    const size_t nr = rows->n;
    colmap M;
    memset(&M, 0, sizeof M);
    size_t *pc = NULL, *piv = NULL, npiv = 0;
    mcv A = {NULL, NULL};
    size_t nA = 0;
    mcf_tmp w;
    mcf_tmp_init(&w);
    gbc_status st;
    GBC_CHECK(st, colmap_build(ctx, &M, rows, ns), done);
    const size_t ncol = M.ncol, nc = ncol ? ncol : 1;
    GBC_CHECK(st, GBC_ALLOC(ctx, pc, nr ? nr : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, piv, nr ? nr : 1), done);
    GBC_CHECK(st, o->alloc(ctx, &A, (nr ? nr : 1) * nc, (nr ? nr : 1) * nc), done);
    nA = (nr ? nr : 1) * nc;
    for (size_t i = 0; i < nr; i++) {
        const ppoly *q = &rows->p[i];
        for (size_t k = 0; k < q->len; k++)
            o->set(A, i * nc + M.tcol[i][k], mcv_of(q), k);
        /* reduce by the pivot rows so far (each zero in the earlier pivots'
         * columns, its pivot entry 1) */
        for (size_t j = 0; j < npiv; j++)
            o->row_elim(F, A, i * nc, piv[j] * nc, pc[j], ncol, &w);
        size_t c = o->first_nonzero(A, i * nc, ncol);
        keep[i] = c < ncol;
        if (!keep[i])
            continue;
        o->scale_inv(F, A, i * nc, ncol, c, &w);
        piv[npiv] = i;
        pc[npiv++] = c;
    }
    st = GBC_OK;
done:
    o->clear(ctx, &A, nA);
    colmap_clear(ctx, &M);
    gbc_free(ctx, pc);
    gbc_free(ctx, piv);
    mcf_tmp_clear(&w);
    return st;
}

size_t mcount_at(const mcount *c, int64_t d)
{
    size_t mu = 0;
    for (size_t k = 0; k < c->b2->n; k++)
        mu += c->b2->deg[k] == d;
    for (size_t k = 0; k < c->m; k++)
        mu += c->shift[k] == d;
    for (size_t k = 0; k < c->b1->n; k++)
        mu -= c->b1->deg[k] == d; /* b1_d <= m_d: the generators cover M */
    return mu;
}

/* The kept elements so far: those appended to out from index base on (rank r),
 * their degrees deg[0..n). */
typedef struct mkept {
    const plist *out;
    size_t base, n;
    const int64_t *deg;
} mkept;

/* Bounds of the linear-algebra test (pick_linear): the rows, and the rows times
 * the terms (the dense matrix's size is at most that). */
#define PICK_MAX_ROWS 4000
#define PICK_MAX_AREA 10000000

/* Append to rows the encoding (B's) of x^a times element j of L (rank r). */
static gbc_status push_product(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L,
                               size_t j, const uint32_t *a, plist *rows)
{
    const uint32_t n = R->nvars, r = B->rank;
    const mcf_ops *o = mcf_for(&R->F);
    plist t;
    plist_init(&t);
    gbc_status st = GBC_OK;
    for (uint32_t i = 0; st == GBC_OK && i < r; i++) {
        const ppoly *f = &L->p[j * r + i];
        ppoly *q;
        st = plist_push(ctx, &t, f->len, n, &R->F, &q);
        for (size_t k = 0; st == GBC_OK && k < f->len; k++) {
            for (uint32_t v = 0; v < n; v++) {
                uint64_t e = (uint64_t)f->exps[k * n + v] + a[v];
                if (e > UINT32_MAX / 2)
                    st = GBC_ERR_OVERFLOW;
                q->exps[k * n + v] = (uint32_t)e;
            }
            o->set(mcv_of(q), k, mcv_of(f), k);
        }
    }
    if (st == GBC_OK)
        st = menc_encode(ctx, &B->E, R, r, &t, 0, B->cmap, rows);
    plist_clear(ctx, &t, &R->F);
    return st;
}

int mmono_next(uint32_t *e, uint32_t n)
{
    uint32_t i = n - 1;
    while (i-- > 0)
        if (e[i] > 0) {
            uint32_t t = e[n - 1];
            e[n - 1] = 0;
            e[i]--;
            e[i + 1] = t + 1;
            return 1;
        }
    return 0;
}

size_t mmono_count(uint64_t g, uint32_t n, size_t cap)
{
    uint64_t c = 1;
    for (uint32_t k = 1; k < n; k++) {
        c = c * (g + k) / k; /* exact: a product of k consecutive integers over k! */
        if (c > cap)
            return cap + 1;
    }
    return (size_t)c;
}

/* The test of mingens_pick without a Groebner basis, modulo p when the matrix is
 * small: the degree-d part of the submodule generated by the kept elements is
 * spanned by their multiples x^a k of degree d, so an element of degree d is
 * kept when its row is independent of all those and of the rows of degree d
 * before it. *done = 0 (nothing set) when the bounds say no. */
static gbc_status pick_linear(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *in,
                              const size_t *idx, size_t nk, int64_t d, const mkept *K,
                              int *kp, int *done)
{
    const uint32_t n = R->nvars, r = B->rank;
    *done = 0;
    if (mcf_for(&R->F) == &mcf_qq || n == 0)
        return GBC_OK; /* over Q a dense matrix of rationals: the basis instead */
    size_t nr = nk, area = 0;
    for (size_t k = 0; k < K->n && nr <= PICK_MAX_ROWS; k++)
        nr += mmono_count((uint64_t)(d - K->deg[k]), n, PICK_MAX_ROWS);
    if (nr > PICK_MAX_ROWS)
        return GBC_OK;
    for (size_t k = 0; k < K->n; k++)
        area += mmono_count((uint64_t)(d - K->deg[k]), n, PICK_MAX_ROWS) *
                melem_len(K->out, r, K->base / r + k);
    for (size_t k = 0; k < nk; k++)
        area += melem_len(in, r, idx[k]);
    if (area > PICK_MAX_AREA / nr)
        return GBC_OK;
    plist rows;
    plist_init(&rows);
    uint32_t *a = NULL;
    int *keep = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, a, n), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, keep, nr), fail);
    for (size_t k = 0; k < K->n; k++) {
        memset(a, 0, sizeof(uint32_t) * n);
        a[0] = (uint32_t)(d - K->deg[k]);
        do
            GBC_CHECK(st, push_product(ctx, B, R, K->out, K->base / r + k, a, &rows), fail);
        while (mmono_next(a, n));
    }
    for (size_t k = 0; k < nk; k++)
        GBC_CHECK(st, menc_encode(ctx, &B->E, R, r, in, idx[k], B->cmap, &rows), fail);
    if (rows.n != nr) {
        st = GBC_ERR_INTERNAL;
        goto fail;
    }
    GBC_CHECK(st, independent_rows(ctx, &rows, B->E.S.nvars, &R->F, keep), fail);
    for (size_t k = 0; k < nk; k++)
        kp[k] = keep[nr - nk + k];
    *done = 1;
fail:
    plist_clear(ctx, &rows, &R->F);
    gbc_free(ctx, a);
    gbc_free(ctx, keep);
    return st;
}

/* kp[k] = whether element idx[k] of in (k < nk, all of one degree d) is kept:
 * all of them when the count mu_d (cnt, may be NULL) is nk, none when it is 0,
 * else the normal forms modulo B's basis of those kept in lower degrees, kept
 * when independent of the ones before them. */
static gbc_status mingens_pick(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *in,
                               const size_t *idx, size_t nk, int64_t d, const mcount *cnt,
                               const mkept *K, int *kp, gb_stats *stats)
{
    if (cnt != NULL) {
        size_t mu = mcount_at(cnt, d);
        if (mu > nk)
            return GBC_ERR_INTERNAL;
        if (mu == 0 || mu == nk) {
            for (size_t k = 0; k < nk; k++)
                kp[k] = mu != 0;
            return GBC_OK;
        }
        int done;
        GBC_TRY(pick_linear(ctx, B, R, in, idx, nk, d, K, kp, &done));
        if (done)
            return GBC_OK;
    }
    plist nf;
    plist_init(&nf);
    gbc_status st = mbasis_normal_forms(ctx, B, R, in, idx, nk, &nf, stats);
    if (st == GBC_OK)
        st = independent_rows(ctx, &nf, B->E.S.nvars, &R->F, kp);
    plist_clear(ctx, &nf, &R->F);
    return st;
}

gbc_status module_mingens_counted(gbc_ctx *ctx, const ring *R, uint32_t rank,
                                  const int64_t *shift, const plist *in, const mcount *cnt,
                                  plist *out, int64_t **degs, gb_stats *stats)
{
    *degs = NULL;
    if (rank < 1 || in->n % rank != 0)
        return GBC_ERR_INTERNAL;
    const size_t m = in->n / rank;
    const uint32_t n = R->nvars;
    const field *F = &R->F;
    size_t *idx = NULL, nz = 0;
    int64_t *dg = NULL, *kept = NULL;
    size_t nkept = 0, base = out->n;
    mbasis B;
    memset(&B, 0, sizeof B);
    plist_init(&B.G);
    plist_init(&B.add);
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, idx, m ? m : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, dg, m ? m : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, kept, m ? m : 1), done);
    for (size_t j = 0; j < m; j++) {
        int h = module_elem_degree(R, rank, in, j, shift, &dg[j]);
        if (h == 0) {
            st = GBC_ERR_DOMAIN;
            goto done;
        }
        if (h > 0) {
            /* insertion by degree, stable */
            size_t k = nz++;
            while (k > 0 && dg[idx[k - 1]] > dg[j]) {
                idx[k] = idx[k - 1];
                k--;
            }
            idx[k] = j;
        }
    }
    GBC_CHECK(st, mbasis_init(ctx, &B, R, rank), done);
    /* degree by degree: the normal forms modulo a basis of what was kept in lower
     * degrees are linear in the element, so an element of degree d lies in the
     * submodule generated by the kept ones iff its normal form is a combination
     * of the normal forms of the kept ones of degree d (one basis per degree,
     * computed only for the degrees whose count does not decide) */
    for (size_t k0 = 0, k1; k0 < nz; k0 = k1) {
        k1 = k0;
        while (k1 < nz && dg[idx[k1]] == dg[idx[k0]])
            k1++;
        int *kp = NULL;
        st = GBC_ALLOC(ctx, kp, k1 - k0);
        mkept K = {out, base, nkept, kept};
        if (st == GBC_OK)
            st = mingens_pick(ctx, &B, R, in, idx + k0, k1 - k0, dg[idx[k0]], cnt, &K, kp,
                              stats);
        for (size_t k = k0; st == GBC_OK && k < k1; k++) {
            if (!kp[k - k0])
                continue;
            size_t j = idx[k];
            st = mbasis_add(ctx, &B, R, in, j);
            for (uint32_t i = 0; st == GBC_OK && i < rank; i++)
                st = id_plist_push_copy(ctx, out, &in->p[j * rank + i], n, F);
            if (st == GBC_OK)
                kept[nkept++] = dg[j];
        }
        gbc_free(ctx, kp);
        if (st != GBC_OK)
            goto undo;
    }
    if (nkept > 0) {
        *degs = kept;
        kept = NULL;
    }
    goto done;
undo:
    /* leave out as it was: drop what this call appended */
    while (out->n > base)
        plist_pop(ctx, out, F);
done:
    mbasis_clear(ctx, &B);
    gbc_free(ctx, idx);
    gbc_free(ctx, dg);
    gbc_free(ctx, kept);
    return st;
}

gbc_status module_mingens(gbc_ctx *ctx, const ring *R, uint32_t rank, const int64_t *shift,
                          const plist *in, plist *out, int64_t **degs, gb_stats *stats)
{
    return module_mingens_counted(ctx, R, rank, shift, in, NULL, out, degs, stats);
}
