/* solve/box.c: isolating boxes of the real solutions from a parametrisation
 * x_i = V_i(t) / (den_i Q(t)) over the real roots of W (docs/solve.md, "Boxes"):
 * the root's interval is refined by bisection until each coordinate's range,
 * computed by dyadic interval arithmetic at a working precision and rounded
 * outward to a grid, is narrow enough, and until the boxes of distinct solutions
 * are disjoint. */
#include <limits.h>
#include <string.h>

#include "solve/solve.h"
#include "solve/solve_int.h"

gbc_status sv_param_init(gbc_ctx *ctx, sv_param *P, uint32_t n)
{
    memset(P, 0, sizeof *P);
    gbc_status st = GBC_ZALLOC(ctx, P->V, n > 0 ? n : 1);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, P->den, n > 0 ? n : 1);
    if (st != GBC_OK) {
        gbc_free(ctx, P->V);
        P->V = NULL;
        return st;
    }
    for (uint32_t i = 0; i < n; i++)
        mpz_init_set_ui(P->den[i], 1);
    P->n = n;
    return GBC_OK;
}

void sv_param_clear(gbc_ctx *ctx, sv_param *P)
{
    sv_zpoly_clear(ctx, &P->W);
    sv_zpoly_clear(ctx, &P->Q);
    if (P->V != NULL)
        for (uint32_t i = 0; i < P->n; i++)
            sv_zpoly_clear(ctx, &P->V[i]);
    if (P->den != NULL)
        for (uint32_t i = 0; i < P->n; i++)
            mpz_clear(P->den[i]);
    gbc_free(ctx, P->V);
    gbc_free(ctx, P->den);
    memset(P, 0, sizeof *P);
}

/* One real solution while its box is computed. */
typedef struct sol {
    sv_root r;      /* t isolated */
    mpz_t *lo, *hi; /* the box: lo[i] / 2^e, hi[i] / 2^e */
    unsigned long e;
    size_t zb;      /* bytes of its integers charged to the context */
} sol;

/* Scratch integers of the evaluation. */
typedef struct scratch {
    mpz_t t[4], nl, nh, dl, dh, q, u, mid, gl, gh, ta, tb;
    size_t zb;      /* bytes of their limbs charged to the context */
} scratch;

/* Replace the charge *zb by bytes (the size of what it stands for now). */
static gbc_status settle(gbc_ctx *ctx, size_t *zb, size_t bytes)
{
    if (bytes < *zb)
        gbc_ctx_uncharge(ctx, *zb - bytes);
    else if (bytes > *zb)
        GBC_TRY(gbc_ctx_charge(ctx, bytes - *zb));
    *zb = bytes;
    return GBC_OK;
}

static size_t zbytes(const mpz_t z)
{
    return gbc_mpz_heap(z);
}

static gbc_status scratch_settle(gbc_ctx *ctx, scratch *S)
{
    size_t b = zbytes(S->nl) + zbytes(S->nh) + zbytes(S->dl) + zbytes(S->dh) + zbytes(S->q) +
               zbytes(S->u) + zbytes(S->mid) + zbytes(S->gl) + zbytes(S->gh) +
               zbytes(S->ta) + zbytes(S->tb);
    for (int i = 0; i < 4; i++)
        b += zbytes(S->t[i]);
    return settle(ctx, &S->zb, b);
}

static gbc_status sol_settle(gbc_ctx *ctx, sol *s, uint32_t n)
{
    size_t b = zbytes(s->r.a) + zbytes(s->r.b);
    for (uint32_t i = 0; i < n; i++)
        b += zbytes(s->lo[i]) + zbytes(s->hi[i]);
    return settle(ctx, &s->zb, b);
}

static void scratch_init(scratch *S)
{
    for (int i = 0; i < 4; i++)
        mpz_init(S->t[i]);
    mpz_init(S->nl);
    mpz_init(S->nh);
    mpz_init(S->dl);
    mpz_init(S->dh);
    mpz_init(S->q);
    mpz_init(S->u);
    mpz_inits(S->mid, S->gl, S->gh, S->ta, S->tb, NULL);
    S->zb = 0;
}

static void scratch_clear(gbc_ctx *ctx, scratch *S)
{
    gbc_ctx_uncharge(ctx, S->zb);
    S->zb = 0;
    for (int i = 0; i < 4; i++)
        mpz_clear(S->t[i]);
    mpz_clear(S->nl);
    mpz_clear(S->nh);
    mpz_clear(S->dl);
    mpz_clear(S->dh);
    mpz_clear(S->q);
    mpz_clear(S->u);
    mpz_clears(S->mid, S->gl, S->gh, S->ta, S->tb, NULL);
}

/* The derivatives of Q and of the V_i, for the mean value form. */
typedef struct derivs {
    sv_zpoly Q, *V;
    uint32_t n; /* V's initialised */
} derivs;

/* *D (initialised here; left cleared on failure) <- F'. */
static gbc_status deriv_of(gbc_ctx *ctx, sv_zpoly *D, const sv_zpoly *F)
{
    GBC_TRY(sv_zpoly_init(ctx, D, F->n > 1 ? F->n - 1 : 0));
    for (size_t i = 1; i < F->n; i++)
        mpz_mul_ui(D->c[i - 1], F->c[i], (unsigned long)i);
    gbc_status st = sv_zpoly_settle(ctx, D);
    if (st != GBC_OK)
        sv_zpoly_clear(ctx, D);
    return st;
}

static void derivs_clear(gbc_ctx *ctx, derivs *d)
{
    sv_zpoly_clear(ctx, &d->Q);
    for (uint32_t i = 0; i < d->n; i++)
        sv_zpoly_clear(ctx, &d->V[i]);
    gbc_free(ctx, d->V);
    d->V = NULL;
    d->n = 0;
}

static gbc_status derivs_init(gbc_ctx *ctx, derivs *d, const sv_param *P)
{
    d->n = 0;
    d->V = NULL;
    GBC_TRY(deriv_of(ctx, &d->Q, &P->Q));
    gbc_status st = GBC_ALLOC(ctx, d->V, P->n > 0 ? P->n : 1);
    for (uint32_t i = 0; i < P->n && st == GBC_OK; i++) {
        st = deriv_of(ctx, &d->V[i], &P->V[i]);
        if (st == GBC_OK)
            d->n = i + 1;
    }
    if (st != GBC_OK)
        derivs_clear(ctx, d);
    return st;
}

/* The bits of the points, beyond the derivative's coefficients', at which F' is
 * bounded over the root's interval (see range). */
#define DERIV_BITS 192

/* [lo, hi] / 2^(*eo) encloses F over r's interval [a, b] / 2^e, at working
 * precision L: for a point, F there; else the mean value form F(m) + F'([a, b])
 * [-h, h] around the midpoint m = (a + b) / 2^(e+1), h = (b - a) / 2^(e+1), F'
 * (DF) by interval Horner. Its width is about 2 |F'(t)| h, where interval Horner
 * on F gives about 2 h times the sum of the absolute values of F'(t)'s Horner
 * terms, far more when they cancel (a small W'(t) among large coefficients).
 * Only a few leading bits of F'([a, b]) count (it is multiplied by h): at a high
 * precision it is bounded over [a, b] widened outward to K = DERIV_BITS + the
 * bits of DF's coefficients, at a working precision of 2 K + 128, instead
 * of over the e-bit ends at L bits (the most of the time at precision 2^16). */
static gbc_status range(gbc_ctx *ctx, mpz_t lo, mpz_t hi, long *eo, const sv_zpoly *F,
                        const sv_zpoly *DF, const sv_root *r, unsigned long L, scratch *S)
{
    if (r->exact)
        return sv_dy_horner_prec(ctx, lo, hi, eo, F, r->a, r->b, r->e, L, S->t);
    long ep = 0, ed = 0;
    mpz_add(S->mid, r->a, r->b);
    GBC_TRY(sv_dy_horner_prec(ctx, lo, hi, &ep, F, S->mid, S->mid, r->e + 1, L, S->t));
    unsigned long K = DERIV_BITS + (unsigned long)sv_zpoly_maxbits(DF);
    if (r->e > K) {
        mpz_fdiv_q_2exp(S->ta, r->a, r->e - K);
        mpz_cdiv_q_2exp(S->tb, r->b, r->e - K);
        GBC_TRY(sv_dy_horner_prec(ctx, S->gl, S->gh, &ed, DF, S->ta, S->tb, K, 2 * K + 128,
                                  S->t));
    } else {
        GBC_TRY(sv_dy_horner_prec(ctx, S->gl, S->gh, &ed, DF, r->a, r->b, r->e, L, S->t));
    }
    /* |F'| <= max(|gl|, |gh|) / 2^ed; times h = (b - a) / 2^(e+1) */
    if (mpz_cmpabs(S->gl, S->gh) > 0)
        mpz_abs(S->gh, S->gl);
    else
        mpz_abs(S->gh, S->gh);
    mpz_sub(S->gl, r->b, r->a);
    mpz_mul(S->gh, S->gh, S->gl);
    long eh = ed + (long)r->e + 1;
    long E = ep > eh ? ep : eh;
    mpz_mul_2exp(lo, lo, (mp_bitcnt_t)(E - ep));
    mpz_mul_2exp(hi, hi, (mp_bitcnt_t)(E - ep));
    mpz_mul_2exp(S->gh, S->gh, (mp_bitcnt_t)(E - eh));
    mpz_sub(lo, lo, S->gh);
    mpz_add(hi, hi, S->gh);
    *eo = E;
    return GBC_OK;
}

/* The box of s at its root's current interval: for each coordinate the quotient
 * of V_i's range by den_i Q's range, rounded outward to the grid 2^-s->e, into
 * s->lo, s->hi. *ok = 0 when some range of Q holds 0 (the interval is too wide
 * to divide), else 1; *excess is then the largest log2 of (width / 2^-prec),
 * rounded up, over the coordinates (<= 0: narrow enough). Polls and charges ctx
 * (the scratch integers settled after each coordinate). */
static gbc_status eval_box(gbc_ctx *ctx, int *ok, sol *s, const sv_param *P,
                           const derivs *dv, uint32_t prec, long *excess, scratch *S)
{
    long en, ed;
    *ok = 0;
    /* the working precision: rounding errors near 2^-L relative, far below the
     * width the root's interval (2^-e) gives the range, and growing with e; an
     * exact root (a point: no width to shrink) is evaluated exactly */
    unsigned long L = s->r.exact ? ULONG_MAX / 4 : s->r.e + prec + 128;
    GBC_TRY(range(ctx, S->dl, S->dh, &ed, &P->Q, &dv->Q, &s->r, L, S));
    GBC_TRY(scratch_settle(ctx, S));
    if (mpz_sgn(S->dl) != mpz_sgn(S->dh) || mpz_sgn(S->dl) == 0)
        return GBC_OK;
    *excess = -1;
    for (uint32_t i = 0; i < P->n; i++) {
        GBC_TRY(range(ctx, S->nl, S->nh, &en, &P->V[i], &dv->V[i], &s->r, L, S));
        /* x = (n / 2^en) / (den d / 2^ed): grid value x 2^e = n 2^(e + ed - en) / (den d) */
        long shift = (long)s->e + ed - en;
        const mpz_t *nv[2] = {&S->nl, &S->nh};
        const mpz_t *qv[2] = {&S->dl, &S->dh};
        int first = 1;
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++) {
                mpz_mul(S->q, *qv[b], P->den[i]);
                GBC_TRY(sv_poll(ctx, 2 * mpz_size(S->q) + mpz_size(*nv[a])));
                sv_dy_div_round(S->t[0], S->t[1], *nv[a], S->q, shift, S->u);
                if (first || mpz_cmp(S->t[0], s->lo[i]) < 0)
                    mpz_set(s->lo[i], S->t[0]);
                if (first || mpz_cmp(S->t[1], s->hi[i]) > 0)
                    mpz_set(s->hi[i], S->t[1]);
                first = 0;
            }
        /* width (hi - lo) 2^-e against 2^-prec */
        mpz_sub(S->q, s->hi[i], s->lo[i]);
        if (mpz_sgn(S->q) > 0) {
            long x = (long)mpz_sizeinbase(S->q, 2) - ((long)s->e - (long)prec);
            if (x > *excess)
                *excess = x;
        }
        GBC_TRY(scratch_settle(ctx, S));
    }
    *ok = 1;
    return sol_settle(ctx, s, P->n);
}

/* Refine s's root until its box (grid 2^-s->e, s->e >= prec) has every interval at
 * most 2^-prec wide. A box is about |x_i'(t)| times as wide as the root's interval:
 * the root is first refined to the grid's width, then by as many bits as the widest
 * coordinate exceeds the bound, plus one (refinement costs a few signs of W, an
 * evaluation of the box n + 1 Horner evaluations over an interval). */
static gbc_status sol_box(gbc_ctx *ctx, sol *s, const sv_param *P, const derivs *dv,
                          uint32_t prec, scratch *S)
{
    unsigned qir = 0;
    GBC_TRY(sv_root_refine_to(ctx, &s->r, &P->W, s->e, &qir));
    for (;;) {
        long excess = 0;
        int ok = 0;
        GBC_TRY(eval_box(ctx, &ok, s, P, dv, prec, &excess, S));
        if (ok && excess <= 0)
            return GBC_OK;
        GBC_TRY(gbc_ctx_check(ctx));
        if (s->r.exact)
            return GBC_ERR_INTERNAL; /* Q vanishes at a root of W: not a parametrisation */
        /* Q's range held 0 (Q small at the root, or the rounding too coarse): twice
         * the bits (at least 16 more); else the bits the width exceeds */
        unsigned long more = (unsigned long)excess + 1;
        if (!ok)
            more = s->r.e > 16 ? s->r.e : 16;
        GBC_TRY(sv_root_refine_to(ctx, &s->r, &P->W, s->r.e + more, &qir));
        GBC_TRY(sol_settle(ctx, s, P->n));
    }
}

/* Whether the boxes of a and b meet (in every coordinate). */
static int boxes_meet(const sol *a, const sol *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (sv_dy_cmp(a->hi[i], a->e, b->lo[i], b->e) < 0 ||
            sv_dy_cmp(b->hi[i], b->e, a->lo[i], a->e) < 0)
            return 0;
    return 1;
}

static void sols_free(gbc_ctx *ctx, sol *s, size_t count, uint32_t n)
{
    if (s == NULL)
        return;
    for (size_t k = 0; k < count; k++) {
        gbc_ctx_uncharge(ctx, s[k].zb);
        mpz_clear(s[k].r.a);
        mpz_clear(s[k].r.b);
        for (uint32_t i = 0; i < n; i++) {
            mpz_clear(s[k].lo[i]);
            mpz_clear(s[k].hi[i]);
        }
        gbc_free(ctx, s[k].lo);
        gbc_free(ctx, s[k].hi);
    }
    gbc_free(ctx, s);
}

/* The solutions s[0..nroots) (s zeroed by the caller) at the roots of W, each
 * root moved out of roots (which keeps fresh integers), each box computed to
 * precision prec; *made counts those set up (sols_free's count, also on failure). */
static gbc_status make_sols(gbc_ctx *ctx, sol *s, size_t *made, sv_root *roots, size_t nroots,
                            const sv_param *P, const derivs *dv, uint32_t prec, scratch *S)
{
    uint32_t n = P->n;
    gbc_status st = GBC_OK;
    for (size_t k = 0; k < nroots && st == GBC_OK; k++) {
        s[k].r = roots[k]; /* moved: roots[k]'s integers now belong to s[k] */
        mpz_init(roots[k].a);
        mpz_init(roots[k].b);
        s[k].e = (unsigned long)prec + 2;
        st = GBC_ALLOC(ctx, s[k].lo, n > 0 ? n : 1);
        if (st == GBC_OK)
            st = GBC_ALLOC(ctx, s[k].hi, n > 0 ? n : 1);
        if (st != GBC_OK) {
            gbc_free(ctx, s[k].lo);
            mpz_clear(s[k].r.a);
            mpz_clear(s[k].r.b);
            s[k].lo = s[k].hi = NULL;
            break;
        }
        for (uint32_t i = 0; i < n; i++) {
            mpz_init(s[k].lo[i]);
            mpz_init(s[k].hi[i]);
        }
        *made = k + 1;
        st = sol_box(ctx, &s[k], P, dv, prec, S);
    }
    return st;
}

/* Boxes of distinct solutions must not meet: refine both until they do not (the
 * points differ, so boxes shrinking to them separate). Pairs of every box:
 * O(r^2 n) comparisons for r real roots, below the cost of isolation. */
static gbc_status separate_boxes(gbc_ctx *ctx, sol *s, size_t made, const sv_param *P,
                                 const derivs *dv, uint32_t prec, scratch *S)
{
    gbc_status st = GBC_OK;
    int again = 1;
    while (st == GBC_OK && again) {
        again = 0;
        for (size_t a = 0; a < made && st == GBC_OK; a++)
            for (size_t b = a + 1; b < made && st == GBC_OK; b++) {
                if (!boxes_meet(&s[a], &s[b], P->n))
                    continue;
                again = 1;
                st = sv_root_refine(ctx, &s[a].r, &P->W);
                if (st == GBC_OK)
                    st = sv_root_refine(ctx, &s[b].r, &P->W);
                if (st != GBC_OK)
                    break;
                s[a].e++;
                s[b].e++;
                st = sol_box(ctx, &s[a], P, dv, prec, S);
                if (st == GBC_OK)
                    st = sol_box(ctx, &s[b], P, dv, prec, S);
                if (st == GBC_OK)
                    st = gbc_ctx_check(ctx);
            }
    }
    return st;
}

/* The boxes of s[0..made) (made > 0) into out, each endpoint q / 2^e in lowest
 * terms (s's integers reduced in place). */
static gbc_status store_boxes(gbc_ctx *ctx, gbc_solutions *out, sol *s, size_t made, uint32_t n)
{
    size_t m = made * n * 2;
    gbc_status st = GBC_ALLOC(ctx, out->num, m > 0 ? m : 1);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, out->exp, m > 0 ? m : 1);
    if (st != GBC_OK)
        return st;
    for (size_t k = 0; k < made; k++)
        for (uint32_t i = 0; i < n; i++)
            for (int u = 0; u < 2; u++) {
                size_t at = (k * n + i) * 2 + (size_t)u;
                mpz_t *q = u ? &s[k].hi[i] : &s[k].lo[i];
                /* q / 2^e in lowest terms */
                unsigned long e = s[k].e;
                if (mpz_sgn(*q) == 0) {
                    e = 0;
                } else {
                    mp_bitcnt_t z = mpz_scan1(*q, 0);
                    if (z > e)
                        z = e;
                    mpz_fdiv_q_2exp(*q, *q, z);
                    e -= z;
                }
                mpz_init_set(out->num[at], *q);
                out->exp[at] = (uint32_t)e;
            }
    out->nalloc = m;
    out->count = made;
    return GBC_OK;
}

gbc_status sv_boxes(gbc_ctx *ctx, gbc_solutions *out, const sv_param *P, uint32_t prec)
{
    sv_root *roots = NULL;
    size_t nroots = 0;
    gbc_status st = sv_isolate(ctx, &roots, &nroots, &P->W);
    if (st != GBC_OK)
        return st;
    derivs dv;
    st = derivs_init(ctx, &dv, P);
    if (st != GBC_OK) {
        sv_roots_free(ctx, roots, nroots);
        return st;
    }
    scratch S;
    scratch_init(&S);
    sol *s = NULL;
    size_t made = 0;
    st = GBC_ZALLOC(ctx, s, nroots > 0 ? nroots : 1);
    if (st == GBC_OK)
        st = make_sols(ctx, s, &made, roots, nroots, P, &dv, prec, &S);
    sv_roots_free(ctx, roots, nroots);
    if (st == GBC_OK)
        st = separate_boxes(ctx, s, made, P, &dv, prec, &S);
    if (st == GBC_OK && made > 0)
        st = store_boxes(ctx, out, s, made, P->n);
    sols_free(ctx, s, made, P->n);
    scratch_clear(ctx, &S);
    derivs_clear(ctx, &dv);
    return st;
}
