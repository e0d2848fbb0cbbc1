/* modular/shape: the shape of a run's basis (its polynomials and monomials, fixed by
 * the learning prime), the CRT accumulator started from it, the candidate over Q
 * exported from its packed coefficients, and the check computed ahead judged
 * against the shape (mod_ahead_shape, mod_ahead_finish). */
#include "modular/modular_int.h"

#include "common/pool.h"

void mod_shape_clear(modst *S)
{
    for (size_t k = 0; S->cpk != NULL && k < S->npolys; k++)
        gbc_free(S->ctx, S->cpk[k]);
    for (size_t k = 0; S->sc != NULL && k < S->npolys; k++)
        gbc_free(S->ctx, S->sc[k]);
    gbc_free(S->ctx, S->sc);
    gbc_free(S->ctx, S->sused);
    gbc_free(S->ctx, S->scap);
    gbc_free(S->ctx, S->msure);
    gbc_free(S->ctx, S->sbuf);
    S->sc = NULL;
    S->sused = S->scap = NULL;
    S->msure = S->sbuf = NULL;
    for (size_t i = 0; S->qs != NULL && i < S->qsn; i++)
        mpq_clear(S->qs[i]);
    if (S->have_crt)
        zz_crt_clear(S->ctx, &S->crt);
    S->have_crt = 0;
    gbc_free(S->ctx, S->cpk);
    gbc_free(S->ctx, S->qs);
    gbc_free(S->ctx, S->plen);
    gbc_free(S->ctx, S->exps);
    gbc_free(S->ctx, S->exps8);
    S->exps8 = NULL;
    gbc_free(S->ctx, S->resid);
    gbc_free(S->ctx, S->poff);
    gbc_free(S->ctx, S->pat);
    gbc_free(S->ctx, S->pst);
    gbc_free(S->ctx, S->pmatch);
    gbc_free(S->ctx, S->live);
    S->cpk = NULL;
    S->qs = NULL;
    S->qsn = 0;
    S->plen = S->poff = S->pat = NULL;
    S->exps = S->resid = NULL;
    S->pst = S->live = S->pmatch = NULL;
    S->npolys = S->nterms = S->nsettled = 0;
    S->have_cand = 0;
    S->ahead.ready = 0; /* judged against the shape */
}

/* G's coefficients, flattened into S->resid. */
void mod_flatten(modst *S, const plist *G)
{
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++)
        for (size_t i = 0; i < G->p[k].len; i++)
            S->resid[t++] = G->p[k].cf[i];
}

/* Start the shape and the accumulator from the basis G modulo p. */
gbc_status mod_shape_start(modst *S, const plist *G, uint32_t p, uint32_t nvars)
{
    mod_shape_clear(S);
    size_t nt = 0;
    for (size_t k = 0; k < G->n; k++)
        nt += G->p[k].len;
    S->nvars = nvars;
    size_t np = G->n ? G->n : 1;
    GBC_TRY(GBC_ALLOC(S->ctx, S->plen, np));
    GBC_TRY(GBC_ALLOC(S->ctx, S->poff, np));
    GBC_TRY(GBC_ALLOC(S->ctx, S->pat, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->sc, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->sused, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->scap, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->msure, nt ? nt : 1));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->pst, np));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->pmatch, np));
    GBC_TRY(GBC_ALLOC(S->ctx, S->live, nt ? nt : 1));
    uint32_t emax = 0;
    for (size_t k = 0; k < G->n; k++)
        for (size_t i = 0; i < (size_t)G->p[k].len * nvars; i++)
            emax = G->p[k].exps[i] > emax ? G->p[k].exps[i] : emax;
    size_t ne = (nt ? nt : 1) * (nvars ? nvars : 1);
    if (emax < 256)
        GBC_TRY(GBC_ALLOC(S->ctx, S->exps8, ne));
    else
        GBC_TRY(GBC_ALLOC(S->ctx, S->exps, ne));
    GBC_TRY(GBC_ALLOC(S->ctx, S->resid, nt ? nt : 1));
    GBC_TRY(GBC_ZALLOC(S->ctx, S->cpk, np));
    memset(S->live, 1, nt ? nt : 1);
    size_t t = 0, maxlen = 1;
    for (size_t k = 0; k < G->n; k++) {
        const ppoly *g = &G->p[k];
        S->plen[k] = g->len;
        S->poff[k] = t;
        S->pat[k] = g->len > 0 ? g->len - 1 : 0; /* the last term: usually the largest */
        maxlen = g->len > maxlen ? g->len : maxlen;
        if (S->exps8 != NULL)
            for (size_t i = 0; i < (size_t)g->len * nvars; i++)
                S->exps8[t * nvars + i] = (uint8_t)g->exps[i];
        else
            memcpy(S->exps + t * nvars, g->exps, sizeof(uint32_t) * g->len * nvars);
        t += g->len;
    }
    S->npolys = G->n;
    S->nterms = nt;
    /* one polynomial's scratch per thread of mod_lift_open */
    size_t nthr = S->ctx->pool != NULL ? (size_t)gbc_pool_size(S->ctx->pool) : 1;
    nthr = nthr > MOD_MAX_BATCH ? MOD_MAX_BATCH : nthr;
    S->qmax = maxlen;
    GBC_TRY(GBC_ALLOC(S->ctx, S->qs, maxlen * nthr));
    GBC_TRY(GBC_ALLOC(S->ctx, S->sbuf, maxlen * nthr));
    for (; S->qsn < maxlen * nthr; S->qsn++)
        mpq_init(S->qs[S->qsn]);
    S->have_cand = G->n == 0;
    S->unlucky_run = 0;
    S->next_rr = 1;
    S->shape_t0 = gbc_wall_time();
    S->rr_time = 0;
    gbc_status st = zz_crt_init_groups(S->ctx, &S->crt, S->plen, S->npolys);
    S->have_crt = 1;
    GBC_TRY(st);
    mod_flatten(S, G);
    GBC_TRY(zz_crt_add(S->ctx, &S->crt, S->resid, p, NULL));
    return mod_ahead_finish(S); /* the check computed beside learning */
}

int mod_shape_matches(const modst *S, const plist *G)
{
    if (G->n != S->npolys)
        return 0;
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++) {
        if (G->p[k].len != S->plen[k])
            return 0;
        const size_t m = (size_t)G->p[k].len * S->nvars;
        if (S->exps8 != NULL) {
            const uint8_t *e8 = S->exps8 + t * S->nvars;
            for (size_t i = 0; i < m; i++)
                if (G->p[k].exps[i] != e8[i])
                    return 0;
        } else if (memcmp(G->p[k].exps, S->exps + t * S->nvars, sizeof(uint32_t) * m) != 0) {
            return 0;
        }
        t += G->p[k].len;
    }
    return 1;
}

/* The candidate as a plain list over Q in the shape's ring. With move, each
 * polynomial's packed coefficients are freed once copied out (has_cand cleared)
 * and the accumulator's integers are freed first, so that the result never
 * exists three times over (the accumulator, the candidate, the output): for the
 * accepted candidate, which ends the computation. */
gbc_status mod_cand_export(modst *S, plist *out, int move)
{
    static const field Q = {0, 0};
    if (move && S->have_crt) {
        zz_crt_clear(S->ctx, &S->crt);
        S->have_crt = 0;
    }
    size_t t = 0;
    for (size_t k = 0; k < S->npolys; k++) {
        ppoly *g;
        GBC_TRY(plist_push(S->ctx, out, S->plen[k], S->nvars, &Q, &g));
        const size_t m = S->plen[k] * S->nvars;
        if (S->exps8 != NULL)
            for (size_t i = 0; i < m; i++)
                g->exps[i] = S->exps8[t * S->nvars + i];
        else
            memcpy(g->exps, S->exps + t * S->nvars, sizeof(uint32_t) * m);
        GBC_TRY(gbc_ctx_check(S->ctx));
        const mp_limb_t *w = S->cpk[k];
        mpz_t n, d;
        for (size_t i = 0; i < S->plen[k]; i++, t++) {
            mod_cand_next(&w, n, d);
            mpz_set(mpq_numref(g->cq[i]), n);
            mpz_set(mpq_denref(g->cq[i]), d);
        }
        if (move)
            mod_cand_drop(S, k);
    }
    if (move)
        S->have_cand = 0;
    return GBC_OK;
}

void mod_cand_drop(modst *S, size_t k)
{
    gbc_free(S->ctx, S->cpk[k]);
    S->cpk[k] = NULL;
}

/* The rest of it, once S has its shape: whether A->res has it, its coefficients
 * into A->cf (room for the shape's terms given), A->res freed on ctx; A ready. */
void mod_ahead_shape(const modst *S, gbc_ctx *ctx, mod_ahead *A)
{
    field Fp;
    field_init(&Fp, 2);
    A->shape = A->st == GBC_OK && !A->unlucky && mod_shape_matches(S, &A->res);
    if (A->shape) {
        size_t k = 0;
        for (size_t j = 0; j < A->res.n; j++)
            for (size_t i = 0; i < A->res.p[j].len; i++)
                A->cf[k++] = A->res.p[j].cf[i];
    }
    plist_clear(ctx, &A->res, &Fp);
    A->ready = A->st == GBC_OK;
}

/* Once the shape exists (mod_shape_start): judge the check computed beside
 * learning. */
gbc_status mod_ahead_finish(modst *S)
{
    mod_ahead *A = &S->ahead;
    if (!A->pending)
        return GBC_OK;
    A->pending = 0;
    gbc_status st = GBC_GROW(S->ctx, A->cf, A->cap, S->nterms ? S->nterms : 1);
    if (st != GBC_OK) {
        field Fp;
        field_init(&Fp, 2);
        plist_clear(S->ctx, &A->res, &Fp);
        return st;
    }
    mod_ahead_shape(S, S->ctx, A);
    return GBC_OK;
}
