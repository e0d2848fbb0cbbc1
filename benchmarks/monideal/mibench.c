/* mibench: timings and counters of the monomial-ideal kernels on one input, and
 * the divisor-lookup replay benchmark.
 *
 *   mibench slice FILE      slice algorithm on the artinian closure (irrdecom)
 *   mibench msm FILE        slice algorithm on the ideal itself (maxstandard)
 *   mibench hilbert FILE    univariate Hilbert numerator (Bigatti)
 *   mibench hilbert-mg FILE multigraded numerator
 *   mibench replay STREAM.. run recorded divisor-lookup streams through DL_LIST and
 *                           DL_TREE, check that the answers agree, time both
 *
 * FILE is a monomial ideal in gbc's input format (genideal.py writes it); STREAM
 * is a query stream (see README.md in this folder for the format). Links against
 * the static library and uses its internal headers. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monideal/divlookup.h"
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

static int run_ideal(const char *what, const char *path)
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
        st = mi_hilbert_uni_stats(&ctx, &N, &I, &hs);
        printf("hilbert: %zu terms, %.3f s; %llu nodes, %llu terms added\n", N.n,
               gbc_cpu_time() - t0, (unsigned long long)hs.nodes,
               (unsigned long long)hs.adds);
        mi_upoly_clear(&ctx, &N);
    } else if (strcmp(what, "hilbert-mg") == 0) {
        mi_poly P;
        mi_poly_init(&P, I.nvars);
        mi_hilbert_stats hs;
        st = mi_hilbert_multi_stats(&ctx, &P, &I, &hs);
        printf("hilbert-mg: %zu terms, %.3f s; %llu nodes, %llu terms added, %llu distinct\n",
               P.mons.n, gbc_cpu_time() - t0, (unsigned long long)hs.nodes,
               (unsigned long long)hs.adds, (unsigned long long)hs.distinct);
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

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: mibench slice|msm|hilbert|hilbert-mg FILE\n");
        return 2;
    }
    return run_ideal(argv[1], argv[2]);
}
