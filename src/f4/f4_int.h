/* f4/f4_int: what the parts of F4 share (internal): the state of one run, the
 * trace's layout, and the prototypes of the parts.
 *
 *   basis.c     the state of a run and its basis (setup, generators, adding an
 *               element); every other part builds on it
 *   select.c    pair selection: the rows of a round (pairs and generators)
 *   symbolic.c  multipliers, rows, symbolic preprocessing
 *   matrix.c    column numbering, the matrix handed to la/, its kernel, rows back
 *               to polynomials
 *   final.c     the final interreduction (reduced or minimal basis)
 *   trace.c     the trace: the recorder of a learning run (an observer of the
 *               driver, f4_trace_recorder), the compiled replay's records
 *   confirm.c   the checks of an apply that confirms its rounds (pairs, zero
 *               rows, output)
 *   replay.c    applying a trace modulo another prime (the rounds of a replay)
 *   guided.c    the learning run guided by another engine's rows (its own rounds,
 *               recorded as the driver's are)
 *   hilbert.c   Hilbert-driven rounds (a degree whose Hilbert function is reached
 *               is dropped)
 *   f4.c        the driver: rounds, entry points; it calls the trace only through
 *               an observer (f4_observer)
 *
 * Calls go down this list's order of layers: basis.c; select.c, symbolic.c,
 * matrix.c, hilbert.c; trace.c, confirm.c; replay.c, final.c, nf.c; guided.c; f4.c
 * (serial.c beside trace.c). No file calls one above it.
 *
 * Tables: bht holds the monomials of basis polynomials and generators; pht the
 * pairs' lcms (compacted by f4_select);
 * sht, reset every round, holds the monomials of the current matrix, one per column.
 * A matrix row is a multiplier times a basis polynomial: its column array is built
 * in an arena, its coefficients are the polynomial's own (never copied). */
#ifndef GBC_F4_INT_H
#define GBC_F4_INT_H

#include "f4/f4.h"
#include "la/la.h"
#include "divlookup/divlookup.h"
#include "monideal/monideal.h"
#include "pairs/pairs.h"

#define F4_HASH_SEED 0xf4f4a5a5c3c3e1e1ULL

/* sht aux marks during symbolic preprocessing (later replaced by column numbers) */
#define MARK_NEW 0u
#define MARK_PIVOT 1u
#define MARK_FREE 2u

/* Hilbert-driven rounds (hilbert.c): the target numerator and the current one. */
typedef struct f4_hilb {
    const mi_upoly *target; /* numerator of the ideal's Hilbert series */
    mi_upoly cur;           /* of the leading monomials at basis size at_n */
    size_t at_n;
    int have_cur;
    size_t degrees_skipped, pairs_dropped;
} f4_hilb;

typedef struct f4_state f4_state;

/* An observer of the driver's run (f4.c): hooks called at fixed points, each may
 * be NULL. The recording of a learning run is one (trace.c, f4_trace_recorder); the
 * driver knows the trace only through it. A hook's failure ends the run with its
 * status. */
typedef struct f4_observer {
    /* the run is set up (state, kernel), before any generator or element */
    gbc_status (*start)(f4_state *S);
    /* the round of degree d is reduced: S->newrows[0..nnew) are its new rows; the
     * hook leaves them sorted as f4_sort_newrows does (the driver sorts them itself
     * when there is no hook), and the round's matrix unchanged otherwise */
    gbc_status (*round_reduced)(f4_state *S, uint32_t d, size_t nnew);
    /* the rounds are over (unit: a constant appeared), before the final
     * interreduction; S->red marks the redundant elements */
    gbc_status (*basis_done)(f4_state *S, int unit);
} f4_observer;

struct f4_state {
    gbc_ctx *ctx;
    const ring *R;
    const field *F;
    mht_params par;
    mht bht, sht;
    mht pht;                /* the pairs' lcms (f4_select compacts it) */
    /* basis */
    poly *g;
    uint32_t *lm;
    uint8_t *red;
    size_t n, cap;
    divlookup dl;
    pairset ps;
    /* f4_groebner_resume: elements k < nknown were handed over with their ecart
     * (pairs_basis.ecart), a Groebner basis up to degree dknown; kecart NULL
     * otherwise */
    uint32_t *kecart;
    uint32_t nknown, dknown;
    /* generators waiting for their degree, sorted by increasing lead degree */
    poly *gens;
    size_t ngens, gnext;
    /* matrix of the current round */
    gbc_arena arena;
    /* the kernel's new rows before their back-reduction, which writes them again
     * into arena: emptied after it (f4_echelon) */
    gbc_arena earena;
    la_row *piv;   /* known pivot rows (reducers) */
    size_t npiv, pcap;
    la_row *tbr;   /* rows to reduce */
    size_t ntbr, tcap;
    la_row *newrows;
    size_t ncap;
    uint32_t *colmon; /* column -> sht monomial */
    size_t colcap;
    /* column -> its monomial's index in bht, once f4_row_to_poly has met it in
     * the current matrix: (colstamp << 32 | index), colstamp changing with every
     * numbering of the columns */
    uint64_t *colbht;
    size_t cbcap;
    uint32_t colstamp;
    const la_row **pivot;
    uint64_t *dense;
    uint64_t *lanes;   /* LA_LANES * lanecap zeros: la/lanes.c */
    size_t lanecap;
    uint32_t *tcols, *tcf;
    size_t densecap;
    uint32_t *mexps;  /* nvars scratch: a multiplier */
    gb_stats *stats;
    const f4_observer *obs; /* or NULL */
    /* tracing: multipliers of the rows of the current round (nvars each) */
    f4_trace *rec;          /* recording (learn run: the observer's trace), or NULL */
    const f4_trace *play;   /* replaying (apply run), or NULL */
    uint32_t *pmul, *tmul;
    size_t pmcap, tmcap;
    int minimal;            /* f4_final: a minimal basis, tails left alone */
    const f4_sink *sink;    /* f4_final: where the output goes (NULL: to out) */
    size_t nsunk;           /* polynomials handed to sink */
    f4_hilb *hilb;          /* Hilbert-driven rounds, or NULL */
    /* compiled replay (see struct f4_trace): the trace whose compiled matrices this
     * run uses, or whose matrices it records, or NULL */
    const f4_trace *cc_use;
    f4_trace *cc_rec;
    const uint32_t *cexps;  /* column monomials of the current compiled matrix */
    int cc_bad;             /* the run does not have the compiled shape */
    /* a compiled replay whose new rows may lack columns of the compiled ones (a
     * coefficient that vanished here): they become elements with the compiled
     * support, zeros included (f4_cc_new_fit) */
    int cc_subset;
    f4_flat *flat;          /* f4_apply_flat's buffer, or NULL */
    /* an apply that confirms its rounds (f4_apply_checked), or NULL; the last nzrow
     * rows of tbr are then the round's zero rows, which the kernel does not see */
    f4_check *chk;
    size_t nzrow;
    /* the share of the rows to reduce that gave new pivots in the last two rounds
     * (1 before any): what the next round is expected to give (f4_echelon) */
    double newfrac[2];
    gbc_rng crng;           /* the combinations' multipliers */
    int tail_pivot;         /* an output tail term lies in a pivot column (f4_final) */
    uint32_t ncols;         /* columns of the current matrix */
    /* f4_select: a round takes the pairs of its degree whose rows (the distinct
     * multiples) hold about this many terms, the others wait for the next round
     * of the same degree; 0: every pair of the degree. Set after each round from
     * its matrix (f4_round_budget). */
    size_t round_terms;
    /* linear algebra: the kernel of this run (la_kernel_select) and its state */
    const la_kernel *kern;
    la_env la;
};

/* ------------------------------------------------------------- traces -- */

typedef struct f4_cround f4_cround;

/* A recorded row: len column indices, encoded at ccode + off (f4_cc_decode), its
 * source's index. */
typedef struct cc_row {
    size_t off;
    uint32_t len, src;
} cc_row;

/* Up to this many generators join the basis as they are; more enter as rows of
 * their degree's matrix, which interreduces them first (the pair update of n
 * unreduced generators costs n^2: 10^5 binomials took 50 s that way, 0.07 s as
 * rows). f4.c add_gens; f4_learn_guided (trace.c) relies on the same
 * choice. */
#define F4_DIRECT_GENS_MAX 1000

/* A generator row's src: its index with the top bit set. */
#define GEN_FLAG 0x80000000u

struct f4_trace {
    uint32_t nvars;
    /* rows of every round: src and multiplier exponents */
    uint32_t *src;
    uint32_t *mul;
    size_t nrows, rcap;
    /* leading monomials of the new elements of every round */
    uint32_t *lead;
    size_t nleads, lcap;
    f4_trace_round *rounds;
    size_t nrounds, cap;
    uint8_t *red;   /* redundancy of the basis elements at the end */
    size_t nbasis;
    int unit;       /* the ideal is the unit ideal */
    int confirm;    /* the rounds hold their zero rows (f4_trace_set_confirm) */
    /* Compiled replay. The first apply run that fits the trace records the column
     * structure of every matrix it builds (each row's column indices, each column's
     * monomial, the generators' and the new rows' supports); later apply runs take
     * the rows from there instead of hashing every product and sorting the
     * columns. Their rows are then the same as a plain replay's, provided the
     * supports agree, which is checked: generators term by term, new rows column by
     * column. A run whose supports differ (a coefficient that vanishes modulo one of
     * the two primes) falls back to a plain replay, which records anew. */
    int cstate;              /* CC_NONE, CC_READY or CC_OFF (too large) */
    /* row and new-row column indices, concatenated, each row delta-coded in 16-bit
     * words: a word is the signed difference to the previous column, or CC_ESC
     * followed by the column itself in two words (low, high); a row's first column
     * is always written that way. Column indices of one row are mostly close to
     * each other, so this takes about half the space of the indices. */
    uint16_t *ccode;
    size_t nccode, cccap;
    cc_row *crow;            /* the recorded rows */
    size_t ncrows, crcap;
    uint32_t *cexps;         /* column monomials, nvars each */
    size_t ncexps, cecap;
    uint32_t *cgexps;        /* the generators' monomials, nvars each */
    size_t ncgexps, cgcap;
    uint32_t *cglen;         /* the generators' lengths */
    size_t ncglen, cglcap;
    f4_cround *cr;           /* the replayed rounds, then the final matrix */
    size_t ncr, ccap;
    /* the compiling run's basis, in output order: each polynomial's length, and
     * the columns of the final matrix its terms are in, concatenated (serialised
     * since version 2 of f4/serial.c, so that a loaded trace's applies give flat
     * residues too) */
    uint32_t *olen, *ocols;
    size_t nout, olcap, nocols, occap;
};

enum { CC_NONE = 0, CC_READY = 1, CC_OFF = 2 };

#define CC_ESC 0x8000u

/* The column after c coded at *w (see struct f4_trace); advances *w. */
static inline uint32_t f4_cc_next(const uint16_t **w, uint32_t c)
{
    uint16_t v = *(*w)++;
    if (v != CC_ESC)
        return c + (uint32_t)(int32_t)(int16_t)v;
    c = (uint32_t)(*w)[0] | (uint32_t)(*w)[1] << 16;
    *w += 2;
    return c;
}

/* The len columns coded at w (see struct f4_trace) into out. */
static inline void f4_cc_decode(const uint16_t *w, uint32_t len, uint32_t *out)
{
    uint32_t c = 0;
    for (uint32_t k = 0; k < len; k++)
        out[k] = c = f4_cc_next(&w, c);
}

/* The compiled structure of one matrix: ncols columns (monomials at cexps + ce0),
 * rows r0 .. r0 + nrows of the recorded rows (npiv reducers first), then nnew
 * recorded new rows (their supports, to be checked), or for the final matrix
 * nbase = the rows to tail-reduce. */
struct f4_cround {
    uint32_t ncols, npiv, nrows, nnew;
    size_t ce0, r0;
};

static inline uint32_t f4_lead_degree(const f4_state *S, const poly *f)
{
    return S->bht.row[f->mon[0]].deg;
}

/* The monomial of column c of the current matrix. */
static inline const uint32_t *f4_col_exps(const f4_state *S, uint32_t c)
{
    return S->cexps != NULL ? S->cexps + (size_t)c * S->R->nvars
                            : mht_exps(&S->sht, S->colmon[c]);
}


/* basis.c: the state and the basis */
gbc_status f4_setup(f4_state *S, gbc_ctx *ctx, const ring *R, gb_stats *stats);
void f4_free(f4_state *S);
gbc_status f4_reserve_basis(f4_state *S);
/* Add the monic, nonzero, non-constant h (monomials in bht) to the basis, with the
 * pair update unless replaying; takes ownership of h. */
gbc_status f4_add(f4_state *S, poly *h);
/* f4_add without the pairs (a replay, the guided learning of guided.c): h joins the
 * basis and the divisor lookup; *strict = an older lead properly divides h's. */
gbc_status f4_add_element(f4_state *S, poly *h, int *strict);
/* The pair updates of elements k0 .. S->n - 1, just added by f4_add_element in
 * that order with no strict lead among them (pairs_update_many, on the round's
 * threads), unless replaying. */
gbc_status f4_add_pairs(f4_state *S, size_t k0);
/* The generators in into S->gens as F4 takes them: monic, zeros dropped, stably
 * sorted by lead degree; *unit set when one is a constant. */
gbc_status f4_take_gens(f4_state *S, const plist *in, int *unit);

/* select.c: reset the round's matrix and build the rows of the pairs of degree d
 * (one pivot row per lcm, the others to reduce; all of them, or with
 * S->round_terms the lcms, in index order, whose rows first reach that many terms)
 * and of the generators of degree d; *nsel = the pairs taken. */
gbc_status f4_select(f4_state *S, uint32_t d, size_t *nsel);
/* The term budget of the rounds after one of ncols columns and nnz entries (0:
 * whole degrees): see select.c. */
size_t f4_round_budget(size_t ncols, size_t nnz);
/* (select.c) The lcm table rebuilt with the live pairs' lcms alone once it holds
 * more than twice as many (and at least 2^14); the pairs' order does not change. */
gbc_status f4_compact_lcms(f4_state *S);

/* symbolic.c */
/* Set S->mexps to u / lm where u is a monomial of table tu and lm one of bht;
 * returns the multiplier's hash and degree. */
void f4_multiplier(f4_state *S, const mht *tu, uint32_t u, uint32_t lm, uint32_t *mhash,
                   uint32_t *mdeg);
/* row = (multiplier in S->mexps) * f, monomials into sht. */
gbc_status f4_make_row(f4_state *S, uint32_t mhash, uint32_t mdeg, const poly *f,
                       uint32_t src, la_row *row);
gbc_status f4_push_row(gbc_ctx *ctx, la_row **arr, size_t *n, size_t *cap, la_row **slot);
/* Keep the multiplier in S->mexps of row k of S->piv (tbr == 0) or S->tbr, for the
 * trace being recorded. */
gbc_status f4_stage_mult(f4_state *S, int tbr, size_t k);
/* A row built in a wave: the multiplier (hash mhash, degree mdeg) times S->g[gi],
 * at place row of S->piv (tbr == 0) or S->tbr; u is the monomial a reducer row is
 * for (symbolic preprocessing). */
typedef struct f4_wave_row {
    uint32_t u, gi, mhash, mdeg;
    int tbr;
    size_t row;
    uint32_t *cols;  /* S->arena's */
    uint64_t mpk[2]; /* the multiplier's packed key, when packed */
    int packed;      /* products looked up by packed keys */
    uint32_t miss;   /* products the lookups did not find */
    uint32_t first;  /* the first of them (a term's index) */
} f4_wave_row;
/* Set up wave row r (gi, mhash, mdeg, tbr, row set; the multiplier in S->mexps,
 * copied to mex, n words): its column array, its key. */
gbc_status f4_wave_prepare(f4_state *S, f4_wave_row *r, uint32_t *mex);
/* Build the rows w[0..nw) (multipliers in mex): their products looked up by nt
 * threads of the pool at once (none when nt == 1), the others inserted in row
 * order; pivot rows mark their leading monomial. The same table and rows as
 * f4_make_row on each row in turn. */
gbc_status f4_wave_build(f4_state *S, f4_wave_row *w, size_t nw, const uint32_t *mex, int nt);
/* Symbolic preprocessing: a reducer row for every reducible monomial of the matrix. */
gbc_status f4_symbolic(f4_state *S);

/* matrix.c */
/* Number the columns (pivot columns first, each block by decreasing monomial),
 * rewrite the rows' monomials as columns, set up the pivot table. */
gbc_status f4_columns(f4_state *S, uint32_t *npivcols);
/* Dense scratch and the pivot table for nc columns. */
gbc_status f4_scratch(f4_state *S, uint32_t nc);
/* The lanes (zero) for the current matrix's S->ncols columns (f4_scratch
 * allocates them with the rest; the steps that use them ask again: f4_echelon
 * but for a hypersparse matrix, f4_confirm_zero, f4_final modulo p). */
gbc_status f4_lanes(f4_state *S);
/* The threads a round's own parallel steps (symbolic preprocessing's lookups, the
 * columns' renumbering) may use: the run's, at most the pool's; 1 (no pool) means
 * the calling thread alone (matrix.c). */
int f4_round_threads(const f4_state *S);
/* The run's kernel K; one with random multipliers (every kernel but the exact one)
 * gets them seeded from the OS, so that no input can predict them. */
void f4_set_kernel(f4_state *S, const la_kernel *K);
/* Give back the memory of arena a after a round's use, or keep its chunks for the
 * next apply when the scratch is the caller's (matrix.c). */
void f4_arena_done(f4_state *S, gbc_arena *a);
/* The scratch, column monomials and pivot table of compiled matrix c of
 * S->cc_use, whose rows are in S->piv (and S->tbr). */
gbc_status f4_cc_matrix(f4_state *S, const f4_cround *c);
/* Reduce the rows S->tbr by the pivots S->piv with the run's kernel and bring the
 * new pivots to reduced echelon form among themselves: S->newrows[0..*nnew). */
gbc_status f4_echelon(f4_state *S, size_t *nnew);
/* The round's rows built and preprocessed (f4_symbolic): columns numbered
 * (f4_columns), rows reduced (f4_echelon: *nnew new rows); *nnz = the matrix's
 * nonzero entries. The matrix's counters go to S->stats, with npairs pairs
 * reduced and the time since t0 (wall clock) split into selection and linear
 * algebra. */
gbc_status f4_reduce_round(f4_state *S, double t0, size_t npairs, size_t *nnew, size_t *nnz);
/* Permute the n elements of size bytes at base so that key[] (one per element, in
 * the input order) increases, stably (common/sort). */
gbc_status f4_sort_by_key(gbc_ctx *ctx, void *base, size_t n, size_t size,
                          const uint64_t *key);
/* Sort S->newrows[0..nnew) by increasing leading column (decreasing leading
 * monomial). */
gbc_status f4_sort_newrows(f4_state *S, size_t nnew);
/* A matrix row (columns in decreasing monomial order) as a basis polynomial with
 * monomials in bht. */
gbc_status f4_row_to_poly(f4_state *S, const la_row *r, poly *h);

/* final.c */
gbc_status f4_emit_one(gbc_ctx *ctx, const ring *R, plist *out);
/* With S->sink set, hand out's last polynomial to it and drop it from out (else
 * nothing). */
gbc_status f4_sink_last(f4_state *S, plist *out);
/* Load the Groebner basis G into the fresh state S: monic elements, the redundant
 * ones (a lead divisible by another's) marked, the others in the divisor lookup;
 * *unit when an element is a constant (loading stops there). */
gbc_status f4_load_basis(f4_state *S, const plist *G, int *unit);
/* The reduced basis (or with S->minimal a minimal one) of the run's basis. */
gbc_status f4_final(f4_state *S, plist *out);

/* trace.c */
/* Record the round of degree d just reduced into S->rec (its nnew useful rows and
 * the reducers they need, then the new leads), sorting the new rows as the basis
 * takes them (f4_sort_newrows). */
gbc_status f4_record_round(f4_state *S, uint32_t d, size_t nnew);
/* The observer that records a learning run into S->rec (set with it): the trace's
 * width, every round (f4_record_round), and at the end the unit flag, the basis
 * size and its redundancy marks. */
extern const f4_observer f4_trace_recorder;
void f4_cc_reset(f4_trace *tr, int st);
gbc_status f4_trace_push_row(gbc_ctx *ctx, f4_trace *tr, uint32_t src, const uint32_t *mul);
gbc_status f4_trace_push_lead(gbc_ctx *ctx, f4_trace *tr, const uint32_t *e);
gbc_status f4_cc_record_gens(f4_state *S);
int f4_cc_gens_match(const f4_state *S);
gbc_status f4_cc_record_matrix(f4_state *S);
gbc_status f4_cc_record_new(f4_state *S, size_t nnew);
void f4_cc_shrink(gbc_ctx *ctx, f4_trace *t);
/* The columns of recorded row w, decoded into the round's arena. */
gbc_status f4_cc_row_cols(f4_state *S, const cc_row *w, uint32_t **cols);
/* Whether the nnew new rows fit the supports recorded for compiled matrix c:
 * *fits = 1 when each has exactly its recorded columns or, with S->cc_subset, some
 * of them (the same leading column); such a row is then rewritten (in the arena)
 * with all the recorded columns, zero coefficients where it had none. */
gbc_status f4_cc_new_fit(f4_state *S, const f4_cround *c, size_t nnew, int *fits);
/* Record the support of the next polynomial of the compiling run's basis (the
 * columns of the final matrix, output order). */
gbc_status f4_cc_record_out(f4_state *S, const uint32_t *cols, uint32_t len);

/* confirm.c: the checks of an apply that confirms its rounds (S->chk; see
 * f4_check in f4.h). Each sets *bad (and S->chk->refuted, why) when its check
 * fails. f4_confirm_begin: the combinations per round and their seed.
 * f4_confirm_pairs: before replay round r, its degree and rows against the pairs
 * (those of the round's degree are taken out of S->ps) and the generators taken as
 * rows. f4_confirm_zero: after the round's echelon form (before the new rows are
 * sorted), the combinations of its zero rows (the last S->nzrow rows of S->tbr).
 * f4_confirm_end: after the last round, no pair left and the trace's
 * redundancy. f4_confirm_output: out's leading monomials are the non-redundant
 * elements' (else *bad), and whether out is reduced (S->chk->reduced). */
void f4_confirm_begin(f4_state *S, uint64_t seed);
gbc_status f4_confirm_pairs(f4_state *S, size_t r, int *bad);
gbc_status f4_confirm_zero(f4_state *S, int *bad);
gbc_status f4_confirm_end(f4_state *S, int unit, int *bad);
gbc_status f4_confirm_output(f4_state *S, const plist *out, int *bad);
/* f4_final's output row res (lead, reduced tail): sets S->tail_pivot when a tail
 * term lies in a pivot column of the final matrix. */
void f4_confirm_tail(f4_state *S, const la_row *res);

/* hilbert.c */
void f4_hilb_init(f4_hilb *H, const mi_upoly *target);
void f4_hilb_clear(gbc_ctx *ctx, f4_hilb *H);
/* *complete: the leading monomials so far have the target's Hilbert function in
 * degree d (every pair and generator of degree d reduces to zero).
 * GBC_ERR_INTERNAL when they have fewer standard monomials than the target. */
gbc_status f4_hilb_complete(f4_state *S, f4_hilb *H, uint32_t d, int *complete);
/* GBC_ERR_INTERNAL unless the basis's leading monomials have the target series. */
gbc_status f4_hilb_final_check(f4_state *S, f4_hilb *H);
/* Remove the pairs of degree d; returns how many. */
size_t f4_hilb_drop(f4_state *S, uint32_t d);

/* replay.c: the rounds of a replay of S->play (set, with the generators taken).
 * f4_replay_begin: with compiled, the replay takes its matrices from S->play's
 * compiled replay (*bad when the generators' supports are not the recorded ones);
 * else with compile (S->play itself) it records them there; GBC_ERR_INTERNAL when
 * the trace has another number of variables. */
gbc_status f4_replay_begin(f4_state *S, int compiled, f4_trace *compile, int *bad);
/* Every round of S->play after the generators joined the basis; *bad when this
 * prime does not follow the trace (a round, the unit flag or the basis size
 * differ), else the redundancy marks are the trace's. */
gbc_status f4_replay_rounds(f4_state *S, int *unit, int *bad);
/* After the final interreduction of a compiling replay: the compiled replay is
 * complete (unless unit) and ready for use. */
void f4_replay_compiled(f4_state *S, int unit);
/* At the end of a replay, whatever happened: an incomplete compiled replay is
 * dropped (the next replay records anew). */
void f4_replay_end(f4_state *S);

#endif
