/* solve/qlift.c: the lift of the parametrisation's residues to rationals with a
 * shared denominator (docs/solve.md, "Method", step 3). The coefficients of w and
 * of the v_i have few distinct denominators, so once one is known, the others
 * need a modulus only a little above their numerators: about half the primes that
 * independent rational reconstructions (Wang's bound) of every coefficient take. */
#include "gbc.h"
#include "gbc_gmp.h"
#include "field/crt.h"
#include "solve/solve.h"

/* Scratch of a lift: the balanced half of M and the Euclidean remainders. */
typedef struct ql_tmp {
    mpz_t half, y, r0, r1, t0, t1, q, u;
    size_t mbits;
} ql_tmp;

/* A fraction a / b = y mod M with |a| b < M / 2^margin (roughly), b > 0 coprime to
 * M, into a, b: 1; 0 when there is none that the Euclidean algorithm on (M, y)
 * exposes by a quotient of more than margin bits (maximal-quotient rational
 * reconstruction, the first such quotient: for a random y one appears with
 * probability about steps / 2^margin). y in [0, M). */
static int ql_fraction(mpz_t a, mpz_t b, const mpz_t y, const mpz_t M, size_t margin,
                       ql_tmp *T)
{
    mpz_set(T->r0, M);
    mpz_set(T->r1, y);
    mpz_set_ui(T->t0, 0);
    mpz_set_ui(T->t1, 1);
    /* invariant: r_k = t_k y mod M and |t_k| r_(k-1) <= M, so that a quotient
     * r_(k-1) / r_k of q makes |r_k t_k| <= M / q */
    while (mpz_sgn(T->r1) != 0) {
        size_t b0 = mpz_sizeinbase(T->r0, 2), b1 = mpz_sizeinbase(T->r1, 2);
        if (b0 > b1 + margin) {
            mpz_gcd(T->u, T->t1, M);
            if (mpz_cmp_ui(T->u, 1) != 0)
                return 0;
            mpz_set(a, T->r1);
            mpz_abs(b, T->t1);
            if (mpz_sgn(T->t1) < 0)
                mpz_neg(a, a);
            return 1;
        }
        if (mpz_sizeinbase(T->t1, 2) + margin >= T->mbits)
            return 0; /* every later |t_k| is larger still */
        mpz_tdiv_qr(T->q, T->u, T->r0, T->r1);
        mpz_swap(T->r0, T->r1);
        mpz_swap(T->r1, T->u);
        mpz_submul(T->t0, T->q, T->t1);
        mpz_swap(T->t0, T->t1);
    }
    return 0;
}

/* x (in [0, M)) lifted to q with the running denominator L: L x mod M, balanced,
 * taken as an integer when it is below M / 2^margin, else as a fraction a / b
 * (ql_fraction) whose b multiplies into L. Returns whether x lifted. */
static int ql_one(mpq_t q, mpz_t L, const mpz_t x, const mpz_t M, size_t margin, ql_tmp *T)
{
    mpz_mul(T->y, x, L);
    mpz_mod(T->y, T->y, M);
    if (mpz_cmp(T->y, T->half) > 0)
        mpz_sub(T->y, T->y, M);
    if (mpz_sizeinbase(T->y, 2) + margin <= T->mbits) {
        mpq_set_num(q, T->y);
        mpq_set_den(q, L);
        mpq_canonicalize(q);
        return 1;
    }
    if (mpz_sgn(T->y) < 0)
        mpz_add(T->y, T->y, M);
    if (!ql_fraction(mpq_numref(q), T->q, T->y, M, margin, T))
        return 0;
    mpz_mul(L, L, T->q);
    mpq_set_den(q, L);
    mpq_canonicalize(q);
    return 1;
}

gbc_status sv_qlift(gbc_ctx *ctx, const zz_crt *C, size_t D, size_t ngroups, size_t margin,
                    mpq_t *q, int *ok)
{
    *ok = 0;
    if (D * ngroups > C->n)
        return GBC_ERR_INTERNAL;
    if (C->nprimes == 0 || D == 0)
        return GBC_OK;
    ql_tmp T;
    mpz_inits(T.half, T.y, T.r0, T.r1, T.t0, T.t1, T.q, T.u, NULL);
    mpz_fdiv_q_2exp(T.half, C->M, 1);
    T.mbits = mpz_sizeinbase(C->M, 2);
    mpz_t L, L0, x;
    mpz_init_set_ui(L0, 1);
    mpz_init(L);
    gbc_status st = GBC_OK;
    int good = 1;
    for (size_t g = 0; g < ngroups && good && st == GBC_OK; g++) {
        mpz_set(L, L0);
        /* from the top coefficient down: w's top ones are its smallest */
        for (size_t k = D; k-- > 0 && good && st == GBC_OK;) {
            st = gbc_ctx_poll(ctx);
            zz_crt_get(C, g * D + k, x);
            good = st == GBC_OK && ql_one(q[g * D + k], L, x, C->M, margin, &T);
        }
        if (g == 0)
            mpz_set(L0, L); /* the v_i start from w's denominator */
    }
    mpz_clears(T.half, T.y, T.r0, T.r1, T.t0, T.t1, T.q, T.u, L, L0, NULL);
    *ok = good && st == GBC_OK;
    return st;
}
