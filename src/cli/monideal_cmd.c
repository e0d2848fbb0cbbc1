/* cli/monideal_cmd: the monomial-ideal commands of the gbc tool, in the formats of
 * the command-line contract. Uses only the public API: gbc_parse, then
 * gbc_leading_ideal (which computes the Groebner basis unless the input is
 * monomial), then one gbc_monideal_* call. Output is formatted into one buffer
 * with hand-written integer formatting (outputs can have millions of lines). */
#define _POSIX_C_SOURCE 200809L
#include "monideal_cmd.h"
#include "json.h"
#include "options.h"
#include "output.h"
#include "textbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>

/* ---------------------------------------------------------------- input -- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ------------------------------------------------------------- printing -- */

/* The ring's variable names with their lengths, looked up once. */
typedef struct names {
    uint32_t n;
    const char **s;
    size_t *len;
    size_t maxlen;
} names;

static int names_init(names *N, const gbc_ring *ring)
{
    N->n = gbc_ring_nvars(ring);
    N->s = malloc(sizeof(char *) * (N->n + 1));
    N->len = malloc(sizeof(size_t) * (N->n + 1));
    N->maxlen = 0;
    if (N->s == NULL || N->len == NULL)
        return 0;
    for (uint32_t v = 0; v < N->n; v++) {
        N->s[v] = gbc_ring_var_name(ring, v);
        N->len[v] = strlen(N->s[v]);
        if (N->len[v] > N->maxlen)
            N->maxlen = N->len[v];
    }
    return 1;
}

static void names_clear(names *N)
{
    free(N->s);
    free(N->len);
}

/* Write v in decimal at p; returns the number of characters. */
static size_t fmt_u64(char *p, uint64_t v)
{
    char tmp[24];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (size_t i = 0; i < n; i++)
        p[i] = tmp[n - 1 - i];
    return n;
}

/* One line of comma- or star-separated powers x^e (e > 1 printed, primes: never);
 * empty: the text empty_text. */
static void put_row(cli_buf *b, const names *N, const uint32_t *r, char sep, int primes,
                    const char *empty_text, char end)
{
    cli_buf_reserve(b, (size_t)N->n * (N->maxlen + 12) + 8);
    if (b->failed)
        return;
    char *p = b->s + b->len, *p0 = p;
    int printed = 0;
    for (uint32_t v = 0; v < N->n; v++) {
        if (r[v] == 0)
            continue;
        if (printed)
            *p++ = sep;
        memcpy(p, N->s[v], N->len[v]);
        p += N->len[v];
        if (!primes && r[v] > 1) {
            *p++ = '^';
            p += fmt_u64(p, r[v]);
        }
        printed = 1;
    }
    if (!printed) {
        size_t l = strlen(empty_text);
        memcpy(p, empty_text, l);
        p += l;
    }
    if (end)
        *p++ = end;
    b->len += (size_t)(p - p0);
    b->s[b->len] = '\0';
}

/* A signed coefficient before a monomial (first: no leading '+'). */
static void put_coef(cli_buf *b, int64_t c, int first, int constant)
{
    uint64_t a = c < 0 ? (uint64_t)0 - (uint64_t)c : (uint64_t)c;
    if (c < 0)
        cli_buf_putc(b, '-');
    else if (!first)
        cli_buf_putc(b, '+');
    if (a != 1 || constant) {
        cli_buf_u64(b, a);
        if (!constant)
            cli_buf_putc(b, '*');
    }
}

static void put_header(cli_buf *b, const gbc_ring *ring)
{
    uint32_t n = gbc_ring_nvars(ring);
    for (uint32_t v = 0; v < n; v++) {
        if (v > 0)
            cli_buf_putc(b, ',');
        cli_buf_puts(b, gbc_ring_var_name(ring, v));
    }
    cli_buf_putc(b, '\n');
    cli_buf_u64(b, gbc_ring_characteristic(ring));
    cli_buf_putc(b, '\n');
}

static gbc_status cmd_hilbert(cli_buf *b, const gbc_monideal *I, const names *N,
                              const gbc_options *opts, int multigraded)
{
    size_t nt = 0;
    int64_t *coef = NULL;
    if (!multigraded) {
        uint64_t *deg = NULL;
        gbc_status st = gbc_monideal_hilbert(&deg, &coef, &nt, I, opts);
        if (st != GBC_OK)
            return st;
        for (size_t i = 0; i < nt; i++) {
            put_coef(b, coef[i], i == 0, deg[i] == 0);
            if (deg[i] > 0) {
                cli_buf_putc(b, 't');
                if (deg[i] > 1) {
                    cli_buf_putc(b, '^');
                    cli_buf_u64(b, deg[i]);
                }
            }
        }
        gbc_monideal_array_free(deg);
    } else {
        uint32_t *exps = NULL;
        gbc_status st = gbc_monideal_hilbert_multigraded(&exps, &coef, &nt, I, opts);
        if (st != GBC_OK)
            return st;
        uint32_t n = gbc_monideal_nvars(I);
        for (size_t i = 0; i < nt; i++) {
            const uint32_t *e = exps + i * n;
            int constant = 1;
            for (uint32_t v = 0; v < n && constant; v++)
                constant = e[v] == 0;
            put_coef(b, coef[i], i == 0, constant);
            if (!constant)
                put_row(b, N, e, '*', 0, "", 0);
        }
        gbc_monideal_array_free(exps);
    }
    if (nt == 0)
        cli_buf_putc(b, '0');
    cli_buf_putc(b, '\n');
    gbc_monideal_array_free(coef);
    return GBC_OK;
}

/* The Hilbert polynomial P of R/I (I monomial): with N(t)/(1-t)^n the series and d
 * the dimension, N = h (1-t)^(n-d) and the Hilbert function of R/I is
 * sum_k h_k binom(s-k+d-1, d-1) for s > deg h - d, a polynomial in s of degree d-1
 * (P = 0 when d <= 0). Printed in t with rational coefficients, highest power first. */
static gbc_status cmd_hilbert_poly(cli_buf *b, const gbc_monideal *I, const gbc_options *opts)
{
    size_t nt = 0;
    int64_t *coef = NULL;
    uint64_t *deg = NULL;
    int64_t d;
    gbc_status st = gbc_monideal_dim(&d, I, opts);
    if (st != GBC_OK)
        return st;
    if (d <= 0) {
        cli_buf_puts(b, "0\n");
        return GBC_OK;
    }
    st = gbc_monideal_hilbert(&deg, &coef, &nt, I, opts);
    if (st != GBC_OK)
        return st;
    const uint32_t n = gbc_monideal_nvars(I);
    uint64_t top = 0;
    for (size_t i = 0; i < nt; i++)
        if (deg[i] > top)
            top = deg[i];
    st = GBC_ERR_NOMEM;
    const size_t len = (size_t)top + 1, dd = (size_t)d;
    mpz_t *h = top < SIZE_MAX / 2 / sizeof(mpz_t) ? malloc(sizeof(mpz_t) * len) : NULL;
    mpz_t *P = malloc(sizeof(mpz_t) * (dd + 1)); /* sum_k h_k prod_j (s + j - k) */
    mpz_t *f = malloc(sizeof(mpz_t) * (dd + 1)); /* one product */
    if (h == NULL || P == NULL || f == NULL) {
        free(h);
        free(P);
        free(f);
        gbc_monideal_array_free(deg);
        gbc_monideal_array_free(coef);
        return st;
    }
    for (size_t i = 0; i < len; i++)
        mpz_init(h[i]);
    for (size_t i = 0; i <= dd; i++) {
        mpz_init(P[i]);
        mpz_init(f[i]);
    }
    for (size_t i = 0; i < nt; i++)
        mpz_set_si(h[deg[i]], coef[i]);
    /* N / (1-t)^(n-d): prefix sums, each leaving a zero top coefficient */
    size_t hl = len;
    st = GBC_OK;
    for (int64_t r = 0; r < (int64_t)n - d && st == GBC_OK; r++) {
        for (size_t k = 1; k < hl; k++)
            mpz_add(h[k], h[k], h[k - 1]);
        if (mpz_sgn(h[hl - 1]) != 0 || hl < 2)
            st = GBC_ERR_INTERNAL; /* (1-t)^(n-d) must divide N */
        else
            hl--;
    }
    for (size_t k = 0; k < hl && st == GBC_OK; k++) {
        if (mpz_sgn(h[k]) == 0)
            continue;
        /* f(s) = prod_{j=1}^{d-1} (s + j - k) */
        for (size_t i = 0; i <= dd; i++)
            mpz_set_ui(f[i], i == 0);
        for (size_t j = 1; j < dd; j++) {
            long c = (long)j - (long)k;
            for (size_t i = j; i >= 1; i--) { /* f *= (s + c) */
                mpz_mul_si(f[i], f[i], c);
                mpz_add(f[i], f[i], f[i - 1]);
            }
            mpz_mul_si(f[0], f[0], c);
        }
        for (size_t i = 0; i < dd; i++)
            mpz_addmul(P[i], h[k], f[i]);
    }
    if (st == GBC_OK) {
        mpz_t fact;
        mpq_t c;
        mpz_init(fact);
        mpq_init(c);
        mpz_fac_ui(fact, (unsigned long)(dd - 1));
        int first = 1;
        for (size_t i = dd; i-- > 0;) {
            if (mpz_sgn(P[i]) == 0)
                continue;
            mpq_set_num(c, P[i]);
            mpq_set_den(c, fact);
            mpq_canonicalize(c);
            int neg = mpq_sgn(c) < 0;
            mpq_abs(c, c);
            cli_buf_puts(b, neg ? "-" : first ? "" : "+");
            int one = mpz_cmp_ui(mpq_numref(c), 1) == 0 && mpz_cmp_ui(mpq_denref(c), 1) == 0;
            if (!one || i == 0) {
                char *txt = mpq_get_str(NULL, 10, c);
                if (txt == NULL) {
                    st = GBC_ERR_NOMEM;
                    break;
                }
                cli_buf_puts(b, txt);
                free(txt);
                if (i > 0)
                    cli_buf_putc(b, '*');
            }
            if (i > 0) {
                cli_buf_putc(b, 't');
                if (i > 1) {
                    cli_buf_putc(b, '^');
                    cli_buf_u64(b, i);
                }
            }
            first = 0;
        }
        if (first)
            cli_buf_putc(b, '0');
        cli_buf_putc(b, '\n');
        mpz_clear(fact);
        mpq_clear(c);
    }
    for (size_t i = 0; i < len; i++)
        mpz_clear(h[i]);
    for (size_t i = 0; i <= dd; i++) {
        mpz_clear(P[i]);
        mpz_clear(f[i]);
    }
    free(h);
    free(P);
    free(f);
    gbc_monideal_array_free(deg);
    gbc_monideal_array_free(coef);
    return st;
}

static gbc_status run_named(cli_buf *b, const char *command, const gbc_monideal *I,
                            const gbc_ring *ring, const names *N, const gbc_options *opts,
                            int multigraded)
{
    uint32_t n = gbc_monideal_nvars(I);
    gbc_status st;
    if (strcmp(command, "hilbert") == 0 && multigraded == 2)
        return cmd_hilbert_poly(b, I, opts);
    if (strcmp(command, "hilbert") == 0)
        return cmd_hilbert(b, I, N, opts, multigraded);
    if (strcmp(command, "dim") == 0) {
        int64_t d;
        st = gbc_monideal_dim(&d, I, opts);
        if (st == GBC_OK) {
            if (d < 0) {
                cli_buf_putc(b, '-');
                cli_buf_u64(b, (uint64_t)-d);
            } else {
                cli_buf_u64(b, (uint64_t)d);
            }
            cli_buf_putc(b, '\n');
        }
        return st;
    }
    if (strcmp(command, "degree") == 0) {
        char *s = NULL;
        st = gbc_monideal_degree_string(&s, I, opts);
        if (st == GBC_OK) {
            cli_buf_puts(b, s);
            cli_buf_putc(b, '\n');
            gbc_string_free(s);
        }
        return st;
    }
    if (strcmp(command, "alexdual") == 0) {
        gbc_monideal *D = NULL;
        st = gbc_monideal_alexdual(&D, I, NULL, opts);
        if (st != GBC_OK)
            return st;
        size_t k = gbc_monideal_ngens(D);
        uint32_t *rows = malloc(sizeof(uint32_t) * (k * n + 1));
        if (rows == NULL) {
            gbc_monideal_free(D);
            return GBC_ERR_NOMEM;
        }
        st = gbc_monideal_gens(rows, k, D);
        if (st == GBC_OK) {
            put_header(b, ring);
            for (size_t i = 0; i < k; i++) {
                put_row(b, N, rows + i * n, '*', 0, "1", 0);
                cli_buf_put(b, i + 1 < k ? ",\n" : "\n", i + 1 < k ? 2 : 1);
            }
        }
        free(rows);
        gbc_monideal_free(D);
        return st;
    }
    uint32_t *rows = NULL;
    size_t k = 0;
    if (strcmp(command, "irrdecom") == 0) {
        st = gbc_monideal_irrdecom(&rows, &k, I, opts);
        if (st == GBC_OK)
            for (size_t i = 0; i < k; i++)
                put_row(b, N, rows + i * n, ',', 0, "0", '\n');
    } else if (strcmp(command, "assoprimes") == 0) {
        st = gbc_monideal_assoprimes(&rows, &k, I, opts);
        if (st == GBC_OK)
            for (size_t i = 0; i < k; i++)
                put_row(b, N, rows + i * n, ',', 1, "0", '\n');
    } else if (strcmp(command, "maxstandard") == 0) {
        st = gbc_monideal_maxstandard(&rows, &k, I, opts);
        if (st == GBC_OK)
            for (size_t i = 0; i < k; i++)
                put_row(b, N, rows + i * n, '*', 0, "1", '\n');
    } else {
        return GBC_ERR_ARG;
    }
    gbc_monideal_array_free(rows);
    return st;
}

static gbc_status run(cli_buf *b, const char *command, const gbc_monideal *I,
                      const gbc_ring *ring, const gbc_options *opts, int multigraded)
{
    names N;
    gbc_status st = GBC_ERR_NOMEM;
    if (names_init(&N, ring))
        st = run_named(b, command, I, ring, &N, opts, multigraded);
    names_clear(&N);
    return st;
}

/* A command that printed nothing says why on stderr (stdout stays empty, as the
 * output format wants). */
static void explain_empty(const char *command, const gbc_monideal *I)
{
    int unit = 0;
    uint32_t n = gbc_monideal_nvars(I);
    if (gbc_monideal_ngens(I) == 1) {
        uint32_t *g = calloc(n ? n : 1, sizeof *g);
        unit = 1;
        if (g != NULL && gbc_monideal_gens(g, 1, I) == GBC_OK)
            for (uint32_t v = 0; v < n; v++)
                unit &= g[v] == 0;
        free(g);
    }
    if (unit)
        fprintf(stderr, "gbc: %s: none: the ideal is the whole ring (1 is in it)\n", command);
    else if (strcmp(command, "maxstandard") == 0)
        fprintf(stderr,
                "gbc: maxstandard: none: R/LT(I) is not zero-dimensional, so no standard "
                "monomial m has every m*x_i in LT(I) (see dim)\n");
}

int cli_monideal_command(const char *command, const char *fname, const gbc_ring *ring,
                         const gbc_polys *gens, gbc_options *opts, gbc_stats *stats,
                         const char *outfile, int verbose, int multigraded, void *log)
{
    const int json = multigraded & 4;
    multigraded &= 3;
    double t1 = now();
    gbc_monideal *I = NULL;
    cli_buf b = CLI_BUF_INIT;
    int rc = EXIT_OK;
    /* only the leading terms matter: a minimal basis is enough */
    gbc_options_set_basis(opts, GBC_BASIS_MINIMAL);
    gbc_status st = gbc_leading_ideal(&I, gens, 0, opts, stats);
    cli_log_done(log);
    if (st != GBC_OK) {
        cli_report_status(fname, st);
        rc = cli_exit_for(st);
        goto out;
    }
    double t2 = now();
    st = run(&b, command, I, ring, opts, multigraded);
    double t3 = now();
    cli_log_done(log);
    if (st == GBC_OK && b.failed)
        st = GBC_ERR_NOMEM;
    if (st != GBC_OK) {
        cli_report_status(fname, st);
        rc = cli_exit_for(st);
        goto out;
    }
    if (b.len == 0)
        explain_empty(command, I);
    if (json) {
        static const struct {
            const char *command;
            cli_json_kind kind;
            const char *key;
        } kinds[] = {{"dim", CLI_JSON_NUMBER, "dim"},
                     {"degree", CLI_JSON_NUMBER, "degree"},
                     {"alexdual", CLI_JSON_IDEAL, "generators"},
                     {"irrdecom", CLI_JSON_LISTS, "components"},
                     {"assoprimes", CLI_JSON_LISTS, "primes"},
                     {"maxstandard", CLI_JSON_LINES, "monomials"}};
        cli_json_kind kind = CLI_JSON_STRING;
        const char *key = multigraded == 2   ? "hilbert_polynomial"
                          : multigraded == 1 ? "multigraded_numerator"
                                             : "numerator";
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
            if (strcmp(command, kinds[i].command) == 0) {
                kind = kinds[i].kind;
                key = kinds[i].key;
            }
        char *js = NULL;
        size_t jlen = 0;
        if (cli_json(command, kind, key, b.s ? b.s : "", b.len, &js, &jlen) != 0) {
            cli_report_status(fname, GBC_ERR_NOMEM);
            rc = EXIT_RESOURCES;
            goto out;
        }
        free(b.s);
        b.s = js;
        b.len = jlen;
    }
    if (verbose) {
        if (gbc_stats_get(stats, "basis_size") > 0)
            cli_print_summary(stats, verbose);
        fprintf(stderr,
                "gbc: %s: leading ideal %.3f s (%zu minimal generators), %s %.3f s\n",
                fname, t2 - t1, gbc_monideal_ngens(I), command, t3 - t2);
    }
    int open_failed;
    if (cli_write_result(outfile, b.s, b.len, &open_failed) != 0)
        rc = open_failed ? EXIT_INPUT : EXIT_RESOURCES;
out:
    free(b.s);
    gbc_monideal_free(I);
    return rc;
}
