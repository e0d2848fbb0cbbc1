/* tu_plan: the tests' way to run a computation under a plan of their own (the
 * library reads its choices from ctx->plan, common/plan.h): each helper points ctx
 * at a plan for one call and puts the context's own plan back after it. */
#ifndef GBC_TU_PLAN_H
#define GBC_TU_PLAN_H

#include "modular/modular.h"
#include "strategy/strategy.h"

/* mod_groebner under P. */
static inline gbc_status mod_groebner_plan(gbc_ctx *ctx, const ring *R, const plist *in,
                                           plist *out, gb_stats *stats, const gbc_plan *P)
{
    const gbc_plan *old = gbc_ctx_set_plan(ctx, P);
    gbc_status st = mod_groebner(ctx, R, in, out, stats);
    gbc_ctx_set_plan(ctx, old);
    return st;
}

/* strat_groebner with engine algo on order path path, the rest of ctx's plan kept. */
static inline gbc_status strat_groebner_path(gbc_ctx *ctx, const ring *R, const plist *in,
                                             plist *out, gb_stats *stats, int minimal,
                                             gbc_order_path path, gbc_algorithm algo)
{
    gbc_plan P = *ctx->plan;
    P.order_path = path;
    P.engine = algo;
    const gbc_plan *old = gbc_ctx_set_plan(ctx, &P);
    gbc_status st = strat_groebner(ctx, R, in, out, stats, minimal);
    gbc_ctx_set_plan(ctx, old);
    return st;
}

/* strat_groebner with F4 on order path path. */
static inline gbc_status strat_f4_path(gbc_ctx *ctx, const ring *R, const plist *in,
                                       plist *out, gb_stats *stats, int minimal,
                                       gbc_order_path path)
{
    return strat_groebner_path(ctx, R, in, out, stats, minimal, path, GBC_ALGO_F4);
}

/* strat_order_first on order path path. */
static inline gbc_status strat_order_first_path(gbc_ctx *ctx, const ring *R, const plist *in,
                                                plist *out, gb_stats *stats, int minimal,
                                                gbc_order_path path)
{
    gbc_plan P = *ctx->plan;
    P.order_path = path;
    const gbc_plan *old = gbc_ctx_set_plan(ctx, &P);
    gbc_status st = strat_order_first(ctx, R, in, out, stats, minimal);
    gbc_ctx_set_plan(ctx, old);
    return st;
}

#endif
