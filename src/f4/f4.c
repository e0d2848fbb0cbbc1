/* f4: the F4 driver: basis and pairs, one matrix per round, final interreduction.
 *
 * Tables: bht holds the monomials of basis polynomials, generators and pair lcms;
 * sht, reset every round, holds the monomials of the current matrix, one per column.
 * A matrix row is a multiplier times a basis polynomial: its column array is built
 * in an arena, its coefficients are the polynomial's own (never copied). */
#include <stdio.h>
#include <stdlib.h>

#include "f4/f4.h"
#include "f4/la/la.h"
#include "monideal/divlookup.h"
#include "pairs/pairs.h"

#define F4_HASH_SEED 0xf4f4a5a5c3c3e1e1ULL

/* sht aux marks during symbolic preprocessing (later replaced by column numbers) */
#define MARK_NEW 0u
#define MARK_PIVOT 1u
#define MARK_FREE 2u

typedef struct f4_state {
    gbc_ctx *ctx;
    const ring *R;
    const field *F;
    mht_params par;
    mht bht, sht;
    /* basis */
    poly *g;
    uint32_t *lm;
    uint8_t *red;
    size_t n, cap;
    divlookup dl;
    pairset ps;
    /* generators waiting for their degree, sorted by increasing lead degree */
    poly *gens;
    size_t ngens, gnext;
    /* matrix of the current round */
    gbc_arena arena;
    la_row *piv;   /* known pivot rows (reducers) */
    size_t npiv, pcap;
    la_row *tbr;   /* rows to reduce */
    size_t ntbr, tcap;
    la_row *newrows;
    size_t ncap;
    uint32_t *colmon; /* column -> sht monomial */
    size_t colcap;
    const la_row **pivot;
    uint64_t *dense;
    uint32_t *tcols, *tcf;
    size_t densecap;
    uint32_t *mexps;  /* nvars scratch: a multiplier */
    gb_stats *stats;
    /* tracing: multipliers of the rows of the current round (nvars each) */
    f4_trace *rec;          /* recording (learn run), or NULL */
    const f4_trace *play;   /* replaying (apply run), or NULL */
    uint32_t *pmul, *tmul;
    size_t pmcap, tmcap;
    int minimal;            /* f4_final: a minimal basis, tails left alone */
} f4_state;

/* ------------------------------------------------------------- traces -- */

/* A generator row's src: its index with the top bit set. */
#define GEN_FLAG 0x80000000u

struct f4_trace {
    uint32_t nvars;
    /* rows of every round: src and multiplier exponents */
    uint32_t *src;
    uint32_t *mul;
    size_t nrows, rcap;
    /* leading monomials of the new elements of every round */
    uint32_t *lead;
    size_t nleads, lcap;
    f4_trace_round *rounds;
    size_t nrounds, cap;
    uint8_t *red;   /* redundancy of the basis elements at the end */
    size_t nbasis;
    int unit;       /* the ideal is the unit ideal */
};

gbc_status f4_trace_new(gbc_ctx *ctx, f4_trace **tr)
{
    f4_trace *t = gbc_calloc(ctx, 1, sizeof *t);
    if (t == NULL)
        return gbc_ctx_alloc_status(ctx);
    *tr = t;
    return GBC_OK;
}

void f4_trace_free(gbc_ctx *ctx, f4_trace *tr)
{
    if (tr == NULL)
        return;
    gbc_free(ctx, tr->src);
    gbc_free(ctx, tr->mul);
    gbc_free(ctx, tr->lead);
    gbc_free(ctx, tr->rounds);
    gbc_free(ctx, tr->red);
    gbc_free(ctx, tr);
}

size_t f4_trace_rounds(const f4_trace *tr)
{
    return tr->nrounds;
}

size_t f4_trace_memory(const f4_trace *tr)
{
    return (tr->rcap * (1 + (size_t)tr->nvars) + tr->lcap * (size_t)tr->nvars) *
               sizeof(uint32_t) +
           tr->cap * sizeof(f4_trace_round) + tr->nbasis;
}

static gbc_status trace_push_row(gbc_ctx *ctx, f4_trace *tr, uint32_t src, const uint32_t *mul)
{
    if (tr->nrows == tr->rcap) {
        size_t ncap = tr->rcap ? 2 * tr->rcap : 1024;
        size_t w = tr->nvars ? tr->nvars : 1;
        uint32_t *a = gbc_realloc(ctx, tr->src, sizeof(uint32_t) * ncap);
        if (a == NULL)
            return gbc_ctx_alloc_status(ctx);
        tr->src = a;
        uint32_t *b = gbc_realloc(ctx, tr->mul, sizeof(uint32_t) * ncap * w);
        if (b == NULL)
            return gbc_ctx_alloc_status(ctx);
        tr->mul = b;
        tr->rcap = ncap;
    }
    tr->src[tr->nrows] = src;
    memcpy(tr->mul + tr->nrows * tr->nvars, mul, sizeof(uint32_t) * tr->nvars);
    tr->nrows++;
    return GBC_OK;
}

static gbc_status trace_push_lead(gbc_ctx *ctx, f4_trace *tr, const uint32_t *e)
{
    size_t w = tr->nvars ? tr->nvars : 1;
    size_t need = (tr->nleads + 1) * w;
    size_t cap = tr->lcap * w;
    if (need > cap) {
        size_t ncap = tr->lcap ? 2 * tr->lcap : 256;
        uint32_t *a = gbc_realloc(ctx, tr->lead, sizeof(uint32_t) * ncap * w);
        if (a == NULL)
            return gbc_ctx_alloc_status(ctx);
        tr->lead = a;
        tr->lcap = ncap;
    }
    memcpy(tr->lead + tr->nleads * tr->nvars, e, sizeof(uint32_t) * tr->nvars);
    tr->nleads++;
    return GBC_OK;
}

/* -------------------------------------------------------------- setup -- */

static void f4_free(f4_state *S)
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
    dl_clear(ctx, &S->dl);
    pairs_clear(ctx, &S->ps);
    gbc_arena_clear(ctx, &S->arena);
    gbc_free(ctx, S->piv);
    gbc_free(ctx, S->tbr);
    gbc_free(ctx, S->newrows);
    gbc_free(ctx, S->colmon);
    gbc_free(ctx, S->pivot);
    gbc_free(ctx, S->dense);
    gbc_free(ctx, S->tcols);
    gbc_free(ctx, S->tcf);
    gbc_free(ctx, S->mexps);
    gbc_free(ctx, S->pmul);
    gbc_free(ctx, S->tmul);
    mht_clear(ctx, &S->sht);
    mht_clear(ctx, &S->bht);
    mht_params_clear(ctx, &S->par);
}

static gbc_status f4_setup(f4_state *S, gbc_ctx *ctx, const ring *R, gb_stats *stats)
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
    GBC_TRY(dl_init(ctx, &S->dl, DL_LIST, R->nvars, &S->par.dm));
    GBC_TRY(GBC_ALLOC(ctx, S->mexps, R->nvars ? R->nvars : 1));
    return GBC_OK;
}

static gbc_status f4_reserve_basis(f4_state *S)
{
    if (S->n < S->cap)
        return GBC_OK;
    size_t ncap = S->cap ? 2 * S->cap : 64;
    gbc_ctx *ctx = S->ctx;
    poly *g = gbc_realloc(ctx, S->g, sizeof(poly) * ncap);
    if (g == NULL)
        return gbc_ctx_alloc_status(ctx);
    S->g = g;
    uint32_t *lm = gbc_realloc(ctx, S->lm, sizeof(uint32_t) * ncap);
    if (lm == NULL)
        return gbc_ctx_alloc_status(ctx);
    S->lm = lm;
    uint8_t *red = gbc_realloc(ctx, S->red, ncap);
    if (red == NULL)
        return gbc_ctx_alloc_status(ctx);
    S->red = red;
    S->cap = ncap;
    return GBC_OK;
}

/* Add the monic, nonzero, non-constant h (monomials in bht) to the basis; takes
 * ownership of h. */
static gbc_status f4_add(f4_state *S, poly *h)
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
    dl_remove_multiples(&S->dl, mht_exps(t, lm), t->row[lm].divmask, NULL, NULL);
    GBC_TRY(dl_insert(S->ctx, &S->dl, mht_exps(t, lm), t->row[lm].divmask, (uint32_t)k));
    if (S->play != NULL)
        return GBC_OK; /* replay: no pairs */
    double t0 = gbc_wall_time();
    pairs_basis B = {&S->bht, S->lm, S->red, NULL, (uint32_t)S->n};
    gbc_status st = pairs_update(S->ctx, &S->ps, &B);
    if (S->stats)
        S->stats->t_update += gbc_wall_time() - t0;
    return st;
}

/* --------------------------------------------------------------- rows -- */

/* Set S->mexps to u / lm where u is a monomial of table tu and lm one of bht;
 * returns the multiplier's hash and degree. */
static void f4_multiplier(f4_state *S, const mht *tu, uint32_t u, uint32_t lm, uint32_t *mhash,
                          uint32_t *mdeg)
{
    const uint32_t n = S->R->nvars;
    const uint32_t *eu = mht_exps(tu, u), *el = mht_exps(&S->bht, lm);
    for (uint32_t i = 0; i < n; i++)
        S->mexps[i] = eu[i] - el[i];
    *mhash = tu->row[u].hash - S->bht.row[lm].hash;
    *mdeg = tu->row[u].deg - S->bht.row[lm].deg;
}

/* Keep the multiplier of row number k of the piv (tbr == 0) or tbr list, for the
 * trace. */
static gbc_status f4_stage_mult(f4_state *S, int tbr, size_t k)
{
    size_t w = S->R->nvars ? S->R->nvars : 1;
    uint32_t **arr = tbr ? &S->tmul : &S->pmul;
    size_t *cap = tbr ? &S->tmcap : &S->pmcap;
    GBC_TRY(gbc_grow_array(S->ctx, (void **)arr, cap, (k + 1) * w, sizeof(uint32_t)));
    memcpy(*arr + k * S->R->nvars, S->mexps, sizeof(uint32_t) * S->R->nvars);
    return GBC_OK;
}

/* row = (multiplier in S->mexps) * f, monomials into sht. */
static gbc_status f4_make_row(f4_state *S, uint32_t mhash, uint32_t mdeg, const poly *f,
                              uint32_t src, la_row *row)
{
    GBC_TRY(gbc_ctx_poll(S->ctx));
    uint32_t *cols = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * f->len);
    if (cols == NULL)
        return gbc_ctx_alloc_status(S->ctx);
    for (uint32_t k = 0; k < f->len; k++)
        GBC_TRY(mht_insert_mul_raw(S->ctx, &S->sht, S->mexps, mhash, mdeg, &S->bht, f->mon[k],
                                   &cols[k]));
    row->cols = cols;
    row->cf = f->cf;
    row->len = f->len;
    row->src = src;
    row->tag = 0;
    if (S->rec != NULL) {
        if (row >= S->piv && row < S->piv + S->npiv)
            GBC_TRY(f4_stage_mult(S, 0, (size_t)(row - S->piv)));
        else
            GBC_TRY(f4_stage_mult(S, 1, (size_t)(row - S->tbr)));
    }
    return GBC_OK;
}

static gbc_status push_row(gbc_ctx *ctx, la_row **arr, size_t *n, size_t *cap, la_row **slot)
{
    GBC_TRY(GBC_GROW(ctx, *arr, *cap, *n + 1));
    *slot = &(*arr)[(*n)++];
    return GBC_OK;
}

/* Symbolic preprocessing: every monomial of the matrix that has no pivot yet and is
 * divisible by a basis leading monomial gets a reducer row. Rows added on the way
 * bring new monomials; the scan follows the table as it grows. */
static gbc_status f4_symbolic(f4_state *S)
{
    mht *sht = &S->sht;
    for (uint32_t u = 0; u < sht->size; u++) {
        if (sht->row[u].aux != MARK_NEW)
            continue;
        uint32_t gi = dl_find_divisor(&S->dl, mht_exps(sht, u), sht->row[u].divmask);
        if (gi == UINT32_MAX) {
            sht->row[u].aux = MARK_FREE;
            continue;
        }
        uint32_t mh, md;
        f4_multiplier(S, sht, u, S->lm[gi], &mh, &md);
        la_row *row;
        GBC_TRY(push_row(S->ctx, &S->piv, &S->npiv, &S->pcap, &row));
        GBC_TRY(f4_make_row(S, mh, md, &S->g[gi], gi, row));
        GBC_ASSERT(row->cols[0] == u);
        sht->row[u].aux = MARK_PIVOT;
    }
    return GBC_OK;
}

/* Number the columns: pivot columns first, each block in decreasing order; then
 * rewrite every row's monomials as column numbers and set up the pivot table. */
static gbc_status f4_columns(f4_state *S, uint32_t *npivcols)
{
    gbc_ctx *ctx = S->ctx;
    mht *sht = &S->sht;
    uint32_t nc = sht->size;
    GBC_TRY(GBC_GROW(ctx, S->colmon, S->colcap, (size_t)nc + 1));
    uint32_t a = 0, b = 0;
    for (uint32_t u = 0; u < nc; u++)
        if (sht->row[u].aux == MARK_PIVOT)
            a++;
    for (uint32_t u = 0; u < nc; u++) {
        if (sht->row[u].aux == MARK_PIVOT)
            S->colmon[b++] = u;
        else
            S->colmon[a++] = u;
    }
    *npivcols = b;
    GBC_TRY(mht_sort_desc(ctx, sht, S->colmon, b));
    GBC_TRY(mht_sort_desc(ctx, sht, S->colmon + b, nc - b));
    for (uint32_t c = 0; c < nc; c++)
        sht->row[S->colmon[c]].aux = c;
    for (size_t i = 0; i < S->npiv; i++) {
        GBC_TRY(gbc_ctx_poll(ctx));
        for (uint32_t k = 0; k < S->piv[i].len; k++)
            S->piv[i].cols[k] = sht->row[S->piv[i].cols[k]].aux;
    }
    for (size_t i = 0; i < S->ntbr; i++) {
        GBC_TRY(gbc_ctx_poll(ctx));
        for (uint32_t k = 0; k < S->tbr[i].len; k++)
            S->tbr[i].cols[k] = sht->row[S->tbr[i].cols[k]].aux;
    }
    /* dense scratch and the pivot table */
    if (S->densecap < (size_t)nc + 1) {
        size_t cap = (size_t)nc + 1 > 2 * S->densecap ? (size_t)nc + 1 : 2 * S->densecap;
        gbc_free(ctx, S->dense);
        gbc_free(ctx, S->pivot);
        gbc_free(ctx, S->tcols);
        gbc_free(ctx, S->tcf);
        S->dense = NULL;
        S->pivot = NULL;
        S->tcols = S->tcf = NULL;
        S->densecap = 0;
        GBC_TRY(GBC_ZALLOC(ctx, S->dense, cap));
        GBC_TRY(GBC_ALLOC(ctx, S->pivot, cap));
        GBC_TRY(GBC_ALLOC(ctx, S->tcols, cap));
        GBC_TRY(GBC_ALLOC(ctx, S->tcf, cap));
        S->densecap = cap;
    }
    memset(S->pivot, 0, sizeof(la_row *) * nc);
    for (size_t i = 0; i < S->npiv; i++)
        S->pivot[S->piv[i].cols[0]] = &S->piv[i];
    return GBC_OK;
}

/* Turn a matrix row (columns in decreasing monomial order) into a basis polynomial
 * with monomials in bht. */
static gbc_status f4_row_to_poly(f4_state *S, const la_row *r, poly *h)
{
    GBC_TRY(poly_alloc(S->ctx, h, r->len, S->F));
    for (uint32_t k = 0; k < r->len; k++) {
        gbc_status st =
            mht_insert_from(S->ctx, &S->bht, &S->sht, S->colmon[r->cols[k]], &h->mon[k]);
        if (st != GBC_OK) {
            poly_clear(S->ctx, h, S->F);
            return st;
        }
        h->cf[k] = r->cf[k];
    }
    GBC_ASSERT(poly_is_canonical(h, &S->bht, S->F));
    return GBC_OK;
}

/* ------------------------------------------------------------- rounds -- */

typedef struct ent {
    uint32_t lcm;
    uint32_t g;
} ent;

static int ent_cmp(const void *a, const void *b)
{
    const ent *x = a, *y = b;
    if (x->lcm != y->lcm)
        return x->lcm < y->lcm ? -1 : 1;
    return (x->g > y->g) - (x->g < y->g);
}

static uint32_t lead_degree(const f4_state *S, const poly *f)
{
    return S->bht.row[f->mon[0]].deg;
}

/* One round at degree d: build, reduce, add the new elements. Sets *unit when a
 * constant appears. */
static gbc_status f4_round(f4_state *S, uint32_t d, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    double t0 = gbc_wall_time();
    S->npiv = S->ntbr = 0;
    gbc_arena_reset(&S->arena);
    mht_reset(&S->sht);

    /* Select the pairs of degree d. */
    size_t nsel = 0, keep = 0;
    ent *E = NULL;
    gbc_status st;
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
        } else {
            S->ps.p[keep++] = p;
        }
    }
    S->ps.n = keep;
    qsort(E, ne, sizeof(ent), ent_cmp);
    /* the same multiple (lcm, g) can come from several pairs: keep it once */
    size_t nu = 0;
    for (size_t k = 0; k < ne; k++)
        if (nu == 0 || E[k].lcm != E[nu - 1].lcm || E[k].g != E[nu - 1].g)
            E[nu++] = E[k];
    ne = nu;
    /* One pivot row per lcm (the sparsest generator), the others to reduce. */
    for (size_t a = 0; a < ne;) {
        size_t b = a;
        size_t best = a;
        while (b < ne && E[b].lcm == E[a].lcm) {
            if (S->g[E[b].g].len < S->g[E[best].g].len)
                best = b;
            b++;
        }
        for (size_t k = a; k < b; k++) {
            uint32_t gi = E[k].g, mh, md;
            f4_multiplier(S, &S->bht, E[k].lcm, S->lm[gi], &mh, &md);
            la_row *row;
            if (k == best) {
                GBC_CHECK(st, push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row), out);
                GBC_CHECK(st, f4_make_row(S, mh, md, &S->g[gi], gi, row), out);
                S->sht.row[row->cols[0]].aux = MARK_PIVOT;
            } else {
                GBC_CHECK(st, push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row), out);
                GBC_CHECK(st, f4_make_row(S, mh, md, &S->g[gi], gi, row), out);
            }
        }
        a = b;
    }
    /* Generators of degree d enter as rows to reduce. */
    memset(S->mexps, 0, sizeof(uint32_t) * S->R->nvars);
    while (S->gnext < S->ngens && lead_degree(S, &S->gens[S->gnext]) == d) {
        la_row *row;
        GBC_CHECK(st, push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row), out);
        GBC_CHECK(st, f4_make_row(S, 0, 0, &S->gens[S->gnext], (uint32_t)S->gnext | GEN_FLAG,
                                  row), out);
        S->gnext++;
    }
    size_t npairs_rows = S->ntbr;
    GBC_CHECK(st, f4_symbolic(S), out);
    uint32_t npivcols;
    GBC_CHECK(st, f4_columns(S, &npivcols), out);
    double t1 = gbc_wall_time();

    /* Linear algebra. */
    GBC_CHECK(st, GBC_GROW(ctx, S->newrows, S->ncap, S->ntbr + 1), out);
    la_matrix M = {S->sht.size, S->pivot, S->dense, S->tcols, S->tcf};
    size_t nnew = 0;
    GBC_CHECK(st, la_echelon_mt(ctx, &M, S->F, S->tbr, S->ntbr, &S->arena, S->newrows, &nnew,
                                ctx->threads), out);
    GBC_CHECK(st, la_backreduce(ctx, &M, S->F, S->newrows, nnew, &S->arena), out);
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

    f4_trace_round rr = {d, 0, 0, 0, 0};
    if (S->rec != NULL) {
        f4_trace *tr = S->rec;
        rr.row0 = tr->nrows;
        rr.nred = (uint32_t)S->npiv;
        rr.nnew = (uint32_t)nnew;
        rr.lead0 = tr->nleads;
        for (size_t k = 0; k < S->npiv; k++)
            GBC_CHECK(st, trace_push_row(ctx, tr, S->piv[k].src, S->pmul + k * S->R->nvars), out);
        for (size_t i = 0; i < nnew; i++) {
            uint32_t k = S->newrows[i].tag;
            GBC_CHECK(st, trace_push_row(ctx, tr, S->tbr[k].src, S->tmul + (size_t)k * S->R->nvars),
                      out);
        }
    }
    /* New basis elements by decreasing leading monomial (pivot order: increasing
     * column). A new lead may be a multiple of another new lead (for inputs that are
     * not homogeneous); adding the larger first lets the update mark it redundant
     * when the smaller arrives, with the pair between them kept. */
    for (size_t i = 1; i < nnew; i++) {
        la_row x = S->newrows[i];
        size_t j = i;
        while (j > 0 && S->newrows[j - 1].cols[0] > x.cols[0]) {
            S->newrows[j] = S->newrows[j - 1];
            j--;
        }
        S->newrows[j] = x;
    }
    if (S->rec != NULL) {
        for (size_t i = 0; i < nnew; i++)
            GBC_CHECK(st, trace_push_lead(ctx, S->rec,
                                          mht_exps(&S->sht, S->colmon[S->newrows[i].cols[0]])),
                      out);
        GBC_CHECK(st, GBC_GROW(ctx, S->rec->rounds, S->rec->cap, S->rec->nrounds + 1), out);
        S->rec->rounds[S->rec->nrounds++] = rr;
    }
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
    (void)npairs_rows;
out:
    gbc_free(ctx, E);
    return st;
}

/* -------------------------------------------------------------- final -- */

/* The reduced basis: the non-redundant elements, each tail-reduced by all the
 * others through one matrix, sorted by increasing leading monomial. */
static gbc_status f4_final(f4_state *S, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    gbc_status st = GBC_OK;
    if (S->minimal) {
        /* the non-redundant elements as they are (monic), by increasing lead */
        uint32_t *mi;
        size_t m = 0;
        GBC_TRY(GBC_ALLOC(ctx, mi, S->n ? S->n : 1));
        for (size_t i = 0; i < S->n; i++)
            if (!S->red[i])
                mi[m++] = (uint32_t)i;
        for (size_t i = 1; i < m; i++) {
            uint32_t x = mi[i];
            size_t j = i;
            while (j > 0 && mht_cmp(&S->bht, S->lm[mi[j - 1]], S->lm[x]) > 0) {
                mi[j] = mi[j - 1];
                j--;
            }
            mi[j] = x;
        }
        for (size_t k = 0; k < m && st == GBC_OK; k++)
            st = plist_push_poly(ctx, out, &S->g[mi[k]], &S->bht, S->F, 1);
        gbc_free(ctx, mi);
        return st;
    }
    S->npiv = S->ntbr = 0;
    gbc_arena_reset(&S->arena);
    mht_reset(&S->sht);
    memset(S->mexps, 0, sizeof(uint32_t) * S->R->nvars);
    /* Every minimal element is a pivot row for its own leading monomial. */
    for (size_t i = 0; i < S->n; i++) {
        if (S->red[i])
            continue;
        la_row *row;
        GBC_TRY(push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
        GBC_TRY(f4_make_row(S, 0, 0, &S->g[i], (uint32_t)i, row));
        S->sht.row[row->cols[0]].aux = MARK_PIVOT;
    }
    size_t nbase = S->npiv;
    GBC_TRY(f4_symbolic(S));
    uint32_t npivcols;
    GBC_TRY(f4_columns(S, &npivcols));
    la_matrix M = {S->sht.size, S->pivot, S->dense, S->tcols, S->tcf};
    /* Reduce the tails; the results are kept aside (the pivots stay as they are, so
     * each element is reduced by the unreduced others: the normal form is unique). */
    la_row *res;
    GBC_TRY(GBC_ALLOC(ctx, res, nbase ? nbase : 1));
    for (size_t i = 0; i < nbase; i++) {
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
        gbc_progress(ctx, "interreduce", (double)(i + 1) / (double)nbase, i + 1);
        GBC_CHECK(st, la_reduce_row(ctx, &M, S->F, &S->piv[i], 1, &S->arena, &res[i]), done);
    }
    /* Sort by increasing leading monomial: pivot columns are numbered in decreasing
     * order, so by decreasing leading column. */
    uint32_t *idx;
    GBC_CHECK(st, GBC_ALLOC(ctx, idx, nbase ? nbase : 1), done);
    for (size_t i = 0; i < nbase; i++)
        idx[i] = (uint32_t)i;
    for (size_t i = 1; i < nbase; i++) {
        uint32_t x = idx[i];
        size_t j = i;
        while (j > 0 && res[idx[j - 1]].cols[0] < res[x].cols[0]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = x;
    }
    for (size_t k = 0; k < nbase && st == GBC_OK; k++) {
        poly h;
        GBC_CHECK(st, gbc_ctx_check(ctx), out);
        st = f4_row_to_poly(S, &res[idx[k]], &h);
        if (st == GBC_OK) {
            st = plist_push_poly(ctx, out, &h, &S->bht, S->F, 1);
            poly_clear(ctx, &h, S->F);
        }
    }
out:
    gbc_free(ctx, idx);
done:
    gbc_free(ctx, res);
    return st;
}

/* ---------------------------------------------------------------- main -- */

static gbc_status emit_one(gbc_ctx *ctx, const ring *R, plist *out)
{
    ppoly *p;
    GBC_TRY(plist_push(ctx, out, 1, R->nvars, &R->F, &p));
    memset(p->exps, 0, sizeof(uint32_t) * R->nvars);
    p->cf[0] = 1;
    return GBC_OK;
}

/* Replay round r of the trace (see f4.h); *bad when the prime does not follow. */
static gbc_status f4_replay_round(f4_state *S, size_t r, int *unit, int *bad)
{
    gbc_ctx *ctx = S->ctx;
    const f4_trace *tr = S->play;
    const f4_trace_round *rr = &tr->rounds[r];
    const uint32_t n = S->R->nvars;
    double t0 = gbc_wall_time();
    S->npiv = S->ntbr = 0;
    gbc_arena_reset(&S->arena);
    mht_reset(&S->sht);
    for (size_t k = 0; k < (size_t)rr->nred + rr->nnew; k++) {
        size_t j = rr->row0 + k;
        uint32_t src = tr->src[j];
        const uint32_t *mul = tr->mul + j * n;
        uint32_t mh = 0, md = 0;
        for (uint32_t v = 0; v < n; v++) {
            S->mexps[v] = mul[v];
            mh += S->par.rnd[v] * mul[v];
            md += mul[v];
        }
        const poly *f;
        if (src & GEN_FLAG) {
            if ((src & ~GEN_FLAG) >= S->ngens) {
                *bad = 1;
                return GBC_OK;
            }
            f = &S->gens[src & ~GEN_FLAG];
        } else {
            if (src >= S->n) {
                *bad = 1;
                return GBC_OK;
            }
            f = &S->g[src];
        }
        la_row *row;
        if (k < rr->nred) {
            GBC_TRY(push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, f, src, row));
            if (S->sht.row[row->cols[0]].aux == MARK_PIVOT) {
                *bad = 1; /* two reducers for one column */
                return GBC_OK;
            }
            S->sht.row[row->cols[0]].aux = MARK_PIVOT;
        } else {
            GBC_TRY(push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, f, src, row));
        }
    }
    uint32_t npivcols;
    GBC_TRY(f4_columns(S, &npivcols));
    double t1 = gbc_wall_time();
    GBC_TRY(GBC_GROW(ctx, S->newrows, S->ncap, S->ntbr + 1));
    la_matrix M = {S->sht.size, S->pivot, S->dense, S->tcols, S->tcf};
    size_t nnew = 0;
    GBC_TRY(la_echelon_mt(ctx, &M, S->F, S->tbr, S->ntbr, &S->arena, S->newrows, &nnew,
                          ctx->threads));
    if (nnew != rr->nnew) {
        *bad = 1; /* a row reduced to zero */
        return GBC_OK;
    }
    GBC_TRY(la_backreduce(ctx, &M, S->F, S->newrows, nnew, &S->arena));
    if (S->stats) {
        S->stats->rounds++;
        S->stats->matrix_rows += S->npiv + S->ntbr;
        S->stats->matrix_cols += S->sht.size;
        S->stats->t_select += t1 - t0;
        S->stats->t_linalg += gbc_wall_time() - t1;
    }
    for (size_t i = 1; i < nnew; i++) {
        la_row x = S->newrows[i];
        size_t j = i;
        while (j > 0 && S->newrows[j - 1].cols[0] > x.cols[0]) {
            S->newrows[j] = S->newrows[j - 1];
            j--;
        }
        S->newrows[j] = x;
    }
    for (size_t i = 0; i < nnew; i++) {
        const uint32_t *e = mht_exps(&S->sht, S->colmon[S->newrows[i].cols[0]]);
        if (memcmp(e, tr->lead + (rr->lead0 + i) * n, sizeof(uint32_t) * n) != 0) {
            *bad = 1; /* a different leading monomial */
            return GBC_OK;
        }
    }
    for (size_t i = 0; i < nnew; i++) {
        poly h;
        GBC_TRY(gbc_ctx_check(ctx));
        GBC_TRY(f4_row_to_poly(S, &S->newrows[i], &h));
        if (S->bht.row[h.mon[0]].deg == 0) {
            poly_clear(ctx, &h, S->F);
            *unit = 1;
            return GBC_OK;
        }
        gbc_status st = f4_add(S, &h);
        poly_clear(ctx, &h, S->F);
        GBC_TRY(st);
    }
    return GBC_OK;
}

/* F4 on a ring with a degree-compatible order; records into rec or replays play
 * when either is set (*unlucky reports a replay that failed). */
static gbc_status f4_core(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                          gb_stats *stats, f4_trace *rec, const f4_trace *play, int *unlucky,
                          int minimal)
{
    double t0 = gbc_wall_time();
    f4_state S;
    gbc_status st;
    int unit = 0, bad = 0;
    GBC_CHECK(st, f4_setup(&S, ctx, R, stats), done);
    S.rec = rec;
    S.play = play;
    S.minimal = minimal;
    if (rec != NULL)
        rec->nvars = R->nvars;

    /* Generators: monic, zeros dropped, sorted by leading degree. */
    GBC_CHECK(st, GBC_ZALLOC(ctx, S.gens, in->n ? in->n : 1), done);
    for (size_t i = 0; i < in->n; i++) {
        poly *f = &S.gens[S.ngens];
        GBC_CHECK(st, poly_from_plain(ctx, f, &in->p[i], &S.bht, S.F), done);
        if (f->len == 0) {
            poly_clear(ctx, f, S.F);
            continue;
        }
        poly_normalize_lc(f, S.F);
        if (S.bht.row[f->mon[0]].deg == 0)
            unit = 1;
        S.ngens++;
    }
    for (size_t i = 1; i < S.ngens; i++) {
        poly x = S.gens[i];
        size_t j = i;
        while (j > 0 && lead_degree(&S, &S.gens[j - 1]) > lead_degree(&S, &x)) {
            S.gens[j] = S.gens[j - 1];
            j--;
        }
        S.gens[j] = x;
    }
    if (play != NULL) {
        if (play->nvars != R->nvars) {
            st = GBC_ERR_INTERNAL;
            goto done;
        }
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
        gbc_log(ctx, 1, "degree   pairs     rows x cols    density    new   seconds");
        uint64_t nrounds = 0;
        while (!unit && (S.gnext < S.ngens || S.ps.n > 0)) {
            GBC_CHECK(st, gbc_ctx_check(ctx), done);
            gbc_progress(ctx, "f4", -1.0, nrounds++);
            uint32_t d = S.ps.n > 0 ? pairs_min_deg(&S.ps) : UINT32_MAX;
            if (S.gnext < S.ngens && lead_degree(&S, &S.gens[S.gnext]) < d)
                d = lead_degree(&S, &S.gens[S.gnext]);
            GBC_CHECK(st, f4_round(&S, d, &unit), done);
        }
        if (rec != NULL) {
            rec->unit = unit;
            rec->nbasis = S.n;
            GBC_CHECK(st, GBC_ALLOC(ctx, rec->red, S.n ? S.n : 1), done);
            if (S.n > 0)
                memcpy(rec->red, S.red, S.n);
        }
    }
    double t1 = gbc_wall_time();
    if (unit)
        GBC_CHECK(st, emit_one(ctx, R, out), done);
    else
        GBC_CHECK(st, f4_final(&S, out), done);
    if (stats) {
        stats->t_interreduce += gbc_wall_time() - t1;
        stats->basis_size = out->n;
        stats->pairs_created += S.ps.stat_created;
        stats->pairs_chain += S.ps.stat_chain;
        stats->pairs_gm += S.ps.stat_gm;
        stats->pairs_product += S.ps.stat_product;
        stats->monomials = S.bht.size;
    }
done:
    if (stats) {
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
    }
    if (st != GBC_OK || bad)
        plist_clear(ctx, out, &R->F);
    f4_free(&S);
    return st;
}

gbc_status f4_learn(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                    gb_stats *stats, f4_trace *tr)
{
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    return f4_core(ctx, R, in, out, stats, tr, NULL, NULL, 0);
}

gbc_status f4_apply(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                    gb_stats *stats, const f4_trace *tr, int *unlucky)
{
    *unlucky = 0;
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    return f4_core(ctx, R, in, out, stats, NULL, tr, unlucky, 0);
}

/* The reduced (or with minimal != 0 a minimal) basis of G, already a Groebner
 * basis of its ideal in ring R (for instance a dehomogenised one): minimal leading
 * monomials, then f4_final. */
static gbc_status f4_reduce_basis_kind(gbc_ctx *ctx, const ring *R, const plist *G,
                                       plist *out, int minimal)
{
    f4_state S;
    gbc_status st;
    uint32_t *idx = NULL;
    GBC_CHECK(st, f4_setup(&S, ctx, R, NULL), done);
    S.minimal = minimal;
    for (size_t i = 0; i < G->n; i++) {
        GBC_CHECK(st, f4_reserve_basis(&S), done);
        poly *f = &S.g[S.n];
        GBC_CHECK(st, poly_from_plain(ctx, f, &G->p[i], &S.bht, S.F), done);
        if (f->len == 0) {
            poly_clear(ctx, f, S.F);
            continue;
        }
        poly_normalize_lc(f, S.F);
        if (S.bht.row[f->mon[0]].deg == 0) {
            S.n++;
            st = emit_one(ctx, R, out);
            goto done;
        }
        S.lm[S.n] = f->mon[0];
        S.red[S.n] = 0;
        S.n++;
    }
    /* by increasing leading monomial: redundant when a smaller lead divides; of
     * equal leads the first is kept (bht's aux field names it) */
    GBC_CHECK(st, GBC_ALLOC(ctx, idx, S.n ? S.n : 1), done);
    size_t nl = 0;
    for (size_t i = 0; i < S.n; i++)
        S.bht.row[S.lm[i]].aux = 0;
    for (size_t i = 0; i < S.n; i++) {
        if (S.bht.row[S.lm[i]].aux != 0) {
            S.red[i] = 1;
            continue;
        }
        S.bht.row[S.lm[i]].aux = (uint32_t)i + 1;
        idx[nl++] = S.lm[i];
    }
    GBC_CHECK(st, mht_sort_desc(ctx, &S.bht, idx, nl), done);
    for (size_t k = nl; k-- > 0;) {
        uint32_t lm = idx[k], i = S.bht.row[lm].aux - 1;
        if (dl_find_divisor(&S.dl, mht_exps(&S.bht, lm), S.bht.row[lm].divmask) != UINT32_MAX)
            S.red[i] = 1;
        else
            GBC_CHECK(st, dl_insert(ctx, &S.dl, mht_exps(&S.bht, lm), S.bht.row[lm].divmask, i),
                      done);
    }
    st = f4_final(&S, out);
done:
    gbc_free(ctx, idx);
    f4_free(&S);
    return st;
}

gbc_status f4_reduce_basis(gbc_ctx *ctx, const ring *R, const plist *G, plist *out)
{
    return f4_reduce_basis_kind(ctx, R, G, out, 0);
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
    if (ring_is_graded(R))
        return f4_core(ctx, R, in, out, stats, NULL, NULL, NULL, minimal);
    /* Orders that are not degree-compatible: compute the basis of the homogenised
     * ideal in the order (degree, then R's order) and dehomogenise; the leading
     * terms survive, so this is a Groebner basis for R's order (see
     * bb_groebner for the argument), which f4_reduce_basis makes reduced. */
    ring Rh;
    ring_homog(&Rh, R);
    plist hin, hout, dh;
    plist_init(&hin);
    plist_init(&hout);
    plist_init(&dh);
    gbc_status st;
    GBC_CHECK(st, plist_homogenize(ctx, R, in, &hin), done);
    /* the homogenised basis need not be reduced: only its leading terms matter */
    GBC_CHECK(st, f4_core(ctx, &Rh, &hin, &hout, stats, NULL, NULL, NULL, minimal), done);
    GBC_CHECK(st, plist_dehomogenize(ctx, R, &hout, &dh), done);
    double t1 = gbc_wall_time();
    GBC_CHECK(st, f4_reduce_basis_kind(ctx, R, &dh, out, minimal), done);
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
