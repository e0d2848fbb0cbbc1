/* modular/batch: batches of primes applied at once on the computation's pool, each
 * part on a worker context charging one budget, optionally with the check's
 * candidate-independent half computed as one item beside the applies. */
#include "modular/modular_int.h"

#include "common/pool.h"

/* Part 0's interrupt callback: the caller's context, polled from part 0 (the
 * thread of the caller, so its callback is never called from another thread). */
static int batch_poll_parent(void *data)
{
    batch *B = data;
    if (gbc_ctx_check(B->S->ctx) != GBC_OK) {
        atomic_store(&B->stop, 1);
        return 1;
    }
    return 0;
}

/* Item 0 of a batch with the check ahead, on part t's context. */
static void batch_ahead(batch *B, int t)
{
    B->ahead->p = B->ahead_p;
    B->ahead->beside_learning = 0;
    mod_ahead_compute(B->S, &B->wctx[t], B->ahead);
    mod_ahead_shape(B->S, &B->wctx[t], B->ahead);
    if (B->ahead->st != GBC_OK)
        atomic_store(&B->stop, 1);
}

/* Part t: items until none is left (see struct batch). */
static void batch_part(void *arg, int t)
{
    batch *B = arg;
    for (;;) {
        int i = atomic_fetch_add(&B->next, 1);
        if (i >= B->nitems || atomic_load(&B->stop))
            return;
        if (B->ahead_p != 0 && i == 0) {
            batch_ahead(B, t);
            B->ran[i] = (uint8_t)(t + 1);
            continue;
        }
        f4_flat fl = {B->use_flat ? B->flat[i] : NULL, B->flatn, F4_FLAT_NONE,
                      B->use_flat ? &B->keep[t] : NULL};
        /* a compiling batch: item 0 compiles, the others replay by hashing beside
         * it (they read only the learnt part of the trace, which compiling leaves
         * alone) */
        int mode = !B->compile ? MOD_RUN_APPLY : i == 0 ? MOD_RUN_COMPILE : MOD_RUN_PLAIN;
        mod_prime_work(B->S, &B->wctx[t], 0, NULL, mode, fl.cf != NULL ? &fl : NULL, &B->out[i]);
        B->ran[i] = (uint8_t)(t + 1);
        if (B->out[i].st != GBC_OK)
            atomic_store(&B->stop, 1);
    }
}

/* Apply the trace modulo the n primes ps (compile: the first compiling it, the
 * others replaying it plainly), with the check ahead modulo cp when cp != 0
 * (then ps[i] is item i + 1). */
static gbc_status batch_run(modst *S, batch *B, const uint32_t *ps, int n, int compile,
                            uint32_t cp)
{
    gbc_ctx *ctx = S->ctx;
    int parts = ctx->pool != NULL ? gbc_pool_size(ctx->pool) : 1;
    B->S = S;
    B->ahead_p = cp;
    B->ahead = &S->ahead;
    B->nitems = n + (cp != 0);
    B->n = B->nitems;
    B->parts = parts < B->nitems ? parts : B->nitems;
    B->compile = compile;
    if (compile)
        B->use_flat = 0;
    atomic_init(&B->stop, 0);
    atomic_init(&B->next, 0);
    gbc_budget_begin(&B->budget, ctx);
    for (int t = 0; t < B->parts; t++) {
        gbc_ctx_init_worker(&B->wctx[t], &B->budget);
        B->wctx[t].cancel = &B->stop;
        B->wctx[t].plan = ctx->plan;
    }
    for (int i = 0; i < B->nitems; i++) {
        B->ran[i] = 0;
        B->out[i].p = cp != 0 ? (i > 0 ? ps[i - 1] : cp) : ps[i];
        B->out[i].st = GBC_OK;
        B->out[i].unlucky = 0;
        B->out[i].flat = F4_FLAT_NONE;
        plist_init(&B->out[i].res);
    }
    B->wctx[0].interrupt = batch_poll_parent;
    B->wctx[0].interrupt_data = B;
    size_t base = ctx->mem_used;
    B->base = base;
    if (ctx->pool != NULL && B->parts > 1)
        gbc_pool_run(ctx->pool, batch_part, B, B->parts);
    else
        batch_part(B, 0);
    gbc_status st = GBC_OK;
    B->limited = 0;
    for (int i = 0; i < B->nitems; i++)
        if (B->ran[i]) {
            st = gbc_status_join(st, B->out[i].st);
            B->limited |= B->out[i].st == GBC_ERR_LIMIT;
        }
    if (cp != 0) {
        st = gbc_status_join(st, S->ahead.st);
        B->limited |= S->ahead.st == GBC_ERR_LIMIT;
    }
    if (st == GBC_OK)
        st = gbc_ctx_check(ctx);
    /* until mod_batch_end the caller works while the results live: its context
     * carries their memory meanwhile, so that its limit and peak see it */
    B->extra = atomic_load(&B->budget.used) - base;
    ctx->mem_used += B->extra;
    if (ctx->mem_used > ctx->mem_peak)
        ctx->mem_peak = ctx->mem_used;
    return st;
}

gbc_status mod_batch_run(modst *S, batch *B, const uint32_t *ps, int n, int compile)
{
    return batch_run(S, B, ps, n, compile, 0);
}

gbc_status mod_batch_run_ahead(modst *S, batch *B, const uint32_t *ps, int n, uint32_t cp)
{
    S->ahead.ready = 0;
    S->ahead.st = GBC_OK;
    GBC_TRY(GBC_GROW(S->ctx, S->ahead.cf, S->ahead.cap, S->nterms ? S->nterms : 1));
    return batch_run(S, B, ps, n, 0, cp);
}

void mod_batch_end(modst *S, batch *B)
{
    field Fp; /* any nonzero p selects the uint32 layout */
    field_init(&Fp, 2);
    for (int i = 0; i < B->nitems; i++)
        if (B->ran[i])
            plist_clear(&B->wctx[B->ran[i] - 1], &B->out[i].res, &Fp);
    /* what the parts still hold is what their kept arenas grew by: the caller's
     * context carries it from now on (mod_batch_release gives it back) */
    S->ctx->mem_used -= B->extra;
    B->extra = 0;
    gbc_budget_settle(&B->budget, B->base, S->ctx);
    gbc_budget_end(&B->budget, S->ctx);
}

/* Room for the flat residues of n parts (the shape's terms each), kept from batch
 * to batch on the caller's context. */
gbc_status mod_batch_flat_reserve(const modst *S, batch *B, int n)
{
    size_t nt = S->nterms ? S->nterms : 1;
    if (B->flatn != S->nterms) {
        for (int t = 0; t < MOD_MAX_BATCH; t++) {
            gbc_free(S->ctx, B->flat[t]);
            B->flat[t] = NULL;
        }
        B->flatn = S->nterms;
    }
    for (int t = 0; t < n; t++)
        if (B->flat[t] == NULL)
            GBC_TRY(GBC_ALLOC(S->ctx, B->flat[t], nt));
    if (!B->have_arena) {
        for (int t = 0; t < MOD_MAX_BATCH; t++)
            f4_keep_init(&B->keep[t]);
        B->have_arena = 1;
    }
    return GBC_OK;
}

void mod_batch_release(gbc_ctx *ctx, batch *B)
{
    if (B == NULL || !B->have_arena)
        return;
    for (int t = 0; t < MOD_MAX_BATCH; t++)
        f4_keep_clear(ctx, &B->keep[t]);
    B->have_arena = 0;
}

void mod_batch_free(gbc_ctx *ctx, batch *B)
{
    if (B == NULL)
        return;
    mod_batch_release(ctx, B);
    for (int t = 0; t < MOD_MAX_BATCH; t++)
        gbc_free(ctx, B->flat[t]);
    gbc_free(ctx, B);
}
