#!/usr/bin/env python3
"""benchmarks/solve/run.py: `gbc solve` against msolve on zero-dimensional systems.

For each system both programs isolate the real solutions (gbc: `solve --format
msolve`; msolve: `-f IN -o OUT`); the runner checks that they find the same number
of real solutions and that every gbc box meets exactly one msolve box and the other
way round (boxes that isolate the same solutions), and prints the CPU seconds
(user + system), the wall seconds (what --threads shortens) and the peak resident
memory of each process (with --repeats K, the medians of K runs of each). The systems:
katsura-5..8, noon-4..6, reimer-4/5, cyclic-5/6, eco-6..8 from
benchmarks/systems/gen.py, and three small cases. Without msolve only gbc runs
(a note on stderr says so). Standard library only; run from the
repository root after a release build.

    python3 benchmarks/solve/run.py [--gbc build/gbc] [--msolve PATH] [--only NAME] [--skip A,B]
                                    [--precision BITS] [--timeout S] [--threads N]
                                    [--repeats K] [--large]

msolve is GPL: it is only ever run as an external program
(bash ../shared/anchors/build-msolve.sh builds one at /tmp/anchors/bin/msolve).
"""
import argparse
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

DEFAULT_MSOLVE = "/tmp/anchors/bin/msolve"
TIME = "/usr/bin/time"  # GNU time, for the peak memory (nan without it)


GEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "systems", "gen.py")

# The table: benchmarks/systems/gen.py's families (expanded, integer
# coefficients, each monomial once, squares as powers: what msolve reads as gbc
# does), then small cases of our own.
FAMILIES = ["katsura-5", "katsura-6", "katsura-7", "katsura-8", "noon-4", "noon-5", "noon-6",
            "reimer-4", "reimer-5", "cyclic-5", "cyclic-6", "eco-6", "eco-7", "eco-8"]
# --large adds the rest of the list the comparison is judged on (minutes each)
LARGE = ["katsura-9", "katsura-10", "noon-7", "eco-9", "eco-10", "reimer-6", "cyclic-7"]


def generated(name):
    """name's variables and generators from gen.py."""
    text = subprocess.run([sys.executable, GEN, "--char", "0", name], capture_output=True,
                          text=True, check=True).stdout
    lines = text.strip().split("\n")
    gens = [g.strip() for g in "\n".join(lines[2:]).split(",\n")]
    return lines[0], gens


def systems(large):
    out = []
    for name in FAMILIES + (LARGE if large else []):
        names, g = generated(name)
        out.append((name, names, g))
    out.append(("circle-line", "x,y", ["x^2+y^2-1", "x-y"]))
    out.append(("close-roots", "x,y", ["1001000*x^2-2001*x+1", "y^2-x"]))
    out.append(("multiplicity", "x,y", ["x^5-3*x^4-4*x^3+12*x^2+4*x-12",
                                        "y^2-2*x*y+x^2"]))
    return out


ENDPOINT = re.compile(r"^\s*(-?\d+)\s*(?:/\s*(2\^)?(\d+))?\s*$")


def parse_value(s):
    """An endpoint: an integer, "a / b" or "a / 2^k"."""
    m = ENDPOINT.match(s)
    if not m:
        raise ValueError(f"bad endpoint {s!r}")
    v = Fraction(int(m.group(1)))
    if m.group(3) is None:
        return v
    return v / ((1 << int(m.group(3))) if m.group(2) else int(m.group(3)))


def parse_msolve(text):
    """The boxes of msolve's output (the last [1, [...]] list), as lists of
    (lo, hi) Fractions; None for [-1] (no solution)."""
    text = text.strip()
    if text.startswith("[-1]"):
        return []
    i = text.rfind("[1,\n")
    body = text[i + 4:].strip()
    depth, cur, boxes, box, item = 0, "", [], [], []
    # a small scanner: boxes are at depth 2 of body, intervals at depth 3
    for ch in body:
        if ch == "[":
            depth += 1
            if depth == 3:
                item = []
                cur = ""
            continue
        if ch == "]":
            if depth == 3:
                item.append(cur)
                box.append((parse_value(item[0]), parse_value(item[1])))
            elif depth == 2:
                if box:
                    boxes.append(box)
                box = []
            depth -= 1
            if depth == 0:
                break
            continue
        if depth == 3:
            if ch == ",":
                item.append(cur)
                cur = ""
            else:
                cur += ch
    return boxes


def meets(a, b):
    return all(not (ah < bl or bh < al) for (al, ah), (bl, bh) in zip(a, b))


def run(cmd, timeout, tmp, repeats=1):
    """Run cmd repeats times (while it succeeds); the last run's stdout, stderr and
    exit status with the medians of the CPU seconds, peak MB and wall seconds."""
    res = [run_once(cmd, timeout, tmp)]
    while len(res) < repeats and res[-1][0].returncode == 0:
        res.append(run_once(cmd, timeout, tmp))
    med = [sorted(r[k] for r in res)[len(res) // 2] for k in (1, 2, 3)]
    return (res[-1][0], *med)


def run_once(cmd, timeout, tmp):
    """Run cmd; its stdout, stderr, exit status, CPU seconds (user + system), peak
    resident MB, measured for this child alone (os.wait4), and wall seconds."""
    out_path, err_path = os.path.join(tmp, "stdout"), os.path.join(tmp, "stderr")
    mem_path = os.path.join(tmp, "peak")
    if os.path.exists(mem_path):
        os.remove(mem_path)
    # the peak through GNU time: a child forked from this Python process would count
    # Python's own pages in its peak
    if os.path.exists(TIME):
        cmd = [TIME, "-f", "%M", "-o", mem_path] + cmd
    with open(out_path, "w") as fo, open(err_path, "w") as fe:
        # its own process group, so that a timeout stops the measured program
        # too, not only GNU time around it
        p = subprocess.Popen(cmd, stdout=fo, stderr=fe, start_new_session=True)
        t0 = time.time()
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid != 0:
                break
            if time.time() - t0 > timeout:
                os.killpg(p.pid, signal.SIGKILL)
                pid, status, ru = os.wait4(p.pid, 0)
                status = -1
                break
            time.sleep(0.01)
        wall = time.time() - t0
    p.returncode = os.waitstatus_to_exitcode(status) if status != -1 else -9
    with open(out_path) as f:
        p.stdout = f.read()
    with open(err_path) as f:
        p.stderr = f.read()
    peak = float("nan")
    if os.path.exists(mem_path):
        with open(mem_path) as f:
            last = f.read().strip().split("\n")[-1]
            if last.isdigit():
                peak = int(last) / 1024.0
    return p, ru.ru_utime + ru.ru_stime, peak, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gbc", default="build/gbc")
    ap.add_argument("--msolve", default=DEFAULT_MSOLVE)
    ap.add_argument("--only", default=None)
    ap.add_argument("--skip", default="",
                    help="comma-separated systems to leave out")
    ap.add_argument("--precision", type=int, default=64)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--threads", type=int, default=1,
                    help="threads of both programs (gbc -t, msolve -t)")
    ap.add_argument("--repeats", type=int, default=1,
                    help="runs of each program; the medians are printed")
    ap.add_argument("--large", action="store_true",
                    help="also " + ", ".join(LARGE))
    a = ap.parse_args()
    have_msolve = os.path.exists(a.msolve) or any(
        os.path.exists(os.path.join(d, a.msolve)) for d in os.environ["PATH"].split(":"))
    if not have_msolve:
        print(f"msolve not found at {a.msolve}: only gbc runs", file=sys.stderr)
    bad = 0
    print(f"{'system':14} {'gbc':>5} {'msolve':>6} {'gbc s':>8} {'msolve s':>9} "
          f"{'gbc wall':>8} {'msolve wall':>11} {'gbc MB':>7} {'msolve MB':>9}  boxes")
    with tempfile.TemporaryDirectory() as tmp:
        for name, names, gens in systems(a.large):
            if a.only and a.only != name:
                continue
            if name in a.skip.split(","):
                continue
            path = os.path.join(tmp, name + ".ms")
            with open(path, "w") as f:
                f.write(f"{names}\n0\n" + ",\n".join(gens) + "\n")
            g, gcpu, gmb, gwall = run([a.gbc, "solve", "-t", str(a.threads), "--format", "msolve",
                                "--precision", str(a.precision), path], a.timeout, tmp,
                                      a.repeats)
            if g.returncode != 0:
                print(f"{name:14} gbc failed ({g.returncode}): {g.stderr.strip()[:200]}")
                bad += 1
                continue
            gb = parse_msolve(g.stdout)
            if not have_msolve:
                print(f"{name:14} {len(gb):5} {'-':>6} {gcpu:8.2f} {'-':>9} {gwall:8.2f} "
                      f"{'-':>11} {gmb:7.1f} {'-':>9}")
                continue
            out = os.path.join(tmp, name + ".out")
            m, mcpu, mmb, mwall = run([a.msolve, "-t", str(a.threads), "-p", str(a.precision), "-f", path,
                                "-o", out], a.timeout, tmp, a.repeats)
            if m.returncode != 0:
                print(f"{name:14} msolve failed ({m.returncode}): {m.stderr.strip()[:200]}")
                continue
            with open(out) as f:
                mb = parse_msolve(f.read())
            ok = len(gb) == len(mb) and \
                all(sum(meets(x, y) for y in mb) == 1 for x in gb) and \
                all(sum(meets(y, x) for x in gb) == 1 for y in mb)
            bad += not ok
            print(f"{name:14} {len(gb):5} {len(mb):6} {gcpu:8.2f} {mcpu:9.2f} {gwall:8.2f} "
                  f"{mwall:11.2f} {gmb:7.1f} {mmb:9.1f}  "
                  f"{'same solutions' if ok else 'DIFFER'}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
