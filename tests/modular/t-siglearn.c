/* t-siglearn: the signature engine as the learning run of the multi-modular path
 * (sig_learn, f4_learn_guided, gbc_plan.learn = GBC_LEARN_SIG; docs/sig.md, "Over
 * Q"). Modulo a prime: sig_learn gives f4_learn's basis, and its trace, applied
 * modulo other primes (plainly and compiled), gives F4's basis there. Over Q: the
 * same basis as the default learning run and as Buchberger, on the classical
 * systems and on random ideals (seeded, seed printed); a forced unlucky learning
 * prime is still caught; every allocation failure cleaned up. */
#include <stdio.h>
#include <stdlib.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "f4/f4.h"
#include "io/io.h"
#include "modular/modular.h"
#include "sig/sig.h"
#include "testutil.h"
#include "tu_plan.h"

#define MAXV 10
static const char *const vnames[MAXV] = {"x0", "x1", "x2", "x3", "x4",
                                         "x5", "x6", "x7", "x8", "x9"};

static void ring_make(gbc_ctx *ctx, ring *R, uint32_t nvars, uint32_t p, const char *order,
                      int with_h)
{
    const char *names[MAXV];
    ck_assert_uint_le(nvars, MAXV);
    for (uint32_t i = 0; i < nvars; i++)
        names[i] = vnames[i];
    if (with_h)
        names[nvars - 1] = "h";
    char msg[256];
    gbc_status st = ring_init(ctx, R, nvars, names, p, order, msg, sizeof msg);
    ck_assert_msg(st == GBC_OK, "ring %u vars, p=%u, order %s: %s", nvars, p,
                  order ? order : "grevlex", msg);
}

static void parse_polys(gbc_ctx *ctx, plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(ctx, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "cannot parse '%s': %s", text, err.message);
}

/* noon-(n) in x0..x{n-1}: 10 x_i (sum_{j != i} x_j^2) - 11 x_i + 10 (malloc'd). */
static char *noon_gens(int n)
{
    sbuf b;
    sb_init(&b);
    for (int i = 0; i < n; i++) {
        if (i)
            sb_puts(&b, ",\n");
        for (int j = 0, first = 1; j < n; j++)
            if (j != i) {
                sb_printf(&b, "%s10*x%d*x%d^2", first ? "" : " + ", i, j);
                first = 0;
            }
        sb_printf(&b, " - 11*x%d + 10", i);
    }
    return b.s;
}

/* eco-(n) in x0..x{n-1}, as benchmarks/systems/gen.py writes it (malloc'd). */
static char *eco_gens(int n)
{
    sbuf b;
    sb_init(&b);
    for (int k = 1; k < n; k++) {
        sb_printf(&b, "x%d*x%d", k - 1, n - 1);
        for (int i = 1; i < n - k; i++)
            sb_printf(&b, " + x%d*x%d*x%d", i - 1, i + k - 1, n - 1);
        sb_printf(&b, " - %d,\n", k);
    }
    for (int i = 0; i < n - 1; i++)
        sb_printf(&b, "x%d + ", i);
    sb_puts(&b, "1");
    return b.s;
}

static char *system_gens(const char *family, int nv)
{
    if (strcmp(family, "noon") == 0)
        return noon_gens(nv);
    if (strcmp(family, "eco") == 0)
        return eco_gens(nv);
    return tu_system_gens(family, nv);
}

/* The system's generators in ring R (nv variables, or nv + 1 with h when hom) as
 * text parsed into F; R is set up with characteristic p (0: Q) and grevlex. */
static void system_make(gbc_ctx *ctx, ring *R, plist *F, const char *family, int nv, int hom,
                        uint32_t p)
{
    char *gens = system_gens(family, nv);
    T_ASSERT(gens != NULL);
    if (!hom) {
        ring_make(ctx, R, (uint32_t)nv, p, NULL, 0);
        parse_polys(ctx, F, R, gens);
    } else {
        ring R0;
        plist F0;
        ring_make(ctx, &R0, (uint32_t)nv, p, NULL, 0);
        parse_polys(ctx, &F0, &R0, gens);
        ring_make(ctx, R, (uint32_t)nv + 1, p, NULL, 1);
        plist_init(F);
        T_ASSERT(plist_homogenize(ctx, &R0, &F0, F) == GBC_OK);
        plist_clear(ctx, &F0, &R0.F);
        ring_clear(ctx, &R0);
    }
    free(gens);
}

/* F (ring R of characteristic 0) reduced modulo q into Fq (ring Rq, a copy of R
 * modulo q): through the text form, which both rings parse. */
static void reduce_mod(gbc_ctx *ctx, const ring *R, const plist *F, ring *Rq, plist *Fq,
                       uint32_t q, int with_h)
{
    io_buf b;
    io_buf_init(&b);
    T_ASSERT(io_print_polys(ctx, &b, R, F, 0) == GBC_OK);
    ring_make(ctx, Rq, R->nvars, q, NULL, with_h);
    parse_polys(ctx, Fq, Rq, b.s ? b.s : "");
    io_buf_clear(ctx, &b);
}

/* -------------------------------------------------- modulo a prime -- */

static const struct {
    const char *family;
    int nv;
    int guided; /* the guided run must reach sig's basis (no F4 fall-back) */
} msys[] = {{"katsura", 4, 1}, {"katsura", 5, 1}, {"katsura", 6, 1}, {"noon", 4, 1},
            {"noon", 5, 1},    {"noon", 6, 1},    {"eco", 6, 0},     {"eco", 7, 0},
            {"cyclic", 5, 0}};
#define NMSYS (sizeof msys / sizeof msys[0])

/* Loop index: 2 * system + homogenised. At a learning prime, sig_learn's basis is
 * f4_learn's; its trace applied at three other primes (plainly, then compiled at
 * one and applied compiled at the others) gives f4_groebner's basis there, never
 * an unlucky prime. */
START_TEST(test_modp)
{
    const char *fam = msys[_i / 2].family;
    const int nv = msys[_i / 2].nv, hom = _i % 2;
    const uint32_t learn_p = 1000000007u;
    const uint32_t others[] = {2147483629u, 1000000009u, 998244353u};
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ring R, Rq;
    plist F, B1, B2, A, C;
    system_make(&ctx, &R, &F, fam, nv, hom, 0);
    plist_init(&B1);
    plist_init(&B2);
    f4_trace *t1, *t2;
    T_ASSERT(f4_trace_new(&ctx, &t1) == GBC_OK);
    T_ASSERT(f4_trace_new(&ctx, &t2) == GBC_OK);
    /* at the learning prime */
    plist Fp;
    reduce_mod(&ctx, &R, &F, &Rq, &Fp, learn_p, hom);
    int fell_back = -1;
    T_ASSERT(f4_learn(&ctx, &Rq, &Fp, &B1, NULL, t1) == GBC_OK);
    T_ASSERT(sig_learn(&ctx, &Rq, &Fp, &B2, NULL, t2, &fell_back) == GBC_OK);
    ck_assert_msg(check_plist_equal(&Rq, &B1, &B2), "%s-%d%s: sig_learn's basis (%zu) is not "
                  "f4_learn's (%zu)", fam, nv, hom ? " homogenised" : "", B2.n, B1.n);
    if (msys[_i / 2].guided)
        ck_assert_msg(fell_back == 0, "%s-%d%s: the guided run fell back to F4", fam, nv,
                      hom ? " homogenised" : "");
    printf("%s-%d%s: %zu elements, guided run %s\n", fam, nv, hom ? " homogenised" : "", B2.n,
           fell_back ? "fell back to F4" : "reached sig's basis");
    plist_clear(&ctx, &B1, &Rq.F);
    plist_clear(&ctx, &B2, &Rq.F);
    plist_clear(&ctx, &Fp, &Rq.F);
    ring_clear(&ctx, &Rq);
    /* applied at the others: plainly, compiled at the first, then compiled */
    for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
        reduce_mod(&ctx, &R, &F, &Rq, &Fp, others[k], hom);
        plist_init(&A);
        plist_init(&C);
        int unlucky = 1;
        T_ASSERT(f4_groebner(&ctx, &Rq, &Fp, &C, NULL) == GBC_OK);
        if (k == 0) {
            T_ASSERT(f4_replay_plain(&ctx, &Rq, &Fp, &A, NULL, t2, &unlucky) == GBC_OK);
            ck_assert_msg(!unlucky, "%s-%d: the plain replay at %u failed", fam, nv,
                          others[k]);
            T_ASSERT(check_plist_equal(&Rq, &A, &C));
            plist_clear(&ctx, &A, &Rq.F);
            unlucky = 1;
            T_ASSERT(f4_trace_compile(&ctx, &Rq, &Fp, &A, NULL, t2, &unlucky) == GBC_OK);
            ck_assert_msg(!unlucky, "%s-%d: the compiling replay at %u failed", fam, nv,
                          others[k]);
        } else {
            int plain = 0;
            T_ASSERT(f4_apply(&ctx, &Rq, &Fp, &A, NULL, t2, &unlucky, &plain) == GBC_OK);
            ck_assert_msg(!unlucky, "%s-%d: the apply at %u failed", fam, nv, others[k]);
        }
        ck_assert_msg(check_plist_equal(&Rq, &A, &C),
                      "%s-%d%s: the sig-learned trace at %u differs from F4 there", fam, nv,
                      hom ? " homogenised" : "", others[k]);
        plist_clear(&ctx, &A, &Rq.F);
        plist_clear(&ctx, &C, &Rq.F);
        plist_clear(&ctx, &Fp, &Rq.F);
        ring_clear(&ctx, &Rq);
    }
    f4_trace_free(&ctx, t1);
    f4_trace_free(&ctx, t2);
    plist_clear(&ctx, &F, &R.F);
    ring_clear(&ctx, &R);
    T_ASSERT_MSG(ctx.mem_used == 0, "%zu bytes left", ctx.mem_used);
}
END_TEST

/* ------------------------------------------------------------ over Q -- */

/* Collects the log lines that start with one of "modular:", "sig learn:". */
typedef struct logbuf {
    char text[1 << 15];
    size_t len;
} logbuf;

static void log_collect(void *data, int level, const char *msg)
{
    logbuf *lb = data;
    (void)level;
    if (strncmp(msg, "modular:", 8) != 0 && strncmp(msg, "sig learn:", 10) != 0)
        return;
    int n = snprintf(lb->text + lb->len, sizeof lb->text - lb->len, "%s\n", msg);
    if (n > 0 && lb->len + (size_t)n < sizeof lb->text)
        lb->len += (size_t)n;
}

static void ctx_with_log(gbc_ctx *ctx, logbuf *lb)
{
    gbc_ctx_init(ctx);
    lb->len = 0;
    lb->text[0] = '\0';
    ctx->log = log_collect;
    ctx->log_data = lb;
    ctx->verbosity = 1;
}

static gbc_status modular(gbc_ctx *ctx, const ring *R, const plist *F, plist *out, int learn,
                          uint64_t seed, const uint32_t *forced, size_t nforced)
{
    gbc_plan mo;
    memset(&mo, 0, sizeof mo);
    mo.fixed_seed = 1;
    mo.seed = seed;
    mo.forced_primes = forced;
    mo.nforced = nforced;
    mo.learn = learn;
    plist_init(out);
    return mod_groebner_plan(ctx, R, F, out, NULL, &mo);
}

/* sig-learned, F4-learned and Buchberger's bases of F (ring R over Q) agree; the
 * log says the signature run learnt. */
static void q_crosscheck(const ring *R, const plist *F, const char *what, int bb,
                         uint64_t seed)
{
    gbc_ctx ctx;
    logbuf lb;
    ctx_with_log(&ctx, &lb);
    plist G1, G2, B;
    T_ASSERT(modular(&ctx, R, F, &G1, GBC_LEARN_F4, seed, NULL, 0) == GBC_OK);
    lb.len = 0;
    gbc_status st = modular(&ctx, R, F, &G2, GBC_LEARN_SIG, seed, NULL, 0);
    ck_assert_msg(st == GBC_OK, "%s: %s", what, gbc_status_string(st));
    ck_assert_msg(check_plist_equal(R, &G1, &G2),
                  "%s: the sig-learned basis (%zu) differs from the F4-learned one (%zu)", what,
                  G2.n, G1.n);
    ck_assert_msg(strstr(lb.text, "sig learn:") != NULL, "%s: sig did not learn:\n%s", what,
                  lb.text);
    if (bb) {
        plist_init(&B);
        T_ASSERT(bb_groebner(&ctx, R, F, &B, NULL) == GBC_OK);
        ck_assert_msg(check_plist_equal(R, &G2, &B),
                      "%s: the sig-learned basis differs from Buchberger's", what);
        plist_clear(&ctx, &B, &R->F);
    }
    plist_clear(&ctx, &G1, &R->F);
    plist_clear(&ctx, &G2, &R->F);
    T_ASSERT_MSG(ctx.mem_used == 0, "%s: %zu bytes left", what, ctx.mem_used);
}

/* The classical systems over Q, affine and homogenised. */
START_TEST(test_q_systems)
{
    static const struct {
        const char *family;
        int nv, bb;
    } qs[] = {{"katsura", 3, 1}, {"katsura", 4, 1}, {"katsura", 5, 0}, {"noon", 3, 1},
              {"noon", 4, 0},    {"noon", 5, 0},    {"eco", 5, 0},     {"cyclic", 4, 1}};
    for (size_t c = 0; c < sizeof qs / sizeof qs[0]; c++)
        for (int hom = 0; hom < 2; hom++) {
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ring R;
            plist F;
            system_make(&ctx, &R, &F, qs[c].family, qs[c].nv, hom, 0);
            char what[64];
            snprintf(what, sizeof what, "%s-%d%s over Q", qs[c].family, qs[c].nv,
                     hom ? " homogenised" : "");
            q_crosscheck(&R, &F, what, qs[c].bb, tu_seed() + c);
            plist_clear(&ctx, &F, &R.F);
            ring_clear(&ctx, &R);
        }
}
END_TEST

/* Random ideals with big coefficients (homogeneous or not) in the order kind of the
 * loop index (non-graded orders go through the homogenised ideal or FGLM, whose
 * learning run is sig's too). */
START_TEST(test_q_random)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() * 7919u + (uint64_t)_i);
    int n = 6 * tu_mult();
    for (int it = 0; it < n; it++) {
        uint32_t nvars = 2 + (uint32_t)gbc_rng_below(&r, 2);
        int homogeneous = gbc_rng_below(&r, 2) == 0;
        char order[96];
        tu_random_order(order, sizeof order, &r, nvars, _i);
        sbuf b;
        sb_init(&b);
        uint32_t ngens = 2 + (uint32_t)gbc_rng_below(&r, nvars);
        for (uint32_t g = 0; g < ngens; g++) {
            uint32_t d = 1 + (uint32_t)gbc_rng_below(&r, 3);
            uint32_t nt = 2 + (uint32_t)gbc_rng_below(&r, 3);
            if (g)
                sb_puts(&b, ",\n");
            for (uint32_t t = 0; t < nt; t++) {
                uint32_t dt = t == 0 || homogeneous ? d : (uint32_t)gbc_rng_below(&r, d + 1);
                sb_printf(&b, "%s%u%09u", t ? " + " : "", 1 + (unsigned)gbc_rng_below(&r, 999),
                          (unsigned)gbc_rng_below(&r, 1000000000u));
                for (uint32_t i = 0; i < dt; i++)
                    sb_printf(&b, "*%s", vnames[gbc_rng_below(&r, nvars)]);
            }
        }
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ring R;
        plist F;
        ring_make(&ctx, &R, nvars, 0, order, 0);
        parse_polys(&ctx, &F, &R, b.s);
        char what[4096];
        snprintf(what, sizeof what, "random ideal %d, order %s:\n%.3500s\n", it, order, b.s);
        q_crosscheck(&R, &F, what, 1, gbc_rng_next(&r));
        plist_clear(&ctx, &F, &R.F);
        ring_clear(&ctx, &R);
        sb_free(&b);
    }
}
END_TEST

/* <x^2 + z, x^2 + z + p*y^2>: p is unlucky (modulo p the ideal is larger). Forced
 * as the learning prime of a sig-learned run, the driver must notice and learn
 * again; forced right after a good learning prime, it must be discarded; the
 * result is Buchberger's either way. */
START_TEST(test_unlucky)
{
    const uint32_t ps[] = {101, 32003, 1000003, 2147483647u};
    for (size_t j = 0; j < sizeof ps / sizeof ps[0]; j++) {
        const uint32_t p = ps[j];
        char gens[128], learned[64];
        snprintf(gens, sizeof gens, "x0^2 + x2, x0^2 + x2 + %u*x1^2", p);
        snprintf(learned, sizeof learned, "learned modulo %u:", p);
        gbc_ctx ctx;
        logbuf lb;
        ctx_with_log(&ctx, &lb);
        ring R;
        ring_make(&ctx, &R, 3, 0, NULL, 0);
        plist F, B, G;
        parse_polys(&ctx, &F, &R, gens);
        plist_init(&B);
        T_ASSERT(bb_groebner(&ctx, &R, &F, &B, NULL) == GBC_OK);
        T_ASSERT(B.n == 2);
        gbc_status st = modular(&ctx, &R, &F, &G, GBC_LEARN_SIG, tu_seed(), &p, 1);
        T_ASSERT(st == GBC_OK);
        T_ASSERT_MSG(check_plist_equal(&R, &G, &B), "p=%u: not Buchberger's basis", p);
        T_ASSERT_MSG(strstr(lb.text, learned) != NULL, "p=%u: not used:\n%s", p, lb.text);
        T_ASSERT_MSG(strstr(lb.text, "sig learn:") != NULL, "p=%u: sig did not learn:\n%s", p,
                     lb.text);
        T_ASSERT_MSG(strstr(lb.text, "relearning") != NULL,
                     "p=%u: the unlucky learning prime was not noticed:\n%s", p, lb.text);
        plist_clear(&ctx, &G, &R.F);
        const uint32_t two[2] = {1000000007u, p};
        lb.len = 0;
        st = modular(&ctx, &R, &F, &G, GBC_LEARN_SIG, tu_seed(), two, 2);
        T_ASSERT(st == GBC_OK);
        T_ASSERT_MSG(check_plist_equal(&R, &G, &B), "p=%u replayed: not Buchberger's basis", p);
        plist_clear(&ctx, &G, &R.F);
        plist_clear(&ctx, &B, &R.F);
        plist_clear(&ctx, &F, &R.F);
        ring_clear(&ctx, &R);
        T_ASSERT(ctx.mem_used == 0);
    }
}
END_TEST

/* Every allocation of sig_learn made to fail in turn (the i-th, for every i until
 * the run completes), on an input that learns guided and on one whose guided run
 * falls back to F4: GBC_ERR_NOMEM, out empty, nothing left once the trace is freed;
 * the run that completes gives f4_learn's basis. */
START_TEST(test_faults)
{
    static const struct {
        const char *family;
        int nv, hom, guided;
    } cases[] = {{"katsura", 4, 0, 1}, {"noon", 4, 1, 1}, {"cyclic", 5, 0, 0}, {"eco", 6, 0, 0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        gbc_ctx c0;
        gbc_ctx_init(&c0);
        ring R, Rp;
        plist F, Fp, B;
        system_make(&c0, &R, &F, cases[c].family, cases[c].nv, cases[c].hom, 0);
        reduce_mod(&c0, &R, &F, &Rp, &Fp, 32003, cases[c].hom);
        plist_init(&B);
        f4_trace *t0;
        T_ASSERT(f4_trace_new(&c0, &t0) == GBC_OK);
        T_ASSERT(f4_learn(&c0, &Rp, &Fp, &B, NULL, t0) == GBC_OK);
        uint64_t i;
        int fell_back = 0;
        for (i = 1; i < 200000; i++) {
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ctx.fail_at = i;
            f4_trace *t = NULL;
            gbc_status st = f4_trace_new(&ctx, &t);
            if (st == GBC_OK) {
                plist out;
                plist_init(&out);
                st = sig_learn(&ctx, &Rp, &Fp, &out, NULL, t, &fell_back);
                if (st != GBC_OK)
                    ck_assert_int_eq(out.n, 0);
                else
                    ck_assert(check_plist_equal(&Rp, &out, &B));
                plist_clear(&ctx, &out, &Rp.F);
            }
            f4_trace_free(&ctx, t);
            ck_assert_msg(ctx.mem_used == 0, "%s-%d, failure %llu: %zu bytes left",
                          cases[c].family, cases[c].nv, (unsigned long long)i, ctx.mem_used);
            if (st == GBC_OK)
                break;
            ck_assert_int_eq(st, GBC_ERR_NOMEM);
        }
        ck_assert(i < 200000);
        ck_assert_msg(fell_back == !cases[c].guided, "%s-%d: fell back %d", cases[c].family,
                      cases[c].nv, fell_back);
        printf("%s-%d%s: %llu allocations (%s)\n", cases[c].family, cases[c].nv,
               cases[c].hom ? " homogenised" : "", (unsigned long long)i,
               fell_back ? "fell back to F4" : "guided");
        f4_trace_free(&c0, t0);
        plist_clear(&c0, &B, &Rp.F);
        plist_clear(&c0, &Fp, &Rp.F);
        plist_clear(&c0, &F, &R.F);
        ring_clear(&c0, &Rp);
        ring_clear(&c0, &R);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("siglearn");
    TCase *tc = tcase_create("modp");
    tcase_add_loop_test(tc, test_modp, 0, 2 * (int)NMSYS);
    suite_add_tcase(s, tc);
    TCase *tq = tcase_create("q");
    tcase_add_test(tq, test_q_systems);
    tcase_add_loop_test(tq, test_q_random, 0, 5);
    tcase_add_test(tq, test_unlucky);
    suite_add_tcase(s, tq);
    TCase *tf = tcase_create("faults");
    tcase_add_test(tf, test_faults);
    suite_add_tcase(s, tf);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
