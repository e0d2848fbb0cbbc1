/* f4/replay: applying a trace modulo another prime: the recorded rows of each round
 * rebuilt (hashed, or from the compiled replay), reduced, checked against the
 * recorded leading monomials. */
#include "f4/f4_int.h"

/* The source polynomial of trace row j, or NULL when the trace names a row that
 * does not exist in this run. */
static const poly *replay_source(const f4_state *S, size_t j)
{
    uint32_t src = S->play->src[j];
    const poly *f = NULL;
    if (src & GEN_FLAG)
        f = (src & ~GEN_FLAG) < S->ngens ? &S->gens[src & ~GEN_FLAG] : NULL;
    else
        f = src < S->n ? &S->g[src] : NULL;
    /* a zero generator is never a row's source in a learnt trace (a changed blob
     * can name one: its row would have no leading column) */
    return f != NULL && f->len > 0 ? f : NULL;
}

/* The number of rows of replay round r to build: its zero rows too when the run
 * confirms them or records the compiled replay (which keeps every row). */
static size_t replay_nrows(const f4_state *S, const f4_trace_round *rr)
{
    size_t n = (size_t)rr->nred + rr->nnew;
    return S->chk != NULL || S->cc_rec != NULL ? n + rr->nzero : n;
}

/* The rows of replay round r from the compiled replay; *bad when a source does not
 * have the recorded support length. */
static gbc_status replay_rows_cc(f4_state *S, size_t r, int *bad)
{
    const f4_trace *t = S->cc_use;
    const f4_trace_round *rr = &S->play->rounds[r];
    const f4_cround *c = &t->cr[r];
    if (c->npiv != rr->nred || c->nrows != (size_t)rr->nred + rr->nnew + rr->nzero) {
        *bad = 1;
        return GBC_OK;
    }
    const size_t nrows = replay_nrows(S, rr);
    for (uint32_t k = 0; k < nrows; k++) {
        GBC_TRY(gbc_ctx_poll(S->ctx));
        const poly *f = replay_source(S, rr->row0 + k);
        const cc_row *w = &t->crow[c->r0 + k];
        if (f == NULL || f->len != w->len) {
            *bad = 1;
            return GBC_OK;
        }
        la_row *row;
        if (k < rr->nred)
            GBC_TRY(f4_push_row(S->ctx, &S->piv, &S->npiv, &S->pcap, &row));
        else
            GBC_TRY(f4_push_row(S->ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
        GBC_TRY(f4_cc_row_cols(S, w, &row->cols));
        row->cf = f->cf;
        row->len = f->len;
        row->src = S->play->src[rr->row0 + k];
        row->tag = 0;
    }
    GBC_TRY(f4_cc_matrix(S, c));
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
    const size_t nrows = replay_nrows(S, rr);
    for (size_t k = 0; k < nrows; k++) {
        size_t j = rr->row0 + k;
        const uint32_t *mul = tr->mul + j * n;
        uint32_t md = 0;
        for (uint32_t v = 0; v < n; v++) {
            S->mexps[v] = mul[v];
            md += mul[v];
        }
        uint32_t mh = mht_hash_exps(S->par.rnd, mul, n);
        const poly *f = replay_source(S, j);
        if (f == NULL) {
            *bad = 1;
            return GBC_OK;
        }
        la_row *row;
        if (k < rr->nred) {
            GBC_TRY(f4_push_row(ctx, &S->piv, &S->npiv, &S->pcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, f, tr->src[j], row));
            if (S->sht.row[row->cols[0]].aux == MARK_PIVOT) {
                *bad = 1; /* two reducers for one column */
                return GBC_OK;
            }
            S->sht.row[row->cols[0]].aux = MARK_PIVOT;
        } else {
            GBC_TRY(f4_push_row(ctx, &S->tbr, &S->ntbr, &S->tcap, &row));
            GBC_TRY(f4_make_row(S, mh, md, f, tr->src[j], row));
        }
    }
    uint32_t npivcols;
    GBC_TRY(f4_columns(S, &npivcols));
    return f4_cc_record_matrix(S);
}

/* New element r of a compiled replay as a basis polynomial: its coefficients, and
 * its leading monomial alone hashed into bht (mon[1..] repeat it). Past this point
 * a compiled replay reads a basis element's coefficients and length only (the
 * compiled rounds and the final matrix take their columns from the trace,
 * f4_cc_row_cols) and its lead (f4_add); hashing every monomial cost 6% of an
 * apply's instructions. A replay that turns out not to follow the compiled run
 * (cc_bad) is discarded whole, never continued by hashing. */
static gbc_status row_to_poly_lead(f4_state *S, const la_row *r, poly *h)
{
    GBC_TRY(poly_alloc(S->ctx, h, r->len, S->F));
    gbc_status st = mht_insert(S->ctx, &S->bht, f4_col_exps(S, r->cols[0]), &h->mon[0]);
    if (st != GBC_OK) {
        poly_clear(S->ctx, h, S->F);
        return st;
    }
    for (uint32_t k = 1; k < r->len; k++)
        h->mon[k] = h->mon[0];
    memcpy(h->cf, r->cf, sizeof(uint32_t) * r->len);
    return GBC_OK;
}

/* Replay round r of the trace (see f4.h); *bad when the prime does not follow. */
static gbc_status replay_round(f4_state *S, size_t r, int *unit, int *bad)
{
    gbc_ctx *ctx = S->ctx;
    const f4_trace *tr = S->play;
    const f4_trace_round *rr = &tr->rounds[r];
    const uint32_t n = S->R->nvars;
    double t0 = gbc_wall_time();
    S->npiv = S->ntbr = S->nzrow = 0;
    gbc_arena_reset(&S->arena);
    if (S->chk != NULL) {
        GBC_TRY(f4_confirm_pairs(S, r, bad));
        S->chk->seconds += gbc_wall_time() - t0;
        if (*bad)
            return GBC_OK;
    }
    if (S->cc_use != NULL)
        GBC_TRY(replay_rows_cc(S, r, bad));
    else
        GBC_TRY(replay_rows(S, r, bad));
    if (*bad)
        return GBC_OK;
    S->nzrow = replay_nrows(S, rr) - rr->nred - rr->nnew;
    double t1 = gbc_wall_time();
    size_t nnew = 0;
    GBC_TRY(f4_echelon(S, &nnew));
    if (nnew != rr->nnew) {
        *bad = 1; /* a row reduced to zero */
        return GBC_OK;
    }
    if (S->chk != NULL) {
        double t2 = gbc_wall_time();
        GBC_TRY(f4_confirm_zero(S, bad));
        S->chk->seconds += gbc_wall_time() - t2;
        if (*bad)
            return GBC_OK;
    }
    if (S->stats) {
        S->stats->rounds++;
        S->stats->matrix_rows += S->npiv + S->ntbr;
        S->stats->matrix_cols += S->ncols;
        S->stats->t_select += t1 - t0;
        S->stats->t_linalg += gbc_wall_time() - t1;
    }
    GBC_TRY(f4_sort_newrows(S, nnew));
    for (size_t i = 0; i < nnew; i++) {
        const uint32_t *e = f4_col_exps(S, S->newrows[i].cols[0]);
        if (memcmp(e, tr->lead + (rr->lead0 + i) * n, sizeof(uint32_t) * n) != 0) {
            *bad = 1; /* a different leading monomial */
            return GBC_OK;
        }
    }
    if (S->cc_use != NULL) {
        int fits;
        GBC_TRY(f4_cc_new_fit(S, &S->cc_use->cr[r], nnew, &fits));
        if (!fits) {
            *bad = 1; /* a support differs from the compiled run's: replay plainly */
            S->cc_bad = 1;
            return GBC_OK;
        }
    }
    GBC_TRY(f4_cc_record_new(S, nnew));
    for (size_t i = 0; i < nnew; i++) {
        poly h;
        GBC_TRY(gbc_ctx_check(ctx));
        if (S->cc_use != NULL && !S->minimal && S->F->p != 0)
            GBC_TRY(row_to_poly_lead(S, &S->newrows[i], &h));
        else
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


gbc_status f4_replay_begin(f4_state *S, int compiled, f4_trace *compile, int *bad)
{
    const f4_trace *play = S->play;
    if (play->nvars != S->R->nvars)
        return GBC_ERR_INTERNAL;
    if (compiled) {
        S->cc_use = play;
        if (play->ncr != play->nrounds + 1 || !f4_cc_gens_match(S))
            *bad = 1;
    } else if (compile != NULL) {
        f4_cc_reset(compile, CC_NONE);
        S->cc_rec = compile;
        GBC_TRY(f4_cc_record_gens(S));
    }
    return GBC_OK;
}

gbc_status f4_replay_rounds(f4_state *S, int *unit, int *bad)
{
    const f4_trace *play = S->play;
    for (size_t r = 0; r < play->nrounds && !*unit && !*bad; r++) {
        GBC_TRY(gbc_ctx_check(S->ctx));
        GBC_TRY(replay_round(S, r, unit, bad));
    }
    if (!*bad && (*unit != play->unit || (!*unit && S->n != play->nbasis)))
        *bad = 1;
    if (!*bad && S->chk != NULL)
        return f4_confirm_end(S, *unit, bad);
    if (!*bad && !*unit && S->n > 0)
        memcpy(S->red, play->red, S->n);
    return GBC_OK;
}

void f4_replay_compiled(f4_state *S, int unit)
{
    if (S->cc_rec != NULL && !unit && S->cc_rec->ncr == S->cc_rec->nrounds + 1) {
        S->cc_rec->cstate = CC_READY;
        f4_cc_shrink(S->ctx, S->cc_rec);
    }
}

void f4_replay_end(f4_state *S)
{
    if (S->cc_rec != NULL && S->cc_rec->cstate != CC_READY)
        f4_cc_reset(S->cc_rec, CC_NONE);
}
