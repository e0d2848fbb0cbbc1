/* f4/guided: the learning run guided by another engine's rows (f4_learn_guided):
 * its rounds rebuild the guide's rows instead of selecting pairs, and are recorded
 * as the driver's rounds are, so that the trace applies as any other. */
#include "f4/f4_int.h"

#include "common/pool.h"

/* h (monic, nonzero, not constant, monomials in bht) joins the basis as f4_add
 * adds it, without pairs (the guide gives the rows); takes ownership of h. */
static gbc_status gd_add(f4_state *S, poly *h)
{
    int strict;
    return f4_add_element(S, h, &strict);
}

/* The sparsest element (the oldest of those) whose lead divides e, other than
 * skip; UINT32_MAX when none. */
typedef struct gd_other {
    const f4_state *S;
    uint32_t skip, best, len;
} gd_other;

static int gd_visit_other(void *data, uint32_t val, const uint32_t *exps)
{
    gd_other *b = data;
    (void)exps;
    if (val == b->skip)
        return 0;
    uint32_t len = b->S->g[val].len;
    if (len < b->len || (len == b->len && val < b->best)) {
        b->best = val;
        b->len = len;
    }
    return 0;
}

static uint32_t gd_other_divisor(const f4_state *S, const uint32_t *e, uint32_t skip)
{
    gd_other b = {S, skip, UINT32_MAX, UINT32_MAX};
    dl_for_each_divisor(&S->dl, e, mono_divmask_of(&S->par.dm, e), gd_visit_other, &b);
    return b.best;
}

/* Set S->mexps to e / lm(element r); returns the multiplier's hash and degree. */
static void gd_multiplier(f4_state *S, const uint32_t *e, uint32_t r, uint32_t *mh,
                          uint32_t *md)
{
    const uint32_t n = S->R->nvars;
    const uint32_t *el = mht_exps(&S->bht, S->lm[r]);
    *md = 0;
    for (uint32_t v = 0; v < n; v++) {
        S->mexps[v] = e[v] - el[v];
        *md += S->mexps[v];
    }
    *mh = mht_hash_exps(S->par.rnd, S->mexps, n);
}

/* Scratch of a guided run. */
typedef struct gd_run {
    const f4_guide *gd;
    uint32_t *emap;  /* guide element -> basis element with its lead, or UINT32_MAX */
    uint32_t *tg;    /* row to reduce -> its guide element */
    size_t tgcap;
    uint32_t *ue;    /* nvars: a row's lead */
    size_t skipped;  /* guide rows with no second element at their lead */
    size_t rows;     /* guide rows built */
    size_t missed;   /* guide elements whose lead was not reached in their round */
    size_t repairs;  /* rounds repeated with every divisor's row */
    int all;         /* this round takes every divisor's row (a repair) */
    uint32_t *div;   /* scratch: divisors */
    size_t ndiv, divcap;
} gd_run;

/* The elements other than skip whose leads divide e, into G->div. */
typedef struct gd_divs {
    gd_run *G;
    gbc_ctx *ctx;
    uint32_t skip;
    gbc_status st;
} gd_divs;

static int gd_visit_divs(void *data, uint32_t val, const uint32_t *exps)
{
    gd_divs *d = data;
    gd_run *G = d->G;
    (void)exps;
    if (val == d->skip)
        return 0;
    if ((d->st = GBC_GROW(d->ctx, G->div, G->divcap, G->ndiv + 1)) != GBC_OK)
        return 1;
    G->div[G->ndiv++] = val;
    return 0;
}

static gbc_status gd_divisors(f4_state *S, gd_run *G, const uint32_t *e, uint32_t skip)
{
    gd_divs d = {G, S->ctx, skip, GBC_OK};
    dl_for_each_divisor(&S->dl, e, mono_divmask_of(&S->par.dm, e), gd_visit_divs, &d);
    return d.st;
}

/* The row to reduce for guide element k: mul times the multiple of element e
 * whose lead is mul * lead (lm(e) divides lead), with a pivot at that lead from
 * another element; nothing when no other element has a lead dividing it (the
 * multiple would be its own reducer). */
static gbc_status gd_row(f4_state *S, gd_run *G, size_t k, uint32_t e, const uint32_t *mul,
                         const uint32_t *lead)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->R->nvars;
    for (uint32_t v = 0; v < n; v++)
        G->ue[v] = mul[v] + lead[v];
    uint32_t r = gd_other_divisor(S, G->ue, e);
    if (r == UINT32_MAX) {
        G->skipped++;
        return GBC_OK;
    }
    uint32_t mh, md;
    la_row *row;
    gd_multiplier(S, G->ue, e, &mh, &md);
    GBC_TRY(f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
    GBC_TRY(f4_make_row(S, mh, md, &S->g[e], e, row));
    GBC_TRY(GBC_GROW(ctx, G->tg, G->tgcap, S->ntbr));
    G->tg[S->ntbr - 1] = (uint32_t)k;
    G->rows++;
    uint32_t u = row->cols[0];
    if (G->all) {
        /* the repair of a round: every other element whose lead divides u gives a
         * row to reduce too (F4's rows for all the pairs at u) */
        G->ndiv = 0;
        GBC_TRY(gd_divisors(S, G, G->ue, e));
        for (size_t i = 0; i < G->ndiv; i++) {
            if (G->div[i] == r && S->sht.row[u].aux != MARK_PIVOT)
                continue; /* the pivot, below */
            gd_multiplier(S, G->ue, G->div[i], &mh, &md);
            GBC_TRY(f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, &S->g[G->div[i]], G->div[i], row));
            GBC_TRY(GBC_GROW(ctx, G->tg, G->tgcap, S->ntbr));
            G->tg[S->ntbr - 1] = (uint32_t)k;
        }
    }
    if (S->sht.row[u].aux == MARK_PIVOT)
        return GBC_OK;
    gd_multiplier(S, G->ue, r, &mh, &md);
    GBC_TRY(f4_push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
    GBC_TRY(f4_make_row(S, mh, md, &S->g[r], r, row));
    GBC_ASSERT(row->cols[0] == u);
    S->sht.row[u].aux = MARK_PIVOT;
    return GBC_OK;
}

/* The round of guide elements a .. b-1 (one degree): each guide row rebuilt (to
 * reduce), a pivot at its lead from another element, symbolic preprocessing,
 * F4's reduction, recorded as f4_round records; the new elements join the basis.
 * *unit when one is a constant. */
static gbc_status gd_round(f4_state *S, gd_run *G, size_t a, size_t b, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    const f4_guide *gd = G->gd;
    const uint32_t n = S->R->nvars;
    double t0 = gbc_wall_time();
    S->npiv = S->ntbr = 0;
    gbc_arena_reset(&S->arena);
    mht_reset(&S->sht);
    for (size_t k = a; k < b; k++) {
        uint32_t src = gd->src[k];
        const uint32_t *mul = gd->mul + k * n;
        if (src & GEN_FLAG) {
            uint32_t e = src & ~GEN_FLAG;
            if (e >= S->ngens)
                return GBC_ERR_INTERNAL;
            /* generator e is element e */
            GBC_TRY(gd_row(S, G, k, e, mul, mht_exps(&S->bht, S->lm[e])));
            continue;
        }
        if (src >= a)
            return GBC_ERR_INTERNAL; /* rows multiply elements of earlier rounds */
        const uint32_t *lead = gd->lead + (size_t)src * n;
        uint32_t e = G->emap[src];
        const uint32_t *el = e != UINT32_MAX ? mht_exps(&S->bht, S->lm[e]) : NULL;
        if (el != NULL && memcmp(el, lead, sizeof(uint32_t) * n) == 0) {
            GBC_TRY(gd_row(S, G, k, e, mul, lead));
            continue;
        }
        /* the source's row gave no element here, or one with a smaller lead (it
         * reduced further): the multiple with the source's lead of an element
         * whose lead divides it, and the multiple of the smaller one */
        uint32_t d = dl_find_divisor(&S->dl, lead, mono_divmask_of(&S->par.dm, lead));
        if (d != UINT32_MAX)
            GBC_TRY(gd_row(S, G, k, d, mul, lead));
        else
            G->skipped++;
        if (el != NULL)
            GBC_TRY(gd_row(S, G, k, e, mul, el));
    }
    if (S->ntbr == 0)
        return GBC_OK;
    GBC_TRY(f4_symbolic(S));
    size_t nnew, nnz;
    GBC_TRY(f4_reduce_round(S, t0, S->ntbr, &nnew, &nnz));
    size_t nrows = S->npiv + S->ntbr;
    /* the trace, as f4_round records it */
    GBC_TRY(f4_record_round(S, gd->deg[a], nnew));
    size_t same = 0;
    for (size_t i = 0; i < nnew; i++) {
        poly h;
        GBC_TRY(gbc_ctx_check(ctx));
        uint32_t k = G->tg[S->newrows[i].tag];
        GBC_TRY(f4_row_to_poly(S, &S->newrows[i], &h));
        if (S->bht.row[h.mon[0]].deg == 0) {
            poly_clear(ctx, &h, S->F);
            *unit = 1;
            return GBC_OK;
        }
        int is_same = memcmp(mht_exps(&S->bht, h.mon[0]), gd->lead + (size_t)k * n,
                             sizeof(uint32_t) * n) == 0;
        uint32_t idx = (uint32_t)S->n;
        gbc_status st = gd_add(S, &h);
        poly_clear(ctx, &h, S->F);
        GBC_TRY(st);
        if (G->emap[k] == UINT32_MAX || is_same)
            G->emap[k] = idx; /* one with the guide's lead if there is one */
        same += is_same;
    }
    /* the guide's elements of the round whose lead no element here divides */
    size_t miss = 0;
    for (size_t k = a; k < b; k++) {
        const uint32_t *e = gd->lead + k * n;
        miss += dl_find_divisor(&S->dl, e, mono_divmask_of(&S->par.dm, e)) == UINT32_MAX;
    }
    G->missed += miss;
    gbc_log(ctx, 1, "%6u %7zu %8zu x %-8u %6.2f%% %6zu %9.3f %7zu %7zu", gd->deg[a], b - a,
            nrows, S->sht.size,
            nrows && S->sht.size ? 100.0 * (double)nnz / ((double)nrows * S->sht.size) : 0.0,
            nnew, gbc_wall_time() - t0, same, miss);
    return GBC_OK;
}

/* Whether element i is the one the divisor lookup holds for its lead. */
typedef struct gd_self {
    uint32_t i;
    int found;
} gd_self;

static int gd_visit_self(void *data, uint32_t val, const uint32_t *exps)
{
    gd_self *s = data;
    (void)exps;
    if (val == s->i) {
        s->found = 1;
        return 1;
    }
    return 0;
}

/* The generators of in as F4 takes them join the basis of the fresh state S as
 * the first elements, as a replay takes them (f4.c add_gens): *failed when that
 * is not how F4 takes them or the guide's generators have other leads. Then the
 * scratch of G for the guide's elements. */
static gbc_status gd_start(f4_state *S, gd_run *G, const plist *in, int *failed)
{
    gbc_ctx *ctx = S->ctx;
    const f4_guide *gd = G->gd;
    const uint32_t n = S->R->nvars;
    int unit = 0;
    /* the generators as F4 takes them: monic, zeros dropped, stably by lead degree */
    GBC_TRY(f4_take_gens(S, in, &unit));
    /* the replay takes the generators as the first elements (f4.c add_gens): the
     * guide's generators must be these */
    if (unit || S->ngens > F4_DIRECT_GENS_MAX || ctx->plan->f4_gens_as_rows || S->ngens != gd->ngens) {
        *failed = 1;
        return GBC_OK;
    }
    for (size_t i = 0; i < S->ngens; i++)
        if (n > 0 && memcmp(mht_exps(&S->bht, S->gens[i].mon[0]), gd->genlead + i * n,
                            sizeof(uint32_t) * n) != 0) {
            *failed = 1;
            return GBC_OK;
        }
    for (size_t i = 0; i < S->ngens; i++)
        GBC_TRY(gd_add(S, &S->gens[i]));
    S->gnext = S->ngens;
    GBC_TRY(GBC_ALLOC(ctx, G->emap, gd->n ? gd->n : 1));
    GBC_TRY(GBC_ALLOC(ctx, G->ue, n ? n : 1));
    for (size_t k = 0; k < gd->n; k++)
        G->emap[k] = UINT32_MAX;
    return GBC_OK;
}

/* The guide's rounds, one degree each (gd_round), each repeated once with every
 * divisor's row when it misses a lead of the guide; *unit when a constant appears. */
static gbc_status gd_rounds(f4_state *S, gd_run *G, int *unit)
{
    const f4_guide *gd = G->gd;
    for (size_t a = 0; a < gd->n && !*unit;) {
        size_t b = a;
        while (b < gd->n && gd->deg[b] == gd->deg[a])
            b++;
        GBC_TRY(gbc_ctx_check(S->ctx));
        size_t missed = G->missed;
        G->all = 0;
        GBC_TRY(gd_round(S, G, a, b, unit));
        if (G->missed > missed && !*unit) {
            /* leads of the guide not reached: the round again, with the rows of
             * every element whose lead divides a guide row's (the elements the
             * round gave take part now) */
            G->missed = missed;
            G->all = 1;
            G->repairs++;
            GBC_TRY(gd_round(S, G, a, b, unit));
        }
        a = b;
    }
    return GBC_OK;
}

/* After the rounds: *failed unless every leading monomial of the guide's basis is
 * divisible by one of this basis (whose elements are in the ideal: it is then a
 * Groebner basis); else the redundancy marks (every element the divisor lookup
 * does not hold: a lead that is a multiple of another's, or equal to a later
 * one's) and the end of the trace tr. */
static gbc_status gd_finish(f4_state *S, gd_run *G, f4_trace *tr, int *failed)
{
    const f4_guide *gd = G->gd;
    const uint32_t n = S->R->nvars;
    size_t missing = 0;
    for (size_t k = 0; k < gd->nmin; k++) {
        const uint32_t *e = gd->minlead + k * n;
        if (dl_find_divisor(&S->dl, e, mono_divmask_of(&S->par.dm, e)) == UINT32_MAX)
            missing++;
    }
    gbc_log(S->ctx, 1,
            "F4 guided: %zu elements, %zu guide rows built, %zu without a second element at "
            "their lead, %zu rounds repaired; %zu of the guide's %zu leading monomials not "
            "reached",
            S->n, G->rows, G->skipped, G->repairs, missing, gd->nmin);
    if (missing > 0) {
        *failed = 1;
        return GBC_OK;
    }
    for (size_t i = 0; i < S->n; i++) {
        gd_self sv = {(uint32_t)i, 0};
        const uint32_t lm = S->lm[i];
        dl_for_each_divisor(&S->dl, mht_exps(&S->bht, lm), S->bht.row[lm].divmask,
                            gd_visit_self, &sv);
        S->red[i] = (uint8_t)!sv.found;
    }
    tr->unit = 0;
    tr->nbasis = S->n;
    GBC_TRY(GBC_ALLOC(S->ctx, tr->red, S->n ? S->n : 1));
    if (S->n > 0)
        memcpy(tr->red, S->red, S->n);
    return GBC_OK;
}

gbc_status f4_learn_guided(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                           gb_stats *stats, f4_trace *tr, const f4_guide *gd, int *failed)
{
    *failed = 0;
    if (!f4_ring_direct(R) || gd->nvars != R->nvars)
        return GBC_ERR_INTERNAL;
    double t0 = gbc_wall_time();
    f4_state S;
    gd_run G;
    memset(&G, 0, sizeof G);
    G.gd = gd;
    gbc_status st;
    int unit = 0;
    int own_pool = gbc_ctx_pool_enter(ctx);
    GBC_CHECK(st, f4_setup(&S, ctx, R, stats), done);
    S.rec = tr;
    tr->nvars = R->nvars;
    f4_set_kernel(&S, la_kernel_select(ctx->plan->la_mode, S.F, 1));
    GBC_CHECK(st, gd_start(&S, &G, in, failed), done);
    if (*failed)
        goto done;
    gbc_log(ctx, 1, "F4 guided by %zu rows over GF(%u), %u variables, %zu generators", gd->n,
            R->F.p, R->nvars, S.ngens);
    gbc_log(ctx, 1, "degree   guide     rows x cols    density    new   seconds    same  missed");
    GBC_CHECK(st, gd_rounds(&S, &G, &unit), done);
    if (unit) {
        *failed = 1;
        goto done;
    }
    GBC_CHECK(st, gd_finish(&S, &G, tr, failed), done);
    if (*failed)
        goto done;
    gbc_free(ctx, S.lanes);
    S.lanes = NULL;
    S.lanecap = 0;
    double t1 = gbc_wall_time();
    GBC_CHECK(st, f4_final(&S, out), done);
    if (stats) {
        stats->t_interreduce += gbc_wall_time() - t1;
        stats->basis_size = out->n;
        stats->monomials = S.bht.size;
    }
done:
    if (stats) {
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
    }
    if (st != GBC_OK || *failed)
        plist_clear(ctx, out, &R->F);
    gbc_free(ctx, G.emap);
    gbc_free(ctx, G.div);
    gbc_free(ctx, G.tg);
    gbc_free(ctx, G.ue);
    f4_free(&S);
    gbc_ctx_pool_leave(ctx, own_pool);
    return st;
}
