/* pairs: Gebauer-Moeller update and selection helpers. */
#include "pairs/pairs.h"

#include "common/sort.h"

/* A candidate's hash before it is described (hashes are below 2^31 - 1). */
#define CAND_UNDESCRIBED UINT32_MAX

void pairs_init(pairset *ps)
{
    memset(ps, 0, sizeof *ps);
}

void pairs_clear(gbc_ctx *ctx, pairset *ps)
{
    gbc_free(ctx, ps->p);
    gbc_free(ctx, ps->cand);
    gbc_free(ctx, ps->alive);
    gbc_free(ctx, ps->ckey);
    gbc_free(ctx, ps->corder);
    gbc_free(ctx, ps->ctmp);
    gbc_free(ctx, ps->gscr);
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
static gbc_status reserve_keys(gbc_ctx *ctx, pairset *ps, size_t nc)
{
    if (ps->kcap >= nc)
        return GBC_OK;
    size_t cap = nc > 2 * ps->kcap ? nc : 2 * ps->kcap;
    gbc_free(ctx, ps->ckey);
    gbc_free(ctx, ps->corder);
    gbc_free(ctx, ps->ctmp);
    ps->ckey = NULL;
    ps->corder = NULL;
    ps->ctmp = NULL;
    ps->kcap = 0;
    GBC_TRY(GBC_ALLOC(ctx, ps->ckey, cap));
    GBC_TRY(GBC_ALLOC(ctx, ps->corder, cap));
    GBC_TRY(GBC_ALLOC(ctx, ps->ctmp, cap));
    ps->kcap = cap;
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
 * ps->corder[k]. So a class is contiguous and every proper divisor of an lcm
 * (lower degree) comes before it, which is all update_classes needs: the pairs
 * kept are the same in any order of the classes of one degree (a class is dropped
 * only for a kept lcm of lower degree), and F4 sorts the pairs it selects itself.
 * Counting sorts, or a sort by keys when the degrees span much more than nc. */
static gbc_status sort_candidates(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, size_t nc)
{
    if (nc == 0)
        return GBC_OK;
    GBC_TRY(reserve_keys(ctx, ps, nc));
    pcand *C = ps->cand;
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
    GBC_TRY(GBC_GROW(ctx, ps->gscr, ps->gcap, msize + 3 * nc + nd));
    uint32_t *map = ps->gscr;            /* hash slot -> class + 1 */
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
            ps->ckey[c] = (uint64_t)C[rep[c]].ldeg << 32 | c;
            ps->corder[c] = c;
        }
        GBC_TRY(gbc_sort_by_key(ctx, ps->corder, ncls, ps->ckey));
        uint32_t at = 0;
        for (uint32_t r = 0; r < ncls; r++) {
            uint32_t c = ps->corder[r], m = cnum[c];
            cnum[c] = at;
            at += m;
        }
    }
    for (size_t k = 0; k < nc; k++) {
        uint32_t at = cnum[cls[k]]++;
        ps->ctmp[at] = C[k];
        ps->corder[at] = cls[k];
    }
    memcpy(C, ps->ctmp, nc * sizeof *C);
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

/* The candidates of an update in ps->cand, C[i] for every older element i:
 * lcm(lm_i, lt) described by its degree, hash and divisor mask (the or of the two
 * leads': every mask bit is a threshold on one exponent) without forming it,
 * weighed by pair_weight, or PAIR_KNOWN for a known pair (pairs_basis.ecart; *kn
 * says whether the new element is known). A redundant element's candidate is left
 * undescribed (only its i is set): it makes no pair, and the chain criterion
 * describes it when it needs it (cand_is; most elements of a long run end
 * redundant: cyclic-8, three in four). GBC_ERR_OVERFLOW when an lcm's degree
 * would pass UINT32_MAX. */
static gbc_status update_candidates(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, int *kn)
{
    const mht *t = B->t;
    const uint32_t nw = B->n - 1, dmt = t->row[B->lm[nw]].divmask;
    GBC_TRY(GBC_GROW(ctx, ps->cand, ps->ccap, (size_t)nw + 1));
    pcand *C = ps->cand;
    const uint8_t *red = B->redundant;
    const uint32_t *lm = B->lm;
    for (uint32_t i = 0; i < nw; i++) {
        C[i].i = i;
        if (red[i]) {
            C[i].hash = CAND_UNDESCRIBED;
            continue;
        }
        uint64_t deg;
        const uint32_t h = cand_hash(B, i, &deg);
        if (deg > UINT32_MAX)
            return GBC_ERR_OVERFLOW;
        C[i].ldeg = (uint32_t)deg;
        C[i].hash = h;
        C[i].dm = t->row[lm[i]].divmask | dmt;
        C[i].w = pair_weight(B, i, nw, (uint32_t)deg);
    }
    /* Known pairs: their weight becomes PAIR_KNOWN (candidates only; a known pair
     * is never stored). */
    *kn = B->ecart != NULL && nw < B->nknown;
    if (*kn) {
        GBC_ASSERT(B->sugar == NULL);
        const uint32_t ew = B->ecart[nw];
        for (uint32_t i = 0; i < nw; i++) {
            if (B->redundant[i])
                continue;
            uint64_t e = B->ecart[i] > ew ? B->ecart[i] : ew;
            if ((uint64_t)C[i].ldeg + e <= B->dknown)
                C[i].w = PAIR_KNOWN;
        }
    }
    return GBC_OK;
}

/* Whether candidate c's lcm, lcm(lm_c.i, lt), is the monomial m of pt (a
 * redundant element's candidate is described here the first time,
 * update_candidates; an lcm of degree past UINT32_MAX is no monomial of pt). */
static int cand_is(const pairs_basis *B, pcand *c, const mht *pt, uint32_t m)
{
    const mht *t = B->t;
    if (c->hash == CAND_UNDESCRIBED) {
        uint64_t deg;
        c->hash = cand_hash(B, c->i, &deg);
        c->ldeg = deg > UINT32_MAX ? UINT32_MAX : (uint32_t)deg;
        if (deg > UINT32_MAX)
            return 0;
    }
    if (c->hash != pt->row[m].hash || c->ldeg != pt->row[m].deg)
        return 0;
    const uint32_t *a = mht_exps(t, B->lm[c->i]), *b = mht_exps(t, B->lm[B->n - 1]),
                   *e = mht_exps(pt, m);
    for (uint32_t v = 0; v < t->nvars; v++)
        if ((a[v] > b[v] ? a[v] : b[v]) != e[v])
            return 0;
    return 1;
}

/* Chain criterion on the old pairs: drop (i, j) when lt divides lcm(i, j) and
 * both lcm(i, new) and lcm(j, new) differ from it. */
static void update_chain(pairset *ps, const pairs_basis *B, const mht *pt, uint32_t lt,
                         pcand *C)
{
    const mht *t = B->t;
    size_t k = 0;
    for (size_t q = 0; q < ps->n; q++) {
        spair *p = &ps->p[q];
        if (mht_divides(t, lt, pt, p->lcm) && !cand_is(B, &C[p->i], pt, p->lcm) &&
            !cand_is(B, &C[p->j], pt, p->lcm)) {
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

/* Criteria M and F (Becker-Weispfenning, UPDATE) on the nc candidates of C, sorted
 * by sort_candidates: of the candidates with one lcm (a class) one stands for all: a
 * coprime one if there is one (then the whole class goes with the product
 * criterion, update_store), else a known one (kn), else the oldest, so that the
 * rows of a degree come from the oldest elements, as in msolve (katsura-11: the
 * same matrices as msolve's, 19% fewer rows than with the newest at degree 9). A
 * non-coprime class goes when a kept candidate's lcm (a proper divisor: classes
 * come in order of lcm degree) divides its own. The kept candidates' indices into C go to
 * ps->alive, their number to *na. */
static gbc_status update_classes(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, int kn,
                                 size_t nc, size_t *na)
{
    const pcand *C = ps->cand;
    GBC_TRY(GBC_GROW(ctx, ps->alive, ps->acap, nc + 1));
    uint32_t *alive = ps->alive;
    size_t n = 0;
    const uint32_t *cls = ps->corder; /* the candidates' classes (sort_candidates) */
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
        ps->stat_gm += e - a - 1;
        int dominated = 0;
        for (size_t b = 0; b < n && !coprime && !dominated; b++)
            if (cand_divides(B, &C[alive[b]], &C[a]))
                dominated = 1;
        if (dominated) {
            ps->stat_gm++;
            continue;
        }
        alive[n++] = (uint32_t)rep;
    }
    *na = n;
    return GBC_OK;
}

/* The degree of candidate c's lcm in the component variables of B. */
static uint64_t comp_degree(const pairs_basis *B, const pcand *c)
{
    const mht *t = B->t;
    const uint32_t *a = mht_exps(t, B->lm[c->i]) + B->comp_first,
                   *b = mht_exps(t, B->lm[B->n - 1]) + B->comp_first;
    uint64_t d = 0;
    for (uint32_t k = 0; k < B->comp_n; k++)
        d += a[k] > b[k] ? a[k] : b[k];
    return d;
}

/* Store the na kept candidates (ps->alive) as pairs, their lcms entered in pt, but
 * for the coprime ones (the product criterion) and the known ones. Those whose lcm
 * has degree 2 or more in the component variables never get here (pairs_update):
 * with every term of every element of degree 1 in them (or a product of two of
 * them), the S-polynomial of such a pair has only terms of degree 2 in them, below
 * the lcm, each a multiple of a product in the basis, so it has a standard
 * representation, as a coprime pair has. */
static gbc_status update_store(gbc_ctx *ctx, pairset *ps, const pairs_basis *B, mht *pt,
                               int kn, size_t na)
{
    const uint32_t nw = B->n - 1, lt = B->lm[nw];
    GBC_TRY(GBC_GROW(ctx, ps->p, ps->cap, ps->n + na));
    for (size_t b = 0; b < na; b++) {
        const pcand *c = &ps->cand[ps->alive[b]];
        if (cand_coprime(B, c)) {
            ps->stat_product++;
            continue;
        }
        if (kn && c->w == PAIR_KNOWN) {
            ps->stat_known++;
            continue;
        }
        spair *p = &ps->p[ps->n];
        GBC_TRY(mht_insert_lcm(ctx, pt, B->t, B->lm[c->i], lt, &p->lcm));
        p->i = c->i;
        p->j = nw;
        p->deg = c->w;
        ps->n++;
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
    GBC_TRY(update_candidates(ctx, ps, B, &kn));
    update_chain(ps, B, pt, lt, ps->cand);

    /* New pairs, only with non-redundant elements, by ascending lcm degree. Those
     * whose lcm has degree 2 or more in the component variables are never stored
     * (update_store), and they take no part in criteria M and F on the others:
     * their classes hold only such candidates, and their lcms divide no other lcm
     * (those have degree at most 1 there, every lead having degree 1 or 2 in them).
     * So they go here, before the sort (with five components, four candidates in
     * five). */
    pcand *C = ps->cand;
    size_t nc = 0, ncomp = 0;
    for (uint32_t i = 0; i < nw; i++) {
        if (B->redundant[i])
            continue;
        if (B->comp_n > 0 && comp_degree(B, &C[i]) >= 2) {
            ncomp++;
            continue;
        }
        C[nc++] = C[i];
    }
    ps->stat_created += nc + ncomp;
    ps->stat_comp += ncomp;
    GBC_TRY(sort_candidates(ctx, ps, B, nc));
    size_t na;
    GBC_TRY(update_classes(ctx, ps, B, kn, nc, &na));
    GBC_TRY(update_store(ctx, ps, B, pt, kn, na));

    /* Older elements whose lead the new lead divides leave the basis. */
    for (uint32_t i = 0; i < nw; i++)
        if (!B->redundant[i] && mht_divides(t, lt, t, B->lm[i]))
            B->redundant[i] = 1;
    return GBC_OK;
}
