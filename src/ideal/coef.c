/* ideal/coef: the field kernels of the ideal operations, once over Z/p (zp_*) and
 * once over Q (qq_*), gathered in two const tables; id_coefs_of picks one per call,
 * so the constructions of ideal/ hold no field branch of their own. */
#include "ideal/ideal.h"

static void zp_copy(const field *F, ppoly *q, size_t j, const ppoly *f, size_t i, int s)
{
    uint32_t c = f->cf[i];
    q->cf[j] = s > 0 ? c : F->p - c;
}

static void qq_copy(const field *F, ppoly *q, size_t j, const ppoly *f, size_t i, int s)
{
    (void)F;
    mpq_set(q->cq[j], f->cq[i]);
    if (s < 0)
        mpq_neg(q->cq[j], q->cq[j]);
}

static void zp_set_unit(const field *F, ppoly *q, size_t j, int s)
{
    q->cf[j] = s > 0 ? 1 : F->p - 1;
}

static void qq_set_unit(const field *F, ppoly *q, size_t j, int s)
{
    (void)F;
    mpq_set_si(q->cq[j], s, 1);
}

static int zp_equal(const ppoly *p, size_t i, const ppoly *q, size_t j)
{
    return p->cf[i] == q->cf[j];
}

static int qq_equal(const ppoly *p, size_t i, const ppoly *q, size_t j)
{
    return mpq_equal(p->cq[i], q->cq[j]) != 0;
}

/* Grow the quotient's monomials to nc entries (*qcap: their count so far). */
static gbc_status quot_grow_mon(gbc_ctx *ctx, poly *Q, uint32_t *qcap, uint32_t *nc)
{
    *nc = *qcap ? 2 * *qcap : 8;
    if (*nc < *qcap)
        return GBC_ERR_LIMIT;
    return GBC_RESIZE(ctx, Q->mon, *nc);
}

/* The quotient's next monomial mon = LM(r) / LM(f) (GBC_ERR_INTERNAL when LM(f)
 * does not divide LM(r)). */
static gbc_status quot_mon(gbc_ctx *ctx, const poly *r, const poly *f, mht *t, uint32_t *mon)
{
    GBC_TRY(gbc_ctx_poll(ctx));
    if (!mht_divides(t, f->mon[0], t, r->mon[0]))
        return GBC_ERR_INTERNAL;
    return mht_insert_div(ctx, t, t, r->mon[0], f->mon[0], mon);
}

/* r -= c mon f, r replaced by the difference (m and s: scratch, empty on return). */
static gbc_status quot_subtract(gbc_ctx *ctx, poly *r, poly *m, poly *s, const poly *f,
                                uint32_t mon, uint32_t negc, const mpz_t negcz, mht *t,
                                const field *F)
{
    GBC_TRY(poly_mul_mono(ctx, m, f, mon, t, F));
    GBC_TRY(poly_add_scaled(ctx, s, r, m, negc, negcz, t, F));
    poly_clear(ctx, m, F);
    poly_clear(ctx, r, F);
    *r = *s;
    poly_init(s);
    return GBC_OK;
}

/* One field's steps of exact division: grow the quotient's coefficients to nc
 * entries; set the quotient coefficient LC(r) / LC(f) at Q[i] and its negation in
 * *negc (Z/p) or negz (Q), the factor that quot_subtract takes (inv: 1 / LC(f) over
 * Z/p, unused over Q). GBC_ERR_INTERNAL when the division is not exact. */
typedef struct {
    gbc_status (*grow)(gbc_ctx *ctx, poly *Q, uint32_t nc);
    gbc_status (*coef)(const field *F, poly *Q, uint32_t i, const poly *r, const poly *f,
                       uint32_t inv, uint32_t *negc, mpz_t negz);
} quot_steps;

static gbc_status zp_quot_grow(gbc_ctx *ctx, poly *Q, uint32_t nc)
{
    return GBC_RESIZE(ctx, Q->cf, nc);
}

static gbc_status qq_quot_grow(gbc_ctx *ctx, poly *Q, uint32_t nc)
{
    return GBC_RESIZE(ctx, Q->cz, nc);
}

static gbc_status zp_quot_coef(const field *F, poly *Q, uint32_t i, const poly *r,
                               const poly *f, uint32_t inv, uint32_t *negc, mpz_t negz)
{
    (void)f;
    (void)negz;
    const uint32_t cf = zp_mul(F, r->cf[0], inv);
    Q->cf[i] = cf;
    *negc = F->p - cf;
    return GBC_OK;
}

static gbc_status qq_quot_coef(const field *F, poly *Q, uint32_t i, const poly *r,
                               const poly *f, uint32_t inv, uint32_t *negc, mpz_t negz)
{
    (void)F;
    (void)inv;
    if (!mpz_divisible_p(r->cz[0], f->cz[0]))
        return GBC_ERR_INTERNAL;
    mpz_divexact(negz, r->cz[0], f->cz[0]);
    mpz_init_set(Q->cz[i], negz);
    mpz_neg(negz, negz);
    *negc = 0;
    return GBC_OK;
}

/* id_divide_exact with one field's steps (inv as quot_steps.coef takes it). */
static gbc_status divide_exact_with(gbc_ctx *ctx, poly *q, const poly *h, const poly *f,
                                    mht *t, const field *F, const quot_steps *steps,
                                    uint32_t inv)
{
    poly r, m, s, Q;
    poly_init(&m);
    poly_init(&s);
    poly_init(&Q);
    uint32_t qcap = 0;
    mpz_t c; /* the negated quotient coefficient over Q (unused modulo p) */
    mpz_init(c);
    gbc_status st = poly_copy(ctx, &r, h, F);
    if (st != GBC_OK)
        goto out0;
    Q.len = 0;
    while (r.len > 0) {
        uint32_t mon, negc;
        GBC_CHECK(st, quot_mon(ctx, &r, f, t, &mon), out);
        /* the next quotient term (monomials come out decreasing) */
        if (Q.len == qcap) {
            uint32_t nc;
            GBC_CHECK(st, quot_grow_mon(ctx, &Q, &qcap, &nc), out);
            GBC_CHECK(st, steps->grow(ctx, &Q, nc), out);
            qcap = nc;
        }
        GBC_CHECK(st, steps->coef(F, &Q, Q.len, &r, f, inv, &negc, c), out);
        Q.mon[Q.len++] = mon;
        GBC_CHECK(st, quot_subtract(ctx, &r, &m, &s, f, mon, negc, c, t, F), out);
    }
    *q = Q;
    poly_init(&Q);
out:
    poly_clear(ctx, &m, F);
    poly_clear(ctx, &s, F);
    poly_clear(ctx, &r, F);
out0:
    poly_clear(ctx, &Q, F);
    mpz_clear(c);
    return st;
}

static gbc_status zp_divide_exact(gbc_ctx *ctx, poly *q, const poly *h, const poly *f, mht *t,
                                  const field *F)
{
    static const quot_steps steps = {zp_quot_grow, zp_quot_coef};
    return divide_exact_with(ctx, q, h, f, t, F, &steps, zp_inv(F, f->cf[0]));
}

static gbc_status qq_divide_exact(gbc_ctx *ctx, poly *q, const poly *h, const poly *f, mht *t,
                                  const field *F)
{
    static const quot_steps steps = {qq_quot_grow, qq_quot_coef};
    return divide_exact_with(ctx, q, h, f, t, F, &steps, 0);
}

static void zp_nf_unscale(ppoly *r, const mpz_t scale, const poly *fz, const ppoly *f)
{
    (void)r;
    (void)scale;
    (void)fz;
    (void)f;
}

static void qq_nf_unscale(ppoly *r, const mpz_t scale, const poly *fz, const ppoly *f)
{
    /* fz = c f with c = lc(fz) / lc(f), and r = scale * NF(fz):
     * NF(f) = r * lc(f) / (scale * lc(fz)). */
    mpq_t k;
    mpq_init(k);
    mpz_mul(mpq_denref(k), scale, fz->cz[0]);
    mpz_set_ui(mpq_numref(k), 1);
    mpq_canonicalize(k);
    mpq_mul(k, k, f->cq[0]);
    for (size_t i = 0; i < r->len; i++)
        mpq_mul(r->cq[i], r->cq[i], k);
    mpq_clear(k);
}

static const id_coefs coefs_zp = {zp_copy, zp_set_unit, zp_equal, zp_divide_exact,
                                  zp_nf_unscale};
static const id_coefs coefs_qq = {qq_copy, qq_set_unit, qq_equal, qq_divide_exact,
                                  qq_nf_unscale};

const id_coefs *id_coefs_of(const field *F)
{
    return F->p != 0 ? &coefs_zp : &coefs_qq;
}
