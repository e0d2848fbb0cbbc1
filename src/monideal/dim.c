/* monideal/dim: the Krull dimension of R/I without the Hilbert series, as n minus
 * the size of a minimum vertex cover of the supports of the generators of rad(I)
 * (a small branch and bound). */
#include "monideal/monideal.h"

/* Minimum vertex cover of the hypergraph whose edges are the supports of the
 * generators of rad(I): branch on the vertices of a smallest edge, bounded by a
 * greedy packing of disjoint edges. Edges are bitsets of w words. */
typedef struct vc_run {
    gbc_ctx *ctx;
    uint32_t w;
    mi_arena ar;
    uint32_t best;
} vc_run;

static int bs_empty(const uint64_t *a, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++)
        if (a[i])
            return 0;
    return 1;
}

static int bs_meet(const uint64_t *a, const uint64_t *b, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++)
        if (a[i] & b[i])
            return 1;
    return 0;
}

static uint32_t bs_count(const uint64_t *a, uint32_t w)
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < w; i++)
        c += (uint32_t)__builtin_popcountll(a[i]);
    return c;
}

static gbc_status vc_rec(vc_run *V, uint64_t *E, size_t m, uint32_t chosen)
{
    const uint32_t w = V->w;
    GBC_TRY(gbc_ctx_poll(V->ctx));
    if (m == 0) {
        if (chosen < V->best)
            V->best = chosen;
        return GBC_OK;
    }
    if (chosen + 1 >= V->best)
        return GBC_OK;
    /* lower bound: greedy packing of pairwise disjoint edges */
    mi_mark mark = mi_arena_mark(&V->ar);
    uint64_t *used = mi_arena_alloc(&V->ar, sizeof(uint64_t) * w);
    if (used == NULL)
        return gbc_ctx_alloc_status(V->ctx);
    memset(used, 0, sizeof(uint64_t) * w);
    uint32_t pack = 0;
    size_t small = 0;
    uint32_t smallc = UINT32_MAX;
    for (size_t i = 0; i < m; i++) {
        const uint64_t *e = E + i * w;
        uint32_t c = bs_count(e, w);
        if (c < smallc) {
            smallc = c;
            small = i;
        }
        if (!bs_meet(e, used, w)) {
            pack++;
            for (uint32_t j = 0; j < w; j++)
                used[j] |= e[j];
        }
    }
    gbc_status st = GBC_OK;
    if (chosen + pack >= V->best)
        goto out;
    /* branch on the vertices of the smallest edge: take vertex x (and none of the
     * vertices tried before it) */
    uint64_t *pick = mi_arena_alloc(&V->ar, sizeof(uint64_t) * w);
    uint64_t *F = mi_arena_alloc(&V->ar, sizeof(uint64_t) * w * (m ? m : 1));
    if (pick == NULL || F == NULL) {
        st = gbc_ctx_alloc_status(V->ctx);
        goto out;
    }
    memcpy(pick, E + small * w, sizeof(uint64_t) * w);
    for (uint32_t j = 0; j < w; j++) {
        while (pick[j] != 0) {
            uint64_t bit = pick[j] & (~pick[j] + 1);
            pick[j] &= ~bit;
            /* edges not containing the vertex; an edge emptied by the exclusions
             * can no longer be covered */
            size_t k = 0;
            int dead = 0;
            for (size_t i = 0; i < m; i++) {
                const uint64_t *e = E + i * w;
                if (e[j] & bit)
                    continue;
                if (bs_empty(e, w)) {
                    dead = 1;
                    break;
                }
                memcpy(F + k * w, e, sizeof(uint64_t) * w);
                k++;
            }
            if (!dead) {
                st = vc_rec(V, F, k, chosen + 1);
                if (st != GBC_OK)
                    goto out;
            }
            /* exclude the vertex from now on */
            for (size_t i = 0; i < m; i++)
                E[i * w + j] &= ~bit;
            for (size_t i = 0; i < m; i++)
                if (bs_empty(E + i * w, w))
                    goto out;
        }
    }
out:
    mi_arena_reset(&V->ar, mark);
    return st;
}

gbc_status mi_dim(gbc_ctx *ctx, int64_t *dim, const monideal *I)
{
    const uint32_t n = I->nvars;
    monideal Rd;
    mi_init(&Rd, n);
    gbc_status st = mi_radical(ctx, &Rd, I);
    if (st != GBC_OK)
        return st;
    if (mi_is_unit(&Rd)) {
        mi_clear(ctx, &Rd);
        *dim = -1;
        return GBC_OK;
    }
    if (Rd.n == 0) {
        mi_clear(ctx, &Rd);
        *dim = n;
        return GBC_OK;
    }
    vc_run V;
    V.ctx = ctx;
    V.w = (n + 63) / 64;
    V.best = n + 1;
    mi_arena_init(&V.ar, ctx);
    uint64_t *E = mi_arena_alloc(&V.ar, sizeof(uint64_t) * V.w * Rd.n);
    if (E == NULL) {
        st = gbc_ctx_alloc_status(ctx);
    } else {
        memset(E, 0, sizeof(uint64_t) * V.w * Rd.n);
        for (size_t i = 0; i < Rd.n; i++)
            for (uint32_t v = 0; v < n; v++)
                if (mi_row(&Rd, i)[v])
                    E[i * V.w + v / 64] |= (uint64_t)1 << (v % 64);
        st = vc_rec(&V, E, Rd.n, 0);
    }
    mi_arena_clear(&V.ar);
    mi_clear(ctx, &Rd);
    if (st == GBC_OK)
        *dim = (int64_t)n - (int64_t)V.best;
    return st;
}
