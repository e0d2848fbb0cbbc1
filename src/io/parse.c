/* io/parse: recursive-descent parser for the contract's text format.
 *
 *   sum    := ['+'|'-'] term { ('+'|'-') term }
 *   term   := factor { '*' factor | '/' number }
 *   factor := ('+'|'-') factor | primary [ '^' integer ]
 *   primary:= number | variable | '(' sum ')'
 *
 * Terms made only of numbers and variables (the common case) are accumulated
 * directly as (coefficient, exponent vector); only parenthesised factors go through
 * polynomial arithmetic (io/pval.c). The grammar has no field test: the field's
 * arithmetic is reached through P->ops (io/pval_zp.c, io/pval_qq.c). The header
 * lines of a whole input are read by io/parse_input.c. */
#include <ctype.h>
#include <stdio.h>

#include "io/parse_int.h"

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


/* ----------------------------------------------------------- numbers -- */

/* A numeric literal: digits, for Z/p reduced on the fly, for Q exact. */
static gbc_status parse_number(parser *P, uint32_t *zp, mpz_t z)
{
    size_t start = P->pos;
    while (P->pos < P->len && isdigit((unsigned char)P->s[P->pos]))
        P->pos++;
    size_t n = P->pos - start;
    if (P->pos + 1 < P->len && P->s[P->pos] == '.' && isdigit((unsigned char)P->s[P->pos + 1])) {
        io_err_at(P, P->pos, "found '.' in the number '%.*s.%c': decimal numbers are not "
                  "accepted, write a fraction (0.5 is 1/2, 1.25 is 5/4)",
                  (int)(n < 20 ? n : 20), P->s + start, P->s[P->pos + 1]);
        return GBC_ERR_PARSE;
    }
    return P->ops->number(P, start, n, zp, z);
}

/* An exponent: a decimal integer below 2^32. */
static gbc_status parse_exponent(parser *P, uint32_t *e)
{
    if (peek(P) < 0 || !isdigit(peek(P)))
        return io_fail_expected(P, "an integer exponent after '^'");
    size_t start = P->pos;
    uint64_t v = 0;
    while (P->pos < P->len && isdigit((unsigned char)P->s[P->pos])) {
        v = v * 10 + (uint64_t)(P->s[P->pos] - '0');
        if (v > UINT32_MAX) {
            io_err_at(P, start, "exponent too large (at most 4294967295)");
            return GBC_ERR_PARSE;
        }
        P->pos++;
    }
    *e = (uint32_t)v;
    return GBC_OK;
}

/* ------------------------------------------------------------- terms -- */

static gbc_status parse_sum(parser *P, pval *out);

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

/* A number factor at P->pos (a digit), with its optional '^' exponent, multiplied
 * into T's coefficient. */
static gbc_status factor_number(parser *P, term *T)
{
    size_t start = P->pos;
    uint32_t zp = 0;
    mpz_t z;
    mpz_init(z);
    gbc_status st = parse_number(P, &zp, z);
    uint32_t e = 1;
    size_t epos = SIZE_MAX;
    if (st == GBC_OK && peek(P) == '^') {
        epos = P->pos;
        P->pos++;
        skip_ws(P);
        st = parse_exponent(P, &e);
    }
    if (st == GBC_OK)
        st = P->ops->term_mul_power(P, T, zp, z, e, start, epos);
    mpz_clear(z);
    return st;
}

/* A variable factor at P->pos (an identifier), with its optional '^' exponent,
 * multiplied into T's monomial. */
static gbc_status factor_variable(parser *P, term *T)
{
    size_t s0 = P->pos;
    while (P->pos < P->len && is_ident_char((unsigned char)P->s[P->pos]))
        P->pos++;
    int64_t v = ring_find_var(P->R, P->s + s0, P->pos - s0);
    if (v < 0) {
        int n = (int)((P->pos - s0) > 64 ? 64 : (P->pos - s0));
        io_err_at(P, s0, "unknown variable '%.*s'", n, P->s + s0);
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
        return io_fail_status(P, s0, GBC_ERR_OVERFLOW);
    T->exps[v] = (uint32_t)x;
    return GBC_OK;
}

/* A parenthesised sum at P->pos ('('), with its optional '^' exponent, multiplied
 * into T's polynomial factor. */
static gbc_status factor_paren(parser *P, term *T)
{
    size_t start = P->pos;
    if (++P->depth > IO_MAX_DEPTH) {
        io_err_at(P, P->pos, "parentheses nested deeper than %d", IO_MAX_DEPTH);
        return GBC_ERR_PARSE;
    }
    P->pos++;
    pval v;
    pval_init(&v);
    gbc_status st = parse_sum(P, &v);
    if (st == GBC_OK && peek(P) != ')')
        st = io_fail_expected(P, "')'");
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
            st = io_fail_status(P, start, st);
    }
    pval_clear(P, &v);
    P->depth--;
    return st;
}

/* factor := ('+'|'-') factor | primary ['^' integer]; multiplies into T. */
static gbc_status parse_factor(parser *P, term *T)
{
    int c = peek(P);
    if (c == '-' || c == '+') {
        if (++P->depth > IO_MAX_DEPTH) {
            io_err_at(P, P->pos, "signs or parentheses nested deeper than %d", IO_MAX_DEPTH);
            return GBC_ERR_PARSE;
        }
        P->pos++;
        if (c == '-')
            P->ops->term_neg(P, T);
        gbc_status st = parse_factor(P, T);
        P->depth--;
        return st;
    }
    if (c >= 0 && isdigit(c))
        return factor_number(P, T);
    if (c >= 0 && is_ident_start(c))
        return factor_variable(P, T);
    if (c == '(')
        return factor_paren(P, T);
    if (c == '^') {
        io_err_at(P, P->pos, "'^' must follow a number, a variable or a parenthesis");
        return GBC_ERR_PARSE;
    }
    return io_fail_expected(P, "a number, a variable or '('");
}

/* After '/' in a term: the integer denominator at P->pos divides T's coefficient. */
static gbc_status term_divide(parser *P, term *T)
{
    int d = peek(P);
    size_t dpos = P->pos;
    if (d < 0 || !isdigit(d)) {
        if (d == '(' || (d >= 0 && is_ident_start(d)))
            io_err_at(P, dpos, "division is only by a nonzero integer");
        else
            io_fail_expected(P, "an integer denominator after '/'");
        return GBC_ERR_PARSE;
    }
    uint32_t zp = 0;
    mpz_t z;
    mpz_init(z);
    gbc_status st = parse_number(P, &zp, z);
    if (st == GBC_OK) {
        /* modulo p only the residue is kept: the digits say whether the integer
         * itself is 0 */
        int zero = 1;
        for (size_t i = dpos; i < P->pos; i++)
            zero &= P->s[i] == '0';
        if (zero) {
            io_err_at(P, dpos, "division by zero");
            st = GBC_ERR_PARSE;
        } else {
            st = P->ops->term_div(P, T, zp, z, dpos);
        }
    }
    mpz_clear(z);
    if (st != GBC_OK)
        return st;
    if (peek(P) == '^') {
        io_err_at(P, P->pos, "write (a/b)^e to raise a fraction to a power");
        return GBC_ERR_PARSE;
    }
    return GBC_OK;
}

/* The factors of a term after the first, multiplied into T, up to the end of the
 * term. */
static gbc_status term_rest(parser *P, term *T)
{
    for (;;) {
        int c = peek(P);
        if (c == '*') {
            P->pos++;
            if (peek(P) == '*') {
                io_err_at(P, P->pos, "'**' is not an operator; write '^' for powers");
                return GBC_ERR_PARSE;
            }
            GBC_TRY(parse_factor(P, T));
        } else if (c == '/') {
            P->pos++;
            GBC_TRY(term_divide(P, T));
        } else if (c >= 0 && (isalnum(c) || c == '_' || c == '(')) {
            io_err_at(P, P->pos, "expected an operator before %s; write '*' for products",
                      c == '(' ? "'('" : "this");
            return GBC_ERR_PARSE;
        } else {
            return GBC_OK;
        }
    }
}

/* term := factor { '*' factor | '/' number }; appends its terms to r. */
static gbc_status parse_term(parser *P, rawsum *r, int negate)
{
    term T;
    mpq_init(T.cq);
    P->ops->term_unit(P, &T, negate);
    T.has_poly = 0;
    pval_init(&T.poly);
    gbc_status st = GBC_OK;
    peek(P);
    size_t tstart = P->pos; /* where errors about the whole term point */
    T.exps = gbc_calloc(P->ctx, P->nvars ? P->nvars : 1, sizeof(uint32_t));
    if (T.exps == NULL) {
        st = io_fail_status(P, P->pos, gbc_ctx_alloc_status(P->ctx));
        goto out;
    }
    GBC_CHECK(st, parse_factor(P, &T), out);
    GBC_CHECK(st, term_rest(P, &T), out);
    /* Emit: coefficient * monomial * (optional polynomial factor). */
    uint32_t m;
    st = mht_insert(P->ctx, &P->t, T.exps, &m);
    if (st == GBC_OK)
        st = P->ops->emit_term(P, r, &T, m);
    if (st != GBC_OK)
        st = io_fail_status(P, tstart, st);
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
    st = P->ops->rawsum_finish(P, &r, out);
    if (st != GBC_OK)
        st = io_fail_status(P, pos, st);
out:
    rawsum_clear(P, &r);
    return st;
}

gbc_status io_parse_generators(parser *P, plist *L)
{
    if (peek(P) < 0)
        return GBC_OK; /* no generators: the zero ideal */
    for (;;) {
        pval v;
        pval_init(&v);
        gbc_status st = parse_sum(P, &v);
        if (st == GBC_OK && (v.p.len > 0 || P->keep_zero)) {
            st = P->ops->push_generator(P, L, &v);
            if (st != GBC_OK)
                st = io_fail_status(P, P->pos, st);
        }
        pval_clear(P, &v);
        GBC_TRY(st);
        int c = peek(P);
        if (c < 0)
            return GBC_OK;
        if (c != ',')
            return io_fail_expected(P, "',' or '+' or '-' between polynomials, or the end");
        P->pos++;
        /* a trailing comma ends the list (editors and generators leave one) */
        c = peek(P);
        if (c < 0)
            return GBC_OK;
        if (c == ',')
            return io_fail_expected(P, "a polynomial after ','");
    }
}

gbc_status io_parser_init(parser *P, gbc_ctx *ctx, const ring *R, const char *text,
                          size_t len, gbc_error *err)
{
    memset(P, 0, sizeof *P);
    P->ctx = ctx;
    P->s = text;
    P->len = len;
    P->R = R;
    P->F = &R->F;
    P->ops = pval_field_of(P->F);
    P->err = err;
    P->nvars = R->nvars;
    GBC_TRY(mht_params_init(ctx, &P->par, &R->ord, 0x7061727365ULL));
    gbc_status st = mht_init(ctx, &P->t, &P->par, 10);
    if (st != GBC_OK)
        mht_params_clear(ctx, &P->par);
    return st;
}

void io_parser_clear(parser *P)
{
    mht_clear(P->ctx, &P->t);
    mht_params_clear(P->ctx, &P->par);
}

gbc_status io_check_nul(parser *P)
{
    if (P->len == 0)
        return GBC_OK; /* P->s may be NULL: memchr must not see it */
    const char *z = memchr(P->s, '\0', P->len);
    if (z != NULL) {
        io_err_at(P, (size_t)(z - P->s), "NUL byte in the input");
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
    GBC_TRY(io_parser_init(&P, ctx, R, text, len, err));
    P.keep_zero = (flags & IO_PARSE_KEEP_ZERO) != 0;
    gbc_status st = io_check_nul(&P);
    if (st == GBC_OK)
        st = io_parse_generators(&P, L);
    if (st != GBC_OK)
        plist_clear(ctx, L, &R->F);
    io_parser_clear(&P);
    return st;
}

gbc_status io_parse_polys(gbc_ctx *ctx, const ring *R, plist *L, const char *text,
                          size_t len, gbc_error *err)
{
    return io_parse_polys_flags(ctx, R, L, text, len, 0, err);
}
