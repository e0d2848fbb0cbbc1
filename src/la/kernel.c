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
    M->ws = E->ws;
    return la_echelon_mt(E->ctx, M, E->F, rows, n, arena, newrows, nnew, E->threads);
}

const la_kernel la_kernel_exact = {"exact", 1, exact_echelon};

/* The ranked kernel (la.h). The rows that give new pivots in the exact kernel's
 * order often come first in F4's matrices (katsura-11 modulo 65521: in every round
 * the first rows, 1,050 of 9,847 in all; eco-13's largest matrix gives none), so
 * la_echelon_tested asks, at a few points, whether the rows left already lie in the
 * span: k random combinations of them, reduced by every pivot found so far, must
 * all be zero, k the probabilistic kernel's exponent for one more stop (so the
 * stops of both kernels together stay within 2^-64). A test costs about k rows'
 * reductions in one pass of the lanes; where the new pivots come late (noon-9:
 * up to 60-95% of the rows) the failed tests are what the kernel adds. */
typedef struct ranked_test {
    la_env *E;
    gbc_arena scratch;
} ranked_test;

static gbc_status ranked_zero(void *arg, la_matrix *M, const la_row *rows, size_t from,
                              size_t n, int *all_zero)
{
    ranked_test *R = arg;
    la_env *E = R->E;
    *all_zero = 0;
    const uint32_t p = E->F->p;
    unsigned k = la_prob_exponent(p, E->st.stops + 1, 1);
    if (k > LA_LANES)
        return GBC_OK; /* p too small for a test to pay */
    uint32_t start = la_lanes_combine(E->F, &E->rng, M, 0, k, rows, from, n);
    la_lanes_reduce(M, E->F, start < M->npivcols ? start : M->npivcols);
    gbc_status st = GBC_OK;
    unsigned l = 0;
    for (; l < k && st == GBC_OK; l++) {
        la_row res;
        st = la_lanes_finish(E->ctx, M, E->F, (int)l, &R->scratch, &res);
        E->st.rows_reduced++;
        if (st == GBC_OK && res.len > 0)
            break; /* a row left is not in the span */
    }
    for (unsigned q = l + 1; q < k; q++)
        la_lanes_drop(M, (int)q);
    gbc_arena_reset(&R->scratch);
    if (st != GBC_OK) {
        la_lanes_clear(M);
        return st;
    }
    if (l == k) {
        *all_zero = 1;
        E->st.confirmations += k;
        E->st.stops++;
        E->st.fail_bound += la_prob_miss(p, k);
    }
    return GBC_OK;
}

static gbc_status ranked_echelon(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                                 gbc_arena *arena, la_row *newrows, size_t *nnew)
{
    /* on the calling thread whatever the computation's threads: a learning prime
     * over Q runs beside other primes (katsura-10 on two threads: 2.62 -> 2.36 s
     * wall against the exact kernel on both) */
    if (M->lanes == NULL || !la_prob_combines(E, n))
        return exact_echelon(E, M, rows, n, arena, newrows, nnew);
    ranked_test R = {E, {0}};
    gbc_arena_init(&R.scratch, 1 << 16);
    la_tail_test T = {ranked_zero, &R};
    E->st.rows_in += n;
    M->isa = E->isa;
    M->ws = E->ws;
    size_t used = 0;
    gbc_status st = la_echelon_tested(E->ctx, M, E->F, rows, n, &T, arena, newrows, nnew, &used);
    E->st.rows_reduced += used;
    gbc_arena_clear(E->ctx, &R.scratch);
    return st;
}

const la_kernel la_kernel_ranked = {"ranked", 1, ranked_echelon};

const la_kernel *la_kernel_select(int mode, const field *F, int need_provenance)
{
    (void)F; /* the probabilistic kernel itself falls back to exact where p is small */
    if (need_provenance)
        return mode == LA_EXACT ? &la_kernel_exact : &la_kernel_ranked;
    if (mode == LA_EXACT)
        return &la_kernel_exact;
    return &la_kernel_probabilistic;
}

double la_prob_miss(uint32_t p, unsigned k)
{
    double q = 1.0;
    for (unsigned j = 0; j < k; j++)
        q /= (double)(p - 1);
    return q;
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
