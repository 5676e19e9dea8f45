#!/usr/bin/env python3
"""Whole-file verdicts of ptxas and ptx-lint on seeds before mutating them: does
ptx-lint lint clean every file ptxas accepts, and name the lines of the ones it
rejects? (sample E, session 10). usage: seeds.py PTX-LINT FILE.ptx ..."""
import sys, os, re, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adversary as A
lint = sys.argv[1]
for p in sys.argv[2:]:
    t = open(p, errors='replace').read()
    arch = A.seed_arch(t)
    v, lines, msg = A.run_ptxas('ptxas', p, arch, [])
    flag = ''
    if v == 'reject':
        v2, l2, m2 = A.run_ptxas('ptxas', p, arch, ['-c'])
        if v2 == 'accept':
            v, lines, msg, flag = v2, l2, m2, '-c'
    po = A.run_ptxas('ptxas', p, arch.replace('sm_', 'compute_'), [])[0] if v == 'reject' else ''
    L = A.run_lint(lint, [p], arch)[p]
    lint_lines = sorted({l for l, _ in L}) if L is not None else None
    if L is None: out = 'lint-crash'
    else: out = A.outcome(v, lines, L, t)
    print('%-42s %-7s %-6s %-3s ptxas=%s lint=%s  %s' % (os.path.basename(p), arch, v, flag, lines, lint_lines, out))
    if v == 'reject': print('    ptxas(%s): %s' % (po, msg.replace('\n', ' | ')[:300]))
    if L: print('    lint: %s' % ' | '.join('%d: %s' % x for x in L[:4])[:400])
