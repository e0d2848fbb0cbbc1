#!/usr/bin/env python3
"""Time gbc's monomial-ideal commands against Frobby (and Singular's hilb).

For every instance (random ideals from genideal.py, fixed seeds) and operation it
runs gbc and Frobby --reps times each (median wall time, whole process: parse,
compute, print), checks that their answers agree after canonicalisation, and
prints one table row with the ratio frobby/gbc (> 1: gbc is faster). Singular's
hilb(I,1) (first Hilbert series, the univariate numerator) is timed next to the
univariate hilbert rows when Singular is installed.

    python3 benchmarks/monideal/run.py                 # the default table (--only NAME for the rest)
    python3 benchmarks/monideal/run.py --quick         # small instances only
    python3 benchmarks/monideal/run.py --check N       # N random small ideals, answers only

Standard library only. Exit status 1 when some answer disagrees.
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import genideal  # noqa: E402

# name, vars, gens, maxexp, support (N or (lo, hi)), squarefree, seed
INSTANCES = [
    ("r10x100", 10, 100, 10, 4, False, 1),
    ("r12x300", 12, 300, 10, 5, False, 2),
    ("r15x500", 15, 500, 10, 5, False, 3),
    ("r20x1000", 20, 1000, 10, 6, False, 4),
    ("r20x2000", 20, 2000, 10, 6, False, 5),
    ("r25x4000", 25, 4000, 12, 6, False, 6),
    ("sf20x200", 20, 200, 1, 3, True, 7),
    ("sf30x400", 30, 400, 1, 3, True, 8),
    ("sf40x1000", 40, 1000, 1, 4, True, 9),
    # Sparser generators (support drawn in a range, small exponents) so that the
    # large sizes decompose in seconds; the r* rows above (support 4-6, exponents
    # up to 10) give millions of components from r15x500 on.
    ("s15x500", 15, 500, 6, (3, 5), False, 13),
    ("s20x1000", 20, 1000, 4, (3, 4), False, 14),
    ("s20x2000", 20, 2000, 4, (3, 4), False, 15),
    ("sf20x200w", 20, 200, 1, (4, 6), True, 17),
    ("sf30x400w", 30, 400, 1, (3, 5), True, 18),
]
QUICK = ["r10x100", "r12x300", "sf20x200"]
# The default table: everything that finishes in seconds.
DEFAULT = ["r10x100", "s15x500", "s20x1000", "s20x2000", "sf20x200", "sf30x400",
           "sf20x200w", "sf30x400w"]
OPS = ["irrdecom", "alexdual", "assoprimes", "hilbert", "hilbert-mg"]


# ------------------------------------------------------------------ formats --

def write_inputs(d, name, nvars, gens):
    paths = {}
    p = os.path.join(d, name + ".txt")
    with open(p, "w") as f:
        genideal.write_gbc(f, nvars, gens)
    paths["gbc"] = p
    names = ["x%d" % (i + 1) for i in range(nvars)]
    p = os.path.join(d, name + ".m2")
    with open(p, "w") as f:
        f.write("R = QQ[%s];\n" % ", ".join(names))
        f.write("I = monomialIdeal(\n")
        f.write(",\n".join(" " + genideal.monomial(e) for e in gens))
        f.write("\n);\n")
    paths["m2"] = p
    p = os.path.join(d, name + ".sing")
    with open(p, "w") as f:
        f.write("ring r = 0,(%s),dp;\n" % ",".join(names))
        f.write("ideal i = %s;\n" % ",".join(genideal.monomial(e) for e in gens))
        f.write('attrib(i,"isSB",1);\nintvec v = hilb(i,1);\nprint(v);\nquit;\n')
    paths["sing"] = p
    return paths


def parse_mono(s):
    """'x1^2*x3' -> frozenset{(1,2),(3,1)}; '1', '1_R' -> empty."""
    s = s.strip()
    out = {}
    if s in ("1", "1_R", ""):
        return frozenset()
    for fac in s.split("*"):
        if "^" in fac:
            v, e = fac.split("^")
            e = int(e)
        else:
            v, e = fac, 1
        out[int(v.lstrip("x"))] = out.get(int(v.lstrip("x")), 0) + e
    return frozenset(out.items())


def parse_poly(s):
    """A polynomial in gbc or Macaulay2 text -> {monomial: coefficient}."""
    s = re.sub(r"\s+", "", s).rstrip(";")
    s = s.replace("+-", "-")
    if s in ("", "0"):
        return {}
    terms = re.split(r"(?=[+-])", s)
    poly = {}
    for t in terms:
        if not t:
            continue
        sign = -1 if t[0] == "-" else 1
        t = t.lstrip("+-")
        m = re.match(r"^(\d+)(\*?)(.*)$", t)
        if m:
            c = int(m.group(1))
            rest = m.group(3)
        else:
            c = 1
            rest = t
        key = parse_mono(rest) if rest else frozenset()
        poly[key] = poly.get(key, 0) + sign * c
    return {k: v for k, v in poly.items() if v != 0}


def uni_from_poly(p):
    """{monomial in t: c} -> {degree: c}"""
    return {sum(e for _, e in k): c for k, c in p.items()}


def frobby_ideals(text):
    """Macaulay2 output of Frobby: the list of generator lists of each ideal."""
    out = []
    for m in re.finditer(r"monomialIdeal\((.*?)\);", text, re.S):
        body = m.group(1).strip()
        if body in ("", "0_R"):
            out.append([])
        else:
            out.append([g.strip() for g in body.split(",") if g.strip()])
    return out


def frobby_poly(text):
    m = re.search(r"p\s*=(.*?);", text, re.S)
    return parse_poly(m.group(1)) if m else None


def canon_gbc(op, text):
    lines = text.split("\n")
    if op == "irrdecom":
        comps = set()
        for ln in lines:
            ln = ln.strip()
            if not ln:
                continue
            comps.add(frozenset() if ln == "0" else
                      frozenset(next(iter(parse_mono(g))) for g in ln.split(",")))
        return comps
    if op == "assoprimes":
        primes = set()
        for ln in lines:
            ln = ln.strip()
            if not ln:
                continue
            primes.add(frozenset() if ln == "0" else
                       frozenset(int(v.lstrip("x")) for v in ln.split(",")))
        return primes
    if op == "alexdual":
        body = "\n".join(lines[2:])
        return {parse_mono(g) for g in body.replace("\n", "").split(",") if g.strip()}
    if op == "hilbert":
        return uni_from_poly(parse_poly(text.replace("t", "x1")))
    if op == "hilbert-mg":
        return parse_poly(text)
    if op == "maxstandard":
        return {parse_mono(ln) for ln in lines if ln.strip()}
    if op == "dim":
        return int(text.strip())
    raise ValueError(op)


def canon_frobby(op, text):
    if op == "irrdecom":
        return {frozenset(next(iter(parse_mono(g))) for g in gens)
                for gens in frobby_ideals(text)}
    if op == "assoprimes":
        ideals = frobby_ideals(text)
        return {frozenset(v for v, _ in parse_mono(g)) for g in (ideals[0] if ideals else [])}
    if op == "alexdual":
        ideals = frobby_ideals(text)
        return {parse_mono(g) for g in (ideals[0] if ideals else [])}
    if op == "hilbert":
        p = frobby_poly(text.replace("t", "x1"))
        return uni_from_poly(p) if p is not None else None
    if op == "hilbert-mg":
        return frobby_poly(text)
    if op == "maxstandard":
        ideals = frobby_ideals(text)
        return {parse_mono(g) for g in (ideals[0] if ideals else [])}
    if op == "dim":
        return int(text.strip())
    raise ValueError(op)


def canon_singular(text):
    nums = [int(x) for x in re.findall(r"-?\d+", text)]
    # hilb(i,1) returns the coefficients c_0..c_d followed by a trailing entry
    if nums:
        nums = nums[:-1]
    return {d: c for d, c in enumerate(nums) if c != 0}


# ------------------------------------------------------------------- timing --

def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


# What "time" means: "cpu" (user + system time of the process, robust when the
# machine is shared) or "wall".
CLOCK = "cpu"


def run_once(cmd, stdin_path, timeout):
    with open(stdin_path, "rb") as fin:
        t0 = time.perf_counter()
        c0 = cpu_children()
        try:
            p = subprocess.run(cmd, stdin=fin, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, None
        t = time.perf_counter() - t0
        if CLOCK == "cpu":
            t = cpu_children() - c0
    if p.returncode != 0:
        sys.stderr.write("command failed (%d): %s\n%s\n" % (p.returncode, " ".join(cmd),
                                                             p.stderr.decode()[-2000:]))
        return None, None
    return t, p.stdout.decode()


def timed(cmd, stdin_path, reps, timeout):
    times, out = [], None
    for _ in range(reps):
        t, o = run_once(cmd, stdin_path, timeout)
        if t is None:
            return None, None
        times.append(t)
        out = o
    return statistics.median(times), out


def gbc_cmd(gbc, op):
    if op == "hilbert-mg":
        return [gbc, "hilbert", "--multigraded", "-"]
    return [gbc, op, "-"]


def frobby_cmd(frobby, op):
    if op == "dim":
        return [frobby, "dimension", "-iformat", "m2"]
    if op == "hilbert":
        return [frobby, "hilbert", "-univariate", "-iformat", "m2", "-oformat", "m2"]
    if op == "hilbert-mg":
        return [frobby, "hilbert", "-iformat", "m2", "-oformat", "m2"]
    return [frobby, op, "-iformat", "m2", "-oformat", "m2"]


def fmt_t(t):
    return "timeout" if t is None else "%.3f" % t


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gbc", default=os.path.join(HERE, "..", "..", "build", "gbc"))
    ap.add_argument("--frobby", default=shutil.which("frobby") or "/usr/bin/frobby")
    ap.add_argument("--singular", default=shutil.which("Singular"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", help="comma-separated instance names")
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--check", type=int, default=0,
                    help="instead: compare answers on N random small ideals")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help="cpu: user+system time of each process (default); wall: elapsed")
    a = ap.parse_args()
    global CLOCK
    CLOCK = a.clock
    gbc = os.path.abspath(a.gbc)
    ops = a.ops.split(",")
    if not os.path.exists(gbc):
        sys.exit("gbc not found at %s (build it, or pass --gbc)" % gbc)
    if not a.frobby or not os.path.exists(a.frobby):
        sys.exit("frobby not found (apt-get install frobby)")
    d = tempfile.mkdtemp(prefix="gbc-monideal-")
    bad = 0
    try:
        if a.check:
            import random
            rng = random.Random(a.seed)
            for i in range(a.check):
                nv = rng.randint(1, 7)
                ng = rng.randint(1, 25)
                me = rng.randint(1, 6)
                sup = rng.randint(0, nv)
                sf = rng.random() < 0.2
                gens = genideal.generate(nv, ng, me, sup, sf, rng.randint(1, 10**9))
                paths = write_inputs(d, "c%d" % i, nv, gens)
                for op in ops:
                    _, go = run_once(gbc_cmd(gbc, op), paths["gbc"], a.timeout)
                    _, fo = run_once(frobby_cmd(a.frobby, op), paths["m2"], a.timeout)
                    if go is None or fo is None or canon_gbc(op, go) != canon_frobby(op, fo):
                        bad += 1
                        print("DIFFER: %s on %s" % (op, paths["gbc"]))
                        print(open(paths["gbc"]).read())
                        print("gbc:\n%s\nfrobby:\n%s" % (go, fo))
                        return 1
            print("%d random ideals x %d operations: all answers agree" % (a.check, len(ops)))
            return 0
        names = QUICK if a.quick else DEFAULT
        if a.only:
            names = a.only.split(",")
        print("| instance | vars x gens | operation | gbc (s) | Frobby (s) | Frobby/gbc "
              "| Singular hilb (s) | answers |")
        print("|---|---|---|---:|---:|---:|---:|---|")
        sys.stdout.flush()
        for inst in INSTANCES:
            name, nv, ng, me, sup, sf, seed = inst
            if name not in names:
                continue
            gens = genideal.generate(nv, ng, me, sup, sf, seed)
            paths = write_inputs(d, name, nv, gens)
            for op in ops:
                tg, og = timed(gbc_cmd(gbc, op), paths["gbc"], a.reps, a.timeout)
                tf, of = timed(frobby_cmd(a.frobby, op), paths["m2"], a.reps, a.timeout)
                ts, agree = None, "?"
                if og is not None and of is not None:
                    agree = "agree" if canon_gbc(op, og) == canon_frobby(op, of) else "DIFFER"
                    if agree == "DIFFER":
                        bad += 1
                singular = ""
                if op == "hilbert" and a.singular:
                    ts, os_ = timed([a.singular, "-q", paths["sing"]], paths["sing"], a.reps,
                                    a.timeout)
                    singular = fmt_t(ts)
                    if og is not None and os_ is not None:
                        if canon_singular(os_) != canon_gbc(op, og):
                            agree += ", Singular differs"
                ratio = "%.1fx" % (tf / tg) if tg and tf else "-"
                print("| %s | %dx%d | %s | %s | %s | %s | %s | %s |" % (
                    name, nv, len(gens), op, fmt_t(tg), fmt_t(tf), ratio, singular, agree))
                sys.stdout.flush()
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
