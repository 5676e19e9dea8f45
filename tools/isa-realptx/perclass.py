#!/usr/bin/env python3
"""Single-change mutants of real PTX stratified by instruction class (issue 14).

Every instruction line of the inputs gets the ISA 9.0 class of its opcode
(9.7.1 integer ... 9.7.19 miscellaneous, from spec/isa/instructions.txt: the
longest mnemonic that prefixes the opcode, then its types where a mnemonic is
in several classes); the .version/.target mutants are class "module". For
each class present, -n mutants of its lines (operators of mutants.py, KINDS
and EXTRA_KINDS alike) are judged by ptxas and ptx-lint as mutants.py judges
them; prints every disagreement and a per-class agreement table.

  perclass.py --lint build/bin/ptx-lint [-n 130] [--seed 51] [-j 2] FILE...
"""
import argparse, collections, multiprocessing, os, random, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutants  # noqa: E402

TITLES = {
    '9.7.1': 'integer', '9.7.2': 'extended-precision integer', '9.7.3': 'floating point',
    '9.7.4': 'half precision', '9.7.5': 'mixed precision', '9.7.6': 'comparison/selection',
    '9.7.7': 'half comparison', '9.7.8': 'logic and shift', '9.7.9': 'data movement/conversion',
    '9.7.10': 'texture', '9.7.11': 'surface', '9.7.12': 'control flow',
    '9.7.13': 'synchronization/communication', '9.7.14': 'warp matrix (mma/wmma)',
    '9.7.15': 'warpgroup matrix (wgmma)', '9.7.16': 'tcgen05', '9.7.17': 'stack',
    '9.7.18': 'video', '9.7.19': 'miscellaneous', 'module': '.version/.target lowered'}
# KINDS and EXTRA_KINDS, without the module-directive operators
LINE_KINDS = [k for k in mutants.KINDS if k not in ('version', 'target')] + mutants.EXTRA_KINDS


def mnemonic_classes():
    """mnemonic (dotted) -> set of 9.7.N classes that define it."""
    out, sec = collections.defaultdict(set), None
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'spec', 'isa',
                        'instructions.txt')
    for l in open(path):
        m = re.match(r'section (9\.7\.\d+)\S* \S+ instruction', l)
        if l.startswith('section'):
            sec = m.group(1) if m else None
        t = re.match(r'\s+mnemonic (.*)', l)
        if t and sec:
            for w in t.group(1).split():
                out[w].add(sec)
    return out


def classify(op, table):
    """The class of opcode OP (dotted): the longest mnemonic prefix, its types
    deciding between integer, float, half, mixed and extended precision."""
    parts = [p.split('::')[0] for p in op.split('.')]
    for n in range(len(parts), 0, -1):
        secs = table.get('.'.join(parts[:n]))
        if secs:
            break
    else:
        # a mnemonic the tables spell as a set (mbarrier.test_wait/try_wait)
        secs = {s for m, ss in table.items() if m.split('.')[0] == parts[0] for s in ss}
        if not secs:
            return None
    if len(secs) == 1:
        return next(iter(secs))
    q = set(parts[1:])
    half = q & {'f16', 'f16x2', 'bf16', 'bf16x2'}
    flt = q & {'f32', 'f64', 'f32x2'}
    if '9.7.2' in secs and ('cc' in q or parts[0] in ('addc', 'subc', 'madc')):
        return '9.7.2'
    if '9.7.5' in secs and half and flt:
        return '9.7.5'
    if '9.7.7' in secs:
        return '9.7.7' if half else '9.7.6'
    if '9.7.4' in secs and half:
        return '9.7.4'
    if '9.7.3' in secs and (flt or half):
        return '9.7.3'
    if '9.7.1' in secs:
        return '9.7.1'
    return sorted(secs, key=lambda s: int(s.split('.')[-1]))[0]


def pools(files, texts, table):
    """class -> [(file, line index)] of the instruction lines of the inputs."""
    out = collections.defaultdict(list)
    for f in files:
        for i, l in enumerate(texts[f]):
            m = mutants.INSTR.match(l)
            if not m or l.strip().startswith('.'):
                continue
            c = classify(m.group(3), table)
            if c:
                out[c].append((f, i))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lint', required=True)
    ap.add_argument('-n', type=int, default=130, help='mutants per class')
    ap.add_argument('--seed', type=int, default=51)
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--max-bytes', type=int, default=400000,
                    help='skip larger inputs (ptxas takes seconds on each mutant)')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    rng = random.Random(a.seed)
    files = sorted(f for f in a.files if os.path.getsize(f) <= a.max_bytes)
    texts = {f: open(f).read().split('\n') for f in files}
    table = mnemonic_classes()
    pool = pools(files, texts, table)
    tmp = tempfile.mkdtemp()
    jobs, meta = [], []
    for c in sorted(pool, key=lambda s: [int(x) for x in s.split('.')]) + ['module']:
        made, tries = 0, 0
        while made < a.n and tries < 50 * a.n:
            tries += 1
            if c == 'module':
                f = rng.choice(files)
                r = mutants.mutate(texts[f], rng, kind=rng.choice(['version', 'target']))
            else:
                f, i = rng.choice(pool[c])
                r = mutants.mutate(texts[f], rng, i=i, kind=rng.choice(LINE_KINDS))
            if not r:
                continue
            out, ln, kind = r
            jobs.append(mutants.write_mutant(tmp, len(jobs), a.lint, f, r))
            meta.append((c, f, ln, kind, out[ln - 1].strip()))
            made += 1
    stats = collections.defaultdict(collections.Counter)
    bykind = collections.defaultdict(collections.Counter)
    with multiprocessing.Pool(a.j) as p:
        for (v, pa, pl), (c, f, ln, kind, line) in zip(p.imap(mutants.judge, jobs), meta):
            stats[c][v] += 1
            bykind[kind][v] += 1
            if v in ('missed', 'false-error', 'wrong-line'):
                print('%s\t%s\t%s\t%s:%d\t%s\tptxas=%s lint=%s' % (
                    v, c, kind, os.path.basename(f), ln, line[:140], sorted(pa)[:3],
                    sorted(pl)[:3]), flush=True)
    print('| class | lines | judged | agree | % | missed | false errors | wrong line |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|')
    tot = collections.Counter()
    for c in sorted(stats, key=lambda s: [int(x) for x in s.split('.')] if s[0] == '9' else [99]):
        s = stats[c]
        n = sum(s.values()) - s['tool-fail']
        ag = s['agree-clean'] + s['agree-error']
        tot.update(s)
        print('| %s %s | %d | %d | %d | %.1f%% | %d | %d | %d |' % (
            c, TITLES.get(c, ''), len(pool.get(c, ())), n, ag, 100.0 * ag / max(n, 1),
            s['missed'], s['false-error'], s['wrong-line']))
    n = sum(tot.values()) - tot['tool-fail']
    ag = tot['agree-clean'] + tot['agree-error']
    print('| **all** | | %d | %d | %.1f%% | %d | %d | %d |' % (
        n, ag, 100.0 * ag / max(n, 1), tot['missed'], tot['false-error'], tot['wrong-line']))
    print('tool-fail %d; ptxas rejected %d of %d' % (
        tot['tool-fail'], tot['agree-error'] + tot['missed'] + tot['wrong-line'], n))
    for k, c in sorted(bykind.items()):
        print('  ', k, dict(c))


if __name__ == '__main__':
    main()
