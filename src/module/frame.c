/* module/frame: the storage of the frames' vectors and levels (svec, slevel:
 * frame_int.h) and the grevlex ring a frame is computed in, shared by Schreyer's
 * frame (schreyer.c), the minimal resolution (minres.c) and the syzygies read off
 * it (syzframe.c). */
#include "module/frame_int.h"

void svec_clear(gbc_ctx *ctx, svec *v, const mcf_ops *o)
{
    gbc_free(ctx, v->T);
    gbc_free(ctx, v->comp);
    o->clear(ctx, &v->c, v->len);
    memset(v, 0, sizeof *v);
}

gbc_status svec_alloc(gbc_ctx *ctx, svec *v, size_t len, uint32_t n, const mcf_ops *o)
{
    memset(v, 0, sizeof *v);
    size_t l1 = len ? len : 1;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, v->T, l1 * (n ? n : 1)), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, v->comp, l1), fail);
    GBC_CHECK(st, o->alloc(ctx, &v->c, l1, len), fail);
    v->len = len;
    return GBC_OK;
fail:
    svec_clear(ctx, v, o);
    return st;
}

void level_clear(gbc_ctx *ctx, slevel *L, const mcf_ops *o)
{
    if (L->v != NULL)
        for (size_t k = 0; k < L->n; k++)
            svec_clear(ctx, &L->v[k], o);
    gbc_free(ctx, L->v);
    gbc_free(ctx, L->lead);
    gbc_free(ctx, L->deg);
    gbc_free(ctx, L->start);
    memset(L, 0, sizeof *L);
}

gbc_status module_grevlex_ring(gbc_ctx *ctx, const ring *R, ring *Rg, const ring **Ru,
                               int *own)
{
    *Ru = R;
    *own = 0;
    if (R->ord.kind == MONO_GREVLEX)
        return GBC_OK;
    char msg[128];
    gbc_status rs = ring_init(ctx, Rg, R->nvars, (const char *const *)R->names, R->F.p, NULL,
                              msg, sizeof msg);
    if (rs != GBC_OK)
        return rs == GBC_ERR_ARG || rs == GBC_ERR_DOMAIN ? GBC_ERR_INTERNAL : rs;
    *own = 1;
    *Ru = Rg;
    return GBC_OK;
}

gbc_status slevel_find_reducer(const slevel *lv, uint32_t n, const uint32_t *Te, uint32_t ce,
                               size_t *reducer)
{
    for (size_t i = lv->start[ce]; i < lv->start[ce + 1]; i++)
        if (mono_divides(lv->lead + i * n, Te, n)) {
            *reducer = i;
            return GBC_OK;
        }
    return GBC_ERR_INTERNAL;
}
