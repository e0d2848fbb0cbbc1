/* divlookup: divisor lookup among a set of monomials, the query at the
 * heart of every reducer ("which leading monomial divides this one?"). One small
 * interface, several implementations chosen at init; each entry carries a 32-bit
 * value (a basis index, say). Masks are computed by the caller with the
 * mono_divmask the lookup was created with, so a hash table's cached masks can be
 * passed straight in. */
#ifndef GBC_DIVLOOKUP_H
#define GBC_DIVLOOKUP_H

#include "mono/mono.h"

typedef enum dl_kind {
    DL_LIST = 0, /* divisor masks in a flat array, scanned in insertion order */
    DL_TREE = 1, /* a kd-tree: interior nodes split on one exponent, leaves hold up
                  * to a few dozen entries scanned with their masks */
} dl_kind;

typedef struct dl_node dl_node; /* tree node (divlookup.c) */
typedef struct dl_leaf dl_leaf; /* tree leaf bucket (divlookup.c) */

typedef struct divlookup {
    dl_kind kind;
    uint32_t nvars;
    const mono_divmask *dm; /* borrowed */
    size_t n, cap;
    /* DL_LIST */
    uint32_t *exps;  /* n * nvars, copies */
    uint32_t *mask;
    uint32_t *val;
    /* DL_TREE */
    dl_node *nodes;
    uint32_t nnodes, nodecap, root, free_node;
    dl_leaf *leaves;
    uint32_t nleaves, leafcap, free_leaf;
    uint32_t empty_leaves; /* leaves emptied by dl_remove_multiples */
    size_t inserts_since_build;
    size_t bytes;          /* memory held by the tree */
    /* the lookups keep up to 64 subtrees still to visit on a stack and walk the
     * others by parent links; a nonzero value below 64 makes the stack that small
     * (tests set 1 so that the walks run) */
    uint32_t walk_stack;
#ifdef GBC_DL_RECORD
    uint32_t rec_id;       /* stream id in the recording build (divlookup.c) */
#endif
} divlookup;

gbc_status dl_init(gbc_ctx *ctx, divlookup *dl, dl_kind kind, uint32_t nvars,
                   const mono_divmask *dm);
void dl_clear(gbc_ctx *ctx, divlookup *dl);
/* Add monomial e (copied) with mask mono_divmask_of(dm, e) and value val. */
gbc_status dl_insert(gbc_ctx *ctx, divlookup *dl, const uint32_t *e, uint32_t mask,
                     uint32_t val);
/* The value of an entry dividing e, or UINT32_MAX if there is none. The list
 * returns the earliest inserted such entry; the tree any such entry. */
uint32_t dl_find_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask);
/* Call fn(data, val, exps) for every entry dividing e until fn returns non-zero;
 * returns that non-zero value, or 0 when all were visited. The list visits in
 * insertion order, the tree in no particular order. */
typedef int (*dl_visit_fn)(void *data, uint32_t val, const uint32_t *exps);
int dl_for_each_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask,
                        dl_visit_fn fn, void *data);
/* Whether an entry whose value is not skip divides e. */
int dl_has_other_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask, uint32_t skip);
/* Remove every entry that e divides; each removed value is passed to fn (may be
 * NULL). Returns the number removed. */
size_t dl_remove_multiples(divlookup *dl, const uint32_t *e, uint32_t mask,
                           void (*fn)(void *data, uint32_t val), void *data);
size_t dl_size(const divlookup *dl);
size_t dl_memory(const divlookup *dl);
const char *dl_name(const divlookup *dl);

#endif
