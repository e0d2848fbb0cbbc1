/* monideal/slice_int.h: what the two kernels of the slice algorithm share
 * (slice.c: the uint32 kernel and the entry points; slice8.c: the byte kernel).
 * Internal to monideal/; the functions are named mis_ (monideal, slice). */
#ifndef GBC_MONIDEAL_SLICE_INT_H
#define GBC_MONIDEAL_SLICE_INT_H

#include "monideal/monideal.h"
#include "monideal/vrow.h"

/* What simplifying a slice found: its content may be non-empty, or is empty. */
enum { SL_OK = 0, SL_EMPTY = 1 };

/* Whether the byte kernel applies to C: at most 64 variables, every exponent
 * below 256. */
int mis_fits8(const monideal *C);
/* The slice algorithm's byte kernel on the minimal generating set C (mis_fits8
 * must hold; C is only read): calls fn(data, m) for every maximal standard
 * monomial m of C (m valid during the call), stopping at the first status fn
 * returns other than GBC_OK and returning it; stats (may be NULL) receives the
 * run's counters, also on failure. */
gbc_status mis_msm8(gbc_ctx *ctx, const monideal *C, mi_emit_fn fn, void *data,
                    mi_slice_stats *stats);

#endif
