/* Tests of the "For FFI callers" section of gbc.h: the version number, the error
 * accessors, the time limit, reports, the handle-returning calls, the string
 * results and the one free function. Only gbc.h is used. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gbc.h"

START_TEST(test_version_and_free)
{
    ck_assert_uint_eq(gbc_version_number(), GBC_VERSION_NUMBER);
    ck_assert_uint_eq(GBC_VERSION_NUMBER,
                      GBC_VERSION_MAJOR * 10000 + GBC_VERSION_MINOR * 100 + GBC_VERSION_PATCH);
    char expect[32];
    snprintf(expect, sizeof expect, "%u.%u.%u", GBC_VERSION_MAJOR, GBC_VERSION_MINOR,
             GBC_VERSION_PATCH);
    ck_assert_str_eq(gbc_version(), expect);
    gbc_mem_free(NULL);
    /* gbc_mem_free takes what the other free functions take */
    gbc_ring *R = gbc_ring_make("x,y", 7, NULL, NULL);
    ck_assert_ptr_nonnull(R);
    gbc_polys *P = gbc_polys_make(R, "x+y, x*y-1", NULL, NULL);
    ck_assert_ptr_nonnull(P);
    size_t *nt = NULL;
    uint32_t *e = NULL, *c = NULL;
    ck_assert_int_eq(gbc_polys_to_arrays_zp(&nt, &e, &c, P), GBC_OK);
    gbc_mem_free(nt);
    gbc_mem_free(e);
    gbc_mem_free(c);
    char *s = NULL;
    ck_assert_int_eq(gbc_polys_to_string(&s, NULL, P, 0), GBC_OK);
    gbc_mem_free(s);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

START_TEST(test_error_accessors)
{
    gbc_error err;
    gbc_ring *R = NULL;
    gbc_polys *P = NULL;
    const char *bad = "x,y\n7\nx+*y\n";
    ck_assert_int_eq(gbc_parse(&R, &P, bad, strlen(bad), NULL, NULL, &err), GBC_ERR_PARSE);
    ck_assert_uint_eq(gbc_error_line(&err), 3);
    ck_assert_uint_eq(gbc_error_column(&err), err.column);
    ck_assert_uint_ge(gbc_error_column(&err), 2);
    ck_assert_ptr_eq(gbc_error_message(&err), err.message);
    ck_assert_uint_gt(strlen(gbc_error_message(&err)), 0);
    ck_assert_str_eq(gbc_error_message(NULL), "");
    ck_assert_uint_eq(gbc_error_line(NULL), 0);
    ck_assert_uint_eq(gbc_error_column(NULL), 0);
}
END_TEST

START_TEST(test_reports)
{
    gbc_report *rep = gbc_report_new();
    ck_assert_ptr_nonnull(rep);
    ck_assert_int_eq(gbc_report_status(rep), GBC_OK);
    ck_assert_str_eq(gbc_report_message(rep), "");
    /* a bad name: the ring checker's message */
    ck_assert_ptr_null(gbc_ring_make("x,1y", 0, NULL, rep));
    ck_assert_int_eq(gbc_report_status(rep), GBC_ERR_ARG);
    ck_assert_uint_gt(strlen(gbc_report_message(rep)), 0);
    /* not a prime */
    ck_assert_ptr_null(gbc_ring_make("x", 9, NULL, rep));
    ck_assert_int_eq(gbc_report_status(rep), GBC_ERR_DOMAIN);
    /* names with spaces around them, and success clears the report */
    gbc_ring *R = gbc_ring_make(" a , b,c ", 32003, "lex", rep);
    ck_assert_ptr_nonnull(R);
    ck_assert_int_eq(gbc_report_status(rep), GBC_OK);
    ck_assert_str_eq(gbc_report_message(rep), "");
    ck_assert_uint_eq(gbc_ring_nvars(R), 3);
    ck_assert_str_eq(gbc_ring_var_name(R, 0), "a");
    ck_assert_str_eq(gbc_ring_var_name(R, 2), "c");
    /* a parse error: position and message */
    ck_assert_ptr_null(gbc_polys_make(R, "a+b,\nc^", NULL, rep));
    ck_assert_int_eq(gbc_report_status(rep), GBC_ERR_PARSE);
    ck_assert_uint_eq(gbc_report_line(rep), 2);
    ck_assert_uint_gt(gbc_report_column(rep), 0);
    ck_assert_uint_gt(strlen(gbc_report_message(rep)), 0);
    /* NULL arguments */
    ck_assert_ptr_null(gbc_polys_make(R, NULL, NULL, rep));
    ck_assert_int_eq(gbc_report_status(rep), GBC_ERR_ARG);
    ck_assert_str_eq(gbc_report_message(rep), gbc_status_string(GBC_ERR_ARG));
    ck_assert_ptr_null(gbc_groebner_make(NULL, NULL, NULL, rep));
    ck_assert_int_eq(gbc_report_status(rep), GBC_ERR_ARG);
    ck_assert_ptr_null(gbc_ring_make(NULL, 0, NULL, rep));
    ck_assert_ptr_null(gbc_polys_text(NULL, 0, rep));
    ck_assert_ptr_null(gbc_polys_text_at(NULL, 0, rep));
    ck_assert_int_eq(gbc_monideal_dim_value(NULL, NULL, rep), -2);
    ck_assert_int_eq(gbc_is_groebner_value(NULL, NULL, rep), -1);
    ck_assert_ptr_null(gbc_monideal_hilbert_text(NULL, NULL, NULL, rep));
    ck_assert_ptr_null(gbc_monideal_degree_text(NULL, NULL, rep));
    /* no variables */
    gbc_ring *K = gbc_ring_make("", 5, NULL, rep);
    ck_assert_ptr_nonnull(K);
    ck_assert_uint_eq(gbc_ring_nvars(K), 0);
    gbc_ring_free(K);
    gbc_ring_free(R);
    ck_assert_int_eq(gbc_report_status(NULL), 0);
    ck_assert_str_eq(gbc_report_message(NULL), "");
    gbc_report_free(rep);
    gbc_report_free(NULL);
}
END_TEST

START_TEST(test_handles_and_text)
{
    gbc_report *rep = gbc_report_new();
    gbc_options *opts = gbc_options_make();
    gbc_stats *stats = gbc_stats_make();
    ck_assert_ptr_nonnull(opts);
    ck_assert_ptr_nonnull(stats);
    gbc_polys *G = gbc_parse_text("x,y,z\n0\nx^2+y^2+z^2-1, x-y, y-z^2\n", "grevlex", opts,
                                  rep);
    ck_assert_ptr_nonnull(G);
    ck_assert_uint_eq(gbc_polys_count(G), 3);
    gbc_polys *B = gbc_groebner_make(G, opts, stats, rep);
    ck_assert_ptr_nonnull(B);
    ck_assert_double_eq(gbc_stats_get(stats, "basis_size"), (double)gbc_polys_count(B));
    ck_assert_int_eq(gbc_is_groebner_value(B, opts, rep), 1);
    ck_assert_int_eq(gbc_is_groebner_value(G, opts, rep), 0);
    /* the text of the list is the text of its polynomials joined by ",\n" */
    char *all = gbc_polys_text(B, 0, rep);
    ck_assert_ptr_nonnull(all);
    size_t off = 0;
    for (size_t i = 0; i < gbc_polys_count(B); i++) {
        char *one = gbc_polys_text_at(B, i, rep);
        ck_assert_ptr_nonnull(one);
        ck_assert_int_eq(strncmp(all + off, one, strlen(one)), 0);
        off += strlen(one) + (i + 1 < gbc_polys_count(B) ? 2 : 1);
        gbc_mem_free(one);
    }
    ck_assert_uint_eq(off, strlen(all));
    gbc_mem_free(all);
    /* the same text through a file */
    char tmpl[] = "/tmp/gbc-t-ffi-XXXXXX";
    int fd = mkstemp(tmpl);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(gbc_polys_write_file(B, tmpl, 0, rep), GBC_OK);
    FILE *f = fopen(tmpl, "rb");
    char back[512];
    size_t nb = fread(back, 1, sizeof back - 1, f);
    fclose(f);
    back[nb] = '\0';
    unlink(tmpl);
    char *again = gbc_polys_text(B, 0, rep);
    ck_assert_str_eq(back, again);
    gbc_mem_free(again);
    ck_assert_int_eq(gbc_polys_write_file(B, "/nonexistent-dir/x", 0, rep), GBC_ERR_IO);
    ck_assert_ptr_nonnull(strstr(gbc_report_message(rep), "cannot write"));
    ck_assert_int_eq(gbc_polys_write_file(B, NULL, 0, rep), GBC_ERR_ARG);
    ck_assert_ptr_null(gbc_polys_text_at(B, gbc_polys_count(B), rep));
    ck_assert_int_eq(gbc_report_status(rep), GBC_ERR_ARG);
    /* normal forms: the generators reduce to zero, x^3 to something nonzero */
    const gbc_ring *R = gbc_polys_ring(G);
    gbc_polys *F = gbc_polys_make(R, "x^2+y^2+z^2-1, x^3, 0*x", opts, rep);
    ck_assert_ptr_nonnull(F);
    gbc_polys *N = gbc_normal_form_make(F, B, opts, rep);
    ck_assert_ptr_nonnull(N);
    ck_assert_uint_eq(gbc_polys_count(N), 2);
    ck_assert_uint_eq(gbc_polys_nterms(N, 0), 0);
    ck_assert_uint_gt(gbc_polys_nterms(N, 1), 0);
    char *zero = gbc_polys_text_at(N, 0, rep);
    ck_assert_str_eq(zero, "0");
    gbc_mem_free(zero);
    /* the leading ideal's invariants: 4 solutions */
    gbc_monideal *I = gbc_leading_ideal_make(B, GBC_LEADING_IS_BASIS, opts, NULL, rep);
    ck_assert_ptr_nonnull(I);
    ck_assert_int_eq(gbc_monideal_dim_value(I, opts, rep), 0);
    char *deg = gbc_monideal_degree_text(I, opts, rep);
    ck_assert_str_eq(deg, "4");
    gbc_mem_free(deg);
    /* Hilbert numerator: H(t) = N(t)/(1-t)^3 and N(1) = 0 for dimension 0 */
    char *h = gbc_monideal_hilbert_text(I, "s", opts, rep);
    ck_assert_ptr_nonnull(h);
    ck_assert_ptr_nonnull(strstr(h, "s"));
    ck_assert_ptr_null(strstr(h, "t"));
    ck_assert_int_eq(h[0], '1');
    gbc_mem_free(h);
    /* change of order to lex */
    gbc_ring *L = gbc_ring_make("x,y,z", 0, "lex", rep);
    gbc_polys *BL = gbc_change_order_make(B, L, opts, NULL, rep);
    ck_assert_ptr_nonnull(BL);
    char *lt = gbc_polys_text_at(BL, 0, rep);
    ck_assert_str_eq(lt, "z^4+1/2*z^2-1/2");
    gbc_mem_free(lt);
    /* the unit ideal: Hilbert numerator "0", dimension -1 */
    gbc_polys *U = gbc_polys_make(R, "x, x-1", opts, rep);
    gbc_monideal *IU = gbc_leading_ideal_make(U, 0, opts, NULL, rep);
    ck_assert_ptr_nonnull(IU);
    char *hu = gbc_monideal_hilbert_text(IU, NULL, opts, rep);
    ck_assert_str_eq(hu, "0");
    gbc_mem_free(hu);
    ck_assert_int_eq(gbc_monideal_dim_value(IU, opts, rep), -1);
    gbc_monideal_free(IU);
    gbc_polys_free(U);
    gbc_polys_free(BL);
    gbc_ring_free(L);
    gbc_monideal_free(I);
    gbc_polys_free(N);
    gbc_polys_free(F);
    gbc_polys_free(B);
    gbc_polys_free(G);
    gbc_stats_free(stats);
    gbc_options_free(opts);
    gbc_report_free(rep);
}
END_TEST

START_TEST(test_hilbert_text_known)
{
    /* <x^2, y^3> in k[x,y]: N(t) = 1 - t^2 - t^3 + t^5 */
    gbc_report *rep = gbc_report_new();
    gbc_polys *P = gbc_parse_text("x,y\n101\nx^2, y^3\n", NULL, NULL, rep);
    gbc_monideal *I = gbc_leading_ideal_make(P, 0, NULL, NULL, rep);
    char *h = gbc_monideal_hilbert_text(I, NULL, NULL, rep);
    ck_assert_str_eq(h, "1-t^2-t^3+t^5");
    gbc_mem_free(h);
    gbc_monideal_free(I);
    gbc_polys_free(P);
    /* coefficients other than +-1: <x,y>^2 in k[x,y]: 1 - 3t^2 + 2t^3 */
    P = gbc_parse_text("x,y\n101\nx^2, x*y, y^2\n", NULL, NULL, rep);
    I = gbc_leading_ideal_make(P, 0, NULL, NULL, rep);
    h = gbc_monideal_hilbert_text(I, "t", NULL, rep);
    ck_assert_str_eq(h, "1-3*t^2+2*t^3");
    gbc_mem_free(h);
    gbc_monideal_free(I);
    gbc_polys_free(P);
    gbc_report_free(rep);
}
END_TEST

START_TEST(test_time_limit)
{
    gbc_options *opts = gbc_options_make();
    ck_assert_int_eq(gbc_options_set_time_limit(opts, -1.0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_time_limit(opts, NAN), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_time_limit(opts, 2e9), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_time_limit(NULL, 1.0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_options_set_time_limit(opts, 0.0), GBC_OK);
    /* cyclic-8 mod 32003 takes seconds; 50 ms stops it */
    const char *cyc =
        "a,b,c,d,e,f,g,h\n32003\n"
        "a+b+c+d+e+f+g+h,"
        "a*b+b*c+c*d+d*e+e*f+f*g+g*h+h*a,"
        "a*b*c+b*c*d+c*d*e+d*e*f+e*f*g+f*g*h+g*h*a+h*a*b,"
        "a*b*c*d+b*c*d*e+c*d*e*f+d*e*f*g+e*f*g*h+f*g*h*a+g*h*a*b+h*a*b*c,"
        "a*b*c*d*e+b*c*d*e*f+c*d*e*f*g+d*e*f*g*h+e*f*g*h*a+f*g*h*a*b+g*h*a*b*c+h*a*b*c*d,"
        "a*b*c*d*e*f+b*c*d*e*f*g+c*d*e*f*g*h+d*e*f*g*h*a+e*f*g*h*a*b+f*g*h*a*b*c+g*h*a*b*c*d"
        "+h*a*b*c*d*e,"
        "a*b*c*d*e*f*g+b*c*d*e*f*g*h+c*d*e*f*g*h*a+d*e*f*g*h*a*b+e*f*g*h*a*b*c+f*g*h*a*b*c*d"
        "+g*h*a*b*c*d*e+h*a*b*c*d*e*f,"
        "a*b*c*d*e*f*g*h-1\n";
    gbc_report *rep = gbc_report_new();
    gbc_polys *G = gbc_parse_text(cyc, NULL, NULL, rep);
    ck_assert_ptr_nonnull(G);
    ck_assert_int_eq(gbc_options_set_time_limit(opts, 0.05), GBC_OK);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gbc_polys *B = gbc_groebner_make(G, opts, NULL, rep);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double el = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    ck_assert_ptr_null(B);
    ck_assert_int_eq(gbc_report_status(rep), GBC_ERR_INTERRUPTED);
    ck_assert_double_lt(el, 2.0);
    /* the limit is per call: a small computation with the same options succeeds */
    gbc_polys *S = gbc_parse_text("x,y\n7\nx^2-y, y^2-1\n", NULL, NULL, rep);
    gbc_polys *BS = gbc_groebner_make(S, opts, NULL, rep);
    ck_assert_ptr_nonnull(BS);
    /* 0 removes the limit */
    ck_assert_int_eq(gbc_options_set_time_limit(opts, 0.0), GBC_OK);
    gbc_polys_free(BS);
    gbc_polys_free(S);
    gbc_polys_free(G);
    gbc_report_free(rep);
    gbc_options_free(opts);
}
END_TEST

START_TEST(test_coef_size_query)
{
    gbc_ring *R = gbc_ring_make("x", 0, NULL, NULL);
    gbc_polys *P = gbc_polys_make(R, "-123456789/2*x + 1", NULL, NULL);
    size_t need = 0;
    ck_assert_int_eq(gbc_polys_get_coef_q(NULL, 0, &need, P, 0, 0), GBC_OK);
    ck_assert_uint_eq(need, strlen("-123456789/2") + 1);
    char *buf = malloc(need);
    ck_assert_int_eq(gbc_polys_get_coef_q(buf, need, NULL, P, 0, 0), GBC_OK);
    ck_assert_str_eq(buf, "-123456789/2");
    free(buf);
    /* a size query without needed says nothing: still an error */
    ck_assert_int_eq(gbc_polys_get_coef_q(NULL, 0, NULL, P, 0, 0), GBC_ERR_ARG);
    /* out of range stays an error */
    ck_assert_int_eq(gbc_polys_get_coef_q(NULL, 0, &need, P, 0, 2), GBC_ERR_ARG);
    gbc_polys_free(P);
    gbc_ring_free(R);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ffi");
    TCase *tc = tcase_create("ffi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_version_and_free);
    tcase_add_test(tc, test_error_accessors);
    tcase_add_test(tc, test_reports);
    tcase_add_test(tc, test_handles_and_text);
    tcase_add_test(tc, test_hilbert_text_known);
    tcase_add_test(tc, test_time_limit);
    tcase_add_test(tc, test_coef_size_query);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
