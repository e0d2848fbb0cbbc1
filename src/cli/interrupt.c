/* cli/interrupt: the gbc tool's SIGINT/SIGTERM handling (interrupt.h). The handler
 * sets one flag; everything else (stopping, messages, cleanup) happens in the
 * normal flow of the tool once the library has seen the flag. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "interrupt.h"

static volatile sig_atomic_t received; /* the first signal's number, or 0 */
static int installed;
static int handles_int, handles_term; /* which of them on_signal handles */
static struct sigaction dfl;          /* SIG_DFL, prepared outside the handler */

/* Only async-signal-safe work: note the signal, give both back their default. */
static void on_signal(int sig)
{
    if (received == 0)
        received = sig;
    if (handles_int)
        sigaction(SIGINT, &dfl, NULL);
    if (handles_term)
        sigaction(SIGTERM, &dfl, NULL);
}

void cli_interrupt_install(void)
{
    if (installed)
        return;
    installed = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* both blocked during the handler, so one handler run notes only one */
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR */
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    struct sigaction old;
    /* a signal ignored by whoever started gbc (nohup, a shell's background job)
     * stays ignored */
    handles_int = sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN;
    handles_term = sigaction(SIGTERM, NULL, &old) == 0 && old.sa_handler != SIG_IGN;
    if (handles_int)
        sigaction(SIGINT, &sa, NULL);
    if (handles_term)
        sigaction(SIGTERM, &sa, NULL);
}

int cli_interrupt_signal(void)
{
    return received;
}

int cli_interrupt_poll(void *data)
{
    (void)data;
    return received != 0;
}

void cli_interrupt_report(const char *fname)
{
    int sig = received;
    const char *name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "?";
    if (fname != NULL)
        fprintf(stderr, "gbc: %s: interrupted by signal %d (%s)\n", fname, sig, name);
    else
        fprintf(stderr, "gbc: interrupted by signal %d (%s)\n", sig, name);
}
