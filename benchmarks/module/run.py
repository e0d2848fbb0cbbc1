#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Modules: gbc's gb, syz and res commands against Singular (std, syz,
betti(mres(I,0))), Macaulay2 (gb, syz gens, betti res) and mathicgb (gb, and syz
through an encoding, see mgb_input) on homogeneous ideals:
dense random quadrics and cubics in 5-7 variables, generic 2xn and 3xn minors,
canonical curves (the complete intersections of genus 4 and 5), homogenised
Katsura and cyclic systems; and submodules of free modules (the mod-* cases:
random vectors of rank 2-4 with quadric or cubic entries, the columns of generic
matrices), which mathicgb's format cannot express. Mod 32003 by default, over Q
with --char 0.

Measured as in benchmarks/systems: each program started through a launcher of
about 1 MB that waits for it with wait4, CPU seconds (user + system) of the whole
process (reading the input and printing count on every side), the median of
--repeats runs, and its peak RSS in MB. For res the Betti tables of
the three programs are compared (a difference is reported as MISMATCH); for gb
and syz only the time is taken.

The op "maps" times `gbc res --maps` (the minimal resolution's maps too) against
the same Singular and Macaulay2 runs as res, whose mres and res compute the maps.

Usage: python3 benchmarks/module/run.py [--cases a,b] [--ops gb,syz,res,maps]
                                        [--repeats 3] [--char 32003] [--gbc PATH]
                                        [--timeout 600] [--list]
Python 3 standard library only.
"""
import argparse
import itertools
import os
import random
import re
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(REPO, "benchmarks", "systems"))
import gen  # noqa: E402


def names_n(n):
    return ["x%d" % i for i in range(n)]


def dense_forms(names, k, deg, seed):
    """k random forms of degree deg with every monomial, coefficients 1..32002."""
    rng = random.Random(seed)
    mons = list(itertools.combinations_with_replacement(names, deg))
    return [" + ".join("%d*%s" % (rng.randint(1, 32002), "*".join(m)) for m in mons)
            for _ in range(k)]


def dense_vectors(names, r, k, deg, seed):
    """k random vectors of rank r whose entries are forms of degree deg with every
    monomial, coefficients 1..32002 (a graded submodule of R^r)."""
    rng = random.Random(seed)
    mons = list(itertools.combinations_with_replacement(names, deg))
    return [[" + ".join("%d*%s" % (rng.randint(1, 32002), "*".join(m)) for m in mons)
             for _ in range(r)] for _ in range(k)]


def generic_columns(r, k):
    """The k columns of the generic r x k matrix (one variable per entry), as
    vectors of rank r."""
    names = ["a%d_%d" % (i, j) for i in range(r) for j in range(k)]
    return names, [["a%d_%d" % (i, j) for i in range(r)] for j in range(k)]


def minors(n):
    """The 2x2 minors of the generic 2 x n matrix (a_i over b_i)."""
    a = ["a%d" % i for i in range(n)]
    b = ["b%d" % i for i in range(n)]
    gens = ["%s*%s-%s*%s" % (a[i], b[j], a[j], b[i])
            for i in range(n) for j in range(i + 1, n)]
    return a + b, gens


def minors3(n):
    """The 3x3 minors of the generic 3 x n matrix (rows a_i, b_i, c_i)."""
    a = ["a%d" % i for i in range(n)]
    b = ["b%d" % i for i in range(n)]
    c = ["c%d" % i for i in range(n)]
    gens = []
    for i, j, k in itertools.combinations(range(n), 3):
        gens.append("%s*%s*%s-%s*%s*%s-%s*%s*%s+%s*%s*%s+%s*%s*%s-%s*%s*%s" % (
            a[i], b[j], c[k], a[i], b[k], c[j], a[j], b[i], c[k],
            a[j], b[k], c[i], a[k], b[i], c[j], a[k], b[j], c[i]))
    return a + b + c, gens


def homogenised(name):
    """The system name of benchmarks/systems homogenised by a last variable h."""
    names, polys = gen.system(name)
    names = names_n(len(names)) + ["h"]
    out = []
    for p in polys:
        d = max(sum(m) for m in p)
        out.append(gen.poly_to_text(names, {m + (d - sum(m),): c for m, c in p.items()},
                                    32003))
    return names, out


def katsura_h(n):
    """Katsura-n homogenised by a last variable h."""
    return homogenised("katsura-%d" % n)


def cases():
    c = {}
    for n in (5, 6, 7):
        nm = names_n(n)
        c["quadrics-%d" % n] = (nm, dense_forms(nm, n, 2, 100 + n))
    for n in (5, 6):
        nm = names_n(n)
        c["cubics-%d" % n] = (nm, dense_forms(nm, n - 1 if n > 5 else n, 3, 200 + n))
    # one form more than variables: no regular sequence, so the Betti numbers
    # need the frame (the square cases above are complete intersections)
    for n in (6, 7):
        nm = names_n(n)
        c["quadrics-%dx%d" % (n, n + 1)] = (nm, dense_forms(nm, n + 1, 2, 110 + n))
    n5 = names_n(5)
    c["cubics-5x6"] = (n5, dense_forms(n5, 6, 3, 216))
    c["minors-2x5"] = minors(5)
    c["minors-2x6"] = minors(6)
    c["minors-3x5"] = minors3(5)
    c["minors-3x6"] = minors3(6)
    n4 = names_n(4)
    # general canonical curves that are complete intersections: genus 4 (a quadric
    # and a cubic in P^3), genus 5 (three quadrics in P^4)
    c["canonical-g4"] = (n4, dense_forms(n4, 1, 2, 304) + dense_forms(n4, 1, 3, 305))
    c["canonical-g5"] = (n5, dense_forms(n5, 3, 2, 405))
    c["katsura-5h"] = katsura_h(5)
    c["katsura-6h"] = katsura_h(6)
    c["cyclic-5h"] = homogenised("cyclic-5")
    c["cyclic-6h"] = homogenised("cyclic-6")
    # submodules of free modules of rank 2-4 (their generators are vectors)
    for (n, r, k, d) in ((7, 2, 7, 2), (6, 3, 7, 2), (7, 3, 8, 2), (6, 4, 8, 2), (5, 3, 6, 3)):
        nm = names_n(n)
        c["mod-%dx%d-%s%d" % (r, k, "qc"[d - 2], n)] = (nm, dense_vectors(nm, r, k, d,
                                                                         1000 * n + 10 * r + k))
    c["mod-generic-3x6"] = generic_columns(3, 6)
    c["mod-generic-4x7"] = generic_columns(4, 7)
    c["mod-generic-5x9"] = generic_columns(5, 9)
    return c


def is_module(gens):
    return bool(gens) and isinstance(gens[0], list)


def vec_text(g):
    return "[%s]" % ", ".join(g)


def write_gbc(path, names, char, gens):
    if is_module(gens):
        gens = [vec_text(g) for g in gens]
    with open(path, "w") as f:
        f.write("%s\n%d\n%s\n" % (",".join(names), char, ",\n".join(gens)))


def singular_script(op, names, char, gens):
    s = ["ring r = %d,(%s),dp;" % (char, ",".join(names)), "short = 0;"]
    if is_module(gens):
        s.append("module i = %s;" % ",\n".join(vec_text(g) for g in gens))
    else:
        s.append("ideal i = %s;" % ",\n".join(gens))
    if op == "gb":
        s.append("%s g = std(i); print(size(g));" % ("module" if is_module(gens) else "ideal"))
    elif op == "syz":
        s.append("module s = syz(i); print(size(s));")
    else:
        s.append('print(betti(mres(i,0)),"betti");')
    s.append("quit;")
    return "\n".join(s) + "\n"


def m2_script(op, names, char, gens):
    ring = "R = (%s)[%s];" % ("QQ" if char == 0 else "ZZ/%d" % char, ",".join(names))
    if is_module(gens):
        # the generators as the columns of a matrix f: gb f, syz f, and the
        # resolution of coker f = R^r/M (what gbc and Singular's mres resolve)
        s = [ring, "f = matrix {%s};" % ",\n".join(
            "{%s}" % ", ".join(g[i] for g in gens) for i in range(len(gens[0])))]
        s.append({"gb": "G = gb f; print numcols gens G;", "syz": "S = syz f; print numcols S;"}
                 .get(op, "print toString betti res coker f;"))
        s.append("exit 0")
        return "\n".join(s) + "\n"
    s = [ring, "I = ideal(%s);" % ",\n".join(gens)]
    if op == "gb":
        s.append("G = gb I; print numcols gens G;")
    elif op == "syz":
        s.append("S = syz gens I; print numcols S;")
    else:
        s.append("print toString betti res I;")
    s.append("exit 0")
    return "\n".join(s) + "\n"


def parse_poly(names, text, char):
    """{exponent tuple: coefficient mod char} of a polynomial written as in the
    cases above: terms joined by + and -, each a product of integers, variables
    and powers var^k."""
    idx = {v: i for i, v in enumerate(names)}
    poly = {}
    for sign, term in re.findall(r"([+-]?)\s*([^+-]+)", text.replace(" ", "")):
        c, e = (-1 if sign == "-" else 1), [0] * len(names)
        for f in term.split("*"):
            if f.isdigit():
                c *= int(f)
            else:
                v, _, k = f.partition("^")
                e[idx[v]] += int(k) if k else 1
        e = tuple(e)
        poly[e] = (poly.get(e, 0) + c) % char
    return {e: c for e, c in poly.items() if c}


def mgb_term(letters, e, c, char):
    mono = "".join(l + (str(k) if k > 1 else "") for l, k in zip(letters, e) if k)
    if not mono:
        return "%d" % c
    return mono if c == 1 else ("-" + mono if c == char - 1 else "%d%s" % (c, mono))


def mgb_poly(letters, poly, char):
    out = ""
    for e in sorted(poly, reverse=True):
        t = mgb_term(letters, e, poly[e], char)
        out += t if not out or t.startswith("-") else "+" + t
    return out or "0"


def mgb_input(op, names, char, gens):
    """mathicgb's .ideal text for op, or None when its format cannot express it.
    gb: the ideal in grevlex. syz: the syzygy encoding of docs/modules.md (the
    generators f_j c_0 + c_j and all products c_a c_b, one new variable c_k per
    component, a weight row that eliminates c_0, then degree, then reverse lex
    from the last variable; the elements free of c_0 are a Groebner basis of the
    syzygies). mathicgb's own module mode (-module) applies Buchberger's product
    criterion to leading terms in one component, which loses syzygies, so it is
    not used. res: no resolutions in mathicgb."""
    if op == "res" or char == 0 or is_module(gens):
        return None
    polys = [parse_poly(names, g, char) for g in gens]
    n, m = len(names), len(gens)
    nv = n + (m + 1 if op == "syz" else 0)
    if nv > len(gen.MGB_LETTERS):
        return None
    L = gen.MGB_LETTERS[:nv]
    if op == "gb":
        rows = [" " + " ".join(["1"] * n)]
        out = [mgb_poly(L, p, char) for p in polys]
    else:
        rows = [" " + " ".join(["0"] * n + ["1"] + ["0"] * m),
                " " + " ".join(["1"] * nv)]
        out = []
        for j, p in enumerate(polys):
            q = {e + tuple(1 if k == 0 else 0 for k in range(m + 1)): c for e, c in p.items()}
            q[(0,) * n + tuple(1 if k == j + 1 else 0 for k in range(m + 1))] = 1
            out.append(mgb_poly(L, q, char))
        for a in range(m + 1):
            for b in range(a, m + 1):
                e = [0] * nv
                e[n + a] += 1
                e[n + b] += 1
                out.append(mgb_poly(L, {tuple(e): 1}, char))
    return "%d %d\nrevlex %d\n%s\n%d\n%s\n" % (char, nv, len(rows), "\n".join(rows),
                                             len(out), "\n".join(out))


def load_systems_runner():
    """benchmarks/systems/run.py as a module: its launcher and run_measured."""
    import importlib.util
    sysdir = os.path.join(os.path.dirname(HERE), "systems")
    sys.path.insert(0, sysdir)
    spec = importlib.util.spec_from_file_location("systems_run", os.path.join(sysdir, "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SYSRUN = load_systems_runner()


def measure(cmd, repeats, timeout, tmp, launcher):
    """(median CPU seconds, peak RSS MB, stdout, exit status) of repeats runs of
    cmd. With launcher (benchmarks/systems/run.py's, a process of about 1 MB that
    forks the program and waits for it with wait4) the CPU time (user + system)
    and peak RSS are the program's own; without one they come from wait4 on a
    child of this interpreter, whose peak RSS then counts the interpreter's
    resident memory too. The time is None when a run was stopped after timeout
    seconds."""
    cpus, rss, out, status = [], 0.0, "", 0
    outp, errp = os.path.join(tmp, "run.out"), os.path.join(tmp, "run.err")
    for _ in range(repeats):
        res = SYSRUN.run_measured(cmd, tmp, outp, errp, timeout, launcher)
        rss = max(rss, res["rss_mb"])
        if res["timed_out"]:
            return None, rss, "", -9
        with open(outp, errors="replace") as f:
            out = f.read()
        cpus.append(res["cpu"])
        status = res["rc"]
    return statistics.median(cpus), rss, out, status


def betti_of(text):
    """{(row, column): value} of a Betti table as printed by gbc, Singular or
    Macaulay2's toString (zero entries left out)."""
    t = {}
    m = re.search(r"new BettiTally from \{(.*)\}", text, re.S)
    if m:  # Macaulay2: (i,{d},d) => v
        for i, d, v in re.findall(r"\((\d+),\{(\d+)\},\d+\) => (\d+)", m.group(1)):
            if int(v):
                t[(int(d) - int(i), int(i))] = int(v)
        return t
    for line in text.splitlines():
        m = re.match(r"\s*(\d+):(.*)", line)
        if not m:
            continue
        for col, v in enumerate(m.group(2).split()):
            if v not in (".", "-") and int(v):
                t[(int(m.group(1)), col)] = int(v)
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", default="")
    ap.add_argument("--ops", default="gb,syz,res")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--char", type=int, default=32003)
    ap.add_argument("--gbc", default=os.path.join(REPO, "build", "gbc"))
    ap.add_argument("--singular", default="Singular")
    ap.add_argument("--m2", default="M2")
    ap.add_argument("--mgb", default="mgb")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    allc = cases()
    if a.list:
        print("\n".join(allc))
        return 0
    names = a.cases.split(",") if a.cases else list(allc)
    for n in names:
        if n not in allc:
            print("unknown case %r (--list)" % n, file=sys.stderr)
            return 2
    sing = shutil.which(a.singular)
    m2 = shutil.which(a.m2)
    mgb = shutil.which(a.mgb)
    if not sing:
        print("# Singular not found: skipped")
    if not m2:
        print("# Macaulay2 not found: skipped")
    if not mgb:
        print("# mathicgb (mgb) not found: skipped")
    hdr = "%-14s %-4s %9s %7s %9s %7s %9s %7s %9s %7s %8s %8s %8s" % (
        "case", "op", "gbc s", "MB", "Sing s", "MB", "M2 s", "MB", "mgb s", "MB",
        "gbc/Sing", "gbc/M2", "gbc/mgb")
    print(hdr)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        launcher = SYSRUN.build_launcher(tmp)
        if not launcher:
            print("# no C compiler for the launcher: peak RSS includes this interpreter's")
        for name in names:
            vars_, gens = allc[name]
            inp = os.path.join(tmp, "in.txt")
            write_gbc(inp, vars_, a.char, gens)
            for op in a.ops.split(","):
                r = {}
                gcmd = [a.gbc, "res", "--maps", inp] if op == "maps" else [a.gbc, op, inp]
                r["gbc"] = measure(gcmd, a.repeats, a.timeout, tmp, launcher)
                pop = "res" if op == "maps" else op  # the peers' res computes the maps
                if sing:
                    sp = os.path.join(tmp, "s.sing")
                    with open(sp, "w") as f:
                        f.write(singular_script(pop, vars_, a.char, gens))
                    r["sing"] = measure([sing, "-q", sp], a.repeats, a.timeout, tmp, launcher)
                if m2:
                    mp = os.path.join(tmp, "m.m2")
                    with open(mp, "w") as f:
                        f.write(m2_script(pop, vars_, a.char, gens))
                    r["m2"] = measure([m2, "--script", mp], a.repeats, a.timeout, tmp, launcher)
                mtext = mgb_input(pop, vars_, a.char, gens) if mgb else None
                if mtext is not None:
                    with open(os.path.join(tmp, "g.ideal"), "w") as f:
                        f.write(mtext)
                    r["mgb"] = measure([mgb, "gb", os.path.join(tmp, "g"), "-threadCount", "1"],
                                       a.repeats, a.timeout, tmp, launcher)

                def cell(k):
                    if k not in r:
                        return "%9s %7s" % ("-", "-")
                    t, mb, _, stt = r[k]
                    if t is None:
                        return "%9s %7.1f" % (">%g" % a.timeout, mb)
                    return "%9.3f %7.1f" % (t, mb) if stt == 0 else "%9s %7s" % ("err", "-")

                def ratio(k):
                    if k not in r or r["gbc"][0] is None or r[k][0] is None or r[k][0] == 0:
                        return "%8s" % "-"
                    return "%8.2f" % (r["gbc"][0] / r[k][0])

                note = ""
                if pop == "res":
                    ours = betti_of(r["gbc"][2])
                    for k in ("sing", "m2"):
                        if k in r and r[k][0] is not None and r[k][3] == 0:
                            if betti_of(r[k][2]) != ours:
                                note += " MISMATCH(%s)" % k
                                bad += 1
                print("%-14s %-4s %s %s %s %s %s %s %s%s" % (
                    name, op, cell("gbc"), cell("sing"), cell("m2"), cell("mgb"),
                    ratio("sing"), ratio("m2"), ratio("mgb"), note), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
