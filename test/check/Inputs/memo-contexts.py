#!/usr/bin/env python3
"""Writes PTX files in which the same instruction texts meet other contexts,
for test/check/memo-off.test: the memos (docs/performance.md) must give the
output they give when off. Usage: memo-contexts.py OUTDIR.

Each file is one header (version, target, texmode, .address_size) and the
same functions: entry and func with header and body .param, registers and
guards redeclared in inner scopes with other types, shared and global
variables redeclared with other alignments and array sizes, vectors of other
widths, equal and distinct names, labels, functions named before and
after their declaration, a .noreturn function, .loc texts before and after
their .file, and nvcc -G's call brackets whose names shadow outer ones
(brackets()). Files are over 4 KiB (the memo is made for those only)."""
import os
import sys

HEADERS = {
    "sm80": ".version 7.8\n.target sm_80\n.address_size 64\n",
    "sm90a": ".version 8.0\n.target sm_90a\n.address_size 64\n",
    "sm70-old": ".version 6.0\n.target sm_70\n.address_size 64\n",
    "tex-indep": ".version 7.8\n.target sm_80, texmode_independent\n.address_size 64\n",
    "addr32": ".version 7.8\n.target sm_80\n.address_size 32\n",
    "sm50": ".version 7.0\n.target sm_50\n",
}

# Instruction texts used everywhere; the registers they name are declared
# with other types in other places.
BODY = """\
  ld.param.u32 %r1, [p];
  st.param.u32 [p], %r1;
  ld.param.u32 %r2, [bp];
  st.param.u32 [bp], %r2;
  add.s32 %r1, %r2, %r3;
  add.s32 %r1, %r1, %r1;
  add.f32 %f1, %f2, %f3;
  add.f32 %f1, %r2, %f3;
  @%p1 add.s32 %r1, %r2, %r3;
  @!%p1 add.s32 %r1, %r2, %r3;
  mov.b64 {%r1, %r2}, %rd1;
  mov.b64 {%r1, %r1}, %rd1;
  mov.b32 %r1, %v1.x;
  mov.b32 %r1, %v1.z;
  mov.b32 %r1, %v1.w;
  mov.u64 %rd1, g;
  mov.u64 %rd1, p;
  mov.u64 %rd1, bp;
  mov.u64 %rd1, f1;
  mov.u64 %rd1, k1;
  mov.u64 %rd1, sh;
  cvta.to.global.u64 %rd2, %rd1;
  ld.global.u32 %r1, [g];
  ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [g];
  ld.global.v2.u64 {%rd1, %rd2}, [g];
  ld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [sh];
  ld.shared.u32 %r1, [sh];
  st.shared.u32 [sh], %r1;
  ld.global.u32 %r1, [%rd1];
  ld.global.u32 %r1, [%rd1+4];
  ld.global.u32 %r1, [g+(2*2)];
  st.param.u32 [p+(0)], %r1;
  ld.shared.u32 %r1, [sh + 1 - 1];
  atom.global.add.u32 _, [g], %r1;
  ld.global.u32 _, [g];
  ld.u32 %r1, [%r2];
  setp.eq.s32 %p1, %r1, %r2;
  setp.eq.s32 %r1, %r1, %r2;
  selp.b32 %r1, %r2, %r3, %p1;
  mul.wide.s32 %rd1, %r1, 4;
  cvt.rn.f32.s32 %f1, %r1;
  cvt.u32.u64 %r1, %rd1;
  shfl.sync.bfly.b32 %r1, %r2, 1, 31, -1;
  fma.rn.f32 %f1, %f2, %f3, %f1;
  tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f1, %f2}];
  tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, s, {%f1, %f2}];
  mov.u32 %r1, %tid.x;
  wmma.load.a.sync.aligned.row.m16n16k16.f16 {%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7}, [%rd1], %r1;
  mov.u32 %r1, %laneid;
  bar.sync 0;
  @%p1 bra L1;
  .loc 1 5 0
  add.s32 %r1, %r2, %r3;
  .loc 2 6 0
  add.s32 %r1, %r2, %r3;
L1:
"""

DECLS = """\
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<3>;
  .reg .f32 %f<8>;
  .reg .v2 .b32 %v<2>;
  .reg .b32 %a<8>;
  .param .u32 bp;
"""

# Inner scopes: the same names with other types, widths, alignments, sizes.
INNER = [
    "  .reg .f32 %r<8>;\n",
    "  .reg .b32 %p<3>;\n",
    "  .reg .b16 %r<8>;\n",
    "  .reg .u64 %r<8>;\n",
    "  .reg .v4 .b32 %v<2>;\n",
    "  .reg .b32 %v<2>;\n",
    "  .reg .b32 %r<2>;\n",
    "  .reg .f64 %f<8>;\n",
    "  .reg .b32 %rd<4>;\n",
    "  .shared .align 16 .b8 sh[64];\n",
    "  .shared .align 4 .b8 sh[4];\n",
    "  .shared .b32 sh;\n",
    "  .global .align 16 .b8 g[16];\n",
    "  .local .align 8 .b8 g[8];\n",
    "  .param .b32 p;\n",
    "  .param .u32 p;\n",
    "  .reg .align 8 .b32 %a<8>;\n",
    "  .param .align 16 .b8 bp[16];\n",
    "  .reg .u32 p;\n",
    "  .reg .b64 bp;\n",
    "  .reg .b32 t;\n",
]

MODULE = """\
.global .align 4 .b32 g[4];
.shared .align 4 .b8 sh[16];
.global .texref t;
.global .samplerref s;
.extern .func fcall(.param .b64 a);
"""

# nvcc -G's call brackets: `{ .reg ...; .param ...; call ...; }`. A name
# declared by itself (not a range) moves only its own generation in the name
# caches (SymbolTable::generationOf), so the same texts meet names that an
# inner declaration shadows (another type, width, vector, alignment; 3, 8 and
# 9 bytes long), a .param that shadows the function's parameter p, a name
# declared mid-scope (used before and after), a name known only inside,
# nested brackets and labels inside, each used inside and after.
NAMED = """\
  .reg .b64 %SP;
  .reg .b32 %abcdefg;
  .reg .b32 %abcdefgh;
  .reg .v2 .b32 %q;
  .param .b64 param0;
  .global .align 4 .b32 ga[] = {1, 2, 3, 4};
"""

CALLS = """\
  mov.u64 %SP, %rd1;
  add.s32 %abcdefg, %abcdefg, 1;
  add.s32 %abcdefgh, %abcdefgh, 1;
  mov.b32 %r1, %q.y;
  mov.b32 %abcdefg, %q.x;
  ld.global.v2.u32 %q, [%rd1];
  st.global.v2.u32 [%rd1], %q;
  ld.global.u32 %r1, ga[1];
  st.param.b64 [param0+0], %rd1;
  st.param.b64 [param0], %SP;
  ld.param.b64 %SP, [param0];
  mov.u64 %rd1, param0;
  ld.param.u32 %r1, [p];
  st.param.u32 [p], %r1;
  add.s32 %new1, %new1, 1;
  mov.b32 %r1, %new1;
"""

SHADOWS = [
    ".reg .b32 temp_param_reg;\n  .param .b32 param0;",
    ".reg .b32 temp_param_reg;\n  .param .b64 param0;",
    ".param .align 16 .b8 param0[16];",
    ".reg .b64 param0;",
    ".reg .f32 %SP;",
    ".reg .v2 .b32 %SP;",
    ".reg .b32 %SP;",
    ".reg .b64 %abcdefg;",
    ".reg .align 8 .b32 %abcdefg;",
    ".reg .f32 %abcdefgh;",
    ".reg .v4 .b32 %q;",
    ".reg .b32 %q;",
    ".param .b32 p;",
    ".param .u64 p;",
    ".reg .u32 p;",
    ".reg .b32 %new1;",
    ".global .align 4 .b32 ga;",
    ".reg .b32 %SP<2>;",
]


def brackets(tag):
    out = [NAMED, CALLS]
    for i, decl in enumerate(SHADOWS):
        out.append("  { // callseq %d\n  %s\n%s" % (i, decl, CALLS))
        out.append("  call.uni fcall, (param0);\n  }\n" + CALLS)
        # Declared mid-scope: used before and after the declaration.
        out.append("  {\n%s  %s\n%s  }\n%s" % (CALLS, decl, CALLS, CALLS))
    # Nested brackets, labels inside.
    out.append("  {\n  .reg .b32 %SP;\n" + CALLS + "  {\n  .reg .f64 %SP;\n"
               "  .param .b32 param0;\n" + CALLS + "  }\n" + CALLS + "  }\n" + CALLS)
    out.append("  {\n  .reg .b32 %SP;\nLB_" + tag + ":\n" + CALLS +
               "  @%p1 bra LB_" + tag + ";\n  }\n" + CALLS)
    out.append("  {\n  {\n  .reg .b32 %abcdefgh;\nLC_" + tag + ":\n" + CALLS +
               "  }\n" + CALLS + "  @%p1 bra LC_" + tag + ";\n  }\n" + CALLS)
    return "".join(out)


def function(kind, name, params, suffix=""):
    out = ["%s %s(%s)%s\n{\n" % (kind, name, params, suffix), DECLS, BODY]
    for i, inner in enumerate(INNER):
        out.append("  {\n" + inner + BODY.replace("L1", "L1_%d" % i) + "  }\n")
    out.append(BODY.replace("L1", "L2"))
    out.append(brackets(name))
    out.append("  ret;\n}\n")
    return "".join(out)


def file_text(header, loc_file_first):
    parts = [header]
    if loc_file_first:
        parts.append('.file 1 "a.cu"\n')
    parts.append(MODULE)
    parts.append(function(".visible .entry", "k1", ".param .u32 p, .param .u64 q"))
    parts.append('.file 2 "b.cu"\n')
    if not loc_file_first:
        parts.append('.file 1 "a.cu"\n')
    parts.append(function(".visible .func", "f1", ".param .u32 p"))
    parts.append(function(".visible .func (.param .u32 rv)", "f2", ".param .u32 p, .param .u64 bp"))
    parts.append(function(".visible .entry", "k2", ".param .align 8 .b8 p[8]"))
    parts.append(function(".visible .func", "f3", ".param .b64 p", " .noreturn"))
    return "".join(parts)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, header in HEADERS.items():
        for first in (False, True):
            path = os.path.join(out, "memo-%s%s.ptx" % (name, "-file1" if first else ""))
            with open(path, "w") as f:
                f.write(file_text(header, first))


if __name__ == "__main__":
    main()
