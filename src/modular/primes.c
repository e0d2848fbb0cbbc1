/* modular/primes: the primes of a run and what one prime computes. Two streams of
 * random primes of [2^30, 2^31) (learning and applies; the check), the integer
 * generators reduced modulo a prime, and one prime's pipeline (learning by the plan's
 * learner from the engine table, compiling, replaying or applying the trace, then
 * FGLM or dehomogenising when the order asks). */
#include "modular/modular_int.h"

#include "check/check.h"
#include "fglm/fglm.h"
#include "strategy/engine.h"

int mod_prime_used(const modst *S, uint32_t p)
{
    for (size_t i = 0; i < S->nused; i++)
        if (S->used[i] == p)
            return 1;
    return 0;
}

/* Whether p divides a leading coefficient of the (integer) generators. */
int mod_prime_divides_lc(const modst *S, uint32_t p)
{
    for (size_t k = 0; k < S->zin.n; k++)
        if (mpz_divisible_ui_p(mpq_numref(S->zin.p[k].cq[0]), p))
            return 1;
    return 0;
}

/* The next prime for S: the forced ones first (test hook), then random primes of
 * [2^30, 2^31) from the stream r that are new to the run and divide no leading
 * coefficient. */
static gbc_status next_prime_from(modst *S, gbc_rng *r, uint32_t *out)
{
    uint32_t prime = 0; /* none chosen yet */
    while (S->forced_next < S->plan->nforced) {
        uint32_t q = S->plan->forced_primes[S->forced_next++];
        if (q >= 2 && q < (1u << 31) && zp_is_prime(q) == 1 && !mod_prime_used(S, q) &&
            !mod_prime_divides_lc(S, q)) {
            prime = q;
            break;
        }
    }
    while (prime == 0) {
        /* odd numbers drawn until one is prime: every prime of the range equally
         * likely (the next prime after a random number would favour those after
         * long gaps); about 11 draws */
        uint32_t q = (uint32_t)((1u << 30) + gbc_rng_below(r, 1u << 30)) | 1u;
        if (zp_is_prime(q) == 1 && !mod_prime_used(S, q) && !mod_prime_divides_lc(S, q))
            prime = q;
    }
    GBC_TRY(GBC_GROW(S->ctx, S->used, S->ucap, S->nused + 1));
    S->used[S->nused++] = prime;
    *out = prime;
    return GBC_OK;
}

gbc_status mod_next_prime(modst *S, uint32_t *out)
{
    return next_prime_from(S, &S->rng, out);
}

/* A check prime: from the stream of its own. */
gbc_status mod_check_prime(modst *S, uint32_t *out)
{
    return next_prime_from(S, &S->crng, out);
}

/* out (empty on entry) = the integer polynomials Z (nvars variables) reduced modulo
 * F's prime, terms that vanish dropped. */
static gbc_status reduce_gens(gbc_ctx *ctx, plist *out, const plist *Z, uint32_t n,
                              const field *F)
{
    const uint32_t p = F->p;
    for (size_t k = 0; k < Z->n; k++) {
        const ppoly *f = &Z->p[k];
        size_t len = 0;
        for (size_t i = 0; i < f->len; i++)
            if (!mpz_divisible_ui_p(mpq_numref(f->cq[i]), p))
                len++;
        ppoly *g;
        GBC_TRY(plist_push(ctx, out, len, n, F, &g));
        size_t j = 0;
        for (size_t i = 0; i < f->len; i++) {
            uint32_t r = (uint32_t)mpz_fdiv_ui(mpq_numref(f->cq[i]), p);
            if (r == 0)
                continue;
            memcpy(g->exps + j * n, f->exps + i * n, sizeof(uint32_t) * n);
            g->cf[j++] = r;
        }
    }
    return GBC_OK;
}

/* *contained = whether every input generator reduces to zero modulo p by G, a
 * basis modulo p in the shape's ring (the second half of the check: it catches a
 * candidate of another ideal whenever p is lucky). */
gbc_status mod_gens_reduce_to_zero(const modst *S, gbc_ctx *ctx, const plist *G, uint32_t p,
                                   int *contained)
{
    const int in_R = S->per_prime_reduce || S->fglm;
    ring Rp = in_R ? *S->R : S->W;
    GBC_TRY(field_init(&Rp.F, p));
    const plist *Z = in_R ? &S->zr : &S->zin;
    plist gp;
    plist_init(&gp);
    gbc_status st = reduce_gens(ctx, &gp, Z, Rp.nvars, &Rp.F);
    if (st == GBC_OK)
        st = check_ideal_contains_fast(ctx, &Rp, G, &gp, contained, NULL);
    plist_clear(ctx, &gp, &Rp.F);
    return st;
}

void mod_prime_work(const modst *S, gbc_ctx *ctx, int full, f4_trace *rec, int compile,
                    f4_flat *fl, prime_out *o)
{
    o->unlucky = o->declined = o->plain = 0;
    o->flat = F4_FLAT_NONE;
    plist_init(&o->res);
    ring Wp = S->W;
    gbc_status st = field_init(&Wp.F, o->p);
    if (st != GBC_OK) {
        o->st = st;
        return;
    }
    plist inp, gw, dh;
    plist_init(&inp);
    plist_init(&gw);
    plist_init(&dh);
    GBC_CHECK(st, reduce_gens(ctx, &inp, &S->zin, S->W.nvars, &Wp.F), done);
    if (full && rec != NULL)
        GBC_CHECK(st, strat_learner(S->plan->learn)->learn(ctx, &Wp, &inp, &gw, NULL, rec),
                  done);
    else if (full)
        GBC_CHECK(st, f4_groebner(ctx, &Wp, &inp, &gw, NULL), done);
    else if (compile == MOD_RUN_COMPILE)
        GBC_CHECK(st, f4_trace_compile(ctx, &Wp, &inp, &gw, NULL, S->tr, &o->unlucky), done);
    else if (compile == MOD_RUN_PLAIN)
        GBC_CHECK(st, f4_replay_plain(ctx, &Wp, &inp, &gw, NULL, S->tr, &o->unlucky), done);
    else if (fl != NULL && !S->fglm && !S->per_prime_reduce)
        GBC_CHECK(st, f4_apply_flat(ctx, &Wp, &inp, &gw, NULL, S->tr, &o->unlucky, &o->plain,
                                    fl), done);
    else
        GBC_CHECK(st, f4_apply(ctx, &Wp, &inp, &gw, NULL, S->tr, &o->unlucky, &o->plain), done);
    if (fl != NULL)
        o->flat = fl->state;
    if (o->unlucky || o->flat != F4_FLAT_NONE)
        goto done;
    if (S->fglm) {
        ring Rp = *S->R;
        Rp.F = Wp.F;
        if (!fglm_is_zero_dim(&Wp, &gw)) {
            o->declined = o->unlucky = 1;
            goto done;
        }
        /* the learning run and a check on the caller's context report FGLM's
         * figures; the applies and the checks computed ahead keep theirs */
        gb_stats local;
        memset(&local, 0, sizeof local);
        st = fglm_change_order(ctx, &Wp, &gw, &Rp, &o->res,
                               full == MOD_RUN_FULL && S->stats ? S->stats : &local, FGLM_AUTO);
        if (st == GBC_ERR_UNSUPPORTED) {
            o->declined = o->unlucky = 1;
            st = GBC_OK;
        }
    } else if (S->per_prime_reduce) {
        ring Rp = *S->R;
        Rp.F = Wp.F;
        GBC_CHECK(st, plist_dehomogenize(ctx, &Rp, &gw, &dh), done);
        GBC_CHECK(st, f4_reduce_basis(ctx, &Rp, &dh, &o->res), done);
    } else {
        o->res = gw;
        plist_init(&gw);
    }
done:
    plist_clear(ctx, &inp, &Wp.F);
    plist_clear(ctx, &gw, &Wp.F);
    plist_clear(ctx, &dh, &Wp.F);
    if (st != GBC_OK || o->unlucky)
        plist_clear(ctx, &o->res, &Wp.F);
    o->st = st;
}

void mod_prime_run(const modst *S, gbc_ctx *ctx, int full, f4_trace *rec, int compile,
                   prime_out *o)
{
    mod_prime_work(S, ctx, full, rec, compile ? MOD_RUN_COMPILE : MOD_RUN_APPLY, NULL, o);
}

void mod_prime_apply_flat(const modst *S, gbc_ctx *ctx, f4_flat *fl, prime_out *o)
{
    mod_prime_work(S, ctx, 0, NULL, MOD_RUN_APPLY, fl, o);
}

/* A full run modulo p on the caller's context (recording into rec when not NULL):
 * the learning prime, a check prime. */
gbc_status mod_prime_full(modst *S, uint32_t p, f4_trace *rec, prime_out *o)
{
    o->p = p;
    mod_prime_run(S, S->ctx, 1, rec, 0, o);
    return o->st;
}
