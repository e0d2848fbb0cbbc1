/* Q from text: parse an ideal over the rationals, compute its reduced Groebner
 * basis, print it, and reduce polynomials modulo it with gbc_normal_form. */
#include <stdio.h>
#include <string.h>

#include <gbc.h>

int main(void)
{
    const char *input = "x, y, z\n"
                        "0\n"
                        "x^2 + y*z - 1/2, x*y - z^2 + 3, (x + y + z)^2 - 7/3\n";
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL, *basis = NULL, *f = NULL, *nf = NULL;
    gbc_error err;
    gbc_status st = gbc_parse(&ring, &gens, input, strlen(input), "lex", NULL, &err);
    if (st != GBC_OK) {
        fprintf(stderr, "input:%llu:%llu: %s\n", (unsigned long long)err.line,
                (unsigned long long)err.column, err.message);
        return 1;
    }
    gbc_options *opts = NULL;
    gbc_stats *stats = NULL;
    if (gbc_options_new(&opts) != GBC_OK || gbc_stats_new(&stats) != GBC_OK)
        st = GBC_ERR_NOMEM;
    if (st == GBC_OK)
        st = gbc_groebner(&basis, gens, opts, stats);
    char *text = NULL;
    if (st == GBC_OK)
        st = gbc_polys_to_string(&text, NULL, basis, GBC_PRINT_HEADER);
    if (st == GBC_OK) {
        printf("%s", text);
        printf("# %g elements in %g s\n", gbc_stats_get(stats, "basis_size"),
               gbc_stats_get(stats, "seconds"));
    }
    gbc_string_free(text);
    /* the generators reduce to zero; x^3 to its normal form */
    const char *polys = "x^2 + y*z - 1/2, x^3";
    if (st == GBC_OK)
        st = gbc_polys_parse(&f, ring, polys, strlen(polys), NULL, &err);
    if (st == GBC_OK)
        st = gbc_normal_form(&nf, f, basis, NULL);
    int ok = st == GBC_OK && gbc_polys_nterms(nf, 0) == 0 && gbc_polys_nterms(nf, 1) > 0;
    if (st == GBC_OK) {
        /* coefficient 0 of NF(x^3): size query, then the string */
        size_t need = 0;
        gbc_polys_get_coef_q(NULL, 0, &need, nf, 1, 0);
        char buf[256];
        if (need <= sizeof buf && gbc_polys_get_coef_q(buf, sizeof buf, NULL, nf, 1, 0) == GBC_OK)
            printf("# NF(x^3) has %zu terms, leading coefficient %s\n",
                   gbc_polys_nterms(nf, 1), buf);
    } else {
        fprintf(stderr, "error: %s\n", gbc_status_string(st));
    }
    gbc_polys_free(nf);
    gbc_polys_free(f);
    gbc_stats_free(stats);
    gbc_options_free(opts);
    gbc_polys_free(basis);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    return ok ? 0 : 1;
}
