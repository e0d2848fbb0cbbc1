/* poly/ring: the ring description (variable names, field, order), validated once
 * so that everything below the API can trust it. */
#include <ctype.h>
#include <stdio.h>

#include "poly/poly.h"

static int is_identifier(const char *s)
{
    if (s == NULL || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return 0;
    for (const char *p = s + 1; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_'))
            return 0;
    return 1;
}

gbc_status ring_init(gbc_ctx *ctx, ring *R, uint32_t nvars, const char *const *names,
                     uint32_t characteristic, const char *order, char *msg, size_t msglen)
{
    memset(R, 0, sizeof *R);
    if (nvars > 0 && names == NULL) {
        snprintf(msg, msglen, "variable names missing");
        return GBC_ERR_ARG;
    }
    if (field_init(&R->F, characteristic) != GBC_OK) {
        snprintf(msg, msglen, "characteristic %u is not 0 or a prime below 2^31",
                 characteristic);
        return GBC_ERR_DOMAIN;
    }
    gbc_status st = mono_order_parse(ctx, &R->ord, order, nvars, msg, msglen);
    if (st != GBC_OK)
        return st;
    R->nvars = nvars;
    GBC_CHECK(st, GBC_ZALLOC(ctx, R->names, nvars ? nvars : 1), fail);
    GBC_CHECK(st, name_table_init(ctx, &R->vars, nvars), fail);
    for (uint32_t i = 0; i < nvars; i++) {
        if ((i & 1023) == 0 && (st = gbc_ctx_check(ctx)) != GBC_OK) {
            snprintf(msg, msglen, "interrupted");
            goto out;
        }
        if (!is_identifier(names[i])) {
            snprintf(msg, msglen, "variable %u: '%.64s' is not a valid name", i + 1,
                     names[i] ? names[i] : "(null)");
            st = GBC_ERR_ARG;
            goto out;
        }
        size_t len = strlen(names[i]);
        GBC_CHECK(st, GBC_ALLOC(ctx, R->names[i], len + 1), fail);
        memcpy(R->names[i], names[i], len + 1);
        uint32_t dup;
        GBC_CHECK(st, name_table_insert(ctx, &R->vars, R->names[i], len, i, &dup), fail);
        if (dup != UINT32_MAX) {
            snprintf(msg, msglen, "variable '%.64s' is named twice", names[i]);
            st = GBC_ERR_ARG;
            goto out;
        }
    }
    return GBC_OK;
fail:
    snprintf(msg, msglen, "%s", st == GBC_ERR_LIMIT ? "memory limit reached" : "out of memory");
out:
    ring_clear(ctx, R);
    return st;
}

void ring_clear(gbc_ctx *ctx, ring *R)
{
    if (R->names != NULL)
        for (uint32_t i = 0; i < R->nvars; i++)
            gbc_free(ctx, R->names[i]);
    gbc_free(ctx, R->names);
    name_table_clear(ctx, &R->vars);
    mono_order_clear(ctx, &R->ord);
    memset(R, 0, sizeof *R);
}

int64_t ring_find_var(const ring *R, const char *name, size_t len)
{
    if (R->vars.slot != NULL)
        return name_table_find(&R->vars, name, len);
    if (R->names == NULL)
        return -1;
    for (uint32_t i = 0; i < R->nvars; i++)
        if (strncmp(R->names[i], name, len) == 0 && R->names[i][len] == '\0')
            return i;
    return -1;
}

/* A matrix order whose first weight row is all ones compares total degrees first. */
static int first_row_is_degree(const mono_order *o)
{
    if (o->kind != MONO_MATRIX || o->nrows == 0 || o->nvars == 0)
        return 0;
    for (uint32_t v = 0; v < o->nvars; v++)
        if (o->rows[v] != 1)
            return 0;
    return 1;
}

int ring_is_graded(const ring *R)
{
    return R->ord.kind == MONO_GREVLEX || R->ord.kind == MONO_DEGLEX ||
           R->ord.kind == MONO_HOMOG || first_row_is_degree(&R->ord);
}

void ring_homog(ring *Rh, const ring *R)
{
    *Rh = *R;
    mono_order_homog(&Rh->ord, &R->ord);
    Rh->nvars = R->nvars + 1;
    Rh->names = NULL;
    memset(&Rh->vars, 0, sizeof Rh->vars);
}
