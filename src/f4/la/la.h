/* f4/la: sparse-dense elimination modulo p for F4 matrices. Rows are sparse
 * (column indices plus a coefficient array that usually belongs to a basis
 * polynomial: no copy); the row being reduced lives in a dense uint64 array where
 * products accumulate and are reduced modulo p only when read (delayed
 * reduction: every entry stays below p^2, so one product can always be added). */
#ifndef GBC_LA_H
#define GBC_LA_H

#include "field/field.h"

typedef struct la_row {
    uint32_t *cols;      /* len column indices; cols[0] is the leading column */
    const uint32_t *cf;  /* len coefficients in [1, p); monic rows have cf[0] == 1 */
    uint32_t len;
    uint32_t src;        /* where the row came from (basis or generator index) */
    uint32_t tag;        /* la_echelon: index of the input row a new pivot came from */
} la_row;

/* A matrix being reduced: ncols columns, pivot[c] the monic row whose leading column
 * is c (or NULL). Every pivot row's other entries lie in columns > its leading
 * column: the caller orders columns so that this holds. */
typedef struct la_matrix {
    uint32_t ncols;
    const la_row **pivot;
    uint64_t *dense;   /* ncols zeros, scratch */
    uint32_t *tcols;   /* ncols + 1 entries, scratch */
    uint32_t *tcf;     /* ncols + 1 entries, scratch */
} la_matrix;

/* Reduce row r by the pivots, left to right. The result (nonzero entries only, in
 * increasing column order, made monic) is written into an arena block: *out gets
 * cols and an owned coefficient array; out->len == 0 when the row reduces to zero.
 * With skip_lead != 0 the leading entry of r is kept as it is and not reduced (for
 * tail reduction of a pivot row by the others). */
gbc_status la_reduce_row(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *r,
                         int skip_lead, gbc_arena *arena, la_row *out);

/* Reduce every row of rows[0..n) in turn; each nonzero result becomes a new pivot
 * (so later rows are reduced by earlier results). New pivots are appended to
 * newrows (capacity n) and counted in *nnew. */
gbc_status la_echelon(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                      size_t n, gbc_arena *arena, la_row *newrows, size_t *nnew);

/* la_echelon with nthreads threads: the rows are first reduced by the known pivots
 * in parallel, then brought to echelon form in order. The result is the same as
 * la_echelon's. */
gbc_status la_echelon_mt(gbc_ctx *ctx, la_matrix *M, const field *F, const la_row *rows,
                         size_t n, gbc_arena *arena, la_row *newrows, size_t *nnew,
                         int nthreads);

/* Bring the n new pivot rows to reduced echelon form among themselves: each is
 * tail-reduced by the others (from the last leading column to the first, so every
 * reducer is already reduced). The rows must be the only pivots in their columns'
 * range, i.e. have no entries in columns of other pivots except those in rows. */
gbc_status la_backreduce(gbc_ctx *ctx, la_matrix *M, const field *F, la_row *rows, size_t n,
                         gbc_arena *arena);

#endif
