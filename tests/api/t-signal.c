/* gbc_signal_watch_begin / gbc_signal_watch_end: a signal cancels the computation
 * running with the watched options, the host's own handler does not see it while
 * the watch is open and gets the signal back afterwards, an ignored signal stays
 * ignored, and the arguments are checked. SIGUSR1 and SIGUSR2 stand for SIGINT (a
 * test runner's Ctrl-C handling is left alone). */
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "apitest.h"
#include "testutil.h"

static volatile sig_atomic_t host_calls;
static void host_handler(int sig)
{
    (void)sig;
    host_calls++;
}

static void set_handler(int sig, void (*fn)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sigemptyset(&sa.sa_mask);
    ck_assert_int_eq(sigaction(sig, &sa, NULL), 0);
}

START_TEST(test_arguments)
{
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_signal_watch_end(), -1); /* none open */
    ck_assert_int_eq(gbc_signal_watch_begin(NULL, SIGUSR1), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_signal_watch_begin(o, 0), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_signal_watch_begin(o, -3), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_signal_watch_begin(o, SIGKILL), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_signal_watch_begin(o, SIGSTOP), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_signal_watch_begin(o, 100000), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_signal_watch_begin(o, SIGUSR1), GBC_OK);
    /* one watch at a time */
    ck_assert_int_eq(gbc_signal_watch_begin(o, SIGUSR2), GBC_ERR_ARG);
    ck_assert_int_eq(gbc_signal_watch_end(), 0); /* no signal came */
    ck_assert_int_eq(gbc_signal_watch_end(), -1);
    ck_assert_int_eq(gbc_options_cancelled(o), 0);
    gbc_options_free(o);
}
END_TEST

START_TEST(test_host_handler_restored)
{
    set_handler(SIGUSR1, host_handler);
    host_calls = 0;
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_signal_watch_begin(o, SIGUSR1), GBC_OK);
    ck_assert_int_eq(raise(SIGUSR1), 0);
    ck_assert_int_eq(host_calls, 0);           /* the watch took it */
    ck_assert_int_eq(gbc_options_cancelled(o), 1);
    ck_assert_int_eq(gbc_signal_watch_end(), 1);
    ck_assert_int_eq(gbc_options_cancelled(o), 1); /* until reset */
    gbc_options_reset_cancel(o);
    ck_assert_int_eq(raise(SIGUSR1), 0);
    ck_assert_int_eq(host_calls, 1);           /* the host's handler is back */
    ck_assert_int_eq(gbc_options_cancelled(o), 0);
    /* an ignored signal stays ignored, and cancels nothing */
    set_handler(SIGUSR2, SIG_IGN);
    ck_assert_int_eq(gbc_signal_watch_begin(o, SIGUSR2), GBC_OK);
    ck_assert_int_eq(raise(SIGUSR2), 0);
    ck_assert_int_eq(gbc_signal_watch_end(), 0);
    ck_assert_int_eq(gbc_options_cancelled(o), 0);
    struct sigaction now;
    ck_assert_int_eq(sigaction(SIGUSR2, NULL, &now), 0);
    ck_assert(now.sa_handler == SIG_IGN);
    gbc_options_free(o);
}
END_TEST

/* Send SIGUSR1 to the process after 0.3 s (delivered to any thread that does not
 * block it: the handler is the process's either way). */
static void *send_later(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 300000000L};
    nanosleep(&ts, NULL);
    kill(getpid(), SIGUSR1);
    return NULL;
}

START_TEST(test_stops_computation)
{
    set_handler(SIGUSR1, host_handler);
    host_calls = 0;
    gbc_ring *R = at_ring(12, 65521, NULL);
    gbc_polys *F = at_katsura_polys(R, 11); /* seconds: never done in 0.3 s */
    gbc_options *o = NULL;
    ck_assert_int_eq(gbc_options_new(&o), GBC_OK);
    ck_assert_int_eq(gbc_signal_watch_begin(o, SIGUSR1), GBC_OK);
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, send_later, NULL), 0);
    gbc_polys *G = NULL;
    double t0 = at_now();
    gbc_status st = gbc_groebner(&G, F, o, NULL);
    double dt = at_now() - t0;
    pthread_join(th, NULL);
    int came = gbc_signal_watch_end();
    printf("katsura-11 mod 65521 stopped by a signal after %.3f s\n", dt);
    ck_assert_int_eq(st, GBC_ERR_INTERRUPTED);
    ck_assert_ptr_null(G);
    ck_assert_int_eq(came, 1);
    ck_assert_int_eq(host_calls, 0);
    /* the handles work again: a small basis with the same options once reset */
    gbc_options_reset_cancel(o);
    gbc_ring *R2 = at_ring(4, 65521, NULL);
    gbc_polys *F2 = at_katsura_polys(R2, 3);
    ck_assert_int_eq(gbc_groebner(&G, F2, o, NULL), GBC_OK);
    ck_assert(gbc_polys_count(G) > 0);
    gbc_polys_free(G);
    gbc_polys_free(F2);
    gbc_ring_free(R2);
    gbc_polys_free(F);
    gbc_ring_free(R);
    gbc_options_free(o);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("api-signal");
    TCase *tc = tcase_create("signal");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_arguments);
    tcase_add_test(tc, test_host_handler_restored);
    tcase_add_test(tc, test_stops_computation);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
