/* Tests for the parser's two field families (io/pval_zp.c, io/pval_qq.c): the same
 * random text parsed over Q and over Z/p gives, after reducing the rational
 * coefficients modulo p, the same polynomials. The families take different roads
 * (over Q and modulo p powers of sums of few terms expand by the multinomial
 * theorem, with integer multinomial coefficients over Q and inverse factorials
 * modulo p; modulo p exponents >= p go through the Frobenius map; longer sums
 * multiply), so agreement checks each against the other. */
#include <stdio.h>
#include <stdlib.h>

#include "io/io.h"
#include "testutil.h"

static const char *const names[] = {"x", "y", "z", "w"};

/* Random text: sums of terms, a term a product of numbers (maybe to a power),
 * variables (maybe to a power) and, at the top level, at most one parenthesised
 * sum, maybe to a power and maybe signed; a fraction's denominator is prime to p,
 * the characteristic of the Z/p parse. Sizes stay small: inner sums have at most
 * four terms of degree at most 4, raised to at most 16 (past p for the small p,
 * the Frobenius road) or 8. */
static void gen_sum(gbc_rng *r, sbuf *b, uint32_t nv, uint32_t p, int depth);

static void gen_factor(gbc_rng *r, sbuf *b, uint32_t nv, uint32_t p, int depth, int paren)
{
    if (gbc_rng_below(r, 6) == 0)
        sb_puts(b, gbc_rng_below(r, 2) ? "-" : "+");
    if (paren) {
        sb_puts(b, "(");
        gen_sum(r, b, nv, p, depth + 1);
        sb_puts(b, ")");
        if (gbc_rng_below(r, 4) != 0)
            sb_printf(b, "^%u", (unsigned)gbc_rng_below(r, p < 20 ? 17 : 9));
    } else if (gbc_rng_below(r, 3) == 0) {
        sb_printf(b, "%llu", (unsigned long long)gbc_rng_below(r, 1000));
        if (gbc_rng_below(r, 5) == 0)
            sb_printf(b, "^%u", (unsigned)gbc_rng_below(r, 30));
    } else {
        sb_puts(b, names[gbc_rng_below(r, nv)]);
        if (gbc_rng_below(r, 2) == 0)
            sb_printf(b, "^%u", (unsigned)gbc_rng_below(r, 3));
    }
}

/* A random term: factors joined by '*', maybe divided by an integer prime to p. */
static void gen_term(gbc_rng *r, sbuf *b, uint32_t nv, uint32_t p, int depth)
{
    uint64_t n = 1 + gbc_rng_below(r, depth > 0 ? 2 : 3);
    /* the factor that is a parenthesised sum (none: n) */
    uint64_t paren = depth > 0 ? n : gbc_rng_below(r, n + 1);
    for (uint64_t i = 0; i < n; i++) {
        if (i > 0)
            sb_puts(b, "*");
        gen_factor(r, b, nv, p, depth, i == paren);
    }
    if (gbc_rng_below(r, 4) == 0) {
        uint64_t d;
        do
            d = 1 + gbc_rng_below(r, 40);
        while (d % p == 0);
        sb_printf(b, "/%llu", (unsigned long long)d);
    }
}

static void gen_sum(gbc_rng *r, sbuf *b, uint32_t nv, uint32_t p, int depth)
{
    uint64_t n = 1 + gbc_rng_below(r, depth > 0 ? 4 : 6);
    for (uint64_t i = 0; i < n; i++) {
        if (i > 0 || gbc_rng_below(r, 4) == 0)
            sb_puts(b, gbc_rng_below(r, 2) ? " - " : " + ");
        gen_term(r, b, nv, p, depth);
    }
}

/* Parse the header for characteristic p and the generators gens, keeping zero
 * polynomials (the lists then match position by position). */
static void parse_in(gbc_ctx *ctx, ring *R, plist *L, uint32_t nv, uint32_t p, const char *gens)
{
    sbuf b;
    sb_init(&b);
    for (uint32_t v = 0; v < nv; v++)
        sb_printf(&b, "%s%s", v ? "," : "", names[v]);
    sb_printf(&b, "\n%u\n%s\n", p, gens);
    gbc_error err;
    plist_init(L);
    gbc_status st = io_parse_input_flags(ctx, R, L, b.s, b.len, NULL, IO_PARSE_KEEP_ZERO, &err);
    ck_assert_msg(st == GBC_OK, "refused (%s):\n%s", err.message, b.s);
    sb_free(&b);
}

/* Whether the rational polynomial q reduced modulo p is the polynomial f of the
 * Z/p parse (both in the same ring order: the terms of q that vanish modulo p are
 * skipped). */
static int agree_mod_p(const ppoly *q, const ppoly *f, uint32_t nv, uint32_t p)
{
    size_t j = 0;
    mpz_t num, den, pz;
    mpz_inits(num, den, pz, NULL);
    mpz_set_ui(pz, p);
    int ok = 1;
    for (size_t i = 0; i < q->len && ok; i++) {
        mpz_mod(num, mpq_numref(q->cq[i]), pz);
        mpz_set(den, mpq_denref(q->cq[i]));
        ck_assert_msg(mpz_invert(den, den, pz) != 0, "a denominator divisible by p");
        mpz_mul(num, num, den);
        mpz_mod(num, num, pz);
        if (mpz_sgn(num) == 0)
            continue;
        ok = j < f->len && mpz_cmp_ui(num, f->cf[j]) == 0 &&
             memcmp(q->exps + i * nv, f->exps + j * nv, sizeof(uint32_t) * nv) == 0;
        j++;
    }
    mpz_clears(num, den, pz, NULL);
    return ok && j == f->len;
}

START_TEST(test_families_agree)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    static const uint32_t primes[] = {7, 11, 32003, 65521, 2147483647u};
    for (int it = 0; it < 300 * tu_mult(); it++) {
        uint32_t nv = 1 + (uint32_t)gbc_rng_below(&r, 4);
        uint32_t p = primes[it % 5];
        sbuf g;
        sb_init(&g);
        uint64_t n = 1 + gbc_rng_below(&r, 3);
        for (uint64_t k = 0; k < n; k++) {
            if (k > 0)
                sb_puts(&g, ",\n");
            gen_sum(&r, &g, nv, p, 0);
        }
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ring RQ, RP;
        plist LQ, LP;
        parse_in(&ctx, &RQ, &LQ, nv, 0, g.s);
        parse_in(&ctx, &RP, &LP, nv, p, g.s);
        ck_assert_uint_eq(LQ.n, n);
        ck_assert_uint_eq(LP.n, n);
        for (size_t k = 0; k < n; k++)
            ck_assert_msg(agree_mod_p(&LQ.p[k], &LP.p[k], nv, p),
                          "polynomial %zu differs over Q mod %u and over Z/%u:\n%s", k + 1, p,
                          p, g.s);
        plist_clear(&ctx, &LQ, &RQ.F);
        plist_clear(&ctx, &LP, &RP.F);
        ring_clear(&ctx, &RQ);
        ring_clear(&ctx, &RP);
        ck_assert_uint_eq(ctx.mem_used, 0);
        sb_free(&g);
    }
}
END_TEST

/* Powers of sums by hand: (x+y)^e mod p for e around p (the Frobenius road and
 * the multinomial one) against the same power over Q reduced mod p. */
START_TEST(test_powers_around_p)
{
    static const char *const bases[] = {"x+y", "2*x-3*y+1", "x*y+z^2-1/2", "x+y+z+w+3"};
    static const uint32_t primes[] = {5, 7, 13};
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        for (size_t j = 0; j < sizeof primes / sizeof primes[0]; j++) {
            uint32_t p = primes[j];
            for (uint32_t e = p - 2; e <= 2 * p + 1; e++) {
                char gens[128];
                snprintf(gens, sizeof gens, "(%s)^%u - x", bases[i], e);
                gbc_ctx ctx;
                gbc_ctx_init(&ctx);
                ring RQ, RP;
                plist LQ, LP;
                parse_in(&ctx, &RQ, &LQ, 4, 0, gens);
                parse_in(&ctx, &RP, &LP, 4, p, gens);
                ck_assert_msg(agree_mod_p(&LQ.p[0], &LP.p[0], 4, p), "differs mod %u: %s", p,
                              gens);
                plist_clear(&ctx, &LQ, &RQ.F);
                plist_clear(&ctx, &LP, &RP.F);
                ring_clear(&ctx, &RQ);
                ring_clear(&ctx, &RP);
                ck_assert_uint_eq(ctx.mem_used, 0);
            }
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("io-pval");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_families_agree);
    tcase_add_test(tc, test_powers_around_p);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
