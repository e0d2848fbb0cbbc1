/* libFuzzer harness for the text parser (and a bounded Groebner computation on
 * what parses): the parser must never crash, leak or read out of bounds; whatever
 * parses must print and parse back to the same polynomials; a basis computed from
 * it (interrupted after a few milliseconds, under a memory limit) must pass the
 * verifier. The first input byte picks the order. */
#include <stdint.h>
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
    /* a bounded computation */
    gbc_options *opts = NULL;
    if (gbc_options_new(&opts) == GBC_OK) {
        double deadline = gbc_wall_time() + 0.02;
        gbc_options_set_interrupt(opts, fuzz_past_deadline, &deadline);
        gbc_options_set_memory_limit(opts, (size_t)64 << 20);
        gbc_polys *basis = NULL;
        if (gbc_groebner(&basis, polys, opts, NULL) == GBC_OK) {
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
