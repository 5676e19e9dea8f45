#!/usr/bin/env python3
"""Session-11 mutants (issue 14): single-line changes of common instructions of a real
PTX file, each judged by ptxas and ptx-lint (tools/dev/ptxas-judge.py, one module a
case). For the first line of each opcode spelling below, every mutation that applies
makes a case; the rest of the file is the header and footer.

  s11-mutants.py SEED.ptx WORKDIR --judge JUDGE.py --ptxas PTXAS --lint PTX-LINT

prints each disagreement and the summed judge line.
"""
import argparse, os, re, subprocess, sys

ap = argparse.ArgumentParser()
ap.add_argument("seed"); ap.add_argument("work")
ap.add_argument("--judge", required=True); ap.add_argument("--ptxas", required=True)
ap.add_argument("--lint", required=True)
args = ap.parse_args()
src, out = args.seed, args.work
os.makedirs(out, exist_ok=True)
lines = open(src).read().split('\n')
# mutations: opcode-prefix -> list of (regex, replacement)
M = {
 'ld.param.u64': [(r'ld\.param', 'ld.global'), (r'ld\.param\.u64', 'ld.param.u32'), (r'ld\.param\.u64', 'ld.param.f64'), (r'\[', '[ '), (r'ld\.param\.u64\s+(%rd\d+)', r'ld.param.u64 {\1}'), (r'ld\.param', 'ld.param.volatile'), (r'ld\.param', 'ld.param.relaxed.gpu')],
 'st.global.u32': [(r'st\.global\.u32', 'st.global.u16'), (r'st\.global', 'st.shared'), (r'st\.global', 'st.param'), (r'st\.global\.u32', 'st.global.f32'), (r'st\.global', 'st.global.relaxed.sys'), (r'st\.global', 'st.volatile.global'), (r'st\.global', 'st.global.L1::evict_last'), (r'st\.global', 'st.global.L2::evict_last'), (r'st\.global', 'st.global.wt'), (r'st\.global', 'st.global.lu')],
 'cp.async.cg.shared.global': [(r'cp\.async\.cg', 'cp.async.ca'), (r', 16;', ', 8;'), (r', 16;', ', 4;'), (r'\.cg\.shared\.global', '.cg.global.shared'), (r'cp\.async\.cg', 'cp.async.cg.L2::128B'), (r'cp\.async\.cg', 'cp.async.cg.L2::256B'), (r', 16;', ', 16, 8;'), (r'\.shared\.global', '.shared::cta.global'), (r'\.shared\.global', '.shared::cluster.global')],
 'cvt.s64.s32': [(r'cvt\.s64\.s32', 'cvt.s32.s64'), (r'cvt\.s64\.s32', 'cvt.rn.s64.s32'), (r'cvt\.s64\.s32', 'cvt.sat.s64.s32'), (r'cvt\.s64\.s32', 'cvt.f64.s32'), (r'cvt\.s64\.s32', 'cvt.rni.s64.s32'), (r'cvt\.s64\.s32', 'cvt.s64.s16')],
 'setp.lt.s32': [(r'setp\.lt\.s32', 'setp.lt.u32'), (r'setp\.lt\.s32', 'setp.lo.s32'), (r'setp\.lt\.s32', 'setp.lt.f32'), (r'setp\.lt\.s32', 'setp.lt.and.s32'), (r'setp\.lt\.s32\s+(%p\d+)', r'setp.lt.s32 \1|%p1'), (r'setp\.lt\.s32', 'setp.ltu.s32'), (r'setp\.lt\.s32', 'setp.lt.ftz.s32')],
 'selp.b32': [(r'selp\.b32', 'selp.b16'), (r'selp\.b32', 'selp.f32'), (r'selp\.b32', 'selp.pred'), (r'(%p\d+);', r'%r1;')],
 'shl.b32': [(r'shl\.b32', 'shl.u32'), (r'shl\.b32', 'shl.s32'), (r'shl\.b32', 'shl.b16'), (r'shl\.b32', 'shl.b64'), (r'shl\.b32', 'shl.f32')],
 'bar.sync': [(r'bar\.sync', 'bar.arrive'), (r'bar\.sync\s+0', 'bar.sync 16'), (r'bar\.sync\s+0', 'bar.sync 0, 33'), (r'bar\.sync\s+0', 'bar.sync 0, 64'), (r'bar\.sync', 'bar.red.sync'), (r'bar\.sync', 'barrier.sync.aligned'), (r'bar\.sync', 'bar.sync.aligned')],
 'cp.async.wait_group': [(r'wait_group\s+\d+', 'wait_group %r1'), (r'wait_group', 'wait_all'), (r'cp\.async\.wait_group', 'cp.async.bulk.wait_group'), (r'wait_group\s+(\d+)', r'wait_group -1')],
 'cvta.to.global.u64': [(r'cvta\.to\.global', 'cvta.global'), (r'cvta\.to\.global', 'cvta.to.shared'), (r'cvta\.to\.global\.u64', 'cvta.to.global.b64'), (r'cvta\.to\.global\.u64', 'cvta.to.global.s64'), (r'cvta\.to\.global', 'cvta.to.param')],
 'mul.wide.s32': [(r'mul\.wide\.s32', 'mul.wide.s64'), (r'mul\.wide\.s32', 'mul.wide.s16'), (r'mul\.wide\.s32', 'mul.wide.f32'), (r'mul\.wide\.s32', 'mul.hi.s32')],
 'and.pred': [(r'and\.pred', 'and.b1'), (r'and\.pred', 'xor.pred'), (r'and\.pred\s+(%p\d+),\s*(%p\d+)', r'and.pred \1, !\2')],
 'ld.shared.v4.u32': [(r'ld\.shared\.v4\.u32', 'ld.shared.v8.u32'), (r'ld\.shared\.v4\.u32', 'ld.shared.v4.u64'), (r'ld\.shared', 'ld.shared::cluster'), (r'ld\.shared', 'ld.shared.nc'), (r'ld\.shared', 'ld.shared.ca'), (r'ld\.shared', 'ld.shared.L2::64B')],
 'mov.u32': [(r'mov\.u32', 'mov.u16'), (r'mov\.u32', 'mov.s32'), (r'mov\.u32', 'mov.b64'), (r'mov\.u32', 'mov.f32')],
}
done = set()
n = 0
for i, l in enumerate(lines):
    s = l.strip()
    for op, muts in M.items():
        if op in done or not (s.startswith(op + ' ') or s.startswith(op + '\t')):
            continue
        done.add(op)
        cases = []
        for pat, rep in muts:
            m = re.sub(pat, rep, s, count=1)
            if m != s:
                cases.append(m)
        name = op.replace('.', '_').replace(':', '_')
        with open(os.path.join(out, name + '.ptx'), 'w') as f:
            f.write('\n'.join(lines[:i]) + '\n//--- cases\n' + '\n'.join(cases) + '\n//--- footer\n' + '\n'.join(lines[i+1:]))
        n += len(cases)


tot = [0] * 7
for name in sorted(os.listdir(out)):
    p = subprocess.run([sys.executable, args.judge, "-v", "--ptxas", args.ptxas, "--lint",
                        args.lint, os.path.join(out, name)], capture_output=True, text=True)
    for l in p.stdout.splitlines():
        if l.startswith(("false-errors", "missed")):
            print(name + ": " + l[:240])
        m = re.match(r"cases (\d+): ptxas rejects (\d+), accepts (\d+), unknown (\d+); "
                     r"agree (\d+), false-errors (\d+), missed (\d+)", l)
        if m:
            tot = [a + int(b) for a, b in zip(tot, m.groups())]
print("lines %d, cases %d: ptxas rejects %d, accepts %d, unknown %d; agree %d, "
      "false-errors %d, missed %d" % tuple([len(done)] + tot))
