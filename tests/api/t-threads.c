/* Reentrancy: computations on distinct handles in several threads at once give
 * the results they give one after the other (Groebner bases over Z/p and Q, F4
 * with worker threads, Buchberger, normal forms, parsing, arrays, monomial-ideal
 * invariants), and a shared ring and input list may be read by all of them. Run
 * under ThreadSanitizer by the tsan preset. */
#include <pthread.h>
#include <stdint.h>

#include "apitest.h"
#include "testutil.h"

#define NTHREADS 4

/* One task: everything a thread computes, printed into one string. */
typedef struct task {
    int kind;               /* which system and options */
    const gbc_polys *shared; /* a list read by every thread at once (may be NULL) */
    char *out;              /* the result, library-allocated */
    gbc_status st;
} task;

static gbc_status run_kind(int kind, const gbc_polys *shared, char **out)
{
    uint32_t p = (kind % 3 == 0) ? 0 : (kind % 3 == 1 ? 65521 : 32003);
    uint32_t n = 4 + (uint32_t)(kind % 2);
    gbc_ring *R = NULL;
    char names[8][4];
    const char *ptr[8];
    for (uint32_t i = 0; i <= n; i++) {
        snprintf(names[i], sizeof names[i], "x%u", (unsigned)i);
        ptr[i] = names[i];
    }
    gbc_status st = gbc_ring_new(&R, n + 1, ptr, p, kind % 4 == 2 && p != 0 ? "lex" : NULL, NULL);
    if (st != GBC_OK)
        return st;
    gbc_options *o = NULL;
    gbc_polys *F = NULL, *G = NULL, *N = NULL;
    gbc_monideal *L = NULL;
    if ((st = gbc_options_new(&o)) != GBC_OK)
        goto done;
    if (kind % 5 == 4)
        gbc_options_set_algorithm(o, GBC_ALGO_BUCHBERGER);
    if (kind % 2 == 1)
        gbc_options_set_threads(o, 2);
    at_sys S;
    at_katsura(&S, n, p ? p : 3, n + 1);
    st = p ? gbc_polys_from_arrays_zp(&F, R, S.npolys, S.nterms, S.exps, S.czp, o, NULL)
           : gbc_polys_from_arrays_q(&F, R, S.npolys, S.nterms, S.exps, S.cq, o, NULL);
    at_sys_free(&S);
    if (st != GBC_OK)
        goto done;
    if ((st = gbc_groebner(&G, F, o, NULL)) != GBC_OK)
        goto done;
    if ((st = gbc_normal_form(&N, F, G, o)) != GBC_OK)
        goto done;
    if ((st = gbc_leading_ideal(&L, G, GBC_LEADING_IS_BASIS, o, NULL)) != GBC_OK)
        goto done;
    uint64_t deg = 0;
    if ((st = gbc_monideal_degree(&deg, L, o)) != GBC_OK)
        goto done;
    char *s = NULL;
    if ((st = gbc_polys_to_string(&s, NULL, G, GBC_PRINT_HEADER)) != GBC_OK)
        goto done;
    /* read the shared list: print it and export it as arrays */
    char *sh = NULL;
    if (shared != NULL) {
        size_t *nt = NULL;
        uint32_t *e = NULL;
        char **cq = NULL;
        if ((st = gbc_polys_to_arrays_q(&nt, &e, &cq, shared)) == GBC_OK)
            st = gbc_polys_to_string(&sh, NULL, shared, 0);
        gbc_array_free(nt);
        gbc_array_free(e);
        gbc_array_free(cq);
    }
    size_t need = strlen(s) + (sh ? strlen(sh) : 0) + 64;
    *out = malloc(need);
    snprintf(*out, need, "%s|%zu|%llu|%s", s, gbc_polys_total_terms(N),
             (unsigned long long)deg, sh ? sh : "");
    gbc_string_free(s);
    gbc_string_free(sh);
done:
    gbc_monideal_free(L);
    gbc_polys_free(N);
    gbc_polys_free(G);
    gbc_polys_free(F);
    gbc_options_free(o);
    gbc_ring_free(R);
    return st;
}

static void *worker(void *arg)
{
    task *t = arg;
    t->st = run_kind(t->kind, t->shared, &t->out);
    return NULL;
}

START_TEST(test_concurrent_equals_sequential)
{
    /* a list shared (read-only) by every thread, in a ring freed early: the list
     * keeps it alive */
    gbc_ring *R = at_ring(3, 0, NULL);
    gbc_polys *shared = at_parse(R, "1/3*x0^2 - x1, x2^5 + 7/2");
    gbc_ring_free(R);
    int rounds = 2 * tu_mult();
    for (int r = 0; r < rounds; r++) {
        task seq[NTHREADS], par[NTHREADS];
        for (int i = 0; i < NTHREADS; i++) {
            seq[i] = (task){.kind = i + r * NTHREADS, .shared = shared};
            par[i] = seq[i];
            worker(&seq[i]);
            ck_assert_int_eq(seq[i].st, GBC_OK);
        }
        pthread_t th[NTHREADS];
        for (int i = 0; i < NTHREADS; i++)
            ck_assert_int_eq(pthread_create(&th[i], NULL, worker, &par[i]), 0);
        for (int i = 0; i < NTHREADS; i++)
            pthread_join(th[i], NULL);
        for (int i = 0; i < NTHREADS; i++) {
            ck_assert_int_eq(par[i].st, GBC_OK);
            ck_assert_str_eq(par[i].out, seq[i].out);
            free(par[i].out);
            free(seq[i].out);
        }
    }
    gbc_polys_free(shared);
}
END_TEST

/* Two threads computing the same thing with the same options handle (read-only
 * during the computations) and the same input list. */
typedef struct same {
    const gbc_polys *F;
    const gbc_options *o;
    gbc_polys *G;
    gbc_status st;
} same;

static void *same_worker(void *arg)
{
    same *s = arg;
    s->st = gbc_groebner(&s->G, s->F, s->o, NULL);
    return NULL;
}

START_TEST(test_shared_inputs)
{
    gbc_ring *R = at_ring(7, 65521, NULL);
    gbc_polys *F = at_katsura_polys(R, 6);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_options_set_threads(o, 2), GBC_OK);
    same s[2] = {{F, o, NULL, GBC_OK}, {F, o, NULL, GBC_OK}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, same_worker, &s[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    ck_assert_int_eq(s[0].st, GBC_OK);
    ck_assert_int_eq(s[1].st, GBC_OK);
    at_assert_same(s[0].G, s[1].G);
    gbc_polys *G1 = NULL;
    ck_assert_int_eq(gbc_groebner(&G1, F, NULL, NULL), GBC_OK);
    at_assert_same(s[0].G, G1);
    gbc_polys_free(G1);
    gbc_polys_free(s[0].G);
    gbc_polys_free(s[1].G);
    gbc_options_free(o);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

/* Cancel from another thread while two computations share one options handle:
 * both stop. */
START_TEST(test_cancel_shared_options)
{
    gbc_ring *R = at_ring(11, 65521, NULL);
    gbc_polys *F = at_katsura_polys(R, 10);
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    same s[2] = {{F, o, NULL, GBC_OK}, {F, o, NULL, GBC_OK}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, same_worker, &s[i]), 0);
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    gbc_options_cancel(o);
    for (int i = 0; i < 2; i++) {
        pthread_join(th[i], NULL);
        ck_assert_int_eq(s[i].st, GBC_ERR_INTERRUPTED);
        ck_assert_ptr_null(s[i].G);
    }
    gbc_options_free(o);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_concurrent_equals_sequential);
    tcase_add_test(tc, test_shared_inputs);
    tcase_add_test(tc, test_cancel_shared_options);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
