/* cli/reader: reading the input under the run's memory and time limits (reader.h).
 * One thread: poll(2) with the time left, then read(2) what is there. A regular
 * file or /dev/zero is always readable, so poll costs one call per 64 KB or more. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "gbc.h"
#include "interrupt.h"
#include "reader.h"

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Wait until fd is readable or the deadline passes: 1 readable (or at its end, or
 * in error: read says which), 0 the deadline passed, 2 a SIGINT or SIGTERM came,
 * -1 poll failed. */
static int wait_readable(int fd, double deadline)
{
    for (;;) {
        int ms = -1;
        if (deadline > 0.0) {
            double left = deadline - cli_now();
            if (left <= 0.0)
                return 0;
            ms = left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
        }
        struct pollfd p = {fd, POLLIN, 0};
        int r = poll(&p, 1, ms);
        if (r > 0)
            return 1;
        if (r == 0)
            continue; /* rounding: check the clock again */
        if (errno != EINTR)
            return -1;
        if (cli_interrupt_signal())
            return 2;
    }
}

cli_read_status cli_read_fd(int fd, size_t max, double deadline, char **text, size_t *len,
                            int *err)
{
    *text = NULL;
    *len = 0;
    *err = 0;
    int limited = max != 0;
    if (!limited) { /* the library's ceiling, or none */
        size_t c = gbc_default_memory_ceiling();
        max = c != 0 ? c : SIZE_MAX - 1;
    }
    if (max > SIZE_MAX - 2)
        max = SIZE_MAX - 2;
    /* at most max + 1 bytes of input are held (the one past max says it is too
     * long), plus the NUL */
    size_t cap = max < (1u << 16) ? max + 2 : (1u << 16), n = 0;
    char *buf = malloc(cap);
    if (buf == NULL)
        return CLI_READ_NOMEM;
    cli_read_status st = CLI_READ_OK;
    for (;;) {
        if (n + 1 == cap) {
            size_t ncap = cap > (max + 2) / 2 ? max + 2 : cap * 2;
            char *nb = ncap > cap ? realloc(buf, ncap) : NULL;
            if (nb == NULL) {
                st = CLI_READ_NOMEM;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        if (cli_interrupt_signal()) {
            st = CLI_READ_INTR;
            break;
        }
        if (deadline > 0.0) {
            int w = wait_readable(fd, deadline);
            if (w == 2) {
                st = CLI_READ_INTR;
                break;
            }
            if (w == 0) {
                st = CLI_READ_TIME;
                break;
            }
            if (w < 0) {
                *err = errno;
                st = CLI_READ_IO;
                break;
            }
        }
        ssize_t r = read(fd, buf + n, cap - 1 - n);
        if (r < 0 && errno == EINTR)
            continue; /* the loop's first check sees a SIGINT or SIGTERM */
        if (r < 0) {
            *err = errno;
            st = CLI_READ_IO;
            break;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n > max) {
            st = limited ? CLI_READ_LIMIT : CLI_READ_NOMEM;
            break;
        }
    }
    if (st != CLI_READ_OK) {
        free(buf);
        return st;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return CLI_READ_OK;
}
