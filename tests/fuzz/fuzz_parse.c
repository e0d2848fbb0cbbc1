/* libFuzzer harness for the text parser (and a bounded Groebner computation on
 * what parses): the parser must never crash, leak or read out of bounds; whatever
 * parses must print and parse back to the same polynomials; a basis computed from
 * it (interrupted after a few milliseconds, under a memory limit) must pass the
 * verifier. The first input byte picks the order (mod 6), and (divided by 6) one or
 * two threads and whether the computation has a memory limit. A custom mutator
 * (below) sometimes grows the input the way size-driven bugs need: long digit
 * strings, huge exponents, numbers to huge powers, powers of sums, headers of
 * thousands of names, exponents that are the multiples of 2^k. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "check/check.h"
#include "fuzz_cores.h"
#include "gbc.h"

static const char *const orders[] = {"grevlex", "lex", "deglex", "weights:1,2,3",
                                     "blocks:grevlex(1),lex(2)", NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *order = orders[data[0] % 6];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    gbc_ring *ring = NULL;
    gbc_polys *polys = NULL;
    gbc_error err;
    /* powers of sums expand: the parse too runs under a deadline and a memory limit */
    gbc_options *popts = NULL;
    if (gbc_options_new(&popts) != GBC_OK)
        return 0;
    double pdeadline = gbc_wall_time() + 0.1;
    gbc_options_set_interrupt(popts, fuzz_past_deadline, &pdeadline);
    gbc_options_set_memory_limit(popts, (size_t)64 << 20);
    gbc_status pst = gbc_parse(&ring, &polys, text, len, order, popts, &err);
    gbc_options_free(popts);
    if (pst != GBC_OK)
        return 0;
    /* print, parse again, compare */
    char *out = NULL;
    size_t outlen = 0;
    if (gbc_polys_to_string(&out, &outlen, polys, GBC_PRINT_HEADER) == GBC_OK) {
        gbc_ring *r2 = NULL;
        gbc_polys *p2 = NULL;
        if (gbc_parse(&r2, &p2, out, outlen, order, NULL, &err) != GBC_OK)
            abort(); /* our own output must parse */
        if (!check_plist_equal(&ring->R, &polys->L, &p2->L))
            abort(); /* and give the same polynomials */
        gbc_polys_free(p2);
        gbc_ring_free(r2);
        gbc_string_free(out);
    }
    /* a bounded computation: always a deadline; one or two threads and a memory
     * limit or none as the first byte says (without one, GBC_ERR_LIMIT is a bug) */
    unsigned mode = data[0] / 6u;
    int limited = !(mode & 2u);
    gbc_options *opts = NULL;
    if (gbc_options_new(&opts) == GBC_OK) {
        double deadline = gbc_wall_time() + 0.02;
        gbc_options_set_interrupt(opts, fuzz_past_deadline, &deadline);
        if (limited)
            gbc_options_set_memory_limit(opts, (size_t)64 << 20);
        gbc_options_set_threads(opts, mode & 1u ? 2 : 1);
        gbc_polys *basis = NULL;
        gbc_status gst = gbc_groebner(&basis, polys, opts, NULL);
        if (gst == GBC_ERR_ARG || gst == GBC_ERR_PARSE || gst == GBC_ERR_VERIFY ||
            gst == GBC_ERR_IO || gst == GBC_ERR_INTERNAL || (gst == GBC_ERR_LIMIT && !limited)) {
            fprintf(stderr, "gbc_groebner: %s (%s)\n", gbc_status_string(gst),
                    limited ? "memory limit 64 MB" : "no memory limit");
            abort();
        }
        if (gst != GBC_OK && basis != NULL)
            abort(); /* output set on error */
        if (gst == GBC_OK) {
            int is_gb = 0, is_red = 0;
            deadline = gbc_wall_time() + 0.05;
            gbc_status st = gbc_is_groebner(&is_gb, &is_red, basis, opts);
            if (st == GBC_OK && (!is_gb || !is_red))
                abort(); /* a wrong basis */
            gbc_polys_free(basis);
        }
        gbc_options_free(opts);
    }
    gbc_polys_free(polys);
    gbc_ring_free(ring);
    return 0;
}

/* The structured part of the mutator: one of the size-driven shapes inserted at a
 * random point, else libFuzzer's own mutation. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);

static uint64_t mut_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Insert piece (n bytes) at position at of data[0..size), within max_size. */
static size_t mut_insert(uint8_t *data, size_t size, size_t max_size, size_t at,
                         const char *piece, size_t n)
{
    if (size + n > max_size)
        n = max_size - size;
    memmove(data + at + n, data + at, size - at);
    memcpy(data + at, piece, n);
    return size + n;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
    uint64_t s = seed;
    unsigned kind = (unsigned)(mut_next(&s) % 10);
    if (kind >= 5 || size < 2 || size >= max_size)
        return LLVMFuzzerMutate(data, size, max_size);
    size_t at = 1 + (size_t)(mut_next(&s) % size);
    if (at > size)
        at = size;
    static char piece[1 << 16];
    size_t n = 0;
    switch (kind) {
    case 0: { /* a long digit string */
        size_t len = 20 + (size_t)(mut_next(&s) % 20000);
        if (len > sizeof piece)
            len = sizeof piece;
        for (n = 0; n < len; n++)
            piece[n] = (char)('0' + mut_next(&s) % 10);
        break;
    }
    case 1: { /* a huge exponent, or a number to a huge power (charged to the limit) */
        static const char *const exps[] = {"^4294967295", "^4294967296", "^2147483648",
                                           "^65537", "^1000000", "^99999999999999999999",
                                           "^131072", "^3000", "*3^33000000",
                                           "*5^22000000*7^22000000", "/3^33000000",
                                           "*2^67108864"};
        const char *e = exps[mut_next(&s) % 12];
        n = strlen(e);
        memcpy(piece, e, n);
        break;
    }
    case 2: { /* a power of a sum */
        n = (size_t)snprintf(piece, sizeof piece, "*(x+2*y-3/7)^%u",
                             (unsigned)(1 + mut_next(&s) % 5000));
        break;
    }
    case 3: { /* many names in the header: before its first newline */
        uint8_t *nl = memchr(data + 1, '\n', size - 1);
        at = nl != NULL ? (size_t)(nl - data) : size;
        size_t k = 1 + (size_t)(mut_next(&s) % 4000);
        for (size_t i = 0; i < k && n + 16 < sizeof piece; i++)
            n += (size_t)snprintf(piece + n, sizeof piece - n, ",v%zu", i);
        break;
    }
    default: { /* terms whose exponents are the multiples of 2^sh (the hash's patterns) */
        size_t k = 1 + (size_t)(mut_next(&s) % 2000);
        unsigned sh = (unsigned)(mut_next(&s) % 32);
        for (size_t i = 0; i < k && n + 24 < sizeof piece; i++)
            n += (size_t)snprintf(piece + n, sizeof piece - n, "+x^%llu*y",
                                  (unsigned long long)(((uint64_t)i << sh) & 0xffffffffu));
        break;
    }
    }
    return mut_insert(data, size, max_size, at, piece, n);
}
