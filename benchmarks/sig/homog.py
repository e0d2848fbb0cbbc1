#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Homogenised benchmark systems: gen.py's NAME with one more variable h (last),
each polynomial multiplied through so that every term has its top degree.

Usage: homog.py NAME [--char P] [--format gbc|mgb] [-o FILE]
(the gbc format is also msolve's input format)."""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "systems"))
import gen  # noqa: E402


def homogenise(names, polys):
    out = []
    for p in polys:
        d = max(sum(m) for m in p)
        out.append({m + (d - sum(m),): c for m, c in p.items()})
    return names + ["h"], out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("name")
    ap.add_argument("--char", type=int, default=65521)
    ap.add_argument("--format", choices=["gbc", "mgb"], default="gbc")
    ap.add_argument("-o", "--output")
    a = ap.parse_args(argv)
    names, polys = homogenise(*gen.system(a.name))
    text = {"gbc": gen.to_gbc, "mgb": gen.to_mgb}[a.format](names, polys, a.char)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
