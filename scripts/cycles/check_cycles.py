#!/usr/bin/env python3
"""Finds import cycles between the files of each Rust crate and of the window's ES modules.

A Rust crate's graph has one node per file (module granularity = file). An edge goes from a file
to every file whose item it names through `crate::`, `super::`, `self::` or a child module's name
(in `use` lines and in code), following `pub use` re-exports to the file that defines the item,
and from a file to each file it declares with `mod x;`. Test code (`#[cfg(test)]` modules and the
files they mount) is left out: it may use its parent freely. An ES module's graph has one node per
`.js`/`.mjs` file and an edge per relative `import`/`export … from`/`import()`.

Every strongly connected component of more than one file is a cycle. A cycle is allowed when its
files are all inside one line of the allow-list (a cycle known when the list was written that may
only shrink); anything else is new and fails the check (exit 1).

Usage: check_cycles.py [--allow FILE] [--root DIR] NAME=PATH[:rust|:js] ...
"""

import argparse
import os
import re
import sys
from collections import defaultdict, deque

# ---------------------------------------------------------------- Rust


def strip_rust(text):
    """The text with comments, string and char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        m = re.match(r'(b?r)(#*)"', text[i:i + 40]) if c in "rb" else None
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = '"' + m.group(2)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
            continue
        if c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])
            if m:
                out.append("' '")
                i += len(m.group(0))
                continue
        out.append(c)
        i += 1
    return "".join(out)


def split_use_tree(tree):
    """`a::{b as x, c::{d, self}}` -> [([a, b], x), ([a, c, d], d), ([a, c], c)]: each path with
    the name it brings in (`*` for a glob)."""
    tree = re.sub(r"\s+as\s+", "@", tree.strip())
    tree = re.sub(r"\s+", "", tree)

    def parse(s, prefix):
        paths = []
        depth, start, parts = 0, 0, []
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        for part in parts:
            if not part:
                continue
            brace = part.find("{")
            if brace >= 0:
                head = [p for p in part[:brace].split("::") if p]
                paths += parse(part[brace + 1:part.rfind("}")], prefix + head)
                continue
            part, _, alias = part.partition("@")
            segs = [p for p in part.split("::") if p]
            path = prefix if segs == ["self"] else prefix + segs
            if path:
                paths.append((path, alias or path[-1]))
        return paths

    return parse(tree, [])


class Scope:
    """A module: a file, or an inline `mod x { }` inside one."""

    def __init__(self, path, file):
        self.path = path  # tuple of segments from the crate root
        self.file = file
        self.children = {}  # name -> Scope
        self.reexports = {}  # name -> (scope, segments) a `pub use` names
        self.globs = []  # (scope, segments) of `pub use x::*`
        self.refs = []  # (segments, is_use) met in this scope's own code
        self.aliases = {}  # name -> segments a `use` brings into this scope


class RustCrate:
    def __init__(self, src):
        self.src = src
        root = "lib.rs" if os.path.exists(os.path.join(src, "lib.rs")) else "main.rs"
        self.files = {}
        self.texts = {}
        self.mod_edges = defaultdict(set)
        self.root = self.load(os.path.join(src, root), ())

    def rel(self, path):
        return os.path.relpath(path, self.src)

    def load(self, filename, modpath):
        scope = Scope(modpath, self.rel(filename))
        self.files[scope.file] = scope
        with open(filename, encoding="utf-8") as f:
            raw = f.read()
        # `#[path = "x.rs"]` needs its string before literals are blanked.
        raw = re.sub(r'#\[path\s*=\s*"([^"]+)"\]', lambda m: "#[path(" + m.group(1).replace(".", "\x00") + ")]", raw)
        text = strip_rust(raw).replace("\x00", ".")
        self.texts[scope.file] = text
        self.parse(text, scope, filename)
        return scope

    def child_file(self, filename, name, explicit):
        here = os.path.dirname(filename)
        base = os.path.basename(filename)
        if explicit:
            return os.path.join(here, explicit)
        owner = here if base in ("lib.rs", "main.rs", "mod.rs") else os.path.join(here, base[:-3])
        for candidate in (os.path.join(owner, name + ".rs"), os.path.join(owner, name, "mod.rs")):
            if os.path.exists(candidate):
                return candidate
        return None

    def parse(self, text, scope, filename):
        token = re.compile(
            r"(?P<cfgtest>#\[cfg\(test\)\])"
            r"|(?P<attrpath>#\[path\(([^)]*)\)\])"
            r"|(?P<mod>\b(?:pub(?:\([^)]*\))?\s+)?mod\s+(?P<modname>\w+)\s*(?P<modend>[;{]))"
            r"|(?P<use>\b(?P<pub>pub(?:\([^)]*\))?\s+)?use\s+(?P<tree>[^;]+);)"
            r"|(?P<path>(?<![\w:])(?:crate|super|self|[a-z_][a-z0-9_]*)(?:::[A-Za-z_]\w*|::\*)+)"
            r"|(?P<open>\{)|(?P<close>\})"
        )
        stack = [(scope, 0)]  # (scope, brace depth where it ends)
        depth = 0
        skip_until = None  # brace depth whose close ends a skipped test block
        pending_test = False
        pending_path = None
        for m in token.finditer(text):
            
            if m.group("cfgtest"):
                pending_test = True
                continue
            if m.group("attrpath"):
                pending_path = m.group(3)
                continue
            if m.group("open"):
                depth += 1
                continue
            if m.group("close"):
                depth -= 1
                if skip_until is not None and depth < skip_until:
                    skip_until = None
                while len(stack) > 1 and depth < stack[-1][1]:
                    stack.pop()
                continue
            if skip_until is not None:
                continue
            current = stack[-1][0]
            if m.group("mod"):
                name = m.group("modname")
                if m.group("modend") == "{":
                    depth += 1
                    if pending_test:
                        skip_until = depth
                    else:
                        inner = Scope(current.path + (name,), current.file)
                        current.children[name] = inner
                        stack.append((inner, depth))
                elif not pending_test:
                    child = self.child_file(filename, name, pending_path)
                    if child:
                        loaded = self.load(child, current.path + (name,))
                        current.children[name] = loaded
                        self.mod_edges[current.file].add(loaded.file)
                pending_test = False
                pending_path = None
                continue
            pending_path = None
            if m.group("use"):
                if pending_test:
                    pending_test = False
                    continue
                for segs, name in split_use_tree(m.group("tree")):
                    current.refs.append((segs, True))
                    if name != "*":
                        current.aliases[name] = segs
                    if m.group("pub"):
                        if name == "*":
                            current.globs.append((current, segs[:-1]))
                        else:
                            current.reexports[name] = (current, segs)
                continue
            pending_test = False
            if m.group("path"):
                current.refs.append((m.group("path").split("::"), False))

    # Resolution: a path named in `scope` -> the file defining what it names.
    def start(self, scope, segs):
        if segs[0] == "crate":
            return self.root, segs[1:]
        if segs[0] == "self":
            return scope, segs[1:]
        if segs[0] == "super":
            s, rest = scope, segs
            while rest and rest[0] == "super":
                s = self.scope_at(s.path[:-1])
                rest = rest[1:]
            return s, rest
        if segs[0] in scope.children:
            return scope, segs
        alias = scope.aliases.get(segs[0])
        if alias and (alias[0] in ("crate", "super", "self") or alias[0] in scope.children):
            return self.start(scope, alias + segs[1:])
        return None, None

    def scope_at(self, path):
        s = self.root
        for seg in path:
            s = s.children[seg]
        return s

    def resolve(self, scope, segs, seen=None):
        seen = set() if seen is None else seen
        s, rest = self.start(scope, segs)
        if s is None:
            return None
        while rest:
            head = rest[0]
            if head in s.children:
                s, rest = s.children[head], rest[1:]
                continue
            if head in s.reexports and (s.path, head) not in seen:
                seen.add((s.path, head))
                owner, target = s.reexports[head]
                return self.resolve(owner, target + rest[1:], seen) or s.file
            for owner, target in s.globs:
                key = (s.path, "*", tuple(target))
                if key in seen:
                    continue
                seen.add(key)
                found = self.resolve(owner, target + rest, seen)
                if found and (found != self.scope_at_or_none(owner, target) or self.defines(found, head)):
                    return found
            return s.file
        return s.file

    def names_module(self, scope, segs):
        """Whether the path names a module itself (`use crate::systems::d12;`), not an item."""
        s, rest = self.start(scope, segs)
        while s is not None and rest and rest[0] in s.children:
            s, rest = s.children[rest[0]], rest[1:]
        return s is not None and not rest

    def defines(self, file, name):
        """Whether the file declares an item called `name` (not only uses it)."""
        pattern = r"\b(?:fn|struct|enum|union|const|static|type|trait|mod|macro_rules!)\s+" + re.escape(name) + r"\b"
        return re.search(pattern, self.texts[file]) is not None

    def scope_at_or_none(self, owner, target):
        s, rest = self.start(owner, target)
        return s.file if s is not None and not rest else None

    def graph(self):
        edges = defaultdict(set)
        for src, dests in self.mod_edges.items():
            edges[src] |= dests
        scopes = []

        def walk(s):
            scopes.append(s)
            for c in s.children.values():
                if c.file == s.file:
                    walk(c)

        for f in self.files.values():
            walk(f)
        for s in scopes:
            for segs, is_use in s.refs:
                glob = segs[-1] == "*"
                segs = [p for p in segs if p != "*"]
                if not segs:
                    continue
                if is_use and not glob and self.names_module(s, segs):
                    continue
                target = self.resolve(s, segs)
                if target and target != s.file:
                    edges[s.file].add(target)
        return {f: edges.get(f, set()) for f in self.files}


# ---------------------------------------------------------------- JavaScript

JS_IMPORT = re.compile(
    r"""(?:\bimport\s*(?:[\w*{}\s,]+\s*from\s*)?|\bexport\s*[\w*{}\s,]*\s*from\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]"""
)


def js_graph(root):
    files = []
    for here, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != "node_modules"]
        files += [os.path.join(here, n) for n in names if n.endswith((".js", ".mjs"))]
    edges = {}
    for f in files:
        with open(f, encoding="utf-8") as fh:
            text = re.sub(r"/\*.*?\*/|(?<![:'\"\\])//[^\n]*", "", fh.read(), flags=re.S)
        deps = set()
        for m in JS_IMPORT.finditer(text):
            spec = m.group(1)
            if spec.startswith("."):
                target = os.path.normpath(os.path.join(os.path.dirname(f), spec))
                if os.path.exists(target):
                    deps.add(os.path.relpath(target, root))
        edges[os.path.relpath(f, root)] = deps
    return edges


# ---------------------------------------------------------------- cycles


def cycles(edges):
    """The strongly connected components of more than one node, each as a sorted list."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
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

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(out)


def one_loop(edges, comp):
    """A shortest way round the component from its first file, for the report."""
    members = set(comp)
    start = comp[0]
    prev = {start: None}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for w in sorted(edges.get(v, ())):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in prev:
                prev[w] = v
                queue.append(w)
    return comp


def read_allowed(path):
    allowed = defaultdict(list)
    if not path or not os.path.exists(path):
        return allowed
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, _, files = line.partition(":")
            allowed[name.strip()].append(set(files.split()))
    return allowed


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--allow", help="allow-list of known cycles")
    parser.add_argument("--root", default=".", help="paths are relative to this folder")
    parser.add_argument("--print-allow", action="store_true", help="print every cycle as an allow-list line")
    parser.add_argument("graphs", nargs="+", help="NAME=PATH[:rust|:js]")
    args = parser.parse_args(argv)
    allowed = read_allowed(args.allow)
    new = 0
    for spec in args.graphs:
        name, _, where = spec.partition("=")
        where, _, lang = where.partition(":")
        path = os.path.join(args.root, where)
        lang = lang or ("js" if not os.path.exists(os.path.join(path, "lib.rs")) and not os.path.exists(os.path.join(path, "main.rs")) else "rust")
        edges = RustCrate(path).graph() if lang == "rust" else js_graph(path)
        found = cycles(edges)
        for comp in found:
            if args.print_allow:
                print(f"{name}: {' '.join(comp)}")
                continue
            known = any(set(comp) <= ok for ok in allowed.get(name, []))
            label = "known cycle (allow-listed)" if known else "NEW CYCLE"
            print(f"{name}: {label}, {len(comp)} files: {' -> '.join(one_loop(edges, comp))}")
            if not known:
                new += 1
                print(f"  all files in it: {' '.join(comp)}")
        for ok in allowed.get(name, []):
            if not any(set(c) & ok for c in found):
                print(f"{name}: an allow-listed cycle is gone; remove its line: {' '.join(sorted(ok))}")
        if not found and not args.print_allow:
            print(f"{name}: no cycles ({len(edges)} files)")
    if new:
        print(f"{new} new import cycle(s): move the shared item down into a module of its own.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
