/* poly/names and the ring's variable names: SipHash-2-4 against the paper's test
 * vectors, the table against a linear scan on random names (repeats, growth, every
 * allocation failure), the ring's lookup and duplicate check at 60,000 names in
 * linear time, and an interrupt while a ring's names are checked. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "poly/names.h"
#include "poly/poly.h"
#include "testutil.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

START_TEST(test_siphash_vectors)
{
    /* Aumasson-Bernstein, appendix A: key 00 01 .. 0f, message 00 01 .. 0e; and
     * the reference implementation's vectors for the messages 00 01 .. of 0, 7 and
     * 8 bytes (a partial and a full last word) */
    uint64_t k[2] = {0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull};
    unsigned char m[16];
    for (int i = 0; i < 16; i++)
        m[i] = (unsigned char)i;
    ck_assert_uint_eq(name_siphash(k, m, 15), 0xa129ca6149be45e5ull);
    ck_assert_uint_eq(name_siphash(k, m, 0), 0x726fdb47dd0e0e31ull);
    ck_assert_uint_eq(name_siphash(k, m, 7), 0xab0200f58b01d137ull);
    ck_assert_uint_eq(name_siphash(k, m, 8), 0x93f5f5799a932462ull);
    /* the key matters */
    uint64_t k2[2] = {k[0] ^ 1, k[1]};
    ck_assert_uint_ne(name_siphash(k2, m, 15), 0xa129ca6149be45e5ull);
}
END_TEST

/* n random names over a small alphabet (so that repeats happen), written into one
 * buffer; off[i], len[i] locate name i. */
static char *random_names(gbc_rng *r, size_t n, size_t *off, size_t *len)
{
    char *buf = malloc(n * 8);
    ck_assert_ptr_nonnull(buf);
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        size_t l = 1 + gbc_rng_next(r) % 7;
        off[i] = at;
        len[i] = l;
        for (size_t j = 0; j < l; j++)
            buf[at++] = "abc_"[gbc_rng_next(r) % 4];
    }
    return buf;
}

START_TEST(test_table_against_scan)
{
    gbc_rng r;
    gbc_rng_seed(&r, tu_seed());
    for (int round = 0; round < 20 * tu_mult(); round++) {
        size_t n = 1 + gbc_rng_next(&r) % 3000;
        size_t *off = malloc(n * sizeof *off), *len = malloc(n * sizeof *len);
        ck_assert(off != NULL && len != NULL);
        char *buf = random_names(&r, n, off, len);
        name_table T;
        ck_assert_int_eq(name_table_init(NULL, &T, (uint32_t)(gbc_rng_next(&r) % 64)), GBC_OK);
        uint32_t distinct = 0;
        for (size_t i = 0; i < n; i++) {
            /* the first earlier occurrence, by a scan */
            int64_t want = -1;
            for (size_t j = 0; j < i && want < 0; j++)
                if (len[j] == len[i] && memcmp(buf + off[j], buf + off[i], len[i]) == 0)
                    want = (int64_t)j;
            T_ASSERT(name_table_find(&T, buf + off[i], len[i]) == want);
            uint32_t found;
            T_ASSERT(name_table_insert(NULL, &T, buf + off[i], len[i], (uint32_t)i, &found) ==
                     GBC_OK);
            T_ASSERT(want < 0 ? found == UINT32_MAX : found == (uint32_t)want);
            distinct += want < 0;
        }
        T_ASSERT(T.n == distinct);
        T_ASSERT(T.n <= (T.mask + 1) / 2);
        T_ASSERT(name_table_find(&T, "zz", 2) == -1);
        name_table_clear(NULL, &T);
        free(buf);
        free(off);
        free(len);
    }
}
END_TEST

START_TEST(test_table_alloc_failure)
{
    static const char *words[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
                                  "k", "l", "m", "n", "o", "p", "q", "r", "s", "t"};
    int ok = 0;
    for (uint64_t i = 1; !ok; i++) {
        gbc_ctx ctx;
        gbc_ctx_init(&ctx);
        ctx.fail_at = i;
        name_table T;
        gbc_status st = name_table_init(&ctx, &T, 2);
        for (int w = 0; w < 20 && st == GBC_OK; w++) {
            uint32_t found;
            st = name_table_insert(&ctx, &T, words[w], 1, (uint32_t)w, &found);
        }
        if (st == GBC_OK) {
            ok = 1;
            for (int w = 0; w < 20; w++)
                T_ASSERT(name_table_find(&T, words[w], 1) == w);
        } else {
            T_ASSERT(st == GBC_ERR_NOMEM);
        }
        if (st == GBC_OK || T.slot != NULL)
            name_table_clear(&ctx, &T);
        T_ASSERT(ctx.mem_used == 0);
        T_ASSERT(i < 100);
    }
}
END_TEST

/* names x0 .. x(n-1) in one buffer; ptr[i] points at name i. */
static char *numbered(size_t n, const char **ptr)
{
    char *buf = malloc(n * 12);
    ck_assert_ptr_nonnull(buf);
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        ptr[i] = buf + at;
        at += (size_t)sprintf(buf + at, "x%zu", i) + 1;
    }
    return buf;
}

START_TEST(test_ring_many_names)
{
    const size_t n = 60000;
    const char **ptr = malloc(n * sizeof *ptr);
    ck_assert_ptr_nonnull(ptr);
    char *buf = numbered(n, ptr);
    ring R;
    char msg[256];
    double t0 = cpu_seconds();
    ck_assert_int_eq(ring_init(NULL, &R, (uint32_t)n, ptr, 32003, NULL, msg, sizeof msg),
                     GBC_OK);
    double t = cpu_seconds() - t0;
    /* linear: milliseconds (the quadratic check took 4.5 s); generous for a loaded
     * machine */
    ck_assert_msg(t < 1.0, "ring_init with %zu names took %.2f s of CPU", n, t);
    for (size_t i = 0; i < n; i += 997)
        T_ASSERT(ring_find_var(&R, ptr[i], strlen(ptr[i])) == (int64_t)i);
    T_ASSERT(ring_find_var(&R, "x", 1) == -1);
    T_ASSERT(ring_find_var(&R, "x600000", 7) == -1);
    T_ASSERT(ring_find_var(&R, "x1", 1) == -1); /* a prefix is not a name */
    ring_clear(NULL, &R);

    /* a repeat at the end is found and named */
    ptr[n - 1] = ptr[12345];
    ck_assert_int_eq(ring_init(NULL, &R, (uint32_t)n, ptr, 32003, NULL, msg, sizeof msg),
                     GBC_ERR_ARG);
    ck_assert_str_eq(msg, "variable 'x12345' is named twice");

    /* through the API, in the parser's header: the position of the repeat */
    sbuf text;
    sb_init(&text);
    for (size_t i = 0; i < n; i++)
        sb_printf(&text, "%sx%zu", i ? "," : "", i);
    sb_puts(&text, ",x59998\n7\nx0+x59999\n");
    gbc_ring *rg;
    gbc_polys *ps;
    gbc_error err;
    t0 = cpu_seconds();
    ck_assert_int_eq(gbc_parse(&rg, &ps, text.s, text.len, NULL, NULL, &err), GBC_ERR_PARSE);
    t = cpu_seconds() - t0;
    ck_assert_msg(t < 1.0, "a header of %zu names took %.2f s of CPU", n, t);
    ck_assert_str_eq(err.message, "variable 'x59998' is declared twice");
    ck_assert_uint_eq(err.line, 1);
    ck_assert_uint_eq(err.column, text.len - strlen("x59998\n7\nx0+x59999\n") + 1);
    /* without the repeat it parses, and the names are where they were */
    char *tail = strstr(text.s, ",x59998\n7");
    memmove(tail, tail + 7, strlen(tail + 7) + 1);
    ck_assert_int_eq(gbc_parse(&rg, &ps, text.s, strlen(text.s), NULL, NULL, &err), GBC_OK);
    ck_assert_uint_eq(gbc_ring_nvars(rg), n);
    ck_assert_str_eq(gbc_ring_var_name(rg, 40000), "x40000");
    char *out;
    ck_assert_int_eq(gbc_polys_to_string(&out, NULL, ps, 0), GBC_OK);
    ck_assert_str_eq(out, "x0+x59999\n");
    gbc_string_free(out);
    gbc_polys_free(ps);
    gbc_ring_free(rg);
    sb_free(&text);
    free(buf);
    free(ptr);
}
END_TEST

static int stop_now(void *data)
{
    (void)data;
    return 1;
}

START_TEST(test_ring_interrupted)
{
    const size_t n = 5000;
    const char **ptr = malloc(n * sizeof *ptr);
    ck_assert_ptr_nonnull(ptr);
    char *buf = numbered(n, ptr);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    ctx.interrupt = stop_now;
    ring R;
    char msg[256];
    ck_assert_int_eq(ring_init(&ctx, &R, (uint32_t)n, ptr, 7, NULL, msg, sizeof msg),
                     GBC_ERR_INTERRUPTED);
    ck_assert_uint_eq(ctx.mem_used, 0);

    /* the parser's header, with a cancelled options object */
    sbuf text;
    sb_init(&text);
    for (size_t i = 0; i < n; i++)
        sb_printf(&text, "%sx%zu", i ? "," : "", i);
    sb_puts(&text, "\n7\nx0\n");
    gbc_options *o;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    gbc_options_cancel(o);
    gbc_ring *rg = NULL;
    gbc_polys *ps = NULL;
    gbc_error err;
    ck_assert_int_eq(gbc_parse(&rg, &ps, text.s, text.len, NULL, o, &err), GBC_ERR_INTERRUPTED);
    ck_assert_ptr_null(rg);
    ck_assert_ptr_null(ps);
    gbc_options_reset_cancel(o);
    ck_assert_int_eq(gbc_parse(&rg, &ps, text.s, text.len, NULL, o, &err), GBC_OK);
    gbc_polys_free(ps);
    gbc_ring_free(rg);
    gbc_options_free(o);
    sb_free(&text);
    free(buf);
    free(ptr);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("names");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_siphash_vectors);
    tcase_add_test(tc, test_table_against_scan);
    tcase_add_test(tc, test_table_alloc_failure);
    tcase_add_test(tc, test_ring_many_names);
    tcase_add_test(tc, test_ring_interrupted);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
