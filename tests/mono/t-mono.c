/* Tests for mono/: the order parser (every accepted form, every malformed one),
 * comparisons worked out by hand for each order kind, agreement with naive
 * implementations written from the textbook definitions, the axioms of a term
 * order on random monomials (total, 1 smallest, compatible with multiplication),
 * agreement of mono_cmp with the hash table's key + tie-break comparison, and the
 * round trip of mono_order_format through mono_order_parse. */
#include <stdio.h>
#include <stdlib.h>

#include "mht/mht.h"
#include "mono/mono.h"
#include "testutil.h"

#define MAXV 40

static int sgn(int c)
{
    return (c > 0) - (c < 0);
}

static mono_order parse_ok(const char *spec, uint32_t nvars)
{
    mono_order o;
    char msg[256] = "";
    gbc_status st = mono_order_parse(NULL, &o, spec, nvars, msg, sizeof msg);
    ck_assert_msg(st == GBC_OK, "spec '%s' (n=%u) refused: %s", spec ? spec : "(null)", nvars,
                  msg);
    return o;
}

/* ------------------------------------------------------------- parsing -- */

START_TEST(test_parse_accepted)
{
    mono_order o = parse_ok(NULL, 3);
    ck_assert_int_eq(o.kind, MONO_GREVLEX);
    ck_assert_uint_eq(o.nvars, 3);
    mono_order_clear(NULL, &o);
    static const struct { const char *spec; mono_kind kind; } simple[] = {
        {"grevlex", MONO_GREVLEX}, {"lex", MONO_LEX}, {"deglex", MONO_DEGLEX}};
    for (size_t i = 0; i < 3; i++) {
        o = parse_ok(simple[i].spec, 4);
        ck_assert_int_eq(o.kind, simple[i].kind);
        ck_assert_ptr_null(o.weights);
        ck_assert_ptr_null(o.blocks);
        mono_order_clear(NULL, &o);
        /* and with no variables at all */
        o = parse_ok(simple[i].spec, 0);
        ck_assert_int_eq(o.kind, simple[i].kind);
        mono_order_clear(NULL, &o);
    }
    o = parse_ok("weights:1,2,3", 3);
    ck_assert_int_eq(o.kind, MONO_WEIGHTED);
    ck_assert_uint_eq(o.weights[0], 1);
    ck_assert_uint_eq(o.weights[1], 2);
    ck_assert_uint_eq(o.weights[2], 3);
    mono_order_clear(NULL, &o);
    o = parse_ok("weights:2147483647,1", 2);
    ck_assert_uint_eq(o.weights[0], MONO_MAX_WEIGHT);
    mono_order_clear(NULL, &o);
    o = parse_ok("weights:007", 1);
    ck_assert_uint_eq(o.weights[0], 7);
    mono_order_clear(NULL, &o);
    o = parse_ok("blocks:grevlex(2),lex(3)", 5);
    ck_assert_int_eq(o.kind, MONO_BLOCKS);
    ck_assert_uint_eq(o.nblocks, 2);
    ck_assert_int_eq(o.blocks[0].kind, MONO_GREVLEX);
    ck_assert_uint_eq(o.blocks[0].start, 0);
    ck_assert_uint_eq(o.blocks[0].len, 2);
    ck_assert_int_eq(o.blocks[1].kind, MONO_LEX);
    ck_assert_uint_eq(o.blocks[1].start, 2);
    ck_assert_uint_eq(o.blocks[1].len, 3);
    mono_order_clear(NULL, &o);
    o = parse_ok("blocks:deglex(1),grevlex(1),lex(1),deglex(2)", 5);
    ck_assert_uint_eq(o.nblocks, 4);
    ck_assert_int_eq(o.blocks[3].kind, MONO_DEGLEX);
    ck_assert_uint_eq(o.blocks[3].start, 3);
    ck_assert_uint_eq(o.blocks[3].len, 2);
    mono_order_clear(NULL, &o);
    o = parse_ok("blocks:lex(7)", 7);
    ck_assert_uint_eq(o.nblocks, 1);
    mono_order_clear(NULL, &o);
}
END_TEST

START_TEST(test_parse_malformed)
{
    static const struct { const char *spec; uint32_t nvars; } bad[] = {
        {"", 3},
        {"Grevlex", 3},
        {"grevlexx", 3},
        {"lex ", 3},
        {" lex", 3},
        {"revlex", 3},
        {"lexdeg", 3},
        {"weights", 3},
        {"weights:", 3},
        {"weights:1,2", 3},
        {"weights:1,2,3,4", 3},
        {"weights:1,2,3,", 3},
        {"weights:0,1,1", 3},
        {"weights:1,,2", 3},
        {"weights:1,2,a", 3},
        {"weights:-1,1,1", 3},
        {"weights:+1,1,1", 3},
        {"weights:1 ,1,1", 3},
        {"weights:2147483648,1,1", 3},
        {"weights:99999999999999999999999,1,1", 3},
        {"weights:1;2;3", 3},
        {"blocks:", 3},
        {"blocks", 3},
        {"blocks:grevlex(2)", 3},
        {"blocks:grevlex(2),lex(2)", 3},
        {"blocks:grevlex(0),lex(3)", 3},
        {"blocks:grevlex2,lex(1)", 3},
        {"blocks:grevlex(2)lex(1)", 3},
        {"blocks:grevlex(2),", 3},
        {"blocks:grevlex(2),lex(1),", 3},
        {"blocks:weights(3)", 3},
        {"blocks:foo(3)", 3},
        {"blocks:grevlex(2),lex(1", 3},
        {"blocks:grevlex(),lex(3)", 3},
        {"blocks:grevlex(-1),lex(4)", 3},
        {"blocks:grevlex(4294967297),lex(1)", 3},
        {"blocks:grevlex(99999999999999999999),lex(1)", 3},
        {"blocks:grevlex(4294967295),grevlex(4294967295)", 3},
        {"blocks:grevlex(1);lex(2)", 3},
        {"blocks:lex(1)", 0},
        {"weights:1", 0},
        /* weight rows and weighted grevlex blocks */
        {"blocks:weights(1,0,0)", 3},
        {"blocks:weights(1,0),grevlex(3)", 3},
        {"blocks:weights(1,0,0,0),grevlex(3)", 3},
        {"blocks:weights(1,-1,0),grevlex(3)", 3},
        {"blocks:weights(1,0,2147483648),grevlex(3)", 3},
        {"blocks:weights(),grevlex(3)", 3},
        {"blocks:weights(1,0,0)grevlex(3)", 3},
        {"blocks:grevlex(3),weights(1,0,0)", 3},
        {"blocks:grevlex(1),weights(1,0,0),grevlex(2)", 3},
        {"blocks:wgrevlex(2,1)", 3},
        {"blocks:wgrevlex(2,1,1,1)", 3},
        {"blocks:wgrevlex(0,1,1)", 3},
        {"blocks:wgrevlex()", 3},
        {"blocks:wgrevlex(1,1),wgrevlex(1,1)", 3},
        {"blocks:wgrevlex(1,1,1", 3},
        {"blocks:weights(1,1,1)", 3},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mono_order o;
        memset(&o, 0x5a, sizeof o);
        mono_order before = o;
        char msg[256] = "";
        gbc_status st = mono_order_parse(NULL, &o, bad[i].spec, bad[i].nvars, msg, sizeof msg);
        ck_assert_msg(st == GBC_ERR_ARG, "'%s' (n=%u) accepted or wrong status %d",
                      bad[i].spec, bad[i].nvars, (int)st);
        ck_assert_msg(strlen(msg) > 10, "'%s': no message", bad[i].spec);
        if (bad[i].spec[0] != '\0')
            ck_assert_msg(strstr(msg, bad[i].spec) != NULL, "'%s': message '%s' does not quote it",
                          bad[i].spec, msg);
        ck_assert_msg(memcmp(&o, &before, sizeof o) == 0, "'%s': output written on error",
                      bad[i].spec);
        /* no message buffer at all must also work */
        st = mono_order_parse(NULL, &o, bad[i].spec, bad[i].nvars, NULL, 0);
        ck_assert_int_eq(st, GBC_ERR_ARG);
    }
}
END_TEST

/* Every allocation of the parser may fail: the result is OK or NOMEM, never a leak
 * (ASan's leak checker watches this) or a half-made order. */
START_TEST(test_parse_alloc_failure)
{
    static const char *specs[] = {"weights:1,2,3,4", "blocks:grevlex(1),lex(1),deglex(2)",
                                  "blocks:weights(1,0,0,0),weights(0,1,0,0),wgrevlex(1,2),lex(2)"};
    for (size_t k = 0; k < 3; k++) {
        int saw_fail = 0, saw_ok = 0;
        for (uint64_t i = 1; i < 20; i++) {
            gbc_ctx ctx;
            gbc_ctx_init(&ctx);
            ctx.fail_at = i;
            mono_order o;
            char msg[128];
            gbc_status st = mono_order_parse(&ctx, &o, specs[k], 4, msg, sizeof msg);
            ck_assert(st == GBC_OK || st == GBC_ERR_NOMEM);
            if (st == GBC_OK) {
                saw_ok = 1;
                mono_order_clear(&ctx, &o);
            } else {
                saw_fail = 1;
            }
            ck_assert_uint_eq(ctx.mem_used, 0);
        }
        ck_assert(saw_fail && saw_ok);
    }
}
END_TEST

/* --------------------------------------------------- known comparisons -- */

typedef struct known {
    const char *order;
    uint32_t n;
    uint32_t a[4], b[4]; /* a > b under order */
} known;

/* Worked out by hand from the definitions (x > y > z > w):
 * grevlex: degree, then the smaller exponent in the last differing variable wins;
 * deglex: degree, then lex; weights: weighted degree, then grevlex; blocks: the
 * first block decides, then the next. */
static const known known_cmp[] = {
    /* grevlex */
    {"grevlex", 3, {1, 0, 0}, {0, 1, 0}},
    {"grevlex", 3, {0, 1, 0}, {0, 0, 1}},
    {"grevlex", 3, {2, 0, 0}, {1, 1, 0}},
    {"grevlex", 3, {1, 1, 0}, {0, 2, 0}},
    {"grevlex", 3, {0, 2, 0}, {1, 0, 1}},  /* y^2 > xz */
    {"grevlex", 3, {1, 0, 1}, {0, 1, 1}},
    {"grevlex", 3, {0, 1, 1}, {0, 0, 2}},
    {"grevlex", 3, {0, 3, 0}, {1, 1, 1}},  /* y^3 > xyz */
    {"grevlex", 3, {0, 3, 0}, {1, 0, 2}},  /* y^3 > xz^2 */
    {"grevlex", 3, {1, 2, 0}, {2, 0, 1}},  /* xy^2 > x^2z */
    {"grevlex", 3, {0, 0, 2}, {1, 0, 0}},  /* z^2 > x: degree first */
    {"grevlex", 3, {1, 5, 2}, {4, 1, 3}},  /* Cox-Little-O'Shea, 2.2 */
    {"grevlex", 3, {4, 7, 1}, {4, 2, 3}},
    {"grevlex", 3, {0, 0, 1}, {0, 0, 0}},
    /* lex */
    {"lex", 3, {1, 0, 0}, {0, 100, 100}},
    {"lex", 3, {1, 1, 0}, {1, 0, 5}},
    {"lex", 3, {0, 1, 0}, {0, 0, 1000}},
    {"lex", 3, {1, 2, 0}, {1, 1, 50}},
    {"lex", 3, {1, 0, 2}, {0, 3, 0}},
    {"lex", 3, {2, 0, 1}, {1, 2, 0}},
    {"lex", 3, {0, 0, 1}, {0, 0, 0}},
    /* deglex */
    {"deglex", 3, {1, 1, 1}, {0, 3, 0}},   /* the opposite of grevlex */
    {"deglex", 3, {1, 0, 2}, {0, 3, 0}},
    {"deglex", 3, {2, 0, 1}, {1, 2, 0}},
    {"deglex", 3, {0, 0, 2}, {1, 0, 0}},
    {"deglex", 3, {1, 2, 0}, {1, 0, 2}},
    /* weights 1,2,3: wdeg x = 1, y = 2, z = 3 */
    {"weights:1,2,3", 3, {0, 0, 1}, {0, 1, 0}},
    {"weights:1,2,3", 3, {0, 1, 0}, {1, 0, 0}},
    {"weights:1,2,3", 3, {1, 1, 0}, {0, 0, 1}},  /* w 3 = 3, degree 2 > 1 */
    {"weights:1,2,3", 3, {3, 0, 0}, {0, 0, 1}},  /* w 3 = 3, degree 3 > 1 */
    {"weights:1,2,3", 3, {2, 0, 0}, {0, 1, 0}},
    {"weights:1,2,3", 3, {0, 2, 0}, {1, 0, 1}},  /* w 4, degree 2, revlex */
    {"weights:1,2,3", 3, {0, 0, 2}, {5, 0, 0}},  /* w 6 > 5 despite degree */
    /* weights 3,1,1 */
    {"weights:3,1,1", 3, {1, 0, 0}, {0, 2, 0}},
    {"weights:3,1,1", 3, {0, 3, 0}, {1, 0, 0}},  /* w 3 = 3, degree 3 > 1 */
    {"weights:3,1,1", 3, {0, 2, 0}, {0, 1, 1}},
    {"weights:3,1,1", 3, {1, 0, 0}, {0, 0, 2}},
    /* weights 1,1,1 is grevlex */
    {"weights:1,1,1", 3, {0, 3, 0}, {1, 1, 1}},
    /* blocks (x, y | z) */
    {"blocks:grevlex(2),lex(1)", 3, {1, 0, 0}, {0, 0, 100}},
    {"blocks:grevlex(2),lex(1)", 3, {2, 0, 0}, {1, 1, 0}},
    {"blocks:grevlex(2),lex(1)", 3, {1, 0, 0}, {0, 1, 5}},
    {"blocks:grevlex(2),lex(1)", 3, {0, 1, 1}, {0, 1, 0}},
    {"blocks:grevlex(2),lex(1)", 3, {0, 2, 0}, {1, 0, 9}},
    /* blocks (x | y, z) */
    {"blocks:lex(1),grevlex(2)", 3, {1, 0, 0}, {0, 100, 0}},
    {"blocks:lex(1),grevlex(2)", 3, {1, 0, 2}, {1, 1, 0}},
    {"blocks:lex(1),grevlex(2)", 3, {0, 2, 0}, {0, 1, 1}},
    {"blocks:lex(1),grevlex(2)", 3, {0, 1, 1}, {0, 0, 2}},
    /* blocks (x, y | z, w) */
    {"blocks:deglex(2),grevlex(2)", 4, {1, 1, 0, 0}, {0, 2, 0, 0}},
    {"blocks:deglex(2),grevlex(2)", 4, {1, 0, 5, 0}, {0, 1, 0, 0}},
    {"blocks:deglex(2),grevlex(2)", 4, {0, 2, 0, 0}, {1, 0, 9, 9}},
    {"blocks:deglex(2),grevlex(2)", 4, {1, 0, 2, 0}, {1, 0, 1, 1}},
    {"blocks:deglex(2),grevlex(2)", 4, {1, 0, 1, 1}, {1, 0, 0, 1}},
    {"blocks:grevlex(2),deglex(2)", 4, {1, 1, 1, 1}, {0, 2, 2, 0}},  /* revlex on y */
    {"blocks:grevlex(2),deglex(2)", 4, {0, 2, 1, 1}, {0, 2, 0, 2}},  /* then lex */
    /* Macaulay2's Eliminate 1 (x | y, z): x's exponent first, then grevlex */
    {"blocks:weights(1,0,0),grevlex(3)", 3, {1, 0, 0}, {0, 5, 5}},
    {"blocks:weights(1,0,0),grevlex(3)", 3, {1, 0, 0}, {0, 0, 7}},
    {"blocks:weights(1,0,0),grevlex(3)", 3, {0, 0, 2}, {0, 1, 0}},   /* then degree */
    {"blocks:weights(1,0,0),grevlex(3)", 3, {1, 2, 0}, {1, 0, 2}},   /* then revlex */
    /* two rows: y+2z first, then z, then grevlex */
    {"blocks:weights(0,1,2),weights(0,0,1),grevlex(3)", 3, {0, 0, 1}, {5, 1, 0}},
    {"blocks:weights(0,1,2),weights(0,0,1),grevlex(3)", 3, {0, 0, 1}, {0, 2, 0}},
    {"blocks:weights(0,1,2),weights(0,0,1),grevlex(3)", 3, {3, 2, 0}, {2, 2, 0}},
    /* a row then lex: GLex as Macaulay2 records it, which is deglex */
    {"blocks:weights(1,1,1),lex(3)", 3, {1, 1, 1}, {0, 3, 0}},
    {"blocks:weights(1,1,1),lex(3)", 3, {0, 0, 2}, {1, 0, 0}},
    /* weighted grevlex 2,1,1 (Macaulay2's GRevLex => {2,1,1}): weighted degree,
     * then reverse lex with no total-degree step: x > y*z (both weight 2) */
    {"blocks:wgrevlex(2,1,1)", 3, {1, 0, 0}, {0, 1, 1}},
    {"blocks:wgrevlex(2,1,1)", 3, {1, 0, 0}, {0, 0, 2}},
    {"blocks:wgrevlex(2,1,1)", 3, {1, 0, 0}, {0, 2, 0}},   /* x > y^2 (M2 agrees) */
    {"blocks:wgrevlex(2,1,1)", 3, {0, 0, 3}, {1, 0, 0}},   /* weight 3 > 2 */
    /* a wgrevlex block after a lex one */
    {"blocks:lex(1),wgrevlex(1,3)", 3, {0, 0, 1}, {0, 2, 0}},
    {"blocks:lex(1),wgrevlex(1,3)", 3, {1, 0, 0}, {0, 0, 9}},
};

START_TEST(test_known)
{
    for (size_t i = 0; i < sizeof known_cmp / sizeof known_cmp[0]; i++) {
        const known *k = &known_cmp[i];
        mono_order o = parse_ok(k->order, k->n);
        ck_assert_msg(mono_cmp(&o, k->a, k->b) > 0, "case %zu (%s): a > b expected", i,
                      k->order);
        ck_assert_msg(mono_cmp(&o, k->b, k->a) < 0, "case %zu (%s): b < a expected", i,
                      k->order);
        ck_assert_int_eq(mono_cmp(&o, k->a, k->a), 0);
        /* the hash table's comparison must agree */
        mht_params par;
        mht t;
        ck_assert_int_eq(mht_params_init(NULL, &par, &o, 99), GBC_OK);
        ck_assert_int_eq(mht_init(NULL, &t, &par, 4), GBC_OK);
        uint32_t ia, ib;
        ck_assert_int_eq(mht_insert(NULL, &t, k->a, &ia), GBC_OK);
        ck_assert_int_eq(mht_insert(NULL, &t, k->b, &ib), GBC_OK);
        ck_assert_msg(mht_cmp(&t, ia, ib) > 0 && mht_cmp(&t, ib, ia) < 0,
                      "case %zu (%s): mht_cmp disagrees", i, k->order);
        mht_clear(NULL, &t);
        mht_params_clear(NULL, &par);
        mono_order_clear(NULL, &o);
    }
}
END_TEST

/* ------------------------------------------- naive reference orders -- */

/* Textbook definitions, written independently of mono.c (x_1 > x_2 > ...). */
static int naive_lex(const uint32_t *a, const uint32_t *b, uint32_t s, uint32_t n)
{
    for (uint32_t i = s; i < s + n; i++)
        if (a[i] != b[i])
            return a[i] > b[i] ? 1 : -1;
    return 0;
}

static uint64_t naive_deg(const uint32_t *a, uint32_t s, uint32_t n)
{
    uint64_t d = 0;
    for (uint32_t i = s; i < s + n; i++)
        d += a[i];
    return d;
}

/* grevlex: a > b iff deg a > deg b, or equal degrees and the last nonzero entry of
 * a - b is negative. */
static int naive_grevlex(const uint32_t *a, const uint32_t *b, uint32_t s, uint32_t n)
{
    uint64_t da = naive_deg(a, s, n), db = naive_deg(b, s, n);
    if (da != db)
        return da > db ? 1 : -1;
    for (uint32_t i = s + n; i > s; i--) {
        int64_t diff = (int64_t)a[i - 1] - (int64_t)b[i - 1];
        if (diff != 0)
            return diff < 0 ? 1 : -1;
    }
    return 0;
}

static int naive_deglex(const uint32_t *a, const uint32_t *b, uint32_t s, uint32_t n)
{
    uint64_t da = naive_deg(a, s, n), db = naive_deg(b, s, n);
    if (da != db)
        return da > db ? 1 : -1;
    return naive_lex(a, b, s, n);
}

static int naive_block(mono_kind k, const uint32_t *a, const uint32_t *b, uint32_t s,
                       uint32_t n)
{
    return k == MONO_LEX ? naive_lex(a, b, s, n)
                         : k == MONO_DEGLEX ? naive_deglex(a, b, s, n)
                                            : naive_grevlex(a, b, s, n);
}

/* w . a over [s, s+n), exactly */
static unsigned __int128 naive_wdeg(const uint32_t *w, const uint32_t *a, uint32_t s,
                                    uint32_t n)
{
    unsigned __int128 d = 0;
    for (uint32_t i = s; i < s + n; i++)
        d += (unsigned __int128)w[i] * a[i];
    return d;
}

/* weighted grevlex on a block: weighted degree, then the last nonzero entry of a - b
 * negative */
static int naive_wgrevlex(const uint32_t *w, const uint32_t *a, const uint32_t *b, uint32_t s,
                          uint32_t n)
{
    unsigned __int128 da = naive_wdeg(w, a, s, n), db = naive_wdeg(w, b, s, n);
    if (da != db)
        return da > db ? 1 : -1;
    for (uint32_t i = s + n; i > s; i--)
        if (a[i - 1] != b[i - 1])
            return a[i - 1] < b[i - 1] ? 1 : -1;
    return 0;
}

static int naive_cmp(const mono_order *o, const uint32_t *a, const uint32_t *b)
{
    switch (o->kind) {
    case MONO_MATRIX:
        for (uint32_t r = 0; r < o->nrows; r++) {
            const uint32_t *row = o->rows + (size_t)r * o->nvars;
            unsigned __int128 wa = naive_wdeg(row, a, 0, o->nvars);
            unsigned __int128 wb = naive_wdeg(row, b, 0, o->nvars);
            if (wa != wb)
                return wa > wb ? 1 : -1;
        }
        for (uint32_t k = 0; k < o->nblocks; k++) {
            const mono_block *B = &o->blocks[k];
            int c = B->kind == MONO_WGREVLEX
                        ? naive_wgrevlex(o->weights, a, b, B->start, B->len)
                        : naive_block(B->kind, a, b, B->start, B->len);
            if (c != 0)
                return c;
        }
        return 0;
    case MONO_WEIGHTED: {
        /* weights < 2^31, degrees < 2^32: the sum fits in 128 bits trivially, and in
         * 64 bits as long as total degree < 2^32 */
        unsigned __int128 wa = 0, wb = 0;
        for (uint32_t i = 0; i < o->nvars; i++) {
            wa += (unsigned __int128)o->weights[i] * a[i];
            wb += (unsigned __int128)o->weights[i] * b[i];
        }
        if (wa != wb)
            return wa > wb ? 1 : -1;
        return naive_grevlex(a, b, 0, o->nvars);
    }
    case MONO_BLOCKS:
        for (uint32_t k = 0; k < o->nblocks; k++) {
            int c = naive_block(o->blocks[k].kind, a, b, o->blocks[k].start, o->blocks[k].len);
            if (c != 0)
                return c;
        }
        return 0;
    case MONO_HOMOG: {
        uint64_t da = naive_deg(a, 0, o->nvars), db = naive_deg(b, 0, o->nvars);
        if (da != db)
            return da > db ? 1 : -1;
        return naive_cmp(o->base, a, b);
    }
    default:
        return naive_block(o->kind, a, b, 0, o->nvars);
    }
}

/* ------------------------------------------------ random orders, monomials -- */

/* A random order spec for n variables into buf. */
static void random_spec(gbc_rng *r, uint32_t n, char *buf, size_t len)
{
    static const char *kinds[] = {"grevlex", "lex", "deglex"};
    size_t used = 0;
    switch (gbc_rng_below(r, n > 0 ? 7 : 3)) {
    case 0:
    case 1:
    case 2:
        snprintf(buf, len, "%s", kinds[gbc_rng_below(r, 3)]);
        return;
    case 3: {
        used = (size_t)snprintf(buf, len, "weights:");
        int big = gbc_rng_below(r, 4) == 0;
        for (uint32_t i = 0; i < n; i++) {
            uint64_t w = big ? 1 + gbc_rng_below(r, MONO_MAX_WEIGHT) : 1 + gbc_rng_below(r, 5);
            used += (size_t)snprintf(buf + used, len - used, i ? ",%llu" : "%llu",
                                     (unsigned long long)w);
        }
        return;
    }
    case 5:
    case 6: {
        /* weight rows (zeros allowed; large weights only for few variables, so that
         * the text fits buf), then blocks, some weighted grevlex */
        used = (size_t)snprintf(buf, len, "blocks:");
        uint32_t rows = (uint32_t)gbc_rng_below(r, n > 8 ? 2 : 4);
        int first = 1;
        for (uint32_t k = 0; k < rows; k++) {
            int big = n <= 8 && gbc_rng_below(r, 4) == 0;
            used += (size_t)snprintf(buf + used, len - used, first ? "weights(" : ",weights(");
            for (uint32_t i = 0; i < n; i++) {
                uint64_t w = gbc_rng_below(r, 3) == 0 ? 0
                             : big ? gbc_rng_below(r, MONO_MAX_WEIGHT + 1ull)
                                   : gbc_rng_below(r, 5);
                used += (size_t)snprintf(buf + used, len - used, i ? ",%llu" : "%llu",
                                         (unsigned long long)w);
            }
            used += (size_t)snprintf(buf + used, len - used, ")");
            first = 0;
        }
        uint32_t left = n;
        while (left > 0) {
            uint32_t b = 1 + (uint32_t)gbc_rng_below(r, left);
            uint64_t kind = gbc_rng_below(r, 4);
            if (kind < 3) {
                used += (size_t)snprintf(buf + used, len - used, first ? "%s(%u)" : ",%s(%u)",
                                         kinds[kind], b);
            } else {
                used += (size_t)snprintf(buf + used, len - used,
                                         first ? "wgrevlex(" : ",wgrevlex(");
                for (uint32_t i = 0; i < b; i++)
                    used += (size_t)snprintf(buf + used, len - used, i ? ",%llu" : "%llu",
                                             (unsigned long long)(1 + gbc_rng_below(r, 4)));
                used += (size_t)snprintf(buf + used, len - used, ")");
            }
            left -= b;
            first = 0;
        }
        return;
    }
    default: {
        used = (size_t)snprintf(buf, len, "blocks:");
        uint32_t left = n;
        int first = 1;
        while (left > 0) {
            uint32_t b = 1 + (uint32_t)gbc_rng_below(r, left);
            used += (size_t)snprintf(buf + used, len - used, first ? "%s(%u)" : ",%s(%u)",
                                     kinds[gbc_rng_below(r, 3)], b);
            left -= b;
            first = 0;
        }
        return;
    }
    }
}

/* A random exponent vector whose total degree is at most maxdeg. Exponents are
 * small most of the time so that ties in the leading keys are common. */
static void random_mono(gbc_rng *r, uint32_t *e, uint32_t n, int scale, uint64_t maxdeg)
{
    uint64_t d = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t x;
        switch (scale) {
        case 0: x = gbc_rng_below(r, 3); break;
        case 1: x = gbc_rng_below(r, 1000); break;
        default: x = gbc_rng_below(r, maxdeg / (n ? n : 1) + 1); break;
        }
        if (gbc_rng_below(r, 3) == 0)
            x = 0;
        if (d + x > maxdeg)
            x = maxdeg - d;
        e[i] = (uint32_t)x;
        d += x;
    }
}

/* Run f on a set of random orders (and the homogenising order over each). */
typedef void (*order_fn)(const mono_order *o, gbc_rng *r, const char *spec);

static void for_random_orders(order_fn f, int count)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    char spec[1024];
    for (int i = 0; i < count; i++) {
        uint32_t n = (uint32_t)gbc_rng_below(&r, 9);
        if (i % 10 == 0)
            n = 33 + (uint32_t)gbc_rng_below(&r, MAXV - 33 - 1);
        random_spec(&r, n, spec, sizeof spec);
        mono_order o = parse_ok(spec, n);
        f(&o, &r, spec);
        mono_order h;
        mono_order_homog(&h, &o);
        f(&h, &r, spec);
        mono_order_clear(NULL, &o);
    }
}

#define NMON 60

/* The axioms on random monomials, mono_cmp against the naive definition, the leading
 * key's consistency, and mht_cmp / mht_cmp2 against mono_cmp. */
static void check_axioms(const mono_order *o, gbc_rng *r, const char *spec)
{
    const uint32_t n = o->nvars;
    uint32_t m[NMON][MAXV + 1];
    uint32_t one[MAXV + 1] = {0};
    int scale = (int)gbc_rng_below(r, 3);
    /* degrees up to 2^31 so that products stay below 2^32 */
    for (int i = 0; i < NMON; i++)
        random_mono(r, m[i], n, scale, 1ull << 31);
    mht_params par;
    mht t, t2;
    T_ASSERT(mht_params_init(NULL, &par, o, gbc_rng_next(r)) == GBC_OK);
    T_ASSERT(mht_init(NULL, &t, &par, 4) == GBC_OK);
    T_ASSERT(mht_init(NULL, &t2, &par, 4) == GBC_OK);
    uint32_t idx[NMON], idx2[NMON];
    for (int i = 0; i < NMON; i++) {
        T_ASSERT(mht_insert(NULL, &t, m[i], &idx[i]) == GBC_OK);
        T_ASSERT(mht_insert(NULL, &t2, m[NMON - 1 - i], &idx2[NMON - 1 - i]) == GBC_OK);
    }
    for (int i = 0; i < NMON; i++) {
        /* 1 is the smallest monomial */
        int c1 = mono_cmp(o, one, m[i]);
        int isone = naive_deg(m[i], 0, n) == 0;
        T_ASSERT_MSG(isone ? c1 == 0 : c1 < 0, "%s: 1 is not below a monomial", spec);
        for (int j = 0; j < NMON; j++) {
            int c = mono_cmp(o, m[i], m[j]);
            int eq = memcmp(m[i], m[j], sizeof(uint32_t) * n) == 0;
            /* total and antisymmetric */
            T_ASSERT_MSG((c == 0) == eq, "%s: cmp 0 on distinct monomials", spec);
            T_ASSERT_MSG(sgn(mono_cmp(o, m[j], m[i])) == -sgn(c), "%s: not antisymmetric",
                         spec);
            T_ASSERT_MSG(sgn(c) == naive_cmp(o, m[i], m[j]), "%s: differs from the definition",
                         spec);
            /* the cached key is the leading comparison */
            uint64_t ki = mono_order_key(o, m[i]), kj = mono_order_key(o, m[j]);
            if (ki != kj)
                T_ASSERT_MSG(sgn(c) == (ki > kj ? 1 : -1), "%s: key inconsistent", spec);
            else
                T_ASSERT_MSG(sgn(mono_cmp_tiebreak(o, m[i], naive_deg(m[i], 0, n), m[j],
                                                   naive_deg(m[j], 0, n))) == sgn(c),
                             "%s: tie-break differs", spec);
            T_ASSERT_MSG(sgn(mht_cmp(&t, idx[i], idx[j])) == sgn(c), "%s: mht_cmp differs", spec);
            T_ASSERT_MSG(sgn(mht_cmp2(&t, idx[i], &t2, idx2[j])) == sgn(c),
                         "%s: mht_cmp2 differs", spec);
        }
    }
    /* transitivity on every triple */
    for (int i = 0; i < NMON; i++)
        for (int j = 0; j < NMON; j++) {
            int cij = mono_cmp(o, m[i], m[j]);
            if (cij >= 0)
                continue;
            for (int k = 0; k < NMON; k++)
                if (mono_cmp(o, m[j], m[k]) < 0)
                    T_ASSERT_MSG(mono_cmp(o, m[i], m[k]) < 0, "%s: not transitive", spec);
        }
    /* compatible with multiplication: a < b implies ac < bc */
    for (int it = 0; it < 200; it++) {
        int i = (int)gbc_rng_below(r, NMON), j = (int)gbc_rng_below(r, NMON);
        uint32_t c[MAXV + 1], ac[MAXV + 1], bc[MAXV + 1];
        random_mono(r, c, n, scale, 1ull << 31);
        T_ASSERT(mono_mul(ac, m[i], c, n) == GBC_OK);
        T_ASSERT(mono_mul(bc, m[j], c, n) == GBC_OK);
        T_ASSERT_MSG(sgn(mono_cmp(o, ac, bc)) == sgn(mono_cmp(o, m[i], m[j])),
                     "%s: not compatible with multiplication", spec);
    }
    mht_clear(NULL, &t);
    mht_clear(NULL, &t2);
    mht_params_clear(NULL, &par);
}

START_TEST(test_axioms)
{
    for_random_orders(check_axioms, 300 * tu_mult());
}
END_TEST

/* Orders that must coincide: blocks of one variable are lex; one block is the plain
 * order; weights all 1 are grevlex. */
START_TEST(test_equivalent_orders)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    static const struct { const char *a, *b; } pairs[] = {
        {"blocks:grevlex(1),deglex(1),lex(1),grevlex(1)", "lex"},
        {"blocks:grevlex(4)", "grevlex"},
        {"blocks:deglex(4)", "deglex"},
        {"blocks:lex(4)", "lex"},
        {"blocks:lex(2),lex(2)", "lex"},
        {"weights:1,1,1,1", "grevlex"},
        {"blocks:weights(1,1,1,1),lex(4)", "deglex"},
        {"blocks:weights(1,2,3,4),grevlex(4)", "weights:1,2,3,4"},
        {"blocks:wgrevlex(1,1,1,1)", "grevlex"},
        {"blocks:weights(0,0,0,0),lex(4)", "lex"},
    };
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        mono_order a = parse_ok(pairs[k].a, 4), b = parse_ok(pairs[k].b, 4);
        for (int it = 0; it < 20000; it++) {
            uint32_t x[4], y[4];
            int scale = it % 2;
            random_mono(&r, x, 4, scale, 1000);
            random_mono(&r, y, 4, scale, 1000);
            T_ASSERT_MSG(sgn(mono_cmp(&a, x, y)) == sgn(mono_cmp(&b, x, y)), "%s vs %s",
                         pairs[k].a, pairs[k].b);
        }
        mono_order_clear(NULL, &a);
        mono_order_clear(NULL, &b);
    }
}
END_TEST

/* Large exponents: comparisons stay exact for total degree just below 2^32 and
 * weights up to 2^31-1 (the weighted degree needs 63 bits). */
START_TEST(test_large_degrees)
{
    uint32_t a[2] = {UINT32_MAX, 0}, b[2] = {UINT32_MAX - 1, 1}, c[2] = {0, UINT32_MAX};
    mono_order o = parse_ok("weights:2147483647,2147483646", 2);
    /* wdeg a = (2^31-1)(2^32-1) > wdeg b = a - 1 > wdeg c */
    ck_assert_int_gt(mono_cmp(&o, a, b), 0);
    ck_assert_int_gt(mono_cmp(&o, b, c), 0);
    ck_assert_uint_eq(mono_order_key(&o, a), (uint64_t)2147483647u * UINT32_MAX);
    mono_order_clear(NULL, &o);
    o = parse_ok("grevlex", 2);
    ck_assert_uint_eq(mono_order_key(&o, a), UINT32_MAX);
    ck_assert_int_gt(mono_cmp(&o, a, b), 0); /* equal degree, b has more y */
    ck_assert_int_gt(mono_cmp(&o, b, c), 0);
    mono_order_clear(NULL, &o);
    o = parse_ok("lex", 2);
    ck_assert_uint_eq(mono_order_key(&o, a), 0);
    ck_assert_int_gt(mono_cmp(&o, a, c), 0);
    mono_order_clear(NULL, &o);
    ck_assert_uint_eq(mono_degree(a, 2), UINT32_MAX);
    uint32_t big[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
    ck_assert_uint_eq(mono_degree(big, 3), 3ull * UINT32_MAX);
}
END_TEST

START_TEST(test_mono_mul_divides)
{
    uint32_t a[3] = {1, 2, 3}, b[3] = {4, 0, 1}, c[3];
    ck_assert_int_eq(mono_mul(c, a, b, 3), GBC_OK);
    ck_assert_uint_eq(c[0], 5);
    ck_assert_uint_eq(c[1], 2);
    ck_assert_uint_eq(c[2], 4);
    ck_assert(mono_divides(a, c, 3));
    ck_assert(mono_divides(b, c, 3));
    ck_assert(!mono_divides(c, a, 3));
    ck_assert(!mono_divides(a, b, 3));
    /* total degree exactly 2^32-1 is fine, one more overflows, even though every
     * single exponent would fit */
    uint32_t x[2] = {UINT32_MAX - 5, 0}, y[2] = {0, 5}, z[2] = {0, 6};
    ck_assert_int_eq(mono_mul(c, x, y, 2), GBC_OK);
    ck_assert_uint_eq(c[0], UINT32_MAX - 5);
    ck_assert_uint_eq(c[1], 5);
    c[0] = c[1] = 77;
    ck_assert_int_eq(mono_mul(c, x, z, 2), GBC_ERR_OVERFLOW);
    ck_assert_uint_eq(c[0], 77); /* untouched on overflow */
    uint32_t u[2] = {UINT32_MAX, UINT32_MAX};
    ck_assert_int_eq(mono_mul(c, u, u, 2), GBC_ERR_OVERFLOW);
    /* zero variables */
    ck_assert_int_eq(mono_mul(c, a, b, 0), GBC_OK);
    ck_assert(mono_divides(a, b, 0));
}
END_TEST

/* a | b implies mask(a) & ~mask(b) == 0, for every variable count. */
START_TEST(test_divmask)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    for (uint32_t n = 0; n <= MAXV; n++) {
        mono_divmask dm;
        mono_divmask_init(&dm, n);
        ck_assert_uint_le(dm.nbits, 32);
        if (n > 0)
            ck_assert_uint_ge(dm.nbits, n < 32 ? n : 32);
        for (uint32_t k = 0; k < dm.nbits; k++)
            ck_assert_uint_lt(dm.var[k], n);
        int filtered = 0;
        for (int it = 0; it < 3000; it++) {
            uint32_t a[MAXV + 1], b[MAXV + 1], c[MAXV + 1];
            random_mono(&r, a, n, it % 2, 1u << 20);
            random_mono(&r, c, n, it % 2, 1u << 20);
            ck_assert_int_eq(mono_mul(b, a, c, n), GBC_OK);
            T_ASSERT((mono_divmask_of(&dm, a) & ~mono_divmask_of(&dm, b)) == 0);
            /* and for an unrelated pair the filter is only ever conservative */
            random_mono(&r, b, n, it % 2, 1u << 20);
            if ((mono_divmask_of(&dm, a) & ~mono_divmask_of(&dm, b)) != 0) {
                T_ASSERT(!mono_divides(a, b, n));
                filtered++;
            }
        }
        if (n > 0)
            ck_assert_int_gt(filtered, 0); /* the mask does filter something */
    }
}
END_TEST

/* format -> parse -> format is the identity, and the reparsed order is the same. */
static void check_format(const mono_order *o, gbc_rng *r, const char *spec)
{
    if (o->kind == MONO_HOMOG)
        return; /* internal, has no text form to parse */
    char buf[1024], buf2[1024];
    mono_order_format(o, buf, sizeof buf);
    T_ASSERT_MSG(strcmp(buf, spec) == 0, "format of '%s' gives '%s'", spec, buf);
    mono_order p;
    char msg[256];
    T_ASSERT_MSG(mono_order_parse(NULL, &p, buf, o->nvars, msg, sizeof msg) == GBC_OK,
                 "'%s' does not reparse: %s", buf, msg);
    mono_order_format(&p, buf2, sizeof buf2);
    T_ASSERT(strcmp(buf, buf2) == 0);
    T_ASSERT(p.kind == o->kind && p.nvars == o->nvars && p.nblocks == o->nblocks);
    if (o->weights)
        T_ASSERT(memcmp(p.weights, o->weights, sizeof(uint32_t) * o->nvars) == 0);
    if (o->blocks)
        T_ASSERT(memcmp(p.blocks, o->blocks, sizeof(mono_block) * o->nblocks) == 0);
    T_ASSERT(p.nrows == o->nrows);
    if (o->rows)
        T_ASSERT(memcmp(p.rows, o->rows, sizeof(uint32_t) * o->nrows * o->nvars) == 0);
    /* the returned length is the whole text's */
    T_ASSERT(mono_order_format(&p, NULL, 0) == strlen(buf));
    /* a copy is equal too, and independent of the original's storage */
    mono_order q;
    T_ASSERT(mono_order_copy(NULL, &q, &p) == GBC_OK);
    mono_order_clear(NULL, &p);
    mono_order_format(&q, buf2, sizeof buf2);
    T_ASSERT(strcmp(buf, buf2) == 0);
    mono_order_clear(NULL, &q);
    (void)r;
}

START_TEST(test_format_roundtrip)
{
    for_random_orders(check_format, 500);
    /* a truncated buffer stays NUL-terminated */
    mono_order o = parse_ok("weights:1,2,3,4,5,6,7,8,9,10", 10);
    char small[8];
    memset(small, 'x', sizeof small);
    mono_order_format(&o, small, sizeof small);
    ck_assert_ptr_nonnull(memchr(small, '\0', sizeof small));
    ck_assert(strncmp(small, "weights", 7) == 0);
    mono_order_clear(NULL, &o);
    /* the homogenising order names its base */
    mono_order b = parse_ok("lex", 2), h;
    mono_order_homog(&h, &b);
    ck_assert_uint_eq(h.nvars, 3);
    char buf[64];
    mono_order_format(&h, buf, sizeof buf);
    ck_assert_str_eq(buf, "homog(lex)");
    mono_order_clear(NULL, &b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mono");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_parse_accepted);
    tcase_add_test(tc, test_parse_malformed);
    tcase_add_test(tc, test_parse_alloc_failure);
    tcase_add_test(tc, test_known);
    tcase_add_test(tc, test_axioms);
    tcase_add_test(tc, test_equivalent_orders);
    tcase_add_test(tc, test_large_degrees);
    tcase_add_test(tc, test_mono_mul_divides);
    tcase_add_test(tc, test_divmask);
    tcase_add_test(tc, test_format_roundtrip);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
