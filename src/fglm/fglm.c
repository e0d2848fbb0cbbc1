/* fglm/fglm: the entry points: the zero-dimension test and the change of order,
 * which picks the sparse path (lex, shape position) or the classic one. */
#include "fglm/fglm_int.h"

int fglm_is_zero_dim(const ring *R, const plist *G)
{
    const uint32_t n = R->nvars;
    /* pure[i]: some leading monomial is a power of x_i alone; a constant lead
     * (the unit ideal) covers every variable */
    int unit = 0;
    for (uint32_t i = 0; i < n && !unit; i++) {
        int has = 0;
        for (size_t k = 0; k < G->n && !has; k++) {
            const ppoly *q = &G->p[k];
            if (q->len == 0)
                continue;
            uint32_t nz = 0, var = 0;
            for (uint32_t j = 0; j < n; j++)
                if (q->exps[j] != 0) {
                    nz++;
                    var = j;
                }
            if (nz == 0)
                unit = 1;
            has = unit || (nz == 1 && var == i);
        }
        if (!has)
            return 0;
    }
    /* no variables: k[x]/I is k or 0, finite either way */
    return 1;
}

/* Whether G is {1} (or contains a constant). */
static int fg_is_unit(const ring *R, const plist *G)
{
    for (size_t k = 0; k < G->n; k++) {
        const ppoly *q = &G->p[k];
        if (q->len == 0)
            continue;
        int c = 1;
        for (uint32_t i = 0; i < R->nvars && c; i++)
            c = q->exps[i] == 0;
        if (c)
            return 1;
    }
    return 0;
}

gbc_status fglm_change_order(gbc_ctx *ctx, const ring *Rsrc, const plist *G,
                             const ring *Rdst, plist *out, gb_stats *stats, fglm_path path)
{
    if (Rsrc->F.p == 0 || Rdst->F.p != Rsrc->F.p || Rdst->nvars != Rsrc->nvars)
        return GBC_ERR_DOMAIN;
    if (!fglm_is_zero_dim(Rsrc, G))
        return GBC_ERR_DOMAIN;
    const double t0 = gbc_wall_time();
    if (Rsrc->nvars == 0 && !fg_is_unit(Rsrc, G)) {
        /* no variables and not the unit ideal: the zero ideal, basis {} in every
         * order */
        if (stats) {
            stats->fglm_dim = 1;
            stats->fglm_path = 1;
        }
        return GBC_OK;
    }
    if (fg_is_unit(Rsrc, G)) {
        ppoly *q;
        GBC_TRY(plist_push(ctx, out, 1, Rdst->nvars, &Rdst->F, &q));
        memset(q->exps, 0, sizeof(uint32_t) * Rdst->nvars);
        q->cf[0] = 1;
        if (stats) {
            stats->fglm_dim = 0;
            stats->fglm_path = 1;
        }
        return GBC_OK;
    }
    fg_src S;
    gbc_status st = fg_src_init(&S, ctx, Rsrc, G);
    int done = 0, sparse = 0;
    if (st == GBC_OK) {
        gbc_log(ctx, 2, "fglm: %u standard monomials, %u border monomials", S.D, S.nb);
        if (path != FGLM_CLASSIC && Rdst->ord.kind == MONO_LEX) {
            st = fg_sparse_lex(&S, Rdst, out, &done);
            sparse = done;
        }
        if (st == GBC_OK && !done)
            st = fg_classic(&S, Rdst, out);
    }
    if (stats) {
        stats->fglm_dim = S.D;
        stats->fglm_normal_forms = S.nf_count;
        stats->fglm_path = sparse ? 2 : 1;
        stats->t_fglm += gbc_wall_time() - t0;
    }
    fg_src_clear(&S);
    return st;
}
