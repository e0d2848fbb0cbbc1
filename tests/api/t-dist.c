/* The distributed computation over Q through the public API (gbc_dist, gbc_trace):
 * blobs load back and every truncated or altered blob is refused or harmless,
 * apply's residues equal gbc_groebner modulo that prime, lifting residues applied
 * from several streams gives gbc_groebner's basis over Q, the streams are
 * disjoint, an unlucky prime is reported, and bad residues are refused; applies
 * with kept scratch give the same residues; a check prepared ahead (another
 * process's half of the check) gives the same basis, is what the check then
 * judges on, and is refused when it does not fit. */
#include <pthread.h>
#include <stdint.h>

#include "apitest.h"
#include "testutil.h"

static uint64_t rs;
static uint64_t rnd(uint64_t n)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return (rs >> 33) % n;
}

/* katsura-5 and cyclic-5 over Q, one with fractions, and a system whose order is
 * not degree-compatible (FGLM path) */
static const char *const systems[] = {
    "x0,x1,x2,x3,x4,x5\n0\n"
    "x0+2*x1+2*x2+2*x3+2*x4+2*x5-1,"
    "x0^2+2*x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2-x0,"
    "2*x0*x1+2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5-x1,"
    "x1^2+2*x0*x2+2*x1*x3+2*x2*x4+2*x3*x5-x2,"
    "2*x1*x2+2*x0*x3+2*x1*x4+2*x2*x5-x3,"
    "x2^2+2*x1*x3+2*x0*x4+2*x1*x5-x4\n",
    "a,b,c,d,e\n0\n"
    "a+b+c+d+e, a*b+b*c+c*d+d*e+e*a, a*b*c+b*c*d+c*d*e+d*e*a+e*a*b,"
    "a*b*c*d+b*c*d*e+c*d*e*a+d*e*a*b+e*a*b*c, a*b*c*d*e-1\n",
    "x,y,z\n0\n3/7*x^2*y - 2*z + 1/2, x*y*z - 5/3, y^3 - x*z + 11\n",
};

static gbc_options *opts_seed(uint64_t seed)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_seed(o, seed), GBC_OK);
    return o;
}

static void parse(gbc_ring **R, gbc_polys **F, const char *text, const char *order)
{
    gbc_error err;
    gbc_status st = gbc_parse(R, F, text, strlen(text), order, NULL, &err);
    ck_assert_msg(st == GBC_OK, "parse: %s", err.message);
}

/* A learnt trace for text (order NULL: grevlex) and its blob. */
static gbc_dist *learn(const char *text, const char *order, gbc_options *o, gbc_ring **R,
                       gbc_polys **F, uint8_t **blob, size_t *len)
{
    parse(R, F, text, order);
    gbc_dist *D = NULL;
    ck_assert_int_eq(gbc_dist_new(&D, *F, o), GBC_OK);
    ck_assert_int_eq(gbc_dist_learn(blob, len, D), GBC_OK);
    ck_assert_uint_gt(*len, 28);
    return D;
}

/* The coefficients of gbc_groebner of text's generators modulo p, flattened in
 * the order of the basis (increasing leading monomials, terms decreasing). */
static uint32_t *direct_mod_p(const char *text, const char *order, uint32_t p, size_t *n)
{
    /* the same text with the characteristic line replaced by p */
    const char *nl = strchr(text, '\n');
    const char *rest = strchr(nl + 1, '\n');
    char *t = malloc(strlen(text) + 16);
    sprintf(t, "%.*s\n%u%s", (int)(nl - text), text, (unsigned)p, rest);
    gbc_ring *R = NULL;
    gbc_polys *F = NULL, *G = NULL;
    parse(&R, &F, t, order);
    ck_assert_int_eq(gbc_groebner(&G, F, NULL, NULL), GBC_OK);
    size_t *nt = NULL;
    uint32_t *e = NULL, *c = NULL;
    ck_assert_int_eq(gbc_polys_to_arrays_zp(&nt, &e, &c, G), GBC_OK);
    size_t tot = 0;
    for (size_t k = 0; k < gbc_polys_count(G); k++)
        tot += nt[k];
    *n = tot;
    gbc_array_free(nt);
    gbc_array_free(e);
    gbc_polys_free(G);
    gbc_polys_free(F);
    gbc_ring_free(R);
    free(t);
    return c;
}

START_TEST(test_apply_equals_direct)
{
    rs = tu_seed() + 1;
    const char *orders[] = {NULL, NULL, "lex"};
    /* one keep for every trace in turn */
    gbc_trace_keep *K = NULL;
    ck_assert_int_eq(gbc_trace_keep_new(&K), GBC_OK);
    for (size_t s = 0; s < sizeof systems / sizeof *systems; s++) {
        gbc_options *o = opts_seed(tu_seed() + s);
        gbc_ring *R;
        gbc_polys *F;
        uint8_t *blob;
        size_t len;
        gbc_dist *D = learn(systems[s], orders[s], o, &R, &F, &blob, &len);
        gbc_trace *T = NULL, *V = NULL;
        ck_assert_int_eq(gbc_trace_load(&T, blob, len), GBC_OK);
        ck_assert_int_eq(gbc_dist_trace(&V, D), GBC_OK);
        ck_assert_uint_eq(gbc_trace_nterms(T), gbc_dist_nterms(D));
        ck_assert_uint_eq(gbc_trace_nterms(V), gbc_dist_nterms(D));
        size_t nt = gbc_trace_nterms(T);
        uint32_t *res = malloc((nt + 1) * sizeof *res);
        uint64_t cursor = 0;
        for (int k = 0; k < 3; k++) {
            uint32_t p;
            ck_assert_int_eq(gbc_trace_prime(&p, &cursor, T, 0, 1), GBC_OK);
            int fits = -1;
            ck_assert_int_eq(gbc_trace_apply(res, nt, &fits, T, p, NULL), GBC_OK);
            ck_assert_int_eq(fits, 1);
            size_t n;
            uint32_t *want = direct_mod_p(systems[s], orders[s], p, &n);
            ck_assert_uint_eq(n, nt);
            for (size_t i = 0; i < n; i++)
                ck_assert_msg(res[i] == want[i], "system %zu, p=%u: residue %zu is %u, "
                              "gbc_groebner mod p has %u", s, p, i, res[i], want[i]);
            /* the coordinator's view: the same residues */
            memset(res, 0, nt * sizeof *res);
            fits = -1;
            ck_assert_int_eq(gbc_trace_apply_keep(res, nt, &fits, V, p, NULL, K), GBC_OK);
            ck_assert_int_eq(fits, 1);
            ck_assert_int_eq(memcmp(res, want, n * sizeof *res), 0);
            /* with the kept scratch: the same residues */
            memset(res, 0, nt * sizeof *res);
            fits = -1;
            ck_assert_int_eq(gbc_trace_apply_keep(res, nt, &fits, T, p, NULL, K), GBC_OK);
            ck_assert_int_eq(fits, 1);
            for (size_t i = 0; i < n; i++)
                ck_assert_msg(res[i] == want[i], "system %zu, p=%u, kept scratch: residue "
                              "%zu is %u, gbc_groebner mod p has %u", s, p, i, res[i], want[i]);
            gbc_array_free(want);
        }
        /* a cap too small and a number that is not prime are refused */
        int fits;
        ck_assert_int_eq(gbc_trace_apply(res, nt - 1, &fits, T, 2147483647u, NULL), GBC_ERR_ARG);
        ck_assert_int_eq(gbc_trace_apply(res, nt, &fits, T, 2147483647u - 2, NULL),
                         GBC_ERR_DOMAIN);
        ck_assert_int_eq(gbc_trace_apply_keep(res, nt - 1, &fits, T, 2147483647u, NULL, K),
                         GBC_ERR_ARG);
        ck_assert_int_eq(gbc_trace_apply_keep(res, nt, &fits, T, 2147483647u, NULL, NULL),
                         GBC_ERR_ARG);
        free(res);
        gbc_trace_free(T);
        gbc_trace_free(V);
        gbc_blob_free(blob);
        gbc_dist_free(D);
        gbc_polys_free(F);
        gbc_ring_free(R);
        gbc_options_free(o);
    }
    gbc_trace_keep_free(K);
    gbc_trace_keep_free(NULL);
    ck_assert_int_eq(gbc_trace_keep_new(NULL), GBC_ERR_ARG);
}
END_TEST

/* The check's half prepared "on another process" for D: the blob, the result, and
 * the result handed to D (or, with alter, handed after altering what it says:
 * contained set to 0, checksum fixed). */
static void fix_checksum(uint8_t *b, size_t len);
static void prepare_check(gbc_dist *D, int alter)
{
    uint8_t *cb = NULL, *res = NULL;
    size_t clen = 0, rlen = 0;
    ck_assert_int_eq(gbc_dist_check_blob(&cb, &clen, D), GBC_OK);
    ck_assert_int_eq(gbc_check_prepare(&res, &rlen, cb, clen, NULL), GBC_OK);
    if (alter) {
        /* header 28, q, three path words, unlucky: contained is at 48 */
        ck_assert_uint_gt(rlen, 52);
        ck_assert_uint_eq(res[48], 1);
        res[48] = 0;
        fix_checksum(res, rlen);
    }
    ck_assert_int_eq(gbc_dist_check_give(D, res, rlen), GBC_OK);
    gbc_blob_free(cb);
    gbc_blob_free(res);
}

/* The whole distributed run in one process: nstreams appliers on their own
 * streams, in turns, the coordinator taking in what they give; the result must
 * print as gbc_groebner's (with another seed). */
static void lift_and_compare(const char *text, const char *order, uint32_t nstreams,
                             uint64_t seed, int certify, int prepared)
{
    gbc_options *o = opts_seed(seed);
    ck_assert_int_eq(gbc_options_set_certify(o, certify), GBC_OK);
    gbc_ring *R;
    gbc_polys *F;
    parse(&R, &F, text, order);
    gbc_dist *D = NULL;
    ck_assert_int_eq(gbc_dist_new(&D, F, o), GBC_OK);
    /* prepared: the check prepared before the learning, as gbc-mpi does */
    if (prepared)
        prepare_check(D, 0);
    gbc_trace_keep *K = NULL;
    ck_assert_int_eq(gbc_trace_keep_new(&K), GBC_OK);
    gbc_polys *B = NULL;
    for (int learnings = 0; B == NULL; learnings++) {
        ck_assert_int_lt(learnings, 5);
        uint8_t *blob;
        size_t len;
        ck_assert_int_eq(gbc_dist_learn(&blob, &len, D), GBC_OK);
        gbc_trace *T[8] = {0};
        uint64_t cur[8] = {0};
        /* with several streams, stream 0 is the coordinator's view of its own trace
         * (gbc_dist_trace), as gbc-mpi's rank 0 */
        for (uint32_t s = 0; s < nstreams; s++)
            ck_assert_int_eq(s == 0 && nstreams > 1 ? gbc_dist_trace(&T[s], D)
                                                    : gbc_trace_load(&T[s], blob, len),
                             GBC_OK);
        gbc_blob_free(blob);
        size_t nt = gbc_dist_nterms(D);
        uint32_t *res = malloc((nt + 1) * sizeof *res);
        gbc_dist_state state = GBC_DIST_MORE;
        for (int round = 0; state != GBC_DIST_ACCEPTED && state != GBC_DIST_RELEARN;
             round++) {
            ck_assert_int_lt(round, 2000);
            uint32_t s = (uint32_t)round % nstreams, p;
            ck_assert_int_eq(gbc_trace_prime(&p, &cur[s], T[s], s, nstreams), GBC_OK);
            int fits;
            /* stream 1 with kept scratch */
            if (s == 1)
                ck_assert_int_eq(gbc_trace_apply_keep(res, nt, &fits, T[s], p, NULL, K), GBC_OK);
            else
                ck_assert_int_eq(gbc_trace_apply(res, nt, &fits, T[s], p, NULL), GBC_OK);
            ck_assert_int_eq(gbc_dist_add(&state, D, p, fits ? res : NULL, nt), GBC_OK);
            if (state == GBC_DIST_SETTLED)
                ck_assert_int_eq(gbc_dist_check(&state, D), GBC_OK);
        }
        free(res);
        for (uint32_t s = 0; s < nstreams; s++)
            gbc_trace_free(T[s]);
        if (state == GBC_DIST_ACCEPTED)
            ck_assert_int_eq(gbc_dist_basis(&B, D, NULL), GBC_OK);
    }
    gbc_trace_keep_free(K);
    gbc_polys *G = NULL;
    gbc_options *o2 = opts_seed(seed + 12345);
    ck_assert_int_eq(gbc_groebner(&G, F, o2, NULL), GBC_OK);
    at_assert_same(B, G);
    /* the basis is given once */
    gbc_polys *B2 = NULL;
    ck_assert_int_eq(gbc_dist_basis(&B2, D, NULL), GBC_ERR_ARG);
    gbc_polys_free(G);
    gbc_polys_free(B);
    gbc_dist_free(D);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
    gbc_options_free(o2);
}

START_TEST(test_lift_equals_groebner)
{
    const char *orders[] = {NULL, NULL, "lex"};
    for (size_t s = 0; s < sizeof systems / sizeof *systems; s++)
        for (uint32_t n = 1; n <= 3; n++)
            lift_and_compare(systems[s], orders[s], n, tu_seed() + 10 * s + n, 0, n == 2);
    /* certified, on the homogenised ideal */
    lift_and_compare(systems[2], NULL, 2, tu_seed() + 99, 1, 0);
    /* a prepared check whose path changes under it: lex on an ideal that is not
     * zero-dimensional, prepared for FGLM, while the learning turns to the
     * homogenised ideal (the prepared half is not used: a fresh check prime) */
    lift_and_compare("x,y,z\n0\nx*y - z^2, y^3 - x*z + 1/3\n", "lex", 2, tu_seed() + 98, 0, 1);

}
END_TEST

START_TEST(test_streams_disjoint)
{
    gbc_options *o = opts_seed(tu_seed() + 7);
    gbc_ring *R;
    gbc_polys *F;
    uint8_t *blob;
    size_t len;
    gbc_dist *D = learn(systems[1], NULL, o, &R, &F, &blob, &len);
    gbc_trace *T = NULL;
    ck_assert_int_eq(gbc_trace_load(&T, blob, len), GBC_OK);
    enum { NS = 3, K = 60 };
    uint32_t ps[NS][K];
    for (uint32_t s = 0; s < NS; s++) {
        uint64_t c = 0, c2 = 0;
        for (int k = 0; k < K; k++) {
            ck_assert_int_eq(gbc_trace_prime(&ps[s][k], &c, T, s, NS), GBC_OK);
            ck_assert_uint_ge(ps[s][k], 1u << 30);
            ck_assert_uint_lt(ps[s][k], 1u << 31);
        }
        /* the same cursor gives the same primes */
        uint32_t q;
        ck_assert_int_eq(gbc_trace_prime(&q, &c2, T, s, NS), GBC_OK);
        ck_assert_uint_eq(q, ps[s][0]);
    }
    for (uint32_t s = 0; s < NS; s++)
        for (uint32_t t = s + 1; t < NS; t++)
            for (int i = 0; i < K; i++)
                for (int j = 0; j < K; j++)
                    ck_assert_uint_ne(ps[s][i], ps[t][j]);
    uint32_t p;
    uint64_t c = 0;
    ck_assert_int_eq(gbc_trace_prime(&p, &c, T, 3, 3), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_trace_prime(&p, &c, T, 0, 0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_trace_prime(&p, &c, T, 0, 65537), GBC_ERR_ARG);
    gbc_trace_free(T);
    gbc_blob_free(blob);
    gbc_dist_free(D);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
}
END_TEST

/* FNV-1a as the blob's checksum (bytes 12..19: payload length, 20..27: checksum
 * of the payload that follows) */
static void fix_checksum(uint8_t *b, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 28; i < len; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    for (int i = 0; i < 8; i++)
        b[20 + i] = (uint8_t)(h >> (8 * i));
}

START_TEST(test_corrupt_blob)
{
    rs = tu_seed() + 3;
    gbc_options *o = opts_seed(tu_seed() + 3);
    gbc_ring *R;
    gbc_polys *F;
    uint8_t *blob;
    size_t len;
    gbc_dist *D = learn(systems[0], NULL, o, &R, &F, &blob, &len);
    gbc_trace *T = NULL;
    uint8_t *b = malloc(len);
    /* every truncation (sampled when the blob is long) */
    for (size_t cut = 0; cut < len; cut += 1 + (len > 4000 ? rnd(len / 500) : 0)) {
        T = (gbc_trace *)1;
        ck_assert_int_eq(gbc_trace_load(&T, blob, cut), GBC_ERR_PARSE);
        ck_assert_ptr_eq(T, (gbc_trace *)1); /* left alone */
    }
    /* one byte altered: the checksum refuses it */
    for (int k = 0; k < 300; k++) {
        memcpy(b, blob, len);
        size_t at = rnd(len);
        b[at] ^= (uint8_t)(1 + rnd(255));
        T = NULL;
        ck_assert_int_eq(gbc_trace_load(&T, b, len), GBC_ERR_PARSE);
    }
    /* altered with the checksum made to match: refused by the structure checks, or
     * loaded and then harmless (an apply runs inside its arrays: ASan would say) */
    size_t nt = gbc_dist_nterms(D), loaded = 0;
    uint32_t *res = malloc((nt + 1) * sizeof *res);
    for (int k = 0; k < 300; k++) {
        memcpy(b, blob, len);
        size_t at = 28 + rnd(len - 28);
        b[at] ^= (uint8_t)(1 + rnd(255));
        fix_checksum(b, len);
        T = NULL;
        gbc_status st = gbc_trace_load(&T, b, len);
        ck_assert_msg(st == GBC_OK || st == GBC_ERR_PARSE, "byte %zu: %s", at,
                      gbc_status_string(st));
        if (st != GBC_OK)
            continue;
        loaded++;
        size_t n = gbc_trace_nterms(T);
        uint32_t *r = malloc((n + 1) * sizeof *r);
        uint32_t p;
        uint64_t c = 0;
        int fits;
        ck_assert_int_eq(gbc_trace_prime(&p, &c, T, 0, 1), GBC_OK);
        st = gbc_trace_apply(r, n, &fits, T, p, NULL);
        ck_assert_msg(st == GBC_OK, "byte %zu: apply %s", at, gbc_status_string(st));
        free(r);
        gbc_trace_free(T);
    }
    printf("t-dist: %zu of 300 altered blobs loaded (and applied harmlessly)\n", loaded);
    /* the intact blob still loads */
    ck_assert_int_eq(gbc_trace_load(&T, blob, len), GBC_OK);
    gbc_trace_free(T);
    ck_assert_int_eq(gbc_trace_load(&T, NULL, 0), GBC_ERR_PARSE);
    ck_assert_int_eq(gbc_trace_load(NULL, blob, len), GBC_ERR_ARG);
    free(res);
    free(b);
    gbc_blob_free(blob);
    gbc_dist_free(D);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
}
END_TEST

/* <x^2 + z, x^2 + z + p y^2>: modulo p the basis is {x^2 + z}, over Q
 * {y^2, x^2 + z}: apply reports p unlucky, and the coordinator takes the misfit. */
START_TEST(test_unlucky_prime)
{
    const uint32_t p = 1000003;
    char text[200];
    snprintf(text, sizeof text, "x,y,z\n0\nx^2 + z, x^2 + z + %u*y^2\n", (unsigned)p);
    gbc_options *o = opts_seed(tu_seed() + 11);
    gbc_ring *R;
    gbc_polys *F;
    uint8_t *blob;
    size_t len;
    gbc_dist *D = learn(text, NULL, o, &R, &F, &blob, &len);
    gbc_trace *T = NULL;
    ck_assert_int_eq(gbc_trace_load(&T, blob, len), GBC_OK);
    size_t nt = gbc_trace_nterms(T);
    uint32_t res[16];
    ck_assert_uint_le(nt, 16);
    int fits = -1;
    ck_assert_int_eq(gbc_trace_apply(res, nt, &fits, T, p, NULL), GBC_OK);
    ck_assert_int_eq(fits, 0);
    gbc_dist_state state;
    ck_assert_int_eq(gbc_dist_add(&state, D, p, NULL, 0), GBC_OK);
    ck_assert_int_ne(state, GBC_DIST_ACCEPTED);
    /* bad residues are refused and leave D as it was: a duplicate prime, a wrong
     * count, a residue out of range, a number that is not prime */
    ck_assert_int_eq(gbc_dist_add(&state, D, p, NULL, 0), GBC_ERR_DOMAIN);
    uint64_t c = 0;
    uint32_t q;
    ck_assert_int_eq(gbc_trace_prime(&q, &c, T, 0, 1), GBC_OK);
    ck_assert_int_eq(gbc_trace_apply(res, nt, &fits, T, q, NULL), GBC_OK);
    ck_assert_int_eq(fits, 1);
    ck_assert_int_eq(gbc_dist_add(&state, D, q, res, nt + 1), GBC_ERR_ARG);
    uint32_t keep = res[0];
    res[0] = q;
    ck_assert_int_eq(gbc_dist_add(&state, D, q, res, nt), GBC_ERR_DOMAIN);
    res[0] = keep;
    ck_assert_int_eq(gbc_dist_add(&state, D, q + 2 * (q % 3 == 1 ? 1 : 2), res, nt),
                     GBC_ERR_DOMAIN); /* q + 2 or q + 4 is divisible by 3 */
    ck_assert_int_eq(gbc_dist_add(&state, D, q, res, nt), GBC_OK);
    ck_assert_int_eq(gbc_dist_check(&state, D) == GBC_OK || state != GBC_DIST_SETTLED, 1);
    gbc_trace_free(T);
    gbc_blob_free(blob);
    gbc_dist_free(D);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
}
END_TEST

/* One loaded trace applied from two threads at once (it is read only): each
 * thread's residues equal those of the same primes applied alone. */
typedef struct par_job {
    const gbc_trace *T;
    const uint32_t *ps;
    int n;
    uint32_t *res; /* n * nterms */
    int ok;
} par_job;

static void *par_apply(void *arg)
{
    par_job *J = arg;
    size_t nt = gbc_trace_nterms(J->T);
    J->ok = 1;
    for (int i = 0; i < J->n; i++) {
        int fits = 0;
        if (gbc_trace_apply(J->res + (size_t)i * nt, nt, &fits, J->T, J->ps[i], NULL) !=
                GBC_OK || !fits)
            J->ok = 0;
    }
    return NULL;
}

START_TEST(test_apply_threads)
{
    gbc_options *o = opts_seed(tu_seed() + 21);
    gbc_ring *R;
    gbc_polys *F;
    uint8_t *blob;
    size_t len;
    gbc_dist *D = learn(systems[1], NULL, o, &R, &F, &blob, &len);
    gbc_trace *T = NULL;
    ck_assert_int_eq(gbc_trace_load(&T, blob, len), GBC_OK);
    size_t nt = gbc_trace_nterms(T);
    enum { N = 4 };
    uint32_t ps[2][N];
    uint64_t c[2] = {0, 0};
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < N; i++)
            ck_assert_int_eq(gbc_trace_prime(&ps[t][i], &c[t], T, (uint32_t)t, 2), GBC_OK);
    par_job J[2];
    pthread_t th[2];
    for (int t = 0; t < 2; t++) {
        J[t] = (par_job){T, ps[t], N, malloc(sizeof(uint32_t) * N * (nt + 1)), 0};
        ck_assert_int_eq(pthread_create(&th[t], NULL, par_apply, &J[t]), 0);
    }
    for (int t = 0; t < 2; t++)
        pthread_join(th[t], NULL);
    uint32_t *one = malloc(sizeof(uint32_t) * (nt + 1));
    for (int t = 0; t < 2; t++) {
        ck_assert_int_eq(J[t].ok, 1);
        for (int i = 0; i < N; i++) {
            int fits;
            ck_assert_int_eq(gbc_trace_apply(one, nt, &fits, T, ps[t][i], NULL), GBC_OK);
            ck_assert_int_eq(memcmp(one, J[t].res + (size_t)i * nt, sizeof(uint32_t) * nt), 0);
        }
        free(J[t].res);
    }
    free(one);
    gbc_trace_free(T);
    gbc_blob_free(blob);
    gbc_dist_free(D);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
}
END_TEST

/* A prepared check is what gbc_dist_check judges on: one altered to say that a
 * generator does not reduce to zero makes the check ask for a new learning (the
 * verdict of mod_check_candidate on those figures); the next check, without a
 * prepared one, accepts. Results that do not fit are refused. */
START_TEST(test_prepared_check)
{
    rs = tu_seed() + 31;
    gbc_options *o = opts_seed(tu_seed() + 31);
    gbc_ring *R;
    gbc_polys *F;
    parse(&R, &F, systems[1], NULL);
    gbc_dist *D = NULL;
    ck_assert_int_eq(gbc_dist_new(&D, F, o), GBC_OK);
    /* blobs and results that do not fit */
    uint8_t *cb = NULL, *res = NULL, *res2 = NULL;
    size_t clen = 0, rlen = 0, rlen2 = 0;
    ck_assert_int_eq(gbc_dist_check_blob(&cb, &clen, D), GBC_OK);
    ck_assert_int_eq(gbc_check_prepare(&res, &rlen, cb, clen, NULL), GBC_OK);
    for (size_t cut = 0; cut < clen; cut += 1 + rnd(clen / 100 + 1))
        ck_assert_int_eq(gbc_check_prepare(&res2, &rlen2, cb, cut, NULL), GBC_ERR_PARSE);
    for (size_t cut = 0; cut < rlen; cut += 1 + rnd(rlen / 100 + 1))
        ck_assert_int_eq(gbc_dist_check_give(D, res, cut), GBC_ERR_PARSE);
    uint8_t *b = malloc(rlen);
    for (int k = 0; k < 100; k++) {
        memcpy(b, res, rlen);
        b[rnd(rlen)] ^= (uint8_t)(1 + rnd(255));
        ck_assert_int_eq(gbc_dist_check_give(D, b, rlen), GBC_ERR_PARSE);
    }
    /* a trace blob is not a check blob and the reverse */
    uint8_t *tb = NULL;
    size_t tlen = 0;
    ck_assert_int_eq(gbc_dist_learn(&tb, &tlen, D), GBC_OK);
    ck_assert_int_eq(gbc_check_prepare(&res2, &rlen2, tb, tlen, NULL), GBC_ERR_PARSE);
    gbc_trace *T = NULL;
    ck_assert_int_eq(gbc_trace_load(&T, cb, clen), GBC_ERR_PARSE);
    /* the prime of the check blob was recorded as used: no stream of the trace
     * learnt after it gives it, and the coordinator refuses it as a residue prime */
    ck_assert_int_eq(gbc_trace_load(&T, tb, tlen), GBC_OK);
    uint32_t q = (uint32_t)res[28] | (uint32_t)res[29] << 8 | (uint32_t)res[30] << 16 |
                 (uint32_t)res[31] << 24;
    size_t nt = gbc_trace_nterms(T);
    uint32_t *r = malloc((nt + 1) * sizeof *r);
    gbc_dist_state state = GBC_DIST_MORE;
    ck_assert_int_eq(gbc_dist_add(&state, D, q, NULL, 0), GBC_ERR_DOMAIN);
    /* a result of an older check prime is refused once another is drawn */
    gbc_blob_free(cb);
    ck_assert_int_eq(gbc_dist_check_blob(&cb, &clen, D), GBC_OK);
    ck_assert_int_eq(gbc_dist_check_give(D, res, rlen), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_check_prepare(&res2, &rlen2, cb, clen, NULL), GBC_OK);
    /* altered to say that a generator does not reduce to zero */
    ck_assert_uint_eq(res2[48], 1);
    res2[48] = 0;
    fix_checksum(res2, rlen2);
    ck_assert_int_eq(gbc_dist_check_give(D, res2, rlen2), GBC_OK);
    uint64_t cur = 0;
    for (int k = 0; state != GBC_DIST_SETTLED; k++) {
        ck_assert_int_lt(k, 200);
        uint32_t p;
        int fits;
        ck_assert_int_eq(gbc_trace_prime(&p, &cur, T, 0, 1), GBC_OK);
        ck_assert_uint_ne(p, q);
        ck_assert_int_eq(gbc_trace_apply(r, nt, &fits, T, p, NULL), GBC_OK);
        ck_assert_int_eq(gbc_dist_add(&state, D, p, fits ? r : NULL, nt), GBC_OK);
        ck_assert_int_ne(state, GBC_DIST_RELEARN);
    }
    ck_assert_int_eq(gbc_dist_check(&state, D), GBC_OK);
    ck_assert_int_eq(state, GBC_DIST_RELEARN);
    /* learnt anew, checked without a prepared half: accepted */
    gbc_trace_free(T);
    gbc_blob_free(tb);
    ck_assert_int_eq(gbc_dist_learn(&tb, &tlen, D), GBC_OK);
    ck_assert_int_eq(gbc_trace_load(&T, tb, tlen), GBC_OK);
    nt = gbc_trace_nterms(T);
    free(r);
    r = malloc((nt + 1) * sizeof *r);
    cur = 0;
    state = GBC_DIST_MORE;
    for (int k = 0; state != GBC_DIST_ACCEPTED; k++) {
        ck_assert_int_lt(k, 200);
        uint32_t p;
        int fits;
        ck_assert_int_eq(gbc_trace_prime(&p, &cur, T, 0, 1), GBC_OK);
        ck_assert_int_eq(gbc_trace_apply(r, nt, &fits, T, p, NULL), GBC_OK);
        ck_assert_int_eq(gbc_dist_add(&state, D, p, fits ? r : NULL, nt), GBC_OK);
        ck_assert_int_ne(state, GBC_DIST_RELEARN);
        if (state == GBC_DIST_SETTLED)
            ck_assert_int_eq(gbc_dist_check(&state, D), GBC_OK);
    }
    gbc_polys *B = NULL, *G = NULL;
    ck_assert_int_eq(gbc_dist_basis(&B, D, NULL), GBC_OK);
    ck_assert_int_eq(gbc_groebner(&G, F, NULL, NULL), GBC_OK);
    at_assert_same(B, G);
    /* after acceptance nothing more is drawn or given */
    ck_assert_int_eq(gbc_dist_check_give(D, res2, rlen2), GBC_ERR_ARG);
    uint8_t *cb2 = NULL;
    size_t clen2 = 0;
    ck_assert_int_eq(gbc_dist_check_blob(&cb2, &clen2, D), GBC_ERR_ARG);
    /* arguments; with certify there is nothing to prepare */
    ck_assert_int_eq(gbc_dist_check_blob(NULL, &clen2, D), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_check_prepare(NULL, &rlen2, cb, clen, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_check_prepare(&res, &rlen2, NULL, 5, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_dist_check_give(NULL, res2, rlen2), GBC_ERR_ARG);
    gbc_dist *D2 = NULL;
    gbc_options *oc = opts_seed(tu_seed() + 32);
    ck_assert_int_eq(gbc_options_set_certify(oc, 1), GBC_OK);
    ck_assert_int_eq(gbc_dist_new(&D2, F, oc), GBC_OK);
    ck_assert_int_eq(gbc_dist_check_blob(&cb2, &clen2, D2), GBC_ERR_UNSUPPORTED);
    gbc_dist_free(D2);
    gbc_options_free(oc);
    gbc_polys_free(B);
    gbc_polys_free(G);
    free(r);
    free(b);
    gbc_trace_free(T);
    gbc_blob_free(tb);
    gbc_blob_free(cb);
    gbc_blob_free(res);
    gbc_blob_free(res2);
    gbc_dist_free(D);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
}
END_TEST

START_TEST(test_args)
{
    gbc_ring *R;
    gbc_polys *F;
    parse(&R, &F, "x,y\n32003\nx^2 - y\n", NULL);
    gbc_dist *D = NULL;
    ck_assert_int_eq(gbc_dist_new(&D, F, NULL), GBC_ERR_DOMAIN);
    ck_assert_int_eq(gbc_dist_new(NULL, F, NULL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_dist_new(&D, NULL, NULL), GBC_ERR_ARG);
    gbc_polys_free(F);
    gbc_ring_free(R);
    parse(&R, &F, "x,y\n0\nx^2 - y, y^2 - 3\n", NULL);
    ck_assert_int_eq(gbc_dist_new(&D, F, NULL), GBC_OK);
    gbc_dist_state state;
    uint32_t r[4] = {0};
    /* nothing to add to or check before learning */
    ck_assert_uint_eq(gbc_dist_nterms(D), 0);
    ck_assert_int_eq(gbc_dist_add(&state, D, 1000003, r, 4), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_dist_check(&state, D), GBC_ERR_ARG);
    gbc_trace *V = NULL;
    ck_assert_int_eq(gbc_dist_trace(&V, D), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_dist_trace(NULL, D), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_dist_trace(&V, NULL), GBC_ERR_ARG);
    gbc_polys *B = NULL;
    ck_assert_int_eq(gbc_dist_basis(&B, D, NULL), GBC_ERR_ARG);
    gbc_dist_free(D);
    gbc_dist_free(NULL);
    gbc_trace_free(NULL);
    gbc_blob_free(NULL);
    ck_assert_uint_eq(gbc_trace_nterms(NULL), 0);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-dist");
    TCase *tc = tcase_create("dist");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_apply_equals_direct);
    tcase_add_test(tc, test_lift_equals_groebner);
    tcase_add_test(tc, test_streams_disjoint);
    tcase_add_test(tc, test_corrupt_blob);
    tcase_add_test(tc, test_unlucky_prime);
    tcase_add_test(tc, test_args);
    tcase_add_test(tc, test_apply_threads);
    tcase_add_test(tc, test_prepared_check);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
