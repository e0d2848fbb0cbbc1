/* solve/qcheck.c: the exact check over Q of a lifted parametrisation (docs/solve.md,
 * "Method", step 3): W squarefree, and the linear form and every generator,
 * homogenised by E W', vanishing modulo W, by products in Z[T] (Kronecker
 * substitution) and exact division by W. It is the proof of the modular result:
 * nothing the primes or the lift guessed is trusted without it. */
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* ------------------------------------------------------------- arithmetic -- */

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
        uint32_t inv = sv_invm(B[nb - 1], p);
        while (na >= nb) {
            uint32_t q = sv_mulm(A[na - 1], inv, p);
            size_t sh = na - nb;
            for (size_t j = 0; j < nb; j++) {
                uint32_t s = sv_mulm(q, B[j], p);
                uint32_t *c = &A[sh + j];
                *c = *c >= s ? *c - s : *c + p - s;
            }
            while (na > 0 && A[na - 1] == 0)
                na--;
        }
    }
}

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
gbc_status sv_check_factors(gbc_ctx *ctx, sv_zpoly *F, const sv_param *P, uint32_t n, mpz_t t)
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
                                const sv_qinput *in)
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

/* H += sum_k c[k] prod_i F[i]^e[k nv + i] over the m terms (exponent vectors of nv
 * entries, all of total degree d >= 1; e and c are scratch, reordered). A variable
 * (or Z) in three terms or more, when d >= 3, is factored out, Horner's way:
 * H += F[v] (the sum of those terms over it) + the others, one product of the
 * top degree instead of one a term (noon's x_i (x_1^2 + ... + x_n^2 - c)); else
 * each term's product comes from the cache M. */
static gbc_status hsum(gbc_ctx *ctx, sv_zpoly *H, mcache *M, const sv_zpoly *F, uint32_t nv,
                       uint32_t *e, mpz_t *c, size_t m, uint32_t d)
{
    uint32_t best = 0;
    size_t most = 0;
    for (uint32_t v = 0; v < nv && d >= 3; v++) {
        size_t cnt = 0;
        for (size_t k = 0; k < m; k++)
            cnt += e[k * nv + v] > 0;
        if (cnt > most) {
            most = cnt;
            best = v;
        }
    }
    if (most < 3) {
        for (size_t k = 0; k < m; k++) {
            const sv_zpoly *pr = NULL;
            GBC_TRY(mono(ctx, &pr, M, e + k * nv, F));
            GBC_TRY(add_scaled(ctx, H, pr, c[k]));
        }
        return GBC_OK;
    }
    /* the terms with F[best] first, that factor taken off them */
    size_t s = 0;
    for (size_t k = 0; k < m; k++) {
        if (e[k * nv + best] == 0)
            continue;
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t x = e[s * nv + v];
            e[s * nv + v] = e[k * nv + v];
            e[k * nv + v] = x;
        }
        mpz_swap(c[s], c[k]);
        e[s * nv + best]--;
        s++;
    }
    sv_zpoly I, pr;
    mpz_t one;
    GBC_TRY(sv_zpoly_init(ctx, &I, 0));
    gbc_status st = hsum(ctx, &I, M, F, nv, e, c, s, d - 1);
    if (st == GBC_OK)
        st = zmul(ctx, &pr, &I, &F[best]);
    sv_zpoly_clear(ctx, &I);
    if (st != GBC_OK)
        return st;
    mpz_init_set_ui(one, 1);
    st = add_scaled(ctx, H, &pr, one);
    mpz_clear(one);
    sv_zpoly_clear(ctx, &pr);
    if (st == GBC_OK && s < m)
        st = hsum(ctx, H, M, F, nv, e + s * nv, c + s, m - s, d);
    return st;
}

/* Whether generator g of in (its m terms: exponents ex, coefficients cf) vanishes
 * on the parametrisation, homogenised by Z: sum L c_a prod y_i^a_i Z^(d - |a|) = 0
 * mod W (L the lcm of the denominators): *zero. M caches the products of the
 * factors F; L is scratch. */
static gbc_status gen_vanishes(gbc_ctx *ctx, int *zero, mcache *M, const sv_zpoly *F,
                               const sv_param *P, uint32_t n, size_t m, const uint32_t *ex,
                               const mpq_t *cf, mpz_t L)
{
    uint32_t d = 0, nv = n + 1;
    *zero = 0;
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
    uint32_t *e = NULL;
    mpz_t *c = NULL;
    gbc_status st = GBC_ALLOC(ctx, e, m * nv + 1);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, c, m + 1);
    if (st == GBC_OK)
        st = sv_zpoly_init(ctx, &H, d == 0 ? 1 : 0);
    if (st != GBC_OK) {
        gbc_free(ctx, e);
        gbc_free(ctx, c);
        return st;
    }
    for (size_t k = 0; k < m; k++) {
        uint32_t s = 0;
        for (uint32_t i = 0; i < n; i++) {
            e[k * nv + i] = ex[k * n + i];
            s += e[k * nv + i];
        }
        e[k * nv + n] = d - s;
        /* coefficient L c_a, an integer */
        mpz_init(c[k]);
        mpz_divexact(c[k], L, mpq_denref(cf[k]));
        mpz_mul(c[k], c[k], mpq_numref(cf[k]));
        if (d == 0)
            mpz_add(H.c[0], H.c[0], c[k]); /* a constant generator */
    }
    H.n = d == 0;
    if (d > 0)
        st = hsum(ctx, &H, M, F, nv, e, c, m, d);
    if (st == GBC_OK)
        st = zero_mod(ctx, zero, &H, &P->W);
    sv_zpoly_clear(ctx, &H);
    for (size_t k = 0; k < m; k++)
        mpz_clear(c[k]);
    gbc_free(ctx, c);
    gbc_free(ctx, e);
    return st;
}

/* Check over Q that P (x_i = V_i / (den_i W'), Q = W') parametrises solutions of
 * in's generators and of the linear form: *ok. */
static gbc_status check_over_q(gbc_ctx *ctx, int *ok, const sv_param *P, const sv_qinput *in)
{
    uint32_t n = in->n, nv = n + 1;
    *ok = 0;
    mcache M;
    memset(&M, 0, sizeof M);
    M.nv = nv;
    sv_zpoly *F = NULL;
    mpz_t t, L;
    mpz_init(t);
    mpz_init(L);
    gbc_status st = GBC_ZALLOC(ctx, F, nv);
    if (st == GBC_OK)
        st = sv_check_factors(ctx, F, P, n, t);
    int zero = 0;
    if (st == GBC_OK)
        st = form_vanishes(ctx, &zero, F, P, in);
    size_t at = 0;
    for (size_t g = 0; g < in->ngens && st == GBC_OK && zero; g++) {
        size_t m = in->nterms[g];
        st = gen_vanishes(ctx, &zero, &M, F, P, n, m, in->exps + at * n, in->coefs + at, L);
        at += m;
        if (st == GBC_OK && zero)
            st = gbc_ctx_check(ctx);
    }
    *ok = st == GBC_OK && zero;
    if (F != NULL)
        for (uint32_t i = 0; i < nv; i++)
            sv_zpoly_clear(ctx, &F[i]);
    gbc_free(ctx, F);
    mcache_clear(ctx, &M);
    mpz_clear(t);
    mpz_clear(L);
    return st;
}

/* Whether W (integer, degree >= 1) is squarefree, proved modulo primes: a prime
 * q not dividing lc(W) with gcd(W mod q, W' mod q) = 1 makes disc(W) nonzero mod q,
 * so nonzero. Tries a few primes below 2^30, then the exact test over Z. */
gbc_status sv_squarefree_proved(gbc_ctx *ctx, int *sq, const sv_zpoly *W)
{
    size_t n = W->n;
    uint32_t *A = NULL, *B = NULL;
    *sq = 0;
    gbc_status st = GBC_ALLOC(ctx, A, n);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, B, n);
    uint32_t q = 1073741827u; /* the first prime above 2^30; the primes below it next */
    for (int tries = 0; st == GBC_OK && tries < 4 && !*sq; tries++) {
        q = sv_prime_below(q);
        if (mpz_fdiv_ui(W->c[n - 1], q) == 0)
            continue;
        for (size_t i = 0; i < n; i++)
            A[i] = (uint32_t)mpz_fdiv_ui(W->c[i], q);
        for (size_t i = 1; i < n; i++)
            B[i - 1] = sv_mulm(A[i], (uint32_t)(i % q), q);
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

gbc_status sv_qinput_init(gbc_ctx *ctx, sv_qinput *in, const gbc_polys *gens, uint32_t n,
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

void sv_qinput_clear(gbc_ctx *ctx, sv_qinput *in)
{
    if (in->coefs != NULL)
        for (size_t t = 0; t < in->total; t++)
            mpq_clear(in->coefs[t]);
    gbc_free(ctx, in->coefs);
    gbc_free(ctx, in->exps);
    gbc_free(ctx, in->nterms);
}

gbc_status sv_qcheck(gbc_ctx *ctx, int *found, const sv_param *P, const sv_qinput *in)
{
    int sq = 0, chk = 0;
    gbc_status st = sv_squarefree_proved(ctx, &sq, &P->W);
    if (st == GBC_OK && sq)
        st = check_over_q(ctx, &chk, P, in);
    *found = st == GBC_OK && sq && chk;
    return st;
}

gbc_status sv_param_check_q(gbc_ctx *ctx, int *ok, const sv_param *P, const gbc_polys *gens,
                            const int64_t *form)
{
    sv_qinput in;
    memset(&in, 0, sizeof in);
    *ok = 0;
    if (P->W.n < 2 || P->n != gbc_ring_nvars(gbc_polys_ring(gens)))
        return GBC_ERR_ARG;
    gbc_status st = sv_qinput_init(ctx, &in, gens, P->n, form);
    if (st == GBC_OK)
        st = sv_qcheck(ctx, ok, P, &in);
    sv_qinput_clear(ctx, &in);
    return st;
}
