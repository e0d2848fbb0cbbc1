/* solve/dyadic.c: interval arithmetic on dyadic numbers m / 2^e (GMP integer
 * mantissa, one exponent shared by both endpoints) for the solver's boxes: Horner
 * evaluation of an integer polynomial over a dyadic interval, exact or at a
 * working precision (rounded outward), signs at dyadic points (exact, or from an
 * enclosure that excludes 0), and quotients rounded outward to a grid. No mpq. */
#include <limits.h>

#include "solve/solve.h"

/* A bound in bits on the integers of a Horner evaluation of P (n >= 1) at
 * mantissas of mbits bits over 2^e: after step j, at most maxbits(P) +
 * j (max(mbits, e) + 1) + 1 bits (a product adds mbits, a term c 2^(j e) has
 * maxbits(P) + j e, each addition a carry). */
static size_t horner_bits(const sv_zpoly *P, size_t mbits, unsigned long e)
{
    size_t step = (mbits > (size_t)e ? mbits : (size_t)e) + 1;
    return sv_zpoly_maxbits(P) + (P->n - 1) * step + 1;
}

/* [lo, hi] <- [lo, hi] [a, b] (the extremes among the four corner products; a == b
 * given by point). At a point one long product: hi a = lo a + (hi - lo) a, and hi -
 * lo is a few bits after a rounding (0 before the first). */
static void ival_mul(mpz_t lo, mpz_t hi, const mpz_t a, const mpz_t b, int point, mpz_t tmp[4])
{
    if (point) {
        mpz_sub(tmp[2], hi, lo);
        mpz_mul(tmp[0], lo, a);
        mpz_mul(tmp[1], tmp[2], a);
        mpz_add(tmp[1], tmp[1], tmp[0]);
        if (mpz_sgn(a) >= 0) {
            mpz_swap(lo, tmp[0]);
            mpz_swap(hi, tmp[1]);
        } else {
            mpz_swap(lo, tmp[1]);
            mpz_swap(hi, tmp[0]);
        }
        return;
    }
    mpz_mul(tmp[0], lo, a);
    mpz_mul(tmp[1], lo, b);
    mpz_mul(tmp[2], hi, a);
    mpz_mul(tmp[3], hi, b);
    int imin = 0, imax = 0;
    for (int i = 1; i < 4; i++) {
        if (mpz_cmp(tmp[i], tmp[imin]) < 0)
            imin = i;
        if (mpz_cmp(tmp[i], tmp[imax]) > 0)
            imax = i;
    }
    mpz_set(lo, tmp[imin]);
    mpz_set(hi, tmp[imax]);
}

gbc_status sv_dy_horner_prec(gbc_ctx *ctx, mpz_t lo, mpz_t hi, long *eout, const sv_zpoly *P,
                             const mpz_t a, const mpz_t b, unsigned long e, unsigned long L,
                             mpz_t tmp[4])
{
    *eout = 0;
    if (P->n == 0) {
        mpz_set_ui(lo, 0);
        mpz_set_ui(hi, 0);
        return GBC_OK;
    }
    size_t ab = mpz_sizeinbase(a, 2), bb = mpz_sizeinbase(b, 2);
    /* never more than the exact evaluation's integers (horner_bits) */
    size_t charge = 6 * sv_bits_bytes(horner_bits(P, ab > bb ? ab : bb, e));
    GBC_TRY(gbc_ctx_charge(ctx, charge));
    gbc_status st = GBC_OK;
    mpz_set(lo, P->c[P->n - 1]);
    mpz_set(hi, P->c[P->n - 1]);
    int point = mpz_cmp(a, b) == 0;
    /* after j steps the value lies in [lo, hi] 2^cut / 2^(j e) */
    unsigned long sh = 0, cut = 0;
    for (size_t k = P->n - 1; k-- > 0;) {
        st = sv_poll(ctx, mpz_size(lo) + mpz_size(a));
        if (st != GBC_OK)
            break;
        ival_mul(lo, hi, a, b, point, tmp);
        sh += e;
        if (mpz_sgn(P->c[k]) != 0) {
            if (sh >= cut) {
                mpz_mul_2exp(tmp[0], P->c[k], sh - cut);
                mpz_add(lo, lo, tmp[0]);
                mpz_add(hi, hi, tmp[0]);
            } else { /* c_k 2^(sh - cut) rounded outward */
                mpz_fdiv_q_2exp(tmp[0], P->c[k], cut - sh);
                mpz_add(lo, lo, tmp[0]);
                mpz_cdiv_q_2exp(tmp[0], P->c[k], cut - sh);
                mpz_add(hi, hi, tmp[0]);
            }
        }
        size_t bl = mpz_sizeinbase(lo, 2), bh = mpz_sizeinbase(hi, 2);
        size_t bits = bl > bh ? bl : bh;
        if (bits > L) { /* keep L bits: the lower end down, the upper end up */
            mpz_fdiv_q_2exp(lo, lo, bits - L);
            mpz_cdiv_q_2exp(hi, hi, bits - L);
            cut += bits - L;
        }
    }
    gbc_ctx_uncharge(ctx, charge);
    *eout = (long)sh - (long)cut;
    return st;
}

/* The exact evaluation is the one at a working precision no integer reaches. */
gbc_status sv_dy_horner(gbc_ctx *ctx, mpz_t lo, mpz_t hi, unsigned long *eout,
                        const sv_zpoly *P, const mpz_t a, const mpz_t b, unsigned long e,
                        mpz_t tmp[4])
{
    long ex = 0;
    gbc_status st = sv_dy_horner_prec(ctx, lo, hi, &ex, P, a, b, e, ULONG_MAX, tmp);
    *eout = (unsigned long)ex;
    return st;
}

gbc_status sv_zpoly_sign_dyadic(gbc_ctx *ctx, int *sign, const sv_zpoly *P, const mpz_t m,
                                unsigned long e)
{
    /* sign of 2^(d e) P(m / 2^e) = sum c_i m^i 2^((d-i) e), by Horner */
    *sign = 0;
    if (P->n == 0)
        return GBC_OK;
    size_t charge = 2 * sv_bits_bytes(horner_bits(P, mpz_sizeinbase(m, 2), e));
    GBC_TRY(gbc_ctx_charge(ctx, charge));
    gbc_status st = GBC_OK;
    mpz_t acc, t;
    mpz_init_set(acc, P->c[P->n - 1]);
    mpz_init(t);
    unsigned long sh = 0;
    for (size_t i = P->n - 1; i-- > 0;) {
        st = sv_poll(ctx, mpz_size(acc) + mpz_size(m));
        if (st != GBC_OK)
            break;
        sh += e;
        mpz_mul(acc, acc, m);
        if (mpz_sgn(P->c[i]) != 0) {
            mpz_mul_2exp(t, P->c[i], sh);
            mpz_add(acc, acc, t);
        }
    }
    if (st == GBC_OK)
        *sign = mpz_sgn(acc);
    mpz_clear(acc);
    mpz_clear(t);
    gbc_ctx_uncharge(ctx, charge);
    return st;
}

void sv_dy_div_round(mpz_t lo, mpz_t hi, const mpz_t n, const mpz_t d, long shift, mpz_t tmp)
{
    /* one division: floor of n 2^shift / d, its remainder in hi, then the ceiling */
    if (shift >= 0) {
        mpz_mul_2exp(tmp, n, (mp_bitcnt_t)shift);
        mpz_fdiv_qr(lo, hi, tmp, d);
    } else {
        mpz_mul_2exp(tmp, d, (mp_bitcnt_t)(-shift));
        mpz_fdiv_qr(lo, hi, n, tmp);
    }
    int exact = mpz_sgn(hi) == 0;
    mpz_set(hi, lo);
    if (!exact)
        mpz_add_ui(hi, hi, 1);
}

int sv_dy_cmp(const mpz_t a, unsigned long ea, const mpz_t b, unsigned long eb)
{
    if (ea == eb)
        return mpz_cmp(a, b);
    int sa = mpz_sgn(a), sb = mpz_sgn(b);
    if (sa != sb)
        return sa < sb ? -1 : 1;
    mpz_t t;
    mpz_init(t);
    int c;
    if (ea < eb) {
        mpz_mul_2exp(t, a, eb - ea);
        c = mpz_cmp(t, b);
    } else {
        mpz_mul_2exp(t, b, ea - eb);
        c = mpz_cmp(a, t);
    }
    mpz_clear(t);
    return c;
}

gbc_status sv_zpoly_sign_dyadic_approx(gbc_ctx *ctx, int *sign, const sv_zpoly *P,
                                       const mpz_t m, unsigned long e)
{
    *sign = 0;
    mpz_t lo, hi, tmp[4];
    mpz_inits(lo, hi, tmp[0], tmp[1], tmp[2], tmp[3], NULL);
    long eo = 0;
    unsigned long L = 128 + 2 * (unsigned long)mpz_sizeinbase(m, 2);
    gbc_status st = sv_dy_horner_prec(ctx, lo, hi, &eo, P, m, m, e, L, tmp);
    int sl = mpz_sgn(lo), sh = mpz_sgn(hi);
    mpz_clears(lo, hi, tmp[0], tmp[1], tmp[2], tmp[3], NULL);
    if (st != GBC_OK)
        return st;
    if (sl == sh && sl != 0) {
        *sign = sl; /* the enclosure excludes 0 */
        return GBC_OK;
    }
    return sv_zpoly_sign_dyadic(ctx, sign, P, m, e);
}
