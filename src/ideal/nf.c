/* ideal/nf: remainders of many polynomials on full division by a list (the heap
 * reducer of buchberger/reduce; moved here from api/normal_form.c so that the ideal
 * operations share it), and exact division by one polynomial. Over Q the heap
 * reducer is fraction-free: it returns an integer multiple of the remainder, and
 * the factor it tracks (bb_red.scale) gives the exact remainder back. */
#include "buchberger/reduce.h"
#include "ideal/ideal.h"

#define NF_HASH_SEED 0x6e66a5a5c0deULL

typedef struct nf_state {
    gbc_ctx *ctx;
    const ring *R;
    mht_params par;
    mht t;
    divlookup dl;
    bb_red rd;
    int rd_init; /* rd was initialised */
    poly *g;    /* the divisors, normalised (Z/p monic, Q primitive, lc > 0) */
    size_t ng;
} nf_state;

static void nf_clear(nf_state *S)
{
    for (size_t i = 0; i < S->ng; i++)
        poly_clear(S->ctx, &S->g[i], &S->R->F);
    gbc_free(S->ctx, S->g);
    if (S->rd_init)
        bb_red_clear(S->ctx, &S->rd);
    dl_clear(S->ctx, &S->dl);
    mht_clear(S->ctx, &S->t);
    mht_params_clear(S->ctx, &S->par);
}

/* Tables, and the divisors with a minimal set of leading monomials in the lookup
 * (a term is reducible by some divisor iff one of those divides it). */
static gbc_status nf_setup(nf_state *S, const plist *D)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = &S->R->F;
    GBC_TRY(mht_params_init(ctx, &S->par, &S->R->ord, NF_HASH_SEED));
    GBC_TRY(mht_init(ctx, &S->t, &S->par, 10));
    GBC_TRY(dl_init(ctx, &S->dl, DL_LIST, S->R->nvars, &S->par.dm));
    GBC_TRY(bb_red_init(ctx, &S->rd, &S->t, F));
    S->rd_init = 1;
    GBC_TRY(GBC_ZALLOC(ctx, S->g, D->n ? D->n : 1));
    for (size_t i = 0; i < D->n; i++) {
        poly *g = &S->g[S->ng];
        GBC_TRY(poly_from_plain(ctx, g, &D->p[i], &S->t, F));
        S->ng++;
        if (g->len == 0)
            continue;
        poly_normalize_lc(g, F);
        const uint32_t *e = mht_exps(&S->t, g->mon[0]);
        uint32_t mask = S->t.row[g->mon[0]].divmask;
        if (dl_find_divisor(&S->dl, e, mask) != UINT32_MAX)
            continue;
        dl_remove_multiples(&S->dl, e, mask, NULL, NULL);
        GBC_TRY(dl_insert(ctx, &S->dl, e, mask, (uint32_t)(S->ng - 1)));
    }
    return GBC_OK;
}

/* Append the remainder of f (plain, canonical) to out. */
static gbc_status nf_one(nf_state *S, const ppoly *f, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = &S->R->F;
    poly fz, h;
    poly_init(&h);
    GBC_TRY(poly_from_plain(ctx, &fz, f, &S->t, F));
    gbc_status st = GBC_OK;
    bb_red_begin(&S->rd);
    mpz_t one;
    mpz_init_set_ui(one, 1);
    st = bb_red_add(ctx, &S->rd, &fz, 0, UINT32_MAX, 1, one);
    mpz_clear(one);
    bb_reducers G = {S->g, &S->dl};
    if (st == GBC_OK)
        st = bb_red_run(ctx, &S->rd, &G, 1);
    if (st == GBC_OK)
        st = bb_red_take(ctx, &S->rd, &h);
    if (st == GBC_OK)
        st = plist_push_poly(ctx, out, &h, &S->t, F, 0);
    if (st == GBC_OK && F->p == 0 && h.len > 0) {
        /* fz = c f with c = lc(fz) / lc(f) (poly_from_plain made f primitive), and
         * h = scale * NF(fz): NF(f) = h * lc(f) / (scale * lc(fz)). */
        mpq_t k;
        mpq_init(k);
        mpz_mul(mpq_denref(k), S->rd.scale, fz.cz[0]);
        mpz_set_ui(mpq_numref(k), 1);
        mpq_canonicalize(k);
        mpq_mul(k, k, f->cq[0]);
        ppoly *r = &out->p[out->n - 1];
        for (size_t i = 0; i < r->len; i++)
            mpq_mul(r->cq[i], r->cq[i], k);
        mpq_clear(k);
    }
    poly_clear(ctx, &h, F);
    poly_clear(ctx, &fz, F);
    return st;
}

gbc_status id_normal_form(gbc_ctx *ctx, const ring *R, const plist *L, const plist *D,
                          plist *out)
{
    nf_state S;
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    S.R = R;
    gbc_status st = nf_setup(&S, D);
    for (size_t i = 0; i < L->n && st == GBC_OK; i++) {
        st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            break;
        gbc_progress(ctx, "normal-form", (double)(i + 1) / (double)L->n, i + 1);
        if (L->p[i].len == 0) {
            ppoly *z;
            st = plist_push(ctx, out, 0, R->nvars, &R->F, &z);
        } else {
            st = nf_one(&S, &L->p[i], out);
        }
    }
    nf_clear(&S);
    return st;
}

gbc_status id_divide_exact(gbc_ctx *ctx, poly *q, const poly *h, const poly *f, mht *t,
                           const field *F)
{
    if (f->len == 0)
        return GBC_ERR_INTERNAL;
    poly r, m, s, Q;
    poly_init(&m);
    poly_init(&s);
    poly_init(&Q);
    uint32_t qcap = 0;
    mpz_t c;
    mpz_init(c);
    const uint32_t inv = F->p != 0 ? zp_inv(F, f->cf[0]) : 0;
    gbc_status st = poly_copy(ctx, &r, h, F);
    if (st != GBC_OK)
        goto out0;
    Q.len = 0;
    while (r.len > 0) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), out);
        if (!mht_divides(t, f->mon[0], t, r.mon[0])) {
            st = GBC_ERR_INTERNAL;
            goto out;
        }
        uint32_t mon;
        GBC_CHECK(st, mht_insert_div(ctx, t, t, r.mon[0], f->mon[0], &mon), out);
        /* the next quotient term c * mon (monomials come out decreasing) */
        if (Q.len == qcap) {
            uint32_t nc = qcap ? 2 * qcap : 8;
            if (nc < qcap) {
                st = GBC_ERR_LIMIT;
                goto out;
            }
            GBC_CHECK(st, GBC_RESIZE(ctx, Q.mon, nc), out);
            if (F->p != 0) {
                GBC_CHECK(st, GBC_RESIZE(ctx, Q.cf, nc), out);
            } else {
                GBC_CHECK(st, GBC_RESIZE(ctx, Q.cz, nc), out);
            }
            qcap = nc;
        }
        uint32_t cf = 0;
        if (F->p != 0) {
            cf = zp_mul(F, r.cf[0], inv);
            Q.cf[Q.len] = cf;
        } else {
            if (!mpz_divisible_p(r.cz[0], f->cz[0])) {
                st = GBC_ERR_INTERNAL;
                goto out;
            }
            mpz_divexact(c, r.cz[0], f->cz[0]);
            mpz_init_set(Q.cz[Q.len], c);
            mpz_neg(c, c);
        }
        Q.mon[Q.len++] = mon;
        GBC_CHECK(st, poly_mul_mono(ctx, &m, f, mon, t, F), out);
        GBC_CHECK(st, poly_add_scaled(ctx, &s, &r, &m, F->p ? F->p - cf : 0, c, t, F), out);
        poly_clear(ctx, &m, F);
        poly_clear(ctx, &r, F);
        r = s;
        poly_init(&s);
    }
    *q = Q;
    poly_init(&Q);
out:
    poly_clear(ctx, &m, F);
    poly_clear(ctx, &s, F);
    poly_clear(ctx, &r, F);
out0:
    poly_clear(ctx, &Q, F);
    mpz_clear(c);
    return st;
}
