/* Tests for mht/: insert and find, one index per exponent vector, growth through
 * many resizes (every index still found), the linear hash modulo 2^31 - 1
 * (products, quotients, lcms and copies land on the index of the vector computed
 * by hand), the side
 * array (degree, key, divisor mask) against direct computation, divisibility with
 * no false negatives from the mask filter, overflow of the total degree, reset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mht/mht.h"
#include "testutil.h"

/* A table with its order and parameters, all owned together. */
typedef struct fixture {
    mono_order ord;
    mht_params par;
    mht t;
} fixture;

static void fx_init(fixture *f, const char *order, uint32_t nvars, uint32_t logsize,
                    uint64_t seed)
{
    char msg[256];
    ck_assert_int_eq(mono_order_parse(NULL, &f->ord, order, nvars, msg, sizeof msg), GBC_OK);
    ck_assert_int_eq(mht_params_init(NULL, &f->par, &f->ord, seed), GBC_OK);
    ck_assert_int_eq(mht_init(NULL, &f->t, &f->par, logsize), GBC_OK);
}

static void fx_clear(fixture *f)
{
    mht_clear(NULL, &f->t);
    mht_params_clear(NULL, &f->par);
    mono_order_clear(NULL, &f->ord);
}

static void random_exps(gbc_rng *r, uint32_t *e, uint32_t n, uint32_t maxe)
{
    for (uint32_t i = 0; i < n; i++)
        e[i] = gbc_rng_below(r, 3) == 0 ? 0 : (uint32_t)gbc_rng_below(r, (uint64_t)maxe + 1);
}

/* The linear hash of e computed directly: sum of rnd[v] e[v] modulo 2^31 - 1, in
 * plain 64-bit arithmetic (not through mht.h's helpers). */
static uint32_t direct_hash(const mht_params *par, const uint32_t *e, uint32_t n)
{
    const uint64_t P = 0x7fffffffu;
    uint64_t h = 0;
    for (uint32_t v = 0; v < n; v++)
        h = (h + (uint64_t)par->rnd[v] * e[v] % P) % P;
    return (uint32_t)h;
}

/* The side row of monomial i agrees with its exponents, computed directly. */
static void check_row(const mht *t, uint32_t i)
{
    const uint32_t *e = mht_exps(t, i);
    const uint32_t n = t->nvars;
    uint64_t deg = 0;
    uint32_t h = direct_hash(t->par, e, n);
    for (uint32_t v = 0; v < n; v++)
        deg += e[v];
    T_ASSERT(t->row[i].deg == deg);
    T_ASSERT(t->row[i].hash == h);
    T_ASSERT(t->row[i].divmask == mono_divmask_of(&t->par->dm, e));
    T_ASSERT(t->row[i].key == mono_order_key(t->par->ord, e));
}

START_TEST(test_insert_find)
{
    fixture f;
    fx_init(&f, "grevlex", 5, 4, 1);
    uint32_t a[5] = {1, 2, 0, 0, 3}, b[5] = {0, 0, 0, 0, 0}, c[5] = {1, 2, 0, 0, 4};
    uint32_t ia, ib, ic, x;
    ck_assert_uint_eq(mht_find(&f.t, a), UINT32_MAX);
    ck_assert_int_eq(mht_insert(NULL, &f.t, a, &ia), GBC_OK);
    ck_assert_uint_eq(f.t.size, 1);
    ck_assert_int_eq(mht_insert(NULL, &f.t, b, &ib), GBC_OK);
    ck_assert_int_eq(mht_insert(NULL, &f.t, c, &ic), GBC_OK);
    ck_assert_uint_eq(f.t.size, 3);
    ck_assert_uint_ne(ia, ib);
    ck_assert_uint_ne(ia, ic);
    ck_assert_uint_ne(ib, ic);
    /* the same vector again: the same index, nothing added */
    ck_assert_int_eq(mht_insert(NULL, &f.t, a, &x), GBC_OK);
    ck_assert_uint_eq(x, ia);
    ck_assert_int_eq(mht_insert(NULL, &f.t, c, &x), GBC_OK);
    ck_assert_uint_eq(x, ic);
    ck_assert_uint_eq(f.t.size, 3);
    ck_assert_uint_eq(mht_find(&f.t, a), ia);
    ck_assert_uint_eq(mht_find(&f.t, b), ib);
    ck_assert_uint_eq(mht_find(&f.t, c), ic);
    ck_assert(memcmp(mht_exps(&f.t, ic), c, sizeof c) == 0);
    uint32_t d[5] = {1, 2, 0, 3, 0};
    ck_assert_uint_eq(mht_find(&f.t, d), UINT32_MAX);
    for (uint32_t i = 0; i < f.t.size; i++)
        check_row(&f.t, i);
    ck_assert_uint_eq(f.t.row[ia].deg, 6);
    ck_assert_uint_eq(f.t.row[ib].deg, 0);
    ck_assert_uint_gt(mht_memory(&f.t), 0);
    fx_clear(&f);
}
END_TEST

/* 150k distinct monomials from a table of 16 rows: every one findable at the index
 * it was given, with its exponents and side row intact. */
START_TEST(test_growth)
{
    static const char *orders[] = {"grevlex", "lex", "weights:3,1,4,1,5,9,2,6",
                                   "blocks:lex(3),deglex(5)"};
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    const uint32_t n = 8, N = 150000 * (uint32_t)tu_mult();
    for (size_t k = 0; k < 4; k++) {
        fixture f;
        fx_init(&f, orders[k], n, 0, gbc_rng_next(&r));
        uint32_t *all = malloc(sizeof(uint32_t) * n * N);
        uint32_t *idx = malloc(sizeof(uint32_t) * N);
        ck_assert_ptr_nonnull(all);
        ck_assert_ptr_nonnull(idx);
        /* distinct by construction: the counter i is spread over the exponents */
        for (uint32_t i = 0; i < N; i++) {
            uint32_t *e = all + (size_t)i * n;
            uint32_t v = i;
            for (uint32_t j = 0; j < n; j++) {
                e[j] = v % 5;
                v /= 5;
            }
            e[n - 1] += v * 5; /* the rest, kept injective */
        }
        uint32_t resizes = 0, lastcap = f.t.cap;
        for (uint32_t i = 0; i < N; i++) {
            T_ASSERT(mht_insert(NULL, &f.t, all + (size_t)i * n, &idx[i]) == GBC_OK);
            T_ASSERT(idx[i] == i); /* new monomials take the next index */
            if (f.t.cap != lastcap) {
                resizes++;
                lastcap = f.t.cap;
            }
            /* now and then re-find an old one mid-growth */
            if ((i & 1023) == 0) {
                uint32_t j = (uint32_t)gbc_rng_below(&r, i + 1);
                T_ASSERT(mht_find(&f.t, all + (size_t)j * n) == j);
            }
        }
        ck_assert_uint_ge(resizes, 10);
        ck_assert_uint_eq(f.t.size, N);
        ck_assert_uint_ge((uint64_t)f.t.mapmask + 1, 2ull * N); /* load at most 1/2 */
        for (uint32_t i = 0; i < N; i++) {
            const uint32_t *e = all + (size_t)i * n;
            T_ASSERT_MSG(mht_find(&f.t, e) == i, "%s: monomial %u lost", orders[k], i);
            T_ASSERT(memcmp(mht_exps(&f.t, i), e, sizeof(uint32_t) * n) == 0);
            check_row(&f.t, i);
            uint32_t x;
            T_ASSERT(mht_insert(NULL, &f.t, e, &x) == GBC_OK && x == i);
        }
        ck_assert_uint_eq(f.t.size, N);
        /* absent vectors stay absent */
        for (int it = 0; it < 1000; it++) {
            uint32_t e[8];
            random_exps(&r, e, n, 1000);
            e[0] = 5 + (uint32_t)gbc_rng_below(&r, 100); /* no e[0] >= 5 was inserted */
            T_ASSERT(mht_find(&f.t, e) == UINT32_MAX);
        }
        free(all);
        free(idx);
        fx_clear(&f);
    }
}
END_TEST

/* Products, quotients, lcms and copies computed through the hash table match the
 * vectors computed by hand, including across two tables of one parameter set. */
START_TEST(test_mul_div_lcm)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 1);
    for (uint32_t n = 0; n <= 40; n += (n < 10 ? 1 : 10)) {
        fixture f;
        fx_init(&f, n ? "deglex" : "grevlex", n, 4, gbc_rng_next(&r));
        mht t2;
        ck_assert_int_eq(mht_init(NULL, &t2, &f.par, 5), GBC_OK);
        for (int it = 0; it < 4000; it++) {
            uint32_t a[41], b[41], want[41];
            uint32_t maxe = it % 2 ? 3 : 1u << 24;
            random_exps(&r, a, n, maxe);
            random_exps(&r, b, n, maxe);
            uint32_t ia, ib, ic, iw;
            T_ASSERT(mht_insert(NULL, &f.t, a, &ia) == GBC_OK);
            T_ASSERT(mht_insert(NULL, &t2, b, &ib) == GBC_OK);
            /* product: hash(ab) = hash(a) + hash(b), and the vector sum's index */
            for (uint32_t v = 0; v < n; v++)
                want[v] = a[v] + b[v];
            T_ASSERT(mht_insert_mul(NULL, &f.t, &f.t, ia, &t2, ib, &ic) == GBC_OK);
            T_ASSERT(memcmp(mht_exps(&f.t, ic), want, sizeof(uint32_t) * n) == 0);
            T_ASSERT(f.t.row[ic].hash == (f.t.row[ia].hash + t2.row[ib].hash) % 0x7fffffffu);
            T_ASSERT(mht_insert(NULL, &f.t, want, &iw) == GBC_OK && iw == ic);
            check_row(&f.t, ic);
            /* the quotient ab / b is a again */
            uint32_t ib1, iq;
            T_ASSERT(mht_insert(NULL, &f.t, b, &ib1) == GBC_OK);
            T_ASSERT(mht_insert_div(NULL, &f.t, &f.t, ic, ib1, &iq) == GBC_OK);
            T_ASSERT(iq == ia);
            /* into the other table: a copy there */
            T_ASSERT(mht_insert_div(NULL, &t2, &f.t, ic, ia, &iq) == GBC_OK);
            T_ASSERT(iq == ib);
            check_row(&t2, iq);
            /* lcm */
            for (uint32_t v = 0; v < n; v++)
                want[v] = a[v] > b[v] ? a[v] : b[v];
            T_ASSERT(mht_insert_lcm(NULL, &t2, &f.t, ia, ib1, &ic) == GBC_OK);
            T_ASSERT(memcmp(mht_exps(&t2, ic), want, sizeof(uint32_t) * n) == 0);
            T_ASSERT(mht_find(&t2, want) == ic);
            check_row(&t2, ic);
            /* a and b divide their lcm, which divides their product */
            uint32_t il;
            T_ASSERT(mht_insert_from(NULL, &f.t, &t2, ic, &il) == GBC_OK);
            T_ASSERT(memcmp(mht_exps(&f.t, il), want, sizeof(uint32_t) * n) == 0);
            T_ASSERT(mht_divides(&f.t, ia, &f.t, il));
            T_ASSERT(mht_divides(&f.t, ib1, &f.t, il));
            T_ASSERT(mht_divides(&t2, ic, &f.t, il));
            uint32_t ip;
            T_ASSERT(mht_insert_mul(NULL, &f.t, &f.t, ia, &f.t, ib1, &ip) == GBC_OK);
            T_ASSERT(mht_divides(&f.t, il, &f.t, ip));
            /* coprime iff no common variable */
            int common = 0;
            for (uint32_t v = 0; v < n; v++)
                common |= a[v] != 0 && b[v] != 0;
            T_ASSERT(mht_coprime(&f.t, ia, ib1) == !common);
        }
        /* every row of both tables is consistent after all that growth */
        for (uint32_t i = 0; i < f.t.size; i++)
            check_row(&f.t, i);
        for (uint32_t i = 0; i < t2.size; i++)
            check_row(&t2, i);
        mht_clear(NULL, &t2);
        fx_clear(&f);
    }
}
END_TEST

/* Packed keys (at most 15 variables): products through mht_insert_mul_pk (and
 * mht_insert_mul_pk_n, two terms at once) land on the index of the vector sum,
 * the same as mht_insert_mul_raw, on both sides of
 * degree 256 (where keys stop being used) and of 15 variables (where tables have
 * none); every stored key decodes to its exponents or is marked unusable. */
START_TEST(test_packed_keys)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 7);
    static const uint32_t nv[] = {1, 2, 8, 9, 14, 15, 16, 20};
    static const uint32_t maxes[] = {2, 40, 130, 255, 256, 400};
    for (size_t x = 0; x < sizeof nv / sizeof nv[0]; x++) {
        uint32_t n = nv[x];
        fixture f;
        fx_init(&f, "grevlex", n, 4, gbc_rng_next(&r));
        T_ASSERT((f.t.pk != NULL) == (n <= MHT_PK_VARS));
        mht t2;
        ck_assert_int_eq(mht_init(NULL, &t2, &f.par, 4), GBC_OK);
        for (int it = 0; it < 3000; it++) {
            uint32_t a[20], b[20], want[20];
            uint32_t maxe = maxes[gbc_rng_below(&r, sizeof maxes / sizeof maxes[0])];
            random_exps(&r, a, n, maxe / (1 + (uint32_t)gbc_rng_below(&r, n)));
            random_exps(&r, b, n, maxe / (1 + (uint32_t)gbc_rng_below(&r, n)));
            uint32_t ib, ic, iw, ir;
            T_ASSERT(mht_insert(NULL, &t2, b, &ib) == GBC_OK);
            uint32_t ha = direct_hash(&f.par, a, n), da = 0;
            for (uint32_t v = 0; v < n; v++) {
                da += a[v];
                want[v] = a[v] + b[v];
            }
            uint64_t mpk[2] = {0, 0};
            if (n <= MHT_PK_VARS && da < 256)
                mht_pack(a, n, mpk);
            if (n <= MHT_PK_VARS && da < 256)
                T_ASSERT(mht_insert_mul_pk(NULL, &f.t, a, mpk, ha, da, &t2, ib, &ic) == GBC_OK);
            else
                T_ASSERT(mht_insert_mul_raw(NULL, &f.t, a, ha, da, &t2, ib, &ic) == GBC_OK);
            T_ASSERT(memcmp(mht_exps(&f.t, ic), want, sizeof(uint32_t) * n) == 0);
            T_ASSERT(mht_insert_mul_raw(NULL, &f.t, a, ha, da, &t2, ib, &ir) == GBC_OK);
            T_ASSERT(ir == ic);
            /* a row at once: the same index as each term's own insertion */
            uint32_t b2[20], bs[2], out[2], ir2;
            random_exps(&r, b2, n, maxe / (1 + (uint32_t)gbc_rng_below(&r, n)));
            bs[0] = ib;
            T_ASSERT(mht_insert(NULL, &t2, b2, &bs[1]) == GBC_OK);
            T_ASSERT(mht_insert_mul_pk_n(NULL, &f.t, a, mpk, ha, da, &t2, bs, 2, out) == GBC_OK);
            T_ASSERT(out[0] == ic);
            T_ASSERT(mht_insert_mul_raw(NULL, &f.t, a, ha, da, &t2, bs[1], &ir2) == GBC_OK);
            T_ASSERT(out[1] == ir2);
            T_ASSERT(mht_insert(NULL, &f.t, want, &iw) == GBC_OK && iw == ic);
            T_ASSERT(mht_find(&f.t, want) == ic);
            check_row(&f.t, ic);
        }
        for (uint32_t i = 0; f.t.pk != NULL && i < f.t.size; i++) {
            const uint64_t *q = f.t.pk + 2 * (size_t)i;
            if (f.t.row[i].deg >= 256) {
                T_ASSERT(q[1] & MHT_PK_BAD);
                continue;
            }
            uint64_t want[2];
            mht_pack(mht_exps(&f.t, i), n, want);
            T_ASSERT(q[0] == want[0] && q[1] == want[1]);
        }
        mht_clear(NULL, &t2);
        fx_clear(&f);
    }
}
END_TEST

/* mht_insert_mul_raw looks a product up before it forms it: in many variables (no
 * packed keys), products with the factor's table itself (which grows during the
 * call) and with another table land on the vector sum's index; a product met
 * before adds no row; a product whose degree passes 2^32 - 1 is refused and
 * leaves the table as it was. */
START_TEST(test_mul_raw_found_first)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 11);
    static const uint32_t nv[] = {16, 33, 50, 64};
    for (size_t x = 0; x < sizeof nv / sizeof nv[0]; x++) {
        const uint32_t n = nv[x];
        fixture f;
        fx_init(&f, "grevlex", n, 2, gbc_rng_next(&r));
        mht t2;
        ck_assert_int_eq(mht_init(NULL, &t2, &f.par, 2), GBC_OK);
        for (int it = 0; it < 2000; it++) {
            uint32_t a[64], b[64], want[64];
            const uint32_t maxe = it % 3 == 0 ? 1u << 20 : 3;
            random_exps(&r, a, n, maxe);
            random_exps(&r, b, n, maxe);
            uint32_t ha = direct_hash(&f.par, a, n), da = 0;
            for (uint32_t v = 0; v < n; v++) {
                da += a[v];
                want[v] = a[v] + b[v];
            }
            /* the factor in the product's own table, or in the other one */
            const int same = it % 2 == 0;
            mht *tb = same ? &f.t : &t2;
            uint32_t ib, ic, ir, iw;
            T_ASSERT(mht_insert(NULL, tb, b, &ib) == GBC_OK);
            T_ASSERT(mht_insert_mul_raw(NULL, &f.t, a, ha, da, tb, ib, &ic) == GBC_OK);
            T_ASSERT(memcmp(mht_exps(&f.t, ic), want, sizeof(uint32_t) * n) == 0);
            check_row(&f.t, ic);
            const uint32_t size = f.t.size;
            T_ASSERT(mht_insert_mul_raw(NULL, &f.t, a, ha, da, tb, ib, &ir) == GBC_OK);
            T_ASSERT(ir == ic && f.t.size == size);
            T_ASSERT(mht_find(&f.t, want) == ic);
            T_ASSERT(mht_insert(NULL, &f.t, want, &iw) == GBC_OK && iw == ic);
        }
        /* degree overflow: refused, nothing added */
        uint32_t big[64] = {0}, one[64] = {0}, ib;
        big[0] = UINT32_MAX;
        one[n - 1] = 1;
        T_ASSERT(mht_insert(NULL, &t2, one, &ib) == GBC_OK);
        const uint32_t size = f.t.size;
        uint32_t ic;
        T_ASSERT(mht_insert_mul_raw(NULL, &f.t, big, direct_hash(&f.par, big, n), UINT32_MAX,
                                    &t2, ib, &ic) == GBC_ERR_OVERFLOW);
        T_ASSERT(f.t.size == size);
        for (uint32_t i = 0; i < f.t.size; i++)
            check_row(&f.t, i);
        mht_clear(NULL, &t2);
        fx_clear(&f);
    }
}
END_TEST

/* mht_divides against mono_divides on raw vectors: the mask and degree filters
 * never reject a true divisor. */
START_TEST(test_divides_filter)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 2);
    static const uint32_t ns[] = {1, 2, 3, 5, 8, 16, 31, 32, 33, 50};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        uint32_t n = ns[k];
        fixture f;
        fx_init(&f, "grevlex", n, 4, gbc_rng_next(&r));
        long yes = 0, no = 0;
        for (int it = 0; it < 20000; it++) {
            uint32_t a[50], b[50], c[50];
            uint32_t maxe = it % 3 == 0 ? 40 : 3;
            random_exps(&r, a, n, maxe);
            if (it % 2) {
                random_exps(&r, c, n, maxe); /* b = a * c: a divides b */
                for (uint32_t v = 0; v < n; v++)
                    b[v] = a[v] + c[v];
            } else {
                random_exps(&r, b, n, maxe);
            }
            uint32_t ia, ib;
            T_ASSERT(mht_insert(NULL, &f.t, a, &ia) == GBC_OK);
            T_ASSERT(mht_insert(NULL, &f.t, b, &ib) == GBC_OK);
            int truth = 1;
            for (uint32_t v = 0; v < n; v++)
                truth &= a[v] <= b[v];
            T_ASSERT_MSG(mht_divides(&f.t, ia, &f.t, ib) == truth, "n=%u: divides wrong", n);
            if (truth)
                T_ASSERT((f.t.row[ia].divmask & ~f.t.row[ib].divmask) == 0);
            truth ? yes++ : no++;
        }
        ck_assert_int_gt(yes, 1000);
        ck_assert_int_gt(no, 1000);
        fx_clear(&f);
    }
}
END_TEST

START_TEST(test_overflow)
{
    fixture f;
    fx_init(&f, "grevlex", 2, 4, 7);
    uint32_t max1[2] = {UINT32_MAX, 0}, one_y[2] = {0, 1}, over[2] = {UINT32_MAX, 1};
    uint32_t half[2] = {1u << 31, 1u << 31}, edge[2] = {1u << 31, (1u << 31) - 1};
    uint32_t x1[2] = {1, 0};
    uint32_t i1, iy, ix, ie, idx = 12345;
    ck_assert_int_eq(mht_insert(NULL, &f.t, max1, &i1), GBC_OK); /* degree 2^32-1 */
    ck_assert_uint_eq(f.t.row[i1].deg, UINT32_MAX);
    ck_assert_int_eq(mht_insert(NULL, &f.t, edge, &ie), GBC_OK);
    ck_assert_uint_eq(f.t.row[ie].deg, UINT32_MAX);
    ck_assert_int_eq(mht_insert(NULL, &f.t, one_y, &iy), GBC_OK);
    ck_assert_int_eq(mht_insert(NULL, &f.t, x1, &ix), GBC_OK);
    uint32_t size = f.t.size;
    /* degree 2^32 in every entry point */
    ck_assert_int_eq(mht_insert(NULL, &f.t, over, &idx), GBC_ERR_OVERFLOW);
    ck_assert_int_eq(mht_insert(NULL, &f.t, half, &idx), GBC_ERR_OVERFLOW);
    ck_assert_int_eq(mht_insert_mul(NULL, &f.t, &f.t, i1, &f.t, iy, &idx), GBC_ERR_OVERFLOW);
    ck_assert_int_eq(mht_insert_mul(NULL, &f.t, &f.t, i1, &f.t, ix, &idx), GBC_ERR_OVERFLOW);
    ck_assert_int_eq(mht_insert_mul(NULL, &f.t, &f.t, i1, &f.t, i1, &idx), GBC_ERR_OVERFLOW);
    ck_assert_int_eq(mht_insert_mul(NULL, &f.t, &f.t, ie, &f.t, iy, &idx), GBC_ERR_OVERFLOW);
    ck_assert_int_eq(mht_insert_lcm(NULL, &f.t, &f.t, i1, iy, &idx), GBC_ERR_OVERFLOW);
    ck_assert_int_eq(mht_insert_lcm(NULL, &f.t, &f.t, i1, ie, &idx), GBC_ERR_OVERFLOW);
    ck_assert_uint_eq(idx, 12345);
    /* the table is unchanged and still works */
    ck_assert_uint_eq(f.t.size, size);
    ck_assert_uint_eq(mht_find(&f.t, over), UINT32_MAX);
    uint32_t z;
    ck_assert_int_eq(mht_insert_lcm(NULL, &f.t, &f.t, i1, ix, &z), GBC_OK);
    ck_assert_uint_eq(z, i1);
    ck_assert_int_eq(mht_insert_div(NULL, &f.t, &f.t, i1, ix, &z), GBC_OK);
    ck_assert_uint_eq(mht_exps(&f.t, z)[0], UINT32_MAX - 1);
    ck_assert_uint_eq(f.t.row[z].deg, UINT32_MAX - 1);
    ck_assert_int_eq(mht_insert_mul(NULL, &f.t, &f.t, z, &f.t, iy, &z), GBC_OK);
    ck_assert_uint_eq(f.t.row[z].deg, UINT32_MAX);
    ck_assert_uint_eq(mht_exps(&f.t, z)[1], 1);
    for (uint32_t i = 0; i < f.t.size; i++)
        check_row(&f.t, i);
    fx_clear(&f);
    /* many variables each far below 2^32 whose sum overflows */
    fx_init(&f, "lex", 5, 4, 8);
    uint32_t five[5] = {1u << 30, 1u << 30, 1u << 30, 1u << 30, 0};
    ck_assert_int_eq(mht_insert(NULL, &f.t, five, &idx), GBC_ERR_OVERFLOW);
    ck_assert_uint_eq(f.t.size, 0);
    fx_clear(&f);
}
END_TEST

START_TEST(test_reset)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed() + 3);
    fixture f;
    fx_init(&f, "lex", 4, 4, 9);
    uint32_t e[3000][4];
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 3000; i++) {
            e[i][0] = (uint32_t)i;
            random_exps(&r, e[i] + 1, 3, 50);
            uint32_t x;
            T_ASSERT(mht_insert(NULL, &f.t, e[i], &x) == GBC_OK && x == (uint32_t)i);
        }
        size_t mem = mht_memory(&f.t);
        mht_reset(&f.t);
        ck_assert_uint_eq(f.t.size, 0);
        ck_assert_uint_eq(mht_memory(&f.t), mem); /* memory kept */
        for (int i = 0; i < 3000; i++)
            T_ASSERT(mht_find(&f.t, e[i]) == UINT32_MAX);
        /* refill in another order: indices restart from 0 */
        for (int i = 2999; i >= 0; i--) {
            uint32_t x;
            T_ASSERT(mht_insert(NULL, &f.t, e[i], &x) == GBC_OK && x == (uint32_t)(2999 - i));
        }
        for (int i = 0; i < 3000; i++)
            T_ASSERT(mht_find(&f.t, e[i]) == (uint32_t)(2999 - i));
        mht_reset(&f.t);
    }
    fx_clear(&f);
}
END_TEST

/* A ring with no variables has exactly one monomial, 1. */
/* The longest run of occupied slots in the map. */
static size_t longest_run(const mht *t)
{
    size_t best = 0, run = 0;
    const size_t size = (size_t)t->mapmask + 1;
    /* twice round, so that a run wrapping past the end is counted whole */
    for (size_t k = 0; k < 2 * size; k++) {
        run = t->map[k % size].idx != 0 ? run + 1 : 0;
        if (run > best)
            best = run;
    }
    return best < size ? best : size;
}

/* Structured exponents do not pile up in one probe run: x^(j 2^17), x^(a 2^17)
 * y^(b 2^17) and random exponents, for several seeds, keep the longest run short
 * (the map is at most half full). */
START_TEST(test_structured_exponents)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    for (int c = 0; c < 3; c++) {
        for (int trial = 0; trial < 3; trial++) {
            fixture f;
            fx_init(&f, "grevlex", 2, 4, gbc_rng_next(&r));
            uint32_t e[2], idx;
            const uint32_t n = 1u << 15;
            for (uint32_t j = 0; j < n; j++) {
                if (c == 0) {
                    e[0] = j << 17;
                    e[1] = 0;
                } else if (c == 1) {
                    e[0] = (j & 127u) << 17;
                    e[1] = (j >> 7) << 17;
                } else {
                    random_exps(&r, e, 2, 1u << 20);
                }
                ck_assert_int_eq(mht_insert(NULL, &f.t, e, &idx), GBC_OK);
            }
            size_t run = longest_run(&f.t);
            ck_assert_msg(run < 2000, "case %d: %u monomials, longest probe run %zu of %u slots",
                          c, f.t.size, run, f.t.mapmask + 1);
            fx_clear(&f);
        }
    }
}
END_TEST

/* Exponents that share a power of two keep distinct hashes: for every k < 32, the
 * monomials x^(j 2^k) (j < 2^(32-k), at most 4096 of them) have pairwise distinct
 * hashes (the hash is r j 2^k modulo the prime 2^31 - 1, r invertible), and the
 * 4096 monomials x^(a 2^k) y^(b 2^k) z^(c 2^k) (a, b, c < 16, fewer where the
 * degree would not fit 32 bits) collide at most twice (a collision of two given monomials has
 * probability 2^-31 over the multipliers; modulo 2^32 multiples of 2^30 had four
 * hash values in all). A monomial hash that is linear modulo 2^32 fails both. */
static size_t distinct_hashes(const mht *t)
{
    uint32_t *h = malloc(sizeof *h * (t->size ? t->size : 1));
    ck_assert_ptr_nonnull(h);
    for (uint32_t i = 0; i < t->size; i++)
        h[i] = t->row[i].hash;
    for (uint32_t i = 1; i < t->size; i++) /* insertion sort: the lists are short */
        for (uint32_t j = i; j > 0 && h[j - 1] > h[j]; j--) {
            uint32_t x = h[j];
            h[j] = h[j - 1];
            h[j - 1] = x;
        }
    size_t d = t->size ? 1 : 0;
    for (uint32_t i = 1; i < t->size; i++)
        d += h[i] != h[i - 1];
    free(h);
    return d;
}

START_TEST(test_power_of_two_exponents)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    for (uint32_t k = 0; k < 32; k++) {
        fixture f;
        fx_init(&f, "grevlex", 3, 4, gbc_rng_next(&r));
        uint64_t room = (1ull << (32 - k)) - 1; /* largest multiplier of 2^k */
        uint32_t n1 = room < 4096 ? (uint32_t)room + 1 : 4096, e[3] = {0, 0, 0}, idx;
        for (uint32_t j = 0; j < n1; j++) {
            e[0] = (uint32_t)((uint64_t)j << k);
            ck_assert_int_eq(mht_insert(NULL, &f.t, e, &idx), GBC_OK);
        }
        ck_assert_uint_eq(distinct_hashes(&f.t), f.t.size);
        fx_clear(&f);
        fx_init(&f, "grevlex", 3, 4, gbc_rng_next(&r));
        /* the total degree 3 (side - 1) 2^k must fit 32 bits */
        uint64_t most = (((uint64_t)1 << 32) - 1) / (3ull << k);
        uint32_t side = most < 15 ? (uint32_t)most + 1 : 16;
        for (uint32_t a = 0; a < side; a++)
            for (uint32_t b = 0; b < side; b++)
                for (uint32_t c = 0; c < side; c++) {
                    uint32_t ex[3] = {a << k, b << k, c << k};
                    ck_assert_int_eq(mht_insert(NULL, &f.t, ex, &idx), GBC_OK);
                }
        size_t d = distinct_hashes(&f.t);
        ck_assert_msg(d + 2 >= f.t.size, "k=%u: %u monomials, %zu distinct hashes", k,
                      f.t.size, d);
        fx_clear(&f);
    }
}
END_TEST

START_TEST(test_no_variables)
{
    fixture f;
    fx_init(&f, "grevlex", 0, 4, 10);
    uint32_t dummy = 0, i, j, k;
    ck_assert_int_eq(mht_insert(NULL, &f.t, &dummy, &i), GBC_OK);
    uint32_t other = 99; /* never read: there are no exponents */
    ck_assert_int_eq(mht_insert(NULL, &f.t, &other, &j), GBC_OK);
    ck_assert_uint_eq(i, j);
    ck_assert_uint_eq(f.t.size, 1);
    ck_assert_int_eq(mht_insert_mul(NULL, &f.t, &f.t, i, &f.t, i, &k), GBC_OK);
    ck_assert_uint_eq(k, i);
    ck_assert_int_eq(mht_insert_lcm(NULL, &f.t, &f.t, i, i, &k), GBC_OK);
    ck_assert_uint_eq(k, i);
    ck_assert(mht_divides(&f.t, i, &f.t, i));
    ck_assert_int_eq(mht_cmp(&f.t, i, i), 0);
    ck_assert_uint_eq(f.t.row[i].deg, 0);
    fx_clear(&f);
}
END_TEST

/* Allocation failures during growth: the status is NOMEM, the table stays usable
 * and keeps everything inserted before. */
/* mht_sort_desc (which sorts long grevlex lists by integer keys of the exponents,
 * a chunk at a time) gives the order of mono_cmp, on random monomials in few and
 * many variables, with small exponents (many ties in the first chunk), large ones,
 * and exponents or degrees beyond the keys (the comparison sort); orders other
 * than grevlex likewise. */
START_TEST(test_sort_desc)
{
    const uint64_t seed = tu_seed();
    printf("t-mht sort_desc: seed %llu (GBC_TEST_SEED to repeat)\n", (unsigned long long)seed);
    gbc_rng r;
    gbc_rng_seed(&r, seed ^ 0x50e7);
    static const struct {
        const char *order;
        uint32_t nvars, maxe, count;
    } cases[] = {
        {"grevlex", 3, 40, 2000},     {"grevlex", 12, 1, 3000},  {"grevlex", 50, 2, 4000},
        {"grevlex", 70, 1, 3000},     {"grevlex", 8, 300, 2000}, {"grevlex", 5, 70000, 1000},
        {"grevlex", 2, 40000, 1000},  {"grevlex", 1, 5000, 1000}, {"deglex", 20, 3, 2000},
        {"lex", 6, 9, 1000},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const uint32_t n = cases[c].nvars;
        fixture f;
        fx_init(&f, cases[c].order, n, 4, seed + c);
        uint32_t *e = calloc(n, sizeof *e);
        uint32_t *idx = calloc(cases[c].count, sizeof *idx);
        ck_assert_ptr_nonnull(e);
        ck_assert_ptr_nonnull(idx);
        size_t cnt = 0;
        for (uint32_t k = 0; k < cases[c].count; k++) {
            random_exps(&r, e, n, cases[c].maxe);
            uint32_t m;
            const uint32_t before = f.t.size;
            ck_assert_int_eq(mht_insert(NULL, &f.t, e, &m), GBC_OK);
            if (f.t.size > before)
                idx[cnt++] = m; /* distinct monomials only */
        }
        ck_assert_int_eq(mht_sort_desc(NULL, &f.t, idx, cnt), GBC_OK);
        for (size_t k = 1; k < cnt; k++)
            ck_assert_msg(mono_cmp(&f.ord, mht_exps(&f.t, idx[k - 1]), mht_exps(&f.t, idx[k])) > 0,
                          "%s, %u variables: positions %zu and %zu out of order", cases[c].order,
                          n, k - 1, k);
        free(idx);
        free(e);
        fx_clear(&f);
    }
}
END_TEST

START_TEST(test_alloc_failure)
{
    mono_order ord;
    char msg[64];
    ck_assert_int_eq(mono_order_parse(NULL, &ord, "grevlex", 3, msg, sizeof msg), GBC_OK);
    for (uint64_t failat = 1; failat < 12; failat++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.fail_at = failat;
        mht_params par;
        mht t;
        gbc_status st = mht_params_init(&ctx, &par, &ord, 5);
        if (st != GBC_OK) {
            ck_assert_int_eq(st, GBC_ERR_NOMEM);
            ck_assert_uint_eq(ctx.mem_used, 0);
            continue;
        }
        st = mht_init(&ctx, &t, &par, 4);
        if (st != GBC_OK) {
            ck_assert_int_eq(st, GBC_ERR_NOMEM);
            mht_params_clear(&ctx, &par);
            ck_assert_uint_eq(ctx.mem_used, 0);
            continue;
        }
        uint32_t inserted = 0;
        uint32_t *got = calloc(2000, sizeof(uint32_t));
        for (uint32_t i = 0; i < 2000; i++) {
            uint32_t e[3] = {i, i % 7, 1}, x;
            got[i] = UINT32_MAX;
            st = mht_insert(&ctx, &t, e, &x);
            if (st != GBC_OK) {
                ck_assert_int_eq(st, GBC_ERR_NOMEM);
                continue;
            }
            ck_assert_uint_eq(x, t.size - 1); /* distinct vectors: always new */
            got[i] = x;
            inserted++;
        }
        ck_assert_uint_ge(inserted, 1998);
        /* every successful insertion is still findable at its index */
        for (uint32_t i = 0; i < 2000; i++) {
            uint32_t e[3] = {i, i % 7, 1};
            if (got[i] != UINT32_MAX) {
                T_ASSERT(mht_find(&t, e) == got[i]);
                T_ASSERT(memcmp(mht_exps(&t, got[i]), e, sizeof e) == 0);
            }
        }
        free(got);
        mht_clear(&ctx, &t);
        mht_params_clear(&ctx, &par);
        ck_assert_uint_eq(ctx.mem_used, 0);
    }
    mono_order_clear(NULL, &ord);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mht");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_insert_find);
    tcase_add_test(tc, test_growth);
    tcase_add_test(tc, test_mul_div_lcm);
    tcase_add_test(tc, test_packed_keys);
    tcase_add_test(tc, test_mul_raw_found_first);
    tcase_add_test(tc, test_divides_filter);
    tcase_add_test(tc, test_overflow);
    tcase_add_test(tc, test_reset);
    tcase_add_test(tc, test_no_variables);
    tcase_add_test(tc, test_structured_exponents);
    tcase_add_test(tc, test_power_of_two_exponents);
    tcase_add_test(tc, test_alloc_failure);
    tcase_add_test(tc, test_sort_desc);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
