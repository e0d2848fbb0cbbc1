/* api/arrays: polynomial lists to and from plain arrays (include/gbc.h, "Polynomials
 * as arrays"), so that callers without GMP, and FFI callers, can exchange data
 * without text. Input is canonicalised here: terms sorted in the ring's order,
 * equal monomials combined, zero coefficients dropped. */
#include <stdio.h>

#include "api/api.h"
#include "common/sort.h"
#include "gbc_gmp.h"

#define HANDLE_CTX NULL

/* Describe an argument error (no position). */
static void arr_msg(gbc_error *err, const char *msg)
{
    if (err == NULL)
        return;
    err->line = 0;
    err->column = 0;
    snprintf(err->message, sizeof err->message, "%s", msg);
}

/* Describe a bad term: polynomial k, term i (from 0), global term index t. */
static void arr_term_err(gbc_error *err, size_t k, size_t i, size_t t, const char *what,
                         const char *why)
{
    if (err == NULL)
        return;
    err->line = (uint64_t)k + 1;
    err->column = (uint64_t)i + 1;
    snprintf(err->message, sizeof err->message, "%s %llu (polynomial %llu, term %llu) %s",
             what, (unsigned long long)t, (unsigned long long)k + 1,
             (unsigned long long)i + 1, why);
}

/* ---------------------------------------------------------------- input -- */

/* Parse "[-+]digits" or "[-+]digits/digits" (nonzero denominator) into q. Returns
 * 0 and a reason in *why when s is not such a number. */
static int parse_rational(mpq_t q, const char *s, const char **why)
{
    if (s == NULL) {
        *why = "is a NULL string";
        return 0;
    }
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    const char *num = p;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == num) {
        *why = "is not a decimal number";
        return 0;
    }
    int den_zero = 0;
    if (*p == '/') {
        const char *den = ++p;
        den_zero = 1;
        while (*p >= '0' && *p <= '9') {
            if (*p != '0')
                den_zero = 0;
            p++;
        }
        if (p == den) {
            *why = "has no denominator after '/'";
            return 0;
        }
    }
    if (*p != '\0') {
        *why = "is not a decimal number";
        return 0;
    }
    if (den_zero) {
        *why = "has a zero denominator";
        return 0;
    }
    /* validated: GMP's parser accepts exactly this form (without a '+') */
    if (mpq_set_str(q, s[0] == '+' ? s + 1 : s, 10) != 0) {
        *why = "is not a decimal number";
        return 0;
    }
    mpq_canonicalize(q);
    return 1;
}

/* Where the coefficients of the input come from. */
typedef struct coef_src {
    const uint32_t *u32;      /* gbc_polys_from_arrays_zp */
    const char *const *str;   /* gbc_polys_from_arrays_q */
    const mpq_t *mpq;         /* gbc_polys_from_arrays_mpq (gbc_gmp.h) */
} coef_src;

/* Scratch shared by the polynomials of one conversion. */
typedef struct conv {
    gbc_ctx *ctx;
    const ring *R;
    size_t *idx;        /* term order permutation */
    uint32_t *cf;       /* Z/p coefficients of the current polynomial */
    mpq_t *cq;          /* Q coefficients (cqinit initialised) */
    size_t cap, cqinit;
    const struct arr_coefs *K; /* the field's family (arr_coefs_of) */
} conv;

/* The conversions of coefficients, one family over Z/p (zp_*) and one over Q (qq_*),
 * without a field branch inside; arr_coefs_of chooses one per call. */
typedef struct arr_coefs {
    /* Grow the scratch's coefficient slots to n (C->cap is updated by the caller). */
    gbc_status (*reserve)(conv *C, size_t n);
    /* Slot i = c (an unsigned integer, reduced modulo p over Z/p). */
    void (*set_u32)(conv *C, size_t i, uint32_t c);
    /* Slot i = q (canonical; q may be left changed). GBC_ERR_DOMAIN with *why when
     * q has no value in the field. */
    gbc_status (*set_q)(conv *C, size_t i, mpq_t q, const char **why);
    /* Slot dst += slot src. */
    void (*add)(conv *C, size_t dst, size_t src);
    int (*is_zero)(const conv *C, size_t i);
    /* p's term j = slot s (slot s may be left changed). */
    void (*take)(conv *C, ppoly *p, size_t j, size_t s);
    /* The coefficients of p as uint32 into dst; NULL in a family that has none (Q). */
    void (*get_u32)(uint32_t *dst, const ppoly *p);
    /* out = coefficient j of p. */
    void (*get_q)(mpq_t out, const ppoly *p, size_t j);
    /* Bytes (terminator included) that coefficient j of p needs as text, at most: an
     * upper bound (mpz_sizeinbase may exceed by one). */
    size_t (*size_bound)(const ppoly *p, size_t j);
    /* Write coefficient j of p into buf (room for size_bound bytes); returns its
     * length without the terminator. */
    size_t (*write)(char *buf, const ppoly *p, size_t j);
} arr_coefs;

static gbc_status zp_reserve(conv *C, size_t n)
{
    return GBC_RESIZE(C->ctx, C->cf, n);
}

static gbc_status qq_reserve(conv *C, size_t n)
{
    GBC_TRY(GBC_RESIZE(C->ctx, C->cq, n));
    for (; C->cqinit < n; C->cqinit++)
        mpq_init(C->cq[C->cqinit]);
    return GBC_OK;
}

static void zp_set_u32(conv *C, size_t i, uint32_t c)
{
    C->cf[i] = c % C->R->F.p;
}

static void qq_set_u32(conv *C, size_t i, uint32_t c)
{
    mpq_set_ui(C->cq[i], c, 1);
}

static gbc_status zp_set_q(conv *C, size_t i, mpq_t q, const char **why)
{
    if (!zp_from_mpq(&C->R->F, q, &C->cf[i])) {
        *why = "has a denominator divisible by the characteristic";
        return GBC_ERR_DOMAIN;
    }
    return GBC_OK;
}

static gbc_status qq_set_q(conv *C, size_t i, mpq_t q, const char **why)
{
    (void)why;
    mpq_swap(C->cq[i], q);
    return GBC_OK;
}

static void zp_add_slot(conv *C, size_t dst, size_t src)
{
    C->cf[dst] = zp_add(&C->R->F, C->cf[dst], C->cf[src]);
}

static void qq_add_slot(conv *C, size_t dst, size_t src)
{
    mpq_add(C->cq[dst], C->cq[dst], C->cq[src]);
}

static int zp_is_zero(const conv *C, size_t i)
{
    return C->cf[i] == 0;
}

static int qq_is_zero(const conv *C, size_t i)
{
    return mpq_sgn(C->cq[i]) == 0;
}

static void zp_take(conv *C, ppoly *p, size_t j, size_t s)
{
    p->cf[j] = C->cf[s];
}

static void qq_take(conv *C, ppoly *p, size_t j, size_t s)
{
    mpq_swap(p->cq[j], C->cq[s]);
}

static void zp_get_u32(uint32_t *dst, const ppoly *p)
{
    memcpy(dst, p->cf, p->len * sizeof(uint32_t));
}

static void zp_get_q(mpq_t out, const ppoly *p, size_t j)
{
    mpq_set_ui(out, p->cf[j], 1);
}

static void qq_get_q(mpq_t out, const ppoly *p, size_t j)
{
    mpq_set(out, p->cq[j]);
}

static size_t zp_size_bound(const ppoly *p, size_t j)
{
    (void)p;
    (void)j;
    return 11;
}

static size_t qq_size_bound(const ppoly *p, size_t j)
{
    const mpq_t *c = &p->cq[j];
    size_t n = mpz_sizeinbase(mpq_numref(*c), 10) + 2;
    if (mpz_cmp_ui(mpq_denref(*c), 1) != 0)
        n += mpz_sizeinbase(mpq_denref(*c), 10) + 1;
    return n;
}

static size_t zp_write(char *buf, const ppoly *p, size_t j)
{
    return (size_t)snprintf(buf, 11, "%u", (unsigned)p->cf[j]);
}

static size_t qq_write(char *buf, const ppoly *p, size_t j)
{
    mpq_get_str(buf, 10, p->cq[j]);
    return strlen(buf);
}

static const arr_coefs arr_zp = {zp_reserve, zp_set_u32,   zp_set_q,   zp_add_slot,
                                 zp_is_zero, zp_take,      zp_get_u32, zp_get_q,
                                 zp_size_bound, zp_write};
static const arr_coefs arr_qq = {qq_reserve, qq_set_u32,   qq_set_q,   qq_add_slot,
                                 qq_is_zero, qq_take,      NULL,       qq_get_q,
                                 qq_size_bound, qq_write};

/* The family of R's field: the one field decision of the arrays API. */
static const arr_coefs *arr_coefs_of(const ring *R)
{
    return R->F.p != 0 ? &arr_zp : &arr_qq;
}

/* The comparison that sorts term indices so that their exponent rows decrease
 * (arg: the conv_terms below). */
typedef struct conv_terms {
    const mono_order *ord;
    const uint32_t *exps;
    uint32_t nvars;
} conv_terms;

static int term_cmp(const void *pa, const void *pb, void *arg)
{
    const conv_terms *T = arg;
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    return mono_cmp(T->ord, T->exps + b * T->nvars, T->exps + a * T->nvars);
}

static gbc_status conv_reserve(conv *C, size_t n)
{
    if (n <= C->cap)
        return GBC_OK;
    gbc_ctx *ctx = C->ctx;
    GBC_TRY(GBC_RESIZE(ctx, C->idx, n));
    GBC_TRY(C->K->reserve(C, n));
    C->cap = n;
    return GBC_OK;
}

static void conv_clear(conv *C)
{
    for (size_t i = 0; i < C->cqinit; i++)
        mpq_clear(C->cq[i]);
    gbc_free(C->ctx, C->idx);
    gbc_free(C->ctx, C->cf);
    gbc_free(C->ctx, C->cq);
}

/* Read coefficient t (global term index) into slot i of the scratch. */
static gbc_status read_coef(conv *C, const coef_src *src, size_t t, size_t i, mpq_t q,
                            const char **why)
{
    if (src->u32 != NULL) {
        C->K->set_u32(C, i, src->u32[t]);
        return GBC_OK;
    }
    if (src->mpq != NULL) {
        if (mpz_sgn(mpq_denref(src->mpq[t])) == 0) {
            *why = "has a zero denominator";
            return GBC_ERR_ARG;
        }
        mpq_set(q, src->mpq[t]);
        mpq_canonicalize(q);
    } else if (!parse_rational(q, src->str[t], why)) {
        return GBC_ERR_PARSE;
    }
    return C->K->set_q(C, i, q, why);
}

/* Append polynomial k (n terms from global index t0) to L in canonical form. */
static gbc_status conv_poly(conv *C, plist *L, size_t k, size_t n, size_t t0,
                            const uint32_t *exps, const coef_src *src, mpq_t q,
                            gbc_error *err)
{
    const ring *R = C->R;
    const uint32_t nv = R->nvars;
    const arr_coefs *K = C->K;
    GBC_TRY(conv_reserve(C, n));
    static const uint32_t none[1] = {0}; /* the exponents when there are no variables */
    const uint32_t *e = nv > 0 && exps != NULL ? exps + t0 * nv : none; /* NULL: no term */
    for (size_t i = 0; i < n; i++) {
        if (mono_degree(e + i * nv, nv) > UINT32_MAX) {
            arr_term_err(err, k, i, t0 + i, "term", "has a total degree >= 2^32");
            return GBC_ERR_OVERFLOW;
        }
        const char *why = "";
        gbc_status st = read_coef(C, src, t0 + i, i, q, &why);
        if (st != GBC_OK) {
            arr_term_err(err, k, i, t0 + i, "coefficient", why);
            return st;
        }
        C->idx[i] = i;
    }
    conv_terms T = {&R->ord, e, nv};
    GBC_TRY(gbc_sort_cmp(C->ctx, C->idx, n, sizeof *C->idx, term_cmp, &T));
    /* combine equal monomials in place (slot idx[first] holds the sum), count */
    size_t m = 0;
    for (size_t a = 0; a < n;) {
        size_t b = a + 1, first = C->idx[a];
        while (b < n && (nv == 0 || memcmp(e + C->idx[b] * nv, e + first * nv,
                                           nv * sizeof(uint32_t)) == 0)) {
            K->add(C, first, C->idx[b]);
            b++;
        }
        if (!K->is_zero(C, first))
            C->idx[m++] = first;
        a = b;
    }
    ppoly *p;
    GBC_TRY(plist_push(C->ctx, L, m, nv, &R->F, &p));
    for (size_t i = 0; i < m; i++) {
        size_t s = C->idx[i];
        if (nv > 0)
            memcpy(p->exps + i * nv, e + s * nv, nv * sizeof(uint32_t));
        K->take(C, p, i, s);
    }
    return GBC_OK;
}

/* The common body of gbc_polys_from_arrays_*: validate, convert, wrap. */
static gbc_status polys_from_arrays(gbc_polys **polys, const gbc_ring *rg, size_t npolys,
                                 const size_t *nterms, const uint32_t *exps,
                                 const coef_src *src, const gbc_options *opts,
                                 gbc_error *err)
{
    if (err != NULL)
        memset(err, 0, sizeof *err);
    if (polys == NULL || rg == NULL || (nterms == NULL && npolys > 0)) {
        arr_msg(err, "NULL argument");
        return GBC_ERR_ARG;
    }
    size_t total = 0;
    for (size_t k = 0; k < npolys; k++)
        if (gbc_add_size(&total, total, nterms[k])) {
            arr_msg(err, "the term counts overflow");
            return GBC_ERR_ARG;
        }
    const ring *R = &rg->R;
    int no_coefs = src->u32 == NULL && src->str == NULL && src->mpq == NULL;
    if (total > 0 && ((exps == NULL && R->nvars > 0) || no_coefs)) {
        arr_msg(err, "NULL exponent or coefficient array");
        return GBC_ERR_ARG;
    }
    gbc_plan plan;
    gbc_ctx ctx;
    api_ctx_from_options(&ctx, &plan, opts);
    conv C;
    memset(&C, 0, sizeof C);
    C.ctx = &ctx;
    C.R = R;
    C.K = arr_coefs_of(R);
    plist L;
    plist_init(&L);
    mpq_t q;
    mpq_init(q);
    gbc_status st = GBC_OK;
    size_t t0 = 0;
    for (size_t k = 0; k < npolys && st == GBC_OK; k++) {
        st = gbc_ctx_poll(&ctx);
        if (st == GBC_OK)
            st = conv_poly(&C, &L, k, nterms[k], t0, exps, src, q, err);
        t0 += nterms[k];
    }
    mpq_clear(q);
    conv_clear(&C);
    if (st == GBC_OK)
        st = api_polys_wrap(&ctx, polys, (gbc_ring *)rg, &L);
    if (st != GBC_OK) {
        plist_clear(&ctx, &L, &R->F);
        if (err != NULL && err->message[0] == '\0')
            arr_msg(err, gbc_status_string(st));
    }
    return st;
}

GBC_API gbc_status gbc_polys_from_arrays_zp(gbc_polys **polys, const gbc_ring *rg,
                                            size_t npolys, const size_t *nterms,
                                            const uint32_t *exps, const uint32_t *coefs,
                                            const gbc_options *opts, gbc_error *err)
{
    coef_src src = {coefs, NULL, NULL};
    return polys_from_arrays(polys, rg, npolys, nterms, exps, &src, opts, err);
}

GBC_API gbc_status gbc_polys_from_arrays_q(gbc_polys **polys, const gbc_ring *rg,
                                           size_t npolys, const size_t *nterms,
                                           const uint32_t *exps, const char *const *coefs,
                                           const gbc_options *opts, gbc_error *err)
{
    coef_src src = {NULL, coefs, NULL};
    return polys_from_arrays(polys, rg, npolys, nterms, exps, &src, opts, err);
}

GBC_API gbc_status gbc_polys_from_arrays_mpq(gbc_polys **polys, const gbc_ring *rg,
                                             size_t npolys, const size_t *nterms,
                                             const uint32_t *exps, const mpq_t *coefs,
                                             const gbc_options *opts, gbc_error *err)
{
    coef_src src = {NULL, NULL, coefs};
    return polys_from_arrays(polys, rg, npolys, nterms, exps, &src, opts, err);
}

/* --------------------------------------------------------------- output -- */

GBC_API size_t gbc_polys_nterms(const gbc_polys *polys, size_t i)
{
    if (polys == NULL || i >= polys->L.n)
        return 0;
    return polys->L.p[i].len;
}

GBC_API size_t gbc_polys_total_terms(const gbc_polys *polys)
{
    size_t t = 0;
    if (polys != NULL)
        for (size_t i = 0; i < polys->L.n; i++)
            t += polys->L.p[i].len;
    return t;
}

GBC_API gbc_status gbc_polys_get_zp(uint32_t *exps, uint32_t *coefs, size_t cap,
                                    const gbc_polys *polys, size_t i)
{
    if (polys == NULL || i >= polys->L.n)
        return GBC_ERR_ARG;
    const ppoly *p = &polys->L.p[i];
    const ring *R = &polys->ring->R;
    const arr_coefs *K = arr_coefs_of(R);
    if (coefs != NULL && K->get_u32 == NULL)
        return GBC_ERR_DOMAIN;
    if (cap < p->len)
        return GBC_ERR_ARG;
    if (exps != NULL && p->len > 0 && R->nvars > 0)
        memcpy(exps, p->exps, p->len * R->nvars * sizeof(uint32_t));
    if (coefs != NULL && p->len > 0)
        K->get_u32(coefs, p);
    return GBC_OK;
}

GBC_API gbc_status gbc_polys_get_mpq(uint32_t *exps, mpq_t *coefs, size_t cap,
                                     const gbc_polys *polys, size_t i)
{
    if (polys == NULL || i >= polys->L.n || cap < polys->L.p[i].len)
        return GBC_ERR_ARG;
    const ppoly *p = &polys->L.p[i];
    const ring *R = &polys->ring->R;
    GBC_TRY(gbc_polys_get_zp(exps, NULL, cap, polys, i));
    const arr_coefs *K = arr_coefs_of(R);
    if (coefs != NULL)
        for (size_t j = 0; j < p->len; j++)
            K->get_q(coefs[j], p, j);
    return GBC_OK;
}

GBC_API gbc_status gbc_polys_get_coef_q(char *buf, size_t size, size_t *needed,
                                        const gbc_polys *polys, size_t i, size_t j)
{
    if (polys == NULL || i >= polys->L.n || j >= polys->L.p[i].len)
        return GBC_ERR_ARG;
    const ring *R = &polys->ring->R;
    const ppoly *p = &polys->L.p[i];
    const arr_coefs *K = arr_coefs_of(R);
    size_t bound = K->size_bound(p, j);
    char small[64];
    char *tmp = bound <= sizeof small ? small : gbc_malloc(HANDLE_CTX, bound);
    if (tmp == NULL)
        return GBC_ERR_NOMEM;
    size_t len = K->write(tmp, p, j);
    gbc_status st = GBC_OK;
    if (needed != NULL)
        *needed = len + 1;
    if (buf == NULL && size == 0)
        st = needed != NULL ? GBC_OK : GBC_ERR_ARG; /* a size query */
    else if (buf == NULL || size < len + 1)
        st = GBC_ERR_ARG;
    else
        memcpy(buf, tmp, len + 1);
    if (tmp != small)
        gbc_free(HANDLE_CTX, tmp);
    return st;
}

/* nterms and exps of the whole list, library-owned. */
static gbc_status export_shape(size_t **nterms, uint32_t **exps, const gbc_polys *polys)
{
    const ring *R = &polys->ring->R;
    const plist *L = &polys->L;
    size_t total = gbc_polys_total_terms(polys), ne;
    if (gbc_mul_size(&ne, total, R->nvars))
        return GBC_ERR_NOMEM;
    size_t *nt;
    uint32_t *e;
    GBC_TRY(GBC_ALLOC(HANDLE_CTX, nt, L->n ? L->n : 1));
    if (GBC_ALLOC(HANDLE_CTX, e, ne ? ne : 1) != GBC_OK) {
        gbc_free(HANDLE_CTX, nt);
        return GBC_ERR_NOMEM;
    }
    size_t t = 0;
    for (size_t k = 0; k < L->n; k++) {
        nt[k] = L->p[k].len;
        if (L->p[k].len > 0 && R->nvars > 0)
            memcpy(e + t * R->nvars, L->p[k].exps, L->p[k].len * R->nvars * sizeof(uint32_t));
        t += L->p[k].len;
    }
    *nterms = nt;
    *exps = e;
    return GBC_OK;
}

GBC_API gbc_status gbc_polys_to_arrays_zp(size_t **nterms, uint32_t **exps,
                                          uint32_t **coefs, const gbc_polys *polys)
{
    if (nterms == NULL || exps == NULL || coefs == NULL || polys == NULL)
        return GBC_ERR_ARG;
    const arr_coefs *K = arr_coefs_of(&polys->ring->R);
    if (K->get_u32 == NULL)
        return GBC_ERR_DOMAIN;
    const plist *L = &polys->L;
    size_t total = gbc_polys_total_terms(polys);
    uint32_t *c;
    GBC_TRY(GBC_ALLOC(HANDLE_CTX, c, total ? total : 1));
    size_t *nt;
    uint32_t *e;
    gbc_status st = export_shape(&nt, &e, polys);
    if (st != GBC_OK) {
        gbc_free(HANDLE_CTX, c);
        return st;
    }
    size_t t = 0;
    for (size_t k = 0; k < L->n; k++) {
        if (L->p[k].len > 0)
            K->get_u32(c + t, &L->p[k]);
        t += L->p[k].len;
    }
    *nterms = nt;
    *exps = e;
    *coefs = c;
    return GBC_OK;
}

GBC_API gbc_status gbc_polys_to_arrays_q(size_t **nterms, uint32_t **exps, char ***coefs,
                                         const gbc_polys *polys)
{
    if (nterms == NULL || exps == NULL || coefs == NULL || polys == NULL)
        return GBC_ERR_ARG;
    const arr_coefs *K = arr_coefs_of(&polys->ring->R);
    const plist *L = &polys->L;
    size_t total = gbc_polys_total_terms(polys);
    /* one block: total pointers, then the characters they point to */
    size_t bytes;
    if (gbc_mul_size(&bytes, total ? total : 1, sizeof(char *)))
        return GBC_ERR_NOMEM;
    for (size_t k = 0; k < L->n; k++)
        for (size_t j = 0; j < L->p[k].len; j++)
            if (gbc_add_size(&bytes, bytes, K->size_bound(&L->p[k], j)))
                return GBC_ERR_NOMEM;
    char **block = gbc_malloc(HANDLE_CTX, bytes);
    if (block == NULL)
        return GBC_ERR_NOMEM;
    size_t *nt;
    uint32_t *e;
    gbc_status st = export_shape(&nt, &e, polys);
    if (st != GBC_OK) {
        gbc_free(HANDLE_CTX, block);
        return st;
    }
    char *chars = (char *)(block + (total ? total : 1));
    size_t t = 0;
    for (size_t k = 0; k < L->n; k++)
        for (size_t j = 0; j < L->p[k].len; j++, t++) {
            block[t] = chars;
            chars += K->write(chars, &L->p[k], j) + 1;
        }
    *nterms = nt;
    *exps = e;
    *coefs = block;
    return GBC_OK;
}

GBC_API void gbc_array_free(void *array)
{
    gbc_free(HANDLE_CTX, array);
}
