/* buchberger/reduce: heap-driven normal forms (see reduce.h). */
#include "buchberger/reduce.h"

gbc_status bb_red_init(gbc_ctx *ctx, bb_red *r, mht *t, const field *F)
{
    (void)ctx;
    memset(r, 0, sizeof *r);
    r->F = F;
    r->t = t;
    poly_init(&r->out);
    mpz_inits(r->tmp1, r->tmp2, r->tmp3, r->scale, NULL);
    return GBC_OK;
}

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

/* Make the dense arrays cover every index of the table. */
static gbc_status red_cover(gbc_ctx *ctx, bb_red *r)
{
    size_t need = r->t->size;
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
    if (r->F->p != 0) {
        GBC_TRY(GBC_RESIZE(ctx, r->acc, ncap));
    } else {
        GBC_TRY(GBC_RESIZE(ctx, r->accz, ncap));
        for (size_t i = r->accz_init; i < ncap; i++)
            mpz_init(r->accz[i]);
        r->accz_init = ncap;
    }
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
    if (r->F->p == 0)
        mpz_set_ui(r->scale, 1);
}

gbc_status bb_red_add(gbc_ctx *ctx, bb_red *r, const poly *g, uint32_t from, uint32_t m,
                      uint32_t c, const mpz_t cz)
{
    mht *t = r->t;
    const field *F = r->F;
    if (from >= g->len)
        return GBC_OK;
    if (F->p != 0) {
        r->terms += g->len - from;
    } else {
        /* each sum grows by at most cz g_k and one limb */
        size_t limbs = 0, cl = mpz_size(cz) + 1;
        for (uint32_t k = from; k < g->len; k++)
            limbs += mpz_size(g->cz[k]) + cl;
        r->terms += limbs; /* over Q the work is in limbs */
        if (r->budget == 0 || r->terms <= r->budget)
            GBC_TRY(red_charge(ctx, r, zz_bytes_bound(limbs, 1)));
    }
    if (r->budget != 0 && r->terms > r->budget)
        return GBC_ERR_UNSUPPORTED;
    for (uint32_t k = from; k < g->len; k++) {
        uint32_t x = g->mon[k];
        if (m != UINT32_MAX)
            GBC_TRY(mht_insert_mul(ctx, t, t, x, t, m, &x));
        GBC_TRY(red_cover(ctx, r));
        if (F->p != 0) {
            uint32_t v = zp_mul(F, c, g->cf[k]);
            if (r->mark[x])
                r->acc[x] = zp_add(F, r->acc[x], v);
            else
                r->acc[x] = v;
        } else {
            if (!r->mark[x])
                mpz_set_ui(r->accz[x], 0);
            mpz_addmul(r->accz[x], cz, g->cz[k]);
        }
        if (!r->mark[x])
            GBC_TRY(heap_push(ctx, r, x));
    }
    return GBC_OK;
}

/* Append a term to the output. */
static gbc_status out_push(gbc_ctx *ctx, bb_red *r, uint32_t m, uint32_t c, const mpz_t cz)
{
    poly *o = &r->out;
    if (o->len == r->outcap) {
        uint32_t ncap = r->outcap ? 2 * r->outcap : 64;
        GBC_TRY(GBC_RESIZE(ctx, o->mon, ncap));
        if (r->F->p != 0) {
            GBC_TRY(GBC_RESIZE(ctx, o->cf, ncap));
        } else {
            GBC_TRY(GBC_RESIZE(ctx, o->cz, ncap));
            for (uint32_t i = r->outcap; i < ncap; i++)
                mpz_init(o->cz[i]);
        }
        r->outcap = ncap;
    }
    o->mon[o->len] = m;
    if (r->F->p != 0)
        o->cf[o->len] = c;
    else
        mpz_set(o->cz[o->len], cz);
    o->len++;
    return GBC_OK;
}

gbc_status bb_red_emit(gbc_ctx *ctx, bb_red *r, uint32_t m, uint32_t c, const mpz_t cz)
{
    return out_push(ctx, r, m, c, cz);
}

/* Discard everything pending (after an error or when the caller stops early). */
static void red_drain(bb_red *r)
{
    while (r->hn > 0)
        r->mark[r->heap[--r->hn]] = 0;
}

gbc_status bb_red_run(gbc_ctx *ctx, bb_red *r, const bb_reducers *G, int full)
{
    mht *t = r->t;
    const field *F = r->F;
    gbc_status st = GBC_OK;
    int reducing = 1;
    while (r->hn > 0) {
        /* over Q one step rescales every pending coefficient, which can take
         * milliseconds once they grow: consult the clock on every step there */
        GBC_CHECK(st, F->p != 0 ? gbc_ctx_poll(ctx) : gbc_ctx_check(ctx), fail);
        uint32_t m = heap_pop(r);
        if (F->p != 0 ? r->acc[m] == 0 : mpz_sgn(r->accz[m]) == 0)
            continue;
        uint32_t gi = UINT32_MAX;
        if (reducing)
            gi = dl_find_divisor(G->dl, mht_exps(t, m), t->row[m].divmask);
        if (gi == UINT32_MAX) {
            if (F->p != 0)
                GBC_CHECK(st, out_push(ctx, r, m, r->acc[m], NULL), fail);
            else
                GBC_CHECK(st, out_push(ctx, r, m, 0, r->accz[m]), fail);
            if (!full)
                reducing = 0;
            continue;
        }
        const poly *g = &G->g[gi];
        uint32_t q;
        GBC_CHECK(st, mht_insert_div(ctx, t, t, m, g->mon[0], &q), fail);
        r->steps++;
        if (F->p != 0) {
            /* g is monic: subtract acc[m] * q * g. */
            uint32_t c = zp_neg(F, r->acc[m]);
            r->acc[m] = 0;
            GBC_CHECK(st, bb_red_add(ctx, r, g, 1, q, c, NULL), fail);
        } else {
            /* f <- (a/d) f - (c/d) q g with a = lc(g), c = acc[m], d = gcd(a, c). */
            mpz_gcd(r->tmp1, g->cz[0], r->accz[m]);
            mpz_divexact(r->tmp2, g->cz[0], r->tmp1);  /* a/d > 0 */
            mpz_divexact(r->tmp3, r->accz[m], r->tmp1); /* c/d */
            mpz_neg(r->tmp3, r->tmp3);
            mpz_set_ui(r->accz[m], 0);
            if (mpz_cmp_ui(r->tmp2, 1) != 0) {
                GBC_CHECK(st, red_charge(ctx, r, zz_bytes_bound(r->hn + r->out.len + 1,
                                                                mpz_size(r->tmp2))), fail);
                mpz_mul(r->scale, r->scale, r->tmp2);
                for (size_t k = 0; k < r->hn; k++)
                    mpz_mul(r->accz[r->heap[k]], r->accz[r->heap[k]], r->tmp2);
                for (uint32_t k = 0; k < r->out.len; k++)
                    mpz_mul(r->out.cz[k], r->out.cz[k], r->tmp2);
            }
            GBC_CHECK(st, bb_red_add(ctx, r, g, 1, q, 0, r->tmp3), fail);
        }
    }
    return GBC_OK;
fail:
    red_drain(r);
    return st;
}

gbc_status bb_red_take(gbc_ctx *ctx, bb_red *r, poly *f)
{
    poly res;
    GBC_TRY(poly_alloc(ctx, &res, r->out.len, r->F));
    if (r->out.len == 0) {
        /* nothing to copy (the output arrays may not exist yet) */
    } else if (r->F->p != 0) {
        memcpy(res.mon, r->out.mon, sizeof(uint32_t) * r->out.len);
        memcpy(res.cf, r->out.cf, sizeof(uint32_t) * r->out.len);
    } else {
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
