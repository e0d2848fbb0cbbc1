/* solve/solve.h: internal interface of the solver of zero-dimensional systems
 * (docs/solve.md): univariate integer polynomials and the isolation of their real
 * roots by Descartes' rule of signs (upoly.c), and the driver (solve.c). */
#ifndef GBC_SOLVE_H
#define GBC_SOLVE_H

#include <gmp.h>

#include "gbc.h"
#include "common/common.h"
#include "common/gmpheap.h"

/* A polynomial of Z[t]: c[0..n) its coefficients, c[i] of t^i; n = 0 is the zero
 * polynomial, otherwise c[n-1] != 0 once normalised. cap mpz_t are initialised
 * (cap >= n); sv_zpoly_clear clears them. */
typedef struct sv_zpoly {
    mpz_t *c;
    size_t n, cap;
    size_t zb; /* bytes of the coefficients' limbs charged to a context (an estimate
                * made before they grow, settled to their size after) */
} sv_zpoly;

/* GMP's memory in the solver (docs/solve.md, "Limits"): the library installs no GMP
 * allocation functions, so an integer-heavy step first charges an upper bound on
 * what it will hold to the context (gbc_ctx_charge) and afterwards settles the
 * charge to the heap bytes actually held (gbc_mpz_heap: the allocated limbs and the
 * allocator's header, common/gmpheap.h); the limit or the machine's ceiling
 * then stops the step with GBC_ERR_LIMIT / GBC_ERR_NOMEM before GMP could run out.
 * Heap bytes of an integer of bits bits (with a limb of slack). */
static inline size_t sv_bits_bytes(size_t bits)
{
    return gbc_limbs_heap(bits / GMP_NUMB_BITS + 2);
}
/* Heap bytes of P's coefficients as they are now (gbc_mpz_heap). */
size_t sv_zpoly_bytes(const sv_zpoly *P);
/* Charge bytes more for P (before a step that makes its coefficients grow). */
gbc_status sv_zpoly_reserve(gbc_ctx *ctx, sv_zpoly *P, size_t bytes);
/* Replace P's charge by its actual size; fails only when the size exceeds the
 * charge and the excess does not fit. */
gbc_status sv_zpoly_settle(gbc_ctx *ctx, sv_zpoly *P);
/* The largest size in bits of P's coefficients. */
static inline size_t sv_zpoly_maxbits(const sv_zpoly *P)
{
    size_t m = 0;
    for (size_t i = 0; i < P->n; i++) {
        size_t b = mpz_sizeinbase(P->c[i], 2);
        if (b > m)
            m = b;
    }
    return m;
}

/* Polling in the solver's integer loops: a step of about limbs limb operations
 * polls through gbc_ctx_check (the clock every call) when it is long, else
 * through gbc_ctx_poll (the clock every 64 calls), so that a stop request is
 * seen within about a millisecond whatever the size of the integers. */
#define SV_LONG_STEP 2048
static inline gbc_status sv_poll(gbc_ctx *ctx, size_t limbs)
{
    return limbs >= SV_LONG_STEP ? gbc_ctx_check(ctx) : gbc_ctx_poll(ctx);
}

/* P with room for n coefficients, all zero (P->n = n; normalise after filling).
 * GBC_ERR_NOMEM / GBC_ERR_LIMIT through ctx; P is then empty and needs no clear. */
gbc_status sv_zpoly_init(gbc_ctx *ctx, sv_zpoly *P, size_t n);
void sv_zpoly_clear(gbc_ctx *ctx, sv_zpoly *P);
/* Drop leading zero coefficients. */
void sv_zpoly_normalise(sv_zpoly *P);
/* Divide by the content and make the leading coefficient positive (zero stays). */
void sv_zpoly_primitive(sv_zpoly *P);
/* The squarefree part of P (nonzero, degree >= 0): P / gcd(P, P'), primitive with
 * a positive leading coefficient, into *S (initialised here; the caller clears it).
 * Exact (primitive pseudo-remainder sequence over Z). */
gbc_status sv_zpoly_squarefree(gbc_ctx *ctx, sv_zpoly *S, const sv_zpoly *P);
/* A <- the primitive part of the pseudo-remainder of A by B (B nonzero, both
 * normalised): A := lc(B) A - lc(A) t^k B until deg A < deg B. A is then a
 * nonzero rational multiple of A mod B (zero exactly when B divides A in Q[t]).
 * Polls ctx. */
gbc_status sv_zpoly_prem_primitive(gbc_ctx *ctx, sv_zpoly *A, const sv_zpoly *B);
/* The sign (-1, 0, 1) of P at the rational x. */
int sv_zpoly_sign_at(const sv_zpoly *P, const mpq_t x);

/* A real root of a squarefree polynomial: exact (a == b, the root a / 2^e) or
 * isolated in the open interval (a / 2^e, b / 2^e), a < b, holding exactly this one
 * root; sa is the sign of the polynomial on (a / 2^e, root). */
typedef struct sv_root {
    mpz_t a, b;
    unsigned long e;
    int exact;
    int sa;
} sv_root;

/* The real roots of P (squarefree, degree >= 1, integer coefficients) in
 * increasing order: *roots (allocated through ctx, *nroots of them, each a and b
 * initialised; free with sv_roots_free). Every endpoint is a dyadic rational and
 * no endpoint of a non-exact interval lies in another root's interval. Polls ctx
 * for an interrupt. Descartes' rule with bisection on approximate coefficients
 * (isolate.c), every count certified; sv_isolate_exact gives the same roots (the
 * same intervals: both bisect the same way) by exact integer arithmetic
 * throughout (upoly.c), for the tests. */
gbc_status sv_isolate(gbc_ctx *ctx, sv_root **roots, size_t *nroots, const sv_zpoly *P);
gbc_status sv_isolate_exact(gbc_ctx *ctx, sv_root **roots, size_t *nroots, const sv_zpoly *P);
void sv_roots_free(gbc_ctx *ctx, sv_root *roots, size_t nroots);

/* A growing list of roots (the isolation's output). */
typedef struct sv_rootlist {
    sv_root *r;
    size_t n, cap;
} sv_rootlist;
/* Append to L the root t = s 2^k (c0 / 2^j) (exact != 0) or the open interval
 * between s 2^k c0 / 2^j and s 2^k (c0 + 1) / 2^j (sa left 0). */
gbc_status sv_roots_emit(gbc_ctx *ctx, sv_rootlist *L, int s, unsigned long k, const mpz_t c0,
                         unsigned long j, int exact);
/* The roots of P (P(0) != 0, every root of absolute value below 2^k) in (0, 2^k)
 * (s = 1) or (-2^k, 0) (s = -1), appended to L in increasing order of |t|:
 * exact integer Descartes bisection (upoly.c) or on approximations (isolate.c). */
gbc_status sv_isolate_half_exact(gbc_ctx *ctx, sv_rootlist *L, const sv_zpoly *P, int s,
                                 unsigned long k);
gbc_status sv_isolate_half_approx(gbc_ctx *ctx, sv_rootlist *L, const sv_zpoly *P, int s,
                                  unsigned long k);
/* A copy of P into *Q (initialised here; the caller clears it). */
gbc_status sv_zpoly_copy(gbc_ctx *ctx, sv_zpoly *Q, const sv_zpoly *P);
/* Halve the interval of r (a root of P, squarefree) by the sign at its midpoint;
 * an exact root stays as it is. Charges and polls ctx
 * (sv_zpoly_sign_dyadic_approx). */
gbc_status sv_root_refine(gbc_ctx *ctx, sv_root *r, const sv_zpoly *P);
/* Narrow the interval of r (a root of P, squarefree; r->sa set) until r->e >= e_to
 * or the root is found exact, by quadratic interval refinement (refine.c): every
 * new interval certified by P's signs at its ends (from an enclosure that excludes
 * 0, else exact), so it holds the root; r may end narrower than asked. *qir (in and
 * out; 0 at first) is the log2 of the parts the next step tries: pass it back for
 * the same root. Charges and polls ctx; on failure r is a valid interval of the
 * root. */
gbc_status sv_root_refine_to(gbc_ctx *ctx, sv_root *r, const sv_zpoly *P, unsigned long e_to,
                             unsigned *qir);

/* --- dyadic interval arithmetic (dyadic.c) --- */

/* [lo, hi] / 2^(*eout) encloses P(t) for every t in [a / 2^e, b / 2^e] (a <= b):
 * Horner over intervals, exact (no rounding: the mantissas grow by the bits of
 * a and b each step), *eout = e deg P. tmp: four initialised scratch integers.
 * lo, hi must not alias a, b or tmp. Polls ctx each step; charges it a bound on
 * the integers while it runs (the caller charges what lo, hi and tmp keep after). */
gbc_status sv_dy_horner(gbc_ctx *ctx, mpz_t lo, mpz_t hi, unsigned long *eout,
                        const sv_zpoly *P, const mpz_t a, const mpz_t b, unsigned long e,
                        mpz_t tmp[4]);
/* The same enclosure at working precision L: [lo, hi] / 2^(*eout) encloses P(t)
 * for every t in [a / 2^e, b / 2^e] (a <= b), where after each Horner step the
 * endpoints are cut to L bits (the lower rounded down, the upper up) and the
 * coefficients added rounded outward; *eout may be negative. Same ownership,
 * polling and charges as sv_dy_horner. */
gbc_status sv_dy_horner_prec(gbc_ctx *ctx, mpz_t lo, mpz_t hi, long *eout, const sv_zpoly *P,
                             const mpz_t a, const mpz_t b, unsigned long e, unsigned long L,
                             mpz_t tmp[4]);
/* The same sign, from sv_dy_horner_prec at a working precision (about twice m's
 * bits) when its enclosure excludes 0, else from sv_zpoly_sign_dyadic. */
gbc_status sv_zpoly_sign_dyadic_approx(gbc_ctx *ctx, int *sign, const sv_zpoly *P,
                                       const mpz_t m, unsigned long e);
/* The sign (-1, 0, 1) of P at m / 2^e, exactly, into *sign. Charges ctx a bound on
 * its integers while it runs and polls it each step. */
gbc_status sv_zpoly_sign_dyadic(gbc_ctx *ctx, int *sign, const sv_zpoly *P, const mpz_t m,
                                unsigned long e);
/* lo = floor and hi = ceil of n 2^shift / d (d != 0), by one division; tmp is an
 * initialised scratch integer; lo, hi, tmp distinct and none of them n or d. */
void sv_dy_div_round(mpz_t lo, mpz_t hi, const mpz_t n, const mpz_t d, long shift, mpz_t tmp);
/* The sign of a / 2^ea - b / 2^eb. */
int sv_dy_cmp(const mpz_t a, unsigned long ea, const mpz_t b, unsigned long eb);

/* --- boxes (box.c) --- */

/* A parametrisation of the solutions for the boxes: t runs over the real roots
 * of W (squarefree, integer, degree >= 1) and coordinate i of the solution at t is
 * V[i](t) / (den[i] Q(t)), den[i] > 0, Q nonzero at every root of W (Q = 1 for a
 * shape basis, W' for msolve's form). */
typedef struct sv_param {
    uint32_t n;
    sv_zpoly W, Q;
    sv_zpoly *V;
    mpz_t *den;
} sv_param;

/* P with n variables, every polynomial empty and den[i] = 1 (through ctx);
 * sv_param_clear frees it (also after a failed init). */
gbc_status sv_param_init(gbc_ctx *ctx, sv_param *P, uint32_t n);
void sv_param_clear(gbc_ctx *ctx, sv_param *P);

/* --- one prime's parametrisation (krylov.c) --- */

/* The reduced grevlex basis G of I over Q (n variables) kept for reduction modulo
 * primes: its terms' exponents, each polynomial's coefficients made integral by the
 * lcm of their denominators. Read-only once made: the primes' parts share it. */
typedef struct sv_gbmod {
    uint32_t n;
    size_t ng, total, nnum, nlcm, zb;
    size_t *nterms;
    const char **names; /* G's ring's (G must outlive the struct) */
    uint32_t *exps;     /* total x n */
    mpz_t *num;         /* total */
    mpz_t *lcm;         /* ng */
} sv_gbmod;

/* B (zeroed by the caller) from G; sv_gbmod_clear frees it, also after a failure. */
gbc_status sv_gbmod_init(gbc_ctx *ctx, sv_gbmod *B, const gbc_polys *G);
void sv_gbmod_clear(gbc_ctx *ctx, sv_gbmod *B);
/* The residues modulo p of msolve's parametrisation for T = -sum form_i x_i: w
 * (monic, degree D: w_0 .. w_(D-1)) and v_i = x_i w' mod w (D each) into r
 * ((n + 1) D entries), from B's basis reduced modulo p (no Groebner basis is
 * computed; the normal set must have D monomials). *ok = 1 then; 0 when p does
 * not serve (it divides a denominator, T does not separate modulo p, the
 * projection was unlucky thrice); 2 when w is of degree D but not squarefree
 * modulo p (I mod p is not radical). No result is trusted: the caller proves the
 * lifted one over Q. cf: B->total words of scratch (G's residues). Thread-safe
 * for distinct r, cf and ctx (a worker context of a parallel phase). */
gbc_status sv_param_mod_p(gbc_ctx *ctx, uint32_t *r, int *ok, const sv_gbmod *B,
                          uint32_t *cf, const int64_t *form, uint32_t p, size_t D,
                          const gbc_options *opts);

/* --- the parametrisation modulo primes, lifted (modparam.c) --- */

/* msolve's parametrisation of the ideal I of gens (a ring over Q, n variables),
 * for the separating form T + sum form[i] x_i, computed modulo primes from G (I's
 * reduced grevlex basis over Q, sv_gbmod_init) and lifted, into *P (Q = W';
 * initialised here, the caller clears it when *found). The primes run ctx->threads
 * at a time (on ctx's pool, made here when there is none); the result does not
 * depend on the threads. *found = 1 only when the result passed the check: W is
 * squarefree of degree D, and at every root t of W the point
 * x(t) = V(t) / (den W'(t)) satisfies every generator and t + sum form[i] x_i(t) = 0
 * (modulo random primes, a wrong result passing with probability below 2^-64, or
 * exactly over Q with opts->certify); so W's D roots give D distinct solutions of
 * I (all of them when D = dim_Q R/I). *found = 0 when the
 * method gave up: the form gives no shape basis of degree D modulo the first
 * prime (it does not separate, or I is not radical), too many unlucky primes, or
 * three lifts failing the check; *nonradical = 1 when the first prime's basis was
 * in shape position with w not squarefree (I is not radical, or the prime divides
 * the discriminant: either way the caller is better off with the radical).
 * *nprimes: the primes used. */
gbc_status sv_modular_param(gbc_ctx *ctx, sv_param *P, int *found, const gbc_polys *gens,
                            const sv_gbmod *G, const int64_t *form, size_t D,
                            const gbc_options *opts, size_t *nprimes, int *nonradical);
/* --- the check over Q (qcheck.c) --- */

/* The input: the generators' terms (exponents over the n variables) and the
 * linear form T + sum form[i] x_i. */
typedef struct sv_qinput {
    uint32_t n;
    size_t ngens;
    size_t *nterms;    /* per generator */
    size_t total;      /* terms of all generators */
    uint32_t *exps;    /* total x n */
    mpq_t *coefs;      /* total */
    const int64_t *form;
} sv_qinput;

/* in from gens (n variables) and the form (kept by reference): the terms'
 * exponents and rational coefficients, through ctx. sv_qinput_clear frees it,
 * also after a failure (in zeroed by the caller). */
gbc_status sv_qinput_init(gbc_ctx *ctx, sv_qinput *in, const gbc_polys *gens, uint32_t n,
                          const int64_t *form);
void sv_qinput_clear(gbc_ctx *ctx, sv_qinput *in);
/* Whether P (in->n variables) is proved over Q: W squarefree, and the form and
 * every generator of in vanishing on it (sv_param_check_q's contract): *found. */
gbc_status sv_qcheck(gbc_ctx *ctx, int *found, const sv_param *P, const sv_qinput *in);
/* The same check modulo random primes of [2^59, 2^60) drawn from rng (qcheck_p.c):
 * W proved squarefree, then the form and every generator vanishing modulo W at as
 * many primes as bring the chance that a wrong P passes below 2^-64; *log2_fail
 * that bound's log2. *exact = 1 (and *found = 0) when the bound would need more
 * than 8 primes: the caller runs sv_qcheck. */
gbc_status sv_qcheck_modp(gbc_ctx *ctx, int *found, int *exact, double *log2_fail,
                          const sv_param *P, const sv_qinput *in, gbc_rng *rng);
/* W (integer, degree >= 1) squarefree, proved (qcheck.c): *sq. */
gbc_status sv_squarefree_proved(gbc_ctx *ctx, int *sq, const sv_zpoly *W);
/* The factors of the check: F[i] = (E / den_i) V_i for i < n and F[n] = E Q (E =
 * lcm den_i), so that x_i = F[i] / F[n] at every root of W; each F[i] initialised
 * (F zeroed by the caller, its entries cleared by the caller also on failure); t
 * scratch. */
gbc_status sv_check_factors(gbc_ctx *ctx, sv_zpoly *F, const sv_param *P, uint32_t n, mpz_t t);

/* The parametrisation of the values q (w_0 .. w_(D-1) of w monic, then the D
 * coefficients of each v_i = x_i w' mod w, for n variables) into P (initialised
 * here, also on failure: the caller clears it): W = c w primitive in Z[T],
 * V_i / den_i = c v_i with V_i integral, Q = W'. */
gbc_status sv_param_from_values(gbc_ctx *ctx, sv_param *P, const mpq_t *q, uint32_t n,
                                size_t D);
/* The exact check over Q of sv_modular_param's result: *ok = 1 when W is
 * squarefree and at every root t of W the point V(t) / (den W'(t)) satisfies every
 * generator of gens (P->n variables) and t + sum form[i] x_i(t) = 0. */
gbc_status sv_param_check_q(gbc_ctx *ctx, int *ok, const sv_param *P, const gbc_polys *gens,
                            const int64_t *form);

/* --- the lift with a shared denominator (qlift.c) --- */

struct zz_crt;
/* The bits by which a lifted numerator (times its denominator, for the first
 * coefficient that brings a new denominator) must stay below the modulus. */
#define SV_QLIFT_MARGIN 24
/* The integers x_0 .. x_(ngroups D - 1) of C (field/crt.h; groups of D: w's
 * coefficients w_0 .. w_(D-1), then each v_i's) lifted to rationals into q (ngroups
 * D entries, initialised by the caller): *ok = 1 when every one lifted. Each group
 * from its top member down keeps a running denominator L (1 for the first group,
 * the first group's final L for the others): a member x is L x mod M (balanced)
 * over L when that is below M / 2^margin, else a / (L b) with a / b = L x mod M,
 * |a| b below about M / 2^margin (the Euclidean algorithm's first quotient of
 * more than margin bits), and L becomes L b. When numerators and denominators are
 * balanced that needs about half the bits of Wang's bound. A lift is a guess, not
 * unique: the caller checks it against further primes and proves it over Q. Polls
 * ctx. */
gbc_status sv_qlift(gbc_ctx *ctx, const struct zz_crt *C, size_t D, size_t ngroups,
                    size_t margin, mpq_t *q, int *ok);

#endif
