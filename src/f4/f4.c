/* f4: the F4 driver: the state and the basis, one round after another (select,
 * symbolic preprocessing, matrix, kernel, new elements), the final interreduction,
 * and the entry points (plain, learn, apply). The parts are listed in f4_int.h. */
#include <stdio.h>
#include <stdlib.h>

#include "f4/f4_int.h"

#include "common/pool.h"

/* -------------------------------------------------------------- setup -- */

void f4_free(f4_state *S)
{
    gbc_ctx *ctx = S->ctx;
    for (size_t i = 0; i < S->n; i++)
        poly_clear(ctx, &S->g[i], S->F);
    for (size_t i = 0; i < S->ngens; i++)
        poly_clear(ctx, &S->gens[i], S->F);
    gbc_free(ctx, S->g);
    gbc_free(ctx, S->lm);
    gbc_free(ctx, S->red);
    gbc_free(ctx, S->gens);
    gbc_free(ctx, S->kecart);
    dl_clear(ctx, &S->dl);
    pairs_clear(ctx, &S->ps);
    gbc_arena_clear(ctx, &S->arena);
    gbc_free(ctx, S->piv);
    gbc_free(ctx, S->tbr);
    gbc_free(ctx, S->newrows);
    gbc_free(ctx, S->colmon);
    gbc_free(ctx, S->pivot);
    gbc_free(ctx, S->dense);
    gbc_free(ctx, S->lanes);
    gbc_free(ctx, S->tcols);
    gbc_free(ctx, S->tcf);
    gbc_free(ctx, S->mexps);
    gbc_free(ctx, S->pmul);
    gbc_free(ctx, S->tmul);
    mht_clear(ctx, &S->sht);
    mht_clear(ctx, &S->pht);
    mht_clear(ctx, &S->bht);
    mht_params_clear(ctx, &S->par);
}

gbc_status f4_setup(f4_state *S, gbc_ctx *ctx, const ring *R, gb_stats *stats)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->R = R;
    S->F = &R->F;
    S->stats = stats;
    pairs_init(&S->ps);
    gbc_arena_init(&S->arena, 1 << 20);
    GBC_TRY(mht_params_init(ctx, &S->par, &R->ord, F4_HASH_SEED));
    GBC_TRY(mht_init(ctx, &S->bht, &S->par, 10));
    GBC_TRY(mht_init(ctx, &S->sht, &S->par, 10));
    GBC_TRY(mht_init(ctx, &S->pht, &S->par, 10));
    GBC_TRY(dl_init(ctx, &S->dl, DL_TREE, R->nvars, &S->par.dm));
    S->kern = &la_kernel_exact;
    la_env_init(&S->la, ctx, S->F, F4_HASH_SEED ^ R->F.p);
    GBC_TRY(GBC_ALLOC(ctx, S->mexps, R->nvars ? R->nvars : 1));
    return GBC_OK;
}

gbc_status f4_reserve_basis(f4_state *S)
{
    if (S->n < S->cap)
        return GBC_OK;
    size_t ncap = S->cap ? 2 * S->cap : 64;
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_RESIZE(ctx, S->g, ncap));
    GBC_TRY(GBC_RESIZE(ctx, S->lm, ncap));
    GBC_TRY(GBC_RESIZE(ctx, S->red, ncap));
    S->cap = ncap;
    return GBC_OK;
}

/* Add the monic, nonzero, non-constant h (monomials in bht) to the basis; takes
 * ownership of h. */
typedef struct strict_div {
    const mht *t;
    uint32_t lm;
    int found;
} strict_div;

/* Stops at a divisor of the lead other than the lead itself. */
static int visit_strict(void *data, uint32_t val, const uint32_t *exps)
{
    strict_div *d = data;
    (void)val;
    const uint32_t *e = mht_exps(d->t, d->lm);
    if (memcmp(e, exps, sizeof(uint32_t) * d->t->nvars) != 0) {
        d->found = 1;
        return 1;
    }
    return 0;
}

gbc_status f4_add_element(f4_state *S, poly *h, int *strict)
{
    GBC_TRY(f4_reserve_basis(S));
    size_t k = S->n;
    S->g[k] = *h;
    poly_init(h);
    S->lm[k] = S->g[k].mon[0];
    S->red[k] = 0;
    S->n++;
    const mht *t = &S->bht;
    uint32_t lm = S->lm[k];
    /* a generator's lead may be a proper multiple of an older lead (a new
     * element's never is): it is redundant from the start, and its pairs (among
     * them the one that reduces it) are formed all the same */
    strict_div sd = {t, lm, 0};
    dl_for_each_divisor(&S->dl, mht_exps(t, lm), t->row[lm].divmask, visit_strict, &sd);
    if (!sd.found) {
        dl_remove_multiples(&S->dl, mht_exps(t, lm), t->row[lm].divmask, NULL, NULL);
        GBC_TRY(dl_insert(S->ctx, &S->dl, mht_exps(t, lm), t->row[lm].divmask, (uint32_t)k));
    }
    *strict = sd.found;
    return GBC_OK;
}

gbc_status f4_add(f4_state *S, poly *h)
{
    int strict;
    GBC_TRY(f4_add_element(S, h, &strict));
    if (S->play != NULL)
        return GBC_OK; /* replay: no pairs */
    size_t k = S->n - 1;
    double t0 = gbc_wall_time();
    pairs_basis B = {&S->bht, S->lm,     S->red,    NULL,     (uint32_t)S->n,
                     &S->pht, S->kecart, S->nknown, S->dknown};
    gbc_status st = pairs_update(S->ctx, &S->ps, &B);
    if (strict)
        S->red[k] = 1;
    if (S->stats)
        S->stats->t_update += gbc_wall_time() - t0;
    return st;
}


/* ------------------------------------------------------------- rounds -- */

/* f4_needed_reducers' step: row r's columns join inc; a reducer whose pivot
 * column is new there (who[c], UINT32_MAX when none) is kept and pushed on stack
 * (top entries); returns the new top. */
static size_t needed_cols(const la_row *r, uint8_t *inc, const uint32_t *who, uint8_t *keep,
                          uint32_t *stack, size_t top)
{
    for (uint32_t k = 0; k < r->len; k++) {
        uint32_t c = r->cols[k];
        if (!inc[c]) {
            inc[c] = 1;
            if (who[c] != UINT32_MAX) {
                keep[who[c]] = 1;
                stack[top++] = who[c];
            }
        }
    }
    return top;
}

/* For the trace: keep[i] = 1 for the reducers S->piv[i] that the round's useful
 * rows (the nnew rows that gave new elements) need, 0 for the others. A column
 * is needed when a useful row has it or a needed reducer has it; a reducer is
 * needed when its pivot column is. Reducing the useful rows by the needed
 * reducers alone gives the same rows: a reduction step by a reducer only brings
 * in that reducer's columns, a row that reduced to zero never became a pivot, so
 * no useful row (nor a new pivot it meets) ever has a column outside the needed
 * ones. A worklist, so nothing depends on how the columns are numbered. */
static gbc_status f4_needed_reducers(f4_state *S, size_t nnew, uint8_t *keep)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t nc = S->ncols;
    const uint32_t none = UINT32_MAX;
    uint8_t *inc = NULL;
    uint32_t *who = NULL, *stack = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, inc, (size_t)nc + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, who, (size_t)nc + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, stack, S->npiv + 1), done);
    for (uint32_t c = 0; c < nc; c++)
        who[c] = none;
    for (size_t i = 0; i < S->npiv; i++) {
        keep[i] = 0;
        who[S->piv[i].cols[0]] = (uint32_t)i;
    }
    size_t top = 0;
    for (size_t i = 0; i < nnew; i++)
        top = needed_cols(&S->tbr[S->newrows[i].tag], inc, who, keep, stack, top);
    while (top > 0) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), done);
        const la_row *r = &S->piv[stack[--top]];
        top = needed_cols(r, inc, who, keep, stack, top);
    }
    st = GBC_OK;
done:
    gbc_free(ctx, stack);
    gbc_free(ctx, who);
    gbc_free(ctx, inc);
    return st;
}

gbc_status f4_record_round(f4_state *S, uint32_t d, size_t nnew)
{
    gbc_ctx *ctx = S->ctx;
    f4_trace *tr = S->rec;
    f4_trace_round rr = {d, tr->nrows, 0, (uint32_t)nnew, tr->nleads};
    /* only the reducers the useful rows need (f4_needed_reducers), in their order */
    uint8_t *keep;
    GBC_TRY(GBC_ALLOC(ctx, keep, S->npiv + 1));
    gbc_status st = f4_needed_reducers(S, nnew, keep);
    for (size_t k = 0; k < S->npiv && st == GBC_OK; k++) {
        if (!keep[k])
            continue;
        st = f4_trace_push_row(ctx, tr, S->piv[k].src, S->pmul + k * S->R->nvars);
        rr.nred++;
    }
    gbc_free(ctx, keep);
    GBC_TRY(st);
    for (size_t i = 0; i < nnew; i++) {
        uint32_t k = S->newrows[i].tag;
        GBC_TRY(f4_trace_push_row(ctx, tr, S->tbr[k].src, S->tmul + (size_t)k * S->R->nvars));
    }
    GBC_TRY(f4_sort_newrows(S, nnew));
    for (size_t i = 0; i < nnew; i++)
        GBC_TRY(f4_trace_push_lead(ctx, tr, mht_exps(&S->sht, S->colmon[S->newrows[i].cols[0]])));
    GBC_TRY(GBC_GROW(ctx, tr->rounds, tr->cap, tr->nrounds + 1));
    tr->rounds[tr->nrounds++] = rr;
    return GBC_OK;
}

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
    uint32_t npivcols;
    GBC_CHECK(st, f4_columns(S, &npivcols), out);
    double t1 = gbc_wall_time();

    /* Linear algebra. */
    size_t nnew = 0;
    GBC_CHECK(st, f4_echelon(S, &nnew), out);
    double t2 = gbc_wall_time();

    size_t nnz = 0;
    for (size_t i = 0; i < S->npiv; i++)
        nnz += S->piv[i].len;
    for (size_t i = 0; i < S->ntbr; i++)
        nnz += S->tbr[i].len;
    size_t nrows = S->npiv + S->ntbr;
    if (S->stats) {
        S->stats->rounds++;
        S->stats->pairs_reduced += nsel;
        S->stats->zero_reductions += S->ntbr - nnew;
        S->stats->matrix_rows += nrows;
        S->stats->matrix_cols += S->sht.size;
        S->stats->matrix_nnz += nnz;
        S->stats->t_select += t1 - t0;
        S->stats->t_linalg += t2 - t1;
    }

    /* New basis elements by decreasing leading monomial (pivot order: increasing
     * column). A new lead may be a multiple of another new lead (for inputs that are
     * not homogeneous); adding the larger first lets the update mark it redundant
     * when the smaller arrives, with the pair between them kept. */
    if (S->rec != NULL)
        GBC_CHECK(st, f4_record_round(S, d, nnew), out);
    else
        GBC_CHECK(st, f4_sort_newrows(S, nnew), out);
    for (size_t i = 0; i < nnew; i++) {
        poly h;
        GBC_CHECK(st, gbc_ctx_check(ctx), out);
        GBC_CHECK(st, f4_row_to_poly(S, &S->newrows[i], &h), out);
        if (S->bht.row[h.mon[0]].deg == 0) {
            poly_clear(ctx, &h, S->F);
            *unit = 1;
            break;
        }
        st = f4_add(S, &h);
        poly_clear(ctx, &h, S->F);
        if (st != GBC_OK)
            goto out;
    }
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

/* Sort S->gens by increasing lead degree, stably (one key sort: a trace replays
 * the generators by position, so the order must not depend on the sort). */
static gbc_status sort_gens(f4_state *S)
{
    if (S->ngens < 2)
        return GBC_OK;
    uint64_t *key;
    GBC_TRY(GBC_ALLOC(S->ctx, key, S->ngens));
    for (size_t i = 0; i < S->ngens; i++)
        key[i] = f4_lead_degree(S, &S->gens[i]);
    gbc_status st = f4_sort_by_key(S->ctx, S->gens, S->ngens, sizeof(poly), key);
    gbc_free(S->ctx, key);
    return st;
}

gbc_status f4_take_gens(f4_state *S, const plist *in, int *unit)
{
    GBC_TRY(GBC_ZALLOC(S->ctx, S->gens, in->n ? in->n : 1));
    for (size_t i = 0; i < in->n; i++) {
        poly *f = &S->gens[S->ngens];
        GBC_TRY(poly_from_plain(S->ctx, f, &in->p[i], &S->bht, S->F));
        if (f->len == 0) {
            poly_clear(S->ctx, f, S->F);
            continue;
        }
        poly_normalize_lc(f, S->F);
        if (S->bht.row[f->mon[0]].deg == 0)
            *unit = 1;
        S->ngens++;
    }
    return sort_gens(S);
}

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
    qsort(key, nk, sizeof *key, la_u64_cmp);
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
} f4_run;

static gbc_status f4_core_known(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                                gb_stats *stats, const f4_run *run)
{
    const plist *known = run->known;
    const f4_hook *hook = run->hook;
    f4_trace *rec = run->rec;
    const f4_trace *play = run->play;
    f4_trace *compile = run->compile;
    int compiled = run->compiled;
    int *unlucky = run->unlucky;
    f4_hilb *hilb = run->hilb;
    double t0 = gbc_wall_time();
    f4_state S;
    gbc_status st;
    int unit = 0, bad = 0;
    /* the run's threads, unless a caller (the multi-modular loop) has them */
    int own_pool = gbc_ctx_pool_enter(ctx);
    GBC_CHECK(st, f4_setup(&S, ctx, R, stats), done);
    S.rec = rec;
    S.play = play;
    S.minimal = run->minimal;
    S.hilb = hilb;
    S.sink = run->sink;
    S.flat = run->flat;
    f4_keep *keep = S.flat != NULL ? S.flat->keep : NULL;
    if (keep != NULL) {
        /* the caller's scratch (f4_setup's arena holds nothing yet); zeroed, as an
         * apply that stopped half-way may have left the dense row or lanes dirty */
        gbc_arena_clear(ctx, &S.arena);
        S.arena = keep->arena;
        gbc_arena_reset(&S.arena);
        S.dense = keep->dense;
        S.pivot = keep->pivot;
        S.tcols = keep->tcols;
        S.tcf = keep->tcf;
        S.densecap = keep->densecap;
        S.lanes = keep->lanes;
        S.lanecap = keep->lanecap;
        if (S.dense != NULL)
            memset(S.dense, 0, sizeof *S.dense * S.densecap);
        if (S.lanes != NULL)
            memset(S.lanes, 0, sizeof *S.lanes * S.lanecap * LA_LANES);
        f4_keep_init(keep); /* S holds it until the end */
    }
    /* the trace needs provenance; a replay's rows are all independent (nothing to
     * gain from combinations): both take the exact kernel */
    S.kern = la_kernel_select(ctx->plan->la_mode, S.F, rec != NULL || play != NULL);
    if (!S.kern->provenance) {
        /* the multipliers must not be predictable from the input (as the primes
         * over Q): their seed comes from the OS */
        uint64_t seed;
        gbc_entropy64(&seed);
        gbc_rng_seed(&S.la.rng, seed);
    }
    if (rec != NULL)
        rec->nvars = R->nvars;
    if (known != NULL)
        GBC_CHECK(st, f4_load_basis(&S, known, &unit), done);
    if (run->resume != NULL)
        GBC_CHECK(st, f4_load_handed(&S, run->resume, &unit), done);

    GBC_CHECK(st, f4_take_gens(&S, in, &unit), done);
    if (play != NULL) {
        if (play->nvars != R->nvars) {
            st = GBC_ERR_INTERNAL;
            goto done;
        }
        if (compiled) {
            S.cc_use = play;
            if (play->ncr != play->nrounds + 1 || !f4_cc_gens_match(&S))
                bad = 1;
        } else if (compile != NULL) {
            f4_cc_reset(compile, CC_NONE);
            S.cc_rec = compile;
            GBC_CHECK(st, f4_cc_record_gens(&S), done);
        }
        if (!unit && !bad)
            GBC_CHECK(st, add_gens(&S), done);
        for (size_t r = 0; r < play->nrounds && !unit && !bad; r++) {
            GBC_CHECK(st, gbc_ctx_check(ctx), done);
            GBC_CHECK(st, f4_replay_round(&S, r, &unit, &bad), done);
        }
        if (!bad && (unit != play->unit || (!unit && S.n != play->nbasis)))
            bad = 1;
        if (bad) {
            *unlucky = 1;
            goto done;
        }
        if (!unit && S.n > 0)
            memcpy(S.red, play->red, S.n);
    } else {
        gbc_log(ctx, 1, "F4 over GF(%u), %u variables, %zu generators", R->F.p, R->nvars,
                S.ngens);
        if (run->resume != NULL && !unit)
            gbc_log(ctx, 1,
                    "F4 resumes from %u elements (a Groebner basis up to degree %u, "
                    "homogenised): %zu pairs among them skipped as known (they reduce to "
                    "zero), %zu formed",
                    S.nknown, S.dknown, S.ps.stat_known, S.ps.n);
        gbc_log(ctx, 1, "degree   pairs     rows x cols    density    new   seconds");
        uint64_t nrounds = 0;
        if (!unit)
            GBC_CHECK(st, add_gens(&S), done);
        while (!unit && (S.gnext < S.ngens || S.ps.n > 0)) {
            GBC_CHECK(st, gbc_ctx_check(ctx), done);
            gbc_progress(ctx, "f4", -1.0, nrounds++);
            uint32_t d = S.ps.n > 0 ? pairs_min_deg(&S.ps) : UINT32_MAX;
            if (S.gnext < S.ngens && f4_lead_degree(&S, &S.gens[S.gnext]) < d)
                d = f4_lead_degree(&S, &S.gens[S.gnext]);
            if (hilb != NULL) {
                int complete;
                GBC_CHECK(st, f4_hilb_complete(&S, hilb, d, &complete), done);
                if (complete) {
                    size_t dropped = f4_hilb_drop(&S, d);
                    while (S.gnext < S.ngens && f4_lead_degree(&S, &S.gens[S.gnext]) == d) {
                        S.gnext++;
                        dropped++;
                    }
                    hilb->degrees_skipped++;
                    hilb->pairs_dropped += dropped;
                    gbc_log(ctx, 1, "%6u %7zu   (the Hilbert function is reached: dropped)", d,
                            dropped);
                    continue;
                }
            }
            GBC_CHECK(st, f4_round(&S, d, &unit), done);
            if (hook != NULL && !unit)
                GBC_CHECK(st, f4_run_hook(&S, hook, d, &unit), done);
        }
        if (rec != NULL) {
            rec->unit = unit;
            rec->nbasis = S.n;
            GBC_CHECK(st, GBC_ALLOC(ctx, rec->red, S.n ? S.n : 1), done);
            if (S.n > 0)
                memcpy(rec->red, S.red, S.n);
        }
    }
    if (hilb != NULL && !unit)
        GBC_CHECK(st, f4_hilb_final_check(&S, hilb), done);
    double t1 = gbc_wall_time();
    {
        /* every pair is done and the rounds' lanes are not needed: their memory
         * goes before the output is built beside the basis (the counters stay) */
        pairset done_ps = S.ps;
        pairs_clear(ctx, &S.ps);
        S.ps.stat_created = done_ps.stat_created;
        S.ps.stat_chain = done_ps.stat_chain;
        S.ps.stat_gm = done_ps.stat_gm;
        S.ps.stat_product = done_ps.stat_product;
        S.ps.stat_known = done_ps.stat_known;
        if (keep == NULL) {
            gbc_free(ctx, S.lanes);
            S.lanes = NULL;
            S.lanecap = 0;
        }
    }
    if (unit) {
        GBC_CHECK(st, f4_emit_one(ctx, R, out), done);
        GBC_CHECK(st, f4_sink_last(&S, out), done);
    } else {
        GBC_CHECK(st, f4_final(&S, out), done);
    }
    if (S.cc_bad) {
        bad = 1;
        *unlucky = 1;
        goto done;
    }
    if (S.cc_rec != NULL && !unit && S.cc_rec->ncr == S.cc_rec->nrounds + 1) {
        S.cc_rec->cstate = CC_READY;
        f4_cc_shrink(ctx, S.cc_rec);
    }
    if (stats) {
        stats->t_interreduce += gbc_wall_time() - t1;
        stats->basis_size = out->n + S.nsunk;
        stats->pairs_created += S.ps.stat_created;
        stats->pairs_chain += S.ps.stat_chain;
        stats->pairs_gm += S.ps.stat_gm;
        stats->pairs_product += S.ps.stat_product;
        stats->pairs_known += S.ps.stat_known;
        stats->monomials = S.bht.size;
    }
done:
    if (run->resume != NULL)
        run->resume->known = S.ps.stat_known;
    if (stats) {
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
        stats->la_rows_in += S.la.st.rows_in;
        stats->la_rows_reduced += S.la.st.rows_reduced;
        stats->la_confirmations += S.la.st.confirmations;
        stats->la_blocks += S.la.st.blocks;
        stats->la_fail_bound += S.la.st.fail_bound;
    }
    if (play == NULL && S.kern != NULL)
        gbc_log(ctx, 1,
                "linear algebra: %s kernel, %zu of %zu rows reduced (the exact kernel "
                "reduces all %zu), %zu blocks, %zu confirmations, failure bound %.3g",
                S.kern->name, S.la.st.rows_reduced, S.la.st.rows_in, S.la.st.rows_in,
                S.la.st.blocks, S.la.st.confirmations, S.la.st.fail_bound);
    if (S.cc_rec != NULL && S.cc_rec->cstate != CC_READY)
        f4_cc_reset(S.cc_rec, CC_NONE); /* incomplete: the next replay records anew */
    if (st != GBC_OK || bad)
        plist_clear(ctx, out, &R->F);
    if (S.flat != NULL && S.flat->keep != NULL) {
        /* back to the caller, whatever happened */
        f4_keep *k = S.flat->keep;
        k->arena = S.arena;
        gbc_arena_init(&S.arena, 1 << 20);
        k->dense = S.dense;
        k->pivot = S.pivot;
        k->tcols = S.tcols;
        k->tcf = S.tcf;
        k->densecap = S.densecap;
        k->lanes = S.lanes;
        k->lanecap = S.lanecap;
        S.dense = NULL;
        S.pivot = NULL;
        S.tcols = S.tcf = NULL;
        S.lanes = NULL;
        S.densecap = S.lanecap = 0;
    }
    f4_free(&S);
    gbc_ctx_pool_leave(ctx, own_pool);
    return st;
}


gbc_status f4_groebner_extend(gbc_ctx *ctx, const ring *R, const plist *G, const plist *in,
                              plist *out, gb_stats *stats, const f4_hook *hook)
{
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.known = G, .hook = hook};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

gbc_status f4_groebner_resume(gbc_ctx *ctx, const ring *R, f4_resume *rs, const plist *in,
                              plist *out, gb_stats *stats, int minimal)
{
    gbc_status st = GBC_ERR_INTERNAL;
    rs->known = 0;
    if (R->F.p != 0 && ring_is_graded(R)) {
        f4_run run = {.minimal = minimal, .resume = rs};
        st = f4_core_known(ctx, R, in, out, stats, &run);
    }
    plist_clear(ctx, rs->G, &R->F);
    return st;
}

gbc_status f4_learn(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                    gb_stats *stats, f4_trace *tr)
{
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.rec = tr};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

gbc_status f4_trace_compile(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats, f4_trace *tr, int *unlucky)
{
    *unlucky = 0;
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.play = tr, .compile = tr, .unlucky = unlucky};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

gbc_status f4_apply(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                    gb_stats *stats, const f4_trace *tr, int *unlucky, int *plain)
{
    *unlucky = 0;
    if (plain != NULL)
        *plain = 0;
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.play = tr, .compiled = tr->cstate == CC_READY, .unlucky = unlucky};
    gbc_status st = f4_core_known(ctx, R, in, out, stats, &run);
    if (st == GBC_OK && *unlucky && run.compiled) {
        /* A support differs from the compiled run's (a coefficient vanished modulo
         * this prime or modulo the compiling one): replay plainly. */
        *unlucky = 0;
        if (plain != NULL)
            *plain = 1;
        run.compiled = 0;
        st = f4_core_known(ctx, R, in, out, stats, &run);
    }
    return st;
}

gbc_status f4_replay_plain(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                           gb_stats *stats, const f4_trace *tr, int *unlucky)
{
    *unlucky = 0;
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.play = tr, .unlucky = unlucky};
    return f4_core_known(ctx, R, in, out, stats, &run);
}

gbc_status f4_apply_flat(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                         gb_stats *stats, const f4_trace *tr, int *unlucky, int *plain,
                         f4_flat *fl)
{
    *unlucky = 0;
    *plain = 0;
    fl->state = F4_FLAT_NONE;
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    f4_run run = {.play = tr, .compiled = tr->cstate == CC_READY, .unlucky = unlucky,
                  .flat = fl};
    gbc_status st = f4_core_known(ctx, R, in, out, stats, &run);
    if (st == GBC_OK && *unlucky && run.compiled) {
        /* as f4_apply: a support differs from the compiled run's */
        *unlucky = 0;
        *plain = 1;
        run.compiled = 0;
        run.flat = NULL;
        fl->state = F4_FLAT_NONE;
        st = f4_core_known(ctx, R, in, out, stats, &run);
    }
    return st;
}

gbc_status f4_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                       gb_stats *stats)
{
    return f4_groebner_kind(ctx, R, in, out, stats, 0);
}

gbc_status f4_groebner_kind(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats, int minimal)
{
    if (R->F.p == 0)
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
    if (R->F.p == 0 || !ring_is_graded(R) || sink == NULL)
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
    if (R->F.p == 0)
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
