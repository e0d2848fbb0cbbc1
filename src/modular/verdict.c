/* modular/verdict: the independent check of a settled candidate modulo a fresh prime
 * of the check stream (docs/modular.md step 6), from a check run here, computed ahead,
 * or prepared on another process; its verdict and log. */
#include "modular/modular_int.h"

#include <stdio.h>

/* The verdict of the check modulo q (docs/modular.md step 6) from the facts
 * gathered by one of its three ways (at the end here, computed ahead on this
 * process, prepared on another: dist.c): q was unlucky (FGLM declined modulo q
 * alone: it cannot judge); the basis modulo q has the shape; the candidate
 * reduces to it modulo q, or q divides a denominator (unusable); every
 * generator reduces to zero by it. how says which way, for the log. */
static void check_verdict(modst *S, uint32_t q, int unlucky, int shape, int cand_ok,
                          int usable, int contained, const char *how, int *verdict)
{
    gbc_ctx *ctx = S->ctx;
    *verdict = MOD_GO_ON;
    if (unlucky)
        return;
    if (!shape) {
        gbc_log(ctx, 1, "modular: prime %u disagrees with the trace: relearning", q);
        *verdict = MOD_RESTART;
        return;
    }
    if (!cand_ok) {
        if (usable) {
            /* a settled polynomial is wrong (its integers are gone) */
            gbc_log(ctx, 1, "modular: the candidate differs modulo the check prime %u: "
                    "relearning", q);
            *verdict = MOD_RESTART;
        }
        return;
    }
    if (!contained) {
        gbc_log(ctx, 1, "modular: a generator does not reduce to zero by the candidate "
                "modulo %u: relearning", q);
        *verdict = MOD_RESTART;
        return;
    }
    gbc_log(ctx, 1, "modular: %zu primes, candidate confirmed modulo %u, the generators "
            "reduce to zero there (%s)", S->crt.nprimes, q, how);
    *verdict = MOD_ACCEPT;
}

/* The check's half that does not depend on the candidate (modular_int.h), on S's
 * context. */
gbc_status mod_check_basis(modst *S, uint32_t q, prime_out *o, int *contained)
{
    *contained = 0;
    GBC_TRY(mod_prime_full(S, q, NULL, o));
    if (o->unlucky)
        return GBC_OK;
    gbc_status st = mod_gens_reduce_to_zero(S, S->ctx, &o->res, q, contained);
    if (st != GBC_OK) {
        field Fp;
        field_init(&Fp, 2);
        plist_clear(S->ctx, &o->res, &Fp);
    }
    return st;
}

gbc_status mod_check_judge(modst *S, uint32_t q, const plist *G, int contained, int *verdict)
{
    int shape = G != NULL && mod_shape_matches(S, G), usable = 1;
    int ok = shape && mod_cand_matches(S, G, q, &usable);
    check_verdict(S, q, G == NULL, shape, ok, usable, contained, "check prepared", verdict);
    return GBC_OK;
}

/* The independent check of a stable candidate: an untraced run modulo a fresh
 * prime of the check stream (nothing recorded, so its F4 may use the probabilistic
 * kernel) must give the candidate modulo that prime, and every input generator
 * must reduce to zero by it there; or the same from the part computed ahead
 * (S->ahead, used up). *verdict: MOD_ACCEPT; MOD_GO_ON (the prime could not judge);
 * MOD_RESTART (the prime gives another shape, so the learning prime or this one
 * was unlucky; or the candidate is not in the ideal: learn anew). */
gbc_status mod_check_candidate(modst *S, int *verdict)
{
    mod_ahead *A = &S->ahead;
    if (A->ready) {
        A->ready = 0;
        int usable = 1;
        int ok = A->shape && mod_cand_matches_flat(S, A->cf, A->p, &usable);
        char how[96];
        snprintf(how, sizeof how, "check computed ahead beside %s: %.2f s",
                 A->beside_learning ? "learning" : "the applies", A->secs);
        check_verdict(S, A->p, A->unlucky, A->shape, ok, usable, A->contained, how, verdict);
        return GBC_OK;
    }
    double t0 = gbc_wall_time();
    uint32_t q;
    prime_out O;
    int contained = 0;
    GBC_TRY(mod_check_prime(S, &q));
    GBC_TRY(mod_check_basis(S, q, &O, &contained));
    int shape = !O.unlucky && mod_shape_matches(S, &O.res), usable = 1;
    int ok = shape && mod_cand_matches(S, &O.res, q, &usable);
    field Fp;
    field_init(&Fp, 2);
    plist_clear(S->ctx, &O.res, &Fp);
    char how[64];
    snprintf(how, sizeof how, "check %.2f s", gbc_wall_time() - t0);
    check_verdict(S, q, O.unlucky, shape, ok, usable, contained, how, verdict);
    return GBC_OK;
}
