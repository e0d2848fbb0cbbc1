-- Gbc.m2: Groebner bases, normal forms and Hilbert series of Macaulay2 ideals through
-- libgbc (the C library of this repository), on Macaulay2's ForeignFunctions. Ideals
-- cross as text in gbc's input format and come back as text parsed in the ring, so
-- the package needs only the "For FFI callers" calls of gbc.h (handles as return
-- values, a gbc_report for errors). libgbc is found at $GBC_LIBRARY, else as "gbc" by
-- the system's loader (LD_LIBRARY_PATH for a non-system prefix).
newPackage("Gbc",
    Version => "0.2.0",
    Headline => "Groebner bases through the gbc C library",
    Authors => {{Name => "gbc contributors"}},
    PackageImports => {"ForeignFunctions"})

export {"gbcGroebner", "gbcNormalForm", "gbcHilbertNumerator", "gbcVersion"}

gbcLib := (
    p := getenv "GBC_LIBRARY";
    if p =!= "" then openSharedLibrary("gbc", FileName => p) else openSharedLibrary "gbc")

fVersion := foreignFunction(gbcLib, "gbc_version", charstar, void)
fReportNew := foreignFunction(gbcLib, "gbc_report_new", voidstar, void)
fReportFree := foreignFunction(gbcLib, "gbc_report_free", void, voidstar)
fReportMessage := foreignFunction(gbcLib, "gbc_report_message", charstar, voidstar)
fParse := foreignFunction(gbcLib, "gbc_parse_text", voidstar,
    {charstar, charstar, voidstar, voidstar})
fPolysMake := foreignFunction(gbcLib, "gbc_polys_make", voidstar,
    {voidstar, charstar, voidstar, voidstar})
fPolysRing := foreignFunction(gbcLib, "gbc_polys_ring", voidstar, voidstar)
fPolysFree := foreignFunction(gbcLib, "gbc_polys_free", void, voidstar)
fGroebner := foreignFunction(gbcLib, "gbc_groebner_make", voidstar,
    {voidstar, voidstar, voidstar, voidstar})
fNormalForm := foreignFunction(gbcLib, "gbc_normal_form_make", voidstar,
    {voidstar, voidstar, voidstar, voidstar})
fText := foreignFunction(gbcLib, "gbc_polys_text", voidstar, {voidstar, uint, voidstar})
fLeading := foreignFunction(gbcLib, "gbc_leading_ideal_make", voidstar,
    {voidstar, uint, voidstar, voidstar, voidstar})
fMonidealFree := foreignFunction(gbcLib, "gbc_monideal_free", void, voidstar)
fHilbert := foreignFunction(gbcLib, "gbc_monideal_hilbert_text", voidstar,
    {voidstar, charstar, voidstar, voidstar})
fMemFree := foreignFunction(gbcLib, "gbc_mem_free", void, voidstar)

gbcVersion = () -> value fVersion()

isNull := p -> value p === nullPointer

-- a string the library allocated: read, then freed
takeString := p -> (s := value charstar p; fMemFree p; s)

-- the error of the last call, as an M2 error
failed := (rep, what) -> (
    msg := value fReportMessage rep;
    fReportFree rep;
    error("gbc: " | what | ": " | msg))

-- The ring R as gbc can take it, or an error naming what it cannot: commutative
-- polynomial rings over QQ or ZZ/p (p < 2^31) with a global monomial order; no
-- quotient rings, towers, GF(q), ZZ, fraction fields, local orders, skew-commutative
-- or Weyl algebras, or Laurent variables.
checkRing := R -> (
    if not instance(R, PolynomialRing) then (
        if isQuotientRing R then
            error "gbc: quotient rings are not supported: compute in the ambient ring with the defining ideal added";
        error("gbc: the ring must be a polynomial ring over QQ or ZZ/p, not " | toString R));
    K := coefficientRing R;
    if not (K === QQ or (instance(K, QuotientRing) and ambient K === ZZ)) then
        error("gbc: the coefficient ring must be QQ or ZZ/p (p prime < 2^31), not " | toString K
            | (if instance(K, GaloisField) then " (write ZZ/p for a prime field)" else ""));
    if char K >= 2^31 then error("gbc: the characteristic must be below 2^31, not " | toString char K);
    o := options R;
    if o.SkewCommutative =!= {} and o.SkewCommutative =!= false then
        error "gbc: skew-commutative rings are not supported";
    if o.WeylAlgebra =!= {} then error "gbc: Weyl algebras are not supported";
    if o.Inverses === true then error "gbc: rings with inverses (Laurent variables) are not supported";
    if o.Global === false then error "gbc: local orders (Global => false) are not supported";
    apply(gens R, v -> (
        s := toString v;
        if not match("^[A-Za-z][A-Za-z0-9_]*$", s) then
            error("gbc: variable name " | s | " is not supported (letters, digits and _ only)")));
    R)

-- gbc's order text for R's monomial order, read from the monoid's MonomialOrder as
-- Macaulay2 records it (so GLex is {Weights => {1,..,1}, Lex => n}, Eliminate k is
-- {Weights => {1,..,1,0,..}, GRevLex => ...}, Degrees make GRevLex weighted): rows
-- of Weights (padded with zeros), then blocks GRevLex => {w} (weighted grevlex when
-- w is not all 1) and Lex => k; MonomialSize and Position do not change an order
-- on polynomials. Anything else is refused with its name.
orderText := R -> (
    n := numgens R;
    rows := {};
    blocks := {};
    scan(toList (options R).MonomialOrder, item -> (
        if not instance(item, Option) then
            error("gbc: monomial order item " | toString item | " is not supported");
        key := item#0;
        val := item#1;
        if key === MonomialSize or key === Position then null
        else if key === Weights then (
            if #blocks > 0 then
                error("gbc: a Weights row after a block (" | toString (options R).MonomialOrder
                    | ") is not supported");
            wr := toList val;
            if #wr > n or any(wr, x -> not instance(x, ZZ) or x < 0 or x >= 2^31) then
                error("gbc: Weights => " | toString val | " is not supported (at most " | toString n
                    | " integers in 0..2^31-1)");
            rows = append(rows, wr | toList(n - #wr : 0)))
        else if key === GRevLex then (
            w := if instance(val, List) then val else toList(val : 1);
            if any(w, x -> not instance(x, ZZ) or x <= 0 or x >= 2^31) then
                error("gbc: GRevLex => " | toString val | " is not supported (weights must be positive)");
            blocks = append(blocks, if all(w, x -> x == 1) then "grevlex(" | toString(#w) | ")"
                else "wgrevlex(" | demark(",", apply(w, toString)) | ")"))
        else if key === Lex then (
            if not instance(val, ZZ) or val <= 0 then
                error("gbc: Lex => " | toString val | " is not supported");
            blocks = append(blocks, "lex(" | toString val | ")"))
        else error("gbc: monomial order item " | toString key | " (in " | toString (options R).MonomialOrder
            | ") is not supported")));
    if #blocks == 0 then error "gbc: the monomial order has no blocks";
    -- the plain names where they are exactly the order (their paths are the fastest)
    if #rows == 0 and #blocks == 1 and match("^grevlex", blocks#0) then "grevlex"
    else if #rows == 0 and #blocks == 1 and match("^lex", blocks#0) then "lex"
    else if #rows == 1 and #blocks == 1 and match("^lex", blocks#0) and all(rows#0, x -> x == 1) then "deglex"
    else if #rows == 1 and #blocks == 1 and match("^grevlex", blocks#0) and all(rows#0, x -> x > 0) then
        "weights:" | demark(",", apply(rows#0, toString))
    else "blocks:" | demark(",", apply(rows, r -> "weights(" | demark(",", apply(r, toString)) | ")") | blocks))

-- gbc's header for the ring R: variable names and characteristic
header := R -> (
    demark(",", apply(gens R, toString)) | "\n" | toString char R | "\n")

polyText := L -> demark(",\n", apply(L, f -> toString f))

-- gbc_polys_text without its header, read back as polynomials of R
readPolys := (R, rep, h) -> (
    t := fText(h, 0, rep);
    if isNull t then failed(rep, "printing");
    s := takeString t;
    lines := select(separate(",", replace("\n", "", s)), l -> l != "");
    use R;
    apply(lines, l -> (value l) * 1_R))

-- the ring and order of I checked and translated before anything is allocated
prepare := I -> (R := checkRing ring I; (R, orderText R))

parseIdeal := (I, ot, rep) -> (
    R := ring I;
    h := fParse(header R | polyText flatten entries gens I | "\n", ot, nullPointer, rep);
    if isNull h then failed(rep, "reading the ideal");
    h)

gbcGroebner = method()
gbcGroebner Ideal := List => I -> (
    (R, ot) := prepare I;
    rep := fReportNew();
    g := parseIdeal(I, ot, rep);
    b := fGroebner(g, nullPointer, nullPointer, rep);
    fPolysFree g;
    if isNull b then failed(rep, "groebner");
    out := readPolys(ring I, rep, b);
    fPolysFree b;
    fReportFree rep;
    out)

gbcNormalForm = method()
gbcNormalForm(RingElement, Ideal) := RingElement => (f, I) -> (
    (R, ot) := prepare I;
    if ring f =!= R then error "gbc: the polynomial and the ideal must be in the same ring";
    rep := fReportNew();
    g := parseIdeal(I, ot, rep);
    b := fGroebner(g, nullPointer, nullPointer, rep);
    fPolysFree g;
    if isNull b then failed(rep, "groebner");
    F := fPolysMake(fPolysRing b, toString f, nullPointer, rep);
    if isNull F then (fPolysFree b; failed(rep, "reading the polynomial"));
    n := fNormalForm(F, b, nullPointer, rep);
    fPolysFree F;
    fPolysFree b;
    if isNull n then failed(rep, "normal form");
    out := readPolys(ring I, rep, n);
    fPolysFree n;
    fReportFree rep;
    if #out == 0 then 0_(ring I) else first out)

-- the numerator N(T) of the Hilbert series N(T)/(1-T)^n of R/LT(I), in ZZ[T]
gbcHilbertNumerator = method()
gbcHilbertNumerator Ideal := RingElement => I -> (
    (R, ot) := prepare I;
    if any(degrees R, d -> d =!= {1}) then
        error("gbc: the Hilbert series needs the standard grading (all degrees {1}), not Degrees => "
            | toString degrees R);
    rep := fReportNew();
    g := parseIdeal(I, ot, rep);
    m := fLeading(g, 0, nullPointer, nullPointer, rep);
    fPolysFree g;
    if isNull m then failed(rep, "leading ideal");
    t := fHilbert(m, "T", nullPointer, rep);
    fMonidealFree m;
    if isNull t then failed(rep, "hilbert");
    s := takeString t;
    fReportFree rep;
    A := ZZ[getSymbol "T"];
    use A;
    (value s) * 1_A)

beginDocumentation()
doc ///
Key
  Gbc
Headline
  Groebner bases through the gbc C library
Description
  Text
    {\tt gbcGroebner I} is the reduced Groebner basis of I computed by libgbc,
    {\tt gbcNormalForm(f, I)} the normal form of f modulo I, and
    {\tt gbcHilbertNumerator I} the numerator of the Hilbert series of R/LT(I).
  Text
    Rings: polynomial rings over QQ or ZZ/p (p prime, p < 2^31) with a global
    monomial order. Refused with an error: quotient rings (compute in the ambient
    ring with the defining ideal added), towers such as QQ[a][x], GF(q), ZZ,
    fraction fields, local orders (Global => false), skew-commutative rings, Weyl
    algebras, Laurent variables (Inverses => true), variable names other than
    letters, digits and _, and for gbcHilbertNumerator any grading but the standard
    one.
  Text
    Orders are read from the ring's monoid as Macaulay2 records them and map
    exactly onto gbc's: GRevLex (grevlex), Lex (lex), GLex (recorded as Weights =>
    {1,..,1}, Lex, i.e. deglex), Weights => w (rows of weights, zeros allowed,
    padded with zeros, compared first; one positive row before GRevLex is gbc's
    weights:w), Eliminate n (a 0/1 weight row), products such as {2,2} or {Lex =>
    1, GRevLex => 3} (gbc's blocks), and GRevLex => {w1,..,wm} (weighted grevlex, as
    non-standard Degrees make it: gbc's wgrevlex). MonomialSize and Position do
    not change an order on polynomials. Refused with an error naming it: a Weights
    row after a block, negative weights, RevLex, GroupLex, GroupRevLex and any other
    item.
///

TEST ///
  R = QQ[x,y,z];
  I = ideal(x^2+y^2+z^2-1, x-y, y-z^2);
  G = gbcGroebner I;
  assert(ideal G == I);
  -- M2 clears denominators over QQ: compare the monic forms
  monic = f -> (1 / leadCoefficient f) * f;
  assert(set G === set apply(flatten entries gens gb I, monic));
  assert(all(G, g -> leadCoefficient g == 1));
  assert(gbcNormalForm(x^3, I) == x^3 % I);
  assert(gbcNormalForm(x^2+y^2+z^2-1, I) == 0);
///

TEST ///
  R = ZZ/32003[a,b,c,d];
  I = ideal(a+b+c+d, a*b+b*c+c*d+d*a, a*b*c+b*c*d+c*d*a+d*a*b, a*b*c*d-1);
  G = gbcGroebner I;
  assert(set G === set flatten entries gens gb I);
  N = gbcHilbertNumerator I;
  T = (ring N)_0;
  assert(sub(N, T => (ring numerator hilbertSeries I)_0) == numerator hilbertSeries I);
///

TEST ///
  R = QQ[x,y, MonomialOrder => Lex];
  I = ideal(x^2-y, x*y-1);
  assert(sort gbcGroebner I == sort flatten entries gens gb I);
///
