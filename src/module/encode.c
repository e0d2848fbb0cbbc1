/* module/encode: module elements as polynomials in a ring with one variable per
 * component (module_int.h), the module Groebner basis and membership computed on
 * that encoding by the ideal engines (id_groebner), so that every field and
 * engine the ideal code supports works for modules too. */
#include <stdarg.h>
#include <stdio.h>

#include "module/module_int.h"

/* Append printf-formatted text to b. */
static gbc_status bputf(gbc_ctx *ctx, io_buf *b, const char *fmt, ...) GBC_PRINTF(3, 4);
static gbc_status bputf(gbc_ctx *ctx, io_buf *b, const char *fmt, ...)
{
    char tmp[64];
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= sizeof tmp)
        return GBC_ERR_INTERNAL;
    return io_buf_puts(ctx, b, tmp, (size_t)w);
}

/* A weight row over S: R's n weights w (NULL: zeros) and the ne component weights
 * (one 1 at component sel, or none when sel is UINT32_MAX). */
static gbc_status put_row(gbc_ctx *ctx, io_buf *b, uint32_t n, const uint32_t *w,
                          uint32_t ne, uint32_t sel)
{
    GBC_TRY(io_buf_puts(ctx, b, "weights(", 8));
    for (uint32_t v = 0; v < n + ne; v++) {
        uint32_t x = v < n ? (w ? w[v] : 0) : (v - n == sel ? 1 : 0);
        GBC_TRY(bputf(ctx, b, "%s%u", v ? "," : "", x));
    }
    return io_buf_puts(ctx, b, "),", 2);
}

static const char *block_name(mono_kind k)
{
    return k == MONO_LEX ? "lex" : k == MONO_DEGLEX ? "deglex" : "grevlex";
}

/* The order text of S (see menc in module_int.h). */
static gbc_status order_spec(gbc_ctx *ctx, io_buf *b, const ring *R, uint32_t ne,
                             uint32_t nrows)
{
    const mono_order *o = &R->ord;
    const uint32_t n = R->nvars;
    if (nrows == 0 && (o->kind == MONO_GREVLEX || o->kind == MONO_DEGLEX))
        return bputf(ctx, b, "%s", block_name(o->kind)); /* see menc_c_first */
    GBC_TRY(io_buf_puts(ctx, b, "blocks:", 7));
    for (uint32_t k = 0; k < nrows; k++)
        GBC_TRY(put_row(ctx, b, n, NULL, ne, k));
    if (o->kind == MONO_WEIGHTED)
        GBC_TRY(put_row(ctx, b, n, o->weights, ne, UINT32_MAX));
    if (o->kind == MONO_MATRIX)
        for (uint32_t r = 0; r < o->nrows; r++)
            GBC_TRY(put_row(ctx, b, n, o->rows + (size_t)r * n, ne, UINT32_MAX));
    switch (o->kind) {
    case MONO_GREVLEX:
    case MONO_LEX:
    case MONO_DEGLEX:
        if (n > 0)
            GBC_TRY(bputf(ctx, b, "%s(%u),", block_name(o->kind), n));
        break;
    case MONO_WEIGHTED:
        GBC_TRY(bputf(ctx, b, "grevlex(%u),", n));
        break;
    case MONO_BLOCKS:
    case MONO_MATRIX:
        for (uint32_t k = 0; k < o->nblocks; k++) {
            const mono_block *B = &o->blocks[k];
            if (B->len == 0)
                continue;
            if (B->kind == MONO_WGREVLEX) {
                GBC_TRY(io_buf_puts(ctx, b, "wgrevlex(", 9));
                for (uint32_t v = 0; v < B->len; v++)
                    GBC_TRY(bputf(ctx, b, "%s%u", v ? "," : "", o->weights[B->start + v]));
                GBC_TRY(io_buf_puts(ctx, b, "),", 2));
            } else {
                GBC_TRY(bputf(ctx, b, "%s(%u),", block_name(B->kind), B->len));
            }
        }
        break;
    default:
        return GBC_ERR_INTERNAL;
    }
    return bputf(ctx, b, "lex(%u)", ne);
}

/* Whether S puts the component variables first: term over position on grevlex.
 * With the c's first, grevlex on S compares degrees, then (reverse lex from the
 * last variable) R's variables as grevlex does, and only for equal x-parts the
 * c's, the first one largest: term over position with c_0 largest. On deglex the
 * c's go last for the same reason (lex reads R's variables first). */
static int menc_c_first(const ring *R, uint32_t nrows)
{
    return nrows == 0 && R->ord.kind == MONO_GREVLEX;
}

/* menc_init, or with spec != NULL S's order given by that text (the c's first,
 * then R's variables). */
static gbc_status menc_setup(gbc_ctx *ctx, menc *E, const ring *R, uint32_t ne, uint32_t nrows,
                             const char *spec_text)
{
    memset(E, 0, sizeof *E);
    const uint32_t n = R->nvars;
    if (ne == 0 || ne > UINT32_MAX / 2 - n || nrows > ne)
        return GBC_ERR_INTERNAL;
    const uint32_t ns = n + ne;
    const char **names = NULL;
    char *pool = NULL;
    io_buf spec;
    io_buf_init(&spec);
    gbc_status st;
    GBC_CHECK(st, GBC_ZALLOC(ctx, names, ns), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, pool, (size_t)ne * 32), done);
    /* "gbc_eK", salted until none is one of R's names */
    for (uint32_t salt = 0;; salt++) {
        int clash = 0;
        for (uint32_t k = 0; k < ne && !clash; k++) {
            char *s = pool + (size_t)k * 32;
            if (salt == 0)
                snprintf(s, 32, "gbc_e%u", k);
            else
                snprintf(s, 32, "gbc%u_e%u", salt, k);
            clash = ring_find_var(R, s, strlen(s)) >= 0;
        }
        if (!clash)
            break;
    }
    const uint32_t xoff = spec_text != NULL || menc_c_first(R, nrows) ? ne : 0;
    const uint32_t coff = xoff ? 0 : n;
    for (uint32_t v = 0; v < n; v++)
        names[xoff + v] = R->names[v];
    for (uint32_t k = 0; k < ne; k++)
        names[coff + k] = pool + (size_t)k * 32;
    if (spec_text != NULL)
        st = io_buf_puts(ctx, &spec, spec_text, strlen(spec_text));
    else
        st = order_spec(ctx, &spec, R, ne, nrows);
    if (st != GBC_OK)
        goto done;
    char msg[256];
    st = ring_init(ctx, &E->S, ns, names, R->F.p, spec.s, msg, sizeof msg);
    if (st == GBC_ERR_ARG || st == GBC_ERR_DOMAIN)
        st = GBC_ERR_INTERNAL; /* the spec is ours; R's names and field were valid */
    if (st == GBC_OK) {
        E->n = n;
        E->ne = ne;
        E->xoff = xoff;
        E->coff = coff;
        /* every ideal of S the module code builds holds all products c_a c_b
         * (menc_products) and otherwise elements linear in the c's */
        E->S.comp_first = coff;
        E->S.comp_n = ne;
    }
done:
    io_buf_clear(ctx, &spec);
    gbc_free(ctx, pool);
    gbc_free(ctx, names);
    return st;
}

gbc_status menc_init(gbc_ctx *ctx, menc *E, const ring *R, uint32_t ne, uint32_t nrows)
{
    return menc_setup(ctx, E, R, ne, nrows, NULL);
}

void menc_clear(gbc_ctx *ctx, menc *E)
{
    if (E->ne > 0)
        ring_clear(ctx, &E->S);
    memset(E, 0, sizeof *E);
}

size_t melem_len(const plist *L, uint32_t rank, size_t j)
{
    size_t len = 0;
    for (uint32_t i = 0; i < rank; i++)
        len += L->p[j * rank + i].len;
    return len;
}

size_t melem_flatten(const mcf_ops *o, const plist *L, uint32_t rank, size_t j, uint32_t n,
                     uint32_t *T, size_t stride, uint32_t xoff, uint32_t coff, uint32_t ne,
                     const uint32_t *cmap, uint32_t *comp, mcv cf)
{
    size_t t = 0;
    for (uint32_t i = 0; i < rank; i++) {
        const ppoly *f = &L->p[j * rank + i];
        for (size_t k = 0; k < f->len; k++, t++) {
            uint32_t *e = T + t * stride;
            memcpy(e + xoff, f->exps + k * n, sizeof(uint32_t) * n);
            if (ne > 0) {
                memset(e + coff, 0, sizeof(uint32_t) * ne);
                e[coff + cmap[i]] = 1;
            }
            if (comp != NULL)
                comp[t] = i;
            o->set(cf, t, mcv_of(f), k);
        }
    }
    return t;
}

gbc_status menc_encode(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                       const plist *L, size_t j, const uint32_t *cmap, plist *out)
{
    const uint32_t ns = E->S.nvars;
    const field *F = &R->F;
    plist tmp;
    plist_init(&tmp);
    ppoly *q;
    gbc_status st;
    GBC_CHECK(st, plist_push(ctx, &tmp, melem_len(L, rank, j), ns, F, &q), done);
    melem_flatten(mcf_for(F), L, rank, j, E->n, q->exps, ns, E->xoff, E->coff, E->ne, cmap,
                  NULL, mcv_of(q));
    /* the terms of different components are distinct: sort them in S's order */
    st = id_plist_map(ctx, &E->S, &tmp, &E->S, NULL, out);
done:
    plist_clear(ctx, &tmp, F);
    return st;
}

gbc_status menc_products(gbc_ctx *ctx, const menc *E, plist *out)
{
    const uint32_t ns = E->S.nvars;
    const mcf_ops *o = mcf_for(&E->S.F);
    for (uint32_t a = 0; a < E->ne; a++)
        for (uint32_t b = a; b < E->ne; b++) {
            ppoly *q;
            GBC_TRY(plist_push(ctx, out, 1, ns, &E->S.F, &q));
            memset(q->exps, 0, sizeof(uint32_t) * ns);
            q->exps[E->coff + a] += 1;
            q->exps[E->coff + b] += 1;
            o->set_one(mcv_of(q), 0);
        }
    return GBC_OK;
}

gbc_status menc_decode(gbc_ctx *ctx, const menc *E, const ring *R, const ppoly *p,
                       const uint32_t *inv, uint32_t rank, plist *out, int *taken)
{
    const uint32_t n = E->n, ns = E->S.nvars;
    *taken = 0;
    size_t *cnt = NULL, *fill = NULL;
    gbc_status st = GBC_OK;
    GBC_CHECK(st, GBC_ZALLOC(ctx, cnt, rank), done);
    GBC_CHECK(st, GBC_ZALLOC(ctx, fill, rank), done);
    for (size_t t = 0; t < p->len; t++) {
        const uint32_t *e = p->exps + t * ns;
        uint32_t which = UINT32_MAX, edeg = 0;
        for (uint32_t k = 0; k < E->ne; k++)
            if (e[E->coff + k] != 0) {
                edeg += e[E->coff + k];
                which = k;
            }
        if (edeg != 1 || inv[which] == UINT32_MAX)
            goto done; /* not an element of the wanted components */
        cnt[inv[which]]++;
    }
    if (p->len == 0)
        goto done;
    size_t base = out->n;
    const mcf_ops *o = mcf_for(&R->F);
    for (uint32_t i = 0; i < rank; i++) {
        ppoly *q;
        GBC_CHECK(st, plist_push(ctx, out, cnt[i], n, &R->F, &q), undo);
    }
    /* terms of one component come in R's order: S's order on a fixed c_k is R's */
    for (size_t t = 0; t < p->len; t++) {
        const uint32_t *e = p->exps + t * ns;
        uint32_t which = 0;
        for (uint32_t k = 0; k < E->ne; k++)
            if (e[E->coff + k] != 0)
                which = k;
        ppoly *q = &out->p[base + inv[which]];
        size_t at = fill[inv[which]]++;
        memcpy(q->exps + at * n, e + E->xoff, sizeof(uint32_t) * n);
        o->set(mcv_of(q), at, mcv_of(p), t);
    }
    *taken = 1;
    goto done;
undo:
    while (out->n > base)
        plist_pop(ctx, out, &R->F);
done:
    gbc_free(ctx, fill);
    gbc_free(ctx, cnt);
    return st;
}

/* cmap and its inverse for rank r in order ord (S's c_0 is the largest). */
static gbc_status order_maps(gbc_ctx *ctx, uint32_t rank, module_order ord, uint32_t **cmap,
                             uint32_t **inv)
{
    *cmap = *inv = NULL;
    GBC_TRY(GBC_ALLOC(ctx, *cmap, rank));
    if (GBC_ALLOC(ctx, *inv, rank) != GBC_OK) {
        gbc_free(ctx, *cmap);
        *cmap = NULL;
        return GBC_ERR_NOMEM;
    }
    /* c_0 is the largest component variable: the last component takes it when
     * a higher index is larger (MODULE_TOP, MODULE_POT_UP) */
    const int up = ord == MODULE_TOP || ord == MODULE_POT_UP || ord == MODULE_SCHREYER;
    for (uint32_t i = 0; i < rank; i++) {
        uint32_t k = up ? rank - 1 - i : i;
        (*cmap)[i] = k;
        (*inv)[k] = i;
    }
    return GBC_OK;
}

static int list_ok(uint32_t rank, const plist *L)
{
    return rank >= 1 && L->n % rank == 0;
}

gbc_status menc_encoded_basis(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                              const plist *L, const uint32_t *cmap, plist *G, gb_stats *stats)
{
    plist enc;
    plist_init(&enc);
    gbc_status st;
    for (size_t j = 0; j < L->n / rank; j++) {
        GBC_CHECK(st, menc_encode(ctx, E, R, rank, L, j, cmap, &enc), done);
        if (enc.p[enc.n - 1].len == 0)
            plist_pop(ctx, &enc, &R->F); /* a zero generator */
    }
    GBC_CHECK(st, menc_products(ctx, E, &enc), done);
    st = id_groebner(ctx, &E->S, &enc, G, stats);
done:
    plist_clear(ctx, &enc, &R->F);
    return st;
}

gbc_status menc_module_basis(gbc_ctx *ctx, const menc *E, const ring *R, uint32_t rank,
                             const plist *L, const uint32_t *cmap, const uint32_t *inv,
                             uint32_t rout, plist *out, gb_stats *stats)
{
    plist G;
    plist_init(&G);
    gbc_status st;
    GBC_CHECK(st, menc_encoded_basis(ctx, E, R, rank, L, cmap, &G, stats), done);
    /* the reduced basis is homogeneous in the c's: its elements are the products
     * (degree 2) and the module's reduced basis (degree 1); menc_decode keeps
     * those of the latter whose component is wanted */
    for (size_t k = 0; k < G.n; k++) {
        int taken;
        GBC_CHECK(st, menc_decode(ctx, E, R, &G.p[k], inv, rout, out, &taken), done);
    }
done:
    plist_clear(ctx, &G, &R->F);
    return st;
}

gbc_status menc_init_ord(gbc_ctx *ctx, menc *E, const ring *R, uint32_t rank,
                         const module_ord *mo, uint32_t **cmap, uint32_t **inv)
{
    const module_order ord = mo != NULL ? mo->kind : MODULE_TOP;
    *cmap = *inv = NULL;
    memset(E, 0, sizeof *E);
    if ((unsigned)ord > (unsigned)MODULE_SCHREYER)
        return GBC_ERR_INTERNAL;
    gbc_status st;
    if (ord == MODULE_SCHREYER) {
        io_buf spec;
        io_buf_init(&spec);
        st = module_schreyer_spec(ctx, &spec, R, rank, mo->lexps, mo->lcomp);
        if (st == GBC_OK)
            st = menc_setup(ctx, E, R, rank, 0, spec.s);
        io_buf_clear(ctx, &spec);
    } else {
        const int pot = ord == MODULE_POT || ord == MODULE_POT_UP;
        st = menc_init(ctx, E, R, rank, pot ? rank : 0);
    }
    if (st == GBC_OK)
        st = order_maps(ctx, rank, ord, cmap, inv);
    if (st != GBC_OK)
        menc_clear(ctx, E);
    return st;
}

gbc_status module_groebner_ord(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                               const module_ord *mo, plist *out, gb_stats *stats)
{
    if (!list_ok(rank, in))
        return GBC_ERR_INTERNAL;
    menc E;
    uint32_t *cmap = NULL, *inv = NULL;
    gbc_status st = menc_init_ord(ctx, &E, R, rank, mo, &cmap, &inv);
    if (st == GBC_OK)
        st = menc_module_basis(ctx, &E, R, rank, in, cmap, inv, rank, out, stats);
    menc_clear(ctx, &E);
    gbc_free(ctx, cmap);
    gbc_free(ctx, inv);
    return st;
}

gbc_status module_groebner(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *in,
                        module_order ord, plist *out, gb_stats *stats)
{
    if ((unsigned)ord > (unsigned)MODULE_POT_UP)
        return GBC_ERR_INTERNAL;
    module_ord mo = {ord, NULL, NULL};
    return module_groebner_ord(ctx, R, rank, in, &mo, out, stats);
}

gbc_status mbasis_init_ord(gbc_ctx *ctx, mbasis *B, const ring *R, uint32_t rank,
                           const module_ord *mo)
{
    memset(B, 0, sizeof *B);
    plist_init(&B->G);
    plist_init(&B->add);
    B->rank = rank;
    uint32_t *inv = NULL;
    gbc_status st;
    GBC_CHECK(st, menc_init_ord(ctx, &B->E, R, rank, mo, &B->cmap, &inv), fail);
    gbc_free(ctx, inv);
    /* the products alone are a Groebner basis (monomials) */
    GBC_CHECK(st, menc_products(ctx, &B->E, &B->G), fail);
    return GBC_OK;
fail:
    mbasis_clear(ctx, B);
    return st;
}

gbc_status mbasis_init(gbc_ctx *ctx, mbasis *B, const ring *R, uint32_t rank)
{
    return mbasis_init_ord(ctx, B, R, rank, NULL);
}

void mbasis_clear(gbc_ctx *ctx, mbasis *B)
{
    const field F = B->E.S.F;
    plist_clear(ctx, &B->G, &F);
    plist_clear(ctx, &B->add, &F);
    gbc_free(ctx, B->cmap);
    menc_clear(ctx, &B->E);
    memset(B, 0, sizeof *B);
}

gbc_status mbasis_add(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L, size_t j)
{
    return menc_encode(ctx, &B->E, R, B->rank, L, j, B->cmap, &B->add);
}

/* Bring G up to date with the generators added since it was computed. */
static gbc_status mbasis_update(gbc_ctx *ctx, mbasis *B, const field *F, gb_stats *stats)
{
    if (B->add.n == 0)
        return GBC_OK;
    /* the basis so far plus the new generators: a basis of the new module */
    plist all, G2;
    plist_init(&all);
    plist_init(&G2);
    gbc_status st = plist_copy(ctx, &all, &B->G, B->E.S.nvars, F);
    for (size_t k = 0; st == GBC_OK && k < B->add.n; k++)
        st = id_plist_push_copy(ctx, &all, &B->add.p[k], B->E.S.nvars, F);
    if (st == GBC_OK)
        st = id_groebner(ctx, &B->E.S, &all, &G2, stats);
    plist_clear(ctx, &all, F);
    if (st != GBC_OK) {
        plist_clear(ctx, &G2, F);
        return st;
    }
    plist_clear(ctx, &B->G, F);
    B->G = G2;
    plist_clear(ctx, &B->add, F);
    return GBC_OK;
}

gbc_status mbasis_normal_forms(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L,
                               const size_t *which, size_t k, plist *nf, gb_stats *stats)
{
    const field *F = &R->F;
    GBC_TRY(mbasis_update(ctx, B, F, stats));
    plist q;
    plist_init(&q);
    gbc_status st = GBC_OK;
    for (size_t t = 0; st == GBC_OK && t < k; t++)
        st = menc_encode(ctx, &B->E, R, B->rank, L, which[t], B->cmap, &q);
    if (st == GBC_OK)
        st = id_normal_form(ctx, &B->E.S, &q, &B->G, nf);
    plist_clear(ctx, &q, F);
    return st;
}

gbc_status mbasis_contains(gbc_ctx *ctx, mbasis *B, const ring *R, const plist *L,
                           size_t j, int *in, gb_stats *stats)
{
    const field *F = &R->F;
    plist nf;
    plist_init(&nf);
    gbc_status st = mbasis_normal_forms(ctx, B, R, L, &j, 1, &nf, stats);
    if (st == GBC_OK)
        *in = nf.n == 1 && nf.p[0].len == 0;
    plist_clear(ctx, &nf, F);
    return st;
}

gbc_status module_member(gbc_ctx *ctx, const ring *R, uint32_t rank, const plist *gens,
                      const plist *elems, int *member, gb_stats *stats)
{
    if (!list_ok(rank, gens) || !list_ok(rank, elems))
        return GBC_ERR_INTERNAL;
    mbasis B;
    GBC_TRY(mbasis_init(ctx, &B, R, rank));
    gbc_status st = GBC_OK;
    for (size_t j = 0; st == GBC_OK && j < gens->n / rank; j++)
        st = mbasis_add(ctx, &B, R, gens, j);
    for (size_t j = 0; st == GBC_OK && j < elems->n / rank; j++)
        st = mbasis_contains(ctx, &B, R, elems, j, &member[j], stats);
    mbasis_clear(ctx, &B);
    return st;
}
