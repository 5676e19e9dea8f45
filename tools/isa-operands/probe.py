#!/usr/bin/env python3
"""Operand kind/type probe against ptxas (issue 14).

For each instruction template, every operand position is tried with a
register of every declared type (.pred .b8 ... .f64, .f16x2) and with every
immediate kind (integer, decimal float, 0f, 0d), the other operands kept
valid. Many cases share one .ptx file (one per line); ptxas's
"line N; error" output gives each line's verdict. Prints, per template and
position, the accepted set; with --lint, also runs ptx-lint on the same
file and reports agreement (a case agrees when ptx-lint reports an error on
its line exactly when ptxas does).

  probe.py [--ptxas PATH] [--lint build/bin/ptx-lint] [--sample N] [--json OUT]
"""
import argparse, json, os, re, subprocess, sys, tempfile

REGS = {
    '.pred': '%p1', '.b8': '%bb1', '.b16': '%h1', '.b32': '%r1', '.b64': '%rd1',
    '.u8': '%ub1', '.s8': '%sb1', '.u16': '%uh1', '.s16': '%sh1', '.u32': '%u1',
    '.s32': '%s1', '.u64': '%ud1', '.s64': '%sd1', '.f16': '%hf1', '.f16x2': '%hh1',
    '.f32': '%f1', '.f64': '%fd1',
}
IMMS = {'int': '1', 'float': '1.5', '0f': '0f3F800000', '0d': '0d3FF0000000000000'}

HEADER = """.version 8.0
.target sm_80
.address_size 64
.visible .entry probe(){
.reg .pred %p<4>; .reg .b8 %bb<4>; .reg .b16 %h<4>; .reg .b32 %r<4>; .reg .b64 %rd<4>;
.reg .u8 %ub<4>; .reg .s8 %sb<4>; .reg .u16 %uh<4>; .reg .s16 %sh<4>; .reg .u32 %u<4>;
.reg .s32 %s<4>; .reg .u64 %ud<4>; .reg .s64 %sd<4>; .reg .f16 %hf<4>; .reg .f16x2 %hh<4>;
.reg .f32 %f<4>; .reg .f64 %fd<4>;
"""
FOOTER = "ret;\n}\n"

# A good register for each type used in templates.
GOOD = {t: r.replace('1', '2') for t, r in REGS.items()}


def ty(t):
    return GOOD[t]


def templates():
    """(name, format string with {0}..{n}, list of good operands, imm-ok flags)."""
    out = []
    ints = ['.b16', '.b32', '.b64', '.u16', '.u32', '.u64', '.s16', '.s32', '.s64']
    for t in ['.u16', '.u32', '.u64', '.s16', '.s32', '.s64', '.f32', '.f64']:
        out.append((f'add{t}', f'add{t} {{0}}, {{1}}, {{2}};', [ty(t)] * 3))
        out.append((f'min{t}', f'min{t} {{0}}, {{1}}, {{2}};', [ty(t)] * 3))
        out.append((f'neg{t}', f'neg{t} {{0}}, {{1}};', [ty(t)] * 2))
        out.append((f'setp.lt{t}', f'setp.lt{t} {{0}}, {{1}}, {{2}};', [GOOD['.pred'], ty(t), ty(t)]))
        out.append((f'selp{t}', f'selp{t} {{0}}, {{1}}, {{2}}, {{3}};', [ty(t)] * 3 + [GOOD['.pred']]))
        out.append((f'mov{t}', f'mov{t} {{0}}, {{1}};', [ty(t)] * 2))
    for t in ['.f32', '.f64']:
        out.append((f'fma.rn{t}', f'fma.rn{t} {{0}}, {{1}}, {{2}}, {{3}};', [ty(t)] * 4))
    for t in ['.u32', '.s32', '.u64', '.s64']:
        out.append((f'mad.lo{t}', f'mad.lo{t} {{0}}, {{1}}, {{2}}, {{3}};', [ty(t)] * 4))
        out.append((f'mul.lo{t}', f'mul.lo{t} {{0}}, {{1}}, {{2}};', [ty(t)] * 3))
    for t, w in [('.u16', '.u32'), ('.s32', '.s64'), ('.u32', '.u64')]:
        out.append((f'mul.wide{t}', f'mul.wide{t} {{0}}, {{1}}, {{2}};', [ty(w), ty(t), ty(t)]))
    for t in ['.b16', '.b32', '.b64', '.pred']:
        for op in ['and', 'or', 'xor']:
            out.append((f'{op}{t}', f'{op}{t} {{0}}, {{1}}, {{2}};', [ty(t)] * 3))
        out.append((f'not{t}', f'not{t} {{0}}, {{1}};', [ty(t)] * 2))
        out.append((f'mov{t}', f'mov{t} {{0}}, {{1}};', [ty(t)] * 2))
    for t in ['.b16', '.b32', '.b64', '.u32', '.s64']:
        out.append((f'shl{t}' if t.startswith('.b') else f'shr{t}',
                    (f'shl{t}' if t.startswith('.b') else f'shr{t}') + ' {0}, {1}, {2};',
                    [ty(t), ty(t), GOOD['.u32']]))
    for t in ['.b32', '.b64']:
        out.append((f'popc{t}', f'popc{t} {{0}}, {{1}};', [GOOD['.u32'], ty(t)]))
        out.append((f'clz{t}', f'clz{t} {{0}}, {{1}};', [GOOD['.u32'], ty(t)]))
    for d, s in [('.s32', '.u32'), ('.f32', '.s32'), ('.s32', '.f64'), ('.f16', '.s32'),
                 ('.u64', '.u32'), ('.u16', '.u32'), ('.f64', '.f32'), ('.u32', '.u8')]:
        rnd = ''
        if d.startswith('.f') and (s[1] != 'f' or int(d[2:]) < int(s[2:])):
            rnd = '.rn'
        if s.startswith('.f') and d[1] != 'f':
            rnd = '.rzi'
        out.append((f'cvt{rnd}{d}{s}', f'cvt{rnd}{d}{s} {{0}}, {{1}};', [ty(d), ty(s)]))
    for t in ['.u8', '.u16', '.u32', '.u64', '.b8', '.b16', '.b32', '.b64', '.f32', '.f64', '.s8']:
        out.append((f'ld.global{t}', f'ld.global{t} {{0}}, [%rd3];', [ty(t)]))
        out.append((f'st.global{t}', f'st.global{t} [%rd3], {{0}};', [ty(t)]))
    # The other instructions IsaOperands.cpp checks with the same rules.
    for t in ['.s32', '.u64', '.f32', '.f64']:
        for op in ['sub', 'max'] + (['div.rn'] if t[1] == 'f' else ['div', 'rem']):
            out.append((f'{op}{t}', f'{op}{t} {{0}}, {{1}}, {{2}};', [ty(t)] * 3))
        out.append((f'abs{t}', f'abs{t} {{0}}, {{1}};', [ty(t)] * 2))
        out.append((f'setp.lt.and{t}', f'setp.lt.and{t} {{0}}, {{1}}, {{2}}, {{3}};',
                    [GOOD['.pred'], ty(t), ty(t), GOOD['.pred']]))
    for t in ['.f32', '.f64']:
        for op in ['sqrt.rn', 'rcp.rn']:
            out.append((f'{op}{t}', f'{op}{t} {{0}}, {{1}};', [ty(t)] * 2))
        out.append((f'mad.rn{t}', f'mad.rn{t} {{0}}, {{1}}, {{2}}, {{3}};', [ty(t)] * 4))
    out.append(('copysign.f32', 'copysign.f32 {0}, {1}, {2};', [ty('.f32')] * 3))
    for op in ['rsqrt.approx.f32', 'sin.approx.f32', 'lg2.approx.f32', 'ex2.approx.f32']:
        out.append((op, op + ' {0}, {1};', [ty('.f32')] * 2))
    for t in ['.b32', '.b64', '.b16']:
        out.append((f'cnot{t}', f'cnot{t} {{0}}, {{1}};', [ty(t)] * 2))
    for t, w in [('.u16', '.u32'), ('.s32', '.s64')]:
        out.append((f'mad.wide{t}', f'mad.wide{t} {{0}}, {{1}}, {{2}}, {{3}};',
                    [ty(w), ty(t), ty(t), ty(w)]))
    out.append(('mul.hi.u32', 'mul.hi.u32 {0}, {1}, {2};', [ty('.u32')] * 3))
    out.append(('shr.s16', 'shr.s16 {0}, {1}, {2};', [ty('.s16'), ty('.s16'), GOOD['.u32']]))
    out.append(('cvt.s64.s16', 'cvt.s64.s16 {0}, {1};', [ty('.s64'), ty('.s16')]))
    out.append(('cvt.rn.f32.f64', 'cvt.rn.f32.f64 {0}, {1};', [ty('.f32'), ty('.f64')]))
    out.append(('ld.global.v2.u16', 'ld.global.v2.u16 {{{0}, %h3}}, [%rd3];', [ty('.u16')]))
    out.append(('st.shared.v4.f32', 'st.shared.v4.f32 [%rd3], {{%f3, {0}, %f3, %f3}};',
                [ty('.f32')]))
    return out


def cases(sample=0):
    out = []
    for name, fmt, good in templates():
        for pos in range(len(good)):
            for kind, text in list(REGS.items()) + [('imm:' + k, v) for k, v in IMMS.items()]:
                ops = list(good)
                ops[pos] = text
                out.append((name, pos, kind, fmt.format(*ops)))
    if sample:
        out = out[::max(1, len(out) // sample)]
    return out


def error_lines(cmd, path):
    """Lines ptxas rejects. A fatal parse error stops ptxas: that line is
    rejected, blanked, and the file run again."""
    bad = set()
    for _ in range(200):
        try:
            p = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            return None
        out = p.stdout + p.stderr
        bad |= {int(m.group(1)) for m in re.finditer(r'line (\d+); error', out)}
        fatal = re.search(r'line (\d+); fatal', out)
        if not fatal:
            return bad
        n = int(fatal.group(1))
        bad.add(n)
        lines = open(path).read().split('\n')
        lines[n - 1] = ''
        open(path, 'w').write('\n'.join(lines))
    return None


def lint_lines(lint, path):
    p = subprocess.run([lint, '--format=gcc', path], capture_output=True, text=True, timeout=120)
    return {int(m.group(1)) for m in re.finditer(r':(\d+):\d+: error', p.stdout + p.stderr)}


def run(cs, ptxas, lint, chunk=400):
    res = []
    first = HEADER.count('\n') + 1
    for k in range(0, len(cs), chunk):
        part = cs[k:k + chunk]
        with tempfile.NamedTemporaryFile('w', suffix='.ptx', delete=False) as f:
            f.write(HEADER + ''.join(c[3] + '\n' for c in part) + FOOTER)
            path = f.name
        bad = error_lines([ptxas, '-arch', 'sm_80', '-o', os.devnull], path)
        lbad = lint_lines(lint, path) if lint else set()
        os.unlink(path)
        for j, c in enumerate(part):
            res.append(c + (bad is None or first + j in bad, first + j in lbad))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ptxas', default='ptxas')
    ap.add_argument('--lint')
    ap.add_argument('--sample', type=int, default=0)
    ap.add_argument('--json')
    ap.add_argument('--table', action='store_true', help='print accepted sets')
    ap.add_argument('--verify', type=int, default=0,
                    help='re-run N cases one per file and compare with the batched verdict')
    a = ap.parse_args()
    res = run(cases(a.sample), a.ptxas, a.lint)
    if a.table:
        acc = {}
        for name, pos, kind, text, rej, _ in res:
            acc.setdefault((name, pos), []).append(('-' if rej else '+') + kind)
        for (name, pos), ks in acc.items():
            print(f'{name} op{pos}: accepts ' + ' '.join(k[1:] for k in ks if k[0] == '+'))
    if a.verify:
        step = max(1, len(res) // a.verify)
        mism = 0
        for r in res[::step]:
            single = run([r[:4]], a.ptxas, None)[0]
            if single[4] != r[4]:
                mism += 1
                print('batch/single mismatch:', r[3])
        print(f'verify: {len(res[::step])} single-case files, {mism} mismatches')
    if a.lint:
        agree = sum(1 for r in res if r[4] == r[5])
        fe = [r for r in res if r[5] and not r[4]]
        miss = [r for r in res if r[4] and not r[5]]
        for r in fe:
            print('FALSE ERROR:', r[3])
        for r in miss[:40]:
            print('missed:', r[3])
        print(f'cases {len(res)}  rejected-by-ptxas {sum(r[4] for r in res)}  agree {agree} '
              f'({100.0 * agree / len(res):.1f}%)  false-errors {len(fe)}  missed {len(miss)}')
        if a.json:
            json.dump(res, open(a.json, 'w'))
        sys.exit(1 if fe else 0)


if __name__ == '__main__':
    main()
