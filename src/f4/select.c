/* f4/select: the rows of a round: the pairs of the least degree (the normal
 * strategy of a graded order) become one pivot row per lcm (the sparsest multiple)
 * and rows to reduce, and the generators of that degree join as rows to reduce. */
#include "f4/f4_int.h"

#include "common/sort.h"

typedef struct ent {
    uint32_t lcm;
    uint32_t g;
} ent;

/* (lcm, g) ascending: a total order, so any sort gives the same array. */
static int ent_cmp(const void *a, const void *b, void *arg)
{
    const ent *x = a, *y = b;
    (void)arg;
    if (x->lcm != y->lcm)
        return x->lcm < y->lcm ? -1 : 1;
    return (x->g > y->g) - (x->g < y->g);
}

/* The lcm table keeps the lcm of every pair ever formed (most are dropped by the
 * criteria or done): when it holds more than twice the live pairs' lcms (and at
 * least 2^14), it is rebuilt with theirs alone. The pairs' order and the rows they
 * give do not depend on the indices. */
gbc_status f4_compact_lcms(f4_state *S)
{
    gbc_ctx *ctx = S->ctx;
    size_t live = S->ps.n;
    if (S->pht.size < ((size_t)1 << 14) || S->pht.size < 2 * live + 2)
        return GBC_OK;
    uint32_t logsize = 10;
    while (((size_t)1 << logsize) < 2 * live)
        logsize++;
    mht T;
    uint32_t *nidx = NULL;
    gbc_status st;
    GBC_TRY(mht_init(ctx, &T, &S->par, logsize));
    GBC_CHECK(st, GBC_ALLOC(ctx, nidx, live ? live : 1), fail);
    for (size_t q = 0; q < live; q++)
        GBC_CHECK(st, mht_insert_from(ctx, &T, &S->pht, S->ps.p[q].lcm, &nidx[q]), fail);
    for (size_t q = 0; q < live; q++)
        S->ps.p[q].lcm = nidx[q];
    gbc_free(ctx, nidx);
    mht_clear(ctx, &S->pht);
    S->pht = T;
    return GBC_OK;
fail:
    gbc_free(ctx, nidx);
    mht_clear(ctx, &T);
    return st;
}

/* The pairs' rows on several threads: set up in order, then built in chunks of
 * about 1/SELECT_CHUNKS of their terms by f4_wave_build, the first on the calling
 * thread alone (it fills the empty table), the others with the products looked up
 * by all threads; the same rows as one after the other. For rounds of at least
 * SELECT_MIN_TERMS terms. */
#define SELECT_MIN_TERMS 65536
#define SELECT_CHUNKS 32

/* One pivot row per lcm (the sparsest generator), the others to reduce: best[k]
 * is the place of the pivot of k's group (the entries of one lcm are adjacent).
 * Returns the rows' number of terms. */
static size_t pivot_choice(const f4_state *S, const ent *E, size_t ne, size_t *best)
{
    size_t terms = 0;
    for (size_t a = 0; a < ne;) {
        size_t b = a, bk = a;
        while (b < ne && E[b].lcm == E[a].lcm) {
            if (S->g[E[b].g].len < S->g[E[bk].g].len)
                bk = b;
            terms += S->g[E[b].g].len;
            b++;
        }
        for (size_t k = a; k < b; k++)
            best[k] = bk;
        a = b;
    }
    return terms;
}

/* The rows of E[0..ne), one after the other. */
static gbc_status select_serial(f4_state *S, const ent *E, size_t ne, const size_t *best)
{
    gbc_ctx *ctx = S->ctx;
    for (size_t k = 0; k < ne; k++) {
        uint32_t gi = E[k].g, mh, md;
        f4_multiplier(S, &S->pht, E[k].lcm, S->lm[gi], &mh, &md);
        la_row *row;
        if (best[k] == k) {
            GBC_TRY(f4_push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, &S->g[gi], gi, row));
            S->sht.row[row->cols[0]].aux = MARK_PIVOT;
        } else {
            GBC_TRY(f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, &S->g[gi], gi, row));
        }
    }
    return GBC_OK;
}

/* The rows of E[0..ne) (grouped by lcm; in each group the one at best[] is the
 * pivot): pushed onto S->piv or S->tbr in order, and built in waves. */
static gbc_status select_waves(f4_state *S, const ent *E, size_t ne, const size_t *best,
                               size_t terms, int nt)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->R->nvars;
    f4_wave_row *w = NULL;
    uint32_t *mex = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, w, ne), out);
    GBC_CHECK(st, GBC_ALLOC(ctx, mex, ne * (size_t)(n ? n : 1)), out);
    for (size_t k = 0; k < ne; k++) {
        f4_wave_row *r = &w[k];
        r->u = UINT32_MAX;
        r->gi = E[k].g;
        f4_multiplier(S, &S->pht, E[k].lcm, S->lm[r->gi], &r->mhash, &r->mdeg);
        la_row *row;
        r->tbr = best[k] != k;
        if (r->tbr) {
            GBC_CHECK(st, f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row), out);
            r->row = (size_t)(row - S->tbr);
        } else {
            GBC_CHECK(st, f4_push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row), out);
            r->row = (size_t)(row - S->piv);
        }
        GBC_CHECK(st, f4_wave_prepare(S, r, mex + k * n), out);
    }
    const size_t chunk = terms / SELECT_CHUNKS + 1;
    for (size_t a = 0; a < ne;) {
        size_t b = a, t = 0;
        while (b < ne && t < chunk)
            t += S->g[w[b++].gi].len;
        GBC_CHECK(st, f4_wave_build(S, w + a, b - a, mex + a * n, a == 0 ? 1 : nt), out);
        a = b;
    }
out:
    gbc_free(ctx, mex);
    gbc_free(ctx, w);
    return st;
}

/* Rounds whose columns are many and met by few rows each (a matrix of at least
 * ROUND_SPLIT_COLS columns with at most ROUND_SPLIT_MULT entries per column on
 * average: the generic 5 x 9 matrix's columns, 151,200 columns of two entries) share
 * little between their pairs' rows, and the round's table of monomials outgrows
 * the caches (and is paged in afresh every round): its last degree, whose 420
 * pairs all reduce to zero, took 0.046 s in one round and 0.020 s in ten. After
 * such a round the next ones take about ROUND_SPLIT_TERMS terms of pair rows each
 * (the same rows in all; dense rounds share their reducers and are left whole). */
#define ROUND_SPLIT_COLS 8192
#define ROUND_SPLIT_MULT 4
#define ROUND_SPLIT_TERMS 16384

size_t f4_round_budget(size_t ncols, size_t nnz)
{
    return ncols >= ROUND_SPLIT_COLS && nnz <= ROUND_SPLIT_MULT * ncols ? ROUND_SPLIT_TERMS : 0;
}

gbc_status f4_select(f4_state *S, uint32_t d, size_t *nsel_out)
{
    GBC_TRY(f4_compact_lcms(S));
    S->npiv = S->ntbr = 0;
    gbc_arena_reset(&S->arena);
    mht_reset(&S->sht);
    /* Select the pairs of degree d. */
    size_t nsel = 0, keep = 0;
    ent *E = NULL;
    size_t *best = NULL;
    gbc_status st;
    gbc_ctx *ctx = S->ctx;
    for (size_t q = 0; q < S->ps.n; q++)
        if (S->ps.p[q].deg == d)
            nsel++;
    GBC_CHECK(st, GBC_ALLOC(ctx, E, 2 * nsel + 1), out);
    size_t ne = 0;
    for (size_t q = 0; q < S->ps.n; q++) {
        spair p = S->ps.p[q];
        if (p.deg == d) {
            E[ne].lcm = p.lcm;
            E[ne++].g = p.i;
            E[ne].lcm = p.lcm;
            E[ne++].g = p.j;
        }
    }
    GBC_CHECK(st, gbc_sort_cmp(ctx, E, ne, sizeof(ent), ent_cmp, NULL), out);
    /* the same multiple (lcm, g) can come from several pairs: keep it once */
    size_t nu = 0;
    for (size_t k = 0; k < ne; k++)
        if (nu == 0 || E[k].lcm != E[nu - 1].lcm || E[k].g != E[nu - 1].g)
            E[nu++] = E[k];
    ne = nu;
    /* a budget of terms: the lcms (groups of E) up to the first that reaches it */
    uint32_t cut = UINT32_MAX;
    if (S->round_terms > 0) {
        size_t terms = 0;
        for (size_t k = 0; k < ne; k++) {
            if (k > 0 && E[k].lcm != E[k - 1].lcm && terms >= S->round_terms) {
                cut = E[k - 1].lcm;
                ne = k;
                break;
            }
            terms += S->g[E[k].g].len;
        }
    }
    nsel = 0;
    for (size_t q = 0; q < S->ps.n; q++) {
        spair p = S->ps.p[q];
        if (p.deg == d && p.lcm <= cut)
            nsel++;
        else
            S->ps.p[keep++] = p;
    }
    S->ps.n = keep;
    GBC_CHECK(st, GBC_ALLOC(ctx, best, ne + 1), out);
    size_t terms = pivot_choice(S, E, ne, best);
    const int nt = f4_round_threads(S);
    if (nt > 1 && S->sht.pk != NULL && terms >= SELECT_MIN_TERMS)
        GBC_CHECK(st, select_waves(S, E, ne, best, terms, nt), out);
    else
        GBC_CHECK(st, select_serial(S, E, ne, best), out);
    /* Generators of degree d enter as rows to reduce. */
    memset(S->mexps, 0, sizeof(uint32_t) * S->R->nvars);
    while (S->gnext < S->ngens && f4_lead_degree(S, &S->gens[S->gnext]) == d) {
        la_row *row;
        GBC_CHECK(st, f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row), out);
        GBC_CHECK(st, f4_make_row(S, 0, 0, &S->gens[S->gnext], (uint32_t)S->gnext | GEN_FLAG,
                                  row), out);
        S->gnext++;
    }
    *nsel_out = nsel;
out:
    gbc_free(ctx, best);
    gbc_free(ctx, E);
    return st;
}
