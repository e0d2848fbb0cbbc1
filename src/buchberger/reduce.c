/* buchberger/reduce: heap-driven normal forms (see reduce.h). The heap, the marks
 * and the lifecycle are shared; the accumulator and the reduction loop come in a
 * Z/p and a Q version, chosen once by bb_red_init (red_ops_of) and called through
 * bb_red.ops, so that no loop tests the field. */
#include "buchberger/reduce.h"

#include "poly/coef.h"

struct bb_red_ops {
    gbc_status (*add)(gbc_ctx *ctx, bb_red *r, const poly *g, uint32_t from, uint32_t m,
                      uint32_t c, const mpz_t cz);
    gbc_status (*add_spair)(gbc_ctx *ctx, bb_red *r, const poly *gi, uint32_t ui,
                            const poly *gj, uint32_t uj);
    gbc_status (*emit_lead)(gbc_ctx *ctx, bb_red *r, const poly *f);
    gbc_status (*run)(gbc_ctx *ctx, bb_red *r, const bb_reducers *G, int full);
    gbc_status (*take)(gbc_ctx *ctx, bb_red *r, poly *f);
};

/* The limbs the accumulator and the output hold now. */
static size_t red_zbytes(const bb_red *r)
{
    size_t b = 0;
    for (size_t i = 0; i < r->accz_init; i++)
        b += mpz_size(r->accz[i]);
    if (r->out.cz != NULL)
        for (uint32_t i = 0; i < r->outcap; i++)
            b += mpz_size(r->out.cz[i]);
    return b * sizeof(mp_limb_t);
}

/* Charge bytes more before an operation that may grow the integers by that much:
 * the limit or the ceiling stops the reduction before GMP could run out. */
static gbc_status red_charge(gbc_ctx *ctx, bb_red *r, size_t bytes)
{
    if (r->zb > 2 * r->zexact + ((size_t)1 << 20) || bytes > ((size_t)1 << 20)) {
        size_t now = red_zbytes(r);
        if (now < r->zb)
            gbc_ctx_uncharge(ctx, r->zb - now);
        else
            GBC_TRY(gbc_ctx_charge(ctx, now - r->zb));
        r->zb = r->zexact = now;
    }
    GBC_TRY(gbc_ctx_charge(ctx, bytes));
    r->zb += bytes;
    return GBC_OK;
}

void bb_red_clear(gbc_ctx *ctx, bb_red *r)
{
    gbc_ctx_uncharge(ctx, r->zb);
    for (size_t i = 0; i < r->accz_init; i++)
        mpz_clear(r->accz[i]);
    gbc_free(ctx, r->acc);
    gbc_free(ctx, r->accz);
    gbc_free(ctx, r->mark);
    gbc_free(ctx, r->heap);
    /* out's coefficient arrays are sized by outcap, not len */
    if (r->out.cz != NULL)
        for (uint32_t i = 0; i < r->outcap; i++)
            mpz_clear(r->out.cz[i]);
    gbc_free(ctx, r->out.mon);
    gbc_free(ctx, r->out.cf);
    gbc_free(ctx, r->out.cz);
    mpz_clears(r->tmp1, r->tmp2, r->tmp3, r->scale, NULL);
    memset(r, 0, sizeof *r);
}

/* The capacity the dense arrays need to cover every index of the table, with the
 * marks grown to it; 0 when they already do. */
static gbc_status red_cover_marks(gbc_ctx *ctx, bb_red *r, size_t *ncap_out)
{
    size_t need = r->t->size;
    *ncap_out = 0;
    if (need <= r->acccap)
        return GBC_OK;
    size_t ncap = r->acccap ? r->acccap : 1024;
    while (ncap < need)
        ncap *= 2;
    uint8_t *mark = gbc_realloc(ctx, r->mark, ncap);
    if (mark == NULL)
        return gbc_ctx_alloc_status(ctx);
    memset(mark + r->acccap, 0, ncap - r->acccap);
    r->mark = mark;
    *ncap_out = ncap;
    return GBC_OK;
}

/* Make the marks and the residues cover every index of the table. */
static gbc_status red_cover_zp(gbc_ctx *ctx, bb_red *r)
{
    size_t ncap;
    GBC_TRY(red_cover_marks(ctx, r, &ncap));
    if (ncap == 0)
        return GBC_OK;
    GBC_TRY(GBC_RESIZE(ctx, r->acc, ncap));
    r->acccap = ncap;
    return GBC_OK;
}

/* Make the marks and the integers cover every index of the table. */
static gbc_status red_cover_qq(gbc_ctx *ctx, bb_red *r)
{
    size_t ncap;
    GBC_TRY(red_cover_marks(ctx, r, &ncap));
    if (ncap == 0)
        return GBC_OK;
    GBC_TRY(GBC_RESIZE(ctx, r->accz, ncap));
    for (size_t i = r->accz_init; i < ncap; i++)
        mpz_init(r->accz[i]);
    r->accz_init = ncap;
    r->acccap = ncap;
    return GBC_OK;
}

static inline int heap_less(const mht *t, uint32_t a, uint32_t b)
{
    return mht_cmp(t, a, b) < 0;
}

static gbc_status heap_push(gbc_ctx *ctx, bb_red *r, uint32_t m)
{
    GBC_TRY(GBC_GROW(ctx, r->heap, r->hcap, r->hn + 1));
    size_t i = r->hn++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!heap_less(r->t, r->heap[p], m))
            break;
        r->heap[i] = r->heap[p];
        i = p;
    }
    r->heap[i] = m;
    r->mark[m] = 1;
    return GBC_OK;
}

static uint32_t heap_pop(bb_red *r)
{
    uint32_t top = r->heap[0];
    uint32_t last = r->heap[--r->hn];
    size_t n = r->hn, i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && heap_less(r->t, r->heap[c], r->heap[c + 1]))
            c++;
        if (!heap_less(r->t, last, r->heap[c]))
            break;
        r->heap[i] = r->heap[c];
        i = c;
    }
    if (n > 0)
        r->heap[i] = last;
    r->mark[top] = 0;
    return top;
}

void bb_red_begin(bb_red *r)
{
    GBC_ASSERT(r->hn == 0);
    r->out.len = 0; /* over Q the mpz slots stay initialised for reuse */
    mpz_set_ui(r->scale, 1); /* read over Q only */
}

/* Whether adding n more units of work (terms, or limbs over Q) passes the
 * budget; counts them. */
static inline int red_over_budget(bb_red *r, uint64_t n)
{
    r->terms += n;
    return r->budget != 0 && r->terms > r->budget;
}

/* bb_red_add over Z/p: c * m * g[from..] into the residues. */
static gbc_status red_add_zp(gbc_ctx *ctx, bb_red *r, const poly *g, uint32_t from,
                             uint32_t m, uint32_t c, const mpz_t cz)
{
    (void)cz;
    mht *t = r->t;
    const field *F = r->F;
    if (from >= g->len)
        return GBC_OK;
    if (red_over_budget(r, g->len - from))
        return GBC_ERR_UNSUPPORTED;
    for (uint32_t k = from; k < g->len; k++) {
        uint32_t x = g->mon[k];
        if (m != UINT32_MAX)
            GBC_TRY(mht_insert_mul(ctx, t, t, x, t, m, &x));
        GBC_TRY(red_cover_zp(ctx, r));
        uint32_t v = zp_mul(F, c, g->cf[k]);
        if (r->mark[x]) {
            r->acc[x] = zp_add(F, r->acc[x], v);
        } else {
            r->acc[x] = v;
            GBC_TRY(heap_push(ctx, r, x));
        }
    }
    return GBC_OK;
}

/* bb_red_add over Q: cz * m * g[from..] into the integers, their growth charged
 * first. */
static gbc_status red_add_qq(gbc_ctx *ctx, bb_red *r, const poly *g, uint32_t from,
                             uint32_t m, uint32_t c, const mpz_t cz)
{
    (void)c;
    mht *t = r->t;
    if (from >= g->len)
        return GBC_OK;
    /* each sum grows by at most cz g_k and one limb; the work is in limbs */
    size_t limbs = 0, cl = mpz_size(cz) + 1;
    for (uint32_t k = from; k < g->len; k++)
        limbs += mpz_size(g->cz[k]) + cl;
    if (red_over_budget(r, limbs))
        return GBC_ERR_UNSUPPORTED;
    GBC_TRY(red_charge(ctx, r, zz_bytes_bound(limbs, 1)));
    for (uint32_t k = from; k < g->len; k++) {
        uint32_t x = g->mon[k];
        if (m != UINT32_MAX)
            GBC_TRY(mht_insert_mul(ctx, t, t, x, t, m, &x));
        GBC_TRY(red_cover_qq(ctx, r));
        if (!r->mark[x])
            mpz_set_ui(r->accz[x], 0);
        mpz_addmul(r->accz[x], cz, g->cz[k]);
        if (!r->mark[x])
            GBC_TRY(heap_push(ctx, r, x));
    }
    return GBC_OK;
}

gbc_status bb_red_add(gbc_ctx *ctx, bb_red *r, const poly *g, uint32_t from, uint32_t m,
                      uint32_t c, const mpz_t cz)
{
    return r->ops->add(ctx, r, g, from, m, c, cz);
}

static gbc_status red_add_spair_zp(gbc_ctx *ctx, bb_red *r, const poly *gi, uint32_t ui,
                                   const poly *gj, uint32_t uj)
{
    uint32_t ci, cj;
    zp_spair_coefs(r->F, gi->cf[0], gj->cf[0], &ci, &cj);
    GBC_TRY(red_add_zp(ctx, r, gi, 1, ui, ci, NULL));
    return red_add_zp(ctx, r, gj, 1, uj, cj, NULL);
}

static gbc_status red_add_spair_qq(gbc_ctx *ctx, bb_red *r, const poly *gi, uint32_t ui,
                                   const poly *gj, uint32_t uj)
{
    /* tmp1..3 are free outside a reduction step */
    qq_cancel_coefs(r->tmp2, r->tmp3, r->tmp1, gi->cz[0], gj->cz[0]);
    GBC_TRY(red_add_qq(ctx, r, gi, 1, ui, 0, r->tmp2));
    return red_add_qq(ctx, r, gj, 1, uj, 0, r->tmp3);
}

gbc_status bb_red_add_spair(gbc_ctx *ctx, bb_red *r, const poly *gi, uint32_t ui,
                            const poly *gj, uint32_t uj)
{
    return r->ops->add_spair(ctx, r, gi, ui, gj, uj);
}

/* Room for one more term in the output: the monomials (the coefficients are the
 * caller's, out_grow_zp / out_grow_qq). 0 in *ncap when there is room. */
static gbc_status out_grow_mon(gbc_ctx *ctx, bb_red *r, uint32_t *ncap)
{
    *ncap = 0;
    if (r->out.len < r->outcap)
        return GBC_OK;
    uint32_t nc = r->outcap ? 2 * r->outcap : 64;
    GBC_TRY(GBC_RESIZE(ctx, r->out.mon, nc));
    *ncap = nc;
    return GBC_OK;
}

/* Append the term c * m to the output (Z/p). */
static gbc_status out_push_zp(gbc_ctx *ctx, bb_red *r, uint32_t m, uint32_t c)
{
    poly *o = &r->out;
    uint32_t ncap;
    GBC_TRY(out_grow_mon(ctx, r, &ncap));
    if (ncap != 0) {
        GBC_TRY(GBC_RESIZE(ctx, o->cf, ncap));
        r->outcap = ncap;
    }
    o->mon[o->len] = m;
    o->cf[o->len] = c;
    o->len++;
    return GBC_OK;
}

/* Append the term cz * m to the output (Q). */
static gbc_status out_push_qq(gbc_ctx *ctx, bb_red *r, uint32_t m, const mpz_t cz)
{
    poly *o = &r->out;
    uint32_t ncap;
    GBC_TRY(out_grow_mon(ctx, r, &ncap));
    if (ncap != 0) {
        GBC_TRY(GBC_RESIZE(ctx, o->cz, ncap));
        for (uint32_t i = r->outcap; i < ncap; i++)
            mpz_init(o->cz[i]);
        r->outcap = ncap;
    }
    o->mon[o->len] = m;
    mpz_set(o->cz[o->len], cz);
    o->len++;
    return GBC_OK;
}

static gbc_status red_emit_lead_zp(gbc_ctx *ctx, bb_red *r, const poly *f)
{
    return out_push_zp(ctx, r, f->mon[0], f->cf[0]);
}

static gbc_status red_emit_lead_qq(gbc_ctx *ctx, bb_red *r, const poly *f)
{
    return out_push_qq(ctx, r, f->mon[0], f->cz[0]);
}

gbc_status bb_red_emit_lead(gbc_ctx *ctx, bb_red *r, const poly *f)
{
    return r->ops->emit_lead(ctx, r, f);
}

/* Discard everything pending (after an error or when the caller stops early). */
static void red_drain(bb_red *r)
{
    while (r->hn > 0)
        r->mark[r->heap[--r->hn]] = 0;
}

/* The reducer of monomial m (an index of G->g), or UINT32_MAX. */
static inline uint32_t red_find(const bb_red *r, const bb_reducers *G, uint32_t m)
{
    return dl_find_divisor(G->dl, mht_exps(r->t, m), r->t->row[m].divmask);
}

/* bb_red_run over Z/p: the reducers are monic, a step subtracts acc[m] q g. */
static gbc_status red_run_zp(gbc_ctx *ctx, bb_red *r, const bb_reducers *G, int full)
{
    gbc_status st = GBC_OK;
    int reducing = 1;
    while (r->hn > 0) {
        GBC_CHECK(st, gbc_ctx_poll(ctx), fail);
        uint32_t m = heap_pop(r);
        if (r->acc[m] == 0)
            continue;
        uint32_t gi = reducing ? red_find(r, G, m) : UINT32_MAX;
        if (gi == UINT32_MAX) {
            GBC_CHECK(st, out_push_zp(ctx, r, m, r->acc[m]), fail);
            if (!full)
                reducing = 0;
            continue;
        }
        const poly *g = &G->g[gi];
        uint32_t q;
        GBC_CHECK(st, mht_insert_div(ctx, r->t, r->t, m, g->mon[0], &q), fail);
        r->steps++;
        uint32_t c = zp_cancel_coef(r->F, r->acc[m], g->cf[0]);
        r->acc[m] = 0;
        GBC_CHECK(st, red_add_zp(ctx, r, g, 1, q, c, NULL), fail);
    }
    return GBC_OK;
fail:
    red_drain(r);
    return st;
}

/* One fraction-free step over Q at monomial m (quotient q, reducer g):
 * f <- a f + c q g with qq_cancel_coefs' a = lc(g)/d > 0 and c = -acc[m]/d; the
 * pending and emitted coefficients and the scale are multiplied by a. */
static gbc_status red_step_qq(gbc_ctx *ctx, bb_red *r, uint32_t m, uint32_t q, const poly *g)
{
    qq_cancel_coefs(r->tmp2, r->tmp3, r->tmp1, r->accz[m], g->cz[0]);
    mpz_set_ui(r->accz[m], 0);
    if (mpz_cmp_ui(r->tmp2, 1) != 0) {
        GBC_TRY(red_charge(ctx, r, zz_bytes_bound(r->hn + r->out.len + 1, mpz_size(r->tmp2))));
        mpz_mul(r->scale, r->scale, r->tmp2);
        for (size_t k = 0; k < r->hn; k++)
            mpz_mul(r->accz[r->heap[k]], r->accz[r->heap[k]], r->tmp2);
        for (uint32_t k = 0; k < r->out.len; k++)
            mpz_mul(r->out.cz[k], r->out.cz[k], r->tmp2);
    }
    return red_add_qq(ctx, r, g, 1, q, 0, r->tmp3);
}

/* bb_red_run over Q. */
static gbc_status red_run_qq(gbc_ctx *ctx, bb_red *r, const bb_reducers *G, int full)
{
    gbc_status st = GBC_OK;
    int reducing = 1;
    while (r->hn > 0) {
        /* one step rescales every pending coefficient, which can take
         * milliseconds once they grow: consult the clock on every step */
        GBC_CHECK(st, gbc_ctx_check(ctx), fail);
        uint32_t m = heap_pop(r);
        if (mpz_sgn(r->accz[m]) == 0)
            continue;
        uint32_t gi = reducing ? red_find(r, G, m) : UINT32_MAX;
        if (gi == UINT32_MAX) {
            GBC_CHECK(st, out_push_qq(ctx, r, m, r->accz[m]), fail);
            if (!full)
                reducing = 0;
            continue;
        }
        const poly *g = &G->g[gi];
        uint32_t q;
        GBC_CHECK(st, mht_insert_div(ctx, r->t, r->t, m, g->mon[0], &q), fail);
        r->steps++;
        GBC_CHECK(st, red_step_qq(ctx, r, m, q, g), fail);
    }
    return GBC_OK;
fail:
    red_drain(r);
    return st;
}

gbc_status bb_red_run(gbc_ctx *ctx, bb_red *r, const bb_reducers *G, int full)
{
    return r->ops->run(ctx, r, G, full);
}

static gbc_status red_take_zp(gbc_ctx *ctx, bb_red *r, poly *f)
{
    poly res;
    GBC_TRY(poly_alloc(ctx, &res, r->out.len, r->F));
    if (r->out.len != 0) { /* else the output arrays may not exist yet */
        memcpy(res.mon, r->out.mon, sizeof(uint32_t) * r->out.len);
        memcpy(res.cf, r->out.cf, sizeof(uint32_t) * r->out.len);
    }
    r->out.len = 0;
    *f = res;
    return GBC_OK;
}

static gbc_status red_take_qq(gbc_ctx *ctx, bb_red *r, poly *f)
{
    poly res;
    GBC_TRY(poly_alloc(ctx, &res, r->out.len, r->F));
    if (r->out.len != 0) { /* else the output arrays may not exist yet */
        memcpy(res.mon, r->out.mon, sizeof(uint32_t) * r->out.len);
        for (uint32_t i = 0; i < r->out.len; i++)
            mpz_swap(res.cz[i], r->out.cz[i]);
        /* the limbs move from the reducer's charge to the result's */
        size_t moved = poly_zbytes(&res);
        moved = moved < r->zb ? moved : r->zb;
        r->zb -= moved;
        r->zexact = r->zexact > moved ? r->zexact - moved : 0;
        res.zb = moved;
        gbc_status st = poly_settle(ctx, &res);
        if (st != GBC_OK) {
            poly_clear(ctx, &res, r->F);
            return st;
        }
    }
    r->out.len = 0;
    *f = res;
    return GBC_OK;
}

gbc_status bb_red_take(gbc_ctx *ctx, bb_red *r, poly *f)
{
    return r->ops->take(ctx, r, f);
}

static const struct bb_red_ops red_zp_ops = {
    red_add_zp, red_add_spair_zp, red_emit_lead_zp, red_run_zp, red_take_zp,
};

static const struct bb_red_ops red_qq_ops = {
    red_add_qq, red_add_spair_qq, red_emit_lead_qq, red_run_qq, red_take_qq,
};

/* The reduction loops of F's field: the one place reduce.c looks at it. */
static const struct bb_red_ops *red_ops_of(const field *F)
{
    return F->p != 0 ? &red_zp_ops : &red_qq_ops;
}

gbc_status bb_red_init(gbc_ctx *ctx, bb_red *r, mht *t, const field *F)
{
    (void)ctx;
    memset(r, 0, sizeof *r);
    r->F = F;
    r->ops = red_ops_of(F);
    r->t = t;
    poly_init(&r->out);
    mpz_inits(r->tmp1, r->tmp2, r->tmp3, r->scale, NULL);
    return GBC_OK;
}
