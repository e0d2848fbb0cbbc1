/* link_clash.c: a host program that defines functions named like gbc's internal
 * ones (poly_mul, f4_free, mht_insert, ...) and links the published libgbc.a beside
 * them (tests/api/link_test.sh). It must link, its own functions must be the ones
 * it calls, and gbc must still compute correct bases.
 *
 * The checks: every host function is called exactly as often as the host calls it
 * (a library that reached them would raise the counts, or crash); over Z/p in lex
 * (the FGLM path) and over Q (the multi-modular path) the default engine and the
 * Buchberger reference print the same basis, gbc_is_groebner says it is the reduced
 * basis, and every generator has normal form zero modulo it. Exit 0 on success. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <gbc.h>

/* The host's own functions, with names that gbc uses internally and signatures of
 * the host's choosing. Each counts its calls. */
static long host_calls;

int poly_mul(int a, int b);
void f4_free(void *p);
long mod_run(long x);
double la_reduce(double x);
int mht_insert(int key);
int zz_crt_lift(int x);
int check_groebner(int x);
int ring_init(int x);

int poly_mul(int a, int b) { host_calls++; return a * b; }
void f4_free(void *p) { host_calls++; (void)p; }
long mod_run(long x) { host_calls++; return x % 7; }
double la_reduce(double x) { host_calls++; return x / 2; }
int mht_insert(int key) { host_calls++; return key + 1; }
int zz_crt_lift(int x) { host_calls++; return -x; }
int check_groebner(int x) { host_calls++; return x != 0; }
int ring_init(int x) { host_calls++; return x * 3; }

/* gbc's FGLM kernels are target_clones functions named fg_axpy and fg_dot: the
 * host's clones of the same names put COMDAT groups of the same signatures in the
 * link (x86-64 compilers that have the attribute). */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define HOST_CLONES 1
void fg_axpy(uint64_t *acc, uint64_t c);
__attribute__((target_clones("avx2", "default"))) void fg_axpy(uint64_t *acc, uint64_t c)
{
    host_calls++;
    *acc += c;
}
#endif
#endif

static int failures;

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "link_clash: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    failures++;
}

/* The printed basis of gens computed with algo, or NULL (reported) on failure. The
 * caller frees the string with gbc_string_free. */
static char *basis_text(const gbc_polys *gens, gbc_algorithm algo, gbc_polys **basis)
{
    gbc_options *opts = NULL;
    char *text = NULL;
    *basis = NULL;
    if (gbc_options_new(&opts) != GBC_OK || gbc_options_set_algorithm(opts, algo) != GBC_OK) {
        fail("options", NULL);
    } else {
        gbc_status st = gbc_groebner(basis, gens, opts, NULL);
        if (st != GBC_OK)
            fail("gbc_groebner", gbc_status_string(st));
        else if (gbc_polys_to_string(&text, NULL, *basis, 0) != GBC_OK)
            fail("gbc_polys_to_string", NULL);
    }
    gbc_options_free(opts);
    return text;
}

/* One input: both engines, the same reduced basis, the generators in its ideal. */
static void check_input(const char *name, const char *input, const char *order)
{
    gbc_ring *ring = NULL;
    gbc_polys *gens = NULL, *g1 = NULL, *g2 = NULL, *nf = NULL;
    gbc_error err;
    char *t1 = NULL, *t2 = NULL;
    if (gbc_parse(&ring, &gens, input, strlen(input), order, NULL, &err) != GBC_OK) {
        fail(name, err.message);
        return;
    }
    t1 = basis_text(gens, GBC_ALGO_DEFAULT, &g1);
    t2 = basis_text(gens, GBC_ALGO_BUCHBERGER, &g2);
    if (t1 && t2) {
        int is_gb = 0, is_red = 0;
        if (strcmp(t1, t2) != 0) {
            fail(name, "the default engine and Buchberger disagree");
            fprintf(stderr, "default:\n%s\nbuchberger:\n%s\n", t1, t2);
        }
        if (gbc_polys_count(g1) == 0)
            fail(name, "empty basis");
        if (gbc_is_groebner(&is_gb, &is_red, g1, NULL) != GBC_OK || !is_gb || !is_red)
            fail(name, "not the reduced Groebner basis");
        if (gbc_normal_form(&nf, gens, g1, NULL) != GBC_OK) {
            fail(name, "gbc_normal_form");
        } else {
            for (size_t i = 0; i < gbc_polys_count(nf); i++)
                if (gbc_polys_nterms(nf, i) != 0)
                    fail(name, "a generator does not reduce to zero");
        }
        printf("%s (%s): %zu elements, default engine = Buchberger\n", name,
               order ? order : "grevlex", gbc_polys_count(g1));
    }
    gbc_string_free(t1);
    gbc_string_free(t2);
    gbc_polys_free(nf);
    gbc_polys_free(g1);
    gbc_polys_free(g2);
    gbc_polys_free(gens);
    gbc_ring_free(ring);
}

int main(void)
{
    long expected = 0;
    /* the host's calls, before and after gbc has run */
    if (poly_mul(6, 7) != 42 || mod_run(15) != 1 || la_reduce(3.0) != 1.5 ||
        mht_insert(1) != 2 || zz_crt_lift(5) != -5 || check_groebner(0) != 0 ||
        ring_init(2) != 6)
        fail("a host function returned a wrong value", NULL);
    f4_free(NULL);
    expected += 8;

    check_input("katsura-3 mod 32003", "x, y, z\n32003\n"
                "x + 2*y + 2*z - 1, x^2 + 2*y^2 + 2*z^2 - x, 2*x*y + 2*y*z - y\n", "lex");
    check_input("katsura-3 over Q", "x, y, z\n0\n"
                "x + 2*y + 2*z - 1, x^2 + 2*y^2 + 2*z^2 - x, 2*x*y + 2*y*z - y\n", NULL);
    check_input("a curve mod 101", "x, y\n101\nx^3 - y^2 - 1, x*y - 1\n", NULL);

    if (poly_mul(3, 5) != 15)
        fail("poly_mul after gbc", NULL);
    f4_free(NULL);
    expected += 2;
#ifdef HOST_CLONES
    {
        uint64_t acc = 1;
        fg_axpy(&acc, 41);
        if (acc != 42)
            fail("the host's fg_axpy", NULL);
        expected++;
    }
#endif
    if (host_calls != expected) {
        fprintf(stderr, "link_clash: the host functions ran %ld times, the host called them %ld"
                " times: gbc reached them\n", host_calls, expected);
        failures++;
    }
    if (failures)
        return 1;
    printf("link_clash: host functions called %ld times, as called; gbc %s correct\n",
           host_calls, gbc_version());
    return 0;
}
