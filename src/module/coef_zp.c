/* module/coef_zp: the Z/p family of module/'s coefficient operations (module_int.h,
 * mcf_ops): uint32 residues in [0, p), for the encodings, the syzygy code's row
 * reduction and the Schreyer resolution's reductions and ranks. */
#include "module/module_int.h"

static gbc_status zp_alloc(gbc_ctx *ctx, mcv *v, size_t cap, size_t len)
{
    (void)len;
    return GBC_ZALLOC(ctx, v->cf, cap);
}

static gbc_status zp_resize(gbc_ctx *ctx, mcv *v, size_t *ninit, size_t cap)
{
    (void)ninit;
    return GBC_RESIZE(ctx, v->cf, cap);
}

static void zp_clear(gbc_ctx *ctx, mcv *v, size_t ninit)
{
    (void)ninit;
    gbc_free(ctx, v->cf);
    v->cf = NULL;
}

static void zp_copy(mcv d, mcv s, size_t len)
{
    if (len > 0)
        memcpy(d.cf, s.cf, sizeof(uint32_t) * len);
}

static void zp_scale_inv(const field *F, mcv d, size_t off, size_t len, size_t piv, mcf_tmp *w)
{
    (void)w;
    uint32_t *x = d.cf + off;
    const uint32_t iv = zp_inv(F, x[piv]);
    for (size_t k = 0; k < len; k++)
        x[k] = zp_mul(F, x[k], iv);
}

static size_t zp_first_nonzero(mcv s, size_t off, size_t len)
{
    const uint32_t *x = s.cf + off;
    size_t c = 0;
    while (c < len && x[c] == 0)
        c++;
    return c;
}

static void zp_row_elim(const field *F, mcv d, size_t i, size_t r, size_t c, size_t len,
                        mcf_tmp *w)
{
    (void)w;
    uint32_t *xi = d.cf + i;
    const uint32_t *xr = d.cf + r;
    const uint32_t m = xi[c];
    if (m == 0)
        return;
    for (size_t k = 0; k < len; k++)
        if (xr[k] != 0)
            xi[k] = zp_sub(F, xi[k], zp_mul(F, m, xr[k]));
}

/* Gaussian elimination with the first nonzero entry of each column as pivot. */
static size_t zp_rank(const field *F, mcv d, size_t nr, size_t nc, mcf_tmp *w)
{
    (void)w;
    uint32_t *A = d.cf;
    size_t r = 0;
    for (size_t c = 0; c < nc && r < nr; c++) {
        size_t p = r;
        while (p < nr && A[p * nc + c] == 0)
            p++;
        if (p == nr)
            continue;
        if (p != r)
            for (size_t k = 0; k < nc; k++) {
                uint32_t t = A[p * nc + k];
                A[p * nc + k] = A[r * nc + k];
                A[r * nc + k] = t;
            }
        uint32_t iv = zp_inv(F, A[r * nc + c]);
        for (size_t i = r + 1; i < nr; i++) {
            uint32_t f = A[i * nc + c];
            if (f == 0)
                continue;
            f = zp_mul(F, f, iv);
            for (size_t k = c; k < nc; k++)
                A[i * nc + k] = zp_sub(F, A[i * nc + k], zp_mul(F, f, A[r * nc + k]));
        }
        r++;
    }
    return r;
}

const mcf_ops mcf_zp = {
    .alloc = zp_alloc,
    .resize = zp_resize,
    .clear = zp_clear,
    .set = mzp_set,
    .copy = zp_copy,
    .set_one = mzp_set_one,
    .set_zero = mzp_set_zero,
    .is_zero = mzp_is_zero,
    .neg = mzp_neg,
    .mul = mzp_mul,
    .addmul = mzp_addmul,
    .scale_inv = zp_scale_inv,
    .first_nonzero = zp_first_nonzero,
    .row_elim = zp_row_elim,
    .rank = zp_rank,
};
