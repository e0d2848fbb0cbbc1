-- Randomised comparison of the Gbc package's ideal operations, syzygies, Betti tables
-- and real solutions with Macaulay2's own functions: random ideals in several
-- monomial orders over ZZ/p and QQ (intersect, :, saturate, eliminate, %, membership,
-- lift, dim, degree; each option set gives the same basis), random matrices (syz,
-- betti res), systems whose real solutions are known exactly (each lies in exactly
-- one box, as does each of M2's numerical roots, and the counts match), random
-- pairs of conics against NumericalAlgebraicGeometry's solveSystem, and solutions
-- over ZZ/p against every point of (ZZ/p)^n.
-- Run by run_tests.sh with the package loaded; GBC_TEST_SEED sets the seed.
seedText := getenv "GBC_TEST_SEED";
seed := if seedText == "" then 20261204 else value seedText;
print("operations: seed " | toString seed | " (GBC_TEST_SEED=" | toString seed | " repeats it)");
setRandomSeed seed;

failures := {};
checked := 0;
expect := (ok, what, R, data) -> (
    checked = checked + 1;
    if not ok then failures = append(failures, what | " in " | toString describe R | " on " | toString data));

-- up to 4 terms of degree <= 2 (one of degree 3), coefficients in -5..5
randomPoly := R -> (
    n := numgens R;
    sum(1 + random 4, i -> (
        c := random(-5, 5);
        c * product(random 3 + (if i == 0 then 1 else 0), j -> R_(random n)))))
-- a homogeneous polynomial of degree d with up to 3 terms
randomHom := (R, d) -> sum(1 + random 3, i -> random(-5, 5) * product(d, j -> R_(random numgens R)))
randomIdeal := R -> ideal apply(1 + random 3, i -> randomPoly R)

orders := {GRevLex, Lex, GLex, Eliminate 1, {Weights => {1,2,3}}, {1,2}, {Lex => 1, GRevLex => 2}};
fields := {ZZ/101, ZZ/2147483629, QQ};

-- ideal operations against Macaulay2's
scan(fields, K -> scan(orders, mo -> (
    R := K[a, b, c, MonomialOrder => mo];
    scan(2, trial -> (
        I := randomIdeal R;
        J := randomIdeal R;
        f := randomPoly R;
        expect(gbcIntersect(I, J) == intersect(I, J), "gbcIntersect", R, (I, J));
        expect(gbcQuotient(I, J) == I : J, "gbcQuotient", R, (I, J));
        expect(gbcQuotient(I, f) == I : f, "gbcQuotient by an element", R, (I, f));
        expect(gbcSaturate(I, f) == saturate(I, f), "gbcSaturate", R, (I, f));
        expect(gbcSaturate(I, J) == saturate(I, J), "gbcSaturate by an ideal", R, (I, J));
        v := take(random gens R, 1 + random 2);
        expect(gbcEliminate(I, v) == eliminate(I, v), "gbcEliminate", R, (I, v));
        -- membership and normal forms of non-members, members and zeros, in place
        mem := sum(numgens I, i -> randomPoly R * I_i);
        L := {f, 0_R, mem, f * mem + randomPoly R, 0_R};
        expect(gbcNormalForm(L, I) == apply(L, g -> g % I), "gbcNormalForm", R, (L, I));
        expect(gbcMember(L, I) == apply(L, g -> g % I == 0), "gbcMember", R, (L, I));
        -- cofactors: the defining property, and non-members refused
        M := matrix {{mem, 0_R, I_0 * f}};
        C := gbcLift(M, I);
        expect(gens I * C == M, "gbcLift", R, (M, I));
        if f % I != 0 then
            expect(try (gbcLift(matrix {{mem, f}}, I); false) else true, "gbcLift of a non-member", R, (f, I));
        expect(gbcDim I == dim I, "gbcDim", R, I);
        -- the degree of a homogeneous ideal (of R/LT(I), the same in every order)
        H := ideal apply(1 + random 3, i -> randomHom(R, 1 + random 3));
        expect(gbcDegree H == degree H, "gbcDegree", R, H);
        expect(gbcDim H == dim H, "gbcDim (homogeneous)", R, H);
        -- every option set gives the same basis
        G := gens gb I;
        scan({{Strategy => "Buchberger"}, {Strategy => "Signature", Threads => 2},
              {Strategy => "F4", Certify => true, TimeLimit => 300}}, opts ->
            expect(gbcGroebner splice(I, toSequence opts) == G, "gbcGroebner with " | toString opts, R, I)))))));

-- syzygies and Betti tables against syz and betti res
scan({ZZ/101, ZZ/32003, QQ}, K -> (
    R := K[x, y, z, w];
    scan(4, trial -> (
        r := 1 + random 2;
        m := 2 + random 3;
        ds := apply(m, j -> 1 + random 2);
        M := matrix apply(r, i -> apply(m, j -> randomHom(R, ds#j)));
        if M != 0 then (
            S := gbcSyz M;
            expect(M * S == 0, "M * gbcSyz M == 0", R, M);
            expect(image S == image syz M, "gbcSyz generates syz", R, M);
            expect(gbcBetti M == betti res coker M, "gbcBetti of a module", R, M);
            -- the resolution's maps: d_1 generates image M, maps compose to zero,
            -- the complex is exact after F_0, its Betti table is M2's
            C := gbcRes M;
            expect(betti C == betti res coker M, "gbcRes's Betti table", R, M);
            expect(image C.dd_1 == image M, "gbcRes's d_1 generates image M", R, M);
            expect(all(1 .. length C - 1, k -> C.dd_k * C.dd_(k + 1) == 0),
                "gbcRes's maps compose to zero", R, M);
            expect(all(1 .. length C, k -> HH_k C == 0), "gbcRes is exact", R, M));
        -- module bases in the four directions of Position, against gens gb
        scan({{}, {Position => Down}, {GRevLex, Position => Down}, {Position => Up, GRevLex}},
            mo -> (
                S := if mo === {} then R else K[x, y, z, w, MonomialOrder => mo];
                MS := sub(M, S);
                expect(gbcGroebner MS == gens gb MS, "gbcGroebner Matrix, order " | toString mo,
                    S, MS);
                -- normal forms in that order: N % M
                NS := sub(M, S) * random(S^(numcols M), S^1) + matrix apply(r, i -> {S_0^2});
                expect(gbcNormalForm(NS, MS) == NS % MS, "gbcNormalForm, order " | toString mo,
                    S, MS)));
        -- a Schreyer order on the target (schreyerOrder of monomials): bases and
        -- normal forms against gb and %
        if M != 0 then (
            sf := schreyerOrder matrix {apply(r, i -> 1_R * product(random 3, k -> R_(random numgens R)))};
            MF := map(source sf, , entries M);
            expect(gbcGroebner MF == gens gb MF, "gbcGroebner Matrix, Schreyer order", R, MF);
            NF := map(source sf, , entries (M * random(source M, R^1) + matrix apply(r, i -> {R_1^3})));
            expect(gbcNormalForm(NF, MF) == NF % MF, "gbcNormalForm, Schreyer order", R, MF));
        -- normal forms and cofactors of columns against image M: N % M, M * C == N
        if M != 0 then (
            Nm := M * random(source M, R^{-1, -2}) | matrix apply(r, i -> {randomHom(R, 2)});
            expect(gbcNormalForm(Nm, M) == Nm % M, "gbcNormalForm(Matrix, Matrix) is N % M", R, M);
            Ni := M * random(source M, R^{-1, -1});
            Li := gbcLift(Ni, M);
            expect(M * Li == Ni, "M * gbcLift(N, M) == N", R, M);
            expect(gbcNormalForm(Ni, M) == 0, "members have normal form 0", R, M));
        -- an inhomogeneous matrix: syzygies still (a Groebner basis of them)
        N := matrix {apply(m, j -> randomPoly R + 1 + 0_R)};
        T := gbcSyz N;
        expect(N * T == 0 and image T == image syz N, "gbcSyz (inhomogeneous)", R, N);
        I := ideal apply(2 + random 3, i -> randomHom(R, 2 + random 2));
        expect(gbcBetti I == betti res I, "gbcBetti of an ideal", R, I);
        C := gbcRes I;
        expect(betti C == betti res I and isHomogeneous C and
            all(1 .. length C - 1, k -> C.dd_k * C.dd_(k + 1) == 0) and
            all(1 .. length C, k -> HH_k C == 0), "gbcRes of an ideal", R, I)))));

-- real solutions. Univariate: f with rational roots, a pair +-sqrt q and a
-- factor without real roots, and y = x^2 + s (rational at every real root)
inBox := (iv, r) -> iv#0 <= r and r <= iv#1
-- whether the interval holds the real number sgn * sqrt q (q > 0 rational)
holdsSqrt := (iv, sgn, q) -> (
    (lo, hi) := if sgn > 0 then (iv#0, iv#1) else (-iv#1, -iv#0);
    (lo <= 0 or lo^2 <= q) and hi >= 0 and hi^2 >= q)
R := QQ[x, y];
scan(5, trial -> (
    rs := unique apply(1 + random 3, i -> random(-20, 20) / (1 + random 4));
    q := (1 + random 30) / (1 + random 3);
    while any(rs, r -> r^2 == q) do q = q + 1;
    s := random(-5, 5);
    f := product(rs, r -> x - r) * (x^2 - q) * (x^2 + 1 + random 4);
    prec := 8 + random 40;
    B := gbcRealSolutions(ideal(f, y - x^2 - s), Precision => prec);
    expect(#B == #rs + 2, "gbcRealSolutions count", R, f);
    expect(all(B, b -> all(b, iv -> iv#0 <= iv#1 and iv#1 - iv#0 <= 2^-prec)),
        "gbcRealSolutions width", R, f);
    scan(rs, r -> expect(#select(B, b -> inBox(b#0, r) and inBox(b#1, r^2 + s)) == 1,
        "gbcRealSolutions: the root " | toString r | " in exactly one box", R, f));
    scan({1, -1}, sg -> expect(#select(B, b -> holdsSqrt(b#0, sg, q) and inBox(b#1, q + s)) == 1,
        "gbcRealSolutions: " | toString sg | " sqrt " | toString q | " in exactly one box", R, f));
    -- Macaulay2's numerical roots of f: the real ones, each in exactly one box
    -- (widened by 1e-9 for the rounding of the numerical root). Without the factor x
    -- when 0 is a root: for it roots returns garbage (4.9e20*ii, 1.8e30).
    U := QQ[u];
    z0 := if member(0, rs) then 1 else 0;
    nr := select(roots(sub(f, {x => U_0, y => 0}) // U_0^z0), z -> abs imaginaryPart z < 1e-6);
    expect(#nr + z0 == #B, "gbcRealSolutions count against roots", R, f);
    scan(nr, z -> expect(#select(B, b -> b#0#0 - 1e-9 <= realPart z and realPart z <= b#0#1 + 1e-9) == 1,
        "gbcRealSolutions: the numerical root " | toString z | " in exactly one box", R, f))));
-- three variables: the ideal of known rational points and a complex pair
S := QQ[x, y, z];
scan(3, trial -> (
    pts := unique apply(1 + random 4, i -> apply(3, j -> random(-9, 9) / (1 + random 3)));
    I := intersect append(apply(pts, p -> ideal(S_0 - p#0, S_1 - p#1, S_2 - p#2)),
        ideal(S_0^2 + 1, S_1 - 1, S_2));
    B := gbcRealSolutions I;
    expect(#B == #pts, "gbcRealSolutions count (points)", S, I);
    scan(pts, p -> expect(#select(B, b -> all(3, k -> inBox(b#k, p#k))) == 1,
        "gbcRealSolutions: the point " | toString p | " in exactly one box", S, I))));

-- two random conics: each real solution NumericalAlgebraicGeometry's solveSystem
-- finds lies in exactly one box (widened by 1e-6 for the numerical error), and when
-- it found all gbcDegree of them, the number of real ones is the number of boxes
needsPackage "NumericalAlgebraicGeometry";
N := QQ[x, y];
scan(6, trial -> (
    F := apply(2, i -> sum(flatten entries basis(0, 2, N), m -> random(-9, 9) * m));
    I := ideal F;
    if gbcDim I == 0 then (
        sols := solveSystem F;
        real := select(sols, p -> all(coordinates p, z -> abs imaginaryPart z < 1e-6));
        B := gbcRealSolutions(I, Precision => 30);
        if #sols == gbcDegree I then
            expect(#real == #B, "gbcRealSolutions count against solveSystem", N, I);
        scan(real, p -> expect(#select(B, b -> all(2, k -> (
                c := realPart (coordinates p)#k;
                b#k#0 - 1e-6 <= c and c <= b#k#1 + 1e-6))) == 1,
            "gbcRealSolutions: the numerical solution " | toString coordinates p | " in exactly one box",
            N, I)))));

-- solutions over ZZ/p against every point of (ZZ/p)^n: the same points, in
-- lexicographic order of their residues (the unit ideal: none); positive-dimensional
-- ideals are refused
residue := c -> (r := lift(c, ZZ); if r < 0 then r + char ring c else r)
scan({(ZZ/7, 2), (ZZ/11, 2), (ZZ/5, 3)}, Kn -> (
    (K, n) := Kn;
    P := K[vars(0 .. n - 1)];
    pts := toList apply((n : 0) .. (n : char K - 1), e -> apply(toList e, c -> c * 1_K));
    scan(4, trial -> (
        I := ideal apply(n, i -> randomPoly P + random(-3, 3));
        if dim I <= 0 then (
            want := select(pts, pt -> all(I_*, f -> sub(f, apply(n, k -> P_k => pt#k)) == 0));
            got := gbcSolutions I;
            expect(got == want and got == sort(got, pt -> apply(pt, residue)),
                "gbcSolutions", P, (I, got, want)))
        else expect(try (gbcSolutions I; false) else true, "gbcSolutions of a positive-dimensional ideal", P, I)))));

-- the quotient ring against basis(R/I) and M2's own normal forms
scan({ZZ/32003, QQ}, K -> scan({GRevLex, Lex}, ord -> (
    R := K[x, y, z, MonomialOrder => ord];
    scan(3, trial -> (
        I := ideal(x^2 - randomPoly R, y^2 - randomPoly R, z^2 - randomPoly R);
        if dim I == 0 then (
            B := flatten entries gbcKbase I;
            expect(sort B == sort flatten entries lift(basis(R / I), R), "gbcKbase against basis", R, I);
            M := gbcMultiplicationMatrices I;
            scan(3, i -> scan(#B, k -> (
                nf := (R_i * B#k) % I;
                expect(apply(#B, j -> coefficient(B#j, nf)) == flatten entries (M#i)_{k},
                    "gbcMultiplicationMatrices column " | toString k | " of " | toString R_i, R, I)))))
        else expect(try (gbcKbase I; false) else true, "gbcKbase refuses dimension > 0", R, I))))));

print("operations: " | toString checked | " comparisons");
if #failures > 0 then (
    scan(failures, print);
    error("operations: " | toString(#failures) | " disagreements (seed " | toString seed | ")"));

-- what must be refused with an error
-- katsura-n over QQ (n + 1 variables) and six generic quadrics modulo 32003, for
-- the time limits below
katsuraIdeal := n -> (
    T := QQ[vars(0..n)];
    X := gens T;
    u := i -> if abs i <= n then X#(abs i) else 0_T;
    ideal(apply(n, m -> sum(toList(-n..n), l -> u(l) * u(m - l)) - u(m))
        | {sum(toList(-n..n), l -> u l) - 1}));
genericQuadrics := () -> (
    T := ZZ/32003[vars(0..5)];
    setRandomSeed 7;
    ideal apply(6, i -> random(2, T)));
-- seven of them: no regular sequence, so the syzygies and Betti numbers need
-- the frame (Koszul's of six come at once)
moreQuadrics := () -> (
    T := ZZ/32003[vars(0..5)];
    setRandomSeed 7;
    ideal apply(7, i -> random(2, T)));
refused := {
    ("real solutions over ZZ/p", () -> (T := ZZ/101[s, t]; gbcRealSolutions ideal(T_0^2 - 1, T_1))),
    ("real solutions of a curve", () -> (T := QQ[s, t]; gbcRealSolutions ideal(T_0^2 - T_1))),
    ("the normal set of a curve", () -> (T := QQ[s, t]; gbcKbase ideal(T_0^2 - T_1))),
    ("Betti numbers of an inhomogeneous ideal", () -> (T := QQ[s, t]; gbcBetti ideal(T_0^2 - T_1))),
    ("syz of a 0 x 0 matrix", () -> (T := QQ[s, t]; gbcSyz map(T^0, T^0, 0))),
    ("Strategy => \"Magic\"", () -> (T := QQ[s, t]; gbcGroebner(ideal(T_0), Strategy => "Magic"))),
    ("Threads => 0", () -> (T := QQ[s, t]; gbcGroebner(ideal(T_0), Threads => 0))),
    ("TimeLimit => -1", () -> (T := QQ[s, t]; gbcGroebner(ideal(T_0), TimeLimit => -1))),
    ("Certify => 1", () -> (T := QQ[s, t]; gbcGroebner(ideal(T_0), Certify => 1))),
    ("a matrix without rows", () -> (T := QQ[s, t]; gbcGroebner map(T^0, T^2, 0))),
    ("ideals of different rings", () -> (T := QQ[s, t]; U := QQ[s, t]; gbcIntersect(ideal T_0, ideal U_0))),
    ("eliminating a non-variable", () -> (T := QQ[s, t]; gbcEliminate(ideal T_0, {T_0^2}))),
    ("a time limit reached", () -> (T := QQ[a, b, c, d, e, f, g];
        gbcGroebner(ideal(a+b+c+d+e+f+g, a*b+b*c+c*d+d*e+e*f+f*g+g*a, a*b*c+b*c*d+c*d*e+d*e*f+e*f*g+f*g*a+g*a*b,
            a*b*c*d+b*c*d*e+c*d*e*f+d*e*f*g+e*f*g*a+f*g*a*b+g*a*b*c, a*b*c*d*e+b*c*d*e*f+c*d*e*f*g+d*e*f*g*a+e*f*g*a*b+f*g*a*b*c+g*a*b*c*d,
            a*b*c*d*e*f+b*c*d*e*f*g+c*d*e*f*g*a+d*e*f*g*a*b+e*f*g*a*b*c+f*g*a*b*c*d+g*a*b*c*d*e, a*b*c*d*e*f*g-1),
            TimeLimit => 0.05))),
    -- the time limit reaches the solving, quotient-ring and module calls too:
    -- katsura-6 over QQ and six generic quadrics modulo 32003 take far longer than
    -- a millisecond
    ("a time limit in gbcRealSolutions", () -> gbcRealSolutions(katsuraIdeal 6, TimeLimit => 0.001)),
    ("a time limit in gbcKbase", () -> gbcKbase(katsuraIdeal 6, TimeLimit => 0.001)),
    ("a time limit in gbcMultiplicationMatrices", () ->
        gbcMultiplicationMatrices(katsuraIdeal 6, TimeLimit => 0.001)),
    ("a time limit in gbcSyz", () -> gbcSyz(gens moreQuadrics(), TimeLimit => 0.001)),
    ("a time limit in gbcBetti", () -> gbcBetti(moreQuadrics(), TimeLimit => 0.001)),
    -- MemoryLimit (bytes): 64 KB stops every command on these inputs (each needs
    -- hundreds of kilobytes and more)
    ("MemoryLimit => -1", () -> (T := QQ[s, t]; gbcGroebner(ideal(T_0), MemoryLimit => -1))),
    ("MemoryLimit => 1.5", () -> (T := QQ[s, t]; gbcGroebner(ideal(T_0), MemoryLimit => 1.5))),
    ("a memory limit in gbcGroebner", () -> gbcGroebner(katsuraIdeal 6, MemoryLimit => 2^16)),
    ("a memory limit in gbcEliminate", () ->
        (I := katsuraIdeal 6; gbcEliminate(I, {(ring I)_0}, MemoryLimit => 2^16))),
    ("a memory limit in gbcSaturate", () ->
        (I := katsuraIdeal 6; gbcSaturate(I, ideal (ring I)_0, MemoryLimit => 2^16))),
    ("a memory limit in gbcRealSolutions", () -> gbcRealSolutions(katsuraIdeal 6, MemoryLimit => 2^16)),
    ("a memory limit in gbcKbase", () -> gbcKbase(katsuraIdeal 6, MemoryLimit => 2^16)),
    ("a memory limit in gbcMultiplicationMatrices", () ->
        gbcMultiplicationMatrices(katsuraIdeal 6, MemoryLimit => 2^16)),
    ("a memory limit in gbcSyz", () -> gbcSyz(gens moreQuadrics(), MemoryLimit => 2^16)),
    ("a memory limit in gbcBetti", () -> gbcBetti(moreQuadrics(), MemoryLimit => 2^16, Threads => 4))};
scan(refused, c -> (
    (name, fn) := c;
    r := try (fn(); "answered") else "refused";
    if r =!= "refused" then error("operations: " | name | " was not refused");
    print("operations: " | name | " refused")));
-- after the limits stopped them, the same calls answer as Macaulay2 does
(I6 := katsuraIdeal 6;
    if gbcGroebner(I6, MemoryLimit => 2^30) != gens gb I6 then
        error "operations: gbcGroebner after a memory limit differs from gens gb";
    B6 := flatten entries gbcKbase(I6, MemoryLimit => 2^30, Threads => 4);
    if sort B6 != sort flatten entries lift(basis(ring I6 / I6), ring I6) then
        error "operations: gbcKbase after a memory limit differs from basis";
    print "operations: the calls answer after memory limits");
print "operations: all passed";
