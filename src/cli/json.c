/* cli/json: text results to JSON (json.h). */
#include "json.h"
#include "textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s[0..n) as a JSON string, blanks at both ends dropped */
static void put_str(cli_buf *b, const char *s, size_t n)
{
    while (n > 0 && (*s == ' ' || *s == '\t' || *s == '\r')) {
        s++;
        n--;
    }
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    cli_buf_put(b, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            cli_buf_put(b, e, 2);
        } else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            cli_buf_put(b, e, 6);
        } else {
            cli_buf_put(b, (const char *)&c, 1);
        }
    }
    cli_buf_put(b, "\"", 1);
}

/* The lines of a text: next line at *pos (without its newline), 0 at the end. */
static int next_line(const char *t, size_t len, size_t *pos, const char **line, size_t *n)
{
    if (*pos >= len)
        return 0;
    const char *s = t + *pos;
    const char *e = memchr(s, '\n', len - *pos);
    size_t l = e ? (size_t)(e - s) : len - *pos;
    *line = s;
    *n = l;
    *pos += l + (e != NULL);
    return 1;
}

/* A line without a trailing ',' (and blanks). */
static size_t trim_comma(const char *s, size_t n)
{
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        n--;
    if (n > 0 && s[n - 1] == ',')
        n--;
    return n;
}

/* The comma-separated items of s[0..n) as a JSON array of strings. */
static void put_items(cli_buf *b, const char *s, size_t n)
{
    n = trim_comma(s, n);
    cli_buf_put(b, "[", 1);
    size_t start = 0;
    int first = 1;
    for (size_t i = 0; i <= n; i++)
        if (i == n || s[i] == ',') {
            if (i > start || i < n) {
                if (!first)
                    cli_buf_put(b, ", ", 2);
                put_str(b, s + start, i - start);
                first = 0;
            }
            start = i + 1;
        }
    cli_buf_put(b, "]", 1);
}

/* The header of an ideal-format text: "variables" and "characteristic". */
/* The term order of this run's results, named in every header (cli_json_set_order). */
static const char *json_order = "grevlex";

void cli_json_set_order(const char *order)
{
    json_order = order != NULL ? order : "grevlex";
}

static int put_header(cli_buf *b, const char *t, size_t len, size_t *pos)
{
    const char *l;
    size_t n;
    if (!next_line(t, len, pos, &l, &n))
        return -1;
    cli_buf_puts(b, ", \"variables\": ");
    put_items(b, l, n);
    if (!next_line(t, len, pos, &l, &n) || n == 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (l[i] < '0' || l[i] > '9')
            return -1;
    cli_buf_puts(b, ", \"characteristic\": ");
    cli_buf_put(b, l, n);
    cli_buf_puts(b, ", \"order\": ");
    put_str(b, json_order, strlen(json_order));
    return 0;
}

int cli_json(const char *command, cli_json_kind kind, const char *key, const char *text,
             size_t len, char **out, size_t *outlen)
{
    cli_buf b = CLI_BUF_INIT;
    size_t pos = 0;
    const char *l;
    size_t n;
    int bad = 0, first = 1;
    cli_buf_puts(&b, "{\"command\": ");
    put_str(&b, command, strlen(command));
    if (kind == CLI_JSON_IDEAL || kind == CLI_JSON_LIFT || kind == CLI_JSON_MODULE)
        bad = put_header(&b, text, len, &pos);
    cli_buf_puts(&b, ", ");
    put_str(&b, key, strlen(key));
    cli_buf_puts(&b, ": ");
    switch (kind) {
    case CLI_JSON_NUMBER:
    case CLI_JSON_STRING:
        if (!next_line(text, len, &pos, &l, &n)) {
            bad = 1;
            break;
        }
        if (kind == CLI_JSON_STRING) {
            put_str(&b, l, n);
            break;
        }
        for (size_t i = 0; i < n; i++)
            bad |= !((l[i] >= '0' && l[i] <= '9') || (i == 0 && l[i] == '-'));
        bad |= n == 0;
        cli_buf_put(&b, l, n);
        break;
    case CLI_JSON_BOOLS:
        cli_buf_put(&b, "[", 1);
        while (next_line(text, len, &pos, &l, &n)) {
            int t = n == 4 && memcmp(l, "true", 4) == 0;
            bad |= !t && !(n == 5 && memcmp(l, "false", 5) == 0);
            cli_buf_puts(&b, first ? "" : ", ");
            cli_buf_puts(&b, t ? "true" : "false");
            first = 0;
        }
        cli_buf_put(&b, "]", 1);
        break;
    case CLI_JSON_IDEAL:
    case CLI_JSON_LINES:
    case CLI_JSON_LISTS:
        cli_buf_put(&b, "[", 1);
        while (next_line(text, len, &pos, &l, &n)) {
            cli_buf_puts(&b, first ? "" : ", ");
            if (kind == CLI_JSON_LISTS)
                put_items(&b, l, n);
            else
                put_str(&b, l, trim_comma(l, n));
            first = 0;
        }
        cli_buf_put(&b, "]", 1);
        break;
    case CLI_JSON_MODULE:
    case CLI_JSON_VECTORS:
    case CLI_JSON_BOXES:
        cli_buf_put(&b, "[", 1);
        while (next_line(text, len, &pos, &l, &n)) {
            n = trim_comma(l, n);
            if (n < 2 || l[0] != '[' || l[n - 1] != ']') {
                bad = 1;
                break;
            }
            cli_buf_puts(&b, first ? "" : ", ");
            first = 0;
            if (kind != CLI_JSON_BOXES) {
                put_items(&b, l + 1, n - 2);
                continue;
            }
            /* "[a, b], [c, d]": the intervals between the brackets */
            cli_buf_put(&b, "[", 1);
            for (size_t i = 0; i < n;) {
                const char *open = memchr(l + i, '[', n - i);
                if (open == NULL)
                    break;
                const char *close = memchr(open, ']', (size_t)(l + n - open));
                if (close == NULL) {
                    bad = 1;
                    break;
                }
                cli_buf_puts(&b, open == memchr(l, '[', n) ? "" : ", ");
                put_items(&b, open + 1, (size_t)(close - open - 1));
                i = (size_t)(close - l) + 1;
            }
            cli_buf_put(&b, "]", 1);
        }
        cli_buf_put(&b, "]", 1);
        break;
    case CLI_JSON_LIFT:
        /* pairs of lines: "# cofactors of ...: g", then the cofactors */
        cli_buf_put(&b, "[", 1);
        while (next_line(text, len, &pos, &l, &n)) {
            static const char tag[] = "# cofactors of ";
            const char *colon = memchr(l, ':', n);
            if (n < sizeof tag - 1 || memcmp(l, tag, sizeof tag - 1) != 0 || colon == NULL) {
                bad = 1;
                break;
            }
            cli_buf_puts(&b, first ? "{\"element\": " : ", {\"element\": ");
            put_str(&b, colon + 1, n - (size_t)(colon + 1 - l));
            cli_buf_puts(&b, ", \"cofactors\": ");
            if (!next_line(text, len, &pos, &l, &n)) {
                bad = 1;
                break;
            }
            put_items(&b, l, n);
            cli_buf_put(&b, "}", 1);
            first = 0;
        }
        cli_buf_put(&b, "]", 1);
        break;
    }
    cli_buf_puts(&b, "}\n");
    if (bad || b.failed) {
        free(b.s);
        return -1;
    }
    *out = b.s;
    *outlen = b.len;
    return 0;
}

int cli_json_betti(const uint64_t *betti, uint32_t nrows, uint32_t ncols, char **out,
                   size_t *outlen)
{
    cli_buf b = CLI_BUF_INIT;
    cli_buf_puts(&b, "{\"command\": \"res\", \"betti\": [");
    for (uint32_t d = 0; d < nrows; d++) {
        cli_buf_puts(&b, d ? ", [" : "[");
        for (uint32_t i = 0; i < ncols; i++) {
            char num[32];
            snprintf(num, sizeof num, "%s%llu", i ? ", " : "",
                     (unsigned long long)betti[(size_t)d * ncols + i]);
            cli_buf_puts(&b, num);
        }
        cli_buf_put(&b, "]", 1);
    }
    cli_buf_puts(&b, "]}\n");
    if (b.failed) {
        free(b.s);
        return -1;
    }
    *out = b.s;
    *outlen = b.len;
    return 0;
}

int cli_json_null(const char *command, const char *key, char **out, size_t *outlen)
{
    cli_buf b = CLI_BUF_INIT;
    cli_buf_puts(&b, "{\"command\": ");
    put_str(&b, command, strlen(command));
    cli_buf_puts(&b, ", ");
    put_str(&b, key, strlen(key));
    cli_buf_puts(&b, ": null}\n");
    if (b.failed) {
        free(b.s);
        return -1;
    }
    *out = b.s;
    *outlen = b.len;
    return 0;
}
