/* mono: term orders, their text form, and the reference comparison. */
#include "mono/mono.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

static const char *mono_kind_name(mono_kind k)
{
    switch (k) {
    case MONO_GREVLEX: return "grevlex";
    case MONO_LEX: return "lex";
    case MONO_DEGLEX: return "deglex";
    case MONO_WEIGHTED: return "weights";
    case MONO_BLOCKS: return "blocks";
    case MONO_HOMOG: return "homog";
    case MONO_MATRIX: return "blocks";
    case MONO_WGREVLEX: return "wgrevlex";
    }
    return "?";
}

void mono_order_clear(gbc_ctx *ctx, mono_order *ord)
{
    gbc_free(ctx, ord->weights);
    gbc_free(ctx, ord->blocks);
    gbc_free(ctx, ord->rows);
    ord->weights = NULL;
    ord->blocks = NULL;
    ord->rows = NULL;
    ord->nblocks = 0;
    ord->nrows = 0;
}

gbc_status mono_order_copy(gbc_ctx *ctx, mono_order *dst, const mono_order *src)
{
    mono_order t = *src;
    t.weights = NULL;
    t.blocks = NULL;
    t.rows = NULL;
    gbc_status st = GBC_OK;
    if (src->weights != NULL) {
        GBC_CHECK(st, GBC_ALLOC(ctx, t.weights, src->nvars), fail);
        memcpy(t.weights, src->weights, sizeof(uint32_t) * src->nvars);
    }
    if (src->blocks != NULL) {
        GBC_CHECK(st, GBC_ALLOC(ctx, t.blocks, src->nblocks), fail);
        memcpy(t.blocks, src->blocks, sizeof(mono_block) * src->nblocks);
    }
    if (src->rows != NULL) {
        const size_t nr = (size_t)src->nrows * src->nvars;
        GBC_CHECK(st, GBC_ALLOC(ctx, t.rows, nr), fail);
        memcpy(t.rows, src->rows, sizeof(uint32_t) * nr);
    }
    *dst = t;
    return GBC_OK;
fail:
    mono_order_clear(ctx, &t);
    return st;
}

/* Read an unsigned decimal at *s into *v (at most max). 0 on failure. */
static int parse_uint(const char **s, uint64_t max, uint64_t *v)
{
    const char *p = *s;
    if (!isdigit((unsigned char)*p))
        return 0;
    uint64_t x = 0;
    while (isdigit((unsigned char)*p)) {
        x = x * 10 + (uint64_t)(*p - '0');
        if (x > max)
            return 0;
        p++;
    }
    *s = p;
    *v = x;
    return 1;
}

/* Read up to max comma-separated weights at *s into w (each in min..MONO_MAX_WEIGHT),
 * stopping before the first character that is not a digit or a comma; their count
 * in *count. 0 on a malformed list, an empty one, or more than max weights. */
static int parse_weights(const char **s, uint32_t *w, uint32_t max, uint64_t min,
                         uint32_t *count)
{
    const char *p = *s;
    uint32_t m = 0;
    for (;;) {
        uint64_t v;
        if (m == max || !parse_uint(&p, MONO_MAX_WEIGHT, &v) || v < min)
            return 0;
        w[m++] = (uint32_t)v;
        if (*p != ',')
            break;
        p++;
    }
    *s = p;
    *count = m;
    return 1;
}

static int parse_kind(const char **s, mono_kind *k)
{
    /* the names, then Singular's (dp, Dp, lp) and Macaulay2's (GRevLex, GLex, Lex)
     * and the common spellings degrevlex and grlex (SymPy's deglex) as aliases; no
     * name is a prefix of another, so the first match is the one */
    static const struct { const char *name; mono_kind kind; } names[] = {
        {"grevlex", MONO_GREVLEX}, {"lex", MONO_LEX},      {"deglex", MONO_DEGLEX},
        {"degrevlex", MONO_GREVLEX}, {"dp", MONO_GREVLEX}, {"GRevLex", MONO_GREVLEX},
        {"lp", MONO_LEX},          {"Lex", MONO_LEX},      {"Dp", MONO_DEGLEX},
        {"GLex", MONO_DEGLEX},     {"grlex", MONO_DEGLEX}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i].name);
        if (strncmp(*s, names[i].name, n) == 0) {
            *s += n;
            *k = names[i].kind;
            return 1;
        }
    }
    return 0;
}

/* "weights:w1,...,wn" after its prefix, at s: into t (MONO_WEIGHTED). On a malformed
 * list GBC_ERR_ARG with a reason in msg; t may then own arrays (the caller clears). */
static gbc_status parse_weighted(gbc_ctx *ctx, mono_order *t, const char *s, const char *spec,
                                 char *msg, size_t msglen)
{
    const uint32_t nvars = t->nvars;
    GBC_TRY(GBC_ALLOC(ctx, t->weights, nvars ? nvars : 1));
    for (uint32_t i = 0; i < nvars; i++) {
        uint64_t w;
        if (i > 0 && *s++ != ',') {
            snprintf(msg, msglen, "order '%s': expected %u comma-separated weights", spec, nvars);
            return GBC_ERR_ARG;
        }
        if (!parse_uint(&s, MONO_MAX_WEIGHT, &w) || w == 0) {
            snprintf(msg, msglen, "order '%s': weight %u must be an integer in 1..%u", spec,
                     i + 1, MONO_MAX_WEIGHT);
            return GBC_ERR_ARG;
        }
        t->weights[i] = (uint32_t)w;
    }
    if (*s != '\0') {
        snprintf(msg, msglen, "order '%s': expected exactly %u weights", spec, nvars);
        return GBC_ERR_ARG;
    }
    return GBC_OK;
}

/* A weight row's numbers and its ')' at *s (after "weights("), appended to t's rows
 * (t becomes MONO_MATRIX); rows come before any block. As parse_weighted on errors. */
static gbc_status parse_row(gbc_ctx *ctx, mono_order *t, const char **s, size_t *rcap,
                            const char *spec, char *msg, size_t msglen)
{
    const uint32_t nvars = t->nvars;
    uint32_t m = 0;
    if (t->nblocks > 0) {
        snprintf(msg, msglen, "order '%s': weights(...) rows must come before the blocks", spec);
        return GBC_ERR_ARG;
    }
    if ((uint64_t)(t->nrows + 1) * nvars > UINT32_MAX) {
        snprintf(msg, msglen, "order '%s': too many weight rows", spec);
        return GBC_ERR_ARG;
    }
    GBC_TRY(GBC_GROW(ctx, t->rows, *rcap, (size_t)(t->nrows + 1) * nvars + 1));
    if (!parse_weights(s, t->rows + (size_t)t->nrows * nvars, nvars, 0, &m) || m != nvars ||
        *(*s)++ != ')') {
        snprintf(msg, msglen, "order '%s': weights(...) takes %u comma-separated integers in 0..%u",
                 spec, nvars, MONO_MAX_WEIGHT);
        return GBC_ERR_ARG;
    }
    t->nrows++;
    t->kind = MONO_MATRIX;
    return GBC_OK;
}

/* "blocks:..." after its prefix, at s: optional rows weights(w1,...,wn), then blocks
 * kind(m) or wgrevlex(w1,...,wm); rows or a wgrevlex block make it MONO_MATRIX. As
 * parse_weighted on errors. */
static gbc_status parse_blocks(gbc_ctx *ctx, mono_order *t, const char *s, const char *spec,
                               char *msg, size_t msglen)
{
    const uint32_t nvars = t->nvars;
    size_t cap = 0, rcap = 0;
    uint32_t covered = 0;
    for (;;) {
        mono_kind k;
        uint64_t len;
        uint32_t m = 0;
        if (strncmp(s, "weights(", 8) == 0) {
            s += 8;
            GBC_TRY(parse_row(ctx, t, &s, &rcap, spec, msg, msglen));
        } else {
            if (strncmp(s, "wgrevlex(", 9) == 0 || strncmp(s, "wp(", 3) == 0) {
                s += s[0] == 'w' && s[1] == 'p' ? 3 : 9; /* wp: Singular's name */
                if (t->weights == NULL) {
                    GBC_TRY(GBC_ALLOC(ctx, t->weights, nvars ? nvars : 1));
                    for (uint32_t i = 0; i < nvars; i++)
                        t->weights[i] = 1;
                }
                if (!parse_weights(&s, t->weights + covered, nvars - covered, 1, &m) ||
                    *s++ != ')') {
                    snprintf(msg, msglen,
                             "order '%s': wgrevlex(...) takes one weight in 1..%u per variable "
                             "of its block, %u variables in all",
                             spec, MONO_MAX_WEIGHT, nvars);
                    return GBC_ERR_ARG;
                }
                k = MONO_WGREVLEX;
                len = m;
                t->kind = MONO_MATRIX;
            } else if (!parse_kind(&s, &k) || *s++ != '(' ||
                       !parse_uint(&s, UINT32_MAX, &len) || *s++ != ')') {
                snprintf(msg, msglen,
                         "order '%s': expected blocks like grevlex(2),lex(3) (kinds grevlex, "
                         "lex, deglex, wgrevlex(w1,...,wm)), after optional rows "
                         "weights(w1,...,wn)",
                         spec);
                return GBC_ERR_ARG;
            }
            if (len == 0 || len > (uint64_t)nvars - covered) {
                snprintf(msg, msglen,
                         "order '%s': block sizes must be positive and add up to %u", spec,
                         nvars);
                return GBC_ERR_ARG;
            }
            GBC_TRY(GBC_GROW(ctx, t->blocks, cap, t->nblocks + 1));
            t->blocks[t->nblocks].kind = k;
            t->blocks[t->nblocks].start = covered;
            t->blocks[t->nblocks].len = (uint32_t)len;
            t->nblocks++;
            covered += (uint32_t)len;
        }
        if (*s == '\0')
            break;
        if (*s++ != ',') {
            snprintf(msg, msglen, "order '%s': blocks must be separated by commas", spec);
            return GBC_ERR_ARG;
        }
    }
    if (covered != nvars) {
        snprintf(msg, msglen, "order '%s': block sizes add up to %u, not to the %u variables",
                 spec, covered, nvars);
        return GBC_ERR_ARG;
    }
    return GBC_OK;
}

gbc_status mono_order_parse(gbc_ctx *ctx, mono_order *ord, const char *spec,
                            uint32_t nvars, char *msg, size_t msglen)
{
    mono_order t;
    memset(&t, 0, sizeof t);
    t.nvars = nvars;
    if (spec == NULL)
        spec = "grevlex";
    const char *s = spec;
    gbc_status st = GBC_OK;
    if (strncmp(s, "weights:", 8) == 0) {
        t.kind = MONO_WEIGHTED;
        st = parse_weighted(ctx, &t, s + 8, spec, msg, msglen);
    } else if (strncmp(s, "blocks:", 7) == 0) {
        t.kind = MONO_BLOCKS;
        st = parse_blocks(ctx, &t, s + 7, spec, msg, msglen);
    } else {
        mono_kind k;
        if (!parse_kind(&s, &k) || *s != '\0') {
            snprintf(msg, msglen,
                     "unknown order '%s' (expected grevlex, lex, deglex (or dp, lp, Dp, GRevLex, Lex, GLex), weights:w1,...,wn or blocks:grevlex(k),...)",
                     spec);
            goto bad;
        }
        t.kind = k;
    }
    if (st != GBC_OK)
        goto fail;
    *ord = t;
    return GBC_OK;
bad:
    st = GBC_ERR_ARG;
fail:
    mono_order_clear(ctx, &t);
    return st;
}

size_t mono_order_format(const mono_order *ord, char *buf, size_t buflen)
{
    size_t used = 0;
#define EMIT(...)                                                              \
    do {                                                                       \
        int n_ = snprintf(used < buflen ? buf + used : NULL,                   \
                          used < buflen ? buflen - used : 0, __VA_ARGS__);     \
        if (n_ > 0)                                                            \
            used += (size_t)n_;                                                \
    } while (0)
    if (buflen > 0)
        buf[0] = '\0';
    switch (ord->kind) {
    case MONO_WEIGHTED:
        EMIT("weights:");
        for (uint32_t i = 0; i < ord->nvars; i++)
            EMIT(i ? ",%u" : "%u", ord->weights[i]);
        break;
    case MONO_BLOCKS:
    case MONO_MATRIX:
        EMIT("blocks:");
        for (uint32_t r = 0; r < ord->nrows; r++) {
            const uint32_t *row = ord->rows + (size_t)r * ord->nvars;
            EMIT(r ? ",weights(" : "weights(");
            for (uint32_t i = 0; i < ord->nvars; i++)
                EMIT(i ? ",%u" : "%u", row[i]);
            EMIT(")");
        }
        for (uint32_t i = 0; i < ord->nblocks; i++) {
            const mono_block *B = &ord->blocks[i];
            if (i > 0 || ord->nrows > 0)
                EMIT(",");
            if (B->kind == MONO_WGREVLEX) {
                EMIT("wgrevlex(");
                for (uint32_t j = 0; j < B->len; j++)
                    EMIT(j ? ",%u" : "%u", ord->weights[B->start + j]);
                EMIT(")");
            } else {
                EMIT("%s(%u)", mono_kind_name(B->kind), B->len);
            }
        }
        break;
    case MONO_HOMOG:
        EMIT("homog(");
        used += mono_order_format(ord->base, used < buflen ? buf + used : NULL,
                                  used < buflen ? buflen - used : 0);
        EMIT(")");
        break;
    default:
        EMIT("%s", mono_kind_name(ord->kind));
    }
#undef EMIT
    return used;
}

void mono_order_homog(mono_order *ord, const mono_order *base)
{
    memset(ord, 0, sizeof *ord);
    ord->kind = MONO_HOMOG;
    ord->nvars = base->nvars + 1;
    ord->base = base;
}

uint64_t mono_degree(const uint32_t *a, uint32_t n)
{
    uint64_t d = 0;
    for (uint32_t i = 0; i < n; i++)
        d += a[i];
    return d;
}

/* sum of w[i] * a[i] over i in [start, start+len): exact below total degree 2^32
 * (weights < 2^31) */
static uint64_t weighted_degree(const uint32_t *w, const uint32_t *a, uint32_t start,
                                uint32_t len)
{
    uint64_t d = 0;
    for (uint32_t i = start; i < start + len; i++)
        d += (uint64_t)w[i] * a[i];
    return d;
}

uint64_t mono_order_key(const mono_order *ord, const uint32_t *a)
{
    switch (ord->kind) {
    case MONO_GREVLEX:
    case MONO_DEGLEX:
    case MONO_HOMOG:
        return mono_degree(a, ord->nvars);
    case MONO_LEX:
        return 0;
    case MONO_WEIGHTED: {
        uint64_t w = 0;
        for (uint32_t i = 0; i < ord->nvars; i++)
            w += (uint64_t)ord->weights[i] * a[i];
        return w;
    }
    case MONO_BLOCKS:
        if (ord->blocks[0].kind == MONO_LEX)
            return 0;
        return mono_degree(a, ord->blocks[0].len);
    case MONO_MATRIX:
        if (ord->nrows > 0)
            return weighted_degree(ord->rows, a, 0, ord->nvars);
        if (ord->blocks[0].kind == MONO_LEX)
            return 0;
        return ord->blocks[0].kind == MONO_WGREVLEX
                   ? weighted_degree(ord->weights, a, 0, ord->blocks[0].len)
                   : mono_degree(a, ord->blocks[0].len);
    case MONO_WGREVLEX:
        break;
    }
    return 0;
}

/* Reverse lexicographic tie-break on vars [start, start+len): the monomial with
 * the smaller exponent in the last differing variable is the larger. */
static int revlex_tail(const uint32_t *a, const uint32_t *b, uint32_t start, uint32_t len)
{
    for (uint32_t i = start + len; i-- > start;)
        if (a[i] != b[i])
            return a[i] < b[i] ? 1 : -1;
    return 0;
}

static int lex_part(const uint32_t *a, const uint32_t *b, uint32_t start, uint32_t len)
{
    for (uint32_t i = start; i < start + len; i++)
        if (a[i] != b[i])
            return a[i] > b[i] ? 1 : -1;
    return 0;
}

static int cmp_u64(uint64_t x, uint64_t y)
{
    return (x > y) - (x < y);
}

/* Compare within one block of kind kind (w: the order's weights, for wgrevlex). */
static int block_cmp(mono_kind kind, const uint32_t *w, const uint32_t *a, const uint32_t *b,
                     uint32_t start, uint32_t len)
{
    if (kind == MONO_WGREVLEX) {
        int c = cmp_u64(weighted_degree(w, a, start, len), weighted_degree(w, b, start, len));
        return c != 0 ? c : revlex_tail(a, b, start, len);
    }
    if (kind != MONO_LEX) {
        int c = cmp_u64(mono_degree(a + start, len), mono_degree(b + start, len));
        if (c != 0)
            return c;
    }
    return kind == MONO_GREVLEX ? revlex_tail(a, b, start, len) : lex_part(a, b, start, len);
}

/* MONO_MATRIX from weight row r0 on: the rows in turn, then the blocks in turn;
 * first_block_tie: the first block's weighted or total degree is known equal (the
 * key without rows), so only its tie-break is left. */
static int matrix_cmp(const mono_order *ord, const uint32_t *a, const uint32_t *b, uint32_t r0,
                      int first_block_tie)
{
    const uint32_t n = ord->nvars;
    for (uint32_t r = r0; r < ord->nrows; r++) {
        const uint32_t *row = ord->rows + (size_t)r * n;
        int c = cmp_u64(weighted_degree(row, a, 0, n), weighted_degree(row, b, 0, n));
        if (c != 0)
            return c;
    }
    for (uint32_t k = 0; k < ord->nblocks; k++) {
        const mono_block *B = &ord->blocks[k];
        int c;
        if (k == 0 && first_block_tie)
            c = B->kind == MONO_GREVLEX || B->kind == MONO_WGREVLEX
                    ? revlex_tail(a, b, B->start, B->len)
                    : lex_part(a, b, B->start, B->len);
        else
            c = block_cmp(B->kind, ord->weights, a, b, B->start, B->len);
        if (c != 0)
            return c;
    }
    return 0;
}

int mono_cmp(const mono_order *ord, const uint32_t *a, const uint32_t *b)
{
    uint32_t n = ord->nvars;
    switch (ord->kind) {
    case MONO_GREVLEX:
    case MONO_LEX:
    case MONO_DEGLEX:
        return block_cmp(ord->kind, NULL, a, b, 0, n);
    case MONO_WEIGHTED: {
        int c = cmp_u64(mono_order_key(ord, a), mono_order_key(ord, b));
        return c != 0 ? c : block_cmp(MONO_GREVLEX, NULL, a, b, 0, n);
    }
    case MONO_BLOCKS:
        for (uint32_t k = 0; k < ord->nblocks; k++) {
            const mono_block *B = &ord->blocks[k];
            int c = block_cmp(B->kind, NULL, a, b, B->start, B->len);
            if (c != 0)
                return c;
        }
        return 0;
    case MONO_HOMOG: {
        int c = cmp_u64(mono_degree(a, n), mono_degree(b, n));
        return c != 0 ? c : mono_cmp(ord->base, a, b);
    }
    case MONO_MATRIX:
        return matrix_cmp(ord, a, b, 0, 0);
    case MONO_WGREVLEX:
        break;
    }
    return 0;
}

int mono_cmp_tiebreak(const mono_order *ord, const uint32_t *a, uint64_t dega,
                      const uint32_t *b, uint64_t degb)
{
    uint32_t n = ord->nvars;
    switch (ord->kind) {
    case MONO_GREVLEX:
        return revlex_tail(a, b, 0, n);
    case MONO_LEX:
    case MONO_DEGLEX:
        return lex_part(a, b, 0, n);
    case MONO_WEIGHTED: {
        int c = cmp_u64(dega, degb);
        return c != 0 ? c : revlex_tail(a, b, 0, n);
    }
    case MONO_BLOCKS: {
        /* The first block's degree is already equal when it is graded. */
        const mono_block *B = &ord->blocks[0];
        int c = B->kind == MONO_GREVLEX ? revlex_tail(a, b, B->start, B->len)
                                        : lex_part(a, b, B->start, B->len);
        if (c != 0)
            return c;
        for (uint32_t k = 1; k < ord->nblocks; k++) {
            B = &ord->blocks[k];
            c = block_cmp(B->kind, NULL, a, b, B->start, B->len);
            if (c != 0)
                return c;
        }
        return 0;
    }
    case MONO_HOMOG:
        /* equal total degree and equal x-parts force equal h exponents */
        return mono_cmp(ord->base, a, b);
    case MONO_MATRIX:
        /* the key is the first row, or (no rows) the first block's degree (0 for lex:
         * its tie-break is then the whole lex comparison) */
        return ord->nrows > 0 ? matrix_cmp(ord, a, b, 1, 0) : matrix_cmp(ord, a, b, 0, 1);
    case MONO_WGREVLEX:
        break;
    }
    return 0;
}

gbc_status mono_mul(uint32_t *c, const uint32_t *a, const uint32_t *b, uint32_t n)
{
    if (mono_degree(a, n) + mono_degree(b, n) > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    for (uint32_t i = 0; i < n; i++)
        c[i] = a[i] + b[i];
    return GBC_OK;
}

void mono_divmask_init(mono_divmask *dm, uint32_t nvars)
{
    memset(dm, 0, sizeof *dm);
    if (nvars == 0)
        return;
    uint32_t nv = nvars < 32 ? nvars : 32;
    uint32_t per = 32 / nv;
    for (uint32_t v = 0; v < nv; v++)
        for (uint32_t k = 0; k < per; k++) {
            dm->var[dm->nbits] = v;
            dm->thr[dm->nbits] = k + 1;
            dm->nbits++;
        }
    dm->uniform = per < 32; /* (1u << 32) would be undefined: one variable uses the loop */
    /* one bit per variable from 17 variables on; past 32 the variables fold onto the
     * bits (v mod 32), so that every variable counts in the filter */
    dm->nv = per == 1 ? nvars : nv;
    dm->per = per;
}
