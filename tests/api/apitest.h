/* Helpers shared by the tests of the public API (tests/api/t-*.c): rings, the
 * katsura systems built term by term as arrays (with repeated monomials, as the
 * array interface allows), and text round trips. Only gbc.h is used here. */
#ifndef GBC_APITEST_H
#define GBC_APITEST_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gbc.h"

/* A ring in x0..x{n-1} over characteristic p with the given order. */
static inline gbc_ring *at_ring(uint32_t n, uint32_t p, const char *order)
{
    char names[64][8];
    const char *ptr[64];
    ck_assert_uint_le(n, 64);
    for (uint32_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof names[i], "x%u", (unsigned)i);
        ptr[i] = names[i];
    }
    gbc_ring *R = NULL;
    ck_assert_int_eq(gbc_ring_new(&R, n, ptr, p, order, NULL), GBC_OK);
    return R;
}

/* katsura-n in the first n+1 of nv variables as arrays: x0 + 2 sum x_i - 1 and, for m < n,
 * sum_{l=-n..n} x_|l| x_|m-l| - x_m, written with every product as its own term
 * (so monomials repeat). coefs_zp gets residues mod p (p > 2), coefs_q strings.
 * Returns the number of polynomials (n + 1); the caller frees the arrays. */
typedef struct at_sys {
    size_t npolys, total;
    size_t *nterms;
    uint32_t *exps;
    uint32_t *czp;
    const char **cq;
} at_sys;

static inline void at_katsura(at_sys *S, uint32_t n, uint32_t p, uint32_t nv)
{
    ck_assert_uint_ge(nv, n + 1);
    size_t cap = (size_t)(n + 1) * (2 * n + 3);
    S->npolys = n + 1;
    S->nterms = calloc(S->npolys, sizeof *S->nterms);
    S->exps = calloc(cap * nv, sizeof *S->exps);
    S->czp = calloc(cap, sizeof *S->czp);
    S->cq = calloc(cap, sizeof *S->cq);
    ck_assert(S->nterms && S->exps && S->czp && S->cq);
    size_t t = 0;
#define AT_TERM(c_zp, c_q)                                                     \
    do {                                                                       \
        S->czp[t] = (c_zp);                                                    \
        S->cq[t] = (c_q);                                                      \
        t++;                                                                   \
    } while (0)
    /* linear form */
    for (uint32_t i = 0; i <= n; i++) {
        S->exps[t * nv + i] = 1;
        AT_TERM(i == 0 ? 1 : 2, i == 0 ? "1" : "2");
    }
    AT_TERM(p - 1, "-1"); /* the constant: an all-zero exponent row */
    S->nterms[0] = n + 2;
    for (uint32_t m = 0; m < n; m++) {
        size_t t0 = t;
        for (int l = -(int)n; l <= (int)n; l++) {
            int a = abs(l), b = abs((int)m - l);
            if (b > (int)n)
                continue;
            S->exps[t * nv + a] += 1;
            S->exps[t * nv + b] += 1;
            AT_TERM(1, "1");
        }
        S->exps[t * nv + m] = 1;
        AT_TERM(p - 1, "-1");
        S->nterms[m + 1] = t - t0;
    }
#undef AT_TERM
    S->total = t;
}

static inline void at_sys_free(at_sys *S)
{
    free(S->nterms);
    free(S->exps);
    free(S->czp);
    free(S->cq);
}

static inline gbc_polys *at_katsura_polys(const gbc_ring *R, uint32_t n)
{
    at_sys S;
    at_katsura(&S, n, gbc_ring_characteristic(R) ? gbc_ring_characteristic(R) : 3,
               gbc_ring_nvars(R));
    gbc_polys *P = NULL;
    gbc_status st = gbc_ring_characteristic(R)
                        ? gbc_polys_from_arrays_zp(&P, R, S.npolys, S.nterms, S.exps,
                                                   S.czp, NULL, NULL)
                        : gbc_polys_from_arrays_q(&P, R, S.npolys, S.nterms, S.exps,
                                                  S.cq, NULL, NULL);
    ck_assert_int_eq(st, GBC_OK);
    at_sys_free(&S);
    return P;
}

/* Parse comma-separated polynomials in R; fails the test on error. */
static inline gbc_polys *at_parse(const gbc_ring *R, const char *text)
{
    gbc_polys *P = NULL;
    gbc_error err;
    gbc_status st = gbc_polys_parse(&P, R, text, strlen(text), NULL, &err);
    if (st != GBC_OK)
        ck_abort_msg("parse of '%s' failed: %s", text, err.message);
    return P;
}

/* The printed form (no header), malloc'd by the library; free with gbc_string_free. */
static inline char *at_str(const gbc_polys *P)
{
    char *s = NULL;
    ck_assert_int_eq(gbc_polys_to_string(&s, NULL, P, 0), GBC_OK);
    return s;
}

/* Assert that two lists print the same. */
static inline void at_assert_same(const gbc_polys *A, const gbc_polys *B)
{
    char *a = at_str(A), *b = at_str(B);
    ck_assert_str_eq(a, b);
    gbc_string_free(a);
    gbc_string_free(b);
}

static inline double at_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
