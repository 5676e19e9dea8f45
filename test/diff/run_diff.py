#!/usr/bin/env python3
"""Differential test of ptx-lint against ptxas (issue 3).

ptx-gen writes batch .ptx files and a manifest of cases from the spec tables;
this driver runs ptxas and ptx-lint on every batch, maps each error to the case
on its line, and compares the verdicts per case: ptx-lint must report an error
on a case's line iff ptxas rejects it. Disagreements fail the run, except those
matching test/diff/known-differences.txt (documented spec/ptxas differences).

Batches are trusted only where they are clean: an error on a line that is no
case's (module level), a syntax error or a ptxas error without a line makes
the driver re-run that batch's cases one at a time. A deterministic sample of
batched cases is also run one at a time and must give the same verdicts.

Python 3 standard library only. Usage (see docs/differential-testing.md):
  run_diff.py --ptx-gen build/bin/ptx-gen --ptx-lint build/bin/ptx-lint \
      --ptxas /usr/local/cuda/bin/ptxas --work-dir /tmp/diff [--families mma,...]
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC_ROOT = os.path.dirname(os.path.dirname(HERE))

PTXAS_DIAG = re.compile(r"^ptxas (?P<file>.*?), line (?P<line>\d+); (?P<sev>error|fatal|warning)\s*: (?P<msg>.*)$")
PTXAS_NOLINE = re.compile(r"^ptxas (?P<sev>error|fatal|warning)\s*: (?P<msg>.*)$")


class Case:
    __slots__ = ("id", "file", "line", "kind", "family", "expect", "version", "target",
                 "isolated", "desc", "text", "ptxas", "lint", "ptxas_msgs", "lint_msgs",
                 "mode", "known", "later_phase")

    def __init__(self, row):
        (self.id, self.file, line, self.kind, self.family, self.expect, self.version,
         self.target, iso, self.desc, self.text) = row
        self.line = int(line)
        self.isolated = iso == "1"
        self.ptxas = self.lint = None
        self.ptxas_msgs = []
        self.lint_msgs = []
        self.mode = "batch"
        self.known = None
        self.later_phase = False


def read_manifest(path):
    with open(path, encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f]
    return [Case(r) for r in rows[1:] if len(r) == 11]


def ptxas_arch(target):
    """The -arch for a .target: the real architecture sm_NN, so that ptxas
    also generates code. The parse-only mode (-arch compute_NN) is faster but
    misses errors of code generation that a build reports, e.g. a sink in
    the d of f64 mma.m16n8k8 on sm_100 ("Result discard mode is not allowed
    for instruction 'mov'"), so it is no oracle for "ptxas accepts". ptxas
    13.0 has no sm_5x-sm_72 or sm_101* architectures, and checks the
    instructions against .target anyway (probed: wmma under .target sm_62
    with -arch sm_75 is rejected for sm_62)."""
    m = re.match(r"sm_(\d+)([af]?)$", target)
    if not m:
        return target
    n, suffix = int(m.group(1)), m.group(2)
    if n < 75:
        return "sm_75"
    if n == 101:
        return "sm_110" + suffix
    return target


CRASH = "ptxas crashed (killed by a signal) without an error"


def run_ptxas_once(ptxas, path, target):
    """Returns (line -> [error messages], syntax-error line or None, problems)."""
    p = subprocess.run([ptxas, "-arch", ptxas_arch(target), path, "-o", os.devnull],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    errors = collections.defaultdict(list)
    syntax = None
    problems = []
    foreign = []
    for l in p.stdout.splitlines():
        m = PTXAS_DIAG.match(l)
        if m:
            if m.group("sev") == "warning":
                continue
            if m.group("file") != path and os.path.basename(m.group("file")) != os.path.basename(path):
                # ptxas's own library code ("ptxas <builtin>, line 26"): its
                # line numbers are not ours; the cause is reported in our file.
                foreign.append(m.group("msg").strip())
                continue
            line = int(m.group("line"))
            errors[line].append(m.group("msg").strip())
            if m.group("sev") == "fatal" or "syntax error" in m.group("msg"):
                syntax = line if syntax is None else min(syntax, line)
            continue
        m = PTXAS_NOLINE.match(l)
        if m and m.group("sev") != "warning":
            if "Ptx assembly aborted due to errors" in m.group("msg"):
                continue
            problems.append("error without a line: " + m.group("msg").strip())
    if foreign and not errors:
        problems.append("error in ptxas's built-in code only: " + foreign[0])
    if p.returncode < 0 and not errors and not problems:
        problems.append(CRASH)
    elif p.returncode != 0 and not errors and not problems:
        problems.append("ptxas exit %d without an error: %s" % (p.returncode, p.stdout.strip()[:200]))
    return errors, syntax, problems


def run_ptxas(ptxas, path, target, case_lines=None, scratch=None):
    """Runs ptxas until every case line has its verdict.

    ptxas checks in phases: a later phase (where e.g. an address register of
    the wrong width is found) runs only when the earlier ones found no error,
    and a syntax error ends the parse. So the lines that have errors are
    blanked (line numbers kept) and ptxas runs again, until a clean pass.
    Returns (line -> [messages], problems, passes, syntax-error lines,
    line -> the pass that found it, negative when a later ptxas phase did).
    """
    case_lines = set(case_lines or ())
    errors = collections.defaultdict(list)
    problems = []
    syntax_lines = []
    cur = path
    blank = set()
    passes = 0
    first_pass = {}  # line -> pass that found its error (negative: a later ptxas phase)
    after_clean_parse = False
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    def write_scratch(blanked):
        with open(scratch, "w", encoding="utf-8") as f:
            f.write("\n".join("" if i + 1 in blanked else l for i, l in enumerate(text)))

    def crashes(active):
        """True when ptxas crashes or reports an error without a line with
        only these case lines (of those left)."""
        write_scratch(blank | (case_lines - set(active)))
        return bool(run_ptxas_once(ptxas, scratch, target)[2])

    def crashers(active):
        """The case lines that crash ptxas on their own (bisection), or None
        when the crash needs several lines together."""
        if len(active) == 1:
            return list(active)
        half = len(active) // 2
        found = []
        for part in (active[:half], active[half:]):
            if crashes(part):
                sub = crashers(part)
                if sub is None:
                    return None
                found += sub
        return found or None

    while True:
        passes += 1
        perr, syntax, probs = run_ptxas_once(ptxas, cur, target)
        if probs and case_lines and scratch and passes <= 6:
            # A case that crashes ptxas (SIGSEGV) or fails in ptxas's
            # built-in code (an error without our line) takes the whole batch
            # with it: find it by bisection, give it that failure as its
            # verdict and go on without it. A failure that needs several
            # lines together leaves the batch to the single runs.
            bad = crashers(sorted(case_lines - blank))
            if bad:
                for l in bad:
                    errors[l].append(probs[0])
                    first_pass.setdefault(l, passes)
                blank |= set(bad)
                cur = scratch
                write_scratch(blank)
                continue
        if probs:
            problems += probs
            break
        if not perr:
            break
        if syntax is not None:
            syntax_lines.append(syntax)
            # Lines after the syntax error were not checked.
            perr = {l: m for l, m in perr.items() if l <= syntax}
        for l, m in perr.items():
            errors[l].extend(m)
            first_pass.setdefault(l, passes if not after_clean_parse else -passes)
        if syntax is None:
            after_clean_parse = True
        if not case_lines or any(l not in case_lines for l in perr) or passes > len(case_lines) + 2:
            break  # module-level errors: the caller re-runs the cases one at a time
        blank |= set(perr)
        cur = scratch
        write_scratch(blank)
    return errors, problems, passes, syntax_lines, first_pass


def run_lint(ptxlint, paths, jobs):
    """Returns path -> (line -> [error messages])."""
    out = {}
    for i in range(0, len(paths), 400):
        chunk = paths[i:i + 400]
        p = subprocess.run([ptxlint, "--format=json", "-q", "--no-progress", "-j", str(jobs)] + chunk,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        if p.returncode not in (0, 1):
            sys.exit("run_diff: ptx-lint failed (exit %d): %s" % (p.returncode, p.stderr[:2000]))
        doc = json.loads(p.stdout)
        for f in doc["files"]:
            errs = collections.defaultdict(list)
            unknown = []
            for d in f["diagnostics"]:
                if d["severity"] == "error":
                    errs[d["line"]].append("%s [%s]" % (d["message"], d["rule"]))
                    # One cause is one diagnostic: the later uses of an unknown
                    # symbol are its notes, each a line ptxas rejects.
                    for n in d.get("notes", []):
                        if n.get("message") == "also used here" and n.get("line"):
                            errs[n["line"]].append("%s [%s, later use]" % (d["message"], d["rule"]))
                    m = re.match(r"unknown (?:symbol|label) '([^']+)' \(used \d+ times", d["message"])
                    if m:
                        unknown.append((m.group(1), d))
            # The notes name three later uses at most: every other line
            # using the unknown name is the same cause, and ptxas rejects it.
            if unknown:
                with open(f["path"], encoding="utf-8", errors="replace") as src:
                    text = src.read().split("\n")
                for name, d in unknown:
                    word = re.compile(r"(?<![\w%$.])" + re.escape(name) + r"(?![\w$])")
                    for no, line in enumerate(text, 1):
                        if no not in errs and word.search(line.split("//")[0]):
                            errs[no].append("%s [%s, later use]" % (d["message"], d["rule"]))
            out[os.path.abspath(f["path"])] = errs
    return out


def write_single(batch_path, case_lines, keep_line, out_path):
    """The batch with every other case line blanked (line numbers are kept)."""
    with open(batch_path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for l in case_lines:
        if l != keep_line:
            lines[l - 1] = ""
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def doc_anchors(path):
    """GitHub-style anchors of a markdown file's headings."""
    anchors = set()
    with open(path, encoding="utf-8") as f:
        for l in f:
            m = re.match(r"^#+\s+(.*?)\s*$", l)
            if m:
                slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
                anchors.add(slug)
    return anchors


def load_known(path):
    entries = []
    if not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as f:
        for n, l in enumerate(f, 1):
            l = l.strip()
            if not l or l.startswith("#"):
                continue
            parts = l.split()
            if len(parts) < 2:
                sys.exit("run_diff: %s:%d: expected '<case pattern> <docs link>'" % (path, n))
            pattern, link = parts[0], parts[1]
            doc, _, anchor = link.partition("#")
            if not os.path.exists(os.path.join(SRC_ROOT, doc)):
                sys.exit("run_diff: %s:%d: %s does not exist" % (path, n, doc))
            if anchor and anchor not in doc_anchors(os.path.join(SRC_ROOT, doc)):
                sys.exit("run_diff: %s:%d: %s has no section #%s" % (path, n, doc, anchor))
            entries.append({"pattern": pattern, "link": link, "used": 0})
    return entries


def minimal_ptx(case):
    """A small self-contained file with just this case."""
    prefixes = sorted(set(re.findall(r"%([a-uw-z][a-z]*)\d+", case.text)), key=len, reverse=True)
    types = {"r": ".b32", "ru": ".u32", "rs": ".s32", "f": ".f32", "hx": ".f16x2",
             "rd": ".b64", "rdu": ".u64", "rds": ".s64", "fd": ".f64", "h": ".b16",
             "hu": ".u16", "hs": ".s16", "hf": ".f16", "p": ".pred"}
    decls = ["  .reg %s %%%s<64>;" % (types.get(p, ".b32"), p) for p in sorted(prefixes)
             if p in types or p == "r"]
    for n, p in sorted(set(re.findall(r"%v([24])([a-z]+)\d+", case.text))):
        decls.append("  .reg .v%s %s %%v%s%s<128>;" % (n, types.get(p, ".b32"), n, p))
    mem = []
    if "gen_smem" in case.text:
        mem.append(".shared .align 16 .b8 gen_smem[4096];")
    if "gen_gmem" in case.text:
        mem.append(".global .align 16 .b8 gen_gmem[4096];")
    return "\n".join([".version " + case.version, ".target " + case.target, ".address_size 64"]
                     + mem + [".visible .entry k()", "{"] + decls + ["  " + case.text, "  ret;", "}"])


def signature(case):
    """Groups disagreements that probably share one cause."""
    tag = case.id.rsplit("@", 1)[0].split("/", 2)[-1]
    tag = re.sub(r"=.*", "", tag)
    tag = re.sub(r"#\d+$", "", tag)
    side = "ptxas rejects, ptx-lint accepts" if case.ptxas else "ptx-lint rejects, ptxas accepts"
    msg = case.ptxas_msgs[0] if case.ptxas_msgs else (case.lint_msgs[0] if case.lint_msgs else "")
    msg = re.sub(r"'[^']*'", "'…'", msg)
    msg = re.sub(r"\(module is [^)]*\)", "", msg)
    msg = re.sub(r"\d+", "N", msg)[:90]
    return (case.family, case.kind, tag, side, msg)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptx-gen", default=shutil.which("ptx-gen"))
    ap.add_argument("--ptx-lint", default=shutil.which("ptx-lint"))
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--families", default="all")
    ap.add_argument("--batch-size", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--known", action="append",
                    help="allow-list(s) of known differences (default: known-differences.txt)")
    ap.add_argument("--gen-arg", action="append", default=[],
                    help="an extra ptx-gen argument (e.g. --gen-arg=--variants=only)")
    ap.add_argument("--sample", type=int, default=150,
                    help="batched cases also run one at a time (deterministic sample)")
    ap.add_argument("--every", type=int, default=1,
                    help="keep every Nth generated case (a deterministic subsample for CI; the "
                    "other case lines are blanked, line numbers kept)")
    ap.add_argument("--findings", help="write the disagreements (markdown) here")
    ap.add_argument("--json", help="write per-case verdicts (JSON lines) here")
    ap.add_argument("--max-list", type=int, default=40, help="disagreement groups printed")
    ap.add_argument("--consistency-only", action="store_true",
                    help="exit status reflects the batch-vs-single check only, not the agreement")
    ap.add_argument("--cases-dir", help="use these batches and manifest.tsv instead of running ptx-gen "
                    "(the driver's own tests)")
    args = ap.parse_args()
    for tool in ("ptx_lint", "ptxas") if args.cases_dir else ("ptx_gen", "ptx_lint", "ptxas"):
        path = getattr(args, tool)
        found = path and (shutil.which(path) or (os.access(path, os.X_OK) and path))
        if not found:
            sys.exit("run_diff: --%s %s: not found (build it: ninja ptx-gen ptx-lint)"
                     % (tool.replace("_", "-"), path or "not given and not on PATH"))
        setattr(args, tool, found)

    t0 = time.time()
    cases_dir = args.cases_dir or os.path.join(args.work_dir, "cases")
    single_dir = os.path.join(args.work_dir, "single")
    shutil.rmtree(args.work_dir, ignore_errors=True)
    os.makedirs(single_dir)
    if not args.cases_dir:
        gen = subprocess.run([args.ptx_gen, "--out-dir", cases_dir, "--families", args.families,
                              "--batch-size", str(args.batch_size)] + args.gen_arg,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        if gen.returncode != 0:
            sys.exit("run_diff: ptx-gen failed: " + gen.stderr)
    cases = read_manifest(os.path.join(cases_dir, "manifest.tsv"))
    if args.every > 1 and not args.cases_dir:
        # Every Nth case of each batch (and at least one of each), the
        # others blanked in place.
        kept = []
        by_batch = collections.OrderedDict()
        for c in cases:
            by_batch.setdefault(c.file, []).append(c)
        for f, cs in by_batch.items():
            keep = cs[::args.every]
            drop = {c.line for c in cs} - {c.line for c in keep}
            path = os.path.join(cases_dir, f)
            with open(path, encoding="utf-8") as fh:
                lines = fh.read().split("\n")
            for l in drop:
                lines[l - 1] = ""
            with open(path, "w", encoding="utf-8") as fh:
                fh.write("\n".join(lines))
            kept += keep
        cases = kept
    by_file = collections.OrderedDict()
    for c in cases:
        by_file.setdefault(c.file, []).append(c)
    t_gen = time.time() - t0

    # --- Batches -------------------------------------------------------------
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    paths = {f: os.path.abspath(os.path.join(cases_dir, f)) for f in by_file}
    scratch_dir = os.path.join(args.work_dir, "scratch")
    os.makedirs(scratch_dir)

    def batch_ptxas(f):
        return run_ptxas(args.ptxas, paths[f], by_file[f][0].target, [c.line for c in by_file[f]],
                         os.path.join(scratch_dir, f))
    ptxas_res = dict(zip(by_file, pool.map(batch_ptxas, by_file)))
    lint_res = run_lint(args.ptx_lint, list(paths.values()), args.jobs)
    t_batch = time.time() - t0 - t_gen

    tainted = {}  # file -> reasons: both tools re-run one case a file
    lint_tainted = {}  # file -> reasons: ptx-lint re-runs one case a file
    total_passes = [0]
    syntax_cases = []  # (file, line, isolated)
    for f, cs in by_file.items():
        lines = {c.line for c in cs}
        perr, problems, passes, syntax_lines, first_pass = ptxas_res[f]
        total_passes[0] += passes
        for l in syntax_lines:
            syntax_cases.append((f, l, cs[0].isolated))
        lerr = lint_res.get(paths[f], {})
        reasons = list(problems)
        reasons += ["ptxas error on non-case line %d: %s" % (l, m[0]) for l, m in perr.items() if l not in lines]
        lint_reasons = ["ptx-lint error on non-case line %d: %s" % (l, m[0])
                        for l, m in lerr.items() if l not in lines]
        for c in cs:
            c.ptxas = c.line in perr
            c.ptxas_msgs = perr.get(c.line, [])
            c.later_phase = first_pass.get(c.line, 0) < 0
            c.lint = c.line in lerr
            c.lint_msgs = lerr.get(c.line, [])
        if reasons and len(cs) > 1:
            tainted[f] = reasons
        elif (lint_reasons or cs[0].isolated) and len(cs) > 1:
            # Isolated batches hold syntax errors, and ptx-lint's recovery
            # after one may report on a later line: ptx-lint alone re-runs
            # their cases one a file (it is cheap: about 2 ms a file).
            lint_tainted[f] = lint_reasons or ["isolated batch"]

    # --- Single runs: tainted batches, and the consistency sample ------------
    def single_jobs(selected):
        jobs = []
        for c in selected:
            out = os.path.join(single_dir, "%s-L%d.ptx" % (c.file[:-4], c.line))
            write_single(paths[c.file], [x.line for x in by_file[c.file]], c.line, out)
            jobs.append((c, out))
        return jobs

    def run_singles(jobs):
        pres = list(pool.map(lambda j: run_ptxas(args.ptxas, j[1], j[0].target), jobs))
        lres = run_lint(args.ptx_lint, [os.path.abspath(j[1]) for j in jobs], args.jobs) if jobs else {}
        res = []
        for (c, out), (perr, problems, _, _, _) in zip(jobs, pres):
            lerr = lres.get(os.path.abspath(out), {})
            other = [l for l in list(perr) + list(lerr) if l != c.line]
            res.append((perr.get(c.line, []), lerr.get(c.line, []), problems, other))
        return res

    lint_retried = [c for f in lint_tainted for c in by_file[f]]
    jobs = single_jobs(lint_retried)
    lres = run_lint(args.ptx_lint, [os.path.abspath(j[1]) for j in jobs], args.jobs) if jobs else {}
    for c, out in jobs:
        lerr = lres.get(os.path.abspath(out), {})
        c.lint, c.lint_msgs = c.line in lerr, lerr.get(c.line, [])

    retried = [c for f in tainted for c in by_file[f]]
    for c, (pm, lm, problems, other) in zip(retried, run_singles(single_jobs(retried))):
        c.ptxas, c.ptxas_msgs = bool(pm) or bool(problems), pm or problems
        c.lint, c.lint_msgs = bool(lm), lm
        c.mode = "single"

    # The sample: evenly spread over the batched cases, a quarter of it from
    # the cases whose error only a later ptxas phase found (those are the
    # ones a batch could misplace).
    # An undeclared name is one diagnostic at its first use, the later uses
    # notes (three at most): a batch with many such cases cannot give each its
    # own line's verdict, so they are compared in the verdicts, not sampled.
    once_per_cause = ["*/var:op-*-undeclared*"]
    batched = [c for c in cases if c.mode == "batch" and len(by_file[c.file]) > 1
               and not any(fnmatch.fnmatchcase(c.id, p) for p in once_per_cause)]
    later = [c for c in batched if c.later_phase]
    n_later = min(len(later), args.sample // 4)
    sample = []
    if n_later:
        sample += later[::max(1, len(later) // n_later)][:n_later]
    rest = args.sample - len(sample)
    if rest > 0 and batched:
        chosen = {id(c) for c in sample}
        step = max(1, len(batched) // rest)
        sample += [c for c in batched[::step] if id(c) not in chosen][:rest]
    inconsistent = []
    for c, (pm, lm, problems, other) in zip(sample, run_singles(single_jobs(sample))):
        sp, sl = bool(pm) or bool(problems), bool(lm)
        if sp != c.ptxas or sl != c.lint:
            inconsistent.append((c, sp, sl, pm + problems, lm))
    t_single = time.time() - t0 - t_gen - t_batch

    # --- Verdicts --------------------------------------------------------------
    known = []
    for path in args.known or [os.path.join(HERE, "known-differences.txt")]:
        known += load_known(path)
    agree, disagree, allowed = [], [], []
    for c in cases:
        if c.ptxas == c.lint:
            agree.append(c)
            continue
        for e in known:
            if fnmatch.fnmatchcase(c.id, e["pattern"]):
                e["used"] += 1
                c.known = e["link"]
                break
        (allowed if c.known else disagree).append(c)

    # Cases where both tools agree but the table's expectation does not hold:
    # table or generator problems (reported, not failures of the comparison).
    unexpected = [c for c in agree if c.expect in ("accept", "reject") and c.ptxas != (c.expect == "reject")]

    stats = collections.defaultdict(lambda: collections.Counter())
    for c in cases:
        s = stats[(c.family, c.kind)]
        s["cases"] += 1
        s["agree" if c.ptxas == c.lint else ("known" if c.known else "disagree")] += 1
        s["ptxas-rejects"] += c.ptxas
    families = sorted({c.family for c in cases})
    print("ptx-lint vs ptxas differential test: %d cases in %d files (%d batches re-run one case a file)"
          % (len(cases), len(by_file), len(tainted)))
    print("families: %s" % ", ".join(sorted({c.family for c in cases})))
    print("%-11s %-7s %7s %7s %9s %6s %8s" % ("family", "kind", "cases", "agree", "disagree", "known", "rejected"))
    for fam in families:
        for kind in ("valid", "gate", "mutant", "variant"):
            s = stats.get((fam, kind))
            if s:
                print("%-11s %-7s %7d %7d %9d %6d %8d" % (fam, kind, s["cases"], s["agree"], s["disagree"],
                                                         s["known"], s["ptxas-rejects"]))
    print("ptxas runs on batches: %d for %d files (re-runs find errors of later ptxas phases and "
          "go past syntax errors)" % (total_passes[0], len(by_file)))
    by_line = {(c.file, c.line): c for c in cases}
    stray = [by_line[(f, l)].id for f, l, iso in syntax_cases if not iso and (f, l) in by_line]
    print("syntax errors: %d (%d in batches not marked isolated)" % (len(syntax_cases), len(stray)))
    for i in stray[:10]:
        print("  syntax error in a shared batch: %s" % i)
    for f, reasons in list(tainted.items())[:10]:
        print("re-run one case a file: %s: %s" % (f, reasons[0]))
    print("ptx-lint re-run one case a file: %d batches (isolated, or an error on a non-case line)"
          % len(lint_tainted))
    print("cases whose ptxas error only a later phase found: %d" % len(later))
    print("batch-vs-single consistency: %d sampled, %d inconsistent" % (len(sample), len(inconsistent)))
    for c, sp, sl, pm, lm in inconsistent[:20]:
        print("  INCONSISTENT %s: batch ptxas=%s lint=%s, single ptxas=%s lint=%s (%s)"
              % (c.id, c.ptxas, c.lint, sp, sl, (pm or lm or [""])[0]))
    for e in known:
        if not e["used"]:
            print("note: known-differences entry matches no disagreement: %s" % e["pattern"])
    if unexpected:
        print("note: %d cases where both tools disagree with the table's expectation (first 10):" % len(unexpected))
        for c in unexpected[:10]:
            print("  %s: expected %s; ptxas: %s" % (c.id, c.expect, (c.ptxas_msgs or ["accepted"])[0]))

    groups = collections.OrderedDict()
    for c in disagree:
        groups.setdefault(signature(c), []).append(c)
    if disagree:
        print("disagreements: %d cases in %d groups" % (len(disagree), len(groups)))
        for sig, cs in list(groups.items())[:args.max_list]:
            c = cs[0]
            print("  DISAGREE [%d] %s | %s" % (len(cs), " | ".join(sig[:4]), c.id))
            print("      %s" % c.text)
            print("      ptxas: %s" % ("; ".join(c.ptxas_msgs) or "accepted"))
            print("      ptx-lint: %s" % ("; ".join(c.lint_msgs) or "no error"))

    if args.findings:
        write_findings(args.findings, cases, groups, inconsistent, unexpected, len(allowed))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            for c in cases:
                f.write(json.dumps({"id": c.id, "kind": c.kind, "family": c.family, "ptxas": c.ptxas,
                                    "lint": c.lint, "mode": c.mode, "known": c.known,
                                    "ptxas_msgs": c.ptxas_msgs, "lint_msgs": c.lint_msgs}) + "\n")

    total = time.time() - t0
    print("runtime: %.1f s (generate %.1f s, batches %.1f s, single runs %.1f s), %d jobs"
          % (total, t_gen, t_batch, t_single, args.jobs))
    if args.consistency_only:
        print("%d consistent, %d inconsistent" % (len(sample) - len(inconsistent), len(inconsistent)))
        return 1 if inconsistent else 0
    failed = len(disagree) + len(inconsistent)
    passed = len(cases) - len(disagree)
    print("%d passed, %d failed (%d agree, %d known differences, %d disagree, %d batch/single inconsistent)"
          % (passed, failed, len(agree), len(allowed), len(disagree), len(inconsistent)))
    return 1 if failed else 0


def write_findings(path, cases, groups, inconsistent, unexpected, n_allowed):
    n = len(cases)
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Differential test findings (ptx-lint vs ptxas 13.0)\n\n")
        f.write("Generated by test/diff/run_diff.py on %s. %d cases; %d disagreements in %d groups "
                "(%d more are allow-listed known differences); %d batch/single inconsistencies.\n\n"
                % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), n,
                   sum(len(v) for v in groups.values()), len(groups), n_allowed, len(inconsistent)))
        f.write("Each group shares family, case kind, mutation and the first message. "
                "'Seems right' is a first reading of the spec text; the owners decide.\n\n")
        for i, (sig, cs) in enumerate(groups.items(), 1):
            fam, kind, tag, side, msg = sig
            f.write("## %d. %s %s `%s`: %s (%d cases)\n\n" % (i, fam, kind, tag, side, len(cs)))
            for c in cs[:2]:
                f.write("Case `%s` (%s)\n\n```ptx\n%s\n```\n\n" % (c.id, c.desc, minimal_ptx(c)))
                f.write("- ptxas: %s\n" % ("; ".join(c.ptxas_msgs) or "accepted"))
                f.write("- ptx-lint: %s\n\n" % ("; ".join(c.lint_msgs) or "no error"))
            if len(cs) > 2:
                f.write("More: %s\n\n" % ", ".join("`%s`" % c.id for c in cs[2:8]) + ("…\n\n" if len(cs) > 8 else ""))
        if inconsistent:
            f.write("## Batch/single inconsistencies\n\n")
            for c, sp, sl, pm, lm in inconsistent:
                f.write("- `%s`: batch ptxas=%s lint=%s; single ptxas=%s lint=%s\n" % (c.id, c.ptxas, c.lint, sp, sl))
        if unexpected:
            f.write("\n## Both tools disagree with the table's expectation (%d cases)\n\n" % len(unexpected))
            for c in unexpected[:40]:
                f.write("- `%s` (%s): expected %s; ptxas: %s\n" % (c.id, c.desc, c.expect,
                                                                  "; ".join(c.ptxas_msgs) or "accepted"))


if __name__ == "__main__":
    sys.exit(main())
