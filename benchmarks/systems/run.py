#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Comparison runner: times gbc against Singular (std, slimgb, modStd) and
mathicgb on the same generated systems in one run, checks that they agree on
the reduced Groebner basis, and prints a markdown table (optionally CSV).

Every speed claim of the project is to be checked with this script; see
benchmarks/README.md for what each tool's time measures.

Example:
  benchmarks/systems/run.py --systems katsura-6,katsura-7,cyclic-6 --char 32003 \
      --gbc-args "--algorithm buchberger"

Exit status: 0 all ran and agreed; 1 some tools disagree (printed loudly);
2 no disagreement but gbc failed (non-zero exit) somewhere; 3 bad usage.
Python 3 standard library only.
"""

import argparse
import csv
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

ALL_TOOLS = ["gbc", "std", "slimgb", "modstd", "mgb"]
SINGULAR_TOOLS = {"std": "std(I)", "slimgb": "slimgb(I)", "modstd": "modStd(I)"}
MGB_MAX_CHAR = 65535   # mgb's F4 matrix builder rejects larger primes ("too large characteristic")


# ------------------------------------------------------------ measuring


# A child forked from this Python process starts with a copy of Python's
# resident memory, and the kernel keeps that in the child's peak RSS even
# after exec (fs/exec.c records the old image's high-water mark).  So the
# tools are started through this tiny launcher, compiled once per run: it
# forks from a process of about 1 MB, execs the tool, waits for it with
# wait4 and reports the tool's own wall time and peak RSS.
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
    if (argc < 3) return 125;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid < 0) return 126;
    if (pid == 0) { execvp(argv[2], argv + 2); _exit(127); }
    if (wait4(pid, &status, 0, &ru) < 0) return 126;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    f = fopen(argv[1], "w");
    if (!f) return 126;
    fprintf(f, "%.9f %ld %d\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec),
            ru.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
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
    """Run CMD once; return dict(wall, rc, rss_mb, timed_out).  With LAUNCHER
    the wall time and peak RSS are the tool's own, as measured by the
    launcher's wait4; without it they come from os.wait4 on the direct child
    (its peak RSS is then at least this Python process's).  On timeout the
    child's whole process group (it gets a fresh session) is killed."""
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
    res = {"wall": wall, "rc": p.returncode, "rss_mb": ru.ru_maxrss / 1024.0,
           "timed_out": fired.is_set()}
    if launcher and not res["timed_out"]:
        try:
            with open(report) as f:
                w, rss, rc = f.read().split()
            res.update(wall=float(w), rss_mb=int(rss) / 1024.0, rc=int(rc))
        except (OSError, ValueError):
            res["rc"] = res["rc"] or 126
        finally:
            if os.path.exists(report):
                os.remove(report)
    return res


# ------------------------------------------------------------ parsing and normalising


_TERM_RE = re.compile(r"\s*([+-]?)\s*([^+-]+)")


def parse_poly(text, index, char):
    """Parse 'c*x1^2*x3-x2+...' (gbc and Singular output) into {mono: coef}."""
    p = {}
    n = len(index)
    for sign, body in _TERM_RE.findall(text.replace(" ", "")):
        coef = Fraction(1)
        mono = [0] * n
        for f in body.split("*"):
            if not f:
                continue
            if f[0].isdigit():
                coef *= Fraction(f)
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
    for sign, body in re.findall(r"([+-]?)([^+-]+)", text.strip()):
        m = re.match(r"(\d*)(.*)$", body)
        coef = Fraction(int(m.group(1))) if m.group(1) else Fraction(1)
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
    if char:
        q = {}
        for m, c in p.items():
            v = (c.numerator * pow(c.denominator, -1, char)) % char
            if v:
                q[m] = Fraction(v)
        return q
    return {m: c for m, c in p.items() if c != 0}


def leading(p):
    return max(p, key=gen.grevlex_key)


def canonical(polys, char):
    """A basis as a sorted tuple of monic polynomials (each a sorted tuple of
    terms); two reduced Groebner bases of one ideal give equal values."""
    out = []
    for p in polys:
        if not p:
            continue
        lc = p[leading(p)]
        if char:
            inv = pow(int(lc), -1, char)
            q = {m: Fraction((int(c) * inv) % char) for m, c in p.items()}
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
    return [parse_poly(t, index, char) for t in body.split(",") if t.strip()]


def read_singular_output(path, names, char):
    index = {n: i for i, n in enumerate(names)}
    with open(path) as f:
        body = f.read().replace("\n", "")
    return [parse_poly(t, index, char) for t in body.split(",") if t.strip()]


def read_mgb_output(path, nvars, char):
    with open(path) as f:
        lines = [l.strip() for l in f if l.strip()]
    count = int(lines[0])
    polys = [parse_mgb_poly(l, nvars, char) for l in lines[1:1 + count]]
    if len(polys) != count:
        raise ValueError("mgb output is truncated")
    return polys


# ------------------------------------------------------------ tools


def singular_script(tool, names, polys, char, out_path):
    """A Singular script that times the computation with rtimer (wall clock,
    in ms) and then, outside the timed region, writes the reduced basis."""
    lines = ['system("--ticks-per-sec", 1000);']
    if tool == "modstd":
        lines += ['LIB "modstd.lib";', "setcores(1);"]
    lines += ["option(redSB);", gen.to_singular(names, polys, char).rstrip(),
              "int gbc_t0 = rtimer;",
              "ideal G = %s;" % SINGULAR_TOOLS[tool],
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


def tool_plan(args, char, nvars):
    """Which tools run for this characteristic; returns (list of keys, notes)."""
    plan, notes = [], []
    for t in args.tools:
        if t == "gbc":
            if not os.access(args.gbc, os.X_OK):
                notes.append("gbc: %s not found or not executable, skipped" % args.gbc)
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
        plan.append(t)
    return plan, notes


def run_tool(t, args, tmp, sysname, char, names, polys):
    """Run tool T args.repeats times; return a result dict."""
    tag = "%s-%d-%s" % (sysname, char, t)
    res = {"tool": t, "runs": [], "proc": [], "rss": [], "status": "ok", "basis": None,
           "lead": None, "note": ""}
    if t == "gbc":
        inp = os.path.join(tmp, "%s-%d.gbc" % (sysname, char))
        with open(inp, "w") as f:
            f.write(gen.to_gbc(names, polys, char))
        # -v makes gbc print its own computation time (the gbc_groebner call,
        # parsing and printing excluded) on stderr: the analogue of Singular's rtimer
        cmd = [args.gbc] + shlex.split(args.gbc_args) + ["-v", inp]
        out = os.path.join(tmp, tag + ".out")
    elif t in SINGULAR_TOOLS:
        out = os.path.join(tmp, tag + ".basis")
        script = os.path.join(tmp, tag + ".sing")
        with open(script, "w") as f:
            f.write(singular_script(t, names, polys, char, out))
        cmd = [args.singular_path, "-q", "--no-rc", "--no-warn", script]
    else:  # mgb reads PROJECT.ideal from its working directory, writes PROJECT.gb
        proj = tag.replace("-", "_")
        with open(os.path.join(tmp, proj + ".ideal"), "w") as f:
            f.write(gen.to_mgb(names, polys, char))
        cmd = [args.mgb_path, "gb", proj, "-reducer", "26", "-threadCount", "1",
               "-outputResult", "on"]
        out = os.path.join(tmp, proj + ".gb")
    stdout = os.path.join(tmp, tag + ".stdout")
    stderr = os.path.join(tmp, tag + ".stderr")
    for rep in range(args.repeats):
        if os.path.exists(out) and t != "gbc":
            os.remove(out)
        r = run_measured(cmd, tmp, out if t == "gbc" else stdout, stderr, args.timeout,
                         args.launcher)
        if r["timed_out"]:
            res["status"] = "timeout"
            res["runs"], res["proc"] = [], []
            break                                   # later runs would time out too
        if r["rc"] != 0:
            res["status"] = "fail"
            with open(stderr, errors="replace") as f:
                msg = " ".join(f.read().split())[:160]
            res["note"] = "exit status %d: %s" % (r["rc"], msg)
            break
        res["proc"].append(r["wall"])
        res["rss"].append(r["rss_mb"])
        if t in SINGULAR_TOOLS:
            with open(stdout, errors="replace") as f:
                m = re.search(r"GBC_BENCH_MS (\d+)", f.read())
            if not m:
                res["status"] = "fail"
                res["note"] = "no timing line in Singular's output"
                break
            res["runs"].append(int(m.group(1)) / 1000.0)
        elif t == "gbc":
            with open(stderr, errors="replace") as f:
                m = re.search(r"^gbc: .*?, ([0-9.]+) s, peak", f.read(), re.M)
            if not m:
                res["status"] = "fail"
                res["note"] = "no timing line in gbc's -v output"
                break
            res["runs"].append(float(m.group(1)))
        else:
            res["runs"].append(r["wall"])
    if res["status"] == "ok":
        try:
            if t == "gbc":
                res["basis"] = canonical(read_gbc_output(out, names, char), char)
            elif t in SINGULAR_TOOLS:
                res["basis"] = canonical(read_singular_output(out, names, char), char)
            else:
                ps = read_mgb_output(out, len(names), char)
                res["lead"] = sorted(leading(p) for p in ps if p)
                res["count"] = len(ps)
        except (OSError, ValueError, KeyError, ZeroDivisionError) as e:
            res["status"] = "fail"
            res["note"] = "could not read its basis: %s" % e
    if res["basis"] is not None:
        res["count"] = len(res["basis"])
        res["lead"] = sorted(leading(dict(p)) for p in res["basis"])
    return res


# ------------------------------------------------------------ checking


def check_agreement(results):
    """Compare every tool's basis with the reference (Singular's std if it ran,
    else gbc).  Returns (list of message lines, number of disagreements)."""
    ok = [r for r in results if r["status"] == "ok"]
    ref = next((r for r in ok if r["tool"] == "std"), None) or \
        next((r for r in ok if r["tool"] == "gbc"), None)
    if ref is None:
        return ["no reference basis (std and gbc did not finish): nothing checked"], 0
    msgs, bad = [], 0
    for r in ok:
        if r is ref:
            continue
        if r["basis"] is not None:
            same = r["basis"] == ref["basis"]
            what = "reduced basis"
        else:                               # mgb: its basis need not be tail-reduced
            same = r.get("count") == ref["count"] and r["lead"] == ref["lead"]
            what = "number of polynomials and leading monomials"
        if same:
            msgs.append("%s agrees with %s (%s, %d polynomials)" % (
                r["tool"], ref["tool"], what, ref["count"]))
        else:
            bad += 1
            msgs.append("!!! MISMATCH !!! %s disagrees with %s on the %s "
                        "(%s polynomials vs %d)" % (r["tool"], ref["tool"], what,
                                                   r.get("count"), ref["count"]))
    return msgs, bad


# ------------------------------------------------------------ reporting


def fmt_time(r, timeout):
    if r["status"] == "timeout":
        return ">%g" % timeout
    if r["status"] != "ok":
        return "fail"
    m = statistics.median(r["runs"])
    return "<0.001" if m < 0.0005 else "%.3f" % m


def ratio(g, r, timeout):
    """gbc time / tool time as text (bounds when one side timed out).  Like is
    compared with like: computation times against Singular (gbc's own timer,
    Singular's rtimer), whole processes against mathicgb (which has no
    computation-only timer)."""
    if g is not None and r["tool"] == "mgb" and g["status"] == "ok" and g["proc"]:
        g = dict(g, runs=g["proc"])
    if g is None or g["status"] not in ("ok", "timeout") or r["status"] not in ("ok", "timeout"):
        return "-"
    if g["status"] == "timeout" and r["status"] == "timeout":
        return "-"
    if g["status"] == "timeout":
        return ">%.2f" % (timeout / max(statistics.median(r["runs"]), 0.001))
    gm = statistics.median(g["runs"])
    if r["status"] == "timeout":
        return "<%.2f" % (gm / timeout)
    rm = statistics.median(r["runs"])
    if rm < 0.0005:                 # below Singular's 1 ms clock: only a lower bound
        return ">%.2f" % (gm / 0.001)
    return "%.2f" % (gm / rm)


LABEL = {"gbc": "gbc", "std": "Singular std", "slimgb": "Singular slimgb",
         "modstd": "Singular modStd", "mgb": "mathicgb F4"}


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Time gbc against Singular and mathicgb on benchmark systems.",
        epilog="Systems: FAMILY-n with FAMILY one of %s." % ", ".join(sorted(gen.FAMILIES)))
    ap.add_argument("--systems", default="katsura-6,katsura-7,cyclic-6",
                    help="comma-separated list (default %(default)s)")
    ap.add_argument("--char", default="32003",
                    help="comma-separated characteristics: 0 or primes < 2^31 (default %(default)s)")
    ap.add_argument("--tools", default=",".join(ALL_TOOLS),
                    help="comma-separated subset of %s (default: all)" % ",".join(ALL_TOOLS))
    ap.add_argument("--repeats", type=int, default=3, help="runs per tool (default 3)")
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds per run (default 120)")
    ap.add_argument("--gbc", default=os.path.join(REPO, "build", "gbc"),
                    help="path to the gbc binary (default: build/gbc in the repository)")
    ap.add_argument("--gbc-args", default="", help='extra gbc options, e.g. "--algorithm buchberger"')
    ap.add_argument("--singular", default="Singular", help="Singular executable")
    ap.add_argument("--mgb", default="mgb", help="mathicgb executable")
    ap.add_argument("--csv", help="also write the results to this CSV file")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args(argv)

    try:
        systems = [s.strip() for s in args.systems.split(",") if s.strip()]
        chars = [int(c) for c in args.char.split(",") if c.strip()]
        args.tools = [t.strip().lower() for t in args.tools.split(",") if t.strip()]
        for t in args.tools:
            if t not in ALL_TOOLS:
                raise ValueError("unknown tool %r (known: %s)" % (t, ", ".join(ALL_TOOLS)))
        for c in chars:
            if c < 0 or c >= 2 ** 31 or (c and any(c % d == 0 for d in range(2, int(c ** 0.5) + 1))) \
                    or c == 1:
                raise ValueError("characteristic %d is not 0 or a prime < 2^31" % c)
        if args.repeats < 1 or args.timeout <= 0:
            raise ValueError("--repeats must be >= 1 and --timeout > 0")
        specs = {s: gen.system(s) for s in systems}
    except ValueError as e:
        print("run.py: %s" % e, file=sys.stderr)
        return 3
    args.gbc = os.path.abspath(args.gbc)
    args.singular_path = shutil.which(args.singular)
    args.mgb_path = shutil.which(args.mgb)

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
                    print("running %-10s %-14s %-8s" % (sysname, field, t), file=sys.stderr,
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
                        "system": sysname, "field": field, "char": char, "tool": r["tool"],
                        "median_s": fmt_time(r, args.timeout),
                        "ratio": "1.00" if r is g and r["status"] == "ok" else ratio(g, r, args.timeout),
                        "rss": "%.1f" % max(r["rss"]) if r["rss"] else "-",
                        "process_s": "%.3f" % statistics.median(r["proc"]) if r["proc"] else "-",
                        "runs": " ".join("%.3f" % x for x in r["runs"]),
                        "polys": str(r.get("count", "-")) if r["status"] == "ok" else "-",
                        "status": r["status"],
                    })
    finally:
        if args.keep:
            print("temporary files kept in %s" % tmp, file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    print("| system | field | tool | median s | gbc/tool | peak RSS MB | process s | #GB |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for r in rows:
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["system"], r["field"], LABEL[r["tool"]], r["median_s"], r["ratio"], r["rss"],
            r["process_s"], r["polys"]))
    print()
    print("median of %d run(s), timeout %g s; 'median s' is the computation alone for gbc "
          "(its own timer around gbc_groebner, printed by -v) and Singular (rtimer inside the "
          "script), the whole process for mathicgb; 'process s' is the whole process for every "
          "tool; gbc/tool compares computations with Singular and whole processes with "
          "mathicgb; gbc/tool > 1 means gbc is slower."
          % (args.repeats, args.timeout))
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
            w.writerow(["system", "char", "tool", "median_s", "gbc_over_tool", "peak_rss_mb",
                        "process_median_s", "runs_s", "gb_size", "status"])
            for r in rows:
                w.writerow([r["system"], r["char"], r["tool"], r["median_s"], r["ratio"], r["rss"],
                            r["process_s"], r["runs"], r["polys"], r["status"]])
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
