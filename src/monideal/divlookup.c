/* monideal/divlookup: the divmask-filtered list implementation. */
#include "monideal/divlookup.h"

gbc_status dl_init(gbc_ctx *ctx, divlookup *dl, dl_kind kind, uint32_t nvars,
                   const mono_divmask *dm)
{
    (void)ctx;
    memset(dl, 0, sizeof *dl);
    dl->kind = kind;
    dl->nvars = nvars;
    dl->dm = dm;
    return GBC_OK;
}

void dl_clear(gbc_ctx *ctx, divlookup *dl)
{
    gbc_free(ctx, dl->exps);
    gbc_free(ctx, dl->mask);
    gbc_free(ctx, dl->val);
    memset(dl, 0, sizeof *dl);
}

/* Resize one of the parallel arrays to ncap rows of width elements. */
static gbc_status dl_resize(gbc_ctx *ctx, uint32_t **p, size_t ncap, size_t width)
{
    size_t bytes;
    if (gbc_mul_size(&bytes, ncap, width * sizeof(uint32_t)))
        return GBC_ERR_NOMEM;
    uint32_t *q = gbc_realloc(ctx, *p, bytes);
    if (q == NULL)
        return gbc_ctx_alloc_status(ctx);
    *p = q;
    return GBC_OK;
}

gbc_status dl_insert(gbc_ctx *ctx, divlookup *dl, const uint32_t *e, uint32_t mask,
                     uint32_t val)
{
    if (dl->n == dl->cap) {
        size_t ncap = dl->cap ? 2 * dl->cap : 16;
        GBC_TRY(dl_resize(ctx, &dl->mask, ncap, 1));
        GBC_TRY(dl_resize(ctx, &dl->val, ncap, 1));
        GBC_TRY(dl_resize(ctx, &dl->exps, ncap, dl->nvars ? dl->nvars : 1));
        dl->cap = ncap;
    }
    memcpy(dl->exps + dl->n * dl->nvars, e, sizeof(uint32_t) * dl->nvars);
    dl->mask[dl->n] = mask;
    dl->val[dl->n] = val;
    dl->n++;
    return GBC_OK;
}

uint32_t dl_find_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask)
{
    const uint32_t n = dl->nvars, nm = ~mask;
    for (size_t i = 0; i < dl->n; i++)
        if ((dl->mask[i] & nm) == 0 && mono_divides(dl->exps + i * n, e, n))
            return dl->val[i];
    return UINT32_MAX;
}

int dl_for_each_divisor(const divlookup *dl, const uint32_t *e, uint32_t mask,
                        dl_visit_fn fn, void *data)
{
    const uint32_t n = dl->nvars, nm = ~mask;
    for (size_t i = 0; i < dl->n; i++)
        if ((dl->mask[i] & nm) == 0 && mono_divides(dl->exps + i * n, e, n)) {
            int r = fn(data, dl->val[i], dl->exps + i * n);
            if (r != 0)
                return r;
        }
    return 0;
}

size_t dl_remove_multiples(divlookup *dl, const uint32_t *e, uint32_t mask,
                           void (*fn)(void *data, uint32_t val), void *data)
{
    const uint32_t n = dl->nvars;
    size_t k = 0;
    for (size_t i = 0; i < dl->n; i++) {
        if ((mask & ~dl->mask[i]) == 0 && mono_divides(e, dl->exps + i * n, n)) {
            if (fn != NULL)
                fn(data, dl->val[i]);
            continue;
        }
        if (k != i) {
            memmove(dl->exps + k * n, dl->exps + i * n, sizeof(uint32_t) * n);
            dl->mask[k] = dl->mask[i];
            dl->val[k] = dl->val[i];
        }
        k++;
    }
    size_t removed = dl->n - k;
    dl->n = k;
    return removed;
}

size_t dl_size(const divlookup *dl)
{
    return dl->n;
}

size_t dl_memory(const divlookup *dl)
{
    return dl->cap * (sizeof(uint32_t) * (2 + dl->nvars));
}

const char *dl_name(const divlookup *dl)
{
    (void)dl;
    return "list";
}
