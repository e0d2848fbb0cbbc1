/* module/frame_int: the Schreyer frame's elements and levels, shared by the
 * frame's construction (schreyer.c) and its minimalisation into the maps of a
 * minimal free resolution (minres.c). Internal to module/. */
#ifndef GBC_MODULE_FRAME_INT_H
#define GBC_MODULE_FRAME_INT_H

#include "module/module_int.h"

/* Monomials are kept as totals: a term x^e eps_c of F_L (eps_c a basis element
 * of level L whose leading term in F_{L-1} has total tau_c) is stored as the
 * exponent vector T = e + tau_c and the index c; the basis of F_0 = R^r has
 * tau = 1. F_L is ordered by T in grevlex first, then by the index, the larger
 * one larger (schreyer.c says why this is Schreyer's order). */

/* An element of F_{L-1} (a basis element of level L): terms in decreasing order. */
typedef struct svec {
    size_t len;
    uint32_t *T;    /* len * n totals */
    uint32_t *comp; /* len indices of level L - 1 */
    mcv c;          /* len coefficients */
} svec;

/* One level: its n elements (level >= 1), their leading totals and degrees, and
 * for each basis index c of the level below, the range [start[c], start[c + 1])
 * of the elements whose leading term is in eps_c. */
typedef struct slevel {
    size_t n;
    svec *v;
    uint32_t *lead; /* n * nvars */
    int64_t *deg;
    size_t *start;  /* (n of the level below) + 1 entries; NULL for level 0 */
} slevel;

/* The first element of lv (n variables) whose leading term divides the term
 * (Te, ce), among those with leading index ce, into *reducer; GBC_ERR_INTERNAL
 * when there is none (module/frame.c). */
gbc_status slevel_find_reducer(const slevel *lv, uint32_t n, const uint32_t *Te, uint32_t ce,
                               size_t *reducer);

/* The order of F_L on terms (T, c): grevlex on the totals, then the index. */
static inline int term_cmp(const uint32_t *Ta, uint32_t ca, const uint32_t *Tb,
                           uint32_t cb, uint32_t n)
{
    int c = mgrevlex_cmp(Ta, Tb, n);
    if (c != 0)
        return c;
    return ca < cb ? -1 : ca > cb;
}

/* A key of a term's totals T (n variables) that grows with the term in F_L's
 * order (a larger key means a larger term; equal keys decide nothing): the
 * degree (16 bits), then 48 bits of the exponents from the last variable on. Up
 * to eight variables the exponents themselves, reversed, as digits of w bits
 * (four of 12 bits in up to four variables, six of 8 in up to six, else eight of
 * 6). From nine variables on only the nonzero ones, each as two digits: n - 1 - v
 * for its variable v (FRAME_KEY_VBITS(n) bits), then the reversed exponent (4
 * bits), as many as fit. Of two terms of one degree, the one whose last nonzero
 * variable comes first is the larger (the other has the larger exponent there),
 * then the one with the smaller exponent there, then the same for the next
 * nonzero variable: so the digits compare as the terms do, and a key holds the
 * last four or more nonzero variables whatever the number of variables (the
 * dense digits of the generic 5 x 9 matrix's 45 variables held only the last
 * eight variables, mostly zero, and left most comparisons of a heap to the full
 * exponents). A field that saturates (a degree from 0xffff on, an exponent from
 * 2^w - 1 or 15 on) ends the key, the rest left zero: two terms equal up to a
 * saturated field are then left to the full comparison, whatever follows; so is
 * a key that ends within a variable's digits. */
#define FRAME_KEY_VBITS(n) (32u - (uint32_t)__builtin_clz((n) - 1u))

/* Append the sparse digits of exponent e > 0 of variable v (below) to the key k,
 * *room bits still free; 0 when the key is full (a digit did not fit or the
 * exponent saturates: the rest left 0). */
static inline int frame_key_push(uint64_t *k, uint32_t *room, uint32_t n, uint32_t v, uint32_t e)
{
    const uint32_t vb = FRAME_KEY_VBITS(n), eb = 4, etop = (1u << eb) - 1;
    if (*room < vb)
        return 0;
    *room -= vb;
    *k |= (uint64_t)(n - 1 - v) << *room;
    if (*room < eb || e >= etop)
        return 0;
    *room -= eb;
    *k |= (uint64_t)(etop - e) << *room;
    return 1;
}

static inline uint64_t frame_term_key(const uint32_t *T, uint32_t n)
{
    uint32_t room = 48;
#if defined(__SSE2__)
    if (n > 8 && n <= 64) {
        /* one pass, four exponents a step: their sum, whether one reaches 2^16
         * (then so does the degree: saturated) and the places of the nonzero ones */
        __m128i sum = _mm_setzero_si128(), big = _mm_setzero_si128();
        const __m128i z = _mm_setzero_si128(), lim = _mm_set1_epi32(0xffff);
        uint64_t nz = 0;
        uint32_t i = 0;
        for (; i + 4 <= n; i += 4) {
            __m128i x = _mm_loadu_si128((const __m128i *)(T + i));
            sum = _mm_add_epi32(sum, x);
            big = _mm_or_si128(big, _mm_andnot_si128(lim, x));
            nz |= (uint64_t)(15u & ~(unsigned)_mm_movemask_ps(
                                        _mm_castsi128_ps(_mm_cmpeq_epi32(x, z))))
                  << i;
        }
        uint32_t d = 0, hi = 0;
        for (; i < n; i++) {
            d += T[i];
            hi |= T[i] & ~0xffffu;
            nz |= (uint64_t)(T[i] != 0) << i;
        }
        uint32_t lanes[4];
        _mm_storeu_si128((__m128i *)lanes, _mm_or_si128(big, _mm_srli_si128(big, 8)));
        hi |= lanes[0] | lanes[1];
        if (hi != 0)
            return (uint64_t)0xffffu << 48;
        _mm_storeu_si128((__m128i *)lanes, sum);
        d += lanes[0] + lanes[1] + lanes[2] + lanes[3]; /* below 64 * 2^16 */
        if (d >= 0xffffu)
            return (uint64_t)0xffffu << 48;
        uint64_t k = (uint64_t)d << 48;
        while (nz != 0) {
            const uint32_t v = 63u - (uint32_t)__builtin_clzll(nz);
            nz &= ~((uint64_t)1 << v);
            if (!frame_key_push(&k, &room, n, v, T[v]))
                break;
        }
        return k;
    }
#endif
    uint64_t d = 0;
    for (uint32_t i = 0; i < n; i++)
        d += T[i];
    if (d >= 0xffffu)
        return (uint64_t)0xffffu << 48;
    uint64_t k = d << 48;
    if (n > 8) {
        for (uint32_t v = n; v-- > 0;)
            if (T[v] != 0 && !frame_key_push(&k, &room, n, v, T[v]))
                break;
        return k;
    }
    const uint32_t w = n <= 4 ? 12 : n <= 6 ? 8 : 6, top = (1u << w) - 1;
    for (uint32_t c = 0; c < 48 / w && c < n; c++) {
        const uint32_t e = T[n - 1 - c];
        if (e >= top)
            break; /* saturated: digit 0, and the rest too */
        k |= (uint64_t)(top - e) << (48 - w * (c + 1));
    }
    return k;
}

/* term_cmp of two terms whose frame_term_key k is the same: equal keys below
 * the saturated degree have equal degrees, so the grevlex comparison starts at
 * the last variable (four exponents a step). */
static inline int frame_tie_cmp(const uint32_t *Ta, uint32_t ca, const uint32_t *Tb, uint32_t cb,
                                uint32_t n, uint64_t k)
{
    if ((k >> 48) == 0xffffu)
        return term_cmp(Ta, ca, Tb, cb, n);
    uint32_t i = n;
#if defined(__SSE2__)
    /* four exponents a step from the end: the last that differs decides */
    for (; i >= 4; i -= 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(Ta + i - 4));
        __m128i y = _mm_loadu_si128((const __m128i *)(Tb + i - 4));
        unsigned ne = 15u & ~(unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, y)));
        if (ne != 0) {
            const uint32_t j = i - 4 + (31u - (uint32_t)__builtin_clz(ne));
            return Ta[j] > Tb[j] ? -1 : 1; /* the larger exponent: the smaller term */
        }
    }
#endif
    while (i-- > 0)
        if (Ta[i] != Tb[i])
            return Ta[i] > Tb[i] ? -1 : 1;
    return ca < cb ? -1 : ca > cb;
}

/* h[0..n] = odd pseudo-random 64-bit multipliers for hashing terms (a fixed
 * sequence: the same for every run). */
static inline void frame_hash_mults(uint64_t *h, uint32_t n)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (uint32_t i = 0; i <= n; i++) {
        x ^= x >> 31;
        x *= 0xbf58476d1ce4e5b9ull;
        x ^= x >> 29;
        h[i] = x | 1;
    }
}

/* The coefficient kernels of the frame's inner loops, one family's (the
 * element kernels of coef_int.h). The loops (schreyer.c's reduction, minres.c's
 * clearing) are always inlined into one instance per family that passes its
 * table as a constant, so each instance has its arithmetic inline: no field
 * test and no indirect call per term. */
typedef struct skern {
    int (*is_zero)(mcv s, size_t j);
    void (*set)(mcv d, size_t i, mcv s, size_t j);
    void (*set_zero)(mcv d, size_t i);
    void (*neg)(const field *F, mcv d, size_t i, mcv s, size_t j);
    void (*mul)(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b, size_t k);
    void (*addmul)(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b, size_t k,
                   mcf_tmp *w);
} skern;

static const skern skern_zp = {mzp_is_zero, mzp_set, mzp_set_zero, mzp_neg, mzp_mul,
                               mzp_addmul};
static const skern skern_qq = {mqq_is_zero, mqq_set, mqq_set_zero, mqq_neg, mqq_mul,
                               mqq_addmul};

#define SKERN_INLINE static inline __attribute__((always_inline))

/* Free v's arrays (o: the field's family) and zero it. */
void svec_clear(gbc_ctx *ctx, svec *v, const mcf_ops *o);
/* Room for len terms (coefficients zero); on failure v is left zeroed. */
gbc_status svec_alloc(gbc_ctx *ctx, svec *v, size_t len, uint32_t n, const mcf_ops *o);
/* Free a level's elements and arrays and zero it. */
void level_clear(gbc_ctx *ctx, slevel *L, const mcf_ops *o);

/* ---- the minimal resolution's maps (minres.c) ---- */

/* Minimalise the frame L[0..nl) (n variables, field F; level 0 is R^r) in
 * place: first the pivots of every level k = 1, 2, ... from the constant parts
 * of d_k (a column of d_k, an element of level k, with a constant entry at a
 * row not yet removed, after the pivots before it in increasing degree, is
 * removed with that row); then, for the levels k <= nclear, the pivot columns
 * and the columns that remain are cleared of the rows level k - 1 lost and of
 * the pivots' rows. alive[k] (allocated here through ctx, L[k].n flags; the
 * caller frees alive[0..nl) with gbc_free, also on failure) marks what remains;
 * the remaining columns of the remaining rows of the cleared levels are the
 * maps of a minimal resolution. */
gbc_status frame_minimize(gbc_ctx *ctx, const field *F, uint32_t n, slevel *L, size_t nl,
                          size_t nclear, unsigned char **alive);

/* The minimalised frame's maps in R's ring and order into out (zeroed): the
 * levels 0..nlev-1 of the minimal Betti numbers lev (frame_betti's), each
 * level's basis in increasing degree. GBC_ERR_INTERNAL when what remains does not
 * have those Betti numbers. On failure out is left empty. */
gbc_status frame_maps(gbc_ctx *ctx, const ring *R, const slevel *L, size_t nl,
                      unsigned char *const *alive, const mlevel *lev, size_t nlev,
                      module_res *out);

#endif
