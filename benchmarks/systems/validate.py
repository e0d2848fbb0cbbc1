#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks gen.py's systems against Singular (which must be installed).

1. cyclic-n and katsura-n: the reduced Groebner basis (grevlex) of gen.py's
   ideal must equal that of Singular's own cyclic(n) / katsura(n+1) from
   polylib.lib (two independently written definitions of the same ideal;
   gen.py's katsura-n has n+1 variables, Singular's katsura(m) has m).
2. every family: the dimension and degree (number of solutions counted with
   multiplicity, vdim) printed next to the value expected from the literature.

Usage: validate.py [--char P] [--timeout S]       (exit status 1 on a mismatch)
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True   # keep the source tree free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

# (system, expected dim, expected vdim or None, where the expectation comes from)
CASES = [
    ("cyclic-5", 0, 70, "Bjoerck-Froeberg 1991: 70 cyclic 5-roots"),
    ("cyclic-6", 0, 156, "Bjoerck-Froeberg 1991: 156 cyclic 6-roots"),
    ("cyclic-7", 0, 924, "Backelin-Froeberg: 924 cyclic 7-roots"),
    ("katsura-3", 0, 2 ** 3, "2^n solutions"),
    ("katsura-4", 0, 2 ** 4, "2^n solutions"),
    ("katsura-5", 0, 2 ** 5, "2^n solutions"),
    ("katsura-6", 0, 2 ** 6, "2^n solutions"),
    ("eco-5", 0, 2 ** 3, "2^(n-2) solutions (PHCpack eco5: 8)"),
    ("eco-6", 0, 2 ** 4, "2^(n-2) solutions"),
    ("eco-7", 0, 2 ** 5, "2^(n-2) solutions"),
    ("eco-8", 0, 2 ** 6, "2^(n-2) solutions"),
    ("noon-3", 0, 3 ** 3 - 2 * 3, "3^n - 2n solutions (noon3: 21)"),
    ("noon-4", 0, 3 ** 4 - 2 * 4, "3^n - 2n solutions (noon4: 73)"),
    ("noon-5", 0, 3 ** 5 - 2 * 5, "3^n - 2n solutions (noon5: 233)"),
    ("henrion-4", 0, math.factorial(4), "n! (Friedland: multiplicative inverse eigenvalue problem)"),
    ("henrion-5", 0, math.factorial(5), "n! (Friedland)"),
    ("henrion-6", 0, math.factorial(6), "n! (Friedland)"),
    ("reimer-3", 0, None, "degree not checked against a published value"),
    ("reimer-4", 0, None, "degree not checked against a published value"),
    ("reimer-5", 0, None, "degree not checked against a published value"),
]


def singular_script(name, char):
    names, polys = gen.system(name)
    fam, n = name.rsplit("-", 1)
    s = 'LIB "polylib.lib";\noption(redSB);\n'
    s += gen.to_singular(names, polys, char)
    s += "ideal G = std(I);\n"
    s += 'print("DIM " + string(dim(G)));\nprint("VDIM " + string(vdim(G)));\n'
    if fam in ("cyclic", "katsura"):
        # Singular's katsura(m) has m variables, gen.py's katsura-n has n+1
        m = int(n) + 1 if fam == "katsura" else int(n)
        s += "ideal J = std(%s(%d));\n" % (fam, m)
        s += ("print(\"SAME \" + string(size(reduce(J, G)) == 0 && "
              "size(reduce(G, J)) == 0 && size(G) == size(J)));\n")
    return s + "quit;\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--char", type=int, default=32003)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--singular", default="Singular")
    a = ap.parse_args()
    bad = 0
    with tempfile.TemporaryDirectory(prefix="gbc-validate-") as tmp:
        for name, edim, evdim, source in CASES:
            path = os.path.join(tmp, name + ".sing")
            with open(path, "w") as f:
                f.write(singular_script(name, a.char))
            try:
                r = subprocess.run([a.singular, "-q", "--no-rc", path], capture_output=True,
                                   text=True, timeout=a.timeout)
            except subprocess.TimeoutExpired:
                print("%-10s  timeout" % name)
                continue
            vals = dict(line.split(" ", 1) for line in r.stdout.splitlines() if " " in line)
            dim, vdim, same = vals.get("DIM"), vals.get("VDIM"), vals.get("SAME")
            ok = dim == str(edim) and (evdim is None or vdim == str(evdim)) and same in (None, "1")
            bad += not ok
            print("%-10s  dim %s  vdim %-5s expected %-5s  %s%s  [%s]" % (
                name, dim, vdim, evdim if evdim is not None else "-",
                "" if same is None else ("same ideal as Singular's; " if same == "1"
                                         else "DIFFERS FROM SINGULAR'S; "),
                "ok" if ok else "MISMATCH", source))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
