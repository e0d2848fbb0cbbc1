/* field/crt: the CRT accumulator and the rational lift (see crt.h). */
#include "field/crt.h"

#include "common/pool.h"

void zz_modp_init(zz_modp *R, uint32_t p)
{
    R->p = p;
    const uint64_t b = ((uint64_t)1 << 32) % p;
    const uint64_t base = (b * b) % p; /* 2^64 mod p */
    R->pw[0] = 1 % p;
    for (int k = 1; k < ZZ_MODP_LIMBS; k++)
        R->pw[k] = (R->pw[k - 1] * base) % p;
}

uint32_t zz_modp_get(const zz_modp *R, const mpz_t x)
{
#if GMP_LIMB_BITS == 64 && defined(__SIZEOF_INT128__)
    size_t n = mpz_size(x);
    if (n > ZZ_MODP_LIMBS)
        return (uint32_t)mpz_fdiv_ui(x, R->p);
    const mp_limb_t *l = mpz_limbs_read(x);
    /* each product is below 2^95, the sum of at most 64 below 2^101 */
    unsigned __int128 acc = 0;
    for (size_t k = 0; k < n; k++)
        acc += (unsigned __int128)l[k] * R->pw[k];
    uint32_t r = (uint32_t)(acc % R->p);
    return mpz_sgn(x) < 0 && r != 0 ? R->p - r : r;
#else
    return (uint32_t)mpz_fdiv_ui(x, R->p);
#endif
}

gbc_status zz_crt_init(gbc_ctx *ctx, zz_crt *C, size_t n)
{
    C->n = 0;
    C->nprimes = 0;
    C->zb = 0;
    C->x = NULL;
    mpz_init_set_ui(C->M, 1);
    GBC_TRY(GBC_ALLOC(ctx, C->x, n ? n : 1));
    for (size_t i = 0; i < n; i++) {
        mpz_init(C->x[i]);
        C->n = i + 1; /* what zz_crt_clear must clear if we stop here */
        if ((i & 1023) == 1023)
            GBC_TRY(gbc_ctx_poll(ctx));
    }
    return GBC_OK;
}

void zz_crt_clear(gbc_ctx *ctx, zz_crt *C)
{
    gbc_ctx_uncharge(ctx, C->zb);
    C->zb = 0;
    for (size_t i = 0; i < C->n; i++)
        mpz_clear(C->x[i]);
    gbc_free(ctx, C->x);
    C->x = NULL;
    C->n = 0;
    C->nprimes = 0;
    mpz_clear(C->M);
}

/* One prime's update of the x_i split between the computation's threads (ctx's
 * pool, when there is one and the pool is idle, as between the multi-modular
 * driver's batches): the x_i are independent, so part t updates the t-th of n
 * contiguous ranges; part 0 (the calling thread) alone polls ctx and raises stop,
 * which the others watch. The result does not depend on the split. */
#define CRT_PAR_MIN 4096
typedef struct crt_job {
    zz_crt *C;
    const uint32_t *r;
    const uint8_t *live;
    const zz_modp *R;
    uint64_t minv;
    gbc_ctx *ctx;
    int n;
    gbc_status st;
    atomic_int stop;
} crt_job;

static void crt_part(void *arg, int t)
{
    crt_job *J = arg;
    zz_crt *C = J->C;
    const uint64_t p = J->R->p;
    const size_t lo = C->n * (size_t)t / (size_t)J->n;
    const size_t hi = C->n * (size_t)(t + 1) / (size_t)J->n;
    for (size_t i = lo; i < hi; i++) {
        if (t == 0 && gbc_ctx_poll(J->ctx) != GBC_OK) {
            J->st = GBC_ERR_INTERRUPTED;
            atomic_store(&J->stop, 1);
            return;
        }
        if (t != 0 && (i & 1023) == 0 && atomic_load_explicit(&J->stop, memory_order_relaxed))
            return;
        if (J->live != NULL && !J->live[i])
            continue;
        /* x += M * ((r - x) * M^-1 mod p) */
        uint64_t xm = zz_modp_get(J->R, C->x[i]);
        uint64_t d = ((uint64_t)J->r[i] + p - xm) % p;
        uint64_t c = (d * J->minv) % p;
        if (c != 0)
            mpz_addmul_ui(C->x[i], C->M, (unsigned long)c);
    }
}

gbc_status zz_crt_add(gbc_ctx *ctx, zz_crt *C, const uint32_t *r, uint32_t p,
                      const uint8_t *live)
{
    if (C->nprimes == 0) {
        for (size_t i = 0; i < C->n; i++)
            mpz_set_ui(C->x[i], r[i]);
        mpz_set_ui(C->M, p);
        C->nprimes = 1;
        return GBC_OK;
    }
    field F;
    GBC_TRY(field_init(&F, p));
    /* every x_i and M reach M p's size: charged before they grow (the integers
     * of a modular computation over Q live here) */
    size_t nlive = 0;
    for (size_t i = 0; i < C->n; i++)
        nlive += live == NULL || live[i];
    size_t need = zz_bytes_bound(nlive + 1, mpz_size(C->M) + 1);
    if (need > C->zb) {
        GBC_TRY(gbc_ctx_charge(ctx, need - C->zb));
        C->zb = need;
    }
    zz_modp R;
    zz_modp_init(&R, p);
    uint32_t mp = zz_modp_get(&R, C->M);
    if (mp == 0)
        return GBC_ERR_INTERNAL; /* p was added before */
    crt_job J = {.C = C, .r = r, .live = live, .R = &R, .minv = zp_inv(&F, mp), .ctx = ctx,
                 .n = 1, .st = GBC_OK};
    atomic_init(&J.stop, 0);
    if (ctx != NULL && ctx->pool != NULL && C->n >= CRT_PAR_MIN) {
        J.n = gbc_pool_size(ctx->pool);
        gbc_pool_run(ctx->pool, crt_part, &J, J.n);
    } else {
        crt_part(&J, 0);
    }
    GBC_TRY(J.st);
    mpz_mul_ui(C->M, C->M, p);
    C->nprimes++;
    return GBC_OK;
}

void zz_crt_drop(zz_crt *C, size_t first, size_t len)
{
    for (size_t i = first; i < first + len && i < C->n; i++) {
        mpz_clear(C->x[i]);
        mpz_init(C->x[i]);
    }
}

/* The bound sqrt(M/2), M/2 and the scratch of a lift. */
typedef struct lift_tmp {
    mpz_t bound, half, n, d, den, tmp;
} lift_tmp;

static void lift_tmp_init(lift_tmp *L, const zz_crt *C)
{
    mpz_inits(L->bound, L->half, L->n, L->d, L->den, L->tmp, NULL);
    mpz_fdiv_q_2exp(L->half, C->M, 1);
    mpz_sqrt(L->bound, L->half);
}

static void lift_tmp_clear(lift_tmp *L)
{
    mpz_clears(L->bound, L->half, L->n, L->d, L->den, L->tmp, NULL);
}

/* Whether x_t has a reconstruction at all (the sample tried first). */
static int lifts(const zz_crt *C, size_t t, lift_tmp *L)
{
    return zz_ratrecon(L->n, L->d, C->x[t], C->M, L->bound);
}

/* One group, its members taken from first + at on, round to the start and up to
 * first + at - 1, member k lifted into q[k]: the lcm of its denominators so far,
 * den, kept coprime to M and within the bound, is tried first: when x * den mod M
 * (balanced) is within the bound, x = that / den is the reconstruction the half gcd
 * would find (Wang's bound makes it unique, so the order of the members does not
 * change the result). On a failure *fail is the member (0 .. len-1) that did not
 * lift. */
static gbc_status lift_group(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                             size_t at, mpq_t *q, int *okp, size_t *fail, lift_tmp *L)
{
    *okp = 0;
    mpz_set_ui(L->den, 1);
    for (size_t i = 0, k = at; i < len; i++, k = k + 1 == len ? 0 : k + 1) {
        size_t t = first + k;
        GBC_TRY(gbc_ctx_poll(ctx));
        mpz_mul(L->tmp, C->x[t], L->den);
        mpz_mod(L->tmp, L->tmp, C->M);
        if (mpz_cmp(L->tmp, L->half) > 0)
            mpz_sub(L->tmp, L->tmp, C->M);
        if (mpz_cmpabs(L->tmp, L->bound) <= 0) {
            mpq_set_num(q[k], L->tmp);
            mpq_set_den(q[k], L->den);
            mpq_canonicalize(q[k]);
            continue;
        }
        if (!lifts(C, t, L)) {
            *fail = k;
            return GBC_OK;
        }
        /* n / d is in lowest terms with d > 0 (zz_ratrecon checks the gcd), and d
         * is coprime to M: a prime dividing d and M would divide n = x d mod M.
         * So is the lcm of such denominators: only its size is checked. */
        mpq_set_num(q[k], L->n);
        mpq_set_den(q[k], L->d);
        mpz_lcm(L->den, L->den, L->d);
        if (mpz_cmp(L->den, L->bound) > 0)
            mpz_set_ui(L->den, 1);
    }
    *okp = 1;
    return GBC_OK;
}

gbc_status zz_crt_lift_group_into(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                                  mpq_t *q, int *okp, size_t *at)
{
    *okp = 0;
    if (first + len > C->n || first + len < first || (len > 0 && *at >= len))
        return GBC_ERR_INTERNAL;
    if (C->nprimes == 0)
        return GBC_OK;
    lift_tmp L;
    lift_tmp_init(&L, C);
    gbc_status st = lift_group(ctx, C, first, len, *at, q, okp, at, &L);
    lift_tmp_clear(&L);
    return st;
}

gbc_status zz_crt_lift_group_at(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                                mpq_t *q, int *okp, size_t *at)
{
    *okp = 0;
    if (first + len > C->n || first + len < first)
        return GBC_ERR_INTERNAL;
    return zz_crt_lift_group_into(ctx, C, first, len, q + first, okp, at);
}

gbc_status zz_crt_lift_group(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                             mpq_t *q, int *okp)
{
    /* the last member first: usually the largest */
    size_t at = len > 0 ? len - 1 : 0;
    return zz_crt_lift_group_at(ctx, C, first, len, q, okp, &at);
}

gbc_status zz_crt_lift(gbc_ctx *ctx, const zz_crt *C, const size_t *glen, size_t ngroups,
                       mpq_t *q, int *okp)
{
    *okp = 0;
    size_t total = 0;
    for (size_t k = 0; k < ngroups; k++)
        total += glen[k];
    if (total > C->n)
        return GBC_ERR_INTERNAL;
    if (C->nprimes == 0)
        return GBC_OK;
    gbc_status st = GBC_OK;
    lift_tmp L;
    lift_tmp_init(&L, C);
    /* every group's sample first, so that a failure is cheap */
    int ok = 1;
    size_t t = 0;
    for (size_t k = 0; k < ngroups && ok; k++) {
        t += glen[k];
        if (glen[k] > 0 && !lifts(C, t - 1, &L))
            ok = 0;
    }
    t = 0;
    for (size_t k = 0; k < ngroups && ok && st == GBC_OK; k++) {
        size_t fail;
        st = lift_group(ctx, C, t, glen[k], 0, q + t, &ok, &fail, &L);
        t += glen[k];
    }
    lift_tmp_clear(&L);
    *okp = ok && st == GBC_OK;
    return st;
}
