"""Prints a PTX file that nests each construct the parser recurses on N deep
(nesting-limit.test): every statement is valid PTX syntax at any depth (an array size is
an integer literal to ptxas, so the parenthesized initializer stands in for one)."""
import sys

n = int(sys.argv[1])
o, c = "(" * n, ")" * n
b, e = "{" * n, "}" * n
lines = [
    ".version 8.0",
    ".target sm_90",
    ".address_size 64",
    ".visible .entry k()",
    "{",
    "add.s32 %r1, %r2, " + o + "1" + c + ";",
    "mov.b32 %r1, " + b + "%r2" + e + ";",
    "call " + o + "%r2" + c + ", f;",
    "ld.u32 %r1, " + "[" * n + "%r2" + "]" * n + ";",
    "add.s32 %r1, %r2, " + "- " * n + "1;",
    "add.s32 %r1, %r2, " + "1?" * n + "1" + ":1" * n + ";",
    ".local .b32 x=" + o + "1" + c + ";",
    ".local .b32 y[1] = " + b + "1" + e + ";",
    ".pragma " + o + "1" + c + ";",
    "ret;",
    "}",
    ".func f()",
    "{",
    ".reg .b32 z[1] = {" + o + "1" + c + "};",
    "ret;",
    "}",
    ".global .b32 g[1] = " + b + "1" + e + ";",
]
print("\n".join(lines))
