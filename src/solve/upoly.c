/* solve/upoly.c: univariate polynomials over Z for the solver: the squarefree part
 * (primitive pseudo-remainder sequence), exact signs at rationals, and the exact
 * real root isolation by Descartes' rule of signs with bisection (the
 * Vincent-Collins-Akritas method: Collins and Akritas, SYMSAC 1976), every step in
 * integers: the reference for isolate.c's bisection on approximate coefficients. */
#include "solve/solve.h"

#include <string.h>

gbc_status sv_zpoly_init(gbc_ctx *ctx, sv_zpoly *P, size_t n)
{
    P->c = NULL;
    P->n = P->cap = 0;
    P->zb = 0;
    size_t cap = n > 0 ? n : 1;
    gbc_status st = GBC_ALLOC(ctx, P->c, cap);
    if (st != GBC_OK)
        return st;
    for (size_t i = 0; i < cap; i++)
        mpz_init(P->c[i]);
    P->n = n;
    P->cap = cap;
    return GBC_OK;
}

void sv_zpoly_clear(gbc_ctx *ctx, sv_zpoly *P)
{
    gbc_ctx_uncharge(ctx, P->zb);
    P->zb = 0;
    if (P->c != NULL) {
        for (size_t i = 0; i < P->cap; i++)
            mpz_clear(P->c[i]);
        gbc_free(ctx, P->c);
    }
    P->c = NULL;
    P->n = P->cap = 0;
}

size_t sv_zpoly_bytes(const sv_zpoly *P)
{
    size_t b = 0;
    for (size_t i = 0; i < P->n; i++)
        b += gbc_mpz_heap(P->c[i]);
    return b;
}

gbc_status sv_zpoly_reserve(gbc_ctx *ctx, sv_zpoly *P, size_t bytes)
{
    GBC_TRY(gbc_ctx_charge(ctx, bytes));
    P->zb += bytes;
    return GBC_OK;
}

gbc_status sv_zpoly_settle(gbc_ctx *ctx, sv_zpoly *P)
{
    size_t actual = sv_zpoly_bytes(P);
    if (actual < P->zb) {
        gbc_ctx_uncharge(ctx, P->zb - actual);
        P->zb = actual;
    } else if (actual > P->zb) {
        GBC_TRY(gbc_ctx_charge(ctx, actual - P->zb));
        P->zb = actual;
    }
    return GBC_OK;
}

void sv_zpoly_normalise(sv_zpoly *P)
{
    while (P->n > 0 && mpz_sgn(P->c[P->n - 1]) == 0)
        P->n--;
}

void sv_zpoly_primitive(sv_zpoly *P)
{
    sv_zpoly_normalise(P);
    if (P->n == 0)
        return;
    mpz_t g;
    mpz_init(g);
    for (size_t i = 0; i < P->n && mpz_cmp_ui(g, 1) != 0; i++)
        mpz_gcd(g, g, P->c[i]);
    if (mpz_sgn(P->c[P->n - 1]) < 0)
        mpz_neg(g, g);
    if (mpz_cmp_ui(g, 1) != 0)
        for (size_t i = 0; i < P->n; i++)
            mpz_divexact(P->c[i], P->c[i], g);
    mpz_clear(g);
}

gbc_status sv_zpoly_copy(gbc_ctx *ctx, sv_zpoly *Q, const sv_zpoly *P)
{
    gbc_status st = sv_zpoly_init(ctx, Q, P->n);
    if (st == GBC_OK)
        st = sv_zpoly_reserve(ctx, Q, sv_zpoly_bytes(P));
    if (st != GBC_OK) {
        sv_zpoly_clear(ctx, Q);
        return st;
    }
    for (size_t i = 0; i < P->n; i++)
        mpz_set(Q->c[i], P->c[i]);
    return GBC_OK;
}

gbc_status sv_zpoly_prem_primitive(gbc_ctx *ctx, sv_zpoly *A, const sv_zpoly *B)
{
    mpz_t lca;
    mpz_init(lca);
    size_t bbits = sv_zpoly_maxbits(B), blimbs = bbits / GMP_NUMB_BITS + 1;
    while (A->n >= B->n && A->n > 0) {
        /* the step makes A's coefficients at most bits(A) + bits(B) + 1 long */
        size_t abits = sv_zpoly_maxbits(A);
        gbc_status st = sv_poll(ctx, A->n * (abits / GMP_NUMB_BITS + blimbs));
        if (st == GBC_OK)
            st = sv_zpoly_reserve(ctx, A, A->n * sv_bits_bytes(abits + bbits + 1));
        if (st != GBC_OK) {
            mpz_clear(lca);
            return st;
        }
        size_t k = A->n - B->n;
        mpz_set(lca, A->c[A->n - 1]);
        for (size_t i = 0; i < A->n; i++)
            mpz_mul(A->c[i], A->c[i], B->c[B->n - 1]);
        for (size_t i = 0; i < B->n; i++)
            mpz_submul(A->c[i + k], lca, B->c[i]);
        sv_zpoly_normalise(A);
        sv_zpoly_primitive(A);
        st = sv_zpoly_settle(ctx, A);
        if (st != GBC_OK) {
            mpz_clear(lca);
            return st;
        }
    }
    mpz_clear(lca);
    return GBC_OK;
}

/* *G (initialised here) = the primitive gcd of A and B (both nonzero). */
static gbc_status zpoly_gcd(gbc_ctx *ctx, sv_zpoly *G, const sv_zpoly *A, const sv_zpoly *B)
{
    sv_zpoly X, Y;
    gbc_status st = sv_zpoly_copy(ctx, &X, A);
    if (st != GBC_OK)
        return st;
    st = sv_zpoly_copy(ctx, &Y, B);
    if (st != GBC_OK) {
        sv_zpoly_clear(ctx, &X);
        return st;
    }
    sv_zpoly_primitive(&X);
    sv_zpoly_primitive(&Y);
    if (X.n < Y.n) {
        sv_zpoly T = X;
        X = Y;
        Y = T;
    }
    while (Y.n > 0) {
        st = sv_zpoly_prem_primitive(ctx, &X, &Y);
        if (st != GBC_OK)
            break;
        sv_zpoly T = X;
        X = Y;
        Y = T;
    }
    sv_zpoly_clear(ctx, &Y);
    if (st != GBC_OK) {
        sv_zpoly_clear(ctx, &X);
        return st;
    }
    *G = X;
    return GBC_OK;
}

gbc_status sv_zpoly_squarefree(gbc_ctx *ctx, sv_zpoly *S, const sv_zpoly *P)
{
    gbc_status st = sv_zpoly_copy(ctx, S, P);
    if (st != GBC_OK)
        return st;
    sv_zpoly_primitive(S);
    if (S->n <= 2)
        return GBC_OK;
    sv_zpoly D, G;
    st = sv_zpoly_init(ctx, &D, S->n - 1);
    if (st != GBC_OK)
        goto fail;
    for (size_t i = 1; i < S->n; i++)
        mpz_mul_ui(D.c[i - 1], S->c[i], (unsigned long)i);
    st = sv_zpoly_settle(ctx, &D);
    if (st == GBC_OK)
        st = zpoly_gcd(ctx, &G, S, &D);
    sv_zpoly_clear(ctx, &D);
    if (st != GBC_OK)
        goto fail;
    if (G.n > 1) {
        /* S / G exactly: S and G primitive, so by Gauss's lemma the quotient has
         * integer coefficients and each leading division is exact */
        size_t qn = S->n - G.n + 1;
        sv_zpoly Q;
        st = sv_zpoly_init(ctx, &Q, qn);
        if (st != GBC_OK) {
            sv_zpoly_clear(ctx, &G);
            goto fail;
        }
        /* |quotient coefficients| need no more bits than S's (Mignotte's bound
         * allows more, but S / G with G primitive: charged by the settle) */
        for (size_t k = qn; k-- > 0 && st == GBC_OK;) {
            st = sv_poll(ctx, G.n * (mpz_size(S->c[k + G.n - 1]) + 1));
            if (st != GBC_OK)
                break;
            mpz_t *lead = &S->c[k + G.n - 1];
            if (!mpz_divisible_p(*lead, G.c[G.n - 1])) {
                st = GBC_ERR_INTERNAL;
                break;
            }
            mpz_divexact(Q.c[k], *lead, G.c[G.n - 1]);
            for (size_t i = 0; i < G.n; i++)
                mpz_submul(S->c[k + i], Q.c[k], G.c[i]);
        }
        sv_zpoly_normalise(S);
        if (st == GBC_OK && S->n != 0)
            st = GBC_ERR_INTERNAL; /* the division was not exact */
        sv_zpoly_clear(ctx, S);
        *S = Q;
        sv_zpoly_primitive(S);
        if (st == GBC_OK)
            st = sv_zpoly_settle(ctx, S);
        if (st != GBC_OK) {
            sv_zpoly_clear(ctx, &G);
            goto fail;
        }
    }
    sv_zpoly_clear(ctx, &G);
    return GBC_OK;
fail:
    sv_zpoly_clear(ctx, S);
    return st;
}

int sv_zpoly_sign_at(const sv_zpoly *P, const mpq_t x)
{
    /* sign of den^d P(num/den) = sum c_i num^i den^(d-i) (den > 0), by Horner */
    if (P->n == 0)
        return 0;
    mpz_t acc, pw;
    mpz_init_set(acc, P->c[P->n - 1]);
    mpz_init_set_ui(pw, 1);
    for (size_t i = P->n - 1; i-- > 0;) {
        mpz_mul(pw, pw, mpq_denref(x));
        mpz_mul(acc, acc, mpq_numref(x));
        mpz_addmul(acc, P->c[i], pw);
    }
    int s = mpz_sgn(acc);
    mpz_clear(acc);
    mpz_clear(pw);
    return s;
}

/* In place: P(t) <- P(t + 1) (classical Taylor shift, O(d^2) additions). The
 * coefficients grow by at most n bits (each is a sum of at most 2^n multiples of
 * the old ones): charged before, settled after. Polls ctx each row. */
static gbc_status taylor_shift1(gbc_ctx *ctx, sv_zpoly *P)
{
    size_t n = P->n;
    if (n < 2)
        return GBC_OK;
    size_t limbs = sv_zpoly_maxbits(P) / GMP_NUMB_BITS + n / GMP_NUMB_BITS + 1;
    GBC_TRY(sv_zpoly_reserve(ctx, P, n * sv_bits_bytes(n)));
    for (size_t i = 0; i + 1 < n; i++) {
        GBC_TRY(sv_poll(ctx, (n - i) * limbs));
        for (size_t j = n - 1; j-- > i;)
            mpz_add(P->c[j], P->c[j], P->c[j + 1]);
    }
    return sv_zpoly_settle(ctx, P);
}

/* Sign variations of the coefficients of (x+1)^d q(1/(x+1)), which bound (with
 * the same parity) the number of roots of q in (0, 1) (Descartes), into *nvar. T
 * is scratch with room for q->n coefficients (charged to ctx as it grows). */
static gbc_status descartes_01(gbc_ctx *ctx, unsigned long *nvar, const sv_zpoly *q,
                               sv_zpoly *T)
{
    *nvar = 0;
    T->n = q->n;
    gbc_status st = sv_zpoly_reserve(ctx, T, sv_zpoly_bytes(q));
    if (st != GBC_OK)
        return st;
    for (size_t i = 0; i < q->n; i++)
        mpz_set(T->c[i], q->c[q->n - 1 - i]);
    GBC_TRY(taylor_shift1(ctx, T));
    unsigned long var = 0;
    int last = 0;
    for (size_t i = 0; i < T->n; i++) {
        int s = mpz_sgn(T->c[i]);
        if (s != 0) {
            if (last != 0 && s != last)
                var++;
            last = s;
        }
    }
    *nvar = var;
    return GBC_OK;
}

/* Divide every coefficient by the largest power of two dividing them all. */
static void remove_two_power(sv_zpoly *q)
{
    mp_bitcnt_t v = ~(mp_bitcnt_t)0;
    for (size_t i = 0; i < q->n; i++)
        if (mpz_sgn(q->c[i]) != 0) {
            mp_bitcnt_t s = mpz_scan1(q->c[i], 0);
            if (s < v)
                v = s;
        }
    if (v != 0 && v != ~(mp_bitcnt_t)0)
        for (size_t i = 0; i < q->n; i++)
            mpz_fdiv_q_2exp(q->c[i], q->c[i], v);
}

/* A pending piece of the bisection: q's roots in (0, 1) are the roots in
 * (c/2^j, (c+1)/2^j) of the half's polynomial (x units); or (mid) the exact root
 * c/2^j. */
typedef struct piece {
    sv_zpoly q;
    mpz_t c;
    unsigned long j;
    int mid;
} piece;

gbc_status sv_roots_emit(gbc_ctx *ctx, sv_rootlist *L, int s, unsigned long k, const mpz_t c0,
                         unsigned long j, int exact)
{
    gbc_status st = GBC_GROW(ctx, L->r, L->cap, L->n + 1);
    if (st != GBC_OK)
        return st;
    sv_root *r = &L->r[L->n++];
    mpz_init(r->a);
    mpz_init(r->b);
    r->exact = exact;
    r->sa = 0;
    /* the endpoints c0 2^k / 2^j and (c0 + 1) 2^k / 2^j, over 2^e with e >= 0 */
    unsigned long up = k >= j ? k - j : 0;
    r->e = k >= j ? 0 : j - k;
    mpz_mul_2exp(r->a, c0, up);
    if (exact) {
        mpz_set(r->b, r->a);
    } else {
        mpz_add_ui(r->b, c0, 1);
        mpz_mul_2exp(r->b, r->b, up);
    }
    if (s < 0) {
        mpz_neg(r->a, r->a);
        mpz_neg(r->b, r->b);
        mpz_swap(r->a, r->b);
    }
    return GBC_OK;
}

static void piece_clear(gbc_ctx *ctx, piece *p)
{
    sv_zpoly_clear(ctx, &p->q);
    mpz_clear(p->c);
}

/* The first piece, for the roots of P in the half s (sv_isolate_half_exact), into *first:
 * Q(x) = P(s 2^k x), whose roots in (0, 1) are those of P in the half, scaled. */
static gbc_status first_piece(gbc_ctx *ctx, piece *first, const sv_zpoly *P, int s,
                              unsigned long k)
{
    gbc_status st = sv_zpoly_init(ctx, &first->q, P->n);
    if (st != GBC_OK)
        return st;
    mpz_init(first->c);
    first->j = 0;
    first->mid = 0;
    /* coefficient i grows by k i bits */
    st = sv_zpoly_reserve(ctx, &first->q,
                          sv_zpoly_bytes(P) + P->n * sv_bits_bytes(k * P->n));
    if (st != GBC_OK) {
        piece_clear(ctx, first);
        return st;
    }
    for (size_t i = 0; i < P->n; i++) {
        mpz_mul_2exp(first->q.c[i], P->c[i], k * i);
        if (s < 0 && (i & 1))
            mpz_neg(first->q.c[i], first->q.c[i]);
    }
    remove_two_power(&first->q);
    st = sv_zpoly_settle(ctx, &first->q);
    if (st != GBC_OK)
        piece_clear(ctx, first);
    return st;
}

/* q <- q / (x - 1) when q(1) = 0 (synthetic division, exact). */
static void div_xm1(sv_zpoly *q)
{
    for (size_t k = q->n - 1; k-- > 0;)
        mpz_add(q->c[k], q->c[k], q->c[k + 1]);
    /* coefficient 0 is now the remainder, 0: drop it (moved to the end) */
    for (size_t k = 0; k + 1 < q->n; k++)
        mpz_swap(q->c[k], q->c[k + 1]);
    q->n--;
}

/* Bisect cur (two or more sign variations) and push the pieces on the stack
 * (*top of them, room *cap): its right half, the midpoint when it is an exact
 * root, then its left half (on top: the roots come out in increasing order of
 * |t|). A root at the midpoint is divided out of both halves, as the approximate
 * path does (isolate.c), so that the two paths take the same counts. cur is
 * consumed: moved onto the stack, or cleared on failure. */
static gbc_status push_halves(gbc_ctx *ctx, piece **stack, size_t *cap, size_t *top, piece cur)
{
    /* halves: left q1(x) = 2^e q(x/2) (e = deg q), right q2(x) = q1(x + 1) */
    size_t e = cur.q.n - 1;
    gbc_status st = sv_zpoly_reserve(ctx, &cur.q, cur.q.n * sv_bits_bytes(e));
    if (st != GBC_OK) {
        piece_clear(ctx, &cur);
        return st;
    }
    for (size_t i = 0; i <= e; i++)
        mpz_mul_2exp(cur.q.c[i], cur.q.c[i], e - i);
    /* q(1/2) = 0 (q1(1), the sum of q1's coefficients): an exact root */
    mpz_t sum;
    mpz_init(sum);
    for (size_t i = 0; i <= e; i++)
        mpz_add(sum, sum, cur.q.c[i]);
    int midroot = mpz_sgn(sum) == 0;
    mpz_clear(sum);
    if (midroot)
        div_xm1(&cur.q);
    piece right;
    st = sv_zpoly_copy(ctx, &right.q, &cur.q);
    if (st != GBC_OK) {
        piece_clear(ctx, &cur);
        return st;
    }
    mpz_init(right.c);
    st = taylor_shift1(ctx, &right.q);
    if (st != GBC_OK) {
        piece_clear(ctx, &cur);
        piece_clear(ctx, &right);
        return st;
    }
    mpz_mul_2exp(right.c, cur.c, 1);
    mpz_add_ui(right.c, right.c, 1);
    right.j = cur.j + 1;
    right.mid = 0;
    remove_two_power(&right.q);
    remove_two_power(&cur.q);
    st = sv_zpoly_settle(ctx, &right.q);
    if (st == GBC_OK)
        st = sv_zpoly_settle(ctx, &cur.q);
    if (st == GBC_OK)
        st = GBC_GROW(ctx, *stack, *cap, *top + 3);
    if (st != GBC_OK) {
        piece_clear(ctx, &cur);
        piece_clear(ctx, &right);
        return st;
    }
    (*stack)[(*top)++] = right;
    if (midroot) {
        piece *m = &(*stack)[*top];
        m->q.c = NULL;
        m->q.n = m->q.cap = m->q.zb = 0;
        mpz_init_set(m->c, right.c);
        m->j = right.j;
        m->mid = 1;
        (*top)++;
    }
    mpz_mul_2exp(cur.c, cur.c, 1);
    cur.j++;
    (*stack)[(*top)++] = cur;
    return GBC_OK;
}

gbc_status sv_isolate_half_exact(gbc_ctx *ctx, sv_rootlist *L, const sv_zpoly *P, int s,
                               unsigned long k)
{
    piece *stack = NULL;
    size_t top = 0, cap = 0;
    sv_zpoly T;
    gbc_status st = sv_zpoly_init(ctx, &T, P->n);
    if (st != GBC_OK)
        return st;
    st = GBC_GROW(ctx, stack, cap, 1);
    if (st == GBC_OK)
        st = first_piece(ctx, &stack[0], P, s, k);
    if (st == GBC_OK)
        top = 1;
    while (top > 0 && st == GBC_OK) {
        st = gbc_ctx_check(ctx);
        if (st != GBC_OK)
            break;
        piece cur = stack[--top];
        if (cur.mid) {
            st = sv_roots_emit(ctx, L, s, k, cur.c, cur.j, 1);
            piece_clear(ctx, &cur);
            continue;
        }
        unsigned long var = 0;
        if (cur.q.n > 1)
            st = descartes_01(ctx, &var, &cur.q, &T);
        if (st != GBC_OK || var <= 1) {
            if (st == GBC_OK && var == 1)
                st = sv_roots_emit(ctx, L, s, k, cur.c, cur.j, 0);
            piece_clear(ctx, &cur);
            continue;
        }
        st = push_halves(ctx, &stack, &cap, &top, cur);
    }
    for (size_t i = 0; i < top; i++)
        piece_clear(ctx, &stack[i]);
    gbc_free(ctx, stack);
    sv_zpoly_clear(ctx, &T);
    return st;
}

void sv_roots_free(gbc_ctx *ctx, sv_root *roots, size_t nroots)
{
    for (size_t i = 0; i < nroots; i++) {
        mpz_clear(roots[i].a);
        mpz_clear(roots[i].b);
    }
    gbc_free(ctx, roots);
}

gbc_status sv_root_refine(gbc_ctx *ctx, sv_root *r, const sv_zpoly *P)
{
    if (r->exact)
        return GBC_OK;
    /* over 2^(e+1): a -> 2a, b -> 2b, the midpoint is a + b */
    mpz_t m;
    mpz_init(m);
    mpz_add(m, r->a, r->b);
    int s = 0;
    gbc_status st = sv_zpoly_sign_dyadic_approx(ctx, &s, P, m, r->e + 1);
    if (st != GBC_OK) {
        mpz_clear(m); /* r unchanged */
        return st;
    }
    r->e++;
    if (s == 0) {
        mpz_set(r->a, m);
        mpz_set(r->b, m);
        r->exact = 1;
    } else if (s == r->sa) {
        mpz_mul_2exp(r->b, r->b, 1);
        mpz_swap(r->a, m);
    } else {
        mpz_mul_2exp(r->a, r->a, 1);
        mpz_swap(r->b, m);
    }
    mpz_clear(m);
    return GBC_OK;
}
