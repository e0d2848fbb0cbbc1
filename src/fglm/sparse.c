/* fglm/sparse: the lex basis of an ideal in shape position from the multiplication
 * matrix M of the smallest variable alone (after Faugere and Mou, "Sparse FGLM
 * algorithms", JSC 80, 2017).
 *
 * With a random row vector r and e = NF(1), the sequence s_k = r M^k e (k < 2D) has
 * a minimal polynomial f (Berlekamp-Massey). If deg f = D, the Hankel matrix
 * H = (s_{j+k})_{j,k<D} is nonsingular, so the rows r M^j (j < D) are a basis of
 * the dual space and 1, x_n, ..., x_n^{D-1} a basis of k[x]/I: the ideal is in
 * shape position, f(x_n) is in I (the recurrence holds on all 2D terms), and each
 * other variable is x_i = g_i(x_n) for the unique g_i of degree < D with
 * H g_i = (r M^j NF(x_i))_{j<D}. That system is solved through the dual
 * polynomials N_a(T) = sum_{i<D} T^i sum_{k<D-i} f_{i+1+k} a_k, which satisfy
 * N_{g a} = g N_a mod f, so g_i = N_{(i)} / N_{(1)} mod f; then H g_i is checked
 * against the sequence, so the result is exact whenever it is returned. When deg f
 * < D (the ideal is not in shape position, or r was unlucky: probability at most
 * D/p by Schwartz-Zippel on det(r M^j)) the caller falls back to the classic
 * traversal. See docs/fglm.md. */
#include "fglm/fglm_int.h"

#define FG_SPARSE_SEED 0x73706172736547ULL

/* Berlekamp-Massey on s[0..N): the connection polynomial C (C[0] = 1, degree <= L)
 * of the shortest recurrence, into C (N + 1 words); returns L. B, T: N + 1 words
 * of scratch. */
static uint32_t fg_bm(const field *F, const uint32_t *s, uint32_t N, uint32_t *C,
                      uint32_t *B, uint32_t *T)
{
    memset(C, 0, sizeof(uint32_t) * (N + 1));
    memset(B, 0, sizeof(uint32_t) * (N + 1));
    C[0] = B[0] = 1;
    uint32_t L = 0, m = 1, b = 1;
    for (uint32_t k = 0; k < N; k++) {
        uint32_t d = s[k];
        for (uint32_t i = 1; i <= L; i++)
            d = zp_add(F, d, zp_mul(F, C[i], s[k - i]));
        if (d == 0) {
            m++;
            continue;
        }
        const uint32_t coef = zp_mul(F, d, zp_inv(F, b));
        if (2 * L <= k) {
            memcpy(T, C, sizeof(uint32_t) * (N + 1));
            for (uint32_t i = 0; i + m <= N; i++)
                C[i + m] = zp_sub(F, C[i + m], zp_mul(F, coef, B[i]));
            L = k + 1 - L;
            memcpy(B, T, sizeof(uint32_t) * (N + 1));
            b = d;
            m = 1;
        } else {
            for (uint32_t i = 0; i + m <= N; i++)
                C[i + m] = zp_sub(F, C[i + m], zp_mul(F, coef, B[i]));
            m++;
        }
    }
    return L;
}

/* N_a for the sequence a[0..D) and f (monic, degree D, f[0..D]). */
static void fg_dual(const field *F, const uint32_t *f, const uint32_t *a, uint32_t D,
                    uint32_t *out)
{
    const uint64_t p2 = (uint64_t)F->p * F->p;
    for (uint32_t i = 0; i < D; i++) {
        uint64_t acc = 0;
        for (uint32_t k = 0; k + i < D; k++)
            acc = fg_acc(acc, (uint64_t)f[i + 1 + k] * a[k], p2);
        out[i] = (uint32_t)(acc % F->p);
    }
}

/* The inverse of a (degree < D) modulo f (monic, degree D) into out (D words), by
 * the extended Euclidean algorithm; returns 0 when gcd(a, f) != 1. Scratch: four
 * arrays of D + 1 words. */
static int fg_invmod(const field *F, const uint32_t *a, const uint32_t *f, uint32_t D,
                     uint32_t *out, uint32_t *r0, uint32_t *r1, uint32_t *s0, uint32_t *s1)
{
    /* invariant: s_j a = r_j mod f */
    memcpy(r0, f, sizeof(uint32_t) * (D + 1));
    memcpy(r1, a, sizeof(uint32_t) * D);
    r1[D] = 0;
    memset(s0, 0, sizeof(uint32_t) * (D + 1));
    memset(s1, 0, sizeof(uint32_t) * (D + 1));
    s1[0] = 1;
    int64_t d0 = D, d1 = (int64_t)D - 1;
    while (d1 >= 0 && r1[d1] == 0)
        d1--;
    /* degrees of s0, s1 stay below D */
    while (d1 > 0) {
        const uint32_t il = zp_inv(F, r1[d1]);
        while (d0 >= d1) {
            const uint32_t c = zp_mul(F, r0[d0], il);
            const int64_t sh = d0 - d1;
            for (int64_t i = 0; i <= d1; i++)
                r0[i + sh] = zp_sub(F, r0[i + sh], zp_mul(F, c, r1[i]));
            for (int64_t i = 0; i + sh < (int64_t)D; i++)
                if (s1[i] != 0)
                    s0[i + sh] = zp_sub(F, s0[i + sh], zp_mul(F, c, s1[i]));
            while (d0 >= 0 && r0[d0] == 0)
                d0--;
        }
        uint32_t *t;
        t = r0, r0 = r1, r1 = t;
        t = s0, s0 = s1, s1 = t;
        int64_t td = d0;
        d0 = d1;
        d1 = td;
    }
    if (d1 < 0)
        return 0;
    const uint32_t ic = zp_inv(F, r1[0]);
    for (uint32_t i = 0; i < D; i++)
        out[i] = zp_mul(F, s1[i], ic);
    return 1;
}

/* out = a b mod f (a, b of degree < D; f monic of degree D). prod: 2 D words. */
static void fg_mulmod(const field *F, const uint32_t *a, const uint32_t *b, const uint32_t *f,
                      uint32_t D, uint32_t *out, uint64_t *prod)
{
    const uint32_t p = F->p;
    const uint64_t p2 = (uint64_t)p * p;
    memset(prod, 0, sizeof(uint64_t) * 2 * D);
    for (uint32_t i = 0; i < D; i++) {
        const uint64_t c = a[i];
        if (c == 0)
            continue;
        for (uint32_t j = 0; j < D; j++)
            prod[i + j] = fg_acc(prod[i + j], c * b[j], p2);
    }
    for (uint32_t k = 2 * D - 1; k-- > D;) {
        const uint32_t c = (uint32_t)(prod[k] % p);
        if (c == 0)
            continue;
        const uint64_t nc = p - c;
        for (uint32_t j = 0; j < D; j++)
            prod[k - D + j] = fg_acc(prod[k - D + j], nc * f[j], p2);
    }
    for (uint32_t i = 0; i < D; i++)
        out[i] = (uint32_t)(prod[i] % p);
}

/* The scratch of fg_sparse_lex and the sizes it works with (D standard
 * monomials, n variables, the last the smallest for lex). */
typedef struct sl_work {
    uint32_t D, n, p, last, N;
    uint64_t p2;
    int lazy;
    /* the normal forms of the variables: NF(x_i) as a standard index, or a dense
     * vector (x_i a leading monomial) */
    const uint32_t **vx;
    uint32_t *sx;
    const uint32_t *ml; /* the column codes of M = M_last */
    uint32_t *seq, *u, *w, *C, *B, *T;
    uint32_t *f, *n1, *inv, *ni, *g;
    uint32_t *r0, *r1, *s0, *s1;
    uint64_t *prod;
    size_t *spoff;
    uint32_t *spidx, *spval;
    unsigned char *dense;
} sl_work;

static void sl_free(gbc_ctx *ctx, sl_work *W)
{
    gbc_free(ctx, (void *)W->vx);
    gbc_free(ctx, W->sx);
    gbc_free(ctx, W->seq);
    gbc_free(ctx, W->u);
    gbc_free(ctx, W->w);
    gbc_free(ctx, W->C);
    gbc_free(ctx, W->B);
    gbc_free(ctx, W->T);
    gbc_free(ctx, W->f);
    gbc_free(ctx, W->n1);
    gbc_free(ctx, W->inv);
    gbc_free(ctx, W->ni);
    gbc_free(ctx, W->g);
    gbc_free(ctx, W->r0);
    gbc_free(ctx, W->r1);
    gbc_free(ctx, W->s0);
    gbc_free(ctx, W->s1);
    gbc_free(ctx, W->prod);
    gbc_free(ctx, W->spoff);
    gbc_free(ctx, W->spidx);
    gbc_free(ctx, W->spval);
    gbc_free(ctx, W->dense);
}

/* The variables' normal forms (vx, sx) and the columns of M = M_last, their
 * normal forms computed; the border columns with few nonzeros as (index, value)
 * lists: u M then costs the nonzeros of M, not D per border column (x^e - y,
 * y^2 - x has D/2 border columns of one term each: D^3 / 2 dense, D^2 sparse).
 * spoff[b] .. spoff[b + 1] locate column b's list; dense[b]: a border column kept
 * dense. */
static gbc_status sl_columns(fg_src *S, sl_work *W)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t D = W->D, n = W->n;
    GBC_TRY(GBC_ZALLOC(ctx, W->vx, n));
    GBC_TRY(GBC_ALLOC(ctx, W->sx, n));
    for (uint32_t i = 0; i < n; i++) {
        uint32_t code = S->mul[(size_t)i * D]; /* x_i * 1 */
        if (FG_IS_BORDER(code)) {
            GBC_TRY(fg_nf_need(S, FG_INDEX(code)));
            W->vx[i] = S->bnf[FG_INDEX(code)];
        }
        W->sx[i] = FG_INDEX(code);
    }
    const uint32_t *ml = W->ml = S->mul + (size_t)W->last * D;
    for (uint32_t b = 0; b < D; b++)
        if (FG_IS_BORDER(ml[b]))
            GBC_TRY(fg_nf_need(S, FG_INDEX(ml[b])));
    GBC_TRY(GBC_ALLOC(ctx, W->spoff, (size_t)D + 1));
    GBC_TRY(GBC_ZALLOC(ctx, W->dense, D));
    size_t nnz = 0;
    for (uint32_t b = 0; b < D; b++) {
        W->spoff[b] = nnz;
        if (!FG_IS_BORDER(ml[b]))
            continue;
        const uint32_t *col = S->bnf[FG_INDEX(ml[b])];
        size_t c = 0;
        for (uint32_t x = 0; x < D; x++)
            c += col[x] != 0;
        if (c <= D / 8)
            nnz += c;
        else
            W->dense[b] = 1;
    }
    W->spoff[D] = nnz;
    GBC_TRY(GBC_ALLOC(ctx, W->spidx, nnz ? nnz : 1));
    GBC_TRY(GBC_ALLOC(ctx, W->spval, nnz ? nnz : 1));
    for (uint32_t b = 0; b < D; b++) {
        if (!FG_IS_BORDER(ml[b]) || W->dense[b])
            continue;
        const uint32_t *col = S->bnf[FG_INDEX(ml[b])];
        size_t k = W->spoff[b];
        for (uint32_t x = 0; x < D; x++)
            if (col[x] != 0) {
                W->spidx[k] = x;
                W->spval[k++] = col[x];
            }
    }
    return GBC_OK;
}

/* Sequence step k: s_k = u[0], and for k < D the s^(i)_k = u . NF(x_i). */
static inline void sl_record(sl_work *W, uint32_t k)
{
    const uint32_t D = W->D, p = W->p, n = W->n;
    const uint64_t p2 = W->p2;
    const int lazy = W->lazy;
    const uint32_t *u = W->u, *sx = W->sx;
    const uint32_t **vx = W->vx;
    uint32_t *seq = W->seq;
    seq[k] = u[0];
    if (k < D)
        for (uint32_t i = 0; i < n; i++) {
            uint64_t a = 0;
            if (vx[i] == NULL)
                a = u[sx[i]];
            else
                a = fg_dot(vx[i], u, D, p2, lazy);
            seq[(size_t)(2 + i) * D + k] = (uint32_t)(a % p);
        }
}

/* u <- u M: entry b is u . (column b of M); w is the scratch swapped in. */
static inline void sl_mul(const fg_src *S, sl_work *W)
{
    const uint32_t D = W->D, p = W->p;
    const uint64_t p2 = W->p2;
    const int lazy = W->lazy;
    const uint32_t *u = W->u, *ml = W->ml, *spidx = W->spidx, *spval = W->spval;
    const size_t *spoff = W->spoff;
    const unsigned char *dense = W->dense;
    uint32_t *w = W->w;
    for (uint32_t b = 0; b < D; b++) {
        const uint32_t code = ml[b];
        if (!FG_IS_BORDER(code)) {
            w[b] = u[FG_INDEX(code)];
            continue;
        }
        if (dense[b]) {
            w[b] = (uint32_t)(fg_dot(S->bnf[FG_INDEX(code)], u, D, p2, lazy) % p);
            continue;
        }
        uint64_t a = 0;
        for (size_t q = spoff[b]; q < spoff[b + 1]; q++)
            a = fg_acc(a, (uint64_t)spval[q] * u[spidx[q]], p2);
        w[b] = (uint32_t)(a % p);
    }
    W->w = W->u;
    W->u = w;
}

/* The sequences s_k = u M^k 1 (k < 2D) and s^(i)_k = u M^k NF(x_i) (k < D) for a
 * random u, and the minimal polynomial's degree *L by Berlekamp-Massey (C its
 * connection polynomial); a second u when the first gives a degree between D/2
 * and D. */
static gbc_status sl_sequence(fg_src *S, sl_work *W, uint32_t *L)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t D = W->D, N = W->N, p = W->p;
    size_t seqlen; /* s_k for k < 2D, then s^(i)_k for k < D for every i */
    if (gbc_mul_size(&seqlen, (size_t)D, (size_t)W->n + 2))
        return GBC_ERR_NOMEM;
    GBC_TRY(GBC_ALLOC(ctx, W->seq, seqlen));
    GBC_TRY(GBC_ALLOC(ctx, W->u, D));
    GBC_TRY(GBC_ALLOC(ctx, W->w, D));
    GBC_TRY(GBC_ALLOC(ctx, W->C, N + 1));
    GBC_TRY(GBC_ALLOC(ctx, W->B, N + 1));
    GBC_TRY(GBC_ALLOC(ctx, W->T, N + 1));
    gbc_rng rng;
    gbc_rng_seed(&rng, FG_SPARSE_SEED ^ ((uint64_t)D << 32) ^ p);
    *L = 0;
    for (int attempt = 0; attempt < 2; attempt++) {
        for (uint32_t x = 0; x < D; x++)
            W->u[x] = (uint32_t)gbc_rng_below(&rng, p);
        for (uint32_t k = 0; k < N; k++) {
            GBC_TRY(gbc_ctx_check(ctx));
            sl_record(W, k);
            if (k + 1 == N)
                break;
            sl_mul(S, W);
            gbc_progress(ctx, "fglm", (double)(k + 1) / N, k + 1);
        }
        *L = fg_bm(S->F, W->seq, N, W->C, W->B, W->T);
        if (*L == D || 2 * *L < D)
            break; /* shape position, or far from it: no second try */
    }
    return GBC_OK;
}

/* The minimal polynomial f of x_last and the parametrisations g_i (x_i = g_i(x_last)
 * for i < last), each checked against its sequence (H g_i = s^(i)); *ok = 0 (the
 * classic path takes over) when the dual polynomial is not invertible or a check
 * fails. */
static gbc_status sl_params(fg_src *S, sl_work *W, int *ok)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = S->F;
    const uint32_t D = W->D, n = W->n, p = W->p;
    const uint64_t p2 = W->p2;
    *ok = 0;
    /* f(x) = x^D C(1/x): f_D = 1, f_{D-i} = C_i */
    GBC_TRY(GBC_ALLOC(ctx, W->f, D + 1));
    for (uint32_t i = 0; i <= D; i++)
        W->f[D - i] = W->C[i];
    GBC_TRY(GBC_ALLOC(ctx, W->n1, D));
    GBC_TRY(GBC_ALLOC(ctx, W->inv, D));
    GBC_TRY(GBC_ALLOC(ctx, W->ni, D));
    GBC_TRY(GBC_ALLOC(ctx, W->g, (size_t)D * (n ? n : 1)));
    GBC_TRY(GBC_ALLOC(ctx, W->r0, D + 1));
    GBC_TRY(GBC_ALLOC(ctx, W->r1, D + 1));
    GBC_TRY(GBC_ALLOC(ctx, W->s0, D + 1));
    GBC_TRY(GBC_ALLOC(ctx, W->s1, D + 1));
    GBC_TRY(GBC_ALLOC(ctx, W->prod, 2 * (size_t)D));
    fg_dual(F, W->f, W->seq, D, W->n1);
    if (!fg_invmod(F, W->n1, W->f, D, W->inv, W->r0, W->r1, W->s0, W->s1)) {
        /* cannot happen when H is nonsingular; take the classic path */
        gbc_log(ctx, 1, "fglm: the dual polynomial is not invertible; classic path");
        return GBC_OK;
    }
    for (uint32_t i = 0; i < W->last; i++) {
        GBC_TRY(gbc_ctx_check(ctx));
        const uint32_t *seq = W->seq, *si = seq + (size_t)(2 + i) * D;
        uint32_t *gi = W->g + (size_t)i * D;
        fg_dual(F, W->f, si, D, W->ni);
        fg_mulmod(F, W->ni, W->inv, W->f, D, gi, W->prod);
        /* check H g_i = s^(i) */
        for (uint32_t j = 0; j < D; j++) {
            uint64_t a = 0;
            for (uint32_t k = 0; k < D; k++)
                a = fg_acc(a, (uint64_t)gi[k] * seq[j + k], p2);
            if ((uint32_t)(a % p) != si[j]) {
                gbc_log(ctx, 1, "fglm: parametrisation %u fails its check; classic path", i);
                return GBC_OK;
            }
        }
    }
    *ok = 1;
    return GBC_OK;
}

/* f(x_last), then x_i - g_i(x_last) for i = last-1 down to 0 (increasing leads),
 * into out. */
static gbc_status sl_output(const fg_src *S, const sl_work *W, plist *out)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = S->F;
    const uint32_t D = W->D, n = W->n, last = W->last;
    const uint32_t *f = W->f;
    size_t len = 0;
    for (uint32_t k = 0; k <= D; k++)
        len += f[k] != 0;
    ppoly *q;
    GBC_TRY(plist_push(ctx, out, len, n, F, &q));
    memset(q->exps, 0, sizeof(uint32_t) * len * n);
    size_t t = 0;
    for (uint32_t k = D + 1; k-- > 0;)
        if (f[k] != 0) {
            q->exps[t * n + last] = k;
            q->cf[t++] = f[k];
        }
    for (uint32_t i = last; i-- > 0;) {
        const uint32_t *gi = W->g + (size_t)i * D;
        len = 1;
        for (uint32_t k = 0; k < D; k++)
            len += gi[k] != 0;
        GBC_TRY(plist_push(ctx, out, len, n, F, &q));
        memset(q->exps, 0, sizeof(uint32_t) * len * n);
        q->exps[i] = 1;
        q->cf[0] = 1;
        t = 1;
        for (uint32_t k = D; k-- > 0;)
            if (gi[k] != 0) {
                q->exps[t * n + last] = k;
                q->cf[t++] = zp_neg(F, gi[k]);
            }
    }
    return GBC_OK;
}

gbc_status fg_sparse_lex(fg_src *S, const ring *Rdst, plist *out, int *done)
{
    gbc_ctx *ctx = S->ctx;
    sl_work W;
    memset(&W, 0, sizeof W);
    W.D = S->D;
    W.n = S->n;
    W.p = S->F->p;
    W.p2 = (uint64_t)W.p * W.p;
    (void)Rdst;
    *done = 0;
    if (W.n == 0 || W.D > (UINT32_MAX - 2) / 2)
        return GBC_OK;
    W.last = W.n - 1; /* the smallest variable for lex */
    W.N = 2 * W.D;
    W.lazy = fg_lazy(W.p, W.D); /* dot products of length D */
    gbc_status st;
    uint32_t L;
    int ok;
    GBC_CHECK(st, sl_columns(S, &W), fin);
    GBC_CHECK(st, sl_sequence(S, &W, &L), fin);
    if (L != W.D) {
        gbc_log(ctx, 2, "fglm: minimal polynomial of degree %u < %u: not in shape position",
                L, W.D);
        goto fin;
    }
    GBC_CHECK(st, sl_params(S, &W, &ok), fin);
    if (!ok)
        goto fin;
    GBC_CHECK(st, sl_output(S, &W, out), fin);
    *done = 1;
fin:
    sl_free(ctx, &W);
    return st;
}
