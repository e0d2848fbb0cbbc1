/* io/print: polynomial lists in the contract's output format: a growable string,
 * the coefficients of Z/p and of Q (one printer each, chosen once per polynomial),
 * monomials, and a stream that hands the text on in pieces. */
#include <stdio.h>

#include "io/io.h"

#include "common/pool.h"

void io_buf_init(io_buf *b)
{
    b->s = NULL;
    b->len = 0;
    b->cap = 0;
}

void io_buf_clear(gbc_ctx *ctx, io_buf *b)
{
    gbc_free(ctx, b->s);
    io_buf_init(b);
}

gbc_status io_buf_puts(gbc_ctx *ctx, io_buf *b, const char *s, size_t n)
{
    size_t need;
    if (gbc_add_size(&need, b->len, n + 1))
        return GBC_ERR_NOMEM;
    GBC_TRY(GBC_GROW(ctx, b->s, b->cap, need));
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
    return GBC_OK;
}

static gbc_status puts0(gbc_ctx *ctx, io_buf *b, const char *s)
{
    return io_buf_puts(ctx, b, s, strlen(s));
}

/* The decimal digits of v at d (room for 20); returns their number. */
static size_t u64_digits(char *d, uint64_t v)
{
    char tmp[20];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    for (size_t k = 0; k < n; k++)
        d[k] = tmp[n - 1 - k];
    return n;
}

static gbc_status put_u64(gbc_ctx *ctx, io_buf *b, uint64_t v)
{
    char tmp[20];
    return io_buf_puts(ctx, b, tmp, u64_digits(tmp, v));
}

static gbc_status put_mpz(gbc_ctx *ctx, io_buf *b, const mpz_t z)
{
    size_t n = mpz_sizeinbase(z, 10) + 2;
    size_t need;
    if (gbc_add_size(&need, b->len, n + 1))
        return GBC_ERR_NOMEM;
    GBC_TRY(GBC_GROW(ctx, b->s, b->cap, need));
    mpz_get_str(b->s + b->len, 10, z);
    b->len += strlen(b->s + b->len);
    return GBC_OK;
}

/* The monomial of term i, as x^2*y; returns whether anything was printed. */
static gbc_status put_monomial(gbc_ctx *ctx, io_buf *b, const ring *R, const uint32_t *e,
                               int *printed)
{
    *printed = 0;
    for (uint32_t v = 0; v < R->nvars; v++) {
        if (e[v] == 0)
            continue;
        if (*printed)
            GBC_TRY(io_buf_puts(ctx, b, "*", 1));
        GBC_TRY(puts0(ctx, b, R->names[v]));
        if (e[v] > 1) {
            GBC_TRY(io_buf_puts(ctx, b, "^", 1));
            GBC_TRY(put_u64(ctx, b, e[v]));
        }
        *printed = 1;
    }
    return GBC_OK;
}

/* Whether the exponent vector e (R's variables) is that of the monomial 1. */
static int is_constant(const ring *R, const uint32_t *e)
{
    int constant = 1;
    for (uint32_t v = 0; v < R->nvars; v++)
        if (e[v] != 0)
            constant = 0;
    return constant;
}

/* Term i's coefficient over Q, a/b in lowest terms, with its sign ('+' before all
 * but the first term) and the '*' before a monomial; constant says whether the
 * monomial is 1. A coefficient 1 is printed only before the monomial 1 (as over
 * Z/p, print_zp_poly); +1 and -1 are printed as signs. */
static gbc_status put_qq_coeff(gbc_ctx *ctx, io_buf *b, const ppoly *p, size_t i, int constant)
{
    const mpq_t *c = &p->cq[i];
    int neg = mpq_sgn(*c) < 0;
    if (neg)
        GBC_TRY(io_buf_puts(ctx, b, "-", 1));
    else if (i > 0)
        GBC_TRY(io_buf_puts(ctx, b, "+", 1));
    int unit = mpz_cmpabs_ui(mpq_numref(*c), 1) == 0 && mpz_cmp_ui(mpq_denref(*c), 1) == 0;
    if (!unit || constant) {
        mpz_t a;
        mpz_init(a);
        mpz_abs(a, mpq_numref(*c));
        gbc_status st = put_mpz(ctx, b, a);
        mpz_clear(a);
        GBC_TRY(st);
        if (mpz_cmp_ui(mpq_denref(*c), 1) != 0) {
            GBC_TRY(io_buf_puts(ctx, b, "/", 1));
            GBC_TRY(put_mpz(ctx, b, mpq_denref(*c)));
        }
        if (!constant)
            GBC_TRY(io_buf_puts(ctx, b, "*", 1));
    }
    return GBC_OK;
}

/* io_print_poly over Z/p: each term written in place after one check of the
 * room it can take (a term's coefficient and exponents have at most 10 digits
 * each), the variables' name lengths taken once: '+' before all but the first
 * term, a coefficient 1 printed only before the monomial 1, the monomial as
 * put_monomial prints it. A third of the time to print katsura-11's basis modulo 65521
 * went to snprintf and strlen before. */
static gbc_status print_zp_poly(gbc_ctx *ctx, io_buf *b, const ring *R, const ppoly *p)
{
    const uint32_t n = R->nvars;
    size_t stack_len[64], *nl = stack_len;
    if (n > 64 && (nl = gbc_malloc(ctx, sizeof(size_t) * n)) == NULL)
        return gbc_ctx_alloc_status(ctx);
    size_t room = 12; /* '+', up to 10 digits, '*' */
    for (uint32_t v = 0; v < n; v++) {
        nl[v] = strlen(R->names[v]);
        room += nl[v] + 12; /* '*', the name, '^', up to 10 digits */
    }
    gbc_status st = GBC_OK;
    for (size_t i = 0; i < p->len; i++) {
        size_t need;
        if (gbc_add_size(&need, b->len, room + 1)) {
            st = GBC_ERR_NOMEM;
            break;
        }
        if ((st = GBC_GROW(ctx, b->s, b->cap, need)) != GBC_OK)
            break;
        char *w = b->s + b->len;
        const uint32_t *e = p->exps + i * n;
        const int constant = is_constant(R, e);
        if (i > 0)
            *w++ = '+';
        if (p->cf[i] != 1 || constant) {
            w += u64_digits(w, p->cf[i]);
            if (!constant)
                *w++ = '*';
        }
        int printed = 0;
        for (uint32_t v = 0; v < n; v++) {
            if (e[v] == 0)
                continue;
            if (printed)
                *w++ = '*';
            memcpy(w, R->names[v], nl[v]);
            w += nl[v];
            if (e[v] > 1) {
                *w++ = '^';
                w += u64_digits(w, e[v]);
            }
            printed = 1;
        }
        *w = '\0';
        b->len = (size_t)(w - b->s);
    }
    if (nl != stack_len)
        gbc_free(ctx, nl);
    return st;
}

gbc_status io_print_poly(gbc_ctx *ctx, io_buf *b, const ring *R, const ppoly *p)
{
    if (p->len == 0)
        return io_buf_puts(ctx, b, "0", 1);
    if (R->F.p != 0)
        return print_zp_poly(ctx, b, R, p);
    for (size_t i = 0; i < p->len; i++) {
        const uint32_t *e = p->exps + i * R->nvars;
        int constant = is_constant(R, e);
        GBC_TRY(put_qq_coeff(ctx, b, p, i, constant));
        int printed;
        GBC_TRY(put_monomial(ctx, b, R, e, &printed));
    }
    return GBC_OK;
}

gbc_status io_print_polys(gbc_ctx *ctx, io_buf *b, const ring *R, const plist *L,
                          int header)
{
    if (header) {
        for (uint32_t v = 0; v < R->nvars; v++) {
            if (v > 0)
                GBC_TRY(io_buf_puts(ctx, b, ",", 1));
            GBC_TRY(puts0(ctx, b, R->names[v]));
        }
        GBC_TRY(io_buf_puts(ctx, b, "\n", 1));
        GBC_TRY(put_u64(ctx, b, R->F.p));
        GBC_TRY(io_buf_puts(ctx, b, "\n", 1));
    }
    for (size_t k = 0; k < L->n; k++) {
        GBC_TRY(io_print_poly(ctx, b, R, &L->p[k]));
        GBC_TRY(io_buf_puts(ctx, b, k + 1 < L->n ? ",\n" : "\n", k + 1 < L->n ? 2 : 1));
    }
    /* an empty buffer is still a valid string */
    return io_buf_puts(ctx, b, "", 0);
}

/* Hand b's text to write and empty b. */
static gbc_status flush_buf(io_buf *b, size_t (*write)(void *, const char *, size_t),
                            void *data)
{
    if (b->len > 0 && write(data, b->s, b->len) != b->len)
        return GBC_ERR_IO;
    b->len = 0;
    if (b->s != NULL)
        b->s[0] = '\0';
    return GBC_OK;
}

gbc_status io_stream_begin(io_stream *s, gbc_ctx *ctx, const ring *R, int header,
                           size_t (*write)(void *data, const char *buf, size_t n),
                           void *data)
{
    s->ctx = ctx;
    s->R = R;
    io_buf_init(&s->b);
    s->n = 0;
    s->write = write;
    s->data = data;
    plist none = {0};
    return io_print_polys(ctx, &s->b, R, &none, header);
}

/* Each polynomial but the first is preceded by ",\n"; the last is followed by
 * "\n" (io_stream_end): io_print_polys's text. */
gbc_status io_stream_put(io_stream *s, const ppoly *p)
{
    if (s->n > 0)
        GBC_TRY(io_buf_puts(s->ctx, &s->b, ",\n", 2));
    GBC_TRY(io_print_poly(s->ctx, &s->b, s->R, p));
    s->n++;
    if (s->b.len >= ((size_t)1 << 16))
        return flush_buf(&s->b, s->write, s->data);
    return GBC_OK;
}

/* Below this many terms in all, io_stream_put_many formats on the calling thread
 * (a job of the pool costs about as much as printing a few thousand terms). */
#define PUT_MANY_MIN_TERMS 4096
#define PUT_MANY_PARTS 16

/* A part of io_stream_put_many: polynomials p[0..n) formatted into b, each
 * preceded by ",\n" except the stream's first (first). */
typedef struct put_part {
    gbc_ctx ctx; /* charging the call's budget */
    io_buf b;
    const ppoly *p;
    size_t n;
    int first;
    gbc_status st;
} put_part;

typedef struct put_job {
    const ring *R;
    put_part *part;
} put_job;

static void put_part_run(void *arg, int t)
{
    const put_job *J = arg;
    put_part *P = &J->part[t];
    gbc_status st = GBC_OK;
    for (size_t k = 0; k < P->n && st == GBC_OK; k++) {
        if (k > 0 || !P->first)
            st = io_buf_puts(&P->ctx, &P->b, ",\n", 2);
        if (st == GBC_OK)
            st = io_print_poly(&P->ctx, &P->b, J->R, &P->p[k]);
    }
    P->st = st;
}

gbc_status io_stream_put_many(io_stream *s, const ppoly *p, size_t n)
{
    gbc_pool *pool = s->ctx->pool;
    int parts = pool != NULL ? gbc_pool_size(pool) : 1;
    parts = parts > PUT_MANY_PARTS ? PUT_MANY_PARTS : parts;
    parts = (size_t)parts > n ? (int)n : parts;
    size_t terms = 0;
    for (size_t k = 0; k < n; k++)
        terms += p[k].len;
    if (parts < 2 || terms < PUT_MANY_MIN_TERMS) {
        for (size_t k = 0; k < n; k++)
            GBC_TRY(io_stream_put(s, &p[k]));
        return GBC_OK;
    }
    put_part part[PUT_MANY_PARTS];
    gbc_budget B;
    gbc_budget_begin(&B, s->ctx);
    /* consecutive runs of about terms / parts terms each */
    size_t at = 0, done = 0;
    for (int t = 0; t < parts; t++) {
        put_part *P = &part[t];
        gbc_ctx_init_worker(&P->ctx, &B);
        io_buf_init(&P->b);
        const size_t a = at, goal = terms / (size_t)parts * (size_t)(t + 1);
        while (at < n && (t == parts - 1 || done < goal)) {
            done += p[at].len;
            at++;
        }
        P->p = p + a;
        P->n = at - a;
        P->first = s->n == 0 && a == 0;
        P->st = GBC_OK;
    }
    put_job J = {s->R, part};
    gbc_pool_run(pool, put_part_run, &J, parts);
    gbc_status st = GBC_OK;
    for (int t = 0; t < parts; t++)
        st = gbc_status_join(st, part[t].st);
    /* the stream's text so far, then the parts' in order */
    if (st == GBC_OK)
        st = flush_buf(&s->b, s->write, s->data);
    for (int t = 0; t < parts && st == GBC_OK; t++)
        st = flush_buf(&part[t].b, s->write, s->data);
    for (int t = 0; t < parts; t++)
        io_buf_clear(&part[t].ctx, &part[t].b);
    gbc_budget_end(&B, s->ctx);
    if (st == GBC_OK)
        s->n += n;
    return st;
}

gbc_status io_stream_end(io_stream *s)
{
    if (s->n > 0)
        GBC_TRY(io_buf_puts(s->ctx, &s->b, "\n", 1));
    return flush_buf(&s->b, s->write, s->data);
}

void io_stream_clear(io_stream *s)
{
    io_buf_clear(s->ctx, &s->b);
}

gbc_status io_write_polys(gbc_ctx *ctx, const ring *R, const plist *L, int header,
                          size_t (*write)(void *data, const char *buf, size_t n), void *data)
{
    io_stream s;
    gbc_status st = io_stream_begin(&s, ctx, R, header, write, data);
    for (size_t k = 0; k < L->n && st == GBC_OK; k++)
        st = io_stream_put(&s, &L->p[k]);
    if (st == GBC_OK)
        st = io_stream_end(&s);
    io_stream_clear(&s);
    return st;
}
