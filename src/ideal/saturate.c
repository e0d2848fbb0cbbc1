/* ideal/saturate: I : J^infinity. Three methods: by elimination (Rabinowitsch: I :
 * g^infinity = elim_t(I + <1 - t g>), intersected over the generators g of J), by
 * F4 runs with kernel steps (satf4.c, over Z/p; the same intersection over the
 * generators of J), and by iterated quotients (I, I : J, (I : J) : J, ... until one
 * changes nothing; the chain of ideals increases, so it stops). docs/ideal.md says
 * which is faster. */
#include "f4/f4.h"
#include "ideal/ideal.h"

/* I : g^infinity by elimination of t from I + <1 - t g>. */
static gbc_status sat_one(gbc_ctx *ctx, const ring *R, const plist *A, const ppoly *g,
                          plist *out, gb_stats *stats)
{
    id_tring T;
    GBC_TRY(id_tring_init(ctx, &T, R));
    plist in, gs;
    plist_init(&in);
    plist_init(&gs);
    gbc_status st;
    GBC_CHECK(st, id_plist_map(ctx, R, A, &T.S, T.to_s, &in), done);
    plist one;
    one.n = 1;
    one.cap = 1;
    one.p = (ppoly *)g;
    GBC_CHECK(st, id_plist_map(ctx, R, &one, &T.S, T.to_s, &gs), done);
    GBC_CHECK(st, id_tring_push(ctx, &T, &in, &gs.p[0], -1, 0, 1), done);
    st = id_elim_front(ctx, &T.S, &in, 1, R, T.to_r, T.exact, out, stats);
done:
    plist_clear(ctx, &gs, &T.S.F);
    plist_clear(ctx, &in, &T.S.F);
    id_tring_clear(ctx, &T);
    return st;
}

/* How I : g^infinity is computed for one generator g. */
typedef gbc_status (*sat_one_fn)(gbc_ctx *ctx, const ring *R, const plist *A, const ppoly *g,
                                 plist *out, gb_stats *stats);

/* I : J^infinity = the intersection over the generators g of J of I : g^infinity
 * (a point outside V(J) lies outside some V(g)), each by one. */
static gbc_status sat_by_generator(gbc_ctx *ctx, const ring *R, const plist *A,
                                   const plist *B, sat_one_fn one, plist *out,
                                   gb_stats *stats)
{
    const field *F = &R->F;
    plist acc, K, next;
    plist_init(&acc);
    plist_init(&K);
    plist_init(&next);
    int have = 0;
    gbc_status st = GBC_OK;
    for (size_t k = 0; k < B->n; k++) {
        if (B->p[k].len == 0)
            continue;
        GBC_CHECK(st, one(ctx, R, A, &B->p[k], &K, stats), done);
        if (!have) {
            acc = K;
            plist_init(&K);
            have = 1;
            continue;
        }
        GBC_CHECK(st, id_intersect(ctx, R, &acc, &K, &next, stats), done);
        plist_clear(ctx, &acc, F);
        plist_clear(ctx, &K, F);
        acc = next;
        plist_init(&next);
    }
    *out = acc;
    plist_init(&acc);
done:
    plist_clear(ctx, &acc, F);
    plist_clear(ctx, &K, F);
    plist_clear(ctx, &next, F);
    return st;
}

static gbc_status sat_iterate(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                              plist *out, gb_stats *stats)
{
    const field *F = &R->F;
    plist K, next;
    plist_init(&K);
    plist_init(&next);
    gbc_status st;
    GBC_CHECK(st, id_groebner(ctx, R, A, &K, stats), done);
    for (;;) {
        GBC_CHECK(st, id_quotient(ctx, R, &K, B, &next, stats), done);
        /* reduced bases are unique: equal lists mean equal ideals */
        int same = id_plist_equal(&K, &next, R->nvars, F);
        plist_clear(ctx, &K, F);
        K = next;
        plist_init(&next);
        if (same)
            break;
    }
    *out = K;
    plist_init(&K);
done:
    plist_clear(ctx, &K, F);
    plist_clear(ctx, &next, F);
    return st;
}

static gbc_status saturate_in(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                              const void *arg, plist *out, gb_stats *stats)
{
    const id_sat_method method = *(const id_sat_method *)arg;
    if (id_plist_nonzero(B) == 0) {
        /* J = 0: I : 0 is the whole ring */
        return id_push_one(ctx, R, out);
    }
    if (id_plist_nonzero(A) == 0)
        return GBC_OK;
    if (method == ID_SAT_ITERATE)
        return sat_iterate(ctx, R, A, B, out, stats);
    /* the F4 method works modulo p; over Q the elimination's multi-modular path */
    if (method == ID_SAT_F4 && f4_computes_over(&R->F))
        return sat_by_generator(ctx, R, A, B, id_sat_f4_one, out, stats);
    return sat_by_generator(ctx, R, A, B, sat_one, out, stats);
}

gbc_status id_saturate(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                       id_sat_method method, plist *out, gb_stats *stats)
{
    return id_run_graded(ctx, R, saturate_in, &method, A, B, out, stats);
}
