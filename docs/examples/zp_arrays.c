/* Z/p from arrays: build katsura-3 over Z/32003 from plain arrays, compute its
 * reduced Groebner basis and read it back as arrays. Build with
 *   cc zp_arrays.c $(pkg-config --cflags --libs gbc) */
#include <stdio.h>

#include <gbc.h>

int main(void)
{
    const char *names[4] = {"x", "y", "z", "t"};
    gbc_ring *ring = NULL;
    gbc_error err;
    if (gbc_ring_new(&ring, 4, names, 32003, "grevlex", &err) != GBC_OK) {
        fprintf(stderr, "ring: %s\n", err.message);
        return 1;
    }
    /* katsura-3: x + 2y + 2z + 2t - 1, x^2 + 2y^2 + 2z^2 + 2t^2 - x,
     * 2xy + 2yz + 2zt - y, 2xz + y^2 + 2yt - z. Terms in any order; a repeated
     * monomial is added up, so "2xy" may also be written as xy + xy. */
    size_t nterms[4] = {5, 5, 4, 4};
    uint32_t exps[] = {
        1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, 0,  0, 0, 0, 1,  0, 0, 0, 0,
        2, 0, 0, 0,  0, 2, 0, 0,  0, 0, 2, 0,  0, 0, 0, 2,  1, 0, 0, 0,
        1, 1, 0, 0,  0, 1, 1, 0,  0, 0, 1, 1,  0, 1, 0, 0,
        1, 0, 1, 0,  0, 2, 0, 0,  0, 1, 0, 1,  0, 0, 1, 0,
    };
    const uint32_t p = 32003;
    uint32_t coefs[] = {1, 2, 2, 2, p - 1,  1, 2, 2, 2, p - 1,
                        2, 2, 2, p - 1,     2, 1, 2, p - 1};
    gbc_polys *gens = NULL, *basis = NULL;
    gbc_status st = gbc_polys_from_arrays_zp(&gens, ring, 4, nterms, exps, coefs, NULL, &err);
    if (st != GBC_OK) {
        fprintf(stderr, "input: %s: %s\n", gbc_status_string(st), err.message);
        gbc_ring_free(ring);
        return 1;
    }
    st = gbc_groebner(&basis, gens, NULL, NULL);
    if (st != GBC_OK) {
        fprintf(stderr, "groebner: %s\n", gbc_status_string(st));
        gbc_polys_free(gens);
        gbc_ring_free(ring);
        return 1;
    }
    /* library-owned arrays, freed with gbc_array_free */
    size_t *bt = NULL;
    uint32_t *be = NULL, *bc = NULL;
    st = gbc_polys_to_arrays_zp(&bt, &be, &bc, basis);
    if (st == GBC_OK) {
        size_t t = 0;
        for (size_t k = 0; k < gbc_polys_count(basis); k++) {
            printf("g%zu:", k);
            for (size_t j = 0; j < bt[k]; j++, t++)
                printf(" %u*x^%u*y^%u*z^%u*t^%u", (unsigned)bc[t], (unsigned)be[4 * t],
                       (unsigned)be[4 * t + 1], (unsigned)be[4 * t + 2],
                       (unsigned)be[4 * t + 3]);
            printf("\n");
        }
    }
    /* katsura-3 has 8 solutions: the basis is zero-dimensional of degree 8 */
    gbc_monideal *lt = NULL;
    uint64_t degree = 0;
    if (st == GBC_OK)
        st = gbc_leading_ideal(&lt, basis, GBC_LEADING_IS_BASIS, NULL, NULL);
    if (st == GBC_OK)
        st = gbc_monideal_degree(&degree, lt, NULL);
    printf("%zu elements, degree %llu\n", gbc_polys_count(basis), (unsigned long long)degree);
    gbc_monideal_free(lt);
    gbc_array_free(bt);
    gbc_array_free(be);
    gbc_array_free(bc);
    gbc_polys_free(basis);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
    return st == GBC_OK && degree == 8 ? 0 : 1;
}
