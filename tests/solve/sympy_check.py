"""tests/solve/sympy_check.py: `gbc solve` against SymPy.

For each system, SymPy computes the real roots of every variable's eliminating
polynomial (lex Groebner bases, exact real root isolation), keeps the points of
their product at which every generator vanishes to 100 digits, and this script
checks that gbc prints one box per such point, that each point lies in exactly one
box, and that every interval is at most 2^-precision wide. Endpoints are compared
exactly (rational coordinates) or at 400 bits (the others).

usage: sympy_check.py GBC_BINARY
"""
import subprocess
import sys
from fractions import Fraction
from itertools import product

try:
    import mpmath
    import sympy as sp
except ImportError:  # no SymPy: skipped (ctest's SKIP_RETURN_CODE)
    print("SymPy is not installed: skipped")
    sys.exit(77)

mpmath.mp.prec = 400

CASES = [
    ("katsura-3", "x0,x1,x2,x3",
     "x0+2*x1+2*x2+2*x3-1, x0^2+2*x1^2+2*x2^2+2*x3^2-x0, "
     "2*x0*x1+2*x1*x2+2*x2*x3-x1, x1^2+2*x0*x2+2*x1*x3-x2", 64),
    ("shared coordinates", "x,y", "x^2-1, y^2-1", 64),
    ("multiplicity", "x,y", "x^2*(x-1), y-1", 64),
    ("root at 0", "x,y", "x^3-2*x, y^2-x*y-1", 30),
    ("close roots", "x", "(x-1/1000)*(x-1/1001)", 64),
    ("Mignotte-like", "x,y", "x^2-2*(1000*x-1)^2, y-x", 64),
    ("no real solution", "x", "x^2+1", 64),
    ("one variable", "x", "x^5-3*x^3+x-1/7", 100),
    ("not radical", "x,y", "(x^2-2)^2*(x-3), (y-x)^2", 64),
    ("three variables", "x,y,z", "x^2+y^2+z^2-4, x-y*z, z^3-z-1", 64),
    ("huge coefficients", "x,y",
     "(x-1000000000000000000000001)*(3*x+7), 10^30*y^2-x", 64),
]


def parse_boxes(text):
    boxes = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        parts = line[1:-1].split("], [")
        box = []
        for p in parts:
            lo, hi = p.split(", ")
            box.append((Fraction(lo), Fraction(hi)))
        boxes.append(box)
    return boxes


def real_solutions(names, gens_text):
    syms = sp.symbols(names.replace(",", " "))
    if not isinstance(syms, tuple):
        syms = (syms,)
    gens = [sp.sympify(g.replace("^", "**"), locals={str(s): s for s in syms})
            for g in gens_text.split(",")]
    coords = []
    for i, v in enumerate(syms):
        others = [s for s in syms if s != v]
        G = sp.groebner(gens, *others, v, order="lex")
        elim = [g for g in G.exprs if g.free_symbols <= {v}]
        assert len(elim) == 1, "zero-dimensional input expected"
        roots = sp.Poly(elim[0], v).real_roots() if elim[0].has(v) else []
        coords.append(sorted(set(roots), key=lambda r: sp.N(r, 50)))
    points = []
    for cand in product(*coords):
        sub = dict(zip(syms, cand))
        if all(abs(sp.N(g.subs(sub), 100)) < sp.Float("1e-60") for g in gens):
            points.append(cand)
    return points


def inside(value, lo, hi):
    if value.is_Rational:
        q = Fraction(int(value.p), int(value.q))
        return lo <= q <= hi
    v = mpmath.mpf(str(sp.N(value, 130)))
    return mpmath.mpf(lo.numerator) / lo.denominator <= v <= \
        mpmath.mpf(hi.numerator) / hi.denominator


def parse_param(text):
    """msolve's -P 1 part: (names, form, w, w', [(v_i, c_i)]) with coefficient
    lists, low degree first."""
    head, _, _ = text.partition("],[1,\n")
    lines = head.split("\n")
    names = [n.strip().strip("'") for n in lines[3].strip().strip("[],").split(",")]
    form = [int(c) for c in lines[4].strip().strip("[],").replace(" ", "").split(",")]
    polys = []
    for line in lines[5:]:
        if "[" in line and "]]" in line and ", [" in line:
            coefs = line[line.index(", [") + 3:line.index("]]")]
            polys.append([int(c) for c in coefs.split(",")] if coefs.strip() else [])
    start = lines.index("[")  # the list of the variables' parametrisations
    denoms = [int(line.strip().rstrip(",]")) for line in lines[start + 1:]
              if line.strip().rstrip(",]").lstrip("-").isdigit()]
    assert len(denoms) == len(polys) - 2, "one denominator per parametrised variable"
    return names, form, polys[0], polys[1], list(zip(polys[2:], denoms))


def check_param(gbc, name, names, gens):
    """The parametrisation's defining property at SymPy's solutions: w(A) = 0 and
    x_i = -v_i(A) / (c_i w'(A)), A the linear form's value (to 100 digits)."""
    text = f"{names}\n0\n{gens}\n"
    run = subprocess.run([gbc, "solve", "--format", "msolve", "--parametrization", "-"],
                         input=text, capture_output=True, text=True, timeout=600)
    if run.returncode != 0 or not run.stdout.startswith("[0, [0, \n"):
        print(f"FAIL {name} parametrization: exit {run.returncode} {run.stderr}")
        return False
    pnames, form, w, dw, params = parse_param(run.stdout)
    n = len(names.split(","))
    newvar = len(pnames) == n + 1
    ok = len(params) == (n if newvar else n - 1)
    if not ok:
        print(f"FAIL {name}: {len(params)} parametrised variables")
    for pt in real_solutions(names, gens):
        vals = [sp.N(c, 120) for c in pt]
        a = -sum(f * v for f, v in zip(form, vals)) if newvar else vals[-1]
        ev = lambda cs: sum(c * a ** i for i, c in enumerate(cs))
        if abs(ev(w)) > sp.Float("1e-60"):
            print(f"FAIL {name}: w(A) = {sp.N(ev(w), 5)} at a solution")
            ok = False
        for i, (v, c) in enumerate(params):
            x = -ev(v) / (c * ev(dw))
            if abs(x - vals[i]) > sp.Float("1e-60"):
                print(f"FAIL {name}: the parametrisation of variable {i} gives {sp.N(x, 20)}")
                ok = False
    print(f"{'ok' if ok else 'FAIL'} {name}: parametrization")
    return ok


def check_usage(gbc):
    """Bad usage exits 2 with a reason."""
    ok = True
    for args in (["--parametrization"], ["--format", "xml"], ["--precision", "0"],
                 ["--precision", "x"], ["--frobnicate"]):
        run = subprocess.run([gbc, "solve"] + args + ["-"], input="x\n0\nx^2-2\n",
                             capture_output=True, text=True, timeout=60)
        if run.returncode != 2 or run.stdout or "gbc:" not in run.stderr:
            print(f"FAIL usage {args}: exit {run.returncode}, {run.stderr!r}")
            ok = False
    run = subprocess.run([gbc, "solve", "-"], input="x\n0\nx^2+\n", capture_output=True,
                         text=True, timeout=60)
    if run.returncode != 1 or "error" not in run.stderr:
        print(f"FAIL a parse error: exit {run.returncode}")
        ok = False
    print(f"{'ok' if ok else 'FAIL'} usage and input errors")
    return ok


def main():
    gbc = sys.argv[1]
    failures = 0
    for name, names, gens, _ in CASES[:6] + CASES[8:10]:
        failures += not check_param(gbc, name, names, gens)
    failures += not check_usage(gbc)
    for name, names, gens, prec in CASES:
        text = f"{names}\n0\n{gens}\n"
        run = subprocess.run([gbc, "solve", "--precision", str(prec), "-"], input=text,
                             capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            print(f"FAIL {name}: exit {run.returncode}: {run.stderr}")
            failures += 1
            continue
        boxes = parse_boxes(run.stdout)
        points = real_solutions(names, gens)
        ok = len(boxes) == len(points)
        if not ok:
            print(f"FAIL {name}: {len(boxes)} boxes, SymPy finds {len(points)} real solutions")
        for box in boxes:
            for lo, hi in box:
                if not (lo <= hi and hi - lo <= Fraction(1, 2 ** prec)):
                    print(f"FAIL {name}: interval [{lo}, {hi}] wider than 2^-{prec}")
                    ok = False
        for pt in points:
            holding = [b for b in boxes
                       if all(inside(c, lo, hi) for c, (lo, hi) in zip(pt, b))]
            if len(holding) != 1:
                print(f"FAIL {name}: SymPy's solution {[sp.N(c, 20) for c in pt]} lies in "
                      f"{len(holding)} boxes")
                ok = False
        print(f"{'ok' if ok else 'FAIL'} {name}: {len(points)} real solutions")
        failures += not ok
    # positive-dimensional input: exit 1 naming the dimension
    run = subprocess.run([gbc, "solve", "-"], input="a,b,c,d\n0\na+b+c+d, a*b+b*c+c*d+d*a, "
                         "a*b*c+b*c*d+c*d*a+d*a*b, a*b*c*d-1\n",
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 1 or "dimension 1" not in run.stderr or run.stdout:
        print(f"FAIL cyclic-4: exit {run.returncode}, stderr {run.stderr!r}")
        failures += 1
    else:
        print("ok cyclic-4: positive-dimensional, exit 1")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
