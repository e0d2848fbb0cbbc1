#!/usr/bin/env python3
"""The layering measures of docs/architecture.md, computed from the sources.

Prints the module include graph, include cycles (modules and files), includes that
run up the module order of docs/architecture.md, call cycles between .c files and
calls up the order (a textual scan: non-static definitions at column 0 and the
identifiers called elsewhere, so a name only in a comment or string counts too),
library functions over 80 lines, source files over 1,000 lines, and the hand
branches on the field (p == 0, p != 0 and the like).

usage: python3 tools/layering.py [ROOT]   (ROOT: the repository, default .)
"""
import collections
import os
import re
import sys

# the module order of docs/architecture.md, lowest first; a module may include and
# call only modules before it (same rank: neither)
ORDER = ["common", "field", "mono", "mht", "poly", "io", "divlookup", "monideal", "pairs",
         "la", "buchberger", "check", "f4", "sig", "fglm", "strategy", "modular", "ideal",
         "module", "api", "solve", "cli", "mpi"]
RANK = {m: i for i, m in enumerate(ORDER)}
TOOLS = ("cli", "mpi")


def read_sources(root):
    src = os.path.join(root, "src")
    files = {}
    for d, _, fs in os.walk(src):
        for f in fs:
            if f.endswith((".c", ".h")):
                p = os.path.relpath(os.path.join(d, f), src)
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    files[p] = fh.read()
    return files


def module(p):
    return p.split("/")[0]


def sccs(graph, nodes):
    """Strongly connected components (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            pushed = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    pushed = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if pushed:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    files = read_sources(root)
    inc = collections.defaultdict(set)
    for p, t in files.items():
        for m in re.finditer(r'#\s*include\s+"([^"]+)"', t):
            q = m.group(1)
            q2 = os.path.normpath(os.path.join(os.path.dirname(p), q))
            if q in files:
                inc[p].add(q)
            elif q2 in files:
                inc[p].add(q2)
    mg = collections.defaultdict(set)
    for p, qs in inc.items():
        for q in qs:
            if module(p) != module(q):
                mg[module(p)].add(module(q))
    mods = sorted({module(p) for p in files}, key=lambda m: RANK.get(m, 99))
    print("module includes:")
    for m in mods:
        print("  %-10s -> %s" % (m, " ".join(sorted(mg[m], key=lambda x: RANK.get(x, 99)))))
    unknown = [m for m in mods if m not in RANK]
    if unknown:
        print("modules missing from the order:", " ".join(unknown))
    print("module include cycles:", sccs(mg, mods) or "none")
    print("file include cycles:", sccs(inc, sorted(files)) or "none")
    up = [(p, q) for p in sorted(inc) for q in sorted(inc[p])
          if RANK.get(module(q), 99) > RANK.get(module(p), 99)]
    print("upward includes:", "none" if not up else "")
    for p, q in up:
        print("  %s includes %s" % (p, q))

    defre = re.compile(r"^(?!static|typedef|extern|#|struct|enum|union|\s)"
                       r"[A-Za-z_][\w \*]*?\b([A-Za-z_]\w*)\(", re.M)
    # the library's definitions; each tool (a program of its own: the same name may
    # be defined in two tools) also sees its own module's
    defs = {}
    tooldefs = collections.defaultdict(dict)
    for p, t in files.items():
        if p.endswith(".c"):
            for m in defre.finditer(t):
                rest = t[m.end():m.end() + 2000]
                b, s = rest.find("{"), rest.find(";")
                if b != -1 and (s == -1 or b < s):
                    if module(p) in TOOLS:
                        tooldefs[module(p)].setdefault(m.group(1), p)
                    else:
                        defs.setdefault(m.group(1), p)
    calls = collections.defaultdict(set)
    for p, t in files.items():
        if p.endswith(".c"):
            own = tooldefs.get(module(p), {})
            for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", t):
                q = defs.get(m.group(1)) or own.get(m.group(1))
                if q and q != p:
                    calls[p].add(q)
    print("file call cycles:", "none" if not sccs(calls, sorted(calls)) else "")
    for c in sccs(calls, sorted(calls)):
        print("  " + " <-> ".join(c))
    upc = sorted({(module(p), module(q)) for p, qs in calls.items() for q in qs
                  if RANK.get(module(q), 99) > RANK.get(module(p), 99)})
    print("upward calls:", "none" if not upc else "")
    for a, b in upc:
        print("  %s calls %s" % (a, b))

    long_fns = []
    for p, t in sorted(files.items()):
        if not p.endswith(".c") or module(p) in TOOLS:
            continue
        lines = t.split("\n")
        i = 0
        while i < len(lines):
            m = re.match(r"^(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w \*]*?\b([A-Za-z_]\w*)\(",
                         lines[i])
            if m and not lines[i].rstrip().endswith(";"):
                j = i
                while j < len(lines) and lines[j] != "{" and not lines[j].endswith(")") \
                        and j < i + 8:
                    j += 1
                if j + 1 < len(lines) and lines[j + 1] == "{" or j < len(lines) and lines[j] == "{":
                    start = j + 1 if lines[j] != "{" else j
                    k = start + 1
                    while k < len(lines) and lines[k] != "}":
                        k += 1
                    n = k - start - 1
                    if n > 80:
                        long_fns.append((n, p, m.group(1)))
                    i = k
            i += 1
    print("library functions over 80 lines: %d" % len(long_fns))
    for n, p, f in sorted(long_fns, reverse=True):
        print("  %4d %s %s" % (n, p, f))
    big = sorted(((t.count("\n"), p) for p, t in files.items()), reverse=True)
    print("source files over 1,000 lines:", sum(1 for n, _ in big if n > 1000))
    for n, p in big:
        if n > 1000:
            print("  %5d %s" % (n, p))
    br = re.compile(r"(\b(p|->p|\.p|F\.p|F->p|char\w*)\s*[!=]=\s*0\b)|(\b0\s*[!=]=\s*(p|\w+->p|\w+\.p)\b)")
    per = collections.Counter()
    for p, t in files.items():
        if module(p) not in TOOLS:
            per[p] = len(br.findall(t))
    print("hand field branches (p == 0 / p != 0): %d in %d files" %
          (sum(per.values()), sum(1 for v in per.values() if v)))
    for p, n in per.most_common(8):
        if n:
            print("  %4d %s" % (n, p))


if __name__ == "__main__":
    main()
