/* common/sort: the one sort of the library, a stable O(n log n) merge sort (by radix
 * for long lists of integer keys) with a
 * scratch buffer from the context that polls for a stop: of records under a
 * comparison, and of index arrays under precomputed integer keys. Every module
 * sorts through these two. */
#ifndef GBC_SORT_H
#define GBC_SORT_H

#include "common/common.h"

/* A comparison for gbc_sort_cmp: negative when a must come before b, positive when
 * after, 0 when either order will do (the sort then keeps their input order). It
 * must be a consistent total preorder and must not modify the elements; a and b
 * may point into the array, into the scratch or to a local copy, in any mix. arg
 * is passed through unchanged. */
typedef int (*gbc_cmp_fn)(const void *a, const void *b, void *arg);

/* Sort the n elements of size bytes at base into ascending order under cmp,
 * stably: elements that compare equal keep their input order (the result of an
 * insertion sort). O(n log n) comparisons. n <= 16 needs no memory and cannot
 * fail; for larger n a scratch of n / 2 + 1 elements is allocated through ctx and
 * freed before returning. ctx may be NULL (the scratch is then unaccounted and
 * nothing can ask to stop).
 * Errors: GBC_ERR_NOMEM or GBC_ERR_LIMIT when the scratch cannot be had (or its
 * size overflows): base is then untouched. GBC_ERR_INTERRUPTED when ctx asks to
 * stop (gbc_ctx_check, consulted every 4096 elements): base then holds a
 * permutation of its input in no specified order. */
gbc_status gbc_sort_cmp(gbc_ctx *ctx, void *base, size_t n, size_t size, gbc_cmp_fn cmp,
                        void *arg);

/* Sort idx[0..n) stably by key[idx[i]] ascending: afterwards key[idx[0]] <=
 * key[idx[1]] <= ..., and indices with equal keys keep their input order (the
 * result of an insertion sort). Every idx[i] must index key, which is read only.
 * For a decreasing order pass UINT64_MAX - k as the key (still stable). n <= 16
 * needs no memory and cannot fail; for larger n a scratch of about 24 n bytes (32 n
 * from 2048 on, where a radix sort on the keys' bytes takes over) is allocated
 * through ctx. Errors, and the state of idx after them, as for
 * gbc_sort_cmp: untouched after NOMEM / LIMIT, a permutation of the input after
 * INTERRUPTED. */
gbc_status gbc_sort_by_key(gbc_ctx *ctx, uint32_t *idx, size_t n, const uint64_t *key);

#endif
