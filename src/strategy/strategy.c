/* strategy/strategy: the path for orders that are not degree-compatible, on the
 * plan's engine (engine.h) and order path (common/plan.h). */
#include "strategy/strategy.h"

#include "buchberger/buchberger.h"
#include "f4/f4.h"
#include "fglm/fglm.h"
#include "monideal/monideal.h"

void strat_grevlex_ring(ring *Rg, mono_order *ord, const ring *R)
{
    memset(ord, 0, sizeof *ord);
    ord->kind = MONO_GREVLEX;
    ord->nvars = R->nvars;
    *Rg = *R;
    Rg->ord = *ord;
}

static const char *strat_order_name(const ring *R, char *buf, size_t len)
{
    mono_order_format(&R->ord, buf, len);
    return buf;
}

/* The basis of the ideal with reduced grevlex basis G for R's order: homog(G) is a
 * Groebner basis of the homogenised ideal for grevlex with h last, with the same
 * leading monomials, whose Hilbert series then drives F4 in "degree, then R's
 * order" (f4_groebner_homog). */
static gbc_status strat_hilbert(gbc_ctx *ctx, const ring *R, const plist *G, plist *out,
                                gb_stats *stats, int minimal)
{
    const uint32_t n = R->nvars;
    monideal L;
    mi_upoly T;
    mi_init(&L, n + 1);
    mi_upoly_init(&T);
    uint32_t *e = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, e, n + 1), done);
    GBC_CHECK(st, mi_reserve(ctx, &L, G->n ? G->n : 1), done);
    for (size_t k = 0; k < G->n; k++) {
        if (G->p[k].len == 0)
            continue;
        memcpy(e, G->p[k].exps, sizeof(uint32_t) * n);
        GBC_CHECK(st, mi_push(ctx, &L, e), done);
    }
    GBC_CHECK(st, mi_hilbert_uni(ctx, &T, &L), done);
    GBC_CHECK(st, f4_groebner_homog(ctx, R, G, out, stats, minimal, &T), done);
    if (stats)
        stats->strategy = STRAT_TOOK_HILBERT;
done:
    gbc_free(ctx, e);
    mi_clear(ctx, &L);
    mi_upoly_clear(ctx, &T);
    return st;
}

gbc_status strat_order_first(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                             gb_stats *stats, int minimal)
{
    const gbc_order_path path = ctx->plan->order_path;
    char oname[128];
    if (path != GBC_ORDER_DIRECT && !bb_direct_worth_trying(R, in))
        return GBC_ERR_UNSUPPORTED;
    const uint64_t budget = path == GBC_ORDER_DIRECT ? 0 : bb_direct_budget(R, in);
    const double t0 = gbc_wall_time();
    gbc_status st = bb_groebner_direct(ctx, R, in, out, stats, minimal, budget);
    if (st == GBC_OK) {
        if (stats)
            stats->strategy = STRAT_TOOK_ORDER;
        if (budget != 0)
            gbc_log(ctx, 1, "order %s: the sugar Buchberger in the order itself, within its "
                    "budget of %llu term operations, in %.3f s",
                    strat_order_name(R, oname, sizeof oname), (unsigned long long)budget,
                    gbc_wall_time() - t0);
        else
            gbc_log(ctx, 1, "order %s: the sugar Buchberger in the order itself (as asked) "
                    "in %.3f s", strat_order_name(R, oname, sizeof oname),
                    gbc_wall_time() - t0);
        return GBC_OK;
    }
    plist_clear(ctx, out, &R->F);
    plist_init(out);
    if (!bb_direct_gave_up(st) || path == GBC_ORDER_DIRECT)
        return st;
    return GBC_ERR_UNSUPPORTED;
}

/* The basis in R's order into out, from the reduced grevlex
 * basis G of the same ideal in Rg (R with grevlex; G is only read), by the
 * plan's path: Hilbert-driven when asked or when the ideal is not
 * zero-dimensional, else FGLM, and Hilbert-driven after all when the ideal's
 * degree is beyond FGLM's reach (unless FGLM itself was asked: then its status,
 * GBC_ERR_DOMAIN when the ideal is not zero-dimensional). */
static gbc_status strat_from_grevlex(gbc_ctx *ctx, const ring *R, const ring *Rg,
                                     const plist *G, plist *out, gb_stats *stats,
                                     int minimal, gbc_order_path path)
{
    char oname[128];
    if (path == GBC_ORDER_HILBERT) {
        gbc_log(ctx, 1, "order %s: the homogenised grevlex basis, Hilbert-driven (as asked)",
                strat_order_name(R, oname, sizeof oname));
        return strat_hilbert(ctx, R, G, out, stats, minimal);
    }
    if (fglm_is_zero_dim(Rg, G)) {
        const double t1 = gbc_wall_time();
        gbc_status st = fglm_change_order(ctx, Rg, G, R, out, stats, FGLM_AUTO);
        if (st == GBC_OK) {
            if (stats) {
                stats->strategy = STRAT_TOOK_FGLM;
                stats->basis_size = out->n;
            }
            gbc_log(ctx, 1,
                    "order %s: zero-dimensional (degree %zu): grevlex basis, then FGLM "
                    "(%s path) in %.3f s",
                    strat_order_name(R, oname, sizeof oname),
                    stats ? stats->fglm_dim : (size_t)0,
                    stats && stats->fglm_path == 2 ? "sparse, shape position" : "classic",
                    gbc_wall_time() - t1);
            return GBC_OK;
        }
        if (st != GBC_ERR_UNSUPPORTED || path == GBC_ORDER_FGLM)
            return st;
        plist_clear(ctx, out, &R->F);
        plist_init(out);
        gbc_log(ctx, 1,
                "order %s: zero-dimensional but of degree above %u: the homogenised "
                "grevlex basis, Hilbert-driven",
                strat_order_name(R, oname, sizeof oname), FGLM_MAX_DIM);
    } else if (path == GBC_ORDER_FGLM) {
        gbc_log(ctx, 1, "order %s: FGLM asked, but the ideal is not zero-dimensional",
                strat_order_name(R, oname, sizeof oname));
        return GBC_ERR_DOMAIN;
    } else {
        gbc_log(ctx, 1, "order %s: not zero-dimensional: the homogenised grevlex basis, "
                "Hilbert-driven",
                strat_order_name(R, oname, sizeof oname));
    }
    return strat_hilbert(ctx, R, G, out, stats, minimal);
}

gbc_status strat_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                          gb_stats *stats, int minimal)
{
    const strat_engine *eng = strat_engine_of(ctx);
    const gbc_order_path path = ctx->plan->order_path;
    if (eng == NULL)
        return GBC_ERR_ARG;
    if (R->F.p == 0)
        return GBC_ERR_DOMAIN;
    if (ring_is_graded(R) || eng->any_order) {
        if (stats)
            stats->strategy = STRAT_TOOK_DIRECT;
        return eng->groebner(ctx, R, in, out, stats, minimal);
    }
    char oname[128];
    const double t0 = gbc_wall_time();
    gbc_status st;
    if (path == GBC_ORDER_HOMOGENISE) {
        gbc_log(ctx, 1, "order %s: the homogenised ideal (as asked)",
                strat_order_name(R, oname, sizeof oname));
        if (stats)
            stats->strategy = STRAT_TOOK_HOMOGENISE;
        st = eng->groebner(ctx, R, in, out, stats, minimal);
        /* the engine counts its own rounds: the seconds of the whole path */
        if (stats)
            stats->seconds = gbc_wall_time() - t0;
        return st;
    }
    if (path == GBC_ORDER_AUTO || path == GBC_ORDER_DIRECT) {
        st = strat_order_first(ctx, R, in, out, stats, minimal);
        if (st != GBC_ERR_UNSUPPORTED || path == GBC_ORDER_DIRECT) {
            if (stats)
                stats->seconds = gbc_wall_time() - t0;
            return st;
        }
    }
    /* the grevlex basis next: it says whether the ideal is zero-dimensional, and
     * is where FGLM starts */
    ring Rg;
    mono_order og;
    strat_grevlex_ring(&Rg, &og, R);
    plist G;
    plist_init(&G);
    st = eng->groebner(ctx, &Rg, in, &G, stats, 0);
    if (st != GBC_OK)
        goto done;
    st = strat_from_grevlex(ctx, R, &Rg, &G, out, stats, minimal, path);
done:
    plist_clear(ctx, &G, &R->F);
    if (stats)
        stats->seconds = gbc_wall_time() - t0;
    return st;
}
