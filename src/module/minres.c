/* module/minres: the maps of a minimal graded free resolution, from the
 * non-minimal one of Schreyer's frame (schreyer.c). A constant entry c of a map
 * d_k, between basis element e_j of F_k and e_i of F_{k-1} (of one degree),
 * splits off the exact piece 0 -> R e_j -> R d_k(e_j) -> 0: after the columns
 * of d_k are cleared of row i by multiples of column j, the resolution without
 * e_j and e_i is again a resolution (the other maps keep their entries, the
 * one of d_{k+1} at e_j dropped). Clearing every constant entry, degree by
 * degree and level by level, leaves a minimal resolution (docs/modules.md,
 * "Resolution, the maps"). */
#include "module/frame_int.h"

/* A slot of the hash table: the high half of a term's hash and its index + 1
 * (0: free). */
typedef struct mslot {
    uint32_t tag;
    uint32_t k1;
} mslot;

/* An entry of the heap: a term and the key of its row. */
typedef struct mheap {
    int64_t key;
    size_t k;
} mheap;

/* The scratch of one minimalisation: the column being cleared, as terms in a
 * hash table (the totals and index of each, its coefficient), and a heap of
 * its terms at pivot rows. */
typedef struct mwork {
    gbc_ctx *ctx;
    const field *F;
    const mcf_ops *o;
    uint32_t n;
    uint32_t *aT, *acomp; /* alen terms in room for acap */
    uint64_t *ahash;      /* their hashes (lin_hash) */
    mcv ac;
    size_t alen, acap, aninit;
    /* open addressing over nslot (a power of 2) slots; term k is in slot
     * apos[k] (table_reset frees the slots the terms took) */
    mslot *slot;
    size_t *apos;
    size_t nslot;
    uint64_t *hmul; /* n + 1 hash multipliers */
    mheap *heap;
    size_t heapn, heapcap;
    size_t *ix, *ix2; /* acap each: the sort of the terms */
    uint64_t *akey;   /* acap: frame_term_key of the terms being sorted */
    mcf_tmp w;
    mcv s; /* one coefficient: a multiplier */
    uint32_t sf;
    mpq_t sq;
    uint32_t *tb; /* n: a shifted term */
} mwork;

static void mwork_clear(mwork *W)
{
    gbc_free(W->ctx, W->aT);
    gbc_free(W->ctx, W->acomp);
    W->o->clear(W->ctx, &W->ac, W->aninit);
    gbc_free(W->ctx, W->slot);
    gbc_free(W->ctx, W->apos);
    gbc_free(W->ctx, W->ahash);
    gbc_free(W->ctx, W->hmul);
    gbc_free(W->ctx, W->heap);
    gbc_free(W->ctx, W->ix);
    gbc_free(W->ctx, W->ix2);
    gbc_free(W->ctx, W->akey);
    gbc_free(W->ctx, W->tb);
    mcf_tmp_clear(&W->w);
    mpq_clear(W->sq);
}

static gbc_status mwork_init(mwork *W, gbc_ctx *ctx, const field *F, uint32_t n)
{
    memset(W, 0, sizeof *W);
    W->ctx = ctx;
    W->F = F;
    W->o = mcf_for(F);
    W->n = n;
    mcf_tmp_init(&W->w);
    mpq_init(W->sq);
    W->s.cf = &W->sf;
    W->s.cq = &W->sq;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, W->tb, n ? n : 1), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, W->hmul, n + 1), fail);
    frame_hash_mults(W->hmul, n);
    W->nslot = 256;
    GBC_CHECK(st, GBC_ZALLOC(ctx, W->slot, W->nslot), fail);
    return GBC_OK;
fail:
    mwork_clear(W);
    return st;
}

static gbc_status acc_reserve(mwork *W, size_t need)
{
    if (need <= W->acap)
        return GBC_OK;
    size_t cap = W->acap * 2 > need ? W->acap * 2 : need;
    cap = cap < 64 ? 64 : cap;
    const uint32_t n1 = W->n ? W->n : 1;
    GBC_TRY(GBC_RESIZE(W->ctx, W->aT, cap * n1));
    GBC_TRY(GBC_RESIZE(W->ctx, W->acomp, cap));
    GBC_TRY(GBC_RESIZE(W->ctx, W->apos, cap));
    GBC_TRY(GBC_RESIZE(W->ctx, W->ahash, cap));
    GBC_TRY(GBC_RESIZE(W->ctx, W->ix, cap));
    GBC_TRY(GBC_RESIZE(W->ctx, W->ix2, cap));
    GBC_TRY(GBC_RESIZE(W->ctx, W->akey, cap));
    GBC_TRY(W->o->resize(W->ctx, &W->ac, &W->aninit, cap));
    W->acap = cap;
    return GBC_OK;
}

/* A hash of the exponents T that is linear in them (so a shifted term's is a
 * sum), and of a term (T, comp). */
static uint64_t lin_hash(const mwork *W, const uint32_t *T)
{
    uint64_t h = 0;
    for (uint32_t i = 0; i < W->n; i++)
        h += W->hmul[i] * T[i];
    return h;
}

static uint64_t term_hash(const mwork *W, const uint32_t *T, uint32_t comp)
{
    return lin_hash(W, T) + W->hmul[W->n] * (comp + 1u);
}

static size_t hash_slot(const mwork *W, uint64_t h)
{
    return (size_t)(h ^ (h >> 29) ^ (h >> 47)) & (W->nslot - 1);
}

/* Empty the table: free the slots its terms took. */
static void table_reset(mwork *W)
{
    for (size_t k = 0; k < W->alen; k++)
        W->slot[W->apos[k]].k1 = 0;
    W->alen = 0;
}

/* Twice the slots, the terms put back. */
static gbc_status table_grow(mwork *W)
{
    mslot *ns = NULL;
    GBC_TRY(GBC_ZALLOC(W->ctx, ns, W->nslot * 2));
    gbc_free(W->ctx, W->slot);
    W->slot = ns;
    W->nslot *= 2;
    for (size_t k = 0; k < W->alen; k++) {
        size_t h = hash_slot(W, W->ahash[k]);
        while (W->slot[h].k1 != 0)
            h = (h + 1) & (W->nslot - 1);
        W->slot[h].tag = (uint32_t)(W->ahash[k] >> 32);
        W->slot[h].k1 = (uint32_t)(k + 1);
        W->apos[k] = h;
    }
    return GBC_OK;
}

/* The index of the term (T + e, comp) (e NULL: zero), whose hash is hv, made
 * (coefficient zero) when new: *isnew. */
SKERN_INLINE gbc_status term_find(mwork *W, const skern *K, const uint32_t *T,
                                  const uint32_t *e, uint32_t comp, uint64_t hv, size_t *at,
                                  int *isnew)
{
    const uint32_t n = W->n;
    if (2 * (W->alen + 1) > W->nslot)
        GBC_TRY(table_grow(W));
    size_t h = hash_slot(W, hv);
    while (W->slot[h].k1 != 0) {
        size_t k = W->slot[h].k1 - 1;
        if (W->slot[h].tag == (uint32_t)(hv >> 32) && W->acomp[k] == comp) {
            const uint32_t *A = W->aT + k * n;
            uint32_t x = 0;
            if (e == NULL)
                while (x < n && A[x] == T[x])
                    x++;
            else
                while (x < n && A[x] == T[x] + e[x])
                    x++;
            if (x == n) {
                *at = k;
                *isnew = 0;
                return GBC_OK;
            }
        }
        h = (h + 1) & (W->nslot - 1);
    }
    if (W->alen + 1 >= UINT32_MAX)
        return GBC_ERR_LIMIT; /* more terms than the slots can index */
    GBC_TRY(acc_reserve(W, W->alen + 1));
    size_t k = W->alen++;
    uint32_t *A = W->aT + k * n;
    for (uint32_t x = 0; x < n; x++)
        A[x] = T[x] + (e != NULL ? e[x] : 0);
    W->acomp[k] = comp;
    W->ahash[k] = hv;
    K->set_zero(W->ac, k);
    W->slot[h].tag = (uint32_t)(hv >> 32);
    W->slot[h].k1 = (uint32_t)(k + 1);
    W->apos[k] = h;
    *at = k;
    *isnew = 1;
    return GBC_OK;
}

/* The heap of term indices at pivot rows, the least key on top. */
static gbc_status heap_push(mwork *W, const int64_t *key, size_t k)
{
    if (W->heapn + 1 > W->heapcap)
        GBC_TRY(GBC_GROW(W->ctx, W->heap, W->heapcap, W->heapn + 1));
    size_t i = W->heapn++;
    const mheap e = {key[W->acomp[k]], k};
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (W->heap[up].key <= e.key)
            break;
        W->heap[i] = W->heap[up];
        i = up;
    }
    W->heap[i] = e;
    return GBC_OK;
}

static size_t heap_pop(mwork *W)
{
    mheap *H = W->heap;
    const size_t top = H[0].k;
    const mheap last = H[--W->heapn];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= W->heapn)
            break;
        if (c + 1 < W->heapn && H[c + 1].key < H[c].key)
            c++;
        if (H[c].key >= last.key)
            break;
        H[i] = H[c];
        i = c;
    }
    if (W->heapn > 0)
        H[i] = last;
    return top;
}

/* Sort the indices ix[0..m) so that gt(c, ix[a], ix[b]) holds for a < b where
 * the two differ (a stable merge sort through tmp, m entries); returns the array
 * (ix or tmp) that holds the result. */
static size_t *sort_index(size_t *ix, size_t *tmp, size_t m,
                          int (*gt)(const void *c, size_t a, size_t b), const void *c)
{
    for (size_t w = 1; w < m; w *= 2) {
        for (size_t lo = 0; lo < m; lo += 2 * w) {
            size_t mid = lo + w < m ? lo + w : m, hi = lo + 2 * w < m ? lo + 2 * w : m;
            size_t a = lo, b = mid, k = lo;
            while (a < mid || b < hi)
                if (b == hi || (a < mid && gt(c, ix[a], ix[b])))
                    tmp[k++] = ix[a++];
                else
                    tmp[k++] = ix[b++];
        }
        size_t *sw = ix;
        ix = tmp;
        tmp = sw;
    }
    return ix;
}

/* The order of the table's terms: by their keys (frame_term_key, computed by
 * table_take), the ties by the terms. */
static int acc_gt(const void *c, size_t a, size_t b)
{
    const mwork *W = c;
    const uint64_t ka = W->akey[a], kb = W->akey[b];
    if (ka != kb)
        return ka > kb;
    const uint32_t n = W->n;
    return frame_tie_cmp(W->aT + a * n, W->acomp[a], W->aT + b * n, W->acomp[b], n, ka) > 0;
}

/* *v = the table's nonzero terms in decreasing order (v's old arrays freed). */
static gbc_status table_take(mwork *W, svec *v)
{
    const uint32_t n = W->n;
    size_t m = 0;
    for (size_t k = 0; k < W->alen; k++)
        if (!W->o->is_zero(W->ac, k)) {
            W->ix[m++] = k;
            W->akey[k] = frame_term_key(W->aT + k * n, n);
        }
    const size_t *ix = sort_index(W->ix, W->ix2, m, acc_gt, W);
    svec r;
    GBC_TRY(svec_alloc(W->ctx, &r, m, n, W->o));
    for (size_t t = 0; t < m; t++) {
        memcpy(r.T + t * n, W->aT + ix[t] * n, sizeof(uint32_t) * n);
        r.comp[t] = W->acomp[ix[t]];
        W->o->set(r.c, t, W->ac, ix[t]);
    }
    svec_clear(W->ctx, v, W->o);
    *v = r;
    return GBC_OK;
}

/* The pivots of one level as clear_pivots reads them: pord[i] the number of
 * row i's pivot (-1 for none yet), pcol[q] the column of pivot q (with its
 * entry 1 at its row), phash[j] the term hashes of pivot column j, key[i] row
 * i's place in the heap (-1: never cleared), cdeg the degree of the only rows
 * cleared (-1: all). */
typedef struct pivset {
    const int64_t *pord;
    const size_t *pcol;
    uint64_t *const *phash;
    const int64_t *key;
    int64_t cdeg;
} pivset;

/* Whether a term at row i is to be cleared. */
static int clears(const pivset *P, const slevel *lo, uint32_t i)
{
    return P->key[i] >= 0 && (P->cdeg < 0 || lo->deg[i] == P->cdeg);
}

/* Clear v of the rows the level below lost (its pivot columns: prow_lo[i] >= 0;
 * prow_lo NULL for level 1), which are dropped, wherever they come from, and
 * of the rows P clears: while v has a term at such a row i, the least key[i]
 * first, the multiple of the pivot's column (whose entry at row i is 1) that
 * cancels the term is subtracted. The keys are such that a pivot column has
 * terms only at rows of greater keys than its own, so a row once cleared stays
 * clear. lo: the level below (its leading totals, tau). */
SKERN_INLINE gbc_status clear_with(mwork *W, const skern *K, svec *v, const int64_t *prow_lo,
                                   const pivset *P, const slevel *hi, const slevel *lo)
{
    const uint32_t n = W->n;
    size_t k;
    int isnew;
    table_reset(W);
    W->heapn = 0;
    int dropped = 0;
    for (size_t t = 0; t < v->len; t++) {
        if (prow_lo != NULL && prow_lo[v->comp[t]] >= 0) { /* lost below */
            dropped = 1;
            continue;
        }
        GBC_TRY(term_find(W, K, v->T + t * n, NULL, v->comp[t],
                          term_hash(W, v->T + t * n, v->comp[t]), &k, &isnew));
        K->set(W->ac, k, v->c, t);
        if (clears(P, lo, v->comp[t]))
            GBC_TRY(heap_push(W, P->key, k));
    }
    if (W->heapn == 0 && !dropped)
        return GBC_OK;
    size_t steps = 0;
    while (W->heapn > 0) {
        size_t top = heap_pop(W);
        if (K->is_zero(W->ac, top))
            continue;
        const uint32_t i = W->acomp[top];
        const uint32_t *tau = lo->lead + (size_t)i * n;
        const size_t pj = P->pcol[P->pord[i]];
        const svec *p = &hi->v[pj];
        const uint64_t *ph = P->phash[pj];
        K->neg(W->F, W->s, 0, W->ac, top);
        for (uint32_t x = 0; x < n; x++)
            W->tb[x] = W->aT[top * n + x] - tau[x]; /* the shift */
        const uint64_t he = lin_hash(W, W->tb);
        for (size_t u = 0; u < p->len; u++) {
#if defined(__GNUC__)
            if (u + 8 < p->len) /* the slot of a term to come */
                __builtin_prefetch(&W->slot[hash_slot(W, ph[u + 8] + he)]);
#endif
            if (prow_lo != NULL && prow_lo[p->comp[u]] >= 0)
                continue;
            GBC_TRY(term_find(W, K, p->T + u * n, W->tb, p->comp[u], ph[u] + he, &k, &isnew));
            K->addmul(W->F, W->ac, k, W->s, 0, p->c, u, &W->w);
            if (isnew && clears(P, lo, p->comp[u]))
                GBC_TRY(heap_push(W, P->key, k));
        }
        if ((++steps & 1023) == 0)
            GBC_TRY(gbc_ctx_check(W->ctx));
    }
    return table_take(W, v);
}

static gbc_status clear_zp(mwork *W, svec *v, const int64_t *prow_lo, const pivset *P,
                           const slevel *hi, const slevel *lo)
{
    return clear_with(W, &skern_zp, v, prow_lo, P, hi, lo);
}

static gbc_status clear_qq(mwork *W, svec *v, const int64_t *prow_lo, const pivset *P,
                           const slevel *hi, const slevel *lo)
{
    return clear_with(W, &skern_qq, v, prow_lo, P, hi, lo);
}

/* Clear v as clear_with says, with the field's instance. */
static gbc_status clear_pivots(mwork *W, svec *v, const int64_t *prow_lo, const pivset *P,
                               const slevel *hi, const slevel *lo)
{
    return W->o == &mcf_qq ? clear_qq(W, v, prow_lo, P, hi, lo) : clear_zp(W, v, prow_lo, P, hi, lo);
}

/* The indices 0..m-1 of a level in increasing degree, ties by index. */
static gbc_status by_degree(gbc_ctx *ctx, const slevel *L, size_t **out)
{
    size_t m = L->n;
    size_t *perm = NULL;
    GBC_TRY(GBC_ALLOC(ctx, perm, m ? m : 1));
    for (size_t a = 0; a < m; a++) {
        size_t b = a;
        while (b > 0 && L->deg[perm[b - 1]] > L->deg[a]) {
            perm[b] = perm[b - 1];
            b--;
        }
        perm[b] = a;
    }
    *out = perm;
    return GBC_OK;
}

/* The pivots of level k >= 1 (hi over lo), from the constant parts alone: a
 * constant entry of a column lies at a row of its own degree, and clearing a
 * column of a pivot row changes its constant entries only by constant multiples
 * of pivot columns of the same degree. So, degree by degree, the constant parts
 * (columns of that degree over the rows of that degree the level below kept,
 * prow_lo[i] < 0) are eliminated in the columns' order, each reduced by the
 * pivots before it, and a column left with a nonzero entry becomes a pivot at
 * its first such row. prow_hi[j] receives the pivot row of column j (left -1
 * otherwise), and rowdead[i] = 1 for the rows taken. */
static gbc_status decide_level(mwork *W, const slevel *hi, const slevel *lo,
                               const int64_t *prow_lo, int64_t *prow_hi,
                               unsigned char *rowdead)
{
    gbc_ctx *ctx = W->ctx;
    const mcf_ops *o = W->o;
    size_t *perm = NULL, *pos = NULL, *rows = NULL, *pr = NULL, *pc = NULL;
    mcv A = {NULL, NULL};
    size_t nA = 0;
    gbc_status st;
    GBC_CHECK(st, by_degree(ctx, hi, &perm), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pos, lo->n ? lo->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, rows, lo->n ? lo->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pr, hi->n ? hi->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pc, hi->n ? hi->n : 1), done);
    for (size_t i = 0; i < lo->n; i++)
        pos[i] = SIZE_MAX;
    for (size_t a0 = 0, a1; a0 < hi->n; a0 = a1) {
        const int64_t d = hi->deg[perm[a0]];
        for (a1 = a0; a1 < hi->n && hi->deg[perm[a1]] == d; a1++)
            ;
        size_t nc = 0;
        for (size_t a = a0; a < a1; a++) {
            const svec *v = &hi->v[perm[a]];
            for (size_t t = 0; t < v->len; t++) {
                uint32_t i = v->comp[t];
                if (lo->deg[i] == d && (prow_lo == NULL || prow_lo[i] < 0) &&
                    pos[i] == SIZE_MAX) {
                    pos[i] = nc;
                    rows[nc++] = i;
                }
            }
        }
        if (nc == 0)
            continue;
        const size_t nr = a1 - a0, sz = nr * nc;
        o->clear(ctx, &A, nA);
        nA = 0;
        GBC_CHECK(st, o->alloc(ctx, &A, sz, sz), done);
        nA = sz;
        for (size_t r = 0; r < nr; r++) {
            const svec *v = &hi->v[perm[a0 + r]];
            for (size_t t = 0; t < v->len; t++)
                if (pos[v->comp[t]] != SIZE_MAX && lo->deg[v->comp[t]] == d)
                    o->set(A, r * nc + pos[v->comp[t]], v->c, t);
        }
        size_t np = 0;
        for (size_t r = 0; r < nr; r++) {
            for (size_t q = 0; q < np; q++)
                o->row_elim(W->F, A, r * nc, pr[q] * nc, pc[q], nc, &W->w);
            size_t c = o->first_nonzero(A, r * nc, nc);
            if (c == nc)
                continue;
            o->scale_inv(W->F, A, r * nc, nc, c, &W->w);
            pr[np] = r;
            pc[np++] = c;
            prow_hi[perm[a0 + r]] = (int64_t)rows[c];
            rowdead[rows[c]] = 1;
        }
        for (size_t c = 0; c < nc; c++)
            pos[rows[c]] = SIZE_MAX;
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
    }
    st = GBC_OK;
done:
    o->clear(ctx, &A, nA);
    gbc_free(ctx, perm);
    gbc_free(ctx, pos);
    gbc_free(ctx, rows);
    gbc_free(ctx, pr);
    gbc_free(ctx, pc);
    return st;
}

/* need[j] = 1 for the columns of level k (hi over lo) that clearing the kept
 * ones (keep[j]) reads: the kept columns, and the pivot columns of the rows
 * they meet, closed under the same rule. A column's cleared entries lie at its
 * own rows and at those of the pivot columns that cleared it, so no other
 * pivot column is ever used. */
static gbc_status needed_columns(gbc_ctx *ctx, const slevel *hi, const slevel *lo,
                                 const int64_t *prow_lo, const int64_t *prow_hi,
                                 const unsigned char *keep, unsigned char *need)
{
    size_t *pivcol = NULL, *stack = NULL, ns = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, pivcol, lo->n ? lo->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, stack, hi->n ? hi->n : 1), done);
    for (size_t i = 0; i < lo->n; i++)
        pivcol[i] = SIZE_MAX;
    for (size_t j = 0; j < hi->n; j++) {
        if (prow_hi[j] >= 0)
            pivcol[prow_hi[j]] = j;
        need[j] = keep[j];
        if (keep[j])
            stack[ns++] = j;
    }
    while (ns > 0) {
        const svec *v = &hi->v[stack[--ns]];
        for (size_t t = 0; t < v->len; t++) {
            const uint32_t i = v->comp[t];
            if (prow_lo != NULL && prow_lo[i] >= 0)
                continue; /* lost below: dropped, not cleared */
            const size_t p = pivcol[i];
            if (p != SIZE_MAX && !need[p]) {
                need[p] = 1;
                stack[ns++] = p;
            }
        }
    }
    st = GBC_OK;
done:
    gbc_free(ctx, pivcol);
    gbc_free(ctx, stack);
    return st;
}

/* The keys of the pivot rows for clearing the kept columns (pord numbers the
 * pivots in increasing degree): higher degree first, then the pivots' order.
 * A pivot column of degree e, its constant entries cleared at the rows of the
 * pivots before it of degree e, has terms only at rows of lower degree, of
 * later pivots of degree e and of no pivot, so each subtraction only adds
 * terms of greater keys. */
static void kept_keys(const slevel *hi, const slevel *lo, const int64_t *pord,
                      const size_t *pcol, size_t np, size_t *rank, int64_t *key)
{
    size_t r = 0;
    for (size_t b = np; b > 0;) {
        size_t a = b;
        while (a > 0 && hi->deg[pcol[a - 1]] == hi->deg[pcol[b - 1]])
            a--;
        for (size_t q = a; q < b; q++)
            rank[q] = r++;
        b = a;
    }
    for (size_t i = 0; i < lo->n; i++)
        key[i] = pord[i] >= 0 ? (int64_t)rank[pord[i]] : -1;
}

/* Whether the cleared column v (of degree d) has a constant entry: at row
 * want (>= 0), its index to *at; want < 0: at any row. */
static int constant_at(const svec *v, const slevel *lo, int64_t d, int64_t want, size_t *at)
{
    for (size_t t = 0; t < v->len; t++)
        if (lo->deg[v->comp[t]] == d && (want < 0 || (int64_t)v->comp[t] == want)) {
            *at = t;
            return 1;
        }
    return 0;
}

/* The columns of level k >= 1 that matter: those that remain in the minimal
 * resolution (keep[j]) and the pivot columns (prow_hi[j] >= 0) clearing them
 * reads (needed_columns); the rest are removed as rows by the next level, or
 * are pivots no kept column reaches, so their entries are never read. Every
 * one loses its terms at the rows the level below lost. First the pivot
 * columns, in increasing degree: each is cleared of its constant entries at
 * the rows of the pivots of its degree before it and scaled to 1 at its row;
 * then the kept columns are cleared of all pivot rows (kept_keys). A kept
 * column is then what remains of it after the old column operations, and the
 * same: its entries at the pivot rows vanish, which fixes the multiples
 * subtracted. GBC_ERR_INTERNAL when a cleared column contradicts the decision
 * (a pivot without its constant entry, or a kept column with a constant
 * entry). */
static gbc_status clear_level(mwork *W, slevel *hi, const slevel *lo, const int64_t *prow_lo,
                              const int64_t *prow_hi, const unsigned char *keep)
{
    gbc_ctx *ctx = W->ctx;
    int64_t *pord = NULL, *key = NULL;
    size_t *pcol = NULL, *perm = NULL, np = 0, at = 0;
    uint64_t **phash = NULL;
    unsigned char *need = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, need, hi->n ? hi->n : 1), done);
    GBC_CHECK(st, needed_columns(ctx, hi, lo, prow_lo, prow_hi, keep, need), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, phash, hi->n ? hi->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pord, lo->n ? lo->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, key, lo->n ? lo->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, pcol, hi->n ? hi->n : 1), done);
    for (size_t i = 0; i < lo->n; i++)
        pord[i] = -1;
    GBC_CHECK(st, by_degree(ctx, hi, &perm), done);
    for (size_t a = 0; a < hi->n; a++) {
        const size_t j = perm[a];
        if (!need[j] || prow_hi[j] < 0)
            continue;
        svec *v = &hi->v[j];
        pivset P = {pord, pcol, phash, pord, hi->deg[j]};
        GBC_CHECK(st, clear_pivots(W, v, prow_lo, &P, hi, lo), done);
        if (!constant_at(v, lo, hi->deg[j], prow_hi[j], &at)) {
            st = GBC_ERR_INTERNAL; /* the decided pivot entry is not there */
            goto done;
        }
        W->o->scale_inv(W->F, v->c, 0, v->len, at, &W->w);
        GBC_CHECK(st, GBC_ALLOC(ctx, phash[j], v->len), done);
        for (size_t u = 0; u < v->len; u++)
            phash[j][u] = term_hash(W, v->T + u * W->n, v->comp[u]);
        pord[prow_hi[j]] = (int64_t)np;
        pcol[np++] = j;
    }
    kept_keys(hi, lo, pord, pcol, np, perm, key); /* perm reused as scratch */
    for (size_t j = 0; j < hi->n; j++) {
        if (!keep[j])
            continue;
        pivset P = {pord, pcol, phash, key, -1};
        GBC_CHECK(st, clear_pivots(W, &hi->v[j], prow_lo, &P, hi, lo), done);
        if (constant_at(&hi->v[j], lo, hi->deg[j], -1, &at)) {
            st = GBC_ERR_INTERNAL; /* a constant entry left in a kept column */
            goto done;
        }
    }
    st = GBC_OK;
done:
    if (phash != NULL)
        for (size_t j = 0; j < hi->n; j++)
            gbc_free(ctx, phash[j]);
    gbc_free(ctx, phash);
    gbc_free(ctx, pord);
    gbc_free(ctx, key);
    gbc_free(ctx, pcol);
    gbc_free(ctx, perm);
    gbc_free(ctx, need);
    return st;
}

gbc_status frame_minimize(gbc_ctx *ctx, const field *F, uint32_t n, slevel *L, size_t nl,
                          size_t nclear, unsigned char **alive)
{
    mwork W;
    GBC_TRY(mwork_init(&W, ctx, F, n));
    int64_t **prow = NULL;
    unsigned char **rowdead = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, prow, nl), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, rowdead, nl), done);
    for (size_t k = 0; k < nl; k++) {
        const size_t m = L[k].n ? L[k].n : 1;
        GBC_CHECK(st, GBC_ALLOC(ctx, prow[k], m), done);
        GBC_CHECK(st, GBC_ZALLOC(ctx, rowdead[k], m), done);
        GBC_CHECK(st, GBC_ALLOC(ctx, alive[k], m), done);
        for (size_t j = 0; j < L[k].n; j++)
            prow[k][j] = -1;
    }
    /* the pivots of every level from the constant parts, then what remains */
    for (size_t k = 1; k < nl; k++)
        GBC_CHECK(st, decide_level(&W, &L[k], &L[k - 1], k > 1 ? prow[k - 1] : NULL, prow[k],
                                   rowdead[k - 1]),
                  done);
    for (size_t k = 0; k < nl; k++)
        for (size_t j = 0; j < L[k].n; j++)
            alive[k][j] = prow[k][j] < 0 && !rowdead[k][j];
    for (size_t k = 1; k < nl && k <= nclear; k++)
        GBC_CHECK(st, clear_level(&W, &L[k], &L[k - 1], k > 1 ? prow[k - 1] : NULL, prow[k],
                                  alive[k]),
                  done);
done:
    for (size_t k = 0; prow != NULL && k < nl; k++)
        gbc_free(ctx, prow[k]);
    for (size_t k = 0; rowdead != NULL && k < nl; k++)
        gbc_free(ctx, rowdead[k]);
    gbc_free(ctx, prow);
    gbc_free(ctx, rowdead);
    mwork_clear(&W);
    return st;
}

typedef struct ppoly_ord {
    const ppoly *p;
    const mono_order *ord;
    uint32_t n;
    const uint64_t *key; /* grevlex: frame_term_key of each term, else NULL */
} ppoly_ord;

/* Whether term a of q's polynomial is larger than term b: by their keys first
 * when the order is grevlex (the keys grow with the terms). */
static int ppoly_gt(const void *c, size_t a, size_t b)
{
    const ppoly_ord *q = c;
    if (q->key != NULL && q->key[a] != q->key[b])
        return q->key[a] > q->key[b];
    return mono_cmp(q->ord, q->p->exps + a * q->n, q->p->exps + b * q->n) > 0;
}

/* Sort the len terms of p (n variables) into decreasing order under ord: a
 * merge sort of their indices, then the terms permuted. Under grevlex the
 * comparisons go by frame_term_key first (each mono_cmp sums two degrees: with
 * the generic 5 x 9 matrix's 45 variables the sorts of frame_maps were 8% of its
 * syz). */
static gbc_status sort_terms(gbc_ctx *ctx, ppoly *p, uint32_t n, const mono_order *ord,
                             const mcf_ops *o)
{
    const size_t len = p->len;
    if (len < 2)
        return GBC_OK;
    size_t *ix = NULL, *tmp = NULL;
    uint32_t *E = NULL;
    uint64_t *key = NULL;
    mcv c = {NULL, NULL};
    size_t cinit = 0;
    gbc_status st = GBC_OK;
    if (ord->kind == MONO_GREVLEX) {
        GBC_CHECK(st, GBC_ALLOC(ctx, key, len), done);
        for (size_t t = 0; t < len; t++)
            key[t] = frame_term_key(p->exps + t * n, n);
    }
    ppoly_ord po = {p, ord, n, key};
    int sorted = 1;
    for (size_t t = 1; t < len && sorted; t++)
        sorted = ppoly_gt(&po, t - 1, t);
    if (sorted)
        goto done;
    GBC_CHECK(st, GBC_ALLOC(ctx, ix, len), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, tmp, len), done);
    for (size_t t = 0; t < len; t++)
        ix[t] = t;
    const size_t *six = sort_index(ix, tmp, len, ppoly_gt, &po);
    GBC_CHECK(st, GBC_ALLOC(ctx, E, len * (n ? n : 1)), done);
    GBC_CHECK(st, o->alloc(ctx, &c, len, len), done);
    cinit = len;
    for (size_t t = 0; t < len; t++) {
        memcpy(E + t * n, p->exps + six[t] * n, sizeof(uint32_t) * n);
        o->set(c, t, mcv_of(p), six[t]);
    }
    memcpy(p->exps, E, sizeof(uint32_t) * len * n);
    o->copy(mcv_of(p), c, len);
done:
    o->clear(ctx, &c, cinit);
    gbc_free(ctx, key);
    gbc_free(ctx, E);
    gbc_free(ctx, ix);
    gbc_free(ctx, tmp);
    return st;
}

/* Append to out the column v of d_k as an element of rank nrow: the term (T, c)
 * goes to component idx[c] with exponents T - tau_c (lo's leading totals). */
static gbc_status column_out(gbc_ctx *ctx, const ring *R, const svec *v, const slevel *lo,
                             const size_t *idx, size_t nrow, size_t *cnt, plist *out)
{
    const uint32_t n = R->nvars;
    const mcf_ops *o = mcf_for(&R->F);
    const size_t base = out->n;
    memset(cnt, 0, sizeof(size_t) * nrow);
    for (size_t t = 0; t < v->len; t++) {
        if (idx[v->comp[t]] == SIZE_MAX)
            return GBC_ERR_INTERNAL; /* an entry at a row the minimalisation removed */
        cnt[idx[v->comp[t]]]++;
    }
    for (size_t r = 0; r < nrow; r++) {
        ppoly *q;
        GBC_TRY(plist_push(ctx, out, cnt[r], n, &R->F, &q));
        cnt[r] = 0; /* now the terms filled */
    }
    for (size_t t = 0; t < v->len; t++) {
        const size_t r = idx[v->comp[t]];
        ppoly *q = &out->p[base + r];
        const uint32_t *tau = lo->lead + (size_t)v->comp[t] * n;
        for (uint32_t x = 0; x < n; x++)
            q->exps[cnt[r] * n + x] = v->T[t * n + x] - tau[x];
        o->set(mcv_of(q), cnt[r]++, v->c, t);
    }
    for (size_t r = 0; r < nrow; r++)
        GBC_TRY(sort_terms(ctx, &out->p[base + r], n, &R->ord, o));
    return GBC_OK;
}

gbc_status frame_maps(gbc_ctx *ctx, const ring *R, const slevel *L, size_t nl,
                      unsigned char *const *alive, const mlevel *lev, size_t nlev,
                      module_res *out)
{
    memset(out, 0, sizeof *out);
    size_t *prev = NULL, *cur = NULL, *perm = NULL, *cnt = NULL;
    size_t maxn = 1;
    gbc_status st;
    for (size_t k = 0; k < nl; k++)
        maxn = L[k].n > maxn ? L[k].n : maxn;
    GBC_CHECK(st, GBC_ALLOC(ctx, prev, maxn), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, cur, maxn), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, cnt, maxn), fail);
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->size, nlev ? nlev : 1), fail);
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->deg, nlev ? nlev : 1), fail);
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->d, nlev ? nlev : 1), fail);
    out->nlev = nlev;
    for (size_t k = 0; k < nlev; k++)
        plist_init(&out->d[k]);
    for (size_t k = 0; k < nl; k++) {
        /* the survivors in increasing degree must be the Betti numbers' */
        GBC_CHECK(st, by_degree(ctx, &L[k], &perm), fail);
        size_t m = 0;
        for (size_t a = 0; a < L[k].n; a++) {
            size_t j = perm[a];
            cur[j] = SIZE_MAX;
            if (!alive[k][j])
                continue;
            if (k >= nlev || m >= lev[k].n || lev[k].deg[m] != L[k].deg[j]) {
                st = GBC_ERR_INTERNAL;
                goto fail;
            }
            cur[j] = m++;
        }
        if (k < nlev && m != lev[k].n) {
            st = GBC_ERR_INTERNAL;
            goto fail;
        }
        if (k < nlev) {
            out->size[k] = m;
            GBC_CHECK(st, GBC_ALLOC(ctx, out->deg[k], m ? m : 1), fail);
            memcpy(out->deg[k], lev[k].deg, sizeof(int64_t) * m);
        }
        for (size_t a = 0; k >= 1 && k < nlev && a < L[k].n; a++) {
            size_t j = perm[a];
            if (alive[k][j])
                GBC_CHECK(st, column_out(ctx, R, &L[k].v[j], &L[k - 1], prev, out->size[k - 1],
                                         cnt, &out->d[k]),
                          fail);
        }
        gbc_free(ctx, perm);
        perm = NULL;
        size_t *sw = prev;
        prev = cur;
        cur = sw;
        GBC_CHECK(st, gbc_ctx_check(ctx), fail);
    }
    st = GBC_OK;
    goto done;
fail:
    module_res_clear(ctx, out, &R->F);
done:
    gbc_free(ctx, prev);
    gbc_free(ctx, cur);
    gbc_free(ctx, cnt);
    gbc_free(ctx, perm);
    return st;
}

void module_res_clear(gbc_ctx *ctx, module_res *r, const field *F)
{
    for (size_t k = 0; k < r->nlev; k++) {
        if (r->d != NULL)
            plist_clear(ctx, &r->d[k], F);
        if (r->deg != NULL)
            gbc_free(ctx, r->deg[k]);
    }
    gbc_free(ctx, r->d);
    gbc_free(ctx, r->deg);
    gbc_free(ctx, r->size);
    memset(r, 0, sizeof *r);
}
