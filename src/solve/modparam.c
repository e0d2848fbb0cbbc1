/* solve/modparam.c: msolve's rational parametrisation w(T) = 0, x_i = v_i(T) / w'(T)
 * of a radical zero-dimensional ideal over Q, computed modulo primes and lifted
 * (docs/solve.md, "Method"): per prime w and v_i = x_i w' mod w from the grevlex
 * basis of I reduced modulo p (krylov.c), lifted by CRT and rational
 * reconstruction with a shared denominator (qlift.c), then checked over Q exactly
 * (qcheck.c). Much smaller coefficients than the
 * lex basis over Q, and no Groebner basis over Q beyond the grevlex one. */
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "common/pool.h"
#include "field/crt.h"
#include "field/field.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* ------------------------------------------------------------- arithmetic -- */

/* q mod p into *r: 0 when p divides q's denominator, else 1. */
static int mpq_mod(uint32_t *r, const mpq_t q, uint32_t p)
{
    unsigned long d = mpz_fdiv_ui(mpq_denref(q), p);
    if (d == 0)
        return 0;
    unsigned long n = mpz_fdiv_ui(mpq_numref(q), p);
    *r = sv_mulm((uint32_t)n, sv_invm((uint32_t)d, p), p);
    return 1;
}

/* ----------------------------------------------------------------- the driver -- */

/* sv_param_from_values (solve.h): W the primitive integer multiple c w of w,
 * V_i / den_i = c v_i, Q = W'. */
gbc_status sv_param_from_values(gbc_ctx *ctx, sv_param *P, const mpq_t *q, uint32_t n,
                                size_t D)
{
    gbc_status st = sv_param_init(ctx, P, n);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &P->W, D + 1);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &P->Q, D);
    for (uint32_t v = 0; v < n && st == GBC_OK; v++)
        st = sv_zpoly_init(ctx, &P->V[v], D);
    if (st != GBC_OK)
        return st;
    mpz_t l;
    mpq_t c, t;
    mpz_init_set_ui(l, 1);
    mpq_init(c);
    mpq_init(t);
    for (size_t i = 0; i < D; i++)
        mpz_lcm(l, l, mpq_denref(q[i]));
    for (size_t i = 0; i < D; i++) {
        mpz_divexact(P->W.c[i], l, mpq_denref(q[i]));
        mpz_mul(P->W.c[i], P->W.c[i], mpq_numref(q[i]));
    }
    mpz_set(P->W.c[D], l);
    sv_zpoly_primitive(&P->W); /* W = c w, c = lc(W) */
    mpq_set_z(c, P->W.c[D]);
    for (size_t i = 1; i <= D; i++)
        mpz_mul_ui(P->Q.c[i - 1], P->W.c[i], (unsigned long)i);
    for (uint32_t v = 0; v < n; v++) {
        const mpq_t *qv = q + (size_t)(v + 1) * D;
        for (size_t i = 0; i < D; i++) {
            mpq_mul(t, qv[i], c);
            mpz_lcm(P->den[v], P->den[v], mpq_denref(t));
        }
        for (size_t i = 0; i < D; i++) {
            mpq_mul(t, qv[i], c);
            mpz_divexact(P->V[v].c[i], P->den[v], mpq_denref(t));
            mpz_mul(P->V[v].c[i], P->V[v].c[i], mpq_numref(t));
        }
        sv_zpoly_normalise(&P->V[v]);
    }
    mpz_clear(l);
    mpq_clear(c);
    mpq_clear(t);
    /* the sizes of the lifted values (charged with the candidate): settled after */
    st = sv_zpoly_settle(ctx, &P->W);
    if (st == GBC_OK)
        st = sv_zpoly_settle(ctx, &P->Q);
    for (uint32_t v = 0; v < n && st == GBC_OK; v++)
        st = sv_zpoly_settle(ctx, &P->V[v]);
    return st;
}

/* Whether the candidate q reduces to the residues r modulo p (a denominator
 * divisible by p counts as a mismatch). */
static int cand_matches(const mpq_t *q, const uint32_t *r, size_t m, uint32_t p)
{
    for (size_t i = 0; i < m; i++) {
        uint32_t x;
        if (!mpq_mod(&x, q[i], p) || x != r[i])
            return 0;
    }
    return 1;
}

/* The state of the lifting over the primes: the candidate cand (m = (n + 1) D
 * entries, as one prime's residues), and the CRT of the residues in n + 1 groups
 * of D. */
typedef struct lifting {
    size_t m;
    mpq_t *cand;
    size_t *glen;
    zz_crt C;
    int crt_live;
    size_t cand_zb; /* bytes of cand's integers charged to the context */
} lifting;

/* S for n variables and the degree D; lifting_clear
 * frees it, also after a failure (S zeroed by the caller). */
static gbc_status lifting_init(gbc_ctx *ctx, lifting *S, uint32_t n, size_t D)
{
    uint32_t nv = n + 1;
    S->m = (size_t)nv * D;
    gbc_status st = GBC_ALLOC(ctx, S->glen, nv);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, S->cand, S->m + 1);
    if (st != GBC_OK)
        return st;
    for (size_t i = 0; i < S->m; i++)
        mpq_init(S->cand[i]);
    for (uint32_t i = 0; i < nv; i++)
        S->glen[i] = D;
    st = zz_crt_init_groups(ctx, &S->C, S->glen, nv);
    S->crt_live = 1; /* also after a failure: zz_crt_clear frees what it made */
    return st;
}

static void lifting_clear(gbc_ctx *ctx, lifting *S)
{
    gbc_ctx_uncharge(ctx, S->cand_zb);
    if (S->crt_live)
        zz_crt_clear(ctx, &S->C);
    if (S->cand != NULL)
        for (size_t i = 0; i < S->m; i++)
            mpq_clear(S->cand[i]);
    gbc_free(ctx, S->cand);
    gbc_free(ctx, S->glen);
}

/* Charge S->cand's integers as they are now (after a lift). */
static gbc_status cand_settle(gbc_ctx *ctx, lifting *S)
{
    size_t b = 0;
    for (size_t i = 0; i < S->m; i++)
        b += (mpz_size(mpq_numref(S->cand[i])) + mpz_size(mpq_denref(S->cand[i]))) *
             sizeof(mp_limb_t);
    if (b > S->cand_zb)
        GBC_TRY(gbc_ctx_charge(ctx, b - S->cand_zb));
    else
        gbc_ctx_uncharge(ctx, S->cand_zb - b);
    S->cand_zb = b;
    return GBC_OK;
}

/* The check of a stable candidate: P (initialised here) from S->cand, *found = 1
 * when W is squarefree and P passes the check: modulo random primes of rng
 * (sv_qcheck_modp, a wrong P passing with probability below 2^-64), or over Q
 * (sv_qcheck, a proof) with certify or when the primes would not do; P is the
 * caller's to clear. */
static gbc_status check_candidate(gbc_ctx *ctx, sv_param *P, int *found, const lifting *S,
                                  const sv_qinput *in, size_t D, int certify, gbc_rng *rng)
{
    *found = 0;
    int exact = certify;
    double lf = 0;
    gbc_status st = sv_param_from_values(ctx, P, S->cand, in->n, D);
    if (st == GBC_OK && !certify)
        st = sv_qcheck_modp(ctx, found, &exact, &lf, P, in, rng);
    if (st == GBC_OK && exact)
        st = sv_qcheck(ctx, found, P, in);
    return st;
}

/* The primes' residues, a round at a time: with a pool of k threads, k primes at
 * once, part t on worker context t (charging one budget, polling nothing but part
 * 0, which polls the caller's context, and calling none of the caller's
 * callbacks); alone, one prime on the caller's context. The results are the same:
 * the caller takes them in the primes' order. */
typedef struct rounds {
    gbc_ctx *ctx;
    const sv_gbmod *G;
    const int64_t *form;
    size_t D, m;
    const gbc_options *opts;
    int parts, n;         /* the pool's parts; items of this round (<= parts) */
    uint32_t *r, *cf;     /* parts x m residues; parts x G->total scratch */
    uint32_t *p;          /* parts: the primes of this round */
    int *ok;              /* parts: sv_param_mod_p's verdicts */
    gbc_status *st;       /* parts */
    gbc_ctx *wctx;        /* parts worker contexts */
    gbc_budget budget;
    atomic_int stop;
} rounds;

static void rounds_clear(gbc_ctx *ctx, rounds *R)
{
    gbc_free(ctx, R->r);
    gbc_free(ctx, R->cf);
    gbc_free(ctx, R->p);
    gbc_free(ctx, R->ok);
    gbc_free(ctx, R->st);
    gbc_free(ctx, R->wctx);
}

static gbc_status rounds_init(gbc_ctx *ctx, rounds *R, const sv_gbmod *G, const int64_t *form,
                              size_t D, size_t m, const gbc_options *opts)
{
    R->ctx = ctx;
    R->G = G;
    R->form = form;
    R->D = D;
    R->m = m;
    R->opts = opts;
    R->parts = ctx->pool != NULL ? gbc_pool_size(ctx->pool) : 1;
    if (R->parts < 1)
        R->parts = 1;
    size_t k = (size_t)R->parts;
    GBC_TRY(GBC_ALLOC(ctx, R->r, k * m + 1));
    GBC_TRY(GBC_ALLOC(ctx, R->cf, k * G->total + 1));
    GBC_TRY(GBC_ALLOC(ctx, R->p, k));
    GBC_TRY(GBC_ALLOC(ctx, R->ok, k));
    GBC_TRY(GBC_ALLOC(ctx, R->st, k));
    return GBC_ALLOC(ctx, R->wctx, k);
}

/* Part 0's interrupt callback: the caller's context, polled from the caller's
 * thread. */
static int rounds_poll_parent(void *data)
{
    rounds *R = data;
    if (gbc_ctx_check(R->ctx) != GBC_OK) {
        atomic_store(&R->stop, 1);
        return 1;
    }
    return 0;
}

static void rounds_part(void *arg, int t)
{
    rounds *R = arg;
    R->ok[t] = 0;
    R->st[t] = GBC_OK;
    if (atomic_load(&R->stop))
        return;
    R->st[t] = sv_param_mod_p(&R->wctx[t], R->r + (size_t)t * R->m, &R->ok[t], R->G,
                              R->cf + (size_t)t * R->G->total, R->form, R->p[t], R->D, NULL);
    if (R->st[t] != GBC_OK)
        atomic_store(&R->stop, 1);
}

/* The residues of the n primes R->p[0 .. n) into R->r, R->ok. */
static gbc_status rounds_run(rounds *R, int n)
{
    gbc_ctx *ctx = R->ctx;
    R->n = n;
    if (n == 1 || R->parts == 1) {
        gbc_status st = GBC_OK;
        for (int t = 0; t < n && st == GBC_OK; t++)
            st = sv_param_mod_p(ctx, R->r + (size_t)t * R->m, &R->ok[t], R->G,
                                R->cf + (size_t)t * R->G->total, R->form, R->p[t], R->D,
                                R->opts);
        return st;
    }
    atomic_init(&R->stop, 0);
    gbc_budget_begin(&R->budget, ctx);
    for (int t = 0; t < n; t++) {
        gbc_ctx_init_worker(&R->wctx[t], &R->budget);
        R->wctx[t].cancel = &R->stop;
        R->wctx[t].plan = ctx->plan;
    }
    R->wctx[0].interrupt = rounds_poll_parent;
    R->wctx[0].interrupt_data = R;
    size_t base = ctx->mem_used;
    gbc_pool_run(ctx->pool, rounds_part, R, n);
    /* the parts free what they allocate: only their peak and counts carry over */
    gbc_budget_settle(&R->budget, base, ctx);
    gbc_budget_end(&R->budget, ctx);
    gbc_status st = GBC_OK;
    for (int t = 0; t < n; t++)
        st = gbc_status_join(st, R->st[t]);
    return st != GBC_OK ? st : gbc_ctx_check(ctx);
}

/* The counts of lift_over_primes's loop, and whether a candidate stands. */
typedef struct lcount {
    size_t good, bad, agree, failed_checks, disagree;
    int have;
} lcount;

/* One prime's result (residues r, verdict ok, prime pa: the nprimes-th) taken into
 * the lifting S: *stop = 1 when the loop ends here (*found, *nonradical, or a give
 * up); else a candidate is checked once it agrees with two further primes, and
 * lifted when there is none. */
static gbc_status take_prime(gbc_ctx *ctx, sv_param *P, int *found, int *stop, int *nonradical,
                             lifting *S, lcount *c, const uint32_t *r, int ok, uint32_t pa,
                             size_t nprimes, const sv_qinput *in, size_t D,
                             const gbc_options *opts, gbc_rng *rng)
{
    *stop = 1;
    if (ok != 1) {
        /* before the first success: the form does not separate (or p is unlucky:
         * the next form is as good), or, w not squarefree, I is not radical; after
         * it p is unlucky, and many such give up the method */
        if (c->good == 0) {
            *nonradical = ok == 2;
            return GBC_OK;
        }
        if (++c->bad > 8 + c->good / 4) {
            gbc_log(ctx, 1, "solve: %zu primes of %zu did not serve: the form is given up",
                    c->bad, nprimes);
            return GBC_OK;
        }
        *stop = 0;
        return GBC_OK;
    }
    c->good++;
    if (c->have) {
        if (cand_matches(S->cand, r, S->m, pa)) {
            c->agree++;
        } else {
            /* a false lift (rare: SV_QLIFT_MARGIN bits to spare), or residues that
             * no rational fits (an unlucky prime in the CRT that gave deg w = D):
             * then every lift disagrees, and the form is given up instead of
             * drawing primes for ever */
            c->have = 0;
            c->agree = 0;
            if (++c->disagree > 16 + c->good / 8) {
                gbc_log(ctx, 1, "solve: %zu lifts disagreed with a later prime: the form "
                        "is given up", c->disagree);
                return GBC_OK;
            }
        }
    }
    GBC_TRY(zz_crt_add(ctx, &S->C, r, pa, NULL));
    if (c->have && c->agree >= 2) {
        /* stable over two further primes: check it over Q */
        double t0 = gbc_wall_time();
        gbc_status st = check_candidate(ctx, P, found, S, in, D,
                                        opts != NULL && opts->certify, rng);
        gbc_log(ctx, 1, "solve: candidate over Q after %zu primes %s (%.2f s)", nprimes,
                *found ? "passed" : "refuted", gbc_wall_time() - t0);
        if (st != GBC_OK || *found)
            return st;
        sv_param_clear(ctx, P);
        c->have = 0;
        c->agree = 0;
        if (++c->failed_checks >= 3)
            return GBC_OK;
    }
    if (!c->have) {
        int lifted = 0;
        GBC_TRY(sv_qlift(ctx, &S->C, D, in->n + 1, SV_QLIFT_MARGIN, S->cand, &lifted));
        GBC_TRY(cand_settle(ctx, S));
        c->have = lifted;
        c->agree = 0;
    }
    *stop = 0;
    return GBC_OK;
}

/* The primes' loop of sv_modular_param (its contract), from 2^31 - 1 down: each
 * prime's residues into the CRT, a candidate lifted when there is none, checked
 * once it agrees with two further primes (take_prime). The residues come a round
 * of primes at a time (rounds: the pool's threads), a form's first prime alone;
 * the primes are taken in order, so that the result does not depend on the
 * threads. */
static gbc_status lift_over_primes(gbc_ctx *ctx, sv_param *P, int *found, lifting *S,
                                   const sv_qinput *in, const sv_gbmod *G, size_t D,
                                   const gbc_options *opts, gbc_rng *rng,
                                   size_t *nprimes, int *nonradical)
{
    uint32_t p = 2147483647u; /* 2^31 - 1, prime; then the primes below it */
    lcount c;
    memset(&c, 0, sizeof c);
    rounds R;
    memset(&R, 0, sizeof R);
    gbc_status st = rounds_init(ctx, &R, G, in->form, D, S->m, opts);
    int at = 0, stop = 0; /* at: the next result of this round to take (R.n = 0) */
    while (st == GBC_OK && !stop) {
        if (at == R.n) {
            /* a new round: one prime until one has served (a form that does not
             * separate is known from its first), then the pool's width */
            st = gbc_ctx_check(ctx);
            int n = c.good == 0 ? 1 : R.parts;
            for (int t = 0; t < n && st == GBC_OK; t++) {
                if (*nprimes > 0 || t > 0)
                    p = sv_prime_below(p);
                R.p[t] = p;
            }
            if (st == GBC_OK)
                st = rounds_run(&R, n);
            if (st != GBC_OK)
                break;
            at = 0;
        }
        (*nprimes)++;
        st = take_prime(ctx, P, found, &stop, nonradical, S, &c, R.r + (size_t)at * R.m,
                        R.ok[at], R.p[at], *nprimes, in, D, opts, rng);
        at++;
    }
    rounds_clear(ctx, &R);
    return st;
}

gbc_status sv_modular_param(gbc_ctx *ctx, sv_param *P, int *found, const gbc_polys *gens,
                            const sv_gbmod *G, const int64_t *form, size_t D,
                            const gbc_options *opts, size_t *nprimes, int *nonradical)
{
    uint32_t n = gbc_ring_nvars(gbc_polys_ring(gens));
    *found = 0;
    *nprimes = 0;
    *nonradical = 0;
    memset(P, 0, sizeof *P);
    sv_qinput in;
    memset(&in, 0, sizeof in);
    lifting S;
    memset(&S, 0, sizeof S);
    gbc_status st = sv_qinput_init(ctx, &in, gens, n, form);
    if (st == GBC_OK)
        st = lifting_init(ctx, &S, n, D);
    /* the check's primes: from the OS's entropy, drawn after the input exists
     * (from --seed when given) */
    uint64_t seed = opts != NULL ? opts->seed : 0;
    if ((opts == NULL || !opts->fixed_seed) && !gbc_entropy64(&seed))
        gbc_log(ctx, 1, "solve: the OS gave no entropy: check primes seeded from the clock");
    gbc_rng rng;
    gbc_rng_seed(&rng, gbc_seed_derive(seed, 0x71636865636bull));
    /* the primes' threads (ctx->threads; none when the caller's pool exists) */
    int made = gbc_ctx_pool_enter(ctx);
    if (st == GBC_OK)
        st = lift_over_primes(ctx, P, found, &S, &in, G, D, opts, &rng, nprimes, nonradical);
    gbc_ctx_pool_leave(ctx, made);
    if (!*found)
        sv_param_clear(ctx, P);
    lifting_clear(ctx, &S);
    sv_qinput_clear(ctx, &in);
    return st;
}
