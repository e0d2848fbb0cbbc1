/* io/multinomial: v^e for a sum v of few terms by the multinomial theorem. The
 * compositions k_0 + ... + k_(m-1) = e are enumerated depth first (level i chooses
 * k_i); only the result's monomials enter the parser's table (repeated
 * multiplication would add those of every intermediate power: (x+y+z)^400 then held
 * 800 MB). The coefficients are the field's (io/pval_zp.c, io/pval_qq.c), through
 * io_mexp_coef's two callbacks; the exponents and the enumeration are here. */
#include "io/multinomial.h"

uint64_t io_multinomial_count(uint32_t m, uint32_t e)
{
    uint64_t c = 1;
    for (uint32_t i = 1; i < m; i++) {
        c = c * ((uint64_t)e + i) / i; /* C(e+i, i), exact at every step */
        if (c > IO_MULTINOMIAL_TERMS)
            return UINT64_MAX;
    }
    return c;
}

/* The compositions of rem into the powers of terms i..m-1 below level i. */
static gbc_status mexp_rec(io_mexp *X, uint32_t i, uint32_t rem)
{
    parser *P = X->P;
    const uint32_t n = X->n;
    uint32_t *cur = X->lev_exps + (size_t)i * n, *nxt = cur + n;
    const uint32_t *mi = X->bexps + (size_t)i * n;
    if (i + 1 == X->m) {
        /* the last term takes what is left: k = rem */
        for (uint32_t v = 0; v < n; v++)
            nxt[v] = cur[v] + rem * mi[v];
        uint32_t idx;
        GBC_TRY(mht_insert(P->ctx, &P->t, nxt, &idx));
        X->out->mon[X->nout] = idx;
        GBC_TRY(X->coef->leaf(X, i, rem, X->nout));
        X->nout++;
        if ((++X->leaves & 4095) == 0)
            GBC_TRY(gbc_ctx_poll(P->ctx));
        return GBC_OK;
    }
    /* k = 0, 1, ..., rem: nxt = cur + k * m_i */
    memcpy(nxt, cur, sizeof(uint32_t) * n);
    for (uint32_t k = 0; k <= rem; k++) {
        GBC_TRY(X->coef->level(X, i, k, rem));
        GBC_TRY(mexp_rec(X, i + 1, rem - k));
        for (uint32_t v = 0; v < n; v++)
            nxt[v] += mi[v];
    }
    return GBC_OK;
}

/* Whether every term's degree times e fits in 32 bits (the result's exponents and
 * degrees then do). */
static int degrees_fit(parser *P, const poly *f, uint32_t e)
{
    for (uint32_t i = 0; i < f->len; i++) {
        const uint32_t *ex = mht_exps(&P->t, f->mon[i]);
        uint64_t d = 0;
        for (uint32_t j = 0; j < P->nvars; j++)
            d += ex[j];
        if (d * e > UINT32_MAX)
            return 0;
    }
    return 1;
}

gbc_status io_pow_multinomial(parser *P, pval *v, uint32_t e, uint64_t count, size_t pos,
                              const io_mexp_coef *coef, void *state)
{
    const uint32_t m = v->p.len, n = P->nvars;
    if (!degrees_fit(P, &v->p, e))
        return io_fail_status(P, pos, GBC_ERR_OVERFLOW);
    io_mexp X = {.P = P, .base = &v->p, .m = m, .n = n, .coef = coef, .state = state};
    poly out;
    poly_init(&out);
    X.out = &out;
    const size_t nn = n ? n : 1;
    gbc_status st = GBC_ZALLOC(P->ctx, X.lev_exps, (size_t)(m + 1) * nn);
    if (st == GBC_OK)
        st = GBC_ALLOC(P->ctx, X.bexps, (size_t)m * nn);
    if (st == GBC_OK) {
        /* the base's monomials copied: the table moves as it grows */
        for (uint32_t i = 0; i < m; i++)
            memcpy(X.bexps + (size_t)i * n, mht_exps(&P->t, v->p.mon[i]),
                   sizeof(uint32_t) * n);
        st = poly_alloc(P->ctx, &out, (uint32_t)count, P->F);
    }
    if (st == GBC_OK)
        st = mexp_rec(&X, 0, e);
    if (st == GBC_OK && X.nout != count)
        st = GBC_ERR_INTERNAL;
    if (st == GBC_OK)
        st = poly_canonicalize(P->ctx, &out, &P->t, P->F);
    if (st == GBC_OK) {
        poly_clear(P->ctx, &v->p, P->F);
        v->p = out;
        poly_init(&out);
    }
    poly_clear(P->ctx, &out, P->F);
    gbc_free(P->ctx, X.lev_exps);
    gbc_free(P->ctx, X.bexps);
    return st == GBC_OK ? st : io_fail_status(P, pos, st);
}
