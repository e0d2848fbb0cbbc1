/* module/lift: normal forms of module elements modulo a submodule, and their
 * cofactors in its generators (lift), on the encodings of encode.c and syz.c
 * (docs/modules.md, "Normal forms and lift"). */
#include "module/module_int.h"

/* Append to out the decoding of the encoded normal form p (rank ne, component
 * variable c_k holding component inv[k]): ne zero polynomials for p = 0. */
static gbc_status decode_nf(gbc_ctx *ctx, const menc *E, const ring *R, const ppoly *p,
                            const uint32_t *inv, uint32_t ne, plist *out)
{
    if (p->len == 0) {
        for (uint32_t i = 0; i < ne; i++) {
            ppoly *q;
            GBC_TRY(plist_push(ctx, out, 0, R->nvars, &R->F, &q));
        }
        return GBC_OK;
    }
    int taken = 0;
    GBC_TRY(menc_decode(ctx, E, R, p, inv, ne, out, &taken));
    return taken ? GBC_OK : GBC_ERR_INTERNAL; /* a normal form is linear in the c's */
}

gbc_status module_reduce(gbc_ctx *ctx, const ring *R, uint32_t rank, const module_ord *mo,
                         const plist *gens, const plist *elems, plist *out, gb_stats *stats)
{
    if (rank < 1 || gens->n % rank != 0 || elems->n % rank != 0)
        return GBC_ERR_INTERNAL;
    const size_t k = elems->n / rank;
    mbasis B;
    GBC_TRY(mbasis_init_ord(ctx, &B, R, rank, mo));
    plist nf;
    plist_init(&nf);
    size_t *which = NULL;
    uint32_t *inv = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, which, k ? k : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, inv, rank), done);
    for (uint32_t i = 0; i < rank; i++)
        inv[B.cmap[i]] = i;
    for (size_t j = 0; j < gens->n / rank; j++)
        GBC_CHECK(st, mbasis_add(ctx, &B, R, gens, j), done);
    for (size_t j = 0; j < k; j++)
        which[j] = j;
    GBC_CHECK(st, mbasis_normal_forms(ctx, &B, R, elems, which, k, &nf, stats), done);
    for (size_t j = 0; j < nf.n; j++)
        GBC_CHECK(st, decode_nf(ctx, &B.E, R, &nf.p[j], inv, rank, out), done);
done:
    plist_clear(ctx, &nf, &R->F);
    gbc_free(ctx, which);
    gbc_free(ctx, inv);
    mbasis_clear(ctx, &B);
    return st;
}

/* The Groebner basis of the syzygy encoding of gens (m elements of rank r) in E
 * (r + m components, the first r eliminated), products included, into G. */
static gbc_status lift_basis(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                             const plist *gens, size_t m, const uint32_t *cmap, plist *G,
                             gb_stats *stats)
{
    plist ext;
    plist_init(&ext);
    gbc_status st = module_syz_extend(ctx, R, rank, gens, m, &ext);
    if (st == GBC_OK)
        st = menc_encoded_basis(ctx, E, R, rank + (uint32_t)m, &ext, cmap, G, stats);
    plist_clear(ctx, &ext, &R->F);
    return st;
}

/* Element j of elems (rank r) as (f, 0) of rank r + m, encoded, appended to q. */
static gbc_status lift_query(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                             const plist *elems, size_t j, size_t m, const uint32_t *cmap,
                             plist *q)
{
    const uint32_t n = R->nvars;
    plist one;
    plist_init(&one);
    gbc_status st = GBC_OK;
    for (uint32_t i = 0; st == GBC_OK && i < rank; i++)
        st = id_plist_push_copy(ctx, &one, &elems->p[j * rank + i], n, &R->F);
    for (size_t k = 0; st == GBC_OK && k < m; k++) {
        ppoly *z;
        st = plist_push(ctx, &one, 0, n, &R->F, &z);
    }
    if (st == GBC_OK)
        st = menc_encode(ctx, E, R, rank + (uint32_t)m, &one, 0, cmap, q);
    plist_clear(ctx, &one, &R->F);
    return st;
}

/* From the decoded normal form d (rank r + m) of (f, 0): member = its first r
 * components vanish; then the cofactors are minus the last m, else zero. */
static gbc_status lift_take(gbc_ctx *ctx, const ring *R, uint32_t rank, size_t m,
                            const plist *d, int *member, plist *out)
{
    const mcf_ops *o = mcf_for(&R->F);
    *member = 1;
    for (uint32_t i = 0; i < rank; i++)
        *member &= d->p[i].len == 0;
    for (size_t k = 0; k < m; k++) {
        const ppoly *c = &d->p[rank + k];
        ppoly *q;
        GBC_TRY(plist_push(ctx, out, *member ? c->len : 0, R->nvars, &R->F, &q));
        if (!*member)
            continue;
        memcpy(q->exps, c->exps, sizeof(uint32_t) * R->nvars * c->len);
        for (size_t t = 0; t < c->len; t++)
            o->neg(&R->F, mcv_of(q), t, mcv_of(c), t);
    }
    return GBC_OK;
}

gbc_status module_lift(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                       const plist *elems, plist *out, int *member, gb_stats *stats)
{
    if (rank < 1 || gens->n % rank != 0 || elems->n % rank != 0)
        return GBC_ERR_INTERNAL;
    const size_t m = gens->n / rank, k = elems->n / rank;
    if (m > UINT32_MAX / 4 - rank)
        return GBC_ERR_LIMIT;
    const uint32_t rt = rank + (uint32_t)m;
    menc E;
    memset(&E, 0, sizeof E);
    plist G, q, nf, d;
    plist_init(&G);
    plist_init(&q);
    plist_init(&nf);
    plist_init(&d);
    uint32_t *cmap = NULL, *inv = NULL, *full = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, cmap, rt), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, inv, rt), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, full, rt), done);
    module_syz_maps(rank, (uint32_t)m, cmap, inv);
    for (uint32_t i = 0; i < rt; i++)
        full[cmap[i]] = i; /* every component decoded, in place */
    GBC_CHECK(st, menc_init(ctx, &E, R, rt, rank), done);
    GBC_CHECK(st, lift_basis(ctx, &E, R, rank, gens, m, cmap, &G, stats), done);
    for (size_t j = 0; j < k; j++)
        GBC_CHECK(st, lift_query(ctx, &E, R, rank, elems, j, m, cmap, &q), done);
    GBC_CHECK(st, id_normal_form(ctx, &E.S, &q, &G, &nf), done);
    for (size_t j = 0; j < k; j++) {
        plist_clear(ctx, &d, &R->F);
        GBC_CHECK(st, decode_nf(ctx, &E, R, &nf.p[j], full, rt, &d), done);
        GBC_CHECK(st, lift_take(ctx, R, rank, m, &d, &member[j], out), done);
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
    }
done:
    menc_clear(ctx, &E);
    plist_clear(ctx, &G, &R->F);
    plist_clear(ctx, &q, &R->F);
    plist_clear(ctx, &nf, &R->F);
    plist_clear(ctx, &d, &R->F);
    gbc_free(ctx, cmap);
    gbc_free(ctx, inv);
    gbc_free(ctx, full);
    return st;
}
