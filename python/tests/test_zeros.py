"""Zero, duplicate and unit entries in the lists the package takes: normal forms and
membership give one answer per input in every position (the normal form of 0 is 0,
0 is a member of every ideal), each answer the same as for the entry alone and as
SymPy's reduced() by SymPy's basis; zero generators change no basis."""
from fractions import Fraction

import pytest

import gbc

sympy = pytest.importorskip("sympy")
x, y, z = sympy.symbols("x y z")

# (field, generators, what kind of ideal)
IDEALS = [
    (0, ["x^2 - y", "x*y - 1"], "proper"),
    (32003, ["x^2 - y", "x*y - 1"], "proper"),
    (2147483629, ["x*y - z", "y^2 - 1/2*x"], "proper"),
    (0, ["x^2 + y", "3/2*x - 1", "z - x*y"], "proper"),
    (0, ["x", "x - 1"], "unit"),
    (7, ["x*y - 1", "x", "z^3"], "unit"),
    (0, [], "zero"),
    (11, [0, "0"], "zero"),
]

BASE = ["x^3 - x*y", "x + 1", "y^2*z - 2"]  # a member of the proper ideals, two others


def specials(R):
    """Each kind of zero the package takes, a unit, and a duplicate of BASE[0]."""
    return [("int 0", 0), ("str 0", "0"), ("str x-x 0", "x - x"), ("Fraction 0", Fraction(0)),
            ("sympy 0", sympy.Integer(0)), ("Polynomial 0", R.poly(0)),
            ("unit 1", 1), ("unit -3/4", Fraction(-3, 4)), ("duplicate", BASE[0])]


def sympy_nf(R, f, G):
    """SymPy's normal form of f modulo the reduced basis G (SymPy expressions)."""
    gens = R.symbols()
    dom = {"modulus": R.characteristic} if R.characteristic else {"domain": "QQ"}
    order = {"deglex": "grlex"}.get(R.order, R.order)
    fe = R.poly(f).as_sympy()
    if not G:
        r = fe
    else:
        _, r = sympy.reduced(fe, G, *gens, order=order, **dom)
    return sympy.Poly(r, *gens, **dom)


def same_poly(R, a, b):
    gens = R.symbols()
    dom = {"modulus": R.characteristic} if R.characteristic else {"domain": "QQ"}
    return sympy.Poly(a.as_sympy(), *gens, **dom) == b


@pytest.mark.parametrize("k", range(len(IDEALS)))
def test_one_answer_per_entry_in_every_position(k):
    p, gens, kind = IDEALS[k]
    R = gbc.Ring("x, y, z", field=p)
    I = R.ideal(gens)
    G = I.groebner()
    Gs = G.as_sympy()
    if kind == "unit":
        assert [str(g) for g in G] == ["1"]
    if kind == "zero":
        assert len(G) == 0
    alone = {}  # the answers for each entry alone

    def single(f):
        key = repr(f)
        if key not in alone:
            r = G.normal_form(f)
            assert isinstance(r, gbc.Polynomial)
            assert same_poly(R, r, sympy_nf(R, f, Gs)), "NF(%r)" % (f,)
            assert G.contains(f) == r.is_zero() == I.contains(f) == (f in G) == (f in I)
            alone[key] = r
        return alone[key]

    for name, s in specials(R):
        r = single(s)
        if name.endswith("0"):
            assert r.is_zero() and G.contains(s), name
        if name.startswith("unit"):
            # a unit is a member of the unit ideal only; modulo a proper or the zero
            # ideal it is its own normal form
            assert G.contains(s) == (kind == "unit"), name
            if kind != "unit":
                assert r == R.poly(s)
        for pos in range(len(BASE) + 1):
            items = BASE[:pos] + [s] + BASE[pos:]
            for seq in (items, tuple(items)):
                for reduce, contains in ((G.normal_form, G.contains), (I.normal_form, I.contains)):
                    got = reduce(seq)
                    assert isinstance(got, list) and len(got) == len(items), (name, pos)
                    for f, r in zip(items, got):
                        assert r == single(f), (name, pos, f)
                    member = contains(seq)
                    assert member == [r.is_zero() for r in got], (name, pos)
                    assert member[pos] == single(s).is_zero()
    # lists of nothing but specials, zeros only, one zero, none
    everything = [s for _, s in specials(R)]
    got = G.normal_form(everything)
    assert [r == single(f) for f, r in zip(everything, got)] == [True] * len(everything)
    assert len(got) == len(everything)
    assert G.contains([0, 0, 0]) == [True, True, True]
    assert [r.is_zero() for r in G.normal_form([0, "0", 0])] == [True] * 3
    assert G.normal_form([0])[0].is_zero() and G.contains((0,)) == [True]
    assert G.normal_form([]) == [] and G.contains([]) == [] and I.contains(()) == []
    with pytest.raises(TypeError):
        [0] in G
    with pytest.raises(TypeError):
        [0] in I


def test_the_proper_ideal_member_is_found():
    """BASE[0] lies in <x^2 - y, x*y - 1>, BASE[1] does not: the answers above are
    not all of one kind."""
    R = gbc.Ring("x, y, z")
    G = R.ideal("x^2 - y", "x*y - 1").groebner()
    assert G.contains(BASE) == [True, False, False]
    assert G.contains([BASE[1], 0, BASE[0], 1, BASE[0]]) == [False, True, True, False, True]


@pytest.mark.parametrize("p", [0, 11, 2147483629])
def test_zero_generators_change_no_basis(p):
    R = gbc.Ring("x, y, z", field=p, order="lex")
    gens = ["x^2 + y*z - 1", "x*y - z", "y^2 - x"]
    ref = R.ideal(gens).groebner()
    for zero in (0, "0", "y - y", R.poly(0), sympy.Integer(0)):
        for pos in range(len(gens) + 1):
            with_zero = gens[:pos] + [zero] + gens[pos:]
            assert R.ideal(with_zero).groebner() == ref, (zero, pos)
            assert R.ideal(*with_zero).groebner() == ref, (zero, pos)
        assert R.ideal([zero, zero]).groebner().polys == ()
    # the same through groebner(), against SymPy
    F = [x**2 + y*z - 1, x*y - z, y**2 - x]
    kw = {"modulus": p} if p else {}
    dom = kw or {"domain": "QQ"}
    expect = sympy.groebner(F, x, y, z, order="lex", **dom)
    for pos in range(len(F) + 1):
        G = gbc.groebner(F[:pos] + [sympy.Integer(0)] + F[pos:], x, y, z, order="lex", **kw)
        assert {sympy.Poly(g, x, y, z, **dom).monic() for g in G.as_sympy()} == \
            {sympy.Poly(g, x, y, z, **dom).monic() for g in expect.exprs}
    assert len(gbc.groebner([0, 0], x, y, **kw)) == 0
