/* Helpers shared by the tests of the gbc tool (tests/system/t-cli-*.c): a fresh
 * directory for a test's files, and gbc run as a child by fork and exec with a
 * wall-clock bound. */
#ifndef GBC_CLITEST_H
#define GBC_CLITEST_H

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

static char ct_dir[256];

/* name inside the test's directory (four buffers in turn) */
static inline const char *path(const char *name)
{
    static char p[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", ct_dir, name);
    return p[k];
}

/* $TMPDIR/gbc-TAG-XXXXXX, made anew */
static inline void ct_dir_make(const char *tag)
{
    const char *t = getenv("TMPDIR");
    snprintf(ct_dir, sizeof ct_dir, "%s/gbc-%s-XXXXXX", t ? t : "/tmp", tag);
    ck_assert_ptr_nonnull(mkdtemp(ct_dir));
}

/* the directory and every file in it */
static inline void ct_dir_remove(void)
{
    DIR *d = opendir(ct_dir);
    if (d != NULL) {
        struct dirent *de;
        while ((de = readdir(d)) != NULL)
            if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
                unlink(path(de->d_name));
        closedir(d);
    }
    rmdir(ct_dir);
}

static inline double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline const char *gbc_bin(void)
{
    const char *b = getenv("GBC_BIN");
    ck_assert_msg(b != NULL && access(b, X_OK) == 0, "GBC_BIN must name the gbc tool");
    return b;
}

/* Start gbc with argv (argv[0] is replaced by GBC_BIN) reading fd in (stdout to
 * out.txt, stderr to err.txt); returns its pid. */
static inline pid_t start(char **argv, int in)
{
    argv[0] = (char *)gbc_bin();
    int out = open(path("out.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = open(path("err.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ck_assert(out >= 0 && err >= 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    close(out);
    close(err);
    return pid;
}

/* Wait for pid at most limit seconds (then kill it and fail); its exit status, and
 * the seconds it ran from t0 in *secs. */
static inline int finish(pid_t pid, double t0, double limit, double *secs)
{
    int st;
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        ck_assert_int_ge(r, 0);
        if (r == pid)
            break;
        if (now() - t0 > limit) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            ck_abort_msg("gbc still ran after %.0f s", limit);
        }
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    *secs = now() - t0;
    ck_assert_msg(WIFEXITED(st), "gbc did not exit normally");
    return WEXITSTATUS(st);
}

static inline char *err_text(void)
{
    char *s = tu_read_file(path("err.txt"), NULL);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Write text to the file name of the test directory. */
static inline void ct_put_file(const char *name, const char *text)
{
    FILE *f = fopen(path(name), "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(fputs(text, f), 0);
    ck_assert_int_eq(fclose(f), 0);
}

/* Run gbc with the NULL-terminated args (operands with a '.' and no '/' that are
 * not options are files of the test directory), standard input /dev/null, at
 * most 120 s; its exit status, stdout into *out (malloc'd) and stderr into *err
 * (malloc'd; err may be NULL). */
static inline int ct_run(const char *const *args, char **out, char **err)
{
    char *argv[16];
    char files[16][512];
    size_t n = 1;
    for (size_t i = 0; args[i] != NULL; i++) {
        ck_assert_uint_lt(n, 15);
        const char *a = args[i];
        if (a[0] != '-' && strchr(a, '.') != NULL && strchr(a, '/') == NULL) {
            snprintf(files[n], sizeof files[n], "%s", path(a));
            argv[n] = files[n];
        } else {
            argv[n] = (char *)a;
        }
        n++;
    }
    argv[n] = NULL;
    int in = open("/dev/null", O_RDONLY);
    ck_assert_int_ge(in, 0);
    double t0 = now(), secs;
    pid_t pid = start(argv, in);
    close(in);
    int rc = finish(pid, t0, 120.0, &secs);
    *out = tu_read_file(path("out.txt"), NULL);
    ck_assert_ptr_nonnull(*out);
    if (err != NULL)
        *err = err_text();
    return rc;
}

#endif
