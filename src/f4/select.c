/* f4/select: the rows of a round: the pairs of the least degree (the normal
 * strategy of a graded order) become one pivot row per lcm (the sparsest multiple)
 * and rows to reduce, and the generators of that degree join as rows to reduce. */
#include "f4/f4_int.h"

#include <stdlib.h>

typedef struct ent {
    uint32_t lcm;
    uint32_t g;
} ent;

static int ent_cmp(const void *a, const void *b)
{
    const ent *x = a, *y = b;
    if (x->lcm != y->lcm)
        return x->lcm < y->lcm ? -1 : 1;
    return (x->g > y->g) - (x->g < y->g);
}

gbc_status f4_select(f4_state *S, uint32_t d, size_t *nsel_out)
{
    S->npiv = S->ntbr = 0;
    gbc_arena_reset(&S->arena);
    mht_reset(&S->sht);
    /* Select the pairs of degree d. */
    size_t nsel = 0, keep = 0;
    ent *E = NULL;
    gbc_status st;
    gbc_ctx *ctx = S->ctx;
    for (size_t q = 0; q < S->ps.n; q++)
        if (S->ps.p[q].deg == d)
            nsel++;
    GBC_CHECK(st, GBC_ALLOC(ctx, E, 2 * nsel + 1), out);
    size_t ne = 0;
    for (size_t q = 0; q < S->ps.n; q++) {
        spair p = S->ps.p[q];
        if (p.deg == d) {
            E[ne].lcm = p.lcm;
            E[ne++].g = p.i;
            E[ne].lcm = p.lcm;
            E[ne++].g = p.j;
        } else {
            S->ps.p[keep++] = p;
        }
    }
    S->ps.n = keep;
    qsort(E, ne, sizeof(ent), ent_cmp);
    /* the same multiple (lcm, g) can come from several pairs: keep it once */
    size_t nu = 0;
    for (size_t k = 0; k < ne; k++)
        if (nu == 0 || E[k].lcm != E[nu - 1].lcm || E[k].g != E[nu - 1].g)
            E[nu++] = E[k];
    ne = nu;
    /* One pivot row per lcm (the sparsest generator), the others to reduce. */
    for (size_t a = 0; a < ne;) {
        size_t b = a;
        size_t best = a;
        while (b < ne && E[b].lcm == E[a].lcm) {
            if (S->g[E[b].g].len < S->g[E[best].g].len)
                best = b;
            b++;
        }
        for (size_t k = a; k < b; k++) {
            uint32_t gi = E[k].g, mh, md;
            f4_multiplier(S, &S->bht, E[k].lcm, S->lm[gi], &mh, &md);
            la_row *row;
            if (k == best) {
                GBC_CHECK(st, f4_push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row), out);
                GBC_CHECK(st, f4_make_row(S, mh, md, &S->g[gi], gi, row), out);
                S->sht.row[row->cols[0]].aux = MARK_PIVOT;
            } else {
                GBC_CHECK(st, f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row), out);
                GBC_CHECK(st, f4_make_row(S, mh, md, &S->g[gi], gi, row), out);
            }
        }
        a = b;
    }
    /* Generators of degree d enter as rows to reduce. */
    memset(S->mexps, 0, sizeof(uint32_t) * S->R->nvars);
    while (S->gnext < S->ngens && f4_lead_degree(S, &S->gens[S->gnext]) == d) {
        la_row *row;
        GBC_CHECK(st, f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row), out);
        GBC_CHECK(st, f4_make_row(S, 0, 0, &S->gens[S->gnext], (uint32_t)S->gnext | GEN_FLAG,
                                  row), out);
        S->gnext++;
    }
    *nsel_out = nsel;
out:
    gbc_free(ctx, E);
    return st;
}
