/* solve/qcheck_p.c: the default check of a lifted parametrisation (docs/solve.md,
 * "Why the result is correct"): the polynomials of the exact check (qcheck.c),
 * taken modulo W and modulo primes of [2^59, 2^60) drawn at random, independently
 * of the input and of the candidate, as many as make the chance that a wrong
 * candidate passes at most 2^-64. With --certify the exact check runs instead. */
#include <math.h>
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* The primes' range [2^59, 2^60), and a lower bound on how many primes it holds:
 * pi(x) > x / ln x for x >= 17 and pi(x) < 1.25506 x / ln x for x > 1 (Rosser and
 * Schoenfeld) give more than 2^60 / (60 ln 2) - 1.25506 2^59 / (59 ln 2) > 10^16. */
#define QP_BITS 59
#define QP_PRIMES 1.0e16
/* At most this many primes; a candidate whose bound asks for more (coefficients
 * of millions of bits per prime's worth) goes to the exact check. */
#define QP_MAX_PRIMES 8

typedef unsigned __int128 u128;

/* Arithmetic modulo p and modulo W mod p (W made monic): x^D = sum nw[j] x^j,
 * with Shoup's constants nws[j] = floor(nw[j] 2^64 / p); scratch for products. */
typedef struct qp {
    uint64_t p;
    size_t D;
    uint64_t *nw, *nws;
    u128 *acc;   /* 2D - 1 */
    uint64_t *r; /* 2D - 1 */
} qp;

static uint64_t qp_mul(uint64_t a, uint64_t b, uint64_t p)
{
    return (uint64_t)((u128)a * b % p);
}

/* a + b modulo p (a, b below p < 2^63). */
static uint64_t qp_add(uint64_t a, uint64_t b, uint64_t p)
{
    uint64_t v = a + b;
    return v >= p ? v - p : v;
}

static uint64_t qp_pow(uint64_t a, uint64_t e, uint64_t p)
{
    uint64_t r = 1;
    for (; e > 0; e >>= 1, a = qp_mul(a, a, p))
        if (e & 1)
            r = qp_mul(r, a, p);
    return r;
}

/* c <- a b mod W (a, b, c of D entries below p; c may alias a or b). */
static void qp_mulmod(qp *Q, uint64_t *c, const uint64_t *a, const uint64_t *b)
{
    size_t D = Q->D, n = 2 * D - 1;
    uint64_t p = Q->p;
    u128 *acc = Q->acc;
    memset(acc, 0, n * sizeof *acc);
    /* each row adds one product below 2^120 to an entry: 255 of them and a folded
     * entry (below 2^60) fit in 128 bits; fold every 255 rows */
    for (size_t i = 0; i < D; i++) {
        uint64_t x = a[i];
        if (x != 0)
            for (size_t j = 0; j < D; j++)
                acc[i + j] += (u128)x * b[j];
        if (i % 255 == 254)
            for (size_t k = 0; k < n; k++)
                acc[k] %= p;
    }
    uint64_t *r = Q->r;
    for (size_t k = 0; k < n; k++)
        r[k] = (uint64_t)(acc[k] % p);
    /* from the top: x^(D + s) = x^s sum nw[j] x^j */
    for (size_t k = n; k-- > D;) {
        uint64_t q = r[k];
        if (q == 0)
            continue;
        uint64_t *t = r + (k - D);
        for (size_t j = 0; j < D; j++) {
            uint64_t hi = (uint64_t)(((u128)q * Q->nws[j]) >> 64);
            uint64_t v = q * Q->nw[j] - hi * p; /* in [0, 2p) */
            v += t[j];
            v = v >= p ? v - p : v;
            t[j] = v >= p ? v - p : v;
        }
    }
    memmove(c, r, D * sizeof *c);
}

/* A cache of the products prod F_i^a_i modulo W and p (exponent vectors of nv
 * entries), as qcheck.c's mcache over Z. */
typedef struct qpcache {
    uint32_t nv;
    size_t n, cap, ecap;
    uint32_t *e;
    uint64_t **v;
} qpcache;

static void qpcache_clear(gbc_ctx *ctx, qpcache *M)
{
    for (size_t i = 0; i < M->n; i++)
        gbc_free(ctx, M->v[i]);
    gbc_free(ctx, M->v);
    gbc_free(ctx, M->e);
    memset(M, 0, sizeof *M);
}

/* *out <- the cached product for exponents a (nonzero), made from F (nv residue
 * vectors) when missing. */
static gbc_status qp_mono(gbc_ctx *ctx, const uint64_t **out, qpcache *M, qp *Q,
                          const uint32_t *a, uint64_t *const *F)
{
    uint32_t nv = M->nv;
    for (size_t k = 0; k < M->n; k++)
        if (memcmp(M->e + k * nv, a, nv * sizeof *a) == 0) {
            *out = M->v[k];
            return GBC_OK;
        }
    uint32_t i = 0, tot = 0;
    while (a[i] == 0)
        i++;
    for (uint32_t j = 0; j < nv; j++)
        tot += a[j];
    uint64_t *prod = NULL;
    GBC_TRY(GBC_ALLOC(ctx, prod, Q->D));
    gbc_status st = GBC_OK;
    if (tot == 1) {
        memcpy(prod, F[i], Q->D * sizeof *prod);
    } else {
        uint32_t *b = NULL;
        st = GBC_ALLOC(ctx, b, nv);
        const uint64_t *rest = NULL;
        if (st == GBC_OK) {
            memcpy(b, a, nv * sizeof *a);
            b[i]--;
            st = qp_mono(ctx, &rest, M, Q, b, F);
        }
        gbc_free(ctx, b);
        if (st == GBC_OK)
            qp_mulmod(Q, prod, rest, F[i]);
    }
    size_t cap = M->cap;
    if (st == GBC_OK)
        st = GBC_GROW(ctx, M->v, cap, M->n + 1);
    if (st == GBC_OK) {
        M->cap = cap;
        st = GBC_GROW(ctx, M->e, M->ecap, (M->n + 1) * nv);
    }
    if (st != GBC_OK) {
        gbc_free(ctx, prod);
        return st;
    }
    memcpy(M->e + M->n * nv, a, nv * sizeof *a);
    M->v[M->n] = prod;
    *out = M->v[M->n++];
    return sv_poll(ctx, Q->D * Q->D);
}

/* log2 of a sum of terms given by their log2 (m of them, the largest mx): at most
 * mx + log2 m, plus one for the doubles' rounding. */
static double log2_sum(double mx, size_t m)
{
    return mx + log2((double)(m > 0 ? m : 1)) + 1;
}

/* log2 of a bound on ||A||_1 (the sum of |coefficients|). */
static double log2_norm1(const sv_zpoly *A)
{
    return log2_sum((double)sv_zpoly_maxbits(A), A->n);
}

/* The bits of a nonzero coefficient of prem(H, W) for a generator's check
 * polynomial H (degree at most d (D - 1), ||H||_1 at most 2^lh): each of the k =
 * deg H - D + 1 steps of the pseudo-division A <- lc(W) A - a x^s W at most
 * multiplies ||A||_1 by |lc(W)| + ||W||_1 <= 2 ||W||_1. */
static double prem_bits(double lh, uint32_t d, size_t D, double lw)
{
    double deg = (double)d * (double)(D - 1);
    double k = deg >= (double)D ? deg - (double)D + 1 : 0;
    return lh + k * (1 + lw);
}

/* The largest prem_bits over the generators of in and the linear form, with the
 * factors F (their log2 norms lf, nv = n + 1 of them). */
static double worst_bits(const sv_qinput *in, const double *lf, size_t D, double lw)
{
    uint32_t n = in->n;
    /* the form: T F[n] + sum form_i F[i], degree at most D */
    double mx = lf[n];
    for (uint32_t i = 0; i < n; i++) {
        double f = in->form[i] == 0 ? -INFINITY
                                    : log2(fabs((double)in->form[i])) + lf[i];
        mx = f > mx ? f : mx;
    }
    double worst = log2_sum(mx, n + 1) + (1 + lw);
    size_t at = 0;
    for (size_t g = 0; g < in->ngens; g++) {
        size_t m = in->nterms[g];
        uint32_t d = 0;
        for (size_t k = 0; k < m; k++) {
            uint32_t s = 0;
            for (uint32_t i = 0; i < n; i++)
                s += in->exps[(at + k) * n + i];
            d = s > d ? s : d;
        }
        /* c_a = L num_a / den_a, |c_a| <= L |num_a|, L <= prod den_a */
        double lL = 0;
        for (size_t k = 0; k < m; k++)
            lL += (double)mpz_sizeinbase(mpq_denref(in->coefs[at + k]), 2);
        double tmx = -INFINITY;
        for (size_t k = 0; k < m; k++) {
            const uint32_t *a = in->exps + (at + k) * n;
            uint32_t s = 0;
            double t = lL + (double)mpz_sizeinbase(mpq_numref(in->coefs[at + k]), 2);
            for (uint32_t i = 0; i < n; i++) {
                t += a[i] * lf[i];
                s += a[i];
            }
            t += (d - s) * lf[n];
            tmx = t > tmx ? t : tmx;
        }
        double b = prem_bits(log2_sum(tmx, m), d, D, lw);
        worst = b > worst ? b : worst;
        at += m;
    }
    return worst;
}

/* Q for the prime p (not dividing lc(W)): -W / lc(W) modulo p, Shoup's constants
 * and the scratch; qp_clear frees it (also after a failure). */
static gbc_status qp_init(gbc_ctx *ctx, qp *Q, uint64_t p, const sv_zpoly *W)
{
    memset(Q, 0, sizeof *Q);
    size_t D = W->n - 1;
    Q->p = p;
    Q->D = D;
    GBC_TRY(GBC_ALLOC(ctx, Q->nw, D));
    GBC_TRY(GBC_ALLOC(ctx, Q->nws, D));
    GBC_TRY(GBC_ALLOC(ctx, Q->acc, 2 * D - 1));
    GBC_TRY(GBC_ALLOC(ctx, Q->r, 2 * D - 1));
    uint64_t lc = mpz_fdiv_ui(W->c[D], p);
    uint64_t minv = p - qp_pow(lc, p - 2, p); /* -1 / lc */
    for (size_t j = 0; j < D; j++) {
        Q->nw[j] = qp_mul(mpz_fdiv_ui(W->c[j], p), minv, p);
        Q->nws[j] = (uint64_t)(((u128)Q->nw[j] << 64) / p);
    }
    return GBC_OK;
}

static void qp_clear(gbc_ctx *ctx, qp *Q)
{
    gbc_free(ctx, Q->nw);
    gbc_free(ctx, Q->nws);
    gbc_free(ctx, Q->acc);
    gbc_free(ctx, Q->r);
    memset(Q, 0, sizeof *Q);
}

static int qp_is_zero(const uint64_t *v, size_t D)
{
    for (size_t j = 0; j < D; j++)
        if (v[j] != 0)
            return 0;
    return 1;
}

/* Whether T F[n] + sum form_i F[i] = 0 modulo W and p (Fm: the factors modulo p,
 * D entries each; h: scratch of D). */
static int qp_form_vanishes(const qp *Q, uint64_t *const *Fm, const sv_qinput *in, uint64_t *h)
{
    size_t D = Q->D;
    uint64_t p = Q->p;
    const uint64_t *z = Fm[in->n];
    /* T z: z shifted up, its top entry times x^D = sum nw[j] x^j */
    uint64_t top = z[D - 1];
    for (size_t j = 0; j < D; j++) {
        uint64_t v = qp_mul(top, Q->nw[j], p);
        if (j > 0)
            v = qp_add(v, z[j - 1], p);
        h[j] = v;
    }
    for (uint32_t i = 0; i < in->n; i++) {
        int64_t f = in->form[i];
        uint64_t c = f >= 0 ? (uint64_t)f % p : p - (uint64_t)(-f) % p;
        for (size_t j = 0; c != 0 && j < D; j++)
            h[j] = qp_add(h[j], qp_mul(c, Fm[i][j], p), p);
    }
    return qp_is_zero(h, D);
}

/* Whether generator g's check polynomial (qcheck.c's gen_vanishes: sum L c_a prod
 * F_i^a_i F_n^(d - |a|)) is 0 modulo W and p: *zero. ex, cf: its m terms; e:
 * scratch of nv entries, h of D; t, L scratch integers. */
static gbc_status qp_gen_vanishes(gbc_ctx *ctx, int *zero, qpcache *M, qp *Q,
                                  uint64_t *const *Fm, uint32_t n, size_t m,
                                  const uint32_t *ex, const mpq_t *cf, uint32_t *e,
                                  uint64_t *h, mpz_t t, mpz_t L)
{
    uint32_t d = 0;
    uint64_t p = Q->p;
    mpz_set_ui(L, 1);
    for (size_t k = 0; k < m; k++) {
        uint32_t s = 0;
        for (uint32_t i = 0; i < n; i++)
            s += ex[k * n + i];
        d = s > d ? s : d;
        mpz_lcm(L, L, mpq_denref(cf[k]));
    }
    memset(h, 0, Q->D * sizeof *h);
    for (size_t k = 0; k < m; k++) {
        mpz_divexact(t, L, mpq_denref(cf[k]));
        mpz_mul(t, t, mpq_numref(cf[k]));
        uint64_t c = mpz_fdiv_ui(t, p);
        if (c == 0)
            continue;
        uint32_t s = 0;
        for (uint32_t i = 0; i < n; i++) {
            e[i] = ex[k * n + i];
            s += e[i];
        }
        e[n] = d - s;
        if (d == 0) { /* a constant generator */
            h[0] = qp_add(h[0], c, p);
            continue;
        }
        const uint64_t *pr = NULL;
        GBC_TRY(qp_mono(ctx, &pr, M, Q, e, Fm));
        for (size_t j = 0; j < Q->D; j++)
            h[j] = qp_add(h[j], qp_mul(c, pr[j], p), p);
    }
    *zero = qp_is_zero(h, Q->D);
    return GBC_OK;
}

/* The check modulo one prime p: *pass. F: the integer factors (sv_check_factors). */
static gbc_status qp_prime(gbc_ctx *ctx, int *pass, uint64_t p, const sv_zpoly *F,
                           const sv_param *P, const sv_qinput *in)
{
    uint32_t n = in->n, nv = n + 1;
    qp Q;
    qpcache M;
    memset(&M, 0, sizeof M);
    M.nv = nv;
    uint64_t **Fm = NULL, *h = NULL;
    uint32_t *e = NULL;
    mpz_t t, L;
    mpz_inits(t, L, NULL);
    *pass = 0;
    gbc_status st = qp_init(ctx, &Q, p, &P->W);
    size_t D = Q.D;
    if (st == GBC_OK)
        st = GBC_ZALLOC(ctx, Fm, nv);
    for (uint32_t i = 0; i < nv && st == GBC_OK; i++) {
        st = GBC_ZALLOC(ctx, Fm[i], D);
        for (size_t j = 0; st == GBC_OK && j < F[i].n && j < D; j++)
            Fm[i][j] = mpz_fdiv_ui(F[i].c[j], p);
    }
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, h, D);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, e, nv);
    int zero = st == GBC_OK && qp_form_vanishes(&Q, Fm, in, h);
    size_t at = 0;
    for (size_t g = 0; g < in->ngens && st == GBC_OK && zero; g++) {
        size_t m = in->nterms[g];
        st = qp_gen_vanishes(ctx, &zero, &M, &Q, Fm, n, m, in->exps + at * n, in->coefs + at,
                             e, h, t, L);
        at += m;
        if (st == GBC_OK && zero)
            st = gbc_ctx_check(ctx);
    }
    *pass = st == GBC_OK && zero;
    for (uint32_t i = 0; Fm != NULL && i < nv; i++)
        gbc_free(ctx, Fm[i]);
    gbc_free(ctx, Fm);
    gbc_free(ctx, h);
    gbc_free(ctx, e);
    qpcache_clear(ctx, &M);
    qp_clear(ctx, &Q);
    mpz_clears(t, L, NULL);
    return st;
}

/* A prime of [2^59, 2^60) from rng, uniform over those not dividing lc and not in
 * used[0..nused): odd numbers drawn until one is such a prime (GMP's
 * Baillie-PSW test, exact below 2^64). */
static uint64_t qp_draw(gbc_rng *rng, const mpz_t lc, const uint64_t *used, size_t nused,
                        mpz_t tmp)
{
    for (;;) {
        uint64_t x = ((uint64_t)1 << QP_BITS) |
                     (gbc_rng_next(rng) & (((uint64_t)1 << QP_BITS) - 1)) | 1u;
        mpz_set_ui(tmp, x);
        if (mpz_probab_prime_p(tmp, 0) == 0 || mpz_fdiv_ui(lc, x) == 0)
            continue;
        int seen = 0;
        for (size_t i = 0; i < nused; i++)
            seen |= used[i] == x;
        if (!seen)
            return x;
    }
}

gbc_status sv_qcheck_modp(gbc_ctx *ctx, int *found, int *exact, double *log2_fail,
                          const sv_param *P, const sv_qinput *in, gbc_rng *rng)
{
    uint32_t n = in->n, nv = n + 1;
    *found = 0;
    *exact = 0;
    *log2_fail = 0;
    int sq = 0;
    GBC_TRY(sv_squarefree_proved(ctx, &sq, &P->W));
    if (!sq)
        return GBC_OK;
    sv_zpoly *F = NULL;
    double *lf = NULL;
    mpz_t t;
    mpz_init(t);
    gbc_status st = GBC_ZALLOC(ctx, F, nv);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, lf, nv);
    if (st == GBC_OK)
        st = sv_check_factors(ctx, F, P, n, t);
    size_t D = P->W.n - 1;
    if (st == GBC_OK) {
        for (uint32_t i = 0; i < nv; i++)
            lf[i] = log2_norm1(&F[i]);
        /* a wrong candidate has a generator (or the form) whose pseudo-remainder
         * has a nonzero coefficient of at most B bits: at most B / 59 primes of the
         * range divide it, and the draws avoid those dividing lc(W) */
        double B = worst_bits(in, lf, D, log2_norm1(&P->W));
        double bad = B / QP_BITS > 1 ? B / QP_BITS : 1;
        double lcbad = (double)mpz_sizeinbase(P->W.c[D], 2) / QP_BITS + 1;
        double per = log2(bad) - log2(QP_PRIMES - lcbad - QP_MAX_PRIMES);
        int m = per < -1 ? (int)ceil(64 / -per) : QP_MAX_PRIMES + 1;
        if (m > QP_MAX_PRIMES) {
            *exact = 1;
        } else {
            uint64_t used[QP_MAX_PRIMES];
            int pass = 1;
            for (int i = 0; i < m && st == GBC_OK && pass; i++) {
                used[i] = qp_draw(rng, P->W.c[D], used, (size_t)i, t);
                st = qp_prime(ctx, &pass, used[i], F, P, in);
            }
            *found = st == GBC_OK && pass;
            *log2_fail = m * per;
            gbc_log(ctx, 1, "solve: the candidate %s modulo %d random primes of 60 bits "
                    "(a wrong one passes with probability below 2^%.1f)",
                    *found ? "vanishes" : "fails", m, m * per);
        }
    }
    for (uint32_t i = 0; F != NULL && i < nv; i++)
        sv_zpoly_clear(ctx, &F[i]);
    gbc_free(ctx, F);
    gbc_free(ctx, lf);
    mpz_clear(t);
    return st;
}
