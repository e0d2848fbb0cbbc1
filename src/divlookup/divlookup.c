/* divlookup: the two divisor-lookup implementations behind one interface.
 * DL_LIST scans a flat array filtered by divisor masks; DL_TREE is a kd-tree whose
 * interior nodes split on one variable's exponent (left: e[var] < exp, right:
 * e[var] >= exp) and whose leaves are small buckets scanned like the list. A
 * divisor of e can only lie to the right of a node when e[var] >= exp; a multiple
 * of e only to the left when e[var] < exp. Traversals are iterative (the lookups
 * with a bounded stack of subtrees still to visit, falling back to parent links
 * past it; the removal by parent links), so no depth can exhaust the call stack;
 * the tree is rebuilt balanced when an insertion finds it too deep or too full of
 * emptied leaves. */
#include "divlookup/divlookup.h"

#define DL_NIL UINT32_MAX
#define DL_LEAF_SIZE 24u /* entries per leaf before it splits */

struct dl_node {
    uint32_t parent;
    uint32_t var; /* DL_NIL for a leaf */
    uint32_t exp;
    uint32_t left;  /* leaf: index into leaves */
    uint32_t right;
};

struct dl_leaf {
    uint32_t n, cap;
    uint32_t node; /* its node; free list link when unused */
    uint32_t *x;   /* cap * nvars exponents; the block also holds m and v */
    uint32_t *m;
    uint32_t *v;
};

/* -------------------------------------------------------------- recorder -- */

#ifdef GBC_DL_RECORD
/* Instrumentation build only (configure with -DCMAKE_C_FLAGS=-DGBC_DL_RECORD):
 * every call is appended to the file named by the environment variable
 * GBC_DL_RECORD, for the replay benchmark (benchmarks/monideal/mibench replay).
 * Records are little-endian uint32 words: op, lookup id, argument (nvars for
 * 'I', the value for 'A', 0 otherwise), then for 'A', 'F', 'E' and 'R' the nvars
 * exponents. Global state and file output: never compiled into a normal build. */
#include <stdio.h>
#include <stdlib.h>

static FILE *rec_file;
static uint32_t rec_next_id;
static int rec_off;

static void rec_put(const divlookup *dl, uint32_t op, uint32_t arg, const uint32_t *e)
{
    if (rec_off)
        return;
    if (rec_file == NULL) {
        const char *path = getenv("GBC_DL_RECORD");
        rec_file = path ? fopen(path, "wb") : NULL;
        if (rec_file == NULL) {
            rec_off = 1;
            return;
        }
    }
    uint32_t h[3] = {op, dl->rec_id, arg};
    fwrite(h, sizeof h, 1, rec_file);
    if (e != NULL && dl->nvars > 0)
        fwrite(e, sizeof(uint32_t), dl->nvars, rec_file);
}
#define REC(dl, op, arg, e) rec_put((dl), (op), (arg), (e))
#else
#define REC(dl, op, arg, e) ((void)0)
#endif

/* ---------------------------------------------------------------- list -- */

gbc_status dl_init(gbc_ctx *ctx, divlookup *dl, dl_kind kind, uint32_t nvars,
                   const mono_divmask *dm)
{
    (void)ctx;
    memset(dl, 0, sizeof *dl);
    if (kind != DL_LIST && kind != DL_TREE)
        return GBC_ERR_ARG;
    dl->kind = kind;
    dl->nvars = nvars;
    dl->dm = dm;
    dl->root = DL_NIL;
    dl->free_node = DL_NIL;
    dl->free_leaf = DL_NIL;
#ifdef GBC_DL_RECORD
    dl->rec_id = rec_next_id++;
    REC(dl, 'I', nvars, NULL);
#endif
    return GBC_OK;
}

static void tree_free_all(gbc_ctx *ctx, divlookup *dl);

void dl_clear(gbc_ctx *ctx, divlookup *dl)
{
    REC(dl, 'C', 0, NULL);
    gbc_free(ctx, dl->exps);
    gbc_free(ctx, dl->mask);
    gbc_free(ctx, dl->val);
    tree_free_all(ctx, dl);
    memset(dl, 0, sizeof *dl);
    dl->root = DL_NIL;
    dl->free_node = DL_NIL;
    dl->free_leaf = DL_NIL;
}

/* Resize one of the parallel arrays to ncap rows of width elements. */
static gbc_status dl_resize(gbc_ctx *ctx, uint32_t **p, size_t ncap, size_t width)
{
    size_t bytes;
    if (gbc_mul_size(&bytes, ncap, width * sizeof(uint32_t)))
        return GBC_ERR_NOMEM;
    uint32_t *q = gbc_realloc(ctx, *p, bytes);
    if (q == NULL)
        return gbc_ctx_alloc_status(ctx);
    *p = q;
    return GBC_OK;
}

static gbc_status list_insert(gbc_ctx *ctx, divlookup *dl, const uint32_t *e, uint32_t mask,
                              uint32_t val)
{
    if (dl->n == dl->cap) {
        size_t ncap = dl->cap ? 2 * dl->cap : 16;
        GBC_TRY(dl_resize(ctx, &dl->mask, ncap, 1));
        GBC_TRY(dl_resize(ctx, &dl->val, ncap, 1));
        GBC_TRY(dl_resize(ctx, &dl->exps, ncap, dl->nvars ? dl->nvars : 1));
        dl->cap = ncap;
    }
    memcpy(dl->exps + dl->n * dl->nvars, e, sizeof(uint32_t) * dl->nvars);
    dl->mask[dl->n] = mask;
    dl->val[dl->n] = val;
    dl->n++;
    return GBC_OK;
}

static uint32_t list_find(const divlookup *dl, const uint32_t *e, uint32_t mask)
{
    const uint32_t n = dl->nvars, nm = ~mask;
    for (size_t i = 0; i < dl->n; i++)
        if ((dl->mask[i] & nm) == 0 && mono_divides(dl->exps + i * n, e, n))
            return dl->val[i];
    return UINT32_MAX;
}

/* fn on the entries of a flat block (masks m, exponents x, values v; cnt of them)
 * that divide e (mask's complement nm), in order: the first non-zero return, or 0.
 * The list and the tree's leaves alike. */
static inline int scan_each(const uint32_t *m, const uint32_t *x, const uint32_t *v, size_t cnt,
                            uint32_t n, const uint32_t *e, uint32_t nm, dl_visit_fn fn,
                            void *data)
{
    size_t i = 0;
#if defined(__SSE2__)
    /* the masks four at a time: most entries fail the mask, and the candidates of
     * a group are visited in order */
    const __m128i vm = _mm_set1_epi32((int)nm), z = _mm_setzero_si128();
    for (; i + 4 <= cnt; i += 4) {
        __m128i q = _mm_and_si128(_mm_loadu_si128((const __m128i *)(m + i)), vm);
        unsigned bits = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(q, z)));
        while (bits != 0) {
            const size_t j = i + (size_t)__builtin_ctz(bits);
            bits &= bits - 1;
            if (mono_divides(x + j * n, e, n)) {
                int r = fn(data, v[j], x + j * n);
                if (r != 0)
                    return r;
            }
        }
    }
#endif
    for (; i < cnt; i++)
        if ((m[i] & nm) == 0 && mono_divides(x + i * n, e, n)) {
            int r = fn(data, v[i], x + i * n);
            if (r != 0)
                return r;
        }
    return 0;
}

static int list_for_each(const divlookup *dl, const uint32_t *e, uint32_t mask,
                         dl_visit_fn fn, void *data)
{
    return scan_each(dl->mask, dl->exps, dl->val, dl->n, dl->nvars, e, ~mask, fn, data);
}

static size_t list_remove(divlookup *dl, const uint32_t *e, uint32_t mask,
                          void (*fn)(void *data, uint32_t val), void *data)
{
    const uint32_t n = dl->nvars;
    size_t k = 0;
    for (size_t i = 0; i < dl->n; i++) {
        if ((mask & ~dl->mask[i]) == 0 && mono_divides(e, dl->exps + i * n, n)) {
            if (fn != NULL)
                fn(data, dl->val[i]);
            continue;
        }
        if (k != i) {
            memmove(dl->exps + k * n, dl->exps + i * n, sizeof(uint32_t) * n);
            dl->mask[k] = dl->mask[i];
            dl->val[k] = dl->val[i];
        }
        k++;
    }
    size_t removed = dl->n - k;
    dl->n = k;
    return removed;
}

/* ---------------------------------------------------------------- tree -- */

static size_t leaf_block_bytes(uint32_t cap, uint32_t nvars)
{
    return (size_t)cap * ((size_t)nvars + 2) * sizeof(uint32_t);
}

static void leaf_set_ptrs(dl_leaf *L, uint32_t *block, uint32_t nvars)
{
    L->x = block;
    L->m = block + (size_t)L->cap * nvars;
    L->v = L->m + L->cap;
}

static void tree_free_all(gbc_ctx *ctx, divlookup *dl)
{
    for (uint32_t i = 0; i < dl->nleaves; i++)
        gbc_free(ctx, dl->leaves[i].x);
    gbc_free(ctx, dl->leaves);
    gbc_free(ctx, dl->nodes);
    dl->leaves = NULL;
    dl->nodes = NULL;
    dl->nleaves = dl->leafcap = dl->nnodes = dl->nodecap = 0;
    dl->root = dl->free_node = dl->free_leaf = DL_NIL;
    dl->empty_leaves = 0;
    dl->bytes = 0;
}

static gbc_status new_node(gbc_ctx *ctx, divlookup *dl, uint32_t *id)
{
    if (dl->free_node != DL_NIL) {
        *id = dl->free_node;
        dl->free_node = dl->nodes[*id].left;
        return GBC_OK;
    }
    if (dl->nnodes == dl->nodecap) {
        if (dl->nodecap >= UINT32_MAX / 2)
            return GBC_ERR_NOMEM;
        uint32_t nc = dl->nodecap ? 2 * dl->nodecap : 16;
        dl_node *p = gbc_realloc(ctx, dl->nodes, (size_t)nc * sizeof *p);
        if (p == NULL)
            return gbc_ctx_alloc_status(ctx);
        dl->bytes += (size_t)(nc - dl->nodecap) * sizeof *p;
        dl->nodes = p;
        dl->nodecap = nc;
    }
    *id = dl->nnodes++;
    return GBC_OK;
}

static void free_node(divlookup *dl, uint32_t id)
{
    dl->nodes[id].left = dl->free_node;
    dl->nodes[id].var = DL_NIL;
    dl->free_node = id;
}

/* A new empty leaf with room for cap entries, attached to node. */
static gbc_status new_leaf(gbc_ctx *ctx, divlookup *dl, uint32_t cap, uint32_t node,
                           uint32_t *id)
{
    uint32_t *block = gbc_malloc(ctx, leaf_block_bytes(cap, dl->nvars));
    if (block == NULL)
        return gbc_ctx_alloc_status(ctx);
    uint32_t li;
    if (dl->free_leaf != DL_NIL) {
        li = dl->free_leaf;
        dl->free_leaf = dl->leaves[li].node;
    } else {
        if (dl->nleaves == dl->leafcap) {
            uint32_t nc = dl->leafcap ? 2 * dl->leafcap : 8;
            dl_leaf *p = NULL;
            if (dl->leafcap < UINT32_MAX / 2)
                p = gbc_realloc(ctx, dl->leaves, (size_t)nc * sizeof *p);
            if (p == NULL) {
                gbc_free(ctx, block);
                return dl->leafcap < UINT32_MAX / 2 ? gbc_ctx_alloc_status(ctx)
                                                    : GBC_ERR_NOMEM;
            }
            dl->bytes += (size_t)(nc - dl->leafcap) * sizeof *p;
            dl->leaves = p;
            dl->leafcap = nc;
        }
        li = dl->nleaves++;
    }
    dl_leaf *L = &dl->leaves[li];
    L->n = 0;
    L->cap = cap;
    L->node = node;
    leaf_set_ptrs(L, block, dl->nvars);
    dl->bytes += leaf_block_bytes(cap, dl->nvars);
    *id = li;
    return GBC_OK;
}

static void leaf_append(dl_leaf *L, uint32_t nvars, const uint32_t *e, uint32_t mask,
                        uint32_t val)
{
    memcpy(L->x + (size_t)L->n * nvars, e, sizeof(uint32_t) * nvars);
    L->m[L->n] = mask;
    L->v[L->n] = val;
    L->n++;
}

/* Choose a split (var, s) for the rows x[idx[0..cnt)] (stride nvars) such that both
 * sides e[var] < s and e[var] >= s are non-empty, s near the median: the variable
 * of largest spread (greatest minus least exponent) times balance (the rows above
 * its least exponent or the others, the fewer), the balance breaking ties. A
 * lookup whose exponent is below s skips the right side, so a balanced split
 * prunes most; in many variables the leading monomials' exponents are mostly 0
 * and 1, all spreads 1, and the largest spread alone split off a few rows at a
 * time (generic 5 x 9 columns, gb: the lookups 152 -> 126 M instructions).
 * Returns 0 when all rows are equal. tmp has room for cnt. */
static int choose_split(const uint32_t *const *rows, size_t cnt, uint32_t nvars,
                        uint32_t *tmp, uint32_t *var, uint32_t *s)
{
    uint32_t best = DL_NIL;
    uint64_t bestspread = 0;
    size_t bestbal = 0;
    for (uint32_t v = 0; v < nvars; v++) {
        uint32_t lo = UINT32_MAX, hi = 0;
        for (size_t i = 0; i < cnt; i++) {
            uint32_t x = rows[i][v];
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
        if (hi == lo)
            continue;
        size_t above = 0;
        for (size_t i = 0; i < cnt; i++)
            above += rows[i][v] > lo;
        const size_t bal = above < cnt - above ? above : cnt - above;
        if ((uint64_t)bal * (hi - lo) > (uint64_t)bestbal * bestspread ||
            ((uint64_t)bal * (hi - lo) == (uint64_t)bestbal * bestspread && bal > bestbal)) {
            bestspread = hi - lo;
            bestbal = bal;
            best = v;
        }
    }
    if (best == DL_NIL)
        return 0;
    for (size_t i = 0; i < cnt; i++)
        tmp[i] = rows[i][best];
    /* quickselect the median */
    size_t lo = 0, hi = cnt - 1, k = cnt / 2;
    while (lo < hi) {
        uint32_t pv = tmp[lo + (hi - lo) / 2];
        size_t i = lo, j = hi;
        while (i <= j) {
            while (tmp[i] < pv)
                i++;
            while (tmp[j] > pv)
                j--;
            if (i <= j) {
                uint32_t t = tmp[i];
                tmp[i] = tmp[j];
                tmp[j] = t;
                i++;
                if (j == 0)
                    break;
                j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            break;
    }
    uint32_t med = tmp[k];
    uint32_t mn = UINT32_MAX, above = UINT32_MAX;
    for (size_t i = 0; i < cnt; i++) {
        uint32_t x = rows[i][best];
        mn = x < mn ? x : mn;
    }
    if (med > mn) {
        *s = med;
    } else {
        for (size_t i = 0; i < cnt; i++) {
            uint32_t x = rows[i][best];
            if (x > mn && x < above)
                above = x;
        }
        *s = above;
    }
    *var = best;
    return 1;
}

/* Build a balanced subtree over entries idx[0..cnt) of the flat arrays (x, m, v),
 * attached to parent; *out receives its node. Recursion depth is logarithmic in
 * cnt because every split is at a median (up to runs of equal values). */
static gbc_status build(gbc_ctx *ctx, divlookup *dl, const uint32_t *x, const uint32_t *m,
                        const uint32_t *v, uint32_t *idx, size_t cnt, const uint32_t **rows,
                        uint32_t *tmp, uint32_t parent, uint32_t *out)
{
    const uint32_t n = dl->nvars;
    uint32_t node;
    GBC_TRY(new_node(ctx, dl, &node));
    dl->nodes[node].parent = parent;
    uint32_t var = 0, s = 0;
    int split = 0;
    if (cnt > DL_LEAF_SIZE) {
        for (size_t i = 0; i < cnt; i++)
            rows[i] = x + (size_t)idx[i] * n;
        split = choose_split(rows, cnt, n, tmp, &var, &s);
    }
    if (!split) {
        uint32_t cap = cnt > DL_LEAF_SIZE ? (uint32_t)cnt : DL_LEAF_SIZE;
        uint32_t li;
        gbc_status st = new_leaf(ctx, dl, cap, node, &li);
        if (st != GBC_OK) {
            free_node(dl, node);
            return st;
        }
        dl->nodes[node].var = DL_NIL;
        dl->nodes[node].left = li;
        dl->nodes[node].right = DL_NIL;
        for (size_t i = 0; i < cnt; i++)
            leaf_append(&dl->leaves[li], n, x + (size_t)idx[i] * n, m[idx[i]], v[idx[i]]);
        *out = node;
        return GBC_OK;
    }
    /* partition idx: e[var] < s first */
    size_t i = 0, j = cnt;
    while (i < j) {
        if (x[(size_t)idx[i] * n + var] < s) {
            i++;
        } else {
            j--;
            uint32_t t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
    }
    dl->nodes[node].var = var;
    dl->nodes[node].exp = s;
    dl->nodes[node].left = dl->nodes[node].right = DL_NIL;
    uint32_t l, r;
    GBC_TRY(build(ctx, dl, x, m, v, idx, i, rows, tmp, node, &l));
    dl->nodes[node].left = l;
    GBC_TRY(build(ctx, dl, x, m, v, idx + i, cnt - i, rows, tmp, node, &r));
    dl->nodes[node].right = r;
    *out = node;
    return GBC_OK;
}

/* Rebuild the whole tree balanced from its current entries. On failure the tree
 * is left empty and dl->n reset: the caller reports the status (the lookup is
 * then unusable until cleared, as documented for allocation failures). */
static gbc_status rebuild(gbc_ctx *ctx, divlookup *dl)
{
    const uint32_t n = dl->nvars;
    size_t cnt = dl->n;
    uint32_t *x = NULL, *m = NULL, *v = NULL, *idx = NULL, *tmp = NULL;
    const uint32_t **rows = NULL;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ALLOC(ctx, x, cnt * (size_t)n + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, m, cnt + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, v, cnt + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, idx, cnt + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, tmp, cnt + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, rows, cnt + 1), done);
    size_t k = 0;
    for (uint32_t li = 0; li < dl->nleaves; li++) {
        const dl_leaf *L = &dl->leaves[li];
        if (L->x == NULL)
            continue;
        memcpy(x + k * n, L->x, sizeof(uint32_t) * (size_t)L->n * n);
        memcpy(m + k, L->m, sizeof(uint32_t) * L->n);
        memcpy(v + k, L->v, sizeof(uint32_t) * L->n);
        k += L->n;
    }
    GBC_ASSERT(k == cnt);
    for (size_t i = 0; i < cnt; i++)
        idx[i] = (uint32_t)i;
    tree_free_all(ctx, dl);
    if (cnt > 0) {
        uint32_t root;
        st = build(ctx, dl, x, m, v, idx, cnt, rows, tmp, DL_NIL, &root);
        if (st != GBC_OK) {
            tree_free_all(ctx, dl);
            dl->n = 0;
            goto done;
        }
        dl->root = root;
    }
    dl->inserts_since_build = 0;
done:
    gbc_free(ctx, x);
    gbc_free(ctx, m);
    gbc_free(ctx, v);
    gbc_free(ctx, idx);
    gbc_free(ctx, tmp);
    gbc_free(ctx, rows);
    return st;
}

static unsigned ilog2(size_t x)
{
    unsigned r = 0;
    while (x > 1) {
        x >>= 1;
        r++;
    }
    return r;
}

/* Leaf L could not be split (its entries and e are all equal, or it is oversized):
 * doubles its capacity and appends (e, mask, val). dl->bytes follows the block;
 * on failure L is unchanged. */
static gbc_status grow_leaf(gbc_ctx *ctx, divlookup *dl, dl_leaf *L, const uint32_t *e,
                            uint32_t mask, uint32_t val)
{
    const uint32_t n = dl->nvars;
    uint32_t ncap = L->cap * 2;
    if (ncap < L->cap)
        return GBC_ERR_NOMEM;
    uint32_t *block = gbc_malloc(ctx, leaf_block_bytes(ncap, n));
    if (block == NULL)
        return gbc_ctx_alloc_status(ctx);
    dl_leaf NL = *L;
    NL.cap = ncap;
    leaf_set_ptrs(&NL, block, n);
    memcpy(NL.x, L->x, sizeof(uint32_t) * (size_t)L->n * n);
    memcpy(NL.m, L->m, sizeof(uint32_t) * L->n);
    memcpy(NL.v, L->v, sizeof(uint32_t) * L->n);
    dl->bytes += leaf_block_bytes(ncap, n) - leaf_block_bytes(L->cap, n);
    gbc_free(ctx, L->x);
    *L = NL;
    leaf_append(L, n, e, mask, val);
    return GBC_OK;
}

/* Moves the entries of L with exponent >= s in variable var to the empty leaf R,
 * keeping the order of both parts (n: the number of variables). */
static void partition_leaf(dl_leaf *L, dl_leaf *R, uint32_t n, uint32_t var, uint32_t s)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < L->n; i++) {
        const uint32_t *row = L->x + (size_t)i * n;
        if (row[var] >= s) {
            leaf_append(R, n, row, L->m[i], L->v[i]);
        } else {
            if (k != i) {
                memmove(L->x + (size_t)k * n, row, sizeof(uint32_t) * n);
                L->m[k] = L->m[i];
                L->v[k] = L->v[i];
            }
            k++;
        }
    }
    L->n = k;
}

/* Split the full leaf of node nd, which also has to take (e, mask, val). */
static gbc_status split_leaf(gbc_ctx *ctx, divlookup *dl, uint32_t nd, const uint32_t *e,
                             uint32_t mask, uint32_t val)
{
    const uint32_t n = dl->nvars;
    uint32_t li = dl->nodes[nd].left;
    dl_leaf *L = &dl->leaves[li];
    size_t cnt = (size_t)L->n + 1;
    const uint32_t *rows[DL_LEAF_SIZE + 1];
    uint32_t tmp[DL_LEAF_SIZE + 1];
    uint32_t var, s;
    int ok = 0;
    if (L->n == DL_LEAF_SIZE) {
        for (uint32_t i = 0; i < L->n; i++)
            rows[i] = L->x + (size_t)i * n;
        rows[L->n] = e;
        ok = choose_split(rows, cnt, n, tmp, &var, &s);
    }
    if (!ok)
        return grow_leaf(ctx, dl, L, e, mask, val);
    /* nd becomes interior with two leaf children: a (the old leaf) and b (new) */
    uint32_t a, b, lb;
    GBC_TRY(new_node(ctx, dl, &a));
    gbc_status st = new_node(ctx, dl, &b);
    if (st != GBC_OK) {
        free_node(dl, a);
        return st;
    }
    st = new_leaf(ctx, dl, DL_LEAF_SIZE, b, &lb);
    if (st != GBC_OK) {
        free_node(dl, a);
        free_node(dl, b);
        return st;
    }
    L = &dl->leaves[li]; /* new_leaf may have moved the leaves */
    dl_leaf *R = &dl->leaves[lb];
    partition_leaf(L, R, n, var, s);
    leaf_append(e[var] >= s ? R : L, n, e, mask, val);
    L->node = a;
    dl_node *A = &dl->nodes[a], *B = &dl->nodes[b], *N = &dl->nodes[nd];
    A->parent = nd;
    A->var = DL_NIL;
    A->left = li;
    A->right = DL_NIL;
    B->parent = nd;
    B->var = DL_NIL;
    B->left = lb;
    B->right = DL_NIL;
    N->var = var;
    N->exp = s;
    N->left = a;
    N->right = b;
    return GBC_OK;
}

static gbc_status tree_insert(gbc_ctx *ctx, divlookup *dl, const uint32_t *e, uint32_t mask,
                              uint32_t val)
{
    if (dl->n >= UINT32_MAX - 1)
        return GBC_ERR_NOMEM;
    if (dl->empty_leaves > 8 && dl->empty_leaves > dl->nleaves / 2)
        GBC_TRY(rebuild(ctx, dl));
    if (dl->root == DL_NIL) {
        uint32_t nd, li;
        GBC_TRY(new_node(ctx, dl, &nd));
        gbc_status st = new_leaf(ctx, dl, DL_LEAF_SIZE, nd, &li);
        if (st != GBC_OK) {
            free_node(dl, nd);
            return st;
        }
        dl->nodes[nd].parent = DL_NIL;
        dl->nodes[nd].var = DL_NIL;
        dl->nodes[nd].left = li;
        dl->nodes[nd].right = DL_NIL;
        dl->root = nd;
    }
    uint32_t nd = dl->root;
    unsigned depth = 0;
    while (dl->nodes[nd].var != DL_NIL) {
        const dl_node *N = &dl->nodes[nd];
        nd = e[N->var] < N->exp ? N->left : N->right;
        depth++;
    }
    dl_leaf *L = &dl->leaves[dl->nodes[nd].left];
    if (L->n == 0 && dl->empty_leaves > 0)
        dl->empty_leaves--;
    if (L->n < L->cap)
        leaf_append(L, dl->nvars, e, mask, val);
    else
        GBC_TRY(split_leaf(ctx, dl, nd, e, mask, val));
    dl->n++;
    dl->inserts_since_build++;
    unsigned limit = 2 * ilog2(dl->n / DL_LEAF_SIZE + 1) + 12;
    if (depth > limit && dl->inserts_since_build > dl->n / 4)
        GBC_TRY(rebuild(ctx, dl));
    return GBC_OK;
}

/* The walks by parent links below: arriving at a node from its parent means
 * "descend", from a child means "continue after that child". */

/* fn on the entries of leaf L dividing e, for tree_for_each (scan_each). */
static inline int leaf_each(const dl_leaf *L, uint32_t n, const uint32_t *e, uint32_t nm,
                            dl_visit_fn fn, void *data)
{
    return scan_each(L->m, L->x, L->v, L->n, n, e, nm, fn, data);
}

/* The lookups go down with an explicit stack of the right subtrees still to
 * visit (each node once, left subtree first: the order of the walk by parent
 * links, and so the same first divisor); a subtree that finds the stack full is
 * walked by its parent links at once, so no depth can overflow it. */
#define DL_STACK 64

/* The stack's room in a lookup: DL_STACK, or less when a test asks (walk_stack). */
static inline uint32_t stack_room(const divlookup *dl)
{
    return dl->walk_stack != 0 && dl->walk_stack < DL_STACK ? dl->walk_stack : DL_STACK;
}

/* tree_for_each's walk of the subtree at sub by parent links. */
static int walk_each(const divlookup *dl, uint32_t sub, const uint32_t *e, uint32_t nm,
                     dl_visit_fn fn, void *data)
{
    const dl_node *nodes = dl->nodes;
    const uint32_t stop = nodes[sub].parent;
    uint32_t nd = sub, prev = stop;
    while (nd != stop) {
        const dl_node *N = &nodes[nd];
        uint32_t next;
        if (prev == N->parent) {
            if (N->var == DL_NIL) {
                int r = leaf_each(&dl->leaves[N->left], dl->nvars, e, nm, fn, data);
                if (r != 0)
                    return r;
                next = N->parent;
            } else {
                next = N->left;
            }
        } else if (prev == N->left && e[N->var] >= N->exp) {
            next = N->right;
        } else {
            next = N->parent;
        }
        prev = nd;
        nd = next;
    }
    return 0;
}

static int tree_for_each(const divlookup *dl, const uint32_t *e, uint32_t mask,
                         dl_visit_fn fn, void *data)
{
    const uint32_t n = dl->nvars, nm = ~mask;
    const dl_node *nodes = dl->nodes;
    uint32_t stack[DL_STACK], sp = 0, nd = dl->root;
    const uint32_t room = stack_room(dl);
    while (nd != DL_NIL) {
        const dl_node *N = &nodes[nd];
        if (N->var != DL_NIL) {
            if (e[N->var] >= N->exp) {
                if (sp < room) {
                    stack[sp++] = N->right;
                } else {
                    int r = walk_each(dl, N->right, e, nm, fn, data);
                    if (r != 0)
                        return r;
                }
            }
            nd = N->left;
            continue;
        }
        int r = leaf_each(&dl->leaves[N->left], n, e, nm, fn, data);
        if (r != 0)
            return r;
        nd = sp > 0 ? stack[--sp] : DL_NIL;
    }
    return 0;
}

/* tree_find: the value of the first divisor tree_for_each meets (UINT32_MAX: none). */
typedef struct first_div {
    uint32_t val;
} first_div;

static int visit_first(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    ((first_div *)data)->val = val;
    return 1;
}

static uint32_t tree_find(const divlookup *dl, const uint32_t *e, uint32_t mask)
{
    first_div f = {UINT32_MAX};
    (void)tree_for_each(dl, e, mask, visit_first, &f);
    return f.val;
}

static size_t tree_remove(divlookup *dl, const uint32_t *e, uint32_t mask,
                          void (*fn)(void *data, uint32_t val), void *data)
{
    const uint32_t n = dl->nvars;
    const dl_node *nodes = dl->nodes;
    size_t removed = 0;
    uint32_t nd = dl->root, prev = DL_NIL;
    while (nd != DL_NIL) {
        const dl_node *N = &nodes[nd];
        uint32_t next;
        if (prev == N->parent) {
            if (N->var == DL_NIL) {
                dl_leaf *L = &dl->leaves[N->left];
                uint32_t k = 0, before = L->n;
                for (uint32_t i = 0; i < L->n; i++) {
                    const uint32_t *x = L->x + (size_t)i * n;
                    if ((mask & ~L->m[i]) == 0 && mono_divides(e, x, n)) {
                        if (fn != NULL)
                            fn(data, L->v[i]);
                        continue;
                    }
                    if (k != i) {
                        memmove(L->x + (size_t)k * n, x, sizeof(uint32_t) * n);
                        L->m[k] = L->m[i];
                        L->v[k] = L->v[i];
                    }
                    k++;
                }
                L->n = k;
                removed += before - k;
                if (k == 0 && before > 0)
                    dl->empty_leaves++;
                next = N->parent;
            } else {
                /* multiples of e lie left only when e[var] < exp */
                next = e[N->var] < N->exp ? N->left : N->right;
                if (next == N->right) {
                    /* skipping the left child: pretend we came back from it */
                    prev = N->left;
                    continue;
                }
            }
        } else if (prev == N->left) {
            next = N->right;
        } else {
            next = N->parent;
        }
        prev = nd;
        nd = next;
    }
    dl->n -= removed;
    return removed;
}

/* -------------------------------------------------------------- dispatch -- */

gbc_status dl_insert(gbc_ctx *ctx, divlookup *dl, const uint32_t *e, uint32_t mask,
                     uint32_t val)
{
    REC(dl, 'A', val, e);
    if (dl->kind == DL_TREE)
        return tree_insert(ctx, dl, e, mask, val);
    return list_insert(ctx, dl, e, mask, val);
}

uint32_t dl_find_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask)
{
    REC(dl, 'F', 0, e);
    if (dl->kind == DL_TREE)
        return tree_find(dl, e, mask);
    return list_find(dl, e, mask);
}

int dl_for_each_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask,
                        dl_visit_fn fn, void *data)
{
    REC(dl, 'E', 0, e);
    if (dl->kind == DL_TREE)
        return tree_for_each(dl, e, mask, fn, data);
    return list_for_each(dl, e, mask, fn, data);
}

size_t dl_remove_multiples(divlookup *dl, const uint32_t *e, uint32_t mask,
                           void (*fn)(void *data, uint32_t val), void *data)
{
    REC(dl, 'R', 0, e);
    if (dl->kind == DL_TREE)
        return tree_remove(dl, e, mask, fn, data);
    return list_remove(dl, e, mask, fn, data);
}

size_t dl_size(const divlookup *dl)
{
    return dl->n;
}

size_t dl_memory(const divlookup *dl)
{
    if (dl->kind == DL_TREE)
        return dl->bytes;
    return dl->cap * (sizeof(uint32_t) * (2 + dl->nvars));
}

const char *dl_name(const divlookup *dl)
{
    return dl->kind == DL_TREE ? "kdtree" : "list";
}

static int visit_not_skip(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    return val != *(const uint32_t *)data;
}

int dl_has_other_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask, uint32_t skip)
{
    return dl_for_each_divisor(dl, e, mask, visit_not_skip, &skip);
}
