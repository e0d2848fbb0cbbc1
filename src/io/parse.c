/* io/parse: recursive-descent parser for the contract's text format.
 *
 *   sum    := ['+'|'-'] term { ('+'|'-') term }
 *   term   := factor { '*' factor | '/' number }
 *   factor := ('+'|'-') factor | primary [ '^' integer ]
 *   primary:= number | variable | '(' sum ')'
 *
 * Terms made only of numbers and variables (the common case) are accumulated
 * directly as (coefficient, exponent vector); only parenthesised factors go through
 * polynomial arithmetic. Over Q a parsed value is P/den with P an integer
 * polynomial, so that no rational arithmetic is needed per term. Line and column
 * of an error are computed from the byte offset only when an error occurs. */
#include <ctype.h>
#include <stdio.h>

#include "io/io.h"

typedef struct pval {
    poly p;
    mpz_t den; /* Q: positive denominator; Z/p: unused (1) */
} pval;

typedef struct parser {
    gbc_ctx *ctx;
    const char *s;
    size_t len, pos;
    const ring *R;
    const field *F;
    mht_params par;
    mht t;
    gbc_error *err;
    int depth;
    uint32_t nvars;
    int keep_zero; /* IO_PARSE_KEEP_ZERO: zero polynomials stay in the list */
} parser;

/* Raw term list: unsorted terms of a sum being built. */
typedef struct rawsum {
    uint32_t *mon;
    uint32_t *cf;  /* Z/p */
    mpq_t *cq;     /* Q */
    size_t n, cap, qinit;
} rawsum;

/* ------------------------------------------------------------ errors -- */

static void err_at(parser *P, size_t pos, const char *fmt, ...) GBC_PRINTF(3, 4);
static void err_at(parser *P, size_t pos, const char *fmt, ...)
{
    if (P->err == NULL)
        return;
    uint64_t line = 1, col = 1;
    for (size_t i = 0; i < pos && i < P->len; i++) {
        if (P->s[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    P->err->line = line;
    P->err->column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(P->err->message, sizeof P->err->message, fmt, ap);
    va_end(ap);
}

/* Describe the character at pos for messages. */
static const char *describe(parser *P, size_t pos, char *buf, size_t n)
{
    if (pos >= P->len)
        return "end of input";
    unsigned char c = (unsigned char)P->s[pos];
    if (c == '\n')
        return "end of line";
    if (c == 0)
        return "a NUL byte";
    if (isprint(c))
        snprintf(buf, n, "'%c'", c);
    else
        snprintf(buf, n, "byte 0x%02x", c);
    return buf;
}

static gbc_status fail_expected(parser *P, const char *what)
{
    char b[16];
    err_at(P, P->pos, "expected %s, found %s", what, describe(P, P->pos, b, sizeof b));
    return GBC_ERR_PARSE;
}

/* Report a non-parse failure (overflow, memory) at a position. */
static gbc_status fail_status(parser *P, size_t pos, gbc_status st)
{
    switch (st) {
    case GBC_ERR_OVERFLOW:
        err_at(P, pos, "exponent overflow: a degree does not fit in 32 bits");
        break;
    case GBC_ERR_NOMEM:
        err_at(P, pos, "out of memory");
        break;
    case GBC_ERR_LIMIT:
        /* without a memory limit only a term count can be the limit */
        if (P->ctx != NULL && P->ctx->mem_limit == 0)
            err_at(P, pos, "the expansion has more than %u terms", UINT32_MAX);
        else
            err_at(P, pos, "memory limit reached");
        break;
    case GBC_ERR_INTERRUPTED:
        err_at(P, pos, "interrupted");
        break;
    default:
        break;
    }
    return st;
}

/* ----------------------------------------------------------- lexing -- */

static void skip_ws(parser *P)
{
    while (P->pos < P->len) {
        char c = P->s[P->pos];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            P->pos++;
        } else if (c == '#') {
            while (P->pos < P->len && P->s[P->pos] != '\n')
                P->pos++;
        } else {
            break;
        }
    }
}

static int peek(parser *P)
{
    skip_ws(P);
    return P->pos < P->len ? (unsigned char)P->s[P->pos] : -1;
}

static int is_ident_start(int c)
{
    return isalpha(c) || c == '_';
}

static int is_ident_char(int c)
{
    return isalnum(c) || c == '_';
}

/* ------------------------------------------------------------ values -- */

static void pval_init(pval *v)
{
    poly_init(&v->p);
    mpz_init_set_ui(v->den, 1);
}

static void pval_clear(parser *P, pval *v)
{
    poly_clear(P->ctx, &v->p, P->F);
    mpz_clear(v->den);
}

static void rawsum_init(rawsum *r)
{
    memset(r, 0, sizeof *r);
}

static void rawsum_clear(parser *P, rawsum *r)
{
    for (size_t i = 0; i < r->qinit; i++)
        mpq_clear(r->cq[i]);
    gbc_free(P->ctx, r->mon);
    gbc_free(P->ctx, r->cf);
    gbc_free(P->ctx, r->cq);
    rawsum_init(r);
}

static gbc_status rawsum_reserve(parser *P, rawsum *r, size_t more)
{
    size_t need = r->n + more;
    if (need <= r->cap)
        return GBC_OK;
    size_t ncap = r->cap ? r->cap : 16;
    while (ncap < need)
        ncap *= 2;
    GBC_TRY(GBC_RESIZE(P->ctx, r->mon, ncap));
    if (P->F->p != 0) {
        GBC_TRY(GBC_RESIZE(P->ctx, r->cf, ncap));
    } else {
        GBC_TRY(GBC_RESIZE(P->ctx, r->cq, ncap));
        for (size_t i = r->qinit; i < ncap; i++)
            mpq_init(r->cq[i]);
        r->qinit = ncap;
    }
    r->cap = ncap;
    return GBC_OK;
}

/* Turn a raw term list into a canonical value (sorted, combined, P/den). */
static gbc_status rawsum_finish(parser *P, rawsum *r, pval *out)
{
    const field *F = P->F;
    poly f;
    if (r->n > UINT32_MAX)
        return GBC_ERR_LIMIT;
    GBC_TRY(poly_alloc(P->ctx, &f, (uint32_t)r->n, F));
    if (r->n == 0) {
        /* only zero terms (r->mon may be NULL): the zero polynomial */
    } else if (F->p != 0) {
        memcpy(f.mon, r->mon, sizeof(uint32_t) * r->n);
        memcpy(f.cf, r->cf, sizeof(uint32_t) * r->n);
    } else {
        memcpy(f.mon, r->mon, sizeof(uint32_t) * r->n);
        for (size_t i = 0; i < r->n; i++)
            mpz_lcm(out->den, out->den, mpq_denref(r->cq[i]));
        for (size_t i = 0; i < r->n; i++) {
            mpz_divexact(f.cz[i], out->den, mpq_denref(r->cq[i]));
            mpz_mul(f.cz[i], f.cz[i], mpq_numref(r->cq[i]));
        }
    }
    /* zero coefficients (a residue 0 mod p) are dropped here too */
    gbc_status st = F->p != 0 ? GBC_OK : poly_settle(P->ctx, &f);
    if (st == GBC_OK)
        st = poly_canonicalize(P->ctx, &f, &P->t, F);
    if (st != GBC_OK) {
        poly_clear(P->ctx, &f, F);
        return st;
    }
    if (F->p == 0 && f.len > 0 && mpz_cmp_ui(out->den, 1) != 0) {
        /* keep P/den in lowest terms */
        mpz_t g;
        mpz_init_set(g, out->den);
        for (uint32_t i = 0; i < f.len && mpz_cmp_ui(g, 1) != 0; i++)
            mpz_gcd(g, g, f.cz[i]);
        if (mpz_cmp_ui(g, 1) != 0) {
            for (uint32_t i = 0; i < f.len; i++)
                mpz_divexact(f.cz[i], f.cz[i], g);
            mpz_divexact(out->den, out->den, g);
        }
        mpz_clear(g);
    }
    out->p = f;
    return GBC_OK;
}

/* Append the value v to the raw list, scaled by the term coefficient c (Z/p cf, or
 * cq over Q) and multiplied by the monomial m (UINT32_MAX: 1). */
static gbc_status rawsum_add_pval(parser *P, rawsum *r, const pval *v, uint32_t cf,
                                  const mpq_t cq, uint32_t m)
{
    GBC_TRY(rawsum_reserve(P, r, v->p.len));
    for (uint32_t i = 0; i < v->p.len; i++) {
        uint32_t x = v->p.mon[i];
        if (m != UINT32_MAX)
            GBC_TRY(mht_insert_mul(P->ctx, &P->t, &P->t, x, &P->t, m, &x));
        r->mon[r->n] = x;
        if (P->F->p != 0) {
            r->cf[r->n] = zp_mul(P->F, cf, v->p.cf[i]);
        } else {
            mpq_set_z(r->cq[r->n], v->p.cz[i]);
            mpz_mul(mpq_denref(r->cq[r->n]), mpq_denref(r->cq[r->n]), v->den);
            mpq_canonicalize(r->cq[r->n]);
            mpq_mul(r->cq[r->n], r->cq[r->n], cq);
        }
        r->n++;
    }
    return GBC_OK;
}

/* Products with a factor of at most this many terms are formed by merging shifted
 * copies of the other factor (each a sorted list) instead of listing every term
 * product and sorting them: memory stays that of the result. */
#define IO_MERGE_TERMS 16

/* r = a * b for b with few terms: the sum over the terms c m of b of c * (m a),
 * each added by a merge. */
static gbc_status poly_mul_merge(parser *P, poly *r, const poly *a, const poly *b)
{
    poly s, h, u;
    poly_init(&s);
    poly_init(&h);
    poly_init(&u);
    gbc_status st = GBC_OK;
    for (uint32_t i = 0; i < b->len && st == GBC_OK; i++) {
        GBC_CHECK(st, gbc_ctx_poll(P->ctx), out);
        GBC_CHECK(st, poly_mul_mono(P->ctx, &h, a, b->mon[i], &P->t, P->F), out);
        st = poly_add_scaled(P->ctx, &u, &s, &h, P->F->p != 0 ? b->cf[i] : 0,
                             P->F->p != 0 ? NULL : b->cz[i], &P->t, P->F);
        poly_clear(P->ctx, &h, P->F);
        if (st != GBC_OK)
            goto out;
        poly_clear(P->ctx, &s, P->F);
        s = u;
        poly_init(&u);
    }
    *r = s;
    poly_init(&s);
out:
    poly_clear(P->ctx, &s, P->F);
    poly_clear(P->ctx, &h, P->F);
    poly_clear(P->ctx, &u, P->F);
    return st;
}

/* out = a * b (out may not alias a or b; its old polynomial is released). */
static gbc_status pval_mul(parser *P, pval *out, const pval *a, const pval *b)
{
    poly r;
    if (b->p.len <= IO_MERGE_TERMS && b->p.len <= a->p.len)
        GBC_TRY(poly_mul_merge(P, &r, &a->p, &b->p));
    else if (a->p.len <= IO_MERGE_TERMS)
        GBC_TRY(poly_mul_merge(P, &r, &b->p, &a->p));
    else
        GBC_TRY(poly_mul(P->ctx, &r, &a->p, &b->p, &P->t, P->F));
    poly_clear(P->ctx, &out->p, P->F);
    out->p = r;
    mpz_mul(out->den, a->den, b->den);
    return GBC_OK;
}

static void pval_swap(pval *a, pval *b)
{
    pval t = *a;
    *a = *b;
    *b = t;
}

/* ----------------------------------------------------------- numbers -- */

/* A numeric literal: digits, for Z/p reduced on the fly, for Q exact. */
static gbc_status parse_number(parser *P, uint32_t *zp, mpz_t z)
{
    size_t start = P->pos;
    while (P->pos < P->len && isdigit((unsigned char)P->s[P->pos]))
        P->pos++;
    size_t n = P->pos - start;
    if (P->pos + 1 < P->len && P->s[P->pos] == '.' && isdigit((unsigned char)P->s[P->pos + 1])) {
        err_at(P, P->pos, "found '.' in the number '%.*s.%c': decimal numbers are not "
               "accepted, write a fraction (0.5 is 1/2, 1.25 is 5/4)",
               (int)(n < 20 ? n : 20), P->s + start, P->s[P->pos + 1]);
        return GBC_ERR_PARSE;
    }
    if (P->F->p != 0) {
        uint64_t v = 0;
        for (size_t i = start; i < P->pos; i++)
            v = (v * 10 + (uint64_t)(P->s[i] - '0')) % P->F->p;
        *zp = (uint32_t)v;
        return GBC_OK;
    }
    /* n digits take about n log2(10) / 8 bytes, twice during the conversion */
    if (!gbc_ctx_room(P->ctx, n + n / 4 + 64))
        return fail_status(P, start, gbc_ctx_room_status(P->ctx));
    char *buf = gbc_malloc(P->ctx, n + 1);
    if (buf == NULL)
        return fail_status(P, start, gbc_ctx_alloc_status(P->ctx));
    memcpy(buf, P->s + start, n);
    buf[n] = '\0';
    mpz_set_str(z, buf, 10);
    gbc_free(P->ctx, buf);
    return GBC_OK;
}

/* An exponent: a decimal integer below 2^32. */
static gbc_status parse_exponent(parser *P, uint32_t *e)
{
    if (peek(P) < 0 || !isdigit(peek(P)))
        return fail_expected(P, "an integer exponent after '^'");
    size_t start = P->pos;
    uint64_t v = 0;
    while (P->pos < P->len && isdigit((unsigned char)P->s[P->pos])) {
        v = v * 10 + (uint64_t)(P->s[P->pos] - '0');
        if (v > UINT32_MAX) {
            err_at(P, start, "exponent too large (at most 4294967295)");
            return GBC_ERR_PARSE;
        }
        P->pos++;
    }
    *e = (uint32_t)v;
    return GBC_OK;
}

/* ------------------------------------------------------------- terms -- */

/* A term being multiplied together: coefficient, monomial, and an optional
 * polynomial factor (from parentheses). */
typedef struct term {
    uint32_t cf;
    mpq_t cq;
    uint32_t *exps;
    int has_poly;
    pval poly;
} term;

static gbc_status parse_sum(parser *P, pval *out);

static gbc_status pval_pow(parser *P, pval *v, uint32_t e, size_t pos);

/* v^e modulo p for e >= p: with e = q p + r, v^e = F(v)^q v^r where F(v), the
 * Frobenius image, has each term c m replaced by c m^p (c^p = c in Z/p, and the
 * p-th power of a sum is the sum of the p-th powers): (x+y)^65537 modulo 65537 is
 * x^65537 + y^65537 at once, where the expansion has 65538 terms. */
static gbc_status pval_pow_frobenius(parser *P, pval *v, uint32_t e, size_t pos)
{
    const uint32_t p = P->F->p;
    uint32_t q = e / p, r = e % p;
    pval fr, rest;
    pval_init(&fr);
    pval_init(&rest);
    gbc_status st = poly_alloc(P->ctx, &fr.p, v->p.len, P->F);
    uint32_t *z = st == GBC_OK ? gbc_malloc(P->ctx, sizeof(uint32_t) * (P->nvars ? P->nvars : 1))
                               : NULL;
    if (st == GBC_OK && z == NULL)
        st = gbc_ctx_alloc_status(P->ctx);
    for (uint32_t i = 0; i < v->p.len && st == GBC_OK; i++) {
        const uint32_t *ex = mht_exps(&P->t, v->p.mon[i]);
        if ((uint64_t)P->t.row[v->p.mon[i]].deg * p > UINT32_MAX) {
            st = fail_status(P, pos, GBC_ERR_OVERFLOW);
            break;
        }
        for (uint32_t j = 0; j < P->nvars; j++)
            z[j] = ex[j] * p;
        st = mht_insert(P->ctx, &P->t, z, &fr.p.mon[i]);
        fr.p.cf[i] = v->p.cf[i];
    }
    gbc_free(P->ctx, z);
    /* the images of distinct monomials are distinct, in the same order */
    if (st == GBC_OK && q > 1)
        st = pval_pow(P, &fr, q, pos);
    if (st == GBC_OK && r > 0) {
        st = poly_copy(P->ctx, &rest.p, &v->p, P->F);
        if (st == GBC_OK)
            st = pval_pow(P, &rest, r, pos);
        pval out;
        pval_init(&out);
        if (st == GBC_OK)
            st = pval_mul(P, &out, &fr, &rest);
        if (st == GBC_OK)
            pval_swap(&fr, &out);
        pval_clear(P, &out);
    }
    pval_clear(P, &rest);
    if (st != GBC_OK) {
        pval_clear(P, &fr);
        return st;
    }
    pval_swap(v, &fr);
    pval_clear(P, &fr);
    return GBC_OK;
}

/* Terms of the multinomial expansion at most: beyond, repeated multiplication. */
#define IO_MULTINOMIAL_TERMS (1u << 22)

/* The number of terms of the multinomial expansion of an m-term sum to the power e,
 * C(e+m-1, m-1), or UINT64_MAX beyond IO_MULTINOMIAL_TERMS. */
static uint64_t multinomial_count(uint32_t m, uint32_t e)
{
    uint64_t c = 1;
    for (uint32_t i = 1; i < m; i++) {
        c = c * ((uint64_t)e + i) / i; /* C(e+i, i), exact at every step */
        if (c > IO_MULTINOMIAL_TERMS)
            return UINT64_MAX;
    }
    return c;
}

/* The state of one multinomial expansion: level i chooses the power k_i of the
 * base's term i; lev_exps[i] and the coefficient cz/cf of level i hold the product
 * of the choices above it. */
typedef struct mexp {
    parser *P;
    const poly *base;
    uint32_t m, n;
    uint32_t *lev_exps; /* (m+1) x n */
    uint32_t *bexps;    /* m x n: the base's monomials (the table moves as it grows) */
    uint32_t *cf;       /* Z/p: per level */
    mpz_t *cz;          /* Q: per level */
    uint32_t *fact, *ifact; /* Z/p: k! and 1/k! for k <= e (e < p) */
    poly *out;
    uint32_t nout;
    uint64_t leaves;
} mexp;

/* The compositions of rem into the powers of terms i..m-1 below level i. */
static gbc_status mexp_rec(mexp *X, uint32_t i, uint32_t rem)
{
    parser *P = X->P;
    const uint32_t n = X->n;
    uint32_t *cur = X->lev_exps + (size_t)i * n, *nxt = cur + n;
    const uint32_t *mi = X->bexps + (size_t)i * n;
    if (i + 1 == X->m) {
        /* the last term takes what is left: k = rem */
        for (uint32_t v = 0; v < n; v++)
            nxt[v] = cur[v] + rem * mi[v];
        uint32_t idx;
        GBC_TRY(mht_insert(P->ctx, &P->t, nxt, &idx));
        X->out->mon[X->nout] = idx;
        if (P->F->p != 0) {
            X->out->cf[X->nout] =
                zp_mul(P->F, X->cf[i], zp_mul(P->F, zp_pow(P->F, X->base->cf[i], rem),
                                              X->ifact[rem]));
        } else {
            mpz_pow_ui(X->out->cz[X->nout], X->base->cz[i], rem);
            mpz_mul(X->out->cz[X->nout], X->out->cz[X->nout], X->cz[i]);
        }
        X->nout++;
        if ((++X->leaves & 4095) == 0)
            GBC_TRY(gbc_ctx_poll(P->ctx));
        return GBC_OK;
    }
    /* k = 0, 1, ..., rem: nxt = cur + k * m_i, the coefficient times c_i^k and, for
     * the multinomial coefficient, C(rem, k) over Z (1/k! modulo p) */
    memcpy(nxt, cur, sizeof(uint32_t) * n);
    if (P->F->p != 0) {
        uint32_t pw = 1;
        for (uint32_t k = 0; k <= rem; k++) {
            X->cf[i + 1] = zp_mul(P->F, X->cf[i], zp_mul(P->F, pw, X->ifact[k]));
            GBC_TRY(mexp_rec(X, i + 1, rem - k));
            pw = zp_mul(P->F, pw, X->base->cf[i]);
            for (uint32_t v = 0; v < n; v++)
                nxt[v] += mi[v];
        }
    } else {
        mpz_t pw, bin;
        mpz_init_set_ui(pw, 1);
        mpz_init_set_ui(bin, 1);
        gbc_status st = GBC_OK;
        for (uint32_t k = 0; k <= rem && st == GBC_OK; k++) {
            mpz_mul(X->cz[i + 1], X->cz[i], pw);
            mpz_mul(X->cz[i + 1], X->cz[i + 1], bin);
            st = mexp_rec(X, i + 1, rem - k);
            mpz_mul(pw, pw, X->base->cz[i]);
            mpz_mul_ui(bin, bin, rem - k); /* C(rem, k+1) = C(rem, k) (rem-k) / (k+1) */
            mpz_divexact_ui(bin, bin, k + 1);
            for (uint32_t v = 0; v < n; v++)
                nxt[v] += mi[v];
        }
        mpz_clear(pw);
        mpz_clear(bin);
        return st;
    }
    return GBC_OK;
}

/* v^e for a sum v of m <= IO_MERGE_TERMS terms whose expansion has count <=
 * IO_MULTINOMIAL_TERMS terms, by the multinomial theorem (called modulo p only
 * for now; its Q branches wait for an exact charge of GMP's working memory): only the result's
 * monomials enter the parser's table (repeated multiplication would add those of
 * every intermediate power: (x+y+z)^400 then held 800 MB). Over Z/p e < p, so
 * the factorials are invertible. *done = 0 (and v untouched) when the estimated
 * size of the coefficients over Q does not fit the memory limit; the caller then
 * multiplies. */
static gbc_status pval_pow_multinomial(parser *P, pval *v, uint32_t e, uint64_t count,
                                       size_t pos, int *done)
{
    const field *F = P->F;
    const uint32_t m = v->p.len, n = P->nvars;
    *done = 0;
    /* degrees: every term's at most e times the largest */
    uint64_t maxdeg = 0;
    size_t maxbits = 0;
    for (uint32_t i = 0; i < m; i++) {
        const uint32_t *ex = mht_exps(&P->t, v->p.mon[i]);
        uint64_t d = 0;
        for (uint32_t j = 0; j < n; j++)
            d += ex[j];
        if (d > maxdeg)
            maxdeg = d;
        if (F->p == 0 && mpz_sizeinbase(v->p.cz[i], 2) > maxbits)
            maxbits = mpz_sizeinbase(v->p.cz[i], 2);
    }
    if (maxdeg * e > UINT32_MAX)
        return fail_status(P, pos, GBC_ERR_OVERFLOW);
    if (F->p == 0) {
        /* each coefficient has at most e (log2 m + bits) + 64 bits */
        uint64_t bits = (uint64_t)e * (maxbits + 5) + 64;
        if (bits > (1ull << 26)) {
            err_at(P, pos, "number too large: a power with more than 2^26 bits");
            return GBC_ERR_PARSE;
        }
    }
    mexp X;
    memset(&X, 0, sizeof X);
    X.P = P;
    X.base = &v->p;
    X.m = m;
    X.n = n;
    poly out;
    poly_init(&out);
    X.out = &out;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ZALLOC(P->ctx, X.lev_exps, (size_t)(m + 1) * (n ? n : 1)), done);
    GBC_CHECK(st, GBC_ALLOC(P->ctx, X.bexps, (size_t)m * (n ? n : 1)), done);
    for (uint32_t i = 0; i < m; i++)
        memcpy(X.bexps + (size_t)i * n, mht_exps(&P->t, v->p.mon[i]), sizeof(uint32_t) * n);
    if (F->p != 0) {
        GBC_CHECK(st, GBC_ALLOC(P->ctx, X.cf, m + 1), done);
        GBC_CHECK(st, GBC_ALLOC(P->ctx, X.fact, (size_t)e + 1), done);
        GBC_CHECK(st, GBC_ALLOC(P->ctx, X.ifact, (size_t)e + 1), done);
        X.fact[0] = 1;
        for (uint32_t k = 1; k <= e; k++)
            X.fact[k] = zp_mul(F, X.fact[k - 1], k % F->p);
        X.ifact[e] = zp_inv(F, X.fact[e]);
        for (uint32_t k = e; k > 0; k--)
            X.ifact[k - 1] = zp_mul(F, X.ifact[k], k % F->p);
        X.cf[0] = X.fact[e]; /* e! / (k_1! ... k_m!) */
    } else {
        GBC_CHECK(st, GBC_ALLOC(P->ctx, X.cz, m + 1), done);
        for (uint32_t i = 0; i <= m; i++)
            mpz_init(X.cz[i]);
        mpz_set_ui(X.cz[0], 1);
    }
    GBC_CHECK(st, poly_alloc(P->ctx, &out, (uint32_t)count, F), done);
    if (F->p == 0) {
        /* the coefficients' limbs charged before GMP computes them (each has at
         * most e (log2 m + bits) + 64 bits; poly_settle replaces the estimate by
         * the actual size); when that does not fit, the caller multiplies */
        size_t est = (size_t)(count * (((uint64_t)e * (maxbits + 5) + 64) / 8 + 16));
        if (poly_charge(P->ctx, &out, est) != GBC_OK)
            goto done;
    }
    st = mexp_rec(&X, 0, e);
    if (st == GBC_OK && X.nout != count)
        st = GBC_ERR_INTERNAL;
    if (st == GBC_OK && F->p == 0)
        st = poly_settle(P->ctx, &out);
    if (st == GBC_OK)
        st = poly_canonicalize(P->ctx, &out, &P->t, F);
    if (st == GBC_OK) {
        mpz_pow_ui(v->den, v->den, e);
        poly_clear(P->ctx, &v->p, F);
        v->p = out;
        poly_init(&out);
        *done = 1;
    }
done:
    poly_clear(P->ctx, &out, F);
    if (X.cz != NULL)
        for (uint32_t i = 0; i <= m; i++)
            mpz_clear(X.cz[i]);
    gbc_free(P->ctx, X.cz);
    gbc_free(P->ctx, X.cf);
    gbc_free(P->ctx, X.fact);
    gbc_free(P->ctx, X.ifact);
    gbc_free(P->ctx, X.lev_exps);
    gbc_free(P->ctx, X.bexps);
    return st == GBC_OK || st == GBC_ERR_PARSE ? st : fail_status(P, pos, st);
}

/* Raise v (a canonical value) to the power e. */
static gbc_status pval_pow(parser *P, pval *v, uint32_t e, size_t pos)
{
    if (e == 1)
        return GBC_OK;
    if (e == 0 || v->p.len == 0) {
        int zero = v->p.len == 0 && e != 0;
        pval_clear(P, v);
        pval_init(v);
        if (zero)
            return GBC_OK;
        /* x^0 = 1, and 0^0 = 1 by convention */
        uint32_t one;
        GBC_TRY(poly_alloc(P->ctx, &v->p, 1, P->F));
        uint32_t *z = gbc_calloc(P->ctx, P->nvars ? P->nvars : 1, sizeof(uint32_t));
        if (z == NULL)
            return gbc_ctx_alloc_status(P->ctx);
        gbc_status st = mht_insert(P->ctx, &P->t, z, &one);
        gbc_free(P->ctx, z);
        GBC_TRY(st);
        v->p.mon[0] = one;
        if (P->F->p != 0)
            v->p.cf[0] = 1;
        else
            mpz_set_ui(v->p.cz[0], 1);
        return GBC_OK;
    }
    if (v->p.len == 1) {
        /* a single term: raise exponents and coefficient directly */
        const uint32_t *ex = mht_exps(&P->t, v->p.mon[0]);
        uint64_t deg = (uint64_t)P->t.row[v->p.mon[0]].deg * e;
        if (deg > UINT32_MAX)
            return fail_status(P, pos, GBC_ERR_OVERFLOW);
        uint32_t *z = gbc_malloc(P->ctx, sizeof(uint32_t) * (P->nvars ? P->nvars : 1));
        if (z == NULL)
            return gbc_ctx_alloc_status(P->ctx);
        for (uint32_t i = 0; i < P->nvars; i++)
            z[i] = ex[i] * e;
        gbc_status st = mht_insert(P->ctx, &P->t, z, &v->p.mon[0]);
        gbc_free(P->ctx, z);
        GBC_TRY(st);
        if (P->F->p != 0) {
            v->p.cf[0] = zp_pow(P->F, v->p.cf[0], e);
        } else {
            size_t bits = mpz_sizeinbase(v->p.cz[0], 2) + mpz_sizeinbase(v->den, 2);
            if ((uint64_t)bits * e > (1ull << 26)) {
                err_at(P, pos, "number too large: a power with more than 2^26 bits");
                return GBC_ERR_PARSE;
            }
            /* the power's limbs, twice (GMP's squarings need a copy), charged first */
            size_t bytes = (size_t)(((uint64_t)bits * e / 8 + 16) * 2);
            gbc_status cst = poly_charge(P->ctx, &v->p, bytes);
            if (cst != GBC_OK)
                return fail_status(P, pos, cst);
            mpz_pow_ui(v->p.cz[0], v->p.cz[0], e);
            mpz_pow_ui(v->den, v->den, e);
            cst = poly_settle(P->ctx, &v->p);
            if (cst != GBC_OK)
                return fail_status(P, pos, cst);
        }
        return GBC_OK;
    }
    /* A sum: the expansion has at least e+1 terms; refuse absurd sizes early. */
    if (e > IO_MAX_POWER_TERMS) {
        err_at(P, pos, "power too large to expand (%u)", e);
        return GBC_ERR_PARSE;
    }
    if (P->F->p != 0 && e >= P->F->p)
        return pval_pow_frobenius(P, v, e, pos);
    /* over Q not yet: GMP's working memory in the expansion is not charged closely
     * enough (the allocation-cap test of api/t-malloc); repeated multiplication is */
    if (P->F->p != 0 && v->p.len <= IO_MERGE_TERMS) {
        uint64_t count = multinomial_count(v->p.len, e);
        int done = 0;
        if (count != UINT64_MAX)
            GBC_TRY(pval_pow_multinomial(P, v, e, count, pos, &done));
        if (done)
            return GBC_OK;
    }
    pval acc, base;
    pval_init(&acc);
    pval_init(&base);
    gbc_status st = poly_copy(P->ctx, &base.p, &v->p, P->F);
    if (st == GBC_OK) {
        mpz_set(base.den, v->den);
        st = pval_pow(P, &acc, 0, pos);
    }
    /* a sum of few terms: multiplied in one factor at a time, each product a few
     * merges (the work is that of the powers' sizes, e.g. (x+y+z)^200); else
     * binary powering, most significant bit first */
    int few = base.p.len <= IO_MERGE_TERMS;
    for (uint32_t k = 0; few && k < e && st == GBC_OK; k++) {
        pval tmp;
        pval_init(&tmp);
        st = pval_mul(P, &tmp, &acc, &base);
        if (st == GBC_OK)
            pval_swap(&acc, &tmp);
        pval_clear(P, &tmp);
        if (st == GBC_OK && acc.p.len > IO_MAX_POWER_TERMS) {
            err_at(P, pos, "power expands to more than %u terms", IO_MAX_POWER_TERMS);
            st = GBC_ERR_PARSE;
        }
    }
    int top = 31;
    while (top > 0 && !((e >> top) & 1))
        top--;
    for (int b = few ? -1 : top; b >= 0 && st == GBC_OK; b--) {
        pval tmp;
        pval_init(&tmp);
        st = pval_mul(P, &tmp, &acc, &acc);
        if (st == GBC_OK)
            pval_swap(&acc, &tmp);
        if (st == GBC_OK && ((e >> b) & 1)) {
            st = pval_mul(P, &tmp, &acc, &base);
            if (st == GBC_OK)
                pval_swap(&acc, &tmp);
        }
        pval_clear(P, &tmp);
        if (st == GBC_OK && acc.p.len > IO_MAX_POWER_TERMS) {
            err_at(P, pos, "power expands to more than %u terms", IO_MAX_POWER_TERMS);
            st = GBC_ERR_PARSE;
        }
    }
    pval_clear(P, &base);
    if (st != GBC_OK) {
        pval_clear(P, &acc);
        return st == GBC_ERR_PARSE ? st : fail_status(P, pos, st);
    }
    pval_clear(P, v);
    *v = acc;
    return GBC_OK;
}

/* Multiply the term by the value v (consumed). */
static gbc_status term_mul_pval(parser *P, term *T, pval *v)
{
    if (!T->has_poly) {
        /* T->poly is initialised but empty; v takes it back and the caller clears it */
        pval_swap(&T->poly, v);
        T->has_poly = 1;
        return GBC_OK;
    }
    pval r;
    pval_init(&r);
    gbc_status st = pval_mul(P, &r, &T->poly, v);
    if (st == GBC_OK)
        pval_swap(&T->poly, &r);
    pval_clear(P, &r);
    return st;
}

/* factor := ('+'|'-') factor | primary ['^' integer]; multiplies into T. */
static gbc_status parse_factor(parser *P, term *T)
{
    int c = peek(P);
    if (c == '-' || c == '+') {
        if (++P->depth > IO_MAX_DEPTH) {
            err_at(P, P->pos, "signs or parentheses nested deeper than %d", IO_MAX_DEPTH);
            return GBC_ERR_PARSE;
        }
        P->pos++;
        if (c == '-') {
            if (P->F->p != 0)
                T->cf = zp_neg(P->F, T->cf);
            else
                mpq_neg(T->cq, T->cq);
        }
        gbc_status st = parse_factor(P, T);
        P->depth--;
        return st;
    }
    size_t start = P->pos;
    if (c >= 0 && isdigit(c)) {
        uint32_t zp = 0;
        mpz_t z;
        mpz_init(z);
        gbc_status st = parse_number(P, &zp, z);
        uint32_t e = 1;
        if (st == GBC_OK && peek(P) == '^') {
            size_t epos = P->pos;
            P->pos++;
            skip_ws(P);
            st = parse_exponent(P, &e);
            if (st == GBC_OK && P->F->p == 0 &&
                (uint64_t)mpz_sizeinbase(z, 2) * e > (1ull << 26)) {
                err_at(P, epos, "number too large: a power with more than 2^26 bits");
                st = GBC_ERR_PARSE;
            }
        }
        if (st == GBC_OK && P->F->p != 0) {
            T->cf = zp_mul(P->F, T->cf, zp_pow(P->F, zp, e));
        } else if (st == GBC_OK) {
            /* The term's coefficient after this factor, bounded like one power
             * (a product of many powers grew without bound), and the GMP work
             * charged first: the power, the product and its copy. */
            uint64_t bits = (uint64_t)mpz_sizeinbase(z, 2) * e +
                            mpz_sizeinbase(mpq_numref(T->cq), 2) +
                            mpz_sizeinbase(mpq_denref(T->cq), 2);
            if (bits > (1ull << 26)) {
                err_at(P, start, "number too large: a coefficient with more than 2^26 bits");
                st = GBC_ERR_PARSE;
            } else {
                size_t bytes = (size_t)(3 * (bits / 8 + 16));
                st = gbc_ctx_charge(P->ctx, bytes);
                if (st == GBC_OK) {
                    mpz_pow_ui(z, z, e);
                    mpz_mul(mpq_numref(T->cq), mpq_numref(T->cq), z);
                    mpq_canonicalize(T->cq);
                    gbc_ctx_uncharge(P->ctx, bytes);
                    st = gbc_ctx_check(P->ctx);
                }
                if (st != GBC_OK)
                    st = fail_status(P, start, st);
            }
        }
        mpz_clear(z);
        return st;
    }
    if (c >= 0 && is_ident_start(c)) {
        size_t s0 = P->pos;
        while (P->pos < P->len && is_ident_char((unsigned char)P->s[P->pos]))
            P->pos++;
        int64_t v = ring_find_var(P->R, P->s + s0, P->pos - s0);
        if (v < 0) {
            int n = (int)((P->pos - s0) > 64 ? 64 : (P->pos - s0));
            err_at(P, s0, "unknown variable '%.*s'", n, P->s + s0);
            return GBC_ERR_PARSE;
        }
        uint32_t e = 1;
        if (peek(P) == '^') {
            P->pos++;
            skip_ws(P);
            GBC_TRY(parse_exponent(P, &e));
        }
        uint64_t x = (uint64_t)T->exps[v] + e;
        if (x > UINT32_MAX)
            return fail_status(P, start, GBC_ERR_OVERFLOW);
        T->exps[v] = (uint32_t)x;
        return GBC_OK;
    }
    if (c == '(') {
        if (++P->depth > IO_MAX_DEPTH) {
            err_at(P, P->pos, "parentheses nested deeper than %d", IO_MAX_DEPTH);
            return GBC_ERR_PARSE;
        }
        P->pos++;
        pval v;
        pval_init(&v);
        gbc_status st = parse_sum(P, &v);
        if (st == GBC_OK && peek(P) != ')')
            st = fail_expected(P, "')'");
        if (st == GBC_OK) {
            P->pos++;
            if (peek(P) == '^') {
                size_t epos = P->pos;
                P->pos++;
                skip_ws(P);
                uint32_t e;
                st = parse_exponent(P, &e);
                if (st == GBC_OK)
                    st = pval_pow(P, &v, e, epos);
            }
        }
        if (st == GBC_OK) {
            st = term_mul_pval(P, T, &v);
            if (st != GBC_OK)
                st = fail_status(P, start, st);
        }
        pval_clear(P, &v);
        P->depth--;
        return st;
    }
    if (c == '^') {
        err_at(P, P->pos, "'^' must follow a number, a variable or a parenthesis");
        return GBC_ERR_PARSE;
    }
    return fail_expected(P, "a number, a variable or '('");
}

/* term := factor { '*' factor | '/' number }; appends its terms to r. */
static gbc_status parse_term(parser *P, rawsum *r, int negate)
{
    term T;
    T.cf = negate ? P->F->p - 1 : 1;
    mpq_init(T.cq);
    mpq_set_si(T.cq, negate ? -1 : 1, 1);
    T.has_poly = 0;
    pval_init(&T.poly);
    gbc_status st = GBC_OK;
    peek(P);
    size_t tstart = P->pos; /* where errors about the whole term point */
    T.exps = gbc_calloc(P->ctx, P->nvars ? P->nvars : 1, sizeof(uint32_t));
    if (T.exps == NULL) {
        st = fail_status(P, P->pos, gbc_ctx_alloc_status(P->ctx));
        goto out;
    }
    GBC_CHECK(st, parse_factor(P, &T), out);
    for (;;) {
        int c = peek(P);
        if (c == '*') {
            P->pos++;
            if (peek(P) == '*') {
                err_at(P, P->pos, "'**' is not an operator; write '^' for powers");
                st = GBC_ERR_PARSE;
                goto out;
            }
            GBC_CHECK(st, parse_factor(P, &T), out);
        } else if (c == '/') {
            P->pos++;
            int d = peek(P);
            size_t dpos = P->pos;
            if (d < 0 || !isdigit(d)) {
                if (d == '(' || (d >= 0 && is_ident_start(d)))
                    err_at(P, dpos, "division is only by a nonzero integer");
                else
                    fail_expected(P, "an integer denominator after '/'");
                st = GBC_ERR_PARSE;
                goto out;
            }
            uint32_t zp = 0;
            mpz_t z;
            mpz_init(z);
            st = parse_number(P, &zp, z);
            if (st == GBC_OK) {
                /* modulo p only the residue is kept: the digits say whether
                 * the integer itself is 0 */
                int zero = 1;
                for (size_t i = dpos; i < P->pos; i++)
                    zero &= P->s[i] == '0';
                if (P->F->p != 0 && zp == 0 && !zero) {
                    err_at(P, dpos, "denominator divisible by the characteristic %u", P->F->p);
                    st = GBC_ERR_PARSE;
                } else if (zero) {
                    err_at(P, dpos, "division by zero");
                    st = GBC_ERR_PARSE;
                } else if (P->F->p != 0) {
                    T.cf = zp_mul(P->F, T.cf, zp_inv(P->F, zp));
                } else {
                    mpz_mul(mpq_denref(T.cq), mpq_denref(T.cq), z);
                    mpq_canonicalize(T.cq);
                }
            }
            mpz_clear(z);
            if (st != GBC_OK)
                goto out;
            if (peek(P) == '^') {
                err_at(P, P->pos, "write (a/b)^e to raise a fraction to a power");
                st = GBC_ERR_PARSE;
                goto out;
            }
        } else if (c >= 0 && (isalnum(c) || c == '_' || c == '(')) {
            err_at(P, P->pos, "expected an operator before %s; write '*' for products",
                   c == '(' ? "'('" : "this");
            st = GBC_ERR_PARSE;
            goto out;
        } else {
            break;
        }
    }
    /* Emit: coefficient * monomial * (optional polynomial factor). */
    {
        int zero = P->F->p != 0 ? T.cf == 0 : mpq_sgn(T.cq) == 0;
        uint32_t m;
        size_t pos = tstart;
        st = mht_insert(P->ctx, &P->t, T.exps, &m);
        if (st != GBC_OK) {
            st = fail_status(P, pos, st);
            goto out;
        }
        if (zero)
            goto out;
        if (T.has_poly) {
            st = rawsum_add_pval(P, r, &T.poly, T.cf, T.cq, m);
            if (st != GBC_OK)
                st = fail_status(P, pos, st);
        } else {
            st = rawsum_reserve(P, r, 1);
            if (st != GBC_OK) {
                st = fail_status(P, pos, st);
                goto out;
            }
            r->mon[r->n] = m;
            if (P->F->p != 0)
                r->cf[r->n] = T.cf;
            else
                mpq_set(r->cq[r->n], T.cq);
            r->n++;
        }
    }
out:
    gbc_free(P->ctx, T.exps);
    mpq_clear(T.cq);
    pval_clear(P, &T.poly);
    return st;
}

static gbc_status parse_sum(parser *P, pval *out)
{
    rawsum r;
    rawsum_init(&r);
    gbc_status st = GBC_OK;
    int neg = 0;
    int c = peek(P);
    if (c == '+' || c == '-') {
        neg = c == '-';
        P->pos++;
    }
    GBC_CHECK(st, parse_term(P, &r, neg), out);
    for (;;) {
        c = peek(P);
        if (c != '+' && c != '-')
            break;
        P->pos++;
        GBC_CHECK(st, parse_term(P, &r, c == '-'), out);
        if ((r.n & 1023) == 0)
            GBC_CHECK(st, gbc_ctx_poll(P->ctx), out);
    }
    size_t pos = P->pos;
    st = rawsum_finish(P, &r, out);
    if (st != GBC_OK)
        st = fail_status(P, pos, st);
out:
    rawsum_clear(P, &r);
    return st;
}

/* Parse the generator list from P->pos to the end into L: zero polynomials are
 * dropped (an ideal's generators) unless P->keep_zero (a positional list). */
static gbc_status parse_generators(parser *P, plist *L)
{
    if (peek(P) < 0)
        return GBC_OK; /* no generators: the zero ideal */
    for (;;) {
        pval v;
        pval_init(&v);
        gbc_status st = parse_sum(P, &v);
        if (st == GBC_OK && (v.p.len > 0 || P->keep_zero)) {
            /* over Q the generator is P/den: the ideal only needs P */
            st = plist_push_poly(P->ctx, L, &v.p, &P->t, P->F, 0);
            if (st == GBC_OK && P->F->p == 0) {
                ppoly *pp = &L->p[L->n - 1];
                for (size_t i = 0; i < pp->len; i++) {
                    mpz_mul(mpq_denref(pp->cq[i]), mpq_denref(pp->cq[i]), v.den);
                    mpq_canonicalize(pp->cq[i]);
                }
            }
            if (st != GBC_OK)
                st = fail_status(P, P->pos, st);
        }
        pval_clear(P, &v);
        GBC_TRY(st);
        int c = peek(P);
        if (c < 0)
            return GBC_OK;
        if (c != ',')
            return fail_expected(P, "',' or '+' or '-' between polynomials, or the end");
        P->pos++;
        /* a trailing comma ends the list (editors and generators leave one) */
        c = peek(P);
        if (c < 0)
            return GBC_OK;
        if (c == ',')
            return fail_expected(P, "a polynomial after ','");
    }
}

static gbc_status parser_init(parser *P, gbc_ctx *ctx, const ring *R, const char *text,
                              size_t len, gbc_error *err)
{
    memset(P, 0, sizeof *P);
    P->ctx = ctx;
    P->s = text;
    P->len = len;
    P->R = R;
    P->F = &R->F;
    P->err = err;
    P->nvars = R->nvars;
    GBC_TRY(mht_params_init(ctx, &P->par, &R->ord, 0x7061727365ULL));
    gbc_status st = mht_init(ctx, &P->t, &P->par, 10);
    if (st != GBC_OK)
        mht_params_clear(ctx, &P->par);
    return st;
}

static void parser_clear(parser *P)
{
    mht_clear(P->ctx, &P->t);
    mht_params_clear(P->ctx, &P->par);
}

/* A NUL byte anywhere is an error (the format is text). */
static gbc_status check_nul(parser *P)
{
    if (P->len == 0)
        return GBC_OK; /* P->s may be NULL: memchr must not see it */
    const char *z = memchr(P->s, '\0', P->len);
    if (z != NULL) {
        err_at(P, (size_t)(z - P->s), "NUL byte in the input");
        return GBC_ERR_PARSE;
    }
    return GBC_OK;
}

gbc_status io_parse_polys_flags(gbc_ctx *ctx, const ring *R, plist *L, const char *text,
                                size_t len, unsigned flags, gbc_error *err)
{
    parser P;
    if (text == NULL && len > 0)
        return GBC_ERR_ARG;
    GBC_TRY(parser_init(&P, ctx, R, text, len, err));
    P.keep_zero = (flags & IO_PARSE_KEEP_ZERO) != 0;
    gbc_status st = check_nul(&P);
    if (st == GBC_OK)
        st = parse_generators(&P, L);
    if (st != GBC_OK)
        plist_clear(ctx, L, &R->F);
    parser_clear(&P);
    return st;
}

gbc_status io_parse_polys(gbc_ctx *ctx, const ring *R, plist *L, const char *text,
                          size_t len, gbc_error *err)
{
    return io_parse_polys_flags(ctx, R, L, text, len, 0, err);
}

/* ----------------------------------------------------------- header -- */

/* Skip whole comment lines starting at *pos. */
static void skip_comment_lines(const char *s, size_t len, size_t *pos)
{
    for (;;) {
        size_t p = *pos;
        while (p < len && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r'))
            p++;
        if (p < len && s[p] == '#') {
            while (p < len && s[p] != '\n')
                p++;
            if (p < len)
                p++;
            *pos = p;
            continue;
        }
        return;
    }
}

static void set_error(gbc_error *err, uint64_t line, uint64_t col, const char *fmt, ...)
    GBC_PRINTF(4, 5);
static void set_error(gbc_error *err, uint64_t line, uint64_t col, const char *fmt, ...)
{
    if (err == NULL)
        return;
    err->line = line;
    err->column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

gbc_status io_parse_input_flags(gbc_ctx *ctx, ring *R, plist *L, const char *text,
                                size_t len, const char *order, unsigned flags,
                                gbc_error *err)
{
    if (text == NULL && len > 0)
        return GBC_ERR_ARG;
    /* The scanner for the header works on a parser bound to no ring yet. */
    parser H;
    memset(&H, 0, sizeof H);
    H.s = text;
    H.len = len;
    H.err = err;
    H.ctx = ctx;
    gbc_status st = check_nul(&H);
    if (st != GBC_OK)
        return st;
    size_t pos = 0;
    /* a UTF-8 byte-order mark (some editors write one) is not part of the text */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    skip_comment_lines(text, len, &pos);
    if (pos >= len) {
        set_error(err, 1, 1, "empty input: expected the variable names on line 1");
        return GBC_ERR_PARSE;
    }
    /* Line 1: variable names, checked for repeats by a hash table on the text. */
    char **names = NULL;
    size_t nnames = 0, cap = 0;
    uint32_t characteristic = 0;
    name_table seen;
    st = name_table_init(ctx, &seen, 16);
    if (st != GBC_OK) {
        set_error(err, 0, 0, "%s", st == GBC_ERR_LIMIT ? "memory limit reached" : "out of memory");
        return st;
    }
    for (;;) {
        while (pos < len && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\r'))
            pos++;
        if (nnames == 0 && (pos >= len || text[pos] == '\n'))
            break; /* an empty line: a ring without variables */
        if (pos >= len || !is_ident_start((unsigned char)text[pos])) {
            char b[16];
            H.pos = pos;
            err_at(&H, pos, "expected a variable name, found %s", describe(&H, pos, b, sizeof b));
            st = GBC_ERR_PARSE;
            goto fail;
        }
        size_t s0 = pos;
        while (pos < len && is_ident_char((unsigned char)text[pos]))
            pos++;
        if (nnames >= UINT32_MAX - 1) {
            err_at(&H, s0, "too many variables");
            st = GBC_ERR_PARSE;
            goto fail;
        }
        if ((nnames & 1023) == 0 && (st = gbc_ctx_check(ctx)) != GBC_OK) {
            err_at(&H, s0, "interrupted");
            goto fail;
        }
        uint32_t dup;
        GBC_CHECK(st, name_table_insert(ctx, &seen, text + s0, pos - s0, (uint32_t)nnames, &dup),
                  nomem);
        if (dup != UINT32_MAX) {
            err_at(&H, s0, "variable '%.*s' is declared twice",
                   (int)((pos - s0) > 64 ? 64 : pos - s0), text + s0);
            st = GBC_ERR_PARSE;
            goto fail;
        }
        GBC_CHECK(st, GBC_GROW(ctx, names, cap, nnames + 1), nomem);
        GBC_CHECK(st, GBC_ALLOC(ctx, names[nnames], pos - s0 + 1), nomem);
        memcpy(names[nnames], text + s0, pos - s0);
        names[nnames][pos - s0] = '\0';
        nnames++;
        while (pos < len && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\r'))
            pos++;
        if (pos < len && text[pos] == ',') {
            pos++;
            continue;
        }
        if (pos < len && text[pos] == '#') /* a comment ends the line, as on line 2 */
            while (pos < len && text[pos] != '\n')
                pos++;
        if (pos >= len || text[pos] == '\n')
            break;
        char b[16];
        err_at(&H, pos, "expected ',' or the end of the line after a variable name, found %s",
               describe(&H, pos, b, sizeof b));
        st = GBC_ERR_PARSE;
        goto fail;
    }
    if (pos < len)
        pos++; /* the newline */
    /* Line 2: the characteristic. */
    skip_comment_lines(text, len, &pos);
    while (pos < len && (text[pos] == ' ' || text[pos] == '\t'))
        pos++;
    if (pos >= len || !isdigit((unsigned char)text[pos])) {
        char b[16];
        err_at(&H, pos, "expected the characteristic (0 or a prime below 2^31) on line 2, found %s",
               describe(&H, pos, b, sizeof b));
        st = GBC_ERR_PARSE;
        goto fail;
    }
    {
        size_t s0 = pos;
        uint64_t v = 0;
        int big = 0;
        while (pos < len && isdigit((unsigned char)text[pos])) {
            if (!big) {
                v = v * 10 + (uint64_t)(text[pos] - '0');
                if (v >= (1ull << 31))
                    big = 1;
            }
            pos++;
        }
        if (big || (v != 0 && zp_is_prime(v) != 1)) {
            err_at(&H, s0, "characteristic %.*s is not 0 or a prime below 2^31",
                   (int)((pos - s0) > 40 ? 40 : pos - s0), text + s0);
            st = GBC_ERR_PARSE;
            goto fail;
        }
        characteristic = (uint32_t)v;
        while (pos < len && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\r'))
            pos++;
        if (pos < len && text[pos] != '\n' && text[pos] != '#') {
            char b[16];
            err_at(&H, pos, "expected the end of line 2 after the characteristic, found %s",
                   describe(&H, pos, b, sizeof b));
            st = GBC_ERR_PARSE;
            goto fail;
        }
    }
    {
        char msg[256];
        st = ring_init(ctx, R, (uint32_t)nnames, (const char *const *)names, characteristic,
                       order, msg, sizeof msg);
        if (st != GBC_OK) {
            set_error(err, 0, 0, "%s", msg);
            goto fail;
        }
    }
    {
        parser P;
        st = parser_init(&P, ctx, R, text, len, err);
        if (st != GBC_OK) {
            ring_clear(ctx, R);
            goto nomem;
        }
        P.pos = pos;
        P.keep_zero = (flags & IO_PARSE_KEEP_ZERO) != 0;
        st = parse_generators(&P, L);
        parser_clear(&P);
        if (st != GBC_OK) {
            plist_clear(ctx, L, &R->F);
            ring_clear(ctx, R);
        }
    }
    goto done;
nomem:
    set_error(err, 0, 0, "%s", st == GBC_ERR_LIMIT ? "memory limit reached" : "out of memory");
fail:
done:
    name_table_clear(ctx, &seen);
    for (size_t i = 0; i < nnames; i++)
        gbc_free(ctx, names[i]);
    gbc_free(ctx, names);
    return st;
}

gbc_status io_parse_input(gbc_ctx *ctx, ring *R, plist *L, const char *text, size_t len,
                          const char *order, gbc_error *err)
{
    return io_parse_input_flags(ctx, R, L, text, len, order, 0, err);
}
