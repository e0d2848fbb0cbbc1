/* f4/trace: the trace of a learning run and the compiled replay (see f4.h and
 * struct f4_trace in f4_int.h). */
#include "f4/f4_int.h"

#include "common/pool.h"

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
    gbc_free(ctx, tr->ccode);
    gbc_free(ctx, tr->crow);
    gbc_free(ctx, tr->cexps);
    gbc_free(ctx, tr->cgexps);
    gbc_free(ctx, tr->cglen);
    gbc_free(ctx, tr->cr);
    gbc_free(ctx, tr->olen);
    gbc_free(ctx, tr->ocols);
    gbc_free(ctx, tr);
}

/* Forget the compiled replay (keeping the buffers); state becomes st. */
void f4_cc_reset(f4_trace *tr, int st)
{
    tr->nccode = tr->ncrows = tr->ncexps = tr->ncgexps = tr->ncglen = tr->ncr = 0;
    tr->nout = tr->nocols = 0;
    tr->cstate = st;
}

static size_t cc_bytes(const f4_trace *tr)
{
    return tr->cccap * sizeof(uint16_t) +
           (tr->cecap + tr->cgcap + tr->cglcap) * sizeof(uint32_t) +
           tr->crcap * sizeof(cc_row) + tr->ccap * sizeof(f4_cround) +
           (tr->olcap + tr->occap) * sizeof(uint32_t);
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

size_t f4_trace_out_terms(const f4_trace *tr)
{
    return tr->cstate == CC_READY && tr->nout > 0 ? tr->nocols : 0;
}

uint32_t f4_trace_nvars(const f4_trace *tr)
{
    return tr->nvars;
}

gbc_status f4_trace_push_row(gbc_ctx *ctx, f4_trace *tr, uint32_t src, const uint32_t *mul)
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

gbc_status f4_trace_push_lead(gbc_ctx *ctx, f4_trace *tr, const uint32_t *e)
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
    f4_cc_reset(S->cc_rec, CC_OFF);
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

/* Room for words more codes: the used part plus that, exactly. */
static gbc_status cc_reserve(f4_state *S, size_t words)
{
    f4_trace *t = S->cc_rec;
    size_t need = t->nccode + words;
    if (need <= t->cccap)
        return GBC_OK;
    GBC_TRY(GBC_RESIZE(S->ctx, t->ccode, need));
    t->cccap = need;
    return GBC_OK;
}

static gbc_status cc_push_row(f4_state *S, const uint32_t *cols, uint32_t len, uint32_t src)
{
    f4_trace *t = S->cc_rec;
    /* at most three words a column */
    GBC_TRY(GBC_GROW(S->ctx, t->ccode, t->cccap, t->nccode + 3 * (size_t)len + 1));
    GBC_TRY(GBC_GROW(S->ctx, t->crow, t->crcap, t->ncrows + 1));
    uint16_t *w = t->ccode + t->nccode;
    uint32_t prev = 0;
    for (uint32_t k = 0; k < len; k++) {
        int64_t d = (int64_t)cols[k] - (int64_t)prev;
        if (k > 0 && d >= -32767 && d <= 32767) {
            *w++ = (uint16_t)(int16_t)d;
        } else {
            *w++ = CC_ESC;
            *w++ = (uint16_t)(cols[k] & 0xffffu);
            *w++ = (uint16_t)(cols[k] >> 16);
        }
        prev = cols[k];
    }
    t->crow[t->ncrows].off = t->nccode;
    t->crow[t->ncrows].len = len;
    t->crow[t->ncrows].src = src;
    t->nccode = (size_t)(w - t->ccode);
    t->ncrows++;
    return GBC_OK;
}

gbc_status f4_cc_row_cols(f4_state *S, const cc_row *w, uint32_t **cols)
{
    uint32_t *c = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * (w->len ? w->len : 1));
    if (c == NULL)
        return gbc_ctx_alloc_status(S->ctx);
    f4_cc_decode(S->cc_use->ccode + w->off, w->len, c);
    *cols = c;
    return GBC_OK;
}

/* Give the compiled replay's arrays back their unused capacity (they grew
 * geometrically while recording). */
void f4_cc_shrink(gbc_ctx *ctx, f4_trace *t)
{
    if (t->nccode > 0 && t->nccode < t->cccap &&
        gbc_resize_array(ctx, (void **)&t->ccode, t->nccode, sizeof *t->ccode) == GBC_OK)
        t->cccap = t->nccode;
    if (t->ncrows > 0 && t->ncrows < t->crcap &&
        gbc_resize_array(ctx, (void **)&t->crow, t->ncrows, sizeof *t->crow) == GBC_OK)
        t->crcap = t->ncrows;
    if (t->ncexps > 0 && t->ncexps < t->cecap &&
        gbc_resize_array(ctx, (void **)&t->cexps, t->ncexps, sizeof *t->cexps) == GBC_OK)
        t->cecap = t->ncexps;
    if (t->nocols > 0 && t->nocols < t->occap &&
        gbc_resize_array(ctx, (void **)&t->ocols, t->nocols, sizeof *t->ocols) == GBC_OK)
        t->occap = t->nocols;
}

/* Record the generators' supports (their order in S->gens). */
gbc_status f4_cc_record_gens(f4_state *S)
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
int f4_cc_gens_match(const f4_state *S)
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
gbc_status f4_cc_record_matrix(f4_state *S)
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
    /* the codes of this matrix's rows at most: reserved exactly, not doubled (the
     * compiled trace is the largest thing a replay keeps) */
    GBC_TRY(cc_reserve(S, 3 * nnz + 1));
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
gbc_status f4_cc_record_new(f4_state *S, size_t nnew)
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
    GBC_TRY(cc_reserve(S, 3 * nnz + 1));
    for (size_t i = 0; i < nnew; i++)
        GBC_TRY(cc_push_row(S, S->newrows[i].cols, S->newrows[i].len, 0));
    t->cr[t->ncr - 1].nnew = (uint32_t)nnew;
    return GBC_OK;
}

/* Whether the nnew new rows have the supports recorded for compiled matrix c. */
int f4_cc_new_match(const f4_state *S, const f4_cround *c, size_t nnew)
{
    const f4_trace *t = S->cc_use;
    if (nnew != c->nnew)
        return 0;
    for (size_t i = 0; i < nnew; i++) {
        const cc_row *w = &t->crow[c->r0 + c->nrows + i];
        if (w->len != S->newrows[i].len)
            return 0;
        /* decode on the fly */
        const uint16_t *code = t->ccode + w->off;
        const uint32_t *cols = S->newrows[i].cols;
        uint32_t col = 0;
        for (uint32_t k = 0; k < w->len; k++) {
            col = f4_cc_next(&code, col);
            if (col != cols[k])
                return 0;
        }
    }
    return 1;
}


gbc_status f4_cc_record_out(f4_state *S, const uint32_t *cols, uint32_t len)
{
    f4_trace *t = S->cc_rec;
    if (t == NULL)
        return GBC_OK;
    if (!cc_fits(S, (len + 1) * sizeof(uint32_t))) {
        cc_stop(S);
        return GBC_OK;
    }
    GBC_TRY(GBC_GROW(S->ctx, t->olen, t->olcap, t->nout + 1));
    GBC_TRY(GBC_GROW(S->ctx, t->ocols, t->occap, t->nocols + len + 1));
    memcpy(t->ocols + t->nocols, cols, sizeof(uint32_t) * len);
    t->olen[t->nout++] = len;
    t->nocols += len;
    return GBC_OK;
}

/* ------------------------------------------------------------ shrink -- */

void f4_trace_shrink(gbc_ctx *ctx, f4_trace *t)
{
    const size_t w = t->nvars ? t->nvars : 1;
    /* a failed shrink leaves the larger block: rcap stays a lower bound of both */
    if (t->nrows > 0 && t->nrows < t->rcap) {
        (void)gbc_resize_array(ctx, (void **)&t->src, t->nrows, sizeof *t->src);
        (void)gbc_resize_array(ctx, (void **)&t->mul, t->nrows * w, sizeof *t->mul);
        t->rcap = t->nrows;
    }
    if (t->nleads > 0 && t->nleads < t->lcap) {
        (void)gbc_resize_array(ctx, (void **)&t->lead, t->nleads * w, sizeof *t->lead);
        t->lcap = t->nleads;
    }
}

/* ----------------------------------------------------- guided learning -- */

void f4_trace_reset(gbc_ctx *ctx, f4_trace *tr)
{
    tr->nrows = tr->nleads = tr->nrounds = 0;
    gbc_free(ctx, tr->red);
    tr->red = NULL;
    tr->nbasis = 0;
    tr->unit = 0;
    f4_cc_reset(tr, CC_NONE);
}

void f4_guide_init(f4_guide *g, uint32_t nvars)
{
    memset(g, 0, sizeof *g);
    g->nvars = nvars;
}

void f4_guide_clear(gbc_ctx *ctx, f4_guide *g)
{
    gbc_free(ctx, g->deg);
    gbc_free(ctx, g->src);
    gbc_free(ctx, g->mul);
    gbc_free(ctx, g->lead);
    gbc_free(ctx, g->minlead);
    gbc_free(ctx, g->genlead);
    f4_guide_init(g, g->nvars);
}

gbc_status f4_guide_push(gbc_ctx *ctx, f4_guide *g, uint32_t deg, uint32_t src,
                         const uint32_t *mul, const uint32_t *lead)
{
    const size_t w = g->nvars ? g->nvars : 1;
    if (g->n == g->cap) {
        /* a failed step leaves cap a lower bound of every array's size */
        size_t nc = g->cap ? 2 * g->cap : 256;
        GBC_TRY(GBC_RESIZE(ctx, g->deg, nc));
        GBC_TRY(GBC_RESIZE(ctx, g->src, nc));
        GBC_TRY(GBC_RESIZE(ctx, g->mul, nc * w));
        GBC_TRY(GBC_RESIZE(ctx, g->lead, nc * w));
        g->cap = nc;
    }
    g->deg[g->n] = deg;
    g->src[g->n] = src;
    memcpy(g->mul + g->n * g->nvars, mul, sizeof(uint32_t) * g->nvars);
    memcpy(g->lead + g->n * g->nvars, lead, sizeof(uint32_t) * g->nvars);
    g->n++;
    return GBC_OK;
}

static gbc_status guide_push_exps(gbc_ctx *ctx, uint32_t **arr, size_t *n, size_t *cap,
                                  uint32_t nvars, const uint32_t *e)
{
    const size_t w = nvars ? nvars : 1;
    if (*n == *cap) {
        size_t nc = *cap ? 2 * *cap : 256;
        GBC_TRY(gbc_resize_array(ctx, (void **)arr, nc * w, sizeof(uint32_t)));
        *cap = nc;
    }
    memcpy(*arr + *n * nvars, e, sizeof(uint32_t) * nvars);
    (*n)++;
    return GBC_OK;
}

gbc_status f4_guide_push_min(gbc_ctx *ctx, f4_guide *g, const uint32_t *lead)
{
    return guide_push_exps(ctx, &g->minlead, &g->nmin, &g->mcap, g->nvars, lead);
}

gbc_status f4_guide_push_gen(gbc_ctx *ctx, f4_guide *g, const uint32_t *lead)
{
    return guide_push_exps(ctx, &g->genlead, &g->ngens, &g->gcap, g->nvars, lead);
}

/* Stops at a divisor of the lead other than the lead itself (as f4_add). */
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
    *mh = *md = 0;
    for (uint32_t v = 0; v < n; v++) {
        S->mexps[v] = e[v] - el[v];
        *mh = mht_hash_add(*mh, mht_hash_term(S->par.rnd[v], S->mexps[v]));
        *md += S->mexps[v];
    }
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
    uint32_t npivcols;
    GBC_TRY(f4_columns(S, &npivcols));
    double t1 = gbc_wall_time();
    size_t nnew = 0;
    GBC_TRY(f4_echelon(S, &nnew));
    double t2 = gbc_wall_time();
    size_t nnz = 0, nrows = S->npiv + S->ntbr;
    for (size_t i = 0; i < S->npiv; i++)
        nnz += S->piv[i].len;
    for (size_t i = 0; i < S->ntbr; i++)
        nnz += S->tbr[i].len;
    if (S->stats) {
        S->stats->rounds++;
        S->stats->pairs_reduced += S->ntbr;
        S->stats->zero_reductions += S->ntbr - nnew;
        S->stats->matrix_rows += nrows;
        S->stats->matrix_cols += S->sht.size;
        S->stats->matrix_nnz += nnz;
        S->stats->t_select += t1 - t0;
        S->stats->t_linalg += t2 - t1;
    }
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

gbc_status f4_learn_guided(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                           gb_stats *stats, f4_trace *tr, const f4_guide *gd, int *failed)
{
    *failed = 0;
    if (R->F.p == 0 || !ring_is_graded(R) || gd->nvars != R->nvars)
        return GBC_ERR_INTERNAL;
    const uint32_t n = R->nvars;
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
    tr->nvars = n;
    S.kern = la_kernel_select(ctx->plan->la_mode, S.F, 1);
    /* the generators as F4 takes them: monic, zeros dropped, stably by lead degree */
    GBC_CHECK(st, f4_take_gens(&S, in, &unit), done);
    /* the replay takes the generators as the first elements (f4.c add_gens): the
     * guide's generators must be these */
    if (unit || S.ngens > F4_DIRECT_GENS_MAX || ctx->plan->f4_gens_as_rows ||
        S.ngens != gd->ngens) {
        *failed = 1;
        goto done;
    }
    for (size_t i = 0; i < S.ngens; i++)
        if (n > 0 && memcmp(mht_exps(&S.bht, S.gens[i].mon[0]), gd->genlead + i * n,
                            sizeof(uint32_t) * n) != 0) {
            *failed = 1;
            goto done;
        }
    for (size_t i = 0; i < S.ngens; i++)
        GBC_CHECK(st, gd_add(&S, &S.gens[i]), done);
    S.gnext = S.ngens;
    GBC_CHECK(st, GBC_ALLOC(ctx, G.emap, gd->n ? gd->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, G.ue, n ? n : 1), done);
    for (size_t k = 0; k < gd->n; k++)
        G.emap[k] = UINT32_MAX;
    gbc_log(ctx, 1, "F4 guided by %zu rows over GF(%u), %u variables, %zu generators", gd->n,
            R->F.p, n, S.ngens);
    gbc_log(ctx, 1, "degree   guide     rows x cols    density    new   seconds    same  missed");
    for (size_t a = 0; a < gd->n && !unit;) {
        size_t b = a;
        while (b < gd->n && gd->deg[b] == gd->deg[a])
            b++;
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
        size_t missed = G.missed;
        G.all = 0;
        GBC_CHECK(st, gd_round(&S, &G, a, b, &unit), done);
        if (G.missed > missed && !unit) {
            /* leads of the guide not reached: the round again, with the rows of
             * every element whose lead divides a guide row's (the elements the
             * round gave take part now) */
            G.missed = missed;
            G.all = 1;
            G.repairs++;
            GBC_CHECK(st, gd_round(&S, &G, a, b, &unit), done);
        }
        a = b;
    }
    if (unit) {
        *failed = 1;
        goto done;
    }
    /* the check: every leading monomial of the guide's basis is divisible by one
     * of this basis (whose elements are in the ideal: it is then a Groebner basis) */
    size_t missing = 0;
    for (size_t k = 0; k < gd->nmin; k++) {
        const uint32_t *e = gd->minlead + k * n;
        if (dl_find_divisor(&S.dl, e, mono_divmask_of(&S.par.dm, e)) == UINT32_MAX)
            missing++;
    }
    gbc_log(ctx, 1,
            "F4 guided: %zu elements, %zu guide rows built, %zu without a second element at "
            "their lead, %zu rounds repaired; %zu of the guide's %zu leading monomials not "
            "reached",
            S.n, G.rows, G.skipped, G.repairs, missing, gd->nmin);
    if (missing > 0) {
        *failed = 1;
        goto done;
    }
    /* redundant: every element the divisor lookup does not hold (a lead that is a
     * multiple of another's, or equal to a later one's) */
    for (size_t i = 0; i < S.n; i++) {
        gd_self sv = {(uint32_t)i, 0};
        const uint32_t lm = S.lm[i];
        dl_for_each_divisor(&S.dl, mht_exps(&S.bht, lm), S.bht.row[lm].divmask, gd_visit_self,
                            &sv);
        S.red[i] = (uint8_t)!sv.found;
    }
    tr->unit = 0;
    tr->nbasis = S.n;
    GBC_CHECK(st, GBC_ALLOC(ctx, tr->red, S.n ? S.n : 1), done);
    if (S.n > 0)
        memcpy(tr->red, S.red, S.n);
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
