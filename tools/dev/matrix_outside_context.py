"""The context axis of the outside matrix sweep (issue 10, session 10).

Matrix instructions written the way real code surrounds them: a guard
predicate (declared, negated, not a .pred, undeclared), a label on the same
line, several statements on one line, one statement split over several lines
(the opcode, qualifiers, operands, a vector's braces and the semicolon on
later lines), nested `{ }` blocks that declare or shadow registers, registers
declared after their use or only in a closed block, comments inside the
operand list and between dotted parts, letter case and constant expressions;
and variables of each state space, type and shape as fragment elements and
scalar operands (in a .entry and, for .param, in a .func), and `.align` on
the fragment registers' declarations. Each context is applied to a valid
instruction and to two with an error (a wrong register in the first and in
the last fragment), so that matrix-outside.py can check that ptx-lint's error
is on the line ptxas names. ptxas decides every verdict.
"""
import re

import matrix_outside_cases as mc

CTX_BASE = 200000
# (family, opcode, operands, target, version) of the forms the context axis uses:
# indices of matrix_outside_cases.gated_forms()
FORMS = [0, 4, 9, 14, 22, 24, 31, 33, 36, 39, 42, 47, 50, 53, 55, 58, 59, 10]
# module-scope variables (name, declaration)
MODULE_VARS = [
    ('g_b32', '.global .b32 g_b32;'), ('g_u32', '.global .u32 g_u32;'),
    ('g_f32', '.global .f32 g_f32;'), ('g_s32', '.global .s32 g_s32;'),
    ('g_b64', '.global .b64 g_b64;'), ('g_f64', '.global .f64 g_f64;'),
    ('g_b16', '.global .b16 g_b16;'), ('g_u8', '.global .u8 g_u8;'),
    ('g_v2', '.global .v2 .b32 g_v2;'), ('g_arr1', '.global .b32 g_arr1[1];'),
    ('c_b32', '.const .b32 c_b32;'), ('s_b32', '.shared .b32 s_b32;'),
    ('c_f64', '.const .f64 c_f64;'),
]
# function-scope variables and kernel parameters
FUNC_VARS = ['l_b32', 'fs_b32', 'p_b32', 'p_u64', 'p_f64', 'p_f32']
ENTRY_PARAMS = '.param .b32 p_b32, .param .u64 p_u64, .param .f64 p_f64, .param .f32 p_f32'
FUNC_PARAMS = '.param .b32 fp_b32, .param .f64 fp_f64, .param .u64 fp_u64'
# the variables of the later sample's forms
OTHER_VARS = ['g_b32', 'g_f64', 'p_u64', 'c_b32', 'g_b16', 'fp_b32']


def header(target, version):
    return (mc.header(target, version) + '\n'.join(d for _, d in MODULE_VARS) + '\n')


def function(k, target, text, wrap='entry', align=''):
    """Head, text and foot of case k's function: every register class of the
    first sweep (declared with `.align N` when align is set), the vector
    registers, a .local and a .shared scalar; wrap 'func' makes it a .func
    with .param parameters."""
    decls = [d for c, (d, _) in mc.REGS.items() if c != 'f16x2' or mc.target_num(target) >= 53]
    if align:
        decls = [d if '.pred' in d else d.replace('.reg ', f'.reg .align {align} ', 1)
                 for d in decls]
    text = text.replace('nosuch', f'nosuch{k}')
    if wrap == 'func':
        head = f'.func f{k}({FUNC_PARAMS})\n{{\n'
    else:
        head = f'.visible .entry k{k}({ENTRY_PARAMS})\n{{\n'
    more = '.local .b32 l_b32;\n.shared .b32 fs_b32;\n'
    return (head + '\n'.join(decls) + '\n' + mc.VECREGS + '\n' + more + 'mov.u64 %rd1, smem;\n',
            text, 'L_end:\nret;\n}\n')


def _ops(text):
    return [p.strip() for p in mc.split_operands(text.rstrip().rstrip(';'))]


def _with_element(ops, k, pos, new):
    """ops with element pos (0 or -1) of vector operand k (or the whole
    scalar operand k when pos is None) replaced by new."""
    out = list(ops)
    if pos is None:
        out[k] = new
    else:
        inner = [e.strip() for e in ops[k][1:-1].split(',')]
        inner[pos] = new
        out[k] = '{' + ', '.join(inner) + '}'
    return out


def _vectors(ops):
    return [k for k, p in enumerate(ops) if p.startswith('{')]


def _scalars(ops):
    return [k for k, p in enumerate(ops)
            if re.match(r'^%[a-z]+\d+$', p)]


def variable_cases(form):
    """(tag, wrap, text): variables as elements and scalar operands."""
    fam, op, ops_text, _, _ = form
    ops = _ops(ops_text)
    names = [n for n, _ in MODULE_VARS] + FUNC_VARS
    out = []
    for k in _vectors(ops):
        n = ops[k].count(',') + 1
        for pos in ([0, -1] if n > 1 else [0]):
            for v in names:
                out.append((f'var-op{k}-{"first" if pos == 0 else "last"}-{v}', 'entry',
                            op + ' ' + ', '.join(_with_element(ops, k, pos, v)) + ';'))
            for v in ['fp_b32', 'fp_f64', 'fp_u64']:
                out.append((f'var-op{k}-{"first" if pos == 0 else "last"}-{v}', 'func',
                            op + ' ' + ', '.join(_with_element(ops, k, pos, v)) + ';'))
        for v in ['g_b32', 'g_f64', 'p_u64', 'g_v2']:
            out.append((f'var-op{k}-whole-{v}', 'entry',
                        op + ' ' + ', '.join(_with_element(ops, k, None, v)) + ';'))
    for k in _scalars(ops):
        for v in ['g_b32', 'g_s32', 'g_b64', 'c_b32', 's_b32', 'l_b32', 'p_b32', 'p_u64']:
            out.append((f'var-op{k}-scalar-{v}', 'entry',
                        op + ' ' + ', '.join(_with_element(ops, k, None, v)) + ';'))
        out.append((f'var-op{k}-scalar-fp_b32', 'func',
                    op + ' ' + ', '.join(_with_element(ops, k, None, 'fp_b32')) + ';'))
    return out


def _bad(ops, which):
    """ops with a wrong register (a .b16 one) as the last element of the
    first ('first') or last ('last') vector operand; None without vectors."""
    vec = _vectors(ops)
    if not vec:
        return None
    k = vec[0] if which == 'first' else vec[-1]
    return _with_element(ops, k, -1, '%h9')


def _q(s):
    """The registers %rN renamed %qN (declared in an inner block)."""
    return re.sub(r'%r(\d+)', r'%q\1', s)


def contexts(op, ops):
    """(tag, text) of one instruction (op, operand list) in each context."""
    body = ', '.join(ops) + ';'
    line = op + ' ' + body
    parts = op.split('.')
    out = [
        ('plain', line),
        ('guard-pred', '@%p1 ' + line),
        ('guard-not-pred', '@!%p1 ' + line),
        ('guard-b32', '@%r30 ' + line),
        ('guard-undeclared', '@%nosuchp ' + line),
        ('guard-upper', '@%P1 ' + line),
        ('label-same-line', 'L_c: ' + line),
        ('label-guard-same-line', 'L_c: @%p1 ' + line),
        ('two-statements-after', 'mov.b32 %r39, 0; ' + line),
        ('two-statements-before', line + ' mov.b32 %r39, 0;'),
        ('two-matrix-statements', line + ' ' + line),
        ('split-opcode-operands', op + '\n' + body),
        ('split-each-operand', op + ' ' + ',\n'.join(ops) + ';'),
        ('split-operand-first', op + '\n' + ops[0] + ',\n' + ', '.join(ops[1:]) + ';'),
        ('split-qualifiers', parts[0] + '.' + '.'.join(parts[1:3]) + '\n.' + '.'.join(parts[3:]) +
         ' ' + body),
        ('split-semicolon', op + ' ' + ', '.join(ops) + '\n;'),
        ('split-guard', '@%p1\n' + line),
        ('split-vector-braces', op + ' ' + body.replace('{', '{\n').replace('}', '\n}')),
        ('split-vector-elements', op + ' ' + body.replace(', %', ',\n%')),
        ('block', '{\n' + line + '\n}'),
        ('block-same-line', '{ ' + line + ' }'),
        ('block-nested', '{\n{\n' + line + '\n}\n}'),
        ('block-inner-decl', '{\n.reg .b32 %q<40>;\n' + _q(line) + '\n}'),
        ('block-shadow-f32', '{\n.reg .f32 %r<40>;\n' + line + '\n}'),
        ('block-shadow-b32', '{\n.reg .b32 %r<40>;\n' + line + '\n}'),
        ('block-closed-decl', '{\n.reg .b32 %q<40>;\n}\n' + _q(line)),
        ('decl-after-use', _q(line) + '\n.reg .b32 %q<40>;'),
        ('comment-line-operands', op + ' ' + ', // c\n'.join(ops) + ';'),
        ('comment-block-operands', op + ' ' + ', /* c\n c */ '.join(ops) + ';'),
        ('comment-block-in-vector', op + ' ' + body.replace(', %', ', /* e */ %', 2)),
        ('comment-between-parts', parts[0] + '/* c */.' + '.'.join(parts[1:]) + ' ' + body),
        ('comment-inside-parts', parts[0] + '.' + parts[1] + '/* c */.' + '.'.join(parts[2:]) +
         ' ' + body),
        ('comment-line-after-opcode', op + ' // c\n' + body),
        ('space-between-parts', parts[0] + ' .' + ' .'.join(parts[1:]) + ' ' + body),
        ('space-after-dot', parts[0] + '. ' + '.'.join(parts[1:]) + ' ' + body),
        ('upper-opcode', parts[0].upper() + '.' + '.'.join(parts[1:]) + ' ' + body),
        ('upper-qualifiers', parts[0] + '.' + '.'.join(parts[1:]).upper() + ' ' + body),
        ('capitalised-qualifiers', parts[0] + '.' + '.'.join(p.capitalize() for p in parts[1:]) +
         ' ' + body),
        ('upper-registers', op + ' ' + body.upper()),
    ]
    return out


CONST_EXPRS = {  # (form index, operand index) -> constant expressions to put there
    'sel': ['(1-1)', '(0*5)', '(2/2)', '(1<<0)', '(3&1)', '(-1+1)', '(0x1-1)', '((0))'],
    'scale': ['{(1-1), (0*2)}', '{(0), 0}', '{0, (2-2)}', '{(1<<1), 0}', '{(1+0), (0+1)}'],
    'stride': ['(8*2)', '(16)', '(32/2)', '(1<<4)', '(16+0)'],
}


def const_cases(form_index, form):
    """Constant expressions as selectors, scale ids and strides."""
    fam, op, ops_text, _, _ = form
    ops = _ops(ops_text)
    out = []
    for k, p in enumerate(ops):
        if p in ('0', '0x0', '0x1', '1') and fam == 'mma.sp':
            kinds = 'sel'
        elif p == '{0, 0}':
            kinds = 'scale'
        elif fam == 'wmma.load' and k == 2 or fam == 'wmma.store' and k == 2:
            kinds = 'stride'
        else:
            continue
        for e in CONST_EXPRS[kinds]:
            out.append((f'const-op{k}-{e}', op + ' ' + ', '.join(ops[:k] + [e] + ops[k + 1:]) + ';'))
    return out


def cases():
    """Dicts as matrix_outside_cases.cases() makes, with set 'context', ids from CTX_BASE."""
    out = []
    forms = mc.gated_forms()

    def add(fam, tag, target, version, text, wrap='entry', align=''):
        out.append({'id': CTX_BASE + len(out), 'family': fam, 'tag': tag, 'target': target,
                    'version': version, 'text': text, 'set': 'context', 'wrap': wrap,
                    'align': align})

    for i in FORMS:
        fam, op, ops_text, target, version = forms[i]
        ops = _ops(ops_text)
        for variant, vops in [('ok', ops), ('bad-first', _bad(ops, 'first')),
                              ('bad-last', _bad(ops, 'last'))]:
            if vops is None:
                continue
            for tag, text in contexts(op, vops):
                add(fam, f'ctx-{variant}-{tag}', target, version, text)
        for tag, wrap, text in variable_cases(forms[i]):
            add(fam, tag, target, version, text, wrap)
        for align in ['4', '8', '16', '2']:
            add(fam, f'align-{align}', target, version, op + ' ' + ', '.join(ops) + ';', 'entry',
                align)
        for tag, text in const_cases(i, forms[i]):
            add(fam, tag, target, version, text)
    # the other forms (a later sample, judged after the fixes of the first):
    # every context, valid and with a wrong register in the last fragment,
    # and five variables as elements
    for i, (fam, op, ops_text, target, version) in enumerate(forms):
        if i in FORMS:
            continue
        ops = _ops(ops_text)
        for variant, vops in [('ok', ops), ('bad-last', _bad(ops, 'last'))]:
            if vops is None:
                continue
            for tag, text in contexts(op, vops):
                add(fam, f'ctx2-{variant}-{tag}', target, version, text)
        for tag, wrap, text in variable_cases(forms[i]):
            if tag.split('-')[-1] in OTHER_VARS:
                add(fam, tag.replace('var-', 'var2-', 1), target, version, text, wrap)
    return out
