/* strategy/engine: the engine table (engine.h). A row names the engine's own entry
 * functions; nothing else here knows an engine. */
#include "strategy/engine.h"

#include "buchberger/buchberger.h"
#include "sig/sig.h"

/* sig_learn without its fall-back flag (the log says when it fell back). */
static gbc_status sig_learn_entry(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                                  gb_stats *stats, f4_trace *tr)
{
    return sig_learn(ctx, R, in, out, stats, tr, NULL);
}

const strat_engine strat_engines[] = {
    /* the reference: sugar Buchberger over Z/p and Q, any order (the order itself
     * first within a budget, else the homogenised ideal) */
    {"buchberger", GBC_ALGO_BUCHBERGER, bb_groebner_kind, NULL,
     STRAT_FIELD_ZP | STRAT_FIELD_Q, 1, 1},
    /* F4 over Z/p; over Q its traced runs make the multi-modular path */
    {"f4", GBC_ALGO_F4, f4_groebner_kind, f4_learn, STRAT_FIELD_ZP, 0, 1},
    /* the signature-based F4 over Z/p (it homogenises what is not homogeneous);
     * over Q its rows can guide F4's learning run (docs/sig.md) */
    {"sig", GBC_ALGO_SIG, sig_groebner, sig_learn_entry, STRAT_FIELD_ZP, 0, 1},
};

const size_t strat_nengines = sizeof strat_engines / sizeof strat_engines[0];

const strat_engine *strat_engine_find(gbc_algorithm algo)
{
    if (algo == GBC_ALGO_DEFAULT)
        algo = GBC_ALGO_F4;
    for (size_t i = 0; i < strat_nengines; i++)
        if (strat_engines[i].algorithm == algo)
            return &strat_engines[i];
    return NULL;
}

const strat_engine *strat_engine_of(const gbc_ctx *ctx)
{
    return strat_engine_find(ctx->plan->engine);
}

const strat_engine *strat_learner(gbc_learn learn)
{
    return strat_engine_find(learn == GBC_LEARN_SIG ? GBC_ALGO_SIG : GBC_ALGO_F4);
}
