/* Differential check shared by the libFuzzer harness fuzz_diff and the regression
 * test t-regress: decode a small ideal from bytes (2-6 variables, a random order and
 * characteristic, Q included), compute its reduced basis with Buchberger, with F4
 * (multi-modular over Q) and, over Q, with the certified modular path, and require
 * identical answers that both verifiers (the fast one and the all-pairs oracle)
 * accept. A byte after the generators picks one or two worker threads and whether a
 * memory limit is set (GBC_ERR_LIMIT without one is a failure). Returns 0 when the
 * input is fine,
 * -1 when it was skipped (interrupted), and 1 on a disagreement (msg says which). */
#include "diff_core.h"
#include "fuzz_cores.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buchberger/buchberger.h"
#include "check/check.h"
#include "f4/f4.h"
#include "modular/modular.h"

typedef struct bytes {
    const uint8_t *p;
    size_t n, i;
} bytes;

static unsigned next(bytes *b)
{
    return b->i < b->n ? b->p[b->i++] : 0;
}

static const char *const names[] = {"a", "b", "c", "d", "e", "f"};
static const uint32_t primes[] = {0, 2, 3, 7, 32003, 65521, 2147483647u, 0};

/* Build the order spec for n variables from two bytes. */
static void make_order(char *buf, size_t len, uint32_t n, unsigned k, unsigned w)
{
    switch (k % 5) {
    case 0: snprintf(buf, len, "grevlex"); break;
    case 1: snprintf(buf, len, "lex"); break;
    case 2: snprintf(buf, len, "deglex"); break;
    case 3: {
        size_t o = (size_t)snprintf(buf, len, "weights:");
        for (uint32_t i = 0; i < n; i++)
            o += (size_t)snprintf(buf + o, len - o, i ? ",%u" : "%u", 1 + ((w >> i) & 3u));
        break;
    }
    default: {
        uint32_t first = 1 + w % (n - 1);
        static const char *const kinds[] = {"grevlex", "lex", "deglex"};
        snprintf(buf, len, "blocks:%s(%u),%s(%u)", kinds[w % 3], first, kinds[(w / 3) % 3],
                 n - first);
    }
    }
}

/* The seed of the modular runs: the process's (GBC_FUZZ_SEED, else drawn from the
 * OS and printed once) mixed with the input's bytes, so that one process repeats
 * itself on one input and different processes draw different primes. */
static uint64_t modular_seed(const uint8_t *data, size_t size)
{
    static uint64_t base;
    static int have;
    if (!have) {
        const char *e = getenv("GBC_FUZZ_SEED");
        if (e != NULL)
            base = strtoull(e, NULL, 0);
        else
            gbc_entropy64(&base);
        fprintf(stderr, "diff_check: modular seed %llu (rerun with GBC_FUZZ_SEED=%llu)\n",
                (unsigned long long)base, (unsigned long long)base);
        have = 1;
    }
    uint64_t h = base;
    for (size_t i = 0; i < size; i++)
        h = gbc_seed_derive(h, data[i]);
    return h;
}

static int compare(const ring *R, const plist *A, const plist *B, const char *what, char *msg,
                   size_t msglen)
{
    if (!check_plist_equal(R, A, B)) {
        snprintf(msg, msglen, "%s differ (%zu and %zu polynomials)", what, A->n, B->n);
        return 1;
    }
    return 0;
}

int diff_check(const uint8_t *data, size_t size, char *msg, size_t msglen)
{
    bytes b = {data, size, 0};
    uint32_t n = 2 + next(&b) % 5;
    uint32_t p = primes[next(&b) % 8];
    unsigned k = next(&b), w = next(&b);
    char order[128];
    make_order(order, sizeof order, n, k, w);
    gbc_ctx ctx;
    gbc_ctx_init(&ctx);
    double deadline = gbc_wall_time() + 2.0;
    ctx.interrupt = fuzz_past_deadline;
    ctx.interrupt_data = &deadline;
    ctx.mem_limit = (size_t)256 << 20;
    ring R;
    char rmsg[256];
    if (ring_init(&ctx, &R, n, names, p, order, rmsg, sizeof rmsg) != GBC_OK) {
        snprintf(msg, msglen, "ring: %s", rmsg);
        return 1;
    }
    plist in, bb, f4, cert;
    plist_init(&in);
    plist_init(&bb);
    plist_init(&f4);
    plist_init(&cert);
    int result = 0;
    unsigned ngens = 1 + next(&b) % 4;
    for (unsigned g = 0; g < ngens && result == 0; g++) {
        unsigned nt = 1 + next(&b) % 4;
        ppoly *f;
        if (plist_push(&ctx, &in, nt, n, &R.F, &f) != GBC_OK) {
            result = -1;
            break;
        }
        for (unsigned t = 0; t < nt; t++) {
            unsigned c = next(&b), deg = 0;
            for (uint32_t v = 0; v < n; v++) {
                unsigned e = next(&b) % 4;
                if (deg + e > 6)
                    e = 0;
                deg += e;
                f->exps[t * n + v] = e;
            }
            int coef = (int)(c % 17) - 8;
            if (p != 0)
                f->cf[t] = (uint32_t)(((int64_t)coef % (int64_t)p + (int64_t)p) %
                                      (int64_t)p);
            else
                mpq_set_si(f->cq[t], coef, 1 + (c >> 5));
        }
    }
    /* one byte after the generators (0 when the input ends there, as in the older
     * regression inputs: one thread, a memory limit): bit 0 two worker threads, bit 1
     * no memory limit, and then GBC_ERR_LIMIT is a failure */
    unsigned mode = next(&b);
    ctx.threads = mode & 1u ? 2 : 1;
    int limited = !(mode & 2u);
    if (!limited)
        ctx.mem_limit = 0;
    gbc_status s1 = GBC_OK, s2 = GBC_OK, s3 = GBC_OK;
    if (result == 0)
        s1 = bb_groebner(&ctx, &R, &in, &bb, NULL);
    if (result == 0 && s1 == GBC_OK) {
        if (p != 0) {
            s2 = f4_groebner(&ctx, &R, &in, &f4, NULL);
        } else {
            uint64_t seed = modular_seed(data, size);
            /* plans of their own (a zeroed plan is the default one) */
            gbc_plan mo = {.certify = 0, .fixed_seed = 1, .seed = seed};
            gbc_plan mc = {.certify = 1, .fixed_seed = 1, .seed = seed};
            const gbc_plan *own = ctx.plan;
            ctx.plan = &mo;
            s2 = mod_groebner(&ctx, &R, &in, &f4, NULL);
            ctx.plan = &mc;
            if (s2 == GBC_OK)
                s3 = mod_groebner(&ctx, &R, &in, &cert, NULL);
            ctx.plan = own;
        }
    }
    if (result == 0) {
        gbc_status worst = s1 != GBC_OK ? s1 : s2 != GBC_OK ? s2 : s3;
        if (worst == GBC_ERR_INTERRUPTED || (worst == GBC_ERR_LIMIT && limited) ||
            worst == GBC_ERR_OVERFLOW) {
            result = -1;
        } else if (worst != GBC_OK) {
            snprintf(msg, msglen, "status %d/%d/%d (%s)", s1, s2, s3, gbc_status_string(worst));
            result = 1;
        } else {
            result = compare(&R, &bb, &f4, "Buchberger and F4", msg, msglen);
            if (result == 0 && p == 0)
                result = compare(&R, &bb, &cert, "Buchberger and certified modular", msg, msglen);
            if (result == 0) {
                /* the fast verifier of gbc_is_groebner, then the all-pairs oracle
                 * (interrupted after 5 s: the input then passes unverified) */
                check_report rep;
                deadline = gbc_wall_time() + 5.0;
                gbc_status st = check_groebner_fast(&ctx, &R, &bb, &rep);
                if (st == GBC_OK && (!rep.is_groebner || !rep.is_reduced)) {
                    snprintf(msg, msglen, "fast verifier: %s", rep.reason);
                    result = 1;
                }
                if (result == 0 && st == GBC_OK)
                    st = check_groebner(&ctx, &R, &bb, &rep);
                if (result == 0 && st == GBC_OK && (!rep.is_groebner || !rep.is_reduced)) {
                    snprintf(msg, msglen, "verifier: %s", rep.reason);
                    result = 1;
                }
            }
        }
    }
    if (result == 1) {
        size_t o = strlen(msg);
        snprintf(msg + o, msglen - o, " [%u variables, characteristic %u, order %s, %d threads, %s]",
                 n, p, order, ctx.threads, limited ? "memory limit 256 MB" : "no memory limit");
    }
    plist_clear(&ctx, &in, &R.F);
    plist_clear(&ctx, &bb, &R.F);
    plist_clear(&ctx, &f4, &R.F);
    plist_clear(&ctx, &cert, &R.F);
    ring_clear(&ctx, &R);
    return result;
}
