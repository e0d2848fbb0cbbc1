/* la/kernel: the kernel tables, their selection by mode, and the environment. */
#include "la/la.h"

#include <math.h>

void la_env_init(la_env *E, gbc_ctx *ctx, const field *F, uint64_t seed)
{
    memset(E, 0, sizeof *E);
    E->ctx = ctx;
    E->F = F;
    E->threads = ctx->threads > 1 ? ctx->threads : 1;
    E->hook = ctx->plan->la_hook;
    E->isa = la_lanes_isa_default();
    gbc_rng_seed(&E->rng, seed);
}

static gbc_status exact_echelon(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                                gbc_arena *arena, la_row *newrows, size_t *nnew)
{
    E->st.rows_in += n;
    E->st.rows_reduced += n;
    M->isa = E->isa;
    return la_echelon_mt(E->ctx, M, E->F, rows, n, arena, newrows, nnew, E->threads);
}

const la_kernel la_kernel_exact = {"exact", 1, exact_echelon};

const la_kernel *la_kernel_select(int mode, const field *F, int need_provenance)
{
    (void)F; /* the probabilistic kernel itself falls back to exact where p is small */
    if (need_provenance || mode == LA_EXACT)
        return &la_kernel_exact;
    return &la_kernel_probabilistic;
}

unsigned la_prob_exponent(uint32_t p, size_t s, size_t nblocks)
{
    if (p < 3)
        return UINT32_MAX;
    /* log2 of nblocks over the budget: log2(nblocks) + 64 + log2(pi^2 / 6) + 2 log2(s) */
    double need = log2((double)(nblocks ? nblocks : 1)) + 64.0 + log2(M_PI * M_PI / 6.0) +
                  2.0 * log2((double)(s ? s : 1));
    double k = ceil(need / log2((double)p - 1.0));
    return k > 1e6 ? UINT32_MAX : (unsigned)k;
}
