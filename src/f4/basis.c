/* f4/basis: the state of an F4 run and its basis: setup and teardown, the
 * generators as F4 takes them, and adding an element (with or without the pair
 * update). Every part of F4 builds on these; they call no other part. */
#include "f4/f4_int.h"


void f4_free(f4_state *S)
{
    gbc_ctx *ctx = S->ctx;
    for (size_t i = 0; i < S->n; i++)
        poly_clear(ctx, &S->g[i], S->F);
    for (size_t i = 0; i < S->ngens; i++)
        poly_clear(ctx, &S->gens[i], S->F);
    gbc_free(ctx, S->g);
    gbc_free(ctx, S->lm);
    gbc_free(ctx, S->red);
    gbc_free(ctx, S->gens);
    gbc_free(ctx, S->kecart);
    dl_clear(ctx, &S->dl);
    pairs_clear(ctx, &S->ps);
    gbc_arena_clear(ctx, &S->arena);
    gbc_arena_clear(ctx, &S->earena);
    gbc_free(ctx, S->piv);
    gbc_free(ctx, S->tbr);
    gbc_free(ctx, S->newrows);
    gbc_free(ctx, S->colmon);
    gbc_free(ctx, S->colbht);
    gbc_free(ctx, S->pivot);
    gbc_free(ctx, S->dense);
    gbc_free(ctx, S->lanes);
    gbc_free(ctx, S->tcols);
    gbc_free(ctx, S->tcf);
    gbc_free(ctx, S->mexps);
    gbc_free(ctx, S->pmul);
    gbc_free(ctx, S->tmul);
    mht_clear(ctx, &S->sht);
    mht_clear(ctx, &S->pht);
    mht_clear(ctx, &S->bht);
    mht_params_clear(ctx, &S->par);
    la_env_clear(&S->la);
}

gbc_status f4_setup(f4_state *S, gbc_ctx *ctx, const ring *R, gb_stats *stats)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->R = R;
    S->F = &R->F;
    S->stats = stats;
    S->newfrac[0] = S->newfrac[1] = 1.0;
    pairs_init(&S->ps);
    gbc_arena_init(&S->arena, 1 << 20);
    gbc_arena_init(&S->earena, 1 << 20);
    GBC_TRY(mht_params_init(ctx, &S->par, &R->ord, F4_HASH_SEED));
    GBC_TRY(mht_init(ctx, &S->bht, &S->par, 10));
    GBC_TRY(mht_init(ctx, &S->sht, &S->par, 10));
    GBC_TRY(mht_init(ctx, &S->pht, &S->par, 10));
    GBC_TRY(dl_init(ctx, &S->dl, DL_TREE, R->nvars, &S->par.dm));
    S->kern = &la_kernel_exact;
    la_env_init(&S->la, ctx, S->F, F4_HASH_SEED ^ R->F.p);
    GBC_TRY(GBC_ALLOC(ctx, S->mexps, R->nvars ? R->nvars : 1));
    return GBC_OK;
}

gbc_status f4_reserve_basis(f4_state *S)
{
    if (S->n < S->cap)
        return GBC_OK;
    size_t ncap = S->cap ? 2 * S->cap : 64;
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_RESIZE(ctx, S->g, ncap));
    GBC_TRY(GBC_RESIZE(ctx, S->lm, ncap));
    GBC_TRY(GBC_RESIZE(ctx, S->red, ncap));
    S->cap = ncap;
    return GBC_OK;
}

/* Add the monic, nonzero, non-constant h (monomials in bht) to the basis; takes
 * ownership of h. */
typedef struct strict_div {
    const mht *t;
    uint32_t lm;
    int found;
} strict_div;

/* Stops at a divisor of the lead other than the lead itself. */
static int visit_strict(void *data, uint32_t val, const uint32_t *exps)
{
    strict_div *d = data;
    (void)val;
    const uint32_t *e = mht_exps(d->t, d->lm);
    if (memcmp(e, exps, sizeof(uint32_t) * d->t->nvars) != 0) {
        d->found = 1;
        return 1;
    }
    return 0;
}

gbc_status f4_add_element(f4_state *S, poly *h, int *strict)
{
    GBC_TRY(f4_reserve_basis(S));
    size_t k = S->n;
    S->g[k] = *h;
    poly_init(h);
    S->lm[k] = S->g[k].mon[0];
    S->red[k] = 0;
    S->n++;
    const mht *t = &S->bht;
    uint32_t lm = S->lm[k];
    /* a generator's lead may be a proper multiple of an older lead (a new
     * element's never is): it is redundant from the start, and its pairs (among
     * them the one that reduces it) are formed all the same */
    strict_div sd = {t, lm, 0};
    dl_for_each_divisor(&S->dl, mht_exps(t, lm), t->row[lm].divmask, visit_strict, &sd);
    if (!sd.found) {
        dl_remove_multiples(&S->dl, mht_exps(t, lm), t->row[lm].divmask, NULL, NULL);
        GBC_TRY(dl_insert(S->ctx, &S->dl, mht_exps(t, lm), t->row[lm].divmask, (uint32_t)k));
    }
    *strict = sd.found;
    return GBC_OK;
}

gbc_status f4_add_pairs(f4_state *S, size_t k0)
{
    if (S->play != NULL && S->chk == NULL)
        return GBC_OK; /* replay: no pairs, unless it confirms its rounds */
    double t0 = gbc_wall_time();
    pairs_basis B = {&S->bht,     S->lm,     S->red,    NULL,
                     (uint32_t)S->n, &S->pht,   S->kecart, S->nknown,
                     S->dknown,   S->R->comp_first, S->R->comp_n};
    gbc_status st = pairs_update_many(S->ctx, &S->ps, &B, (uint32_t)k0, f4_round_threads(S));
    if (S->stats)
        S->stats->t_update += gbc_wall_time() - t0;
    return st;
}

gbc_status f4_add(f4_state *S, poly *h)
{
    int strict;
    GBC_TRY(f4_add_element(S, h, &strict));
    GBC_TRY(f4_add_pairs(S, S->n - 1));
    if (strict)
        S->red[S->n - 1] = 1;
    return GBC_OK;
}

/* Sort S->gens by increasing lead degree, stably (one key sort: a trace replays
 * the generators by position, so the order must not depend on the sort). */
static gbc_status sort_gens(f4_state *S)
{
    if (S->ngens < 2)
        return GBC_OK;
    uint64_t *key;
    GBC_TRY(GBC_ALLOC(S->ctx, key, S->ngens));
    for (size_t i = 0; i < S->ngens; i++)
        key[i] = f4_lead_degree(S, &S->gens[i]);
    gbc_status st = f4_sort_by_key(S->ctx, S->gens, S->ngens, sizeof(poly), key);
    gbc_free(S->ctx, key);
    return st;
}

gbc_status f4_take_gens(f4_state *S, const plist *in, int *unit)
{
    GBC_TRY(GBC_ZALLOC(S->ctx, S->gens, in->n ? in->n : 1));
    for (size_t i = 0; i < in->n; i++) {
        poly *f = &S->gens[S->ngens];
        GBC_TRY(poly_from_plain(S->ctx, f, &in->p[i], &S->bht, S->F));
        if (f->len == 0) {
            poly_clear(S->ctx, f, S->F);
            continue;
        }
        poly_normalize_lc(f, S->F);
        if (S->bht.row[f->mon[0]].deg == 0)
            *unit = 1;
        S->ngens++;
    }
    return sort_gens(S);
}
