/* monideal/slice8: the slice algorithm (slice.c states the method) on rows of
 * byte exponents in 16-byte blocks (vrow.h), for ideals in at most 64 variables
 * whose exponents (ranks) are below 256: every row operation is a handful of
 * vector instructions. The fast kernel; slice.c's uint32 one takes the rest. */
#include "monideal/slice_int.h"

#define S8_MAXN (16 * VR_MAXB)

typedef struct s8_run {
    gbc_ctx *ctx;
    uint32_t N;
    mi_arena ar;
    mi_emit_fn emit;
    void *data;
    uint32_t *out;    /* N */
    uint8_t *lcm;     /* S8_MAXN */
    uint8_t *lb;      /* S8_MAXN */
    uint8_t *tmp;     /* S8_MAXN */
    uint8_t *bound;   /* S8_MAXN rows of S8_MAXN */
    uint64_t *hits;   /* per row: columns where it attains the lcm */
    uint8_t *vals;    /* per row scratch */
    uint8_t *dead;    /* per row scratch */
    uint32_t cnt[S8_MAXN];
    mi_slice_stats stats;
} s8_run;

typedef struct f8 {
    uint32_t n, B; /* columns, blocks per row */
    const uint32_t *cols;
    uint32_t *q;
} f8;

static size_t s8_compact(uint8_t *G, size_t k, uint32_t B, const uint8_t *dead)
{
    const size_t W = 16 * (size_t)B;
    size_t o = 0;
    for (size_t i = 0; i < k; i++) {
        if (dead[i])
            continue;
        if (o != i)
            vr_copy(G + o * W, G + i * W, B);
        o++;
    }
    return o;
}

/* Remove every row that a row marked 2 in dead divides; marks may gain bit 1. */
static size_t s8_reminimize(s8_run *S, uint8_t *G, size_t k, uint32_t B, uint8_t *dead)
{
    const size_t W = 16 * (size_t)B;
    int removed = 0;
    for (size_t i = 0; i < k; i++) {
        if (dead[i] != 2)
            continue;
        const uint8_t *d = G + i * W;
        for (size_t j = 0; j < k; j++) {
            if (j == i || (dead[j] & 1))
                continue;
            S->stats.div_checks++;
            if (vr_divides(d, G + j * W, B)) {
                dead[j] |= 1;
                removed = 1;
            }
        }
    }
    if (!removed)
        return k;
    for (size_t i = 0; i < k; i++)
        dead[i] &= 1;
    return s8_compact(G, k, B, dead);
}

/* G := G : l, minimised; returns 1 when it became the unit ideal. */
static int s8_colon(s8_run *S, uint8_t *G, size_t *kp, uint32_t B, const uint8_t *l)
{
    const size_t W = 16 * (size_t)B;
    size_t k = *kp;
    int any = 0;
    for (size_t i = 0; i < k; i++) {
        uint8_t *r = G + i * W;
        uint64_t before = 0, after = 0;
        for (uint32_t b = 0; b < B; b++) {
            vb x = vb_load(r + 16 * b);
            vb y = vb_subs(x, vb_load(l + 16 * b));
            vb_store(r + 16 * b, y);
            before |= (uint64_t)vb_nzmask(x) << (16 * b);
            after |= (uint64_t)vb_nzmask(y) << (16 * b);
        }
        if (after == 0)
            return 1;
        int cand = (before & ~after) != 0; /* some 0 < r_j <= l_j */
        S->dead[i] = cand ? 2 : 0;
        any |= cand;
    }
    if (any)
        *kp = s8_reminimize(S, G, k, B, S->dead);
    return 0;
}

static int s8_simplify(s8_run *S, uint8_t *G, size_t *kp, const f8 *F)
{
    const uint32_t n = F->n, B = F->B;
    const size_t W = 16 * (size_t)B;
    uint8_t *lcm = S->lcm, *lb = S->lb;
    const uint64_t all = n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    for (;;) {
        size_t k = *kp;
        if (k == 0)
            return n == 0 ? SL_OK : SL_EMPTY;
        if (n == 0)
            return SL_EMPTY;
        uint64_t lnz;
        for (;;) {
            memset(lcm, 0, W);
            for (size_t i = 0; i < k; i++)
                vr_max(lcm, G + i * W, B);
            lnz = vr_nzmask(lcm, B);
            size_t o = 0;
            for (size_t i = 0; i < k; i++) {
                const uint8_t *r = G + i * W;
                uint64_t h = vr_eqmask(r, lcm, B) & lnz;
                if (h & (h - 1))
                    continue; /* attains the lcm twice: never a label */
                if (o != i)
                    vr_copy(G + o * W, r, B);
                S->hits[o] = h;
                o++;
            }
            if (o == k)
                break;
            k = o;
            if (k == 0) {
                *kp = 0;
                return SL_EMPTY;
            }
        }
        *kp = k;
        uint64_t has = 0;
        for (size_t i = 0; i < k; i++) {
            const uint8_t *r = G + i * W;
            uint64_t ws = S->hits[i] ? S->hits[i] : vr_nzmask(r, B);
            while (ws) {
                uint32_t w = (uint32_t)__builtin_ctzll(ws);
                ws &= ws - 1;
                uint8_t *b = S->bound + (size_t)w * S8_MAXN;
                if ((has >> w) & 1) {
                    vr_min(b, r, B);
                } else {
                    vr_copy(b, r, B);
                    has |= (uint64_t)1 << w;
                }
            }
        }
        if (has != all)
            return SL_EMPTY; /* some variable has no possible label */
        memset(lb, 0, W);
        for (uint32_t w = 0; w < n; w++) {
            uint8_t *b = S->bound + (size_t)w * S8_MAXN;
            b[w]--;
            vr_max(lb, b, B);
        }
        if (vr_is_zero(lb, B))
            return SL_OK;
        for (uint32_t v = 0; v < n; v++)
            F->q[F->cols[v]] += lb[v];
        S->stats.bound_steps++;
        if (s8_colon(S, G, kp, B, lb))
            return SL_EMPTY;
    }
}

static gbc_status s8_emit(s8_run *S, const f8 *F, const uint8_t *a0, const uint8_t *a1)
{
    memcpy(S->out, F->q, sizeof(uint32_t) * S->N);
    if (a0 != NULL) {
        S->out[F->cols[0]] += *a0;
        S->out[F->cols[1]] += *a1;
    }
    S->stats.emitted++;
    return S->emit(S->data, S->out);
}

static gbc_status s8_two_var(s8_run *S, const uint8_t *G, size_t k, const f8 *F)
{
    const size_t W = 16 * (size_t)F->B;
    uint8_t *a = S->vals, *b = S->dead;
    for (size_t i = 0; i < k; i++) {
        a[i] = G[i * W];
        b[i] = G[i * W + 1];
    }
    for (size_t gap = k / 2; gap > 0; gap /= 2)
        for (size_t i = gap; i < k; i++) {
            uint8_t x = a[i], y = b[i];
            size_t j = i;
            while (j >= gap && a[j - gap] > x) {
                a[j] = a[j - gap];
                b[j] = b[j - gap];
                j -= gap;
            }
            a[j] = x;
            b[j] = y;
        }
    for (size_t i = 0; i + 1 < k; i++) {
        uint8_t c0 = (uint8_t)(a[i + 1] - 1), c1 = (uint8_t)(b[i] - 1);
        GBC_TRY(s8_emit(S, F, &c0, &c1));
    }
    return GBC_OK;
}

static uint8_t s8_select(uint8_t *a, size_t cnt, size_t kth)
{
    /* counting select: values are bytes */
    uint32_t h[256];
    memset(h, 0, sizeof h);
    for (size_t i = 0; i < cnt; i++)
        h[a[i]]++;
    size_t acc = 0;
    for (uint32_t v = 0; v < 256; v++) {
        acc += h[v];
        if (acc > kth)
            return (uint8_t)v;
    }
    return 255;
}

/* Drop the trivial variables (only generator: the variable itself) in place. */
static const uint32_t *s8_project(s8_run *S, uint8_t *G, size_t *kp, f8 *F)
{
    const uint32_t n = F->n, B = F->B;
    const size_t W = 16 * (size_t)B;
    uint32_t n2 = 0;
    uint8_t keep[S8_MAXN];
    for (uint32_t v = 0; v < n; v++) {
        keep[v] = !(S->cnt[v] == 1 && S->lcm[v] == 1);
        n2 += keep[v];
    }
    uint32_t *cols = mi_arena_alloc(&S->ar, sizeof(uint32_t) * (n2 ? n2 : 1));
    if (cols == NULL)
        return NULL;
    uint32_t B2 = n2 ? (n2 + 15) / 16 : 1;
    const size_t W2 = 16 * (size_t)B2;
    uint32_t c = 0;
    for (uint32_t v = 0; v < n; v++)
        if (keep[v]) {
            cols[c] = F->cols[v];
            S->lcm[c] = S->lcm[v];
            S->cnt[c] = S->cnt[v];
            c++;
        }
    memset(S->lcm + n2, 0, S8_MAXN - n2);
    uint8_t idx[S8_MAXN];
    c = 0;
    for (uint32_t v = 0; v < n; v++)
        if (keep[v])
            idx[c++] = (uint8_t)v;
    size_t k = *kp, o = 0;
    uint8_t *t = S->tmp;
    memset(t, 0, W2);
    for (size_t i = 0; i < k; i++) {
        const uint8_t *r = G + i * W;
        for (uint32_t j = 0; j < n2; j++)
            t[j] = r[idx[j]];
        if (vr_is_zero(t, B2))
            continue; /* one of the dropped variables */
        vr_copy(G + o * W2, t, B2);
        o++;
    }
    *kp = o;
    F->n = n2;
    F->B = B2;
    F->cols = cols;
    return cols;
}

/* G : x_v^e into D; see inner_slice. */
static size_t s8_inner(s8_run *S, const uint8_t *G, size_t k, uint32_t B, uint32_t v,
                       uint8_t e, uint8_t *D)
{
    const size_t W = 16 * (size_t)B;
    size_t nl = 0, nh = 0;
    uint8_t *cand = S->dead;
    int anycand = 0;
    for (size_t i = 0; i < k; i++) {
        const uint8_t *r = G + i * W;
        if (r[v] <= e) {
            cand[nl] = r[v] != 0 ? 2 : 0;
            anycand |= r[v] != 0;
            uint8_t *d = D + nl * W;
            vr_copy(d, r, B);
            d[v] = 0;
            nl++;
        }
    }
    if (anycand)
        nl = s8_reminimize(S, D, nl, B, cand);
    for (size_t i = 0; i < k; i++) {
        const uint8_t *r = G + i * W;
        if (r[v] > e) {
            uint8_t *d = D + (nl + nh) * W;
            vr_copy(d, r, B);
            d[v] = (uint8_t)(d[v] - e);
            nh++;
        }
    }
    return nl + nh;
}

/* Counts in S->cnt the rows of (G, k) non-zero in each of F's columns; returns
 * the number of trivial columns (in one row only, with lcm exponent 1), which
 * s8_project can drop. S->lcm must be the rows' lcm (as s8_simplify leaves it). */
static uint32_t s8_count(s8_run *S, const uint8_t *G, size_t k, const f8 *F)
{
    const uint32_t n = F->n;
    const size_t W = 16 * (size_t)F->B;
    memset(S->cnt, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < k; i++) {
        uint64_t m = vr_nzmask(G + i * W, F->B);
        while (m) {
            S->cnt[__builtin_ctzll(m)]++;
            m &= m - 1;
        }
    }
    uint32_t t = 0;
    for (uint32_t v = 0; v < n; v++)
        t += S->cnt[v] == 1 && S->lcm[v] == 1;
    return t;
}

/* The pivot x_v^e of (G, k): v the column with lcm exponent >= 2 in the most
 * rows (S->cnt from s8_count), e the median of its positive exponents, at most
 * lcm_v - 1 so that both the inner and the outer slice are smaller. Uses
 * S->vals. */
static void s8_pivot(s8_run *S, const uint8_t *G, size_t k, const f8 *F, uint32_t *vp,
                     uint8_t *ep)
{
    const size_t W = 16 * (size_t)F->B;
    uint32_t v = 0, bestc = 0;
    for (uint32_t w = 0; w < F->n; w++)
        if (S->lcm[w] >= 2 && S->cnt[w] > bestc) {
            bestc = S->cnt[w];
            v = w;
        }
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        uint8_t x = G[i * W + v];
        if (x != 0)
            S->vals[m++] = x;
    }
    uint8_t e = s8_select(S->vals, m, m / 2);
    if (e >= S->lcm[v])
        e = (uint8_t)(S->lcm[v] - 1);
    *vp = v;
    *ep = e;
}

/* Emits the content of the slice (G, k, F) through S->emit. G is the caller's
 * scratch, overwritten (simplified, projected, and replaced by each outer slice
 * in place); F.q is updated likewise. Inner slices are copies on S's arena,
 * released before returning. */
static gbc_status s8_rec(s8_run *S, uint8_t *G, size_t k, f8 F)
{
    for (;;) {
        S->stats.nodes++;
        GBC_TRY(gbc_ctx_poll(S->ctx));
        if (s8_simplify(S, G, &k, &F) == SL_EMPTY) {
            S->stats.leaves++;
            return GBC_OK;
        }
        uint32_t n = F.n;
        if (n == 0) {
            S->stats.leaves++;
            return s8_emit(S, &F, NULL, NULL);
        }
        if (k < n) {
            S->stats.leaves++;
            return GBC_OK;
        }
        size_t W = 16 * (size_t)F.B;
        int squarefree = 1;
        for (uint32_t v = 0; v < n && squarefree; v++)
            squarefree = S->lcm[v] <= 1;
        if (squarefree) {
            S->stats.leaves++;
            return s8_emit(S, &F, NULL, NULL);
        }
        uint32_t t = s8_count(S, G, k, &F);
        if (t > 0 && (n - t <= 2 || 4 * t >= n || (n > 16 && n - t <= 16))) {
            if (s8_project(S, G, &k, &F) == NULL)
                return gbc_ctx_alloc_status(S->ctx);
            n = F.n;
            W = 16 * (size_t)F.B;
        }
        if (n == 2) {
            S->stats.leaves++;
            return s8_two_var(S, G, k, &F);
        }
        S->stats.sum_k += k;
        S->stats.sum_active += n;
        uint32_t v;
        uint8_t e;
        s8_pivot(S, G, k, &F, &v, &e);
        mi_mark mark = mi_arena_mark(&S->ar);
        uint8_t *D = mi_arena_alloc(&S->ar, k * W + sizeof(uint32_t) * S->N);
        if (D == NULL)
            return gbc_ctx_alloc_status(S->ctx);
        f8 F2 = {n, F.B, F.cols, (uint32_t *)(void *)(D + k * W)};
        size_t k2 = s8_inner(S, G, k, F.B, v, e, D);
        memcpy(F2.q, F.q, sizeof(uint32_t) * S->N);
        F2.q[F.cols[v]] += e;
        gbc_status st = s8_rec(S, D, k2, F2);
        mi_arena_reset(&S->ar, mark);
        if (st != GBC_OK)
            return st;
        size_t o = 0;
        for (size_t i = 0; i < k; i++) {
            const uint8_t *r = G + i * W;
            if (r[v] > e)
                continue;
            if (o != i)
                vr_copy(G + o * W, r, F.B);
            o++;
        }
        k = o;
    }
}

gbc_status mis_msm8(gbc_ctx *ctx, const monideal *C, mi_emit_fn fn, void *data,
                         mi_slice_stats *stats)
{
    const uint32_t n = C->nvars;
    s8_run S;
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    S.N = n;
    S.emit = fn;
    S.data = data;
    mi_arena_init(&S.ar, ctx);
    gbc_status st = GBC_OK;
    const uint32_t B = n ? (n + 15) / 16 : 1;
    const size_t W = 16 * (size_t)B, k = C->n;
    GBC_CHECK(st, GBC_ALLOC(ctx, S.out, n ? n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S.hits, k + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S.vals, k + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S.dead, k + 1), done);
    S.lcm = mi_arena_alloc(&S.ar, 3 * S8_MAXN + (size_t)S8_MAXN * S8_MAXN);
    uint8_t *G = mi_arena_alloc(&S.ar, k * W + 2 * sizeof(uint32_t) * (n ? n : 1));
    if (S.lcm == NULL || G == NULL) {
        st = gbc_ctx_alloc_status(ctx);
        goto done;
    }
    S.lb = S.lcm + S8_MAXN;
    S.tmp = S.lb + S8_MAXN;
    S.bound = S.tmp + S8_MAXN;
    memset(S.lcm, 0, 3 * S8_MAXN);
    memset(G, 0, k * W);
    for (size_t i = 0; i < k; i++)
        for (uint32_t v = 0; v < n; v++)
            G[i * W + v] = (uint8_t)mi_row(C, i)[v];
    uint32_t *q = (uint32_t *)(void *)(G + k * W), *cols = q + (n ? n : 1);
    memset(q, 0, sizeof(uint32_t) * (n ? n : 1));
    for (uint32_t v = 0; v < n; v++)
        cols[v] = v;
    f8 F = {n, B, cols, q};
    st = s8_rec(&S, G, k, F);
done:
    if (stats != NULL)
        *stats = S.stats;
    mi_arena_clear(&S.ar);
    gbc_free(ctx, S.out);
    gbc_free(ctx, S.hits);
    gbc_free(ctx, S.vals);
    gbc_free(ctx, S.dead);
    return st;
}

int mis_fits8(const monideal *C)
{
    if (C->nvars > S8_MAXN)
        return 0;
    for (size_t i = 0; i < C->n * (size_t)C->nvars; i++)
        if (C->e[i] > 255)
            return 0;
    return 1;
}
