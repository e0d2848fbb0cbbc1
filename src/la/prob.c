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
#define PROB_MIN_ROWS_MT 8  /* on several threads */
#define PROB_MAX_EXPONENT 8 /* beyond (tiny p), the exact kernel is cheaper */
_Static_assert(PROB_MAX_EXPONENT <= LA_LANES, "the confirmations fit in one group of lanes");

/* A block of rows [a, b) being closed: m nonzero rows, found pivots so far; in the
 * current group its combinations fill lanes [l0, l0 + nl), and it asks for want
 * lanes in the next. */
typedef struct pblock {
    size_t a, b, m, found;
    unsigned l0, nl, want;
} pblock;

/* The confirmations' combinations (nc of them: k - 1, or k on several threads),
 * formed in parts: the rows split into nparts equal ranges, part q adds range q's
 * rows, each with its own multipliers, into the nc lanes. Reducing by the known
 * pivots is linear, so the parts' rests (what is left of them in the columns from
 * npivcols on) add up to the rests of the whole combinations; those are finished
 * by the new pivots once the blocks are done (confirm_lanes). A part's pass rides in
 * the first group of a run of blocks that has nc lanes free (ride_claim): a pass
 * over the known pivots costs about as much for a few more lanes, so the
 * combinations cost no pass of their own there (a small matrix: one group instead
 * of two). One thread makes the one part; on T threads there are T parts, so that
 * no thread's group covers every row's pivots, and a part nobody took when the
 * blocks ran out is made by the first worker without blocks (pjob_run), or after
 * the threads. */
#define CONF_PARTS_MAX 64
typedef struct pconf {
    unsigned nc, nparts;
    uint32_t npivcols, ncols;
    size_t n;             /* rows */
    /* part q's rest: rest[(q (ncols - npivcols) + c - npivcols) nc + l] */
    uint64_t *rest;
    uint64_t seed[CONF_PARTS_MAX]; /* each part's multipliers' generator */
    atomic_uint next;     /* the next part to take (a part taken is made, unless the
                           * run fails) */
} pconf;

/* The lanes k - 1 confirmations take (k <= PROB_MAX_EXPONENT + 1 <= LA_LANES + 1). */
static unsigned conf_lanes(unsigned k)
{
    return k == 0 ? 0 : (k - 1 < LA_LANES ? k - 1 : LA_LANES);
}

/* nc confirmations of the rows [0, n) of M in nparts parts; C->rest is NULL when
 * nc is 0 or its memory cannot be had (the caller makes them its own way then). */
static void pconf_init(pconf *C, la_env *E, const la_matrix *M, size_t n, unsigned nc,
                       unsigned nparts)
{
    C->nc = nc;
    C->nparts = nparts < CONF_PARTS_MAX ? nparts : CONF_PARTS_MAX;
    C->npivcols = M->npivcols;
    C->ncols = M->ncols;
    C->n = n;
    for (unsigned q = 0; q < C->nparts; q++)
        C->seed[q] = gbc_rng_next(&E->rng);
    atomic_init(&C->next, 0);
    size_t words = (size_t)C->nparts * (M->ncols - M->npivcols) * nc + 1;
    C->rest = nc > 0 ? gbc_malloc(E->ctx, sizeof(uint64_t) * words) : NULL;
}

/* What a run of blocks reports to (the sequential kernel, or a thread's job). */
typedef struct pout pout;
struct pout {
    size_t (*take)(pout *o);                               /* the next block, or SIZE_MAX */
    gbc_status (*poll)(pout *o);                           /* stop now? */
    gbc_status (*emit)(pout *o, la_row res, uint32_t src); /* a new pivot */
    uint64_t *hook;      /* the test hook (sequential only; else NULL) */
    size_t reduced, confirmations, closed, blocks, groups;
    size_t maxopen; /* blocks it may hold open at once (at most LA_LANES) */
    pconf *ride;    /* the confirmations' parts to take, or NULL */
};

uint32_t la_lanes_combine(const field *F, gbc_rng *rng, la_matrix *M, unsigned l0, unsigned nl,
                          const la_row *rows, size_t a, size_t b)
{
    uint32_t start = M->ncols;
    uint64_t mult[LA_LANES] = {0};
    for (size_t i = a; i < b; i++) {
        if (rows[i].len == 0)
            continue;
        uint32_t s;
        if (nl == 1) {
            s = la_lanes_add(M, F, (int)l0, &rows[i], 1 + gbc_rng_below(rng, F->p - 1));
        } else {
            for (unsigned l = l0; l < l0 + nl; l++)
                mult[l] = 1 + gbc_rng_below(rng, F->p - 1);
            s = la_lanes_add_multi(M, F, &rows[i], mult);
        }
        if (s < start)
            start = s;
    }
    return start;
}

/* Share the LA_LANES lanes out for the next group: the open blocks in order, each
 * up to its want, then fresh blocks from o->take (one lane each) while lanes are
 * left; lanes still free then go to the blocks round by round, one each, up to
 * what a block can use (its rows not yet matched by pivots, and one for the zero
 * that closes it). A pass over the known pivots costs about the same for one lane
 * of a block as for eight (the combinations of one block hit the same pivots), so
 * free lanes are nearly free; they are there when a thread holds few blocks (small
 * matrices, or a matrix's blocks shared among threads). Returns the number of
 * open blocks (a block may get no lane this time). The first reserve lanes are the
 * confirmations' (lanes 0..reserve-1). */
static size_t assign_lanes(pout *o, const la_row *rows, size_t n, size_t bs, pblock *blk,
                           size_t nopen, int *more, unsigned reserve)
{
    unsigned free = LA_LANES - reserve;
    for (size_t i = 0; i < nopen; i++) {
        blk[i].nl = blk[i].want < free ? blk[i].want : free;
        free -= blk[i].nl;
    }
    while (free > 0 && nopen < o->maxopen && *more) {
        size_t i = o->take(o);
        if (i == SIZE_MAX) {
            *more = 0;
            break;
        }
        pblock *B = &blk[nopen];
        B->a = i * bs;
        B->b = B->a + bs < n ? B->a + bs : n;
        B->m = 0;
        B->found = 0;
        for (size_t r = B->a; r < B->b; r++)
            B->m += rows[r].len > 0;
        o->blocks++;
        if (B->m == 0)
            continue;
        B->want = 1; /* its rank is unknown: one lane, then twice as many */
        B->nl = 1;
        free--;
        nopen++;
    }
    for (int grew = 1; free > 0 && grew;) {
        grew = 0;
        for (size_t i = 0; i < nopen && free > 0; i++)
            if (blk[i].nl < blk[i].m - blk[i].found + 1) {
                blk[i].nl++;
                free--;
                grew = 1;
            }
    }
    unsigned l0 = reserve;
    for (size_t i = 0; i < nopen; i++) {
        blk[i].l0 = l0;
        l0 += blk[i].nl;
    }
    return nopen;
}

/* Lane l of block B finished: a new pivot (o->emit) or a zero that closes B.
 * *over is set when B is done (closed, or as many pivots as rows). */
static gbc_status finish_lane(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                              gbc_arena *arena, pout *o, pblock *B, int l, int *over)
{
    la_row res;
    gbc_status st = la_lanes_finish(ctx, M, F, l, arena, &res);
    o->reduced++;
    if (st == GBC_OK && res.len > 0 && o->hook != NULL && (uint32_t)*o->hook > 0) {
        (*o->hook)--; /* the low 32 bits count down: a wrong stop */
        res.len = 0;
    }
    if (st == GBC_OK && res.len > 0)
        st = o->emit(o, res, (uint32_t)rows[B->a].src);
    GBC_TRY(st);
    if (res.len == 0) {
        o->confirmations++;
        o->closed++;
        *over = 1;
    } else {
        *over = ++B->found == B->m;
    }
    return GBC_OK;
}

/* Whether the run takes a part of the confirmations (*q) into its next group: one
 * is left and the open blocks leave its lanes free. */
static int ride_claim(pout *o, const pblock *blk, size_t nopen, unsigned *q)
{
    pconf *C = o->ride;
    if (C == NULL || atomic_load_explicit(&C->next, memory_order_relaxed) >= C->nparts)
        return 0;
    unsigned want = 0;
    for (size_t i = 0; i < nopen; i++)
        want += blk[i].want;
    if (want + C->nc > LA_LANES)
        return 0;
    *q = atomic_fetch_add(&C->next, 1);
    return *q < C->nparts;
}

/* Part q's combinations into M's lanes 0..nc-1; the least column they reach. */
static uint32_t ride_combine(const field *F, la_matrix *M, const pconf *C, unsigned q,
                             const la_row *rows)
{
    gbc_rng r;
    gbc_rng_seed(&r, C->seed[q]);
    size_t a = C->n * q / C->nparts, b = C->n * (q + 1) / C->nparts;
    return la_lanes_combine(F, &r, M, 0, C->nc, rows, a, b);
}

/* Part q's lanes 0..nc-1, reduced by the known pivots, move to its rest (the
 * columns from npivcols on; the others are zero). */
static void ride_out(la_matrix *M, pconf *C, unsigned q)
{
    const size_t w = C->ncols - C->npivcols;
    for (uint32_t c = C->npivcols; c < C->ncols; c++) {
        uint64_t *v = M->lanes + (size_t)c * LA_LANES;
        uint64_t *d = C->rest + ((size_t)q * w + (c - C->npivcols)) * C->nc;
        for (unsigned l = 0; l < C->nc; l++) {
            d[l] = v[l];
            v[l] = 0;
        }
    }
}

/* Part q made on its own (no block rides with it). */
static void ride_alone(const field *F, la_matrix *M, pconf *C, unsigned q, const la_row *rows)
{
    la_lanes_reduce(M, F, ride_combine(F, M, C, q, rows));
    ride_out(M, C, q);
}

/* The parts' rests summed (mod p) into M's lanes 0..nc-1 (zero between uses). */
static void ride_back(la_matrix *M, const pconf *C, uint64_t p)
{
    const size_t w = C->ncols - C->npivcols;
    for (uint32_t c = C->npivcols; c < C->ncols; c++) {
        uint64_t *v = M->lanes + (size_t)c * LA_LANES;
        for (unsigned l = 0; l < C->nc; l++) {
            uint64_t x = 0;
            for (unsigned q = 0; q < C->nparts; q++)
                x += C->rest[((size_t)q * w + (c - C->npivcols)) * C->nc + l] % p;
            v[l] = x % p;
        }
    }
}

/* Close the blocks o->take hands out (blk[i] is rows [i bs, (i + 1) bs)). Each
 * group shares the lanes out among open blocks (assign_lanes): a block's lanes
 * hold independent combinations of its rows, formed in one pass over them; all
 * lanes are reduced by the known pivots together, then each block's lanes are
 * finished in turn. A nonzero result is a new pivot (o->emit); a zero closes its
 * block, and so does a block's m-th pivot; the lanes a done block did not need are
 * dropped. A block whose lanes all gave pivots asks for twice as many next time. A
 * part of the confirmations may ride in a group's first lanes (ride_claim). */
static gbc_status run_blocks(gbc_ctx *ctx, la_matrix *M, const field *F, gbc_rng *rng,
                             const la_row *rows, size_t n, size_t bs, gbc_arena *arena,
                             pout *o)
{
    pblock blk[LA_LANES];
    size_t nopen = 0;
    int more = 1;
    for (;;) {
        unsigned part = 0;
        unsigned reserve = ride_claim(o, blk, nopen, &part) ? o->ride->nc : 0;
        nopen = assign_lanes(o, rows, n, bs, blk, nopen, &more, reserve);
        if (nopen == 0 && reserve == 0)
            return GBC_OK;
        GBC_TRY(o->poll(o));
        uint32_t start = M->ncols;
        if (reserve > 0)
            start = ride_combine(F, M, o->ride, part, rows);
        for (size_t i = 0; i < nopen; i++) {
            if (blk[i].nl == 0)
                continue;
            uint32_t s =
                la_lanes_combine(F, rng, M, blk[i].l0, blk[i].nl, rows, blk[i].a, blk[i].b);
            if (s < start)
                start = s;
        }
        la_lanes_reduce(M, F, start);
        o->groups++;
        if (reserve > 0)
            ride_out(M, o->ride, part);
        size_t keep = 0;
        for (size_t i = 0; i < nopen; i++) {
            pblock *B = &blk[i];
            int over = 0;
            for (unsigned l = B->l0; l < B->l0 + B->nl; l++) {
                if (over) {
                    la_lanes_drop(M, (int)l);
                    continue;
                }
                gbc_status st = finish_lane(ctx, M, F, rows, arena, o, B, (int)l, &over);
                if (st != GBC_OK) {
                    la_lanes_clear(M);
                    return st;
                }
            }
            if (over)
                continue;
            if (B->nl > 0) {
                size_t w = 2 * (size_t)B->nl, left = B->m - B->found + 1;
                w = w < left ? w : left;
                B->want = w < LA_LANES ? (unsigned)w : LA_LANES;
            }
            blk[keep++] = *B;
        }
        nopen = keep;
    }
}

/* The sequential kernel's output: newrows and the pivot table. */
typedef struct pseq {
    pout o;
    gbc_ctx *ctx;
    la_matrix *M;
    la_row *newrows;
    size_t *nnew;
    size_t next, nblocks;
    la_dforms D; /* the new pivots' dense forms */
} pseq;

static size_t seq_take(pout *o)
{
    pseq *q = (pseq *)o;
    return q->next < q->nblocks ? q->next++ : SIZE_MAX;
}

static gbc_status seq_poll(pout *o)
{
    return gbc_ctx_check(((pseq *)o)->ctx);
}

static gbc_status seq_emit(pout *o, la_row res, uint32_t src)
{
    pseq *q = (pseq *)o;
    res.src = src;
    res.tag = LA_NO_TAG;
    q->newrows[*q->nnew] = res;
    q->M->pivot[res.cols[0]] = &q->newrows[*q->nnew];
    (*q->nnew)++;
    return la_dforms_add(q->ctx, q->M, &q->D, &res);
}

/* Rows per block for a matrix of n rows to reduce: about sqrt(3 n) (sqrt(n / 3)
 * blocks, as msolve), at least PROB_BLOCK. Larger blocks mean fewer closing zeros
 * but denser combinations. On several threads the blocks are as even as they can
 * be, and at least one per thread (a thread fills its group's lanes from one block,
 * assign_lanes): 72 rows make two blocks of 36 there, not 64 and 8. */
static size_t block_size(size_t n, int threads)
{
    size_t nb = (size_t)sqrt((double)n / 3.0) + 1;
    if (threads <= 1) {
        size_t b = (n + nb - 1) / nb;
        return b < PROB_BLOCK ? PROB_BLOCK : b;
    }
    if (nb > n / PROB_BLOCK)
        nb = n / PROB_BLOCK;
    if (nb < (size_t)threads)
        nb = (size_t)threads;
    if (nb > n)
        nb = n;
    return nb > 0 ? (n + nb - 1) / nb : 1;
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
    pout o;
    atomic_size_t *next;  /* the next block to take */
    const field *F;
    const la_row *rows;
    size_t n, bs, nblocks;
    gbc_rng rng;
    la_row **found;       /* the pivots it published (in its arena) */
    size_t nfound, fcap;
    la_dforms D;          /* their dense forms */
} pjob;

static pjob *job_of(pout *o)
{
    return (pjob *)(void *)((char *)o - offsetof(pjob, o));
}

static size_t job_take(pout *o)
{
    pjob *J = job_of(o);
    size_t i = atomic_fetch_add(J->next, 1);
    return i < J->nblocks ? i : SIZE_MAX;
}

static gbc_status job_poll(pout *o)
{
    la_worker *W = &job_of(o)->w;
    if (!la_worker_stopped(W))
        return GBC_OK;
    return W->st != GBC_OK ? W->st : GBC_ERR_INTERRUPTED;
}

/* Publish the reduced row r (in the job's arena) as a pivot; when its column was
 * taken meanwhile, reduce it by the pivot there and try again. */
static gbc_status job_emit(pout *o, la_row r, uint32_t src)
{
    pjob *J = job_of(o);
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
            return la_dforms_add(&W->ctx, &W->M, &J->D, slot);
        }
        /* taken: the row goes back into the dense scratch and on from its lead */
        for (uint32_t k = 0; k < r.len; k++)
            W->M.dense[r.cols[k]] = r.cf[k];
        GBC_TRY(la_reduce_dense(&W->ctx, &W->M, J->F, r.cols[0], &W->arena, &r));
        o->reduced++;
    }
    return GBC_OK;
}

static void *pjob_run(void *arg)
{
    pjob *J = arg;
    la_worker *W = &J->w;
    pconf *C = J->o.ride;
    gbc_status st = run_blocks(&W->ctx, &W->M, J->F, &J->rng, J->rows, J->n, J->bs,
                               &W->arena, &J->o);
    unsigned q;
    while (C != NULL && st == GBC_OK && !atomic_load(W->stop) &&
           (q = atomic_fetch_add(&C->next, 1)) < C->nparts) {
        ride_alone(J->F, &W->M, C, q, J->rows);
        J->o.groups++;
    }
    /* a stop asked by another worker or the caller is already in W->st or theirs */
    if (W->st == GBC_OK && st != GBC_OK && !atomic_load(W->stop))
        W->st = st;
    la_worker_done(W);
    return NULL;
}

static gbc_status prob_parallel(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                                size_t bs, size_t nblocks, pconf *conf, gbc_arena *arena,
                                la_row *newrows, size_t *nnew, size_t *closed)
{
    gbc_ctx *ctx = E->ctx;
    pjob jobs[64];
    atomic_size_t next;
    atomic_init(&next, 0);
    /* the workers' matrices share a table of the new pivots' dense forms, which
     * live in the workers' memory until the phase ends */
    la_matrix Mp = *M;
    la_dforms D;
    la_dforms_init(&D);
    GBC_TRY(la_dforms_open(ctx, &Mp, &D));
    la_phase P;
    gbc_status st = la_phase_begin(&P, ctx, &Mp, jobs, sizeof jobs[0], E->threads);
    for (int t = 0; t < P.ninit; t++) {
        pjob *J = &jobs[t];
        la_dforms_join(&J->D, &D);
        J->next = &next;
        J->o.ride = conf;
        /* the test hook's wrong stops are worker 0's (the calling thread's) */
        J->o.hook = t == 0 && (uint32_t)E->hook > 0 ? &E->hook : NULL;
        J->F = E->F;
        J->rows = rows;
        J->n = n;
        J->bs = bs;
        J->nblocks = nblocks;
        /* a share of the blocks each, so that no thread takes them all at once */
        size_t share = (nblocks + (size_t)P.n - 1) / (size_t)P.n;
        J->o.maxopen = share < LA_LANES ? share : LA_LANES;
        J->o.take = job_take;
        J->o.poll = job_poll;
        J->o.emit = job_emit;
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
        E->st.rows_reduced += J->o.reduced;
        E->st.confirmations += J->o.confirmations;
        E->st.blocks += J->o.blocks;
        E->st.groups += J->o.groups;
        *closed += J->o.closed;
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
    for (int t = 0; t < P.ninit; t++) {
        gbc_free(&jobs[t].w.ctx, jobs[t].found);
        la_dforms_end(&jobs[t].w.ctx, &jobs[t].w.M, &jobs[t].D);
    }
    la_phase_end(&P, jobs, sizeof jobs[0]);
    la_dforms_end(ctx, &Mp, &D);
    return st;
}

/* A confirmation failed: res (a nonzero combination reduced by every pivot) is a
 * new pivot, and the matrix is finished exactly (the rows already in the span
 * reduce to zero, the others give the missing pivots). */
static gbc_status prob_finish_exact(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                                    la_row *res, gbc_arena *arena, la_row *newrows,
                                    size_t *nnew)
{
    gbc_ctx *ctx = E->ctx;
    la_lanes_clear(M);
    gbc_log(ctx, 2, "la: a confirmation failed: the matrix is finished exactly");
    res->src = rows[0].src;
    res->tag = LA_NO_TAG;
    newrows[*nnew] = *res;
    M->pivot[res->cols[0]] = &newrows[*nnew];
    (*nnew)++;
    size_t more = 0;
    E->st.rows_reduced += n;
    GBC_TRY(la_echelon(ctx, M, E->F, rows, n, arena, newrows + *nnew, &more));
    for (size_t i = *nnew; i < *nnew + more; i++)
        newrows[i].tag = LA_NO_TAG;
    *nnew += more;
    return GBC_OK;
}

/* Finish the nc combinations in lanes[0..nc) (M's layout; already reduced by the
 * known pivots) by the new pivots: each must reduce to zero. The first that does
 * not is a new pivot, and the matrix is finished exactly (prob_finish_exact) and
 * *exact set. With hook, the test hook may take a nonzero one for zero. */
static gbc_status confirm_lanes(la_env *E, la_matrix *M, uint64_t *lanes, unsigned nc,
                                int hook, const la_row *rows, size_t n, gbc_arena *arena,
                                la_row *newrows, size_t *nnew, int *exact)
{
    la_matrix L = *M; /* the caller's dense scratch with these lanes */
    L.lanes = lanes;
    for (unsigned j = 0; j < nc; j++) {
        la_row res;
        gbc_status st = la_lanes_finish(E->ctx, &L, E->F, (int)j, arena, &res);
        E->st.rows_reduced++;
        if (st != GBC_OK) {
            la_lanes_clear(&L);
            return st;
        }
        if (hook && res.len > 0 && (uint32_t)E->hook > 0) {
            E->hook--;
            res.len = 0;
        }
        if (res.len == 0) {
            E->st.confirmations++;
            continue;
        }
        *exact = 1;
        return prob_finish_exact(E, M, rows, n, &res, arena, newrows, nnew);
    }
    return GBC_OK;
}

/* k - 1 combinations of the whole matrix confirm every closed block; when one
 * does not reduce to zero the matrix is finished exactly (prob_finish_exact) and
 * *exact is set. */
static gbc_status prob_confirm(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                               unsigned k, gbc_arena *arena, la_row *newrows, size_t *nnew,
                               int *exact)
{
    GBC_TRY(gbc_ctx_check(E->ctx));
    /* k <= PROB_MAX_EXPONENT + 1 <= LA_LANES + 1, so one group of lanes holds them */
    unsigned nc = conf_lanes(k);
    la_lanes_reduce(M, E->F, la_lanes_combine(E->F, &E->rng, M, 0, nc, rows, 0, n));
    E->st.groups++;
    return confirm_lanes(E, M, M->lanes, nc, 1, rows, n, arena, newrows, nnew, exact);
}

int la_prob_combines(const la_env *E, size_t n)
{
    if (n < (E->threads > 1 ? PROB_MIN_ROWS_MT : PROB_MIN_ROWS))
        return 0;
    size_t bs = block_size(n, E->threads);
    unsigned k = la_prob_exponent(E->F->p, E->st.stops + 1, (n + bs - 1) / bs);
    return (E->hook >> 32) != 0 || k <= PROB_MAX_EXPONENT;
}

static gbc_status prob_echelon(la_env *E, la_matrix *M, const la_row *rows, size_t n,
                               gbc_arena *arena, la_row *newrows, size_t *nnew)
{
    gbc_ctx *ctx = E->ctx;
    const uint32_t p = E->F->p;
    size_t bs = block_size(n, E->threads);
    size_t nblocks = (n + bs - 1) / bs;
    size_t s = E->st.stops + 1;
    unsigned k = la_prob_exponent(p, s, nblocks);
    M->isa = E->isa;
    M->ws = E->ws;
    if (E->hook >> 32)
        k = 1; /* test hook: no confirmation beyond the block's own */
    if (!la_prob_combines(E, n) || M->heap != NULL)
        return la_kernel_exact.echelon(E, M, rows, n, arena, newrows, nnew);
    if (M->lanes == NULL) {
        /* a caller without lane scratch (the kernels' tests): lend it some */
        la_matrix L = *M;
        L.npivcols = 0;
        L.lanes = gbc_calloc(ctx, (size_t)M->ncols * LA_LANES + 1, sizeof(uint64_t));
        if (L.lanes == NULL)
            return gbc_ctx_alloc_status(ctx);
        gbc_status st = prob_echelon(E, &L, rows, n, arena, newrows, nnew);
        gbc_free(ctx, L.lanes);
        return st;
    }
    E->st.rows_in += n;
    *nnew = 0;
    size_t closed = 0; /* blocks closed by a zero combination */
    int parallel = E->threads > 1 && nblocks > 1 && (E->hook >> 32) == 0;
    int confirmed = 0;
    if (parallel) {
        /* the closing zeros do not count (see above): k confirmations, whose pass
         * over the known pivots runs beside the blocks when its lanes can be had */
        k = la_prob_exponent(p, s, 1) + 1;
        pconf conf;
        pconf_init(&conf, E, M, n, conf_lanes(k), (unsigned)E->threads);
        pconf *C = conf.rest != NULL ? &conf : NULL;
        gbc_status st = prob_parallel(E, M, rows, n, bs, nblocks, C, arena, newrows, nnew,
                                      &closed);
        int exact = 0;
        if (st == GBC_OK && C != NULL && closed > 0) {
            /* the parts no worker took (one that never started), then the parts'
             * sum finished by the new pivots */
            unsigned q;
            while ((q = atomic_fetch_add(&C->next, 1)) < C->nparts) {
                ride_alone(E->F, M, C, q, rows);
                E->st.groups++;
            }
            st = gbc_ctx_check(ctx);
            if (st == GBC_OK) {
                ride_back(M, C, p);
                st = confirm_lanes(E, M, M->lanes, C->nc, 0, rows, n, arena, newrows, nnew,
                                   &exact);
            }
            confirmed = 1;
        }
        gbc_free(ctx, conf.rest);
        GBC_TRY(st);
        if (exact)
            return GBC_OK;
    }
    if (!parallel) {
        pseq q = {{seq_take, seq_poll, seq_emit, &E->hook, 0, 0, 0, 0, 0, LA_LANES, NULL},
                  ctx, M, newrows, nnew, 0, nblocks, {0}};
        la_dforms_init(&q.D);
        /* the k - 1 confirmations ride in the blocks' groups when their lanes can
         * be had (they are finished only if a block closed) */
        pconf conf;
        pconf_init(&conf, E, M, n, conf_lanes(k), 1);
        if (conf.rest != NULL)
            q.o.ride = &conf;
        gbc_status st = run_blocks(ctx, M, E->F, &E->rng, rows, n, bs, arena, &q.o);
        E->st.rows_reduced += q.o.reduced;
        E->st.confirmations += q.o.confirmations;
        E->st.blocks += q.o.blocks;
        E->st.groups += q.o.groups;
        closed = q.o.closed;
        int exact = 0;
        /* the confirmations are reduced by the dense forms too */
        if (st == GBC_OK && closed > 0 && k > 1) {
            if (q.o.ride != NULL && atomic_load(&conf.next) > 0) {
                ride_back(M, &conf, p);
                st = confirm_lanes(E, M, M->lanes, conf.nc, 1, rows, n, arena, newrows, nnew,
                                   &exact);
            } else
                st = prob_confirm(E, M, rows, n, k, arena, newrows, nnew, &exact);
        }
        gbc_free(ctx, conf.rest); /* with what a pass not needed left there */
        la_dforms_end(ctx, M, &q.D);
        GBC_TRY(st);
        if (exact)
            return GBC_OK;
    }
    if (closed > 0 && k > 1 && !confirmed && parallel) {
        int exact = 0;
        GBC_TRY(prob_confirm(E, M, rows, n, k, arena, newrows, nnew, &exact));
        if (exact)
            return GBC_OK;
    }
    if (closed > 0) {
        E->st.stops++;
        double q = la_prob_miss(p, k);
        E->st.fail_bound += parallel ? q * (p - 1) : (double)closed * q;
    }
    return GBC_OK;
}

const la_kernel la_kernel_probabilistic = {"probabilistic", 0, prob_echelon};
