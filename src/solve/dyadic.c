/* solve/dyadic.c: interval arithmetic on dyadic numbers m / 2^e (GMP integer
 * mantissa, one exponent shared by both endpoints) for the solver's boxes: exact
 * Horner evaluation of an integer polynomial over a dyadic interval, signs at
 * dyadic points, and quotients rounded outward to a grid. No mpq: no gcd. */
#include "solve/solve.h"

void sv_dy_horner(mpz_t lo, mpz_t hi, unsigned long *eout, const sv_zpoly *P, const mpz_t a,
                  const mpz_t b, unsigned long e, mpz_t tmp[4])
{
    *eout = 0;
    if (P->n == 0) {
        mpz_set_ui(lo, 0);
        mpz_set_ui(hi, 0);
        return;
    }
    mpz_set(lo, P->c[P->n - 1]);
    mpz_set(hi, P->c[P->n - 1]);
    int point = mpz_cmp(a, b) == 0;
    unsigned long sh = 0; /* after j steps the value is over 2^(j e) */
    for (size_t k = P->n - 1; k-- > 0;) {
        if (point) {
            mpz_mul(lo, lo, a);
            mpz_set(hi, lo);
        } else {
            /* [lo, hi] [a, b]: the extremes are among the four corner products */
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
            mpz_swap(lo, tmp[imin]);
            if (imax == imin)
                mpz_set(hi, lo);
            else
                mpz_swap(hi, tmp[imax]);
        }
        sh += e;
        if (mpz_sgn(P->c[k]) != 0) {
            mpz_mul_2exp(tmp[0], P->c[k], sh);
            mpz_add(lo, lo, tmp[0]);
            mpz_add(hi, hi, tmp[0]);
        }
    }
    *eout = sh;
}

int sv_zpoly_sign_dyadic(const sv_zpoly *P, const mpz_t m, unsigned long e)
{
    /* sign of 2^(d e) P(m / 2^e) = sum c_i m^i 2^((d-i) e), by Horner */
    if (P->n == 0)
        return 0;
    mpz_t acc, t;
    mpz_init_set(acc, P->c[P->n - 1]);
    mpz_init(t);
    unsigned long sh = 0;
    for (size_t i = P->n - 1; i-- > 0;) {
        sh += e;
        mpz_mul(acc, acc, m);
        if (mpz_sgn(P->c[i]) != 0) {
            mpz_mul_2exp(t, P->c[i], sh);
            mpz_add(acc, acc, t);
        }
    }
    int s = mpz_sgn(acc);
    mpz_clear(acc);
    mpz_clear(t);
    return s;
}

void sv_dy_div_round(mpz_t out, const mpz_t n, const mpz_t d, long shift, int up, mpz_t tmp)
{
    /* floor or ceil of n 2^shift / d, d != 0 */
    if (shift >= 0) {
        mpz_mul_2exp(tmp, n, (mp_bitcnt_t)shift);
        if (up)
            mpz_cdiv_q(out, tmp, d);
        else
            mpz_fdiv_q(out, tmp, d);
    } else {
        mpz_mul_2exp(tmp, d, (mp_bitcnt_t)(-shift));
        if (up)
            mpz_cdiv_q(out, n, tmp);
        else
            mpz_fdiv_q(out, n, tmp);
    }
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
