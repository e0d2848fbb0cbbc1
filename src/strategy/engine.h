/* strategy/engine: the engines as rows of one const table: what each is called,
 * its entry, its learning run over Q, and what it supports. Every dispatch (the
 * API's gbc_groebner, ideal/'s id_groebner through mod_engine_groebner, the order
 * paths of strategy.c) reads a row of it, so an engine is added by its own module
 * and one row here (docs/architecture.md, "Adding an engine"). */
#ifndef GBC_STRATEGY_ENGINE_H
#define GBC_STRATEGY_ENGINE_H

#include "common/stats.h"
#include "f4/f4.h"
#include "poly/poly.h"

/* An engine's basis: the reduced (minimal != 0: a minimal) Groebner basis of in
 * (ring R) into out (empty on entry; left empty on error), monic, sorted by
 * increasing leading monomial; stats may be NULL. */
typedef gbc_status (*strat_gb_fn)(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                                  gb_stats *stats, int minimal);
/* An engine's learning run over Q: the reduced basis of in modulo R's prime (a
 * degree-compatible order) into out, as f4_learn gives it, and a trace recorded into
 * tr (a fresh trace) that f4_apply replays. */
typedef gbc_status (*strat_learn_fn)(gbc_ctx *ctx, const ring *R, const plist *in,
                                     plist *out, gb_stats *stats, f4_trace *tr);

/* The fields an engine's entry computes over itself. */
enum { STRAT_FIELD_ZP = 1u, STRAT_FIELD_Q = 2u };

typedef struct strat_engine {
    const char *name;         /* as --algorithm spells it */
    gbc_algorithm algorithm;  /* its gbc.h value (the plan's engine) */
    strat_gb_fn groebner;
    strat_learn_fn learn;     /* NULL: it cannot learn a trace over Q */
    unsigned fields;          /* STRAT_FIELD_*; over Q without STRAT_FIELD_Q the
                               * multi-modular path computes (mod_q_groebner) */
    int any_order;            /* 1: groebner takes every order itself; 0: the
                               * degree-compatible ones, strategy.c's paths reach
                               * the others from them */
    int minimal;              /* 1: it offers a minimal basis where it computes */
} strat_engine;

/* The table, strat_nengines rows. */
extern const strat_engine strat_engines[];
extern const size_t strat_nengines;

/* The row of algo (GBC_ALGO_DEFAULT: F4's), or NULL when there is none. */
const strat_engine *strat_engine_find(gbc_algorithm algo);

/* The row of the plan's engine (ctx->plan->engine), or NULL. */
const strat_engine *strat_engine_of(const gbc_ctx *ctx);

/* The row whose learn entry runs the learning run over Q under learn: F4's for
 * GBC_LEARN_F4, the signature engine's for GBC_LEARN_SIG. Never NULL. */
const strat_engine *strat_learner(gbc_learn learn);

#endif
