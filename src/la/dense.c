/* la/dense: the dense-row reduction every kernel shares: a row spread into a
 * uint64 accumulator, reduced by the pivots left to right with delayed reduction
 * modulo p, and read back sparse (la_reduce_row, la_remainder, la_reduce_dense). */
#include "la/la.h"

#include <math.h>

/* dr[c] += mult * cf for every entry after the leading one of row P; entries stay
 * below p^2 (p^2 < 2^62, so the sum before the correction is below 2^63). */
static inline void axpy_row(uint64_t *restrict dr, const la_row *P, uint64_t mult, uint64_t p2)
{
    const uint32_t *restrict cols = P->cols;
    const uint32_t *restrict cf = P->cf;
    const uint32_t len = P->len;
    uint32_t k = 1;
    /* unrolled: the four updates are independent (a row's columns are distinct) and
     * their loads overlap */
    for (; k + 4 <= len; k += 4) {
        uint32_t c0 = cols[k], c1 = cols[k + 1], c2 = cols[k + 2], c3 = cols[k + 3];
        uint64_t x0 = dr[c0] + mult * cf[k];
        uint64_t x1 = dr[c1] + mult * cf[k + 1];
        uint64_t x2 = dr[c2] + mult * cf[k + 2];
        uint64_t x3 = dr[c3] + mult * cf[k + 3];
        dr[c0] = x0 >= p2 ? x0 - p2 : x0;
        dr[c1] = x1 >= p2 ? x1 - p2 : x1;
        dr[c2] = x2 >= p2 ? x2 - p2 : x2;
        dr[c3] = x3 >= p2 ? x3 - p2 : x3;
    }
    for (; k < len; k++) {
        uint64_t x = dr[cols[k]] + mult * cf[k];
        dr[cols[k]] = x >= p2 ? x - p2 : x;
    }
}

/* For p < 2^16 every product is below 2^32, and a row never receives 2^32 of them
 * (there are fewer columns), so the accumulator needs no correction at all. */
static inline void axpy_row_small(uint64_t *restrict dr, const la_row *P, uint64_t mult)
{
    const uint32_t *restrict cols = P->cols;
    const uint32_t *restrict cf = P->cf;
    const uint32_t len = P->len;
    uint32_t k = 1;
    for (; k + 4 <= len; k += 4) {
        dr[cols[k]] += mult * cf[k];
        dr[cols[k + 1]] += mult * cf[k + 1];
        dr[cols[k + 2]] += mult * cf[k + 2];
        dr[cols[k + 3]] += mult * cf[k + 3];
    }
    for (; k < len; k++)
        dr[cols[k]] += mult * cf[k];
}

/* The accumulator of column j reduced modulo p and cleared (0 when it was 0). */
static inline uint64_t take_entry(uint64_t *dr, uint32_t j, uint64_t p)
{
    if (dr[j] == 0)
        return 0;
    const uint64_t c = dr[j] % p;
    dr[j] = 0;
    return c;
}

/* The row in M->dense from column start on, reduced by the pivots; the result's
 * first n0 entries are already in M->tcols / M->tcf (a kept lead). Made monic
 * unless keep_scale. */
static gbc_status reduce_core(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t start,
                              uint32_t n0, gbc_arena *arena, la_row *out, int keep_scale)
{
    uint64_t *dr = M->dense;
    const uint64_t p = F->p, p2 = F->p2;
    const int small = p < (1u << 16);
    uint32_t *ocols = M->tcols, *ocf = M->tcf;
    uint32_t n = n0;
    const uint32_t ncols = M->ncols;
    for (uint32_t j = start; j < ncols; j++) {
        /* runs of zeros eight columns at a time (sparse rows of many columns) */
        while ((j & 7) == 0 && j + 8 <= ncols &&
               (dr[j] | dr[j + 1] | dr[j + 2] | dr[j + 3] | dr[j + 4] | dr[j + 5] | dr[j + 6] |
                dr[j + 7]) == 0)
            j += 8;
        if (j >= ncols)
            break;
        const uint64_t c = take_entry(dr, j, p);
        if (c == 0)
            continue;
        /* acquire: the probabilistic kernel publishes pivots from several threads */
        const la_row *P = __atomic_load_n(&M->pivot[j], __ATOMIC_ACQUIRE);
        const uint32_t *d =
            P != NULL && M->dpiv != NULL ? __atomic_load_n(&M->dpiv[j], __ATOMIC_ACQUIRE) : NULL;
        if (d != NULL) {
            la_dform_axpy(M->isa, dr + j + 1, d + 1, ncols - j - 1, p - c, small ? 0 : p2);
        } else if (P != NULL) {
            if (small)
                axpy_row_small(dr, P, p - c);
            else
                axpy_row(dr, P, p - c, p2);
        } else {
            ocols[n] = j;
            ocf[n++] = (uint32_t)c;
        }
    }
    /* make monic (the kept lead of a tail reduction is already 1) */
    if (n > 0 && ocf[0] != 1 && !keep_scale) {
        uint32_t inv = zp_inv(F, ocf[0]);
        for (uint32_t k = 0; k < n; k++)
            ocf[k] = zp_mul(F, ocf[k], inv);
    }
    out->len = n;
    out->cols = NULL;
    out->cf = NULL;
    if (n == 0)
        return GBC_OK;
    uint32_t *c = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * n);
    uint32_t *f = gbc_arena_alloc(ctx, arena, sizeof(uint32_t) * n);
    if (c == NULL || f == NULL)
        return gbc_ctx_alloc_status(ctx);
    memcpy(c, ocols, sizeof(uint32_t) * n);
    memcpy(f, ocf, sizeof(uint32_t) * n);
    out->cols = c;
    out->cf = f;
    return GBC_OK;
}

gbc_status la_reduce_dense(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t start,
                           gbc_arena *arena, la_row *out)
{
    return reduce_core(ctx, M, F, start, 0, arena, out, 0);
}

gbc_status la_remainder_dense(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t start,
                              gbc_arena *arena, la_row *out)
{
    return reduce_core(ctx, M, F, start, 0, arena, out, 1);
}

int la_hypersparse(uint32_t ncols, const la_row *rows, size_t n, const la_row *piv,
                   size_t npiv, double newfrac)
{
    if (n == 0 || ncols < 4096)
        return 0;
    uint64_t nnz = 0;
    for (size_t i = 0; i < n; i++)
        nnz += rows[i].len;
    if (nnz * 64 > (uint64_t)ncols * n)
        return 0;
    if (newfrac * sqrt((double)ncols) >= LA_HYPER_NEW)
        return 1;
    /* the pivots' entries, read only when they decide */
    for (size_t i = 0; i < npiv; i++)
        nnz += piv[i].len;
    return nnz <= (uint64_t)LA_HYPER_COL_ENTRIES * ncols;
}

uint32_t la_heap_words(uint32_t ncols)
{
    return ncols / 16 + 64;
}

/* A binary min-heap of columns, h[0..*n). */
static inline void heap_push(uint32_t *h, uint32_t *n, uint32_t c)
{
    uint32_t i = (*n)++;
    while (i > 0) {
        uint32_t up = (i - 1) / 2;
        if (h[up] <= c)
            break;
        h[i] = h[up];
        i = up;
    }
    h[i] = c;
}

static inline uint32_t heap_pop(uint32_t *h, uint32_t *n)
{
    const uint32_t top = h[0], last = h[--*n], m = *n;
    uint32_t i = 0;
    for (;;) {
        uint32_t l = 2 * i + 1;
        if (l >= m)
            break;
        if (l + 1 < m && h[l + 1] < h[l])
            l++;
        if (h[l] >= last)
            break;
        h[i] = h[l];
        i = l;
    }
    if (m > 0)
        h[i] = last;
    return top;
}

/* reduce_core for a row spread into M->dense whose columns are the nh entries of
 * the heap M->heap: the columns are taken from the heap in increasing order, and
 * each pivot's entries that find a zero accumulator join it, so only the columns
 * the reduction reaches are visited. Every nonzero accumulator is in the heap; a
 * column may be there twice (its sum came back to zero and was reached again),
 * and its second copy is passed over. When the heap would outgrow M->heapcap the
 * rest is left to reduce_core's scan, from the column after the current one (every
 * column still to do lies beyond it). The same result as reduce_core. */
static gbc_status reduce_heap(gbc_ctx *ctx, la_matrix *M, const field *F, uint32_t nh,
                              uint32_t n0, gbc_arena *arena, la_row *out, int keep_scale)
{
    uint64_t *dr = M->dense;
    uint32_t *h = M->heap;
    const uint32_t cap = M->heapcap;
    const uint64_t p = F->p, p2 = F->p < (1u << 16) ? 0 : F->p2;
    uint32_t n = n0, last = UINT32_MAX;
    while (nh > 0) {
        const uint32_t j = heap_pop(h, &nh);
        if (j == last)
            continue;
        last = j;
        const uint64_t c = take_entry(dr, j, p);
        if (c == 0)
            continue;
        const la_row *P = M->pivot[j];
        if (P == NULL) {
            M->tcols[n] = j;
            M->tcf[n++] = (uint32_t)c;
            continue;
        }
        const uint64_t mult = p - c;
        uint32_t k = 1;
        for (; k < P->len; k++) {
            const uint32_t q = P->cols[k];
            if (dr[q] == 0) {
                if (nh == cap)
                    break;
                heap_push(h, &nh, q);
            }
            uint64_t x = dr[q] + mult * P->cf[k];
            dr[q] = p2 != 0 && x >= p2 ? x - p2 : x;
        }
        if (k < P->len) {
            /* the heap is full: this pivot's other entries, then the scan */
            for (; k < P->len; k++) {
                const uint32_t q = P->cols[k];
                uint64_t x = dr[q] + mult * P->cf[k];
                dr[q] = p2 != 0 && x >= p2 ? x - p2 : x;
            }
            return reduce_core(ctx, M, F, j + 1, n, arena, out, keep_scale);
        }
    }
    return reduce_core(ctx, M, F, M->ncols, n, arena, out, keep_scale);
}

/* la_reduce_row, the result made monic unless keep_scale. */
static gbc_status reduce_row(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                             int skip_lead, gbc_arena *arena, la_row *out, int keep_scale)
{
    out->src = r->src;
    out->tag = r->tag;
    if (r->len == 0) {
        out->len = 0;
        out->cols = NULL;
        out->cf = NULL;
        return GBC_OK;
    }
    uint64_t *dr = M->dense;
    if (M->heap != NULL && r->len <= M->heapcap) {
        uint32_t nh = 0, n0 = 0;
        for (uint32_t k = skip_lead ? 1 : 0; k < r->len; k++) {
            dr[r->cols[k]] = r->cf[k];
            heap_push(M->heap, &nh, r->cols[k]);
        }
        if (skip_lead) {
            M->tcols[0] = r->cols[0];
            M->tcf[0] = r->cf[0];
            n0 = 1;
        }
        return reduce_heap(ctx, M, F, nh, n0, arena, out, keep_scale);
    }
    uint32_t start = UINT32_MAX;
    for (uint32_t k = skip_lead ? 1 : 0; k < r->len; k++) {
        uint32_t c = r->cols[k];
        dr[c] = r->cf[k];
        if (c < start)
            start = c;
    }
    uint32_t n0 = 0;
    if (skip_lead) {
        M->tcols[0] = r->cols[0];
        M->tcf[0] = r->cf[0];
        n0 = 1;
    }
    return reduce_core(ctx, M, F, start == UINT32_MAX ? M->ncols : start, n0, arena, out,
                       keep_scale);
}

gbc_status la_reduce_row(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                         int skip_lead, gbc_arena *arena, la_row *out)
{
    return reduce_row(ctx, M, F, r, skip_lead, arena, out, 0);
}

gbc_status la_remainder(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                        gbc_arena *arena, la_row *out)
{
    return reduce_row(ctx, M, F, r, 0, arena, out, 1);
}
