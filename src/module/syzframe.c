/* module/syzframe: the minimal syzygies of minimal homogeneous generators modulo
 * p from the second map of the minimal resolution. Its first map's columns G'
 * are minimal generators of M (from its Groebner basis) and its second map's
 * columns minimal syzygies of G'. Generators f with as many elements in each
 * degree as G' are another basis of the same minimal free cover: G' = f S with
 * S square, graded and invertible, so the columns of S d_2 are minimal
 * syzygies of f (docs/modules.md, "Minimal syzygies"). S comes from one small
 * linear system per degree of G' (module_lift_degree). */
#include "module/module_int.h"

#define SYZFRAME_HASH_SEED 0x5f7a3e11ULL

/* Whether the degrees of the m generators (shift) are those of G' (deg, m
 * increasing values) as multisets. */
static gbc_status same_degrees(gbc_ctx *ctx, const int64_t *shift, const int64_t *deg,
                               size_t m, int *same)
{
    int64_t *s = NULL;
    GBC_TRY(GBC_ALLOC(ctx, s, m));
    for (size_t j = 0; j < m; j++) {
        size_t b = j;
        while (b > 0 && s[b - 1] > shift[j]) {
            s[b] = s[b - 1];
            b--;
        }
        s[b] = shift[j];
    }
    *same = 1;
    for (size_t j = 0; j < m; j++)
        *same &= s[j] == deg[j];
    gbc_free(ctx, s);
    return GBC_OK;
}

/* The columns of S, G' = f S: column i (rank m) the cofactors of G'_i. */
static gbc_status lift_cover(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                             const int64_t *shift, const module_res *mr, plist *S)
{
    const size_t m = mr->size[1];
    for (size_t a0 = 0, a1; a0 < m; a0 = a1) {
        for (a1 = a0; a1 < m && mr->deg[1][a1] == mr->deg[1][a0]; a1++)
            ;
        GBC_TRY(module_lift_degree(ctx, R, rank, gens, shift, mr->deg[1][a0], &mr->d[1], a0,
                                   a1 - a0, S));
        GBC_TRY(gbc_ctx_check(ctx));
    }
    return GBC_OK;
}

/* out += the columns of S d_2 (each of rank m), by polynomial products in t:
 * S's entries and each column's entries converted once. */
static gbc_status apply_cover(gbc_ctx *ctx, const ring *R, const plist *S, const plist *d2,
                              size_t m, mht *t, plist *out)
{
    const field *F = &R->F;
    poly *sp = NULL, *col = NULL, acc, tmp, sum;
    poly_init(&acc);
    poly_init(&tmp);
    poly_init(&sum);
    size_t nsp = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, sp, S->n ? S->n : 1), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, col, m), done);
    for (; nsp < S->n; nsp++)
        GBC_CHECK(st, poly_from_plain(ctx, &sp[nsp], &S->p[nsp], t, F), done);
    for (size_t k = 0; k < d2->n / m; k++) {
        for (size_t i = 0; i < m; i++) {
            poly_clear(ctx, &col[i], F);
            GBC_CHECK(st, poly_from_plain(ctx, &col[i], &d2->p[k * m + i], t, F), done);
        }
        for (size_t j = 0; j < m; j++) {
            poly_clear(ctx, &acc, F);
            for (size_t i = 0; i < m; i++) {
                const poly *a = &sp[i * m + j]; /* S_{j,i} */
                if (a->len == 0 || col[i].len == 0)
                    continue;
                poly_clear(ctx, &sum, F);
                GBC_CHECK(st, poly_mul(ctx, &sum, a, &col[i], t, F), done);
                poly_clear(ctx, &tmp, F);
                GBC_CHECK(st, poly_add_scaled(ctx, &tmp, &acc, &sum, 1, NULL, t, F), done);
                poly_swap(&acc, &tmp);
            }
            GBC_CHECK(st, plist_push_poly(ctx, out, &acc, t, F, 0), done);
        }
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
    }
done:
    for (size_t i = 0; i < nsp; i++)
        poly_clear(ctx, &sp[i], F);
    for (size_t i = 0; col != NULL && i < m; i++)
        poly_clear(ctx, &col[i], F);
    gbc_free(ctx, sp);
    gbc_free(ctx, col);
    poly_clear(ctx, &acc, F);
    poly_clear(ctx, &tmp, F);
    poly_clear(ctx, &sum, F);
    return st;
}

gbc_status module_syz_frame(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                            const int64_t *shift, const module_res *mr, plist *out,
                            int64_t **degs)
{
    const size_t m = gens->n / rank;
    *degs = NULL;
    if (out->n != 0)
        return GBC_ERR_INTERNAL;
    if (mcf_for(&R->F) == &mcf_qq || mr->nlev < 2 || mr->size[1] != m || m == 0)
        return GBC_ERR_UNSUPPORTED;
    int same = 0;
    GBC_TRY(same_degrees(ctx, shift, mr->deg[1], m, &same));
    if (!same)
        return GBC_ERR_UNSUPPORTED; /* not minimal generators */
    const size_t ns = mr->nlev > 2 ? mr->size[2] : 0;
    plist S, Y;
    plist_init(&S);
    plist_init(&Y);
    mht_params par;
    mht t;
    memset(&par, 0, sizeof par);
    memset(&t, 0, sizeof t);
    gbc_status st;
    GBC_CHECK(st, lift_cover(ctx, R, rank, gens, shift, mr, &S), done);
    if (S.n != m * m) {
        st = GBC_ERR_INTERNAL;
        goto done;
    }
    if (ns > 0) {
        GBC_CHECK(st, mht_params_init(ctx, &par, &R->ord, SYZFRAME_HASH_SEED), done);
        GBC_CHECK(st, mht_init(ctx, &t, &par, 10), done);
        GBC_CHECK(st, apply_cover(ctx, R, &S, &mr->d[2], m, &t, &Y), done);
        for (size_t k = 0; k < ns; k++)
            module_elem_monic(R, &Y, k * m, m);
        GBC_CHECK(st, GBC_ALLOC(ctx, *degs, ns), done);
        memcpy(*degs, mr->deg[2], sizeof(int64_t) * ns);
    }
    plist e = *out; /* out (empty) takes Y: untouched on failure */
    *out = Y;
    Y = e;
done:
    if (st != GBC_OK) {
        gbc_free(ctx, *degs);
        *degs = NULL;
    }
    mht_clear(ctx, &t);
    mht_params_clear(ctx, &par);
    plist_clear(ctx, &S, &R->F);
    plist_clear(ctx, &Y, &R->F);
    return st;
}
