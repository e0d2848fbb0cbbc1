"""gbc.learn and Trace: every applied basis is compared with Ideal.groebner() of the
same system (random coefficients on fixed supports, several primes), save/load
round trips, systems of another shape and traces that do not hold raise the
documented exceptions, limits raise and leave the trace usable, batches give one
answer per system, applies of one trace run from several threads at once."""
import concurrent.futures
import itertools
import os
import random

import pytest

import gbc

SEED = int(os.environ.get("GBC_TEST_SEED", random.randrange(1 << 30)))
print("test_learn seed", SEED)

PRIMES = [32003, 65521, 2147483629]


def katsura(n):
    v = ["u%d" % i for i in range(n + 1)]

    def u(i):
        return v[abs(i)] if abs(i) <= n else None
    eqs = ["+".join(v) + "+" + "+".join(v[1:]) + "-1"]
    for m in range(n):
        terms = ["%s*%s" % (u(i), u(m - i)) for i in range(-n, n + 1) if u(i) and u(m - i)]
        eqs.append("+".join(terms) + "-" + v[m])
    return ", ".join(v), eqs


def supports(names, gens):
    """The monomials of each generator (over Q, so that no coefficient vanishes)."""
    R = gbc.Ring(names)
    return [[e for e, _ in R.poly(g).terms] for g in gens]


def instance(R, supp, rng):
    """A system of R with the supports supp and random nonzero coefficients."""
    p = R.characteristic
    return R.ideal([R._from_dict({e: rng.randrange(1, p) for e in s}) for s in supp])


def fitting(T, R, supp, rng):
    """An instance (as instance()) on which the trace T holds: random coefficients
    make a pivot of T vanish with a chance of about pivots / p (roughly 1 in 300
    modulo 32003), and an apply then rightly raises VerificationFailed; such draws
    are passed over, at most nine in a row."""
    for _ in range(10):
        I = instance(R, supp, rng)
        try:
            T.apply(I)
        except gbc.VerificationFailed:
            continue
        return I
    raise AssertionError("seed %d: the trace failed on ten random systems" % SEED)


def dense(nv, deg):
    names = ["x", "y", "z", "t"][:nv]
    monos = [e for e in itertools.product(range(deg + 1), repeat=nv)
             if sum(e) <= deg]
    return ", ".join(names), [[tuple(e) for e in monos] for _ in range(nv)]


CASES = [katsura(4)[0:1] + (supports(*katsura(4)),), dense(3, 2), dense(2, 3)]


@pytest.mark.parametrize("k", range(len(CASES)))
@pytest.mark.parametrize("order", ["grevlex", "deglex"])
def test_apply_equals_groebner(k, order):
    names, supp = CASES[k]
    rng = random.Random(SEED + k)
    R0 = gbc.Ring(names, field=PRIMES[0], order=order)
    I0 = instance(R0, supp, rng)
    T = gbc.learn(I0)
    assert T.ngens == len(supp) and T.prime == PRIMES[0]
    assert T.basis == I0.groebner()
    misses = 0
    for p in PRIMES:
        R = gbc.Ring(names, field=p, order=order)
        for _ in range(2):
            I = instance(R, supp, rng)
            G = I.groebner()
            try:
                A = T.apply(I)
            except gbc.VerificationFailed:
                # random coefficients on which the trace does not hold (a pivot
                # vanished modulo p, a chance of about pivots / p: roughly 1 in 300
                # modulo 32003 for katsura-4); trusting it there would be wrong,
                # so the instance is skipped, and such instances must stay rare
                misses += 1
                continue
            assert A == G, "seed %d" % SEED
            assert T.apply(list(I.gens), trust=True) == G, "seed %d" % SEED
    assert misses <= 1, "seed %d: the trace failed on %d of 6 systems" % (SEED, misses)


def test_save_load_round_trip():
    names, supp = CASES[0]
    rng = random.Random(SEED)
    R = gbc.Ring(names, field=65521)
    T = gbc.learn(instance(R, supp, rng))
    blob = T.save()
    assert isinstance(blob, bytes) and len(blob) > 0
    with gbc.Trace.load(blob) as L:
        assert (L.ngens, L.prime) == (T.ngens, T.prime) and L.basis is None
        for p in (65521, 32003):
            I = fitting(T, gbc.Ring(names, field=p), supp, rng)
            assert L.apply(I) == I.groebner() == T.apply(I), "seed %d" % SEED
        assert gbc.Trace.load(L.save()).apply(I) == I.groebner()
    for bad in (blob[:-1], blob[:len(blob) // 2], b"",
                blob[:20] + bytes([blob[20] ^ 1]) + blob[21:]):
        with pytest.raises(gbc.ParseError):
            gbc.Trace.load(bad)
    with pytest.raises(TypeError):
        gbc.Trace.load("text")  # type: ignore


def test_systems_of_another_shape():
    R = gbc.Ring("x, y, z", field=32003)
    T = gbc.learn(R.ideal("3*x^2 + 2*y*z + 5", "7*x*y + z^2 + 1", "2*y^2 + x*z + 4*z + 9"))
    wrong = [
        (R, ["3*x^2 + 2*y*z + 5", "7*x*y + z^2 + 1"], "2 generators"),
        (R, ["3*x^2 + 2*y*z + 5", "7*x*y + z^2 + 1", "2*y^2 + x*z + 9"], "generator 3"),
        (R, ["3*x^2 + 2*y*z + 5", "7*x*y + z^2 + 1", "2*y^2 + x*z + 4*z^2 + 9"], "generator 3"),
        (R, ["32003*x^2 + 2*y*z + 5", "7*x*y + z^2 + 1", "2*y^2 + x*z + 4*z + 9"], ""),
        (gbc.Ring("x, y, w", field=32003), ["3*x^2 + 2*y*w + 5", "7*x*y + w^2 + 1",
                                            "2*y^2 + x*w + 4*w + 9"], ""),
        (gbc.Ring("x, y, z", field=32003, order="deglex"),
         ["3*x^2 + 2*y*z + 5", "7*x*y + z^2 + 1", "2*y^2 + x*z + 4*z + 9"], ""),
    ]
    for ring, gens, what in wrong:
        with pytest.raises(gbc.DomainError, match=what):
            T.apply(ring.ideal(gens))
    assert T.apply(R.ideal("x^2 + y*z + 1", "x*y + z^2 + 2", "y^2 + x*z + z + 3")) == \
        R.ideal("x^2 + y*z + 1", "x*y + z^2 + 2", "y^2 + x*z + z + 3").groebner()
    with pytest.raises(gbc.DomainError):
        gbc.learn(gbc.Ring("x, y").ideal("x + y", "x - y"))        # over Q
    with pytest.raises(gbc.Unsupported):
        gbc.learn(gbc.Ring("x, y", field=101, order="lex").ideal("x + y", "x - y"))
    with pytest.raises(TypeError):
        gbc.learn(["x + y"])
    with pytest.raises(TypeError):
        T.apply("x + y")


def test_a_trace_that_does_not_hold():
    R = gbc.Ring("x, y", field=101)
    T = gbc.learn(R.ideal("x + y", "2*x + 2*y"))  # the second row reduces to zero
    I = R.ideal("x + y", "x + 2*y")
    with pytest.raises(gbc.VerificationFailed):
        T.apply(I)
    # unverified, the replay's basis is returned: here not the ideal's (docs/learn.md)
    assert T.apply(I, trust=True) != I.groebner() == R.ideal("x", "y").groebner()
    assert issubclass(gbc.VerificationFailed, gbc.GbcError)


def test_batch():
    names, supp = CASES[1]
    rng = random.Random(SEED + 7)
    R = gbc.Ring(names, field=32003)
    T = gbc.learn(instance(R, supp, rng))
    good = [fitting(T, R, supp, rng) for _ in range(3)]
    systems = [good[0], R.ideal("x", "y"), good[1], list(good[2].gens)]
    out = T.apply_batch(systems)
    assert len(out) == 4
    assert out[0] == good[0].groebner() and out[2] == good[1].groebner(), "seed %d" % SEED
    assert out[3] == good[2].groebner(), "seed %d" % SEED
    assert isinstance(out[1], gbc.DomainError)
    assert T.apply_batch([]) == []
    assert T.apply_batch(good, trust=True) == [I.groebner() for I in good]


def test_limits_leave_the_trace_usable():
    names, gens = katsura(8)
    R = gbc.Ring(names, field=32003)
    I = R.ideal(*gens)
    with pytest.raises(gbc.TimeLimitExceeded):
        gbc.learn(I, timeout=0.001)
    T = gbc.learn(I)
    G = T.basis
    with pytest.raises(gbc.TimeLimitExceeded):
        T.apply(I, timeout=0.001)
    with pytest.raises(gbc.ResourceError):
        T.apply(I, memory_limit=1 << 16)
    with pytest.raises(gbc.TimeLimitExceeded):
        T.apply_batch([I, I], timeout=0.001)
    with pytest.raises(TypeError):
        T.apply(I, certify=True)
    assert T.apply(I, threads=2) == G == I.groebner()


def test_close():
    R = gbc.Ring("x, y", field=7)
    with gbc.learn(R.ideal("x^2 + y", "x*y + 1")) as T:
        assert "ngens=2" in repr(T)
    assert repr(T) == "Trace(closed)"
    with pytest.raises(ValueError):
        T.apply(R.ideal("x^2 + y", "x*y + 1"))
    T.close()  # twice is fine


def test_applies_from_several_threads():
    names, supp = CASES[0]
    rng = random.Random(SEED + 11)
    R = gbc.Ring(names, field=65521)
    T = gbc.learn(instance(R, supp, rng))
    systems = [fitting(T, R, supp, rng) for _ in range(6)]
    expected = [I.groebner() for I in systems]
    with concurrent.futures.ThreadPoolExecutor(3) as ex:
        got = list(ex.map(T.apply, systems))
    assert got == expected, "seed %d" % SEED
