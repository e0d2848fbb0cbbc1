-- The table of monomial orders and rings: gbcGroebner against gens gb on one ideal in
-- each ring kind the package maps, and a quotient ring refused. The differential test
-- (differential.m2) is the thorough one. Run from the repository after building:
--   GBC_LIBRARY=$PWD/build/libgbc.so M2 --script macaulay2/tests/orders_table.m2
loadPackage("Gbc", FileName => realpath(currentFileDirectory | "../Gbc.m2"));
cases := {
 ("ZZ/101[x,y,z]", () -> ZZ/101[x,y,z]),
 ("ZZ/101[x,y,z, Lex]", () -> ZZ/101[x,y,z, MonomialOrder=>Lex]),
 ("QQ[x,y,z, Lex]", () -> QQ[x,y,z, MonomialOrder=>Lex]),
 ("ZZ/101 GLex", () -> ZZ/101[x,y,z, MonomialOrder=>GLex]),
 ("QQ GLex", () -> QQ[x,y,z, MonomialOrder=>GLex]),
 ("{2,2} (4 vars)", () -> QQ[x,y,z,w, MonomialOrder=>{2,2}]),
 ("{1,2}", () -> QQ[x,y,z, MonomialOrder=>{1,2}]),
 ("{Weights=>{1,2,3}}", () -> QQ[x,y,z, MonomialOrder=>{Weights=>{1,2,3}}]),
 ("Eliminate 1", () -> QQ[x,y,z, MonomialOrder=>Eliminate 1]),
 ("Weights=>{2,1,1}", () -> QQ[x,y,z, Weights=>{2,1,1}]),
 ("Degrees=>{2,1,1} (GRevLex=>{2,1,1})", () -> QQ[x,y,z, Degrees=>{2,1,1}])};
scan(cases, c -> (
  R := (c#1)();
  I := ideal(R_0^2 - R_1*R_2 + 3, R_1^2 - R_0 + R_2, R_0*R_2 - R_1^3);
  G := gbcGroebner I;
  ok := G == gens gb I;
  print("| `" | c#0 | "` | " | (if ok then "agrees" else "DIFFERS") | " (" | toString(numcols G) | " elements) |")));
R = QQ[s,t]/ideal(s^3);
print("| `QQ[s,t]/ideal(s^3)` | " | (try (gbcGroebner ideal(s^2-t); "answered") else "refused with an error") | " |");
