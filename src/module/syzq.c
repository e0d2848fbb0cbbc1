/* module/syzq: the minimal syzygies over Q of homogeneous generators, by primes
 * (docs/modules.md, "Minimal syzygies over Q"). Modulo each prime p the minimal
 * syzygies come from module_syz_minimal's paths modulo p, each made monic at its
 * leading term; those of primes with the same shape (number, degrees, supports)
 * are combined by CRT and lifted to Q by rational reconstruction. A lift that
 * agrees with one more prime is returned once it is proved: every element
 * multiplies the generators to zero over Q, and its image modulo the reference
 * prime p1 is p1's answer, which generates the syzygies there. In each degree
 * the lifts' multiples then span at least as much over Q as the syzygies modulo
 * p1, while the syzygies over Q span at most that much (the generators' matrix
 * of products has at least the rank over Q it has modulo p1): so the lifts
 * generate all of the syzygies over Q. Too
 * many primes, too many changes of shape or a failed proof return
 * GBC_ERR_UNSUPPORTED with out untouched: module_syz_minimal, the entry point
 * (here, above syzlin.c's paths), then takes the exact path. */
#include "field/crt.h"
#include "module/module_int.h"

#define SYZQ_MAX_SWITCH 8   /* references given up for a prime of a better shape */
#define SYZQ_HASH_SEED 0x2c1b3c6d5e4f7a89ULL

typedef struct syzq {
    gbc_ctx *ctx;
    const ring *R;
    uint32_t rank;
    size_t m; /* generators */
    const plist *gens;
    const int64_t *shift;
    gb_stats *stats;
    qprimes P;   /* the primes used */
    size_t maxp; /* at most this many */
    /* the reference prime p1 and its syzygies: n elements of rank m, their
     * degrees, glen[k] coefficients in element k, ncf in all */
    int have_ref;
    uint32_t p1;
    field Fz; /* a prime field, to free Z/p lists */
    plist ref;
    int64_t *degs;
    size_t n, ncf;
    size_t *glen;
    zz_crt C;
    uint32_t *res; /* ncf residues, scratch */
    mpq_t *q;      /* the lift, ncf rationals (nq initialised) */
    size_t nq;
    int have_cand;
} syzq;

static void ref_clear(syzq *S)
{
    gbc_ctx *ctx = S->ctx;
    if (S->have_ref)
        zz_crt_clear(ctx, &S->C);
    plist_clear(ctx, &S->ref, &S->Fz);
    gbc_free(ctx, S->degs);
    gbc_free(ctx, S->glen);
    gbc_free(ctx, S->res);
    for (size_t i = 0; i < S->nq; i++)
        mpq_clear(S->q[i]);
    gbc_free(ctx, S->q);
    S->degs = NULL;
    S->glen = NULL;
    S->res = NULL;
    S->q = NULL;
    S->nq = 0;
    S->have_ref = 0;
    S->have_cand = 0;
}

/* The minimal syzygies modulo Fp's prime into sp (empty), their degrees to *dg; *ok = 0
 * (nothing computed) when p divides a denominator of the generators. */
static gbc_status prime_syz(syzq *S, const field *Fp, plist *sp, int64_t **dg, int *ok)
{
    ring Rp = *S->R;
    Rp.F = *Fp;
    plist gp;
    plist_init(&gp);
    gbc_status st = module_gens_mod(S->ctx, S->gens, Rp.nvars, &Rp.F, &gp, ok);
    /* one log line for the whole run, not the engines' lines of every prime */
    void (*log)(void *, int, const char *) = S->ctx->log;
    S->ctx->log = NULL;
    if (st == GBC_OK && *ok)
        st = module_syz_minimal_direct(S->ctx, &Rp, S->rank, &gp, S->shift, sp, dg,
                                       S->stats);
    S->ctx->log = log;
    plist_clear(S->ctx, &gp, &Rp.F);
    return st;
}

static size_t terms_of(const plist *L)
{
    size_t t = 0;
    for (size_t i = 0; i < L->n; i++)
        t += L->p[i].len;
    return t;
}

/* 0 when sp (degrees dg) has the reference's shape; else -1 when it looks
 * better (fewer syzygies, or as many with more terms: an unlucky prime makes
 * more minimal syzygies or cancels terms), 1 otherwise. */
static int shape_cmp(const syzq *S, const plist *sp, const int64_t *dg)
{
    const size_t n = sp->n / S->m, nv = S->R->nvars;
    if (n != S->n)
        return n < S->n ? -1 : 1;
    size_t ta = S->ncf, tb = terms_of(sp);
    if (ta != tb)
        return tb > ta ? -1 : 1;
    for (size_t k = 0; k < n; k++)
        if (dg[k] != S->degs[k])
            return 1;
    for (size_t i = 0; i < sp->n; i++) {
        const ppoly *a = &S->ref.p[i], *b = &sp->p[i];
        if (a->len != b->len ||
            memcmp(a->exps, b->exps, sizeof(uint32_t) * a->len * nv) != 0)
            return 1;
    }
    return 0;
}

/* Flatten sp's coefficients into S->res and add them to the accumulator. */
static gbc_status add_prime(syzq *S, uint32_t p, const plist *sp)
{
    size_t c = 0;
    for (size_t i = 0; i < sp->n; i++)
        for (size_t t = 0; t < sp->p[i].len; t++)
            S->res[c++] = sp->p[i].cf[t];
    return zz_crt_add(S->ctx, &S->C, S->res, p, NULL);
}

/* Make prime p (field Fp; syzygies sp, degrees dg: both taken over, also on
 * failure) the reference. */
static gbc_status set_ref(syzq *S, const field *Fp, plist *sp, int64_t *dg)
{
    gbc_ctx *ctx = S->ctx;
    ref_clear(S);
    S->p1 = Fp->p;
    S->Fz = *Fp;
    S->ref = *sp;
    plist_init(sp);
    S->degs = dg;
    S->n = S->ref.n / S->m;
    S->ncf = terms_of(&S->ref);
    GBC_TRY(GBC_ALLOC(ctx, S->glen, S->n ? S->n : 1));
    GBC_TRY(GBC_ALLOC(ctx, S->res, S->ncf ? S->ncf : 1));
    GBC_TRY(GBC_ALLOC(ctx, S->q, S->ncf ? S->ncf : 1));
    for (; S->nq < S->ncf; S->nq++)
        mpq_init(S->q[S->nq]);
    for (size_t k = 0; k < S->n; k++) {
        S->glen[k] = 0;
        for (size_t j = 0; j < S->m; j++)
            S->glen[k] += S->ref.p[k * S->m + j].len;
    }
    gbc_status st = zz_crt_init_groups(ctx, &S->C, S->glen, S->n);
    S->have_ref = 1; /* also after a failure: zz_crt_clear frees what it made */
    GBC_TRY(st);
    return add_prime(S, S->p1, &S->ref);
}

/* Whether the lift reduces modulo F's prime to sp. */
static int cand_matches(const syzq *S, const field *F, const plist *sp)
{
    size_t c = 0;
    for (size_t i = 0; i < sp->n; i++)
        for (size_t t = 0; t < sp->p[i].len; t++) {
            uint32_t r;
            if (!zp_from_mpq(F, S->q[c++], &r) || r != sp->p[i].cf[t])
                return 0;
        }
    return 1;
}

/* The generators' coefficients times one common integer (the lcm of their
 * denominators), as integers into z (initialised here, nz of them). */
static gbc_status gens_integral(gbc_ctx *ctx, const plist *gens, mpz_t **zp, size_t *nz)
{
    const size_t n = terms_of(gens);
    mpz_t *z = NULL, l;
    GBC_TRY(GBC_ALLOC(ctx, z, n ? n : 1));
    mpz_init_set_ui(l, 1);
    for (size_t k = 0; k < gens->n; k++)
        for (size_t i = 0; i < gens->p[k].len; i++)
            mpz_lcm(l, l, mpq_denref(gens->p[k].cq[i]));
    size_t c = 0;
    for (size_t k = 0; k < gens->n; k++)
        for (size_t i = 0; i < gens->p[k].len; i++, c++) {
            mpz_init(z[c]);
            mpz_divexact(z[c], l, mpq_denref(gens->p[k].cq[i]));
            mpz_mul(z[c], z[c], mpq_numref(gens->p[k].cq[i]));
        }
    mpz_clear(l);
    *zp = z;
    *nz = n;
    return GBC_OK;
}

/* The exact check's state: a table of the products' monomials and one integer
 * accumulator per monomial (zero between uses). */
typedef struct qacc {
    mht t;
    mpz_t *acc;
    size_t nacc;
    uint32_t *e; /* nvars scratch */
    mpz_t *gz;   /* the generators' integer coefficients (gens_integral) */
    size_t *gfirst; /* gz index of each generator polynomial's first term */
    size_t ngz;
    mpz_t *sz;   /* one syzygy's integer coefficients */
    size_t nsz;
} qacc;

/* acc[mono] += a * b over every pair of terms of the syzygy entry s (integer
 * coefficients sz from index si) and the generator entry f (gz from gi). */
static gbc_status acc_product(gbc_ctx *ctx, qacc *A, const ring *R, const ppoly *s, size_t si,
                              const ppoly *f, size_t gi)
{
    const uint32_t nv = R->nvars;
    for (size_t a = 0; a < s->len; a++)
        for (size_t b = 0; b < f->len; b++) {
            for (uint32_t v = 0; v < nv; v++) {
                uint64_t x = (uint64_t)s->exps[a * nv + v] + f->exps[b * nv + v];
                if (x > UINT32_MAX)
                    return GBC_ERR_OVERFLOW;
                A->e[v] = (uint32_t)x;
            }
            uint32_t idx;
            GBC_TRY(mht_insert(ctx, &A->t, A->e, &idx));
            if (idx >= A->nacc) {
                size_t cap = A->nacc;
                GBC_TRY(GBC_GROW(ctx, A->acc, cap, (size_t)idx + 1));
                for (; A->nacc < cap; A->nacc++)
                    mpz_init(A->acc[A->nacc]);
            }
            mpz_addmul(A->acc[idx], A->sz[si + a], A->gz[gi + b]);
        }
    return GBC_OK;
}

/* *ok = whether syzygy k of the lift times the generators is zero over Q. */
static gbc_status check_one(syzq *S, qacc *A, size_t k, size_t first, int *ok)
{
    gbc_ctx *ctx = S->ctx;
    const size_t len = S->glen[k];
    mpz_t l;
    mpz_init_set_ui(l, 1);
    for (size_t c = 0; c < len; c++)
        mpz_lcm(l, l, mpq_denref(S->q[first + c]));
    for (size_t c = 0; c < len; c++) {
        mpz_divexact(A->sz[c], l, mpq_denref(S->q[first + c]));
        mpz_mul(A->sz[c], A->sz[c], mpq_numref(S->q[first + c]));
    }
    mpz_clear(l);
    *ok = 1;
    for (uint32_t r = 0; r < S->rank && *ok; r++) {
        mht_reset(&A->t);
        size_t si = 0;
        for (size_t j = 0; j < S->m; j++) {
            const ppoly *s = &S->ref.p[k * S->m + j];
            const size_t g = j * S->rank + r;
            GBC_TRY(acc_product(ctx, A, S->R, s, si, &S->gens->p[g], A->gfirst[g]));
            si += s->len;
        }
        for (uint32_t i = 0; i < A->t.size; i++)
            if (mpz_sgn(A->acc[i]) != 0) {
                *ok = 0;
                mpz_set_ui(A->acc[i], 0);
            }
    }
    return GBC_OK;
}

/* *ok = whether every element of the lift is a syzygy over Q. */
static gbc_status check_exact(syzq *S, int *ok)
{
    gbc_ctx *ctx = S->ctx;
    qacc A;
    memset(&A, 0, sizeof A);
    mht_params par;
    memset(&par, 0, sizeof par);
    size_t maxlen = 1;
    for (size_t k = 0; k < S->n; k++)
        maxlen = S->glen[k] > maxlen ? S->glen[k] : maxlen;
    gbc_status st;
    *ok = 1;
    GBC_CHECK(st, mht_params_init(ctx, &par, &S->R->ord, SYZQ_HASH_SEED), done);
    GBC_CHECK(st, mht_init(ctx, &A.t, &par, 10), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, A.e, S->R->nvars ? S->R->nvars : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, A.gfirst, S->gens->n ? S->gens->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, A.sz, maxlen), done);
    for (; A.nsz < maxlen; A.nsz++)
        mpz_init(A.sz[A.nsz]);
    GBC_CHECK(st, gens_integral(ctx, S->gens, &A.gz, &A.ngz), done);
    for (size_t g = 0, c = 0; g < S->gens->n; c += S->gens->p[g++].len)
        A.gfirst[g] = c;
    for (size_t k = 0, first = 0; k < S->n && *ok; first += S->glen[k++]) {
        GBC_CHECK(st, check_one(S, &A, k, first, ok), done);
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
    }
done:
    for (size_t i = 0; i < A.nacc; i++)
        mpz_clear(A.acc[i]);
    for (size_t i = 0; i < A.nsz; i++)
        mpz_clear(A.sz[i]);
    for (size_t i = 0; i < A.ngz; i++)
        mpz_clear(A.gz[i]);
    gbc_free(ctx, A.acc);
    gbc_free(ctx, A.sz);
    gbc_free(ctx, A.gz);
    gbc_free(ctx, A.gfirst);
    gbc_free(ctx, A.e);
    mht_clear(ctx, &A.t);
    mht_params_clear(ctx, &par);
    return st;
}

/* out (empty) = the lift as elements of rank m over Q. */
static gbc_status emit(syzq *S, plist *out)
{
    const uint32_t nv = S->R->nvars;
    size_t c = 0;
    for (size_t i = 0; i < S->ref.n; i++) {
        const ppoly *r = &S->ref.p[i];
        ppoly *g;
        GBC_TRY(plist_push(S->ctx, out, r->len, nv, &S->R->F, &g));
        memcpy(g->exps, r->exps, sizeof(uint32_t) * r->len * nv);
        for (size_t t = 0; t < r->len; t++)
            mpq_set(g->cq[t], S->q[c++]);
    }
    return GBC_OK;
}

/* *ok = whether the lift is proved (module comment). */
static gbc_status prove(syzq *S, int *ok)
{
    /* the lift's image modulo p1 must be the syzygies there */
    *ok = cand_matches(S, &S->Fz, &S->ref);
    if (*ok)
        GBC_TRY(check_exact(S, ok));
    return GBC_OK;
}

/* One more prime: *done = 1 when the lift is proved, -1 when the exact path
 * should take over. */
static gbc_status step(syzq *S, size_t *switches, int *done)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t p = qprimes_next(&S->P);
    plist sp;
    plist_init(&sp);
    int64_t *dg = NULL;
    int ok = 0;
    gbc_status st;
    field Fp;
    GBC_CHECK(st, field_init(&Fp, p), done);
    GBC_CHECK(st, prime_syz(S, &Fp, &sp, &dg, &ok), done);
    if (!ok)
        goto done; /* p divides a denominator */
    int c = S->have_ref ? shape_cmp(S, &sp, dg) : -1;
    if (c < 0 && S->have_ref && ++*switches > SYZQ_MAX_SWITCH) {
        *done = -1;
        goto done;
    }
    if (c < 0) {
        int64_t *d = dg;
        dg = NULL;
        GBC_CHECK(st, set_ref(S, &Fp, &sp, d), done);
    } else if (c == 0) {
        if (S->have_cand && cand_matches(S, &Fp, &sp)) {
            GBC_CHECK(st, prove(S, &ok), done);
            if (ok) {
                *done = 1;
                goto done;
            }
        }
        GBC_CHECK(st, add_prime(S, p, &sp), done);
    }
    /* a lift after every prime: one that cannot succeed yet fails on its first
     * sample (zz_crt_lift tries one member of each syzygy first) */
    if (c <= 0 && S->n > 0)
        GBC_CHECK(st, zz_crt_lift(ctx, &S->C, S->glen, S->n, S->q, &S->have_cand), done);
done:
    plist_clear(ctx, &sp, &Fp);
    gbc_free(ctx, dg);
    return st;
}

gbc_status module_syz_qq(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                         const int64_t *shift, plist *out, int64_t **degs, gb_stats *stats)
{
    *degs = NULL;
    if (out->n != 0 || rank < 1 || gens->n % rank != 0 || gens->n == 0)
        return GBC_ERR_INTERNAL;
    syzq S;
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    S.R = R;
    S.rank = rank;
    S.m = gens->n / rank;
    S.gens = gens;
    S.shift = shift;
    S.stats = stats;
    plist_init(&S.ref);
    qprimes_init(&S.P, ctx, 7);
    S.maxp = QPRIMES_CAP;
    if (ctx->plan->max_primes > 0 && ctx->plan->max_primes < S.maxp)
        S.maxp = ctx->plan->max_primes;
    size_t switches = 0;
    int done = 0;
    gbc_status st = GBC_OK;
    while (!done && S.P.n < S.maxp) {
        GBC_CHECK(st, gbc_ctx_check(ctx), fin);
        if (S.have_ref && S.n == 0) { /* no syzygies modulo p1 */
            GBC_CHECK(st, prove(&S, &done), fin);
            done = done ? 1 : -1;
            break;
        }
        GBC_CHECK(st, step(&S, &switches, &done), fin);
    }
    if (done != 1) {
        gbc_log(ctx, 1, "syz over Q: no proved lift after %zu primes: the exact path",
                S.P.n);
        st = GBC_ERR_UNSUPPORTED;
        goto fin;
    }
    gbc_log(ctx, 1, "syz over Q: %zu syzygies from %zu primes", S.n, S.C.nprimes);
    plist o;
    plist_init(&o);
    st = emit(&S, &o);
    if (st == GBC_OK && S.n > 0)
        st = GBC_ALLOC(ctx, *degs, S.n);
    if (st != GBC_OK) {
        plist_clear(ctx, &o, &R->F);
        goto fin;
    }
    if (S.n > 0)
        memcpy(*degs, S.degs, sizeof(int64_t) * S.n);
    *out = o;
fin:
    ref_clear(&S);
    return st;
}

gbc_status module_syz_minimal(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                              const int64_t *shift, plist *out, int64_t **degs,
                              gb_stats *stats)
{
    if (rank == 1 && gens->n > 1) { /* a regular sequence: the Koszul syzygies */
        int yes = 0;
        uint32_t p;
        GBC_TRY(module_regular_sequence(ctx, R, gens, 1, &yes, &p, stats));
        if (yes) {
            gbc_log(ctx, 1, "syz: a regular sequence (the Hilbert series modulo %u): the "
                            "Koszul syzygies", p);
            return module_syz_koszul(ctx, R, gens, shift, out, degs);
        }
    }
    if (mcf_for(&R->F) == &mcf_qq && R->nvars > 0 && gens->n > 0) {
        gbc_status st = module_syz_qq(ctx, R, rank, gens, shift, out, degs, stats);
        if (st != GBC_ERR_UNSUPPORTED)
            return st;
    }
    return module_syz_minimal_direct(ctx, R, rank, gens, shift, out, degs, stats);
}
