/* solve/refine.c: refinement of an isolated real root's interval to a given width
 * by quadratic interval refinement (Abbott's QIR, docs/solve.md step 6): the secant
 * through the endpoints' values predicts the root's place among N equal parts, the
 * part is certified by the signs at its ends; N squares after a success and goes
 * back to its square root (with one bisection) after a failure. */
#include "solve/solve.h"

/* The log2 of the most parts a step predicts among (a bound far beyond any
 * precision asked; the steps are also cut to the bits still wanted). */
#define QIR_MAX_LOG (1u << 24)

/* P at a dyadic point m / 2^e: the sign, certain; when the enclosure at a working
 * precision excludes 0, also an approximate value m 2^x (known = 1). Moved by
 * swapping (pval_swap), never by assignment. */
typedef struct pval {
    int sign, known;
    mpz_t m;
    long x;
} pval;

static void pval_swap(pval *a, pval *b)
{
    pval t = *a;
    *a = *b;
    *b = t;
}

/* Scratch of the refinement: t for the Horner, lo and hi its result, p and q the
 * candidate points, i a part's index, u and w for the secant; va and vb the values
 * at the interval's ends, vp and vq at the candidates; extra: the working
 * precision's bits beyond twice the point's (raised, for the rest of the
 * refinement, when an enclosure held 0). */
typedef struct rscr {
    mpz_t t[4], lo, hi, p, q, i, u, w;
    pval va, vb, vp, vq;
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
            mpz_add(v->m, S->lo, S->hi);
            v->x = -1 - eo;
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

/* One bisection of r (b - a = 1), the values at the ends (S->va, S->vb) kept. */
static gbc_status bisect(gbc_ctx *ctx, sv_root *r, const sv_zpoly *P, rscr *S)
{
    pval *vm = &S->vp;
    mpz_add(S->p, r->a, r->b);
    GBC_TRY(eval_at(ctx, vm, P, S->p, r->e + 1, S));
    if (vm->sign == 0) {
        set_exact(r, S->p, r->e + 1);
        return GBC_OK;
    }
    r->e++;
    if (vm->sign == r->sa) {
        mpz_mul_2exp(r->b, r->b, 1);
        mpz_swap(r->a, S->p);
        pval_swap(&S->va, vm);
    } else {
        mpz_mul_2exp(r->a, r->a, 1);
        mpz_swap(r->b, S->p);
        pval_swap(&S->vb, vm);
    }
    return GBC_OK;
}

/* |v| as an integer in units of 2^x (rounded down). */
static void pval_scaled(mpz_t out, const pval *v, long x)
{
    mpz_abs(out, v->m);
    if (v->x >= x)
        mpz_mul_2exp(out, out, (mp_bitcnt_t)(v->x - x));
    else
        mpz_fdiv_q_2exp(out, out, (mp_bitcnt_t)(x - v->x));
}

/* S->i <- the secant's place of the root in (a, b), in parts of 2^-g: round(2^g fa /
 * (fa - fb)) in [0, 2^g], from the values' leading g + 64 bits; 0 when the values do
 * not give one. */
static int secant_part(rscr *S, unsigned g)
{
    const pval *va = &S->va, *vb = &S->vb;
    if (!va->known || !vb->known || va->sign == vb->sign || mpz_sgn(va->m) == 0 ||
        mpz_sgn(vb->m) == 0)
        return 0;
    /* the magnitudes' exponents: |f| < 2^top */
    long ta = va->x + (long)mpz_sizeinbase(va->m, 2);
    long tb = vb->x + (long)mpz_sizeinbase(vb->m, 2);
    long top = ta > tb ? ta : tb, unit = top - (long)g - 64;
    if (tb < unit) { /* |fb| below the last bit: the root at b */
        mpz_set_ui(S->i, 1);
        mpz_mul_2exp(S->i, S->i, g);
        return 1;
    }
    if (ta < unit) {
        mpz_set_ui(S->i, 0);
        return 1;
    }
    pval_scaled(S->u, va, unit);
    pval_scaled(S->w, vb, unit);
    mpz_add(S->w, S->w, S->u); /* d = |fa| + |fb| = |fa - fb| (opposite signs) */
    /* rounded: floor((2^(g+1) |fa| + d) / 2d), at most 2^g as |fa| <= d */
    mpz_mul_2exp(S->u, S->u, g + 1);
    mpz_add(S->u, S->u, S->w);
    mpz_mul_2exp(S->w, S->w, 1);
    mpz_fdiv_q(S->i, S->u, S->w);
    return 1;
}

/* *v <- P's value at the step's grid point pt (units of 2^-e) of index k in [0,
 * 2^g] (k_sign: the sign of k; k_top: k = 2^g): the interval's end's value when k is
 * 0 or 2^g, else *scratch evaluated there; *at_end tells which. */
static gbc_status part_value(gbc_ctx *ctx, pval **v, pval *scratch, int *at_end, const mpz_t pt,
                             int k_sign, int k_top, unsigned long e, const sv_zpoly *P,
                             rscr *S)
{
    *at_end = 1;
    if (k_sign == 0)
        *v = &S->va;
    else if (k_top)
        *v = &S->vb;
    else {
        *at_end = 0;
        *v = scratch;
        GBC_TRY(eval_at(ctx, scratch, P, pt, e, S));
    }
    return GBC_OK;
}

/* One QIR step at 2^g parts (b - a = 1, both values known): *ok = 1 and r narrowed
 * to the part certified (or to an exact root); else *ok = 0 and r unchanged. */
static gbc_status qir_step(gbc_ctx *ctx, int *ok, sv_root *r, const sv_zpoly *P, unsigned g,
                           rscr *S)
{
    *ok = 0;
    if (!secant_part(S, g))
        return GBC_OK;
    unsigned long e = r->e + g;
    /* p = a 2^g + i; the root is right of p when P's sign there is sa */
    pval *vp, *vq;
    int p_end, q_end;
    int i_top = mpz_scan1(S->i, 0) == g; /* i = 2^g (i <= 2^g) */
    mpz_mul_2exp(S->p, r->a, g);
    mpz_add(S->p, S->p, S->i);
    GBC_TRY(part_value(ctx, &vp, &S->vp, &p_end, S->p, mpz_sgn(S->i), i_top, e, P, S));
    if (vp->sign == 0 && !p_end) {
        set_exact(r, S->p, e);
        *ok = 1;
        return GBC_OK;
    }
    int right = vp->sign == r->sa && !i_top;
    /* q: the other end of the part next to p on the root's side */
    if (right) {
        mpz_add_ui(S->q, S->p, 1);
        mpz_add_ui(S->i, S->i, 1);
    } else {
        mpz_sub_ui(S->q, S->p, 1);
        mpz_sub_ui(S->i, S->i, 1);
    }
    GBC_TRY(part_value(ctx, &vq, &S->vq, &q_end, S->q, mpz_sgn(S->i),
                       mpz_scan1(S->i, 0) == g, e, P, S));
    if (vq->sign == 0 && !q_end) {
        set_exact(r, S->q, e);
        *ok = 1;
        return GBC_OK;
    }
    if (right ? vq->sign == r->sa : vq->sign != r->sa)
        return GBC_OK; /* the root is not in the part: the secant missed */
    r->e = e;
    /* an end's value is already in place: p at a (i = 0) goes left, p at b right,
     * and likewise q */
    if (right) {
        mpz_swap(r->a, S->p);
        mpz_swap(r->b, S->q);
    } else {
        mpz_swap(r->a, S->q);
        mpz_swap(r->b, S->p);
    }
    pval *left = right ? vp : vq, *rt = right ? vq : vp;
    if (left != &S->va)
        pval_swap(&S->va, left);
    if (rt != &S->vb)
        pval_swap(&S->vb, rt);
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
    GBC_TRY(eval_at(ctx, &S->va, P, r->a, r->e, S));
    GBC_TRY(eval_at(ctx, &S->vb, P, r->b, r->e, S));
    unsigned g = *qir < 2 ? 2 : *qir > QIR_MAX_LOG ? QIR_MAX_LOG : *qir;
    while (!r->exact && r->e < e_to) {
        GBC_TRY(gbc_ctx_check(ctx));
        unsigned long rem = e_to - r->e;
        unsigned gu = rem < g ? (unsigned)rem : g;
        int ok = 0;
        if (gu >= 2)
            GBC_TRY(qir_step(ctx, &ok, r, P, gu, S));
        if (ok) {
            g = 2 * g < QIR_MAX_LOG ? 2 * g : QIR_MAX_LOG;
            continue;
        }
        g = g / 2 > 2 ? g / 2 : 2;
        GBC_TRY(bisect(ctx, r, P, S));
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
    mpz_inits(S.lo, S.hi, S.p, S.q, S.i, S.u, S.w, S.va.m, S.vb.m, S.vp.m, S.vq.m, NULL);
    S.extra = 128;
    gbc_status st = refine_to(ctx, r, P, e_to, qir, &S);
    for (int i = 0; i < 4; i++)
        mpz_clear(S.t[i]);
    mpz_clears(S.lo, S.hi, S.p, S.q, S.i, S.u, S.w, S.va.m, S.vb.m, S.vp.m, S.vq.m, NULL);
    return st;
}
