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
ap.add_argument("--set", type=int, default=1)
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
M2 = {
 'shfl.sync.bfly.b32': [(r'shfl\.sync\.bfly\.b32', 'shfl.sync.bfly.b64'), (r'shfl\.sync\.bfly\.b32', 'shfl.sync.bfly.f32'), (r'shfl\.sync\.bfly', 'shfl.bfly'), (r'shfl\.sync\.bfly', 'shfl.sync.xor'), (r'(%r\d+)\|(%p\d+)', r'\2|\1'), (r'\|%p\d+', ''), (r', (%r\d+);', r', 0xffffffff;'), (r', (%r\d+), (%r\d+);', r', 40, \2;'), (r', (%r\d+);', r', %f1;'), (r'shfl\.sync\.bfly', 'shfl.sync.aligned.bfly')],
 'ex2.approx.f32': [(r'ex2\.approx\.f32', 'ex2.f32'), (r'ex2\.approx\.f32', 'ex2.approx.f64'), (r'ex2\.approx\.f32', 'ex2.approx.ftz.f32'), (r'ex2\.approx\.f32', 'ex2.rn.f32'), (r'ex2\.approx\.f32', 'ex2.approx.f16'), (r'ex2\.approx\.f32', 'ex2.approx.sat.f32')],
 'max.f32': [(r'max\.f32', 'max.ftz.f32'), (r'max\.f32', 'max.NaN.f32'), (r'max\.f32', 'max.xorsign.abs.f32'), (r'max\.f32', 'max.rn.f32'), (r'max\.f32', 'max.f64'), (r'max\.f32', 'max.sat.f32')],
 'st.shared.v4.u32': [(r'st\.shared\.v4\.u32', 'st.shared.v4.u64'), (r'st\.shared\.v4\.u32', 'st.shared.v8.u32'), (r'st\.shared\.v4', 'st.shared.v2'), (r'st\.shared', 'st.shared::cluster'), (r'st\.shared', 'st.shared.wb'), (r'st\.shared', 'st.shared.L1::no_allocate'), (r'st\.shared', 'st.volatile.shared'), (r'\[(%r\d+)\]', r'[\1+16]'), (r'\[(%r\d+)\]', r'[%rd1]')],
 'mul.f32': [(r'mul\.f32', 'mul.rn.f32'), (r'mul\.f32', 'mul.lo.f32'), (r'mul\.f32', 'mul.sat.f32'), (r'mul\.f32', 'mul.ftz.rz.f32'), (r'0f3FB8AA3B', '1'), (r'0f3FB8AA3B', '1.5'), (r'0f3FB8AA3B', '0d3FF0000000000000')],
 'selp.f32': [(r'selp\.f32', 'selp.f64'), (r'(%p\d+);', r'%r1;'), (r'0fF149F2CA', '0dFFF0000000000000'), (r'selp\.f32', 'selp.ftz.f32')],
 'mov.b32': [(r'mov\.b32', 'mov.b16'), (r'mov\.b32', 'mov.f32'), (r'mov\.b32', 'mov.u32'), (r'mov\.b32', 'mov.b64')],
 'st.global.v4.u32': [(r'st\.global\.v4', 'st.global.v8'), (r'st\.global', 'st.global.L2::evict_first'), (r'st\.global', 'st.global.cs'), (r'st\.global', 'st.global.nc'), (r'st\.global', 'st.global.L1::evict_last'), (r'st\.global', 'st.async.global')],
 'bra.uni': [(r'bra\.uni', 'bra.uni.uni'), (r'bra\.uni', 'bra.sync'), (r'bra\.uni', 'brx.uni'), (r'\$L__BB0_4', '%r1')],
 'bar.sync': [(r'bar\.sync\s+0', 'bar.sync 0, %r1'), (r'bar\.sync\s+0', 'bar.cta.sync 0'), (r'bar\.sync\s+0', 'barrier.cta.sync.aligned 0'), (r'bar\.sync\s+0', 'bar.sync %r1'), (r'bar\.sync\s+0', 'bar.sync 0, 31'), (r'bar\.sync\s+0', 'bar.cluster.sync 0')],
}
# set 2 also inserts lines after the first bar.sync: instructions the seed does not use
INSERT2 = [
 'atom.global.add.u32 %r1, [%rd1], 1;', 'atom.global.add.u64 %rd1, [%rd1], 1;', 'atom.global.add.f32 %f1, [%rd1], %f2;',
 'atom.global.add.s64 %rd1, [%rd1], %rd2;', 'atom.shared.cas.b32 %r1, [%r2], %r3, %r4;', 'atom.global.exch.b64 %rd1, [%rd1], %rd2;',
 'atom.global.inc.u32 %r1, [%rd1], %r2;', 'atom.global.inc.u64 %rd1, [%rd1], %rd2;', 'atom.relaxed.gpu.global.add.u32 %r1, [%rd1], 1;',
 'atom.global.max.f32 %f1, [%rd1], %f2;', 'atom.global.and.u32 %r1, [%rd1], %r2;',
 'red.global.add.u32 [%rd1], %r1;', 'red.global.add.f32 [%rd1], %f1;', 'red.shared.min.s32 [%r1], %r2;', 'red.global.add.u32 %r1, [%rd1], 1;',
 'red.release.gpu.global.add.u64 [%rd1], %rd2;', 'red.global.xor.b64 [%rd1], %rd2;', 'red.global.or.s32 [%rd1], %r2;',
 'mbarrier.init.shared.b64 [%r1], %r2;', 'mbarrier.init.shared::cta.b64 [%r1], 32;', 'mbarrier.arrive.shared.b64 %rd1, [%r1];',
 'mbarrier.arrive.shared.b32 %r1, [%r1];', 'mbarrier.try_wait.parity.shared.b64 %p1, [%r1], %r2;', 'mbarrier.try_wait.shared.b64 %p1, [%r1], %rd1;',
 'mbarrier.test_wait.shared.b64 %r1, [%r1], %rd1;', 'mbarrier.arrive.expect_tx.shared.b64 %rd1, [%r1], 16;', 'mbarrier.inval.shared.b64 [%r1];',
 'fence.proxy.async;', 'fence.proxy.async.shared::cta;', 'fence.acq_rel.gpu;', 'fence.sc.sys;', 'fence.acq_rel;', 'fence.release.cluster;',
 'fence.mbarrier_init.release.cluster;', 'fence.proxy.tensormap::generic.release.gpu;', 'membar.gl;', 'membar.cta;', 'membar.sys;', 'membar.gpu;',
 'membar.proxy.alias;', 'prmt.b32 %r1, %r2, %r3, %r4;', 'prmt.b32.f4e %r1, %r2, %r3, %r4;', 'prmt.b32 %r1, %r2, %r3, 0x3210;', 'prmt.b64 %rd1, %rd2, %rd3, %rd4;',
 'prmt.b32.rc16 %r1, %r2, %r3, %r4;', 'prmt.u32 %r1, %r2, %r3, %r4;', 'prmt.b32.ecl %r1, %r2, %r3;', 'vote.sync.ballot.b32 %r1, %p1, 0xffffffff;',
 'vote.sync.any.pred %p1, %p2, %r1;', 'vote.ballot.b32 %r1, %p1;', 'vote.sync.all.b32 %r1, %p1, -1;', 'redux.sync.add.s32 %r1, %r2, -1;',
 'redux.sync.min.f32 %f1, %f2, -1;', 'redux.sync.and.b32 %r1, %r2, %r3;', 'redux.sync.add.u64 %rd1, %rd2, -1;', 'match.any.sync.b32 %r1, %r2, -1;',
 'activemask.b32 %r1;', 'activemask.b64 %rd1;', 'nanosleep.u32 100;', 'nanosleep.u32 %rd1;', 'ld.global.nc.L1::evict_last.u32 %r1, [%rd1];',
 'ldu.global.u32 %r1, [%rd1];', 'ldu.shared.u32 %r1, [%r2];', 'isspacep.shared %p1, %rd1;', 'isspacep.global %p1, %r1;',
 'cp.async.ca.shared.global [%r1], [%rd1], 4;', 'cp.async.ca.shared.global [%r1], [%rd1], 32;', 'cp.async.cg.shared.global [%r1], [%rd1], 8;',
 'cp.async.commit_group;', 'cp.async.wait_all;', 'cp.async.mbarrier.arrive.shared.b64 [%r1];', 'cp.async.mbarrier.arrive.noinc.shared.b64 [%r1];',
 'elect.sync %r1|%p1, -1;', 'griddepcontrol.wait;', 'griddepcontrol.launch_dependents;', 'getctarank.shared::cluster.u32 %r1, %r2;',
 'mapa.shared::cluster.u32 %r1, %r2, %r3;', 'setmaxnreg.inc.sync.aligned.u32 128;', 'bar.arrive 1, 64;', 'bar.red.popc.u32 %r1, 0, %p1;',
 'bar.red.and.pred %p1, 0, %p2;', 'barrier.cluster.arrive;', 'barrier.cluster.wait.acquire;', 'brev.b32 %r1, %r2;', 'bfind.u32 %r1, %r2;',
 'bfind.shiftamt.s64 %r1, %rd2;', 'clz.b64 %r1, %rd2;', 'popc.b64 %rd1, %rd2;', 'bfe.u32 %r1, %r2, 8, 4;', 'bfi.b64 %rd1, %rd2, %rd3, %r4, %r5;',
 'dp4a.u32.s32 %r1, %r2, %r3, %r4;', 'dp2a.lo.u32.u32 %r1, %r2, %r3, %r4;', 'lop3.b32 %r1, %r2, %r3, %r4, 0xf0;', 'lop3.b32 %r1, %r2, %r3, %r4, 300;',
 'shf.l.wrap.b32 %r1, %r2, %r3, %r4;', 'shf.r.clamp.b64 %rd1, %rd2, %rd3, %r4;', 'copysign.f32 %f1, %f2, %f3;', 'testp.finite.f32 %p1, %f1;',
 'testp.finite.f32 %r1, %f1;', 'tanh.approx.f32 %f1, %f2;', 
 'cvt.rn.f16x2.f32 %r1, %f1, %f2;', 'cvt.rzi.s32.f32 %r1, %f1;', 'cvt.rn.s32.f32 %r1, %f1;', 'cvt.f32.f16 %f1, %r1;', 'cvt.u8.u32 %r1, %r2;',
]
MS = {1: M, 2: M2}[args.set]
done = set()
n = 0
for i, l in enumerate(lines):
    s = l.strip()
    for op, muts in MS.items():
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


if args.set == 2:
    k = next(i for i, l in enumerate(lines) if l.strip().startswith('bar.sync'))
    with open(os.path.join(out, 'zz_insert.ptx'), 'w') as f:
        f.write('\n'.join(lines[:k + 1]) + '\n//--- cases\n' + '\n'.join(INSERT2) +
                '\n//--- footer\n' + '\n'.join(lines[k + 1:]))
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
