/* modular: the multi-modular driver (see modular.h and docs/modular.md).
 *
 * One prime learns a trace (a full F4 run, on the calling thread); the trace is
 * compiled once by replaying it modulo a second prime, and from then on it is
 * read only: batches of primes (as many as the computation has threads) apply it
 * at once, each on a worker context of its own charging one memory budget. The
 * per-prime pipeline is "reduce the integer generators mod p, F4 (learn or apply),
 * and, when the order is not degree-compatible, FGLM or dehomogenise and reduce";
 * every accepted prime must give a basis of the same shape (same polynomials,
 * same monomials) as the learning prime, and its coefficients join the one CRT
 * accumulator (field/crt.h). A candidate lifted from them must hold modulo the
 * primes of the next batch (stability), then match an untraced computation
 * modulo a fresh prime of a separate stream (the check), and with certify be
 * proved over Q. */
#include "modular/modular_int.h"

#include <stdio.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "common/pool.h"
#include "f4/f4.h"
#include "fglm/fglm.h"
#include "field/crt.h"
#include "sig/sig.h"
#include "strategy/strategy.h"





/* ------------------------------------------------------------- primes -- */

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
    uint32_t p = 0;
    while (S->forced_next < S->opts->nforced) {
        uint32_t q = S->opts->forced_primes[S->forced_next++];
        if (q >= 2 && q < (1u << 31) && zp_is_prime(q) == 1 && !mod_prime_used(S, q) &&
            !mod_prime_divides_lc(S, q)) {
            p = q;
            break;
        }
    }
    while (p == 0) {
        /* odd numbers drawn until one is prime: every prime of the range equally
         * likely (the next prime after a random number would favour those after
         * long gaps); about 11 draws */
        uint32_t q = (uint32_t)((1u << 30) + gbc_rng_below(r, 1u << 30)) | 1u;
        if (zp_is_prime(q) == 1 && !mod_prime_used(S, q) && !mod_prime_divides_lc(S, q))
            p = q;
    }
    GBC_TRY(GBC_GROW(S->ctx, S->used, S->ucap, S->nused + 1));
    S->used[S->nused++] = p;
    *out = p;
    return GBC_OK;
}

gbc_status mod_next_prime(modst *S, uint32_t *out)
{
    return next_prime_from(S, &S->rng, out);
}

/* A check prime: from the stream of its own. */
static gbc_status next_check_prime(modst *S, uint32_t *out)
{
    return next_prime_from(S, &S->crng, out);
}

/* ------------------------------------------------------ per prime work -- */

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
static gbc_status gens_reduce_to_zero(const modst *S, gbc_ctx *ctx, const plist *G, uint32_t p,
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



/* The basis modulo o->p into o: a full run (recording into rec when not NULL; else
 * untraced, with the computation's linear algebra, probabilistic by default), a
 * compiling replay (compile), or an apply of S->tr. Only reads S, so that several
 * primes may run at once, each with its own ctx. */
/* What prime_run does with the trace when it does not run in full. */
enum { RUN_APPLY, RUN_COMPILE, RUN_PLAIN };
/* prime_run's full: a full run, and one that leaves S->stats alone (it runs beside
 * other work) */
enum { RUN_FULL = 1, RUN_FULL_QUIET = 2 };

static void prime_run(const modst *S, gbc_ctx *ctx, int full, f4_trace *rec, int compile,
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
    if (full && rec != NULL && S->opts->learn == MOD_LEARN_SIG)
        GBC_CHECK(st, sig_learn(ctx, &Wp, &inp, &gw, NULL, rec, NULL), done);
    else if (full && rec != NULL)
        GBC_CHECK(st, f4_learn(ctx, &Wp, &inp, &gw, NULL, rec), done);
    else if (full)
        GBC_CHECK(st, f4_groebner(ctx, &Wp, &inp, &gw, NULL), done);
    else if (compile == RUN_COMPILE)
        GBC_CHECK(st, f4_trace_compile(ctx, &Wp, &inp, &gw, NULL, S->tr, &o->unlucky), done);
    else if (compile == RUN_PLAIN)
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
                               full == RUN_FULL && S->stats ? S->stats : &local, FGLM_AUTO);
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
    prime_run(S, ctx, full, rec, compile ? RUN_COMPILE : RUN_APPLY, NULL, o);
}

void mod_prime_apply_flat(const modst *S, gbc_ctx *ctx, f4_flat *fl, prime_out *o)
{
    prime_run(S, ctx, 0, NULL, RUN_APPLY, fl, o);
}

/* ------------------------------------------------- batches of primes -- */



/* Part 0's interrupt callback: the caller's context, polled from part 0 (the
 * thread of the caller, so its callback is never called from another thread). */
static int batch_poll_parent(void *data)
{
    batch *B = data;
    if (gbc_ctx_check(B->S->ctx) != GBC_OK) {
        atomic_store(&B->stop, 1);
        return 1;
    }
    return 0;
}

/* The check's part that does not depend on the candidate, modulo A->p on ctx
 * (see mod_ahead): a full untraced run into A->res (unless A->unlucky) and the
 * generators reduced by it; ahead_shape then judges the shape. Reads only what
 * learning leaves alone (the rings, the integer generators). */
static void ahead_compute(const modst *S, gbc_ctx *ctx, mod_ahead *A)
{
    double t0 = gbc_wall_time();
    prime_out O;
    O.p = A->p;
    prime_run(S, ctx, RUN_FULL_QUIET, NULL, RUN_APPLY, NULL, &O);
    A->st = O.st;
    A->unlucky = O.unlucky;
    A->contained = 0;
    A->res = O.res;
    if (A->st == GBC_OK && !A->unlucky)
        A->st = gens_reduce_to_zero(S, ctx, &A->res, A->p, &A->contained);
    A->secs = gbc_wall_time() - t0;
}

/* The rest of it, once S has its shape: whether A->res has it, its coefficients
 * into A->cf (room for the shape's terms given), A->res freed on ctx; A ready. */
static void ahead_shape(const modst *S, gbc_ctx *ctx, mod_ahead *A)
{
    field Fp;
    field_init(&Fp, 2);
    A->shape = A->st == GBC_OK && !A->unlucky && mod_shape_matches(S, &A->res);
    if (A->shape) {
        size_t k = 0;
        for (size_t j = 0; j < A->res.n; j++)
            for (size_t i = 0; i < A->res.p[j].len; i++)
                A->cf[k++] = A->res.p[j].cf[i];
    }
    plist_clear(ctx, &A->res, &Fp);
    A->ready = A->st == GBC_OK;
}

/* Item 0 of a batch with the check ahead, on part t's context. */
static void batch_ahead(batch *B, int t)
{
    B->ahead->p = B->ahead_p;
    B->ahead->beside_learning = 0;
    ahead_compute(B->S, &B->wctx[t], B->ahead);
    ahead_shape(B->S, &B->wctx[t], B->ahead);
    if (B->ahead->st != GBC_OK)
        atomic_store(&B->stop, 1);
}

/* The check ahead beside learning: a background task of the pool (see
 * mod_learn), on a worker context of its own. */
static void learn_ahead_task(void *arg)
{
    modst *S = arg;
    ahead_compute(S, &S->ahead.wctx, &S->ahead);
}

/* Start the check ahead modulo a fresh check prime beside learning, when the pool
 * has threads and no memory limit or injected failure is set (its
 * worker context charges a budget of its own while learning charges the caller's,
 * so one limit could not cover both; the batches' check ahead serves then). */
static gbc_status learn_ahead_start(modst *S)
{
    gbc_ctx *ctx = S->ctx;
    mod_ahead *A = &S->ahead;
    A->ready = 0;
    /* forced primes (the test hook) are drawn by either stream first: they are
     * for learning and the applies */
    if (ctx->pool == NULL || ctx->budget != NULL || ctx->mem_limit != 0 || ctx->fail_at != 0 ||
        A->running || S->forced_next < S->opts->nforced)
        return GBC_OK;
    GBC_TRY(next_check_prime(S, &A->p));
    gbc_budget_begin(&A->budget, ctx);
    A->base = ctx->mem_used;
    gbc_ctx_init_worker(&A->wctx, &A->budget);
    atomic_init(&A->stop, 0);
    A->wctx.cancel = &A->stop;
    A->wctx.la_mode = ctx->la_mode;
    plist_init(&A->res);
    A->st = GBC_OK;
    A->beside_learning = 1;
    A->running = 1;
    if (!gbc_pool_async(ctx->pool, learn_ahead_task, S))
        learn_ahead_task(S); /* no thread to spare (none started): here, now */
    return GBC_OK;
}

/* Wait for the check ahead of learning; its memory joins the caller's count. With
 * discard (learning failed or starts over on another ring) it is dropped. */
static void learn_ahead_wait(modst *S, int discard)
{
    gbc_ctx *ctx = S->ctx;
    mod_ahead *A = &S->ahead;
    if (!A->running)
        return;
    if (discard)
        atomic_store(&A->stop, 1);
    gbc_pool_async_wait(ctx->pool); /* returns at once when it ran here */
    A->running = 0;
    gbc_budget_settle(&A->budget, A->base, ctx);
    size_t peak = atomic_load(&A->budget.peak);
    if (peak > ctx->mem_peak)
        ctx->mem_peak = peak;
    A->pending = !discard && A->st == GBC_OK;
    if (!A->pending) {
        field Fp;
        field_init(&Fp, 2);
        plist_clear(ctx, &A->res, &Fp);
    }
}

/* Once the shape exists (mod_shape_start): judge the check computed beside
 * learning. */
static gbc_status learn_ahead_finish(modst *S)
{
    mod_ahead *A = &S->ahead;
    if (!A->pending)
        return GBC_OK;
    A->pending = 0;
    gbc_status st = GBC_GROW(S->ctx, A->cf, A->cap, S->nterms ? S->nterms : 1);
    if (st != GBC_OK) {
        field Fp;
        field_init(&Fp, 2);
        plist_clear(S->ctx, &A->res, &Fp);
        return st;
    }
    ahead_shape(S, S->ctx, A);
    return GBC_OK;
}

/* Part t: items until none is left (see struct batch). */
static void batch_part(void *arg, int t)
{
    batch *B = arg;
    for (;;) {
        int i = atomic_fetch_add(&B->next, 1);
        if (i >= B->nitems || atomic_load(&B->stop))
            return;
        if (B->ahead_p != 0 && i == 0) {
            batch_ahead(B, t);
            B->ran[i] = (uint8_t)(t + 1);
            continue;
        }
        f4_flat fl = {B->use_flat ? B->flat[i] : NULL, B->flatn, F4_FLAT_NONE,
                      B->use_flat ? &B->keep[t] : NULL};
        /* a compiling batch: item 0 compiles, the others replay by hashing beside
         * it (they read only the learnt part of the trace, which compiling leaves
         * alone) */
        int mode = !B->compile ? RUN_APPLY : i == 0 ? RUN_COMPILE : RUN_PLAIN;
        prime_run(B->S, &B->wctx[t], 0, NULL, mode, fl.cf != NULL ? &fl : NULL, &B->out[i]);
        B->ran[i] = (uint8_t)(t + 1);
        if (B->out[i].st != GBC_OK)
            atomic_store(&B->stop, 1);
    }
}

/* Apply the trace modulo the n primes ps (compile: the first compiling it, the
 * others replaying it plainly), with the check ahead modulo cp when cp != 0
 * (then ps[i] is item i + 1). */
static gbc_status batch_run(modst *S, batch *B, const uint32_t *ps, int n, int compile,
                            uint32_t cp)
{
    gbc_ctx *ctx = S->ctx;
    int parts = ctx->pool != NULL ? gbc_pool_size(ctx->pool) : 1;
    B->S = S;
    B->ahead_p = cp;
    B->ahead = &S->ahead;
    B->nitems = n + (cp != 0);
    B->n = B->nitems;
    B->parts = parts < B->nitems ? parts : B->nitems;
    B->compile = compile;
    if (compile)
        B->use_flat = 0;
    atomic_init(&B->stop, 0);
    atomic_init(&B->next, 0);
    gbc_budget_begin(&B->budget, ctx);
    for (int t = 0; t < B->parts; t++) {
        gbc_ctx_init_worker(&B->wctx[t], &B->budget);
        B->wctx[t].cancel = &B->stop;
        B->wctx[t].la_mode = ctx->la_mode;
    }
    for (int i = 0; i < B->nitems; i++) {
        B->ran[i] = 0;
        B->out[i].p = cp != 0 ? (i > 0 ? ps[i - 1] : cp) : ps[i];
        B->out[i].st = GBC_OK;
        B->out[i].unlucky = 0;
        B->out[i].flat = F4_FLAT_NONE;
        plist_init(&B->out[i].res);
    }
    B->wctx[0].interrupt = batch_poll_parent;
    B->wctx[0].interrupt_data = B;
    size_t base = ctx->mem_used;
    B->base = base;
    if (ctx->pool != NULL && B->parts > 1)
        gbc_pool_run(ctx->pool, batch_part, B, B->parts);
    else
        batch_part(B, 0);
    gbc_status st = GBC_OK;
    for (int i = 0; i < B->nitems; i++)
        if (B->ran[i])
            st = gbc_status_join(st, B->out[i].st);
    if (cp != 0)
        st = gbc_status_join(st, S->ahead.st);
    if (st == GBC_OK)
        st = gbc_ctx_check(ctx);
    /* until mod_batch_end the caller works while the results live: its context
     * carries their memory meanwhile, so that its limit and peak see it */
    B->extra = atomic_load(&B->budget.used) - base;
    ctx->mem_used += B->extra;
    if (ctx->mem_used > ctx->mem_peak)
        ctx->mem_peak = ctx->mem_used;
    return st;
}

gbc_status mod_batch_run(modst *S, batch *B, const uint32_t *ps, int n, int compile)
{
    return batch_run(S, B, ps, n, compile, 0);
}

gbc_status mod_batch_run_ahead(modst *S, batch *B, const uint32_t *ps, int n, uint32_t cp)
{
    S->ahead.ready = 0;
    S->ahead.st = GBC_OK;
    GBC_TRY(GBC_GROW(S->ctx, S->ahead.cf, S->ahead.cap, S->nterms ? S->nterms : 1));
    return batch_run(S, B, ps, n, 0, cp);
}

void mod_batch_end(modst *S, batch *B)
{
    field Fp; /* any nonzero p selects the uint32 layout */
    field_init(&Fp, 2);
    for (int i = 0; i < B->nitems; i++)
        if (B->ran[i])
            plist_clear(&B->wctx[B->ran[i] - 1], &B->out[i].res, &Fp);
    /* what the parts still hold is what their kept arenas grew by: the caller's
     * context carries it from now on (mod_batch_release gives it back) */
    S->ctx->mem_used -= B->extra;
    B->extra = 0;
    gbc_budget_settle(&B->budget, B->base, S->ctx);
    gbc_budget_end(&B->budget, S->ctx);
}

/* ------------------------------------------------------- shape and CRT -- */

/* A lifted polynomial's coefficients n_i / d_i (lowest terms, d_i > 0) in one
 * block of limbs: per term a header limb (bits 0-29: the limbs of |n_i|; bits
 * 30-59: those of d_i, 0 when d_i is the previous term's; bit 63: n_i < 0), then
 * the limbs of |n_i|, then those of d_i if given. One allocation per polynomial
 * instead of an mpq per coefficient (32 bytes and one or two blocks of the
 * allocator each: katsura-10's candidate has 383,467 terms), and a denominator
 * that neighbouring terms share is stored once. */
#define CP_SZ_BITS 30
#define CP_SZ_MASK (((mp_limb_t)1 << CP_SZ_BITS) - 1)
#define CP_NEG ((mp_limb_t)1 << 63)

/* Polynomial k's coefficients q[0..plen[k]) packed into S->cpk[k] (replacing what
 * was there), allocated on ctx (S->ctx, or a worker context of mod_lift_open). */
static gbc_status cand_pack(modst *S, gbc_ctx *ctx, size_t k, const mpq_t *q)
{
    const size_t len = S->plen[k];
    size_t total = 0;
    for (size_t i = 0; i < len; i++) {
        size_t nn = mpz_size(mpq_numref(q[i])), dn = mpz_size(mpq_denref(q[i]));
        if (nn > CP_SZ_MASK || dn > CP_SZ_MASK)
            return GBC_ERR_NOMEM; /* a coefficient of 2^36 bytes */
        total += 1 + nn;
        if (i == 0 || mpz_cmp(mpq_denref(q[i]), mpq_denref(q[i - 1])) != 0)
            total += dn;
    }
    mp_limb_t *b;
    GBC_TRY(GBC_ALLOC(ctx, b, total ? total : 1));
    mp_limb_t *w = b;
    for (size_t i = 0; i < len; i++) {
        mpz_srcptr n = mpq_numref(q[i]), d = mpq_denref(q[i]);
        size_t nn = mpz_size(n), dn = mpz_size(d);
        if (i > 0 && mpz_cmp(d, mpq_denref(q[i - 1])) == 0)
            dn = 0;
        *w++ = (mp_limb_t)nn | (mp_limb_t)dn << CP_SZ_BITS | (mpz_sgn(n) < 0 ? CP_NEG : 0);
        if (nn > 0)
            memcpy(w, mpz_limbs_read(n), nn * sizeof *w);
        w += nn;
        if (dn > 0)
            memcpy(w, mpz_limbs_read(d), dn * sizeof *w);
        w += dn;
    }
    gbc_free(ctx, S->cpk[k]);
    S->cpk[k] = b;
    return GBC_OK;
}

/* The next term of a packed polynomial at *w: n and d become read-only views into
 * the block (never to be written or cleared); d is left as it was when the term
 * shares the previous term's denominator. Returns whether d was given. */
static int cand_next(const mp_limb_t **w, mpz_t n, mpz_t d)
{
    const mp_limb_t h = *(*w)++;
    const mp_size_t nn = (mp_size_t)(h & CP_SZ_MASK);
    const mp_size_t dn = (mp_size_t)((h >> CP_SZ_BITS) & CP_SZ_MASK);
    mpz_roinit_n(n, *w, (h & CP_NEG) ? -nn : nn);
    *w += nn;
    if (dn == 0)
        return 0;
    mpz_roinit_n(d, *w, dn);
    *w += dn;
    return 1;
}

static void cand_drop(modst *S, size_t k)
{
    gbc_free(S->ctx, S->cpk[k]);
    S->cpk[k] = NULL;
}

/* Polynomial k's kept lifts forgotten (their memory given back on ctx). */
static void sc_drop(modst *S, gbc_ctx *ctx, size_t k)
{
    gbc_free(ctx, S->sc[k]);
    S->sc[k] = NULL;
    S->sused[k] = S->scap[k] = 0;
    memset(S->msure + S->poff[k], 0, S->plen[k]);
}

/* The sure lifts of an open polynomial (zz_crt_lift_group_skip), kept while the
 * rest of it waits for more primes so that they are not lifted again at every
 * attempt: S->sc[k] holds entries [member][header as in cand_pack][numerator
 * limbs][denominator limbs], S->msure marks the members it has. */

/* Keep the sure ones among the members lifted by a failed attempt: from at on
 * (round to the start) up to fail, not those kept before. On ctx (a worker
 * context of mod_lift_open). */
static gbc_status sc_keep(modst *S, gbc_ctx *ctx, size_t k, const mpq_t *q, const uint8_t *sure,
                          size_t at, size_t fail)
{
    const size_t len = S->plen[k];
    uint8_t *ms = S->msure + S->poff[k];
    size_t need = S->sused[k];
    for (size_t i = at; i != fail; i = i + 1 == len ? 0 : i + 1)
        if (!ms[i] && sure[i]) {
            size_t nn = mpz_size(mpq_numref(q[i])), dn = mpz_size(mpq_denref(q[i]));
            if (nn > CP_SZ_MASK || dn > CP_SZ_MASK)
                return GBC_ERR_NOMEM; /* a coefficient of 2^36 bytes */
            need += 2 + nn + dn;
        }
    if (need == S->sused[k])
        return GBC_OK;
    if (need > S->scap[k]) {
        /* a quarter ahead: the keep grows over a few tries, and it is memory
         * held beside the accumulator at the peak */
        size_t cap = need + need / 4;
        mp_limb_t *b = gbc_realloc(ctx, S->sc[k], cap * sizeof *b);
        if (b == NULL)
            return gbc_ctx_alloc_status(ctx);
        S->sc[k] = b;
        S->scap[k] = cap;
    }
    mp_limb_t *w = S->sc[k] + S->sused[k];
    for (size_t i = at; i != fail; i = i + 1 == len ? 0 : i + 1) {
        if (ms[i] || !sure[i])
            continue;
        mpz_srcptr n = mpq_numref(q[i]), d = mpq_denref(q[i]);
        size_t nn = mpz_size(n), dn = mpz_size(d);
        *w++ = (mp_limb_t)i;
        *w++ = (mp_limb_t)nn | (mp_limb_t)dn << CP_SZ_BITS | (mpz_sgn(n) < 0 ? CP_NEG : 0);
        if (nn > 0)
            memcpy(w, mpz_limbs_read(n), nn * sizeof *w);
        w += nn;
        memcpy(w, mpz_limbs_read(d), dn * sizeof *w);
        w += dn;
        ms[i] = 1;
    }
    S->sused[k] = need;
    return GBC_OK;
}

/* The kept lifts of polynomial k into q, and the keep emptied (on ctx). */
static void sc_take(modst *S, gbc_ctx *ctx, size_t k, mpq_t *q)
{
    if (S->sc[k] != NULL) { /* (NULL + 0 is undefined) */
        const mp_limb_t *w = S->sc[k], *end = w + S->sused[k];
        mpz_t n, d;
        while (w < end) {
            size_t i = (size_t)*w++;
            cand_next(&w, n, d);
            mpq_set_num(q[i], n);
            mpq_set_den(q[i], d);
        }
    }
    sc_drop(S, ctx, k);
}

void mod_shape_clear(modst *S)
{
    for (size_t k = 0; S->cpk != NULL && k < S->npolys; k++)
        gbc_free(S->ctx, S->cpk[k]);
    for (size_t k = 0; S->sc != NULL && k < S->npolys; k++)
        gbc_free(S->ctx, S->sc[k]);
    gbc_free(S->ctx, S->sc);
    gbc_free(S->ctx, S->sused);
    gbc_free(S->ctx, S->scap);
    gbc_free(S->ctx, S->msure);
    gbc_free(S->ctx, S->sbuf);
    S->sc = NULL;
    S->sused = S->scap = NULL;
    S->msure = S->sbuf = NULL;
    for (size_t i = 0; S->qs != NULL && i < S->qsn; i++)
        mpq_clear(S->qs[i]);
    if (S->have_crt)
        zz_crt_clear(S->ctx, &S->crt);
    S->have_crt = 0;
    gbc_free(S->ctx, S->cpk);
    gbc_free(S->ctx, S->qs);
    gbc_free(S->ctx, S->plen);
    gbc_free(S->ctx, S->exps);
    gbc_free(S->ctx, S->exps8);
    S->exps8 = NULL;
    gbc_free(S->ctx, S->resid);
    gbc_free(S->ctx, S->poff);
    gbc_free(S->ctx, S->pat);
    gbc_free(S->ctx, S->pst);
    gbc_free(S->ctx, S->pmatch);
    gbc_free(S->ctx, S->live);
    S->cpk = NULL;
    S->qs = NULL;
    S->qsn = 0;
    S->plen = S->poff = S->pat = NULL;
    S->exps = S->resid = NULL;
    S->pst = S->live = S->pmatch = NULL;
    S->npolys = S->nterms = S->nsettled = 0;
    S->have_cand = 0;
    S->ahead.ready = 0; /* judged against the shape */
}

/* G's coefficients, flattened into S->resid. */
void mod_flatten(modst *S, const plist *G)
{
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++)
        for (size_t i = 0; i < G->p[k].len; i++)
            S->resid[t++] = G->p[k].cf[i];
}

/* Start the shape and the accumulator from the basis G modulo p. */
gbc_status mod_shape_start(modst *S, const plist *G, uint32_t p, uint32_t nvars)
{
    mod_shape_clear(S);
    size_t nt = 0;
    for (size_t k = 0; k < G->n; k++)
        nt += G->p[k].len;
    S->nvars = nvars;
    size_t np = G->n ? G->n : 1;
    GBC_TRY(GBC_ALLOC(S->ctx, S->plen, np));
    GBC_TRY(GBC_ALLOC(S->ctx, S->poff, np));
    GBC_TRY(GBC_ALLOC(S->ctx, S->pat, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->sc, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->sused, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->scap, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->msure, nt ? nt : 1));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->pst, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->pmatch, np));
    GBC_TRY(GBC_ALLOC(S->ctx, S->live, nt ? nt : 1));
    uint32_t emax = 0;
    for (size_t k = 0; k < G->n; k++)
        for (size_t i = 0; i < (size_t)G->p[k].len * nvars; i++)
            emax = G->p[k].exps[i] > emax ? G->p[k].exps[i] : emax;
    size_t ne = (nt ? nt : 1) * (nvars ? nvars : 1);
    if (emax < 256)
        GBC_TRY(GBC_ALLOC(S->ctx, S->exps8, ne));
    else
        GBC_TRY(GBC_ALLOC(S->ctx, S->exps, ne));
    GBC_TRY(GBC_ALLOC(S->ctx, S->resid, nt ? nt : 1));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->cpk, np));
    memset(S->live, 1, nt ? nt : 1);
    size_t t = 0, maxlen = 1;
    for (size_t k = 0; k < G->n; k++) {
        const ppoly *g = &G->p[k];
        S->plen[k] = g->len;
        S->poff[k] = t;
        S->pat[k] = g->len > 0 ? g->len - 1 : 0; /* the last term: usually the largest */
        maxlen = g->len > maxlen ? g->len : maxlen;
        if (S->exps8 != NULL)
            for (size_t i = 0; i < (size_t)g->len * nvars; i++)
                S->exps8[t * nvars + i] = (uint8_t)g->exps[i];
        else
            memcpy(S->exps + t * nvars, g->exps, sizeof(uint32_t) * g->len * nvars);
        t += g->len;
    }
    S->npolys = G->n;
    S->nterms = nt;
    /* one polynomial's scratch per thread of mod_lift_open */
    size_t nthr = S->ctx->pool != NULL ? (size_t)gbc_pool_size(S->ctx->pool) : 1;
    nthr = nthr > MOD_MAX_BATCH ? MOD_MAX_BATCH : nthr;
    S->qmax = maxlen;
    GBC_TRY(GBC_ALLOC(S->ctx, S->qs, maxlen * nthr));
    GBC_TRY(GBC_ALLOC(S->ctx, S->sbuf, maxlen * nthr));
    for (; S->qsn < maxlen * nthr; S->qsn++)
        mpq_init(S->qs[S->qsn]);
    S->have_cand = G->n == 0;
    S->unlucky_run = 0;
    S->next_rr = 1;
    gbc_status st = zz_crt_init_groups(S->ctx, &S->crt, S->plen, S->npolys);
    S->have_crt = 1;
    GBC_TRY(st);
    mod_flatten(S, G);
    GBC_TRY(zz_crt_add(S->ctx, &S->crt, S->resid, p, NULL));
    return learn_ahead_finish(S); /* the check computed beside learning */
}

int mod_shape_matches(const modst *S, const plist *G)
{
    if (G->n != S->npolys)
        return 0;
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++) {
        if (G->p[k].len != S->plen[k])
            return 0;
        const size_t m = (size_t)G->p[k].len * S->nvars;
        if (S->exps8 != NULL) {
            const uint8_t *e8 = S->exps8 + t * S->nvars;
            for (size_t i = 0; i < m; i++)
                if (G->p[k].exps[i] != e8[i])
                    return 0;
        } else if (memcmp(G->p[k].exps, S->exps + t * S->nvars, sizeof(uint32_t) * m) != 0) {
            return 0;
        }
        t += G->p[k].len;
    }
    return 1;
}

/* The lift of the open polynomials, shared by the computation's threads: each
 * takes the next polynomial (polynomials are independent: a lift reads the
 * accumulator and writes only its polynomial's pat, pst, cpk and sc entries and
 * msure range, and the
 * result does not depend on which thread lifts it) on a worker context charging
 * one budget; stop is raised by a failure and by part 0 when the caller's context
 * asks to stop. */
typedef struct lift_job {
    modst *S;
    int n;
    gbc_budget budget;
    atomic_int stop;
    atomic_size_t next;
    gbc_ctx wctx[MOD_MAX_BATCH];
    gbc_status st[MOD_MAX_BATCH];
    size_t nlifted[MOD_MAX_BATCH];
} lift_job;

static int lift_poll_parent(void *data)
{
    lift_job *J = data;
    if (gbc_ctx_check(J->S->ctx) != GBC_OK) {
        atomic_store(&J->stop, 1);
        return 1;
    }
    return 0;
}

static void lift_part(void *arg, int t)
{
    lift_job *J = arg;
    modst *S = J->S;
    gbc_ctx *ctx = &J->wctx[t];
    mpq_t *q = S->qs + (size_t)t * S->qmax;
    uint8_t *sure = S->sbuf + (size_t)t * S->qmax;
    gbc_status st = GBC_OK;
    for (;;) {
        size_t k = atomic_fetch_add(&J->next, 1);
        if (k >= S->npolys)
            break;
        if (S->pst[k] != P_OPEN)
            continue;
        /* from the member that failed last time (the likely failure again),
         * without the sure lifts kept from earlier attempts */
        int ok;
        size_t at = S->pat[k], fail;
        st = zz_crt_lift_group_skip(ctx, &S->crt, S->poff[k], S->plen[k], at,
                                    S->msure + S->poff[k], MOD_SURE_MARGIN, q, sure, &ok, &fail);
        if (st == GBC_OK && ok) {
            sc_take(S, ctx, k, q);
            st = cand_pack(S, ctx, k, q);
            if (st == GBC_OK) {
                S->pst[k] = P_LIFTED;
                J->nlifted[t]++;
            }
        } else if (st == GBC_OK) {
            st = sc_keep(S, ctx, k, q, sure, at, fail);
            S->pat[k] = fail;
        }
        if (st != GBC_OK)
            break;
    }
    J->st[t] = st;
    if (st != GBC_OK)
        atomic_store(&J->stop, 1);
}

/* Try to lift every open polynomial; *nlifted = how many were. */
gbc_status mod_lift_open(modst *S, size_t *nlifted)
{
    gbc_ctx *ctx = S->ctx;
    *nlifted = 0;
    lift_job *J;
    GBC_TRY(GBC_ALLOC(ctx, J, 1));
    int n = ctx->pool != NULL ? gbc_pool_size(ctx->pool) : 1;
    n = n > MOD_MAX_BATCH ? MOD_MAX_BATCH : n;
    if ((size_t)n * S->qmax > S->qsn)
        n = 1; /* the scratch was made for fewer threads */
    J->S = S;
    J->n = n;
    atomic_init(&J->stop, 0);
    atomic_init(&J->next, 0);
    size_t base = ctx->mem_used;
    gbc_budget_begin(&J->budget, ctx);
    for (int t = 0; t < n; t++) {
        gbc_ctx_init_worker(&J->wctx[t], &J->budget);
        J->wctx[t].cancel = &J->stop;
        J->st[t] = GBC_OK;
        J->nlifted[t] = 0;
    }
    J->wctx[0].interrupt = lift_poll_parent;
    J->wctx[0].interrupt_data = J;
    if (n > 1)
        gbc_pool_run(ctx->pool, lift_part, J, n);
    else
        lift_part(J, 0);
    /* the packed polynomials stay, freed later on ctx: ctx carries them */
    gbc_budget_settle(&J->budget, base, ctx);
    gbc_budget_end(&J->budget, ctx);
    gbc_status st = GBC_OK;
    for (int t = 0; t < n; t++) {
        st = gbc_status_join(st, J->st[t]);
        *nlifted += J->nlifted[t];
    }
    gbc_free(ctx, J);
    if (st == GBC_OK)
        st = gbc_ctx_check(ctx);
    return st;
}

/* Whether polynomial k of the candidate reduces modulo p to the polynomial of the
 * shape with the coefficients cf (its own, cf[0] its first); *usable is 0 when p
 * divides a denominator (the prime cannot judge). */
static int poly_matches(const modst *S, size_t k, const uint32_t *cf, const field *F,
                        const zz_modp *R, int *usable)
{
    *usable = 1;
    const mp_limb_t *w = S->cpk[k];
    mpz_t n, d;
    uint32_t dm = 0;
    for (size_t i = 0; i < S->plen[k]; i++) {
        if (cand_next(&w, n, d)) {
            dm = zz_modp_get(R, d);
            if (dm == 0) {
                *usable = 0;
                return 0;
            }
        }
        /* n / d = c modulo p, as n = c d: no inverse */
        if (zp_mul(F, cf[i], dm) != zz_modp_get(R, n))
            return 0;
    }
    return 1;
}

/* The comparisons of mod_absorb_flat, shared by the computation's threads (each
 * takes the next polynomial; they only read S and r and write their own match[k]):
 * match[k] for every polynomial that is not open, 1 if it reduces to r's modulo p,
 * 2 if p cannot judge (it divides a denominator), else 0. */
typedef struct match_job {
    const modst *S;
    const uint32_t *r;
    field F;
    zz_modp R;
    atomic_size_t next;
    uint8_t *match;
} match_job;

static void match_part(void *arg, int t)
{
    (void)t;
    match_job *J = arg;
    const modst *S = J->S;
    for (;;) {
        size_t k = atomic_fetch_add(&J->next, 1);
        if (k >= S->npolys)
            break;
        if (S->pst[k] == P_OPEN)
            continue;
        int usable;
        int m = poly_matches(S, k, J->r + S->poff[k], &J->F, &J->R, &usable);
        J->match[k] = m ? 1 : usable ? 0 : 2;
    }
}

gbc_status mod_absorb_flat(modst *S, const uint32_t *r, uint32_t p, int *conflict)
{
    match_job J;
    J.S = S;
    J.r = r;
    GBC_TRY(field_init(&J.F, p));
    zz_modp_init(&J.R, p);
    atomic_init(&J.next, 0);
    J.match = S->pmatch;
    *conflict = 0;
    /* with threads, the comparisons with the lifted and settled polynomials
     * (every coefficient modulo p, for every prime: katsura-10, 3% of the run on
     * the calling thread) run on the pool */
    if (S->ctx->pool != NULL && S->npolys >= 64)
        gbc_pool_run(S->ctx->pool, match_part, &J, gbc_pool_size(S->ctx->pool));
    else
        match_part(&J, 0);
    int any_live = 0;
    for (size_t k = 0; k < S->npolys; k++) {
        if (S->pst[k] == P_SETTLED) {
            if (J.match[k] == 0) {
                *conflict = 1;
                return GBC_OK;
            }
            continue;
        }
        if (S->pst[k] == P_LIFTED) {
            if (J.match[k] == 1) {
                S->pst[k] = P_SETTLED;
                S->nsettled++;
                memset(S->live + S->poff[k], 0, S->plen[k]);
                zz_crt_drop(&S->crt, S->poff[k], S->plen[k]);
                continue;
            }
            S->pst[k] = P_OPEN;
            cand_drop(S, k);
        }
        any_live = 1;
    }
    S->have_cand = S->nsettled == S->npolys;
    if (!any_live)
        return GBC_OK;
    return zz_crt_add(S->ctx, &S->crt, r, p, S->live);
}

/* Whether the candidate (every polynomial settled) reduces to G modulo p; *usable
 * is 0 when p divides a denominator. */
static int cand_matches(const modst *S, const plist *G, uint32_t p, int *usable)
{
    *usable = 1;
    if (!mod_shape_matches(S, G))
        return 0;
    field F;
    field_init(&F, p);
    zz_modp R;
    zz_modp_init(&R, p);
    for (size_t k = 0; k < G->n; k++)
        if (!poly_matches(S, k, G->p[k].cf, &F, &R, usable))
            return 0;
    return 1;
}

/* The candidate as a plain list over Q in the shape's ring. With move, each
 * polynomial's packed coefficients are freed once copied out (has_cand cleared)
 * and the accumulator's integers are freed first, so that the result never
 * exists three times over (the accumulator, the candidate, the output): for the
 * accepted candidate, which ends the computation. */
gbc_status mod_cand_export(modst *S, plist *out, int move)
{
    static const field Q = {0, 0};
    if (move && S->have_crt) {
        zz_crt_clear(S->ctx, &S->crt);
        S->have_crt = 0;
    }
    size_t t = 0;
    for (size_t k = 0; k < S->npolys; k++) {
        ppoly *g;
        GBC_TRY(plist_push(S->ctx, out, S->plen[k], S->nvars, &Q, &g));
        const size_t m = S->plen[k] * S->nvars;
        if (S->exps8 != NULL)
            for (size_t i = 0; i < m; i++)
                g->exps[i] = S->exps8[t * S->nvars + i];
        else
            memcpy(g->exps, S->exps + t * S->nvars, sizeof(uint32_t) * m);
        GBC_TRY(gbc_ctx_check(S->ctx));
        const mp_limb_t *w = S->cpk[k];
        mpz_t n, d;
        for (size_t i = 0; i < S->plen[k]; i++, t++) {
            cand_next(&w, n, d);
            mpz_set(mpq_numref(g->cq[i]), n);
            mpz_set(mpq_denref(g->cq[i]), d);
        }
        if (move)
            cand_drop(S, k);
    }
    if (move)
        S->have_cand = 0;
    return GBC_OK;
}

/* ------------------------------------------------------------- proof -- */

/* The certification of modular.h: generators of J reduce to zero, G is a Groebner
 * basis. (Leading monomials equal to an untraced basis mod a prime were checked by
 * the caller.) */
gbc_status mod_certify(modst *S, const plist *G, int *ok)
{
    int contained = 0;
    *ok = 0;
    gbc_log(S->ctx, 1, "modular: certification: reducing the generators over Q");
    gbc_progress(S->ctx, "certify", 0.0, 0);
    GBC_TRY(check_ideal_contains(S->ctx, &S->W, G, &S->zin, &contained, NULL));
    if (!contained) {
        gbc_log(S->ctx, 1, "modular: certification: a generator does not reduce to zero");
        return GBC_OK;
    }
    gbc_log(S->ctx, 1, "modular: certification: the generators reduce to zero; "
            "reducing the S-pairs over Q");
    gbc_progress(S->ctx, "certify", 0.5, 1);
    int is_gb = 0;
    GBC_TRY(check_groebner_criteria(S->ctx, &S->W, G, &is_gb));
    if (!is_gb) {
        gbc_log(S->ctx, 1, "modular: certification: an S-pair does not reduce to zero");
        return GBC_OK;
    }
    *ok = 1;
    return GBC_OK;
}

/* The test hook of mod_opts.corrupt_candidates: double the last coefficient of the
 * last polynomial of G that has more than one term (nothing if there is none). */
static void corrupt_candidate(plist *G)
{
    for (size_t k = G->n; k-- > 0;)
        if (G->p[k].len > 1) {
            mpq_t *c = &G->p[k].cq[G->p[k].len - 1];
            mpq_add(*c, *c, *c);
            return;
        }
}

/* -------------------------------------------------------------- driver -- */

gbc_status mod_setup(modst *S, gbc_ctx *ctx, const ring *R, const plist *in,
                            const mod_opts *opts, gb_stats *stats, int no_fglm)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->t0 = gbc_wall_time();
    S->R = R;
    S->opts = opts;
    S->stats = stats;
    plist_init(&S->zin);
    plist_init(&S->ahead.res);
    plist_init(&S->zr);
    /* One 64-bit seed names the run (so --seed repeats a logged run exactly); the
     * two streams derive from it by different splitmix64 keys. */
    uint64_t seed = opts->seed;
    if (!opts->fixed_seed && !gbc_entropy64(&seed))
        gbc_log(ctx, 1, "modular: the OS gave no entropy: primes seeded from the clock");
    S->seed = seed;
    gbc_rng_seed(&S->rng, gbc_seed_derive(seed, 1));
    gbc_rng_seed(&S->crng, gbc_seed_derive(seed, 2));
    gbc_log(ctx, 1, "modular: seed %llu (%s)", (unsigned long long)seed,
            opts->fixed_seed ? "given" : "drawn; --seed repeats this run");
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
    if (!ring_is_graded(R) && !opts->certify && !no_fglm &&
        opts->order_path != STRAT_HOMOGENISE && opts->order_path != STRAT_HILBERT) {
        /* grevlex modulo every prime, then FGLM to R's order there */
        S->fglm = 1;
        strat_grevlex_ring(&S->W, &S->word, R);
        S->zin = zr;
        plist_init(&S->zr);
        return plist_copy(ctx, &S->zr, &zr, R->nvars, &R->F);
    }
    S->homog = !ring_is_graded(R) || (opts->certify && !homogeneous);
    S->per_prime_reduce = S->homog && !opts->certify;
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

/* A full run modulo p on the caller's context (recording into rec when not NULL):
 * the learning prime, a check prime. */
static gbc_status prime_full(modst *S, uint32_t p, f4_trace *rec, prime_out *o)
{
    o->p = p;
    mod_prime_run(S, S->ctx, 1, rec, 0, o);
    return o->st;
}

/* Learn: a full traced run modulo a fresh prime into S->tr and o. While FGLM
 * declines (the basis modulo the prime is not zero-dimensional, or too large),
 * other learning primes are tried (the prime may be unlucky: the ideal modulo p
 * larger than over Q), MOD_FGLM_TRIES in all; then S is set up again on the
 * homogenised ideal (or, when FGLM was asked for, GBC_ERR_DOMAIN). */
static gbc_status learn(modst *S, const plist *in, prime_out *o)
{
    gbc_ctx *ctx = S->ctx;
    for (int declines = 0;;) {
        f4_trace_free(ctx, S->tr);
        S->tr = NULL;
        S->compiled = 0;
        S->plain_run = 0;
        GBC_TRY(f4_trace_new(ctx, &S->tr));
        uint32_t p;
        GBC_TRY(mod_next_prime(S, &p));
        GBC_TRY(prime_full(S, p, S->tr, o));
        if (!o->declined) {
            f4_trace_shrink(ctx, S->tr);
            if (S->fglm) {
                char oname[128];
                mono_order_format(&S->R->ord, oname, sizeof oname);
                gbc_log(ctx, 1, "modular: order %s: zero-dimensional modulo %u (degree %zu): "
                        "grevlex modulo each prime, then FGLM", oname, p,
                        S->stats ? S->stats->fglm_dim : (size_t)0);
                if (S->stats)
                    S->stats->strategy = STRAT_TOOK_FGLM;
            }
            return GBC_OK;
        }
        if (++declines < MOD_FGLM_TRIES) {
            gbc_log(ctx, 1, "modular: not zero-dimensional modulo %u (or too large for "
                    "FGLM): trying another learning prime", p);
            continue;
        }
        if (S->opts->order_path == STRAT_FGLM) {
            gbc_log(ctx, 1, "modular: FGLM asked, but the ideal is not zero-dimensional "
                    "(or has more than %u standard monomials)", FGLM_MAX_DIM);
            return GBC_ERR_DOMAIN;
        }
        gbc_log(ctx, 1, "modular: not zero-dimensional modulo %u (or too large for "
                "FGLM): the homogenised ideal", p);
        const ring *R = S->R;
        const mod_opts *opts = S->opts;
        gb_stats *stats = S->stats;
        learn_ahead_wait(S, 1); /* its basis is in the ring left behind */
        mod_free(S);
        GBC_TRY(mod_setup(S, ctx, R, in, opts, stats, 1));
        declines = 0; /* FGLM is off now: nothing declines again */
    }
}

gbc_status mod_learn(modst *S, const plist *in, prime_out *o)
{
    /* with threads, the check's part that does not depend on the candidate runs
     * beside learning (whose linear algebra then has a thread less until it is
     * done) */
    GBC_TRY(learn_ahead_start(S));
    gbc_status st = learn(S, in, o);
    learn_ahead_wait(S, st != GBC_OK);
    return st;
}



/* Whether the candidate (every polynomial settled) reduces modulo p to the
 * polynomials of the shape with the coefficients cf; *usable as in cand_matches. */
static int cand_matches_flat(const modst *S, const uint32_t *cf, uint32_t p, int *usable)
{
    *usable = 1;
    field F;
    field_init(&F, p);
    zz_modp R;
    zz_modp_init(&R, p);
    for (size_t k = 0; k < S->npolys; k++)
        if (!poly_matches(S, k, cf + S->poff[k], &F, &R, usable))
            return 0;
    return 1;
}

/* The independent check of a stable candidate: an untraced run modulo a fresh
 * prime of the check stream (nothing recorded, so its F4 may use the probabilistic
 * kernel) must give the candidate modulo that prime, and every input generator
 * must reduce to zero by it there. *verdict: MOD_ACCEPT; MOD_GO_ON (the prime could
 * not judge, or the candidate was wrong and the prime joined the accumulator);
 * MOD_RESTART (the prime gives another shape, so the learning prime or this one
 * was unlucky; or the candidate is not in the ideal: learn anew). */
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

/* The check's two halves (modular_int.h): the prime, and the part that does not
 * depend on the candidate, on S's context. */
gbc_status mod_check_prime(modst *S, uint32_t *q)
{
    return next_check_prime(S, q);
}

gbc_status mod_check_basis(modst *S, uint32_t q, prime_out *o, int *contained)
{
    *contained = 0;
    GBC_TRY(prime_full(S, q, NULL, o));
    if (o->unlucky)
        return GBC_OK;
    gbc_status st = gens_reduce_to_zero(S, S->ctx, &o->res, q, contained);
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
    int ok = shape && cand_matches(S, G, q, &usable);
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
        int ok = A->shape && cand_matches_flat(S, A->cf, A->p, &usable);
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
    int ok = shape && cand_matches(S, &O.res, q, &usable);
    field Fp;
    field_init(&Fp, 2);
    plist_clear(S->ctx, &O.res, &Fp);
    char how[64];
    snprintf(how, sizeof how, "check %.2f s", gbc_wall_time() - t0);
    check_verdict(S, q, O.unlucky, shape, ok, usable, contained, how, verdict);
    return GBC_OK;
}

gbc_status mod_lift_due(modst *S)
{
    if (S->crt.nprimes < S->next_rr)
        return GBC_OK;
    /* After every prime (or batch): a failed attempt costs a sample of one
     * coefficient per open polynomial, far less than a replay, and a polynomial
     * that lifts late makes every prime until its lift a wasted replay. */
    S->next_rr = S->crt.nprimes + 1;
    size_t nl;
    double tl = gbc_wall_time();
    GBC_TRY(mod_lift_open(S, &nl));
    tl = gbc_wall_time() - tl;
    gbc_log(S->ctx, 1, "modular: %zu primes (modulus of %zu bits): rational "
            "reconstruction: %zu of %zu polynomials settled, %zu more lift (%.4f s; "
            "%.2f s)", S->crt.nprimes, mpz_sizeinbase(S->crt.M, 2), S->nsettled, S->npolys,
            nl, tl, gbc_wall_time() - S->t0);
    return GBC_OK;
}

gbc_status mod_take_flat(modst *S, uint32_t p, const uint32_t *r, int *conflict)
{
    *conflict = 0;
    if (r == NULL) {
        gbc_log(S->ctx, 2, "modular: prime %u does not follow the trace: left out", p);
        S->unlucky_run++;
        return GBC_OK;
    }
    S->unlucky_run = 0;
    GBC_TRY(mod_absorb_flat(S, r, p, conflict));
    if (*conflict)
        gbc_log(S->ctx, 1, "modular: prime %u contradicts a settled polynomial: relearning", p);
    return GBC_OK;
}

gbc_status mod_take(modst *S, uint32_t p, const plist *G, int *conflict)
{
    if (G != NULL && !mod_shape_matches(S, G))
        G = NULL;
    if (G == NULL)
        return mod_take_flat(S, p, NULL, conflict);
    mod_flatten(S, G);
    return mod_take_flat(S, p, S->resid, conflict);
}

int mod_misfits(const modst *S)
{
    /* Many misfits in a row: the learning prime itself was probably unlucky. */
    if (S->unlucky_run <= 2 * S->crt.nprimes + 3)
        return 0;
    gbc_log(S->ctx, 1, "modular: %zu primes in a row do not fit: relearning", S->unlucky_run);
    return 1;
}

gbc_status mod_verify(modst *S, size_t *corrupted, plist *cq, int *verdict)
{
    gbc_ctx *ctx = S->ctx;
    const mod_opts *opts = S->opts;
    int v;
    GBC_TRY(mod_check_candidate(S, &v));
    *verdict = v;
    if (v != MOD_ACCEPT || !opts->certify)
        return GBC_OK;
    *verdict = MOD_RESTART;
    GBC_TRY(mod_cand_export(S, cq, 0));
    if (*corrupted < opts->corrupt_candidates) {
        corrupt_candidate(cq);
        (*corrupted)++;
    }
    int ok = 0;
    GBC_TRY(mod_certify(S, cq, &ok));
    if (ok) {
        gbc_log(ctx, 1, "modular: certified over Q");
        *verdict = MOD_ACCEPT;
        return GBC_OK;
    }
    /* the candidate is settled: a wrong one is only left behind by learning anew */
    plist_clear(ctx, cq, &S->R->F);
    return GBC_OK;
}

/* Room for the flat residues of n parts (the shape's terms each), kept from batch
 * to batch on the caller's context. */
static gbc_status batch_flat_reserve(const modst *S, batch *B, int n)
{
    size_t nt = S->nterms ? S->nterms : 1;
    if (B->flatn != S->nterms) {
        for (int t = 0; t < MOD_MAX_BATCH; t++) {
            gbc_free(S->ctx, B->flat[t]);
            B->flat[t] = NULL;
        }
        B->flatn = S->nterms;
    }
    for (int t = 0; t < n; t++)
        if (B->flat[t] == NULL)
            GBC_TRY(GBC_ALLOC(S->ctx, B->flat[t], nt));
    if (!B->have_arena) {
        for (int t = 0; t < MOD_MAX_BATCH; t++)
            f4_keep_init(&B->keep[t]);
        B->have_arena = 1;
    }
    return GBC_OK;
}

void mod_batch_release(gbc_ctx *ctx, batch *B)
{
    if (B == NULL || !B->have_arena)
        return;
    for (int t = 0; t < MOD_MAX_BATCH; t++)
        f4_keep_clear(ctx, &B->keep[t]);
    B->have_arena = 0;
}

void mod_batch_free(gbc_ctx *ctx, batch *B)
{
    if (B == NULL)
        return;
    mod_batch_release(ctx, B);
    for (int t = 0; t < MOD_MAX_BATCH; t++)
        gbc_free(ctx, B->flat[t]);
    gbc_free(ctx, B);
}

/* The primes after learning: the trace compiled, then applied in batches of nbatch
 * primes, each basis taken in by mod_take; on the reconstruction schedule the open
 * polynomials are lifted, and the next prime that fits settles or reopens each.
 * When all are settled the candidate goes to mod_check_candidate (and with certify to
 * the proof, the proved basis into cq). *verdict: MOD_ACCEPT or MOD_RESTART. */
static gbc_status prime_loop(modst *S, batch *B, int nbatch, size_t max_primes,
                             size_t *corrupted, plist *cq, int *verdict)
{
    gbc_ctx *ctx = S->ctx;
    for (;;) {
        GBC_TRY(gbc_ctx_check(ctx));
        gbc_progress(ctx, "modular", -1.0, S->nused);
        if (S->nused > max_primes)
            return GBC_ERR_VERIFY;
        GBC_TRY(mod_lift_due(S));
        /* The first replay compiles the trace; so does one after two applies in
         * a row that could not use the compiled trace (the compiling prime made a
         * coefficient vanish). Beside a compiling replay the other threads replay
         * plainly; otherwise nbatch primes apply the compiled trace at once. */
        int compile = !S->compiled || S->plain_run >= 2;
        /* With threads, the check's part that does not depend on the candidate
         * runs ahead (when it did not beside learning) on one thread of a batch,
         * beside MOD_AHEAD_APPLIES applies per other thread (about its time; a
         * fixed number, so that what the run computes does not depend on how
         * long the check takes); not while forced primes (the test hook) are
         * pending, which must be applied. */
        int ahead = nbatch > 1 && !compile && !S->ahead.ready &&
                    S->forced_next >= S->opts->nforced;
        int n = ahead ? MOD_AHEAD_APPLIES * (nbatch - 1) : nbatch;
        if (n > MOD_MAX_BATCH - 1)
            n = MOD_MAX_BATCH - 1;
        uint32_t ps[MOD_MAX_BATCH], cp = 0;
        if (ahead)
            GBC_TRY(next_check_prime(S, &cp));
        for (int t = 0; t < n; t++)
            GBC_TRY(mod_next_prime(S, &ps[t]));
        B->use_flat = !compile && S->cc_fit;
        if (B->use_flat)
            GBC_TRY(batch_flat_reserve(S, B, n + ahead));
        gbc_status st = ahead ? mod_batch_run_ahead(S, B, ps, n, cp)
                              : mod_batch_run(S, B, ps, n, compile);
        if (compile) {
            S->compiled = 1;
            S->plain_run = 0;
            /* the compiled trace's basis has the shape: its applies may give flat
             * residues, compared with the compiling run's supports */
            const prime_out *r = &B->out[0];
            S->cc_fit = st == GBC_OK && !r->unlucky && f4_trace_compiled(S->tr) &&
                        f4_trace_out_terms(S->tr) == S->nterms && mod_shape_matches(S, &r->res);
        }
        int conflict = 0, nflat = 0, napplied = 0;
        for (int t = ahead; t < B->nitems && st == GBC_OK && !conflict; t++) {
            prime_out *r = &B->out[t];
            if (!B->ran[t])
                continue;
            napplied++;
            nflat += r->flat == F4_FLAT_DONE;
            if (r->plain)
                S->plain_run++;
            else if (!r->unlucky)
                S->plain_run = 0;
            if (r->flat == F4_FLAT_DONE)
                st = mod_take_flat(S, r->p, B->flat[t], &conflict);
            else if (r->flat == F4_FLAT_DIFFERS)
                st = mod_take_flat(S, r->p, NULL, &conflict);
            else
                st = mod_take(S, r->p, r->unlucky ? NULL : &r->res, &conflict);
        }
        mod_batch_end(S, B);
        if (ahead)
            for (int t = nbatch; t < MOD_MAX_BATCH; t++) {
                /* the extra applies' residue buffers are not needed again */
                gbc_free(ctx, B->flat[t]);
                B->flat[t] = NULL;
            }
        GBC_TRY(st);
        if (ahead && st == GBC_OK)
            gbc_log(ctx, 2, "modular: the check modulo %u computed ahead (%.2f s) beside %d "
                    "applies", S->ahead.p, S->ahead.secs, napplied);
        gbc_log(ctx, 2, "modular: %zu primes used (%d of the last %d as flat residues), %zu "
                "in the accumulator (%.2f s); trace %.1f MB, in use %.1f MB, peak %.1f MB",
                S->nused, nflat, napplied, S->crt.nprimes,
                gbc_wall_time() - S->t0, f4_trace_memory(S->tr) / 1048576.0,
                ctx->mem_used / 1048576.0, ctx->mem_peak / 1048576.0);
        if (conflict || mod_misfits(S)) {
            *verdict = MOD_RESTART;
            return GBC_OK;
        }
        if (!S->have_cand)
            continue;
        /* the check runs F4 in full: the applies' scratch is not needed there */
        mod_batch_release(ctx, B);
        int v;
        GBC_TRY(mod_verify(S, corrupted, cq, &v));
        if (v == MOD_GO_ON)
            continue;
        *verdict = v;
        return GBC_OK;
    }
}

gbc_status mod_output(modst *S, plist *cq, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    const ring *R = S->R;
    if (!S->opts->certify)
        return mod_cand_export(S, out, 1);
    if (!S->homog) {
        *out = *cq;
        plist_init(cq);
        return GBC_OK;
    }
    plist dh;
    plist_init(&dh);
    gbc_status st = plist_dehomogenize(ctx, R, cq, &dh);
    if (st == GBC_OK)
        st = bb_reduce_basis(ctx, R, &dh, out);
    plist_clear(ctx, &dh, &R->F);
    return st;
}

gbc_status mod_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                        gb_stats *stats, const mod_opts *opts)
{
    static const mod_opts defaults = {0};
    if (opts == NULL)
        opts = &defaults;
    if (R->F.p != 0)
        return GBC_ERR_INTERNAL;
    double t0 = gbc_wall_time();
    size_t max_primes = opts->max_primes ? opts->max_primes : 100000;
    field Fp; /* for clearing modular lists: any nonzero p selects the uint32 layout */
    field_init(&Fp, 2);
    plist cq;
    plist_init(&cq);
    prime_out L;
    plist_init(&L.res);
    int own_pool = gbc_ctx_pool_enter(ctx);
    int nbatch = ctx->pool != NULL ? gbc_pool_size(ctx->pool) : 1;
    if (nbatch > MOD_MAX_BATCH)
        nbatch = MOD_MAX_BATCH;
    batch *B = gbc_calloc(ctx, 1, sizeof *B);
    modst S;
    gbc_status st = mod_setup(&S, ctx, R, in, opts, stats, 0);
    if (B == NULL && st == GBC_OK)
        st = gbc_ctx_alloc_status(ctx);
    size_t corrupted = 0; /* candidates altered by the test hook */
    int verdict = MOD_GO_ON;
    for (int restarts = 0; st == GBC_OK; restarts++) {
        if (restarts > MOD_MAX_RESTARTS) {
            st = GBC_ERR_VERIFY;
            break;
        }
        if ((st = mod_learn(&S, in, &L)) != GBC_OK)
            break;
        st = mod_shape_start(&S, &L.res, L.p, mod_shape_ring(&S)->nvars);
        plist_clear(ctx, &L.res, &Fp);
        if (st != GBC_OK)
            break;
        gbc_log(ctx, 1, "modular: learned modulo %u: %zu polynomials, %zu terms, %zu rounds; "
                "%d prime%s at once (%.2f s)", L.p, S.npolys, S.nterms, f4_trace_rounds(S.tr),
                nbatch, nbatch > 1 ? "s" : "", gbc_wall_time() - t0);
        gbc_log(ctx, 2, "modular: trace %.1f MB, in use %.1f MB, peak so far %.1f MB",
                f4_trace_memory(S.tr) / 1048576.0, ctx->mem_used / 1048576.0,
                ctx->mem_peak / 1048576.0);
        st = prime_loop(&S, B, nbatch, max_primes, &corrupted, &cq, &verdict);
        if (st != GBC_OK || verdict == MOD_ACCEPT)
            break;
    }
    if (st == GBC_OK) {
        st = mod_output(&S, &cq, out);
        gbc_log(ctx, 1, "modular: done, %zu primes drawn (%.2f s)", S.nused, gbc_wall_time() - t0);
    }
    if (stats) {
        stats->primes = S.nused;
        if (st == GBC_OK)
            stats->basis_size = out->n;
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
    }
    plist_clear(ctx, &L.res, &Fp);
    plist_clear(ctx, &cq, &R->F);
    if (st != GBC_OK)
        plist_clear(ctx, out, &R->F);
    mod_free(&S);
    mod_batch_free(ctx, B);
    gbc_ctx_pool_leave(ctx, own_pool);
    return st;
}
