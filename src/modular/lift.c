/* modular/lift: rational reconstruction of the open polynomials, shared by the
 * computation's threads, with the sure lifts of a failed attempt kept for the next;
 * the lifted coefficients packed one block per polynomial. */
#include "modular/modular_int.h"

#include "common/pool.h"

/* Polynomial k's coefficients q[0..plen[k]) packed into S->cpk[k] (replacing what
 * was there), allocated on ctx (S->ctx, or a worker context of mod_lift_open). */
static gbc_status cand_pack(modst *S, gbc_ctx *ctx, size_t k, const mpq_t *q)
{
    const size_t len = S->plen[k];
    size_t total = 0;
    for (size_t i = 0; i < len; i++) {
        size_t nn = mpz_size(mpq_numref(q[i])), dn = mpz_size(mpq_denref(q[i]));
        if (nn > CP_SZ_MASK || dn > CP_SZ_MASK)
            return GBC_ERR_NOMEM; /* a coefficient of 2^36 bytes */
        total += 1 + nn;
        if (i == 0 || mpz_cmp(mpq_denref(q[i]), mpq_denref(q[i - 1])) != 0)
            total += dn;
    }
    mp_limb_t *b;
    GBC_TRY(GBC_ALLOC(ctx, b, total ? total : 1));
    mp_limb_t *w = b;
    for (size_t i = 0; i < len; i++) {
        mpz_srcptr n = mpq_numref(q[i]), d = mpq_denref(q[i]);
        size_t nn = mpz_size(n), dn = mpz_size(d);
        if (i > 0 && mpz_cmp(d, mpq_denref(q[i - 1])) == 0)
            dn = 0;
        *w++ = (mp_limb_t)nn | (mp_limb_t)dn << CP_SZ_BITS | (mpz_sgn(n) < 0 ? CP_NEG : 0);
        if (nn > 0)
            memcpy(w, mpz_limbs_read(n), nn * sizeof *w);
        w += nn;
        if (dn > 0)
            memcpy(w, mpz_limbs_read(d), dn * sizeof *w);
        w += dn;
    }
    gbc_free(ctx, S->cpk[k]);
    S->cpk[k] = b;
    return GBC_OK;
}

/* Polynomial k's kept lifts forgotten (their memory given back on ctx). */
static void sc_drop(modst *S, gbc_ctx *ctx, size_t k)
{
    gbc_free(ctx, S->sc[k]);
    S->sc[k] = NULL;
    S->sused[k] = S->scap[k] = 0;
    memset(S->msure + S->poff[k], 0, S->plen[k]);
}

/* The sure lifts of an open polynomial (zz_crt_lift_group_skip), kept while the
 * rest of it waits for more primes so that they are not lifted again at every
 * attempt: S->sc[k] holds entries [member][header as in cand_pack][numerator
 * limbs][denominator limbs], S->msure marks the members it has. */

/* Keep the sure ones among the members lifted by a failed attempt: from at on
 * (round to the start) up to fail, not those kept before. On ctx (a worker
 * context of mod_lift_open). */
static gbc_status sc_keep(modst *S, gbc_ctx *ctx, size_t k, const mpq_t *q, const uint8_t *sure,
                          size_t at, size_t fail)
{
    const size_t len = S->plen[k];
    uint8_t *ms = S->msure + S->poff[k];
    size_t need = S->sused[k];
    for (size_t i = at; i != fail; i = i + 1 == len ? 0 : i + 1)
        if (!ms[i] && sure[i]) {
            size_t nn = mpz_size(mpq_numref(q[i])), dn = mpz_size(mpq_denref(q[i]));
            if (nn > CP_SZ_MASK || dn > CP_SZ_MASK)
                return GBC_ERR_NOMEM; /* a coefficient of 2^36 bytes */
            need += 2 + nn + dn;
        }
    if (need == S->sused[k])
        return GBC_OK;
    if (need > S->scap[k]) {
        /* a quarter ahead: the keep grows over a few tries, and it is memory
         * held beside the accumulator at the peak */
        size_t cap = need + need / 4;
        mp_limb_t *b = gbc_realloc(ctx, S->sc[k], cap * sizeof *b);
        if (b == NULL)
            return gbc_ctx_alloc_status(ctx);
        S->sc[k] = b;
        S->scap[k] = cap;
    }
    mp_limb_t *w = S->sc[k] + S->sused[k];
    for (size_t i = at; i != fail; i = i + 1 == len ? 0 : i + 1) {
        if (ms[i] || !sure[i])
            continue;
        mpz_srcptr n = mpq_numref(q[i]), d = mpq_denref(q[i]);
        size_t nn = mpz_size(n), dn = mpz_size(d);
        *w++ = (mp_limb_t)i;
        *w++ = (mp_limb_t)nn | (mp_limb_t)dn << CP_SZ_BITS | (mpz_sgn(n) < 0 ? CP_NEG : 0);
        if (nn > 0)
            memcpy(w, mpz_limbs_read(n), nn * sizeof *w);
        w += nn;
        memcpy(w, mpz_limbs_read(d), dn * sizeof *w);
        w += dn;
        ms[i] = 1;
    }
    S->sused[k] = need;
    return GBC_OK;
}

/* The kept lifts of polynomial k into q, and the keep emptied (on ctx). */
static void sc_take(modst *S, gbc_ctx *ctx, size_t k, mpq_t *q)
{
    if (S->sc[k] != NULL) { /* (NULL + 0 is undefined) */
        const mp_limb_t *w = S->sc[k], *end = w + S->sused[k];
        mpz_t n, d;
        while (w < end) {
            size_t i = (size_t)*w++;
            mod_cand_next(&w, n, d);
            mpq_set_num(q[i], n);
            mpq_set_den(q[i], d);
        }
    }
    sc_drop(S, ctx, k);
}

/* The lift of the open polynomials, shared by the computation's threads: each
 * takes the next polynomial (polynomials are independent: a lift reads the
 * accumulator and writes only its polynomial's pat, pst, cpk and sc entries and
 * msure range, and the
 * result does not depend on which thread lifts it) on a worker context charging
 * one budget; stop is raised by a failure and by part 0 when the caller's context
 * asks to stop. */
typedef struct lift_job {
    modst *S;
    int n;
    gbc_budget budget;
    atomic_int stop;
    atomic_size_t next;
    gbc_ctx wctx[MOD_MAX_BATCH];
    gbc_status st[MOD_MAX_BATCH];
    size_t nlifted[MOD_MAX_BATCH];
} lift_job;

static int lift_poll_parent(void *data)
{
    lift_job *J = data;
    if (gbc_ctx_check(J->S->ctx) != GBC_OK) {
        atomic_store(&J->stop, 1);
        return 1;
    }
    return 0;
}

static void lift_part(void *arg, int t)
{
    lift_job *J = arg;
    modst *S = J->S;
    gbc_ctx *ctx = &J->wctx[t];
    mpq_t *q = S->qs + (size_t)t * S->qmax;
    uint8_t *sure = S->sbuf + (size_t)t * S->qmax;
    gbc_status st = GBC_OK;
    for (;;) {
        size_t k = atomic_fetch_add(&J->next, 1);
        if (k >= S->npolys)
            break;
        if (S->pst[k] != P_OPEN)
            continue;
        /* from the member that failed last time (the likely failure again),
         * without the sure lifts kept from earlier attempts */
        int ok;
        size_t at = S->pat[k], fail;
        st = zz_crt_lift_group_skip(ctx, &S->crt, S->poff[k], S->plen[k], at,
                                    S->msure + S->poff[k], MOD_SURE_MARGIN, q, sure, &ok, &fail);
        if (st == GBC_OK && ok) {
            sc_take(S, ctx, k, q);
            st = cand_pack(S, ctx, k, q);
            if (st == GBC_OK) {
                S->pst[k] = P_LIFTED;
                J->nlifted[t]++;
            }
        } else if (st == GBC_OK) {
            st = sc_keep(S, ctx, k, q, sure, at, fail);
            S->pat[k] = fail;
        }
        if (st != GBC_OK)
            break;
    }
    J->st[t] = st;
    if (st != GBC_OK)
        atomic_store(&J->stop, 1);
}

/* Try to lift every open polynomial; *nlifted = how many were. */
gbc_status mod_lift_open(modst *S, size_t *nlifted)
{
    gbc_ctx *ctx = S->ctx;
    *nlifted = 0;
    lift_job *J;
    GBC_TRY(GBC_ALLOC(ctx, J, 1));
    int n = ctx->pool != NULL ? gbc_pool_size(ctx->pool) : 1;
    n = n > MOD_MAX_BATCH ? MOD_MAX_BATCH : n;
    if ((size_t)n * S->qmax > S->qsn)
        n = 1; /* the scratch was made for fewer threads */
    J->S = S;
    J->n = n;
    atomic_init(&J->stop, 0);
    atomic_init(&J->next, 0);
    size_t base = ctx->mem_used;
    gbc_budget_begin(&J->budget, ctx);
    for (int t = 0; t < n; t++) {
        gbc_ctx_init_worker(&J->wctx[t], &J->budget);
        J->wctx[t].cancel = &J->stop;
        J->st[t] = GBC_OK;
        J->nlifted[t] = 0;
    }
    J->wctx[0].interrupt = lift_poll_parent;
    J->wctx[0].interrupt_data = J;
    if (n > 1)
        gbc_pool_run(ctx->pool, lift_part, J, n);
    else
        lift_part(J, 0);
    /* the packed polynomials stay, freed later on ctx: ctx carries them */
    gbc_budget_settle(&J->budget, base, ctx);
    gbc_budget_end(&J->budget, ctx);
    gbc_status st = GBC_OK;
    for (int t = 0; t < n; t++) {
        st = gbc_status_join(st, J->st[t]);
        *nlifted += J->nlifted[t];
    }
    gbc_free(ctx, J);
    if (st == GBC_OK)
        st = gbc_ctx_check(ctx);
    return st;
}

gbc_status mod_lift_due(modst *S)
{
    if (S->crt.nprimes < S->next_rr)
        return GBC_OK;
    /* After every prime (or batch) while attempts are cheap: a failed attempt
     * then costs a sample of one coefficient per open polynomial, and a
     * polynomial that lifts late makes every prime until its lift a wasted
     * replay. The sample's cost grows with the modulus (its extended Euclid is
     * quadratic in the length) while a replay's does not, so the next attempt
     * waits for the larger of nprimes / MOD_RR_DENSE more primes (at most 1 /
     * MOD_RR_DENSE of the primes drawn beyond the ones needed; O(MOD_RR_DENSE log
     * nprimes) attempts) and as many primes as take MOD_RR_TIME times the time
     * the last attempt took (the attempts then cost at most about 1 /
     * MOD_RR_TIME of what the primes cost, and the primes drawn beyond the ones
     * needed about MOD_RR_TIME attempts, never more than doubling). Only when
     * attempts happen depends on the clock, never what they find: each
     * coefficient's lift is unique, so the result is the same. 5 dense quadrics
     * with 60-digit coefficients: 3,091 primes and 198 attempts taking 3.5 s of
     * 3.9 s with the first rule alone. */
    size_t n = S->crt.nprimes;
    size_t gap = n > MOD_RR_DENSE ? n / MOD_RR_DENSE : 1;
    double tl = gbc_wall_time();
    double per_prime = (tl - S->shape_t0 - S->rr_time) / (double)n;
    size_t nl;
    GBC_TRY(mod_lift_open(S, &nl));
    tl = gbc_wall_time() - tl;
    S->rr_time += tl;
    double wait = MOD_RR_TIME * tl / per_prime;
    if (per_prime > 0 && wait > (double)gap)
        gap = wait < (double)n ? (size_t)wait : n;
    S->next_rr = n + gap;
    gbc_log(S->ctx, 1, "modular: %zu primes (modulus of %zu bits): rational "
            "reconstruction: %zu of %zu polynomials settled, %zu more lift (%.4f s; "
            "%.2f s)", S->crt.nprimes, mpz_sizeinbase(S->crt.M, 2), S->nsettled, S->npolys,
            nl, tl, gbc_wall_time() - S->t0);
    return GBC_OK;
}
