/* api/normal_form: gbc_normal_form, the remainders of many polynomials on full
 * division by a list, computed by id_normal_form (ideal/nf.c: the heap reducer of
 * buchberger/reduce, exact over Q). */
#include "api/api.h"
#include "ideal/ideal.h"

GBC_API gbc_status gbc_normal_form(gbc_polys **nf, const gbc_polys *polys,
                                   const gbc_polys *divisors, const gbc_options *opts)
{
    if (nf == NULL || polys == NULL || divisors == NULL)
        return GBC_ERR_ARG;
    if (polys->ring != divisors->ring)
        return GBC_ERR_DOMAIN;
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    const ring *R = &polys->ring->R;
    plist out;
    plist_init(&out);
    gbc_status st = id_normal_form(&ctx, R, &polys->L, &divisors->L, &out);
    if (st == GBC_OK)
        st = api_polys_wrap(&ctx, nf, polys->ring, &out);
    if (st != GBC_OK)
        plist_clear(&ctx, &out, &R->F);
    return st;
}
