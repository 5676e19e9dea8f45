#!/usr/bin/env python3
"""check-function-length.py [--limit N] [--allow FILE] [--list] PATH... - no long functions.

Measures every function definition in the C++ files under PATH (.cpp, .h)
and reports those longer than the limit (150 lines by default: from the line
of the body's '{' to that of its '}', both included; lambdas and local
classes count toward the function that holds them).

The scanner understands enough C++ for this: comments, string and character
literals (raw strings included), preprocessor lines, namespaces, classes and
their inline member functions, constructor initializer lists, and brace
initializers at namespace or class scope (not functions).

--allow FILE names the functions that may stay long for now, one
`path:name` a line (# comments); an entry that is no longer over the limit
is an error too, so the list only shrinks. --list prints every function with
its length instead. Exits 1 on an offender that is not allowed or a stale
entry.
"""
import argparse
import os
import re
import sys

KEYWORD_HEAD = re.compile(r"^(?:template\s*<.*?>\s*)?(class|struct|union|namespace|enum|extern)\b", re.S)
NAME_BEFORE_PAREN = re.compile(r"(~?[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)*|operator\s*[^\s(]+(?:\s*\(\))?)\s*$")


def strip(text):
    """The text with comments, literals and preprocessor lines blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#" or (line_start and c in " \t" and text[i:].lstrip(" \t").startswith("#")):
            # a preprocessor line, with its continuations
            j = i
            while j < n:
                e = text.find("\n", j)
                if e < 0:
                    e = n
                if e > 0 and text[e - 1] == "\\":
                    out.append(re.sub(r"[^\n]", " ", text[j:e + 1]))
                    j = e + 1
                    continue
                out.append(" " * (e - j))
                j = e
                break
            i = j
            continue
        line_start = False
        if c == "\n":
            line_start = True
            out.append(c)
            i += 1
        elif text.startswith("//", i):
            e = text.find("\n", i)
            e = n if e < 0 else e
            out.append(" " * (e - i))
            i = e
        elif text.startswith("/*", i):
            e = text.find("*/", i + 2)
            e = n if e < 0 else e + 2
            out.append(re.sub(r"[^\n]", " ", text[i:e]))
            i = e
        elif c == "R" and i + 1 < n and text[i + 1] == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_") or text[i - 1] in "u8LU"):
            m = re.match(r'R"([^()\\ ]{0,16})\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i + m.end())
            e = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:e]))
            i = e
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum() and text[i - 1] not in "uUL8")):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            e = min(j + 1, n)
            out.append(" " * (e - i))
            i = e
        else:
            out.append(c)
            i += 1
    return "".join(out)


def paren_depth_outside(head):
    """The head with everything inside parentheses, brackets and angle-free groups removed."""
    depth, out = 0, []
    for c in head:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(c)
    return "".join(out)


def classify(head):
    """What a '{' after head opens: 'function', 'scope' (namespace/class) or 'data'."""
    h = " ".join(head.split())
    m = KEYWORD_HEAD.match(h)
    if m:
        kind = m.group(1)
        if kind in ("class", "struct", "union", "namespace") or (kind == "extern" and "(" not in h):
            return "scope"
        if kind == "enum":
            return "data"
    if not h or "(" not in h:
        return "data"
    outside = paren_depth_outside(h)
    if "=" in outside.replace("operator=", "").replace("==", "").replace("!=", "").replace("<=", "").replace(">=", ""):
        return "data"
    return "function"


def in_initializer_list(head):
    """Whether a '{' after head is a member's `B{...}` in a constructor's initializer list."""
    outside = paren_depth_outside(head).replace("::", "")
    return ":" in outside and re.search(r"[\w>]\s*$", head) is not None


def function_name(head):
    h = " ".join(head.split())
    m = re.search(r"((?:\w+::)*operator\s*(?:\(\)|[^\s(]+))\s*\(", h)
    if m:
        return m.group(1).replace(" ", "")
    # The name is before the parameter list: the first '(' at depth 0 that
    # is not inside a template argument list.
    depth = 0
    for i, c in enumerate(h):
        if c == "<":
            depth += 1
        elif c == ">" and depth:
            depth -= 1
        elif c == "(" and depth == 0:
            m = NAME_BEFORE_PAREN.search(h[:i])
            if m and not h[:i].rstrip().endswith("operator"):
                return m.group(1).replace(" ", "")
            if h[:i].rstrip().endswith("operator"):
                return "operator()"
    return "?"


def functions(text):
    """(name, first line, line count) of each function definition in text."""
    s = strip(text)
    found = []
    # stack of (kind, line of '{', head)
    stack = []
    head_start = 0
    line = 1
    for i, c in enumerate(s):
        if c == "\n":
            line += 1
            continue
        inside_function = any(k == "function" for k, _, _ in stack) or any(k == "data" for k, _, _ in stack)
        if c == "{":
            if inside_function:
                stack.append(("inner", line, ""))
            else:
                head = s[head_start:i]
                kind = classify(head)
                if kind == "function" and in_initializer_list(head):
                    stack.append(("init", line, ""))  # a member's brace initializer
                    continue
                stack.append((kind, line, head))
            head_start = i + 1
        elif c == "}":
            if stack:
                kind, first, head = stack.pop()
                if kind == "init":
                    continue
                if kind == "function":
                    found.append((function_name(head), first, line - first + 1))
            head_start = i + 1
        elif c == ";" and not inside_function:
            head_start = i + 1
        elif c == ":" and not inside_function:
            # "public:" / "private:" / "protected:" end a head
            if re.search(r"\b(public|private|protected)\s*$", s[head_start:i]):
                head_start = i + 1
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("--allow")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--root", default=".", help="paths in messages and the allow-list are relative to it")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()

    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for d, dirs, names in os.walk(p):
                dirs.sort()
                files += [os.path.join(d, f) for f in sorted(names) if f.endswith((".cpp", ".h"))]
        else:
            files.append(p)

    allowed = {}
    if args.allow:
        with open(args.allow) as f:
            for n, raw in enumerate(f, 1):
                entry = raw.split("#", 1)[0].strip()
                if entry:
                    allowed[entry] = n

    bad = 0
    seen_allowed = set()
    for path in files:
        rel = os.path.relpath(path, args.root)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for name, first, count in functions(text):
            if args.list:
                print("%s:%d: %s %d" % (rel, first, name, count))
                continue
            if count <= args.limit:
                continue
            key = "%s:%s" % (rel, name)
            if key in allowed:
                seen_allowed.add(key)
                continue
            print("%s:%d: error: function '%s' is %d lines long (limit %d): split it into short named functions"
                  % (rel, first, name, count, args.limit))
            bad += 1
    for key, n in sorted(allowed.items(), key=lambda kv: kv[1]):
        if key not in seen_allowed:
            print("%s:%d: error: '%s' is allowed but no longer over %d lines: remove the entry"
                  % (args.allow, n, key, args.limit))
            bad += 1
    if not args.list:
        print("check-function-length: %d files, %d problems" % (len(files), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
