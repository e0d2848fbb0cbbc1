/* field/crt: the library's one CRT accumulator. It holds n integers x_i known
 * modulo M (a product of distinct primes), takes the residues modulo one more prime
 * at a time, and lifts the x_i to rationals by rational reconstruction. The
 * multi-modular driver keeps one of these for the coefficients of the basis; any
 * other caller (FGLM over Q, a distributed driver gathering residues) uses it the
 * same way. */
#ifndef GBC_FIELD_CRT_H
#define GBC_FIELD_CRT_H

#include "field/field.h"

typedef struct zz_crt {
    size_t n;       /* integers held */
    mpz_t *x;       /* x_i in [0, M) */
    mpz_t M;        /* the product of the primes added (1 before the first) */
    size_t nprimes;
    size_t zb;      /* bytes charged for the limbs, (n + 1) times M's, by bound */
} zz_crt;

/* An accumulator for n integers, no prime added yet (M = 1). */
gbc_status zz_crt_init(gbc_ctx *ctx, zz_crt *C, size_t n);
void zz_crt_clear(gbc_ctx *ctx, zz_crt *C);
/* Add the residues r[0..n) modulo the prime p (0 <= r_i < p; p coprime to M, i.e.
 * not added before): afterwards x_i = r_i mod p and x_i is unchanged mod the old M.
 * With live not NULL only the x_i with live[i] != 0 are updated (the others were
 * settled and dropped: they no longer follow M). Polls ctx: an interrupted update
 * (GBC_ERR_INTERRUPTED) leaves C inconsistent, to be cleared. With ctx->pool set
 * the update is shared by the pool's threads (the pool must be idle: never call
 * this from one of its jobs). */
gbc_status zz_crt_add(gbc_ctx *ctx, zz_crt *C, const uint32_t *r, uint32_t p,
                      const uint8_t *live);
/* Release the memory of x_first .. x_first+len-1, whose values the caller has
 * settled (they read 0 afterwards and must not be lifted again). */
void zz_crt_drop(zz_crt *C, size_t first, size_t len);
/* zz_crt_lift for the one group x_first .. x_first+len-1 into q[first ..]. */
gbc_status zz_crt_lift_group(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                             mpq_t *q, int *ok);
/* The same, the members tried from x_first+*at on (round to the start), *at < len:
 * the result is the same whatever *at, but a group that does not lift yet fails
 * sooner when *at is a member that did not lift before. On a failure *at is the
 * member (0 .. len-1) that did not lift. */
gbc_status zz_crt_lift_group_at(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                                mpq_t *q, int *okp, size_t *at);
/* The same into q[0..len) (member k into q[k]): a caller that keeps the lifted
 * group elsewhere needs scratch for one group only. */
gbc_status zz_crt_lift_group_into(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                                  mpq_t *q, int *okp, size_t *at);
/* Rational reconstruction of every x_i (Wang's bound sqrt(M/2) on numerator and
 * denominator, which makes each answer unique) into q[0..n) (initialised by the
 * caller); *ok = 0 when some x_i has none. The x_i come in groups of glen[0],
 * glen[1], ... (ngroups, summing to n) whose members tend to share denominators
 * (the coefficients of one polynomial of a reduced basis): the lcm of the
 * denominators found so far in the group is tried first, which needs no Euclid.
 * A sample (the last member of every group) is tried before everything else, so
 * that a failure is cheap. Polls ctx. */
gbc_status zz_crt_lift(gbc_ctx *ctx, const zz_crt *C, const size_t *glen, size_t ngroups,
                       mpq_t *q, int *ok);

/* x mod p for many integers x and one prime p: the residues of 2^(64 k) modulo p
 * for the limbs k of an integer of up to ZZ_MODP_LIMBS limbs, so that a residue is
 * one dot product of the limbs with them (no division per limb, no per-call
 * setup); longer integers go to mpz_fdiv_ui. */
#define ZZ_MODP_LIMBS 64
typedef struct zz_modp {
    uint32_t p;
    uint64_t pw[ZZ_MODP_LIMBS];
} zz_modp;

void zz_modp_init(zz_modp *R, uint32_t p);
/* x mod p in [0, p) (x of any sign: the residue mpz_fdiv_ui gives). */
uint32_t zz_modp_get(const zz_modp *R, const mpz_t x);

#endif
