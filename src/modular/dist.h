/* modular/dist: the distributed computation over Q on the pieces of the multi-modular
 * driver: a coordinator's run (mod_dist), an applier's read-only trace (mod_trace)
 * rebuilt from a blob, and the blobs between them. api/dist.c wraps these as gbc.h's
 * gbc_dist, gbc_trace and gbc_trace_keep; the argument checks of gbc.h are its. */
#ifndef GBC_MODULAR_DIST_H
#define GBC_MODULAR_DIST_H

#include "modular/modular_int.h"

/* streams of one trace at most: each still holds about 770 primes */
#define MOD_DIST_MAX_STREAMS 65536u

/* One run's state on the coordinating process. ctx is the computation's (set up
 * by the caller before mod_dist_init; what it points to, its plan included, must
 * outlive D); R the ring of the generators, which must outlive D. */
typedef struct mod_dist {
    gbc_ctx ctx;
    const ring *R;
    plist in;          /* the generators (a copy) */
    gb_stats stats;
    modst S;
    int have_S;
    int own_pool;
    batch *B;
    int learned;       /* the shape and the accumulator exist */
    int cc_fit;        /* the compiling prime's basis had the shape (as S.cc_fit) */
    int learnings;
    size_t corrupted;
    plist cq;          /* with certify: the proved basis */
    int accepted, done;
    /* a check prepared ahead (mod_dist_check_blob, mod_dist_check_give): its
     * prime (0: none drawn), and once given, the basis modulo it (in the shape's
     * ring), whether it was unlucky, whether the generators reduce to zero by it,
     * and the path it was computed on */
    uint32_t chq;
    int have_chk, chk_unlucky, chk_contained;
    uint32_t chk_path[3], chk_nv;
    plist chk;
} mod_dist;

/* The read-only state an applying process rebuilds from a blob (or a view of a
 * coordinator's state in place). */
typedef struct mod_trace {
    gbc_ctx ctx;       /* the setup's (set up by the caller before mod_trace_init);
                        * reading a blob points its plan at plan */
    ring R;
    plist in;
    gbc_plan plan;     /* ctx's plan as it came, with the blob's certify, order
                        * path and seed */
    modst S;           /* the shape without accumulator, and the trace */
    int flat;          /* applies may give flat residues (f4_apply_flat): the
                        * compiling run's basis had the shape, its supports are in
                        * the trace, and the basis modulo p is F4's own */
    const modst *view; /* mod_dist_view: the coordinator's state, read in place
                        * (S unused); else NULL */
} mod_trace;

/* An applier's scratch kept from apply to apply: the F4 apply's arena, dense row,
 * pivot table and lanes, and one prime's flat residues. held: the bytes it holds,
 * charged to each apply's context while it runs. */
typedef struct mod_trace_keep {
    f4_keep k;
    uint32_t *flat;
    size_t flatn;
    size_t held;
} mod_trace_keep;

/* ---- the coordinator ---- */

/* D (zeroed, its ctx set up) for the generators gens (ring R, characteristic 0;
 * copied) under D->ctx's plan: the run's state, its batch and the pool entered. On
 * failure mod_dist_clear must still be called. */
gbc_status mod_dist_init(mod_dist *D, const ring *R, const plist *gens);
/* Everything D holds released (not D itself, nor R). */
void mod_dist_clear(mod_dist *D);
/* The shape's terms once learnt, else 0. */
size_t mod_dist_nterms(const mod_dist *D);
/* Learning and compiling, as mod_groebner's first steps, and the blob of the
 * learnt trace for the appliers (unaccounted: it outlives the computation).
 * GBC_ERR_ARG when D is accepted; GBC_ERR_VERIFY past the budget of learnings. */
gbc_status mod_dist_learn(uint8_t **blob, size_t *len, mod_dist *D);
/* Take in prime p's residues (NULL: p does not fit), n of them; *state
 * GBC_DIST_RELEARN, GBC_DIST_SETTLED or GBC_DIST_MORE. GBC_ERR_ARG when D is not
 * learnt, accepted, or n is not the shape's terms; GBC_ERR_DOMAIN for a p that is
 * not a new usable prime of [2, 2^31) or residues not below it. */
gbc_status mod_dist_add(gbc_dist_state *state, mod_dist *D, uint32_t p,
                        const uint32_t *residues, size_t n);
/* T (zeroed) a view of D's learnt state in place (D must outlive T and stay
 * learnt while T applies). */
void mod_dist_view(mod_trace *T, const mod_dist *D);
/* The next check prime drawn, and the setup's blob for a check prepared on another
 * process (mod_check_prepare). GBC_ERR_UNSUPPORTED with certify. */
gbc_status mod_dist_check_blob(uint8_t **blob, size_t *len, mod_dist *D);
/* The result of mod_check_prepare taken in (GBC_ERR_PARSE when it is malformed,
 * GBC_ERR_ARG when it is not for the check prime drawn last). */
gbc_status mod_dist_check_give(mod_dist *D, const uint8_t *result, size_t len);
/* The check of the settled candidate, from the prepared one when it fits, else
 * computed here (with the proof under certify); *state GBC_DIST_ACCEPTED,
 * GBC_DIST_RELEARN or GBC_DIST_MORE. GBC_ERR_ARG unless the candidate is settled
 * and not accepted yet. */
gbc_status mod_dist_check(gbc_dist_state *state, mod_dist *D);
/* The accepted result into out (empty on entry; D accepted, not done). */
gbc_status mod_dist_output(mod_dist *D, plist *out);
/* After the result of mod_dist_output was handed over (basis_size polynomials):
 * D done, logged, and the run's statistics into s (NULL: none). */
void mod_dist_done(mod_dist *D, gb_stats *s, size_t basis_size);

/* ---- an applier ---- */

/* T (zeroed, its ctx set up) ready for mod_trace_read or mod_check_prepare. */
void mod_trace_init(mod_trace *T);
/* Everything T holds released (not T itself). */
void mod_trace_clear(mod_trace *T);
/* The trace of a blob of mod_dist_learn into T (GBC_ERR_PARSE when the blob is
 * corrupt or not one). */
gbc_status mod_trace_read(mod_trace *T, const uint8_t *blob, size_t len);
/* The shape's terms. */
size_t mod_trace_nterms(const mod_trace *T);
/* The next prime of stream stream of nstreams (0 < nstreams <= MOD_DIST_MAX_STREAMS)
 * from *cursor (advanced): the streams split the primes of [2^30, 2^31) that are
 * new to the run, every one in exactly one stream, derived from the run's seed. */
void mod_trace_prime(uint32_t *p, uint64_t *cursor, const mod_trace *T, uint32_t stream,
                     uint32_t nstreams);
/* Whether p (a prime of [2, 2^31)) divides a leading coefficient of the generators:
 * it cannot be applied. */
int mod_trace_skips(const mod_trace *T, uint32_t p);
/* Apply T modulo p (a prime that mod_trace_skips passes) on ctx (set up by the
 * caller; entered into a pool here) into residues (room for the shape's terms),
 * *fits = whether the basis modulo p has the shape (residues are left alone when
 * not). K NULL: scratch of this apply alone, and no flat residues; else K's
 * scratch, and the flat residues go through its buffer. */
gbc_status mod_trace_apply(uint32_t *residues, int *fits, const mod_trace *T, uint32_t p,
                           gbc_ctx *ctx, mod_trace_keep *K);
/* K (zeroed) ready; K's memory released (not K itself). */
void mod_trace_keep_init(mod_trace_keep *K);
void mod_trace_keep_clear(mod_trace_keep *K);
/* The prepared half of a check (the basis modulo the check prime and whether the
 * generators reduce to zero by it) for a blob of mod_dist_check_blob, read into T,
 * as a result blob for mod_dist_check_give. */
gbc_status mod_check_prepare(uint8_t **result, size_t *len, mod_trace *T, const uint8_t *blob,
                             size_t blen);

#endif
