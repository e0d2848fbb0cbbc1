/* api/signal: gbc_signal_watch_begin and gbc_signal_watch_end (gbc.h), a signal
 * turned into gbc_options_cancel for the length of a host's call into the library.
 * The one piece of process-wide state of the library: a signal's disposition is
 * the process's. The handler does only async-signal-safe work (atomic stores). */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "api/api.h"

static atomic_int open_watch;                 /* 1 while a watch is open */
static _Atomic(gbc_options *) watched;        /* whose cancel the signal sets */
static volatile sig_atomic_t caught;          /* the signal came since begin */
static int watched_signal;                    /* 0: none installed (ignored) */
static struct sigaction previous;             /* the disposition found at begin */

static void on_signal(int sig)
{
    (void)sig;
    caught = 1;
    gbc_options_cancel(atomic_load_explicit(&watched, memory_order_relaxed));
}

GBC_API gbc_status gbc_signal_watch_begin(gbc_options *opts, int signum)
{
    if (opts == NULL || signum <= 0 || signum >= NSIG || signum == SIGKILL ||
        signum == SIGSTOP)
        return GBC_ERR_ARG;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&open_watch, &expected, 1))
        return GBC_ERR_ARG; /* one watch at a time in a process */
    caught = 0;
    watched_signal = 0;
    atomic_store(&watched, opts);
    struct sigaction now;
    if (sigaction(signum, NULL, &now) != 0) {
        atomic_store(&watched, NULL);
        atomic_store(&open_watch, 0);
        return GBC_ERR_ARG;
    }
    if (now.sa_handler == SIG_IGN)
        return GBC_OK; /* a signal the process ignores stays ignored */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    if (sigaction(signum, &sa, &previous) != 0) {
        atomic_store(&watched, NULL);
        atomic_store(&open_watch, 0);
        return GBC_ERR_ARG;
    }
    watched_signal = signum;
    return GBC_OK;
}

GBC_API int gbc_signal_watch_end(void)
{
    if (atomic_load(&open_watch) == 0)
        return -1;
    if (watched_signal != 0)
        sigaction(watched_signal, &previous, NULL);
    watched_signal = 0;
    atomic_store(&watched, NULL);
    int came = caught != 0;
    caught = 0;
    atomic_store(&open_watch, 0);
    return came;
}
