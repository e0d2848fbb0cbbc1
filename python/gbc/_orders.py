"""The one mapping from the term orders the package accepts (names, aliases, SymPy
order objects) to the order text of libgbc, so that Ring and groebner() agree on
what each name means. What cannot be mapped exactly is refused with a reason."""
import re

# name -> gbc kind; SymPy's "grlex" is gbc's deglex (degree, then lex), SymPy's
# "grevlex" is gbc's grevlex (degree, then reverse lex), "degrevlex" as in Sage
NAMES = {"grevlex": "grevlex", "degrevlex": "grevlex", "lex": "lex",
         "deglex": "deglex", "grlex": "deglex"}
# SymPy's local orders (1 > x): not well-orders, no Groebner basis of this kind
LOCAL = ("ilex", "igrlex", "igrevlex")
EXPECTED = ("expected grevlex, lex, deglex (grlex), degrevlex, weights:w1,...,wn, "
            "blocks:KIND(k),KIND(m),... with KIND one of those four names, or a SymPy "
            "lex, grlex, grevlex or ProductOrder of them on consecutive variables")
_BLOCK = re.compile(r"\s*([A-Za-z]+)\s*\(\s*([0-9]+)\s*\)\s*$")
_WEIGHT = re.compile(r"\s*([0-9]+)\s*$")
_ROW = re.compile(r"\s*(weights|wgrevlex)\s*\(([0-9,\s]*)\)\s*$")


def _items(rest, whole):
    """The comma-separated items of a blocks: list, commas inside parentheses kept."""
    items, depth, cur = [], 0, ""
    for ch in rest:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise OrderError("order %r: unbalanced parentheses" % (whole,))
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    if depth != 0:
        raise OrderError("order %r: unbalanced parentheses" % (whole,))
    items.append(cur)
    return items


class OrderError(ValueError):
    """An order that cannot be mapped; the message names it and says why."""


def _name(s, whole):
    if s in NAMES:
        return NAMES[s]
    if s in LOCAL:
        raise OrderError("order %r: %s is a local order (1 > x), which gbc does not have"
                         % (whole, s))
    raise OrderError("unknown order %r (%s)" % (whole, EXPECTED))


def _from_text(order):
    s = order.strip()
    head, colon, rest = s.partition(":")
    head = head.strip()
    if not colon:
        return _name(head, order)
    if head == "weights":
        ws = rest.split(",")
        out = []
        for w in ws:
            m = _WEIGHT.match(w)
            if not m:
                raise OrderError("order %r: weights must be positive integers separated by "
                                 "commas, not %r" % (order, w.strip()))
            out.append(str(int(m.group(1))))
        return "weights:" + ",".join(out)
    if head == "blocks":
        out = []
        for b in _items(rest, order):
            m = _BLOCK.match(b)
            r = _ROW.match(b)
            if r:
                # a weight row weights(w1,...,wn) (zeros allowed) or a weighted grevlex
                # block wgrevlex(w1,...,wm): passed on, the library checks counts
                ws = [w.strip() for w in r.group(2).split(",")]
                if not all(_WEIGHT.match(w) for w in ws):
                    raise OrderError("order %r: %s(...) takes integers separated by commas, "
                                     "not %r" % (order, r.group(1), b.strip()))
                out.append("%s(%s)" % (r.group(1), ",".join(str(int(w)) for w in ws)))
                continue
            if not m:
                raise OrderError("order %r: expected blocks like grevlex(2),lex(3), not %r"
                                 % (order, b.strip()))
            kind = m.group(1)
            if kind not in NAMES:
                raise OrderError("order %r: unknown block kind %r (expected grevlex, lex, "
                                 "deglex, grlex or degrevlex)" % (order, kind))
            out.append("%s(%d)" % (NAMES[kind], int(m.group(2))))
        return "blocks:" + ",".join(out)
    raise OrderError("unknown order %r (%s)" % (order, EXPECTED))


def _sympy_kind(o, whole):
    """The gbc kind of a SymPy LexOrder, GradedLexOrder or ReversedGradedLexOrder
    (exactly these classes: a subclass may compare otherwise)."""
    from sympy.polys import orderings as so
    kinds = {so.LexOrder: "lex", so.GradedLexOrder: "deglex",
             so.ReversedGradedLexOrder: "grevlex"}
    if type(o) in kinds:
        return kinds[type(o)]
    if isinstance(o, so.InverseOrder):
        raise OrderError("order %r: %s is a local order (1 > x), which gbc does not have"
                         % (whole, o))
    raise OrderError("order %r: cannot map the SymPy order %r (%s)" % (whole, o, EXPECTED))


def _selected(getter, nvars, whole):
    """The variable indices a ProductOrder key function picks, in order. SymPy's own
    _ItemGetter (build_product_order) says so; any other callable is evaluated on
    probe monomials of distinct exponents and must return the same coordinates of
    each (a projection like lambda m: m[1:3]); anything else is refused."""
    from sympy.polys import orderings as so
    item_getter = getattr(so, "_ItemGetter", None)
    if item_getter is not None and type(getter) is item_getter:
        idx = list(getter.seq)
        if not all(isinstance(i, int) and 0 <= i < nvars for i in idx):
            raise OrderError("order %r: a block selects variables outside 0..%d"
                             % (whole, nvars - 1))
        return idx
    n = nvars
    probes = [tuple(range(n + 1, 2 * n + 1)), tuple(range(3 * n, 2 * n, -1)),
              tuple((7919 * (i + 3)) % 104729 + 1 for i in range(n)),
              tuple(1 << (i % 60) for i in range(n))]
    probes = [p for p in probes if len(set(p)) == n]
    idx = None
    for p in probes:
        try:
            got = tuple(getter(p))
        except Exception as e:
            raise OrderError("order %r: a block's key function failed on a monomial of %d "
                             "variables (%s)" % (whole, n, e)) from None
        if idx is None:
            where = {v: i for i, v in enumerate(p)}
            if not all(type(v) is int and v in where for v in got):
                raise OrderError("order %r: a block's key function %r does not select "
                                 "variables" % (whole, getter))
            idx = [where[v] for v in got]
        elif got != tuple(p[i] for i in idx):
            raise OrderError("order %r: a block's key function %r does not select the "
                             "same variables of every monomial" % (whole, getter))
    return idx


def _from_product(order, nvars):
    blocks = []
    covered = 0
    for arg in order.args:
        if not (isinstance(arg, tuple) and len(arg) == 2):
            raise OrderError("order %r: a ProductOrder takes (order, key function) pairs"
                             % (order,))
        o, getter = arg
        kind = _sympy_kind(o, order)
        idx = _selected(getter, nvars, order)
        if not idx:
            raise OrderError("order %r: a block selects no variable" % (order,))
        if idx != list(range(covered, covered + len(idx))):
            raise OrderError("order %r: its blocks select the variables %s after %d; gbc's "
                             "blocks are consecutive variables in the ring's order (list the "
                             "variables so that they are)" % (order, idx, covered))
        blocks.append("%s(%d)" % (kind, len(idx)))
        covered += len(idx)
    if covered != nvars:
        raise OrderError("order %r: its blocks cover %d of the %d variables"
                         % (order, covered, nvars))
    return "blocks:" + ",".join(blocks)


def order_text(order, nvars):
    """The libgbc order text for order in a ring of nvars variables: None (grevlex),
    a name or alias (NAMES), "weights:w1,...,wn", "blocks:KIND(k),...", a SymPy
    Symbol holding a name, or a SymPy order object (lex, grlex, grevlex, or a
    ProductOrder of them on consecutive variables). Raises OrderError for anything
    else; the library checks the counts and ranges of weights and blocks."""
    if order is None:
        return "grevlex"
    if isinstance(order, str):
        return _from_text(order)
    mod = type(order).__module__
    if mod.startswith("sympy"):
        from sympy import Symbol
        from sympy.polys import orderings as so
        if isinstance(order, Symbol):
            return _from_text(str(order))
        if type(order) is so.ProductOrder:
            return _from_product(order, nvars)
        return _sympy_kind(order, order)
    raise OrderError("order %r: not an order name or a SymPy order (%s)" % (order, EXPECTED))


def _grevlex_key(e):
    # larger key = larger monomial: total degree, then the smaller exponent in the
    # last variable where two monomials differ is the larger
    return (sum(e),) + tuple(-k for k in reversed(e))


def _block_key(kind, e):
    if kind == "lex":
        return tuple(e)
    if kind == "deglex":
        return (sum(e),) + tuple(e)
    return _grevlex_key(e)


def monomial_key(text, nvars):
    """A sort key on exponent tuples for the library's order text (what order_text
    returns): key(a) > key(b) exactly when a is the larger monomial. The package's
    tests check it against the library's own sorting in every kind of order."""
    if text.startswith("weights:"):
        w = tuple(int(k) for k in text[len("weights:"):].split(","))
        return lambda e: (sum(a * b for a, b in zip(w, e)),) + _grevlex_key(e)
    if text.startswith("blocks:"):
        # weight rows over all variables first, then the blocks in turn; a wgrevlex
        # block is its weighted degree, then reverse lex with no total-degree step
        rows, blocks, start = [], [], 0
        for item in _items(text[len("blocks:"):], text):
            r = _ROW.match(item)
            if r:
                ws = tuple(int(w) for w in r.group(2).split(","))
                if r.group(1) == "weights":
                    rows.append(ws)
                else:
                    blocks.append((ws, start, start + len(ws)))
                    start += len(ws)
                continue
            m = _BLOCK.match(item)
            kind, size = NAMES[m.group(1)], int(m.group(2))
            blocks.append((kind, start, start + size))
            start += size

        def key(e):
            out = tuple(sum(a * b for a, b in zip(w, e)) for w in rows)
            for kind, a, b in blocks:
                part = e[a:b]
                if isinstance(kind, tuple):
                    out += (sum(w * k for w, k in zip(kind, part)),) + \
                        tuple(-k for k in reversed(part))
                else:
                    out += _block_key(kind, part)
            return out
        return key
    kind = NAMES[text]
    return lambda e: _block_key(kind, e)
