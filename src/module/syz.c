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
    for (size_t k = 0; k < nz; k++) {
        size_t j = idx[k];
        int in_span;
        GBC_CHECK(st, mbasis_contains(ctx, &B, R, in, j, &in_span, stats), undo);
        if (in_span)
            continue;
        GBC_CHECK(st, mbasis_add(ctx, &B, R, in, j), undo);
        for (uint32_t i = 0; i < rank; i++)
            GBC_CHECK(st, id_plist_push_copy(ctx, out, &in->p[j * rank + i], n, F), undo);
        kept[nkept++] = dg[j];
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
