/* pairs: the S-pair set with the Gebauer-Moeller update (Gebauer and Moeller, "On an
 * installation of Buchberger's algorithm", JSC 1988; in the form of Becker and
 * Weispfenning, Groebner Bases, Sec. 5.5). Shared by Buchberger and F4. A pair's
 * lcm lives in the basis table or a table of its own (pairs_basis.lcms); its weight is the sugar (Buchberger) or the lcm's
 * degree (F4's normal strategy). */
#ifndef GBC_PAIRS_H
#define GBC_PAIRS_H

#include "mht/mht.h"

typedef struct spair {
    uint32_t i, j;  /* basis indices, i < j */
    uint32_t lcm;   /* lcm of the leading monomials, in the lcm table */
    uint32_t deg;   /* selection weight: sugar or degree of lcm */
} spair;

/* A candidate of an update: the pair (i, new) described by its lcm's degree, hash
 * (mht's) and divisor mask, the lcm itself not formed (only a stored pair's is
 * entered in the lcm table). */
typedef struct pcand {
    uint32_t i;
    uint32_t w;    /* the pair's selection weight (or a mark: pairs.c) */
    uint32_t ldeg; /* the lcm's degree */
    uint32_t hash;
    uint32_t dm;
} pcand;

/* The scratch of one element's candidates, reused from update to update. */
typedef struct pscratch {
    pcand *cand;
    size_t ccap;
    uint32_t *alive;
    size_t acap;
    uint64_t *ckey;     /* the candidates' sort keys and order, kcap each */
    uint32_t *corder;
    pcand *ctmp;
    size_t kcap;
    uint32_t *gscr;     /* sort_candidates's map of hashes, classes and degrees */
    size_t gcap;
} pscratch;

typedef struct pairset {
    spair *p;
    size_t n, cap;
    pscratch sc; /* the update's scratch */
    size_t stat_created, stat_chain, stat_gm, stat_product; /* statistics */
    size_t stat_known; /* pairs of known elements dropped as known (pairs_basis.ecart) */
    size_t stat_comp;  /* pairs across components dropped (pairs_basis.comp_n) */
} pairset;

void pairs_init(pairset *ps);
void pairs_clear(gbc_ctx *ctx, pairset *ps);

/* The leading data of the basis, as the update sees it. */
typedef struct pairs_basis {
    mht *t;              /* the basis table: leading monomials and lcms live here */
    const uint32_t *lm;  /* leading monomial of element k, for k < n */
    uint8_t *redundant;  /* element k's lead is a multiple of a later lead */
    const uint32_t *sugar; /* sugar of element k, or NULL to weigh by lcm degree */
    uint32_t n;          /* number of elements, the new one is n - 1 */
    mht *lcms;           /* where the stored pairs' lcms live (same parameters as
                          * t), or NULL: in t. F4 keeps them apart so that its
                          * selection can drop those of pairs gone
                          * (f4_compact_lcms); an update enters only the lcms of
                          * the pairs it stores (its candidates' are described by
                          * degree, hash and mask: pcand). */
    /* Known pairs (F4 resumed from a truncated basis, f4_groebner_resume), or
     * ecart NULL: none. Elements k < nknown are, dehomogenised, elements of a
     * Groebner basis up to degree dknown of a homogeneous ideal, element k coming
     * from one of degree ecart[k] + deg lm_k (so its lm there is lm_k h^ecart[k]).
     * A pair (i, j) of two of them whose lcm there has degree
     * deg lcm(lm_i, lm_j) + max(ecart[i], ecart[j]) <= dknown has a standard
     * representation already (docs/sig.md, "Handover"): it is treated as a pair
     * reduced to zero, never stored. Weighing by lcm degree only (sugar NULL). */
    const uint32_t *ecart;
    uint32_t nknown, dknown;
    /* Component variables (ring.comp_first, comp_n; comp_n = 0: none): a pair
     * whose lcm has degree 2 or more in them is not stored (it reduces to zero by
     * the products of those variables, which the ideal contains). */
    uint32_t comp_first, comp_n;
} pairs_basis;

/* Element n-1 has just been added: form its pairs with the non-redundant older
 * elements, apply the chain criterion to the existing pairs and the criteria M, F,
 * the product criterion and the components' criterion (pairs_basis.comp_n) to the
 * new ones (known pairs, see pairs_basis.ecart,
 * count as pairs done: they stand for their lcm class and are not stored), then
 * mark the older elements whose leading monomial it divides as redundant. GBC_ERR_OVERFLOW if an lcm overflows;
 * GBC_ERR_INTERRUPTED when ctx asks to stop while the new pairs are sorted. */
gbc_status pairs_update(gbc_ctx *ctx, pairset *ps, pairs_basis *B);
/* Elements k0 .. B->n - 1 have just been added, in that order, none of them with a
 * lead that is a proper multiple of an older lead: the same pair set, redundancy
 * marks and counts as pairs_update after each of them (with B->n = k + 1 for
 * element k). On nt > 1 parts of ctx's pool, the elements' candidates are formed,
 * sorted and sifted by criteria M and F at once (each element's depend only on
 * the leads and on which older elements the earlier new ones make redundant); the
 * chain criterion on the pairs, the new pairs' storing and the redundancy marks
 * then follow element by element. nt <= 1 or no pool: pairs_update in turn. */
gbc_status pairs_update_many(gbc_ctx *ctx, pairset *ps, pairs_basis *B, uint32_t k0, int nt);

/* Compare by (deg, lcm in the term order, j, i): the selection order. */
int pairs_cmp(const mht *t, const spair *a, const spair *b);
/* Sort the pair set in selection order, ascending (gbc_sort_cmp: on NOMEM / LIMIT
 * the set is untouched, on INTERRUPTED it is a permutation of itself). */
gbc_status pairs_sort(gbc_ctx *ctx, pairset *ps, const mht *t);
/* Remove and return in *out the smallest pair in selection order (ps non-empty). */
void pairs_pop_min(pairset *ps, const mht *t, spair *out);
/* Smallest weight among the pairs (ps non-empty). */
uint32_t pairs_min_deg(const pairset *ps);

#endif
