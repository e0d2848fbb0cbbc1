/* common/gmpheap: what GMP's numbers take from the C heap, for the charges the
 * library makes for them (GMP allocates through malloc, which the library does not
 * see: docs/api.md, "GMP's memory and what remains"). A number holds one block of
 * its allocated limbs (_mp_alloc, which may exceed the limbs in use), costing
 * gbc_heap_bytes of it; a number with no limbs allocated holds none. */
#ifndef GBC_GMPHEAP_H
#define GBC_GMPHEAP_H

#include <gmp.h>

#include "common/common.h"

/* The heap bytes of a number of limbs limbs. */
static inline size_t gbc_limbs_heap(size_t limbs)
{
    if (limbs > SIZE_MAX / sizeof(mp_limb_t))
        return SIZE_MAX;
    return gbc_heap_bytes(limbs * sizeof(mp_limb_t));
}

/* The heap bytes z holds now. */
static inline size_t gbc_mpz_heap(const mpz_t z)
{
    return gbc_limbs_heap((size_t)(z->_mp_alloc > 0 ? z->_mp_alloc : 0));
}

#endif
