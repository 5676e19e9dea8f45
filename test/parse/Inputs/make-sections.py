"""make-sections.py OUT: sections whose lines stream to --emit in pieces.

Labels, symbol arithmetic, a comment, a line of 10,000
values (three pieces), lines of exactly one piece and one token more, and a
line the fast path declines (the grammar's path).
"""
import sys

vals = ", ".join(str(i % 256) for i in range(10000))
exact = ", ".join(["0x1"] * 2048)  # with `.b8`: 4,096 tokens, one piece
text = """.version 8.0
.target sm_90
.address_size 64
.global .b8 tab[4] = {1, 2, 3, 4};
.entry k()
{
ret;
}
.section .debug_str
{
.b8 1, 2 // comment
$L__info_start:
.b32 tab+4
.b64 $L__info_start
.b8 %s
.b8 %s
.b8 %s, 0x2
.b32 0b11, -4
}
.section .debug_abbrev
{
.b8 %s
}
""" % (vals, exact, exact, exact)
with open(sys.argv[1], "w") as f:
    f.write(text)
