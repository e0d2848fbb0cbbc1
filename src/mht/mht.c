/* mht: insertion, lookup and growth of the monomial hash table. New monomials are
 * always assembled in the first free row, looked up there, and kept only if absent,
 * so a product or lcm costs one vector write and one probe sequence. */
#include "mht/mht.h"

#include "common/sort.h"

gbc_status mht_params_init(gbc_ctx *ctx, mht_params *par, const mono_order *ord,
                           uint64_t seed)
{
    memset(par, 0, sizeof *par);
    par->nvars = ord->nvars;
    par->ord = ord;
    par->graded_key =
        ord->kind == MONO_GREVLEX || ord->kind == MONO_DEGLEX || ord->kind == MONO_HOMOG;
    GBC_TRY(GBC_ALLOC(ctx, par->rnd, ord->nvars ? ord->nvars : 1));
    gbc_rng rng;
    gbc_rng_seed(&rng, seed);
    for (uint32_t i = 0; i < ord->nvars; i++)
        par->rnd[i] = 1u + (uint32_t)(gbc_rng_next(&rng) % (MHT_HASH_P - 1));
    /* Static divisor masks to start; F4 may refine the thresholds from the data
     * before it fills its tables. */
    mono_divmask_init(&par->dm, ord->nvars);
    return GBC_OK;
}

void mht_params_clear(gbc_ctx *ctx, mht_params *par)
{
    gbc_free(ctx, par->rnd);
    par->rnd = NULL;
}

gbc_status mht_init(gbc_ctx *ctx, mht *t, const mht_params *par, uint32_t logsize)
{
    memset(t, 0, sizeof *t);
    if (logsize < 4)
        logsize = 4;
    if (logsize > 30)
        logsize = 30;
    t->par = par;
    t->nvars = par->nvars;
    /* the exponent rows are allocated with the table: in many variables start
     * smaller (at most 2^22 exponents, 16 MB), the table grows as it fills (two
     * binomials in 10^5 variables charged 1.2 GB of rows they never used) */
    while (logsize > 4 && ((uint64_t)1 << logsize) * t->nvars > ((uint64_t)1 << 22))
        logsize--;
    uint32_t mapsize = 1u << (logsize + 1);
    t->cap = 1u << logsize;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, t->map, mapsize), fail);
    t->mapmask = mapsize - 1;
    GBC_CHECK(st, GBC_ALLOC(ctx, t->row, t->cap), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, t->exps, (size_t)t->cap * (t->nvars ? t->nvars : 1)), fail);
    if (t->nvars > 0 && t->nvars <= MHT_PK_VARS)
        GBC_CHECK(st, GBC_ALLOC(ctx, t->pk, (size_t)t->cap * 2), fail);
    return GBC_OK;
fail:
    mht_clear(ctx, t);
    return st;
}

void mht_clear(gbc_ctx *ctx, mht *t)
{
    gbc_free(ctx, t->map);
    gbc_free(ctx, t->row);
    gbc_free(ctx, t->exps);
    gbc_free(ctx, t->pk);
    memset(t, 0, sizeof *t);
}

void mht_reset(mht *t)
{
    memset(t->map, 0, sizeof(mht_slot) * ((size_t)t->mapmask + 1));
    t->size = 0;
}

size_t mht_memory(const mht *t)
{
    return sizeof(mht_slot) * ((size_t)t->mapmask + 1) +
           (sizeof(mht_row) + sizeof(uint32_t) * t->nvars) * (size_t)t->cap;
}

/* Make room for one more row (the scratch row at index size). */
static gbc_status mht_reserve_row(gbc_ctx *ctx, mht *t)
{
    if (GBC_LIKELY(t->size < t->cap))
        return GBC_OK;
    if (t->cap >= (1u << 31))
        return GBC_ERR_LIMIT;
    uint32_t ncap = t->cap * 2;
    mht_row *row = gbc_realloc(ctx, t->row, sizeof(mht_row) * (size_t)ncap);
    if (row == NULL)
        return gbc_ctx_alloc_status(ctx);
    t->row = row;
    uint32_t *exps =
        gbc_realloc(ctx, t->exps, sizeof(uint32_t) * (size_t)ncap * (t->nvars ? t->nvars : 1));
    if (exps == NULL)
        return gbc_ctx_alloc_status(ctx);
    t->exps = exps;
    if (t->pk != NULL) {
        uint64_t *pk = gbc_realloc(ctx, t->pk, sizeof(uint64_t) * 2 * (size_t)ncap);
        if (pk == NULL)
            return gbc_ctx_alloc_status(ctx);
        t->pk = pk;
    }
    t->cap = ncap;
    return GBC_OK;
}

/* Keep the load factor of the map at most 1/2. */
static gbc_status mht_grow_map(gbc_ctx *ctx, mht *t)
{
    size_t nsize = ((size_t)t->mapmask + 1) * 2;
    if (nsize > (1ull << 32))
        return GBC_ERR_LIMIT;
    mht_slot *map;
    GBC_TRY(GBC_ZALLOC(ctx, map, nsize));
    uint32_t mask = (uint32_t)(nsize - 1);
    for (uint32_t i = 0; i < t->size; i++) {
        /* large tables take tens of milliseconds: stay interruptible (the old map
         * is intact until the new one is complete) */
        if ((i & 0xffffu) == 0 && gbc_ctx_check(ctx) != GBC_OK) {
            gbc_free(ctx, map);
            return GBC_ERR_INTERRUPTED;
        }
        uint32_t h = t->row[i].hash, k = mht_first_slot(h, mask);
        while (map[k].idx != 0)
            k = (k + 1) & mask;
        map[k].hash = h;
        map[k].idx = i + 1;
    }
    gbc_free(ctx, t->map);
    t->map = map;
    t->mapmask = mask;
    return GBC_OK;
}


/* Enter the scratch row (index size: exponents written, hash h, degree deg) in
 * slot k of the map. */
static gbc_status mht_enter(gbc_ctx *ctx, mht *t, uint32_t k, uint32_t h, uint32_t deg,
                            uint32_t *idx)
{
    const uint32_t *e = mht_exps(t, t->size);
    uint32_t i = t->size;
    mht_row *r = &t->row[i];
    r->hash = h;
    r->deg = deg;
    r->divmask = mono_divmask_of(&t->par->dm, e);
    r->key = t->par->graded_key ? deg : mono_order_key(t->par->ord, e);
    r->aux = 0;
    if (t->pk != NULL) {
        uint64_t *q = t->pk + 2 * (size_t)i;
        if (deg < 256) {
            mht_pack(e, t->nvars, q);
        } else {
            q[0] = 0;
            q[1] = MHT_PK_BAD;
        }
    }
    t->map[k].hash = h;
    t->map[k].idx = i + 1;
    t->size++;
    *idx = i;
    if ((size_t)t->size * 2 > (size_t)t->mapmask + 1)
        return mht_grow_map(ctx, t);
    return GBC_OK;
}

/* Find the candidate with packed key pk (valid) and hash h, or the empty slot where
 * it goes: 1 and *idx when found, else 0 and *slot. */
static inline int mht_probe_pk(const mht *t, uint32_t h, const uint64_t pk[2], uint32_t *idx,
                               uint32_t *slot)
{
    uint32_t k = mht_first_slot(h, t->mapmask);
    for (;;) {
        uint32_t j = t->map[k].idx;
        if (j == 0) {
            *slot = k;
            return 0;
        }
        if (t->map[k].hash == h) {
            const uint64_t *q = t->pk + 2 * (size_t)(j - 1);
            if (q[0] == pk[0] && q[1] == pk[1]) {
                *idx = j - 1;
                return 1;
            }
        }
        k = (k + 1) & t->mapmask;
    }
}

/* The scratch row (index size) holds a candidate with hash h and degree deg: find it
 * or commit it. */
static gbc_status mht_commit(gbc_ctx *ctx, mht *t, uint32_t h, uint32_t deg, uint32_t *idx)
{
    const uint32_t n = t->nvars;
    const uint32_t *e = mht_exps(t, t->size);
    uint32_t k;
    if (t->pk != NULL && deg < 256) {
        uint64_t pk[2];
        mht_pack(e, n, pk);
        if (mht_probe_pk(t, h, pk, idx, &k))
            return GBC_OK;
        return mht_enter(ctx, t, k, h, deg, idx);
    }
    k = mht_first_slot(h, t->mapmask);
    for (;;) {
        uint32_t j = t->map[k].idx;
        if (j == 0)
            break;
        if (t->map[k].hash == h && mono_equal(mht_exps(t, j - 1), e, n)) {
            *idx = j - 1;
            return GBC_OK;
        }
        k = (k + 1) & t->mapmask;
    }
    return mht_enter(ctx, t, k, h, deg, idx);
}

/* The body of mht_insert_mul_pk, forced inline into both of its users: F4's rows
 * call mht_insert_mul_pk term by term and LTO inlines it there as long as it has
 * that one caller (a second call site made F4's whole run 8.7% more instructions
 * on cyclic-7); mht_insert_mul_pk_n (sig's rows) has its own copy. */
#if defined(__GNUC__)
#define MHT_ALWAYS_INLINE __attribute__((always_inline))
#else
#define MHT_ALWAYS_INLINE
#endif
static inline MHT_ALWAYS_INLINE gbc_status mul_pk_one(gbc_ctx *ctx, mht *t,
                                                      const uint32_t *mexps,
                                                      const uint64_t mpk[2], uint32_t mhash,
                                                      uint32_t mdeg, const mht *tb, uint32_t b,
                                                      uint32_t *idx)
{
    uint64_t deg = (uint64_t)mdeg + tb->row[b].deg;
    if (t->pk == NULL || tb->pk == NULL || deg >= 256)
        return mht_insert_mul_raw(ctx, t, mexps, mhash, mdeg, tb, b, idx);
    GBC_TRY(mht_reserve_row(ctx, t)); /* may move t's arrays: read tb after */
    /* degree < 256: every exponent of both factors and of the product fits a byte,
     * so the keys add bytewise without carries */
    const uint64_t *bk = tb->pk + 2 * (size_t)b;
    uint64_t pk[2] = {mpk[0] + bk[0], mpk[1] + bk[1]};
    uint32_t h = mht_hash_add(mhash, tb->row[b].hash), k;
    if (mht_probe_pk(t, h, pk, idx, &k))
        return GBC_OK;
    const uint32_t n = t->nvars;
    uint32_t *ec = t->exps + (size_t)t->size * n;
    for (uint32_t i = 0; i < n; i++)
        ec[i] = (uint32_t)(pk[i >> 3] >> (8 * (i & 7))) & 0xffu;
    return mht_enter(ctx, t, k, h, (uint32_t)deg, idx);
}

gbc_status mht_insert_mul_pk(gbc_ctx *ctx, mht *t, const uint32_t *mexps, const uint64_t mpk[2],
                             uint32_t mhash, uint32_t mdeg, const mht *tb, uint32_t b,
                             uint32_t *idx)
{
    return mul_pk_one(ctx, t, mexps, mpk, mhash, mdeg, tb, b, idx);
}

uint32_t mht_find_mul_pk_n(const mht *t, const uint64_t mpk[2], uint32_t mhash, uint32_t mdeg,
                           const mht *tb, const uint32_t *b, uint32_t n, uint32_t *idx)
{
    if (t->pk == NULL || tb->pk == NULL || mdeg >= 256) {
        for (uint32_t k = 0; k < n; k++)
            idx[k] = UINT32_MAX;
        return n;
    }
    uint32_t miss = 0;
    for (uint32_t k = 0; k < n; k++) {
        const mht_row *rb = &tb->row[b[k]];
        const uint64_t *bk = tb->pk + 2 * (size_t)b[k];
        uint64_t pk[2] = {mpk[0] + bk[0], mpk[1] + bk[1]};
        uint32_t slot;
        if ((uint64_t)mdeg + rb->deg >= 256 ||
            !mht_probe_pk(t, mht_hash_add(mhash, rb->hash), pk, &idx[k], &slot)) {
            idx[k] = UINT32_MAX;
            miss++;
        }
    }
    return miss;
}

gbc_status mht_insert_mul_pk_n(gbc_ctx *ctx, mht *t, const uint32_t *mexps,
                               const uint64_t mpk[2], uint32_t mhash, uint32_t mdeg,
                               const mht *tb, const uint32_t *b, uint32_t n, uint32_t *idx)
{
    for (uint32_t k = 0; k < n; k++)
        GBC_TRY(mul_pk_one(ctx, t, mexps, mpk, mhash, mdeg, tb, b[k], &idx[k]));
    return GBC_OK;
}

gbc_status mht_insert(gbc_ctx *ctx, mht *t, const uint32_t *e, uint32_t *idx)
{
    const uint32_t n = t->nvars;
    uint64_t deg = 0;
    for (uint32_t i = 0; i < n; i++)
        deg += e[i];
    uint32_t h = mht_hash_exps(t->par->rnd, e, n);
    if (deg > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    GBC_TRY(mht_reserve_row(ctx, t));
    memcpy(t->exps + (size_t)t->size * n, e, sizeof(uint32_t) * n);
    return mht_commit(ctx, t, h, (uint32_t)deg, idx);
}

uint32_t mht_find(const mht *t, const uint32_t *e)
{
    const uint32_t n = t->nvars;
    uint32_t h = mht_hash_exps(t->par->rnd, e, n);
    uint32_t k = mht_first_slot(h, t->mapmask);
    for (;;) {
        uint32_t j = t->map[k].idx;
        if (j == 0)
            return UINT32_MAX;
        if (t->map[k].hash == h && mono_equal(mht_exps(t, j - 1), e, n))
            return j - 1;
        k = (k + 1) & t->mapmask;
    }
}

gbc_status mht_insert_mul(gbc_ctx *ctx, mht *t, const mht *ta, uint32_t a, const mht *tb,
                          uint32_t b, uint32_t *idx)
{
    uint64_t deg = (uint64_t)ta->row[a].deg + tb->row[b].deg;
    if (deg > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    GBC_TRY(mht_reserve_row(ctx, t)); /* may move t's rows: read ta, tb after */
    const uint32_t n = t->nvars;
    const uint32_t *ea = mht_exps(ta, a), *eb = mht_exps(tb, b);
    uint32_t *ec = t->exps + (size_t)t->size * n;
    mono_add(ec, ea, eb, n);
    return mht_commit(ctx, t, mht_hash_add(ta->row[a].hash, tb->row[b].hash), (uint32_t)deg, idx);
}

/* Find the row x^m times row b of tb (mexps m; hash h, its degree below 2^32)
 * without forming it, or the empty slot where it goes: 1 and *idx when found,
 * else 0 and *slot (mht_probe_pk without keys). */
static inline int mht_probe_sum(const mht *t, uint32_t h, const uint32_t *m, const mht *tb,
                                uint32_t b, uint32_t *idx, uint32_t *slot)
{
    const uint32_t *eb = mht_exps(tb, b);
    uint32_t k = mht_first_slot(h, t->mapmask);
    for (;;) {
        uint32_t j = t->map[k].idx;
        if (j == 0) {
            *slot = k;
            return 0;
        }
        if (t->map[k].hash == h && mono_is_sum(mht_exps(t, j - 1), m, eb, t->nvars)) {
            *idx = j - 1;
            return 1;
        }
        k = (k + 1) & t->mapmask;
    }
}

gbc_status mht_insert_mul_raw(gbc_ctx *ctx, mht *t, const uint32_t *mexps, uint32_t mhash,
                              uint32_t mdeg, const mht *tb, uint32_t b, uint32_t *idx)
{
    uint64_t deg = (uint64_t)mdeg + tb->row[b].deg;
    if (deg > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    /* looked up before it is formed: a product met before (about half of F4's)
     * costs one compare, not the sum written out and compared */
    const uint32_t h = mht_hash_add(mhash, tb->row[b].hash);
    uint32_t k;
    if (mht_probe_sum(t, h, mexps, tb, b, idx, &k))
        return GBC_OK;
    GBC_TRY(mht_reserve_row(ctx, t)); /* the map stays: slot k is still the free one */
    const uint32_t n = t->nvars;
    mono_add(t->exps + (size_t)t->size * n, mexps, mht_exps(tb, b), n); /* (t may be tb) */
    return mht_enter(ctx, t, k, h, (uint32_t)deg, idx);
}

gbc_status mht_insert_div(gbc_ctx *ctx, mht *t, const mht *src, uint32_t b, uint32_t a,
                          uint32_t *idx)
{
    GBC_TRY(mht_reserve_row(ctx, t));
    const uint32_t n = t->nvars;
    const uint32_t *ea = mht_exps(src, a), *eb = mht_exps(src, b);
    uint32_t *ec = t->exps + (size_t)t->size * n;
    for (uint32_t i = 0; i < n; i++) {
        GBC_ASSERT(ea[i] <= eb[i]);
        ec[i] = eb[i] - ea[i];
    }
    return mht_commit(ctx, t, mht_hash_sub(src->row[b].hash, src->row[a].hash),
                      src->row[b].deg - src->row[a].deg, idx);
}

gbc_status mht_insert_lcm(gbc_ctx *ctx, mht *t, const mht *src, uint32_t a, uint32_t b,
                          uint32_t *idx)
{
    GBC_TRY(mht_reserve_row(ctx, t));
    const uint32_t n = t->nvars;
    const uint32_t *ea = mht_exps(src, a), *eb = mht_exps(src, b);
    uint32_t *ec = t->exps + (size_t)t->size * n;
    uint64_t deg = 0;
    for (uint32_t i = 0; i < n; i++) {
        ec[i] = ea[i] > eb[i] ? ea[i] : eb[i];
        deg += ec[i];
    }
    uint32_t h = mht_hash_exps(t->par->rnd, ec, n);
    if (deg > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    return mht_commit(ctx, t, h, (uint32_t)deg, idx);
}

gbc_status mht_insert_from(gbc_ctx *ctx, mht *t, const mht *src, uint32_t a, uint32_t *idx)
{
    GBC_TRY(mht_reserve_row(ctx, t));
    const uint32_t n = t->nvars;
    memcpy(t->exps + (size_t)t->size * n, mht_exps(src, a), sizeof(uint32_t) * n);
    return mht_commit(ctx, t, src->row[a].hash, src->row[a].deg, idx);
}

int mht_cmp2(const mht *ta, uint32_t a, const mht *tb, uint32_t b)
{
    const mht_row *ra = &ta->row[a], *rb = &tb->row[b];
    if (ra->key != rb->key)
        return ra->key > rb->key ? 1 : -1;
    return mono_cmp_tiebreak(ta->par->ord, mht_exps(ta, a), ra->deg, mht_exps(tb, b), rb->deg);
}

int mht_coprime(const mht *t, uint32_t a, uint32_t b)
{
    const uint32_t *ea = mht_exps(t, a), *eb = mht_exps(t, b);
    for (uint32_t i = 0; i < t->nvars; i++)
        if (ea[i] != 0 && eb[i] != 0)
            return 0;
    return 1;
}

/* Decreasing order of monomial indices (arg: the table). */
static int desc_cmp(const void *a, const void *b, void *arg)
{
    return mht_cmp(arg, *(const uint32_t *)b, *(const uint32_t *)a);
}

/* Grevlex by integer keys: a monomial's exponents, read from the last variable
 * down, as digits of bits bits each (every exponent below 2^bits), the digit
 * 2^bits - 1 - e (a smaller exponent in the last variable that differs is the
 * larger monomial); chunk 0 holds the degree (below 2^16) in its top 16 bits and
 * the first 48 / bits digits, each later chunk the next 64 / bits. Sorting by
 * chunk 0, then each run of equal keys by the next chunk, and so on, is sorting
 * by the whole digit string: decreasing grevlex. */
typedef struct grevlex_digits {
    const mht *t;
    uint64_t *key; /* indexed by monomial */
    uint32_t bits;
} grevlex_digits;

/* The digits read up to the end of chunk (some may lie past the last variable). */
static uint32_t grevlex_digits_through(const grevlex_digits *g, uint32_t chunk)
{
    return 48 / g->bits + chunk * (64 / g->bits);
}

static uint64_t grevlex_chunk(const grevlex_digits *g, uint32_t m, uint32_t chunk)
{
    const mht *t = g->t;
    const uint32_t n = t->nvars, b = g->bits, top = (1u << b) - 1;
    const uint32_t room = chunk == 0 ? 48 : 64, cnt = room / b;
    const uint32_t *e = mht_exps(t, m);
    const uint32_t v0 = grevlex_digits_through(g, chunk) - cnt;
    /* the digits of variables n - 1 - v0 down (those that exist), shifted in one
     * after the other, the pairs into two accumulators so that the shifts of one
     * do not wait for the other's */
    const uint32_t have = v0 < n ? (n - v0 < cnt ? n - v0 : cnt) : 0;
    const uint64_t dk = room < 64 ? (uint64_t)t->row[m].deg << 48 : 0;
    if (have == 0)
        return dk;
    const uint32_t *x = e + (n - v0) - 1; /* x[-d]: variable n - 1 - v0 - d */
    uint64_t hi = 0, lo = 0;
    uint32_t d = 0;
    for (; d + 2 <= have; d += 2) {
        hi = hi << (2 * b) | (top - x[-(int64_t)d]);
        lo = lo << (2 * b) | (top - x[-(int64_t)d - 1]);
    }
    uint64_t k = hi << b | lo;
    if (d < have) {
        k = k << b | (top - x[-(int64_t)d]);
        d++;
    }
    /* the digits past the last variable are zero; the chunk left-aligned in room */
    return k << (room - b * d) | dk;
}

/* Sort idx[0..n) decreasingly by chunk and, within equal keys, the later ones. */
static gbc_status grevlex_runs(gbc_ctx *ctx, const grevlex_digits *g, uint32_t *idx,
                               size_t n, uint32_t chunk)
{
    for (size_t i = 0; i < n; i++)
        g->key[idx[i]] = UINT64_MAX - grevlex_chunk(g, idx[i], chunk);
    GBC_TRY(gbc_sort_by_key(ctx, idx, n, g->key));
    if (grevlex_digits_through(g, chunk) >= g->t->nvars)
        return GBC_OK; /* every variable read: equal keys are equal monomials */
    for (size_t i = 0, j; i < n; i = j) {
        const uint64_t ki = g->key[idx[i]];
        for (j = i + 1; j < n && g->key[idx[j]] == ki; j++)
            ;
        if (j - i > 1)
            GBC_TRY(grevlex_runs(ctx, g, idx + i, j - i, chunk + 1));
    }
    return GBC_OK;
}

/* mht_sort_desc for grevlex; GBC_ERR_UNSUPPORTED, nothing touched, when the
 * degrees or exponents do not fit the digits. */
static gbc_status sort_desc_grevlex(gbc_ctx *ctx, const mht *t, uint32_t *idx, size_t n)
{
    /* the digits' width: the bit length of the largest exponent, which is that
     * of all exponents or-ed together (a loop the compiler vectorises) */
    uint32_t ore = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t m = idx[i];
        if (t->row[m].deg >= 0xffffu)
            return GBC_ERR_UNSUPPORTED;
        const uint32_t *e = mht_exps(t, m);
        for (uint32_t v = 0; v < t->nvars; v++)
            ore |= e[v];
    }
    if (ore > 0xffffu)
        return GBC_ERR_UNSUPPORTED;
    grevlex_digits g = {t, NULL, 1};
    while (g.bits < 16 && (ore >> g.bits) != 0)
        g.bits++;
    GBC_TRY(GBC_ALLOC(ctx, g.key, t->size ? t->size : 1));
    gbc_status st = grevlex_runs(ctx, &g, idx, n, 0);
    gbc_free(ctx, g.key);
    return st;
}

gbc_status mht_sort_desc(gbc_ctx *ctx, const mht *t, uint32_t *idx, size_t n)
{
    if (n >= 256 && t->par->ord->kind == MONO_GREVLEX && t->par->graded_key) {
        gbc_status st = sort_desc_grevlex(ctx, t, idx, n);
        if (st != GBC_ERR_UNSUPPORTED)
            return st;
    }
    return gbc_sort_cmp(ctx, idx, n, sizeof *idx, desc_cmp, (void *)t);
}
