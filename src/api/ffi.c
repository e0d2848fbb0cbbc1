/* api/ffi: the "For FFI callers" section of include/gbc.h. Thin wrappers over the
 * rest of the API that return handles instead of writing them through out-pointers,
 * record the outcome in a library-allocated gbc_report, and format small results
 * as strings, for callers that cannot read C structures or pass pointers to
 * pointers (Macaulay2's ForeignFunctions, PARI/GP's install()). */
#include <math.h>
#include <stdio.h>

#include "api/api.h"
#include "io/io.h"

#define HANDLE_CTX NULL

struct gbc_report {
    gbc_status status;
    gbc_error err;
};

GBC_API uint32_t gbc_version_number(void)
{
    return GBC_VERSION_MAJOR * 10000u + GBC_VERSION_MINOR * 100u + GBC_VERSION_PATCH;
}

GBC_API void gbc_mem_free(void *p)
{
    gbc_free(HANDLE_CTX, p);
}

GBC_API const char *gbc_error_message(const gbc_error *err)
{
    return err ? err->message : "";
}

GBC_API uint64_t gbc_error_line(const gbc_error *err)
{
    return err ? err->line : 0;
}

GBC_API uint64_t gbc_error_column(const gbc_error *err)
{
    return err ? err->column : 0;
}

GBC_API gbc_status gbc_options_set_time_limit(gbc_options *opts, double seconds)
{
    /* written so that NaN fails too */
    if (opts == NULL || !(seconds >= 0.0 && seconds <= 1e9))
        return GBC_ERR_ARG;
    opts->time_limit = seconds;
    return GBC_OK;
}

/* ---------------------------------------------------------------- reports -- */

GBC_API gbc_report *gbc_report_new(void)
{
    return gbc_calloc(HANDLE_CTX, 1, sizeof(gbc_report));
}

GBC_API void gbc_report_free(gbc_report *report)
{
    gbc_free(HANDLE_CTX, report);
}

GBC_API int gbc_report_status(const gbc_report *report)
{
    return report ? (int)report->status : 0;
}

GBC_API const char *gbc_report_message(const gbc_report *report)
{
    return report ? report->err.message : "";
}

GBC_API uint64_t gbc_report_line(const gbc_report *report)
{
    return report ? report->err.line : 0;
}

GBC_API uint64_t gbc_report_column(const gbc_report *report)
{
    return report ? report->err.column : 0;
}

/* The error a call fills (NULL without a report), cleared for the call. */
static gbc_error *report_begin(gbc_report *report)
{
    if (report == NULL)
        return NULL;
    memset(report, 0, sizeof *report);
    return &report->err;
}

/* Record st; a failure without a message of its own gets the status's. */
static void report_end(gbc_report *report, gbc_status st)
{
    if (report == NULL)
        return;
    report->status = st;
    if (st == GBC_OK) {
        memset(&report->err, 0, sizeof report->err);
    } else if (report->err.message[0] == '\0') {
        snprintf(report->err.message, sizeof report->err.message, "%s",
                 gbc_status_string(st));
    }
}

/* ---------------------------------------------------------------- handles -- */

GBC_API gbc_options *gbc_options_make(void)
{
    gbc_options *o = NULL;
    return gbc_options_new(&o) == GBC_OK ? o : NULL;
}

GBC_API gbc_stats *gbc_stats_make(void)
{
    gbc_stats *s = NULL;
    return gbc_stats_new(&s) == GBC_OK ? s : NULL;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

GBC_API gbc_ring *gbc_ring_make(const char *names, uint32_t characteristic,
                                const char *order, gbc_report *report)
{
    gbc_error *err = report_begin(report);
    if (names == NULL) {
        report_end(report, GBC_ERR_ARG);
        return NULL;
    }
    /* one copy of the names with each separator and surrounding space cut to NULs */
    size_t len = strlen(names), nvars = 0;
    int blank = 1;
    for (size_t i = 0; i < len; i++)
        blank &= is_space(names[i]);
    if (!blank) {
        nvars = 1;
        for (size_t i = 0; i < len; i++)
            nvars += names[i] == ',';
    }
    if (nvars > UINT32_MAX) {
        report_end(report, GBC_ERR_ARG);
        return NULL;
    }
    char *copy = gbc_malloc(HANDLE_CTX, len + 1);
    const char **ptr = gbc_calloc(HANDLE_CTX, nvars ? nvars : 1, sizeof *ptr);
    gbc_ring *rg = NULL;
    gbc_status st = GBC_ERR_NOMEM;
    if (copy != NULL && ptr != NULL) {
        memcpy(copy, names, len + 1);
        size_t k = 0;
        char *s = copy;
        for (size_t v = 0; v < nvars; v++) {
            char *end = strchr(s, ',');
            if (end == NULL)
                end = copy + len;
            char *next = *end ? end + 1 : end;
            while (s < end && is_space(*s))
                s++;
            while (end > s && is_space(end[-1]))
                end--;
            *end = '\0';
            ptr[k++] = s;
            s = next;
        }
        st = gbc_ring_new(&rg, (uint32_t)nvars, ptr, characteristic, order, err);
    }
    gbc_free(HANDLE_CTX, copy);
    gbc_free(HANDLE_CTX, ptr);
    report_end(report, st);
    return st == GBC_OK ? rg : NULL;
}

GBC_API gbc_polys *gbc_polys_make(const gbc_ring *rg, const char *text,
                                  const gbc_options *opts, gbc_report *report)
{
    gbc_error *err = report_begin(report);
    gbc_polys *P = NULL;
    gbc_status st = text == NULL ? GBC_ERR_ARG
                                   : gbc_polys_parse(&P, rg, text, strlen(text), opts, err);
    report_end(report, st);
    return st == GBC_OK ? P : NULL;
}

GBC_API gbc_polys *gbc_parse_text(const char *text, const char *order,
                                  const gbc_options *opts, gbc_report *report)
{
    gbc_error *err = report_begin(report);
    gbc_ring *rg = NULL;
    gbc_polys *P = NULL;
    gbc_status st = text == NULL ? GBC_ERR_ARG
                                 : gbc_parse(&rg, &P, text, strlen(text), order, opts, err);
    gbc_ring_free(rg); /* the list keeps it alive */
    report_end(report, st);
    return st == GBC_OK ? P : NULL;
}

GBC_API gbc_polys *gbc_groebner_make(const gbc_polys *gens, const gbc_options *opts,
                                     gbc_stats *stats, gbc_report *report)
{
    report_begin(report);
    gbc_polys *B = NULL;
    gbc_status st = gbc_groebner(&B, gens, opts, stats);
    report_end(report, st);
    return st == GBC_OK ? B : NULL;
}

GBC_API gbc_polys *gbc_normal_form_make(const gbc_polys *polys, const gbc_polys *divisors,
                                        const gbc_options *opts, gbc_report *report)
{
    report_begin(report);
    gbc_polys *N = NULL;
    gbc_status st = gbc_normal_form(&N, polys, divisors, opts);
    report_end(report, st);
    return st == GBC_OK ? N : NULL;
}

GBC_API gbc_polys *gbc_change_order_make(const gbc_polys *gb, gbc_ring *target,
                                         const gbc_options *opts, gbc_stats *stats,
                                         gbc_report *report)
{
    report_begin(report);
    gbc_polys *B = NULL;
    gbc_status st = gbc_change_order(&B, gb, target, opts, stats);
    report_end(report, st);
    return st == GBC_OK ? B : NULL;
}

GBC_API gbc_monideal *gbc_leading_ideal_make(const gbc_polys *polys, unsigned flags,
                                             const gbc_options *opts, gbc_stats *stats,
                                             gbc_report *report)
{
    report_begin(report);
    gbc_monideal *I = NULL;
    gbc_status st = gbc_leading_ideal(&I, polys, flags, opts, stats);
    report_end(report, st);
    return st == GBC_OK ? I : NULL;
}

/* ---------------------------------------------------------------- strings -- */

GBC_API char *gbc_polys_text(const gbc_polys *polys, unsigned flags, gbc_report *report)
{
    report_begin(report);
    char *s = NULL;
    gbc_status st = gbc_polys_to_string(&s, NULL, polys, flags);
    report_end(report, st);
    return st == GBC_OK ? s : NULL;
}

GBC_API char *gbc_polys_text_at(const gbc_polys *polys, size_t i, gbc_report *report)
{
    report_begin(report);
    gbc_status st = GBC_ERR_ARG;
    io_buf b;
    io_buf_init(&b);
    if (polys != NULL && i < polys->L.n) {
        st = io_print_poly(HANDLE_CTX, &b, &polys->ring->R, &polys->L.p[i]);
        if (st == GBC_OK)
            st = io_buf_puts(HANDLE_CTX, &b, "", 0);
    }
    if (st != GBC_OK)
        io_buf_clear(HANDLE_CTX, &b);
    report_end(report, st);
    return st == GBC_OK ? b.s : NULL;
}

GBC_API int gbc_polys_write_file(const gbc_polys *polys, const char *path, unsigned flags,
                                 gbc_report *report)
{
    report_begin(report);
    char *s = NULL;
    size_t len = 0;
    gbc_status st = path == NULL ? GBC_ERR_ARG : gbc_polys_to_string(&s, &len, polys, flags);
    if (st == GBC_OK) {
        FILE *f = fopen(path, "wb");
        if (f == NULL) {
            st = GBC_ERR_IO;
        } else {
            int bad = fwrite(s, 1, len, f) != len;
            bad |= fclose(f) != 0;
            if (bad)
                st = GBC_ERR_IO;
        }
        if (st == GBC_ERR_IO && report != NULL)
            snprintf(report->err.message, sizeof report->err.message,
                     "cannot write '%.200s'", path);
    }
    gbc_mem_free(s);
    report_end(report, st);
    return (int)st;
}

/* Append the decimal digits of v. */
static gbc_status put_u64(io_buf *b, uint64_t v)
{
    char tmp[24];
    int n = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v);
    return io_buf_puts(HANDLE_CTX, b, tmp, (size_t)n);
}

GBC_API char *gbc_monideal_hilbert_text(const gbc_monideal *ideal, const char *var,
                                        const gbc_options *opts, gbc_report *report)
{
    report_begin(report);
    if (var == NULL)
        var = "t";
    uint64_t *deg = NULL;
    int64_t *coef = NULL;
    size_t nt = 0;
    io_buf b;
    io_buf_init(&b);
    gbc_status st = gbc_monideal_hilbert(&deg, &coef, &nt, ideal, opts);
    for (size_t i = 0; st == GBC_OK && i < nt; i++) {
        int64_t c = coef[i];
        uint64_t a = c < 0 ? (uint64_t)0 - (uint64_t)c : (uint64_t)c;
        if (c < 0)
            st = io_buf_puts(HANDLE_CTX, &b, "-", 1);
        else if (i > 0)
            st = io_buf_puts(HANDLE_CTX, &b, "+", 1);
        if (st == GBC_OK && (a != 1 || deg[i] == 0)) {
            st = put_u64(&b, a);
            if (st == GBC_OK && deg[i] > 0)
                st = io_buf_puts(HANDLE_CTX, &b, "*", 1);
        }
        if (st == GBC_OK && deg[i] > 0) {
            st = io_buf_puts(HANDLE_CTX, &b, var, strlen(var));
            if (st == GBC_OK && deg[i] > 1) {
                st = io_buf_puts(HANDLE_CTX, &b, "^", 1);
                if (st == GBC_OK)
                    st = put_u64(&b, deg[i]);
            }
        }
    }
    if (st == GBC_OK && nt == 0)
        st = io_buf_puts(HANDLE_CTX, &b, "0", 1);
    if (st == GBC_OK)
        st = io_buf_puts(HANDLE_CTX, &b, "", 0);
    gbc_mem_free(deg);
    gbc_mem_free(coef);
    if (st != GBC_OK)
        io_buf_clear(HANDLE_CTX, &b);
    report_end(report, st);
    return st == GBC_OK ? b.s : NULL;
}

GBC_API int64_t gbc_monideal_dim_value(const gbc_monideal *ideal, const gbc_options *opts,
                                       gbc_report *report)
{
    report_begin(report);
    int64_t d = -2;
    gbc_status st = gbc_monideal_dim(&d, ideal, opts);
    report_end(report, st);
    return st == GBC_OK ? d : -2;
}

GBC_API char *gbc_monideal_degree_text(const gbc_monideal *ideal, const gbc_options *opts,
                                       gbc_report *report)
{
    report_begin(report);
    char *s = NULL;
    gbc_status st = gbc_monideal_degree_string(&s, ideal, opts);
    report_end(report, st);
    return st == GBC_OK ? s : NULL;
}

GBC_API int gbc_is_groebner_value(const gbc_polys *polys, const gbc_options *opts,
                                  gbc_report *report)
{
    report_begin(report);
    int is_gb = 0;
    gbc_status st = gbc_is_groebner(&is_gb, NULL, polys, opts);
    report_end(report, st);
    return st == GBC_OK ? is_gb != 0 : -1;
}
