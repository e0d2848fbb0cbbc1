/* solve/krylov.c: the parametrisation of one prime for modparam.c, from the grevlex
 * basis G of I over Q reduced modulo p: no Groebner basis modulo p is computed. The
 * multiplication matrix of T on the normal set (fglm/source.c), a Krylov sequence
 * of its transpose (Wiedemann's projection), Berlekamp-Massey for w, and
 * v_i = x_i w' mod w from the same sequence (docs/solve.md, "Method", step 3). */
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "fglm/fglm_int.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

/* ------------------------------------------------------------- arithmetic -- */

static uint32_t ksub(uint32_t a, uint32_t b, uint32_t p)
{
    return a >= b ? a - b : a + p - b;
}

/* The residue of the split sum lo + 2^32 hi; two32 = 2^32 mod p. */
static uint32_t ksplit(uint64_t lo, uint64_t hi, uint64_t two32, uint32_t p)
{
    return (uint32_t)(((hi % p) * two32 + lo % p) % p);
}

/* q x mod p for x < 2^32 with qs = floor(q 2^32 / p) precomputed (Shoup's
 * multiplication by a fixed q < p < 2^31: no division). */
static uint32_t kmul_fixed(uint32_t x, uint32_t q, uint64_t qs, uint32_t p)
{
    uint64_t r = (uint64_t)q * x - ((qs * x) >> 32) * p;
    return (uint32_t)(r >= p ? r - p : r);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(__SANITIZE_THREAD__)
#define K_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define K_CLONES
#endif

/* r[j] = r[j] - q a[j] mod p for j < n (residues; qs = floor(q 2^32 / p), as
 * kmul_fixed's): in 32-bit lanes, q a[j] - floor(qs a[j] / 2^32) p lies in [0, 2p)
 * and 2p < 2^32, so the low 32 bits of each product suffice, and the loop
 * vectorises. */
K_CLONES
static void ksubmul(uint32_t *restrict r, const uint32_t *restrict a, size_t n, uint32_t q,
                    uint32_t qs, uint32_t p)
{
    for (size_t j = 0; j < n; j++) {
        uint32_t h = (uint32_t)(((uint64_t)qs * a[j]) >> 32);
        uint32_t t = q * a[j] - h * p;
        t = t >= p ? t - p : t;
        uint32_t x = r[j] - t;
        r[j] = r[j] >= t ? x : x + p;
    }
}

/* The degree of a (n coefficients), -1 for zero. */
static long kdeg(const uint32_t *a, size_t n)
{
    while (n > 0 && a[n - 1] == 0)
        n--;
    return (long)n - 1;
}

/* inv = a^-1 mod w (a below degree D, w monic of degree D): 1; 0 when gcd(a, w) is
 * not 1. sc: 4 (D + 1) scratch words. The extended Euclidean algorithm with the
 * cofactors of a only; none (only whether gcd(a, w) = 1) when inv is NULL. */
static int kinvmod(uint32_t *inv, const uint32_t *a, const uint32_t *w, size_t D, uint32_t *sc,
                   uint32_t p)
{
    size_t m = D + 1;
    uint32_t *r0 = sc, *r1 = sc + m, *t0 = sc + 2 * m, *t1 = sc + 3 * m;
    memcpy(r0, w, m * sizeof *r0);
    memcpy(r1, a, D * sizeof *r1);
    r1[D] = 0;
    memset(t0, 0, 2 * m * sizeof *t0);
    t1[0] = 1;
    /* invariant: r_k = t_k a mod w */
    long d0 = (long)D, d1 = kdeg(r1, m);
    while (d1 > 0) {
        uint32_t li = sv_invm(r1[d1], p);
        long e1 = kdeg(t1, m); /* t1 is fixed in this loop: only its terms count */
        while (d0 >= d1) {
            uint32_t q = sv_mulm(r0[d0], li, p);
            uint32_t qs = (uint32_t)(((uint64_t)q << 32) / p);
            size_t s = (size_t)(d0 - d1);
            ksubmul(r0 + s, r1, (size_t)d1 + 1, q, qs, p);
            if (inv != NULL && e1 >= 0)
                ksubmul(t0 + s, t1, (size_t)e1 + 1 < m - s ? (size_t)e1 + 1 : m - s, q, qs,
                        p);
            d0 = kdeg(r0, (size_t)d0 + 1);
        }
        uint32_t *x = r0;
        r0 = r1;
        r1 = x;
        x = t0;
        t0 = t1;
        t1 = x;
        long dx = d0;
        d0 = d1;
        d1 = dx;
    }
    if (d1 < 0)
        return 0;
    if (inv == NULL)
        return 1;
    uint32_t c = sv_invm(r1[0], p);
    for (size_t j = 0; j < D; j++)
        inv[j] = sv_mulm(t1[j], c, p);
    return 1;
}

/* Whether w (monic, degree D) is squarefree mod p: gcd(w, w') = 1. sc: 4 (D + 1)
 * scratch words; dw: D words for w'. */
static int ksquarefree(const uint32_t *w, size_t D, uint32_t *dw, uint32_t *sc, uint32_t p)
{
    for (size_t b = 1; b <= D; b++)
        dw[b - 1] = sv_mulm(w[b], (uint32_t)(b % p), p);
    if (kdeg(dw, D) < 0)
        return 0;
    return kinvmod(NULL, dw, w, D, sc, p);
}

/* The minimal polynomial of the sequence s[0..2D) (Berlekamp-Massey) into w, monic,
 * of degree *L (w: 2 D + 1 words, meaningful up to degree *L; sc: 3 (2 D + 1)
 * scratch words). The sequence's minimal polynomial when its degree is at most D. */
static void kbm(uint32_t *w, size_t *L, const uint32_t *s, size_t D, uint32_t *sc, uint32_t p)
{
    size_t N = 2 * D, l = 0, m = 1, dc = 0, db = 0;
    uint32_t *C = sc, *B = sc + N + 1, *T = sc + 2 * (N + 1), binv = 1;
    const uint64_t two32 = ((uint64_t)1 << 32) % p;
    memset(sc, 0, 2 * (N + 1) * sizeof *sc);
    C[0] = B[0] = 1;
    for (size_t k = 0; k < N; k++) {
        uint64_t lo = s[k], hi = 0;
        for (size_t i = 1; i <= l && i <= dc; i++) {
            uint64_t t = (uint64_t)C[i] * s[k - i];
            lo += t & 0xffffffffu;
            hi += t >> 32;
        }
        uint64_t d = ksplit(lo, hi, two32, p);
        if (d == 0) {
            m++;
            continue;
        }
        uint32_t coef = sv_mulm((uint32_t)d, binv, p);
        uint64_t cs = ((uint64_t)coef << 32) / p;
        int grow = 2 * l <= k;
        size_t dt = dc;
        if (grow)
            memcpy(T, C, (dc + 1) * sizeof *T);
        for (size_t i = 0; i <= db && i + m <= N; i++)
            C[i + m] = ksub(C[i + m], kmul_fixed(B[i], coef, cs, p), p);
        if (db + m > dc)
            dc = db + m < N ? db + m : N;
        if (grow) {
            memset(B, 0, (db + 1) * sizeof *B);
            memcpy(B, T, (dt + 1) * sizeof *B);
            db = dt;
            l = k + 1 - l;
            binv = sv_invm((uint32_t)d, p);
            m = 1;
        } else {
            m++;
        }
    }
    *L = l;
    for (size_t j = 0; j <= l; j++)
        w[j] = l - j <= dc ? C[l - j] : 0;
}

/* ---------------------------------------------------- G modulo the primes -- */

gbc_status sv_gbmod_init(gbc_ctx *ctx, sv_gbmod *B, const gbc_polys *G)
{
    const gbc_ring *R = gbc_polys_ring(G);
    uint32_t n = gbc_ring_nvars(R);
    B->n = n;
    B->zb = 0;
    B->ng = gbc_polys_count(G);
    GBC_TRY(GBC_ALLOC(ctx, B->nterms, B->ng + 1));
    GBC_TRY(GBC_ALLOC(ctx, B->names, n + 1));
    for (uint32_t i = 0; i < n; i++)
        B->names[i] = gbc_ring_var_name(R, i);
    B->total = 0;
    for (size_t j = 0; j < B->ng; j++) {
        B->nterms[j] = gbc_polys_nterms(G, j);
        B->total += B->nterms[j];
    }
    GBC_TRY(GBC_ALLOC(ctx, B->exps, B->total * n + 1));
    GBC_TRY(GBC_ALLOC(ctx, B->num, B->total + 1));
    for (size_t t = 0; t < B->total; t++)
        mpz_init(B->num[t]);
    B->nnum = B->total;
    GBC_TRY(GBC_ALLOC(ctx, B->lcm, B->ng + 1));
    for (size_t j = 0; j < B->ng; j++)
        mpz_init_set_ui(B->lcm[j], 1);
    B->nlcm = B->ng;
    mpq_t *q = NULL;
    size_t mx = 1;
    for (size_t j = 0; j < B->ng; j++)
        if (B->nterms[j] > mx)
            mx = B->nterms[j];
    GBC_TRY(GBC_ALLOC(ctx, q, mx));
    for (size_t t = 0; t < mx; t++)
        mpq_init(q[t]);
    /* the integers of each generator charged once it is made (what they hold of
     * the heap, common/gmpheap.h), before the next one is: the limit is passed by
     * at most one generator's numbers */
    gbc_status st = GBC_OK;
    for (size_t j = 0, at = 0; j < B->ng && st == GBC_OK; at += B->nterms[j], j++) {
        size_t m = B->nterms[j], bytes = 0;
        st = gbc_polys_get_mpq(B->exps + at * n, q, m, G, j);
        for (size_t t = 0; t < m && st == GBC_OK; t++)
            mpz_lcm(B->lcm[j], B->lcm[j], mpq_denref(q[t]));
        for (size_t t = 0; t < m && st == GBC_OK; t++) {
            mpz_divexact(B->num[at + t], B->lcm[j], mpq_denref(q[t]));
            mpz_mul(B->num[at + t], B->num[at + t], mpq_numref(q[t]));
            bytes += gbc_mpz_heap(B->num[at + t]);
        }
        bytes += gbc_mpz_heap(B->lcm[j]);
        if (st == GBC_OK)
            st = gbc_ctx_charge(ctx, bytes);
        if (st == GBC_OK)
            B->zb += bytes;
    }
    for (size_t t = 0; t < mx; t++)
        mpq_clear(q[t]);
    gbc_free(ctx, q);
    return st;
}

void sv_gbmod_clear(gbc_ctx *ctx, sv_gbmod *B)
{
    gbc_ctx_uncharge(ctx, B->zb);
    for (size_t t = 0; t < B->nnum; t++)
        mpz_clear(B->num[t]);
    for (size_t j = 0; j < B->nlcm; j++)
        mpz_clear(B->lcm[j]);
    gbc_free(ctx, B->num);
    gbc_free(ctx, B->lcm);
    gbc_free(ctx, B->exps);
    gbc_free(ctx, B->names);
    gbc_free(ctx, B->nterms);
    memset(B, 0, sizeof *B);
}

/* cf = G's coefficients modulo p (B->total of them): 1; 0 when p divides a
 * denominator. */
static int gb_residues(uint32_t *cf, const sv_gbmod *B, uint32_t p)
{
    for (size_t j = 0, at = 0; j < B->ng; at += B->nterms[j], j++) {
        unsigned long l = mpz_fdiv_ui(B->lcm[j], p);
        if (l == 0)
            return 0;
        uint32_t li = sv_invm((uint32_t)l, p);
        for (size_t t = 0; t < B->nterms[j]; t++)
            cf[at + t] = sv_mulm((uint32_t)mpz_fdiv_ui(B->num[at + t], p), li, p);
    }
    return 1;
}

/* ------------------------------------------------------ one prime's Krylov -- */

/* An entry of a column: its row and value. */
typedef struct kent {
    uint32_t i, v;
} kent;

/* One prime's work: the matrix of T by columns (entries e, column k from cp[k] to
 * cp[k + 1]), the sequences and the polynomials. */
typedef struct kwork {
    uint32_t D, n, p;
    size_t *cp, cap;
    kent *e;
    uint32_t *dcol;   /* D: column j's row in dense, or UINT32_MAX (sparse) */
    uint32_t *dense;  /* the dense columns, D entries each */
    size_t ndense, dcap;
    const uint32_t **dptr; /* ndense: the dense columns */
    uint32_t *dj;     /* ndense: the column of each dense column */
    uint32_t *dd;     /* ndense: their dot products with rho */
    int isa;          /* the dot products' loop (sv_kdot_isa) */
    uint32_t *rho, *rho2, *s, *si, *w, *dw, *N, *Ni, *h, *sc;
    uint32_t *wr, *mt; /* w reversed (D + 1), kmulmod's scratch (4 D) */
    uint64_t *acc;
} kwork;

static void kwork_clear(gbc_ctx *ctx, kwork *K)
{
    gbc_free(ctx, K->cp);
    gbc_free(ctx, K->e);
    gbc_free(ctx, K->dcol);
    gbc_free(ctx, K->dense);
    gbc_free(ctx, K->dptr);
    gbc_free(ctx, K->dj);
    gbc_free(ctx, K->dd);
    gbc_free(ctx, K->rho);
    gbc_free(ctx, K->rho2);
    gbc_free(ctx, K->s);
    gbc_free(ctx, K->si);
    gbc_free(ctx, K->w);
    gbc_free(ctx, K->dw);
    gbc_free(ctx, K->N);
    gbc_free(ctx, K->Ni);
    gbc_free(ctx, K->h);
    gbc_free(ctx, K->sc);
    gbc_free(ctx, K->wr);
    gbc_free(ctx, K->mt);
    gbc_free(ctx, K->acc);
}

static gbc_status kwork_init(gbc_ctx *ctx, kwork *K, uint32_t D, uint32_t n, uint32_t p)
{
    size_t d = D, d2 = 2 * d + 1;
    K->D = D;
    K->n = n;
    K->p = p;
    K->isa = sv_kdot_isa();
    K->cap = 4 * d + 1;
    GBC_TRY(GBC_ALLOC(ctx, K->cp, d + 1));
    GBC_TRY(GBC_ALLOC(ctx, K->e, K->cap));
    GBC_TRY(GBC_ALLOC(ctx, K->dcol, d));
    GBC_TRY(GBC_ALLOC(ctx, K->rho, d));
    GBC_TRY(GBC_ALLOC(ctx, K->rho2, d));
    GBC_TRY(GBC_ALLOC(ctx, K->s, 2 * d));
    GBC_TRY(GBC_ALLOC(ctx, K->si, (size_t)n * d + 1));
    GBC_TRY(GBC_ALLOC(ctx, K->w, d2));
    GBC_TRY(GBC_ALLOC(ctx, K->dw, d));
    GBC_TRY(GBC_ALLOC(ctx, K->N, d));
    GBC_TRY(GBC_ALLOC(ctx, K->Ni, d));
    GBC_TRY(GBC_ALLOC(ctx, K->h, d));
    GBC_TRY(GBC_ALLOC(ctx, K->sc, 3 * d2));
    GBC_TRY(GBC_ALLOC(ctx, K->wr, d + 1));
    GBC_TRY(GBC_ALLOC(ctx, K->mt, 4 * d));
    return GBC_ALLOC(ctx, K->acc, 4 * d);
}

/* The columns of the matrix of T = -sum form_i x_i on the normal set of S, and the
 * normal forms of the variables computed. */
static gbc_status kmatrix(gbc_ctx *ctx, kwork *K, fg_src *S, const int64_t *form)
{
    const uint32_t D = K->D, p = K->p;
    const uint64_t p2 = (uint64_t)p * p;
    size_t nnz = 0;
    K->cp[0] = 0;
    for (uint32_t k = 0; k < D; k++) {
        memset(K->acc, 0, D * sizeof *K->acc);
        for (uint32_t i = 0; i < K->n; i++) {
            int64_t c = form[i] % (int64_t)p;
            if (c == 0)
                continue;
            uint64_t a = c > 0 ? (uint64_t)p - (uint64_t)c : (uint64_t)-c;
            uint32_t code = S->mul[(size_t)i * D + k];
            if (!FG_IS_BORDER(code)) {
                K->acc[FG_INDEX(code)] = fg_acc(K->acc[FG_INDEX(code)], a, p2);
                continue;
            }
            GBC_TRY(fg_nf_need(S, FG_INDEX(code)));
            fg_axpy(K->acc, a, S->bnf[FG_INDEX(code)], D, p2, 0);
        }
        size_t nz = 0;
        for (uint32_t j = 0; j < D; j++) {
            K->acc[j] %= p;
            nz += K->acc[j] != 0;
        }
        K->dcol[k] = UINT32_MAX;
        if (nz * 8 > D) {
            /* a dense column: its dot products vectorised (sv_kdots) */
            GBC_TRY(GBC_GROW(ctx, K->dense, K->dcap, (K->ndense + 1) * D));
            for (uint32_t j = 0; j < D; j++)
                K->dense[K->ndense * D + j] = (uint32_t)K->acc[j];
            K->dcol[k] = (uint32_t)K->ndense++;
        } else {
            GBC_TRY(GBC_GROW(ctx, K->e, K->cap, nnz + nz));
            for (uint32_t j = 0; j < D; j++)
                if (K->acc[j] != 0)
                    K->e[nnz++] = (kent){j, (uint32_t)K->acc[j]};
        }
        K->cp[k + 1] = nnz;
    }
    GBC_TRY(GBC_ALLOC(ctx, K->dptr, K->ndense + 1));
    GBC_TRY(GBC_ALLOC(ctx, K->dj, K->ndense + 1));
    GBC_TRY(GBC_ALLOC(ctx, K->dd, K->ndense + 1));
    for (uint32_t j = 0; j < D; j++)
        if (K->dcol[j] != UINT32_MAX) {
            K->dptr[K->dcol[j]] = K->dense + (size_t)K->dcol[j] * D;
            K->dj[K->dcol[j]] = j;
        }
    /* the normal forms of the x_i themselves (kxcoord) */
    for (uint32_t i = 0; i < K->n; i++)
        if (FG_IS_BORDER(S->mul[(size_t)i * D]))
            GBC_TRY(fg_nf_need(S, FG_INDEX(S->mul[(size_t)i * D])));
    return GBC_OK;
}

/* r = a b mod w (a, b below degree D, w monic of degree D, wr = w reversed:
 * wr[j] = w[D - j]; r may alias neither; tmp: 4 D scratch words). Every
 * coefficient is a dot product (sv_kdot): those of the product c = a b, then the
 * quotient q of c by w from the top (q_t = c_(t+D) - sum_(j>0) q_(t+j) w_(D-j)),
 * then r_k = c_k - sum_i q_i w_(k-i). */
static void kmulmod(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *wr,
                    size_t D, uint32_t *tmp, uint32_t p, int isa)
{
    uint32_t *br = tmp, *c = tmp + D, *q = tmp + 3 * D;
    for (size_t j = 0; j < D; j++)
        br[j] = b[D - 1 - j];
    for (size_t k = 0; k + 1 < 2 * D; k++) {
        size_t i0 = k + 1 > D ? k + 1 - D : 0, i1 = k < D - 1 ? k : D - 1;
        c[k] = sv_kdot(a + i0, br + (D - 1 - k + i0), i1 - i0 + 1, p, isa);
    }
    for (size_t t = D - 1; t-- > 0;) {
        uint32_t x = sv_kdot(q + t + 1, wr + 1, D - 2 - t, p, isa);
        q[t] = ksub(c[t + D], x, p);
    }
    for (size_t k = 0; k < D; k++) {
        size_t cnt = (k < D - 2 ? k : D - 2) + 1;
        uint32_t x = D >= 2 ? sv_kdot(q, wr + D - k, cnt, p, isa) : 0;
        r[k] = ksub(c[k], x, p);
    }
}

/* The coordinate of x_i (= x_i b_0, b_0 = 1) under the row vector rho. */
static uint32_t kxcoord(const fg_src *S, const uint32_t *rho, uint32_t i, uint32_t p, int isa)
{
    uint32_t code = S->mul[(size_t)i * S->D];
    if (!FG_IS_BORDER(code))
        return rho[FG_INDEX(code)];
    return sv_kdot(rho, S->bnf[FG_INDEX(code)], S->D, p, isa);
}

/* From the random row vector K->rho (consumed): s_k = rho M^k e_0 for k < 2D and
 * si_(i,k) = rho M^k x_i for k < D (M the matrix of T, e_0 the monomial 1). */
static gbc_status krylov(gbc_ctx *ctx, kwork *K, const fg_src *S)
{
    const uint32_t D = K->D, p = K->p;
    const uint64_t two32 = ((uint64_t)1 << 32) % p;
    for (uint32_t k = 0; k < 2 * D; k++) {
        K->s[k] = K->rho[0];
        if (k < D)
            for (uint32_t i = 0; i < K->n; i++)
                K->si[(size_t)i * D + k] = kxcoord(S, K->rho, i, p, K->isa);
        if (k + 1 == 2 * D)
            break;
        GBC_TRY(sv_poll(ctx, K->cp[D] / 8));
        sv_kdots(K->dd, K->rho, K->dptr, K->ndense, D, p, K->isa);
        for (size_t c = 0; c < K->ndense; c++)
            K->rho2[K->dj[c]] = K->dd[c];
        for (uint32_t j = 0; j < D; j++) {
            if (K->dcol[j] != UINT32_MAX)
                continue;
            const kent *e = K->e + K->cp[j];
            size_t len = K->cp[j + 1] - K->cp[j];
            if (len == 1 && e->v == 1) {
                K->rho2[j] = K->rho[e->i]; /* T b_j is a standard monomial */
                continue;
            }
            if (len <= 4) {
                /* at most four products below p^2 < 2^62: no overflow */
                uint64_t a = 0;
                for (size_t t = 0; t < len; t++)
                    a += (uint64_t)K->rho[e[t].i] * e[t].v;
                K->rho2[j] = (uint32_t)(a % p);
                continue;
            }
            uint64_t lo = 0, hi = 0;
            size_t t = 0;
            for (; t + 4 <= len; t += 4) {
                uint64_t x = (uint64_t)K->rho[e[t].i] * e[t].v +
                             (uint64_t)K->rho[e[t + 1].i] * e[t + 1].v +
                             (uint64_t)K->rho[e[t + 2].i] * e[t + 2].v +
                             (uint64_t)K->rho[e[t + 3].i] * e[t + 3].v;
                lo += x & 0xffffffffu;
                hi += x >> 32;
            }
            for (; t < len; t++) {
                uint64_t x = (uint64_t)K->rho[e[t].i] * e[t].v;
                lo += x & 0xffffffffu;
                hi += x >> 32;
            }
            K->rho2[j] = ksplit(lo, hi, two32, p);
        }
        uint32_t *x = K->rho;
        K->rho = K->rho2;
        K->rho2 = x;
    }
    return GBC_OK;
}

/* The numerator of the series sum_k q_k z^(-k-1) times w, a polynomial of degree
 * below D: N_e = sum_(j > e) w_j q_(j-e-1), into N. */
static void knumer(uint32_t *N, const uint32_t *w, const uint32_t *q, uint32_t D, uint32_t p,
                   int isa)
{
    for (uint32_t e = 0; e < D; e++)
        N[e] = sv_kdot(w + e + 1, q, D - e, p, isa);
}

/* The parametrisation from the sequences: *ok as sv_param_mod_p's, and 3 when the
 * projection rho was unlucky (another one may serve). With w = the sequence's
 * minimal polynomial and N_q = [w sum_k q_k z^(-k-1)]: at a root t_j of w (w
 * squarefree of degree D, T separating), N_s(t_j) = a_j w'(t_j) and
 * N_(si)(t_j) = a_j x_i(t_j) w'(t_j) with a_j the projection's weight on the
 * point, so v_i = x_i w' = N_(si) w' / N_s mod w. */
static void kparam(uint32_t *r, int *ok, kwork *K)
{
    const uint32_t D = K->D, p = K->p;
    size_t L = 0;
    kbm(K->w, &L, K->s, D, K->sc, p);
    if (L != D) {
        *ok = 0; /* T does not separate modulo p (or rho was unlucky) */
        return;
    }
    if (!ksquarefree(K->w, D, K->dw, K->sc, p)) {
        *ok = 2;
        return;
    }
    knumer(K->N, K->w, K->s, D, p, K->isa);
    if (!kinvmod(K->Ni, K->N, K->w, D, K->sc, p)) {
        *ok = 3;
        return;
    }
    for (uint32_t j = 0; j <= D; j++)
        K->wr[j] = K->w[D - j];
    kmulmod(K->h, K->dw, K->Ni, K->wr, D, K->mt, p, K->isa);
    memcpy(r, K->w, D * sizeof *r);
    for (uint32_t i = 0; i < K->n; i++) {
        knumer(K->Ni, K->w, K->si + (size_t)i * D, D, p, K->isa);
        kmulmod(r + (size_t)(i + 1) * D, K->Ni, K->h, K->wr, D, K->mt, p, K->isa);
    }
    *ok = 1;
}

/* A projection vector for try `attempt` modulo p: deterministic, entries in [1, p). */
static void kproject(uint32_t *rho, uint32_t D, uint32_t p, unsigned attempt)
{
    uint64_t x = 0x9e3779b97f4a7c15ull ^ ((uint64_t)p << 8) ^ attempt;
    for (uint32_t j = 0; j < D; j++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        rho[j] = (uint32_t)(1 + (x >> 11) % (p - 1));
    }
}

/* The parametrisation from S (the normal set of the basis modulo p). */
static gbc_status kfrom_src(gbc_ctx *ctx, uint32_t *r, int *ok, fg_src *S, const int64_t *form,
                            uint32_t n, uint32_t p)
{
    kwork K;
    memset(&K, 0, sizeof K);
    gbc_status st = kwork_init(ctx, &K, S->D, n, p);
    if (st == GBC_OK)
        st = kmatrix(ctx, &K, S, form);
    for (unsigned attempt = 0; st == GBC_OK && attempt < 3; attempt++) {
        kproject(K.rho, S->D, p, attempt);
        st = krylov(ctx, &K, S);
        if (st == GBC_OK)
            kparam(r, ok, &K);
        if (*ok != 3)
            break;
    }
    if (*ok == 3)
        *ok = 0;
    kwork_clear(ctx, &K);
    return st;
}

gbc_status sv_param_mod_p(gbc_ctx *ctx, uint32_t *r, int *ok, const sv_gbmod *B,
                          uint32_t *cf, const int64_t *form, uint32_t p, size_t D,
                          const gbc_options *opts)
{
    *ok = 0;
    if (!gb_residues(cf, B, p))
        return GBC_OK;
    gbc_ring *Rp = NULL;
    gbc_polys *P = NULL;
    gbc_options sub;
    gbc_status st = gbc_ring_new(&Rp, B->n, B->names, p, "grevlex", NULL);
    if (st == GBC_OK)
        st = gbc_polys_from_arrays_zp(&P, Rp, B->ng, B->nterms, B->exps, cf,
                                      sv_sub_options(&sub, ctx, opts), NULL);
    /* P was made within what ctx had left (sub's limit): held, it is charged */
    size_t pb = st == GBC_OK ? sv_polys_bytes(P) : 0;
    if (st == GBC_OK)
        st = gbc_ctx_charge(ctx, pb);
    if (st != GBC_OK)
        pb = 0;
    fg_src S;
    int have_src = st == GBC_OK;
    if (have_src)
        st = fg_src_init(&S, ctx, &Rp->R, &P->L);
    if (st == GBC_ERR_UNSUPPORTED || st == GBC_ERR_INTERNAL || st == GBC_ERR_DOMAIN)
        st = GBC_OK; /* too many standard monomials, or not reduced: p does not serve */
    else if (st == GBC_OK && S.D == D)
        st = kfrom_src(ctx, r, ok, &S, form, B->n, p);
    if (have_src)
        fg_src_clear(&S);
    gbc_ctx_uncharge(ctx, pb);
    gbc_polys_free(P);
    gbc_ring_free(Rp);
    return st;
}
