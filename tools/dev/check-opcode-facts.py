#!/usr/bin/env python3
"""check-opcode-facts.py [--allow FILE] [--list] [--root DIR] PATH... - no opcode facts in code.

Issue 11: the legality of an instruction is data (spec/isa/*.txt, lib/Spec),
and lib/Check keeps only the mechanism that reads it. This scanner counts, in
each C++ file under PATH (.cpp, .h), what writes such a fact in code:

  opcode   a comparison of an opcode with a name (`Opcode == "ld"`,
           `Op != "mul"`, `"set" == I.Opcode`, `Opcode.startswith("cp")`),
           or a list of names an opcode is looked up in (`opIn(Op, {...})`,
           `Is({"add", ...})`);
  section  a section number written as a literal ("9.7.1.1", "6.4.1"):
           sections come from the rule registry or the spec tables;
  names    a list of qualifier, type or directive names: a brace list that
           starts with two dotted names (`{".load", ".store"}`), an array of
           rows that starts with one (`{{".f16", 'f', 16}, ...}`), or a
           StringSwitch `.Cases(` of two or more (lib/Spec/Names.h and the
           spec tables hold them).

Comments are not counted. --allow FILE holds the counts that may stay for now,
one `path kind count` a line (# comments); a file over its count is an error
(move the fact into the tables), and so is one under it (lower the count), so
the list only shrinks. --list prints every file's counts. Exits 1 on a problem.
"""
import argparse
import os
import re
import sys

OPCODE = [
    re.compile(r'\b(?:Opcode|Op)\s*[!=]=\s*"'),
    re.compile(r'"[\w.:]*"\s*[!=]=\s*(?:[\w.]+\.)?(?:Opcode|Op)\b'),
    re.compile(r'\b(?:Opcode|Op)\s*\.\s*(?:startswith|starts_with|endswith|ends_with)\s*\(\s*"'),
    re.compile(r"\bopIn\s*\(\s*[\w.]+\s*,\s*\{"),
    re.compile(r'\bIs\s*\(\s*\{\s*"'),
]
SECTION = re.compile(r'"(?:[1-9]|1[0-3])\.[0-9]+(?:\.[0-9]+)*"')
_NAME = r'"\.[A-Za-z_][\w:]*"'
NAMES = [
    re.compile(r'\{\s*' + _NAME + r'\s*,\s*' + _NAME),
    re.compile(r'\{\s*\{\s*' + _NAME + r'\s*,'),
    re.compile(r'\.Cases\s*\(\s*' + _NAME + r'\s*,\s*' + _NAME),
]


def strip_comments(text):
    """The text without // and /* */ comments (string literals kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append("\n" * text.count("\n", i, n if j < 0 else j))
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def count(path):
    with open(path, encoding="utf-8") as f:
        code = strip_comments(f.read())
    ops = sum(len(p.findall(line)) for line in code.splitlines() for p in OPCODE)
    secs = len(SECTION.findall(code))
    names = sum(len(p.findall(code)) for p in NAMES)
    return {"opcode": ops, "section": secs, "names": names}


def files_under(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for d, _, names in os.walk(p):
            for n in sorted(names):
                if n.endswith((".cpp", ".h")):
                    yield os.path.join(d, n)


def read_allow(path):
    allow = {}
    with open(path, encoding="utf-8") as f:
        for k, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if line:
                allow[(line[0], line[1])] = (int(line[2]), k)
    return allow


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--allow")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--root", default=".")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    allow = read_allow(a.allow) if a.allow else {}
    problems, seen, nfiles = 0, set(), 0
    for path in sorted(files_under(a.paths)):
        nfiles += 1
        rel = os.path.relpath(path, a.root)
        for kind, n in count(path).items():
            if a.list:
                if n:
                    print(f"{rel} {kind} {n}")
                continue
            allowed, _ = allow.get((rel, kind), (0, 0))
            seen.add((rel, kind))
            if n > allowed:
                problems += 1
                what = {"opcode": "opcode facts (comparisons with opcode names, lists of names)",
                        "section": "section literals",
                        "names": "lists of qualifier, type or directive names"}[kind]
                print(f"{rel}: error: {n} {what}, {allowed} allowed: move the new ones into "
                      f"the spec tables (spec/isa/*.txt, lib/Spec)")
            elif n < allowed:
                problems += 1
                print(f"{rel}: error: {n} {kind} facts, {allowed} allowed: lower the "
                      f"allow-list entry to {n}")
    if a.list:
        return 0
    for (rel, kind), (n, k) in sorted(allow.items(), key=lambda x: x[1][1]):
        if (rel, kind) not in seen:
            problems += 1
            print(f"allow:{k}: error: '{rel} {kind}' names no scanned file: remove the entry")
    print(f"check-opcode-facts: {nfiles} files, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
