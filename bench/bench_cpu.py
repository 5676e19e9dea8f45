#!/usr/bin/env python3
"""CPU time (user + system) of ptx-lint against `ptxas -arch compute_NN` on the same
files in the same run: the measure of docs/performance.md's session sections, steadier
than wall time on a loaded machine. Best of RUNS for each program; with BASE_BUILD,
that build's ptx-lint is measured too, interleaved (before/after in one run).

usage: bench/bench_cpu.py BUILD_DIR RUNS [BASE_BUILD] -- FILE...
"""
import os
import re
import shutil
import subprocess
import sys


def cpu(cmd):
    """user+sys seconds of one run of cmd (its output discarded)."""
    pid = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).pid
    _, _, ru = os.wait4(pid, 0)
    return ru.ru_utime + ru.ru_stime


def main():
    args = sys.argv[1:]
    if '--' not in args or len(args) < 3:
        sys.exit(__doc__)
    sep = args.index('--')
    opts, files = args[:sep], args[sep + 1:]
    build, runs = opts[0], int(opts[1])
    base = opts[2] if len(opts) > 2 else None
    ptxas = shutil.which('ptxas') or '/usr/local/cuda/bin/ptxas'
    progs = [('ptxas', None), ('lint', os.path.join(build, 'bin', 'ptx-lint'))]
    if base:
        progs.append(('base', os.path.join(base, 'bin', 'ptx-lint')))
    head = '%-36s %7s %9s %9s %8s' % ('file', 'MB', 'ptxas s', 'lint s', 'ratio')
    if base:
        head += ' %9s %8s' % ('base s', 'ratio')
    print(head)
    for f in files:
        text = open(f, errors='replace').read()
        m = re.search(r'^\s*\.target\s+sm_(\d+)([af]?)', text, re.M)
        target = m.group(1) + m.group(2) if m else '75'
        if int(m.group(1) if m else 75) < 75:
            target = '75'
        best = {}
        for _ in range(runs):
            for name, lint in progs:
                if name == 'ptxas':
                    cmd = [ptxas, '-arch', 'compute_' + target, f, '-o', '/dev/null']
                else:
                    cmd = [lint, '--quiet', f]
                best[name] = min(best.get(name, 1e9), cpu(cmd))
        row = '%-36s %7.2f %9.3f %9.3f %7.2fx' % (os.path.basename(f)[:36], os.path.getsize(f) / 1e6,
                                                  best['ptxas'], best['lint'],
                                                  best['ptxas'] / max(best['lint'], 1e-9))
        if base:
            row += ' %9.3f %7.2fx' % (best['base'], best['ptxas'] / max(best['base'], 1e-9))
        print(row, flush=True)
    print('CPU time = user + system of the child, best of %d; ratio = ptxas / ptx-lint' % runs)


if __name__ == '__main__':
    main()
