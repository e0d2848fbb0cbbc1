/* strategy/univariate: the basis of an ideal of Z/p[x] as the monic gcd of its
 * generators (univariate.h). Polynomials are sparse (exponents and coefficients in
 * decreasing order of exponent); a remainder is taken by one of three methods
 * chosen by their operation counts: a heap of pending terms (sparse divisors:
 * memory of the terms in flight, whatever the degree), a dense array (many-term
 * divisors of moderate degree), or powers x^e reduced modulo a divisor of small
 * degree by square-and-multiply (x^(2^31) mod x^2+1 in a few steps). */
#include "strategy/univariate.h"

#include <string.h>

#include "strategy/univariate_int.h"

/* Degrees of a divisor up to this use the powering method when it is cheaper. */
#define POW_MAX_DEG 64
/* Dividends up to this degree may use the dense method (4 bytes a coefficient). */
#define DENSE_MAX_DEG (1u << 26)
/* Divisors of at most this many terms use the heap (its size stays about the
 * divisor's terms times its degree's span in flight). */
#define HEAP_MAX_TERMS 8

/* ------------------------------------------------------------ the heap -- */

/* A max-heap of terms packed as exponent << 32 | coefficient. */
typedef struct theap {
    uint64_t *v;
    size_t n, cap;
} theap;

static gbc_status heap_push(gbc_ctx *ctx, theap *h, uint32_t e, uint32_t c)
{
    GBC_TRY(GBC_GROW(ctx, h->v, h->cap, h->n + 1));
    uint64_t x = (uint64_t)e << 32 | c;
    size_t i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2] < x) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = x;
    return GBC_OK;
}

#define KEY_SELF(x) (x)

static uint64_t heap_pop(theap *h)
{
    uint64_t top = h->v[0];
    UNI_HEAP_DROP_TOP(uint64_t, h->v, h->n, KEY_SELF);
    return top;
}

/* r = a mod b (b monic, deg b >= 1) by a heap of pending terms: the largest is
 * taken (equal exponents summed); at or above deg b it is cancelled by a multiple
 * of b, whose other terms are pushed. */
static gbc_status rem_heap(gbc_ctx *ctx, const field *F, const upoly *a, const upoly *b,
                           upoly *r)
{
    theap h = {NULL, 0, 0};
    gbc_status st = GBC_OK;
    const uint32_t db = b->e[0];
    r->len = 0;
    for (size_t i = 0; i < a->len && st == GBC_OK; i++)
        st = heap_push(ctx, &h, a->e[i], a->c[i]);
    while (st == GBC_OK && h.n > 0) {
        uint64_t t = heap_pop(&h);
        uint32_t k = (uint32_t)(t >> 32), c = (uint32_t)t;
        while (h.n > 0 && (uint32_t)(h.v[0] >> 32) == k)
            c = zp_add(F, c, (uint32_t)heap_pop(&h));
        if ((st = gbc_ctx_poll(ctx)) != GBC_OK || c == 0)
            continue;
        if (k < db) {
            st = up_push(ctx, r, k, c);
            continue;
        }
        uint32_t q = zp_neg(F, c); /* b is monic: subtract c * x^(k - db) * b */
        for (size_t j = 1; j < b->len && st == GBC_OK; j++)
            st = heap_push(ctx, &h, k - db + b->e[j], zp_mul(F, q, b->c[j]));
    }
    gbc_free(ctx, h.v);
    return st;
}

/* --------------------------------------------------------- dense methods -- */

/* The sparse form of the dense d[0..n) into r (decreasing exponents). */
static gbc_status from_dense(gbc_ctx *ctx, const uint32_t *d, size_t n, upoly *r)
{
    r->len = 0;
    for (size_t i = n; i-- > 0;)
        if (d[i] != 0)
            GBC_TRY(up_push(ctx, r, (uint32_t)i, d[i]));
    return GBC_OK;
}

/* r = a mod b (b monic) by classical division in a dense array of deg a + 1
 * coefficients. */
static gbc_status rem_dense(gbc_ctx *ctx, const field *F, const upoly *a, const upoly *b,
                            upoly *r)
{
    const uint32_t da = a->e[0], db = b->e[0];
    uint32_t *d;
    GBC_TRY(GBC_ZALLOC(ctx, d, (size_t)da + 1));
    for (size_t i = 0; i < a->len; i++)
        d[a->e[i]] = a->c[i];
    gbc_status st = GBC_OK;
    for (uint32_t k = da; k >= db && st == GBC_OK; k--) {
        uint32_t c = d[k];
        if (c != 0) {
            uint32_t q = zp_neg(F, c);
            d[k] = 0;
            for (size_t j = 1; j < b->len; j++) {
                uint32_t x = k - db + b->e[j];
                d[x] = zp_add(F, d[x], zp_mul(F, q, b->c[j]));
            }
        }
        st = gbc_ctx_poll(ctx);
        if (k == 0)
            break;
    }
    if (st == GBC_OK)
        st = from_dense(ctx, d, db, r);
    gbc_free(ctx, d);
    return st;
}

/* x = x * y mod b in dense form (length db; b monic of degree db <= POW_MAX_DEG);
 * t holds 2 * db scratch coefficients. */
static void mulmod(const field *F, uint32_t *x, const uint32_t *y, const uint32_t *bd,
                   uint32_t db, uint64_t *t)
{
    memset(t, 0, 2 * (size_t)db * sizeof *t);
    for (uint32_t i = 0; i < db; i++)
        if (x[i] != 0)
            for (uint32_t j = 0; j < db; j++)
                t[i + j] = (t[i + j] + (uint64_t)x[i] * y[j]) % F->p;
    for (uint32_t k = 2 * db - 1; k-- > db;) { /* cancel degree k by x^(k-db) b */
        uint64_t c = t[k] % F->p;
        if (c == 0)
            continue;
        uint64_t q = F->p - c;
        for (uint32_t j = 0; j < db; j++)
            t[k - db + j] = (t[k - db + j] + q * bd[j]) % F->p;
    }
    for (uint32_t i = 0; i < db; i++)
        x[i] = (uint32_t)(t[i] % F->p);
}

/* r = a mod b (b monic, 1 <= deg b <= POW_MAX_DEG) as the sum of the terms'
 * powers x^e mod b, each by square-and-multiply. */
static gbc_status rem_pow(gbc_ctx *ctx, const field *F, const upoly *a, const upoly *b,
                          upoly *r)
{
    const uint32_t db = b->e[0];
    uint32_t *bd = NULL, *acc = NULL, *pw = NULL, *xd = NULL;
    uint64_t *t = NULL;
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, bd, db), out);
    GBC_CHECK(st, GBC_ZALLOC(ctx, acc, db), out);
    GBC_CHECK(st, GBC_ZALLOC(ctx, pw, db), out);
    GBC_CHECK(st, GBC_ZALLOC(ctx, xd, db), out);
    GBC_CHECK(st, GBC_ALLOC(ctx, t, 2 * (size_t)db), out);
    for (size_t j = 1; j < b->len; j++)
        bd[b->e[j]] = b->c[j];
    for (size_t i = 0; i < a->len; i++) {
        GBC_CHECK(st, gbc_ctx_check(ctx), out);
        /* pw = x^e mod b, from the top bit of e down */
        memset(pw, 0, db * sizeof *pw);
        pw[0] = 1;
        for (int bit = 31; bit >= 0; bit--) {
            mulmod(F, pw, pw, bd, db, t);
            if ((a->e[i] >> bit) & 1u) {
                memset(xd, 0, db * sizeof *xd); /* multiply by x */
                if (db > 1)
                    xd[1] = 1;
                else
                    xd[0] = zp_neg(F, bd[0]); /* x = -b_0 mod x + b_0 */
                mulmod(F, pw, xd, bd, db, t);
            }
        }
        for (uint32_t k = 0; k < db; k++)
            acc[k] = zp_add(F, acc[k], zp_mul(F, a->c[i], pw[k]));
    }
    st = from_dense(ctx, acc, db, r);
out:
    gbc_free(ctx, bd);
    gbc_free(ctx, acc);
    gbc_free(ctx, pw);
    gbc_free(ctx, xd);
    gbc_free(ctx, t);
    return st;
}

/* r = a mod b for a monic b of degree >= 1 (r must not alias a or b), by the
 * method of fewest operations (the file's comment). */
static gbc_status rem(gbc_ctx *ctx, const field *F, const upoly *a, const upoly *b, upoly *r)
{
    const uint32_t db = b->e[0];
    if (a->len == 0 || a->e[0] < db) {
        r->len = 0;
        GBC_TRY(up_reserve(ctx, r, a->len));
        if (a->len) {
            memcpy(r->e, a->e, a->len * sizeof *a->e);
            memcpy(r->c, a->c, a->len * sizeof *a->c);
        }
        r->len = a->len;
        return GBC_OK;
    }
    const double steps = ((double)a->e[0] - db + 1) * (double)b->len;
    if (db <= POW_MAX_DEG) {
        double pow_cost = (double)a->len * 64.0 * (double)db * db;
        if (pow_cost < steps)
            return rem_pow(ctx, F, a, b, r);
    }
    if (b->len <= HEAP_MAX_TERMS || a->e[0] > DENSE_MAX_DEG)
        return rem_heap(ctx, F, a, b, r);
    return rem_dense(ctx, F, a, b, r);
}

/* g = gcd(g, f), monic (g and f nonzero on entry; f is consumed as scratch). */
static gbc_status gcd_into(gbc_ctx *ctx, const field *F, upoly *g, upoly *f)
{
    upoly r;
    up_init(&r);
    gbc_status st = GBC_OK;
    up_make_monic(F, f);
    /* (a, b) = (g, f); while b != 0: (a, b) = (b, a mod b) */
    upoly *a = g, *b = f;
    while (b->len > 0 && st == GBC_OK) {
        if (b->e[0] == 0) { /* a nonzero constant: the gcd is 1 */
            a->len = 0;
            if ((st = up_push(ctx, a, 0, 1)) == GBC_OK)
                b->len = 0;
            break;
        }
        st = rem(ctx, F, a, b, &r);
        if (st != GBC_OK)
            break;
        up_swap(a, b); /* a = old b */
        up_swap(b, &r); /* b = the remainder */
        if (b->len > 0)
            up_make_monic(F, b);
    }
    if (st == GBC_OK && a != g)
        up_swap(a, g);
    up_clear(ctx, &r);
    return st;
}

gbc_status uni_gcd_take(gbc_ctx *ctx, const field *F, upoly *g, upoly *f)
{
    if (g->len > 0)
        return gcd_into(ctx, F, g, f);
    up_swap(g, f);
    up_make_monic(F, g);
    return GBC_OK;
}

int strat_univariate_applies(const ring *R)
{
    return R->nvars == 1;
}

gbc_status strat_univariate(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                            gb_stats *stats)
{
    const field *F = &R->F;
    upoly g, f;
    up_init(&g);
    up_init(&f);
    gbc_status st = GBC_OK;
    plist_init(out);
    for (size_t i = 0; i < in->n && st == GBC_OK; i++) {
        const ppoly *p = &in->p[i];
        f.len = 0;
        /* the terms in decreasing order of exponent, equal ones summed */
        if ((st = up_reserve(ctx, &f, p->len)) != GBC_OK)
            break;
        for (size_t k = 0; k < p->len; k++) {
            uint32_t c = p->cf[k] % F->p;
            size_t at = f.len;
            while (at > 0 && f.e[at - 1] < p->exps[k])
                at--;
            if (at > 0 && f.e[at - 1] == p->exps[k]) {
                f.c[at - 1] = zp_add(F, f.c[at - 1], c);
                continue;
            }
            memmove(f.e + at + 1, f.e + at, (f.len - at) * sizeof *f.e);
            memmove(f.c + at + 1, f.c + at, (f.len - at) * sizeof *f.c);
            f.e[at] = p->exps[k];
            f.c[at] = c;
            f.len++;
        }
        size_t w = 0;
        for (size_t k = 0; k < f.len; k++)
            if (f.c[k] != 0) {
                f.e[w] = f.e[k];
                f.c[w++] = f.c[k];
            }
        f.len = w;
        if (f.len == 0)
            continue;
        st = uni_gcd_take(ctx, F, &g, &f);
        if (st == GBC_OK && g.len == 1 && g.e[0] == 0)
            break; /* the unit ideal */
    }
    if (st == GBC_OK && g.len > 0) {
        ppoly *q;
        st = plist_push(ctx, out, g.len, 1, F, &q);
        if (st == GBC_OK) {
            memcpy(q->exps, g.e, g.len * sizeof *g.e);
            memcpy(q->cf, g.c, g.len * sizeof *g.c);
        }
    }
    if (st != GBC_OK)
        plist_clear(ctx, out, F);
    else if (stats != NULL)
        stats->basis_size = out->n;
    up_clear(ctx, &g);
    up_clear(ctx, &f);
    return st;
}
