-- Gbc.m2: Groebner bases, ideal operations, syzygies, Betti tables and real solutions
-- of Macaulay2 ideals and matrices through libgbc (the C library of this repository),
-- on Macaulay2's ForeignFunctions. Polynomials cross to the library as text in gbc's
-- input format and come back as exponent and coefficient arrays, built into the
-- caller's ring without touching the caller's symbols. libgbc is found at
-- $GBC_LIBRARY, else as "gbc" by the system's loader (LD_LIBRARY_PATH for a
-- non-system prefix).
newPackage("Gbc",
    Version => "0.3.0",
    Headline => "Groebner bases through the gbc C library",
    Authors => {{Name => "gbc contributors"}},
    PackageImports => {"ForeignFunctions"})

export {"gbcGroebner", "gbcGB", "gbcNormalForm", "gbcMember", "gbcHilbertNumerator", "gbcVersion",
    "gbcIntersect", "gbcQuotient", "gbcSaturate", "gbcEliminate", "gbcLift",
    "gbcDim", "gbcDegree", "gbcSyz", "gbcBetti", "gbcRes", "gbcRealSolutions", "gbcSolutions",
    "gbcKbase", "gbcMultiplicationMatrices", "gbcParametrization",
    "gbcLearn", "gbcApply", "GbcTrace", "Trust",
    "Threads", "Certify", "TimeLimit", "MemoryLimit"}

gbcLib := (
    p := getenv "GBC_LIBRARY";
    if p =!= "" then openSharedLibrary("gbc", FileName => p) else openSharedLibrary "gbc")

ff := (name, out, ins) -> foreignFunction(gbcLib, name, out, ins)
fVersion := ff("gbc_version", charstar, void)
fStatusString := ff("gbc_status_string", charstar, int)
fReportNew := ff("gbc_report_new", voidstar, void)
fReportFree := ff("gbc_report_free", void, voidstar)
fReportMessage := ff("gbc_report_message", charstar, voidstar)
fErrorMessage := ff("gbc_error_message", charstar, voidstar)
fMemFree := ff("gbc_mem_free", void, voidstar)
fOptionsMake := ff("gbc_options_make", voidstar, void)
fOptionsFree := ff("gbc_options_free", void, voidstar)
fSetAlgorithm := ff("gbc_options_set_algorithm", int, {voidstar, int})
fSetThreads := ff("gbc_options_set_threads", int, {voidstar, int})
fSetCertify := ff("gbc_options_set_certify", int, {voidstar, int})
fSetTimeLimit := ff("gbc_options_set_time_limit", int, {voidstar, double})
fSetMemoryLimit := ff("gbc_options_set_memory_limit", int, {voidstar, ulong})
fCancelled := ff("gbc_options_cancelled", int, voidstar)
fWatchBegin := ff("gbc_signal_watch_begin", int, {voidstar, int})
fWatchEnd := ff("gbc_signal_watch_end", int, void)
fRingMake := ff("gbc_ring_make", voidstar, {charstar, uint32, charstar, voidstar})
fRingFree := ff("gbc_ring_free", void, voidstar)
fParseList := ff("gbc_polys_parse_list", int, {voidstar, voidstar, charstar, ulong, voidstar, voidstar})
fPolysFree := ff("gbc_polys_free", void, voidstar)
fPolysCount := ff("gbc_polys_count", ulong, voidstar)
fToArrays := ff("gbc_polys_to_arrays_q", int, {voidstar, voidstar, voidstar, voidstar})
fGroebner := ff("gbc_groebner", int, {voidstar, voidstar, voidstar, voidstar})
fReduce := ff("gbc_reduce", int, {voidstar, voidstar, voidstar, voidstar, voidstar})
fMember := ff("gbc_member", int, {voidstar, voidstar, voidstar, voidstar, voidstar})
fEliminate := ff("gbc_eliminate", int, {voidstar, voidstar, voidstar, ulong, voidstar, voidstar})
fIntersect := ff("gbc_intersect", int, {voidstar, voidstar, voidstar, voidstar, voidstar})
fQuotient := ff("gbc_quotient", int, {voidstar, voidstar, voidstar, voidstar, voidstar})
fSaturate := ff("gbc_saturate", int, {voidstar, voidstar, voidstar, int, voidstar, voidstar})
fLift := ff("gbc_lift", int, {voidstar, voidstar, voidstar, voidstar, voidstar, voidstar})
fLeading := ff("gbc_leading_ideal_make", voidstar, {voidstar, uint, voidstar, voidstar, voidstar})
fMonidealFree := ff("gbc_monideal_free", void, voidstar)
fDimValue := ff("gbc_monideal_dim_value", int64, {voidstar, voidstar, voidstar})
fDegreeText := ff("gbc_monideal_degree_text", voidstar, {voidstar, voidstar, voidstar})
fHilbert := ff("gbc_monideal_hilbert", int, {voidstar, voidstar, voidstar, voidstar, voidstar})
fModuleSyz := ff("gbc_module_syz", int, {voidstar, voidstar, uint32, voidstar, voidstar})
fModuleGroebner := ff("gbc_module_groebner", int, {voidstar, voidstar, uint32, int, voidstar, voidstar})
fModuleGroebnerSchreyer := ff("gbc_module_groebner_schreyer", int,
    {voidstar, voidstar, uint32, voidstar, uint32, voidstar, voidstar})
fModuleReduceOrder := ff("gbc_module_reduce_order", int,
    {voidstar, voidstar, voidstar, uint32, int, voidstar, voidstar})
fModuleReduceSchreyer := ff("gbc_module_reduce_schreyer", int,
    {voidstar, voidstar, voidstar, uint32, voidstar, uint32, voidstar, voidstar})
fModuleLift := ff("gbc_module_lift", int,
    {voidstar, voidstar, voidstar, voidstar, uint32, voidstar, voidstar})
fModuleBetti := ff("gbc_module_betti", int,
    {voidstar, voidstar, voidstar, voidstar, uint32, voidstar, voidstar})
fModuleRes := ff("gbc_module_res", int, {voidstar, voidstar, uint32, voidstar, voidstar})
fResLength := ff("gbc_resolution_length", ulong, voidstar)
fResRank := ff("gbc_resolution_rank", ulong, {voidstar, ulong})
fResDegree := ff("gbc_resolution_degree", int64, {voidstar, ulong, ulong})
fResMap := ff("gbc_resolution_map", voidstar, {voidstar, ulong})
fResFree := ff("gbc_resolution_free", void, voidstar)
fSolve := ff("gbc_solve", int, {voidstar, voidstar, uint32, uint, voidstar, voidstar})
fSolutionsFree := ff("gbc_solutions_free", void, voidstar)
fKbase := ff("gbc_kbase", int, {voidstar, voidstar, voidstar, voidstar, voidstar})
fSolutionsCount := ff("gbc_solutions_count", ulong, voidstar)
fSolutionsDim := ff("gbc_solutions_dim", int64, voidstar)
fSolutionsText := ff("gbc_solutions_to_string", int, {voidstar, voidstar, voidstar, int})
fStringFree := ff("gbc_string_free", void, voidstar)
fTraceLearn := ff("gbc_trace_mod_learn", int, {voidstar, voidstar, voidstar, voidstar, voidstar})
fTraceApply := ff("gbc_trace_mod_apply_flags", int,
    {voidstar, voidstar, voidstar, uint, voidstar, voidstar})
fTraceNgens := ff("gbc_trace_mod_ngens", ulong, voidstar)
fTracePrime := ff("gbc_trace_mod_prime", uint32, voidstar)
fTraceFree := ff("gbc_trace_mod_free", void, voidstar)
fSolutionsZp := ff("gbc_solutions_get_zp", int, {voidstar, voidstar, ulong})
fEndpoint := ff("gbc_solutions_endpoint", int,
    {voidstar, ulong, voidstar, voidstar, voidstar, ulong, uint32, int})

gbcVersion = () -> value fVersion()

isNull := p -> value p === nullPointer

-- gbc_error is 16 bytes of line and column and a 256-byte message
errorBytes := 16 + 256

-- The C objects of one call: each is owned by the scope, freed (in reverse order)
-- by release, which every exit path calls: the normal return (withRing) and every
-- error the package raises (fail). Only an error raised by Macaulay2 itself between
-- two calls would skip it and leave them allocated (Ctrl-C during a call is the
-- library's: see makeOptions).
newScope := () -> new MutableHashTable from {"items" => {}}
own := (sc, p, freeFn) -> (sc#"items" = append(sc#"items", (p, freeFn)); p)
release := sc -> (
    items := reverse sc#"items";
    sc#"items" = {};
    scan(items, e -> (e#1) (e#0)))
fail := (sc, what, msg) -> (release sc; error("gbc: " | what | ": " | msg))
-- a call that returns a gbc_status: an error naming it unless GBC_OK; msg (may be
-- null) gives the reason when the call filled a gbc_error
check := (sc, st, what, err) -> (
    s := if instance(st, ZZ) then st else value st;
    if s != 0 then fail(sc, what,
        if err =!= null and value fErrorMessage err != "" then value fErrorMessage err
        else if s == 4 and sc#?"options" and value fCancelled(sc#"options") != 0 then
            "interrupted (Ctrl-C)"
        else if s == 4 then "interrupted: the time limit (TimeLimit) was reached"
        else if s == 2 and sc#?"memory" then
            "stopped: the memory limit (MemoryLimit => " | toString sc#"memory" | " bytes) was reached"
        else value fStatusString s))

-- the options every computing function takes, and the gbc_options they make
gbcOptions := {Strategy => null, Threads => 1, Certify => false, TimeLimit => 0, MemoryLimit => 0}
checkOptions := o -> (
    if not member(o.Strategy, {null, "F4", "Buchberger", "Signature"}) then
        error("gbc: Strategy => " | toString o.Strategy
            | " is not supported (\"F4\", \"Buchberger\" or \"Signature\")");
    if not instance(o.Threads, ZZ) or o.Threads < 1 or o.Threads > 1024 then
        error("gbc: Threads => " | toString o.Threads | " must be an integer from 1 to 1024");
    if not instance(o.Certify, Boolean) then
        error("gbc: Certify => " | toString o.Certify | " must be true or false");
    if not (instance(o.TimeLimit, ZZ) or instance(o.TimeLimit, QQ) or instance(o.TimeLimit, RR))
        or o.TimeLimit < 0 or o.TimeLimit > 10^9 then
        error("gbc: TimeLimit => " | toString o.TimeLimit | " must be a number of seconds from 0 (no limit) to 10^9");
    if not instance(o.MemoryLimit, ZZ) or o.MemoryLimit < 0 or o.MemoryLimit >= 2^62 then
        error("gbc: MemoryLimit => " | toString o.MemoryLimit | " must be a number of bytes from 0 (no limit) to 2^62"))
makeOptions := (sc, o) -> (
    h := fOptionsMake();
    if isNull h then fail(sc, "options", "out of memory");
    own(sc, h, fOptionsFree);
    algo := if o.Strategy === "Buchberger" then 1 else if o.Strategy === "F4" then 2
        else if o.Strategy === "Signature" then 3 else 0;
    check(sc, fSetAlgorithm(h, algo), "Strategy", null);
    check(sc, fSetThreads(h, o.Threads), "Threads", null);
    check(sc, fSetCertify(h, if o.Certify then 1 else 0), "Certify", null);
    check(sc, fSetTimeLimit(h, o.TimeLimit * 1.0), "TimeLimit", null);
    if o.MemoryLimit > 0 then (
        check(sc, fSetMemoryLimit(h, o.MemoryLimit), "MemoryLimit", null);
        sc#"memory" = o.MemoryLimit);
    -- Ctrl-C (SIGINT, 2) while the scope lives cancels its computations: Macaulay2
    -- sees an interrupt only between two calls, so the library takes the signal
    -- until the scope is released, which gives it back to Macaulay2 (the watch is
    -- released before the options). A nested scope finds the watch taken and
    -- leaves it to the outer one.
    if value fWatchBegin(h, 2) == 0 then (
        sc#"options" = h;
        own(sc, h, x -> fWatchEnd()));
    h)

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

-- A computation in the ring R: R and its order checked and translated before
-- anything is allocated, then a scope with the options and gbc's ring. The caller
-- releases the scope (through fail on an error).
begin := (R, o) -> (
    checkRing R;
    ot := orderText R;
    checkOptions o;
    sc := newScope();
    rep := fReportNew();
    if isNull rep then error "gbc: out of memory";
    own(sc, rep, fReportFree);
    opts := makeOptions(sc, o);
    rh := fRingMake(demark(",", apply(gens R, toString)), char R, ot, rep);
    if isNull rh then fail(sc, "ring", value fReportMessage rep);
    own(sc, rh, fRingFree);
    err := getMemory(errorBytes, Atomic => true);
    new HashTable from {"scope" => sc, "opts" => opts, "ring" => rh, "R" => R, "err" => err})

-- the list L of elements of R as a gbc list, position for position (zeros kept);
-- integers, rationals and elements of the coefficient field are taken into R
toGbc := (ctx, L) -> (
    sc := ctx#"scope";
    R := ctx#"R";
    L = apply(L, f ->
        if instance(f, RingElement) and ring f === R then f
        else if instance(f, ZZ) or instance(f, QQ)
            or (instance(f, RingElement) and ring f === coefficientRing R) then promote(f, R)
        else fail(sc, "input", toString f | " is not an element of the ring " | toString R));
    t := demark(",\n", apply(L, f -> toString f));
    out := voidstar nullPointer;
    check(sc, fParseList(address out, ctx#"ring", t, #t, ctx#"opts", ctx#"err"),
        "reading the polynomials", ctx#"err");
    own(sc, value out, fPolysFree))

-- a list returned through an out-pointer, owned by the scope
outList := (ctx, out) -> own(ctx#"scope", value out, fPolysFree)

-- the polynomials of the gbc list P as elements of R, read from its arrays; over QQ
-- with primitive = true each is scaled to integer coefficients without a common
-- factor (as Macaulay2's gb gives them; gbc's bases are monic, so the leading
-- coefficient stays positive)
fromGbc := (ctx, P, primitive) -> (
    sc := ctx#"scope";
    R := ctx#"R";
    n := value fPolysCount P;
    if n == 0 then return {};
    a := voidstar nullPointer; b := voidstar nullPointer; c := voidstar nullPointer;
    check(sc, fToArrays(address a, address b, address c, P), "reading the result", null);
    own(sc, value a, fMemFree); own(sc, value b, fMemFree); own(sc, value c, fMemFree);
    nt := value (n * ulong) a;
    tot := sum nt;
    nv := numgens R;
    K := coefficientRing R;
    (ex, co) := if tot == 0 then ({}, {}) else (
        value ((tot * nv) * uint32) b, value (tot * charstar) c);
    pos := 0;
    apply(nt, k -> (
        cs := apply(k, j -> (x := value co#(pos + j); if K === QQ then x / 1 else x));
        ms := apply(k, j -> R_(ex_{(pos + j) * nv .. (pos + j) * nv + nv - 1}));
        pos = pos + k;
        if primitive and K === QQ and k > 0 then (
            s := lcm apply(cs, x -> denominator x) / gcd apply(cs, x -> numerator x);
            cs = apply(cs, x -> x * s));
        sum(k, j -> promote(cs#j, K) * ms#j) + 0_R)))

-- a one-row matrix of R (1 x 0 for the empty list)
rowOf := (R, L) -> if #L == 0 then map(R^1, R^0, 0) else matrix {L}
idealOf := (R, L) -> ideal rowOf(R, L)

-- the generators of I, or of the one-row matrix M
idealGens := I -> flatten entries gens I
rowGens := M -> (
    if numrows M != 1 then error("gbc: expected a matrix with one row, not " | toString numrows M);
    flatten entries M)

-- run body(ctx), release the scope, return body's value
withRing := (R, o, body) -> (
    ctx := begin(R, o);
    r := body ctx;
    release ctx#"scope";
    r)

-- the reduced Groebner basis of the generators L of R as elements of R
basisOf := (R, L, o) -> withRing(R, o, ctx -> (
    g := toGbc(ctx, L);
    out := voidstar nullPointer;
    check(ctx#"scope", fGroebner(address out, g, ctx#"opts", nullPointer), "groebner", null);
    fromGbc(ctx, outList(ctx, out), true)))

gbcGroebner = method(Options => gbcOptions)
gbcGroebner Ideal := Matrix => o -> I -> rowOf(ring I, basisOf(ring I, idealGens I, o))
-- the same basis as a GroebnerBasis object (forceGB: Macaulay2 takes it as is), so
-- that %, gens and leadTerm work on it as on gb I
gbcGB = method(Options => gbcOptions)
gbcGB Ideal := GroebnerBasis => o -> I -> forceGB gbcGroebner(I, o)
gbcGB Matrix := GroebnerBasis => o -> M -> forceGB gbcGroebner(M, o)

-- normal forms of the list L modulo I, position for position
normalForms := (L, I, o) -> withRing(ring I, o, ctx -> (
    g := toGbc(ctx, idealGens I);
    p := toGbc(ctx, L);
    out := voidstar nullPointer;
    check(ctx#"scope", fReduce(address out, p, g, ctx#"opts", nullPointer), "normal form", null);
    r := fromGbc(ctx, outList(ctx, out), false);
    if #r != #L then fail(ctx#"scope", "normal form", "the library returned " | toString(#r)
        | " normal forms for " | toString(#L) | " polynomials");
    r))

gbcNormalForm = method(Options => gbcOptions)
gbcNormalForm(RingElement, Ideal) := RingElement => o -> (f, I) -> first normalForms({f}, I, o)
gbcNormalForm(List, Ideal) := List => o -> (L, I) -> normalForms(L, I, o)
-- a GroebnerBasis stands for the ideal its generators generate
gbcNormalForm(RingElement, GroebnerBasis) := RingElement => o -> (f, G) ->
    gbcNormalForm(f, ideal gens G, o)
gbcNormalForm(List, GroebnerBasis) := List => o -> (L, G) -> gbcNormalForm(L, ideal gens G, o)
gbcNormalForm(Matrix, Ideal) := Matrix => o -> (M, I) ->
    matrix(ring I, {normalForms(rowGens M, I, o)})

memberOf := (L, I, o) -> withRing(ring I, o, ctx -> (
    if #L == 0 then return {};
    g := toGbc(ctx, idealGens I);
    p := toGbc(ctx, L);
    m := getMemory(4 * #L, Atomic => true);
    check(ctx#"scope", fMember(m, p, g, ctx#"opts", nullPointer), "membership", null);
    apply(value (#L * int) m, x -> x != 0)))

gbcMember = method(Options => gbcOptions)
gbcMember(RingElement, Ideal) := Boolean => o -> (f, I) -> first memberOf({f}, I, o)
gbcMember(List, Ideal) := List => o -> (L, I) -> memberOf(L, I, o)
gbcMember(RingElement, GroebnerBasis) := Boolean => o -> (f, G) -> gbcMember(f, ideal gens G, o)
gbcMember(List, GroebnerBasis) := List => o -> (L, G) -> gbcMember(L, ideal gens G, o)

-- an ideal operation of two ideals of R through fn(out, a, b, opts), the library call
-- with out its out-pointer, a and b the two gbc lists and opts the gbc options
binary := (what, fn, I, J, o) -> (
    if ring I =!= ring J then error("gbc: " | what | ": the ideals must be in the same ring");
    R := ring I;
    idealOf(R, withRing(R, o, ctx -> (
        a := toGbc(ctx, idealGens I);
        b := toGbc(ctx, idealGens J);
        out := voidstar nullPointer;
        check(ctx#"scope", fn(address out, a, b, ctx#"opts"), what, null);
        fromGbc(ctx, outList(ctx, out), true)))))

gbcIntersect = method(Options => gbcOptions)
gbcIntersect(Ideal, Ideal) := Ideal => o -> (I, J) ->
    binary("intersect", (out, a, b, op) -> fIntersect(out, a, b, op, nullPointer), I, J, o)
gbcIntersect List := Ideal => o -> L -> (
    if #L == 0 or not all(L, I -> instance(I, Ideal)) then
        error "gbc: intersect: expected a non-empty list of ideals";
    if #L == 1 then ideal gbcGroebner(L#0, o) else fold((I, J) -> gbcIntersect(I, J, o), L))

gbcQuotient = method(Options => gbcOptions)
gbcQuotient(Ideal, Ideal) := Ideal => o -> (I, J) ->
    binary("quotient", (out, a, b, op) -> fQuotient(out, a, b, op, nullPointer), I, J, o)
gbcQuotient(Ideal, RingElement) := Ideal => o -> (I, f) -> gbcQuotient(I, ideal f, o)

gbcSaturate = method(Options => gbcOptions)
gbcSaturate(Ideal, Ideal) := Ideal => o -> (I, J) ->
    binary("saturate", (out, a, b, op) -> fSaturate(out, a, b, 0, op, nullPointer), I, J, o)
gbcSaturate(Ideal, RingElement) := Ideal => o -> (I, f) -> gbcSaturate(I, ideal f, o)

gbcEliminate = method(Options => gbcOptions)
gbcEliminate(Ideal, List) := Ideal => o -> (I, v) -> (
    R := ring I;
    idx := apply(v, x -> (
        if not instance(x, RingElement) or ring x =!= R or not member(x, gens R) then
            error("gbc: eliminate: " | toString x | " is not a variable of " | toString R);
        index x));
    if #unique idx != #idx then error "gbc: eliminate: a variable is listed twice";
    idealOf(R, withRing(R, o, ctx -> (
        g := toGbc(ctx, idealGens I);
        vs := if #idx == 0 then nullPointer else (#idx * uint32) idx;
        out := voidstar nullPointer;
        check(ctx#"scope", fEliminate(address out, g, vs, #idx, ctx#"opts", nullPointer),
            "eliminate", null);
        fromGbc(ctx, outList(ctx, out), true)))))
gbcEliminate(Ideal, RingElement) := Ideal => o -> (I, v) -> gbcEliminate(I, {v}, o)
gbcEliminate(List, Ideal) := Ideal => o -> (v, I) -> gbcEliminate(I, v, o)
gbcEliminate(RingElement, Ideal) := Ideal => o -> (v, I) -> gbcEliminate(I, {v}, o)

-- cofactors: C with gens I * C == M, column j of C expressing column j of M
gbcLift = method(Options => gbcOptions)
gbcLift(Matrix, Ideal) := Matrix => o -> (M, I) -> (
    R := ring I;
    if ring M =!= R then error "gbc: lift: the matrix and the ideal must be in the same ring";
    L := rowGens M;
    G := idealGens I;
    m := #G;
    P := withRing(R, o, ctx -> (
        g := toGbc(ctx, G);
        p := toGbc(ctx, L);
        out := voidstar nullPointer;
        nm := ulong 0;
        st := value fLift(address out, address nm, g, p, ctx#"opts", nullPointer);
        if st == 7 then fail(ctx#"scope", "lift", "column " | toString value nm
            | " of the matrix is not in the ideal");
        check(ctx#"scope", st, "lift", null);
        fromGbc(ctx, outList(ctx, out), false)));
    if #P != m * #L then error "gbc: lift: the library returned a list of the wrong length";
    map(source gens I, source M, apply(m, i -> apply(#L, j -> P#(j * m + i)))))
gbcLift(RingElement, Ideal) := Matrix => o -> (f, I) -> gbcLift(matrix {{f}}, I, o)

-- the leading-term ideal of I as a gbc monomial ideal, handed to body
withLeading := (I, o, what, body) -> withRing(ring I, o, ctx -> (
    sc := ctx#"scope";
    g := toGbc(ctx, idealGens I);
    rep := fReportNew();
    if isNull rep then fail(sc, what, "out of memory");
    own(sc, rep, fReportFree);
    mi := fLeading(g, 0, ctx#"opts", nullPointer, rep);
    if isNull mi then fail(sc, what, value fReportMessage rep);
    own(sc, mi, fMonidealFree);
    body(ctx, mi, rep)))

gbcDim = method(Options => gbcOptions)
gbcDim Ideal := ZZ => o -> I -> (
    d := withLeading(I, o, "dim", (ctx, mi, rep) -> (
        v := value fDimValue(mi, ctx#"opts", rep);
        if v == -2 then fail(ctx#"scope", "dim", value fReportMessage rep);
        v));
    d)

gbcDegree = method(Options => gbcOptions)
gbcDegree Ideal := ZZ => o -> I -> withLeading(I, o, "degree", (ctx, mi, rep) -> (
    t := fDegreeText(mi, ctx#"opts", rep);
    if isNull t then fail(ctx#"scope", "degree", value fReportMessage rep);
    own(ctx#"scope", value t, fMemFree);
    value value charstar t))

-- the numerator N(T) of the Hilbert series N(T)/(1-T)^n of R/LT(I), in the degrees
-- ring of R (where Macaulay2's hilbertSeries puts its numerator)
gbcHilbertNumerator = method(Options => gbcOptions)
gbcHilbertNumerator Ideal := RingElement => o -> I -> (
    R := ring I;
    if any(degrees R, d -> d =!= {1}) then
        error("gbc: the Hilbert series needs the standard grading (all degrees {1}), not Degrees => "
            | toString degrees R);
    (ds, cs) := withLeading(I, o, "hilbert", (ctx, mi, rep) -> (
        a := voidstar nullPointer; b := voidstar nullPointer; n := ulong 0;
        check(ctx#"scope", fHilbert(address a, address b, address n, mi, ctx#"opts"), "hilbert", null);
        own(ctx#"scope", value a, fMemFree); own(ctx#"scope", value b, fMemFree);
        k := value n;
        if k == 0 then ({}, {}) else (value (k * uint64) a, value (k * int64) b)));
    D := degreesRing R;
    sum(#ds, i -> cs#i * D_0^(ds#i)) + 0_D)

-- the elements (columns) of M for gbc's module calls: component i of element j is
-- polynomial j * r + i
columnsOf := M -> flatten entries transpose M
checkGraded := (M, what) -> (
    R := ring M;
    if any(degrees R, d -> d =!= {1}) then
        error("gbc: " | what | " needs the standard grading (all degrees {1}), not Degrees => "
            | toString degrees R))

-- over QQ: the vector col times the positive rational that makes its coefficients
-- coprime integers (the components scaled together, unlike fromGbc's primitive)
scaleVector := (R, col) -> (
    cs := flatten apply(col, f -> apply(terms f, leadCoefficient));
    if #cs == 0 then col
    else (s := lcm apply(cs, denominator) / gcd apply(cs, numerator); apply(col, f -> s * f)))

-- gbc's module order for R's monoid: Position before the first block of the
-- monomial order is position over term, after it term over position; Up makes a
-- higher index larger, Down a lower one (Macaulay2's default: Position => Up last)
moduleOrderOf := R -> (
    mo := toList (options R).MonomialOrder;
    i := position(mo, it -> instance(it, Option) and it#0 === Position);
    if i === null then return 0;
    up := mo#i#1 =!= Down;
    pot := all(take(mo, i), it -> instance(it, Option) and it#0 === MonomialSize);
    if pot then (if up then 3 else 1) else (if up then 0 else 2))

-- the monomials m_j of a Schreyer order on the free module F (schreyerOrder: x^a e_j
-- > x^b e_k when x^a m_j > x^b m_k, or these are equal and j > k), or null when F
-- has none; what: the caller's name for errors
schreyerTerms := (F, what) -> (
    S := schreyerOrder F;
    if numrows S == 0 or numcols S == 0 then return null;
    if moduleOrderOf ring F != 0 then
        error("gbc: " | what | ": a Schreyer order on a ring whose Position is not the "
            | "default (Up, after the monomial order) is not supported");
    apply(numcols S, j -> sum flatten entries S_{j}))

-- a one-row matrix: the ideal of its entries; more rows: the submodule its columns
-- generate, in the module order of the ring, or the Schreyer order of its target
-- (the reduced basis, as gens gb M)
gbcGroebner Matrix := Matrix => o -> M -> (
    R := ring M;
    r := numrows M;
    if r == 1 then return (
        -- the ideal's basis, with M's target (its degree, a Schreyer order)
        L := basisOf(R, rowGens M, o);
        if target M === R^1 then rowOf(R, L)
        else if #L == 0 then map(target M, R^0, 0) else map(target M, , {L}));
    if r == 0 then error "gbc: groebner: the matrix must have at least one row";
    sch := schreyerTerms(target M, "groebner");
    P := withRing(R, o, ctx -> (
        e := toGbc(ctx, columnsOf M);
        out := voidstar nullPointer;
        check(ctx#"scope",
            if sch === null then fModuleGroebner(address out, e, r, moduleOrderOf R,
                ctx#"opts", nullPointer)
            else fModuleGroebnerSchreyer(address out, e, r, toGbc(ctx, sch), 1, ctx#"opts",
                nullPointer), "groebner", null);
        fromGbc(ctx, outList(ctx, out), false)));
    if #P % r != 0 then error "gbc: groebner: the library returned a list of the wrong length";
    cols := pack(r, P);
    if coefficientRing R === QQ then cols = apply(cols, col -> scaleVector(R, col));
    if #cols == 0 then map(target M, R^0, 0)
    else map(target M, , transpose cols))

gbcSyz = method(Options => gbcOptions)
gbcSyz Matrix := Matrix => o -> M -> (
    R := ring M;
    r := numrows M;
    m := numcols M;
    if r == 0 or m == 0 then error "gbc: syz: the matrix must have at least one row and one column";
    P := withRing(R, o, ctx -> (
        e := toGbc(ctx, columnsOf M);
        out := voidstar nullPointer;
        check(ctx#"scope", fModuleSyz(address out, e, r, ctx#"opts", nullPointer), "syz", null);
        fromGbc(ctx, outList(ctx, out), false)));
    if #P % m != 0 then error "gbc: syz: the library returned a list of the wrong length";
    k := #P // m;
    if coefficientRing R === QQ then P = flatten apply(pack(m, P), col -> scaleVector(R, col));
    if k == 0 then map(source M, R^0, 0)
    else map(source M, , apply(m, i -> apply(k, j -> P#(j * m + i)))))

-- module calls on the columns of N against the submodule image M (one target R^r)
moduleCall := (N, M, what, body) -> (
    R := ring M;
    if ring N =!= R then error("gbc: " | what | ": the matrices must be in the same ring");
    r := numrows M;
    if r == 0 then error("gbc: " | what | ": the matrices must have at least one row");
    if numrows N != r then error("gbc: " | what | ": the matrices must have the same number of rows");
    body(R, r))

-- normal forms of the columns of N modulo image M (in the ring's module order, or
-- the Schreyer order of the target, as gb M): N % M
gbcNormalForm(Matrix, Matrix) := Matrix => o -> (N, M) -> moduleCall(N, M, "normal form", (R, r) -> (
    if numcols N == 0 then return map(target M, source N, 0);
    sch := schreyerTerms(target M, "normal form");
    P := withRing(R, o, ctx -> (
        e := toGbc(ctx, columnsOf N);
        g := toGbc(ctx, columnsOf M);
        out := voidstar nullPointer;
        check(ctx#"scope",
            if sch === null then fModuleReduceOrder(address out, e, g, r, moduleOrderOf R,
                ctx#"opts", nullPointer)
            else fModuleReduceSchreyer(address out, e, g, r, toGbc(ctx, sch), 1, ctx#"opts",
                nullPointer), "normal form", null);
        fromGbc(ctx, outList(ctx, out), false)));
    if #P != r * numcols N then error "gbc: normal form: the library returned a list of the wrong length";
    map(target M, source N, apply(r, i -> apply(numcols N, j -> P#(j * r + i))))))

-- cofactors: C with M * C == N (an error naming the first column of N not in image M)
gbcLift(Matrix, Matrix) := Matrix => o -> (N, M) -> moduleCall(N, M, "lift", (R, r) -> (
    m := numcols M;
    k := numcols N;
    if k == 0 then return map(source M, source N, 0);
    (P, mem) := withRing(R, o, ctx -> (
        e := toGbc(ctx, columnsOf N);
        g := toGbc(ctx, columnsOf M);
        out := voidstar nullPointer;
        mb := getMemory(4 * k, Atomic => true);
        check(ctx#"scope", fModuleLift(address out, mb, e, g, r, ctx#"opts", nullPointer),
            "lift", null);
        (fromGbc(ctx, outList(ctx, out), false), value (k * int) mb)));
    bad := position(mem, x -> x == 0);
    if bad =!= null then error("gbc: lift: column " | toString bad | " is not in the image");
    if #P != m * k then error "gbc: lift: the library returned a list of the wrong length";
    map(source M, source N, apply(m, i -> apply(k, j -> P#(j * m + i))))))

-- the Betti table of coker M (M: R^r <- ..., R^r generated in degree 0), or of R/I
bettiOf := (M, what, o) -> (
    R := ring M;
    checkGraded(M, what);
    if not isHomogeneous M then error("gbc: " | what | ": the generators must be homogeneous");
    r := numrows M;
    if r == 0 then error("gbc: " | what | ": the module must have at least one row");
    if degrees target M != toList(r : {0}) then
        error("gbc: " | what | ": the target must be R^" | toString r | " generated in degree 0");
    withRing(R, o, ctx -> (
        e := toGbc(ctx, columnsOf M);
        b := voidstar nullPointer; nr := uint32 0; nc := uint32 0;
        check(ctx#"scope", fModuleBetti(address b, address nr, address nc, e, r, ctx#"opts",
            nullPointer), what, null);
        own(ctx#"scope", value b, fMemFree);
        (rows, cols) := (value nr, value nc);
        tab := if rows * cols == 0 then {} else value ((rows * cols) * uint64) b;
        new BettiTally from flatten apply(rows, d -> flatten apply(cols, i -> (
            v := tab#(d * cols + i);
            if v == 0 then {} else {(i, {i + d}, i + d) => v}))))))

gbcBetti = method(Options => gbcOptions)
gbcBetti Ideal := BettiTally => o -> I -> bettiOf(gens I, "betti", o)
gbcBetti Matrix := BettiTally => o -> M -> bettiOf(M, "betti", o)

-- a minimal graded free resolution of coker M (R^r generated in degree 0), or of
-- R/I, with its maps, as a ChainComplex (the entries are the library's: columns
-- are not rescaled, so consecutive maps compose to zero)
resOf := (M, o) -> (
    R := ring M;
    checkGraded(M, "res");
    if not isHomogeneous M then error "gbc: res: the generators must be homogeneous";
    r := numrows M;
    if r == 0 then error "gbc: res: the module must have at least one row";
    if degrees target M != toList(r : {0}) then
        error("gbc: res: the target must be R^" | toString r | " generated in degree 0");
    (degs, P) := withRing(R, o, ctx -> (
        sc := ctx#"scope";
        e := toGbc(ctx, columnsOf M);
        h := voidstar nullPointer;
        check(sc, fModuleRes(address h, e, r, ctx#"opts", nullPointer), "res", null);
        own(sc, value h, fResFree);
        L := value fResLength value h;
        ds := apply(L, k -> apply(value fResRank(value h, k), i ->
            value fResDegree(value h, k, i)));
        (ds, apply(toList(1 .. L - 1), k -> fromGbc(ctx, fResMap(value h, k), false)))));
    F := apply(degs, ds -> R^(apply(ds, d -> -d)));
    if #P == 0 then return chainComplex map(F#0, R^0, 0);
    chainComplex apply(#P, k -> (
        rk := #(degs#k); nk := #(degs#(k + 1));
        if #(P#k) != rk * nk then error "gbc: res: the library returned a map of the wrong size";
        map(F#k, F#(k + 1), apply(rk, i -> apply(nk, j -> (P#k)#(j * rk + i)))))))

gbcRes = method(Options => gbcOptions)
gbcRes Ideal := ChainComplex => o -> I -> resOf(gens I, o)
gbcRes Matrix := ChainComplex => o -> M -> resOf(M, o)

-- the real solutions of a zero-dimensional system over QQ as isolating boxes
gbcRealSolutions = method(Options => gbcOptions | {Precision => 64})
gbcRealSolutions Ideal := List => o -> I -> (
    R := ring I;
    if coefficientRing R =!= QQ then
        error("gbc: real solutions need a polynomial ring over QQ, not " | toString R);
    if not instance(o.Precision, ZZ) or o.Precision < 1 or o.Precision > 1048576 then
        error("gbc: Precision => " | toString o.Precision | " must be an integer from 1 to 2^20");
    n := numgens R;
    withRing(R, o, ctx -> (
        sc := ctx#"scope";
        g := toGbc(ctx, idealGens I);
        s := voidstar nullPointer;
        check(sc, fSolve(address s, g, o.Precision, 0, ctx#"opts", ctx#"err"), "solve", ctx#"err");
        own(sc, value s, fSolutionsFree);
        endpoint := (i, v, up) -> (
            need := ulong 0; ex := uint32 0;
            check(sc, fEndpoint(nullPointer, 0, address need, address ex, value s, i, v, up),
                "solve", null);
            buf := getMemory(value need, Atomic => true);
            check(sc, fEndpoint(buf, value need, address need, address ex, value s, i, v, up),
                "solve", null);
            (value value charstar buf) / 2^(value ex));
        apply(value fSolutionsCount value s, i -> apply(n, v ->
            {endpoint(i, v, 0), endpoint(i, v, 1)})))))
-- the solutions with coordinates in ZZ/p of a zero-dimensional system over ZZ/p
gbcSolutions = method(Options => gbcOptions)
gbcSolutions Ideal := List => o -> I -> (
    R := ring I;
    K := coefficientRing R;
    if K === QQ or char K == 0 then
        error("gbc: gbcSolutions needs a polynomial ring over ZZ/p (over QQ: gbcRealSolutions), not "
            | toString R);
    n := numgens R;
    withRing(R, o, ctx -> (
        sc := ctx#"scope";
        g := toGbc(ctx, idealGens I);
        s := voidstar nullPointer;
        check(sc, fSolve(address s, g, 0, 0, ctx#"opts", ctx#"err"), "solve", ctx#"err");
        own(sc, value s, fSolutionsFree);
        pt := getMemory(4 * max(n, 1), Atomic => true);
        apply(value fSolutionsCount value s, i -> (
            check(sc, fSolutionsZp(pt, value s, i), "solve", null);
            if n == 0 then {} else apply(value (n * uint32) pt, c -> c * 1_K))))))
gbcSolutions List := List => o -> L -> (
    if #L == 0 then error "gbc: solutions: the list of polynomials is empty";
    gbcSolutions(ideal L, o))

gbcRealSolutions List := List => o -> L -> (
    if #L == 0 then error "gbc: real solutions: the list of polynomials is empty";
    gbcRealSolutions(ideal L, o))

-- msolve's rational parametrisation (gbc_solve with GBC_SOLVE_PARAMETRIZATION, the
-- text of gbc_solutions_to_string in the msolve format; docs/solve.md). The text is
-- a nested list of integers, 'names' and (in the boxes over QQ) "a / 2^k": with
-- [ ] as { } and ' as " it is Macaulay2 input, read by value and then checked
-- against msolve's layout: {0, P} over ZZ/p, {0, P, {1, boxes}} over QQ, {-1} for
-- the unit ideal, P = {p, N, D, names, form, {1, {{D, w}, {e, q}, {entry, ...}}}},
-- an entry {{d, v}, den} over QQ and {{d, v}} over ZZ/p.
paramText := (I, o) -> withRing(ring I, o, ctx -> (
    sc := ctx#"scope";
    g := toGbc(ctx, idealGens I);
    s := voidstar nullPointer;
    check(sc, fSolve(address s, g, 64, 1, ctx#"opts", ctx#"err"), "parametrization", ctx#"err");
    own(sc, value s, fSolutionsFree);
    t := voidstar nullPointer;
    check(sc, fSolutionsText(address t, nullPointer, value s, 1), "parametrization", null);
    own(sc, value t, fStringFree);
    value charstar t))
paramBad := what -> error("gbc: parametrization: the library's text is not msolve's layout (" | what | ")")
paramPoly := (S, e, what) -> (
    if not (instance(e, List) and #e == 2 and instance(e#0, ZZ) and instance(e#1, List)
        and #(e#1) == e#0 + 1 and all(e#1, c -> instance(c, ZZ))) then paramBad what;
    sum(#(e#1), k -> (e#1)#k * S_0^k) + 0_S)

gbcParametrization = method(Options => gbcOptions)
gbcParametrization Ideal := HashTable => o -> I -> (
    R := ring I;
    K := coefficientRing R;
    n := numgens R;
    txt := paramText(I, o);
    if not match("^\\[[-0-9]", txt) or not match(":\n?$", txt) then paramBad "its ends";
    L := value replace("'", "\"", replace("\\]", "}", replace("\\[", "{",
        replace(":\n?$", "", txt))));
    if L === {-1} then return null;
    if not (instance(L, List) and member(#L, {2, 3}) and L#0 === 0 and instance(L#1, List)
        and #(L#1) == 6) then paramBad "the outer lists";
    (p, N, D, names, form, body) := toSequence L#1;
    if p =!= char K or not member(N, {n, n + 1}) or #names != N or #form != N
        or not all(form, c -> instance(c, ZZ)) then paramBad "the head";
    if not (instance(body, List) and #body == 2 and body#0 === 1 and instance(body#1, List)
        and #(body#1) == 3 and instance((body#1)#2, List)) then paramBad "the polynomials";
    newvar := N == n + 1;
    S := K(monoid[local T]);
    w := paramPoly(S, (body#1)#0, "w");
    q := paramPoly(S, (body#1)#1, "the denominator");
    if first degree w != D then paramBad "deg w";
    entries := (body#1)#2;
    if #entries != (if newvar then n else n - 1) then paramBad "the number of v_i";
    v := apply(entries, e -> (
        if not (instance(e, List) and member(#e, {1, 2})) then paramBad "an entry";
        paramPoly(S, e#0, "v_i")));
    den := apply(entries, e -> if #e == 2 then e#1 else 1);
    if not all(den, d -> instance(d, ZZ) and d > 0) then paramBad "a denominator";
    lin := if newvar then apply(n, i -> - form#i) else form;
    if not newvar then (  -- x_n = T: v_n = -(T q mod w), T w' - D w over QQ
        if form != toList(n - 1 : 0) | {1} then paramBad "the form";
        v = append(v, - ((S_0 * q) % w));
        den = append(den, 1));
    new HashTable from {
        "ring" => S, "form" => sum(n, i -> lin#i * R_i), "w" => w, "denominator" => q,
        "v" => v, "den" => den, "degree" => D, "newVariable" => newvar, "text" => txt})
gbcParametrization List := HashTable => o -> L -> (
    if #L == 0 then error "gbc: parametrization: the list of polynomials is empty";
    gbcParametrization(ideal L, o))

-- learn and apply modulo a prime (gbc_trace_mod; docs/learn.md). A GbcTrace holds
-- the library's handle, freed by a finalizer when Macaulay2's garbage collector
-- drops it (gbc_trace_mod_free), and what was learnt: the ring, the number of
-- generators, the prime and the learning system's reduced basis.
GbcTrace = new Type of HashTable
GbcTrace.synonym = "gbc trace"
net GbcTrace := T -> net("GbcTrace{" | toString T#"ngens" | " generators, learnt modulo "
    | toString T#"prime" | " in " | toString T#"ring" | "}")

gbcLearn = method(Options => gbcOptions)
gbcLearn Ideal := GbcTrace => o -> I -> (
    R := ring I;
    if char R == 0 then
        error("gbc: learn: the ring must be over ZZ/p (a prime characteristic), not " | toString R);
    withRing(R, o, ctx -> (
        sc := ctx#"scope";
        g := toGbc(ctx, idealGens I);
        tr := voidstar nullPointer;
        b := voidstar nullPointer;
        check(sc, fTraceLearn(address tr, address b, g, ctx#"opts", ctx#"err"), "learn", ctx#"err");
        h := voidstar value tr;
        registerFinalizer(h, fTraceFree);
        B := fromGbc(ctx, outList(ctx, b), true);
        new GbcTrace from {"handle" => h, "ngens" => value fTraceNgens h,
            "prime" => value fTracePrime h, "ring" => R, "basis" => rowOf(R, B)})))
gbcLearn List := GbcTrace => o -> L -> (
    if #L == 0 then error "gbc: learn: the list of polynomials is empty";
    gbcLearn(ideal L, o))

gbcApply = method(Options => gbcOptions | {Trust => false})
gbcApply(GbcTrace, Ideal) := Matrix => o -> (T, I) -> gbcApply(T, idealGens I, o)
gbcApply(GbcTrace, List) := Matrix => o -> (T, L) -> (
    if #L == 0 then error "gbc: apply: the list of polynomials is empty";
    if not instance(o.Trust, Boolean) then
        error("gbc: Trust => " | toString o.Trust | " must be true or false");
    R := ring L#0;
    withRing(R, o, ctx -> (
        sc := ctx#"scope";
        g := toGbc(ctx, L);
        out := voidstar nullPointer;
        st := value fTraceApply(address out, T#"handle", g, if o.Trust then 1 else 0,
            ctx#"opts", ctx#"err");
        if st == 9 then fail(sc, "apply", value fErrorMessage ctx#"err"
            | " (compute this system with gbcGroebner)");
        check(sc, st, "apply", ctx#"err");
        rowOf(R, fromGbc(ctx, outList(ctx, out), true)))))

-- the normal set of R/I (gbc_kbase: increasing in R's order) and, with matrices,
-- the normal forms of x_i * b_k, i-major
quotientOf := (I, matrices, o) -> withRing(ring I, o, ctx -> (
    sc := ctx#"scope";
    g := toGbc(ctx, idealGens I);
    kb := voidstar nullPointer; mu := voidstar nullPointer;
    check(sc, fKbase(address kb, if matrices then address mu else nullPointer, g, ctx#"opts",
        ctx#"err"), "kbase", ctx#"err");
    B := fromGbc(ctx, outList(ctx, kb), false);
    (B, if matrices then fromGbc(ctx, outList(ctx, mu), false) else {})))

gbcKbase = method(Options => gbcOptions)
gbcKbase Ideal := Matrix => o -> I -> rowOf(ring I, first quotientOf(I, false, o))

gbcMultiplicationMatrices = method(Options => gbcOptions)
gbcMultiplicationMatrices Ideal := List => o -> I -> (
    R := ring I;
    K := coefficientRing R;
    (B, P) := quotientOf(I, true, o);
    D := #B;
    if #P != D * numgens R then error "gbc: kbase: the library returned a list of the wrong length";
    apply(numgens R, i -> map(K^D, K^D, (j, k) -> coefficient(B#j, P#(i * D + k)))))
beginDocumentation()

-- the functions that take the computation options, for the option nodes' keys
optionKeys := opt -> concatenate apply({gbcGroebner, gbcGB, gbcNormalForm, gbcMember, gbcHilbertNumerator,
    gbcIntersect, gbcQuotient, gbcSaturate, gbcEliminate, gbcLift, gbcDim, gbcDegree, gbcSyz,
    gbcBetti, gbcRes, gbcRealSolutions, gbcSolutions, gbcKbase, gbcMultiplicationMatrices,
    gbcParametrization, gbcLearn, gbcApply},
    f -> "  [" | toString f | ", " | opt | "]\n")

doc ///
Key
  Gbc
Headline
  Groebner bases through the gbc C library
Description
  Text
    This package hands ideals and matrices of Macaulay2 to libgbc, the C library of
    the gbc project, and brings the results back into the caller's ring:
    reduced Groebner bases (@TO gbcGroebner@), normal forms and membership
    (@TO gbcNormalForm@, @TO gbcMember@), intersections, quotients, saturations and
    elimination (@TO gbcIntersect@, @TO gbcQuotient@, @TO gbcSaturate@,
    @TO gbcEliminate@), cofactors (@TO gbcLift@), dimension, degree and Hilbert series
    (@TO gbcDim@, @TO gbcDegree@, @TO gbcHilbertNumerator@), syzygies and Betti
    tables (@TO gbcSyz@, @TO gbcBetti@), the quotient ring of a zero-dimensional
    ideal (@TO gbcKbase@, @TO gbcMultiplicationMatrices@), isolating boxes of real
    solutions (@TO gbcRealSolutions@), msolve's rational parametrisation of the
    solutions (@TO gbcParametrization@), and F4's trace learnt on one system modulo
    a prime and applied to others of the same shape (@TO gbcLearn@, @TO gbcApply@). The library is found at the path in the environment
    variable GBC_LIBRARY, else as libgbc by the system's loader.
  Example
    R = QQ[x,y,z];
    I = ideal(x^2 + y^2 + z^2 - 1, x - y, y - z^2);
    G = gbcGroebner I
    G == gens gb I
  Text
    Rings: polynomial rings over QQ or ZZ/p (p prime, p < 2^31) with a global
    monomial order. Refused with an error: quotient rings (compute in the ambient
    ring with the defining ideal added), towers such as QQ[a][x], GF(q), ZZ,
    fraction fields, local orders (Global => false), skew-commutative rings, Weyl
    algebras, Laurent variables (Inverses => true), and variable names other than
    letters, digits and _. The Hilbert series, Betti tables and syzygies' gradings
    need the standard grading.
  Text
    Orders are read from the ring's monoid as Macaulay2 records them and map
    exactly onto gbc's: GRevLex, Lex, GLex (recorded as Weights =>
    {1,..,1}, Lex), Weights => w (rows of weights, zeros allowed,
    padded with zeros, compared first), Eliminate n, products such as {2,2} or
    {Lex => 1, GRevLex => 3}, and GRevLex => {w1,..,wm} (weighted grevlex, as
    non-standard Degrees make it). MonomialSize and Position do
    not change an order on polynomials. Refused with an error naming it: a Weights
    row after a block, negative weights, RevLex, GroupLex, GroupRevLex and any other
    item.
  Text
    Every computing function takes the options @TO Strategy@ ("F4", the default,
    "Buchberger" or "Signature"), @TO Threads@ (threads of F4's linear algebra),
    @TO Certify@ (over QQ: prove the result instead of checking it modulo a fresh
    prime), @TO TimeLimit@ (seconds of wall-clock time, 0 for none; a computation
    that runs out stops with an error) and @TO MemoryLimit@ (bytes the library may
    hold, 0 for none; likewise). The results do not depend on them.
Subnodes
  :Groebner bases and normal forms
  gbcGroebner
  gbcGB
  gbcNormalForm
  gbcMember
  gbcLift
  :Ideal operations
  gbcIntersect
  gbcQuotient
  gbcSaturate
  gbcEliminate
  :Invariants
  gbcDim
  gbcDegree
  gbcHilbertNumerator
  :Modules
  (gbcNormalForm, Matrix, Matrix)
  gbcSyz
  gbcBetti
  gbcRes
  :Solving
  gbcRealSolutions
  gbcSolutions
  gbcParametrization
  gbcKbase
  gbcMultiplicationMatrices
  :Learn and apply modulo a prime
  gbcLearn
  gbcApply
  GbcTrace
  :Options and version
  Threads
  gbcVersion
///

doc concatenate(///
Key
  Threads
  Certify
  TimeLimit
  MemoryLimit
///, optionKeys "Strategy", optionKeys "Threads", optionKeys "Certify", optionKeys "TimeLimit",
  optionKeys "MemoryLimit", ///
Headline
  the options of every computing function of Gbc
Description
  Text
    {\tt Strategy => "F4"} (the default; over QQ the multi-modular F4),
    {\tt "Buchberger"} (the reference reducer, exact over QQ) or {\tt "Signature"}
    (the signature-based engine over ZZ/p; over QQ as "F4"). {\tt Threads => n}:
    threads for F4's reductions (default 1). {\tt Certify => true}: over QQ, prove
    the result instead of checking it modulo a fresh prime (slower; no effect over
    ZZ/p). {\tt TimeLimit => s}: stop with an error after s seconds of wall-clock
    time (0, the default: no limit). {\tt MemoryLimit => b}: stop with an error
    when the computation would hold more than b bytes (0, the default: no limit;
    measured within 10% and a megabyte, whatever the number of threads: see the
    library's docs/api.md). Bad values are refused with an error.
  Example
    R = QQ[x,y];
    gbcGroebner(ideal(x^2 - y, x*y - 1), Strategy => "Buchberger", Certify => true, Threads => 2, TimeLimit => 60, MemoryLimit => 10^8)
///)

doc ///
Key
  gbcVersion
Headline
  the version of the gbc library in use
Usage
  gbcVersion()
Outputs
  :String
    the version of the loaded libgbc, "MAJOR.MINOR.PATCH"
Description
  Example
    gbcVersion()
///

doc ///
Key
  gbcGroebner
  (gbcGroebner, Ideal)
  (gbcGroebner, Matrix)
Headline
  the reduced Groebner basis, computed by gbc
Usage
  gbcGroebner I
  gbcGroebner M
Inputs
  I:Ideal
  M:Matrix
    with one row, whose entries generate the ideal, or with more rows, whose
    columns generate a submodule of the free module (target M)
Outputs
  :Matrix
    one row: the reduced Groebner basis in the ring's order, scaled and sorted as
    Macaulay2's {\tt gens gb} gives it (monic over ZZ/p; over QQ coprime integer
    coefficients with a positive leading one), so that {\tt gbcGroebner I == gens gb I};
    for a matrix with more rows, the reduced Groebner basis of image M as columns,
    in the ring's module order (its {\tt Position}, up or down, after or before the
    monomial order), or in the Schreyer order of the target when it has one (a free
    module made by {\tt schreyerOrder}; with the default {\tt Position} only),
    equal to {\tt gens gb M}
Description
  Example
    R = ZZ/32003[a,b,c,d];
    I = ideal(a+b+c+d, a*b+b*c+c*d+d*a, a*b*c+b*c*d+c*d*a+d*a*b, a*b*c*d-1);
    G = gbcGroebner I;
    G == gens gb I
    S = QQ[x,y, MonomialOrder => Lex];
    gbcGroebner matrix{{x^2 - y/2, x*y - 1}}
    M = matrix{{a, b, c^2}, {b, c*d, a}};
    gbcGroebner M == gens gb M
  Text
    The zero ideal gives a matrix with no column, the unit ideal the one-by-one matrix with entry 1.
SeeAlso
  Threads
///

doc ///
Key
  gbcGB
  (gbcGB, Ideal)
  (gbcGB, Matrix)
Headline
  the reduced Groebner basis computed by gbc, as a GroebnerBasis object
Usage
  gbcGB I
  gbcGB M
Inputs
  I:Ideal
  M:Matrix
    with one row, whose entries generate the ideal
Outputs
  :GroebnerBasis
    {\tt forceGB} of @TO gbcGroebner@'s matrix: Macaulay2 takes it as a Groebner
    basis without recomputing it, so that {\tt f % G}, {\tt gens G} and
    {\tt leadTerm G} work as on {\tt gb I}
Description
  Example
    R = ZZ/32003[x,y,z];
    I = ideal(x^2 + y*z - 1, x*y - z^2, y^3 - x);
    G = gbcGB I;
    gens G == gens gb I
    (x^5 + y^4) % G == (x^5 + y^4) % I
SeeAlso
  gbcGroebner
  gbcNormalForm
///

doc ///
Key
  gbcNormalForm
  (gbcNormalForm, RingElement, Ideal)
  (gbcNormalForm, RingElement, GroebnerBasis)
  (gbcNormalForm, List, GroebnerBasis)
  (gbcNormalForm, List, Ideal)
  (gbcNormalForm, Matrix, Ideal)
Headline
  normal forms modulo an ideal
Usage
  gbcNormalForm(f, I)
  gbcNormalForm(L, I)
  gbcNormalForm(M, I)
Inputs
  f:RingElement
  L:List
    of elements of the ring of I
  M:Matrix
    with one row
  I:Ideal
    or a @TO GroebnerBasis@ (from @TO gbcGB@ or @TO gb@): the ideal of its generators
Outputs
  :RingElement
    the normal form of f modulo the reduced Groebner basis of I (for a list or a
    matrix, one for each entry, in place: a zero entry gives a zero); equal to
    {\tt f % I}, zero exactly when f lies in I
Description
  Example
    R = QQ[x,y,z];
    I = ideal(x^2 + y^2 + z^2 - 1, x - y, y - z^2);
    gbcNormalForm(x^3, I) == x^3 % I
    gbcNormalForm({x^3, 0, x - y}, I)
    gbcNormalForm(x^3, gbcGB I) == x^3 % I
///

doc ///
Key
  gbcMember
  (gbcMember, RingElement, Ideal)
  (gbcMember, List, Ideal)
  (gbcMember, RingElement, GroebnerBasis)
  (gbcMember, List, GroebnerBasis)
Headline
  ideal membership
Usage
  gbcMember(f, I)
  gbcMember(L, I)
Inputs
  f:RingElement
  L:List
    of elements of the ring of I
  I:Ideal
    or a @TO GroebnerBasis@: the ideal of its generators
Outputs
  :Boolean
    whether f lies in I (for a list, one answer per element, in place)
Description
  Example
    R = QQ[x,y];
    I = ideal(x^2 - y, x*y - 1);
    gbcMember({y^3 - 1, 0, x}, I)
///

doc ///
Key
  gbcIntersect
  (gbcIntersect, Ideal, Ideal)
  (gbcIntersect, List)
Headline
  the intersection of ideals
Usage
  gbcIntersect(I, J)
  gbcIntersect L
Inputs
  I:Ideal
  J:Ideal
    in the same ring
  L:List
    of ideals of one ring
Outputs
  :Ideal
    generated by the reduced Groebner basis of the intersection
Description
  Example
    R = QQ[x,y,z];
    gbcIntersect(ideal(x, y), ideal(y, z)) == intersect(ideal(x, y), ideal(y, z))
///

doc ///
Key
  gbcQuotient
  (gbcQuotient, Ideal, Ideal)
  (gbcQuotient, Ideal, RingElement)
Headline
  the ideal quotient I : J
Usage
  gbcQuotient(I, J)
  gbcQuotient(I, f)
Inputs
  I:Ideal
  J:Ideal
    in the ring of I
  f:RingElement
Outputs
  :Ideal
    the quotient {\tt I : J} = {g : g J in I}, as its reduced Groebner basis; the unit
    ideal when J is zero
Description
  Example
    R = QQ[x,y,z];
    I = ideal(x*y, x*z);
    gbcQuotient(I, x) == I : x
///

doc ///
Key
  gbcSaturate
  (gbcSaturate, Ideal, Ideal)
  (gbcSaturate, Ideal, RingElement)
Headline
  the saturation I : J^infinity
Usage
  gbcSaturate(I, J)
  gbcSaturate(I, f)
Inputs
  I:Ideal
  J:Ideal
    in the ring of I
  f:RingElement
Outputs
  :Ideal
    the saturation, as its reduced Groebner basis; the unit ideal when J is zero
Description
  Example
    R = QQ[x,y,z];
    I = ideal(x^2*y, x*z^3);
    gbcSaturate(I, x) == saturate(I, x)
///

doc ///
Key
  gbcEliminate
  (gbcEliminate, Ideal, List)
  (gbcEliminate, Ideal, RingElement)
  (gbcEliminate, List, Ideal)
  (gbcEliminate, RingElement, Ideal)
Headline
  the elimination ideal
Usage
  gbcEliminate(I, v)
Inputs
  I:Ideal
  v:List
    of variables of the ring of I (or one variable)
Outputs
  :Ideal
    the intersection of I with the subring of the other variables, as its reduced
    Groebner basis in the ring's order
Description
  Example
    R = QQ[t,x,y];
    I = ideal(x - t^2, y - t^3);
    gbcEliminate(I, {t})
    gbcEliminate(I, {t}) == eliminate(I, {t})
///

doc ///
Key
  gbcLift
  (gbcLift, Matrix, Ideal)
  (gbcLift, RingElement, Ideal)
Headline
  cofactors of elements of an ideal
Usage
  C = gbcLift(M, I)
Inputs
  M:Matrix
    with one row, whose entries lie in I (or one element f)
  I:Ideal
Outputs
  C:Matrix
    with a row per generator of I and a column per entry of M, such that
    {\tt gens I * C == M}; an error names the first entry that is not in I
Description
  Example
    R = QQ[x,y];
    I = ideal(x^2 - y, x*y - 1);
    M = matrix{{y^3 - 1, x^3 - x*y}};
    C = gbcLift(M, I)
    gens I * C == M
///

doc ///
Key
  (gbcLift, Matrix, Matrix)
  (gbcNormalForm, Matrix, Matrix)
Headline
  normal forms and cofactors of vectors modulo a submodule
Usage
  gbcNormalForm(N, M)
  C = gbcLift(N, M)
Inputs
  N:Matrix
    whose columns are vectors of the target of M
  M:Matrix
    whose columns generate the submodule image M of a free module R^r
Outputs
  :Matrix
    gbcNormalForm: the normal forms of the columns of N modulo the reduced
    Groebner basis of image M (in the order of gb M: the ring's module order, or the
    Schreyer order of the target), equal to {\tt N % M}, a column zero exactly when it lies in image M; gbcLift: C with
    {\tt M * C == N}, an error naming the first column of N not in image M
Description
  Example
    R = ZZ/32003[x,y,z];
    M = matrix{{x, y, z^2}, {y, z, x*y}};
    N = M * matrix{{z}, {x}, {1}};
    C = gbcLift(N, M)
    M * C == N
    gbcNormalForm(N | matrix{{x^2}, {0}}, M) == (N | matrix{{x^2}, {0}}) % M
///

doc ///
Key
  gbcDim
  (gbcDim, Ideal)
Headline
  the Krull dimension of R/I
Usage
  gbcDim I
Inputs
  I:Ideal
Outputs
  :ZZ
    the Krull dimension of R/I, from the leading terms of a Groebner basis; -1 for the
    unit ideal, as {\tt dim} gives it
Description
  Example
    R = QQ[x,y,z];
    gbcDim ideal(x*y, x*z)
///

doc ///
Key
  gbcDegree
  (gbcDegree, Ideal)
Headline
  the degree of R/I
Usage
  gbcDegree I
Inputs
  I:Ideal
Outputs
  :ZZ
    the degree (multiplicity) of R/LT(I), which is that of R/I for a homogeneous I
    and, for a zero-dimensional I, the number of its solutions with multiplicity
    (the standard monomials); 0 for the unit ideal
Description
  Example
    R = QQ[x,y,z];
    I = ideal(x*y - z^2, x^3 - y*z^2);
    gbcDegree I == degree I
///

doc ///
Key
  gbcHilbertNumerator
  (gbcHilbertNumerator, Ideal)
Headline
  the numerator of the Hilbert series
Usage
  gbcHilbertNumerator I
Inputs
  I:Ideal
    in a ring with the standard grading
Outputs
  :RingElement
    the numerator N(T) of the Hilbert series N(T)/(1-T)^n of R/LT(I) (n the number
    of variables), in {\tt degreesRing R}, the ring of {\tt hilbertSeries}; for a
    homogeneous I it is the numerator of R/I's series. No symbol of the session is
    changed.
Description
  Example
    R = QQ[x,y,z];
    I = ideal(x^2, y*z);
    gbcHilbertNumerator I
    gbcHilbertNumerator I == numerator hilbertSeries(I, Reduce => false)
///

doc ///
Key
  gbcSyz
  (gbcSyz, Matrix)
Headline
  the syzygies of the columns of a matrix
Usage
  gbcSyz M
Inputs
  M:Matrix
Outputs
  :Matrix
    whose columns generate the module of syzygies of the columns of M, so that
    {\tt M * gbcSyz M == 0} and its image is that of {\tt syz M}: a minimal
    generating set for homogeneous columns, else a Groebner basis of the syzygies
    (term over position)
Description
  Example
    R = QQ[x,y,z];
    M = matrix{{x, y, z}};
    S = gbcSyz M
    M * S == 0
    image S == image syz M
///

doc ///
Key
  gbcBetti
  (gbcBetti, Ideal)
  (gbcBetti, Matrix)
Headline
  graded Betti numbers of R/I or of a cokernel
Usage
  gbcBetti I
  gbcBetti M
Inputs
  I:Ideal
    generated by homogeneous polynomials, in a ring with the standard grading
  M:Matrix
    with homogeneous columns and target R^r generated in degree 0
Outputs
  :BettiTally
    the graded Betti numbers of a minimal free resolution of R/I (of coker M), equal
    to {\tt betti res I} (to {\tt betti res coker M})
Description
  Example
    R = QQ[x,y,z];
    I = ideal(x^2 - y*z, y^2 - x*z, z^2 - x*y);
    gbcBetti I
    gbcBetti I == betti res I
  Text
    An inhomogeneous generator, a target not generated in degree 0 and a minimal
    generator of degree 0 are refused with an error.
///

doc ///
Key
  gbcRes
  (gbcRes, Ideal)
  (gbcRes, Matrix)
Headline
  a minimal graded free resolution of R/I or of a cokernel, with its maps
Usage
  C = gbcRes I
  C = gbcRes M
Inputs
  I:Ideal
    generated by homogeneous polynomials, in a ring with the standard grading
  M:Matrix
    with homogeneous columns and target R^r generated in degree 0
Outputs
  C:ChainComplex
    a minimal graded free resolution of R/I (of coker M): {\tt C.dd_1} has minimal
    generators of I (of image M) as columns, consecutive maps compose to zero, no
    entry of a map is a nonzero constant, and {\tt betti C} is {\tt betti res I}
Description
  Example
    R = QQ[x,y,z,w];
    I = ideal(x*z - y^2, x*w - y*z, y*w - z^2);
    C = gbcRes I
    C.dd
    betti C == betti res I
    C.dd_1 * C.dd_2 == 0
  Text
    The library computes Schreyer's resolution and minimalises it; the maps may
    differ from those of {\tt res} by a change of bases. The same inputs as
    @TO gbcBetti@ are refused.
///

doc ///
Key
  gbcSolutions
  (gbcSolutions, Ideal)
  (gbcSolutions, List)
Headline
  the solutions in ZZ/p of a zero-dimensional system over ZZ/p
Usage
  gbcSolutions I
Inputs
  I:Ideal
    zero-dimensional, in a polynomial ring over ZZ/p (or a list of its generators)
Outputs
  :List
    the points of (ZZ/p)^n where every generator of I vanishes, each a list of
    coordinates in the order of the variables, sorted lexicographically (by their
    residues in 0..p-1); the empty list when there is none (also for the unit
    ideal); an error for an ideal that is not zero-dimensional
Description
  Example
    R = ZZ/7[x,y];
    gbcSolutions ideal(x^2 - 2, y - x^3)
  Text
    Solutions whose coordinates lie only in an extension of ZZ/p are not listed:
    over ZZ/7, x^2 - 3 has none.
  Example
    gbcSolutions ideal(x^2 - 3, y)
SeeAlso
  gbcRealSolutions
///

doc ///
Key
  gbcParametrization
  (gbcParametrization, Ideal)
  (gbcParametrization, List)
Headline
  msolve's rational parametrisation of the solutions of a zero-dimensional system
Usage
  P = gbcParametrization I
Inputs
  I:Ideal
    zero-dimensional, in a polynomial ring over QQ, or over ZZ/p and radical (or a
    list of its generators)
Outputs
  P:HashTable
    with T the variable of the ring {\tt P#"ring"} (QQ[T] or ZZ/p[T]) and the
    linear form {\tt P#"form"} (an element of the ring of I), the D =
    {\tt P#"degree"} distinct solutions (over the algebraic closure) are, one for
    each root t of {\tt P#"w"}: x_i = -v_i(t) / (den_i q(t)), with v_i =
    {\tt (P#"v")#i}, den_i = {\tt (P#"den")#i} (a positive integer) and q =
    {\tt P#"denominator"}; t is the value of the form at that solution. Over QQ,
    w is squarefree with coprime integer coefficients and q = w'; over ZZ/p, w is
    monic and squarefree and q = 1, den_i = 1 (msolve's two layouts). null for the
    unit ideal.
Description
  Text
    This is msolve's output with -P 1 (the library's gbc_solve with
    GBC_SOLVE_PARAMETRIZATION; the text is kept as {\tt P#"text"}). msolve writes
    the form as T = -(c_1 x_1 + ... + c_n x_n) when it adds a variable for it
    ({\tt P#"newVariable"} is then true) and takes T = x_n otherwise; it lists no
    v for x_n then, and the package adds v_n = -(T q mod w) (den_n = 1), which
    gives x_n = T. Over QQ an ideal that is not radical is parametrised through its
    radical; over ZZ/p it is refused with an error, as is a system whose solutions
    no linear form separates modulo p (p smaller than their number); an ideal that
    is not zero-dimensional is refused.
  Example
    R = QQ[x,y];
    I = ideal(x^2 - 1, y^2 - 2);
    P = gbcParametrization I;
    P#"form", P#"w", P#"denominator", P#"v", P#"den"
  Text
    Every generator vanishes at the parametrisation modulo w: substitute
    x_i -> -v_i / den_i into the generators homogenised by q.
  Example
    S = P#"ring";
    H = QQ[x,y,h];
    phi = map(S, H, {-(P#"v")#0 / (P#"den")#0, -(P#"v")#1 / (P#"den")#1, P#"denominator"});
    apply(flatten entries gens I, f -> phi(homogenize(sub(f, H), h)) % P#"w")
    first degree P#"w" == degree radical I
  Text
    Over ZZ/p, the roots of w in ZZ/p give the solutions that gbcSolutions lists.
  Example
    R = ZZ/101[x,y];
    P = gbcParametrization ideal(x^2 - 1, y - x^2 - x);
    P#"w", P#"v"
    gbcSolutions ideal(x^2 - 1, y - x^2 - x)
SeeAlso
  gbcRealSolutions
  gbcSolutions
///

doc ///
Key
  gbcLearn
  (gbcLearn, Ideal)
  (gbcLearn, List)
Headline
  learn F4's trace on a system modulo a prime
Usage
  T = gbcLearn I
Inputs
  I:Ideal
    in a polynomial ring over ZZ/p in GRevLex or GLex (or a list of its generators)
Outputs
  T:GbcTrace
    the trace: which rows of each F4 matrix mattered, for the generators' supports
Description
  Text
    The trace replays the computation of the reduced Groebner basis of any system
    of the same shape (@TO gbcApply@): a ring with the same variables and order
    over any ZZ/p (p < 2^31), the same number of generators, each with the same
    monomials; only the coefficients differ. {\tt T#"basis"} is the reduced
    Groebner basis of I (as @TO gbcGroebner@ gives it), {\tt T#"ngens"} the number
    of generators, {\tt T#"prime"} p and {\tt T#"ring"} the ring of I. Other
    orders and rings over QQ are refused with an error. It takes the options
    @TO Threads@ and @TO TimeLimit@ (Strategy and Certify have no effect).
  Example
    R = ZZ/32003[x,y,z];
    T = gbcLearn ideal(3*x^2 + 2*y*z + 5, 7*x*y + z^2 + 1, 2*y^2 + x*z + 4*z + 9)
    T#"basis" == gens gb ideal(3*x^2 + 2*y*z + 5, 7*x*y + z^2 + 1, 2*y^2 + x*z + 4*z + 9)
SeeAlso
  gbcApply
  GbcTrace
///

doc ///
Key
  gbcApply
  (gbcApply, GbcTrace, Ideal)
  (gbcApply, GbcTrace, List)
  Trust
  [gbcApply, Trust]
Headline
  the Groebner basis of a system by a learnt trace
Usage
  G = gbcApply(T, I)
Inputs
  T:GbcTrace
    made by @TO gbcLearn@
  I:Ideal
    a system of T's shape (or a list of its generators): a ring with T's variables
    and order over any ZZ/p (p < 2^31), T's number of generators, each with the
    monomials of the learning system's (no coefficient zero)
  Trust=>Boolean
    skip the verification (default false): the replay's basis is then returned
    unchecked, right for generic coefficients learnt on generic coefficients, and
    never to be used for a basis that must be right
Outputs
  G:Matrix
    one row: the reduced Groebner basis of I, the same as @TO gbcGroebner@ and
    {\tt gens gb I}
Description
  Text
    The replay does no pair handling and no symbolic preprocessing; its result is
    verified (every generator reduces to zero by it, it is reduced, and random
    combinations of its S-polynomials reduce to zero: wrong with probability at most
    2^-64). A system of another shape is refused with an error that names the first
    difference; when the trace does not hold for these coefficients (the basis has
    another shape), the error says so: compute that system with @TO gbcGroebner@.
    Options: @TO Threads@ and @TO TimeLimit@; after an error the trace can be
    applied again.
  Example
    R = ZZ/32003[x,y,z];
    T = gbcLearn ideal(3*x^2 + 2*y*z + 5, 7*x*y + z^2 + 1, 2*y^2 + x*z + 4*z + 9);
    S = ZZ/65521[x,y,z];
    J = ideal(13*x^2 + 21*y*z + 52, 71*x*y + 11*z^2 + 100, 23*y^2 + 5*x*z + 41*z + 92);
    G = gbcApply(T, J)
    G == gens gb J
SeeAlso
  gbcLearn
  GbcTrace
///

doc ///
Key
  GbcTrace
  (net, GbcTrace)
Headline
  a trace of F4 learnt modulo a prime
Description
  Text
    What @TO gbcLearn@ returns and @TO gbcApply@ takes: a HashTable with the
    library's handle (freed when the garbage collector drops the trace) and the keys
    {\tt "ring"}, {\tt "ngens"}, {\tt "prime"} and {\tt "basis"} (the learning
    system's reduced Groebner basis).
SeeAlso
  gbcLearn
  gbcApply
///

doc ///
Key
  gbcKbase
  (gbcKbase, Ideal)
Headline
  the normal set of R/I for a zero-dimensional ideal
Usage
  gbcKbase I
Inputs
  I:Ideal
    zero-dimensional, in a polynomial ring over QQ or ZZ/p
Outputs
  :Matrix
    one row: the standard monomials of the reduced Groebner basis of I (the
    monomials outside its leading ideal), increasing in the ring's order, 1 first;
    their number is the degree of I. The same monomials as Macaulay2's
    basis(R/I); an error for an ideal that is not zero-dimensional
Description
  Example
    R = QQ[x,y];
    I = ideal(x^2 - 1, y^2 - x);
    B = gbcKbase I
    sort flatten entries B == sort flatten entries lift(basis(R/I), R)
SeeAlso
  gbcMultiplicationMatrices
///

doc ///
Key
  gbcMultiplicationMatrices
  (gbcMultiplicationMatrices, Ideal)
Headline
  the matrices of multiplication by the variables in R/I
Usage
  gbcMultiplicationMatrices I
Inputs
  I:Ideal
    zero-dimensional, in a polynomial ring over QQ or ZZ/p
Outputs
  :List
    one square matrix over the coefficient field per variable x, in the basis
    b_0, b_1, ... that gbcKbase gives: column k holds the coordinates of the normal
    form of x*b_k
Description
  Example
    R = QQ[x,y];
    I = ideal(x^2 - 1, y - 2*x);
    B = flatten entries gbcKbase I
    M = gbcMultiplicationMatrices I
    M#0 * M#1 == M#1 * M#0
  Text
    Column k of the matrix of x is the normal form of x*b_k:
  Example
    (x * B#1) % I
SeeAlso
  gbcKbase
///

doc ///
Key
  gbcRealSolutions
  (gbcRealSolutions, Ideal)
  (gbcRealSolutions, List)
  [gbcRealSolutions, Precision]
Headline
  isolating boxes of the real solutions of a zero-dimensional system over QQ
Usage
  gbcRealSolutions I
  gbcRealSolutions(I, Precision => b)
Inputs
  I:Ideal
    zero-dimensional, in a polynomial ring over QQ (or a list of its generators)
  Precision => ZZ
    every interval is at most 2^(-b) wide (b from 1 to 2^20)
Outputs
  :List
    one box per real solution. A box is a list of intervals, one per variable in
    the order of the variables; an interval is a list of two dyadic rationals
    lo <= hi between which that coordinate of the solution lies. The boxes of
    distinct solutions are disjoint, so each holds exactly one real solution. The empty list when there is none (also for the unit ideal);
    an error for an ideal that is not zero-dimensional
Description
  Example
    R = QQ[x,y];
    B = gbcRealSolutions(ideal(x^2 + y^2 - 1, x - y), Precision => 10)
    apply(B, b -> apply(b, i -> toRR((i#0 + i#1) / 2)))
///

-- Quick tests for check("Gbc"); macaulay2/tests/ holds the randomised comparisons.
TEST ///
  R = QQ[x,y,z];
  I = ideal(x^2+y^2+z^2-1, x-y, y-z^2);
  G = gbcGroebner I;
  assert(G == gens gb I);
  assert(gbcGroebner gens I == G);
  B = gbcGB I;
  assert(gens B == G);
  assert(gbcNormalForm(x^3, B) == x^3 % I and gbcNormalForm({0_R, x^3}, gb I) == {0, x^3 % I});
  assert(gbcMember(x^2+y^2+z^2-1, B) and gbcMember({x, 0_R}, gb I) == {false, true});
  assert(x^3 % B == x^3 % I and (x^5*y - z) % B == (x^5*y - z) % I);
  assert(leadTerm B == leadTerm gb I);
  assert(gbcNormalForm(x^3, I) == x^3 % I);
  assert(gbcNormalForm(x^2+y^2+z^2-1, I) == 0);
  -- zero queries stay in place
  assert(gbcNormalForm({0_R, x^3, 0_R}, I) == {0, x^3 % I, 0});
  assert(gbcMember({0_R, x, x-y}, I) == {true, false, true});
  assert(gbcNormalForm(matrix{{0_R, x^3}}, I) == matrix{{0, x^3 % I}});
///

TEST ///
  R = ZZ/32003[a,b,c,d];
  I = ideal(a+b+c+d, a*b+b*c+c*d+d*a, a*b*c+b*c*d+c*d*a+d*a*b, a*b*c*d-1);
  assert(gbcGroebner I == gens gb I);
  scan({"F4", "Buchberger", "Signature"}, s ->
      assert(gbcGroebner(I, Strategy => s, Threads => 2, TimeLimit => 100) == gens gb I));
  N = gbcHilbertNumerator I;
  assert(N == numerator hilbertSeries(ideal leadTerm gb I, Reduce => false));
///

TEST ///
  -- gbcParametrization: x = -v_x(T) / w'(T), y = -v_y(T) / w'(T) at the roots of w,
  -- checked by substitution; the user's T left alone
  T = 42;
  R = QQ[x,y];
  I = ideal(x^2 - 2, y^2 - 3);
  P = gbcParametrization I;
  assert(T === 42);
  S = P#"ring";
  w = P#"w";
  assert(first degree w == 4 and P#"denominator" == diff(S_0, w));
  H = QQ[x,y,h];
  phi = map(S, H, {-(P#"v")#0 / (P#"den")#0, -(P#"v")#1 / (P#"den")#1, P#"denominator"});
  assert all(flatten entries gens I, f -> phi(homogenize(sub(f, H), h)) % w == 0);
  assert(gbcParametrization ideal(x, x - 1) === null);
///

TEST ///
  -- gbcLearn / gbcApply against gens gb, modulo the learning prime and another one
  R = ZZ/32003[x,y];
  T = gbcLearn ideal(x^2 + 3*y + 1, x*y - 5*x + 2);
  assert(T#"ngens" == 2 and T#"prime" == 32003);
  S = ZZ/7919[x,y];
  J = ideal(4*x^2 + y + 6, 2*x*y - x + 1);
  assert(gbcApply(T, J) == gens gb J);
  assert(gbcApply(T, J, Trust => true) == gens gb J);
  assert(try (gbcApply(T, ideal(x^2 + y, x*y)); false) else true);
///

TEST ///
  -- the user's symbols are left alone: T stays what it was
  T = 42;
  R = QQ[x,y];
  N = gbcHilbertNumerator ideal(x^2, y^3);
  assert(T === 42);
  assert(N == numerator hilbertSeries(ideal(x^2, y^3), Reduce => false));
  -- so are x and y after a computation in another ring
  S = QQ[x,y, MonomialOrder => Lex];
  use R;
  G = gbcGroebner ideal(S_0^2 - S_1, S_0*S_1 - 1);
  assert(ring x === R);
  assert(G == gens gb ideal(S_0^2 - S_1, S_0*S_1 - 1));
///

TEST ///
  R = QQ[x,y,z];
  I = ideal(x*y, x*z, y^2 - z);
  J = ideal(x - y, z^2);
  assert(gbcIntersect(I, J) == intersect(I, J));
  assert(gbcIntersect {I, J, ideal z} == intersect(I, J, ideal z));
  assert(gbcIntersect {I} == I);
  assert(gbcQuotient(I, J) == I : J);
  assert(gbcSaturate(I, x) == saturate(I, x));
  assert(gbcEliminate(I, {x}) == eliminate(I, {x}));
  assert(gbcDim I == dim I);
  assert(gbcDegree ideal(x^2 - y*z, y^3) == degree ideal(x^2 - y*z, y^3));
  M = matrix{{x^2*y, y^2*x - x*z}};
  C = gbcLift(M, I);
  assert(gens I * C == M);
  assert(try (gbcLift(matrix{{x}}, I); false) else true);
///

TEST ///
  R = ZZ/101[x,y,z];
  M = matrix{{x^2, x*y, y*z, z^3}};
  S = gbcSyz M;
  assert(M * S == 0);
  assert(image S == image syz M);
  I = ideal(x^2 - y*z, y^2 - x*z, z^2 - x*y);
  assert(gbcBetti I == betti res I);
///

TEST ///
  R = QQ[x,y];
  B = gbcRealSolutions(ideal(x^2 - 2, y - x), Precision => 20);
  assert(#B == 2);
  -- the one with x > 0 holds sqrt 2 in both coordinates
  b = first select(B, b -> b#0#0 > 0);
  assert(b#0#0^2 <= 2 and 2 <= b#0#1^2 and b#1#0^2 <= 2 and 2 <= b#1#1^2);
  assert(all(B, b -> all(b, i -> i#1 - i#0 <= 2^-20)));
  assert(gbcRealSolutions ideal(x^2 + 1, y) == {});
  S = ZZ/7[u,v];
  K = coefficientRing S;
  assert(gbcSolutions ideal(u^2 - 2, v - u^3) == {{3_K, 6_K}, {4_K, 1_K}});
  assert(gbcSolutions ideal(u^2 - 3, v) == {});
  assert(try (gbcRealSolutions ideal(x^2 - y); false) else true);
///
