#!/usr/bin/env python3
"""Symbol mutants of real PTX, judged by ptxas and by ptx-lint.

Each mutant changes one declaration or one use of a real file (nvcc, LLVM,
clang output): a register, variable, parameter, label or function renamed
or deleted, a declaration duplicated, a guard turned into a non-predicate,
a special register's component changed, a call moved before its
function's declaration. ptxas (-arch compute_NN of the file's .target,
parse-only) gives the verdict, ptx-lint (all mutants of a run in one
invocation) gives its own; the two must agree on "rejected or not".

usage: mutants.py --ptxlint BIN [--ptxas BIN] [--sample N] [--seed S]
                  [--list] [--jobs J] FILE...
Prints one line per disagreement and a summary; exits 1 on disagreement.
"""
import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

DECL_RE = re.compile(r"^([ \t]*)(?:\.(?:visible|extern|weak)\s+)*\.(reg|local|shared|param|global|const)"
                     r"\b[^;\n{}()]*;", re.M)
REG_DECL_RE = re.compile(r"\.reg\s+(?:\.v[248]\s+)?\.\w+\s+(%?[A-Za-z_$][\w$]*)(?:<(\d+)>)?;")
LABEL_DEF_RE = re.compile(r"^(\$?[A-Za-z_][\w$]*):", re.M)
BRA_RE = re.compile(r"\bbra(?:\.uni)?\s+(\$?[A-Za-z_][\w$]*);")
CALL_RE = re.compile(r"(?<![\w.])call(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([A-Za-z_$][\w$]*)")
FUNC_DECL_RE = re.compile(r"^(?:\.(?:visible|extern|weak)\s+)*\.func\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)",
                          re.M)
GUARD_RE = re.compile(r"@!?(%p\d+)\s")
SREG_RE = re.compile(r"%(tid|ntid|ctaid|nctaid)\.([xyz])")
SREG_SCALAR_RE = re.compile(r"%(laneid|smid|warpid|clock64|clock)\b")
PARAM_USE_RE = re.compile(r"\[([A-Za-z_][\w$]*_param_\d+)\]")
GLOBAL_DECL_RE = re.compile(r"^\.(?:visible\s+|extern\s+|weak\s+)*\.(global|const|shared)\s[^;{]*?"
                            r"([A-Za-z_$][\w$]*)(?:\[\d*\])*\s*(?:=|;)", re.M)


def body_lines(text):
    """Offsets of instruction lines (inside functions, not .loc/.section)."""
    for m in re.finditer(r"^\t[a-z@][^\n]*;", text, re.M):
        line = m.group(0)
        if line.lstrip().startswith((".loc", ".pragma", ".file")):
            continue
        yield m.start(), m.end()


def mutants_of(path, text):
    """(name, mutated text) pairs for one file; deterministic."""
    out = []
    lines = list(body_lines(text))

    # 1. a register use renamed to an undeclared name (one per range prefix)
    seen = set()
    for m in REG_DECL_RE.finditer(text):
        name, count = m.group(1), m.group(2)
        if name in seen:
            continue
        seen.add(name)
        use = name + "0" if count else name
        for b, e in lines:
            seg = text[b:e]
            k = re.search(r"(?<![\w.%$])" + re.escape(use) + r"(?![\w$])", seg)
            if k:
                pos = b + k.start()
                bad = name + str(int(count) + 7) if count else name + "_undeclared"
                out.append(("use-beyond-range:" + use, text[:pos] + bad + text[pos + len(use):]))
                typo = "%q" + use[2:] if use.startswith("%") and len(use) > 2 else use + "x"
                out.append(("use-typo:" + use, text[:pos] + typo + text[pos + len(use):]))
                break

    # 2. a declaration deleted / duplicated (in function bodies)
    for m in list(DECL_RE.finditer(text))[:12]:
        s, e = m.start(), m.end()
        decl = text[s:e].strip()
        out.append(("delete-decl:" + decl[:40], text[:s] + "\n" + text[e:]))
        if not re.search(r"=", decl):
            out.append(("duplicate-decl:" + decl[:40], text[:e] + "\n" + text[s:e] + text[e:]))

    # 3. labels: definition renamed, use renamed
    defs = list(LABEL_DEF_RE.finditer(text))
    for m in defs[:6]:
        name = m.group(1)
        if name.startswith(("$L__func", "Ltmp", "$L__tmp", "Lfunc", "$L__info", "$L__abbrev")):
            continue
        if not re.search(r"\bbra(\.uni)?\s+" + re.escape(name) + ";", text):
            continue
        out.append(("label-def-renamed:" + name,
                    text[:m.start()] + name + "_gone" + text[m.start() + len(name):]))
    for m in list(BRA_RE.finditer(text))[:6]:
        name = m.group(1)
        p = m.start(1)
        out.append(("label-use-renamed:" + name, text[:p] + name + "_nope" + text[p + len(name):]))

    # 4. calls: the callee renamed; its prototype/definition deleted or moved
    for m in list(CALL_RE.finditer(text))[:4]:
        name = m.group(1)
        if name.startswith("%"):
            continue
        p = m.start(1)
        out.append(("callee-renamed:" + name, text[:p] + name + "_nope" + text[p + len(name):]))
    for m in list(FUNC_DECL_RE.finditer(text))[:4]:
        # a prototype (ends with ';' before any '{') deleted
        end = text.find(";", m.end())
        brace = text.find("{", m.end())
        if end != -1 and (brace == -1 or end < brace):
            out.append(("prototype-deleted:" + m.group(1), text[:m.start()] + text[end + 1:]))

    # 5. module variables: the declaration renamed
    for m in list(GLOBAL_DECL_RE.finditer(text))[:6]:
        name = m.group(2)
        if not re.search(r"\b" + re.escape(name) + r"\b", text[m.end():]):
            continue
        p = m.start(2)
        out.append(("global-renamed:" + name, text[:p] + name + "_x" + text[p + len(name):]))

    # 6. parameters: a use renamed
    for m in list(PARAM_USE_RE.finditer(text))[:3]:
        p = m.start(1)
        name = m.group(1)
        out.append(("param-use-renamed:" + name, text[:p] + name + "9" + text[p + len(name):]))

    # 7. guards: a predicate guard replaced by a 32-bit register, or undeclared
    for m in list(GUARD_RE.finditer(text))[:3]:
        p = m.start(1)
        name = m.group(1)
        if re.search(r"\.reg \.b32 %r<", text):
            out.append(("guard-not-pred:" + name, text[:p] + "%r1" + text[p + len(name):]))
        out.append(("guard-undeclared:" + name, text[:p] + "%p999" + text[p + len(name):]))

    # 8. special registers: a bad component, a component on a scalar, .w
    for m in list(SREG_RE.finditer(text))[:2]:
        p = m.start(2)
        out.append(("sreg-component-q:" + m.group(0), text[:p] + "q" + text[p + 1:]))
        out.append(("sreg-component-w:" + m.group(0), text[:p] + "w" + text[p + 1:]))
    for m in list(SREG_SCALAR_RE.finditer(text))[:2]:
        out.append(("sreg-scalar-x:" + m.group(0), text[:m.end()] + ".x" + text[m.end():]))
        out.append(("sreg-typo:" + m.group(0), text[:m.start() + 1] + "x" + text[m.start() + 1:]))
    return out


def ptxas_rejects(ptxas, path):
    text = open(path).read()
    m = re.search(r"^\.target\s+(sm_\w+)", text, re.M)
    arch = "compute_" + m.group(1)[3:] if m else "compute_80"
    arch = arch.rstrip("f") if arch.endswith("f") and not arch.endswith("af") else arch
    try:
        r = subprocess.run([ptxas, "-arch", arch, path, "-o", os.devnull],
                           capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode < 0:
        return None  # a crash: no verdict
    return r.returncode != 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxlint", required=True)
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--sample", type=int, default=0, help="mutants per file (0: all)")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="print every mutant's verdicts")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="ptxlint-mutants-")
    cases = []  # (path, origin, name)
    for f in args.files:
        text = open(f).read()
        if ptxas_rejects(args.ptxas, f) is not False:
            print("SKIP %s: ptxas does not accept the original" % f)
            continue
        muts = mutants_of(f, text)
        if args.sample and len(muts) > args.sample:
            muts = rng.sample(muts, args.sample)
        base = os.path.splitext(os.path.basename(f))[0]
        for i, (name, mtext) in enumerate(muts):
            if mtext == text:
                continue
            p = os.path.join(work, "%s__%03d.ptx" % (base, i))
            with open(p, "w") as fh:
                fh.write(mtext)
            cases.append((p, f, name))

    # ptx-lint: one invocation for the whole batch (gcc format, per-file errors)
    r = subprocess.run([args.ptxlint, "--format=gcc", "--min-severity=error"] +
                       [c[0] for c in cases], capture_output=True, text=True)
    lint_err = {}
    for line in r.stdout.splitlines() + r.stderr.splitlines():
        m = re.match(r"^(.*?\.ptx):\d+:\d+: error: (.*)$", line)
        if m:
            lint_err.setdefault(m.group(1), m.group(2))

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        verdicts = list(ex.map(lambda c: ptxas_rejects(args.ptxas, c[0]), cases))

    agree = disagree = skipped = 0
    rows = []
    for (p, origin, name), rej in zip(cases, verdicts):
        lint = p in lint_err
        if rej is None:
            skipped += 1
            continue
        ok = lint == rej
        agree += ok
        disagree += not ok
        if not ok or args.list:
            rows.append("%s %s %s: ptxas %s, ptx-lint %s%s" % (
                "AGREE" if ok else "DIFFER", os.path.basename(origin), name,
                "rejects" if rej else "accepts", "error" if lint else "clean",
                (" (" + lint_err[p][:100] + ")") if lint else ""))
    for row in rows:
        print(row)
    total = agree + disagree
    print("mutants: %d, agree: %d, disagree: %d, no ptxas verdict: %d, agreement: %.1f%%" %
          (total, agree, disagree, skipped, 100.0 * agree / total if total else 100.0))
    for c in cases:
        os.unlink(c[0])
    os.rmdir(work)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
