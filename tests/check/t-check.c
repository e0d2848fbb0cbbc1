/* t-check: the verifiers of check/ (check_groebner and its fast forms, the ideal
 * containment tests, check_plist_equal) on bases known good and known bad.
 * - Good: reduced bases computed by buchberger/ (katsura, cyclic and random systems,
 *   in grevlex, lex, deglex, weighted and block orders, modulo primes and over Q)
 *   are Groebner and reduced for all three Groebner tests, and contain their
 *   generators.
 * - Bad, each verdict cross-checked against buchberger/ rather than hard-coded:
 *   with one element removed the list is Groebner exactly when the reduced basis of
 *   the ideal it generates has no lead outside the list's lead ideal (and then the
 *   generators are not all in its ideal); the generators themselves likewise. A multiple of an earlier element added to an
 *   element (a non-reduced tail), an element scaled (not monic) and two elements
 *   swapped (unsorted) stay Groebner but are not reduced, with the offending
 *   element and reason reported.
 * Seeds are printed (testutil); a failing random case prints its input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "io/io.h"
#include "testutil.h"

#define CTX TU_CTX

static const char *const vnames[] = {"x0", "x1", "x2", "x3", "x4", "x5"};

static void ring_make(ring *R, uint32_t nv, uint32_t p, const char *order)
{
    char msg[256];
    gbc_status st = ring_init(CTX, R, nv, vnames, p, order, msg, sizeof msg);
    ck_assert_msg(st == GBC_OK, "ring (%s): %s", order, msg);
}

static void polys_of(plist *L, const ring *R, const char *text)
{
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_polys(CTX, R, L, text, strlen(text), &err);
    ck_assert_msg(st == GBC_OK, "'%s': %s", text, err.message);
}

static void clear(plist *L, const ring *R)
{
    plist_clear(CTX, L, &R->F);
    plist_init(L);
}

/* Append a copy of p to L. */
static void push_copy(plist *L, const ring *R, const ppoly *p)
{
    ppoly *q;
    ck_assert_int_eq(plist_push(CTX, L, p->len, R->nvars, &R->F, &q), GBC_OK);
    memcpy(q->exps, p->exps, sizeof(uint32_t) * p->len * R->nvars);
    for (size_t t = 0; t < p->len; t++)
        if (R->F.p != 0)
            q->cf[t] = p->cf[t];
        else
            mpq_set(q->cq[t], p->cq[t]);
}

/* L without its element k (copies). */
static void without(plist *out, const ring *R, const plist *L, size_t k)
{
    plist_init(out);
    for (size_t q = 0; q < L->n; q++)
        if (q != k)
            push_copy(out, R, &L->p[q]);
    ck_assert_uint_eq(out->n, L->n - 1);
}

/* Whether lead monomial e (nv exponents) is divisible by a lead of L. */
static int in_leads(const plist *L, const uint32_t *e, uint32_t nv)
{
    for (size_t k = 0; k < L->n; k++) {
        if (L->p[k].len == 0)
            continue;
        uint32_t v = 0;
        while (v < nv && L->p[k].exps[v] <= e[v])
            v++;
        if (v == nv)
            return 1;
    }
    return 0;
}

/* The oracles, from buchberger/: *gb whether L is a Groebner basis of the ideal it
 * generates (every lead of that ideal's reduced basis lies in L's lead ideal; L's
 * leads are leads of the ideal anyway), *same whether L generates the ideal whose
 * reduced basis is ref. */
static void oracle(const ring *R, const plist *L, const plist *ref, int *gb, int *same)
{
    plist H;
    plist_init(&H);
    ck_assert_int_eq(bb_groebner(CTX, R, L, &H, NULL), GBC_OK);
    *gb = 1;
    for (size_t k = 0; k < H.n && *gb; k++)
        *gb = in_leads(L, H.p[k].exps, R->nvars);
    *same = ref != NULL && check_plist_equal(R, &H, ref);
    clear(&H, R);
}

/* All three Groebner tests on L; they must agree with each other and with the
 * oracle (gb); is_reduced must be want_red. Returns check_groebner's report. */
static check_report verdicts(const ring *R, const plist *L, int gb, int want_red,
                             const char *what)
{
    check_report a, b;
    int c = -1;
    ck_assert_int_eq(check_groebner(CTX, R, L, &a), GBC_OK);
    ck_assert_int_eq(check_groebner_fast(CTX, R, L, &b), GBC_OK);
    ck_assert_int_eq(check_groebner_criteria(CTX, R, L, &c), GBC_OK);
    T_ASSERT_MSG(a.is_groebner == gb && b.is_groebner == gb && c == gb,
                 "%s: Groebner verdicts %d (all pairs), %d (fast), %d (criteria), expected %d "
                 "(%s)", what, a.is_groebner, b.is_groebner, c, gb, a.reason);
    T_ASSERT_MSG(a.is_reduced == want_red && b.is_reduced == want_red,
                 "%s: reduced verdicts %d and %d, expected %d (%s)", what, a.is_reduced,
                 b.is_reduced, want_red, a.reason);
    if (!gb) {
        T_ASSERT_MSG(a.bad_i < a.bad_j && a.bad_j < L->n && strstr(a.reason, "S-polynomial"),
                     "%s: failing pair (%zu, %zu), '%s'", what, a.bad_i, a.bad_j, a.reason);
        T_ASSERT_MSG(b.bad_i < b.bad_j && b.bad_j < L->n && strstr(b.reason, "S-polynomial"),
                     "%s: fast: failing pair (%zu, %zu), '%s'", what, b.bad_i, b.bad_j,
                     b.reason);
    }
    return a;
}

/* Both containment tests of F in the ideal of G (a Groebner basis): want. */
static void containment(const ring *R, const plist *G, const plist *F, int want,
                        const char *what)
{
    int a = -1, b = -1;
    size_t ba = SIZE_MAX, bf = SIZE_MAX;
    ck_assert_int_eq(check_ideal_contains(CTX, R, G, F, &a, &ba), GBC_OK);
    ck_assert_int_eq(check_ideal_contains_fast(CTX, R, G, F, &b, &bf), GBC_OK);
    T_ASSERT_MSG(a == want && b == want, "%s: contained %d and %d (fast), expected %d", what, a,
                 b, want);
    if (!want)
        T_ASSERT_MSG(ba == bf && ba < F->n, "%s: first outside %zu and %zu (fast)", what, ba, bf);
}

/* Element i of a copy of G replaced by g_i + c g_j (j < i: the lead stays, the
 * tail gets lm(g_j)), made monic. */
static void with_tail(plist *out, const ring *R, const plist *G, size_t i, size_t j,
                      uint32_t c)
{
    mono_order ord;
    mht_params par;
    mht t;
    char msg[128];
    char spec[256];
    mono_order_format(&R->ord, spec, sizeof spec);
    ck_assert_int_eq(mono_order_parse(CTX, &ord, spec, R->nvars, msg, sizeof msg), GBC_OK);
    ck_assert_int_eq(mht_params_init(CTX, &par, &ord, 5), GBC_OK);
    ck_assert_int_eq(mht_init(CTX, &t, &par, 6), GBC_OK);
    plist_init(out);
    for (size_t q = 0; q < G->n; q++) {
        poly f, g, r;
        ck_assert_int_eq(poly_from_plain(CTX, &f, &G->p[q], &t, &R->F), GBC_OK);
        if (q == i) {
            ck_assert_int_eq(poly_from_plain(CTX, &g, &G->p[j], &t, &R->F), GBC_OK);
            mpz_t cz;
            mpz_init_set_ui(cz, c);
            ck_assert_int_eq(poly_add_scaled(CTX, &r, &f, &g, c, cz, &t, &R->F), GBC_OK);
            mpz_clear(cz);
            T_ASSERT(r.len > 0 && r.mon[0] == f.mon[0]);
            poly_clear(CTX, &g, &R->F);
            poly_swap(&f, &r);
            poly_clear(CTX, &r, &R->F);
        }
        if (R->F.p != 0)
            poly_normalize_lc(&f, &R->F);
        ck_assert_int_eq(plist_push_poly(CTX, out, &f, &t, &R->F, 1), GBC_OK);
        poly_clear(CTX, &f, &R->F);
    }
    mht_clear(CTX, &t);
    mht_params_clear(CTX, &par);
    mono_order_clear(CTX, &ord);
}

/* The whole battery on the generators in of ring R. *nonbad counts the removals
 * that left a list that is not Groebner. */
static void battery(const ring *R, const plist *in, const char *what, gbc_rng *rng,
                    size_t *nonbad)
{
    char w[512];
    plist G;
    plist_init(&G);
    ck_assert_int_eq(bb_groebner(CTX, R, in, &G, NULL), GBC_OK);

    /* good */
    snprintf(w, sizeof w, "%s: the reduced basis", what);
    verdicts(R, &G, 1, 1, w);
    containment(R, &G, in, 1, w);
    T_ASSERT(check_plist_equal(R, &G, &G));

    /* the generators themselves */
    int gb, same;
    oracle(R, in, &G, &gb, &same);
    T_ASSERT(same);
    if (in->n > 0) {
        check_report a, b;
        int c = -1;
        ck_assert_int_eq(check_groebner(CTX, R, in, &a), GBC_OK);
        ck_assert_int_eq(check_groebner_fast(CTX, R, in, &b), GBC_OK);
        ck_assert_int_eq(check_groebner_criteria(CTX, R, in, &c), GBC_OK);
        T_ASSERT_MSG(a.is_groebner == gb && b.is_groebner == gb && c == gb,
                     "%s: the generators: verdicts %d, %d, %d, expected %d", what,
                     a.is_groebner, b.is_groebner, c, gb);
    }

    /* one element removed: Groebner or not (the ideal may be the same, generated
     * by the others, or smaller) */
    for (size_t k = 0; k < G.n && G.n > 1; k++) {
        plist H;
        without(&H, R, &G, k);
        oracle(R, &H, &G, &gb, &same);
        /* the same ideal without lm(g_k) among the leads cannot be Groebner */
        T_ASSERT_MSG(!(same && gb), "%s: without element %zu: the oracle is inconsistent",
                     what, k + 1);
        snprintf(w, sizeof w, "%s: element %zu removed", what, k + 1);
        /* a subset of a reduced basis is reduced when it is a Groebner basis */
        verdicts(R, &H, gb, gb, w);
        if (gb) {
            containment(R, &H, in, 0, w);
            plist one = {1, 1, &G.p[k]};
            containment(R, &H, &one, 0, w);
        } else {
            (*nonbad)++;
        }
        T_ASSERT(!check_plist_equal(R, &G, &H));
        clear(&H, R);
    }

    /* a non-reduced tail: g_i + c g_j, j < i */
    if (G.n > 1) {
        size_t i = 1 + (size_t)gbc_rng_below(rng, G.n - 1);
        size_t j = (size_t)gbc_rng_below(rng, i);
        uint32_t c = 1 + (uint32_t)gbc_rng_below(rng, R->F.p != 0 ? R->F.p - 1 : 7);
        plist H;
        with_tail(&H, R, &G, i, j, c);
        snprintf(w, sizeof w, "%s: element %zu plus %u times element %zu", what, i + 1, c,
                 j + 1);
        check_report a = verdicts(R, &H, 1, 0, w);
        T_ASSERT_MSG(a.bad_i == i && a.bad_j == j && strstr(a.reason, "divisible"),
                     "%s: reported (%zu, %zu): %s", w, a.bad_i, a.bad_j, a.reason);
        containment(R, &H, in, 1, w);
        T_ASSERT(!check_plist_equal(R, &G, &H));
        clear(&H, R);
    }

    /* not monic: element k scaled by 3 (Z/p) or 2/3 (Q) */
    if (G.n > 0 && (R->F.p == 0 || R->F.p > 3)) {
        size_t k = (size_t)gbc_rng_below(rng, G.n);
        plist H;
        plist_init(&H);
        ck_assert_int_eq(plist_copy(CTX, &H, &G, R->nvars, &R->F), GBC_OK);
        mpq_t s;
        mpq_init(s);
        mpq_set_ui(s, 2, 3);
        for (size_t q = 0; q < H.p[k].len; q++)
            if (R->F.p != 0)
                H.p[k].cf[q] = zp_mul(&R->F, H.p[k].cf[q], 3);
            else
                mpq_mul(H.p[k].cq[q], H.p[k].cq[q], s);
        mpq_clear(s);
        snprintf(w, sizeof w, "%s: element %zu scaled", what, k + 1);
        check_report a = verdicts(R, &H, 1, 0, w);
        T_ASSERT_MSG(a.bad_i == k && strstr(a.reason, "not monic"), "%s: reported %zu: %s", w,
                     a.bad_i, a.reason);
        containment(R, &H, in, 1, w);
        T_ASSERT(!check_plist_equal(R, &G, &H));
        clear(&H, R);
    }

    /* unsorted: the first two elements swapped */
    if (G.n > 1) {
        plist H;
        plist_init(&H);
        ck_assert_int_eq(plist_copy(CTX, &H, &G, R->nvars, &R->F), GBC_OK);
        ppoly tmp = H.p[0];
        H.p[0] = H.p[1];
        H.p[1] = tmp;
        snprintf(w, sizeof w, "%s: elements 1 and 2 swapped", what);
        check_report a = verdicts(R, &H, 1, 0, w);
        T_ASSERT_MSG(a.bad_i == 1 && strstr(a.reason, "sorted"), "%s: reported %zu: %s", w,
                     a.bad_i, a.reason);
        T_ASSERT(!check_plist_equal(R, &G, &H));
        clear(&H, R);
    }
    clear(&G, R);
}

static const uint32_t fields[] = {32003, 0, 65521, 7};

/* katsura-3 and cyclic-4 (tu_system_gens) in every order kind, over Z/p and Q. */
START_TEST(test_known_systems)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0xc4ec);
    size_t nonbad = 0;
    const char *fam[] = {"katsura", "cyclic"};
    for (int f = 0; f < 2; f++) {
        char *gens = tu_system_gens(fam[f], 4);
        T_ASSERT(gens != NULL);
        for (char *c = gens; *c; c++)
            if (*c == '\n')
                *c = ' ';
        for (int kind = 0; kind < 5; kind++)
            for (int fi = 0; fi < 2; fi++) {
                char spec[128], what[512];
                tu_random_order(spec, sizeof spec, &r, 4, kind);
                ring R;
                ring_make(&R, 4, fields[fi], spec);
                plist in;
                polys_of(&in, &R, gens);
                snprintf(what, sizeof what, "%s-4, %s, characteristic %u", fam[f], spec,
                         fields[fi]);
                battery(&R, &in, what, &r, &nonbad);
                clear(&in, &R);
                ring_clear(CTX, &R);
            }
        free(gens);
    }
    ck_assert_msg(nonbad > 0, "no removal left a list that is not Groebner");
}
END_TEST

/* Random systems of 2 to 4 generators in 2 or 3 variables, of degree at most 3. */
START_TEST(test_random_systems)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() ^ 0xc4ed);
    size_t nonbad = 0;
    for (int it = 0; it < 60 * tu_mult(); it++) {
        uint32_t nv = 2 + (uint32_t)gbc_rng_below(&r, 2);
        uint32_t p = fields[it % 4];
        char spec[128];
        tu_random_order(spec, sizeof spec, &r, nv, it % 5);
        sbuf b;
        sb_init(&b);
        int m = 2 + (int)gbc_rng_below(&r, 3);
        for (int k = 0; k < m; k++) {
            int terms = 2 + (int)gbc_rng_below(&r, 3);
            if (k)
                sb_puts(&b, ", ");
            for (int s = 0; s < terms; s++) {
                long c = 1 + (long)gbc_rng_below(&r, 9);
                sb_printf(&b, "%s%ld", s == 0 ? "" : gbc_rng_below(&r, 2) ? " + " : " - ", c);
                if (p == 0 && gbc_rng_below(&r, 4) == 0)
                    sb_printf(&b, "/%u", 2 + (unsigned)gbc_rng_below(&r, 5));
                uint32_t d = (uint32_t)gbc_rng_below(&r, 4);
                for (uint32_t q = 0; q < d; q++)
                    sb_printf(&b, "*%s", vnames[gbc_rng_below(&r, nv)]);
            }
        }
        ring R;
        ring_make(&R, nv, p, spec);
        plist in;
        polys_of(&in, &R, b.s);
        char what[1024];
        snprintf(what, sizeof what, "{%s}, %s, characteristic %u", b.s, spec, p);
        battery(&R, &in, what, &r, &nonbad);
        clear(&in, &R);
        ring_clear(CTX, &R);
        sb_free(&b);
    }
    ck_assert_msg(nonbad > 0, "no removal left a list that is not Groebner");
}
END_TEST

/* Small cases with the verdicts known by hand: the unit ideal, the empty list, a
 * list with a zero polynomial, {x^2 - y, x y - 1} (not Groebner in lex: its
 * S-polynomial y^2 - x does not reduce), containment of a polynomial outside. */
START_TEST(test_small_cases)
{
    for (int fi = 0; fi < 2; fi++) {
        ring R;
        ring_make(&R, 2, fields[fi], "lex");
        plist L, F;
        polys_of(&L, &R, "1");
        verdicts(&R, &L, 1, 1, "{1}");
        polys_of(&F, &R, "x0^5 - 3*x1 + 2, x1^7");
        containment(&R, &L, &F, 1, "{1}");
        clear(&F, &R);
        clear(&L, &R);

        plist_init(&L);
        verdicts(&R, &L, 1, 1, "{}");
        polys_of(&F, &R, "x0");
        containment(&R, &L, &F, 0, "{}");
        clear(&F, &R);

        polys_of(&L, &R, "x0^2 - x1, x0*x1 - 1");
        check_report a;
        ck_assert_int_eq(check_groebner(CTX, &R, &L, &a), GBC_OK);
        ck_assert_int_eq(a.is_groebner, 0);
        ck_assert_uint_eq(a.bad_i, 0);
        ck_assert_uint_eq(a.bad_j, 1);
        int gb, same;
        oracle(&R, &L, NULL, &gb, &same);
        ck_assert_int_eq(gb, 0);
        clear(&L, &R);

        /* the lex basis of that ideal: x0 - x1^2, x1^3 - 1; x1 is outside, x1^4 - x1
         * inside */
        polys_of(&L, &R, "x1^3 - 1, x0 - x1^2");
        verdicts(&R, &L, 1, 1, "{x1^3 - 1, x0 - x1^2}");
        polys_of(&F, &R, "x1^4 - x1, x0^2 - x1, x1");
        containment(&R, &L, &F, 0, "x1");
        int c = -1;
        size_t bad = 0;
        ck_assert_int_eq(check_ideal_contains(CTX, &R, &L, &F, &c, &bad), GBC_OK);
        ck_assert_int_eq(c, 0);
        ck_assert_uint_eq(bad, 2);
        plist_pop(CTX, &F, &R.F);
        containment(&R, &L, &F, 1, "x1^4 - x1, x0^2 - x1");
        clear(&F, &R);
        clear(&L, &R);
        ring_clear(CTX, &R);
    }
}
END_TEST

static Suite *check_suite(void)
{
    Suite *s = suite_create("check");
    TCase *tc = tcase_create("check");
    tcase_add_checked_fixture(tc, tu_ctx_setup, tu_ctx_teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_small_cases);
    tcase_add_test(tc, test_known_systems);
    tcase_add_test(tc, test_random_systems);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(check_suite());
}
