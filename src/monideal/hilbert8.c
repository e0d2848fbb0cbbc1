/* monideal/hilbert8: Bigatti's pivot recursion (hilbert.c states the method) on
 * rank-compressed rows of bytes in 16-byte blocks (vrow.h): the fast kernel, for
 * ideals in at most 64 variables with fewer than 256 distinct exponents per
 * variable. Terms leave as byte rows; the accumulator maps them back. */
#include <stdlib.h>

#include "monideal/hilbert_int.h"

typedef struct hb8 {
    gbc_ctx *ctx;
    acc *A;
    uint32_t n, B;
    size_t W;
    mi_arena ar;
    uint8_t *tmp, *g, *lcm; /* W bytes each */
    uint8_t *stack;         /* (depth + 1) rows for the subset enumeration */
    size_t stackrows;
    uint8_t *vals, *flags;  /* per row */
    uint32_t cnt[S8N];
    uint64_t nodes;
    /* the Scarf base case: on unless disabled; (n + 1) lcm rows and
     * (n + 1) x (n + 1) ownership masks for the face enumeration, allocated on
     * first use; a 256-bit set of values per column for the genericity test */
    int scarf_on;
    uint8_t *sL;
    uint64_t *sown;
    uint64_t seen[4 * S8N];
    uint64_t scarf, faces;
} hb8;

static gbc_status h8_add(hb8 *H, const uint8_t *e, int64_t c)
{
    return mih_acc_add_u8(H->A, e, c);
}

/* add c * x^(q + a) */
static gbc_status h8_add_sum(hb8 *H, const uint8_t *q, const uint8_t *a, int64_t c)
{
    vr_add(H->tmp, q, a, H->B);
    return mih_acc_add_u8(H->A, H->tmp, c);
}

static gbc_status h8_subsets_rec(hb8 *H, const uint8_t *QG, size_t k, size_t i,
                                 const uint8_t *cur, int neg)
{
    if (i == k)
        return h8_add(H, cur, neg ? -1 : 1);
    GBC_TRY(h8_subsets_rec(H, QG, k, i + 1, cur, neg));
    uint8_t *nxt = H->stack + (i + 1) * H->W;
    vr_copy(nxt, cur, H->B);
    vr_max(nxt, QG + i * H->W, H->B);
    return h8_subsets_rec(H, QG, k, i + 1, nxt, !neg);
}

/* sum over subsets T of (-1)^|T| x^(q + lcm T); rows are turned into q + row */
static gbc_status h8_all_subsets(hb8 *H, uint8_t *G, size_t k, const uint8_t *q)
{
    if (k + 1 > H->stackrows) {
        size_t rows = H->stackrows * H->W;
        GBC_TRY(GBC_GROW(H->ctx, H->stack, rows, (k + 1) * H->W));
        H->stackrows = rows / H->W;
    }
    for (size_t i = 0; i < k; i++)
        vr_add(G + i * H->W, G + i * H->W, q, H->B);
    vr_copy(H->stack, q, H->B);
    return h8_subsets_rec(H, G, k, 0, H->stack, 0);
}

/* Whether every row attains the lcm alone in some column. */
static int h8_taylor(hb8 *H, const uint8_t *G, size_t k)
{
    const size_t W = H->W;
    memset(H->lcm, 0, W);
    for (size_t i = 0; i < k; i++)
        vr_max(H->lcm, G + i * W, H->B);
    uint64_t lnz = vr_nzmask(H->lcm, H->B), once = 0, twice = 0;
    for (size_t i = 0; i < k; i++) {
        uint64_t h = vr_eqmask(G + i * W, H->lcm, H->B) & lnz;
        twice |= once & h;
        once |= h;
    }
    uint64_t unique = once & ~twice;
    for (size_t i = 0; i < k; i++)
        if ((vr_eqmask(G + i * W, H->lcm, H->B) & unique) == 0)
            return 0;
    return 1;
}

static uint8_t h8_select(const uint8_t *a, size_t cnt, size_t kth)
{
    uint32_t h[256];
    memset(h, 0, sizeof h);
    for (size_t i = 0; i < cnt; i++)
        h[a[i]]++;
    size_t acc_ = 0;
    for (uint32_t v = 0; v < 256; v++) {
        acc_ += h[v];
        if (acc_ > kth)
            return (uint8_t)v;
    }
    return 255;
}

/* Whether no column is non-zero in two of the k rows. */
static int h8_disjoint(hb8 *H, const uint8_t *G, size_t k)
{
    uint64_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        uint64_t m = vr_nzmask(G + i * H->W, H->B);
        if (m & seen)
            return 0;
        seen |= m;
    }
    return 1;
}

static uint64_t h8_degree(const hb8 *H, const uint8_t *q, const uint8_t *a)
{
    uint64_t d = 0;
    for (uint32_t v = 0; v < H->n; v++)
        d += H->A->R->val[v][q[v] + (a ? a[v] : 0)];
    return d;
}

/* As hb_uni_product on byte rows: each variable is touched by at most one row,
 * so deg(q + lcm T) = deg q + sum over T of (deg(q + row) - deg q). */
static gbc_status h8_uni_product(hb8 *H, const uint8_t *G, size_t k, const uint8_t *q)
{
    mi_mark mark = mi_arena_mark(&H->ar);
    uint64_t *d = mi_arena_alloc(&H->ar, sizeof(uint64_t) * k);
    if (d == NULL)
        return gbc_ctx_alloc_status(H->ctx);
    uint64_t dq = h8_degree(H, q, NULL);
    for (size_t i = 0; i < k; i++)
        d[i] = h8_degree(H, q, G + i * H->W) - dq;
    gbc_status st = mih_acc_uni_product(H->A, dq, d, k);
    mi_arena_reset(&H->ar, mark);
    return st;
}

/* The pivot for the k >= 3 rows of G into p (W bytes): the variable in the most
 * rows, the lower median of its positive exponents, widened to the gcd of the
 * rows whose exponent in it reaches the median (at least two rows are multiples
 * of p, so the outer ideal I + <p> has fewer generators). Uses H->cnt, H->vals. */
static void h8_pivot(hb8 *H, const uint8_t *G, size_t k, uint8_t *p)
{
    const uint32_t n = H->n, B = H->B;
    const size_t W = H->W;
    memset(H->cnt, 0, sizeof(uint32_t) * n);
    for (size_t i = 0; i < k; i++) {
        uint64_t m = vr_nzmask(G + i * W, B);
        while (m) {
            H->cnt[__builtin_ctzll(m)]++;
            m &= m - 1;
        }
    }
    uint32_t v = 0;
    for (uint32_t w = 1; w < n; w++)
        if (H->cnt[w] > H->cnt[v])
            v = w;
    size_t m = 0;
    for (size_t i = 0; i < k; i++)
        if (G[i * W + v] != 0)
            H->vals[m++] = G[i * W + v];
    GBC_ASSERT(m >= 2);
    uint8_t e = h8_select(H->vals, m, (m - 1) / 2);
    memset(p, 0xff, W);
    for (size_t i = 0; i < k; i++)
        if (G[i * W + v] >= e)
            vr_min(p, G + i * W, B);
}

/* D := G : p, minimised, in D's first rows (k of them allocated); returns how
 * many. Only rows with a coordinate 0 < r_j <= p_j can newly divide another, so
 * the quadratic minimisation runs from those alone. Uses H->flags. */
static size_t h8_colon(hb8 *H, const uint8_t *G, size_t k, const uint8_t *p, uint8_t *D)
{
    const uint32_t B = H->B;
    const size_t W = H->W;
    int any = 0;
    for (size_t i = 0; i < k; i++) {
        const uint8_t *r = G + i * W;
        uint8_t *d = D + i * W;
        vr_subs(d, r, p, B);
        int c = (vr_nzmask(r, B) & ~vr_nzmask(d, B)) != 0;
        H->flags[i] = c ? 2 : 0;
        any |= c;
    }
    if (!any)
        return k;
    int removed = 0;
    for (size_t i = 0; i < k; i++) {
        if (H->flags[i] != 2)
            continue;
        const uint8_t *d = D + i * W;
        for (size_t j = 0; j < k; j++) {
            if (j == i || (H->flags[j] & 1))
                continue;
            if (vr_divides(d, D + j * W, B)) {
                H->flags[j] |= 1;
                removed = 1;
            }
        }
    }
    if (!removed)
        return k;
    size_t o = 0;
    for (size_t i = 0; i < k; i++) {
        if (H->flags[i] & 1)
            continue;
        if (o != i)
            vr_copy(D + o * W, D + i * W, B);
        o++;
    }
    return o;
}

/* N(I) for two rows: 1 - x^a - x^b + x^lcm(a, b), shifted by q. Uses H->g. */
static gbc_status h8_two_rows(hb8 *H, const uint8_t *G, const uint8_t *q)
{
    uint8_t *g = H->g;
    GBC_TRY(h8_add(H, q, 1));
    GBC_TRY(h8_add_sum(H, q, G, -1));
    GBC_TRY(h8_add_sum(H, q, G + H->W, -1));
    vr_copy(g, G, H->B);
    vr_max(g, G + H->W, H->B);
    return h8_add_sum(H, q, g, 1);
}

/* ---- the Scarf base case ----
 * When no two rows share a non-zero value in any column (I strongly generic)
 * the Scarf complex of I is a minimal free resolution of R/I (D. Bayer, I. Peeva,
 * B. Sturmfels, "Monomial resolutions", Math. Res. Lett. 5 (1998), Thm. 3.2), so
 * N(I) = sum over its faces F of (-1)^|F| x^lcm(F), each term distinct. F is a
 * face when no other subset has the same lcm, that is when (a) no row outside F
 * divides lcm(F) (else adding it keeps the lcm) and (b) every member of F attains
 * lcm(F) alone in some column (else removing it keeps the lcm); conversely a
 * subset G != F with lcm G = lcm F has a member outside F, against (a), or is
 * inside F and misses a member, against (b). The faces form a simplicial complex,
 * so a depth-first search that adds rows in index order and prunes non-faces
 * meets every face once. A face has at most n members (each owns a column). A
 * column is owned by the member strictly above the others there: in a generic
 * ideal the non-zero maximum of a column is attained once. */

/* Whether the k rows of G are strongly generic. Uses H->seen. */
static int h8_generic(hb8 *H, const uint8_t *G, size_t k)
{
    memset(H->seen, 0, sizeof(uint64_t) * 4 * H->n);
    for (size_t i = 0; i < k; i++) {
        const uint8_t *r = G + i * H->W;
        uint64_t m = vr_nzmask(r, H->B);
        while (m) {
            uint32_t v = (uint32_t)__builtin_ctzll(m);
            m &= m - 1;
            uint64_t *w = &H->seen[4 * v + (r[v] >> 6)], bit = (uint64_t)1 << (r[v] & 63);
            if (*w & bit)
                return 0;
            *w |= bit;
        }
    }
    return 1;
}

/* Emits the face at depth d (lcm H->sL row d, its members' owned columns
 * H->sown row d, members flagged in H->flags) and the faces that extend it by
 * rows from index `from` on. */
static gbc_status h8_scarf_rec(hb8 *H, const uint8_t *G, size_t k, const uint8_t *q,
                               size_t d, size_t from)
{
    const uint32_t B = H->B, n = H->n;
    const size_t W = H->W;
    const uint64_t cols = n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    const uint8_t *L = H->sL + d * W;
    H->faces++;
    GBC_TRY(gbc_ctx_poll(H->ctx));
    GBC_TRY(h8_add_sum(H, q, L, (d & 1) ? -1 : 1));
    if (d == n)
        return GBC_OK;
    uint8_t *L2 = H->sL + (d + 1) * W;
    const uint64_t *own = H->sown + d * (n + 1);
    uint64_t *own2 = H->sown + (d + 1) * (n + 1);
    for (size_t g = from; g < k; g++) {
        const uint8_t *r = G + g * W;
        vr_copy(L2, L, B);
        vr_max(L2, r, B);
        /* the columns g takes over; never empty, as F satisfies (a) */
        uint64_t S = ~vr_eqmask(L2, L, B) & cols;
        size_t j = 0;
        while (j < d && (own2[j] = own[j] & ~S) != 0)
            j++;
        if (j < d)
            continue; /* (b) fails for member j */
        own2[d] = S;
        H->flags[g] = 1;
        size_t h = 0;
        while (h < k && (H->flags[h] || !vr_divides(G + h * W, L2, B)))
            h++;
        gbc_status st = h == k ? h8_scarf_rec(H, G, k, q, d + 1, g + 1) : GBC_OK;
        H->flags[g] = 0;
        GBC_TRY(st);
    }
    return GBC_OK;
}

/* Whether the Scarf base case is worth taking on the generic rows of G (shifted
 * by q). The multigraded numerator always: each face is a term of N(I), which
 * the pivot recursion adds at least once too. The univariate one only when the
 * degree span of the lcm is at least SCARF_UNI_MIN_SPAN: the faces can be
 * exponentially many more than the degrees (small exponents in few variables),
 * and then the recursion, whose terms collide by degree, is far cheaper. Uses
 * H->lcm. */
static int h8_scarf_pays(hb8 *H, const uint8_t *G, size_t k, const uint8_t *q)
{
    if (!H->A->uni)
        return 1;
    memset(H->lcm, 0, H->W);
    for (size_t i = 0; i < k; i++)
        vr_max(H->lcm, G + i * H->W, H->B);
    return h8_degree(H, q, H->lcm) - h8_degree(H, q, NULL) >= SCARF_UNI_MIN_SPAN;
}

/* Adds x^q N(I) for the strongly generic minimal ideal I of the k rows of G by
 * its Scarf complex. Uses H->flags. */
static gbc_status h8_scarf(hb8 *H, const uint8_t *G, size_t k, const uint8_t *q)
{
    const size_t n = H->n;
    if (H->sL == NULL) {
        GBC_TRY(GBC_ALLOC(H->ctx, H->sL, (n + 1) * H->W));
        GBC_TRY(GBC_ALLOC(H->ctx, H->sown, (n + 1) * (n + 1)));
    }
    H->scarf++;
    memset(H->sL, 0, H->W);
    memset(H->flags, 0, k);
    return h8_scarf_rec(H, G, k, q, 0, 0);
}

/* Adds x^q N(I) for the ideal I of the k rows of G to the accumulator. G and q
 * are the caller's scratch: both are overwritten (the gcd is split off into q, the
 * outer ideal of each pivot step replaces G in place, which holds room for k
 * rows). Inner ideals are copies on H's arena, released before returning. */
static gbc_status h8_rec(hb8 *H, uint8_t *G, size_t k, uint8_t *q)
{
    const uint32_t n = H->n, B = H->B;
    const size_t W = H->W;
    for (;;) {
        H->nodes++;
        GBC_TRY(gbc_ctx_poll(H->ctx));
        if (k == 0)
            return h8_add(H, q, 1);
        if (k == 1) {
            GBC_TRY(h8_add(H, q, 1));
            return h8_add_sum(H, q, G, -1);
        }
        /* split off the gcd: N(g J) = 1 - x^g + x^g N(J) */
        uint8_t *g = H->g;
        vr_copy(g, G, B);
        for (size_t i = 1; i < k; i++)
            vr_min(g, G + i * W, B);
        if (!vr_is_zero(g, B)) {
            GBC_TRY(h8_add(H, q, 1));
            GBC_TRY(h8_add_sum(H, q, g, -1));
            for (size_t i = 0; i < k; i++)
                vr_subs(G + i * W, G + i * W, g, B);
            vr_add(q, q, g, B);
        }
        if (k == 2)
            return h8_two_rows(H, G, q);
        if (k <= n && h8_taylor(H, G, k)) {
            if (!H->A->uni || k <= TAYLOR_MAX_ENUM)
                return h8_all_subsets(H, G, k, q);
            if (h8_disjoint(H, G, k))
                return h8_uni_product(H, G, k, q);
        }
        if (H->scarf_on && k >= SCARF_MIN_ROWS && h8_generic(H, G, k) &&
            h8_scarf_pays(H, G, k, q))
            return h8_scarf(H, G, k, q);
        mi_mark mark = mi_arena_mark(&H->ar);
        uint8_t *D = mi_arena_alloc(&H->ar, (k + 2) * W);
        if (D == NULL)
            return gbc_ctx_alloc_status(H->ctx);
        uint8_t *q2 = D + k * W, *p = q2 + W;
        h8_pivot(H, G, k, p);
        size_t k2 = h8_colon(H, G, k, p, D);
        vr_add(q2, q, p, B);
        gbc_status st = h8_rec(H, D, k2, q2);
        if (st != GBC_OK) {
            mi_arena_reset(&H->ar, mark);
            return st;
        }
        /* I + <p>: drop the multiples of p, append p */
        size_t o = 0;
        for (size_t i = 0; i < k; i++) {
            const uint8_t *r = G + i * W;
            if (vr_divides(p, r, B))
                continue;
            if (o != i)
                vr_copy(G + o * W, r, B);
            o++;
        }
        GBC_ASSERT(o + 2 <= k);
        vr_copy(G + o * W, p, B);
        k = o + 1;
        mi_arena_reset(&H->ar, mark);
    }
}

/* The byte kernel on C (ranks below 256, at most S8N variables). */
gbc_status mih_run8(gbc_ctx *ctx, acc *A, const monideal *C, int scarf,
                    mi_hilbert_stats *stats)
{
    const uint32_t n = C->nvars;
    hb8 H;
    memset(&H, 0, sizeof H);
    H.ctx = ctx;
    H.A = A;
    H.n = n;
    H.scarf_on = scarf && A->R->maxrank >= SCARF_MIN_RANKS;
    H.B = n ? (n + 15) / 16 : 1;
    H.W = 16 * (size_t)H.B;
    mi_arena_init(&H.ar, ctx);
    const size_t W = H.W, k = C->n;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ALLOC(ctx, H.vals, k + 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, H.flags, k + 1), done);
    H.tmp = mi_arena_alloc(&H.ar, 3 * W);
    uint8_t *G = mi_arena_alloc(&H.ar, (k + 1) * W);
    if (H.tmp == NULL || G == NULL) {
        st = gbc_ctx_alloc_status(ctx);
        goto done;
    }
    H.g = H.tmp + W;
    H.lcm = H.g + W;
    memset(G, 0, (k + 1) * W);
    for (size_t i = 0; i < k; i++)
        for (uint32_t v = 0; v < n; v++)
            G[i * W + v] = (uint8_t)mi_row(C, i)[v];
    st = h8_rec(&H, G, k, G + k * W);
done:
    stats->nodes = H.nodes;
    stats->scarf = H.scarf;
    stats->scarf_faces = H.faces;
    mi_arena_clear(&H.ar);
    gbc_free(ctx, H.sL);
    gbc_free(ctx, H.sown);
    gbc_free(ctx, H.vals);
    gbc_free(ctx, H.flags);
    gbc_free(ctx, H.stack);
    return st;
}
