/* field/crt: the CRT accumulator and the rational lift (see crt.h). */
#include "field/crt.h"

gbc_status zz_crt_init(gbc_ctx *ctx, zz_crt *C, size_t n)
{
    C->n = 0;
    C->nprimes = 0;
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
    for (size_t i = 0; i < C->n; i++)
        mpz_clear(C->x[i]);
    gbc_free(ctx, C->x);
    C->x = NULL;
    C->n = 0;
    C->nprimes = 0;
    mpz_clear(C->M);
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
    uint32_t mp = (uint32_t)mpz_fdiv_ui(C->M, p);
    if (mp == 0)
        return GBC_ERR_INTERNAL; /* p was added before */
    const uint64_t minv = zp_inv(&F, mp);
    for (size_t i = 0; i < C->n; i++) {
        GBC_TRY(gbc_ctx_poll(ctx));
        if (live != NULL && !live[i])
            continue;
        /* x += M * ((r - x) * M^-1 mod p) */
        uint64_t xm = mpz_fdiv_ui(C->x[i], p);
        uint64_t d = ((uint64_t)r[i] + p - xm) % p;
        uint64_t c = (d * minv) % p;
        if (c != 0)
            mpz_addmul_ui(C->x[i], C->M, (unsigned long)c);
    }
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

/* One group: the lcm of its denominators so far, den, kept coprime to M and within
 * the bound, is tried first: when x * den mod M (balanced) is within the bound,
 * x = that / den is the reconstruction the half gcd would find. */
static gbc_status lift_group(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                             mpq_t *q, int *okp, mpz_t bound, mpz_t half, mpz_t n, mpz_t d,
                             mpz_t den, mpz_t tmp)
{
    *okp = 0;
    mpz_set_ui(den, 1);
    for (size_t t = first; t < first + len; t++) {
        GBC_TRY(gbc_ctx_poll(ctx));
        mpz_mul(tmp, C->x[t], den);
        mpz_mod(tmp, tmp, C->M);
        if (mpz_cmp(tmp, half) > 0)
            mpz_sub(tmp, tmp, C->M);
        if (mpz_cmpabs(tmp, bound) <= 0) {
            mpq_set_num(q[t], tmp);
            mpq_set_den(q[t], den);
            mpq_canonicalize(q[t]);
            continue;
        }
        if (!zz_ratrecon(n, d, C->x[t], C->M, bound))
            return GBC_OK;
        mpq_set_num(q[t], n);
        mpq_set_den(q[t], d);
        mpq_canonicalize(q[t]);
        mpz_lcm(den, den, mpq_denref(q[t]));
        mpz_gcd(tmp, den, C->M);
        if (mpz_cmp(den, bound) > 0 || mpz_cmp_ui(tmp, 1) != 0)
            mpz_set_ui(den, 1);
    }
    *okp = 1;
    return GBC_OK;
}

gbc_status zz_crt_lift_group(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                             mpq_t *q, int *okp)
{
    *okp = 0;
    if (first + len > C->n || first + len < first)
        return GBC_ERR_INTERNAL;
    if (C->nprimes == 0)
        return GBC_OK;
    gbc_status st = GBC_OK;
    mpz_t bound, half, n, d, den, tmp;
    mpz_inits(bound, half, n, d, den, tmp, NULL);
    mpz_fdiv_q_2exp(half, C->M, 1);
    mpz_sqrt(bound, half);
    /* the sample: the last member, usually the largest */
    if (len == 0 || zz_ratrecon(n, d, C->x[first + len - 1], C->M, bound))
        st = lift_group(ctx, C, first, len, q, okp, bound, half, n, d, den, tmp);
    mpz_clears(bound, half, n, d, den, tmp, NULL);
    return st;
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
    mpz_t bound, half, n, d, den, tmp;
    mpz_inits(bound, half, n, d, den, tmp, NULL);
    mpz_fdiv_q_2exp(half, C->M, 1);
    mpz_sqrt(bound, half);
    /* every group's sample first, so that a failure is cheap */
    int ok = 1;
    size_t t = 0;
    for (size_t k = 0; k < ngroups && ok; k++) {
        t += glen[k];
        if (glen[k] > 0 && !zz_ratrecon(n, d, C->x[t - 1], C->M, bound))
            ok = 0;
    }
    t = 0;
    for (size_t k = 0; k < ngroups && ok && st == GBC_OK; k++) {
        st = lift_group(ctx, C, t, glen[k], q, &ok, bound, half, n, d, den, tmp);
        t += glen[k];
    }
    mpz_clears(bound, half, n, d, den, tmp, NULL);
    *okp = ok && st == GBC_OK;
    return st;
}
