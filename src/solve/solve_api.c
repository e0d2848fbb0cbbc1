/* solve/solve_api.c: the public calls of the solver (gbc.h, "Solving"): argument
 * checks, the choice of the field family (sv_field) for a result, the result
 * handle, its accessors and its text (gbc's one-solution-a-line format, msolve's). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gbc.h"
#include "api/api.h"
#include "solve/solve.h"
#include "solve/solve_int.h"

static void put_err(gbc_error *err, const char *msg)
{
    if (err == NULL)
        return;
    err->line = 0;
    err->column = 0;
    snprintf(err->message, sizeof err->message, "%s", msg);
}

GBC_API gbc_status gbc_solve(gbc_solutions **sols, const gbc_polys *gens, uint32_t precision,
                     unsigned flags, const gbc_options *opts, gbc_error *err)
{
    if (sols == NULL || gens == NULL) {
        put_err(err, "a required pointer is NULL");
        return GBC_ERR_ARG;
    }
    if (precision == 0)
        precision = GBC_SOLVE_DEFAULT_PRECISION;
    if (precision > GBC_SOLVE_MAX_PRECISION) {
        put_err(err, "the precision must be at most 1048576 bits");
        return GBC_ERR_ARG;
    }
    if (flags & ~(unsigned)(GBC_SOLVE_PARAMETRIZATION | GBC_SOLVE_LEX)) {
        put_err(err, "unknown flags");
        return GBC_ERR_ARG;
    }
    if (err != NULL)
        err->message[0] = '\0';
    gbc_ctx ctx;
    gbc_plan plan; /* the context reads it */
    api_ctx_from_options(&ctx, &plan, opts);
    gbc_solutions *s = gbc_calloc(NULL, 1, sizeof *s);
    if (s == NULL) {
        put_err(err, "out of memory");
        return GBC_ERR_NOMEM;
    }
    const gbc_ring *R = gbc_polys_ring(gens);
    s->nvars = gbc_ring_nvars(R);
    s->characteristic = gbc_ring_characteristic(R);
    s->precision = precision;
    s->field = s->characteristic == 0 ? &sv_field_qq : &sv_field_zp; /* the one choice */
    gbc_status st = s->field->solve(&ctx, s, gens, precision, flags, opts, err);
    if (st != GBC_OK) {
        if (err != NULL && err->message[0] == '\0')
            put_err(err, gbc_status_string(st));
        sv_solutions_free(s);
        return st;
    }
    *sols = s;
    return GBC_OK;
}

GBC_API void gbc_solutions_free(gbc_solutions *sols)
{
    sv_solutions_free(sols);
}

GBC_API size_t gbc_solutions_count(const gbc_solutions *sols)
{
    return sols != NULL ? sols->count : 0;
}

GBC_API uint32_t gbc_solutions_nvars(const gbc_solutions *sols)
{
    return sols != NULL ? sols->nvars : 0;
}

GBC_API int64_t gbc_solutions_dim(const gbc_solutions *sols)
{
    return sols != NULL ? sols->dim : -1;
}

GBC_API size_t gbc_solutions_distinct(const gbc_solutions *sols)
{
    return sols != NULL ? sols->distinct : 0;
}

GBC_API gbc_status gbc_solutions_endpoint(char *buf, size_t size, size_t *needed, uint32_t *exponent,
                                  const gbc_solutions *sols, size_t i, uint32_t var,
                                  int upper)
{
    if (sols == NULL || i >= sols->count || var >= sols->nvars)
        return GBC_ERR_ARG;
    return sols->field->endpoint(buf, size, needed, exponent, sols,
                                 ((size_t)i * sols->nvars + var) * 2 + (upper != 0));
}

GBC_API gbc_status gbc_solutions_get_zp(uint32_t *point, const gbc_solutions *sols, size_t i)
{
    if (sols == NULL || point == NULL || i >= sols->count)
        return GBC_ERR_ARG;
    return sols->field->point(point, sols, i);
}

GBC_API gbc_status gbc_solutions_to_string(char **text, size_t *len, const gbc_solutions *sols,
                                   gbc_solve_format format)
{
    if (text == NULL || sols == NULL)
        return GBC_ERR_ARG;
    if (format != GBC_SOLVE_FORMAT_GBC && format != GBC_SOLVE_FORMAT_MSOLVE)
        return GBC_ERR_ARG;
    int msolve = format == GBC_SOLVE_FORMAT_MSOLVE;
    const sv_field *F = sols->field;
    sv_sb b = {NULL, 0, 0};
    gbc_status st = sv_sb_str(NULL, &b, "");
    if (st == GBC_OK && msolve && sols->dim < 0) {
        st = sv_sb_str(NULL, &b, "[-1]:\n");
    } else if (st == GBC_OK && msolve && sols->param != NULL && F->param_alone) {
        st = sv_sb_str(NULL, &b, sols->param); /* over Z/p: msolve's whole output */
    } else if (st == GBC_OK && msolve) {
        if (sols->param != NULL) {
            st = sv_sb_str(NULL, &b, sols->param);
            if (st == GBC_OK)
                st = sv_sb_str(NULL, &b, ",[1,\n[");
        } else {
            st = sv_sb_str(NULL, &b, F->msolve_open);
        }
        if (st == GBC_OK)
            st = sv_put_solutions(&b, sols, 1);
        if (st == GBC_OK)
            st = sv_sb_str(NULL, &b, F->msolve_close);
    } else if (st == GBC_OK) {
        st = sv_put_solutions(&b, sols, 0);
    }
    if (st != GBC_OK) {
        sv_sb_clear(NULL, &b);
        return st;
    }
    *text = b.s;
    if (len != NULL)
        *len = b.len;
    return GBC_OK;
}
