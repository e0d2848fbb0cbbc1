/* f4/confirm: the checks of an apply that confirms its rounds (f4_apply_checked;
 * the argument is in docs/learn.md, "An apply that succeeds"): the round's rows
 * against the pairs F4 would treat in that round, the rows the learning run reduced
 * to zero against the round's pivots (random combinations), and the output's
 * leading monomials against the non-redundant elements'. */
#include "f4/f4_int.h"

#include "common/sort.h"
#include "divlookup/divlookup.h"

#include <math.h>

/* Refute the apply: *bad, and why (static text) in the check. */
static void refute(f4_state *S, const char *why, int *bad)
{
    S->chk->refuted = 1;
    S->chk->why = why;
    *bad = 1;
}

/* The rounds' rows of one round as a set of (source, multiplier): an open
 * addressing table of trace row numbers + 1. */
typedef struct rowset {
    uint32_t *slot;
    size_t mask;
} rowset;

static uint64_t row_key(const f4_state *S, uint32_t src, const uint32_t *mul)
{
    uint64_t h = mht_hash_exps(S->par.rnd, mul, S->R->nvars);
    return (h ^ ((uint64_t)src * 0x9e3779b97f4a7c15ULL)) * 0xbf58476d1ce4e5b9ULL;
}

static gbc_status rowset_build(f4_state *S, const f4_trace_round *rr, rowset *T)
{
    const f4_trace *tr = S->play;
    const uint32_t n = S->R->nvars;
    size_t rows = (size_t)rr->nred + rr->nnew + rr->nzero, size = 16;
    while (size < 2 * rows)
        size *= 2;
    GBC_TRY(GBC_ZALLOC(S->ctx, T->slot, size));
    T->mask = size - 1;
    for (size_t k = 0; k < rows; k++) {
        size_t j = rr->row0 + k;
        size_t at = (size_t)(row_key(S, tr->src[j], tr->mul + j * n) >> 20) & T->mask;
        while (T->slot[at] != 0)
            at = (at + 1) & T->mask;
        T->slot[at] = (uint32_t)(k + 1);
    }
    return GBC_OK;
}

/* Whether the round holds the row mul * source src. */
static int rowset_has(const f4_state *S, const f4_trace_round *rr, const rowset *T,
                      uint32_t src, const uint32_t *mul)
{
    const f4_trace *tr = S->play;
    const uint32_t n = S->R->nvars;
    size_t at = (size_t)(row_key(S, src, mul) >> 20) & T->mask;
    for (; T->slot[at] != 0; at = (at + 1) & T->mask) {
        size_t j = rr->row0 + T->slot[at] - 1;
        if (tr->src[j] == src && (n == 0 || memcmp(tr->mul + j * n, mul, sizeof *mul * n) == 0))
            return 1;
    }
    return 0;
}

/* Whether element e times lcm / lm(e) (lcm in pht) is a row of the round. */
static int has_pair_row(f4_state *S, const f4_trace_round *rr, const rowset *T, uint32_t e,
                        uint32_t lcm)
{
    const uint32_t n = S->R->nvars;
    const uint32_t *l = mht_exps(&S->pht, lcm), *m = mht_exps(&S->bht, S->lm[e]);
    for (uint32_t v = 0; v < n; v++)
        S->mexps[v] = l[v] - m[v];
    return rowset_has(S, rr, T, e, S->mexps);
}

gbc_status f4_confirm_pairs(f4_state *S, size_t r, int *bad)
{
    const f4_trace_round *rr = &S->play->rounds[r];
    uint32_t d = S->ps.n > 0 ? pairs_min_deg(&S->ps) : UINT32_MAX;
    const int gens_rows = S->gnext < S->ngens;
    if (gens_rows && f4_lead_degree(S, &S->gens[S->gnext]) < d)
        d = f4_lead_degree(S, &S->gens[S->gnext]);
    if (d != rr->degree) {
        refute(S, "a round of the trace is not at the least degree of the pairs", bad);
        return GBC_OK;
    }
    GBC_TRY(f4_compact_lcms(S));
    rowset T = {NULL, 0};
    GBC_TRY(rowset_build(S, rr, &T));
    int ok = 1;
    size_t keep = 0;
    for (size_t q = 0; q < S->ps.n; q++) {
        spair p = S->ps.p[q];
        if (p.deg != d)
            S->ps.p[keep++] = p;
        else if (ok)
            ok = has_pair_row(S, rr, &T, p.i, p.lcm) && has_pair_row(S, rr, &T, p.j, p.lcm);
    }
    S->ps.n = keep;
    memset(S->mexps, 0, sizeof(uint32_t) * S->R->nvars);
    while (ok && S->gnext < S->ngens && f4_lead_degree(S, &S->gens[S->gnext]) == d) {
        ok = rowset_has(S, rr, &T, (uint32_t)S->gnext | GEN_FLAG, S->mexps);
        S->gnext++;
    }
    gbc_free(S->ctx, T.slot);
    if (!ok)
        refute(S, "a pair's row is missing from its round of the trace", bad);
    return GBC_OK;
}

gbc_status f4_confirm_end(f4_state *S, int unit, int *bad)
{
    if (unit)
        return GBC_OK;
    if (S->ps.n > 0 || S->gnext < S->ngens)
        refute(S, "pairs are left after the trace's last round", bad);
    else if (S->n != S->play->nbasis || (S->n > 0 && memcmp(S->red, S->play->red, S->n) != 0))
        refute(S, "the elements' redundancy is not the trace's", bad);
    return GBC_OK;
}

/* The combinations per round for a failure probability of at most 2^-64 over
 * rounds rounds: the least k with k * floor(log2 p) >= 64 + ceil(log2 rounds). */
static unsigned combinations_for(uint32_t p, size_t rounds)
{
    unsigned lp = 0, lr = 0;
    while (lp < 31 && ((uint64_t)2 << lp) <= p)
        lp++;
    while (lr < 63 && ((size_t)1 << lr) < rounds)
        lr++;
    return (64 + lr + lp - 1) / lp;
}

void f4_confirm_begin(f4_state *S, uint64_t seed)
{
    f4_check *c = S->chk;
    size_t rounds = 0;
    for (size_t r = 0; r < S->play->nrounds; r++)
        rounds += S->play->rounds[r].nzero > 0;
    c->rounds = rounds;
    c->k = combinations_for(S->F->p, rounds);
    c->fail = (double)rounds * pow((double)S->F->p, -(double)c->k);
    gbc_rng_seed(&S->crng, seed);
}

/* Lanes [0, nl) of M: random combinations of the zero rows, reduced by every pivot;
 * *nonzero when one of them does not reduce to zero. The lanes are left zero. */
static gbc_status combine_reduce(f4_state *S, la_matrix *M, int nl, int *nonzero)
{
    const size_t nz = S->nzrow, z0 = S->ntbr - nz;
    const uint64_t p = S->F->p;
    uint64_t x[LA_LANES] = {0};
    uint32_t start = M->ncols;
    for (size_t i = 0; i < nz; i++) {
        for (int l = 0; l < nl; l++)
            x[l] = gbc_rng_below(&S->crng, p);
        uint32_t c = la_lanes_add_multi(M, S->F, &S->tbr[z0 + i], x);
        if (c < start)
            start = c;
    }
    la_lanes_reduce(M, S->F, start < M->npivcols ? start : M->npivcols);
    gbc_status st = GBC_OK;
    for (int l = 0; l < LA_LANES; l++) {
        if (l >= nl || *nonzero || st != GBC_OK) {
            la_lanes_drop(M, l);
            continue;
        }
        la_row out;
        st = la_lanes_finish(S->ctx, M, S->F, l, &S->arena, &out);
        *nonzero = st == GBC_OK && out.len != 0;
    }
    return st;
}

gbc_status f4_confirm_zero(f4_state *S, int *bad)
{
    f4_check *c = S->chk;
    if (S->nzrow == 0)
        return GBC_OK;
    GBC_TRY(f4_lanes(S));
    /* the combinations in lanes, LA_LANES at a time: each zero row is read once for
     * all of them, and each pivot once to reduce them */
    la_matrix M = {.ncols = S->ncols, .pivot = S->pivot, .dense = S->dense,
                   .tcols = S->tcols, .tcf = S->tcf, .lanes = S->lanes, .isa = S->la.isa};
    while (M.npivcols < M.ncols && M.pivot[M.npivcols] != NULL)
        M.npivcols++;
    int nonzero = 0;
    for (unsigned k = 0; k < c->k && !nonzero; k += LA_LANES) {
        GBC_TRY(gbc_ctx_check(S->ctx));
        int nl = c->k - k < LA_LANES ? (int)(c->k - k) : LA_LANES;
        GBC_TRY(combine_reduce(S, &M, nl, &nonzero));
    }
    if (nonzero)
        refute(S, "a row the learning run reduced to zero does not reduce to zero", bad);
    return GBC_OK;
}

/* Leading monomials (bht indices) in increasing order. */
static int lm_cmp(const void *a, const void *b, void *arg)
{
    return mht_cmp(arg, *(const uint32_t *)a, *(const uint32_t *)b);
}

void f4_confirm_tail(f4_state *S, const la_row *res)
{
    for (uint32_t k = 1; k < res->len; k++)
        if (S->pivot[res->cols[k]] != NULL)
            S->tail_pivot = 1;
}

/* Whether the output (leading monomials lm[0..m), in bht; its tail terms already
 * checked by f4_confirm_tail) is reduced: no leading monomial divides another,
 * and no column of the final matrix without a pivot is divisible by one (so the
 * tails, which lie in such columns, are reduced). */
static gbc_status output_reduced(f4_state *S, const uint32_t *lm, size_t m, int *red)
{
    const mht *t = &S->bht;
    divlookup dl;
    *red = 0;
    GBC_TRY(dl_init(S->ctx, &dl, DL_TREE, S->R->nvars, &S->par.dm));
    gbc_status st = GBC_OK;
    for (size_t k = 0; k < m && st == GBC_OK; k++)
        st = dl_insert(S->ctx, &dl, mht_exps(t, lm[k]), t->row[lm[k]].divmask, (uint32_t)k);
    int ok = st == GBC_OK && !S->tail_pivot;
    for (size_t k = 0; k < m && ok; k++) {
        ok = !dl_has_other_divisor(&dl, mht_exps(t, lm[k]), t->row[lm[k]].divmask,
                                   (uint32_t)k);
    }
    for (uint32_t c = 0; c < S->ncols && ok; c++) {
        if (S->pivot[c] != NULL)
            continue;
        const uint32_t *e = f4_col_exps(S, c);
        ok = dl_find_divisor(&dl, e, mono_divmask_of(&S->par.dm, e)) == UINT32_MAX;
    }
    dl_clear(S->ctx, &dl);
    *red = ok && st == GBC_OK;
    return st;
}

gbc_status f4_confirm_output(f4_state *S, const plist *out, int *bad)
{
    const uint32_t n = S->R->nvars;
    uint32_t *lm;
    size_t m = 0;
    GBC_TRY(GBC_ALLOC(S->ctx, lm, S->n + 1));
    for (size_t i = 0; i < S->n; i++)
        if (!S->red[i])
            lm[m++] = S->lm[i];
    gbc_status st = gbc_sort_cmp(S->ctx, lm, m, sizeof *lm, lm_cmp, &S->bht);
    int ok = st == GBC_OK && m == out->n;
    for (size_t k = 0; ok && k < m; k++)
        ok = out->p[k].len > 0 &&
             (n == 0 || memcmp(out->p[k].exps, mht_exps(&S->bht, lm[k]), sizeof(uint32_t) * n) == 0);
    if (ok && S->F->p != 0)
        st = output_reduced(S, lm, m, &S->chk->reduced);
    gbc_free(S->ctx, lm);
    GBC_TRY(st);
    if (!ok)
        refute(S, "the output's leading monomials are not the basis's", bad);
    return GBC_OK;
}
