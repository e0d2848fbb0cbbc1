/* strategy: the outer layer over the engines over Z/p: which path computes a basis
 * for an order that is not degree-compatible. On input of high degree the sugar
 * Buchberger in the order itself is tried first within a small budget of work (it
 * wins where the order's basis is close to the generators); then every path
 * starts from the grevlex basis: a zero-dimensional ideal changes order by FGLM
 * (fglm/); any other is computed from the homogenised grevlex basis by F4 in the
 * order, with the Hilbert series of the grevlex leading terms telling each degree
 * when it is complete (f4/hilbert.c). docs/fglm.md. The engines themselves are
 * the rows of engine.h's table; the path is the plan's (common/plan.h). */
#ifndef GBC_STRATEGY_H
#define GBC_STRATEGY_H

#include "common/stats.h"
#include "poly/poly.h"
#include "strategy/engine.h"

/* What a run did, for the log and the statistics. */
typedef enum strat_taken {
    STRAT_TOOK_DIRECT = 0,     /* a degree-compatible order: the engine alone */
    STRAT_TOOK_FGLM = 1,       /* grevlex, then FGLM */
    STRAT_TOOK_HOMOGENISE = 2, /* the homogenised generators */
    STRAT_TOOK_HILBERT = 3,    /* the homogenised grevlex basis, Hilbert-driven */
    STRAT_TOOK_ORDER = 4       /* the sugar Buchberger in the order itself */
} strat_taken;

/* The reduced (minimal != 0: a minimal) Groebner basis of in over Z/p, for any
 * order of R, with the plan's engine (ctx->plan->engine, a row of engine.h) on the
 * plan's order path (ctx->plan->order_path, gbc.h's gbc_order_path). An engine that
 * takes every order itself runs alone; for the others the engine computes the
 * degree-compatible bases (the order itself when it is one, else the grevlex basis
 * the path starts from, or the homogenised generators under
 * GBC_ORDER_HOMOGENISE) and the change of order (FGLM, the Hilbert-driven F4) is
 * the same for every engine. stats may be NULL; its strategy field says which path
 * ran. GBC_ERR_DOMAIN over Q; GBC_ERR_ARG when the plan names no engine. */
gbc_status strat_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                          gb_stats *stats, int minimal);

/* The first try for an order that is not degree-compatible, over Z/p or Q: the
 * sugar Buchberger in R's own order on in (bb_groebner_direct): under the plan's
 * order path GBC_ORDER_AUTO only when bb_direct_worth_trying(in) (a generator of
 * degree 32 or more; else GBC_ERR_UNSUPPORTED at once) and within
 * bb_direct_budget(in) term operations; unbounded under GBC_ORDER_DIRECT. GBC_OK:
 * out holds the basis (stats->strategy STRAT_TOOK_ORDER). GBC_ERR_UNSUPPORTED: it
 * gave up (its budget, a degree past 32 bits, memory), out is empty and the caller
 * takes its other path (under GBC_ORDER_DIRECT only a degree past 32 bits or memory
 * give up). Any other status is the computation's.
 * strat_groebner and mod_q_groebner (modular/modular.h) call it on the generators,
 * before anything else (over Q, Buchberger is exact: its result needs neither primes
 * nor a check).
 * docs/fglm.md. */
gbc_status strat_order_first(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                             gb_stats *stats, int minimal);

/* R with its order replaced by grevlex (names and field shared; Rg->ord is set up
 * in ord, which must outlive Rg; nothing to clear). */
void strat_grevlex_ring(ring *Rg, mono_order *ord, const ring *R);

#endif
