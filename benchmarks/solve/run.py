#!/usr/bin/env python3
"""benchmarks/solve/run.py: `gbc solve` against msolve on zero-dimensional systems.

For each system both programs isolate the real solutions (gbc: `solve --format
msolve`; msolve: `-f IN -o OUT`); the runner checks that they find the same number
of real solutions and that every gbc box meets exactly one msolve box and the other
way round (boxes that isolate the same solutions), and prints the CPU seconds of
each process (user + system of the child). Standard library only; run from the
repository root after a release build.

    python3 benchmarks/solve/run.py [--gbc build/gbc] [--msolve PATH] [--only NAME]
                                    [--precision BITS] [--timeout S]

msolve is GPL: it is only ever run as an external program
(bash ../shared/anchors/build-msolve.sh builds one at /tmp/anchors/bin/msolve).
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

DEFAULT_MSOLVE = "/tmp/anchors/bin/msolve"


def katsura(n):
    """katsura-n: n+1 variables x0..xn, every monomial written once and squares
    as powers (msolve's parser reads neither repeated monomials nor x*x as gbc
    does)."""
    v = [f"x{i}" for i in range(n + 1)]
    gens = ["+".join(f"2*{v[i]}" if i else v[0] for i in range(n + 1)) + "-1"]
    for m in range(n):
        terms = {}
        for l in range(-n, n + 1):
            a, c = abs(l), abs(m - l)
            if a <= n and c <= n:
                key = tuple(sorted((a, c)))
                terms[key] = terms.get(key, 0) + 1
        gens.append("+".join(f"{k}*{v[a]}^2" if a == c else f"{k}*{v[a]}*{v[c]}"
                             for (a, c), k in sorted(terms.items())) + f"-{v[m]}")
    return ",".join(v), gens


def cyclic(n):
    v = [f"x{i}" for i in range(n)]
    gens = []
    for d in range(1, n):
        gens.append("+".join("*".join(v[(i + j) % n] for j in range(d)) for i in range(n)))
    gens.append("*".join(v) + "-1")
    return ",".join(v), gens


def systems():
    out = []
    for n in (3, 4, 5, 6):
        names, g = katsura(n)
        out.append((f"katsura-{n}", names, g))
    for n in (5, 6):
        names, g = cyclic(n)
        out.append((f"cyclic-{n}", names, g))
    out.append(("circle-line", "x,y", ["x^2+y^2-1", "x-y"]))
    # expanded, integer coefficients: the input msolve reads
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


def run(cmd, timeout):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p, cpu, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gbc", default="build/gbc")
    ap.add_argument("--msolve", default=DEFAULT_MSOLVE)
    ap.add_argument("--only", default=None)
    ap.add_argument("--precision", type=int, default=64)
    ap.add_argument("--timeout", type=float, default=600)
    a = ap.parse_args()
    have_msolve = os.path.exists(a.msolve) or any(
        os.path.exists(os.path.join(d, a.msolve)) for d in os.environ["PATH"].split(":"))
    if not have_msolve:
        print(f"msolve not found at {a.msolve}: only gbc runs", file=sys.stderr)
    bad = 0
    print(f"{'system':14} {'gbc':>6} {'msolve':>6} {'gbc s':>8} {'msolve s':>9}  boxes")
    with tempfile.TemporaryDirectory() as tmp:
        for name, names, gens in systems():
            if a.only and a.only != name:
                continue
            path = os.path.join(tmp, name + ".ms")
            with open(path, "w") as f:
                f.write(f"{names}\n0\n" + ",\n".join(gens) + "\n")
            g, gcpu, _ = run([a.gbc, "solve", "--format", "msolve", "--precision",
                              str(a.precision), path], a.timeout)
            if g.returncode != 0:
                print(f"{name:14} gbc failed: {g.stderr.strip()}")
                bad += 1
                continue
            gb = parse_msolve(g.stdout)
            if not have_msolve:
                print(f"{name:14} {len(gb):6} {'-':>6} {gcpu:8.2f} {'-':>9}")
                continue
            out = os.path.join(tmp, name + ".out")
            m, mcpu, _ = run([a.msolve, "-t", "1", "-p", str(a.precision), "-f", path,
                              "-o", out], a.timeout)
            if m.returncode != 0:
                print(f"{name:14} msolve failed: {m.stderr.strip()[:200]}")
                continue
            with open(out) as f:
                mb = parse_msolve(f.read())
            ok = len(gb) == len(mb) and \
                all(sum(meets(x, y) for y in mb) == 1 for x in gb) and \
                all(sum(meets(y, x) for x in gb) == 1 for y in mb)
            bad += not ok
            print(f"{name:14} {len(gb):6} {len(mb):6} {gcpu:8.2f} {mcpu:9.2f}  "
                  f"{'same solutions' if ok else 'DIFFER'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
