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

gbc_status zz_crt_add(gbc_ctx *ctx, zz_crt *C, const uint32_t *r, uint32_t p)
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

gbc_status zz_crt_lift(gbc_ctx *ctx, const zz_crt *C, const size_t *glen, size_t ngroups,
                       mpq_t *q, int *okp)
{
    gbc_status st = GBC_OK;
    mpz_t bound, half, n, d, den, tmp;
    mpz_inits(bound, half, n, d, den, tmp, NULL);
    mpz_fdiv_q_2exp(half, C->M, 1);
    mpz_sqrt(bound, half);
    int ok = C->nprimes > 0;
    size_t t = 0;
    for (size_t k = 0; k < ngroups && ok; k++) {
        t += glen[k];
        if (t > C->n) {
            st = GBC_ERR_INTERNAL;
            ok = 0;
        } else if (glen[k] > 0 && !zz_ratrecon(n, d, C->x[t - 1], C->M, bound)) {
            ok = 0;
        }
    }
    t = 0;
    for (size_t k = 0; k < ngroups && ok; k++) {
        /* den: the lcm of the group's denominators so far, kept coprime to M and
         * within the bound, so that when x * den mod M (balanced) is within the
         * bound, x = that / den is the reconstruction the half gcd would find */
        mpz_set_ui(den, 1);
        for (size_t i = 0; i < glen[k]; i++, t++) {
            if ((st = gbc_ctx_poll(ctx)) != GBC_OK) {
                ok = 0;
                break;
            }
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
            if (!zz_ratrecon(n, d, C->x[t], C->M, bound)) {
                ok = 0;
                break;
            }
            mpq_set_num(q[t], n);
            mpq_set_den(q[t], d);
            mpq_canonicalize(q[t]);
            mpz_lcm(den, den, mpq_denref(q[t]));
            mpz_gcd(tmp, den, C->M);
            if (mpz_cmp(den, bound) > 0 || mpz_cmp_ui(tmp, 1) != 0)
                mpz_set_ui(den, 1);
        }
    }
    mpz_clears(bound, half, n, d, den, tmp, NULL);
    *okp = ok;
    return st;
}
