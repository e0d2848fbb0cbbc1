/* api/module_api: the module functions of include/gbc.h (gbc_module_parse ...
 * gbc_betti_to_string): argument checks, the options turned into a plan, one
 * fresh context per call (limits, interrupt, fault injection), and the results
 * wrapped in new handles. */
#include <stdio.h>

#include "api/api.h"
#include "module/module.h"

#define HANDLE_CTX NULL

static void set_msg(gbc_error *err, const char *msg)
{
    if (err == NULL)
        return;
    memset(err, 0, sizeof *err);
    snprintf(err->message, sizeof err->message, "%s", msg);
}

static int elems_ok(const gbc_polys *elems, uint32_t rank)
{
    return elems != NULL && rank >= 1 && elems->L.n % rank == 0;
}

/* One call's context, options and statistics. */
typedef struct call {
    gbc_ctx ctx;
    gbc_plan plan; /* the context reads it: lives as long as the call */
    gb_stats st;
    double t0;
} call;

static void call_begin(call *c, const gbc_options *opts)
{
    api_ctx_from_options(&c->ctx, &c->plan, opts);
    memset(&c->st, 0, sizeof c->st);
    c->t0 = gbc_wall_time();
}

static void call_end(call *c, gbc_stats *stats, size_t size)
{
    c->st.seconds = gbc_wall_time() - c->t0;
    c->st.basis_size = size;
    c->st.peak_bytes = c->ctx.mem_peak;
    if (stats != NULL)
        stats->s = c->st;
}

GBC_API gbc_status gbc_module_parse(gbc_ring **ringp, gbc_polys **elems, uint32_t *rank,
                                    int *vectors, const char *text, size_t len,
                                    const char *order, const gbc_options *opts,
                                    gbc_error *err)
{
    if (ringp == NULL || elems == NULL || rank == NULL || (text == NULL && len > 0)) {
        set_msg(err, "NULL argument");
        return GBC_ERR_ARG;
    }
    if (err != NULL)
        memset(err, 0, sizeof *err);
    gbc_ctx ctx;
    gbc_plan plan;
    api_ctx_from_options(&ctx, &plan, opts);
    gbc_ring *r = gbc_calloc(&ctx, 1, sizeof *r);
    if (r == NULL) {
        gbc_status st = gbc_ctx_alloc_status(&ctx);
        set_msg(err, gbc_status_string(st));
        return st;
    }
    atomic_init(&r->refs, 1);
    plist L;
    plist_init(&L);
    uint32_t rk = 1;
    int vec = 0;
    gbc_status st = module_parse(&ctx, &r->R, &L, &rk, &vec, text, len, order, err);
    if (st != GBC_OK) {
        gbc_free(&ctx, r);
        return st;
    }
    gbc_polys *p;
    st = api_polys_wrap(&ctx, &p, r, &L);
    if (st != GBC_OK) {
        plist_clear(&ctx, &L, &r->R.F);
        gbc_ring_free(r);
        set_msg(err, gbc_status_string(st));
        return st;
    }
    *ringp = r;
    *elems = p;
    *rank = rk;
    if (vectors != NULL)
        *vectors = vec;
    return GBC_OK;
}

GBC_API gbc_status gbc_module_to_string(char **text, size_t *len, const gbc_polys *elems,
                                        uint32_t rank, unsigned flags)
{
    if (text == NULL || !elems_ok(elems, rank))
        return GBC_ERR_ARG;
    io_buf b;
    io_buf_init(&b);
    gbc_status st = module_print(HANDLE_CTX, &b, &elems->ring->R, rank, &elems->L,
                              (flags & GBC_PRINT_HEADER) != 0);
    if (st == GBC_OK && b.s == NULL)
        st = io_buf_puts(HANDLE_CTX, &b, "", 0);
    if (st != GBC_OK) {
        io_buf_clear(HANDLE_CTX, &b);
        return st;
    }
    *text = b.s;
    if (len != NULL)
        *len = b.len;
    return GBC_OK;
}

/* Wrap L as *out in elems' ring, or clear it on failure. */
static gbc_status wrap(call *c, gbc_status st, gbc_polys **out, const gbc_polys *elems,
                       plist *L)
{
    if (st == GBC_OK)
        st = api_polys_wrap(&c->ctx, out, elems->ring, L);
    if (st != GBC_OK)
        plist_clear(&c->ctx, L, &elems->ring->R.F);
    return st;
}

GBC_API gbc_status gbc_module_groebner(gbc_polys **basis, const gbc_polys *elems,
                                       uint32_t rank, gbc_module_order ord,
                                       const gbc_options *opts, gbc_stats *stats)
{
    if (basis == NULL || !elems_ok(elems, rank) ||
        (unsigned)ord > (unsigned)GBC_MODULE_POT_UP)
        return GBC_ERR_ARG;
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    gbc_status st = module_groebner(&c.ctx, &elems->ring->R, rank, &elems->L, (module_order)ord,
                                 &L, &c.st);
    size_t n = L.n / rank;
    st = wrap(&c, st, basis, elems, &L);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

static gbc_status same_ring(const gbc_polys *elems, const gbc_polys *gens);

/* The terms of lead (r elements of rank s, each one term x^{a_j} E_{i_j}) as
 * exponents (r * n, malloc'd in ctx) and target components; GBC_ERR_ARG when an
 * element is not a single term. */
static gbc_status lead_terms(gbc_ctx *ctx, const plist *L, uint32_t r, uint32_t s, uint32_t n,
                             uint32_t **exps, uint32_t **comp)
{
    *exps = *comp = NULL;
    GBC_TRY(GBC_ZALLOC(ctx, *exps, (size_t)r * n + 1));
    if (GBC_ALLOC(ctx, *comp, r) != GBC_OK) {
        gbc_free(ctx, *exps);
        *exps = NULL;
        return GBC_ERR_NOMEM;
    }
    for (uint32_t j = 0; j < r; j++) {
        uint32_t terms = 0;
        for (uint32_t i = 0; i < s; i++) {
            const ppoly *f = &L->p[(size_t)j * s + i];
            terms += f->len > 1 ? 2 : (uint32_t)f->len;
            if (f->len == 1) {
                memcpy(*exps + (size_t)j * n, f->exps, sizeof(uint32_t) * n);
                (*comp)[j] = i;
            }
        }
        if (terms != 1) {
            gbc_free(ctx, *exps);
            gbc_free(ctx, *comp);
            *exps = *comp = NULL;
            return GBC_ERR_ARG;
        }
    }
    return GBC_OK;
}

/* mo of kind, with the terms of lead (rank lead_rank, rank elements) for a
 * Schreyer order: *exps and *comp hold them (gbc_free both; NULL otherwise). */
static gbc_status order_setup(gbc_ctx *ctx, module_ord *mo, module_order kind,
                              const gbc_polys *lead, uint32_t lead_rank, uint32_t rank,
                              uint32_t nvars, uint32_t **exps, uint32_t **comp)
{
    *exps = *comp = NULL;
    mo->kind = kind;
    if (kind == MODULE_SCHREYER)
        GBC_TRY(lead_terms(ctx, &lead->L, rank, lead_rank, nvars, exps, comp));
    mo->lexps = *exps;
    mo->lcomp = *comp;
    return GBC_OK;
}

GBC_API gbc_status gbc_module_groebner_schreyer(gbc_polys **basis, const gbc_polys *elems,
                                                uint32_t rank, const gbc_polys *lead,
                                                uint32_t lead_rank, const gbc_options *opts,
                                                gbc_stats *stats)
{
    if (basis == NULL || !elems_ok(elems, rank) || !elems_ok(lead, lead_rank) ||
        lead->L.n != (size_t)rank * lead_rank)
        return GBC_ERR_ARG;
    GBC_TRY(same_ring(elems, lead));
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    module_ord mo;
    uint32_t *exps, *comp;
    gbc_status st = order_setup(&c.ctx, &mo, MODULE_SCHREYER, lead, lead_rank, rank,
                                elems->ring->R.nvars, &exps, &comp);
    if (st == GBC_OK)
        st = module_groebner_ord(&c.ctx, &elems->ring->R, rank, &elems->L, &mo, &L, &c.st);
    gbc_free(&c.ctx, exps);
    gbc_free(&c.ctx, comp);
    size_t n = L.n / rank;
    st = wrap(&c, st, basis, elems, &L);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

/* Whether every element of L (rank r) is homogeneous (zero ones count as such). */
static int all_homogeneous(const ring *R, uint32_t rank, const plist *L)
{
    for (size_t j = 0; j < L->n / rank; j++) {
        int64_t d;
        if (module_elem_degree(R, rank, L, j, NULL, &d) == 0)
            return 0;
    }
    return 1;
}

GBC_API gbc_status gbc_module_syz(gbc_polys **syz, const gbc_polys *elems, uint32_t rank,
                                  const gbc_options *opts, gbc_stats *stats)
{
    if (syz == NULL || !elems_ok(elems, rank))
        return GBC_ERR_ARG;
    const ring *R = &elems->ring->R;
    const size_t m = elems->L.n / rank;
    if (m > UINT32_MAX / 4)
        return GBC_ERR_LIMIT;
    call c;
    call_begin(&c, opts);
    plist S, L;
    plist_init(&S);
    plist_init(&L);
    int64_t *shift = NULL, *degs = NULL;
    gbc_status st = GBC_OK;
    if (m > 0 && all_homogeneous(R, rank, &elems->L)) {
        /* graded: e_j has the degree of generator j (0 for a zero generator) */
        st = GBC_ALLOC(&c.ctx, shift, m);
        for (size_t j = 0; st == GBC_OK && j < m; j++) {
            shift[j] = 0;
            (void)module_elem_degree(R, rank, &elems->L, j, NULL, &shift[j]);
        }
        if (st == GBC_OK)
            st = module_syz_minimal(&c.ctx, R, rank, &elems->L, shift, &L, &degs, &c.st);
        if (st == GBC_ERR_DOMAIN)
            st = GBC_ERR_INTERNAL; /* syzygies of homogeneous elements are graded */
    } else {
        st = module_syz(&c.ctx, R, rank, &elems->L, &S, &c.st);
        if (st == GBC_OK) {
            plist t = S;
            S = L;
            L = t;
        }
    }
    gbc_free(&c.ctx, shift);
    gbc_free(&c.ctx, degs);
    plist_clear(&c.ctx, &S, &R->F);
    size_t n = m > 0 ? L.n / m : 0;
    st = wrap(&c, st, syz, elems, &L);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

/* GBC_OK when elems and gens lie in the same ring (or two rings with the same
 * variables and characteristic), else GBC_ERR_DOMAIN. */
static gbc_status same_ring(const gbc_polys *elems, const gbc_polys *gens)
{
    const ring *A = &elems->ring->R, *B = &gens->ring->R;
    return A == B ? GBC_OK : api_same_vars(A, B);
}

GBC_API gbc_status gbc_module_member(int *member, const gbc_polys *elems,
                                     const gbc_polys *gens, uint32_t rank,
                                     const gbc_options *opts, gbc_stats *stats)
{
    if (!elems_ok(elems, rank) || !elems_ok(gens, rank) ||
        (member == NULL && elems->L.n > 0))
        return GBC_ERR_ARG;
    GBC_TRY(same_ring(elems, gens));
    const ring *B = &gens->ring->R;
    call c;
    call_begin(&c, opts);
    int *tmp = NULL;
    size_t m = elems->L.n / rank;
    gbc_status st = GBC_ALLOC(&c.ctx, tmp, m ? m : 1);
    if (st == GBC_OK)
        st = module_member(&c.ctx, B, rank, &gens->L, &elems->L, tmp, &c.st);
    if (st == GBC_OK)
        memcpy(member, tmp, sizeof(int) * m);
    gbc_free(&c.ctx, tmp);
    call_end(&c, stats, 0);
    return st;
}

/* gbc_module_reduce* in the order mo (lead: its terms when a Schreyer order). */
static gbc_status reduce_in(gbc_polys **nf, const gbc_polys *elems, const gbc_polys *gens,
                            uint32_t rank, module_order kind, const gbc_polys *lead,
                            uint32_t lead_rank, const gbc_options *opts, gbc_stats *stats)
{
    if (nf == NULL || !elems_ok(elems, rank) || !elems_ok(gens, rank))
        return GBC_ERR_ARG;
    GBC_TRY(same_ring(elems, gens));
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    module_ord mo;
    uint32_t *exps, *comp;
    gbc_status st = order_setup(&c.ctx, &mo, kind, lead, lead_rank, rank, gens->ring->R.nvars,
                                &exps, &comp);
    if (st == GBC_OK)
        st = module_reduce(&c.ctx, &gens->ring->R, rank, &mo, &gens->L, &elems->L, &L, &c.st);
    gbc_free(&c.ctx, exps);
    gbc_free(&c.ctx, comp);
    size_t n = L.n / rank;
    st = wrap(&c, st, nf, elems, &L);
    call_end(&c, stats, st == GBC_OK ? n : 0);
    return st;
}

GBC_API gbc_status gbc_module_reduce(gbc_polys **nf, const gbc_polys *elems,
                                     const gbc_polys *gens, uint32_t rank,
                                     const gbc_options *opts, gbc_stats *stats)
{
    return reduce_in(nf, elems, gens, rank, MODULE_TOP, NULL, 0, opts, stats);
}

GBC_API gbc_status gbc_module_reduce_order(gbc_polys **nf, const gbc_polys *elems,
                                           const gbc_polys *gens, uint32_t rank,
                                           gbc_module_order ord, const gbc_options *opts,
                                           gbc_stats *stats)
{
    if ((unsigned)ord > (unsigned)GBC_MODULE_POT_UP)
        return GBC_ERR_ARG;
    return reduce_in(nf, elems, gens, rank, (module_order)ord, NULL, 0, opts, stats);
}

GBC_API gbc_status gbc_module_reduce_schreyer(gbc_polys **nf, const gbc_polys *elems,
                                              const gbc_polys *gens, uint32_t rank,
                                              const gbc_polys *lead, uint32_t lead_rank,
                                              const gbc_options *opts, gbc_stats *stats)
{
    if (!elems_ok(lead, lead_rank) || lead->L.n != (size_t)rank * lead_rank)
        return GBC_ERR_ARG;
    if (gens != NULL)
        GBC_TRY(same_ring(gens, lead));
    return reduce_in(nf, elems, gens, rank, MODULE_SCHREYER, lead, lead_rank, opts, stats);
}

GBC_API gbc_status gbc_module_lift(gbc_polys **cofactors, int *member, const gbc_polys *elems,
                                   const gbc_polys *gens, uint32_t rank,
                                   const gbc_options *opts, gbc_stats *stats)
{
    if (cofactors == NULL || !elems_ok(elems, rank) || !elems_ok(gens, rank) ||
        (member == NULL && elems->L.n > 0))
        return GBC_ERR_ARG;
    GBC_TRY(same_ring(elems, gens));
    const size_t k = elems->L.n / rank;
    call c;
    call_begin(&c, opts);
    plist L;
    plist_init(&L);
    int *tmp = NULL;
    gbc_status st = GBC_ALLOC(&c.ctx, tmp, k ? k : 1);
    if (st == GBC_OK)
        st = module_lift(&c.ctx, &gens->ring->R, rank, &gens->L, &elems->L, &L, tmp, &c.st);
    if (st == GBC_OK)
        memcpy(member, tmp, sizeof(int) * k);
    gbc_free(&c.ctx, tmp);
    st = wrap(&c, st, cofactors, elems, &L);
    call_end(&c, stats, st == GBC_OK ? k : 0);
    return st;
}

GBC_API gbc_status gbc_module_betti(uint64_t **betti, uint32_t *nrows, uint32_t *ncols,
                                    const gbc_polys *elems, uint32_t rank,
                                    const gbc_options *opts, gbc_stats *stats)
{
    return gbc_module_betti_with(betti, nrows, ncols, elems, rank, GBC_RES_SCHREYER, opts,
                                 stats);
}

GBC_API gbc_status gbc_module_betti_with(uint64_t **betti, uint32_t *nrows, uint32_t *ncols,
                                         const gbc_polys *elems, uint32_t rank,
                                         gbc_res_algorithm algo, const gbc_options *opts,
                                         gbc_stats *stats)
{
    if (betti == NULL || nrows == NULL || ncols == NULL || !elems_ok(elems, rank) ||
        (algo != GBC_RES_SCHREYER && algo != GBC_RES_MINGENS))
        return GBC_ERR_ARG;
    call c;
    call_begin(&c, opts);
    uint64_t *tab = NULL;
    uint32_t nr = 0, nc = 0;
    gbc_status st = module_betti(&c.ctx, &elems->ring->R, rank, &elems->L,
                                 algo == GBC_RES_MINGENS ? MODULE_RES_MINGENS
                                                         : MODULE_RES_SCHREYER,
                                 &tab, &nr, &nc, &c.st);
    if (st == GBC_OK) {
        /* hand over memory the caller frees with gbc_mem_free (unaccounted) */
        uint64_t *out = NULL;
        st = GBC_ALLOC(HANDLE_CTX, out, (size_t)nr * nc);
        if (st == GBC_OK) {
            memcpy(out, tab, sizeof(uint64_t) * nr * nc);
            *betti = out;
            *nrows = nr;
            *ncols = nc;
        }
    }
    gbc_free(&c.ctx, tab);
    call_end(&c, stats, 0);
    return st;
}

GBC_API gbc_status gbc_betti_to_string(char **text, const uint64_t *betti, uint32_t nrows,
                                       uint32_t ncols)
{
    if (text == NULL || (betti == NULL && (size_t)nrows * ncols > 0))
        return GBC_ERR_ARG;
    io_buf b;
    io_buf_init(&b);
    gbc_status st = module_betti_format(HANDLE_CTX, &b, betti, nrows, ncols);
    if (st != GBC_OK) {
        io_buf_clear(HANDLE_CTX, &b);
        return st;
    }
    *text = b.s;
    return GBC_OK;
}

/* ------------------------------------------------------------ resolutions -- */

struct gbc_resolution {
    size_t nlev;
    size_t *size;
    int64_t **deg;
    gbc_polys **d; /* d[k] for 1 <= k < nlev; d[0] NULL */
};

GBC_API void gbc_resolution_free(gbc_resolution *res)
{
    if (res == NULL)
        return;
    for (size_t k = 0; k < res->nlev; k++) {
        if (res->d != NULL)
            gbc_polys_free(res->d[k]);
        if (res->deg != NULL)
            gbc_free(HANDLE_CTX, res->deg[k]);
    }
    gbc_free(HANDLE_CTX, res->d);
    gbc_free(HANDLE_CTX, res->deg);
    gbc_free(HANDLE_CTX, res->size);
    gbc_free(HANDLE_CTX, res);
}

/* The handle for r (its maps moved out of it). */
static gbc_status res_wrap(call *c, gbc_resolution **out, const gbc_polys *elems,
                           module_res *r)
{
    gbc_resolution *h = NULL;
    const size_t nl = r->nlev;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(HANDLE_CTX, h, 1), fail);
    GBC_CHECK(st, GBC_ZALLOC(HANDLE_CTX, h->size, nl ? nl : 1), fail);
    GBC_CHECK(st, GBC_ZALLOC(HANDLE_CTX, h->deg, nl ? nl : 1), fail);
    GBC_CHECK(st, GBC_ZALLOC(HANDLE_CTX, h->d, nl ? nl : 1), fail);
    h->nlev = nl;
    for (size_t k = 0; k < nl; k++) {
        h->size[k] = r->size[k];
        GBC_CHECK(st, GBC_ALLOC(HANDLE_CTX, h->deg[k], r->size[k] ? r->size[k] : 1), fail);
        memcpy(h->deg[k], r->deg[k], sizeof(int64_t) * r->size[k]);
        if (k >= 1)
            GBC_CHECK(st, api_polys_wrap(&c->ctx, &h->d[k], elems->ring, &r->d[k]), fail);
    }
    *out = h;
    return GBC_OK;
fail:
    gbc_resolution_free(h);
    return st;
}

GBC_API gbc_status gbc_module_res(gbc_resolution **res, const gbc_polys *elems, uint32_t rank,
                                  const gbc_options *opts, gbc_stats *stats)
{
    if (res == NULL || !elems_ok(elems, rank))
        return GBC_ERR_ARG;
    call c;
    call_begin(&c, opts);
    module_res r;
    const field *F = &elems->ring->R.F;
    gbc_status st = module_resolution(&c.ctx, &elems->ring->R, rank, &elems->L, &r, &c.st);
    if (st == GBC_OK) {
        st = res_wrap(&c, res, elems, &r);
        module_res_clear(&c.ctx, &r, F);
    }
    call_end(&c, stats, 0);
    return st;
}

GBC_API size_t gbc_resolution_length(const gbc_resolution *res)
{
    return res != NULL ? res->nlev : 0;
}

GBC_API size_t gbc_resolution_rank(const gbc_resolution *res, size_t k)
{
    return res != NULL && k < res->nlev ? res->size[k] : 0;
}

GBC_API int64_t gbc_resolution_degree(const gbc_resolution *res, size_t k, size_t i)
{
    return res != NULL && k < res->nlev && i < res->size[k] ? res->deg[k][i] : 0;
}

GBC_API const gbc_polys *gbc_resolution_map(const gbc_resolution *res, size_t k)
{
    return res != NULL && k >= 1 && k < res->nlev ? res->d[k] : NULL;
}
