/* cli/reader: the input reader of the gbc tool, under the run's limits. The input is
 * read with poll(2) before every read(2), so a pipe that stalls is given up at the
 * deadline, and the bytes held count against the memory limit (or, without one, a
 * ceiling like the library's), so an endless input stops as soon as it exceeds it. */
#ifndef GBC_CLI_READER_H
#define GBC_CLI_READER_H

#include <stddef.h>

typedef enum cli_read_status {
    CLI_READ_OK = 0,
    CLI_READ_IO,    /* a read error (errno in *err) */
    CLI_READ_NOMEM, /* the allocator failed, or the input exceeds the ceiling */
    CLI_READ_LIMIT, /* the input exceeds the memory limit */
    CLI_READ_TIME,  /* the deadline passed before the end of the input */
    CLI_READ_INTR   /* a SIGINT or SIGTERM came first (cli/interrupt.h) */
} cli_read_status;

/* Monotonic seconds (the clock of the deadlines). */
double cli_now(void);

/* Read fd to its end into *text (malloc'd, NUL-terminated; *len bytes before the
 * NUL). max: the most bytes the input may have (0: no limit; then 3/4 of the least
 * of physical memory, RLIMIT_AS and RLIMIT_DATA). deadline: cli_now() seconds to
 * give up at (0: none). On failure *text is NULL and the status says why. */
cli_read_status cli_read_fd(int fd, size_t max, double deadline, char **text, size_t *len,
                            int *err);

#endif
