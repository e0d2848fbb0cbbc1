/* modular/dist: the distributed computation over Q (modular/dist.h) on the pieces of
 * the multi-modular driver (modular_int.h): the coordinator's run, an applier's trace
 * rebuilt from a blob, and the check prepared on another process. The blob is
 * self-contained: the ring (names and order), the generators as text, the run's path
 * and seed, the primes already used, the shape of the basis and the F4 trace
 * (f4/serial.c), behind a checksum. */
#include "modular/dist.h"

#include "common/bytes.h"
#include "common/pool.h"
#include "io/io.h"

#define DIST_MAGIC "GBCDIST\0"
/* a check's setup (mod_dist_check_blob) and its prepared half (mod_check_prepare) */
#define CHECK_MAGIC "GBCCHKQ\0"
#define CHRES_MAGIC "GBCCHKR\0"
/* version 2: the compiling run's basis had the shape (cc_fit), and the trace
 * carries that basis's supports (f4/serial.c version 2): applies give flat residues */
#define DIST_VERSION 2u
#define DIST_HEAD 28 /* magic, version, payload length, checksum */
#define DIST_MAX_PRIMES 100000

/* The state T's applies read: its own, or the coordinator's it views. */
static const modst *trace_st(const mod_trace *T)
{
    return T->view != NULL ? T->view : &T->S;
}

/* ---------------------------------------------------------------- blob -- */

/* FNV-1a, 64 bits: a corrupt blob is refused before anything is parsed. */
static uint64_t fnv64(const uint8_t *b, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The magic, version, payload length and checksum of w's bytes (header left
 * empty at w's start by the writer), filled in. */
static void blob_seal(gbc_wbuf *w)
{
    uint64_t plen = w->n - DIST_HEAD, h = fnv64(w->b + DIST_HEAD, plen);
    for (int i = 0; i < 8; i++) {
        w->b[12 + i] = (uint8_t)(plen >> (8 * i));
        w->b[20 + i] = (uint8_t)(h >> (8 * i));
    }
}

/* Whether blob (len bytes) has the magic, DIST_VERSION and a correct checksum; r
 * is then at its payload. */
static int blob_open(gbc_rbuf *r, const char *magic)
{
    const uint8_t *m = gbc_get_bytes(r, 8);
    if (m == NULL || memcmp(m, magic, 8) != 0 || gbc_get_u32(r) != DIST_VERSION)
        return 0;
    uint64_t plen = gbc_get_u64(r), h = gbc_get_u64(r);
    return !r->bad && plen == r->n - DIST_HEAD && fnv64(r->b + DIST_HEAD, plen) == h;
}

/* The blob of S (a learnt, compiled or not, run) for the ring R and generators in;
 * check: only the setup (path, seed, primes, order, generators) and the check
 * prime q, for mod_check_prepare. */
static gbc_status dist_blob(gbc_ctx *ctx, const modst *S, int cc_fit, const ring *R,
                            const plist *in, int check, uint32_t q, uint8_t **out,
                            size_t *len)
{
    io_buf text;
    io_buf_init(&text);
    GBC_TRY(io_print_polys(ctx, &text, R, in, 1));
    /* the order's whole text (weight rows can make it long) */
    size_t olen = mono_order_format(&R->ord, NULL, 0) + 1;
    char *oname = gbc_malloc(ctx, olen);
    uint8_t *tb = NULL;
    size_t tlen = 0;
    gbc_status st = oname ? GBC_OK : gbc_ctx_alloc_status(ctx);
    if (st == GBC_OK && !check)
        st = f4_trace_serialize(ctx, S->tr, &tb, &tlen);
    gbc_wbuf w = {ctx, NULL, 0, 0, st};
    if (st == GBC_OK) {
        mono_order_format(&R->ord, oname, olen);
        gbc_put(&w, check ? CHECK_MAGIC : DIST_MAGIC, 8);
        gbc_put_u32(&w, DIST_VERSION);
        gbc_put_u64(&w, 0); /* payload length and checksum, filled in below */
        gbc_put_u64(&w, 0);
        gbc_put_u32(&w, (uint32_t)S->plan->certify);
        gbc_put_u32(&w, (uint32_t)S->plan->order_path);
        gbc_put_u32(&w, (uint32_t)S->fglm);
        gbc_put_u32(&w, (uint32_t)S->homog);
        gbc_put_u32(&w, (uint32_t)S->per_prime_reduce);
        gbc_put_u32(&w, (uint32_t)cc_fit);
        gbc_put_u64(&w, S->seed);
        gbc_put_u64(&w, S->nused);
        for (size_t i = 0; i < S->nused; i++)
            gbc_put_u32(&w, S->used[i]);
        gbc_put_u64(&w, strlen(oname));
        gbc_put(&w, oname, strlen(oname));
        gbc_put_u64(&w, text.len);
        gbc_put(&w, text.s, text.len);
    }
    if (st == GBC_OK && check) {
        gbc_put_u32(&w, q);
    } else if (st == GBC_OK) {
        gbc_put_u32(&w, S->nvars);
        gbc_put_u64(&w, S->npolys);
        for (size_t k = 0; k < S->npolys; k++)
            gbc_put_u64(&w, S->plen[k]);
        for (size_t i = 0; i < S->nterms * S->nvars; i++)
            gbc_put_u32(&w, S->exps8 ? S->exps8[i] : S->exps[i]);
        gbc_put_u64(&w, tlen);
        gbc_put(&w, tb, tlen);
    }
    st = w.st;
    if (st == GBC_OK) {
        blob_seal(&w);
        *out = w.b;
        *len = w.n;
    } else {
        gbc_free(ctx, w.b);
    }
    gbc_free(ctx, tb);
    gbc_free(ctx, oname);
    io_buf_clear(ctx, &text);
    return st;
}

/* The rest of a trace blob at r (trace_read, after the setup): the shape (into T's
 * state; the exponents are only compared, any values will do) and the trace. */
static gbc_status trace_read_shape(mod_trace *T, gbc_rbuf *r, uint32_t cc_fit)
{
    gbc_ctx *ctx = &T->ctx;
    modst *S = &T->S;
    gbc_status st;
    S->nvars = gbc_get_u32(r);
    size_t np = gbc_get_count(r, 8);
    if (r->bad || S->nvars != mod_shape_ring(S)->nvars)
        return GBC_ERR_PARSE;
    GBC_TRY(GBC_ALLOC(ctx, S->plen, np ? np : 1));
    GBC_TRY(GBC_ALLOC(ctx, S->poff, np ? np : 1));
    size_t nt = 0;
    for (size_t k = 0; k < np; k++) {
        S->plen[k] = (size_t)gbc_get_u64(r);
        S->poff[k] = nt;
        /* each term takes nvars * 4 bytes below (no variables: one term) */
        if (r->bad || S->plen[k] > (S->nvars ? (r->n - r->at) / 4 : 1) || nt + S->plen[k] < nt)
            return GBC_ERR_PARSE;
        nt += S->plen[k];
    }
    S->npolys = np;
    if (S->nvars > 0 && nt > (r->n - r->at) / 4 / S->nvars)
        return GBC_ERR_PARSE;
    size_t ne = nt * S->nvars;
    GBC_TRY(GBC_ALLOC(ctx, S->exps, ne ? ne : 1));
    for (size_t i = 0; i < ne; i++)
        S->exps[i] = gbc_get_u32(r);
    S->nterms = nt;
    size_t trlen = gbc_get_count(r, 1);
    const uint8_t *tb = gbc_get_bytes(r, trlen);
    if (r->bad || r->at != r->n)
        return GBC_ERR_PARSE;
    st = f4_trace_deserialize(ctx, tb, trlen, &S->tr);
    if (st == GBC_OK && f4_trace_nvars(S->tr) != S->W.nvars)
        st = GBC_ERR_PARSE;
    T->flat = st == GBC_OK && cc_fit && !S->fglm && !S->per_prime_reduce &&
              S->nterms > 0 && f4_trace_out_terms(S->tr) == S->nterms;
    return st;
}

/* The trace of blob into T (allocated, T->ctx initialised by the caller); check:
 * a blob of mod_dist_check_blob, only the setup, and its check prime into *q. */
static gbc_status trace_read(mod_trace *T, const uint8_t *blob, size_t len, int check,
                             uint32_t *q)
{
    gbc_ctx *ctx = &T->ctx;
    gbc_rbuf r = {blob, len, 0, 0};
    if (!blob_open(&r, check ? CHECK_MAGIC : DIST_MAGIC))
        return GBC_ERR_PARSE;
    uint32_t certify = gbc_get_u32(&r), opath = gbc_get_u32(&r), fglm = gbc_get_u32(&r), homog = gbc_get_u32(&r),
             ppr = gbc_get_u32(&r), cc_fit = gbc_get_u32(&r);
    uint64_t seed = gbc_get_u64(&r);
    size_t nused = gbc_get_count(&r, 4);
    if (r.bad || certify > 1 || opath > 16 || fglm > 1 || homog > 1 || ppr > 1 || cc_fit > 1)
        return GBC_ERR_PARSE;
    uint32_t *used = NULL;
    GBC_TRY(GBC_ALLOC(ctx, used, nused ? nused : 1));
    for (size_t i = 0; i < nused; i++)
        used[i] = gbc_get_u32(&r);
    size_t olen = gbc_get_count(&r, 1);
    const char *op = (const char *)gbc_get_bytes(&r, olen);
    size_t tlen = gbc_get_count(&r, 1);
    const char *text = (const char *)gbc_get_bytes(&r, tlen);
    char *oname = r.bad ? NULL : gbc_malloc(ctx, olen + 1);
    gbc_status st = r.bad ? GBC_ERR_PARSE : oname ? GBC_OK : gbc_ctx_alloc_status(ctx);
    if (st == GBC_OK) {
        memcpy(oname, op, olen);
        oname[olen] = '\0';
        st = io_parse_input(ctx, &T->R, &T->in, text, tlen, oname, NULL);
        if (st == GBC_ERR_ARG)
            st = GBC_ERR_PARSE;
    }
    gbc_free(ctx, oname);
    if (st == GBC_OK && T->R.F.p != 0) {
        plist_clear(ctx, &T->in, &T->R.F);
        st = GBC_ERR_PARSE;
    }
    if (st != GBC_OK) {
        gbc_free(ctx, used);
        return st;
    }
    T->plan = *ctx->plan;
    T->plan.certify = (int)certify;
    T->plan.order_path = (gbc_order_path)opath;
    T->plan.fixed_seed = 1;
    T->plan.seed = seed;
    ctx->plan = &T->plan;
    st = mod_setup(&T->S, ctx, &T->R, &T->in, NULL, !fglm);
    modst *S = &T->S;
    S->used = used;
    S->nused = S->ucap = nused;
    if (st != GBC_OK)
        return st;
    if ((uint32_t)S->fglm != fglm || (uint32_t)S->homog != homog ||
        (uint32_t)S->per_prime_reduce != ppr)
        return GBC_ERR_PARSE;
    if (check) {
        *q = gbc_get_u32(&r);
        return r.bad || r.at != r.n ? GBC_ERR_PARSE : GBC_OK;
    }
    return trace_read_shape(T, &r, cc_fit);
}


/* ------------------------------------------------------------- applier -- */

void mod_trace_init(mod_trace *T)
{
    plist_init(&T->in);
    plist_init(&T->S.zin);
    plist_init(&T->S.zr);
    T->S.ctx = &T->ctx;
    T->S.R = &T->R;
}

void mod_trace_clear(mod_trace *T)
{
    if (T->view != NULL)
        return;
    mod_free(&T->S);
    plist_clear(&T->ctx, &T->in, &T->R.F);
    ring_clear(&T->ctx, &T->R);
}

gbc_status mod_trace_read(mod_trace *T, const uint8_t *blob, size_t len)
{
    return trace_read(T, blob, len, 0, NULL);
}

size_t mod_trace_nterms(const mod_trace *T)
{
    return trace_st(T)->nterms;
}

void mod_trace_prime(uint32_t *p, uint64_t *cursor, const mod_trace *T, uint32_t stream,
                     uint32_t nstreams)
{
    const modst *S = trace_st(T);
    /* Keys 1 and 2 of the seed name the learning and check streams (setup.c);
     * 3 the assignment of primes to streams, 16 + s stream s's candidates. */
    const uint64_t part = gbc_seed_derive(S->seed, 3);
    const uint64_t key = gbc_seed_derive(S->seed, 16 + (uint64_t)stream);
    for (;;) {
        /* odd numbers drawn until one is a prime of this stream: uniform over the
         * stream's primes, as in primes.c */
        uint64_t x = gbc_seed_derive(key, (*cursor)++);
        uint32_t q = ((uint32_t)(1u << 30) + (uint32_t)(x & ((1u << 30) - 1))) | 1u;
        if (gbc_seed_derive(part, q) % nstreams != stream)
            continue;
        if (zp_is_prime(q) == 1 && !mod_prime_used(S, q) && !mod_prime_divides_lc(S, q)) {
            *p = q;
            return;
        }
    }
}

int mod_trace_skips(const mod_trace *T, uint32_t p)
{
    return mod_prime_divides_lc(trace_st(T), p);
}

void mod_trace_keep_init(mod_trace_keep *K)
{
    f4_keep_init(&K->k);
}

void mod_trace_keep_clear(mod_trace_keep *K)
{
    f4_keep_clear(NULL, &K->k);
    gbc_free(NULL, K->flat);
}

gbc_status mod_trace_apply(uint32_t *residues, int *fits, const mod_trace *T, uint32_t p,
                           gbc_ctx *ctx, mod_trace_keep *K)
{
    const modst *S = trace_st(T);
    /* what K holds counts toward this apply's memory (limit and peak) */
    size_t held = K != NULL ? K->held : 0;
    ctx->mem_used = ctx->mem_peak = held;
    gbc_status st = GBC_OK;
    f4_flat fl = {NULL, S->nterms, F4_FLAT_NONE, K != NULL ? &K->k : NULL};
    if (T->flat && K != NULL && K->flatn != S->nterms) {
        /* the keep's buffer (charged here: it stays in held) */
        uint32_t *b = gbc_realloc(ctx, K->flat, sizeof *b * S->nterms);
        if (b == NULL) {
            st = gbc_ctx_alloc_status(ctx);
        } else {
            K->flat = b;
            K->flatn = S->nterms;
        }
    }
    if (K != NULL)
        fl.cf = K->flat;
    int own_pool = gbc_ctx_pool_enter(ctx);
    prime_out o;
    o.p = p;
    o.st = st;
    plist_init(&o.res);
    if (st == GBC_OK)
        mod_prime_apply_flat(S, ctx, T->flat && fl.cf != NULL ? &fl : NULL, &o);
    st = o.st;
    if (st == GBC_OK && !o.unlucky && o.flat == F4_FLAT_DONE) {
        memcpy(residues, fl.cf, sizeof *residues * S->nterms);
        *fits = 1;
    } else if (st == GBC_OK && !o.unlucky && o.flat == F4_FLAT_NONE &&
               mod_shape_matches(S, &o.res)) {
        size_t t = 0;
        for (size_t k = 0; k < o.res.n; k++)
            for (size_t i = 0; i < o.res.p[k].len; i++)
                residues[t++] = o.res.p[k].cf[i];
        *fits = 1;
    }
    field Fp;
    field_init(&Fp, 2);
    plist_clear(ctx, &o.res, &Fp);
    gbc_ctx_pool_leave(ctx, own_pool);
    if (K != NULL) {
        /* everything else is freed: what the context still counts is K's */
        K->held = ctx->mem_used;
    }
    return st;
}

gbc_status mod_check_prepare(uint8_t **result, size_t *len, mod_trace *T, const uint8_t *blob,
                             size_t blen)
{
    uint32_t q = 0;
    gbc_status st = trace_read(T, blob, blen, 1, &q);
    if (st == GBC_OK && (q < 2 || q >= (1u << 31) || zp_is_prime(q) != 1))
        st = GBC_ERR_PARSE;
    modst *S = &T->S;
    int own_pool = gbc_ctx_pool_enter(&T->ctx);
    prime_out o;
    plist_init(&o.res);
    o.unlucky = 0;
    int contained = 0;
    if (st == GBC_OK)
        st = mod_check_basis(S, q, &o, &contained);
    gbc_wbuf w = {NULL, NULL, 0, 0, st};
    if (st == GBC_OK) {
        const uint32_t nv = mod_shape_ring(S)->nvars;
        gbc_put(&w, CHRES_MAGIC, 8);
        gbc_put_u32(&w, DIST_VERSION);
        gbc_put_u64(&w, 0);
        gbc_put_u64(&w, 0);
        gbc_put_u32(&w, q);
        gbc_put_u32(&w, (uint32_t)S->fglm);
        gbc_put_u32(&w, (uint32_t)S->homog);
        gbc_put_u32(&w, (uint32_t)S->per_prime_reduce);
        gbc_put_u32(&w, (uint32_t)o.unlucky);
        gbc_put_u32(&w, (uint32_t)contained);
        gbc_put_u32(&w, nv);
        gbc_put_u64(&w, o.res.n);
        for (size_t k = 0; k < o.res.n; k++)
            gbc_put_u64(&w, o.res.p[k].len);
        for (size_t k = 0; k < o.res.n; k++) {
            gbc_put_u32s(&w, o.res.p[k].exps, (size_t)o.res.p[k].len * nv);
            gbc_put_u32s(&w, o.res.p[k].cf, o.res.p[k].len);
        }
        st = w.st;
    }
    field Fp;
    field_init(&Fp, 2);
    plist_clear(&T->ctx, &o.res, &Fp);
    gbc_ctx_pool_leave(&T->ctx, own_pool);
    if (st != GBC_OK) {
        gbc_free(NULL, w.b);
        return st;
    }
    blob_seal(&w);
    *result = w.b;
    *len = w.n;
    return GBC_OK;
}

/* -------------------------------------------------------- coordinator -- */

gbc_status mod_dist_init(mod_dist *D, const ring *R, const plist *gens)
{
    D->R = R;
    plist_init(&D->in);
    plist_init(&D->cq);
    plist_init(&D->chk);
    gbc_status st = plist_copy(&D->ctx, &D->in, gens, R->nvars, &R->F);
    if (st == GBC_OK) {
        D->B = gbc_calloc(&D->ctx, 1, sizeof *D->B);
        st = D->B ? GBC_OK : gbc_ctx_alloc_status(&D->ctx);
    }
    if (st == GBC_OK) {
        D->own_pool = gbc_ctx_pool_enter(&D->ctx);
        st = mod_setup(&D->S, &D->ctx, R, &D->in, &D->stats, 0);
        D->have_S = 1;
    }
    return st;
}

void mod_dist_clear(mod_dist *D)
{
    const ring *R = D->R;
    if (D->have_S)
        mod_free(&D->S);
    plist_clear(&D->ctx, &D->cq, &R->F);
    plist_clear(&D->ctx, &D->in, &R->F);
    field Fp;
    field_init(&Fp, 2);
    plist_clear(&D->ctx, &D->chk, &Fp);
    gbc_free(&D->ctx, D->B);
    gbc_ctx_pool_leave(&D->ctx, D->own_pool);
}

size_t mod_dist_nterms(const mod_dist *D)
{
    return D->learned ? D->S.nterms : 0;
}

/* Learning and compiling, as mod_groebner's first steps: the learning prime's basis
 * starts the shape and the accumulator, the compiling prime's joins it. */
static gbc_status dist_learn(mod_dist *D)
{
    modst *S = &D->S;
    gbc_ctx *ctx = &D->ctx;
    field Fp;
    field_init(&Fp, 2);
    prime_out L;
    plist_init(&L.res);
    D->learned = 0;
    GBC_TRY(mod_learn(S, &D->in, &L));
    gbc_status st = mod_shape_start(S, &L.res, L.p, mod_shape_ring(S)->nvars);
    plist_clear(ctx, &L.res, &Fp);
    GBC_TRY(st);
    D->learned = 1;
    gbc_log(ctx, 1, "modular: learned modulo %u: %zu polynomials, %zu terms, %zu rounds "
            "(distributed)", L.p, S->npolys, S->nterms, f4_trace_rounds(S->tr));
    /* compile: a prime that does not follow leaves the trace uncompiled; another is
     * tried (twice), then the trace goes out plain (applies replay it by hashing) */
    D->cc_fit = 0;
    for (int tries = 0; tries < 3; tries++) {
        uint32_t p;
        GBC_TRY(mod_next_prime(S, &p));
        st = mod_batch_run(S, D->B, &p, 1, 1);
        int conflict = 0, unlucky = D->B->out[0].unlucky;
        /* as prime_loop's cc_fit: the compiled trace's basis has the shape, so
         * its applies may give flat residues */
        D->cc_fit = st == GBC_OK && !unlucky && f4_trace_compiled(S->tr) &&
                    f4_trace_out_terms(S->tr) == S->nterms &&
                    mod_shape_matches(S, &D->B->out[0].res);
        if (st == GBC_OK)
            st = mod_take(S, p, unlucky ? NULL : &D->B->out[0].res, &conflict);
        mod_batch_end(S, D->B);
        GBC_TRY(st);
        S->compiled = 1;
        if (!unlucky)
            break;
    }
    return GBC_OK;
}

gbc_status mod_dist_learn(uint8_t **blob, size_t *len, mod_dist *D)
{
    if (D->accepted)
        return GBC_ERR_ARG;
    if (D->learnings++ > MOD_MAX_RESTARTS)
        return GBC_ERR_VERIFY;
    GBC_TRY(dist_learn(D));
    uint8_t *b = NULL;
    size_t n = 0;
    /* the blob outlives the computation's context: not accounted to it */
    GBC_TRY(dist_blob(NULL, &D->S, D->cc_fit, D->R, &D->in, 0, 0, &b, &n));
    *blob = b;
    *len = n;
    return GBC_OK;
}

gbc_status mod_dist_add(gbc_dist_state *state, mod_dist *D, uint32_t p,
                        const uint32_t *residues, size_t n)
{
    if (!D->learned || D->accepted)
        return GBC_ERR_ARG;
    modst *S = &D->S;
    if (residues != NULL && n != S->nterms)
        return GBC_ERR_ARG;
    if (p < 2 || p >= (1u << 31) || zp_is_prime(p) != 1 || mod_prime_used(S, p) ||
        mod_prime_divides_lc(S, p))
        return GBC_ERR_DOMAIN;
    for (size_t i = 0; residues != NULL && i < n; i++)
        if (residues[i] >= p)
            return GBC_ERR_DOMAIN;
    if (S->nused > DIST_MAX_PRIMES)
        return GBC_ERR_VERIFY;
    GBC_TRY(gbc_ctx_check(&D->ctx));
    GBC_TRY(GBC_GROW(S->ctx, S->used, S->ucap, S->nused + 1));
    S->used[S->nused++] = p;
    int conflict = 0;
    GBC_TRY(mod_take_flat(S, p, residues, &conflict));
    if (conflict || mod_misfits(S)) {
        D->learned = 0;
        *state = GBC_DIST_RELEARN;
        return GBC_OK;
    }
    if (!S->have_cand)
        GBC_TRY(mod_lift_due(S));
    *state = S->have_cand ? GBC_DIST_SETTLED : GBC_DIST_MORE;
    return GBC_OK;
}

/* Whether the prepared check fits D now: the path it was computed on is the
 * run's, its prime was not taken in, and the proof over Q is not asked for (which
 * mod_verify adds to the check). */
static int dist_chk_fits(const mod_dist *D)
{
    const modst *S = &D->S;
    return !S->plan->certify && D->chk_path[0] == (uint32_t)S->fglm &&
           D->chk_path[1] == (uint32_t)S->homog &&
           D->chk_path[2] == (uint32_t)S->per_prime_reduce &&
           D->chk_nv == mod_shape_ring(S)->nvars;
}

void mod_dist_view(mod_trace *T, const mod_dist *D)
{
    const modst *S = &D->S;
    T->view = S;
    /* as trace_read decides for a loaded blob */
    T->flat = D->cc_fit && !S->fglm && !S->per_prime_reduce && S->nterms > 0 &&
              f4_trace_out_terms(S->tr) == S->nterms;
}

gbc_status mod_dist_check_blob(uint8_t **blob, size_t *len, mod_dist *D)
{
    if (D->S.plan->certify)
        return GBC_ERR_UNSUPPORTED;
    modst *S = &D->S;
    uint32_t q;
    GBC_TRY(mod_check_prime(S, &q));
    uint8_t *b = NULL;
    size_t n = 0;
    GBC_TRY(dist_blob(NULL, S, 0, D->R, &D->in, 1, q, &b, &n));
    field Fp;
    field_init(&Fp, 2);
    plist_clear(&D->ctx, &D->chk, &Fp);
    D->have_chk = 0;
    D->chq = q;
    *blob = b;
    *len = n;
    return GBC_OK;
}

gbc_status mod_dist_check_give(mod_dist *dist, const uint8_t *result, size_t len)
{
    gbc_rbuf r = {result, len, 0, 0};
    if (!blob_open(&r, CHRES_MAGIC))
        return GBC_ERR_PARSE;
    uint32_t q = gbc_get_u32(&r), path[3], unlucky, contained, nv;
    for (int i = 0; i < 3; i++)
        path[i] = gbc_get_u32(&r);
    unlucky = gbc_get_u32(&r);
    contained = gbc_get_u32(&r);
    nv = gbc_get_u32(&r);
    size_t np = gbc_get_count(&r, 8);
    if (r.bad || unlucky > 1 || contained > 1 || path[0] > 1 || path[1] > 1 || path[2] > 1 ||
        (unlucky && np != 0))
        return GBC_ERR_PARSE;
    if (q == 0 || q != dist->chq || dist->accepted)
        return GBC_ERR_ARG; /* not the check prime drawn last */
    field Fq;
    gbc_status st = field_init(&Fq, q);
    plist G;
    plist_init(&G);
    size_t *lens = NULL;
    if (st == GBC_OK)
        st = GBC_ALLOC(&dist->ctx, lens, np ? np : 1);
    for (size_t k = 0; st == GBC_OK && k < np; k++) {
        lens[k] = (size_t)gbc_get_u64(&r);
        /* each term takes (nv + 1) * 4 bytes below */
        if (r.bad || lens[k] > (r.n - r.at) / 4 / ((size_t)nv + 1) || lens[k] > UINT32_MAX)
            st = GBC_ERR_PARSE;
    }
    for (size_t k = 0; st == GBC_OK && k < np; k++) {
        ppoly *g;
        if (lens[k] > (r.n - r.at) / 4 / ((size_t)nv + 1)) {
            st = GBC_ERR_PARSE;
            break;
        }
        if ((st = plist_push(&dist->ctx, &G, lens[k], nv, &Fq, &g)) != GBC_OK)
            break;
        for (size_t i = 0; i < lens[k] * nv; i++)
            g->exps[i] = gbc_get_u32(&r);
        for (size_t i = 0; i < lens[k]; i++) {
            g->cf[i] = gbc_get_u32(&r);
            if (g->cf[i] >= q)
                st = GBC_ERR_PARSE;
        }
    }
    if (st == GBC_OK && (r.bad || r.at != r.n))
        st = GBC_ERR_PARSE;
    gbc_free(&dist->ctx, lens);
    if (st != GBC_OK) {
        plist_clear(&dist->ctx, &G, &Fq);
        return st;
    }
    field Fp;
    field_init(&Fp, 2);
    plist_clear(&dist->ctx, &dist->chk, &Fp);
    dist->chk = G;
    dist->have_chk = 1;
    dist->chk_unlucky = (int)unlucky;
    dist->chk_contained = (int)contained;
    memcpy(dist->chk_path, path, sizeof path);
    dist->chk_nv = nv;
    return GBC_OK;
}

gbc_status mod_dist_check(gbc_dist_state *state, mod_dist *dist)
{
    if (!dist->learned || !dist->S.have_cand || dist->accepted)
        return GBC_ERR_ARG;
    int v;
    modst *S = &dist->S;
    if (dist->have_chk && dist_chk_fits(dist)) {
        /* the prepared check: its prime is the one this check would draw had it
         * not been drawn ahead (the check stream is the coordinator's alone, and
         * no residues of it were taken in), and the verdict is
         * mod_check_candidate's on the same figures */
        dist->have_chk = 0;
        gbc_status st = mod_check_judge(S, dist->chq, dist->chk_unlucky ? NULL : &dist->chk,
                                        dist->chk_contained, &v);
        field Fp;
        field_init(&Fp, 2);
        plist_clear(&dist->ctx, &dist->chk, &Fp);
        GBC_TRY(st);
    } else {
        GBC_TRY(mod_verify(S, &dist->corrupted, &dist->cq, &v));
    }
    dist->chq = 0;
    if (v == MOD_ACCEPT) {
        dist->accepted = 1;
        *state = GBC_DIST_ACCEPTED;
    } else if (v == MOD_RESTART) {
        dist->learned = 0;
        *state = GBC_DIST_RELEARN;
    } else {
        *state = GBC_DIST_MORE;
    }
    return GBC_OK;
}

gbc_status mod_dist_output(mod_dist *D, plist *out)
{
    return mod_output(&D->S, &D->cq, out);
}

void mod_dist_done(mod_dist *D, gb_stats *s, size_t basis_size)
{
    D->done = 1;
    gbc_log(&D->ctx, 1, "modular: done, %zu primes drawn (distributed)", D->S.nused);
    if (s != NULL) {
        *s = D->stats;
        s->primes = D->S.nused;
        s->basis_size = basis_size;
        s->peak_bytes = D->ctx.mem_peak;
        s->seconds = gbc_wall_time() - D->S.t0;
    }
}
