/* Tests for io/: the text format of the command-line contract.
 * - Random inputs written in many equivalent ways (coefficients before, between or
 *   after the variables, split exponents, fractions, signs, parentheses, random
 *   whitespace and comments) parse to the polynomials an independent naive
 *   expansion in this file computes; printing and parsing again gives the same.
 * - Products and powers of sums against binomial and multinomial coefficients
 *   from GMP and against a naive term-list product.
 * - Every error message, with its line and column, and the limits that keep
 *   hostile input (deep nesting, huge lines, NUL bytes) from doing harm. */
#include <stdio.h>
#include <stdlib.h>

#include "check/check.h"
#include "common/pool.h"
#include "io/io.h"
#include "testutil.h"

#define MAXV 5

/* --------------------------------------------------------- string buffer -- */

static void sb_mpz(sbuf *b, const mpz_t z)
{
    char *s = mpz_get_str(NULL, 10, z);
    sb_puts(b, s);
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(s, strlen(s) + 1);
}

/* ------------------------------------------------------- naive polynomials -- */

/* A term list with rational coefficients, combined by linear search: the
 * independent oracle for what a text means. */
typedef struct tterm {
    uint32_t e[MAXV];
    mpq_t c;
} tterm;

typedef struct tpoly {
    size_t n, cap;
    tterm *t;
} tpoly;

static void tp_init(tpoly *f)
{
    f->n = 0;
    f->cap = 0;
    f->t = NULL;
}

static void tp_clear(tpoly *f)
{
    for (size_t i = 0; i < f->cap; i++)
        mpq_clear(f->t[i].c);
    free(f->t);
    tp_init(f);
}

/* f += c * x^e */
static void tp_add(tpoly *f, const uint32_t *e, const mpq_t c, uint32_t nv)
{
    for (size_t i = 0; i < f->n; i++)
        if (memcmp(f->t[i].e, e, sizeof(uint32_t) * nv) == 0) {
            mpq_add(f->t[i].c, f->t[i].c, c);
            return;
        }
    if (f->n == f->cap) {
        size_t ncap = f->cap ? 2 * f->cap : 8;
        f->t = realloc(f->t, sizeof(tterm) * ncap);
        ck_assert_ptr_nonnull(f->t);
        for (size_t i = f->cap; i < ncap; i++)
            mpq_init(f->t[i].c);
        f->cap = ncap;
    }
    memset(f->t[f->n].e, 0, sizeof f->t[f->n].e);
    memcpy(f->t[f->n].e, e, sizeof(uint32_t) * nv);
    mpq_set(f->t[f->n].c, c);
    f->n++;
}

/* r = f * g (r distinct from f and g) */
static void tp_mul(tpoly *r, const tpoly *f, const tpoly *g, uint32_t nv)
{
    mpq_t c;
    mpq_init(c);
    for (size_t i = 0; i < f->n; i++)
        for (size_t j = 0; j < g->n; j++) {
            uint32_t e[MAXV];
            for (uint32_t v = 0; v < nv; v++)
                e[v] = f->t[i].e[v] + g->t[j].e[v];
            mpq_mul(c, f->t[i].c, g->t[j].c);
            tp_add(r, e, c, nv);
        }
    mpq_clear(c);
}

/* The residue of a rational mod p (its denominator is invertible). */
static uint32_t q_mod(const mpq_t c, uint32_t p)
{
    mpz_t n, d, m;
    mpz_inits(n, d, m, NULL);
    mpz_set_ui(m, p);
    mpz_mod(n, mpq_numref(c), m);
    mpz_mod(d, mpq_denref(c), m);
    ck_assert(mpz_invert(d, d, m) != 0);
    mpz_mul(n, n, d);
    mpz_mod(n, n, m);
    uint32_t r = (uint32_t)mpz_get_ui(n);
    mpz_clears(n, d, m, NULL);
    return r;
}

static const mono_order *sort_ord;
static uint32_t sort_p;

static int cmp_desc(const void *a, const void *b)
{
    return -mono_cmp(sort_ord, ((const tterm *)a)->e, ((const tterm *)b)->e);
}

/* Whether the parsed plain polynomial q equals f: f's nonzero terms (mod p, or in
 * Q) sorted by decreasing monomial under ord (mono_cmp). f is sorted in place. */
static int tp_equals(tpoly *f, const ppoly *q, const ring *R, const mono_order *ord)
{
    sort_ord = ord;
    sort_p = R->F.p;
    qsort(f->t, f->n, sizeof(tterm), cmp_desc);
    size_t k = 0;
    for (size_t i = 0; i < f->n; i++) {
        if (R->F.p != 0) {
            uint32_t c = q_mod(f->t[i].c, R->F.p);
            if (c == 0)
                continue;
            if (k >= q->len || q->cf[k] != c)
                return 0;
        } else {
            if (mpq_sgn(f->t[i].c) == 0)
                continue;
            if (k >= q->len || !mpq_equal(q->cq[k], f->t[i].c))
                return 0;
        }
        if (R->nvars > 0 &&
            memcmp(q->exps + k * R->nvars, f->t[i].e, sizeof(uint32_t) * R->nvars) != 0)
            return 0;
        k++;
    }
    return k == q->len;
}

static int tp_is_zero(const tpoly *f, uint32_t p)
{
    for (size_t i = 0; i < f->n; i++)
        if (p != 0 ? q_mod(f->t[i].c, p) != 0 : mpq_sgn(f->t[i].c) != 0)
            return 0;
    return 1;
}

static char *repeat(const char *prefix, const char *unit, size_t n, const char *suffix,
                    size_t *len);

/* ------------------------------------------------------------ parsing -- */

typedef struct parsed {
    gbc_ctx ctx;
    ring R;
    plist L;
    gbc_error err;
    gbc_status st;
} parsed;

static void parse_n(parsed *P, const char *text, size_t len, const char *order)
{
    gbc_ctx_init(&P->ctx);
    plist_init(&P->L);
    memset(&P->err, 0, sizeof P->err);
    P->st = io_parse_input(&P->ctx, &P->R, &P->L, text, len, order, &P->err);
    if (P->st != GBC_OK) {
        /* the contract: nothing is left allocated on failure */
        T_ASSERT(P->L.n == 0);
        T_ASSERT_MSG(P->ctx.mem_used == 0, "failed parse leaks %zu bytes", P->ctx.mem_used);
    }
}

static void parse_s(parsed *P, const char *text, const char *order)
{
    parse_n(P, text, strlen(text), order);
}

static void parsed_clear(parsed *P)
{
    if (P->st == GBC_OK) {
        plist_clear(&P->ctx, &P->L, &P->R.F);
        ring_clear(&P->ctx, &P->R);
        T_ASSERT_MSG(P->ctx.mem_used == 0, "parse result leaks %zu bytes", P->ctx.mem_used);
    }
}

/* Print P's list with the header into a malloc'd string. */
static char *print_all(parsed *P)
{
    io_buf b;
    io_buf_init(&b);
    T_ASSERT(io_print_polys(&P->ctx, &b, &P->R, &P->L, 1) == GBC_OK);
    char *s = strdup(b.s);
    io_buf_clear(&P->ctx, &b);
    return s;
}

static void expect_ok(parsed *P, const char *text, const char *order)
{
    parse_s(P, text, order);
    ck_assert_msg(P->st == GBC_OK, "'%s' refused: %llu:%llu: %s", text,
                  (unsigned long long)P->err.line, (unsigned long long)P->err.column,
                  P->err.message);
}

/* text parses and prints exactly as want (header included). */
static void expect_print(const char *text, const char *order, const char *want)
{
    parsed P;
    expect_ok(&P, text, order);
    char *s = print_all(&P);
    ck_assert_msg(strcmp(s, want) == 0, "'%s' printed as '%s', expected '%s'", text, s, want);
    free(s);
    parsed_clear(&P);
}

/* a and b parse to the same list (in the same order). */
static void expect_same(const char *a, const char *b, const char *order)
{
    parsed A, B;
    expect_ok(&A, a, order);
    expect_ok(&B, b, order);
    ck_assert_msg(A.R.F.p == B.R.F.p && check_plist_equal(&A.R, &A.L, &B.L),
                  "'%s' and '%s' differ", a, b);
    parsed_clear(&A);
    parsed_clear(&B);
}

/* ----------------------------------------------------- random text input -- */

typedef struct genctx {
    gbc_rng *r;
    uint32_t nv;
    uint32_t p;
    const char *const *names;
} genctx;

/* Whitespace (and, where allowed, a comment) that must not change the meaning. */
static void gen_ws(genctx *G, sbuf *b, int newlines)
{
    switch (gbc_rng_below(G->r, newlines ? 10 : 6)) {
    case 0: sb_puts(b, " "); break;
    case 1: sb_puts(b, "\t"); break;
    case 2: sb_puts(b, "  "); break;
    case 6: sb_puts(b, "\n"); break;
    case 7: sb_puts(b, "\r\n "); break;
    case 8: sb_puts(b, " # a comment, with (symbols) ^*+-/ 1/0\n"); break;
    default: break;
    }
}

/* A random positive integer: small, large or huge, sometimes with leading zeros. */
static void gen_uint(genctx *G, mpz_t z)
{
    switch (gbc_rng_below(G->r, 4)) {
    case 0: mpz_set_ui(z, 1 + gbc_rng_below(G->r, 9)); break;
    case 1: mpz_set_ui(z, 1 + gbc_rng_below(G->r, 100000)); break;
    case 2: mpz_set_ui(z, (unsigned long)(gbc_rng_next(G->r) | 1)); break;
    default:
        mpz_set_ui(z, (unsigned long)gbc_rng_next(G->r));
        mpz_mul_2exp(z, z, 64);
        mpz_add_ui(z, z, (unsigned long)gbc_rng_next(G->r) | 1);
        break;
    }
}

static void gen_number(genctx *G, sbuf *b, const mpz_t z)
{
    if (gbc_rng_below(G->r, 10) == 0)
        sb_puts(b, "00");
    sb_mpz(b, z);
}

/* A random coefficient num/den (sign in *neg; den invertible mod p) and, unless
 * keep_e, a random monomial e with exponents below maxe. */
static void gen_coeff_mono(genctx *G, mpz_t num, mpz_t den, int *neg, uint32_t *e, int keep_e,
                           uint32_t maxe)
{
    gbc_rng *r = G->r;
    gen_uint(G, num);
    if (gbc_rng_below(r, 2)) {
        mpz_set_ui(den, 1);
    } else {
        do
            gen_uint(G, den);
        while (G->p != 0 && mpz_divisible_ui_p(den, G->p));
    }
    *neg = (int)gbc_rng_below(r, 2);
    if (!keep_e)
        for (uint32_t v = 0; v < G->nv; v++)
            e[v] = gbc_rng_below(r, 3) == 0 ? 0 : (uint32_t)gbc_rng_below(r, maxe);
}

/* Emit one term meaning c * x^e in a random form; c (and e unless keep_e) are
 * chosen by this function. */
static void gen_term(genctx *G, sbuf *b, uint32_t *e, int keep_e, mpq_t c, int first)
{
    gbc_rng *r = G->r;
    mpz_t num, den;
    mpz_inits(num, den, NULL);
    int neg;
    gen_coeff_mono(G, num, den, &neg, e, keep_e, gbc_rng_below(r, 8) ? 4 : 100000);
    mpq_set_num(c, num);
    mpq_set_den(c, den);
    mpq_canonicalize(c);
    if (neg)
        mpq_neg(c, c);
    /* the sign: '+' or '-' between terms, optional on the first; a unary sign
     * inside the term flips it once more */
    int inner = gbc_rng_below(r, 5) == 0;
    int outer = neg ^ inner;
    if (!first || outer || gbc_rng_below(r, 4) == 0) {
        if (!first)
            gen_ws(G, b, 1);
        sb_puts(b, outer ? "-" : "+");
        gen_ws(G, b, 1);
    }
    int paren = gbc_rng_below(r, 6) == 0;
    if (paren) {
        sb_puts(b, "(");
        gen_ws(G, b, 1);
    }
    /* factors: the numerator (omitted when 1 if a variable follows), variables
     * with split exponents, in random order; denominators after some factor */
    size_t nf = 0;
    char fac[64][64];
    int has_var = 0;
    for (uint32_t v = 0; v < G->nv; v++) {
        uint32_t left = e[v];
        while (left > 0 && nf < 50) {
            uint32_t piece = gbc_rng_below(r, 2) ? left : 1 + (uint32_t)gbc_rng_below(r, left);
            if (piece == 1 && gbc_rng_below(r, 2))
                snprintf(fac[nf++], 64, "%s", G->names[v]);
            else
                snprintf(fac[nf++], 64, "%s^%u", G->names[v], piece);
            left -= piece;
            has_var = 1;
        }
        if (left > 0) /* (never with these sizes) */
            snprintf(fac[nf++], 64, "%s^%u", G->names[v], left);
        if (gbc_rng_below(r, 10) == 0)
            snprintf(fac[nf++], 64, "%s^0", G->names[v]);
    }
    for (size_t i = nf; i > 1; i--) {
        size_t j = gbc_rng_below(r, i);
        char tmp[64];
        memcpy(tmp, fac[i - 1], 64);
        memcpy(fac[i - 1], fac[j], 64);
        memcpy(fac[j], tmp, 64);
    }
    int show_num = mpz_cmp_ui(num, 1) != 0 || !has_var || gbc_rng_below(r, 4) == 0;
    size_t numpos = show_num ? gbc_rng_below(r, nf + 1) : SIZE_MAX;
    size_t denpos = gbc_rng_below(r, nf + 1); /* the denominator follows factor denpos-1 */
    int wrote = 0;
    for (size_t i = 0; i <= nf; i++) {
        if (i == numpos) {
            if (wrote) {
                gen_ws(G, b, 1);
                sb_puts(b, "*");
                gen_ws(G, b, 1);
            }
            if (inner && wrote == 0) {
                sb_puts(b, "-");
                inner = 0;
            }
            gen_number(G, b, num);
            wrote = 1;
        }
        if (i == denpos && wrote && mpz_cmp_ui(den, 1) != 0) {
            gen_ws(G, b, 1);
            sb_puts(b, "/");
            gen_ws(G, b, 1);
            gen_number(G, b, den);
            mpz_set_ui(den, 1);
        }
        if (i == nf)
            break;
        if (wrote) {
            gen_ws(G, b, 1);
            sb_puts(b, "*");
            gen_ws(G, b, 1);
        }
        if (inner) {
            sb_puts(b, "-");
            inner = 0;
        }
        sb_puts(b, fac[i]);
        wrote = 1;
    }
    if (mpz_cmp_ui(den, 1) != 0) {
        gen_ws(G, b, 1);
        sb_puts(b, "/");
        gen_number(G, b, den);
    }
    if (paren) {
        gen_ws(G, b, 1);
        sb_puts(b, ")");
    }
    mpz_clears(num, den, NULL);
}

/* A random polynomial as text into b, its meaning into f. */
static void gen_poly(genctx *G, sbuf *b, tpoly *f)
{
    gbc_rng *r = G->r;
    size_t nt = gbc_rng_below(r, 7);
    uint32_t e[MAXV], prev[MAXV];
    mpq_t c;
    mpq_init(c);
    int have_prev = 0;
    if (nt == 0) {
        static const char *zeros[] = {"0", "0*x0", "-0", "(0)^3", "0/1"};
        /* x0 is always a variable of these rings (see names below) */
        sb_puts(b, zeros[gbc_rng_below(r, G->nv ? 5 : 1)]);
    }
    for (size_t i = 0; i < nt; i++) {
        /* sometimes repeat the previous monomial, to be combined with it */
        int repeat = have_prev && gbc_rng_below(r, 4) == 0;
        if (repeat)
            memcpy(e, prev, sizeof e);
        gen_term(G, b, e, repeat, c, i == 0);
        tp_add(f, e, c, G->nv);
        memcpy(prev, e, sizeof e);
        have_prev = 1;
    }
    mpq_clear(c);
}

static const char *const var_names[] = {"x0", "y", "Zeta_2", "_w", "b4"};

static const char *random_order(gbc_rng *r, uint32_t nv, char *buf, size_t len)
{
    switch (gbc_rng_below(r, nv >= 2 ? 5 : 3)) {
    case 0: return "grevlex";
    case 1: return "lex";
    case 2: return "deglex";
    case 3: {
        size_t used = (size_t)snprintf(buf, len, "weights:");
        for (uint32_t i = 0; i < nv; i++)
            used += (size_t)snprintf(buf + used, len - used, i ? ",%u" : "%u",
                                     1 + (unsigned)gbc_rng_below(r, 4));
        return buf;
    }
    default: {
        uint32_t k = 1 + (uint32_t)gbc_rng_below(r, nv - 1);
        snprintf(buf, len, "blocks:%s(%u),%s(%u)", gbc_rng_below(r, 2) ? "lex" : "grevlex", k,
                 gbc_rng_below(r, 2) ? "deglex" : "grevlex", nv - k);
        return buf;
    }
    }
}

START_TEST(test_random_roundtrip)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    static const uint32_t chars[] = {0, 2, 3, 32003, 2147483647u, 0};
    for (int it = 0; it < 400 * tu_mult(); it++) {
        genctx G;
        G.r = &r;
        G.nv = 1 + (uint32_t)gbc_rng_below(&r, MAXV);
        G.p = chars[it % 6];
        G.names = var_names;
        char obuf[128];
        const char *order = random_order(&r, G.nv, obuf, sizeof obuf);
        mono_order ord;
        char msg[128];
        ck_assert_int_eq(mono_order_parse(NULL, &ord, order, G.nv, msg, sizeof msg), GBC_OK);
        /* header, with comment lines and blanks where the format allows them */
        sbuf b;
        sb_init(&b);
        if (gbc_rng_below(&r, 4) == 0)
            sb_puts(&b, "# leading comment\n");
        for (uint32_t v = 0; v < G.nv; v++) {
            if (v > 0)
                sb_puts(&b, ",");
            gen_ws(&G, &b, 0);
            sb_puts(&b, var_names[v]);
            gen_ws(&G, &b, 0);
        }
        sb_puts(&b, gbc_rng_below(&r, 5) == 0 ? " # the variables\n" : "\n");
        if (gbc_rng_below(&r, 4) == 0)
            sb_puts(&b, "# comment before the characteristic\n");
        sb_printf(&b, "%s%u%s\n", gbc_rng_below(&r, 3) ? "" : " ", G.p,
                  gbc_rng_below(&r, 3) ? "" : " \t");
        size_t npolys = gbc_rng_below(&r, 5);
        tpoly want[5];
        for (size_t k = 0; k < npolys; k++) {
            tp_init(&want[k]);
            if (k > 0) {
                gen_ws(&G, &b, 1);
                sb_puts(&b, ",");
            }
            gen_ws(&G, &b, 1);
            if (gbc_rng_below(&r, 8) == 0) {
                /* the whole polynomial in parentheses, maybe scaled */
                sb_puts(&b, "(");
                gen_poly(&G, &b, &want[k]);
                sb_puts(&b, ")");
            } else {
                gen_poly(&G, &b, &want[k]);
            }
        }
        gen_ws(&G, &b, 1);
        parsed P;
        parse_n(&P, b.s, b.len, order);
        ck_assert_msg(P.st == GBC_OK, "refused (%llu:%llu: %s):\n%s",
                      (unsigned long long)P.err.line, (unsigned long long)P.err.column,
                      P.err.message, b.s);
        ck_assert_uint_eq(P.R.nvars, G.nv);
        ck_assert_uint_eq(P.R.F.p, G.p);
        /* zero polynomials are dropped; the rest come in input order */
        size_t j = 0;
        for (size_t k = 0; k < npolys; k++) {
            if (tp_is_zero(&want[k], G.p))
                continue;
            ck_assert_msg(j < P.L.n, "too few polynomials from:\n%s", b.s);
            ck_assert_msg(tp_equals(&want[k], &P.L.p[j], &P.R, &ord),
                          "polynomial %zu differs (order %s) in:\n%s", k + 1, order, b.s);
            j++;
        }
        ck_assert_msg(j == P.L.n, "too many polynomials from:\n%s", b.s);
        /* print, parse again: the same list, and the same text once more */
        char *t1 = print_all(&P);
        parsed Q;
        parse_s(&Q, t1, order);
        ck_assert_msg(Q.st == GBC_OK, "printed text refused (%s):\n%s", Q.err.message, t1);
        ck_assert_msg(check_plist_equal(&P.R, &P.L, &Q.L), "reparse differs:\n%s", t1);
        char *t2 = print_all(&Q);
        ck_assert_str_eq(t1, t2);
        free(t1);
        free(t2);
        parsed_clear(&Q);
        parsed_clear(&P);
        for (size_t k = 0; k < npolys; k++)
            tp_clear(&want[k]);
        sb_free(&b);
        mono_order_clear(NULL, &ord);
    }
}
END_TEST

/* -------------------------------------------------------- by-hand parses -- */

START_TEST(test_print_by_hand)
{
    expect_print("x,y\n0\n3*y - 1 - x^2*y/2", NULL, "x,y\n0\n-1/2*x^2*y+3*y-1\n");
    expect_print("x,y\n7\n-x + 1/2", NULL, "x,y\n7\n6*x+4\n");
    expect_print("x\n0\nx, x^2", NULL, "x\n0\nx,\nx^2\n");
    expect_print("x,y\n0\nx + y^2", "lex", "x,y\n0\nx+y^2\n");
    expect_print("x,y\n0\nx + y^2", "grevlex", "x,y\n0\ny^2+x\n");
    expect_print("x,y,z\n0\nx*z^2 + y^3", "grevlex", "x,y,z\n0\ny^3+x*z^2\n");
    expect_print("x,y,z\n0\nx*z^2 + y^3", "deglex", "x,y,z\n0\nx*z^2+y^3\n");
    expect_print("x,y\n0\n-1", NULL, "x,y\n0\n-1\n");
    expect_print("x,y\n0\n1/2 - 1/3", NULL, "x,y\n0\n1/6\n");
    expect_print("x,y\n0\n6/4*x*y", NULL, "x,y\n0\n3/2*x*y\n");
    expect_print("x,y\n0\n123456789012345678901234567890*x - 98765432109876543210/7",
                 NULL, "x,y\n0\n123456789012345678901234567890*x-98765432109876543210/7\n");
    /* mod p: residues in [0, p), big numbers reduced */
    expect_print("x\n2\nx + 3", NULL, "x\n2\nx+1\n");
    expect_print("x\n2\nx + 2", NULL, "x\n2\nx\n");
    expect_print("x\n2147483647\n-x - 1", NULL, "x\n2147483647\n2147483646*x+2147483646\n");
    expect_print("x\n2147483647\n2147483648*x + 4611686014132420610", NULL,
                 "x\n2147483647\nx+1\n");
    /* 1/2 mod 3 = 2; 5/3 mod 7 = 5 * 5 = 4 */
    expect_print("x\n3\nx/2", NULL, "x\n3\n2*x\n");
    expect_print("x\n7\n5/3", NULL, "x\n7\n4\n");
    /* the zero ideal prints no polynomial */
    expect_print("x,y\n0\n", NULL, "x,y\n0\n");
    expect_print("x,y\n0\n0, x - x, 0*y", NULL, "x,y\n0\n");
    /* signs */
    expect_print("x,y\n0\n--x", NULL, "x,y\n0\nx\n");
    expect_print("x,y\n0\n-(-x)", NULL, "x,y\n0\nx\n");
    expect_print("x,y\n0\n+-+x", NULL, "x,y\n0\n-x\n");
    expect_print("x,y\n0\nx - -y", "lex", "x,y\n0\nx+y\n");
    expect_print("x,y\n0\nx*-y", NULL, "x,y\n0\n-x*y\n");
    expect_print("x,y\n0\n2*-3", NULL, "x,y\n0\n-6\n");
    /* powers of numbers and the 0^0 convention */
    expect_print("x\n0\n2^3/4*x", NULL, "x\n0\n2*x\n");
    expect_print("x\n0\n(1/2)^3*x", NULL, "x\n0\n1/8*x\n");
    expect_print("x\n0\nx^0 + 0^0 + (x-x)^0", NULL, "x\n0\n3\n");
    expect_print("x\n0\n0^5 + x", NULL, "x\n0\nx\n");
    expect_print("x\n0\nx^4294967295", NULL, "x\n0\nx^4294967295\n");
    expect_print("x\n0\nx^1*x^0*x", NULL, "x\n0\nx^2\n");
    expect_print("x\n7\n3^1000000", NULL, "x\n7\n4\n"); /* 3^6 = 1 mod 7, 3^4 = 4 */
}
END_TEST

START_TEST(test_whitespace_comments)
{
    const char *want = "x,y\n0\nx+y,\nx^2*y\n";
    expect_print("x,y\n0\nx+y,x^2*y", "lex", want);
    expect_print("  x ,\ty \r\n 0 \r\n x \r\n + \r\n y\r\n,\r\n x ^ 2 * y\r\n", "lex", want);
    expect_print("# a header comment\nx,y # the variables\n# about line 2\n0 # rationals\n"
                 "x + # a comment in a polynomial\n y, # after a comma\n x^2*y # at the end",
                 "lex", want);
    expect_print("x,y\n0\n\n\n\tx\n+\ny\n\n,\n\nx\n^\n2\n*\ny\n\n\n", "lex", want);
    expect_print("x,y\n0\n\fx\v+y,x^2*y", "lex", want);
    expect_print("x,y\n0\n(\nx\n+\ny\n)\n,\n(x^2)*(y)", "lex", want);
    expect_print("x,y\n0\nx+y,x^2*y#no newline at the end", "lex", want);
}
END_TEST

START_TEST(test_fractions)
{
    expect_same("x,y\n0\n1/2*x + 1/3", "x,y\n0\nx/2 + 2/6", NULL);
    expect_same("x,y\n0\n(x+1)/2", "x,y\n0\n1/2*x + 1/2", NULL);
    expect_same("x,y\n0\n2/3*3/2*x", "x,y\n0\nx", NULL);
    expect_same("x,y\n0\nx/2/3", "x,y\n0\n1/6*x", NULL);
    expect_same("x,y\n0\n-x/2 + x/3", "x,y\n0\n-1/6*x", NULL);
    expect_same("x,y\n0\n(1/2*x+1/3*y)^2", "x,y\n0\n1/4*x^2 + 1/3*x*y + 1/9*y^2", NULL);
    expect_same("x,y\n0\n(x/2 + 1)*(x/2 - 1)", "x,y\n0\n1/4*x^2 - 1", NULL);
    /* mod p: 1/2 = 4 mod 7, 1/3 = 5 mod 7 */
    expect_same("x,y\n7\n1/2*x + 1/3", "x,y\n7\n4*x + 5", NULL);
    expect_same("x,y\n7\nx/3 + y/13", "x,y\n7\n5*x + 6*y", NULL);
    expect_same("x,y\n7\n(x+1)/2", "x,y\n7\n4*x + 4", NULL);
    expect_same("x,y\n2\nx/3", "x,y\n2\nx", NULL);
    expect_same("x,y\n2147483647\n1/2147483646", "x,y\n2147483647\n-1", NULL);
}
END_TEST

/* ------------------------------------------------------------ expansion -- */

/* The coefficient of x^a*y^b in the parsed polynomial q (0 if absent). */
static void coeff_of(mpq_t c, const ppoly *q, const ring *R, uint32_t a, uint32_t b)
{
    mpq_set_ui(c, 0, 1);
    for (size_t i = 0; i < q->len; i++)
        if (q->exps[2 * i] == a && q->exps[2 * i + 1] == b) {
            if (R->F.p != 0)
                mpq_set_ui(c, q->cf[i], 1);
            else
                mpq_set(c, q->cq[i]);
        }
}

/* (s*x + t*y)^n: the coefficient of x^k y^(n-k) is C(n,k) s^k t^(n-k) (GMP's
 * binomials); mod p the same reduced, zero terms absent. */
static void check_binomial(uint32_t p, long s_num, unsigned long s_den, long t_num,
                           unsigned long n)
{
    char text[256];
    snprintf(text, sizeof text, "x,y\n%u\n(%ld/%lu*x + %ld*y)^%lu", p, s_num, s_den, t_num, n);
    parsed P;
    expect_ok(&P, text, NULL);
    mpq_t want, got, s, t, pw;
    mpz_t bin;
    mpq_inits(want, got, s, t, pw, NULL);
    mpz_init(bin);
    mpq_set_si(s, s_num, s_den);
    mpq_canonicalize(s);
    mpq_set_si(t, t_num, 1);
    size_t nonzero = 0;
    ck_assert_uint_le(P.L.n, 1);
    for (unsigned long k = 0; k <= n; k++) {
        mpz_bin_uiui(bin, n, k);
        mpq_set_z(want, bin);
        for (unsigned long i = 0; i < k; i++)
            mpq_mul(want, want, s);
        for (unsigned long i = k; i < n; i++)
            mpq_mul(want, want, t);
        if (p != 0 && mpq_sgn(want) != 0)
            mpq_set_ui(want, q_mod(want, p), 1);
        if (mpq_sgn(want) != 0)
            nonzero++;
        if (P.L.n == 1)
            coeff_of(got, &P.L.p[0], &P.R, (uint32_t)k, (uint32_t)(n - k));
        else
            mpq_set_ui(got, 0, 1);
        ck_assert_msg(mpq_equal(want, got), "%s: coefficient of x^%lu wrong", text, k);
    }
    ck_assert_uint_eq(P.L.n ? P.L.p[0].len : 0, nonzero);
    mpq_clears(want, got, s, t, pw, NULL);
    mpz_clear(bin);
    parsed_clear(&P);
}

START_TEST(test_binomials)
{
    static const unsigned long ns[] = {0, 1, 2, 3, 5, 16, 64, 200};
    static const uint32_t ps[] = {0, 2, 3, 7, 32003, 2147483647u};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
        for (size_t j = 0; j < sizeof ps / sizeof ps[0]; j++) {
            check_binomial(ps[j], 1, 1, 1, ns[i]);  /* (x + y)^n */
            check_binomial(ps[j], 1, 1, -1, ns[i]); /* (x - y)^n */
            check_binomial(ps[j], 2, 1, 3, ns[i]);  /* (2x + 3y)^n */
            if (ps[j] != 2 && ps[j] != 3)
                check_binomial(ps[j], -1, 2, 5, ns[i]); /* (-x/2 + 5y)^n */
        }
}
END_TEST

/* (x + y + z)^n: multinomial coefficients n! / (a! b! c!). */
START_TEST(test_multinomial)
{
    for (uint32_t n = 0; n <= 30; n += 3) {
        char text[64];
        snprintf(text, sizeof text, "x,y,z\n0\n(x+y+z)^%u", n);
        parsed P;
        expect_ok(&P, text, "lex");
        ck_assert_uint_eq(P.L.n, 1);
        const ppoly *q = &P.L.p[0];
        ck_assert_uint_eq(q->len, (n + 1) * (n + 2) / 2);
        mpz_t w, f;
        mpz_inits(w, f, NULL);
        for (size_t i = 0; i < q->len; i++) {
            const uint32_t *e = q->exps + 3 * i;
            ck_assert_uint_eq(e[0] + e[1] + e[2], n);
            mpz_fac_ui(w, n);
            for (int v = 0; v < 3; v++) {
                mpz_fac_ui(f, e[v]);
                mpz_divexact(w, w, f);
            }
            ck_assert(mpz_cmp(mpq_numref(q->cq[i]), w) == 0);
            ck_assert(mpz_cmp_ui(mpq_denref(q->cq[i]), 1) == 0);
            if (i > 0) /* lex: strictly decreasing (z follows from the degree) */
                ck_assert(e[-3] > e[0] || (e[-3] == e[0] && e[-2] > e[1]));
        }
        mpz_clears(w, f, NULL);
        parsed_clear(&P);
    }
}
END_TEST

START_TEST(test_products_by_hand)
{
    expect_same("x,y\n0\n(x+1)*(x-1)", "x,y\n0\nx^2-1", NULL);
    expect_same("x,y\n0\n((x+y)^2)^3", "x,y\n0\n(x+y)^6", NULL);
    expect_same("x,y\n0\n(x+y)^2*(x+y)^3", "x,y\n0\n(x+y)^5", NULL);
    expect_same("x,y\n0\n-(x+y)^2", "x,y\n0\n-x^2-2*x*y-y^2", NULL);
    expect_same("x,y\n0\n(x+y)^2/4", "x,y\n0\n1/4*x^2+1/2*x*y+1/4*y^2", NULL);
    expect_same("x,y\n0\n3*x*(x+y)*y", "x,y\n0\n3*x^2*y+3*x*y^2", NULL);
    expect_same("x,y\n0\n(x-y)*(x^2+x*y+y^2)", "x,y\n0\nx^3-y^3", NULL);
    expect_same("x,y\n0\n(x+y)^1", "x,y\n0\nx+y", NULL);
    expect_same("x,y\n0\n(x+y)^0", "x,y\n0\n1", NULL);
    expect_same("x,y\n0\n(x*y)^3", "x,y\n0\nx^3*y^3", NULL);
    expect_same("x,y\n0\n(2*x*y)^3", "x,y\n0\n8*x^3*y^3", NULL);
    expect_same("x,y\n0\n(x+y)*(x-y) - (x^2 - y^2) + 1", "x,y\n0\n1", NULL);
    expect_same("x,y\n0\n((((x))))", "x,y\n0\nx", NULL);
    expect_same("x,y\n5\n(x+y)^5", "x,y\n5\nx^5+y^5", NULL); /* Frobenius */
    /* issue 15: powers of e >= p through the Frobenius image, at once (the
     * expansion would have 65538 terms), and of few-term sums by merges */
    expect_same("x,y\n65537\n(x+y)^65537 - x - y", "x,y\n65537\nx^65537+y^65537-x-y", NULL);
    expect_same("x,y\n7\n(x+2*y)^100", "x,y\n7\n(x^49+2^49*y^49)^2*(x+2*y)^2", NULL);
    expect_same("x,y,z\n32003\n(x+y+z)^200 - ((x+y+z)^100)^2", "x,y,z\n32003\n0", NULL);
    expect_same("x,y\n2\n(x+y)^2*(x+1)", "x,y\n2\nx^3+x*y^2+x^2+y^2", NULL);
    /* products inside a sum keep the other terms */
    expect_same("x,y\n0\n1 + (x+y)^2 - x*y", "x,y\n0\nx^2+x*y+y^2+1", NULL);
    /* and coefficient with a product: 2*(x+y)*3 */
    expect_same("x,y\n0\n2*(x+y)*3", "x,y\n0\n6*x+6*y", NULL);
}
END_TEST

/* Random products and powers of random sums against the naive product. */
START_TEST(test_random_products)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    static const uint32_t chars[] = {0, 2, 32003, 2147483647u};
    for (int it = 0; it < 200 * tu_mult(); it++) {
        genctx G;
        G.r = &r;
        G.nv = 1 + (uint32_t)gbc_rng_below(&r, 3);
        G.p = chars[it % 4];
        G.names = var_names;
        sbuf b;
        sb_init(&b);
        for (uint32_t v = 0; v < G.nv; v++)
            sb_printf(&b, v ? ",%s" : "%s", var_names[v]);
        sb_printf(&b, "\n%u\n", G.p);
        /* (f1) * (f2)^e2 * ... with small factors */
        tpoly acc, one;
        tp_init(&acc);
        tp_init(&one);
        uint32_t z[MAXV] = {0};
        mpq_t c1;
        mpq_init(c1);
        mpq_set_ui(c1, 1, 1);
        tp_add(&acc, z, c1, G.nv);
        mpq_clear(c1);
        size_t nf = 1 + gbc_rng_below(&r, 3);
        for (size_t k = 0; k < nf; k++) {
            tpoly f;
            tp_init(&f);
            if (k > 0)
                sb_puts(&b, "*");
            sb_puts(&b, "(");
            /* a short sum with small exponents */
            size_t nt = 1 + gbc_rng_below(&r, 3);
            uint32_t e[MAXV];
            mpq_t c;
            mpq_init(c);
            mpz_t num, den;
            mpz_inits(num, den, NULL);
            for (size_t i = 0; i < nt; i++) {
                int neg;
                gen_coeff_mono(&G, num, den, &neg, e, 0, 4);
                sb_puts(&b, neg ? "-" : i ? "+" : "");
                sb_mpz(&b, num);
                if (mpz_cmp_ui(den, 1) != 0) {
                    sb_puts(&b, "/");
                    sb_mpz(&b, den);
                }
                for (uint32_t v = 0; v < G.nv; v++)
                    if (e[v])
                        sb_printf(&b, "*%s^%u", var_names[v], e[v]);
                mpq_set_num(c, num);
                mpq_set_den(c, den);
                mpq_canonicalize(c);
                if (neg)
                    mpq_neg(c, c);
                tp_add(&f, e, c, G.nv);
            }
            mpz_clears(num, den, NULL);
            mpq_clear(c);
            sb_puts(&b, ")");
            uint32_t pw = (uint32_t)gbc_rng_below(&r, 4);
            if (pw != 1 || gbc_rng_below(&r, 2))
                sb_printf(&b, "^%u", pw);
            /* acc *= f^pw */
            for (uint32_t i = 0; i < pw; i++) {
                tpoly t;
                tp_init(&t);
                tp_mul(&t, &acc, &f, G.nv);
                tp_clear(&acc);
                acc = t;
            }
            tp_clear(&f);
        }
        parsed P;
        parse_n(&P, b.s, b.len, NULL);
        ck_assert_msg(P.st == GBC_OK, "refused: %s\n%s", P.err.message, b.s);
        mono_order ord;
        char msg[64];
        ck_assert_int_eq(mono_order_parse(NULL, &ord, NULL, G.nv, msg, sizeof msg), GBC_OK);
        if (tp_is_zero(&acc, G.p))
            ck_assert_msg(P.L.n == 0, "expected zero from:\n%s", b.s);
        else
            ck_assert_msg(P.L.n == 1 && tp_equals(&acc, &P.L.p[0], &P.R, &ord),
                          "expansion differs:\n%s", b.s);
        mono_order_clear(NULL, &ord);
        parsed_clear(&P);
        tp_clear(&acc);
        tp_clear(&one);
        sb_free(&b);
    }
}
END_TEST

/* ------------------------------------------------------------- errors -- */

typedef struct bad_case {
    const char *text;
    size_t len; /* 0: strlen */
    gbc_status st;
    uint64_t line, col;
    const char *msg; /* a substring of the message */
} bad_case;

static const bad_case bad_cases[] = {
    /* the header */
    {"", 0, GBC_ERR_PARSE, 1, 1, "empty input"},
    {"# only a comment\n", 0, GBC_ERR_PARSE, 1, 1, "empty input"},
    {"x,,y\n0\nx", 0, GBC_ERR_PARSE, 1, 3, "expected a variable name, found ','"},
    {"x,1y\n0\nx", 0, GBC_ERR_PARSE, 1, 3, "expected a variable name, found '1'"},
    {"x,\n0\nx", 0, GBC_ERR_PARSE, 1, 3, "expected a variable name, found end of line"},
    {",x\n0\nx", 0, GBC_ERR_PARSE, 1, 1, "expected a variable name, found ','"},
    {"x y\n0\nx", 0, GBC_ERR_PARSE, 1, 3, "expected ',' or the end of the line"},
    {"x;y\n0\nx", 0, GBC_ERR_PARSE, 1, 2, "found ';'"},
    {"x,y-z\n0\nx", 0, GBC_ERR_PARSE, 1, 4, "found '-'"},
    {"x,y,x\n0\nx", 0, GBC_ERR_PARSE, 1, 5, "variable 'x' is declared twice"},
    {"a, bb, a1, bb\n0\na", 0, GBC_ERR_PARSE, 1, 12, "variable 'bb' is declared twice"},
    {"x\n4\nx", 0, GBC_ERR_PARSE, 2, 1, "characteristic 4 is not 0 or a prime below 2^31"},
    {"x\n1\nx", 0, GBC_ERR_PARSE, 2, 1, "characteristic 1 is not"},
    {"x\n65535\nx", 0, GBC_ERR_PARSE, 2, 1, "characteristic 65535 is not"},
    {"x\n2147483648\nx", 0, GBC_ERR_PARSE, 2, 1, "characteristic 2147483648 is not"},
    {"x\n4294967291\nx", 0, GBC_ERR_PARSE, 2, 1, "characteristic 4294967291 is not"},
    {"x\n  99999999999999999999999999999\nx", 0, GBC_ERR_PARSE, 2, 3, "is not 0 or a prime"},
    {"x\n\nx", 0, GBC_ERR_PARSE, 2, 1, "expected the characteristic"},
    {"x\n", 0, GBC_ERR_PARSE, 2, 1, "expected the characteristic"},
    {"x", 0, GBC_ERR_PARSE, 1, 2, "expected the characteristic"},
    {"x\n-7\nx", 0, GBC_ERR_PARSE, 2, 1, "found '-'"},
    {"x\nseven\nx", 0, GBC_ERR_PARSE, 2, 1, "found 's'"},
    {"x\n7 x\nx", 0, GBC_ERR_PARSE, 2, 3, "expected the end of line 2"},
    {"x\n7.0\nx", 0, GBC_ERR_PARSE, 2, 2, "found '.'"},
    {"x\n0x10\nx", 0, GBC_ERR_PARSE, 2, 2, "found 'x'"},
    /* missing operands */
    {"x,y\n0\nx+", 0, GBC_ERR_PARSE, 3, 3, "expected a number, a variable or '(', found end of input"},
    {"x,y\n0\nx*", 0, GBC_ERR_PARSE, 3, 3, "expected a number, a variable or '('"},
    {"x,y\n0\nx-\n,y", 0, GBC_ERR_PARSE, 4, 1, "found ','"},
    {"x,y\n0\n*x", 0, GBC_ERR_PARSE, 3, 1, "found '*'"},
    {"x,y\n0\nx+*y", 0, GBC_ERR_PARSE, 3, 3, "found '*'"},
    {"x,y\n0\nx^", 0, GBC_ERR_PARSE, 3, 3, "expected an integer exponent after '^'"},
    {"x,y\n0\nx^-1", 0, GBC_ERR_PARSE, 3, 3, "expected an integer exponent after '^', found '-'"},
    {"x,y\n0\nx^y", 0, GBC_ERR_PARSE, 3, 3, "found 'y'"},
    {"x,y\n0\nx^(2)", 0, GBC_ERR_PARSE, 3, 3, "found '('"},
    {"x,y\n0\n^2", 0, GBC_ERR_PARSE, 3, 1, "'^' must follow"},
    {"x,y\n0\nx^2^3", 0, GBC_ERR_PARSE, 3, 4, "found '^'"},
    /* implicit products and other operators */
    {"x,y\n0\n2x", 0, GBC_ERR_PARSE, 3, 2, "write '*' for products"},
    {"x,y\n0\nx y", 0, GBC_ERR_PARSE, 3, 3, "write '*' for products"},
    {"x,y\n0\n2(x+y)", 0, GBC_ERR_PARSE, 3, 2, "expected an operator before '('"},
    {"x,y\n0\n(x+y)(x-y)", 0, GBC_ERR_PARSE, 3, 6, "expected an operator before '('"},
    {"x,y\n0\nx**2", 0, GBC_ERR_PARSE, 3, 3, "'**' is not an operator"},
    /* parentheses */
    {"x,y\n0\n(x+y", 0, GBC_ERR_PARSE, 3, 5, "expected ')', found end of input"},
    {"x,y\n0\n((x)", 0, GBC_ERR_PARSE, 3, 5, "expected ')'"},
    {"x,y\n0\n(x+y,x)", 0, GBC_ERR_PARSE, 3, 5, "expected ')', found ','"},
    {"x,y\n0\nx+y)", 0, GBC_ERR_PARSE, 3, 4, "found ')'"},
    {"x,y\n0\n()", 0, GBC_ERR_PARSE, 3, 2, "found ')'"},
    {"x,y\n0\n)x", 0, GBC_ERR_PARSE, 3, 1, "found ')'"},
    {"x,y\n0\nx,\n\n  (y))", 0, GBC_ERR_PARSE, 5, 6, "found ')'"},
    /* commas */
    {"x,y\n0\nx,y,,", 0, GBC_ERR_PARSE, 3, 5, "expected a polynomial after ','"},
    {"x,y\n0\nx,y,\n# c\n,", 0, GBC_ERR_PARSE, 5, 1, "expected a polynomial after ','"},
    {"x,y\n0\n,x", 0, GBC_ERR_PARSE, 3, 1, "found ','"},
    {"x,y\n0\nx,,y", 0, GBC_ERR_PARSE, 3, 3, "found ','"},
    /* stray characters */
    {"x,y\n0\nx+y$", 0, GBC_ERR_PARSE, 3, 4, "found '$'"},
    {"x,y\n0\n\tx +\t$", 0, GBC_ERR_PARSE, 3, 6, "found '$'"}, /* a tab is one column */
    {"x,y\n0\nx+$", 0, GBC_ERR_PARSE, 3, 3, "found '$'"},
    {"x,y\n0\nx;y", 0, GBC_ERR_PARSE, 3, 2, "found ';'"},
    {"x,y\n0\n1.5*x", 0, GBC_ERR_PARSE, 3, 2, "found '.'"},
    {"x,y\n0\nx=0", 0, GBC_ERR_PARSE, 3, 2, "found '='"},
    {"x,y\n0\nx\xc3\xa9", 0, GBC_ERR_PARSE, 3, 2, "byte 0xc3"},
    {"x,y\n0\n\x7f", 0, GBC_ERR_PARSE, 3, 1, "byte 0x7f"},
    {"x,y\n0\n[x]", 0, GBC_ERR_PARSE, 3, 1, "found '['"},
    /* variables */
    {"x,y\n0\nx+w", 0, GBC_ERR_PARSE, 3, 3, "unknown variable 'w'"},
    {"x,y\n0\nxx", 0, GBC_ERR_PARSE, 3, 1, "unknown variable 'xx'"},
    {"x,y\n0\nX", 0, GBC_ERR_PARSE, 3, 1, "unknown variable 'X'"},
    {"x,y\n0\nx,\n  y*z1^2", 0, GBC_ERR_PARSE, 4, 5, "unknown variable 'z1'"},
    {"\n0\nx", 0, GBC_ERR_PARSE, 3, 1, "unknown variable 'x'"},
    /* exponents */
    {"x,y\n0\nx^4294967296", 0, GBC_ERR_PARSE, 3, 3, "exponent too large"},
    {"x,y\n0\nx^99999999999999999999999", 0, GBC_ERR_PARSE, 3, 3, "exponent too large"},
    {"x,y\n0\n(x+y)^4294967296", 0, GBC_ERR_PARSE, 3, 7, "exponent too large"},
    {"x,y\n0\n2^4294967296", 0, GBC_ERR_PARSE, 3, 3, "exponent too large"},
    {"x,y\n0\n(x+y)^4294967295", 0, GBC_ERR_PARSE, 3, 6, "power too large to expand"},
    {"x,y\n0\n2^100000000*x", 0, GBC_ERR_PARSE, 3, 2, "number too large"},
    {"x,y\n0\n(2*x)^100000000", 0, GBC_ERR_PARSE, 3, 6, "number too large"},
    /* each power fits, their product in one term does not */
    {"x,y\n0\n2^30000000*2^30000000*x", 0, GBC_ERR_PARSE, 3, 12, "a coefficient with more"},
    /* exponent overflow in a product: GBC_ERR_OVERFLOW where it happens */
    {"x,y\n0\nx^4294967295*x", 0, GBC_ERR_OVERFLOW, 3, 14, "exponent overflow"},
    {"x,y\n0\nx^4294967295*y, x", 0, GBC_ERR_OVERFLOW, 3, 1, "exponent overflow"},
    {"x,y\n0\ny + x^2147483648*y^2147483648", 0, GBC_ERR_OVERFLOW, 3, 5, "exponent overflow"},
    {"x,y\n0\n(x^2147483648)^2", 0, GBC_ERR_OVERFLOW, 3, 15, "exponent overflow"},
    {"x,y\n0\n(x^2147483648+1)^2", 0, GBC_ERR_OVERFLOW, 3, 17, "exponent overflow"},
    {"x,y\n0\n(x^4294967295+1)*(x+1)", 0, GBC_ERR_OVERFLOW, 3, 18, "exponent overflow"},
    {"x,y\n0\nx^4294967295*(x+1)", 0, GBC_ERR_OVERFLOW, 3, 1, "exponent overflow"},
    /* division */
    {"x,y\n0\nx/0", 0, GBC_ERR_PARSE, 3, 3, "division by zero"},
    {"x,y\n0\nx/000", 0, GBC_ERR_PARSE, 3, 3, "division by zero"},
    {"x,y\n7\nx/14", 0, GBC_ERR_PARSE, 3, 3, "denominator divisible by the characteristic 7"},
    {"x,y\n7\nx/0", 0, GBC_ERR_PARSE, 3, 3, "division by zero"},
    {"x,y\n2\n1/2", 0, GBC_ERR_PARSE, 3, 3, "denominator divisible by the characteristic 2"},
    {"x,y\n2147483647\nx + y/4294967294", 0, GBC_ERR_PARSE, 3, 7, "divisible by the characteristic"},
    {"x,y\n0\nx/y", 0, GBC_ERR_PARSE, 3, 3, "division is only by a nonzero integer"},
    {"x,y\n0\nx/(2)", 0, GBC_ERR_PARSE, 3, 3, "division is only by a nonzero integer"},
    {"x,y\n0\nx/", 0, GBC_ERR_PARSE, 3, 3, "expected an integer denominator after '/'"},
    {"x,y\n0\nx/-2", 0, GBC_ERR_PARSE, 3, 3, "expected an integer denominator after '/'"},
    {"x,y\n0\n1/2^3", 0, GBC_ERR_PARSE, 3, 4, "write (a/b)^e"},
    /* NUL bytes, reported where they are */
    {"x,y\n0\nx+\0y", 10, GBC_ERR_PARSE, 3, 3, "NUL byte"},
    {"x\0,y\n0\nx", 8, GBC_ERR_PARSE, 1, 2, "NUL byte"},
    {"\0", 1, GBC_ERR_PARSE, 1, 1, "NUL byte"},
    {"x,y\n0\nx\n\n\0", 10, GBC_ERR_PARSE, 5, 1, "NUL byte"},
};

static void check_bad(const bad_case *c, size_t idx)
{
    size_t len = c->len ? c->len : strlen(c->text);
    parsed P;
    parse_n(&P, c->text, len, NULL);
    ck_assert_msg(P.st == c->st, "case %zu: status %d, expected %d (%s)", idx, (int)P.st,
                  (int)c->st, P.err.message);
    ck_assert_msg(P.err.line == c->line && P.err.column == c->col,
                  "case %zu: at %llu:%llu, expected %llu:%llu (%s)", idx,
                  (unsigned long long)P.err.line, (unsigned long long)P.err.column,
                  (unsigned long long)c->line, (unsigned long long)c->col, P.err.message);
    ck_assert_msg(strstr(P.err.message, c->msg) != NULL, "case %zu: message '%s' lacks '%s'",
                  idx, P.err.message, c->msg);
    /* err may be NULL: same status, no crash */
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ring R;
    plist L;
    plist_init(&L);
    ck_assert_int_eq(io_parse_input(&ctx, &R, &L, c->text, len, NULL, NULL), c->st);
    ck_assert_uint_eq(ctx.mem_used, 0);
}

START_TEST(test_errors)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
        check_bad(&bad_cases[i], i);
}
END_TEST

/* An order spec that does not parse is an argument error, not a parse error. */
START_TEST(test_bad_order)
{
    parsed P;
    parse_s(&P, "x,y\n0\nx", "weights:1");
    ck_assert_int_eq(P.st, GBC_ERR_ARG);
    ck_assert_uint_eq(P.err.line, 0);
    ck_assert_ptr_nonnull(strstr(P.err.message, "weights:1"));
    parse_s(&P, "x,y\n0\nx", "fancy");
    ck_assert_int_eq(P.st, GBC_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(P.err.message, "unknown order 'fancy'"));
    expect_ok(&P, "x,y\n0\nx", "blocks:lex(1),grevlex(1)");
    parsed_clear(&P);
}
END_TEST

/* io_parse_polys: generators alone, in an existing ring; positions count from the
 * start of that text. */
START_TEST(test_parse_polys)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ring R;
    const char *names[] = {"x", "y"};
    char msg[128];
    ck_assert_int_eq(ring_init(&ctx, &R, 2, names, 5, "lex", msg, sizeof msg), GBC_OK);
    plist L;
    plist_init(&L);
    gbc_error err;
    ck_assert_int_eq(io_parse_polys(&ctx, &R, &L, "x^2 + 6, y/2, 0", 15, &err), GBC_OK);
    ck_assert_uint_eq(L.n, 2);
    ck_assert_uint_eq(L.p[0].len, 2);
    ck_assert_uint_eq(L.p[0].exps[0], 2);
    ck_assert_uint_eq(L.p[0].cf[1], 1);
    ck_assert_uint_eq(L.p[1].cf[0], 3);
    plist_clear(&ctx, &L, &R.F);
    ck_assert_int_eq(io_parse_polys(&ctx, &R, &L, "x,\n z", 5, &err), GBC_ERR_PARSE);
    ck_assert_uint_eq(err.line, 2);
    ck_assert_uint_eq(err.column, 2);
    ck_assert_uint_eq(L.n, 0);
    ck_assert_int_eq(io_parse_polys(&ctx, &R, &L, "", 0, &err), GBC_OK);
    ck_assert_uint_eq(L.n, 0);
    ck_assert_int_eq(io_parse_polys(&ctx, &R, &L, "x\0", 2, &err), GBC_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "NUL"));
    ring_clear(&ctx, &R);
    ck_assert_uint_eq(ctx.mem_used, 0);
}
END_TEST

/* The API parses with no context (NULL: unaccounted, never interrupted); every path
 * that polls or allocates must accept that: products, powers, long sums, zero
 * terms, errors. */
START_TEST(test_null_context)
{
    static const char *texts[] = {"x,y\n0\n(x+1)^2, (x+y)*(x-y), 0+0, (x+y)^30/7",
                                  "x,y\n7\n(x+1)^2*(y-1), 0+0+x", "x,y\n0\n(x+1)*(x+",
                                  "x,y\n0\n(x^4294967295+1)*(x+1)"};
    static const gbc_status want[] = {GBC_OK, GBC_OK, GBC_ERR_PARSE, GBC_ERR_OVERFLOW};
    for (size_t i = 0; i < 4; i++) {
        ring R;
        plist L;
        plist_init(&L);
        gbc_error err;
        gbc_status st = io_parse_input(NULL, &R, &L, texts[i], strlen(texts[i]), NULL, &err);
        ck_assert_int_eq(st, want[i]);
        if (st == GBC_OK) {
            ck_assert_uint_eq(L.n, i == 0 ? 3 : 2);
            plist_clear(NULL, &L, &R.F);
            ring_clear(NULL, &R);
        }
    }
    /* a sum of 5000 terms (the parser polls every 1024) */
    size_t len;
    char *s = repeat("x\n0\nx", "+x^2*3", 5000, "-1", &len);
    ring R;
    plist L;
    plist_init(&L);
    ck_assert_int_eq(io_parse_input(NULL, &R, &L, s, len, NULL, NULL), GBC_OK);
    ck_assert_uint_eq(L.n, 1);
    ck_assert_uint_eq(L.p[0].len, 3);
    ck_assert_int_eq(mpz_cmp_ui(mpq_numref(L.p[0].cq[0]), 15000), 0);
    plist_clear(NULL, &L, &R.F);
    ring_clear(NULL, &R);
    free(s);
}
END_TEST

/* A ring with no variables: an empty first line. Its polynomials are constants. */
START_TEST(test_no_variables)
{
    expect_print("\n0\n1, 2/3, 0, 5-5", NULL, "\n0\n1,\n2/3\n");
    expect_print("\n7\n3, 1/2", NULL, "\n7\n3,\n4\n");
    expect_print("   \n0\n", NULL, "\n0\n");
    expect_print("\n0\n(1+2)^2*(1/3)", NULL, "\n0\n3\n");
    parsed P;
    expect_ok(&P, "\n0\n5", NULL);
    ck_assert_uint_eq(P.R.nvars, 0);
    ck_assert_uint_eq(P.L.n, 1);
    ck_assert_uint_eq(P.L.p[0].len, 1);
    char *t = print_all(&P);
    parsed Q;
    expect_ok(&Q, t, NULL);
    ck_assert(check_plist_equal(&P.R, &P.L, &Q.L));
    free(t);
    parsed_clear(&Q);
    parsed_clear(&P);
}
END_TEST

/* ------------------------------------------------------------ streams -- */

/* A writer into a growing string that takes at most fail_at - 1 calls (0: all). */
typedef struct wsink {
    char *buf;
    size_t len, calls, fail_at;
} wsink;

static size_t wsink_write(void *data, const char *s, size_t n)
{
    wsink *w = data;
    if (++w->calls == w->fail_at)
        return n / 2;
    w->buf = realloc(w->buf, w->len + n + 1);
    ck_assert_ptr_nonnull(w->buf);
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    return n;
}

/* P's list streamed in random batches by io_stream_put_many on ctx (and its pool,
 * if any), into w; the status of the first failure. */
static gbc_status stream_batches(gbc_ctx *ctx, parsed *P, gbc_rng *r, wsink *w)
{
    io_stream s;
    gbc_status st = io_stream_begin(&s, ctx, &P->R, 1, wsink_write, w);
    for (size_t k = 0; k < P->L.n && st == GBC_OK;) {
        size_t n = 1 + gbc_rng_next(r) % (P->L.n - k);
        st = io_stream_put_many(&s, P->L.p + k, n);
        k += n;
    }
    if (st == GBC_OK)
        st = io_stream_end(&s);
    io_stream_clear(&s);
    return st;
}

/* io_stream_put_many gives io_write_polys's bytes, one polynomial after the other,
 * whatever the batches and the pool's size (the batches large enough to be shared
 * out among the threads), over Z/p and Q; a writer that comes up short at any call
 * gives GBC_ERR_IO; everything the threads allocated is given back. */
START_TEST(test_stream_put_many)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    static const char *const texts[] = {
        "x,y,z,w\n32003\nx-y, (x*y+z*w-7)^9, 0, (x+2*y+3*z+w+1)^26, (x+y)^30, "
        "(x-y+2*z-3*w+4)^20, (3*x-z+2*w)^15, 1, (x^2+y*z+w^3+5)^8",
        "x,y,z,w\n0\nx-y, (x*y-z*w+1/5)^8, 0, (x/3+2*y-z+w/7+1)^24, (x+y)^30, "
        "(x-y/2+2*z-3*w+4)^18, (3*x-z/2+2*w)^14, 1",
    };
    for (size_t c = 0; c < sizeof texts / sizeof texts[0]; c++) {
        parsed P;
        expect_ok(&P, texts[c], NULL);
        size_t terms = 0;
        for (size_t k = 0; k < P.L.n; k++)
            terms += P.L.p[k].len;
        ck_assert_uint_gt(terms, 4 * 4096); /* batches large enough to be shared */
        char *want = print_all(&P);
        for (int nt = 1; nt <= 3; nt++) {
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ctx.pool = nt > 1 ? gbc_pool_new(&ctx, nt) : NULL;
            ck_assert(nt == 1 || ctx.pool != NULL);
            const size_t base = ctx.mem_used;
            for (int rep = 0; rep < 4; rep++) {
                wsink w = {0};
                const gbc_rng r0 = r; /* the failing writers see the same batches */
                ck_assert_int_eq(stream_batches(&ctx, &P, &r, &w), GBC_OK);
                ck_assert_uint_eq(w.len, strlen(want));
                ck_assert(memcmp(w.buf, want, w.len) == 0);
                ck_assert_uint_eq(ctx.mem_used, base);
                for (size_t at = 1; rep == 0 && at <= w.calls; at++) {
                    wsink bad = {0};
                    bad.fail_at = at;
                    gbc_rng rb = r0;
                    ck_assert_int_eq(stream_batches(&ctx, &P, &rb, &bad), GBC_ERR_IO);
                    ck_assert_uint_eq(ctx.mem_used, base);
                    free(bad.buf);
                }
                free(w.buf);
            }
            gbc_pool_free(&ctx, ctx.pool);
            ctx.pool = NULL;
        }
        free(want);
        parsed_clear(&P);
    }
}
END_TEST

/* ------------------------------------------------- hostile input limits -- */

static char *repeat(const char *prefix, const char *unit, size_t n, const char *suffix,
                    size_t *len)
{
    size_t pl = strlen(prefix), ul = strlen(unit), sl = strlen(suffix);
    size_t total = pl + ul * n + sl;
    char *s = malloc(total + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, prefix, pl);
    for (size_t i = 0; i < n; i++)
        memcpy(s + pl + i * ul, unit, ul);
    memcpy(s + pl + ul * n, suffix, sl);
    s[total] = '\0';
    *len = total;
    return s;
}

/* A number power in a term is charged to the memory limit before GMP computes it:
 * 3^33000000 (52 million bits) under a limit of 10 MB stops with GBC_ERR_LIMIT at
 * the number, and nothing stays charged; under a limit of 64 MB it parses. */
START_TEST(test_number_power_limit)
{
    static const char text[] = "x,y\n0\n3^33000000*x - 1";
    for (int big = 0; big < 2; big++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.mem_limit = big ? (size_t)64 << 20 : (size_t)10 << 20;
        ring R;
        plist L;
        plist_init(&L);
        gbc_error err;
        gbc_status st = io_parse_input(&ctx, &R, &L, text, strlen(text), NULL, &err);
        if (!big) {
            ck_assert_int_eq(st, GBC_ERR_LIMIT);
            ck_assert_msg(strstr(err.message, "memory limit") != NULL, "%s", err.message);
            ck_assert_uint_eq(err.line, 3);
            ck_assert_uint_eq(err.column, 1);
        } else {
            ck_assert_msg(st == GBC_OK, "%s", err.message);
            ck_assert_uint_eq(L.n, 1);
            plist_clear(&ctx, &L, &R.F);
            ring_clear(&ctx, &R);
        }
        ck_assert_uint_eq(ctx.mem_used, 0);
    }
}
END_TEST

/* Parse text (one power of a sum) under a memory limit: it parses, into one
 * polynomial of nterms terms, and nothing stays charged after. */
static void expect_power_within(const char *text, size_t limit, uint32_t nterms)
{
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.mem_limit = limit;
    ring R;
    plist L;
    plist_init(&L);
    gbc_error err;
    gbc_status st = io_parse_input(&ctx, &R, &L, text, strlen(text), NULL, &err);
    ck_assert_msg(st == GBC_OK, "%s", err.message);
    ck_assert_uint_eq(L.n, 1);
    ck_assert_uint_eq(L.p[0].len, nterms);
    plist_clear(&ctx, &L, &R.F);
    ring_clear(&ctx, &R);
    ck_assert_uint_eq(ctx.mem_used, 0);
}

/* Powers of sums of few terms (the multinomial expansion) against the product of
 * as many factors (repeated multiplication), with colliding monomials, fractions
 * and several fields; and their memory: (x+y+z)^400 within 48 MB modulo p and
 * over Q (repeated multiplication kept every intermediate power's monomials:
 * 800 MB). */
START_TEST(test_power_expansion)
{
    static const struct {
        const char *head, *base;
        unsigned e;
    } cases[] = {{"x\n0\n", "1+x+x^2", 25},
                 {"x\n32003\n", "1+x+x^2", 25},
                 {"x,y\n0\n", "1/2*x-3/7*y+2", 12},
                 {"x,y,z\n2147483647\n", "x*y-2*z^3+5*x+y^2-1", 9},
                 {"a,b,c,d\n32003\n", "a+b+c+d", 14},
                 {"x,y\n0\n", "-x^2*y+3*x*y^2-7", 10},
                 {"x,y\n7\n", "x+2*y+3", 6},
                 {"x,y,z\n0\n", "x+y+z", 0},
                 {"x,y,z\n0\n", "x+y+z", 1},
                 {"x,y\n0\n", "123456789012345678901234567890*x-987654321098765432109*y+1/3", 17},
                 {"x,y,z\n0\n", "-x-y-z", 11},
                 {"x,y,z\n0\n", "x*y-y*z+z*x-x^2-5", 8}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char pw[256], prod[4096];
        snprintf(pw, sizeof pw, "%s(%s)^%u", cases[i].head, cases[i].base, cases[i].e);
        int n = snprintf(prod, sizeof prod, "%s%s", cases[i].head, cases[i].e ? "" : "1");
        for (unsigned k = 0; k < cases[i].e; k++)
            n += snprintf(prod + n, sizeof prod - (size_t)n, "%s(%s)", k ? "*" : "",
                          cases[i].base);
        expect_same(pw, prod, NULL);
    }
    /* both fields: over Q the multinomial coefficients are integers of ~630 bits */
    static const char *const bigs[] = {"x,y,z\n32003\n(x+y+z)^400", "x,y,z\n0\n(x+y+z)^400"};
    for (size_t b = 0; b < 2; b++)
        expect_power_within(bigs[b], (size_t)48 << 20, 401u * 402u / 2u);
}
END_TEST

/* The multinomial expansion over Q charges its numbers before computing them: a
 * limit below what (x+y+z)^400 holds stops it with a memory status, nothing held. */
START_TEST(test_power_expansion_limit)
{
    static const char big[] = "x,y,z\n0\n(x+y+z)^400";
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.mem_limit = (size_t)4 << 20;
    ring R;
    plist L;
    plist_init(&L);
    gbc_error err;
    gbc_status st = io_parse_input(&ctx, &R, &L, big, strlen(big), NULL, &err);
    ck_assert_int_eq(st, GBC_ERR_LIMIT);
    ck_assert_msg(strstr(err.message, "memory limit") != NULL, "%s", err.message);
    ck_assert_uint_eq(err.line, 3);
    plist_clear(&ctx, &L, &R.F);
    ck_assert_uint_eq(ctx.mem_used, 0);
}
END_TEST

START_TEST(test_deep_nesting)
{
    size_t len;
    parsed P;
    /* a million parentheses: refused at the 1001st, no stack overflow */
    char *s = repeat("x\n0\n", "(", 1000000, "x", &len);
    parse_n(&P, s, len, NULL);
    ck_assert_int_eq(P.st, GBC_ERR_PARSE);
    ck_assert_uint_eq(P.err.line, 3);
    ck_assert_uint_eq(P.err.column, 1001);
    ck_assert_ptr_nonnull(strstr(P.err.message, "nested deeper than 1000"));
    free(s);
    /* balanced, a million deep */
    char *open = repeat("x\n0\n", "(", 1000000, "x", &len);
    char *full = repeat(open, ")", 1000000, "", &len);
    parse_n(&P, full, len, NULL);
    ck_assert_int_eq(P.st, GBC_ERR_PARSE);
    ck_assert_uint_eq(P.err.column, 1001);
    free(open);
    free(full);
    /* exactly at the limit: fine */
    open = repeat("x\n0\n", "(", 1000, "x", &len);
    full = repeat(open, ")", 1000, "", &len);
    expect_ok(&P, full, NULL);
    ck_assert_uint_eq(P.L.n, 1);
    parsed_clear(&P);
    free(open);
    free(full);
    /* a million unary signs: the first belongs to the sum, the 1001st nested one
     * (column 1002) is refused */
    s = repeat("x\n0\n", "-", 1000000, "x", &len);
    parse_n(&P, s, len, NULL);
    ck_assert_int_eq(P.st, GBC_ERR_PARSE);
    ck_assert_uint_eq(P.err.line, 3);
    ck_assert_uint_eq(P.err.column, 1002);
    ck_assert_ptr_nonnull(strstr(P.err.message, "nested deeper than 1000"));
    free(s);
    /* 1001 signs are fine: -x; 1000 signs: x */
    s = repeat("x\n0\n", "-", 1001, "x", &len);
    expect_ok(&P, s, NULL);
    ck_assert_uint_eq(P.L.n, 1);
    ck_assert_int_lt(mpq_sgn(P.L.p[0].cq[0]), 0);
    parsed_clear(&P);
    free(s);
    s = repeat("x\n0\n", "-", 1000, "x", &len);
    expect_ok(&P, s, NULL);
    ck_assert_int_gt(mpq_sgn(P.L.p[0].cq[0]), 0);
    parsed_clear(&P);
    free(s);
    /* "-(-(-(...": each '-' right after '(' starts a sum and does not nest, so
     * the 1001st '(' (column 2002) is refused */
    s = repeat("x\n0\n", "-(", 500000, "x", &len);
    parse_n(&P, s, len, NULL);
    ck_assert_int_eq(P.st, GBC_ERR_PARSE);
    ck_assert_uint_eq(P.err.column, 2002);
    free(s);
    /* "(-(-(-...": likewise, the 1001st '(' is at column 2001 */
    s = repeat("x\n0\n", "(-", 500000, "x", &len);
    parse_n(&P, s, len, NULL);
    ck_assert_int_eq(P.st, GBC_ERR_PARSE);
    ck_assert_uint_eq(P.err.column, 2001);
    free(s);
    /* "x*-x*-x*...": signs inside a product do not nest */
    s = repeat("x\n0\nx", "*-x", 5000, "", &len);
    expect_ok(&P, s, NULL);
    ck_assert_uint_eq(P.L.p[0].exps[0], 5001);
    parsed_clear(&P);
    free(s);
    /* the same deep input in the second generator, on a later line */
    s = repeat("x\n0\nx,\n", "(", 1000000, "", &len);
    parse_n(&P, s, len, NULL);
    ck_assert_int_eq(P.st, GBC_ERR_PARSE);
    ck_assert_uint_eq(P.err.line, 4);
    ck_assert_uint_eq(P.err.column, 1001);
    free(s);
}
END_TEST

/* A single line of more than 10 MB: ~700k terms with distinct monomials. */
static void check_long_line(uint32_t p)
{
    sbuf b;
    sb_init(&b);
    sb_printf(&b, "x,y\n%u\n", p);
    size_t head = b.len;
    uint32_t n = 0;
    while (b.len - head < 10u * 1024 * 1024 + 1000) {
        sb_printf(&b, "%s%u*x^%u*y^%u", n ? "+" : "", n % 1000 + 1, n, n % 7);
        n++;
    }
    parsed P;
    double t0 = gbc_wall_time();
    parse_n(&P, b.s, b.len, "lex");
    double dt = gbc_wall_time() - t0;
    ck_assert_msg(P.st == GBC_OK, "refused: %s", P.err.message);
    ck_assert_uint_eq(P.L.n, 1);
    const ppoly *q = &P.L.p[0];
    ck_assert_uint_eq(q->len, n);
    uint32_t prev = UINT32_MAX;
    for (size_t i = 0; i < q->len; i++) {
        uint32_t e = q->exps[2 * i];
        T_ASSERT(q->exps[2 * i + 1] == e % 7);
        T_ASSERT(e < prev); /* lex: decreasing in the x exponent */
        prev = e;
        if (p != 0)
            T_ASSERT(q->cf[i] == (e % 1000 + 1) % p);
        else
            T_ASSERT(mpz_cmp_ui(mpq_numref(q->cq[i]), e % 1000 + 1) == 0);
    }
    parsed_clear(&P);
    /* the same line with an error at its very end: the column is exact */
    sb_puts(&b, "+$");
    parse_n(&P, b.s, b.len, "lex");
    ck_assert_int_eq(P.st, GBC_ERR_PARSE);
    ck_assert_uint_eq(P.err.line, 3);
    ck_assert_uint_eq(P.err.column, b.len - head);
    sb_free(&b);
    printf("10 MB line, p = %u: %u terms parsed in %.2f s\n", p, n, dt);
}

START_TEST(test_long_line)
{
    check_long_line(32003);
    check_long_line(0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("io");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_random_roundtrip);
    tcase_add_test(tc, test_print_by_hand);
    tcase_add_test(tc, test_whitespace_comments);
    tcase_add_test(tc, test_fractions);
    tcase_add_test(tc, test_binomials);
    tcase_add_test(tc, test_multinomial);
    tcase_add_test(tc, test_products_by_hand);
    tcase_add_test(tc, test_random_products);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_bad_order);
    tcase_add_test(tc, test_parse_polys);
    tcase_add_test(tc, test_null_context);
    tcase_add_test(tc, test_no_variables);
    tcase_add_test(tc, test_number_power_limit);
    tcase_add_test(tc, test_power_expansion);
    tcase_add_test(tc, test_power_expansion_limit);
    tcase_add_test(tc, test_deep_nesting);
    tcase_add_test(tc, test_long_line);
    suite_add_tcase(s, tc);
    /* its own case, which the TSan build runs alone (io/t-io-stream) */
    TCase *ts = tcase_create("stream");
    tcase_set_timeout(ts, 600);
    tcase_add_test(ts, test_stream_put_many);
    suite_add_tcase(s, ts);
    return tu_run(s);
}
