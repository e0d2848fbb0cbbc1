/* ideal/intersect: I cap J = elim_t(t I + (1 - t) J) and I : J = cap over the
 * generators g of J of (I cap <g>) / g (Cox, Little, O'Shea, "Ideals, Varieties,
 * and Algorithms", 4.3 and 4.4), on the elimination step of elim.c. */
#include "f4/f4.h"
#include "buchberger/buchberger.h"
#include "ideal/ideal.h"

gbc_status id_tring_init(gbc_ctx *ctx, id_tring *T, const ring *R)
{
    memset(T, 0, sizeof *T);
    const uint32_t n = R->nvars;
    GBC_TRY(GBC_ZALLOC(ctx, T->to_s, n ? n : 1));
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, T->to_r, n + 1), fail);
    for (uint32_t v = 0; v < n; v++) {
        T->to_s[v] = v + 1;
        T->to_r[v + 1] = v;
    }
    T->to_r[0] = UINT32_MAX;
    GBC_CHECK(st, id_ring_make(ctx, &T->S, R, 1, NULL, 1, "grevlex", &T->exact), fail);
    return GBC_OK;
fail:
    gbc_free(ctx, T->to_r);
    gbc_free(ctx, T->to_s);
    memset(T, 0, sizeof *T);
    return st;
}

void id_tring_clear(gbc_ctx *ctx, id_tring *T)
{
    if (T->to_s == NULL)
        return;
    ring_clear(ctx, &T->S);
    gbc_free(ctx, T->to_r);
    gbc_free(ctx, T->to_s);
    memset(T, 0, sizeof *T);
}

gbc_status id_tring_push(gbc_ctx *ctx, const id_tring *T, plist *L, const ppoly *f, int st,
                         int s0, int s1)
{
    const ring *S = &T->S;
    const uint32_t ns = S->nvars;
    const field *F = &S->F;
    const id_coefs *C = id_coefs_of(F);
    size_t len = (st ? f->len : 0) + (s0 ? f->len : 0) + (s1 ? 1 : 0);
    ppoly *q;
    GBC_TRY(plist_push(ctx, L, len, ns, F, &q));
    memset(q->exps, 0, sizeof(uint32_t) * len * ns);
    size_t j = 0;
    /* in S's block order every multiple of t exceeds every monomial free of t, and
     * 1 is the least monomial: the terms come out sorted */
    if (st)
        for (size_t i = 0; i < f->len; i++, j++) {
            memcpy(q->exps + j * ns, f->exps + i * ns, sizeof(uint32_t) * ns);
            q->exps[j * ns] = 1;
            C->copy(F, q, j, f, i, st);
        }
    if (s0)
        for (size_t i = 0; i < f->len; i++, j++) {
            memcpy(q->exps + j * ns, f->exps + i * ns, sizeof(uint32_t) * ns);
            C->copy(F, q, j, f, i, s0);
        }
    if (s1)
        C->set_unit(F, q, j, s1);
    return GBC_OK;
}

gbc_status id_reduce_basis(gbc_ctx *ctx, const ring *R, const plist *G, plist *out)
{
    return f4_computes_over(&R->F) ? f4_reduce_basis(ctx, R, G, out)
                                    : bb_reduce_basis(ctx, R, G, out);
}

static gbc_status intersect_in(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                               const void *arg, plist *out, gb_stats *stats)
{
    (void)arg;
    if (id_plist_nonzero(A) == 0 || id_plist_nonzero(B) == 0)
        return GBC_OK; /* the zero ideal */
    id_tring T;
    GBC_TRY(id_tring_init(ctx, &T, R));
    plist As, Bs, in;
    plist_init(&As);
    plist_init(&Bs);
    plist_init(&in);
    gbc_status st;
    GBC_CHECK(st, id_plist_map(ctx, R, A, &T.S, T.to_s, &As), done);
    GBC_CHECK(st, id_plist_map(ctx, R, B, &T.S, T.to_s, &Bs), done);
    for (size_t k = 0; k < As.n; k++)
        if (As.p[k].len > 0)
            GBC_CHECK(st, id_tring_push(ctx, &T, &in, &As.p[k], 1, 0, 0), done);
    for (size_t k = 0; k < Bs.n; k++)
        if (Bs.p[k].len > 0)
            GBC_CHECK(st, id_tring_push(ctx, &T, &in, &Bs.p[k], -1, 1, 0), done);
    st = id_elim_front(ctx, &T.S, &in, 1, R, T.to_r, T.exact, out, stats);
done:
    plist_clear(ctx, &in, &T.S.F);
    plist_clear(ctx, &Bs, &T.S.F);
    plist_clear(ctx, &As, &T.S.F);
    id_tring_clear(ctx, &T);
    return st;
}

static int is_unit(const plist *G, uint32_t n)
{
    return G->n == 1 && G->p[0].len == 1 && mono_degree(G->p[0].exps, n) == 0;
}

/* out = the reduced basis of I : g = (I cap <g>) / g (g nonzero). */
static gbc_status quotient_one(gbc_ctx *ctx, const ring *R, const plist *A, const ppoly *g,
                               plist *out, gb_stats *stats)
{
    const field *F = &R->F;
    plist G, B, Q;
    plist_init(&G);
    plist_init(&B);
    plist_init(&Q);
    mht_params par;
    mht t;
    memset(&par, 0, sizeof par);
    memset(&t, 0, sizeof t);
    poly gp, hp, qp;
    poly_init(&gp);
    poly_init(&hp);
    poly_init(&qp);
    gbc_status st;
    GBC_CHECK(st, id_plist_push_copy(ctx, &B, g, R->nvars, F), done);
    GBC_CHECK(st, id_intersect(ctx, R, A, &B, &G, stats), done);
    GBC_CHECK(st, mht_params_init(ctx, &par, &R->ord, 0x9a0ULL), done);
    GBC_CHECK(st, mht_init(ctx, &t, &par, 10), done);
    GBC_CHECK(st, poly_from_plain(ctx, &gp, g, &t, F), done);
    /* every element of a basis of I cap <g> is a multiple of g, and their quotients
     * by g have the leading monomials LM(h) / LM(g): a (minimal) Groebner basis of
     * I : g, interreduced below */
    for (size_t k = 0; k < G.n; k++) {
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
        GBC_CHECK(st, poly_from_plain(ctx, &hp, &G.p[k], &t, F), done);
        GBC_CHECK(st, id_divide_exact(ctx, &qp, &hp, &gp, &t, F), done);
        GBC_CHECK(st, plist_push_poly(ctx, &Q, &qp, &t, F, 1), done);
        poly_clear(ctx, &qp, F);
        poly_clear(ctx, &hp, F);
    }
    st = id_reduce_basis(ctx, R, &Q, out);
done:
    poly_clear(ctx, &qp, F);
    poly_clear(ctx, &hp, F);
    poly_clear(ctx, &gp, F);
    mht_clear(ctx, &t);
    mht_params_clear(ctx, &par);
    plist_clear(ctx, &Q, F);
    plist_clear(ctx, &B, F);
    plist_clear(ctx, &G, F);
    return st;
}

static gbc_status quotient_in(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                              const void *arg, plist *out, gb_stats *stats)
{
    (void)arg;
    const field *F = &R->F;
    if (id_plist_nonzero(B) == 0)
        return id_push_one(ctx, R, out); /* I : 0 is the whole ring */
    if (id_plist_nonzero(A) == 0)
        return GBC_OK;                 /* 0 : J = 0 for J nonzero */
    plist acc, Qg, next;
    plist_init(&acc);
    plist_init(&Qg);
    plist_init(&next);
    int have = 0;
    gbc_status st = GBC_OK;
    for (size_t k = 0; k < B->n; k++) {
        if (B->p[k].len == 0)
            continue;
        GBC_CHECK(st, quotient_one(ctx, R, A, &B->p[k], &Qg, stats), done);
        if (is_unit(&Qg, R->nvars)) {
            plist_clear(ctx, &Qg, F);
            continue;
        }
        if (!have) {
            acc = Qg;
            plist_init(&Qg);
            have = 1;
            continue;
        }
        GBC_CHECK(st, id_intersect(ctx, R, &acc, &Qg, &next, stats), done);
        plist_clear(ctx, &acc, F);
        plist_clear(ctx, &Qg, F);
        acc = next;
        plist_init(&next);
    }
    if (!have) {
        st = id_push_one(ctx, R, out);
    } else {
        *out = acc;
        plist_init(&acc);
    }
done:
    plist_clear(ctx, &acc, F);
    plist_clear(ctx, &Qg, F);
    plist_clear(ctx, &next, F);
    return st;
}

gbc_status id_intersect(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                        plist *out, gb_stats *stats)
{
    return id_run_graded(ctx, R, intersect_in, NULL, A, B, out, stats);
}

gbc_status id_quotient(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                       plist *out, gb_stats *stats)
{
    return id_run_graded(ctx, R, quotient_in, NULL, A, B, out, stats);
}
