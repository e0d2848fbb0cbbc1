/* cli/interrupt: SIGINT and SIGTERM as an interrupt of the gbc tool. The handlers
 * only note the signal; the library polls it through the interrupt callback and
 * stops with GBC_ERR_INTERRUPTED, so the tool cleans up (temporary output file,
 * memory) and exits with the status of an interrupted run. */
#ifndef GBC_CLI_INTERRUPT_H
#define GBC_CLI_INTERRUPT_H

/* Install the handlers of SIGINT and SIGTERM (once per process; later calls do
 * nothing); a signal that was ignored when gbc started stays ignored. The first of
 * them is noted and restores the default actions of both, so a second signal
 * while the tool is stopping ends it as usual. Without SA_RESTART: a blocking
 * read returns EINTR and the reader can give up. */
void cli_interrupt_install(void);

/* The number of the first SIGINT or SIGTERM received since the install, else 0.
 * Async-signal-safe and callable from any thread. */
int cli_interrupt_signal(void);

/* An interrupt callback for gbc_options_set_interrupt: nonzero once a signal has
 * been received. data is unused (may be NULL). */
int cli_interrupt_poll(void *data);

/* Print "gbc: FNAME: interrupted by signal N (NAME)" on stderr; call only when
 * cli_interrupt_signal() is nonzero. fname may be NULL (no file part). */
void cli_interrupt_report(const char *fname);

#endif
