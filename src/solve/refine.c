/* solve/refine.c: refinement of an isolated real root's interval to a given width
 * by quadratic interval refinement (Abbott's QIR, docs/solve.md step 6): the secant
 * through the endpoints' values predicts the root's place among N equal parts, the
 * part is certified by the signs at its ends; N squares after a success and goes
 * back to its square root (with one bisection) after a failure. */
#include <math.h>

#include "solve/solve.h"

/* The log2 of the most parts a step predicts among: the secant's place is a double
 * (53 bits), so far more parts would be guesses; 30 keeps the part's index in a long. */
#define QIR_MAX_LOG 30

/* P at a dyadic point m / 2^e: the sign, certain; when the enclosure at a working
 * precision excludes 0, also an approximate value f 2^x (known = 1). */
typedef struct pval {
    int sign, known;
    double f;
    long x;
} pval;

/* Scratch of the refinement: t for the Horner, lo and hi its result, p and q the
 * candidate points; extra: the working precision's bits beyond twice the point's
 * (raised, for the rest of the refinement, when an enclosure held 0). */
typedef struct rscr {
    mpz_t t[4], lo, hi, p, q;
    unsigned long extra;
} rscr;

/* The tries at a working precision before the exact sign: each doubles extra. */
#define EVAL_TRIES 4

static gbc_status eval_at(gbc_ctx *ctx, pval *v, const sv_zpoly *P, const mpz_t m,
                          unsigned long e, rscr *S)
{
    v->known = 0;
    v->sign = 0;
    /* the points near the root are where P is small: an enclosure at the precision
     * of a bisection's midpoint often holds 0 there, and the exact sign costs the
     * full size of the integers; so a few tries at twice the precision first */
    unsigned long mb = (unsigned long)mpz_sizeinbase(m, 2);
    unsigned long full = (unsigned long)sv_zpoly_maxbits(P) + P->n * (mb + e + 1);
    for (int k = 0; k < EVAL_TRIES; k++) {
        unsigned long L = S->extra + 2 * mb;
        if (L >= full)
            break; /* the exact evaluation costs no more */
        long eo = 0;
        GBC_TRY(sv_dy_horner_prec(ctx, S->lo, S->hi, &eo, P, m, m, e, L, S->t));
        int sl = mpz_sgn(S->lo), sh = mpz_sgn(S->hi);
        if (sl == sh && sl != 0) { /* the enclosure excludes 0: its middle approximates */
            v->sign = sl;
            v->known = 1;
            mpz_add(S->lo, S->lo, S->hi);
            signed long ex = 0;
            v->f = mpz_get_d_2exp(&ex, S->lo);
            v->x = (long)ex - 1 - eo;
            return GBC_OK;
        }
        S->extra *= 2;
    }
    return sv_zpoly_sign_dyadic(ctx, &v->sign, P, m, e);
}

/* r <- the point m / 2^e, a root of P. */
static void set_exact(sv_root *r, const mpz_t m, unsigned long e)
{
    mpz_set(r->a, m);
    mpz_set(r->b, m);
    r->e = e;
    r->exact = 1;
}

/* One bisection of r (b - a = 1), the values at the ends kept. */
static gbc_status bisect(gbc_ctx *ctx, sv_root *r, pval *va, pval *vb, const sv_zpoly *P,
                         rscr *S)
{
    pval vm;
    mpz_add(S->p, r->a, r->b);
    GBC_TRY(eval_at(ctx, &vm, P, S->p, r->e + 1, S));
    if (vm.sign == 0) {
        set_exact(r, S->p, r->e + 1);
        return GBC_OK;
    }
    r->e++;
    if (vm.sign == r->sa) {
        mpz_mul_2exp(r->b, r->b, 1);
        mpz_swap(r->a, S->p);
        *va = vm;
    } else {
        mpz_mul_2exp(r->a, r->a, 1);
        mpz_swap(r->b, S->p);
        *vb = vm;
    }
    return GBC_OK;
}

/* The secant's place of the root in (a, b), in parts of 2^-g: round(2^g fa / (fa -
 * fb)) in [0, 2^g]; -1 when the values do not give one. */
static long secant_part(const pval *va, const pval *vb, unsigned g)
{
    if (!va->known || !vb->known || va->sign == vb->sign)
        return -1;
    long dx = vb->x - va->x;
    if (dx > 2000)
        dx = 2000;
    if (dx < -2000)
        dx = -2000;
    double ratio = ldexp(fabs(vb->f) / fabs(va->f), (int)dx); /* |fb / fa| */
    double lam = 1 / (1 + ratio);
    double i = floor(ldexp(lam, (int)g) + 0.5);
    double n = ldexp(1, (int)g);
    return (long)(i < 0 ? 0 : i > n ? n : i);
}

/* One QIR step at 2^g parts (b - a = 1, both values known): *ok = 1 and r narrowed
 * to the part certified (or to an exact root); else *ok = 0 and r unchanged. */
static gbc_status qir_step(gbc_ctx *ctx, int *ok, sv_root *r, pval *va, pval *vb,
                           const sv_zpoly *P, unsigned g, rscr *S)
{
    *ok = 0;
    long i = secant_part(va, vb, g), n = 1L << g;
    if (i < 0)
        return GBC_OK;
    unsigned long e = r->e + g;
    /* p = a 2^g + i; the root is right of p when P's sign there is sa */
    pval vp, vq;
    mpz_mul_2exp(S->p, r->a, g);
    mpz_add_ui(S->p, S->p, (unsigned long)i);
    if (i == 0)
        vp = *va;
    else if (i == n)
        vp = *vb;
    else
        GBC_TRY(eval_at(ctx, &vp, P, S->p, e, S));
    if (vp.sign == 0 && i != 0 && i != n) {
        set_exact(r, S->p, e);
        *ok = 1;
        return GBC_OK;
    }
    int right = vp.sign == r->sa && i != n;
    /* q: the other end of the part next to p on the root's side */
    if (right)
        mpz_add_ui(S->q, S->p, 1);
    else
        mpz_sub_ui(S->q, S->p, 1);
    long iq = right ? i + 1 : i - 1;
    if (iq == 0)
        vq = *va;
    else if (iq == n)
        vq = *vb;
    else
        GBC_TRY(eval_at(ctx, &vq, P, S->q, e, S));
    if (vq.sign == 0 && iq != 0 && iq != n) {
        set_exact(r, S->q, e);
        *ok = 1;
        return GBC_OK;
    }
    if (right ? vq.sign == r->sa : vq.sign != r->sa)
        return GBC_OK; /* the root is not in the part: the secant missed */
    r->e = e;
    if (right) {
        mpz_swap(r->a, S->p);
        mpz_swap(r->b, S->q);
        *va = vp;
        *vb = vq;
    } else {
        mpz_swap(r->a, S->q);
        mpz_swap(r->b, S->p);
        *va = vq;
        *vb = vp;
    }
    *ok = 1;
    return GBC_OK;
}

/* Bisection until r->e >= e_to. */
static gbc_status bisect_to(gbc_ctx *ctx, sv_root *r, const sv_zpoly *P, unsigned long e_to)
{
    while (!r->exact && r->e < e_to)
        GBC_TRY(sv_root_refine(ctx, r, P));
    return GBC_OK;
}

static gbc_status refine_to(gbc_ctx *ctx, sv_root *r, const sv_zpoly *P, unsigned long e_to,
                            unsigned *qir, rscr *S)
{
    /* an interval of 2^u units of 2^-e (a root of large size; bisection keeps b - a):
     * a and b are multiples of 2^u (they start so and bisection keeps it), so over
     * 2^(e - u) the interval is one unit; while e < u, bisect */
    mpz_sub(S->p, r->b, r->a);
    while (!r->exact && mpz_cmp_ui(S->p, 1) > 0) {
        unsigned long u = (unsigned long)mpz_sizeinbase(S->p, 2) - 1;
        if (mpz_scan1(S->p, 0) != u || mpz_divisible_2exp_p(r->a, u) == 0)
            return bisect_to(ctx, r, P, e_to); /* not of that form: bisection only */
        if (r->e >= u) {
            mpz_fdiv_q_2exp(r->a, r->a, u);
            mpz_fdiv_q_2exp(r->b, r->b, u);
            r->e -= u;
            break;
        }
        GBC_TRY(sv_root_refine(ctx, r, P));
        mpz_sub(S->p, r->b, r->a);
    }
    if (r->exact || r->e >= e_to)
        return GBC_OK;
    pval va, vb;
    GBC_TRY(eval_at(ctx, &va, P, r->a, r->e, S));
    GBC_TRY(eval_at(ctx, &vb, P, r->b, r->e, S));
    unsigned g = *qir < 2 ? 2 : *qir > QIR_MAX_LOG ? QIR_MAX_LOG : *qir;
    while (!r->exact && r->e < e_to) {
        GBC_TRY(gbc_ctx_check(ctx));
        unsigned long rem = e_to - r->e;
        unsigned gu = rem < g ? (unsigned)rem : g;
        int ok = 0;
        if (gu >= 2)
            GBC_TRY(qir_step(ctx, &ok, r, &va, &vb, P, gu, S));
        if (ok) {
            g = 2 * g < QIR_MAX_LOG ? 2 * g : QIR_MAX_LOG;
            continue;
        }
        g = g / 2 > 2 ? g / 2 : 2;
        GBC_TRY(bisect(ctx, r, &va, &vb, P, S));
    }
    *qir = g;
    return GBC_OK;
}

gbc_status sv_root_refine_to(gbc_ctx *ctx, sv_root *r, const sv_zpoly *P, unsigned long e_to,
                             unsigned *qir)
{
    if (r->exact || r->e >= e_to)
        return GBC_OK;
    rscr S;
    for (int i = 0; i < 4; i++)
        mpz_init(S.t[i]);
    mpz_inits(S.lo, S.hi, S.p, S.q, NULL);
    S.extra = 128;
    gbc_status st = refine_to(ctx, r, P, e_to, qir, &S);
    for (int i = 0; i < 4; i++)
        mpz_clear(S.t[i]);
    mpz_clears(S.lo, S.hi, S.p, S.q, NULL);
    return st;
}
