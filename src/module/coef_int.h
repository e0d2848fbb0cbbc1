/* module/coef_int: the element kernels of module/'s two coefficient families as
 * inline functions, Z/p (mzp_*: uint32 residues in [0, p)) and Q (mqq_*: GMP
 * rationals), shared by the families' tables (coef_zp.c, coef_qq.c) and by the
 * one loop that instantiates them directly (schreyer.c's reduction). Internal to
 * module/. */
#ifndef GBC_MODULE_COEF_INT_H
#define GBC_MODULE_COEF_INT_H

#include "field/field.h"

/* A coefficient array: the family uses its own member (cf for Z/p, cq for Q)
 * and ignores the other. Entries are named by array and index: d[i] is entry i
 * of d. */
typedef struct mcv {
    uint32_t *cf;
    mpq_t *cq;
} mcv;

/* Scratch of the Q family (unused by Z/p); mcf_tmp_init / mcf_tmp_clear. */
typedef struct mcf_tmp {
    mpq_t a, b;
} mcf_tmp;

/* d[i] = s[j] */
static inline void mzp_set(mcv d, size_t i, mcv s, size_t j)
{
    d.cf[i] = s.cf[j];
}
static inline void mqq_set(mcv d, size_t i, mcv s, size_t j)
{
    mpq_set(d.cq[i], s.cq[j]);
}

/* d[i] = 1 */
static inline void mzp_set_one(mcv d, size_t i)
{
    d.cf[i] = 1;
}
static inline void mqq_set_one(mcv d, size_t i)
{
    mpq_set_ui(d.cq[i], 1, 1);
}

/* d[i] = 0 */
static inline void mzp_set_zero(mcv d, size_t i)
{
    d.cf[i] = 0;
}
static inline void mqq_set_zero(mcv d, size_t i)
{
    mpq_set_ui(d.cq[i], 0, 1);
}

/* s[j] == 0 */
static inline int mzp_is_zero(mcv s, size_t j)
{
    return s.cf[j] == 0;
}
static inline int mqq_is_zero(mcv s, size_t j)
{
    return mpq_sgn(s.cq[j]) == 0;
}

/* d[i] = -s[j] */
static inline void mzp_neg(const field *F, mcv d, size_t i, mcv s, size_t j)
{
    d.cf[i] = zp_neg(F, s.cf[j]);
}
static inline void mqq_neg(const field *F, mcv d, size_t i, mcv s, size_t j)
{
    (void)F;
    mpq_neg(d.cq[i], s.cq[j]);
}

/* d[i] = a[j] * b[k] (d[i] not one of the factors) */
static inline void mzp_mul(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b, size_t k)
{
    d.cf[i] = zp_mul(F, a.cf[j], b.cf[k]);
}
static inline void mqq_mul(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b, size_t k)
{
    (void)F;
    mpq_mul(d.cq[i], a.cq[j], b.cq[k]);
}

/* d[i] += a[j] * b[k] (d[i] not one of the factors; w: scratch) */
static inline void mzp_addmul(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b,
                              size_t k, mcf_tmp *w)
{
    (void)w;
    d.cf[i] = zp_add(F, d.cf[i], zp_mul(F, a.cf[j], b.cf[k]));
}
static inline void mqq_addmul(const field *F, mcv d, size_t i, mcv a, size_t j, mcv b,
                              size_t k, mcf_tmp *w)
{
    (void)F;
    mpq_mul(w->a, a.cq[j], b.cq[k]);
    mpq_add(d.cq[i], d.cq[i], w->a);
}

#endif
