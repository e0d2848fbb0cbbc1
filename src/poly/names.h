/* poly/names: a hash table from names (byte strings) to indices, for the variable
 * names of a ring and the parser's header. Open addressing on a SipHash-2-4 of the
 * name under a key drawn from the OS's entropy per table, so that no input can be
 * built whose names share slots: lookups and the duplicate check stay linear in
 * the number of names whatever they are. */
#ifndef GBC_POLY_NAMES_H
#define GBC_POLY_NAMES_H

#include "common/common.h"

typedef struct name_entry {
    const char *s; /* borrowed: must outlive the table */
    uint32_t len;
    uint32_t value;
    uint64_t hash;
} name_entry;

typedef struct name_table {
    name_entry *e;   /* n entries in insertion order, room for cap */
    uint32_t n, cap;
    uint32_t *slot;  /* entry index + 1, 0 for an empty slot; mask + 1 slots */
    uint32_t mask;
    uint64_t key[2];
} name_table;

/* SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012) of
 * the n bytes at s under the 128-bit key k[0] (bytes 0-7, little-endian), k[1]. */
uint64_t name_siphash(const uint64_t k[2], const void *s, size_t n);

/* An empty table with room for about expect names before it grows, keyed from the
 * OS's entropy (the clock and the table's address when there is none: the key only
 * spreads the slots, the answers never depend on it). */
gbc_status name_table_init(gbc_ctx *ctx, name_table *T, uint32_t expect);
void name_table_clear(gbc_ctx *ctx, name_table *T);
/* Insert s[0..len) with value unless it is present. *found receives the value of the
 * name already there, or UINT32_MAX when s was inserted. The bytes are borrowed.
 * GBC_ERR_LIMIT past 2^31 names (and the allocator's statuses). */
gbc_status name_table_insert(gbc_ctx *ctx, name_table *T, const char *s, size_t len,
                             uint32_t value, uint32_t *found);
/* The value of s[0..len), or -1 when absent. */
int64_t name_table_find(const name_table *T, const char *s, size_t len);

#endif
