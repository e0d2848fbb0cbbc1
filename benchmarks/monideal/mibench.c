/* mibench: timings and counters of the monomial-ideal kernels on one input, and
 * the divisor-lookup replay benchmark.
 *
 *   mibench slice FILE      slice algorithm on the artinian closure (irrdecom)
 *   mibench msm FILE        slice algorithm on the ideal itself (maxstandard)
 *   mibench hilbert FILE    univariate Hilbert numerator (Bigatti)
 *   mibench hilbert-mg FILE multigraded numerator
 *                           (either with --no-scarf after FILE: without the
 *                           Scarf base case)
 *   mibench replay STREAM.. run recorded divisor-lookup streams through DL_LIST and
 *                           DL_TREE, check that the answers agree, time both
 *
 * FILE is a monomial ideal in gbc's input format (genideal.py writes it); STREAM
 * is a query stream recorded by a build configured with -DGBC_DL_RECORD (see
 * record_streams.sh here and the recorder in src/monideal/divlookup.c); the list
 * and the tree replay it in lockstep once (every answer compared: the same
 * existence and a true divisor for find_divisor, the same sets for
 * for_each_divisor and remove_multiples), then alone, best CPU time of 5 each.
 * Links against the static library and uses its internal headers. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "divlookup/divlookup.h"
#include "monideal/monideal.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 20, n = 0;
    char *b = malloc(cap + 1);
    size_t r;
    while (b && (r = fread(b + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *nb = realloc(b, 2 * cap + 1);
            if (!nb) {
                free(b);
                b = NULL;
                break;
            }
            b = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (b) {
        b[n] = 0;
        *len = n;
    }
    return b;
}

/* A monomial list in gbc's input format: names on line 1 (x1..xn expected in
 * order), characteristic on line 2, then products of powers separated by commas. */
static int read_ideal(const char *path, monideal *I)
{
    size_t len;
    char *s = slurp(path, &len);
    if (s == NULL)
        return 0;
    char *p = s;
    uint32_t n = 1;
    while (*p && *p != '\n') {
        if (*p == ',')
            n++;
        p++;
    }
    if (*p)
        p++;
    while (*p && *p != '\n')
        p++;
    mi_init(I, n);
    uint32_t *e = calloc(n, sizeof *e);
    int have = 0;
    while (*p) {
        if (isspace((unsigned char)*p) || *p == '*') {
            p++;
            continue;
        }
        if (*p == ',') {
            mi_push(NULL, I, e);
            memset(e, 0, n * sizeof *e);
            have = 0;
            p++;
            continue;
        }
        if (*p == '1' && !have) {
            p++;
            have = 1;
            continue;
        }
        if (*p == 'x') {
            p++;
            unsigned long v = strtoul(p, &p, 10);
            unsigned long x = 1;
            if (*p == '^') {
                p++;
                x = strtoul(p, &p, 10);
            }
            if (v >= 1 && v <= n)
                e[v - 1] += (uint32_t)x;
            have = 1;
            continue;
        }
        p++;
    }
    if (have)
        mi_push(NULL, I, e);
    free(e);
    free(s);
    return 1;
}

static gbc_status count_emit(void *data, const uint32_t *m)
{
    (void)m;
    (*(uint64_t *)data)++;
    return GBC_OK;
}

static int run_ideal(const char *what, const char *path, const mi_hilbert_opts *ho)
{
    monideal I;
    if (!read_ideal(path, &I)) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    double t0 = gbc_cpu_time();
    gbc_status st = GBC_OK;
    if (strcmp(what, "slice") == 0 || strcmp(what, "msm") == 0) {
        monideal M, C;
        mi_init(&M, I.nvars);
        mi_init(&C, I.nvars);
        mi_ranks R;
        mi_copy(&ctx, &M, &I);
        mi_minimize(&ctx, &M);
        mi_ranks_compress(&ctx, &R, &C, &M);
        if (strcmp(what, "slice") == 0) {
            uint32_t *pp = calloc(I.nvars + 1, sizeof *pp);
            for (uint32_t v = 0; v < I.nvars; v++) {
                pp[v] = R.nvals[v];
                mi_push(&ctx, &C, pp);
                pp[v] = 0;
            }
            free(pp);
            mi_minimize(&ctx, &C);
        }
        uint64_t cnt = 0;
        mi_slice_stats ss;
        double t1 = gbc_cpu_time();
        st = mi_msm_ranked(&ctx, &C, count_emit, &cnt, &ss);
        double t2 = gbc_cpu_time();
        printf("%s: %zu gens, %u vars: %llu msm, %llu nodes, %llu leaves, %.3f s "
               "(setup %.3f s)\n  avg k %.1f, avg active vars %.1f, bound steps %llu, "
               "divisibility checks %llu\n",
               what, M.n, I.nvars, (unsigned long long)cnt, (unsigned long long)ss.nodes,
               (unsigned long long)ss.leaves, t2 - t1, t1 - t0,
               (double)ss.sum_k / (double)(ss.nodes - ss.leaves + 1),
               (double)ss.sum_active / (double)(ss.nodes - ss.leaves + 1),
               (unsigned long long)ss.bound_steps, (unsigned long long)ss.div_checks);
        mi_ranks_clear(&ctx, &R);
        mi_clear(&ctx, &M);
        mi_clear(&ctx, &C);
    } else if (strcmp(what, "hilbert") == 0) {
        mi_upoly N;
        mi_upoly_init(&N);
        mi_hilbert_stats hs;
        st = mi_hilbert_uni_opts(&ctx, &N, &I, ho, &hs);
        printf("hilbert: %zu terms, %.3f s; %llu nodes, %llu terms added, %llu Scarf base "
               "cases with %llu faces\n",
               N.n, gbc_cpu_time() - t0, (unsigned long long)hs.nodes,
               (unsigned long long)hs.adds, (unsigned long long)hs.scarf,
               (unsigned long long)hs.scarf_faces);
        mi_upoly_clear(&ctx, &N);
    } else if (strcmp(what, "hilbert-mg") == 0) {
        mi_poly P;
        mi_poly_init(&P, I.nvars);
        mi_hilbert_stats hs;
        st = mi_hilbert_multi_opts(&ctx, &P, &I, ho, &hs);
        printf("hilbert-mg: %zu terms, %.3f s; %llu nodes, %llu terms added, %llu distinct, "
               "%llu Scarf base cases with %llu faces\n",
               P.mons.n, gbc_cpu_time() - t0, (unsigned long long)hs.nodes,
               (unsigned long long)hs.adds, (unsigned long long)hs.distinct,
               (unsigned long long)hs.scarf, (unsigned long long)hs.scarf_faces);
        mi_poly_clear(&ctx, &P);
    } else {
        fprintf(stderr, "unknown command %s\n", what);
        return 2;
    }
    mi_clear(NULL, &I);
    if (st != GBC_OK) {
        fprintf(stderr, "failed: %s\n", gbc_status_string(st));
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------- replay -- */

/* A recorded stream (see the recorder in src/monideal/divlookup.c): records of
 * op, id, arg and, for A/F/E/R, the exponents of the lookup the id names. */
typedef struct stream {
    uint32_t *w;
    size_t nw;
    uint32_t nids;
    uint32_t *nvars; /* per id */
    size_t nq[256];  /* records per op */
} stream;

static int load_stream(const char *path, stream *S)
{
    memset(S, 0, sizeof *S);
    size_t len;
    char *b = slurp(path, &len);
    if (b == NULL || len % 4 != 0) {
        free(b);
        return 0;
    }
    S->w = (uint32_t *)(void *)b;
    S->nw = len / 4;
    size_t cap = 0;
    for (size_t i = 0; i + 3 <= S->nw;) {
        uint32_t op = S->w[i], id = S->w[i + 1], arg = S->w[i + 2];
        if (op == 'I') {
            if (id >= cap) {
                size_t nc = 2 * (id + 1);
                uint32_t *nv = realloc(S->nvars, nc * sizeof *nv);
                if (nv == NULL)
                    return 0;
                memset(nv + cap, 0, (nc - cap) * sizeof *nv);
                S->nvars = nv;
                cap = nc;
            }
            S->nvars[id] = arg;
            if (id + 1 > S->nids)
                S->nids = id + 1;
        } else if (id >= S->nids) {
            return 0;
        }
        S->nq[op & 255]++;
        i += 3;
        if (op == 'A' || op == 'F' || op == 'E' || op == 'R')
            i += S->nvars[id];
    }
    return 1;
}

typedef struct vset {
    uint32_t *v;
    size_t n, cap;
} vset;

static int vset_add(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    vset *V = data;
    if (V->n == V->cap) {
        V->cap = V->cap ? 2 * V->cap : 64;
        V->v = realloc(V->v, V->cap * sizeof *V->v);
    }
    V->v[V->n++] = val;
    return 0;
}

static void vset_rm(void *data, uint32_t val)
{
    vset_add(data, val, NULL);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int vset_equal(vset *A, vset *B)
{
    if (A->n != B->n)
        return 0;
    qsort(A->v, A->n, sizeof(uint32_t), cmp_u32);
    qsort(B->v, B->n, sizeof(uint32_t), cmp_u32);
    return A->n == 0 || memcmp(A->v, B->v, A->n * sizeof(uint32_t)) == 0;
}

static int vset_has(const vset *A, uint32_t x)
{
    for (size_t i = 0; i < A->n; i++)
        if (A->v[i] == x)
            return 1;
    return 0;
}

/* Run S through kind k (dl[1] NULL) or through both in lockstep, comparing every
 * answer (dl[1] set). Returns the number of disagreements; *found counts the
 * find_divisor queries that found a divisor. */
static size_t replay(const stream *S, int both, dl_kind kind, uint64_t *found, double *secs)
{
    divlookup *dl[2];
    mono_divmask *dm = calloc(S->nids + 1, sizeof *dm);
    dl[0] = calloc(S->nids + 1, sizeof(divlookup));
    dl[1] = calloc(S->nids + 1, sizeof(divlookup));
    char *live = calloc(S->nids + 1, 1);
    vset a = {0}, b = {0};
    size_t bad = 0;
    uint64_t fnd = 0;
    double t0 = gbc_cpu_time();
    for (size_t i = 0; i + 3 <= S->nw;) {
        uint32_t op = S->w[i], id = S->w[i + 1], arg = S->w[i + 2];
        const uint32_t *e = S->w + i + 3;
        uint32_t n = S->nvars[id];
        i += 3;
        if (op == 'A' || op == 'F' || op == 'E' || op == 'R')
            i += n;
        if (op == 'I') {
            if (live[id]) {
                dl_clear(NULL, &dl[0][id]);
                if (both)
                    dl_clear(NULL, &dl[1][id]);
            }
            mono_divmask_init(&dm[id], n);
            dl_init(NULL, &dl[0][id], both ? DL_LIST : kind, n, &dm[id]);
            if (both)
                dl_init(NULL, &dl[1][id], DL_TREE, n, &dm[id]);
            live[id] = 1;
            continue;
        }
        if (!live[id])
            continue;
        if (op == 'C') {
            dl_clear(NULL, &dl[0][id]);
            if (both)
                dl_clear(NULL, &dl[1][id]);
            live[id] = 0;
            continue;
        }
        uint32_t m = mono_divmask_of(&dm[id], e);
        if (op == 'A') {
            dl_insert(NULL, &dl[0][id], e, m, arg);
            if (both)
                dl_insert(NULL, &dl[1][id], e, m, arg);
        } else if (op == 'F') {
            uint32_t r0 = dl_find_divisor(&dl[0][id], e, m);
            fnd += r0 != UINT32_MAX;
            if (both) {
                uint32_t r1 = dl_find_divisor(&dl[1][id], e, m);
                a.n = 0;
                dl_for_each_divisor(&dl[0][id], e, m, vset_add, &a);
                if ((r0 == UINT32_MAX) != (r1 == UINT32_MAX) ||
                    (r0 != UINT32_MAX && (!vset_has(&a, r0) || !vset_has(&a, r1))))
                    bad++;
            }
        } else if (op == 'E') {
            a.n = 0;
            dl_for_each_divisor(&dl[0][id], e, m, vset_add, &a);
            if (both) {
                b.n = 0;
                dl_for_each_divisor(&dl[1][id], e, m, vset_add, &b);
                bad += !vset_equal(&a, &b);
            }
        } else if (op == 'R') {
            a.n = 0;
            dl_remove_multiples(&dl[0][id], e, m, vset_rm, &a);
            if (both) {
                b.n = 0;
                dl_remove_multiples(&dl[1][id], e, m, vset_rm, &b);
                bad += !vset_equal(&a, &b);
            }
        }
    }
    *secs = gbc_cpu_time() - t0;
    *found = fnd;
    for (uint32_t id = 0; id < S->nids; id++)
        if (live[id]) {
            dl_clear(NULL, &dl[0][id]);
            if (both)
                dl_clear(NULL, &dl[1][id]);
        }
    free(a.v);
    free(b.v);
    free(live);
    free(dl[0]);
    free(dl[1]);
    free(dm);
    return bad;
}

static int run_replay(int argc, char **argv)
{
    int rc = 0;
    printf("%-22s %9s %9s %8s %9s %9s %6s %s\n", "stream", "inserts", "finds", "removes",
           "list ms", "tree ms", "l/t", "agree");
    for (int a = 0; a < argc; a++) {
        stream S;
        if (!load_stream(argv[a], &S)) {
            fprintf(stderr, "cannot read stream %s\n", argv[a]);
            return 1;
        }
        uint64_t f0, f1, f2;
        double s0, s1, s2, best[2] = {1e300, 1e300};
        size_t bad = replay(&S, 1, DL_LIST, &f0, &s0);
        for (int rep = 0; rep < 5; rep++) {
            replay(&S, 0, DL_LIST, &f1, &s1);
            replay(&S, 0, DL_TREE, &f2, &s2);
            best[0] = s1 < best[0] ? s1 : best[0];
            best[1] = s2 < best[1] ? s2 : best[1];
        }
        if (f1 != f2)
            bad++;
        const char *name = strrchr(argv[a], '/');
        name = name ? name + 1 : argv[a];
        printf("%-22s %9zu %9zu %8zu %9.3f %9.3f %6.2f %s (%llu found)\n", name, S.nq['A'],
               S.nq['F'] + S.nq['E'], S.nq['R'], 1e3 * best[0], 1e3 * best[1],
               best[1] > 0 ? best[0] / best[1] : 0.0, bad ? "NO" : "yes",
               (unsigned long long)f1);
        if (bad) {
            fprintf(stderr, "%s: %zu disagreements\n", argv[a], bad);
            rc = 1;
        }
        free(S.w);
        free(S.nvars);
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: mibench slice|msm|hilbert|hilbert-mg FILE [--no-scarf]\n"
                        "       mibench replay STREAM...\n");
        return 2;
    }
    if (strcmp(argv[1], "replay") == 0)
        return run_replay(argc - 2, argv + 2);
    mi_hilbert_opts ho;
    memset(&ho, 0, sizeof ho);
    ho.no_scarf = argc > 3 && strcmp(argv[3], "--no-scarf") == 0;
    return run_ideal(argv[1], argv[2], &ho);
}
