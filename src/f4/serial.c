/* f4/serial: a trace as a flat, versioned byte string and back (see f4.h), so that
 * a trace learnt in one process can be applied in another (a distributed run: one
 * rank learns, the others apply). Little-endian fixed-width fields; reading checks
 * every count and offset against the bytes present and every index against the
 * arrays it points into, so that no blob, however made, makes an apply read or
 * write outside its arrays. */
#include "f4/f4_int.h"

#include "common/bytes.h"

#define TRACE_MAGIC "GBCTRACE"
/* version 2 adds the compiling run's basis supports (nout, olen, ocols) after the
 * compiled part, so that a loaded trace's applies can give flat residues
 * (f4_apply_flat); version 3 a word after the compiled flag (whether the rounds
 * hold their zero rows, f4_trace_set_confirm) and each round's nzero after its
 * lead0. Versions 1 and 2 are still read (as traces without zero rows). */
#define TRACE_VERSION 3u
/* a multiplier exponent larger than this is refused (a learnt trace has small
 * ones; this keeps products far from overflowing) */
#define TRACE_MAX_EXP (1u << 20)

gbc_status f4_trace_serialize(gbc_ctx *ctx, const f4_trace *tr, uint8_t **out, size_t *len)
{
    gbc_wbuf w = {ctx, NULL, 0, 0, GBC_OK};
    const size_t nv = tr->nvars;
    gbc_put(&w, TRACE_MAGIC, 8);
    gbc_put_u32(&w, TRACE_VERSION);
    gbc_put_u32(&w, tr->nvars);
    gbc_put_u32(&w, (uint32_t)tr->unit);
    int compiled = tr->cstate == CC_READY;
    gbc_put_u32(&w, (uint32_t)compiled);
    gbc_put_u32(&w, (uint32_t)tr->confirm);
    gbc_put_u64(&w, tr->nrows);
    gbc_put_u32s(&w, tr->src, tr->nrows);
    gbc_put_u32s(&w, tr->mul, tr->nrows * nv);
    gbc_put_u64(&w, tr->nleads);
    gbc_put_u32s(&w, tr->lead, tr->nleads * nv);
    gbc_put_u64(&w, tr->nrounds);
    for (size_t r = 0; r < tr->nrounds; r++) {
        const f4_trace_round *R = &tr->rounds[r];
        gbc_put_u32(&w, R->degree);
        gbc_put_u64(&w, R->row0);
        gbc_put_u32(&w, R->nred);
        gbc_put_u32(&w, R->nnew);
        gbc_put_u64(&w, R->lead0);
        gbc_put_u32(&w, R->nzero);
    }
    gbc_put_u64(&w, tr->nbasis);
    gbc_put(&w, tr->red, tr->nbasis);
    if (compiled) {
        gbc_put_u64(&w, tr->nccode);
        gbc_put_u16s(&w, tr->ccode, tr->nccode);
        gbc_put_u64(&w, tr->ncrows);
        for (size_t i = 0; i < tr->ncrows; i++) {
            gbc_put_u64(&w, tr->crow[i].off);
            gbc_put_u32(&w, tr->crow[i].len);
            gbc_put_u32(&w, tr->crow[i].src);
        }
        gbc_put_u64(&w, tr->ncexps);
        gbc_put_u32s(&w, tr->cexps, tr->ncexps);
        gbc_put_u64(&w, tr->ncgexps);
        gbc_put_u32s(&w, tr->cgexps, tr->ncgexps);
        gbc_put_u64(&w, tr->ncglen);
        gbc_put_u32s(&w, tr->cglen, tr->ncglen);
        gbc_put_u64(&w, tr->ncr);
        for (size_t i = 0; i < tr->ncr; i++) {
            const f4_cround *c = &tr->cr[i];
            gbc_put_u32(&w, c->ncols);
            gbc_put_u32(&w, c->npiv);
            gbc_put_u32(&w, c->nrows);
            gbc_put_u32(&w, c->nnew);
            gbc_put_u64(&w, c->ce0);
            gbc_put_u64(&w, c->r0);
        }
        gbc_put_u64(&w, tr->nout);
        gbc_put_u32s(&w, tr->olen, tr->nout);
        gbc_put_u64(&w, tr->nocols);
        gbc_put_u32s(&w, tr->ocols, tr->nocols);
    }
    if (w.st != GBC_OK) {
        gbc_free(ctx, w.b);
        return w.st;
    }
    *out = w.b;
    *len = w.n;
    return GBC_OK;
}

/* n values into a fresh array *a (at least one element). */
static gbc_status get_u32s(gbc_ctx *ctx, gbc_rbuf *r, uint32_t **a, size_t n)
{
    if (r->bad || n > (r->n - r->at) / 4) {
        r->bad = 1;
        return GBC_OK;
    }
    GBC_TRY(GBC_ALLOC(ctx, *a, n ? n : 1));
    if (GBC_HOST_LE) {
        if (n > 0)
            memcpy(*a, r->b + r->at, 4 * n);
        r->at += 4 * n;
        return GBC_OK;
    }
    for (size_t i = 0; i < n; i++)
        (*a)[i] = gbc_get_u32(r);
    return GBC_OK;
}

/* Check the compiled part of t against itself: every matrix's column monomials and
 * rows inside the arrays, every row's codes inside the code array and its columns
 * inside its matrix. */
static int compiled_ok(const f4_trace *t)
{
    const size_t nv = t->nvars;
    if (t->ncr != t->nrounds + 1)
        return 0;
    size_t terms = 0;
    for (size_t i = 0; i < t->ncglen; i++)
        terms += t->cglen[i];
    if (terms > SIZE_MAX / (nv ? nv : 1) || terms * nv != t->ncgexps)
        return 0;
    for (size_t k = 0; k < t->ncr; k++) {
        const f4_cround *c = &t->cr[k];
        /* a round's matrix: nrows rows, then nnew recorded new rows; the final
         * matrix: nrows rows, of which the first nnew are tail-reduced */
        const int final = k + 1 == t->ncr;
        uint64_t rows = final ? c->nrows : (uint64_t)c->nrows + c->nnew;
        /* a matrix without columns has no rows: a learnt round whose rows all
         * reduced to zero keeps no reducer either (f4_round) */
        if ((c->ncols == 0 && rows > 0) || c->ce0 > t->ncexps ||
            (uint64_t)c->ncols * nv > t->ncexps - c->ce0)
            return 0;
        if (c->npiv > c->nrows || (final && c->nnew > c->nrows) || c->r0 > t->ncrows ||
            rows > t->ncrows - c->r0)
            return 0;
        for (uint64_t i = 0; i < rows; i++) {
            const cc_row *w = &t->crow[c->r0 + i];
            if (w->off > t->nccode)
                return 0;
            /* decode with bounds */
            size_t at = w->off;
            uint32_t col = 0;
            for (uint32_t j = 0; j < w->len; j++) {
                if (at >= t->nccode)
                    return 0;
                uint16_t v = t->ccode[at++];
                if (v == CC_ESC) {
                    if (t->nccode - at < 2)
                        return 0;
                    col = (uint32_t)t->ccode[at] | (uint32_t)t->ccode[at + 1] << 16;
                    at += 2;
                } else {
                    if (j == 0)
                        return 0; /* a row starts with its column itself */
                    col += (uint32_t)(int32_t)(int16_t)v;
                }
                if (col >= c->ncols)
                    return 0;
            }
        }
    }
    return 1;
}

/* The deserialiser's steps: each reads its part of the blob at r into t, sets
 * r->bad on malformed input (and then reads nothing more) and returns a failed
 * allocation's status. */

/* The rows (sources and multipliers) and the leading monomials. */
static gbc_status get_rows_leads(gbc_ctx *ctx, gbc_rbuf *r, f4_trace *t)
{
    const size_t nv = t->nvars;
    t->nrows = t->rcap = gbc_get_count(r, 4);
    GBC_TRY(get_u32s(ctx, r, &t->src, t->nrows));
    if (!r->bad && nv > 0 && t->nrows > SIZE_MAX / nv)
        r->bad = 1;
    GBC_TRY(get_u32s(ctx, r, &t->mul, r->bad ? 0 : t->nrows * nv));
    for (size_t i = 0; !r->bad && i < t->nrows * nv; i++)
        if (t->mul[i] > TRACE_MAX_EXP)
            r->bad = 1;
    t->nleads = t->lcap = gbc_get_count(r, 4);
    if (!r->bad && nv > 0 && t->nleads > SIZE_MAX / nv)
        r->bad = 1;
    return get_u32s(ctx, r, &t->lead, r->bad ? 0 : t->nleads * nv);
}

/* The rounds, each within the rows and leads read before; then the basis's
 * redundancy marks. */
static gbc_status get_rounds_basis(gbc_ctx *ctx, gbc_rbuf *r, f4_trace *t, uint32_t version)
{
    t->nrounds = t->cap = gbc_get_count(r, version >= 3 ? 32 : 28);
    if (!r->bad) {
        GBC_TRY(GBC_ALLOC(ctx, t->rounds, t->nrounds ? t->nrounds : 1));
        for (size_t k = 0; k < t->nrounds && !r->bad; k++) {
            f4_trace_round *R = &t->rounds[k];
            R->degree = gbc_get_u32(r);
            uint64_t row0 = gbc_get_u64(r);
            R->nred = gbc_get_u32(r);
            R->nnew = gbc_get_u32(r);
            uint64_t lead0 = gbc_get_u64(r);
            R->nzero = version >= 3 ? gbc_get_u32(r) : 0;
            if (R->nzero != 0 && !t->confirm)
                r->bad = 1;
            if (row0 > t->nrows ||
                (uint64_t)R->nred + R->nnew + R->nzero > t->nrows - row0 ||
                lead0 > t->nleads || R->nnew > t->nleads - lead0)
                r->bad = 1;
            R->row0 = (size_t)row0;
            R->lead0 = (size_t)lead0;
        }
    }
    t->nbasis = gbc_get_count(r, 1);
    if (!r->bad) {
        GBC_TRY(GBC_ALLOC(ctx, t->red, t->nbasis ? t->nbasis : 1));
        memcpy(t->red, r->b + r->at, t->nbasis);
        r->at += t->nbasis;
        for (size_t i = 0; i < t->nbasis; i++)
            if (t->red[i] > 1)
                r->bad = 1;
    }
    return GBC_OK;
}

/* The compiled replay's codes, recorded rows and column monomials. */
static gbc_status get_compiled_rows(gbc_ctx *ctx, gbc_rbuf *r, f4_trace *t)
{
    t->nccode = t->cccap = gbc_get_count(r, 2);
    if (!r->bad) {
        GBC_TRY(GBC_ALLOC(ctx, t->ccode, t->nccode ? t->nccode : 1));
        if (GBC_HOST_LE && t->nccode > 0)
            memcpy(t->ccode, r->b + r->at, 2 * t->nccode);
        for (size_t i = 0; !GBC_HOST_LE && i < t->nccode; i++)
            t->ccode[i] = (uint16_t)(r->b[r->at + 2 * i] | r->b[r->at + 2 * i + 1] << 8);
        r->at += 2 * t->nccode;
    }
    t->ncrows = t->crcap = gbc_get_count(r, 16);
    if (!r->bad) {
        GBC_TRY(GBC_ALLOC(ctx, t->crow, t->ncrows ? t->ncrows : 1));
        for (size_t i = 0; i < t->ncrows; i++) {
            uint64_t off = gbc_get_u64(r);
            t->crow[i].off = off > t->nccode ? t->nccode + 1 : (size_t)off;
            t->crow[i].len = gbc_get_u32(r);
            t->crow[i].src = gbc_get_u32(r);
        }
    }
    t->ncexps = t->cecap = gbc_get_count(r, 4);
    GBC_TRY(get_u32s(ctx, r, &t->cexps, t->ncexps));
    t->ncgexps = t->cgcap = gbc_get_count(r, 4);
    GBC_TRY(get_u32s(ctx, r, &t->cgexps, t->ncgexps));
    t->ncglen = t->cglcap = gbc_get_count(r, 4);
    return get_u32s(ctx, r, &t->cglen, t->ncglen);
}

/* The compiled replay (after get_compiled_rows): its matrices, from version 2 on
 * the basis supports; its state READY when everything is consistent. */
static gbc_status get_compiled_rest(gbc_ctx *ctx, gbc_rbuf *r, f4_trace *t, uint32_t version)
{
    t->ncr = t->ccap = gbc_get_count(r, 32);
    if (!r->bad) {
        GBC_TRY(GBC_ALLOC(ctx, t->cr, t->ncr ? t->ncr : 1));
        for (size_t i = 0; i < t->ncr; i++) {
            f4_cround *c = &t->cr[i];
            c->ncols = gbc_get_u32(r);
            c->npiv = gbc_get_u32(r);
            c->nrows = gbc_get_u32(r);
            c->nnew = gbc_get_u32(r);
            uint64_t ce0 = gbc_get_u64(r), r0 = gbc_get_u64(r);
            c->ce0 = ce0 > t->ncexps ? t->ncexps + 1 : (size_t)ce0;
            c->r0 = r0 > t->ncrows ? t->ncrows + 1 : (size_t)r0;
        }
    }
    if (version >= 2) {
        /* the basis supports: only compared with an apply's rows (final.c),
         * never used as indices; their lengths must add up */
        t->nout = t->olcap = gbc_get_count(r, 4);
        GBC_TRY(get_u32s(ctx, r, &t->olen, t->nout));
        t->nocols = t->occap = gbc_get_count(r, 4);
        GBC_TRY(get_u32s(ctx, r, &t->ocols, t->nocols));
        uint64_t sum = 0;
        for (size_t i = 0; !r->bad && i < t->nout; i++)
            sum += t->olen[i];
        if (!r->bad && sum != t->nocols)
            r->bad = 1;
    }
    if (!r->bad && !compiled_ok(t))
        r->bad = 1;
    t->cstate = r->bad ? CC_NONE : CC_READY;
    return GBC_OK;
}

gbc_status f4_trace_deserialize(gbc_ctx *ctx, const uint8_t *blob, size_t len, f4_trace **out)
{
    *out = NULL;
    gbc_rbuf r = {blob, len, 0, 0};
    if (blob == NULL || len < 8 || memcmp(blob, TRACE_MAGIC, 8) != 0)
        return GBC_ERR_PARSE;
    r.at = 8;
    const uint32_t version = gbc_get_u32(&r);
    if (version < 1 || version > TRACE_VERSION)
        return GBC_ERR_PARSE;
    f4_trace *t;
    GBC_TRY(f4_trace_new(ctx, &t));
    gbc_status st = GBC_OK;
    t->nvars = gbc_get_u32(&r);
    uint32_t unit = gbc_get_u32(&r), compiled = gbc_get_u32(&r);
    uint32_t confirm = version >= 3 ? gbc_get_u32(&r) : 0;
    if (t->nvars > (1u << 16) || unit > 1 || compiled > 1 || confirm > 1)
        r.bad = 1;
    t->unit = (int)unit;
    t->confirm = (int)confirm;
    GBC_CHECK(st, get_rows_leads(ctx, &r, t), done);
    GBC_CHECK(st, get_rounds_basis(ctx, &r, t, version), done);
    if (compiled && !r.bad) {
        GBC_CHECK(st, get_compiled_rows(ctx, &r, t), done);
        GBC_CHECK(st, get_compiled_rest(ctx, &r, t, version), done);
    }
    if (!r.bad && r.at != r.n)
        r.bad = 1; /* bytes left over */
done:
    if (st == GBC_OK && r.bad)
        st = GBC_ERR_PARSE;
    if (st != GBC_OK) {
        f4_trace_free(ctx, t);
        return st;
    }
    *out = t;
    return GBC_OK;
}
