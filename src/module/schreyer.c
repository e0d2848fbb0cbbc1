/* module/schreyer: graded Betti numbers from a non-minimal free resolution built by
 * Schreyer's algorithm in La Scala and Stillman's frame form: one Groebner basis
 * of M, then, level by level, the leading terms of the next syzygies from those of
 * the current level alone and each syzygy by one reduction; the minimal Betti
 * numbers are then read off the ranks of the constant parts of the maps. */
#include "module/module_int.h"

/* Monomials are kept as totals: a term x^e eps_c of F_L (eps_c a basis element
 * of level L whose leading term in F_{L-1} has total tau_c) is stored as the
 * exponent vector T = e + tau_c and the index c; the basis of F_0 = R^r has
 * tau = 1. F_L is ordered by T in grevlex first, then by the index, the larger
 * one larger. With the elements of each level sorted by the index of their
 * leading term, this is exactly the order F_{L-1} induces (Schreyer's order), so
 * by Schreyer's theorem each level is a Groebner basis of the syzygies of the
 * one before (Eisenbud, Commutative Algebra, Thm 15.10; La Scala and Stillman,
 * "Strategies for computing minimal free resolutions", JSC 26, 1998). */

/* An element of F_{L-1} (a basis element of level L): terms in decreasing order. */
typedef struct svec {
    size_t len;
    uint32_t *T;    /* len * n totals */
    uint32_t *comp; /* len indices of level L - 1 */
    uint32_t *cf;   /* Z/p coefficients, or */
    mpq_t *cq;      /* Q coefficients */
} svec;

/* One level: its n elements (level >= 1), their leading totals and degrees, and
 * for each basis index c of the level below, the range [start[c], start[c + 1])
 * of the elements whose leading term is in eps_c. */
typedef struct slevel {
    size_t n;
    svec *v;
    uint32_t *lead; /* n * nvars */
    int64_t *deg;
    size_t *start;  /* (n of the level below) + 1 entries; NULL for level 0 */
} slevel;

/* The state of one run. */
typedef struct sres {
    gbc_ctx *ctx;
    uint32_t n; /* variables */
    field F;
    /* the reduction's accumulator: a hash set of terms (T, comp) with their
     * coefficients, and a max-heap of them in F_{L-1}'s order */
    uint32_t *hT;
    uint32_t *hcomp;
    uint32_t *hcf;
    mpq_t *hcq;
    size_t hn, hcap, hqinit; /* entries, capacity, mpq initialised */
    int64_t *slot;
    size_t nslot; /* a power of 2 */
    size_t *heap;
    size_t heapn, heapcap;
    uint64_t *hmul; /* hash multipliers, n + 1 */
    /* the quotients of one reduction */
    uint32_t *qT;
    uint32_t *qcomp;
    uint32_t *qcf;
    mpq_t *qcq;
    size_t qn, qcap, qqinit;
    mpq_t tmp;
    uint32_t *work; /* n scratch (acc_add) */
    uint32_t *bw;   /* n scratch (reduce_one) */
} sres;

/* grevlex on exponent vectors: degree first, then the smaller exponent at the last
 * place where they differ means the larger monomial. */
static int grevlex_cmp(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    uint64_t da = 0, db = 0;
    for (uint32_t i = 0; i < n; i++) {
        da += a[i];
        db += b[i];
    }
    if (da != db)
        return da < db ? -1 : 1;
    for (uint32_t i = n; i-- > 0;)
        if (a[i] != b[i])
            return a[i] > b[i] ? -1 : 1;
    return 0;
}

static int term_cmp(const uint32_t *Ta, uint32_t ca, const uint32_t *Tb, uint32_t cb,
                    uint32_t n)
{
    int c = grevlex_cmp(Ta, Tb, n);
    if (c != 0)
        return c;
    return ca < cb ? -1 : ca > cb;
}

/* lex with the first variable most significant */
static int lex_cmp(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static void svec_clear(gbc_ctx *ctx, svec *v, const field *F)
{
    if (F->p == 0 && v->cq != NULL)
        for (size_t t = 0; t < v->len; t++)
            mpq_clear(v->cq[t]);
    gbc_free(ctx, v->T);
    gbc_free(ctx, v->comp);
    gbc_free(ctx, v->cf);
    gbc_free(ctx, v->cq);
    memset(v, 0, sizeof *v);
}

/* Room for len terms (coefficients zero). */
static gbc_status svec_alloc(gbc_ctx *ctx, svec *v, size_t len, uint32_t n, const field *F)
{
    memset(v, 0, sizeof *v);
    size_t l1 = len ? len : 1;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, v->T, l1 * (n ? n : 1)), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, v->comp, l1), fail);
    if (F->p != 0) {
        GBC_CHECK(st, GBC_ZALLOC(ctx, v->cf, l1), fail);
    } else {
        GBC_CHECK(st, GBC_ALLOC(ctx, v->cq, l1), fail);
        for (size_t t = 0; t < len; t++)
            mpq_init(v->cq[t]);
    }
    v->len = len;
    return GBC_OK;
fail:
    svec_clear(ctx, v, F);
    return st;
}

static void level_clear(gbc_ctx *ctx, slevel *L, const field *F)
{
    if (L->v != NULL)
        for (size_t k = 0; k < L->n; k++)
            svec_clear(ctx, &L->v[k], F);
    gbc_free(ctx, L->v);
    gbc_free(ctx, L->lead);
    gbc_free(ctx, L->deg);
    gbc_free(ctx, L->start);
    memset(L, 0, sizeof *L);
}

static void sres_clear(sres *S)
{
    gbc_ctx *ctx = S->ctx;
    for (size_t k = 0; k < S->hqinit; k++)
        mpq_clear(S->hcq[k]);
    for (size_t k = 0; k < S->qqinit; k++)
        mpq_clear(S->qcq[k]);
    gbc_free(ctx, S->hT);
    gbc_free(ctx, S->hcomp);
    gbc_free(ctx, S->hcf);
    gbc_free(ctx, S->hcq);
    gbc_free(ctx, S->slot);
    gbc_free(ctx, S->heap);
    gbc_free(ctx, S->hmul);
    gbc_free(ctx, S->qT);
    gbc_free(ctx, S->qcomp);
    gbc_free(ctx, S->qcf);
    gbc_free(ctx, S->qcq);
    gbc_free(ctx, S->work);
    gbc_free(ctx, S->bw);
    mpq_clear(S->tmp);
}

static gbc_status sres_init(gbc_ctx *ctx, sres *S, uint32_t n, const field *F)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->n = n;
    S->F = *F;
    mpq_init(S->tmp);
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, S->hmul, n + 1), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, S->work, n ? n : 1), fail);
    GBC_CHECK(st, GBC_ALLOC(ctx, S->bw, n ? n : 1), fail);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (uint32_t i = 0; i <= n; i++) {
        x ^= x >> 31;
        x *= 0xbf58476d1ce4e5b9ull;
        x ^= x >> 29;
        S->hmul[i] = x | 1;
    }
    S->nslot = 1024;
    GBC_CHECK(st, GBC_ALLOC(ctx, S->slot, S->nslot), fail);
    for (size_t k = 0; k < S->nslot; k++)
        S->slot[k] = -1;
    return GBC_OK;
fail:
    sres_clear(S);
    return st;
}

static uint64_t term_hash(const sres *S, const uint32_t *T, uint32_t comp)
{
    uint64_t h = S->hmul[S->n] * (comp + 1u);
    for (uint32_t i = 0; i < S->n; i++)
        h += S->hmul[i] * T[i];
    return h ^ (h >> 29);
}

static void acc_reset(sres *S)
{
    for (size_t k = 0; k < S->hn; k++) {
        uint64_t h = term_hash(S, S->hT + k * S->n, S->hcomp[k]);
        size_t s = (size_t)h & (S->nslot - 1);
        while (S->slot[s] != -1) {
            S->slot[s] = -1;
            s = (s + 1) & (S->nslot - 1);
        }
    }
    S->hn = 0;
    S->heapn = 0;
}

/* Heap order: the larger term first. */
static int heap_less(const sres *S, size_t a, size_t b)
{
    return term_cmp(S->hT + a * S->n, S->hcomp[a], S->hT + b * S->n, S->hcomp[b], S->n) < 0;
}

static void heap_push(sres *S, size_t e)
{
    size_t k = S->heapn++;
    while (k > 0) {
        size_t p = (k - 1) / 2;
        if (!heap_less(S, S->heap[p], e))
            break;
        S->heap[k] = S->heap[p];
        k = p;
    }
    S->heap[k] = e;
}

static size_t heap_pop(sres *S)
{
    size_t top = S->heap[0];
    size_t e = S->heap[--S->heapn];
    size_t k = 0;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= S->heapn)
            break;
        if (c + 1 < S->heapn && heap_less(S, S->heap[c], S->heap[c + 1]))
            c++;
        if (!heap_less(S, e, S->heap[c]))
            break;
        S->heap[k] = S->heap[c];
        k = c;
    }
    if (S->heapn > 0)
        S->heap[k] = e;
    return top;
}

/* Double the slot table (entries stay). */
static gbc_status acc_rehash(sres *S)
{
    size_t ns = S->nslot * 2;
    int64_t *sl = NULL;
    GBC_TRY(GBC_ALLOC(S->ctx, sl, ns));
    for (size_t k = 0; k < ns; k++)
        sl[k] = -1;
    for (size_t k = 0; k < S->hn; k++) {
        size_t s = (size_t)term_hash(S, S->hT + k * S->n, S->hcomp[k]) & (ns - 1);
        while (sl[s] != -1)
            s = (s + 1) & (ns - 1);
        sl[s] = (int64_t)k;
    }
    gbc_free(S->ctx, S->slot);
    S->slot = sl;
    S->nslot = ns;
    return GBC_OK;
}

/* The next capacity at least need, from cap (doubling). */
static size_t next_cap(size_t cap, size_t need)
{
    size_t c = cap ? cap : 64;
    while (c < need)
        c *= 2;
    return c;
}

/* Room for need entries in the accumulator's parallel arrays. On failure the
 * arrays that were resized keep their new size (hcap, the usable size, does not
 * change), so clearing stays correct. */
static gbc_status acc_reserve(sres *S, size_t need)
{
    if (need <= S->hcap)
        return GBC_OK;
    const size_t cap = next_cap(S->hcap, need), n1 = S->n ? S->n : 1;
    GBC_TRY(GBC_RESIZE(S->ctx, S->hcomp, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->hT, cap * n1));
    GBC_TRY(GBC_RESIZE(S->ctx, S->heap, cap));
    if (S->F.p != 0) {
        GBC_TRY(GBC_RESIZE(S->ctx, S->hcf, cap));
    } else {
        GBC_TRY(GBC_RESIZE(S->ctx, S->hcq, cap));
        while (S->hqinit < cap)
            mpq_init(S->hcq[S->hqinit++]);
    }
    S->hcap = cap;
    return GBC_OK;
}

/* The same for the quotient arrays. */
static gbc_status quot_reserve(sres *S, size_t need)
{
    if (need <= S->qcap)
        return GBC_OK;
    const size_t cap = next_cap(S->qcap, need), n1 = S->n ? S->n : 1;
    GBC_TRY(GBC_RESIZE(S->ctx, S->qcomp, cap));
    GBC_TRY(GBC_RESIZE(S->ctx, S->qT, cap * n1));
    if (S->F.p != 0) {
        GBC_TRY(GBC_RESIZE(S->ctx, S->qcf, cap));
    } else {
        GBC_TRY(GBC_RESIZE(S->ctx, S->qcq, cap));
        while (S->qqinit < cap)
            mpq_init(S->qcq[S->qqinit++]);
    }
    S->qcap = cap;
    return GBC_OK;
}

/* Add c * x^b * (the term (T, comp) with coefficient cf / cq) to the accumulator:
 * coefficient mod p is c * cf, over Q c * cq (c as S->tmp's operand cQ). */
static gbc_status acc_add(sres *S, const uint32_t *T, const uint32_t *b, uint32_t comp,
                          uint32_t cp, const mpq_t cq_mul, uint32_t cf, const mpq_t cq)
{
    const uint32_t n = S->n;
    uint32_t *e = S->work;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t s = (uint64_t)T[i] + (b ? b[i] : 0);
        if (s > UINT32_MAX / 2)
            return GBC_ERR_OVERFLOW;
        e[i] = (uint32_t)s;
    }
    if (2 * (S->hn + 1) > S->nslot)
        GBC_TRY(acc_rehash(S));
    size_t s = (size_t)term_hash(S, e, comp) & (S->nslot - 1);
    while (S->slot[s] != -1) {
        size_t k = (size_t)S->slot[s];
        if (S->hcomp[k] == comp && memcmp(S->hT + k * n, e, sizeof(uint32_t) * n) == 0) {
            if (S->F.p != 0) {
                S->hcf[k] = zp_add(&S->F, S->hcf[k], zp_mul(&S->F, cp, cf));
            } else {
                mpq_mul(S->tmp, cq_mul, cq);
                mpq_add(S->hcq[k], S->hcq[k], S->tmp);
            }
            return GBC_OK;
        }
        s = (s + 1) & (S->nslot - 1);
    }
    /* a new term */
    size_t k = S->hn;
    GBC_TRY(acc_reserve(S, k + 1));
    memcpy(S->hT + k * n, e, sizeof(uint32_t) * n);
    S->hcomp[k] = comp;
    if (S->F.p != 0)
        S->hcf[k] = zp_mul(&S->F, cp, cf);
    else
        mpq_mul(S->hcq[k], cq_mul, cq);
    S->slot[s] = (int64_t)k;
    S->hn++;
    heap_push(S, k);
    return GBC_OK;
}

/* Append the quotient term (T, comp) with coefficient cp / cq. */
static gbc_status quot_push(sres *S, const uint32_t *T, uint32_t comp, uint32_t cp,
                            const mpq_t cq)
{
    const uint32_t n = S->n;
    size_t k = S->qn;
    GBC_TRY(quot_reserve(S, k + 1));
    memcpy(S->qT + k * n, T, sizeof(uint32_t) * n);
    S->qcomp[k] = comp;
    if (S->F.p != 0)
        S->qcf[k] = cp;
    else
        mpq_set(S->qcq[k], cq);
    S->qn++;
    return GBC_OK;
}

/* The syzygy of level L + 1 with leading term x^a eps_j: x^a f_j reduced to zero
 * by the elements f of level L (a Groebner basis of what they generate, for the
 * order of F_{L-1}), the first step by an element of index below j, the quotients
 * recorded; the result x^a eps_j - sum c x^b eps_i goes to out. GBC_ERR_INTERNAL
 * when a term has no reducer (the level was not a Groebner basis). */
static gbc_status reduce_one(sres *S, const slevel *lv, size_t j, const uint32_t *a, svec *out)
{
    const uint32_t n = S->n;
    const field *F = &S->F;
    const svec *fj = &lv->v[j];
    mpq_t one, c;
    mpq_init(one);
    mpq_init(c);
    mpq_set_ui(one, 1, 1);
    gbc_status st = GBC_OK;
    acc_reset(S);
    S->qn = 0;
    for (size_t t = 0; t < fj->len; t++)
        GBC_CHECK(st,
                  acc_add(S, fj->T + t * n, a, fj->comp[t], 1, one, F->p ? fj->cf[t] : 0,
                          F->p ? one : fj->cq[t]),
                  done);
    /* the leading quotient term x^a eps_j, coefficient 1 */
    for (uint32_t i = 0; i < n; i++)
        S->work[i] = a[i] + lv->lead[j * n + i];
    GBC_CHECK(st, quot_push(S, S->work, (uint32_t)j, 1, one), done);
    int first = 1;
    size_t steps = 0;
    while (S->heapn > 0) {
        size_t e = heap_pop(S);
        if (F->p != 0 ? S->hcf[e] == 0 : mpq_sgn(S->hcq[e]) == 0)
            continue;
        if ((++steps & 255) == 0)
            GBC_CHECK(st, gbc_ctx_poll(S->ctx), done);
        const uint32_t *Te = S->hT + e * n;
        const uint32_t ce = S->hcomp[e];
        size_t lo = lv->start[ce], hi = lv->start[ce + 1];
        if (first && hi > j)
            hi = j;
        size_t i = lo;
        for (; i < hi; i++)
            if (mono_divides(lv->lead + i * n, Te, n))
                break;
        if (i >= hi) {
            st = GBC_ERR_INTERNAL;
            goto done;
        }
        first = 0;
        const svec *fi = &lv->v[i];
        uint32_t cp = 0;
        if (F->p != 0)
            cp = zp_neg(F, S->hcf[e]);
        else
            mpq_neg(c, S->hcq[e]);
        GBC_CHECK(st, quot_push(S, Te, (uint32_t)i, cp, c), done);
        /* b = Te - lead_i (Te may move when the accumulator grows: use the copy) */
        const uint32_t *Tq = S->qT + (S->qn - 1) * n;
        for (uint32_t v = 0; v < n; v++)
            S->bw[v] = Tq[v] - lv->lead[i * n + v];
        if (F->p != 0)
            S->hcf[e] = 0;
        else
            mpq_set_ui(S->hcq[e], 0, 1);
        for (size_t t = 1; t < fi->len; t++)
            GBC_CHECK(st,
                      acc_add(S, fi->T + t * n, S->bw, fi->comp[t], cp, c,
                              F->p ? fi->cf[t] : 0, F->p ? one : fi->cq[t]),
                      done);
    }
    GBC_CHECK(st, svec_alloc(S->ctx, out, S->qn, n, F), done);
    memcpy(out->T, S->qT, sizeof(uint32_t) * n * S->qn);
    memcpy(out->comp, S->qcomp, sizeof(uint32_t) * S->qn);
    if (F->p != 0)
        memcpy(out->cf, S->qcf, sizeof(uint32_t) * S->qn);
    else
        for (size_t t = 0; t < S->qn; t++)
            mpq_set(out->cq[t], S->qcq[t]);
done:
    mpq_clear(one);
    mpq_clear(c);
    return st;
}

/* Order for sorting a level: by the index of the leading term, then lex on its
 * total (ascending, the first variable most significant). Sorting inside one
 * index this way makes the leading terms of the next level free of one more
 * variable (Schreyer), so the frame ends after at most nvars + 1 levels. */
typedef struct sortctx {
    const slevel *lv;
    uint32_t n;
} sortctx;

static int lead_before(const sortctx *sc, size_t a, size_t b)
{
    uint32_t ca = sc->lv->v[a].comp[0], cb = sc->lv->v[b].comp[0];
    if (ca != cb)
        return ca < cb;
    return lex_cmp(sc->lv->lead + a * sc->n, sc->lv->lead + b * sc->n, sc->n) < 0;
}

/* Level 1 from the reduced Groebner basis G (rank r, ring R, term over position,
 * grevlex): monic elements as svecs, sorted as lead_before says. */
static gbc_status level_one(sres *S, const ring *R, uint32_t rank, const plist *G,
                            slevel *out)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const field *F = &S->F;
    const size_t m = G->n / rank;
    slevel tmp;
    memset(&tmp, 0, sizeof tmp);
    memset(out, 0, sizeof *out);
    size_t *perm = NULL;
    size_t *idx = NULL;
    mpq_t inv;
    mpq_init(inv);
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, tmp.v, m ? m : 1), done);
    tmp.n = m;
    GBC_CHECK(st, GBC_ALLOC(ctx, tmp.lead, (m ? m : 1) * (n ? n : 1)), done);
    for (size_t k = 0; k < m; k++) {
        size_t len = 0;
        for (uint32_t i = 0; i < rank; i++)
            len += G->p[k * rank + i].len;
        svec *v = &tmp.v[k];
        GBC_CHECK(st, svec_alloc(ctx, v, len, n, F), done);
        size_t t = 0;
        for (uint32_t i = 0; i < rank; i++) {
            const ppoly *f = &G->p[k * rank + i];
            for (size_t u = 0; u < f->len; u++, t++) {
                memcpy(v->T + t * n, f->exps + u * n, sizeof(uint32_t) * n);
                v->comp[t] = i;
                if (F->p != 0)
                    v->cf[t] = f->cf[u];
                else
                    mpq_set(v->cq[t], f->cq[u]);
            }
        }
        if (len == 0) {
            st = GBC_ERR_INTERNAL; /* a reduced basis has no zero element */
            goto done;
        }
        /* insertion sort into decreasing order (components are short) */
        GBC_CHECK(st, GBC_ALLOC(ctx, idx, len), done);
        for (size_t a = 0; a < len; a++) {
            size_t b = a;
            while (b > 0 && term_cmp(v->T + idx[b - 1] * n, v->comp[idx[b - 1]], v->T + a * n,
                                     v->comp[a], n) < 0) {
                idx[b] = idx[b - 1];
                b--;
            }
            idx[b] = a;
        }
        svec w;
        GBC_CHECK(st, svec_alloc(ctx, &w, len, n, F), done);
        for (size_t a = 0; a < len; a++) {
            memcpy(w.T + a * n, v->T + idx[a] * n, sizeof(uint32_t) * n);
            w.comp[a] = v->comp[idx[a]];
            if (F->p != 0)
                w.cf[a] = v->cf[idx[a]];
            else
                mpq_set(w.cq[a], v->cq[idx[a]]);
        }
        gbc_free(ctx, idx);
        idx = NULL;
        svec_clear(ctx, v, F);
        *v = w;
        /* monic */
        if (F->p != 0) {
            uint32_t iv = zp_inv(F, v->cf[0]);
            for (size_t a = 0; a < len; a++)
                v->cf[a] = zp_mul(F, v->cf[a], iv);
        } else {
            mpq_inv(inv, v->cq[0]);
            for (size_t a = 0; a < len; a++)
                mpq_mul(v->cq[a], v->cq[a], inv);
        }
        memcpy(tmp.lead + k * n, v->T, sizeof(uint32_t) * n);
    }
    /* sort the elements */
    GBC_CHECK(st, GBC_ALLOC(ctx, perm, m ? m : 1), done);
    sortctx sc = {&tmp, n};
    for (size_t a = 0; a < m; a++) {
        size_t b = a;
        while (b > 0 && lead_before(&sc, a, perm[b - 1])) {
            perm[b] = perm[b - 1];
            b--;
        }
        perm[b] = a;
    }
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->v, m ? m : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, out->lead, (m ? m : 1) * (n ? n : 1)), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, out->deg, m ? m : 1), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->start, (size_t)rank + 1), done);
    out->n = m;
    for (size_t a = 0; a < m; a++) {
        out->v[a] = tmp.v[perm[a]];
        memset(&tmp.v[perm[a]], 0, sizeof(svec));
        memcpy(out->lead + a * n, tmp.lead + perm[a] * n, sizeof(uint32_t) * n);
        out->deg[a] = (int64_t)mono_degree(out->lead + a * n, n);
        out->start[out->v[a].comp[0] + 1]++;
    }
    for (uint32_t i = 0; i < rank; i++)
        out->start[i + 1] += out->start[i];
    (void)R;
done:
    if (st != GBC_OK)
        level_clear(ctx, out, F);
    level_clear(ctx, &tmp, F);
    gbc_free(ctx, perm);
    gbc_free(ctx, idx);
    mpq_clear(inv);
    return st;
}

/* The next level after lv: for each element j, the minimal generators x^a of the
 * monomial ideal (lcm(lead_i, lead_j) / lead_j : i < j, same leading index),
 * sorted lex ascending, each reduced to a syzygy (reduce_one). */
static gbc_status level_next(sres *S, const slevel *lv, slevel *out)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->n;
    const uint32_t n1 = n ? n : 1;
    const field *F = &S->F;
    memset(out, 0, sizeof *out);
    uint32_t *q = NULL; /* candidate monomials of one j */
    size_t qcap = 0;
    size_t *keep = NULL;
    size_t kcap = 0;
    size_t cap = 0;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, out->start, lv->n + 1), fail);
    for (size_t j = 0; j < lv->n; j++) {
        const uint32_t cj = lv->v[j].comp[0];
        const size_t lo = lv->start[cj];
        const size_t nq = j - lo;
        out->start[j + 1] = out->start[j];
        if (nq == 0)
            continue;
        size_t need = nq * n1;
        if (need > qcap)
            GBC_CHECK(st, GBC_GROW(ctx, q, qcap, need), fail);
        if (nq > kcap)
            GBC_CHECK(st, GBC_GROW(ctx, keep, kcap, nq), fail);
        const uint32_t *lj = lv->lead + j * n;
        for (size_t i = lo; i < j; i++) {
            const uint32_t *li = lv->lead + i * n;
            uint32_t *d = q + (i - lo) * n;
            for (uint32_t v = 0; v < n; v++)
                d[v] = li[v] > lj[v] ? li[v] - lj[v] : 0;
        }
        /* minimal generators: drop a monomial divisible by another (of equal ones,
         * keep the first) */
        size_t nk = 0;
        for (size_t a = 0; a < nq; a++) {
            int drop = 0;
            for (size_t b = 0; b < nq && !drop; b++) {
                if (b == a || !mono_divides(q + b * n, q + a * n, n))
                    continue;
                drop = b < a || !mono_divides(q + a * n, q + b * n, n);
            }
            if (drop)
                continue;
            /* insertion, lex ascending */
            size_t p = nk++;
            while (p > 0 && lex_cmp(q + keep[p - 1] * n, q + a * n, n) > 0) {
                keep[p] = keep[p - 1];
                p--;
            }
            keep[p] = a;
        }
        size_t base = out->n;
        if (base + nk > cap) {
            size_t nc = next_cap(cap, base + nk);
            GBC_CHECK(st, GBC_RESIZE(ctx, out->v, nc), fail);
            memset(out->v + cap, 0, sizeof(svec) * (nc - cap));
            GBC_CHECK(st, GBC_RESIZE(ctx, out->deg, nc), fail);
            GBC_CHECK(st, GBC_RESIZE(ctx, out->lead, nc * n1), fail);
            cap = nc;
        }
        for (size_t k = 0; k < nk; k++) {
            GBC_CHECK(st, reduce_one(S, lv, j, q + keep[k] * n, &out->v[base + k]), fail);
            out->n++;
            memcpy(out->lead + (base + k) * n, out->v[base + k].T, sizeof(uint32_t) * n);
            out->deg[base + k] = (int64_t)mono_degree(out->lead + (base + k) * n, n);
        }
        out->start[j + 1] = out->n;
        GBC_CHECK(st, gbc_ctx_check(ctx), fail);
    }
    gbc_free(ctx, q);
    gbc_free(ctx, keep);
    return GBC_OK;
fail:
    gbc_free(ctx, q);
    gbc_free(ctx, keep);
    level_clear(ctx, out, F);
    return st;
}

/* Rank over F of the dense nr x nc matrix A (row-major; destroyed). */
static size_t rank_zp(const field *F, uint32_t *A, size_t nr, size_t nc)
{
    size_t r = 0;
    for (size_t c = 0; c < nc && r < nr; c++) {
        size_t p = r;
        while (p < nr && A[p * nc + c] == 0)
            p++;
        if (p == nr)
            continue;
        if (p != r)
            for (size_t k = 0; k < nc; k++) {
                uint32_t t = A[p * nc + k];
                A[p * nc + k] = A[r * nc + k];
                A[r * nc + k] = t;
            }
        uint32_t iv = zp_inv(F, A[r * nc + c]);
        for (size_t i = r + 1; i < nr; i++) {
            uint32_t f = A[i * nc + c];
            if (f == 0)
                continue;
            f = zp_mul(F, f, iv);
            for (size_t k = c; k < nc; k++)
                A[i * nc + k] = zp_sub(F, A[i * nc + k], zp_mul(F, f, A[r * nc + k]));
        }
        r++;
    }
    return r;
}

static size_t rank_q(mpq_t *A, size_t nr, size_t nc, mpq_t f, mpq_t t)
{
    size_t r = 0;
    for (size_t c = 0; c < nc && r < nr; c++) {
        size_t p = r;
        while (p < nr && mpq_sgn(A[p * nc + c]) == 0)
            p++;
        if (p == nr)
            continue;
        if (p != r)
            for (size_t k = 0; k < nc; k++)
                mpq_swap(A[p * nc + k], A[r * nc + k]);
        for (size_t i = r + 1; i < nr; i++) {
            if (mpq_sgn(A[i * nc + c]) == 0)
                continue;
            mpq_div(f, A[i * nc + c], A[r * nc + c]);
            for (size_t k = c; k < nc; k++) {
                mpq_mul(t, f, A[r * nc + k]);
                mpq_sub(A[i * nc + k], A[i * nc + k], t);
            }
        }
        r++;
    }
    return r;
}

/* rk[d] = the rank of the constant part of the map level hi -> level lo (hi's
 * elements as vectors over lo's basis) in degree d, for d <= maxdeg. */
static gbc_status const_ranks(sres *S, const slevel *hi, const slevel *lo, int64_t maxdeg,
                              size_t *rk)
{
    gbc_ctx *ctx = S->ctx;
    const field *F = &S->F;
    size_t *pos = NULL, *rows = NULL, *cols = NULL;
    uint32_t *A = NULL;
    mpq_t *Aq = NULL;
    size_t nA = 0;
    mpq_t f, t;
    mpq_init(f);
    mpq_init(t);
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, pos, lo->n ? lo->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, rows, hi->n ? hi->n : 1), done);
    GBC_CHECK(st, GBC_ALLOC(ctx, cols, lo->n ? lo->n : 1), done);
    for (int64_t d = 0; d <= maxdeg; d++) {
        rk[d] = 0;
        size_t nr = 0, nc = 0;
        for (size_t c = 0; c < lo->n; c++)
            pos[c] = SIZE_MAX;
        for (size_t k = 0; k < hi->n; k++) {
            if (hi->deg[k] != d)
                continue;
            int any = 0;
            const svec *v = &hi->v[k];
            for (size_t u = 0; u < v->len; u++)
                if (lo->deg[v->comp[u]] == d) {
                    any = 1;
                    if (pos[v->comp[u]] == SIZE_MAX) {
                        pos[v->comp[u]] = nc;
                        cols[nc++] = v->comp[u];
                    }
                }
            if (any)
                rows[nr++] = k;
        }
        if (nr == 0)
            continue;
        size_t sz = nr * nc;
        if (F->p != 0) {
            gbc_free(ctx, A);
            A = NULL;
            GBC_CHECK(st, GBC_ZALLOC(ctx, A, sz), done);
        } else {
            for (size_t k = 0; k < nA; k++)
                mpq_clear(Aq[k]);
            gbc_free(ctx, Aq);
            Aq = NULL;
            nA = 0;
            GBC_CHECK(st, GBC_ALLOC(ctx, Aq, sz), done);
            for (; nA < sz; nA++)
                mpq_init(Aq[nA]);
        }
        for (size_t r = 0; r < nr; r++) {
            const svec *v = &hi->v[rows[r]];
            for (size_t u = 0; u < v->len; u++)
                if (lo->deg[v->comp[u]] == d) {
                    size_t at = r * nc + pos[v->comp[u]];
                    if (F->p != 0)
                        A[at] = v->cf[u];
                    else
                        mpq_set(Aq[at], v->cq[u]);
                }
        }
        rk[d] = F->p != 0 ? rank_zp(F, A, nr, nc) : rank_q(Aq, nr, nc, f, t);
        GBC_CHECK(st, gbc_ctx_check(ctx), done);
    }
    st = GBC_OK;
done:
    for (size_t k = 0; k < nA; k++)
        mpq_clear(Aq[k]);
    gbc_free(ctx, Aq);
    gbc_free(ctx, A);
    gbc_free(ctx, pos);
    gbc_free(ctx, rows);
    gbc_free(ctx, cols);
    mpq_clear(f);
    mpq_clear(t);
    return st;
}

gbc_status module_levels_schreyer(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                                  mlevel *lev, size_t maxlev, size_t *nlev, gb_stats *stats)
{
    const uint32_t n = R->nvars;
    const field *F = &R->F;
    *nlev = 0;
    for (size_t j = 0; j < in->n / rank; j++) {
        int64_t d;
        if (module_elem_degree(R, rank, in, j, NULL, &d) == 0)
            return GBC_ERR_DOMAIN;
    }
    ring Rg;
    int own_ring = 0;
    const ring *Ru = R;
    if (R->ord.kind != MONO_GREVLEX) {
        char msg[128];
        gbc_status rs = ring_init(ctx, &Rg, n, (const char *const *)R->names, F->p, NULL, msg,
                                  sizeof msg);
        if (rs != GBC_OK)
            return rs == GBC_ERR_ARG || rs == GBC_ERR_DOMAIN ? GBC_ERR_INTERNAL : rs;
        own_ring = 1;
        Ru = &Rg;
    }
    slevel *L = NULL;
    size_t nl = 0;
    size_t *rkbuf = NULL;
    int64_t *b = NULL;
    int64_t maxdeg = 0;
    plist G;
    plist_init(&G);
    sres S;
    gbc_status st;
    GBC_CHECK(st, sres_init(ctx, &S, n, F), done0);
    GBC_CHECK(st, GBC_ZALLOC(ctx, L, maxlev + 2), done);
    /* level 0: R^r, basis in degree 0 */
    L[0].n = rank;
    GBC_CHECK(st, GBC_ZALLOC(ctx, L[0].lead, (size_t)rank * (n ? n : 1)), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, L[0].deg, rank), done);
    nl = 1;
    GBC_CHECK(st, module_groebner(ctx, Ru, rank, in, MODULE_TOP, &G, stats), done);
    GBC_CHECK(st, level_one(&S, Ru, rank, &G, &L[1]), done);
    nl = 2;
    for (size_t k = 0; k < L[1].n; k++)
        if (L[1].deg[k] <= 0) {
            st = GBC_ERR_UNSUPPORTED;
            goto done;
        }
    while (L[nl - 1].n > 0) {
        if (nl > maxlev) {
            st = GBC_ERR_INTERNAL; /* longer than Schreyer's bound */
            goto done;
        }
        GBC_CHECK(st, level_next(&S, &L[nl - 1], &L[nl]), done);
        nl++;
    }
    /* the last level is empty; minimal Betti numbers from the constant parts */
    for (size_t l = 0; l < nl; l++)
        for (size_t k = 0; k < L[l].n; k++)
            maxdeg = L[l].deg[k] > maxdeg ? L[l].deg[k] : maxdeg;
    const size_t nd = (size_t)maxdeg + 1;
    GBC_CHECK(st, GBC_ZALLOC(ctx, rkbuf, nl * nd), done);
    /* rkbuf[l * nd + d]: rank of d_l's constant part in degree d (l >= 2; d_1 has
     * none, as no element of the basis has degree 0) */
    for (size_t l = 2; l < nl; l++)
        GBC_CHECK(st, const_ranks(&S, &L[l], &L[l - 1], maxdeg, rkbuf + l * nd), done);
    /* b_{l,d} = f_{l,d} - rank(d_{l+1})_d - rank(d_l)_d */
    GBC_CHECK(st, GBC_ALLOC(ctx, b, nd), done);
    size_t last = 0;
    for (size_t l = 0; l < nl; l++) {
        size_t cnt = 0;
        memset(b, 0, sizeof(int64_t) * nd);
        for (size_t k = 0; k < L[l].n; k++)
            b[L[l].deg[k]]++;
        for (size_t d = 0; d < nd; d++) {
            if (l + 1 < nl)
                b[d] -= (int64_t)rkbuf[(l + 1) * nd + d];
            b[d] -= (int64_t)rkbuf[l * nd + d];
            if (b[d] < 0) {
                st = GBC_ERR_INTERNAL;
                goto done;
            }
            cnt += (size_t)b[d];
        }
        lev[l].n = cnt;
        if (cnt == 0)
            continue;
        GBC_CHECK(st, GBC_ALLOC(ctx, lev[l].deg, cnt), done);
        size_t at = 0;
        for (size_t d = 0; d < nd; d++)
            for (int64_t c = 0; c < b[d]; c++)
                lev[l].deg[at++] = (int64_t)d;
        last = l;
    }
    *nlev = last + 1;
    st = GBC_OK;
done:
    if (st != GBC_OK)
        for (size_t l = 0; l < maxlev + 2; l++) {
            gbc_free(ctx, lev[l].deg);
            lev[l].deg = NULL;
            lev[l].n = 0;
        }
    if (L != NULL)
        for (size_t l = 0; l < maxlev + 2; l++)
            level_clear(ctx, &L[l], F);
    gbc_free(ctx, L);
    gbc_free(ctx, rkbuf);
    gbc_free(ctx, b);
    sres_clear(&S);
done0:
    plist_clear(ctx, &G, F);
    if (own_ring)
        ring_clear(ctx, &Rg);
    return st;
}
