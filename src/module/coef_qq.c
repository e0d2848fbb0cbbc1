/* module/coef_qq: the Q family of module/'s coefficient operations (module_int.h,
 * mcf_ops): GMP rationals in canonical form, for the encodings, the syzygy code's
 * row reduction and the Schreyer resolution's reductions and ranks. */
#include "module/module_int.h"

void mcf_tmp_init(mcf_tmp *w)
{
    mpq_init(w->a);
    mpq_init(w->b);
}

void mcf_tmp_clear(mcf_tmp *w)
{
    mpq_clear(w->a);
    mpq_clear(w->b);
}

static gbc_status qq_alloc(gbc_ctx *ctx, mcv *v, size_t cap, size_t len)
{
    GBC_TRY(GBC_ALLOC(ctx, v->cq, cap));
    for (size_t t = 0; t < len; t++)
        mpq_init(v->cq[t]);
    return GBC_OK;
}

static gbc_status qq_resize(gbc_ctx *ctx, mcv *v, size_t *ninit, size_t cap)
{
    GBC_TRY(GBC_RESIZE(ctx, v->cq, cap));
    while (*ninit < cap)
        mpq_init(v->cq[(*ninit)++]);
    return GBC_OK;
}

static void qq_clear(gbc_ctx *ctx, mcv *v, size_t ninit)
{
    if (v->cq != NULL)
        for (size_t t = 0; t < ninit; t++)
            mpq_clear(v->cq[t]);
    gbc_free(ctx, v->cq);
    v->cq = NULL;
}

static void qq_copy(mcv d, mcv s, size_t len)
{
    for (size_t t = 0; t < len; t++)
        mpq_set(d.cq[t], s.cq[t]);
}

static void qq_scale_inv(const field *F, mcv d, size_t off, size_t len, size_t piv, mcf_tmp *w)
{
    (void)F;
    mpq_t *x = d.cq + off;
    mpq_inv(w->a, x[piv]);
    for (size_t k = 0; k < len; k++)
        mpq_mul(x[k], x[k], w->a);
}

static size_t qq_first_nonzero(mcv s, size_t off, size_t len)
{
    mpq_t *x = s.cq + off;
    size_t c = 0;
    while (c < len && mpq_sgn(x[c]) == 0)
        c++;
    return c;
}

static void qq_row_elim(const field *F, mcv d, size_t i, size_t r, size_t c, size_t len,
                        mcf_tmp *w)
{
    (void)F;
    mpq_t *xi = d.cq + i, *xr = d.cq + r;
    if (mpq_sgn(xi[c]) == 0)
        return;
    mpq_set(w->a, xi[c]);
    for (size_t k = 0; k < len; k++)
        if (mpq_sgn(xr[k]) != 0) {
            mpq_mul(w->b, w->a, xr[k]);
            mpq_sub(xi[k], xi[k], w->b);
        }
}

/* Gaussian elimination with the first nonzero entry of each column as pivot. */
static size_t qq_rank(const field *F, mcv d, size_t nr, size_t nc, mcf_tmp *w)
{
    (void)F;
    mpq_t *A = d.cq;
    size_t r = 0;
    for (size_t c = 0; c < nc && r < nr; c++) {
        size_t p = r;
        while (p < nr && mpq_sgn(A[p * nc + c]) == 0)
            p++;
        if (p == nr)
            continue;
        if (p != r)
            for (size_t k = 0; k < nc; k++)
                mpq_swap(A[p * nc + k], A[r * nc + k]);
        for (size_t i = r + 1; i < nr; i++) {
            if (mpq_sgn(A[i * nc + c]) == 0)
                continue;
            mpq_div(w->a, A[i * nc + c], A[r * nc + c]);
            for (size_t k = c; k < nc; k++) {
                mpq_mul(w->b, w->a, A[r * nc + k]);
                mpq_sub(A[i * nc + k], A[i * nc + k], w->b);
            }
        }
        r++;
    }
    return r;
}

const mcf_ops mcf_qq = {
    .alloc = qq_alloc,
    .resize = qq_resize,
    .clear = qq_clear,
    .set = mqq_set,
    .copy = qq_copy,
    .set_one = mqq_set_one,
    .set_zero = mqq_set_zero,
    .is_zero = mqq_is_zero,
    .neg = mqq_neg,
    .mul = mqq_mul,
    .addmul = mqq_addmul,
    .scale_inv = qq_scale_inv,
    .first_nonzero = qq_first_nonzero,
    .row_elim = qq_row_elim,
    .rank = qq_rank,
};
