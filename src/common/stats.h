/* common/stats: counters and timers of one Groebner computation, filled by the
 * reducers and read by the API (gbc_stats_get) and the -v report. */
#ifndef GBC_STATS_H
#define GBC_STATS_H

#include <stddef.h>

typedef struct gb_stats {
    double seconds;          /* wall time of the whole computation */
    double t_select;         /* F4: pair selection and symbolic preprocessing */
    double t_linalg;         /* F4: linear algebra */
    double t_update;         /* pair update */
    double t_interreduce;    /* final interreduction */
    size_t pairs_reduced;    /* S-pairs (and generators) reduced */
    size_t zero_reductions;  /* of which reduced to zero */
    size_t pairs_created;    /* before the criteria */
    size_t pairs_chain;      /* removed by the chain criterion */
    size_t pairs_gm;         /* removed by criteria M and F */
    size_t pairs_product;    /* removed by the product criterion */
    size_t pairs_known;      /* F4 resumed after sig's handover: pairs of handed
                              * elements not formed, known to reduce to zero */
    size_t basis_size;       /* elements of the reduced basis */
    size_t rounds;           /* F4 rounds */
    size_t matrix_rows, matrix_cols, matrix_nnz; /* F4 totals */
    size_t primes;           /* modular: primes used */
    size_t peak_bytes;       /* peak of the context's accounted memory */
    size_t monomials;        /* monomials in the basis hash table */
    size_t la_rows_in;       /* F4: rows handed to the linear algebra (what the exact
                              * kernel reduces) */
    size_t la_rows_reduced;  /* F4: rows or random combinations actually reduced */
    size_t la_confirmations; /* F4 probabilistic: combinations that reduced to zero */
    size_t la_blocks;        /* F4 probabilistic: blocks of rows */
    double la_fail_bound;    /* F4 probabilistic: the bound on a wrong result */
    size_t fglm_dim;         /* FGLM: standard monomials (the ideal's degree) */
    size_t fglm_normal_forms;/* FGLM: border normal forms computed */
    int fglm_path;           /* FGLM: 0 did not run, 1 classic, 2 sparse (shape) */
    double t_fglm;           /* FGLM: the change of order */
    int strategy;            /* for orders that are not degree-compatible: 0 direct,
                              * 1 grevlex then FGLM, 2 homogenised (strat_taken) */
    size_t sig_pairs;        /* sig: S-pairs that reached their degree */
    size_t sig_pruned_syz;   /* sig: pairs dropped by the syzygy criterion (known,
                              * principal and Koszul syzygies) */
    size_t sig_pruned_rewrite; /* sig: pairs dropped by the rewrite criterion (one
                                * row per signature) */
    size_t sig_passes;       /* sig: matrices built (a degree takes more than one
                              * when its closure adds signatures) */
    unsigned long long seed; /* modular: the seed of the prime choice */
    int seeded;              /* modular: seed is set */
} gb_stats;

#endif
