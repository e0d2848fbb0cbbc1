-- Differential test of the Gbc package against Macaulay2 itself: random ideals in
-- every monomial order the package maps (GRevLex, Lex, GLex, Weights with zeros
-- and several rows, Eliminate, products of blocks, weighted GRevLex from Degrees),
-- over ZZ/p for a small p and one near 2^31 and over QQ; gbcGroebner against gens gb
-- (the same matrix: same scaling, same order of the columns), gbcNormalForm against
-- %, gbcHilbertNumerator against hilbertSeries; then every ring the package must
-- refuse raises an error.
-- Run by run_tests.sh with the package loaded; GBC_TEST_SEED sets the seed.
seedText := getenv "GBC_TEST_SEED";
seed := if seedText == "" then 20261203 else value seedText;
print("differential: seed " | toString seed | " (GBC_TEST_SEED=" | toString seed | " repeats it)");
setRandomSeed seed;

monic := f -> if f == 0 then f else (1 / leadCoefficient f) * f;
monicSet := L -> set apply(select(L, f -> f != 0), monic);

-- a random polynomial of R: up to 4 terms of degree <= 2 (3 for one of them),
-- coefficients in -5..5; small enough that lex and elimination orders over QQ stay
-- fast in both systems
randomPoly := R -> (
    n := numgens R;
    sum(1 + random 4, i -> (
        c := random(-5, 5);
        c * product(random 3 + (if i == 0 then 1 else 0), j -> R_(random n)))))

checked := 0;
failures := {};
note := (what, R, I) -> failures = append(failures,
    what | " in " | toString describe R | " on " | toString I);

-- the orders: Macaulay2's own spellings; each for 3 or 4 variables
orders := {
    (3, GRevLex), (3, Lex), (3, GLex),
    (3, {Weights => {1,2,3}}), (3, {Weights => {2,1,1}}), (3, Eliminate 1), (4, Eliminate 2),
    (4, {2,2}), (3, {1,2}), (4, {Lex => 1, GRevLex => 3}), (4, {GRevLex => 2, Lex => 2}),
    (3, {Weights => {1,0,0}, Lex => 3}), (3, {Weights => {0,1,2}, Weights => {0,0,1}}),
    (3, {Weights => {1,1}, GRevLex => 2, Lex => 1}), (3, {GRevLex => {2,1,1}}),
    (3, {GRevLex => {1,3}, Lex => 1}), (3, {Position => Down, Lex => 3})};
fields := {ZZ/101, ZZ/2147483629, QQ};

scan(fields, K -> scan(orders, no -> (
    (n, mo) := no;
    R := K[vars(0 .. n - 1), MonomialOrder => mo];
    scan(3, trial -> (
        I := ideal apply(2 + random 2, i -> randomPoly R);
        G := gbcGroebner I;
        checked = checked + 1;
        if G != gens gb I then note("gbcGroebner", R, I);
        if monicSet flatten entries G =!= monicSet flatten entries gens gb I then
            note("gbcGroebner (as sets)", R, I);
        f := randomPoly R * randomPoly R + randomPoly R;
        if gbcNormalForm(f, I) != f % I then note("gbcNormalForm", R, I);
        if f % gbcGB I != f % I then note("gbcGB (%)", R, I);
        if K === ZZ/101 and trial == 0 and all(degrees R, d -> d == {1}) then (
            N := gbcHilbertNumerator I;
            H := hilbertSeries(ideal leadTerm gb I, Reduce => false);
            D := degreesRing R;
            expected := promote(numerator H, D);
            got := sub(N, (ring N)_0 => D_0);
            if got != expected then note("gbcHilbertNumerator", R, I)))))));

-- a ring with Degrees: GRevLex weighted by them (as Macaulay2 records it)
scan(fields, K -> (
    R := K[a, b, c, Degrees => {2, 1, 1}];
    scan(3, trial -> (
        I := ideal apply(3, i -> randomPoly R);
        checked = checked + 1;
        if gbcGroebner I != gens gb I then note("gbcGroebner", R, I)))));

print("differential: " | toString checked | " ideals compared with gb");
if #failures > 0 then (
    scan(failures, print);
    error("differential: " | toString(#failures) | " disagreements (seed " | toString seed | ")"));

-- rings the package cannot honour must raise an error, never answer
refused := {
    ("a quotient ring", () -> (R := QQ[s, t] / ideal(s^3); gbcGroebner ideal(R_0^2 - R_1))),
    ("a tower", () -> (R := QQ[u][x, y]; gbcGroebner ideal(R_0^2 - R_1))),
    ("GF(9)", () -> (R := GF(9)[x, y]; gbcGroebner ideal(R_0^2 - R_1))),
    ("ZZ", () -> (R := ZZ[x, y]; gbcGroebner ideal(R_0^2 - R_1))),
    ("a fraction field", () -> (R := frac(QQ[u])[x, y]; gbcGroebner ideal(R_0^2 - R_1))),
    ("a local order", () -> (R := QQ[x, y, MonomialOrder => {Weights => {-1,-1}}, Global => false];
        gbcGroebner ideal(R_0^2 - R_1))),
    ("a skew-commutative ring", () -> (R := QQ[x, y, SkewCommutative => true]; gbcGroebner ideal(R_0 + R_1))),
    ("a Weyl algebra", () -> (R := QQ[x, dx, WeylAlgebra => {x => dx}]; gbcGroebner ideal(R_0 * R_1 - 1))),
    ("Laurent variables", () -> (R := QQ[x, y, Inverses => true, MonomialOrder => Lex]; gbcGroebner ideal(R_0 - R_1))),
    ("a Weights row after a block", () -> (R := QQ[x, y, z, MonomialOrder => {Lex => 1, Weights => {0,1,2}, GRevLex => 2}];
        gbcGroebner ideal(R_0 - R_1))),
    ("GroupLex", () -> (R := QQ[x, y, MonomialOrder => {GroupLex => 2}]; gbcGroebner ideal(R_0 - R_1))),
    ("a Hilbert series with Degrees", () -> (R := QQ[x, y, Degrees => {1, 2}]; gbcHilbertNumerator ideal(R_0^2 - R_1)))};
scan(refused, c -> (
    (name, f) := c;
    r := try (f(); "answered") else "refused";
    if r =!= "refused" then error("differential: " | name | " was not refused");
    print("differential: " | name | " refused")));
print "differential: all passed";
