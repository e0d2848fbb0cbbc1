/* f4/final: the final interreduction: the reduced (or a minimal) basis from the
 * basis of a run or from a given Groebner basis. */
#include "f4/f4_int.h"

#include "common/pool.h"
#include "common/sort.h"

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
        GBC_TRY(f4_push_row(S->ctx, &S->piv, &S->npiv, &S->pcap, &row));
        GBC_TRY(f4_cc_row_cols(S, w, &row->cols));
        row->cf = S->g[w->src].cf;
        row->len = w->len;
        row->src = w->src;
        row->tag = 0;
    }
    GBC_TRY(f4_cc_matrix(S, c));
    *nbase = c->nnew;
    return GBC_OK;
}

/* The reduced row r (columns of the current matrix) as a monic polynomial pushed
 * onto out, its monomials read from the columns: the same polynomial as
 * f4_row_to_poly then plist_push_poly give, without hashing every monomial into
 * bht, whose entries would only be read back (a modular apply spent 7% of its
 * instructions there). Modulo a prime only. */
static gbc_status push_row(f4_state *S, const la_row *r, plist *out)
{
    const uint32_t n = S->R->nvars;
    ppoly *p;
    GBC_TRY(plist_push(S->ctx, out, r->len, n, S->F, &p));
    const uint32_t inv = r->len > 0 ? zp_inv(S->F, r->cf[0]) : 1;
    for (uint32_t k = 0; k < r->len; k++) {
        memcpy(p->exps + (size_t)k * n, f4_col_exps(S, r->cols[k]), sizeof(uint32_t) * n);
        p->cf[k] = inv == 1 ? r->cf[k] : zp_mul(S->F, r->cf[k], inv);
    }
    return GBC_OK;
}

/* The minimal basis: the non-redundant elements as they are (monic), by
 * increasing lead, to out (or the sink). */
static gbc_status final_minimal(f4_state *S, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    uint32_t *mi;
    size_t m = 0;
    GBC_TRY(GBC_ALLOC(ctx, mi, S->n ? S->n : 1));
    for (size_t i = 0; i < S->n; i++)
        if (!S->red[i])
            mi[m++] = (uint32_t)i;
    /* the leads are distinct: sort them, and find each one's element through
     * the table's aux field (free at this point) */
    for (size_t k = 0; k < m; k++) {
        S->bht.row[S->lm[mi[k]]].aux = mi[k];
        mi[k] = S->lm[mi[k]];
    }
    gbc_status st = mht_sort_desc(ctx, &S->bht, mi, m);
    for (size_t k = m; k-- > 0 && st == GBC_OK;) {
        st = plist_push_poly(ctx, out, &S->g[S->bht.row[mi[k]].aux], &S->bht, S->F, 1);
        if (st == GBC_OK)
            st = f4_sink_last(S, out);
    }
    gbc_free(ctx, mi);
    return st;
}

/* The final matrix: a pivot row for every non-redundant element (its first
 * *nbase rows) and their reducers, from the compiled replay (S->cc_bad when the
 * basis does not have its shape) or built and numbered (and recorded when
 * compiling). */
static gbc_status final_matrix(f4_state *S, size_t *nbase)
{
    gbc_ctx *ctx = S->ctx;
    S->npiv = S->ntbr = 0;
    /* the rounds' matrices are done: give their memory back (the arena keeps its
     * high-water mark otherwise, and the output is built next to it), unless the
     * arena is the caller's, kept for the next apply */
    f4_arena_done(S, &S->arena);
    mht_reset(&S->sht);
    memset(S->mexps, 0, sizeof(uint32_t) * S->R->nvars);
    *nbase = 0;
    if (S->cc_use != NULL)
        return f4_final_cc(S, nbase);
    /* Every minimal element is a pivot row for its own leading monomial. */
    for (size_t i = 0; i < S->n; i++) {
        if (S->red[i])
            continue;
        la_row *row;
        GBC_TRY(f4_push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
        GBC_TRY(f4_make_row(S, 0, 0, &S->g[i], (uint32_t)i, row));
        S->sht.row[row->cols[0]].aux = MARK_PIVOT;
    }
    *nbase = S->npiv;
    GBC_TRY(f4_symbolic(S));
    uint32_t npivcols;
    GBC_TRY(f4_columns(S, &npivcols));
    GBC_TRY(f4_cc_record_matrix(S));
    if (S->cc_rec != NULL)
        S->cc_rec->cr[S->cc_rec->ncr - 1].nnew = (uint32_t)*nbase;
    return GBC_OK;
}

/* Output k of a flat apply: res's support must be the compiling run's (the same
 * columns of the same compiled matrix: the same monomials); its coefficients,
 * made monic, go to fl->cf at *foff. Else fl->state becomes F4_FLAT_DIFFERS and
 * 0 is returned. */
static int final_flat(f4_state *S, f4_flat *fl, size_t k, const la_row *res, size_t *foff)
{
    const uint32_t *oc = S->cc_use->ocols + *foff;
    if (res->len != S->cc_use->olen[k] ||
        memcmp(res->cols, oc, sizeof(uint32_t) * res->len) != 0) {
        fl->state = F4_FLAT_DIFFERS;
        return 0;
    }
    const uint32_t inv = res->len > 0 ? zp_inv(S->F, res->cf[0]) : 1;
    for (uint32_t j = 0; j < res->len; j++)
        fl->cf[*foff + j] = inv == 1 ? res->cf[j] : zp_mul(S->F, res->cf[j], inv);
    *foff += res->len;
    return 1;
}

/* With a sink that takes batches (f4_sink.put_many): out's polynomials handed to
 * it once they hold F4_SINK_BATCH_TERMS terms (*terms counts them), or all when
 * last; with any other sink the one just output. */
static gbc_status final_sink(f4_state *S, plist *out, size_t *terms, int last)
{
    const f4_sink *k = S->sink;
    if (k == NULL || out->n == 0)
        return GBC_OK;
    if (k->put_many == NULL)
        return f4_sink_last(S, out);
    if (!last) {
        *terms += out->p[out->n - 1].len;
        if (*terms < F4_SINK_BATCH_TERMS)
            return GBC_OK;
    }
    gbc_status st = k->put_many(k->data, out->p, out->n);
    S->nsunk += out->n;
    while (out->n > 0)
        plist_pop(S->ctx, out, S->F);
    *terms = 0;
    return st;
}

/* The tail-reduced row res as the next output polynomial (to out, then to the
 * sink by final_sink), its support recorded first when rec_out. */
static gbc_status final_emit(f4_state *S, const la_row *res, int rec_out, plist *out)
{
    if (rec_out)
        GBC_TRY(f4_cc_record_out(S, res->cols, res->len));
    gbc_status st;
    if (S->F->p != 0) {
        st = push_row(S, res, out);
    } else {
        poly h;
        GBC_TRY(f4_row_to_poly(S, res, &h));
        st = plist_push_poly(S->ctx, out, &h, &S->bht, S->F, 1);
        poly_clear(S->ctx, &h, S->F);
    }
    return st;
}

/* The rows S->piv[idx[0..nl)] (nl <= LA_LANES) tail-reduced by the final matrix's
 * pivots together, their tails in the lanes: res[l] is row l's lead and reduced
 * tail in arena a, what la_reduce_row with skip_lead gives (the reduced tail is
 * unique; no pivot that reduces it reaches back to the row's own lead, which is
 * below every column of the tail). */
static gbc_status final_lanes(f4_state *S, gbc_ctx *ctx, la_matrix *M, const uint64_t *idx,
                              int nl, gbc_arena *a, la_row *res)
{
    uint32_t start = M->ncols;
    for (int l = 0; l < nl; l++) {
        const la_row *r = &S->piv[(uint32_t)idx[l]];
        if (r->len < 2)
            continue;
        la_row tail = {r->cols + 1, r->cf + 1, r->len - 1, r->src, 0};
        (void)la_lanes_add(M, S->F, l, &tail, 1);
        for (uint32_t k = 0; k < tail.len; k++)
            if (tail.cols[k] < start)
                start = tail.cols[k];
    }
    la_lanes_reduce(M, S->F, start < M->npivcols ? start : M->npivcols);
    gbc_status st = GBC_OK;
    for (int l = 0; l < nl; l++) {
        if (st != GBC_OK) {
            la_lanes_drop(M, l);
            continue;
        }
        const la_row *r = &S->piv[(uint32_t)idx[l]];
        la_row t;
        st = la_lanes_remainder(ctx, M, S->F, l, a, &t);
        uint32_t *cols = st == GBC_OK ? gbc_arena_alloc(ctx, a, sizeof(uint32_t) * (t.len + 1))
                                      : NULL;
        uint32_t *cf = cols != NULL ? gbc_arena_alloc(ctx, a, sizeof(uint32_t) * (t.len + 1))
                                    : NULL;
        if (st == GBC_OK && cf == NULL)
            st = gbc_ctx_alloc_status(ctx);
        if (st != GBC_OK)
            continue;
        cols[0] = r->cols[0];
        cf[0] = r->cf[0];
        if (t.len > 0) {
            memcpy(cols + 1, t.cols, sizeof(uint32_t) * t.len);
            memcpy(cf + 1, t.cf, sizeof(uint32_t) * t.len);
        }
        res[l] = (la_row){cols, cf, t.len + 1, r->src, 0};
    }
    return st;
}

/* On several threads the elements are tail-reduced a window of FINAL_WINDOW at a
 * time, each worker taking groups of LA_LANES in turn (its own lanes and arena;
 * the pivots are read-only), and output in order by the calling thread between
 * the windows; with fewer than FINAL_PAR_MIN elements, on the calling thread. */
#define FINAL_WINDOW 256
#define FINAL_PAR_MIN (4 * LA_LANES)

typedef struct final_job {
    la_worker w;
    f4_state *S;
    const uint64_t *idx; /* the window's elements (f4_final's order) */
    size_t n;
    la_row *res;         /* their reduced rows, in the workers' arenas */
    atomic_size_t *next;
} final_job;

static void *final_job_run(void *arg)
{
    final_job *J = arg;
    la_worker *W = &J->w;
    W->st = GBC_OK;
    size_t a, b;
    while (W->st == GBC_OK && !la_worker_stopped(W) &&
           gbc_take_chunk(J->next, J->n, LA_LANES, &a, &b))
        W->st = final_lanes(J->S, &W->ctx, &W->M, J->idx + a, (int)(b - a), &W->arena,
                            J->res + a);
    la_worker_done(W);
    return NULL;
}

/* The window idx[0..n) reduced into res: by the workers of P (their jobs) when P
 * is given, else LA_LANES at a time on the calling thread into arena a. */
static gbc_status final_window(f4_state *S, la_matrix *M, int lanes, la_phase *P,
                               final_job *jobs, const uint64_t *idx, size_t n, gbc_arena *a,
                               la_row *res)
{
    if (P != NULL) {
        atomic_size_t next;
        atomic_init(&next, 0);
        for (int t = 0; t < P->ninit; t++) {
            jobs[t].S = S;
            jobs[t].idx = idx;
            jobs[t].n = n;
            jobs[t].res = res;
            jobs[t].next = &next;
        }
        return la_phase_run(P, final_job_run, jobs, sizeof jobs[0]);
    }
    for (size_t k0 = 0; k0 < n; k0 += LA_LANES) {
        int nl = n - k0 < LA_LANES ? (int)(n - k0) : LA_LANES;
        if (lanes) {
            GBC_TRY(final_lanes(S, S->ctx, M, idx + k0, nl, a, res + k0));
            continue;
        }
        for (int l = 0; l < nl; l++)
            GBC_TRY(la_reduce_row(S->ctx, M, S->F, &S->piv[(uint32_t)idx[k0 + l]], 1, a,
                                  &res[k0 + l]));
    }
    return GBC_OK;
}

/* The reduced basis: the non-redundant elements, each tail-reduced by all the
 * others through one matrix, sorted by increasing leading monomial. Modulo a prime
 * LA_LANES elements at a time in the lanes (final_lanes), a window at a time on
 * several threads (final_window). */
gbc_status f4_final(f4_state *S, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    gbc_status st = GBC_OK;
    uint32_t *heap = NULL;
    final_job jobs[64];
    la_phase P;
    la_phase *par = NULL;
    la_row res0[LA_LANES], *res = res0;
    if (S->minimal)
        return final_minimal(S, out);
    size_t nbase = 0;
    GBC_TRY(final_matrix(S, &nbase));
    if (S->cc_bad)
        return GBC_OK;
    /* the compiling run records its basis's supports for the flat applies (modulo a
     * prime, the whole basis to out) */
    int rec_out = S->cc_rec != NULL && S->F->p != 0 && S->sink == NULL;
    f4_flat *fl = S->flat;
    if (fl != NULL && (S->cc_use == NULL || S->cc_use->nout != nbase ||
                       f4_trace_out_terms(S->cc_use) != fl->n))
        fl = NULL;
    size_t foff = 0, sunk = 0;
    la_matrix M = {.ncols = S->ncols, .pivot = S->pivot, .dense = S->dense,
                   .tcols = S->tcols, .tcf = S->tcf, .isa = LA_ISA_PORTABLE, .ws = S->la.ws};
    /* Output order: increasing leading monomial, i.e. decreasing leading column
     * (pivot columns are numbered by decreasing monomial; they are distinct). */
    uint64_t *idx;
    GBC_TRY(GBC_ALLOC(ctx, idx, nbase ? nbase : 1));
    for (size_t i = 0; i < nbase; i++)
        idx[i] = (uint64_t)(UINT32_MAX - S->piv[i].cols[0]) << 32 | i;
    gbc_arena one;
    gbc_arena_init(&one, 1 << 16);
    GBC_CHECK(st, gbc_sort_cmp(ctx, idx, nbase, sizeof *idx, la_u64_cmp, NULL), out);
    /* Reduce the tails one element at a time, straight into the output: the pivots
     * stay as they are, so each element is reduced by the unreduced others (the
     * normal form is unique), and a reduced row lives only until it is output. */
    /* a hypersparse one row by row through heaps (la_hypersparse) */
    /* every row is reduced here: as if each gave a new pivot (no pivots at all: an
     * empty basis, S->piv NULL) */
    const la_row *rest = S->piv != NULL ? S->piv + nbase : NULL;
    if (la_hypersparse(S->ncols, S->piv, nbase, rest, S->npiv - nbase, 1.0)) {
        M.heapcap = la_heap_words(S->ncols);
        GBC_CHECK(st, GBC_ALLOC(ctx, heap, M.heapcap), out);
        M.heap = heap;
    }
    const int lanes = S->F->p != 0 && heap == NULL;
    if (lanes) {
        GBC_CHECK(st, f4_lanes(S), out);
        M.lanes = S->lanes;
        M.isa = S->la.isa;
        while (M.npivcols < M.ncols && M.pivot[M.npivcols] != NULL)
            M.npivcols++;
    }
    const int nt = lanes && nbase >= FINAL_PAR_MIN ? f4_round_threads(S) : 1;
    if (nt > 1) {
        GBC_CHECK(st, GBC_ALLOC(ctx, res, FINAL_WINDOW), out);
        par = &P;
        st = la_phase_begin(&P, ctx, &M, jobs, sizeof jobs[0], nt);
        if (st == GBC_OK && P.n < 2) {
            la_phase_end(&P, jobs, sizeof jobs[0]);
            par = NULL;
        }
        GBC_CHECK(st, st, out);
    }
    const size_t win = par != NULL ? FINAL_WINDOW : LA_LANES;
    for (size_t k0 = 0; k0 < nbase && st == GBC_OK; k0 += win) {
        GBC_CHECK(st, gbc_ctx_check(ctx), out);
        size_t nl = nbase - k0 < win ? nbase - k0 : win;
        GBC_CHECK(st, final_window(S, &M, lanes, par, jobs, idx + k0, nl, &one, res), out);
        for (size_t l = 0; l < nl && st == GBC_OK; l++) {
            size_t k = k0 + l;
            gbc_progress(ctx, "interreduce", (double)(k + 1) / (double)nbase, k + 1);
            if (fl != NULL && !final_flat(S, fl, k, &res[l], &foff))
                break;
            if (S->chk != NULL)
                f4_confirm_tail(S, &res[l]);
            if (fl == NULL)
                st = final_emit(S, &res[l], rec_out, out);
            if (st == GBC_OK)
                st = final_sink(S, out, &sunk, 0);
        }
        gbc_arena_reset(&one);
        for (int t = 0; par != NULL && t < P.ninit; t++)
            gbc_arena_reset(&jobs[t].w.arena);
        if (fl != NULL && fl->state == F4_FLAT_DIFFERS)
            break;
    }
    if (fl != NULL && st == GBC_OK && fl->state == F4_FLAT_NONE)
        fl->state = F4_FLAT_DONE;
    if (st == GBC_OK)
        st = final_sink(S, out, &sunk, 1);
out:
    if (par != NULL)
        la_phase_end(&P, jobs, sizeof jobs[0]);
    if (res != res0)
        gbc_free(ctx, res);
    gbc_arena_clear(ctx, &one);
    gbc_free(ctx, idx);
    gbc_free(ctx, heap);
    return st;
}


void f4_keep_init(f4_keep *k)
{
    memset(k, 0, sizeof *k);
    gbc_arena_init(&k->arena, 1 << 20);
}

void f4_keep_clear(gbc_ctx *ctx, f4_keep *k)
{
    gbc_arena_clear(ctx, &k->arena);
    gbc_free(ctx, k->dense);
    gbc_free(ctx, (void *)k->pivot);
    gbc_free(ctx, k->tcols);
    gbc_free(ctx, k->tcf);
    gbc_free(ctx, k->lanes);
    f4_keep_init(k);
}

gbc_status f4_sink_last(f4_state *S, plist *out)
{
    if (S->sink == NULL || out->n == 0)
        return GBC_OK;
    gbc_status st = S->sink->put(S->sink->data, &out->p[out->n - 1]);
    plist_pop(S->ctx, out, S->F);
    S->nsunk++;
    return st;
}

gbc_status f4_emit_one(gbc_ctx *ctx, const ring *R, plist *out)
{
    ppoly *p;
    GBC_TRY(plist_push(ctx, out, 1, R->nvars, &R->F, &p));
    memset(p->exps, 0, sizeof(uint32_t) * R->nvars);
    p->cf[0] = 1;
    return GBC_OK;
}

gbc_status f4_load_basis(f4_state *S, const plist *G, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    *unit = 0;
    for (size_t i = 0; i < G->n; i++) {
        GBC_TRY(f4_reserve_basis(S));
        poly *f = &S->g[S->n];
        GBC_TRY(poly_from_plain(ctx, f, &G->p[i], &S->bht, S->F));
        if (f->len == 0) {
            poly_clear(ctx, f, S->F);
            continue;
        }
        poly_normalize_lc(f, S->F);
        S->lm[S->n] = f->mon[0];
        S->red[S->n] = 0;
        S->n++;
        if (S->bht.row[f->mon[0]].deg == 0) {
            *unit = 1;
            return GBC_OK;
        }
    }
    /* by increasing leading monomial: redundant when a smaller lead divides; of
     * equal leads the first is kept (bht's aux field names it) */
    uint32_t *idx;
    GBC_TRY(GBC_ALLOC(ctx, idx, S->n ? S->n : 1));
    size_t nl = 0;
    for (size_t i = 0; i < S->n; i++)
        S->bht.row[S->lm[i]].aux = 0;
    for (size_t i = 0; i < S->n; i++) {
        if (S->bht.row[S->lm[i]].aux != 0) {
            S->red[i] = 1;
            continue;
        }
        S->bht.row[S->lm[i]].aux = (uint32_t)i + 1;
        idx[nl++] = S->lm[i];
    }
    gbc_status st = mht_sort_desc(ctx, &S->bht, idx, nl);
    for (size_t k = nl; k-- > 0 && st == GBC_OK;) {
        uint32_t lm = idx[k], i = S->bht.row[lm].aux - 1;
        if (dl_find_divisor(&S->dl, mht_exps(&S->bht, lm), S->bht.row[lm].divmask) !=
            UINT32_MAX)
            S->red[i] = 1;
        else
            st = dl_insert(ctx, &S->dl, mht_exps(&S->bht, lm), S->bht.row[lm].divmask, i);
    }
    gbc_free(ctx, idx);
    return st;
}

/* The reduced (or with minimal != 0 a minimal) basis of G, already a Groebner
 * basis of its ideal in ring R (for instance a dehomogenised one): minimal leading
 * monomials, then f4_final. */
gbc_status f4_reduce_basis_kind(gbc_ctx *ctx, const ring *R, const plist *G,
                                       plist *out, int minimal)
{
    f4_state S;
    gbc_status st;
    int unit = 0;
    GBC_CHECK(st, f4_setup(&S, ctx, R, NULL), done);
    S.minimal = minimal;
    GBC_CHECK(st, f4_load_basis(&S, G, &unit), done);
    st = unit ? f4_emit_one(ctx, R, out) : f4_final(&S, out);
done:
    f4_free(&S);
    return st;
}

gbc_status f4_reduce_basis(gbc_ctx *ctx, const ring *R, const plist *G, plist *out)
{
    return f4_reduce_basis_kind(ctx, R, G, out, 0);
}

