/* api: the structures behind the opaque handles of include/gbc.h. Internal; the
 * command-line tool never includes this (it uses gbc.h only). */
#ifndef GBC_API_INTERNAL_H
#define GBC_API_INTERNAL_H

#include "common/stats.h"
#include "poly/poly.h"

struct gbc_ring {
    atomic_int refs; /* the caller's reference plus one per polynomial list */
    ring R;
};

struct gbc_polys {
    gbc_ring *ring; /* counted reference */
    plist L;
};

struct gbc_options {
    gbc_algorithm algorithm;
    gbc_basis_kind basis;
    size_t memory_limit;
    int (*interrupt)(void *);
    void *interrupt_data;
    void (*log)(void *, int, const char *);
    void *log_data;
    int verbosity;
    void (*progress)(void *, const char *, double, uint64_t);
    void *progress_data;
    atomic_int cancel;   /* gbc_options_cancel; computations point ctx->cancel here */
    uint64_t fail_alloc; /* testing: fail the n-th allocation (0: never) */
    int certify;
    int learn;           /* gbc_learn */
    int threads;
    int la_mode;         /* gbc_linear_algebra */
    int order_path;      /* gbc_order_path */
    int fixed_seed;      /* gbc_options_set_seed was called */
    uint64_t seed;
    double time_limit;   /* seconds per computation (0: none) */
    const atomic_int *cancel_from; /* a sub-computation's (api_options_sub): the
                                    * caller's flag, watched instead of cancel */
};

struct gbc_stats {
    gb_stats s;
};

/* The plan of a computation under opts (NULL: the defaults): the one place where
 * gbc_options become the choices every layer reads (common/plan.h). */
void api_plan_from_options(gbc_plan *P, const gbc_options *opts);
/* sub = opts for a part of a computation run through the public calls (the
 * solver's Groebner bases, say): every choice and callback of opts, but the given
 * memory limit and time limit (what the caller has left; 0: none) and
 * cancellation watched through the caller's flag cancel (may be NULL: sub's own).
 * sub must not outlive opts' callbacks or the flag. */
void api_options_sub(gbc_options *sub, const gbc_options *opts, const atomic_int *cancel,
                     size_t memory_limit, double time_limit);
/* A context configured from opts (NULL: defaults): *P = api_plan_from_options(opts)
 * and ctx->plan = P; the memory limit, deadline and threads from P; callbacks, the
 * cancel flag (ctx->cancel points into opts) and the fault-injection counter from
 * opts. P and opts must outlive the computation. */
void api_ctx_from_options(gbc_ctx *ctx, gbc_plan *P, const gbc_options *opts);
/* Wrap a plain list in a new handle, taking ownership of L's contents and a
 * reference to ring. The handle is allocated through ctx (NULL: unaccounted), so
 * that limits and fault injection cover it; on failure L is left as it was. */
gbc_status api_polys_wrap(gbc_ctx *ctx, gbc_polys **out, gbc_ring *ring, plist *L);
/* GBC_OK when A and B have the same variables (names, in order) and
 * characteristic, else GBC_ERR_DOMAIN. */
gbc_status api_same_vars(const ring *A, const ring *B);
void api_ring_ref(gbc_ring *ring);
/* The basis gbc_groebner returns (reduced, or minimal under a GBC_BASIS_MINIMAL
 * plan) of gens into out (empty, and left empty on failure), under ctx. */
gbc_status api_groebner(gbc_ctx *ctx, const gbc_polys *gens, plist *out, gb_stats *stats);

/* Testing only (not in gbc.h): computations run with opts fail their n-th
 * allocation request with GBC_ERR_NOMEM (0: never). Counted per computation, from
 * 1; GMP's own allocations are not counted. */
void api_options_set_fail_alloc(gbc_options *opts, uint64_t n);

#endif
