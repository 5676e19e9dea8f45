#!/usr/bin/env python3
"""Builds a large, valid PTX file from a corpus file by repeating its
functions under new names, e.g. 7 copies of llc19/wmma_ptx78_sm90.ptx give
about 14.9 MB: real compiler output, at the size where speed and memory show.
What follows the functions in nvcc output (.file lines, DWARF .section
blocks) is written once, at the end, as in the original.

usage: make-large-ptx.py SOURCE.ptx COPIES OUT.ptx
"""
import re
import sys


def main():
    src, copies, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    text = open(src).read()
    # The module header is everything before the first function.
    m = re.search(r"^(\.visible |\.weak |\.extern )*\.(entry|func)\b", text, re.M)
    header, body = text[: m.start()], text[m.start():]
    t = re.search(r"^\s*\.(file|section)\b", body, re.M)
    trailer = ""
    if t:
        body, trailer = body[: t.start()], body[t.start():]
    names = set(re.findall(r"\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)", body))
    # Module-scope variables defined between the functions are renamed too.
    names |= set(re.findall(r"^\.(?:global|shared|const)\s[^;=]*?([A-Za-z_$][\w$]*)\s*(?:\[[^;=]*)?[;=]",
                            body, re.M))
    with open(out, "w") as f:
        f.write(header)
        for i in range(copies):
            if i == 0:
                f.write(body)
                continue
            renamed = re.sub(r"\b(" + "|".join(map(re.escape, sorted(names))) + r")\b",
                             lambda k: k.group(1) + "_copy%d" % i, body)
            f.write(renamed)
        f.write(trailer)


if __name__ == "__main__":
    main()
