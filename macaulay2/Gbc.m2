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

-- gbc's header for the ring of I: variable names and characteristic; the order
-- of R is passed as gbc's order name (GRevLex, Lex, GLex)
orderName := R -> (
    mo := (options R).MonomialOrder;
    names := apply(select(mo, o -> instance(o, Option)), o -> first toList o);
    if member(Lex, names) then "lex"
    else if member(GLex, names) then "deglex"
    else "grevlex")

header := R -> (
    p := char R;
    if p == 0 and coefficientRing R =!= QQ then error "gbc: the coefficient ring must be QQ or ZZ/p";
    demark(",", apply(gens R, toString)) | "\n" | toString p | "\n")

polyText := L -> demark(",\n", apply(L, f -> toString f))

-- gbc_polys_text without its header, read back as polynomials of R
readPolys := (R, rep, h) -> (
    t := fText(h, 0, rep);
    if isNull t then failed(rep, "printing");
    s := takeString t;
    lines := select(separate(",", replace("\n", "", s)), l -> l != "");
    use R;
    apply(lines, l -> value l))

parseIdeal := (I, rep) -> (
    R := ring I;
    h := fParse(header R | polyText flatten entries gens I | "\n", orderName R, nullPointer, rep);
    if isNull h then failed(rep, "reading the ideal");
    h)

gbcGroebner = method()
gbcGroebner Ideal := List => I -> (
    rep := fReportNew();
    g := parseIdeal(I, rep);
    b := fGroebner(g, nullPointer, nullPointer, rep);
    fPolysFree g;
    if isNull b then failed(rep, "groebner");
    out := readPolys(ring I, rep, b);
    fPolysFree b;
    fReportFree rep;
    out)

gbcNormalForm = method()
gbcNormalForm(RingElement, Ideal) := RingElement => (f, I) -> (
    rep := fReportNew();
    g := parseIdeal(I, rep);
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
    rep := fReportNew();
    g := parseIdeal(I, rep);
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
    value s)

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
    Coefficient rings QQ and ZZ/p; orders GRevLex, Lex and GLex.
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
