/* mht: the monomial hash table. Each exponent vector is stored once and named by a
 * 32-bit index; a side array keeps {order key, hash, divisor mask, degree} per
 * monomial so that comparisons, divisibility filters and hashing rarely touch the
 * exponents. The hash is linear with random multipliers modulo the prime 2^31 - 1,
 * hash(a*b) = hash(a) + hash(b), so products are looked up without rehashing; a
 * prime modulus keeps exponents that share a power of two apart (modulo 2^32,
 * multiples of 2^30 had four hash values whatever the multipliers). Tables made from
 * one mht_params (a basis table and its per-step scratch tables) share the hash and
 * the masks, so indices move between them by exponent copy only. */
#ifndef GBC_MHT_H
#define GBC_MHT_H

#include "mono/mono.h"

/* The hash's arithmetic, modulo MHT_HASH_P = 2^31 - 1: values are < MHT_HASH_P. */
#define MHT_HASH_P 0x7fffffffu
static inline uint32_t mht_hash_add(uint32_t a, uint32_t b)
{
    uint32_t s = a + b;
    return s >= MHT_HASH_P ? s - MHT_HASH_P : s;
}
static inline uint32_t mht_hash_sub(uint32_t a, uint32_t b)
{
    return a >= b ? a - b : a + (MHT_HASH_P - b);
}
/* r * e modulo 2^31 - 1 for a multiplier r < 2^31 and any exponent e: two folds of
 * the 63-bit product (2^31 = 1 modulo the prime). */
static inline uint32_t mht_hash_term(uint32_t r, uint32_t e)
{
    uint64_t x = (uint64_t)r * e;
    x = (x & MHT_HASH_P) + (x >> 31);
    x = (x & MHT_HASH_P) + (x >> 31);
    return (uint32_t)(x >= MHT_HASH_P ? x - MHT_HASH_P : x);
}

/* sum of rnd[i] max(a[i], b[i]) modulo 2^31 - 1 over i < n, the hash of the lcm
 * of a and b (the lcm itself not written), and its total degree in *deg: each
 * product folded once (below 2^33) into a 64-bit sum, folded every 2^30 terms (no
 * overflow for any n), the sum reduced at the end. The same value as summing
 * mht_hash_term with mht_hash_add, at about the cost of the plain sum. */
static inline uint32_t mht_hash_lcm(const uint32_t *rnd, const uint32_t *a, const uint32_t *b,
                                    uint32_t n, uint64_t *deg)
{
    uint64_t acc = 0, d = 0;
    for (uint32_t i0 = 0; i0 < n;) {
        uint32_t i1 = n - i0 > (1u << 30) ? i0 + (1u << 30) : n;
        for (uint32_t i = i0; i < i1; i++) {
            const uint32_t e = a[i] > b[i] ? a[i] : b[i];
            uint64_t x = (uint64_t)rnd[i] * e;
            d += e;
            acc += (x & MHT_HASH_P) + (x >> 31);
        }
        acc = (acc & MHT_HASH_P) + (acc >> 31);
        i0 = i1;
    }
    acc = (acc & MHT_HASH_P) + (acc >> 31);
    acc = (acc & MHT_HASH_P) + (acc >> 31);
    *deg = d;
    return (uint32_t)(acc >= MHT_HASH_P ? acc - MHT_HASH_P : acc);
}

/* The hash of the exponent vector e (n entries): mht_hash_lcm of e with itself
 * (inlined, the maximum and the unused degree fold away). */
static inline uint32_t mht_hash_exps(const uint32_t *rnd, const uint32_t *e, uint32_t n)
{
    uint64_t deg;
    return mht_hash_lcm(rnd, e, e, n, &deg);
}

/* Shared by all tables of one computation. */
typedef struct mht_params {
    uint32_t nvars;
    const mono_order *ord; /* borrowed: must outlive the tables */
    uint32_t *rnd;         /* nvars random multipliers of the linear hash, in
                            * [1, MHT_HASH_P) */
    mono_divmask dm;       /* how the divisor masks are computed */
    int graded_key; /* the order key is the total degree (grevlex, deglex) */
} mht_params;

typedef struct mht_row {
    uint64_t key;     /* leading order key: see mono_order_key */
    uint32_t hash;
    uint32_t divmask;
    uint32_t deg;     /* total degree (< 2^32 always) */
    uint32_t aux;     /* free for the table's user (e.g. F4 column numbers) */
} mht_row;

/* A slot of the open-addressing map: the hash is kept beside the index so that a
 * probe rejects mismatches without touching the rows. */
typedef struct mht_slot {
    uint32_t hash;
    uint32_t idx; /* monomial index + 1, 0 for an empty slot */
} mht_slot;

typedef struct mht {
    const mht_params *par;
    uint32_t nvars;
    uint32_t size;      /* monomials stored: indices 0..size-1 */
    uint32_t cap;       /* rows allocated */
    uint32_t *exps;     /* cap * nvars exponents, row-major */
    mht_row *row;
    mht_slot *map;      /* open addressing; idx == 0 marks an empty slot */
    uint32_t mapmask;   /* map size - 1 (map size is a power of two) */
    /* With at most MHT_PK_VARS variables: per monomial a packed key of two words,
     * exponent i in byte i, byte 15 set when an exponent exceeds 255 (then the
     * key is not used). Probes compare these 16 bytes instead of the exponent
     * vector, and products of keys are sums (no byte carries while the degree is
     * below 256). NULL otherwise. */
    uint64_t *pk;
} mht;

#define MHT_PK_VARS 15
#define MHT_PK_BAD (1ull << 56) /* in the key's second word */

/* The packed key of e (n <= MHT_PK_VARS exponents, degree < 256). */
static inline void mht_pack(const uint32_t *e, uint32_t n, uint64_t pk[2])
{
    uint64_t w[2] = {0, 0};
    for (uint32_t i = 0; i < n; i++)
        w[i >> 3] |= (uint64_t)e[i] << (8 * (i & 7));
    pk[0] = w[0];
    pk[1] = w[1];
}

/* The first slot of hash h in a map of mask + 1 slots: h with its high bits
 * folded onto its low ones, times an odd constant (2^32 over the golden ratio),
 * with the product's high half folded onto its low bits, so that the slot depends
 * on every bit of h. The hash is linear in the exponents, so lattices of exponents
 * give lattices of hashes (arithmetic progressions modulo 2^31 - 1). Folding h's
 * own bits alone (h ^ h >> 15 ^ h >> 26) left some of them in long probe runs
 * (2990 slots for x^(a 2^17) y^(b 2^17), a < 128, b < 256, under an unlucky seed;
 * over 150 random seeds the longest run was 1204 slots that way); the product
 * alone left x^(j 2^17), j < 2^15, in a run of 2820 slots under one seed (713 at
 * most over 150 others); both together, 76 at most over the same 150 seeds and
 * 36 under that one, for two more operations (no slower on katsura-11, eco-13
 * and cyclic-8). murmur's finaliser (two products) did as well and cost 3-4%. */
static inline uint32_t mht_first_slot(uint32_t h, uint32_t mask)
{
    uint32_t x = (h ^ (h >> 15)) * 0x9e3779b1u;
    return (x ^ (x >> 16)) & mask;
}

/* Fetch the first slot of hash h of t's map into the cache (a hint: nothing
 * changes). */
static inline void mht_prefetch(const mht *t, uint32_t h)
{
#if defined(__GNUC__)
    __builtin_prefetch(&t->map[mht_first_slot(h, t->mapmask)]);
#else
    (void)t;
    (void)h;
#endif
}

/* Set up parameters for nvars variables under ord, with hash multipliers drawn
 * from seed. Divisor-mask thresholds default to 1, 2, ... per variable. */
gbc_status mht_params_init(gbc_ctx *ctx, mht_params *par, const mono_order *ord,
                           uint64_t seed);
void mht_params_clear(gbc_ctx *ctx, mht_params *par);

/* A table with room for about 2^logsize monomials before it grows. */
gbc_status mht_init(gbc_ctx *ctx, mht *t, const mht_params *par, uint32_t logsize);
void mht_clear(gbc_ctx *ctx, mht *t);
/* Forget every monomial, keep the memory (for scratch tables). */
void mht_reset(mht *t);

static inline const uint32_t *mht_exps(const mht *t, uint32_t i)
{
    return t->exps + (size_t)i * t->nvars;
}

/* Insert the exponent vector e (or find it); *idx receives its index.
 * GBC_ERR_OVERFLOW if its total degree exceeds UINT32_MAX. */
gbc_status mht_insert(gbc_ctx *ctx, mht *t, const uint32_t *e, uint32_t *idx);
/* Look e up without inserting: its index, or UINT32_MAX if absent. */
uint32_t mht_find(const mht *t, const uint32_t *e);
/* Insert the product of monomial a of table ta and monomial b of table tb (the
 * tables may be t itself) into t. GBC_ERR_OVERFLOW if the degree would exceed
 * UINT32_MAX. ta and tb must share t's parameters. */
gbc_status mht_insert_mul(gbc_ctx *ctx, mht *t, const mht *ta, uint32_t a, const mht *tb,
                          uint32_t b, uint32_t *idx);
/* Insert m * b where the multiplier m is given by its exponents, hash and degree
 * (m need not be stored in any table) and b is monomial b of table tb. */
gbc_status mht_insert_mul_raw(gbc_ctx *ctx, mht *t, const uint32_t *mexps, uint32_t mhash,
                              uint32_t mdeg, const mht *tb, uint32_t b, uint32_t *idx);
/* mht_insert_mul_raw with the multiplier's packed key mpk as well (mht_pack; used
 * when both tables have keys and the product's degree is below 256). */
gbc_status mht_insert_mul_pk(gbc_ctx *ctx, mht *t, const uint32_t *mexps, const uint64_t mpk[2],
                             uint32_t mhash, uint32_t mdeg, const mht *tb, uint32_t b,
                             uint32_t *idx);
/* The lookup half of mht_insert_mul_pk for the n monomials b[0..n) of tb, reading
 * t only (so several threads may run it at once while nothing inserts): idx[k]
 * the product's index, or UINT32_MAX when it is not in t or the packed path does
 * not apply (the product's degree 256 or more, or a table without keys; then
 * mht_insert_mul_pk settles it); returns the number of those. */
uint32_t mht_find_mul_pk_n(const mht *t, const uint64_t mpk[2], uint32_t mhash, uint32_t mdeg,
                           const mht *tb, const uint32_t *b, uint32_t n, uint32_t *idx);
/* mht_insert_mul_pk for the n monomials b[0..n) of tb: idx[k] gets the index of
 * mexps * b[k] (the same indices as n calls of mht_insert_mul_pk in that order).
 * For a caller other than F4's rows (see mht.c). */
gbc_status mht_insert_mul_pk_n(gbc_ctx *ctx, mht *t, const uint32_t *mexps,
                               const uint64_t mpk[2], uint32_t mhash, uint32_t mdeg,
                               const mht *tb, const uint32_t *b, uint32_t n, uint32_t *idx);
/* Insert b / a (a must divide b); both from table src. */
gbc_status mht_insert_div(gbc_ctx *ctx, mht *t, const mht *src, uint32_t b, uint32_t a,
                          uint32_t *idx);
/* Insert lcm(a, b) of table src. GBC_ERR_OVERFLOW if its degree exceeds UINT32_MAX. */
gbc_status mht_insert_lcm(gbc_ctx *ctx, mht *t, const mht *src, uint32_t a, uint32_t b,
                          uint32_t *idx);
/* Copy monomial a of table src into t. */
gbc_status mht_insert_from(gbc_ctx *ctx, mht *t, const mht *src, uint32_t a, uint32_t *idx);

/* Compare two monomials of t under its order: <0, 0, >0. */
static inline int mht_cmp(const mht *t, uint32_t a, uint32_t b)
{
    if (a == b)
        return 0;
    const mht_row *ra = &t->row[a], *rb = &t->row[b];
    if (ra->key != rb->key)
        return ra->key > rb->key ? 1 : -1;
    const uint32_t n = t->nvars;
    const uint32_t *ea = mht_exps(t, a), *eb = mht_exps(t, b);
    if (t->par->ord->kind == MONO_GREVLEX) {
        for (uint32_t i = n; i-- > 0;)
            if (ea[i] != eb[i])
                return ea[i] < eb[i] ? 1 : -1;
        return 0;
    }
    return mono_cmp_tiebreak(t->par->ord, ea, ra->deg, eb, rb->deg);
}

/* Compare monomials of two tables sharing parameters. */
int mht_cmp2(const mht *ta, uint32_t a, const mht *tb, uint32_t b);

/* Whether monomial a (of ta) divides monomial b (of tb). */
static inline int mht_divides(const mht *ta, uint32_t a, const mht *tb, uint32_t b)
{
    if ((ta->row[a].divmask & ~tb->row[b].divmask) != 0)
        return 0;
    if (ta->row[a].deg > tb->row[b].deg)
        return 0;
    return mono_divides(mht_exps(ta, a), mht_exps(tb, b), ta->nvars);
}

/* Whether monomials a and b of t have no variable in common. */
int mht_coprime(const mht *t, uint32_t a, uint32_t b);

/* Sort idx[0..n) (distinct monomials of t) into decreasing order, through
 * common/sort.h (for grevlex, long lists by a 64-bit prefix of each monomial
 * first, then the ties by the full comparison): polls ctx; on an error
 * (GBC_ERR_INTERRUPTED, or an allocation failure) idx is a permutation of its
 * input in an unspecified order. */
gbc_status mht_sort_desc(gbc_ctx *ctx, const mht *t, uint32_t *idx, size_t n);

/* Bytes held by the table. */
size_t mht_memory(const mht *t);

#endif
