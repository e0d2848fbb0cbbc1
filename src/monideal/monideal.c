/* monideal/monideal: the monomial-ideal type and its ideal operations, the stack
 * arena of the recursive algorithms and rank compression. Minimisation sorts by
 * degree (a divisor never has larger degree) and keeps a row unless an earlier
 * kept row divides it, looked up in a kd-tree (DL_TREE) once the kept set is
 * large. */
#include <stdlib.h>

#include "monideal/monideal.h"

#include "common/sort.h"
#include "divlookup/divlookup.h"

void mi_init(monideal *I, uint32_t nvars)
{
    I->nvars = nvars;
    I->n = 0;
    I->cap = 0;
    I->e = NULL;
}

void mi_clear(gbc_ctx *ctx, monideal *I)
{
    gbc_free(ctx, I->e);
    mi_init(I, I->nvars);
}

gbc_status mi_reserve(gbc_ctx *ctx, monideal *I, size_t n)
{
    if (n <= I->cap)
        return GBC_OK;
    size_t w = I->nvars ? I->nvars : 1;
    size_t ncap = I->cap ? I->cap : 4;
    while (ncap < n) {
        if (ncap > SIZE_MAX / 2)
            return GBC_ERR_NOMEM;
        ncap *= 2;
    }
    size_t bytes;
    if (gbc_mul_size(&bytes, ncap, w * sizeof(uint32_t)))
        return GBC_ERR_NOMEM;
    uint32_t *p = gbc_realloc(ctx, I->e, bytes);
    if (p == NULL)
        return gbc_ctx_alloc_status(ctx);
    I->e = p;
    I->cap = ncap;
    return GBC_OK;
}

gbc_status mi_push(gbc_ctx *ctx, monideal *I, const uint32_t *e)
{
    if (I->n == I->cap)
        GBC_TRY(mi_reserve(ctx, I, I->n + 1));
    if (I->nvars > 0)
        memcpy(mi_row(I, I->n), e, sizeof(uint32_t) * I->nvars);
    I->n++;
    return GBC_OK;
}

gbc_status mi_push_rows(gbc_ctx *ctx, monideal *I, const uint32_t *rows, size_t nrows)
{
    size_t need;
    if (gbc_add_size(&need, I->n, nrows))
        return GBC_ERR_NOMEM;
    GBC_TRY(mi_reserve(ctx, I, need));
    if (nrows > 0 && I->nvars > 0)
        memcpy(mi_row(I, I->n), rows, sizeof(uint32_t) * I->nvars * nrows);
    I->n = need;
    return GBC_OK;
}

gbc_status mi_copy(gbc_ctx *ctx, monideal *dst, const monideal *src)
{
    monideal t;
    mi_init(&t, src->nvars);
    GBC_TRY(mi_push_rows(ctx, &t, src->e, src->n));
    mi_clear(ctx, dst);
    *dst = t;
    return GBC_OK;
}

void mi_swap(monideal *a, monideal *b)
{
    monideal t = *a;
    *a = *b;
    *b = t;
}

/* ------------------------------------------------------------- sorting -- */

typedef struct sort_key {
    uint64_t deg;
    size_t row;
} sort_key;

/* Canonical order: increasing degree, then decreasing lex (arg: the monideal whose
 * rows the keys name). Equal rows compare equal: the stable sort keeps them in
 * row order. */
static int key_cmp(const void *pa, const void *pb, void *arg)
{
    const sort_key *a = pa, *b = pb;
    const monideal *I = arg;
    if (a->deg != b->deg)
        return a->deg < b->deg ? -1 : 1;
    const uint32_t *x = mi_row(I, a->row), *y = mi_row(I, b->row);
    for (uint32_t i = 0; i < I->nvars; i++)
        if (x[i] != y[i])
            return x[i] > y[i] ? -1 : 1;
    return 0;
}

/* Sort rows canonically into a fresh buffer. */
static gbc_status sort_rows(gbc_ctx *ctx, monideal *I)
{
    const uint32_t n = I->nvars;
    if (I->n < 2)
        return GBC_OK;
    sort_key *k = NULL;
    uint32_t *ne = NULL;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ALLOC(ctx, k, I->n), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, ne, I->n * (size_t)(n ? n : 1)), done);
    for (size_t i = 0; i < I->n; i++) {
        k[i].deg = mono_degree(mi_row(I, i), n);
        k[i].row = i;
    }
    GBC_CHECK(st, gbc_sort_cmp(ctx, k, I->n, sizeof *k, key_cmp, I), done);
    for (size_t i = 0; i < I->n; i++)
        memcpy(ne + i * n, mi_row(I, k[i].row), sizeof(uint32_t) * n);
    gbc_free(ctx, I->e);
    I->e = ne;
    I->cap = I->n;
    ne = NULL;
done:
    gbc_free(ctx, k);
    gbc_free(ctx, ne);
    return st;
}

gbc_status mi_sort_canonical(gbc_ctx *ctx, monideal *I)
{
    return sort_rows(ctx, I);
}

/* ----------------------------------------------------------- minimising -- */

gbc_status mi_minimize(gbc_ctx *ctx, monideal *I)
{
    const uint32_t n = I->nvars;
    if (I->n == 0)
        return GBC_OK;
    if (n == 0) {
        I->n = 1; /* every row is the unit monomial */
        return GBC_OK;
    }
    GBC_TRY(sort_rows(ctx, I));
    /* the unit ideal */
    if (mono_degree(mi_row(I, 0), n) == 0) {
        I->n = 1;
        return GBC_OK;
    }
    mono_divmask dm;
    mono_divmask_init(&dm, n);
    size_t kept = 0;
    if (I->n <= 48) {
        uint32_t masks[48];
        for (size_t i = 0; i < I->n; i++) {
            const uint32_t *r = mi_row(I, i);
            uint32_t m = mono_divmask_of(&dm, r), nm = ~m;
            int div = 0;
            for (size_t j = 0; j < kept && !div; j++)
                div = (masks[j] & nm) == 0 && mono_divides(mi_row(I, j), r, n);
            if (div)
                continue;
            if (kept != i)
                memcpy(mi_row(I, kept), r, sizeof(uint32_t) * n);
            masks[kept++] = m;
        }
        I->n = kept;
        return GBC_OK;
    }
    divlookup dl;
    GBC_TRY(dl_init(ctx, &dl, DL_TREE, n, &dm));
    gbc_status st = GBC_OK;
    for (size_t i = 0; i < I->n; i++) {
        const uint32_t *r = mi_row(I, i);
        uint32_t m = mono_divmask_of(&dm, r);
        if (dl_find_divisor(&dl, r, m) != UINT32_MAX)
            continue;
        if (kept != i)
            memcpy(mi_row(I, kept), r, sizeof(uint32_t) * n);
        st = dl_insert(ctx, &dl, mi_row(I, kept), m, (uint32_t)kept);
        if (st != GBC_OK)
            break;
        kept++;
        if ((i & 1023) == 0 && (st = gbc_ctx_poll(ctx)) != GBC_OK)
            break;
    }
    dl_clear(ctx, &dl);
    if (st == GBC_OK)
        I->n = kept;
    return st;
}

/* -------------------------------------------------------------- queries -- */

int mi_contains(const monideal *I, const uint32_t *e)
{
    for (size_t i = 0; i < I->n; i++)
        if (mono_divides(mi_row(I, i), e, I->nvars))
            return 1;
    return 0;
}

int mi_equal(const monideal *a, const monideal *b)
{
    if (a->nvars != b->nvars || a->n != b->n)
        return 0;
    return a->n == 0 || a->nvars == 0 ||
           memcmp(a->e, b->e, sizeof(uint32_t) * a->n * a->nvars) == 0;
}

int mi_is_unit(const monideal *I)
{
    return I->n == 1 && mono_degree(I->e, I->nvars) == 0;
}

void mi_lcm(const monideal *I, uint32_t *lcm)
{
    const uint32_t n = I->nvars;
    memset(lcm, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < I->n; i++) {
        const uint32_t *r = mi_row(I, i);
        for (uint32_t v = 0; v < n; v++)
            lcm[v] = r[v] > lcm[v] ? r[v] : lcm[v];
    }
}

/* ----------------------------------------------------------- operations -- */

gbc_status mi_sum(gbc_ctx *ctx, monideal *out, const monideal *a, const monideal *b)
{
    if (a->nvars != b->nvars)
        return GBC_ERR_ARG;
    monideal t;
    mi_init(&t, a->nvars);
    gbc_status st = GBC_OK;
    GBC_CHECK(st, mi_reserve(ctx, &t, a->n + b->n), fail);
    GBC_CHECK(st, mi_push_rows(ctx, &t, a->e, a->n), fail);
    GBC_CHECK(st, mi_push_rows(ctx, &t, b->e, b->n), fail);
    GBC_CHECK(st, mi_minimize(ctx, &t), fail);
    mi_clear(ctx, out);
    *out = t;
    return GBC_OK;
fail:
    mi_clear(ctx, &t);
    return st;
}

/* A set kept minimal while candidates stream in: a candidate is dropped when a
 * kept monomial divides it, else its multiples are removed and it is kept. Used
 * where the candidates are too many to collect first (products, intersections). */
typedef struct minset {
    uint32_t nvars;
    mono_divmask dm;
    divlookup dl;
    monideal rows; /* slot storage; removed slots are recycled */
    uint32_t *freeslots;
    size_t nfree, freecap;
} minset;

static gbc_status minset_init(gbc_ctx *ctx, minset *S, uint32_t nvars)
{
    S->nvars = nvars;
    mono_divmask_init(&S->dm, nvars);
    mi_init(&S->rows, nvars);
    S->freeslots = NULL;
    S->nfree = S->freecap = 0;
    return dl_init(ctx, &S->dl, DL_TREE, nvars, &S->dm);
}

static void minset_clear(gbc_ctx *ctx, minset *S)
{
    dl_clear(ctx, &S->dl);
    mi_clear(ctx, &S->rows);
    gbc_free(ctx, S->freeslots);
}

typedef struct minset_rm {
    minset *S;
    int failed;
} minset_rm;

static void minset_on_remove(void *data, uint32_t val)
{
    minset_rm *r = data;
    minset *S = r->S;
    /* room was reserved before the removal */
    if (S->nfree < S->freecap)
        S->freeslots[S->nfree++] = val;
    else
        r->failed = 1;
}

static gbc_status minset_add(gbc_ctx *ctx, minset *S, const uint32_t *e)
{
    uint32_t m = mono_divmask_of(&S->dm, e);
    if (dl_find_divisor(&S->dl, e, m) != UINT32_MAX)
        return GBC_OK;
    /* reserve room in the free list for every entry the removal could free */
    size_t need = S->nfree + dl_size(&S->dl);
    if (need > S->freecap)
        GBC_TRY(GBC_GROW(ctx, S->freeslots, S->freecap, need));
    minset_rm r = {S, 0};
    dl_remove_multiples(&S->dl, e, m, minset_on_remove, &r);
    GBC_ASSERT(!r.failed);
    uint32_t slot;
    if (S->nfree > 0) {
        slot = S->freeslots[--S->nfree];
        memcpy(mi_row(&S->rows, slot), e, sizeof(uint32_t) * S->nvars);
    } else {
        if (S->rows.n >= UINT32_MAX - 1)
            return GBC_ERR_NOMEM;
        slot = (uint32_t)S->rows.n;
        GBC_TRY(mi_push(ctx, &S->rows, e));
    }
    return dl_insert(ctx, &S->dl, mi_row(&S->rows, slot), m, slot);
}

typedef struct minset_collect {
    gbc_ctx *ctx;
    const minset *S;
    monideal *out;
    gbc_status st;
} minset_collect;

static int minset_collect_fn(void *data, uint32_t val, const uint32_t *exps)
{
    minset_collect *c = data;
    (void)exps;
    c->st = mi_push(c->ctx, c->out, mi_row(&c->S->rows, val));
    return c->st != GBC_OK;
}

/* The kept set, minimised and canonically sorted, into out (replaced). */
static gbc_status minset_result(gbc_ctx *ctx, minset *S, monideal *out)
{
    monideal t;
    mi_init(&t, S->nvars);
    gbc_status st = mi_reserve(ctx, &t, dl_size(&S->dl));
    if (st == GBC_OK) {
        uint32_t *top = NULL;
        st = GBC_ALLOC(ctx, top, S->nvars ? S->nvars : 1);
        if (st == GBC_OK) {
            for (uint32_t v = 0; v < S->nvars; v++)
                top[v] = UINT32_MAX;
            minset_collect c = {ctx, S, &t, GBC_OK};
            dl_for_each_divisor(&S->dl, top, UINT32_MAX, minset_collect_fn, &c);
            st = c.st;
            gbc_free(ctx, top);
        }
    }
    if (st == GBC_OK)
        st = sort_rows(ctx, &t);
    if (st != GBC_OK) {
        mi_clear(ctx, &t);
        return st;
    }
    mi_clear(ctx, out);
    *out = t;
    return GBC_OK;
}

gbc_status mi_product(gbc_ctx *ctx, monideal *out, const monideal *a, const monideal *b)
{
    const uint32_t n = a->nvars;
    if (n != b->nvars)
        return GBC_ERR_ARG;
    if (n == 0) {
        monideal t;
        mi_init(&t, 0);
        t.n = (a->n > 0 && b->n > 0) ? 1 : 0;
        mi_clear(ctx, out);
        *out = t;
        return GBC_OK;
    }
    minset S;
    uint32_t *c = NULL;
    gbc_status st = minset_init(ctx, &S, n);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, c, n);
    for (size_t i = 0; i < a->n && st == GBC_OK; i++) {
        const uint32_t *x = mi_row(a, i);
        for (size_t j = 0; j < b->n && st == GBC_OK; j++) {
            const uint32_t *y = mi_row(b, j);
            for (uint32_t v = 0; v < n; v++) {
                if (x[v] > UINT32_MAX - y[v]) {
                    st = GBC_ERR_OVERFLOW;
                    break;
                }
                c[v] = x[v] + y[v];
            }
            if (st == GBC_OK)
                st = minset_add(ctx, &S, c);
        }
        if (st == GBC_OK)
            st = gbc_ctx_poll(ctx);
    }
    if (st == GBC_OK)
        st = minset_result(ctx, &S, out);
    gbc_free(ctx, c);
    minset_clear(ctx, &S);
    return st;
}

gbc_status mi_intersection(gbc_ctx *ctx, monideal *out, const monideal *a,
                           const monideal *b)
{
    const uint32_t n = a->nvars;
    if (n != b->nvars)
        return GBC_ERR_ARG;
    if (n == 0) {
        monideal t;
        mi_init(&t, 0);
        t.n = (a->n > 0 && b->n > 0) ? 1 : 0;
        mi_clear(ctx, out);
        *out = t;
        return GBC_OK;
    }
    minset S;
    uint32_t *c = NULL;
    gbc_status st = minset_init(ctx, &S, n);
    if (st == GBC_OK)
        st = GBC_ALLOC(ctx, c, n);
    for (size_t i = 0; i < a->n && st == GBC_OK; i++) {
        const uint32_t *x = mi_row(a, i);
        for (size_t j = 0; j < b->n && st == GBC_OK; j++) {
            const uint32_t *y = mi_row(b, j);
            for (uint32_t v = 0; v < n; v++)
                c[v] = x[v] > y[v] ? x[v] : y[v];
            st = minset_add(ctx, &S, c);
        }
        if (st == GBC_OK)
            st = gbc_ctx_poll(ctx);
    }
    if (st == GBC_OK)
        st = minset_result(ctx, &S, out);
    gbc_free(ctx, c);
    minset_clear(ctx, &S);
    return st;
}

gbc_status mi_colon_mono(gbc_ctx *ctx, monideal *out, const monideal *I, const uint32_t *m)
{
    const uint32_t n = I->nvars;
    monideal t;
    mi_init(&t, n);
    gbc_status st = mi_push_rows(ctx, &t, I->e, I->n);
    if (st == GBC_OK) {
        for (size_t i = 0; i < t.n; i++) {
            uint32_t *r = mi_row(&t, i);
            for (uint32_t v = 0; v < n; v++)
                r[v] = r[v] > m[v] ? r[v] - m[v] : 0;
        }
        st = mi_minimize(ctx, &t);
    }
    if (st != GBC_OK) {
        mi_clear(ctx, &t);
        return st;
    }
    mi_clear(ctx, out);
    *out = t;
    return GBC_OK;
}

gbc_status mi_colon(gbc_ctx *ctx, monideal *out, const monideal *I, const monideal *J)
{
    const uint32_t n = I->nvars;
    if (n != J->nvars)
        return GBC_ERR_ARG;
    monideal acc, part, tmp;
    mi_init(&acc, n);
    mi_init(&part, n);
    mi_init(&tmp, n);
    gbc_status st = GBC_OK;
    if (J->n == 0) {
        /* I : 0 is the whole ring */
        uint32_t *z = NULL;
        GBC_CHECK(st, GBC_ZALLOC(ctx, z, n ? n : 1), done);
        st = mi_push(ctx, &acc, z);
        gbc_free(ctx, z);
        if (st != GBC_OK)
            goto done;
    }
    for (size_t j = 0; j < J->n; j++) {
        GBC_CHECK(st, mi_colon_mono(ctx, &part, I, mi_row(J, j)), done);
        if (j == 0) {
            mi_swap(&acc, &part);
        } else {
            GBC_CHECK(st, mi_intersection(ctx, &tmp, &acc, &part), done);
            mi_swap(&acc, &tmp);
        }
        GBC_CHECK(st, gbc_ctx_poll(ctx), done);
    }
    GBC_CHECK(st, mi_minimize(ctx, &acc), done);
    mi_clear(ctx, out);
    *out = acc;
    mi_init(&acc, n);
done:
    mi_clear(ctx, &acc);
    mi_clear(ctx, &part);
    mi_clear(ctx, &tmp);
    return st;
}

gbc_status mi_radical(gbc_ctx *ctx, monideal *out, const monideal *I)
{
    const uint32_t n = I->nvars;
    monideal t;
    mi_init(&t, n);
    gbc_status st = mi_push_rows(ctx, &t, I->e, I->n);
    if (st == GBC_OK) {
        for (size_t i = 0; i < t.n; i++) {
            uint32_t *r = mi_row(&t, i);
            for (uint32_t v = 0; v < n; v++)
                r[v] = r[v] != 0;
        }
        st = mi_minimize(ctx, &t);
    }
    if (st != GBC_OK) {
        mi_clear(ctx, &t);
        return st;
    }
    mi_clear(ctx, out);
    *out = t;
    return GBC_OK;
}

/* ---------------------------------------------------------------- arena -- */

struct mi_chunk {
    mi_chunk *prev;
    size_t cap, used; /* bytes */
    _Alignas(16) unsigned char data[];
};

#define MI_CHUNK_MIN ((size_t)1 << 20)

void mi_arena_init(mi_arena *a, gbc_ctx *ctx)
{
    a->ctx = ctx;
    a->cur = NULL;
    a->spare = NULL;
}

void mi_arena_clear(mi_arena *a)
{
    while (a->cur != NULL) {
        mi_chunk *p = a->cur->prev;
        gbc_free(a->ctx, a->cur);
        a->cur = p;
    }
    gbc_free(a->ctx, a->spare);
    a->spare = NULL;
}

void *mi_arena_alloc(mi_arena *a, size_t size)
{
    if (size > SIZE_MAX - 15)
        return NULL;
    size = (size + 15) & ~(size_t)15;
    mi_chunk *c = a->cur;
    if (c == NULL || c->cap - c->used < size) {
        mi_chunk *n = NULL;
        if (a->spare != NULL && a->spare->cap >= size) {
            n = a->spare;
            a->spare = NULL;
        } else {
            size_t cap = size > MI_CHUNK_MIN ? size : MI_CHUNK_MIN;
            if (c != NULL && cap < c->cap * 2 && c->cap < ((size_t)1 << 30))
                cap = c->cap * 2;
            size_t bytes;
            if (gbc_add_size(&bytes, cap, sizeof(mi_chunk)))
                return NULL;
            n = gbc_malloc(a->ctx, bytes);
            if (n == NULL)
                return NULL;
            n->cap = cap;
        }
        n->prev = c;
        n->used = 0;
        a->cur = c = n;
    }
    void *p = c->data + c->used;
    c->used += size;
    return p;
}

mi_mark mi_arena_mark(const mi_arena *a)
{
    mi_mark m;
    m.chunk = a->cur;
    m.used = a->cur ? a->cur->used : 0;
    return m;
}

void mi_arena_reset(mi_arena *a, mi_mark m)
{
    while (a->cur != m.chunk) {
        mi_chunk *c = a->cur;
        a->cur = c->prev;
        if (a->spare == NULL || a->spare->cap < c->cap) {
            gbc_free(a->ctx, a->spare);
            a->spare = c;
        } else {
            gbc_free(a->ctx, c);
        }
    }
    if (a->cur != NULL)
        a->cur->used = m.used;
}

/* ---------------------------------------------------------------- ranks -- */

static int cmp_u32(const void *a, const void *b, void *arg)
{
    (void)arg;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void mi_ranks_clear(gbc_ctx *ctx, mi_ranks *R)
{
    if (R->val != NULL)
        for (uint32_t v = 0; v < R->nvars; v++)
            gbc_free(ctx, R->val[v]);
    gbc_free(ctx, R->val);
    gbc_free(ctx, R->nvals);
    R->val = NULL;
    R->nvals = NULL;
    R->nvars = 0;
    R->maxrank = 0;
}

gbc_status mi_ranks_compress(gbc_ctx *ctx, mi_ranks *R, monideal *C, const monideal *I)
{
    const uint32_t n = I->nvars;
    memset(R, 0, sizeof *R);
    R->nvars = n;
    uint32_t *col = NULL;
    monideal t;
    mi_init(&t, n);
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ZALLOC(ctx, R->val, n ? n : 1), fail);
    GBC_CHECK(st, GBC_ZALLOC(ctx, R->nvals, n ? n : 1), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, col, I->n + 1), fail);
    GBC_CHECK(st, mi_push_rows(ctx, &t, I->e, I->n), fail);
    for (uint32_t v = 0; v < n; v++) {
        col[0] = 0;
        for (size_t i = 0; i < I->n; i++)
            col[i + 1] = mi_row(I, i)[v];
        GBC_CHECK(st, gbc_sort_cmp(ctx, col, I->n + 1, sizeof *col, cmp_u32, NULL), fail);
        size_t k = 1;
        for (size_t i = 1; i <= I->n; i++)
            if (col[i] != col[k - 1])
                col[k++] = col[i];
        GBC_CHECK(st, GBC_ALLOC(ctx, R->val[v], k), fail);
        memcpy(R->val[v], col, k * sizeof *col);
        R->nvals[v] = (uint32_t)k;
        if (k - 1 > R->maxrank)
            R->maxrank = (uint32_t)(k - 1);
        for (size_t i = 0; i < t.n; i++) {
            uint32_t x = mi_row(&t, i)[v];
            /* binary search for x's rank */
            size_t lo = 0, hi = k;
            while (hi - lo > 1) {
                size_t mid = (lo + hi) / 2;
                if (col[mid] <= x)
                    lo = mid;
                else
                    hi = mid;
            }
            mi_row(&t, i)[v] = (uint32_t)lo;
        }
    }
    gbc_free(ctx, col);
    mi_clear(ctx, C);
    *C = t;
    return GBC_OK;
fail:
    gbc_free(ctx, col);
    mi_clear(ctx, &t);
    mi_ranks_clear(ctx, R);
    return st;
}

uint32_t mi_select_kth(uint32_t *a, size_t cnt, size_t kth)
{
    size_t lo = 0, hi = cnt - 1;
    while (lo < hi) {
        uint32_t pv = a[lo + (hi - lo) / 2];
        size_t i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pv)
                i++;
            while (a[j] > pv)
                j--;
            if (i <= j) {
                uint32_t t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                if (j == 0)
                    break;
                j--;
            }
        }
        if (kth <= j)
            hi = j;
        else if (kth >= i)
            lo = i;
        else
            break;
    }
    return a[kth];
}
