#!/usr/bin/env python3
"""Adversarial single-change mutants of whole PTX files, judged by ptxas (issue 14).

  adversary.py sweep --ptxas ptxas --lint ptx-lint [--per-seed N] [--seed S] [-j J]
                     [--out results.jsonl] [--verdicts-out FILE] SEED.ptx...
  adversary.py check --lint ptx-lint --verdicts FILE --seeds-dir DIR
  adversary.py relint results.jsonl --lint ptx-lint --seeds-dir DIR [--out FILE]
  adversary.py show results.jsonl [--outcome miss] [--kind KIND] [--limit N]

See README.md in this directory for the mutation kinds and the attribution rule.
"""

import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from flow import (brace_mutants, call_mutants, flow_mutants, instruction_inserts,  # noqa: E402
                  label_mutants, whole_file_mutants)
from mutate import line_kind, token_mutants, tokens  # noqa: E402
from structural import (directive_mutants, loc_mutants, param_mutants, perf_mutants,  # noqa: E402
                        proto_mutants, reg_mutants, section_mutants, var_mutants)

PER_LINE = {
    "module-directive": [directive_mutants],
    "reg-decl": [reg_mutants],
    "var-decl": [var_mutants],
    "param": [param_mutants],
    "prototype": [proto_mutants],
    "perf-directive": [perf_mutants],
    "loc/file": [loc_mutants],
    "debug-section": [section_mutants],
    "call": [call_mutants],
    "brace": [brace_mutants],
    "label": [label_mutants],
}


def to_edit(old, new):
    """(start, end, replacement) with old[start:end] = replacement giving new."""
    a = 0
    while a < len(old) and a < len(new) and old[a] == new[a]:
        a += 1
    b = 0
    while b < len(old) - a and b < len(new) - a and old[-1 - b] == new[-1 - b]:
        b += 1
    return a, len(old) - b, new[a:len(new) - b]


def apply_edit(lines, edit):
    a, b, rep = edit
    return lines[:a] + list(rep) + lines[b:]


def candidates(lines, rng):
    """Every mutant of a file as (kind, line kind, 1-based line, edit)."""
    pool = sorted({t for s in lines for _, _, t in tokens(s)})
    labels = sorted({m.group(1) for s in lines for m in [re.match(r"^\s*([\w$]+):", s)] if m})
    out = []
    for i in range(len(lines)):
        lk = line_kind(lines, i)
        if lk == "blank/comment":
            continue
        found = token_mutants(lines, i, rng, rng.sample(pool, min(len(pool), 3)))
        for f in PER_LINE.get(lk, []):
            found += f(lines, i, rng)
        if lk in ("control-flow", "instruction"):
            found += flow_mutants(lines, i, rng, labels)
            if rng.random() < 0.1:
                found += instruction_inserts(lines, i, rng)
        for kind, new in found:
            e = to_edit(lines, new)
            if e[0] != e[1] or e[2]:
                out.append((kind, lk, i + 1, e))
    for kind, new in whole_file_mutants(lines, rng):
        e = to_edit(lines, new)
        if e[0] != e[1] or e[2]:
            out.append((kind, "whole-file", 0, e))
    return out


def sample(lines, name, seed, per_seed):
    """A fixed-seed sample of a file's mutants, round-robin over the kinds."""
    rng = random.Random("adversary:%s:%d" % (name, seed))
    by_kind = collections.defaultdict(list)
    seen = set()
    for c in candidates(lines, rng):
        text = "\n".join(apply_edit(lines, c[3]))
        h = hashlib.sha1(text.encode()).hexdigest()[:12]
        if h not in seen:
            seen.add(h)
            by_kind[c[0]].append(c + (h,))
    for v in by_kind.values():
        rng.shuffle(v)
    picked = []
    kinds = sorted(by_kind)
    rng.shuffle(kinds)  # every kind has the same chance when per_seed < kinds
    while len(picked) < per_seed and any(by_kind[k] for k in kinds):
        for k in kinds:
            if by_kind[k] and len(picked) < per_seed:
                picked.append(by_kind[k].pop())
    return picked


def seed_arch(text):
    m = re.search(r"^\s*\.target\s+(sm_\d+[af]?)", text, re.M)
    arch = m.group(1) if m else "sm_75"
    if arch in ("sm_70", "sm_72") or int(re.sub(r"\D", "", arch)) < 75:
        arch = "sm_75"
    return arch


# ptxas's own failures (not verdicts on the input): the mutant counts as unknown.
INTERNAL = r"Attempted to Dereference|Internal error|internal compiler error|Segmentation"


def run_ptxas(ptxas, path, arch, flags):
    cmd = ["timeout", "20", ptxas, "-arch", arch] + flags + [path, "-o", os.devnull]
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    out = p.stdout + p.stderr
    if p.returncode == 0:
        return "accept", [], ""
    if p.returncode in (124, 137) or p.returncode < 0 or 128 < p.returncode < 255:
        return "unknown", [], "rc=%d" % p.returncode
    if re.search(INTERNAL, out):
        return "unknown", [], "internal: " + out.strip()[:200]
    # Lines of the mutant only: ptxas also names lines of its own built-in
    # files ("ptxas <macro util>, line 2"), which count as no line.
    lines = sorted({int(m.group(1)) for m in
                    re.finditer(r"ptxas [^<\s][^,]*, line (\d+); (?:error|fatal)", out)})
    msgs = [ln for ln in out.splitlines() if "error" in ln or "fatal" in ln]
    return "reject", lines, "\n".join(msgs[:4])


def run_lint(lint, paths, arch):
    """{path: [(line, message)]} of error diagnostics; None for a path that crashed."""
    base = [lint, "--format=gcc", "--min-severity=error", "-q", "--no-config", "-j1",
            "--arch=" + arch]
    p = subprocess.run(base + paths, capture_output=True, text=True, errors="replace")
    if p.returncode not in (0, 1):
        if len(paths) == 1:
            return {paths[0]: None}
        res = {}
        for q in paths:
            res.update(run_lint(lint, [q], arch))
        return res
    res = {q: [] for q in paths}
    for ln in p.stdout.splitlines():
        for q in paths:
            if ln.startswith(q + ":"):
                m = re.match(r"(\d+):\d+: error: (.*)$", ln[len(q) + 1:])
                if m:
                    res[q].append((int(m.group(1)), m.group(2)))
    return res


LINE_DIRECTIVE = re.compile(r"\s*\.(version|target|address_size|file|loc|section)\b")


def skip_trivia(text, i):
    """(end, newlines) of the comment or string that starts at text[i] (a line
    comment ends before its newline), or None: what the scanners skip."""
    n = len(text)
    if text.startswith("//", i):
        j = text.find("\n", i)
        return (n if j < 0 else j), 0
    if text.startswith("/*", i):
        j = text.find("*/", i)
        j = n if j < 0 else j + 2
        return j, text.count("\n", i, j)
    if text[i] == '"':
        j = text.find('"', i + 1)
        return (n if j < 0 else j + 1), 0
    return None


def statements(text):
    """{line: set of statement ids}: a statement runs from its first character
    (comments and blanks excluded) to its ';', '{' or '}' (a function header
    with its parameter list and directives is one statement); .version,
    .target, .address_size, .file, .loc and .section end with their line."""
    res = collections.defaultdict(set)
    lined = set()  # the statements that end with their line
    sid, line, start = 0, 1, None
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            if start == line and LINE_DIRECTIVE.match(text, text.rfind("\n", 0, i) + 1):
                res[line].add(sid)
                lined.add(sid)
                sid += 1
                start = None
            line += 1
        elif (skip := skip_trivia(text, i)) is not None:
            i, line = skip[0], line + skip[1]
            continue
        elif not c.isspace():
            if start is None:
                start = line
            if c in ";{}":
                for ln in range(start, line + 1):
                    res[ln].add(sid)
                sid += 1
                start = None
        i += 1
    return res, lined


def body_openers(text):
    """{line of a function body's closing '}': line of its opening '{'}, for
    the outermost braces only (comments and strings skipped)."""
    res, stack, line, i, n = {}, [], 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif (skip := skip_trivia(text, i)) is not None:
            i, line = skip[0], line + skip[1]
            continue
        elif c == "{":
            stack.append(line)
        elif c == "}" and stack:
            opened = stack.pop()
            if not stack:
                res[line] = opened
        i += 1
    return res


def outcome(verdict, plines, lint, text=None):
    """The attribution rule (README.md): ptx-lint's error must be on a line
    ptxas names or in the same statement as one."""
    if lint is None:
        return "lint-crash"
    if verdict == "unknown":
        return "unknown"
    if verdict == "accept":
        return "agree" if not lint else "false-error"
    if not lint:
        return "miss"
    if not plines or {ln for ln, _ in lint} & set(plines):
        return "agree"
    if text is not None:
        st, lined = statements(text)
        want = set().union(*(st.get(p, set()) for p in plines))
        # ptxas names the line of its lookahead token for a directive without
        # ';' (.version, .target, .file ...): the next statement's first line.
        want |= {s - 1 for s in want if s - 1 in lined}
        # ... and the line past the end for the last statement of the file (a .file
        # appended after the last one: "Duplicate file index" on the line after it;
        # sample K).
        if st and any(p > max(st) for p in plines):
            last = max(set().union(*st.values()))
            if last in lined:
                want.add(last)
        # ptxas names the end of a function body for a conflict in its header
        # (.extern on a definition, .maxntid with .reqntid); ptx-lint names the
        # header, where the fix goes: the header statement (ending at the
        # body's '{') counts for a ptxas line on the body's closing '}'.
        openers = body_openers(text)
        want |= set().union(*(st.get(openers[p], set()) for p in plines if p in openers))
        if any(st.get(ln, set()) & want for ln, _ in lint):
            return "agree"
    return "misplaced"


def judge_seed(args, path, tmp):
    text = open(path).read()
    lines = text.split("\n")
    name = os.path.basename(path)
    arch = seed_arch(text)
    flags = []
    base = os.path.join(tmp, "base_" + name)
    open(base, "w").write(text)
    if run_ptxas(args.ptxas, base, arch, [])[0] != "accept":
        flags = ["-c"]
        if run_ptxas(args.ptxas, base, arch, flags)[0] != "accept":
            print("skip %s: ptxas rejects the seed" % name, file=sys.stderr)
            return []
    if run_lint(args.lint, [base], arch)[base]:
        print("note %s: ptx-lint has errors on the seed" % name, file=sys.stderr)
    muts = sample(lines, name, args.seed, args.per_seed)
    files, texts = [], []
    for n, (kind, lk, ln, edit, h) in enumerate(muts):
        f = os.path.join(tmp, "%s.m%d.ptx" % (name[:-4], n))
        texts.append("\n".join(apply_edit(lines, edit)))
        open(f, "w").write(texts[-1])
        files.append(f)
    compute = arch.replace("sm_", "compute_")

    def one(f):
        full = run_ptxas(args.ptxas, f, arch, flags)
        if full[0] == "accept":  # parse-only accepts whatever the full compile accepts
            return full, full
        return full, run_ptxas(args.ptxas, f, compute, flags)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        verdicts = list(ex.map(one, files))
    lint = {}
    for k in range(0, len(files), 64):
        lint.update(run_lint(args.lint, files[k:k + 64], arch))
    res = []
    for n, (m, f, t, (full, parse)) in enumerate(zip(muts, files, texts, verdicts)):
        kind, lk, ln, edit, h = m
        r = {"seed": name, "id": n, "kind": kind, "line_kind": lk, "line": ln, "hash": h,
             "edit": [edit[0], edit[1], list(edit[2])], "ptxas": full[0],
             "ptxas_lines": full[1], "ptxas_msg": full[2], "parse_only": parse[0],
             "lint": lint[f], "outcome": outcome(full[0], full[1], lint[f], t)}
        res.append(r)
        os.unlink(f)
    os.unlink(base)
    return res


def table(results, key):
    rows = collections.defaultdict(collections.Counter)
    for r in results:
        rows[r[key]][r["outcome"]] += 1
    cols = ["agree", "false-error", "miss", "misplaced", "lint-crash", "unknown"]
    print("%-26s %6s %7s  %s" % (key, "n", "agree%", "  ".join(cols[1:])))
    for k in sorted(rows, key=lambda k: -sum(rows[k].values())):
        c = rows[k]
        judged = sum(c.values()) - c["unknown"]
        pct = 100.0 * c["agree"] / judged if judged else 100.0
        print("%-26s %6d %6.1f%%  %s" % (k, sum(c.values()), pct,
                                        "  ".join("%d" % c[x] for x in cols[1:])))


def summary(results):
    c = collections.Counter(r["outcome"] for r in results)
    judged = len(results) - c["unknown"]
    rej = sum(1 for r in results if r["ptxas"] == "reject")
    sm_only = sum(1 for r in results if r["ptxas"] == "reject" and r["parse_only"] == "accept")
    print("mutants: %d, judged %d (ptxas rejects %d, %d of them only with -arch sm_NN), "
          "agree %d (%.1f%%), false-error %d, miss %d, misplaced %d, lint-crash %d, unknown %d"
          % (len(results), judged, rej, sm_only, c["agree"],
             100.0 * c["agree"] / max(judged, 1), c["false-error"], c["miss"],
             c["misplaced"], c["lint-crash"], c["unknown"]))
    table(results, "kind")
    print()
    table(results, "line_kind")


def cmd_sweep(args):
    results = []
    with tempfile.TemporaryDirectory(prefix="adversary.") as tmp:
        for p in args.seeds:
            res = judge_seed(args, p, tmp)
            results += res
            print("%s: %d mutants" % (os.path.basename(p), len(res)), file=sys.stderr)
    if args.out:
        with open(args.out, "w") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
    if args.verdicts_out:
        write_verdicts(args, results)
    summary(results)


def write_verdicts(args, results):
    with open(args.verdicts_out, "w") as f:
        f.write("# adversary.py sweep --per-seed %d --seed %d: seed, id, kind, hash, ptxas "
                "(-arch sm_NN) verdict, lines it names\n" % (args.per_seed, args.seed))
        f.write("params %d %d\n" % (args.per_seed, args.seed))
        for r in results:
            if r["ptxas"] == "unknown":
                continue
            f.write("%s %d %s %s %s %s\n" % (r["seed"], r["id"], r["kind"], r["hash"], r["ptxas"],
                                             ",".join(map(str, r["ptxas_lines"])) or "-"))


def cmd_check(args):
    rows, known = [], {}
    per_seed = seed = None
    for ln in open(args.verdicts):
        ln = ln.strip()
        if not ln or ln.startswith("#"):
            continue
        if ln.startswith("params "):
            per_seed, seed = map(int, ln.split()[1:3])
        elif ln.startswith("known: "):
            k = ln.split()
            known[(k[1], int(k[2]))] = " ".join(k[3:])
        else:
            rows.append(ln.split())
    by_seed = collections.defaultdict(list)
    for r in rows:
        by_seed[r[0]].append(r)
    stale = disagree = nknown = known_agree = checked = 0
    with tempfile.TemporaryDirectory(prefix="adversary.") as tmp:
        for name, rs in sorted(by_seed.items()):
            text = open(os.path.join(args.seeds_dir, name)).read()
            lines = text.split("\n")
            muts = sample(lines, name, seed, per_seed)
            files, want, texts = [], [], {}
            for r in rs:
                n = int(r[1])
                if n >= len(muts) or muts[n][4] != r[3]:
                    stale += 1
                    print("stale: %s %d" % (name, n))
                    continue
                f = os.path.join(tmp, "%s.m%d.ptx" % (name[:-4], n))
                texts[f] = "\n".join(apply_edit(lines, muts[n][3]))
                open(f, "w").write(texts[f])
                files.append(f)
                want.append((n, r[4], [] if r[5] == "-" else [int(x) for x in r[5].split(",")]))
            lint = {}
            for k in range(0, len(files), 64):
                lint.update(run_lint(args.lint, files[k:k + 64], seed_arch(text)))
            for f, (n, verdict, plines) in zip(files, want):
                checked += 1
                o = outcome(verdict, plines, lint[f], texts[f])
                if (name, n) in known:
                    nknown += 1
                    known_agree += o == "agree"
                    continue
                if o != "agree":
                    disagree += 1
                    print("disagree: %s %d %s (ptxas %s on %s; ptx-lint %s)"
                          % (name, n, o, verdict, plines, lint[f]))
    print("adversary mutants: %d checked, %d stale, %d known, %d disagree, %d known but agreeing"
          % (checked, stale, nknown, disagree, known_agree))
    return 1 if stale or disagree else 0


def cmd_relint(args):
    """The ptxas verdicts of a sweep's results, another ptx-lint: no ptxas runs."""
    rows = [json.loads(ln) for ln in open(args.results)]
    by_seed = collections.defaultdict(list)
    for r in rows:
        by_seed[r["seed"]].append(r)
    out = []
    with tempfile.TemporaryDirectory(prefix="adversary.") as tmp:
        for name, rs in sorted(by_seed.items()):
            text = open(os.path.join(args.seeds_dir, name)).read()
            lines = text.split("\n")
            files, texts = [], []
            for r in rs:
                a, b, rep = r["edit"]
                texts.append("\n".join(apply_edit(lines, (a, b, rep))))
                f = os.path.join(tmp, "%s.m%d.ptx" % (name[:-4], r["id"]))
                open(f, "w").write(texts[-1])
                files.append(f)
            lint = {}
            for k in range(0, len(files), 64):
                lint.update(run_lint(args.lint, files[k:k + 64], seed_arch(text)))
            for r, f, t in zip(rs, files, texts):
                r = dict(r, lint=lint[f])
                if r["ptxas_msg"] and not re.search(r"ptxas [^<\s][^,]*, line \d+",
                                                    r["ptxas_msg"]):
                    r["ptxas_lines"] = []  # only lines of ptxas's built-in files
                r["outcome"] = outcome(r["ptxas"], r["ptxas_lines"], lint[f], t)
                out.append(r)
    if args.out:
        with open(args.out, "w") as f:
            for r in out:
                f.write(json.dumps(r) + "\n")
    summary(out)


def cmd_show(args):
    n = 0
    for ln in open(args.results):
        r = json.loads(ln)
        if args.outcome and r["outcome"] != args.outcome:
            continue
        if args.kind and r["kind"] != args.kind:
            continue
        if args.line_kind and r["line_kind"] != args.line_kind:
            continue
        n += 1
        if n > args.limit:
            break
        a, b, rep = r["edit"]
        print("== %s #%d %s/%s line %d: %s (parse-only %s) lines %s"
              % (r["seed"], r["id"], r["kind"], r["line_kind"], r["line"], r["ptxas"],
                 r["parse_only"], r["ptxas_lines"]))
        print("   edit [%d:%d] -> %r" % (a + 1, b, rep[:3]))
        if r["ptxas_msg"]:
            print("   ptxas: " + r["ptxas_msg"].replace("\n", "\n   ptxas: "))
        for x in (r["lint"] or [])[:3]:
            print("   lint: %d: %s" % tuple(x))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sweep")
    s.add_argument("--ptxas", default="ptxas")
    s.add_argument("--lint", required=True)
    s.add_argument("--per-seed", type=int, default=60)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("-j", "--jobs", type=int, default=1)
    s.add_argument("--out")
    s.add_argument("--verdicts-out")
    s.add_argument("seeds", nargs="+")
    c = sub.add_parser("check")
    c.add_argument("--lint", required=True)
    c.add_argument("--verdicts", required=True)
    c.add_argument("--seeds-dir", required=True)
    rl = sub.add_parser("relint")
    rl.add_argument("results")
    rl.add_argument("--lint", required=True)
    rl.add_argument("--seeds-dir", required=True)
    rl.add_argument("--out")
    w = sub.add_parser("show")
    w.add_argument("results")
    w.add_argument("--outcome")
    w.add_argument("--kind")
    w.add_argument("--line-kind")
    w.add_argument("--limit", type=int, default=20)
    args = ap.parse_args()
    if args.cmd == "sweep":
        cmd_sweep(args)
    elif args.cmd == "check":
        sys.exit(cmd_check(args))
    elif args.cmd == "relint":
        cmd_relint(args)
    else:
        cmd_show(args)


if __name__ == "__main__":
    main()
