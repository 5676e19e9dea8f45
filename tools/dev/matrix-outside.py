#!/usr/bin/env python3
"""The outside matrix sweep (issue 10): ptxas and ptx-lint on cases that
tools/gen did not write (matrix_outside_cases.py).

  matrix-outside.py judge --ptxas PTXAS --lint PTX-LINT [--every N] [--offset K]
        [--jobs J] [--batch B] [--single-sample S] [--verdicts-out FILE] [-v]
  matrix-outside.py check --lint PTX-LINT --verdicts FILE [-v]

judge: the cases of one (target, version) go into batch files, one function a
case. ptxas judges each batch with -arch compute_NN (parse only) and then the
cases it accepted with -arch sm_NN (code generation, where the built-in
lowering errors appear); since ptxas can stop after an error, the cases it
rejected are taken out and the rest judged again until it accepts them, and a
batch that fails without a line number is halved until the failing case is
alone. A case is rejected when ptxas reports an error inside its function (or
in the module's header); ptx-lint agrees when it reports an error there
exactly then. --single-sample re-judges S random cases one module each and
counts verdicts that differ from the batch's. --verdicts-out writes
`id hash verdict` lines for `check`, which needs no ptxas: it lints the cases
of a verdict file and fails on any disagreement (the lit test) except on lines
marked `known: why` (documented differences), and on a known line that agrees.
"""
import argparse, hashlib, multiprocessing, os, random, re, subprocess, sys, tempfile
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import matrix_outside_cases as mc

PTXAS_ARCHS = {'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_88', 'sm_89', 'sm_90', 'sm_90a'} | {
    f'sm_{n}{s}' for n in (100, 103, 110, 120, 121) for s in ('', 'a', 'f')}


def arch_for(target, cset=None):
    """The -arch of ptxas (and --arch of ptx-lint) for a case's target. The
    new axes (set 'axes') judge sm_101* (renamed sm_110* in PTX ISA 9.0) with
    the sm_110* ptxas; the first sweep judged them with sm_75 (rejected)."""
    if cset == 'axes' and target.startswith('sm_101'):
        return 'sm_110' + target[6:]
    return target if target in PTXAS_ARCHS else 'sm_75'


def header_of(c):
    if c.get('set') == 'axes':
        return mc.axes_header(c['target'], c['version'])
    return mc.header(c['target'], c['version'])


def build(cases):
    """Module text and, per case id, its function's first and last line (1-based)."""
    c0 = cases[0]
    lines = header_of(c0).rstrip('\n').split('\n')
    hl = len(lines)
    spans = {}
    for c in cases:
        head, text, foot = mc.function(c['id'], c['target'], c['text'], c.get('set') == 'axes')
        first = len(lines) + 1
        lines += (head + text + '\n' + foot).rstrip('\n').split('\n')
        spans[c['id']] = (first, len(lines))
    return '\n'.join(lines) + '\n', spans, hl


def case_of(line, spans):
    for k, (a, b) in spans.items():
        if a <= line <= b:
            return k
    return None


def run_ptxas(ptxas, arch, text, tmp):
    f = os.path.join(tmp, 'm.ptx')
    open(f, 'w').write(text)
    try:
        p = subprocess.run(['timeout', '60', ptxas, '-arch', arch, f, '-o', os.devnull],
                           capture_output=True, text=True)
    except OSError as e:
        return 'crash', {}, str(e)
    errs = {}
    for l in p.stderr.splitlines():
        m = re.search(r'm\.ptx, line (\d+); (?:error|fatal)\s*:\s*(.*)', l)
        if m:
            errs.setdefault(int(m.group(1)), m.group(2).strip())
    if p.returncode == 0:
        return 'accept', {}, ''
    crashed = p.returncode < 0 or p.returncode in (124, 134, 137, 139) or 'Segmentation' in p.stderr
    return ('crash' if crashed else 'reject'), errs, p.stderr.strip()[:200]


def judge_batch(ptxas, arch, cases, tmp, out):
    """Fills out[id] = (verdict, message) for cases, by the ptxas of arch."""
    pending = list(cases)
    while pending:
        text, spans, _ = build(pending)
        kind, errs, msg = run_ptxas(ptxas, arch, text, tmp)
        if kind == 'accept':
            for c in pending:
                out[c['id']] = ('accept', '')
            return
        hits = {}
        header = None
        for line, m in sorted(errs.items()):
            k = case_of(line, spans)
            if k is None:
                header = header or m
            else:
                hits.setdefault(k, m)
        if header and kind == 'reject':
            for c in pending:
                out[c['id']] = ('reject', 'header: ' + header)
            return
        if hits:
            for c in pending:
                if c['id'] in hits:
                    out[c['id']] = ('reject', hits[c['id']])
            pending = [c for c in pending if c['id'] not in hits]
            continue
        if len(pending) == 1:
            out[pending[0]['id']] = ('unknown' if kind == 'crash' else 'reject', msg)
            return
        half = len(pending) // 2
        judge_batch(ptxas, arch, pending[:half], tmp, out)
        judge_batch(ptxas, arch, pending[half:], tmp, out)
        return


def judge_group(args):
    ptxas, cases = args
    arch = arch_for(cases[0]['target'], cases[0].get('set'))
    tmp = tempfile.mkdtemp(prefix='s7m-outside-')
    first, second = {}, {}
    judge_batch(ptxas, arch.replace('sm_', 'compute_'), cases, tmp, first)
    rest = [c for c in cases if first[c['id']][0] == 'accept']
    if rest:
        judge_batch(ptxas, arch, rest, tmp, second)
    res = {}
    for c in cases:
        v = second.get(c['id']) or first[c['id']]
        res[c['id']] = v + ('sm' if c['id'] in second and v[0] != 'accept' else 'compute',)
    return res


def lint_cases(lint, cases, batch, tmp):
    """{id: (error?, message)}: ptx-lint's errors inside each case's function.
    Like ptxas, ptx-lint holds some checks back in a file with a syntax error
    (the symbol checks), so the clean cases of a batch with any error are
    linted again without the others until a round finds no error."""
    res, pending, rnd = {}, list(cases), 0
    while pending:
        got = lint_round(lint, pending, batch, os.path.join(tmp, f'r{rnd}'))
        rnd += 1
        res.update(got)
        pending = [c for c in pending if not got[c['id']][0]]
        if len(pending) == len(cases) or not any(e for e, _ in got.values()):
            break
        cases = pending
    return res


def lint_round(lint, cases, batch, tmp):
    os.makedirs(tmp, exist_ok=True)
    groups = defaultdict(list)
    for c in cases:
        groups[(c['target'], c['version'], c.get('set', ''))].append(c)
    files = defaultdict(list)  # arch -> [(path, spans, header_lines)]
    n = 0
    for key, cs in sorted(groups.items()):
        for i in range(0, len(cs), batch):
            text, spans, hl = build(cs[i:i + batch])
            path = os.path.join(tmp, f'b{n}.ptx')
            n += 1
            open(path, 'w').write(text)
            files[arch_for(key[0], key[2] or None)].append((path, spans, hl))
    res = {}
    for arch, fl in files.items():
        for i in range(0, len(fl), 400):
            chunk = fl[i:i + 400]
            p = subprocess.run([lint, '--format=gcc', '--no-config', f'--arch={arch}'] +
                               [f for f, _, _ in chunk], capture_output=True, text=True)
            if p.returncode == 2:
                sys.exit('ptx-lint failed: ' + (p.stdout + p.stderr)[:500])
            errs = defaultdict(dict)
            for l in p.stdout.splitlines():
                m = re.match(r'^(.*?):(\d+):\d+: error: (.*)$', l)
                if m:
                    errs[m.group(1)].setdefault(int(m.group(2)), m.group(3))
            for path, spans, hl in chunk:
                e = errs.get(path, {})
                head = next((m for line, m in sorted(e.items()) if line <= hl), None)
                for k, (a, b) in spans.items():
                    m = head or next((m for line, m in sorted(e.items()) if a <= line <= b), None)
                    res[k] = (m is not None, m or '')
    return res


def all_cases(cset):
    return (mc.cases() if cset in ('main', 'all') else []) + (
        mc.axes_cases() if cset in ('axes', 'all') else [])


def select(every, offset, cset='main'):
    return [c for c in all_cases(cset) if c['id'] % every == offset % every]


def case_hash(c):
    return hashlib.sha1(f"{c['target']}|{c['version']}|{c['text']}".encode()).hexdigest()[:10]


def show(c):
    return f"{c['family']}\t{c['tag']}\t{c['target']}/{c['version']}\t{c['text']!r}"


def judge(a):
    cases = select(a.every, a.offset, a.set)
    if a.tag:
        cases = [c for c in cases if c['tag'].startswith(a.tag)]
    groups = defaultdict(list)
    for c in cases:
        groups[(c['target'], c['version'], c.get('set', ''))].append(c)
    work = []
    for key, cs in sorted(groups.items()):
        for i in range(0, len(cs), a.batch):
            work.append((a.ptxas, cs[i:i + a.batch]))
    verdict = {}
    with multiprocessing.Pool(a.jobs) as pool:
        for r in pool.imap_unordered(judge_group, work):
            verdict.update(r)
    tmp = tempfile.mkdtemp(prefix='s7m-lint-')
    lint = lint_cases(a.lint, cases, a.batch, tmp)
    n = Counter()
    fam = defaultdict(Counter)
    out = []
    for c in cases:
        pv, pmsg, mode = verdict[c['id']]
        le, lmsg = lint[c['id']]
        n[pv] += 1
        if pv == 'unknown':
            v = 'unknown'
        elif (pv == 'reject') == le:
            v = 'agree'
        else:
            v = 'false-error' if le else 'missed'
        n[v] += 1
        fam[c['family']][v] += 1
        if v in ('false-error', 'missed', 'unknown') or a.v:
            out.append(f"{v}\t{show(c)}\tptxas({mode}): {pv} {pmsg}\tlint: {lmsg}")
    for l in sorted(out):
        print(l)
    if a.single_sample:
        rnd = random.Random(1)
        sample = rnd.sample([c for c in cases if verdict[c['id']][0] != 'unknown'],
                            min(a.single_sample, len(cases)))
        with multiprocessing.Pool(a.jobs) as pool:
            single = {}
            for r in pool.imap_unordered(judge_group, [(a.ptxas, [c]) for c in sample]):
                single.update(r)
        bad = [c for c in sample if single[c['id']][0] != verdict[c['id']][0]]
        for c in bad:
            print(f"inconsistent\t{show(c)}\tbatch: {verdict[c['id']]}\tsingle: {single[c['id']]}")
        print(f'batch-vs-single consistency: {len(sample)} sampled, {len(bad)} inconsistent')
    for f, k in sorted(fam.items()):
        print(f"family {f}: {sum(k.values())} cases, agree {k['agree']}, false-errors "
              f"{k['false-error']}, missed {k['missed']}, unknown {k['unknown']}")
    judged = n['agree'] + n['false-error'] + n['missed']
    print(f"cases {len(cases)}: ptxas rejects {n['reject']}, accepts {n['accept']}, unknown "
          f"{n['unknown']}; agree {n['agree']} ({100.0 * n['agree'] / max(judged, 1):.2f}%), "
          f"false-errors {n['false-error']}, missed {n['missed']}")
    if a.verdicts_out:
        with open(a.verdicts_out, 'w') as f:
            f.write(f'# matrix-outside.py judge --set {a.set} --every {a.every} --offset {a.offset}: '
                    'id, hash of target|version|text, ptxas 13.0 verdict\n')
            for c in cases:
                if verdict[c['id']][0] != 'unknown':
                    f.write(f"{c['id']} {case_hash(c)} {verdict[c['id']][0]}\n")
    return 0


def check(a):
    want, known = {}, {}
    for l in open(a.verdicts):
        if l.strip() and not l.startswith('#'):
            f = l.split(None, 3)
            want[int(f[0])] = (f[1], f[2])
            if len(f) > 3:  # a known difference: `known: why`
                known[int(f[0])] = f[3].strip()
    cset = 'all' if any(k >= mc.AXES_BASE for k in want) else 'main'
    cases = [c for c in all_cases(cset) if c['id'] in want]
    stale = [c for c in cases if case_hash(c) != want[c['id']][0]]
    for c in stale:
        print(f"stale\t{show(c)}")
    lint = lint_cases(a.lint, cases, a.batch, tempfile.mkdtemp(prefix='s7m-check-'))
    bad = fixed = 0
    for c in cases:
        le, lmsg = lint[c['id']]
        agree = (want[c['id']][1] == 'reject') == le
        if c['id'] in known:
            if agree:  # fixed: take the mark off the verdict file
                fixed += 1
                print(f"known-but-agrees\t{show(c)}")
            continue
        if not agree:
            bad += 1
            print(f"{'false-error' if le else 'missed'}\t{show(c)}\tlint: {lmsg}")
    print(f'outside matrix cases: {len(cases)} checked, {len(stale)} stale, '
          f'{len(known) - fixed} known, {bad} disagree, {fixed} known but agreeing')
    return 1 if bad or fixed or stale or len(cases) != len(want) else 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest='cmd', required=True)
    j = sub.add_parser('judge')
    j.add_argument('--ptxas', required=True)
    j.add_argument('--every', type=int, default=1)
    j.add_argument('--offset', type=int, default=0)
    j.add_argument('--jobs', type=int, default=2)
    j.add_argument('--single-sample', type=int, default=0)
    j.add_argument('--verdicts-out')
    j.add_argument('--set', choices=['main', 'axes', 'all'], default='main',
                   help="main: the first sweep's cases; axes: the new axes (session 9)")
    j.add_argument('--tag', help='only cases whose tag starts with this')
    k = sub.add_parser('check')
    k.add_argument('--verdicts', required=True)
    for p in (j, k):
        p.add_argument('--lint', required=True)
        p.add_argument('--batch', type=int, default=40)
        p.add_argument('-v', action='store_true')
    a = ap.parse_args()
    return judge(a) if a.cmd == 'judge' else check(a)


if __name__ == '__main__':
    sys.exit(main())
