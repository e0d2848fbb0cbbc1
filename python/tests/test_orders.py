"""Differential tests of the package's term orders: random small ideals over Q, Z/11
and Z/2147483629 in every order form the package accepts (names, aliases, SymPy
order objects, weights, blocks), each basis compared with SymPy's groebner (for
weights and blocks given the order as a key function), with gbc's command-line
tool on the same text, its leading monomials with the order as this test defines
it, and for weights and blocks checked against the definitions (the Groebner
property by SymPy's reduced(), the same ideal, reducedness). Set GBC_TEST_SEED to
repeat a run; the seed is printed (pytest shows it for a failing test)."""
import os
import random
import shutil
import signal
import subprocess

import pytest

import gbc

sympy = pytest.importorskip("sympy")
so = pytest.importorskip("sympy.polys.orderings")

SEED = int(os.environ.get("GBC_TEST_SEED", random.SystemRandom().randrange(2 ** 32)))
FIELDS = [0, 11, 2147483629]
PER_CASE = 3  # random ideals per (order form, field)


# -- the orders as this test defines them (keys: larger key = larger monomial) -----
def key_lex(m):
    return tuple(m)


def key_deglex(m):
    return (sum(m), tuple(m))


def key_grevlex(m):
    # the degree, then the smaller exponent in the last differing variable wins
    return (sum(m), tuple(-e for e in reversed(m)))


KEYS = {"lex": key_lex, "deglex": key_deglex, "grevlex": key_grevlex}


def key_weights(w):
    return lambda m: (sum(a * b for a, b in zip(w, m)), key_grevlex(m))


def key_blocks(blocks):
    """blocks: (kind, size) pairs on consecutive variables, the first decisive."""
    def key(m):
        out, i = [], 0
        for kind, k in blocks:
            out.append(KEYS[kind](m[i:i + k]))
            i += k
        return tuple(out)
    return key


ALIAS = {"grevlex": "grevlex", "degrevlex": "grevlex", "lex": "lex", "deglex": "deglex",
         "grlex": "deglex"}


class Case:
    """One order form: arg (what the package is given), key (the test's own
    definition), sympy_order (what sympy.groebner is given, None when SymPy has no
    such order), cli (the text gbc's tool is given)."""

    def __init__(self, arg, key, sympy_order, cli):
        self.arg, self.key, self.sympy_order, self.cli = arg, key, sympy_order, cli


def named(name, sympy_name):
    return lambda n, rng: Case(name, KEYS[ALIAS.get(name or "grevlex")], sympy_name,
                               ALIAS.get(name or "grevlex"))


def sympy_object(obj, kind):
    return lambda n, rng: Case(obj, KEYS[kind], obj, kind)


def weights(n, rng):
    w = [rng.randint(1, 5) for _ in range(n)]
    arg = "weights:" + ", ".join(map(str, w))  # spaces are accepted
    return Case(arg, key_weights(w), key_weights(w), "weights:" + ",".join(map(str, w)))


def partition(n, rng):
    sizes, left = [], n
    while left:
        k = rng.randint(1, left)
        sizes.append(k)
        left -= k
    return sizes


def blocks(n, rng):
    spelled = [(rng.choice(sorted(ALIAS)), k) for k in partition(n, rng)]
    blks = [(ALIAS[s], k) for s, k in spelled]
    arg = "blocks:" + ",".join("%s(%d)" % b for b in spelled)
    return Case(arg, key_blocks(blks), key_blocks(blks),
                "blocks:" + ",".join("%s(%d)" % b for b in blks))


def key_wgrevlex(w):
    # weighted degree, then reverse lex with no total-degree step
    return lambda m: (sum(a * b for a, b in zip(w, m)), tuple(-e for e in reversed(m)))


def matrix(n, rng):
    """Weight rows (zeros allowed) compared first, then blocks of which some are
    weighted grevlex: blocks:weights(...),...,wgrevlex(...),lex(k)."""
    rows = [[rng.randint(0, 3) for _ in range(n)] for _ in range(rng.randint(0, 2))]
    blks, items = [], []
    for k in partition(n, rng):
        if rng.random() < 0.4:
            w = [rng.randint(1, 4) for _ in range(k)]
            blks.append(key_wgrevlex(w))
            items.append("wgrevlex(%s)" % ",".join(map(str, w)))
        else:
            kind = rng.choice(sorted(KEYS))
            blks.append(KEYS[kind])
            items.append("%s(%d)" % (kind, k))
    if not rows and all(not i.startswith("wgrevlex") for i in items):
        rows = [[rng.randint(0, 3) for _ in range(n)]]
    sizes = []
    for i in items:
        sizes.append(i.count(",") + 1 if i.startswith("wgrevlex") else int(i[i.index("(") + 1:-1]))

    def key(m):
        out, j = [sum(a * b for a, b in zip(r, m)) for r in rows], 0
        for f, k in zip(blks, sizes):
            out.append(f(m[j:j + k]))
            j += k
        return tuple(out)
    text = "blocks:" + ",".join(["weights(%s)" % ",".join(map(str, r)) for r in rows] + items)
    return Case(text, key, key, text)


SYMPY_KIND = {"lex": so.lex, "deglex": so.grlex, "grevlex": so.grevlex}


def product_lambdas(n, rng):
    """A SymPy ProductOrder with lambda key functions, as in SymPy's documentation."""
    blks = [(rng.choice(sorted(KEYS)), k) for k in partition(n, rng)]
    args, i = [], 0
    for kind, k in blks:
        args.append((SYMPY_KIND[kind], (lambda a, b: lambda m: m[a:b])(i, i + k)))
        i += k
    obj = so.ProductOrder(*args)
    return Case(obj, key_blocks(blks), obj, "blocks:" + ",".join("%s(%d)" % b for b in blks))


def product_built(n, rng, gens):
    """A ProductOrder from SymPy's build_product_order (whose _ItemGetter SymPy 1.11
    itself cannot hash: SymPy gets the same order with lambdas)."""
    blks = [(rng.choice(sorted(KEYS)), k) for k in partition(n, rng)]
    spec, args, i = [], [], 0
    for kind, k in blks:
        spec.append((SYMPY_KIND[kind],) + tuple(gens[i:i + k]))
        args.append((SYMPY_KIND[kind], (lambda a, b: lambda m: m[a:b])(i, i + k)))
        i += k
    obj = so.build_product_order(tuple(spec), list(gens))
    return Case(obj, key_blocks(blks), so.ProductOrder(*args),
                "blocks:" + ",".join("%s(%d)" % b for b in blks))


FORMS = {
    "default": named(None, "grevlex"),
    "grevlex": named("grevlex", "grevlex"),
    "degrevlex": named("degrevlex", "grevlex"),
    "lex": named("lex", "lex"),
    "deglex": named("deglex", "grlex"),
    "grlex": named("grlex", "grlex"),
    "sympy-lex": sympy_object(so.lex, "lex"),
    "sympy-grlex": sympy_object(so.grlex, "deglex"),
    "sympy-grevlex": sympy_object(so.grevlex, "grevlex"),
    "sympy-symbol-grlex": lambda n, rng: Case(sympy.Symbol("grlex"), key_deglex, "grlex",
                                              "deglex"),
    "weights": weights,
    "blocks": blocks,
    "matrix": matrix,
    "product-lambdas": product_lambdas,
    "product-built": None,  # needs the generators: made in the test
}


# -- random ideals ----------------------------------------------------------------
def random_ideal(rng, p):
    """2-4 variables (SymPy symbols in a shuffled order), 2-4 generators of degree
    at most 3 with 1-4 terms; coefficients small (and fractions) over Q, anything
    in [1, p) modulo p. Constant terms in one ideal of four (the others vanish at
    the origin, so that not most of them are the unit ideal)."""
    n = rng.randint(2, 4)
    names = rng.sample(["a", "b", "c", "d", "e"], n)
    gens = sympy.symbols(names)
    lowest = 0 if rng.random() < 0.25 else 1
    F = []
    for _ in range(rng.randint(2, 4)):
        f = sympy.Integer(0)
        for _ in range(rng.randint(1, 4)):
            deg = rng.randint(lowest, 3)
            e = [0] * n
            for _ in range(deg):
                e[rng.randrange(n)] += 1
            if p:
                c = sympy.Integer(rng.randrange(1, p))
            else:
                c = sympy.Rational(rng.choice([-1, 1]) * rng.randint(1, 9), rng.choice([1, 1, 2, 3]))
            f += c * sympy.Mul(*[g ** k for g, k in zip(gens, e)])
        F.append(sympy.expand(f))
    return F, gens


def dom(p):
    return {"modulus": p} if p else {"domain": "QQ"}


def monic_set(exprs, gens, p):
    out = set()
    for e in exprs:
        P = sympy.Poly(e, *gens, **dom(p))
        if not P.is_zero:
            out.add(P.monic().as_expr())
    return out


def leading_monomial(expr, gens, key, p):
    P = sympy.Poly(expr, *gens, **dom(p))
    return max(P.monoms(), key=key)


# -- gbc's command-line tool ---------------------------------------------------------
def find_cli():
    """GBC_CLI (python_package.sh sets it to the installed tool), else the tool next
    to the loaded library (PREFIX/bin/gbc for PREFIX/lib/libgbc.so, or the build
    tree), else gbc on PATH."""
    env = os.environ.get("GBC_CLI")
    if env:
        assert os.access(env, os.X_OK), "GBC_CLI=%s is not an executable" % env
        return env
    libdir = os.path.dirname(os.path.realpath(gbc.library_path))
    for cand in (os.path.join(libdir, "..", "bin", "gbc"), os.path.join(libdir, "gbc")):
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return shutil.which("gbc")


CLI = find_cli()


def text_of(e):
    return str(e).replace("**", "^")


def cli_basis(F, gens, p, order):
    """gbc's tool on the same ideal as text; its basis as SymPy expressions."""
    text = "%s\n%d\n%s\n" % (", ".join(map(str, gens)), p, ",\n".join(text_of(f) for f in F))
    run = subprocess.run([CLI, "--order", order], input=text, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, "gbc --order %s failed: %s" % (order, run.stderr)
    lines = [ln for ln in run.stdout.splitlines() if not ln.startswith("#")]
    assert lines[0].replace(" ", "") == ",".join(map(str, gens)) and lines[1] == str(p)
    body = "\n".join(lines[2:])
    loc = {str(g): g for g in gens}
    return [sympy.sympify(t.replace("^", "**"), locals=loc) for t in body.split(",")
            if t.strip()]


# -- the checks of the definitions ------------------------------------------------
def spoly(f, g, gens, key, p):
    F, G = sympy.Poly(f, *gens, **dom(p)), sympy.Poly(g, *gens, **dom(p))
    mf, mg = max(F.monoms(), key=key), max(G.monoms(), key=key)
    lcm = tuple(max(a, b) for a, b in zip(mf, mg))
    cf, cg = F.coeff_monomial(mf), G.coeff_monomial(mg)
    uf = sympy.Mul(*[x ** (l - a) for x, l, a in zip(gens, lcm, mf)])
    ug = sympy.Mul(*[x ** (l - a) for x, l, a in zip(gens, lcm, mg)])
    return (F * sympy.Poly(uf / cf, *gens, **dom(p)) -
            G * sympy.Poly(ug / cg, *gens, **dom(p))).as_expr()


def reduces_to_zero(f, G, gens, key, p):
    if not G:
        return sympy.Poly(f, *gens, **dom(p)).is_zero
    _, r = sympy.reduced(f, G, *gens, order=key, **dom(p))
    return sympy.Poly(r, *gens, **dom(p)).is_zero


def check_definitions(G, F, gens, key, p):
    """G (SymPy expressions, gbc's basis) is the reduced Groebner basis of <F> in the
    order of key: monic, reduced, every S-polynomial reduces to 0 by SymPy's
    reduced(), every f in F reduces to 0, every g lies in <F> (reduces to 0 by
    SymPy's grevlex basis of F)."""
    lms = [leading_monomial(g, gens, key, p) for g in G]
    for g, m in zip(G, lms):
        P = sympy.Poly(g, *gens, **dom(p))
        assert P.coeff_monomial(m) == 1, "%s is not monic" % g
        for m2 in lms:
            if m2 is m:
                continue
            for t in P.monoms():
                assert not all(a >= b for a, b in zip(t, m2)), \
                    "%s has a term divisible by another leading monomial" % g
    for i in range(len(G)):
        for j in range(i + 1, len(G)):
            assert reduces_to_zero(spoly(G[i], G[j], gens, key, p), G, gens, key, p), \
                "S(%s, %s) does not reduce to 0" % (G[i], G[j])
    for f in F:
        assert reduces_to_zero(f, G, gens, key, p), "%s does not reduce to 0" % f
    ref = sympy_groebner(F, gens, "grevlex", p)
    for g in G if ref is not None else []:
        assert reduces_to_zero(g, list(ref.exprs), gens, key_grevlex, p), \
            "%s is not in the ideal" % g


class _SympyTooSlow(Exception):
    pass


def sympy_groebner(F, gens, order, p, seconds=20):
    """SymPy's reduced basis, or None when its Buchberger takes more than seconds
    (on a few random ideals in a thousand it runs for many minutes; the other
    checks of the case still run, and the skip is printed)."""
    def stop(signum, frame):
        raise _SympyTooSlow()
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        return sympy.groebner(F, *gens, order=order, **dom(p))
    except _SympyTooSlow:
        print("SymPy's groebner passed %d s on F = %s (%s, p = %d): not compared"
              % (seconds, F, order, p))
        return None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("p", FIELDS)
@pytest.mark.parametrize("form", sorted(FORMS))
def test_order_against_sympy_and_cli(form, p):
    print("GBC_TEST_SEED=%d" % SEED)
    rng = random.Random("%d %s %d" % (SEED, form, p))
    for _ in range(PER_CASE):
        F, gens = random_ideal(rng, p)
        n = len(gens)
        case = product_built(n, rng, gens) if form == "product-built" else FORMS[form](n, rng)
        kw = {"modulus": p} if p else {}
        if case.arg is None:
            mine = gbc.groebner(F, *gens, **kw)
        else:
            mine = gbc.groebner(F, *gens, order=case.arg, **kw)
        assert mine.ring.variables == tuple(map(str, gens))
        assert mine.ring.order == case.cli
        G = mine.as_sympy()
        where = "F = %s in %s, order %r, p = %d" % (F, gens, case.arg, p)
        # the order of the terms: each polynomial's leading monomial in the test's
        # own definition of the order is the package's first term
        for poly, g in zip(mine, G):
            assert poly.terms[0][0] == leading_monomial(g, gens, case.key, p), where
            assert poly.terms[0][1] == 1, where
        # increasing leading monomials
        lm_keys = [case.key(poly.terms[0][0]) for poly in mine]
        assert lm_keys == sorted(lm_keys), where
        # Ring(order=...) accepts what groebner() accepts, with the same result
        R = gbc.Ring(gens, field=p, order=case.arg)
        assert R.order == case.cli and R.ideal(F).groebner() == mine, where
        if case.sympy_order is not None:
            ref = sympy_groebner(F, gens, case.sympy_order, p)
            if ref is not None:
                assert monic_set(G, gens, p) == monic_set(ref.exprs, gens, p), where
        if form in ("weights", "blocks", "matrix"):
            # SymPy has no such order by name: also check the definitions
            check_definitions(G, F, gens, case.key, p)
        if CLI is not None:
            cli = cli_basis(F, gens, p, case.cli)
            assert monic_set(G, gens, p) == monic_set(cli, gens, p), where
        elif os.environ.get("GBC_REQUIRE_PYTHON") == "1":
            pytest.fail("gbc's command-line tool not found (set GBC_CLI)")


def test_the_cli_was_found():
    """The comparison with the tool is part of the ctest run (python_package.sh sets
    GBC_CLI); elsewhere a missing tool only skips it."""
    if CLI is None:
        if os.environ.get("GBC_CLI") or os.environ.get("GBC_REQUIRE_PYTHON") == "1":
            pytest.fail("gbc's command-line tool not found")
        pytest.skip("gbc's command-line tool not found (set GBC_CLI)")
    run = subprocess.run([CLI, "--version"], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and gbc.version in run.stdout + run.stderr


# -- names, aliases and refusals ----------------------------------------------------
def test_grlex_is_deglex_everywhere():
    x, y = sympy.symbols("x y")
    for order in ("grlex", "deglex", so.grlex, sympy.Symbol("grlex")):
        R = gbc.Ring("x, y", order=order)
        assert R.order == "deglex"
        assert R == gbc.Ring("x, y", order="deglex")
        # deglex: x*y^2 > x^2 fails by degree; x^2*y > x*y^2 by lex after the degree
        f = R.poly(x * y ** 2 + x ** 2 * y + x ** 3)
        assert [e for e, _ in f.terms] == [(3, 0), (2, 1), (1, 2)]
    # grevlex and deglex differ on x*z^2 vs y^3 (3 variables)
    x, y, z = sympy.symbols("x y z")
    f = x * z ** 2 + y ** 3
    assert gbc.Ring("x,y,z", order="grlex").poly(f).terms[0][0] == (1, 0, 2)
    assert gbc.Ring("x,y,z", order="grevlex").poly(f).terms[0][0] == (0, 3, 0)
    assert gbc.Ring("x,y,z", order="degrevlex").poly(f).terms[0][0] == (0, 3, 0)
    # as in SymPy
    P = sympy.Poly(f, x, y, z)
    assert P.terms(order="grlex")[0][0] == (1, 0, 2)
    assert P.terms(order="grevlex")[0][0] == (0, 3, 0)


def test_variable_order_is_as_given():
    x, y = sympy.symbols("x y")
    G1 = gbc.groebner([x - y ** 2], x, y, order="lex")
    G2 = gbc.groebner([x - y ** 2], y, x, order="lex")
    assert G1[0].terms[0][0] == (1, 0)  # x > y: x is the leading monomial
    assert G2[0].terms[0][0] == (2, 0)  # y > x: y^2 is
    assert sympy.Poly(x - y ** 2, y, x).terms(order="lex")[0][0] == (2, 0)


def test_equal_orders_are_equal_rings():
    assert gbc.Ring("x,y", order=None) == gbc.Ring("x,y") == gbc.Ring("x,y", order="degrevlex")
    assert gbc.Ring("a,b,c", order=" blocks: grlex(1) , degrevlex(2) ").order == \
        "blocks:deglex(1),grevlex(2)"
    assert gbc.Ring("a,b", order="weights: 3, 1").order == "weights:3,1"
    a, b, c = sympy.symbols("a b c")
    built = so.build_product_order(((so.lex, a), (so.grevlex, b, c)), [a, b, c])
    assert gbc.Ring("a,b,c", order=built).order == "blocks:lex(1),grevlex(2)"
    lam = so.ProductOrder((so.grlex, lambda m: m[:2]), (so.lex, lambda m: m[2:]))
    assert gbc.Ring("a,b,c", order=lam).order == "blocks:deglex(2),lex(1)"


REFUSED = [
    ("", "''"), ("Lex", "'Lex'"), ("revlex", "'revlex'"), ("ilex", "local"),
    ("igrevlex", "local"), ("weights:", "weights"), ("weights:1,x", "'x'"),
    ("weights:1,-2", "'-2'"), ("weights:1,0", "weights:1,0"), ("weights:1,2,3", "weights:1,2,3"),
    ("blocks:lex(1)", "blocks:lex(1)"), ("blocks:lex(1),foo(1)", "'foo'"),
    ("blocks:lex(0),lex(2)", "blocks:lex(0),lex(2)"), ("blocks:lex(1);lex(1)", "lex(1);lex(1)"),
    ("homog(grevlex)", "homog"), ("lex:2", "lex:2"), (3, "3"), (so.ilex, "local"),
    (so.igrlex, "local"), (so.InverseOrder(so.grevlex), "local"),
    (lambda m: m, "not an order name"),
    (so.ProductOrder((so.lex, lambda m: m[1:]), (so.lex, lambda m: m[:1])), "consecutive"),
    (so.ProductOrder((so.lex, lambda m: m[:1])), "cover 1 of the 2"),
    (so.ProductOrder((so.lex, lambda m: (m[0] + m[1],))), "does not select"),
    (so.ProductOrder((so.lex, lambda m: (m[0] + 1, m[1]))), "select"),
    (so.ProductOrder((so.ilex, lambda m: m[:1]), (so.lex, lambda m: m[1:])), "local"),
]


@pytest.mark.parametrize("order,says", REFUSED, ids=[repr(o)[:40] for o, _ in REFUSED])
def test_unmappable_orders_are_refused(order, says):
    x, y = sympy.symbols("x y")
    for make in (lambda: gbc.Ring("x, y", order=order),
                 lambda: gbc.groebner([x - y], x, y, order=order)):
        with pytest.raises(gbc.ArgumentError) as e:
            make()
        msg = str(e.value)
        assert says in msg, msg
        assert isinstance(e.value, gbc.GbcError) and e.value.status == gbc.ARG
