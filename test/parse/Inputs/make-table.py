"""Writes a PTX module with large data tables (real compilers emit such
tables for __constant__ and __device__ arrays). usage: make-table.py OUT [bad]
With 'bad', one value in the middle of the big table is malformed ('7 7')."""
import sys

out, bad = sys.argv[1], len(sys.argv) > 2
vals = [str(i % 256) for i in range(100000)]
if bad:
    vals[50000] = "7 7"
lines = [".version 7.8", ".target sm_90", ".address_size 64", ""]
lines.append(".global .align 1 .b8 tab[100000] = {" + ",".join(vals[:50]) + ", // first row\n    "
             + ",".join(vals[50:]) + "};")
lines.append(".global .align 8 .u64 ptrs[300] = {" + ", ".join(
    "generic(tab)+%d" % (i * 8) for i in range(300)) + "};")
lines.append(".const .align 4 .f32 lut[2][200] = {{" + ",".join(["0f3F800000"] * 200) + "}, /* x */ {"
             + ",".join(["0fBF800000"] * 200) + "}};")
lines += ["", ".visible .entry k()", "{", "\tret;", "}", ""]
open(out, "w").write("\n".join(lines))
