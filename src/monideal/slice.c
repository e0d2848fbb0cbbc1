/* monideal/slice: the maximal standard monomials of a monomial ideal by the slice
 * algorithm (B. H. Roune, "The slice algorithm for irreducible decomposition of
 * monomial ideals", J. Symbolic Comput. 44 (2009)). A slice (I, S, q) has content
 * { q*m : m in msm(I), m not in S }. We split only on pure powers p = x_v^e, for
 * which the outer slice (I, S + <p>, q) normalises to (I minus the generators with
 * exponent > e in v, S, q): S then stays empty throughout and is not represented.
 * The inner slice is (I : p, q*p).
 *
 * Simplification (Roune section 5): a generator that attains the lcm in two or
 * more variables cannot be a label and is dropped; every msm is divisible by the
 * lower bound gcd{g / x_i : g a possible x_i-label}, so the slice is replaced by
 * its colon by the lcm of these bounds until they become 1. Base cases: fewer
 * generators than variables (empty), a squarefree lcm (the ideal is then
 * <x_1, ..., x_n> and the content {q}), two variables (the corners of the
 * staircase). Pivots: the variable in the most generators, exponent the median
 * of its positive exponents (Roune's "median" strategy).
 *
 * The recursion runs on a stack arena; the outer slice reuses its parent's
 * storage (a loop instead of a tail call), the inner slice is a copy. This file
 * holds the uint32 kernel and the entry points; slice8.c the byte kernel. */
#include "monideal/slice_int.h"

typedef struct slice_run {
    gbc_ctx *ctx;
    uint32_t N;       /* variables of the input; slices may project to fewer */
    mi_arena ar;
    mi_emit_fn emit;
    void *data;
    uint32_t *out;    /* N: the monomial being emitted */
    uint32_t *lcm;    /* N */
    uint32_t *bound;  /* N * N: per variable lower bounds */
    uint8_t *has;     /* N: whether bound[i] is set */
    uint32_t *lb;     /* N: the combined lower bound; also counters */
    uint32_t *vals;   /* scratch for medians */
    size_t valcap;
    uint8_t *dead;    /* scratch flags */
    size_t deadcap;
    mi_slice_stats stats;
} slice_run;

/* A slice's variables: its rows have n columns, column c standing for input
 * variable cols[c]; q (N entries) is in input variables. */
typedef struct frame {
    uint32_t n;
    const uint32_t *cols;
    uint32_t *q;
} frame;


static void row_lcm(const uint32_t *G, size_t k, uint32_t n, uint32_t *lcm)
{
    memset(lcm, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        for (uint32_t v = 0; v < n; v++)
            lcm[v] = r[v] > lcm[v] ? r[v] : lcm[v];
    }
}

static int divides(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    for (uint32_t v = 0; v < n; v++)
        if (a[v] > b[v])
            return 0;
    return 1;
}

static void copy_row(uint32_t *dst, const uint32_t *src, uint32_t n)
{
    for (uint32_t v = 0; v < n; v++)
        dst[v] = src[v];
}

static gbc_status grow_scratch(slice_run *S, size_t k)
{
    if (k > S->valcap) {
        GBC_TRY(GBC_GROW(S->ctx, S->vals, S->valcap, k));
    }
    if (k > S->deadcap) {
        GBC_TRY(GBC_GROW(S->ctx, S->dead, S->deadcap, k));
    }
    return GBC_OK;
}

/* Remove the rows marked in dead, keeping order; returns the new count. */
static size_t compact(uint32_t *G, size_t k, uint32_t n, const uint8_t *dead)
{
    size_t o = 0;
    for (size_t i = 0; i < k; i++) {
        if (dead[i])
            continue;
        if (o != i)
            copy_row(G + o * n, G + i * n, n);
        o++;
    }
    return o;
}

/* G := G : l (l not 1), then remove the rows that became non-minimal. Only a row
 * d with some 0 < d_j <= l_j can newly divide another. Returns 1 if the ideal
 * became the unit ideal. */
static int colon_reminimize(slice_run *S, uint32_t *G, size_t *kp, uint32_t n,
                            const uint32_t *l)
{
    size_t k = *kp;
    uint8_t *dead = S->dead;
    int any = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t *r = G + i * n;
        int cand = 0, zero = 1;
        for (uint32_t v = 0; v < n; v++) {
            uint32_t x = r[v];
            if (x > l[v]) {
                r[v] = x - l[v];
                zero = 0;
            } else {
                cand |= x != 0;
                r[v] = 0;
            }
        }
        if (zero)
            return 1;
        dead[i] = cand ? 2 : 0;
        any |= cand;
    }
    if (any) {
        int removed = 0;
        for (size_t i = 0; i < k; i++) {
            if (dead[i] != 2)
                continue;
            const uint32_t *d = G + i * n;
            for (size_t j = 0; j < k; j++) {
                if (j == i || (dead[j] & 1))
                    continue;
                S->stats.div_checks++;
                if (divides(d, G + j * n, n)) {
                    dead[j] |= 1;
                    removed = 1;
                }
            }
        }
        if (removed) {
            for (size_t i = 0; i < k; i++)
                dead[i] &= 1;
            k = compact(G, k, n, dead);
        }
    }
    *kp = k;
    return 0;
}

/* Simplify the slice (G, k) in place. Returns SL_EMPTY when its content is empty;
 * otherwise S->lcm holds the lcm of the simplified G. */
static int simplify(slice_run *S, uint32_t *G, size_t *kp, const frame *F)
{
    const uint32_t n = F->n;
    uint32_t *lcm = S->lcm, *bound = S->bound, *lb = S->lb;
    uint8_t *has = S->has;
    for (;;) {
        size_t k = *kp;
        if (k == 0)
            return n == 0 ? SL_OK : SL_EMPTY;
        if (n == 0)
            return SL_EMPTY; /* the unit ideal */
        /* drop generators attaining the lcm in two or more variables */
        for (;;) {
            row_lcm(G, k, n, lcm);
            size_t o = 0;
            for (size_t i = 0; i < k; i++) {
                const uint32_t *r = G + i * n;
                int hits = 0;
                for (uint32_t v = 0; v < n; v++)
                    hits += r[v] == lcm[v] && r[v] != 0;
                if (hits >= 2)
                    continue;
                if (o != i)
                    copy_row(G + o * n, r, n);
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
        /* lower bounds */
        memset(has, 0, n);
        for (size_t i = 0; i < k; i++) {
            const uint32_t *r = G + i * n;
            uint32_t hit = UINT32_MAX;
            for (uint32_t v = 0; v < n; v++)
                if (r[v] == lcm[v] && r[v] != 0) {
                    hit = v;
                    break;
                }
            for (uint32_t w = (hit == UINT32_MAX ? 0 : hit); w < n; w++) {
                if (r[w] == 0)
                    continue;
                uint32_t *b = bound + (size_t)w * n;
                if (!has[w]) {
                    copy_row(b, r, n);
                    has[w] = 1;
                } else {
                    for (uint32_t v = 0; v < n; v++)
                        b[v] = r[v] < b[v] ? r[v] : b[v];
                }
                if (hit != UINT32_MAX)
                    break;
            }
        }
        int nonzero = 0;
        memset(lb, 0, sizeof(uint32_t) * n);
        for (uint32_t w = 0; w < n; w++) {
            if (!has[w])
                return SL_EMPTY; /* no possible x_w-label */
            const uint32_t *b = bound + (size_t)w * n;
            for (uint32_t v = 0; v < n; v++) {
                uint32_t x = v == w ? b[v] - 1 : b[v];
                if (x > lb[v]) {
                    lb[v] = x;
                    nonzero = 1;
                }
            }
        }
        if (!nonzero)
            return SL_OK;
        for (uint32_t v = 0; v < n; v++)
            F->q[F->cols[v]] += lb[v];
        S->stats.bound_steps++;
        if (colon_reminimize(S, G, kp, n, lb))
            return SL_EMPTY;
    }
}

/* Emit q + a (a in the frame's columns; NULL for 0). */
static gbc_status emit(slice_run *S, const frame *F, const uint32_t *a)
{
    memcpy(S->out, F->q, sizeof(uint32_t) * S->N);
    if (a != NULL)
        for (uint32_t c = 0; c < F->n; c++)
            S->out[F->cols[c]] += a[c];
    S->stats.emitted++;
    return S->emit(S->data, S->out);
}

/* Two variables: the corners of the staircase. */
static gbc_status two_var_base(slice_run *S, uint32_t *G, size_t k, const frame *F)
{
    for (size_t gap = k / 2; gap > 0; gap /= 2)
        for (size_t i = gap; i < k; i++) {
            uint32_t a = G[2 * i], b = G[2 * i + 1];
            size_t j = i;
            while (j >= gap && G[2 * (j - gap)] > a) {
                G[2 * j] = G[2 * (j - gap)];
                G[2 * j + 1] = G[2 * (j - gap) + 1];
                j -= gap;
            }
            G[2 * j] = a;
            G[2 * j + 1] = b;
        }
    uint32_t c[2];
    for (size_t i = 0; i + 1 < k; i++) {
        c[0] = G[2 * (i + 1)] - 1;
        c[1] = G[2 * i + 1] - 1;
        GBC_TRY(emit(S, F, c));
    }
    return GBC_OK;
}

/* The median pivot: the variable (lcm exponent >= 2) dividing the most generators;
 * the median of its positive exponents, kept below the lcm exponent. cnt holds
 * the number of generators each variable divides. */
static void choose_pivot(slice_run *S, const uint32_t *G, size_t k, uint32_t n,
                         const uint32_t *cnt, uint32_t *pv, uint32_t *pe)
{
    const uint32_t *lcm = S->lcm;
    uint32_t best = 0, bestc = 0;
    for (uint32_t v = 0; v < n; v++)
        if (lcm[v] >= 2 && cnt[v] > bestc) {
            bestc = cnt[v];
            best = v;
        }
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t x = G[i * n + best];
        if (x != 0)
            S->vals[m++] = x;
    }
    uint32_t e = mi_select_kth(S->vals, m, m / 2);
    if (e >= lcm[best])
        e = lcm[best] - 1;
    *pv = best;
    *pe = e;
}

/* Build the inner slice G : x_v^e into D (room for k rows); returns its size. Only
 * rows with 0 < r_v <= e change (r_v becomes 0); they can newly divide rows with
 * r_v <= e, nothing else. */
static size_t inner_slice(slice_run *S, const uint32_t *G, size_t k, uint32_t n, uint32_t v,
                          uint32_t e, uint32_t *D)
{
    size_t nl = 0, nh = 0;
    uint8_t *cand = S->dead;
    int anycand = 0;
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        if (r[v] <= e) {
            cand[nl] = r[v] != 0 ? 2 : 0;
            anycand |= r[v] != 0;
            copy_row(D + nl * n, r, n);
            D[nl * n + v] = 0;
            nl++;
        }
    }
    int any = 0;
    if (anycand) {
        for (size_t i = 0; i < nl; i++) {
            if (cand[i] != 2)
                continue;
            const uint32_t *d = D + i * n;
            for (size_t j = 0; j < nl; j++) {
                if (j == i || (cand[j] & 1))
                    continue;
                S->stats.div_checks++;
                if (divides(d, D + j * n, n)) {
                    cand[j] |= 1;
                    any = 1;
                }
            }
        }
    }
    if (any) {
        for (size_t i = 0; i < nl; i++)
            cand[i] &= 1;
        nl = compact(D, nl, n, cand);
    }
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        if (r[v] > e) {
            uint32_t *o = D + (nl + nh) * n;
            copy_row(o, r, n);
            o[v] -= e;
            nh++;
        }
    }
    return nl + nh;
}

/* Drop the variables whose only generator is the variable itself (their msm
 * exponent is 0): rows and columns, in place. cnt[v] counts the generators
 * divisible by x_v. Returns the new column map (arena) or NULL on failure; *kp and
 * F->n are updated. */
static const uint32_t *project(slice_run *S, uint32_t *G, size_t *kp, frame *F,
                               const uint32_t *cnt, uint32_t t)
{
    const uint32_t n = F->n, n2 = n - t;
    uint32_t *cols = mi_arena_alloc(&S->ar, sizeof(uint32_t) * (n2 ? n2 : 1));
    if (cols == NULL)
        return NULL;
    uint8_t *keep = S->has; /* free until the next simplify */
    uint32_t c = 0;
    for (uint32_t v = 0; v < n; v++) {
        keep[v] = !(cnt[v] == 1 && S->lcm[v] == 1);
        if (keep[v]) {
            cols[c] = F->cols[v];
            S->lcm[c] = S->lcm[v];
            c++;
        }
    }
    size_t k = *kp, o = 0;
    for (size_t i = 0; i < k; i++) {
        const uint32_t *r = G + i * n;
        uint32_t *w = G + o * n2;
        int any = 0;
        c = 0;
        for (uint32_t v = 0; v < n; v++) {
            if (!keep[v])
                continue;
            any |= r[v] != 0;
            w[c++] = r[v];
        }
        if (any)
            o++; /* a row with no kept variable is one of the dropped x_v */
    }
    *kp = o;
    F->n = n2;
    F->cols = cols;
    return cols;
}

static gbc_status slice_rec(slice_run *S, uint32_t *G, size_t k, frame F)
{
    for (;;) {
        S->stats.nodes++;
        GBC_TRY(gbc_ctx_poll(S->ctx));
        if (simplify(S, G, &k, &F) == SL_EMPTY) {
            S->stats.leaves++;
            return GBC_OK;
        }
        uint32_t n = F.n;
        if (n == 0) { /* the zero ideal of the field: msm = {1} */
            S->stats.leaves++;
            return emit(S, &F, NULL);
        }
        if (k < n) {
            S->stats.leaves++;
            return GBC_OK;
        }
        int squarefree = 1;
        for (uint32_t v = 0; v < n && squarefree; v++)
            squarefree = S->lcm[v] <= 1;
        if (squarefree) {
            /* simplified with a squarefree lcm: the rows are the variables */
            S->stats.leaves++;
            return emit(S, &F, NULL);
        }
        uint32_t *cnt = S->lb;
        memset(cnt, 0, sizeof(uint32_t) * n);
        for (size_t i = 0; i < k; i++) {
            const uint32_t *r = G + i * n;
            for (uint32_t v = 0; v < n; v++)
                cnt[v] += r[v] != 0;
        }
        uint32_t t = 0;
        for (uint32_t v = 0; v < n; v++)
            t += cnt[v] == 1 && S->lcm[v] == 1;
        if (t > 0) {
            if (project(S, G, &k, &F, cnt, t) == NULL)
                return gbc_ctx_alloc_status(S->ctx);
            n = F.n;
            /* recount on the kept columns */
            memset(cnt, 0, sizeof(uint32_t) * n);
            for (size_t i = 0; i < k; i++) {
                const uint32_t *r = G + i * n;
                for (uint32_t v = 0; v < n; v++)
                    cnt[v] += r[v] != 0;
            }
        }
        if (n == 2) {
            S->stats.leaves++;
            return two_var_base(S, G, k, &F);
        }
        S->stats.sum_k += k;
        S->stats.sum_active += n;
        uint32_t v, e;
        choose_pivot(S, G, k, n, cnt, &v, &e);
        mi_mark mark = mi_arena_mark(&S->ar);
        uint32_t *D = mi_arena_alloc(&S->ar, sizeof(uint32_t) * (k * (size_t)n + S->N));
        if (D == NULL)
            return gbc_ctx_alloc_status(S->ctx);
        frame F2 = {n, F.cols, D + k * (size_t)n};
        size_t k2 = inner_slice(S, G, k, n, v, e, D);
        memcpy(F2.q, F.q, sizeof(uint32_t) * S->N);
        F2.q[F.cols[v]] += e;
        gbc_status st = slice_rec(S, D, k2, F2);
        mi_arena_reset(&S->ar, mark);
        if (st != GBC_OK)
            return st;
        /* outer slice: drop the rows with exponent > e in v */
        size_t o = 0;
        for (size_t i = 0; i < k; i++) {
            const uint32_t *r = G + i * n;
            if (r[v] > e)
                continue;
            if (o != i)
                copy_row(G + o * n, r, n);
            o++;
        }
        k = o;
    }
}

/* Run the slice algorithm on the minimal generating set C (exponents of any size;
 * small ranks are fastest). */
static gbc_status slice_msm(gbc_ctx *ctx, const monideal *C, mi_emit_fn fn, void *data,
                            mi_slice_stats *stats)
{
    const uint32_t n = C->nvars;
    slice_run S;
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    S.N = n;
    S.emit = fn;
    S.data = data;
    mi_arena_init(&S.ar, ctx);
    size_t w = n ? n : 1;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ALLOC(ctx, S.out, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S.lcm, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S.lb, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S.has, w), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, S.bound, w * w), done);
    GBC_CHECK(st, grow_scratch(&S, C->n + 1), done);
    uint32_t *G = mi_arena_alloc(&S.ar, sizeof(uint32_t) * (C->n * (size_t)n + 2 * w));
    if (G == NULL) {
        st = gbc_ctx_alloc_status(ctx);
        goto done;
    }
    if (C->n > 0 && n > 0)
        memcpy(G, C->e, sizeof(uint32_t) * C->n * n);
    uint32_t *q = G + C->n * (size_t)n, *cols = q + w;
    memset(q, 0, sizeof(uint32_t) * w);
    for (uint32_t v = 0; v < n; v++)
        cols[v] = v;
    frame F = {n, cols, q};
    st = slice_rec(&S, G, C->n, F);
done:
    if (stats != NULL)
        *stats = S.stats;
    mi_arena_clear(&S.ar);
    gbc_free(ctx, S.out);
    gbc_free(ctx, S.lcm);
    gbc_free(ctx, S.lb);
    gbc_free(ctx, S.has);
    gbc_free(ctx, S.bound);
    gbc_free(ctx, S.vals);
    gbc_free(ctx, S.dead);
    return st;
}

/* Translation of rank-space msm back to exponents: m_j = val_j[m_j + 1] - 1. */
typedef struct msm_tr {
    const mi_ranks *R;
    uint32_t *buf;
    mi_emit_fn fn;
    void *data;
} msm_tr;

static gbc_status msm_translate(void *data, const uint32_t *m)
{
    msm_tr *t = data;
    for (uint32_t v = 0; v < t->R->nvars; v++)
        t->buf[v] = t->R->val[v][m[v] + 1] - 1;
    return t->fn(t->data, t->buf);
}

gbc_status mi_msm_ranked(gbc_ctx *ctx, const monideal *C, mi_emit_fn fn, void *data,
                         mi_slice_stats *stats)
{
    if (mis_fits8(C))
        return mis_msm8(ctx, C, fn, data, stats);
    return slice_msm(ctx, C, fn, data, stats);
}

gbc_status mi_msm_stats(gbc_ctx *ctx, const monideal *I, mi_emit_fn fn, void *data,
                        mi_slice_stats *stats)
{
    const uint32_t n = I->nvars;
    monideal M, C;
    mi_init(&M, n);
    mi_init(&C, n);
    mi_ranks R;
    memset(&R, 0, sizeof R);
    uint32_t *buf = NULL;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, mi_copy(ctx, &M, I), done);
    GBC_CHECK(st, mi_minimize(ctx, &M), done);
    GBC_CHECK(st, mi_ranks_compress(ctx, &R, &C, &M), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, buf, n ? n : 1), done);
    msm_tr t = {&R, buf, fn, data};
    st = mi_msm_ranked(ctx, &C, msm_translate, &t, stats);
done:
    gbc_free(ctx, buf);
    mi_ranks_clear(ctx, &R);
    mi_clear(ctx, &M);
    mi_clear(ctx, &C);
    return st;
}

gbc_status mi_msm(gbc_ctx *ctx, const monideal *I, mi_emit_fn fn, void *data)
{
    return mi_msm_stats(ctx, I, fn, data, NULL);
}
