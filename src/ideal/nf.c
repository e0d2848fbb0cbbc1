/* ideal/nf: remainders of many polynomials on full division by a list (the heap
 * reducer of buchberger/reduce; moved here from api/normal_form.c so that the ideal
 * operations share it), and exact division by one polynomial. Over Q the heap
 * reducer is fraction-free: it returns an integer multiple of the remainder, and
 * the factor it tracks (bb_red.scale) gives the exact remainder back. */
#include "buchberger/reduce.h"
#include "ideal/ideal.h"

#define NF_HASH_SEED 0x6e66a5a5c0deULL

typedef struct nf_state {
    gbc_ctx *ctx;
    const ring *R;
    mht_params par;
    mht t;
    divlookup dl;
    bb_red rd;
    int rd_init; /* rd was initialised */
    poly *g;    /* the divisors, normalised (Z/p monic, Q primitive, lc > 0) */
    size_t ng;
} nf_state;

static void nf_clear(nf_state *S)
{
    for (size_t i = 0; i < S->ng; i++)
        poly_clear(S->ctx, &S->g[i], &S->R->F);
    gbc_free(S->ctx, S->g);
    if (S->rd_init)
        bb_red_clear(S->ctx, &S->rd);
    dl_clear(S->ctx, &S->dl);
    mht_clear(S->ctx, &S->t);
    mht_params_clear(S->ctx, &S->par);
}

/* Tables, and the divisors with a minimal set of leading monomials in the lookup
 * (a term is reducible by some divisor iff one of those divides it). */
static gbc_status nf_setup(nf_state *S, const plist *D)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = &S->R->F;
    GBC_TRY(mht_params_init(ctx, &S->par, &S->R->ord, NF_HASH_SEED));
    GBC_TRY(mht_init(ctx, &S->t, &S->par, 10));
    GBC_TRY(dl_init(ctx, &S->dl, DL_LIST, S->R->nvars, &S->par.dm));
    GBC_TRY(bb_red_init(ctx, &S->rd, &S->t, F));
    S->rd_init = 1;
    GBC_TRY(GBC_ZALLOC(ctx, S->g, D->n ? D->n : 1));
    for (size_t i = 0; i < D->n; i++) {
        poly *g = &S->g[S->ng];
        GBC_TRY(poly_from_plain(ctx, g, &D->p[i], &S->t, F));
        S->ng++;
        if (g->len == 0)
            continue;
        poly_normalize_lc(g, F);
        const uint32_t *e = mht_exps(&S->t, g->mon[0]);
        uint32_t mask = S->t.row[g->mon[0]].divmask;
        if (dl_find_divisor(&S->dl, e, mask) != UINT32_MAX)
            continue;
        dl_remove_multiples(&S->dl, e, mask, NULL, NULL);
        GBC_TRY(dl_insert(ctx, &S->dl, e, mask, (uint32_t)(S->ng - 1)));
    }
    return GBC_OK;
}

/* Append the remainder of f (plain, canonical) to out. */
static gbc_status nf_one(nf_state *S, const ppoly *f, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = &S->R->F;
    poly fz, h;
    poly_init(&h);
    GBC_TRY(poly_from_plain(ctx, &fz, f, &S->t, F));
    gbc_status st = GBC_OK;
    bb_red_begin(&S->rd);
    mpz_t one;
    mpz_init_set_ui(one, 1);
    st = bb_red_add(ctx, &S->rd, &fz, 0, UINT32_MAX, 1, one);
    mpz_clear(one);
    bb_reducers G = {S->g, &S->dl};
    if (st == GBC_OK)
        st = bb_red_run(ctx, &S->rd, &G, 1);
    if (st == GBC_OK)
        st = bb_red_take(ctx, &S->rd, &h);
    if (st == GBC_OK)
        st = plist_push_poly(ctx, out, &h, &S->t, F, 0);
    if (st == GBC_OK && h.len > 0)
        id_coefs_of(F)->nf_unscale(&out->p[out->n - 1], S->rd.scale, &fz, f);
    poly_clear(ctx, &h, F);
    poly_clear(ctx, &fz, F);
    return st;
}

gbc_status id_normal_form(gbc_ctx *ctx, const ring *R, const plist *L, const plist *D,
                          plist *out)
{
    nf_state S;
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    S.R = R;
    gbc_status st = nf_setup(&S, D);
    for (size_t i = 0; i < L->n && st == GBC_OK; i++) {
        st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            break;
        gbc_progress(ctx, "normal-form", (double)(i + 1) / (double)L->n, i + 1);
        if (L->p[i].len == 0) {
            ppoly *z;
            st = plist_push(ctx, out, 0, R->nvars, &R->F, &z);
        } else {
            st = nf_one(&S, &L->p[i], out);
        }
    }
    nf_clear(&S);
    return st;
}

gbc_status id_divide_exact(gbc_ctx *ctx, poly *q, const poly *h, const poly *f, mht *t,
                           const field *F)
{
    if (f->len == 0)
        return GBC_ERR_INTERNAL;
    return id_coefs_of(F)->divide_exact(ctx, q, h, f, t, F);
}
