/* sig: the driver of the signature-based F4: setup, the generators, the elements
 * and their pairs, one degree after another, and the entry point (homogenising
 * when the input is not homogeneous, F4's final interreduction at the end). The
 * parts are listed in sig_int.h; docs/sig.md explains the algorithm. */
#include <stdio.h>

#include "sig/sig_int.h"

#include "f4/f4.h"
#include "f4/f4_int.h"

/* -------------------------------------------------------------- setup -- */

static void sig_free(sig_state *S)
{
    gbc_ctx *ctx = S->ctx;
    for (size_t i = 0; i < S->n; i++)
        poly_clear(ctx, &S->e[i].g, S->F);
    for (size_t i = 0; i < S->ngens; i++)
        poly_clear(ctx, &S->gens[i], S->F);
    if (S->sdl != NULL && S->sdl_on != NULL)
        for (size_t i = 0; i < S->ngens; i++)
            if (S->sdl_on[i])
                dl_clear(ctx, &S->sdl[i]);
    gbc_free(ctx, S->sdl);
    gbc_free(ctx, S->sdl_on);
    gbc_free(ctx, S->gens);
    gbc_free(ctx, S->gdeg);
    gbc_free(ctx, S->e);
    for (size_t i = 0; i < S->npb; i++)
        gbc_free(ctx, S->pb[i].p);
    gbc_free(ctx, S->pb);
    gbc_free(ctx, S->cand);
    gbc_free(ctx, S->kept);
    sig_set_clear(ctx, &S->sel);
    sig_set_clear(ctx, &S->rows);
    gbc_free(ctx, S->row);
    gbc_arena_clear(ctx, &S->arena);
    gbc_free(ctx, S->colmon);
    gbc_free(ctx, S->piv);
    gbc_free(ctx, S->dense);
    gbc_free(ctx, S->tcols);
    gbc_free(ctx, S->tcf);
    gbc_free(ctx, S->res);
    gbc_free(ctx, S->rank);
    gbc_free(ctx, S->heap);
    gbc_free(ctx, S->ex);
    gbc_free(ctx, S->ex2);
    gbc_free(ctx, S->ex3);
    gbc_free(ctx, S->ex4);
    gbc_free(ctx, S->ex5);
    dl_clear(ctx, &S->dl);
    dl_clear(ctx, &S->syz);
    mht_clear(ctx, &S->sht);
    mht_clear(ctx, &S->rst);
    mht_clear(ctx, &S->sgt);
    mht_clear(ctx, &S->bht);
    mht_params_clear(ctx, &S->par);
}

static gbc_status sig_setup(sig_state *S, gbc_ctx *ctx, const ring *R, gb_stats *stats)
{
    memset(S, 0, sizeof *S);
    S->ctx = ctx;
    S->R = R;
    S->F = &R->F;
    S->stats = stats;
    gbc_arena_init(&S->arena, 1 << 20);
    GBC_TRY(mht_params_init(ctx, &S->par, &R->ord, SIG_HASH_SEED));
    GBC_TRY(mht_init(ctx, &S->bht, &S->par, 10));
    GBC_TRY(mht_init(ctx, &S->sgt, &S->par, 10));
    GBC_TRY(mht_init(ctx, &S->rst, &S->par, 10));
    GBC_TRY(mht_init(ctx, &S->sht, &S->par, 10));
    GBC_TRY(dl_init(ctx, &S->dl, DL_TREE, R->nvars, &S->par.dm));
    GBC_TRY(dl_init(ctx, &S->syz, DL_TREE, R->nvars, &S->par.dm));
    GBC_TRY(sig_set_init(ctx, &S->sel));
    GBC_TRY(sig_set_init(ctx, &S->rows));
    size_t w = R->nvars ? R->nvars : 1;
    GBC_TRY(GBC_ALLOC(ctx, S->ex, w));
    GBC_TRY(GBC_ALLOC(ctx, S->ex2, w));
    GBC_TRY(GBC_ALLOC(ctx, S->ex3, w));
    GBC_TRY(GBC_ALLOC(ctx, S->ex4, w));
    GBC_TRY(GBC_ALLOC(ctx, S->ex5, w));
    return GBC_OK;
}

/* Free what only the rounds use (the last matrix, the pairs, the current
 * degree's signatures), once they are over: the elements are then converted to
 * plain form without the last matrix beside them. sig_free stays valid after. */
static void sig_release_rounds(sig_state *S)
{
    gbc_ctx *ctx = S->ctx;
    gbc_arena_clear(ctx, &S->arena);
    mht_clear(ctx, &S->sht);
    mht_clear(ctx, &S->rst);
    for (size_t i = 0; i < S->npb; i++) {
        gbc_free(ctx, S->pb[i].p);
        S->pb[i].p = NULL;
        S->pb[i].n = S->pb[i].cap = 0;
    }
    S->npairs = 0;
    gbc_free(ctx, S->row);
    gbc_free(ctx, S->piv);
    gbc_free(ctx, S->dense);
    gbc_free(ctx, S->tcols);
    gbc_free(ctx, S->tcf);
    gbc_free(ctx, S->res);
    gbc_free(ctx, S->colmon);
    gbc_free(ctx, S->rank);
    gbc_free(ctx, S->heap);
    gbc_free(ctx, S->cand);
    gbc_free(ctx, S->kept);
    S->row = NULL;
    S->piv = NULL;
    S->dense = NULL;
    S->tcols = S->tcf = NULL;
    S->res = NULL;
    S->colmon = S->rank = NULL;
    S->heap = NULL;
    S->cand = NULL;
    S->kept = NULL;
    S->nrow = S->rowcap = S->densecap = S->rescap = S->colcap = S->nheap = S->heapcap = 0;
    S->ncand = S->candcap = S->nkept = S->keptcap = 0;
}

/* ---------------------------------------------------- elements, pairs -- */

static gbc_status push_pair(sig_state *S, uint32_t deg, uint32_t a, uint32_t b)
{
    gbc_ctx *ctx = S->ctx;
    if (deg >= S->npb) {
        size_t nn = S->npb ? S->npb : 16;
        while (nn <= deg)
            nn *= 2;
        GBC_TRY(GBC_RESIZE(ctx, S->pb, nn));
        memset(S->pb + S->npb, 0, sizeof(sig_bucket) * (nn - S->npb));
        S->npb = nn;
    }
    sig_bucket *B = &S->pb[deg];
    GBC_TRY(GBC_GROW(ctx, B->p, B->cap, B->n + 1));
    B->p[B->n++] = (sig_pair){a, b};
    S->npairs++;
    return GBC_OK;
}

/* The pairs of the new element h with every earlier element, of lcm degree > d
 * (those of degree d were rows of h's own matrix: see the closure in sig_round).
 * Singular pairs (both halves of one signature) and pairs with coprime leading
 * monomials (their signature leads a Koszul syzygy) are dropped. */
static gbc_status new_pairs(sig_state *S, uint32_t h, uint32_t d)
{
    const uint32_t n = S->R->nvars;
    const sig_elem *H = &S->e[h];
    const uint32_t *eh = mht_exps(&S->bht, H->lm), *th = mht_exps(&S->sgt, H->sm);
    uint32_t *sa = S->ex2, *sb = S->ex3;
    for (uint32_t j = 0; j < h; j++) {
        const sig_elem *J = &S->e[j];
        const uint32_t *ej = mht_exps(&S->bht, J->lm), *tj = mht_exps(&S->sgt, J->sm);
        uint64_t deg = 0;
        int coprime = 1;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t l = eh[i] > ej[i] ? eh[i] : ej[i];
            deg += l;
            if (eh[i] != 0 && ej[i] != 0)
                coprime = 0;
            sa[i] = l - eh[i] + th[i];
            sb[i] = l - ej[i] + tj[i];
        }
        if (deg <= d)
            continue;
        if (deg > UINT32_MAX)
            return GBC_ERR_OVERFLOW;
        int c;
        if (H->idx != J->idx)
            c = H->idx > J->idx ? 1 : -1;
        else
            c = mono_cmp(&S->R->ord, sa, sb);
        if (c == 0)
            continue;
        if (coprime) {
            S->r_syz++;
            continue;
        }
        GBC_TRY(c > 0 ? push_pair(S, (uint32_t)deg, h, j) : push_pair(S, (uint32_t)deg, j, h));
    }
    return GBC_OK;
}

/* Add the result o of row w (columns of the current matrix) as an element with
 * w's signature. */
static gbc_status add_elem(sig_state *S, const sig_row *w, const sig_piv *o)
{
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_GROW(ctx, S->e, S->cap, S->n + 1));
    sig_elem *E = &S->e[S->n];
    poly_init(&E->g);
    GBC_TRY(poly_alloc(ctx, &E->g, o->len, S->F));
    S->n++; /* owned from here: freed by sig_free */
    for (uint32_t k = 0; k < o->len; k++) {
        GBC_TRY(mht_insert_from(ctx, &S->bht, &S->sht, o->cols[k], &E->g.mon[k]));
        E->g.cf[k] = o->cf[k];
    }
    E->lm = E->g.mon[0];
    E->idx = w->idx;
    E->deg = S->bht.row[E->lm].deg;
    GBC_TRY(mht_insert_from(ctx, &S->sgt, &S->rst, w->tm, &E->sm));
    uint32_t k = (uint32_t)(S->n - 1);
    if (dl_find_divisor(&S->dl, mht_exps(&S->bht, E->lm), S->bht.row[E->lm].divmask) != UINT32_MAX)
        S->r_red++;
    if (S->affine && mht_exps(&S->bht, E->lm)[S->R->nvars - 1] > 0)
        S->r_hlm++;
    GBC_TRY(dl_insert(ctx, &S->dl, mht_exps(&S->bht, E->lm), S->bht.row[E->lm].divmask, k));
    if (!S->sdl_on[w->idx]) {
        GBC_TRY(dl_init(ctx, &S->sdl[w->idx], DL_TREE, S->R->nvars, &S->par.dm));
        S->sdl_on[w->idx] = 1;
    }
    GBC_TRY(dl_insert(ctx, &S->sdl[w->idx], mht_exps(&S->sgt, E->sm), S->sgt.row[E->sm].divmask,
                      k));
    if (S->gd != NULL) {
        /* the row: (signature / the source's signature) times the source; the
         * guide's variables are the first gd->nvars (h, the last, dropped) */
        const uint32_t n = S->R->nvars;
        uint32_t src;
        if (w->elem == SIG_GEN) {
            memset(S->ex4, 0, sizeof(uint32_t) * n);
            src = GEN_FLAG | w->idx;
        } else {
            const uint32_t *et = mht_exps(&S->rst, w->tm);
            const uint32_t *es = mht_exps(&S->sgt, S->e[w->elem].sm);
            for (uint32_t i = 0; i < n; i++)
                S->ex4[i] = et[i] - es[i];
            src = w->elem;
        }
        GBC_TRY(f4_guide_push(ctx, S->gd, E->deg, src, S->ex4, mht_exps(&S->bht, E->lm)));
    }
    return GBC_OK;
}

/* ------------------------------------------------------------- rounds -- */

/* The signature (ia, ta of tA) against (ib, tb of tB), both of one degree. */
int sig_cmp_same_deg(const sig_state *S, uint32_t ia, const mht *tA, uint32_t ta,
                     uint32_t ib, const mht *tB, uint32_t tb)
{
    if (ia != ib)
        return ia < ib ? -1 : 1;
    return mht_cmp2(tA, ta, tB, tb);
}

static inline int row_is_new(const sig_row *w, const sig_piv *o)
{
    return w->sel && o->len > 0 && (w->elem == SIG_GEN || o->cols[0] != w->cols[0]);
}

/* The round's counters reset, and its candidate signatures into S->cand: the
 * pairs of degree d (taken out of their bucket; those the syzygy criterion
 * removes are counted) and the generators of degree d. */
static gbc_status round_candidates(sig_state *S, uint32_t d)
{
    gbc_ctx *ctx = S->ctx;
    const uint32_t n = S->R->nvars;
    S->r_red = 0;
    S->r_hlm = 0;
    S->r_pairs = S->r_syz = S->r_rew = S->r_zero = S->r_zred = S->r_direct = S->r_rows = S->r_new = S->r_passes = 0;
    mht_reset(&S->rst);
    sig_set_reset(&S->sel);
    S->nkept = 0;
    S->ncand = 0;
    /* the pairs of degree d */
    if (d < S->npb) {
        sig_bucket *B = &S->pb[d];
        GBC_TRY(GBC_GROW(ctx, S->cand, S->candcap, B->n + 1));
        for (size_t k = 0; k < B->n; k++) {
            const sig_elem *A = &S->e[B->p[k].a], *Bb = &S->e[B->p[k].b];
            const uint32_t *ea = mht_exps(&S->bht, A->lm), *eb = mht_exps(&S->bht, Bb->lm);
            const uint32_t *ta = mht_exps(&S->sgt, A->sm);
            for (uint32_t i = 0; i < n; i++)
                S->ex[i] = (ea[i] > eb[i] ? ea[i] : eb[i]) - ea[i] + ta[i];
            /* most pairs fall to the syzygy criterion: test before hashing */
            if (sig_is_syzygy_exps(S, A->idx, S->ex, mono_divmask_of(&S->par.dm, S->ex))) {
                S->r_syz++;
                continue;
            }
            uint32_t tm;
            GBC_TRY(mht_insert(ctx, &S->rst, S->ex, &tm));
            S->cand[S->ncand++] = (sig_cand){A->idx, tm, B->p[k].a};
        }
        S->r_pairs = B->n;
        S->npairs -= B->n;
        gbc_free(ctx, B->p);
        B->p = NULL;
        B->n = B->cap = 0;
    }
    /* the generators of degree d */
    memset(S->ex, 0, sizeof(uint32_t) * n);
    for (; S->gnext < S->ngens && S->gdeg[S->gnext] == d; S->gnext++) {
        uint32_t tm;
        GBC_TRY(mht_insert(ctx, &S->rst, S->ex, &tm));
        GBC_TRY(GBC_GROW(ctx, S->cand, S->candcap, S->ncand + 1));
        S->cand[S->ncand++] = (sig_cand){(uint32_t)S->gnext, tm, SIG_GEN};
    }
    return GBC_OK;
}

/* The reduced matrix's rows: a zero row's signature is a syzygy, a new result an
 * element (add_elem); *nnz = the live rows' entries. */
static gbc_status round_results(sig_state *S, size_t *nnz)
{
    gbc_ctx *ctx = S->ctx;
    size_t z = 0;
    for (size_t r = 0; r < S->nrow; r++) {
        const sig_row *w = &S->row[r];
        const sig_piv *o = &S->res[r];
        if (w->dead)
            continue;
        z += w->len;
        if (o->len == 0) {
            S->r_zero++;
            if (!w->sel)
                S->r_zred++;
            GBC_TRY(dl_insert(ctx, &S->syz, mht_exps(&S->rst, w->tm), S->rst.row[w->tm].divmask,
                              w->idx));
            S->nsyz++;
        } else if (row_is_new(w, o)) {
            GBC_TRY(gbc_ctx_check(ctx));
            GBC_TRY(add_elem(S, w, o));
        }
    }
    *nnz = z;
    return GBC_OK;
}

/* The round of degree d into S->stats and the log: nnz entries, nk0 signatures
 * kept before the closure, times t0 (start), tu (pair update), t1 (end) and
 * t_lin (the matrix). */
static void round_report(sig_state *S, uint32_t d, size_t nnz, size_t nk0, double t0,
                         double tu, double t1, double t_lin)
{
    gbc_ctx *ctx = S->ctx;
    if (S->stats) {
        gb_stats *st = S->stats;
        st->rounds++;
        st->pairs_reduced += S->nkept;
        st->zero_reductions += S->r_zero;
        st->matrix_rows += S->nrow;
        st->matrix_cols += S->sht.size;
        st->matrix_nnz += nnz;
        st->sig_pairs += S->r_pairs;
        st->sig_pruned_syz += S->r_syz;
        st->sig_pruned_rewrite += S->r_rew;
        st->sig_passes += S->r_passes;
        st->t_linalg += t_lin;
        st->t_select += (tu - t0) - t_lin;
        st->t_update += t1 - tu;
    }
    gbc_log(ctx, 1, "%6u %7zu %7zu %7zu %7zu %8zu x %-8u %5zu %6zu %9.3f", d, S->r_pairs,
            S->r_syz, S->r_rew, S->nkept, S->nrow, S->sht.size, S->r_zero, S->r_new,
            t1 - t0);
    gbc_log(ctx, 2,
            "       degree %u: %zu redundant new elements, %zu with h in the lm, %zu elements, "
            "%zu pairs waiting; %.1f MB in use, peak %.1f MB",
            d, S->r_red, S->r_hlm, S->n, S->npairs, (double)ctx->mem_used / 1048576.0,
            (double)ctx->mem_peak / 1048576.0);
    if (S->r_passes > 1 || S->r_zred > 0)
        gbc_log(ctx, 2,
                "       degree %u: %zu signatures joined the matrix %zu times (closure of "
                "the degree), %zu direct pivots, %zu reducers to zero",
                d, S->nkept - nk0, S->r_passes - 1, S->r_direct, S->r_zred);
}

/* One degree: the candidates filtered, the matrix built and reduced in signature
 * order, the results as syzygies or new elements with their pairs. */
static gbc_status sig_round(sig_state *S, uint32_t d)
{
    double t0 = gbc_wall_time();
    GBC_TRY(round_candidates(S, d));
    size_t added;
    GBC_TRY(sig_filter(S, &added));
    size_t nk0 = S->nkept;
    double ta = gbc_wall_time();
    S->r_passes = 1;
    GBC_TRY(sig_matrix(S));
    double t_lin = gbc_wall_time() - ta;
    /* zero rows: syzygy signatures; new elements (and their pairs) */
    size_t n0 = S->n, nnz = 0;
    GBC_TRY(round_results(S, &nnz));
    S->r_new = S->n - n0;
    S->r_rows = S->nrow;
    double tu = gbc_wall_time();
    for (size_t h = n0; h < S->n; h++)
        GBC_TRY(new_pairs(S, (uint32_t)h, d));
    double t1 = gbc_wall_time();
    round_report(S, d, nnz, nk0, t0, tu, t1, t_lin);
    return GBC_OK;
}

/* ---------------------------------------------------------------- main -- */

static int plist_is_homogeneous(const plist *L, uint32_t nvars)
{
    for (size_t i = 0; i < L->n; i++) {
        const ppoly *f = &L->p[i];
        for (size_t k = 1; k < f->len; k++)
            if (mono_degree(f->exps + k * nvars, nvars) != mono_degree(f->exps, nvars))
                return 0;
    }
    return 1;
}

/* Whether element i's lm is a multiple of another element's (equal ones: of an
 * earlier one's). */
typedef struct red_visit {
    uint32_t i, lm;
    const sig_state *S;
} red_visit;

static int visit_red(void *data, uint32_t val, const uint32_t *exps)
{
    (void)exps;
    const red_visit *v = data;
    if (val == v->i)
        return 0;
    return v->S->e[val].lm != v->lm || val < v->i;
}

static int lm_redundant(const sig_state *S, uint32_t i)
{
    red_visit v = {i, S->e[i].lm, S};
    return dl_for_each_divisor(&S->dl, mht_exps(&S->bht, v.lm), S->bht.row[v.lm].divmask,
                               visit_red, &v) != 0;
}

/* The handover heuristic (docs/sig.md, "Handover"): the signature basis grows
 * mostly by elements F4 would not keep (their lm is in the lm ideal already) and
 * more so from degree to degree: a larger redundant share than in each of the two
 * degrees before, and either at least SIG_HO_NEW new elements in this degree with
 * at least 60% of them redundant, or at least SIG_HO_NEW_MID with at least 45%
 * (cyclic-7: 138 new elements at degree 12, 49% redundant). For homogenised
 * (affine) input, also a rising share of at least 60% of new elements whose lm has
 * h, in a degree of at least SIG_HO_NEW_H new elements: elements of the
 * homogenised ideal that are degree falls of the affine one, which F4 on the
 * affine system uses at their lower degree and the homogenised computation can
 * only use multiplied by h. */
#define SIG_HO_NEW 200
#define SIG_HO_NEW_MID 100
#define SIG_HO_NEW_H 10
static int want_handover(sig_state *S, const sig_opts *o, uint32_t d)
{
    double share = S->r_new > 0 ? (double)S->r_red / (double)S->r_new : 0.0;
    double hshare = S->r_new > 0 ? (double)S->r_hlm / (double)S->r_new : 0.0;
    int rising = share > S->ho_share[0] && S->ho_share[0] > S->ho_share[1];
    int hrising = hshare > S->ho_hshare[0] && S->ho_hshare[0] > S->ho_hshare[1];
    int ok = 0;
    if (o->handover > 0)
        ok = d >= (uint32_t)o->handover;
    else if (o->handover == 0)
        ok = (rising && ((S->r_new >= SIG_HO_NEW && share >= 0.6) ||
                         (S->r_new >= SIG_HO_NEW_MID && share >= 0.45))) ||
             (S->affine && hrising && S->r_new >= SIG_HO_NEW_H && hshare >= 0.6);
    S->ho_share[1] = S->ho_share[0];
    S->ho_share[0] = share;
    S->ho_hshare[1] = S->ho_hshare[0];
    S->ho_hshare[0] = hshare;
    return ok;
}

/* A handover's list G (ring R): its first nmin polynomials (the elements with
 * minimal leading monomials, distinct) replaced by their interreduction (each tail
 * reduced by the others: f4_reduce_basis_kind, a triangular change that keeps the
 * ideal they generate and their leading monomials), the generators after them kept
 * as they are; with mode 0 only when the elements' plain form takes at least
 * SIG_HO_REDUCE_BYTES (mode 1: always, -1: never) (F4 keeps them as generators, and the plain list lives
 * through F4's run). The elements keep the tails their matrices left them (a tail may
 * only be reduced by rows of smaller signature): on eco-13 the 1160 elements handed
 * over have 914K terms before, and F4 would keep them as generators. */
#define SIG_HO_REDUCE_BYTES ((size_t)16 << 20)
static gbc_status handover_interreduce(gbc_ctx *ctx, const ring *R, plist *G, size_t *pnmin,
                                      int mode)
{
    const size_t nmin = *pnmin;
    if (nmin == 0 || mode < 0)
        return GBC_OK;
    size_t terms = 0;
    for (size_t i = 0; i < nmin; i++)
        terms += G->p[i].len;
    /* small lists are left alone: the interreduction costs more time than F4 saves
     * (cyclic-7: 58K terms after it, +15% instructions for the whole run) */
    if (mode == 0 && terms * ((size_t)R->nvars + 1) * sizeof(uint32_t) < SIG_HO_REDUCE_BYTES)
        return GBC_OK;
    plist head = *G, Gr;
    head.n = nmin;
    plist_init(&Gr);
    gbc_status st;
    GBC_CHECK(st, f4_reduce_basis_kind(ctx, R, &head, &Gr, 0), fail);
    const size_t nred = Gr.n; /* nmin: their leading monomials are distinct */
    GBC_CHECK(st, GBC_GROW(ctx, Gr.p, Gr.cap, Gr.n + (G->n - nmin)), fail);
    /* the generators move (their buffers change owner) */
    for (size_t i = nmin; i < G->n; i++)
        Gr.p[Gr.n++] = G->p[i];
    G->n = nmin;
    plist_clear(ctx, G, &R->F);
    *G = Gr;
    *pnmin = nred;
    return GBC_OK;
fail:
    plist_clear(ctx, &Gr, &R->F);
    return st;
}

/* The generators of in into S->gens: monic, zeros dropped, sorted by degree
 * (stably), with their degrees and the signature lookup's slots; pushed to the
 * guide gd too (or NULL). *unit when one is a constant (nothing else is done). */
static gbc_status sig_take_gens(sig_state *S, const plist *in, f4_guide *gd, int *unit)
{
    gbc_ctx *ctx = S->ctx;
    GBC_TRY(GBC_ZALLOC(ctx, S->gens, in->n ? in->n : 1));
    for (size_t i = 0; i < in->n; i++) {
        poly *f = &S->gens[S->ngens];
        GBC_TRY(poly_from_plain(ctx, f, &in->p[i], &S->bht, S->F));
        if (f->len == 0) {
            poly_clear(ctx, f, S->F);
            continue;
        }
        poly_normalize_lc(f, S->F);
        if (S->bht.row[f->mon[0]].deg == 0)
            *unit = 1;
        S->ngens++;
    }
    if (*unit)
        return GBC_OK;
    /* generator i is e_i: sorted by degree (stably), so that e_i < e_j for i < j
     * comes with deg f_i <= deg f_j, the order F5 is efficient in */
    for (size_t i = 1; i < S->ngens; i++) {
        poly f = S->gens[i];
        uint32_t df = S->bht.row[f.mon[0]].deg;
        size_t j = i;
        for (; j > 0 && S->bht.row[S->gens[j - 1].mon[0]].deg > df; j--)
            S->gens[j] = S->gens[j - 1];
        S->gens[j] = f;
    }
    size_t ng = S->ngens ? S->ngens : 1;
    GBC_TRY(GBC_ALLOC(ctx, S->gdeg, ng));
    GBC_TRY(GBC_ZALLOC(ctx, S->sdl, ng));
    GBC_TRY(GBC_ZALLOC(ctx, S->sdl_on, ng));
    for (size_t i = 0; i < S->ngens; i++)
        S->gdeg[i] = S->bht.row[S->gens[i].mon[0]].deg;
    if (gd != NULL)
        for (size_t i = 0; i < S->ngens; i++)
            GBC_TRY(f4_guide_push_gen(ctx, gd, mht_exps(&S->bht, S->gens[i].mon[0])));
    return GBC_OK;
}

/* One degree after another (sig_round) until no pair or generator is left, or the
 * handover after degree d (*handed = d). */
static gbc_status sig_rounds(sig_state *S, const sig_opts *o, uint32_t *handed)
{
    gbc_ctx *ctx = S->ctx;
    uint64_t nrounds = 0;
    while (S->gnext < S->ngens || S->npairs > 0) {
        GBC_TRY(gbc_ctx_check(ctx));
        gbc_progress(ctx, "sig", -1.0, nrounds++);
        uint32_t d = UINT32_MAX;
        for (size_t k = 0; k < S->npb; k++)
            if (S->pb[k].n > 0) {
                d = (uint32_t)k;
                break;
            }
        if (S->gnext < S->ngens && S->gdeg[S->gnext] < d)
            d = S->gdeg[S->gnext];
        GBC_TRY(sig_round(S, d));
        if ((S->gnext < S->ngens || S->npairs > 0) && want_handover(S, o, d)) {
            *handed = d;
            break;
        }
    }
    return GBC_OK;
}

/* After a handover: the elements with minimal leading monomials (a Groebner basis
 * up to degree *handed) and the generators not reached, into G: they generate the
 * ideal; *nmin_out = the elements. */
static gbc_status sig_handed_out(sig_state *S, plist *G, uint32_t handed, size_t *nmin_out)
{
    gbc_ctx *ctx = S->ctx;
    size_t nmin = 0;
    for (size_t i = 0; i < S->n; i++)
        if (!lm_redundant(S, (uint32_t)i)) {
            GBC_TRY(plist_push_poly(ctx, G, &S->e[i].g, &S->bht, S->F, 1));
            nmin++;
        }
    *nmin_out = nmin;
    for (size_t i = S->gnext; i < S->ngens; i++)
        GBC_TRY(plist_push_poly(ctx, G, &S->gens[i], &S->bht, S->F, 1));
    gbc_log(ctx, 1,
            "sig: after degree %u the rest goes to F4 (%zu of %zu new elements of the "
            "degree were redundant, %zu had h in the lm); F4 starts from %zu elements and "
            "%zu generators",
            handed, S->r_red, S->r_new, S->r_hlm, nmin, S->ngens - S->gnext);
    return GBC_OK;
}

/* The elements of the signature basis of the homogeneous in (ring R) with minimal
 * leading monomials as a plain list G (not reduced; a Groebner basis), or *unit; or, when the handover (o) happens after
 * degree d, *handed = d and G a list of polynomials that generate the ideal
 * (docs/sig.md). */
static gbc_status sig_core(gbc_ctx *ctx, const ring *R, const plist *in, plist *G,
                           gb_stats *stats, int *unit, const sig_opts *o, uint32_t *handed,
                           int affine, size_t *nmin_out, f4_guide *gd)
{
    sig_state S;
    gbc_status st;
    GBC_CHECK(st, sig_setup(&S, ctx, R, stats), done);
    S.gd = gd;
    S.rew_sig = o->rew_sig;
    S.affine = affine;
    GBC_CHECK(st, sig_take_gens(&S, in, gd, unit), done);
    if (*unit)
        goto done;
    gbc_log(ctx, 1, "signature F4 over GF(%u), %u variables, %zu generators", R->F.p,
            R->nvars, S.ngens);
    gbc_log(ctx, 1, "degree   pairs syzcrit rewrite    rows  matrix rows x cols   zero    new   seconds");
    GBC_CHECK(st, sig_rounds(&S, o, handed), done);
    if (stats)
        stats->monomials = S.bht.size;
    sig_release_rounds(&S);
    if (gd != NULL) {
        /* sig_learn: the rows are in gd; the leading monomials of the basis too */
        for (size_t i = 0; i < S.n && !*handed; i++)
            if (!lm_redundant(&S, (uint32_t)i))
                GBC_CHECK(st, f4_guide_push_min(ctx, gd, mht_exps(&S.bht, S.e[i].lm)), done);
        goto done;
    }
    if (*handed) {
        GBC_CHECK(st, sig_handed_out(&S, G, *handed, nmin_out), done);
        goto done;
    }
    /* the elements with minimal leading monomials are a Groebner basis (the others
     * would be dropped by the final interreduction anyway, after their conversion) */
    for (size_t i = 0; i < S.n; i++)
        if (!lm_redundant(&S, (uint32_t)i))
            GBC_CHECK(st, plist_push_poly(ctx, G, &S.e[i].g, &S.bht, S.F, 1), done);
done:
    sig_free(&S);
    if (st == GBC_OK && *handed)
        st = handover_interreduce(ctx, R, G, nmin_out, o->ho_reduce);
    return st;
}

const sig_opts sig_opts_default = {0, 0, 0, 0};

/* Drop the last variable (h) of every polynomial of L (ring of nvars + 1
 * variables) in place: plist_dehomogenize without a copy (the exponent buffers keep
 * their size). For homogeneous polynomials the terms stay distinct and in order
 * (docs/sig.md). */
static void dehomogenize_inplace(plist *L, uint32_t nvars)
{
    for (size_t k = 0; k < L->n; k++) {
        ppoly *p = &L->p[k];
        for (size_t t = 1; t < p->len; t++)
            memmove(p->exps + t * nvars, p->exps + t * (nvars + 1), sizeof(uint32_t) * nvars);
    }
}

/* The F4 run after a handover after degree d (docs/sig.md, "Handover"): G is the
 * list sig_core made (in Rh, the homogenised ring, when affine, else in R): its
 * first nmin polynomials the elements with minimal leading monomials (a Groebner
 * basis up to degree d of the homogeneous ideal the engine computed), then the
 * generators not reached. G is consumed (left empty). With o->ho_generators all go
 * to F4 as generators (affine: dehomogenised); else the elements start F4's basis
 * with their degrees (f4_groebner_resume), so that the pairs among them that are
 * known to reduce to zero are not formed. F4 runs in R when R's order is
 * degree-compatible, else in Rh as f4_groebner_homog does (the elements and
 * generators of homogeneous input homogenised: h absent), dehomogenised and
 * reduced after. */
static gbc_status handover_f4(gbc_ctx *ctx, const ring *R, const ring *Rh, int affine,
                              plist *G, size_t nmin, uint32_t d, const sig_opts *o,
                              plist *out, gb_stats *stats, int minimal)
{
    const ring *Rw = affine ? Rh : R;
    plist E, gens, Eh, gh, hout, dh;
    plist_init(&E);
    plist_init(&gens);
    plist_init(&Eh);
    plist_init(&gh);
    plist_init(&hout);
    plist_init(&dh);
    uint32_t *deg = NULL;
    gbc_status st = GBC_OK;
    if (o->ho_generators) {
        if (affine)
            dehomogenize_inplace(G, R->nvars);
        st = f4_groebner_kind(ctx, R, G, out, stats, minimal);
        goto done;
    }
    if (nmin > G->n) {
        st = GBC_ERR_INTERNAL;
        goto done;
    }
    /* the elements' degrees (they are homogeneous), then the two parts apart: the
     * polynomials move (their buffers change owner) */
    GBC_CHECK(st, GBC_ALLOC(ctx, deg, nmin ? nmin : 1), done);
    for (size_t i = 0; i < nmin; i++) {
        uint64_t di = G->p[i].len ? mono_degree(G->p[i].exps, Rw->nvars) : 0;
        if (di > UINT32_MAX) {
            st = GBC_ERR_OVERFLOW;
            goto done;
        }
        deg[i] = (uint32_t)di;
    }
    GBC_CHECK(st, GBC_GROW(ctx, gens.p, gens.cap, G->n - nmin + 1), done);
    for (size_t i = nmin; i < G->n; i++)
        gens.p[gens.n++] = G->p[i];
    G->n = nmin;
    E = *G;
    plist_init(G);
    f4_resume rs = {NULL, deg, d, 0};
    if (ring_is_graded(R)) {
        if (affine) {
            dehomogenize_inplace(&E, R->nvars);
            dehomogenize_inplace(&gens, R->nvars);
        }
        rs.G = &E;
        GBC_CHECK(st, f4_groebner_resume(ctx, R, &rs, &gens, out, stats, minimal), done);
    } else {
        if (affine) {
            Eh = E;
            gh = gens;
            plist_init(&E);
            plist_init(&gens);
        } else {
            GBC_CHECK(st, plist_homogenize(ctx, R, &E, &Eh), done);
            plist_clear(ctx, &E, &R->F);
            GBC_CHECK(st, plist_homogenize(ctx, R, &gens, &gh), done);
            plist_clear(ctx, &gens, &R->F);
        }
        /* the homogenised basis need not be reduced: only its leading terms matter */
        rs.G = &Eh;
        GBC_CHECK(st, f4_groebner_resume(ctx, Rh, &rs, &gh, &hout, stats, 1), done);
        GBC_CHECK(st, plist_dehomogenize(ctx, R, &hout, &dh), done);
        plist_clear(ctx, &hout, &R->F);
        GBC_CHECK(st, f4_reduce_basis_kind(ctx, R, &dh, out, minimal), done);
    }
    gbc_log(ctx, 1, "sig: F4 resumed after degree %u: %zu pairs of the handed elements skipped "
            "as known", d, rs.known);
done:
    gbc_free(ctx, deg);
    plist_clear(ctx, G, &Rw->F);
    plist_clear(ctx, &E, &R->F);
    plist_clear(ctx, &gens, &R->F);
    plist_clear(ctx, &Eh, &R->F);
    plist_clear(ctx, &gh, &R->F);
    plist_clear(ctx, &hout, &R->F);
    plist_clear(ctx, &dh, &R->F);
    return st;
}

gbc_status sig_groebner(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                        gb_stats *stats, int minimal)
{
    return sig_groebner_opts(ctx, R, in, out, stats, minimal, NULL, NULL);
}

gbc_status sig_groebner_opts(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                             gb_stats *stats, int minimal, const sig_opts *o,
                             uint32_t *handed_over)
{
    if (!f4_computes_over(&R->F)) /* F4's rows: where F4 computes */
        return GBC_ERR_DOMAIN;
    if (o == NULL)
        o = &sig_opts_default;
    double t0 = gbc_wall_time();
    int homog = plist_is_homogeneous(in, R->nvars);
    ring Rh;
    ring_homog(&Rh, R);
    plist hin, G, dh;
    plist_init(&hin);
    plist_init(&G);
    plist_init(&dh);
    int unit = 0;
    uint32_t handed = 0;
    size_t nmin = 0;
    gbc_status st;
    if (homog) {
        GBC_CHECK(st, sig_core(ctx, R, in, &G, stats, &unit, o, &handed, 0, &nmin, NULL), done);
    } else {
        /* the basis of the homogenised ideal in (degree, then R's order),
         * dehomogenised, is a Groebner basis for R's order (as in f4_groebner_homog);
         * a handover's generators of the homogenised ideal, dehomogenised,
         * generate the ideal */
        GBC_CHECK(st, plist_homogenize(ctx, R, in, &hin), done);
        GBC_CHECK(st, sig_core(ctx, &Rh, &hin, &G, stats, &unit, o, &handed, 1, &nmin, NULL), done);
        plist_clear(ctx, &hin, &R->F);
        if (!unit && !handed) {
            GBC_CHECK(st, plist_dehomogenize(ctx, R, &G, &dh), done);
            plist_clear(ctx, &G, &R->F);
            G = dh;
            plist_init(&dh);
        }
    }
    double t1 = gbc_wall_time();
    if (unit) {
        GBC_CHECK(st, f4_emit_one(ctx, R, out), done);
    } else if (handed) {
        /* F4 adds its own rounds and times to stats (its seconds are in ours) */
        double secs = stats ? stats->seconds : 0.0;
        size_t terms = 0;
        for (size_t i = 0; i < G.n; i++)
            terms += G.p[i].len;
        gbc_log(ctx, 2, "sig: F4 gets %zu polynomials, %zu terms; %.1f MB in use, peak so far %.1f MB",
                G.n, terms, ctx->mem_used / 1048576.0, ctx->mem_peak / 1048576.0);
        GBC_CHECK(st, handover_f4(ctx, R, &Rh, !homog, &G, nmin, handed, o, out, stats,
                                  minimal), done);
        if (stats)
            stats->seconds = secs;
        t1 = gbc_wall_time();
    } else {
        GBC_CHECK(st, f4_reduce_basis_kind(ctx, R, &G, out, minimal), done);
    }
    if (stats) {
        stats->t_interreduce += gbc_wall_time() - t1;
        stats->basis_size = out->n;
    }
    if (handed_over)
        *handed_over = handed;
done:
    if (stats) {
        stats->seconds += gbc_wall_time() - t0;
        stats->peak_bytes = ctx->mem_peak;
    }
    if (st != GBC_OK)
        plist_clear(ctx, out, &R->F);
    plist_clear(ctx, &hin, &R->F);
    plist_clear(ctx, &G, &R->F);
    plist_clear(ctx, &dh, &R->F);
    return st;
}

gbc_status sig_learn(gbc_ctx *ctx, const ring *R, const plist *in, plist *out,
                     gb_stats *stats, f4_trace *tr, int *fell_back)
{
    if (fell_back != NULL)
        *fell_back = 0;
    if (!f4_ring_direct(R)) /* it guides F4's learning run */
        return GBC_ERR_INTERNAL;
    int homog = plist_is_homogeneous(in, R->nvars);
    ring Rh;
    ring_homog(&Rh, R);
    plist hin, G;
    plist_init(&hin);
    plist_init(&G);
    f4_guide gd;
    f4_guide_init(&gd, R->nvars);
    int unit = 0, failed = 0;
    uint32_t handed = 0;
    size_t nmin = 0;
    gbc_status st;
    double t0 = gbc_wall_time();
    if (homog) {
        GBC_CHECK(st, sig_core(ctx, R, in, &G, stats, &unit, &sig_opts_default, &handed, 0,
                               &nmin, &gd), done);
    } else {
        GBC_CHECK(st, plist_homogenize(ctx, R, in, &hin), done);
        GBC_CHECK(st, sig_core(ctx, &Rh, &hin, &G, stats, &unit, &sig_opts_default, &handed,
                               1, &nmin, &gd), done);
        plist_clear(ctx, &hin, &R->F);
    }
    double t1 = gbc_wall_time();
    if (unit || handed) {
        gbc_log(ctx, 1, "sig learn: %s: F4 learns instead",
                unit ? "the unit ideal" : "the engine would hand over to F4");
        failed = 1;
    } else {
        GBC_CHECK(st, f4_learn_guided(ctx, R, in, out, stats, tr, &gd, &failed), done);
        gbc_log(ctx, 1, "sig learn: signature run %.3f s, guided F4 %.3f s%s", t1 - t0,
                gbc_wall_time() - t1, failed ? ": it missed, F4 learns instead" : "");
    }
    f4_guide_clear(ctx, &gd);
    if (failed) {
        f4_trace_reset(ctx, tr);
        if (fell_back != NULL)
            *fell_back = 1;
        GBC_CHECK(st, f4_learn(ctx, R, in, out, stats, tr), done);
    }
done:
    f4_guide_clear(ctx, &gd);
    plist_clear(ctx, &hin, &R->F);
    plist_clear(ctx, &G, &R->F);
    if (st != GBC_OK)
        plist_clear(ctx, out, &R->F);
    return st;
}
