/* api/ideal_api: the ideal operations of include/gbc.h (gbc_eliminate ... gbc_lift):
 * argument checks, the options turned into the computation's plan, and the
 * results wrapped in new handles. Every computation runs in one fresh context, so
 * the memory limit, the interrupt and fault injection cover all of it. */
#include "api/api.h"
#include "f4/f4.h"
#include "ideal/ideal.h"

/* Same variable names in the same order and the same characteristic. */
static int rings_compatible(const gbc_ring *a, const gbc_ring *b)
{
    if (a == b)
        return 1;
    if (a->R.nvars != b->R.nvars || a->R.F.p != b->R.F.p)
        return 0;
    for (uint32_t i = 0; i < a->R.nvars; i++)
        if (strcmp(a->R.names[i], b->R.names[i]) != 0)
            return 0;
    return 1;
}

/* The state of one call: context, plan, statistics, and the finishing steps. */
typedef struct call {
    gbc_ctx ctx;
    gbc_plan plan; /* ctx's */
    gb_stats st;
    double t0;
} call;

static void call_begin(call *c, const gbc_options *opts)
{
    api_ctx_from_options(&c->ctx, &c->plan, opts);
    memset(&c->st, 0, sizeof c->st);
    c->t0 = gbc_wall_time();
}

static void call_end(call *c, gbc_stats *stats, size_t basis_size)
{
    c->st.seconds = gbc_wall_time() - c->t0;
    c->st.basis_size = basis_size;
    c->st.peak_bytes = c->ctx.mem_peak;
    if (stats != NULL)
        stats->s = c->st;
}

/* Wrap L into *out (in rg) or clear it on failure. */
static gbc_status call_wrap(call *c, gbc_status st, gbc_polys **out, gbc_ring *rg, plist *L)
{
    if (st == GBC_OK)
        st = api_polys_wrap(&c->ctx, out, rg, L);
    if (st != GBC_OK)
        plist_clear(&c->ctx, L, &rg->R.F);
    return st;
}

GBC_API gbc_status gbc_eliminate(gbc_polys **out, const gbc_polys *gens,
                                 const uint32_t *vars, size_t nvars,
                                 const gbc_options *opts, gbc_stats *stats)
{
    if (out == NULL || gens == NULL || (vars == NULL && nvars > 0))
        return GBC_ERR_ARG;
    const ring *R = &gens->ring->R;
    if (nvars > R->nvars)
        return GBC_ERR_ARG;
    for (size_t i = 0; i < nvars; i++) {
        if (vars[i] >= R->nvars)
            return GBC_ERR_ARG;
        for (size_t j = 0; j < i; j++)
            if (vars[j] == vars[i])
                return GBC_ERR_ARG;
    }
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    gbc_status st = id_eliminate(&c.ctx, R, &gens->L, vars, nvars, &L, &c.st);
    size_t n = L.n;
    st = call_wrap(&c, st, out, gens->ring, &L);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

typedef gbc_status (*binary_op)(gbc_ctx *, const ring *, const plist *, const plist *,
                                plist *, gb_stats *);

static gbc_status binary(binary_op op, gbc_polys **out, const gbc_polys *a,
                         const gbc_polys *b, const gbc_options *opts, gbc_stats *stats)
{
    if (out == NULL || a == NULL || b == NULL)
        return GBC_ERR_ARG;
    if (!rings_compatible(a->ring, b->ring))
        return GBC_ERR_DOMAIN;
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    gbc_status st = op(&c.ctx, &a->ring->R, &a->L, &b->L, &L, &c.st);
    size_t n = L.n;
    st = call_wrap(&c, st, out, a->ring, &L);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

GBC_API gbc_status gbc_intersect(gbc_polys **out, const gbc_polys *a, const gbc_polys *b,
                                 const gbc_options *opts, gbc_stats *stats)
{
    return binary(id_intersect, out, a, b, opts, stats);
}

GBC_API gbc_status gbc_quotient(gbc_polys **out, const gbc_polys *a, const gbc_polys *b,
                                const gbc_options *opts, gbc_stats *stats)
{
    return binary(id_quotient, out, a, b, opts, stats);
}

static gbc_status sat_auto(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                           plist *out, gb_stats *stats)
{
    return id_saturate(ctx, R, A, B, ID_SAT_AUTO, out, stats);
}

static gbc_status sat_elim(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                           plist *out, gb_stats *stats)
{
    return id_saturate(ctx, R, A, B, ID_SAT_ELIMINATE, out, stats);
}

static gbc_status sat_iter(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                           plist *out, gb_stats *stats)
{
    return id_saturate(ctx, R, A, B, ID_SAT_ITERATE, out, stats);
}

static gbc_status sat_f4(gbc_ctx *ctx, const ring *R, const plist *A, const plist *B,
                         plist *out, gb_stats *stats)
{
    return id_saturate(ctx, R, A, B, ID_SAT_F4, out, stats);
}

GBC_API gbc_status gbc_saturate(gbc_polys **out, const gbc_polys *a, const gbc_polys *b,
                                gbc_saturation method, const gbc_options *opts,
                                gbc_stats *stats)
{
    switch (method) {
    case GBC_SAT_AUTO: return binary(sat_auto, out, a, b, opts, stats);
    case GBC_SAT_ELIMINATE: return binary(sat_elim, out, a, b, opts, stats);
    case GBC_SAT_ITERATE: return binary(sat_iter, out, a, b, opts, stats);
    case GBC_SAT_F4: return binary(sat_f4, out, a, b, opts, stats);
    }
    return GBC_ERR_ARG;
}

/* The normal forms of polys modulo <gens> into *L (ring of gens). */
static gbc_status reduce_core(call *c, const gbc_polys *polys, const gbc_polys *gens,
                              plist *L)
{
    const ring *R = &gens->ring->R;
    plist G, P;
    plist_init(&G);
    plist_init(&P);
    gbc_status st;
    GBC_CHECK(st, id_groebner(&c->ctx, R, &gens->L, &G, &c->st), done);
    const plist *src = &polys->L;
    if (polys->ring != gens->ring) {
        /* a compatible ring with another order: re-sort the terms for gens' order */
        GBC_CHECK(st, id_plist_map(&c->ctx, &polys->ring->R, &polys->L, R, NULL, &P), done);
        src = &P;
    }
    /* modulo p one F4 matrix for all of them (f4/nf.c); over Q the division */
    if (f4_computes_over(&R->F))
        st = f4_normal_forms(&c->ctx, R, &G, src, L);
    else
        st = id_normal_form(&c->ctx, R, src, &G, L);
done:
    plist_clear(&c->ctx, &P, &R->F);
    plist_clear(&c->ctx, &G, &R->F);
    return st;
}

GBC_API gbc_status gbc_reduce(gbc_polys **nf, const gbc_polys *polys,
                              const gbc_polys *gens, const gbc_options *opts,
                              gbc_stats *stats)
{
    if (nf == NULL || polys == NULL || gens == NULL)
        return GBC_ERR_ARG;
    if (!rings_compatible(polys->ring, gens->ring))
        return GBC_ERR_DOMAIN;
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    gbc_status st = reduce_core(&c, polys, gens, &L);
    size_t n = L.n;
    st = call_wrap(&c, st, nf, gens->ring, &L);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

GBC_API gbc_status gbc_member(int *member, const gbc_polys *polys, const gbc_polys *gens,
                              const gbc_options *opts, gbc_stats *stats)
{
    if ((member == NULL && polys != NULL && polys->L.n > 0) || polys == NULL ||
        gens == NULL)
        return GBC_ERR_ARG;
    if (!rings_compatible(polys->ring, gens->ring))
        return GBC_ERR_DOMAIN;
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    gbc_status st = reduce_core(&c, polys, gens, &L);
    if (st == GBC_OK)
        for (size_t i = 0; i < L.n; i++)
            member[i] = L.p[i].len == 0;
    plist_clear(&c.ctx, &L, &gens->ring->R.F);
    call_end(&c, stats, 0);
    return st;
}

GBC_API gbc_status gbc_lift_basis(gbc_polys **basis, gbc_polys **cofactors,
                                  const gbc_polys *gens, const gbc_options *opts,
                                  gbc_stats *stats)
{
    if (basis == NULL || cofactors == NULL || gens == NULL)
        return GBC_ERR_ARG;
    call c;
    call_begin(&c, opts);
    const ring *R = &gens->ring->R;
    plist B, C;
    plist_init(&B);
    plist_init(&C);
    gbc_status st = id_lift_basis(&c.ctx, R, &gens->L, &B, &C, &c.st);
    size_t n = B.n;
    gbc_polys *pb = NULL;
    st = call_wrap(&c, st, &pb, gens->ring, &B);
    if (st != GBC_OK)
        plist_clear(&c.ctx, &C, &R->F);
    st = call_wrap(&c, st, cofactors, gens->ring, &C);
    if (st == GBC_OK)
        *basis = pb;
    else
        gbc_polys_free(pb);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

GBC_API gbc_status gbc_lift(gbc_polys **cofactors, size_t *nonmember,
                            const gbc_polys *gens, const gbc_polys *members,
                            const gbc_options *opts, gbc_stats *stats)
{
    if (cofactors == NULL || gens == NULL || members == NULL)
        return GBC_ERR_ARG;
    if (!rings_compatible(gens->ring, members->ring))
        return GBC_ERR_DOMAIN;
    call c;
    call_begin(&c, opts);
    const ring *R = &gens->ring->R;
    plist C, P;
    plist_init(&C);
    plist_init(&P);
    const plist *src = &members->L;
    gbc_status st = GBC_OK;
    if (members->ring != gens->ring) {
        st = id_plist_map(&c.ctx, &members->ring->R, &members->L, R, NULL, &P);
        src = &P;
    }
    size_t bad = 0;
    if (st == GBC_OK)
        st = id_lift(&c.ctx, R, &gens->L, src, &C, &bad, &c.st);
    plist_clear(&c.ctx, &P, &R->F);
    if (st == GBC_ERR_DOMAIN && nonmember != NULL)
        *nonmember = bad;
    st = call_wrap(&c, st, cofactors, gens->ring, &C);
    call_end(&c, stats, 0);
    return st;
}
