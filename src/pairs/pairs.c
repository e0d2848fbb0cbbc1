/* pairs: Gebauer-Moeller update and selection helpers. */
#include "pairs/pairs.h"

#include "common/pool.h"
#include "common/sort.h"

/* A candidate's hash before it is described (hashes are below 2^31 - 1). */
#define CAND_UNDESCRIBED UINT32_MAX

void pairs_init(pairset *ps)
{
    memset(ps, 0, sizeof *ps);
}

static void pscratch_clear(gbc_ctx *ctx, pscratch *w)
{
    gbc_free(ctx, w->cand);
    gbc_free(ctx, w->alive);
    gbc_free(ctx, w->ckey);
    gbc_free(ctx, w->corder);
    gbc_free(ctx, w->ctmp);
    gbc_free(ctx, w->gscr);
    memset(w, 0, sizeof *w);
}

void pairs_clear(gbc_ctx *ctx, pairset *ps)
{
    gbc_free(ctx, ps->p);
    pscratch_clear(ctx, &ps->sc);
    memset(ps, 0, sizeof *ps);
}

int pairs_cmp(const mht *t, const spair *a, const spair *b)
{
    if (a->deg != b->deg)
        return a->deg < b->deg ? -1 : 1;
    int c = mht_cmp(t, a->lcm, b->lcm);
    if (c != 0)
        return c;
    if (a->j != b->j)
        return a->j < b->j ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* pairs_cmp as the comparison of gbc_sort_cmp (arg: the table). */
static int pairs_cmp_sort(const void *a, const void *b, void *arg)
{
    return pairs_cmp(arg, a, b);
}

/* Room for nc candidates' keys, order and copies. */
static gbc_status reserve_keys(gbc_ctx *ctx, pscratch *w, size_t nc)
{
    if (w->kcap >= nc)
        return GBC_OK;
    size_t cap = nc > 2 * w->kcap ? nc : 2 * w->kcap;
    gbc_free(ctx, w->ckey);
    gbc_free(ctx, w->corder);
    gbc_free(ctx, w->ctmp);
    w->ckey = NULL;
    w->corder = NULL;
    w->ctmp = NULL;
    w->kcap = 0;
    GBC_TRY(GBC_ALLOC(ctx, w->ckey, cap));
    GBC_TRY(GBC_ALLOC(ctx, w->corder, cap));
    GBC_TRY(GBC_ALLOC(ctx, w->ctmp, cap));
    w->kcap = cap;
    return GBC_OK;
}

/* Whether candidates a and b have one lcm (lcm(lm_i, lt) for both i's). */
static int cand_same_lcm(const pairs_basis *B, const pcand *a, const pcand *b)
{
    if (a->ldeg != b->ldeg || a->hash != b->hash)
        return 0;
    const mht *t = B->t;
    const uint32_t *ea = mht_exps(t, B->lm[a->i]), *eb = mht_exps(t, B->lm[b->i]),
                   *et = mht_exps(t, B->lm[B->n - 1]);
    for (uint32_t v = 0; v < t->nvars; v++)
        if ((ea[v] > et[v] ? ea[v] : et[v]) != (eb[v] > et[v] ? eb[v] : et[v]))
            return 0;
    return 1;
}

/* Degrees spanning more than this (beyond 4 nc) are sorted by keys. */
#define GROUP_SPAN 64

/* Sort the nc candidates C into classes (one lcm each, told apart by a map of
 * their hashes local to the update, cand_same_lcm on a match) by increasing lcm
 * degree, the classes of one degree in the order of their first candidate, each
 * class's candidates in the order of i (the order of C); the class of C[k] goes to
 * w->corder[k]. So a class is contiguous and every proper divisor of an lcm
 * (lower degree) comes before it, which is all update_classes needs: the pairs
 * kept are the same in any order of the classes of one degree (a class is dropped
 * only for a kept lcm of lower degree), and F4 sorts the pairs it selects itself.
 * Counting sorts, or a sort by keys when the degrees span much more than nc. */
static gbc_status sort_candidates(gbc_ctx *ctx, pscratch *w, const pairs_basis *B, size_t nc)
{
    if (nc == 0)
        return GBC_OK;
    GBC_TRY(reserve_keys(ctx, w, nc));
    pcand *C = w->cand;
    uint32_t dmin = UINT32_MAX, dmax = 0;
    for (size_t k = 0; k < nc; k++) {
        dmin = C[k].ldeg < dmin ? C[k].ldeg : dmin;
        dmax = C[k].ldeg > dmax ? C[k].ldeg : dmax;
    }
    const int counting = (uint64_t)dmax - dmin <= 4 * (uint64_t)nc + GROUP_SPAN;
    const size_t nd = counting ? (size_t)(dmax - dmin) + 1 : 0;
    size_t msize = 16;
    while (msize < 2 * nc)
        msize *= 2;
    GBC_TRY(GBC_GROW(ctx, w->gscr, w->gcap, msize + 3 * nc + nd));
    uint32_t *map = w->gscr;            /* hash slot -> class + 1 */
    uint32_t *rep = map + msize;         /* class -> its first candidate */
    uint32_t *cnum = rep + nc;           /* class -> candidates, then its next place */
    uint32_t *cls = cnum + nc;           /* candidate -> class */
    uint32_t *dnum = cls + nc;           /* degree -> candidates, then its next place */
    memset(map, 0, sizeof(uint32_t) * msize);
    const uint32_t mask = (uint32_t)msize - 1;
    uint32_t ncls = 0;
    for (size_t k = 0; k < nc; k++) {
        uint32_t slot = C[k].hash & mask, c;
        for (;;) {
            if (map[slot] == 0) {
                c = ncls++;
                map[slot] = c + 1;
                rep[c] = (uint32_t)k;
                cnum[c] = 0;
                break;
            }
            c = map[slot] - 1;
            if (cand_same_lcm(B, &C[rep[c]], &C[k]))
                break;
            slot = (slot + 1) & mask;
        }
        cls[k] = c;
        cnum[c]++;
    }
    if (counting) {
        memset(dnum, 0, sizeof(uint32_t) * nd);
        for (uint32_t c = 0; c < ncls; c++)
            dnum[C[rep[c]].ldeg - dmin] += cnum[c];
        for (size_t d = 0, at = 0; d < nd; d++) {
            uint32_t m = dnum[d];
            dnum[d] = (uint32_t)at;
            at += m;
        }
        for (uint32_t c = 0; c < ncls; c++) {
            uint32_t m = cnum[c], d = C[rep[c]].ldeg - dmin;
            cnum[c] = dnum[d];
            dnum[d] += m;
        }
    } else {
        /* classes by (degree, first candidate): their first places */
        for (uint32_t c = 0; c < ncls; c++) {
            w->ckey[c] = (uint64_t)C[rep[c]].ldeg << 32 | c;
            w->corder[c] = c;
        }
        GBC_TRY(gbc_sort_by_key(ctx, w->corder, ncls, w->ckey));
        uint32_t at = 0;
        for (uint32_t r = 0; r < ncls; r++) {
            uint32_t c = w->corder[r], m = cnum[c];
            cnum[c] = at;
            at += m;
        }
    }
    for (size_t k = 0; k < nc; k++) {
        uint32_t at = cnum[cls[k]]++;
        w->ctmp[at] = C[k];
        w->corder[at] = cls[k];
    }
    memcpy(C, w->ctmp, nc * sizeof *C);
    return GBC_OK;
}

gbc_status pairs_sort(gbc_ctx *ctx, pairset *ps, const mht *t)
{
    return gbc_sort_cmp(ctx, ps->p, ps->n, sizeof *ps->p, pairs_cmp_sort, (void *)t);
}

void pairs_pop_min(pairset *ps, const mht *t, spair *out)
{
    GBC_ASSERT(ps->n > 0);
    size_t best = 0;
    for (size_t k = 1; k < ps->n; k++)
        if (pairs_cmp(t, &ps->p[k], &ps->p[best]) < 0)
            best = k;
    *out = ps->p[best];
    ps->p[best] = ps->p[--ps->n];
}

uint32_t pairs_min_deg(const pairset *ps)
{
    uint32_t d = UINT32_MAX;
    for (size_t k = 0; k < ps->n; k++)
        if (ps->p[k].deg < d)
            d = ps->p[k].deg;
    return d;
}

/* The weight of a known candidate (pairs_basis.ecart): never stored, so never
 * compared with a real weight. */
#define PAIR_KNOWN UINT32_MAX

/* The weight of the pair (i, j) whose lcm has degree dl. */
static uint32_t pair_weight(const pairs_basis *B, uint32_t i, uint32_t j, uint32_t dl)
{
    const mht *t = B->t;
    if (B->sugar == NULL)
        return dl;
    /* sugar(m_i g_i) = sugar_i + deg(lcm) - deg(lm_i); the pair's sugar is the max. */
    uint64_t si = (uint64_t)B->sugar[i] + dl - t->row[B->lm[i]].deg;
    uint64_t sj = (uint64_t)B->sugar[j] + dl - t->row[B->lm[j]].deg;
    uint64_t s = si > sj ? si : sj;
    return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

/* The hash of lcm(lm_i, lt) for the new element's lead lt, and its degree. */
static uint32_t cand_hash(const pairs_basis *B, uint32_t i, uint64_t *deg)
{
    const mht *t = B->t;
    return mht_hash_lcm(t->par->rnd, mht_exps(t, B->lm[i]), mht_exps(t, B->lm[B->n - 1]),
                        t->nvars, deg);
}

/* Candidate (i, new) of the update of element B->n - 1 (lead divisor mask dmt):
 * lcm(lm_i, lt) described by its degree, hash and divisor mask (the or of the two
 * leads': every mask bit is a threshold on one exponent) without forming it,
 * weighed by pair_weight, or PAIR_KNOWN for a known pair when kn (the new element
 * is known, pairs_basis.ecart). GBC_ERR_OVERFLOW when the lcm's degree would pass
 * UINT32_MAX. */
static gbc_status cand_describe(const pairs_basis *B, uint32_t i, uint32_t dmt, int kn,
                                pcand *c)
{
    const mht *t = B->t;
    const uint32_t nw = B->n - 1;
    uint64_t deg;
    c->i = i;
    c->hash = cand_hash(B, i, &deg);
    if (deg > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    c->ldeg = (uint32_t)deg;
    c->dm = t->row[B->lm[i]].divmask | dmt;
    c->w = pair_weight(B, i, nw, (uint32_t)deg);
    /* a known pair: weight PAIR_KNOWN (candidates only; a known pair is never
     * stored) */
    if (kn) {
        const uint32_t ew = B->ecart[nw];
        uint64_t e = B->ecart[i] > ew ? B->ecart[i] : ew;
        if ((uint64_t)c->ldeg + e <= B->dknown)
            c->w = PAIR_KNOWN;
    }
    return GBC_OK;
}

/* The degree in the component variables of B of the lcm of element i's lead and
 * the new element's. */
static uint64_t comp_degree(const pairs_basis *B, uint32_t i)
{
    const mht *t = B->t;
    const uint32_t *a = mht_exps(t, B->lm[i]) + B->comp_first,
                   *b = mht_exps(t, B->lm[B->n - 1]) + B->comp_first;
    uint64_t d = 0;
    for (uint32_t k = 0; k < B->comp_n; k++)
        d += a[k] > b[k] ? a[k] : b[k];
    return d;
}

/* Whether the component criterion drops the candidate of element i (pairs_update):
 * its lcm has degree 2 or more in the component variables. */
static int cand_across(const pairs_basis *B, uint32_t i)
{
    return B->comp_n > 0 && comp_degree(B, i) >= 2;
}

/* Whether the new element B->n - 1 is known (pairs_basis.ecart). */
static int new_is_known(const pairs_basis *B)
{
    const int kn = B->ecart != NULL && B->n - 1 < B->nknown;
    GBC_ASSERT(!kn || B->sugar == NULL);
    return kn;
}

/* The candidates of an update in w->cand, C[i] for every older element i
 * (cand_describe). A redundant element's candidate, and one across components, is
 * left undescribed (only its i is set): it makes no pair, and the chain criterion
 * describes it when it needs it (cand_is; most elements of a long run end
 * redundant: cyclic-8, three in four).
 * *kn says whether the new element is known. */
static gbc_status update_candidates(gbc_ctx *ctx, pscratch *w, const pairs_basis *B, int *kn)
{
    const mht *t = B->t;
    const uint32_t nw = B->n - 1, dmt = t->row[B->lm[nw]].divmask;
    GBC_TRY(GBC_GROW(ctx, w->cand, w->ccap, (size_t)nw + 1));
    pcand *C = w->cand;
    const uint8_t *red = B->redundant;
    *kn = new_is_known(B);
    for (uint32_t i = 0; i < nw; i++) {
        /* a candidate across components (cand_across) is dropped before the
         * criteria too: its lcm's hash over every variable is not taken either
         * (with five components, four candidates in five) */
        if (red[i] || cand_across(B, i)) {
            C[i].i = i;
            C[i].hash = CAND_UNDESCRIBED;
            continue;
        }
        GBC_TRY(cand_describe(B, i, dmt, *kn, &C[i]));
    }
    return GBC_OK;
}

/* Whether lcm(lm_i, lt) (lt the new element's lead) is the monomial m of pt, c
 * being candidate i or NULL (then described here; an lcm of degree past
 * UINT32_MAX is no monomial of pt). A candidate still undescribed is described
 * here the first time (update_candidates). */
static int cand_is(const pairs_basis *B, pcand *c, uint32_t i, const mht *pt, uint32_t m)
{
    const mht *t = B->t;
    pcand d;
    if (c == NULL || c->hash == CAND_UNDESCRIBED) {
        uint64_t deg;
        d.hash = cand_hash(B, i, &deg);
        d.ldeg = deg > UINT32_MAX ? UINT32_MAX : (uint32_t)deg;
        if (deg > UINT32_MAX)
            return 0;
        if (c != NULL) {
            c->hash = d.hash;
            c->ldeg = d.ldeg;
        } else {
            c = &d;
        }
    }
    if (c->hash != pt->row[m].hash || c->ldeg != pt->row[m].deg)
        return 0;
    const uint32_t *a = mht_exps(t, B->lm[i]), *b = mht_exps(t, B->lm[B->n - 1]),
                   *e = mht_exps(pt, m);
    for (uint32_t v = 0; v < t->nvars; v++)
        if ((a[v] > b[v] ? a[v] : b[v]) != e[v])
            return 0;
    return 1;
}

/* Chain criterion on the old pairs: drop (i, j) when lt divides lcm(i, j) and
 * both lcm(i, new) and lcm(j, new) differ from it. C: the candidates indexed by
 * element (update_candidates), or NULL (each described when needed). */
static void update_chain(pairset *ps, const pairs_basis *B, const mht *pt, uint32_t lt,
                         pcand *C)
{
    const mht *t = B->t;
    size_t k = 0;
    for (size_t q = 0; q < ps->n; q++) {
        spair *p = &ps->p[q];
        if (mht_divides(t, lt, pt, p->lcm) &&
            !cand_is(B, C != NULL ? &C[p->i] : NULL, p->i, pt, p->lcm) &&
            !cand_is(B, C != NULL ? &C[p->j] : NULL, p->j, pt, p->lcm)) {
            ps->stat_chain++;
            continue;
        }
        ps->p[k++] = *p;
    }
    ps->n = k;
}

/* Whether candidate c's two leading monomials (lm_i and the new lt) are coprime:
 * deg lcm = deg lm_i + deg lt - deg gcd (total degrees, as the tables keep them),
 * so they are exactly when the degrees add up (no exponent loop). */
static int cand_coprime(const pairs_basis *B, const pcand *c)
{
    const mht *t = B->t;
    return (uint64_t)c->ldeg == (uint64_t)t->row[B->lm[c->i]].deg + t->row[B->lm[B->n - 1]].deg;
}

/* Whether the lcm of candidate a properly divides that of candidate b (a lower
 * degree): both are multiples of lt, so lcm(a, lt) | lcm(b, lt) exactly when b's
 * lead has at least a's exponent wherever a's passes lt's. */
static int cand_divides(const pairs_basis *B, const pcand *a, const pcand *b)
{
    if ((a->dm & ~b->dm) != 0 || a->ldeg >= b->ldeg)
        return 0;
    const mht *t = B->t;
    const uint32_t *ea = mht_exps(t, B->lm[a->i]), *eb = mht_exps(t, B->lm[b->i]),
                   *et = mht_exps(t, B->lm[B->n - 1]);
    for (uint32_t v = 0; v < t->nvars; v++)
        if (ea[v] > et[v] && ea[v] > eb[v])
            return 0;
    return 1;
}

/* Criteria M and F (Becker-Weispfenning, UPDATE) on the nc candidates of w->cand,
 * sorted by sort_candidates: of the candidates with one lcm (a class) one stands
 * for all: a coprime one if there is one (then the whole class goes with the
 * product criterion, update_store), else a known one (kn), else the oldest, so
 * that the rows of a degree come from the oldest elements, as in msolve
 * (katsura-11: the same matrices as msolve's, 19% fewer rows than with the newest
 * at degree 9). A non-coprime class goes when a kept candidate's lcm (a proper
 * divisor: classes come in order of lcm degree) divides its own. The kept
 * candidates' indices into w->cand go to w->alive, their number to *na; the
 * candidates dropped are counted in *gm. */
static gbc_status update_classes(gbc_ctx *ctx, pscratch *w, const pairs_basis *B, int kn,
                                 size_t nc, size_t *na, size_t *gm)
{
    const pcand *C = w->cand;
    GBC_TRY(GBC_GROW(ctx, w->alive, w->acap, nc + 1));
    uint32_t *alive = w->alive;
    size_t n = 0;
    const uint32_t *cls = w->corder; /* the candidates' classes (sort_candidates) */
    for (size_t a = 0, e; a < nc; a = e) {
        size_t rep = a;
        int coprime = cand_coprime(B, &C[a]);
        for (e = a + 1; e < nc && cls[e] == cls[a]; e++)
            if (!coprime && cand_coprime(B, &C[e])) {
                rep = e;
                coprime = 1;
            }
        /* a known pair stands for its class as well as a coprime one (criterion F:
         * the class's other pairs follow from it and the pairs among the older
         * elements): prefer it to a pair that would be reduced */
        if (kn && !coprime && C[rep].w != PAIR_KNOWN)
            for (size_t q = a; q < e; q++)
                if (C[q].w == PAIR_KNOWN) {
                    rep = q;
                    break;
                }
        *gm += e - a - 1;
        int dominated = 0;
        for (size_t b = 0; b < n && !coprime && !dominated; b++)
            if (cand_divides(B, &C[alive[b]], &C[a]))
                dominated = 1;
        if (dominated) {
            (*gm)++;
            continue;
        }
        alive[n++] = (uint32_t)rep;
    }
    *na = n;
    return GBC_OK;
}

/* Whether candidate c is stored (update_store): neither coprime (the product
 * criterion) nor known; *product or *known counts it otherwise. */
static int cand_stored(const pairs_basis *B, const pcand *c, int kn, size_t *product,
                       size_t *known)
{
    if (cand_coprime(B, c)) {
        (*product)++;
        return 0;
    }
    if (kn && c->w == PAIR_KNOWN) {
        (*known)++;
        return 0;
    }
    return 1;
}

/* Append the pair (i, new) of weight w, its lcm entered in pt. */
static gbc_status store_pair(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, mht *pt,
                             uint32_t i, uint32_t w)
{
    const uint32_t nw = B->n - 1;
    GBC_TRY(GBC_GROW(ctx, ps->p, ps->cap, ps->n + 1));
    spair *p = &ps->p[ps->n];
    GBC_TRY(mht_insert_lcm(ctx, pt, B->t, B->lm[i], B->lm[nw], &p->lcm));
    p->i = i;
    p->j = nw;
    p->deg = w;
    ps->n++;
    return GBC_OK;
}

/* Store the na kept candidates (ps->sc.alive) as pairs, their lcms entered in pt,
 * but for the coprime ones (the product criterion) and the known ones. Those whose
 * lcm has degree 2 or more in the component variables never get here
 * (pairs_update): with every term of every element of degree 1 in them (or a
 * product of two of them), the S-polynomial of such a pair has only terms of
 * degree 2 in them, below the lcm, each a multiple of a product in the basis, so
 * it has a standard representation, as a coprime pair has. */
static gbc_status update_store(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, mht *pt,
                               int kn, size_t na)
{
    GBC_TRY(GBC_GROW(ctx, ps->p, ps->cap, ps->n + na));
    for (size_t b = 0; b < na; b++) {
        const pcand *c = &ps->sc.cand[ps->sc.alive[b]];
        if (cand_stored(B, c, kn, &ps->stat_product, &ps->stat_known))
            GBC_TRY(store_pair(ctx, ps, B, pt, c->i, c->w));
    }
    return GBC_OK;
}

gbc_status pairs_update(gbc_ctx *ctx, pairset *ps, pairs_basis *B)
{
    mht *t = B->t;
    mht *pt = B->lcms != NULL ? B->lcms : t; /* the lcms' table */
    const uint32_t nw = B->n - 1;       /* the new element */
    const uint32_t lt = B->lm[nw];
    int kn;
    GBC_TRY(update_candidates(ctx, &ps->sc, B, &kn));
    update_chain(ps, B, pt, lt, ps->sc.cand);

    /* New pairs, only with non-redundant elements, by ascending lcm degree. Those
     * whose lcm has degree 2 or more in the component variables are never stored
     * (update_store), and they take no part in criteria M and F on the others:
     * their classes hold only such candidates, and their lcms divide no other lcm
     * (those have degree at most 1 there, every lead having degree 1 or 2 in them).
     * So they go here, before the sort (with five components, four candidates in
     * five). */
    pcand *C = ps->sc.cand;
    size_t nc = 0, ncomp = 0;
    for (uint32_t i = 0; i < nw; i++) {
        if (B->redundant[i])
            continue;
        if (cand_across(B, i)) {
            ncomp++;
            continue;
        }
        C[nc++] = C[i];
    }
    ps->stat_created += nc + ncomp;
    ps->stat_comp += ncomp;
    GBC_TRY(sort_candidates(ctx, &ps->sc, B, nc));
    size_t na;
    GBC_TRY(update_classes(ctx, &ps->sc, B, kn, nc, &na, &ps->stat_gm));
    GBC_TRY(update_store(ctx, ps, B, pt, kn, na));

    /* Older elements whose lead the new lead divides leave the basis. */
    for (uint32_t i = 0; i < nw; i++)
        if (!B->redundant[i] && mht_divides(t, lt, t, B->lm[i]))
            B->redundant[i] = 1;
    return GBC_OK;
}

/* ------------------------------------------------- several new elements -- */

/* A pair pairs_update_many stores: (i, element) of weight w. */
typedef struct many_pair {
    uint32_t i, w;
} many_pair;

/* One part of pairs_update_many: its context (charging the phase's budget), its
 * scratch, the pairs its elements store and its counts. */
typedef struct many_part {
    gbc_ctx ctx;
    pscratch sc;
    many_pair *out;
    size_t nout, ocap;
    size_t created, comp, gm, product, known;
    gbc_status st;
} many_part;

/* The shared state: element k (k0 <= k < B->n) stores epairs[k - k0] pairs from
 * part epart[..] at eoff[..]; fr[i] is the first new element whose lead divides
 * lm_i (the update that makes i redundant), B->n for none. */
typedef struct many_job {
    gbc_ctx *ctx; /* the caller's, polled by part 0 (the calling thread) */
    const pairs_basis *B;
    uint32_t k0;
    uint32_t *fr;
    uint32_t *epart, *epairs;
    size_t *eoff;
    many_part *part;
    atomic_size_t next;
    atomic_int stop;
} many_job;

/* Elements' candidates a part takes at a time, and the divisibility tests. */
#define MANY_GRAB 4
#define MANY_FR_GRAB 256

/* fr[i] for the older elements i a part takes (the divisibility tests of the
 * updates' last loops). */
static void many_fr(void *arg, int t)
{
    many_job *J = arg;
    const pairs_basis *B = J->B;
    const mht *tb = B->t;
    size_t a, b;
    (void)t;
    while (gbc_take_chunk(&J->next, B->n, MANY_FR_GRAB, &a, &b))
        for (size_t i = a; i < b; i++) {
            J->fr[i] = B->n;
            if (B->redundant[i])
                continue;
            for (uint32_t k = i + 1 > J->k0 ? (uint32_t)i + 1 : J->k0; k < B->n; k++)
                if (mht_divides(tb, B->lm[k], tb, B->lm[i])) {
                    J->fr[i] = k;
                    break;
                }
        }
}

/* What pairs_update forms for element k before its chain criterion: its
 * candidates with the elements not redundant at its turn, sorted and sifted; the
 * pairs it stores appended to P->out. */
static gbc_status many_element(many_job *J, many_part *P, uint32_t k)
{
    pairs_basis Bk = *J->B;
    Bk.n = k + 1;
    const pairs_basis *B = &Bk;
    const uint32_t dmt = B->t->row[B->lm[k]].divmask;
    const int kn = new_is_known(B);
    GBC_TRY(GBC_GROW(&P->ctx, P->sc.cand, P->sc.ccap, (size_t)k + 1));
    pcand *C = P->sc.cand;
    size_t nc = 0, ncomp = 0;
    for (uint32_t i = 0; i < k; i++) {
        if (B->redundant[i] || J->fr[i] < k)
            continue;
        if (cand_across(B, i)) {
            ncomp++;
            continue;
        }
        GBC_TRY(cand_describe(B, i, dmt, kn, &C[nc]));
        nc++;
    }
    P->created += nc + ncomp;
    P->comp += ncomp;
    GBC_TRY(sort_candidates(&P->ctx, &P->sc, B, nc));
    size_t na;
    GBC_TRY(update_classes(&P->ctx, &P->sc, B, kn, nc, &na, &P->gm));
    const size_t e = k - J->k0;
    J->epart[e] = (uint32_t)(P - J->part);
    J->eoff[e] = P->nout;
    for (size_t b = 0; b < na; b++) {
        const pcand *c = &C[P->sc.alive[b]];
        if (!cand_stored(B, c, kn, &P->product, &P->known))
            continue;
        GBC_TRY(GBC_GROW(&P->ctx, P->out, P->ocap, P->nout + 1));
        P->out[P->nout++] = (many_pair){c->i, c->w};
    }
    J->epairs[e] = (uint32_t)(P->nout - J->eoff[e]);
    return GBC_OK;
}

static void many_elements(void *arg, int t)
{
    many_job *J = arg;
    many_part *P = &J->part[t];
    const size_t m = J->B->n - J->k0;
    size_t a, b;
    while (P->st == GBC_OK && !atomic_load(&J->stop) &&
           gbc_take_chunk(&J->next, m, MANY_GRAB, &a, &b)) {
        if (t == 0)
            P->st = gbc_ctx_check(J->ctx); /* an interrupt stops every part */
        for (size_t e = a; e < b && P->st == GBC_OK; e++)
            P->st = many_element(J, P, J->k0 + (uint32_t)e);
    }
    if (P->st != GBC_OK)
        atomic_store(&J->stop, 1);
}

/* Below this many candidates in all (the sum of the new elements' indices), the
 * updates run one after another. */
#define MANY_MIN_CANDS 8192

gbc_status pairs_update_many(gbc_ctx *ctx, pairset *ps, pairs_basis *B, uint32_t k0, int nt)
{
    const uint32_t n = B->n;
    if (k0 >= n)
        return GBC_OK;
    const uint64_t cands = ((uint64_t)k0 + n - 1) * (n - k0) / 2;
    if (ctx->pool != NULL && nt > gbc_pool_size(ctx->pool))
        nt = gbc_pool_size(ctx->pool);
    if (nt <= 1 || ctx->pool == NULL || cands < MANY_MIN_CANDS) {
        for (uint32_t k = k0; k < n; k++) {
            B->n = k + 1;
            gbc_status st = pairs_update(ctx, ps, B);
            if (st != GBC_OK) {
                B->n = n;
                return st;
            }
        }
        return GBC_OK;
    }
    if (nt > 64)
        nt = 64;
    mht *t = B->t;
    mht *pt = B->lcms != NULL ? B->lcms : t;
    const uint32_t m = n - k0;
    many_job J = {ctx, B, k0, NULL, NULL, NULL, NULL, NULL, 0, 0};
    many_part part[64];
    uint32_t *head = NULL, *link = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ALLOC(ctx, J.fr, n), done0);
    GBC_CHECK(st, GBC_ALLOC(ctx, J.epart, m), done0);
    GBC_CHECK(st, GBC_ALLOC(ctx, J.epairs, m), done0);
    GBC_CHECK(st, GBC_ALLOC(ctx, J.eoff, m), done0);
    GBC_CHECK(st, GBC_ALLOC(ctx, head, (size_t)m + 1), done0);
    GBC_CHECK(st, GBC_ALLOC(ctx, link, n), done0);
    GBC_CHECK(st, gbc_ctx_poll(ctx), done0);
    atomic_init(&J.next, 0);
    atomic_init(&J.stop, 0);
    gbc_pool_run(ctx->pool, many_fr, &J, nt);

    /* the parts' candidates, on a budget of their own as a kernel's workers; what
     * they keep is ctx's afterwards (gbc_budget_settle) */
    gbc_budget bud;
    const size_t base = ctx->mem_used;
    gbc_budget_begin(&bud, ctx);
    memset(part, 0, sizeof part[0] * (size_t)nt);
    for (int p = 0; p < nt; p++) {
        gbc_ctx_init_worker(&part[p].ctx, &bud);
        part[p].ctx.plan = ctx->plan;
    }
    J.part = part;
    atomic_store(&J.next, 0);
    gbc_pool_run(ctx->pool, many_elements, &J, nt);
    gbc_budget_settle(&bud, base, ctx);
    gbc_budget_end(&bud, ctx);
    st = GBC_OK;
    for (int p = 0; p < nt; p++) {
        st = gbc_status_join(st, part[p].st);
        ps->stat_created += part[p].created;
        ps->stat_comp += part[p].comp;
        ps->stat_gm += part[p].gm;
        ps->stat_product += part[p].product;
        ps->stat_known += part[p].known;
    }

    /* the updates' other halves, in order: the chain criterion, the pairs stored,
     * the redundancy marks (the elements element k makes redundant, in lists) */
    for (uint32_t e = 0; e <= m; e++)
        head[e] = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
        if (J.fr[i] < n) {
            link[i] = head[J.fr[i] - k0];
            head[J.fr[i] - k0] = i;
        }
    for (uint32_t k = k0; k < n && st == GBC_OK; k++) {
        B->n = k + 1;
        const uint32_t e = k - k0;
        update_chain(ps, B, pt, B->lm[k], NULL);
        const many_part *P = &part[J.epart[e]];
        st = GBC_GROW(ctx, ps->p, ps->cap, ps->n + J.epairs[e]);
        for (uint32_t q = 0; q < J.epairs[e] && st == GBC_OK; q++) {
            const many_pair *c = &P->out[J.eoff[e] + q];
            st = store_pair(ctx, ps, B, pt, c->i, c->w);
        }
        for (uint32_t i = head[e]; i != UINT32_MAX; i = link[i])
            B->redundant[i] = 1;
    }
    B->n = n;
    for (int p = 0; p < nt; p++) {
        pscratch_clear(ctx, &part[p].sc);
        gbc_free(ctx, part[p].out);
    }
done0:
    gbc_free(ctx, J.fr);
    gbc_free(ctx, J.epart);
    gbc_free(ctx, J.epairs);
    gbc_free(ctx, J.eoff);
    gbc_free(ctx, head);
    gbc_free(ctx, link);
    return st;
}
