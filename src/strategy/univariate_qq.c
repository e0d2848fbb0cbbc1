/* strategy/univariate_qq: the basis of an ideal of Q[x] as the monic gcd of its
 * generators (univariate.h), by gcds modulo primes (univariate.c's Euclid, once per
 * prime), their CRT, and a proof over Z by exact division (or, for a small monic
 * candidate, by exact powers x^e modulo it). The memory follows the
 * terms of the polynomials and of the gcd, not the degree, as over Z/p. The
 * argument that the proved candidate is the gcd: docs/architecture.md ("Order
 * paths"). */
#include "strategy/univariate.h"

#include <stdlib.h>

#include "strategy/univariate_int.h"
#include "common/sort.h"

/* Primes drawn when the plan sets no limit. */
#define QQ_MAX_PRIMES 100000
/* A monic candidate of at most this degree is proved by powers x^e mod c (when
 * cheaper than the division), while their integers stay within POW_MAX_LIMBS limbs
 * (roots of modulus 1, as in x^2+1, keep them small; others make them grow with e). */
#define POW_MAX_DEG 32
#define POW_MAX_LIMBS 256
/* Memory of integers is charged to the context in blocks of at least this. */
#define QQ_CHARGE_BLOCK ((size_t)1 << 16)

/* A sparse polynomial of Z[x]: len terms, exponents strictly decreasing, nonzero
 * integer coefficients. */
typedef struct ipoly {
    size_t len;
    uint32_t *e;
    mpz_t *c;
} ipoly;

/* The state of one computation: the generators made primitive, and what is charged
 * for integers (have: charged to ctx; need: the estimate of what is in use). */
typedef struct qqst {
    gbc_ctx *ctx;
    ipoly *g;
    size_t ng;
    size_t have, need;
} qqst;

/* Count bytes more of integers in use, charging ctx ahead in blocks. */
static gbc_status qq_need(qqst *S, size_t bytes)
{
    S->need += bytes;
    if (S->need <= S->have)
        return GBC_OK;
    size_t more = S->need - S->have;
    if (more < QQ_CHARGE_BLOCK)
        more = QQ_CHARGE_BLOCK;
    gbc_status st = gbc_ctx_charge(S->ctx, more);
    if (st != GBC_OK) {
        S->need -= bytes;
        return st;
    }
    S->have += more;
    return GBC_OK;
}

/* Count bytes of integers no longer in use (the charge is kept for reuse). */
static void qq_done(qqst *S, size_t bytes)
{
    S->need = bytes < S->need ? S->need - bytes : 0;
}

static size_t limb_bytes(const mpz_t z)
{
    return (mpz_size(z) + 1) * sizeof(mp_limb_t);
}

static void ip_clear(gbc_ctx *ctx, ipoly *f)
{
    for (size_t i = 0; i < f->len; i++)
        mpz_clear(f->c[i]);
    gbc_free(ctx, f->e);
    gbc_free(ctx, f->c);
    f->len = 0;
    f->e = NULL;
    f->c = NULL;
}

/* Room for len terms, coefficients initialised to 0 (f empty on entry). */
static gbc_status ip_alloc(gbc_ctx *ctx, ipoly *f, size_t len)
{
    GBC_TRY(GBC_ALLOC(ctx, f->e, len ? len : 1));
    if (GBC_ALLOC(ctx, f->c, len ? len : 1) != GBC_OK) {
        gbc_free(ctx, f->e);
        f->e = NULL;
        return gbc_ctx_alloc_status(ctx);
    }
    for (size_t i = 0; i < len; i++)
        mpz_init(f->c[i]);
    f->len = len;
    return GBC_OK;
}

/* ---------------------------------------------------- the generators -- */

typedef struct eidx {
    uint32_t e;
    size_t i;
} eidx;

static int eidx_cmp(const void *a, const void *b, void *arg)
{
    (void)arg;
    const eidx *x = a, *y = b;
    if (x->e != y->e)
        return x->e < y->e ? 1 : -1;
    return x->i < y->i ? -1 : x->i > y->i;
}

/* p's terms summed by exponent, in decreasing order, zeros dropped, into the
 * rationals q[0..*n) with exponents e (q holds p->len initialised entries). */
static gbc_status sum_terms(gbc_ctx *ctx, const ppoly *p, uint32_t *e, mpq_t *q, size_t *n)
{
    eidx *ix;
    GBC_TRY(GBC_ALLOC(ctx, ix, p->len ? p->len : 1));
    int sorted = 1;
    for (size_t k = 0; k < p->len; k++) {
        ix[k].e = p->exps[k];
        ix[k].i = k;
        sorted = sorted && (k == 0 || ix[k].e < ix[k - 1].e);
    }
    gbc_status st = sorted ? GBC_OK : gbc_sort_cmp(ctx, ix, p->len, sizeof *ix, eidx_cmp, NULL);
    if (st != GBC_OK) {
        gbc_free(ctx, ix);
        return st;
    }
    size_t w = 0;
    for (size_t k = 0; k < p->len; k++) {
        if (w > 0 && e[w - 1] == ix[k].e) {
            mpq_add(q[w - 1], q[w - 1], p->cq[ix[k].i]);
            continue;
        }
        if (w > 0 && mpq_sgn(q[w - 1]) == 0)
            w--;
        e[w] = ix[k].e;
        mpq_set(q[w++], p->cq[ix[k].i]);
    }
    if (w > 0 && mpq_sgn(q[w - 1]) == 0)
        w--;
    gbc_free(ctx, ix);
    *n = w;
    return GBC_OK;
}

/* f = the primitive integer polynomial with a positive leading coefficient that is
 * an associate of p (f empty for p = 0). */
static gbc_status gen_of(qqst *S, const ppoly *p, ipoly *f)
{
    gbc_ctx *ctx = S->ctx;
    mpq_t *q;
    uint32_t *e;
    size_t n = 0, bytes = 0;
    GBC_TRY(GBC_ALLOC(ctx, e, p->len ? p->len : 1));
    if (GBC_ALLOC(ctx, q, p->len ? p->len : 1) != GBC_OK) {
        gbc_free(ctx, e);
        return gbc_ctx_alloc_status(ctx);
    }
    for (size_t k = 0; k < p->len; k++)
        mpq_init(q[k]);
    mpz_t l;
    mpz_init_set_ui(l, 1);
    gbc_status st = sum_terms(ctx, p, e, q, &n);
    for (size_t k = 0; k < n && st == GBC_OK; k++) {
        mpz_lcm(l, l, mpq_denref(q[k]));
        bytes += limb_bytes(mpq_numref(q[k])) + limb_bytes(mpq_denref(q[k]));
    }
    if (st == GBC_OK)
        st = qq_need(S, bytes + n * limb_bytes(l));
    if (st == GBC_OK && n > 0)
        st = ip_alloc(ctx, f, n);
    if (st == GBC_OK && n > 0) {
        memcpy(f->e, e, n * sizeof *e);
        for (size_t k = 0; k < n; k++) {
            mpz_divexact(f->c[k], l, mpq_denref(q[k]));
            mpz_mul(f->c[k], f->c[k], mpq_numref(q[k]));
        }
        mpz_abs(l, f->c[0]);
        for (size_t k = 1; k < n && mpz_cmpabs_ui(l, 1) != 0; k++)
            mpz_gcd(l, l, f->c[k]);
        if (mpz_sgn(f->c[0]) < 0)
            mpz_neg(l, l);
        for (size_t k = 0; k < n; k++)
            mpz_divexact(f->c[k], f->c[k], l);
    }
    mpz_clear(l);
    for (size_t k = 0; k < p->len; k++)
        mpq_clear(q[k]);
    gbc_free(ctx, q);
    gbc_free(ctx, e);
    return st;
}

/* S->g = the nonzero generators of in, primitive. */
static gbc_status gens_of(qqst *S, const plist *in)
{
    GBC_TRY(GBC_ZALLOC(S->ctx, S->g, in->n ? in->n : 1));
    for (size_t i = 0; i < in->n; i++) {
        GBC_TRY(gbc_ctx_check(S->ctx));
        GBC_TRY(gen_of(S, &in->p[i], &S->g[S->ng]));
        if (S->g[S->ng].len > 0)
            S->ng++;
    }
    return GBC_OK;
}

/* ------------------------------------------------- the images mod p -- */

/* g = the monic gcd modulo the prime of F of the generators (all nonzero modulo it:
 * the caller's prime does not divide every leading coefficient). */
static gbc_status image_mod(qqst *S, const field *F, upoly *g)
{
    upoly f;
    up_init(&f);
    gbc_status st = GBC_OK;
    g->len = 0;
    for (size_t i = 0; i < S->ng && st == GBC_OK; i++) {
        const ipoly *a = &S->g[i];
        f.len = 0;
        if ((st = up_reserve(S->ctx, &f, a->len)) != GBC_OK)
            break;
        for (size_t k = 0; k < a->len; k++) {
            uint32_t c = zp_from_mpz(F, a->c[k]);
            if (c != 0) {
                f.e[f.len] = a->e[k];
                f.c[f.len++] = c;
            }
        }
        if (f.len > 0)
            st = uni_gcd_take(S->ctx, F, g, &f);
        if (g->len == 1 && g->e[0] == 0)
            break; /* 1 modulo p: 1 over Q */
    }
    up_clear(S->ctx, &f);
    return st;
}

/* -------------------------------------------------------------- CRT -- */

/* The gcd's image scaled by the gcd of the leading coefficients, known modulo M
 * (the product of the primes taken): coefficients a in the symmetric range, on the
 * union of the images' supports (exponents decreasing). */
typedef struct qcrt {
    ipoly a;
    mpz_t M;
    size_t nprimes, bytes;
} qcrt;

/* A = A's value also congruent to l * img modulo p (for a fresh prime p; A empty:
 * A = that modulo p). *changed: some coefficient's symmetric value moved. */
static gbc_status crt_take(qqst *S, qcrt *A, const upoly *img, const field *F, uint32_t l,
                           int *changed)
{
    gbc_ctx *ctx = S->ctx;
    size_t n = 0;
    for (size_t i = 0, j = 0; i < A->a.len || j < img->len; n++) {
        int ti = i < A->a.len, tj = j < img->len;
        uint32_t ei = ti ? A->a.e[i] : 0, ej = tj ? img->e[j] : 0;
        i += ti && (!tj || ei >= ej);
        j += tj && (!ti || ej >= ei);
    }
    size_t bytes = n * (mpz_size(A->M) + 3) * sizeof(mp_limb_t);
    GBC_TRY(qq_need(S, bytes));
    ipoly b = {0, NULL, NULL};
    gbc_status st = ip_alloc(ctx, &b, n);
    if (st != GBC_OK) {
        qq_done(S, bytes);
        return st;
    }
    const uint32_t p = F->p;
    uint32_t minv = A->nprimes ? zp_inv(F, zp_from_mpz(F, A->M)) : 1;
    *changed = 0;
    for (size_t i = 0, j = 0, k = 0; k < n; k++) {
        int ti = i < A->a.len, tj = j < img->len;
        uint32_t ei = ti ? A->a.e[i] : 0, ej = tj ? img->e[j] : 0;
        int has_a = ti && (!tj || ei >= ej), has_r = tj && (!ti || ej >= ei);
        uint32_t r = has_r ? zp_mul(F, l, img->c[j]) : 0;
        b.e[k] = has_a ? ei : ej;
        if (has_a)
            mpz_swap(b.c[k], A->a.c[i]);
        /* t = (r - a) / M mod p, symmetric; a += t M */
        uint32_t t = zp_mul(F, zp_sub(F, r, zp_from_mpz(F, b.c[k])), minv);
        if (t != 0) {
            *changed = 1;
            if (t > p / 2)
                mpz_submul_ui(b.c[k], A->M, p - t);
            else
                mpz_addmul_ui(b.c[k], A->M, t);
        }
        i += has_a;
        j += has_r;
    }
    if (A->nprimes == 0)
        *changed = 1;
    ip_clear(ctx, &A->a);
    A->a = b;
    mpz_mul_ui(A->M, A->M, p);
    A->nprimes++;
    qq_done(S, A->bytes);
    A->bytes = bytes;
    return GBC_OK;
}

static void crt_reset(qqst *S, qcrt *A)
{
    ip_clear(S->ctx, &A->a);
    mpz_set_ui(A->M, 1);
    A->nprimes = 0;
    qq_done(S, A->bytes);
    A->bytes = 0;
}

/* ------------------------------------------------------------ proof -- */

/* A max-heap (on the exponent) of pending integer terms, each with the bytes
 * counted for it; integers of popped terms are kept for reuse in spare. */
typedef struct zent {
    uint32_t e;
    size_t bytes;
    mpz_t c;
} zent;

typedef struct zheap {
    zent *v;
    size_t n, cap;
    mpz_t *spare;
    size_t nspare, capspare;
} zheap;

static void zh_clear(qqst *S, zheap *h)
{
    for (size_t i = 0; i < h->n; i++) {
        qq_done(S, h->v[i].bytes);
        mpz_clear(h->v[i].c);
    }
    for (size_t i = 0; i < h->nspare; i++)
        mpz_clear(h->spare[i]);
    gbc_free(S->ctx, h->v);
    gbc_free(S->ctx, h->spare);
    memset(h, 0, sizeof *h);
}

/* Push the term (e, -q * c) (q NULL: the term (e, c)). */
static gbc_status zh_push(qqst *S, zheap *h, uint32_t e, const mpz_t q, const mpz_t c)
{
    size_t bytes = limb_bytes(c) + (q != NULL ? limb_bytes(q) : 0);
    GBC_TRY(GBC_GROW(S->ctx, h->v, h->cap, h->n + 1));
    GBC_TRY(qq_need(S, bytes));
    zent x;
    x.e = e;
    x.bytes = bytes;
    if (h->nspare > 0)
        *x.c = *h->spare[--h->nspare];
    else
        mpz_init(x.c);
    if (q != NULL) {
        mpz_mul(x.c, q, c);
        mpz_neg(x.c, x.c);
    } else {
        mpz_set(x.c, c);
    }
    size_t i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2].e < e) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = x;
    return GBC_OK;
}

#define KEY_E(x) ((x).e)

/* Remove the top term, adding its integer to acc (its own integer kept spare). */
static gbc_status zh_pop_into(qqst *S, zheap *h, mpz_t acc)
{
    zent top = h->v[0];
    UNI_HEAP_DROP_TOP(zent, h->v, h->n, KEY_E);
    mpz_add(acc, acc, top.c);
    qq_done(S, top.bytes);
    gbc_status st = GBC_GROW(S->ctx, h->spare, h->capspare, h->nspare + 1);
    if (st != GBC_OK) {
        mpz_clear(top.c);
        return st;
    }
    *h->spare[h->nspare++] = *top.c;
    return GBC_OK;
}

/* *divides: c (primitive, positive leading coefficient, degree >= 1) divides f in
 * Z[x], by division with a heap of pending terms: the largest is taken (equal
 * exponents summed), and at or above deg c cancelled by q x^k c with q an integer
 * (else c does not divide f: by Gauss's lemma, c primitive divides f in Q[x] only
 * with an integer quotient). Memory: the terms in flight, not the degree. */
static gbc_status divides_exactly(qqst *S, const ipoly *f, const ipoly *c, int *divides)
{
    zheap h;
    memset(&h, 0, sizeof h);
    mpz_t s, q;
    mpz_init(s);
    mpz_init(q);
    const uint32_t dc = c->e[0];
    const int unit_lc = mpz_cmp_ui(c->c[0], 1) == 0;
    gbc_status st = GBC_OK;
    *divides = 1;
    for (size_t k = 0; k < f->len && st == GBC_OK; k++)
        st = zh_push(S, &h, f->e[k], NULL, f->c[k]);
    while (st == GBC_OK && h.n > 0 && *divides) {
        uint32_t k = h.v[0].e;
        mpz_set_ui(s, 0);
        while (st == GBC_OK && h.n > 0 && h.v[0].e == k)
            st = zh_pop_into(S, &h, s);
        if (st != GBC_OK || (st = gbc_ctx_poll(S->ctx)) != GBC_OK || mpz_sgn(s) == 0)
            continue;
        if (k < dc || (!unit_lc && !mpz_divisible_p(s, c->c[0]))) {
            *divides = 0;
            break;
        }
        if (unit_lc)
            mpz_swap(q, s);
        else
            mpz_divexact(q, s, c->c[0]);
        for (size_t j = 1; j < c->len && st == GBC_OK; j++)
            st = zh_push(S, &h, k - dc + c->e[j], q, c->c[j]);
    }
    zh_clear(S, &h);
    mpz_clear(s);
    mpz_clear(q);
    return st;
}

/* A max-heap (on the exponent) of terms with machine-word coefficients. */
typedef struct wheap {
    struct went {
        uint32_t e;
        int64_t c;
    } *v;
    size_t n, cap;
} wheap;

static gbc_status wh_push(gbc_ctx *ctx, wheap *h, uint32_t e, int64_t c)
{
    GBC_TRY(GBC_GROW(ctx, h->v, h->cap, h->n + 1));
    size_t i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2].e < e) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i].e = e;
    h->v[i].c = c;
    return GBC_OK;
}

static int64_t wh_pop(wheap *h)
{
    int64_t top = h->v[0].c;
    UNI_HEAP_DROP_TOP(struct went, h->v, h->n, KEY_E);
    return top;
}

/* divides_exactly with machine words, when every coefficient of f and c fits one:
 * *verdict 1 (c divides f), 0 (it does not) or -1 (a sum or a product overflowed,
 * or a coefficient does not fit: no answer). */
static gbc_status divides_words(gbc_ctx *ctx, const ipoly *f, const ipoly *c, int *verdict)
{
    *verdict = -1;
    for (size_t k = 0; k < f->len; k++)
        if (!mpz_fits_slong_p(f->c[k]) || mpz_sizeinbase(f->c[k], 2) > 62)
            return GBC_OK;
    for (size_t k = 0; k < c->len; k++)
        if (!mpz_fits_slong_p(c->c[k]) || mpz_sizeinbase(c->c[k], 2) > 62)
            return GBC_OK;
    wheap h = {NULL, 0, 0};
    gbc_status st = GBC_OK;
    const uint32_t dc = c->e[0];
    const int64_t lc = mpz_get_si(c->c[0]);
    for (size_t k = 0; k < f->len && st == GBC_OK; k++)
        st = wh_push(ctx, &h, f->e[k], mpz_get_si(f->c[k]));
    int v = 1;
    while (st == GBC_OK && h.n > 0 && v == 1) {
        uint32_t k = h.v[0].e;
        int64_t s = wh_pop(&h);
        while (h.n > 0 && h.v[0].e == k && v == 1)
            if (__builtin_add_overflow(s, wh_pop(&h), &s))
                v = -1;
        if (v != 1 || (st = gbc_ctx_poll(ctx)) != GBC_OK || s == 0)
            continue;
        if (s == INT64_MIN) { /* -s / lc would overflow for lc = 1 */
            v = -1;
            break;
        }
        if (k < dc || s % lc != 0) {
            v = 0;
            break;
        }
        int64_t q = -(s / lc), t;
        for (size_t j = 1; j < c->len && st == GBC_OK && v == 1; j++) {
            if (__builtin_mul_overflow(q, mpz_get_si(c->c[j]), &t))
                v = -1;
            else
                st = wh_push(ctx, &h, k - dc + c->e[j], t);
        }
    }
    gbc_free(ctx, h.v);
    *verdict = v;
    return st;
}

/* ----------------------------------------- powers modulo a small c -- */

/* x = x * y mod c over Z, dense (length d; c monic of degree d, cd its coefficients
 * below x^d; x and y may be the same); t holds 2d scratch integers. */
static void zmulmod(mpz_t *x, mpz_t *y, mpz_t *cd, uint32_t d, mpz_t *t)
{
    for (uint32_t i = 0; i < 2 * d; i++)
        mpz_set_ui(t[i], 0);
    for (uint32_t i = 0; i < d; i++)
        if (mpz_sgn(x[i]) != 0)
            for (uint32_t j = 0; j < d; j++)
                mpz_addmul(t[i + j], x[i], y[j]);
    for (uint32_t k = 2 * d - 1; k-- > d;) /* x^k = x^(k-d) (x^d - c) */
        if (mpz_sgn(t[k]) != 0)
            for (uint32_t j = 0; j < d; j++)
                mpz_submul(t[k - d + j], t[k], cd[j]);
    for (uint32_t i = 0; i < d; i++)
        mpz_swap(x[i], t[i]);
}

/* Whether some integer of v[0..n) has more than POW_MAX_LIMBS limbs. */
static int too_big(mpz_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (mpz_size(v[i]) > POW_MAX_LIMBS)
            return 1;
    return 0;
}

/* acc += a * (x^e mod c) with pw and t as scratch (z: the dense form of x mod c);
 * *big: an integer outgrew POW_MAX_LIMBS (acc is then not meaningful). */
static gbc_status add_power(gbc_ctx *ctx, mpz_t *acc, const mpz_t a, uint32_t e, mpz_t *cd,
                            uint32_t d, mpz_t *pw, mpz_t *z, mpz_t *t, int *big)
{
    for (uint32_t i = 0; i < d; i++)
        mpz_set_ui(pw[i], i == 0);
    for (int bit = 31; bit >= 0 && !*big; bit--) {
        GBC_TRY(gbc_ctx_poll(ctx));
        zmulmod(pw, pw, cd, d, t);
        if ((e >> bit) & 1u)
            zmulmod(pw, z, cd, d, t);
        *big = too_big(pw, d);
    }
    for (uint32_t i = 0; i < d && !*big; i++)
        mpz_addmul(acc[i], a, pw[i]);
    *big = *big || too_big(acc, d);
    return GBC_OK;
}

/* *divides: c (monic, 1 <= deg c <= POW_MAX_DEG) divides f, by f mod c taken as the
 * sum of its terms' powers x^e mod c, each by square-and-multiply over Z. *big: the
 * integers outgrew POW_MAX_LIMBS, or their charge did not fit (no answer: the heap
 * division decides). */
static gbc_status divides_by_powers(qqst *S, const ipoly *f, const ipoly *c, int *divides,
                                    int *big)
{
    const uint32_t d = c->e[0];
    const size_t n = 6 * (size_t)d, bytes = n * (2 * POW_MAX_LIMBS + 4) * sizeof(mp_limb_t);
    *big = 1;
    if (qq_need(S, bytes) != GBC_OK)
        return GBC_OK;
    mpz_t *v;
    if (GBC_ALLOC(S->ctx, v, n) != GBC_OK) {
        qq_done(S, bytes);
        return gbc_ctx_alloc_status(S->ctx);
    }
    for (size_t i = 0; i < n; i++)
        mpz_init(v[i]);
    mpz_t *cd = v, *acc = v + d, *pw = v + 2 * (size_t)d, *z = v + 3 * (size_t)d;
    mpz_t *t = v + 4 * (size_t)d;
    for (size_t j = 1; j < c->len; j++)
        mpz_set(cd[c->e[j]], c->c[j]);
    if (d > 1) /* z = x mod c */
        mpz_set_ui(z[1], 1);
    else
        mpz_neg(z[0], cd[0]);
    gbc_status st = GBC_OK;
    *big = 0;
    for (size_t k = 0; k < f->len && st == GBC_OK && !*big; k++)
        st = add_power(S->ctx, acc, f->c[k], f->e[k], cd, d, pw, z, t, big);
    *divides = 1;
    for (uint32_t i = 0; i < d; i++)
        *divides = *divides && mpz_sgn(acc[i]) == 0;
    for (size_t i = 0; i < n; i++)
        mpz_clear(v[i]);
    gbc_free(S->ctx, v);
    qq_done(S, bytes);
    return st;
}

/* *divides: c divides f over Z, by the powers (when c is monic of small degree and
 * that costs fewer operations than the division, and its integers stay small), else
 * by the heap division, on machine words while they do not overflow. */
static gbc_status proves_division(qqst *S, const ipoly *f, const ipoly *c, int *divides)
{
    const uint32_t d = c->e[0];
    if (d <= POW_MAX_DEG && mpz_cmp_ui(c->c[0], 1) == 0 && f->e[0] > d) {
        double steps = ((double)f->e[0] - d + 1) * (double)c->len;
        double pow_cost = (double)f->len * 64.0 * (double)d * d * 8.0;
        int big = 1;
        if (pow_cost < steps)
            GBC_TRY(divides_by_powers(S, f, c, divides, &big));
        if (!big)
            return GBC_OK;
    }
    int v;
    GBC_TRY(divides_words(S->ctx, f, c, &v));
    if (v >= 0) {
        *divides = v;
        return GBC_OK;
    }
    return divides_exactly(S, f, c, divides);
}

/* *ok: the candidate c (A's value made primitive, positive leading coefficient)
 * divides every generator over Z. */
static gbc_status prove(qqst *S, const qcrt *A, ipoly *c, int *ok)
{
    GBC_TRY(qq_need(S, A->bytes));
    gbc_status st = ip_alloc(S->ctx, c, A->a.len);
    if (st != GBC_OK) {
        qq_done(S, A->bytes);
        return st;
    }
    mpz_t g;
    mpz_init(g);
    mpz_abs(g, A->a.c[0]);
    for (size_t k = 1; k < A->a.len && mpz_cmpabs_ui(g, 1) != 0; k++)
        mpz_gcd(g, g, A->a.c[k]);
    if (mpz_sgn(A->a.c[0]) < 0)
        mpz_neg(g, g);
    size_t w = 0;
    for (size_t k = 0; k < A->a.len; k++)
        if (mpz_sgn(A->a.c[k]) != 0) {
            c->e[w] = A->a.e[k];
            mpz_divexact(c->c[w++], A->a.c[k], g);
        }
    for (size_t k = w; k < c->len; k++)
        mpz_clear(c->c[k]);
    c->len = w;
    mpz_clear(g);
    *ok = 1;
    for (size_t i = 0; i < S->ng && *ok && st == GBC_OK; i++)
        st = proves_division(S, &S->g[i], c, ok);
    return st;
}

/* ----------------------------------------------------------- driver -- */

/* out = the one polynomial f made monic (f nonzero). */
static gbc_status output_monic(gbc_ctx *ctx, const ring *R, const ipoly *f, plist *out)
{
    ppoly *q;
    GBC_TRY(plist_push(ctx, out, f->len, 1, &R->F, &q));
    for (size_t k = 0; k < f->len; k++) {
        q->exps[k] = f->e[k];
        mpq_set_num(q->cq[k], f->c[k]);
        mpq_set_den(q->cq[k], f->c[0]);
        mpq_canonicalize(q->cq[k]);
    }
    return GBC_OK;
}

/* *p = the next prime below *p not dividing l; 0 when none is left. */
static int next_prime(uint32_t *p, const mpz_t l)
{
    for (uint32_t q = *p - 1; q >= 3; q--)
        if (zp_is_prime(q) == 1 && mpz_fdiv_ui(l, q) != 0) {
            *p = q;
            return 1;
        }
    return 0;
}

/* The gcd of S's generators (at least two, of degree >= 1) into c, by primes from
 * 2^31-1 down (*unit: the gcd is 1; *nused: the primes drawn). An image of higher
 * degree than the least seen is discarded (its prime is unlucky), one of lower
 * degree restarts the CRT; when a prime leaves the accumulated value unchanged it
 * is made primitive and proved (prove), else more primes follow (after a failed
 * proof, until their number has doubled). */
static gbc_status gcd_by_primes(qqst *S, qcrt *A, ipoly *c, int *unit, size_t *nused)
{
    gbc_ctx *ctx = S->ctx;
    const size_t max = ctx->plan && ctx->plan->max_primes ? ctx->plan->max_primes
                                                          : QQ_MAX_PRIMES;
    mpz_t l;
    mpz_init_set(l, S->g[0].c[0]);
    for (size_t i = 1; i < S->ng; i++)
        mpz_gcd(l, l, S->g[i].c[0]);
    upoly img;
    up_init(&img);
    gbc_status st = GBC_OK;
    uint32_t p = 2147483648u;
    size_t prove_at = 2;
    *unit = 0;
    for (int done = 0; !done && st == GBC_OK;) {
        if (!next_prime(&p, l) || ++*nused > max) {
            st = GBC_ERR_VERIFY;
            break;
        }
        field F;
        if ((st = gbc_ctx_check(ctx)) != GBC_OK || (st = field_init(&F, p)) != GBC_OK ||
            (st = image_mod(S, &F, &img)) != GBC_OK)
            break;
        if (img.e[0] == 0) {
            *unit = 1;
            break;
        }
        int changed = 1;
        if (A->nprimes > 0 && img.e[0] > A->a.e[0])
            continue; /* unlucky */
        if (A->nprimes > 0 && img.e[0] < A->a.e[0]) {
            crt_reset(S, A); /* the earlier primes were unlucky */
            prove_at = 2;
        }
        st = crt_take(S, A, &img, &F, zp_from_mpz(&F, l), &changed);
        if (st != GBC_OK || changed || A->nprimes < prove_at)
            continue;
        ip_clear(ctx, c);
        st = prove(S, A, c, &done); /* c's integers stay counted until the end */
        prove_at = 2 * A->nprimes;
    }
    up_clear(ctx, &img);
    mpz_clear(l);
    return st;
}

gbc_status strat_univariate_qq(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                               gb_stats *stats)
{
    double t0 = gbc_wall_time();
    qqst S = {ctx, NULL, 0, 0, 0};
    qcrt A;
    memset(&A, 0, sizeof A);
    mpz_init_set_ui(A.M, 1);
    ipoly c = {0, NULL, NULL};
    size_t nused = 0;
    int unit = 0;
    plist_init(out);
    gbc_status st = gens_of(&S, in);
    for (size_t i = 0; i < S.ng && st == GBC_OK; i++)
        unit = unit || S.g[i].e[0] == 0;
    if (st == GBC_OK && !unit && S.ng == 1)
        st = output_monic(ctx, R, &S.g[0], out);
    else if (st == GBC_OK && !unit && S.ng > 1)
        st = gcd_by_primes(&S, &A, &c, &unit, &nused);
    if (st == GBC_OK && S.ng > 1 && !unit)
        st = output_monic(ctx, R, &c, out);
    if (st == GBC_OK && unit) {
        ppoly *q;
        st = plist_push(ctx, out, 1, 1, &R->F, &q);
        if (st == GBC_OK) {
            q->exps[0] = 0;
            ppoly_set_one(q, 0, &R->F);
        }
    }
    if (st != GBC_OK)
        plist_clear(ctx, out, &R->F);
    else
        gbc_log(ctx, 1, "univariate over Q: a gcd of degree %u from %zu primes (%.2f s)",
                out->n ? out->p[0].exps[0] : 0, nused, gbc_wall_time() - t0);
    if (stats != NULL) {
        stats->primes = nused;
        if (st == GBC_OK)
            stats->basis_size = out->n;
    }
    ip_clear(ctx, &c);
    ip_clear(ctx, &A.a);
    mpz_clear(A.M);
    for (size_t i = 0; i < S.ng; i++)
        ip_clear(ctx, &S.g[i]);
    gbc_free(ctx, S.g);
    if (S.have > 0)
        gbc_ctx_uncharge(ctx, S.have);
    return st;
}
