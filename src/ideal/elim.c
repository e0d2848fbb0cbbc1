/* ideal/elim: elimination ideals I cap k[remaining variables], through a block order
 * with the eliminated variables in the first block: id_groebner then takes the
 * library's fastest path to it (the grevlex basis, then FGLM when the ideal is
 * zero-dimensional, else Hilbert-driven F4; over Q the multi-modular path). */
#include "ideal/ideal.h"

gbc_status id_elim_front(gbc_ctx *ctx, const ring *S, const plist *in, uint32_t nfront,
                         const ring *R, const uint32_t *map, int exact, plist *out,
                         gb_stats *stats)
{
    plist G, keep, mapped;
    plist_init(&G);
    plist_init(&keep);
    plist_init(&mapped);
    gbc_status st;
    GBC_CHECK(st, id_groebner(ctx, S, in, &G, stats), done);
    for (size_t k = 0; k < G.n; k++) {
        if (!id_ppoly_free_of(&G.p[k], S->nvars, 0, nfront))
            continue;
        GBC_CHECK(st, id_plist_push_copy(ctx, &keep, &G.p[k], S->nvars, &S->F), done);
    }
    plist_clear(ctx, &G, &S->F);
    if (exact) {
        GBC_CHECK(st, id_plist_map(ctx, S, &keep, R, map, out), done);
    } else {
        GBC_CHECK(st, id_plist_map(ctx, S, &keep, R, map, &mapped), done);
        GBC_CHECK(st, id_groebner(ctx, R, &mapped, out, stats), done);
    }
done:
    plist_clear(ctx, &G, &S->F);
    plist_clear(ctx, &keep, &S->F);
    plist_clear(ctx, &mapped, &R->F);
    return st;
}

gbc_status id_eliminate(gbc_ctx *ctx, const ring *R, const plist *gens,
                        const uint32_t *vars, size_t nelim, plist *out, gb_stats *stats)
{
    const uint32_t n = R->nvars;
    if (nelim > n)
        return GBC_ERR_INTERNAL;
    if (nelim == 0)
        return id_groebner(ctx, R, gens, out, stats);
    uint32_t *perm = NULL, *to_s = NULL, *to_r = NULL;
    uint8_t *gone = NULL;
    ring S;
    int have_s = 0, exact = 0;
    plist in;
    plist_init(&in);
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, perm, n), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, to_s, n), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, to_r, n), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, gone, n), done);
    for (size_t k = 0; k < nelim; k++) {
        if (vars[k] >= n || gone[vars[k]]) {
            st = GBC_ERR_INTERNAL;
            goto done;
        }
        gone[vars[k]] = 1;
    }
    /* S: the eliminated variables first (in R's order), then the others */
    uint32_t j = 0;
    for (uint32_t v = 0; v < n; v++)
        if (gone[v])
            perm[j++] = v;
    for (uint32_t v = 0; v < n; v++)
        if (!gone[v])
            perm[j++] = v;
    for (uint32_t k = 0; k < n; k++) {
        to_s[perm[k]] = k;
        to_r[k] = k < nelim ? UINT32_MAX : perm[k];
    }
    GBC_CHECK(st, id_ring_make(ctx, &S, R, 0, perm, (uint32_t)nelim, "grevlex", &exact),
              done);
    have_s = 1;
    GBC_CHECK(st, id_plist_map(ctx, R, gens, &S, to_s, &in), done);
    st = id_elim_front(ctx, &S, &in, (uint32_t)nelim, R, to_r, exact, out, stats);
done:
    if (have_s) {
        plist_clear(ctx, &in, &S.F);
        ring_clear(ctx, &S);
    }
    gbc_free(ctx, gone);
    gbc_free(ctx, to_r);
    gbc_free(ctx, to_s);
    gbc_free(ctx, perm);
    return st;
}
