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
import matrix_outside_context as mctx

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
    if c.get('set') == 'context':
        return mctx.header(c['target'], c['version'])
    if c.get('set') == 'axes':
        return mc.axes_header(c['target'], c['version'])
    return mc.header(c['target'], c['version'])


def function_of(c):
    if c.get('set') == 'context':
        return mctx.function(c['id'], c['target'], c['text'], c['wrap'], c['align'])
    return mc.function(c['id'], c['target'], c['text'], c.get('set') == 'axes')


def build(cases):
    """Module text and, per case id, its function's first and last line and
    the line of the case's text (1-based)."""
    c0 = cases[0]
    lines = header_of(c0).rstrip('\n').split('\n')
    hl = len(lines)
    spans = {}
    for c in cases:
        head, text, foot = function_of(c)
        first = len(lines) + 1
        lines += (head + text + '\n' + foot).rstrip('\n').split('\n')
        spans[c['id']] = (first, len(lines), first + head.count('\n'))
    return '\n'.join(lines) + '\n', spans, hl


def case_of(line, spans):
    for k, (a, b, _) in spans.items():
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
    """Fills out[id] = (verdict, message, line) for cases, by the ptxas of
    arch; line: ptxas's first error line, counted from the case's text (0:
    its first line), or None."""
    pending = list(cases)
    while pending:
        text, spans, _ = build(pending)
        kind, errs, msg = run_ptxas(ptxas, arch, text, tmp)
        if kind == 'accept':
            for c in pending:
                out[c['id']] = ('accept', '', None)
            return
        hits = {}
        header = None
        for line, m in sorted(errs.items()):
            k = case_of(line, spans)
            if k is None:
                header = header or m
            else:
                hits.setdefault(k, (m, line - spans[k][2]))
        if header and kind == 'reject':
            for c in pending:
                out[c['id']] = ('reject', 'header: ' + header, None)
            return
        if hits:
            for c in pending:
                if c['id'] in hits:
                    out[c['id']] = ('reject',) + hits[c['id']]
            pending = [c for c in pending if c['id'] not in hits]
            continue
        if len(pending) == 1:
            out[pending[0]['id']] = ('unknown' if kind == 'crash' else 'reject', msg, None)
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
    """{id: (error?, message, lines)}: ptx-lint's errors inside each case's
    function (lines: their lines counted from the case's text).
    Like ptxas, ptx-lint holds some checks back in a file with a syntax error
    (the symbol checks), so the clean cases of a batch with any error are
    linted again without the others until a round finds no error."""
    res, pending, rnd = {}, list(cases), 0
    while pending:
        got = lint_round(lint, pending, batch, os.path.join(tmp, f'r{rnd}'))
        rnd += 1
        res.update(got)
        pending = [c for c in pending if not got[c['id']][0]]
        if len(pending) == len(cases) or not any(g[0] for g in got.values()):
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
                for k, (a, b, t) in spans.items():
                    m = head or next((m for line, m in sorted(e.items()) if a <= line <= b), None)
                    res[k] = (m is not None, m or '', {line - t for line in e if a <= line <= b})
    return res


def all_cases(cset):
    return (mc.cases() if cset in ('main', 'all') else []) + (
        mc.axes_cases() if cset in ('axes', 'all') else []) + (
        mctx.cases() if cset in ('context', 'all') else [])


def select(every, offset, cset='main'):
    return [c for c in all_cases(cset) if c['id'] % every == offset % every]


def case_hash(c):
    key = f"{c['target']}|{c['version']}|{c['text']}"
    if c.get('set') == 'context':
        key += f"|{c['wrap']}|{c['align']}"
    return hashlib.sha1(key.encode()).hexdigest()[:10]


def tag_group(tag):
    """The group of a tag for --by-tag: ctx-ok-split-qualifiers -> ctx-split,
    var-op1-first-g_b32 -> var-g_b32, sym-op2-elem-gvar -> sym-elem ..."""
    p = tag.split('-')
    if p[0] in ('ctx', 'ctx2'):
        return f'{p[0]}-{p[2]}'
    if p[0] in ('var', 'var2'):
        return f'{p[0]}-{p[2]}-{p[-1]}'
    return '-'.join(p[:1] + [x for x in p[1:2] if not x.startswith('op')])


def show(c):
    return f"{c['family']}\t{c['tag']}\t{c['target']}/{c['version']}\t{c['text']!r}"


def judge(a):
    cases = select(a.every, a.offset, a.set)
    if a.tag:
        cases = [c for c in cases if c['tag'].startswith(tuple(a.tag.split(',')))]
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
    tags = defaultdict(Counter)
    out = []
    for c in cases:
        pv, pmsg, pline, mode = verdict[c['id']]
        le, lmsg, llines = lint[c['id']]
        n[pv] += 1
        if pv == 'unknown':
            v = 'unknown'
        elif (pv == 'reject') == le:
            v = 'agree' if pv == 'accept' or pline is None or pline in llines else 'wrong-line'
        else:
            v = 'false-error' if le else 'missed'
        n[v] += 1
        fam[c['family']][v] += 1
        tags[tag_group(c['tag'])][v] += 1
        if v != 'agree' or a.v:
            out.append(f"{v}\t{show(c)}\tptxas({mode}): {pv}@{pline} {pmsg}\t"
                       f"lint@{sorted(llines)}: {lmsg}")
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
              f"{k['false-error']}, missed {k['missed']}, wrong line {k['wrong-line']}, "
              f"unknown {k['unknown']}")
    if a.by_tag:
        for t, k in sorted(tags.items()):
            print(f"tag {t}: {sum(k.values())} cases, agree {k['agree']}, false-errors "
                  f"{k['false-error']}, missed {k['missed']}, wrong line {k['wrong-line']}")
    judged = n['agree'] + n['false-error'] + n['missed'] + n['wrong-line']
    print(f"cases {len(cases)}: ptxas rejects {n['reject']}, accepts {n['accept']}, unknown "
          f"{n['unknown']}; agree {n['agree']} ({100.0 * n['agree'] / max(judged, 1):.2f}%), "
          f"false-errors {n['false-error']}, missed {n['missed']}, error on another line "
          f"{n['wrong-line']}")
    if a.verdicts_out:
        with open(a.verdicts_out, 'w') as f:
            f.write(f'# matrix-outside.py judge --set {a.set} --every {a.every} --offset {a.offset}: '
                    'id, hash of target|version|text, ptxas 13.0 verdict\n')
            for c in cases:
                pv, _, pline, _ = verdict[c['id']]
                if pv != 'unknown':
                    at = f'@{pline}' if pv == 'reject' and pline is not None else ''
                    f.write(f"{c['id']} {case_hash(c)} {pv}{at}\n")
    return 0


def check(a):
    want, known = {}, {}
    for l in open(a.verdicts):
        if l.strip() and not l.startswith('#'):
            f = l.split(None, 3)
            want[int(f[0])] = (f[1], f[2])
            if len(f) > 3:  # a known difference: `known: why`
                known[int(f[0])] = f[3].strip()
    cases = []
    for cset, lo, hi in [('main', 0, mc.AXES_BASE), ('axes', mc.AXES_BASE, mctx.CTX_BASE),
                         ('context', mctx.CTX_BASE, 1 << 40)]:
        if any(lo <= k < hi for k in want):
            cases += [c for c in all_cases(cset) if c['id'] in want]
    stale = [c for c in cases if case_hash(c) != want[c['id']][0]]
    for c in stale:
        print(f"stale\t{show(c)}")
    lint = lint_cases(a.lint, cases, a.batch, tempfile.mkdtemp(prefix='s7m-check-'))
    bad = fixed = 0
    for c in cases:
        le, lmsg, llines = lint[c['id']]
        pv, _, pline = want[c['id']][1].partition('@')
        agree = (pv == 'reject') == le and (not pline or int(pline) in llines)
        if c['id'] in known:
            if agree:  # fixed: take the mark off the verdict file
                fixed += 1
                print(f"known-but-agrees\t{show(c)}")
            continue
        if not agree:
            bad += 1
            what = 'wrong-line' if le and pv == 'reject' else 'false-error' if le else 'missed'
            print(f"{what}\t{show(c)}\tptxas: {want[c['id']][1]}\tlint@{sorted(llines)}: {lmsg}")
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
    j.add_argument('--set', choices=['main', 'axes', 'context', 'all'], default='main',
                   help="main: the first sweep's cases; axes: the new axes (session 9); "
                   "context: the context axis (session 10)")
    j.add_argument('--by-tag', action='store_true', help='counts per tag group too')
    j.add_argument('--tag', help='only cases whose tag starts with this (or one of a comma-separated list)')
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
