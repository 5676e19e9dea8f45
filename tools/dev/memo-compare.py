#!/usr/bin/env python3
"""Lints files with the memos on and off (PTXLINT_NO_MEMO=1) and reports any
difference in --format=json output or exit status.

The instruction memo, the clean-.loc memo and the parser's .loc cache skip
work judged done before (docs/performance.md); a wrong skip is a missed
error. Usage: memo-compare.py PTX_LINT [--arch=sm_90a ...] FILE_OR_DIR...
Each file is linted plain and with every --arch given. Prints one
'DIFF ARGS FILE' line per difference and a last line
'compared: N files, M runs, K reported, D diffs'; exits 1 on a difference.
"""
import concurrent.futures
import os
import subprocess
import sys


def lint(exe, args, path, off):
    env = dict(os.environ)
    env.pop("PTXLINT_NO_MEMO", None)
    if off:
        env["PTXLINT_NO_MEMO"] = "1"
    p = subprocess.run([exe] + args + ["--format=json", path], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout


def files_of(items):
    for item in items:
        if os.path.isdir(item):
            for root, _, names in os.walk(item):
                for n in sorted(names):
                    if n.endswith(".ptx"):
                        yield os.path.join(root, n)
        else:
            yield item


def main():
    exe = sys.argv[1]
    archs = [a for a in sys.argv[2:] if a.startswith("--arch=")]
    paths = sorted(set(files_of(a for a in sys.argv[2:] if not a.startswith("--"))))
    variants = [[]] + [[a] for a in archs]
    jobs = [(v, p) for p in paths for v in variants]

    def one(job):
        v, p = job
        on, off = lint(exe, v, p, False), lint(exe, v, p, True)
        return v, p, on == off, on[0] != 0

    diffs = reported = 0
    workers = int(os.environ.get("MEMO_COMPARE_JOBS", "2"))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        for v, p, same, rep in pool.map(one, jobs):
            reported += rep
            if not same:
                diffs += 1
                print("DIFF", " ".join(v) or "-", p)
    print("compared: %d files, %d runs, %d reported, %d diffs" %
          (len(paths), len(jobs), reported, diffs))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
