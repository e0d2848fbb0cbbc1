/* f4/hilbert: Hilbert-driven F4 for homogeneous ideals whose Hilbert series is
 * known (Traverso, "Hilbert functions and the Buchberger algorithm", JSC 22, 1996).
 *
 * In a round of degree d the leading monomials found so far generate an ideal L
 * inside the final leading-term ideal LT(J), so HF_L(d) >= HF_J(d). When they are
 * equal, L and LT(J) agree in degree d: every polynomial of J of degree d then
 * reduces to zero by the basis so far (its leading monomial is in L, and what is
 * left after a top reduction is again in J of degree d), so the pairs and
 * generators of degree d can be dropped unreduced. HF_L(d) < HF_J(d) cannot happen
 * for a right target and is reported as an internal error; so is a final basis
 * whose leading monomials do not have the target's Hilbert series. */
#include "f4/f4_int.h"

#include "monideal/monideal.h"

void f4_hilb_init(f4_hilb *H, const mi_upoly *target)
{
    memset(H, 0, sizeof *H);
    H->target = target;
    mi_upoly_init(&H->cur);
}

void f4_hilb_clear(gbc_ctx *ctx, f4_hilb *H)
{
    mi_upoly_clear(ctx, &H->cur);
}

/* out = HF(d) of the series N(t) / (1 - t)^nvars: the sum over the terms c t^e of
 * N with e <= d of c * binomial(d - e + nvars - 1, nvars - 1). */
static void hf_at(mpz_t out, const mi_upoly *N, uint32_t nvars, uint64_t d)
{
    mpz_t b;
    mpz_init(b);
    mpz_set_ui(out, 0);
    for (size_t k = 0; k < N->n; k++) {
        if (N->deg[k] > d)
            break; /* degrees increase */
        if (nvars == 0) {
            /* the series is N itself */
            if (N->deg[k] == d)
                mpz_set_si(b, 1);
            else
                continue;
        } else {
            mpz_bin_uiui(b, (unsigned long)(d - N->deg[k] + nvars - 1),
                         (unsigned long)(nvars - 1));
        }
        if (N->coef[k] >= 0)
            mpz_addmul_ui(out, b, (unsigned long)N->coef[k]);
        else
            mpz_submul_ui(out, b, (unsigned long)(-(N->coef[k] + 1)) + 1ul);
    }
    mpz_clear(b);
}

/* The numerator of the leading monomials of the basis now (cached until it grows). */
static gbc_status hilb_current(f4_state *S, f4_hilb *H)
{
    if (H->have_cur && H->at_n == S->n)
        return GBC_OK;
    gbc_ctx *ctx = S->ctx;
    const uint32_t nv = S->R->nvars;
    monideal L;
    mi_init(&L, nv);
    gbc_status st = mi_reserve(ctx, &L, S->n ? S->n : 1);
    for (size_t k = 0; k < S->n && st == GBC_OK; k++)
        if (!S->red[k])
            st = mi_push(ctx, &L, mht_exps(&S->bht, S->lm[k]));
    if (st == GBC_OK) {
        mi_upoly_clear(ctx, &H->cur);
        mi_upoly_init(&H->cur);
        st = mi_hilbert_uni(ctx, &H->cur, &L);
    }
    mi_clear(ctx, &L);
    if (st == GBC_OK) {
        H->have_cur = 1;
        H->at_n = S->n;
    }
    return st;
}

gbc_status f4_hilb_complete(f4_state *S, f4_hilb *H, uint32_t d, int *complete)
{
    *complete = 0;
    GBC_TRY(hilb_current(S, H));
    const uint32_t nv = S->R->nvars;
    mpz_t a, b;
    mpz_init(a);
    mpz_init(b);
    hf_at(a, &H->cur, nv, d);
    hf_at(b, H->target, nv, d);
    int c = mpz_cmp(a, b);
    mpz_clear(a);
    mpz_clear(b);
    if (c < 0)
        return GBC_ERR_INTERNAL; /* more leading monomials than the ideal has */
    *complete = c == 0;
    return GBC_OK;
}

gbc_status f4_hilb_final_check(f4_state *S, f4_hilb *H)
{
    GBC_TRY(hilb_current(S, H));
    const mi_upoly *a = &H->cur, *b = H->target;
    if (a->n != b->n)
        return GBC_ERR_INTERNAL;
    for (size_t k = 0; k < a->n; k++)
        if (a->deg[k] != b->deg[k] || a->coef[k] != b->coef[k])
            return GBC_ERR_INTERNAL;
    return GBC_OK;
}

/* Drop the pairs of degree d (they reduce to zero). */
size_t f4_hilb_drop(f4_state *S, uint32_t d)
{
    size_t keep = 0, n = S->ps.n;
    for (size_t q = 0; q < n; q++)
        if (S->ps.p[q].deg != d)
            S->ps.p[keep++] = S->ps.p[q];
    S->ps.n = keep;
    return n - keep;
}
