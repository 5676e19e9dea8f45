#!/usr/bin/env python3
"""ptxas judges each case of a case file, one file per case (issue 14).

A case file is PTX in three parts:

    <header: .version, .target, declarations, the function's opening>
    //--- cases
    <one case a line: the line is the only change to the module>
    //--- footer
    <the rest: ret; }>

Blank lines and // comments among the cases are skipped. Each case becomes a
module of its own (ptxas stops at the first syntax error of a file), which
ptxas (--arch, default: the header's .target) and ptx-lint judge: a case
agrees when ptxas rejects it exactly when ptx-lint reports an error on its
line. A ptxas crash or timeout (it segfaults on some tcgen05 inputs) is
"unknown", never "accepted". Prints each disagreement (all cases with -v) and
a summary:

    cases N: ptxas rejects R, accepts A, unknown U; agree G, false-errors F, missed M

  ptxas-judge.py --ptxas PTXAS --lint PTX-LINT [--arch ARCH] [-v] CASEFILE...
"""
import argparse, os, re, subprocess, sys, tempfile


def split(path):
    text = open(path).read().split('\n')
    try:
        c = text.index('//--- cases')
        f = text.index('//--- footer')
    except ValueError:
        sys.exit(f'{path}: needs //--- cases and //--- footer lines')
    cases = [l for l in text[c + 1:f] if l.strip() and not l.strip().startswith('//')]
    return text[:c], cases, text[f + 1:]


def ptxas_verdict(ptxas, arch, path):
    try:
        p = subprocess.run([ptxas, '-arch', arch, path, '-o', os.devnull],
                           capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 'unknown', 'timeout'
    said = re.search(r'line \d+; (error|fatal)', p.stderr)
    if p.returncode < 0 or 'Segmentation' in p.stderr or (p.returncode and not said):
        return 'unknown', f'crash ({p.returncode}) {p.stderr.strip()[:100]}'
    if p.returncode == 0:
        return 'accept', ''
    msg = next((l for l in p.stderr.splitlines() if 'error' in l), p.stderr.strip())
    return 'reject', re.sub(r'^.*line \d+; ', '', msg)


def lint_verdict(lint, path, line):
    p = subprocess.run([lint, '--format=gcc', '--no-config', path], capture_output=True,
                       text=True, timeout=60)
    if p.returncode == 2:
        return 'fail', p.stdout + p.stderr
    errs = [l for l in p.stdout.splitlines() if re.match(rf'^[^:]+:{line}:\d+: error', l)]
    return ('error' if errs else 'clean'), (errs[0].split(' error: ', 1)[-1] if errs else '')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ptxas', required=True)
    ap.add_argument('--lint', required=True)
    ap.add_argument('--arch')
    ap.add_argument('-v', action='store_true')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    n = {'reject': 0, 'accept': 0, 'unknown': 0, 'agree': 0, 'false-errors': 0, 'missed': 0}
    tmp = tempfile.mkdtemp(prefix='ptxas-judge-')
    for path in a.files:
        head, cases, foot = split(path)
        arch = a.arch
        if not arch:
            m = re.search(r'^\s*\.target\s+(sm_\w+)', '\n'.join(head), re.M)
            arch = m.group(1) if m else 'sm_80'
        for k, case in enumerate(cases):
            f = os.path.join(tmp, f'case{k}.ptx')
            open(f, 'w').write('\n'.join(head + [case] + foot))
            pv, pmsg = ptxas_verdict(a.ptxas, arch, f)
            lv, lmsg = lint_verdict(a.lint, f, len(head) + 1)
            n[pv] += 1
            if lv == 'fail':
                print(f'lint-failed\t{case}\t{lmsg.strip()[:200]}')
                n['false-errors'] += 1
                continue
            if pv == 'unknown':
                v = 'unknown'
            elif (pv == 'reject') == (lv == 'error'):
                v = 'agree'
            else:
                v = 'false-errors' if lv == 'error' else 'missed'
            if v != 'unknown':
                n[v] += 1
            if a.v or v in ('false-errors', 'missed'):
                print(f'{v}\t{case}\tptxas: {pv} {pmsg}\tlint: {lv} {lmsg}')
    total = n['reject'] + n['accept'] + n['unknown']
    print(f"cases {total}: ptxas rejects {n['reject']}, accepts {n['accept']}, unknown "
          f"{n['unknown']}; agree {n['agree']}, false-errors {n['false-errors']}, missed "
          f"{n['missed']}")
    return 0


if __name__ == '__main__':
    sys.exit(main())
