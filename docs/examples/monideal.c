/* Monomial-ideal invariants: the leading ideal of an ideal, its dimension, degree,
 * Hilbert numerator and irreducible decomposition; and an ideal given directly by
 * its generators. */
#include <stdio.h>
#include <string.h>

#include <gbc.h>

int main(void)
{
    const char *input = "x, y, z\n32003\nx^2 - y*z, y^2 - x*z, z^2 - x*y + 1\n";
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL;
    gbc_monideal *lt = NULL, *m = NULL;
    gbc_status st = gbc_parse(&ring, &gens, input, strlen(input), NULL, NULL, NULL);
    if (st == GBC_OK) /* computes the Groebner basis first */
        st = gbc_leading_ideal(&lt, gens, 0, NULL, NULL);
    int64_t dim = -2;
    uint64_t degree = 0;
    if (st == GBC_OK)
        st = gbc_monideal_dim(&dim, lt, NULL);
    if (st == GBC_OK)
        st = gbc_monideal_degree(&degree, lt, NULL);
    if (st == GBC_OK)
        printf("LT(I): %zu generators, dimension %lld, degree %llu\n",
               gbc_monideal_ngens(lt), (long long)dim, (unsigned long long)degree);

    /* I = <x^2 y, y^3 z, x z^2> in three variables, no ring */
    uint32_t gensv[9] = {2, 1, 0, 0, 3, 1, 1, 0, 2};
    if (st == GBC_OK)
        st = gbc_monideal_new(&m, NULL, 3, gensv, 3);
    uint64_t *degs = NULL;
    int64_t *coefs = NULL;
    size_t nterms = 0;
    if (st == GBC_OK)
        st = gbc_monideal_hilbert(&degs, &coefs, &nterms, m, NULL);
    if (st == GBC_OK) {
        printf("Hilbert numerator:");
        for (size_t i = 0; i < nterms; i++)
            printf(" %+lld*t^%llu", (long long)coefs[i], (unsigned long long)degs[i]);
        printf("\n");
    }
    uint32_t *comps = NULL;
    size_t ncomps = 0;
    if (st == GBC_OK)
        st = gbc_monideal_irrdecom(&comps, &ncomps, m, NULL);
    if (st == GBC_OK)
        for (size_t j = 0; j < ncomps; j++)
            printf("component %zu: x^%u y^%u z^%u (0: variable absent)\n", j,
                   (unsigned)comps[3 * j], (unsigned)comps[3 * j + 1],
                   (unsigned)comps[3 * j + 2]);
    if (st != GBC_OK)
        fprintf(stderr, "error: %s\n", gbc_status_string(st));
    gbc_monideal_array_free(comps);
    gbc_monideal_array_free(degs);
    gbc_monideal_array_free(coefs);
    gbc_monideal_free(m);
    gbc_monideal_free(lt);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    /* the ideal is zero-dimensional (finitely many solutions) */
    return st == GBC_OK && dim == 0 && degree > 0 && nterms > 0 && ncomps > 0 ? 0 : 1;
}
