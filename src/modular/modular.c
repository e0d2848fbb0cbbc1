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
 * proved over Q. This file holds the loop over primes, mod_groebner,
 * mod_q_groebner (the first try in the order itself, then mod_groebner) and the
 * dispatch through the engine table (mod_engine_groebner); the pieces are in the
 * files docs/modular.md lists. */
#include "modular/modular_int.h"

#include "buchberger/buchberger.h"
#include "common/pool.h"
#include "strategy/strategy.h"
#include "strategy/univariate.h"

/* Whether a batch that stopped with st may be taken as a smaller one: several
 * applies ran at once and the memory limit stopped some (not the compiling one:
 * compiling alters the trace), and the caller's context is not asked to stop. The
 * applies that completed are then taken in, the others dropped (their primes are
 * only skipped: the result does not depend on which primes serve), and later
 * batches run half as many primes at once (*nbatch), down to one, where the limit
 * stops the run as it would with one thread. So a run that one thread completes
 * within the limit is not stopped by the memory of many applies at once. */
static int batch_degrades(modst *S, batch *B, gbc_status st, int compile, int *nbatch)
{
    if (st != GBC_ERR_LIMIT || !B->limited || compile || B->nitems < 2 ||
        gbc_ctx_check(S->ctx) != GBC_OK)
        return 0;
    int was = *nbatch;
    *nbatch = was > 1 ? was / 2 : 1;
    gbc_log(S->ctx, 1, "modular: the memory limit stopped applies of a batch of %d: %d primes "
            "at once from now on", B->nitems, *nbatch);
    return 1;
}

/* One batch of prime_loop: the trace compiled (with the other threads replaying
 * plainly beside it) or applied modulo *nbatch fresh primes (with the check's
 * candidate-independent half beside them when it is due), each basis taken in.
 * *conflict: a prime contradicts a settled polynomial. Under a memory limit the
 * compiling batch is one prime, and *nbatch shrinks when applies at once meet
 * the limit (batch_degrades). */
static gbc_status prime_batch(modst *S, batch *B, int *nbatchp, int *conflict)
{
    gbc_ctx *ctx = S->ctx;
    int nbatch = *nbatchp;
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
                S->forced_next >= S->plan->nforced;
    int n = ahead ? MOD_AHEAD_APPLIES * (nbatch - 1) : compile && ctx->mem_limit ? 1 : nbatch;
    if (n > MOD_MAX_BATCH - 1)
        n = MOD_MAX_BATCH - 1;
    uint32_t ps[MOD_MAX_BATCH], cp = 0;
    if (ahead)
        GBC_TRY(mod_check_prime(S, &cp));
    for (int t = 0; t < n; t++)
        GBC_TRY(mod_next_prime(S, &ps[t]));
    B->use_flat = !compile && S->cc_fit;
    if (B->use_flat)
        GBC_TRY(mod_batch_flat_reserve(S, B, n + ahead));
    gbc_status st = ahead ? mod_batch_run_ahead(S, B, ps, n, cp)
                          : mod_batch_run(S, B, ps, n, compile);
    int degraded = batch_degrades(S, B, st, compile, nbatchp);
    if (degraded)
        st = GBC_OK;
    if (compile) {
        S->compiled = 1;
        S->plain_run = 0;
        /* the compiled trace's basis has the shape: its applies may give flat
         * residues, compared with the compiling run's supports */
        const prime_out *r = &B->out[0];
        S->cc_fit = st == GBC_OK && !r->unlucky && f4_trace_compiled(S->tr) &&
                    f4_trace_out_terms(S->tr) == S->nterms && mod_shape_matches(S, &r->res);
    }
    int nflat = 0, napplied = 0;
    *conflict = 0;
    for (int t = ahead; t < B->nitems && st == GBC_OK && !*conflict; t++) {
        prime_out *r = &B->out[t];
        if (!B->ran[t] || (degraded && r->st != GBC_OK))
            continue;
        napplied++;
        nflat += r->flat == F4_FLAT_DONE;
        if (r->plain)
            S->plain_run++;
        else if (!r->unlucky)
            S->plain_run = 0;
        if (r->flat == F4_FLAT_DONE)
            st = mod_take_flat(S, r->p, B->flat[t], conflict);
        else if (r->flat == F4_FLAT_DIFFERS)
            st = mod_take_flat(S, r->p, NULL, conflict);
        else
            st = mod_take(S, r->p, r->unlucky ? NULL : &r->res, conflict);
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
    return GBC_OK;
}

/* Under a memory limit, at most as many primes at once as fit beside what is in
 * use, each counted at the learning run's working set (the peak so far above what
 * is in use now: an apply needs less), so that the threads do not make a run fail
 * that one thread completes. The result does not depend on the batch size (the
 * reduced basis over Q is unique); only how many primes run at once does. */
static int batch_within_limit(gbc_ctx *ctx, int nbatch)
{
    if (ctx->mem_limit == 0 || nbatch <= 1)
        return nbatch;
    size_t used = ctx->mem_used, peak = ctx->mem_peak;
    size_t w = peak > used ? peak - used : 1;
    size_t room = ctx->mem_limit > used ? ctx->mem_limit - used : 0;
    size_t fit = room / (w + w / 4 + 1);
    int nb = fit < (size_t)nbatch ? (fit < 1 ? 1 : (int)fit) : nbatch;
    if (nb < nbatch)
        gbc_log(ctx, 1, "modular: %d primes at once (not %d) within the memory limit", nb,
                nbatch);
    return nb;
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
        int conflict;
        GBC_TRY(prime_batch(S, B, &nbatch, &conflict));
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
    if (!S->plan->certify)
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

/* How mod_run treats an order that is not degree-compatible. */
typedef enum {
    RUN_AUTO,    /* FGLM modulo every prime if zero-dimensional, else homogenised */
    RUN_DECLINE, /* FGLM, or GBC_ERR_UNSUPPORTED when it declines */
    RUN_HOMOG    /* the homogenised ideal at once */
} run_mode;

static gbc_status mod_run(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                          gb_stats *stats, run_mode mode)
{
    const gbc_plan *P = ctx->plan;
    double t0 = gbc_wall_time();
    size_t max_primes = P->max_primes ? P->max_primes : 100000;
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
    gbc_status st = mod_setup(&S, ctx, R, in, stats, mode == RUN_HOMOG);
    S.decline_up = mode == RUN_DECLINE;
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
        st = prime_loop(&S, B, batch_within_limit(ctx, nbatch), max_primes, &corrupted, &cq,
                        &verdict);
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

gbc_status mod_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                        gb_stats *stats)
{
    const gbc_plan *P = ctx->plan;
    if (R->F.p != 0)
        return GBC_ERR_INTERNAL;
    if (ring_is_graded(R) || P->certify || P->order_path != GBC_ORDER_AUTO)
        return mod_run(ctx, R, in, out, stats, RUN_AUTO);
    gbc_status st = mod_run(ctx, R, in, out, stats, RUN_DECLINE);
    if (st != GBC_ERR_UNSUPPORTED)
        return st;
    /* Not zero-dimensional: the homogenised ideal, from the reduced grevlex basis
     * over Q rather than from the generators. Given high-degree generators (a lex
     * basis of 60th degree with 75-digit coefficients, say), the homogenised run
     * from them climbs far beyond the degrees the grevlex basis needs: 400 s
     * against 0.1 s so. */
    char oname[128];
    mono_order_format(&R->ord, oname, sizeof oname);
    gbc_log(ctx, 1, "modular: order %s: the grevlex basis over Q first, then the "
            "homogenised ideal from it", oname);
    ring Rg;
    mono_order og;
    strat_grevlex_ring(&Rg, &og, R);
    plist G;
    plist_init(&G);
    size_t primes = stats ? stats->primes : 0; /* the declined run's */
    st = mod_run(ctx, &Rg, in, &G, stats, RUN_AUTO);
    if (st == GBC_OK) {
        primes += stats ? stats->primes : 0;
        st = mod_run(ctx, R, &G, out, stats, RUN_HOMOG);
    }
    if (stats)
        stats->primes += primes;
    plist_clear(ctx, &G, &R->F);
    return st;
}

gbc_status mod_q_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                          gb_stats *stats)
{
    const gbc_order_path path = ctx->plan->order_path;
    if (!ring_is_graded(R) && (path == GBC_ORDER_AUTO || path == GBC_ORDER_DIRECT)) {
        gbc_status st = strat_order_first(ctx, R, in, out, stats, 0);
        if (st != GBC_ERR_UNSUPPORTED || path == GBC_ORDER_DIRECT)
            return st;
    }
    return mod_groebner(ctx, R, in, out, stats);
}

/* mod_engine_groebner over Z/p: the engine itself when it computes over Z/p in
 * every order, else the gcd for one variable (strategy/univariate.c), else the
 * order paths of strategy/ around its degree-compatible bases. */
static gbc_status zp_engine_groebner(gbc_ctx *ctx, const strat_engine *eng, const ring *R,
                                     const plist *in, plist *out, gb_stats *stats,
                                     int minimal)
{
    if ((eng->fields & STRAT_FIELD_ZP) != 0 && eng->any_order)
        return eng->groebner(ctx, R, in, out, stats, minimal);
    /* one variable: the gcd (every order is the same, and the engines' cost grows
     * with the degree) */
    if (strat_univariate_applies(R))
        return strat_univariate(ctx, R, in, out, stats);
    return strat_groebner(ctx, R, in, out, stats, minimal);
}

/* mod_engine_groebner over Q: the engine itself when it computes over Q in every
 * order, else the gcd for one variable (strategy/univariate_qq.c: gcds modulo
 * primes, proved over Z), else the multi-modular path. */
static gbc_status qq_engine_groebner(gbc_ctx *ctx, const strat_engine *eng, const ring *R,
                                     const plist *in, plist *out, gb_stats *stats,
                                     int minimal)
{
    if ((eng->fields & STRAT_FIELD_Q) != 0 && eng->any_order)
        return eng->groebner(ctx, R, in, out, stats, minimal);
    if (strat_univariate_applies(R))
        return strat_univariate_qq(ctx, R, in, out, stats);
    /* the modular lift needs the unique reduced basis: minimal is not offered */
    return mod_q_groebner(ctx, R, in, out, stats);
}

gbc_status mod_engine_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                               gb_stats *stats, int minimal)
{
    const strat_engine *eng = strat_engine_of(ctx);
    if (eng == NULL)
        return GBC_ERR_ARG;
    minimal = minimal && eng->minimal;
    if (R->F.p != 0)
        return zp_engine_groebner(ctx, eng, R, in, out, stats, minimal);
    return qq_engine_groebner(ctx, eng, R, in, out, stats, minimal);
}
