/* modular/learn: the learning run (a full traced run modulo a fresh prime, with the
 * FGLM retries and the fall-back to the homogenised ideal) and the check computed
 * ahead, beside learning or as an item of a batch (its judgement against the shape
 * is shape.c's). */
#include "modular/modular_int.h"

#include "common/pool.h"
#include "fglm/fglm.h"
#include "strategy/strategy.h"

/* The check's part that does not depend on the candidate, modulo A->p on ctx
 * (see mod_ahead): a full untraced run into A->res (unless A->unlucky) and the
 * generators reduced by it; mod_ahead_shape (shape.c) then judges the shape. Reads
 * only what learning leaves alone (the rings, the integer generators). */
void mod_ahead_compute(const modst *S, gbc_ctx *ctx, mod_ahead *A)
{
    double t0 = gbc_wall_time();
    prime_out O;
    O.p = A->p;
    mod_prime_work(S, ctx, MOD_RUN_FULL_QUIET, NULL, MOD_RUN_APPLY, NULL, &O);
    A->st = O.st;
    A->unlucky = O.unlucky;
    A->contained = 0;
    A->res = O.res;
    if (A->st == GBC_OK && !A->unlucky)
        A->st = mod_gens_reduce_to_zero(S, ctx, &A->res, A->p, &A->contained);
    A->secs = gbc_wall_time() - t0;
}

/* The check ahead beside learning: a background task of the pool (see
 * mod_learn), on a worker context of its own. */
static void learn_ahead_task(void *arg)
{
    modst *S = arg;
    mod_ahead_compute(S, &S->ahead.wctx, &S->ahead);
}

/* Start the check ahead modulo a fresh check prime beside learning, when the pool
 * has threads and no memory limit or injected failure is set (its
 * worker context charges a budget of its own while learning charges the caller's,
 * so one limit could not cover both; the batches' check ahead serves then). */
static gbc_status learn_ahead_start(modst *S)
{
    gbc_ctx *ctx = S->ctx;
    mod_ahead *A = &S->ahead;
    A->ready = 0;
    /* forced primes (the test hook) are drawn by either stream first: they are
     * for learning and the applies */
    if (ctx->pool == NULL || ctx->budget != NULL || ctx->mem_limit != 0 || ctx->fail_at != 0 ||
        A->running || S->forced_next < S->plan->nforced)
        return GBC_OK;
    GBC_TRY(mod_check_prime(S, &A->p));
    gbc_budget_begin(&A->budget, ctx);
    A->base = ctx->mem_used;
    gbc_ctx_init_worker(&A->wctx, &A->budget);
    atomic_init(&A->stop, 0);
    A->wctx.cancel = &A->stop;
    A->wctx.plan = ctx->plan;
    plist_init(&A->res);
    A->st = GBC_OK;
    A->beside_learning = 1;
    A->running = 1;
    if (!gbc_pool_async(ctx->pool, learn_ahead_task, S))
        learn_ahead_task(S); /* no thread to spare (none started): here, now */
    return GBC_OK;
}

/* Wait for the check ahead of learning; its memory joins the caller's count. With
 * discard (learning failed or starts over on another ring) it is dropped. */
static void learn_ahead_wait(modst *S, int discard)
{
    gbc_ctx *ctx = S->ctx;
    mod_ahead *A = &S->ahead;
    if (!A->running)
        return;
    if (discard)
        atomic_store(&A->stop, 1);
    gbc_pool_async_wait(ctx->pool); /* returns at once when it ran here */
    A->running = 0;
    gbc_budget_settle(&A->budget, A->base, ctx);
    size_t peak = atomic_load(&A->budget.peak);
    if (peak > ctx->mem_peak)
        ctx->mem_peak = peak;
    A->pending = !discard && A->st == GBC_OK;
    if (!A->pending) {
        field Fp;
        field_init(&Fp, 2);
        plist_clear(ctx, &A->res, &Fp);
    }
}

/* Learn: a full traced run modulo a fresh prime into S->tr and o. While FGLM
 * declines (the basis modulo the prime is not zero-dimensional, or too large),
 * other learning primes are tried (the prime may be unlucky: the ideal modulo p
 * larger than over Q), MOD_FGLM_TRIES in all; then GBC_ERR_UNSUPPORTED when
 * S->decline_up (mod_groebner goes on from the grevlex basis over Q), else S is set
 * up again on the homogenised ideal (or, when FGLM was asked for, GBC_ERR_DOMAIN). */
static gbc_status learn(modst *S, const plist *in, prime_out *o)
{
    gbc_ctx *ctx = S->ctx;
    for (int declines = 0;;) {
        f4_trace_free(ctx, S->tr);
        S->tr = NULL;
        S->compiled = 0;
        S->plain_run = 0;
        GBC_TRY(f4_trace_new(ctx, &S->tr));
        uint32_t p;
        GBC_TRY(mod_next_prime(S, &p));
        GBC_TRY(mod_prime_full(S, p, S->tr, o));
        if (!o->declined) {
            f4_trace_shrink(ctx, S->tr);
            if (S->fglm) {
                char oname[128];
                mono_order_format(&S->R->ord, oname, sizeof oname);
                gbc_log(ctx, 1, "modular: order %s: zero-dimensional modulo %u (degree %zu): "
                        "grevlex modulo each prime, then FGLM", oname, p,
                        S->stats ? S->stats->fglm_dim : (size_t)0);
                if (S->stats)
                    S->stats->strategy = STRAT_TOOK_FGLM;
            }
            return GBC_OK;
        }
        if (++declines < MOD_FGLM_TRIES) {
            gbc_log(ctx, 1, "modular: not zero-dimensional modulo %u (or too large for "
                    "FGLM): trying another learning prime", p);
            continue;
        }
        if (S->decline_up) {
            gbc_log(ctx, 1, "modular: not zero-dimensional modulo %u (or too large for "
                    "FGLM)", p);
            return GBC_ERR_UNSUPPORTED;
        }
        if (S->plan->order_path == GBC_ORDER_FGLM) {
            gbc_log(ctx, 1, "modular: FGLM asked, but the ideal is not zero-dimensional "
                    "(or has more than %u standard monomials)", FGLM_MAX_DIM);
            return GBC_ERR_DOMAIN;
        }
        gbc_log(ctx, 1, "modular: not zero-dimensional modulo %u (or too large for "
                "FGLM): the homogenised ideal", p);
        const ring *R = S->R;
        gb_stats *stats = S->stats;
        learn_ahead_wait(S, 1); /* its basis is in the ring left behind */
        mod_free(S);
        GBC_TRY(mod_setup(S, ctx, R, in, stats, 1));
        declines = 0; /* FGLM is off now: nothing declines again */
    }
}

gbc_status mod_learn(modst *S, const plist *in, prime_out *o)
{
    /* with threads, the check's part that does not depend on the candidate runs
     * beside learning (whose linear algebra then has a thread less until it is
     * done) */
    GBC_TRY(learn_ahead_start(S));
    gbc_status st = learn(S, in, o);
    learn_ahead_wait(S, st != GBC_OK);
    return st;
}
