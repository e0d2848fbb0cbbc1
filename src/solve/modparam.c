/* solve/modparam.c: msolve's rational parametrisation w(T) = 0, x_i = v_i(T) / w'(T)
 * of a radical zero-dimensional ideal over Q, computed modulo primes and lifted
 * (docs/solve.md, "Method"): per prime w and v_i = x_i w' mod w from the grevlex
 * basis of I reduced modulo p (krylov.c), lifted by CRT and rational
 * reconstruction, then checked over Q exactly. Much smaller coefficients than the
 * lex basis over Q, and no Groebner basis over Q beyond the grevlex one. */
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "field/crt.h"
#include "field/field.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* ------------------------------------------------------------- arithmetic -- */

static uint32_t mulm(uint32_t a, uint32_t b, uint32_t p)
{
    return (uint32_t)((uint64_t)a * b % p);
}

static uint32_t powm(uint32_t a, uint64_t e, uint32_t p)
{
    uint32_t r = 1 % p;
    while (e > 0) {
        if (e & 1)
            r = mulm(r, a, p);
        a = mulm(a, a, p);
        e >>= 1;
    }
    return r;
}

/* a^-1 mod p (a != 0 mod p, p prime). */
static uint32_t invm(uint32_t a, uint32_t p)
{
    return powm(a, p - 2, p);
}

/* Whether q is prime (GMP's test: BPSW, no composite below 2^64 passes). */
static int is_prime(uint32_t q)
{
    mpz_t z;
    mpz_init_set_ui(z, q);
    int r = mpz_probab_prime_p(z, 30) != 0;
    mpz_clear(z);
    return r;
}

/* q mod p into *r: 0 when p divides q's denominator, else 1. */
static int mpq_mod(uint32_t *r, const mpq_t q, uint32_t p)
{
    unsigned long d = mpz_fdiv_ui(mpq_denref(q), p);
    if (d == 0)
        return 0;
    unsigned long n = mpz_fdiv_ui(mpq_numref(q), p);
    *r = mulm((uint32_t)n, invm((uint32_t)d, p), p);
    return 1;
}

/* The degree of gcd(A, B) over Z/p (A, B of na, nb coefficients, consumed as
 * scratch); -1 when both are zero. */
static long gcd_degree(uint32_t *A, size_t na, uint32_t *B, size_t nb, uint32_t p)
{
    while (na > 0 && A[na - 1] == 0)
        na--;
    while (nb > 0 && B[nb - 1] == 0)
        nb--;
    for (;;) {
        if (nb == 0)
            return (long)na - 1;
        if (na < nb) {
            uint32_t *T = A;
            A = B;
            B = T;
            size_t t = na;
            na = nb;
            nb = t;
            continue;
        }
        /* A <- A mod B */
        uint32_t inv = invm(B[nb - 1], p);
        while (na >= nb) {
            uint32_t q = mulm(A[na - 1], inv, p);
            size_t sh = na - nb;
            for (size_t j = 0; j < nb; j++) {
                uint32_t s = mulm(q, B[j], p);
                uint32_t *c = &A[sh + j];
                *c = *c >= s ? *c - s : *c + p - s;
            }
            while (na > 0 && A[na - 1] == 0)
                na--;
        }
    }
}

/* --------------------------------------------------------- one prime's work -- */

/* The input: the generators' terms (exponents over the n variables) and the
 * linear form T + sum form[i] x_i. */
typedef struct mp_input {
    uint32_t n;
    size_t ngens;
    size_t *nterms;    /* per generator */
    size_t total;      /* terms of all generators */
    uint32_t *exps;    /* total x n */
    mpq_t *coefs;      /* total */
    const int64_t *form;
} mp_input;

/* ---------------------------------------------------------- the check over Q -- */

/* Kronecker substitution: A(2^k) and B(2^k) multiplied as two integers (GMP's
 * fast multiplication) instead of na nb coefficient products. The slots are L
 * limbs (k = L GMP_NUMB_BITS bits), wide enough for every signed coefficient of
 * the product. */

/* X = A(2^k) with slots of L limbs: the positive and the negative coefficients
 * written straight into the limbs of two integers, then subtracted. */
static void kron_pack(mpz_t X, mpz_t tmp, const sv_zpoly *A, size_t L)
{
    size_t nl = A->n * L;
    mp_limb_t *xp = mpz_limbs_write(X, nl), *tp = mpz_limbs_write(tmp, nl);
    memset(xp, 0, nl * sizeof *xp);
    memset(tp, 0, nl * sizeof *tp);
    for (size_t i = 0; i < A->n; i++) {
        size_t sz = mpz_size(A->c[i]);
        mp_limb_t *dst = mpz_sgn(A->c[i]) > 0 ? xp : tp;
        memcpy(dst + i * L, mpz_limbs_read(A->c[i]), sz * sizeof *dst);
    }
    mpz_limbs_finish(X, (mp_size_t)nl);
    mpz_limbs_finish(tmp, (mp_size_t)nl);
    mpz_sub(X, X, tmp);
}

/* The coefficients of Z = C(2^k) (slots of L limbs, each coefficient below 2^(k-1)
 * in absolute value) into C's n coefficients. half = 2^(k-1), full = 2^k. */
static void kron_unpack(sv_zpoly *C, const mpz_t Z, size_t L, const mpz_t half, const mpz_t full,
                        mp_limb_t *slot)
{
    int neg = mpz_sgn(Z) < 0;
    size_t zl = mpz_size(Z);
    const mp_limb_t *zp = mpz_limbs_read(Z);
    mp_limb_t carry = 0;
    for (size_t j = 0; j < C->n; j++) {
        for (size_t t = 0; t < L; t++)
            slot[t] = j * L + t < zl ? zp[j * L + t] : 0;
        slot[L] = carry != 0 ? mpn_add_1(slot, slot, (mp_size_t)L, carry) : 0;
        mpz_t u;
        mpz_roinit_n(u, slot, (mp_size_t)(L + 1));
        if (mpz_cmp(u, half) >= 0) {
            mpz_sub(C->c[j], u, full);
            carry = 1;
        } else {
            mpz_set(C->c[j], u);
            carry = 0;
        }
        if (neg)
            mpz_neg(C->c[j], C->c[j]);
    }
}

/* zmul's contract by Kronecker substitution (C initialised, of A->n + B->n - 1
 * coefficients, its room reserved by the caller); lg: the bits of min(na, nb). */
static gbc_status zmul_kron(gbc_ctx *ctx, sv_zpoly *C, const sv_zpoly *A, const sv_zpoly *B,
                            size_t ab, size_t bb, size_t lg)
{
    size_t L = (ab + bb + lg + 2) / GMP_NUMB_BITS + 1;
    size_t bytes = (A->n + B->n) * L * 3 * sizeof(mp_limb_t);
    GBC_TRY(gbc_ctx_charge(ctx, bytes));
    mp_limb_t *slot = NULL;
    gbc_status st = GBC_ALLOC(ctx, slot, L + 1);
    if (st != GBC_OK) {
        gbc_ctx_uncharge(ctx, bytes);
        return st;
    }
    mpz_t X, Y, tmp, half, full;
    mpz_inits(X, Y, tmp, half, full, NULL);
    kron_pack(X, tmp, A, L);
    kron_pack(Y, tmp, B, L);
    mpz_mul(X, X, Y);
    mpz_setbit(half, L * GMP_NUMB_BITS - 1);
    mpz_setbit(full, L * GMP_NUMB_BITS);
    kron_unpack(C, X, L, half, full, slot);
    mpz_clears(X, Y, tmp, half, full, NULL);
    gbc_free(ctx, slot);
    gbc_ctx_uncharge(ctx, bytes);
    return sv_poll(ctx, (A->n + B->n) * L);
}

/* *C = A B (C initialised here, not aliasing A or B). */
static gbc_status zmul(gbc_ctx *ctx, sv_zpoly *C, const sv_zpoly *A, const sv_zpoly *B)
{
    if (A->n == 0 || B->n == 0)
        return sv_zpoly_init(ctx, C, 0);
    gbc_status st = sv_zpoly_init(ctx, C, A->n + B->n - 1);
    if (st != GBC_OK)
        return st;
    /* each coefficient: at most min(n_A, n_B) products of bits(A) + bits(B) */
    size_t ab = sv_zpoly_maxbits(A), bb = sv_zpoly_maxbits(B);
    size_t terms = A->n < B->n ? A->n : B->n, lg = 1;
    while (((size_t)1 << lg) < terms)
        lg++;
    st = sv_zpoly_reserve(ctx, C, C->n * sv_bits_bytes(ab + bb + lg));
    if (st == GBC_OK && terms >= 16)
        st = zmul_kron(ctx, C, A, B, ab, bb, lg);
    for (size_t i = 0; i < A->n && st == GBC_OK && terms < 16; i++) {
        if (mpz_sgn(A->c[i]) == 0)
            continue;
        st = sv_poll(ctx, B->n * (mpz_size(A->c[i]) + bb / GMP_NUMB_BITS + 1));
        for (size_t j = 0; j < B->n && st == GBC_OK; j++)
            mpz_addmul(C->c[i + j], A->c[i], B->c[j]);
    }
    sv_zpoly_normalise(C);
    if (st == GBC_OK)
        st = sv_zpoly_settle(ctx, C);
    if (st != GBC_OK)
        sv_zpoly_clear(ctx, C);
    return st;
}

/* A cache of the products prod y_i^a_i Z^a_n (exponent vectors of n + 1 entries). */
typedef struct mcache {
    uint32_t nv;
    size_t n, cap, ecap;
    uint32_t *e;
    sv_zpoly *p;
} mcache;

static void mcache_clear(gbc_ctx *ctx, mcache *M)
{
    for (size_t i = 0; i < M->n; i++)
        sv_zpoly_clear(ctx, &M->p[i]);
    gbc_free(ctx, M->p);
    gbc_free(ctx, M->e);
    memset(M, 0, sizeof *M);
}

/* The product of exponent vector a (nv entries, a nonzero) of the factors F
 * (F[i] for i < nv): *out points into the cache. */
static gbc_status mono(gbc_ctx *ctx, const sv_zpoly **out, mcache *M, const uint32_t *a,
                       const sv_zpoly *F)
{
    uint32_t nv = M->nv;
    for (size_t k = 0; k < M->n; k++)
        if (memcmp(M->e + k * nv, a, nv * sizeof *a) == 0) {
            *out = &M->p[k];
            return GBC_OK;
        }
    uint32_t i = 0;
    while (a[i] == 0)
        i++;
    uint32_t tot = 0;
    for (uint32_t j = 0; j < nv; j++)
        tot += a[j];
    sv_zpoly prod;
    gbc_status st;
    if (tot == 1) {
        st = sv_zpoly_init(ctx, &prod, F[i].n);
        for (size_t j = 0; st == GBC_OK && j < F[i].n; j++)
            mpz_set(prod.c[j], F[i].c[j]);
        if (st == GBC_OK)
            st = sv_zpoly_settle(ctx, &prod);
        if (st != GBC_OK)
            sv_zpoly_clear(ctx, &prod);
    } else {
        uint32_t *b = NULL;
        st = GBC_ALLOC(ctx, b, nv);
        if (st != GBC_OK)
            return st;
        memcpy(b, a, nv * sizeof *a);
        b[i]--;
        const sv_zpoly *rest = NULL;
        st = mono(ctx, &rest, M, b, F);
        gbc_free(ctx, b);
        if (st == GBC_OK)
            st = zmul(ctx, &prod, rest, &F[i]);
    }
    if (st != GBC_OK)
        return st;
    size_t cap = M->cap;
    st = GBC_GROW(ctx, M->p, cap, M->n + 1);
    if (st == GBC_OK)
        st = GBC_GROW(ctx, M->e, M->ecap, (M->n + 1) * nv);
    if (st != GBC_OK) {
        sv_zpoly_clear(ctx, &prod);
        return st;
    }
    M->cap = cap;
    memcpy(M->e + M->n * nv, a, nv * sizeof *a);
    M->p[M->n] = prod;
    *out = &M->p[M->n++];
    return GBC_OK;
}

/* Whether W divides H in Z[T] (H normalised, deg H >= deg W >= 1), by Kronecker
 * substitution at 2^k: the integer H(2^k) divided by W(2^k) (GMP's fast division)
 * instead of deg H - deg W schoolbook steps. A nonzero remainder proves W does not
 * divide H (W | H in Z[T] would give W(2^k) | H(2^k)). A zero remainder with the
 * quotient's balanced digits Q (slots of k bits: Qz = Q(2^k)) proves H = Q W when
 * every coefficient of H and of Q W is below 2^(k-2) in absolute value, as both
 * then are the balanced digits of the same integer. *decided = 0 when the digits
 * are too wide for that (zero_mod's schoolbook division then decides). */
static gbc_status divides_kron(gbc_ctx *ctx, int *decided, int *divides, const sv_zpoly *H,
                               const sv_zpoly *W)
{
    size_t nh = H->n, nw = W->n, nq = nh - nw + 1, lg = 1;
    while (((size_t)1 << lg) < (nq < nw ? nq : nw))
        lg++;
    size_t hb = sv_zpoly_maxbits(H), wb = sv_zpoly_maxbits(W);
    /* room for a quotient of up to hb - wb + 60 bits, usually plenty */
    size_t L = (hb + lg + 64) / GMP_NUMB_BITS + 1, kb = L * GMP_NUMB_BITS;
    size_t bytes = (2 * nh + nw + 2 * nq + 4) * L * sizeof(mp_limb_t);
    *decided = 0;
    *divides = 0;
    GBC_TRY(gbc_ctx_charge(ctx, bytes));
    mp_limb_t *slot = NULL;
    sv_zpoly Q;
    gbc_status st = GBC_ALLOC(ctx, slot, L + 1);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &Q, nq);
    if (st != GBC_OK) {
        gbc_free(ctx, slot);
        gbc_ctx_uncharge(ctx, bytes);
        return st;
    }
    mpz_t X, Y, R, tmp, half, full;
    mpz_inits(X, Y, R, tmp, half, full, NULL);
    kron_pack(X, tmp, H, L);
    kron_pack(Y, tmp, W, L);
    mpz_tdiv_qr(X, R, X, Y);
    if (mpz_sgn(R) != 0) {
        *decided = 1;
    } else {
        mpz_setbit(half, kb - 1);
        mpz_setbit(full, kb);
        kron_unpack(&Q, X, L, half, full, slot);
        kron_pack(Y, tmp, &Q, L);
        *decided = mpz_cmp(X, Y) == 0 && hb + 2 <= kb &&
                   sv_zpoly_maxbits(&Q) + wb + lg + 2 <= kb;
        *divides = *decided;
    }
    mpz_clears(X, Y, R, tmp, half, full, NULL);
    sv_zpoly_clear(ctx, &Q);
    gbc_free(ctx, slot);
    gbc_ctx_uncharge(ctx, bytes);
    return sv_poll(ctx, (nh + nw) * L);
}

/* Whether H = 0 mod W in Q[T] (W primitive, of degree >= 1): *zero. By Gauss's
 * lemma W divides H in Q[T] exactly when it divides it in Z[T], so H is divided
 * exactly over Z from the top: a top coefficient that lc(W) does not divide, or a
 * nonzero remainder, proves W does not divide H. The quotient's coefficients stay
 * near H's size (no pseudo-remainder growth). H is consumed. */
static gbc_status zero_mod(gbc_ctx *ctx, int *zero, sv_zpoly *H, const sv_zpoly *W)
{
    sv_zpoly_normalise(H);
    size_t dw = W->n - 1;
    const mpz_srcptr lc = W->c[dw];
    *zero = 0;
    if (H->n == 0) {
        *zero = 1;
        return GBC_OK;
    }
    if (H->n > W->n && H->n >= 32) {
        int decided = 0;
        GBC_TRY(divides_kron(ctx, &decided, zero, H, W));
        if (decided)
            return GBC_OK;
    }
    mpz_t q;
    mpz_init(q);
    gbc_status st = GBC_OK;
    int divides = 1;
    for (size_t top = H->n; top-- > dw && st == GBC_OK && divides;) {
        if (mpz_sgn(H->c[top]) == 0)
            continue;
        divides = mpz_divisible_p(H->c[top], lc);
        if (!divides)
            break;
        mpz_divexact(q, H->c[top], lc);
        st = sv_poll(ctx, W->n * (mpz_size(q) + mpz_size(lc)));
        for (size_t j = 0; j < dw && st == GBC_OK; j++)
            mpz_submul(H->c[top - dw + j], q, W->c[j]);
        mpz_set_ui(H->c[top], 0);
        if (st == GBC_OK && (top & 15) == 0)
            st = sv_zpoly_settle(ctx, H);
    }
    mpz_clear(q);
    if (st == GBC_OK)
        st = sv_zpoly_settle(ctx, H);
    sv_zpoly_normalise(H);
    *zero = st == GBC_OK && divides && H->n == 0;
    return st;
}

/* The factors of the check: F[i] = (E / den_i) V_i for i < n and F[n] = E Q
 * (E = lcm den_i), so that x_i = F[i] / F[n] at every root of W; each F[i]
 * initialised here (F zeroed by the caller; its entries cleared by the caller
 * also on failure). t: a scratch integer. */
static gbc_status check_factors(gbc_ctx *ctx, sv_zpoly *F, const sv_param *P, uint32_t n,
                                mpz_t t)
{
    mpz_t E;
    mpz_init_set_ui(E, 1);
    for (uint32_t i = 0; i < n; i++)
        mpz_lcm(E, E, P->den[i]);
    gbc_status st = GBC_OK;
    for (uint32_t i = 0; i < n && st == GBC_OK; i++) {
        st = sv_zpoly_init(ctx, &F[i], P->V[i].n);
        mpz_divexact(t, E, P->den[i]);
        if (st == GBC_OK)
            st = sv_zpoly_reserve(ctx, &F[i],
                                  P->V[i].n * sv_bits_bytes(sv_zpoly_maxbits(&P->V[i]) +
                                                            mpz_sizeinbase(t, 2)));
        for (size_t j = 0; st == GBC_OK && j < P->V[i].n; j++)
            mpz_mul(F[i].c[j], P->V[i].c[j], t);
        if (st == GBC_OK)
            st = sv_zpoly_settle(ctx, &F[i]);
    }
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &F[n], P->Q.n);
    if (st == GBC_OK)
        st = sv_zpoly_reserve(ctx, &F[n], P->Q.n * sv_bits_bytes(sv_zpoly_maxbits(&P->Q) +
                                                                 mpz_sizeinbase(E, 2)));
    for (size_t j = 0; st == GBC_OK && j < P->Q.n; j++)
        mpz_mul(F[n].c[j], P->Q.c[j], E);
    if (st == GBC_OK)
        st = sv_zpoly_settle(ctx, &F[n]);
    mpz_clear(E);
    return st;
}

/* Whether the linear form vanishes on the parametrisation: T Z + sum form_i y_i
 * = 0 mod W (y_i = F[i], Z = F[n]): *zero. */
static gbc_status form_vanishes(gbc_ctx *ctx, int *zero, const sv_zpoly *F, const sv_param *P,
                                const mp_input *in)
{
    uint32_t n = in->n;
    sv_zpoly H;
    *zero = 0;
    gbc_status st = sv_zpoly_init(ctx, &H, P->W.n + 1);
    if (st != GBC_OK)
        return st;
    for (size_t j = 0; j < F[n].n; j++)
        mpz_set(H.c[j + 1], F[n].c[j]);
    for (uint32_t i = 0; i < n; i++)
        for (size_t j = 0; j < F[i].n; j++) {
            if (in->form[i] >= 0)
                mpz_addmul_ui(H.c[j], F[i].c[j], (unsigned long)in->form[i]);
            else
                mpz_submul_ui(H.c[j], F[i].c[j], (unsigned long)-in->form[i]);
        }
    st = sv_zpoly_settle(ctx, &H);
    if (st == GBC_OK)
        st = zero_mod(ctx, zero, &H, &P->W);
    sv_zpoly_clear(ctx, &H);
    return st;
}

/* H += c pr (H's room grown to pr's length when needed). */
static gbc_status add_scaled(gbc_ctx *ctx, sv_zpoly *H, const sv_zpoly *pr, const mpz_t c)
{
    if (H->cap < pr->n) {
        sv_zpoly G;
        gbc_status st = sv_zpoly_init(ctx, &G, pr->n);
        if (st != GBC_OK)
            return st;
        for (size_t j = 0; j < H->n; j++)
            mpz_swap(G.c[j], H->c[j]);
        sv_zpoly_clear(ctx, H);
        *H = G;
    }
    if (H->n < pr->n)
        H->n = pr->n;
    GBC_TRY(sv_zpoly_reserve(ctx, H, pr->n * sv_bits_bytes(sv_zpoly_maxbits(pr) +
                                                           mpz_sizeinbase(c, 2) + 1)));
    GBC_TRY(sv_poll(ctx, pr->n * (mpz_size(c) + 1)));
    for (size_t j = 0; j < pr->n; j++)
        mpz_addmul(H->c[j], pr->c[j], c);
    return sv_zpoly_settle(ctx, H);
}

/* Whether generator g of in (its m terms: exponents ex, coefficients cf) vanishes
 * on the parametrisation, homogenised by Z: sum L c_a prod y_i^a_i Z^(d - |a|) = 0
 * mod W (L the lcm of the denominators): *zero. M caches the products of the
 * factors F; a (n + 1 entries), t and L are scratch. */
static gbc_status gen_vanishes(gbc_ctx *ctx, int *zero, mcache *M, const sv_zpoly *F,
                               const sv_param *P, uint32_t n, size_t m, const uint32_t *ex,
                               const mpq_t *cf, uint32_t *a, mpz_t t, mpz_t L)
{
    *zero = 0;
    uint32_t d = 0;
    mpz_set_ui(L, 1);
    for (size_t k = 0; k < m; k++) {
        uint32_t s = 0;
        for (uint32_t i = 0; i < n; i++)
            s += ex[k * n + i];
        if (s > d)
            d = s;
        mpz_lcm(L, L, mpq_denref(cf[k]));
    }
    sv_zpoly H;
    gbc_status st = sv_zpoly_init(ctx, &H, 0);
    if (st != GBC_OK)
        return st;
    for (size_t k = 0; k < m && st == GBC_OK; k++) {
        uint32_t s = 0;
        for (uint32_t i = 0; i < n; i++) {
            a[i] = ex[k * n + i];
            s += a[i];
        }
        a[n] = d - s;
        const sv_zpoly *pr = NULL;
        sv_zpoly one;
        int isone = d == 0;
        if (isone) {
            st = sv_zpoly_init(ctx, &one, 1);
            if (st == GBC_OK)
                mpz_set_ui(one.c[0], 1);
            pr = &one;
        } else {
            st = mono(ctx, &pr, M, a, F);
        }
        if (st != GBC_OK)
            break;
        /* coefficient L c_a, an integer */
        mpz_divexact(t, L, mpq_denref(cf[k]));
        mpz_mul(t, t, mpq_numref(cf[k]));
        st = add_scaled(ctx, &H, pr, t);
        if (isone)
            sv_zpoly_clear(ctx, &one);
    }
    if (st == GBC_OK)
        st = zero_mod(ctx, zero, &H, &P->W);
    sv_zpoly_clear(ctx, &H);
    return st;
}

/* Check over Q that P (x_i = V_i / (den_i W'), Q = W') parametrises solutions of
 * in's generators and of the linear form: *ok. */
static gbc_status check_over_q(gbc_ctx *ctx, int *ok, const sv_param *P, const mp_input *in)
{
    uint32_t n = in->n, nv = n + 1;
    *ok = 0;
    mcache M;
    memset(&M, 0, sizeof M);
    M.nv = nv;
    sv_zpoly *F = NULL;
    uint32_t *a = NULL;
    mpz_t t, L;
    mpz_init(t);
    mpz_init(L);
    gbc_status st = GBC_ZALLOC(ctx, F, nv);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, a, nv);
    if (st == GBC_OK)
        st = check_factors(ctx, F, P, n, t);
    int zero = 0;
    if (st == GBC_OK)
        st = form_vanishes(ctx, &zero, F, P, in);
    size_t at = 0;
    for (size_t g = 0; g < in->ngens && st == GBC_OK && zero; g++) {
        size_t m = in->nterms[g];
        st = gen_vanishes(ctx, &zero, &M, F, P, n, m, in->exps + at * n, in->coefs + at, a,
                          t, L);
        at += m;
        if (st == GBC_OK && zero)
            st = gbc_ctx_check(ctx);
    }
    *ok = st == GBC_OK && zero;
    if (F != NULL)
        for (uint32_t i = 0; i < nv; i++)
            sv_zpoly_clear(ctx, &F[i]);
    gbc_free(ctx, F);
    gbc_free(ctx, a);
    mcache_clear(ctx, &M);
    mpz_clear(t);
    mpz_clear(L);
    return st;
}

/* Whether W (integer, degree >= 1) is squarefree, proved modulo primes: a prime
 * q not dividing lc(W) with gcd(W mod q, W' mod q) = 1 makes disc(W) nonzero mod q,
 * so nonzero. Tries a few primes below 2^30, then the exact test over Z. */
static gbc_status squarefree_proved(gbc_ctx *ctx, int *sq, const sv_zpoly *W)
{
    size_t n = W->n;
    uint32_t *A = NULL, *B = NULL;
    *sq = 0;
    gbc_status st = GBC_ALLOC(ctx, A, n);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, B, n);
    uint32_t q = 1073741827u; /* the first prime above 2^30; the primes below it next */
    for (int tries = 0; st == GBC_OK && tries < 4 && !*sq; tries++) {
        do {
            q -= 2;
        } while (!is_prime(q));
        if (mpz_fdiv_ui(W->c[n - 1], q) == 0)
            continue;
        for (size_t i = 0; i < n; i++)
            A[i] = (uint32_t)mpz_fdiv_ui(W->c[i], q);
        for (size_t i = 1; i < n; i++)
            B[i - 1] = mulm(A[i], (uint32_t)(i % q), q);
        *sq = gcd_degree(A, n, B, n - 1, q) == 0;
    }
    gbc_free(ctx, A);
    gbc_free(ctx, B);
    if (st == GBC_OK && !*sq) {
        sv_zpoly S;
        st = sv_zpoly_squarefree(ctx, &S, W);
        if (st == GBC_OK) {
            *sq = S.n == W->n;
            sv_zpoly_clear(ctx, &S);
        }
    }
    return st;
}

/* ----------------------------------------------------------------- the driver -- */

/* The next prime below *p (p > 3, odd), into *p. */
static void prev_prime(uint32_t *p)
{
    do {
        *p -= 2;
    } while (!is_prime(*p));
}

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

/* in from gens (n variables) and the form (kept by reference): the terms'
 * exponents and rational coefficients, through ctx. input_clear frees it, also
 * after a failure (in zeroed by the caller). */
static gbc_status input_init(gbc_ctx *ctx, mp_input *in, const gbc_polys *gens, uint32_t n,
                             const int64_t *form)
{
    in->n = n;
    in->ngens = gbc_polys_count(gens);
    in->form = form;
    gbc_status st = GBC_ALLOC(ctx, in->nterms, in->ngens > 0 ? in->ngens : 1);
    if (st == GBC_OK) {
        for (size_t j = 0; j < in->ngens; j++) {
            in->nterms[j] = gbc_polys_nterms(gens, j);
            in->total += in->nterms[j];
        }
        st = GBC_ALLOC(ctx, in->exps, in->total * n + 1);
    }
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, in->coefs, in->total + 1);
    if (st != GBC_OK)
        return st;
    for (size_t t = 0; t < in->total; t++)
        mpq_init(in->coefs[t]);
    for (size_t j = 0, at = 0; j < in->ngens && st == GBC_OK; at += in->nterms[j], j++)
        st = gbc_polys_get_mpq(in->exps + at * n, in->coefs + at, in->nterms[j], gens, j);
    return st;
}

static void input_clear(gbc_ctx *ctx, mp_input *in)
{
    if (in->coefs != NULL)
        for (size_t t = 0; t < in->total; t++)
            mpq_clear(in->coefs[t]);
    gbc_free(ctx, in->coefs);
    gbc_free(ctx, in->exps);
    gbc_free(ctx, in->nterms);
}

/* The state of the lifting over the primes: the residues r of one prime and the
 * candidate cand (m = (n + 1) D entries each), and the CRT of the residues in
 * n + 1 groups of D. */
typedef struct lifting {
    size_t m;
    uint32_t *r;
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
    gbc_status st = GBC_ALLOC(ctx, S->r, S->m + 1);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, S->glen, nv);
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
    gbc_free(ctx, S->r);
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

/* Whether P is squarefree and passes check_over_q on in: *found. */
static gbc_status check_param(gbc_ctx *ctx, int *found, const sv_param *P, const mp_input *in)
{
    int sq = 0, chk = 0;
    gbc_status st = squarefree_proved(ctx, &sq, &P->W);
    if (st == GBC_OK && sq)
        st = check_over_q(ctx, &chk, P, in);
    *found = st == GBC_OK && sq && chk;
    return st;
}

gbc_status sv_param_check_q(gbc_ctx *ctx, int *ok, const sv_param *P, const gbc_polys *gens,
                            const int64_t *form)
{
    mp_input in;
    memset(&in, 0, sizeof in);
    *ok = 0;
    if (P->W.n < 2 || P->n != gbc_ring_nvars(gbc_polys_ring(gens)))
        return GBC_ERR_ARG;
    gbc_status st = input_init(ctx, &in, gens, P->n, form);
    if (st == GBC_OK)
        st = check_param(ctx, ok, P, &in);
    input_clear(ctx, &in);
    return st;
}

/* The check of a stable candidate: P (initialised here) from S->cand, *found = 1
 * when W is squarefree and P passes check_over_q; P is the caller's to clear. */
static gbc_status check_candidate(gbc_ctx *ctx, sv_param *P, int *found, const lifting *S,
                                  const mp_input *in, size_t D)
{
    *found = 0;
    gbc_status st = sv_param_from_values(ctx, P, S->cand, in->n, D);
    if (st == GBC_OK)
        st = check_param(ctx, found, P, in);
    return st;
}

/* The primes' loop of sv_modular_param (its contract), from 2^31 - 1 down: each
 * prime's residues into the CRT, a candidate lifted when there is none, checked
 * once it agrees with two further primes. */
static gbc_status lift_over_primes(gbc_ctx *ctx, sv_param *P, int *found, lifting *S,
                                   const mp_input *in, sv_gbmod *G, size_t D,
                                   const gbc_options *opts,
                                   size_t *nprimes, int *nonradical)
{
    uint32_t nv = in->n + 1;
    uint32_t p = 2147483647u; /* 2^31 - 1, prime; then the primes below it */
    size_t good = 0, bad = 0, agree = 0, failed_checks = 0;
    int have = 0;
    for (;;) {
        gbc_status st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            return st;
        if (*nprimes > 0)
            prev_prime(&p);
        int ok = 0;
        st = sv_param_mod_p(ctx, S->r, &ok, G, in->form, p, D, opts);
        if (st != GBC_OK)
            return st;
        (*nprimes)++;
        if (ok != 1) {
            /* before the first success: the form does not separate (or p is
             * unlucky: the next form is as good), or, w not squarefree, I is not
             * radical; after it p is unlucky, and many such give up the method */
            if (good == 0) {
                *nonradical = ok == 2;
                return GBC_OK;
            }
            if (++bad > 8 + good / 4)
                return GBC_OK;
            continue;
        }
        good++;
        if (have) {
            if (cand_matches(S->cand, S->r, S->m, p)) {
                agree++;
            } else {
                have = 0;
                agree = 0;
            }
        }
        st = zz_crt_add(ctx, &S->C, S->r, p, NULL);
        if (st != GBC_OK)
            return st;
        if (have && agree >= 2) {
            /* stable over two further primes: check it over Q */
            st = check_candidate(ctx, P, found, S, in, D);
            if (st != GBC_OK || *found)
                return st;
            sv_param_clear(ctx, P);
            have = 0;
            agree = 0;
            if (++failed_checks >= 3)
                return GBC_OK;
        }
        if (!have) {
            int lifted = 0;
            st = sv_qlift(ctx, &S->C, D, nv, SV_QLIFT_MARGIN, S->cand, &lifted);
            if (st == GBC_OK)
                st = cand_settle(ctx, S);
            if (st != GBC_OK)
                return st;
            have = lifted;
            agree = 0;
        }
    }
}

gbc_status sv_modular_param(gbc_ctx *ctx, sv_param *P, int *found, const gbc_polys *gens,
                            sv_gbmod *G, const int64_t *form, size_t D,
                            const gbc_options *opts, size_t *nprimes, int *nonradical)
{
    uint32_t n = gbc_ring_nvars(gbc_polys_ring(gens));
    *found = 0;
    *nprimes = 0;
    *nonradical = 0;
    memset(P, 0, sizeof *P);
    mp_input in;
    memset(&in, 0, sizeof in);
    lifting S;
    memset(&S, 0, sizeof S);
    gbc_status st = input_init(ctx, &in, gens, n, form);
    if (st == GBC_OK)
        st = lifting_init(ctx, &S, n, D);
    if (st == GBC_OK)
        st = lift_over_primes(ctx, P, found, &S, &in, G, D, opts, nprimes, nonradical);
    if (!*found)
        sv_param_clear(ctx, P);
    lifting_clear(ctx, &S);
    input_clear(ctx, &in);
    return st;
}
