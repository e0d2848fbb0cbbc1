/* module/schreyer: graded Betti numbers from a non-minimal free resolution built by
 * Schreyer's algorithm in La Scala and Stillman's frame form: one Groebner basis
 * of M, then, level by level, the leading terms of the next syzygies from those of
 * the current level alone and each syzygy by one reduction; the minimal Betti
 * numbers are then read off the ranks of the constant parts of the maps. */
#include "module/frame_int.h"

/* Monomials are kept as totals: a term x^e eps_c of F_L (eps_c a basis element
 * of level L whose leading term in F_{L-1} has total tau_c) is stored as the
 * exponent vector T = e + tau_c and the index c; the basis of F_0 = R^r has
 * tau = 1. F_L is ordered by T in grevlex first, then by the index, the larger
 * one larger. With the elements of each level sorted by the index of their
 * leading term, this is exactly the order F_{L-1} induces (Schreyer's order), so
 * by Schreyer's theorem each level is a Groebner basis of the syzygies of the
 * one before (Eisenbud, Commutative Algebra, Thm 15.10; La Scala and Stillman,
 * "Strategies for computing minimal free resolutions", JSC 26, 1998). */

/* The state of one run. */
typedef struct sres {
    gbc_ctx *ctx;
    uint32_t n; /* variables */
    field F;
    const mcf_ops *o; /* F's coefficient family, chosen once (sres_init) */
    /* The columns of the current level's reductions: every term (T, comp) of
     * F_{L-1} met while reducing the level's syzygies, numbered as met and found
     * through a hash table. A column's reducer row is built the first time the
     * column has to be cancelled and then serves every reduction of the level
     * that meets it (the same x^b f_i cancels it each time). */
    uint32_t *cT;     /* ncol * n totals */
    uint32_t *ccomp;  /* ncol indices of level L - 1 */
    int64_t *crow;    /* ncol: the column's reducer row, -1 while not built */
    uint32_t *cstamp; /* ncol: the last reduction that put the column on the heap */
    uint64_t *ckey;   /* ncol: term_key of the column (heap_less) */
    uint64_t *chash;  /* ncol: the hash of the column (probes, rehashing) */
    /* per element of the level being reduced, NULL until first used: the linear
     * hash of each of its terms (term_lin), so that a multiple's
     * terms hash by one addition each */
    uint64_t **elin;
    size_t nelin;
    mcv h;            /* ncol: the accumulator, zero outside a reduction */
    size_t ncol, ccap, hqinit; /* columns, capacity, coefficients initialised (Q) */
    /* the columns' hash table, open addressing: a slot holds the high half of
     * the column's hash over its index + 1 (0: empty), so that a probe passes
     * over other columns without reading them */
    uint64_t *slot;
    size_t nslot;   /* a power of 2 */
    uint64_t *hmul; /* hash multipliers, n + 1 */
    /* the reducer rows: row r is x^b f_i, i = relem[r]; the columns of its terms
     * after the leading one are rcol[roff[r] ..] (as many as f_i has) */
    uint32_t *relem;
    size_t *roff;
    size_t nrow, rcap;
    uint32_t *rcol;
    size_t rn, rncap;
    /* a max-heap of columns in F_{L-1}'s order: the accumulator's terms */
    size_t *heap;
    size_t heapn;
    uint32_t rid; /* the current reduction's stamp (cstamp) */
    /* the quotients of one reduction */
    uint32_t *qT;
    uint32_t *qcomp;
    mcv q;
    size_t qn, qcap, qqinit;
    mcf_tmp w;
    /* the reduction of one syzygy (reduce_zp or reduce_qq: F's, chosen once in
     * sres_init) */
    gbc_status (*reduce)(struct sres *S, const slevel *lv, size_t j, const uint32_t *a,
                         svec *out);
    /* the constant 1 as a coefficient array of one entry (one_cf or one_cq) */
    uint32_t one_cf;
    mpq_t one_cq;
    uint32_t *work; /* n scratch (col_of) */
    uint32_t *bw;   /* n scratch (row_build) */
    mcv one;
    size_t reused;  /* reduction steps since cols_reset whose row was built before */
} sres;

static gbc_status reduce_zp(sres *S, const slevel *lv, size_t j, const uint32_t *a, svec *out);
static gbc_status reduce_qq(sres *S, const slevel *lv, size_t j, const uint32_t *a, svec *out);

static void elin_clear(sres *S)
{
    for (size_t k = 0; k < S->nelin; k++)
        gbc_free(S->ctx, S->elin[k]);
    gbc_free(S->ctx, S->elin);
    S->elin = NULL;
    S->nelin = 0;
}

static void sres_clear(sres *S)
{
    gbc_ctx *ctx = S->ctx;
    S->o->clear(ctx, &S->h, S->hqinit);
    S->o->clear(ctx, &S->q, S->qqinit);
    gbc_free(ctx, S->cT);
    gbc_free(ctx, S->ccomp);
    gbc_free(ctx, S->crow);
    gbc_free(ctx, S->cstamp);
    gbc_free(ctx, S->ckey);
    gbc_free(ctx, S->chash);
    elin_clear(S);
    gbc_free(ctx, S->slot);
    gbc_free(ctx, S->heap);
    gbc_free(ctx, S->hmul);
    gbc_free(ctx, S->relem);
    gbc_free(ctx, S->roff);
    gbc_free(ctx, S->rcol);
    gbc_free(ctx, S->qT);
    gbc_free(ctx, S->qcomp);
    gbc_free(ctx, S->work);
    gbc_free(ctx, S->bw);
    mcf_tmp_clear(&S->w);
    mpq_clear(S->one_cq);
}

static gbc_status sres_init(gbc_ctx *ctx, sres *S, uint32_t n, const field *F)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->n = n;
    S->F = *F;
    S->o = mcf_for(F);
    /* the reduction's instance: chosen here once, with the family */
    S->reduce = F->p != 0 ? reduce_zp : reduce_qq;
    mcf_tmp_init(&S->w);
    mpq_init(S->one_cq);
    S->one.cf = &S->one_cf;
    S->one.cq = &S->one_cq;
    S->o->set_one(S->one, 0);
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, S->hmul, n + 1), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, S->work, n ? n : 1), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, S->bw, n ? n : 1), fail);
    frame_hash_mults(S->hmul, n);
    S->nslot = 1024;
    GBC_CHECK(st, GBC_ZALLOC(ctx, S->slot, S->nslot), fail);
    return GBC_OK;
fail:
    sres_clear(S);
    return st;
}

/* A term's hash is term_mix of its linear part term_lin, additive in T, so (T + b, comp) has the sum of
 * (T, comp)'s and (b, no component)'s (comp_one 0). */
static uint64_t term_lin(const sres *S, const uint32_t *T, uint32_t comp, int comp_one)
{
    uint64_t h = comp_one ? S->hmul[S->n] * (comp + 1u) : 0;
    for (uint32_t i = 0; i < S->n; i++)
        h += S->hmul[i] * T[i];
    return h;
}

static uint64_t term_mix(uint64_t lin)
{
    return lin ^ (lin >> 29);
}

/* The term_lin of element i's terms (built the first time). */
static gbc_status elem_lin(sres *S, const slevel *lv, size_t i, const uint64_t **out)
{
    if (S->elin[i] == NULL) {
        const svec *f = &lv->v[i];
        GBC_TRY(GBC_ALLOC(S->ctx, S->elin[i], f->len ? f->len : 1));
        for (size_t t = 0; t < f->len; t++)
            S->elin[i][t] = term_lin(S, f->T + t * S->n, f->comp[t], 1);
    }
    *out = S->elin[i];
    return GBC_OK;
}

/* Forget the columns and rows of the level before (the accumulator is zero). */
static void cols_reset(sres *S)
{
    memset(S->slot, 0, sizeof *S->slot * S->nslot);
    S->ncol = 0;
    S->nrow = 0;
    S->rn = 0;
    S->heapn = 0;
    S->reused = 0;
}

/* The columns and rows serve every later reduction of the level that meets them;
 * with few variables they do, many times (dense random cubics in 6 variables: each
 * row about eleven times). With many variables the reductions rarely meet an
 * earlier one's rows (the generic 5 x 9 matrix, 45 variables: never), and the
 * table only outgrows the caches. So once it holds COLS_STALE_WORDS exponents
 * and fewer of its rows were met again than were built, it is emptied between
 * two reductions (syz of that matrix: 0.15 -> 0.11 s, peak 100 -> 44 MB). The
 * syzygies are the same: a row depends on its column alone. */
#define COLS_STALE_WORDS ((size_t)1 << 18)

static int cols_stale(const sres *S)
{
    return S->ncol * S->n >= COLS_STALE_WORDS && S->reused < S->nrow;
}

/* Heap order: the larger column (term) first; the keys decide most pairs. */
static int heap_less(const sres *S, size_t a, size_t b)
{
    const uint64_t ka = S->ckey[a], kb = S->ckey[b];
    if (ka != kb)
        return ka < kb;
    const uint32_t n = S->n;
    return frame_tie_cmp(S->cT + a * n, S->ccomp[a], S->cT + b * n, S->ccomp[b], n, ka) < 0;
}

static void heap_push(sres *S, size_t e)
{
    size_t k = S->heapn++;
    while (k > 0) {
        size_t p = (k - 1) / 2;
        if (!heap_less(S, S->heap[p], e))
            break;
        S->heap[k] = S->heap[p];
        k = p;
    }
    S->heap[k] = e;
}

static size_t heap_pop(sres *S)
{
    size_t top = S->heap[0];
    size_t e = S->heap[--S->heapn];
    size_t k = 0;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= S->heapn)
            break;
        if (c + 1 < S->heapn && heap_less(S, S->heap[c], S->heap[c + 1]))
            c++;
        if (!heap_less(S, e, S->heap[c]))
            break;
        S->heap[k] = S->heap[c];
        k = c;
    }
    if (S->heapn > 0)
        S->heap[k] = e;
    return top;
}

/* A column's slot word: its hash's high half over its index + 1. */
static inline uint64_t slot_word(uint64_t h, size_t k)
{
    return (h >> 32) << 32 | (uint64_t)(k + 1);
}

/* Double the slot table (columns stay). */
static gbc_status cols_rehash(sres *S)
{
    size_t ns = S->nslot * 2;
    uint64_t *sl = NULL;
    GBC_TRY(GBC_ZALLOC(S->ctx, sl, ns));
    for (size_t k = 0; k < S->ncol; k++) {
        size_t s = (size_t)S->chash[k] & (ns - 1);
        while (sl[s] != 0)
            s = (s + 1) & (ns - 1);
        sl[s] = slot_word(S->chash[k], k);
    }
    gbc_free(S->ctx, S->slot);
    S->slot = sl;
    S->nslot = ns;
    return GBC_OK;
}

/* The next capacity at least need, from cap (doubling). */
static size_t next_cap(size_t cap, size_t need)
{
    size_t c = cap ? cap : 64;
    while (c < need)
        c *= 2;
    return c;
}

/* Room for need columns in the parallel arrays (the new accumulator entries
 * zero). On failure the arrays that were resized keep their new size (ccap, the
 * usable size, does not change), so clearing stays correct. */
static gbc_status cols_reserve(sres *S, size_t need)
{
    if (need <= S->ccap)
        return GBC_OK;
    const size_t cap = next_cap(S->ccap, need), n1 = S->n ? S->n : 1;
    GBC_TRY(GBC_RESIZE(S->ctx, S->ccomp, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->cT, cap * n1));
    GBC_TRY(GBC_RESIZE(S->ctx, S->crow, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->cstamp, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->ckey, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->chash, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->heap, cap));
    GBC_TRY(S->o->resize(S->ctx, &S->h, &S->hqinit, cap));
    for (size_t k = S->ccap; k < cap; k++)
        S->o->set_zero(S->h, k);
    S->ccap = cap;
    return GBC_OK;
}

/* Room for one more reducer row of len columns. */
static gbc_status rows_reserve(sres *S, size_t len)
{
    if (S->nrow + 1 > S->rcap) {
        const size_t cap = next_cap(S->rcap, S->nrow + 1);
        GBC_TRY(GBC_RESIZE(S->ctx, S->relem, cap));
        GBC_TRY(GBC_RESIZE(S->ctx, S->roff, cap));
        S->rcap = cap;
    }
    if (S->rn + len > S->rncap) {
        const size_t cap = next_cap(S->rncap, S->rn + len);
        GBC_TRY(GBC_RESIZE(S->ctx, S->rcol, cap));
        S->rncap = cap;
    }
    return GBC_OK;
}

/* The same for the quotient arrays. */
static gbc_status quot_reserve(sres *S, size_t need)
{
    if (need <= S->qcap)
        return GBC_OK;
    const size_t cap = next_cap(S->qcap, need), n1 = S->n ? S->n : 1;
    GBC_TRY(GBC_RESIZE(S->ctx, S->qcomp, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->qT, cap * n1));
    GBC_TRY(S->o->resize(S->ctx, &S->q, &S->qqinit, cap));
    S->qcap = cap;
    return GBC_OK;
}

/* Whether the column's totals c are T + b (b NULL: T): one pass that vectorises
 * and stores nothing while every exponent of T and b is below 2^30 (no sum
 * wraps), the sums in 64 bits otherwise. */
static inline int col_is_sum(const uint32_t *c, const uint32_t *T, const uint32_t *b,
                             uint32_t n)
{
    if (b == NULL)
        return mono_equal(c, T, n);
    uint32_t diff = 0, big = 0;
    for (uint32_t i = 0; i < n; i++) {
        big |= T[i] | b[i];
        diff |= c[i] ^ (T[i] + b[i]);
    }
    if (big < (1u << 30))
        return diff == 0;
    for (uint32_t i = 0; i < n; i++)
        if ((uint64_t)c[i] != (uint64_t)T[i] + b[i])
            return 0;
    return 1;
}

/* *col = the column of the term x^b (T, comp) (b NULL: x^0), a new one when it
 * was not met yet; lin is its term_lin. GBC_ERR_OVERFLOW when an exponent would pass 2^31 - 1,
 * GBC_ERR_LIMIT past 2^32 - 2 columns. A column met before is recognised without
 * forming the sum (col_is_sum): most calls are such (the reducer rows' terms come
 * back in every reduction that meets them). */
static gbc_status col_of(sres *S, const uint32_t *T, const uint32_t *b, uint32_t comp,
                         uint64_t lin, size_t *col)
{
    const uint32_t n = S->n;
    if (2 * (S->ncol + 1) > S->nslot)
        GBC_TRY(cols_rehash(S));
    const uint64_t h = term_mix(lin);
    size_t s = (size_t)h & (S->nslot - 1);
    for (uint64_t w; (w = S->slot[s]) != 0; s = (s + 1) & (S->nslot - 1)) {
        if ((w >> 32) != (h >> 32))
            continue;
        size_t k = (size_t)(uint32_t)w - 1;
        if (S->chash[k] == h && S->ccomp[k] == comp && col_is_sum(S->cT + k * n, T, b, n)) {
            *col = k;
            return GBC_OK;
        }
    }
    /* a new column: the sum, checked */
    uint32_t *e = S->work;
    if (b != NULL) {
        /* below 2^30 both, the sum is below 2^31: or-ed in a loop that vectorises,
         * the exact test only when that fails */
        uint32_t big = 0;
        for (uint32_t i = 0; i < n; i++) {
            big |= T[i] | b[i];
            e[i] = T[i] + b[i];
        }
        if (big >= (1u << 30))
            for (uint32_t i = 0; i < n; i++)
                if ((uint64_t)T[i] + b[i] > UINT32_MAX / 2)
                    return GBC_ERR_OVERFLOW;
    } else {
        for (uint32_t i = 0; i < n; i++) {
            if (T[i] > UINT32_MAX / 2)
                return GBC_ERR_OVERFLOW;
            e[i] = T[i];
        }
    }
    const size_t k = S->ncol;
    if (k >= UINT32_MAX - 1)
        return GBC_ERR_LIMIT; /* the rows hold columns as uint32 */
    GBC_TRY(cols_reserve(S, k + 1));
    memcpy(S->cT + k * n, e, sizeof(uint32_t) * n);
    S->ccomp[k] = comp;
    S->crow[k] = -1;
    S->cstamp[k] = 0;
    S->ckey[k] = frame_term_key(e, n);
    S->chash[k] = h;
    S->slot[s] = slot_word(h, k);
    S->ncol++;
    *col = k;
    return GBC_OK;
}

/* The terms a multiple's loop looks ahead: their slots are fetched while the
 * current one is probed (the slot table outgrows the caches: on the generic 5 x 9
 * matrix half of col_of's time was the first slot's load). */
#define COL_AHEAD 6

static inline void col_prefetch(const sres *S, uint64_t lin)
{
#if defined(__GNUC__)
    __builtin_prefetch(&S->slot[(size_t)term_mix(lin) & (S->nslot - 1)]);
#else
    (void)S;
    (void)lin;
#endif
}

/* Build the reducer row of column col: x^b f_i for the first element f_i of lv
 * whose leading term divides the column's (slevel_find_reducer), x^b the quotient; the
 * columns of its terms after the leading one (which is col). */
static gbc_status row_build(sres *S, const slevel *lv, size_t col)
{
    const uint32_t n = S->n;
    size_t i;
    GBC_TRY(slevel_find_reducer(lv, n, S->cT + col * n, S->ccomp[col], &i));
    const svec *fi = &lv->v[i];
    const size_t len = fi->len - 1;
    GBC_TRY(rows_reserve(S, len));
    for (uint32_t v = 0; v < n; v++)
        S->bw[v] = S->cT[col * n + v] - lv->lead[i * n + v];
    uint32_t *rc = S->rcol + S->rn;
    const uint64_t *lin, lb = term_lin(S, S->bw, 0, 0);
    GBC_TRY(elem_lin(S, lv, i, &lin));
    for (size_t t = 1; t < fi->len; t++) {
        if (t + COL_AHEAD < fi->len)
            col_prefetch(S, lin[t + COL_AHEAD] + lb);
        size_t c;
        GBC_TRY(col_of(S, fi->T + t * n, S->bw, fi->comp[t], lin[t] + lb, &c));
        rc[t - 1] = (uint32_t)c;
    }
    S->relem[S->nrow] = (uint32_t)i;
    S->roff[S->nrow] = S->rn;
    S->rn += len;
    S->crow[col] = (int64_t)S->nrow++;
    return GBC_OK;
}

/* The accumulator's column col += m[mi] * c[ci]; the column goes on the heap the
 * first time this reduction meets it. A column the reduction has cancelled is
 * never met again: the terms added are below the one being cancelled. */
SKERN_INLINE void acc_add(sres *S, const skern *K, size_t col, mcv m, size_t mi, mcv c,
                          size_t ci)
{
    K->addmul(&S->F, S->h, col, m, mi, c, ci, &S->w);
    if (S->cstamp[col] != S->rid) {
        S->cstamp[col] = S->rid;
        heap_push(S, col);
    }
}

/* Append the quotient term (T, comp; T not in the quotient arrays) with
 * coefficient c[ci], or with neg != 0 -c[ci]. */
SKERN_INLINE gbc_status quot_push(sres *S, const skern *K, const uint32_t *T, uint32_t comp,
                                  mcv c, size_t ci, int neg)
{
    const uint32_t n = S->n;
    size_t k = S->qn;
    GBC_TRY(quot_reserve(S, k + 1));
    memcpy(S->qT + k * n, T, sizeof(uint32_t) * n);
    S->qcomp[k] = comp;
    if (neg)
        K->neg(&S->F, S->q, k, c, ci);
    else
        K->set(S->q, k, c, ci);
    S->qn++;
    return GBC_OK;
}

/* Start the reduction of x^a f_j (f_j element j of lv): the accumulator holds
 * its terms, the quotients the leading term x^a eps_j with coefficient 1. */
SKERN_INLINE gbc_status reduce_start(sres *S, const skern *K, const slevel *lv, size_t j,
                                     const uint32_t *a)
{
    const uint32_t n = S->n;
    const svec *fj = &lv->v[j];
    if (++S->rid == 0) { /* the stamps wrapped: none may look current */
        memset(S->cstamp, 0, sizeof(uint32_t) * S->ncol);
        S->rid = 1;
    }
    S->qn = 0;
    S->heapn = 0;
    const uint64_t *lin, la = term_lin(S, a, 0, 0);
    GBC_TRY(elem_lin(S, lv, j, &lin));
    for (size_t t = 0; t < fj->len; t++) {
        if (t + COL_AHEAD < fj->len)
            col_prefetch(S, lin[t + COL_AHEAD] + la);
        size_t col;
        GBC_TRY(col_of(S, fj->T + t * n, a, fj->comp[t], lin[t] + la, &col));
        acc_add(S, K, col, S->one, 0, fj->c, t);
    }
    for (uint32_t i = 0; i < n; i++)
        S->work[i] = a[i] + lv->lead[j * n + i];
    return quot_push(S, K, S->work, (uint32_t)j, S->one, 0, 0);
}

/* One reduction step: the accumulator's column e (nonzero) cancelled by its
 * reducer row (built when first needed), whose element must have an index below
 * `below`; the quotient term recorded. */
SKERN_INLINE gbc_status reduce_step(sres *S, const skern *K, const slevel *lv, size_t e,
                                    size_t below)
{
    const uint32_t n = S->n;
    if (S->crow[e] < 0)
        GBC_TRY(row_build(S, lv, e));
    else
        S->reused++;
    const size_t r = (size_t)S->crow[e];
    const size_t i = S->relem[r];
    if (i >= below)
        return GBC_ERR_INTERNAL;
    const svec *fi = &lv->v[i];
    GBC_TRY(quot_push(S, K, S->cT + e * n, (uint32_t)i, S->h, e, 1));
    const size_t qk = S->qn - 1;
    K->set_zero(S->h, e);
    const uint32_t *rc = S->rcol + S->roff[r];
    for (size_t t = 1; t < fi->len; t++)
        acc_add(S, K, rc[t - 1], S->q, qk, fi->c, t);
    return GBC_OK;
}

/* The syzygy of level L + 1 with leading term x^a eps_j: x^a f_j reduced to zero
 * by the elements f of level L (a Groebner basis of what they generate, for the
 * order of F_{L-1}), each term by the first element whose leading term divides
 * it, the quotients recorded; the result x^a eps_j - sum c x^b eps_i goes to out.
 * The first step's element has an index below j (x^a is a multiple of some
 * lcm(lead_i, lead_j) / lead_j with i < j, level_next). GBC_ERR_INTERNAL when a
 * term has no reducer (the level was not a Groebner basis). K: the family's
 * kernels (a constant in each instance). */
SKERN_INLINE gbc_status reduce_one(sres *S, const skern *K, const slevel *lv, size_t j,
                                   const uint32_t *a, svec *out)
{
    const uint32_t n = S->n;
    GBC_TRY(reduce_start(S, K, lv, j, a));
    size_t below = j;
    size_t steps = 0;
    while (S->heapn > 0) {
        size_t e = heap_pop(S);
        if (K->is_zero(S->h, e))
            continue;
        if ((++steps & 255) == 0)
            GBC_TRY(gbc_ctx_poll(S->ctx));
        GBC_TRY(reduce_step(S, K, lv, e, below));
        below = SIZE_MAX;
    }
    GBC_TRY(svec_alloc(S->ctx, out, S->qn, n, S->o));
    memcpy(out->T, S->qT, sizeof(uint32_t) * n * S->qn);
    memcpy(out->comp, S->qcomp, sizeof(uint32_t) * S->qn);
    S->o->copy(out->c, S->q, S->qn);
    return GBC_OK;
}

/* reduce_one over Z/p and over Q (sres's reduce). */
static gbc_status reduce_zp(sres *S, const slevel *lv, size_t j, const uint32_t *a, svec *out)
{
    return reduce_one(S, &skern_zp, lv, j, a, out);
}

static gbc_status reduce_qq(sres *S, const slevel *lv, size_t j, const uint32_t *a, svec *out)
{
    return reduce_one(S, &skern_qq, lv, j, a, out);
}

/* Order for sorting a level: by the index of the leading term, then lex on its
 * total (ascending, the first variable most significant). Sorting inside one
 * index this way makes the leading terms of the next level free of one more
 * variable (Schreyer), so the frame ends after at most nvars + 1 levels. */
typedef struct sortctx {
    const slevel *lv;
    uint32_t n;
} sortctx;

static int lead_before(const sortctx *sc, size_t a, size_t b)
{
    uint32_t ca = sc->lv->v[a].comp[0], cb = sc->lv->v[b].comp[0];
    if (ca != cb)
        return ca < cb;
    return mlex_cmp(sc->lv->lead + a * sc->n, sc->lv->lead + b * sc->n, sc->n) < 0;
}

/* The element k of G (rank r, n variables, nonzero) as an svec, v (zeroed): its
 * terms sorted into decreasing order, made monic. */
static gbc_status level_one_elem(sres *S, uint32_t rank, const plist *G, size_t k, svec *v)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const mcf_ops *o = S->o;
    const size_t len = melem_len(G, rank, k);
    size_t *idx = NULL;
    gbc_status st;
    GBC_CHECK(st, svec_alloc(ctx, v, len, n, o), done);
    melem_flatten(o, G, rank, k, n, v->T, n, 0, 0, 0, NULL, v->comp, v->c);
    if (len == 0) {
        st = GBC_ERR_INTERNAL; /* a reduced basis has no zero element */
        goto done;
    }
    /* insertion sort into decreasing order (components are short) */
    GBC_CHECK(st, GBC_ALLOC(ctx, idx, len), done);
    for (size_t a = 0; a < len; a++) {
        size_t b = a;
        while (b > 0 && term_cmp(v->T + idx[b - 1] * n, v->comp[idx[b - 1]], v->T + a * n,
                                 v->comp[a], n) < 0) {
            idx[b] = idx[b - 1];
            b--;
        }
        idx[b] = a;
    }
    svec w;
    GBC_CHECK(st, svec_alloc(ctx, &w, len, n, o), done);
    for (size_t a = 0; a < len; a++) {
        memcpy(w.T + a * n, v->T + idx[a] * n, sizeof(uint32_t) * n);
        w.comp[a] = v->comp[idx[a]];
        o->set(w.c, a, v->c, idx[a]);
    }
    gbc_free(ctx, idx);
    idx = NULL;
    svec_clear(ctx, v, o);
    *v = w;
    o->scale_inv(&S->F, v->c, 0, len, 0, &S->w); /* monic */
done:
    gbc_free(ctx, idx);
    return st;
}

/* out (zeroed): the m elements of tmp (level 1, its elements' leading terms in
 * tmp->lead) moved over in the order lead_before says, with their degrees and
 * the ranges start[] of their leading indices 0..r-1; tmp keeps what is left. */
static gbc_status level_sort(sres *S, slevel *tmp, uint32_t rank, slevel *out)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const size_t m = tmp->n;
    size_t *perm = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, perm, m ? m : 1), done);
    sortctx sc = {tmp, n};
    for (size_t a = 0; a < m; a++) {
        size_t b = a;
        while (b > 0 && lead_before(&sc, a, perm[b - 1])) {
            perm[b] = perm[b - 1];
            b--;
        }
        perm[b] = a;
    }
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->v, m ? m : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, out->lead, (m ? m : 1) * (n ? n : 1)), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, out->deg, m ? m : 1), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->start, (size_t)rank + 1), done);
    out->n = m;
    for (size_t a = 0; a < m; a++) {
        out->v[a] = tmp->v[perm[a]];
        memset(&tmp->v[perm[a]], 0, sizeof(svec));
        memcpy(out->lead + a * n, tmp->lead + perm[a] * n, sizeof(uint32_t) * n);
        out->deg[a] = (int64_t)mono_degree(out->lead + a * n, n);
        out->start[out->v[a].comp[0] + 1]++;
    }
    for (uint32_t i = 0; i < rank; i++)
        out->start[i + 1] += out->start[i];
done:
    gbc_free(ctx, perm);
    return st;
}

/* Level 1 from the reduced Groebner basis G (rank r, term over position,
 * grevlex): monic elements as svecs, sorted as lead_before says. */
static gbc_status level_one(sres *S, uint32_t rank, const plist *G, slevel *out)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const size_t m = G->n / rank;
    slevel tmp;
    memset(&tmp, 0, sizeof tmp);
    memset(out, 0, sizeof *out);
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, tmp.v, m ? m : 1), done);
    tmp.n = m;
    GBC_CHECK(st, GBC_ALLOC(ctx, tmp.lead, (m ? m : 1) * (n ? n : 1)), done);
    for (size_t k = 0; k < m; k++) {
        GBC_CHECK(st, level_one_elem(S, rank, G, k, &tmp.v[k]), done);
        memcpy(tmp.lead + k * n, tmp.v[k].T, sizeof(uint32_t) * n);
    }
    st = level_sort(S, &tmp, rank, out);
done:
    if (st != GBC_OK)
        level_clear(ctx, out, S->o);
    level_clear(ctx, &tmp, S->o);
    return st;
}

/* The next level after lv: for each element j, the minimal generators x^a of the
 * monomial ideal (lcm(lead_i, lead_j) / lead_j : i < j, same leading index),
 * sorted lex ascending, each reduced to a syzygy (reduce_one). */
static gbc_status level_next(sres *S, const slevel *lv, slevel *out)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const uint32_t n1 = n ? n : 1;
    memset(out, 0, sizeof *out);
    uint32_t *q = NULL; /* candidate monomials of one j */
    size_t qcap = 0;
    size_t *keep = NULL;
    size_t kcap = 0;
    size_t cap = 0;
    gbc_status st;
    cols_reset(S); /* the columns and rows are the level's */
    elin_clear(S);
    GBC_CHECK(st, GBC_ZALLOC(ctx, S->elin, lv->n ? lv->n : 1), fail);
    S->nelin = lv->n;
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->start, lv->n + 1), fail);
    for (size_t j = 0; j < lv->n; j++) {
        const uint32_t cj = lv->v[j].comp[0];
        const size_t lo = lv->start[cj];
        const size_t nq = j - lo;
        out->start[j + 1] = out->start[j];
        if (nq == 0)
            continue;
        size_t need = nq * n1;
        if (need > qcap)
            GBC_CHECK(st, GBC_GROW(ctx, q, qcap, need), fail);
        if (nq > kcap)
            GBC_CHECK(st, GBC_GROW(ctx, keep, kcap, nq), fail);
        const uint32_t *lj = lv->lead + j * n;
        for (size_t i = lo; i < j; i++) {
            const uint32_t *li = lv->lead + i * n;
            uint32_t *d = q + (i - lo) * n;
            for (uint32_t v = 0; v < n; v++)
                d[v] = li[v] > lj[v] ? li[v] - lj[v] : 0;
        }
        /* minimal generators: drop a monomial divisible by another (of equal ones,
         * keep the first) */
        size_t nk = 0;
        for (size_t a = 0; a < nq; a++) {
            int drop = 0;
            for (size_t b = 0; b < nq && !drop; b++) {
                if (b == a || !mono_divides(q + b * n, q + a * n, n))
                    continue;
                drop = b < a || !mono_divides(q + a * n, q + b * n, n);
            }
            if (drop)
                continue;
            /* insertion, lex ascending */
            size_t p = nk++;
            while (p > 0 && mlex_cmp(q + keep[p - 1] * n, q + a * n, n) > 0) {
                keep[p] = keep[p - 1];
                p--;
            }
            keep[p] = a;
        }
        size_t base = out->n;
        if (base + nk > cap) {
            size_t nc = next_cap(cap, base + nk);
            GBC_CHECK(st, GBC_RESIZE(ctx, out->v, nc), fail);
            memset(out->v + cap, 0, sizeof(svec) * (nc - cap));
            GBC_CHECK(st, GBC_RESIZE(ctx, out->deg, nc), fail);
            GBC_CHECK(st, GBC_RESIZE(ctx, out->lead, nc * n1), fail);
            cap = nc;
        }
        for (size_t k = 0; k < nk; k++) {
            if (cols_stale(S))
                cols_reset(S);
            GBC_CHECK(st, S->reduce(S, lv, j, q + keep[k] * n, &out->v[base + k]), fail);
            out->n++;
            memcpy(out->lead + (base + k) * n, out->v[base + k].T, sizeof(uint32_t) * n);
            out->deg[base + k] = (int64_t)mono_degree(out->lead + (base + k) * n, n);
        }
        out->start[j + 1] = out->n;
        GBC_CHECK(st, gbc_ctx_check(ctx), fail);
    }
    gbc_free(ctx, q);
    gbc_free(ctx, keep);
    return GBC_OK;
fail:
    gbc_free(ctx, q);
    gbc_free(ctx, keep);
    level_clear(ctx, out, S->o);
    return st;
}

/* rk[d] = the rank of the constant part of the map level hi -> level lo (hi's
 * elements as vectors over lo's basis) in degree d, for d <= maxdeg. */
static gbc_status const_ranks(sres *S, const slevel *hi, const slevel *lo, int64_t maxdeg,
                              size_t *rk)
{
    gbc_ctx *ctx = S->ctx;
    const mcf_ops *o = S->o;
    size_t *pos = NULL, *rows = NULL, *cols = NULL;
    mcv A = {NULL, NULL};
    size_t nA = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, pos, lo->n ? lo->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, rows, hi->n ? hi->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, cols, lo->n ? lo->n : 1), done);
    for (int64_t d = 0; d <= maxdeg; d++) {
        rk[d] = 0;
        size_t nr = 0, nc = 0;
        for (size_t c = 0; c < lo->n; c++)
            pos[c] = SIZE_MAX;
        for (size_t k = 0; k < hi->n; k++) {
            if (hi->deg[k] != d)
                continue;
            int any = 0;
            const svec *v = &hi->v[k];
            for (size_t u = 0; u < v->len; u++)
                if (lo->deg[v->comp[u]] == d) {
                    any = 1;
                    if (pos[v->comp[u]] == SIZE_MAX) {
                        pos[v->comp[u]] = nc;
                        cols[nc++] = v->comp[u];
                    }
                }
            if (any)
                rows[nr++] = k;
        }
        if (nr == 0)
            continue;
        size_t sz = nr * nc;
        o->clear(ctx, &A, nA);
        nA = 0;
        GBC_CHECK(st, o->alloc(ctx, &A, sz, sz), done);
        nA = sz;
        for (size_t r = 0; r < nr; r++) {
            const svec *v = &hi->v[rows[r]];
            for (size_t u = 0; u < v->len; u++)
                if (lo->deg[v->comp[u]] == d)
                    o->set(A, r * nc + pos[v->comp[u]], v->c, u);
        }
        rk[d] = o->rank(&S->F, A, nr, nc, &S->w);
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
    }
    st = GBC_OK;
done:
    o->clear(ctx, &A, nA);
    gbc_free(ctx, pos);
    gbc_free(ctx, rows);
    gbc_free(ctx, cols);
    return st;
}

/* The frame of the resolution in L (maxlev + 2 zeroed levels): level 0 (R^r,
 * rank r, degree 0), level 1 from the reduced Groebner basis of in over Ru
 * (grevlex), then the levels level_next builds until one is empty or level upto
 * is built; *nl receives the number of levels built (the last one empty on
 * success unless upto stopped it; the caller clears all maxlev + 2 whatever
 * happens). GBC_ERR_UNSUPPORTED for a generator of degree
 * 0, GBC_ERR_INTERNAL beyond maxlev levels. */
static gbc_status build_frame(sres *S, const ring *Ru, uint32_t rank, const plist *in,
                              slevel *L, size_t maxlev, size_t upto, size_t *nl, plist *G,
                              gb_stats *stats)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    /* level 0: R^r, basis in degree 0 */
    L[0].n = rank;
    GBC_TRY(GBC_ZALLOC(ctx, L[0].lead, (size_t)rank * (n ? n : 1)));
    GBC_TRY(GBC_ZALLOC(ctx, L[0].deg, rank));
    *nl = 1;
    GBC_TRY(module_groebner(ctx, Ru, rank, in, MODULE_TOP, G, stats));
    GBC_TRY(level_one(S, rank, G, &L[1]));
    *nl = 2;
    for (size_t k = 0; k < L[1].n; k++)
        if (L[1].deg[k] <= 0)
            return GBC_ERR_UNSUPPORTED;
    while (L[*nl - 1].n > 0 && *nl <= upto) {
        if (*nl > maxlev)
            return GBC_ERR_INTERNAL; /* longer than Schreyer's bound */
        GBC_TRY(level_next(S, &L[*nl - 1], &L[*nl]));
        (*nl)++;
    }
    return GBC_OK;
}

/* The minimal Betti numbers of levels 0..nout from the frame L[0..nl) (the last
 * level empty when nout = nl, else nout = nl - 1) and the ranks of its maps'
 * constant parts: b_{l,d} = f_{l,d} - rank(d_{l+1})_d - rank(d_l)_d, the degrees
 * of level l to lev[l] (allocated through ctx), *nlev the levels up to the last
 * nonzero one. On failure the caller frees lev. */
static gbc_status frame_betti(sres *S, const slevel *L, size_t nl, size_t nout, mlevel *lev,
                              size_t *nlev)
{
    gbc_ctx *ctx = S->ctx;
    size_t *rkbuf = NULL;
    int64_t *b = NULL;
    int64_t maxdeg = 0;
    gbc_status st;
    for (size_t l = 0; l < nl; l++)
        for (size_t k = 0; k < L[l].n; k++)
            maxdeg = L[l].deg[k] > maxdeg ? L[l].deg[k] : maxdeg;
    const size_t nd = (size_t)maxdeg + 1;
    GBC_CHECK(st, GBC_ZALLOC(ctx, rkbuf, nl * nd), done);
    /* rkbuf[l * nd + d]: rank of d_l's constant part in degree d (l >= 2; d_1 has
     * none, as no element of the basis has degree 0) */
    for (size_t l = 2; l < nl; l++)
        GBC_CHECK(st, const_ranks(S, &L[l], &L[l - 1], maxdeg, rkbuf + l * nd), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, b, nd), done);
    size_t last = 0;
    for (size_t l = 0; l < nout; l++) {
        size_t cnt = 0;
        memset(b, 0, sizeof(int64_t) * nd);
        for (size_t k = 0; k < L[l].n; k++)
            b[L[l].deg[k]]++;
        for (size_t d = 0; d < nd; d++) {
            if (l + 1 < nl)
                b[d] -= (int64_t)rkbuf[(l + 1) * nd + d];
            b[d] -= (int64_t)rkbuf[l * nd + d];
            if (b[d] < 0) {
                st = GBC_ERR_INTERNAL;
                goto done;
            }
            cnt += (size_t)b[d];
        }
        lev[l].n = cnt;
        if (cnt == 0)
            continue;
        GBC_CHECK(st, GBC_ALLOC(ctx, lev[l].deg, cnt), done);
        size_t at = 0;
        for (size_t d = 0; d < nd; d++)
            for (int64_t c = 0; c < b[d]; c++)
                lev[l].deg[at++] = (int64_t)d;
        last = l;
    }
    *nlev = last + 1;
    st = GBC_OK;
done:
    gbc_free(ctx, rkbuf);
    gbc_free(ctx, b);
    return st;
}

/* module_levels_schreyer, and with maps != NULL the frame minimalised into
 * the maps of the minimal resolution (module_resolution). */
static gbc_status schreyer_run(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                               mlevel *lev, size_t maxlev, size_t upto, size_t *nlev,
                               module_res *maps, gb_stats *stats)
{
    const uint32_t n = R->nvars;
    const field *F = &R->F;
    *nlev = 0;
    for (size_t j = 0; j < in->n / rank; j++) {
        int64_t d;
        if (module_elem_degree(R, rank, in, j, NULL, &d) == 0)
            return GBC_ERR_DOMAIN;
    }
    ring Rg;
    int own_ring = 0;
    const ring *Ru = R;
    GBC_TRY(module_grevlex_ring(ctx, R, &Rg, &Ru, &own_ring));
    slevel *L = NULL;
    unsigned char **alive = NULL;
    size_t nl = 0;
    plist G;
    plist_init(&G);
    sres S;
    gbc_status st;
    GBC_CHECK(st, sres_init(ctx, &S, n, F), done0);
    GBC_CHECK(st, GBC_ZALLOC(ctx, L, maxlev + 2), done);
    GBC_CHECK(st, build_frame(&S, Ru, rank, in, L, maxlev, upto, &nl, &G, stats), done);
    GBC_CHECK(st, frame_betti(&S, L, nl, L[nl - 1].n > 0 ? nl - 1 : nl, lev, nlev), done);
    if (maps != NULL) {
        GBC_CHECK(st, GBC_ZALLOC(ctx, alive, nl), done);
        /* with upto, the maps of the levels below it (the last one built only
         * decides which columns of the one before remain) */
        const size_t nm = nl < upto ? nl : upto;
        GBC_CHECK(st, frame_minimize(ctx, F, n, L, nl, nm - 1, alive), done);
        GBC_CHECK(st, frame_maps(ctx, R, L, nm, alive, lev, *nlev < nm ? *nlev : nm, maps),
                  done);
    }
done:
    if (alive != NULL)
        for (size_t l = 0; l < nl; l++)
            gbc_free(ctx, alive[l]);
    gbc_free(ctx, alive);
    if (st != GBC_OK)
        for (size_t l = 0; l < maxlev + 2; l++) {
            gbc_free(ctx, lev[l].deg);
            lev[l].deg = NULL;
            lev[l].n = 0;
        }
    if (L != NULL)
        for (size_t l = 0; l < maxlev + 2; l++)
            level_clear(ctx, &L[l], S.o);
    gbc_free(ctx, L);
    sres_clear(&S);
done0:
    plist_clear(ctx, &G, F);
    if (own_ring)
        ring_clear(ctx, &Rg);
    return st;
}

gbc_status module_levels_schreyer(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                                  mlevel *lev, size_t maxlev, size_t upto, size_t *nlev,
                                  gb_stats *stats)
{
    return schreyer_run(ctx, R, rank, in, lev, maxlev, upto, nlev, NULL, stats);
}

gbc_status module_levels_maps(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                              mlevel *lev, size_t maxlev, size_t upto, size_t *nlev,
                              module_res *maps, gb_stats *stats)
{
    memset(maps, 0, sizeof *maps);
    return schreyer_run(ctx, R, rank, in, lev, maxlev, upto, nlev, maps, stats);
}

gbc_status module_resolution(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                             module_res *out, gb_stats *stats)
{
    memset(out, 0, sizeof *out);
    if (rank < 1 || in->n % rank != 0)
        return GBC_ERR_INTERNAL;
    if (rank == 1) {
        /* a regular sequence: the Koszul complex, no frame */
        int ok = 0;
        GBC_TRY(module_res_koszul(ctx, R, in, out, &ok, stats));
        if (ok)
            return GBC_OK;
    }
    const size_t maxlev = (size_t)R->nvars + 2;
    mlevel *lev = NULL;
    size_t nlev = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, lev, maxlev + 2), done);
    st = schreyer_run(ctx, R, rank, in, lev, maxlev, SIZE_MAX, &nlev, out, stats);
done:
    mlevels_free(ctx, lev, maxlev + 2);
    return st;
}
