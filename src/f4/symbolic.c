/* f4/symbolic: the rows of a matrix (multiplier times basis polynomial, monomials
 * hashed into sht) and symbolic preprocessing. */
#include "f4/f4_int.h"

#include "common/pool.h"

/* Set S->mexps to u / lm where u is a monomial of table tu and lm one of bht;
 * returns the multiplier's hash and degree. */
void f4_multiplier(f4_state *S, const mht *tu, uint32_t u, uint32_t lm, uint32_t *mhash,
                          uint32_t *mdeg)
{
    const uint32_t n = S->R->nvars;
    const uint32_t *eu = mht_exps(tu, u), *el = mht_exps(&S->bht, lm);
    for (uint32_t i = 0; i < n; i++)
        S->mexps[i] = eu[i] - el[i];
    *mhash = mht_hash_sub(tu->row[u].hash, S->bht.row[lm].hash);
    *mdeg = tu->row[u].deg - S->bht.row[lm].deg;
}

/* Keep the multiplier of row number k of the piv (tbr == 0) or tbr list, for the
 * trace. */
gbc_status f4_stage_mult(f4_state *S, int tbr, size_t k)
{
    size_t w = S->R->nvars ? S->R->nvars : 1;
    uint32_t **arr = tbr ? &S->tmul : &S->pmul;
    size_t *cap = tbr ? &S->tmcap : &S->pmcap;
    GBC_TRY(gbc_grow_array(S->ctx, (void **)arr, cap, (k + 1) * w, sizeof(uint32_t)));
    memcpy(*arr + k * S->R->nvars, S->mexps, sizeof(uint32_t) * S->R->nvars);
    return GBC_OK;
}

/* row = (multiplier in S->mexps) * f, monomials into sht. */
gbc_status f4_make_row(f4_state *S, uint32_t mhash, uint32_t mdeg, const poly *f,
                              uint32_t src, la_row *row)
{
    GBC_TRY(gbc_ctx_poll(S->ctx));
    uint32_t *cols = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * f->len);
    if (cols == NULL)
        return gbc_ctx_alloc_status(S->ctx);
    if (S->sht.pk != NULL && mdeg < 256) {
        /* packed keys: each term's lookup compares 16 bytes (mht.h) */
        uint64_t mpk[2];
        mht_pack(S->mexps, S->R->nvars, mpk);
        for (uint32_t k = 0; k < f->len; k++)
            GBC_TRY(mht_insert_mul_pk(S->ctx, &S->sht, S->mexps, mpk, mhash, mdeg, &S->bht,
                                      f->mon[k], &cols[k]));
    } else {
        for (uint32_t k = 0; k < f->len; k++)
            GBC_TRY(mht_insert_mul_raw(S->ctx, &S->sht, S->mexps, mhash, mdeg, &S->bht,
                                       f->mon[k], &cols[k]));
    }
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

gbc_status f4_push_row(gbc_ctx *ctx, la_row **arr, size_t *n, size_t *cap, la_row **slot)
{
    GBC_TRY(GBC_GROW(ctx, *arr, *cap, *n + 1));
    *slot = &(*arr)[(*n)++];
    return GBC_OK;
}

/* Symbolic preprocessing: every monomial of the matrix that has no pivot yet and is
 * divisible by a basis leading monomial gets a reducer row. Rows added on the way
 * bring new monomials; the scan follows the table as it grows. */
typedef struct sparsest {
    const f4_state *S;
    uint32_t best, len;
} sparsest;

static int visit_sparsest(void *data, uint32_t val, const uint32_t *exps)
{
    sparsest *b = data;
    (void)exps;
    uint32_t len = b->S->g[val].len;
    if (len < b->len || (len == b->len && val < b->best)) {
        b->best = val;
        b->len = len;
    }
    return 0;
}

/* The reducer for monomial u of sht: of the basis elements whose lead divides it,
 * the one with the fewest terms (the oldest of those): the sparsest rows make the
 * sparsest matrix. UINT32_MAX when none divides. */
static uint32_t choose_reducer(const f4_state *S, uint32_t u)
{
    const mht *sht = &S->sht;
    sparsest b = {S, UINT32_MAX, UINT32_MAX};
    dl_for_each_divisor(&S->dl, mht_exps(sht, u), sht->row[u].divmask, visit_sparsest, &b);
    return b.best;
}

/* The reducer for monomial u of sht when u is new and a basis lead divides it;
 * otherwise UINT32_MAX (and a new u that none divides is marked free). */
static uint32_t reducer_needed(f4_state *S, uint32_t u)
{
    if (S->sht.row[u].aux != MARK_NEW)
        return UINT32_MAX;
    uint32_t gi = choose_reducer(S, u);
    if (gi == UINT32_MAX)
        S->sht.row[u].aux = MARK_FREE;
    return gi;
}

/* Rows on several threads, in waves: a wave's rows are set up in order
 * (f4_wave_prepare), their products are looked up in the table by all threads at
 * once (reading it only), and then, in row order again, the products not found are
 * inserted (f4_wave_build). A product found by a lookup was in the table before the
 * wave, and the insertions happen in the serial order, so every monomial gets the
 * index, and every row the place, that building the rows one after the other
 * (f4_make_row) gives them: the matrix is the same. */
typedef struct wave {
    const f4_state *S;
    f4_wave_row *w;
    size_t n;
    atomic_size_t next; /* the next group of WAVE_GRAB rows to take */
} wave;

/* Rows a thread takes at a time: the threads take groups until none is left, so
 * that a thread woken late takes fewer. */
#define WAVE_GRAB 16

/* Rows ahead whose first miss's slot f4_wave_build fetches. */
#define WAVE_AHEAD 4

/* A part of a wave's lookups (the part's number does not matter: groups of rows
 * are taken in turn); a product not found (or not looked up) gets UINT32_MAX. */
static void wave_lookup(void *arg, int t)
{
    wave *W = arg;
    const f4_state *S = W->S;
    (void)t;
    size_t a, b;
    while (gbc_take_chunk(&W->next, W->n, WAVE_GRAB, &a, &b)) {
        for (size_t i = a; i < b; i++) {
            f4_wave_row *r = &W->w[i];
            const poly *f = &S->g[r->gi];
            r->first = 0;
            if (r->packed) {
                r->miss = mht_find_mul_pk_n(&S->sht, r->mpk, r->mhash, r->mdeg, &S->bht,
                                            f->mon, f->len, r->cols);
                while (r->miss > 0 && r->cols[r->first] != UINT32_MAX)
                    r->first++;
            } else {
                for (uint32_t k = 0; k < f->len; k++)
                    r->cols[k] = UINT32_MAX;
                r->miss = f->len;
            }
        }
    }
}

gbc_status f4_wave_prepare(f4_state *S, f4_wave_row *r, uint32_t *mex)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->R->nvars;
    const poly *f = &S->g[r->gi];
    GBC_TRY(gbc_ctx_poll(ctx));
    r->cols = gbc_arena_alloc(ctx, &S->arena, sizeof(uint32_t) * f->len);
    if (r->cols == NULL)
        return gbc_ctx_alloc_status(ctx);
    memcpy(mex, S->mexps, sizeof(uint32_t) * n);
    r->packed = S->sht.pk != NULL && r->mdeg < 256;
    r->mpk[0] = r->mpk[1] = 0;
    if (r->packed)
        mht_pack(S->mexps, n, r->mpk);
    if (S->rec != NULL)
        GBC_TRY(f4_stage_mult(S, r->tbr, r->row));
    return GBC_OK;
}

gbc_status f4_wave_build(f4_state *S, f4_wave_row *w, size_t nw, const uint32_t *mex, int nt)
{
    gbc_ctx *ctx = S->ctx;
    mht *sht = &S->sht;
    const uint32_t n = S->R->nvars;
    if (nt > 1) {
        GBC_TRY(gbc_ctx_poll(ctx));
        wave W = {S, w, nw, 0};
        atomic_init(&W.next, 0);
        gbc_pool_run(ctx->pool, wave_lookup, &W, nt);
    } else {
        for (size_t i = 0; i < nw; i++) {
            for (uint32_t k = 0; k < S->g[w[i].gi].len; k++)
                w[i].cols[k] = UINT32_MAX;
            w[i].miss = S->g[w[i].gi].len;
            w[i].first = 0;
        }
    }
    for (size_t i = 0; i < nw; i++) {
        f4_wave_row *r = &w[i];
        const poly *f = &S->g[r->gi];
        const uint32_t *m = mex + i * n;
        GBC_TRY(gbc_ctx_poll(ctx));
        /* the map's slot of a later row's first miss, fetched ahead (the serial
         * insertions wait on these loads) */
        if (i + WAVE_AHEAD < nw && w[i + WAVE_AHEAD].miss > 0) {
            const f4_wave_row *q = &w[i + WAVE_AHEAD];
            mht_prefetch(sht, mht_hash_add(q->mhash,
                                           S->bht.row[S->g[q->gi].mon[q->first]].hash));
        }
        for (uint32_t k = r->first; k < f->len && r->miss > 0; k++) {
            if (r->cols[k] != UINT32_MAX)
                continue;
            r->miss--;
            /* mht_insert_mul_pk_n, not mht_insert_mul_pk: f4_make_row must stay
             * the latter's one caller, or LTO stops inlining it there (mht.c);
             * without keys or at degree 256 it takes the raw path itself */
            GBC_TRY(mht_insert_mul_pk_n(ctx, sht, m, r->mpk, r->mhash, r->mdeg, &S->bht,
                                        &f->mon[k], 1, &r->cols[k]));
        }
        GBC_ASSERT(r->u == UINT32_MAX || r->cols[0] == r->u);
        la_row *row = r->tbr ? &S->tbr[r->row] : &S->piv[r->row];
        row->cols = r->cols;
        row->cf = f->cf;
        row->len = f->len;
        row->src = r->gi;
        row->tag = 0;
        if (!r->tbr)
            sht->row[r->cols[0]].aux = MARK_PIVOT;
    }
    return GBC_OK;
}

/* The reducers of monomials [u0, u0 + n) of sht (reducer_needed), the parts taking
 * chunks of REDUCERS_CHUNK monomials in turn (the costs vary along the table, and
 * a thread woken late takes fewer); each monomial's mark is written by the part
 * that took it. */
#define REDUCERS_CHUNK 64u
typedef struct reducer_job {
    f4_state *S;
    uint32_t u0, n;
    uint32_t *gi;
    atomic_size_t next;
} reducer_job;

static void reducer_part(void *arg, int t)
{
    reducer_job *J = arg;
    (void)t;
    size_t a, b;
    while (gbc_take_chunk(&J->next, J->n, REDUCERS_CHUNK, &a, &b))
        for (size_t i = a; i < b; i++)
            J->gi[i] = reducer_needed(J->S, J->u0 + (uint32_t)i);
}

/* Reducer choices shared out when a wave has at least this many new monomials. */
#define REDUCERS_MIN 128

/* Waves with fewer terms than this run on the calling thread alone. */
#define WAVE_MIN_TERMS 4096

/* Symbolic preprocessing on several threads: the serial loop below visits the
 * table's monomials in index order while rows append new ones, so its waves are
 * the monomials present when a wave starts, then those their rows added; each
 * wave's reducers are chosen in order and its rows built by f4_wave_build. */
static gbc_status symbolic_waves(f4_state *S, int nt)
{
    gbc_ctx *ctx = S->ctx;
    mht *sht = &S->sht;
    const uint32_t n = S->R->nvars;
    f4_wave_row *w = NULL;
    uint32_t *mex = NULL; /* the rows' multipliers, n words each */
    uint32_t *red = NULL; /* a wave's reducers, when chosen in parallel */
    size_t wcap = 0, mcap = 0, rcap = 0;
    gbc_status st = GBC_OK;
    for (uint32_t u = 0; u < sht->size && st == GBC_OK;) {
        const uint32_t end = sht->size;
        size_t nw = 0, terms = 0;
        const int pred = end - u >= REDUCERS_MIN;
        if (pred) {
            GBC_CHECK(st, GBC_GROW(ctx, red, rcap, end - u), out);
            reducer_job J = {S, u, end - u, red, 0};
            atomic_init(&J.next, 0);
            gbc_pool_run(ctx->pool, reducer_part, &J, nt);
        }
        for (const uint32_t u0 = u; u < end; u++) {
            uint32_t gi = pred ? red[u - u0] : reducer_needed(S, u);
            if (gi == UINT32_MAX)
                continue;
            GBC_CHECK(st, GBC_GROW(ctx, w, wcap, nw + 1), out);
            w[nw].u = u;
            w[nw].gi = gi;
            terms += S->g[gi].len;
            nw++;
        }
        GBC_CHECK(st, GBC_GROW(ctx, mex, mcap, (nw ? nw : 1) * (size_t)(n ? n : 1)), out);
        const int par = terms >= WAVE_MIN_TERMS && nw > 1;
        for (size_t i = 0; i < nw; i++) {
            f4_wave_row *r = &w[i];
            const poly *f = &S->g[r->gi];
            f4_multiplier(S, sht, r->u, S->lm[r->gi], &r->mhash, &r->mdeg);
            la_row *row;
            GBC_CHECK(st, f4_push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row), out);
            if (!par) {
                GBC_CHECK(st, f4_make_row(S, r->mhash, r->mdeg, f, r->gi, row), out);
                GBC_ASSERT(row->cols[0] == r->u);
                sht->row[r->u].aux = MARK_PIVOT;
                continue;
            }
            r->tbr = 0;
            r->row = (size_t)(row - S->piv);
            GBC_CHECK(st, f4_wave_prepare(S, r, mex + i * n), out);
        }
        if (par)
            GBC_CHECK(st, f4_wave_build(S, w, nw, mex, nt), out);
    }
out:
    gbc_free(ctx, red);
    gbc_free(ctx, mex);
    gbc_free(ctx, w);
    return st;
}

gbc_status f4_symbolic(f4_state *S)
{
    mht *sht = &S->sht;
    const int nt = f4_round_threads(S);
    if (nt > 1 && sht->pk != NULL)
        return symbolic_waves(S, nt);
    for (uint32_t u = 0; u < sht->size; u++) {
        uint32_t gi = reducer_needed(S, u);
        if (gi == UINT32_MAX)
            continue;
        uint32_t mh, md;
        f4_multiplier(S, sht, u, S->lm[gi], &mh, &md);
        la_row *row;
        GBC_TRY(f4_push_row(S->ctx, &S->piv, &S->npiv, &S->pcap, &row));
        GBC_TRY(f4_make_row(S, mh, md, &S->g[gi], gi, row));
        GBC_ASSERT(row->cols[0] == u);
        sht->row[u].aux = MARK_PIVOT;
    }
    return GBC_OK;
}
