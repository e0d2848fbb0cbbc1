/* module/syzlin: the minimal syzygies of homogeneous generators modulo p without
 * the encoded elimination basis of syz.c: Schreyer's frame says in which degrees
 * minimal syzygies lie and how many; in each such degree the syzygies are the
 * kernel of one small dense matrix (the products x^a g_j of that degree), and
 * module_mingens_counted picks the minimal ones among them. The same matrices
 * give the cofactors of an element in the generators (module_lift_degree), the
 * change of basis of syzframe.c. */
#include "module/module_int.h"

/* Bounds of one degree's matrix (rows times the width of the augmented matrix,
 * and rows times that, the elimination's work) beyond which the Groebner basis
 * path is taken instead. */
#define SYZLIN_MAX_AREA 8000000ull
#define SYZLIN_MAX_WORK 3000000000ull

/* The monomials of degree g in n variables (cnt of them), in decreasing order of
 * R: cnt * n exponents. */
static gbc_status monos_sorted(gbc_ctx *ctx, const ring *R, uint64_t g, size_t cnt,
                               uint32_t **out)
{
    const uint32_t n = R->nvars;
    uint32_t *a = NULL, *b = NULL;
    GBC_TRY(GBC_ALLOC(ctx, a, cnt * n));
    gbc_status st = GBC_ALLOC(ctx, b, cnt * n);
    if (st != GBC_OK) {
        gbc_free(ctx, a);
        return st;
    }
    memset(a, 0, sizeof(uint32_t) * n);
    a[0] = (uint32_t)g;
    for (size_t k = 1; k < cnt; k++) {
        memcpy(a + k * n, a + (k - 1) * n, sizeof(uint32_t) * n);
        (void)mmono_next(a + k * n, n);
    }
    /* bottom-up merge sort, decreasing */
    for (size_t w = 1; w < cnt; w *= 2) {
        for (size_t lo = 0; lo < cnt; lo += 2 * w) {
            size_t mid = lo + w < cnt ? lo + w : cnt, hi = lo + 2 * w < cnt ? lo + 2 * w : cnt;
            size_t i = lo, j = mid, k = lo;
            while (i < mid || j < hi) {
                int fromi = j >= hi || (i < mid && mono_cmp(&R->ord, a + i * n, a + j * n) > 0);
                memcpy(b + k++ * n, a + (fromi ? i++ : j++) * n, sizeof(uint32_t) * n);
            }
        }
        uint32_t *t = a;
        a = b;
        b = t;
    }
    gbc_free(ctx, b);
    *out = a;
    return GBC_OK;
}

/* The columns of one degree: the monomials x^b e_i met, numbered as met, found
 * through an open-addressing table over their exponents (n + 1 words each, the
 * component last). */
typedef struct lcols {
    uint32_t n;
    uint32_t *key;  /* ncol * (n + 1) */
    int64_t *slot;  /* column, or -1 */
    size_t nslot, ncol, cap;
} lcols;

static gbc_status lcols_init(gbc_ctx *ctx, lcols *C, uint32_t n, size_t cap)
{
    memset(C, 0, sizeof *C);
    C->n = n;
    C->cap = cap;
    C->nslot = 16;
    while (C->nslot < 2 * cap + 2)
        C->nslot *= 2;
    GBC_TRY(GBC_ALLOC(ctx, C->key, cap * (n + 1)));
    GBC_TRY(GBC_ALLOC(ctx, C->slot, C->nslot));
    for (size_t s = 0; s < C->nslot; s++)
        C->slot[s] = -1;
    return GBC_OK;
}

static void lcols_clear(gbc_ctx *ctx, lcols *C)
{
    gbc_free(ctx, C->key);
    gbc_free(ctx, C->slot);
    memset(C, 0, sizeof *C);
}

/* The column of the monomial e (n + 1 words), numbered if new; GBC_ERR_INTERNAL
 * past the capacity (the count of monomials was wrong). */
static gbc_status lcols_find(lcols *C, const uint32_t *e, size_t *col)
{
    const uint32_t w = C->n + 1;
    uint64_t h = 1469598103934665603ull;
    for (uint32_t v = 0; v < w; v++)
        h = (h ^ e[v]) * 1099511628211ull;
    size_t s = (size_t)(h ^ (h >> 29)) & (C->nslot - 1);
    while (C->slot[s] >= 0) {
        if (memcmp(C->key + (size_t)C->slot[s] * w, e, sizeof(uint32_t) * w) == 0) {
            *col = (size_t)C->slot[s];
            return GBC_OK;
        }
        s = (s + 1) & (C->nslot - 1);
    }
    if (C->ncol == C->cap)
        return GBC_ERR_INTERNAL;
    memcpy(C->key + C->ncol * w, e, sizeof(uint32_t) * w);
    C->slot[s] = (int64_t)C->ncol;
    *col = C->ncol++;
    return GBC_OK;
}

/* One degree d: the rows are the pairs (j, a), x^a of degree d - shift[j]; row
 * k's syzygy coordinate is x^a e'_j. The rows are in increasing order of the
 * terms x^a e'_j (R's order on x^a, then the index j), so that the syzygy a row
 * leaves has its own term as leading term. */
typedef struct ldeg {
    size_t nr, nc;      /* rows; columns (monomials of R^r of degree d), a bound */
    uint32_t **mono;    /* m: the monomials x^a of generator j (NULL: none) */
    uint32_t *rj;       /* nr: row k's generator j */
    const uint32_t **ra; /* nr: row k's monomial x^a (in mono[j]) */
} ldeg;

static void ldeg_clear(gbc_ctx *ctx, ldeg *D, size_t m)
{
    if (D->mono != NULL)
        for (size_t j = 0; j < m; j++)
            gbc_free(ctx, D->mono[j]);
    gbc_free(ctx, D->mono);
    gbc_free(ctx, D->rj);
    gbc_free(ctx, D->ra);
    memset(D, 0, sizeof *D);
}

/* Whether row a's term is below row b's. */
static int row_below(const ring *R, const ldeg *D, size_t a, size_t b)
{
    int c = mono_cmp(&R->ord, D->ra[a], D->ra[b]);
    return c != 0 ? c < 0 : D->rj[a] < D->rj[b];
}

/* Fill D->rj and D->ra (allocated, nr entries) with the rows of D->mono
 * (counts cnt[j]) in increasing order: a bottom-up merge sort, tmp scratch. */
static gbc_status ldeg_order(gbc_ctx *ctx, const ring *R, ldeg *D, size_t m, const size_t *cnt)
{
    const uint32_t n = R->nvars;
    uint32_t *tj = NULL;
    const uint32_t **ta = NULL;
    GBC_TRY(GBC_ALLOC(ctx, tj, D->nr ? D->nr : 1));
    gbc_status st = GBC_ALLOC(ctx, ta, D->nr ? D->nr : 1);
    if (st != GBC_OK) {
        gbc_free(ctx, tj);
        return st;
    }
    size_t k = 0;
    for (size_t j = 0; j < m; j++)
        for (size_t t = cnt[j]; t-- > 0; k++) { /* mono[j] decreases */
            D->rj[k] = (uint32_t)j;
            D->ra[k] = D->mono[j] + t * n;
        }
    for (size_t w = 1; w < k; w *= 2) {
        for (size_t lo = 0; lo < k; lo += 2 * w) {
            size_t mid = lo + w < k ? lo + w : k, hi = lo + 2 * w < k ? lo + 2 * w : k;
            size_t a = lo, b = mid, o = lo;
            while (a < mid || b < hi) {
                size_t f = b >= hi || (a < mid && !row_below(R, D, b, a)) ? a++ : b++;
                tj[o] = D->rj[f];
                ta[o++] = D->ra[f];
            }
        }
        memcpy(D->rj, tj, sizeof *tj * k);
        memcpy(D->ra, ta, sizeof *ta * k);
    }
    gbc_free(ctx, tj);
    gbc_free(ctx, ta);
    return GBC_OK;
}

/* The sizes of degree d's matrix (D->nr, D->nc; nothing allocated), saturated at
 * SIZE_MAX / 8. */
static void ldeg_size(const ring *R, uint32_t rank, const int64_t *shift, size_t m, int64_t d,
                      ldeg *D)
{
    const uint32_t n = R->nvars;
    const size_t cap = SIZE_MAX / 8;
    size_t nr = 0;
    for (size_t j = 0; j < m; j++)
        if (shift[j] <= d) {
            nr += mmono_count((uint64_t)(d - shift[j]), n, cap);
            nr = nr > cap ? cap : nr;
        }
    size_t per = d >= 0 ? mmono_count((uint64_t)d, n, cap) : 0;
    D->nr = nr;
    D->nc = per > cap / rank ? cap : per * rank;
}

/* The elimination of degree d's matrix with the identity on the right: each row
 * reduced by the pivots before it; a row whose left part vanishes is a syzygy
 * (its right part, kept in K). Rows are built from gens (rank r) on the fly. */
typedef struct lelim {
    const ring *R;
    uint32_t rank;
    const plist *gens;
    size_t m;
    const ldeg *D;
    lcols C;
    size_t nc;         /* the columns the rows meet (numbered by lelim_columns) */
    size_t W;          /* width: nc + D->nr */
    uint32_t *P;       /* pivot rows, W each */
    size_t *pc, *prow; /* pivot column, the row it came from */
    size_t npiv;
    uint64_t *buf;     /* the row being reduced, W */
    uint32_t *e;       /* n + 1 scratch */
    int nokernel;      /* the syzygies are not wanted (a lift) */
    uint32_t *K;       /* the syzygies found, nr entries each (their right parts) */
    size_t *klead;     /* the row each came from: its leading term, coefficient 1 */
    size_t nk, kcap;
} lelim;

/* Number the columns of row k's terms (x^a g_j) in L->C; with buf, also put
 * their coefficients there. */
static gbc_status lelim_terms(lelim *L, size_t k, uint64_t *buf)
{
    const uint32_t n = L->R->nvars;
    const size_t j = L->D->rj[k];
    const uint32_t *a = L->D->ra[k];
    for (uint32_t i = 0; i < L->rank; i++) {
        const ppoly *f = &L->gens->p[j * L->rank + i];
        for (size_t t = 0; t < f->len; t++) {
            for (uint32_t v = 0; v < n; v++)
                L->e[v] = f->exps[t * n + v] + a[v];
            L->e[n] = i;
            size_t col;
            GBC_TRY(lcols_find(&L->C, L->e, &col));
            if (buf != NULL)
                buf[col] = f->cf[t];
        }
    }
    return GBC_OK;
}

/* Number the columns of every row's terms, so that the matrix is only as wide as
 * the monomials the products x^a g_j meet (D->nc bounds them: every monomial of
 * R^r of degree d). */
static gbc_status lelim_columns(lelim *L)
{
    for (size_t k = 0; k < L->D->nr; k++)
        GBC_TRY(lelim_terms(L, k, NULL));
    L->nc = L->C.ncol;
    return GBC_OK;
}

/* buf = row k of the matrix (x^a g_j) with 1 at the identity's column k. */
static gbc_status lelim_load(lelim *L, size_t k)
{
    memset(L->buf, 0, sizeof(uint64_t) * L->W);
    GBC_TRY(lelim_terms(L, k, L->buf));
    L->buf[L->nc + k] = 1;
    return GBC_OK;
}

/* Reduce buf (row k) by the pivots; then make it a pivot or keep the syzygy it
 * holds (leading row k, coefficient 1), reduced by the syzygies before it at
 * their leading rows: their entries lie in rows at most their leading row, so
 * the syzygies of the degree end up as the reduced echelon basis of the kernel
 * for the order of the rows, whatever the elimination did. */
/* Reduce buf (its first w entries in use) by the pivots in the order they were
 * made (each is zero at the pivot columns before it), leaving it reduced modulo
 * p; the first nonzero column of its left part, or nc, is returned. */
static size_t lelim_reduce(lelim *L, size_t w)
{
    const uint64_t p = L->R->F.p;
    const size_t nc = L->nc;
    /* additions of products below p^2 before buf must be reduced */
    const uint64_t room = (UINT64_MAX - p) / ((p - 1) * (p - 1));
    uint64_t *buf = L->buf;
    uint64_t adds = 0;
    for (size_t q = 0; q < L->npiv; q++) {
        const size_t c0 = L->pc[q];
        uint64_t c = buf[c0] % p;
        if (c == 0)
            continue;
        if (adds == room) {
            for (size_t t = 0; t < w; t++)
                buf[t] %= p;
            adds = 0;
        }
        const uint64_t f = p - c;
        const uint32_t *row = L->P + q * L->W;
        const size_t end = nc + L->prow[q] + 1;
        for (size_t t = c0; t < end; t++)
            buf[t] += f * row[t];
        adds++;
    }
    size_t c = nc;
    for (size_t t = 0; t < w; t++) {
        buf[t] %= p;
        if (c == nc && t < nc && buf[t] != 0)
            c = t;
    }
    return c;
}

static gbc_status lelim_row(gbc_ctx *ctx, lelim *L, size_t k)
{
    const field *F = &L->R->F;
    const uint64_t p = F->p;
    const size_t nc = L->nc;
    uint64_t *buf = L->buf;
    const size_t c = lelim_reduce(L, nc + k + 1);
    if (c < nc) {
        uint32_t *row = L->P + L->npiv * L->W;
        uint32_t inv = zp_inv(F, (uint32_t)buf[c]);
        memset(row, 0, sizeof(uint32_t) * L->W);
        for (size_t t = c; t < nc + k + 1; t++)
            row[t] = buf[t] ? zp_mul(F, (uint32_t)buf[t], inv) : 0;
        L->pc[L->npiv] = c;
        L->prow[L->npiv++] = k;
        return GBC_OK;
    }
    if (L->nokernel)
        return GBC_OK;
    const size_t nr = L->D->nr;
    GBC_TRY(GBC_GROW(ctx, L->klead, L->kcap, L->nk + 1));
    GBC_TRY(gbc_resize_array(ctx, (void **)&L->K, L->kcap * nr, sizeof(uint32_t)));
    uint32_t *v = L->K + L->nk * nr;
    uint64_t *rb = buf + nc;
    for (size_t q = 0; q < L->nk; q++) {
        const size_t r = L->klead[q];
        const uint64_t cr = rb[r];
        if (cr == 0)
            continue;
        const uint32_t *u = L->K + q * nr;
        for (size_t t = 0; t <= r; t++)
            rb[t] = (rb[t] + (p - cr) * u[t]) % p;
    }
    memset(v, 0, sizeof(uint32_t) * nr);
    for (size_t t = 0; t <= k; t++)
        v[t] = (uint32_t)rb[t];
    L->klead[L->nk++] = k;
    return GBC_OK;
}

/* Append to out the syzygy u (L's K, nr entries; rows up to lead) as an element
 * of rank m: component j collects the terms of j's rows, in decreasing order. */
static gbc_status lelim_emit(gbc_ctx *ctx, const lelim *L, const uint32_t *u, size_t lead,
                             plist *out)
{
    const uint32_t n = L->R->nvars;
    const ldeg *D = L->D;
    const size_t base = out->n;
    size_t *len = NULL;
    GBC_TRY(GBC_ZALLOC(ctx, len, L->m));
    gbc_status st = GBC_OK;
    for (size_t r = 0; r <= lead; r++)
        len[D->rj[r]] += u[r] != 0;
    for (size_t j = 0; st == GBC_OK && j < L->m; j++) {
        ppoly *q;
        st = plist_push(ctx, out, len[j], n, &L->R->F, &q);
        len[j] = 0;
    }
    for (size_t r = lead + 1; st == GBC_OK && r-- > 0;) /* decreasing */
        if (u[r] != 0) {
            ppoly *q = &out->p[base + D->rj[r]];
            memcpy(q->exps + len[D->rj[r]] * n, D->ra[r], sizeof(uint32_t) * n);
            q->cf[len[D->rj[r]]++] = u[r];
        }
    gbc_free(ctx, len);
    return st;
}

/* Degree d's matrix for the m elements of gens (rank r, degrees shift) built
 * into D and L and eliminated: every row reduced by the pivots before it; the
 * syzygies kept in L unless nokernel. degree_clear frees both, also after a
 * failure. */
static gbc_status degree_eliminate(gbc_ctx *ctx, const ring *R, uint32_t rank,
                                   const plist *gens, const int64_t *shift, size_t m, int64_t d,
                                   int nokernel, ldeg *D, lelim *L)
{
    const uint32_t n = R->nvars;
    memset(D, 0, sizeof *D);
    memset(L, 0, sizeof *L);
    ldeg_size(R, rank, shift, m, d, D);
    size_t *cnt = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, cnt, m), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, D->mono, m), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, D->rj, D->nr ? D->nr : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, D->ra, D->nr ? D->nr : 1), done);
    for (size_t j = 0; j < m; j++)
        if (shift[j] <= d) {
            cnt[j] = mmono_count((uint64_t)(d - shift[j]), n, SIZE_MAX / 8);
            GBC_CHECK(st, monos_sorted(ctx, R, (uint64_t)(d - shift[j]), cnt[j], &D->mono[j]),
                      done);
        }
    GBC_CHECK(st, ldeg_order(ctx, R, D, m, cnt), done);
    L->R = R;
    L->rank = rank;
    L->gens = gens;
    L->m = m;
    L->D = D;
    L->nokernel = nokernel;
    GBC_CHECK(st, lcols_init(ctx, &L->C, n, D->nc ? D->nc : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L->e, n + 1), done);
    GBC_CHECK(st, lelim_columns(L), done);
    L->W = L->nc + D->nr;
    size_t maxpiv = L->nc < D->nr ? L->nc : D->nr;
    GBC_CHECK(st, GBC_ALLOC(ctx, L->P, (maxpiv ? maxpiv : 1) * L->W), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L->pc, maxpiv ? maxpiv : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L->prow, maxpiv ? maxpiv : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L->buf, L->W), done);
    for (size_t k = 0; k < D->nr; k++) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), done);
        GBC_CHECK(st, lelim_load(L, k), done);
        GBC_CHECK(st, lelim_row(ctx, L, k), done);
    }
done:
    gbc_free(ctx, cnt);
    return st;
}

static void degree_clear(gbc_ctx *ctx, ldeg *D, lelim *L, size_t m)
{
    lcols_clear(ctx, &L->C);
    gbc_free(ctx, L->P);
    gbc_free(ctx, L->pc);
    gbc_free(ctx, L->prow);
    gbc_free(ctx, L->buf);
    gbc_free(ctx, L->e);
    gbc_free(ctx, L->K);
    gbc_free(ctx, L->klead);
    ldeg_clear(ctx, D, m);
}

/* Append to out the reduced echelon basis of the syzygies of degree d of the m
 * elements of gens (rank r, degrees shift), as elements of rank m, by
 * increasing leading term. */
static gbc_status syz_degree(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                             const int64_t *shift, size_t m, int64_t d, plist *out)
{
    ldeg D;
    lelim L;
    gbc_status st = degree_eliminate(ctx, R, rank, gens, shift, m, d, 0, &D, &L);
    for (size_t q = 0; st == GBC_OK && q < L.nk; q++)
        st = lelim_emit(ctx, &L, L.K + q * D.nr, L.klead[q], out);
    degree_clear(ctx, &D, &L, m);
    return st;
}

/* Whether degree d's matrix (sizes in D, from ldeg_size) is within the bounds. */
static int ldeg_fits(const ldeg *D)
{
    const unsigned long long w = (unsigned long long)D->nc + D->nr;
    return D->nr == 0 ||
           (w <= SYZLIN_MAX_AREA / D->nr &&
            (unsigned long long)D->nr * w <= SYZLIN_MAX_WORK / (D->nr < D->nc ? D->nr : D->nc + 1));
}

/* Load target t (rank r, its terms of degree d) into L->buf's left part, the
 * right part zero. GBC_ERR_INTERNAL for a term no product x^a g_j has: the
 * target is not in their span. */
static gbc_status lelim_target(lelim *L, const plist *targets, size_t t)
{
    const uint32_t n = L->R->nvars;
    memset(L->buf, 0, sizeof(uint64_t) * L->W);
    for (uint32_t i = 0; i < L->rank; i++) {
        const ppoly *f = &targets->p[t * L->rank + i];
        for (size_t u = 0; u < f->len; u++) {
            memcpy(L->e, f->exps + u * n, sizeof(uint32_t) * n);
            L->e[n] = i;
            size_t col;
            GBC_TRY(lcols_find(&L->C, L->e, &col));
            if (col >= L->nc)
                return GBC_ERR_INTERNAL;
            L->buf[col] = f->cf[u];
        }
    }
    return GBC_OK;
}

gbc_status module_lift_degree(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                              const int64_t *shift, int64_t d, const plist *targets,
                              size_t first, size_t count, plist *out)
{
    const size_t m = gens->n / rank;
    const uint64_t p = R->F.p;
    ldeg D;
    lelim L;
    memset(&D, 0, sizeof D);
    ldeg_size(R, rank, shift, m, d, &D);
    if (!ldeg_fits(&D))
        return GBC_ERR_UNSUPPORTED;
    uint32_t *u = NULL;
    gbc_status st;
    GBC_CHECK(st, degree_eliminate(ctx, R, rank, gens, shift, m, d, 1, &D, &L), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, u, D.nr ? D.nr : 1), done);
    for (size_t t = first; t < first + count; t++) {
        GBC_CHECK(st, lelim_target(&L, targets, t), done);
        if (lelim_reduce(&L, L.W) != L.nc) {
            st = GBC_ERR_INTERNAL; /* not in the span of the products */
            goto done;
        }
        /* target = -(right part) applied to the rows x^a g_j */
        for (size_t r = 0; r < D.nr; r++)
            u[r] = L.buf[L.nc + r] ? (uint32_t)(p - L.buf[L.nc + r]) : 0;
        GBC_CHECK(st, lelim_emit(ctx, &L, u, D.nr ? D.nr - 1 : 0, out), done);
    }
done:
    gbc_free(ctx, u);
    degree_clear(ctx, &D, &L, m);
    return st;
}

/* Whether every degree with mu_d > 0 (d among the degrees of cnt's levels)
 * has a matrix within the bounds; the distinct such degrees, increasing, go to
 * degs[0 .. *nd) (room for b2->n + m). */
static int syzlin_fits(const ring *R, uint32_t rank, const mcount *cnt, int64_t *degs,
                       size_t *nd)
{
    size_t k = 0;
    for (size_t i = 0; i < cnt->b2->n + cnt->m; i++) {
        int64_t d = i < cnt->b2->n ? cnt->b2->deg[i] : cnt->shift[i - cnt->b2->n];
        size_t s = 0;
        while (s < k && degs[s] != d)
            s++;
        if (s < k || mcount_at(cnt, d) == 0)
            continue;
        for (s = k++; s > 0 && degs[s - 1] > d; s--)
            degs[s] = degs[s - 1];
        degs[s] = d;
        ldeg D;
        ldeg_size(R, rank, cnt->shift, cnt->m, d, &D);
        if (!ldeg_fits(&D))
            return 0;
    }
    *nd = k;
    return 1;
}

/* The reference path: the syzygy basis of syz.c, then the minimal ones (with the
 * counts cnt when not NULL). */
static gbc_status syz_by_basis(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                               const int64_t *shift, const mcount *cnt, plist *out,
                               int64_t **degs, gb_stats *stats)
{
    const size_t m = gens->n / rank;
    plist S;
    plist_init(&S);
    gbc_status st = module_syz(ctx, R, rank, gens, &S, stats);
    if (st == GBC_OK && cnt != NULL)
        st = module_mingens_counted(ctx, R, (uint32_t)m, shift, &S, cnt, out, degs, stats);
    else if (st == GBC_OK)
        st = module_syz_mingens(ctx, R, rank, gens, shift, &S, out, degs, stats);
    plist_clear(ctx, &S, &R->F);
    return st;
}

gbc_status module_syz_minimal_direct(gbc_ctx *ctx, const ring *R, uint32_t rank,
                                     const plist *gens, const int64_t *shift, plist *out,
                                     int64_t **degs, gb_stats *stats)
{
    *degs = NULL;
    const size_t m = gens->n / rank;
    if (rank < 1 || gens->n % rank != 0 || m > UINT32_MAX)
        return GBC_ERR_INTERNAL;
    if (m == 0)
        return GBC_OK;
    if (mcf_for(&R->F) == &mcf_qq || R->nvars == 0)
        return syz_by_basis(ctx, R, rank, gens, shift, NULL, out, degs, stats);
    const size_t maxlev = (size_t)R->nvars + 2;
    mlevel *lev = NULL;
    int64_t *dl = NULL;
    size_t nlev = 0, nd = 0;
    plist cand;
    plist_init(&cand);
    module_res mr;
    memset(&mr, 0, sizeof mr);
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, lev, maxlev + 2), done);
    st = module_levels_maps(ctx, R, rank, gens, lev, maxlev, 3, &nlev, &mr, stats);
    if (st == GBC_ERR_UNSUPPORTED) { /* a constant generator: no counts */
        st = syz_by_basis(ctx, R, rank, gens, shift, NULL, out, degs, stats);
        goto done;
    }
    if (st != GBC_OK)
        goto done;
    /* minimal generators: the resolution's second map carried over to them */
    st = module_syz_frame(ctx, R, rank, gens, shift, &mr, out, degs);
    if (st != GBC_ERR_UNSUPPORTED)
        goto done;
    mcount c = {&lev[1], &lev[2], shift, m};
    GBC_CHECK(st, GBC_ALLOC(ctx, dl, lev[2].n + m), done);
    if (!syzlin_fits(R, rank, &c, dl, &nd)) {
        st = syz_by_basis(ctx, R, rank, gens, shift, &c, out, degs, stats);
        goto done;
    }
    /* the syzygies of each degree holding minimal ones span, with their
     * multiples, the whole syzygy module; the counts then pick the minimal */
    for (size_t k = 0; k < nd; k++)
        GBC_CHECK(st, syz_degree(ctx, R, rank, gens, shift, m, dl[k], &cand), done);
    st = module_mingens_counted(ctx, R, (uint32_t)m, shift, &cand, &c, out, degs, stats);
done:
    module_res_clear(ctx, &mr, &R->F);
    mlevels_free(ctx, lev, maxlev + 2);
    gbc_free(ctx, dl);
    plist_clear(ctx, &cand, &R->F);
    return st;
}
