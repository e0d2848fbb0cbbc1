/* monideal/hilbert_int.h: what the files of the Hilbert-series computation share
 * (hilbert.c the driver, hilbert_acc.c the term accumulator, hilbert32.c and
 * hilbert8.c the two kernels of Bigatti's recursion). Internal to monideal/; the
 * functions are named mih_ (monideal, Hilbert). */
#ifndef GBC_MONIDEAL_HILBERT_INT_H
#define GBC_MONIDEAL_HILBERT_INT_H

#include <gmp.h>

#include "monideal/monideal.h"
#include "monideal/vrow.h"

/* The byte kernel's widest rows: at most this many variables. */
#define S8N (16 * VR_MAXB)

/* Keys are kw bytes; values int64. Open addressing with the entries inline (one
 * cache line per probe): a slot is {hash (0: empty), coefficient, key}. When the
 * table fills up, entries whose coefficient has cancelled to zero are dropped
 * first (most of the terms Bigatti's recursion emits cancel), and the table only
 * doubles when the live entries need it. */
typedef struct termtab {
    gbc_ctx *ctx;
    size_t kw, sw;   /* key bytes, slot bytes */
    size_t n;        /* occupied slots */
    size_t nslots;   /* a power of two, or 0 */
    uint8_t *slots;
} termtab;

/* Where the terms of a run go: the univariate numerator (dense by degree, or a
 * table keyed by the 8-byte degree) or the multigraded one (a table keyed by the
 * kernel's exponent rows). R, when set, maps the kernel's byte ranks back to
 * exponents. */
typedef struct acc {
    int uni;
    uint32_t n;
    const mi_ranks *R;
    int64_t *dense;
    uint64_t dense_len;
    termtab tab;
    uint64_t adds;
    /* the spill: wn exact addends by degree, wdeg increasing; the coefficient
     * of t^d is the int64 one plus wval of d */
    size_t wn, wcap;
    uint64_t *wdeg;
    mpz_t *wval;
} acc;

/* Above this many rows the Taylor base case enumerates subsets only for the
 * multigraded numerator (where all 2^k terms are in the answer). For the
 * univariate one the 2^k subsets, each summing n degrees, cost more than the
 * pivot recursion from about 8 rows on: at 12, 70 % of the time on a random
 * 15x500 ideal went to the enumeration, and 6 made it 4x faster
 * (benchmarks/monideal/RESULTS.md). */
#ifndef TAYLOR_MAX_ENUM
#define TAYLOR_MAX_ENUM 6
#endif

/* The byte kernel's Scarf base case (hilbert8.c) runs on strongly generic
 * subproblems of at least this many rows. Below it the pivot recursion and the
 * Taylor base case are as fast (benchmarks/monideal/RESULTS.md). */
#ifndef SCARF_MIN_ROWS
#define SCARF_MIN_ROWS 3
#endif
/* The univariate numerator takes the Scarf base case only when the lcm's degree
 * exceeds the gcd's by at least this much (hilbert8.c, h8_scarf_pays): on a
 * random 15x500 ideal with exponents up to 6 it took 50 times longer without
 * this bound, and near-generic ideals with exponents up to 10^4 have spans of
 * thousands (benchmarks/monideal/RESULTS.md). */
/* ... and only on ideals with at least this many distinct exponents in some
 * variable: with fewer, a generic subproblem has few rows per variable, the
 * pivot recursion and the Taylor base case take it as fast, and the genericity
 * test at every node cost 6 % of the instructions on a random 10x100 ideal with
 * exponents up to 10 (measured with callgrind). */
#ifndef SCARF_MIN_RANKS
#define SCARF_MIN_RANKS 16
#endif
#ifndef SCARF_UNI_MIN_SPAN
#define SCARF_UNI_MIN_SPAN 1024
#endif

/* ---- the term table (hilbert_acc.c) ---- */

/* T empty, keys of kw bytes, memory charged to ctx; nothing allocated yet. */
void mih_tt_init(termtab *T, gbc_ctx *ctx, size_t kw);
/* Frees T's slots; T stays usable as an empty table. */
void mih_tt_clear(termtab *T);
/* Slot i (< T->nslots) of T: 1 with *key (pointing into T, valid until the next
 * insertion or clear) and *coef when it holds a non-zero coefficient, else 0. */
int mih_tt_entry(const termtab *T, size_t i, const uint8_t **key, int64_t *coef);

/* ---- the accumulator (hilbert_acc.c) ---- */

/* w += c, exactly, for any int64 c. */
void mih_mpz_add_i64(mpz_t w, int64_t c);
/* Whether w fits in int64; then *out is its value. */
int mih_mpz_to_i64(int64_t *out, const mpz_t w);
/* Adds c x^e (the kernel's uint32 exponent row e of A->n entries): to the table
 * keyed by e (multigraded), or to the coefficient of t^deg(e) (univariate; an
 * int64 overflow goes to the spill). GBC_ERR_OVERFLOW when a multigraded
 * coefficient would leave int64 (the entry is then unchanged); memory statuses. */
gbc_status mih_acc_add_u32(acc *A, const uint32_t *e, int64_t c);
/* As mih_acc_add_u32 for a byte row of ranks; the univariate degree is taken
 * through A->R (which must be set), the multigraded key is the row itself
 * (A->tab.kw bytes). */
gbc_status mih_acc_add_u8(acc *A, const uint8_t *e, int64_t c);
/* Adds t^dq * prod_{i<k} (1 - t^d[i]) to the univariate accumulator A, exactly
 * (through GMP and the spill when int64 products overflow); d is only read. */
gbc_status mih_acc_uni_product(acc *A, uint64_t dq, const uint64_t *d, size_t k);
/* Frees A's table, dense array and spill (ctx: the context they were charged
 * to); A's other fields are left as they were. */
void mih_acc_clear(gbc_ctx *ctx, acc *A);

/* ---- the kernels ---- */

/* Bigatti's recursion on the minimal generating set M (uint32 exponents of any
 * size, hilbert32.c) into A, set up by the caller; *nodes receives the number of
 * recursion nodes, also on failure. M is only read. */
gbc_status mih_run32(gbc_ctx *ctx, acc *A, const monideal *M, uint64_t *nodes);
/* The same on the rank-compressed minimal ideal C (every rank below 256, at most
 * S8N variables, hilbert8.c); A->R must map C's ranks back to exponents. With
 * scarf set, strongly generic subproblems end in the Scarf base case where the
 * SCARF_ thresholds above allow it. stats
 * receives nodes, scarf and scarf_faces, also on failure. */
gbc_status mih_run8(gbc_ctx *ctx, acc *A, const monideal *C, int scarf,
                    mi_hilbert_stats *stats);

#endif
