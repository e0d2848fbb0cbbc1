"""msolve's rational parametrisation (the text of gbc_solutions_to_string in the msolve
format after gbc_solve with GBC_SOLVE_PARAMETRIZATION; docs/solve.md) read into a
Parametrization.

The text is a nested list followed by a colon. Its atoms are integers (a sign and
decimal digits), quoted names ('x'), and in the boxes over Q the endpoints
"a / b" and "a / 2^k". The grammar read here:

    output := value ':'
    value  := '[' [value (',' value)*] ']' | name | number
    number := int ['/' (int '^' int | int)]
    int    := ['-'] digit+
    name   := "'" any character but "'" "'"

and its meaning (docs/solve.md, "Output" and "Over Z/p"): "[-1]" for the unit ideal;
else [0, P] over Z/p and [0, P, [1, boxes]] over Q, with
P = [p, N, D, names, form, [1, [[D, w], [e, q], [entry, ...]]]], each polynomial a
pair [degree, [c_0, ..., c_degree]] (lowest degree first), and each entry
[[d_i, v_i], den_i] over Q, [[d_i, v_i]] over Z/p (den_i = 1), one for each variable
but the last when no variable is added."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, List, Optional, Sequence, Tuple, Union

Number = Union[int, Fraction]


class FormatError(ValueError):
    """The text is not msolve's parametrisation as docs/solve.md describes it."""


def _tokens(text: str) -> List[Tuple[str, Any]]:
    out: List[Tuple[str, Any]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "[],:/^":
            out.append((ch, None))
            i += 1
        elif ch == "'":
            j = text.find("'", i + 1)
            if j < 0:
                raise FormatError("unterminated name at offset %d" % i)
            out.append(("name", text[i + 1:j]))
            i = j + 1
        elif ch == "-" or ch.isdigit():
            j = i + 1
            while j < n and text[j].isdigit():
                j += 1
            if j == i + 1 and ch == "-":
                raise FormatError("'-' without digits at offset %d" % i)
            out.append(("int", int(text[i:j])))
            i = j
        else:
            raise FormatError("unexpected %r at offset %d" % (ch, i))
    return out


class _Reader:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.at = 0

    def peek(self) -> str:
        return self.toks[self.at][0] if self.at < len(self.toks) else "end"

    def take(self, kind: str) -> Any:
        if self.peek() != kind:
            raise FormatError("expected %r, found %r (token %d)" % (kind, self.peek(), self.at))
        self.at += 1
        return self.toks[self.at - 1][1]

    def value(self) -> Any:
        k = self.peek()
        if k == "[":
            self.take("[")
            items: List[Any] = []
            if self.peek() != "]":
                items.append(self.value())
                while self.peek() == ",":
                    self.take(",")
                    items.append(self.value())
            self.take("]")
            return items
        if k == "name":
            return self.take("name")
        a = self.take("int")
        if self.peek() != "/":
            return a
        self.take("/")
        b = self.take("int")
        if self.peek() == "^":
            self.take("^")
            b = b ** self.take("int")
        if b == 0:
            raise FormatError("a zero denominator")
        return Fraction(a, b)


def read(text: str) -> Any:
    """The nested lists of an msolve output "value:" (ints, Fractions, str names)."""
    r = _Reader(text)
    v = r.value()
    r.take(":")
    if r.peek() != "end":
        raise FormatError("text after the final ':'")
    return v


def _ints(v: Any, what: str) -> List[int]:
    if not isinstance(v, list) or not all(isinstance(c, int) for c in v):
        raise FormatError("%s is not a list of integers" % what)
    return v


def _upoly(v: Any, what: str) -> List[int]:
    """[d, [c_0, ..., c_d]] -> [c_0, ..., c_d]."""
    if not isinstance(v, list) or len(v) != 2 or not isinstance(v[0], int):
        raise FormatError("%s is not [degree, [coefficients]]" % what)
    c = _ints(v[1], what)
    if len(c) != v[0] + 1:
        raise FormatError("%s has degree %d but %d coefficients" % (what, v[0], len(c)))
    return list(c)


def _trim(c: List[int]) -> List[int]:
    c = list(c)
    while len(c) > 1 and c[-1] == 0:
        c.pop()
    return c


def _pmod(a: Sequence[Number], w: Sequence[Number]) -> List[Number]:
    """a modulo w over Q (exact; w with a nonzero leading coefficient)."""
    r: List[Number] = [Fraction(c) for c in a]
    d = len(w) - 1
    for k in range(len(r) - 1, d - 1, -1):
        if r[k]:
            q = Fraction(r[k]) / w[d]
            for j in range(d + 1):
                r[k - d + j] -= q * w[j]
    return r[:d] if d > 0 else []


def _peval(c: Sequence[Number], t: Number, p: int) -> Number:
    acc: Number = 0
    for a in reversed(c):
        acc = acc * t + a
        if p:
            acc %= p
    return acc


class Parametrization:
    """msolve's rational parametrisation of the solutions of a zero-dimensional ideal
    (radical over Z/p) in k[x_1, ..., x_n] (Ideal.parametrization; docs/solve.md).

    With T = sum(form[i] * x_i):

    - ``w``: the coefficients [w_0, ..., w_D] of w(T), lowest degree first, squarefree;
      its D roots (over the algebraic closure) are the values of T at the D distinct
      solutions. Over Q integers, primitive; over Z/p residues in [0, p), monic.
    - ``q``: the coefficients of the common denominator q(T): over Q w'(T), over Z/p
      the constant 1 (msolve's two layouts).
    - ``v[i]`` and ``den[i]``, for each variable x_i: x_i = -v_i(T) / (den_i * q(T))
      at every root T of w (v_i integers over Q, residues over Z/p; den_i a positive
      integer, 1 over Z/p). ``v[i]`` has at most D coefficients, lowest degree first.

    msolve's text writes the form as its list [c_1, ..., c_n, 1] with T = -(c_1 x_1 +
    ... + c_n x_n) when it adds a variable (``new_variable``; ``form`` is then
    [-c_1, ..., -c_n]), and as [0, ..., 0, 1] with T = x_n when it does not; it lists
    no v for x_n then: here that entry is v_n = -(T q(T) mod w) made integral (over Q:
    v_n = sum (D - k) w_k T^k, den_n = 1, since T w'(T) - D w(T) has degree < D), so
    that every variable has one. ``msolve_text`` is the library's text as read."""

    characteristic: int
    variables: Tuple[str, ...]
    new_variable: bool
    form: Tuple[int, ...]
    w: List[int]
    q: List[int]
    v: List[List[int]]
    den: List[int]
    msolve_text: str

    def __init__(self, text: str, nvars: int) -> None:
        top = read(text)
        if not (isinstance(top, list) and len(top) in (2, 3) and top[0] == 0
                and isinstance(top[1], list) and len(top[1]) == 6):
            raise FormatError("not msolve's parametrisation output")
        p, nv, d, names, form, body = top[1]
        if not isinstance(p, int) or p < 0 or not isinstance(d, int) or d < 0:
            raise FormatError("a bad characteristic or degree")
        if not isinstance(names, list) or not all(isinstance(s, str) for s in names):
            raise FormatError("the variables are not a list of names")
        form = _ints(form, "the linear form")
        if nv != len(names) or len(form) != nv:
            raise FormatError("N, the variables and the form disagree")
        if nv not in (nvars, nvars + 1) or nvars < 1:
            raise FormatError("%d variables listed for a ring with %d" % (nv, nvars))
        self.new_variable = nv == nvars + 1
        if not (isinstance(body, list) and len(body) == 2 and body[0] == 1
                and isinstance(body[1], list) and len(body[1]) == 3):
            raise FormatError("the polynomials are not [1, [w, q, [v ...]]]")
        self.characteristic = p
        self.msolve_text = text
        self._read_polys(body[1], d)
        self._read_form(names, form)

    def _read_form(self, names: List[str], form: List[int]) -> None:
        n = len(names) - 1 if self.new_variable else len(names)
        self.variables = tuple(names[:n])
        if self.new_variable:
            self.form = tuple(-c for c in form[:n])
        else:
            if form != [0] * (n - 1) + [1]:
                raise FormatError("the form is neither [c_1, ..., c_n, 1] nor [0, ..., 0, 1]")
            self.form = tuple(form)
        if len(self.v) != (n if self.new_variable else n - 1):
            raise FormatError("%d parametrised variables for %d variables"
                              % (len(self.v), n))
        if not self.new_variable:  # x_n = T: v_n = -(T q(T) mod w), made integral
            D = len(self.w) - 1
            if self.characteristic:
                p = self.characteristic
                r = _pmod([0] + self.q, self.w)
                self.v.append(_trim([int((-c) % p) for c in r] or [0]))
            else:
                self.v.append(_trim([(D - k) * self.w[k] for k in range(D)] or [0]))
            self.den.append(1)

    def _read_polys(self, polys: List[Any], d: int) -> None:
        self.w = _upoly(polys[0], "w")
        self.q = _upoly(polys[1], "the denominator")
        if len(self.w) != d + 1 or self.w[-1] == 0:
            raise FormatError("w does not have degree D")
        if not isinstance(polys[2], list):
            raise FormatError("the v_i are not a list")
        self.v, self.den = [], []
        for k, e in enumerate(polys[2]):
            what = "v_%d" % (k + 1)
            if not isinstance(e, list) or len(e) not in (1, 2):
                raise FormatError("%s is not [[d, [v]], den] or [[d, [v]]]" % what)
            den = e[1] if len(e) == 2 else 1
            if not isinstance(den, int) or den <= 0:
                raise FormatError("%s's denominator is not a positive integer" % what)
            vi = _upoly(e[0], what)
            if len(vi) > max(1, d):
                raise FormatError("%s has degree at least D" % what)
            self.v.append(vi)
            self.den.append(den)

    @property
    def degree(self) -> int:
        """D = deg w: the number of distinct solutions over the algebraic closure."""
        return len(self.w) - 1

    def __repr__(self) -> str:
        return "Parametrization(characteristic=%d, variables=%r, form=%r, degree=%d)" % (
            self.characteristic, self.variables, self.form, self.degree)

    def point(self, t: Number) -> Tuple[Number, ...]:
        """The solution (x_1, ..., x_n) = (-v_i(t) / (den_i q(t))) at a root t of w in
        the field (an int residue over Z/p, a Fraction over Q). ZeroDivisionError when
        q(t) = 0 (t is not a root of the squarefree w)."""
        p = self.characteristic
        qt = _peval(self.q, t, p)
        out: List[Number] = []
        for vi, di in zip(self.v, self.den):
            num = -_peval(vi, t, p)
            if p:
                den = int(di * qt) % p
                if den == 0:
                    raise ZeroDivisionError("q(t) = 0 modulo p")
                out.append(num * pow(den, p - 2, p) % p)
            else:
                out.append(Fraction(num) / (di * qt))
        return tuple(out)

    def value(self, point: Sequence[Number]) -> Number:
        """T = sum(form[i] * x_i) at a point (reduced modulo p over Z/p)."""
        s: Number = sum((c * x for c, x in zip(self.form, point)), 0)
        return s % self.characteristic if self.characteristic else s


def parse(text: str, nvars: int) -> Optional[Parametrization]:
    """The Parametrization of msolve-format text for a ring of nvars variables, None for
    the unit ideal ("[-1]:")."""
    if read(text) == [-1]:
        return None
    return Parametrization(text, nvars)
