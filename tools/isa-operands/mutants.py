#!/usr/bin/env python3
"""Register-type mutants of real PTX against ptxas (issue 14).

In each input file, every instruction line whose operands include a
register is mutated once: one register is replaced by one of another
declared register family (%r <-> %rd, %f <-> %fd, %rs <-> %r, %p <-> %r).
All mutants of a file go into one copy (type errors do not cascade, so
ptxas reports each line on its own); a line agrees when ptx-lint reports an
error on it exactly when ptxas does. Prints the agreement and disagreements.

  mutants.py --lint build/bin/ptx-lint [--ptxas ptxas] [--arch sm_80] FILE...
"""
import argparse, os, re, subprocess, sys, tempfile

SWAP = [('%rd', '%r'), ('%fd', '%f'), ('%rs', '%r'), ('%r', '%rd'), ('%f', '%fd'), ('%p', '%r'),
        ('%r', '%f'), ('%f', '%r')]
REG = re.compile(r'%(rd|fd|rs|r|f|p)(\d+)\b')


def mutate(line, k, declared):
    """The k-th mutant of an instruction line (or None); the new register is
    one the file declares (%rd1), so that only its type is wrong."""
    m = re.match(r'^(\s*(?:@!?%p\d+\s+)?)([a-z][\w.:]*)(\s+)(.*;.*)$', line)
    if not m or m.group(2).startswith('.') or m.group(2).split('.')[0] in ('ret', 'bra', 'call'):
        return None
    ops = m.group(4)
    regs = list(REG.finditer(ops))
    if not regs:
        return None
    r = regs[k % len(regs)]
    fam = '%' + r.group(1)
    for a, b in SWAP[k % 2:] + SWAP[:k % 2]:
        if a == fam and b in declared:
            new = ops[:r.start()] + b + str(min(1, declared[b] - 1)) + ops[r.end():]
            return m.group(1) + m.group(2) + m.group(3) + new
    return None


def errs(cmd, rx):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    out = p.stdout + p.stderr
    fatal = 'fatal' in out and ('Parsing error' in out or not re.search(r'; error', out))
    return {int(x) for x in re.findall(rx, out)}, fatal, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ptxas', default='ptxas')
    ap.add_argument('--lint', required=True)
    ap.add_argument('--arch', default='sm_80')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    total = agree = fe = miss = 0
    for f in a.files:
        src = open(f).read().split('\n')
        declared = {'%' + m.group(1): int(m.group(2))
                    for m in re.finditer(r'\.reg\s+\.\w+\s+%(\w+)<(\d+)>', '\n'.join(src))}
        out, lines = [], []
        for i, l in enumerate(src):
            mt = mutate(l, i, declared)
            if mt is not None and mt != l:
                lines.append(len(out) + 1)
                out.append(mt)
            else:
                out.append(l)
        with tempfile.NamedTemporaryFile('w', suffix='.ptx', delete=False) as t:
            t.write('\n'.join(out))
            path = t.name
        tm = re.search(r'^\s*\.target\s+(sm_\w+)', '\n'.join(src), re.M)
        arch = tm.group(1) if tm else a.arch
        pb, fatal, pout = errs([a.ptxas, '-arch', arch, '-o', os.devnull, path],
                               r'line (\d+); error')
        lb, _, _ = errs([a.lint, '--format=gcc', path], r':(\d+):\d+: error')
        # A register the function does not declare is the symbol checks'
        # case (another rule): those mutants are not counted.
        unknown = {int(x) for x in re.findall(r'line (\d+); error\s*: Unknown symbol', pout)}
        os.unlink(path)
        if fatal:
            print('skipped (ptxas fatal):', f)
            continue
        for n in lines:
            if n in unknown:
                continue
            total += 1
            p, q = n in pb, n in lb
            agree += p == q
            if q and not p:
                fe += 1
                print('FALSE ERROR', os.path.basename(f), n, out[n - 1].strip())
            if p and not q:
                miss += 1
                print('missed', os.path.basename(f), n, out[n - 1].strip())
    print(f'mutants {total}  agree {agree} ({100.0 * agree / max(total, 1):.1f}%)  '
          f'false-errors {fe}  missed {miss}')


if __name__ == '__main__':
    main()
