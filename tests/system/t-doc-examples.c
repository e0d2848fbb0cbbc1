/* The command examples of README.md and docs/ pages run as written: every indented
 * line `./build/gbc ...` or `$ gbc ...` whose inputs exist (bundled examples/ files,
 * or files the page shows with `$ cat NAME`) must exit 0, and its output must be
 * what the page shows: the lines after a `$ gbc` line up to a blank line, or a
 * `# VALUE` comment that is a result (a number or polynomial; `...` stands for
 * any text). Lines with placeholders (FILE, [options], a|b) are not runnable and are
 * skipped; the test fails if fewer examples ran than the pages hold runnable. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static char root[1024], tmpdir[256];
static int ran, compared;

/* the repository's root, from GBC_TEST_DATA (ROOT/tests/data) */
static void find_root(void)
{
    const char *d = getenv("GBC_TEST_DATA");
    ck_assert_msg(d != NULL, "GBC_TEST_DATA must be set (ctest sets it)");
    snprintf(root, sizeof root, "%s/../..", d);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' ||
                     s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/* whether text matches want, where "..." in want stands for any text */
static int matches(const char *text, const char *want)
{
    const char *dots = strstr(want, "...");
    if (dots == NULL)
        return strcmp(text, want) == 0;
    size_t pre = (size_t)(dots - want), suf = strlen(dots + 3);
    size_t n = strlen(text);
    return n >= pre + suf && strncmp(text, want, pre) == 0 &&
           strcmp(text + n - suf, dots + 3) == 0;
}

/* Run cmd (gbc replaced by the tool's path, files shown by the page in tmpdir) in
 * the repository's root; its stdout into *out. Returns the exit status. */
static int run(const char *cmd, char **out)
{
    char line[4096], outp[512];
    snprintf(outp, sizeof outp, "%s/out.txt", tmpdir);
    snprintf(line, sizeof line, "cd '%s' && PATH='%s':\"$PATH\" %s > '%s' 2>/dev/null", root,
             tmpdir, cmd, outp);
    int ws = system(line);
    size_t len;
    *out = tu_read_file(outp, &len);
    ck_assert_ptr_nonnull(*out);
    return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128;
}

/* whether every file-like operand of cmd (a word with a '.' and no '-' start)
 * exists in the root or in tmpdir; shown files are linked into the root's view by
 * rewriting the command */
static int inputs_exist(const char *cmd, char *rewritten, size_t cap)
{
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", cmd);
    rewritten[0] = '\0';
    for (char *w = strtok(buf, " "); w != NULL; w = strtok(NULL, " ")) {
        char word[1200];
        snprintf(word, sizeof word, "%s", w);
        if (strchr(w, '.') != NULL && w[0] != '-' && w[0] != '>' && w[0] != '/' &&
            strncmp(w, "./build/", 8) != 0) {
            char p[2048];
            snprintf(p, sizeof p, "%s/%s", root, w);
            if (access(p, R_OK) != 0) {
                snprintf(p, sizeof p, "%s/%s", tmpdir, w);
                if (access(p, R_OK) != 0)
                    return 0;
                snprintf(word, sizeof word, "'%s'", p);
            }
        }
        if (strcmp(w, "./build/gbc") == 0 || strcmp(w, "gbc") == 0)
            snprintf(word, sizeof word, "'%s'", getenv("GBC_BIN"));
        strncat(rewritten, word, cap - strlen(rewritten) - 2);
        strcat(rewritten, " ");
    }
    return 1;
}

static int placeholder(const char *cmd)
{
    return strstr(cmd, "FILE") != NULL || strchr(cmd, '[') != NULL ||
           strchr(cmd, '|') != NULL || strstr(cmd, "$ gbc") != NULL;
}

static void check_page(const char *name)
{
    char path[1400];
    snprintf(path, sizeof path, "%s/%s", root, name);
    size_t len;
    char *text = tu_read_file(path, &len);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    /* the page's lines */
    size_t nl = 0, cap = 1024;
    char **lines = malloc(sizeof(char *) * cap);
    ck_assert_ptr_nonnull(lines);
    for (char *p = text; p != NULL && *p;) {
        char *e = strchr(p, '\n');
        if (e)
            *e = '\0';
        if (nl == cap) {
            cap *= 2;
            lines = realloc(lines, sizeof(char *) * cap);
            ck_assert_ptr_nonnull(lines);
        }
        lines[nl++] = p;
        p = e ? e + 1 : NULL;
    }
    for (size_t i = 0; i < nl; i++) {
        const char *l = lines[i];
        if (strncmp(l, "    ", 4) != 0)
            continue;
        l += 4;
        if (strncmp(l, "$ cat ", 6) == 0) {
            /* a file the page shows: its lines up to the next "$" line */
            char fp[512];
            snprintf(fp, sizeof fp, "%s/%s", tmpdir, l + 6);
            FILE *f = fopen(fp, "w");
            ck_assert_ptr_nonnull(f);
            for (i++; i < nl && strncmp(lines[i], "    ", 4) == 0 &&
                      strncmp(lines[i] + 4, "$ ", 2) != 0;
                 i++)
                fprintf(f, "%s\n", lines[i] + 4);
            fclose(f);
            i--;
            continue;
        }
        int dollar = strncmp(l, "$ gbc ", 6) == 0;
        if (!dollar && strncmp(l, "./build/gbc ", 12) != 0)
            continue;
        char cmd[2048], want[2048] = "";
        snprintf(cmd, sizeof cmd, "%s", dollar ? l + 2 : l);
        char *hash = strstr(cmd, " #");
        if (hash != NULL) {
            snprintf(want, sizeof want, "%s", trim(hash + 2));
            *hash = '\0';
        }
        if (placeholder(cmd))
            continue;
        char rew[4096];
        if (!inputs_exist(trim(cmd), rew, sizeof rew)) {
            printf("%s:%zu: skipped (input not in the repository): %s\n", name, i + 1, cmd);
            continue;
        }
        char *out = NULL;
        int st = run(rew, &out);
        ck_assert_msg(st == 0, "%s:%zu: `%s` exited with %d", name, i + 1, cmd, st);
        ran++;
        if (dollar) {
            /* the shown output: the following indented lines up to a blank one */
            char *o = out;
            size_t k = i + 1;
            for (; k < nl && strncmp(lines[k], "    ", 4) == 0 &&
                   strncmp(lines[k] + 4, "$ ", 2) != 0;
                 k++) {
                char *e = strchr(o, '\n');
                ck_assert_msg(e != NULL, "%s:%zu: `%s` printed fewer lines than shown", name,
                              k + 1, cmd);
                *e = '\0';
                char shown[2048];
                snprintf(shown, sizeof shown, "%s", lines[k] + 4);
                ck_assert_msg(matches(trim(o), trim(shown)), "%s:%zu: `%s` printed '%s', the page shows '%s'",
                              name, k + 1, cmd, o, shown);
                o = e + 1;
            }
            if (k > i + 1) {
                ck_assert_msg(*o == '\0', "%s:%zu: `%s` printed more than shown: %s", name,
                              i + 1, cmd, o);
                compared++;
            }
        } else if (want[0] != '\0' && strspn(want, "0123456789-+*^t.") == strlen(want)) {
            char *e = strchr(out, '\n');
            if (e)
                *e = '\0';
            ck_assert_msg(matches(trim(out), want), "%s:%zu: `%s` printed '%s', the page says '%s'",
                          name, i + 1, cmd, out, want);
            compared++;
        }
        free(out);
    }
    free(lines);
    free(text);
}

START_TEST(test_doc_examples)
{
    find_root();
    const char *t = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/gbc-doc-XXXXXX", t ? t : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    check_page("README.md");
    char docs[1100];
    snprintf(docs, sizeof docs, "%s/docs", root);
    DIR *d = opendir(docs);
    ck_assert_ptr_nonnull(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n > 3 && strcmp(de->d_name + n - 3, ".md") == 0) {
            char page[300];
            snprintf(page, sizeof page, "docs/%s", de->d_name);
            check_page(page);
        }
    }
    closedir(d);
    printf("doc examples: %d run, %d outputs compared\n", ran, compared);
    /* the README alone holds ten runnable examples, four with a result to compare */
    ck_assert_int_ge(ran, 10);
    ck_assert_int_ge(compared, 4);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("doc-examples");
    TCase *tc = tcase_create("doc-examples");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_doc_examples);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
