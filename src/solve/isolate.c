/* solve/isolate.c: real root isolation of an integer polynomial by Descartes' rule
 * with bisection on approximate coefficients (docs/solve.md, step 5). A node's
 * polynomial is held at a working precision as integer mantissas with error radii
 * that enclose the exact coefficients (up to one positive factor); a count of sign
 * variations is used only when every sign is certain, else the node is recomputed
 * from the exact polynomial at twice the precision (exact once nothing is cut). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "solve/solve.h"

/* The first working precision in bits (the largest mantissa of a node keeps this
 * many; msolve starts near it). */
#define ISO_PREC0 128

/* A polynomial with interval coefficients: the exact coefficient i (times one
 * positive factor common to all) lies in [m[i] - r[i], m[i] + r[i]]. r[i] is an
 * upper bound (possibly infinite); r[i] = 0 makes coefficient i exact. cap mpz_t
 * initialised; zb bytes of limbs charged to the context. */
typedef struct apoly {
    mpz_t *m;
    double *r;
    size_t n, cap, zb;
} apoly;

/* a + b rounded up (a, b >= 0): round-to-nearest loses at most a relative 2^-53,
 * the factor 1 + 2^-50 more than makes it up (an infinity stays one). */
static inline double add_up(double a, double b)
{
    double s = a + b;
    return s == 0 ? 0 : s * (1 + 0x1p-50);
}

static gbc_status ap_init(gbc_ctx *ctx, apoly *A, size_t n)
{
    memset(A, 0, sizeof *A);
    size_t cap = n > 0 ? n : 1;
    gbc_status st = GBC_ALLOC(ctx, A->m, cap);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, A->r, cap);
    if (st != GBC_OK) {
        gbc_free(ctx, A->m);
        A->m = NULL;
        return st;
    }
    for (size_t i = 0; i < cap; i++) {
        mpz_init(A->m[i]);
        A->r[i] = 0;
    }
    A->n = n;
    A->cap = cap;
    return GBC_OK;
}

static void ap_clear(gbc_ctx *ctx, apoly *A)
{
    gbc_ctx_uncharge(ctx, A->zb);
    if (A->m != NULL)
        for (size_t i = 0; i < A->cap; i++)
            mpz_clear(A->m[i]);
    gbc_free(ctx, A->m);
    gbc_free(ctx, A->r);
    memset(A, 0, sizeof *A);
}

/* Replace A's charge by the bytes its limbs hold now, plus extra (a bound on what
 * the next step adds). */
static gbc_status ap_settle(gbc_ctx *ctx, apoly *A, size_t extra)
{
    size_t b = extra;
    for (size_t i = 0; i < A->n; i++)
        b += gbc_mpz_heap(A->m[i]);
    if (b > A->zb)
        GBC_TRY(gbc_ctx_charge(ctx, b - A->zb));
    else
        gbc_ctx_uncharge(ctx, A->zb - b);
    A->zb = b;
    return GBC_OK;
}

/* B <- A (B initialised with cap >= A->n). */
static gbc_status ap_copy(gbc_ctx *ctx, apoly *B, const apoly *A)
{
    B->n = A->n;
    for (size_t i = 0; i < A->n; i++) {
        mpz_set(B->m[i], A->m[i]);
        B->r[i] = A->r[i];
    }
    return ap_settle(ctx, B, 0);
}

/* The sign of coefficient i when certain: 1 or -1, 0 for an exact zero; 2 when
 * the interval holds 0 and more. */
static int ap_sgn(const apoly *A, size_t i)
{
    int s = mpz_sgn(A->m[i]);
    if (A->r[i] == 0)
        return s;
    if (s == 0)
        return 2;
    return mpz_cmpabs_d(A->m[i], A->r[i]) > 0 ? s : 2;
}

/* The least and the most sign variations of a sequence whose entry i may take any
 * sign (ap_sgn: 1, -1, 0 certain; 2 any of them), fed one entry at a time: over the
 * prefixes whose last nonzero sign is k (0: none yet, 1: positive, 2: negative),
 * the least (lo) and most (hi) variations; -1: no such prefix. */
typedef struct varst {
    long lo[3], hi[3];
} varst;

static void var_init(varst *V)
{
    V->lo[0] = V->hi[0] = 0;
    V->lo[1] = V->lo[2] = V->hi[1] = V->hi[2] = -1;
}

static void var_step(varst *V, int s)
{
    if (s == 0)
        return;
    long nlo[3], nhi[3];
    for (int k = 0; k < 3; k++) {
        nlo[k] = s == 2 ? V->lo[k] : -1; /* the entry taken as 0 */
        nhi[k] = s == 2 ? V->hi[k] : -1;
    }
    for (int t = 1; t <= 2; t++) { /* the entry taken positive (1) or negative (2) */
        if (s != 2 && s != (t == 1 ? 1 : -1))
            continue;
        for (int k = 0; k < 3; k++) {
            if (V->lo[k] < 0)
                continue;
            long add = k != 0 && k != t;
            if (nlo[t] < 0 || V->lo[k] + add < nlo[t])
                nlo[t] = V->lo[k] + add;
            if (nhi[t] < 0 || V->hi[k] + add > nhi[t])
                nhi[t] = V->hi[k] + add;
        }
    }
    memcpy(V->lo, nlo, sizeof nlo);
    memcpy(V->hi, nhi, sizeof nhi);
}

/* The least and the most counts over the sequence fed so far. */
static void var_get(const varst *V, long *vmin, long *vmax)
{
    *vmin = -1;
    *vmax = 0;
    for (int k = 0; k < 3; k++)
        if (V->lo[k] >= 0) {
            if (*vmin < 0 || V->lo[k] < *vmin)
                *vmin = V->lo[k];
            if (V->hi[k] > *vmax)
                *vmax = V->hi[k];
        }
}

/* Keep at most L bits in the largest mantissa or radius: every coefficient divided
 * by one power of two 2^t, the mantissa rounded down and the radius up by one unit
 * (an exact quotient stays exact). The enclosure holds (for 2^-t times the
 * polynomial: the same roots). */
static void ap_trunc(apoly *A, unsigned long L)
{
    size_t b = 0;
    for (size_t i = 0; i < A->n; i++) {
        if (mpz_sgn(A->m[i]) != 0) {
            size_t x = mpz_sizeinbase(A->m[i], 2);
            if (x > b)
                b = x;
        }
        if (isfinite(A->r[i]) && A->r[i] >= 1) {
            int ex = 0;
            (void)frexp(A->r[i], &ex);
            if ((size_t)ex > b)
                b = (size_t)ex;
        }
    }
    /* the mantissa's bits below its radius are noise: keep radii below 2^RAD_BITS
     * (doubles then hold them through a halving and a shift up to degree ~900) */
    size_t t0 = b > L ? b - L : 0;
    for (size_t i = 0; i < A->n; i++)
        if (A->r[i] >= 0x1p62) {
            int ex = 0;
            (void)frexp(A->r[i], &ex);
            size_t want = isfinite(A->r[i]) ? (size_t)ex - 61 : b;
            if (want > t0)
                t0 = want;
        }
    if (t0 == 0)
        return;
    unsigned long t = (unsigned long)t0;
    for (size_t i = 0; i < A->n; i++) {
        if (A->r[i] == 0 &&
            (mpz_sgn(A->m[i]) == 0 || mpz_scan1(A->m[i], 0) >= (mp_bitcnt_t)t)) {
            mpz_fdiv_q_2exp(A->m[i], A->m[i], t); /* exact */
            continue;
        }
        mpz_fdiv_q_2exp(A->m[i], A->m[i], t);
        double r = t > 4000 ? 0 : ldexp(A->r[i], -(int)t);
        A->r[i] = add_up(r, 1);
    }
}

/* x (w limbs) <- z in two's complement (|z| < 2^(64 w - 1)). */
static void to_twos(mp_limb_t *x, const mpz_t z, size_t w)
{
    size_t k = mpz_size(z);
    const mp_limb_t *l = mpz_limbs_read(z);
    for (size_t i = 0; i < w; i++)
        x[i] = i < k ? l[i] : 0;
    if (mpz_sgn(z) < 0)
        mpn_neg(x, x, (mp_size_t)w);
}

/* z <- the two's complement x (w limbs), which it overwrites. */
static void from_twos(mpz_t z, mp_limb_t *x, size_t w)
{
    int neg = (x[w - 1] >> (GMP_NUMB_BITS - 1)) != 0;
    if (neg)
        mpn_neg(x, x, (mp_size_t)w);
    size_t k = w;
    while (k > 0 && x[k - 1] == 0)
        k--;
    mp_limb_t *l = mpz_limbs_write(z, (mp_size_t)(k > 0 ? k : 1));
    for (size_t i = 0; i < k; i++)
        l[i] = x[i];
    mpz_limbs_finish(z, neg ? -(mp_size_t)k : (mp_size_t)k);
}

/* A(x) <- A(x + 1): the classical Taylor shift on the mantissas (exact) and on the
 * radii (rounded up). Coefficient j becomes sum_(i >= j) binom(i, j) c_i, below
 * 2^n max |c_i| (n coefficients): the mantissas are added as two's complement
 * numbers of one fixed width that holds that (mpn_add_n wraps, the width keeps
 * every partial sum exact), then read back; with V (not NULL) the new coefficients
 * are fed to V. */
static gbc_status ap_shift1_var(gbc_ctx *ctx, apoly *A, varst *V)
{
    size_t n = A->n;
    if (n < 2) {
        for (size_t i = 0; V != NULL && i < n; i++)
            var_step(V, ap_sgn(A, i));
        return GBC_OK;
    }
    size_t b = 0;
    for (size_t i = 0; i < n; i++)
        if (mpz_size(A->m[i]) > b)
            b = mpz_size(A->m[i]);
    size_t w = b + n / GMP_NUMB_BITS + 2;
    mp_limb_t *x = NULL;
    GBC_TRY(GBC_ALLOC(ctx, x, n * w));
    gbc_status st = ap_settle(ctx, A, n * sv_bits_bytes(n));
    for (size_t i = 0; i < n && st == GBC_OK; i++)
        to_twos(x + i * w, A->m[i], w);
    for (size_t i = 0; i + 1 < n && st == GBC_OK; i++) {
        st = sv_poll(ctx, (n - i) * w);
        if (st != GBC_OK)
            break;
        for (size_t j = n - 1; j-- > i;) {
            mpn_add_n(x + j * w, x + j * w, x + (j + 1) * w, (mp_size_t)w);
            if (A->r[j + 1] != 0 || A->r[j] != 0)
                A->r[j] = add_up(A->r[j], A->r[j + 1]);
        }
    }
    if (st == GBC_OK)
        for (size_t i = 0; i < n; i++) {
            from_twos(A->m[i], x + i * w, w);
            if (V != NULL)
                var_step(V, ap_sgn(A, i));
        }
    gbc_free(ctx, x);
    return st == GBC_OK ? ap_settle(ctx, A, 0) : st;
}

static gbc_status ap_shift1(gbc_ctx *ctx, apoly *A)
{
    return ap_shift1_var(ctx, A, NULL);
}

/* A(x) <- 2^d A(x / 2) (d = deg A): coefficient i times 2^(d - i), exact. */
static gbc_status ap_halve(gbc_ctx *ctx, apoly *A)
{
    size_t d = A->n - 1;
    GBC_TRY(ap_settle(ctx, A, A->n * sv_bits_bytes(d)));
    for (size_t i = 0; i < d; i++) {
        mpz_mul_2exp(A->m[i], A->m[i], d - i);
        A->r[i] = d - i > 4000 && A->r[i] != 0 ? INFINITY : ldexp(A->r[i], (int)(d - i));
    }
    return ap_settle(ctx, A, 0);
}

/* A <- A / (x - 1), when A(1) = 0 exactly (synthetic division: additions only, the
 * quotient's enclosure from A's). */
static void ap_div_xm1(apoly *A)
{
    for (size_t k = A->n - 1; k-- > 0;) {
        mpz_add(A->m[k], A->m[k], A->m[k + 1]);
        A->r[k] = add_up(A->r[k], A->r[k + 1]);
    }
    /* coefficient 0 is now the remainder, 0: drop it (moved to the end) */
    for (size_t k = 0; k + 1 < A->n; k++) {
        mpz_swap(A->m[k], A->m[k + 1]);
        A->r[k] = A->r[k + 1];
    }
    A->n--;
}

/* The sign of A(1) (the sum of the coefficients) when certain, else 2. */
static int ap_sgn_at1(const apoly *A, mpz_t tmp)
{
    mpz_set_ui(tmp, 0);
    double r = 0;
    for (size_t i = 0; i < A->n; i++) {
        mpz_add(tmp, tmp, A->m[i]);
        if (A->r[i] != 0)
            r = add_up(r, A->r[i]);
    }
    int s = mpz_sgn(tmp);
    if (r == 0)
        return s;
    return s != 0 && mpz_cmpabs_d(tmp, r) > 0 ? s : 2;
}

/* Descartes' bound on q's roots in (0, 1), the sign variations v of
 * (x+1)^d q(1/(x+1)), as far as q's precision decides it: *var = 0 when v = 0,
 * 1 when v = 1, 2 when v >= 2, -1 when undecided; vmin <= v <= vmax (the least
 * and the most counts over the signs q's intervals allow). T: scratch with cap >=
 * q->n. */
static gbc_status ap_descartes(gbc_ctx *ctx, long *var, long *vmin, long *vmax, const apoly *q,
                               apoly *T)
{
    T->n = q->n;
    for (size_t i = 0; i < q->n; i++) {
        mpz_set(T->m[i], q->m[q->n - 1 - i]);
        T->r[i] = q->r[q->n - 1 - i];
    }
    varst V;
    var_init(&V);
    GBC_TRY(ap_shift1_var(ctx, T, &V));
    var_get(&V, vmin, vmax);
    if (*vmax == 0)
        *var = 0;
    else if (*vmin >= 2)
        *var = 2;
    else if (*vmin == 1 && *vmax == 1)
        *var = 1;
    else
        *var = -1;
    return GBC_OK;
}

/* The precision to retry a node at when T, its Descartes sequence at precision L,
 * left the count undecided. The radii come from the roundings to L bits, so they
 * shrink in proportion to the bits added: an uncertain entry with radius r and
 * mantissa m asks log2(r / |m|) more, counted twice, and 64 spare. Twice L when
 * an uncertain mantissa is 0 or the gap is L or more (nothing to go by), and at
 * least L + L/4: a retry recomputes the node from Q, and on katsura-9's eliminant
 * (degree 511) factors 1.125, 1.25, 1.5 and 2 cost 5.5, 5.3, 5.9 and 6.3e9 limb
 * additions in the Taylor shifts. */
static unsigned long ap_want(const apoly *T, unsigned long L)
{
    unsigned long g = 0;
    for (size_t i = 0; i < T->n; i++) {
        if (ap_sgn(T, i) != 2)
            continue;
        if (mpz_sgn(T->m[i]) == 0 || !isfinite(T->r[i]))
            return 2 * L;
        int ex = 0;
        (void)frexp(T->r[i], &ex);
        long gap = (long)ex - (long)mpz_sizeinbase(T->m[i], 2) + 1;
        if (gap > 0 && (unsigned long)gap > g)
            g = (unsigned long)gap;
    }
    if (g >= L)
        return 2 * L;
    unsigned long w = L + 2 * g + 64;
    return w < L + L / 4 ? L + L / 4 : w;
}

/* A node of the bisection: q encloses (a positive multiple of) the exact
 * polynomial whose roots in (0, 1) are those of Q (the half's polynomial) in
 * (c / 2^j, (c + 1) / 2^j), with the exact roots found at bisection points
 * divided out; prec is its working precision. mid: the exact root c / 2^j
 * instead (q unused). */
typedef struct anode {
    apoly q;
    mpz_t c;
    unsigned long j, prec;
    int mid;
    long var;  /* Descartes' count at prec when taken (ap_descartes' *var), -2 if not */
    long vmax; /* a bound on the exact count, LONG_MAX if none */
    unsigned long want; /* with var = -1: the precision to retry at (ap_want) */
} anode;

/* What the bisection shares: the half's exact polynomial Q and scratch. */
typedef struct aiso {
    const sv_zpoly *Q;
    apoly T;
    mpz_t tmp;
} aiso;

/* q (a node's polynomial at (c, j)) <- its left half's, 2^d q(x / 2) at precision
 * L; *mid = 1 when the midpoint (2c + 1) / 2^(j+1) is an exact root of Q, which is
 * then divided out (q has the factor x - 1). The sign of q(1) decides when it is
 * certain; else Q's exact sign at the point. *sm (unless NULL): the sign of the
 * node's polynomial at the midpoint, 1 or -1 when q decided it, else 2. */
static gbc_status ap_left(gbc_ctx *ctx, int *mid, int *sm, apoly *q, aiso *I, const mpz_t c,
                          unsigned long j, unsigned long L)
{
    *mid = 0;
    GBC_TRY(ap_halve(ctx, q));
    ap_trunc(q, L);
    int s = ap_sgn_at1(q, I->tmp);
    if (sm != NULL)
        *sm = s == 0 ? 2 : s;
    if (s == 2) {
        mpz_mul_2exp(I->tmp, c, 1);
        mpz_add_ui(I->tmp, I->tmp, 1);
        GBC_TRY(sv_zpoly_sign_dyadic(ctx, &s, I->Q, I->tmp, j + 1));
    }
    if (s == 0) {
        *mid = 1;
        ap_div_xm1(q);
    }
    return ap_settle(ctx, q, 0);
}

/* q <- the polynomial of the node (c, j) at precision L, from Q exactly, down the
 * path of c's bits (the same halvings, shifts and divisions as the bisection). */
static gbc_status ap_node(gbc_ctx *ctx, apoly *q, aiso *I, const mpz_t c, unsigned long j,
                          unsigned long L)
{
    const sv_zpoly *Q = I->Q;
    q->n = Q->n;
    for (size_t i = 0; i < Q->n; i++) {
        mpz_set(q->m[i], Q->c[i]);
        q->r[i] = 0;
    }
    ap_trunc(q, L);
    GBC_TRY(ap_settle(ctx, q, 0));
    mpz_t pre;
    mpz_init(pre);
    gbc_status st = GBC_OK;
    for (unsigned long l = j; l-- > 0 && st == GBC_OK && q->n > 1;) {
        int mid = 0;
        mpz_fdiv_q_2exp(pre, c, l + 1);
        st = ap_left(ctx, &mid, NULL, q, I, pre, j - 1 - l, L);
        if (st == GBC_OK && mpz_tstbit(c, l)) {
            st = ap_shift1(ctx, q);
            ap_trunc(q, L);
        }
    }
    mpz_clear(pre);
    return st == GBC_OK ? ap_settle(ctx, q, 0) : st;
}

static void anode_clear(gbc_ctx *ctx, anode *a)
{
    ap_clear(ctx, &a->q);
    mpz_clear(a->c);
}

/* Bisect cur (consumed: moved onto the stack or cleared) and push its right half,
 * the midpoint when it is an exact root, then its left half (on top: the roots
 * come out in increasing order of |t|). With at most two roots in cur (vmax <= 2)
 * and q's signs certain and alternating at 0, 1/2 and 1, each half holds one root
 * and both are emitted at once (*done = 1): each half's Descartes count is odd
 * (the parity of its roots) and the two add up to at most 2, so the bisection
 * would have emitted them as they are. */
static gbc_status push_halves(gbc_ctx *ctx, sv_rootlist *L, anode **stack, size_t *cap,
                              size_t *top, anode cur, aiso *I, long vmax, int s,
                              unsigned long k)
{
    int mid = 0, s0 = 2, s1 = 2, sm = 2;
    if (vmax <= 2) {
        s0 = ap_sgn(&cur.q, 0);
        s1 = ap_sgn_at1(&cur.q, I->tmp);
    }
    gbc_status st = ap_left(ctx, &mid, &sm, &cur.q, I, cur.c, cur.j, cur.prec);
    if (st == GBC_OK && !mid && (s0 == 1 || s0 == -1) && (s1 == 1 || s1 == -1) &&
        s0 * sm == -1 && sm * s1 == -1) {
        mpz_mul_2exp(cur.c, cur.c, 1);
        st = sv_roots_emit(ctx, L, s, k, cur.c, cur.j + 1, 0);
        mpz_add_ui(cur.c, cur.c, 1);
        if (st == GBC_OK)
            st = sv_roots_emit(ctx, L, s, k, cur.c, cur.j + 1, 0);
        anode_clear(ctx, &cur);
        return st;
    }
    anode right;
    mpz_init(right.c);
    if (st == GBC_OK)
        st = ap_init(ctx, &right.q, I->Q->n);
    else
        memset(&right.q, 0, sizeof right.q);
    /* the left half's count first: V_left + V_right <= V (Descartes' counts of one
     * polynomial over an interval and its halves), so a left half that takes all
     * of V leaves the right half none: it is not made */
    long lvar = 0, lmin = 0, lmax = 0;
    if (st == GBC_OK && !mid && cur.q.n > 1)
        st = ap_descartes(ctx, &lvar, &lmin, &lmax, &cur.q, &I->T);
    int skip = st == GBC_OK && !mid && vmax != LONG_MAX && lmin >= vmax;
    if (st == GBC_OK && !skip)
        st = ap_copy(ctx, &right.q, &cur.q);
    if (st == GBC_OK && !skip)
        st = ap_shift1(ctx, &right.q);
    if (st == GBC_OK && !skip) {
        ap_trunc(&right.q, cur.prec);
        st = ap_settle(ctx, &right.q, 0);
    }
    if (st == GBC_OK)
        st = GBC_GROW(ctx, *stack, *cap, *top + 3);
    if (st != GBC_OK) {
        anode_clear(ctx, &cur);
        anode_clear(ctx, &right);
        return st;
    }
    mpz_mul_2exp(cur.c, cur.c, 1);
    cur.j++;
    mpz_add_ui(right.c, cur.c, 1);
    right.j = cur.j;
    right.prec = cur.prec;
    right.mid = 0;
    right.var = -2;
    right.want = 0;
    right.vmax = mid || vmax == LONG_MAX ? LONG_MAX : vmax - lmin;
    if (mid) {
        (*stack)[(*top)++] = right;
        anode *m = &(*stack)[(*top)++];
        memset(&m->q, 0, sizeof m->q);
        mpz_init_set(m->c, right.c);
        m->j = right.j;
        m->mid = 1;
        m->var = -2;
        m->want = 0;
        m->vmax = LONG_MAX;
    } else if (skip) {
        anode_clear(ctx, &right);
    } else {
        (*stack)[(*top)++] = right;
    }
    cur.var = mid ? -2 : lvar;
    cur.want = !mid && lvar == -1 ? ap_want(&I->T, cur.prec) : 0;
    cur.vmax = mid ? LONG_MAX : lmax < vmax ? lmax : vmax;
    (*stack)[(*top)++] = cur;
    return GBC_OK;
}

/* One node taken off the stack: an exact root emitted; else Descartes' count at
 * the node's precision, the precision raised (ap_want; the node recomputed)
 * while a sign is uncertain; 0: dropped, 1: its interval emitted, more: bisected.
 * cur is consumed. */
static gbc_status visit(gbc_ctx *ctx, sv_rootlist *L, anode **stack, size_t *cap, size_t *top,
                        anode cur, aiso *I, int s, unsigned long k)
{
    gbc_status st = GBC_OK;
    long var = 0, vmin = 0, vmax = LONG_MAX, vm = cur.vmax;
    unsigned long want = cur.want;
    if (!cur.mid && cur.q.n > 1) {
        var = cur.var;
        if (var == -2) {
            st = ap_descartes(ctx, &var, &vmin, &vmax, &cur.q, &I->T);
            want = st == GBC_OK && var < 0 ? ap_want(&I->T, cur.prec) : 0;
        }
    }
    while (st == GBC_OK && var < 0) {
        cur.prec = want > cur.prec ? want : 2 * cur.prec;
        st = ap_node(ctx, &cur.q, I, cur.c, cur.j, cur.prec);
        if (st == GBC_OK)
            st = ap_descartes(ctx, &var, &vmin, &vmax, &cur.q, &I->T);
        want = st == GBC_OK && var < 0 ? ap_want(&I->T, cur.prec) : 0;
    }
    if (vmax < vm)
        vm = vmax;
    if (st == GBC_OK && (cur.mid || var == 1))
        st = sv_roots_emit(ctx, L, s, k, cur.c, cur.j, cur.mid);
    if (st != GBC_OK || cur.mid || var <= 1) {
        anode_clear(ctx, &cur);
        return st;
    }
    return push_halves(ctx, L, stack, cap, top, cur, I, vm, s, k);
}

/* *Q (initialised here) = P(s 2^k x) over the largest power of two dividing it. */
static gbc_status scaled_half(gbc_ctx *ctx, sv_zpoly *Q, const sv_zpoly *P, int s,
                              unsigned long k)
{
    GBC_TRY(sv_zpoly_init(ctx, Q, P->n));
    gbc_status st = sv_zpoly_reserve(ctx, Q, sv_zpoly_bytes(P) + P->n * sv_bits_bytes(k * P->n));
    if (st != GBC_OK) {
        sv_zpoly_clear(ctx, Q);
        return st;
    }
    mp_bitcnt_t v = ~(mp_bitcnt_t)0;
    for (size_t i = 0; i < P->n; i++) {
        mpz_mul_2exp(Q->c[i], P->c[i], k * i);
        if (s < 0 && (i & 1))
            mpz_neg(Q->c[i], Q->c[i]);
        if (mpz_sgn(Q->c[i]) != 0 && mpz_scan1(Q->c[i], 0) < v)
            v = mpz_scan1(Q->c[i], 0);
    }
    if (v != 0 && v != ~(mp_bitcnt_t)0)
        for (size_t i = 0; i < P->n; i++)
            mpz_fdiv_q_2exp(Q->c[i], Q->c[i], v);
    return sv_zpoly_settle(ctx, Q);
}

gbc_status sv_isolate_half_approx(gbc_ctx *ctx, sv_rootlist *L, const sv_zpoly *P, int s,
                                  unsigned long k)
{
    sv_zpoly Q;
    GBC_TRY(scaled_half(ctx, &Q, P, s, k));
    aiso I;
    I.Q = &Q;
    mpz_init(I.tmp);
    anode *stack = NULL;
    size_t top = 0, cap = 0;
    gbc_status st = ap_init(ctx, &I.T, Q.n);
    if (st == GBC_OK)
        st = GBC_GROW(ctx, stack, cap, 1);
    if (st == GBC_OK)
        st = ap_init(ctx, &stack[0].q, Q.n);
    if (st == GBC_OK) {
        mpz_init(stack[0].c);
        stack[0].j = 0;
        stack[0].prec = ISO_PREC0 + Q.n;
        stack[0].mid = 0;
        stack[0].var = -2;
        stack[0].want = 0;
        stack[0].vmax = LONG_MAX;
        top = 1;
        st = ap_node(ctx, &stack[0].q, &I, stack[0].c, 0, stack[0].prec);
    }
    while (top > 0 && st == GBC_OK) {
        st = gbc_ctx_check(ctx);
        if (st == GBC_OK) {
            anode cur = stack[--top];
            st = visit(ctx, L, &stack, &cap, &top, cur, &I, s, k);
        }
    }
    for (size_t i = 0; i < top; i++)
        anode_clear(ctx, &stack[i]);
    gbc_free(ctx, stack);
    ap_clear(ctx, &I.T);
    mpz_clear(I.tmp);
    sv_zpoly_clear(ctx, &Q);
    return st;
}

/* The sign of P just right of each non-exact interval's left end a: P(a), or
 * P'(a) (D) when a is a root (exact). */
static gbc_status left_signs(gbc_ctx *ctx, sv_rootlist *L, const sv_zpoly *P, const sv_zpoly *D)
{
    for (size_t i = 0; i < L->n; i++) {
        if (L->r[i].exact)
            continue;
        int s = 0;
        GBC_TRY(sv_zpoly_sign_dyadic_approx(ctx, &s, P, L->r[i].a, L->r[i].e));
        if (s == 0)
            GBC_TRY(sv_zpoly_sign_dyadic(ctx, &s, D, L->r[i].a, L->r[i].e));
        if (s == 0)
            return GBC_ERR_INTERNAL; /* P was not squarefree */
        L->r[i].sa = s;
    }
    return GBC_OK;
}

/* sv_isolate and sv_isolate_exact: the root at 0 divided out, Cauchy's bound 2^k,
 * each half-line (-2^k, 0) and (0, 2^k) by the given method. */
static gbc_status isolate_with(gbc_ctx *ctx, sv_rootlist *L, sv_zpoly *Q, int exact)
{
    /* a root at 0 (simple: P is squarefree) is exact; divide it out */
    int zero = mpz_sgn(Q->c[0]) == 0;
    if (zero) {
        mpz_clear(Q->c[0]);
        memmove(Q->c, Q->c + 1, sizeof(mpz_t) * (Q->cap - 1));
        mpz_init(Q->c[Q->cap - 1]);
        Q->n--;
    }
    /* Fujiwara's bound: |root| <= 2 max_i |c_(d-i) / c_d|^(1/i), and
     * |c_(d-i) / c_d| < 2^(bits(c_(d-i)) - bits(c_d) + 1): |root| < 2^k */
    size_t d = Q->n - 1, bd = mpz_sizeinbase(Q->c[d], 2);
    long mx = 0;
    for (size_t i = 1; i <= d; i++) {
        if (mpz_sgn(Q->c[d - i]) == 0)
            continue;
        long x = (long)mpz_sizeinbase(Q->c[d - i], 2) - (long)bd + 1;
        long c = x > 0 ? (x + (long)i - 1) / (long)i : 0; /* ceil(x / i), at least 0 */
        if (c > mx)
            mx = c;
    }
    unsigned long k = (unsigned long)mx + 1;
    gbc_status (*half)(gbc_ctx *, sv_rootlist *, const sv_zpoly *, int, unsigned long) =
        exact ? sv_isolate_half_exact : sv_isolate_half_approx;
    gbc_status st = GBC_OK;
    if (Q->n >= 2)
        st = half(ctx, L, Q, -1, k);
    size_t nneg = L->n;
    if (st == GBC_OK && zero) {
        mpz_t z;
        mpz_init(z);
        st = sv_roots_emit(ctx, L, 1, 0, z, 0, 1);
        mpz_clear(z);
    }
    if (st == GBC_OK && Q->n >= 2)
        st = half(ctx, L, Q, 1, k);
    if (st != GBC_OK)
        return st;
    /* the negative roots came in decreasing order */
    for (size_t i = 0, j = nneg; i + 1 < j; i++, j--) {
        sv_root t = L->r[i];
        L->r[i] = L->r[j - 1];
        L->r[j - 1] = t;
    }
    return GBC_OK;
}

static gbc_status isolate(gbc_ctx *ctx, sv_root **roots, size_t *nroots, const sv_zpoly *P,
                          int exact)
{
    sv_rootlist L = {NULL, 0, 0};
    sv_zpoly Q, D;
    *roots = NULL;
    *nroots = 0;
    GBC_TRY(sv_zpoly_copy(ctx, &Q, P));
    sv_zpoly_normalise(&Q);
    if (Q.n < 2) {
        sv_zpoly_clear(ctx, &Q);
        return GBC_OK;
    }
    gbc_status st = sv_zpoly_init(ctx, &D, Q.n - 1);
    if (st != GBC_OK) {
        sv_zpoly_clear(ctx, &Q);
        return st;
    }
    for (size_t i = 1; i < Q.n; i++)
        mpz_mul_ui(D.c[i - 1], Q.c[i], (unsigned long)i);
    st = sv_zpoly_settle(ctx, &D);
    if (st == GBC_OK)
        st = isolate_with(ctx, &L, &Q, exact);
    if (st == GBC_OK)
        st = left_signs(ctx, &L, P, &D);
    sv_zpoly_clear(ctx, &D);
    sv_zpoly_clear(ctx, &Q);
    if (st != GBC_OK) {
        sv_roots_free(ctx, L.r, L.n);
        return st;
    }
    *roots = L.r;
    *nroots = L.n;
    return GBC_OK;
}

gbc_status sv_isolate(gbc_ctx *ctx, sv_root **roots, size_t *nroots, const sv_zpoly *P)
{
    return isolate(ctx, roots, nroots, P, 0);
}

gbc_status sv_isolate_exact(gbc_ctx *ctx, sv_root **roots, size_t *nroots, const sv_zpoly *P)
{
    return isolate(ctx, roots, nroots, P, 1);
}
