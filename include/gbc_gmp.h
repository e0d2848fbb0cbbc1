/* gbc_gmp.h: optional GMP variants of the array interface of gbc.h, for callers that
 * already hold rationals as mpq_t. Include after (or instead of) gbc.h; link with
 * -lgbc -lgmp. The core header gbc.h itself never needs GMP. */
#ifndef GBC_GMP_H
#define GBC_GMP_H

#include <gmp.h>

#include "gbc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* gbc_polys_from_arrays_q with the coefficients as mpq_t (copied and put in lowest
 * terms; a zero denominator gives GBC_ERR_ARG with err->line, err->column the
 * polynomial and term). In a ring over Z/p they are taken modulo p. Note: with
 * -pedantic before C23, passing an mpq_t array to const mpq_t * warns; cast. */
GBC_API gbc_status gbc_polys_from_arrays_mpq(gbc_polys **polys, const gbc_ring *ring,
                                             size_t npolys, const size_t *nterms,
                                             const uint32_t *exps, const mpq_t *coefs,
                                             const gbc_options *opts, gbc_error *err);
/* gbc_polys_get_zp with the coefficients as mpq_t: coefs (room for cap terms, each
 * initialised by the caller, who keeps ownership) receives polynomial i's
 * coefficients; over Z/p the residues in [0, p). Either array may be NULL. */
GBC_API gbc_status gbc_polys_get_mpq(uint32_t *exps, mpq_t *coefs, size_t cap,
                                     const gbc_polys *polys, size_t i);

#ifdef __cplusplus
}
#endif

#endif
