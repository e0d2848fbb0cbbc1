/* field/crt: the CRT accumulator and the rational lift (see crt.h). */
#include "field/crt.h"

#include "common/pool.h"

#include <string.h>

void zz_modp_init(zz_modp *R, uint32_t p)
{
    R->p = p;
    const uint64_t b = ((uint64_t)1 << 32) % p;
    const uint64_t base = (b * b) % p; /* 2^64 mod p */
    R->pw[0] = 1 % p;
    for (int k = 1; k < ZZ_MODP_LIMBS; k++)
        R->pw[k] = (R->pw[k - 1] * base) % p;
}



/* x mod p of a natural number of n limbs: one dot product of the limbs with the
 * residues of 2^(64 k) (each product below 2^95, the sum of at most 64 below
 * 2^101), split at 2^64 so that the divisions are 64-bit ones (a 128-bit
 * remainder is a library call, __umodti3, several times slower). */
static uint32_t limbs_modp(const zz_modp *R, const mp_limb_t *l, size_t n)
{
#if GMP_LIMB_BITS == 64 && defined(__SIZEOF_INT128__)
    if (n <= ZZ_MODP_LIMBS) {
        unsigned __int128 acc = 0;
        for (size_t k = 0; k < n; k++)
            acc += (unsigned __int128)l[k] * R->pw[k];
        uint64_t hi = (uint64_t)(acc >> 64), lo = (uint64_t)acc;
        uint64_t r = (hi % R->p) * R->pw[1] % R->p;
        return (uint32_t)((r + lo % R->p) % R->p);
    }
#endif
    return n == 0 ? 0 : (uint32_t)mpn_mod_1(l, (mp_size_t)n, R->p);
}

uint32_t zz_modp_get(const zz_modp *R, const mpz_t x)
{
    uint32_t r = limbs_modp(R, mpz_limbs_read(x), mpz_size(x));
    return mpz_sgn(x) < 0 && r != 0 ? R->p - r : r;
}

/* Limbs of slack a block gets beyond what the next update needs: M grows by about
 * half a limb per prime, so a block is regrown every few primes, and an integer
 * carries at most this many unused limbs. */
#define CRT_SLACK 2

static gbc_status crt_init(gbc_ctx *ctx, zz_crt *C, const size_t *glen, size_t ng,
                           size_t n)
{
    C->n = 0;
    C->ng = 0;
    C->w = 0;
    C->nprimes = 0;
    C->zb = 0;
    C->gfirst = NULL;
    C->blk = NULL;
    mpz_init_set_ui(C->M, 1);
    GBC_TRY(GBC_ALLOC(ctx, C->gfirst, ng + 1));
    GBC_TRY(GBC_ZALLOC(ctx, C->blk, ng ? ng : 1));
    size_t t = 0;
    C->gfirst[0] = 0;
    for (size_t g = 0; g < ng; g++) {
        size_t len = glen != NULL ? glen[g] : 1;
        if (t + len < t)
            return GBC_ERR_ARG;
        t += len;
        C->gfirst[g + 1] = t;
    }
    if (glen == NULL && t != n)
        return GBC_ERR_INTERNAL;
    C->ng = ng;
    C->n = t;
    return GBC_OK;
}

gbc_status zz_crt_init(gbc_ctx *ctx, zz_crt *C, size_t n)
{
    return crt_init(ctx, C, NULL, n, n);
}

gbc_status zz_crt_init_groups(gbc_ctx *ctx, zz_crt *C, const size_t *glen, size_t ng)
{
    return crt_init(ctx, C, glen, ng, 0);
}

void zz_crt_clear(gbc_ctx *ctx, zz_crt *C)
{
    gbc_ctx_uncharge(ctx, C->zb);
    C->zb = 0;
    if (C->blk != NULL)
        for (size_t g = 0; g < C->ng; g++)
            gbc_free(NULL, C->blk[g]);
    gbc_free(ctx, C->blk);
    gbc_free(ctx, C->gfirst);
    C->blk = NULL;
    C->gfirst = NULL;
    C->n = 0;
    C->ng = 0;
    C->w = 0;
    C->nprimes = 0;
    mpz_clear(C->M);
}

/* The group of integer i. */
static size_t crt_group(const zz_crt *C, size_t i)
{
    size_t lo = 0, hi = C->ng; /* gfirst[lo] <= i < gfirst[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (C->gfirst[mid] <= i)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void zz_crt_get(const zz_crt *C, size_t i, mpz_t z)
{
    size_t g = crt_group(C, i);
    const mp_limb_t *b = C->blk[g];
    if (b == NULL) {
        mpz_roinit_n(z, b, 0);
        return;
    }
    mpz_roinit_n(z, b + (i - C->gfirst[g]) * C->w, (mp_size_t)mpz_size(C->M));
}


/* One prime's update of the x_i split between the computation's threads (ctx's
 * pool, when there is one and the pool is idle, as between the multi-modular
 * driver's batches): the groups are independent, each part takes the next group
 * not yet taken (the live ones are not spread evenly: the first polynomials of a
 * basis settle first), regrows its block when M has outgrown it and updates its
 * live members; part 0 (the calling thread) alone polls ctx and raises stop,
 * which the others watch. The result does not depend on the split. */
#define CRT_PAR_MIN 4096
typedef struct crt_job {
    zz_crt *C;
    const uint32_t *r;
    const uint8_t *live;
    const zz_modp *R;
    uint64_t minv;
    size_t w0;          /* the blocks' width before this update */
    const mp_limb_t *M; /* the old M, m limbs */
    size_t m;
    gbc_ctx *ctx;
    int n;
    gbc_status st;      /* part 0's failure */
    atomic_int nomem;   /* a part could not regrow a block */
    atomic_size_t next; /* the next group to take */
    atomic_int stop;
} crt_job;

/* Group g's block at the job's width C->w (its members keep their values). */
static int crt_regrow(crt_job *J, size_t g)
{
    zz_crt *C = J->C;
    size_t len = C->gfirst[g + 1] - C->gfirst[g], w0 = J->w0, w = C->w;
    mp_limb_t *b = C->blk[g];
    if (b == NULL || w0 == w || len == 0)
        return 1;
    size_t bytes;
    if (gbc_mul_size(&bytes, len, w * sizeof *b))
        return 0;
    b = gbc_realloc(NULL, b, bytes);
    if (b == NULL)
        return 0;
    C->blk[g] = b;
    /* from the last slot down: a slot moves only to a higher address */
    for (size_t k = len; k-- > 0;) {
        memmove(b + k * w, b + k * w0, w0 * sizeof *b);
        memset(b + k * w + w0, 0, (w - w0) * sizeof *b);
    }
    return 1;
}

static void crt_part(void *arg, int t)
{
    crt_job *J = arg;
    zz_crt *C = J->C;
    const uint64_t p = J->R->p;
    const size_t w = C->w, m = J->m;
    for (;;) {
        if (t != 0 && atomic_load_explicit(&J->stop, memory_order_relaxed))
            return;
        size_t g = atomic_fetch_add(&J->next, 1);
        if (g >= C->ng)
            return;
        if (C->blk[g] == NULL)
            continue;
        if (!crt_regrow(J, g)) {
            atomic_store(&J->nomem, 1);
            atomic_store(&J->stop, 1);
            return;
        }
        mp_limb_t *b = C->blk[g];
        for (size_t i = C->gfirst[g]; i < C->gfirst[g + 1]; i++) {
            if (t == 0 && gbc_ctx_poll(J->ctx) != GBC_OK) {
                J->st = GBC_ERR_INTERRUPTED;
                atomic_store(&J->stop, 1);
                return;
            }
            if (J->live != NULL && !J->live[i])
                continue;
            /* x += M * ((r - x) * M^-1 mod p); x < M fits in m limbs and slot
             * limb m is 0, so the carry lands there */
            mp_limb_t *x = b + (i - C->gfirst[g]) * w;
            uint64_t xm = limbs_modp(J->R, x, m);
            uint64_t d = ((uint64_t)J->r[i] + p - xm) % p;
            uint64_t c = (d * J->minv) % p;
            if (c != 0)
                x[m] = mpn_addmul_1(x, J->M, (mp_size_t)m, (mp_limb_t)c);
        }
    }
}

/* The first prime: every block made at width C->w, x_i = r_i. */
static gbc_status crt_first(zz_crt *C, const uint32_t *r)
{
    for (size_t g = 0; g < C->ng; g++) {
        size_t len = C->gfirst[g + 1] - C->gfirst[g];
        if (len == 0)
            continue;
        size_t bytes;
        if (gbc_mul_size(&bytes, len, C->w * sizeof(mp_limb_t)))
            return GBC_ERR_NOMEM;
        mp_limb_t *b = gbc_calloc(NULL, 1, bytes);
        if (b == NULL)
            return GBC_ERR_NOMEM;
        C->blk[g] = b;
        for (size_t k = 0; k < len; k++)
            b[k * C->w] = r[C->gfirst[g] + k];
    }
    return GBC_OK;
}

gbc_status zz_crt_add(gbc_ctx *ctx, zz_crt *C, const uint32_t *r, uint32_t p,
                      const uint8_t *live)
{
    /* what the update needs: x < M p, M's limbs plus one, and the slack */
    size_t m = C->nprimes == 0 ? 0 : mpz_size(C->M);
    size_t w0 = C->w, w = w0 < m + 1 ? m + 1 + CRT_SLACK : w0;
    /* every live integer and M reach that width: charged before they grow (the
     * integers of a modular computation over Q live here) */
    size_t nlive = 0;
    for (size_t i = 0; i < C->n; i++)
        nlive += live == NULL || live[i];
    size_t need = zz_bytes_bound(nlive + 1, w + 1);
    if (need > C->zb) {
        GBC_TRY(gbc_ctx_charge(ctx, need - C->zb));
        C->zb = need;
    }
    if (C->nprimes == 0) {
        C->w = w;
        GBC_TRY(crt_first(C, r));
        mpz_set_ui(C->M, p);
        C->nprimes = 1;
        return GBC_OK;
    }
    field F;
    GBC_TRY(field_init(&F, p));
    zz_modp R;
    zz_modp_init(&R, p);
    uint32_t mp = zz_modp_get(&R, C->M);
    if (mp == 0)
        return GBC_ERR_INTERNAL; /* p was added before */
    C->w = w; /* the blocks follow in the update */
    crt_job J = {.C = C, .r = r, .live = live, .R = &R, .minv = zp_inv(&F, mp),
                 .w0 = w0, .M = mpz_limbs_read(C->M), .m = m, .ctx = ctx, .n = 1,
                 .st = GBC_OK};
    atomic_init(&J.next, 0);
    atomic_init(&J.nomem, 0);
    atomic_init(&J.stop, 0);
    if (ctx != NULL && ctx->pool != NULL && C->n >= CRT_PAR_MIN) {
        J.n = gbc_pool_size(ctx->pool);
        gbc_pool_run(ctx->pool, crt_part, &J, J.n);
    } else {
        crt_part(&J, 0);
    }
    GBC_TRY(gbc_status_join(atomic_load(&J.nomem) ? GBC_ERR_NOMEM : GBC_OK, J.st));
    mpz_mul_ui(C->M, C->M, p);
    C->nprimes++;
    return GBC_OK;
}

void zz_crt_drop(zz_crt *C, size_t first, size_t len)
{
    if (len == 0 || first >= C->n)
        return;
    size_t end = first + len > C->n || first + len < first ? C->n : first + len;
    for (size_t g = crt_group(C, first); g < C->ng && C->gfirst[g] < end; g++) {
        mp_limb_t *b = C->blk[g];
        if (b == NULL)
            continue;
        size_t lo = C->gfirst[g], hi = C->gfirst[g + 1];
        if (first <= lo && hi <= end) {
            gbc_free(NULL, b);
            C->blk[g] = NULL;
            continue;
        }
        for (size_t i = lo > first ? lo : first; i < hi && i < end; i++)
            memset(b + (i - lo) * C->w, 0, C->w * sizeof *b);
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
    mpz_t x;
    zz_crt_get(C, t, x);
    return zz_ratrecon(L->n, L->d, x, C->M, L->bound);
}

/* x_t lifted into q, L->den (the lcm of the denominators of the group so far, kept
 * coprime to M and within the bound; 1 at the group's start) tried first: when
 * x * den mod M (balanced) is within the bound, x = that / den is the
 * reconstruction the half gcd would find (Wang's bound makes it unique, so the
 * order of the members does not change the result). Returns whether x_t lifts. */
static int lift_one(const zz_crt *C, size_t t, mpq_t q, lift_tmp *L)
{
    mpz_t x;
    zz_crt_get(C, t, x);
    mpz_mul(L->tmp, x, L->den);
    mpz_mod(L->tmp, L->tmp, C->M);
    if (mpz_cmp(L->tmp, L->half) > 0)
        mpz_sub(L->tmp, L->tmp, C->M);
    if (mpz_cmpabs(L->tmp, L->bound) <= 0) {
        mpq_set_num(q, L->tmp);
        mpq_set_den(q, L->den);
        mpq_canonicalize(q);
        return 1;
    }
    if (!zz_ratrecon(L->n, L->d, x, C->M, L->bound))
        return 0;
    /* n / d is in lowest terms with d > 0 (zz_ratrecon checks the gcd), and d
     * is coprime to M: a prime dividing d and M would divide n = x d mod M.
     * So is the lcm of such denominators: only its size is checked. */
    mpq_set_num(q, L->n);
    mpq_set_den(q, L->d);
    mpz_lcm(L->den, L->den, L->d);
    if (mpz_cmp(L->den, L->bound) > 0)
        mpz_set_ui(L->den, 1);
    return 1;
}

/* One group, its members taken from first + at on, round to the start and up to
 * first + at - 1, member k lifted into q[k] (lift_one), without those with skip[k]
 * set (skip may be NULL); with sure not NULL, sure[k] tells whether the lift has
 * bits(n) + bits(d) <= cap. On a failure *fail is the member (0 .. len-1) that did
 * not lift. */
static gbc_status lift_group(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                             size_t at, const uint8_t *skip, size_t cap, mpq_t *q,
                             uint8_t *sure, int *okp, size_t *fail, lift_tmp *L)
{
    *okp = 0;
    mpz_set_ui(L->den, 1);
    for (size_t i = 0, k = at; i < len; i++, k = k + 1 == len ? 0 : k + 1) {
        if (skip != NULL && skip[k])
            continue;
        GBC_TRY(gbc_ctx_poll(ctx));
        if (!lift_one(C, first + k, q[k], L)) {
            *fail = k;
            return GBC_OK;
        }
        if (sure != NULL)
            sure[k] = mpz_sizeinbase(mpq_numref(q[k]), 2) +
                      mpz_sizeinbase(mpq_denref(q[k]), 2) <= cap;
    }
    *okp = 1;
    return GBC_OK;
}

gbc_status zz_crt_lift_group_skip(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                                  size_t at, const uint8_t *skip, size_t margin, mpq_t *q,
                                  uint8_t *sure, int *okp, size_t *fail)
{
    *okp = 0;
    *fail = at;
    if (first + len > C->n || first + len < first || (len > 0 && at >= len))
        return GBC_ERR_INTERNAL;
    if (C->nprimes == 0)
        return GBC_OK;
    lift_tmp L;
    lift_tmp_init(&L, C);
    const size_t mbits = mpz_sizeinbase(C->M, 2);
    const size_t cap = mbits > margin ? mbits - margin : 0;
    gbc_status st = lift_group(ctx, C, first, len, at, skip, cap, q, sure, okp, fail, &L);
    lift_tmp_clear(&L);
    return st;
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
    gbc_status st = lift_group(ctx, C, first, len, *at, NULL, 0, q, NULL, okp, at, &L);
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
        st = lift_group(ctx, C, t, glen[k], 0, NULL, 0, q + t, NULL, &ok, &fail, &L);
        t += glen[k];
    }
    lift_tmp_clear(&L);
    *okp = ok && st == GBC_OK;
    return st;
}
