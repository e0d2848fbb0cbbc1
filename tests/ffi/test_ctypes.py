#!/usr/bin/env python3
"""FFI proof: drive libgbc.so from Python with ctypes only (no compiled glue).

Builds katsura-5 from arrays over Z/65521 and over Q, computes its reduced
Groebner basis, reads it back as arrays, checks it (gbc_is_groebner says it is
the reduced basis, every generator has normal form zero, the basis equals the one
computed from the parsed text, the leading ideal has degree 2^5), and interrupts
a long computation (katsura-11 mod 65521, about 2 s, so that the 0.3 s deadline
falls well inside it however fast the machine) from a Python interrupt callback.

usage: test_ctypes.py PATH/TO/libgbc.so
"""
import ctypes as C
import sys
import time

GBC_OK, GBC_ERR_INTERRUPTED = 0, 4


def load(path):
    lib = C.CDLL(path)
    P = C.c_void_p
    sig = {
        "gbc_version": (C.c_char_p, []),
        "gbc_status_string": (C.c_char_p, [C.c_int]),
        "gbc_ring_new": (C.c_int, [C.POINTER(P), C.c_uint32, C.POINTER(C.c_char_p),
                                   C.c_uint32, C.c_char_p, P]),
        "gbc_ring_free": (None, [P]),
        "gbc_polys_from_arrays_zp": (C.c_int, [C.POINTER(P), P, C.c_size_t,
                                               C.POINTER(C.c_size_t), C.POINTER(C.c_uint32),
                                               C.POINTER(C.c_uint32), P, P]),
        "gbc_polys_from_arrays_q": (C.c_int, [C.POINTER(P), P, C.c_size_t,
                                              C.POINTER(C.c_size_t), C.POINTER(C.c_uint32),
                                              C.POINTER(C.c_char_p), P, P]),
        "gbc_polys_parse": (C.c_int, [C.POINTER(P), P, C.c_char_p, C.c_size_t, P, P]),
        "gbc_polys_free": (None, [P]),
        "gbc_polys_count": (C.c_size_t, [P]),
        "gbc_polys_nterms": (C.c_size_t, [P, C.c_size_t]),
        "gbc_polys_to_arrays_zp": (C.c_int, [C.POINTER(C.POINTER(C.c_size_t)),
                                             C.POINTER(C.POINTER(C.c_uint32)),
                                             C.POINTER(C.POINTER(C.c_uint32)), P]),
        "gbc_polys_to_arrays_q": (C.c_int, [C.POINTER(C.POINTER(C.c_size_t)),
                                            C.POINTER(C.POINTER(C.c_uint32)),
                                            C.POINTER(C.POINTER(C.c_char_p)), P]),
        "gbc_array_free": (None, [P]),
        "gbc_polys_to_string": (C.c_int, [C.POINTER(P), C.POINTER(C.c_size_t), P, C.c_uint]),
        "gbc_string_free": (None, [P]),
        "gbc_options_new": (C.c_int, [C.POINTER(P)]),
        "gbc_options_free": (None, [P]),
        "gbc_options_set_interrupt": (C.c_int, [P, P, P]),
        "gbc_options_cancel": (None, [P]),
        "gbc_groebner": (C.c_int, [C.POINTER(P), P, P, P]),
        "gbc_normal_form": (C.c_int, [C.POINTER(P), P, P, P]),
        "gbc_is_groebner": (C.c_int, [C.POINTER(C.c_int), C.POINTER(C.c_int), P, P]),
        "gbc_leading_ideal": (C.c_int, [C.POINTER(P), P, C.c_uint, P, P]),
        "gbc_monideal_degree": (C.c_int, [C.POINTER(C.c_uint64), P, P]),
        "gbc_monideal_free": (None, [P]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    return lib


def check(lib, st, what):
    if st != GBC_OK:
        raise AssertionError("%s: %s" % (what, lib.gbc_status_string(st).decode()))


def katsura_arrays(n, p):
    """katsura-n in n+1 variables: (nterms, flat exponents, coefficients as
    residues mod p and as decimal strings). Every product is its own term, so
    monomials repeat (the library adds them up)."""
    nv = n + 1
    nterms, exps, czp, cq = [], [], [], []

    def term(e, c):
        exps.extend(e)
        czp.append(c % p)
        cq.append(str(c))

    for i in range(nv):
        e = [0] * nv
        e[i] = 1
        term(e, 1 if i == 0 else 2)
    term([0] * nv, -1)
    nterms.append(nv + 1)
    for m in range(n):
        cnt = 0
        for l in range(-n, n + 1):
            a, b = abs(l), abs(m - l)
            if b > n:
                continue
            e = [0] * nv
            e[a] += 1
            e[b] += 1
            term(e, 1)
            cnt += 1
        e = [0] * nv
        e[m] = 1
        term(e, -1)
        nterms.append(cnt + 1)
    return nterms, exps, czp, cq


def katsura_text(n):
    v = ["x%d" % i for i in range(n + 1)]
    eqs = ["+".join([v[0]] + ["2*" + x for x in v[1:]]) + "-1"]
    for m in range(n):
        t = [v[abs(l)] + "*" + v[abs(m - l)] for l in range(-n, n + 1) if abs(m - l) <= n]
        eqs.append("+".join(t) + "-" + v[m])
    return ",".join(eqs)


def new_ring(lib, nv, p):
    names = (C.c_char_p * nv)(*[("x%d" % i).encode() for i in range(nv)])
    ring = C.c_void_p()
    check(lib, lib.gbc_ring_new(C.byref(ring), nv, names, p, b"grevlex", None), "ring")
    return ring


def from_arrays(lib, ring, n, p):
    nterms, exps, czp, cq = katsura_arrays(n, p if p else 3)
    nt = (C.c_size_t * len(nterms))(*nterms)
    ex = (C.c_uint32 * len(exps))(*exps)
    polys = C.c_void_p()
    if p:
        co = (C.c_uint32 * len(czp))(*czp)
        st = lib.gbc_polys_from_arrays_zp(C.byref(polys), ring, len(nterms), nt, ex, co,
                                          None, None)
    else:
        co = (C.c_char_p * len(cq))(*[c.encode() for c in cq])
        st = lib.gbc_polys_from_arrays_q(C.byref(polys), ring, len(nterms), nt, ex, co,
                                         None, None)
    check(lib, st, "from arrays")
    return polys


def to_string(lib, polys):
    s = C.c_void_p()
    check(lib, lib.gbc_polys_to_string(C.byref(s), None, polys, 0), "to_string")
    text = C.cast(s, C.c_char_p).value.decode()
    lib.gbc_string_free(s)
    return text


def read_back(lib, basis, nv, p):
    """The basis as a list of {exponent tuple: coefficient string}."""
    nt = C.POINTER(C.c_size_t)()
    ex = C.POINTER(C.c_uint32)()
    count = lib.gbc_polys_count(basis)
    out = []
    if p:
        co = C.POINTER(C.c_uint32)()
        check(lib, lib.gbc_polys_to_arrays_zp(C.byref(nt), C.byref(ex), C.byref(co), basis),
              "to arrays zp")
    else:
        co = C.POINTER(C.c_char_p)()
        check(lib, lib.gbc_polys_to_arrays_q(C.byref(nt), C.byref(ex), C.byref(co), basis),
              "to arrays q")
    t = 0
    for k in range(count):
        assert nt[k] == lib.gbc_polys_nterms(basis, k)
        poly = {}
        for j in range(nt[k]):
            e = tuple(ex[t * nv + i] for i in range(nv))
            poly[e] = str(co[t]) if p else co[t].decode()
            t += 1
        out.append(poly)
    for a in (nt, ex, co):
        lib.gbc_array_free(C.cast(a, C.c_void_p))
    return out


def check_katsura(lib, n, p):
    nv = n + 1
    ring = new_ring(lib, nv, p)
    gens = from_arrays(lib, ring, n, p)
    basis = C.c_void_p()
    check(lib, lib.gbc_groebner(C.byref(basis), gens, None, None), "groebner")
    polys = read_back(lib, basis, nv, p)
    assert len(polys) == lib.gbc_polys_count(basis) > 0
    # monic: the leading coefficient (first term, decreasing order) is 1
    for poly in polys:
        assert next(iter(poly.values())) == "1", poly
    isg, isr = C.c_int(-1), C.c_int(-1)
    check(lib, lib.gbc_is_groebner(C.byref(isg), C.byref(isr), basis, None), "is_groebner")
    assert isg.value == 1 and isr.value == 1
    nf = C.c_void_p()
    check(lib, lib.gbc_normal_form(C.byref(nf), gens, basis, None), "normal form")
    assert lib.gbc_polys_count(nf) == n + 1
    assert all(lib.gbc_polys_nterms(nf, k) == 0 for k in range(n + 1))
    lib.gbc_polys_free(nf)
    # the same basis from the text form
    text = katsura_text(n).encode()
    tgens, tbasis = C.c_void_p(), C.c_void_p()
    check(lib, lib.gbc_polys_parse(C.byref(tgens), ring, text, len(text), None, None), "parse")
    check(lib, lib.gbc_groebner(C.byref(tbasis), tgens, None, None), "groebner text")
    assert to_string(lib, tbasis) == to_string(lib, basis)
    lt = C.c_void_p()
    deg = C.c_uint64(0)
    check(lib, lib.gbc_leading_ideal(C.byref(lt), basis, 1, None, None), "leading ideal")
    check(lib, lib.gbc_monideal_degree(C.byref(deg), lt, None), "degree")
    assert deg.value == 2 ** n, deg.value
    lib.gbc_monideal_free(lt)
    for h in (tbasis, tgens, basis, gens):
        lib.gbc_polys_free(h)
    lib.gbc_ring_free(ring)
    print("katsura-%d over %s: %d elements, degree %d, checked"
          % (n, "Z/%d" % p if p else "Q", len(polys), deg.value))


INTERRUPT = C.CFUNCTYPE(C.c_int, C.c_void_p)


def check_interrupt(lib):
    n = 11
    ring = new_ring(lib, n + 1, 65521)
    gens = from_arrays(lib, ring, n, 65521)
    opts = C.c_void_p()
    check(lib, lib.gbc_options_new(C.byref(opts)), "options")
    state = {"calls": 0, "deadline": time.monotonic() + 0.3, "stop": None}

    def on_poll(_data):
        state["calls"] += 1
        if time.monotonic() >= state["deadline"]:
            if state["stop"] is None:
                state["stop"] = time.monotonic()
            return 1
        return 0

    cb = INTERRUPT(on_poll)  # keep a reference while the library may call it
    check(lib, lib.gbc_options_set_interrupt(opts, C.cast(cb, C.c_void_p), None), "interrupt")
    basis = C.c_void_p()
    st = lib.gbc_groebner(C.byref(basis), gens, opts, None)
    end = time.monotonic()
    assert st == GBC_ERR_INTERRUPTED, lib.gbc_status_string(st)
    assert not basis.value
    assert state["calls"] > 0 and state["stop"] is not None
    print("katsura-11 mod 65521 interrupted from Python: %d callback calls, returned "
          "%.1f ms after the callback said stop" % (state["calls"], 1e3 * (end - state["stop"])))
    # the handles stay usable: a small computation with the same options succeeds
    check(lib, lib.gbc_options_set_interrupt(opts, None, None), "interrupt off")
    small = from_arrays_small(lib, ring)
    check(lib, lib.gbc_groebner(C.byref(basis), small, opts, None), "groebner after")
    lib.gbc_polys_free(basis)
    lib.gbc_polys_free(small)
    lib.gbc_options_free(opts)
    lib.gbc_polys_free(gens)
    lib.gbc_ring_free(ring)


def from_arrays_small(lib, ring):
    text = b"x0^2 - x1, x1^2 - x2 + 1"
    polys = C.c_void_p()
    check(lib, lib.gbc_polys_parse(C.byref(polys), ring, text, len(text), None, None), "parse")
    return polys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    lib = load(sys.argv[1])
    print("libgbc", lib.gbc_version().decode())
    check_katsura(lib, 5, 65521)
    check_katsura(lib, 5, 0)
    check_interrupt(lib)
    print("ffi test passed")


if __name__ == "__main__":
    main()
