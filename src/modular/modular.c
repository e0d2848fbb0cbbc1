/* modular: the multi-modular driver (see modular.h). The per-prime pipeline is
 * "reduce the integer generators mod p, F4 (learn or apply), and, when the order is
 * not degree-compatible, dehomogenise and reduce"; every accepted prime must give a
 * basis of the same shape (same polynomials, same monomials) as the learning prime,
 * and its coefficients join the CRT accumulators. */
#include "modular/modular.h"

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "f4/f4.h"
#include "fglm/fglm.h"
#include "strategy/strategy.h"

#define MOD_MAX_RESTARTS 20
/* Learning primes whose basis must all be positive-dimensional (or too large for
 * FGLM) before the FGLM path gives way to the homogenised ideal */
#define MOD_FGLM_TRIES 3

typedef struct modst {
    gbc_ctx *ctx;
    const ring *R;       /* the ring of the input (characteristic 0) */
    ring W;              /* the ring of the traced computation: R or homog(R) */
    int homog;           /* W = homog(R) */
    int per_prime_reduce; /* dehomogenise and reduce in R modulo every prime */
    int fglm;            /* W = R in grevlex; FGLM to R's order modulo every prime */
    int fglm_declined;   /* the learning prime's basis is not zero-dimensional (or too
                          * large for FGLM): set up again on the homogenised ideal */
    mono_order word;     /* W's order when fglm */
    const mod_opts *opts;
    gb_stats *stats;
    plist zin;           /* integer generators in W (mpq with denominator 1) */
    plist zr;            /* the same in R, when W = homog(R) and the shape is in R */
    /* Two independent streams of primes: rng for learning, replays and the
     * stability test, crng for the check primes alone (see docs/modular.md) */
    gbc_rng rng, crng;
    uint32_t *used;
    size_t nused, ucap;
    size_t forced_next;
    f4_trace *tr;        /* trace of the learning prime */
    /* the shape and the CRT accumulators */
    size_t npolys, nterms;
    size_t *plen;
    uint32_t *exps;
    uint32_t nvars;      /* of the shape's ring */
    mpz_t *x;
    mpz_t M;
    size_t nprimes;
    mpq_t *cand;         /* reconstructed coefficients (nterms) */
    int have_cand;
} modst;

/* ------------------------------------------------------------- primes -- */

static int prime_used(const modst *S, uint32_t p)
{
    for (size_t i = 0; i < S->nused; i++)
        if (S->used[i] == p)
            return 1;
    return 0;
}

/* Whether p divides a leading coefficient of the (integer) generators. */
static int prime_divides_lc(const modst *S, uint32_t p)
{
    for (size_t k = 0; k < S->zin.n; k++)
        if (mpz_divisible_ui_p(mpq_numref(S->zin.p[k].cq[0]), p))
            return 1;
    return 0;
}

/* The next prime for S: the forced ones first (test hook), then random primes of
 * [2^30, 2^31) from the stream r that are new to the run and divide no leading
 * coefficient. */
static gbc_status next_prime_from(modst *S, gbc_rng *r, uint32_t *out)
{
    uint32_t p = 0;
    while (S->forced_next < S->opts->nforced) {
        uint32_t q = S->opts->forced_primes[S->forced_next++];
        if (q >= 2 && q < (1u << 31) && zp_is_prime(q) == 1 && !prime_used(S, q) &&
            !prime_divides_lc(S, q)) {
            p = q;
            break;
        }
    }
    while (p == 0) {
        /* odd numbers drawn until one is prime: every prime of the range equally
         * likely (the next prime after a random number would favour those after
         * long gaps); about 11 draws */
        uint32_t q = (uint32_t)((1u << 30) + gbc_rng_below(r, 1u << 30)) | 1u;
        if (zp_is_prime(q) == 1 && !prime_used(S, q) && !prime_divides_lc(S, q))
            p = q;
    }
    GBC_TRY(GBC_GROW(S->ctx, S->used, S->ucap, S->nused + 1));
    S->used[S->nused++] = p;
    *out = p;
    return GBC_OK;
}

static gbc_status next_prime(modst *S, uint32_t *out)
{
    return next_prime_from(S, &S->rng, out);
}

/* A check prime: from the stream of its own. */
static gbc_status next_check_prime(modst *S, uint32_t *out)
{
    return next_prime_from(S, &S->crng, out);
}

/* ------------------------------------------------------ per prime work -- */

/* out (empty on entry) = the integer polynomials Z (nvars variables) reduced modulo
 * F's prime, terms that vanish dropped. */
static gbc_status reduce_gens(gbc_ctx *ctx, plist *out, const plist *Z, uint32_t n,
                              const field *F)
{
    const uint32_t p = F->p;
    for (size_t k = 0; k < Z->n; k++) {
        const ppoly *f = &Z->p[k];
        size_t len = 0;
        for (size_t i = 0; i < f->len; i++)
            if (!mpz_divisible_ui_p(mpq_numref(f->cq[i]), p))
                len++;
        ppoly *g;
        GBC_TRY(plist_push(ctx, out, len, n, F, &g));
        size_t j = 0;
        for (size_t i = 0; i < f->len; i++) {
            uint32_t r = (uint32_t)mpz_fdiv_ui(mpq_numref(f->cq[i]), p);
            if (r == 0)
                continue;
            memcpy(g->exps + j * n, f->exps + i * n, sizeof(uint32_t) * n);
            g->cf[j++] = r;
        }
    }
    return GBC_OK;
}

/* *contained = whether every input generator reduces to zero modulo p by G, a
 * basis modulo p in the shape's ring (the second half of the check: it catches a
 * candidate of another ideal whenever p is lucky). */
static gbc_status gens_reduce_to_zero(modst *S, const plist *G, uint32_t p, int *contained)
{
    const int in_R = S->per_prime_reduce || S->fglm;
    ring Rp = in_R ? *S->R : S->W;
    GBC_TRY(field_init(&Rp.F, p));
    const plist *Z = in_R ? &S->zr : &S->zin;
    plist gp;
    plist_init(&gp);
    gbc_status st = reduce_gens(S->ctx, &gp, Z, Rp.nvars, &Rp.F);
    if (st == GBC_OK)
        st = check_ideal_contains_fast(S->ctx, &Rp, G, &gp, contained, NULL);
    plist_clear(S->ctx, &gp, &Rp.F);
    return st;
}

/* res = the reduced basis modulo p: a full run (recording into rec when not NULL)
 * or a replay of S->tr (*unlucky when it does not fit). */
static gbc_status mod_prime(modst *S, uint32_t p, int full, f4_trace *rec, plist *res,
                            int *unlucky)
{
    gbc_ctx *ctx = S->ctx;
    *unlucky = 0;
    ring Wp = S->W;
    GBC_TRY(field_init(&Wp.F, p));
    plist inp, gw, dh;
    plist_init(&inp);
    plist_init(&gw);
    plist_init(&dh);
    gbc_status st;
    GBC_CHECK(st, reduce_gens(ctx, &inp, &S->zin, S->W.nvars, &Wp.F), done);
    if (full) {
        GBC_CHECK(st, f4_learn(ctx, &Wp, &inp, &gw, NULL, rec), done);
    } else {
        /* replays report as "modular" (the caller), not round by round */
        void (*progress)(void *, const char *, double, uint64_t) = ctx->progress;
        ctx->progress = NULL;
        st = f4_apply(ctx, &Wp, &inp, &gw, NULL, S->tr, unlucky);
        ctx->progress = progress;
        if (st != GBC_OK)
            goto done;
    }
    if (*unlucky)
        goto done;
    if (S->fglm) {
        ring Rp = *S->R;
        Rp.F = Wp.F;
        if (!fglm_is_zero_dim(&Wp, &gw)) {
            S->fglm_declined = 1;
            *unlucky = 1;
            goto done;
        }
        st = fglm_change_order(ctx, &Wp, &gw, &Rp, res, S->stats, FGLM_AUTO);
        if (st == GBC_ERR_UNSUPPORTED) {
            S->fglm_declined = 1;
            *unlucky = 1;
            st = GBC_OK;
        }
    } else if (S->per_prime_reduce) {
        ring Rp = *S->R;
        Rp.F = Wp.F;
        GBC_CHECK(st, plist_dehomogenize(ctx, &Rp, &gw, &dh), done);
        GBC_CHECK(st, f4_reduce_basis(ctx, &Rp, &dh, res), done);
    } else {
        *res = gw;
        plist_init(&gw);
    }
done:
    plist_clear(ctx, &inp, &Wp.F);
    plist_clear(ctx, &gw, &Wp.F);
    plist_clear(ctx, &dh, &Wp.F);
    if (st != GBC_OK)
        plist_clear(ctx, res, &Wp.F);
    return st;
}

/* ------------------------------------------------------- shape and CRT -- */

static void crt_clear(modst *S)
{
    for (size_t i = 0; i < S->nterms; i++) {
        if (S->x != NULL)
            mpz_clear(S->x[i]);
        if (S->cand != NULL)
            mpq_clear(S->cand[i]);
    }
    gbc_free(S->ctx, S->x);
    gbc_free(S->ctx, S->cand);
    gbc_free(S->ctx, S->plen);
    gbc_free(S->ctx, S->exps);
    S->x = NULL;
    S->cand = NULL;
    S->plen = NULL;
    S->exps = NULL;
    S->npolys = S->nterms = S->nprimes = 0;
    S->have_cand = 0;
    mpz_set_ui(S->M, 1);
}

/* Start the accumulators from the basis of the first prime. */
static gbc_status crt_start(modst *S, const plist *G, uint32_t p, uint32_t nvars)
{
    crt_clear(S);
    size_t nt = 0;
    for (size_t k = 0; k < G->n; k++)
        nt += G->p[k].len;
    S->nvars = nvars;
    GBC_TRY(GBC_ALLOC(S->ctx, S->plen, G->n ? G->n : 1));
    GBC_TRY(GBC_ALLOC(S->ctx, S->exps, (nt ? nt : 1) * (nvars ? nvars : 1)));
    GBC_TRY(GBC_ALLOC(S->ctx, S->x, nt ? nt : 1));
    GBC_TRY(GBC_ALLOC(S->ctx, S->cand, nt ? nt : 1));
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++) {
        const ppoly *g = &G->p[k];
        S->plen[k] = g->len;
        memcpy(S->exps + t * nvars, g->exps, sizeof(uint32_t) * g->len * nvars);
        for (size_t i = 0; i < g->len; i++, t++) {
            mpz_init_set_ui(S->x[t], g->cf[i]);
            mpq_init(S->cand[t]);
            S->nterms = t + 1; /* what crt_clear must clear if we stop here */
            GBC_TRY(gbc_ctx_poll(S->ctx));
        }
    }
    S->npolys = G->n;
    S->nterms = nt;
    mpz_set_ui(S->M, p);
    S->nprimes = 1;
    return GBC_OK;
}

static int shape_matches(const modst *S, const plist *G)
{
    if (G->n != S->npolys)
        return 0;
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++) {
        if (G->p[k].len != S->plen[k])
            return 0;
        if (memcmp(G->p[k].exps, S->exps + t * S->nvars,
                   sizeof(uint32_t) * G->p[k].len * S->nvars) != 0)
            return 0;
        t += G->p[k].len;
    }
    return 1;
}

/* Add the residues G modulo p to the accumulators. Polls: an interrupted update
 * leaves the accumulators inconsistent (the computation is abandoned). */
static gbc_status crt_add(modst *S, const plist *G, uint32_t p)
{
    field F;
    field_init(&F, p);
    uint32_t minv = zp_inv(&F, (uint32_t)mpz_fdiv_ui(S->M, p));
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++)
        for (size_t i = 0; i < G->p[k].len; i++, t++) {
            GBC_TRY(gbc_ctx_poll(S->ctx));
            /* x += M * ((r - x) * M^-1 mod p) */
            uint64_t xm = mpz_fdiv_ui(S->x[t], p);
            uint64_t d = ((uint64_t)G->p[k].cf[i] + p - xm) % p;
            uint64_t c = (d * minv) % p;
            if (c != 0)
                mpz_addmul_ui(S->x[t], S->M, (unsigned long)c);
        }
    mpz_mul_ui(S->M, S->M, p);
    S->nprimes++;
    return GBC_OK;
}

/* Rational reconstruction of every coefficient; *okp = 0 if one fails. Tries a
 * sample (the last coefficient of every polynomial, usually the largest) first.
 * The coefficients of one polynomial of a reduced basis mostly share their
 * denominators, so each polynomial keeps den, the lcm of the denominators found so
 * far: when x * den mod M (balanced) is at most the bound, x = that / den with no
 * Euclid at all (den is kept coprime to M and within the bound, so this is the
 * reconstruction the half gcd would find). Polls (GBC_ERR_INTERRUPTED). */
static gbc_status crt_reconstruct(modst *S, int *okp)
{
    gbc_status st = GBC_OK;
    mpz_t bound, half, n, d, den, tmp;
    mpz_inits(bound, half, n, d, den, tmp, NULL);
    mpz_fdiv_q_2exp(half, S->M, 1);
    mpz_sqrt(bound, half);
    int ok = 1;
    size_t t = 0;
    for (size_t k = 0; k < S->npolys && ok; k++) {
        t += S->plen[k];
        if (S->plen[k] > 0 && !zz_ratrecon(n, d, S->x[t - 1], S->M, bound))
            ok = 0;
    }
    t = 0;
    for (size_t k = 0; k < S->npolys && ok; k++) {
        mpz_set_ui(den, 1);
        for (size_t i = 0; i < S->plen[k]; i++, t++) {
            if ((st = gbc_ctx_poll(S->ctx)) != GBC_OK) {
                ok = 0;
                break;
            }
            mpz_mul(tmp, S->x[t], den);
            mpz_mod(tmp, tmp, S->M);
            if (mpz_cmp(tmp, half) > 0)
                mpz_sub(tmp, tmp, S->M);
            if (mpz_cmpabs(tmp, bound) <= 0) {
                mpq_set_num(S->cand[t], tmp);
                mpq_set_den(S->cand[t], den);
                mpq_canonicalize(S->cand[t]);
                continue;
            }
            if (!zz_ratrecon(n, d, S->x[t], S->M, bound)) {
                ok = 0;
                break;
            }
            mpq_set_num(S->cand[t], n);
            mpq_set_den(S->cand[t], d);
            mpq_canonicalize(S->cand[t]);
            mpz_lcm(den, den, mpq_denref(S->cand[t]));
            mpz_gcd(tmp, den, S->M);
            if (mpz_cmp(den, bound) > 0 || mpz_cmp_ui(tmp, 1) != 0)
                mpz_set_ui(den, 1);
        }
    }
    mpz_clears(bound, half, n, d, den, tmp, NULL);
    S->have_cand = ok;
    *okp = ok;
    return st;
}

/* Whether the candidate reduces to G modulo p; *usable is 0 when p divides a
 * denominator (the prime cannot judge). */
static int cand_matches(const modst *S, const plist *G, uint32_t p, int *usable)
{
    *usable = 1;
    if (!shape_matches(S, G))
        return 0;
    field F;
    field_init(&F, p);
    size_t t = 0;
    for (size_t k = 0; k < G->n; k++)
        for (size_t i = 0; i < G->p[k].len; i++, t++) {
            uint32_t dm = (uint32_t)mpz_fdiv_ui(mpq_denref(S->cand[t]), p);
            if (dm == 0) {
                *usable = 0;
                return 0;
            }
            uint32_t nm = (uint32_t)mpz_fdiv_ui(mpq_numref(S->cand[t]), p);
            if (zp_mul(&F, nm, zp_inv(&F, dm)) != G->p[k].cf[i])
                return 0;
        }
    return 1;
}

/* The candidate as a plain list over Q in the shape's ring. */
static gbc_status cand_export(modst *S, plist *out)
{
    static const field Q = {0, 0};
    size_t t = 0;
    for (size_t k = 0; k < S->npolys; k++) {
        ppoly *g;
        GBC_TRY(plist_push(S->ctx, out, S->plen[k], S->nvars, &Q, &g));
        memcpy(g->exps, S->exps + t * S->nvars, sizeof(uint32_t) * S->plen[k] * S->nvars);
        GBC_TRY(gbc_ctx_check(S->ctx));
        for (size_t i = 0; i < S->plen[k]; i++, t++)
            mpq_set(g->cq[i], S->cand[t]);
    }
    return GBC_OK;
}

/* ------------------------------------------------------------- proof -- */

/* The certification of modular.h: generators of J reduce to zero, G is a Groebner
 * basis. (Leading monomials equal to an untraced basis mod a prime were checked by
 * the caller.) */
static gbc_status mod_certify(modst *S, const plist *G, int *ok)
{
    int contained = 0;
    *ok = 0;
    gbc_log(S->ctx, 1, "modular: certification: reducing the generators over Q");
    gbc_progress(S->ctx, "certify", 0.0, 0);
    GBC_TRY(check_ideal_contains(S->ctx, &S->W, G, &S->zin, &contained, NULL));
    if (!contained) {
        gbc_log(S->ctx, 1, "modular: certification: a generator does not reduce to zero");
        return GBC_OK;
    }
    gbc_log(S->ctx, 1, "modular: certification: the generators reduce to zero; "
            "reducing the S-pairs over Q");
    gbc_progress(S->ctx, "certify", 0.5, 1);
    int is_gb = 0;
    GBC_TRY(check_groebner_criteria(S->ctx, &S->W, G, &is_gb));
    if (!is_gb) {
        gbc_log(S->ctx, 1, "modular: certification: an S-pair does not reduce to zero");
        return GBC_OK;
    }
    *ok = 1;
    return GBC_OK;
}

/* The test hook of mod_opts.corrupt_candidates: double the last coefficient of the
 * last polynomial of G that has more than one term (nothing if there is none). */
static void corrupt_candidate(plist *G)
{
    for (size_t k = G->n; k-- > 0;)
        if (G->p[k].len > 1) {
            mpq_t *c = &G->p[k].cq[G->p[k].len - 1];
            mpq_add(*c, *c, *c);
            return;
        }
}

/* -------------------------------------------------------------- driver -- */

static gbc_status mod_setup(modst *S, gbc_ctx *ctx, const ring *R, const plist *in,
                            const mod_opts *opts, gb_stats *stats, int no_fglm)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->R = R;
    S->opts = opts;
    S->stats = stats;
    mpz_init_set_ui(S->M, 1);
    plist_init(&S->zin);
    plist_init(&S->zr);
    /* One 64-bit seed names the run (so --seed repeats a logged run exactly); the
     * two streams derive from it by different splitmix64 keys. */
    uint64_t seed = opts->seed;
    if (!opts->fixed_seed && !gbc_entropy64(&seed))
        gbc_log(ctx, 1, "modular: the OS gave no entropy: primes seeded from the clock");
    gbc_rng_seed(&S->rng, gbc_seed_derive(seed, 1));
    gbc_rng_seed(&S->crng, gbc_seed_derive(seed, 2));
    gbc_log(ctx, 1, "modular: seed %llu (%s)", (unsigned long long)seed,
            opts->fixed_seed ? "given" : "drawn; --seed repeats this run");
    if (stats) {
        stats->seed = seed;
        stats->seeded = 1;
    }

    /* Integer, primitive generators (denominators cleared), zeros dropped. */
    mht_params par;
    mht t;
    GBC_TRY(mht_params_init(ctx, &par, &R->ord, 0x5a5a1234ULL));
    gbc_status st = mht_init(ctx, &t, &par, 10);
    plist zr;
    plist_init(&zr);
    int homogeneous = 1;
    for (size_t k = 0; k < in->n && st == GBC_OK; k++) {
        poly f;
        st = poly_from_plain(ctx, &f, &in->p[k], &t, &R->F);
        if (st != GBC_OK)
            break;
        if (f.len > 0) {
            st = plist_push_poly(ctx, &zr, &f, &t, &R->F, 0);
            for (uint32_t i = 1; i < f.len; i++)
                if (t.row[f.mon[i]].deg != t.row[f.mon[0]].deg)
                    homogeneous = 0;
        }
        poly_clear(ctx, &f, &R->F);
    }
    mht_clear(ctx, &t);
    mht_params_clear(ctx, &par);
    if (st != GBC_OK) {
        plist_clear(ctx, &zr, &R->F);
        return st;
    }
    if (!ring_is_graded(R) && !opts->certify && !no_fglm &&
        opts->order_path != STRAT_HOMOGENISE && opts->order_path != STRAT_HILBERT) {
        /* grevlex modulo every prime, then FGLM to R's order there */
        S->fglm = 1;
        strat_grevlex_ring(&S->W, &S->word, R);
        S->zin = zr;
        plist_init(&S->zr);
        return plist_copy(ctx, &S->zr, &zr, R->nvars, &R->F);
    }
    S->homog = !ring_is_graded(R) || (opts->certify && !homogeneous);
    S->per_prime_reduce = S->homog && !opts->certify;
    if (S->homog) {
        ring_homog(&S->W, R);
        st = plist_homogenize(ctx, R, &zr, &S->zin);
        if (S->per_prime_reduce)
            S->zr = zr; /* the check reduces the generators in R */
        else
            plist_clear(ctx, &zr, &R->F);
        return st;
    }
    S->W = *R;
    S->zin = zr;
    return GBC_OK;
}

static void mod_free(modst *S)
{
    crt_clear(S);
    mpz_clear(S->M);
    plist_clear(S->ctx, &S->zin, &S->R->F);
    plist_clear(S->ctx, &S->zr, &S->R->F);
    gbc_free(S->ctx, S->used);
    f4_trace_free(S->ctx, S->tr);
}

/* The ring of the shape: R when every prime is reduced in R, else W. */
static const ring *shape_ring(const modst *S)
{
    return S->per_prime_reduce || S->fglm ? S->R : &S->W;
}

gbc_status mod_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                        gb_stats *stats, const mod_opts *opts)
{
    static const mod_opts defaults = {0};
    if (opts == NULL)
        opts = &defaults;
    if (R->F.p != 0)
        return GBC_ERR_INTERNAL;
    double t0 = gbc_wall_time();
    modst S;
    gbc_status st = mod_setup(&S, ctx, R, in, opts, stats, 0);
    size_t max_primes = opts->max_primes ? opts->max_primes : 100000;
    plist G, cq;
    plist_init(&G);
    plist_init(&cq);
    field Fp; /* for clearing modular lists: any nonzero p selects the uint32 layout */
    field_init(&Fp, 2);
    int done = 0, restarts = 0, declines = 0;
    size_t corrupted = 0; /* candidates altered by the test hook */
    size_t unlucky_run = 0, next_rr = 1;
    uint32_t p;
    int unl;
    if (st != GBC_OK)
        goto out;

restart:
    if (restarts++ > MOD_MAX_RESTARTS) {
        st = GBC_ERR_VERIFY;
        goto out;
    }
    f4_trace_free(ctx, S.tr);
    S.tr = NULL;
    GBC_CHECK(st, f4_trace_new(ctx, &S.tr), out);
    GBC_CHECK(st, next_prime(&S, &p), out);
    S.fglm_declined = 0;
    GBC_CHECK(st, mod_prime(&S, p, 1, S.tr, &G, &unl), out);
    if (S.fglm_declined && ++declines < MOD_FGLM_TRIES) {
        /* the prime may be unlucky (the ideal modulo p larger than over Q): the
         * decision is taken on MOD_FGLM_TRIES learning primes */
        gbc_log(ctx, 1, "modular: not zero-dimensional modulo %u (or too large for "
                "FGLM): trying another learning prime", p);
        plist_clear(ctx, &G, &Fp);
        goto restart;
    }
    if (S.fglm_declined) {
        /* not zero-dimensional (or too large for FGLM): the homogenised ideal */
        if (opts->order_path == STRAT_FGLM) {
            gbc_log(ctx, 1, "modular: FGLM asked, but the ideal is not zero-dimensional "
                    "(or has more than %u standard monomials)", FGLM_MAX_DIM);
            st = GBC_ERR_DOMAIN;
            goto out;
        }
        gbc_log(ctx, 1, "modular: not zero-dimensional modulo %u (or too large for "
                "FGLM): the homogenised ideal", p);
        plist_clear(ctx, &G, &Fp);
        mod_free(&S);
        GBC_CHECK(st, mod_setup(&S, ctx, R, in, opts, stats, 1), out);
        goto restart;
    }
    if (S.fglm) {
        char oname[128];
        mono_order_format(&R->ord, oname, sizeof oname);
        gbc_log(ctx, 1, "modular: order %s: zero-dimensional modulo %u (degree %zu): "
                "grevlex modulo each prime, then FGLM", oname, p,
                stats ? stats->fglm_dim : (size_t)0);
        if (stats)
            stats->strategy = STRAT_TOOK_FGLM;
    }
learned:
    GBC_CHECK(st, crt_start(&S, &G, p, shape_ring(&S)->nvars), out);
    plist_clear(ctx, &G, &Fp);
    gbc_log(ctx, 1, "modular: learned modulo %u: %zu polynomials, %zu terms, %zu rounds", p,
            S.npolys, S.nterms, f4_trace_rounds(S.tr));
    unlucky_run = 0;
    next_rr = 1;
    while (!done) {
        GBC_CHECK(st, gbc_ctx_check(ctx), out);
        gbc_progress(ctx, "modular", -1.0, S.nused);
        if (S.nused > max_primes) {
            st = GBC_ERR_VERIFY;
            goto out;
        }
        if (S.nprimes >= next_rr) {
            /* After every prime while few have been used (a failed attempt costs a
             * sample of one coefficient per polynomial, far less than a replay),
             * then on a schedule growing by a quarter. */
            next_rr = S.nprimes < 16 ? S.nprimes + 1 : S.nprimes + S.nprimes / 4;
            int recon_ok;
            GBC_CHECK(st, crt_reconstruct(&S, &recon_ok), out);
            gbc_log(ctx, 1, "modular: %zu primes (modulus of %zu bits): rational "
                    "reconstruction %s (%.2f s)", S.nprimes, mpz_sizeinbase(S.M, 2),
                    recon_ok ? "succeeded, checking" : "not yet", gbc_wall_time() - t0);
            if (recon_ok) {
                /* Stable over one more (replayed) prime? */
                GBC_CHECK(st, next_prime(&S, &p), out);
                GBC_CHECK(st, mod_prime(&S, p, 0, NULL, &G, &unl), out);
                int usable = 1;
                if (!unl && shape_matches(&S, &G) && !cand_matches(&S, &G, p, &usable)) {
                    if (usable)
                        GBC_CHECK(st, crt_add(&S, &G, p), out);
                    plist_clear(ctx, &G, &Fp);
                    continue;
                }
                plist_clear(ctx, &G, &Fp);
                if (unl || !usable)
                    continue;
                /* Independent check: an untraced computation modulo a fresh prime
                 * of the check stream. */
                f4_trace *tr2;
                GBC_CHECK(st, f4_trace_new(ctx, &tr2), out);
                GBC_CHECK(st, next_check_prime(&S, &p), out);
                st = mod_prime(&S, p, 1, tr2, &G, &unl);
                if (st != GBC_OK) {
                    f4_trace_free(ctx, tr2);
                    goto out;
                }
                if (unl) {
                    /* FGLM declined modulo q alone (the learning prime's basis was
                     * zero-dimensional): q is unlucky; draw another */
                    f4_trace_free(ctx, tr2);
                    plist_clear(ctx, &G, &Fp);
                    S.fglm_declined = 0;
                    continue;
                }
                if (!shape_matches(&S, &G)) {
                    /* the learning prime (or this one) was unlucky: learn again here */
                    gbc_log(ctx, 1, "modular: prime %u disagrees with the trace: relearning", p);
                    f4_trace_free(ctx, S.tr);
                    S.tr = tr2;
                    if (restarts++ > MOD_MAX_RESTARTS) {
                        st = GBC_ERR_VERIFY;
                        goto out;
                    }
                    goto learned;
                }
                f4_trace_free(ctx, tr2);
                if (!cand_matches(&S, &G, p, &usable)) {
                    if (usable)
                        GBC_CHECK(st, crt_add(&S, &G, p), out);
                    plist_clear(ctx, &G, &Fp);
                    continue;
                }
                /* G is the candidate modulo p: the generators must reduce to zero */
                int contained = 0;
                st = gens_reduce_to_zero(&S, &G, p, &contained);
                plist_clear(ctx, &G, &Fp);
                if (st != GBC_OK)
                    goto out;
                if (!contained) {
                    gbc_log(ctx, 1, "modular: a generator does not reduce to zero by the "
                            "candidate modulo %u: relearning", p);
                    goto restart;
                }
                gbc_log(ctx, 1, "modular: %zu primes, candidate confirmed modulo %u, the "
                        "generators reduce to zero there (%.2f s)",
                        S.nprimes, p, gbc_wall_time() - t0);
                if (!opts->certify) {
                    done = 1;
                    break;
                }
                GBC_CHECK(st, cand_export(&S, &cq), out);
                if (corrupted < opts->corrupt_candidates) {
                    corrupt_candidate(&cq);
                    corrupted++;
                }
                int ok = 0;
                GBC_CHECK(st, mod_certify(&S, &cq, &ok), out);
                if (ok) {
                    gbc_log(ctx, 1, "modular: certified over Q (%.2f s)", gbc_wall_time() - t0);
                    done = 1;
                    break;
                }
                plist_clear(ctx, &cq, &R->F);
                continue;
            }
        }
        GBC_CHECK(st, next_prime(&S, &p), out);
        GBC_CHECK(st, mod_prime(&S, p, 0, NULL, &G, &unl), out);
        if (unl || !shape_matches(&S, &G)) {
            plist_clear(ctx, &G, &Fp);
            /* Many misfits in a row: the learning prime itself was probably unlucky. */
            if (++unlucky_run > 2 * S.nprimes + 3) {
                gbc_log(ctx, 1, "modular: %zu primes in a row do not fit: relearning",
                        unlucky_run);
                goto restart;
            }
            continue;
        }
        unlucky_run = 0;
        GBC_CHECK(st, crt_add(&S, &G, p), out);
        plist_clear(ctx, &G, &Fp);
    }

    /* Output. */
    if (!opts->certify) {
        GBC_CHECK(st, cand_export(&S, out), out);
    } else if (!S.homog) {
        *out = cq;
        plist_init(&cq);
    } else {
        plist dh;
        plist_init(&dh);
        st = plist_dehomogenize(ctx, R, &cq, &dh);
        if (st == GBC_OK)
            st = bb_reduce_basis(ctx, R, &dh, out);
        plist_clear(ctx, &dh, &R->F);
    }
    if (stats) {
        stats->primes = S.nused;
        stats->basis_size = out->n;
    }
out:
    if (stats) {
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
    }
    plist_clear(ctx, &G, &Fp);
    plist_clear(ctx, &cq, &R->F);
    if (st != GBC_OK)
        plist_clear(ctx, out, &R->F);
    mod_free(&S);
    return st;
}
