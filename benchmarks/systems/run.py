#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Comparison runner: times gbc against Singular (std, slimgb, modStd), giac,
mathicgb and msolve on the same generated systems in one run, checks that
they agree on the reduced Groebner basis, and prints a markdown table
(optionally CSV).  --order lex and --order elim:K compare lex bases (with
Singular's stdfglm too) and elimination bases (with Singular's eliminate);
see benchmarks/systems/README.md.

Every speed claim of the project is to be checked with this script; see
benchmarks/README.md for what each tool's time measures.

Examples:
  benchmarks/systems/run.py --systems katsura-6,katsura-7,cyclic-6 --char 32003 \
      --gbc-args "--algorithm buchberger"
  benchmarks/systems/run.py --suite large --char 65521 --tools gbc,msolve,msolve-l44
  benchmarks/systems/run.py --systems katsura-6,noon-5 --char 65521 --order lex
  benchmarks/systems/run.py --systems implicit-enneper --char 65521 --order elim

Exit status: 0 all ran and agreed; 1 some tools disagree (printed loudly);
2 no disagreement but gbc failed (non-zero exit) somewhere; 3 bad usage.
Python 3 standard library only.
"""

import argparse
import csv
import hashlib
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True   # keep the source tree free of __pycache__
sys.path.insert(0, HERE)
import gen  # noqa: E402

# lex bases over Q have coefficients of 10,000 digits and more: lift Python's
# limit on int <-> str conversion (3.11+)
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

ALL_TOOLS = ["gbc", "std", "slimgb", "modstd", "mgb", "msolve", "msolve-l44", "giac"]
# tools for one order only: stdfglm (dp basis with groebner, then fglm to lp)
# for lex, eliminate (in a dp ring) for elim:K
ORDER_TOOLS = {"stdfglm": "lex", "eliminate": "elim"}
KNOWN_TOOLS = ALL_TOOLS + list(ORDER_TOOLS)


def gbc_like(t):
    """gbc itself, or gbc-mpi:N (gbc-mpi on N ranks): same options, output, -v timer."""
    return t == "gbc" or t.startswith("gbc-mpi:")
# giac (xcas): gbasis(..., revlex) on the polynomials, reduced modulo p with "% p"
# over a prime field; its basis is compared by its number of polynomials only
GIAC_TOOLS = {"giac"}
DEFAULT_TOOLS = {"grevlex": ALL_TOOLS,
                 "lex": ["gbc", "std", "slimgb", "modstd", "stdfglm", "mgb"],
                 "elim": ["gbc", "std", "slimgb", "modstd", "eliminate", "mgb", "msolve",
                          "msolve-l44"]}
SINGULAR_TOOLS = {"std": "std(I)", "slimgb": "slimgb(I)", "modstd": "modStd(I)",
                  "stdfglm": "stdfglm(I)", "eliminate": "eliminate(I, %s)"}
MGB_MAX_CHAR = 65535   # mgb's F4 matrix builder rejects larger primes ("too large characteristic")
# msolve's options per mode: -g 2 prints the reduced grevlex basis; -l 44 is
# its fastest linear algebra (sparse linearisation, probabilistic).
MSOLVE_TOOLS = {"msolve": [], "msolve-l44": ["-l", "44"]}
# Below 2^15 msolve replaces a probabilistic -l (42, 44) by the exact -l 2
# (src/msolve/main.c), so msolve-l44 is then msolve's exact mode.
MSOLVE_PROBABILISTIC_MIN_CHAR = 2 ** 15
MSOLVE_DEFAULT = "/tmp/anchors/bin/msolve"
MSOLVE_BUILD_SCRIPT = os.path.join(os.path.dirname(REPO), "shared", "anchors", "build-msolve.sh")

SUITES = {
    "default": "katsura-6,katsura-7,cyclic-6",
    "large": "katsura-10,katsura-11,eco-12,eco-13,cyclic-8,noon-8",
}
SUITES["huge"] = SUITES["large"] + ",katsura-12,eco-14,cyclic-9,noon-9"
# over Q: the target systems, and the large ones
SUITES["q"] = "cyclic-7,katsura-9,katsura-10,eco-11,noon-7"
SUITES["q-large"] = SUITES["q"] + ",katsura-11,eco-12"
# the sizes where the peers publish their tables: mod p, and over Q
SUITES["frontier"] = "katsura-12,katsura-13,cyclic-9,eco-14,eco-15,noon-9,noon-10"
SUITES["q-frontier"] = "katsura-11,cyclic-8,noon-8,noon-9"


# ------------------------------------------------------------ orders
#
# args.order is ("grevlex",), ("lex",) or ("elim", K) with K None for "the
# system's parameters" (gen.ELIMINATE).  An elimination order is the block
# order grevlex on x1..xK, then grevlex on the rest: gbc's
# blocks:grevlex(K),grevlex(N-K), Singular's (dp(K),dp(N-K)), msolve's -e K.


def parse_order(text):
    text = text.strip().lower()
    if text in ("grevlex", "lex"):
        return (text,)
    if text == "elim":
        return ("elim", None)
    if text.startswith("elim:"):
        try:
            k = int(text[5:])
        except ValueError:
            k = 0
        if k >= 1:
            return ("elim", k)
    raise ValueError("--order must be grevlex, lex, elim or elim:K with K >= 1: %r" % text)


def nelim(order, sysname, nvars):
    """K, the number of variables eliminated, for ORDER on SYSNAME."""
    k = order[1]
    if k is None:
        if sysname not in gen.ELIMINATE:
            raise ValueError("--order elim without :K needs an implicit-* system, not %s"
                             % sysname)
        k = gen.ELIMINATE[sysname]
    if not 1 <= k < nvars:
        raise ValueError("elim:%d needs 1 <= K < %d, the number of variables of %s"
                         % (k, nvars, sysname))
    return k


def order_key(order, k):
    """Sort key for exponent tuples: larger key = larger monomial."""
    if order[0] == "lex":
        return lambda m: m
    if order[0] == "elim":
        return lambda m: (gen.grevlex_key(m[:k]), gen.grevlex_key(m[k:]))
    return gen.grevlex_key


def order_name(order, k):
    return {"grevlex": "grevlex", "lex": "lex"}.get(order[0]) or "elim:%d" % k


def gbc_order(order, k, nvars):
    if order[0] == "lex":
        return ["--order", "lex"]
    if order[0] == "elim":
        return ["--order", "blocks:grevlex(%d),grevlex(%d)" % (k, nvars - k)]
    return []


def singular_order(tool, order, k, nvars):
    """Ring ordering of Singular's script for TOOL."""
    if tool == "eliminate":
        return "dp"
    if order[0] == "lex":
        return "lp"
    if order[0] == "elim":
        return "(dp(%d),dp(%d))" % (k, nvars - k)
    return "dp"


def mgb_gradings(order, k, nvars):
    """mathicgb's order lines (tie-break and grading rows).  Lex x1 > x2 > ...:
    the identity matrix as gradings (its own 'lex 0' makes the last variable
    largest).  The elimination order: the degree in x1..xK, then -e_K, ...,
    -e_2 (grevlex inside the block), the degree in the rest, and revlex for
    the ties, which reach it only with equal exponents in the first block."""
    if order[0] == "lex":
        rows = [[1 if j == i else 0 for j in range(nvars)] for i in range(nvars)]
    elif order[0] == "elim":
        rows = [[1] * k + [0] * (nvars - k)]
        rows += [[-1 if j == i else 0 for j in range(nvars)] for i in range(k - 1, 0, -1)]
        rows += [[0] * k + [1] * (nvars - k)]
    else:
        return None
    return ["revlex %d" % len(rows)] + [" " + " ".join(str(x) for x in r) for r in rows]


# ------------------------------------------------------------ measuring


# A child forked from this Python process starts with a copy of Python's
# resident memory, and the kernel keeps that in the child's peak RSS even
# after exec (fs/exec.c records the old image's high-water mark).  So the
# tools are started through this tiny launcher, compiled once per run: it
# forks from a process of about 1 MB, execs the tool, waits for it with
# wait4 and reports the tool's own wall time, peak RSS and CPU time
# (user + system, all its threads).
LAUNCHER_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
    struct timespec t0, t1;
    struct rusage ru;
    int status;
    pid_t pid;
    FILE *f;
    double cpu;
    if (argc < 3) return 125;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid < 0) return 126;
    if (pid == 0) { execvp(argv[2], argv + 2); _exit(127); }
    if (wait4(pid, &status, 0, &ru) < 0) return 126;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
        + 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    f = fopen(argv[1], "w");
    if (!f) return 126;
    fprintf(f, "%.9f %ld %d %.6f\n",
            (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec),
            ru.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), cpu);
    fclose(f);
    return 0;
}
"""


def build_launcher(tmp):
    """Compile the launcher into TMP; return its path, or None without a C compiler."""
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        return None
    src, exe = os.path.join(tmp, "launch.c"), os.path.join(tmp, "launch")
    with open(src, "w") as f:
        f.write(LAUNCHER_C)
    r = subprocess.run([cc, "-O1", "-o", exe, src], capture_output=True)
    return exe if r.returncode == 0 else None


def run_measured(cmd, cwd, out_path, err_path, timeout, launcher=None):
    """Run CMD once; return dict(wall, cpu, rc, rss_mb, timed_out).  With
    LAUNCHER the wall time, CPU time (user + system) and peak RSS are the
    tool's own, as measured by the launcher's wait4; without it they come from
    os.wait4 on the direct child (its peak RSS is then at least this Python
    process's).  On timeout the child's whole process group (it gets a fresh
    session) is killed."""
    report = out_path + ".rusage"
    full = [launcher, report] + cmd if launcher else cmd
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(full, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                             start_new_session=True)
        fired = threading.Event()

        def kill():
            fired.set()
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)   # keep Popen from waiting again
    res = {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rc": p.returncode,
           "rss_mb": ru.ru_maxrss / 1024.0, "timed_out": fired.is_set()}
    if launcher and not res["timed_out"]:
        try:
            with open(report) as f:
                w, rss, rc, cpu = f.read().split()
            res.update(wall=float(w), rss_mb=int(rss) / 1024.0, rc=int(rc), cpu=float(cpu))
        except (OSError, ValueError):
            res["rc"] = res["rc"] or 126
        finally:
            if os.path.exists(report):
                os.remove(report)
    return res


# ------------------------------------------------------------ parsing and normalising

# A polynomial is a dict {exponent tuple: coefficient}; over Z/p the
# coefficients are ints in 1..p-1, over Q Fractions (ints would be slow to
# keep as Fractions on bases of a million terms).

_TERM_RE = re.compile(r"([+-]?)([^+-]+)")


def _number(text, char):
    """A coefficient 'a' or 'a/b' as an int mod CHAR, or a Fraction over Q."""
    num, _, den = text.partition("/")
    if char:
        v = int(num) % char
        return v * pow(int(den), -1, char) % char if den else v
    return Fraction(int(num), int(den)) if den else Fraction(int(num))


def parse_poly(text, index, char):
    """Parse 'c*x1^2*x3-x2+...' (gbc, Singular and msolve output; msolve
    writes 'x1^1') into {mono: coef}.  INDEX maps a variable name to its
    position in the exponent tuples."""
    p = {}
    n = len(index)
    for sign, body in _TERM_RE.findall("".join(text.split())):
        coef = 1 if char else Fraction(1)
        mono = [0] * n
        for f in body.split("*"):
            if not f:
                continue
            if f[0].isdigit():
                coef = coef * _number(f, char)
            else:
                name, _, e = f.partition("^")
                mono[index[name]] += int(e) if e else 1
        if sign == "-":
            coef = -coef
        m = tuple(mono)
        p[m] = p.get(m, 0) + coef
    return normalise_coefs(p, char)


_MGB_FACTOR_RE = re.compile(r"([A-Za-z])(\d*)")


def parse_mgb_poly(text, nvars, char):
    p = {}
    for sign, body in _TERM_RE.findall(text.strip()):
        m = re.match(r"(\d*)(.*)$", body)
        coef = int(m.group(1)) if m.group(1) else 1
        mono = [0] * nvars
        rest = m.group(2)
        if rest and rest != "1":
            for letter, e in _MGB_FACTOR_RE.findall(rest):
                mono[gen.MGB_LETTERS.index(letter)] += int(e) if e else 1
        if sign == "-":
            coef = -coef
        mono = tuple(mono)
        p[mono] = p.get(mono, 0) + coef
    return normalise_coefs(p, char)


def normalise_coefs(p, char):
    """Drop zero terms; over Z/p bring coefficients into 1..p-1."""
    if char:
        q = {}
        for m, c in p.items():
            if isinstance(c, Fraction):
                c = c.numerator * pow(c.denominator, -1, char)
            c %= char
            if c:
                q[m] = c
        return q
    return {m: Fraction(c) for m, c in p.items() if c != 0}


def leading(p, key=gen.grevlex_key):
    return max(p, key=key)


def canonical(polys, char, key=gen.grevlex_key):
    """A basis (any iterable of polynomials) as a sorted tuple of monic
    polynomials, each a sorted tuple of terms; two reduced Groebner bases of
    one ideal give equal values, in whatever order and normalisation the
    tools print them.  KEY is the monomial order's sort key (the leading
    coefficient is made 1)."""
    out = []
    for p in polys:
        if not p:
            continue
        lc = p[leading(p, key)]
        if char:
            inv = pow(lc, -1, char)
            q = {m: c * inv % char for m, c in p.items()}
        else:
            q = {m: c / lc for m, c in p.items()}
        out.append(tuple(sorted(q.items())))
    return tuple(sorted(out))


def read_gbc_output(path, names, char):
    with open(path) as f:
        lines = [l for l in f.read().splitlines() if l.strip() and not l.startswith("#")]
    if len(lines) < 2:
        raise ValueError("gbc output has no header")
    if lines[0].replace(" ", "") != ",".join(names) or int(lines[1]) != char:
        raise ValueError("gbc output header differs from the input's")
    index = {n: i for i, n in enumerate(names)}
    body = "".join(lines[2:])
    return (parse_poly(t, index, char) for t in body.split(",") if t.strip())


def read_singular_output(path, names, char):
    index = {n: i for i, n in enumerate(names)}
    with open(path) as f:
        body = f.read().replace("\n", "")
    return (parse_poly(t, index, char) for t in body.split(",") if t.strip())


def read_mgb_output(path, nvars, char):
    with open(path) as f:
        lines = [l.strip() for l in f if l.strip()]
    count = int(lines[0])
    polys = [parse_mgb_poly(l, nvars, char) for l in lines[1:1 + count]]
    if len(polys) != count:
        raise ValueError("mgb output is truncated")
    return polys


def read_msolve_output(path, names, char, elim=False):
    """msolve -g 2 output: '#' comment lines (field characteristic, variable
    order, monomial order, length of basis), then the basis as one bracketed
    list '[p1,\\n p2,\\n ...]:' sorted by increasing leading monomial, over
    Z/p with coefficients in 0..p-1 and exponents written even when 1, over Q
    with integer coefficients (primitive, not monic).  The variable order of
    the header is checked against the input's; terms are mapped by name."""
    header, body = {}, []
    with open(path) as f:
        for line in f:
            s = line.strip()
            if s.startswith("#"):
                key, _, val = s[1:].partition(":")
                header[key.strip()] = val.strip()
            elif s:
                body.append(s)
    text = "".join(body)
    if not (text.startswith("[") and text.endswith("]:")):
        raise ValueError("msolve output is not a list '[...]:'")
    if "field characteristic" in header and int(header["field characteristic"]) != char:
        raise ValueError("msolve output is for characteristic %s" % header["field characteristic"])
    order = [v.strip() for v in header.get("variable order", ",".join(names)).split(",")]
    if sorted(order) != sorted(names):
        raise ValueError("msolve output has variables %s" % ",".join(order))
    mo = header.get("monomial order", "graded reverse lexicographical")
    if "graded reverse lexicographical" not in mo or elim != ("eliminat" in mo):
        raise ValueError("msolve output is for the order %s" % header["monomial order"])
    index = {n: i for i, n in enumerate(names)}
    return (parse_poly(t, index, char) for t in text[1:-2].split(",") if t.strip())


# ------------------------------------------------------------ tools


def singular_script(tool, names, polys, char, out_path, ring_order="dp", k=0):
    """A Singular script that times the computation with rtimer (wall clock,
    in ms) and then, outside the timed region, writes the reduced basis.
    RING_ORDER is the ring's ordering; eliminate gets the product of the
    first K variables."""
    lines = ['system("--ticks-per-sec", 1000);']
    if tool == "modstd":
        lines += ['LIB "modstd.lib";', "setcores(1);"]
    call = SINGULAR_TOOLS[tool]
    if tool == "eliminate":
        call = call % "*".join(names[:k])
    lines += ["option(redSB);", gen.to_singular(names, polys, char, order=ring_order).rstrip(),
              "int gbc_t0 = rtimer;",
              "ideal G = %s;" % call,
              "int gbc_t1 = rtimer;",
              'print("GBC_BENCH_MS " + string(gbc_t1 - gbc_t0));']
    if tool != "std":
        lines.append("G = std(G);   // untimed: bring the basis to reduced form")
    lines += ["short = 0;",
              'link gbc_l = ":w %s";' % out_path,
              "int gbc_i;",
              "for (gbc_i = 1; gbc_i <= ncols(G); gbc_i++) {",
              '  write(gbc_l, string(G[gbc_i]) + ",");',
              "}",
              "close(gbc_l);",
              "quit;"]
    return "\n".join(lines) + "\n"


def find_msolve(requested):
    """Path of the msolve binary, or (None, note).  REQUESTED (--msolve) is a
    path or a name in PATH; without it /tmp/anchors/bin/msolve, which is built
    with ../shared/anchors/build-msolve.sh (beside the repository) when that
    script exists and the binary does not (about a minute)."""
    if requested:
        path = shutil.which(requested) or (requested if os.access(requested, os.X_OK) else None)
        if not path:
            return None, "msolve: %s not found or not executable, skipped" % requested
        return os.path.abspath(path), None
    if os.access(MSOLVE_DEFAULT, os.X_OK):
        return MSOLVE_DEFAULT, None
    if os.path.isfile(MSOLVE_BUILD_SCRIPT):
        print("building msolve with %s (about a minute)" % MSOLVE_BUILD_SCRIPT, file=sys.stderr,
              flush=True)
        r = subprocess.run(["bash", MSOLVE_BUILD_SCRIPT], capture_output=True, text=True)
        lines = r.stdout.split()
        path = lines[-1] if lines else ""
        if r.returncode == 0 and os.access(path, os.X_OK):
            return path, None
        return None, "msolve: the build script failed (%s), skipped" % " ".join(
            r.stderr.split()[-12:])
    return None, "msolve: not at %s and no %s to build it, skipped" % (
        MSOLVE_DEFAULT, MSOLVE_BUILD_SCRIPT)


def tool_plan(args, char, nvars):
    """Which tools run for this characteristic; returns (list of keys, notes)."""
    plan, notes = [], []
    for t in args.tools:
        if t in ORDER_TOOLS and ORDER_TOOLS[t] != args.order[0]:
            notes.append("%s: only with --order %s, skipped" % (t, ORDER_TOOLS[t]))
            continue
        if t in MSOLVE_TOOLS and args.order[0] == "lex":
            notes.append("%s: msolve computes grevlex and elimination bases (-e K), "
                         "no lex basis, skipped" % t)
            continue
        if t == "gbc":
            if not os.access(args.gbc, os.X_OK):
                notes.append("gbc: %s not found or not executable, skipped" % args.gbc)
                continue
        elif t.startswith("gbc-mpi:"):
            if not os.access(args.gbc_mpi, os.X_OK) or not shutil.which(args.mpirun):
                notes.append("%s: %s or %s not found, skipped" % (t, args.gbc_mpi, args.mpirun))
                continue
        elif t in SINGULAR_TOOLS:
            if not args.singular_path:
                notes.append("%s: Singular not installed, skipped" % t)
                continue
            if t == "modstd" and char != 0:
                notes.append("modstd: only for characteristic 0, skipped")
                continue
        elif t == "mgb":
            if not args.mgb_path:
                notes.append("mgb: mathicgb not installed, skipped")
                continue
            if char == 0 or char > MGB_MAX_CHAR:
                notes.append("mgb: its F4 reducer needs a prime < 2^16, skipped")
                continue
            if nvars > len(gen.MGB_LETTERS):
                notes.append("mgb: more than 52 variables, skipped")
                continue
        elif t in GIAC_TOOLS:
            if not args.giac_path:
                notes.append("giac: not installed (apt-get install xcas), skipped")
                continue
            if args.order[0] != "grevlex":
                notes.append("giac: grevlex only here, skipped")
                continue
        elif t in MSOLVE_TOOLS:
            if not args.msolve_path:
                notes.append(args.msolve_note)
                continue
            if t == "msolve-l44" and 0 < char < MSOLVE_PROBABILISTIC_MIN_CHAR:
                notes.append("msolve-l44: below 2^15 msolve replaces -l 44 by its exact -l 2, "
                             "so msolve-l44 is msolve's exact mode at GF(%d)" % char)
        plan.append(t)
    return plan, notes


def digest(basis):
    """SHA-256 of a canonical basis: katsura-12's basis takes gigabytes in Python."""
    h = hashlib.sha256()
    for p in basis:
        h.update(repr(p).encode())
        h.update(b";")
    return h.hexdigest()


def run_tool(t, args, tmp, sysname, char, names, polys):
    """Run tool T args.repeats times; return a result dict.  'runs' holds the
    times of the "median s" column: gbc's own computation timer, Singular's
    rtimer, the whole process's wall time for mathicgb and its CPU time for
    msolve; 'proc' and 'cpu' the whole process's wall and CPU times.  Under an
    elimination order 'elim' is the digest of the basis's part free of the
    first K variables (for eliminate: its whole, reduced, output) and
    'basis' None for eliminate."""
    tag = "%s-%d-%s" % (sysname, char, t)
    res = {"tool": t, "runs": [], "proc": [], "cpu": [], "rss": [], "status": "ok",
           "basis": None, "lead": None, "note": "", "elim": None}
    elim = args.order[0] == "elim"
    k = nelim(args.order, sysname, len(names)) if elim else 0
    key = order_key(args.order, k)
    if gbc_like(t):
        inp = os.path.join(tmp, "%s-%d.gbc" % (sysname, char))
        with open(inp, "w") as f:
            f.write(gen.to_gbc(names, polys, char))
        # -v makes gbc print its own computation time (the gbc_groebner call,
        # parsing and printing excluded) on stderr: the analogue of Singular's rtimer
        threads = ["--threads", str(args.threads)] if args.threads != 1 else []
        # gbc-mpi:N, gbc-mpi under mpirun on N ranks of this machine (the whole
        # job's CPU time: mpirun waits for its ranks)
        launch = [args.gbc] if t == "gbc" else \
            [args.mpirun, "--oversubscribe", "--allow-run-as-root", "--bind-to", "none",
             "-np", t.split(":")[1], args.gbc_mpi]
        cmd = launch + shlex.split(args.gbc_args) + gbc_order(args.order, k, len(names)) + \
            threads + ["-v", inp]
        out = os.path.join(tmp, tag + ".out")
    elif t in SINGULAR_TOOLS:
        out = os.path.join(tmp, tag + ".basis")
        script = os.path.join(tmp, tag + ".sing")
        with open(script, "w") as f:
            f.write(singular_script(t, names, polys, char, out,
                                    singular_order(t, args.order, k, len(names)), k))
        cmd = [args.singular_path, "-q", "--no-rc", "--no-warn", script]
    elif t in GIAC_TOOLS:
        script = os.path.join(tmp, tag + ".giac")
        gens = ",".join(gen.poly_to_text(names, p, char) for p in polys)
        with open(script, "w") as f:
            f.write("threads:=%d;\nG:=gbasis([%s]%s,[%s],revlex):;\n"
                    "print(\"GBC_BENCH_COUNT\",size(G));\n"
                    % (args.threads, gens, " %% %d" % char if char else "", ",".join(names)))
        out = os.path.join(tmp, tag + ".giacout")
        cmd = [args.giac_path, script]
    elif t in MSOLVE_TOOLS:
        # gbc's input format is msolve's: variables, characteristic, generators
        inp = os.path.join(tmp, "%s-%d.ms" % (sysname, char))
        with open(inp, "w") as f:
            f.write(gen.to_gbc(names, polys, char))
        out = os.path.join(tmp, tag + ".msout")
        cmd = [args.msolve_path, "-t", str(args.threads), "-g", "2"] + MSOLVE_TOOLS[t] + \
            (["-e", str(k)] if elim else []) + ["-f", inp, "-o", out]
    else:  # mgb reads PROJECT.ideal from its working directory, writes PROJECT.gb
        proj = tag.replace("-", "_")
        with open(os.path.join(tmp, proj + ".ideal"), "w") as f:
            text = gen.to_mgb(names, polys, char)
            rows = mgb_gradings(args.order, k, len(names))
            if rows:   # replace to_mgb's grevlex lines by the order's
                lines = text.split("\n")
                text = "\n".join(lines[:1] + rows + lines[3:])
            f.write(text)
        cmd = [args.mgb_path, "gb", proj, "-reducer", "26", "-threadCount", "1",
               "-outputResult", "on"]
        out = os.path.join(tmp, proj + ".gb")
    stdout = os.path.join(tmp, tag + ".stdout")
    stderr = os.path.join(tmp, tag + ".stderr")
    for rep in range(args.repeats):
        if os.path.exists(out) and not gbc_like(t):
            os.remove(out)
        r = run_measured(cmd, tmp, out if gbc_like(t) else stdout, stderr, args.timeout,
                         args.launcher)
        if r["timed_out"]:
            res["status"] = "timeout"
            res["runs"], res["proc"], res["cpu"] = [], [], []
            break                                   # later runs would time out too
        if r["rc"] != 0:
            res["status"] = "fail"
            with open(stderr, errors="replace") as f:
                msg = " ".join(f.read().split())[:160]
            res["note"] = "exit status %d: %s" % (r["rc"], msg)
            break
        res["proc"].append(r["wall"])
        res["cpu"].append(r["cpu"])
        res["rss"].append(r["rss_mb"])
        if t in SINGULAR_TOOLS:
            with open(stdout, errors="replace") as f:
                m = re.search(r"GBC_BENCH_MS (\d+)", f.read())
            if not m:
                res["status"] = "fail"
                res["note"] = "no timing line in Singular's output"
                break
            res["runs"].append(int(m.group(1)) / 1000.0)
        elif gbc_like(t):
            with open(stderr, errors="replace") as f:
                m = re.search(r"^gbc: .*?, ([0-9.]+) s, peak", f.read(), re.M)
            if not m:
                res["status"] = "fail"
                res["note"] = "no timing line in gbc's -v output"
                break
            res["runs"].append(float(m.group(1)))
        elif t in MSOLVE_TOOLS or t in GIAC_TOOLS:
            res["runs"].append(r["cpu"])
        else:
            res["runs"].append(r["wall"])
    if res["status"] == "ok":
        try:
            basis = None
            if gbc_like(t):
                basis = canonical(read_gbc_output(out, names, char), char, key)
            elif t in SINGULAR_TOOLS:
                basis = canonical(read_singular_output(out, names, char), char, key)
            elif t in MSOLVE_TOOLS:
                basis = canonical(read_msolve_output(out, names, char, elim), char, key)
            if t in GIAC_TOOLS:
                with open(stderr, errors="replace") as f:   # giac prints there
                    found = re.findall(r"GBC_BENCH_COUNT,(\d+)", f.read())
                if not found:
                    raise ValueError("no count line in giac's output")
                res["count"] = int(found[-1])
            elif basis is not None:
                # keep a digest, not the basis: katsura-12's takes gigabytes in Python
                res["count"] = len(basis)
                res["lead"] = sorted(leading(dict(p), key) for p in basis)
                if elim:
                    part = tuple(p for p in basis if all(not any(m[:k]) for m, _ in p))
                    res["elim"] = digest(part)
                    res["elim_count"] = len(part)
                    res["elim_lead"] = sorted(leading(dict(p), key) for p in part)
                if t != "eliminate":
                    res["basis"] = digest(basis)
                del basis
            else:
                ps = read_mgb_output(out, len(names), char)
                res["lead"] = sorted(leading(p, key) for p in ps if p)
                res["count"] = len(ps)
                if elim:
                    res["elim_count"] = sum(1 for p in ps if p and not any(
                        any(m[:k]) for m in p))
        except (OSError, ValueError, KeyError, ZeroDivisionError) as e:
            res["status"] = "fail"
            res["note"] = "could not read its basis: %s" % e
    return res


# ------------------------------------------------------------ checking


REFERENCE_ORDER = ["std", "gbc", "msolve", "msolve-l44", "slimgb", "modstd", "stdfglm",
                   "eliminate"]


def check_agreement(results):
    """Compare every tool's basis with the reference (the first of Singular's
    std, gbc, msolve, msolve-l44, ... that finished).  Under an elimination
    order eliminate's reduced output is compared with the reference's part
    free of the eliminated variables (and with eliminate as the reference,
    every tool's such part); mathicgb's number of polynomials and leading
    monomials with the reference's whole basis.  Returns (list of message
    lines, number of disagreements)."""
    ok = [r for r in results if r["status"] == "ok"]
    ref = None
    for name in REFERENCE_ORDER:
        ref = ref or next((r for r in ok if r["tool"] == name and
                           (r["basis"] is not None or r["elim"] is not None)), None)
    if ref is None:
        return ["no reference basis (no tool with a reduced basis finished): nothing checked"], 0
    msgs, bad = [], 0
    for r in ok:
        if r is ref:
            continue
        if r["basis"] is not None and ref["basis"] is not None:   # SHA-256 digests
            same = r["basis"] == ref["basis"]
            what = "reduced basis"
            lead, rlead, count, rcount = r["lead"], ref["lead"], r.get("count"), ref["count"]
        elif r["elim"] is not None and ref["elim"] is not None:
            same = r["elim"] == ref["elim"]
            what = "reduced basis of the elimination ideal"
            lead, rlead = r["elim_lead"], ref["elim_lead"]
            count, rcount = r["elim_count"], ref["elim_count"]
        elif r["tool"] in GIAC_TOOLS and ref["basis"] is not None:
            same = r.get("count") == ref["count"]
            what = "number of polynomials"
            lead = rlead = None
            count, rcount = r.get("count"), ref["count"]
        elif r["basis"] is None and r["elim"] is None and ref["basis"] is not None:
            # mgb: its basis need not be tail-reduced
            same = r.get("count") == ref["count"] and r["lead"] == ref["lead"]
            what = "number of polynomials and leading monomials"
            lead, rlead, count, rcount = r["lead"], ref["lead"], r.get("count"), ref["count"]
        else:
            msgs.append("%s not checked: %s (the reference) has only the elimination ideal"
                        % (r["tool"], ref["tool"]))
            continue
        if same:
            msgs.append("%s agrees with %s (%s, %d polynomials)" % (
                r["tool"], ref["tool"], what, rcount))
        else:
            bad += 1
            detail = "same leading monomials" if lead == rlead else \
                "different leading monomials"
            msgs.append("!!! MISMATCH !!! %s disagrees with %s on the %s "
                        "(%s polynomials vs %d, %s)" % (r["tool"], ref["tool"], what,
                                                       count, rcount, detail))
    return msgs, bad


# ------------------------------------------------------------ reporting


def fmt_time(r, timeout):
    if r["status"] == "timeout":
        return ">%g" % timeout
    if r["status"] != "ok":
        return "fail"
    m = statistics.median(r["runs"])
    return "<0.001" if m < 0.0005 else "%.3f" % m


def fmt_median(values):
    return "%.3f" % statistics.median(values) if values else "-"


def _ratio_text(gv, gstatus, rv, rstatus, timeout):
    """gbc / tool from the two lists of times (bounds when one side timed out)."""
    if gstatus not in ("ok", "timeout") or rstatus not in ("ok", "timeout"):
        return "-"
    if gstatus == "timeout" and rstatus == "timeout":
        return "-"
    if gstatus == "timeout":
        return ">%.2f" % (timeout / max(statistics.median(rv), 0.001))
    if not gv:
        return "-"
    gm = statistics.median(gv)
    if rstatus == "timeout":
        return "<%.2f" % (gm / timeout)
    if not rv:
        return "-"
    rm = statistics.median(rv)
    if rm < 0.0005:                 # below Singular's 1 ms clock: only a lower bound
        return ">%.2f" % (gm / 0.001)
    return "%.2f" % (gm / rm)


def ratio(g, r, timeout, kind="main"):
    """gbc time / tool time as text.  KIND "main" compares like with like for
    the "gbc/tool" column: computation times against Singular (gbc's own
    timer, Singular's rtimer), whole-process wall times against mathicgb
    (which has no computation-only timer), whole-process CPU times against
    msolve.  KIND "cpu" and "wall" compare whole processes for every tool."""
    if g is None:
        return "-"
    if r is g:
        return "1.00" if g["status"] == "ok" else "-"
    if kind == "cpu" or (kind == "main" and r["tool"] in MSOLVE_TOOLS):
        gv, rv = g["cpu"], r["cpu"]
    elif kind == "wall" or (kind == "main" and r["tool"] == "mgb"):
        gv, rv = g["proc"], r["proc"]
    else:
        gv, rv = g["runs"], r["runs"]
    return _ratio_text(gv, g["status"], rv, r["status"], timeout)


LABEL = {"gbc": "gbc", "std": "Singular std", "slimgb": "Singular slimgb",
         "modstd": "Singular modStd", "mgb": "mathicgb F4", "msolve": "msolve",
         "msolve-l44": "msolve -l 44", "stdfglm": "Singular stdfglm",
         "eliminate": "Singular eliminate", "giac": "giac gbasis"}


def label(tool, order, k, nvars):
    """LABEL[tool], with Singular's ring ordering under lex and elim:K."""
    if tool.startswith("gbc-mpi:"):
        return "gbc-mpi -np %s" % tool.split(":")[1]
    if order[0] != "grevlex" and tool in SINGULAR_TOOLS:
        return "%s %s" % (LABEL[tool], singular_order(tool, order, k, nvars))
    return LABEL[tool]


def is_prime_char(c):
    if c < 2:
        return False
    return all(c % d for d in range(2, int(c ** 0.5) + 1))


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Time gbc against Singular, mathicgb and msolve on benchmark systems.",
        epilog="Systems: FAMILY-n with FAMILY one of %s. Suites: %s." % (
            ", ".join(sorted(gen.FAMILIES)),
            "; ".join("%s = %s" % kv for kv in SUITES.items())))
    ap.add_argument("--systems", help="comma-separated list (default: the default suite, %s)"
                    % SUITES["default"])
    ap.add_argument("--suite", choices=sorted(SUITES),
                    help="a named list of systems instead of --systems: large = %s; "
                    "huge = large and %s; q (over Q, --char 0) = %s; q-large = q and %s"
                    % (SUITES["large"], SUITES["huge"][len(SUITES["large"]) + 1:], SUITES["q"],
                       SUITES["q-large"][len(SUITES["q"]) + 1:]))
    ap.add_argument("--char", default="32003",
                    help="comma-separated characteristics: 0 or primes < 2^31 (default %(default)s)")
    ap.add_argument("--tools",
                    help="comma-separated subset of %s (default: %s; with --order lex %s; "
                    "with elim %s)" % (",".join(KNOWN_TOOLS), ",".join(ALL_TOOLS),
                                       ",".join(DEFAULT_TOOLS["lex"]),
                                       ",".join(DEFAULT_TOOLS["elim"])))
    ap.add_argument("--order", default="grevlex",
                    help="grevlex (default), lex, or elim:K (the block order grevlex on the "
                    "first K variables, then grevlex on the rest; plain 'elim' for an "
                    "implicit-* system eliminates its parameters)")
    ap.add_argument("--repeats", type=int, default=3, help="runs per tool (default 3)")
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds per run (default 120)")
    ap.add_argument("--threads", type=int, default=1,
                    help="threads for gbc (--threads N) and msolve (-t N); Singular and "
                    "mathicgb use one (default 1)")
    ap.add_argument("--gbc", default=os.path.join(REPO, "build", "gbc"),
                    help="path to the gbc binary (default: build/gbc in the repository)")
    ap.add_argument("--mpi", default="",
                    help="comma-separated rank counts N: also run gbc-mpi under "
                    "mpirun -np N (tool gbc-mpi:N; wall times are then compared too)")
    ap.add_argument("--gbc-mpi", default=os.path.join(REPO, "build", "gbc-mpi"),
                    help="path to gbc-mpi (default: build/gbc-mpi in the repository)")
    ap.add_argument("--mpirun", default="mpirun", help="the MPI launcher (default mpirun)")
    ap.add_argument("--gbc-args", default="", help='extra gbc options, e.g. "--algorithm buchberger"')
    ap.add_argument("--singular", default="Singular", help="Singular executable")
    ap.add_argument("--mgb", default="mgb", help="mathicgb executable")
    ap.add_argument("--giac", default="giac", help="giac executable")
    ap.add_argument("--msolve", help="msolve executable (default: %s, built with %s if "
                    "missing and that script exists)" % (MSOLVE_DEFAULT, MSOLVE_BUILD_SCRIPT))
    ap.add_argument("--csv", help="also write the results to this CSV file")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args(argv)

    try:
        if args.suite and args.systems:
            raise ValueError("give --systems or --suite, not both")
        spec = SUITES[args.suite or "default"] if not args.systems else args.systems
        systems = [s.strip() for s in spec.split(",") if s.strip()]
        chars = [int(c) for c in args.char.split(",") if c.strip()]
        args.order = parse_order(args.order)
        if args.order[0] != "grevlex" and "--order" in shlex.split(args.gbc_args):
            raise ValueError("give the order with --order, not in --gbc-args")
        if args.tools is None:
            args.tools = ",".join(DEFAULT_TOOLS[args.order[0]])
        args.tools = [t.strip().lower() for t in args.tools.split(",") if t.strip()]
        for n in [x.strip() for x in args.mpi.split(",") if x.strip()]:
            if not n.isdigit() or int(n) < 1:
                raise ValueError("--mpi needs rank counts >= 1, not %r" % n)
            args.tools.append("gbc-mpi:%d" % int(n))
        for t in args.tools:
            if t not in KNOWN_TOOLS and not t.startswith("gbc-mpi:"):
                raise ValueError("unknown tool %r (known: %s)" % (t, ", ".join(KNOWN_TOOLS)))
        for c in chars:
            if c < 0 or c >= 2 ** 31 or (c != 0 and not is_prime_char(c)):
                raise ValueError("characteristic %d is not 0 or a prime < 2^31" % c)
        if args.repeats < 1 or args.timeout <= 0 or args.threads < 1:
            raise ValueError("--repeats and --threads must be >= 1 and --timeout > 0")
        specs = {s: gen.system(s) for s in systems}
        ks = {s: nelim(args.order, s, len(specs[s][0])) if args.order[0] == "elim" else 0
              for s in systems}
    except ValueError as e:
        print("run.py: %s" % e, file=sys.stderr)
        return 3
    args.gbc = os.path.abspath(args.gbc)
    args.singular_path = shutil.which(args.singular)
    args.mgb_path = shutil.which(args.mgb)
    args.giac_path = shutil.which(args.giac)
    args.msolve_path, args.msolve_note = None, None
    if any(t in MSOLVE_TOOLS for t in args.tools):
        args.msolve_path, args.msolve_note = find_msolve(args.msolve)

    tmp = tempfile.mkdtemp(prefix="gbc-bench-")
    args.launcher = build_launcher(tmp)
    rows, checks, notes = [], [], []
    mismatches = gbc_failures = 0
    try:
        for sysname in systems:
            names, polys = specs[sysname]
            for char in chars:
                field = "QQ" if char == 0 else "GF(%d)" % char
                plan, pnotes = tool_plan(args, char, len(names))
                for n in pnotes:
                    n = "%s (%s)" % (n, field) if "skipped" in n and "only" in n or "2^16" in n else n
                    if n not in notes:
                        notes.append(n)
                results = []
                for t in plan:
                    print("running %-10s %-14s %-10s" % (sysname, field, t), file=sys.stderr,
                          flush=True)
                    results.append(run_tool(t, args, tmp, sysname, char, names, polys))
                msgs, bad = check_agreement(results)
                mismatches += bad
                g = next((r for r in results if r["tool"] == "gbc"), None)
                if g is not None and g["status"] == "fail":
                    gbc_failures += 1
                    msgs.append("!!! gbc FAILED !!! %s" % g["note"])
                for r in results:
                    if r["status"] == "fail" and r["tool"] != "gbc":
                        msgs.append("%s failed: %s" % (r["tool"], r["note"]))
                    elif r["status"] == "timeout":
                        msgs.append("%s timed out after %g s: its basis was not checked"
                                    % (r["tool"], args.timeout))
                checks += ["%s over %s: %s" % (sysname, field, m) for m in msgs]
                for r in results:
                    rows.append({
                        "system": sysname, "vars": len(names), "field": field, "char": char,
                        "tool": r["tool"],
                        "label": label(r["tool"], args.order, ks[sysname], len(names)),
                        "order": order_name(args.order, ks[sysname]),
                        "elim": str(r.get("elim_count", "-")) if r["status"] == "ok" else "-",
                        "median_s": fmt_time(r, args.timeout),
                        "ratio": ratio(g, r, args.timeout),
                        "cpu_s": fmt_median(r["cpu"]),
                        "ratio_cpu": ratio(g, r, args.timeout, "cpu"),
                        "rss": "%.1f" % max(r["rss"]) if r["rss"] else "-",
                        "process_s": fmt_median(r["proc"]),
                        "ratio_wall": ratio(g, r, args.timeout, "wall"),
                        "runs": " ".join("%.3f" % x for x in r["runs"]),
                        "cpu_runs": " ".join("%.3f" % x for x in r["cpu"]),
                        "polys": str(r.get("count", "-")) if r["status"] == "ok" else "-",
                        "status": r["status"],
                    })
    finally:
        if args.keep:
            print("temporary files kept in %s" % tmp, file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    wall = args.threads > 1 or bool(args.mpi)
    el = args.order[0] == "elim"
    print("| system | vars | field | tool | median s | gbc/tool | cpu s | gbc/tool cpu | "
          "peak RSS MB | process s |%s #GB |%s" % (" gbc/tool wall |" if wall else "",
                                                 " #elim |" if el else ""))
    print("|---|---:|---|---|---:|---:|---:|---:|---:|---:|%s---:|%s" % (
        "---:|" if wall else "", "---:|" if el else ""))
    for r in rows:
        print("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |%s %s |%s" % (
            r["system"], r["vars"], r["field"], r["label"], r["median_s"], r["ratio"],
            r["cpu_s"], r["ratio_cpu"], r["rss"], r["process_s"],
            " %s |" % r["ratio_wall"] if wall else "", r["polys"],
            " %s |" % r["elim"] if el else ""))
    print()
    print("median of %d run(s), timeout %g s, %d thread(s) for gbc and msolve. 'median s': "
          "the computation alone for gbc (its own timer around gbc_groebner, printed by -v) and "
          "Singular (rtimer inside the script), the whole process's wall time for mathicgb and "
          "its CPU time (user+sys) for msolve; gbc/tool compares like with like (computations "
          "with Singular, whole-process wall times with mathicgb, whole-process CPU times with "
          "msolve). 'cpu s' and 'gbc/tool cpu': CPU seconds (user+sys) of the whole process, "
          "every tool; 'process s': its wall time%s. gbc/tool > 1 means gbc is slower."
          % (args.repeats, args.timeout, args.threads,
             "; 'gbc/tool wall' compares those" if wall else ""))
    if args.order[0] == "lex":
        print("order: lex, x1 > x2 > ... (gbc --order lex, Singular ring ordering lp, stdfglm: "
              "stdfglm(I) in an lp ring, i.e. a dp basis by groebner, then fglm to lp)")
    elif el:
        print("order: elim:K, grevlex on the first K variables, then grevlex on the rest "
              "(gbc --order blocks:grevlex(K),grevlex(N-K), Singular (dp(K),dp(N-K)), msolve "
              "-e K); eliminate: eliminate(I, x1*...*xK) in a dp ring; #elim: the basis's "
              "elements free of x1..xK (eliminate: its reduced output)")
    if args.gbc_args:
        print("gbc options: %s" % args.gbc_args)
    if not args.launcher:
        print("note: no C compiler for the launcher: peak RSS includes this Python process's")
    for n in notes:
        print("note: %s" % n)
    print()
    for c in checks:
        print("check: %s" % c)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            # the columns order and elim_size only under --order lex / elim:K,
            # so that grevlex CSV files keep their old columns
            extra = args.order[0] != "grevlex"
            w.writerow(["system", "vars", "char", "tool", "threads", "median_s", "gbc_over_tool",
                        "cpu_median_s", "gbc_over_tool_cpu", "peak_rss_mb", "process_median_s",
                        "gbc_over_tool_wall", "runs_s", "cpu_runs_s", "gb_size", "status"] +
                       (["order", "elim_size"] if extra else []))
            for r in rows:
                w.writerow([r["system"], r["vars"], r["char"], r["tool"], args.threads,
                            r["median_s"], r["ratio"], r["cpu_s"], r["ratio_cpu"], r["rss"],
                            r["process_s"], r["ratio_wall"], r["runs"], r["cpu_runs"], r["polys"],
                            r["status"]] + ([r["order"], r["elim"]] if extra else []))
    if mismatches:
        print("\n!!! %d DISAGREEMENT(S) BETWEEN TOOLS: see the check lines above !!!" % mismatches)
        print("!!! %d DISAGREEMENT(S) BETWEEN TOOLS !!!" % mismatches, file=sys.stderr)
        return 1
    if gbc_failures:
        print("\n!!! gbc failed on %d input(s) !!!" % gbc_failures)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
