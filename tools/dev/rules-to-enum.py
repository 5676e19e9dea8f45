#!/usr/bin/env python3
"""Rewrites rule ids written as strings at call sites into the rule enum.

The rule registry is include/ptxlint/Rules.def (with its parts in
include/ptxlint/rules/). Call sites name rules as Rule::Name (or, in code
shared by the matrix families, familyRule(Fam, FamilyRule::Kind)) and take the
severity and the PTX ISA section from the registry row. This script converts
the older spellings, so that it can be re-run after merging a branch that
adds call sites written the old way:

  Ctx.Diags.error("mma-popc-order", "9.7.14.5.14", R, Msg)
      -> Ctx.Diags.report(Rule::MmaPopcOrder, R, Msg)
  Ctx.Diags.warning(ruleId(F.Fam, matcher_rules::Deprecated), F.Spec, R, Msg)
      -> Ctx.Diags.report(familyRule(F.Fam, FamilyRule::Deprecated), F.Spec, R, Msg)
  Ctx.Diags.error(Prefix + "undocumented-num", Sec, R, Msg)   (Prefix: a family's prefix)
      -> Ctx.Diags.report(familyRule(Fam, FamilyRule::UndocumentedNum), R, Msg)
  helper(I, "stmatrix-immediate-type", ...)  -> helper(I, Rule::StmatrixImmediateType, ...)
  D.Rule == "io"                             -> D.Rule == ruleId(Rule::Io)

A section argument is dropped when it is the row's section (a literal, a
constant of the same value, or spec::familySection() for a family rule);
another section stays as an override (a more precise section from the spec
tables). The severity is dropped when it is the row's. A former id
(PTXLINT_RULE_ALIAS) is written as its rule. What it cannot convert it lists
on stderr (exit status 1): convert those by hand. Changed files are
reformatted with clang-format.

It also lists every section written as a literal argument of a call that
reports (Diags.report, requirePtx, ...): test/rules/call-sites.test runs it
with --check.

Usage: tools/dev/rules-to-enum.py [--check] [files or directories...]
  (default: lib/ and tools/ptx-lint/, except lib/Spec, whose table rows
  still carry string ids; --check: change nothing, exit 1 if anything would
  change)
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_PATHS = ['lib', 'tools/ptx-lint']
EXCLUDE = ['lib/Spec']
# Variables holding a family's rule prefix ("mma-", "ldmatrix-"), and the
# family variable to name instead.
PREFIX_VARS = {'Prefix': 'Fam'}
# Functions that assemble "<family prefix>-<suffix>" ids.
FAMILY_ID_FUNCS = r'(?:check::)?(?:ruleId|ruleOf)'
# Old names of FamilyRule kinds (FormMatcher.h's matcher_rules suffixes).
KIND_RENAMES = {'TargetArch': 'Target'}
METHODS = {'error': 'Error', 'warning': 'Warning', 'note': 'Note'}


def camel(s):
    return ''.join(p[:1].upper() + p[1:] for p in s.split('-'))


def load_registry():
    text = ''
    for dp, _, fns in os.walk(os.path.join(ROOT, 'include/ptxlint')):
        for fn in fns:
            if fn.endswith('.def'):
                text += open(os.path.join(dp, fn)).read()
    rules, kinds = {}, {}
    for m in re.finditer(r'^PTXLINT_RULE\((\w+), "([^"]+)", (\w+),\s*"([^"]*)"', text, re.M):
        rules[m.group(2)] = dict(name=m.group(1), sev=m.group(3), spec=m.group(4), kind=None)
    for m in re.finditer(
            r'^PTXLINT_FAMILY_RULE\((\w+), "([^"]+)", (\w+),\s*"([^"]*)", "[^"]*",\s*(\w+), (\w+),',
            text, re.M):
        rules[m.group(2)] = dict(name=m.group(1), sev=m.group(3), spec=m.group(4), kind=m.group(6))
        kinds.setdefault(m.group(6), {'sev': set(), 'spec': set()})
        kinds[m.group(6)]['sev'].add(m.group(3))
        kinds[m.group(6)]['spec'].add(m.group(4))
    aliases = {m.group(1): m.group(2)
               for m in re.finditer(r'^PTXLINT_RULE_ALIAS\("([^"]+)", (\w+)\)', text, re.M)}
    return rules, kinds, aliases


RULES, KINDS, ALIASES = load_registry()
BY_NAME = {r['name']: dict(r, id=i) for i, r in RULES.items()}


def rule_name(lit_id):
    if lit_id in RULES:
        return RULES[lit_id]['name']
    return ALIASES.get(lit_id)


def kind_of_suffix(suffix):
    k = KIND_RENAMES.get(suffix, camel(suffix))
    return k if k in KINDS or k in ('Deprecated', 'Advisory') else None


def spans(text):
    """Yields (kind, start, end) for comments and string literals."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            yield ('comment', i, j)
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            yield ('comment', i, j)
            i = j
        elif c == '"' or c == "'":
            if c == '"' and i > 0 and text[i - 1] == 'R':  # raw strings: skip whole
                m = re.match(r'R"([^(]*)\(', text[i - 1:])
                if m:
                    end = text.find(')' + m.group(1) + '"', i)
                    yield ('raw', i - 1, end + len(m.group(1)) + 2)
                    i = end + len(m.group(1)) + 2
                    continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            yield ('string' if c == '"' else 'char', i, j + 1)
            i = j + 1
        else:
            i += 1


def split_args(text, open_paren):
    """The top-level arguments of the call whose '(' is at open_paren:
    ([(start, end)...], index of ')')."""
    depth, i, start, args = 0, open_paren + 1, open_paren + 1, []
    skip = {s: e for k, s, e in spans_cache(text) if k != 'comment'}
    while i < len(text):
        if i in skip:
            i = skip[i]
            continue
        c = text[i]
        if c in '([{':
            depth += 1
        elif c in ')]}':
            if depth == 0:
                args.append((start, i))
                return args, i
            depth -= 1
        elif c == ',' and depth == 0:
            args.append((start, i))
            start = i + 1
        i += 1
    raise ValueError('unbalanced call')


_cache = {}


def spans_cache(text):
    if id(text) not in _cache or _cache[id(text)][0] is not text:
        _cache[id(text)] = (text, list(spans(text)))
    return _cache[id(text)][1]


def convert_ids(text, problems, path):
    """Step 1: family id assembly and string ids into enum expressions."""
    # ruleId(Fam, matcher_rules::X) / ruleOf(Fam, mr::X) / ruleOf(Fam, "x-y")
    def fam_call(m):
        fam, arg = m.group(1).strip(), m.group(2).strip()
        sm = re.fullmatch(r'(?:\w+::)*(\w+)', arg)
        lm = re.fullmatch(r'"([a-z0-9-]+)"', arg)
        kind = None
        if lm:
            kind = kind_of_suffix(lm.group(1))
        elif sm and not arg.startswith('"'):
            kind = KIND_RENAMES.get(sm.group(1), sm.group(1))
        if not kind:
            problems.append('%s: cannot convert %s' % (path, m.group(0)))
            return m.group(0)
        return 'familyRule(%s, FamilyRule::%s)' % (fam, kind)
    text = re.sub(FAMILY_ID_FUNCS + r'\(([^(),]+(?:\([^()]*\))?),\s*((?:\w+::)*\w+|"[a-z0-9-]+")\)',
                  fam_call, text)
    for var, fam in PREFIX_VARS.items():
        def pre(m):
            kind = kind_of_suffix(m.group(1))
            if not kind:
                problems.append('%s: cannot convert %s' % (path, m.group(0)))
                return m.group(0)
            return 'familyRule(%s, FamilyRule::%s)' % (fam, kind)
        text = re.sub(r'\b%s \+ "([a-z0-9-]+)"' % var, pre, text)
    # String literals that are rule ids.
    out, last = [], 0
    for kind, s, e in list(spans(text)):
        if kind != 'string':
            continue
        name = rule_name(text[s + 1:e - 1])
        if not name:
            continue
        before = text[last:s]
        prev = text[:s].rstrip()
        if prev.endswith(('==', '!=', '=', 'return')) or prev.endswith('<<'):
            repl = 'ruleId(Rule::%s)' % name
        else:
            repl = 'Rule::%s' % name
        out.append(before)
        out.append(repl)
        last = e
    out.append(text[last:])
    return ''.join(out)


def section_constants(texts):
    consts = {}
    for t in texts:
        for m in re.finditer(r'\b(\w+)(?:\[\])?\s*=\s*"([0-9][0-9.]*)"', t):
            consts[m.group(1)] = m.group(2)
        for m in re.finditer(r'\b(\w+)\s*=\s*(?:spec::)?familySection\(', t):
            consts[m.group(1)] = 'FAMILY'
    return consts


def rule_rows(expr):
    """(severities, sections, is_family) of a converted rule argument: one
    rule, a family rule, or a choice between rules (C ? Rule::A : Rule::B);
    None when expr is not one of these."""
    m = re.fullmatch(r'familyRule\((.*), FamilyRule::(\w+)\)', expr)
    if m:
        k = KINDS.get(m.group(2), {'sev': {'?'}, 'spec': {'?'}})
        return k['sev'], k['spec'], True
    names = re.findall(r'Rule::(\w+)', expr)
    rest = re.sub(r'Rule::\w+', '', expr)
    if not names or not all(n in BY_NAME for n in names):
        return None
    if len(names) == 1 and rest.strip() or len(names) > 1 and not re.fullmatch(r'[^?:]*\?\s*:\s*', rest):
        return None
    rows = [BY_NAME[n] for n in names]
    return {r['sev'] for r in rows}, {r['spec'] for r in rows}, False


def convert_reports(text, consts, problems, path):
    """Step 2: DiagnosticEngine calls naming a rule enum take the severity
    and the section from the registry."""
    pos = 0
    while True:
        m = re.compile(r'\.(error|warning|note|report)\(').search(text, pos)
        if not m:
            return text
        pos = m.end()
        if any(k == 'comment' and s <= m.start() < e for k, s, e in spans_cache(text)):
            continue
        try:
            args, close = split_args(text, m.end() - 1)
        except ValueError:
            continue
        a = [text[s:e].strip() for s, e in args]
        method = m.group(1)
        if method == 'report' and len(a) == 5:
            sev, rule, sec, rest = a[0], a[1], a[2], a[3:]
        elif method == 'report' and len(a) == 4 and rule_rows(a[0]):
            sev, rule, sec, rest = None, a[0], a[1], a[2:]
        elif method != 'report' and len(a) == 4:
            sev, rule, sec, rest = 'Severity::' + METHODS[method], a[0], a[1], a[2:]
        else:
            continue
        rows = rule_rows(rule)
        if not rows:
            continue
        defaults, row_specs, is_family = rows
        # Section: dropped when it is the row's (for a family rule: one of the
        # sections of that fact's rows, or spec::familySection()).
        keep_sec = True
        lit = re.fullmatch(r'"([0-9.]*)"', sec)
        parts = re.split(r'[?:]', sec)[-2:] if '?' in sec else [sec]
        vals = set()
        for part in parts:
            part = part.strip()
            pl = re.fullmatch(r'"([0-9.]*)"', part)
            vals.add(pl.group(1) if pl else consts.get(re.sub(r'^(?:\w+::)+', '', part)))
        if re.fullmatch(r'(?:spec::)?familySection\([^()]*\)', sec):
            vals = {'FAMILY'}
        if None not in vals and (vals <= row_specs or (is_family and vals == {'FAMILY'})):
            keep_sec = False
        elif lit:
            problems.append('%s: section literal %s kept for %s' % (path, sec, rule))
        # Severity.
        sm = re.fullmatch(r'Severity::(\w+)', sev or '')
        keep_sev = sev is not None and not (sm and defaults == {sm.group(1)})
        new_args = ([sev] if keep_sev else []) + [rule] + ([sec] if keep_sec else []) + rest
        # Keep the original layout of the trailing arguments.
        first_rest = args[-len(rest)][0]
        head = ', '.join(new_args[:len(new_args) - len(rest)])
        new = 'report(' + head + ', ' + text[first_rest:close].lstrip() + ')'
        if re.sub(r'\s+', '', new) == re.sub(r'\s+', '', text[m.start() + 1:close + 1]):
            continue  # converted already
        text = text[:m.start() + 1] + new + text[close + 1:]
        _cache.clear()
        pos = m.start() + 1


SECTION_LITERAL = re.compile(r'"[0-9]+(?:\.[0-9]+)*"')
CALLS = re.compile(r'(?:\.report|\.error|\.warning|\.note|\brequirePtx|\brequireSm|'
                   r'\brequireTarget|\breportGate|\bmakeAsmDiagnostic)\(')


def find_section_literals(text, problems, path):
    """A section written as a literal argument of a call that reports: the
    section comes from the registry row or from the spec tables."""
    for m in CALLS.finditer(text):
        if any(k == 'comment' and s <= m.start() < e for k, s, e in spans_cache(text)):
            continue
        try:
            args, _ = split_args(text, m.end() - 1)
        except ValueError:
            continue
        for s, e in args:
            arg = text[s:e].strip()
            if SECTION_LITERAL.fullmatch(arg):
                line = text.count('\n', 0, s) + 1
                problems.append('%s:%d: section literal %s at a call site' % (path, line, arg))


def files(paths):
    for p in paths:
        p = os.path.join(ROOT, p) if not os.path.isabs(p) else p
        if os.path.isfile(p):
            yield p
            continue
        for dp, _, fns in os.walk(p):
            rel = os.path.relpath(dp, ROOT)
            if any(rel == x or rel.startswith(x + '/') for x in EXCLUDE):
                continue
            for fn in sorted(fns):
                if fn.endswith(('.cpp', '.h')):
                    yield os.path.join(dp, fn)


def main(argv):
    check = '--check' in argv
    paths = [a for a in argv if a != '--check'] or DEFAULT_PATHS
    fs = list(files(paths))
    texts = {f: open(f).read() for f in fs}
    consts = section_constants(texts.values())
    problems, changed = [], []
    for f, t in texts.items():
        rel = os.path.relpath(f, ROOT)
        n = convert_ids(t, problems, rel)
        n = convert_reports(n, consts, problems, rel)
        find_section_literals(n, problems, rel)
        if n != t:
            changed.append(rel)
            if not check:
                open(f, 'w').write(n)
    for c in changed:
        print(('would change ' if check else 'changed ') + c)
    if changed and not check and shutil.which('clang-format'):
        # The rest of each file is formatted already: this reflows the calls.
        subprocess.run(['clang-format', '-i'] + [os.path.join(ROOT, c) for c in changed],
                       check=True)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems or (check and changed) else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
