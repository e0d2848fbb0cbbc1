/* `gbc solve` under --memory-limit and --timeout: a run that would exceed them
 * stops with exit status 3, a message naming the limit on stderr and nothing on
 * stdout, soon after the time limit and with a peak resident size near the memory
 * limit (both printed); within the limits the output is the same as without them.
 * Runs GBC_BIN as a child (fork and exec), its resource use from wait4. */
#include <sys/resource.h>

#include "clitest.h"

#if defined(__SANITIZE_ADDRESS__)
#define GBC_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GBC_TEST_UNDER_ASAN 1
#endif
#endif

static void setup(void)
{
    ct_dir_make("t-cli-solve-limits");
}

static void teardown(void)
{
    ct_dir_remove();
}

/* katsura in nvars variables over Q into in.txt. */
static void write_katsura(int nvars)
{
    char *t = tu_system_text("katsura", nvars, 0);
    ck_assert_ptr_nonnull(t);
    FILE *f = fopen(path("in.txt"), "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(fputs(t, f), 0);
    ck_assert_int_eq(fclose(f), 0);
    free(t);
}

typedef struct run {
    int status;   /* exit status */
    double secs;  /* wall time */
    long rss_kb;  /* peak resident size */
} run;

/* gbc solve with the options (NULL-terminated) on in.txt, at most 120 s. */
static run solve(const char *const *opts)
{
    char *argv[16];
    int k = 0;
    argv[k++] = NULL; /* start puts GBC_BIN here */
    argv[k++] = (char *)"solve";
    for (int i = 0; opts[i] != NULL && k < 14; i++)
        argv[k++] = (char *)opts[i];
    argv[k++] = (char *)path("in.txt");
    argv[k] = NULL;
    int in = open("/dev/null", O_RDONLY);
    ck_assert_int_ge(in, 0);
    double t0 = now();
    pid_t pid = start(argv, in);
    close(in);
    run r = {0, 0.0, 0};
    struct rusage ru;
    int st = 0;
    for (;;) {
        pid_t w = wait4(pid, &st, WNOHANG, &ru);
        ck_assert_int_ge(w, 0);
        if (w == pid)
            break;
        if (now() - t0 > 120.0) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            ck_abort_msg("gbc solve still ran after 120 s");
        }
        struct timespec ts = {0, 2 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    r.secs = now() - t0;
    ck_assert_msg(WIFEXITED(st), "gbc did not exit normally");
    r.status = WEXITSTATUS(st);
    r.rss_kb = ru.ru_maxrss;
    return r;
}

/* The last run stopped: exit 3, empty stdout, what on stderr. */
static void expect_stopped(const run *r, const char *what)
{
    ck_assert_int_eq(r->status, 3);
    char *out = tu_read_file(path("out.txt"), NULL), *err = err_text();
    ck_assert_ptr_nonnull(out);
    ck_assert_str_eq(out, "");
    ck_assert_msg(strstr(err, what) != NULL, "stderr lacks '%s': %s", what, err);
    free(out);
    free(err);
}

/* --timeout stops the refinement of katsura-3's boxes to 2^20 bits (minutes of
 * work) and katsura-8 over Q soon after the limit. */
START_TEST(test_timeout)
{
    write_katsura(4);
    const char *o1[] = {"--precision", "1048576", "--timeout", "0.5", NULL};
    run r = solve(o1);
    expect_stopped(&r, "the time limit of 0.5 s was reached");
    printf("t-cli-solve-limits: katsura-3 --precision 1048576 --timeout 0.5: exit 3 after "
           "%.3f s, peak RSS %ld KB\n", r.secs, r.rss_kb);
    ck_assert_msg(r.secs < 2.5, "stopped after %.3f s", r.secs);
    write_katsura(9); /* about 2 s of work: never done within 0.05 s */
    const char *o2[] = {"--timeout", "0.05", NULL};
    r = solve(o2);
    expect_stopped(&r, "time limit");
    printf("t-cli-solve-limits: katsura-8 --timeout 0.05: exit 3 after %.3f s\n", r.secs);
    ck_assert_msg(r.secs < 2.0, "stopped after %.3f s", r.secs);
}
END_TEST

/* --memory-limit: katsura-7 under 2 MB stops with a resident size near the limit
 * (against a run of a tiny system, the process's own size); with room to spare
 * the output is the one without a limit. */
START_TEST(test_memory_limit)
{
    FILE *f = fopen(path("in.txt"), "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(fputs("x\n0\nx^2-2\n", f), 0);
    ck_assert_int_eq(fclose(f), 0);
    const char *none[] = {NULL};
    run base = solve(none);
    ck_assert_int_eq(base.status, 0);
    write_katsura(8);
    const char *o1[] = {"--memory-limit", "2M", NULL};
    run r = solve(o1);
    expect_stopped(&r, "the memory limit of 2097152 bytes was reached");
    printf("t-cli-solve-limits: katsura-7 --memory-limit 2M: exit 3 after %.3f s, peak RSS "
           "%ld KB (a tiny system: %ld KB)\n", r.secs, r.rss_kb, base.rss_kb);
    /* the library counts GMP's memory by estimates and malloc keeps what it frees:
     * the resident size may pass the limit, by a bounded amount. Not under
     * AddressSanitizer, whose shadow memory and quarantine of freed blocks make the
     * resident size say nothing about the library's accounting (140 MB here). */
#if !defined(GBC_TEST_UNDER_ASAN)
    ck_assert_msg(r.rss_kb - base.rss_kb < 3 * 2048 + 4096, "peak RSS %ld KB", r.rss_kb);
#else
    printf("t-cli-solve-limits: the resident-size bound is not checked under ASan\n");
#endif
    /* within the limits: the same output */
    write_katsura(4);
    run free_run = solve(none);
    ck_assert_int_eq(free_run.status, 0);
    char *want = tu_read_file(path("out.txt"), NULL);
    const char *o2[] = {"--memory-limit", "256M", "--timeout", "600", NULL};
    r = solve(o2);
    ck_assert_int_eq(r.status, 0);
    char *got = tu_read_file(path("out.txt"), NULL);
    ck_assert_ptr_nonnull(want);
    ck_assert_ptr_nonnull(got);
    ck_assert_str_eq(got, want);
    free(want);
    free(got);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("cli-solve-limits");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_timeout);
    tcase_add_test(tc, test_memory_limit);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(suite());
}
