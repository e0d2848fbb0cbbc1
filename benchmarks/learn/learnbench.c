/* learnbench: the cost of gbc_trace_mod_apply against a full gbc_groebner run on
 * systems of one shape. FILE (gbc input over Z/p) is learnt once; then napplies
 * systems with FILE's supports and random nonzero coefficients are each computed
 * by gbc_groebner and by the apply, whose bases must be equal. Printed: CPU
 * seconds of the learn, medians of the full runs, of the applies and of the
 * unproved applies (GBC_APPLY_TRUST), and their ratios (-v, first argument: the
 * library's log of each apply's replay and proof times on stderr). The trace is
 * learnt on random coefficients too (FILE's own may be special: katsura's and
 * cyclic's are, and their basis has another shape than a generic system's).
 * Usage: learnbench [-v] [--self] FILE [napplies (3)] [seed (1)]; with --self,
 * FILE's own system is learnt and applied instead. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gbc.h"

static double cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The library's log lines about the apply (replay and proof times), with -v. */
static void log_apply(void *data, int level, const char *msg)
{
    (void)data;
    (void)level;
    if (strncmp(msg, "learn:", 6) == 0)
        fprintf(stderr, "%s\n", msg);
}

static uint64_t rs;
static uint32_t rnd(uint32_t n)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)((rs >> 33) % n);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s == NULL || fread(s, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(s);
        return NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return s;
}

int main(int argc, char **argv)
{
    int self = 0, verbose = 0;
    while (argc > 1 && (strcmp(argv[1], "--self") == 0 || strcmp(argv[1], "-v") == 0)) {
        if (strcmp(argv[1], "-v") == 0)
            verbose = 1;
        else
            self = 1;
        argv++;
        argc--;
    }
    gbc_options *vo = NULL;
    if (gbc_options_new(&vo) != GBC_OK)
        return 1;
    if (verbose)
        gbc_options_set_log(vo, log_apply, NULL, 2);
    if (argc < 2) {
        fprintf(stderr, "usage: learnbench FILE [napplies] [seed]\n");
        return 2;
    }
    int na = argc > 2 ? atoi(argv[2]) : 3;
    rs = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    if (na < 1 || na > 100)
        na = 3;
    size_t len = 0;
    char *text = slurp(argv[1], &len);
    gbc_ring *R = NULL;
    gbc_polys *F = NULL;
    gbc_error err;
    if (text == NULL || gbc_parse(&R, &F, text, len, NULL, NULL, &err) != GBC_OK) {
        fprintf(stderr, "learnbench: cannot read %s\n", argv[1]);
        return 1;
    }
    free(text);
    uint32_t p = gbc_ring_characteristic(R);
    size_t *nt = NULL;
    uint32_t *ex = NULL, *cf = NULL;
    if (p == 0 || gbc_polys_to_arrays_zp(&nt, &ex, &cf, F) != GBC_OK) {
        fprintf(stderr, "learnbench: the input must be over Z/p\n");
        return 1;
    }
    size_t ng = gbc_polys_count(F), total = gbc_polys_total_terms(F);
    uint32_t *own = malloc(sizeof *own * (total ? total : 1));
    memcpy(own, cf, sizeof *own * total);
    for (size_t i = 0; i < total && !self; i++)
        cf[i] = 1 + rnd(p - 1);
    gbc_polys *L = NULL;
    if (gbc_polys_from_arrays_zp(&L, R, ng, nt, ex, cf, NULL, &err) != GBC_OK)
        return 1;
    gbc_trace_mod *T = NULL;
    double t0 = cpu();
    gbc_status st = gbc_trace_mod_learn(&T, NULL, L, NULL, &err);
    double tlearn = cpu() - t0;
    gbc_polys_free(L);
    if (st != GBC_OK) {
        fprintf(stderr, "learnbench: learn: %s\n", err.message);
        return 1;
    }
    double *tf = calloc((size_t)na, sizeof *tf), *ta = calloc((size_t)na, sizeof *ta);
    double *tt = calloc((size_t)na, sizeof *tt);
    int bad = 0;
    for (int k = 0; k < na; k++) {
        for (size_t i = 0; i < total; i++)
            cf[i] = self ? own[i] : 1 + rnd(p - 1);
        gbc_polys *G = NULL, *B1 = NULL, *B2 = NULL;
        if (gbc_polys_from_arrays_zp(&G, R, ng, nt, ex, cf, NULL, &err) != GBC_OK)
            return 1;
        t0 = cpu();
        st = gbc_groebner(&B1, G, NULL, NULL);
        tf[k] = cpu() - t0;
        t0 = cpu();
        gbc_status sa = gbc_trace_mod_apply(&B2, T, G, vo, &err);
        ta[k] = cpu() - t0;
        gbc_polys *B3 = NULL;
        t0 = cpu();
        gbc_status s3 = gbc_trace_mod_apply_flags(&B3, T, G, GBC_APPLY_TRUST, vo, NULL);
        tt[k] = cpu() - t0;
        if (s3 == GBC_OK && sa == GBC_OK) {
            char *x = NULL, *y = NULL;
            gbc_polys_to_string(&x, NULL, B2, 0);
            gbc_polys_to_string(&y, NULL, B3, 0);
            if (strcmp(x, y) != 0) {
                printf("system %d: the trusted apply's basis differs\n", k);
                bad = 1;
            }
            gbc_string_free(x);
            gbc_string_free(y);
        }
        gbc_polys_free(B3);
        if (st != GBC_OK || sa != GBC_OK) {
            printf("system %d: groebner %s, apply %s (%s)\n", k, gbc_status_string(st),
                   gbc_status_string(sa), sa != GBC_OK ? err.message : "");
            bad = 1;
        } else {
            char *s1 = NULL, *s2 = NULL;
            gbc_polys_to_string(&s1, NULL, B1, 0);
            gbc_polys_to_string(&s2, NULL, B2, 0);
            if (strcmp(s1, s2) != 0) {
                printf("system %d: the apply's basis differs from gbc_groebner's\n", k);
                bad = 1;
            }
            gbc_string_free(s1);
            gbc_string_free(s2);
        }
        gbc_polys_free(G);
        gbc_polys_free(B1);
        gbc_polys_free(B2);
    }
    qsort(tf, (size_t)na, sizeof *tf, cmpd);
    qsort(ta, (size_t)na, sizeof *ta, cmpd);
    qsort(tt, (size_t)na, sizeof *tt, cmpd);
    double mf = tf[na / 2], ma = ta[na / 2], mt = tt[na / 2];
    free(own);
    printf("%s%s: learn %.3f s; medians of %d systems: gbc_groebner %.3f s, apply %.3f s "
           "(%.3f of it), unproved apply %.3f s (%.3f)\n",
           self ? "--self " : "", argv[1], tlearn, na, mf, ma, mf > 0 ? ma / mf : 0.0, mt,
           mf > 0 ? mt / mf : 0.0);
    gbc_array_free(nt);
    gbc_array_free(ex);
    gbc_array_free(cf);
    free(tf);
    free(ta);
    free(tt);
    gbc_options_free(vo);
    gbc_trace_mod_free(T);
    gbc_polys_free(F);
    gbc_ring_free(R);
    return bad;
}
