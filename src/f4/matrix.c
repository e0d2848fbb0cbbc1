/* f4/matrix: a round's matrix for la/: columns numbered in the Faugere-Lachartre
 * order (pivot columns first), the pivot table and scratch, the run's kernel, and
 * the new rows turned back into polynomials. */
#include "f4/f4_int.h"

#include "common/pool.h"
#include "common/sort.h"

/* Row r's monomials (indices of sht) rewritten as their column numbers (aux). */
static void remap_row(const mht *sht, la_row *r)
{
    for (uint32_t k = 0; k < r->len; k++)
        r->cols[k] = sht->row[r->cols[k]].aux;
}

/* The rewriting on several threads: the parts take REMAP_GRAB rows at a time of
 * the pivots and then of the rows to reduce, until none is left (each row is its
 * own; the table is read). Taken in turn, not split in equal shares: the rows and
 * the table were last written by the calling thread, so the other threads read
 * them from another core's cache and get through about half as many rows in the
 * same time. */
#define REMAP_GRAB 64
typedef struct remap_job {
    f4_state *S;
    atomic_size_t next;
} remap_job;

static void remap_part(void *arg, int t)
{
    remap_job *J = arg;
    f4_state *S = J->S;
    const size_t n = S->npiv + S->ntbr;
    size_t a, b;
    (void)t;
    while (gbc_take_chunk(&J->next, n, REMAP_GRAB, &a, &b))
        for (size_t i = a; i < b; i++)
            remap_row(&S->sht, i < S->npiv ? &S->piv[i] : &S->tbr[i - S->npiv]);
}

int f4_round_threads(const f4_state *S)
{
    const gbc_pool *pool = S->ctx->pool;
    if (pool == NULL || S->la.threads < 2)
        return 1;
    return S->la.threads < gbc_pool_size(pool) ? S->la.threads : gbc_pool_size(pool);
}

void f4_arena_done(f4_state *S, gbc_arena *a)
{
    if (S->flat != NULL && S->flat->keep != NULL) {
        gbc_arena_reset(a);
    } else {
        gbc_arena_clear(S->ctx, a);
        gbc_arena_init(a, 1 << 20);
    }
}

/* A new numbering of the columns: every column's bht index is unknown again. */
static void colbht_forget(f4_state *S)
{
    if (++S->colstamp == 0) {
        /* after 2^32 numberings: the stamps start again from a cleared table */
        if (S->colbht != NULL)
            memset(S->colbht, 0, sizeof(uint64_t) * S->cbcap);
        S->colstamp = 1;
    }
}

/* Matrices with fewer rows than this are rewritten on the calling thread. */
#define COLS_MIN_ROWS 512

/* Number the columns: pivot columns first, each block in decreasing order; then
 * rewrite every row's monomials as column numbers and set up the pivot table. */
gbc_status f4_columns(f4_state *S, uint32_t *npivcols)
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
    const int nt = f4_round_threads(S);
    if (nt > 1 && S->npiv + S->ntbr >= COLS_MIN_ROWS) {
        GBC_TRY(gbc_ctx_poll(ctx));
        remap_job J = {S, 0};
        atomic_init(&J.next, 0);
        gbc_pool_run(ctx->pool, remap_part, &J, nt);
    } else {
        for (size_t i = 0; i < S->npiv; i++) {
            GBC_TRY(gbc_ctx_poll(ctx));
            remap_row(sht, &S->piv[i]);
        }
        for (size_t i = 0; i < S->ntbr; i++) {
            GBC_TRY(gbc_ctx_poll(ctx));
            remap_row(sht, &S->tbr[i]);
        }
    }
    GBC_TRY(f4_scratch(S, nc));
    S->ncols = nc;
    S->cexps = NULL;
    colbht_forget(S);
    memset(S->pivot, 0, sizeof(la_row *) * nc);
    for (size_t i = 0; i < S->npiv; i++)
        S->pivot[S->piv[i].cols[0]] = &S->piv[i];
    return GBC_OK;
}

/* The lanes for nc columns: 64 bytes a column, sized to the matrix (not doubled). */
static gbc_status lanes_for(f4_state *S, uint32_t nc)
{
    if (S->lanecap >= nc)
        return GBC_OK;
    gbc_free(S->ctx, S->lanes);
    S->lanes = NULL;
    S->lanecap = 0;
    S->lanes = gbc_calloc_written(S->ctx, (size_t)nc * LA_LANES, sizeof *S->lanes);
    if (S->lanes == NULL)
        return gbc_ctx_alloc_status(S->ctx);
    S->lanecap = nc;
    return GBC_OK;
}

/* Dense scratch and the pivot table for nc columns. */
gbc_status f4_scratch(f4_state *S, uint32_t nc)
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
        S->dense = gbc_calloc_written(ctx, cap, sizeof *S->dense);
        if (S->dense == NULL)
            return gbc_ctx_alloc_status(ctx);
        GBC_TRY(GBC_ALLOC(ctx, S->pivot, cap));
        GBC_TRY(GBC_ALLOC(ctx, S->tcols, cap));
        GBC_TRY(GBC_ALLOC(ctx, S->tcf, cap));
        S->densecap = cap;
    }
    /* the lanes with the rest of the scratch: allocated later in the round (only
     * by the steps that use them), they cost katsura-10 over Q 8% more time in
     * glibc's consolidations and copies */
    return lanes_for(S, nc);
}

gbc_status f4_lanes(f4_state *S)
{
    return lanes_for(S, S->ncols);
}

/* Turn a matrix row (columns in decreasing monomial order) into a basis polynomial
 * with monomials in bht (from sht, or from the compiled column monomials). */
gbc_status f4_row_to_poly(f4_state *S, const la_row *r, poly *h)
{
    GBC_TRY(poly_alloc(S->ctx, h, r->len, S->F));
    gbc_status st = GBC_OK;
    if (S->cbcap < S->ncols) {
        size_t old = S->cbcap;
        st = GBC_GROW(S->ctx, S->colbht, S->cbcap, S->ncols);
        if (st == GBC_OK)
            memset(S->colbht + old, 0, sizeof(uint64_t) * (S->cbcap - old));
    }
    const uint64_t stamp = (uint64_t)S->colstamp << 32;
    /* each column's monomial is hashed into bht once per matrix */
    for (uint32_t k = 0; k < r->len && st == GBC_OK; k++) {
        const uint32_t c = r->cols[k];
        uint64_t *e = &S->colbht[c];
        if ((*e & ~(uint64_t)UINT32_MAX) == stamp) {
            h->mon[k] = (uint32_t)*e;
        } else {
            st = S->cexps != NULL
                     ? mht_insert(S->ctx, &S->bht, f4_col_exps(S, c), &h->mon[k])
                     : mht_insert_from(S->ctx, &S->bht, &S->sht, S->colmon[c], &h->mon[k]);
            if (st == GBC_OK)
                *e = stamp | h->mon[k];
        }
        h->cf[k] = r->cf[k];
    }
    if (st != GBC_OK) {
        poly_clear(S->ctx, h, S->F);
        return st;
    }
    GBC_ASSERT(poly_is_canonical(h, &S->bht, S->F));
    return GBC_OK;
}


/* The pivot table of the compiled matrix just set up (rows in S->piv). */
gbc_status f4_cc_matrix(f4_state *S, const f4_cround *c)
{
    GBC_TRY(f4_scratch(S, c->ncols));
    S->ncols = c->ncols;
    S->cexps = S->cc_use->cexps + c->ce0;
    colbht_forget(S);
    memset(S->pivot, 0, sizeof(la_row *) * S->ncols);
    for (size_t i = 0; i < S->npiv; i++)
        S->pivot[S->piv[i].cols[0]] = &S->piv[i];
    return GBC_OK;
}

/* la.h wants a row's least column first; the kernels scan a row from there. A
 * row whose lead has a reducer has it (pivot columns are numbered first, by
 * decreasing monomial, so the lead's column is below all others); a generator's
 * row need not: its lead may have no reducer while a smaller monomial of it has
 * one, whose column is then lower. Such a row gets a copy of its coefficients with
 * the least column swapped to the front (its columns are its own, in the arena).
 * Before this, the entries left of the lead were never reduced and stayed in the
 * dense scratch: a wrong basis past 1000 generators (issue 18's handover). The
 * matrix was recorded for a compiled replay before: it keeps the polynomial's
 * order, which a replay's rows get again and this puts right again. */
static gbc_status least_column_first(f4_state *S)
{
    for (size_t i = 0; i < S->ntbr; i++) {
        la_row *r = &S->tbr[i];
        if (r->len < 2 || S->pivot[r->cols[0]] != NULL)
            continue;
        uint32_t kmin = 0;
        for (uint32_t k = 1; k < r->len; k++)
            if (r->cols[k] < r->cols[kmin])
                kmin = k;
        if (kmin == 0)
            continue;
        uint32_t *cf = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * r->len);
        if (cf == NULL)
            return gbc_ctx_alloc_status(S->ctx);
        memcpy(cf, r->cf, sizeof(uint32_t) * r->len);
        uint32_t c = r->cols[0];
        r->cols[0] = r->cols[kmin];
        r->cols[kmin] = c;
        uint32_t f = cf[0];
        cf[0] = cf[kmin];
        cf[kmin] = f;
        r->cf = cf;
    }
    return GBC_OK;
}

gbc_status f4_echelon(f4_state *S, size_t *nnew)
{
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(least_column_first(S));
    GBC_TRY(GBC_GROW(ctx, S->newrows, S->ncap, S->ntbr + 1));
    /* the kernel sets the vector loop (isa) from its environment */
    la_matrix M = {.ncols = S->ncols, .pivot = S->pivot, .dense = S->dense,
                   .tcols = S->tcols, .tcf = S->tcf, .isa = LA_ISA_PORTABLE};
    /* the leading columns that all have a pivot (the reducers come first) */
    while (M.npivcols < M.ncols && M.pivot[M.npivcols] != NULL)
        M.npivcols++;
    *nnew = 0;
    /* a hypersparse matrix (the columns of a generic 5 x 9 matrix: 2,520 rows of
     * 120 terms and 151,200 columns) is reduced row by row through heaps, without
     * lanes */
    uint32_t *heap = NULL;
    /* the share of new pivots expected: the last round's, moved on by its change
     * from the round before (it falls round after round in the late degrees) */
    const double f1 = S->newfrac[0], f0 = S->newfrac[1];
    double expect = f0 > 0.0 ? f1 * f1 / f0 : f1;
    if (expect > 1.0)
        expect = 1.0;
    if (la_hypersparse(S->ncols, S->tbr, S->ntbr - S->nzrow, S->piv, S->npiv, expect)) {
        M.heapcap = la_heap_words(S->ncols);
        GBC_TRY(GBC_ALLOC(ctx, heap, M.heapcap));
        M.heap = heap;
    } else {
        GBC_TRY(f4_lanes(S));
        M.lanes = S->lanes;
    }
    /* the new rows go to earena; their back-reduction writes them again into
     * arena, so that earena can go before the round's new elements are made
     * (katsura-11 mod 65521: 12.8 MB of a 64.9 MB peak) */
    /* the last nzrow rows (a confirming replay's zero rows) are not the kernel's */
    gbc_status st = S->kern->echelon(&S->la, &M, S->tbr, S->ntbr - S->nzrow, &S->earena,
                                     S->newrows, nnew);
    if (st == GBC_OK && S->ntbr > S->nzrow) {
        S->newfrac[1] = S->newfrac[0];
        S->newfrac[0] = (double)*nnew / (double)(S->ntbr - S->nzrow);
    }
    if (st == GBC_OK)
        st = la_backreduce_mt(ctx, &M, S->F, S->newrows, *nnew, &S->arena, f4_round_threads(S));
    gbc_free(ctx, heap);
    GBC_TRY(st);
    f4_arena_done(S, &S->earena);
    return GBC_OK;
}

gbc_status f4_reduce_round(f4_state *S, double t0, size_t npairs, size_t *nnew, size_t *nnz)
{
    uint32_t npivcols;
    GBC_TRY(f4_columns(S, &npivcols));
    double t1 = gbc_wall_time();
    *nnew = 0;
    GBC_TRY(f4_echelon(S, nnew));
    double t2 = gbc_wall_time();
    size_t z = 0;
    for (size_t i = 0; i < S->npiv; i++)
        z += S->piv[i].len;
    for (size_t i = 0; i < S->ntbr; i++)
        z += S->tbr[i].len;
    *nnz = z;
    if (S->stats) {
        S->stats->rounds++;
        S->stats->pairs_reduced += npairs;
        S->stats->zero_reductions += S->ntbr - *nnew;
        S->stats->matrix_rows += S->npiv + S->ntbr;
        S->stats->matrix_cols += S->sht.size;
        S->stats->matrix_nnz += z;
        S->stats->t_select += t1 - t0;
        S->stats->t_linalg += t2 - t1;
    }
    return GBC_OK;
}

gbc_status f4_sort_by_key(gbc_ctx *ctx, void *base, size_t n, size_t size,
                          const uint64_t *key)
{
    if (n < 2)
        return GBC_OK;
    uint32_t *idx;
    char *tmp = NULL;
    GBC_TRY(GBC_ALLOC(ctx, idx, n));
    gbc_status st = gbc_alloc_array(ctx, (void **)&tmp, n, size);
    for (size_t i = 0; i < n && st == GBC_OK; i++)
        idx[i] = (uint32_t)i;
    if (st == GBC_OK)
        st = gbc_sort_by_key(ctx, idx, n, key);
    if (st == GBC_OK) {
        for (size_t i = 0; i < n; i++)
            memcpy(tmp + i * size, (char *)base + (size_t)idx[i] * size, size);
        memcpy(base, tmp, n * size);
    }
    gbc_free(ctx, tmp);
    gbc_free(ctx, idx);
    return st;
}

gbc_status f4_sort_newrows(f4_state *S, size_t nnew)
{
    if (nnew < 2)
        return GBC_OK;
    uint64_t *key;
    GBC_TRY(GBC_ALLOC(S->ctx, key, nnew));
    for (size_t i = 0; i < nnew; i++)
        key[i] = S->newrows[i].cols[0];
    gbc_status st = f4_sort_by_key(S->ctx, S->newrows, nnew, sizeof(la_row), key);
    gbc_free(S->ctx, key);
    return st;
}
