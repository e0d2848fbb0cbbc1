/* fglm/source: the normal set of the source basis, its border, and the border's
 * normal forms, from which every multiplication matrix is read.
 *
 * A border monomial m = x_i b (b standard, m not) is either a leading monomial of
 * G, and then its normal form is minus the tail of that element (G is reduced:
 * tails are standard), or not a minimal generator of the leading-term ideal: then
 * m / x_j lies in that ideal for some j, and m / x_j = x_i (b / x_j) is itself a
 * border monomial, smaller than m, so NF(m) = x_j NF(m / x_j) = sum_k c_k NF(x_j b_k)
 * over the standard monomials b_k < m / x_j in that normal form: each x_j b_k is
 * standard or a border monomial smaller than m. The normal forms are computed on
 * demand, each after the ones it needs (an explicit stack, no recursion). */
#include "fglm/fglm_int.h"

#include "common/sort.h"

#define FG_HASH_SEED 0x66676c6d2d736dULL

/* The aux field of the table: 0 unclassified, else 1 + code. */
static inline uint32_t fg_code(const fg_src *S, uint32_t m)
{
    return S->t.row[m].aux - 1;
}

void fg_src_clear(fg_src *S)
{
    gbc_ctx *ctx = S->ctx;
    for (size_t i = 0; i < S->ng; i++)
        poly_clear(ctx, &S->g[i], S->F);
    gbc_free(ctx, S->g);
    if (S->bnf != NULL)
        for (uint32_t k = 0; k < S->nb; k++)
            gbc_free(ctx, S->bnf[k]);
    gbc_free(ctx, S->bnf);
    gbc_free(ctx, S->std);
    gbc_free(ctx, S->bmon);
    gbc_free(ctx, S->blead);
    gbc_free(ctx, S->bvar);
    gbc_free(ctx, S->bpar);
    gbc_free(ctx, S->mul);
    gbc_free(ctx, S->stack);
    gbc_free(ctx, S->acc);
    if (S->dl_init)
        dl_clear(ctx, &S->dl);
    if (S->t_init)
        mht_clear(ctx, &S->t);
    if (S->par_init)
        mht_params_clear(ctx, &S->par);
    memset(S, 0, sizeof *S);
}

/* Whether monomial m of the table is divisible by a leading monomial of G. */
static int fg_in_lead_ideal(const fg_src *S, uint32_t m)
{
    return dl_find_divisor(&S->dl, mht_exps(&S->t, m), S->t.row[m].divmask) != UINT32_MAX;
}

/* Breadth-first from 1: every x_i b of a standard b is standard or border. */
static gbc_status fg_enumerate(fg_src *S, uint32_t *e)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    size_t capd = 64;
    GBC_TRY(GBC_ALLOC(ctx, S->std, capd));
    memset(e, 0, sizeof(uint32_t) * n);
    uint32_t one;
    GBC_TRY(mht_insert(ctx, &S->t, e, &one));
    S->t.row[one].aux = 1; /* standard, index fixed after the sort */
    S->std[0] = one;
    S->D = 1;
    for (uint32_t q = 0; q < S->D; q++) {
        GBC_TRY(gbc_ctx_poll(ctx));
        for (uint32_t i = 0; i < n; i++) {
            memcpy(e, mht_exps(&S->t, S->std[q]), sizeof(uint32_t) * n);
            e[i]++;
            uint32_t m;
            GBC_TRY(mht_insert(ctx, &S->t, e, &m));
            if (S->t.row[m].aux != 0)
                continue;
            if (fg_in_lead_ideal(S, m)) {
                if (S->nb == UINT32_MAX / 2)
                    return GBC_ERR_UNSUPPORTED;
                GBC_TRY(GBC_GROW(ctx, S->bmon, S->capb, (size_t)S->nb + 1));
                S->bmon[S->nb++] = m;
                S->t.row[m].aux = 2;
            } else {
                if (S->D >= FGLM_MAX_DIM)
                    return GBC_ERR_UNSUPPORTED;
                GBC_TRY(GBC_GROW(ctx, S->std, capd, (size_t)S->D + 1));
                S->std[S->D++] = m;
                S->t.row[m].aux = 1;
            }
        }
    }
    return GBC_OK;
}

/* G's polynomials (monic) into S->g over S's table, their leads into the divisor
 * lookup; GBC_ERR_INTERNAL for a zero polynomial. */
static gbc_status src_basis(fg_src *S, const plist *G)
{
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_ZALLOC(ctx, S->g, G->n ? G->n : 1));
    for (size_t k = 0; k < G->n; k++) {
        GBC_TRY(poly_from_plain(ctx, &S->g[S->ng], &G->p[k], &S->t, S->F));
        S->ng++;
        if (S->g[S->ng - 1].len == 0)
            return GBC_ERR_INTERNAL;
        poly_normalize_lc(&S->g[S->ng - 1], S->F);
    }
    GBC_TRY(dl_init(ctx, &S->dl, DL_TREE, S->n, &S->par.dm));
    S->dl_init = 1;
    for (size_t k = 0; k < S->ng; k++) {
        const uint32_t lm = S->g[k].mon[0];
        GBC_TRY(dl_insert(ctx, &S->dl, mht_exps(&S->t, lm), S->t.row[lm].divmask,
                          (uint32_t)k));
    }
    return GBC_OK;
}

/* Number the standard monomials and the border in increasing order (the aux
 * field: 1 + 2k for standard monomial k, 2 + 2k for border monomial k). */
static gbc_status src_number(fg_src *S)
{
    const uint32_t D = S->D;
    GBC_TRY(mht_sort_desc(S->ctx, &S->t, S->std, D));
    for (uint32_t a = 0, b = D - 1; a < b; a++, b--) {
        uint32_t x = S->std[a];
        S->std[a] = S->std[b];
        S->std[b] = x;
    }
    for (uint32_t k = 0; k < D; k++)
        S->t.row[S->std[k]].aux = 1 + 2 * k;
    for (uint32_t k = 0; k < S->nb; k++)
        S->t.row[S->bmon[k]].aux = 1 + 2 * k + 1;
    return GBC_OK;
}

/* The multiplication structure S->mul (allocated): x_i times standard monomial k
 * as a code; x is scratch of n entries. */
static void src_mul_table(fg_src *S, uint32_t *x)
{
    const uint32_t D = S->D, n = S->n;
    for (uint32_t k = 0; k < D; k++)
        for (uint32_t i = 0; i < n; i++) {
            memcpy(x, mht_exps(&S->t, S->std[k]), sizeof(uint32_t) * n);
            x[i]++;
            uint32_t m = mht_find(&S->t, x);
            GBC_ASSERT(m != UINT32_MAX && S->t.row[m].aux != 0);
            S->mul[(size_t)i * D + k] = fg_code(S, m);
        }
}

/* The basis element whose lead is each border monomial (S->blead); GBC_ERR_INTERNAL
 * unless every lead is a border monomial and every tail monomial standard (a
 * reduced basis). */
static gbc_status src_leads(fg_src *S)
{
    for (uint32_t k = 0; k < S->nb; k++)
        S->blead[k] = UINT32_MAX;
    for (size_t j = 0; j < S->ng; j++) {
        const poly *g = &S->g[j];
        uint32_t c = fg_code(S, g->mon[0]);
        if (S->t.row[g->mon[0]].aux == 0 || !FG_IS_BORDER(c))
            return GBC_ERR_INTERNAL;
        for (uint32_t l = 1; l < g->len; l++)
            if (S->t.row[g->mon[l]].aux == 0 || FG_IS_BORDER(fg_code(S, g->mon[l])))
                return GBC_ERR_INTERNAL;
        S->blead[FG_INDEX(c)] = (uint32_t)j;
    }
    return GBC_OK;
}

/* How each border normal form is had: a basis element's lead (src_leads), or
 * x_j times the border monomial bpar[k] (bvar[k] = j); x is scratch of n
 * entries. GBC_ERR_INTERNAL when G is not a reduced Groebner basis. */
static gbc_status src_border(fg_src *S, uint32_t *x)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t nb = S->nb, n = S->n;
    GBC_TRY(GBC_ALLOC(ctx, S->blead, nb ? nb : 1));
    GBC_TRY(GBC_ALLOC(ctx, S->bvar, nb ? nb : 1));
    GBC_TRY(GBC_ALLOC(ctx, S->bpar, nb ? nb : 1));
    GBC_TRY(GBC_ZALLOC(ctx, S->bnf, nb ? nb : 1));
    GBC_TRY(GBC_ALLOC(ctx, S->acc, S->D));
    GBC_TRY(src_leads(S));
    for (uint32_t k = 0; k < nb; k++) {
        if (S->blead[k] != UINT32_MAX)
            continue;
        /* m / x_j in the border; the last such variable (for grevlex the smallest,
         * whose multiples are the most often leading monomials) */
        S->bvar[k] = UINT32_MAX;
        for (uint32_t j = n; j-- > 0;) {
            memcpy(x, mht_exps(&S->t, S->bmon[k]), sizeof(uint32_t) * n);
            if (x[j] == 0)
                continue;
            x[j]--;
            uint32_t m = mht_find(&S->t, x);
            if (m == UINT32_MAX || S->t.row[m].aux == 0 || !FG_IS_BORDER(fg_code(S, m)))
                continue;
            S->bvar[k] = j;
            S->bpar[k] = FG_INDEX(fg_code(S, m));
            break;
        }
        /* a minimal generator of the lead ideal that is no lead: G is not a
         * Groebner basis */
        if (S->bvar[k] == UINT32_MAX)
            return GBC_ERR_INTERNAL;
    }
    return GBC_OK;
}

gbc_status fg_src_init(fg_src *S, gbc_ctx *ctx, const ring *R, const plist *G)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->R = R;
    S->F = &R->F;
    S->n = R->nvars;
    const uint32_t n = S->n;
    GBC_TRY(mht_params_init(ctx, &S->par, &R->ord, FG_HASH_SEED));
    S->par_init = 1;
    GBC_TRY(mht_init(ctx, &S->t, &S->par, 12));
    S->t_init = 1;
    GBC_TRY(src_basis(S, G));
    uint32_t *e;
    GBC_TRY(GBC_ALLOC(ctx, e, n ? n : 1));
    gbc_status st = fg_enumerate(S, e);
    gbc_free(ctx, e);
    GBC_TRY(st);
    GBC_TRY(src_number(S));
    size_t nd;
    if (gbc_mul_size(&nd, (size_t)n, S->D))
        return GBC_ERR_NOMEM;
    GBC_TRY(GBC_ALLOC(ctx, S->mul, nd ? nd : 1));
    uint32_t *x;
    GBC_TRY(GBC_ALLOC(ctx, x, n ? n : 1));
    src_mul_table(S, x);
    st = src_border(S, x);
    gbc_free(ctx, x);
    return st;
}

/* NF(border k) when its prerequisites are there. */
static gbc_status fg_nf_compute(fg_src *S, uint32_t k)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t D = S->D;
    uint32_t *v;
    GBC_TRY(GBC_ZALLOC(ctx, v, D));
    if (S->blead[k] != UINT32_MAX) {
        const poly *g = &S->g[S->blead[k]];
        for (uint32_t l = 1; l < g->len; l++)
            v[FG_INDEX(fg_code(S, g->mon[l]))] = zp_neg(S->F, g->cf[l]);
    } else {
        gbc_status st = fg_mul_vec(S, S->bvar[k], S->bnf[S->bpar[k]], v);
        if (st != GBC_OK) {
            gbc_free(ctx, v);
            return st;
        }
    }
    S->bnf[k] = v;
    S->nf_count++;
    return GBC_OK;
}

gbc_status fg_nf_need(fg_src *S, uint32_t k0)
{
    if (S->bnf[k0] != NULL)
        return GBC_OK;
    gbc_ctx *ctx = S->ctx;
    const uint32_t D = S->D;
    size_t sp = 0;
    GBC_TRY(GBC_GROW(ctx, S->stack, S->capstack, 1));
    S->stack[sp++] = k0;
    while (sp > 0) {
        GBC_TRY(gbc_ctx_poll(ctx));
        uint32_t k = S->stack[sp - 1];
        if (S->bnf[k] != NULL) {
            sp--;
            continue;
        }
        if (S->blead[k] == UINT32_MAX) {
            uint32_t par = S->bpar[k];
            if (S->bnf[par] == NULL) {
                GBC_TRY(GBC_GROW(ctx, S->stack, S->capstack, sp + 1));
                S->stack[sp++] = par;
                continue;
            }
            /* the prerequisites still missing go on top (also those that wait
             * lower down already: they must come first); an entry found computed
             * when it surfaces is dropped. Prerequisites are smaller monomials,
             * so this ends. */
            const uint32_t *c = S->bnf[par];
            const uint32_t *mj = S->mul + (size_t)S->bvar[k] * D;
            size_t sp0 = sp;
            for (uint32_t b = 0; b < D; b++)
                if (c[b] != 0 && FG_IS_BORDER(mj[b]) && S->bnf[FG_INDEX(mj[b])] == NULL) {
                    GBC_TRY(GBC_GROW(ctx, S->stack, S->capstack, sp + 1));
                    S->stack[sp++] = FG_INDEX(mj[b]);
                }
            if (sp > sp0)
                continue;
        }
        GBC_TRY(fg_nf_compute(S, k));
        sp--;
    }
    return GBC_OK;
}

gbc_status fg_mul_vec(fg_src *S, uint32_t i, const uint32_t *v, uint32_t *out)
{
    const uint32_t D = S->D, p = S->F->p;
    const uint64_t p2 = (uint64_t)p * p;
    const uint32_t *mi = S->mul + (size_t)i * D;
    /* the normal forms first (fg_nf_need uses the scratch stack, not acc) */
    for (uint32_t b = 0; b < D; b++)
        if (v[b] != 0 && FG_IS_BORDER(mi[b]))
            GBC_TRY(fg_nf_need(S, FG_INDEX(mi[b])));
    uint64_t *acc = S->acc;
    memset(acc, 0, sizeof(uint64_t) * D);
    /* an entry receives at most D additions, each below p^2 */
    const int lazy = fg_lazy(p, D);
    for (uint32_t b = 0; b < D; b++) {
        const uint64_t c = v[b];
        if (c == 0)
            continue;
        const uint32_t code = mi[b];
        if (!FG_IS_BORDER(code)) {
            acc[FG_INDEX(code)] = lazy ? acc[FG_INDEX(code)] + c
                                       : fg_acc(acc[FG_INDEX(code)], c, p2);
            continue;
        }
        fg_axpy(acc, c, S->bnf[FG_INDEX(code)], D, p2, lazy);
    }
    for (uint32_t x = 0; x < D; x++)
        out[x] = (uint32_t)(acc[x] % p);
    return GBC_OK;
}
