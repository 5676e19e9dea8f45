#!/usr/bin/env python3
"""check-rule-anchors.py [--rules FILE...] ROOT - each rule's anchor is its section's.

Every row of the rule registry (include/ptxlint/rules/*.def) names a PTX ISA
section and that section's HTML anchor in NVIDIA's documentation: the links of
docs/rules.md, --explain and SARIF's helpUri are built from the anchor. Where
spec/isa/instructions.txt (extracted from the ISA 9.0 index) lists the
section, the anchor must be the one it gives; a section and no anchor (or an
anchor and no section) is an error too. Prints each problem; exits 1 on one.
"""
import argparse
import glob
import os
import re
import sys

ROW = re.compile(r'PTXLINT_(?:FAMILY_)?RULE\(\s*\w+,\s*"([\w-]+)",\s*\w+,\s*"([\d.]*)",\s*"([\w-]*)"')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", nargs="*", help="registry parts (default: ROOT/include/ptxlint/rules/*.def)")
    ap.add_argument("root")
    a = ap.parse_args()
    anchors = {}
    with open(os.path.join(a.root, "spec/isa/instructions.txt"), encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if len(w) >= 3 and w[0] == "section":
                anchors[w[1]] = w[2]
    files = a.rules or sorted(glob.glob(os.path.join(a.root, "include/ptxlint/rules/*.def")))
    rows, checked, problems = 0, 0, 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            for rule, sec, anchor in ROW.findall(f.read()):
                rows += 1
                if bool(sec) != bool(anchor):
                    problems += 1
                    print(f"{os.path.basename(path)}: error: {rule}: section '{sec}' and anchor "
                          f"'{anchor}': a rule has both or neither")
                elif sec in anchors:
                    checked += 1
                    if anchors[sec] != anchor:
                        problems += 1
                        print(f"{os.path.basename(path)}: error: {rule}: section {sec} is "
                              f"'{anchors[sec]}' in spec/isa/instructions.txt, not '{anchor}'")
    print(f"check-rule-anchors: {rows} rules, {checked} anchors checked, {problems} problems")
    return 1 if problems or not rows else 0


if __name__ == "__main__":
    sys.exit(main())
