/* module/res: minimal graded free resolutions of R^r / M (R / I for an ideal), by
 * minimal generators of the syzygies of minimal generators until none is left,
 * and their graded Betti numbers in Macaulay2's table layout (module_betti, the
 * entry point, is in resq.c). */
#include <stdio.h>

#include "module/module_int.h"

void mlevels_free(gbc_ctx *ctx, mlevel *lev, size_t n)
{
    for (size_t i = 0; lev != NULL && i < n; i++)
        gbc_free(ctx, lev[i].deg);
    gbc_free(ctx, lev);
}

gbc_status module_levels_table(gbc_ctx *ctx, const mlevel *lev, size_t nlev, uint64_t **betti,
                               uint32_t *nrows, uint32_t *ncols)
{
    /* rows d = deg - i from 0 (minimal maps have no constant entries) */
    int64_t maxrow = 0;
    for (size_t i = 0; i < nlev; i++)
        for (size_t k = 0; k < lev[i].n; k++) {
            int64_t d = lev[i].deg[k] - (int64_t)i;
            if (d < 0)
                return GBC_ERR_INTERNAL;
            if (d > maxrow)
                maxrow = d;
        }
    if (maxrow >= UINT32_MAX || nlev > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    const uint32_t nr = (uint32_t)maxrow + 1, nc = (uint32_t)nlev;
    uint64_t *tab = NULL;
    GBC_TRY(GBC_ZALLOC(ctx, tab, (size_t)nr * nc));
    for (size_t i = 0; i < nlev; i++)
        for (size_t k = 0; k < lev[i].n; k++)
            tab[(size_t)(lev[i].deg[k] - (int64_t)i) * nc + i]++;
    *betti = tab;
    *nrows = nr;
    *ncols = nc;
    return GBC_OK;
}

gbc_status module_levels_mingens(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                                 mlevel *lev, size_t maxlev, size_t *nlev, gb_stats *stats)
{
    const field *F = &R->F;
    plist cur, syz, next;
    plist_init(&cur);
    plist_init(&syz);
    plist_init(&next);
    *nlev = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, lev[0].deg, rank), done);
    lev[0].n = rank;
    size_t nl = 1;
    /* F_1: minimal generators of M (the basis vectors of R^r in degree 0) */
    GBC_CHECK(st, module_mingens(ctx, R, rank, lev[0].deg, in, &cur, &lev[1].deg, stats),
              done);
    lev[1].n = cur.n / rank;
    for (size_t k = 0; k < lev[1].n; k++)
        if (lev[1].deg[k] <= 0) {
            st = GBC_ERR_UNSUPPORTED;
            goto done;
        }
    uint32_t crank = rank;
    while (lev[nl].n > 0) {
        nl++;
        if (nl > maxlev) {
            st = GBC_ERR_INTERNAL; /* longer than the syzygy theorem allows */
            goto done;
        }
        const uint32_t m = (uint32_t)lev[nl - 1].n;
        plist_clear(ctx, &syz, F);
        GBC_CHECK(st, module_syz(ctx, R, crank, &cur, &syz, stats), done);
        st = module_mingens(ctx, R, m, lev[nl - 1].deg, &syz, &next, &lev[nl].deg, stats);
        if (st == GBC_ERR_DOMAIN)
            st = GBC_ERR_INTERNAL; /* syzygies of homogeneous elements are graded */
        if (st != GBC_OK)
            goto done;
        lev[nl].n = next.n / m;
        plist_clear(ctx, &cur, F);
        cur = next;
        plist_init(&next);
        crank = m;
    }
    *nlev = nl;
done:
    if (st != GBC_OK)
        for (size_t i = 0; i < maxlev + 2; i++) {
            gbc_free(ctx, lev[i].deg);
            lev[i].deg = NULL;
            lev[i].n = 0;
        }
    plist_clear(ctx, &cur, F);
    plist_clear(ctx, &syz, F);
    plist_clear(ctx, &next, F);
    return st;
}

gbc_status module_betti_format(gbc_ctx *ctx, io_buf *b, const uint64_t *betti, uint32_t nrows,
                            uint32_t ncols)
{
    char tmp[48];
    int lw = 6; /* "total:" */
    for (uint32_t d = 0; d < nrows; d++) {
        int w = snprintf(tmp, sizeof tmp, "%u:", d);
        lw = w > lw ? w : lw;
    }
    int *cw = NULL;
    uint64_t *tot = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, cw, ncols ? ncols : 1), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, tot, ncols ? ncols : 1), done);
    for (uint32_t i = 0; i < ncols; i++) {
        for (uint32_t d = 0; d < nrows; d++)
            tot[i] += betti[(size_t)d * ncols + i];
        int w = snprintf(tmp, sizeof tmp, "%u", i);
        cw[i] = w;
        w = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)tot[i]);
        cw[i] = w > cw[i] ? w : cw[i];
    }
    /* the header of homological degrees */
    int w = snprintf(tmp, sizeof tmp, "%*s", lw, "");
    GBC_CHECK(st, io_buf_puts(ctx, b, tmp, (size_t)w), done);
    for (uint32_t i = 0; i < ncols; i++) {
        w = snprintf(tmp, sizeof tmp, " %*u", cw[i], i);
        GBC_CHECK(st, io_buf_puts(ctx, b, tmp, (size_t)w), done);
    }
    GBC_CHECK(st, io_buf_puts(ctx, b, "\n", 1), done);
    /* rows d + 1, the last one "total:" */
    for (uint32_t d = 0; d <= nrows; d++) {
        char lab[24];
        if (d < nrows)
            snprintf(lab, sizeof lab, "%u:", d);
        else
            snprintf(lab, sizeof lab, "total:");
        w = snprintf(tmp, sizeof tmp, "%*s", lw, lab);
        GBC_CHECK(st, io_buf_puts(ctx, b, tmp, (size_t)w), done);
        for (uint32_t i = 0; i < ncols; i++) {
            uint64_t v = d < nrows ? betti[(size_t)d * ncols + i] : tot[i];
            if (v == 0 && d < nrows)
                w = snprintf(tmp, sizeof tmp, " %*s", cw[i], ".");
            else
                w = snprintf(tmp, sizeof tmp, " %*llu", cw[i], (unsigned long long)v);
            GBC_CHECK(st, io_buf_puts(ctx, b, tmp, (size_t)w), done);
        }
        GBC_CHECK(st, io_buf_puts(ctx, b, "\n", 1), done);
    }
done:
    gbc_free(ctx, cw);
    gbc_free(ctx, tot);
    return st;
}

gbc_status module_syz_mingens(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                              const int64_t *shift, const plist *syz, plist *out,
                              int64_t **degs, gb_stats *stats)
{
    *degs = NULL;
    const size_t m = gens->n / rank;
    if (rank < 1 || gens->n % rank != 0 || m > UINT32_MAX)
        return GBC_ERR_INTERNAL;
    if (mcf_for(&R->F) == &mcf_qq) /* over Q the frame's coefficients can grow */
        return module_mingens_counted(ctx, R, (uint32_t)m, shift, syz, NULL, out, degs, stats);
    const size_t maxlev = (size_t)R->nvars + 2;
    mlevel *lev = NULL;
    size_t nlev = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, lev, maxlev + 2), done);
    st = module_levels_schreyer(ctx, R, rank, gens, lev, maxlev, 3, &nlev, stats);
    if (st == GBC_ERR_UNSUPPORTED) { /* a constant generator: no counts */
        st = module_mingens_counted(ctx, R, (uint32_t)m, shift, syz, NULL, out, degs, stats);
    } else if (st == GBC_OK) {
        mcount c = {&lev[1], &lev[2], shift, m};
        st = module_mingens_counted(ctx, R, (uint32_t)m, shift, syz, &c, out, degs, stats);
    }
done:
    mlevels_free(ctx, lev, maxlev + 2);
    return st;
}
