/* t-pairs: the S-pair set of pairs/ (the Gebauer-Moeller update and the selection).
 * - Random leading monomials in every order kind are added one at a time, with
 *   random pops in between: after each update the stored pairs and the redundancy
 *   marks agree with their definitions (recomputed here), and at the end every pair
 *   of the whole list is covered, by a brute-force test written here: i and j are
 *   joined by a chain of elements whose leads divide lcm(i, j), each link a pair
 *   that was kept (stored or popped), coprime, or of an lcm properly dividing
 *   lcm(i, j) (Becker-Weispfenning, Sec. 5.5: then every dropped S-polynomial has a
 *   standard representation once the kept ones reduce to zero).
 * - The same with the lcms in a table of their own (F4's form): the same pairs; with
 *   sugar weights: each weight is the sugar formula; with known pairs: exactly the
 *   pairs of low degree are left out.
 * - pairs_update_many on two threads against pairs_update one element at a time:
 *   the same pairs, marks and counts.
 * - pairs_cmp against its definition, pairs_pop_min against a linear scan,
 *   pairs_sort ascending, pairs_min_deg.
 * - A Buchberger loop written here on pairs/ alone (top reduction by one multiple at
 *   a time, modulo a prime): the popped sugar never decreases, its basis passes the
 *   all-pairs Groebner test of check/, and interreduced it equals the reduced basis
 *   of buchberger/.
 * Seeds are printed (testutil); a failing random case prints its input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "common/pool.h"
#include "io/io.h"
#include "pairs/pairs.h"
#include "testutil.h"

#define CTX TU_CTX

/* ---------------------------------------------------------- a lead list -- */

#define MAXN 24  /* elements per random list */
#define MAXV 6   /* variables */

/* An order, its table parameters, the basis table and (for the F4 form) a table
 * of lcms, with the leading monomials added so far and their exponents. */
typedef struct leads {
    mono_order ord;
    mht_params par;
    mht t, lt;
    int sep;                  /* the lcms live in lt */
    uint32_t nv, n;
    uint32_t lm[MAXN];
    uint32_t e[MAXN][MAXV];
    uint8_t red[MAXN];
    uint32_t sugar[MAXN];
    char spec[128];
} leads;

static void leads_init(leads *L, const char *spec, uint32_t nv, int sep, uint64_t seed)
{
    char msg[256];
    memset(L, 0, sizeof *L);
    snprintf(L->spec, sizeof L->spec, "%s", spec);
    ck_assert_msg(mono_order_parse(CTX, &L->ord, spec, nv, msg, sizeof msg) == GBC_OK, "%s",
                  msg);
    ck_assert_int_eq(mht_params_init(CTX, &L->par, &L->ord, seed), GBC_OK);
    ck_assert_int_eq(mht_init(CTX, &L->t, &L->par, 4), GBC_OK);
    ck_assert_int_eq(mht_init(CTX, &L->lt, &L->par, 4), GBC_OK);
    L->sep = sep;
    L->nv = nv;
}

static void leads_clear(leads *L)
{
    mht_clear(CTX, &L->t);
    mht_clear(CTX, &L->lt);
    mht_params_clear(CTX, &L->par);
    mono_order_clear(CTX, &L->ord);
}

static const mht *lcm_table(const leads *L)
{
    return L->sep ? &L->lt : &L->t;
}

static void random_mono(gbc_rng *r, uint32_t *e, uint32_t nv, uint32_t maxe)
{
    for (uint32_t v = 0; v < nv; v++)
        e[v] = gbc_rng_below(r, 2) ? (uint32_t)gbc_rng_below(r, maxe + 1) : 0;
}

static uint32_t deg_of(const uint32_t *e, uint32_t nv)
{
    uint32_t d = 0;
    for (uint32_t v = 0; v < nv; v++)
        d += e[v];
    return d;
}

static void lcm_of(uint32_t *l, const uint32_t *a, const uint32_t *b, uint32_t nv)
{
    for (uint32_t v = 0; v < nv; v++)
        l[v] = a[v] > b[v] ? a[v] : b[v];
}

static int divides(const uint32_t *a, const uint32_t *b, uint32_t nv)
{
    for (uint32_t v = 0; v < nv; v++)
        if (a[v] > b[v])
            return 0;
    return 1;
}

static int coprime(const uint32_t *a, const uint32_t *b, uint32_t nv)
{
    for (uint32_t v = 0; v < nv; v++)
        if (a[v] != 0 && b[v] != 0)
            return 0;
    return 1;
}

/* Add the lead e (with sugar s, or no sugar when ks == 0) and run the update. */
static void leads_add(leads *L, pairset *ps, const uint32_t *e, uint32_t s, int ks,
                      const uint32_t *ecart, uint32_t nknown, uint32_t dknown)
{
    T_ASSERT(L->n < MAXN);
    memcpy(L->e[L->n], e, sizeof(uint32_t) * L->nv);
    ck_assert_int_eq(mht_insert(CTX, &L->t, e, &L->lm[L->n]), GBC_OK);
    L->sugar[L->n] = s;
    L->n++;
    pairs_basis B = {&L->t, L->lm, L->red, ks ? L->sugar : NULL, L->n,
                     L->sep ? &L->lt : NULL, ecart, nknown, dknown, 0, 0};
    ck_assert_int_eq(pairs_update(CTX, ps, &B), GBC_OK);
}

/* The stored pairs agree with their definitions: i < j < n, the lcm's exponents,
 * the weight (lcm degree, or the sugar formula), no coprime pair, no pair twice;
 * the redundancy marks are "a later lead divides mine". */
static void check_stored(const leads *L, const pairset *ps, int ks)
{
    const mht *pt = lcm_table(L);
    const uint32_t nv = L->nv;
    for (size_t q = 0; q < ps->n; q++) {
        const spair *p = &ps->p[q];
        T_ASSERT_MSG(p->i < p->j && p->j < L->n, "%s: pair (%u, %u) of %u elements", L->spec,
                     p->i, p->j, L->n);
        uint32_t l[MAXV];
        lcm_of(l, L->e[p->i], L->e[p->j], nv);
        T_ASSERT_MSG(p->lcm < pt->size && memcmp(mht_exps(pt, p->lcm), l, sizeof(uint32_t) * nv) == 0,
                     "%s: pair (%u, %u): wrong lcm", L->spec, p->i, p->j);
        uint32_t dl = deg_of(l, nv), w = dl;
        if (ks) {
            uint32_t si = L->sugar[p->i] + dl - deg_of(L->e[p->i], nv);
            uint32_t sj = L->sugar[p->j] + dl - deg_of(L->e[p->j], nv);
            w = si > sj ? si : sj;
        }
        T_ASSERT_MSG(p->deg == w, "%s: pair (%u, %u) weight %u, expected %u", L->spec, p->i,
                     p->j, p->deg, w);
        T_ASSERT_MSG(!coprime(L->e[p->i], L->e[p->j], nv), "%s: coprime pair (%u, %u) kept",
                     L->spec, p->i, p->j);
        for (size_t r = 0; r < q; r++)
            T_ASSERT_MSG(ps->p[r].i != p->i || ps->p[r].j != p->j, "%s: pair (%u, %u) twice",
                         L->spec, p->i, p->j);
    }
    for (uint32_t i = 0; i < L->n; i++) {
        int r = 0;
        for (uint32_t k = i + 1; k < L->n && !r; k++)
            r = divides(L->e[k], L->e[i], nv);
        T_ASSERT_MSG(L->red[i] == r, "%s: element %u redundant %d, expected %d", L->spec, i,
                     L->red[i], r);
    }
}

/* Union-find over at most MAXN elements. */
static uint32_t uf_find(uint32_t *up, uint32_t a)
{
    while (up[a] != a)
        a = up[a] = up[up[a]];
    return a;
}

/* The brute-force cover test: done[i][j] (i < j) marks the kept pairs. Every pair
 * (i, j) must be joined, among the elements whose lead divides T = lcm(i, j), by
 * links that are kept, coprime or of an lcm properly dividing T. Returns the first
 * uncovered pair in *bi, *bj, or 0 when all are covered. */
static int all_covered(const leads *L, uint8_t done[MAXN][MAXN], uint32_t *bi, uint32_t *bj)
{
    const uint32_t nv = L->nv, n = L->n;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++) {
            uint32_t T[MAXV], up[MAXN];
            lcm_of(T, L->e[i], L->e[j], nv);
            for (uint32_t k = 0; k < n; k++)
                up[k] = k;
            for (uint32_t a = 0; a < n; a++) {
                if (!divides(L->e[a], T, nv))
                    continue;
                for (uint32_t b = a + 1; b < n; b++) {
                    if (!divides(L->e[b], T, nv))
                        continue;
                    uint32_t l[MAXV];
                    lcm_of(l, L->e[a], L->e[b], nv);
                    int link = done[a][b] || coprime(L->e[a], L->e[b], nv) ||
                               memcmp(l, T, sizeof(uint32_t) * nv) != 0;
                    if (link)
                        up[uf_find(up, a)] = uf_find(up, b);
                }
            }
            if (uf_find(up, i) != uf_find(up, j)) {
                *bi = i;
                *bj = j;
                return 1;
            }
        }
    return 0;
}

static void print_leads(const leads *L)
{
    fprintf(stderr, "order %s, %u leads:", L->spec, L->n);
    for (uint32_t k = 0; k < L->n; k++) {
        fprintf(stderr, " (");
        for (uint32_t v = 0; v < L->nv; v++)
            fprintf(stderr, "%s%u", v ? "," : "", L->e[k][v]);
        fprintf(stderr, ")");
    }
    fprintf(stderr, "\n");
}

/* One random run: n leads in nv variables, each update followed by up to two pops.
 * The kept pairs (popped or left) are marked in done. */
static void run_random(leads *L, pairset *ps, gbc_rng *r, uint32_t n, int pops,
                       uint8_t done[MAXN][MAXN])
{
    memset(done, 0, MAXN * MAXN);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t e[MAXV];
        random_mono(r, e, L->nv, 3);
        leads_add(L, ps, e, 0, 0, NULL, 0, 0);
        check_stored(L, ps, 0);
        for (int q = pops ? (int)gbc_rng_below(r, 3) : 0; q > 0 && ps->n > 0; q--) {
            spair p;
            pairs_pop_min(ps, lcm_table(L), &p);
            done[p.i][p.j] = 1;
        }
    }
    for (size_t q = 0; q < ps->n; q++)
        done[ps->p[q].i][ps->p[q].j] = 1;
}

START_TEST(test_update_cover)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x9a1);
    const int rounds = 300 * tu_mult();
    size_t kept = 0, all = 0, chain = 0, gm = 0, product = 0;
    for (int it = 0; it < rounds; it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, MAXV - 1);
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        leads L;
        pairset ps;
        leads_init(&L, spec, nv, it % 2, gbc_rng_next(&r));
        pairs_init(&ps);
        uint8_t done[MAXN][MAXN];
        run_random(&L, &ps, &r, 8 + (uint32_t)gbc_rng_below(&r, MAXN - 7), it % 3 != 0, done);
        uint32_t bi, bj;
        if (all_covered(&L, done, &bi, &bj)) {
            print_leads(&L);
            ck_abort_msg("pair (%u, %u) dropped but not covered by the kept pairs", bi, bj);
        }
        for (uint32_t i = 0; i < L.n; i++)
            for (uint32_t j = i + 1; j < L.n; j++)
                kept += done[i][j];
        all += (size_t)L.n * (L.n - 1) / 2;
        chain += ps.stat_chain;
        gm += ps.stat_gm;
        product += ps.stat_product;
        pairs_clear(CTX, &ps);
        leads_clear(&L);
    }
    /* the test is not vacuous: every criterion dropped pairs, and far fewer pairs
     * were kept than there are */
    ck_assert_msg(chain > 0 && gm > 0 && product > 0, "chain %zu, M/F %zu, product %zu", chain,
                  gm, product);
    ck_assert_msg(2 * kept < all, "%zu pairs kept of %zu", kept, all);
}
END_TEST

/* The brute-force cover test can fail: with a kept pair forgotten whose two leads
 * are the only ones dividing its lcm, the pair is uncovered. */
START_TEST(test_cover_detects)
{
    leads L;
    pairset ps;
    leads_init(&L, "grevlex", 2, 0, 7);
    pairs_init(&ps);
    const uint32_t a[2] = {2, 0}, b[2] = {1, 1}, c[2] = {0, 2};
    leads_add(&L, &ps, a, 0, 0, NULL, 0, 0);
    leads_add(&L, &ps, b, 0, 0, NULL, 0, 0);
    leads_add(&L, &ps, c, 0, 0, NULL, 0, 0);
    check_stored(&L, &ps, 0);
    /* x^2, xy, y^2: the pairs (0,1), (1,2) kept, (0,2) dropped by the product
     * criterion (x^2 and y^2 are coprime) */
    ck_assert_uint_eq(ps.n, 2);
    uint8_t done[MAXN][MAXN];
    memset(done, 0, sizeof done);
    for (size_t q = 0; q < ps.n; q++)
        done[ps.p[q].i][ps.p[q].j] = 1;
    uint32_t bi, bj;
    ck_assert_int_eq(all_covered(&L, done, &bi, &bj), 0);
    ck_assert_uint_eq(ps.stat_product, 1);
    ck_assert_uint_eq(ps.stat_chain + ps.stat_gm, 0);
    done[0][1] = 0;
    ck_assert_int_eq(all_covered(&L, done, &bi, &bj), 1);
    ck_assert_uint_eq(bi, 0);
    ck_assert_uint_eq(bj, 1);
    pairs_clear(CTX, &ps);
    leads_clear(&L);
}
END_TEST

/* A coprime class leaves with the product criterion; a multiple lead marks the
 * older element redundant and gets no pair with it afterwards. */
START_TEST(test_update_small)
{
    leads L;
    pairset ps;
    leads_init(&L, "lex", 3, 0, 3);
    pairs_init(&ps);
    const uint32_t x2[3] = {2, 0, 0}, y2[3] = {0, 2, 0}, x[3] = {1, 0, 0}, xz[3] = {1, 0, 1};
    leads_add(&L, &ps, x2, 0, 0, NULL, 0, 0);
    leads_add(&L, &ps, y2, 0, 0, NULL, 0, 0);
    ck_assert_uint_eq(ps.n, 0); /* coprime */
    ck_assert_uint_eq(ps.stat_product, 1);
    leads_add(&L, &ps, x, 0, 0, NULL, 0, 0);
    check_stored(&L, &ps, 0);
    ck_assert_uint_eq(L.red[0], 1); /* x divides x^2 */
    ck_assert_uint_eq(L.red[1], 0);
    /* (0, 2): lcm x^2; (1, 2) coprime */
    ck_assert_uint_eq(ps.n, 1);
    ck_assert_uint_eq(ps.p[0].i, 0);
    ck_assert_uint_eq(ps.p[0].j, 2);
    ck_assert_uint_eq(ps.p[0].deg, 2);
    leads_add(&L, &ps, xz, 0, 0, NULL, 0, 0);
    check_stored(&L, &ps, 0);
    /* no pair with the redundant element 0; (2, 3) has lcm xz */
    for (size_t q = 0; q < ps.n; q++)
        T_ASSERT(!(ps.p[q].i == 0 && ps.p[q].j == 3));
    int found = 0;
    for (size_t q = 0; q < ps.n; q++)
        found |= ps.p[q].i == 2 && ps.p[q].j == 3;
    ck_assert_int_eq(found, 1);
    pairs_clear(CTX, &ps);
    leads_clear(&L);
}
END_TEST

/* The pairs as sorted exponent tuples (i, j, lcm exponents) for comparing runs. */
static int same_pairs(const leads *A, const pairset *pa, const leads *B, const pairset *pb)
{
    if (pa->n != pb->n)
        return 0;
    for (size_t q = 0; q < pa->n; q++) {
        const spair *p = &pa->p[q];
        int found = 0;
        for (size_t s = 0; s < pb->n && !found; s++) {
            const spair *o = &pb->p[s];
            found = o->i == p->i && o->j == p->j && o->deg == p->deg &&
                    memcmp(mht_exps(lcm_table(A), p->lcm), mht_exps(lcm_table(B), o->lcm),
                           sizeof(uint32_t) * A->nv) == 0;
        }
        if (!found)
            return 0;
    }
    return 1;
}

/* The lcms in a table of their own (F4's form) give the same pairs as in the basis
 * table, and that table keeps no more lcms than there are pairs made. */
START_TEST(test_update_sep_table)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x5e9);
    for (int it = 0; it < 40 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, MAXV - 1);
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        uint64_t s = gbc_rng_next(&r);
        leads A, B;
        pairset pa, pb;
        leads_init(&A, spec, nv, 0, s);
        leads_init(&B, spec, nv, 1, s);
        pairs_init(&pa);
        pairs_init(&pb);
        uint32_t n = 6 + (uint32_t)gbc_rng_below(&r, MAXN - 5);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t e[MAXV];
            random_mono(&r, e, nv, 3);
            leads_add(&A, &pa, e, 0, 0, NULL, 0, 0);
            leads_add(&B, &pb, e, 0, 0, NULL, 0, 0);
            check_stored(&B, &pb, 0);
            if (!same_pairs(&A, &pa, &B, &pb)) {
                print_leads(&A);
                ck_abort_msg("the two tables keep different pairs after %u leads", k + 1);
            }
            T_ASSERT_MSG(B.lt.size <= pb.stat_created, "%u lcms kept, %zu pairs made",
                         B.lt.size, pb.stat_created);
        }
        pairs_clear(CTX, &pa);
        pairs_clear(CTX, &pb);
        leads_clear(&A);
        leads_clear(&B);
    }
}
END_TEST

/* Sugar weights: each stored weight is max over the two elements of sugar + deg
 * lcm - deg lead (checked in check_stored); the kept pairs do not depend on the
 * weights. */
START_TEST(test_update_sugar)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x5ca);
    for (int it = 0; it < 40 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, MAXV - 1);
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        uint64_t s = gbc_rng_next(&r);
        leads A, B;
        pairset pa, pb;
        leads_init(&A, spec, nv, 0, s);
        leads_init(&B, spec, nv, 0, s);
        pairs_init(&pa);
        pairs_init(&pb);
        uint32_t n = 6 + (uint32_t)gbc_rng_below(&r, MAXN - 5);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t e[MAXV];
            random_mono(&r, e, nv, 3);
            uint32_t sg = deg_of(e, nv) + (uint32_t)gbc_rng_below(&r, 4);
            leads_add(&A, &pa, e, sg, 1, NULL, 0, 0);
            leads_add(&B, &pb, e, 0, 0, NULL, 0, 0);
            check_stored(&A, &pa, 1);
            T_ASSERT(pa.n == pb.n);
            for (size_t q = 0; q < pa.n; q++) {
                const spair *p = &pa.p[q];
                int found = 0;
                for (size_t t = 0; t < pb.n && !found; t++)
                    found = pb.p[t].i == p->i && pb.p[t].j == p->j;
                T_ASSERT_MSG(found, "%s: pair (%u, %u) kept with sugar only", spec, p->i, p->j);
            }
        }
        pairs_clear(CTX, &pa);
        pairs_clear(CTX, &pb);
        leads_clear(&A);
        leads_clear(&B);
    }
}
END_TEST

/* Known pairs (pairs_basis.ecart) with every ecart 0: a pair of lcm degree at most
 * dknown is never stored and is counted in stat_known; the others are those of the
 * run without known pairs. */
START_TEST(test_update_known)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x6e0);
    uint32_t ecart[MAXN] = {0};
    size_t known = 0;
    for (int it = 0; it < 40 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, MAXV - 1);
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        uint64_t s = gbc_rng_next(&r);
        leads A, B;
        pairset pa, pb;
        leads_init(&A, spec, nv, 1, s);
        leads_init(&B, spec, nv, 1, s);
        pairs_init(&pa);
        pairs_init(&pb);
        uint32_t n = 6 + (uint32_t)gbc_rng_below(&r, MAXN - 5);
        uint32_t dk = 2 + (uint32_t)gbc_rng_below(&r, 5);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t e[MAXV];
            random_mono(&r, e, nv, 3);
            leads_add(&A, &pa, e, 0, 0, ecart, n, dk);
            leads_add(&B, &pb, e, 0, 0, NULL, 0, 0);
            check_stored(&A, &pa, 0);
        }
        size_t expect = 0;
        for (size_t q = 0; q < pb.n; q++) {
            const spair *p = &pb.p[q];
            if (p->deg <= dk)
                continue;
            expect++;
            int found = 0;
            for (size_t t = 0; t < pa.n && !found; t++)
                found = pa.p[t].i == p->i && pa.p[t].j == p->j;
            T_ASSERT_MSG(found, "%s: pair (%u, %u) of degree %u > %u missing", spec, p->i, p->j,
                         p->deg, dk);
        }
        for (size_t q = 0; q < pa.n; q++)
            T_ASSERT_MSG(pa.p[q].deg > dk, "%s: a known pair of degree %u <= %u stored", spec,
                         pa.p[q].deg, dk);
        T_ASSERT_MSG(pa.n == expect, "%s: %zu pairs stored, expected %zu", spec, pa.n, expect);
        known += pa.stat_known;
        pairs_clear(CTX, &pa);
        pairs_clear(CTX, &pb);
        leads_clear(&A);
        leads_clear(&B);
    }
    ck_assert_msg(known > 0, "no pair was known");
}
END_TEST

/* pairs_update_many on two threads makes exactly what pairs_update after each
 * element makes: the same pairs in the same order (elements, weights, lcms), the
 * same redundancy marks and counts; batches of 1-160 elements over lists of up to
 * 400 leads, with lcms in the basis table or apart, weights by degree or sugar,
 * and known pairs. The batches are large enough for the parts to run (the update
 * takes them on its threads from 8,192 candidates). */
#define MANY_N 400
START_TEST(test_update_many)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x3a7);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.threads = 2;
    int made = gbc_ctx_pool_enter(&ctx);
    ck_assert_msg(made && ctx.pool != NULL, "no pool of two threads");
    static uint32_t lm[2][MANY_N], sugar[MANY_N], ecart[MANY_N];
    static uint8_t red[2][MANY_N];
    size_t batched = 0;
    for (int it = 0; it < 12 * tu_mult(); it++) {
        uint32_t nv = 3 + (uint32_t)gbc_rng_below(&r, MAXV - 2);
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        mono_order ord;
        char msg[256];
        ck_assert_msg(mono_order_parse(&ctx, &ord, spec, nv, msg, sizeof msg) == GBC_OK, "%s",
                      msg);
        mht_params par;
        ck_assert_int_eq(mht_params_init(&ctx, &par, &ord, gbc_rng_next(&r)), GBC_OK);
        const int sep = it % 2, ks = it % 3 == 1, kn = it % 3 == 2;
        mht t[2], lt[2];
        pairset ps[2];
        for (int v = 0; v < 2; v++) {
            ck_assert_int_eq(mht_init(&ctx, &t[v], &par, 4), GBC_OK);
            ck_assert_int_eq(mht_init(&ctx, &lt[v], &par, 4), GBC_OK);
            pairs_init(&ps[v]);
            memset(red[v], 0, sizeof red[v]);
        }
        const uint32_t dk = 4 + (uint32_t)gbc_rng_below(&r, 4);
        uint32_t n = 0;
        while (n < MANY_N) {
            uint32_t m = 1 + (uint32_t)gbc_rng_below(&r, 160);
            if (m > MANY_N - n)
                m = MANY_N - n;
            const uint32_t k0 = n;
            for (uint32_t q = 0; q < m; q++, n++) {
                uint32_t e[MAXV];
                random_mono(&r, e, nv, 4 + (uint32_t)gbc_rng_below(&r, 5));
                sugar[n] = deg_of(e, nv) + (uint32_t)gbc_rng_below(&r, 3);
                ecart[n] = (uint32_t)gbc_rng_below(&r, 2);
                for (int v = 0; v < 2; v++) {
                    ck_assert_int_eq(mht_insert(&ctx, &t[v], e, &lm[v][n]), GBC_OK);
                    if (v == 0) { /* one by one */
                        pairs_basis B = {&t[0], lm[0], red[0], ks ? sugar : NULL, n + 1,
                                         sep ? &lt[0] : NULL, kn ? ecart : NULL,
                                         kn ? MANY_N / 2 : 0, dk, 0, 0};
                        ck_assert_int_eq(pairs_update(&ctx, &ps[0], &B), GBC_OK);
                    }
                }
            }
            pairs_basis B = {&t[1], lm[1], red[1], ks ? sugar : NULL, n,
                             sep ? &lt[1] : NULL, kn ? ecart : NULL, kn ? MANY_N / 2 : 0, dk,
                             0, 0};
            ck_assert_int_eq(pairs_update_many(&ctx, &ps[1], &B, k0, 2), GBC_OK);
            ck_assert_uint_eq(B.n, n);
            batched += ((uint64_t)k0 + n - 1) * m / 2 >= 8192;
            /* pop a few pairs from both, as a run selects between rounds */
            uint32_t pops = (uint32_t)gbc_rng_below(&r, 4);
            for (uint32_t q = 0; q < pops && ps[0].n > 0; q++) {
                spair a, b;
                pairs_pop_min(&ps[0], sep ? &lt[0] : &t[0], &a);
                pairs_pop_min(&ps[1], sep ? &lt[1] : &t[1], &b);
                T_ASSERT_MSG(a.i == b.i && a.j == b.j, "%s: popped (%u, %u) and (%u, %u)",
                             spec, a.i, a.j, b.i, b.j);
            }
            T_ASSERT_MSG(ps[0].n == ps[1].n, "%s: %zu pairs one by one, %zu batched", spec,
                         ps[0].n, ps[1].n);
            for (size_t q = 0; q < ps[0].n; q++) {
                const spair *a = &ps[0].p[q], *b = &ps[1].p[q];
                const mht *ta = sep ? &lt[0] : &t[0], *tb = sep ? &lt[1] : &t[1];
                T_ASSERT_MSG(a->i == b->i && a->j == b->j && a->deg == b->deg &&
                                 memcmp(mht_exps(ta, a->lcm), mht_exps(tb, b->lcm),
                                        sizeof(uint32_t) * nv) == 0,
                             "%s: pair %zu: (%u, %u) of weight %u one by one, (%u, %u) of "
                             "weight %u batched",
                             spec, q, a->i, a->j, a->deg, b->i, b->j, b->deg);
            }
            T_ASSERT_MSG(memcmp(red[0], red[1], n) == 0, "%s: redundancy marks differ", spec);
            T_ASSERT(ps[0].stat_created == ps[1].stat_created &&
                     ps[0].stat_chain == ps[1].stat_chain && ps[0].stat_gm == ps[1].stat_gm &&
                     ps[0].stat_product == ps[1].stat_product &&
                     ps[0].stat_known == ps[1].stat_known);
        }
        for (int v = 0; v < 2; v++) {
            pairs_clear(&ctx, &ps[v]);
            mht_clear(&ctx, &t[v]);
            mht_clear(&ctx, &lt[v]);
        }
        mht_params_clear(&ctx, &par);
        mono_order_clear(&ctx, &ord);
    }
    gbc_ctx_pool_leave(&ctx, made);
    ck_assert_msg(batched > 0, "no batch was large enough for the threads");
    ck_assert_uint_eq(ctx.mem_used, 0);
}
END_TEST

/* pairs_cmp follows (weight, lcm in the order, j, i); pairs_pop_min returns the
 * smallest pair by it; pairs_sort sorts ascending; pairs_min_deg the least weight. */
START_TEST(test_selection)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0x5e1);
    for (int it = 0; it < 40 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, MAXV - 1);
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        leads L;
        pairset ps;
        leads_init(&L, spec, nv, it % 2, gbc_rng_next(&r));
        pairs_init(&ps);
        uint32_t n = 8 + (uint32_t)gbc_rng_below(&r, MAXN - 7);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t e[MAXV];
            random_mono(&r, e, nv, 3);
            leads_add(&L, &ps, e, deg_of(e, nv) + (uint32_t)gbc_rng_below(&r, 3), 1, NULL, 0,
                      0);
        }
        const mht *pt = lcm_table(&L);
        /* pairs_cmp by its definition, the lcms compared by mono_cmp */
        for (size_t a = 0; a < ps.n; a++)
            for (size_t b = 0; b < ps.n; b++) {
                const spair *x = &ps.p[a], *y = &ps.p[b];
                int want;
                if (x->deg != y->deg)
                    want = x->deg < y->deg ? -1 : 1;
                else if ((want = mono_cmp(&L.ord, mht_exps(pt, x->lcm), mht_exps(pt, y->lcm))) != 0)
                    want = want < 0 ? -1 : 1;
                else if (x->j != y->j)
                    want = x->j < y->j ? -1 : 1;
                else
                    want = x->i < y->i ? -1 : x->i > y->i;
                int got = pairs_cmp(pt, x, y);
                got = got < 0 ? -1 : got > 0;
                T_ASSERT_MSG(got == want, "%s: pairs_cmp %d, expected %d", spec, got, want);
            }
        /* a copy sorted, then the pops in the same order */
        spair *copy = malloc(sizeof(spair) * (ps.n ? ps.n : 1));
        T_ASSERT(copy != NULL);
        memcpy(copy, ps.p, sizeof(spair) * ps.n);
        const size_t n0 = ps.n;
        if (n0 > 0) {
            uint32_t md = UINT32_MAX;
            for (size_t q = 0; q < n0; q++)
                md = ps.p[q].deg < md ? ps.p[q].deg : md;
            ck_assert_uint_eq(pairs_min_deg(&ps), md);
        }
        ck_assert_int_eq(pairs_sort(CTX, &ps, pt), GBC_OK);
        for (size_t q = 1; q < ps.n; q++)
            T_ASSERT_MSG(pairs_cmp(pt, &ps.p[q - 1], &ps.p[q]) < 0, "%s: not sorted at %zu",
                         spec, q);
        /* pops from the unsorted copy come out in the sorted order */
        pairset un;
        pairs_init(&un);
        un.p = copy;
        un.n = n0;
        uint32_t last = 0;
        for (size_t q = 0; q < n0; q++) {
            spair p;
            uint32_t md = pairs_min_deg(&un);
            pairs_pop_min(&un, pt, &p);
            T_ASSERT_MSG(p.i == ps.p[q].i && p.j == ps.p[q].j, "%s: pop %zu is (%u, %u), the "
                         "sorted set has (%u, %u)", spec, q, p.i, p.j, ps.p[q].i, ps.p[q].j);
            T_ASSERT(p.deg == md && p.deg >= last);
            last = p.deg;
        }
        ck_assert_uint_eq(un.n, 0);
        free(copy);
        pairs_clear(CTX, &ps);
        leads_clear(&L);
    }
}
END_TEST

/* ------------------------------------------- a Buchberger loop on pairs/ -- */

static const char *const vnames[] = {"x", "y", "z", "w"};

/* f <- f - (lc f / lc g) (lm f / lm g) g, which cancels the lead of f (Z/p). */
static void cancel_lead(poly *f, const poly *g, mht *t, const field *F)
{
    uint32_t m, c;
    ck_assert_int_eq(mht_insert_div(CTX, t, t, f->mon[0], g->mon[0], &m), GBC_OK);
    poly mg, r;
    ck_assert_int_eq(poly_mul_mono(CTX, &mg, g, m, t, F), GBC_OK);
    c = zp_mul(F, f->cf[0], zp_inv(F, g->cf[0]));
    ck_assert_int_eq(poly_add_scaled(CTX, &r, f, &mg, zp_neg(F, c), NULL, t, F), GBC_OK);
    T_ASSERT(r.len == 0 || mht_cmp(t, r.mon[0], f->mon[0]) < 0);
    poly_clear(CTX, &mg, F);
    poly_clear(CTX, f, F);
    *f = r;
}

/* Top-reduce f by the first n elements of G until its lead is irreducible or it
 * is zero, then make it monic. */
static void top_reduce(poly *f, const poly *G, size_t n, mht *t, const field *F)
{
    while (f->len > 0) {
        size_t k;
        for (k = 0; k < n; k++)
            if (mht_divides(t, G[k].mon[0], t, f->mon[0]))
                break;
        if (k == n)
            break;
        cancel_lead(f, &G[k], t, F);
    }
    poly_normalize_lc(f, F);
}

typedef struct mini_bb {
    mht_params par;
    mht t;
    poly g[256];
    uint32_t lm[256], sugar[256];
    uint8_t red[256];
    size_t n;
    pairset ps;
} mini_bb;

static void mini_add(mini_bb *S, poly *h, uint32_t sugar)
{
    ck_assert_msg(S->n < 256, "the mini Buchberger ran out of room");
    S->g[S->n] = *h;
    S->lm[S->n] = h->mon[0];
    S->sugar[S->n] = sugar;
    S->red[S->n] = 0;
    S->n++;
    pairs_basis B = {&S->t, S->lm, S->red, S->sugar, (uint32_t)S->n, NULL, NULL, 0, 0, 0, 0};
    ck_assert_int_eq(pairs_update(CTX, &S->ps, &B), GBC_OK);
}

/* Buchberger on pairs/ alone: generators first (sugar = degree), then the pairs by
 * pairs_pop_min, each S-polynomial top-reduced; the elements (redundant ones too)
 * into out. Asserts that the popped weights never decrease. *dropped receives the
 * pairs the criteria removed. */
static void mini_groebner(const ring *R, const plist *in, plist *out, size_t *dropped)
{
    mini_bb *S = calloc(1, sizeof *S);
    T_ASSERT(S != NULL);
    const field *F = &R->F;
    ck_assert_int_eq(mht_params_init(CTX, &S->par, &R->ord, 11), GBC_OK);
    ck_assert_int_eq(mht_init(CTX, &S->t, &S->par, 8), GBC_OK);
    pairs_init(&S->ps);
    for (size_t k = 0; k < in->n; k++) {
        poly f;
        ck_assert_int_eq(poly_from_plain(CTX, &f, &in->p[k], &S->t, F), GBC_OK);
        uint32_t d = poly_degree(&f, &S->t);
        top_reduce(&f, S->g, S->n, &S->t, F);
        if (f.len == 0)
            poly_clear(CTX, &f, F);
        else
            mini_add(S, &f, d);
    }
    uint32_t last = 0;
    while (S->ps.n > 0) {
        spair p;
        pairs_pop_min(&S->ps, &S->t, &p);
        T_ASSERT_MSG(p.deg >= last, "sugar %u selected after %u", p.deg, last);
        last = p.deg;
        const poly *gi = &S->g[p.i], *gj = &S->g[p.j];
        uint32_t ui, uj;
        ck_assert_int_eq(mht_insert_div(CTX, &S->t, &S->t, p.lcm, gi->mon[0], &ui), GBC_OK);
        ck_assert_int_eq(mht_insert_div(CTX, &S->t, &S->t, p.lcm, gj->mon[0], &uj), GBC_OK);
        poly a, b;
        ck_assert_int_eq(poly_mul_mono(CTX, &a, gi, ui, &S->t, F), GBC_OK);
        ck_assert_int_eq(poly_mul_mono(CTX, &b, gj, uj, &S->t, F), GBC_OK);
        cancel_lead(&a, &b, &S->t, F); /* the S-polynomial (elements are monic) */
        poly_clear(CTX, &b, F);
        top_reduce(&a, S->g, S->n, &S->t, F);
        if (a.len == 0)
            poly_clear(CTX, &a, F);
        else
            mini_add(S, &a, p.deg);
    }
    *dropped = S->ps.stat_chain + S->ps.stat_gm + S->ps.stat_product;
    plist_init(out);
    for (size_t k = 0; k < S->n; k++) {
        ck_assert_int_eq(plist_push_poly(CTX, out, &S->g[k], &S->t, F, 1), GBC_OK);
        poly_clear(CTX, &S->g[k], F);
    }
    pairs_clear(CTX, &S->ps);
    mht_clear(CTX, &S->t);
    mht_params_clear(CTX, &S->par);
    free(S);
}

/* Random generators as text: m polynomials in nv variables, up to 4 terms each,
 * total degree at most dmax. */
static void random_system(sbuf *b, gbc_rng *r, uint32_t nv, int m, uint32_t dmax, uint32_t p)
{
    for (int k = 0; k < m; k++) {
        if (k)
            sb_puts(b, ", ");
        int terms = 2 + (int)gbc_rng_below(r, 3);
        for (int s = 0; s < terms; s++) {
            sb_printf(b, "%s%u", s ? " + " : "", 1 + (unsigned)gbc_rng_below(r, p - 1));
            uint32_t d = (uint32_t)gbc_rng_below(r, dmax + 1);
            for (uint32_t q = 0; q < d; q++)
                sb_printf(b, "*%s", vnames[gbc_rng_below(r, nv)]);
        }
    }
}

START_TEST(test_mini_buchberger)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0xbb);
    const uint32_t primes[] = {32003, 101, 65521};
    size_t dropped = 0;
    for (int it = 0; it < 60 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, 2);
        uint32_t p = primes[it % 3];
        char spec[128], msg[256];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        ring R;
        ck_assert_msg(ring_init(CTX, &R, nv, vnames, p, spec, msg, sizeof msg) == GBC_OK, "%s",
                      msg);
        sbuf b;
        sb_init(&b);
        random_system(&b, &r, nv, 2 + (int)gbc_rng_below(&r, 2), 3, p);
        plist in, G, Gr, ref;
        gbc_error err;
        plist_init(&in);
        ck_assert_msg(io_parse_polys(CTX, &R, &in, b.s, b.len, &err) == GBC_OK, "%s", err.message);
        size_t d = 0;
        mini_groebner(&R, &in, &G, &d);
        dropped += d;
        check_report rep;
        ck_assert_int_eq(check_groebner(CTX, &R, &G, &rep), GBC_OK);
        T_ASSERT_MSG(rep.is_groebner, "order %s mod %u, {%s}: the pairs kept left a basis that "
                     "is not Groebner: %s", spec, p, b.s, rep.reason);
        int contained = 0;
        ck_assert_int_eq(check_ideal_contains(CTX, &R, &G, &in, &contained, NULL), GBC_OK);
        T_ASSERT_MSG(contained, "order %s mod %u, {%s}: a generator is not in the ideal", spec,
                     p, b.s);
        plist_init(&Gr);
        plist_init(&ref);
        ck_assert_int_eq(bb_reduce_basis(CTX, &R, &G, &Gr), GBC_OK);
        ck_assert_int_eq(bb_groebner(CTX, &R, &in, &ref, NULL), GBC_OK);
        T_ASSERT_MSG(check_plist_equal(&R, &Gr, &ref), "order %s mod %u, {%s}: the reduced "
                     "basis differs from buchberger/'s", spec, p, b.s);
        plist_clear(CTX, &in, &R.F);
        plist_clear(CTX, &G, &R.F);
        plist_clear(CTX, &Gr, &R.F);
        plist_clear(CTX, &ref, &R.F);
        ring_clear(CTX, &R);
        sb_free(&b);
    }
    ck_assert_msg(dropped > 0, "the criteria never dropped a pair");
}
END_TEST

static Suite *pairs_suite(void)
{
    Suite *s = suite_create("pairs");
    TCase *tc = tcase_create("pairs");
    tcase_add_checked_fixture(tc, tu_ctx_setup, tu_ctx_teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_cover_detects);
    tcase_add_test(tc, test_update_small);
    tcase_add_test(tc, test_update_cover);
    tcase_add_test(tc, test_update_sep_table);
    tcase_add_test(tc, test_update_sugar);
    tcase_add_test(tc, test_update_known);
    tcase_add_test(tc, test_update_many);
    tcase_add_test(tc, test_selection);
    tcase_add_test(tc, test_mini_buchberger);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(pairs_suite());
}
