"""Call, control-flow, label, brace and whole-file mutants."""

import re

from mutate import line_kind
from structural import with_line


def call_mutants(lines, i, rng):
    s = lines[i]
    out = []
    m = re.search(r"\bcall(\.uni)?\b", s)
    if not m:
        return out
    if m.group(1):
        out.append(("call-uni", with_line(lines, i, s[:m.start(1)] + s[m.end(1):])))
    else:
        out.append(("call-uni", with_line(lines, i, s[:m.end()] + ".uni" + s[m.end():])))
    # argument list: the last parenthesised group
    groups = list(re.finditer(r"\(([^()]*)\)", s))
    if groups:
        g = groups[-1]
        args = [a.strip() for a in g.group(1).split(",") if a.strip()]
        variants = []
        if args:
            variants.append(args[:-1])
            variants.append(args + [args[-1]])
            variants.append(args[1:])
        variants.append(args + ["%r1"])
        if len(args) > 1:
            variants.append([args[1], args[0]] + args[2:])
        for v in variants:
            out.append(("call-args", with_line(lines, i, s[:g.start(1)] + ", ".join(v) + s[g.end(1):])))
        if len(groups) > 1:
            r = groups[0]
            out.append(("call-return", with_line(lines, i, s[:r.start()] + s[r.end():].lstrip(", "))))
    else:
        out.append(("call-args", with_line(lines, i, s.rstrip().rstrip(";") + ", (%r1);")))
    callee = re.search(r"call(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([\w$%]+)", s)
    if callee:
        out.append(("call-callee", with_line(lines, i, s[:callee.start(1)] + "undeclared_fn" + s[callee.end(1):])))
    return out


def flow_mutants(lines, i, rng, labels):
    s = lines[i]
    out = []
    m = re.search(r"\b(bra(?:\.uni)?)\s+([\w$]+)", s)
    if m:
        out.append(("bra-target", with_line(lines, i, s[:m.start(2)] + "$L__undefined" + s[m.end(2):])))
        for lab in rng.sample(labels, min(2, len(labels))):
            out.append(("bra-target", with_line(lines, i, s[:m.start(2)] + lab + s[m.end(2):])))
        out.append(("bra-target", with_line(lines, i, s[:m.start(2)] + "%r1" + s[m.end(2):])))
        uni = ".uni" if not m.group(1).endswith(".uni") else ""
        out.append(("bra-uni", with_line(lines, i, s[:m.end(1)] + uni + s[m.end(1):] if uni else s.replace("bra.uni", "bra", 1))))
    if re.search(r"\bbrx\.idx", s):
        out.append(("brx-table", with_line(lines, i, re.sub(r"([\w$]+)\s*;", "undefined_table;", s))))
    if re.search(r"\.branchtargets", s):
        out.append(("brx-table", with_line(lines, i, s.replace(".branchtargets", ".branchtargets $L__undefined,", 1))))
        out.append(("brx-table", with_line(lines, i, re.sub(r"\.branchtargets\s+[^;]*", ".branchtargets", s))))
    st = s.strip()
    if re.match(r"^(@!?%\w+\s+)?(ret|exit)(\.uni)?\s*;", st):
        other = "exit" if "ret" in st else "ret"
        out.append(("ret-exit", with_line(lines, i, re.sub(r"\b(ret|exit)\b", other, s, count=1))))
        out.append(("ret-exit", lines[:i] + lines[i + 1:]))
    return out


def label_mutants(lines, i, rng):
    s = lines[i]
    out = [("label-duplicate", lines[:i + 1] + [s] + lines[i + 1:]),
           ("label-delete", lines[:i] + lines[i + 1:])]
    m = re.match(r"^(\s*)([\w$]+):", s)
    if m:
        out.append(("label-rename", with_line(lines, i, m.group(1) + "1" + m.group(2) + ":" + s[m.end():])))
        out.append(("label-rename", with_line(lines, i, m.group(1) + "%" + m.group(2) + ":" + s[m.end():])))
    return out


def brace_mutants(lines, i, rng):
    return [("brace", lines[:i] + lines[i + 1:]),
            ("brace", lines[:i + 1] + [lines[i]] + lines[i + 1:])]


def instruction_inserts(lines, i, rng):
    """ret/exit/bra/call/label inserted before an instruction of a function body."""
    out = []
    for text in ["\tret;", "\texit;", "\tbra.uni $L__nowhere;", "\tcall undeclared_fn, ();",
                 "$L__fresh_label:", "\ttrap;", "\t{", "\t}"]:
        out.append(("insert-statement", lines[:i] + [text] + lines[i:]))
    return out


def functions(lines):
    """(start, end) line index ranges of .entry/.func definitions (header to closing brace)."""
    res = []
    i = 0
    while i < len(lines):
        if re.search(r"\.(entry|func)\b", lines[i]) and not lines[i].strip().startswith("//"):
            j = i
            while j < len(lines) and lines[j].strip() != "{" and not lines[j].rstrip().endswith(";"):
                j += 1
            if j < len(lines) and lines[j].strip() == "{":
                depth = 0
                k = j
                while k < len(lines):
                    t = lines[k].strip()
                    if t == "{":
                        depth += 1
                    elif t == "}":
                        depth -= 1
                        if depth == 0:
                            break
                    k += 1
                res.append((i, k))
                i = k
        i += 1
    return res


def whole_file_mutants(lines, rng):
    out = []
    idx = {line_kind(lines, i): i for i in range(len(lines) - 1, -1, -1)
           if line_kind(lines, i) == "module-directive"}
    for i, s in enumerate(lines):
        st = s.strip()
        if st.startswith(".version"):
            out.append(("file-version-twice", lines[:i + 1] + [s] + lines[i + 1:]))
            out.append(("file-version-twice", lines[:i + 1] + [".version 7.0"] + lines[i + 1:]))
            out.append(("file-no-version", lines[:i] + lines[i + 1:]))
        if st.startswith(".target"):
            out.append(("file-no-target", lines[:i] + lines[i + 1:]))
            out.append(("file-target-twice", lines[:i + 1] + [s] + lines[i + 1:]))
    fns = functions(lines)
    if fns:
        a, b = rng.choice(fns)
        out.append(("file-duplicate-function", lines[:b + 1] + lines[a:b + 1] + lines[b + 1:]))
        out.append(("file-delete-function", lines[:a] + lines[b + 1:]))
        if len(fns) > 1:
            (a1, b1), (a2, b2) = fns[0], fns[-1]
            out.append(("file-swap-functions", lines[:a1] + lines[a2:b2 + 1] + lines[b1 + 1:a2]
                        + lines[a1:b1 + 1] + lines[b2 + 1:]))
        for a, b in fns:
            if ".entry" in lines[a]:
                body = [k for k in range(a, b) if lines[k].strip() == "{"]
                if body:
                    k = body[0] + 1
                    out.append(("file-call-undeclared", lines[:k] + ["\tcall.uni undeclared_fn, ();"] + lines[k:]))
                    out.append(("file-call-undeclared", lines[:k] + ["\tcall.uni (%r1), undeclared_fn, (%r1);"] + lines[k:]))
                break
    decls = [i for i, s in enumerate(lines)
             if re.search(r"\.(func|entry)\b", s) and i not in [a for a, _ in fns]]
    for i in decls[:2]:
        j = i
        while j < len(lines) and not lines[j].rstrip().endswith(";"):
            j += 1
        out.append(("file-delete-declaration", lines[:i] + lines[j + 1:]))
    return out
