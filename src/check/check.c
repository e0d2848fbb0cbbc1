/* check: the Groebner and reducedness verifiers. */
#include <stdio.h>

#include "check/check.h"
#include "buchberger/reduce.h"
#include "pairs/pairs.h"

typedef struct ck {
    gbc_ctx *ctx;
    const field *F;
    mht_params par;
    mht t;
    poly *g;
    size_t n;
} ck;

static void ck_clear(ck *C)
{
    for (size_t i = 0; i < C->n; i++)
        poly_clear(C->ctx, &C->g[i], C->F);
    gbc_free(C->ctx, C->g);
    mht_clear(C->ctx, &C->t);
    mht_params_clear(C->ctx, &C->par);
}

static gbc_status ck_init(ck *C, gbc_ctx *ctx, const ring *R, const plist *G)
{
    memset(C, 0, sizeof *C);
    C->ctx = ctx;
    C->F = &R->F;
    GBC_TRY(mht_params_init(ctx, &C->par, &R->ord, 0xc4ecc4ecULL));
    gbc_status st;
    GBC_CHECK(st, mht_init(ctx, &C->t, &C->par, 10), fail);
    GBC_CHECK(st, GBC_ZALLOC(ctx, C->g, G->n ? G->n : 1), fail);
    for (size_t i = 0; i < G->n; i++) {
        GBC_CHECK(st, poly_from_plain(ctx, &C->g[C->n], &G->p[i], &C->t, C->F), fail);
        C->n++;
        poly_normalize_lc(&C->g[i], C->F);
    }
    return GBC_OK;
fail:
    ck_clear(C);
    return st;
}

/* f <- a*f - c*m*g (poly_reduce_lead: Z/p a = 1, c = lc(f)/lc(g); Q
 * fraction-free, the result primitive), which cancels the leading term of f. */
static gbc_status ck_step(ck *C, poly *f, const poly *g)
{
    return poly_reduce_lead(C->ctx, f, g, &C->t, C->F);
}

/* Top-reduce f by the basis until it is zero or its lead is irreducible; *zero says
 * which. f is consumed (cleared) either way. */
static gbc_status ck_reduces_to_zero(ck *C, poly *f, int *zero)
{
    gbc_status st = GBC_OK;
    while (f->len > 0 && st == GBC_OK) {
        GBC_CHECK(st, gbc_ctx_poll(C->ctx), out);
        size_t k;
        for (k = 0; k < C->n; k++)
            if (C->g[k].len > 0 && mht_divides(&C->t, C->g[k].mon[0], &C->t, f->mon[0]))
                break;
        if (k == C->n)
            break;
        st = ck_step(C, f, &C->g[k]);
    }
out:
    *zero = f->len == 0;
    poly_clear(C->ctx, f, C->F);
    return st;
}

static gbc_status ck_spoly(ck *C, size_t i, size_t j, poly *s)
{
    const poly *gi = &C->g[i], *gj = &C->g[j];
    uint32_t l, ui, uj;
    GBC_TRY(mht_insert_lcm(C->ctx, &C->t, &C->t, gi->mon[0], gj->mon[0], &l));
    GBC_TRY(mht_insert_div(C->ctx, &C->t, &C->t, l, gi->mon[0], &ui));
    GBC_TRY(mht_insert_div(C->ctx, &C->t, &C->t, l, gj->mon[0], &uj));
    poly a, b;
    GBC_TRY(poly_mul_mono(C->ctx, &a, gi, ui, &C->t, C->F));
    gbc_status st = poly_mul_mono(C->ctx, &b, gj, uj, &C->t, C->F);
    if (st != GBC_OK) {
        poly_clear(C->ctx, &a, C->F);
        return st;
    }
    /* s = a - (lc a / lc b) b, computed as one cancellation step */
    st = ck_step(C, &a, &b);
    if (st == GBC_OK)
        *s = a;
    else
        poly_clear(C->ctx, &a, C->F);
    poly_clear(C->ctx, &b, C->F);
    return st;
}

/* The pairs left by the Gebauer-Moeller update when the elements are added in
 * order (and the zero polynomials skipped): enough to test Buchberger's criterion. */
static gbc_status ck_gm_pairs(ck *C, pairset *ps)
{
    gbc_ctx *ctx = C->ctx;
    uint32_t *lm, *idx;
    uint8_t *red = NULL; /* freed below even when its allocation fails */
    size_t m = 0;
    GBC_TRY(GBC_ALLOC(ctx, lm, C->n ? C->n : 1));
    gbc_status st = GBC_ALLOC(ctx, idx, C->n ? C->n : 1);
    if (st != GBC_OK) {
        gbc_free(ctx, lm);
        return st;
    }
    st = GBC_ZALLOC(ctx, red, C->n ? C->n : 1);
    for (size_t i = 0; i < C->n && st == GBC_OK; i++) {
        if (C->g[i].len == 0)
            continue;
        lm[m] = C->g[i].mon[0];
        idx[m++] = (uint32_t)i;
        pairs_basis B = {&C->t, lm, red, NULL, (uint32_t)m, NULL, NULL, 0, 0, 0, 0};
        st = pairs_update(ctx, ps, &B);
    }
    /* pair indices are positions among the nonzero elements: map them back */
    for (size_t q = 0; q < ps->n && st == GBC_OK; q++) {
        ps->p[q].i = idx[ps->p[q].i];
        ps->p[q].j = idx[ps->p[q].j];
    }
    gbc_free(ctx, lm);
    gbc_free(ctx, idx);
    gbc_free(ctx, red);
    return st;
}

/* Buchberger's criterion on the Gebauer-Moeller pairs, the S-polynomials reduced by
 * the heap reducer of buchberger/ (fast over Q: fraction-free with the leading
 * coefficients of the reducers). *is_gb the verdict; on a failure (*bi, *bj) is the
 * first pair whose S-polynomial has an irreducible leading term. */
static gbc_status ck_criteria(ck *C, const ring *R, int *is_gb, size_t *bi, size_t *bj)
{
    gbc_ctx *ctx = C->ctx;
    pairset ps;
    pairs_init(&ps);
    divlookup dl;
    bb_red rd;
    dl_init(ctx, &dl, DL_LIST, R->nvars, &C->par.dm);
    bb_red_init(ctx, &rd, &C->t, C->F);
    gbc_status st = ck_gm_pairs(C, &ps);
    for (size_t i = 0; i < C->n && st == GBC_OK; i++)
        if (C->g[i].len > 0)
            st = dl_insert(ctx, &dl, mht_exps(&C->t, C->g[i].mon[0]),
                           C->t.row[C->g[i].mon[0]].divmask, (uint32_t)i);
    bb_reducers RG = {C->g, &dl};
    *is_gb = 1;
    for (size_t q = 0; q < ps.n && st == GBC_OK && *is_gb; q++) {
        const poly *gi = &C->g[ps.p[q].i], *gj = &C->g[ps.p[q].j];
        uint32_t ui, uj;
        GBC_CHECK(st, gbc_ctx_poll(ctx), out);
        GBC_CHECK(st, mht_insert_div(ctx, &C->t, &C->t, ps.p[q].lcm, gi->mon[0], &ui), out);
        GBC_CHECK(st, mht_insert_div(ctx, &C->t, &C->t, ps.p[q].lcm, gj->mon[0], &uj), out);
        bb_red_begin(&rd);
        GBC_CHECK(st, bb_red_add_spair(ctx, &rd, gi, ui, gj, uj), out);
        GBC_CHECK(st, bb_red_run(ctx, &rd, &RG, 0), out);
        if (rd.out.len != 0) {
            *is_gb = 0;
            *bi = ps.p[q].i < ps.p[q].j ? ps.p[q].i : ps.p[q].j;
            *bj = ps.p[q].i < ps.p[q].j ? ps.p[q].j : ps.p[q].i;
        }
        poly h;
        GBC_CHECK(st, bb_red_take(ctx, &rd, &h), out);
        poly_clear(ctx, &h, C->F);
    }
out:
    bb_red_clear(ctx, &rd);
    dl_clear(ctx, &dl);
    pairs_clear(ctx, &ps);
    return st;
}

gbc_status check_groebner_criteria(gbc_ctx *ctx, const ring *R, const plist *G, int *is_gb)
{
    ck C;
    GBC_TRY(ck_init(&C, ctx, R, G));
    size_t bi, bj;
    gbc_status st = ck_criteria(&C, R, is_gb, &bi, &bj);
    ck_clear(&C);
    return st;
}

/* Reducedness, on the plain form (monic means leading coefficient exactly 1); only
 * called when the list is a Groebner basis. */
static void ck_reduced(const ck *C, const ring *R, const plist *G, check_report *rep)
{
    rep->is_reduced = rep->is_groebner;
    for (size_t i = 0; i < C->n && rep->is_reduced; i++) {
        const ppoly *p = &G->p[i];
        if (!ppoly_is_monic(p, &R->F)) {
            rep->is_reduced = 0;
            rep->bad_i = i;
            snprintf(rep->reason, sizeof rep->reason, "element %zu is not monic", i + 1);
            break;
        }
        if (!poly_is_canonical(&C->g[i], &C->t, C->F) || C->g[i].len != p->len) {
            rep->is_reduced = 0;
            rep->bad_i = i;
            snprintf(rep->reason, sizeof rep->reason,
                     "element %zu is not in canonical form (terms unsorted or repeated)", i + 1);
            break;
        }
        if (i > 0 && mht_cmp(&C->t, C->g[i - 1].mon[0], C->g[i].mon[0]) >= 0) {
            rep->is_reduced = 0;
            rep->bad_i = i;
            snprintf(rep->reason, sizeof rep->reason,
                     "elements are not sorted by increasing leading monomial at %zu", i + 1);
            break;
        }
        for (size_t j = 0; j < C->n && rep->is_reduced; j++) {
            if (j == i || C->g[j].len == 0) /* a zero element fails when i reaches it */
                continue;
            for (uint32_t k = 0; k < C->g[i].len; k++)
                if (mht_divides(&C->t, C->g[j].mon[0], &C->t, C->g[i].mon[k])) {
                    rep->is_reduced = 0;
                    rep->bad_i = i;
                    rep->bad_j = j;
                    snprintf(rep->reason, sizeof rep->reason,
                             "term %u of element %zu is divisible by the leading monomial of element %zu",
                             k + 1, i + 1, j + 1);
                    break;
                }
        }
    }
}

gbc_status check_groebner(gbc_ctx *ctx, const ring *R, const plist *G, check_report *rep)
{
    memset(rep, 0, sizeof *rep);
    ck C;
    GBC_TRY(ck_init(&C, ctx, R, G));
    gbc_status st = GBC_OK;
    rep->is_groebner = 1;
    for (size_t i = 0; i < C.n && rep->is_groebner; i++) {
        if (C.g[i].len == 0)
            continue;
        for (size_t j = i + 1; j < C.n; j++) {
            if (C.g[j].len == 0 || mht_coprime(&C.t, C.g[i].mon[0], C.g[j].mon[0]))
                continue;
            poly s;
            int zero;
            GBC_CHECK(st, ck_spoly(&C, i, j, &s), out);
            GBC_CHECK(st, ck_reduces_to_zero(&C, &s, &zero), out);
            if (!zero) {
                rep->is_groebner = 0;
                rep->bad_i = i;
                rep->bad_j = j;
                snprintf(rep->reason, sizeof rep->reason,
                         "the S-polynomial of elements %zu and %zu does not reduce to zero",
                         i + 1, j + 1);
                break;
            }
        }
    }
    if (st == GBC_OK)
        ck_reduced(&C, R, G, rep);
out:
    ck_clear(&C);
    return st;
}

gbc_status check_groebner_fast(gbc_ctx *ctx, const ring *R, const plist *G,
                               check_report *rep)
{
    memset(rep, 0, sizeof *rep);
    ck C;
    GBC_TRY(ck_init(&C, ctx, R, G));
    gbc_status st = ck_criteria(&C, R, &rep->is_groebner, &rep->bad_i, &rep->bad_j);
    if (st == GBC_OK && !rep->is_groebner)
        snprintf(rep->reason, sizeof rep->reason,
                 "the S-polynomial of elements %zu and %zu does not reduce to zero",
                 rep->bad_i + 1, rep->bad_j + 1);
    if (st == GBC_OK)
        ck_reduced(&C, R, G, rep);
    ck_clear(&C);
    return st;
}

gbc_status check_ideal_contains(gbc_ctx *ctx, const ring *R, const plist *G,
                                const plist *Fs, int *contained, size_t *bad)
{
    ck C;
    GBC_TRY(ck_init(&C, ctx, R, G));
    gbc_status st = GBC_OK;
    *contained = 1;
    for (size_t k = 0; k < Fs->n; k++) {
        poly f;
        GBC_CHECK(st, poly_from_plain(ctx, &f, &Fs->p[k], &C.t, C.F), out);
        /* full reduction to zero needs only top reduction: if the lead is ever
         * irreducible the normal form is nonzero */
        int zero;
        GBC_CHECK(st, ck_reduces_to_zero(&C, &f, &zero), out);
        if (!zero) {
            *contained = 0;
            if (bad)
                *bad = k;
            break;
        }
    }
out:
    ck_clear(&C);
    return st;
}

gbc_status check_ideal_contains_fast(gbc_ctx *ctx, const ring *R, const plist *G,
                                     const plist *Fs, int *contained, size_t *bad)
{
    ck C;
    GBC_TRY(ck_init(&C, ctx, R, G));
    divlookup dl;
    bb_red rd;
    dl_init(ctx, &dl, DL_LIST, R->nvars, &C.par.dm);
    gbc_status st = bb_red_init(ctx, &rd, &C.t, C.F);
    for (size_t i = 0; i < C.n && st == GBC_OK; i++)
        if (C.g[i].len > 0)
            st = dl_insert(ctx, &dl, mht_exps(&C.t, C.g[i].mon[0]),
                           C.t.row[C.g[i].mon[0]].divmask, (uint32_t)i);
    bb_reducers RG = {C.g, &dl};
    mpz_t one;
    mpz_init_set_ui(one, 1);
    *contained = 1;
    for (size_t k = 0; k < Fs->n && st == GBC_OK && *contained; k++) {
        poly f, h;
        GBC_CHECK(st, gbc_ctx_poll(ctx), out);
        GBC_CHECK(st, poly_from_plain(ctx, &f, &Fs->p[k], &C.t, C.F), out);
        bb_red_begin(&rd);
        st = bb_red_add(ctx, &rd, &f, 0, UINT32_MAX, 1, one);
        poly_clear(ctx, &f, C.F);
        if (st != GBC_OK)
            break;
        /* top reduction decides: the normal form is zero iff the lead never sticks */
        GBC_CHECK(st, bb_red_run(ctx, &rd, &RG, 0), out);
        if (rd.out.len != 0) {
            *contained = 0;
            if (bad)
                *bad = k;
        }
        GBC_CHECK(st, bb_red_take(ctx, &rd, &h), out);
        poly_clear(ctx, &h, C.F);
    }
out:
    mpz_clear(one);
    bb_red_clear(ctx, &rd);
    dl_clear(ctx, &dl);
    ck_clear(&C);
    return st;
}

int check_plist_equal(const ring *R, const plist *A, const plist *B)
{
    if (A->n != B->n)
        return 0;
    for (size_t k = 0; k < A->n; k++) {
        const ppoly *a = &A->p[k], *b = &B->p[k];
        if (a->len != b->len)
            return 0;
        if (memcmp(a->exps, b->exps, sizeof(uint32_t) * a->len * R->nvars) != 0)
            return 0;
        if (!ppoly_coefs_equal(a, b, a->len, &R->F))
            return 0;
    }
    return 1;
}
