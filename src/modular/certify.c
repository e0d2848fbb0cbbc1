/* modular/certify: the proof over Q of a candidate (the plan's certify; modular.h), its
 * test hook that alters candidates, and mod_verify: the check followed by the proof. */
#include "modular/modular_int.h"

#include "check/check.h"

/* The certification of modular.h: generators of J reduce to zero, G is a Groebner
 * basis. (Leading monomials equal to an untraced basis mod a prime were checked by
 * the caller.) */
gbc_status mod_certify(modst *S, const plist *G, int *ok)
{
    int contained = 0;
    *ok = 0;
    gbc_log(S->ctx, 1, "modular: certification: reducing the generators over Q");
    gbc_progress(S->ctx, "certify", 0.0, 0);
    GBC_TRY(check_ideal_contains(S->ctx, &S->W, G, &S->zin, &contained, NULL));
    if (!contained) {
        gbc_log(S->ctx, 1, "modular: certification: a generator does not reduce to zero");
        return GBC_OK;
    }
    gbc_log(S->ctx, 1, "modular: certification: the generators reduce to zero; "
            "reducing the S-pairs over Q");
    gbc_progress(S->ctx, "certify", 0.5, 1);
    int is_gb = 0;
    GBC_TRY(check_groebner_criteria(S->ctx, &S->W, G, &is_gb));
    if (!is_gb) {
        gbc_log(S->ctx, 1, "modular: certification: an S-pair does not reduce to zero");
        return GBC_OK;
    }
    *ok = 1;
    return GBC_OK;
}

/* The test hook of gbc_plan.corrupt_candidates: double the last coefficient of the
 * last polynomial of G that has more than one term (nothing if there is none). */
static void corrupt_candidate(plist *G)
{
    for (size_t k = G->n; k-- > 0;)
        if (G->p[k].len > 1) {
            mpq_t *c = &G->p[k].cq[G->p[k].len - 1];
            mpq_add(*c, *c, *c);
            return;
        }
}

gbc_status mod_verify(modst *S, size_t *corrupted, plist *cq, int *verdict)
{
    gbc_ctx *ctx = S->ctx;
    const gbc_plan *P = S->plan;
    int v;
    GBC_TRY(mod_check_candidate(S, &v));
    *verdict = v;
    if (v != MOD_ACCEPT || !P->certify)
        return GBC_OK;
    *verdict = MOD_RESTART;
    GBC_TRY(mod_cand_export(S, cq, 0));
    if (*corrupted < P->corrupt_candidates) {
        corrupt_candidate(cq);
        (*corrupted)++;
    }
    int ok = 0;
    GBC_TRY(mod_certify(S, cq, &ok));
    if (ok) {
        gbc_log(ctx, 1, "modular: certified over Q");
        *verdict = MOD_ACCEPT;
        return GBC_OK;
    }
    /* the candidate is settled: a wrong one is only left behind by learning anew */
    plist_clear(ctx, cq, &S->R->F);
    return GBC_OK;
}
