#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generators for the classical Groebner-basis benchmark systems.

Each system is built here from its mathematical definition (see
benchmarks/systems/README.md for the definitions, sources and the checks that
were made) and written in three formats for one characteristic:

  gbc       the msolve-style text that build/gbc reads
  singular  a Singular ring and ideal declaration (ring R, ideal I)
  mgb       mathicgb's .ideal format (prime characteristic only)

Usage:
  gen.py --list
  gen.py NAME [--char P] [--format gbc|singular|mgb] [-o FILE]
where NAME is FAMILY-n, e.g. cyclic-6, katsura-7, eco-8, noon-5, henrion-5,
reimer-5, or one of the implicitisation problems implicit-whitney,
implicit-enneper, implicit-curve11, implicit-bicubic (parameters first: an
elimination of their first ELIMINATE[name] variables).  Python 3 standard
library only.
"""

import argparse
import itertools
import math
import sys
from fractions import Fraction

# A polynomial is a dict {exponent tuple: Fraction}; zero terms are never stored.


def _add_term(poly, mono, coef):
    c = poly.get(mono, 0) + coef
    if c == 0:
        poly.pop(mono, None)
    else:
        poly[mono] = Fraction(c)


def _var(nvars, i, e=1):
    return tuple(e if j == i else 0 for j in range(nvars))


def _mono_mul(a, b):
    return tuple(x + y for x, y in zip(a, b))


def _poly_from_terms(terms):
    p = {}
    for mono, coef in terms:
        _add_term(p, mono, Fraction(coef))
    return p


def _prod_mono(nvars, indices):
    m = [0] * nvars
    for i in indices:
        m[i] += 1
    return tuple(m)


# ---------------------------------------------------------------- families


def cyclic(n):
    """Cyclic n-roots (Bjoerck-Froeberg): for d = 1..n-1,
    sum_{i=0}^{n-1} prod_{j=0}^{d-1} x_{(i+j) mod n} = 0, and x_1*...*x_n = 1."""
    names = ["x%d" % (i + 1) for i in range(n)]
    polys = []
    for d in range(1, n):
        polys.append(_poly_from_terms(
            (_prod_mono(n, [(i + j) % n for j in range(d)]), 1) for i in range(n)))
    one = tuple([0] * n)
    polys.append(_poly_from_terms([(tuple([1] * n), 1), (one, -1)]))
    return names, polys


def katsura(n):
    """Katsura-n in the SymbolicData convention (Groebner.jl's katsuran(n)):
    n+1 variables u_0..u_n, Singular's katsura(n+1).  With
    u_{-i} = u_i and u_i = 0 for |i| > n:  sum_{l=-n}^{n} u_l u_{m-l} = u_m
    for m = 0..n-1, and u_0 + 2 sum_{i=1}^{n} u_i = 1."""
    nv = n + 1
    names = ["x%d" % (i + 1) for i in range(nv)]   # x1 = u_0, ..., x(n+1) = u_n
    one = tuple([0] * nv)
    polys = []
    for m in range(n):
        terms = []
        for l in range(-n, n + 1):
            if abs(m - l) <= n:
                terms.append((_mono_mul(_var(nv, abs(l)), _var(nv, abs(m - l))), 1))
        terms.append((_var(nv, m), -1))
        polys.append(_poly_from_terms(terms))
    lin = [(_var(nv, 0), 1)] + [(_var(nv, i), 2) for i in range(1, nv)] + [(one, -1)]
    polys.append(_poly_from_terms(lin))
    return names, polys


def eco(n):
    """Morgan's economics problem in n variables: for k = 1..n-1,
    (x_k + sum_{i=1}^{n-k-1} x_i x_{i+k}) x_n - k = 0, and
    x_1 + ... + x_{n-1} + 1 = 0."""
    names = ["x%d" % (i + 1) for i in range(n)]
    one = tuple([0] * n)
    xn = _var(n, n - 1)
    polys = []
    for k in range(1, n):
        terms = [(_mono_mul(_var(n, k - 1), xn), 1)]
        for i in range(1, n - k):
            terms.append((_mono_mul(_prod_mono(n, [i - 1, i + k - 1]), xn), 1))
        terms.append((one, -k))
        polys.append(_poly_from_terms(terms))
    polys.append(_poly_from_terms([(_var(n, i), 1) for i in range(n - 1)] + [(one, 1)]))
    return names, polys


def noon(n):
    """Noonburg's neural network model: for i = 1..n,
    x_i (sum_{j != i} x_j^2) - 11/10 x_i + 1 = 0, scaled by 10."""
    names = ["x%d" % (i + 1) for i in range(n)]
    one = tuple([0] * n)
    polys = []
    for i in range(n):
        terms = [(_mono_mul(_var(n, i), _var(n, j, 2)), 10) for j in range(n) if j != i]
        terms += [(_var(n, i), -11), (one, 10)]
        polys.append(_poly_from_terms(terms))
    return names, polys


def reimer(n):
    """Reimer's system: for j = 2..n+1, 2 sum_{i=1}^{n} (-1)^{i+1} x_i^j - 1 = 0."""
    names = ["x%d" % (i + 1) for i in range(n)]
    one = tuple([0] * n)
    polys = []
    for j in range(2, n + 2):
        terms = [(_var(n, i, j), 2 * (-1) ** i) for i in range(n)] + [(one, -1)]
        polys.append(_poly_from_terms(terms))
    return names, polys


def _principal_minor_tridiag(diag, sub, S):
    """Determinant of the principal submatrix on the sorted index list S of the
    symmetric tridiagonal matrix with diagonal diag and off-diagonal sub
    (sub[i] couples i and i+1).  The submatrix splits into blocks of
    consecutive indices; each block's determinant follows the three-term
    recurrence."""
    det = Fraction(1)
    block = []
    for idx in list(S) + [None]:
        if block and (idx is None or idx != block[-1] + 1):
            d_prev, d = Fraction(1), diag[block[0]]
            for a, b in zip(block, block[1:]):
                d_prev, d = d, diag[b] * d - sub[a] * sub[a] * d_prev
            det *= d
            block = []
        if idx is not None:
            block.append(idx)
    return det


def henrion(n):
    """Henrion's system: a discrete inverse eigenvalue problem.  Find
    F = diag(f_1..f_n) such that F*K has the eigenvalues 4k^2 - 1
    (k = 1..n), where K is the n x n tridiagonal matrix with 2 on the
    diagonal, -1 beside it, and (n+1)/n in its last diagonal entry.
    Equation k (k = 1..n) equates the k-th elementary symmetric function of
    the eigenvalues of F*K, i.e. the sum over k-subsets S of det(K_S) f^S,
    with e_k(3, 15, ..., 4n^2 - 1)."""
    names = ["f%d" % (i + 1) for i in range(n)]
    diag = [Fraction(2)] * (n - 1) + [Fraction(n + 1, n)]
    sub = [Fraction(-1)] * (n - 1)
    eig = [4 * k * k - 1 for k in range(1, n + 1)]
    one = tuple([0] * n)
    polys = []
    for k in range(1, n + 1):
        terms = [(_prod_mono(n, S), _principal_minor_tridiag(diag, sub, S))
                 for S in itertools.combinations(range(n), k)]
        ek = sum(math.prod(c) for c in itertools.combinations(eig, k))
        terms.append((one, -ek))
        polys.append(_poly_from_terms(terms))
    return names, polys


FAMILIES = {
    "cyclic": (cyclic, 3),
    "katsura": (katsura, 1),
    "eco": (eco, 3),
    "noon": (noon, 2),
    "henrion": (henrion, 2),
    "reimer": (reimer, 2),
}


# ---------------------------------------------------------------- implicitisation
#
# Each problem is a parametrisation x_i = f_i(params) written as the ideal
# <x_1 - f_1, ..., x_m - f_m> (scaled to integer coefficients) in the
# variables params, x_1..x_m, parameters first; eliminating the parameters
# (the first ELIMINATE[name] variables) gives the implicit equations.


def _poly_sum(terms):
    """{mono: coef} from (coef, exponent tuple) pairs."""
    p = {}
    for c, m in terms:
        _add_term(p, tuple(m), Fraction(c))
    return p


def _implicit(params, coords, fs):
    """The ideal <d*x_i - d*f_i> for x_i = f_i(params); FS gives each f_i as a
    list of (coefficient, parameter exponent tuple)."""
    k = len(params)
    names = list(params) + list(coords)
    nv = len(names)
    polys = []
    for i, f in enumerate(fs):
        terms = [(1, _var(nv, k + i))]
        terms += [(-Fraction(c), tuple(e) + (0,) * (nv - k)) for c, e in f]
        polys.append(_poly_sum(terms))
    return names, polys


def implicit_whitney():
    """Whitney umbrella: x = u v, y = v, z = u^2 (implicit: x^2 - y^2 z);
    variables u, v, x, y, z, eliminate u, v."""
    return _implicit("uv", "xyz", [[(1, (1, 1))], [(1, (0, 1))], [(1, (2, 0))]])


def implicit_enneper():
    """Enneper's minimal surface: x = u - u^3/3 + u v^2, y = v - v^3/3 + v u^2,
    z = u^2 - v^2 (implicit: one equation of degree 9); variables u, v, x, y, z,
    eliminate u, v."""
    t = Fraction(1, 3)
    return _implicit("uv", "xyz", [
        [(1, (1, 0)), (-t, (3, 0)), (1, (1, 2))],
        [(1, (0, 1)), (-t, (0, 3)), (1, (2, 1))],
        [(1, (2, 0)), (-1, (0, 2))]])


def implicit_curve11():
    """A polynomial space curve of degree 11: x = t^9 - 2 t^5 + t,
    y = t^10 + t^3 - 3 t^2, z = t^11 - t^7 + 2 t^4 + t; variables t, x, y, z,
    eliminate t."""
    return _implicit("t", "xyz", [
        [(1, (9,)), (-2, (5,)), (1, (1,))],
        [(1, (10,)), (1, (3,)), (-3, (2,))],
        [(1, (11,)), (-1, (7,)), (2, (4,)), (1, (1,))]])


def bicubic_coef(k, i, j):
    """Coefficient of s^i t^j in coordinate k (0, 1, 2 = x, y, z) of the
    bicubic patch: (i^2 + 2j + 3k + (k+2) i j + 1) mod 7, minus 3."""
    return (i * i + 2 * j + 3 * k + (k + 2) * i * j + 1) % 7 - 3


def implicit_bicubic():
    """A dense bicubic polynomial patch: x, y, z = sum_{i,j=0..3} c_k(i,j) s^i t^j
    with c_k(i,j) = ((i^2 + 2j + 3k + (k+2) i j + 1) mod 7) - 3 for k = 0, 1, 2
    (implicit: one equation of degree 18); variables s, t, x, y, z, eliminate s, t."""
    return _implicit("st", "xyz", [
        [(bicubic_coef(k, i, j), (i, j)) for i in range(4) for j in range(4)
         if bicubic_coef(k, i, j)] for k in range(3)])


# name: (builder, number of leading variables to eliminate)
IMPLICIT = {
    "implicit-whitney": (implicit_whitney, 2),
    "implicit-enneper": (implicit_enneper, 2),
    "implicit-curve11": (implicit_curve11, 1),
    "implicit-bicubic": (implicit_bicubic, 2),
}
ELIMINATE = {name: k for name, (_, k) in IMPLICIT.items()}


def system(name):
    """Return (variable names, list of polynomials with integer coefficients)
    for NAME = FAMILY-n.  Each polynomial is scaled by the lcm of its
    coefficient denominators and divided by the gcd of the numerators, so the
    same integer polynomials serve every characteristic.  NAME may also be
    one of the implicitisation problems (IMPLICIT)."""
    if name in IMPLICIT:
        return _integral(*IMPLICIT[name][0]())
    try:
        fam, n = name.rsplit("-", 1)
        n = int(n)
    except ValueError:
        raise ValueError("system name must be FAMILY-n, e.g. cyclic-6: %r" % name)
    if fam not in FAMILIES:
        raise ValueError("unknown family %r (known: %s)" % (fam, ", ".join(sorted(FAMILIES))))
    gen, nmin = FAMILIES[fam]
    if n < nmin:
        raise ValueError("%s needs n >= %d" % (fam, nmin))
    return _integral(*gen(n))


def _integral(names, polys):
    """Scale each polynomial to coprime integer coefficients."""
    out = []
    for p in polys:
        den = 1
        for c in p.values():
            den = den * c.denominator // math.gcd(den, c.denominator)
        ints = {m: int(c * den) for m, c in p.items()}
        g = 0
        for c in ints.values():
            g = math.gcd(g, c)
        out.append({m: c // g for m, c in ints.items()})
    return names, out


# ---------------------------------------------------------------- output


def grevlex_key(mono):
    """Sort key: larger key = larger monomial in grevlex with x1 > x2 > ... ."""
    return (sum(mono), tuple(-e for e in reversed(mono)))


def _reduce_coef(c, char):
    """c itself over Q; over Z/p the residue of least absolute value."""
    if char == 0:
        return c
    c %= char
    return c - char if c > char // 2 else c


def _check_char(polys, char):
    if char != 0:
        for p in polys:
            if all(c % char == 0 for c in p.values()):
                raise ValueError("a generator vanishes modulo %d" % char)


def _term_strings(names, poly, char, times="*", power="^"):
    """Terms of poly in decreasing grevlex order as (sign, abs-coef, monomial string)."""
    out = []
    for mono in sorted(poly, key=grevlex_key, reverse=True):
        c = _reduce_coef(poly[mono], char)
        if c == 0:
            continue
        factors = []
        for name, e in zip(names, mono):
            if e == 1:
                factors.append(name)
            elif e > 1:
                factors.append("%s%s%d" % (name, power, e))
        out.append((c < 0, abs(c), times.join(factors)))
    return out


def poly_to_text(names, poly, char):
    """One polynomial in the gbc / Singular syntax (explicit '*' and '^')."""
    s = ""
    for neg, c, m in _term_strings(names, poly, char):
        if m and c == 1:
            t = m
        elif m:
            t = "%d*%s" % (c, m)
        else:
            t = "%d" % c
        if not s:
            s = ("-" if neg else "") + t
        else:
            s += ("-" if neg else "+") + t
    return s or "0"


def to_gbc(names, polys, char):
    _check_char(polys, char)
    lines = [",".join(names), str(char)]
    body = [poly_to_text(names, p, char) for p in polys]
    return "\n".join(lines) + "\n" + ",\n".join(body) + "\n"


def to_singular(names, polys, char, ring="R", ideal="I", order="dp"):
    """A Singular declaration of ring RING (ordering ORDER) and ideal IDEAL."""
    _check_char(polys, char)
    body = ",\n  ".join(poly_to_text(names, p, char) for p in polys)
    return "ring %s = %d,(%s),%s;\nideal %s =\n  %s;\n" % (
        ring, char, ",".join(names), order, ideal, body)


MGB_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def to_mgb(names, polys, char):
    """mathicgb .ideal: 'P NVARS', a grading line (1 grading of all-ones:
    graded reverse lexicographic, first variable largest), the number of
    generators, then one generator per line; variables are the letters a..z,
    A..Z in the order of NAMES, coefficients are residues mod P."""
    if char == 0:
        raise ValueError("mathicgb works over prime fields only")
    n = len(names)
    if n > len(MGB_LETTERS):
        raise ValueError("mathicgb's format has only %d variable letters" % len(MGB_LETTERS))
    _check_char(polys, char)
    letters = MGB_LETTERS[:n]
    lines = ["%d %d" % (char, n), "revlex 1", " " + " ".join(["1"] * n), str(len(polys))]
    for p in polys:
        s = ""
        for neg, c, m in _term_strings(letters, p, char, times="", power=""):
            t = m if (m and c == 1) else ("%d%s" % (c, m))
            s += ("-" if neg else "+") + t if s else ("-" if neg else "") + t
        lines.append(s)
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("name", nargs="?", help="FAMILY-n, e.g. cyclic-6")
    ap.add_argument("--char", type=int, default=32003, help="characteristic (0 or a prime)")
    ap.add_argument("--format", choices=["gbc", "singular", "mgb"], default="gbc")
    ap.add_argument("-o", "--output", help="write to this file instead of stdout")
    ap.add_argument("--list", action="store_true", help="list the families")
    a = ap.parse_args(argv)
    if a.list or not a.name:
        for fam, (gen, nmin) in sorted(FAMILIES.items()):
            doc = " ".join(gen.__doc__.split())
            print("%s-n (n >= %d): %s" % (fam, nmin, doc))
        for name, (gen, k) in IMPLICIT.items():
            print("%s (eliminate the first %d): %s" % (name, k, " ".join(gen.__doc__.split())))
        return 0
    try:
        names, polys = system(a.name)
        text = {"gbc": to_gbc, "singular": to_singular, "mgb": to_mgb}[a.format](
            names, polys, a.char)
    except ValueError as e:
        print("gen.py: %s" % e, file=sys.stderr)
        return 2
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
