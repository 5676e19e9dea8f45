#!/usr/bin/env python3
"""Differential check of wgmma-fragment-size against ptxas: wgmma.mma_async
forms (shapes m64n8..m64n256, .f16/.f32/.s32 accumulators, A from shared
memory or registers) with the right register counts and with one too few
or too many. ptx-lint must report wgmma-fragment-size exactly where ptxas
says "Argument vector size mismatch". Usage: wgmma-forms.py PTXLINT PTXAS DIR"""
import os
import subprocess
import sys

ptxlint, ptxas, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
forms = []
for n in (8, 24, 64, 128, 256):
    for dt, ab, k in (("f16", "f16.f16", 16), ("f32", "bf16.bf16", 16), ("f32", "tf32.tf32", 8),
                      ("f16", "e4m3.e5m2", 32), ("s32", "s8.u8", 32)):
        if dt == "s32" and n == 256:
            continue  # m64n256k32 .s32: not in the ISA tables yet (isa-qualifier-combination)
        want = n // 4 if dt == "f16" else n // 2
        for rs in (False, True):
            for nd, na in ((want, 4), (want - 1, 4), (want + 2, 4)) + (((want, 3), (want, 5)) if rs else ()):
                forms.append((n, dt, ab, k, rs, nd, na))
agree = 0
for i, (n, dt, ab, k, rs, nd, na) in enumerate(forms):
    reg = "f" if dt == "f32" else "r"
    d = "{" + ",".join("%%%s%d" % (reg, j) for j in range(nd)) + "}"
    a = "{" + ",".join("%%r%d" % (200 + j) for j in range(na)) + "}" if rs else "%rd0"
    # scale-d; imm-scale-a and -b for floating types; imm-trans-b (and -a
    # with A in shared memory) for .f16/.bf16/.tf32 inputs only.
    trans = ab.split(".")[0] in ("f16", "bf16", "tf32")
    tail = ", %p0" if dt == "s32" else ", %p0, 1, 1" + ((", 0" if rs else ", 0, 0") if trans else "")
    inst = "wgmma.mma_async.sync.aligned.m64n%dk%d.%s.%s %s, %s, %%rd1%s;" % (n, k, dt, ab, d, a, tail)
    path = os.path.join(out, "w%03d.ptx" % i)
    with open(path, "w") as f:
        f.write(".version 8.5\n.target sm_90a\n.address_size 64\n.entry k()\n{\n"
                ".reg .b32 %%r<300>;\n.reg .f32 %%f<300>;\n.reg .b64 %%rd<2>;\n.reg .pred %%p<1>;\n"
                "%s\nret;\n}\n" % inst)
    p = subprocess.run([ptxas, "-arch=sm_90a", path, "-o", os.devnull], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=60)
    l = subprocess.run([ptxlint, path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    said = "Argument vector size mismatch" in p.stdout
    found = "[wgmma-fragment-size" in l.stdout
    if said == found:
        agree += 1
    else:
        print("DISAGREE %s: ptxas %s, ptx-lint %s: %s" % (path, said, found, inst[:100]))
print("%d forms, %d agree" % (len(forms), agree))
