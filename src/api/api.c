/* api: argument validation and the handles of include/gbc.h. Every entry point
 * checks its arguments, runs the computation in a fresh context configured from
 * the options, and hands back new handles or leaves its outputs untouched. */
#include <stdio.h>

#include "api/api.h"
#include "check/check.h"
#include "f4/f4.h"
#include "modular/modular.h"
#include "strategy/strategy.h"
#include "strategy/univariate.h"
#include "fglm/fglm.h"
#include "io/io.h"

/* Long-lived handle memory is allocated outside any computation's accounting. */
#define HANDLE_CTX NULL

static void set_err(gbc_error *err, const char *msg)
{
    if (err == NULL)
        return;
    err->line = 0;
    err->column = 0;
    snprintf(err->message, sizeof err->message, "%s", msg);
}

GBC_API const char *gbc_status_string(gbc_status status)
{
    switch (status) {
    case GBC_OK: return "success";
    case GBC_ERR_NOMEM: return "out of memory";
    case GBC_ERR_LIMIT: return "memory limit reached";
    case GBC_ERR_OVERFLOW: return "overflow (an exponent, degree or coefficient does not fit in its fixed-size integer)";
    case GBC_ERR_INTERRUPTED: return "interrupted";
    case GBC_ERR_PARSE: return "malformed input";
    case GBC_ERR_ARG: return "invalid argument";
    case GBC_ERR_DOMAIN: return "mathematically invalid input";
    case GBC_ERR_UNSUPPORTED: return "not supported by this version";
    case GBC_ERR_VERIFY: return "result failed verification";
    case GBC_ERR_IO: return "input/output error";
    case GBC_ERR_INTERNAL: return "internal error";
    }
    return "unknown status";
}

GBC_API const char *gbc_version(void)
{
#define GBC_STR2(x) #x
#define GBC_STR(x) GBC_STR2(x)
    return GBC_STR(GBC_VERSION_MAJOR) "." GBC_STR(GBC_VERSION_MINOR) "." GBC_STR(
        GBC_VERSION_PATCH);
}

/* ------------------------------------------------------------------ rings -- */

void api_ring_ref(gbc_ring *rg)
{
    atomic_fetch_add(&rg->refs, 1);
}

GBC_API gbc_status gbc_ring_new(gbc_ring **out, uint32_t nvars, const char *const *names,
                                uint32_t characteristic, const char *order, gbc_error *err)
{
    if (out == NULL) {
        set_err(err, "the output pointer is NULL");
        return GBC_ERR_ARG;
    }
    gbc_ring *r = gbc_calloc(HANDLE_CTX, 1, sizeof *r);
    if (r == NULL) {
        set_err(err, "out of memory");
        return GBC_ERR_NOMEM;
    }
    char msg[256] = "";
    gbc_status st = ring_init(HANDLE_CTX, &r->R, nvars, names, characteristic, order, msg,
                              sizeof msg);
    if (st != GBC_OK) {
        set_err(err, msg);
        gbc_free(HANDLE_CTX, r);
        return st;
    }
    atomic_init(&r->refs, 1);
    *out = r;
    return GBC_OK;
}

GBC_API void gbc_ring_free(gbc_ring *rg)
{
    if (rg == NULL)
        return;
    if (atomic_fetch_sub(&rg->refs, 1) == 1) {
        ring_clear(HANDLE_CTX, &rg->R);
        gbc_free(HANDLE_CTX, rg);
    }
}

GBC_API uint32_t gbc_ring_nvars(const gbc_ring *rg)
{
    return rg ? rg->R.nvars : 0;
}

GBC_API uint32_t gbc_ring_characteristic(const gbc_ring *rg)
{
    return rg ? rg->R.F.p : 0;
}

GBC_API const char *gbc_ring_var_name(const gbc_ring *rg, uint32_t i)
{
    if (rg == NULL || i >= rg->R.nvars)
        return NULL;
    return rg->R.names[i];
}

/* ---------------------------------------------------------------- options -- */

GBC_API gbc_status gbc_options_new(gbc_options **opts)
{
    if (opts == NULL)
        return GBC_ERR_ARG;
    gbc_options *o = gbc_calloc(HANDLE_CTX, 1, sizeof *o);
    if (o == NULL)
        return GBC_ERR_NOMEM;
    o->algorithm = GBC_ALGO_DEFAULT;
    o->basis = GBC_BASIS_REDUCED;
    atomic_init(&o->cancel, 0);
    *opts = o;
    return GBC_OK;
}

GBC_API void gbc_options_free(gbc_options *opts)
{
    gbc_free(HANDLE_CTX, opts);
}

GBC_API gbc_status gbc_options_set_algorithm(gbc_options *opts, gbc_algorithm algo)
{
    /* the engines are the rows of strategy/engine.h's table */
    if (opts == NULL || strat_engine_find(algo) == NULL)
        return GBC_ERR_ARG;
    opts->algorithm = algo;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_certify(gbc_options *opts, int certify)
{
    if (opts == NULL)
        return GBC_ERR_ARG;
    opts->certify = certify != 0;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_learn(gbc_options *opts, gbc_learn learn)
{
    if (opts == NULL || (learn != GBC_LEARN_F4 && learn != GBC_LEARN_SIG))
        return GBC_ERR_ARG;
    opts->learn = learn;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_seed(gbc_options *opts, uint64_t seed)
{
    if (opts == NULL)
        return GBC_ERR_ARG;
    opts->fixed_seed = 1;
    opts->seed = seed;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_linear_algebra(gbc_options *opts, gbc_linear_algebra mode)
{
    if (opts == NULL || (mode != GBC_LA_AUTO && mode != GBC_LA_EXACT &&
                         mode != GBC_LA_PROBABILISTIC))
        return GBC_ERR_ARG;
    opts->la_mode = mode;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_order_path(gbc_options *opts, gbc_order_path path)
{
    if (opts == NULL || (path != GBC_ORDER_AUTO && path != GBC_ORDER_FGLM &&
                         path != GBC_ORDER_HOMOGENISE && path != GBC_ORDER_HILBERT &&
                         path != GBC_ORDER_DIRECT))
        return GBC_ERR_ARG;
    opts->order_path = path;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_threads(gbc_options *opts, int threads)
{
    if (opts == NULL || threads < 1 || threads > 1024)
        return GBC_ERR_ARG;
    opts->threads = threads;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_memory_limit(gbc_options *opts, size_t bytes)
{
    if (opts == NULL)
        return GBC_ERR_ARG;
    opts->memory_limit = bytes;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_interrupt(gbc_options *opts, int (*callback)(void *),
                                             void *data)
{
    if (opts == NULL)
        return GBC_ERR_ARG;
    opts->interrupt = callback;
    opts->interrupt_data = data;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_log(gbc_options *opts,
                                       void (*callback)(void *, int, const char *),
                                       void *data, int verbosity)
{
    if (opts == NULL || verbosity < 0)
        return GBC_ERR_ARG;
    opts->log = callback;
    opts->log_data = data;
    opts->verbosity = verbosity;
    return GBC_OK;
}

GBC_API gbc_status gbc_options_set_progress(gbc_options *opts,
                                            void (*callback)(void *, const char *, double,
                                                             uint64_t),
                                            void *data)
{
    if (opts == NULL)
        return GBC_ERR_ARG;
    opts->progress = callback;
    opts->progress_data = data;
    return GBC_OK;
}

GBC_API void gbc_options_cancel(gbc_options *opts)
{
    /* a lock-free atomic store: async-signal-safe */
    if (opts != NULL)
        atomic_store_explicit(&opts->cancel, 1, memory_order_relaxed);
}

GBC_API void gbc_options_reset_cancel(gbc_options *opts)
{
    if (opts != NULL)
        atomic_store_explicit(&opts->cancel, 0, memory_order_relaxed);
}

GBC_API int gbc_options_cancelled(const gbc_options *opts)
{
    return opts != NULL && atomic_load_explicit(&opts->cancel, memory_order_relaxed) != 0;
}

GBC_API gbc_status gbc_options_set_basis(gbc_options *opts, gbc_basis_kind kind)
{
    if (opts == NULL || (kind != GBC_BASIS_REDUCED && kind != GBC_BASIS_MINIMAL))
        return GBC_ERR_ARG;
    opts->basis = kind;
    return GBC_OK;
}

void api_options_set_fail_alloc(gbc_options *opts, uint64_t n)
{
    if (opts != NULL)
        opts->fail_alloc = n;
}

void api_plan_from_options(gbc_plan *P, const gbc_options *opts)
{
    gbc_plan_init(P);
    if (opts == NULL)
        return;
    P->engine = opts->algorithm == GBC_ALGO_DEFAULT ? GBC_ALGO_F4 : opts->algorithm;
    P->basis = opts->basis;
    P->la_mode = (gbc_linear_algebra)opts->la_mode;
    P->order_path = (gbc_order_path)opts->order_path;
    P->learn = opts->learn == GBC_LEARN_SIG ? GBC_LEARN_SIG : GBC_LEARN_F4;
    P->certify = opts->certify;
    P->fixed_seed = opts->fixed_seed;
    P->seed = opts->seed;
    P->threads = opts->threads;
    P->memory_limit = opts->memory_limit;
    P->time_limit = opts->time_limit;
}

void api_options_sub(gbc_options *sub, const gbc_options *opts, const atomic_int *cancel,
                     size_t memory_limit, double time_limit)
{
    /* field by field: the cancel flag may be written by another thread meanwhile */
    sub->algorithm = opts->algorithm;
    sub->basis = opts->basis;
    sub->memory_limit = memory_limit;
    sub->interrupt = opts->interrupt;
    sub->interrupt_data = opts->interrupt_data;
    sub->log = opts->log;
    sub->log_data = opts->log_data;
    sub->verbosity = opts->verbosity;
    sub->progress = opts->progress;
    sub->progress_data = opts->progress_data;
    atomic_init(&sub->cancel, 0);
    sub->fail_alloc = opts->fail_alloc;
    sub->certify = opts->certify;
    sub->learn = opts->learn;
    sub->threads = opts->threads;
    sub->la_mode = opts->la_mode;
    sub->order_path = opts->order_path;
    sub->fixed_seed = opts->fixed_seed;
    sub->seed = opts->seed;
    sub->time_limit = time_limit;
    sub->cancel_from = cancel;
}

void api_ctx_from_options(gbc_ctx *ctx, gbc_plan *P, const gbc_options *opts)
{
    api_plan_from_options(P, opts);
    gbc_ctx_init(ctx);
    ctx->plan = P;
    ctx->mem_limit = P->memory_limit;
    ctx->threads = P->threads;
    if (P->time_limit > 0.0)
        ctx->deadline = gbc_wall_time() + P->time_limit;
    if (opts == NULL)
        return;
    ctx->interrupt = opts->interrupt;
    ctx->interrupt_data = opts->interrupt_data;
    ctx->cancel = opts->cancel_from != NULL ? opts->cancel_from : &opts->cancel;
    ctx->log = opts->log;
    ctx->log_data = opts->log_data;
    ctx->verbosity = opts->verbosity;
    ctx->progress = opts->progress;
    ctx->progress_data = opts->progress_data;
    ctx->fail_at = opts->fail_alloc;
}

/* ------------------------------------------------------ polynomial lists -- */

gbc_status api_polys_wrap(gbc_ctx *ctx, gbc_polys **out, gbc_ring *rg, plist *L)
{
    gbc_polys *p = gbc_calloc(ctx, 1, sizeof *p);
    if (p == NULL)
        return gbc_ctx_alloc_status(ctx);
    api_ring_ref(rg);
    p->ring = rg;
    p->L = *L;
    plist_init(L);
    *out = p;
    return GBC_OK;
}

GBC_API void gbc_polys_free(gbc_polys *polys)
{
    if (polys == NULL)
        return;
    plist_clear(HANDLE_CTX, &polys->L, &polys->ring->R.F);
    gbc_ring_free(polys->ring);
    gbc_free(HANDLE_CTX, polys);
}

GBC_API const gbc_ring *gbc_polys_ring(const gbc_polys *polys)
{
    return polys ? polys->ring : NULL;
}

GBC_API size_t gbc_polys_count(const gbc_polys *polys)
{
    return polys ? polys->L.n : 0;
}

/* gbc_parse and gbc_parse_list: flags are io_parse_input_flags's. */
static gbc_status parse_input(gbc_ring **ringp, gbc_polys **polys, const char *text,
                              size_t len, const char *order, unsigned flags,
                              const gbc_options *opts, gbc_error *err)
{
    if (ringp == NULL || polys == NULL || (text == NULL && len > 0)) {
        set_err(err, "NULL argument");
        return GBC_ERR_ARG;
    }
    if (err != NULL)
        memset(err, 0, sizeof *err);
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    gbc_ring *r = gbc_calloc(&ctx, 1, sizeof *r);
    if (r == NULL) {
        gbc_status st = gbc_ctx_alloc_status(&ctx);
        set_err(err, gbc_status_string(st));
        return st;
    }
    atomic_init(&r->refs, 1);
    plist L;
    plist_init(&L);
    gbc_status st = io_parse_input_flags(&ctx, &r->R, &L, text, len, order, flags, err);
    if (st != GBC_OK) {
        gbc_free(&ctx, r);
        return st;
    }
    gbc_polys *p;
    st = api_polys_wrap(&ctx, &p, r, &L);
    if (st != GBC_OK) {
        plist_clear(&ctx, &L, &r->R.F);
        gbc_ring_free(r);
        set_err(err, gbc_status_string(st));
        return st;
    }
    *ringp = r;
    *polys = p;
    return GBC_OK;
}

GBC_API gbc_status gbc_parse(gbc_ring **ringp, gbc_polys **polys, const char *text,
                             size_t len, const char *order, const gbc_options *opts,
                             gbc_error *err)
{
    return parse_input(ringp, polys, text, len, order, 0, opts, err);
}

GBC_API gbc_status gbc_parse_list(gbc_ring **ringp, gbc_polys **polys, const char *text,
                                  size_t len, const char *order, const gbc_options *opts,
                                  gbc_error *err)
{
    return parse_input(ringp, polys, text, len, order, IO_PARSE_KEEP_ZERO, opts, err);
}

/* gbc_polys_parse and gbc_polys_parse_list: flags are io_parse_polys_flags's. */
static gbc_status parse_polys(gbc_polys **polys, const gbc_ring *rg, const char *text,
                              size_t len, unsigned flags, const gbc_options *opts,
                              gbc_error *err)
{
    if (polys == NULL || rg == NULL || (text == NULL && len > 0)) {
        set_err(err, "NULL argument");
        return GBC_ERR_ARG;
    }
    if (err != NULL)
        memset(err, 0, sizeof *err);
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    plist L;
    plist_init(&L);
    gbc_status st = io_parse_polys_flags(&ctx, &rg->R, &L, text, len, flags, err);
    if (st != GBC_OK)
        return st;
    st = api_polys_wrap(&ctx, polys, (gbc_ring *)rg, &L);
    if (st != GBC_OK) {
        plist_clear(&ctx, &L, &rg->R.F);
        set_err(err, gbc_status_string(st));
    }
    return st;
}

GBC_API gbc_status gbc_polys_parse(gbc_polys **polys, const gbc_ring *rg, const char *text,
                                   size_t len, const gbc_options *opts, gbc_error *err)
{
    return parse_polys(polys, rg, text, len, 0, opts, err);
}

GBC_API gbc_status gbc_polys_parse_list(gbc_polys **polys, const gbc_ring *rg,
                                        const char *text, size_t len,
                                        const gbc_options *opts, gbc_error *err)
{
    return parse_polys(polys, rg, text, len, IO_PARSE_KEEP_ZERO, opts, err);
}

GBC_API gbc_status gbc_polys_to_string(char **text, size_t *len, const gbc_polys *polys,
                                       unsigned flags)
{
    if (text == NULL || polys == NULL)
        return GBC_ERR_ARG;
    io_buf b;
    io_buf_init(&b);
    gbc_status st = io_print_polys(HANDLE_CTX, &b, &polys->ring->R, &polys->L,
                                   (flags & GBC_PRINT_HEADER) != 0);
    if (st != GBC_OK) {
        io_buf_clear(HANDLE_CTX, &b);
        return st;
    }
    *text = b.s;
    if (len)
        *len = b.len;
    return GBC_OK;
}

GBC_API gbc_status gbc_polys_print(const gbc_polys *polys, unsigned flags, gbc_write_fn write,
                                   void *data)
{
    if (polys == NULL || write == NULL)
        return GBC_ERR_ARG;
    return io_write_polys(HANDLE_CTX, &polys->ring->R, &polys->L,
                          (flags & GBC_PRINT_HEADER) != 0, write, data);
}

GBC_API void gbc_string_free(char *text)
{
    gbc_free(HANDLE_CTX, text);
}

/* ---------------------------------------------------------- computations -- */

GBC_API gbc_status gbc_stats_new(gbc_stats **stats)
{
    if (stats == NULL)
        return GBC_ERR_ARG;
    gbc_stats *s = gbc_calloc(HANDLE_CTX, 1, sizeof *s);
    if (s == NULL)
        return GBC_ERR_NOMEM;
    *stats = s;
    return GBC_OK;
}

GBC_API void gbc_stats_free(gbc_stats *stats)
{
    gbc_free(HANDLE_CTX, stats);
}

GBC_API double gbc_stats_get(const gbc_stats *stats, const char *name)
{
    if (stats == NULL || name == NULL)
        return 0;
    const gb_stats *s = &stats->s;
    static const struct {
        const char *name;
        size_t off;
        int is_double;
    } fields[] = {
#define F_D(f) {#f, offsetof(gb_stats, f), 1}
#define F_Z(f) {#f, offsetof(gb_stats, f), 0}
        F_D(seconds), F_D(t_select), F_D(t_linalg), F_D(t_update), F_D(t_interreduce),
        F_Z(pairs_reduced), F_Z(zero_reductions), F_Z(pairs_created), F_Z(pairs_chain),
        F_Z(pairs_gm), F_Z(pairs_product), F_Z(pairs_known), F_Z(basis_size), F_Z(rounds), F_Z(matrix_rows),
        F_Z(matrix_cols), F_Z(matrix_nnz), F_Z(primes), F_Z(peak_bytes), F_Z(monomials),
        F_Z(la_rows_in), F_Z(la_rows_reduced), F_Z(la_confirmations), F_Z(la_blocks),
        F_D(la_fail_bound), F_Z(fglm_dim), F_Z(fglm_normal_forms), F_D(t_fglm),
        F_Z(sig_pairs), F_Z(sig_pruned_syz), F_Z(sig_pruned_rewrite), F_Z(sig_passes),
#undef F_D
#undef F_Z
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strcmp(fields[i].name, name) == 0) {
            const char *base = (const char *)s + fields[i].off;
            if (fields[i].is_double) {
                double v;
                memcpy(&v, base, sizeof v);
                return v;
            }
            size_t v;
            memcpy(&v, base, sizeof v);
            return (double)v;
        }
    return 0;
}

/* The one nonzero polynomial of L when there is one: over Q when its coefficients
 * have more than 2^16 bits in all (then the primes would cost: about two per 31
 * bits), over Z/p when it has more than 2^12 terms (F4 would copy it into its
 * tables: (a+b+c+d)^120 took 93 MB); else NULL. */
static const ppoly *api_one_generator(const plist *L, const field *F)
{
    const ppoly *one = NULL;
    for (size_t i = 0; i < L->n; i++)
        if (L->p[i].len > 0) {
            if (one != NULL)
                return NULL;
            one = &L->p[i];
        }
    if (one == NULL)
        return NULL;
    if (F->p != 0)
        return one->len > (1u << 12) ? one : NULL;
    size_t bits = 0;
    for (size_t i = 0; i < one->len; i++)
        bits += mpz_sizeinbase(mpq_numref(one->cq[i]), 2) +
                mpz_sizeinbase(mpq_denref(one->cq[i]), 2);
    return bits > (1u << 16) ? one : NULL;
}

/* The reduced basis of an ideal with one generator f, in any order: f divided by
 * its leading coefficient (its terms are in decreasing order). Exact, so over Q the
 * multi-modular path, whose primes must carry every coefficient of f (a 10^6-digit
 * coefficient needs about 2 * 3.3 * 10^6 / 31 primes), is not needed. */
static gbc_status api_monic_generator(gbc_ctx *ctx, const ring *R, const plist *L, plist *out)
{
    const ppoly *f = api_one_generator(L, &R->F);
    gbc_log(ctx, 1, "one generator: the basis is the generator made monic");
    ppoly *g;
    GBC_TRY(plist_push(ctx, out, f->len, R->nvars, &R->F, &g));
    memcpy(g->exps, f->exps, sizeof(uint32_t) * f->len * R->nvars);
    if (R->F.p != 0) {
        uint32_t inv = zp_inv(&R->F, f->cf[0]);
        for (size_t i = 0; i < f->len; i++)
            g->cf[i] = zp_mul(&R->F, f->cf[i], inv);
        return gbc_ctx_check(ctx);
    }
    mpq_t lc;
    mpq_init(lc);
    mpq_set(lc, f->cq[0]);
    for (size_t i = 0; i < f->len; i++) {
        if ((i & 1023) == 0) {
            gbc_status st = gbc_ctx_check(ctx);
            if (st != GBC_OK) {
                mpq_clear(lc);
                return st;
            }
        }
        mpq_div(g->cq[i], f->cq[i], lc);
    }
    mpq_clear(lc);
    return GBC_OK;
}

GBC_API size_t gbc_default_memory_ceiling(void)
{
    return gbc_memory_ceiling();
}

gbc_status api_groebner(gbc_ctx *ctx, const gbc_polys *gens, plist *out, gb_stats *stats)
{
    const strat_engine *eng = strat_engine_of(ctx);
    const ring *R = &gens->ring->R;
    gbc_status st;
    /* one big generator: made monic, unless the engine computes over the field
     * itself and is the reference (Buchberger) */
    int direct = eng != NULL && (R->F.p == 0 ? (eng->fields & STRAT_FIELD_Q) != 0
                                             : eng->algorithm == GBC_ALGO_BUCHBERGER);
    if (eng != NULL && !direct && api_one_generator(&gens->L, &R->F) != NULL)
        st = api_monic_generator(ctx, R, &gens->L, out); /* no need for primes */
    else
        st = mod_engine_groebner(ctx, R, &gens->L, out, stats,
                                 ctx->plan->basis == GBC_BASIS_MINIMAL);
    /* on failure the reducers may leave a partial basis behind (an interrupt or a
     * failed allocation in the final interreduction) */
    if (st != GBC_OK)
        plist_clear(ctx, out, &R->F);
    return st;
}

GBC_API gbc_status gbc_groebner(gbc_polys **basis, const gbc_polys *gens,
                                const gbc_options *opts, gbc_stats *stats)
{
    if (basis == NULL || gens == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    const ring *R = &gens->ring->R;
    plist out;
    plist_init(&out);
    gb_stats local;
    memset(&local, 0, sizeof local);
    gbc_status st = api_groebner(&ctx, gens, &out, &local);
    if (st == GBC_OK)
        st = api_polys_wrap(&ctx, basis, gens->ring, &out);
    if (st != GBC_OK)
        plist_clear(&ctx, &out, &R->F);
    local.peak_bytes = ctx.mem_peak;
    if (stats != NULL)
        stats->s = local;
    return st;
}

/* gbc_groebner_write's sink: each polynomial of the basis printed as it comes. */
static gbc_status stream_put(void *data, const ppoly *p)
{
    return io_stream_put((io_stream *)data, p);
}

static gbc_status stream_put_many(void *data, const ppoly *p, size_t n)
{
    return io_stream_put_many((io_stream *)data, p, n);
}

GBC_API gbc_status gbc_groebner_write(const gbc_polys *gens, const gbc_options *opts,
                                      gbc_stats *stats, unsigned flags, gbc_write_fn write,
                                      void *data)
{
    if (gens == NULL || write == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    api_plan_from_options(&plan, opts);
    const ring *R = &gens->ring->R;
    /* F4 alone streams its basis (f4_groebner_sink); one big generator is made
     * monic (api_monic_generator) */
    if (plan.engine != GBC_ALGO_F4 || !f4_ring_direct(R) || strat_univariate_applies(R) ||
        api_one_generator(&gens->L, &R->F) != NULL) {
        gbc_polys *basis = NULL;
        gbc_status st = gbc_groebner(&basis, gens, opts, stats);
        if (st == GBC_OK)
            st = gbc_polys_print(basis, flags, write, data);
        gbc_polys_free(basis);
        return st;
    }
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    const int minimal = plan.basis == GBC_BASIS_MINIMAL;
    gb_stats local;
    memset(&local, 0, sizeof local);
    io_stream out;
    gbc_status st = io_stream_begin(&out, &ctx, R, (flags & GBC_PRINT_HEADER) != 0, write, data);
    if (st == GBC_OK) {
        local.strategy = STRAT_TOOK_DIRECT;
        f4_sink sink = {stream_put, &out, stream_put_many};
        st = f4_groebner_sink(&ctx, R, &gens->L, &local, minimal, &sink);
    }
    if (st == GBC_OK)
        st = io_stream_end(&out);
    io_stream_clear(&out);
    local.peak_bytes = ctx.mem_peak;
    if (stats != NULL)
        stats->s = local;
    return st;
}

GBC_API int gbc_stats_seed(const gbc_stats *stats, uint64_t *seed)
{
    if (stats == NULL || !stats->s.seeded)
        return 0;
    if (seed != NULL)
        *seed = stats->s.seed;
    return 1;
}

GBC_API gbc_status gbc_is_groebner(int *is_groebner, int *is_reduced, const gbc_polys *polys,
                                   const gbc_options *opts)
{
    if (polys == NULL)
        return GBC_ERR_ARG;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    check_report rep;
    gbc_status st = check_groebner_fast(&ctx, &polys->ring->R, &polys->L, &rep);
    if (st != GBC_OK)
        return st;
    if (is_groebner)
        *is_groebner = rep.is_groebner;
    if (is_reduced)
        *is_reduced = rep.is_reduced;
    return GBC_OK;
}

gbc_status api_same_vars(const ring *A, const ring *B)
{
    if (A->nvars != B->nvars || A->F.p != B->F.p)
        return GBC_ERR_DOMAIN;
    for (uint32_t i = 0; i < A->nvars; i++)
        if (strcmp(A->names[i], B->names[i]) != 0)
            return GBC_ERR_DOMAIN;
    return GBC_OK;
}

GBC_API gbc_status gbc_change_order(gbc_polys **basis, const gbc_polys *gb,
                                    gbc_ring *target, const gbc_options *opts,
                                    gbc_stats *stats)
{
    if (basis == NULL || gb == NULL || target == NULL)
        return GBC_ERR_ARG;
    const ring *Rs = &gb->ring->R, *Rt = &target->R;
    GBC_TRY(api_same_vars(Rs, Rt));
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    gb_stats local;
    memset(&local, 0, sizeof local);
    const double t0 = gbc_wall_time();
    plist red, out;
    plist_init(&red);
    plist_init(&out);
    gbc_status st;
    if (Rs->F.p == 0) {
        /* over Q: the multi-modular path on gb's polynomials in the target ring
         * (grevlex and FGLM modulo each prime, lifted and checked as ever); gb
         * need not even be a Groebner basis there */
        gbc_plan cp = plan;
        cp.certify = 0;
        cp.learn = GBC_LEARN_F4;
        cp.order_path = ring_is_graded(Rt) ? GBC_ORDER_AUTO : GBC_ORDER_FGLM;
        ctx.plan = &cp;
        st = mod_groebner(&ctx, Rt, &gb->L, &out, &local);
        ctx.plan = &plan;
        goto wrap;
    }
    st = f4_reduce_basis(&ctx, Rs, &gb->L, &red);
    if (st == GBC_OK && !fglm_is_zero_dim(Rs, &red))
        st = GBC_ERR_DOMAIN;
    if (st == GBC_OK)
        st = fglm_change_order(&ctx, Rs, &red, Rt, &out, &local, FGLM_AUTO);
    /* a list that is not a Groebner basis shows as an inconsistent normal set */
    if (st == GBC_ERR_INTERNAL)
        st = GBC_ERR_DOMAIN;
    plist_clear(&ctx, &red, &Rs->F);
wrap:
    if (st == GBC_OK)
        st = api_polys_wrap(&ctx, basis, target, &out);
    if (st != GBC_OK)
        plist_clear(&ctx, &out, &Rt->F);
    local.basis_size = st == GBC_OK ? (*basis)->L.n : 0;
    local.seconds = gbc_wall_time() - t0;
    local.peak_bytes = ctx.mem_peak;
    if (stats != NULL)
        stats->s = local;
    return st;
}
