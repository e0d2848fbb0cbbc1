/* f4/symbolic: the rows of a matrix (multiplier times basis polynomial, monomials
 * hashed into sht) and symbolic preprocessing. */
#include "f4/f4_int.h"

/* Set S->mexps to u / lm where u is a monomial of table tu and lm one of bht;
 * returns the multiplier's hash and degree. */
void f4_multiplier(f4_state *S, const mht *tu, uint32_t u, uint32_t lm, uint32_t *mhash,
                          uint32_t *mdeg)
{
    const uint32_t n = S->R->nvars;
    const uint32_t *eu = mht_exps(tu, u), *el = mht_exps(&S->bht, lm);
    for (uint32_t i = 0; i < n; i++)
        S->mexps[i] = eu[i] - el[i];
    *mhash = mht_hash_sub(tu->row[u].hash, S->bht.row[lm].hash);
    *mdeg = tu->row[u].deg - S->bht.row[lm].deg;
}

/* Keep the multiplier of row number k of the piv (tbr == 0) or tbr list, for the
 * trace. */
static gbc_status f4_stage_mult(f4_state *S, int tbr, size_t k)
{
    size_t w = S->R->nvars ? S->R->nvars : 1;
    uint32_t **arr = tbr ? &S->tmul : &S->pmul;
    size_t *cap = tbr ? &S->tmcap : &S->pmcap;
    GBC_TRY(gbc_grow_array(S->ctx, (void **)arr, cap, (k + 1) * w, sizeof(uint32_t)));
    memcpy(*arr + k * S->R->nvars, S->mexps, sizeof(uint32_t) * S->R->nvars);
    return GBC_OK;
}

/* row = (multiplier in S->mexps) * f, monomials into sht. */
gbc_status f4_make_row(f4_state *S, uint32_t mhash, uint32_t mdeg, const poly *f,
                              uint32_t src, la_row *row)
{
    GBC_TRY(gbc_ctx_poll(S->ctx));
    uint32_t *cols = gbc_arena_alloc(S->ctx, &S->arena, sizeof(uint32_t) * f->len);
    if (cols == NULL)
        return gbc_ctx_alloc_status(S->ctx);
    if (S->sht.pk != NULL && mdeg < 256) {
        /* packed keys: each term's lookup compares 16 bytes (mht.h) */
        uint64_t mpk[2];
        mht_pack(S->mexps, S->R->nvars, mpk);
        for (uint32_t k = 0; k < f->len; k++)
            GBC_TRY(mht_insert_mul_pk(S->ctx, &S->sht, S->mexps, mpk, mhash, mdeg, &S->bht,
                                      f->mon[k], &cols[k]));
    } else {
        for (uint32_t k = 0; k < f->len; k++)
            GBC_TRY(mht_insert_mul_raw(S->ctx, &S->sht, S->mexps, mhash, mdeg, &S->bht,
                                       f->mon[k], &cols[k]));
    }
    row->cols = cols;
    row->cf = f->cf;
    row->len = f->len;
    row->src = src;
    row->tag = 0;
    if (S->rec != NULL) {
        if (S->npiv > 0 && row >= S->piv && row < S->piv + S->npiv)
            GBC_TRY(f4_stage_mult(S, 0, (size_t)(row - S->piv)));
        else
            GBC_TRY(f4_stage_mult(S, 1, (size_t)(row - S->tbr)));
    }
    return GBC_OK;
}

gbc_status f4_push_row(gbc_ctx *ctx, la_row **arr, size_t *n, size_t *cap, la_row **slot)
{
    GBC_TRY(GBC_GROW(ctx, *arr, *cap, *n + 1));
    *slot = &(*arr)[(*n)++];
    return GBC_OK;
}

/* Symbolic preprocessing: every monomial of the matrix that has no pivot yet and is
 * divisible by a basis leading monomial gets a reducer row. Rows added on the way
 * bring new monomials; the scan follows the table as it grows. */
typedef struct sparsest {
    const f4_state *S;
    uint32_t best, len;
} sparsest;

static int visit_sparsest(void *data, uint32_t val, const uint32_t *exps)
{
    sparsest *b = data;
    (void)exps;
    uint32_t len = b->S->g[val].len;
    if (len < b->len || (len == b->len && val < b->best)) {
        b->best = val;
        b->len = len;
    }
    return 0;
}

/* The reducer for monomial u of sht: of the basis elements whose lead divides it,
 * the one with the fewest terms (the oldest of those): the sparsest rows make the
 * sparsest matrix. UINT32_MAX when none divides. */
static uint32_t choose_reducer(const f4_state *S, uint32_t u)
{
    const mht *sht = &S->sht;
    sparsest b = {S, UINT32_MAX, UINT32_MAX};
    dl_for_each_divisor(&S->dl, mht_exps(sht, u), sht->row[u].divmask, visit_sparsest, &b);
    return b.best;
}

gbc_status f4_symbolic(f4_state *S)
{
    mht *sht = &S->sht;
    for (uint32_t u = 0; u < sht->size; u++) {
        if (sht->row[u].aux != MARK_NEW)
            continue;
        uint32_t gi = choose_reducer(S, u);
        if (gi == UINT32_MAX) {
            sht->row[u].aux = MARK_FREE;
            continue;
        }
        uint32_t mh, md;
        f4_multiplier(S, sht, u, S->lm[gi], &mh, &md);
        la_row *row;
        GBC_TRY(f4_push_row(S->ctx, &S->piv, &S->npiv, &S->pcap, &row));
        GBC_TRY(f4_make_row(S, mh, md, &S->g[gi], gi, row));
        GBC_ASSERT(row->cols[0] == u);
        sht->row[u].aux = MARK_PIVOT;
    }
    return GBC_OK;
}

