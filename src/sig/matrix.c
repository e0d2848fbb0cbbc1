/* sig/matrix: the matrix of one degree. Rows are multiples of elements (or
 * generators), each with the signature of the multiple; symbolic preprocessing adds
 * for every monomial the reducer of least signature; the rows are sorted by
 * signature and reduced top-down, every row only by the rows above it (of smaller
 * signature), so no row is ever swapped and every result keeps its signature. A
 * reducer whose leading column is still free is a pivot as it is (no work), as in
 * F4; every other row is swept through a dense accumulator. */
#include "sig/sig_int.h"

#include "common/sort.h"

/* row = multiplier (exps S->ex, hash, degree) times f, monomials into sht. */
static gbc_status make_row(sig_state *S, uint32_t mhash, uint32_t mdeg, const poly *f,
                           uint32_t idx, uint32_t tm, uint32_t elem, int sel)
{
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(gbc_ctx_poll(ctx));
    uint32_t *cols = gbc_arena_alloc(ctx, &S->arena, sizeof(uint32_t) * f->len);
    if (cols == NULL)
        return gbc_ctx_alloc_status(ctx);
    for (uint32_t k = 0; k < f->len; k++)
        GBC_TRY(mht_insert_mul_raw(ctx, &S->sht, S->ex, mhash, mdeg, &S->bht, f->mon[k],
                                   &cols[k]));
    GBC_TRY(GBC_GROW(ctx, S->row, S->rowcap, S->nrow + 1));
    S->row[S->nrow++] = (sig_row){idx, tm, elem, f->len, cols, f->cf, sel};
    int fresh;
    return sig_set_add(ctx, &S->rows, idx, tm, &fresh);
}

/* The row of a selected signature: its rewriter's multiple, or its generator. */
static gbc_status selected_row(sig_state *S, const sig_cand *c)
{
    const uint32_t n = S->R->nvars;
    if (c->elem == SIG_GEN) {
        memset(S->ex, 0, sizeof(uint32_t) * n);
        return make_row(S, 0, 0, &S->gens[c->idx], c->idx, c->tm, SIG_GEN, 1);
    }
    const sig_elem *E = &S->e[c->elem];
    const uint32_t *et = mht_exps(&S->rst, c->tm), *es = mht_exps(&S->sgt, E->sm);
    for (uint32_t i = 0; i < n; i++)
        S->ex[i] = et[i] - es[i];
    uint32_t mhash = S->rst.row[c->tm].hash - S->sgt.row[E->sm].hash;
    uint32_t mdeg = S->rst.row[c->tm].deg - S->sgt.row[E->sm].deg;
    return make_row(S, mhash, mdeg, &E->g, c->idx, c->tm, c->elem, 1);
}

/* The divisor of monomial u (of sht) whose multiple has the least signature. */
typedef struct min_visit {
    sig_state *S;
    uint32_t u;
    uint32_t best, bidx;
} min_visit;

static int visit_min(void *data, uint32_t val, const uint32_t *exps)
{
    min_visit *v = data;
    sig_state *S = v->S;
    const sig_elem *E = &S->e[val];
    if (v->best != UINT32_MAX && E->idx > v->bidx)
        return 0;
    const uint32_t n = S->R->nvars;
    const uint32_t *eu = mht_exps(&S->sht, v->u), *es = mht_exps(&S->sgt, E->sm);
    for (uint32_t i = 0; i < n; i++)
        S->ex2[i] = eu[i] - exps[i] + es[i];
    if (v->best == UINT32_MAX || E->idx < v->bidx ||
        mono_cmp(&S->R->ord, S->ex2, S->ex3) < 0) {
        v->best = val;
        v->bidx = E->idx;
        memcpy(S->ex3, S->ex2, sizeof(uint32_t) * n);
    }
    return 0;
}

/* Reducers for the monomials of sht from index from on. */
static gbc_status symbolic(sig_state *S, uint32_t from)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->R->nvars;
    for (uint32_t u = from; u < S->sht.size; u++) {
        min_visit v = {S, u, UINT32_MAX, 0};
        dl_for_each_divisor(&S->dl, mht_exps(&S->sht, u), S->sht.row[u].divmask, visit_min,
                            &v);
        if (v.best == UINT32_MAX)
            continue;
        uint32_t tm;
        GBC_TRY(mht_insert(ctx, &S->rst, S->ex3, &tm));
        /* a row of this signature is there already: if it is not this multiple,
         * what it leaves at u is reduced by a row of smaller signature anyway
         * (docs/sig.md) */
        if (sig_set_has(&S->rows, v.bidx, tm))
            continue;
        /* a syzygy signature: the multiple is a combination of rows of smaller
         * signature, one of which leads at u (it would reduce to zero) */
        if (sig_is_syzygy(S, v.bidx, &S->rst, tm))
            continue;
        const sig_elem *E = &S->e[v.best];
        const uint32_t *eu = mht_exps(&S->sht, u), *el = mht_exps(&S->bht, E->lm);
        for (uint32_t i = 0; i < n; i++)
            S->ex[i] = eu[i] - el[i];
        uint32_t mhash = S->sht.row[u].hash - S->bht.row[E->lm].hash;
        uint32_t mdeg = S->sht.row[u].deg - S->bht.row[E->lm].deg;
        GBC_TRY(make_row(S, mhash, mdeg, &E->g, v.bidx, tm, v.best, 0));
    }
    return GBC_OK;
}

/* Signature order within one degree: index, then the monomial. */
static int cmp_row(const void *a, const void *b, void *arg)
{
    const sig_state *S = arg;
    const sig_row *x = a, *y = b;
    if (x->idx != y->idx)
        return x->idx < y->idx ? -1 : 1;
    return mht_cmp(&S->rst, x->tm, y->tm);
}

static gbc_status columns(sig_state *S)
{
    gbc_ctx *ctx = S->ctx;
    uint32_t nc = S->sht.size;
    GBC_TRY(GBC_GROW(ctx, S->colmon, S->colcap, nc + 1));
    for (uint32_t i = 0; i < nc; i++)
        S->colmon[i] = i;
    GBC_TRY(mht_sort_desc(ctx, &S->sht, S->colmon, nc));
    for (uint32_t c = 0; c < nc; c++)
        S->sht.row[S->colmon[c]].aux = c;
    for (size_t r = 0; r < S->nrow; r++) {
        sig_row *w = &S->row[r];
        for (uint32_t k = 0; k < w->len; k++)
            w->cols[k] = S->sht.row[w->cols[k]].aux;
    }
    if (nc + 1 > S->densecap) {
        gbc_free(ctx, S->piv);
        gbc_free(ctx, S->dense);
        gbc_free(ctx, S->tcols);
        gbc_free(ctx, S->tcf);
        S->piv = NULL;
        S->dense = NULL;
        S->tcols = S->tcf = NULL;
        S->densecap = 0;
        size_t cap = (size_t)nc + nc / 2 + 16;
        GBC_TRY(GBC_ALLOC(ctx, S->piv, cap));
        GBC_TRY(GBC_ZALLOC(ctx, S->dense, cap));
        GBC_TRY(GBC_ALLOC(ctx, S->tcols, cap));
        GBC_TRY(GBC_ALLOC(ctx, S->tcf, cap));
        S->densecap = cap;
    }
    memset(S->piv, 0, sizeof(sig_piv) * nc);
    return GBC_OK;
}

/* Reduce row w by the pivots (rows above it) into *out (len 0: zero), monic. */
static gbc_status sweep(sig_state *S, const sig_row *w, uint32_t nc, sig_piv *out)
{
    const uint32_t p = S->F->p;
    const uint64_t p2 = S->F->p2;
    /* a multiple of p, at least 2^62: every value stays below it after one
     * subtraction, and below 2^64 before */
    const uint64_t red = (((uint64_t)1 << 63) / p2) * p2;
    uint64_t *restrict d = S->dense;
    const sig_piv *P = S->piv;
    const int small = p < (1u << 16);
    for (uint32_t k = 0; k < w->len; k++)
        d[w->cols[k]] = w->cf[k];
    uint32_t nout = 0;
    for (uint32_t c = w->cols[0]; c < nc; c++) {
        uint64_t x = d[c];
        if (x == 0)
            continue;
        d[c] = 0;
        uint32_t v = (uint32_t)(x % p);
        if (v == 0)
            continue;
        if (P[c].len == 0) {
            S->tcols[nout] = c;
            S->tcf[nout++] = v;
            continue;
        }
        const uint64_t m = p - v;
        const uint32_t *restrict pc = P[c].cols, *restrict pf = P[c].cf;
        const uint32_t len = P[c].len;
        uint32_t k = 1;
        if (small) {
            /* p < 2^16: products below 2^32, fewer than 2^32 of them per column */
            for (; k + 4 <= len; k += 4) {
                d[pc[k]] += m * pf[k];
                d[pc[k + 1]] += m * pf[k + 1];
                d[pc[k + 2]] += m * pf[k + 2];
                d[pc[k + 3]] += m * pf[k + 3];
            }
            for (; k < len; k++)
                d[pc[k]] += m * pf[k];
            continue;
        }
        for (; k + 4 <= len; k += 4) {
            uint32_t c0 = pc[k], c1 = pc[k + 1], c2 = pc[k + 2], c3 = pc[k + 3];
            uint64_t y0 = d[c0] + m * pf[k], y1 = d[c1] + m * pf[k + 1];
            uint64_t y2 = d[c2] + m * pf[k + 2], y3 = d[c3] + m * pf[k + 3];
            d[c0] = y0 >= red ? y0 - red : y0;
            d[c1] = y1 >= red ? y1 - red : y1;
            d[c2] = y2 >= red ? y2 - red : y2;
            d[c3] = y3 >= red ? y3 - red : y3;
        }
        for (; k < len; k++) {
            uint64_t y = d[pc[k]] + m * pf[k];
            d[pc[k]] = y >= red ? y - red : y;
        }
    }
    out->len = nout;
    out->cols = NULL;
    out->cf = NULL;
    if (nout == 0)
        return GBC_OK;
    uint32_t *cols = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * nout);
    uint32_t *cf = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * nout);
    if (cols == NULL || cf == NULL)
        return gbc_ctx_alloc_status(S->ctx);
    uint32_t inv = zp_inv(S->F, S->tcf[0]);
    for (uint32_t k = 0; k < nout; k++) {
        cols[k] = S->tcols[k];
        cf[k] = zp_mul(S->F, S->tcf[k], inv);
    }
    out->cols = cols;
    out->cf = cf;
    return GBC_OK;
}

/* Keep the rows and results of this pass for the next one, their columns back to
 * sht monomials (a result may be its row's own column array: converted once). */
static gbc_status keep_pass(sig_state *S)
{
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_GROW(ctx, S->prow, S->prevcap, S->nrow + 1));
    GBC_TRY(GBC_RESIZE(ctx, S->pres, S->prevcap));
    for (size_t r = 0; r < S->nrow; r++) {
        sig_row *w = &S->row[r];
        sig_piv *o = &S->res[r];
        for (uint32_t k = 0; k < w->len; k++)
            w->cols[k] = S->colmon[w->cols[k]];
        if (o->len > 0 && o->cols != w->cols) {
            uint32_t *c = (uint32_t *)o->cols;
            for (uint32_t k = 0; k < o->len; k++)
                c[k] = S->colmon[c[k]];
        }
        S->prow[r] = *w;
        S->pres[r] = *o;
    }
    S->nprev = S->nrow;
    return GBC_OK;
}

/* The rows of the selected signatures from S->kept[k0] on; one that has the
 * signature of a reducer of the previous pass replaces it. */
static gbc_status new_selected(sig_state *S, size_t k0)
{
    for (size_t k = k0; k < S->nkept; k++) {
        const sig_cand *c = &S->kept[k];
        if (sig_set_has(&S->rows, c->idx, c->tm)) {
            size_t r = 0;
            while (r < S->nrow && (S->row[r].idx != c->idx || S->row[r].tm != c->tm))
                r++;
            if (r < S->nrow) {
                S->row[r] = S->row[--S->nrow];
            }
        }
        GBC_TRY(selected_row(S, c));
    }
    return GBC_OK;
}

gbc_status sig_matrix(sig_state *S, int first)
{
    gbc_ctx *ctx = S->ctx;
    uint32_t from = 0;
    if (first) {
        mht_reset(&S->sht);
        gbc_arena_reset(&S->arena);
        sig_set_reset(&S->rows);
        S->nprev = 0;
        S->nrow = 0;
        S->nbuilt = 0;
        GBC_TRY(new_selected(S, 0));
    } else {
        /* the rows stay; the new signatures' rows join them, and the reducers of
         * the monomials they bring */
        GBC_TRY(keep_pass(S));
        from = S->sht.size;
        GBC_TRY(new_selected(S, S->nbuilt));
    }
    S->nbuilt = S->nkept;
    GBC_TRY(symbolic(S, from));
    GBC_TRY(gbc_sort_cmp(ctx, S->row, S->nrow, sizeof(sig_row), cmp_row, S));
    GBC_TRY(columns(S));
    GBC_TRY(GBC_GROW(ctx, S->res, S->rescap, S->nrow + 1));
    uint32_t nc = S->sht.size;
    size_t q = 0;
    int reuse = !first && S->has_thr;
    for (size_t r = 0; r < S->nrow; r++) {
        const sig_row *w = &S->row[r];
        sig_piv *o = &S->res[r];
        uint32_t c0 = w->cols[0];
        if (reuse) {
            if (w->idx > S->thr_idx ||
                (w->idx == S->thr_idx && mht_cmp(&S->rst, w->tm, S->thr_tm) >= 0))
                reuse = 0;
        }
        /* below the least new signature a row's result is the previous pass's: the
         * rows above it are the same, except reducers of monomials new in this
         * pass, which no earlier row contains */
        while (reuse && q < S->nprev &&
               (S->prow[q].idx < w->idx ||
                (S->prow[q].idx == w->idx && mht_cmp(&S->rst, S->prow[q].tm, w->tm) < 0)))
            q++;
        if (reuse && q < S->nprev && S->prow[q].idx == w->idx && S->prow[q].tm == w->tm &&
            S->prow[q].cols == w->cols) {
            if (S->pres[q].cols == S->prow[q].cols) {
                *o = (sig_piv){w->cols, w->cf, w->len}; /* the row itself */
            } else {
                *o = S->pres[q];
                uint32_t *c = (uint32_t *)o->cols;
                for (uint32_t k = 0; k < o->len; k++)
                    c[k] = S->sht.row[c[k]].aux;
            }
            q++;
            S->r_reused++;
        } else if (!w->sel && S->piv[c0].len == 0) {
            *o = (sig_piv){w->cols, w->cf, w->len};
        } else {
            GBC_TRY(gbc_ctx_check(ctx));
            GBC_TRY(sweep(S, w, nc, o));
        }
        if (o->len > 0)
            S->piv[o->cols[0]] = *o;
    }
    return GBC_OK;
}
