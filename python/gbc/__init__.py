"""gbc: Groebner bases from Python, over libgbc (a C library) through ctypes.

    >>> import gbc
    >>> R = gbc.Ring("x, y", field=0, order="lex")
    >>> G = R.ideal("x^2 - y", "x*y - 1").groebner()
    >>> print(G)
    y^3-1,
    x-y^2

Rings over the rationals (field=0) or Z/p (field=p, a prime below 2^31) in grevlex,
lex, deglex, weighted and block orders; polynomials with +, -, *, **; ideals from
strings, Polynomial objects or SymPy expressions; Groebner bases (threads, timeout,
certify), change of order, division with quotients, membership, cofactors,
intersection, quotient, saturation, elimination, radical membership, Hilbert series,
dimension, degree, solving (real isolating boxes over Q, the points over Z/p,
msolve's rational parametrisation), learn and apply modulo a prime (gbc.learn, Trace),
syzygies and Betti tables of modules, and the monomial-ideal operations.
Errors raise GbcError subclasses with the library's message; Ctrl-C cancels a
running computation (KeyboardInterrupt). docs/python.md is the reference."""
from __future__ import annotations

import _thread
import ctypes
import threading
from fractions import Fraction
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _lib
from ._lib import lib
from ._orders import OrderError, monomial_key, order_text
from . import _param
from ._param import Parametrization

__all__ = ["Ring", "Polynomial", "Ideal", "GroebnerBasis", "MonomialIdeal",
           "HilbertSeries", "Module", "BettiTable", "Resolution", "Parametrization",
           "groebner", "reduced", "GbcError",
           "ParseError", "ArgumentError", "DomainError", "ResourceError",
           "ExponentOverflow", "Interrupted",
           "TimeLimitExceeded", "Unsupported", "VerificationFailed", "Trace", "learn",
           "version", "library_path"]

#: the running libgbc's version, "MAJOR.MINOR.PATCH"
version: str = lib.gbc_version().decode()
__version__ = version
#: the path libgbc was loaded from
library_path: str = _lib.path

#: what the package takes as a polynomial: a Polynomial, text in the library's
#: syntax, an int or Fraction, or a SymPy expression
PolyLike = Any
#: an exponent tuple, one entry per variable
Monomial = Tuple[int, ...]
#: a coefficient: int (over Z/p in [0, p)) or Fraction (over Q; int when integral)
Coefficient = Union[int, Fraction]

# status codes of gbc.h
OK, NOMEM, LIMIT, OVERFLOW, INTERRUPTED, PARSE, ARG, DOMAIN, UNSUPPORTED, VERIFY = range(10)


class GbcError(Exception):
    """A status other than GBC_OK; .status is the code, .message the library's text."""

    def __init__(self, status: int, message: Optional[str] = None) -> None:
        self.status = status
        self.message = message or lib.gbc_status_string(status).decode()
        super().__init__(self.message)


class ParseError(GbcError, ValueError):
    """Malformed input; .line and .column (from 1) say where."""

    def __init__(self, status: int, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(status, message)
        self.line, self.column = line, column

    def __str__(self) -> str:
        if self.line:
            return "%d:%d: %s" % (self.line, self.column, self.message)
        return self.message


class ArgumentError(GbcError, ValueError):
    """An invalid argument (a bad order, a name that is not an identifier, ...)."""


class DomainError(GbcError, ValueError):
    """Mathematically invalid: not a prime, mixed rings, not zero-dimensional."""


class ResourceError(GbcError, MemoryError):
    """Out of memory, or the memory limit was reached."""


class ExponentOverflow(GbcError, OverflowError):
    """An exponent or degree does not fit in 32 bits."""


class Interrupted(GbcError):
    """The computation was cancelled."""


class TimeLimitExceeded(Interrupted, TimeoutError):
    """The computation ran past its timeout."""


class Unsupported(GbcError, NotImplementedError):
    """A valid request this version of gbc does not implement."""


class VerificationFailed(GbcError):
    """A result failed its verification: a learnt trace (Trace.apply) does not hold
    for these coefficients; compute that system with Ideal.groebner()."""


_CLASSES = {NOMEM: ResourceError, LIMIT: ResourceError, OVERFLOW: ExponentOverflow,
            INTERRUPTED: Interrupted, PARSE: ParseError, ARG: ArgumentError,
            DOMAIN: DomainError, UNSUPPORTED: Unsupported, VERIFY: VerificationFailed}


def _raise(st, err=None, timed_out=False):
    msg = err.message.decode("utf-8", "replace") if err is not None else ""
    if not msg:
        msg = lib.gbc_status_string(st).decode()
    if st == PARSE:
        raise ParseError(st, msg, err.line if err else 0, err.column if err else 0)
    if st == INTERRUPTED and timed_out:
        raise TimeLimitExceeded(st, "stopped: the time limit was reached")
    raise _CLASSES.get(st, GbcError)(st, msg)


def _check(st, err=None):
    if st != OK:
        _raise(st, err)


_ALGORITHMS = {None: 0, "default": 0, "buchberger": 1, "f4": 2, "sig": 3}


class _Options:
    """One gbc_options handle for one computation."""

    def __init__(self, threads=1, timeout=None, certify=False, algorithm=None,
                 memory_limit=None, seed=None, minimal=False):
        h = ctypes.c_void_p()
        _check(lib.gbc_options_new(ctypes.byref(h)))
        self.h = h
        self.timeout = timeout
        try:
            if algorithm not in _ALGORITHMS:
                raise ValueError("algorithm must be 'f4', 'buchberger' or 'sig', not %r"
                                 % (algorithm,))
            _check(lib.gbc_options_set_algorithm(h, _ALGORITHMS[algorithm]))
            if not isinstance(threads, int) or not 1 <= threads <= 1024:
                raise ValueError("threads must be an integer from 1 to 1024")
            _check(lib.gbc_options_set_threads(h, threads))
            if timeout is not None:
                if not timeout > 0:
                    raise ValueError("timeout must be a positive number of seconds")
                _check(lib.gbc_options_set_time_limit(h, float(timeout)))
            _check(lib.gbc_options_set_certify(h, 1 if certify else 0))
            if memory_limit is not None:
                _check(lib.gbc_options_set_memory_limit(h, int(memory_limit)))
            if seed is not None:
                _check(lib.gbc_options_set_seed(h, int(seed)))
            if minimal:
                _check(lib.gbc_options_set_basis(h, 1))
        except BaseException:
            self.close()
            raise

    def run(self, call):
        """Run call() (a ctypes call returning a status) in a worker thread, so that
        Ctrl-C in the main thread cancels it: ctypes releases the GIL while the
        library computes. Raises the status's exception; on KeyboardInterrupt the
        computation is cancelled and waited for before the exception goes on, so
        that nothing it uses is freed under it."""
        box = {}
        started = threading.Event()
        finished = threading.Event()

        def work():
            started.set()
            try:
                box["st"] = call()
            finally:
                finished.set()

        launched = False
        try:
            _thread.start_new_thread(work, ())
            launched = True
            while not finished.wait(0.05):
                pass
        except KeyboardInterrupt:
            lib.gbc_options_cancel(self.h)
            # Once the worker exists, wait for it whatever happens: it uses the
            # caller's handles. An Event (not a lock the loop may already have taken)
            # so that an interrupt arriving just as the worker finishes cannot leave
            # this wait without a wake-up. An interrupt between the launch and the
            # flag leaves the worker's existence unknown: it starts within
            # milliseconds if it was launched at all.
            if launched or started.wait(10.0):
                while True:
                    try:
                        finished.wait()
                        break
                    except KeyboardInterrupt:
                        lib.gbc_options_cancel(self.h)
            raise
        st = box.get("st", INTERRUPTED)
        if st != OK:
            _raise(st, timed_out=self.timeout is not None)

    def close(self):
        if self.h:
            lib.gbc_options_free(self.h)
            self.h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _sympy():
    try:
        import sympy
    except ImportError:
        return None
    return sympy


def _is_sympy(x):
    return type(x).__module__.startswith("sympy")


def _coef_value(s, p):
    """A coefficient string of the library: int (Z/p, integers) or Fraction."""
    if p or "/" not in s:
        return int(s)
    return Fraction(s)


def _coef_text(c):
    if isinstance(c, bool):
        c = int(c)
    if isinstance(c, int):
        return str(c)
    if isinstance(c, Fraction):
        return "%d/%d" % (c.numerator, c.denominator) if c.denominator != 1 else str(c.numerator)
    if _is_sympy(c) and getattr(c, "is_Rational", False):
        return "%d/%d" % (c.p, c.q) if c.q != 1 else str(c.p)
    raise TypeError("coefficient %r is not an integer or a fraction" % (c,))


class Ring:
    """A polynomial ring: variables (a comma-separated string or a sequence of names or
    SymPy symbols, x1 > x2 > ... as given), field (0 or "QQ" for the rationals, or a
    prime p < 2^31) and a term order: "grevlex" (default; also None and "degrevlex"),
    "lex", "deglex" (also SymPy's name "grlex"), "weights:w1,...,wn",
    "blocks:grevlex(k),lex(m),..." or a SymPy order object (lex, grlex, grevlex, or a
    ProductOrder of them on consecutive variables); python/README.md says what each
    means. .order is the library's name of the order ("grlex" becomes "deglex").
    An order that cannot be mapped raises ArgumentError naming it."""

    def __init__(self, variables: Union[str, Sequence[Any]], field: Union[int, str, None] = 0,
                 order: Any = "grevlex") -> None:
        if isinstance(variables, str):
            names = [v.strip() for v in variables.split(",")] if variables.strip() else []
        else:
            names = [str(v) for v in variables]
        if field in ("QQ", "Q", None):
            field = 0
        if isinstance(field, str) and field.startswith("GF(") and field.endswith(")"):
            field = int(field[3:-1])
        if not isinstance(field, int) or field < 0:
            raise ValueError("field must be 0 (the rationals) or a prime, not %r" % (field,))
        self.variables = tuple(names)
        self.characteristic = field
        try:
            self.order = order_text(order, len(names))
        except OrderError as e:
            raise ArgumentError(ARG, str(e)) from None
        arr = (ctypes.c_char_p * max(1, len(names)))(*[n.encode() for n in names])
        err = _lib.Error()
        h = ctypes.c_void_p()
        _check(lib.gbc_ring_new(ctypes.byref(h), len(names), arr, field,
                                self.order.encode(), ctypes.byref(err)), err)
        self._h = h
        self._key = monomial_key(self.order, len(names))

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            lib.gbc_ring_free(h)
            self._h = None

    @property
    def nvars(self) -> int:
        """The number of variables."""
        return len(self.variables)

    def with_order(self, order: Any) -> "Ring":
        """The ring of the same variables and field with another term order."""
        return Ring(self.variables, self.characteristic, order)

    def _compatible(self, other: "Ring") -> bool:
        return (self.variables == other.variables and
                self.characteristic == other.characteristic)

    def _from_dict(self, d: Dict[Monomial, Coefficient]) -> "Polynomial":
        """The Polynomial of the terms d (exponent tuple -> coefficient, already
        reduced modulo p over Z/p), zeros dropped, sorted by the ring's order."""
        key = self._key
        terms = sorted(((e, c) for e, c in d.items() if c), key=lambda t: key(t[0]),
                       reverse=True)
        return Polynomial(self, [(e, int(c) if isinstance(c, Fraction) and
                                  c.denominator == 1 else c) for e, c in terms])

    def __repr__(self) -> str:
        return "Ring(%r, field=%d, order=%r)" % (",".join(self.variables),
                                                 self.characteristic, self.order)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Ring) and self.variables == other.variables and
                self.characteristic == other.characteristic and self.order == other.order)

    def __hash__(self) -> int:
        return hash((self.variables, self.characteristic, self.order))

    # -- conversion into the ring ------------------------------------------------
    def _read_list(self, h):
        """The polynomials of a gbc_polys handle as Polynomial objects."""
        nt = ctypes.POINTER(ctypes.c_size_t)()
        ex = ctypes.POINTER(ctypes.c_uint32)()
        cf = ctypes.POINTER(ctypes.c_char_p)()
        _check(lib.gbc_polys_to_arrays_q(ctypes.byref(nt), ctypes.byref(ex),
                                         ctypes.byref(cf), h))
        try:
            out, t, n = [], 0, self.nvars
            for k in range(lib.gbc_polys_count(h)):
                terms = []
                for _ in range(nt[k]):
                    e = tuple(ex[t * n + v] for v in range(n))
                    terms.append((e, _coef_value(cf[t].decode(), self.characteristic)))
                    t += 1
                out.append(Polynomial(self, terms))
            return out
        finally:
            for a in (nt, ex, cf):
                lib.gbc_mem_free(ctypes.cast(a, ctypes.c_void_p))

    def _parse(self, text):
        err = _lib.Error()
        h = ctypes.c_void_p()
        data = text.encode()
        _check(lib.gbc_polys_parse(ctypes.byref(h), self._h, data, len(data), None,
                                   ctypes.byref(err)), err)
        try:
            return self._read_list(h)
        finally:
            lib.gbc_polys_free(h)

    def _terms_of(self, f):
        """f (Polynomial, str, int, Fraction or SymPy expression) as (exps, coef) terms."""
        if isinstance(f, Polynomial):
            if f.ring == self:
                return list(f.terms)
            if not self._compatible(f.ring):
                raise DomainError(DOMAIN, "the polynomial belongs to another ring (other "
                                  "variables or characteristic)")
            # same variables and field, another order: the library sorts the terms
            return list(f.terms)
        if isinstance(f, str):
            got = self._parse(f)
            if len(got) > 1:
                raise ValueError("%r holds %d polynomials, not one" % (f, len(got)))
            return list(got[0].terms) if got else []
        if isinstance(f, (int, Fraction)) and not isinstance(f, bool):
            return [((0,) * self.nvars, f)] if f != 0 else []
        if _is_sympy(f):
            sympy = _sympy()
            expr = sympy.sympify(f)
            if isinstance(expr, sympy.Poly):
                expr = expr.as_expr()
            free = {str(s) for s in expr.free_symbols}
            extra = free - set(self.variables)
            # what is not a polynomial of the ring is a GbcError (DomainError, a
            # ValueError; the parser's ParseError for sin(x), 1/x, sqrt(x))
            if extra:
                raise DomainError(DOMAIN, "%s is not a polynomial in %s (it has %s)" %
                                  (expr, ", ".join(self.variables), ", ".join(sorted(extra))))
            for a in expr.atoms():
                if not (a.is_Symbol or a.is_Rational):
                    raise DomainError(DOMAIN, "%s does not have rational coefficients (it "
                                      "has %s)" % (expr, a))
            if self.nvars == 0:
                if not expr.is_Rational:
                    raise DomainError(DOMAIN, "%s is not a rational number" % (expr,))
                return [((), Fraction(int(expr.p), int(expr.q)))] if expr != 0 else []
            # through the text form, so that gbc's parser expands it under the
            # library's limits and reports what is not a polynomial (x**-1, sin(x))
            # as a ParseError; sympy.Poly would first build a dense representation
            # (x**(2**28) - y: gigabytes)
            got = self._parse(sympy.sstr(expr).replace("**", "^"))
            return list(got[0].terms) if got else []
        raise TypeError("cannot make a polynomial of %r" % (f,))

    def _handle(self, polys):
        """A new gbc_polys handle holding polys (index i is polys[i], zeros kept)."""
        termss = [self._terms_of(f) for f in polys]
        n = self.nvars
        total = sum(len(t) for t in termss)
        nt = (ctypes.c_size_t * max(1, len(termss)))(*[len(t) for t in termss])
        ex = (ctypes.c_uint32 * max(1, total * n))()
        cf = (ctypes.c_char_p * max(1, total))()
        i = 0
        for terms in termss:
            for e, c in terms:
                for v in range(n):
                    if not 0 <= e[v] < 2 ** 32:
                        raise ExponentOverflow(OVERFLOW, "exponent %d out of range" % e[v])
                    ex[i * n + v] = e[v]
                cf[i] = _coef_text(c).encode()
                i += 1
        err = _lib.Error()
        h = ctypes.c_void_p()
        _check(lib.gbc_polys_from_arrays_q(ctypes.byref(h), self._h, len(termss), nt, ex, cf,
                                           None, ctypes.byref(err)), err)
        return h

    def poly(self, f: PolyLike) -> "Polynomial":
        """f as a Polynomial of this ring (sorted and combined by the library). A
        Polynomial of a ring with the same variables and field but another order is
        re-sorted into this one."""
        h = self._handle([f])
        try:
            return self._read_list(h)[0]
        finally:
            lib.gbc_polys_free(h)

    def ideal(self, *gens: PolyLike) -> "Ideal":
        """The ideal generated by gens (strings, Polynomials, numbers or SymPy
        expressions; one sequence of them also works)."""
        if len(gens) == 1 and isinstance(gens[0], (list, tuple)):
            gens = tuple(gens[0])
        return Ideal(self, gens)

    def monomial_ideal(self, gens: Iterable[Any]) -> "MonomialIdeal":
        """The monomial ideal generated by gens: exponent tuples or monomials."""
        return MonomialIdeal(gens, ring=self)

    def symbols(self) -> tuple:
        """The variables as SymPy symbols (needs SymPy)."""
        syms = self.__dict__.get("_symbols")
        if syms is None:
            sympy = _sympy()
            if sympy is None:
                raise ImportError("SymPy is not installed")
            syms = self._symbols = tuple(sympy.Symbol(v) for v in self.variables)
        return syms


class Polynomial:
    """A polynomial of a Ring: .terms is a tuple of (exponents, coefficient), in
    decreasing term order; coefficients are int (Z/p: in [0, p)) or Fraction.
    Immutable; +, -, * and ** (a non-negative int) work with Polynomials of the same
    ring and with anything Ring.poly takes (numbers, text, SymPy); / divides by a
    nonzero constant; == compares with the same."""

    __slots__ = ("ring", "terms")

    def __init__(self, ring: Ring, terms: Iterable[Tuple[Monomial, Coefficient]]) -> None:
        self.ring = ring
        self.terms = tuple(terms)

    def is_zero(self) -> bool:
        """Whether this is the zero polynomial."""
        return not self.terms

    def __bool__(self) -> bool:
        return bool(self.terms)

    @property
    def leading_monomial(self) -> Optional[Monomial]:
        """The exponents of the leading term (None for 0)."""
        return self.terms[0][0] if self.terms else None

    @property
    def leading_coefficient(self) -> Coefficient:
        """The coefficient of the leading term (0 for 0)."""
        return self.terms[0][1] if self.terms else 0

    def total_degree(self) -> int:
        """The largest total degree of a term (-1 for 0)."""
        return max((sum(e) for e, _ in self.terms), default=-1)

    def as_dict(self) -> Dict[Monomial, Coefficient]:
        """{exponent tuple: coefficient}, as SymPy's Poly.as_dict gives (over Z/p the
        residues in [0, p))."""
        return dict(self.terms)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Polynomial):
            return self.ring == other.ring and self.terms == other.terms
        try:
            return self == self.ring.poly(other)
        except (TypeError, ValueError, GbcError):
            return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self.terms)

    # -- arithmetic --------------------------------------------------------------
    def _other(self, other):
        if isinstance(other, Polynomial):
            if other.ring != self.ring:
                raise DomainError(DOMAIN, "the polynomials belong to different rings")
            return other
        return self.ring.poly(other)

    def _norm(self, c):
        p = self.ring.characteristic
        return c % p if p else c

    def _add(self, other, sign):
        d = dict(self.terms)
        for e, c in other.terms:
            d[e] = self._norm(d.get(e, 0) + sign * c)
        return self.ring._from_dict(d)

    def __add__(self, other: PolyLike) -> "Polynomial":
        return self._add(self._other(other), 1)

    def __radd__(self, other: PolyLike) -> "Polynomial":
        return self._other(other)._add(self, 1)

    def __sub__(self, other: PolyLike) -> "Polynomial":
        return self._add(self._other(other), -1)

    def __rsub__(self, other: PolyLike) -> "Polynomial":
        return self._other(other)._add(self, -1)

    def __neg__(self) -> "Polynomial":
        return self.ring._from_dict({e: self._norm(-c) for e, c in self.terms})

    def __pos__(self) -> "Polynomial":
        return self

    def _mul(self, other):
        d: Dict[Monomial, Coefficient] = {}
        p = self.ring.characteristic
        for e, c in self.terms:
            for f, b in other.terms:
                m = tuple(x + y for x, y in zip(e, f))
                v = d.get(m, 0) + c * b
                d[m] = v % p if p else v
        return self.ring._from_dict(d)

    def __mul__(self, other: PolyLike) -> "Polynomial":
        return self._mul(self._other(other))

    def __rmul__(self, other: PolyLike) -> "Polynomial":
        return self._other(other)._mul(self)

    def __pow__(self, k: int) -> "Polynomial":
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        if k < 0:
            raise ValueError("a polynomial's power needs an exponent >= 0, not %d" % k)
        if any(sum(e) * k >= 2 ** 32 for e, _ in self.terms):
            raise ExponentOverflow(OVERFLOW, "the power's degree does not fit in 32 bits")
        out = self.ring.poly(1)
        base = self
        while k:
            if k & 1:
                out = out._mul(base)
            k >>= 1
            if k:
                base = base._mul(base)
        return out

    def __truediv__(self, other: PolyLike) -> "Polynomial":
        """This polynomial divided by a nonzero constant (a number, or a constant of
        the ring): over Z/p times its inverse modulo p, over Q with Fractions.
        ZeroDivisionError for 0; TypeError for a non-constant divisor (divide by
        polynomials with Ideal.reduce or lift)."""
        d = self._other(other)
        if not d.terms:
            raise ZeroDivisionError("division of a polynomial by zero")
        if len(d.terms) != 1 or any(d.terms[0][0]):
            raise TypeError("a polynomial can be divided by a nonzero constant only, "
                            "not by %s (use Ideal.reduce or Ideal.lift)" % (d,))
        inv = _inverse(d.terms[0][1], self.ring.characteristic)
        return self.ring._from_dict({e: self._norm(c * inv) for e, c in self.terms})

    def monic(self) -> "Polynomial":
        """This polynomial divided by its leading coefficient (0 stays 0)."""
        if not self.terms:
            return self
        inv = _inverse(self.leading_coefficient, self.ring.characteristic)
        return self.ring._from_dict({e: self._norm(c * inv) for e, c in self.terms})

    def __str__(self) -> str:
        if not self.terms:
            return "0"
        out = []
        for i, (e, c) in enumerate(self.terms):
            mono = "*".join(v if k == 1 else "%s^%d" % (v, k)
                            for v, k in zip(self.ring.variables, e) if k)
            neg = c < 0
            a = -c if neg else c
            s = "-" if neg else ("+" if i else "")
            if not mono:
                s += str(a)
            elif a == 1:
                s += mono
            else:
                s += "%s*%s" % (a, mono)
            out.append(s)
        return "".join(out)

    def __repr__(self) -> str:
        return "Polynomial(%s)" % self

    def as_sympy(self) -> Any:
        """A sympy.Poly in the ring's variables over QQ, or over GF(p) for a ring over
        Z/p (the modulus kept), built from the terms directly (Poly.from_dict: no
        text, no expression tree). .as_expr() of it, or as_expr() here, gives a SymPy
        expression. Needs SymPy. SymPy's Poly is dense in each variable: a
        polynomial such as x^(2^28) - y is better taken through as_expr()."""
        sympy = _sympy()
        if sympy is None:
            raise ImportError("SymPy is not installed")
        dom = _sympy_domain(self.ring, sympy)
        if self.ring.characteristic:
            rep = {e: dom(c) for e, c in self.terms}
        else:
            rep = {e: dom(c.numerator, c.denominator) for e, c in self.terms}
        if self.ring.nvars == 0:
            # SymPy's Poly needs a generator: a constant is a number here
            c = rep.get((), dom.zero)
            return dom.to_sympy(c)
        return sympy.Poly.from_dict(rep, *self.ring.symbols(), domain=dom)

    as_poly = as_sympy

    def as_expr(self) -> Any:
        """A SymPy expression (over Z/p the residues in [0, p); the modulus is not
        part of an expression: as_sympy keeps it). Slower than as_sympy for large
        polynomials (SymPy canonicalises every sum and product)."""
        sympy = _sympy()
        if sympy is None:
            raise ImportError("SymPy is not installed")
        syms = self.ring.symbols()
        terms = []
        for e, c in self.terms:
            c = sympy.Rational(c.numerator, c.denominator) if isinstance(c, Fraction) \
                else sympy.Integer(c)
            terms.append(sympy.Mul(c, *[s ** k for s, k in zip(syms, e) if k]))
        return sympy.Add(*terms)


def _inverse(c, p):
    """1/c over Q (a Fraction) or modulo p."""
    if p:
        return pow(int(c), -1, p)
    return Fraction(1) / c


def _polys_of(ring, items):
    out = []
    for f in items:
        if isinstance(f, Polynomial):
            if f.ring != ring:
                raise DomainError(DOMAIN, "the polynomial %s belongs to another ring" % f)
            out.append(f)
        else:
            out.append(ring.poly(f))
    return out


def _sympy_domain(ring, sympy):
    return sympy.GF(ring.characteristic) if ring.characteristic else sympy.QQ


def _free_all(*handles):
    for h in handles:
        if h:
            lib.gbc_polys_free(h)


def _read_and_free(ring, handle):
    """The polynomials of a list the library returned; the list is freed."""
    try:
        return ring._read_list(handle)
    finally:
        lib.gbc_polys_free(handle)


def _handles(ring, *lists):
    """One gbc_polys handle per list of polynomials; on an error the ones made are
    freed before it goes on."""
    out = []
    try:
        for items in lists:
            out.append(ring._handle(items))
    except BaseException:
        _free_all(*out)
        raise
    return out


_SATURATION = {None: 0, "auto": 0, "eliminate": 1, "iterate": 2, "f4": 3}
_OPTION_NAMES = ("threads", "timeout", "certify", "algorithm", "memory_limit", "seed")


def _check_options(options, allowed=_OPTION_NAMES):
    bad = sorted(set(options) - set(allowed))
    if bad:
        raise TypeError("unknown option%s %s (expected %s)" % (
            "s" if len(bad) > 1 else "", ", ".join(bad), ", ".join(allowed)))


def _divide(ring, f, divisors):
    """Division of the Polynomial f by the Polynomials divisors, SymPy's `reduced`
    algorithm: repeatedly take the leading term of what is left; the first divisor
    whose leading monomial divides it takes it into its quotient, else it goes to the
    remainder. Returns (quotients, remainder) with f = sum q_i g_i + r exactly and no
    term of r divisible by a leading monomial of a divisor."""
    key, p = ring._key, ring.characteristic
    left: Dict[Monomial, Coefficient] = dict(f.terms)
    quots: List[Dict[Monomial, Coefficient]] = [{} for _ in divisors]
    rem: Dict[Monomial, Coefficient] = {}
    heads = [(g.terms[0][0], _inverse(g.terms[0][1], p)) if g.terms else None
             for g in divisors]
    while left:
        m = max(left, key=key)
        c = left[m]
        for i, head in enumerate(heads):
            if head is None:
                continue
            lm, inv = head
            if all(a >= b for a, b in zip(m, lm)):
                t = tuple(a - b for a, b in zip(m, lm))
                k = c * inv
                if p:
                    k %= p
                quots[i][t] = quots[i].get(t, 0) + k
                for e, b in divisors[i].terms:
                    mm = tuple(a + b2 for a, b2 in zip(e, t))
                    v = left.get(mm, 0) - k * b
                    if p:
                        v %= p
                    if v:
                        left[mm] = v
                    else:
                        left.pop(mm, None)
                break
        else:
            rem[m] = c
            del left[m]
    if p:
        quots = [{e: c % p for e, c in q.items()} for q in quots]
    return [ring._from_dict(q) for q in quots], ring._from_dict(rem)


class Ideal:
    """The ideal of a Ring generated by .gens (Polynomials). Ideals compare equal when
    they are the same ideal of the same ring (their reduced Groebner bases agree);
    I + J is the sum, I * J the product, I & J the intersection. The keyword options
    of the computing methods are those of groebner() (threads, timeout, certify,
    algorithm, memory_limit, seed)."""

    def __init__(self, ring: Ring, gens: Iterable[PolyLike]) -> None:
        self.ring = ring
        self.gens: Tuple[Polynomial, ...] = tuple(_polys_of(ring, gens))
        self._gb: Optional[GroebnerBasis] = None

    @classmethod
    def _from_basis(cls, ring, handle):
        """The ideal whose reduced Groebner basis the library returned in handle
        (taken over)."""
        gb = GroebnerBasis(ring, handle)
        self = cls(ring, gb.polys)
        self._gb = gb
        return self

    def __repr__(self) -> str:
        return "Ideal(%s)" % ", ".join(str(g) for g in self.gens)

    def _same_ring(self, other):
        """other (an Ideal, a polynomial or a sequence of polynomials) as an Ideal of
        self.ring; an ideal of a ring with the same variables and field but another
        order is brought into this one."""
        if isinstance(other, Ideal):
            if other.ring == self.ring:
                return other
            if not self.ring._compatible(other.ring):
                raise DomainError(DOMAIN, "the ideals belong to rings with different "
                                  "variables or characteristic")
            return Ideal(self.ring, [self.ring.poly(g) for g in other.gens])
        if isinstance(other, (list, tuple)):
            return Ideal(self.ring, other)
        return Ideal(self.ring, [other])

    def groebner(self, threads: int = 1, timeout: Optional[float] = None,
                 certify: bool = False, algorithm: Optional[str] = None,
                 memory_limit: Optional[int] = None, seed: Optional[int] = None,
                 minimal: bool = False, order: Any = None) -> "GroebnerBasis":
        """The reduced Groebner basis (minimal=True: a minimal one) in the ring's order,
        or with order= in that order (the basis then belongs to
        self.ring.with_order(order)). threads: worker threads of F4; timeout: seconds
        (TimeLimitExceeded past it); certify: over Q, prove the result; algorithm:
        "f4" (default), "buchberger" or "sig"; memory_limit: bytes; seed: over Q,
        the primes' seed (repeatable runs)."""
        ring = self.ring
        if order is not None:
            ring = order if isinstance(order, Ring) else self.ring.with_order(order)
            if not ring._compatible(self.ring):
                raise DomainError(DOMAIN, "order= gave a ring of other variables or field")
            if ring != self.ring:
                return Ideal(ring, [ring.poly(g) for g in self.gens]).groebner(
                    threads, timeout, certify, algorithm, memory_limit, seed, minimal)
        default = (threads == 1 and timeout is None and not certify and algorithm is None and
                   memory_limit is None and seed is None and not minimal)
        if default and self._gb is not None:
            return self._gb
        gens = self.ring._handle(self.gens)
        try:
            with _Options(threads, timeout, certify, algorithm, memory_limit, seed,
                          minimal) as o:
                stats = ctypes.c_void_p()
                _check(lib.gbc_stats_new(ctypes.byref(stats)))
                out = ctypes.c_void_p()
                try:
                    o.run(lambda: lib.gbc_groebner(ctypes.byref(out), gens, o.h, stats))
                    info = {k: lib.gbc_stats_get(stats, k.encode())
                            for k in ("seconds", "basis_size", "pairs_reduced", "rounds",
                                      "primes", "peak_bytes")}
                finally:
                    lib.gbc_stats_free(stats)
        finally:
            lib.gbc_polys_free(gens)
        gb = GroebnerBasis(self.ring, out, info)
        if default:
            self._gb = gb
        return gb

    def reduce(self, f: PolyLike, **options: Any) -> Any:
        """(quotients, remainder) of f on division by the reduced Groebner basis, as
        GroebnerBasis.reduce (the quotients are those of the basis elements, not of
        .gens: lift() gives cofactors of the generators); for a list or tuple, a list
        of such pairs."""
        return self.groebner(**options).reduce(f)

    def normal_form(self, f: PolyLike, **options: Any) -> Any:
        """The normal form of f (a list for a list or tuple, one per element) modulo
        the reduced Groebner basis in the ring's order (GroebnerBasis.normal_form)."""
        return self.groebner(**options).normal_form(f)

    def contains(self, f: PolyLike, **options: Any) -> Any:
        """Whether f lies in the ideal; for a list or tuple, a list with one bool per
        element (GroebnerBasis.contains)."""
        return self.groebner(**options).contains(f)

    def __contains__(self, f: PolyLike) -> bool:
        if isinstance(f, (list, tuple)):
            raise TypeError("'in' takes one polynomial; contains() takes a list")
        return self.contains(f)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ideal):
            return NotImplemented
        if not self.ring._compatible(other.ring):
            return False
        return self.groebner().polys == self._same_ring(other).groebner().polys

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash((self.ring.variables, self.ring.characteristic,
                     self.groebner().polys))

    def issubset(self, other: Any, **options: Any) -> bool:
        """Whether every generator of this ideal lies in other (an Ideal)."""
        return all(self._same_ring(other).contains(list(self.gens), **options))

    def __le__(self, other: "Ideal") -> bool:
        return self.issubset(other)

    def __add__(self, other: Any) -> "Ideal":
        """The sum: the ideal generated by both generating sets."""
        return Ideal(self.ring, self.gens + self._same_ring(other).gens)

    def __mul__(self, other: Any) -> "Ideal":
        """The product: generated by the products of one generator of each."""
        o = self._same_ring(other)
        return Ideal(self.ring, [f * g for f in self.gens for g in o.gens])

    def _binary(self, fn, other, options, *extra):
        _check_options(options)
        a, b = _handles(self.ring, self.gens, self._same_ring(other).gens)
        out = ctypes.c_void_p()
        try:
            with _Options(**options) as o:
                o.run(lambda: fn(ctypes.byref(out), a, b, *extra, o.h, None))
        finally:
            _free_all(a, b)
        return Ideal._from_basis(self.ring, out)

    def intersection(self, other: Any, **options: Any) -> "Ideal":
        """I cap J (other: an Ideal, a polynomial or a list of them)."""
        return self._binary(lib.gbc_intersect, other, options)

    def __and__(self, other: Any) -> "Ideal":
        return self.intersection(other)

    def quotient(self, other: Any, **options: Any) -> "Ideal":
        """The ideal quotient I : J = {f : f J in I} (other: an Ideal, a polynomial f
        for I : f, or a list of polynomials); the unit ideal when J is zero."""
        return self._binary(lib.gbc_quotient, other, options)

    def saturation(self, other: Any, method: Optional[str] = None,
                   **options: Any) -> "Ideal":
        """I : J^infinity (other as in quotient). method: None or "auto", "eliminate",
        "iterate" or "f4" (docs/ideal.md); the result does not depend on it."""
        if method not in _SATURATION:
            raise ArgumentError(ARG, "saturation method %r: expected auto, eliminate, "
                                "iterate or f4" % (method,))
        return self._binary(lib.gbc_saturate, other, options, _SATURATION[method])

    def _var_index(self, v):
        if isinstance(v, int) and not isinstance(v, bool):
            if not 0 <= v < self.ring.nvars:
                raise ArgumentError(ARG, "variable index %d out of range" % v)
            return v
        name = str(v)
        if name not in self.ring.variables:
            raise ArgumentError(ARG, "%s is not a variable of the ring (%s)"
                                % (name, ", ".join(self.ring.variables)))
        return self.ring.variables.index(name)

    def eliminate(self, variables: Any, **options: Any) -> "Ideal":
        """The elimination ideal I cap k[the other variables]: variables are names,
        SymPy symbols or 0-based indices (one, or a sequence). The result lies in
        the same ring; its basis is reduced in the ring's order."""
        _check_options(options)
        if isinstance(variables, (str, int)) or _is_sympy(variables):
            variables = [variables]
        idx = [self._var_index(v) for v in variables]
        if len(set(idx)) != len(idx):
            raise ArgumentError(ARG, "a variable is named twice in %r" % (variables,))
        arr = (ctypes.c_uint32 * max(1, len(idx)))(*idx)
        gens = self.ring._handle(self.gens)
        out = ctypes.c_void_p()
        try:
            with _Options(**options) as o:
                o.run(lambda: lib.gbc_eliminate(ctypes.byref(out), gens, arr, len(idx),
                                                o.h, None))
        finally:
            _free_all(gens)
        return Ideal._from_basis(self.ring, out)

    def radical_contains(self, f: PolyLike, **options: Any) -> bool:
        """Whether f lies in the radical of the ideal (some power of f is in it):
        exactly when I : f^infinity is the unit ideal."""
        return self.saturation([f], **options).is_unit()

    def is_unit(self) -> bool:
        """Whether this is the whole ring (1 is in it)."""
        return [p.terms for p in self.groebner().polys] == [(((0,) * self.ring.nvars, 1),)]

    def is_zero(self) -> bool:
        """Whether this is the zero ideal."""
        return all(g.is_zero() for g in self.gens)

    def lift(self, f: PolyLike, **options: Any) -> Any:
        """Cofactors of f over the generators: a list c with f = sum c[i] * gens[i]
        exactly (one valid choice, not unique); for a list or tuple, one such list per
        element. DomainError when an element is not in the ideal (the message names
        the first). Any order."""
        _check_options(options)
        single = not isinstance(f, (list, tuple))
        items = [f] if single else list(f)
        m = len(self.gens)
        gens, members = _handles(self.ring, self.gens, items)
        out = ctypes.c_void_p()
        bad = ctypes.c_size_t(len(items))
        try:
            with _Options(**options) as o:
                try:
                    o.run(lambda: lib.gbc_lift(ctypes.byref(out), ctypes.byref(bad), gens,
                                               members, o.h, None))
                except DomainError:
                    if bad.value < len(items):
                        raise DomainError(DOMAIN, "%s is not in the ideal, so it has no "
                                          "cofactors" % (items[bad.value],)) from None
                    raise
        finally:
            _free_all(gens, members)
        flat = _read_and_free(self.ring, out)
        rows = [flat[j * m:(j + 1) * m] for j in range(len(items))]
        return rows[0] if single else rows

    def lift_basis(self, **options: Any) -> Tuple["GroebnerBasis", List[List[Polynomial]]]:
        """(G, C): the reduced Groebner basis G and cofactors with
        G[j] = sum C[j][i] * gens[i] exactly. Unsupported for weighted orders
        ("weights:..."; lift works there)."""
        _check_options(options)
        gens = self.ring._handle(self.gens)
        basis, cof = ctypes.c_void_p(), ctypes.c_void_p()
        try:
            with _Options(**options) as o:
                try:
                    o.run(lambda: lib.gbc_lift_basis(ctypes.byref(basis),
                                                     ctypes.byref(cof), gens, o.h, None))
                except Unsupported:
                    raise Unsupported(UNSUPPORTED, "lift_basis does not support the order "
                                      "%s (a weighted order); lift does" % self.ring.order) \
                        from None
        finally:
            _free_all(gens)
        try:
            G = GroebnerBasis(self.ring, basis)
        except BaseException:
            _free_all(cof)
            raise
        try:
            flat = self.ring._read_list(cof)
        finally:
            lib.gbc_polys_free(cof)
        m = len(self.gens)
        return G, [flat[j * m:(j + 1) * m] for j in range(len(G))]

    def leading_ideal(self, **options: Any) -> "MonomialIdeal":
        """The ideal of the leading monomials of the Groebner basis."""
        return self.groebner(**options).leading_ideal()

    def dimension(self, **options: Any) -> int:
        """The Krull dimension of R/I (-1 for the unit ideal)."""
        return self.leading_ideal(**options).dimension()

    def degree(self, **options: Any) -> int:
        """The degree of R/I (for a zero-dimensional ideal: the number of solutions
        with multiplicity)."""
        return self.leading_ideal(**options).degree()

    def hilbert_series(self, **options: Any) -> "HilbertSeries":
        """The Hilbert-Poincare series of R/LT(I) (that of R/I for a graded order and
        homogeneous I)."""
        return self.leading_ideal(**options).hilbert_series()

    # -- solving --------------------------------------------------------------------
    def _solutions(self, precision, options, flags=0):
        _check_options(options)
        if precision is None:
            precision = 64
        if isinstance(precision, bool) or not isinstance(precision, int) or \
                not 1 <= precision <= 1048576:
            raise ArgumentError(ARG, "precision must be an integer from 1 to 2^20 (bits), "
                                "not %r" % (precision,))
        gens = self.ring._handle(self.gens)
        sols = ctypes.c_void_p()
        err = _lib.Error()
        try:
            with _Options(**options) as o:
                st = [OK]

                def call():
                    st[0] = lib.gbc_solve(ctypes.byref(sols), gens, precision, flags,
                                          o.h, ctypes.byref(err))
                    return OK
                o.run(call)
                if st[0] == INTERRUPTED and options.get("timeout") is not None:
                    _raise(st[0], timed_out=True)
                _check(st[0], err)
        finally:
            _free_all(gens)
        return sols

    def solve(self, precision: Optional[int] = None, **options: Any) -> List[tuple]:
        """The solutions of a zero-dimensional system. Over Z/p: the points with
        coordinates in Z/p, tuples of residues in [0, p), sorted. Over Q: the real
        solutions as real_roots(precision) gives them. DomainError (with the
        dimension) when the ideal is not zero-dimensional; the unit ideal has none."""
        if not self.ring.characteristic:
            return self.real_roots(precision, **options)
        sols = self._solutions(precision, options)
        try:
            n = self.ring.nvars
            out = []
            buf = (ctypes.c_uint32 * max(1, n))()
            for i in range(lib.gbc_solutions_count(sols)):
                _check(lib.gbc_solutions_get_zp(buf, sols, i))
                out.append(tuple(buf[:n]))
            return out
        finally:
            lib.gbc_solutions_free(sols)

    def real_roots(self, precision: Optional[int] = None,
                   **options: Any) -> List[Tuple[Tuple[Fraction, Fraction], ...]]:
        """Over Q, the real solutions of a zero-dimensional system as isolating boxes:
        one per real solution, a tuple with one interval (lo, hi) of Fractions per
        variable, each at most 2^-precision wide (default 64 bits), holding that
        coordinate; boxes of distinct solutions are disjoint, so each holds exactly
        one real solution (an exact rational coordinate may give lo == hi).
        DomainError over Z/p (use solve) and when not zero-dimensional."""
        if self.ring.characteristic:
            raise DomainError(DOMAIN, "real_roots is for rings over Q; over Z/p solve() "
                              "gives the points")
        sols = self._solutions(precision, options)
        try:
            n = self.ring.nvars
            need = ctypes.c_size_t()
            expo = ctypes.c_uint32()
            out = []
            for i in range(lib.gbc_solutions_count(sols)):
                box = []
                for v in range(n):
                    ends = []
                    for upper in (0, 1):
                        _check(lib.gbc_solutions_endpoint(None, 0, ctypes.byref(need), None,
                                                          sols, i, v, upper))
                        buf = ctypes.create_string_buffer(need.value)
                        _check(lib.gbc_solutions_endpoint(buf, need.value, None,
                                                          ctypes.byref(expo), sols, i, v,
                                                          upper))
                        ends.append(Fraction(int(buf.value.decode()), 2 ** expo.value))
                    box.append((ends[0], ends[1]))
                out.append(tuple(box))
            return out
        finally:
            lib.gbc_solutions_free(sols)

    def parametrization(self, **options: Any) -> Optional["Parametrization"]:
        """msolve's rational parametrisation of the solutions of a zero-dimensional
        ideal (over Q; over Z/p a radical one): a Parametrization (w(T) = 0 and
        x_i = -v_i(T) / (den_i q(T)) for T = sum form[i] x_i; see its docstring and
        docs/solve.md), None for the unit ideal. DomainError when the ideal is not
        zero-dimensional; Unsupported over Z/p when it is not radical (or no form
        separates its solutions modulo p). Options as groebner's (threads, timeout,
        certify, memory_limit, seed, algorithm)."""
        sols = self._solutions(64, options, 1)  # GBC_SOLVE_PARAMETRIZATION
        text = ctypes.c_void_p()
        try:
            _check(lib.gbc_solutions_to_string(ctypes.byref(text), None, sols, 1))
            raw = ctypes.string_at(text.value).decode() if text.value else ""
        finally:
            lib.gbc_string_free(text)
            lib.gbc_solutions_free(sols)
        return _param.parse(raw, self.ring.nvars)

    # -- the quotient ring -------------------------------------------------------------
    def _quotient(self, matrices, options):
        _check_options(options)
        gens = self.ring._handle(self.gens)
        kb, mult = ctypes.c_void_p(), ctypes.c_void_p()
        err = _lib.Error()
        try:
            with _Options(**options) as o:
                st = [OK]

                def call():
                    st[0] = lib.gbc_kbase(ctypes.byref(kb),
                                          ctypes.byref(mult) if matrices else None, gens,
                                          o.h, ctypes.byref(err))
                    return OK
                o.run(call)
                if st[0] == INTERRUPTED and options.get("timeout") is not None:
                    _raise(st[0], timed_out=True)
                _check(st[0], err)
        finally:
            _free_all(gens)
        try:
            return (self.ring._read_list(kb),
                    self.ring._read_list(mult) if matrices else None)
        finally:
            lib.gbc_polys_free(kb)
            lib.gbc_polys_free(mult)

    def kbase(self, **options: Any) -> List[Polynomial]:
        """The normal set of R/I for a zero-dimensional ideal: the standard monomials
        b_0 = 1 < b_1 < ... of its reduced Groebner basis in the ring's order,
        increasing; len() is dim_K R/I. DomainError (with the dimension) when the
        ideal is not zero-dimensional; the unit ideal gives []."""
        return self._quotient(False, options)[0]

    def multiplication_matrices(self, **options: Any
                                ) -> Tuple[List[Polynomial], Dict[str, List[List[Any]]]]:
        """(kbase, matrices): the normal set as kbase() gives it and, for each variable
        name x, the matrix M of multiplication by x in that basis as a list of rows:
        M[j][k] is the coefficient of b_j in the normal form of x*b_k (int in [0, p)
        over Z/p, Fraction over Q). The matrices commute, and every generator f has
        f(M) applied to (1, 0, ..., 0) equal to 0."""
        kb, prods = self._quotient(True, options)
        index = {b.terms[0][0]: j for j, b in enumerate(kb)}
        d, zero = len(kb), Fraction(0) if not self.ring.characteristic else 0
        out = {}
        for i, name in enumerate(self.ring.variables):
            m = [[zero] * d for _ in range(d)]
            for k in range(d):
                for e, c in prods[i * d + k].terms:
                    m[index[e]][k] = c
            out[name] = m
        return kb, out

    # -- modules --------------------------------------------------------------------
    def syzygies(self, **options: Any) -> List[Tuple[Polynomial, ...]]:
        """The syzygies of the generators: tuples (a_1, ..., a_m) with
        sum a_i gens[i] = 0 that generate all of them (Module.syzygies)."""
        return list(Module(self.ring, [(g,) for g in self.gens]).syzygies(**options))

    def betti(self, **options: Any) -> "BettiTable":
        """The graded Betti numbers of R/I (homogeneous generators; Module.betti)."""
        return Module(self.ring, [(g,) for g in self.gens]).betti(**options)

    def resolution(self, **options: Any) -> "Resolution":
        """A minimal graded free resolution of R/I with its maps (homogeneous
        generators; Module.resolution)."""
        return Module(self.ring, [(g,) for g in self.gens]).resolution(**options)


class GroebnerBasis:
    """A Groebner basis: a sequence of monic Polynomials in increasing order of
    leading monomial. .stats holds the run's counters."""

    def __init__(self, ring: Ring, handle: Any,
                 stats: Optional[Dict[str, float]] = None) -> None:
        self.ring = ring
        self._h = handle
        self.polys: Tuple[Polynomial, ...] = tuple(ring._read_list(handle))
        self.stats = stats or {}

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            lib.gbc_polys_free(h)
            self._h = None

    def __len__(self) -> int:
        return len(self.polys)

    def __getitem__(self, i: int) -> Polynomial:
        return self.polys[i]

    def __iter__(self) -> Iterator[Polynomial]:
        return iter(self.polys)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GroebnerBasis):
            return self.ring == other.ring and self.polys == other.polys
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.polys)

    def __str__(self) -> str:
        return ",\n".join(str(p) for p in self.polys)

    def __repr__(self) -> str:
        return "GroebnerBasis([%s])" % ", ".join(str(p) for p in self.polys)

    @property
    def exprs(self) -> List[Any]:
        """The basis as SymPy expressions (Polynomial.as_expr), as SymPy's
        GroebnerBasis.exprs."""
        return [p.as_expr() for p in self.polys]

    @property
    def polys_sympy(self) -> List[Any]:
        """The basis as sympy.Poly objects (as_sympy), as SymPy's GroebnerBasis.polys."""
        return self.as_sympy()

    def normal_form(self, f: PolyLike) -> Any:
        """The normal form of f modulo the basis (by the library); for a list or
        tuple, a list with one normal form per element, in order (zeros, duplicates and
        units included: the normal form of 0 is 0)."""
        single = not isinstance(f, (list, tuple))
        items = [f] if single else list(f)
        h = self.ring._handle(items)
        out = ctypes.c_void_p()
        try:
            _check(lib.gbc_normal_form(ctypes.byref(out), h, self._h, None))
        finally:
            lib.gbc_polys_free(h)
        try:
            got = self.ring._read_list(out)
        finally:
            lib.gbc_polys_free(out)
        if len(got) != len(items):
            # answers matched to the wrong inputs would be wrong answers
            raise GbcError(ARG, "the library returned %d normal forms for %d polynomials"
                           % (len(got), len(items)))
        return got[0] if single else got

    def reduce(self, f: PolyLike) -> Any:
        """(quotients, remainder), as SymPy's GroebnerBasis.reduce and `reduced`: f =
        sum quotients[i] * self[i] + remainder, the remainder the normal form (no term
        divisible by a leading monomial of the basis). The quotients come from SymPy's
        division algorithm over the basis in this order (increasing leading monomial).
        For a list or tuple, a list of such pairs. normal_form gives the remainder
        alone (computed by the library)."""
        single = not isinstance(f, (list, tuple))
        items = [self.ring.poly(g) for g in ([f] if single else f)]
        out = [_divide(self.ring, g, self.polys) for g in items]
        return out[0] if single else out

    def contains(self, f: PolyLike) -> Any:
        """Whether f lies in the ideal (its normal form is zero); for a list or tuple,
        a list with one bool per element, in order (0 is always a member)."""
        r = self.normal_form(f)
        if isinstance(f, (list, tuple)):
            return [p.is_zero() for p in r]
        return r.is_zero()

    def __contains__(self, f: PolyLike) -> bool:
        if isinstance(f, (list, tuple)):
            raise TypeError("'in' takes one polynomial; contains() takes a list")
        return self.contains(f)

    def is_groebner(self) -> bool:
        """Whether the polynomials form a Groebner basis (every S-pair reduces to 0)."""
        g = ctypes.c_int()
        _check(lib.gbc_is_groebner(ctypes.byref(g), None, self._h, None))
        return bool(g.value)

    def change_order(self, order: Any, **options: Any) -> "GroebnerBasis":
        """The reduced Groebner basis of the same ideal in another order (a name or a
        Ring of the same variables and field), by FGLM: for zero-dimensional ideals
        (DomainError otherwise; Ideal.groebner(order=...) works for any ideal)."""
        _check_options(options)
        target = order if isinstance(order, Ring) else self.ring.with_order(order)
        if not target._compatible(self.ring):
            raise DomainError(DOMAIN, "change_order needs a ring of the same variables and "
                              "field")
        out = ctypes.c_void_p()
        with _Options(**options) as o:
            try:
                o.run(lambda: lib.gbc_change_order(ctypes.byref(out), self._h, target._h,
                                                   o.h, None))
            except DomainError:
                d = self.dimension()
                if d > 0:
                    raise DomainError(DOMAIN, "change_order (FGLM) needs a zero-dimensional "
                                      "ideal; this one has dimension %d (use "
                                      "Ideal.groebner(order=...))" % d) from None
                raise
        return GroebnerBasis(target, out)

    def leading_ideal(self) -> "MonomialIdeal":
        """The monomial ideal of the leading monomials."""
        out = ctypes.c_void_p()
        _check(lib.gbc_leading_ideal(ctypes.byref(out), self._h, 1, None, None))
        return MonomialIdeal._wrap(out, self.ring)

    def dimension(self) -> int:
        """The Krull dimension of R/I (-1 for the unit ideal)."""
        return self.leading_ideal().dimension()

    def degree(self) -> int:
        """The degree of R/I."""
        return self.leading_ideal().degree()

    def hilbert_series(self) -> "HilbertSeries":
        """The Hilbert-Poincare series of R/LT(I)."""
        return self.leading_ideal().hilbert_series()

    def as_sympy(self) -> List[Any]:
        """The polynomials as sympy.Poly objects over QQ or GF(p)
        (Polynomial.as_sympy); exprs gives expressions."""
        return [p.as_sympy() for p in self.polys]


_MODULE_ORDERS = {"top": 0, "pot": 1, "top-down": 2, "pot-up": 3}


class Module:
    """A submodule of the free module R^rank, generated by .elements: tuples of rank
    Polynomials (vectors). Module(ring, [(f1, f2), (g1, g2)]) or, for an empty
    generating set, Module(ring, [], rank=r). Elements are entered as anything
    Ring.poly takes."""

    def __init__(self, ring: Ring, elements: Iterable[Sequence[PolyLike]],
                 rank: Optional[int] = None) -> None:
        rows = [tuple(e) for e in elements]
        if rank is None:
            if not rows:
                raise ArgumentError(ARG, "a module without elements needs rank=")
            rank = len(rows[0])
        if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
            raise ArgumentError(ARG, "the rank must be a positive integer, not %r" % (rank,))
        for r in rows:
            if len(r) != rank:
                raise ArgumentError(ARG, "element %r has %d components, not %d"
                                    % (r, len(r), rank))
        self.ring = ring
        self.rank = rank
        self.elements: Tuple[Tuple[Polynomial, ...], ...] = tuple(
            tuple(_polys_of(ring, r)) for r in rows)

    @classmethod
    def _from_handle(cls, ring, handle, rank):
        flat = _read_and_free(ring, handle)
        if len(flat) % rank:
            raise GbcError(ARG, "the library returned %d polynomials for rank %d"
                           % (len(flat), rank))
        return cls(ring, [tuple(flat[j:j + rank]) for j in range(0, len(flat), rank)], rank)

    def _handle(self):
        return self.ring._handle([f for e in self.elements for f in e])

    def __len__(self) -> int:
        return len(self.elements)

    def __iter__(self) -> Iterator[Tuple[Polynomial, ...]]:
        return iter(self.elements)

    def __getitem__(self, i: int) -> Tuple[Polynomial, ...]:
        return self.elements[i]

    def __repr__(self) -> str:
        return "Module(rank %d: %s)" % (self.rank, ", ".join(
            "[%s]" % ", ".join(str(f) for f in e) for e in self.elements))

    def _order_args(self, order: str, schreyer: Any):
        """The module order's code, and the Schreyer terms as (flat list, rank)."""
        if schreyer is None:
            if order not in _MODULE_ORDERS:
                raise ArgumentError(ARG, "module order %r: expected 'top', 'pot', "
                                    "'top-down' or 'pot-up'" % (order,))
            return _MODULE_ORDERS[order], None, 0
        if order != "top":
            raise ArgumentError(ARG, "a Schreyer order replaces the module order: "
                                "leave order= out")
        terms = list(schreyer)
        if len(terms) != self.rank:
            raise ArgumentError(ARG, "schreyer= needs %d terms (one per component), "
                                "not %d" % (self.rank, len(terms)))
        vec = [isinstance(t, (list, tuple)) for t in terms]
        if any(vec) and not all(vec):
            raise ArgumentError(ARG, "schreyer= terms: all vectors or all monomials")
        s = len(terms[0]) if terms and vec[0] else 1
        flat = [f for t in terms for f in (t if vec[0] else (t,))]
        if len(flat) != s * len(terms):
            raise ArgumentError(ARG, "schreyer= vectors must have one rank")
        return None, flat, s

    def groebner(self, order: str = "top", schreyer: Any = None,
                 **options: Any) -> "Module":
        """The reduced Groebner basis of the submodule, in the module order "top"
        (term over position, a higher component larger: the default of Macaulay2
        and Singular), "pot" (position over term, the first component largest),
        "top-down" (term over position, a lower component larger) or "pot-up"
        (position over term, the last component largest), over the ring's order:
        monic, by increasing leading term; no element for the zero module.

        schreyer=[t_1, ..., t_rank] instead gives the Schreyer order of the terms
        t_j = x^{a_j} E_{i_j} of a free module R^s (monomials, or vectors of rank s
        with one nonzero entry; coefficients ignored): x^a e_j > x^b e_k when
        x^{a+a_j} E_{i_j} > x^{b+a_k} E_{i_k} (term over position on R^s), or these
        are equal and j > k."""
        _check_options(options)
        code, flat, s = self._order_args(order, schreyer)
        h = self._handle()
        lead = None
        out = ctypes.c_void_p()
        try:
            lead = self.ring._handle(flat) if flat is not None else None
            with _Options(**options) as o:
                if lead is None:
                    o.run(lambda: lib.gbc_module_groebner(ctypes.byref(out), h, self.rank,
                                                          code, o.h, None))
                else:
                    o.run(lambda: lib.gbc_module_groebner_schreyer(
                        ctypes.byref(out), h, self.rank, lead, s, o.h, None))
        finally:
            _free_all(h, lead)
        return Module._from_handle(self.ring, out, self.rank)

    def syzygies(self, **options: Any) -> "Module":
        """The module of syzygies of the m elements, in R^m: vectors (a_1, ..., a_m)
        with sum a_j elements[j] = 0 that generate all of them. For homogeneous
        elements a minimal generating set in increasing degree, otherwise a reduced
        Groebner basis (term over position); no element when there is none."""
        _check_options(options)
        m = len(self.elements)
        if m == 0:
            return Module(self.ring, [], rank=1)
        h = self._handle()
        out = ctypes.c_void_p()
        try:
            with _Options(**options) as o:
                o.run(lambda: lib.gbc_module_syz(ctypes.byref(out), h, self.rank, o.h,
                                                 None))
        finally:
            _free_all(h)
        return Module._from_handle(self.ring, out, m)

    def contains(self, v: Any, **options: Any) -> Any:
        """Whether the vector v (rank entries) lies in the submodule; for a list of
        vectors (a list whose entries are lists or tuples), one bool per vector."""
        _check_options(options)
        many, vecs = self._vectors(v)
        elems, gens = _handles(self.ring, [f for e in vecs for f in e],
                               [f for e in self.elements for f in e])
        member = (ctypes.c_int * max(1, len(vecs)))()
        try:
            with _Options(**options) as o:
                o.run(lambda: lib.gbc_module_member(member, elems, gens, self.rank, o.h,
                                                    None))
        finally:
            _free_all(elems, gens)
        got = [bool(member[j]) for j in range(len(vecs))]
        return got if many else got[0]

    def __contains__(self, v: Any) -> bool:
        return self.contains(tuple(v))

    def _vectors(self, v: Any):
        # a vector's entries are polynomials, never lists or tuples
        many = isinstance(v, list) and bool(v) and all(isinstance(e, (list, tuple))
                                                       for e in v)
        vecs = [tuple(e) for e in v] if many else [tuple(v)]
        for e in vecs:
            if len(e) != self.rank:
                raise ArgumentError(ARG, "vector %r has %d components, not %d"
                                    % (e, len(e), self.rank))
        return many, vecs

    def normal_form(self, v: Any, order: str = "top", schreyer: Any = None,
                    **options: Any) -> Any:
        """The normal form of the vector v modulo the submodule: its remainder on
        division by the reduced Groebner basis in the module order (order= and
        schreyer= as for groebner; term over position by default), a tuple of rank
        Polynomials, zero exactly when v lies in it; for a list of vectors, a list."""
        _check_options(options)
        code, flat, s = self._order_args(order, schreyer)
        many, vecs = self._vectors(v)
        elems, gens = _handles(self.ring, [f for e in vecs for f in e],
                               [f for e in self.elements for f in e])
        lead = None
        out = ctypes.c_void_p()
        try:
            lead = self.ring._handle(flat) if flat is not None else None
            with _Options(**options) as o:
                if lead is None:
                    o.run(lambda: lib.gbc_module_reduce_order(ctypes.byref(out), elems, gens,
                                                              self.rank, code, o.h, None))
                else:
                    o.run(lambda: lib.gbc_module_reduce_schreyer(
                        ctypes.byref(out), elems, gens, self.rank, lead, s, o.h, None))
        finally:
            _free_all(elems, gens, lead)
        got = list(Module._from_handle(self.ring, out, self.rank).elements)
        return got if many else got[0]

    def lift(self, v: Any, **options: Any) -> Any:
        """Cofactors of the vector v in the generators: a tuple (c_1, ..., c_m) with
        sum c_j elements[j] = v; for a list of vectors, a list. DomainError (naming
        the first one) when a vector is not in the submodule, as Ideal.lift."""
        _check_options(options)
        many, vecs = self._vectors(v)
        m = len(self.elements)
        elems, gens = _handles(self.ring, [f for e in vecs for f in e],
                               [f for e in self.elements for f in e])
        out = ctypes.c_void_p()
        member = (ctypes.c_int * max(1, len(vecs)))()
        try:
            with _Options(**options) as o:
                o.run(lambda: lib.gbc_module_lift(ctypes.byref(out), member, elems, gens,
                                                  self.rank, o.h, None))
        finally:
            _free_all(elems, gens)
        flat = _read_and_free(self.ring, out)
        for j, e in enumerate(vecs):
            if not member[j]:
                raise DomainError(DOMAIN, "[%s] is not in the submodule, so it has no "
                                  "cofactors" % ", ".join(str(f) for f in e))
        got = [tuple(flat[j * m:(j + 1) * m]) for j in range(len(vecs))]
        return got if many else got[0]

    def resolution(self, **options: Any) -> "Resolution":
        """A minimal graded free resolution 0 <- R^rank <- F_1 <- F_2 <- ... of
        R^rank / M with its maps (homogeneous elements, basis vectors in degree 0:
        DomainError otherwise; Unsupported when M has a constant minimal
        generator). .maps[k - 1] is d_k : F_k -> F_{k-1}, a Module of the images
        of F_k's basis (rank = rank of F_{k-1}); .maps[0]'s elements are minimal
        generators of M; .degrees[k] are the degrees of F_k's basis."""
        _check_options(options)
        h = self._handle()
        res = ctypes.c_void_p()
        try:
            with _Options(**options) as o:
                o.run(lambda: lib.gbc_module_res(ctypes.byref(res), h, self.rank, o.h, None))
        finally:
            _free_all(h)
        try:
            n = lib.gbc_resolution_length(res)
            degrees = [[lib.gbc_resolution_degree(res, k, i)
                        for i in range(lib.gbc_resolution_rank(res, k))] for k in range(n)]
            maps = []
            for k in range(1, n):
                flat = self.ring._read_list(lib.gbc_resolution_map(res, k))
                r = len(degrees[k - 1])
                maps.append(Module(self.ring, [tuple(flat[j:j + r])
                                               for j in range(0, len(flat), r)], r))
        finally:
            lib.gbc_resolution_free(res)
        return Resolution(degrees, maps)

    def betti(self, **options: Any) -> "BettiTable":
        """The graded Betti numbers of R^rank / M from a minimal graded free
        resolution (homogeneous elements, basis vectors in degree 0: DomainError
        otherwise; Unsupported when M has a constant minimal generator)."""
        _check_options(options)
        h = self._handle()
        table = ctypes.POINTER(ctypes.c_uint64)()
        nrows, ncols = ctypes.c_uint32(), ctypes.c_uint32()
        try:
            with _Options(**options) as o:
                o.run(lambda: lib.gbc_module_betti(ctypes.byref(table), ctypes.byref(nrows),
                                                   ctypes.byref(ncols), h, self.rank, o.h,
                                                   None))
        finally:
            _free_all(h)
        try:
            r, c = nrows.value, ncols.value
            return BettiTable([[table[d * c + i] for i in range(c)] for d in range(r)])
        finally:
            lib.gbc_mem_free(ctypes.cast(table, ctypes.c_void_p))


class Resolution:
    """A minimal graded free resolution (Module.resolution): .degrees[k] the
    degrees of the basis of F_k (F_0 = R^r), .maps[k - 1] the map d_k as a Module
    (its elements the images of F_k's basis, each of rank len(.degrees[k - 1])),
    .ranks the ranks of F_0, F_1, ...; betti() the table its degrees give."""

    def __init__(self, degrees: List[List[int]], maps: List["Module"]) -> None:
        self.degrees = degrees
        self.maps = maps
        self.ranks = [len(d) for d in degrees]

    def __len__(self) -> int:
        return len(self.degrees)

    def betti(self) -> "BettiTable":
        rows = max((d - k for k, ds in enumerate(self.degrees) for d in ds), default=0) + 1
        t = [[0] * len(self.degrees) for _ in range(rows)]
        for k, ds in enumerate(self.degrees):
            for d in ds:
                t[d - k][k] += 1
        return BettiTable(t)

    def __repr__(self) -> str:
        return "Resolution(ranks %s)" % (self.ranks,)


class BettiTable:
    """Graded Betti numbers in Macaulay2's layout: .rows[d][i] is beta_{i, i+d} (the
    number of generators of degree i + d in homological degree i); t[i, j] is
    beta_{i, j}; str() prints the table as Macaulay2's `betti res` does."""

    def __init__(self, rows: Sequence[Sequence[int]]) -> None:
        self.rows: List[List[int]] = [list(r) for r in rows]

    @property
    def length(self) -> int:
        """The number of homological degrees (columns)."""
        return len(self.rows[0]) if self.rows else 0

    def __getitem__(self, ij: Tuple[int, int]) -> int:
        i, j = ij
        d = j - i
        if 0 <= d < len(self.rows) and 0 <= i < self.length:
            return self.rows[d][i]
        return 0

    def totals(self) -> List[int]:
        """The total Betti numbers beta_i (the column sums)."""
        return [sum(r[i] for r in self.rows) for i in range(self.length)]

    def regularity(self) -> Optional[int]:
        """The Castelnuovo-Mumford regularity of the module the table's columns
        1, 2, ... resolve (the ideal I for R/I, M for R^r/M; Macaulay2's
        `regularity I`): 1 + the last row with an entry past column 0. None for the
        zero module (regularity -infinity)."""
        last = [d for d, r in enumerate(self.rows) if any(r[1:])]
        return last[-1] + 1 if last else None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BettiTable) and self.rows == other.rows

    def __hash__(self) -> int:
        return hash(tuple(tuple(r) for r in self.rows))

    def __str__(self) -> str:
        r, c = len(self.rows), self.length
        flat = (ctypes.c_uint64 * max(1, r * c))(*[k for row in self.rows for k in row])
        text = ctypes.c_void_p()
        _check(lib.gbc_betti_to_string(ctypes.byref(text), flat, r, c))
        try:
            return ctypes.string_at(text).decode().rstrip("\n")
        finally:
            lib.gbc_string_free(text)

    def __repr__(self) -> str:
        return "BettiTable(%r)" % (self.rows,)


class HilbertSeries:
    """N(t) / (1-t)^n: .numerator maps degrees to coefficients, .nvars is n."""

    def __init__(self, numerator: Dict[int, int], nvars: int) -> None:
        self.numerator = dict(numerator)
        self.nvars = nvars

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, HilbertSeries) and self.numerator == other.numerator and
                self.nvars == other.nvars)

    def numerator_text(self, var: str = "t") -> str:
        """The numerator N(t) as text, e.g. "1-3*t^2+2*t^3"."""
        if not self.numerator:
            return "0"
        out = []
        for i, d in enumerate(sorted(self.numerator)):
            c = self.numerator[d]
            a = abs(c)
            s = "-" if c < 0 else ("+" if i else "")
            mono = "" if d == 0 else (var if d == 1 else "%s^%d" % (var, d))
            s += str(a) if not mono else (mono if a == 1 else "%d*%s" % (a, mono))
            out.append(s)
        return "".join(out)

    def __str__(self) -> str:
        return "(%s)/(1-t)^%d" % (self.numerator_text(), self.nvars)

    __repr__ = __str__

    def __call__(self, d: int) -> int:
        """The Hilbert function at degree d: the coefficient of t^d of the series."""
        from math import comb
        n = self.nvars
        total = 0
        for e, c in self.numerator.items():
            k = d - e
            if k < 0:
                continue
            total += c * (comb(k + n - 1, n - 1) if n > 0 else (1 if k == 0 else 0))
        return total

    def as_sympy(self, t: Any = None) -> Any:
        """N(t) / (1-t)^n as a SymPy expression in t (default the symbol t)."""
        sympy = _sympy()
        t = t if t is not None else sympy.Symbol("t")
        num = sum((c * t ** d for d, c in self.numerator.items()), sympy.Integer(0))
        return num / (1 - t) ** self.nvars


class MonomialIdeal:
    """A monomial ideal in nvars variables, held as its minimal generators.
    gens: exponent tuples, or monomials of ring (Polynomials, strings, SymPy)."""

    def __init__(self, gens: Iterable[Any] = (), ring: Optional[Ring] = None,
                 nvars: Optional[int] = None) -> None:
        self.ring = ring
        rows = []
        for g in gens:
            if isinstance(g, (tuple, list)) and all(isinstance(k, int) for k in g):
                rows.append(tuple(g))
            elif ring is not None:
                p = ring.poly(g)
                if len(p.terms) != 1:
                    raise ValueError("%r is not a monomial" % (g,))
                rows.append(p.terms[0][0])
            else:
                raise TypeError("without a ring the generators must be exponent tuples")
        if nvars is None:
            nvars = ring.nvars if ring is not None else (len(rows[0]) if rows else 0)
        for r in rows:
            if len(r) != nvars:
                raise ValueError("exponent tuple %r does not have %d entries" % (r, nvars))
        flat = (ctypes.c_uint32 * max(1, len(rows) * nvars))(*[k for r in rows for k in r])
        h = ctypes.c_void_p()
        _check(lib.gbc_monideal_new(ctypes.byref(h), ring._h if ring else None, nvars, flat,
                                    len(rows)))
        self._h = h

    @classmethod
    def _wrap(cls, handle, ring):
        self = cls.__new__(cls)
        self.ring = ring
        self._h = handle
        return self

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            lib.gbc_monideal_free(h)
            self._h = None

    @property
    def nvars(self) -> int:
        """The number of variables."""
        return lib.gbc_monideal_nvars(self._h)

    def gens(self) -> List[Monomial]:
        """The minimal generators as exponent tuples, in increasing term order."""
        k, n = lib.gbc_monideal_ngens(self._h), self.nvars
        buf = (ctypes.c_uint32 * max(1, k * n))()
        _check(lib.gbc_monideal_gens(buf, k, self._h))
        return [tuple(buf[i * n:(i + 1) * n]) for i in range(k)]

    def __len__(self) -> int:
        return lib.gbc_monideal_ngens(self._h)

    def _mono(self, m):
        if not isinstance(m, (tuple, list)):
            if self.ring is None:
                raise TypeError("without a ring a monomial is an exponent tuple")
            p = self.ring.poly(m)
            if len(p.terms) != 1:
                raise ValueError("%r is not a monomial" % (m,))
            m = p.terms[0][0]
        if len(m) != self.nvars:
            raise ValueError("a monomial needs %d exponents" % self.nvars)
        return (ctypes.c_uint32 * max(1, len(m)))(*m)

    def contains(self, m: Any) -> bool:
        """Whether the monomial m (an exponent tuple, or a monomial of the ring) lies
        in the ideal."""
        c = ctypes.c_int()
        _check(lib.gbc_monideal_contains(ctypes.byref(c), self._h, self._mono(m)))
        return bool(c.value)

    def __contains__(self, m: Any) -> bool:
        return self.contains(m)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MonomialIdeal):
            return NotImplemented
        e = ctypes.c_int()
        _check(lib.gbc_monideal_equal(ctypes.byref(e), self._h, other._h))
        return bool(e.value)

    def __hash__(self) -> int:
        return hash(tuple(self.gens()))

    def __repr__(self) -> str:
        return "MonomialIdeal(%r)" % (self.gens(),)

    def _binary(self, name, other):
        out = ctypes.c_void_p()
        with _Options() as o:
            o.run(lambda: getattr(lib, "gbc_monideal_" + name)(ctypes.byref(out), self._h,
                                                                other._h, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def __add__(self, other: "MonomialIdeal") -> "MonomialIdeal":
        return self._binary("sum", other)

    def __mul__(self, other: "MonomialIdeal") -> "MonomialIdeal":
        return self._binary("product", other)

    def __and__(self, other: "MonomialIdeal") -> "MonomialIdeal":
        return self._binary("intersection", other)

    def intersection(self, other: "MonomialIdeal") -> "MonomialIdeal":
        """The intersection (also I & J); I + J is the sum, I * J the product."""
        return self & other

    def colon(self, other: Any) -> "MonomialIdeal":
        """I : J for a MonomialIdeal J, or I : m for one monomial."""
        if isinstance(other, MonomialIdeal):
            return self._binary("colon", other)
        out = ctypes.c_void_p()
        m = self._mono(other)
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_colon_mono(ctypes.byref(out), self._h, m, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def radical(self) -> "MonomialIdeal":
        """The radical (generated by the squarefree parts of the generators)."""
        out = ctypes.c_void_p()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_radical(ctypes.byref(out), self._h, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def alexander_dual(self, point: Any = None) -> "MonomialIdeal":
        """The Alexander dual with respect to point (an exponent tuple at least the
        least common multiple of the generators; default that lcm)."""
        out = ctypes.c_void_p()
        pt = self._mono(point) if point is not None else None
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_alexdual(ctypes.byref(out), self._h, pt, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def dimension(self) -> int:
        """The Krull dimension of R/I (-1 for the unit ideal)."""
        d = ctypes.c_int64()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_dim(ctypes.byref(d), self._h, o.h))
        return d.value

    def degree(self) -> int:
        """The degree of R/I."""
        s = ctypes.c_void_p()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_degree_string(ctypes.byref(s), self._h, o.h))
        try:
            return int(ctypes.string_at(s).decode())
        finally:
            lib.gbc_mem_free(s)

    def hilbert_series(self) -> "HilbertSeries":
        """The Hilbert-Poincare series of R/I."""
        deg = ctypes.POINTER(ctypes.c_uint64)()
        coef = ctypes.POINTER(ctypes.c_int64)()
        nt = ctypes.c_size_t()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_hilbert(ctypes.byref(deg), ctypes.byref(coef),
                                                   ctypes.byref(nt), self._h, o.h))
        try:
            return HilbertSeries({deg[i]: coef[i] for i in range(nt.value)}, self.nvars)
        finally:
            lib.gbc_mem_free(ctypes.cast(deg, ctypes.c_void_p))
            lib.gbc_mem_free(ctypes.cast(coef, ctypes.c_void_p))

    def multigraded_hilbert_numerator(self) -> Dict[Monomial, int]:
        """N(x) of H = N(x) / prod(1 - x_i), as {exponent tuple: coefficient}."""
        ex = ctypes.POINTER(ctypes.c_uint32)()
        coef = ctypes.POINTER(ctypes.c_int64)()
        nt = ctypes.c_size_t()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_hilbert_multigraded(
                ctypes.byref(ex), ctypes.byref(coef), ctypes.byref(nt), self._h, o.h))
        n = self.nvars
        try:
            return {tuple(ex[i * n + v] for v in range(n)): coef[i] for i in range(nt.value)}
        finally:
            lib.gbc_mem_free(ctypes.cast(ex, ctypes.c_void_p))
            lib.gbc_mem_free(ctypes.cast(coef, ctypes.c_void_p))

    def _rows(self, name):
        rows = ctypes.POINTER(ctypes.c_uint32)()
        k = ctypes.c_size_t()
        with _Options() as o:
            o.run(lambda: getattr(lib, "gbc_monideal_" + name)(ctypes.byref(rows),
                                                                ctypes.byref(k), self._h, o.h))
        n = self.nvars
        try:
            return sorted(tuple(rows[i * n + v] for v in range(n)) for i in range(k.value))
        finally:
            lib.gbc_mem_free(ctypes.cast(rows, ctypes.c_void_p))

    def irreducible_decomposition(self) -> List[Monomial]:
        """Components as exponent tuples b: Q = <x_i^b_i : b_i > 0>."""
        return self._rows("irrdecom")

    def associated_primes(self) -> List[Monomial]:
        """Primes as 0/1 tuples (the variables each one contains)."""
        return self._rows("assoprimes")

    def maximal_standard_monomials(self) -> List[Monomial]:
        """The maximal standard monomials: m not in I with m * x_i in I for every
        variable x_i, as sorted exponent tuples."""
        return self._rows("maxstandard")


def _ring_for(polys, gens, order, field, modulus):
    """The Ring of sympy-style calls: gens given, or the free symbols of SymPy
    input as SymPy sorts them."""
    if len(gens) == 1 and isinstance(gens[0], (list, tuple)):
        gens = tuple(gens[0])
    if not gens:
        if not any(_is_sympy(p) for p in polys):
            raise ValueError("give the variables: groebner(polys, 'x', 'y', ...)")
        sympy = _sympy()
        _, info = sympy.parallel_poly_from_expr([sympy.sympify(p) for p in polys])
        gens = info["gens"]
    if modulus is not None:
        field = modulus
    return Ring([str(g) for g in gens], field=field, order=order)


def groebner(polys: Iterable[PolyLike], *gens: Any, order: Any = "grevlex",
             field: Union[int, str] = 0, modulus: Optional[int] = None,
             **options: Any) -> GroebnerBasis:
    """The reduced Groebner basis of polys, in the style of sympy.groebner.

    polys: strings, numbers or SymPy expressions; gens: the variables (names or SymPy
    symbols; with SymPy input they default to its free symbols, sorted as SymPy
    sorts them; the first is the largest, as in SymPy). order: any order Ring takes,
    with SymPy's names meaning what they mean in SymPy ("grlex" is gbc's deglex).
    field / modulus: 0 for the rationals or a prime. options: threads,
    timeout, certify, algorithm, memory_limit, seed, minimal (see Ideal.groebner)."""
    polys = list(polys)
    ring = _ring_for(polys, gens, order, field, modulus)
    return Ideal(ring, polys).groebner(**options)


def reduced(f: PolyLike, G: Iterable[PolyLike], *gens: Any, order: Any = "grevlex",
            field: Union[int, str] = 0,
            modulus: Optional[int] = None) -> Tuple[List[Any], Any]:
    """(quotients, remainder) of f on division by the polynomials G, as
    sympy.reduced: f = sum quotients[i] * G[i] + remainder with no term of the
    remainder divisible by a leading monomial of G (the same division algorithm, so
    the same quotients). G need not be a Groebner basis. gens, order, field and
    modulus as in groebner(). With SymPy input the results are SymPy objects
    (expressions, as sympy.reduced gives), else Polynomials."""
    G = list(G)
    ring = _ring_for([f] + G, gens, order, field, modulus)
    q, r = _divide(ring, ring.poly(f), [ring.poly(g) for g in G])
    if any(_is_sympy(p) for p in [f] + G):
        return [p.as_expr() for p in q], r.as_expr()
    return q, r


# learn and apply modulo a prime: after the classes it uses
from ._learn import Trace, learn  # noqa: E402
