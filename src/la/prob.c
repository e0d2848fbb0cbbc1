/* la/prob: the probabilistic kernel. Most rows of an F4 matrix reduce to zero; this
 * kernel reduces random linear combinations of blocks of rows instead of the rows,
 * so that it reduces about as many vectors as the rank needs. The idea of reducing
 * random combinations of row blocks is msolve's (Berthomieu, Eder, Safey El Din);
 * the confirmations that bound the whole computation's failure probability by
 * 2^-64 are gbc's (docs/linear-algebra.md derives the bound).
 *
 * A block's combinations are reduced by the pivots known so far (old ones and the
 * new ones found from earlier combinations); each nonzero result is a new pivot. A
 * block is done when it has given as many pivots as it has rows, or when a
 * combination reduces to zero. Then k - 1 combinations of all rows of the matrix
 * must reduce to zero (k from la_prob_exponent); if one does not, a block was
 * closed too early, and the matrix is finished by the exact kernel. */
#include "la/la.h"

#include <math.h>

#define PROB_BLOCK 64      /* least rows per block */
#define PROB_MIN_ROWS 64   /* smaller matrices go to the exact kernel */
#define PROB_MAX_EXPONENT 8 /* beyond (tiny p), the exact kernel is cheaper */

/* M->dense += sum of c_i * rows[i] for i in [a, b) with c_i uniform in [1, p);
 * returns the least column touched (M->ncols when none). */
static uint32_t combine(const field *F, gbc_rng *rng, la_matrix *M, const la_row *rows,
                        size_t a, size_t b)
{
    const uint64_t p = F->p, p2 = F->p2;
    uint64_t *dr = M->dense;
    uint32_t start = M->ncols;
    for (size_t i = a; i < b; i++) {
        const la_row *r = &rows[i];
        if (r->len == 0)
            continue;
        uint64_t c = 1 + gbc_rng_below(rng, p - 1);
        if (r->cols[0] < start)
            start = r->cols[0];
        for (uint32_t k = 0; k < r->len; k++) {
            uint64_t x = dr[r->cols[k]] + c * r->cf[k];
            dr[r->cols[k]] = x >= p2 ? x - p2 : x;
        }
    }
    return start;
}

/* Reduce the combination in M->dense; *zero when it vanished, else the result is
 * appended to newrows as a new pivot. The test hook may take a nonzero result for
 * zero. */
static gbc_status reduce_combination(la_env *E, la_matrix *M, uint32_t start, uint32_t src,
                                     gbc_arena *arena, la_row *newrows, size_t *nnew,
                                     int *zero)
{
    la_row res;
    GBC_TRY(la_reduce_dense(E->ctx, M, E->F, start, arena, &res));
    E->st.rows_reduced++;
    if (res.len > 0 && (uint32_t)E->hook > 0) {
        E->hook--; /* the low 32 bits count down */
        res.len = 0;
    }
    *zero = res.len == 0;
    if (*zero) {
        E->st.confirmations++;
        return GBC_OK;
    }
    res.src = src;
    res.tag = LA_NO_TAG;
    newrows[*nnew] = res;
    M->pivot[res.cols[0]] = &newrows[*nnew];
    (*nnew)++;
    return GBC_OK;
}

/* Rows per block for a matrix of n rows to reduce: about sqrt(3 n) (sqrt(n / 3)
 * blocks, as msolve), at least PROB_BLOCK. Larger blocks mean fewer closing zeros
 * but denser combinations. */
static size_t block_size(size_t n)
{
    size_t nb = (size_t)sqrt((double)n / 3.0) + 1;
    size_t b = (n + nb - 1) / nb;
    return b < PROB_BLOCK ? PROB_BLOCK : b;
}

/* ------------------------------------------------------------ threads -- */

/* With several threads the blocks are shared out: each thread forms and reduces
 * its blocks' combinations against the one pivot table, and publishes a new pivot
 * with a compare-and-swap on its leading column; if another thread took that
 * column meanwhile, the row is reduced further by the new pivot (msolve does the
 * same with OpenMP). Which pivots a reduction sees then depends on the timing, so
 * the bound does not count on the closing zeros: after the threads, k
 * combinations of all rows (k the least with (p - 1)^-k <= the matrix's budget)
 * must reduce to zero (docs/linear-algebra.md). */
typedef struct pjob {
    la_worker w;
    atomic_size_t *next;  /* the next block to take */
    const field *F;
    const la_row *rows;
    size_t n, bs, nblocks;
    gbc_rng rng;
    la_row **found;       /* the pivots it published (in its arena) */
    size_t nfound, fcap;
    size_t reduced, confirmations, blocks, closed;
} pjob;

/* Publish the reduced row r (in the job's arena) as a pivot; when its column was
 * taken meanwhile, reduce it by the pivot there and try again. */
static gbc_status publish(pjob *J, la_row r, uint32_t src)
{
    la_worker *W = &J->w;
    while (r.len > 0) {
        la_row *slot = gbc_arena_alloc(&W->ctx, &W->arena, sizeof *slot);
        if (slot == NULL)
            return gbc_ctx_alloc_status(&W->ctx);
        /* room in found first: a published pivot is always recorded */
        GBC_TRY(GBC_GROW(&W->ctx, J->found, J->fcap, J->nfound + 1));
        r.src = src;
        r.tag = LA_NO_TAG;
        *slot = r;
        const la_row *expect = NULL;
        if (__atomic_compare_exchange_n(&W->M.pivot[r.cols[0]], &expect, slot, 0,
                                        __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {
            J->found[J->nfound++] = slot;
            return GBC_OK;
        }
        /* taken: the row goes back into the dense scratch and on from its lead */
        for (uint32_t k = 0; k < r.len; k++)
            W->M.dense[r.cols[k]] = r.cf[k];
        GBC_TRY(la_reduce_dense(&W->ctx, &W->M, J->F, r.cols[0], &W->arena, &r));
        J->reduced++;
    }
    return GBC_OK;
}

static void *pjob_run(void *arg)
{
    pjob *J = arg;
    la_worker *W = &J->w;
    W->st = GBC_OK;
    while (W->st == GBC_OK) {
        size_t blk = atomic_fetch_add(J->next, 1);
        if (blk >= J->nblocks)
            break;
        size_t a = blk * J->bs, b = a + J->bs < J->n ? a + J->bs : J->n, m = 0, got = 0;
        for (size_t i = a; i < b; i++)
            m += J->rows[i].len > 0;
        J->blocks++;
        int zero = 0;
        while (got < m && !zero && W->st == GBC_OK && !la_worker_stopped(W)) {
            uint32_t start = combine(J->F, &J->rng, &W->M, J->rows, a, b);
            la_row res;
            W->st = la_reduce_dense(&W->ctx, &W->M, J->F, start, &W->arena, &res);
            J->reduced++;
            if (W->st != GBC_OK)
                break;
            zero = res.len == 0;
            if (zero) {
                J->confirmations++;
                break;
            }
            W->st = publish(J, res, J->rows[a].src);
            got++;
        }
        J->closed += zero;
        if (atomic_load(W->stop))
            break;
    }
    la_worker_done(W);
    return NULL;
}

static gbc_status prob_parallel(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                                size_t bs, size_t nblocks, gbc_arena *arena, la_row *newrows,
                                size_t *nnew, size_t *closed)
{
    gbc_ctx *ctx = E->ctx;
    pjob jobs[64];
    atomic_size_t next;
    atomic_init(&next, 0);
    la_phase P;
    gbc_status st = la_phase_begin(&P, ctx, M, jobs, sizeof jobs[0], E->threads);
    for (int t = 0; t < P.ninit; t++) {
        pjob *J = &jobs[t];
        J->next = &next;
        J->F = E->F;
        J->rows = rows;
        J->n = n;
        J->bs = bs;
        J->nblocks = nblocks;
        gbc_rng_seed(&J->rng, gbc_rng_next(&E->rng));
    }
    if (st == GBC_OK)
        st = la_phase_run(&P, pjob_run, jobs, sizeof jobs[0]);
    /* the new pivots move into newrows and the caller's arena (the pivot table
     * points at newrows, as the sequential kernels leave it) */
    *nnew = 0;
    *closed = 0;
    for (int t = 0; t < P.ninit && st == GBC_OK; t++) {
        pjob *J = &jobs[t];
        E->st.rows_reduced += J->reduced;
        E->st.confirmations += J->confirmations;
        E->st.blocks += J->blocks;
        *closed += J->closed;
        for (size_t i = 0; i < J->nfound && st == GBC_OK; i++) {
            const la_row *r = J->found[i];
            uint32_t *c = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * r->len);
            uint32_t *f = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * r->len);
            if (c == NULL || f == NULL) {
                st = gbc_ctx_alloc_status(ctx);
                break;
            }
            memcpy(c, r->cols, sizeof(uint32_t) * r->len);
            memcpy(f, r->cf, sizeof(uint32_t) * r->len);
            la_row *w = &newrows[(*nnew)++];
            *w = *r;
            w->cols = c;
            w->cf = f;
            M->pivot[c[0]] = w;
        }
    }
    for (int t = 0; t < P.ninit; t++)
        gbc_free(&jobs[t].w.ctx, jobs[t].found);
    la_phase_end(&P, jobs, sizeof jobs[0]);
    return st;
}

static gbc_status prob_echelon(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                               gbc_arena *arena, la_row *newrows, size_t *nnew)
{
    gbc_ctx *ctx = E->ctx;
    const uint32_t p = E->F->p;
    size_t bs = block_size(n);
    size_t nblocks = (n + bs - 1) / bs;
    size_t s = E->st.stops + 1;
    unsigned k = la_prob_exponent(p, s, nblocks);
    if (E->hook >> 32)
        k = 1; /* test hook: no confirmation beyond the block's own */
    if (n < PROB_MIN_ROWS || k > PROB_MAX_EXPONENT)
        return la_kernel_exact.echelon(E, M, rows, n, arena, newrows, nnew);
    E->st.rows_in += n;
    *nnew = 0;
    size_t closed = 0; /* blocks closed by a zero combination */
    int parallel = E->threads > 1 && nblocks > 1 && (uint32_t)E->hook == 0;
    if (parallel) {
        /* the closing zeros do not count (see above): k confirmations */
        k = la_prob_exponent(p, s, 1) + 1;
        GBC_TRY(prob_parallel(E, M, rows, n, bs, nblocks, arena, newrows, nnew, &closed));
    }
    for (size_t a = 0; a < n && !parallel; a += bs) {
        size_t b = a + bs < n ? a + bs : n, m = 0, found = 0;
        for (size_t i = a; i < b; i++)
            m += rows[i].len > 0;
        E->st.blocks++;
        int zero = 0;
        while (found < m && !zero) {
            GBC_TRY(gbc_ctx_check(ctx));
            uint32_t start = combine(E->F, &E->rng, M, rows, a, b);
            GBC_TRY(reduce_combination(E, M, start, rows[a].src, arena, newrows, nnew, &zero));
            found += !zero;
        }
        closed += zero;
    }
    if (closed > 0) {
        /* k - 1 combinations of the whole matrix confirm every closed block */
        for (unsigned j = 1; j < k; j++) {
            GBC_TRY(gbc_ctx_check(ctx));
            uint32_t start = combine(E->F, &E->rng, M, rows, 0, n);
            int zero;
            GBC_TRY(reduce_combination(E, M, start, rows[0].src, arena, newrows, nnew, &zero));
            if (!zero) {
                /* a block was closed early: finish exactly (the rows already in the
                 * span reduce to zero, the others give the missing pivots) */
                gbc_log(ctx, 2, "la: a confirmation failed: the matrix is finished exactly");
                size_t more = 0;
                E->st.rows_reduced += n;
                GBC_TRY(la_echelon(ctx, M, E->F, rows, n, arena, newrows + *nnew, &more));
                for (size_t i = *nnew; i < *nnew + more; i++)
                    newrows[i].tag = LA_NO_TAG;
                *nnew += more;
                return GBC_OK;
            }
        }
        E->st.stops++;
        double q = 1.0;
        for (unsigned j = 0; j < k; j++)
            q /= (double)(p - 1);
        E->st.fail_bound += parallel ? q * (p - 1) : (double)closed * q;
    }
    return GBC_OK;
}

const la_kernel la_kernel_probabilistic = {"probabilistic", 0, prob_echelon};
