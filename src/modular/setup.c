/* modular/setup: a run's state from its input: the seed and both prime streams, the
 * integer generators, and the path (directly, FGLM from grevlex modulo every prime,
 * or the homogenised ideal); and its release. */
#include "modular/modular_int.h"

#include "strategy/strategy.h"


gbc_status mod_setup(modst *S, gbc_ctx *ctx, const ring *R, const plist *in,
                     gb_stats *stats, int no_fglm)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->t0 = gbc_wall_time();
    S->R = R;
    const gbc_plan *P = ctx->plan;
    S->plan = P;
    S->stats = stats;
    plist_init(&S->zin);
    plist_init(&S->ahead.res);
    plist_init(&S->zr);
    /* One 64-bit seed names the run (so --seed repeats a logged run exactly); the
     * two streams derive from it by different splitmix64 keys. */
    uint64_t seed = P->seed;
    if (!P->fixed_seed && !gbc_entropy64(&seed))
        gbc_log(ctx, 1, "modular: the OS gave no entropy: primes seeded from the clock");
    S->seed = seed;
    gbc_rng_seed(&S->rng, gbc_seed_derive(seed, 1));
    gbc_rng_seed(&S->crng, gbc_seed_derive(seed, 2));
    gbc_log(ctx, 1, "modular: seed %llu (%s)", (unsigned long long)seed,
            P->fixed_seed ? "given" : "drawn; --seed repeats this run");
    if (stats) {
        stats->seed = seed;
        stats->seeded = 1;
    }

    /* Integer, primitive generators (denominators cleared), zeros dropped. */
    mht_params par;
    mht t;
    GBC_TRY(mht_params_init(ctx, &par, &R->ord, 0x5a5a1234ULL));
    gbc_status st = mht_init(ctx, &t, &par, 10);
    plist zr;
    plist_init(&zr);
    int homogeneous = 1;
    for (size_t k = 0; k < in->n && st == GBC_OK; k++) {
        poly f;
        st = poly_from_plain(ctx, &f, &in->p[k], &t, &R->F);
        if (st != GBC_OK)
            break;
        if (f.len > 0) {
            st = plist_push_poly(ctx, &zr, &f, &t, &R->F, 0);
            for (uint32_t i = 1; i < f.len; i++)
                if (t.row[f.mon[i]].deg != t.row[f.mon[0]].deg)
                    homogeneous = 0;
        }
        poly_clear(ctx, &f, &R->F);
    }
    mht_clear(ctx, &t);
    mht_params_clear(ctx, &par);
    if (st != GBC_OK) {
        plist_clear(ctx, &zr, &R->F);
        return st;
    }
    if (!ring_is_graded(R) && !P->certify && !no_fglm &&
        P->order_path != GBC_ORDER_HOMOGENISE && P->order_path != GBC_ORDER_HILBERT) {
        /* grevlex modulo every prime, then FGLM to R's order there */
        S->fglm = 1;
        strat_grevlex_ring(&S->W, &S->word, R);
        S->zin = zr;
        plist_init(&S->zr);
        return plist_copy(ctx, &S->zr, &zr, R->nvars, &R->F);
    }
    S->homog = !ring_is_graded(R) || (P->certify && !homogeneous);
    S->per_prime_reduce = S->homog && !P->certify;
    if (S->homog) {
        ring_homog(&S->W, R);
        st = plist_homogenize(ctx, R, &zr, &S->zin);
        if (S->per_prime_reduce)
            S->zr = zr; /* the check reduces the generators in R */
        else
            plist_clear(ctx, &zr, &R->F);
        return st;
    }
    S->W = *R;
    S->zin = zr;
    return GBC_OK;
}

void mod_free(modst *S)
{
    mod_shape_clear(S);
    plist_clear(S->ctx, &S->zin, &S->R->F);
    plist_clear(S->ctx, &S->zr, &S->R->F);
    field Fp;
    field_init(&Fp, 2);
    plist_clear(S->ctx, &S->ahead.res, &Fp);
    S->ahead.pending = 0;
    gbc_free(S->ctx, S->used);
    gbc_free(S->ctx, S->ahead.cf);
    f4_trace_free(S->ctx, S->tr);
    S->used = S->ahead.cf = NULL;
    S->ahead.cap = 0;
    S->tr = NULL;
}

/* The ring of the shape: R when every prime is reduced in R, else W. */
const ring *mod_shape_ring(const modst *S)
{
    return S->per_prime_reduce || S->fglm ? S->R : &S->W;
}
