/* The monomial-ideal check shared by the libFuzzer harness fuzz_monideal and the
 * replay test t-regress: decode one or two small monomial ideals from bytes (0-8
 * variables, exponents up to 2^32-1, optionally attached to a ring), build them with
 * gbc_monideal_new through the public API only, and check cheap identities between
 * the answers: minimal generators, membership, irreducible decomposition against
 * intersection, the Alexander dual twice, associated primes and dimension, the
 * radical, Hilbert series against degree and the multigraded series, maximal
 * standard monomials, sums, products, intersections and colons. */
#include "fuzz_cores.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbc.h"

#define MAXV 8
#define MAXM 12

typedef struct bytes {
    const uint8_t *p;
    size_t n, i;
} bytes;

static unsigned next(bytes *b)
{
    return b->i < b->n ? b->p[b->i++] : 0;
}

static uint32_t next32(bytes *b)
{
    uint32_t v = 0;
    for (int k = 0; k < 4; k++)
        v = (v << 8) | next(b);
    return v;
}

static uint32_t make_exp(bytes *b)
{
    unsigned c = next(b);
    switch (c % 24) {
    case 0: return UINT32_MAX;
    case 1: return 2147483648u;
    case 2: return next32(b);
    default: return c % 5;
    }
}

/* Statuses a bounded computation may legitimately end with besides GBC_OK. */
static int acceptable(gbc_status st)
{
    return st == GBC_ERR_LIMIT || st == GBC_ERR_INTERRUPTED || st == GBC_ERR_OVERFLOW ||
           st == GBC_ERR_NOMEM;
}

static int divides(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i] > b[i])
            return 0;
    return 1;
}

/* The minimal generators (malloc'd; NULL with *n = 0 when there are none). */
static uint32_t *gens_of(const gbc_monideal *I, size_t *n)
{
    *n = gbc_monideal_ngens(I);
    uint32_t nv = gbc_monideal_nvars(I);
    uint32_t *g = malloc((*n * nv + 1) * sizeof *g);
    if (g == NULL || gbc_monideal_gens(g, *n, I) != GBC_OK) {
        free(g);
        *n = SIZE_MAX;
        return NULL;
    }
    return g;
}

/* Whether every minimal generator of A lies in B (A inside B). -1 on error. */
static int subset(const gbc_monideal *A, const gbc_monideal *B)
{
    size_t n;
    uint32_t *g = gens_of(A, &n);
    if (n == SIZE_MAX)
        return -1;
    uint32_t nv = gbc_monideal_nvars(A);
    int r = 1;
    for (size_t i = 0; i < n && r == 1; i++) {
        int c = 0;
        if (gbc_monideal_contains(&c, B, g + i * nv) != GBC_OK)
            r = -1;
        else if (!c)
            r = 0;
    }
    free(g);
    return r;
}

#define FAIL(...)                                                                          \
    do {                                                                                   \
        snprintf(msg, msglen, __VA_ARGS__);                                                \
        ret = 1;                                                                           \
        goto done;                                                                         \
    } while (0)

/* A computation's status: on an acceptable failure skip the rest, else fail. */
#define RUN(call)                                                                          \
    do {                                                                                   \
        gbc_status st_ = (call);                                                           \
        if (st_ != GBC_OK) {                                                               \
            if (acceptable(st_))                                                           \
                goto done;                                                                 \
            FAIL("%s: status %d", #call, (int)st_);                                        \
        }                                                                                  \
    } while (0)

int monideal_check(const uint8_t *data, size_t size, char *msg, size_t msglen)
{
    bytes b = {data, size, 0};
    int ret = 0;
    gbc_ring *ring = NULL;
    gbc_options *opts = NULL;
    gbc_monideal *I = NULL, *J = NULL, *C = NULL, *D = NULL, *DD = NULL, *R = NULL,
                 *RR = NULL, *X = NULL, *Y = NULL, *Z = NULL, *W = NULL;
    uint32_t *g = NULL, *comps = NULL, *primes = NULL, *ms = NULL, *mexp = NULL;
    uint64_t *hdeg = NULL;
    int64_t *hcoef = NULL, *mcoef = NULL;
    char *dstr = NULL;
    mpz_t acc, bin;
    mpz_inits(acc, bin, NULL);

    uint32_t nv = next(&b) % (MAXV + 1);
    unsigned rb = next(&b);
    if (rb & 1) {
        static const char *const names[MAXV] = {"a", "b", "c", "d", "e", "f", "g", "h"};
        static const char *const orders[] = {"grevlex", "lex", "deglex", NULL};
        if (gbc_ring_new(&ring, nv, names, rb & 2 ? 32003 : 0, orders[(rb >> 2) % 4], NULL) !=
            GBC_OK)
            FAIL("ring rejected");
    }
    size_t nm = next(&b) % (MAXM + 1);
    uint32_t in[MAXM * MAXV + 1];
    for (size_t i = 0; i < nm * nv; i++)
        in[i] = make_exp(&b);
    gbc_status st = gbc_monideal_new(&I, ring, nv, nm > 0 || (rb & 16) ? in : NULL, nm);
    if (st == GBC_ERR_NOMEM)
        goto done;
    if (st != GBC_OK)
        FAIL("gbc_monideal_new: status %d", (int)st);
    if (gbc_monideal_nvars(I) != nv || gbc_monideal_ring(I) != ring)
        FAIL("nvars or ring read back wrong");
    size_t ng;
    g = gens_of(I, &ng);
    if (ng == SIZE_MAX)
        FAIL("gbc_monideal_gens failed");
    if (ng > nm || (nm > 0 && ng == 0))
        FAIL("%zu generators from %zu monomials", ng, nm);
    if (ng > 0) {
        uint32_t tmp[MAXM * MAXV + 1];
        if (gbc_monideal_gens(tmp, ng - 1, I) != GBC_ERR_ARG)
            FAIL("gens accepted a short buffer");
    }
    /* minimal, taken from the input, and generating every input monomial */
    for (size_t i = 0; i < ng; i++) {
        int found = 0;
        for (size_t k = 0; k < nm && !found; k++)
            found = memcmp(g + i * nv, in + k * nv, nv * sizeof(uint32_t)) == 0;
        if (!found)
            FAIL("generator %zu is not an input monomial", i);
        for (size_t j = 0; j < ng; j++)
            if (j != i && divides(g + j * nv, g + i * nv, nv))
                FAIL("generator %zu divides generator %zu", j, i);
    }
    for (size_t k = 0; k < nm; k++) {
        int c = 0, model = 0;
        if (gbc_monideal_contains(&c, I, in + k * nv) != GBC_OK || !c)
            FAIL("input monomial %zu not in the ideal", k);
        uint32_t m[MAXV + 1];
        for (uint32_t v = 0; v < nv; v++)
            m[v] = make_exp(&b);
        for (size_t i = 0; i < ng && !model; i++)
            model = divides(g + i * nv, m, nv);
        if (gbc_monideal_contains(&c, I, m) != GBC_OK || c != model)
            FAIL("membership of a random monomial: %d, expected %d", c, model);
    }
    RUN(gbc_monideal_copy(&C, I));
    int eq = 0;
    if (gbc_monideal_equal(&eq, C, I) != GBC_OK || !eq)
        FAIL("a copy is not equal");

    /* the computations, bounded */
    if (gbc_options_new(&opts) != GBC_OK)
        goto done;
    double deadline = gbc_wall_time() + 0.1;
    gbc_options_set_interrupt(opts, fuzz_past_deadline, &deadline);
    gbc_options_set_memory_limit(opts, (size_t)64 << 20);
    int unit = ng == 1 && nv > 0 ? 1 : 0;
    for (uint32_t v = 0; v < nv && unit; v++)
        unit = g[v] == 0;
    if (ng == 1 && nv == 0)
        unit = 1;

    int64_t dim = -2;
    RUN(gbc_monideal_dim(&dim, I, opts));
    size_t nc = 0;
    RUN(gbc_monideal_irrdecom(&comps, &nc, I, opts));
    /* dimension from the components; each component contains I; irredundant */
    int64_t dmax = ng == 0 ? (int64_t)nv : -1;
    for (size_t j = 0; j < nc; j++) {
        const uint32_t *q = comps + j * nv;
        int64_t supp = 0;
        for (uint32_t v = 0; v < nv; v++)
            supp += q[v] > 0;
        if ((int64_t)nv - supp > dmax)
            dmax = (int64_t)nv - supp;
        for (size_t i = 0; i < ng; i++) {
            int in_q = 0;
            for (uint32_t v = 0; v < nv && !in_q; v++)
                in_q = q[v] > 0 && g[i * nv + v] >= q[v];
            if (!in_q)
                FAIL("generator %zu not in component %zu", i, j);
        }
        for (size_t k = 0; k < nc; k++) {
            if (k == j)
                continue;
            const uint32_t *r = comps + k * nv;
            int inside = 1; /* Q_j inside Q_k */
            for (uint32_t v = 0; v < nv && inside; v++)
                if (q[v] > 0)
                    inside = r[v] > 0 && q[v] >= r[v];
            if (inside && memcmp(q, r, nv * sizeof(uint32_t)) != 0)
                FAIL("component %zu inside component %zu", j, k);
            if (memcmp(q, r, nv * sizeof(uint32_t)) == 0)
                FAIL("components %zu and %zu repeat", j, k);
        }
    }
    if (unit && nc != 0)
        FAIL("the unit ideal has %zu components", nc);
    if (dim != (unit ? -1 : dmax))
        FAIL("dim %lld, the components say %lld", (long long)dim, (long long)(unit ? -1 : dmax));
    /* the intersection of the components is I */
    if (nc > 0 && nc <= 16) {
        for (size_t j = 0; j < nc; j++) {
            uint32_t q[MAXV * MAXV + 1];
            size_t k = 0;
            memset(q, 0, sizeof q);
            for (uint32_t v = 0; v < nv; v++)
                if (comps[j * nv + v] > 0)
                    q[k++ * nv + v] = comps[j * nv + v];
            gbc_monideal_free(X);
            X = NULL;
            RUN(gbc_monideal_new(&X, NULL, nv, q, k));
            if (Y == NULL) {
                Y = X;
                X = NULL;
            } else {
                gbc_monideal_free(Z);
                Z = NULL;
                RUN(gbc_monideal_intersection(&Z, Y, X, opts));
                gbc_monideal_free(Y);
                Y = Z;
                Z = NULL;
            }
        }
        if (gbc_monideal_equal(&eq, Y, I) != GBC_OK || !eq)
            FAIL("the intersection of the %zu components is not the ideal", nc);
    }

    /* the Alexander dual: as many generators as components; twice gives I back */
    RUN(gbc_monideal_alexdual(&D, I, NULL, opts));
    if (gbc_monideal_ngens(D) != nc)
        FAIL("the dual has %zu generators, %zu components", gbc_monideal_ngens(D), nc);
    if (ng > 0 && !unit) {
        uint32_t lcm[MAXV + 1] = {0};
        for (size_t i = 0; i < ng; i++)
            for (uint32_t v = 0; v < nv; v++)
                if (g[i * nv + v] > lcm[v])
                    lcm[v] = g[i * nv + v];
        RUN(gbc_monideal_alexdual(&DD, D, lcm, opts));
        if (gbc_monideal_equal(&eq, DD, I) != GBC_OK || !eq)
            FAIL("the dual of the dual is not the ideal");
        for (uint32_t v = 0; v < nv; v++)
            if (lcm[v] > 0) {
                lcm[v]--;
                gbc_monideal *bad = NULL;
                st = gbc_monideal_alexdual(&bad, I, lcm, opts);
                gbc_monideal_free(bad);
                if (st == GBC_OK || (st != GBC_ERR_ARG && !acceptable(st)))
                    FAIL("a point below the lcm gave status %d", (int)st);
                break;
            }
    }

    /* associated primes: the distinct supports of the components */
    size_t np = 0;
    RUN(gbc_monideal_assoprimes(&primes, &np, I, opts));
    size_t nsupp = 0;
    for (size_t j = 0; j < nc; j++) {
        int first = 1;
        for (size_t k = 0; k < j && first; k++) {
            int same = 1;
            for (uint32_t v = 0; v < nv && same; v++)
                same = (comps[j * nv + v] > 0) == (comps[k * nv + v] > 0);
            first = !same;
        }
        nsupp += first;
    }
    if (np != nsupp)
        FAIL("%zu associated primes, %zu distinct supports", np, nsupp);
    for (size_t j = 0; j < np; j++) {
        int found = 0;
        for (size_t k = 0; k < nc && !found; k++) {
            found = 1;
            for (uint32_t v = 0; v < nv && found; v++)
                found = primes[j * nv + v] == (comps[k * nv + v] > 0);
        }
        if (!found)
            FAIL("associated prime %zu is no component's support", j);
    }

    /* the radical: squarefree, same dimension, contains I, idempotent */
    RUN(gbc_monideal_radical(&R, I, opts));
    size_t nr = gbc_monideal_ngens(R);
    uint32_t rg[MAXM * MAXV + 1];
    if (nr > MAXM || gbc_monideal_gens(rg, nr, R) != GBC_OK)
        FAIL("the radical has %zu generators", nr);
    for (size_t i = 0; i < nr * nv; i++)
        if (rg[i] > 1)
            FAIL("the radical is not squarefree");
    int64_t rdim = -2;
    RUN(gbc_monideal_dim(&rdim, R, opts));
    if (rdim != dim)
        FAIL("dim of the radical %lld, of the ideal %lld", (long long)rdim, (long long)dim);
    if (subset(I, R) != 1)
        FAIL("the ideal is not inside its radical");
    RUN(gbc_monideal_radical(&RR, R, opts));
    if (gbc_monideal_equal(&eq, RR, R) != GBC_OK || !eq)
        FAIL("the radical of the radical differs");

    /* maximal standard monomials */
    size_t nms = 0;
    RUN(gbc_monideal_maxstandard(&ms, &nms, I, opts));
    for (size_t j = 0; j < nms; j++) {
        uint32_t m[MAXV + 1];
        memcpy(m, ms + j * nv, nv * sizeof(uint32_t));
        int c = 1;
        if (gbc_monideal_contains(&c, I, m) != GBC_OK || c)
            FAIL("maximal standard monomial %zu is in the ideal", j);
        for (uint32_t v = 0; v < nv; v++) {
            if (m[v] == UINT32_MAX)
                continue;
            m[v]++;
            if (gbc_monideal_contains(&c, I, m) != GBC_OK || !c)
                FAIL("maximal standard monomial %zu times variable %u is not in the ideal", j, v);
            m[v]--;
        }
    }

    /* Hilbert series: N(t) = (1-t)^c h(t) with c = nvars - dim, h(1) = degree */
    size_t nh = 0;
    RUN(gbc_monideal_hilbert(&hdeg, &hcoef, &nh, I, opts));
    if (unit) {
        if (nh != 0)
            FAIL("the unit ideal's numerator has %zu terms", nh);
    } else {
        uint64_t c = (uint64_t)((int64_t)nv - dim);
        for (uint64_t j = 0; j <= c; j++) {
            mpz_set_ui(acc, 0);
            for (size_t k = 0; k < nh; k++) {
                mpz_bin_uiui(bin, hdeg[k], j);
                if (hcoef[k] >= 0)
                    mpz_addmul_ui(acc, bin, (unsigned long)hcoef[k]);
                else
                    mpz_submul_ui(acc, bin, (unsigned long)(-(hcoef[k] + 1)) + 1ul);
            }
            if (j < c && mpz_sgn(acc) != 0)
                FAIL("N^(%llu)(1) != 0 with codimension %llu", (unsigned long long)j,
                     (unsigned long long)c);
        }
        if (c % 2)
            mpz_neg(acc, acc);
        uint64_t degree = 0;
        st = gbc_monideal_degree(&degree, I, opts);
        if (st == GBC_OK) {
            if (mpz_cmp_ui(acc, degree) != 0)
                FAIL("degree %llu, the Hilbert numerator says otherwise", (unsigned long long)degree);
        } else if (!acceptable(st)) {
            FAIL("gbc_monideal_degree: status %d", (int)st);
        }
        RUN(gbc_monideal_degree_string(&dstr, I, opts));
        char *want = mpz_get_str(NULL, 10, acc);
        int same = strcmp(want, dstr) == 0;
        void (*freefn)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &freefn);
        freefn(want, strlen(want) + 1);
        if (!same)
            FAIL("degree string %s", dstr);
    }
    /* the multigraded numerator specialises to the graded one */
    size_t nmh = 0;
    RUN(gbc_monideal_hilbert_multigraded(&mexp, &mcoef, &nmh, I, opts));
    for (size_t k = 0; k < nh; k++) {
        mpz_set_si(acc, 0);
        for (size_t j = 0; j < nmh; j++) {
            uint64_t d = 0;
            for (uint32_t v = 0; v < nv; v++)
                d += mexp[j * nv + v];
            if (d == hdeg[k]) {
                if (mcoef[j] >= 0)
                    mpz_add_ui(acc, acc, (unsigned long)mcoef[j]);
                else
                    mpz_sub_ui(acc, acc, (unsigned long)(-(mcoef[j] + 1)) + 1ul);
            }
        }
        if (mpz_cmp_si(acc, hcoef[k]) != 0)
            FAIL("graded coefficient of t^%llu disagrees with the multigraded numerator",
                 (unsigned long long)hdeg[k]);
    }

    /* a second ideal: sum, product, intersection, colon */
    size_t nm2 = next(&b) % 6;
    uint32_t in2[6 * MAXV + 1];
    for (size_t i = 0; i < nm2 * nv; i++)
        in2[i] = make_exp(&b);
    RUN(gbc_monideal_new(&J, NULL, nv, in2, nm2));
    gbc_monideal_free(X);
    X = NULL;
    RUN(gbc_monideal_sum(&X, I, J, opts));
    if (subset(I, X) != 1 || subset(J, X) != 1)
        FAIL("a summand is not inside the sum");
    gbc_monideal_free(Y);
    Y = NULL;
    RUN(gbc_monideal_intersection(&Y, I, J, opts));
    if (subset(Y, I) != 1 || subset(Y, J) != 1)
        FAIL("the intersection is not inside both");
    RUN(gbc_monideal_colon(&W, I, J, opts));
    if (subset(I, W) != 1)
        FAIL("I is not inside I : J");
    gbc_monideal_free(Z);
    Z = NULL;
    st = gbc_monideal_product(&Z, I, J, opts);
    if (st == GBC_OK) {
        if (subset(Z, Y) != 1)
            FAIL("the product is not inside the intersection");
    } else if (!acceptable(st)) {
        FAIL("gbc_monideal_product: status %d", (int)st);
    }
    gbc_monideal_free(Z);
    Z = NULL;
    st = gbc_monideal_product(&Z, W, J, opts); /* (I : J) J is inside I */
    if (st == GBC_OK) {
        if (subset(Z, I) != 1)
            FAIL("(I : J) J is not inside I");
    } else if (!acceptable(st)) {
        FAIL("gbc_monideal_product: status %d", (int)st);
    }
    if (nm2 > 0) {
        gbc_monideal_free(Z);
        Z = NULL;
        RUN(gbc_monideal_colon_mono(&Z, I, in2, opts));
        size_t nz;
        uint32_t *zg = gens_of(Z, &nz);
        if (nz == SIZE_MAX)
            FAIL("gens of I : m");
        for (size_t i = 0; i < nz && ret == 0; i++) {
            uint32_t m[MAXV + 1];
            int ok = 1, c = 0;
            for (uint32_t v = 0; v < nv; v++) {
                uint64_t s = (uint64_t)zg[i * nv + v] + in2[v];
                ok &= s <= UINT32_MAX;
                m[v] = (uint32_t)s;
            }
            if (ok && (gbc_monideal_contains(&c, I, m) != GBC_OK || !c)) {
                snprintf(msg, msglen, "a generator of I : m times m is not in I");
                ret = 1;
            }
        }
        free(zg);
    }

done:
    free(g);
    gbc_monideal_array_free(comps);
    gbc_monideal_array_free(primes);
    gbc_monideal_array_free(ms);
    gbc_monideal_array_free(mexp);
    gbc_monideal_array_free(hdeg);
    gbc_monideal_array_free(hcoef);
    gbc_monideal_array_free(mcoef);
    gbc_string_free(dstr);
    gbc_monideal *all[] = {I, J, C, D, DD, R, RR, X, Y, Z, W};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        gbc_monideal_free(all[k]);
    gbc_options_free(opts);
    gbc_ring_free(ring);
    mpz_clears(acc, bin, NULL);
    return ret;
}
