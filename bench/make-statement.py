#!/usr/bin/env python3
"""Writes a PTX file whose one statement is large, in one of the shapes that
once held a parse tree (issue 9): memory must stay within a small multiple of
the statement. Used by bench/bench_statements.sh (memory) and by the lit
tests in test/parse/large-statement-*.test (output).

usage: make-statement.py SHAPE COUNT OUT.ptx [bad]
  SHAPE: pragma | call | vector | section | init
  bad:   put one error near the end of the statement
"""
import sys

HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n"


def main():
    shape, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    bad = len(sys.argv) > 4 and sys.argv[4] == "bad"
    parts = [HEADER]
    if shape == "pragma":
        items = ['"nounroll"'] * n
        if bad:
            items[-2] = "nounroll"
        parts.append(".entry k()\n{\n.pragma " + ", ".join(items) + ";\nret;\n}\n")
    elif shape == "call":
        args = ["%r1"] * n
        if bad:
            args[-2] = "%r1 %r1"
        params = ", ".join(".param .b32 p%d" % i for i in range(n))
        parts.append(".func f(%s)\n{\nret;\n}\n" % params)
        parts.append(".entry k()\n{\n.reg .b32 %r1;\nmov.b32 %r1, 0;\n")
        parts.append("call f, (" + ", ".join(args) + ");\nret;\n}\n")
    elif shape == "vector":
        elems = ["%r1"] * n
        if bad:
            elems[-2] = "%r1 %r1"
        parts.append(".entry k()\n{\n.reg .b32 %r1;\nmov.b32 %r1, 0;\n")
        parts.append("mov.b32 %r1, {" + ", ".join(elems) + "};\nret;\n}\n")
    elif shape == "section":
        vals = ["1"] * n
        if bad:
            vals[-2] = "1 1"
        parts.append(".entry k()\n{\nret;\n}\n")
        parts.append(".section .debug_info\n{\n.b8 " + ", ".join(vals) + "\n}\n")
    elif shape == "init":
        vals = ["1+1"] * n
        if bad:
            vals[-2] = "1 1"
        parts.append(".global .b32 x[%d] = {%s};\n" % (n, ", ".join(vals)))
        parts.append(".entry k()\n{\nret;\n}\n")
    else:
        sys.exit("unknown shape " + shape)
    with open(out, "w") as f:
        f.write("".join(parts))


if __name__ == "__main__":
    main()
