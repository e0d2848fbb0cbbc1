/* field/crt: the library's one CRT accumulator. It holds n integers x_i known
 * modulo M (a product of distinct primes), takes the residues modulo one more prime
 * at a time, and lifts the x_i to rationals by rational reconstruction. The
 * multi-modular driver keeps one of these for the coefficients of the basis; any
 * other caller (FGLM over Q, a distributed driver gathering residues) uses it the
 * same way. */
#ifndef GBC_FIELD_CRT_H
#define GBC_FIELD_CRT_H

#include "field/field.h"

/* The x_i live in blocks, one per group of integers (a polynomial's coefficients
 * in the multi-modular driver): group g's block holds its integers as slots of w
 * limbs each (little-endian, zero-padded; w >= mpz_size(M) + 1, so that the next
 * prime's update fits), allocated once per group and regrown a few limbs at a time
 * as M grows, instead of one GMP allocation per integer regrown by every prime.
 * A group whose members were all dropped has no block (its members read 0). */
typedef struct zz_crt {
    size_t n;          /* integers held */
    size_t ng;         /* groups */
    size_t *gfirst;    /* group g holds x_gfirst[g] .. x_gfirst[g+1]-1 (ng + 1 entries) */
    mp_limb_t **blk;   /* group g's slots, or NULL (no prime yet, or dropped) */
    size_t w;          /* slot width in limbs of every live block */
    mpz_t M;           /* the product of the primes added (1 before the first) */
    size_t nprimes;
    size_t zb;         /* bytes charged for the blocks, by bound */
} zz_crt;

/* An accumulator for n integers, each its own group, no prime added yet (M = 1). */
gbc_status zz_crt_init(gbc_ctx *ctx, zz_crt *C, size_t n);
/* An accumulator for glen[0] + ... + glen[ng-1] integers in ng groups (integers
 * 0 .. glen[0]-1 the first, and so on; a group may be empty). A group is the unit
 * of memory (its integers share one block) and of the threads' shares of an
 * update; drop whole groups to give their memory back. */
gbc_status zz_crt_init_groups(gbc_ctx *ctx, zz_crt *C, const size_t *glen, size_t ng);
void zz_crt_clear(gbc_ctx *ctx, zz_crt *C);
/* x_i into z as a read-only view of the accumulator's limbs (mpz_roinit_n: never
 * write to z nor clear it), valid until the next add, drop or clear of C. */
void zz_crt_get(const zz_crt *C, size_t i, mpz_t z);
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
 * settled (they read 0 afterwards and must not be lifted again): the blocks of the
 * groups the range covers whole are freed, other members only cleared. */
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
/* zz_crt_lift_group_at (members from at on, round to the start) without the
 * members k with skip[k] != 0 (skip may be NULL; their q[k] are left alone: the
 * caller has them), each lifted member k also marked in sure[k]: 1 when its lift
 * n/d has bits(n) + bits(d) <= bits(M) - margin, else 0. A random residue modulo
 * M has a reconstruction within Wang's bound with probability about 6/pi^2, so a
 * lift alone says little before the group is checked against a later prime; one
 * with bits(n) + bits(d) <= h only with probability about h * 2^(h + 1 - bits(M)),
 * with margin 32 below 2^-19 for any M of fewer than 2^13 bits: a caller may keep
 * such a sure lift while the rest of its group waits for more primes (the group is
 * still checked against a later prime once complete, so correctness does not rest
 * on this estimate: a wrong sure lift only costs a relift). On a failure *fail is the
 * member that did not lift, and q[k], sure[k] hold for the members lifted before
 * it (from at on). Polls ctx. */
gbc_status zz_crt_lift_group_skip(gbc_ctx *ctx, const zz_crt *C, size_t first, size_t len,
                                  size_t at, const uint8_t *skip, size_t margin, mpq_t *q,
                                  uint8_t *sure, int *ok, size_t *fail);
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
