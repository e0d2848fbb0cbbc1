/* sig/matrix: the matrix of one degree. Rows are multiples of elements (or
 * generators), each with the signature of the multiple; symbolic preprocessing adds
 * for every monomial the reducer of least signature; the rows are taken in
 * increasing signature order (a heap) and each is reduced only by the rows before
 * it (of smaller signature), so no row is ever swapped and every result keeps its
 * signature. A reducer whose leading monomial has no pivot yet is a pivot as it is
 * (no work), as in F4; every other row is swept through a dense accumulator indexed
 * by the rank of the monomial. Columns are sht monomials, so rows can join while
 * the matrix is reduced (the closure of a degree, docs/sig.md). */
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
    if (S->sht.pk != NULL && mdeg < 256) {
        /* packed keys: a product's key is the sum of its factors' keys, and each
         * lookup compares 16 bytes (mht.h), as in F4's rows */
        uint64_t mpk[2];
        mht_pack(S->ex, S->R->nvars, mpk);
        GBC_TRY(mht_insert_mul_pk_n(ctx, &S->sht, S->ex, mpk, mhash, mdeg, &S->bht, f->mon,
                                    f->len, cols));
    } else {
        for (uint32_t k = 0; k < f->len; k++)
            GBC_TRY(mht_insert_mul_raw(ctx, &S->sht, S->ex, mhash, mdeg, &S->bht, f->mon[k],
                                       &cols[k]));
    }
    GBC_TRY(GBC_GROW(ctx, S->row, S->rowcap, S->nrow + 1));
    S->row[S->nrow] = (sig_row){idx, tm, elem, f->len, cols, f->cf, (uint8_t)sel, 0, 0};
    GBC_TRY(sig_set_put(ctx, &S->rows, idx, tm, (uint32_t)S->nrow, NULL));
    S->nrow++;
    return GBC_OK;
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
    uint32_t mhash = mht_hash_sub(S->rst.row[c->tm].hash, S->sgt.row[E->sm].hash);
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
        uint32_t mhash = mht_hash_sub(S->sht.row[u].hash, S->bht.row[E->lm].hash);
        uint32_t mdeg = S->sht.row[u].deg - S->bht.row[E->lm].deg;
        GBC_TRY(make_row(S, mhash, mdeg, &E->g, v.bidx, tm, v.best, 0));
    }
    return GBC_OK;
}

/* Signature order within one degree: index, then the monomial. */
static inline int row_less(const sig_state *S, uint32_t a, uint32_t b)
{
    const sig_row *x = &S->row[a], *y = &S->row[b];
    if (x->idx != y->idx)
        return x->idx < y->idx;
    return mht_cmp(&S->rst, x->tm, y->tm) < 0;
}

static gbc_status heap_push(sig_state *S, uint32_t r)
{
    GBC_TRY(GBC_GROW(S->ctx, S->heap, S->heapcap, S->nheap + 1));
    size_t i = S->nheap++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!row_less(S, r, S->heap[up]))
            break;
        S->heap[i] = S->heap[up];
        i = up;
    }
    S->heap[i] = r;
    return GBC_OK;
}

static uint32_t heap_pop(sig_state *S)
{
    uint32_t top = S->heap[0], last = S->heap[--S->nheap];
    size_t i = 0, n = S->nheap;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && row_less(S, S->heap[c + 1], S->heap[c]))
            c++;
        if (!row_less(S, S->heap[c], last))
            break;
        S->heap[i] = S->heap[c];
        i = c;
    }
    if (n > 0)
        S->heap[i] = last;
    return top;
}

/* Room for nc monomials: the pivot table (new entries empty), the dense
 * accumulator (zero), the scratch. */
static gbc_status room(sig_state *S, uint32_t nc)
{
    gbc_ctx *ctx = S->ctx;
    if (nc + 1 <= S->densecap)
        return GBC_OK;
    size_t old = S->densecap, cap = (size_t)nc + nc / 2 + 64;
    GBC_TRY(GBC_RESIZE(ctx, S->piv, cap));
    GBC_TRY(GBC_RESIZE(ctx, S->dense, cap));
    GBC_TRY(GBC_RESIZE(ctx, S->tcols, cap));
    GBC_TRY(GBC_RESIZE(ctx, S->tcf, cap));
    GBC_TRY(GBC_RESIZE(ctx, S->colmon, cap));
    GBC_TRY(GBC_RESIZE(ctx, S->rank, cap));
    memset(S->piv + old, 0, sizeof(sig_piv) * (cap - old));
    memset(S->dense + old, 0, sizeof(uint64_t) * (cap - old));
    S->densecap = cap;
    return GBC_OK;
}

/* Rank every monomial of sht (0: the largest). The accumulator is zero between
 * sweeps, so ranks may change then. */
static gbc_status rank_columns(sig_state *S)
{
    uint32_t nc = S->sht.size;
    GBC_TRY(room(S, nc));
    for (uint32_t i = 0; i < nc; i++)
        S->colmon[i] = i;
    GBC_TRY(mht_sort_desc(S->ctx, &S->sht, S->colmon, nc));
    for (uint32_t c = 0; c < nc; c++)
        S->rank[S->colmon[c]] = c;
    S->rank_dirty = 0;
    return GBC_OK;
}

/* Reduce row w by the pivots (rows before it) into *out (len 0: zero), monic. */
static gbc_status sweep(sig_state *S, const sig_row *w, sig_piv *out)
{
    const uint32_t p = S->F->p;
    const uint64_t p2 = S->F->p2;
    const uint32_t nc = S->sht.size;
    /* a multiple of p, at least 2^62: every value stays below it after one
     * subtraction, and below 2^64 before */
    const uint64_t red = (((uint64_t)1 << 63) / p2) * p2;
    uint64_t *restrict d = S->dense;
    const uint32_t *restrict rk = S->rank;
    const sig_piv *P = S->piv;
    const int small = p < (1u << 16);
    for (uint32_t k = 0; k < w->len; k++)
        d[rk[w->cols[k]]] = w->cf[k];
    uint32_t nout = 0;
    for (uint32_t c = rk[w->cols[0]]; c < nc; c++) {
        uint64_t x = d[c];
        if (x == 0)
            continue;
        d[c] = 0;
        uint32_t v = (uint32_t)(x % p);
        if (v == 0)
            continue;
        uint32_t mon = S->colmon[c];
        if (P[mon].len == 0) {
            S->tcols[nout] = mon;
            S->tcf[nout++] = v;
            continue;
        }
        const uint64_t m = p - v;
        const uint32_t *restrict pc = P[mon].cols, *restrict pf = P[mon].cf;
        const uint32_t len = P[mon].len;
        uint32_t k = 1;
        if (small) {
            /* p < 2^16: products below 2^32, fewer than 2^32 of them per column */
            for (; k + 4 <= len; k += 4) {
                d[rk[pc[k]]] += m * pf[k];
                d[rk[pc[k + 1]]] += m * pf[k + 1];
                d[rk[pc[k + 2]]] += m * pf[k + 2];
                d[rk[pc[k + 3]]] += m * pf[k + 3];
            }
            for (; k < len; k++)
                d[rk[pc[k]]] += m * pf[k];
            continue;
        }
        for (; k + 4 <= len; k += 4) {
            uint32_t c0 = rk[pc[k]], c1 = rk[pc[k + 1]], c2 = rk[pc[k + 2]], c3 = rk[pc[k + 3]];
            uint64_t y0 = d[c0] + m * pf[k], y1 = d[c1] + m * pf[k + 1];
            uint64_t y2 = d[c2] + m * pf[k + 2], y3 = d[c3] + m * pf[k + 3];
            d[c0] = y0 >= red ? y0 - red : y0;
            d[c1] = y1 >= red ? y1 - red : y1;
            d[c2] = y2 >= red ? y2 - red : y2;
            d[c3] = y3 >= red ? y3 - red : y3;
        }
        for (; k < len; k++) {
            uint64_t y = d[rk[pc[k]]] + m * pf[k];
            d[rk[pc[k]]] = y >= red ? y - red : y;
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

/* A reducer of a monomial that no earlier row contains, with a signature below the
 * current row's: it would have been a pivot as it is, so it is one now. */
static void direct_pivot(sig_state *S, uint32_t q)
{
    sig_row *w = &S->row[q];
    S->res[q] = (sig_piv){w->cols, w->cf, w->len};
    w->done = 1;
    GBC_ASSERT(S->piv[w->cols[0]].len == 0);
    S->piv[w->cols[0]] = S->res[q];
}

/* The rows of the new selected signatures S->kept[k0..) join the matrix during
 * the reduction of row cur: each replaces a waiting reducer of its signature, if
 * there is one; then the reducers of the monomials they bring. */
static gbc_status join(sig_state *S, size_t k0, uint32_t cur)
{
    uint32_t n0 = (uint32_t)S->nrow, m0 = S->sht.size;
    for (size_t k = k0; k < S->nkept; k++) {
        const sig_cand *c = &S->kept[k];
        uint32_t q = sig_set_get(&S->rows, c->idx, c->tm);
        if (q != UINT32_MAX) {
            GBC_ASSERT(!S->row[q].done);
            S->row[q].dead = 1;
        }
        GBC_TRY(selected_row(S, c));
    }
    GBC_TRY(symbolic(S, m0));
    GBC_TRY(room(S, S->sht.size));
    memset(S->piv + m0, 0, sizeof(sig_piv) * (S->sht.size - m0));
    GBC_TRY(GBC_GROW(S->ctx, S->res, S->rescap, S->nrow + 1));
    for (uint32_t q = n0; q < S->nrow; q++) {
        if (!S->row[q].sel && row_less(S, q, cur)) {
            direct_pivot(S, q);
            S->r_direct++;
        } else {
            GBC_TRY(heap_push(S, q));
        }
    }
    if (S->sht.size > m0)
        S->rank_dirty = 1;
    return GBC_OK;
}

/* The closure of a degree: a result h whose lm u is a multiple of an older lm
 * lm_j (with (u / lm_j) s(j) > s(h): else h would have been reduced) makes the
 * pair (h, j) of degree d, whose signature must be a row of this very matrix so
 * that the degree is reduced in signature order. Collects those signatures into
 * S->cand. */
typedef struct clo_visit {
    sig_state *S;
    uint32_t u, hidx, htm;
    gbc_status st;
} clo_visit;

static int visit_clo(void *data, uint32_t val, const uint32_t *exps)
{
    clo_visit *v = data;
    sig_state *S = v->S;
    const sig_elem *J = &S->e[val];
    const uint32_t n = S->R->nvars;
    const uint32_t *eu = mht_exps(&S->sht, v->u), *tj = mht_exps(&S->sgt, J->sm);
    for (uint32_t i = 0; i < n; i++)
        S->ex2[i] = eu[i] - exps[i] + tj[i];
    int c;
    if (J->idx != v->hidx)
        c = J->idx > v->hidx ? 1 : -1;
    else
        c = mono_cmp(&S->R->ord, S->ex2, mht_exps(&S->rst, v->htm));
    if (c <= 0)
        return 0;
    uint32_t tm;
    if ((v->st = mht_insert(S->ctx, &S->rst, S->ex2, &tm)) != GBC_OK)
        return 1;
    if (sig_set_has(&S->sel, J->idx, tm))
        return 0;
    if ((v->st = GBC_GROW(S->ctx, S->cand, S->candcap, S->ncand + 1)) != GBC_OK)
        return 1;
    S->cand[S->ncand++] = (sig_cand){J->idx, tm, val};
    return 0;
}

/* The signatures of the pairs of degree d that the new result o of selected row w
 * makes (see docs/sig.md, closure), into S->cand. */
static gbc_status sig_closure(sig_state *S, const sig_row *w, const sig_piv *o)
{
    clo_visit v = {S, o->cols[0], w->idx, w->tm, GBC_OK};
    dl_for_each_divisor(&S->dl, mht_exps(&S->sht, v.u), S->sht.row[v.u].divmask, visit_clo,
                        &v);
    return v.st;
}

gbc_status sig_matrix(sig_state *S)
{
    gbc_ctx *ctx = S->ctx;
    mht_reset(&S->sht);
    gbc_arena_reset(&S->arena);
    sig_set_reset(&S->rows);
    S->nrow = 0;
    S->nheap = 0;
    for (size_t k = 0; k < S->nkept; k++)
        GBC_TRY(selected_row(S, &S->kept[k]));
    GBC_TRY(symbolic(S, 0));
    GBC_TRY(rank_columns(S));
    memset(S->piv, 0, sizeof(sig_piv) * S->sht.size);
    GBC_TRY(GBC_GROW(ctx, S->res, S->rescap, S->nrow + 1));
    for (uint32_t r = 0; r < S->nrow; r++)
        GBC_TRY(heap_push(S, r));
    while (S->nheap > 0) {
        uint32_t r = heap_pop(S);
        sig_row *w = &S->row[r];
        if (w->dead)
            continue;
        sig_piv *o = &S->res[r];
        if (!w->sel && S->piv[w->cols[0]].len == 0) {
            *o = (sig_piv){w->cols, w->cf, w->len};
        } else {
            GBC_TRY(gbc_ctx_check(ctx));
            if (S->rank_dirty)
                GBC_TRY(rank_columns(S));
            GBC_TRY(sweep(S, w, o));
        }
        w->done = 1;
        if (o->len > 0)
            S->piv[o->cols[0]] = *o;
        if (w->sel && o->len > 0 && (w->elem == SIG_GEN || o->cols[0] != w->cols[0])) {
            GBC_TRY(sig_closure(S, w, o));
            if (S->ncand > 0) {
                size_t k0 = S->nkept, added;
                GBC_TRY(sig_filter(S, &added));
                if (added > 0) {
                    S->r_passes++;
                    GBC_TRY(join(S, k0, r));
                }
            }
        }
    }
    return GBC_OK;
}
