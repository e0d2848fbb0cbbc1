/* common/plan: what one computation was asked to do, built once from the public
 * options (api/) and read-only afterwards: the engine, the linear algebra, the
 * order path, threads and limits, the multi-modular choices and the test hooks.
 * It sits in common/ so that every layer, la/ and f4/ included, can read it. */
#ifndef GBC_PLAN_H
#define GBC_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "gbc.h"

/* One computation's choices, in gbc.h's enums. A computation reads its plan
 * through ctx->plan (common.h) and never writes it; a part that needs other choices
 * (the exact kernel for the many F4 runs of a saturation, another order path) makes
 * a copy, changes the copy and runs the part with ctx->plan pointing at it
 * (gbc_ctx_set_plan, common.h). Nothing in a plan is owned: forced_primes belongs
 * to the caller and must outlive every computation that reads the plan. */
typedef struct gbc_plan {
    gbc_algorithm engine;     /* the engine's row in the table (strategy/engine.h) */
    gbc_basis_kind basis;     /* reduced or minimal (the entry points' minimal flag) */
    gbc_linear_algebra la_mode; /* F4's kernel (la_kernel_select) */
    gbc_order_path order_path;  /* orders that are not degree-compatible (strategy/) */
    gbc_learn learn;          /* over Q: the learning run's engine (modular/) */
    int certify;              /* over Q: prove the result (modular/certify.c) */
    /* Over Q, prime choice. fixed_seed = 0 (the default): the seed is drawn from the
     * OS's entropy, so no input can predict the primes (the bound of docs/modular.md
     * holds for every input). fixed_seed = 1: the primes follow from seed alone, a
     * run can be repeated exactly, and an input built against those primes can
     * defeat the check. */
    int fixed_seed;
    uint64_t seed;
    int threads;              /* worker threads asked for (<= 1: one); the context
                               * that runs the computation takes it as ctx->threads */
    size_t memory_limit;      /* bytes (0: none); the context enforces it */
    double time_limit;        /* seconds (0: none); the context's deadline */
    size_t max_primes;        /* over Q: give up with GBC_ERR_VERIFY beyond this
                               * (0: 100000) */
    /* ---- test hooks (never set from gbc.h's options) ---- */
    uint64_t la_hook;         /* the probabilistic kernel's fault hook (la/la.h) */
    int f4_gens_as_rows;      /* F4 takes every generator as a row of its degree's
                               * matrix, as it does past 1000 generators (f4.c
                               * add_gens; f4_groebner only: traces do not carry it) */
    const uint32_t *forced_primes; /* over Q: used first, in this order (NULL: none) */
    size_t nforced;
    /* over Q with certify: the first corrupt_candidates candidates are altered
     * before their certification (the last coefficient of the last polynomial with
     * more than one term is doubled; a candidate of monomials is left alone), so
     * that tests can see the proof reject them (0: never) */
    size_t corrupt_candidates;
} gbc_plan;

/* The defaults: F4, reduced basis, automatic kernel and order path, F4 learning,
 * no certification, a seed from the OS, one thread, no limits, no hooks. A zeroed
 * plan means the same (its engine GBC_ALGO_DEFAULT reads as F4). */
extern const gbc_plan gbc_plan_default;

/* *P = the defaults. */
void gbc_plan_init(gbc_plan *P);

#endif
