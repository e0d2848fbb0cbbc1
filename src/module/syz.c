/* module/syz: syzygies by the standard construction (generators (g_j, e_j) of
 * R^(r+m) in an order that eliminates the first r components), degrees of module
 * elements, and minimal generators of graded submodules degree by degree. */
#include "module/module_int.h"

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
    const uint32_t n = R->nvars;
    const field *F = &R->F;
    menc E;
    memset(&E, 0, sizeof E);
    plist ext, enc, G;
    plist_init(&ext);
    plist_init(&enc);
    plist_init(&G);
    uint32_t *cmap = NULL, *inv = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, cmap, rt), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, inv, rt), done);
    /* c_0..c_{r-1}: the generators' components, eliminated (the weight rows); then
     * the syzygy components, term over position with the higher index larger */
    for (uint32_t i = 0; i < rank; i++) {
        cmap[i] = i;
        inv[i] = UINT32_MAX;
    }
    for (uint32_t j = 0; j < m; j++) {
        cmap[rank + j] = rank + ((uint32_t)m - 1 - j);
        inv[rank + ((uint32_t)m - 1 - j)] = j;
    }
    GBC_CHECK(st, menc_init(ctx, &E, R, rt, rank), done);
    /* ext: element j is (g_j, e_j) in R^(r+m) */
    for (size_t j = 0; j < m; j++) {
        for (uint32_t i = 0; i < rank; i++)
            GBC_CHECK(st, id_plist_push_copy(ctx, &ext, &in->p[j * rank + i], n, F), done);
        for (size_t k = 0; k < m; k++) {
            ppoly *q;
            GBC_CHECK(st, plist_push(ctx, &ext, k == j, n, F, &q), done);
            if (k == j) {
                memset(q->exps, 0, sizeof(uint32_t) * (n ? n : 1));
                if (F->p != 0)
                    q->cf[0] = 1;
                else
                    mpq_set_ui(q->cq[0], 1, 1);
            }
        }
    }
    for (size_t j = 0; j < m; j++)
        GBC_CHECK(st, menc_encode(ctx, &E, R, rt, &ext, j, cmap, &enc), done);
    GBC_CHECK(st, menc_products(ctx, &E, &enc), done);
    GBC_CHECK(st, id_groebner(ctx, &E.S, &enc, &G, stats), done);
    /* the elements free of c_0..c_{r-1} (an elimination order for them) are a
     * Groebner basis of the syzygies; menc_decode skips the others */
    for (size_t k = 0; k < G.n; k++) {
        int taken;
        GBC_CHECK(st, menc_decode(ctx, &E, R, &G.p[k], inv, (uint32_t)m, out, &taken), done);
    }
done:
    menc_clear(ctx, &E);
    gbc_free(ctx, cmap);
    gbc_free(ctx, inv);
    plist_clear(ctx, &ext, F);
    plist_clear(ctx, &enc, F);
    plist_clear(ctx, &G, F);
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

/* keep[i] = 1 when row i of rows (polynomials of S, ns variables) is not a linear
 * combination over F of the rows before it that were kept, else 0: forward
 * elimination on the dense matrix of their coefficients, one column per
 * monomial that occurs. */
static gbc_status independent_rows(gbc_ctx *ctx, const plist *rows, uint32_t ns,
                                   const field *F, int *keep)
{
    const size_t nr = rows->n;
    size_t nt = 0;
    for (size_t i = 0; i < nr; i++)
        nt += rows->p[i].len;
    size_t nslot = 16;
    while (nslot < 2 * nt + 2)
        nslot *= 2;
    const uint32_t **slot = NULL; /* a monomial's exponents, or NULL */
    size_t *scol = NULL, *pc = NULL, *piv = NULL, npiv = 0, ncol = 0;
    size_t **tcol = NULL; /* column of each term */
    uint32_t *A = NULL;
    mpq_t *Aq = NULL;
    size_t nA = 0;
    mpq_t f, t;
    mpq_init(f);
    mpq_init(t);
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, slot, nslot), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, scol, nslot), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, tcol, nr ? nr : 1), done);
    for (size_t i = 0; i < nr; i++) {
        const ppoly *q = &rows->p[i];
        GBC_CHECK(st, GBC_ALLOC(ctx, tcol[i], q->len ? q->len : 1), done);
        for (size_t k = 0; k < q->len; k++) {
            const uint32_t *e = q->exps + k * ns;
            uint64_t h = 1469598103934665603ull;
            for (uint32_t v = 0; v < ns; v++)
                h = (h ^ e[v]) * 1099511628211ull;
            size_t s = (size_t)(h ^ (h >> 31)) & (nslot - 1);
            while (slot[s] != NULL && memcmp(slot[s], e, sizeof(uint32_t) * ns) != 0)
                s = (s + 1) & (nslot - 1);
            if (slot[s] == NULL) {
                slot[s] = e;
                scol[s] = ncol++;
            }
            tcol[i][k] = scol[s];
        }
    }
    const size_t nc = ncol ? ncol : 1;
    GBC_CHECK(st, GBC_ALLOC(ctx, pc, nr ? nr : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, piv, nr ? nr : 1), done);
    if (F->p != 0) {
        GBC_CHECK(st, GBC_ZALLOC(ctx, A, (nr ? nr : 1) * nc), done);
    } else {
        GBC_CHECK(st, GBC_ALLOC(ctx, Aq, (nr ? nr : 1) * nc), done);
        for (; nA < (nr ? nr : 1) * nc; nA++)
            mpq_init(Aq[nA]);
    }
    for (size_t i = 0; i < nr; i++) {
        const ppoly *q = &rows->p[i];
        for (size_t k = 0; k < q->len; k++) {
            if (F->p != 0)
                A[i * nc + tcol[i][k]] = q->cf[k];
            else
                mpq_set(Aq[i * nc + tcol[i][k]], q->cq[k]);
        }
        /* reduce by the pivot rows so far (each zero in the earlier pivots'
         * columns, its pivot entry 1) */
        for (size_t j = 0; j < npiv; j++) {
            const size_t r = piv[j], c = pc[j];
            if (F->p != 0) {
                uint32_t m = A[i * nc + c];
                if (m == 0)
                    continue;
                for (size_t k = 0; k < ncol; k++)
                    if (A[r * nc + k] != 0)
                        A[i * nc + k] = zp_sub(F, A[i * nc + k], zp_mul(F, m, A[r * nc + k]));
            } else {
                if (mpq_sgn(Aq[i * nc + c]) == 0)
                    continue;
                mpq_set(f, Aq[i * nc + c]);
                for (size_t k = 0; k < ncol; k++)
                    if (mpq_sgn(Aq[r * nc + k]) != 0) {
                        mpq_mul(t, f, Aq[r * nc + k]);
                        mpq_sub(Aq[i * nc + k], Aq[i * nc + k], t);
                    }
            }
        }
        size_t c = 0;
        while (c < ncol && (F->p != 0 ? A[i * nc + c] == 0 : mpq_sgn(Aq[i * nc + c]) == 0))
            c++;
        keep[i] = c < ncol;
        if (!keep[i])
            continue;
        if (F->p != 0) {
            uint32_t iv = zp_inv(F, A[i * nc + c]);
            for (size_t k = 0; k < ncol; k++)
                A[i * nc + k] = zp_mul(F, A[i * nc + k], iv);
        } else {
            mpq_inv(f, Aq[i * nc + c]);
            for (size_t k = 0; k < ncol; k++)
                mpq_mul(Aq[i * nc + k], Aq[i * nc + k], f);
        }
        piv[npiv] = i;
        pc[npiv++] = c;
    }
    st = GBC_OK;
done:
    for (size_t k = 0; k < nA; k++)
        mpq_clear(Aq[k]);
    gbc_free(ctx, Aq);
    gbc_free(ctx, A);
    if (tcol != NULL)
        for (size_t i = 0; i < nr; i++)
            gbc_free(ctx, tcol[i]);
    gbc_free(ctx, tcol);
    gbc_free(ctx, slot);
    gbc_free(ctx, scol);
    gbc_free(ctx, pc);
    gbc_free(ctx, piv);
    mpq_clear(f);
    mpq_clear(t);
    return st;
}

gbc_status module_mingens(gbc_ctx *ctx, const ring *R, uint32_t rank, const int64_t *shift,
                       const plist *in, plist *out, int64_t **degs, gb_stats *stats)
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
     * of the normal forms of the kept ones of degree d (one basis per degree) */
    for (size_t k0 = 0, k1; k0 < nz; k0 = k1) {
        k1 = k0;
        while (k1 < nz && dg[idx[k1]] == dg[idx[k0]])
            k1++;
        plist nf;
        plist_init(&nf);
        int *kp = NULL;
        st = mbasis_normal_forms(ctx, &B, R, in, idx + k0, k1 - k0, &nf, stats);
        if (st == GBC_OK)
            st = GBC_ALLOC(ctx, kp, k1 - k0);
        if (st == GBC_OK)
            st = independent_rows(ctx, &nf, B.E.S.nvars, F, kp);
        plist_clear(ctx, &nf, F);
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
