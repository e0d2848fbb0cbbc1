"""Tests of the gbc Python package: bases compared with SymPy's groebner on small
ideals (over Q and Z/p, in grevlex, deglex and lex), normal forms and membership,
Hilbert series against counted monomials, the monomial-ideal operations against
definitions, options (threads, timeout, certify), errors and Ctrl-C."""
import faulthandler
import os
import _thread
import threading
import time
from fractions import Fraction

import pytest

import gbc

sympy = pytest.importorskip("sympy")
x, y, z, w = sympy.symbols("x y z w")


def monic_set(polys, gens, order, modulus=None):
    """Polynomials as a set of monic sympy Polys (a canonical form to compare)."""
    out = set()
    for p in polys:
        kw = {"modulus": modulus} if modulus else {"domain": "QQ"}
        P = sympy.Poly(p, *gens, **kw)
        if P.is_zero:
            continue
        out.add(P.monic().as_expr() if not modulus else P.monic().as_expr())
    return out


SYSTEMS = [
    [x**2 + y**2 + z**2 - 1, x - y, y - z**2],
    [x**2 - y, x*y - 1, z**2 - x],
    [x*y - z, y*z - x, z*x - y],
    [x**3 - 2*x*y, x**2*y - 2*y**2 + x],
    [sympy.Rational(1, 2)*x**2 - 3*y, y**2 - sympy.Rational(2, 3)*x*z, z**3 - 5],
]


@pytest.mark.parametrize("order", ["grevlex", "grlex", "lex"])
@pytest.mark.parametrize("k", range(len(SYSTEMS)))
def test_same_basis_as_sympy_over_q(order, k):
    F = SYSTEMS[k]
    gens = sorted(set().union(*[f.free_symbols for f in F]), key=str)
    mine = gbc.groebner(F, *gens, order=order)
    ref = sympy.groebner(F, *gens, order=order, domain="QQ")
    assert monic_set(mine.as_sympy(), gens, order) == monic_set(ref.exprs, gens, order)
    # gbc returns monic polynomials by increasing leading monomial
    assert all(p.leading_coefficient == 1 for p in mine)


@pytest.mark.parametrize("order", ["grevlex", "lex"])
@pytest.mark.parametrize("k", range(4))
def test_same_basis_as_sympy_mod_p(order, k):
    F = SYSTEMS[k]
    gens = sorted(set().union(*[f.free_symbols for f in F]), key=str)
    mine = gbc.groebner(F, *gens, order=order, modulus=32003)
    ref = sympy.groebner(F, *gens, order=order, modulus=32003)
    assert monic_set(mine.as_sympy(), gens, order, 32003) == \
        monic_set(ref.exprs, gens, order, 32003)
    for p in mine:
        assert all(0 <= c < 32003 for _, c in p.terms)


def test_gens_default_to_sympy_symbols():
    G = gbc.groebner([x**2 - y, x*y - 1], order="lex")
    assert G.ring.variables == ("x", "y")
    assert [str(p) for p in G] == ["y^3-1", "x-y^2"]


def test_ring_from_strings_and_printing():
    R = gbc.Ring("x, y, z", field=0, order="lex")
    I = R.ideal("x^2 + y^2 + z^2 - 1", "x - y", "y - z^2")
    G = I.groebner()
    assert str(G) == "z^4+1/2*z^2-1/2,\ny-z^2,\nx-z^2"
    assert G[0].terms[1] == ((0, 0, 2), Fraction(1, 2))
    assert G.is_groebner()
    assert G.stats["basis_size"] == 3
    # cached for the default options
    assert I.groebner() is G


def test_normal_forms_and_membership():
    R = gbc.Ring("x, y", field=0)
    I = R.ideal("x^2 - y", "x*y - 1")
    G = I.groebner()
    assert "x^3 - x*y" in G
    assert "x^3 - x*y" in I
    assert not I.contains("x + 1")
    r = G.normal_form("x^5 + y")
    # the remainder is reduced: no term divisible by a leading monomial
    for e, _ in r.terms:
        for g in G:
            lm = g.leading_monomial
            assert not all(a >= b for a, b in zip(e, lm))
    # f - r lies in the ideal
    f = R.poly("x^5 + y")
    diff = R.poly(sympy.expand(f.as_expr() - r.as_expr()))
    assert G.contains(diff)
    # lists keep zeros in place
    rs = G.normal_form(["x^2 - y", "x", 0])
    assert [p.is_zero() for p in rs] == [True, False, True]
    # normal_form compared with sympy's reduced()
    Gs = sympy.groebner([x**2 - y, x*y - 1], x, y, order="grevlex")
    _, ref = sympy.reduced(x**5 + y, list(Gs.exprs), x, y, order="grevlex")
    assert sympy.expand(r.as_expr() - ref) == 0


def count_standard(lead_monos, n, d):
    """Monomials of degree d divisible by no leading monomial."""
    from itertools import combinations_with_replacement
    c = 0
    for combo in combinations_with_replacement(range(n), d):
        e = [0] * n
        for v in combo:
            e[v] += 1
        if not any(all(a >= b for a, b in zip(e, m)) for m in lead_monos):
            c += 1
    return c


def test_hilbert_series_dimension_degree():
    R = gbc.Ring("x, y, z", field=32003)
    I = R.ideal("x^2 - y*z", "y^2 - x*z", "z^2 - x*y")
    G = I.groebner()
    H = I.hilbert_series()
    lts = [g.leading_monomial for g in G]
    for d in range(8):
        assert H(d) == count_standard(lts, 3, d)
    assert H.nvars == 3
    assert I.dimension() == 1
    # degree: the multiplicity, H(d) for large d is degree * d^0 for a curve
    assert I.degree() == H(20) == H(21)
    t = sympy.Symbol("t")
    assert sympy.simplify(H.as_sympy(t) - H.as_sympy(t)) == 0
    assert str(H).endswith("/(1-t)^3")
    # zero-dimensional: degree = number of standard monomials
    J = gbc.Ring("x, y", field=0).ideal("x^2 - 1", "y^3 - x")
    assert J.dimension() == 0 and J.degree() == 6
    # the unit ideal
    U = R.ideal("x", "x - 1")
    assert U.dimension() == -1 and U.degree() == 0


def test_monomial_ideals():
    R = gbc.Ring("x, y, z")
    I = R.monomial_ideal(["x^2", "x*y", "y^3"])
    J = gbc.MonomialIdeal([(1, 0, 0), (0, 0, 1)], ring=R)
    assert I.gens() == sorted(I.gens(), key=lambda e: (sum(e), e)) or len(I) == 3
    assert len(I) == 3
    assert I.contains("x^2*z") and not I.contains((0, 2, 0))
    S = I + J
    assert S == R.monomial_ideal(["x", "z", "y^3"])
    P = I * J
    assert P.contains((3, 0, 0)) and P.contains((0, 3, 1)) and not P.contains((2, 0, 0))
    M = I & J
    for m in M.gens():
        assert I.contains(m) and J.contains(m)
    assert I.colon(R.monomial_ideal(["x"])) == R.monomial_ideal(["x", "y"])
    assert I.colon("y") == R.monomial_ideal(["x", "y^2"])
    assert I.radical() == R.monomial_ideal(["x", "y"])
    # irreducible components intersect back to I
    comps = I.irreducible_decomposition()
    inter = None
    for b in comps:
        Q = gbc.MonomialIdeal([tuple(b[i] if j == i else 0 for j in range(3))
                               for i in range(3) if b[i] > 0], nvars=3)
        inter = Q if inter is None else inter & Q
    assert inter == gbc.MonomialIdeal(I.gens(), nvars=3)
    assert I.associated_primes() == [(1, 1, 0)]
    for m in I.maximal_standard_monomials():
        assert not I.contains(m)
    D = I.alexander_dual()
    assert D.nvars == 3 and len(D) > 0
    assert I.dimension() == 1
    assert sum(I.multigraded_hilbert_numerator().values()) == 0
    with pytest.raises(ValueError):
        R.monomial_ideal(["x + y"])


def test_options_threads_timeout_certify():
    F = [x**2 + y**2 + z**2 - 1, x - y, y - z**2]
    a = gbc.groebner(F, x, y, z, order="lex")
    b = gbc.groebner(F, x, y, z, order="lex", threads=2, certify=True, timeout=60)
    c = gbc.groebner(F, x, y, z, order="lex", algorithm="buchberger")
    assert a == b == c
    with pytest.raises(ValueError):
        gbc.groebner(F, x, y, z, threads=0)
    with pytest.raises(ValueError):
        gbc.groebner(F, x, y, z, timeout=-1)


def cyclic(n):
    v = sympy.symbols("a0:%d" % n)
    F = [sum(sympy.Mul(*[v[(i + j) % n] for j in range(k)]) for i in range(n))
         for k in range(1, n)]
    F.append(sympy.Mul(*v) - 1)
    return F, v


def test_timeout_raises():
    F, v = cyclic(8)
    t0 = time.monotonic()
    with pytest.raises(gbc.TimeLimitExceeded) as e:
        gbc.groebner(F, *v, modulus=32003, timeout=0.05)
    assert time.monotonic() - t0 < 5
    assert isinstance(e.value, TimeoutError)


def test_keyboard_interrupt_cancels():
    F, v = cyclic(8)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        gbc.groebner(F, *v, modulus=32003)
    timer.cancel()
    assert time.monotonic() - t0 < 5
    # the library is still usable afterwards
    assert len(gbc.groebner([x - 1], x)) == 1


def test_interrupt_as_the_call_returns():
    """An interrupt that arrives just as the computation finishes (here: requested
    by the call itself) raises KeyboardInterrupt and does not wait for a wake-up
    that already happened (the wait once took the worker's only signal)."""
    done = []

    def watchdog():
        time.sleep(60)
        if not done:
            faulthandler.dump_traceback(all_threads=True)
            os._exit(1)

    threading.Thread(target=watchdog, daemon=True).start()
    with gbc._Options() as o:
        for _ in range(20):
            with pytest.raises(KeyboardInterrupt):
                o.run(lambda: (_thread.interrupt_main(), 0)[1])
    done.append(True)


def test_errors_carry_the_library_message():
    with pytest.raises(gbc.ParseError) as e:
        gbc.Ring("x, y").poly("x + * y")
    assert e.value.line == 1 and e.value.column > 0 and e.value.message
    with pytest.raises(gbc.ArgumentError) as e:
        gbc.Ring("x, 1y")
    assert "1y" in str(e.value) or e.value.message
    with pytest.raises(gbc.DomainError):
        gbc.Ring("x", field=9)
    with pytest.raises(gbc.ArgumentError):
        gbc.Ring("x", order="nonsense")
    with pytest.raises(ValueError):
        gbc.Ring("x, y").poly(x * sympy.Symbol("q"))
    with pytest.raises(gbc.DomainError):
        gbc.Ring("x").poly(sympy.Float(0.5) * x)
    with pytest.raises(gbc.ParseError):
        gbc.Ring("x").poly("0.5*x")
    R1, R2 = gbc.Ring("x"), gbc.Ring("x", field=7)
    with pytest.raises(gbc.DomainError):
        R1.ideal(R2.poly("x"))


def test_polynomial_round_trip():
    R = gbc.Ring("x, y", field=0, order="deglex")
    f = R.poly(sympy.Rational(-3, 4) * x**2 * y + 5 * y - 7)
    assert str(f) == "-3/4*x^2*y+5*y-7"
    assert R.poly(str(f)) == f
    assert sympy.expand(f.as_expr() - (sympy.Rational(-3, 4) * x**2 * y + 5 * y - 7)) == 0
    assert R.poly(0).is_zero() and str(R.poly(0)) == "0"
    assert gbc.version.count(".") == 2


def test_sympy_input_through_the_parser():
    """SymPy input reaches gbc as text, so the library's limits apply to it and
    what is not a polynomial is a ParseError (sympy.Poly would first build a dense
    representation: x**(2**28) - y took gigabytes before gbc saw it)."""
    x, y = sympy.symbols("x y")
    G = gbc.groebner([x**(2**28) - y], x, y, timeout=5, memory_limit=10**8)
    assert len(G) == 1
    R = gbc.Ring("x, y")
    assert R.poly(x**(2**28) - y) == R.poly("x^268435456 - y")
    assert R.poly(sympy.Poly(x**2 - 3 * y, x, y)) == R.poly("x^2 - 3*y")
    assert R.poly(sympy.Rational(3, 4) * x - y / 3) == R.poly("3/4*x - 1/3*y")
    for bad in (sympy.sin(x), 1 / x, sympy.sqrt(x)):
        with pytest.raises(gbc.ParseError):
            R.poly(bad)
    # every SymPy input that is not a polynomial of the ring is a GbcError
    for bad in (sympy.pi * x, sympy.I * x, sympy.Float(1.5) * y, x * sympy.Symbol("q"),
                sympy.sqrt(2) * x, sympy.exp(x), sympy.Eq(x, y), x**sympy.Rational(1, 2)):
        with pytest.raises(gbc.GbcError):
            R.poly(bad)
