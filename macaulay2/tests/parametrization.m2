-- gbcParametrization checked by its definition, never against copied output: every
-- generator of I, homogenised and with x_i -> -v_i(T)/den_i and the new variable ->
-- q(T) (so x_i = -v_i(T) / (den_i q(T))), is 0 modulo w(T); so is T q(T) minus the
-- form; w is squarefree of degree the degree of the radical of I (Macaulay2's
-- radical); over ZZ/p every point of gbcSolutions has w(form(point)) = 0 and is the
-- parametrisation's point there, and the roots of w in ZZ/p (every residue tried)
-- are as many as the points. Errors: positive dimension, a non-radical ideal over
-- ZZ/p; the unit ideal gives null.
-- Run by run_tests.sh with the package loaded.
setRandomSeed 20261204;
pchecked := 0;
pexpect := (ok, what, I) -> (
    pchecked = pchecked + 1;
    if not ok then error("parametrization: " | what | " fails on " | toString I));

-- the substitution of the definition, into S = K[T]
paramCheck := I -> (
    R := ring I;
    K := coefficientRing R;
    n := numgens R;
    P := gbcParametrization I;
    S := P#"ring";
    w := P#"w"; q := P#"denominator";
    pexpect(#(P#"v") == n and #(P#"den") == n, "one v_i per variable", I);
    pexpect(first degree w == P#"degree" and P#"degree" == degree radical I, "deg w", I);
    pexpect(gcd(w, diff(S_0, w)) == 1, "w squarefree", I);
    if K === QQ then pexpect(q == diff(S_0, w), "q = w' over QQ", I)
    else pexpect(q == 1 and leadCoefficient w == 1 and all(P#"den", d -> d == 1), "the layout over ZZ/p", I);
    -- y_i = x_i q = -v_i / den_i
    y := apply(n, i -> (-1/(P#"den")#i) * (P#"v")#i);
    H := K(monoid[Variables => n + 1]);
    toH := map(H, R, take(gens H, n));
    phi := map(S, H, y | {q});
    scan(flatten entries gens I, f -> pexpect(phi(homogenize(toH f, H_n)) % w == 0,
        "generator " | toString f | " at the parametrisation", I));
    pexpect((S_0 * q - phi(toH P#"form")) % w == 0, "T = the form", I);
    if K =!= QQ then (
        p := char K;
        pts := gbcSolutions I;
        ev := (f, t) -> sum(first degree f + 1, k -> coefficient(S_0^k, f) * t^k);
        scan(pts, pt -> (
            t := sum(n, i -> coefficient(R_i, P#"form") * pt#i);
            pexpect(ev(w, t) == 0, "w(form(point)) = 0", I);
            pexpect(apply(n, i -> - ev((P#"v")#i, t) / ev(q, t)) == pt, "the point at T", I)));
        if p < 5000 then
            pexpect(#select(p, r -> ev(w, r * 1_K) == 0) == #pts, "the roots of w in ZZ/p", I));
    P)

pKatsura := (K, n) -> (
    R := K(monoid[Variables => n + 1]);
    u := i -> if abs i <= n then R_(abs i) else 0_R;
    ideal({sum(-n .. n, i -> u i) - 1} | apply(n, m -> sum(-n .. n, i -> u i * u(m - i)) - u m)))

scan({QQ, ZZ/101, ZZ/32003}, K -> (
    R := K[x, y, z];
    paramCheck ideal(x^2 - 1, y^2 - 2, z - x - y);
    paramCheck ideal(x^2 - 1, y - x^2 - 1, z - x - 3);
    paramCheck ideal(x^2 + y^2 - 1, x - y, z^2 - 3);
    paramCheck pKatsura(K, 3);
    R2 := K[a, b];
    paramCheck ideal(random(2, R2) - 1, random(2, R2) + 3)));
-- over QQ, ideals that are not radical: the parametrisation of the radical
R = QQ[x, y];
paramCheck ideal(x^2, y - 1);
paramCheck ideal(x^2 * (x - 1), y^2 - x);
paramCheck pKatsura(QQ, 4);
-- a variable named like msolve's added one
R = QQ[x, A]; paramCheck ideal(x^2 - 3, A^2 - x - 1);

refusedP := {
    ("a curve", () -> (R := QQ[a, b]; gbcParametrization ideal(a^2 - b))),
    ("a curve over ZZ/p", () -> (R := ZZ/101[a, b]; gbcParametrization ideal(a^2 - b))),
    ("a non-radical ideal over ZZ/p", () -> (R := ZZ/101[a, b]; gbcParametrization ideal(a^2, b - 1))),
    ("a time limit", () -> gbcParametrization(pKatsura(QQ, 7), TimeLimit => 0.001))};
scan(refusedP, c -> (
    (name, fn) := c;
    r := try (fn(); "answered") else "refused";
    if r =!= "refused" then error("parametrization: " | name | " was not refused")));
R = QQ[x, y];
if gbcParametrization ideal(x, x - 1) =!= null then error "parametrization: the unit ideal";
print("parametrization: all " | toString pchecked | " checks passed");
