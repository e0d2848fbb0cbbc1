/* f4/nf: normal forms modulo a Groebner basis through one F4 matrix: the
 * polynomials to reduce are rows, symbolic preprocessing brings a reducer (a
 * multiple of a basis element) for every reducible monomial of the matrix, and
 * each row is reduced by the reducers alone (never by another row), so that its
 * remainder is its normal form. Every product is hashed once for all the rows,
 * where a division one polynomial at a time hashes the same products again. */
#include "f4/f4_int.h"

gbc_status f4_normal_forms(gbc_ctx *ctx, const ring *R, const plist *G, const plist *P,
                           plist *out)
{
    if (!f4_computes_over(&R->F))
        return GBC_ERR_DOMAIN;
    f4_state S;
    gbc_status st;
    int unit = 0;
    poly *fs = NULL;
    size_t nf = 0;
    gbc_arena one;
    gbc_arena_init(&one, 1 << 16);
    GBC_CHECK(st, f4_setup(&S, ctx, R, NULL), done);
    GBC_CHECK(st, f4_load_basis(&S, G, &unit), done);
    if (unit) {
        /* everything reduces to zero */
        for (size_t i = 0; i < P->n; i++) {
            ppoly *z;
            GBC_CHECK(st, plist_push(ctx, out, 0, R->nvars, &R->F, &z), done);
        }
        goto done;
    }
    /* the reducers of the basis elements' own leading monomials first (as in
     * f4_final), then the rows to reduce */
    mht_reset(&S.sht);
    memset(S.mexps, 0, sizeof(uint32_t) * R->nvars);
    GBC_CHECK(st, GBC_ZALLOC(ctx, fs, P->n ? P->n : 1), done);
    for (size_t i = 0; i < P->n; i++) {
        GBC_CHECK(st, poly_from_plain(ctx, &fs[i], &P->p[i], &S.bht, S.F), done);
        nf = i + 1; /* fs[0 .. nf) are to be cleared */
        if (fs[i].len == 0)
            continue;
        la_row *row;
        GBC_CHECK(st, f4_push_row(ctx, &S.tbr, &S.ntbr, &S.tcap, &row), done);
        GBC_CHECK(st, f4_make_row(&S, 0, 0, &fs[i], (uint32_t)i, row), done);
    }
    GBC_CHECK(st, f4_symbolic(&S), done);
    uint32_t npivcols;
    GBC_CHECK(st, f4_columns(&S, &npivcols), done);
    la_matrix M = {.ncols = S.ncols, .pivot = S.pivot, .dense = S.dense,
                   .tcols = S.tcols, .tcf = S.tcf, .isa = LA_ISA_PORTABLE};
    size_t t = 0;
    for (size_t i = 0; i < P->n; i++) {
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
        gbc_progress(ctx, "normal-form", (double)(i + 1) / (double)(P->n ? P->n : 1), i + 1);
        if (fs[i].len == 0) {
            ppoly *z;
            GBC_CHECK(st, plist_push(ctx, out, 0, R->nvars, &R->F, &z), done);
            continue;
        }
        la_row res;
        GBC_CHECK(st, la_remainder(ctx, &M, S.F, &S.tbr[t++], &one, &res), done);
        if (res.len == 0) {
            ppoly *z;
            GBC_CHECK(st, plist_push(ctx, out, 0, R->nvars, &R->F, &z), done);
        } else {
            poly h;
            GBC_CHECK(st, f4_row_to_poly(&S, &res, &h), done);
            st = plist_push_poly(ctx, out, &h, &S.bht, S.F, 0);
            poly_clear(ctx, &h, S.F);
            if (st != GBC_OK)
                goto done;
        }
        gbc_arena_reset(&one);
    }
done:
    for (size_t i = 0; i < nf; i++)
        poly_clear(ctx, &fs[i], S.F);
    gbc_free(ctx, fs);
    gbc_arena_clear(ctx, &one);
    f4_free(&S);
    return st;
}
