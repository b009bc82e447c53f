#!/usr/bin/env python3
"""Import circles among the files of src/: file A names an item of file B (a `use` line, or a `crate::`/`super::`
path in code; comments and `#[cfg(test)] mod tests` blocks left out) and B, directly or through other files,
names one of A. A path is resolved to the deepest module file it reaches, so an item re-exported by a `mod.rs`
counts as that `mod.rs`'s; a parent naming its own child modules (`mod x; use x::…`) is not counted.

Usage: scripts/import_circles.py [SRC_DIR]   (prints each circle; exit status 1 if there is one)
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src"))


def module_of(path):
    parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    return parts[:-1] if parts[-1] in ("mod", "lib", "main") else parts


def file_of(parts):
    for n in range(len(parts), 0, -1):
        base = os.path.join(ROOT, *parts[:n])
        for candidate in (base + ".rs", os.path.join(base, "mod.rs")):
            if os.path.exists(candidate):
                return candidate
    return os.path.join(ROOT, "lib.rs")


def expand(tree):
    """The paths of a `use` tree (`a::{b, c::{d, e}}`)."""
    tree = tree.strip()
    match = re.match(r"^(.*?)\{(.*)\}$", tree, re.S)
    if not match:
        return [tree.split(" as ")[0].strip()]
    prefix, inner, out, depth, current = match.group(1), match.group(2), [], 0, ""
    for ch in inner + ",":
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            if current.strip():
                out += [prefix + p for p in expand(current)]
            current = ""
        else:
            current += ch
    return out


def dependencies(path):
    text = re.split(r"#\[cfg\(test\)\]\s*mod tests", open(path, encoding="utf-8").read())[0]
    text = "\n".join(line for line in text.split("\n") if not line.strip().startswith("//"))
    paths = [p for tree in re.findall(r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", text) for p in expand(tree)]
    paths += re.findall(r"\b((?:crate|super)(?:::\w+)+)", text)
    me, found = module_of(path), set()
    for p in paths:
        parts = p.replace(" ", "").split("::")
        if parts[0] == "crate":
            target = parts[1:]
        elif parts[0] in ("super", "self"):
            base, i = list(me), 0
            while i < len(parts) and parts[i] in ("super", "self"):
                base = base[:-1] if parts[i] == "super" else base
                i += 1
            target = base + parts[i:]
        else:
            continue
        dep = file_of([x for x in target if x != "*"])
        if dep != path:
            found.add(dep)
    return found


def circles(graph):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(os.path.relpath(f, ROOT) for f in component))

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


files = [os.path.join(d, f) for d, _, fs in os.walk(ROOT) for f in fs if f.endswith(".rs")]
found = circles({f: dependencies(f) for f in files})
for component in found:
    print(" <-> ".join(component))
sys.exit(1 if found else 0)
