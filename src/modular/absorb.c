/* modular/absorb: one prime's basis taken in: compared with the lifted and settled
 * polynomials (settling, reopening, or a conflict), its residues added to the
 * accumulator for the open ones; misfits counted. */
#include "modular/modular_int.h"

#include "common/pool.h"

/* Whether polynomial k of the candidate reduces modulo p to the polynomial of the
 * shape with the coefficients cf (its own, cf[0] its first); *usable is 0 when p
 * divides a denominator (the prime cannot judge). */
static int poly_matches(const modst *S, size_t k, const uint32_t *cf, const field *F,
                        const zz_modp *R, int *usable)
{
    *usable = 1;
    const mp_limb_t *w = S->cpk[k];
    mpz_t n, d;
    uint32_t dm = 0;
    for (size_t i = 0; i < S->plen[k]; i++) {
        if (mod_cand_next(&w, n, d)) {
            dm = zz_modp_get(R, d);
            if (dm == 0) {
                *usable = 0;
                return 0;
            }
        }
        /* n / d = c modulo p, as n = c d: no inverse */
        if (zp_mul(F, cf[i], dm) != zz_modp_get(R, n))
            return 0;
    }
    return 1;
}

/* The comparisons of mod_absorb_flat, shared by the computation's threads (each
 * takes the next polynomial; they only read S and r and write their own match[k]):
 * match[k] for every polynomial that is not open, 1 if it reduces to r's modulo p,
 * 2 if p cannot judge (it divides a denominator), else 0. */
typedef struct match_job {
    const modst *S;
    const uint32_t *r;
    field F;
    zz_modp R;
    atomic_size_t next;
    uint8_t *match;
} match_job;

static void match_part(void *arg, int t)
{
    (void)t;
    match_job *J = arg;
    const modst *S = J->S;
    for (;;) {
        size_t k = atomic_fetch_add(&J->next, 1);
        if (k >= S->npolys)
            break;
        if (S->pst[k] == P_OPEN)
            continue;
        int usable;
        int m = poly_matches(S, k, J->r + S->poff[k], &J->F, &J->R, &usable);
        J->match[k] = m ? 1 : usable ? 0 : 2;
    }
}

gbc_status mod_absorb_flat(modst *S, const uint32_t *r, uint32_t p, int *conflict)
{
    match_job J;
    J.S = S;
    J.r = r;
    GBC_TRY(field_init(&J.F, p));
    zz_modp_init(&J.R, p);
    atomic_init(&J.next, 0);
    J.match = S->pmatch;
    *conflict = 0;
    /* with threads, the comparisons with the lifted and settled polynomials
     * (every coefficient modulo p, for every prime: katsura-10, 3% of the run on
     * the calling thread) run on the pool */
    if (S->ctx->pool != NULL && S->npolys >= 64)
        gbc_pool_run(S->ctx->pool, match_part, &J, gbc_pool_size(S->ctx->pool));
    else
        match_part(&J, 0);
    int any_live = 0;
    for (size_t k = 0; k < S->npolys; k++) {
        if (S->pst[k] == P_SETTLED) {
            if (J.match[k] == 0) {
                *conflict = 1;
                return GBC_OK;
            }
            continue;
        }
        if (S->pst[k] == P_LIFTED) {
            if (J.match[k] == 1) {
                S->pst[k] = P_SETTLED;
                S->nsettled++;
                memset(S->live + S->poff[k], 0, S->plen[k]);
                zz_crt_drop(&S->crt, S->poff[k], S->plen[k]);
                continue;
            }
            S->pst[k] = P_OPEN;
            mod_cand_drop(S, k);
        }
        any_live = 1;
    }
    S->have_cand = S->nsettled == S->npolys;
    if (!any_live)
        return GBC_OK;
    return zz_crt_add(S->ctx, &S->crt, r, p, S->live);
}

/* Whether the candidate (every polynomial settled) reduces to G modulo p; *usable
 * is 0 when p divides a denominator. */
int mod_cand_matches(const modst *S, const plist *G, uint32_t p, int *usable)
{
    *usable = 1;
    if (!mod_shape_matches(S, G))
        return 0;
    field F;
    field_init(&F, p);
    zz_modp R;
    zz_modp_init(&R, p);
    for (size_t k = 0; k < G->n; k++)
        if (!poly_matches(S, k, G->p[k].cf, &F, &R, usable))
            return 0;
    return 1;
}

/* Whether the candidate (every polynomial settled) reduces modulo p to the
 * polynomials of the shape with the coefficients cf; *usable as in mod_cand_matches. */
int mod_cand_matches_flat(const modst *S, const uint32_t *cf, uint32_t p, int *usable)
{
    *usable = 1;
    field F;
    field_init(&F, p);
    zz_modp R;
    zz_modp_init(&R, p);
    for (size_t k = 0; k < S->npolys; k++)
        if (!poly_matches(S, k, cf + S->poff[k], &F, &R, usable))
            return 0;
    return 1;
}

gbc_status mod_take_flat(modst *S, uint32_t p, const uint32_t *r, int *conflict)
{
    *conflict = 0;
    if (r == NULL) {
        gbc_log(S->ctx, 2, "modular: prime %u does not follow the trace: left out", p);
        S->unlucky_run++;
        return GBC_OK;
    }
    S->unlucky_run = 0;
    GBC_TRY(mod_absorb_flat(S, r, p, conflict));
    if (*conflict)
        gbc_log(S->ctx, 1, "modular: prime %u contradicts a settled polynomial: relearning", p);
    return GBC_OK;
}

gbc_status mod_take(modst *S, uint32_t p, const plist *G, int *conflict)
{
    if (G != NULL && !mod_shape_matches(S, G))
        G = NULL;
    if (G == NULL)
        return mod_take_flat(S, p, NULL, conflict);
    mod_flatten(S, G);
    return mod_take_flat(S, p, S->resid, conflict);
}

int mod_misfits(const modst *S)
{
    /* Many misfits in a row: the learning prime itself was probably unlucky. */
    if (S->unlucky_run <= 2 * S->crt.nprimes + 3)
        return 0;
    gbc_log(S->ctx, 1, "modular: %zu primes in a row do not fit: relearning", S->unlucky_run);
    return 1;
}
