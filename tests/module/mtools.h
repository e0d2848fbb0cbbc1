/* Helpers of the module tests: whether a program is installed, and a script run
 * through one (Singular, Macaulay2) with its standard output returned. */
#ifndef GBC_TESTS_MTOOLS_H
#define GBC_TESTS_MTOOLS_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

static inline int have_prog(const char *name)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
    return system(cmd) == 0;
}

/* Run prog on a script (written to a temporary file); its standard output. */
static inline char *run_script(const char *prog, const char *script)
{
    char path[] = "/tmp/gbc-t-module-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    size_t n = strlen(script);
    ck_assert_int_eq((long)write(fd, script, n), (long)n);
    close(fd);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s 2>/dev/null", prog, path);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    sbuf b;
    sb_init(&b);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, p)) > 0)
        sb_putn(&b, buf, got);
    pclose(p);
    unlink(path);
    return b.s;
}

#endif
