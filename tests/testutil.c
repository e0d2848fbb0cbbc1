/* Shared helpers for the Check test programs. */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t tu_seed_value;
static int tu_seed_set;

uint64_t tu_seed(void)
{
    if (!tu_seed_set) {
        const char *s = getenv("GBC_TEST_SEED");
        tu_seed_value = s ? strtoull(s, NULL, 0) : (uint64_t)time(NULL);
        tu_seed_set = 1;
    }
    return tu_seed_value;
}

int tu_mult(void)
{
    const char *s = getenv("GBC_TEST_MULT");
    int m = s ? atoi(s) : 1;
    return m < 1 ? 1 : m;
}

int tu_trials(int k)
{
    const char *s = getenv("GBC_TEST_LIGHT");
    if (s != NULL && *s != '\0' && strcmp(s, "0") != 0)
        return 1;
    return k * tu_mult();
}

int tu_run(Suite *s)
{
    uint64_t seed = tu_seed();
    printf("seed: %llu (rerun with GBC_TEST_SEED=%llu)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    fflush(stdout);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    if (failed)
        printf("FAILED with seed %llu\n", (unsigned long long)seed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

char *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *nb = realloc(buf, 2 * cap + 1);
            if (nb == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf == NULL)
        return NULL;
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

const char *tu_data_path(const char *name)
{
    static char path[4096];
    const char *dir = getenv("GBC_TEST_DATA");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", name);
    return path;
}

void sb_init(sbuf *b)
{
    b->cap = 256;
    b->len = 0;
    b->s = malloc(b->cap);
    T_ASSERT(b->s != NULL);
    b->s[0] = '\0';
}

void sb_putn(sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        while (b->len + n + 1 > b->cap)
            b->cap *= 2;
        b->s = realloc(b->s, b->cap);
        T_ASSERT(b->s != NULL);
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_puts(sbuf *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

void sb_printf(sbuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        T_ASSERT(n >= 0);
        if (b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        b->cap = 2 * (b->cap + (size_t)n);
        b->s = realloc(b->s, b->cap);
        T_ASSERT(b->s != NULL);
    }
}

void sb_free(sbuf *b)
{
    free(b->s);
    b->s = NULL;
}

void tu_random_order(char *spec, size_t len, gbc_rng *r, uint32_t nvars, int kind)
{
    static const char *const kinds[] = {"grevlex", "lex", "deglex"};
    size_t used = 0;
    switch (kind) {
    case 0:
    case 1:
    case 2:
        snprintf(spec, len, "%s", kinds[kind]);
        return;
    case 3:
        used = (size_t)snprintf(spec, len, "weights:");
        for (uint32_t v = 0; v < nvars; v++)
            used += (size_t)snprintf(spec + used, len - used, "%s%u", v ? "," : "",
                                     1 + (unsigned)gbc_rng_below(r, 5));
        return;
    default: {
        uint32_t nb = nvars < 2 ? 1 : 2 + (nvars > 2 ? (uint32_t)gbc_rng_below(r, 2) : 0);
        uint32_t left = nvars;
        /* a third of the time (up to 8 variables) a matrix order: a weight row with
         * zeros first, and blocks that may be weighted grevlex (at most about 85
         * characters: the callers' buffers hold 96) */
        int matrix = nvars <= 8 && gbc_rng_below(r, 3) == 0;
        used = (size_t)snprintf(spec, len, "blocks:");
        if (matrix && gbc_rng_below(r, 2) == 0) {
            used += (size_t)snprintf(spec + used, len - used, "weights(");
            for (uint32_t v = 0; v < nvars; v++)
                used += (size_t)snprintf(spec + used, len - used, "%s%u", v ? "," : "",
                                         (unsigned)gbc_rng_below(r, 3));
            used += (size_t)snprintf(spec + used, len - used, "),");
        }
        for (uint32_t b = 0; b < nb; b++) {
            uint32_t size = b + 1 == nb ? left
                                        : 1 + (uint32_t)gbc_rng_below(r, left - (nb - b - 1));
            left -= size;
            if (matrix && gbc_rng_below(r, 2) == 0) {
                used += (size_t)snprintf(spec + used, len - used, "%swgrevlex(", b ? "," : "");
                for (uint32_t v = 0; v < size; v++)
                    used += (size_t)snprintf(spec + used, len - used, "%s%u", v ? "," : "",
                                             1 + (unsigned)gbc_rng_below(r, 3));
                used += (size_t)snprintf(spec + used, len - used, ")");
                continue;
            }
            used += (size_t)snprintf(spec + used, len - used, "%s%s(%u)", b ? "," : "",
                                     kinds[gbc_rng_below(r, 3)], size);
        }
        return;
    }
    }
}

static void tu_put_system(sbuf *b, const char *family, int n)
{
    if (strcmp(family, "katsura") == 0) {
        /* u_i = x_|i| for |i| < n, 0 beyond */
        for (int m = 0; m < n - 1; m++) {
            for (int l = -(n - 1); l <= n - 1; l++) {
                int a = l < 0 ? -l : l, c = m - l < 0 ? l - m : m - l;
                if (a < n && c < n)
                    sb_printf(b, "+x%d*x%d", a, c);
            }
            sb_printf(b, "-x%d,\n", m);
        }
        sb_printf(b, "x0");
        for (int i = 1; i < n; i++)
            sb_printf(b, "+2*x%d", i);
        sb_printf(b, "-1\n");
    } else {
        for (int d = 1; d < n; d++) {
            for (int i = 0; i < n; i++) {
                sb_printf(b, "+");
                for (int j = 0; j < d; j++)
                    sb_printf(b, "%sx%d", j ? "*" : "", (i + j) % n);
            }
            sb_printf(b, ",\n");
        }
        for (int i = 0; i < n; i++)
            sb_printf(b, "%sx%d", i ? "*" : "", i);
        sb_printf(b, "-1\n");
    }
}

char *tu_system_gens(const char *family, int nvars)
{
    sbuf b;
    sb_init(&b);
    tu_put_system(&b, family, nvars);
    return b.s;
}

char *tu_system_text(const char *family, int nvars, uint32_t p)
{
    sbuf b;
    sb_init(&b);
    for (int i = 0; i < nvars; i++)
        sb_printf(&b, "%sx%d", i ? "," : "", i);
    sb_printf(&b, "\n%u\n", p);
    tu_put_system(&b, family, nvars);
    return b.s;
}

void tu_mpq_interval_mul(mpq_t lo, mpq_t hi, const mpq_t a, const mpq_t b)
{
    mpq_t p[4];
    for (int i = 0; i < 4; i++)
        mpq_init(p[i]);
    mpq_mul(p[0], lo, a);
    mpq_mul(p[1], lo, b);
    mpq_mul(p[2], hi, a);
    mpq_mul(p[3], hi, b);
    int mn = 0, mx = 0;
    for (int i = 1; i < 4; i++) {
        if (mpq_cmp(p[i], p[mn]) < 0)
            mn = i;
        if (mpq_cmp(p[i], p[mx]) > 0)
            mx = i;
    }
    mpq_set(lo, p[mn]);
    mpq_set(hi, p[mx]);
    for (int i = 0; i < 4; i++)
        mpq_clear(p[i]);
}

gbc_ctx tu_ctx;

void tu_ctx_setup(void)
{
    gbc_ctx_init(&tu_ctx);
}

void tu_ctx_teardown(void)
{
    ck_assert_uint_eq(tu_ctx.mem_used, 0);
}
