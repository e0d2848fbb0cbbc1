/* Fault injection: for every i, the i-th allocation of a computation fails, over
 * a small Groebner computation (F4, Buchberger, multi-modular over Q, certified),
 * normal forms, arrays in, a parse, a monomial-ideal computation and every ideal
 * operation (gbc_eliminate ... gbc_lift). Each returns
 * GBC_ERR_NOMEM with its outputs untouched, the context's accounting is back to
 * zero (internal entry points, where the context is visible), ASan finds no leak,
 * and the next call succeeds with the same handles. */
#include <stdint.h>

#include "api/api.h"
#include "apitest.h"
#include "f4/f4.h"
#include "io/io.h"
#include "modular/modular.h"
#include "buchberger/buchberger.h"
#include "la/la.h"
#include "ideal/ideal.h"
#include "testutil.h"

/* Upper bound on the allocations of one small computation: reaching it means the
 * loop never saw a success, a bug in the test or in the counting. */
#define MAX_FAILS 200000

/* One computation through the public API, run with opts; returns its status and
 * frees whatever it made. */
typedef gbc_status (*api_fn)(const gbc_options *opts, void *data);

/* Fail allocation 1, 2, ... until the computation succeeds; every failure must be
 * GBC_ERR_NOMEM. Returns the number of allocations of a successful run. */
static uint64_t every_failure(const char *what, api_fn fn, void *data)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    uint64_t i;
    for (i = 1; i < MAX_FAILS; i++) {
        api_options_set_fail_alloc(o, i);
        gbc_status st = fn(o, data);
        if (st == GBC_OK)
            break;
        ck_assert_msg(st == GBC_ERR_NOMEM, "%s: allocation %llu failed gave %s", what,
                      (unsigned long long)i, gbc_status_string(st));
        /* the next call, without injection, succeeds */
        if (i % 16 == 1) {
            api_options_set_fail_alloc(o, 0);
            ck_assert_int_eq(fn(o, data), GBC_OK);
        }
    }
    ck_assert_msg(i < MAX_FAILS, "%s never succeeded", what);
    api_options_set_fail_alloc(o, 0);
    ck_assert_int_eq(fn(o, data), GBC_OK);
    gbc_options_free(o);
    printf("%-40s %6llu allocations, each failed once\n", what, (unsigned long long)i - 1);
    fflush(stdout);
    return i - 1;
}

typedef struct gb_job {
    const gbc_polys *F;
    gbc_algorithm algo;
    int certify, minimal;
} gb_job;

static gbc_status do_groebner(const gbc_options *opts, void *data)
{
    gb_job *j = data;
    gbc_options *o = (gbc_options *)opts;
    gbc_options_set_algorithm(o, j->algo);
    gbc_options_set_certify(o, j->certify);
    gbc_options_set_basis(o, j->minimal ? GBC_BASIS_MINIMAL : GBC_BASIS_REDUCED);
    gbc_polys *G = (gbc_polys *)0x1;
    gbc_status st = gbc_groebner(&G, j->F, opts, NULL);
    if (st == GBC_OK) {
        int isg = 0;
        ck_assert_int_eq(gbc_is_groebner(&isg, NULL, G, NULL), GBC_OK);
        ck_assert_int_eq(isg, 1);
        gbc_polys_free(G);
    } else {
        ck_assert_ptr_eq(G, (gbc_polys *)0x1);
    }
    return st;
}

/* gbc_groebner_write into memory: on success the text is gbc_groebner's basis
 * printed (the reference, made without injection); a failed run may have written
 * part of it, which is discarded. */
typedef struct write_job {
    const gbc_polys *F;
    const char *want;
    size_t wlen;
} write_job;

typedef struct mem_out {
    char buf[4096];
    size_t len;
} mem_out;

static size_t mem_write(void *data, const char *b, size_t n)
{
    mem_out *m = data;
    if (m->len + n > sizeof m->buf)
        return 0;
    memcpy(m->buf + m->len, b, n);
    m->len += n;
    return n;
}

static gbc_status do_write(const gbc_options *opts, void *data)
{
    write_job *j = data;
    mem_out m;
    m.len = 0;
    gbc_status st = gbc_groebner_write(j->F, opts, NULL, GBC_PRINT_HEADER, mem_write, &m);
    if (st == GBC_OK) {
        ck_assert_uint_eq(m.len, j->wlen);
        ck_assert(memcmp(m.buf, j->want, m.len) == 0);
    }
    return st;
}

START_TEST(test_groebner)
{
    static const char *sys = "x0^2*x1 - x2 + 1, x1^2 - x0*x2 + 2, x2^2*x0 - x1";
    for (int q = 0; q < 2; q++) {
        gbc_ring *R = at_ring(3, q ? 0 : 32003, NULL);
        gbc_polys *F = at_parse(R, sys);
        gb_job j = {F, GBC_ALGO_F4, 0, 0};
        every_failure(q ? "F4 multi-modular over Q" : "F4 mod p", do_groebner, &j);
        j.algo = GBC_ALGO_BUCHBERGER;
        every_failure(q ? "Buchberger over Q" : "Buchberger mod p", do_groebner, &j);
        j.minimal = 1;
        every_failure(q ? "Buchberger minimal over Q" : "Buchberger minimal mod p",
                      do_groebner, &j);
        if (q) {
            j = (gb_job){F, GBC_ALGO_F4, 1, 0};
            every_failure("F4 certified over Q", do_groebner, &j);
        } else {
            j = (gb_job){F, GBC_ALGO_F4, 0, 1};
            every_failure("F4 minimal mod p", do_groebner, &j);
            j = (gb_job){F, GBC_ALGO_SIG, 0, 0};
            every_failure("signature F4 mod p", do_groebner, &j);
            gbc_polys *G = NULL;
            ck_assert_int_eq(gbc_groebner(&G, F, NULL, NULL), GBC_OK);
            write_job w = {F, NULL, 0};
            char *want = NULL;
            ck_assert_int_eq(gbc_polys_to_string(&want, &w.wlen, G, GBC_PRINT_HEADER), GBC_OK);
            ck_assert_uint_le(w.wlen, sizeof ((mem_out *)0)->buf);
            w.want = want;
            every_failure("F4 mod p written as computed", do_write, &w);
            gbc_string_free(want);
            gbc_polys_free(G);
        }
        gbc_polys_free(F);
        gbc_ring_free(R);
    }
}
END_TEST

typedef struct nf_job {
    const gbc_polys *P, *G;
} nf_job;

static gbc_status do_nf(const gbc_options *opts, void *data)
{
    nf_job *j = data;
    gbc_polys *N = NULL;
    gbc_status st = gbc_normal_form(&N, j->P, j->G, opts);
    if (st == GBC_OK) {
        int isg = 0;
        gbc_status s2 = gbc_is_groebner(&isg, NULL, j->G, opts);
        if (s2 != GBC_OK)
            st = s2;
    }
    gbc_polys_free(N);
    return st;
}

START_TEST(test_normal_form_and_check)
{
    for (int q = 0; q < 2; q++) {
        gbc_ring *R = at_ring(3, q ? 0 : 101, NULL);
        gbc_polys *F = at_parse(R, "x0^2 - x1, x1^2 - x2*x0, x2^3 - 1/3");
        gbc_polys *G = NULL;
        ck_assert_int_eq(gbc_groebner(&G, F, NULL, NULL), GBC_OK);
        gbc_polys *P = at_parse(R, "x0^5*x1 + 2/7*x2^4, x0*x1*x2 - 1, x2^7");
        nf_job j = {P, G};
        every_failure(q ? "normal form and check over Q" : "normal form and check mod p",
                      do_nf, &j);
        gbc_polys_free(P);
        gbc_polys_free(G);
        gbc_polys_free(F);
        gbc_ring_free(R);
    }
}
END_TEST

typedef struct parse_job {
    const char *text;
    const gbc_ring *R;
} parse_job;

static gbc_status do_parse(const gbc_options *opts, void *data)
{
    parse_job *j = data;
    gbc_ring *R = (gbc_ring *)0x1;
    gbc_polys *P = (gbc_polys *)0x1;
    gbc_error err;
    gbc_status st = gbc_parse(&R, &P, j->text, strlen(j->text), "lex", opts, &err);
    if (st == GBC_OK) {
        gbc_polys_free(P);
        gbc_ring_free(R);
    } else {
        ck_assert_ptr_eq(R, (gbc_ring *)0x1);
        ck_assert_ptr_eq(P, (gbc_polys *)0x1);
    }
    return st;
}

static gbc_status do_arrays(const gbc_options *opts, void *data)
{
    parse_job *j = data;
    at_sys S;
    at_katsura(&S, 4, 65521, gbc_ring_nvars(j->R));
    gbc_polys *P = NULL, *Q = NULL;
    gbc_status st = gbc_polys_from_arrays_zp(&P, j->R, S.npolys, S.nterms, S.exps, S.czp,
                                             opts, NULL);
    if (st == GBC_OK)
        st = gbc_polys_from_arrays_q(&Q, j->R, S.npolys, S.nterms, S.exps, S.cq, opts, NULL);
    at_sys_free(&S);
    gbc_polys_free(P);
    gbc_polys_free(Q);
    return st;
}

START_TEST(test_parse_and_arrays)
{
    parse_job j = {"x, y, z\n0\n(x + 2/3*y - z)^4*(x*y - 1/2), x^3*y*z - 7, "
                   "(x - y)^2 + (y - z)^3\n",
                   NULL};
    every_failure("parse over Q", do_parse, &j);
    j.text = "a, b\n32003\n(a + b + 1)^6 - a*b/5, a^2 - 3\n";
    every_failure("parse mod p", do_parse, &j);
    gbc_ring *R = at_ring(5, 0, NULL);
    j.R = R;
    every_failure("arrays in over Q", do_arrays, &j);
    gbc_ring_free(R);
}
END_TEST

typedef struct mi_job {
    const gbc_polys *F;
} mi_job;

static gbc_status do_monideal(const gbc_options *opts, void *data)
{
    mi_job *j = data;
    gbc_monideal *L = NULL, *D = NULL;
    uint64_t *degs = NULL;
    int64_t *coefs = NULL;
    uint32_t *comps = NULL;
    size_t nt = 0, nc = 0;
    gbc_status st = gbc_leading_ideal(&L, j->F, 0, opts, NULL);
    if (st == GBC_OK)
        st = gbc_monideal_hilbert(&degs, &coefs, &nt, L, opts);
    if (st == GBC_OK)
        st = gbc_monideal_irrdecom(&comps, &nc, L, opts);
    if (st == GBC_OK)
        st = gbc_monideal_alexdual(&D, L, NULL, opts);
    gbc_monideal_array_free(degs);
    gbc_monideal_array_free(coefs);
    gbc_monideal_array_free(comps);
    gbc_monideal_free(D);
    gbc_monideal_free(L);
    return st;
}

START_TEST(test_monideal)
{
    gbc_ring *R = at_ring(4, 32003, NULL);
    gbc_polys *F = at_parse(R, "x0^2*x1 - x3, x1^3 - x2*x0, x2^2*x3 - x0*x1, x3^3");
    mi_job j = {F};
    every_failure("leading ideal, Hilbert, irrdecom, dual", do_monideal, &j);
    gbc_polys_free(F);
    gbc_ring_free(R);
}
END_TEST

/* The ideal operations: each in turn, with every allocation failed once. */
typedef struct ideal_job {
    const gbc_polys *A, *B, *M;
    int op;
} ideal_job;

static gbc_status do_ideal(const gbc_options *opts, void *data)
{
    ideal_job *j = data;
    gbc_polys *out = (gbc_polys *)0x1, *out2 = (gbc_polys *)0x1;
    gbc_status st;
    uint32_t v[1] = {0};
    int mem[4];
    size_t bad;
    switch (j->op) {
    case 0: st = gbc_eliminate(&out, j->A, v, 1, opts, NULL); break;
    case 1: st = gbc_intersect(&out, j->A, j->B, opts, NULL); break;
    case 2: st = gbc_quotient(&out, j->A, j->B, opts, NULL); break;
    case 3: st = gbc_saturate(&out, j->A, j->B, GBC_SAT_ELIMINATE, opts, NULL); break;
    case 4: st = gbc_saturate(&out, j->A, j->B, GBC_SAT_ITERATE, opts, NULL); break;
    case 5: st = gbc_reduce(&out, j->M, j->A, opts, NULL); break;
    case 6:
        out = NULL;
        st = gbc_member(mem, j->M, j->A, opts, NULL);
        break;
    case 7: st = gbc_lift_basis(&out, &out2, j->A, opts, NULL); break;
    case 8: st = gbc_lift(&out, &bad, j->A, j->M, opts, NULL); break;
    default: st = gbc_saturate(&out, j->A, j->B, GBC_SAT_F4, opts, NULL); break;
    }
    if (st == GBC_OK) {
        gbc_polys_free(out);
        if (j->op == 7)
            gbc_polys_free(out2);
    } else {
        ck_assert_ptr_eq(out, j->op == 6 ? NULL : (gbc_polys *)0x1);
        ck_assert_ptr_eq(out2, (gbc_polys *)0x1);
    }
    return st;
}

START_TEST(test_ideal_ops)
{
    static const char *names[] = {"eliminate", "intersect", "quotient", "saturate (elim)",
                                  "saturate (iterate)", "reduce", "member", "lift basis",
                                  "lift", "saturate (f4)"};
    for (int q = 0; q < 2; q++) {
        gbc_ring *R = at_ring(3, q ? 0 : 32003, NULL);
        gbc_polys *A = at_parse(R, "x0^2*x1 - x1*x2, x1^2 - 1/2*x0, x0*x2 - x1");
        gbc_polys *B = at_parse(R, "x0*x1 - 1");
        gbc_polys *M = at_parse(R, "x0*(x1^2 - 1/2*x0) + x2*(x0*x2 - x1), x1^2 - 1/2*x0");
        for (int op = 0; op < 10; op++) {
            ideal_job j = {A, B, M, op};
            char what[64];
            snprintf(what, sizeof what, "%s %s", names[op], q ? "over Q" : "mod p");
            every_failure(what, do_ideal, &j);
        }
        /* internal entry points: the context's accounting is back to zero */
        for (int op = 0; op < 4; op++) {
            uint64_t i;
            for (i = 1; i < MAX_FAILS; i++) {
                gbc_ctx ctx;
                gbc_ctx_init(&ctx);
                ctx.fail_at = i;
                plist out, cof;
                plist_init(&out);
                plist_init(&cof);
                gbc_plan plan;
                gbc_plan_init(&plan);
                plan.fixed_seed = 1;
                plan.seed = tu_seed();
                ctx.plan = &plan;
                const ring *Rr = &R->R;
                gbc_status st;
                if (op == 0)
                    st = id_quotient(&ctx, Rr, &A->L, &B->L, &out, NULL);
                else if (op == 1)
                    st = id_saturate(&ctx, Rr, &A->L, &B->L, ID_SAT_ITERATE, &out, NULL);
                else if (op == 2)
                    st = id_lift(&ctx, Rr, &A->L, &M->L, &cof, NULL, NULL);
                else
                    st = id_saturate(&ctx, Rr, &A->L, &B->L, ID_SAT_F4, &out, NULL);
                plist_clear(&ctx, &out, &Rr->F);
                plist_clear(&ctx, &cof, &Rr->F);
                ck_assert_msg(ctx.mem_used == 0, "ideal op %d, failure %llu: %zu bytes left",
                              op, (unsigned long long)i, ctx.mem_used);
                if (st == GBC_OK)
                    break;
                ck_assert_int_eq(st, GBC_ERR_NOMEM);
            }
            ck_assert(i < MAX_FAILS);
        }
        gbc_polys_free(A);
        gbc_polys_free(B);
        gbc_polys_free(M);
        gbc_ring_free(R);
    }
}
END_TEST

/* Internal entry points with a visible context: after every failure the
 * context's accounting is back to zero. */
START_TEST(test_accounting)
{
    gbc_ring *Rq = at_ring(3, 0, NULL), *Rp = at_ring(3, 32003, NULL);
    gbc_polys *Fq = at_parse(Rq, "x0^2*x1 - x2 + 1/2, x1^2 - x0*x2 + 2, x2^2*x0 - x1");
    gbc_polys *Fp = at_parse(Rp, "x0^2*x1 - x2 + 1/2, x1^2 - x0*x2 + 2, x2^2*x0 - x1");
    static const char *text = "(x0 + 2/3*x1 - x2)^5*(x0*x1 - 1/2), x0^3*x1*x2 - 7";
    for (int what = 0; what < 4; what++) {
        uint64_t i;
        for (i = 1; i < MAX_FAILS; i++) {
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ctx.fail_at = i;
            plist out;
            plist_init(&out);
            gb_stats s;
            memset(&s, 0, sizeof s);
            gbc_plan plan = gbc_plan_default;
            plan.certify = 1;
            plan.fixed_seed = 1;
            plan.seed = tu_seed();
            ctx.plan = &plan;
            gbc_status st;
            const ring *R = what == 0 ? &Rq->R : &Rp->R;
            switch (what) {
            case 0: st = mod_groebner(&ctx, R, &Fq->L, &out, &s); break;
            case 1: st = f4_groebner_kind(&ctx, R, &Fp->L, &out, &s, 0); break;
            case 2: st = bb_groebner_kind(&ctx, R, &Fp->L, &out, &s, 1); break;
            default: st = io_parse_polys(&ctx, R, &out, text, strlen(text), NULL); break;
            }
            plist_clear(&ctx, &out, &R->F);
            ck_assert_msg(ctx.mem_used == 0, "computation %d, failure %llu: %zu bytes left",
                          what, (unsigned long long)i, ctx.mem_used);
            if (st == GBC_OK)
                break;
            ck_assert_int_eq(st, GBC_ERR_NOMEM);
        }
        ck_assert(i < MAX_FAILS);
    }
    gbc_polys_free(Fq);
    gbc_polys_free(Fp);
    gbc_ring_free(Rq);
    gbc_ring_free(Rp);
}
END_TEST

/* F4 with two threads, on matrices large enough for the threaded exact kernel and
 * for the probabilistic one: a failure injected anywhere, also in a worker of the
 * parallel phase (the workers charge the computation's one budget and count its
 * allocation requests), gives GBC_ERR_NOMEM, never "interrupted", and leaves
 * nothing allocated. The failure points are sampled (every one up to 400, then
 * sparser) to keep the test short. */
START_TEST(test_threaded)
{
    gbc_ring *Rp = at_ring(8, 32003, NULL);
    /* katsura-7 in 8 variables: rounds with hundreds of rows to reduce */
    gbc_polys *Fp = at_parse(Rp, "x0^2+2*x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2+2*x6^2+2*x7^2-x0,"
                                 "2*x0*x1+2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5+2*x5*x6+2*x6*x7-x1,"
                                 "x1^2+2*x0*x2+2*x1*x3+2*x2*x4+2*x3*x5+2*x4*x6+2*x5*x7-x2,"
                                 "2*x1*x2+2*x0*x3+2*x1*x4+2*x2*x5+2*x3*x6+2*x4*x7-x3,"
                                 "x2^2+2*x1*x3+2*x0*x4+2*x1*x5+2*x2*x6+2*x3*x7-x4,"
                                 "2*x2*x3+2*x1*x4+2*x0*x5+2*x1*x6+2*x2*x7-x5,"
                                 "x3^2+2*x2*x4+2*x1*x5+2*x0*x6+2*x1*x7-x6,"
                                 "x0+2*x1+2*x2+2*x3+2*x4+2*x5+2*x6+2*x7-1");
    for (int mode = LA_EXACT; mode <= LA_PROBABILISTIC; mode++) {
        uint64_t i;
        size_t runs = 0;
        for (i = 1; i < MAX_FAILS; i += 1 + (i > 400 ? i / 40 : 0)) {
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ctx.fail_at = i;
            ctx.threads = 2;
            gbc_plan plan = gbc_plan_default;
            plan.la_mode = (gbc_linear_algebra)mode;
            ctx.plan = &plan;
            plist out;
            plist_init(&out);
            gbc_status st = f4_groebner_kind(&ctx, &Rp->R, &Fp->L, &out, NULL, 0);
            plist_clear(&ctx, &out, &Rp->R.F);
            runs++;
            ck_assert_msg(ctx.mem_used == 0, "mode %d, failure %llu: %zu bytes left", mode,
                          (unsigned long long)i, ctx.mem_used);
            if (st == GBC_OK)
                break;
            ck_assert_msg(st == GBC_ERR_NOMEM, "mode %d, failure %llu: %s", mode,
                          (unsigned long long)i, gbc_status_string(st));
        }
        ck_assert(i < MAX_FAILS);
        ck_assert_uint_gt(runs, 100);
    }
    gbc_polys_free(Fp);
    gbc_ring_free(Rp);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-faults");
    const struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        {"groebner", test_groebner},
        {"normal_form", test_normal_form_and_check},
        {"parse", test_parse_and_arrays},
        {"monideal", test_monideal},
        {"accounting", test_accounting},
        {"ideal", test_ideal_ops},
        {"threaded", test_threaded},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, 900);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    return tu_run(suite());
}
