"""Ideal.parametrization checked by its definition, never against copied output: over
Z/p every point of solve() has T = form(point) a root of w and is point(T), and the
roots of w in Z/p are exactly as many as the points (brute force); over Q every
generator vanishes modulo w(T) after x_i = -v_i(T) / (den_i q(T)) (exact arithmetic
with Fractions), T = form(x) modulo w, w squarefree of degree the number of distinct
complex solutions, and w has as many real roots as real_roots() has boxes, each
mapped into one box. Errors: positive dimension, non-radical over Z/p, the unit
ideal, malformed text."""
import os
import random
from fractions import Fraction

import pytest

import gbc
from gbc import _param

SEED = int(os.environ.get("GBC_TEST_SEED", random.randrange(1 << 30)))
print("test_param seed", SEED)


def katsura(n):
    """katsura-n in n + 1 variables u0..un."""
    v = ["u%d" % i for i in range(n + 1)]

    def u(i):
        return v[abs(i)] if abs(i) <= n else None
    eqs = ["+".join(v) + "+" + "+".join(v[1:]) + "-1"]
    for m in range(n):
        terms = []
        for i in range(-n, n + 1):
            a, b = u(i), u(m - i)
            if a and b:
                terms.append("%s*%s" % (a, b))
        eqs.append("+".join(terms) + "-" + v[m])
    return ", ".join(v), eqs


def random_system(rng, p, nv=2, deg=2):
    """nv dense polynomials of degree deg in nv variables (zero-dimensional for
    generic coefficients)."""
    names = ["x", "y", "z"][:nv]
    monos = [(a, b) for a in range(deg + 1) for b in range(deg + 1 - a)] if nv == 2 else \
        [(a, b, c) for a in range(deg + 1) for b in range(deg + 1 - a)
         for c in range(deg + 1 - a - b)]
    gens = []
    for _ in range(nv):
        terms = []
        for e in monos:
            c = rng.randrange(1, p) if p else rng.randrange(-9, 10)
            terms.append("%d*%s" % (c, "*".join("%s^%d" % (x, k) for x, k in zip(names, e))))
        gens.append(" + ".join(terms))
    return ", ".join(names), gens


# -- polynomials in T over Q (lists of Fractions, lowest degree first) ---------------
def pmul(a, b):
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def padd(a, b):
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)]


def pmod(a, w):
    r = [Fraction(c) for c in a]
    d = len(w) - 1
    for k in range(len(r) - 1, d - 1, -1):
        if r[k]:
            q = r[k] / w[d]
            for j in range(d + 1):
                r[k - d + j] -= q * w[j]
    r = r[:d]
    return r


def is_zero(a):
    return all(c == 0 for c in a)


def check_over_q(I, P):
    """Every generator of I and the form vanish at x_i = -v_i / (den_i q) modulo w."""
    w = [Fraction(c) for c in P.w]
    D = P.degree
    assert w[-1] != 0 and D >= 1
    # q = w' over Q (msolve's layout)
    assert P.q == [k * P.w[k] for k in range(1, D + 1)]
    ys = [pmod([Fraction(-c, d) for c in vi], w) for vi, d in zip(P.v, P.den)]  # y_i = x_i q
    q = [Fraction(c) for c in P.q]
    # T q(T) = sum form_i y_i modulo w
    lhs = pmod(pmul([0, 1], q), w)
    rhs = [Fraction(0)]
    for c, y in zip(P.form, ys):
        rhs = padd(rhs, [c * a for a in y])
    assert is_zero(padd(lhs, [-a for a in pmod(rhs, w)])), "the form"
    for g in I.gens:
        deg = g.total_degree()
        acc = [Fraction(0)]
        for e, c in g.terms:
            t = [Fraction(c)]
            for i, k in enumerate(e):
                for _ in range(k):
                    t = pmod(pmul(t, ys[i]), w)
            for _ in range(deg - sum(e)):
                t = pmod(pmul(t, q), w)
            acc = padd(acc, t)
        assert is_zero(pmod(acc, w)), "generator %s" % g


def squarefree_degree(coeffs):
    sympy = pytest.importorskip("sympy")
    T = sympy.Symbol("T")
    f = sympy.Poly(list(reversed(coeffs)), T, domain="QQ")
    return sympy.gcd(f, f.diff(T)).degree() == 0


Q_SYSTEMS = [
    ("x, y", ["x^2 + y^2 - 1", "x - y"], 2),
    ("x, y", ["x^2 - 1", "y^2 - 2"], 4),
    ("x, y, z", ["x^2 - 1", "y - x^2 - 1", "z - x - 3"], 2),
    ("x, y", ["x^2 - 2", "x*y - 1", "y^2 - 1/2"], 2),
    ("x, y", ["x^2 + 1", "y^3 - y"], 6),
    ("x, A", ["x^2 - 3", "A^2 - x - 1"], 4),          # a variable named like msolve's A
    ("x, y", ["x^3 - x", "x*y", "y^2 - 1"], None),  # not radical? degree from kbase
    ("x, y", ["x^2", "y - 1"], 1),                  # not radical: one distinct solution
    ("x, y", ["x^2*(x - 1)", "y^2 - x"], 3),        # x = 0 (double), x = 1, y = +-1
    katsura(3) + (None,),
]


@pytest.mark.parametrize("k", range(len(Q_SYSTEMS)))
def test_over_q_by_substitution(k):
    names, gens, distinct = Q_SYSTEMS[k]
    I = gbc.Ring(names).ideal(*gens)
    P = I.parametrization()
    assert isinstance(P, gbc.Parametrization)
    assert P.characteristic == 0 and P.variables == tuple(s.strip() for s in names.split(","))
    check_over_q(I, P)
    assert squarefree_degree(P.w)
    if distinct is None:  # a radical ideal: dim R/I solutions
        distinct = len(I.kbase())
    assert P.degree == distinct
    assert len(P.v) == len(P.den) == I.ring.nvars and all(d > 0 for d in P.den)


def test_over_q_katsura4_and_random():
    names, gens = katsura(4)
    I = gbc.Ring(names).ideal(*gens)
    P = I.parametrization()
    check_over_q(I, P)
    assert P.degree == len(I.kbase()) == 16
    rng = random.Random(SEED)
    names, gens = random_system(rng, 0)
    I = gbc.Ring(names).ideal(*gens)
    P = I.parametrization()
    check_over_q(I, P)
    assert P.degree == len(I.kbase()), "seed %d" % SEED


def test_real_roots_of_w_map_into_the_boxes():
    sympy = pytest.importorskip("sympy")
    T = sympy.Symbol("T")
    for names, gens in [("x, y", ["x^2 - 1", "y^2 - 2"]), katsura(3),
                        ("x, y", ["x^2 + 1", "y^3 - y"])]:
        I = gbc.Ring(names).ideal(*gens)
        P = I.parametrization()
        boxes = I.real_roots(precision=40)
        w = sympy.Poly(list(reversed(P.w)), T)
        roots = w.real_roots()
        assert len(roots) == len(boxes)
        hit = set()
        for r in roots:
            t = sympy.Float(sympy.N(r, 60), 60)
            qv = sum(c * t ** k for k, c in enumerate(P.q))
            x = [-sum(c * t ** k for k, c in enumerate(vi)) / (d * qv)
                 for vi, d in zip(P.v, P.den)]
            eps = sympy.Rational(1, 2 ** 60)
            inside = [j for j, b in enumerate(boxes)
                      if all(lo - eps <= xi <= hi + eps for xi, (lo, hi) in zip(x, b))]
            assert len(inside) == 1, (names, r)
            hit.add(inside[0])
        assert len(hit) == len(boxes)


def check_over_zp(I, P, brute=True):
    p = I.ring.characteristic
    assert P.characteristic == p and P.w[-1] == 1 and P.q == [1] and set(P.den) == {1}
    assert all(0 <= c < p for c in P.w) and all(0 <= c < p for vi in P.v for c in vi)
    pts = I.solve()
    for pt in pts:
        t = P.value(pt)
        assert _param._peval(P.w, t, p) == 0, "w(form(point)) != 0"
        assert P.point(t) == pt
    if brute:
        roots = [t for t in range(p) if _param._peval(P.w, t, p) == 0]
        assert len(roots) == len(pts)
        assert sorted(P.point(t) for t in roots) == sorted(pts)
    assert P.degree == len(I.kbase())  # radical: dim R/I distinct solutions


@pytest.mark.parametrize("p", [101, 1009, 32003])
def test_over_zp_by_the_points(p):
    for names, gens in [("x, y", ["x^2 - 1", "y^2 - 2"]), katsura(3),
                        ("x, y, z", ["x^2 - 1", "y - x^2 - 1", "z - x - 3"]),
                        ("x, y", ["x^2 - 4", "(x - 2)*y", "y^2 - y"])]:
        I = gbc.Ring(names, field=p).ideal(*gens)
        check_over_zp(I, I.parametrization())
    rng = random.Random(SEED + p)
    for _ in range(3):
        names, gens = random_system(rng, p, nv=rng.choice([2, 3]))
        I = gbc.Ring(names, field=p).ideal(*gens)
        try:
            P = I.parametrization()
        except gbc.Unsupported:  # a random system may be non-radical modulo p
            continue
        check_over_zp(I, P, brute=p < 5000)


def test_katsura4_mod_p_points_and_definition():
    names, gens = katsura(4)
    I = gbc.Ring(names, field=65521).ideal(*gens)
    P = I.parametrization()
    check_over_zp(I, P, brute=False)
    # every generator vanishes at point(T) for each root of w: checked on the
    # points; here the form: T q = -sum form_i v_i / den_i modulo w (q = 1)
    p = 65521
    acc = [0] * P.degree
    for c, vi in zip(P.form, P.v):
        for k, a in enumerate(vi):
            acc[k] = (acc[k] - c * a) % p
    t_mod_w = [int(c) % p for c in _param._pmod([0, 1], P.w)] + [0] * P.degree
    assert acc == t_mod_w[:P.degree]


def test_errors():
    cyc4 = ["a+b+c+d", "a*b+b*c+c*d+d*a", "a*b*c+b*c*d+c*d*a+d*a*b", "a*b*c*d-1"]
    for p in (0, 32003):
        with pytest.raises(gbc.DomainError, match="dimension"):
            gbc.Ring("a, b, c, d", field=p).ideal(*cyc4).parametrization()
        assert gbc.Ring("x, y", field=p).ideal("x", "x - 1").parametrization() is None
    with pytest.raises(gbc.Unsupported, match="radical"):
        gbc.Ring("x, y", field=101).ideal("x^2", "y - 1").parametrization()
    with pytest.raises(TypeError):
        gbc.Ring("x").ideal("x").parametrization(precision=3)
    with pytest.raises(gbc.TimeLimitExceeded):
        names, gens = katsura(7)
        gbc.Ring(names).ideal(*gens).parametrization(timeout=0.01)


@pytest.mark.parametrize("text", [
    "", "[0, [0, 1, 1, ['x'], [1], [1, [[1, [0, 1]], [0, [1]], []]]]]",  # no ':'
    "[0, [0, 1, 1, ['x'], [1], [1, [[2, [0, 1]], [0, [1]], []]]]]:",     # degree 2, 2 coeffs
    "[0, [0, 2, 1, ['x', 'y'], [0, 1], [1, [[1, [0, 1]], [0, [1]], []]]]]:",  # no v_x
    "[0, [0, 1, 1, ['x'], [1], [1, [[1, [0, 1]], [0, [1]], []]]]]: x",
    "[0, [0, 1, 1, ['x], [1], [1, [[1, [0, 1]], [0, [1]], []]]]]:",
    "[0, [0, 1, 1, ['x'], [2], [1, [[1, [0, 1]], [0, [1]], []]]]]:",     # form not x
])
def test_malformed_text(text):
    with pytest.raises(_param.FormatError):
        _param.parse(text, 1 if "'y'" not in text else 2)


def test_text_reader():
    v = _param.read("[0, [1, [[[-3 / 2^2, 5 / 4], [7, -1 / 3]]]]]:\n")
    assert v == [0, [1, [[[Fraction(-3, 4), Fraction(5, 4)], [7, Fraction(-1, 3)]]]]]
    assert _param.parse("[-1]:\n", 2) is None
    P = _param.parse("[0, [0, 1, 1, ['x'], [1], [1, [[1, [-3, 2]], [0, [2]], []]]]]:", 1)
    assert P.w == [-3, 2] and P.v == [[-3]] and P.point(Fraction(3, 2)) == (Fraction(3, 2),)
