"""gbc: Groebner bases from Python, over libgbc (a C library) through ctypes.

    >>> import gbc
    >>> R = gbc.Ring("x, y", field=0, order="lex")
    >>> G = R.ideal("x^2 - y", "x*y - 1").groebner()
    >>> print(G)
    y^3-1,
    x-y^2

Rings over the rationals (field=0) or Z/p (field=p, a prime below 2^31) in grevlex,
lex, deglex, weighted and block orders; ideals from strings, Polynomial objects or
SymPy expressions; Groebner bases (threads, timeout, certify), normal forms,
membership, Hilbert series, dimension, degree and the monomial-ideal operations.
Errors raise GbcError subclasses with the library's message; Ctrl-C cancels a
running computation (KeyboardInterrupt)."""
import _thread
import ctypes
import threading
from fractions import Fraction

from . import _lib
from ._lib import lib
from ._orders import OrderError, order_text

__all__ = ["Ring", "Polynomial", "Ideal", "GroebnerBasis", "MonomialIdeal",
           "HilbertSeries", "groebner", "GbcError", "ParseError", "ArgumentError",
           "DomainError", "ResourceError", "ExponentOverflow", "Interrupted",
           "TimeLimitExceeded", "Unsupported", "version", "library_path"]

version = lib.gbc_version().decode()
__version__ = version
library_path = _lib.path

# status codes of gbc.h
OK, NOMEM, LIMIT, OVERFLOW, INTERRUPTED, PARSE, ARG, DOMAIN, UNSUPPORTED = range(9)


class GbcError(Exception):
    """A status other than GBC_OK; .status is the code, .message the library's text."""

    def __init__(self, status, message=None):
        self.status = status
        self.message = message or lib.gbc_status_string(status).decode()
        super().__init__(self.message)


class ParseError(GbcError, ValueError):
    """Malformed input; .line and .column (from 1) say where."""

    def __init__(self, status, message, line=0, column=0):
        super().__init__(status, message)
        self.line, self.column = line, column

    def __str__(self):
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


_CLASSES = {NOMEM: ResourceError, LIMIT: ResourceError, OVERFLOW: ExponentOverflow,
            INTERRUPTED: Interrupted, PARSE: ParseError, ARG: ArgumentError,
            DOMAIN: DomainError, UNSUPPORTED: Unsupported}


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


_ALGORITHMS = {None: 0, "default": 0, "buchberger": 1, "f4": 2}


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
                raise ValueError("algorithm must be 'f4' or 'buchberger', not %r" % (algorithm,))
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
        done = _thread.allocate_lock()
        done.acquire()

        def work():
            started.set()
            try:
                box["st"] = call()
            finally:
                done.release()

        launching = False
        try:
            launching = True
            _thread.start_new_thread(work, ())
            while not done.acquire(timeout=0.05):
                pass
        except KeyboardInterrupt:
            lib.gbc_options_cancel(self.h)
            # an interrupt just before the thread was launched leaves nothing to wait
            # for; once launched, the worker starts within milliseconds
            if launching and started.wait(2.0):
                while True:
                    try:
                        done.acquire()
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

    def __init__(self, variables, field=0, order="grevlex"):
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

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            lib.gbc_ring_free(h)
            self._h = None

    @property
    def nvars(self):
        return len(self.variables)

    def __repr__(self):
        return "Ring(%r, field=%d, order=%r)" % (",".join(self.variables),
                                                 self.characteristic, self.order)

    def __eq__(self, other):
        return (isinstance(other, Ring) and self.variables == other.variables and
                self.characteristic == other.characteristic and self.order == other.order)

    def __hash__(self):
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
            if f.ring != self:
                raise DomainError(DOMAIN, "the polynomial belongs to another ring")
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
            if extra:
                raise ValueError("%s is not a polynomial in %s (it has %s)" %
                                 (expr, ", ".join(self.variables), ", ".join(sorted(extra))))
            if self.nvars == 0:
                return [((), sympy.Rational(expr))] if expr != 0 else []
            for a in expr.atoms():
                if not (a.is_Symbol or a.is_Rational):
                    raise TypeError("%s does not have rational coefficients" % (expr,))
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

    def poly(self, f):
        """f as a Polynomial of this ring (sorted and combined by the library)."""
        h = self._handle([f])
        try:
            return self._read_list(h)[0]
        finally:
            lib.gbc_polys_free(h)

    def ideal(self, *gens):
        """The ideal generated by gens (strings, Polynomials, numbers or SymPy
        expressions; one sequence of them also works)."""
        if len(gens) == 1 and isinstance(gens[0], (list, tuple)):
            gens = tuple(gens[0])
        return Ideal(self, gens)

    def monomial_ideal(self, gens):
        """The monomial ideal generated by gens: exponent tuples or monomials."""
        return MonomialIdeal(gens, ring=self)

    def symbols(self):
        """The variables as SymPy symbols (needs SymPy)."""
        sympy = _sympy()
        if sympy is None:
            raise ImportError("SymPy is not installed")
        return tuple(sympy.Symbol(v) for v in self.variables)


class Polynomial:
    """A polynomial of a Ring: .terms is a tuple of (exponents, coefficient), in
    decreasing term order; coefficients are int (Z/p: in [0, p)) or Fraction."""

    __slots__ = ("ring", "terms")

    def __init__(self, ring, terms):
        self.ring = ring
        self.terms = tuple(terms)

    def is_zero(self):
        return not self.terms

    def __bool__(self):
        return bool(self.terms)

    @property
    def leading_monomial(self):
        return self.terms[0][0] if self.terms else None

    @property
    def leading_coefficient(self):
        return self.terms[0][1] if self.terms else 0

    def __eq__(self, other):
        if isinstance(other, Polynomial):
            return self.ring == other.ring and self.terms == other.terms
        try:
            return self == self.ring.poly(other)
        except (TypeError, ValueError, GbcError):
            return NotImplemented

    def __hash__(self):
        return hash(self.terms)

    def __str__(self):
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

    def __repr__(self):
        return "Polynomial(%s)" % self

    def as_sympy(self):
        sympy = _sympy()
        if sympy is None:
            raise ImportError("SymPy is not installed")
        syms = self.ring.symbols()
        total = sympy.Integer(0)
        for e, c in self.terms:
            c = sympy.Rational(c.numerator, c.denominator) if isinstance(c, Fraction) else c
            total += c * sympy.Mul(*[s ** k for s, k in zip(syms, e)])
        return total


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


class Ideal:
    """The ideal of a Ring generated by .gens (Polynomials)."""

    def __init__(self, ring, gens):
        self.ring = ring
        self.gens = tuple(_polys_of(ring, gens))
        self._gb = None

    def __repr__(self):
        return "Ideal(%s)" % ", ".join(str(g) for g in self.gens)

    def groebner(self, threads=1, timeout=None, certify=False, algorithm=None,
                 memory_limit=None, seed=None, minimal=False):
        """The reduced Groebner basis (minimal=True: a minimal one) in the ring's order.
        threads: worker threads of F4; timeout: seconds (TimeLimitExceeded past it);
        certify: over Q, prove the result; algorithm: "f4" (default) or "buchberger";
        memory_limit: bytes; seed: over Q, the primes' seed (repeatable runs)."""
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

    def reduce(self, f, **options):
        """The normal form of f (a list for a list or tuple, one per element) modulo
        the reduced Groebner basis in the ring's order (GroebnerBasis.reduce)."""
        return self.groebner(**options).reduce(f)

    def contains(self, f, **options):
        """Whether f lies in the ideal; for a list or tuple, a list with one bool per
        element (GroebnerBasis.contains)."""
        return self.groebner(**options).contains(f)

    def __contains__(self, f):
        if isinstance(f, (list, tuple)):
            raise TypeError("'in' takes one polynomial; contains() takes a list")
        return self.contains(f)

    def leading_ideal(self, **options):
        return self.groebner(**options).leading_ideal()

    def dimension(self, **options):
        """The Krull dimension of R/I (-1 for the unit ideal)."""
        return self.leading_ideal(**options).dimension()

    def degree(self, **options):
        """The degree of R/I (for a zero-dimensional ideal: the number of solutions
        with multiplicity)."""
        return self.leading_ideal(**options).degree()

    def hilbert_series(self, **options):
        """The Hilbert-Poincare series of R/LT(I) (that of R/I for a graded order and
        homogeneous I)."""
        return self.leading_ideal(**options).hilbert_series()


class GroebnerBasis:
    """A Groebner basis: a sequence of monic Polynomials in increasing order of
    leading monomial. .stats holds the run's counters."""

    def __init__(self, ring, handle, stats=None):
        self.ring = ring
        self._h = handle
        self.polys = tuple(ring._read_list(handle))
        self.stats = stats or {}

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            lib.gbc_polys_free(h)
            self._h = None

    def __len__(self):
        return len(self.polys)

    def __getitem__(self, i):
        return self.polys[i]

    def __iter__(self):
        return iter(self.polys)

    def __eq__(self, other):
        if isinstance(other, GroebnerBasis):
            return self.ring == other.ring and self.polys == other.polys
        return NotImplemented

    def __hash__(self):
        return hash(self.polys)

    def __str__(self):
        return ",\n".join(str(p) for p in self.polys)

    def __repr__(self):
        return "GroebnerBasis([%s])" % ", ".join(str(p) for p in self.polys)

    def reduce(self, f):
        """The normal form of f modulo the basis; for a list or tuple, a list with one
        normal form per element, in order (zeros, duplicates and units included: the
        normal form of 0 is 0)."""
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

    normal_form = reduce

    def contains(self, f):
        """Whether f lies in the ideal (its normal form is zero); for a list or tuple,
        a list with one bool per element, in order (0 is always a member)."""
        r = self.reduce(f)
        if isinstance(f, (list, tuple)):
            return [p.is_zero() for p in r]
        return r.is_zero()

    def __contains__(self, f):
        if isinstance(f, (list, tuple)):
            raise TypeError("'in' takes one polynomial; contains() takes a list")
        return self.contains(f)

    def is_groebner(self):
        g = ctypes.c_int()
        _check(lib.gbc_is_groebner(ctypes.byref(g), None, self._h, None))
        return bool(g.value)

    def leading_ideal(self):
        out = ctypes.c_void_p()
        _check(lib.gbc_leading_ideal(ctypes.byref(out), self._h, 1, None, None))
        return MonomialIdeal._wrap(out, self.ring)

    def dimension(self):
        return self.leading_ideal().dimension()

    def degree(self):
        return self.leading_ideal().degree()

    def hilbert_series(self):
        return self.leading_ideal().hilbert_series()

    def as_sympy(self):
        return [p.as_sympy() for p in self.polys]


class HilbertSeries:
    """N(t) / (1-t)^n: .numerator maps degrees to coefficients, .nvars is n."""

    def __init__(self, numerator, nvars):
        self.numerator = dict(numerator)
        self.nvars = nvars

    def __eq__(self, other):
        return (isinstance(other, HilbertSeries) and self.numerator == other.numerator and
                self.nvars == other.nvars)

    def numerator_text(self, var="t"):
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

    def __str__(self):
        return "(%s)/(1-t)^%d" % (self.numerator_text(), self.nvars)

    __repr__ = __str__

    def __call__(self, d):
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

    def as_sympy(self, t=None):
        sympy = _sympy()
        t = t if t is not None else sympy.Symbol("t")
        num = sum((c * t ** d for d, c in self.numerator.items()), sympy.Integer(0))
        return num / (1 - t) ** self.nvars


class MonomialIdeal:
    """A monomial ideal in nvars variables, held as its minimal generators.
    gens: exponent tuples, or monomials of ring (Polynomials, strings, SymPy)."""

    def __init__(self, gens=(), ring=None, nvars=None):
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
    def nvars(self):
        return lib.gbc_monideal_nvars(self._h)

    def gens(self):
        """The minimal generators as exponent tuples, in increasing term order."""
        k, n = lib.gbc_monideal_ngens(self._h), self.nvars
        buf = (ctypes.c_uint32 * max(1, k * n))()
        _check(lib.gbc_monideal_gens(buf, k, self._h))
        return [tuple(buf[i * n:(i + 1) * n]) for i in range(k)]

    def __len__(self):
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

    def contains(self, m):
        c = ctypes.c_int()
        _check(lib.gbc_monideal_contains(ctypes.byref(c), self._h, self._mono(m)))
        return bool(c.value)

    def __contains__(self, m):
        return self.contains(m)

    def __eq__(self, other):
        if not isinstance(other, MonomialIdeal):
            return NotImplemented
        e = ctypes.c_int()
        _check(lib.gbc_monideal_equal(ctypes.byref(e), self._h, other._h))
        return bool(e.value)

    def __hash__(self):
        return hash(tuple(self.gens()))

    def __repr__(self):
        return "MonomialIdeal(%r)" % (self.gens(),)

    def _binary(self, name, other):
        out = ctypes.c_void_p()
        with _Options() as o:
            o.run(lambda: getattr(lib, "gbc_monideal_" + name)(ctypes.byref(out), self._h,
                                                                other._h, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def __add__(self, other):
        return self._binary("sum", other)

    def __mul__(self, other):
        return self._binary("product", other)

    def __and__(self, other):
        return self._binary("intersection", other)

    def intersection(self, other):
        return self & other

    def colon(self, other):
        """I : J for a MonomialIdeal J, or I : m for one monomial."""
        if isinstance(other, MonomialIdeal):
            return self._binary("colon", other)
        out = ctypes.c_void_p()
        m = self._mono(other)
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_colon_mono(ctypes.byref(out), self._h, m, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def radical(self):
        out = ctypes.c_void_p()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_radical(ctypes.byref(out), self._h, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def alexander_dual(self, point=None):
        out = ctypes.c_void_p()
        pt = self._mono(point) if point is not None else None
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_alexdual(ctypes.byref(out), self._h, pt, o.h))
        return MonomialIdeal._wrap(out, self.ring)

    def dimension(self):
        d = ctypes.c_int64()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_dim(ctypes.byref(d), self._h, o.h))
        return d.value

    def degree(self):
        s = ctypes.c_void_p()
        with _Options() as o:
            o.run(lambda: lib.gbc_monideal_degree_string(ctypes.byref(s), self._h, o.h))
        try:
            return int(ctypes.string_at(s).decode())
        finally:
            lib.gbc_mem_free(s)

    def hilbert_series(self):
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

    def multigraded_hilbert_numerator(self):
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

    def irreducible_decomposition(self):
        """Components as exponent tuples b: Q = <x_i^b_i : b_i > 0>."""
        return self._rows("irrdecom")

    def associated_primes(self):
        """Primes as 0/1 tuples (the variables each one contains)."""
        return self._rows("assoprimes")

    def maximal_standard_monomials(self):
        return self._rows("maxstandard")


def groebner(polys, *gens, order="grevlex", field=0, modulus=None, **options):
    """The reduced Groebner basis of polys, in the style of sympy.groebner.

    polys: strings, numbers or SymPy expressions; gens: the variables (names or SymPy
    symbols; with SymPy input they default to its free symbols, sorted as SymPy
    sorts them; the first is the largest, as in SymPy). order: any order Ring takes,
    with SymPy's names meaning what they mean in SymPy ("grlex" is gbc's deglex).
    field / modulus: 0 for the rationals or a prime. options: threads,
    timeout, certify, algorithm, memory_limit, seed, minimal (see Ideal.groebner)."""
    polys = list(polys)
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
    ring = Ring([str(g) for g in gens], field=field, order=order)
    return Ideal(ring, polys).groebner(**options)
