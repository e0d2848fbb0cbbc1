/* The array-input check shared by the libFuzzer harness fuzz_arrays and the replay
 * test t-regress: decode a ring (0-8 variables, any 32-bit characteristic, valid and
 * malformed orders and names) and polynomials as arrays (exponents up to 2^32-1,
 * uint32 or decimal-string coefficients, malformed strings included) from bytes,
 * hand them to gbc_polys_from_arrays_*, and compare what the library accepts, rejects
 * and returns with an independent model built here with GMP. Accepted lists are read
 * back (gbc_polys_to_arrays_*, gbc_polys_get_*), converted again, and get a bounded
 * Groebner computation whose result must pass gbc_is_groebner. */
#include "fuzz_cores.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "check/check.h"
#include "gbc.h"

#define MAXV 8
#define MAXP 4
#define MAXT 8

typedef struct bytes {
    const uint8_t *p;
    size_t n, i;
} bytes;

static unsigned next(bytes *b)
{
    return b->i < b->n ? b->p[b->i++] : 0;
}

static uint32_t next32(bytes *b)
{
    uint32_t v = 0;
    for (int k = 0; k < 4; k++)
        v = (v << 8) | next(b);
    return v;
}

static int is_prime32(uint32_t n)
{
    if (n < 2)
        return 0;
    if (n % 2 == 0)
        return n == 2;
    for (uint32_t d = 3; (uint64_t)d * d <= n; d += 2)
        if (n % d == 0)
            return 0;
    return 1;
}

static const uint32_t chars[] = {0,      2,          3,          5,           7,
                                 32003,  65521,      2147483647u, 0,          1,
                                 4,      65535,      2147483648u, 4294967295u, 4294967291u,
                                 2147483629u};

/* Valid order specs for n variables, or malformed ones; *valid is 1, 0, or -1 when
 * nobody here knows (raw bytes). */
static void make_order(char *buf, size_t len, uint32_t n, bytes *b, int *valid)
{
    unsigned k = next(b), w = next(b);
    static const char *const kinds[] = {"grevlex", "lex", "deglex"};
    *valid = 1;
    switch (k % 12) {
    case 0: case 1: snprintf(buf, len, "grevlex"); break;
    case 2: snprintf(buf, len, "lex"); break;
    case 3: snprintf(buf, len, "deglex"); break;
    case 4: {
        /* n positive weights; a zero, a missing or an extra weight is malformed */
        size_t o = (size_t)snprintf(buf, len, "weights:");
        unsigned bad = next(b) % 8;
        uint32_t cnt = bad == 1 ? n + 1 : (bad == 2 && n > 0 ? n - 1 : n);
        for (uint32_t i = 0; i < cnt && o < len; i++) {
            uint32_t x = 1 + ((w >> (i % 8)) & 3u);
            if (bad == 3 && i == 0)
                x = 0;
            if (bad == 4 && i == 0)
                x = 2147483647u;
            o += (size_t)snprintf(buf + o, len - o, i ? ",%u" : "%u", x);
        }
        if (bad == 5 && o < len)
            snprintf(buf + o, len - o, ",");
        *valid = (bad == 1 || bad == 2 || bad == 3 || bad == 5 || n == 0) ? 0 : 1;
        if (n == 0)
            *valid = -1; /* "weights:" with nothing: either way */
        break;
    }
    case 5: {
        if (n < 2) {
            snprintf(buf, len, "blocks:%s(%u)", kinds[w % 3], n);
            *valid = n == 1 ? 1 : -1;
            break;
        }
        uint32_t first = 1 + w % (n - 1);
        unsigned bad = next(b) % 6;
        uint32_t second = n - first + (bad == 1) - (bad == 2);
        if (bad == 3)
            first = 0;
        snprintf(buf, len, "blocks:%s(%u),%s(%u)", kinds[w % 3], first, kinds[(w / 3) % 3],
                 second);
        *valid = bad >= 1 && bad <= 3 ? 0 : 1;
        if (bad == 2 && second == 0)
            *valid = 0;
        break;
    }
    case 6: snprintf(buf, len, "grevlexx"); *valid = 0; break;
    case 7: snprintf(buf, len, "%s", ""); *valid = 0; break;
    case 8: snprintf(buf, len, "weights:1,,2"); *valid = 0; break;
    case 9: snprintf(buf, len, "blocks:lex(99999999999)"); *valid = 0; break;
    case 10: snprintf(buf, len, "weights:-1"); *valid = 0; break;
    default: {
        size_t m = next(b) % 24;
        if (m >= len)
            m = len - 1;
        for (size_t i = 0; i < m; i++) {
            unsigned c = next(b);
            buf[i] = (char)(c == 0 ? 'x' : c);
        }
        buf[m] = 0;
        *valid = -1;
    }
    }
}

static uint32_t make_exp(bytes *b)
{
    unsigned c = next(b);
    switch (c % 16) {
    case 0: return 4294967295u;
    case 1: return 2147483648u;
    case 2: return 2147483647u;
    case 3: return 4294967294u;
    case 4: return next32(b);
    default: return c % 4;
    }
}

/* A decimal coefficient string, well formed or not; returns it in buf. */
static void make_qstr(char *buf, size_t len, bytes *b)
{
    unsigned c = next(b);
    static const char *const bad[] = {"", "+", "-", "1/", "/3", " 1", "1 ", "0x10",
                                      "1.5", "--1", "1/-2", "+-1", "1/0", "-7/000",
                                      "1e3", "12a"};
    switch (c % 10) {
    case 0: case 1: case 2:
        snprintf(buf, len, "%d", (int)(next(b) % 21) - 10);
        break;
    case 3:
        snprintf(buf, len, "%s%u/%u", next(b) & 1 ? "-" : "+", next(b), next(b));
        break;
    case 4: {
        size_t m = 1 + next(b) % 40, o = 0;
        if (next(b) & 1)
            buf[o++] = '-';
        for (size_t i = 0; i < m && o + 1 < len; i++)
            buf[o++] = (char)('0' + next(b) % 10);
        buf[o] = 0;
        break;
    }
    case 5:
        snprintf(buf, len, "%s", bad[next(b) % 16]);
        break;
    case 6: {
        size_t m = next(b) % 12;
        for (size_t i = 0; i < m && i + 1 < len; i++) {
            unsigned x = next(b);
            buf[i] = (char)(x == 0 ? '1' : x);
        }
        buf[m < len ? m : len - 1] = 0;
        break;
    }
    default:
        snprintf(buf, len, "%u/%u", next(b) % 7, 1 + next(b) % 6);
    }
}

/* Whether s is "[-+]digits" or "[-+]digits/digits" with a nonzero denominator;
 * if so q receives its value. */
static int qstr_value(mpq_t q, const char *s)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    const char *num = p;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == num)
        return 0;
    const char *numend = p, *den = NULL;
    if (*p == '/') {
        den = ++p;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p == den)
            return 0;
    }
    if (*p != 0)
        return 0;
    char tmp[128];
    size_t nl = (size_t)(numend - num);
    if (nl >= sizeof tmp)
        return 0; /* not generated */
    memcpy(tmp, num, nl);
    tmp[nl] = 0;
    mpz_set_str(mpq_numref(q), tmp, 10);
    if (s[0] == '-')
        mpz_neg(mpq_numref(q), mpq_numref(q));
    if (den != NULL) {
        mpz_set_str(mpq_denref(q), den, 10);
        if (mpz_sgn(mpq_denref(q)) == 0)
            return 0;
    } else {
        mpz_set_ui(mpq_denref(q), 1);
    }
    mpq_canonicalize(q);
    return 1;
}

typedef struct model {
    uint32_t p;          /* characteristic */
    uint32_t nv;
    size_t np;
    size_t nt[MAXP];     /* terms after combining */
    uint32_t e[MAXP][MAXT][MAXV];
    mpq_t c[MAXP][MAXT]; /* over Z/p the residue as an integer */
} model;

#define FAIL(...)                                                                          \
    do {                                                                                   \
        snprintf(msg, msglen, __VA_ARGS__);                                                \
        ret = 1;                                                                           \
        goto done;                                                                         \
    } while (0)

int arrays_check(const uint8_t *data, size_t size, char *msg, size_t msglen)
{
    bytes b = {data, size, 0};
    int ret = 0;
    gbc_ring *rg = NULL;
    gbc_polys *polys = NULL, *back = NULL, *basis = NULL;
    gbc_options *opts = NULL;
    size_t *ont = NULL;
    uint32_t *oexp = NULL, *ocf = NULL;
    char **oq = NULL;
    model M;
    mpq_t q;
    mpq_init(q);
    for (size_t k = 0; k < MAXP; k++)
        for (size_t i = 0; i < MAXT; i++)
            mpq_init(M.c[k][i]);

    /* the ring */
    uint32_t nv = next(&b) % (MAXV + 1);
    unsigned cc = next(&b);
    uint32_t p = (cc & 0x10) ? next32(&b) : chars[cc % 16];
    char order[64];
    int order_ok;
    make_order(order, sizeof order, nv, &b, &order_ok);
    unsigned nmode = next(&b);
    static const char *const good[MAXV] = {"x", "y", "z", "t", "u", "v", "w", "s"};
    const char *names[MAXV];
    int names_ok = 1;
    for (uint32_t i = 0; i < nv; i++)
        names[i] = good[i];
    if (nv > 0 && nmode % 16 == 0) {
        static const char *const badn[] = {"", "1x", "a b", "x"};
        names[nv - 1] = badn[(nmode >> 4) % 4];
        names_ok = 0;
        if ((nmode >> 4) % 4 == 3 && nv == 1)
            names_ok = 1; /* "x" alone is fine */
    }
    int char_ok = p == 0 || (p < 2147483648u && is_prime32(p));
    gbc_error err;
    const char *ospec = order;
    if (nmode & 0x40) {
        ospec = NULL; /* grevlex */
        order_ok = 1;
    }
    gbc_status st = gbc_ring_new(&rg, nv, names, p, ospec, &err);
    if (st == GBC_OK) {
        if (!char_ok || !names_ok || order_ok == 0)
            FAIL("ring accepted: p=%u order '%s' names_ok=%d", p, order, names_ok);
        if (gbc_ring_nvars(rg) != nv || gbc_ring_characteristic(rg) != p)
            FAIL("ring reads back wrong");
    } else {
        if (st != GBC_ERR_ARG && st != GBC_ERR_DOMAIN && st != GBC_ERR_NOMEM)
            FAIL("ring rejected with status %d", (int)st);
        if (char_ok && names_ok && order_ok == 1)
            FAIL("ring rejected: p=%u order '%s': %s", p, order, err.message);
        goto done;
    }

    /* the polynomials */
    unsigned mode = next(&b);
    int strings = mode & 1;
    size_t np = next(&b) % (MAXP + 1);
    size_t nterms[MAXP], total = 0;
    for (size_t k = 0; k < np; k++) {
        nterms[k] = next(&b) % (MAXT + 1);
        total += nterms[k];
    }
    uint32_t exps[MAXP * MAXT * MAXV + 1];
    uint32_t cf[MAXP * MAXT + 1];
    char qbuf[MAXP * MAXT][64];
    const char *qs[MAXP * MAXT + 1];
    for (size_t t = 0; t < total; t++) {
        for (uint32_t j = 0; j < nv; j++)
            exps[t * nv + j] = make_exp(&b);
        if (strings) {
            make_qstr(qbuf[t], sizeof qbuf[t], &b);
            qs[t] = qbuf[t];
        } else {
            unsigned c = next(&b);
            cf[t] = c % 8 == 0 ? next32(&b) : c % 8 == 1 ? p : c % 8 == 2 ? p - 1 : c % 5;
        }
    }
    /* the model: per term, its error (0 none, else the status), then combined */
    gbc_status terr[MAXP * MAXT];
    int any_err = 0;
    M.p = p;
    M.nv = nv;
    M.np = np;
    size_t t = 0;
    for (size_t k = 0; k < np; k++) {
        M.nt[k] = 0;
        for (size_t i = 0; i < nterms[k]; i++, t++) {
            uint64_t deg = 0;
            for (uint32_t j = 0; j < nv; j++)
                deg += exps[t * nv + j];
            terr[t] = GBC_OK;
            if (deg > UINT32_MAX) {
                terr[t] = GBC_ERR_OVERFLOW;
            } else if (strings) {
                if (!qstr_value(q, qs[t]))
                    terr[t] = GBC_ERR_PARSE;
                else if (p != 0 && mpz_divisible_ui_p(mpq_denref(q), p))
                    terr[t] = GBC_ERR_DOMAIN;
            } else {
                mpq_set_ui(q, cf[t], 1);
            }
            if (terr[t] != GBC_OK) {
                any_err = 1;
                continue;
            }
            if (p != 0) {
                /* the residue num * den^-1 mod p, as an integer */
                mpz_t r, d;
                mpz_inits(r, d, NULL);
                mpz_set_ui(d, p);
                mpz_invert(r, mpq_denref(q), d);
                mpz_mul(r, r, mpq_numref(q));
                mpz_mod_ui(r, r, p);
                mpq_set_z(q, r);
                mpz_clears(r, d, NULL);
            }
            size_t s = 0;
            while (s < M.nt[k] && memcmp(M.e[k][s], exps + t * nv, nv * sizeof(uint32_t)) != 0)
                s++;
            if (s == M.nt[k]) {
                if (nv > 0)
                    memcpy(M.e[k][s], exps + t * nv, nv * sizeof(uint32_t));
                mpq_set_ui(M.c[k][s], 0, 1);
                M.nt[k]++;
            }
            mpq_add(M.c[k][s], M.c[k][s], q);
            if (p != 0) {
                mpz_mod_ui(mpq_numref(M.c[k][s]), mpq_numref(M.c[k][s]), p);
            }
        }
        /* drop the zeros */
        size_t m = 0;
        for (size_t s = 0; s < M.nt[k]; s++) {
            if (mpq_sgn(M.c[k][s]) == 0)
                continue;
            if (m != s) {
                memcpy(M.e[k][m], M.e[k][s], sizeof M.e[k][s]);
                mpq_set(M.c[k][m], M.c[k][s]);
            }
            m++;
        }
        M.nt[k] = m;
    }

    gbc_options_new(&opts);
    if (opts == NULL)
        goto done;
    gbc_options_set_memory_limit(opts, (size_t)64 << 20);
    memset(&err, 0, sizeof err);
    const uint32_t *ex = total > 0 && nv > 0 ? exps : (next(&b) & 1 ? NULL : exps);
    if (strings)
        st = gbc_polys_from_arrays_q(&polys, rg, np, np ? nterms : NULL, ex, total ? qs : NULL, opts, &err);
    else
        st = gbc_polys_from_arrays_zp(&polys, rg, np, np ? nterms : NULL, ex, total ? cf : NULL, opts, &err);
    if (st != GBC_OK) {
        if (polys != NULL)
            FAIL("output set on error");
        if (st == GBC_ERR_LIMIT || st == GBC_ERR_NOMEM)
            goto done;
        if (!any_err)
            FAIL("valid arrays rejected, status %d: %s", (int)st, err.message);
        /* the reported term must have an error of the reported kind */
        if (err.line == 0 || err.line > np || err.column == 0 || err.column > nterms[err.line - 1])
            FAIL("error position %llu:%llu out of range (%s)", (unsigned long long)err.line,
                 (unsigned long long)err.column, err.message);
        size_t t0 = 0;
        for (size_t k = 0; k + 1 < err.line; k++)
            t0 += nterms[k];
        t0 += err.column - 1;
        if (terr[t0] != st)
            FAIL("status %d at %llu:%llu, but the model says %d there (%s)", (int)st,
                 (unsigned long long)err.line, (unsigned long long)err.column, (int)terr[t0],
                 err.message);
        goto done;
    }
    if (any_err)
        FAIL("invalid arrays accepted");

    /* read back: count, order, terms and coefficients against the model */
    if (gbc_polys_count(polys) != np)
        FAIL("count %zu, expected %zu", gbc_polys_count(polys), np);
    const gbc_ring *rr = gbc_polys_ring(polys);
    if (p != 0)
        st = gbc_polys_to_arrays_zp(&ont, &oexp, &ocf, polys);
    else
        st = gbc_polys_to_arrays_q(&ont, &oexp, &oq, polys);
    if (st == GBC_ERR_NOMEM)
        goto done;
    if (st != GBC_OK || ont == NULL || oexp == NULL || (ocf == NULL && oq == NULL))
        FAIL("to_arrays failed: %d", (int)st);
    size_t off = 0, tot = 0;
    for (size_t k = 0; k < np; k++) {
        if (ont[k] != M.nt[k] || gbc_polys_nterms(polys, k) != M.nt[k])
            FAIL("polynomial %zu has %zu terms, expected %zu", k, ont[k], M.nt[k]);
        for (size_t i = 0; i < ont[k]; i++) {
            const uint32_t *e = oexp + (off + i) * nv;
            if (i > 0 && mono_cmp(&rr->R.ord, e - nv, e) <= 0)
                FAIL("polynomial %zu: terms %zu, %zu not decreasing", k, i - 1, i);
            size_t s = 0;
            while (s < M.nt[k] && memcmp(M.e[k][s], e, nv * sizeof(uint32_t)) != 0)
                s++;
            if (s == M.nt[k])
                FAIL("polynomial %zu: term %zu not in the input", k, i);
            if (p != 0) {
                if (mpz_cmp_ui(mpq_numref(M.c[k][s]), ocf[off + i]) != 0)
                    FAIL("polynomial %zu term %zu: coefficient %u", k, i, ocf[off + i]);
            } else {
                char *want = mpq_get_str(NULL, 10, M.c[k][s]);
                int same = strcmp(want, oq[off + i]) == 0;
                void (*freefn)(void *, size_t);
                mp_get_memory_functions(NULL, NULL, &freefn);
                freefn(want, strlen(want) + 1);
                if (!same)
                    FAIL("polynomial %zu term %zu: coefficient %s", k, i, oq[off + i]);
            }
        }
        off += ont[k];
        tot += ont[k];
    }
    if (gbc_polys_total_terms(polys) != tot)
        FAIL("total_terms %zu, expected %zu", gbc_polys_total_terms(polys), tot);
    /* one coefficient through gbc_polys_get_coef_q, sized by a first call */
    if (np > 0 && M.nt[0] > 0) {
        size_t need = 0;
        char small[4], big[160];
        st = gbc_polys_get_coef_q(small, 0, &need, polys, 0, 0);
        if (st != GBC_ERR_ARG || need == 0 || need > sizeof big)
            FAIL("get_coef_q sizing: status %d need %zu", (int)st, need);
        if (gbc_polys_get_coef_q(big, need, NULL, polys, 0, 0) != GBC_OK || strlen(big) + 1 != need)
            FAIL("get_coef_q: '%s' needs %zu", big, need);
        if (gbc_polys_get_coef_q(big, sizeof big, NULL, polys, 0, M.nt[0]) != GBC_ERR_ARG)
            FAIL("get_coef_q out of range accepted");
        uint32_t e1[MAXT * MAXV + 1], c1[MAXT];
        st = gbc_polys_get_zp(e1, p != 0 ? c1 : NULL, MAXT, polys, 0);
        if (st != GBC_OK || (nv > 0 && memcmp(e1, oexp, M.nt[0] * nv * sizeof(uint32_t)) != 0))
            FAIL("get_zp: status %d or exponents differ", (int)st);
    }
    /* convert the output arrays again: the same list */
    if (p != 0)
        st = gbc_polys_from_arrays_zp(&back, rg, np, ont, oexp, ocf, opts, &err);
    else
        st = gbc_polys_from_arrays_q(&back, rg, np, ont, oexp, (const char *const *)oq, opts, &err);
    if (st == GBC_ERR_LIMIT || st == GBC_ERR_NOMEM)
        goto done;
    if (st != GBC_OK)
        FAIL("the output arrays do not convert back: %s", err.message);
    if (!check_plist_equal(&rg->R, &polys->L, &back->L))
        FAIL("round trip through arrays changed the list");

    /* a bounded computation, checked by the verifier */
    if (tot > 24 || nv > 6)
        goto done;
    gbc_options_set_algorithm(opts, (gbc_algorithm)(next(&b) % 3));
    double deadline = gbc_wall_time() + 0.02;
    gbc_options_set_interrupt(opts, fuzz_past_deadline, &deadline);
    if (gbc_groebner(&basis, polys, opts, NULL) == GBC_OK) {
        int is_gb = 0, is_red = 0;
        deadline = gbc_wall_time() + 0.05;
        st = gbc_is_groebner(&is_gb, &is_red, basis, opts);
        if (st == GBC_OK && (!is_gb || !is_red))
            FAIL("gbc_groebner returned a basis the verifier rejects (gb %d, reduced %d)",
                 is_gb, is_red);
    }

done:
    gbc_polys_free(basis);
    gbc_polys_free(back);
    gbc_polys_free(polys);
    gbc_array_free(ont);
    gbc_array_free(oexp);
    gbc_array_free(ocf);
    gbc_array_free(oq);
    gbc_options_free(opts);
    gbc_ring_free(rg);
    for (size_t k = 0; k < MAXP; k++)
        for (size_t i = 0; i < MAXT; i++)
            mpq_clear(M.c[k][i]);
    mpq_clear(q);
    return ret;
}
