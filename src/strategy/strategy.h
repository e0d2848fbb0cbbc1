/* strategy: the outer layer over the engines over Z/p: which path computes a basis
 * for an order that is not degree-compatible. On input of high degree the sugar
 * Buchberger in the order itself is tried first within a small budget of work (it
 * wins where the order's basis is close to the generators); then every path
 * starts from the grevlex basis: a zero-dimensional ideal changes order by FGLM
 * (fglm/); any other is computed from the homogenised grevlex basis by F4 in the
 * order, with the Hilbert series of the grevlex leading terms telling each degree
 * when it is complete (f4/hilbert.c). docs/fglm.md. */
#ifndef GBC_STRATEGY_H
#define GBC_STRATEGY_H

#include "common/stats.h"
#include "poly/poly.h"

/* The values of gbc.h's gbc_order_path. */
typedef enum strat_path {
    STRAT_AUTO = 0,       /* FGLM when zero-dimensional, else Hilbert-driven */
    STRAT_FGLM = 1,       /* FGLM; GBC_ERR_DOMAIN when not zero-dimensional */
    STRAT_HOMOGENISE = 2, /* the homogenised generators, always */
    STRAT_HILBERT = 3,    /* Hilbert-driven from the grevlex basis, always */
    STRAT_DIRECT = 4      /* the sugar Buchberger in the order itself, unbounded */
} strat_path;

/* What a run did, for the log and the statistics. */
typedef enum strat_taken {
    STRAT_TOOK_DIRECT = 0,     /* a degree-compatible order: the engine alone */
    STRAT_TOOK_FGLM = 1,       /* grevlex, then FGLM */
    STRAT_TOOK_HOMOGENISE = 2, /* the homogenised generators */
    STRAT_TOOK_HILBERT = 3,    /* the homogenised grevlex basis, Hilbert-driven */
    STRAT_TOOK_ORDER = 4       /* the sugar Buchberger in the order itself */
} strat_taken;

/* The engine that computes the bases of degree-compatible orders. */
typedef enum strat_engine {
    STRAT_ENGINE_F4 = 0,  /* f4_groebner_kind */
    STRAT_ENGINE_SIG = 1  /* sig_groebner (the signature-based F4) */
} strat_engine;

/* The reduced (minimal != 0: a minimal) Groebner basis of in over Z/p with F4, for
 * any order of R, by the path chosen under path. stats may be NULL; its
 * strategy field says which path ran. */
gbc_status strat_f4_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                             gb_stats *stats, int minimal, strat_path path);
/* strat_f4_groebner with engine eng for the degree-compatible bases (the order
 * itself when it is one, else the grevlex basis the path starts from, or the
 * homogenised generators under STRAT_HOMOGENISE); the change of order (FGLM, the
 * Hilbert-driven F4) is the same for every engine. */
gbc_status strat_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                          gb_stats *stats, int minimal, strat_path path, strat_engine eng);

/* The first try for an order that is not degree-compatible, over Z/p or Q: the
 * sugar Buchberger in R's own order on in (bb_groebner_direct): under STRAT_AUTO
 * only when bb_direct_worth_trying(in) (a generator of degree 32 or more; else
 * GBC_ERR_UNSUPPORTED at once) and within bb_direct_budget(in) term operations;
 * unbounded under STRAT_DIRECT. GBC_OK: out holds the basis (stats->strategy STRAT_TOOK_ORDER).
 * GBC_ERR_UNSUPPORTED: it gave up (its budget, a degree past 32 bits, memory), out
 * is empty and the caller takes its other path (under STRAT_DIRECT only a degree
 * past 32 bits or memory give up). Any other status is the computation's.
 * strat_groebner and mod_q_groebner (modular/modular.h) call it on the generators,
 * before anything else (over Q, Buchberger is exact: its result needs neither primes
 * nor a check).
 * docs/fglm.md. */
gbc_status strat_order_first(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                             gb_stats *stats, int minimal, strat_path path);

/* R with its order replaced by grevlex (names and field shared; Rg->ord is set up
 * in ord, which must outlive Rg; nothing to clear). */
void strat_grevlex_ring(ring *Rg, mono_order *ord, const ring *R);

#endif
