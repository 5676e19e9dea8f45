#!/usr/bin/env python3
"""Small symbol cases with their verdicts in their names: ok_*.ptx must lint
clean, bad_*.ptx must get an error from ptx-lint. With --ptxas, ptxas
(-arch compute_NN of the file's .target) must give the same verdict, which
is how each case was classified (ptxas 13.0).

usage: agree.py --ptxlint BIN [--ptxas BIN] DIR
"""
import argparse
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxlint", required=True)
    ap.add_argument("--ptxas")
    ap.add_argument("dir")
    args = ap.parse_args()
    files = sorted(os.path.join(args.dir, f) for f in os.listdir(args.dir) if f.endswith(".ptx"))
    r = subprocess.run([args.ptxlint, "--format=gcc", "--min-severity=error"] + files,
                       capture_output=True, text=True)
    errors = {m.group(1) for m in re.finditer(r"^(.*?\.ptx):\d+:\d+: error:", r.stdout, re.M)}
    bad = 0
    for f in files:
        want = os.path.basename(f).startswith("bad_")
        if (f in errors) != want:
            print("ptx-lint %s %s" % ("misses an error in" if want else "reports an error in", f))
            bad += 1
        if args.ptxas:
            text = open(f).read()
            m = re.search(r"^\.target\s+sm_(\d+[af]?)", text, re.M)
            arch = "compute_" + (m.group(1) if m else "90")
            if m and int(re.sub(r"\D", "", m.group(1))) < 75:  # CUDA 13 starts at 75
                arch = "compute_75"
            p = subprocess.run([args.ptxas, "-arch", arch, f, "-o", os.devnull],
                               capture_output=True, text=True, timeout=60)
            if (p.returncode != 0) != want:
                print("ptxas %s %s" % ("accepts" if want else "rejects", f))
                bad += 1
    print("cases: %d, disagreements: %d" % (len(files), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
