#!/usr/bin/env python3
"""Regenerate the known answers of tests/monideal/t-known.c from Frobby and Singular.

For every case in cases.txt (and a few seeded random ideals from
benchmarks/monideal/genideal.py) this writes NAME.txt (the ideal in gbc's input
format) and NAME.exp (the answers), taking
  irrdecom, alexdual, assoprimes, maxstandard, the multigraded and the univariate
  Hilbert numerator, and the dimension      from Frobby (frobby <action>),
  the univariate numerator, dimension and degree
                                            from Singular (hilb(I,1), dim, mult),
and checking that where both answer (univariate numerator, dimension) they agree.
gbc is not involved. Rows are sorted so that the test compares them directly.

NAME.exp format: blocks "KEY COUNT" followed by COUNT lines:
  irrdecom    a component <x_i^b_i : b_i > 0> as its exponents b (0: absent)
  alexdual    a minimal generator (w.r.t. the lcm of the minimal generators)
  assoprimes  the prime as a 0/1 vector
  maxstandard a maximal standard monomial
  hilbert     "degree coefficient" of the univariate numerator N(t)
  hilbert-mg  "exponents... coefficient" of the multigraded numerator
and the lines "dim D" and "degree D".

Usage: python3 make_expected.py   (run in this folder; needs frobby and Singular)
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "benchmarks", "monideal"))
import genideal  # noqa: E402

RANDOM = [  # name, vars, gens, maxexp, support, squarefree, seed
    ("rand5x12", 5, 12, 4, 0, False, 101),
    ("rand6x20", 6, 20, 5, 3, False, 102),
    ("rand7x30", 7, 30, 6, 3, False, 103),
    ("randsf8x14", 8, 14, 1, 3, True, 104),
]


def parse_mono(s, names):
    e = [0] * len(names)
    s = s.strip()
    if s in ("1", "1_R", ""):
        return e
    for f in s.split("*"):
        if "^" in f:
            v, x = f.split("^")
            x = int(x)
        else:
            v, x = f, 1
        e[names.index(v.strip())] += x
    return e


def parse_poly(s, names):
    s = re.sub(r"\s+", "", s).rstrip(";").replace("+-", "-")
    out = {}
    if s in ("", "0"):
        return out
    for t in re.split(r"(?=[+-])", s):
        if not t:
            continue
        sign = -1 if t[0] == "-" else 1
        t = t.lstrip("+-")
        m = re.match(r"^(\d+)\*?(.*)$", t)
        c, rest = (int(m.group(1)), m.group(2)) if m else (1, t)
        key = tuple(parse_mono(rest, names)) if rest else tuple([0] * len(names))
        out[key] = out.get(key, 0) + sign * c
    return {k: v for k, v in out.items() if v}


def frobby(action, m2, extra=()):
    p = subprocess.run(["frobby", action, "-iformat", "m2", "-oformat", "m2"] + list(extra),
                       input=m2, capture_output=True, text=True, check=True)
    return p.stdout


def ideals(text):
    out = []
    for m in re.finditer(r"monomialIdeal\((.*?)\);", text, re.S):
        body = m.group(1).strip()
        out.append([] if body in ("", "0_R") else [g.strip() for g in body.split(",")])
    return out


def singular(names, gens):
    ideal = ",".join(gens) if gens else "0"
    script = ("ring r = 0,(%s),dp;\nideal i = %s;\nattrib(i,\"isSB\",1);\n"
              "intvec v = hilb(i,1);\nprint(v);\nprint(\"DIM\");\nprint(dim(i));\n"
              "print(\"MULT\");\nprint(mult(i));\nquit;\n") % (",".join(names), ideal)
    p = subprocess.run(["Singular", "-q"], input=script, capture_output=True, text=True,
                       check=True)
    out = p.stdout
    hv, rest = out.split("DIM")
    dim, mult = rest.split("MULT")
    nums = [int(x) for x in re.findall(r"-?\d+", hv)]
    nums = nums[:-1]  # hilb(i,1) ends with an extra entry
    return ({d: c for d, c in enumerate(nums) if c}, int(dim.strip()), int(mult.strip()))


def main():
    cases = []
    with open(os.path.join(HERE, "cases.txt")) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            name, vs, gs = [x.strip() for x in line.split("|")]
            names = [v.strip() for v in vs.split(",")]
            gens = [g.strip() for g in gs.split(",") if g.strip()]
            cases.append((name, names, gens))
    for name, nv, ng, me, sup, sf, seed in RANDOM:
        names = ["x%d" % (i + 1) for i in range(nv)]
        gens = [genideal.monomial(e) for e in genideal.generate(nv, ng, me, sup, sf, seed)]
        cases.append((name, names, gens))
    for name, names, gens in cases:
        with open(os.path.join(HERE, name + ".txt"), "w") as f:
            f.write(",".join(names) + "\n0\n" + ",\n".join(gens) + "\n")
        m2 = "R = QQ[%s];\nI = monomialIdeal(%s);\n" % (
            ", ".join(names), ",\n".join(gens) if gens else "0_R")
        n = len(names)
        lines = ["# %s: answers from Frobby (frobby --version: 0.9.5) and Singular; "
                 "made by make_expected.py" % name]

        def block(key, rows):
            rows = sorted(rows)
            lines.append("%s %d" % (key, len(rows)))
            lines.extend(" ".join(str(x) for x in r) for r in rows)

        comps = [parse_mono("*".join(g), names) for g in ideals(frobby("irrdecom", m2))]
        block("irrdecom", comps)
        dual = ideals(frobby("alexdual", m2))
        block("alexdual", [parse_mono(g, names) for g in (dual[0] if dual else [])])
        primes = ideals(frobby("assoprimes", m2))
        block("assoprimes", [[1 if x else 0 for x in parse_mono(g, names)]
                             for g in (primes[0] if primes else [])])
        msm = ideals(frobby("maxstandard", m2))
        block("maxstandard", [parse_mono(g, names) for g in (msm[0] if msm else [])])
        mg = parse_poly(re.search(r"p\s*=(.*?);", frobby("hilbert", m2), re.S).group(1), names)
        uni_f = parse_poly(re.search(r"p\s*=(.*?);", frobby("hilbert", m2, ["-univariate"]),
                                     re.S).group(1), ["t"])
        uni_f = {k[0]: v for k, v in uni_f.items()}
        uni_s, dim_s, mult_s = singular(names, gens)
        if uni_f != uni_s:
            sys.exit("%s: Frobby and Singular disagree on the Hilbert numerator" % name)
        dim_f = int(subprocess.run(["frobby", "dimension", "-iformat", "m2"], input=m2,
                                   capture_output=True, text=True, check=True).stdout.strip())
        if dim_f != dim_s:
            sys.exit("%s: Frobby and Singular disagree on the dimension" % name)
        block("hilbert", [[d, c] for d, c in uni_f.items()])
        block("hilbert-mg", [list(k) + [c] for k, c in mg.items()])
        lines.append("dim %d" % dim_s)
        lines.append("degree %d" % (mult_s if dim_s >= 0 else 0))
        with open(os.path.join(HERE, name + ".exp"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("%s: %d variables, %d generators" % (name, n, len(gens)))
    with open(os.path.join(HERE, "index.txt"), "w") as f:
        f.write("".join(name + "\n" for name, _, _ in cases))


if __name__ == "__main__":
    main()
