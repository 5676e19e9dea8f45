#!/usr/bin/env python3
"""Single-change mutants of real PTX against ptxas (issue 14).

Each mutant changes one instruction line of one input file (opcode typo,
qualifier drop/duplicate/replace/swap, type, operand drop/add/swap, register
number or class, immediate, label, undeclared symbol, guard, state space,
vector width, a register operand replaced by a variable or function of the
module, bare or with an offset) or lowers the module's .version or .target; ptxas (on the
file's target, at least sm_75; -c for a module with .extern functions) and
ptx-lint each say which lines are errors. A mutant
agrees when both are clean or both report an error on the mutated line (or
ptxas reports no line). Prints every disagreement and the totals.

  mutants.py --lint build/bin/ptx-lint [-n 1000] [--seed 1] [-j 2] FILE...
"""
import argparse, collections, multiprocessing, os, random, re, subprocess, tempfile

INSTR = re.compile(r'^(\s*)(@!?%\w+\s+)?([a-z][\w.:]*)(\s+.*)?;\s*$')
TYPES = ['.u32', '.s32', '.b32', '.u64', '.s64', '.b64', '.f32', '.f64', '.u16', '.s16', '.b16',
         '.f16', '.f16x2', '.bf16', '.bf16x2', '.pred', '.u8', '.s8', '.b8', '.b128']
SPACES = ['.global', '.shared', '.local', '.const', '.param', '.shared::cta', '.shared::cluster']
IMMS = ['99999999999999999999', '0xffffffffffffffffff', '0f3F800000', '0d3FF0000000000000', '1.5',
        '-1', '4294967296', '65536', '-2147483649', '0x8000000000000000', '256']
KINDS = ['typo', 'qdrop', 'qdup', 'qrepl', 'type', 'space', 'opdel', 'opadd', 'reg', 'regkind',
         'imm', 'label', 'guard', 'vec', 'qswap', 'opswap', 'sym', 'version', 'target', 'var']
VERSIONS = ['6.0', '6.4', '7.0', '7.4', '7.8', '8.0', '8.3', '8.6']
TARGETS = ['sm_50', 'sm_60', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_100']


def split_ops(rest):
    out, depth, cur = [], 0, ''
    for ch in rest:
        depth += ch in '{[('
        depth -= ch in '}])'
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    return out + [cur.strip()] if cur.strip() else out


def mutate_directive(lines, rng, kind):
    """Lowers the module's .version or .target (the first instruction ptxas
    rejects for it is where both must report)."""
    word = '.version' if kind == 'version' else '.target'
    for i, l in enumerate(lines):
        m = re.match(r'^(\s*\.(?:version|target)\s+)(\S+)(.*)$', l)
        if not m or not l.strip().startswith(word):
            continue
        cur = m.group(2).rstrip(',')
        if kind == 'version':
            low = [v for v in VERSIONS if float(v) < float(cur)]
        else:
            n = re.match(r'sm_(\d+)', cur)
            low = [x for x in TARGETS if n and int(x[3:]) < int(n.group(1))]
            if n and not low:
                return None
        if not low:
            return None
        new = m.group(1) + rng.choice(low) + m.group(3)[len(m.group(2)) - len(cur):] \
            if kind == 'version' else m.group(1) + rng.choice(low) + m.group(2)[len(cur):] + m.group(3)
        out = list(lines)
        out[i] = new
        return out, i + 1, kind
    return None


def module_names(lines):
    """The module-scope variables and the functions of a module."""
    out = []
    for l in lines:
        m = re.match(r'^(?:\.(?:visible|extern|weak)\s+)*\.(?:global|shared|const)\s[^;=]*?'
                     r'([A-Za-z_$][\w$]*)\s*(?:\[[^\]]*\]\s*)*(?:;|=)', l)
        f = re.match(r'^(?:\.(?:visible|extern|weak)\s+)*\.func\s+(?:\([^)]*\)\s*)?([\w$]+)', l)
        if m or f:
            out.append((m or f).group(1))
    return out


# Operators an outside tester uses that KINDS lacks (session 13, issue 14):
# a type replaced by another type the same opcode has in the ISA tables, an
# operand replaced by an immediate, predicate, special register, label or `_`,
# `.sync`/`.aligned` dropped, a rounding/saturation/ftz modifier, scope or
# memory-order qualifier or cache hint added or replaced, `!`/`-` on a
# source operand, a `|%p` second destination.
EXTRA_KINDS = ['typesame', 'opkind', 'syncdrop', 'round', 'scope', 'sem', 'cache', 'negate',
               'pipe']
TYPE_RE = re.compile(r'\.(?:[bsuf]\d+(?:x\d+)?|bf16(?:x2)?|tf32|e\dm\d(?:x\d)?|ue8m0(?:x2)?|'
                     r'pred|[su]16x2|s2f6x2)$')
ROUNDS = ['.rn', '.rz', '.rm', '.rp', '.rni', '.rzi', '.rna', '.rs', '.sat', '.ftz', '.relu',
          '.approx', '.full']
SCOPES = ['.cta', '.gpu', '.sys', '.cluster']
SEMS = ['.relaxed', '.acquire', '.release', '.acq_rel', '.volatile', '.weak', '.mmio']
CACHES = ['.ca', '.cg', '.cs', '.lu', '.cv', '.wb', '.wt', '.nc', '.L1::evict_last',
          '.L1::no_allocate', '.L2::64B', '.L2::128B', '.L2::256B', '.L2::cache_hint',
          '.L2::evict_first']
OPKINDS = ['1', '0f3F800000', '%p1', '%tid.x', '%laneid', '%clock64', '_', '-1', '0d3FF0000000000000']
_OPCODE_TYPES = {}


def opcode_types(word):
    """Every type qualifier the ISA tables give the sections of opcode WORD."""
    if not _OPCODE_TYPES:
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, '..', '..', 'spec', 'isa', 'instructions.txt')
        words, quals = set(), set()
        for l in open(path):
            if l.startswith('section'):
                for w in words:
                    _OPCODE_TYPES.setdefault(w, set()).update(quals)
                words, quals = set(), set()
            elif l.strip().startswith('mnemonic'):
                words |= {m.split('.')[0] for m in l.split()[1:]}
            elif l.strip().split(' ')[0] in ('set', 'form'):
                quals |= {q for q in re.findall(r'\.[\w:]+', l) if TYPE_RE.match(q)}
        for w in words:
            _OPCODE_TYPES.setdefault(w, set()).update(quals)
    return sorted(_OPCODE_TYPES.get(word, ()))


def mutate_extra(kind, lines, parts, rest, guard, rng):
    """The EXTRA_KINDS operators on one instruction: (parts, rest, guard) or None."""
    ops = split_ops(rest)
    if kind == 'typesame':
        ts = [j for j, p in enumerate(parts) if TYPE_RE.match('.' + p)]
        alts = opcode_types(parts[0])
        if not ts or not alts:
            return None
        parts[rng.choice(ts)] = rng.choice(alts).lstrip('.')
    elif kind == 'opkind':
        js = [j for j, o in enumerate(ops) if not o.startswith('{') and not o.startswith('[')]
        if not js:
            return None
        labs = sorted({m.group(1) for l in lines for m in [re.match(r'^\s*([$\w]+):', l)] if m})
        ops[rng.choice(js)] = rng.choice(OPKINDS + labs[:1])
        rest = ' ' + ', '.join(ops)
    elif kind == 'syncdrop':
        js = [j for j, p in enumerate(parts) if p in ('sync', 'aligned') and j]
        if not js:
            return None
        del parts[rng.choice(js)]
    elif kind in ('round', 'scope', 'sem', 'cache'):
        pool = {'round': ROUNDS, 'scope': SCOPES, 'sem': SEMS, 'cache': CACHES}[kind]
        q = rng.choice(pool).lstrip('.')
        have = [j for j, p in enumerate(parts) if '.' + p in pool and j]
        if have and rng.random() < 0.6:
            parts[rng.choice(have)] = q
        else:
            parts.insert(rng.randrange(1, len(parts) + 1), q)
    elif kind == 'negate':
        js = [j for j, o in enumerate(ops) if j and re.fullmatch(r'%\w+', o)]
        if not js:
            return None
        j = rng.choice(js)
        ops[j] = rng.choice(['!', '-']) + ops[j]
        rest = ' ' + ', '.join(ops)
    elif kind == 'pipe':
        if not ops or not re.fullmatch(r'%\w+', ops[0]):
            return None
        ops[0] += '|%p1'
        rest = ' ' + ', '.join(ops)
    else:
        return None
    return parts, rest, guard


def mutate(lines, rng, i=None, kind=None):
    """One mutant of LINES: of line index I (a random instruction line when
    None) by operator KIND (a random one of KINDS when None)."""
    kind = kind or rng.choice(KINDS)
    if kind in ('version', 'target'):
        return mutate_directive(lines, rng, kind)
    if i is None:
        idx = [j for j, l in enumerate(lines) if INSTR.match(l) and not l.strip().startswith('.')]
        if not idx:
            return None
        i = rng.choice(idx)
    m = INSTR.match(lines[i])
    ind, guard, op, rest = m.group(1), m.group(2) or '', m.group(3), m.group(4) or ''
    parts = op.split('.')
    if kind == 'typo':
        b = list(parts[0])
        b[rng.randrange(len(b))] = rng.choice('abcdefghijklmnopqrstuvwxyz')
        parts[0] = ''.join(b)
    elif kind in ('qdrop', 'qdup', 'qrepl') and len(parts) > 1:
        j = rng.randrange(1, len(parts))
        if kind == 'qdrop':
            del parts[j]
        elif kind == 'qdup':
            parts.insert(j, parts[j])
        else:
            allq = sorted({q for l in lines for q in re.findall(r'\.[a-z_][\w:]*',
                                                                l.strip().split(' ')[0])})
            parts[j] = rng.choice(allq).lstrip('.')
    elif kind == 'qswap' and len(parts) > 2:
        j = rng.randrange(1, len(parts) - 1)
        parts[j], parts[j + 1] = parts[j + 1], parts[j]
    elif kind == 'opswap' and len(split_ops(rest)) > 1:
        ops = split_ops(rest)
        j = rng.randrange(len(ops) - 1)
        ops[j], ops[j + 1] = ops[j + 1], ops[j]
        rest = ' ' + ', '.join(ops)
    elif kind == 'sym':
        # a variable, parameter or function name (not a register, label or
        # constant) misspelled: an undeclared symbol
        syms = [s for s in re.finditer(r'(?<![%$\w.])([A-Za-z_][\w$]*)', rest)
                if not re.match(r'^(0[xXfFdD][0-9a-fA-F]+|\d)', s.group(1))]
        if not syms:
            return None
        r = rng.choice(syms)
        rest = rest[:r.start()] + r.group(1) + '_undecl' + rest[r.end():]
    elif kind == 'var':
        # a register operand after the first replaced by a module-scope variable
        # or a function of the file, bare or with an offset (`gv`, `gv+4`)
        names = module_names(lines)
        ops = split_ops(rest)
        js = [j for j, o in enumerate(ops) if j and re.fullmatch(r'%\w+', o)]
        if not names or not js:
            return None
        j = rng.choice(js)
        ops[j] = rng.choice(names) + rng.choice(['', '', '+4'])
        rest = ' ' + ', '.join(ops)
    elif kind == 'type':
        ts = [j for j, p in enumerate(parts) if '.' + p in TYPES]
        if not ts:
            return None
        parts[rng.choice(ts)] = rng.choice(TYPES).lstrip('.')
    elif kind == 'space':
        ss = [j for j, p in enumerate(parts) if '.' + p in SPACES]
        if ss:
            j = rng.choice(ss)
            if rng.random() < 0.4:
                del parts[j]
            else:
                parts[j] = rng.choice(SPACES).lstrip('.')
        elif parts[0] in ('ld', 'st', 'atom', 'red', 'cvta', 'prefetch'):
            parts.insert(1, rng.choice(SPACES).lstrip('.'))
        else:
            return None
    elif kind in ('opdel', 'opadd') and rest.strip():
        ops = split_ops(rest)
        if kind == 'opdel' and len(ops) > 1:
            del ops[rng.randrange(len(ops))]
        else:
            ops.append(ops[-1])
        rest = ' ' + ', '.join(ops)
    elif kind == 'reg':
        regs = list(re.finditer(r'%(r|rd|f|fd|p|rs|h|hh)(\d+)', rest))
        if not regs:
            return None
        r = rng.choice(regs)
        rest = rest[:r.start()] + '%' + r.group(1) + str(int(r.group(2)) + 5000) + rest[r.end():]
    elif kind == 'regkind':
        regs = list(re.finditer(r'%(r|rd|f|fd|p|rs)(\d+)', rest))
        if not regs:
            return None
        r = rng.choice(regs)
        alt = rng.choice([a for a in ('r', 'rd', 'f', 'fd', 'p', 'rs') if a != r.group(1)])
        if '%' + alt + '1' not in '\n'.join(lines):
            return None
        rest = rest[:r.start()] + '%' + alt + '1' + rest[r.end():]
    elif kind == 'imm':
        ims = list(re.finditer(r'(?<![%\w.$])(-?(?:0[xX][0-9a-fA-F]+|\d+))(?![\w.])', rest))
        if not ims:
            return None
        r = rng.choice(ims)
        rest = rest[:r.start()] + rng.choice(IMMS) + rest[r.end():]
    elif kind == 'label':
        labs = list(re.finditer(r'\$?L\w+', rest))
        if not labs:
            return None
        r = rng.choice(labs)
        rest = rest[:r.start()] + r.group(0) + 'x' + rest[r.end():]
    elif kind == 'guard':
        guard = rng.choice(['@%r1 ', '@%p9999 ', '@!%rd1 ']) if not guard else ''
    elif kind == 'vec':
        vs = [j for j, p in enumerate(parts) if p in ('v2', 'v4', 'v8')]
        if vs:
            parts[vs[0]] = rng.choice([v for v in ('v2', 'v4', 'v8') if v != parts[vs[0]]])
        elif parts[0] in ('ld', 'st', 'mov'):
            parts.insert(len(parts) - 1, rng.choice(['v2', 'v4']))
        else:
            return None
    elif kind in EXTRA_KINDS:
        r = mutate_extra(kind, lines, parts, rest, guard, rng)
        if r is None:
            return None
        parts, rest, guard = r
    else:
        return None
    new = ind + guard + '.'.join(parts) + rest + ';'
    if new == lines[i]:
        return None
    out = list(lines)
    out[i] = new
    return out, i + 1, kind


def arch_of(text):
    m = re.search(r'^\s*\.target\s+sm_(\d+)(\w?)', text, re.M)
    if not m:
        return 'sm_80'
    n = int(m.group(1))
    return 'sm_%d%s' % (max(n, 75), m.group(2) if n >= 75 else '')


def judge(args):
    lint, path, text, ln = args
    arch = arch_of(text)
    try:
        # -c: a relocatable module (nvcc -rdc output) calls functions that only
        # the device linker resolves
        rdc = ['-c'] if re.search(r'\.extern\s+\.func', text) else []
        p = subprocess.run(['ptxas', '-arch', arch] + rdc + [path, '-o', os.devnull],
                           capture_output=True, text=True, timeout=60)
        q = subprocess.run([lint, '--format=gcc', path], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 'tool-fail', set(), set()
    finally:
        os.unlink(path)
    # ptx-lint's own failure ("internal error while checking ..."), not a symbol
    # named __internal_*
    if p.returncode < 0 or q.returncode not in (0, 1) or 'internal error' in q.stdout:
        return 'tool-fail', set(), set()
    # lines of the mutant itself: ptxas also names lines of its own built-in
    # text ("<macro util>, line 2"), which no line of the file matches
    pa = {int(x) for x in re.findall(re.escape(os.path.basename(path)) +
                                     r', line (\d+); (?:error|fatal)', p.stderr)}
    # "ptxas fatal   : Line No: 12: Cannot take address of function 'f' in ..."
    pa |= {int(x) for x in re.findall(r'fatal\s*: Line No: (\d+):', p.stderr)}
    if p.returncode and not pa:
        pa = {0}
    pl = {int(x) for x in re.findall(r'^[^:]+:(\d+):\d+: error', q.stdout, re.M)}
    if not pa and not pl:
        v = 'agree-clean'
    elif pa and pl and (ln in pa and ln in pl or 0 in pa or pa & pl and ln not in pa):
        v = 'agree-error'
    elif pa and pl:
        v = 'wrong-line'
    elif pa:
        v = 'missed'
    else:
        v = 'false-error'
    return v, pa, pl


def write_mutant(tmp, index, lint, f, r):
    """Writes mutant r = (lines, line, kind) of file f as case `index` in tmp; the
    judge's job (lint, path, text, line)."""
    out, ln, _ = r
    path = os.path.join(tmp, '%d_%s' % (index, os.path.basename(f)))
    text = '\n'.join(out)
    open(path, 'w').write(text)
    return (lint, path, text, ln)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lint', required=True)
    ap.add_argument('-n', type=int, default=1000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    rng = random.Random(a.seed)
    texts = {f: open(f).read().split('\n') for f in a.files}
    tmp = tempfile.mkdtemp()
    jobs, meta = [], []
    while len(jobs) < a.n:
        f = rng.choice(a.files)
        r = mutate(texts[f], rng)
        if not r:
            continue
        out, ln, kind = r
        jobs.append(write_mutant(tmp, len(jobs), a.lint, f, r))
        meta.append((f, ln, kind, out[ln - 1].strip()))
    stats, bykind = collections.Counter(), collections.defaultdict(collections.Counter)
    with multiprocessing.Pool(a.j) as pool:
        for (v, pa, pl), (f, ln, kind, line) in zip(pool.imap(judge, jobs), meta):
            stats[v] += 1
            bykind[kind][v] += 1
            if v in ('missed', 'false-error', 'wrong-line'):
                print('%s\t%s\t%s:%d\t%s\tptxas=%s lint=%s' % (
                    v, kind, os.path.basename(f), ln, line[:140], sorted(pa)[:3], sorted(pl)[:3]))
    n = sum(stats.values()) - stats['tool-fail']
    agree = stats['agree-clean'] + stats['agree-error']
    print('TOTAL %d agree %d %.1f%% %s' % (n, agree, 100.0 * agree / max(n, 1), dict(stats)))
    for k, c in sorted(bykind.items()):
        print('  ', k, dict(c))


if __name__ == '__main__':
    main()
