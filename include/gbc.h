/* gbc.h: the public C interface of gbc, a Groebner basis library.
 *
 * Conventions (see docs/api.md for the full contract of every function):
 * - Every fallible function returns gbc_status. Outputs come first, by pointer; on
 *   error they are left untouched and inputs are unchanged.
 * - The library copies what it is given. What it returns, the caller frees with the
 *   matching gbc_*_free; every *_free accepts NULL.
 * - No global state: distinct handles may be used from distinct threads at once.
 * - The library never calls exit or abort and never prints; messages go through the
 *   log callback set in gbc_options.
 * This header uses only standard C types. */
#ifndef GBC_H
#define GBC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define GBC_API
#elif defined(__GNUC__)
#define GBC_API __attribute__((visibility("default")))
#else
#define GBC_API
#endif

#define GBC_VERSION_MAJOR 0
#define GBC_VERSION_MINOR 2
#define GBC_VERSION_PATCH 0

/* Status codes. GBC_OK is zero; every error is positive. */
typedef enum gbc_status {
    GBC_OK = 0,
    GBC_ERR_NOMEM = 1,        /* an allocation failed */
    GBC_ERR_LIMIT = 2,        /* the memory limit set in gbc_options was reached */
    GBC_ERR_OVERFLOW = 3,     /* an exponent or degree does not fit in 32 bits */
    GBC_ERR_INTERRUPTED = 4,  /* stopped by the interrupt callback or gbc_options_cancel */
    GBC_ERR_PARSE = 5,        /* malformed text; gbc_error says where and why */
    GBC_ERR_ARG = 6,          /* an invalid argument (NULL, out of range, ...) */
    GBC_ERR_DOMAIN = 7,       /* mathematically invalid: p not prime, mixed rings */
    GBC_ERR_UNSUPPORTED = 8,  /* valid request this version does not implement */
    GBC_ERR_VERIFY = 9,       /* a result failed its verification */
    GBC_ERR_IO = 10,          /* reading or writing a file failed */
    GBC_ERR_INTERNAL = 11     /* a bug in gbc: please report it */
} gbc_status;

/* A static English description of a status; never NULL. */
GBC_API const char *gbc_status_string(gbc_status status);
/* The library version as "MAJOR.MINOR.PATCH"; a static string. */
GBC_API const char *gbc_version(void);

/* Where and why a parse or argument check failed. line and column count from 1
 * (0 when not applicable); message is NUL-terminated English. Caller-allocated;
 * every function taking a gbc_error * accepts NULL. For array input
 * (gbc_polys_from_arrays_*) line is the polynomial and column the term, both
 * counted from 1, of the offending coefficient or exponent row. */
typedef struct gbc_error {
    uint64_t line;
    uint64_t column;
    char message[256];
} gbc_error;

/* ------------------------------------------------------------------ rings -- */
/* A polynomial ring: variable names, coefficient field and term order.
 *
 * characteristic: 0 for the rationals, or a prime 2 <= p < 2^31.
 * order: "grevlex", "lex", "deglex", "weights:w1,...,wn" (positive integer weights,
 * ties broken by grevlex), or "blocks:B1,...,Bk" with each Bi one of grevlex(m),
 * lex(m), deglex(m), whose sizes add up to nvars (a product order: block 1 first).
 * NULL means "grevlex". Names are copied; they must be distinct identifiers
 * [A-Za-z_][A-Za-z0-9_]*. nvars may be 0 (the ring is then the field itself).
 * Rings are reference counted: polynomial lists keep their ring alive, so the
 * caller may free a ring while lists made in it are still in use. */
typedef struct gbc_ring gbc_ring;

GBC_API gbc_status gbc_ring_new(gbc_ring **ring, uint32_t nvars,
                                const char *const *names, uint32_t characteristic,
                                const char *order, gbc_error *err);
GBC_API void gbc_ring_free(gbc_ring *ring);
GBC_API uint32_t gbc_ring_nvars(const gbc_ring *ring);
GBC_API uint32_t gbc_ring_characteristic(const gbc_ring *ring);
/* Name of variable i (0-based), owned by the ring; NULL if i is out of range. */
GBC_API const char *gbc_ring_var_name(const gbc_ring *ring, uint32_t i);

/* ---------------------------------------------------------------- options -- */
typedef enum gbc_algorithm {
    GBC_ALGO_DEFAULT = 0,     /* F4 (multi-modular over Q) */
    GBC_ALGO_BUCHBERGER = 1,  /* the reference reducer (direct over Q) */
    GBC_ALGO_F4 = 2,          /* F4; over Q the multi-modular F4 */
    GBC_ALGO_SIG = 3          /* signature-based F4 over Z/p (docs/sig.md; other
                               * orders by the same order path as F4); over Q the
                               * multi-modular F4 runs, as for GBC_ALGO_F4 */
} gbc_algorithm;

typedef struct gbc_options gbc_options;

/* Options for one computation. A NULL gbc_options * means all defaults. */
GBC_API gbc_status gbc_options_new(gbc_options **opts);
GBC_API void gbc_options_free(gbc_options *opts);
GBC_API gbc_status gbc_options_set_algorithm(gbc_options *opts, gbc_algorithm algo);
/* Over Q: prove the result (see docs/modular.md) instead of checking it modulo a
 * fresh prime. Slower; off by default. */
GBC_API gbc_status gbc_options_set_certify(gbc_options *opts, int certify);
/* Over Q: the learning run of the multi-modular path. GBC_LEARN_F4 (the default):
 * F4 modulo the first prime, recording the trace the other primes replay.
 * GBC_LEARN_SIG: the signature engine's run modulo that prime picks the rows, and
 * F4 guided by them records the trace (docs/sig.md, "Over Q"); where that does not
 * apply (the engine would hand over to F4, more than 1000 generators) or misses,
 * F4 learns as by default. The result is the same either way. */
typedef enum gbc_learn {
    GBC_LEARN_F4 = 0,
    GBC_LEARN_SIG = 1
} gbc_learn;
GBC_API gbc_status gbc_options_set_learn(gbc_options *opts, gbc_learn learn);
/* Over Q: draw the primes from seed instead of from the operating system's entropy
 * (the default), so that a run can be repeated exactly (the seed of a run is in
 * gbc_stats_seed and in the level-1 log). A fixed seed removes the guarantee against
 * crafted input: the primes are then known in advance, and an input whose
 * coefficients are built from them can make the check accept a wrong basis (see
 * docs/modular.md). No effect over Z/p. */
GBC_API gbc_status gbc_options_set_seed(gbc_options *opts, uint64_t seed);
/* F4's linear algebra over Z/p. GBC_LA_EXACT reduces every row of every matrix.
 * GBC_LA_PROBABILISTIC reduces random linear combinations of blocks of rows, about
 * as many as the rank needs; its result is wrong with probability at most 2^-64 over
 * the whole computation (docs/linear-algebra.md), and it falls back to the exact
 * kernel where that is cheaper (small matrices, p < 2^8). GBC_LA_AUTO (the default)
 * is the probabilistic kernel with those fallbacks. Results do not depend on the
 * choice, except with that probability. A run that records a trace (the learning
 * run of the multi-modular path over Q, gbc_trace_mod_learn) uses the ranked
 * kernel: the exact kernel's rows and their provenance, stopping a matrix once
 * random combinations of its remaining rows reduce to zero (wrong within the same
 * bound); with GBC_LA_EXACT the exact kernel. Replays use the exact kernel. */
typedef enum gbc_linear_algebra {
    GBC_LA_AUTO = 0,
    GBC_LA_EXACT = 1,
    GBC_LA_PROBABILISTIC = 2
} gbc_linear_algebra;
GBC_API gbc_status gbc_options_set_linear_algebra(gbc_options *opts, gbc_linear_algebra mode);
/* How gbc_groebner reaches an order that is not degree-compatible (lex, block,
 * weighted) with F4. GBC_ORDER_AUTO (the default): when a generator has degree 32
 * or more, first try the sugar Buchberger in the order itself on the generators
 * within a budget of work proportional to their size times their degree (it wins
 * where the order's basis is close to the generators, such as x^100000 - y,
 * y^2 - x in lex, and costs a few milliseconds where it does not finish); then
 * compute the grevlex basis and, if the ideal is zero-dimensional, change its order
 * by FGLM (docs/fglm.md), otherwise compute the basis for the order from the
 * homogenised grevlex basis, with the Hilbert series of its leading terms telling
 * F4 when a degree is complete.
 * GBC_ORDER_FGLM: FGLM, and GBC_ERR_DOMAIN when the ideal is not zero-dimensional.
 * GBC_ORDER_HOMOGENISE: F4 on the homogenised generators. GBC_ORDER_HILBERT: the
 * Hilbert-driven path always. GBC_ORDER_DIRECT: the sugar Buchberger in the order
 * itself without a budget (degrees can run away: katsura-4 in lex passes degree
 * 500). Over Q: the same first try (exact, no primes), then FGLM modulo each prime
 * when zero-dimensional, else (and for GBC_ORDER_HILBERT) the homogenised
 * generators. GBC_ALGO_BUCHBERGER: the same first try, then the homogenised
 * generators (it ignores the path). The basis does not depend on the choice; the
 * log (level 1) says which path ran and why. */
typedef enum gbc_order_path {
    GBC_ORDER_AUTO = 0,
    GBC_ORDER_FGLM = 1,
    GBC_ORDER_HOMOGENISE = 2,
    GBC_ORDER_HILBERT = 3,
    GBC_ORDER_DIRECT = 4
} gbc_order_path;
GBC_API gbc_status gbc_options_set_order_path(gbc_options *opts, gbc_order_path path);
/* Threads a computation may use (default 1). F4 reduces the rows of each matrix by
 * the known pivots in parallel; results do not depend on the number. */
GBC_API gbc_status gbc_options_set_threads(gbc_options *opts, int threads);
/* Stop with GBC_ERR_LIMIT when the library's own allocations would exceed bytes
 * (0: no limit). GMP's big integers count by size bounds charged before each
 * operation that can grow them. Without a limit a ceiling of 3/4 of the least of
 * physical memory, RLIMIT_AS and RLIMIT_DATA applies (GBC_ERR_NOMEM beyond it);
 * setting a limit replaces it (docs/api.md). */
GBC_API gbc_status gbc_options_set_memory_limit(gbc_options *opts, size_t bytes);
/* That ceiling in bytes (computed once per process), or 0 when the machine states
 * no bound. */
GBC_API size_t gbc_default_memory_ceiling(void);
/* Polled regularly during long computations; a non-zero return stops the
 * computation with GBC_ERR_INTERRUPTED. */
GBC_API gbc_status gbc_options_set_interrupt(gbc_options *opts,
                                             int (*callback)(void *data),
                                             void *data);
/* Receives progress and statistics lines (level 1) and details (level 2) when the
 * verbosity is at least the level. msg is valid only during the call. */
GBC_API gbc_status gbc_options_set_log(gbc_options *opts,
                                       void (*callback)(void *data, int level,
                                                        const char *msg),
                                       void *data, int verbosity);
/* Called from long computations, in the computing thread: stage names the phase
 * ("f4": count = F4 rounds done; "modular": count = primes used; "buchberger":
 * count = pairs reduced; "interreduce", "normal-form", "check", "certify": fraction
 * done),
 * fraction is in [0, 1] when known and negative otherwise. Called on the first
 * report of each stage and then at most every 10 ms. stage is a static string.
 * The callback must not call gbc on the same options or handles; it may call
 * gbc_options_cancel. NULL removes it. */
GBC_API gbc_status gbc_options_set_progress(gbc_options *opts,
                                            void (*callback)(void *data, const char *stage,
                                                             double fraction,
                                                             uint64_t count),
                                            void *data);
/* Ask every computation running with opts to stop with GBC_ERR_INTERRUPTED (within
 * milliseconds). Safe from any thread and from a signal handler (it stores to a
 * lock-free atomic flag); opts must stay alive. The request stays set: computations
 * started with opts afterwards stop at once, until gbc_options_reset_cancel. NULL is
 * ignored. */
GBC_API void gbc_options_cancel(gbc_options *opts);
GBC_API void gbc_options_reset_cancel(gbc_options *opts);
/* Whether a cancel request is pending (0 for NULL). */
GBC_API int gbc_options_cancelled(const gbc_options *opts);
/* A signal as a cancel, for hosts whose own interrupt handling cannot reach a
 * running call (an interpreter calling through a foreign-function interface, whose
 * Ctrl-C is only seen between calls). gbc_signal_watch_begin installs a handler of
 * signum (SIGINT, say) that calls gbc_options_cancel(opts); gbc_signal_watch_end
 * gives the signal back the disposition it had at begin and returns 1 when the
 * signal came in between (opts then stays cancelled until gbc_options_reset_cancel),
 * 0 when not, -1 when no watch was open. One watch at a time in a process (a second
 * begin is GBC_ERR_ARG, as are a NULL opts and SIGKILL, SIGSTOP or a number that is
 * no signal); a signal the process ignores stays ignored. The disposition of a
 * signal belongs to the whole process: call both from the thread that runs the
 * computation, and keep opts alive until the end. The one process-wide state of
 * the library (docs/api.md, "Signals"). Since 0.2.0. */
GBC_API gbc_status gbc_signal_watch_begin(gbc_options *opts, int signum);
GBC_API int gbc_signal_watch_end(void);

/* Which Groebner basis gbc_groebner returns. */
typedef enum gbc_basis_kind {
    GBC_BASIS_REDUCED = 0, /* the reduced basis: monic, tails interreduced (default) */
    GBC_BASIS_MINIMAL = 1  /* a minimal basis: monic, one element per minimal leading
                            * monomial, tails not interreduced (cheaper) */
} gbc_basis_kind;
GBC_API gbc_status gbc_options_set_basis(gbc_options *opts, gbc_basis_kind kind);

/* ------------------------------------------------------ polynomial lists -- */
/* An ordered list of polynomials of one ring, the unit of exchange. */
typedef struct gbc_polys gbc_polys;

GBC_API void gbc_polys_free(gbc_polys *polys);
/* The ring of a list (borrowed: valid as long as the list is). */
GBC_API const gbc_ring *gbc_polys_ring(const gbc_polys *polys);
GBC_API size_t gbc_polys_count(const gbc_polys *polys);

/* Parse a whole input in the command-line format: line 1 the variable names, line 2
 * the characteristic, then the generators (see docs/format.md). Creates the ring
 * with the given order (NULL: grevlex) and the list. On GBC_ERR_PARSE, err holds
 * the line, column and reason. text need not be NUL-terminated; len is its size.
 * Zero generators are dropped (gbc_parse_list keeps them). opts (NULL: defaults)
 * supplies the memory limit and the interrupt: expanding powers of sums can be
 * long. */
GBC_API gbc_status gbc_parse(gbc_ring **ring, gbc_polys **polys, const char *text,
                             size_t len, const char *order, const gbc_options *opts,
                             gbc_error *err);
/* Parse comma-separated polynomials (no header) in an existing ring; the list
 * keeps a reference to the ring. Zero polynomials are dropped (gbc_polys_parse_list
 * keeps them). */
GBC_API gbc_status gbc_polys_parse(gbc_polys **polys, const gbc_ring *ring,
                                   const char *text, size_t len, const gbc_options *opts,
                                   gbc_error *err);
/* gbc_parse and gbc_polys_parse for a positional list: zero polynomials (0, 0*x,
 * x-x, a multiple of p over Z/p) stay in the list as zero polynomials, so that
 * polynomial k of the list is polynomial k of the text; a text whose only
 * polynomial is 0 gives a list of one zero polynomial (no polynomial at all still
 * gives an empty list). For lists read by position: the polynomials given to
 * gbc_reduce, gbc_member and gbc_lift, and the generators whose cofactors
 * gbc_lift_basis and gbc_lift return. */
GBC_API gbc_status gbc_parse_list(gbc_ring **ring, gbc_polys **polys, const char *text,
                                  size_t len, const char *order, const gbc_options *opts,
                                  gbc_error *err);
GBC_API gbc_status gbc_polys_parse_list(gbc_polys **polys, const gbc_ring *ring,
                                        const char *text, size_t len,
                                        const gbc_options *opts, gbc_error *err);
/* Print a list in the output format: with GBC_PRINT_HEADER the variable and
 * characteristic lines first. Returns a NUL-terminated string the caller frees with
 * gbc_string_free; *len (if len is not NULL) receives its length. Polynomials are
 * printed as stored; Groebner bases come out monic over the rationals. */
#define GBC_PRINT_HEADER 1u
GBC_API gbc_status gbc_polys_to_string(char **text, size_t *len,
                                       const gbc_polys *polys, unsigned flags);
/* The same text, written a piece at a time through write(data, buf, n), which
 * returns the number of bytes it took (fewer than n: a write error), so that a
 * large basis is never held as one string (katsura-10 over Q prints 52 MB).
 * GBC_ERR_IO when write takes fewer bytes than given, GBC_ERR_ARG on NULL. */
typedef size_t (*gbc_write_fn)(void *data, const char *buf, size_t n);
GBC_API gbc_status gbc_polys_print(const gbc_polys *polys, unsigned flags, gbc_write_fn write,
                                   void *data);
GBC_API void gbc_string_free(char *text);

/* Polynomials as arrays. A list of npolys polynomials is described by
 *   nterms[k]  the number of terms of polynomial k (0: the zero polynomial);
 *   exps       the exponents of all terms, polynomial after polynomial: a
 *              (sum of nterms) x nvars row-major uint32 array;
 *   coefs      one coefficient per term, in the same order.
 * Input may list the terms of a polynomial in any order, repeat a monomial (the
 * coefficients are added) and contain zero coefficients (dropped); polynomials that
 * end up zero stay in the list as zero polynomials, so index k of the list is
 * polynomial k of the input. A term of total degree >= 2^32 gives
 * GBC_ERR_OVERFLOW. Everything is copied; the list keeps a reference to ring.
 * exps and coefs may be NULL when there is no term at all.
 *
 * Z/p coefficients are uint32 (reduced modulo p on input; in a ring over Q they are
 * taken as non-negative integers). Q coefficients are decimal strings "[-+]digits"
 * or "[-+]digits/digits" (nonzero denominator, any common factor; in a ring over
 * Z/p the fraction is taken modulo p and GBC_ERR_DOMAIN results when p divides the
 * denominator); anything else gives GBC_ERR_PARSE with err->line, err->column the
 * polynomial and term (from 1). No caller needs GMP (see gbc_gmp.h for mpq).
 * opts (NULL: defaults) supplies the memory limit. */
GBC_API gbc_status gbc_polys_from_arrays_zp(gbc_polys **polys, const gbc_ring *ring,
                                            size_t npolys, const size_t *nterms,
                                            const uint32_t *exps, const uint32_t *coefs,
                                            const gbc_options *opts, gbc_error *err);
GBC_API gbc_status gbc_polys_from_arrays_q(gbc_polys **polys, const gbc_ring *ring,
                                           size_t npolys, const size_t *nterms,
                                           const uint32_t *exps, const char *const *coefs,
                                           const gbc_options *opts, gbc_error *err);

/* Reading a list back. Terms come in decreasing term order, without zero
 * coefficients; polynomial i of a list made by gbc_polys_from_arrays_* is input
 * polynomial i with its terms sorted and combined.
 * The number of terms of polynomial i (0 if i is out of range), of all of them. */
GBC_API size_t gbc_polys_nterms(const gbc_polys *polys, size_t i);
GBC_API size_t gbc_polys_total_terms(const gbc_polys *polys);
/* Caller-owned buffers: copy polynomial i's exponents (nterms x nvars) into exps
 * and, over Z/p, its coefficients into coefs. Both have room for cap terms
 * (GBC_ERR_ARG if cap < gbc_polys_nterms(polys, i) or i is out of range); either may
 * be NULL to skip it. Over Q coefs must be NULL (GBC_ERR_DOMAIN otherwise): use
 * gbc_polys_get_coef_q. */
GBC_API gbc_status gbc_polys_get_zp(uint32_t *exps, uint32_t *coefs, size_t cap,
                                    const gbc_polys *polys, size_t i);
/* Coefficient j of polynomial i as a NUL-terminated decimal string "num" or
 * "num/den" in lowest terms (over Z/p the residue in [0, p)), written into buf
 * when it fits in size bytes. *needed (if not NULL) always receives the size the
 * string needs, terminator included; buf NULL with size 0 is a size query and
 * succeeds (since 0.2.0; it needs needed). GBC_ERR_ARG if it does not fit (buf is
 * then untouched) or i, j are out of range. */
GBC_API gbc_status gbc_polys_get_coef_q(char *buf, size_t size, size_t *needed,
                                        const gbc_polys *polys, size_t i, size_t j);
/* Library-owned arrays of the whole list, in the layout above: *nterms (count
 * entries), *exps, and *coefs (uint32 residues; the _zp form needs a ring over
 * Z/p, else GBC_ERR_DOMAIN) or *coefs (decimal strings as gbc_polys_get_coef_q
 * writes them; any ring). Each array is freed with gbc_array_free; the string array
 * is one block (pointers and characters), freed by one gbc_array_free. An empty
 * list or a list of zero polynomials gives non-NULL arrays all the same. */
GBC_API gbc_status gbc_polys_to_arrays_zp(size_t **nterms, uint32_t **exps,
                                          uint32_t **coefs, const gbc_polys *polys);
GBC_API gbc_status gbc_polys_to_arrays_q(size_t **nterms, uint32_t **exps, char ***coefs,
                                         const gbc_polys *polys);
/* Free an array returned by gbc_polys_to_arrays_* (NULL is fine). */
GBC_API void gbc_array_free(void *array);

/* ---------------------------------------------------------- computations -- */
typedef struct gbc_stats gbc_stats;
GBC_API gbc_status gbc_stats_new(gbc_stats **stats);
GBC_API void gbc_stats_free(gbc_stats *stats);
/* Named counters and timers of the last computation run with these stats, e.g.
 * "pairs_reduced", "zero_reductions", "basis_size", "seconds", "peak_bytes".
 * Returns 0 for an unknown name. */
GBC_API double gbc_stats_get(const gbc_stats *stats, const char *name);
/* The seed of the primes of the last computation over Q run with these stats (drawn
 * or given by gbc_options_set_seed); *seed is left alone and 0 returned when that
 * computation drew no primes (Z/p, Buchberger, or none run yet), 1 otherwise. */
GBC_API int gbc_stats_seed(const gbc_stats *stats, uint64_t *seed);

/* The reduced Groebner basis of the ideal generated by gens, in gens' ring and
 * order: monic, interreduced, sorted by increasing leading monomial. *basis is a new
 * list (in gens' ring). stats may be NULL. With gbc_options_set_basis(opts,
 * GBC_BASIS_MINIMAL) a minimal basis instead (over Z/p, and over Q with
 * GBC_ALGO_BUCHBERGER; the multi-modular path over Q always returns the reduced
 * basis, which is minimal too). The zero ideal gives an empty list, the unit ideal
 * the list {1}. Zero generators are ignored. */
GBC_API gbc_status gbc_groebner(gbc_polys **basis, const gbc_polys *gens,
                                const gbc_options *opts, gbc_stats *stats);
/* gbc_groebner, the basis written through write(data, buf, n) as gbc_polys_print
 * with these flags would write it (the same bytes), without a handle: on the
 * default path (F4 over Z/p in a degree-compatible order) each polynomial is
 * written as soon as the final interreduction has it and then freed, so the basis
 * is never held in the exchange form (for katsura-11 mod 65521 that form is 70 MB
 * of a 112 MB peak); on the other paths the basis is computed, written and freed.
 * On any failure (a limit, an interrupt, GBC_ERR_IO from write) write may already
 * have taken part of the text: the caller discards it (the gbc tool writes -o FILE
 * through a temporary file and says so on standard output). */
GBC_API gbc_status gbc_groebner_write(const gbc_polys *gens, const gbc_options *opts,
                                      gbc_stats *stats, unsigned flags, gbc_write_fn write,
                                      void *data);

/* Change of order: *basis is the reduced Groebner basis, for the order of target,
 * of the zero-dimensional ideal of which gb is a Groebner basis for the order of
 * its own ring (FGLM; docs/fglm.md). target must have the same variables (names, in
 * the same order) and characteristic as gb's ring; *basis belongs to target. gb is
 * made reduced first; over Z/p, that it is a Groebner basis is not checked
 * (gbc_is_groebner does that): for a list that is not one the result is
 * unspecified, or GBC_ERR_DOMAIN when the construction finds a contradiction. Over
 * Q the multi-modular path runs on gb's polynomials (FGLM modulo each prime, lifted
 * and checked as gbc_groebner's results are; the seed options apply). Errors:
 * GBC_ERR_DOMAIN for an ideal that is not zero-dimensional or rings that do not
 * match, GBC_ERR_UNSUPPORTED (Z/p) beyond 16384 standard monomials. stats may be
 * NULL. */
GBC_API gbc_status gbc_change_order(gbc_polys **basis, const gbc_polys *gb,
                                    gbc_ring *target, const gbc_options *opts,
                                    gbc_stats *stats);

/* Normal forms: polynomial i of *nf is the remainder of polynomial i of polys on
 * full division by divisors (every term reduced; zero remainders stay as zero
 * polynomials, so *nf has as many polynomials as polys). When divisors is a
 * Groebner basis the remainder is the unique normal form; otherwise it is the
 * remainder of one deterministic division. Exact over Q (not rescaled), not made
 * monic. polys and divisors must belong to the same ring handle (GBC_ERR_DOMAIN
 * otherwise). */
GBC_API gbc_status gbc_normal_form(gbc_polys **nf, const gbc_polys *polys,
                                   const gbc_polys *divisors, const gbc_options *opts);

/* Whether polys is a Groebner basis of the ideal it generates (every S-pair reduces
 * to zero); *is_reduced whether it is moreover the reduced basis. Either output may
 * be NULL. */
GBC_API gbc_status gbc_is_groebner(int *is_groebner, int *is_reduced,
                                   const gbc_polys *polys, const gbc_options *opts);

/* ======================================================= monomial ideals == */
/* A monomial ideal in nvars variables, held as its minimal generators (exponent
 * vectors of uint32). It may be attached to a ring (variable names, and the term
 * order in which gbc_monideal_gens lists the generators: increasing); without one
 * the order is grevlex. The zero ideal has no generator, the unit ideal the one
 * generator 1 (all exponents 0).
 *
 * Arrays the functions below return (uint32_t **, int64_t **, uint64_t **) are
 * allocated by the library and owned by the caller, who frees each with
 * gbc_monideal_array_free; on error they are left untouched. Exponent arrays are
 * row-major: row i of a k x nvars array starts at element i * nvars. Computations
 * take their memory limit, interrupt and log from opts (NULL: defaults). No
 * exponent ever wraps: a result that does not fit is GBC_ERR_OVERFLOW. */
typedef struct gbc_monideal gbc_monideal;

/* The ideal generated by the nmons monomials in exps (an nmons x nvars array,
 * copied; may be NULL when nmons is 0; duplicates and non-minimal generators are
 * fine). With ring != NULL, nvars must equal gbc_ring_nvars(ring) and the ideal
 * keeps a reference to the ring (the caller may free its own). */
GBC_API gbc_status gbc_monideal_new(gbc_monideal **ideal, const gbc_ring *ring,
                                    uint32_t nvars, const uint32_t *exps, size_t nmons);
GBC_API void gbc_monideal_free(gbc_monideal *ideal);
GBC_API gbc_status gbc_monideal_copy(gbc_monideal **copy, const gbc_monideal *ideal);
GBC_API uint32_t gbc_monideal_nvars(const gbc_monideal *ideal);
/* The ring (borrowed, valid as long as the ideal), or NULL. */
GBC_API const gbc_ring *gbc_monideal_ring(const gbc_monideal *ideal);
/* Number of minimal generators. */
GBC_API size_t gbc_monideal_ngens(const gbc_monideal *ideal);
/* Copy the minimal generators into exps, which has room for cap rows (at least
 * gbc_monideal_ngens rows are needed, else GBC_ERR_ARG), in increasing term
 * order. */
GBC_API gbc_status gbc_monideal_gens(uint32_t *exps, size_t cap, const gbc_monideal *ideal);
/* Free an array returned by a gbc_monideal function (NULL is fine). */
GBC_API void gbc_monideal_array_free(void *array);

/* The leading-term ideal of the ideal generated by polys, in polys' ring and
 * order. When every polynomial is a single term the terms generate it directly.
 * Otherwise, unless flags has GBC_LEADING_IS_BASIS (the caller promises that polys
 * is a Groebner basis), the Groebner basis is computed first with gbc_groebner
 * (opts and stats as there; stats may be NULL). The ideal refers to polys' ring. */
#define GBC_LEADING_IS_BASIS 1u
GBC_API gbc_status gbc_leading_ideal(gbc_monideal **ideal, const gbc_polys *polys,
                                     unsigned flags, const gbc_options *opts,
                                     gbc_stats *stats);

/* Whether mono (nvars exponents) lies in the ideal. */
GBC_API gbc_status gbc_monideal_contains(int *contains, const gbc_monideal *ideal,
                                         const uint32_t *mono);
/* Whether a and b (same number of variables) are the same ideal. */
GBC_API gbc_status gbc_monideal_equal(int *equal, const gbc_monideal *a,
                                      const gbc_monideal *b);

/* New ideals from old: a and b must have the same number of variables; the
 * result is attached to a's ring. The product fails with GBC_ERR_OVERFLOW when an
 * exponent would exceed UINT32_MAX. I : J is the unit ideal when J is zero. */
GBC_API gbc_status gbc_monideal_sum(gbc_monideal **out, const gbc_monideal *a,
                                    const gbc_monideal *b, const gbc_options *opts);
GBC_API gbc_status gbc_monideal_product(gbc_monideal **out, const gbc_monideal *a,
                                        const gbc_monideal *b, const gbc_options *opts);
GBC_API gbc_status gbc_monideal_intersection(gbc_monideal **out, const gbc_monideal *a,
                                             const gbc_monideal *b,
                                             const gbc_options *opts);
GBC_API gbc_status gbc_monideal_colon(gbc_monideal **out, const gbc_monideal *a,
                                      const gbc_monideal *b, const gbc_options *opts);
/* I : x^mono for one monomial (nvars exponents). */
GBC_API gbc_status gbc_monideal_colon_mono(gbc_monideal **out, const gbc_monideal *ideal,
                                           const uint32_t *mono, const gbc_options *opts);
GBC_API gbc_status gbc_monideal_radical(gbc_monideal **out, const gbc_monideal *ideal,
                                        const gbc_options *opts);

/* Invariants of R/I. The Krull dimension (-1 for the unit ideal). */
GBC_API gbc_status gbc_monideal_dim(int64_t *dim, const gbc_monideal *ideal,
                                    const gbc_options *opts);
/* The degree (multiplicity) of R/I; for a zero-dimensional ideal the number of
 * standard monomials; 0 for the unit ideal. GBC_ERR_OVERFLOW when it does not fit
 * in 64 bits: gbc_monideal_degree_string gives it exactly, in decimal (freed with
 * gbc_string_free). */
GBC_API gbc_status gbc_monideal_degree(uint64_t *degree, const gbc_monideal *ideal,
                                       const gbc_options *opts);
GBC_API gbc_status gbc_monideal_degree_string(char **degree, const gbc_monideal *ideal,
                                              const gbc_options *opts);
/* The numerator N(t) = sum coefs[i] t^degrees[i] of the Hilbert-Poincare series
 * N(t) / (1-t)^nvars of R/I: *nterms nonzero terms in increasing degree (none for
 * the unit ideal). GBC_ERR_OVERFLOW if a coefficient does not fit in int64. */
GBC_API gbc_status gbc_monideal_hilbert(uint64_t **degrees, int64_t **coefs,
                                        size_t *nterms, const gbc_monideal *ideal,
                                        const gbc_options *opts);
/* The multigraded numerator N(x) of H(R/I) = N(x) / prod (1 - x_i): *nterms
 * monomials (an nterms x nvars array) with nonzero coefficients, by increasing
 * total degree. */
GBC_API gbc_status gbc_monideal_hilbert_multigraded(uint32_t **exps, int64_t **coefs,
                                                    size_t *nterms,
                                                    const gbc_monideal *ideal,
                                                    const gbc_options *opts);
/* The irredundant irreducible decomposition I = Q_1 cap ... cap Q_k, computed by
 * the slice algorithm. Component j is row j of *comps (a k x nvars array): Q_j =
 * <x_i^b_i : b_i > 0>; a row of zeros is the zero ideal. The unit ideal has no
 * component. Rows in no particular order. */
GBC_API gbc_status gbc_monideal_irrdecom(uint32_t **comps, size_t *ncomps,
                                         const gbc_monideal *ideal,
                                         const gbc_options *opts);
/* The Alexander dual with respect to point (nvars exponents, at least the lcm of
 * the minimal generators; NULL means that lcm): a new ideal. */
GBC_API gbc_status gbc_monideal_alexdual(gbc_monideal **dual, const gbc_monideal *ideal,
                                         const uint32_t *point, const gbc_options *opts);
/* The associated primes: row j of *primes (k x nvars, entries 0 or 1) is the
 * prime generated by the variables with a 1. Rows in no particular order. */
GBC_API gbc_status gbc_monideal_assoprimes(uint32_t **primes, size_t *nprimes,
                                           const gbc_monideal *ideal,
                                           const gbc_options *opts);
/* The maximal standard monomials (m not in I with m * x_i in I for every i), a
 * k x nvars array. Rows in no particular order. */
GBC_API gbc_status gbc_monideal_maxstandard(uint32_t **mons, size_t *nmons,
                                            const gbc_monideal *ideal,
                                            const gbc_options *opts);
/* ==================================================== end monomial ideals == */

/* ====================================================== for FFI callers == */
/* Added in 0.2.0; everything above keeps working unchanged. These calls serve
 * callers that cannot easily pass out-pointers or read C structures (Macaulay2's
 * ForeignFunctions, PARI/GP's install(), Julia's ccall, Python's ctypes/cffi):
 * handles come back as return values (NULL on failure), the status and message of a
 * failure land in a library-allocated gbc_report, and everything the library
 * allocates for the caller (strings, arrays) is freed by one function, gbc_mem_free.
 * docs/ffi.md shows them from Python, Julia, Macaulay2 and PARI/GP. */

/* The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH (200 for 0.2.0),
 * of the library that is running; GBC_VERSION_NUMBER is the header's. */
#define GBC_VERSION_NUMBER 200
GBC_API uint32_t gbc_version_number(void);

/* Free any memory the library returned to the caller: strings (gbc_polys_to_string,
 * gbc_monideal_degree_string, the *_text calls below), arrays (gbc_polys_to_arrays_*,
 * the gbc_monideal_* arrays). Equivalent to gbc_string_free, gbc_array_free and
 * gbc_monideal_array_free, which stay. NULL is fine. Handles keep their own
 * gbc_*_free. */
GBC_API void gbc_mem_free(void *p);

/* The fields of a gbc_error without knowing its layout: the message (never NULL; ""
 * for a NULL err), the line and the column (0 for a NULL err). */
GBC_API const char *gbc_error_message(const gbc_error *err);
GBC_API uint64_t gbc_error_line(const gbc_error *err);
GBC_API uint64_t gbc_error_column(const gbc_error *err);

/* Stop a computation with GBC_ERR_INTERRUPTED once it has run seconds of wall-clock
 * time (measured from the start of each call that takes opts; 0: no limit, the
 * default; negative, NaN or above 1e9: GBC_ERR_ARG). Needs no callback and no
 * thread; the check is as frequent as the interrupt callback's. */
GBC_API gbc_status gbc_options_set_time_limit(gbc_options *opts, double seconds);

/* A report: the outcome of the calls below, allocated by the library. After each
 * call that takes it, gbc_report_status is that call's status (GBC_OK on success)
 * and gbc_report_message says why it failed ("" on success): the parser's or
 * checker's message, else gbc_status_string. gbc_report_line and _column are the
 * position of a parse error (0 otherwise). A report may be reused; it must not be
 * used by two threads at once. Every call taking a gbc_report * accepts NULL. */
typedef struct gbc_report gbc_report;
GBC_API gbc_report *gbc_report_new(void);            /* NULL when out of memory */
GBC_API void gbc_report_free(gbc_report *report);
GBC_API int gbc_report_status(const gbc_report *report);   /* a gbc_status; 0 for NULL */
GBC_API const char *gbc_report_message(const gbc_report *report); /* never NULL */
GBC_API uint64_t gbc_report_line(const gbc_report *report);
GBC_API uint64_t gbc_report_column(const gbc_report *report);

/* Handles as return values (NULL on failure, with the reason in report). Each is the
 * call named in its comment with the same contract; what it returns is freed with
 * the matching gbc_*_free. */
GBC_API gbc_options *gbc_options_make(void);       /* gbc_options_new; NULL: no memory */
GBC_API gbc_stats *gbc_stats_make(void);           /* gbc_stats_new */
/* gbc_ring_new with the variable names in one string, separated by commas (spaces
 * around names are ignored; "" is no variable). */
GBC_API gbc_ring *gbc_ring_make(const char *names, uint32_t characteristic,
                                const char *order, gbc_report *report);
/* gbc_polys_parse of a NUL-terminated text in ring (comma-separated polynomials). */
GBC_API gbc_polys *gbc_polys_make(const gbc_ring *ring, const char *text,
                                  const gbc_options *opts, gbc_report *report);
/* gbc_parse of a whole NUL-terminated input (variables, characteristic,
 * generators); the ring is reached through gbc_polys_ring and lives as long as the
 * list. */
GBC_API gbc_polys *gbc_parse_text(const char *text, const char *order,
                                  const gbc_options *opts, gbc_report *report);
GBC_API gbc_polys *gbc_groebner_make(const gbc_polys *gens, const gbc_options *opts,
                                     gbc_stats *stats, gbc_report *report);
GBC_API gbc_polys *gbc_normal_form_make(const gbc_polys *polys, const gbc_polys *divisors,
                                        const gbc_options *opts, gbc_report *report);
GBC_API gbc_polys *gbc_change_order_make(const gbc_polys *gb, gbc_ring *target,
                                         const gbc_options *opts, gbc_stats *stats,
                                         gbc_report *report);
GBC_API gbc_monideal *gbc_leading_ideal_make(const gbc_polys *polys, unsigned flags,
                                             const gbc_options *opts, gbc_stats *stats,
                                             gbc_report *report);
/* gbc_polys_to_string: a NUL-terminated string freed with gbc_mem_free. */
GBC_API char *gbc_polys_text(const gbc_polys *polys, unsigned flags, gbc_report *report);
/* Polynomial i alone, as gbc_polys_to_string prints it ("0" for a zero polynomial);
 * freed with gbc_mem_free. */
GBC_API char *gbc_polys_text_at(const gbc_polys *polys, size_t i, gbc_report *report);
/* Write gbc_polys_text's string to the file path (created or replaced), for callers
 * that cannot read a returned char * (PARI/GP's install()); returns the status
 * (GBC_ERR_IO when the file cannot be written). */
GBC_API int gbc_polys_write_file(const gbc_polys *polys, const char *path, unsigned flags,
                                 gbc_report *report);
/* The numerator of the Hilbert-Poincare series of R/I (gbc_monideal_hilbert) as a
 * polynomial in var (NULL: "t"), e.g. "1-3*t^2+2*t^3", "0" for the unit ideal;
 * freed with gbc_mem_free. The denominator is (1-t)^gbc_monideal_nvars(ideal). */
GBC_API char *gbc_monideal_hilbert_text(const gbc_monideal *ideal, const char *var,
                                        const gbc_options *opts, gbc_report *report);
/* Small results as return values: the Krull dimension of R/I (-2 on failure, with the
 * reason in report), the degree as a decimal string (gbc_monideal_degree_string),
 * whether polys is a Groebner basis (1, 0, or -1 on failure). */
GBC_API int64_t gbc_monideal_dim_value(const gbc_monideal *ideal, const gbc_options *opts,
                                       gbc_report *report);
GBC_API char *gbc_monideal_degree_text(const gbc_monideal *ideal, const gbc_options *opts,
                                       gbc_report *report);
GBC_API int gbc_is_groebner_value(const gbc_polys *polys, const gbc_options *opts,
                                  gbc_report *report);
/* ================================================== end for FFI callers == */

/* ====================================================== ideal operations == */
/* Operations on polynomial ideals (docs/ideal.md). Each computes its Groebner bases
 * as gbc_groebner does (the options' algorithm, order path, threads, limits and,
 * over Q, the multi-modular path with its check, certify and seed), and returns a
 * new list in the ring of its first input. Where two lists are given they must
 * have the same variable names (in the same order) and characteristic, else
 * GBC_ERR_DOMAIN; their orders may differ (the first list's applies). Ideal results
 * are reduced Groebner bases for that order: monic, sorted by increasing leading
 * monomial; the zero ideal is the empty list, the unit ideal {1}. Zero polynomials
 * in the generators are ignored. stats (may be NULL) receives the counters summed
 * over every basis computed, the wall time and the peak memory. */

/* The elimination ideal I cap k[the other variables] of I = <gens>: vars holds
 * nvars distinct variable indices (0-based; GBC_ERR_ARG if out of range or
 * repeated; vars may be NULL when nvars is 0). Computed with a block order putting
 * the eliminated variables first, through the path gbc_groebner takes for block
 * orders (FGLM when zero-dimensional, else Hilbert-driven F4). */
GBC_API gbc_status gbc_eliminate(gbc_polys **out, const gbc_polys *gens,
                                 const uint32_t *vars, size_t nvars,
                                 const gbc_options *opts, gbc_stats *stats);
/* <a> cap <b>. */
GBC_API gbc_status gbc_intersect(gbc_polys **out, const gbc_polys *a, const gbc_polys *b,
                                 const gbc_options *opts, gbc_stats *stats);
/* The quotient <a> : <b> = {f : f b is in <a>}; for I : f pass the list {f}. The
 * unit ideal when b generates the zero ideal. */
GBC_API gbc_status gbc_quotient(gbc_polys **out, const gbc_polys *a, const gbc_polys *b,
                                const gbc_options *opts, gbc_stats *stats);
/* How gbc_saturate computes: GBC_SAT_ELIMINATE adds 1 - t g for a new variable t
 * and eliminates t (for each generator g of b, then intersects); GBC_SAT_ITERATE
 * takes quotients by b until one changes nothing; GBC_SAT_F4 runs F4 on a
 * interleaved with kernel steps that add the f with g f in the ideal so far, until
 * a Hilbert-series test proves it saturated (for each generator g of b, then
 * intersects; over Q it is GBC_SAT_ELIMINATE); GBC_SAT_AUTO is the one measured
 * faster (docs/ideal.md). */
typedef enum gbc_saturation {
    GBC_SAT_AUTO = 0,
    GBC_SAT_ELIMINATE = 1,
    GBC_SAT_ITERATE = 2,
    GBC_SAT_F4 = 3
} gbc_saturation;
/* The saturation <a> : <b>^infinity (the unit ideal when b generates zero).
 * Another method value: GBC_ERR_ARG. */
GBC_API gbc_status gbc_saturate(gbc_polys **out, const gbc_polys *a, const gbc_polys *b,
                                gbc_saturation method, const gbc_options *opts,
                                gbc_stats *stats);
/* Normal forms modulo the ideal: polynomial i of *nf is the normal form of
 * polynomial i of polys with respect to the reduced Groebner basis of <gens> (zero
 * exactly when it lies in the ideal; zero polynomials stay, so *nf has as many
 * polynomials as polys). Exact over Q, not made monic. *nf is in gens' ring. */
GBC_API gbc_status gbc_reduce(gbc_polys **nf, const gbc_polys *polys,
                              const gbc_polys *gens, const gbc_options *opts,
                              gbc_stats *stats);
/* Ideal membership: member[i] (an array of gbc_polys_count(polys) ints, caller's)
 * is 1 when polynomial i of polys lies in <gens>, else 0. */
GBC_API gbc_status gbc_member(int *member, const gbc_polys *polys, const gbc_polys *gens,
                              const gbc_options *opts, gbc_stats *stats);
/* Cofactors of the reduced Groebner basis: *basis is the reduced basis G of <gens>
 * (k elements, as gbc_groebner returns it) and *cofactors a list of k * m
 * polynomials, m = gbc_polys_count(gens) (zero generators included), with
 * G_j = sum_i cofactors[j m + i] * gens_i exactly. The cofactors come from a
 * Groebner basis of the module generated by (gens_i, e_i), computed by the engine
 * (docs/ideal.md); they are one valid choice, not unique. GBC_ERR_UNSUPPORTED for a
 * weighted order. */
GBC_API gbc_status gbc_lift_basis(gbc_polys **basis, gbc_polys **cofactors,
                                  const gbc_polys *gens, const gbc_options *opts,
                                  gbc_stats *stats);
/* Cofactors of members: *cofactors is a list of count(members) * m polynomials with
 * members_j = sum_i cofactors[j m + i] * gens_i exactly. GBC_ERR_DOMAIN when some
 * member is not in <gens>: *nonmember (if not NULL) then receives the index of the
 * first one. */
GBC_API gbc_status gbc_lift(gbc_polys **cofactors, size_t *nonmember,
                            const gbc_polys *gens, const gbc_polys *members,
                            const gbc_options *opts, gbc_stats *stats);
/* ================================================== end ideal operations == */

/* ======================================================= distributed over Q ==
 * The multi-modular computation over Q (docs/modular.md) in pieces that any
 * engine can drive across processes or machines (docs/modular.md, "Distributed
 * runs"; gbc-mpi is one such driver). One process holds a gbc_dist: it learns a
 * trace and gives it as a self-contained byte blob (the ring, the generators, the
 * path and the compiled F4 trace, with a checksum). Any process loads the blob as
 * a gbc_trace and applies it modulo primes from its own stream, giving each
 * prime's basis as plain uint32 residues; the gbc_dist takes them in (CRT and
 * rational reconstruction), says when every polynomial is settled, and checks the
 * candidate exactly as gbc_groebner does (the same check prime logic, the same
 * bound). The result equals gbc_groebner's. */
typedef struct gbc_dist gbc_dist;
typedef struct gbc_trace gbc_trace;

/* What a gbc_dist needs next. */
typedef enum gbc_dist_state {
    GBC_DIST_MORE = 0,     /* more primes' residues (gbc_dist_add) */
    GBC_DIST_SETTLED = 1,  /* every polynomial settled: gbc_dist_check */
    GBC_DIST_ACCEPTED = 2, /* the check passed: gbc_dist_basis */
    GBC_DIST_RELEARN = 3   /* the trace was wrong (an unlucky learning prime):
                            * gbc_dist_learn again; residues of the old trace
                            * must not be added any more */
} gbc_dist_state;

/* A distributed computation of the reduced Groebner basis of <gens> over Q
 * (GBC_ERR_DOMAIN for another characteristic). gens is copied; opts (NULL:
 * defaults; its seed, certify, order path, threads, limits and callbacks apply)
 * must outlive *dist, since the computation polls its callbacks. Nothing is
 * computed until gbc_dist_learn. */
GBC_API gbc_status gbc_dist_new(gbc_dist **dist, const gbc_polys *gens,
                                const gbc_options *opts);
/* Learn (a full F4 run modulo a fresh prime) and compile the trace (a replay
 * modulo a second prime, whose residues dist takes in), starting the accumulator
 * afresh; *blob (*len bytes; free it with gbc_blob_free) is the trace for
 * gbc_trace_load. Called again after GBC_DIST_RELEARN (a new learning prime);
 * GBC_ERR_VERIFY after 20 learnings. */
GBC_API gbc_status gbc_dist_learn(uint8_t **blob, size_t *len, gbc_dist *dist);
/* The number of residues of one prime (the terms of the learnt basis), 0 before
 * gbc_dist_learn. */
GBC_API size_t gbc_dist_nterms(const gbc_dist *dist);
/* Take in the basis modulo the prime p: residues[0..n) from gbc_trace_apply on the
 * current trace, or residues NULL when that prime did not fit (counted: many misfits
 * in a row mean the learning prime was unlucky, GBC_DIST_RELEARN). *state says
 * what next. Refused, with dist unchanged: n != gbc_dist_nterms (GBC_ERR_ARG); p not
 * a prime below 2^31, used before in this computation, dividing a leading
 * coefficient, or a residue >= p (GBC_ERR_DOMAIN); GBC_ERR_VERIFY beyond 100000
 * primes. */
GBC_API gbc_status gbc_dist_add(gbc_dist_state *state, gbc_dist *dist, uint32_t p,
                                const uint32_t *residues, size_t n);
/* After GBC_DIST_SETTLED: the check of the candidate modulo a fresh prime of the
 * check stream (and with certify the proof over Q), or the judgement on a check
 * prepared ahead (gbc_dist_check_give, below). *state: GBC_DIST_ACCEPTED,
 * GBC_DIST_MORE (the prime could not judge: add more primes, then check again), or
 * GBC_DIST_RELEARN. GBC_ERR_ARG when the candidate is not settled. */
GBC_API gbc_status gbc_dist_check(gbc_dist_state *state, gbc_dist *dist);
/* The current trace of dist as a gbc_trace without a blob: for the coordinating
 * process's own applies (no serialising and parsing of its own blob). Its
 * applies and streams are those of gbc_trace_load on the blob of the last
 * gbc_dist_learn (except that the primes dist has taken in since are skipped,
 * which gbc_dist_add would refuse). It reads dist in place: use it only until the
 * next gbc_dist_learn or gbc_dist_free, and not while another thread calls a
 * gbc_dist function on dist (applies of it from several threads at once are
 * fine). GBC_ERR_ARG before gbc_dist_learn, after GBC_DIST_RELEARN or after
 * acceptance. Free it with gbc_trace_free. */
GBC_API gbc_status gbc_dist_trace(gbc_trace **trace, gbc_dist *dist);
/* A check prepared ahead, so that its costly half runs on another process (or
 * earlier) instead of at the end: gbc_dist_check_blob draws the next check prime
 * now (from the check stream, as gbc_dist_check would; recorded as used, so that
 * no trace blob learnt after it lets an applier use it) and gives a blob (free it
 * with gbc_blob_free) holding the generators, the path, the seed and that prime.
 * gbc_check_prepare, on any process, computes from it the half of the check that
 * does not depend on the candidate: the basis modulo the check prime (an untraced
 * run) and whether every generator reduces to zero by it, as a result blob (free
 * it with gbc_blob_free); opts (NULL: defaults) gives its threads, limits and
 * callbacks. gbc_dist_check_give hands the result to dist; the next
 * gbc_dist_check then judges the candidate on it (the same verdicts as computing
 * it there) instead of computing a check itself. The result is not used when the
 * run's path has changed since (an order that was to use FGLM turned out not
 * zero-dimensional), and a check without a result given draws a fresh prime as
 * usual. Statuses: GBC_ERR_UNSUPPORTED from gbc_dist_check_blob with certify (the
 * proof is computed by gbc_dist_check); GBC_ERR_PARSE for a blob or result that is
 * truncated, corrupt or of another version; GBC_ERR_ARG from gbc_dist_check_give
 * for a result of another prime than the one drawn last (dist unchanged).
 * Trust: a wrong candidate can pass only a check computed wrongly, so the result
 * is as sound as the process that prepared the check (residues from gbc_dist_add
 * cannot make a wrong result pass; a prepared check can). */
GBC_API gbc_status gbc_dist_check_blob(uint8_t **blob, size_t *len, gbc_dist *dist);
GBC_API gbc_status gbc_check_prepare(uint8_t **result, size_t *len, const uint8_t *blob,
                                     size_t blen, const gbc_options *opts);
GBC_API gbc_status gbc_dist_check_give(gbc_dist *dist, const uint8_t *result, size_t len);
/* After GBC_DIST_ACCEPTED: *basis, the reduced Groebner basis as gbc_groebner
 * returns it (in gens' ring), once (GBC_ERR_ARG otherwise). stats (may be NULL)
 * receives the figures gbc_groebner reports (primes, seed, basis size, peak). */
GBC_API gbc_status gbc_dist_basis(gbc_polys **basis, gbc_dist *dist, gbc_stats *stats);
GBC_API void gbc_dist_free(gbc_dist *dist);
GBC_API void gbc_blob_free(uint8_t *blob);

/* A trace from gbc_dist_learn's blob (copied; a blob that is truncated, corrupt or
 * of another version is GBC_ERR_PARSE, never a crash). A loaded trace is read only:
 * any number of threads may apply it at once. */
GBC_API gbc_status gbc_trace_load(gbc_trace **trace, const uint8_t *blob, size_t len);
/* The number of residues gbc_trace_apply writes. */
GBC_API size_t gbc_trace_nterms(const gbc_trace *trace);
/* The next prime of stream `stream` of nstreams (0 <= stream < nstreams): streams
 * of one trace are disjoint (each prime belongs to one stream, by a hash of the
 * prime keyed with the trace's seed), each is a uniform draw from its share of the
 * primes of [2^30, 2^31), and none contains the learning or compiling prime or a
 * prime dividing a leading coefficient. *cursor (0 to begin) is the caller's
 * position in the stream, advanced by the call. Give every process its own stream
 * index (gbc-mpi: the rank, nstreams the number of ranks). nstreams <= 65536,
 * else GBC_ERR_ARG. */
GBC_API gbc_status gbc_trace_prime(uint32_t *p, uint64_t *cursor, const gbc_trace *trace,
                                   uint32_t stream, uint32_t nstreams);
/* The basis modulo the prime p (< 2^31) by the trace: *fits = 1 and residues[0..
 * gbc_trace_nterms) its coefficients (cap at least that, else GBC_ERR_ARG), or
 * *fits = 0 when p is unlucky for the trace (a recorded row vanished, a leading
 * monomial or the basis' support differs, p divides a leading coefficient); the
 * residues are then left alone. GBC_ERR_DOMAIN when p is not prime. opts (NULL:
 * defaults) gives the threads, limits and callbacks of this one apply. */
GBC_API gbc_status gbc_trace_apply(uint32_t *residues, size_t cap, int *fits,
                                   const gbc_trace *trace, uint32_t p,
                                   const gbc_options *opts);
GBC_API void gbc_trace_free(gbc_trace *trace);
/* An applier's scratch kept from one gbc_trace_apply_keep to the next (the F4
 * apply's arena, dense row, pivot table, and one prime's residues): memory that
 * stays mapped instead of being allocated and faulted in again for every prime.
 * One per thread (a keep is used by one apply at a time); it may serve any number
 * of traces in turn. Its memory counts toward each apply's memory limit. */
typedef struct gbc_trace_keep gbc_trace_keep;
GBC_API gbc_status gbc_trace_keep_new(gbc_trace_keep **keep);
GBC_API void gbc_trace_keep_free(gbc_trace_keep *keep);
/* gbc_trace_apply with the scratch of keep (GBC_ERR_ARG when NULL): the same
 * contract, results and statuses. */
GBC_API gbc_status gbc_trace_apply_keep(uint32_t *residues, size_t cap, int *fits,
                                        const gbc_trace *trace, uint32_t p,
                                        const gbc_options *opts, gbc_trace_keep *keep);
/* ================================================= end distributed over Q == */

/* ============================================================== modules == */
/* Submodules of free modules R^r (docs/modules.md). A list of module elements of
 * rank r is a gbc_polys of n * r polynomials: component i of element j is
 * polynomial j * r + i (zero components are zero polynomials, kept in place), so
 * gbc_polys_count(list) / r is the number of elements. Every function below
 * returns GBC_ERR_ARG when rank is 0 or the count is not a multiple of it. */
typedef enum gbc_module_order {
    GBC_MODULE_TOP = 0, /* term over position: the ring's order on the monomials
                         * first, then the component, a higher index larger (the
                         * default of Macaulay2 and Singular) */
    GBC_MODULE_POT = 1, /* position over term: the first component largest, then the
                         * ring's order (Macaulay2's Position => Down placed first) */
    GBC_MODULE_TOP_DOWN = 2, /* term over position, a lower index larger (Singular's
                              * "dp,c") */
    GBC_MODULE_POT_UP = 3    /* position over term, the last component largest */
} gbc_module_order;
/* Parse a whole input (variables, characteristic, generators) whose generators
 * are vectors [f1, ..., fr] of one rank r, or plain polynomials (then *rank = 1).
 * Zero entries and zero generators are kept. *vectors (may be NULL) receives 1
 * when the generators were written as vectors. Errors as gbc_parse, with
 * GBC_ERR_PARSE and the place for unbalanced or nested brackets, vectors of
 * different ranks, empty entries and a mix of vectors and plain polynomials. */
GBC_API gbc_status gbc_module_parse(gbc_ring **ring, gbc_polys **elems, uint32_t *rank,
                                    int *vectors, const char *text, size_t len,
                                    const char *order, const gbc_options *opts,
                                    gbc_error *err);
/* The elements as text: with GBC_PRINT_HEADER the variables and the
 * characteristic first, then one vector [f1, ..., fr] per line, separated by
 * commas (valid input for gbc_module_parse). Free *text with gbc_string_free. */
GBC_API gbc_status gbc_module_to_string(char **text, size_t *len, const gbc_polys *elems,
                                        uint32_t rank, unsigned flags);
/* The reduced Groebner basis of the submodule generated by elems (rank r) in the
 * module order ord over the ring's order: monic, sorted by increasing leading
 * term, rank r; the empty list for the zero module. Over Z/p and Q. */
GBC_API gbc_status gbc_module_groebner(gbc_polys **basis, const gbc_polys *elems,
                                       uint32_t rank, gbc_module_order ord,
                                       const gbc_options *opts, gbc_stats *stats);
/* The reduced Groebner basis of the submodule generated by elems (rank r) in the
 * Schreyer order induced by lead: r elements of rank s (lead_rank), element j a
 * single term x^{a_j} E_{i_j} of R^s (one nonzero entry, a monomial; its
 * coefficient is ignored), typically the leading terms of the images of the
 * basis vectors e_j of R^r under a map R^r -> R^s. x^a e_j > x^b e_k when
 * x^{a + a_j} E_{i_j} > x^{b + a_k} E_{i_k} in term over position on R^s (the
 * ring's order, then the higher index larger), or these are equal and j > k
 * (Macaulay2's schreyerOrder). Monic, sorted by increasing leading term, as
 * gbc_module_groebner; lead may be in another ring with the same variables and
 * characteristic. GBC_ERR_ARG when lead does not hold r elements of single terms
 * (count(lead) != r * lead_rank), GBC_ERR_DOMAIN for a ring with other variables,
 * GBC_ERR_LIMIT when the terms' exponents are too large for the order's weights
 * (2^31 - 1). */
GBC_API gbc_status gbc_module_groebner_schreyer(gbc_polys **basis, const gbc_polys *elems,
                                                uint32_t rank, const gbc_polys *lead,
                                                uint32_t lead_rank, const gbc_options *opts,
                                                gbc_stats *stats);
/* The syzygies of the m = count / rank elements: elements of rank m that generate
 * every (a_1, ..., a_m) with sum_j a_j g_j = 0. For homogeneous generators (each
 * element homogeneous, the basis vectors of R^r in degree 0) a minimal generating
 * set of them, in increasing degree; otherwise the reduced Groebner basis (term
 * over position). The empty list when there is none. */
GBC_API gbc_status gbc_module_syz(gbc_polys **syz, const gbc_polys *elems, uint32_t rank,
                                  const gbc_options *opts, gbc_stats *stats);
/* member[j] (caller's array of count / rank ints) = 1 when element j of elems lies
 * in the submodule generated by gens (both rank r, the same ring), else 0. */
GBC_API gbc_status gbc_module_member(int *member, const gbc_polys *elems,
                                     const gbc_polys *gens, uint32_t rank,
                                     const gbc_options *opts, gbc_stats *stats);
/* The normal forms of the elements of elems modulo the submodule M generated by
 * gens (both rank r, the same ring): for each element its remainder on full
 * division by the reduced Groebner basis of M in term over position order, an
 * element of rank r (zero exactly when it lies in M; the same for every
 * generating set of M). *nf holds count(elems) / r elements, in order. */
GBC_API gbc_status gbc_module_reduce(gbc_polys **nf, const gbc_polys *elems,
                                     const gbc_polys *gens, uint32_t rank,
                                     const gbc_options *opts, gbc_stats *stats);
/* gbc_module_reduce in the module order ord (any of the four): the remainders on
 * division by the reduced basis gbc_module_groebner gives in that order. */
GBC_API gbc_status gbc_module_reduce_order(gbc_polys **nf, const gbc_polys *elems,
                                           const gbc_polys *gens, uint32_t rank,
                                           gbc_module_order ord, const gbc_options *opts,
                                           gbc_stats *stats);
/* gbc_module_reduce in the Schreyer order of lead (lead_rank, as
 * gbc_module_groebner_schreyer, with its errors): the remainders on division by
 * the reduced basis that function gives. */
GBC_API gbc_status gbc_module_reduce_schreyer(gbc_polys **nf, const gbc_polys *elems,
                                              const gbc_polys *gens, uint32_t rank,
                                              const gbc_polys *lead, uint32_t lead_rank,
                                              const gbc_options *opts, gbc_stats *stats);
/* Cofactors (lift): for each element f_j of elems, member[j] (caller's array of
 * count(elems) / r ints) = 1 when f_j lies in the submodule generated by the
 * m = count(gens) / r elements g_1..g_m of gens, and element j of *cofactors
 * (m polynomials, so *cofactors holds count(elems) / r * m of them) is
 * (c_1, ..., c_m) with sum_i c_i g_i = f_j; zeros when member[j] = 0. */
GBC_API gbc_status gbc_module_lift(gbc_polys **cofactors, int *member, const gbc_polys *elems,
                                   const gbc_polys *gens, uint32_t rank,
                                   const gbc_options *opts, gbc_stats *stats);
/* The graded Betti numbers of R^r / M, M generated by elems (rank r; for an ideal,
 * rank 1: R / I), from a minimal graded free resolution (basis vectors of R^r in
 * degree 0, variables in degree 1). *betti (free with gbc_mem_free) holds
 * *nrows x *ncols numbers, row-major: entry (d, i) is beta_{i, i+d}; column 0 is
 * R^r. GBC_ERR_DOMAIN when a generator is not homogeneous, GBC_ERR_UNSUPPORTED
 * when M has a minimal generator of degree 0 (a constant vector). */
GBC_API gbc_status gbc_module_betti(uint64_t **betti, uint32_t *nrows, uint32_t *ncols,
                                    const gbc_polys *elems, uint32_t rank,
                                    const gbc_options *opts, gbc_stats *stats);
/* How gbc_module_betti_with builds the resolution. */
typedef enum gbc_res_algorithm {
    GBC_RES_SCHREYER = 0, /* Schreyer's algorithm (a non-minimal resolution from one
                           * Groebner basis, minimised on the Betti numbers): the
                           * default, what gbc_module_betti uses */
    GBC_RES_MINGENS = 1   /* minimal generators of syzygies, level by level, by
                           * Groebner bases (slower; a cross-check) */
} gbc_res_algorithm;
/* gbc_module_betti by the algorithm algo (GBC_ERR_ARG for another value). */
GBC_API gbc_status gbc_module_betti_with(uint64_t **betti, uint32_t *nrows, uint32_t *ncols,
                                         const gbc_polys *elems, uint32_t rank,
                                         gbc_res_algorithm algo, const gbc_options *opts,
                                         gbc_stats *stats);
/* The Betti table as text in Macaulay2's layout: a header of homological degrees,
 * a row "d:" per row of the table ("." for zero), then "total:" (the column sums)
 * last. Free *text with gbc_string_free. */
GBC_API gbc_status gbc_betti_to_string(char **text, const uint64_t *betti, uint32_t nrows,
                                       uint32_t ncols);
/* A minimal graded free resolution 0 <- F_0 <- F_1 <- ... <- F_{L-1} <- 0 of
 * R^r / M (F_0 = R^r, basis in degree 0; the variables in degree 1), with its
 * maps: d_k : F_k -> F_{k-1} for 1 <= k < L is a list of rank(k) columns, each
 * an element of rank rank(k-1) (the module list layout above), homogeneous of
 * the degree of its basis element of F_k. No entry of a map is a nonzero
 * constant, d_{k-1} d_k = 0, and the image of each map is the kernel of the one
 * before; the columns of d_1 are minimal generators of M (from its Groebner
 * basis; for an ideal whose nonzero generators form a regular sequence, the
 * generators themselves, and the maps are the Koszul complex's, docs/modules.md).
 * The bases are in increasing degree, so the Betti table of
 * gbc_module_betti is read off the degrees. Computed by Schreyer's algorithm,
 * minimalised (docs/modules.md); over Z/p and Q, the entries in the ring's
 * order. Errors as gbc_module_betti's. Free *res with gbc_resolution_free. */
typedef struct gbc_resolution gbc_resolution;
GBC_API gbc_status gbc_module_res(gbc_resolution **res, const gbc_polys *elems, uint32_t rank,
                                  const gbc_options *opts, gbc_stats *stats);
/* L, the number of free modules F_0 .. F_{L-1} (1 when M = 0: F_0 alone). */
GBC_API size_t gbc_resolution_length(const gbc_resolution *res);
/* The rank of F_k (0 for k >= L). */
GBC_API size_t gbc_resolution_rank(const gbc_resolution *res, size_t k);
/* The degree of basis element i of F_k (0 when k or i is out of range). */
GBC_API int64_t gbc_resolution_degree(const gbc_resolution *res, size_t k, size_t i);
/* The map d_k (1 <= k < L), owned by res (valid until gbc_resolution_free);
 * NULL for another k. */
GBC_API const gbc_polys *gbc_resolution_map(const gbc_resolution *res, size_t k);
GBC_API void gbc_resolution_free(gbc_resolution *res);
/* ========================================================== end modules == */

/* ================================== the quotient ring (docs/solve.md) == */
/* The quotient ring R/I of a zero-dimensional ideal I = <gens>, in gens' ring and
 * order. *kbase: the normal set B = {b_0 < b_1 < ... < b_{D-1}}, the D standard
 * monomials of I's reduced Groebner basis (monomials outside its leading ideal),
 * increasing, each with coefficient 1; D = dim_K R/I. When mult is not NULL,
 * *mult: n * D polynomials (n variables), polynomial i * D + k the normal form of
 * x_i * b_k, a combination of B: the multiplication matrix M_i of x_i in the basis
 * B has in column k the coefficients of that polynomial (M_i[j][k] = coefficient
 * of b_j). The matrices commute and every generator f has f(M_1, ..., M_n) = 0.
 * The Groebner basis is computed with opts as gbc_groebner computes it (over Q:
 * checked modulo a fresh prime, or proved with gbc_options_set_certify); the
 * normal forms are exact. The unit ideal gives empty lists (D = 0).
 * GBC_ERR_DOMAIN, with the dimension in err (may be NULL), when I is not
 * zero-dimensional. Both lists belong to the caller (gbc_polys_free). */
GBC_API gbc_status gbc_kbase(gbc_polys **kbase, gbc_polys **mult, const gbc_polys *gens,
                             const gbc_options *opts, gbc_error *err);
/* ============================================== end the quotient ring == */

/* ============================================== Solving (docs/solve.md) == */
/* The solutions of a zero-dimensional system: over Q its real solutions, each as
 * an isolating box (one interval per variable, each holding that coordinate of the
 * solution; the boxes of distinct solutions are disjoint, so each box holds
 * exactly one real solution); over Z/p the solutions with coordinates in Z/p. */
typedef struct gbc_solutions gbc_solutions;
#define GBC_SOLVE_DEFAULT_PRECISION 64u
#define GBC_SOLVE_MAX_PRECISION 1048576u
/* gbc_solve's flags: keep msolve's rational parametrisation for the msolve format
 * of gbc_solutions_to_string; over Z/p that format is then msolve's output there,
 * the parametrisation modulo p alone (GBC_ERR_UNSUPPORTED for an ideal that is not
 * radical; docs/solve.md). */
#define GBC_SOLVE_PARAMETRIZATION 1u
/* gbc_solve's flags: over Q, take the exact lex basis over Q (the slower path of
 * docs/solve.md) instead of the parametrisation computed modulo primes. Both give
 * the same solutions; this one is for cross-checks. */
#define GBC_SOLVE_LEX 2u
typedef enum gbc_solve_format {
    GBC_SOLVE_FORMAT_GBC = 0,   /* one solution a line: "[a, b], [c, d]" */
    GBC_SOLVE_FORMAT_MSOLVE = 1 /* msolve's output: "[0, [1, [[[a, b], ...]]]]:" */
} gbc_solve_format;
/* Solve the system gens. precision: every interval of a box has width at most
 * 2^-precision (0: GBC_SOLVE_DEFAULT_PRECISION; at most GBC_SOLVE_MAX_PRECISION,
 * else GBC_ERR_ARG). GBC_ERR_DOMAIN (the dimension named in err) when the ideal is
 * not zero-dimensional; the unit ideal gives no solution (gbc_solutions_dim -1).
 * *sols belongs to the caller (gbc_solutions_free). The Groebner bases it computes
 * run with opts (over Q: checked modulo a fresh prime, or proved with
 * gbc_options_set_certify). Over Z/p precision is ignored. */
GBC_API gbc_status gbc_solve(gbc_solutions **sols, const gbc_polys *gens,
                             uint32_t precision, unsigned flags, const gbc_options *opts,
                             gbc_error *err);
GBC_API void gbc_solutions_free(gbc_solutions *sols);
/* The number of solutions (over Q: real ones), of variables, the dimension of the
 * ideal (0, or -1 for the unit ideal) and the number of distinct complex
 * solutions (over Q). 0 (dim: -1) for NULL. */
GBC_API size_t gbc_solutions_count(const gbc_solutions *sols);
GBC_API uint32_t gbc_solutions_nvars(const gbc_solutions *sols);
GBC_API int64_t gbc_solutions_dim(const gbc_solutions *sols);
GBC_API size_t gbc_solutions_distinct(const gbc_solutions *sols);
/* Over Q: an endpoint of solution i's interval for variable var (upper: 0 lower,
 * 1 upper) as num / 2^(*exponent) in lowest terms: num in decimal into buf (size
 * bytes; *needed, when not NULL, receives the bytes needed with the NUL; buf NULL
 * with size 0 is a size query). GBC_ERR_ARG for an index out of range or a small
 * buffer, GBC_ERR_DOMAIN over Z/p. */
GBC_API gbc_status gbc_solutions_endpoint(char *buf, size_t size, size_t *needed,
                                          uint32_t *exponent, const gbc_solutions *sols,
                                          size_t i, uint32_t var, int upper);
/* Over Z/p: solution i's coordinates (nvars residues) into point; the solutions
 * are sorted lexicographically. GBC_ERR_DOMAIN over Q. */
GBC_API gbc_status gbc_solutions_get_zp(uint32_t *point, const gbc_solutions *sols,
                                        size_t i);
/* The solutions as text (docs/solve.md), NUL-terminated, freed with
 * gbc_string_free; *len (if not NULL) its length. */
GBC_API gbc_status gbc_solutions_to_string(char **text, size_t *len,
                                           const gbc_solutions *sols,
                                           gbc_solve_format format);
/* ================================================================ end solving == */


/* =========================================== learn and apply modulo a prime ==
 * A family of systems modulo primes that share their shape (the same number of
 * generators, each with the same monomials in the same order, coefficients
 * free; the same variables and order, any prime below 2^31): F4 learns its
 * trace (the rows of every matrix) on one of them, and applies replay it on the
 * others with no pair selection and no symbolic preprocessing (docs/learn.md).
 * An apply that succeeds returns gbc_groebner's reduced basis except with
 * probability at most 2^-64: its result is proved as it is made, never assumed
 * (each round is checked against the pairs F4 forms for its leading monomials,
 * and random combinations of the rows the learning run reduced to zero must
 * reduce to zero; the result must be reduced, exactly). When the trace does not
 * hold (a pivot vanished, a leading monomial changed, or a check failed: the
 * basis of these coefficients has another shape), the apply
 * fails with GBC_ERR_VERIFY and the caller computes that system with
 * gbc_groebner. Rings: a prime characteristic and a degree-compatible order
 * (grevlex, deglex; GBC_ERR_UNSUPPORTED otherwise, and for GBC_BASIS_MINIMAL).
 * The options' algorithm is not used (the trace is F4's); the memory limit, time
 * limit and interrupt are honoured. A gbc_trace_mod is read only once made:
 * applies of one trace may run from several threads at once. */
typedef struct gbc_trace_mod gbc_trace_mod;

/* Learn the trace of gens (a prime characteristic) into *trace (free it with
 * gbc_trace_mod_free) and, when basis is not NULL, gens' reduced Groebner basis
 * into *basis (gbc_groebner's). Copies what it needs: gens may be freed
 * afterwards. On failure nothing is returned and err says why. */
GBC_API gbc_status gbc_trace_mod_learn(gbc_trace_mod **trace, gbc_polys **basis,
                                       const gbc_polys *gens, const gbc_options *opts,
                                       gbc_error *err);
/* The reduced Groebner basis of gens by the trace into *basis. gens must have the
 * trace's shape: else GBC_ERR_DOMAIN with err naming the first thing that differs
 * (the ring, the number of generators, or "generator k does not fit the trace",
 * k from 1). GBC_ERR_VERIFY when the trace does not hold for these coefficients
 * (err says how it showed): compute gens with gbc_groebner instead. */
GBC_API gbc_status gbc_trace_mod_apply(gbc_polys **basis, const gbc_trace_mod *trace,
                                       const gbc_polys *gens, const gbc_options *opts,
                                       gbc_error *err);
/* gbc_trace_mod_apply with flags. GBC_APPLY_TRUST: the replay's basis is returned
 * unverified (the checks cost about a third of the replay): it is gbc_groebner's
 * when every row the learning run reduced to zero also reduces to zero for these
 * coefficients, which nothing checks then; only a vanished pivot or a changed
 * leading monomial is still reported (GBC_ERR_VERIFY). For families whose
 * coefficients are generic (random), learnt on generic coefficients too; never
 * for a basis that must be right (docs/learn.md). */
#define GBC_APPLY_TRUST 1u
GBC_API gbc_status gbc_trace_mod_apply_flags(gbc_polys **basis, const gbc_trace_mod *trace,
                                             const gbc_polys *gens, unsigned flags,
                                             const gbc_options *opts, gbc_error *err);
/* gbc_trace_mod_apply_flags for n systems gens[0..n) in a row, with the apply's scratch
 * kept from one to the next: bases[i] and status[i] get system i's basis (NULL on
 * failure) and status, errs[i] (errs may be NULL) its message. A system that does
 * not fit (GBC_ERR_DOMAIN, GBC_ERR_UNSUPPORTED) or breaks the trace
 * (GBC_ERR_VERIFY) fails alone; any other failure (memory, limits, interrupt: the
 * limits count for the whole batch) stops the batch and is returned, every basis
 * freed, the systems not reached with status GBC_ERR_INTERRUPTED. Returns GBC_OK
 * otherwise, whatever the systems' statuses. */
GBC_API gbc_status gbc_trace_mod_apply_batch(gbc_polys **bases, gbc_status *status, size_t n,
                                             const gbc_trace_mod *trace,
                                             const gbc_polys *const *gens, unsigned flags,
                                             const gbc_options *opts, gbc_error *errs);
/* The trace as a self-contained byte string (the ring's names, order and learning
 * prime, the generators' supports, the compiled F4 trace, behind a checksum) in
 * *blob (*len bytes; free it with gbc_blob_free), and back: gbc_trace_mod_load
 * refuses with GBC_ERR_PARSE a blob that is truncated, altered or of another
 * version. */
GBC_API gbc_status gbc_trace_mod_save(uint8_t **blob, size_t *len,
                                      const gbc_trace_mod *trace);
GBC_API gbc_status gbc_trace_mod_load(gbc_trace_mod **trace, const uint8_t *blob, size_t len);
/* The number of generators of the trace's shape and the prime it was learnt
 * modulo (0 for NULL). */
GBC_API size_t gbc_trace_mod_ngens(const gbc_trace_mod *trace);
GBC_API uint32_t gbc_trace_mod_prime(const gbc_trace_mod *trace);
GBC_API void gbc_trace_mod_free(gbc_trace_mod *trace);
/* ============================================ end learn and apply modulo p == */

#ifdef __cplusplus
}
#endif

#endif
