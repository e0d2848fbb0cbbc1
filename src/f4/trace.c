/* f4/trace: the trace of a learning run and the compiled replay (see f4.h and
 * struct f4_trace in f4_int.h): the recorder the driver calls as its observer
 * (f4_trace_recorder), the compiled replay's records, the guide's buffers. */
#include "f4/f4_int.h"

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


/* ------------------------------------------------------- recording -- */

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
 * rows (the nnew rows that gave new elements) need, and with zero != NULL also the
 * rows to reduce marked there (those that reduced to zero), 0 for the others. A column
 * is needed when a useful row has it or a needed reducer has it; a reducer is
 * needed when its pivot column is. Reducing the useful rows by the needed
 * reducers alone gives the same rows: a reduction step by a reducer only brings
 * in that reducer's columns, a row that reduced to zero never became a pivot, so
 * no useful row (nor a new pivot it meets) ever has a column outside the needed
 * ones. A worklist, so nothing depends on how the columns are numbered. */
static gbc_status f4_needed_reducers(f4_state *S, size_t nnew, const uint8_t *zero,
                                     uint8_t *keep)
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
    for (size_t i = 0; zero != NULL && i < S->ntbr; i++)
        if (zero[i])
            top = needed_cols(&S->tbr[i], inc, who, keep, stack, top);
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

/* zero[i] = 1 for the rows to reduce that gave no new element (with the exact
 * kernel's provenance: those that reduced to zero). */
static gbc_status zero_rows(f4_state *S, size_t nnew, uint8_t **zero)
{
    uint8_t *z;
    GBC_TRY(GBC_ALLOC(S->ctx, z, S->ntbr + 1));
    memset(z, 1, S->ntbr + 1);
    for (size_t i = 0; i < nnew; i++)
        z[S->newrows[i].tag] = 0;
    *zero = z;
    return GBC_OK;
}

gbc_status f4_record_round(f4_state *S, uint32_t d, size_t nnew)
{
    gbc_ctx *ctx = S->ctx;
    f4_trace *tr = S->rec;
    f4_trace_round rr = {d, tr->nrows, 0, (uint32_t)nnew, tr->nleads, 0};
    /* only the reducers the useful rows (and the zero rows, when they are
     * recorded) need (f4_needed_reducers), in their order */
    uint8_t *keep = NULL, *zero = NULL;
    if (tr->confirm)
        GBC_TRY(zero_rows(S, nnew, &zero));
    gbc_status st = GBC_ALLOC(ctx, keep, S->npiv + 1);
    if (st == GBC_OK)
        st = f4_needed_reducers(S, nnew, zero, keep);
    for (size_t k = 0; k < S->npiv && st == GBC_OK; k++) {
        if (!keep[k])
            continue;
        st = f4_trace_push_row(ctx, tr, S->piv[k].src, S->pmul + k * S->R->nvars);
        rr.nred++;
    }
    for (size_t i = 0; i < nnew && st == GBC_OK; i++) {
        uint32_t k = S->newrows[i].tag;
        st = f4_trace_push_row(ctx, tr, S->tbr[k].src, S->tmul + (size_t)k * S->R->nvars);
    }
    for (size_t k = 0; zero != NULL && k < S->ntbr && st == GBC_OK; k++) {
        if (!zero[k])
            continue;
        st = f4_trace_push_row(ctx, tr, S->tbr[k].src, S->tmul + k * S->R->nvars);
        rr.nzero++;
    }
    gbc_free(ctx, keep);
    gbc_free(ctx, zero);
    GBC_TRY(st);
    GBC_TRY(f4_sort_newrows(S, nnew));
    for (size_t i = 0; i < nnew; i++)
        GBC_TRY(f4_trace_push_lead(ctx, tr, mht_exps(&S->sht, S->colmon[S->newrows[i].cols[0]])));
    GBC_TRY(GBC_GROW(ctx, tr->rounds, tr->cap, tr->nrounds + 1));
    tr->rounds[tr->nrounds++] = rr;
    return GBC_OK;
}

void f4_trace_set_confirm(f4_trace *tr)
{
    tr->confirm = 1;
}

int f4_trace_confirms(const f4_trace *tr)
{
    return tr->confirm;
}

static gbc_status rec_start(f4_state *S)
{
    S->rec->nvars = S->R->nvars;
    return GBC_OK;
}

static gbc_status rec_basis_done(f4_state *S, int unit)
{
    f4_trace *tr = S->rec;
    tr->unit = unit;
    tr->nbasis = S->n;
    GBC_TRY(GBC_ALLOC(S->ctx, tr->red, S->n ? S->n : 1));
    if (S->n > 0)
        memcpy(tr->red, S->red, S->n);
    return GBC_OK;
}

const f4_observer f4_trace_recorder = {rec_start, f4_record_round, rec_basis_done};

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

/* Row r's columns against the recorded ones (len, coded at code): 1 when equal, 2
 * when r's are a subset with the same first column, 0 otherwise. */
static int cc_compare(const la_row *r, const uint16_t *code, uint32_t len)
{
    uint32_t col = 0, k = 0;
    int equal = r->len == len;
    for (uint32_t j = 0; j < len; j++) {
        col = f4_cc_next(&code, col);
        if (k < r->len && r->cols[k] == col)
            k++;
        else if (j == 0 || (k < r->len && r->cols[k] < col))
            return 0; /* another lead, or a column the record lacks */
        else
            equal = 0;
    }
    if (k < r->len)
        return 0;
    return equal ? 1 : 2;
}

/* Row r rewritten with the len recorded columns coded at code, zeros added. */
static gbc_status cc_widen(f4_state *S, la_row *r, const uint16_t *code, uint32_t len)
{
    uint32_t *cols = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * len);
    uint32_t *cf = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * len);
    if (cols == NULL || cf == NULL)
        return gbc_ctx_alloc_status(S->ctx);
    f4_cc_decode(code, len, cols);
    for (uint32_t j = 0, k = 0; j < len; j++)
        cf[j] = k < r->len && r->cols[k] == cols[j] ? r->cf[k++] : 0;
    r->cols = cols;
    r->cf = cf;
    r->len = len;
    return GBC_OK;
}

gbc_status f4_cc_new_fit(f4_state *S, const f4_cround *c, size_t nnew, int *fits)
{
    const f4_trace *t = S->cc_use;
    *fits = nnew == c->nnew;
    for (size_t i = 0; i < nnew && *fits; i++) {
        const cc_row *w = &t->crow[c->r0 + c->nrows + i];
        const uint16_t *code = t->ccode + w->off;
        int m = cc_compare(&S->newrows[i], code, w->len);
        if (m == 2 && S->cc_subset)
            GBC_TRY(cc_widen(S, &S->newrows[i], code, w->len));
        else if (m != 1)
            *fits = 0;
    }
    return GBC_OK;
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
