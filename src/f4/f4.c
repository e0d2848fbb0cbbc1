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
    /* compiled replay (see struct f4_trace): the trace whose compiled matrices this
     * run uses, or whose matrices it records, or NULL */
    f4_trace *cc_use, *cc_rec;
    const uint32_t *cexps;  /* column monomials of the current compiled matrix */
    int cc_bad;             /* the run does not have the compiled shape */
    uint32_t ncols;         /* columns of the current matrix */
} f4_state;

/* ------------------------------------------------------------- traces -- */

typedef struct f4_cround f4_cround;

/* A recorded row: ncols column indices at ccols + off, its source's index. */
typedef struct cc_row {
    size_t off;
    uint32_t len, src;
} cc_row;

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
    /* Compiled replay. The first apply run that fits the trace records the column
     * structure of every matrix it builds (each row's column indices, each column's
     * monomial, the generators' and the new rows' supports); later apply runs take
     * the rows from there instead of hashing every product and sorting the
     * columns. Their rows are then the same as a plain replay's, provided the
     * supports agree, which is checked: generators term by term, new rows column by
     * column. A run whose supports differ (a coefficient that vanishes modulo one of
     * the two primes) falls back to a plain replay, which records anew. */
    int cstate;              /* CC_NONE, CC_READY or CC_OFF (too large) */
    uint32_t *ccols;         /* row and new-row column indices, concatenated */
    size_t nccols, cccap;
    cc_row *crow;            /* the recorded rows */
    size_t ncrows, crcap;
    uint32_t *cexps;         /* column monomials, nvars each */
    size_t ncexps, cecap;
    uint32_t *cgexps;        /* the generators' monomials, nvars each */
    size_t ncgexps, cgcap;
    uint32_t *cglen;         /* the generators' lengths */
    size_t ncglen, cglcap;
    f4_cround *cr;           /* the replayed rounds, then the final matrix */
    size_t ncr, ccap;
};

enum { CC_NONE = 0, CC_READY = 1, CC_OFF = 2 };

/* The compiled structure of one matrix: ncols columns (monomials at cexps + ce0),
 * rows r0 .. r0 + nrows of the recorded rows (npiv reducers first), then nnew
 * recorded new rows (their supports, to be checked), or for the final matrix
 * nbase = the rows to tail-reduce. */
struct f4_cround {
    uint32_t ncols, npiv, nrows, nnew;
    size_t ce0, r0;
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
    gbc_free(ctx, tr->ccols);
    gbc_free(ctx, tr->crow);
    gbc_free(ctx, tr->cexps);
    gbc_free(ctx, tr->cgexps);
    gbc_free(ctx, tr->cglen);
    gbc_free(ctx, tr->cr);
    gbc_free(ctx, tr);
}

/* Forget the compiled replay (keeping the buffers); state becomes st. */
static void cc_reset(f4_trace *tr, int st)
{
    tr->nccols = tr->ncrows = tr->ncexps = tr->ncgexps = tr->ncglen = tr->ncr = 0;
    tr->cstate = st;
}

static size_t cc_bytes(const f4_trace *tr)
{
    return (tr->cccap + tr->cecap + tr->cgcap + tr->cglcap) * sizeof(uint32_t) +
           tr->crcap * sizeof(cc_row) + tr->ccap * sizeof(f4_cround);
}

size_t f4_trace_rounds(const f4_trace *tr)
{
    return tr->nrounds;
}

size_t f4_trace_memory(const f4_trace *tr)
{
    return (tr->rcap * (1 + (size_t)tr->nvars) + tr->lcap * (size_t)tr->nvars) *
               sizeof(uint32_t) +
           tr->cap * sizeof(f4_trace_round) + tr->nbasis + cc_bytes(tr);
}

int f4_trace_compiled(const f4_trace *tr)
{
    return tr->cstate == CC_READY;
}

static gbc_status trace_push_row(gbc_ctx *ctx, f4_trace *tr, uint32_t src, const uint32_t *mul)
{
    if (tr->nrows == tr->rcap) {
        size_t ncap = tr->rcap ? 2 * tr->rcap : 1024;
        size_t w = tr->nvars ? tr->nvars : 1;
        GBC_TRY(GBC_RESIZE(ctx, tr->src, ncap));
        GBC_TRY(GBC_RESIZE(ctx, tr->mul, ncap * w));
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
        GBC_TRY(GBC_RESIZE(ctx, tr->lead, ncap * w));
        tr->lcap = ncap;
    }
    memcpy(tr->lead + tr->nleads * tr->nvars, e, sizeof(uint32_t) * tr->nvars);
    tr->nleads++;
    return GBC_OK;
}

/* ------------------------------------------------------ compiled replay -- */

/* The compiled replay is given up when it would take more than this. */
#define CC_MAX_BYTES ((size_t)1 << 29)

/* Stop recording the compiled replay for good (it would be too large). */
static void cc_stop(f4_state *S)
{
    cc_reset(S->cc_rec, CC_OFF);
    S->cc_rec = NULL;
}

/* Whether recording may take bytes more: within CC_MAX_BYTES, and leaving at least
 * as much again under the context's memory limit. */
static int cc_fits(const f4_state *S, size_t bytes)
{
    if (cc_bytes(S->cc_rec) + bytes > CC_MAX_BYTES)
        return 0;
    const gbc_ctx *ctx = S->ctx;
    return ctx->mem_limit == 0 || ctx->mem_used + 4 * bytes < ctx->mem_limit;
}

static gbc_status cc_push_row(f4_state *S, const uint32_t *cols, uint32_t len, uint32_t src)
{
    f4_trace *t = S->cc_rec;
    GBC_TRY(GBC_GROW(S->ctx, t->ccols, t->cccap, t->nccols + len + 1));
    GBC_TRY(GBC_GROW(S->ctx, t->crow, t->crcap, t->ncrows + 1));
    memcpy(t->ccols + t->nccols, cols, sizeof(uint32_t) * len);
    t->crow[t->ncrows].off = t->nccols;
    t->crow[t->ncrows].len = len;
    t->crow[t->ncrows].src = src;
    t->nccols += len;
    t->ncrows++;
    return GBC_OK;
}

/* Record the generators' supports (their order in S->gens). */
static gbc_status cc_record_gens(f4_state *S)
{
    f4_trace *t = S->cc_rec;
    const uint32_t n = S->R->nvars;
    size_t terms = 0;
    for (size_t i = 0; i < S->ngens; i++)
        terms += S->gens[i].len;
    if (!cc_fits(S, (terms * n + S->ngens) * sizeof(uint32_t))) {
        cc_stop(S);
        return GBC_OK;
    }
    GBC_TRY(GBC_GROW(S->ctx, t->cgexps, t->cgcap, terms * n + 1));
    GBC_TRY(GBC_GROW(S->ctx, t->cglen, t->cglcap, S->ngens + 1));
    size_t o = 0;
    for (size_t i = 0; i < S->ngens; i++) {
        for (uint32_t k = 0; k < S->gens[i].len; k++, o += n)
            memcpy(t->cgexps + o, mht_exps(&S->bht, S->gens[i].mon[k]), sizeof(uint32_t) * n);
        t->cglen[i] = S->gens[i].len;
    }
    t->ncgexps = o;
    t->ncglen = S->ngens;
    return GBC_OK;
}

/* Whether the generators have the supports recorded. */
static int cc_gens_match(const f4_state *S)
{
    const f4_trace *t = S->cc_use;
    const uint32_t n = S->R->nvars;
    if (t->ncglen != S->ngens)
        return 0;
    size_t o = 0;
    for (size_t i = 0; i < S->ngens; i++) {
        if (t->cglen[i] != S->gens[i].len)
            return 0;
        for (uint32_t k = 0; k < S->gens[i].len; k++, o += n)
            if (n > 0 && memcmp(t->cgexps + o, mht_exps(&S->bht, S->gens[i].mon[k]),
                                sizeof(uint32_t) * n) != 0)
                return 0;
    }
    return 1;
}

/* Record the matrix just numbered by f4_columns: its column monomials and its rows
 * (reducers, then rows to reduce). */
static gbc_status cc_record_matrix(f4_state *S)
{
    f4_trace *t = S->cc_rec;
    if (t == NULL)
        return GBC_OK;
    const uint32_t n = S->R->nvars, nc = S->sht.size;
    size_t nnz = 0, nrows = S->npiv + S->ntbr;
    for (size_t i = 0; i < S->npiv; i++)
        nnz += S->piv[i].len;
    for (size_t i = 0; i < S->ntbr; i++)
        nnz += S->tbr[i].len;
    if (!cc_fits(S, (nnz + (size_t)nc * n) * sizeof(uint32_t) + nrows * sizeof(cc_row) +
                        sizeof(f4_cround))) {
        cc_stop(S);
        return GBC_OK;
    }
    GBC_TRY(GBC_GROW(S->ctx, t->cr, t->ccap, t->ncr + 1));
    GBC_TRY(GBC_GROW(S->ctx, t->cexps, t->cecap, t->ncexps + (size_t)nc * n + 1));
    f4_cround *c = &t->cr[t->ncr];
    c->ncols = nc;
    c->npiv = (uint32_t)S->npiv;
    c->nrows = (uint32_t)nrows;
    c->nnew = 0;
    c->ce0 = t->ncexps;
    c->r0 = t->ncrows;
    for (uint32_t k = 0; k < nc; k++)
        memcpy(t->cexps + t->ncexps + (size_t)k * n, mht_exps(&S->sht, S->colmon[k]),
               sizeof(uint32_t) * n);
    t->ncexps += (size_t)nc * n;
    for (size_t i = 0; i < S->npiv; i++)
        GBC_TRY(cc_push_row(S, S->piv[i].cols, S->piv[i].len, S->piv[i].src));
    for (size_t i = 0; i < S->ntbr; i++)
        GBC_TRY(cc_push_row(S, S->tbr[i].cols, S->tbr[i].len, S->tbr[i].src));
    t->ncr++;
    return GBC_OK;
}

/* Record the supports of the nnew new rows of the matrix recorded last. */
static gbc_status cc_record_new(f4_state *S, size_t nnew)
{
    f4_trace *t = S->cc_rec;
    if (t == NULL)
        return GBC_OK;
    size_t nnz = 0;
    for (size_t i = 0; i < nnew; i++)
        nnz += S->newrows[i].len;
    if (!cc_fits(S, nnz * sizeof(uint32_t) + nnew * sizeof(cc_row))) {
        cc_stop(S);
        return GBC_OK;
    }
    for (size_t i = 0; i < nnew; i++)
        GBC_TRY(cc_push_row(S, S->newrows[i].cols, S->newrows[i].len, 0));
    t->cr[t->ncr - 1].nnew = (uint32_t)nnew;
    return GBC_OK;
}

/* Whether the nnew new rows have the supports recorded for compiled matrix c. */
static int cc_new_match(const f4_state *S, const f4_cround *c, size_t nnew)
{
    const f4_trace *t = S->cc_use;
    if (nnew != c->nnew)
        return 0;
    for (size_t i = 0; i < nnew; i++) {
        const cc_row *w = &t->crow[c->r0 + c->nrows + i];
        if (w->len != S->newrows[i].len ||
            memcmp(t->ccols + w->off, S->newrows[i].cols, sizeof(uint32_t) * w->len) != 0)
            return 0;
    }
    return 1;
}

/* The monomial of column c of the current matrix. */
static inline const uint32_t *col_exps(const f4_state *S, uint32_t c)
{
    return S->cexps != NULL ? S->cexps + (size_t)c * S->R->nvars
                            : mht_exps(&S->sht, S->colmon[c]);
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
    GBC_TRY(dl_init(ctx, &S->dl, DL_TREE, R->nvars, &S->par.dm));
    GBC_TRY(GBC_ALLOC(ctx, S->mexps, R->nvars ? R->nvars : 1));
    return GBC_OK;
}

static gbc_status f4_reserve_basis(f4_state *S)
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
        if (S->npiv > 0 && row >= S->piv && row < S->piv + S->npiv)
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
static gbc_status f4_scratch(f4_state *S, uint32_t nc);

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
    GBC_TRY(f4_scratch(S, nc));
    S->ncols = nc;
    S->cexps = NULL;
    memset(S->pivot, 0, sizeof(la_row *) * nc);
    for (size_t i = 0; i < S->npiv; i++)
        S->pivot[S->piv[i].cols[0]] = &S->piv[i];
    return GBC_OK;
}

/* Dense scratch and the pivot table for nc columns. */
static gbc_status f4_scratch(f4_state *S, uint32_t nc)
{
    gbc_ctx *ctx = S->ctx;
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
    return GBC_OK;
}

/* Turn a matrix row (columns in decreasing monomial order) into a basis polynomial
 * with monomials in bht (from sht, or from the compiled column monomials). */
static gbc_status f4_row_to_poly(f4_state *S, const la_row *r, poly *h)
{
    GBC_TRY(poly_alloc(S->ctx, h, r->len, S->F));
    for (uint32_t k = 0; k < r->len; k++) {
        gbc_status st =
            S->cexps != NULL
                ? mht_insert(S->ctx, &S->bht, col_exps(S, r->cols[k]), &h->mon[k])
                : mht_insert_from(S->ctx, &S->bht, &S->sht, S->colmon[r->cols[k]], &h->mon[k]);
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
    la_matrix M = {S->ncols, S->pivot, S->dense, S->tcols, S->tcf};
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

/* The pivot table of the compiled matrix just set up (rows in S->piv). */
static void cc_pivots(f4_state *S)
{
    memset(S->pivot, 0, sizeof(la_row *) * S->ncols);
    for (size_t i = 0; i < S->npiv; i++)
        S->pivot[S->piv[i].cols[0]] = &S->piv[i];
}

/* f4_final's matrix from the compiled replay; sets S->cc_bad when the basis does
 * not have the recorded shape. */
static gbc_status f4_final_cc(f4_state *S, size_t *nbase)
{
    const f4_trace *t = S->cc_use;
    const f4_cround *c = &t->cr[t->ncr - 1];
    size_t live = 0;
    for (size_t i = 0; i < S->n; i++)
        live += !S->red[i];
    if (t->ncr != t->nrounds + 1 || live != c->nnew) {
        S->cc_bad = 1;
        return GBC_OK;
    }
    for (uint32_t k = 0; k < c->nrows; k++) {
        GBC_TRY(gbc_ctx_poll(S->ctx));
        const cc_row *w = &t->crow[c->r0 + k];
        if (w->src >= S->n || S->g[w->src].len != w->len || (k < c->nnew && S->red[w->src])) {
            S->cc_bad = 1;
            return GBC_OK;
        }
        la_row *row;
        GBC_TRY(push_row(S->ctx, &S->piv, &S->npiv, &S->pcap, &row));
        row->cols = t->ccols + w->off;
        row->cf = S->g[w->src].cf;
        row->len = w->len;
        row->src = w->src;
        row->tag = 0;
    }
    GBC_TRY(f4_scratch(S, c->ncols));
    S->ncols = c->ncols;
    S->cexps = t->cexps + c->ce0;
    cc_pivots(S);
    *nbase = c->nnew;
    return GBC_OK;
}

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
    size_t nbase = 0;
    if (S->cc_use != NULL) {
        GBC_TRY(f4_final_cc(S, &nbase));
        if (S->cc_bad)
            return GBC_OK;
    } else {
        /* Every minimal element is a pivot row for its own leading monomial. */
        for (size_t i = 0; i < S->n; i++) {
            if (S->red[i])
                continue;
            la_row *row;
            GBC_TRY(push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
            GBC_TRY(f4_make_row(S, 0, 0, &S->g[i], (uint32_t)i, row));
            S->sht.row[row->cols[0]].aux = MARK_PIVOT;
        }
        nbase = S->npiv;
        GBC_TRY(f4_symbolic(S));
        uint32_t npivcols;
        GBC_TRY(f4_columns(S, &npivcols));
        GBC_TRY(cc_record_matrix(S));
        if (S->cc_rec != NULL)
            S->cc_rec->cr[S->cc_rec->ncr - 1].nnew = (uint32_t)nbase;
    }
    la_matrix M = {S->ncols, S->pivot, S->dense, S->tcols, S->tcf};
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

/* The source polynomial of trace row j, or NULL when the trace names a row that
 * does not exist in this run. */
static const poly *replay_source(const f4_state *S, size_t j)
{
    uint32_t src = S->play->src[j];
    if (src & GEN_FLAG)
        return (src & ~GEN_FLAG) < S->ngens ? &S->gens[src & ~GEN_FLAG] : NULL;
    return src < S->n ? &S->g[src] : NULL;
}

/* The rows of replay round r from the compiled replay; *bad when a source does not
 * have the recorded support length. */
static gbc_status replay_rows_cc(f4_state *S, size_t r, int *bad)
{
    const f4_trace *t = S->cc_use;
    const f4_trace_round *rr = &S->play->rounds[r];
    const f4_cround *c = &t->cr[r];
    if (c->npiv != rr->nred || c->nrows != (size_t)rr->nred + rr->nnew) {
        *bad = 1;
        return GBC_OK;
    }
    for (uint32_t k = 0; k < c->nrows; k++) {
        GBC_TRY(gbc_ctx_poll(S->ctx));
        const poly *f = replay_source(S, rr->row0 + k);
        const cc_row *w = &t->crow[c->r0 + k];
        if (f == NULL || f->len != w->len) {
            *bad = 1;
            return GBC_OK;
        }
        la_row *row;
        if (k < rr->nred)
            GBC_TRY(push_row(S->ctx, &S->piv, &S->npiv, &S->pcap, &row));
        else
            GBC_TRY(push_row(S->ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
        row->cols = t->ccols + w->off;
        row->cf = f->cf;
        row->len = f->len;
        row->src = S->play->src[rr->row0 + k];
        row->tag = 0;
    }
    GBC_TRY(f4_scratch(S, c->ncols));
    S->ncols = c->ncols;
    S->cexps = t->cexps + c->ce0;
    cc_pivots(S);
    return GBC_OK;
}

/* The rows of replay round r, hashed into sht and numbered as in f4_round. */
static gbc_status replay_rows(f4_state *S, size_t r, int *bad)
{
    gbc_ctx *ctx = S->ctx;
    const f4_trace *tr = S->play;
    const f4_trace_round *rr = &tr->rounds[r];
    const uint32_t n = S->R->nvars;
    mht_reset(&S->sht);
    for (size_t k = 0; k < (size_t)rr->nred + rr->nnew; k++) {
        size_t j = rr->row0 + k;
        const uint32_t *mul = tr->mul + j * n;
        uint32_t mh = 0, md = 0;
        for (uint32_t v = 0; v < n; v++) {
            S->mexps[v] = mul[v];
            mh += S->par.rnd[v] * mul[v];
            md += mul[v];
        }
        const poly *f = replay_source(S, j);
        if (f == NULL) {
            *bad = 1;
            return GBC_OK;
        }
        la_row *row;
        if (k < rr->nred) {
            GBC_TRY(push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, f, tr->src[j], row));
            if (S->sht.row[row->cols[0]].aux == MARK_PIVOT) {
                *bad = 1; /* two reducers for one column */
                return GBC_OK;
            }
            S->sht.row[row->cols[0]].aux = MARK_PIVOT;
        } else {
            GBC_TRY(push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, f, tr->src[j], row));
        }
    }
    uint32_t npivcols;
    GBC_TRY(f4_columns(S, &npivcols));
    return cc_record_matrix(S);
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
    if (S->cc_use != NULL)
        GBC_TRY(replay_rows_cc(S, r, bad));
    else
        GBC_TRY(replay_rows(S, r, bad));
    if (*bad)
        return GBC_OK;
    double t1 = gbc_wall_time();
    GBC_TRY(GBC_GROW(ctx, S->newrows, S->ncap, S->ntbr + 1));
    la_matrix M = {S->ncols, S->pivot, S->dense, S->tcols, S->tcf};
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
        S->stats->matrix_cols += S->ncols;
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
        const uint32_t *e = col_exps(S, S->newrows[i].cols[0]);
        if (memcmp(e, tr->lead + (rr->lead0 + i) * n, sizeof(uint32_t) * n) != 0) {
            *bad = 1; /* a different leading monomial */
            return GBC_OK;
        }
    }
    if (S->cc_use != NULL && !cc_new_match(S, &S->cc_use->cr[r], nnew)) {
        *bad = 1; /* a support differs from the compiled run's: replay plainly */
        S->cc_bad = 1;
        return GBC_OK;
    }
    GBC_TRY(cc_record_new(S, nnew));
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
                          gb_stats *stats, f4_trace *rec, f4_trace *play, int *unlucky,
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
        if (play->cstate == CC_READY) {
            S.cc_use = play;
            if (play->ncr != play->nrounds + 1 || !cc_gens_match(&S))
                bad = 1;
        } else if (play->cstate == CC_NONE) {
            cc_reset(play, CC_NONE);
            S.cc_rec = play;
            GBC_CHECK(st, cc_record_gens(&S), done);
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
    if (S.cc_bad) {
        bad = 1;
        *unlucky = 1;
        goto done;
    }
    if (S.cc_rec != NULL && !unit && S.cc_rec->ncr == S.cc_rec->nrounds + 1)
        S.cc_rec->cstate = CC_READY;
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
    if (S.cc_rec != NULL && S.cc_rec->cstate != CC_READY)
        cc_reset(S.cc_rec, CC_NONE); /* incomplete: the next replay records anew */
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
                    gb_stats *stats, f4_trace *tr, int *unlucky)
{
    *unlucky = 0;
    if (R->F.p == 0 || !ring_is_graded(R))
        return GBC_ERR_INTERNAL;
    int compiled = tr->cstate == CC_READY;
    gbc_status st = f4_core(ctx, R, in, out, stats, NULL, tr, unlucky, 0);
    if (st == GBC_OK && *unlucky && compiled) {
        /* A support differs from the compiled run's (a coefficient vanished modulo
         * this prime or modulo that one): replay plainly, which records anew. */
        cc_reset(tr, CC_NONE);
        *unlucky = 0;
        st = f4_core(ctx, R, in, out, stats, NULL, tr, unlucky, 0);
    }
    return st;
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
