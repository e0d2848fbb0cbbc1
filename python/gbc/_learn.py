"""Learn and apply modulo a prime (gbc_trace_mod, docs/learn.md): gbc.learn and Trace.

Imported by the package's __init__ after its classes exist (it uses them)."""
from __future__ import annotations

import ctypes
from typing import Any, List, Optional, Sequence, Union

from . import (DOMAIN, INTERRUPTED, DomainError, GbcError, GroebnerBasis, Ideal, Polynomial,
               Ring, _check, _check_options, _free_all, _handles, _lib, _Options, _raise)
from ._lib import lib

_TRACE_OPTIONS = ("threads", "timeout", "memory_limit")


def _system(system: Any) -> "tuple[Ring, List[Polynomial]]":
    """(ring, generators) of an Ideal or a non-empty sequence of Polynomials of one ring."""
    if isinstance(system, Ideal):
        return system.ring, list(system.gens)
    if isinstance(system, (list, tuple)) and system and \
            all(isinstance(f, Polynomial) for f in system):
        ring = system[0].ring
        if any(f.ring != ring for f in system):
            raise TypeError("the polynomials belong to different rings")
        return ring, list(system)
    raise TypeError("expected an Ideal or a non-empty list of Polynomials of one ring, not %r"
                    % (type(system).__name__,))


def _run(options: dict, call: Any) -> int:
    """call(opts_handle) -> status in _Options.run (Ctrl-C cancels), its status raised."""
    _check_options(options, _TRACE_OPTIONS)
    with _Options(**options) as o:
        st = [0]

        def work() -> int:
            st[0] = call(o.h)
            return 0
        o.run(work)
        if st[0] == INTERRUPTED and options.get("timeout") is not None:
            _raise(st[0], timed_out=True)
        return st[0]


class Trace:
    """F4's trace learnt on one system modulo a prime, applied to systems of the same
    shape: the same ring variables and order (grevlex or deglex), any prime below
    2^31, the same number of generators, each with the same monomials in the same
    order (the coefficients free; a zero coefficient drops its term, which does not
    fit). Made by gbc.learn(system) or Trace.load(blob); free with close() (or a with
    block; __del__ frees it too). Applies of one Trace may run from several threads."""

    def __init__(self, handle: Any, basis: Optional[GroebnerBasis] = None) -> None:
        self._h = handle
        #: the learning system's reduced Groebner basis (None for a loaded trace)
        self.basis = basis

    def _handle(self) -> Any:
        if not self._h:
            raise ValueError("the trace was closed")
        return self._h

    def close(self) -> None:
        """Free the library's handle (the trace cannot be used afterwards)."""
        if getattr(self, "_h", None):
            lib.gbc_trace_mod_free(self._h)
            self._h = None

    def __del__(self) -> None:
        self.close()

    def __enter__(self) -> "Trace":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @property
    def ngens(self) -> int:
        """The number of generators of the trace's shape."""
        return int(lib.gbc_trace_mod_ngens(self._handle()))

    @property
    def prime(self) -> int:
        """The prime the trace was learnt modulo."""
        return int(lib.gbc_trace_mod_prime(self._handle()))

    def __repr__(self) -> str:
        if not self._h:
            return "Trace(closed)"
        return "Trace(ngens=%d, prime=%d)" % (self.ngens, self.prime)

    def apply(self, system: Any, trust: bool = False, **options: Any) -> GroebnerBasis:
        """The reduced Groebner basis of system (an Ideal or a list of Polynomials of
        one ring) by the trace: Ideal.groebner()'s, verified (failure probability at
        most 2^-64; trust=True skips the verification, docs/learn.md). DomainError
        when the system does not have the trace's shape (the message names what
        differs); VerificationFailed when the trace does not hold for these
        coefficients (compute that system with Ideal.groebner()); options threads,
        timeout, memory_limit as groebner's (the trace stays usable after a limit)."""
        h = self._handle()
        ring, gens = _system(system)
        g = ring._handle(gens)
        out = ctypes.c_void_p()
        err = _lib.Error()
        try:
            st = _run(options, lambda o: lib.gbc_trace_mod_apply_flags(
                ctypes.byref(out), h, g, 1 if trust else 0, o, ctypes.byref(err)))
            _check(st, err)
        finally:
            _free_all(g)
        return GroebnerBasis(ring, out)

    def apply_batch(self, systems: Sequence[Any], trust: bool = False,
                    **options: Any) -> List[Union[GroebnerBasis, GbcError]]:
        """apply() for each of systems in a row (the apply's scratch kept from one to
        the next): one entry per system, its GroebnerBasis, or the GbcError (not
        raised) of a system that does not fit (DomainError, Unsupported) or breaks the
        trace (VerificationFailed). A limit, an interrupt or no memory stops the batch
        and is raised (the limits count for the whole batch)."""
        h = self._handle()
        pairs = [_system(s) for s in systems]
        n = len(pairs)
        if n == 0:
            return []
        hs = []
        try:
            for ring, gens in pairs:
                hs.extend(_handles(ring, gens))
            arr = (ctypes.c_void_p * n)(*[x.value for x in hs])
            bases = (ctypes.c_void_p * n)()
            status = (ctypes.c_int * n)()
            errs = (_lib.Error * n)()
            st = _run(options, lambda o: lib.gbc_trace_mod_apply_batch(
                bases, status, n, h, arr, 1 if trust else 0, o, errs))
            _check(st)
        finally:
            _free_all(*hs)
        out: List[Union[GroebnerBasis, GbcError]] = []
        try:
            for i in range(n):
                if status[i] == 0:
                    b, bases[i] = bases[i], None
                    out.append(GroebnerBasis(pairs[i][0], ctypes.c_void_p(b)))
                    continue
                try:
                    _raise(status[i], errs[i])
                except GbcError as e:
                    out.append(e)
        finally:
            for i in range(n):  # those not taken over (after an error reading one)
                if bases[i]:
                    lib.gbc_polys_free(bases[i])
        return out

    def save(self) -> bytes:
        """The trace as a self-contained byte string (ring names, order and learning
        prime, the generators' supports, the compiled trace, behind a checksum)."""
        h = self._handle()
        blob = ctypes.POINTER(ctypes.c_uint8)()
        size = ctypes.c_size_t()
        _check(lib.gbc_trace_mod_save(ctypes.byref(blob), ctypes.byref(size), h))
        try:
            return ctypes.string_at(blob, size.value)
        finally:
            lib.gbc_blob_free(blob)

    @classmethod
    def load(cls, data: bytes) -> "Trace":
        """A Trace from save()'s bytes; ParseError for bytes that are truncated,
        altered or of another version."""
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("Trace.load takes bytes")
        buf = (ctypes.c_uint8 * max(1, len(data))).from_buffer_copy(bytes(data) or b"\0")
        h = ctypes.c_void_p()
        _check(lib.gbc_trace_mod_load(ctypes.byref(h), buf, len(data)))
        return cls(h)


def learn(system: Any, **options: Any) -> Trace:
    """Learn F4's trace on system (an Ideal, or a list of Polynomials of one ring, over
    Z/p in grevlex or deglex; Unsupported for other orders, DomainError over Q).
    The Trace's .basis is system's reduced Groebner basis. Options threads, timeout,
    memory_limit as groebner's."""
    ring, gens = _system(system)
    if not ring.characteristic:
        raise DomainError(DOMAIN, "learn needs a ring over Z/p (a prime characteristic)")
    g = ring._handle(gens)
    tr = ctypes.c_void_p()
    basis = ctypes.c_void_p()
    err = _lib.Error()
    try:
        st = _run(options, lambda o: lib.gbc_trace_mod_learn(
            ctypes.byref(tr), ctypes.byref(basis), g, o, ctypes.byref(err)))
        _check(st, err)
    finally:
        _free_all(g)
    try:
        gb = GroebnerBasis(ring, basis)
    except BaseException:
        lib.gbc_trace_mod_free(tr)
        raise
    return Trace(tr, gb)

