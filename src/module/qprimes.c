/* module/qprimes: what the paths over Q share (syzq.c, resq.c): the primes they
 * draw, and their elements reduced modulo one of them. */
#include "module/module_int.h"

void qprimes_init(qprimes *Q, gbc_ctx *ctx, uint64_t salt)
{
    memset(Q, 0, sizeof *Q);
    Q->plan = ctx->plan;
    uint64_t seed = ctx->plan->seed;
    if (!ctx->plan->fixed_seed)
        (void)gbc_entropy64(&seed);
    gbc_rng_seed(&Q->rng, gbc_seed_derive(seed, salt));
}

/* Whether q was used before; if not, it is taken (recorded as used). */
static int take_prime(qprimes *Q, uint32_t q)
{
    for (size_t i = 0; i < Q->n; i++)
        if (Q->used[i] == q)
            return 0;
    Q->used[Q->n++] = q;
    return 1;
}

uint32_t qprimes_next(qprimes *Q)
{
    const gbc_plan *P = Q->plan;
    while (Q->forced < P->nforced) {
        uint32_t q = P->forced_primes[Q->forced++];
        if (q >= 3 && q < (1u << 31) && zp_is_prime(q) == 1 && take_prime(Q, q))
            return q;
    }
    for (;;) {
        uint32_t q = (uint32_t)((1u << 30) + gbc_rng_below(&Q->rng, 1u << 30)) | 1u;
        if (zp_is_prime(q) == 1 && take_prime(Q, q))
            return q;
    }
}

gbc_status module_gens_mod(gbc_ctx *ctx, const plist *gens, uint32_t nvars, const field *F,
                           plist *out, int *ok)
{
    *ok = 1;
    for (size_t k = 0; k < gens->n; k++) {
        const ppoly *f = &gens->p[k];
        ppoly *g;
        GBC_TRY(plist_push(ctx, out, f->len, nvars, F, &g));
        size_t j = 0;
        for (size_t i = 0; i < f->len; i++) {
            uint32_t r;
            if (!zp_from_mpq(F, f->cq[i], &r)) {
                *ok = 0;
                return GBC_OK;
            }
            if (r == 0)
                continue;
            memcpy(g->exps + j * nvars, f->exps + i * nvars, sizeof(uint32_t) * nvars);
            g->cf[j++] = r;
        }
        g->len = j; /* room for f->len terms, j used */
    }
    return GBC_OK;
}
