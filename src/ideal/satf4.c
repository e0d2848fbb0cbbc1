/* ideal/satf4: I : phi^infinity over Z/p by F4 runs interleaved with kernel steps
 * (the idea of Berthomieu, Eder and Safey El Din's F4SAT, ISSAC 2022): between
 * F4's degrees, linear algebra finds the polynomials f of one degree with phi f in
 * the ideal found so far and adds them; when a run ends, a Hilbert-series test
 * either proves the ideal saturated, so the loop stops with an exact result, or
 * names the degree of a missing element (docs/ideal.md, "The F4 saturation"). */
#include "ideal/ideal.h"
#include "f4/f4.h"
#include "monideal/monideal.h"

/* Beyond this many standard monomials in one degree, the sweep stops (the
 * Hilbert test then says which degree to look at). */
#define SAT_SWEEP_MAX 4000

/* The state of one saturation: the graded ring it works in, psi, its degree. */
typedef struct satf4 {
    gbc_ctx *ctx;
    const ring *R; /* graded (degree-compatible) order; all polynomials homogeneous */
    const field *F;
    uint32_t n;
    const ppoly *psi;
    uint32_t e;    /* deg psi >= 1 */
    gb_stats *stats;
    int bb;        /* the plan's engine is the reference reducer: grow by id_groebner
                    * and sweep after it, not inside F4's rounds */
    size_t kernel_steps, kernel_elements, tests;
    double t_kernel, t_nf;
    /* degrees below this hold no element of L : psi outside L (L the ideal of
     * the current F4 run once its pending additions are made) */
    uint32_t done_below;
} satf4;

static int is_homogeneous(const ppoly *p, uint32_t n)
{
    for (size_t i = 1; i < p->len; i++)
        if (mono_degree(p->exps + i * n, n) != mono_degree(p->exps, n))
            return 0;
    return 1;
}

/* The standard monomials of one degree for the monomial ideal M (n variables)
 * into *out (capacity *cap exponents; *cnt rows of n), from prev, those of the
 * degree below (pcnt rows): every standard monomial is x_v times one of them (a
 * divisor of a standard monomial is standard), produced once by taking v at least
 * the last variable of the one below. */
static gbc_status std_next(gbc_ctx *ctx, const monideal *M, uint32_t n, const uint32_t *prev,
                           size_t pcnt, uint32_t **out, size_t *cnt, size_t *cap)
{
    *cnt = 0;
    uint32_t *e = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, e, n ? n : 1), done);
    for (size_t k = 0; k < pcnt; k++) {
        const uint32_t *m = prev + k * n;
        uint32_t last = 0;
        for (uint32_t v = 0; v < n; v++)
            if (m[v] != 0)
                last = v;
        for (uint32_t v = last; v < n; v++) {
            memcpy(e, m, sizeof(uint32_t) * n);
            e[v]++;
            if (mi_contains(M, e))
                continue;
            GBC_CHECK(st, GBC_GROW(ctx, *out, *cap, (*cnt + 1) * n), done);
            memcpy(*out + *cnt * n, e, sizeof(uint32_t) * n);
            (*cnt)++;
        }
    }
done:
    gbc_free(ctx, e);
    return st;
}

/* Sort the cnt monomials of B (n exponents each) into increasing order for R's
 * order. */
static gbc_status sort_increasing(gbc_ctx *ctx, const ring *R, uint32_t *B, size_t cnt)
{
    const uint32_t n = R->nvars;
    if (cnt < 2)
        return GBC_OK;
    mht_params par;
    mht t;
    memset(&par, 0, sizeof par);
    memset(&t, 0, sizeof t);
    uint32_t *idx = NULL, *copy = NULL;
    gbc_status st;
    GBC_CHECK(st, mht_params_init(ctx, &par, &R->ord, 0x5a7f5ULL), done);
    GBC_CHECK(st, mht_init(ctx, &t, &par, 10), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, idx, cnt), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, copy, cnt * n), done);
    for (size_t k = 0; k < cnt; k++)
        GBC_CHECK(st, mht_insert(ctx, &t, B + k * n, &idx[k]), done);
    GBC_CHECK(st, mht_sort_desc(ctx, &t, idx, cnt), done);
    for (size_t k = 0; k < cnt; k++)
        memcpy(copy + k * n, mht_exps(&t, idx[cnt - 1 - k]), sizeof(uint32_t) * n);
    memcpy(B, copy, sizeof(uint32_t) * cnt * n);
done:
    gbc_free(ctx, copy);
    gbc_free(ctx, idx);
    mht_clear(ctx, &t);
    mht_params_clear(ctx, &par);
    return st;
}

/* The leading monomials of the reduced basis G as a monomial ideal. */
static gbc_status lead_ideal(gbc_ctx *ctx, const plist *G, uint32_t n, monideal *M)
{
    mi_init(M, n);
    for (size_t k = 0; k < G->n; k++)
        if (G->p[k].len > 0)
            GBC_TRY(mi_push(ctx, M, G->p[k].exps));
    return GBC_OK;
}

/* The scratch of one kernel step, owned by it and freed by ks_clear. */
typedef struct kstep {
    mht_params par;
    mht cols;                /* the monomials of the previous degree, then the columns */
    plist P, N;              /* the rows psi B_k, their normal forms N_k */
    uint32_t *mm;            /* one monomial */
    uint32_t *cpos, *corder; /* column positions, by decreasing monomial */
    size_t nc;               /* number of columns */
    uint64_t *acc;           /* the row being reduced, dense, entries below p^2 */
    uint32_t *pivat;         /* column -> its pivot row (UINT32_MAX: none) */
    size_t *pstart;          /* pivot row i: entries [pstart[i], pstart[i + 1]) */
    uint32_t *pidx, *pval;   /* the pivot rows' columns and values */
    size_t npiv, pcap, pused;
} kstep;

static void ks_clear(gbc_ctx *ctx, kstep *K, const field *F)
{
    gbc_free(ctx, K->mm);
    gbc_free(ctx, K->acc);
    gbc_free(ctx, K->corder);
    gbc_free(ctx, K->cpos);
    gbc_free(ctx, K->pval);
    gbc_free(ctx, K->pidx);
    gbc_free(ctx, K->pstart);
    gbc_free(ctx, K->pivat);
    mht_clear(ctx, &K->cols);
    mht_params_clear(ctx, &K->par);
    plist_clear(ctx, &K->N, F);
    plist_clear(ctx, &K->P, F);
}

/* K->P = the rows psi B_k of the kernel step (kernel_step's arguments). With the
 * previous degree's normal forms pN (of its standard monomials pB), psi B_k =
 * x_v psi m' = x_v NF(psi m') modulo the ideal, for m' = B_k / x_v of the previous
 * degree (standard, as a divisor of B_k): rows already reduced but for the factor
 * x_v (F4's simplification; msolve does the same). K->cols is empty on return. */
static gbc_status ks_rows(satf4 *S, kstep *K, const uint32_t *B, size_t cnt,
                          const uint32_t *pB, size_t pcnt, const plist *pN)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const ppoly *psi = S->psi;
    if (pN != NULL) {
        GBC_TRY(mht_init(ctx, &K->cols, &K->par, 10));
        for (size_t k = 0; k < pcnt; k++) {
            uint32_t c;
            GBC_TRY(mht_insert(ctx, &K->cols, pB + k * n, &c));
        }
    }
    for (size_t k = 0; k < cnt; k++) {
        ppoly *q;
        const uint32_t *m = B + k * n;
        uint32_t at = UINT32_MAX, v = 0;
        if (pN != NULL) {
            for (uint32_t u = 0; u < n; u++)
                if (m[u] != 0)
                    v = u;
            memcpy(K->mm, m, sizeof(uint32_t) * n);
            K->mm[v]--;
            at = mht_find(&K->cols, K->mm);
        }
        if (at != UINT32_MAX) {
            const ppoly *src = &pN->p[at];
            GBC_TRY(plist_push(ctx, &K->P, src->len, n, S->F, &q));
            memcpy(q->exps, src->exps, sizeof(uint32_t) * n * src->len);
            for (size_t i = 0; i < src->len; i++)
                q->exps[i * n + v]++;
            memcpy(q->cf, src->cf, sizeof(uint32_t) * src->len);
            continue;
        }
        GBC_TRY(plist_push(ctx, &K->P, psi->len, n, S->F, &q));
        for (size_t i = 0; i < psi->len; i++) {
            for (uint32_t u = 0; u < n; u++)
                q->exps[i * n + u] = psi->exps[i * n + u] + m[u];
            q->cf[i] = psi->cf[i];
        }
    }
    mht_clear(ctx, &K->cols);
    memset(&K->cols, 0, sizeof K->cols);
    return GBC_OK;
}

/* The columns: the monomials of the normal forms K->N, into K->cols, and their
 * positions by decreasing monomial (K->cpos, K->corder, K->nc). A normal form's
 * leading term is then its first nonzero, rows with distinct leading monomials
 * need no reduction at all, and the fill-in is that of an echelon form in the
 * term order. */
static gbc_status ks_columns(satf4 *S, kstep *K)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    GBC_TRY(mht_init(ctx, &K->cols, &K->par, 10));
    for (size_t k = 0; k < K->N.n; k++)
        for (size_t i = 0; i < K->N.p[k].len; i++) {
            uint32_t c;
            GBC_TRY(mht_insert(ctx, &K->cols, K->N.p[k].exps + i * n, &c));
        }
    const size_t nc = K->cols.size;
    K->nc = nc;
    GBC_TRY(GBC_ALLOC(ctx, K->cpos, nc ? nc : 1));
    GBC_TRY(GBC_ALLOC(ctx, K->corder, nc ? nc : 1));
    for (size_t c = 0; c < nc; c++)
        K->corder[c] = (uint32_t)c;
    GBC_TRY(mht_sort_desc(ctx, &K->cols, K->corder, nc));
    for (size_t c = 0; c < nc; c++)
        K->cpos[K->corder[c]] = (uint32_t)c;
    return GBC_OK;
}

/* Reduce the dense row K->acc (zero before column 0's first nonzero) by the pivot
 * rows over the columns [0, nc): returns the first column left nonzero without a
 * pivot (its entry reduced modulo p), or nc when there is none; the columns before
 * it are zero on return. */
static size_t ks_reduce_row(const satf4 *S, kstep *K)
{
    const uint64_t p = S->F->p, p2 = p * p;
    uint64_t *acc = K->acc;
    const size_t nc = K->nc;
    for (size_t c = 0; c < nc; c++) {
        if (acc[c] == 0)
            continue;
        const uint32_t rc = (uint32_t)(acc[c] % p);
        acc[c] = 0;
        if (rc == 0)
            continue;
        if (K->pivat[c] == UINT32_MAX) {
            acc[c] = rc;
            return c;
        }
        const size_t q0 = K->pstart[K->pivat[c]], q1 = K->pstart[K->pivat[c] + 1];
        const uint64_t m = p - rc;
        for (size_t q = q0 + 1; q < q1; q++) {
            uint64_t v = acc[K->pidx[q]] + m * K->pval[q];
            acc[K->pidx[q]] = v >= p2 ? v - p2 : v;
        }
    }
    return nc;
}

/* Move the row's nonzeros in [lead, wk) from K->acc (left zero) to the end of
 * K->pidx / K->pval (from K->pused on, reduced modulo p); *len = their count. */
static gbc_status ks_store_row(const satf4 *S, kstep *K, size_t lead, size_t wk, size_t *len)
{
    const uint64_t p = S->F->p;
    *len = 0;
    const size_t oldcap = K->pcap;
    GBC_TRY(GBC_GROW(S->ctx, K->pidx, K->pcap, K->pused + (wk - lead)));
    if (K->pcap != oldcap)
        GBC_TRY(GBC_RESIZE(S->ctx, K->pval, K->pcap));
    for (size_t j = lead; j < wk; j++) {
        if (K->acc[j] == 0)
            continue;
        uint32_t v = (uint32_t)(K->acc[j] % p);
        K->acc[j] = 0;
        if (v == 0)
            continue;
        K->pidx[K->pused + *len] = (uint32_t)j;
        K->pval[K->pused + (*len)++] = v;
    }
    return GBC_OK;
}

/* The stored row of len entries (ks_store_row), leading column lead < nc, made
 * monic and kept as the pivot of column lead. */
static void ks_add_pivot(const satf4 *S, kstep *K, size_t lead, size_t len)
{
    const uint32_t inv = zp_inv(S->F, K->pval[K->pused]);
    for (size_t q = 0; q < len; q++)
        K->pval[K->pused + q] = zp_mul(S->F, inv, K->pval[K->pused + q]);
    K->pstart[K->npiv] = K->pused;
    K->pused += len;
    K->pstart[K->npiv + 1] = K->pused;
    K->pivat[lead] = (uint32_t)K->npiv++;
}

/* The stored row of len entries, all in the provenance part: the kernel vector
 * f = sum_j v_j B_j over the entries nc + j, leading monomial B_k (the entry at
 * nc + k is 1), appended to found unless B_k lies in seen (then it joins seen). */
static gbc_status ks_kernel_vector(const satf4 *S, const kstep *K, const uint32_t *B,
                                   size_t k, size_t len, monideal *seen, plist *found,
                                   size_t *nfound)
{
    const uint32_t n = S->n;
    if (mi_contains(seen, B + k * n))
        return GBC_OK;
    GBC_TRY(mi_push(S->ctx, seen, B + k * n));
    ppoly *f;
    GBC_TRY(plist_push(S->ctx, found, len, n, S->F, &f));
    for (size_t q = 0; q < len; q++) {
        memcpy(f->exps + q * n, B + (K->pidx[K->pused + q] - K->nc) * n, sizeof(uint32_t) * n);
        f->cf[q] = K->pval[K->pused + q];
    }
    (*nfound)++;
    return GBC_OK;
}

/* The rows [N_k | e_k], reduced one after another by the pivots found so far;
 * those that reduce to zero on the N part give kernel vectors (ks_kernel_vector).
 * Pivot rows are kept sparse (1 at their pivot column, nothing before it); the
 * row being reduced is dense in uint64 below p^2 (one conditional subtraction per
 * update, no division) and reduced modulo p where read. */
static gbc_status ks_eliminate(satf4 *S, kstep *K, const uint32_t *B, size_t cnt,
                               monideal *seen, plist *found, size_t *nfound)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const size_t nc = K->nc, w = nc + cnt;
    GBC_TRY(GBC_ZALLOC(ctx, K->acc, w ? w : 1));
    GBC_TRY(GBC_ALLOC(ctx, K->pivat, nc ? nc : 1));
    GBC_TRY(GBC_ALLOC(ctx, K->pstart, (nc < cnt ? nc : cnt) + 1));
    for (size_t c = 0; c < nc; c++)
        K->pivat[c] = UINT32_MAX;
    for (size_t k = 0; k < cnt; k++) {
        GBC_TRY(gbc_ctx_check(ctx));
        /* acc is zero on entry */
        const ppoly *Nk = &K->N.p[k];
        for (size_t i = 0; i < Nk->len; i++)
            K->acc[K->cpos[mht_find(&K->cols, Nk->exps + i * n)]] = Nk->cf[i];
        K->acc[nc + k] = 1;
        /* the provenance part of every row so far lies in [nc, nc + k] */
        const size_t lead = ks_reduce_row(S, K);
        size_t len;
        GBC_TRY(ks_store_row(S, K, lead, nc + k + 1, &len));
        if (lead < nc)
            ks_add_pivot(S, K, lead, len);
        else
            GBC_TRY(ks_kernel_vector(S, K, B, k, len, seen, found, nfound));
    }
    return GBC_OK;
}

/* The kernel step in degree d: B = the standard monomials of degree d (cnt rows,
 * in increasing order), N_k = NF_G(psi B_k); every f = sum c_k B_k with
 * sum c_k N_k = 0 has psi f in <G> and, being a nonzero combination of standard
 * monomials, is not in <G>. A basis of those f (exact Gaussian elimination modulo
 * p; the k-th has leading monomial B_k) is appended to found (terms unsorted),
 * except the ones whose leading monomial lies in seen (the leading monomials of
 * the elements found in lower degrees: their multiples are most of the kernel,
 * and leaving elements out never makes the result wrong, since the Hilbert test
 * decides completeness); the others' leading monomials join seen. */
static gbc_status kernel_step(satf4 *S, const plist *G, const uint32_t *B, size_t cnt,
                              const uint32_t *pB, size_t pcnt, const plist *pN, plist *Nout,
                              monideal *seen, plist *found, size_t *nfound)
{
    gbc_ctx *ctx = S->ctx;
    *nfound = 0;
    if (cnt == 0)
        return GBC_OK;
    double t0 = gbc_wall_time();
    kstep K;
    memset(&K, 0, sizeof K);
    plist_init(&K.P);
    plist_init(&K.N);
    gbc_status st;
    GBC_CHECK(st, mht_params_init(ctx, &K.par, &S->R->ord, 0x5a7f4ULL), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, K.mm, S->n ? S->n : 1), done);
    GBC_CHECK(st, ks_rows(S, &K, B, cnt, pB, pcnt, pN), done);
    GBC_CHECK(st, f4_normal_forms(ctx, S->R, G, &K.P, &K.N), done);
    plist_clear(ctx, &K.P, S->F);
    S->t_nf += gbc_wall_time() - t0;
    GBC_CHECK(st, ks_columns(S, &K), done);
    GBC_CHECK(st, ks_eliminate(S, &K, B, cnt, seen, found, nfound), done);
    S->kernel_steps++;
    S->kernel_elements += *nfound;
    if (Nout != NULL) {
        *Nout = K.N;
        plist_init(&K.N);
    }
    gbc_log(ctx, 2, "saturate (f4): kernel step: %zu rows, %zu columns, %zu found", cnt,
            K.nc, *nfound);
done:
    S->t_kernel += gbc_wall_time() - t0;
    ks_clear(ctx, &K, S->F);
    return st;
}

/* Hilbert test. L = <G> and psi homogeneous, e = deg psi: from the exact sequence
 * 0 -> ((L : psi) / L)(-e) -> (R / L)(-e) -> R / L -> R / (L + psi) -> 0 (the
 * middle map is multiplication by psi), HS(R/(L+psi)) = (1 - t^e) HS(R/L) + t^e
 * HS((L:psi)/L). With numerators over (1 - t)^n: L : psi = L iff
 * N_{L+psi} = (1 - t^e) N_L, and otherwise the least degree of the difference is
 * e + d0 with d0 the least degree of an f in L : psi outside L. *d0 = UINT32_MAX
 * when L is saturated. G2 is the reduced basis of G + psi. */
static gbc_status hilbert_test(satf4 *S, const plist *G, const plist *G2, uint32_t *d0)
{
    gbc_ctx *ctx = S->ctx;
    monideal M1, M2;
    mi_upoly N1, N2;
    mi_init(&M1, S->n);
    mi_init(&M2, S->n);
    mi_upoly_init(&N1);
    mi_upoly_init(&N2);
    int64_t *D = NULL;
    gbc_status st;
    GBC_CHECK(st, lead_ideal(ctx, G, S->n, &M1), done);
    GBC_CHECK(st, lead_ideal(ctx, G2, S->n, &M2), done);
    GBC_CHECK(st, mi_hilbert_uni(ctx, &N1, &M1), done);
    GBC_CHECK(st, mi_hilbert_uni(ctx, &N2, &M2), done);
    uint64_t top = 0;
    for (size_t i = 0; i < N1.n; i++)
        top = N1.deg[i] + S->e > top ? N1.deg[i] + S->e : top;
    for (size_t i = 0; i < N2.n; i++)
        top = N2.deg[i] > top ? N2.deg[i] : top;
    if (top > (1u << 24)) {
        st = GBC_ERR_LIMIT;
        goto done;
    }
    GBC_CHECK(st, GBC_ZALLOC(ctx, D, top + 1), done);
    for (size_t i = 0; i < N2.n; i++)
        D[N2.deg[i]] += N2.coef[i];
    for (size_t i = 0; i < N1.n; i++) {
        D[N1.deg[i]] -= N1.coef[i];
        D[N1.deg[i] + S->e] += N1.coef[i];
    }
    *d0 = UINT32_MAX;
    for (uint64_t k = 0; k <= top; k++) {
        if (D[k] == 0)
            continue;
        /* the series of (L : psi) / L starts with a positive coefficient in a
         * degree >= 0: anything else contradicts the bases */
        if (D[k] < 0 || k < S->e) {
            st = GBC_ERR_INTERNAL;
            goto done;
        }
        *d0 = (uint32_t)(k - S->e);
        break;
    }
    S->tests++;
done:
    gbc_free(ctx, D);
    mi_upoly_clear(ctx, &N2);
    mi_upoly_clear(ctx, &N1);
    mi_clear(ctx, &M2);
    mi_clear(ctx, &M1);
    return st;
}

/* cur (room for *ccap exponents) = the standard monomials of degree d for M,
 * *cnt of them, computed degree by degree from 1; nxt is scratch. */
static gbc_status std_degree(gbc_ctx *ctx, const monideal *M, uint32_t n, uint32_t d,
                             uint32_t **cur, size_t *ccap, uint32_t **nxt, size_t *ncap,
                             size_t *cnt)
{
    GBC_TRY(GBC_GROW(ctx, *cur, *ccap, n ? n : 1));
    memset(*cur, 0, sizeof(uint32_t) * (n ? n : 1));
    size_t pcnt = mi_contains(M, *cur) ? 0 : 1;
    for (uint32_t k = 1; k <= d && pcnt > 0; k++) {
        size_t c;
        GBC_TRY(std_next(ctx, M, n, *cur, pcnt, nxt, &c, ncap));
        uint32_t *tp = *cur;
        *cur = *nxt;
        *nxt = tp;
        size_t tc = *ccap;
        *ccap = *ncap;
        *ncap = tc;
        pcnt = c;
    }
    *cnt = pcnt;
    return GBC_OK;
}

/* The sweep over degrees done_below .. dtop with the basis G (a Groebner basis up
 * to degree dtop + e): kernel steps one degree after another, stopping at the
 * first degree where elements are found (the next F4 rounds first: the kernels of
 * higher degrees are mostly multiples of these, and their matrices the largest;
 * sweeping on measured twice as slow on cyclic-7 open). Appends the elements to
 * found, and moves done_below: degrees below it hold no element of L : psi
 * outside L, for the ideal L once found is added. */
static gbc_status sweep(satf4 *S, const plist *G, uint32_t dtop, plist *found, size_t *total)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    monideal M, seen;
    mi_init(&M, n);
    mi_init(&seen, n);
    uint32_t *cur = NULL, *nxt = NULL, *prevB = NULL;
    size_t ccap = 0, ncap = 0, cnt = 0, pbcap = 0, pcnt = 0;
    plist N, prevN;
    plist_init(&N);
    plist_init(&prevN);
    int have_prev = 0;
    *total = 0;
    gbc_status st;
    GBC_CHECK(st, lead_ideal(ctx, G, n, &M), done);
    for (uint32_t d = 0; d <= dtop; d++) {
        if (d == 0) {
            GBC_CHECK(st, std_degree(ctx, &M, n, 0, &cur, &ccap, &nxt, &ncap, &cnt), done);
        } else {
            size_t c;
            GBC_CHECK(st, std_next(ctx, &M, n, cur, cnt, &nxt, &c, &ncap), done);
            uint32_t *tp = cur;
            cur = nxt;
            nxt = tp;
            size_t tc = ccap;
            ccap = ncap;
            ncap = tc;
            cnt = c;
        }
        if (cnt == 0 || cnt > SAT_SWEEP_MAX)
            break;
        if (d < S->done_below)
            continue;
        size_t got;
        GBC_CHECK(st, sort_increasing(ctx, S->R, cur, cnt), done);
        plist_clear(ctx, &N, S->F);
        GBC_CHECK(st, kernel_step(S, G, cur, cnt, prevB, pcnt, have_prev ? &prevN : NULL, &N,
                                  &seen, found, &got),
                  done);
        /* this degree's monomials and normal forms make the next degree's rows */
        GBC_CHECK(st, GBC_GROW(ctx, prevB, pbcap, cnt * n), done);
        memcpy(prevB, cur, sizeof(uint32_t) * cnt * n);
        pcnt = cnt;
        plist_clear(ctx, &prevN, S->F);
        prevN = N;
        plist_init(&N);
        have_prev = 1;
        if (got > 0) {
            *total = got;
            S->done_below = d > S->e ? d - S->e : 0;
            gbc_log(ctx, 1, "saturate (f4): %zu new elements in degree %u (basis of %zu)", got,
                    d, G->n);
            goto done;
        }
        S->done_below = d + 1;
    }
done:
    plist_clear(ctx, &prevN, S->F);
    plist_clear(ctx, &N, S->F);
    gbc_free(ctx, prevB);
    gbc_free(ctx, nxt);
    gbc_free(ctx, cur);
    mi_clear(ctx, &seen);
    mi_clear(ctx, &M);
    return st;
}

/* f4_hook: after F4's degree d, the sweep up to degree d - e. */
static gbc_status after_degree(void *data, uint32_t d, const plist *basis, plist *add)
{
    satf4 *S = data;
    if (d < S->e)
        return GBC_OK;
    size_t got;
    return sweep(S, basis, d - S->e, add, &got);
}

/* out = the reduced basis of <G + add> (G a reduced basis, or NULL) with the sweep
 * between the degrees: F4 with G loaded as a basis (no pairs among its elements);
 * with the reference reducer the whole list again and one sweep after it. */
static gbc_status grow(satf4 *S, const plist *G, const plist *add, plist *out)
{
    if (!S->bb) {
        f4_hook h = {after_degree, S};
        return f4_groebner_extend(S->ctx, S->R, G, add, out, S->stats, &h);
    }
    plist L;
    plist_init(&L);
    gbc_status st;
    for (size_t k = 0; G != NULL && k < G->n; k++)
        GBC_CHECK(st, id_plist_push_copy(S->ctx, &L, &G->p[k], S->n, S->F), done);
    for (size_t k = 0; k < add->n; k++)
        GBC_CHECK(st, id_plist_push_copy(S->ctx, &L, &add->p[k], S->n, S->F), done);
    st = id_groebner(S->ctx, S->R, &L, out, S->stats);
done:
    plist_clear(S->ctx, &L, S->F);
    return st;
}

static int is_unit_basis(const plist *G, uint32_t n)
{
    return G->n == 1 && G->p[0].len == 1 && mono_degree(G->p[0].exps, n) == 0;
}

/* With the reference reducer (no sweep inside its runs): the sweep over every
 * degree of the basis G at once; *got = the number of elements added to found. */
static gbc_status sweep_all(satf4 *S, const plist *G, plist *found, size_t *got)
{
    uint32_t dmax = 0;
    for (size_t k = 0; k < G->n; k++) {
        uint64_t d = mono_degree(G->p[k].exps, S->n);
        dmax = d > dmax ? (uint32_t)d : dmax;
    }
    *got = 0;
    if (dmax >= S->e)
        GBC_TRY(sweep(S, G, dmax - S->e, found, got));
    return GBC_OK;
}

/* The Hilbert test of the basis G (hilbert_test): *d0 = UINT32_MAX when <G> is
 * saturated, else the least degree of a missing element. G2 is scratch (empty on
 * return unless an error leaves it to the caller to clear). */
static gbc_status saturated_test(satf4 *S, const plist *G, plist *G2, uint32_t *d0)
{
    plist one;
    one.n = 1;
    one.cap = 1;
    one.p = (ppoly *)S->psi;
    plist_clear(S->ctx, G2, S->F);
    if (!S->bb)
        GBC_TRY(f4_groebner_extend(S->ctx, S->R, G, &one, G2, S->stats, NULL));
    else
        GBC_TRY(grow(S, G, &one, G2));
    GBC_TRY(hilbert_test(S, G, G2, d0));
    plist_clear(S->ctx, G2, S->F);
    return GBC_OK;
}

/* The kernel step in degree d0 over the standard monomials of G's leading ideal
 * (M and seen: rebuilt here; cur, nxt: scratch of std_degree, owned by the
 * caller): the missing elements the Hilbert test promised, appended to found
 * (GBC_ERR_INTERNAL if there are none). */
static gbc_status find_missing(satf4 *S, const plist *G, uint32_t d0, monideal *M,
                               monideal *seen, uint32_t **cur, size_t *ccap, uint32_t **nxt,
                               size_t *ncap, plist *found)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    mi_clear(ctx, M);
    GBC_TRY(lead_ideal(ctx, G, n, M));
    mi_clear(ctx, seen);
    mi_init(seen, n);
    size_t cnt, got;
    GBC_TRY(std_degree(ctx, M, n, d0, cur, ccap, nxt, ncap, &cnt));
    GBC_TRY(sort_increasing(ctx, S->R, *cur, cnt));
    GBC_TRY(kernel_step(S, G, *cur, cnt, NULL, 0, NULL, NULL, seen, found, &got));
    if (got == 0)
        return GBC_ERR_INTERNAL; /* the test promised an element there */
    return GBC_OK;
}

/* G = the reduced basis of <G + found> (grow); found is emptied, G2 is scratch. */
static gbc_status grow_into(satf4 *S, plist *G, plist *found, plist *G2)
{
    GBC_TRY(grow(S, G, found, G2));
    plist_clear(S->ctx, found, S->F);
    plist_clear(S->ctx, G, S->F);
    *G = *G2;
    plist_init(G2);
    return GBC_OK;
}

/* out = the reduced basis of <gens> : psi^infinity (ring S->R graded, gens and psi
 * homogeneous). Each F4 run sweeps between its degrees; once it ends, the Hilbert
 * test either proves the ideal saturated or names the least degree d0 of a
 * missing element, whose kernel step then finds it (the test guarantees one), and
 * the next run starts from the basis plus what was found. The ideals increase and
 * stay inside the saturation, so this ends (Noether) with the saturation. */
static gbc_status sat_homog(satf4 *S, const plist *gens, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const field *F = S->F;
    plist G, G2, found;
    plist_init(&G);
    plist_init(&G2);
    plist_init(&found);
    monideal M, seen;
    mi_init(&M, n);
    mi_init(&seen, n);
    uint32_t *cur = NULL, *nxt = NULL;
    size_t ccap = 0, ncap = 0;
    S->done_below = 0;
    gbc_status st;
    GBC_CHECK(st, grow(S, NULL, gens, &G), done);
    for (;;) {
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
        if (G.n == 0 || is_unit_basis(&G, n))
            break; /* the zero ideal and the unit ideal are saturated */
        if (S->bb) {
            size_t got;
            GBC_CHECK(st, sweep_all(S, &G, &found, &got), done);
            if (got > 0) {
                GBC_CHECK(st, grow_into(S, &G, &found, &G2), done);
                continue;
            }
        }
        uint32_t d0;
        GBC_CHECK(st, saturated_test(S, &G, &G2, &d0), done);
        if (d0 == UINT32_MAX) {
            gbc_log(ctx, 1, "saturate (f4): basis of %zu, Hilbert test: saturated", G.n);
            break;
        }
        gbc_log(ctx, 1, "saturate (f4): basis of %zu, Hilbert test: an element missing in "
                "degree %u", G.n, d0);
        GBC_CHECK(st, find_missing(S, &G, d0, &M, &seen, &cur, &ccap, &nxt, &ncap, &found),
                  done);
        /* degrees below d0 were clean; the new elements change d0 - e and up */
        S->done_below = d0 > S->e ? d0 - S->e : 0;
        GBC_CHECK(st, grow_into(S, &G, &found, &G2), done);
    }
    *out = G;
    plist_init(&G);
done:
    gbc_free(ctx, nxt);
    gbc_free(ctx, cur);
    mi_clear(ctx, &seen);
    mi_clear(ctx, &M);
    plist_clear(ctx, &found, F);
    plist_clear(ctx, &G2, F);
    plist_clear(ctx, &G, F);
    return st;
}

gbc_status id_sat_f4_one(gbc_ctx *ctx, const ring *R, const plist *A, const ppoly *phi,
                         plist *out, gb_stats *stats)
{
    const uint32_t n = R->nvars;
    const field *F = &R->F;
    if (!f4_computes_over(F))
        return GBC_ERR_INTERNAL;
    if (phi->len == 0)
        return GBC_ERR_INTERNAL;
    if (phi->len == 1 && mono_degree(phi->exps, n) == 0)
        return id_groebner(ctx, R, A, out, stats); /* a unit: I : c = I */
    satf4 S;
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    S.F = F;
    S.stats = stats;
    S.bb = ctx->plan->engine == GBC_ALGO_BUCHBERGER;
    int homog = ring_is_graded(R) && is_homogeneous(phi, n);
    for (size_t k = 0; k < A->n && homog; k++)
        homog = is_homogeneous(&A->p[k], n);
    /* Many F4 runs: with the probabilistic kernel each would be wrong with
     * probability <= 2^-64 on its own, so unless the caller chose a kernel the
     * runs take the exact one and the result is exact (docs/ideal.md) */
    gbc_plan xp = *ctx->plan;
    if (xp.la_mode == GBC_LA_AUTO)
        xp.la_mode = GBC_LA_EXACT;
    const gbc_plan *old = gbc_ctx_set_plan(ctx, &xp);
    gbc_status st;
    if (homog) {
        S.R = R;
        S.n = n;
        S.psi = phi;
        S.e = (uint32_t)mono_degree(phi->exps, n);
        st = sat_homog(&S, A, out);
    } else {
        /* I : phi^infinity = pi(I^h : (h phi^h)^infinity) with pi: h -> 1, and the
         * basis in (degree, then R's order) dehomogenises to a basis for R's order
         * (docs/ideal.md) */
        ring Rh;
        ring_homog(&Rh, R);
        plist Ah, one, ph, Kh, Kd;
        plist_init(&Ah);
        plist_init(&ph);
        plist_init(&Kh);
        plist_init(&Kd);
        one.n = 1;
        one.cap = 1;
        one.p = (ppoly *)phi;
        GBC_CHECK(st, plist_homogenize(ctx, R, A, &Ah), hdone);
        GBC_CHECK(st, plist_homogenize(ctx, R, &one, &ph), hdone);
        for (size_t i = 0; i < ph.p[0].len; i++)
            ph.p[0].exps[i * (n + 1) + n]++; /* times h: still sorted */
        S.R = &Rh;
        S.n = n + 1;
        S.psi = &ph.p[0];
        S.e = (uint32_t)mono_degree(ph.p[0].exps, n + 1);
        GBC_CHECK(st, sat_homog(&S, &Ah, &Kh), hdone);
        GBC_CHECK(st, plist_dehomogenize(ctx, R, &Kh, &Kd), hdone);
        st = id_reduce_basis(ctx, R, &Kd, out);
    hdone:
        plist_clear(ctx, &Kd, F);
        plist_clear(ctx, &Kh, F);
        plist_clear(ctx, &ph, F);
        plist_clear(ctx, &Ah, F);
    }
    gbc_ctx_set_plan(ctx, old);
    gbc_log(ctx, 1,
            "saturate (f4): %zu kernel steps (%.3f s, normal forms %.3f s), %zu elements "
            "added, %zu Hilbert tests",
            S.kernel_steps, S.t_kernel, S.t_nf, S.kernel_elements, S.tests);
    return st;
}
