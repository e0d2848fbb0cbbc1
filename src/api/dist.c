/* api/dist: the distributed computation over Q of gbc.h (gbc_dist, gbc_trace): the
 * handles and their argument checks around modular/dist.h, which holds the
 * computation and the blobs. A gbc_dist is one run's state on the coordinating
 * process, a gbc_trace the read-only state an applying process rebuilds from a blob. */
#include "api/api.h"
#include "modular/dist.h"

struct gbc_dist {
    mod_dist d;        /* its ctx is the computation's (opts must outlive it) */
    gbc_plan plan;     /* the options' plan, d.ctx's */
    gbc_ring *ring;    /* counted reference */
};

struct gbc_trace {
    mod_trace t;       /* its ctx is the setup's (no limits) */
    gbc_plan plan;     /* the options' plan (the blob's choices go into t.plan) */
};

struct gbc_trace_keep {
    mod_trace_keep k;
};

/* ------------------------------------------------------------- applies -- */

/* A fresh T whose context is opts' (NULL: the setup's, no limits). */
static gbc_trace *trace_new(const gbc_options *opts)
{
    gbc_trace *T = gbc_calloc(NULL, 1, sizeof *T);
    if (T == NULL)
        return NULL;
    api_ctx_from_options(&T->t.ctx, &T->plan, opts);
    mod_trace_init(&T->t);
    return T;
}

static void trace_free(gbc_trace *T)
{
    mod_trace_clear(&T->t);
    gbc_free(NULL, T);
}

GBC_API gbc_status gbc_trace_load(gbc_trace **trace, const uint8_t *blob, size_t len)
{
    if (trace == NULL || (blob == NULL && len > 0))
        return GBC_ERR_ARG;
    gbc_trace *T = trace_new(NULL);
    if (T == NULL)
        return GBC_ERR_NOMEM;
    gbc_status st = mod_trace_read(&T->t, blob, len);
    if (st != GBC_OK) {
        trace_free(T);
        return st;
    }
    *trace = T;
    return GBC_OK;
}

GBC_API size_t gbc_trace_nterms(const gbc_trace *trace)
{
    return trace ? mod_trace_nterms(&trace->t) : 0;
}

GBC_API void gbc_trace_free(gbc_trace *trace)
{
    if (trace != NULL)
        trace_free(trace);
}

GBC_API gbc_status gbc_trace_prime(uint32_t *p, uint64_t *cursor, const gbc_trace *trace,
                                   uint32_t stream, uint32_t nstreams)
{
    if (p == NULL || cursor == NULL || trace == NULL || nstreams == 0 || stream >= nstreams ||
        nstreams > MOD_DIST_MAX_STREAMS)
        return GBC_ERR_ARG;
    mod_trace_prime(p, cursor, &trace->t, stream, nstreams);
    return GBC_OK;
}

GBC_API gbc_status gbc_trace_keep_new(gbc_trace_keep **keep)
{
    if (keep == NULL)
        return GBC_ERR_ARG;
    gbc_trace_keep *K = gbc_calloc(NULL, 1, sizeof *K);
    if (K == NULL)
        return GBC_ERR_NOMEM;
    mod_trace_keep_init(&K->k);
    *keep = K;
    return GBC_OK;
}

GBC_API void gbc_trace_keep_free(gbc_trace_keep *keep)
{
    if (keep == NULL)
        return;
    mod_trace_keep_clear(&keep->k);
    gbc_free(NULL, keep);
}

/* The apply of gbc_trace_apply and gbc_trace_apply_keep (K NULL: scratch of this
 * apply alone, and no flat residues): the arguments checked, then mod_trace_apply
 * on a context from opts. */
static gbc_status trace_apply(uint32_t *residues, size_t cap, int *fits,
                              const gbc_trace *trace, uint32_t p, const gbc_options *opts,
                              mod_trace_keep *K)
{
    if (fits == NULL || trace == NULL || (residues == NULL && mod_trace_nterms(&trace->t) > 0))
        return GBC_ERR_ARG;
    if (cap < mod_trace_nterms(&trace->t))
        return GBC_ERR_ARG;
    if (p < 2 || p >= (1u << 31) || zp_is_prime(p) != 1)
        return GBC_ERR_DOMAIN;
    *fits = 0;
    if (mod_trace_skips(&trace->t, p))
        return GBC_OK;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    return mod_trace_apply(residues, fits, &trace->t, p, &ctx, K);
}

GBC_API gbc_status gbc_trace_apply(uint32_t *residues, size_t cap, int *fits,
                                   const gbc_trace *trace, uint32_t p,
                                   const gbc_options *opts)
{
    /* the flat residues go to a buffer of this apply (residues are left alone
     * when p does not fit) */
    if (trace == NULL || !trace->t.flat || mod_trace_nterms(&trace->t) == 0)
        return trace_apply(residues, cap, fits, trace, p, opts, NULL);
    mod_trace_keep K;
    memset(&K, 0, sizeof K);
    mod_trace_keep_init(&K);
    gbc_status st = trace_apply(residues, cap, fits, trace, p, opts, &K);
    mod_trace_keep_clear(&K);
    return st;
}

GBC_API gbc_status gbc_trace_apply_keep(uint32_t *residues, size_t cap, int *fits,
                                        const gbc_trace *trace, uint32_t p,
                                        const gbc_options *opts, gbc_trace_keep *keep)
{
    if (keep == NULL)
        return GBC_ERR_ARG;
    return trace_apply(residues, cap, fits, trace, p, opts, &keep->k);
}

/* -------------------------------------------------------- coordinator -- */

GBC_API gbc_status gbc_dist_new(gbc_dist **dist, const gbc_polys *gens,
                                const gbc_options *opts)
{
    if (dist == NULL || gens == NULL)
        return GBC_ERR_ARG;
    const ring *R = &gens->ring->R;
    if (R->F.p != 0)
        return GBC_ERR_DOMAIN;
    gbc_dist *D = gbc_calloc(NULL, 1, sizeof *D);
    if (D == NULL)
        return GBC_ERR_NOMEM;
    api_ctx_from_options(&D->d.ctx, &D->plan, opts);
    api_ring_ref(gens->ring);
    D->ring = gens->ring;
    gbc_status st = mod_dist_init(&D->d, R, &gens->L);
    if (st != GBC_OK) {
        gbc_dist_free(D);
        return st;
    }
    *dist = D;
    return GBC_OK;
}

GBC_API void gbc_dist_free(gbc_dist *D)
{
    if (D == NULL)
        return;
    mod_dist_clear(&D->d);
    gbc_ring_free(D->ring);
    gbc_free(NULL, D);
}

GBC_API void gbc_blob_free(uint8_t *blob)
{
    gbc_free(NULL, blob);
}

GBC_API size_t gbc_dist_nterms(const gbc_dist *dist)
{
    return dist ? mod_dist_nterms(&dist->d) : 0;
}

GBC_API gbc_status gbc_dist_learn(uint8_t **blob, size_t *len, gbc_dist *dist)
{
    if (blob == NULL || len == NULL || dist == NULL)
        return GBC_ERR_ARG;
    return mod_dist_learn(blob, len, &dist->d);
}

GBC_API gbc_status gbc_dist_add(gbc_dist_state *state, gbc_dist *dist, uint32_t p,
                                const uint32_t *residues, size_t n)
{
    if (state == NULL || dist == NULL)
        return GBC_ERR_ARG;
    return mod_dist_add(state, &dist->d, p, residues, n);
}

GBC_API gbc_status gbc_dist_trace(gbc_trace **trace, gbc_dist *dist)
{
    if (trace == NULL || dist == NULL || !dist->d.learned || dist->d.accepted)
        return GBC_ERR_ARG;
    gbc_trace *T = gbc_calloc(NULL, 1, sizeof *T);
    if (T == NULL)
        return GBC_ERR_NOMEM;
    mod_dist_view(&T->t, &dist->d);
    *trace = T;
    return GBC_OK;
}

GBC_API gbc_status gbc_dist_check_blob(uint8_t **blob, size_t *len, gbc_dist *dist)
{
    if (blob == NULL || len == NULL || dist == NULL || dist->d.accepted)
        return GBC_ERR_ARG;
    return mod_dist_check_blob(blob, len, &dist->d);
}

GBC_API gbc_status gbc_check_prepare(uint8_t **result, size_t *len, const uint8_t *blob,
                                     size_t blen, const gbc_options *opts)
{
    if (result == NULL || len == NULL || (blob == NULL && blen > 0))
        return GBC_ERR_ARG;
    gbc_trace *T = trace_new(opts);
    if (T == NULL)
        return GBC_ERR_NOMEM;
    gbc_status st = mod_check_prepare(result, len, &T->t, blob, blen);
    trace_free(T);
    return st;
}

GBC_API gbc_status gbc_dist_check_give(gbc_dist *dist, const uint8_t *result, size_t len)
{
    if (dist == NULL || (result == NULL && len > 0))
        return GBC_ERR_ARG;
    return mod_dist_check_give(&dist->d, result, len);
}

GBC_API gbc_status gbc_dist_check(gbc_dist_state *state, gbc_dist *dist)
{
    if (state == NULL || dist == NULL)
        return GBC_ERR_ARG;
    return mod_dist_check(state, &dist->d);
}

GBC_API gbc_status gbc_dist_basis(gbc_polys **basis, gbc_dist *dist, gbc_stats *stats)
{
    if (basis == NULL || dist == NULL || !dist->d.accepted || dist->d.done)
        return GBC_ERR_ARG;
    gbc_ctx *ctx = &dist->d.ctx;
    const ring *R = &dist->ring->R;
    plist out;
    plist_init(&out);
    gbc_status st = mod_dist_output(&dist->d, &out);
    if (st == GBC_OK)
        st = api_polys_wrap(ctx, basis, dist->ring, &out);
    if (st != GBC_OK) {
        plist_clear(ctx, &out, &R->F);
        return st;
    }
    mod_dist_done(&dist->d, stats != NULL ? &stats->s : NULL, (*basis)->L.n);
    return GBC_OK;
}
