"""Writes a module with one s8 wgmma.mma_async of shape m64n<N>k32 (N/2 .b32
accumulators): make-wgmma-shape.py N OUT."""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
regs = ",".join(f"%r{i}" for i in range(n // 2))
with open(out, "w") as f:
    f.write(f""".version 8.0
.target sm_90a
.address_size 64
.entry k() {{
  .reg .b32 %r<130>;
  .reg .b64 %rd<3>;
  wgmma.mma_async.sync.aligned.m64n{n}k32.s32.s8.s8 {{{regs}}}, %rd1, %rd2, 1;
  ret;
}}
""")
