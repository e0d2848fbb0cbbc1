/* The module tests' input: vectors parsed from the text format (gbc_module_parse),
 * a failed parse a test failure. */
#ifndef GBC_TESTS_MINPUT_H
#define GBC_TESTS_MINPUT_H

#include <check.h>
#include <string.h>

#include "gbc.h"

typedef struct input {
    gbc_ring *ring;
    gbc_polys *elems;
    uint32_t rank;
} input;

static inline input parse(const char *text)
{
    input in;
    gbc_error err;
    gbc_status st = gbc_module_parse(&in.ring, &in.elems, &in.rank, NULL, text, strlen(text),
                                     NULL, NULL, &err);
    ck_assert_msg(st == GBC_OK, "parse: %s\n%s", err.message, text);
    return in;
}

static inline void input_free(input *in)
{
    gbc_polys_free(in->elems);
    gbc_ring_free(in->ring);
}

#endif
