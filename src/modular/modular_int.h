/* modular/modular_int: the pieces of the multi-modular driver shared by the files of
 * modular/ (docs/modular.md lists them) and the distributed driver (modular/dist.c):
 * the state of one run over Q, one prime's pipeline, the shape and the CRT
 * accumulator, the check. Internal. */
#ifndef GBC_MODULAR_INT_H
#define GBC_MODULAR_INT_H

#include "modular/modular.h"

#include "f4/f4.h"
#include "field/crt.h"

#define MOD_MAX_RESTARTS 20
/* Learning primes whose basis must all be positive-dimensional (or too large for
 * FGLM) before the FGLM path gives way to the homogenised ideal */
#define MOD_FGLM_TRIES 3
/* Primes applied at once at most (the batch is the computation's thread count) */
#define MOD_MAX_BATCH 64
/* Applies per other thread in a batch that computes the check ahead
 * (mod_batch_run_ahead; the check's F4 costs about as much as 3-4 applies) */
#define MOD_AHEAD_APPLIES 3
/* Bits of margin under the modulus for a lift kept while the rest of its
 * polynomial waits for more primes (zz_crt_lift_group_skip, docs/modular.md) */
#define MOD_SURE_MARGIN 32
/* Rational reconstruction after every prime up to this many primes, then after
 * every nprimes / MOD_RR_DENSE more (mod_lift_due) */
#define MOD_RR_DENSE 32
/* ... and no sooner than after primes that took MOD_RR_TIME times the time of the
 * last attempt (mod_lift_due) */
#define MOD_RR_TIME 2.0

/* The check's part that does not depend on the candidate, computed ahead on one
 * thread of a batch (mod_batch_run_ahead, when the computation has threads): the
 * basis modulo the check prime p, whether it has the shape, its coefficients then,
 * and whether every generator reduces to zero by it. mod_check_candidate uses it,
 * once. */
typedef struct mod_ahead {
    int ready;
    uint32_t p;
    int unlucky;         /* FGLM declined modulo p alone: p cannot judge */
    int shape;           /* the basis modulo p has the shape */
    int contained;       /* (with shape) the generators reduce to zero modulo p */
    double secs;         /* the wall time it took */
    int beside_learning; /* computed beside learning, else in a batch */
    uint32_t *cf;        /* (with shape) its coefficients (the shape's nterms) */
    size_t cap;          /* cf's room */
    gbc_status st;
    plist res;           /* the basis modulo p until the shape is judged */
    /* beside learning (a background task of the pool): running until waited for,
     * then pending until the shape exists; its worker context and budget */
    int running, pending;
    gbc_ctx wctx;
    gbc_budget budget;
    atomic_int stop;
    size_t base;
} mod_ahead;

typedef struct modst {
    gbc_ctx *ctx;
    const ring *R;       /* the ring of the input (characteristic 0) */
    ring W;              /* the ring of the traced computation: R or homog(R) */
    int homog;           /* W = homog(R) */
    int per_prime_reduce; /* dehomogenise and reduce in R modulo every prime */
    int fglm;            /* W = R in grevlex; FGLM to R's order modulo every prime */
    int decline_up;      /* when FGLM declines: GBC_ERR_UNSUPPORTED to the caller */
    mono_order word;     /* W's order when fglm */
    const gbc_plan *plan; /* the run's choices: ctx->plan when set up */
    gb_stats *stats;
    plist zin;           /* integer generators in W (mpq with denominator 1) */
    plist zr;            /* the same in R, when W = homog(R) and the shape is in R */
    /* Two independent streams of primes: rng for learning, replays and the
     * stability test, crng for the check primes alone (see docs/modular.md) */
    gbc_rng rng, crng;
    uint64_t seed;       /* the run's seed, which names both streams */
    uint32_t *used;
    size_t nused, ucap;
    size_t forced_next;
    f4_trace *tr;        /* trace of the learning prime: read only once compiled */
    int compiled;        /* tr was compiled (or compiling was tried) */
    size_t plain_run;    /* applies in a row that could not use the compiled trace */
    int cc_fit;          /* tr's compiling run gave a basis of the shape: applies that
                          * follow it to the end give flat residues (prime_loop) */
    /* the shape and the CRT accumulator */
    size_t npolys, nterms;
    size_t *plen;
    uint32_t *exps;      /* the shape's exponents, when one does not fit a byte */
    uint8_t *exps8;      /* else as bytes (a quarter of the memory) */
    uint32_t nvars;      /* of the shape's ring */
    zz_crt crt;
    int have_crt;
    uint32_t *resid;     /* scratch: one prime's coefficients, flattened (nterms) */
    mp_limb_t **cpk;     /* per polynomial: its reconstructed coefficients packed
                          * in one block (lift.c, cand_pack), NULL while open */
    mpq_t *qs;           /* scratch: one polynomial's lift per thread (qmax, the
                          * longest polynomial, each; qsn in all) */
    size_t qsn, qmax;
    int have_cand;       /* every polynomial settled: cpk is the candidate */
    /* Polynomials are lifted one by one: an open one follows every prime; a lifted
     * one has rational coefficients in cpk, to be confirmed by the next prime
     * that fits; a settled one was, its integers are dropped from the accumulator
     * (they stop growing) and later primes only compare with it. */
    size_t *poff;        /* first term of each polynomial */
    size_t *pat;         /* the term each polynomial's lift tries first: the one
                          * that did not lift at the last attempt (a failed
                          * attempt then costs about one coefficient) */
    uint8_t *pst;        /* P_OPEN, P_LIFTED, P_SETTLED */
    /* the sure lifts of open polynomials, kept between attempts (lift.c,
     * sc_keep): per polynomial a block of entries, its limbs used and allocated;
     * per term whether it is kept; per thread of the lift scratch (qmax each) */
    mp_limb_t **sc;
    size_t *sused, *scap;
    uint8_t *msure, *sbuf;
    uint8_t *live;       /* per term: its polynomial is not settled */
    uint8_t *pmatch;     /* per polynomial: scratch of mod_absorb_flat's comparisons */
    size_t nsettled;
    /* the prime loop's schedule (reset by mod_shape_start): misfits in a row, and
     * the accumulator's prime count at which the open polynomials are lifted next */
    size_t unlucky_run, next_rr;
    double t0;           /* when the run began (for the log) */
    double shape_t0;     /* when the current shape's primes began (mod_shape_start) */
    double rr_time;      /* the time its reconstruction attempts took so far */
    mod_ahead ahead;     /* the check computed ahead (mod_batch_run_ahead) */
} modst;

enum { P_OPEN = 0, P_LIFTED = 1, P_SETTLED = 2 };

/* What one prime gave: the reduced basis modulo p in the shape's ring (res), or
 * unlucky (res empty), with declined set when the cause is that FGLM declined
 * (the basis modulo p is not zero-dimensional or too large), and plain when a
 * compiled trace could not be used. */
typedef struct prime_out {
    uint32_t p;
    gbc_status st;
    plist res;
    int unlucky, declined, plain;
    int flat;             /* F4_FLAT_DONE: the residues are in the batch's flat
                           * buffer (res empty); F4_FLAT_DIFFERS: p gave another
                           * shape (res empty); else F4_FLAT_NONE */
} prime_out;

/* A batch: n primes applied at once on the computation's pool. Every part runs on
 * a worker context charging one budget (the memory limit and peak cover them all);
 * stop is raised by the first part that fails and by part 0 when the caller's
 * context asks to stop, and every part polls it. */
typedef struct batch {
    const modst *S;
    int n;
    int compile;          /* part 0 compiles the trace, the others replay plainly */
    gbc_budget budget;
    atomic_int stop;
    gbc_ctx wctx[MOD_MAX_BATCH];
    prime_out out[MOD_MAX_BATCH];
    size_t extra;         /* the results' memory, carried by the caller meanwhile */
    /* with use_flat (prime_loop, applies of a trace with cc_fit): each part's
     * residues, flat[t][0..flatn) (flatn = the shape's terms; on the caller's
     * context, kept from batch to batch: no list of exponent vectors per prime) */
    int use_flat;
    uint32_t *flat[MOD_MAX_BATCH];
    size_t flatn;
    /* with use_flat, each part's scratch (f4_keep: the arena of its apply's rows,
     * the dense row, pivot table and lanes), kept from batch to batch (charged to
     * the caller's context between batches); have_arena once initialised */
    f4_keep keep[MOD_MAX_BATCH];
    int have_arena;
    size_t base;          /* the caller's usage when the batch began */
    /* Parts are threads, items are work: each part takes the next item until none
     * is left (items == parts unless the check runs ahead). With ahead_p, item 0
     * is the check's candidate-independent part modulo ahead_p (into *ahead, which
     * is S->ahead) and items 1.. are applies. ran[i] is 1 + the part that ran
     * item i (0: none, after a failure). out[i], flat[i] are per item; wctx[t],
     * keep[t] per part. */
    int parts, nitems;
    uint32_t ahead_p;
    mod_ahead *ahead;
    atomic_int next;
    uint8_t ran[MOD_MAX_BATCH];
    int limited; /* some item (or the check ahead) stopped at the memory limit */
} batch;

/* What a check or the prime loop decided. */
enum { MOD_GO_ON, MOD_ACCEPT, MOD_RESTART };

/* ---- the pieces; every one works on the state of one run ---- */

/* S for the ideal generated by in (ring R, characteristic 0) under ctx's plan: the
 * seed and both prime streams, the integer generators, the path (FGLM, homogenised
 * or direct; no_fglm: not FGLM). S keeps pointers to ctx, its plan, R and stats,
 * which must outlive it. mod_free releases everything S holds. */
gbc_status mod_setup(modst *S, gbc_ctx *ctx, const ring *R, const plist *in,
                     gb_stats *stats, int no_fglm);
void mod_free(modst *S);
/* The ring of the shape: R when every prime is reduced in R, else W. */
const ring *mod_shape_ring(const modst *S);
/* Whether p is a prime the run has used, or divides a leading coefficient of
 * the integer generators. */
int mod_prime_used(const modst *S, uint32_t p);
int mod_prime_divides_lc(const modst *S, uint32_t p);
/* The next prime of the learning stream (forced ones first), recorded as used. */
gbc_status mod_next_prime(modst *S, uint32_t *out);
/* Learn: a full traced run modulo a fresh prime into S->tr and o (the FGLM
 * retries, and the fall-back to the homogenised ideal, of docs/modular.md). */
gbc_status mod_learn(modst *S, const plist *in, prime_out *o);
/* One prime's pipeline into o (o->p set by the caller): a full run (recording
 * into rec when not NULL), a compiling replay of S->tr, or an apply of it. Only
 * reads S (except through rec or compile), on the context ctx. */
void mod_prime_run(const modst *S, gbc_ctx *ctx, int full, f4_trace *rec, int compile,
                   prime_out *o);
/* An apply of S->tr modulo o->p whose basis may come as flat residues into fl
 * (f4_apply_flat; o->flat says what became of them; fl NULL: mod_prime_run's
 * apply). Only reads S, on ctx. */
void mod_prime_apply_flat(const modst *S, gbc_ctx *ctx, f4_flat *fl, prime_out *o);
/* Apply S->tr modulo the n primes ps at once on the pool (compile: one prime,
 * compiling it); the results in B->out until mod_batch_end. */
gbc_status mod_batch_run(modst *S, batch *B, const uint32_t *ps, int n, int compile);
/* The same with the check's candidate-independent part modulo the check prime
 * cp computed beside the applies of the n primes ps, into S->ahead. Not for
 * compiling batches. */
gbc_status mod_batch_run_ahead(modst *S, batch *B, const uint32_t *ps, int n, uint32_t cp);
/* Give back the scratch B keeps for its parts (made again when needed). */
void mod_batch_release(gbc_ctx *ctx, batch *B);
/* Free B (from gbc_calloc on ctx, or NULL), its flat buffers and its arenas. */
void mod_batch_free(gbc_ctx *ctx, batch *B);
void mod_batch_end(modst *S, batch *B);
/* The shape (the polynomials and monomials of G, the basis modulo p) and the
 * accumulator started from G's coefficients; mod_shape_clear drops both. */
gbc_status mod_shape_start(modst *S, const plist *G, uint32_t p, uint32_t nvars);
void mod_shape_clear(modst *S);
/* Whether G has the shape. */
int mod_shape_matches(const modst *S, const plist *G);
/* G's coefficients (G of the shape), flattened into S->resid (nterms). */
void mod_flatten(modst *S, const plist *G);
/* Try to lift every open polynomial; *nlifted = how many were. */
gbc_status mod_lift_open(modst *S, size_t *nlifted);
/* mod_lift_open when the schedule says so (after every prime up to 16, then each
 * time the accumulator has grown by a quarter). */
gbc_status mod_lift_due(modst *S);
/* Take in the basis modulo p, as the coefficients r[0..nterms) of the shape: a
 * lifted polynomial that it confirms is settled (its integers dropped), one it
 * contradicts is open again, the open ones receive its residues. *conflict: r
 * contradicts a settled polynomial (the caller learns anew). p must be new to the
 * accumulator. */
gbc_status mod_absorb_flat(modst *S, const uint32_t *r, uint32_t p, int *conflict);
/* One prime's outcome: r (or G) NULL, or G not of the shape, is a misfit
 * (counted); else mod_absorb_flat. */
gbc_status mod_take_flat(modst *S, uint32_t p, const uint32_t *r, int *conflict);
gbc_status mod_take(modst *S, uint32_t p, const plist *G, int *conflict);
/* Whether so many primes in a row did not fit that the learning prime was
 * probably unlucky (logs it). */
int mod_misfits(const modst *S);
/* The check of docs/modular.md step 6 on the settled candidate (a fresh prime of
 * the check stream); *verdict MOD_ACCEPT, MOD_GO_ON or MOD_RESTART. */
gbc_status mod_check_candidate(modst *S, int *verdict);
/* mod_check_candidate in two halves (for a check prepared ahead, modular/dist.c): the
 * next check prime (mod_check_prime, recorded as used); the half independent of
 * the candidate, the basis modulo q into o (o->res, empty when o->unlucky; the
 * caller clears it) and whether every input generator reduces to zero by it
 * (mod_check_basis, on S->ctx: S may be an applier's); and the verdict on the
 * candidate from them (mod_check_judge, G NULL when q was unlucky): exactly
 * mod_check_candidate's verdicts and logs. */
gbc_status mod_check_prime(modst *S, uint32_t *q);
gbc_status mod_check_basis(modst *S, uint32_t q, prime_out *o, int *contained);
gbc_status mod_check_judge(modst *S, uint32_t q, const plist *G, int contained, int *verdict);
/* mod_check_candidate and, with certify, the proof over Q (the proved basis into
 * cq, empty on entry; *corrupted counts the test hook's alterations). */
gbc_status mod_verify(modst *S, size_t *corrupted, plist *cq, int *verdict);
/* The candidate as a plain list over Q in the shape's ring (move: see shape.c). */
gbc_status mod_cand_export(modst *S, plist *out, int move);
/* The accepted result into out (empty on entry): the candidate, or with certify
 * the proved basis cq (dehomogenised and reduced when the run was homogenised). */
gbc_status mod_output(modst *S, plist *cq, plist *out);
/* The proof of modular.h on G (the candidate over Q). */
gbc_status mod_certify(modst *S, const plist *G, int *ok);

/* ---- shared between the files of modular/ ---- */

/* What mod_prime_work does with the trace when it does not run in full. */
enum { MOD_RUN_APPLY, MOD_RUN_COMPILE, MOD_RUN_PLAIN };
/* mod_prime_work's full: a full run, and one that leaves S->stats alone (it runs
 * beside other work) */
enum { MOD_RUN_FULL = 1, MOD_RUN_FULL_QUIET = 2 };

/* The basis modulo o->p into o: a full run (recording into rec when not NULL; else
 * untraced, with the computation's linear algebra, probabilistic by default), a
 * compiling replay (compile MOD_RUN_COMPILE), a plain replay by hashing
 * (MOD_RUN_PLAIN), or an apply of S->tr (MOD_RUN_APPLY; into fl as flat residues
 * when fl is not NULL and the path allows). Only reads S, so that several primes
 * may run at once, each with its own ctx. */
void mod_prime_work(const modst *S, gbc_ctx *ctx, int full, f4_trace *rec, int compile,
                    f4_flat *fl, prime_out *o);
/* A full run modulo p on the caller's context (recording into rec when not NULL):
 * the learning prime, a check prime. Returns o->st. */
gbc_status mod_prime_full(modst *S, uint32_t p, f4_trace *rec, prime_out *o);
/* *contained = whether every input generator reduces to zero modulo p by G, a
 * basis modulo p in the shape's ring (the second half of the check: it catches a
 * candidate of another ideal whenever p is lucky). On ctx; only reads S. */
gbc_status mod_gens_reduce_to_zero(const modst *S, gbc_ctx *ctx, const plist *G, uint32_t p,
                                   int *contained);

/* The check ahead: the candidate-independent part modulo A->p on ctx into A
 * (mod_ahead_compute, learn.c: A->res, A->contained, A->st); once S has its shape,
 * mod_ahead_shape (shape.c) judges it (A->cf with room for the shape's terms; A->res freed
 * on ctx; A ready). mod_ahead_finish does the latter for the check computed beside
 * learning, once mod_shape_start has made the shape. */
void mod_ahead_compute(const modst *S, gbc_ctx *ctx, mod_ahead *A);
void mod_ahead_shape(const modst *S, gbc_ctx *ctx, mod_ahead *A);
gbc_status mod_ahead_finish(modst *S);

/* Room for the flat residues of n parts of B (the shape's terms each), kept from
 * batch to batch on the caller's context, and B's scratch initialised. */
gbc_status mod_batch_flat_reserve(const modst *S, batch *B, int n);

/* Polynomial k's packed coefficients freed (it is open again or exported). */
void mod_cand_drop(modst *S, size_t k);
/* Whether the candidate (every polynomial settled) reduces to G modulo p
 * (mod_cand_matches; G of any shape), or to the polynomials of the shape with the
 * coefficients cf (mod_cand_matches_flat); *usable is 0 when p divides a
 * denominator (the prime cannot judge). */
int mod_cand_matches(const modst *S, const plist *G, uint32_t p, int *usable);
int mod_cand_matches_flat(const modst *S, const uint32_t *cf, uint32_t p, int *usable);

/* A lifted polynomial's coefficients n_i / d_i (lowest terms, d_i > 0) in one
 * block of limbs: per term a header limb (bits 0-29: the limbs of |n_i|; bits
 * 30-59: those of d_i, 0 when d_i is the previous term's; bit 63: n_i < 0), then
 * the limbs of |n_i|, then those of d_i if given. One allocation per polynomial
 * instead of an mpq per coefficient (32 bytes and one or two blocks of the
 * allocator each: katsura-10's candidate has 383,467 terms), and a denominator
 * that neighbouring terms share is stored once. */
#define CP_SZ_BITS 30
#define CP_SZ_MASK (((mp_limb_t)1 << CP_SZ_BITS) - 1)
#define CP_NEG ((mp_limb_t)1 << 63)

/* The next term of a packed polynomial at *w: n and d become read-only views into
 * the block (never to be written or cleared); d is left as it was when the term
 * shares the previous term's denominator. Returns whether d was given. */
static inline int mod_cand_next(const mp_limb_t **w, mpz_t n, mpz_t d)
{
    const mp_limb_t h = *(*w)++;
    const mp_size_t nn = (mp_size_t)(h & CP_SZ_MASK);
    const mp_size_t dn = (mp_size_t)((h >> CP_SZ_BITS) & CP_SZ_MASK);
    mpz_roinit_n(n, *w, (h & CP_NEG) ? -nn : nn);
    *w += nn;
    if (dn == 0)
        return 0;
    mpz_roinit_n(d, *w, dn);
    *w += dn;
    return 1;
}

#endif
