/* f4: the F4 driver: one round after another (select, symbolic preprocessing,
 * matrix, kernel, new elements) or a trace's rounds (replay.c), the final
 * interreduction, and the entry points (plain, learn, apply). A learning run's
 * recorder is an observer of the driver (f4_observer). The parts are listed in
 * f4_int.h. */
#include <stdio.h>
#include "common/sort.h"

#include "f4/f4_int.h"

#include "common/pool.h"

/* ------------------------------------------------------------- rounds -- */

/* One round at degree d: build, reduce, add the new elements. Sets *unit when a
 * constant appears. */
static gbc_status f4_round(f4_state *S, uint32_t d, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    double t0 = gbc_wall_time();
    size_t nsel;
    gbc_status st;
    GBC_CHECK(st, f4_select(S, d, &nsel), out);
    GBC_CHECK(st, f4_symbolic(S), out);
    size_t nnew, nnz;
    GBC_CHECK(st, f4_reduce_round(S, t0, nsel, &nnew, &nnz), out);
    size_t nrows = S->npiv + S->ntbr;
    S->round_terms = f4_round_budget(S->sht.size, nnz);

    /* New basis elements by decreasing leading monomial (pivot order: increasing
     * column). A new lead may be a multiple of another new lead (for inputs that are
     * not homogeneous); adding the larger first lets the update mark it redundant
     * when the smaller arrives, with the pair between them kept. */
    if (S->obs != NULL && S->obs->round_reduced != NULL)
        GBC_CHECK(st, S->obs->round_reduced(S, d, nnew), out);
    else
        GBC_CHECK(st, f4_sort_newrows(S, nnew), out);
    /* the elements join the basis, then their pair updates run together
     * (f4_add_pairs), as f4_add's one by one would */
    size_t k0 = S->n;
    for (size_t i = 0; i < nnew; i++) {
        poly h;
        GBC_CHECK(st, gbc_ctx_check(ctx), out);
        GBC_CHECK(st, f4_row_to_poly(S, &S->newrows[i], &h), out);
        if (S->bht.row[h.mon[0]].deg == 0) {
            poly_clear(ctx, &h, S->F);
            *unit = 1;
            break;
        }
        int strict;
        st = f4_add_element(S, &h, &strict);
        poly_clear(ctx, &h, S->F);
        if (st != GBC_OK)
            goto out;
        if (strict) { /* never for a new element's lead; as f4_add if it were */
            GBC_CHECK(st, f4_add_pairs(S, k0), out);
            S->red[S->n - 1] = 1;
            k0 = S->n;
        }
    }
    GBC_CHECK(st, f4_add_pairs(S, k0), out);
    gbc_log(ctx, 1, "%6u %7zu %8zu x %-8u %6.2f%% %6zu %9.3f", d, nsel, nrows, S->sht.size,
            nrows && S->sht.size ? 100.0 * (double)nnz / ((double)nrows * S->sht.size) : 0.0,
            nnew, gbc_wall_time() - t0);
out:
    return st;
}


/* After the round of degree d: once no pair or generator of degree <= d is left,
 * hand the basis (its non-redundant elements, monic) to the hook, and let what it
 * returns join the basis. */
static gbc_status f4_run_hook(f4_state *S, const f4_hook *hook, uint32_t d, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    uint32_t next = S->ps.n > 0 ? pairs_min_deg(&S->ps) : UINT32_MAX;
    if (S->gnext < S->ngens && f4_lead_degree(S, &S->gens[S->gnext]) < next)
        next = f4_lead_degree(S, &S->gens[S->gnext]);
    if (next <= d)
        return GBC_OK;
    plist B, add;
    plist_init(&B);
    plist_init(&add);
    poly h;
    poly_init(&h);
    gbc_status st;
    for (size_t i = 0; i < S->n; i++)
        if (!S->red[i])
            GBC_CHECK(st, plist_push_poly(ctx, &B, &S->g[i], &S->bht, S->F, 1), done);
    GBC_CHECK(st, hook->after_degree(hook->data, d, &B, &add), done);
    for (size_t k = 0; k < add.n && !*unit; k++) {
        GBC_CHECK(st, poly_from_plain(ctx, &h, &add.p[k], &S->bht, S->F), done);
        if (h.len > 0) {
            poly_normalize_lc(&h, S->F);
            if (S->bht.row[h.mon[0]].deg == 0)
                *unit = 1;
            else
                GBC_CHECK(st, f4_add(S, &h), done);
        }
        poly_clear(ctx, &h, S->F);
    }
done:
    poly_clear(ctx, &h, S->F);
    plist_clear(ctx, &add, S->F);
    plist_clear(ctx, &B, S->F);
    return st;
}

/* ---------------------------------------------------------------- main -- */

/* The generators (monic, sorted by lead degree) join the basis as they are, as in
 * msolve: kept sparse, they make sparse reducers; the pairs among them (and the
 * redundancy of a generator whose lead is a multiple of another's) do the rest.
 * The polynomials move from S->gens into the basis. Beyond F4_DIRECT_GENS_MAX
 * nothing happens here: the rounds take the generators as rows. A replay makes
 * the same choice, since it has the same generators. */
static gbc_status add_gens(f4_state *S)
{
    if (S->ngens > F4_DIRECT_GENS_MAX || S->ctx->plan->f4_gens_as_rows)
        return GBC_OK;
    for (size_t i = 0; i < S->ngens; i++)
        GBC_TRY(f4_add(S, &S->gens[i]));
    S->gnext = S->ngens;
    return GBC_OK;
}

/* rs->G as the start of the basis (f4_groebner_resume): monic, by increasing lead
 * degree (stably, as generators would be), element k with its ecart
 * S->kecart[k] = rs->deg - deg lm, so that f4_add does not form the pairs among
 * them that are known (pairs_basis.ecart). rs->G's polynomials are freed as they
 * are converted (the plain list and the basis are never both whole). Sets *unit
 * for a constant. */
static gbc_status f4_load_handed(f4_state *S, f4_resume *rs, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    plist *G = rs->G;
    const size_t m = G->n;
    poly *hp = NULL;
    uint32_t *ec = NULL;
    uint64_t *key = NULL;
    size_t nk = 0;
    gbc_status st;
    if (S->n != 0 || m > UINT32_MAX)
        return GBC_ERR_INTERNAL;
    GBC_CHECK(st, GBC_ZALLOC(ctx, hp, m ? m : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, ec, m ? m : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, key, m ? m : 1), done);
    while (G->n > 0) {
        const size_t i = G->n - 1;
        poly *f = &hp[i];
        GBC_CHECK(st, poly_from_plain(ctx, f, &G->p[i], &S->bht, S->F), done);
        plist_pop(ctx, G, S->F);
        if (f->len == 0)
            continue;
        poly_normalize_lc(f, S->F);
        const uint32_t dl = S->bht.row[f->mon[0]].deg;
        if (rs->deg[i] < dl) {
            st = GBC_ERR_INTERNAL;
            goto done;
        }
        if (dl == 0)
            *unit = 1;
        ec[i] = rs->deg[i] - dl;
        key[nk++] = (uint64_t)dl << 32 | (uint64_t)i;
    }
    if (*unit)
        goto done;
    GBC_CHECK(st, gbc_sort_cmp(ctx, key, nk, sizeof *key, la_u64_cmp, NULL), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S->kecart, nk ? nk : 1), done);
    for (size_t k = 0; k < nk; k++)
        S->kecart[k] = ec[(uint32_t)key[k]];
    S->nknown = (uint32_t)nk;
    S->dknown = rs->d;
    for (size_t k = 0; k < nk; k++) {
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
        GBC_CHECK(st, f4_add(S, &hp[(uint32_t)key[k]]), done);
    }
done:
    for (size_t i = 0; hp != NULL && i < m; i++)
        poly_clear(ctx, &hp[i], S->F); /* those f4_add took are empty */
    gbc_free(ctx, hp);
    gbc_free(ctx, ec);
    gbc_free(ctx, key);
    return st;
}

/* F4 on a ring with a degree-compatible order; records into rec or replays play
 * when either is set (*unlucky reports a replay that failed). A replay uses play's
 * compiled matrices when compiled is set, else it rebuilds them by hashing; with
 * compile set it records them into play (f4_trace_compile), and nothing else writes
 * to play. known (or NULL, and NULL when tracing): a Groebner basis loaded as the
 * start of the basis, with no pairs among its elements; hook (or NULL): called
 * whenever a degree is complete (f4_groebner_extend). */
typedef struct f4_run {
    const plist *known;
    const f4_hook *hook;
    const f4_observer *obs; /* or NULL; f4_trace_recorder with rec */
    f4_trace *rec;
    const f4_trace *play;
    f4_trace *compile;
    int compiled;
    int *unlucky;
    int minimal;
    f4_hilb *hilb;
    const f4_sink *sink; /* or NULL: the basis goes to out */
    f4_flat *flat;       /* or NULL: f4_apply_flat's buffer */
    f4_resume *resume;   /* or NULL: f4_groebner_resume's handed elements */
    f4_check *chk;       /* or NULL: a replay that confirms its rounds */
    int subset;          /* a compiled replay takes supports the compiled ones contain */
    uint64_t seed;       /* with chk: the combinations' seed */
} f4_run;

/* The caller's scratch keep (f4_apply_flat) becomes S's (f4_setup's arena holds
 * nothing yet), zeroed, as an apply that stopped half-way may have left the dense
 * row or lanes dirty; keep is emptied until core_give_keep. */
static void core_take_keep(gbc_ctx *ctx, f4_state *S, f4_keep *keep)
{
    gbc_arena_clear(ctx, &S->arena);
    S->arena = keep->arena;
    gbc_arena_reset(&S->arena);
    S->dense = keep->dense;
    S->pivot = keep->pivot;
    S->tcols = keep->tcols;
    S->tcf = keep->tcf;
    S->densecap = keep->densecap;
    S->lanes = keep->lanes;
    S->lanecap = keep->lanecap;
    if (S->dense != NULL)
        memset(S->dense, 0, sizeof *S->dense * S->densecap);
    if (S->lanes != NULL)
        memset(S->lanes, 0, sizeof *S->lanes * S->lanecap * LA_LANES);
    f4_keep_init(keep); /* S holds it until the end */
}

/* The scratch back to the caller's keep, whatever happened. */
static void core_give_keep(f4_state *S, f4_keep *k)
{
    k->arena = S->arena;
    gbc_arena_init(&S->arena, 1 << 20);
    k->dense = S->dense;
    k->pivot = S->pivot;
    k->tcols = S->tcols;
    k->tcf = S->tcf;
    k->densecap = S->densecap;
    k->lanes = S->lanes;
    k->lanecap = S->lanecap;
    S->dense = NULL;
    S->pivot = NULL;
    S->tcols = S->tcf = NULL;
    S->lanes = NULL;
    S->densecap = S->lanecap = 0;
}

/* The run's kernel: a recording run needs provenance (the ranked kernel, or the
 * exact one when asked for); a replay's rows are all independent (nothing to gain
 * from combinations): it takes the exact kernel. */
static void core_kernel(gbc_ctx *ctx, f4_state *S, const f4_trace *rec, const f4_trace *play)
{
    f4_set_kernel(S, play != NULL ? &la_kernel_exact
                                  : la_kernel_select(ctx->plan->la_mode, S->F, rec != NULL));
}

void f4_set_kernel(f4_state *S, const la_kernel *K)
{
    S->kern = K;
    if (K != &la_kernel_exact) {
        /* the multipliers must not be predictable from the input (as the primes
         * over Q): their seed comes from the OS */
        uint64_t seed;
        gbc_entropy64(&seed);
        gbc_rng_seed(&S->la.rng, seed);
    }
}

/* The driver's own rounds, one degree after another until no pair or generator
 * is left (*unit when a constant appears): with hilb, a degree whose Hilbert
 * function is reached is dropped; with hook, it is called after each round. */
static gbc_status core_rounds(f4_state *S, const f4_hook *hook, f4_hilb *hilb, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    uint64_t nrounds = 0;
    while (!*unit && (S->gnext < S->ngens || S->ps.n > 0)) {
        GBC_TRY(gbc_ctx_check(ctx));
        gbc_progress(ctx, "f4", -1.0, nrounds++);
        uint32_t d = S->ps.n > 0 ? pairs_min_deg(&S->ps) : UINT32_MAX;
        if (S->gnext < S->ngens && f4_lead_degree(S, &S->gens[S->gnext]) < d)
            d = f4_lead_degree(S, &S->gens[S->gnext]);
        if (hilb != NULL) {
            int complete;
            GBC_TRY(f4_hilb_complete(S, hilb, d, &complete));
            if (complete) {
                size_t dropped = f4_hilb_drop(S, d);
                while (S->gnext < S->ngens && f4_lead_degree(S, &S->gens[S->gnext]) == d) {
                    S->gnext++;
                    dropped++;
                }
                hilb->degrees_skipped++;
                hilb->pairs_dropped += dropped;
                gbc_log(ctx, 1, "%6u %7zu   (the Hilbert function is reached: dropped)", d,
                        dropped);
                continue;
            }
        }
        GBC_TRY(f4_round(S, d, unit));
        if (hook != NULL && !*unit)
            GBC_TRY(f4_run_hook(S, hook, d, unit));
    }
    return GBC_OK;
}

/* The run without a trace to replay: the log's header, the generators, the
 * rounds, and the observer told the basis is done. */
static gbc_status core_compute(f4_state *S, const f4_run *run, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    gbc_log(ctx, 1, "F4 over GF(%u), %u variables, %zu generators", S->R->F.p, S->R->nvars,
            S->ngens);
    if (run->resume != NULL && !*unit)
        gbc_log(ctx, 1,
                "F4 resumes from %u elements (a Groebner basis up to degree %u, "
                "homogenised): %zu pairs among them skipped as known (they reduce to "
                "zero), %zu formed",
                S->nknown, S->dknown, S->ps.stat_known, S->ps.n);
    gbc_log(ctx, 1, "degree   pairs     rows x cols    density    new   seconds");
    if (!*unit)
        GBC_TRY(add_gens(S));
    GBC_TRY(core_rounds(S, run->hook, run->hilb, unit));
    if (S->obs != NULL && S->obs->basis_done != NULL)
        GBC_TRY(S->obs->basis_done(S, *unit));
    return GBC_OK;
}

/* Every pair is done and the rounds' lanes are not needed: their memory goes
 * before the output is built beside the basis (the pair counters stay). */
static void core_drop_rounds(f4_state *S, const f4_keep *keep)
{
    gbc_ctx *ctx = S->ctx;
    pairset done_ps = S->ps;
    pairs_clear(ctx, &S->ps);
    S->ps.stat_created = done_ps.stat_created;
    S->ps.stat_chain = done_ps.stat_chain;
    S->ps.stat_gm = done_ps.stat_gm;
    S->ps.stat_product = done_ps.stat_product;
    S->ps.stat_known = done_ps.stat_known;
    S->ps.stat_comp = done_ps.stat_comp;
    if (keep == NULL) {
        gbc_free(ctx, S->lanes);
        S->lanes = NULL;
        S->lanecap = 0;
    }
}

/* The counters of a finished run (out: the basis handed out). */
static void core_stats(const f4_state *S, gb_stats *stats, const plist *out, double t1)
{
    stats->t_interreduce += gbc_wall_time() - t1;
    stats->basis_size = out->n + S->nsunk;
    stats->pairs_created += S->ps.stat_created;
    stats->pairs_chain += S->ps.stat_chain;
    stats->pairs_gm += S->ps.stat_gm;
    /* the components' criterion counts with the product criterion: both drop a
     * pair whose S-polynomial has a standard representation at once */
    stats->pairs_product += S->ps.stat_product + S->ps.stat_comp;
    stats->pairs_known += S->ps.stat_known;
    stats->monomials = S->bht.size;
}

/* The counters of any run, finished or not, and the linear algebra's log line. */
static void core_end_stats(const f4_state *S, gb_stats *stats, double t0, int log)
{
    gbc_ctx *ctx = S->ctx;
    if (stats) {
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
        stats->la_rows_in += S->la.st.rows_in;
        stats->la_rows_reduced += S->la.st.rows_reduced;
        stats->la_confirmations += S->la.st.confirmations;
        stats->la_blocks += S->la.st.blocks;
        stats->la_fail_bound += S->la.st.fail_bound;
    }
    if (log && S->kern != NULL)
        gbc_log(ctx, 1,
                "linear algebra: %s kernel, %zu of %zu rows reduced (the exact kernel "
                "reduces all %zu), %zu blocks in %zu groups of lanes, %zu confirmations, "
                "failure bound %.3g",
                S->kern->name, S->la.st.rows_reduced, S->la.st.rows_in, S->la.st.rows_in,
                S->la.st.blocks, S->la.st.groups, S->la.st.confirmations,
                S->la.st.fail_bound);
}

static gbc_status f4_core_known(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                                gb_stats *stats, const f4_run *run)
{
    const f4_trace *play = run->play;
    double t0 = gbc_wall_time();
    f4_state S;
    gbc_status st;
    int unit = 0, bad = 0;
    /* the run's threads, unless a caller (the multi-modular loop) has them */
    int own_pool = gbc_ctx_pool_enter(ctx);
    GBC_CHECK(st, f4_setup(&S, ctx, R, stats), done);
    S.obs = run->obs;
    S.rec = run->rec;
    S.play = play;
    S.minimal = run->minimal;
    S.hilb = run->hilb;
    S.sink = run->sink;
    S.flat = run->flat;
    S.chk = play != NULL && play->confirm ? run->chk : NULL;
    /* zeros in the elements never reach the output by way of the reduced basis's
     * final matrix (la_reduce_row keeps nonzero entries), unlike a minimal basis */
    S.cc_subset = run->subset && !S.minimal && R->F.p != 0;
    f4_keep *keep = S.flat != NULL ? S.flat->keep : NULL;
    if (keep != NULL)
        core_take_keep(ctx, &S, keep);
    core_kernel(ctx, &S, run->rec, play);
    if (S.obs != NULL && S.obs->start != NULL)
        GBC_CHECK(st, S.obs->start(&S), done);
    if (run->known != NULL)
        GBC_CHECK(st, f4_load_basis(&S, run->known, &unit), done);
    if (run->resume != NULL)
        GBC_CHECK(st, f4_load_handed(&S, run->resume, &unit), done);

    GBC_CHECK(st, f4_take_gens(&S, in, &unit), done);
    if (play != NULL) {
        GBC_CHECK(st, f4_replay_begin(&S, run->compiled, run->compile, &bad), done);
        if (S.chk != NULL)
            f4_confirm_begin(&S, run->seed);
        if (!unit && !bad)
            GBC_CHECK(st, add_gens(&S), done);
        GBC_CHECK(st, f4_replay_rounds(&S, &unit, &bad), done);
        if (bad) {
            *run->unlucky = 1;
            goto done;
        }
    } else {
        GBC_CHECK(st, core_compute(&S, run, &unit), done);
    }
    if (run->hilb != NULL && !unit)
        GBC_CHECK(st, f4_hilb_final_check(&S, run->hilb), done);
    double t1 = gbc_wall_time();
    core_drop_rounds(&S, keep);
    if (unit) {
        GBC_CHECK(st, f4_emit_one(ctx, R, out), done);
        GBC_CHECK(st, f4_sink_last(&S, out), done);
    } else {
        GBC_CHECK(st, f4_final(&S, out), done);
    }
    if (!S.cc_bad && S.chk != NULL && !unit && (S.flat == NULL || S.flat->state != F4_FLAT_DONE))
        GBC_CHECK(st, f4_confirm_output(&S, out, &bad), done);
    if (S.cc_bad || bad) {
        bad = 1;
        *run->unlucky = 1;
        goto done;
    }
    f4_replay_compiled(&S, unit);
    if (stats)
        core_stats(&S, stats, out, t1);
done:
    if (run->resume != NULL)
        run->resume->known = S.ps.stat_known;
    core_end_stats(&S, stats, t0, play == NULL);
    f4_replay_end(&S);
    if (st != GBC_OK || bad)
        plist_clear(ctx, out, &R->F);
    if (S.flat != NULL && S.flat->keep != NULL)
        core_give_keep(&S, S.flat->keep);
    f4_free(&S);
    gbc_ctx_pool_leave(ctx, own_pool);
    return st;
}


int f4_computes_over(const field *F)
{
    return F->p != 0;
}

int f4_ring_direct(const ring *R)
{
    return f4_computes_over(&R->F) && ring_is_graded(R);
}

gbc_status f4_groebner_extend(gbc_ctx *ctx, const ring *R, const plist *G, const plist *in,
                              plist *out, gb_stats *stats, const f4_hook *hook)
{
    if (!f4_ring_direct(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.known = G, .hook = hook};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

gbc_status f4_groebner_resume(gbc_ctx *ctx, const ring *R, f4_resume *rs, const plist *in,
                              plist *out, gb_stats *stats, int minimal)
{
    gbc_status st = GBC_ERR_INTERNAL;
    rs->known = 0;
    if (f4_ring_direct(R)) {
        f4_run run = {.minimal = minimal, .resume = rs};
        st = f4_core_known(ctx, R, in, out, stats, &run);
    }
    plist_clear(ctx, rs->G, &R->F);
    return st;
}

gbc_status f4_learn(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                    gb_stats *stats, f4_trace *tr)
{
    if (!f4_ring_direct(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.obs = &f4_trace_recorder, .rec = tr};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

gbc_status f4_trace_compile(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats, f4_trace *tr, int *unlucky)
{
    *unlucky = 0;
    if (!f4_ring_direct(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.play = tr, .compile = tr, .unlucky = unlucky};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

/* The apply run (a trace to play, compiled when it is): when the compiled form
 * does not fit (a support differs from the compiled run's: a coefficient vanished
 * modulo this prime or modulo the compiling one) and no check refuted the trace,
 * replayed plainly instead (*plain), without the flat residues. */
static gbc_status apply_run(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats, f4_run *run, int *plain)
{
    f4_check *chk = run->chk;
    f4_flat *fl = run->flat;
    *run->unlucky = 0;
    if (plain != NULL)
        *plain = 0;
    if (chk != NULL)
        memset(chk, 0, sizeof *chk);
    if (fl != NULL)
        fl->state = F4_FLAT_NONE;
    if (!f4_ring_direct(R))
        return GBC_ERR_INTERNAL;
    run->compiled = run->play->cstate == CC_READY;
    gbc_status st = f4_core_known(ctx, R, in, out, stats, run);
    if (st == GBC_OK && *run->unlucky && run->compiled && (chk == NULL || !chk->refuted)) {
        if (chk != NULL)
            memset(chk, 0, sizeof *chk);
        *run->unlucky = 0;
        if (plain != NULL)
            *plain = 1;
        run->compiled = 0;
        run->flat = NULL;
        if (fl != NULL)
            fl->state = F4_FLAT_NONE;
        st = f4_core_known(ctx, R, in, out, stats, run);
    }
    return st;
}

gbc_status f4_apply(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                    gb_stats *stats, const f4_trace *tr, int *unlucky, int *plain)
{
    f4_run run = {.play = tr, .unlucky = unlucky};
    return apply_run(ctx, R, in, out, stats, &run, plain);
}

gbc_status f4_apply_checked(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            const f4_trace *tr, uint64_t seed, f4_check *chk,
                            f4_flat *fl, int *unlucky, int *plain)
{
    f4_run run = {.play = tr, .unlucky = unlucky, .flat = fl, .chk = chk, .seed = seed,
                  .subset = 1};
    gbc_status st = apply_run(ctx, R, in, out, NULL, &run, plain);
    if (chk != NULL)
        chk->confirmed = st == GBC_OK && !*unlucky && tr->confirm &&
                         (fl == NULL || fl->state != F4_FLAT_DONE);
    return st;
}

gbc_status f4_replay_plain(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                           gb_stats *stats, const f4_trace *tr, int *unlucky)
{
    *unlucky = 0;
    if (!f4_ring_direct(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.play = tr, .unlucky = unlucky};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

gbc_status f4_apply_flat(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                         gb_stats *stats, const f4_trace *tr, int *unlucky, int *plain,
                         f4_flat *fl)
{
    f4_run run = {.play = tr, .unlucky = unlucky, .flat = fl};
    return apply_run(ctx, R, in, out, stats, &run, plain);
}

gbc_status f4_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                       gb_stats *stats)
{
    return f4_groebner_kind(ctx, R, in, out, stats, 0);
}

gbc_status f4_groebner_kind(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats, int minimal)
{
    if (!f4_computes_over(&R->F))
        return GBC_ERR_DOMAIN;
    if (ring_is_graded(R)) {
        f4_run run = {.minimal = minimal};
        return f4_core_known(ctx, R, in, out, stats, &run);
    }
    return f4_groebner_homog(ctx, R, in, out, stats, minimal, NULL);
}

gbc_status f4_groebner_sink(gbc_ctx *ctx, const ring *R, const plist *in, gb_stats *stats,
                            int minimal, const f4_sink *sink)
{
    if (!f4_ring_direct(R) || sink == NULL)
        return GBC_ERR_INTERNAL;
    /* out holds at most the polynomial being handed over */
    plist out;
    plist_init(&out);
    f4_run run = {.minimal = minimal, .sink = sink};
    gbc_status st = f4_core_known(ctx, R, in, &out, stats, &run);
    plist_clear(ctx, &out, &R->F);
    return st;
}

gbc_status f4_groebner_homog(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                             gb_stats *stats, int minimal, const struct mi_upoly *target)
{
    if (!f4_computes_over(&R->F))
        return GBC_ERR_DOMAIN;
    /* The basis of the homogenised ideal in the order (degree, then R's order),
     * dehomogenised: the leading terms survive, so this is a Groebner basis for R's
     * order (see bb_groebner for the argument), which f4_reduce_basis makes
     * reduced. */
    ring Rh;
    ring_homog(&Rh, R);
    plist hin, hout, dh;
    plist_init(&hin);
    plist_init(&hout);
    plist_init(&dh);
    f4_hilb H;
    f4_hilb_init(&H, target);
    gbc_status st;
    GBC_CHECK(st, plist_homogenize(ctx, R, in, &hin), done);
    /* the homogenised basis need not be reduced: only its leading terms matter */
    f4_run run = {.minimal = 1, .hilb = target != NULL ? &H : NULL};
    GBC_CHECK(st, f4_core_known(ctx, &Rh, &hin, &hout, stats, &run), done);
    if (target != NULL)
        gbc_log(ctx, 1, "hilbert: %zu degrees skipped, %zu pairs and generators dropped",
                H.degrees_skipped, H.pairs_dropped);
    GBC_CHECK(st, plist_dehomogenize(ctx, R, &hout, &dh), done);
    double t1 = gbc_wall_time();
    GBC_CHECK(st, f4_reduce_basis_kind(ctx, R, &dh, out, minimal), done);
    if (stats) {
        stats->t_interreduce += gbc_wall_time() - t1;
        stats->basis_size = out->n;
    }
done:
    f4_hilb_clear(ctx, &H);
    plist_clear(ctx, &hin, &R->F);
    plist_clear(ctx, &hout, &R->F);
    plist_clear(ctx, &dh, &R->F);
    return st;
}
