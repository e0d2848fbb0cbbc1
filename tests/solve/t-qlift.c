/* tests/solve/t-qlift: the lift of the parametrisation with a shared denominator
 * (solve/qlift.c, sv_qlift). Rationals of known value, reduced modulo more and more
 * primes, must lift to exactly themselves: with a big denominator shared by a
 * group (and fewer primes than independent reconstructions within Wang's bound
 * would need), with denominators that differ from member to member and from group
 * to group, with zeros. And a lift that is wrong (too few primes, no margin) but
 * agrees with every residue is refused by the exact check over Q
 * (sv_param_check_q), which accepts the right one, and so is every change of a
 * right one; the check modulo random primes (sv_qcheck_modp) gives the same
 * verdicts. */
#include <stdlib.h>
#include <string.h>

#include "gbc.h"
#include "gbc_gmp.h"
#include "api/api.h"
#include "field/crt.h"
#include "solve/solve.h"
#include "solve/solve_int.h"
#include "testutil.h"

/* q mod p (p does not divide q's denominator). */
static uint32_t qmod(const mpq_t q, uint32_t p)
{
    mpz_t a, m;
    mpz_inits(a, m, NULL);
    mpz_set_ui(m, p);
    ck_assert(mpz_invert(a, mpq_denref(q), m));
    mpz_mul(a, a, mpq_numref(q));
    uint32_t r = (uint32_t)mpz_fdiv_ui(a, p);
    mpz_clears(a, m, NULL);
    return r;
}

static void prev_prime(uint32_t *p)
{
    mpz_t z;
    mpz_init_set_ui(z, *p);
    do {
        mpz_sub_ui(z, z, 2);
    } while (!mpz_probab_prime_p(z, 30));
    *p = (uint32_t)mpz_get_ui(z);
    mpz_clear(z);
}

/* A random integer of exactly bits bits (0 for bits = 0), of a random sign. */
static void rand_bits(mpz_t z, gbc_rng *r, unsigned bits)
{
    mpz_set_ui(z, 0);
    for (unsigned b = 0; b + 1 < bits; b++)
        if (gbc_rng_below(r, 2))
            mpz_setbit(z, b);
    if (bits > 0)
        mpz_setbit(z, bits - 1);
    if (gbc_rng_below(r, 2))
        mpz_neg(z, z);
}

/* Lift the m = ng D values v from more and more primes (2^31 - 1 down) until the
 * lift is exactly v and stays so for three more primes: the bits of the modulus
 * at the first exact lift into *bits. Fails when that takes more than maxbits. */
static void lift_until_exact(size_t *bits, const mpq_t *v, size_t D, size_t ng, size_t maxbits)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    size_t m = D * ng;
    size_t *glen = malloc(ng * sizeof *glen);
    for (size_t g = 0; g < ng; g++)
        glen[g] = D;
    zz_crt C;
    ck_assert_int_eq(zz_crt_init_groups(&ctx, &C, glen, ng), GBC_OK);
    uint32_t *r = malloc(m * sizeof *r);
    mpq_t *q = malloc(m * sizeof *q);
    for (size_t i = 0; i < m; i++)
        mpq_init(q[i]);
    uint32_t p = 2147483647u;
    size_t exact_at = 0, after = 0;
    for (int first = 1; after < 3; first = 0) {
        if (!first)
            prev_prime(&p);
        for (size_t i = 0; i < m; i++)
            r[i] = qmod(v[i], p);
        ck_assert_int_eq(zz_crt_add(&ctx, &C, r, p, NULL), GBC_OK);
        int ok = 0;
        ck_assert_int_eq(sv_qlift(&ctx, &C, D, ng, SV_QLIFT_MARGIN, q, &ok), GBC_OK);
        int exact = ok;
        for (size_t i = 0; i < m && exact; i++)
            exact = mpq_equal(q[i], v[i]);
        size_t mb = mpz_sizeinbase(C.M, 2);
        if (exact_at > 0) {
            ck_assert_msg(exact, "exact at %zu bits, not at %zu", exact_at, mb);
            after++;
        } else if (exact) {
            exact_at = mb;
        }
        ck_assert_msg(mb <= maxbits || exact_at > 0, "not exact at %zu bits", mb);
    }
    *bits = exact_at;
    for (size_t i = 0; i < m; i++)
        mpq_clear(q[i]);
    free(q);
    free(r);
    zz_crt_clear(&ctx, &C);
    free(glen);
    ck_assert_uint_eq(ctx.mem_used, 0);
}

/* Groups of D values: w's n_k / d with one big d (the top member's numerator
 * small, as w's top coefficient, minus the sum of the roots, tends to be), then
 * groups m_k / (d e_g) with a smaller extra denominator e_g per group. Wang's bound
 * would need 2 (nb + eb + db) bits for the second groups; the shared denominator
 * about db + nb + eb plus the margin. */
START_TEST(test_shared)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed());
    for (int rep = 0; rep < 6; rep++) {
        size_t D = 4 + gbc_rng_below(&rng, 20), ng = 1 + gbc_rng_below(&rng, 4);
        unsigned db = 200 + (unsigned)gbc_rng_below(&rng, 300), nb = db;
        unsigned eb = 1 + (unsigned)gbc_rng_below(&rng, 40);
        mpq_t *v = malloc(D * ng * sizeof *v);
        mpz_t d, e, t;
        mpz_inits(d, e, t, NULL);
        rand_bits(d, &rng, db);
        mpz_abs(d, d);
        for (size_t g = 0; g < ng; g++) {
            rand_bits(e, &rng, g == 0 ? 1 : eb);
            mpz_abs(e, e);
            for (size_t k = 0; k < D; k++) {
                mpq_init(v[g * D + k]);
                rand_bits(t, &rng, g == 0 && k == D - 1 ? 8 : nb);
                mpq_set_num(v[g * D + k], t);
                mpz_mul(t, d, e);
                mpq_set_den(v[g * D + k], t);
                mpq_canonicalize(v[g * D + k]);
            }
        }
        size_t bits = 0;
        lift_until_exact(&bits, v, D, ng, 4 * (db + eb) + 200);
        /* the top member brings d (8 + db bits), a second group's first member e
         * (nb + eb + ...), the rest their numerators: within a prime of that
         * plus the margin, and below Wang's bound for a group with e > 1 */
        size_t need = (nb + eb > 8 + db ? nb + eb : 8 + db) + SV_QLIFT_MARGIN + 2;
        ck_assert_msg(bits <= need + 31, "D %zu, %zu groups, %u + %u bits: exact at %zu",
                      D, ng, nb, eb, bits);
        if (ng > 1)
            ck_assert_msg(bits < 2 * (size_t)(nb + eb), "%zu bits, Wang's bound %u", bits,
                          2 * (nb + eb));
        for (size_t i = 0; i < D * ng; i++)
            mpq_clear(v[i]);
        free(v);
        mpz_clears(d, e, t, NULL);
    }
}
END_TEST

/* Denominators that differ: each member's a random product of small primes, some
 * members zero, a group all zero, integers, and negative values. */
START_TEST(test_mixed)
{
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() + 1);
    static const unsigned small[] = {2, 3, 5, 7, 11, 13, 101, 65537};
    for (int rep = 0; rep < 10; rep++) {
        size_t D = 1 + gbc_rng_below(&rng, 15), ng = 1 + gbc_rng_below(&rng, 4);
        mpq_t *v = malloc(D * ng * sizeof *v);
        mpz_t t, den;
        mpz_inits(t, den, NULL);
        size_t zero_group = gbc_rng_below(&rng, ng + 1); /* ng: none */
        for (size_t i = 0; i < D * ng; i++) {
            mpq_init(v[i]);
            if (i / D == zero_group || gbc_rng_below(&rng, 5) == 0)
                continue;
            rand_bits(t, &rng, 1 + (unsigned)gbc_rng_below(&rng, 150));
            mpz_set_ui(den, 1);
            for (int f = (int)gbc_rng_below(&rng, 6); f > 0; f--)
                mpz_mul_ui(den, den, small[gbc_rng_below(&rng, 8)]);
            mpq_set_num(v[i], t);
            mpq_set_den(v[i], den);
            mpq_canonicalize(v[i]);
        }
        size_t bits = 0;
        lift_until_exact(&bits, v, D, ng, 6000);
        for (size_t i = 0; i < D * ng; i++)
            mpq_clear(v[i]);
        free(v);
        mpz_clears(t, den, NULL);
    }
}
END_TEST

/* Whether P and Q are the same parametrisation (W, den_i, V_i). */
static int same_param(const sv_param *P, const sv_param *Q)
{
    if (P->W.n != Q->W.n || P->n != Q->n)
        return 0;
    for (size_t j = 0; j < P->W.n; j++)
        if (mpz_cmp(P->W.c[j], Q->W.c[j]) != 0)
            return 0;
    for (uint32_t i = 0; i < P->n; i++) {
        if (mpz_cmp(P->den[i], Q->den[i]) != 0 || P->V[i].n != Q->V[i].n)
            return 0;
        for (size_t j = 0; j < P->V[i].n; j++)
            if (mpz_cmp(P->V[i].c[j], Q->V[i].c[j]) != 0)
                return 0;
    }
    return 1;
}

/* The check modulo random primes (sv_qcheck_modp) on P: its verdict, after
 * asserting that it decided (no fallback to the exact check) with a bound of at
 * most 2^-64. The primes come from the test's seed. */
static int modp_ok(gbc_ctx *ctx, const sv_param *P, const gbc_polys *gens, const int64_t *form)
{
    static uint64_t calls;
    sv_qinput in;
    memset(&in, 0, sizeof in);
    ck_assert_int_eq(sv_qinput_init(ctx, &in, gens, P->n, form), GBC_OK);
    gbc_rng rng;
    gbc_rng_seed(&rng, tu_seed() + 977 * ++calls);
    int found = -1, exact = -1;
    double lf = 0;
    ck_assert_int_eq(sv_qcheck_modp(ctx, &found, &exact, &lf, P, &in, &rng), GBC_OK);
    sv_qinput_clear(ctx, &in);
    if (found == 0 && exact == 0 && lf == 0)
        return 0; /* W not squarefree: refused before any prime */
    ck_assert_int_eq(exact, 0);
    ck_assert_msg(lf <= -64, "bound 2^%.1f", lf);
    return found;
}

/* A lift from two primes with no margin takes every residue for an integer: it
 * agrees with both primes and is wrong. The check over Q refuses it and accepts
 * sv_modular_param's result, which the lift from enough primes gives exactly. */
START_TEST(test_wrong_caught)
{
    const char *text = "x1,x2,x3\n0\nx1^2+x2^2+x3^2-3, x1*x2-x3+1/2, x3^3-x1-2";
    gbc_ring *R = NULL;
    gbc_polys *gens = NULL, *G = NULL;
    ck_assert_int_eq(gbc_parse(&R, &gens, text, strlen(text), "grevlex", NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_groebner(&G, gens, NULL, NULL), GBC_OK);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    int64_t dim = 0;
    uint64_t deg = 0;
    ck_assert_int_eq(sv_dim_degree(&ctx, &dim, &deg, G, NULL), GBC_OK);
    size_t D = (size_t)deg, n = 3, m = (n + 1) * D;
    int64_t form[3] = {1, 2, 3};
    sv_gbmod B;
    memset(&B, 0, sizeof B);
    ck_assert_int_eq(sv_gbmod_init(&ctx, &B, G), GBC_OK);
    sv_param good, bad, lifted;
    int found = 0, nonrad = 0, ok = 0;
    size_t nprimes = 0;
    ck_assert_int_eq(sv_modular_param(&ctx, &good, &found, gens, &B, form, D, NULL, &nprimes,
                                      &nonrad),
                     GBC_OK);
    ck_assert_int_eq(found, 1);
    ck_assert_int_eq(sv_param_check_q(&ctx, &ok, &good, gens, form), GBC_OK);
    ck_assert_int_eq(ok, 1);
    ck_assert_int_eq(modp_ok(&ctx, &good, gens, form), 1);
    size_t *glen = malloc((n + 1) * sizeof *glen);
    for (size_t g = 0; g <= n; g++)
        glen[g] = D;
    zz_crt C;
    ck_assert_int_eq(zz_crt_init_groups(&ctx, &C, glen, n + 1), GBC_OK);
    uint32_t *r = malloc(m * sizeof *r);
    uint32_t *cf = malloc((B.total + 1) * sizeof *cf);
    mpq_t *q = malloc(m * sizeof *q);
    for (size_t i = 0; i < m; i++)
        mpq_init(q[i]);
    uint32_t p = 2147483647u;
    int wrong_seen = 0;
    for (size_t k = 0; k < nprimes + 3; k++, prev_prime(&p)) {
        ck_assert_int_eq(sv_param_mod_p(&ctx, r, &ok, &B, cf, form, p, D, NULL), GBC_OK);
        ck_assert_int_eq(ok, 1);
        ck_assert_int_eq(zz_crt_add(&ctx, &C, r, p, NULL), GBC_OK);
        if (k == 1) {
            ck_assert_int_eq(sv_qlift(&ctx, &C, D, n + 1, 0, q, &ok), GBC_OK);
            ck_assert_int_eq(ok, 1);
            ck_assert_int_eq(sv_param_from_values(&ctx, &bad, q, (uint32_t)n, D), GBC_OK);
            ck_assert(!same_param(&bad, &good));
            ck_assert_int_eq(sv_param_check_q(&ctx, &ok, &bad, gens, form), GBC_OK);
            ck_assert_int_eq(ok, 0);
            ck_assert_int_eq(modp_ok(&ctx, &bad, gens, form), 0);
            sv_param_clear(&ctx, &bad);
            wrong_seen = 1;
        }
    }
    ck_assert(wrong_seen);
    ck_assert_int_eq(sv_qlift(&ctx, &C, D, n + 1, SV_QLIFT_MARGIN, q, &ok), GBC_OK);
    ck_assert_int_eq(ok, 1);
    ck_assert_int_eq(sv_param_from_values(&ctx, &lifted, q, (uint32_t)n, D), GBC_OK);
    ck_assert(same_param(&lifted, &good));
    sv_param_clear(&ctx, &lifted);
    sv_param_clear(&ctx, &good);
    for (size_t i = 0; i < m; i++)
        mpq_clear(q[i]);
    free(q);
    free(r);
    free(cf);
    free(glen);
    zz_crt_clear(&ctx, &C);
    sv_gbmod_clear(&ctx, &B);
    ck_assert_uint_eq(ctx.mem_used, 0);
    gbc_polys_free(G);
    gbc_polys_free(gens);
    gbc_ring_free(R);
}
END_TEST

/* The check over Q on the system text (n variables, D solutions) for the first of
 * the forms (nforms of them, each without x1) that separates: the right
 * parametrisation passes; the same with one coefficient of V_1 (x1's) changed is
 * refused (the form, without x1, still vanishes: the generators refuse it), and so
 * is a change of W. */
static void check_changes(const char *text, uint32_t n, uint64_t D, const int64_t *forms,
                          int nforms)
{
    gbc_ring *R = NULL;
    gbc_polys *gens = NULL, *G = NULL;
    ck_assert_int_eq(gbc_parse(&R, &gens, text, strlen(text), "grevlex", NULL, NULL), GBC_OK);
    ck_assert_int_eq(gbc_groebner(&G, gens, NULL, NULL), GBC_OK);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    int64_t dim = 0;
    uint64_t deg = 0;
    ck_assert_int_eq(sv_dim_degree(&ctx, &dim, &deg, G, NULL), GBC_OK);
    ck_assert_uint_eq(deg, D);
    sv_gbmod B;
    memset(&B, 0, sizeof B);
    ck_assert_int_eq(sv_gbmod_init(&ctx, &B, G), GBC_OK);
    sv_param P;
    int found = 0, nonrad = 0, ok = 0, f = 0;
    for (; f < nforms && !found; f++) {
        size_t nprimes = 0;
        ck_assert_int_eq(forms[f * n], 0);
        ck_assert_int_eq(sv_modular_param(&ctx, &P, &found, gens, &B, forms + f * n,
                                          (size_t)deg, NULL, &nprimes, &nonrad),
                         GBC_OK);
    }
    ck_assert_int_eq(found, 1);
    const int64_t *form = forms + (f - 1) * n;
    ck_assert_int_eq(sv_param_check_q(&ctx, &ok, &P, gens, form), GBC_OK);
    ck_assert_int_eq(ok, 1);
    ck_assert_int_eq(modp_ok(&ctx, &P, gens, form), 1);
    for (size_t j = 0; j < P.V[0].n; j += 7) {
        mpz_add_ui(P.V[0].c[j], P.V[0].c[j], 1);
        ck_assert_int_eq(sv_param_check_q(&ctx, &ok, &P, gens, form), GBC_OK);
        ck_assert_msg(ok == 0, "V_1 changed at %zu accepted", j);
        ck_assert_msg(modp_ok(&ctx, &P, gens, form) == 0,
                      "V_1 changed at %zu accepted modulo primes", j);
        mpz_sub_ui(P.V[0].c[j], P.V[0].c[j], 1);
    }
    mpz_add_ui(P.W.c[3], P.W.c[3], 1);
    ck_assert_int_eq(sv_param_check_q(&ctx, &ok, &P, gens, form), GBC_OK);
    ck_assert_int_eq(ok, 0);
    ck_assert_int_eq(modp_ok(&ctx, &P, gens, form), 0);
    mpz_sub_ui(P.W.c[3], P.W.c[3], 1);
    ck_assert_int_eq(sv_param_check_q(&ctx, &ok, &P, gens, form), GBC_OK);
    ck_assert_int_eq(ok, 1);
    ck_assert_int_eq(modp_ok(&ctx, &P, gens, form), 1);
    sv_param_clear(&ctx, &P);
    sv_gbmod_clear(&ctx, &B);
    ck_assert_uint_eq(ctx.mem_used, 0);
    gbc_polys_free(G);
    gbc_polys_free(gens);
    gbc_ring_free(R);
}

/* katsura-5 (D = 32: the products' exact division by W goes through Kronecker
 * substitution) for T = x6; noon-4 (D = 73, cubic generators: x_i factored out of
 * four of each generator's five terms) for a form without x1. */
START_TEST(test_check_large)
{
    const char *k5 = "x1,x2,x3,x4,x5,x6\n0\n"
                     "x1^2+2*x2^2+2*x3^2+2*x4^2+2*x5^2+2*x6^2-x1,\n"
                     "2*x1*x2+2*x2*x3+2*x3*x4+2*x4*x5+2*x5*x6-x2,\n"
                     "x2^2+2*x1*x3+2*x2*x4+2*x3*x5+2*x4*x6-x3,\n"
                     "2*x2*x3+2*x1*x4+2*x2*x5+2*x3*x6-x4,\n"
                     "x3^2+2*x2*x4+2*x1*x5+2*x2*x6-x5,\n"
                     "x1+2*x2+2*x3+2*x4+2*x5+2*x6-1";
    check_changes(k5, 6, 32, (int64_t[]){0, 0, 0, 0, 0, -1}, 1);
    const char *noon4 = "x1,x2,x3,x4\n0\n"
                        "10*x1*x2^2+10*x1*x3^2+10*x1*x4^2-11*x1+10,\n"
                        "10*x1^2*x2+10*x2*x3^2+10*x2*x4^2-11*x2+10,\n"
                        "10*x1^2*x3+10*x2^2*x3+10*x3*x4^2-11*x3+10,\n"
                        "10*x1^2*x4+10*x2^2*x4+10*x3^2*x4-11*x4+10";
    check_changes(noon4, 4, 73, (int64_t[]){0, 1, 3, 7, 0, 2, 5, 13, 0, 3, 11, 29}, 3);
}
END_TEST

static Suite *qlift_suite(void)
{
    Suite *s = suite_create("solve-qlift");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_shared);
    tcase_add_test(tc, test_mixed);
    tcase_add_test(tc, test_wrong_caught);
    tcase_add_test(tc, test_check_large);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(qlift_suite());
}
