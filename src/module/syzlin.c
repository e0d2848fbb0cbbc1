/* module/syzlin: the minimal syzygies of homogeneous generators modulo p without
 * the encoded elimination basis of syz.c: Schreyer's frame says in which degrees
 * minimal syzygies lie and how many; in each such degree the syzygies are the
 * kernel of one small dense matrix (the products x^a g_j of that degree), and
 * module_mingens_counted picks the minimal ones among them. */
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

/* One degree d: the rows are the pairs (j, a), x^a of degree d - shift[j] in
 * decreasing order, grouped by j; row k's syzygy coordinate is x^a e'_j. */
typedef struct ldeg {
    size_t nr, nc;      /* rows; columns (monomials of R^r of degree d), a bound */
    size_t *first;      /* m + 1: rows of generator j are first[j] .. first[j + 1] */
    uint32_t **mono;    /* m: the monomials of generator j's rows (NULL: none) */
} ldeg;

static void ldeg_clear(gbc_ctx *ctx, ldeg *D, size_t m)
{
    if (D->mono != NULL)
        for (size_t j = 0; j < m; j++)
            gbc_free(ctx, D->mono[j]);
    gbc_free(ctx, D->mono);
    gbc_free(ctx, D->first);
    memset(D, 0, sizeof *D);
}

/* The sizes of degree d's matrix (D->nr, D->nc; nothing allocated), saturated at
 * SIZE_MAX / 4. */
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
 * (its right part). Rows are built from gens (rank r) on the fly. The syzygies
 * are appended to out (rank m, one element each). */
typedef struct lelim {
    const ring *R;
    uint32_t rank;
    const plist *gens;
    size_t m;
    const ldeg *D;
    lcols C;
    size_t W;          /* width: D->nc + D->nr */
    uint32_t *P;       /* pivot rows, W each */
    size_t *pc, *prow; /* pivot column, the row it came from */
    size_t npiv;
    uint64_t *buf;     /* the row being reduced, W */
    uint32_t *e;       /* n + 1 scratch */
} lelim;

/* buf = row k of the matrix (x^a g_j) with 1 at the identity's column k. */
static gbc_status lelim_load(lelim *L, size_t j, const uint32_t *a, size_t k)
{
    const uint32_t n = L->R->nvars;
    memset(L->buf, 0, sizeof(uint64_t) * L->W);
    for (uint32_t i = 0; i < L->rank; i++) {
        const ppoly *f = &L->gens->p[j * L->rank + i];
        for (size_t t = 0; t < f->len; t++) {
            for (uint32_t v = 0; v < n; v++)
                L->e[v] = f->exps[t * n + v] + a[v];
            L->e[n] = i;
            size_t col;
            GBC_TRY(lcols_find(&L->C, L->e, &col));
            L->buf[col] = f->cf[t];
        }
    }
    L->buf[L->D->nc + k] = 1;
    return GBC_OK;
}

/* Reduce buf (row k) by the pivots; then either make it a pivot or append the
 * syzygy it holds to out. */
static gbc_status lelim_row(gbc_ctx *ctx, lelim *L, size_t k, plist *out)
{
    const field *F = &L->R->F;
    const uint64_t p = F->p;
    const size_t nc = L->D->nc;
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
            for (size_t t = 0; t < nc + k + 1; t++)
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
    for (size_t t = 0; t < nc + k + 1; t++) {
        buf[t] %= p;
        if (c == nc && t < nc && buf[t] != 0)
            c = t;
    }
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
    /* a syzygy: component j collects the right part over j's rows */
    const uint32_t n = L->R->nvars;
    for (size_t j = 0; j < L->m; j++) {
        size_t len = 0;
        for (size_t r = L->D->first[j]; r < L->D->first[j + 1] && r <= k; r++)
            len += buf[nc + r] != 0;
        ppoly *q;
        GBC_TRY(plist_push(ctx, out, len, n, F, &q));
        size_t t = 0;
        for (size_t r = L->D->first[j]; r < L->D->first[j + 1] && r <= k; r++)
            if (buf[nc + r] != 0) {
                memcpy(q->exps + t * n, L->D->mono[j] + (r - L->D->first[j]) * n,
                       sizeof(uint32_t) * n);
                q->cf[t++] = (uint32_t)buf[nc + r];
            }
    }
    return GBC_OK;
}

/* Append to out a basis of the syzygies of degree d of the m elements of gens
 * (rank r, degrees shift), as elements of rank m. */
static gbc_status syz_degree(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                             const int64_t *shift, size_t m, int64_t d, plist *out)
{
    const uint32_t n = R->nvars;
    ldeg D;
    memset(&D, 0, sizeof D);
    ldeg_size(R, rank, shift, m, d, &D);
    lelim L;
    memset(&L, 0, sizeof L);
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, D.first, m + 1), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, D.mono, m), done);
    for (size_t j = 0; j < m; j++) {
        size_t cnt = 0;
        if (shift[j] <= d) {
            cnt = mmono_count((uint64_t)(d - shift[j]), n, SIZE_MAX / 8);
            GBC_CHECK(st, monos_sorted(ctx, R, (uint64_t)(d - shift[j]), cnt, &D.mono[j]),
                      done);
        }
        D.first[j + 1] = D.first[j] + cnt;
    }
    L.R = R;
    L.rank = rank;
    L.gens = gens;
    L.m = m;
    L.D = &D;
    L.W = D.nc + D.nr;
    size_t maxpiv = D.nc < D.nr ? D.nc : D.nr;
    GBC_CHECK(st, lcols_init(ctx, &L.C, n, D.nc ? D.nc : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L.P, (maxpiv ? maxpiv : 1) * L.W), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L.pc, maxpiv ? maxpiv : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L.prow, maxpiv ? maxpiv : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L.buf, L.W), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, L.e, n + 1), done);
    for (size_t j = 0; j < m; j++)
        for (size_t k = D.first[j]; k < D.first[j + 1]; k++) {
            GBC_CHECK(st, gbc_ctx_poll(ctx), done);
            GBC_CHECK(st, lelim_load(&L, j, D.mono[j] + (k - D.first[j]) * n, k), done);
            GBC_CHECK(st, lelim_row(ctx, &L, k, out), done);
        }
done:
    lcols_clear(ctx, &L.C);
    gbc_free(ctx, L.P);
    gbc_free(ctx, L.pc);
    gbc_free(ctx, L.prow);
    gbc_free(ctx, L.buf);
    gbc_free(ctx, L.e);
    ldeg_clear(ctx, &D, m);
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
        const unsigned long long w = (unsigned long long)D.nc + D.nr;
        if (D.nr > 0 && (w > SYZLIN_MAX_AREA / D.nr ||
                         (unsigned long long)D.nr * w >
                             SYZLIN_MAX_WORK / (D.nr < D.nc ? D.nr : D.nc + 1)))
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

gbc_status module_syz_minimal(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                              const int64_t *shift, plist *out, int64_t **degs,
                              gb_stats *stats)
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
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, lev, maxlev + 2), done);
    st = module_levels_schreyer(ctx, R, rank, gens, lev, maxlev, 3, &nlev, stats);
    if (st == GBC_ERR_UNSUPPORTED) { /* a constant generator: no counts */
        st = syz_by_basis(ctx, R, rank, gens, shift, NULL, out, degs, stats);
        goto done;
    }
    if (st != GBC_OK)
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
    if (lev != NULL)
        for (size_t l = 0; l < maxlev + 2; l++)
            gbc_free(ctx, lev[l].deg);
    gbc_free(ctx, lev);
    gbc_free(ctx, dl);
    plist_clear(ctx, &cand, &R->F);
    return st;
}
