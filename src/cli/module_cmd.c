/* cli/module_cmd: gb on vectors, syz and res: parse the input as module elements
 * (gbc_module_parse), compute through the module functions of gbc.h and print in
 * the output format (vectors) or Macaulay2's Betti-table layout. */
#include "module_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "options.h"
#include "output.h"
#include "textbuf.h"

int cli_module_text_has_vector(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '#')
            while (i < len && text[i] != '\n')
                i++;
        else if (text[i] == '[')
            return 1;
    }
    return 0;
}

/* The index (from 1) of the first element of elems that is not homogeneous, 0
 * when all are. */
static size_t first_inhomogeneous(const gbc_polys *elems, uint32_t rank)
{
    const gbc_ring *R = gbc_polys_ring(elems);
    const uint32_t n = gbc_ring_nvars(R);
    size_t m = gbc_polys_count(elems) / rank, cap = 0;
    uint32_t *exps = NULL;
    size_t bad = 0;
    for (size_t j = 0; j < m && bad == 0; j++) {
        long long d0 = -1;
        for (uint32_t i = 0; i < rank && bad == 0; i++) {
            size_t k = j * rank + i, nt = gbc_polys_nterms(elems, k);
            if (nt > cap) {
                uint32_t *e = realloc(exps, nt * (n ? n : 1) * sizeof *e);
                if (e == NULL)
                    break;
                exps = e;
                cap = nt;
            }
            if (nt == 0 || gbc_polys_get_zp(exps, NULL, cap, elems, k) != GBC_OK)
                continue;
            for (size_t t = 0; t < nt; t++) {
                long long d = 0;
                for (uint32_t v = 0; v < n; v++)
                    d += exps[t * n + v];
                if (d0 < 0)
                    d0 = d;
                else if (d != d0)
                    bad = j + 1;
            }
        }
    }
    free(exps);
    return bad;
}

/* The regularity of M (the module the table's columns 1, 2, ... resolve, shifted
 * one step: beta_{i,j}(R^r/M) = beta_{i-1,j}(M)) as a line in line[32]: 1 + the
 * last row with an entry in a column i >= 1, "-infinity" when there is none
 * (M = 0). Returns its length. */
static size_t regularity_text(char *line, const uint64_t *betti, uint32_t nr, uint32_t nc)
{
    int64_t last = -1;
    for (uint32_t d = 0; d < nr; d++)
        for (uint32_t i = 1; i < nc; i++)
            if (betti[(size_t)d * nc + i] != 0)
                last = d;
    if (last < 0)
        return (size_t)snprintf(line, 32, "-infinity\n");
    return (size_t)snprintf(line, 32, "%lld\n", (long long)last + 1);
}

/* The Betti table of res (its bases' degrees), as gbc_module_betti returns it. */
static gbc_status res_betti(const gbc_resolution *res, uint64_t **betti, uint32_t *nr,
                            uint32_t *nc)
{
    const size_t L = gbc_resolution_length(res);
    int64_t maxrow = 0;
    for (size_t k = 0; k < L; k++)
        for (size_t i = 0; i < gbc_resolution_rank(res, k); i++) {
            int64_t d = gbc_resolution_degree(res, k, i) - (int64_t)k;
            maxrow = d > maxrow ? d : maxrow;
        }
    if (maxrow >= UINT32_MAX || L > UINT32_MAX)
        return GBC_ERR_OVERFLOW;
    *nr = (uint32_t)maxrow + 1;
    *nc = (uint32_t)L;
    *betti = calloc((size_t)*nr * *nc, sizeof **betti);
    if (*betti == NULL)
        return GBC_ERR_NOMEM;
    for (size_t k = 0; k < L; k++)
        for (size_t i = 0; i < gbc_resolution_rank(res, k); i++) {
            int64_t d = gbc_resolution_degree(res, k, i) - (int64_t)k;
            if (d < 0)
                return GBC_ERR_INTERNAL; /* a minimal map has no constant entry */
            (*betti)[(size_t)d * *nc + k]++;
        }
    return GBC_OK;
}

/* res --maps: the Betti table, then for k = 1, 2, ... a line "# d_k: F_k -> F_{k-1},
 * n columns of rank r (their degrees)" and d_k's columns, one vector a line. The
 * text goes to *out (malloc'd). */
static gbc_status res_maps_text(const gbc_resolution *res, char **out, size_t *outlen)
{
    uint64_t *betti = NULL;
    uint32_t nr = 0, nc = 0;
    char *tab = NULL;
    gbc_status st = res_betti(res, &betti, &nr, &nc);
    if (st == GBC_OK)
        st = gbc_betti_to_string(&tab, betti, nr, nc);
    free(betti);
    if (st != GBC_OK)
        return st;
    cli_buf b = CLI_BUF_INIT;
    cli_buf_puts(&b, tab);
    gbc_string_free(tab);
    for (size_t k = 1; k < gbc_resolution_length(res) && st == GBC_OK; k++) {
        const size_t nk = gbc_resolution_rank(res, k), rk = gbc_resolution_rank(res, k - 1);
        char line[160];
        snprintf(line, sizeof line, "\n# d_%zu: F_%zu -> F_%zu, %zu column%s of rank %zu\n", k, k,
                 k - 1, nk, nk == 1 ? "" : "s", rk);
        cli_buf_puts(&b, line);
        char *txt = NULL;
        size_t tl = 0;
        st = gbc_module_to_string(&txt, &tl, gbc_resolution_map(res, k), (uint32_t)rk, 0);
        if (st == GBC_OK)
            cli_buf_puts(&b, txt);
        gbc_string_free(txt);
    }
    if (b.failed) {
        free(b.s);
        return GBC_ERR_NOMEM;
    }
    if (st != GBC_OK) {
        free(b.s);
        return st;
    }
    *out = b.s;
    *outlen = b.len;
    return GBC_OK;
}

int cli_module_order_option(const char *text, const char *command, int command_takes_it,
                            gbc_module_order *ord)
{
    static const struct {
        const char *name;
        gbc_module_order ord;
    } names[] = {{"top", GBC_MODULE_TOP},
                 {"pot", GBC_MODULE_POT},
                 {"top-down", GBC_MODULE_TOP_DOWN},
                 {"pot-up", GBC_MODULE_POT_UP}};
    if (text == NULL)
        return EXIT_OK;
    if (!command_takes_it)
        return cli_usage_error("--module-order applies to the gb and reduce commands only, "
                               "not to %s", command);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strcmp(text, names[k].name) == 0) {
            *ord = names[k].ord;
            return EXIT_OK;
        }
    return cli_usage_error("unknown module order '%s' (top, pot, top-down or pot-up)", text);
}

int cli_module_order_not_vector(const char *fname)
{
    fprintf(stderr, "%s: --module-order applies to vector input [f1, ..., fr], not to "
                    "polynomials\n", fname);
    return EXIT_USAGE;
}

static int report(const char *fname, gbc_status st)
{
    cli_report_status(fname, st);
    return cli_exit_for(st);
}

/* gb --schreyer: the basis of elems (rank r) in the Schreyer order of the r terms
 * in fl->lead (term j: the leading term in R^s of the image of e_j; parsed in the
 * order spec order, with elems' variables and characteristic). Returns 0 with
 * *res, or the exit status after printing why. */
static int schreyer_basis(const cli_module_flags *fl, const gbc_polys *elems, uint32_t rank,
                          const char *order, gbc_options *opts, gbc_stats *stats,
                          gbc_polys **res)
{
    gbc_ring *lring = NULL;
    gbc_polys *lead = NULL;
    uint32_t lrank = 1;
    gbc_error err;
    gbc_status st = gbc_module_parse(&lring, &lead, &lrank, NULL, fl->lead, fl->lead_len,
                                     order, opts, &err);
    int rc = 0;
    if (st != GBC_OK) {
        if (err.line > 0)
            fprintf(stderr, "%s:%llu:%llu: error: %s\n", fl->lead_name,
                    (unsigned long long)err.line, (unsigned long long)err.column,
                    err.message);
        else
            fprintf(stderr, "%s: error: %s\n", fl->lead_name,
                    err.message[0] ? err.message : gbc_status_string(st));
        rc = cli_exit_for(st);
        goto done;
    }
    const size_t k = gbc_polys_count(lead) / lrank;
    if (k != rank) {
        fprintf(stderr, "%s: error: %zu lead term%s for vectors of rank %u (one per "
                        "component)\n",
                fl->lead_name, k, k == 1 ? "" : "s", rank);
        rc = 1;
        goto done;
    }
    st = gbc_module_groebner_schreyer(res, elems, rank, lead, lrank, opts, stats);
    if (st == GBC_ERR_ARG || st == GBC_ERR_DOMAIN) {
        fprintf(stderr, "%s: error: %s\n", fl->lead_name,
                st == GBC_ERR_DOMAIN ? "the lead terms have other variables or another "
                                       "characteristic than the generators"
                                     : "each lead must be a single term (one nonzero "
                                       "entry, a monomial)");
        rc = 1;
    } else if (st == GBC_ERR_LIMIT) {
        fprintf(stderr, "%s: error: the lead terms' exponents are too large for the "
                        "order's weights\n", fl->lead_name);
        rc = 1;
    } else if (st != GBC_OK) {
        rc = report(fl->lead_name, st);
    }
done:
    gbc_polys_free(lead);
    gbc_ring_free(lring);
    return rc;
}

int cli_module_command(const char *command, const char *fname, const char *text,
                       size_t len, const char *order, gbc_options *opts, gbc_stats *stats,
                       const char *outfile, int verbose, void *log, const cli_module_flags *fl)
{
    const int json = fl->json, maps = fl->maps;
    gbc_ring *ring = NULL;
    gbc_polys *elems = NULL, *res = NULL;
    uint64_t *betti = NULL;
    char *out = NULL;
    char *mtext = NULL; /* res --maps's text (malloc'd) */
    uint32_t rank = 1;
    gbc_error err;
    int rc = 0, open_failed = 0;
    gbc_status st = gbc_module_parse(&ring, &elems, &rank, NULL, text, len, order, opts, &err);
    if (st != GBC_OK) {
        cli_log_done(log);
        if (st == GBC_ERR_ARG) {
            fprintf(stderr, "gbc: %s\n", err.message);
            return 2;
        }
        if (err.line > 0)
            fprintf(stderr, "%s:%llu:%llu: error: %s\n", fname, (unsigned long long)err.line,
                    (unsigned long long)err.column, err.message);
        else
            fprintf(stderr, "%s: error: %s\n", fname,
                    err.message[0] ? err.message : gbc_status_string(st));
        return cli_exit_for(st);
    }
    size_t outlen = 0, joutlen = 0;
    char *jout = NULL; /* the JSON form (malloc'd), when asked for */
    char regline[32];  /* the regularity command's line (out stays NULL) */
    const int regularity = strcmp(command, "regularity") == 0;
    if (regularity || strcmp(command, "res") == 0) {
        size_t bad = first_inhomogeneous(elems, rank);
        if (bad > 0) {
            cli_log_done(log);
            fprintf(stderr,
                    "%s: error: %s needs homogeneous generators (every entry of a "
                    "generator of one degree); generator %zu is not homogeneous\n",
                    fname, command, bad);
            rc = 1;
            goto done;
        }
        uint32_t nr = 0, nc = 0;
        gbc_resolution *resol = NULL;
        if (maps)
            st = gbc_module_res(&resol, elems, rank, opts, stats);
        else
            st = gbc_module_betti(&betti, &nr, &nc, elems, rank, opts, stats);
        cli_log_done(log);
        if (st == GBC_OK && maps)
            st = res_maps_text(resol, &mtext, &outlen);
        gbc_resolution_free(resol);
        if (st == GBC_ERR_UNSUPPORTED) {
            fprintf(stderr,
                    "%s: error: %s: a generator of degree 0 (a nonzero constant %s) "
                    "is not supported: the quotient is then not minimally presented\n",
                    fname, command, rank > 1 ? "vector" : "polynomial");
            rc = 1;
            goto done;
        }
        if (st == GBC_OK && regularity) {
            outlen = regularity_text(regline, betti, nr, nc);
        } else if (st == GBC_OK && maps) {
            /* the text is made */
        } else if (st == GBC_OK && json) {
            if (cli_json_betti(betti, nr, nc, &jout, &joutlen) != 0)
                st = GBC_ERR_NOMEM;
        } else if (st == GBC_OK) {
            st = gbc_betti_to_string(&out, betti, nr, nc);
            if (st == GBC_OK)
                outlen = strlen(out);
        }
    } else {
        uint32_t orank = rank;
        if (strcmp(command, "syz") == 0) {
            st = gbc_module_syz(&res, elems, rank, opts, stats);
            orank = (uint32_t)(gbc_polys_count(elems) / rank);
        } else if (fl->lead != NULL) {
            rc = schreyer_basis(fl, elems, rank, order, opts, stats, &res);
            if (rc != 0) {
                cli_log_done(log);
                goto done;
            }
        } else {
            st = gbc_module_groebner(&res, elems, rank, fl->order, opts, stats);
        }
        cli_log_done(log);
        if (st == GBC_OK) {
            if (orank == 0) /* syz of no generators: nothing but the header */
                st = gbc_polys_to_string(&out, &outlen, res, GBC_PRINT_HEADER);
            else
                st = gbc_module_to_string(&out, &outlen, res, orank, GBC_PRINT_HEADER);
        }
    }
    if (st != GBC_OK) {
        rc = report(fname, st);
        goto done;
    }
    if (json && jout == NULL &&
        (regularity && regline[0] == '-'
             ? cli_json_null(command, "regularity", &jout, &joutlen)
             : cli_json(command, regularity ? CLI_JSON_NUMBER : CLI_JSON_MODULE,
                        regularity                       ? "regularity"
                        : strcmp(command, "syz") == 0 ? "syzygies"
                                                         : "basis",
                        regularity ? regline : out, outlen, &jout, &joutlen)) != 0) {
        rc = report(fname, GBC_ERR_NOMEM);
        goto done;
    }
    cli_print_summary(stats, verbose);
    const char *text_out = jout ? jout : regularity ? regline : mtext ? mtext : out;
    if (cli_write_result(outfile, text_out, jout ? joutlen : outlen, &open_failed) != 0)
        rc = open_failed ? 1 : 3;
done:
    free(jout);
    free(mtext);
    gbc_string_free(out);
    gbc_mem_free(betti);
    gbc_polys_free(res);
    gbc_polys_free(elems);
    gbc_ring_free(ring);
    return rc;
}
