#!/usr/bin/env python3
"""Plants one mistake at a time in copies of real CUDA sources and checks
that ptx-lint reports it, once, at the planted line and column.

Each mutant of the table (a tab-separated file, '#' comments) is:

    file  line  old  new  target  expect  [nvcc-arch  nvcc-call]

file is relative to --inputs; `old` must occur exactly once on that line
(1-based) and is replaced by `new` (`\\t` and `\\n` are escapes there);
target is a --target value or '-'; expect is `LINE:COL: SEVERITY: TEXT`:
the only error or warning ptx-lint may report on the copy (TEXT is a prefix
of the message), or several joined by ' | ' (a guard planted around several
statements is reported at each, in order). The unmutated file must be clean for the same target
(no error, no warning), so a mutant is found only if the planted mistake
is what ptx-lint reports.

With --nvcc, mutants that name an nvcc architecture are compiled too: a
harness includes the copy (and --stubs, the few project headers it needs),
calls `nvcc-call` from a kernel, and nvcc -cubin must reject the mutant and
accept the original: the planted mistake is a real error.

Prints one line per mutant and a summary; exits 1 when any is missed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

DIAG = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning): (?P<msg>.*)$")


def unescape(s):
    return s.replace("\\t", "\t").replace("\\n", "\n")


def read_table(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) not in (6, 8):
                sys.exit("%s:%d: expected 6 or 8 tab-separated columns, found %d" % (path, n, len(cols)))
            rows.append((n, cols))
    return rows


def lint(ptxlint, path, target):
    cmd = [ptxlint, "--min-severity=warning"]
    if target != "-":
        cmd.append("--target=" + target)
    cmd.append(path)
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120).stdout
    return [m for m in (DIAG.match(l) for l in out.splitlines()) if m], out


def nvcc_compiles(nvcc, arch, header, stubs, call, workdir):
    src = os.path.join(workdir, "harness.cu")
    with open(src, "w", encoding="utf-8") as f:
        f.write('#include <cstdint>\n#include "%s"\n' % os.path.basename(header))
        f.write("__global__ void ptxlint_harness(float *f, double *d, uint32_t *u, int *i, void *p) {\n")
        f.write("  %s;\n}\n" % call)
    cmd = [nvcc, "-std=c++17", "--expt-relaxed-constexpr", "-arch=" + arch, "-cubin", "-o", os.devnull, "-I", os.path.dirname(header)]
    if stubs:
        cmd += ["-I", stubs]
    cmd.append(src)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    return r.returncode == 0, r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ptxlint", required=True)
    ap.add_argument("--inputs", required=True, help="directory the table's file names are relative to")
    ap.add_argument("--table", required=True)
    ap.add_argument("--nvcc", help="nvcc to judge the mutants that name an architecture")
    ap.add_argument("--stubs", help="include directory with stand-ins for project headers (for --nvcc)")
    ap.add_argument("--keep", help="write the mutated copies here instead of a temporary directory")
    args = ap.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="cuda-mutants-")
    os.makedirs(work, exist_ok=True)
    found = missed = judged = 0
    clean_cache = {}
    for n, cols in read_table(args.table):
        file, line, old, new, target, expect = cols[:6]
        arch, call = (cols[6], cols[7]) if len(cols) == 8 else ("-", "")
        old, new = unescape(old), unescape(new)
        src = os.path.join(args.inputs, file)
        with open(src, encoding="utf-8", newline="") as f:
            lines = f.read().split("\n")
        idx = int(line) - 1
        label = "%s:%s %r -> %r" % (file, line, old, new)
        if idx >= len(lines) or lines[idx].count(old) != 1:
            print("MISSED  %s: the line does not hold %r exactly once (table line %d)" % (label, old, n))
            missed += 1
            continue
        # The original must be clean for the same target: otherwise the
        # mutant could be "found" by a diagnostic that was already there.
        key = (src, target)
        if key not in clean_cache:
            clean_cache[key], _ = lint(args.ptxlint, src, target)
        if clean_cache[key]:
            print("MISSED  %s: the original is not clean: %s" % (label, clean_cache[key][0].group(0)))
            missed += 1
            continue
        lines[idx] = lines[idx].replace(old, new)
        mdir = os.path.join(work, "m%03d" % n)
        os.makedirs(mdir, exist_ok=True)
        copy = os.path.join(mdir, os.path.basename(file))
        with open(copy, "w", encoding="utf-8", newline="") as f:
            f.write("\n".join(lines))
        diags, out = lint(args.ptxlint, copy, target)
        wants = []
        for e in expect.split(" | "):
            m = re.match(r"^(\d+):(\d+): (error|warning): (.*)$", e)
            if not m:
                sys.exit("%s:%d: bad expectation %r" % (args.table, n, e))
            wants.append(m.groups())
        want = wants[0]
        ok = len(diags) == len(wants) and all(
            (d.group("line"), d.group("col"), d.group("sev")) == w[:3] and d.group("msg").startswith(w[3])
            for d, w in zip(diags, wants))
        if not ok:
            got = "; ".join("%s:%s: %s: %s" % (d.group("line"), d.group("col"), d.group("sev"), d.group("msg"))
                            for d in diags) or "nothing"
            print("MISSED  %s (target %s): want %s, got %s" % (label, target, expect, got))
            missed += 1
            continue
        verdict = ""
        if args.nvcc and arch != "-":
            stubs = os.path.join(args.stubs, os.path.dirname(file)) if args.stubs else None
            ok_orig, log_orig = nvcc_compiles(args.nvcc, arch, os.path.abspath(src), stubs, call,
                                              tempfile.mkdtemp(dir=work))
            ok_mut, log_mut = nvcc_compiles(args.nvcc, arch, os.path.abspath(copy), stubs, call,
                                            tempfile.mkdtemp(dir=work))
            if not ok_orig or ok_mut:
                print("MISSED  %s: nvcc -arch=%s %s" % (label, arch,
                      "rejects the original:\n" + log_orig if not ok_orig else "accepts the mutant"))
                missed += 1
                continue
            judged += 1
            first = next((l for l in log_mut.splitlines() if "error" in l), "").strip()
            verdict = "; nvcc -arch=%s rejects it: %s" % (arch, re.sub(r"^.*?(line \d+; )?error\s*:\s*", "", first))
        print("FOUND   %s (target %s) at %s:%s: %s%s" % (label, target, want[0], want[1], want[2], verdict))
        found += 1
    print("%d mutants: %d found at the planted line and column, %d missed; %d judged by nvcc"
          % (found + missed, found, missed, judged))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
