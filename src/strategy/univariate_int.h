/* strategy/univariate_int.h: the pieces of the Z/p gcd (univariate.c) that the
 * gcd over Q (univariate_qq.c) runs once per prime: sparse polynomials of Z/p[x]
 * and the gcd step. Internal to strategy/. */
#ifndef GBC_STRATEGY_UNIVARIATE_INT_H
#define GBC_STRATEGY_UNIVARIATE_INT_H

#include <string.h>

#include "poly/poly.h"

/* A sparse polynomial of Z/p[x]: len terms, exponents strictly decreasing,
 * coefficients in [1, p). */
typedef struct upoly {
    size_t len, cap;
    uint32_t *e;
    uint32_t *c;
} upoly;

static inline void up_init(upoly *f)
{
    memset(f, 0, sizeof *f);
}

static inline void up_clear(gbc_ctx *ctx, upoly *f)
{
    gbc_free(ctx, f->e);
    gbc_free(ctx, f->c);
    up_init(f);
}

/* Room for n terms; the terms are kept. */
static inline gbc_status up_reserve(gbc_ctx *ctx, upoly *f, size_t n)
{
    if (n <= f->cap)
        return GBC_OK;
    size_t cap = f->cap;
    GBC_TRY(GBC_GROW(ctx, f->e, cap, n));
    size_t cap2 = f->cap;
    GBC_TRY(GBC_GROW(ctx, f->c, cap2, n));
    f->cap = cap < cap2 ? cap : cap2;
    return GBC_OK;
}

static inline gbc_status up_push(gbc_ctx *ctx, upoly *f, uint32_t e, uint32_t c)
{
    GBC_TRY(up_reserve(ctx, f, f->len + 1));
    f->e[f->len] = e;
    f->c[f->len++] = c;
    return GBC_OK;
}

static inline void up_swap(upoly *a, upoly *b)
{
    upoly t = *a;
    *a = *b;
    *b = t;
}

/* f scaled to leading coefficient 1 (f nonzero). */
static inline void up_make_monic(const field *F, upoly *f)
{
    uint32_t inv = zp_inv(F, f->c[0]);
    for (size_t i = 0; i < f->len; i++)
        f->c[i] = zp_mul(F, f->c[i], inv);
}

/* Drop the top of the max-heap v[0..n) of elements of type T (n > 0; n is
 * decremented): the last element is sifted down from the root. KEY(x) is an
 * element's ordering key (an exponent). The heaps of univariate.c and
 * univariate_qq.c share it. */
#define UNI_HEAP_DROP_TOP(T, v, n, KEY)                                        \
    do {                                                                       \
        T uni_x_ = (v)[--(n)];                                                 \
        size_t uni_i_ = 0;                                                     \
        for (;;) {                                                             \
            size_t uni_l_ = 2 * uni_i_ + 1, uni_m_ = uni_i_;                   \
            uint64_t uni_b_ = KEY(uni_x_);                                     \
            if (uni_l_ < (n) && KEY((v)[uni_l_]) > uni_b_) {                   \
                uni_m_ = uni_l_;                                               \
                uni_b_ = KEY((v)[uni_l_]);                                     \
            }                                                                  \
            if (uni_l_ + 1 < (n) && KEY((v)[uni_l_ + 1]) > uni_b_)             \
                uni_m_ = uni_l_ + 1;                                           \
            if (uni_m_ == uni_i_)                                              \
                break;                                                         \
            (v)[uni_i_] = (v)[uni_m_];                                         \
            uni_i_ = uni_m_;                                                   \
        }                                                                      \
        if ((n) > 0)                                                           \
            (v)[uni_i_] = uni_x_;                                              \
    } while (0)

/* g = gcd(g, f), monic, for a nonzero f (consumed as scratch: its terms are lost)
 * and g either empty (then g becomes f made monic) or monic and nonzero. The
 * remainders are taken by univariate.c's cheapest method; polls ctx. */
gbc_status uni_gcd_take(gbc_ctx *ctx, const field *F, upoly *g, upoly *f);

#endif
