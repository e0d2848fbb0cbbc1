/* mpi/mpi_main: gbc-mpi, the gbc tool with the Groebner basis over Q computed by
 * several MPI ranks (docs/modular.md, "Distributed runs"). Rank 0 runs gbc's own
 * path (cli_main: options, input, output, exit statuses); only the gb computation
 * over Q is replaced: rank 0 learns the trace and sends its blob, every rank (0
 * too) applies primes of its own stream (gbc_trace_prime, stream = rank), and rank
 * 0 takes in, lifts and checks (gbc_dist); rank 1 prepares the check's costly
 * half (gbc_check_prepare) while rank 0 learns. Everything else (Z/p, Buchberger, the
 * other commands) runs on rank 0 alone while the others wait. It uses only gbc.h.
 *
 * No rank waits forever on another: the workers only wait for rank 0 (if it dies,
 * the MPI runtime ends the job); rank 0 never blocks on a worker, computes primes
 * itself, ignores what a worker sends that does not fit, and at the end waits for
 * the workers' goodbye at most GBC_MPI_TIMEOUT seconds (default 60), after which
 * it tells the others to leave without MPI_Finalize and ends the job with
 * MPI_Abort (its output is written by then). */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_main.h"

enum { TAG_CTRL = 1, TAG_BLOB = 2, TAG_RES = 3, TAG_BYE = 4, TAG_CHECK = 5 };
enum { CTRL_BLOB = 1, CTRL_STOP = 2, CTRL_FIN = 3, CTRL_CHECK = 4 };
/* the rank that prepares the check while rank 0 learns */
#define CHECK_RANK 1
/* a worker's results in flight at most */
#define NBUF 8
/* a result message: gen, p, status, fits, then the residues */
#define RES_HEAD 4
#define CHUNK (1u << 30) /* blob bytes per message */
/* results a worker may send that rank 0 refuses before it is no longer listened to */
#define MAX_REFUSED 3

typedef struct run {
    int rank, size;
    double timeout;
    /* rank 0: per worker, whether it is still used, and how many of its results
     * were refused */
    int *alive, *refused;
    int stopped;
    /* test hooks (environment): GBC_MPI_TEST_BAD=r, rank r sends residues out of
     * range; GBC_MPI_TEST_UNLUCKY=r:p, rank r applies the prime p first;
     * GBC_MPI_TEST_HANG=r, rank r stops answering (sleeps); GBC_MPI_TEST_EXIT=r,
     * rank r exits at once without a word */
    int bad_rank, unlucky_rank, hang_rank, exit_rank;
    uint32_t unlucky_p;
    /* the stop sent to every worker (send_stop), as soon as the result is known */
    int stop_sent;
    uint64_t stop_hdr[3];
    MPI_Request *stop_req;
    /* GBC_MPI_TIMELINE set: every rank notes on stderr what it does when (the
     * wall clock's seconds modulo 1000), for profiling */
    int timeline;
} run;

static double now(void)
{
    return MPI_Wtime();
}

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gbc-mpi: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void tl(const run *M, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tl(const run *M, const char *fmt, ...)
{
    if (!M->timeline)
        return;
    va_list ap;
    va_start(ap, fmt);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    /* the wall clock, comparable across the ranks of one machine */
    fprintf(stderr, "gbc-mpi[%d] %8.3f ", M->rank,
            (double)(ts.tv_sec % 1000) + ts.tv_nsec * 1e-9);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static int env_rank(const char *name)
{
    const char *v = getenv(name);
    return v != NULL && *v ? atoi(v) : -1;
}

static void send_stop(run *M);

/* One prime's residues by the trace, with the kept scratch K if there is one. */
static gbc_status apply(uint32_t *res, size_t nt, int *fits, const gbc_trace *T, uint32_t p,
                        const gbc_options *opts, gbc_trace_keep *K)
{
    return K != NULL ? gbc_trace_apply_keep(res, nt, fits, T, p, opts, K)
                     : gbc_trace_apply(res, nt, fits, T, p, opts);
}

/* ------------------------------------------------------------- rank 0 -- */

/* Send the blob of generation gen (ctrl CTRL_BLOB: a trace) to every worker still
 * used, or (only >= 1) to that rank alone; one that has not taken it within the
 * timeout is no longer used. */
static void send_blob(run *M, uint64_t ctrl, uint64_t gen, const uint8_t *blob, size_t len,
                      int only)
{
    int n = M->size;
    size_t nchunks = (len + CHUNK - 1) / CHUNK;
    MPI_Request *req = calloc((size_t)n * (1 + nchunks), sizeof *req);
    uint64_t hdr[3] = {ctrl, gen, len};
    if (req == NULL)
        return;
    for (int r = 1; r < n; r++) {
        MPI_Request *q = req + (size_t)r * (1 + nchunks);
        for (size_t c = 0; c <= nchunks; c++)
            q[c] = MPI_REQUEST_NULL;
        if (!M->alive[r] || (only > 0 && r != only))
            continue;
        MPI_Isend(hdr, 3, MPI_UINT64_T, r, TAG_CTRL, MPI_COMM_WORLD, &q[0]);
        for (size_t c = 0; c < nchunks; c++) {
            size_t off = c * CHUNK, m = len - off < CHUNK ? len - off : CHUNK;
            MPI_Isend(blob + off, (int)m, MPI_BYTE, r, TAG_BLOB, MPI_COMM_WORLD, &q[1 + c]);
        }
    }
    double t0 = now();
    for (int r = 1; r < n; r++) {
        MPI_Request *q = req + (size_t)r * (1 + nchunks);
        for (;;) {
            int done = 0;
            MPI_Testall((int)(1 + nchunks), q, &done, MPI_STATUSES_IGNORE);
            if (done)
                break;
            if (now() - t0 > M->timeout) {
                note("rank %d did not take the trace within %.0f s: going on without it", r,
                     M->timeout);
                M->alive[r] = 0;
                for (size_t c = 0; c <= nchunks; c++)
                    if (q[c] != MPI_REQUEST_NULL) {
                        MPI_Cancel(&q[c]);
                        MPI_Request_free(&q[c]);
                    }
                break;
            }
            usleep(200);
        }
    }
    free(req);
}

/* Receive a message whose envelope rank `from` has sent (a probe saw it), waiting
 * at most the timeout for its data: a rank that dies while sending (a large
 * message moves only while both ranks run) must not hold rank 0 in MPI_Recv for
 * ever. Returns 1 when received; else 0, rank `from` is no longer listened to,
 * and buf belongs to the abandoned request (the caller must not free or reuse
 * it). */
static int recv_timed(run *M, void *buf, int count, MPI_Datatype ty, int from, int tag)
{
    MPI_Request req;
    MPI_Irecv(buf, count, ty, from, tag, MPI_COMM_WORLD, &req);
    const struct timespec ms = {0, 1000000};
    double t0 = now();
    for (;;) {
        int done = 0;
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (done)
            return 1;
        if (now() - t0 > M->timeout)
            break;
        nanosleep(&ms, NULL);
    }
    note("rank %d: a message did not arrive within %g s: no longer listened to", from,
         M->timeout);
    M->alive[from] = 0;
    MPI_Cancel(&req);
    MPI_Request_free(&req);
    return 0;
}

/* The prepared check, if the check rank has sent it: given to D (a result that
 * does not fit is dropped, reported when it is damaged: the check is then
 * computed here). */
static void recv_check(run *M, gbc_dist *D)
{
    int flag = 0;
    MPI_Status s;
    if (!M->alive[CHECK_RANK])
        return;
    MPI_Iprobe(CHECK_RANK, TAG_CHECK, MPI_COMM_WORLD, &flag, &s);
    if (!flag)
        return;
    int count = 0;
    MPI_Get_count(&s, MPI_BYTE, &count);
    uint8_t *b = malloc(count > 0 ? (size_t)count : 1);
    if (b != NULL && !recv_timed(M, b, count, MPI_BYTE, CHECK_RANK, TAG_CHECK))
        return; /* (b stays with the abandoned receive) */
    gbc_status st = b ? gbc_dist_check_give(D, b, (size_t)count) : GBC_ERR_NOMEM;
    free(b);
    /* GBC_ERR_ARG: too late (the check was computed here, or a new learning
     * began): not worth a word */
    if (st != GBC_OK && st != GBC_ERR_ARG)
        note("rank %d: the prepared check was refused (%s)", CHECK_RANK, gbc_status_string(st));
    tl(M, "prepared check received: %d", (int)st);
}

/* Take one prime's outcome into D: residues NULL for a misfit. A refusal (a bad
 * prime or bad residues from rank `from`) is reported and survived. Returns the
 * status (a real failure ends the run) and updates *state. */
static gbc_status take(run *M, gbc_dist *D, int from, uint32_t p, const uint32_t *res,
                       size_t n, gbc_dist_state *state)
{
    gbc_status st = gbc_dist_add(state, D, p, res, n);
    if (st == GBC_ERR_ARG || st == GBC_ERR_DOMAIN) {
        note("rank %d: the result for prime %u was refused (%s)", from, (unsigned)p,
             gbc_status_string(st));
        if (from > 0 && ++M->refused[from] >= MAX_REFUSED && M->alive[from]) {
            note("rank %d: %d results refused: no longer listened to", from, MAX_REFUSED);
            M->alive[from] = 0;
        }
        *state = GBC_DIST_MORE;
        return GBC_OK;
    }
    tl(M, "took %u from rank %d", (unsigned)p, from);
    if (st == GBC_OK && *state == GBC_DIST_SETTLED) {
        recv_check(M, D);
        tl(M, "check");
        st = gbc_dist_check(state, D);
        tl(M, "checked: state %d", (int)*state);
    }
    return st;
}

/* Every result the workers have sent so far, taken in while the state asks for
 * more; stale generations and ranks no longer used are skipped. */
static gbc_status drain(run *M, gbc_dist *D, uint64_t gen, size_t nt, uint32_t **buf,
                        size_t *cap, gbc_dist_state *state)
{
    recv_check(M, D);
    for (;;) {
        /* from the ranks still listened to (one that died mid-send leaves an
         * envelope no receive can complete) */
        int flag = 0;
        MPI_Status s;
        for (int r = 1; r < M->size && !flag; r++)
            if (M->alive[r])
                MPI_Iprobe(r, TAG_RES, MPI_COMM_WORLD, &flag, &s);
        if (!flag)
            return GBC_OK;
        int count = 0;
        MPI_Get_count(&s, MPI_UINT32_T, &count);
        if (count < 0)
            count = 0;
        if ((size_t)count > *cap) {
            uint32_t *b = realloc(*buf, sizeof **buf * (size_t)count);
            if (b == NULL)
                return GBC_ERR_NOMEM;
            *buf = b;
            *cap = (size_t)count;
        }
        if (!recv_timed(M, *buf, count, MPI_UINT32_T, s.MPI_SOURCE, TAG_RES)) {
            *buf = NULL; /* it stays with the abandoned receive */
            *cap = 0;
            continue;
        }
        int r = s.MPI_SOURCE;
        const uint32_t *b = *buf;
        if (count < RES_HEAD || b[0] != (uint32_t)gen || !M->alive[r] ||
            *state == GBC_DIST_ACCEPTED || *state == GBC_DIST_RELEARN)
            continue;
        if (b[2] != GBC_OK) {
            note("rank %d: prime %u failed: %s", r, (unsigned)b[1],
                 gbc_status_string((gbc_status)b[2]));
            continue;
        }
        const uint32_t *res = b[3] ? b + RES_HEAD : NULL;
        size_t n = (size_t)count - RES_HEAD;
        if (res == NULL)
            n = 0;
        else if (n != nt)
            res = b + RES_HEAD; /* refused by gbc_dist_add (the count is wrong) */
        gbc_status st = take(M, D, r, b[1], res, n, state);
        if (st != GBC_OK)
            return st;
    }
}

typedef struct hook_data {
    run *M;
    int worked; /* the worker loop ran */
} hook_data;

/* The distributed computation (cli_hooks.groebner): gbc_groebner's contract. */
static gbc_status dist_groebner(gbc_polys **basis, const gbc_polys *gens, gbc_options *opts,
                                gbc_stats *stats, void *data)
{
    run *M = ((hook_data *)data)->M;
    if (gbc_ring_characteristic(gbc_polys_ring(gens)) != 0)
        return gbc_groebner(basis, gens, opts, stats);
    if (M->stop_sent) /* the workers were told to stop: rank 0 alone from here */
        for (int r = 1; r < M->size; r++)
            M->alive[r] = 0;
    gbc_dist *D = NULL;
    gbc_status st = gbc_dist_new(&D, gens, opts);
    if (st != GBC_OK)
        return st;
    if (M->size > CHECK_RANK && M->alive[CHECK_RANK]) {
        /* the check's costly half on the check rank while this one learns */
        uint8_t *cb = NULL;
        size_t clen = 0;
        if (gbc_dist_check_blob(&cb, &clen, D) == GBC_OK) {
            send_blob(M, CTRL_CHECK, 0, cb, clen, CHECK_RANK);
            gbc_blob_free(cb);
            tl(M, "check blob sent");
        }
    }
    uint32_t *own = NULL, *buf = NULL;
    size_t cap = 0;
    gbc_trace_keep *K = NULL;
    if (gbc_trace_keep_new(&K) != GBC_OK)
        K = NULL; /* applies without kept scratch */
    for (uint64_t gen = 1; st == GBC_OK; gen++) {
        uint8_t *blob = NULL;
        size_t len = 0;
        tl(M, "learn");
        if ((st = gbc_dist_learn(&blob, &len, D)) != GBC_OK)
            break;
        tl(M, "learnt: blob of %zu bytes", len);
        size_t nt = gbc_dist_nterms(D);
        if (nt > (size_t)INT32_MAX - RES_HEAD) {
            gbc_blob_free(blob);
            st = GBC_ERR_LIMIT;
            break;
        }
        send_blob(M, CTRL_BLOB, gen, blob, len, 0);
        tl(M, "blob sent");
        gbc_blob_free(blob);
        /* rank 0's own applies read the trace in place (no parsing of its blob) */
        gbc_trace *T = NULL;
        st = gbc_dist_trace(&T, D);
        free(own);
        own = malloc(sizeof *own * (nt + 1));
        if (st == GBC_OK && own == NULL)
            st = GBC_ERR_NOMEM;
        uint64_t cursor = 0;
        gbc_dist_state state = GBC_DIST_MORE;
        while (st == GBC_OK && state != GBC_DIST_ACCEPTED && state != GBC_DIST_RELEARN) {
            /* the workers' results first, except before rank 0's first prime (so
             * that the test hook's prime is always taken) */
            if (cursor > 0 || M->unlucky_p == 0 || M->unlucky_rank != 0)
                st = drain(M, D, gen, nt, &buf, &cap, &state);
            if (st != GBC_OK || state == GBC_DIST_ACCEPTED || state == GBC_DIST_RELEARN)
                break;
            uint32_t p;
            int fits = 0;
            if (M->unlucky_rank == 0 && M->unlucky_p != 0) {
                p = M->unlucky_p; /* the test hook, once */
                M->unlucky_p = 0;
            } else if ((st = gbc_trace_prime(&p, &cursor, T, 0, (uint32_t)M->size)) != GBC_OK) {
                break;
            }
            tl(M, "apply %u", (unsigned)p);
            if ((st = apply(own, nt, &fits, T, p, opts, K)) != GBC_OK)
                break;
            tl(M, "applied %u", (unsigned)p);
            st = take(M, D, 0, p, fits ? own : NULL, nt, &state);
        }
        gbc_trace_free(T);
        if (st == GBC_OK && state == GBC_DIST_ACCEPTED) {
            send_stop(M);
            st = gbc_dist_basis(basis, D, stats);
            tl(M, "basis");
            break;
        }
    }
    free(own);
    free(buf);
    gbc_trace_keep_free(K);
    gbc_dist_free(D);
    tl(M, "freed");
    return st;
}

/* Tell every worker to stop (once): as soon as the basis is known, so that they
 * no longer compute beside rank 0's output. */
static void send_stop(run *M)
{
    if (M->stop_sent || M->size < 2)
        return;
    M->stop_req = calloc((size_t)M->size, sizeof *M->stop_req);
    if (M->stop_req == NULL)
        return; /* stop_workers tries again */
    M->stop_sent = 1;
    M->stop_hdr[0] = CTRL_STOP;
    M->stop_req[0] = MPI_REQUEST_NULL;
    for (int r = 1; r < M->size; r++)
        MPI_Isend(M->stop_hdr, 3, MPI_UINT64_T, r, TAG_CTRL, MPI_COMM_WORLD, &M->stop_req[r]);
    tl(M, "stop sent");
}

/* Tell every worker to stop (if not yet told) and wait for each one's goodbye, at
 * most the timeout (what they still send meanwhile is received and dropped).
 * Returns whether all said it. */
static int stop_workers(run *M)
{
    int n = M->size, pending = n - 1;
    send_stop(M);
    MPI_Request *req = M->stop_req;
    int *bye = calloc((size_t)n, sizeof *bye);
    if (req == NULL || bye == NULL) {
        free(bye);
        return 0;
    }
    double t0 = now();
    uint32_t *buf = NULL;
    size_t cap = 0;
    while (pending > 0 && now() - t0 <= M->timeout) {
        int flag = 0;
        MPI_Status s;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &s);
        if (!flag) {
            usleep(200);
            continue;
        }
        int count = 0;
        MPI_Datatype ty = s.MPI_TAG == TAG_RES ? MPI_UINT32_T : MPI_BYTE;
        MPI_Get_count(&s, ty, &count);
        size_t need = (size_t)(count > 0 ? count : 1) * 4;
        if (need > cap) {
            free(buf);
            buf = malloc(need);
            cap = buf ? need : 0;
            if (buf == NULL)
                break;
        }
        MPI_Recv(buf, count, ty, s.MPI_SOURCE, s.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (s.MPI_TAG == TAG_BYE && !bye[s.MPI_SOURCE]) {
            bye[s.MPI_SOURCE] = 1;
            pending--;
        }
    }
    for (int r = 1; r < n; r++)
        if (!bye[r])
            note("rank %d did not stop within %.0f s", r, M->timeout);
    if (pending == 0)
        MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    /* the last word: finalize together, or (a rank is silent, so MPI_Finalize
     * would wait for it) leave at once */
    uint64_t fin[3] = {CTRL_FIN, pending == 0, 0};
    for (int r = 1; r < n; r++)
        if (bye[r])
            MPI_Send(fin, 3, MPI_UINT64_T, r, TAG_CTRL, MPI_COMM_WORLD);
    free(buf);
    free(req);
    M->stop_req = NULL;
    free(bye);
    return pending == 0;
}

/* ------------------------------------------------------------ workers -- */

/* Wait for a message from src with tag, sleeping between probes: Open MPI's
 * blocking receive spins, which would take a core from the ranks that compute
 * (rank 0 learning while the workers wait for the blob). */
static void wait_probe(int src, int tag)
{
    const struct timespec ms = {0, 1000000};
    for (;;) {
        int flag = 0;
        MPI_Iprobe(src, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag)
            return;
        nanosleep(&ms, NULL);
    }
}

/* MPI_Wait for req, sleeping between tests (see wait_probe). */
static void wait_req(MPI_Request *req)
{
    const struct timespec ms = {0, 1000000};
    for (;;) {
        int done = 0;
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        nanosleep(&ms, NULL);
    }
}

static int poll_ctrl(void *data)
{
    (void)data;
    int flag = 0;
    MPI_Iprobe(0, TAG_CTRL, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return flag;
}

/* A worker: apply primes of its stream to the latest trace until told to stop.
 * (cli_hooks.no_input: opts NULL for a command other than gb.) */
static int worker(gbc_options *opts, void *data)
{
    run *M = ((hook_data *)data)->M;
    ((hook_data *)data)->worked = 1;
    gbc_options *own = NULL;
    if (opts == NULL) {
        if (gbc_options_new(&own) != GBC_OK)
            return 3;
        opts = own;
    }
    gbc_options_set_interrupt(opts, poll_ctrl, NULL);
    gbc_trace *T = NULL;
    gbc_trace_keep *K = NULL;
    if (gbc_trace_keep_new(&K) != GBC_OK)
        K = NULL; /* applies without kept scratch */
    uint64_t gen = 0, cursor = 0;
    size_t nt = 0;
    /* results on their way to rank 0: up to NBUF sends in flight, so that the
     * worker goes on applying while rank 0 is busy with its own prime (a large
     * send completes only when rank 0 receives it, between its applies) */
    uint32_t *buf[NBUF] = {NULL};
    size_t bcap[NBUF] = {0};
    MPI_Request req[NBUF];
    for (int i = 0; i < NBUF; i++)
        req[i] = MPI_REQUEST_NULL;
    int first = 1;
    /* the prepared check (CHECK_RANK), on its way to rank 0 */
    uint8_t *chk = NULL;
    size_t chklen = 0;
    MPI_Request creq = MPI_REQUEST_NULL;
    for (;;) {
        int flag = 0;
        if (T == NULL)
            flag = 1; /* nothing to do but wait for rank 0 */
        else
            MPI_Iprobe(0, TAG_CTRL, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag) {
            uint64_t hdr[3];
            wait_probe(0, TAG_CTRL);
            MPI_Recv(hdr, 3, MPI_UINT64_T, 0, TAG_CTRL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (hdr[0] != CTRL_BLOB && hdr[0] != CTRL_CHECK)
                break;
            size_t len = (size_t)hdr[2];
            uint8_t *blob = malloc(len ? len : 1);
            for (size_t off = 0; off < len; off += CHUNK) {
                size_t m = len - off < CHUNK ? len - off : CHUNK;
                wait_probe(0, TAG_BLOB);
                MPI_Recv(blob ? blob + off : NULL, blob ? (int)m : 0, MPI_BYTE, 0, TAG_BLOB,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            if (hdr[0] == CTRL_CHECK) {
                /* the check's half that does not depend on the candidate, run to
                 * its end (rank 0 learns meanwhile) */
                tl(M, "check blob received");
                gbc_options_set_interrupt(opts, NULL, NULL);
                if (blob != NULL && chk == NULL &&
                    gbc_check_prepare(&chk, &chklen, blob, len, opts) == GBC_OK &&
                    chklen <= INT32_MAX)
                    MPI_Isend(chk, (int)chklen, MPI_BYTE, 0, TAG_CHECK, MPI_COMM_WORLD, &creq);
                gbc_options_set_interrupt(opts, poll_ctrl, NULL);
                free(blob);
                tl(M, "check prepared: %zu bytes", chklen);
                continue;
            }
            tl(M, "blob received");
            gbc_trace_free(T);
            T = NULL;
            gbc_status st = blob ? gbc_trace_load(&T, blob, len) : GBC_ERR_NOMEM;
            tl(M, "blob loaded");
            free(blob);
            gen = hdr[1];
            cursor = 0;
            if (st != GBC_OK) {
                /* (after the results in flight: messages to one rank keep
                 * their order) */
                uint32_t msg[RES_HEAD] = {(uint32_t)gen, 0, (uint32_t)st, 0};
                MPI_Send(msg, RES_HEAD, MPI_UINT32_T, 0, TAG_RES, MPI_COMM_WORLD);
                continue;
            }
            nt = gbc_trace_nterms(T);
            continue;
        }
        /* a buffer whose send is done (news from rank 0 come first) */
        int k = -1, news = 0;
        while (k < 0 && !news) {
            for (int i = 0; i < NBUF && k < 0; i++) {
                int done = req[i] == MPI_REQUEST_NULL;
                if (!done)
                    MPI_Test(&req[i], &done, MPI_STATUS_IGNORE);
                if (done)
                    k = i;
            }
            if (k < 0) {
                news = poll_ctrl(NULL);
                if (!news)
                    usleep(500);
            }
        }
        if (news)
            continue;
        if (bcap[k] < nt + RES_HEAD) {
            free(buf[k]);
            buf[k] = malloc(sizeof(uint32_t) * (nt + RES_HEAD));
            bcap[k] = buf[k] ? nt + RES_HEAD : 0;
            if (buf[k] == NULL)
                break;
        }
        uint32_t p;
        if (M->unlucky_rank == M->rank && first && M->unlucky_p != 0)
            p = M->unlucky_p;
        else if (gbc_trace_prime(&p, &cursor, T, (uint32_t)M->rank, (uint32_t)M->size) != GBC_OK)
            break;
        first = 0;
        int fits = 0;
        tl(M, "apply %u", (unsigned)p);
        gbc_status st = apply(buf[k] + RES_HEAD, nt, &fits, T, p, opts, K);
        tl(M, "applied %u: %d", (unsigned)p, (int)st);
        if (st == GBC_ERR_INTERRUPTED && poll_ctrl(NULL))
            continue; /* rank 0 has news: this prime is moot */
        if (M->exit_rank == M->rank)
            _exit(0);
        while (M->hang_rank == M->rank)
            sleep(1);
        buf[k][0] = (uint32_t)gen;
        buf[k][1] = p;
        buf[k][2] = (uint32_t)st;
        buf[k][3] = (uint32_t)fits;
        if (M->bad_rank == M->rank)
            for (size_t i = 0; i < nt; i++)
                buf[k][RES_HEAD + i] = p; /* out of range */
        int count = RES_HEAD + (st == GBC_OK && fits ? (int)nt : 0);
        MPI_Isend(buf[k], count, MPI_UINT32_T, 0, TAG_RES, MPI_COMM_WORLD, &req[k]);
    }
    tl(M, "stop");
    for (int i = 0; i < NBUF; i++)
        if (req[i] != MPI_REQUEST_NULL)
            wait_req(&req[i]);
    if (creq != MPI_REQUEST_NULL)
        wait_req(&creq);
    gbc_blob_free(chk);
    char bye = 1;
    MPI_Send(&bye, 1, MPI_BYTE, 0, TAG_BYE, MPI_COMM_WORLD);
    uint64_t fin[3] = {0, 0, 0};
    wait_probe(0, TAG_CTRL);
    MPI_Recv(fin, 3, MPI_UINT64_T, 0, TAG_CTRL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (fin[0] == CTRL_FIN && fin[1] == 0)
        _exit(0); /* another rank is silent: no MPI_Finalize (rank 0 ends the job) */
    gbc_trace_free(T);
    gbc_trace_keep_free(K);
    for (int i = 0; i < NBUF; i++)
        free(buf[i]);
    gbc_options_free(own);
    return 0;
}

/* --------------------------------------------------------------- main -- */

int main(int argc, char **argv)
{
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    run M;
    memset(&M, 0, sizeof M);
    MPI_Comm_rank(MPI_COMM_WORLD, &M.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &M.size);
    M.timeline = getenv("GBC_MPI_TIMELINE") != NULL;
    /* errors come back as codes (a failed send is handled like a silent rank) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    const char *to = getenv("GBC_MPI_TIMEOUT");
    M.timeout = to != NULL && atof(to) > 0 ? atof(to) : 60.0;
    M.bad_rank = env_rank("GBC_MPI_TEST_BAD");
    M.hang_rank = env_rank("GBC_MPI_TEST_HANG");
    M.exit_rank = env_rank("GBC_MPI_TEST_EXIT");
    M.unlucky_rank = -1;
    const char *u = getenv("GBC_MPI_TEST_UNLUCKY");
    if (u != NULL && strchr(u, ':') != NULL) {
        M.unlucky_rank = atoi(u);
        M.unlucky_p = (uint32_t)strtoul(strchr(u, ':') + 1, NULL, 10);
    }
    hook_data hd = {&M, 0};
    int rc;
    if (M.rank == 0) {
        M.alive = calloc((size_t)M.size, sizeof *M.alive);
        M.refused = calloc((size_t)M.size, sizeof *M.refused);
        if (M.alive == NULL || M.refused == NULL) {
            fprintf(stderr, "gbc: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        for (int r = 1; r < M.size; r++)
            M.alive[r] = 1;
        cli_hooks h = {dist_groebner, NULL, &hd};
        rc = cli_main(argc, argv, &h);
        fflush(stdout);
        fflush(stderr);
        tl(&M, "output written");
        if (M.size > 1 && !stop_workers(&M)) {
            /* MPI_Finalize would wait for the silent rank; the others were told to
             * leave without it */
            note("ending the job (the result above is complete)");
            fflush(stdout);
            fflush(stderr);
            /* MPI_Abort kills the silent rank; should it not return within 10 s,
             * the alarm ends this process, and the runtime the job */
            alarm(10);
            /* status 3 (out of resources: a rank was lost) unless the run
             * itself failed: the documented table has no other code */
            MPI_Abort(MPI_COMM_WORLD, rc != 0 ? rc : 3);
            _exit(rc != 0 ? rc : 3);
        }
        free(M.alive);
        free(M.refused);
    } else {
        /* the workers are quiet: rank 0 prints, and reports what they do wrong */
        if (getenv("GBC_MPI_DEBUG") == NULL && !M.timeline) {
            if (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "w", stderr) == NULL)
                clearerr(stderr);
        }
        cli_hooks h = {NULL, worker, &hd};
        rc = cli_main(argc, argv, &h);
        if (!hd.worked) {
            /* the arguments did not parse, or asked for --help (rank 0 answers):
             * wait to be stopped all the same, so that rank 0 hears a goodbye */
            worker(NULL, &hd);
        }
    }
    MPI_Finalize();
    return rc;
}
