/* buchberger: the main loop (sugar strategy), then interreduction. Generators enter
 * the loop as if they were pairs of their own degree, so they are reduced against
 * what is already known before they join the basis. */
#include "buchberger/buchberger.h"

#include "buchberger/reduce.h"
#include "common/sort.h"
#include "pairs/pairs.h"

#define BB_HASH_SEED 0x5eed6b62c0ffee11ULL

typedef struct bb_state {
    gbc_ctx *ctx;
    const field *F;
    mht_params par;
    mht t;
    poly *g;
    uint32_t *lm;
    uint32_t *sugar;
    uint8_t *red;
    size_t n, cap; /* cap counts the capacity of every per-element array */
    divlookup dl;
    pairset ps;
    bb_red rd;
    int minimal; /* bb_interreduce: a minimal basis, tails left alone */
} bb_state;

static void bb_free(bb_state *S)
{
    gbc_ctx *ctx = S->ctx;
    for (size_t i = 0; i < S->n; i++)
        poly_clear(ctx, &S->g[i], S->F);
    gbc_free(ctx, S->g);
    gbc_free(ctx, S->lm);
    gbc_free(ctx, S->sugar);
    gbc_free(ctx, S->red);
    dl_clear(ctx, &S->dl);
    pairs_clear(ctx, &S->ps);
    bb_red_clear(ctx, &S->rd);
    mht_clear(ctx, &S->t);
    mht_params_clear(ctx, &S->par);
}

static gbc_status bb_reserve(bb_state *S)
{
    if (S->n < S->cap)
        return GBC_OK;
    size_t ncap = S->cap ? 2 * S->cap : 32;
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_RESIZE(ctx, S->g, ncap));
    GBC_TRY(GBC_RESIZE(ctx, S->lm, ncap));
    GBC_TRY(GBC_RESIZE(ctx, S->sugar, ncap));
    GBC_TRY(GBC_RESIZE(ctx, S->red, ncap));
    S->cap = ncap;
    return GBC_OK;
}

/* Add h (normalised, nonzero, non-constant) to the basis; takes ownership. */
static gbc_status bb_add(bb_state *S, poly *h, uint32_t sugar)
{
    GBC_TRY(bb_reserve(S));
    size_t k = S->n;
    S->g[k] = *h;
    poly_init(h);
    S->lm[k] = S->g[k].mon[0];
    S->sugar[k] = sugar;
    S->red[k] = 0;
    S->n++;
    const mht *t = &S->t;
    uint32_t lm = S->lm[k];
    dl_remove_multiples(&S->dl, mht_exps(t, lm), t->row[lm].divmask, NULL, NULL);
    GBC_TRY(dl_insert(S->ctx, &S->dl, mht_exps(t, lm), t->row[lm].divmask, (uint32_t)k));
    pairs_basis B = {&S->t, S->lm, S->red, S->sugar, (uint32_t)S->n, NULL, NULL, 0, 0, 0, 0};
    return pairs_update(S->ctx, &S->ps, &B);
}

/* Normal form of the S-polynomial of pair p into *h. */
static gbc_status bb_spoly_nf(bb_state *S, const spair *p, poly *h)
{
    gbc_ctx *ctx = S->ctx;
    const poly *gi = &S->g[p->i], *gj = &S->g[p->j];
    uint32_t ui, uj;
    GBC_TRY(mht_insert_div(ctx, &S->t, &S->t, p->lcm, S->lm[p->i], &ui));
    GBC_TRY(mht_insert_div(ctx, &S->t, &S->t, p->lcm, S->lm[p->j], &uj));
    bb_red_begin(&S->rd);
    /* S = ci ui gi + cj uj gj with poly/coef.h's multipliers: the leads cancel */
    GBC_TRY(bb_red_add_spair(ctx, &S->rd, gi, ui, gj, uj));
    bb_reducers G = {S->g, &S->dl};
    GBC_TRY(bb_red_run(ctx, &S->rd, &G, 1));
    return bb_red_take(ctx, &S->rd, h);
}

static gbc_status bb_poly_nf(bb_state *S, const poly *f, poly *h)
{
    bb_red_begin(&S->rd);
    mpz_t one;
    mpz_init_set_ui(one, 1);
    gbc_status st = bb_red_add(S->ctx, &S->rd, f, 0, UINT32_MAX, 1, one);
    mpz_clear(one);
    GBC_TRY(st);
    bb_reducers G = {S->g, &S->dl};
    GBC_TRY(bb_red_run(S->ctx, &S->rd, &G, 1));
    return bb_red_take(S->ctx, &S->rd, h);
}

/* A generator or basis element as sort_by_lead orders it. */
typedef struct lead_rec {
    uint32_t deg;  /* total degree when sorting by degree first, else 0 */
    uint32_t lm;   /* leading monomial */
    uint32_t idx;  /* the element */
    uint32_t pad_;
} lead_rec;

static int lead_cmp(const void *pa, const void *pb, void *arg)
{
    const lead_rec *a = pa, *b = pb;
    if (a->deg != b->deg)
        return a->deg < b->deg ? -1 : 1;
    return mht_cmp(arg, a->lm, b->lm);
}

/* Sort idx[0..n) (indices of non-zero polys of f) stably by increasing leading
 * monomial, or by total degree and then leading monomial when by_deg. On an error
 * (allocation, interrupt) idx is a permutation of its input. */
static gbc_status sort_by_lead(gbc_ctx *ctx, uint32_t *idx, size_t n, const poly *f,
                               const mht *t, int by_deg)
{
    if (n < 2)
        return GBC_OK;
    lead_rec *r;
    GBC_TRY(GBC_ALLOC(ctx, r, n));
    for (size_t i = 0; i < n; i++) {
        r[i].deg = by_deg ? poly_degree(&f[idx[i]], t) : 0;
        r[i].lm = f[idx[i]].mon[0];
        r[i].idx = idx[i];
        r[i].pad_ = 0;
    }
    gbc_status st = gbc_sort_cmp(ctx, r, n, sizeof *r, lead_cmp, (void *)t);
    for (size_t i = 0; i < n; i++)
        idx[i] = r[i].idx;
    gbc_free(ctx, r);
    return st;
}

/* Emit the unit ideal. */
static gbc_status emit_one(gbc_ctx *ctx, const ring *R, plist *out)
{
    ppoly *p;
    GBC_TRY(plist_push(ctx, out, 1, R->nvars, &R->F, &p));
    memset(p->exps, 0, sizeof(uint32_t) * R->nvars);
    ppoly_set_one(p, 0, &R->F);
    return GBC_OK;
}

static int is_constant(const poly *f, const mht *t)
{
    return f->len > 0 && t->row[f->mon[0]].deg == 0;
}

/* The final basis: minimal leads (non-redundant), tails fully reduced (unless
 * S->minimal), monic, sorted. */
static gbc_status bb_interreduce(bb_state *S, const ring *R, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    uint32_t *idx;
    GBC_TRY(GBC_ALLOC(ctx, idx, S->n ? S->n : 1));
    size_t m = 0;
    for (size_t i = 0; i < S->n; i++)
        if (!S->red[i])
            idx[m++] = (uint32_t)i;
    gbc_status st = sort_by_lead(ctx, idx, m, S->g, &S->t, 0);
    if (st != GBC_OK) {
        gbc_free(ctx, idx);
        return st;
    }
    bb_reducers G = {S->g, &S->dl};
    for (size_t k = 0; k < m; k++) {
        const poly *f = &S->g[idx[k]];
        if (S->minimal) {
            st = plist_push_poly(ctx, out, f, &S->t, &R->F, 1);
            if (st != GBC_OK)
                break;
            continue;
        }
        GBC_CHECK(st, gbc_ctx_check(ctx), stop);
        gbc_progress(ctx, "interreduce", (double)(k + 1) / (double)m, k + 1);
        poly h;
        poly_init(&h);
        bb_red_begin(&S->rd);
        mpz_t one;
        mpz_init_set_ui(one, 1);
        /* the leading monomial is reducible only by f itself: emit it as is */
        st = bb_red_emit_lead(ctx, &S->rd, f);
        if (st == GBC_OK)
            st = bb_red_add(ctx, &S->rd, f, 1, UINT32_MAX, 1, one);
        mpz_clear(one);
        if (st == GBC_OK)
            st = bb_red_run(ctx, &S->rd, &G, 1);
        if (st == GBC_OK)
            st = bb_red_take(ctx, &S->rd, &h);
        if (st == GBC_OK) {
            poly_normalize_lc(&h, S->F);
            st = plist_push_poly(ctx, out, &h, &S->t, &R->F, 1);
        }
        poly_clear(ctx, &h, S->F);
        if (st != GBC_OK)
            break;
    }
stop:
    gbc_free(ctx, idx);
    return st;
}

/* Set up the tables of a state for ring R. */
static gbc_status bb_setup(bb_state *S, gbc_ctx *ctx, const ring *R)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->F = &R->F;
    pairs_init(&S->ps);
    GBC_TRY(mht_params_init(ctx, &S->par, &R->ord, BB_HASH_SEED));
    GBC_TRY(mht_init(ctx, &S->t, &S->par, 12));
    GBC_TRY(dl_init(ctx, &S->dl, DL_LIST, R->nvars, &S->par.dm));
    return bb_red_init(ctx, &S->rd, &S->t, S->F);
}

/* The reduced (minimal != 0: a minimal) basis of G, which must already be a
 * Groebner basis (not minimal, not reduced) in ring R. */
static gbc_status bb_reduce_basis_kind(gbc_ctx *ctx, const ring *R, const plist *G,
                                       plist *out, int minimal)
{
    bb_state S;
    gbc_status st;
    int unit = 0;
    GBC_CHECK(st, bb_setup(&S, ctx, R), done);
    S.minimal = minimal;
    for (size_t i = 0; i < G->n; i++) {
        GBC_CHECK(st, bb_reserve(&S), done);
        poly_init(&S.g[S.n]);
        GBC_CHECK(st, poly_from_plain(ctx, &S.g[S.n], &G->p[i], &S.t, S.F), done);
        if (S.g[S.n].len == 0) {
            poly_clear(ctx, &S.g[S.n], S.F);
            continue;
        }
        poly_normalize_lc(&S.g[S.n], S.F);
        if (is_constant(&S.g[S.n], &S.t))
            unit = 1;
        S.lm[S.n] = S.g[S.n].mon[0];
        S.sugar[S.n] = 0;
        S.red[S.n] = 0;
        S.n++;
    }
    if (unit) {
        st = emit_one(ctx, R, out);
        goto done;
    }
    /* Minimal leads: by increasing lead, an element is redundant when an earlier
     * (smaller) lead divides its own. */
    uint32_t *idx;
    GBC_CHECK(st, GBC_ALLOC(ctx, idx, S.n ? S.n : 1), done);
    for (size_t i = 0; i < S.n; i++)
        idx[i] = (uint32_t)i;
    st = sort_by_lead(ctx, idx, S.n, S.g, &S.t, 0);
    for (size_t k = 0; k < S.n && st == GBC_OK; k++) {
        uint32_t i = idx[k], lm = S.lm[i];
        if (dl_find_divisor(&S.dl, mht_exps(&S.t, lm), S.t.row[lm].divmask) != UINT32_MAX)
            S.red[i] = 1;
        else
            st = dl_insert(ctx, &S.dl, mht_exps(&S.t, lm), S.t.row[lm].divmask, i);
    }
    gbc_free(ctx, idx);
    if (st == GBC_OK)
        st = bb_interreduce(&S, R, out);
done:
    bb_free(&S);
    return st;
}

gbc_status bb_reduce_basis(gbc_ctx *ctx, const ring *R, const plist *G, plist *out)
{
    return bb_reduce_basis_kind(ctx, R, G, out, 0);
}

/* The generators of in as the main loop takes them: converted into S's table,
 * normalised, zeros dropped, in (*gens)[0..*ngens), and in *order their indices by
 * degree, then leading monomial; *unit set when one is a constant. *gens and
 * *order (NULL on entry) are the caller's to free, with the *ngens polynomials,
 * on failure too. */
static gbc_status bb_load_gens(bb_state *S, const plist *in, poly **gens, uint32_t **order,
                               size_t *ngens, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_ZALLOC(ctx, *gens, in->n ? in->n : 1));
    GBC_TRY(GBC_ALLOC(ctx, *order, in->n ? in->n : 1));
    poly *g = *gens;
    for (size_t i = 0; i < in->n; i++) {
        size_t k = *ngens;
        GBC_TRY(poly_from_plain(ctx, &g[k], &in->p[i], &S->t, S->F));
        if (g[k].len == 0) {
            poly_clear(ctx, &g[k], S->F);
            continue;
        }
        poly_normalize_lc(&g[k], S->F);
        if (is_constant(&g[k], &S->t))
            *unit = 1;
        (*order)[k] = (uint32_t)k;
        (*ngens)++;
    }
    return sort_by_lead(ctx, *order, *ngens, g, &S->t, 1);
}

/* The next normal form of the main loop into *h with its sugar: the next
 * generator (gens[order[*next]]) when no pair has a smaller weight, else the
 * smallest pair's S-polynomial. */
static gbc_status bb_next_nf(bb_state *S, const poly *gens, const uint32_t *order,
                             size_t ngens, size_t *next, poly *h, uint32_t *sugar)
{
    int take_gen = 0;
    if (*next < ngens) {
        if (S->ps.n == 0) {
            take_gen = 1;
        } else {
            const poly *f = &gens[order[*next]];
            uint32_t df = poly_degree(f, &S->t);
            uint32_t dp = pairs_min_deg(&S->ps);
            take_gen = df <= dp;
        }
    }
    if (take_gen) {
        const poly *f = &gens[order[(*next)++]];
        *sugar = poly_degree(f, &S->t);
        return bb_poly_nf(S, f, h);
    }
    spair p;
    pairs_pop_min(&S->ps, &S->t, &p);
    *sugar = p.deg;
    return bb_spoly_nf(S, &p, h);
}

/* The main loop (sugar strategy): the generators and the pairs in order of
 * weight, each nonzero normal form normalised and added to the basis, until both
 * are used up or a normal form is a constant (*unit). */
static gbc_status bb_main_loop(bb_state *S, const poly *gens, const uint32_t *order,
                               size_t ngens, gb_stats *stats, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    size_t next = 0;
    uint64_t nreduced = 0;
    while (!*unit && (next < ngens || S->ps.n > 0)) {
        GBC_TRY(gbc_ctx_check(ctx));
        gbc_progress(ctx, "buchberger", -1.0, nreduced++);
        poly h;
        poly_init(&h);
        uint32_t sugar;
        GBC_TRY(bb_next_nf(S, gens, order, ngens, &next, &h, &sugar));
        if (stats)
            stats->pairs_reduced++;
        if (h.len == 0) {
            poly_clear(ctx, &h, S->F);
            if (stats)
                stats->zero_reductions++;
            continue;
        }
        poly_normalize_lc(&h, S->F);
        if (is_constant(&h, &S->t)) {
            poly_clear(ctx, &h, S->F);
            *unit = 1;
            break;
        }
        gbc_log(ctx, 2, "buchberger: new element %zu, degree %u, sugar %u, %u terms, %zu pairs",
                S->n, S->t.row[h.mon[0]].deg, sugar, h.len, S->ps.n);
        gbc_status st = bb_add(S, &h, sugar);
        poly_clear(ctx, &h, S->F);
        GBC_TRY(st);
    }
    return GBC_OK;
}

/* The run's counters into stats (which may be NULL) once the basis is out. */
static void bb_add_stats(const bb_state *S, const plist *out, gb_stats *stats)
{
    if (stats == NULL)
        return;
    stats->basis_size = out->n;
    stats->pairs_created += S->ps.stat_created;
    stats->pairs_chain += S->ps.stat_chain;
    stats->pairs_gm += S->ps.stat_gm;
    stats->pairs_product += S->ps.stat_product;
    stats->monomials = S->t.size;
}

/* Buchberger with the sugar strategy in R's order, on the ideal as given. Any order
 * is correct; in one that is not degree-compatible degrees can run away, which a
 * budget (0: none; GBC_ERR_UNSUPPORTED when spent) bounds: bb_groebner_direct. */
static gbc_status bb_core(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                          gb_stats *stats, int minimal, uint64_t budget)
{
    double t0 = gbc_wall_time();
    bb_state S;
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    S.F = &R->F;
    pairs_init(&S.ps);
    poly *gens = NULL;
    uint32_t *order = NULL;
    size_t ngens = 0;
    int unit = 0;
    gbc_status st;
    GBC_CHECK(st, bb_setup(&S, ctx, R), done);
    S.minimal = minimal;
    S.rd.budget = budget;
    GBC_CHECK(st, bb_load_gens(&S, in, &gens, &order, &ngens, &unit), done);
    GBC_CHECK(st, bb_main_loop(&S, gens, order, ngens, stats, &unit), done);
    double t1 = gbc_wall_time();
    if (unit)
        GBC_CHECK(st, emit_one(ctx, R, out), done);
    else
        GBC_CHECK(st, bb_interreduce(&S, R, out), done);
    if (stats)
        stats->t_interreduce += gbc_wall_time() - t1;
    bb_add_stats(&S, out, stats);
    gbc_log(ctx, 1, "buchberger: %zu elements in the reduced basis, %zu reduction steps",
            out->n, S.rd.steps);
done:
    if (stats) {
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
    }
    if (st != GBC_OK)
        plist_clear(ctx, out, S.F);
    for (size_t i = 0; i < ngens; i++)
        poly_clear(ctx, &gens[i], S.F);
    gbc_free(ctx, gens);
    gbc_free(ctx, order);
    bb_free(&S);
    return st;
}

gbc_status bb_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                       gb_stats *stats)
{
    return bb_groebner_kind(ctx, R, in, out, stats, 0);
}

uint64_t bb_direct_budget(const ring *R, const plist *in)
{
    uint64_t w = 0;
    for (size_t k = 0; k < in->n; k++) {
        const ppoly *f = &in->p[k];
        uint64_t d = 0;
        for (size_t j = 0; j < f->len; j++) {
            uint64_t dj = 0;
            for (uint32_t v = 0; v < R->nvars; v++)
                dj += f->exps[j * R->nvars + v];
            d = dj > d ? dj : d;
        }
        w += (d + 1) * (uint64_t)f->len;
        if (w >= BB_DIRECT_BUDGET_MAX)
            return BB_DIRECT_BUDGET_MAX;
    }
    w *= 8;
    if (w < BB_DIRECT_BUDGET_MIN)
        return BB_DIRECT_BUDGET_MIN;
    return w < BB_DIRECT_BUDGET_MAX ? w : BB_DIRECT_BUDGET_MAX;
}

int bb_direct_worth_trying(const ring *R, const plist *in)
{
    for (size_t k = 0; k < in->n; k++) {
        const ppoly *f = &in->p[k];
        for (size_t j = 0; j < f->len; j++) {
            uint64_t d = 0;
            for (uint32_t v = 0; v < R->nvars; v++)
                d += f->exps[j * R->nvars + v];
            if (d >= BB_DIRECT_MIN_DEGREE)
                return 1;
        }
    }
    return 0;
}

int bb_direct_gave_up(gbc_status st)
{
    return st == GBC_ERR_UNSUPPORTED || st == GBC_ERR_OVERFLOW || st == GBC_ERR_LIMIT ||
           st == GBC_ERR_NOMEM;
}

gbc_status bb_groebner_direct(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                              gb_stats *stats, int minimal, uint64_t budget)
{
    gb_stats local;
    memset(&local, 0, sizeof local);
    const size_t mem0 = ctx->mem_used;
    gbc_status st = bb_core(ctx, R, in, out, &local, minimal, budget);
    if (st == GBC_OK && stats) {
        stats->seconds += local.seconds;
        stats->t_interreduce += local.t_interreduce;
        stats->pairs_reduced += local.pairs_reduced;
        stats->zero_reductions += local.zero_reductions;
        stats->pairs_created += local.pairs_created;
        stats->pairs_chain += local.pairs_chain;
        stats->pairs_gm += local.pairs_gm;
        stats->pairs_product += local.pairs_product;
        stats->basis_size = local.basis_size;
        stats->monomials = local.monomials;
        stats->peak_bytes = ctx->mem_peak;
    }
    if (st != GBC_OK && bb_direct_gave_up(st))
        gbc_log(ctx, 1, "buchberger: the order itself gave up (%s) after %.3f s, %.0f MB "
                "above the start",
                st == GBC_ERR_UNSUPPORTED ? "its budget of term operations is spent"
                : st == GBC_ERR_OVERFLOW  ? "a degree passed 32 bits"
                                          : "out of memory",
                local.seconds, (double)(ctx->mem_peak > mem0 ? ctx->mem_peak - mem0 : 0) / 1e6);
    return st;
}

gbc_status bb_groebner_kind(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats, int minimal)
{
    if (ring_is_graded(R))
        return bb_core(ctx, R, in, out, stats, minimal, 0);
    /* Orders that are not degree-compatible (lex, elimination blocks, weights):
     * Buchberger on the ideal itself can let degrees run away (katsura-5 in lex
     * climbs past degree 1000), but where the order's basis is close to the input
     * it is by far the fastest (x^100000 - y, y^2 - x: one S-polynomial, where the
     * homogenised ideal needs 100000 degrees). So when the input has a high degree
     * (bb_direct_worth_trying), first the ideal itself within a budget of work
     * proportional to the input (bb_direct_budget); otherwise, or when that is
     * spent, the basis of the homogenised ideal in the order "degree, then the
     * given order on x", where every step stays at its true degree, and set h = 1:
     * the leading terms survive dehomogenisation, so the result is a Groebner
     * basis of the ideal for the given order, which is then made reduced. */
    gbc_status st;
    if (bb_direct_worth_trying(R, in)) {
        st = bb_groebner_direct(ctx, R, in, out, stats, minimal, bb_direct_budget(R, in));
        if (st == GBC_OK || !bb_direct_gave_up(st))
            return st;
        plist_clear(ctx, out, &R->F);
        plist_init(out);
        gbc_log(ctx, 1, "buchberger: the homogenised ideal");
    }
    ring Rh;
    ring_homog(&Rh, R);
    plist hin, hout, dh;
    plist_init(&hin);
    plist_init(&hout);
    plist_init(&dh);
    GBC_CHECK(st, plist_homogenize(ctx, R, in, &hin), done);
    GBC_CHECK(st, bb_core(ctx, &Rh, &hin, &hout, stats, minimal, 0), done);
    GBC_CHECK(st, plist_dehomogenize(ctx, R, &hout, &dh), done);
    double t1 = gbc_wall_time();
    GBC_CHECK(st, bb_reduce_basis_kind(ctx, R, &dh, out, minimal), done);
    if (stats) {
        stats->t_interreduce += gbc_wall_time() - t1;
        stats->basis_size = out->n;
    }
done:
    plist_clear(ctx, &hin, &R->F);
    plist_clear(ctx, &hout, &R->F);
    plist_clear(ctx, &dh, &R->F);
    return st;
}
