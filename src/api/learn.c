/* api/learn: learn an F4 trace on one system modulo a prime and apply it to other
 * systems of the same shape (the same supports, other coefficients, possibly
 * another prime): gbc.h's gbc_trace_mod. An apply replays the trace (f4_apply) and
 * its result is then verified to be the reduced Groebner basis of the new system
 * (wrong with probability at most 2^-64; docs/learn.md gives the argument), so
 * that what an apply returns is gbc_groebner's basis. */
#include "api/api.h"

#include <stdio.h>

#include "api/learn_int.h"
#include "common/bytes.h"
#include "f4/f4.h"

#define TM_MAGIC "GBCTRMOD"
/* version 2: the checksum is fnv64_words (version 1's, fnv64 over bytes, is still
 * read) */
#define TM_VERSION 2u
#define TM_HEAD 28 /* magic, version, payload length, checksum */

struct gbc_trace_mod {
    ring R;          /* the learning ring: names, order and the learning prime */
    size_t ngens;
    size_t *glen;    /* each generator's number of terms */
    uint32_t *gexps; /* every generator's exponents, R.nvars per term, in order */
    f4_trace *tr;    /* compiled when compiling succeeded; read only */
};

static void set_err(gbc_error *err, const char *fmt, size_t a, size_t b)
{
    if (err == NULL)
        return;
    err->line = 0;
    err->column = 0;
    snprintf(err->message, sizeof err->message, fmt, a, b);
}

/* A status's message into err unless one was set (err->message non-empty). */
static gbc_status fail(gbc_error *err, gbc_status st)
{
    if (err != NULL && st != GBC_OK && err->message[0] == '\0') {
        err->line = 0;
        err->column = 0;
        snprintf(err->message, sizeof err->message, "%s", gbc_status_string(st));
    }
    return st;
}

GBC_API void gbc_trace_mod_free(gbc_trace_mod *T)
{
    if (T == NULL)
        return;
    f4_trace_free(NULL, T->tr);
    gbc_free(NULL, T->glen);
    gbc_free(NULL, T->gexps);
    ring_clear(NULL, &T->R);
    gbc_free(NULL, T);
}

/* R's copy into T->R (names, order, characteristic): a ring of its own, since the
 * trace outlives the caller's ring. */
static gbc_status copy_ring(ring *dst, const ring *R, uint32_t p)
{
    size_t olen = mono_order_format(&R->ord, NULL, 0) + 1;
    char *oname = gbc_malloc(NULL, olen);
    if (oname == NULL)
        return GBC_ERR_NOMEM;
    mono_order_format(&R->ord, oname, olen);
    char msg[128];
    gbc_status st = ring_init(NULL, dst, R->nvars, (const char *const *)R->names, p, oname,
                              msg, sizeof msg);
    gbc_free(NULL, oname);
    return st;
}

/* The generators' supports of gens into T. */
static gbc_status copy_supports(gbc_trace_mod *T, const plist *L, uint32_t nv)
{
    size_t total = 0;
    for (size_t k = 0; k < L->n; k++)
        total += L->p[k].len;
    T->ngens = L->n;
    T->glen = gbc_calloc(NULL, L->n ? L->n : 1, sizeof *T->glen);
    T->gexps = gbc_calloc(NULL, total * nv > 0 ? total * nv : 1, sizeof *T->gexps);
    if (T->glen == NULL || T->gexps == NULL)
        return GBC_ERR_NOMEM;
    size_t off = 0;
    for (size_t k = 0; k < L->n; k++) {
        T->glen[k] = L->p[k].len;
        memcpy(T->gexps + off, L->p[k].exps, sizeof *T->gexps * L->p[k].len * nv);
        off += L->p[k].len * nv;
    }
    return GBC_OK;
}

/* The ring checks shared by learn and apply: a prime characteristic, an order F4
 * runs on directly, and the reduced basis asked for. */
static gbc_status check_ring(const ring *R, const gbc_plan *P, gbc_error *err)
{
    if (R->F.p == 0) {
        set_err(err, "a trace modulo a prime needs a prime characteristic (over Q: gbc_dist)",
                0, 0);
        return GBC_ERR_DOMAIN;
    }
    if (!f4_ring_direct(R)) {
        set_err(err, "a trace modulo a prime needs a degree-compatible order (grevlex, "
                "deglex)", 0, 0);
        return GBC_ERR_UNSUPPORTED;
    }
    if (P->basis == GBC_BASIS_MINIMAL) {
        set_err(err, "a trace modulo a prime gives the reduced basis (not the minimal one)",
                0, 0);
        return GBC_ERR_UNSUPPORTED;
    }
    return GBC_OK;
}

/* The seed of a learn's or an apply's random choices: the options'
 * (gbc_options_set_seed) or the OS's. */
static uint64_t run_seed(const gbc_ctx *ctx)
{
    uint64_t seed = ctx->plan->seed;
    if (!ctx->plan->fixed_seed)
        gbc_entropy64(&seed);
    return seed;
}

/* A prime near 2^31 for the compiling run's coefficients: a random coefficient
 * vanishes by accident with probability 1/p there. */
#define COMPILE_PRIME 2147483629u

/* The generators L with random nonzero coefficients modulo COMPILE_PRIME (ring Rc),
 * from seed, into G. */
static gbc_status generic_gens(gbc_ctx *ctx, const ring *Rc, const plist *L, uint64_t seed,
                               plist *G)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, seed);
    const uint32_t nv = Rc->nvars;
    for (size_t k = 0; k < L->n; k++) {
        ppoly *p;
        GBC_TRY(plist_push(ctx, G, L->p[k].len, nv, &Rc->F, &p));
        memcpy(p->exps, L->p[k].exps, sizeof *p->exps * L->p[k].len * nv);
        for (size_t i = 0; i < L->p[k].len; i++)
            p->cf[i] = 1 + (uint32_t)gbc_rng_below(&rng, COMPILE_PRIME - 1);
    }
    return GBC_OK;
}

/* Compile T's trace (learnt on L in ring R) on a generic system of L's supports:
 * random coefficients modulo COMPILE_PRIME, so that the compiled supports are
 * those of generic coefficients, which an apply's supports are part of (the
 * learning system's own may lack a term whose coefficient vanished by accident
 * modulo its prime, and an apply with that term would replay by hashing). When
 * the trace does not hold there (the learning system is special), it is compiled
 * on L itself, which follows its own trace. out receives the compiling run's basis
 * (discarded by the caller). */
static gbc_status compile_trace(gbc_ctx *ctx, const gbc_trace_mod *T, const ring *R,
                                const plist *L, plist *out)
{
    ring Rc;
    plist G;
    plist_init(&G);
    int unlucky = 0;
    const uint64_t seed = run_seed(ctx) ^ 0x636f6d70696c65ULL;
    gbc_status st = copy_ring(&Rc, R, COMPILE_PRIME);
    if (st != GBC_OK)
        return st;
    st = generic_gens(ctx, &Rc, L, seed, &G);
    if (st == GBC_OK)
        st = f4_trace_compile(ctx, &Rc, &G, out, NULL, T->tr, &unlucky);
    plist_clear(ctx, out, &Rc.F);
    plist_clear(ctx, &G, &Rc.F);
    ring_clear(NULL, &Rc);
    if (st == GBC_OK && unlucky) {
        unlucky = 0;
        st = f4_trace_compile(ctx, R, L, out, NULL, T->tr, &unlucky);
        if (st == GBC_OK && unlucky)
            st = GBC_ERR_INTERNAL; /* a system follows its own trace */
    }
    return st;
}

GBC_API gbc_status gbc_trace_mod_learn(gbc_trace_mod **trace, gbc_polys **basis,
                                       const gbc_polys *gens, const gbc_options *opts,
                                       gbc_error *err)
{
    if (err != NULL)
        err->message[0] = '\0';
    if (trace == NULL || gens == NULL) {
        set_err(err, "a NULL argument", 0, 0);
        return GBC_ERR_ARG;
    }
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    const ring *R = &gens->ring->R;
    GBC_TRY(check_ring(R, &plan, err));
    gbc_trace_mod *T = gbc_calloc(NULL, 1, sizeof *T);
    if (T == NULL)
        return fail(err, GBC_ERR_NOMEM);
    plist out, again;
    plist_init(&out);
    plist_init(&again);
    gbc_status st = copy_ring(&T->R, R, R->F.p);
    if (st == GBC_OK)
        st = copy_supports(T, &gens->L, R->nvars);
    if (st == GBC_OK)
        st = f4_trace_new(NULL, &T->tr);
    if (st == GBC_OK)
        f4_trace_set_confirm(T->tr); /* applies confirm their rounds (docs/learn.md) */
    if (st == GBC_OK)
        st = f4_learn(&ctx, R, &gens->L, &out, NULL, T->tr);
    if (st == GBC_OK) {
        f4_trace_shrink(NULL, T->tr);
        st = compile_trace(&ctx, T, R, &gens->L, &again);
    }
    plist_clear(&ctx, &again, &R->F);
    if (st == GBC_OK && basis != NULL)
        st = api_polys_wrap(&ctx, basis, gens->ring, &out);
    plist_clear(&ctx, &out, &R->F);
    if (st != GBC_OK) {
        gbc_trace_mod_free(T);
        return fail(err, st);
    }
    *trace = T;
    return GBC_OK;
}

/* Whether gens (ring R) have T's shape: the ring's names and order, the number of
 * generators and each one's terms; else err says what differs first
 * (GBC_ERR_DOMAIN). */
static gbc_status check_fit(const gbc_trace_mod *T, const ring *R, const plist *L,
                            gbc_error *err)
{
    const uint32_t nv = T->R.nvars;
    if (R->nvars != nv) {
        set_err(err, "the ring has %zu variables, the trace's %zu", R->nvars, nv);
        return GBC_ERR_DOMAIN;
    }
    for (uint32_t i = 0; i < nv; i++)
        if (strcmp(R->names[i], T->R.names[i]) != 0) {
            set_err(err, "variable %zu is not named as in the trace's ring", (size_t)i + 1, 0);
            return GBC_ERR_DOMAIN;
        }
    char a[256], b[256];
    mono_order_format(&R->ord, a, sizeof a);
    mono_order_format(&T->R.ord, b, sizeof b);
    if (strcmp(a, b) != 0) {
        set_err(err, "the order is not the trace's", 0, 0);
        return GBC_ERR_DOMAIN;
    }
    if (L->n != T->ngens) {
        set_err(err, "%zu generators, the trace has %zu", L->n, T->ngens);
        return GBC_ERR_DOMAIN;
    }
    size_t off = 0;
    for (size_t k = 0; k < L->n; k++) {
        const ppoly *f = &L->p[k];
        if (f->len != T->glen[k]) {
            set_err(err, "generator %zu does not fit the trace: %zu terms", k + 1, f->len);
            if (err != NULL)
                snprintf(err->message + strlen(err->message),
                         sizeof err->message - strlen(err->message),
                         ", the trace's has %zu", T->glen[k]);
            return GBC_ERR_DOMAIN;
        }
        for (size_t i = 0; i < f->len; i++)
            if (memcmp(f->exps + i * nv, T->gexps + off + i * nv, sizeof *f->exps * nv) != 0) {
                set_err(err, "generator %zu does not fit the trace: its term %zu has another "
                        "monomial", k + 1, i + 1);
                return GBC_ERR_DOMAIN;
            }
        off += f->len * nv;
    }
    return GBC_OK;
}

/* The verification that out (an apply's basis of L) is the reduced basis of <L>
 * (learn_prove), for an apply that could not confirm its rounds (a trace without
 * zero rows). *ok, else err says which part failed. */
static gbc_status prove(int *ok, gbc_ctx *ctx, const ring *R, const plist *out,
                        const plist *L, gbc_error *err)
{
    const char *why = "";
    size_t bad = 0;
    GBC_TRY(learn_prove(ok, &why, &bad, ctx, R, out, L, run_seed(ctx)));
    if (!*ok && strstr(why, "generator") != NULL)
        set_err(err, "the trace does not hold for these coefficients: generator %zu does not "
                "reduce to zero by the applied basis", bad + 1, 0);
    else if (!*ok && err != NULL)
        snprintf(err->message, sizeof err->message,
                 "the trace does not hold for these coefficients: %s", why);
    return GBC_OK;
}

/* What is left to check of an apply's basis out: nothing when trusted; that it is
 * reduced when the replay confirmed its rounds (docs/learn.md); else the whole
 * verification (prove). *ok, else err says why. */
static gbc_status check_result(int *ok, gbc_ctx *ctx, const ring *R, const plist *out,
                               const plist *L, unsigned flags, const f4_check *chk,
                               gbc_error *err)
{
    *ok = 1;
    if (flags & GBC_APPLY_TRUST)
        return GBC_OK;
    if (!chk->confirmed)
        return prove(ok, ctx, R, out, L, err);
    if (chk->reduced)
        return GBC_OK; /* checked in the final matrix (f4_confirm_output) */
    GBC_TRY(learn_reduced(ok, ctx, R, out));
    if (!*ok)
        set_err(err, "the trace does not hold for these coefficients: the applied basis is "
                "not reduced", 0, 0);
    return GBC_OK;
}

/* One apply of T to gens on ctx (keep: scratch kept from apply to apply, or NULL),
 * the basis into *out (empty on entry, left empty on failure). GBC_ERR_DOMAIN when
 * gens do not fit, GBC_ERR_VERIFY when the trace does not hold for them. */
static gbc_status apply_one(gbc_ctx *ctx, plist *out, const gbc_trace_mod *T,
                            const gbc_polys *gens, unsigned flags, f4_keep *keep,
                            gbc_error *err)
{
    const ring *R = &gens->ring->R;
    GBC_TRY(check_ring(R, ctx->plan, err));
    GBC_TRY(check_fit(T, R, &gens->L, err));
    int unlucky = 0, plain = 0, ok = 0;
    double t0 = gbc_wall_time();
    /* fl.n matches no basis: the result comes as a list, only the scratch is kept */
    f4_flat fl = {NULL, SIZE_MAX, F4_FLAT_NONE, keep};
    f4_check chk;
    memset(&chk, 0, sizeof chk);
    /* a trusted apply confirms nothing */
    const int trust = (flags & GBC_APPLY_TRUST) != 0;
    uint64_t seed = trust ? 0 : run_seed(ctx) ^ 0x636f6e6669726dULL;
    gbc_status st = f4_apply_checked(ctx, R, &gens->L, out, T->tr, seed, trust ? NULL : &chk,
                                     keep != NULL ? &fl : NULL, &unlucky, &plain);
    if (st == GBC_OK && unlucky) {
        if (chk.refuted && err != NULL)
            snprintf(err->message, sizeof err->message,
                     "the trace does not hold for these coefficients: %s", chk.why);
        else
            set_err(err, "the trace does not hold for these coefficients: a pivot vanished "
                    "or a leading monomial changed", 0, 0);
        st = GBC_ERR_VERIFY;
    }
    double t1 = gbc_wall_time();
    if (st == GBC_OK)
        st = check_result(&ok, ctx, R, out, &gens->L, flags, &chk, err);
    if (st == GBC_OK && chk.confirmed)
        gbc_log(ctx, 1, "learn: applied in %.3f s (%s), rounds confirmed (%zu rounds with zero "
                "rows, %u combinations each, %.3f s; failure bound %.3g), reduced in %.3f s: %s",
                t1 - t0, plain ? "replayed plainly" : "compiled", chk.rounds, chk.k,
                chk.seconds, chk.fail, gbc_wall_time() - t1,
                ok ? "the reduced basis" : "the trace does not hold");
    else if (st == GBC_OK)
        gbc_log(ctx, 1, "learn: applied in %.3f s (%s), %s in %.3f s: %s", t1 - t0,
                plain ? "replayed plainly" : "compiled",
                flags & GBC_APPLY_TRUST ? "not verified (trusted)" : "verified",
                gbc_wall_time() - t1, ok ? "the reduced basis" : "the trace does not hold");
    if (st == GBC_OK && !ok)
        st = GBC_ERR_VERIFY;
    if (st != GBC_OK)
        plist_clear(ctx, out, &R->F);
    return st;
}

GBC_API gbc_status gbc_trace_mod_apply(gbc_polys **basis, const gbc_trace_mod *trace,
                                       const gbc_polys *gens, const gbc_options *opts,
                                       gbc_error *err)
{
    return gbc_trace_mod_apply_flags(basis, trace, gens, 0, opts, err);
}

GBC_API gbc_status gbc_trace_mod_apply_flags(gbc_polys **basis, const gbc_trace_mod *trace,
                                             const gbc_polys *gens, unsigned flags,
                                             const gbc_options *opts, gbc_error *err)
{
    if (err != NULL)
        err->message[0] = '\0';
    if (basis == NULL || trace == NULL || gens == NULL || (flags & ~GBC_APPLY_TRUST) != 0) {
        set_err(err, "a NULL argument or an unknown flag", 0, 0);
        return GBC_ERR_ARG;
    }
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    const ring *R = &gens->ring->R;
    plist out;
    plist_init(&out);
    gbc_status st = apply_one(&ctx, &out, trace, gens, flags, NULL, err);
    if (st == GBC_OK)
        st = api_polys_wrap(&ctx, basis, gens->ring, &out);
    plist_clear(&ctx, &out, &R->F);
    return fail(err, st);
}

GBC_API gbc_status gbc_trace_mod_apply_batch(gbc_polys **bases, gbc_status *status, size_t n,
                                             const gbc_trace_mod *trace,
                                             const gbc_polys *const *gens, unsigned flags,
                                             const gbc_options *opts, gbc_error *errs)
{
    if (bases == NULL || status == NULL || trace == NULL || (gens == NULL && n > 0) ||
        (flags & ~GBC_APPLY_TRUST) != 0)
        return GBC_ERR_ARG;
    for (size_t i = 0; i < n; i++) {
        bases[i] = NULL;
        status[i] = GBC_ERR_INTERRUPTED;
        if (errs != NULL)
            errs[i].message[0] = '\0';
        if (gens[i] == NULL)
            return GBC_ERR_ARG;
    }
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    f4_keep keep;
    f4_keep_init(&keep);
    gbc_status st = GBC_OK;
    for (size_t i = 0; i < n && st == GBC_OK; i++) {
        gbc_error *e = errs != NULL ? &errs[i] : NULL;
        const ring *R = &gens[i]->ring->R;
        plist out;
        plist_init(&out);
        status[i] = apply_one(&ctx, &out, trace, gens[i], flags, &keep, e);
        if (status[i] == GBC_OK)
            status[i] = api_polys_wrap(&ctx, &bases[i], gens[i]->ring, &out);
        plist_clear(&ctx, &out, &R->F);
        fail(e, status[i]);
        /* a system that does not fit or breaks the trace is that system's; anything
         * else (memory, limits, an interrupt) stops the batch */
        if (status[i] != GBC_OK && status[i] != GBC_ERR_DOMAIN && status[i] != GBC_ERR_VERIFY &&
            status[i] != GBC_ERR_UNSUPPORTED)
            st = status[i];
    }
    f4_keep_clear(&ctx, &keep);
    if (st != GBC_OK)
        for (size_t i = 0; i < n; i++) {
            gbc_polys_free(bases[i]);
            bases[i] = NULL;
        }
    return st;
}

/* ---------------------------------------------------------------- blob -- */

#define FNV_BASIS 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

/* FNV-1a over the bytes b[0..n) (the checksum of version 1 blobs). */
static uint64_t fnv64(const uint8_t *b, size_t n)
{
    uint64_t h = FNV_BASIS;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= FNV_PRIME;
    }
    return h;
}

/* FNV-1a over the little-endian 64-bit words of b[0..n) (the last one completed
 * with zero bytes), then n: one multiplication per eight bytes (a bytewise pass
 * over a 300 MB blob took 0.4 s). Each step is a bijection of the state for a
 * given word, so a change within one word always changes the result. */
static uint64_t fnv64_words(const uint8_t *b, size_t n)
{
    uint64_t h = FNV_BASIS;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w);
#endif
        h = (h ^ w) * FNV_PRIME;
    }
    uint64_t w = 0;
    for (size_t k = 0; i + k < n; k++)
        w |= (uint64_t)b[i + k] << (8 * k);
    h = (h ^ w) * FNV_PRIME;
    return (h ^ (uint64_t)n) * FNV_PRIME;
}

GBC_API gbc_status gbc_trace_mod_save(uint8_t **blob, size_t *len, const gbc_trace_mod *T)
{
    if (blob == NULL || len == NULL || T == NULL)
        return GBC_ERR_ARG;
    uint8_t *tb = NULL;
    size_t tlen = 0;
    gbc_status st = f4_trace_serialize(NULL, T->tr, &tb, &tlen);
    char oname[4096];
    size_t olen = mono_order_format(&T->R.ord, oname, sizeof oname);
    if (st == GBC_OK && olen >= sizeof oname)
        st = GBC_ERR_UNSUPPORTED;
    gbc_wbuf w = {NULL, NULL, 0, 0, st};
    const uint32_t nv = T->R.nvars;
    gbc_put(&w, TM_MAGIC, 8);
    gbc_put_u32(&w, TM_VERSION);
    gbc_put_u64(&w, 0); /* payload length and checksum, filled in below */
    gbc_put_u64(&w, 0);
    gbc_put_u32(&w, T->R.F.p);
    gbc_put_u32(&w, nv);
    for (uint32_t i = 0; i < nv; i++) {
        gbc_put_u64(&w, strlen(T->R.names[i]));
        gbc_put(&w, T->R.names[i], strlen(T->R.names[i]));
    }
    gbc_put_u64(&w, olen);
    gbc_put(&w, oname, olen);
    gbc_put_u64(&w, T->ngens);
    size_t total = 0;
    for (size_t k = 0; k < T->ngens; k++) {
        gbc_put_u64(&w, T->glen[k]);
        total += T->glen[k];
    }
    gbc_put_u32s(&w, T->gexps, total * nv);
    gbc_put_u64(&w, tlen);
    gbc_put(&w, tb, tlen);
    gbc_free(NULL, tb);
    if (w.st != GBC_OK) {
        gbc_free(NULL, w.b);
        return w.st;
    }
    uint64_t plen = w.n - TM_HEAD, h = fnv64_words(w.b + TM_HEAD, plen);
    for (int i = 0; i < 8; i++) {
        w.b[12 + i] = (uint8_t)(plen >> (8 * i));
        w.b[20 + i] = (uint8_t)(h >> (8 * i));
    }
    *blob = w.b;
    *len = w.n;
    return GBC_OK;
}

/* The ring of a blob at r into T->R. */
static gbc_status load_ring(gbc_trace_mod *T, gbc_rbuf *r)
{
    uint32_t p = gbc_get_u32(r), nv = gbc_get_u32(r);
    if (r->bad || nv > (r->n - r->at) / 8)
        return GBC_ERR_PARSE;
    char **names = gbc_calloc(NULL, nv ? nv : 1, sizeof *names);
    gbc_status st = names ? GBC_OK : GBC_ERR_NOMEM;
    for (uint32_t i = 0; i < nv && st == GBC_OK; i++) {
        size_t l = gbc_get_count(r, 1);
        const uint8_t *s = gbc_get_bytes(r, l);
        names[i] = r->bad ? NULL : gbc_malloc(NULL, l + 1);
        st = r->bad ? GBC_ERR_PARSE : names[i] ? GBC_OK : GBC_ERR_NOMEM;
        if (st == GBC_OK) {
            memcpy(names[i], s, l);
            names[i][l] = '\0';
        }
    }
    size_t olen = gbc_get_count(r, 1);
    const uint8_t *os = gbc_get_bytes(r, olen);
    char *oname = st == GBC_OK && !r->bad ? gbc_malloc(NULL, olen + 1) : NULL;
    if (st == GBC_OK)
        st = r->bad ? GBC_ERR_PARSE : oname ? GBC_OK : GBC_ERR_NOMEM;
    if (st == GBC_OK) {
        memcpy(oname, os, olen);
        oname[olen] = '\0';
        char msg[128];
        st = ring_init(NULL, &T->R, nv, (const char *const *)names, p, oname, msg, sizeof msg);
        if (st == GBC_OK && p == 0) {
            ring_clear(NULL, &T->R);
            st = GBC_ERR_PARSE;
        }
        if (st != GBC_OK && st != GBC_ERR_NOMEM)
            st = GBC_ERR_PARSE;
    }
    gbc_free(NULL, oname);
    for (uint32_t i = 0; names != NULL && i < nv; i++)
        gbc_free(NULL, names[i]);
    gbc_free(NULL, names);
    return st;
}

/* The supports and the trace of a blob at r into T (its ring read). */
static gbc_status load_rest(gbc_trace_mod *T, gbc_rbuf *r)
{
    const uint32_t nv = T->R.nvars;
    size_t ng = gbc_get_count(r, 8);
    if (r->bad)
        return GBC_ERR_PARSE;
    T->ngens = ng;
    T->glen = gbc_calloc(NULL, ng ? ng : 1, sizeof *T->glen);
    if (T->glen == NULL)
        return GBC_ERR_NOMEM;
    size_t total = 0;
    for (size_t k = 0; k < ng; k++) {
        T->glen[k] = (size_t)gbc_get_u64(r);
        /* each term takes nv * 4 bytes below */
        if (r->bad || T->glen[k] > (r->n - r->at) / 4 / (nv ? nv : 1) ||
            total + T->glen[k] > (r->n - r->at) / 4 / (nv ? nv : 1))
            return GBC_ERR_PARSE;
        total += T->glen[k];
    }
    T->gexps = gbc_calloc(NULL, total * nv > 0 ? total * nv : 1, sizeof *T->gexps);
    if (T->gexps == NULL)
        return GBC_ERR_NOMEM;
    for (size_t i = 0; i < total * nv; i++)
        T->gexps[i] = gbc_get_u32(r);
    size_t tlen = gbc_get_count(r, 1);
    const uint8_t *tb = gbc_get_bytes(r, tlen);
    if (r->bad || r->at != r->n)
        return GBC_ERR_PARSE;
    gbc_status st = f4_trace_deserialize(NULL, tb, tlen, &T->tr);
    if (st == GBC_OK && f4_trace_nvars(T->tr) != nv)
        st = GBC_ERR_PARSE;
    return st;
}

GBC_API gbc_status gbc_trace_mod_load(gbc_trace_mod **trace, const uint8_t *blob, size_t len)
{
    if (trace == NULL || (blob == NULL && len > 0))
        return GBC_ERR_ARG;
    gbc_rbuf r = {blob, len, 0, 0};
    const uint8_t *m = gbc_get_bytes(&r, 8);
    if (m == NULL || memcmp(m, TM_MAGIC, 8) != 0)
        return GBC_ERR_PARSE;
    uint32_t version = gbc_get_u32(&r);
    if (version != 1 && version != TM_VERSION)
        return GBC_ERR_PARSE;
    uint64_t plen = gbc_get_u64(&r), h = gbc_get_u64(&r);
    if (r.bad || plen != r.n - TM_HEAD)
        return GBC_ERR_PARSE;
    const uint8_t *pl = r.b + TM_HEAD;
    if ((version == 1 ? fnv64(pl, plen) : fnv64_words(pl, plen)) != h)
        return GBC_ERR_PARSE;
    gbc_trace_mod *T = gbc_calloc(NULL, 1, sizeof *T);
    if (T == NULL)
        return GBC_ERR_NOMEM;
    gbc_status st = load_ring(T, &r);
    int have_ring = st == GBC_OK;
    if (st == GBC_OK)
        st = load_rest(T, &r);
    if (st != GBC_OK) {
        if (have_ring)
            gbc_trace_mod_free(T);
        else
            gbc_free(NULL, T);
        return st;
    }
    *trace = T;
    return GBC_OK;
}

GBC_API size_t gbc_trace_mod_ngens(const gbc_trace_mod *trace)
{
    return trace != NULL ? trace->ngens : 0;
}

GBC_API uint32_t gbc_trace_mod_prime(const gbc_trace_mod *trace)
{
    return trace != NULL ? trace->R.F.p : 0;
}
