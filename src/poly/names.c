/* poly/names: the name table of names.h (open addressing, linear probing, at most
 * half full, slots from a keyed SipHash-2-4 so that the probe lengths do not depend
 * on which names an input chooses). */
#include <time.h>

#include "poly/names.h"

static inline uint64_t rotl64(uint64_t x, unsigned b)
{
    return (x << b) | (x >> (64 - b));
}

#define SIP_ROUND(v0, v1, v2, v3)                                              \
    do {                                                                       \
        v0 += v1;                                                              \
        v1 = rotl64(v1, 13);                                                   \
        v1 ^= v0;                                                              \
        v0 = rotl64(v0, 32);                                                   \
        v2 += v3;                                                              \
        v3 = rotl64(v3, 16);                                                   \
        v3 ^= v2;                                                              \
        v0 += v3;                                                              \
        v3 = rotl64(v3, 21);                                                   \
        v3 ^= v0;                                                              \
        v2 += v1;                                                              \
        v1 = rotl64(v1, 17);                                                   \
        v1 ^= v2;                                                              \
        v2 = rotl64(v2, 32);                                                   \
    } while (0)

static inline uint64_t load_le64(const unsigned char *p, size_t n)
{
    uint64_t w = 0;
    for (size_t i = 0; i < n; i++)
        w |= (uint64_t)p[i] << (8 * i);
    return w;
}

uint64_t name_siphash(const uint64_t k[2], const void *s, size_t n)
{
    const unsigned char *p = s;
    uint64_t v0 = k[0] ^ 0x736f6d6570736575ull, v1 = k[1] ^ 0x646f72616e646f6dull;
    uint64_t v2 = k[0] ^ 0x6c7967656e657261ull, v3 = k[1] ^ 0x7465646279746573ull;
    size_t full = n & ~(size_t)7;
    for (size_t i = 0; i < full; i += 8) {
        uint64_t m = load_le64(p + i, 8);
        v3 ^= m;
        SIP_ROUND(v0, v1, v2, v3);
        SIP_ROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t b = ((uint64_t)n << 56) | load_le64(p + full, n - full);
    v3 ^= b;
    SIP_ROUND(v0, v1, v2, v3);
    SIP_ROUND(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    for (int r = 0; r < 4; r++)
        SIP_ROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

gbc_status name_table_init(gbc_ctx *ctx, name_table *T, uint32_t expect)
{
    memset(T, 0, sizeof *T);
    uint32_t slots = 16;
    while (slots < 2ull * expect && slots < (1u << 31))
        slots *= 2;
    if (!gbc_entropy64(&T->key[0]) || !gbc_entropy64(&T->key[1])) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        T->key[0] = ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)ts.tv_nsec;
        T->key[1] = (uint64_t)(uintptr_t)T ^ 0x9e3779b97f4a7c15ull;
    }
    gbc_status st = GBC_ZALLOC(ctx, T->slot, slots);
    if (st != GBC_OK)
        return st;
    T->mask = slots - 1;
    T->cap = slots / 2;
    st = GBC_ALLOC(ctx, T->e, T->cap);
    if (st != GBC_OK) {
        gbc_free(ctx, T->slot);
        memset(T, 0, sizeof *T);
    }
    return st;
}

void name_table_clear(gbc_ctx *ctx, name_table *T)
{
    gbc_free(ctx, T->slot);
    gbc_free(ctx, T->e);
    memset(T, 0, sizeof *T);
}

/* The first slot of hash h: its high bits (the low ones feed nothing else). */
static inline uint32_t first_slot(uint64_t h, uint32_t mask)
{
    return (uint32_t)(h >> 32) & mask;
}

/* Double the slots and the room for entries. */
static gbc_status grow(gbc_ctx *ctx, name_table *T)
{
    if (T->mask >= (1u << 31) - 1)
        return GBC_ERR_LIMIT;
    uint32_t slots = (T->mask + 1) * 2;
    uint32_t *ns;
    GBC_TRY(GBC_ZALLOC(ctx, ns, slots));
    gbc_status st = GBC_RESIZE(ctx, T->e, slots / 2);
    if (st != GBC_OK) {
        gbc_free(ctx, ns);
        return st;
    }
    for (uint32_t i = 0; i < T->n; i++) {
        uint32_t k = first_slot(T->e[i].hash, slots - 1);
        while (ns[k] != 0)
            k = (k + 1) & (slots - 1);
        ns[k] = i + 1;
    }
    gbc_free(ctx, T->slot);
    T->slot = ns;
    T->mask = slots - 1;
    T->cap = slots / 2;
    return GBC_OK;
}

/* The slot holding s, or the empty slot where it goes. */
static uint32_t probe(const name_table *T, const char *s, size_t len, uint64_t h)
{
    uint32_t k = first_slot(h, T->mask);
    for (;;) {
        uint32_t x = T->slot[k];
        if (x == 0)
            return k;
        const name_entry *e = &T->e[x - 1];
        if (e->hash == h && e->len == len && memcmp(e->s, s, len) == 0)
            return k;
        k = (k + 1) & T->mask;
    }
}

gbc_status name_table_insert(gbc_ctx *ctx, name_table *T, const char *s, size_t len,
                             uint32_t value, uint32_t *found)
{
    *found = UINT32_MAX;
    if (len > UINT32_MAX)
        return GBC_ERR_LIMIT;
    uint64_t h = name_siphash(T->key, s, len);
    uint32_t k = probe(T, s, len, h);
    if (T->slot[k] != 0) {
        *found = T->e[T->slot[k] - 1].value;
        return GBC_OK;
    }
    if (T->n >= T->cap) {
        GBC_TRY(grow(ctx, T));
        k = probe(T, s, len, h);
    }
    T->e[T->n] = (name_entry){s, (uint32_t)len, value, h};
    T->slot[k] = ++T->n;
    return GBC_OK;
}

int64_t name_table_find(const name_table *T, const char *s, size_t len)
{
    if (T->slot == NULL || len > UINT32_MAX)
        return -1;
    uint64_t h = name_siphash(T->key, s, len);
    uint32_t x = T->slot[probe(T, s, len, h)];
    return x == 0 ? -1 : (int64_t)T->e[x - 1].value;
}
