"""Cases of the outside matrix sweep (issue 10): independent of tools/gen.

Each case is one matrix instruction (mma, mma.sp, wmma.load/store/mma,
ldmatrix, stmatrix, movmatrix) written the way other people's code writes it,
at one .version/.target, inside a function of its own with every register
type declared. The base forms are written here by hand from the PTX ISA
(section 9.7.14), not taken from ptx-lint's spec tables, so the sweep measures
the tables rather than repeats them. ptxas decides every verdict
(matrix-outside.py).
"""
import itertools, os, random, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'isa-extract'))
from extract import split_top  # noqa: E402

# --- registers every case's function declares --------------------------------
# class -> (declaration, name prefix); %x (.f16x2) needs sm_53 and is declared
# only from there.
REGS = {
    'b32': ('.reg .b32 %r<40>;', '%r'),
    'f32': ('.reg .f32 %f<40>;', '%f'),
    'b64': ('.reg .b64 %rd<20>;', '%rd'),
    'f64': ('.reg .f64 %fd<20>;', '%fd'),
    'b16': ('.reg .b16 %h<20>;', '%h'),
    's32': ('.reg .s32 %s<20>;', '%s'),
    'pred': ('.reg .pred %p<8>;', '%p'),
    'f16x2': ('.reg .f16x2 %x<20>;', '%x'),
}
VECREGS = ('.reg .v4 .b32 %vr4; .reg .v2 .b32 %vr2; .reg .v4 .f32 %vf4; '
           '.reg .v2 .f32 %vf2; .reg .v2 .f64 %vd2; .reg .v2 .b16 %vh2; .reg .v2 .b64 %vq2;')
# whole vector registers by (class, length); components by class
VECREG = {('b32', 4): '%vr4', ('b32', 2): '%vr2', ('f32', 4): '%vf4', ('f32', 2): '%vf2',
          ('f64', 2): '%vd2', ('b16', 2): '%vh2', ('b64', 2): '%vq2'}
COMPONENT = {'b32': '%vr4.x', 'f32': '%vf4.y', 'f64': '%vd2.x', 'b16': '%vh2.y', 'b64': '%vq2.x'}

TARGETS = ['sm_50', 'sm_52', 'sm_53', 'sm_60', 'sm_61', 'sm_62', 'sm_70', 'sm_72', 'sm_75',
           'sm_80', 'sm_86', 'sm_87', 'sm_88', 'sm_89', 'sm_90', 'sm_90a', 'sm_100', 'sm_100a',
           'sm_100f', 'sm_101', 'sm_103', 'sm_103a', 'sm_103f', 'sm_110', 'sm_110a', 'sm_110f',
           'sm_120', 'sm_120a', 'sm_120f', 'sm_121', 'sm_121a', 'sm_121f']
VERSIONS = ['7.0', '7.1', '7.2', '7.3', '7.4', '7.5', '7.6', '7.7', '7.8', '8.0', '8.1', '8.2',
            '8.3', '8.4', '8.5', '8.6', '8.7', '8.8', '9.0', '9.1']


def V(n, cls):
    return ('vec', n, cls)


def S(cls):
    return ('scalar', cls)


def I(val):
    return ('imm', val)


def A():
    return ('addr',)


# --- base forms: (family, opcode, operands, target, version) ------------------
F32, B32, F64, S32 = 'f32', 'b32', 'f64', 's32'
MMA = 'mma.sync.aligned.'
FORMS = [
    ('mma', MMA + 'm8n8k4.row.col.f32.f16.f16.f32', [V(8, F32), V(2, B32), V(2, B32), V(8, F32)], 'sm_70', '7.0'),
    ('mma', MMA + 'm8n8k4.row.row.f16.f16.f16.f16', [V(4, B32), V(2, B32), V(2, B32), V(4, B32)], 'sm_70', '7.0'),
    ('mma', MMA + 'm16n8k8.row.col.f32.f16.f16.f32', [V(4, F32), V(2, B32), V(1, B32), V(4, F32)], 'sm_75', '7.0'),
    ('mma', MMA + 'm16n8k8.row.col.f16.f16.f16.f16', [V(2, B32), V(2, B32), V(1, B32), V(2, B32)], 'sm_75', '7.0'),
    ('mma', MMA + 'm16n8k16.row.col.f32.f16.f16.f32', [V(4, F32), V(4, B32), V(2, B32), V(4, F32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm16n8k16.row.col.f32.bf16.bf16.f32', [V(4, F32), V(4, B32), V(2, B32), V(4, F32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm16n8k8.row.col.f32.bf16.bf16.f32', [V(4, F32), V(2, B32), V(1, B32), V(4, F32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm16n8k8.row.col.f32.tf32.tf32.f32', [V(4, F32), V(4, B32), V(2, B32), V(4, F32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm16n8k4.row.col.f32.tf32.tf32.f32', [V(4, F32), V(2, B32), V(1, B32), V(4, F32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm8n8k4.row.col.f64.f64.f64.f64', [V(2, F64), V(1, F64), V(1, F64), V(2, F64)], 'sm_80', '7.0'),
    ('mma', MMA + 'm16n8k4.row.col.f64.f64.f64.f64', [V(4, F64), V(2, F64), V(1, F64), V(4, F64)], 'sm_90', '7.8'),
    ('mma', MMA + 'm16n8k16.row.col.f64.f64.f64.f64', [V(4, F64), V(8, F64), V(4, F64), V(4, F64)], 'sm_90', '7.8'),
    ('mma', MMA + 'm8n8k16.row.col.s32.s8.s8.s32', [V(2, S32), V(1, B32), V(1, B32), V(2, S32)], 'sm_75', '7.0'),
    ('mma', MMA + 'm16n8k16.row.col.satfinite.s32.u8.s8.s32', [V(4, S32), V(2, B32), V(1, B32), V(4, S32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm16n8k32.row.col.s32.s8.s8.s32', [V(4, B32), V(4, B32), V(2, B32), V(4, B32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm8n8k32.row.col.s32.s4.s4.s32', [V(2, S32), V(1, B32), V(1, B32), V(2, S32)], 'sm_75', '7.0'),
    ('mma', MMA + 'm16n8k64.row.col.s32.u4.u4.s32', [V(4, S32), V(4, B32), V(2, B32), V(4, S32)], 'sm_80', '7.0'),
    ('mma', MMA + 'm8n8k128.row.col.s32.b1.b1.s32.xor.popc', [V(2, S32), V(1, B32), V(1, B32), V(2, S32)], 'sm_75', '7.0'),
    ('mma', MMA + 'm16n8k256.row.col.s32.b1.b1.s32.and.popc', [V(4, S32), V(4, B32), V(2, B32), V(4, S32)], 'sm_80', '7.1'),
    ('mma', MMA + 'm16n8k32.row.col.f32.e4m3.e5m2.f32', [V(4, F32), V(4, B32), V(2, B32), V(4, F32)], 'sm_89', '8.4'),
    ('mma', MMA + 'm16n8k16.row.col.f16.e4m3.e4m3.f16', [V(2, B32), V(2, B32), V(1, B32), V(2, B32)], 'sm_89', '8.7'),
    ('mma', MMA + 'm16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32', [V(4, F32), V(4, B32), V(2, B32), V(4, F32)], 'sm_120a', '8.7'),
    ('mma', MMA + 'm16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0',
     [V(4, F32), V(4, B32), V(2, B32), V(4, F32), S(B32), ('pair',), S(B32), ('pair',)], 'sm_120a', '8.7'),
    ('mma', MMA + 'm16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0',
     [V(4, F32), V(4, B32), V(2, B32), V(4, F32), S(B32), ('pair',), S(B32), ('pair',)], 'sm_120a', '8.7'),
    ('mma.sp', 'mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32', [V(4, F32), V(2, B32), V(2, B32), V(4, F32), S(B32), I('0x0')], 'sm_80', '7.1'),
    ('mma.sp', 'mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16', [V(2, B32), V(4, B32), V(4, B32), V(2, B32), S(B32), I('0x1')], 'sm_80', '7.1'),
    ('mma.sp', 'mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32', [V(4, F32), V(2, B32), V(2, B32), V(4, F32), S(B32), I('1')], 'sm_80', '7.1'),
    ('mma.sp', 'mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32', [V(4, F32), V(2, B32), V(2, B32), V(4, F32), S(B32), I('0')], 'sm_80', '7.1'),
    ('mma.sp', 'mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32', [V(4, S32), V(2, B32), V(2, B32), V(4, S32), S(B32), I('0')], 'sm_80', '7.1'),
    ('mma.sp', 'mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.u8.u8.s32', [V(4, S32), V(4, B32), V(4, B32), V(4, S32), S(B32), I('0')], 'sm_80', '7.1'),
    ('mma.sp', 'mma.sp.sync.aligned.m16n8k128.row.col.s32.s4.s4.s32', [V(4, S32), V(4, B32), V(4, B32), V(4, S32), S(B32), I('0')], 'sm_80', '7.1'),
    ('mma.sp', 'mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32', [V(4, F32), V(2, B32), V(2, B32), V(4, F32), S(B32), I('0')], 'sm_80', '8.5'),
    ('mma.sp', 'mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32', [V(4, F32), V(4, B32), V(4, B32), V(4, F32), S(B32), I('0')], 'sm_89', '8.5'),
    ('wmma.load', 'wmma.load.a.sync.aligned.row.m16n16k16.f16', [V(8, B32), A(), S(B32)], 'sm_70', '7.0'),
    ('wmma.load', 'wmma.load.b.sync.aligned.col.m16n16k16.shared.f16', [V(8, B32), A()], 'sm_70', '7.0'),
    ('wmma.load', 'wmma.load.c.sync.aligned.row.m16n16k16.global.f32', [V(8, F32), A(), S(B32)], 'sm_70', '7.0'),
    ('wmma.load', 'wmma.load.a.sync.aligned.row.m16n16k8.tf32', [V(4, B32), A(), S(B32)], 'sm_80', '7.0'),
    ('wmma.load', 'wmma.load.a.sync.aligned.row.m8n8k4.f64', [V(1, F64), A(), S(B32)], 'sm_80', '7.0'),
    ('wmma.load', 'wmma.load.a.sync.aligned.row.m16n16k16.s8', [V(2, B32), A(), S(B32)], 'sm_75', '7.0'),
    ('wmma.store', 'wmma.store.d.sync.aligned.row.m16n16k16.f32', [A(), V(8, F32), S(B32)], 'sm_70', '7.0'),
    ('wmma.store', 'wmma.store.d.sync.aligned.col.m16n16k16.shared.f16', [A(), V(4, B32)], 'sm_70', '7.0'),
    ('wmma.store', 'wmma.store.d.sync.aligned.row.m8n8k4.f64', [A(), V(2, F64), S(B32)], 'sm_80', '7.0'),
    ('wmma.mma', 'wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32', [V(8, F32), V(8, B32), V(8, B32), V(8, F32)], 'sm_70', '7.0'),
    ('wmma.mma', 'wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16', [V(4, B32), V(8, B32), V(8, B32), V(4, B32)], 'sm_70', '7.0'),
    ('wmma.mma', 'wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32', [V(8, F32), V(4, B32), V(4, B32), V(8, F32)], 'sm_80', '7.0'),
    ('wmma.mma', 'wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32', [V(8, F32), V(4, B32), V(4, B32), V(8, F32)], 'sm_80', '7.0'),
    ('wmma.mma', 'wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64', [V(2, F64), V(1, F64), V(1, F64), V(2, F64)], 'sm_80', '7.0'),
    ('wmma.mma', 'wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32', [V(8, S32), V(2, B32), V(2, B32), V(8, S32)], 'sm_75', '7.0'),
    ('wmma.mma', 'wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32', [V(2, S32), V(1, B32), V(1, B32), V(2, S32)], 'sm_75', '7.0'),
    ('wmma.mma', 'wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32', [V(2, S32), V(1, B32), V(1, B32), V(2, S32)], 'sm_75', '7.0'),
    ('ldmatrix', 'ldmatrix.sync.aligned.m8n8.x1.shared.b16', [V(1, B32), A()], 'sm_75', '7.0'),
    ('ldmatrix', 'ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16', [V(2, B32), A()], 'sm_75', '7.8'),
    ('ldmatrix', 'ldmatrix.sync.aligned.m8n8.x4.b16', [V(4, B32), A()], 'sm_75', '7.0'),
    ('ldmatrix', 'ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8', [V(2, B32), A()], 'sm_100a', '8.6'),
    ('ldmatrix', 'ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32', [V(2, B32), A()], 'sm_100a', '8.6'),
    ('stmatrix', 'stmatrix.sync.aligned.m8n8.x1.shared.b16', [A(), V(1, B32)], 'sm_90', '7.8'),
    ('stmatrix', 'stmatrix.sync.aligned.m8n8.x4.trans.shared::cta.b16', [A(), V(4, B32)], 'sm_90', '7.8'),
    ('stmatrix', 'stmatrix.sync.aligned.m16n8.x2.trans.shared.b8', [A(), V(2, B32)], 'sm_100a', '8.6'),
    ('movmatrix', 'movmatrix.sync.aligned.m8n8.trans.b16', [S(B32), S(B32)], 'sm_75', '7.8'),
]

CLASSES = ['b32', 'f32', 'b64', 'f64', 'b16', 's32', 'pred', 'f16x2']
SPECIALS = ['%laneid', '%clock64', '%tid.x', '%warpid']
IMMS = ['1', '0', '-1', '0x10', '1.0', '0f3F800000', '0d3FF0000000000000', '(1+1)', '0x100000000']


class Regs:
    """Hands out distinct registers of each class within one case."""

    def __init__(self):
        self.next = {c: 0 for c in REGS}

    def get(self, cls):
        k = self.next[cls]
        self.next[cls] = k + 1
        return f'{REGS[cls][1]}{k}'


def ok_elems(regs, n, cls):
    return [regs.get(cls) for _ in range(n)]


def render_vec(elems):
    return '{' + ', '.join(elems) + '}'


def vec_mutations(n, cls):
    """(tag, function(regs) -> operand text) for a fragment of n registers."""
    m = [('ok', lambda R: render_vec(ok_elems(R, n, cls)))]
    for c in CLASSES:
        if c == cls:
            continue
        m.append((f'all-{c}', lambda R, c=c: render_vec(ok_elems(R, n, c))))
        if n > 1:
            m.append((f'first-{c}', lambda R, c=c: render_vec([R.get(c)] + ok_elems(R, n - 1, cls))))
    for c, comp in COMPONENT.items():
        m.append((f'comp-{c}', lambda R, comp=comp: render_vec([comp] + ok_elems(R, n - 1, cls))))
    for s in SPECIALS:
        m.append((f'sreg-{s}', lambda R, s=s: render_vec([s] + ok_elems(R, n - 1, cls))))
    m.append(('sreg-all-laneid', lambda R: render_vec(['%laneid'] * n)))
    for v in IMMS:
        m.append((f'imm-{v}', lambda R, v=v: render_vec([v] + ok_elems(R, n - 1, cls))))
    m.append(('imm-all-0', lambda R: render_vec(['0'] * n)))
    m.append(('imm-all-0f', lambda R: render_vec(['0f00000000'] * n)))
    m.append(('sink-first', lambda R: render_vec(['_'] + ok_elems(R, n - 1, cls))))
    m.append(('sink-all', lambda R: render_vec(['_'] * n)))
    m.append(('neg-pred', lambda R: render_vec(['!%p1'] + ok_elems(R, n - 1, cls))))
    m.append(('neg-reg', lambda R: render_vec(['!' + R.get(cls)] + ok_elems(R, n - 1, cls))))
    m.append(('undeclared', lambda R: render_vec(['%nosuch'] + ok_elems(R, n - 1, cls))))
    m.append(('param-range', lambda R: render_vec([REGS[cls][1] + '<4>'] + ok_elems(R, n - 1, cls))))
    if n > 1:
        m.append(('short', lambda R: render_vec(ok_elems(R, n - 1, cls))))
        m.append(('nested', lambda R: '{' + render_vec(ok_elems(R, 2, cls)) + ', ' +
                  ', '.join(ok_elems(R, n - 2, cls)) + '}' if n > 2 else
                  '{' + render_vec(ok_elems(R, 2, cls)) + '}'))
        m.append(('bare-first', lambda R: R.get(cls)))
    m.append(('long', lambda R: render_vec(ok_elems(R, n + 1, cls))))
    if n == 1:
        m.append(('bare', lambda R: R.get(cls)))
    for (c, k), name in VECREG.items():
        if k == n:
            m.append((f'vecreg-{c}', lambda R, name=name: name))
            m.append((f'vecreg-braced-{c}', lambda R, name=name: '{' + name + '}'))
    return m


def scalar_mutations(cls):
    m = [('ok', lambda R: R.get(cls))]
    for c in CLASSES:
        if c != cls:
            m.append((f'reg-{c}', lambda R, c=c: R.get(c)))
    for c, comp in COMPONENT.items():
        m.append((f'comp-{c}', lambda R, comp=comp: comp))
    for s in SPECIALS:
        m.append((f'sreg-{s}', lambda R, s=s: s))
    for v in IMMS:
        m.append((f'imm-{v}', lambda R, v=v: v))
    m += [('sink', lambda R: '_'), ('neg-pred', lambda R: '!%p1'),
          ('neg-reg', lambda R: '!' + R.get(cls)), ('undeclared', lambda R: '%nosuch'),
          ('param-range', lambda R: REGS[cls][1] + '<4>'),
          ('braced', lambda R: '{' + R.get(cls) + '}'),
          ('braced-two', lambda R: '{' + R.get(cls) + ', ' + R.get(cls) + '}')]
    return m


def imm_mutations(val):
    m = [('ok', lambda R: val)]
    for v in ['0', '1', '2', '3', '4', '-1', '0x0', '0x1', '00', '1U', '(0+0)', '(2-1)', '0f00000000',
              '0d0000000000000000', '1.0', '0x100000000']:
        m.append((f'sel-{v}', lambda R, v=v: v))
    m += [('sel-reg', lambda R: '%r30'), ('sel-sreg', lambda R: '%laneid'),
          ('sel-sink', lambda R: '_'), ('sel-braced', lambda R: '{' + val + '}'),
          ('sel-comp', lambda R: '%vr4.x'), ('sel-pred', lambda R: '%p1')]
    return m


def pair_mutations():
    m = [('ok', lambda R: '{0, 0}'), ('pair-1-1', lambda R: '{1, 1}'),
         ('pair-3-0', lambda R: '{3, 0}'), ('pair-0-4', lambda R: '{0, 4}'),
         ('pair-reg', lambda R: '{%h1, %h2}'), ('pair-b32', lambda R: '{%r30, %r31}'),
         ('pair-expr', lambda R: '{(1-1), (0*3)}'), ('pair-0f', lambda R: '{0f00000000, 0}'),
         ('pair-one', lambda R: '{0}'), ('pair-three', lambda R: '{0, 0, 0}'),
         ('pair-bare', lambda R: '0'), ('pair-sreg', lambda R: '{0, %laneid}'),
         ('pair-comp', lambda R: '{%vh2.x, %vh2.y}'), ('pair-vecreg', lambda R: '%vh2'),
         ('pair-sink', lambda R: '{_, 0}'), ('pair-pred', lambda R: '{%p1, 0}')]
    return m


ADDRS = ['[%rd1]', '[%rd1+4]', '[%rd1+16]', '[%rd1+0x10]', '[%rd1+(4*4)]', '[%rd1-8]',
         '[%rd1+-16]', '[smem]', '[smem+8]', '[smem+16]', '[gmem]', '[gmem+32]', '[%r1]',
         '[0x100]', '[16]', '[nosuch]', '[%nosuch]', '[%rd1+%rd2]', '[smem+%r1]', '[[%rd1]]',
         '[{%rd1}]', '%rd1', '[%vq2.x]', '[%clock64]', '[%f1]', '[%h1]', '[%rd1+4+4]', '[ %rd1 ]']


def addr_mutations():
    return [('ok' if a == '[%rd1]' else f'addr-{a}', lambda R, a=a: a) for a in ADDRS]


def slot_mutations(spec):
    if spec[0] == 'vec':
        return vec_mutations(spec[1], spec[2])
    if spec[0] == 'scalar':
        return scalar_mutations(spec[1])
    if spec[0] == 'imm':
        return imm_mutations(spec[1])
    if spec[0] == 'pair':
        return pair_mutations()
    return addr_mutations()


def render(op, specs, choice=None):
    """The instruction with slot choice[0] written as choice[1](regs)."""
    R = Regs()
    # reserve %r30.. %rd1 %rd2 for scalars used by hand-written mutations
    R.next['b64'] = 3
    ops = []
    for k, spec in enumerate(specs):
        if choice and choice[0] == k:
            ops.append(choice[1](R))
        else:
            ops.append(slot_mutations(spec)[0][1](R))
    return op + ' ' + ', '.join(ops) + ';'


def spelling_mutations(op, ops_text):
    """(tag, line text) spellings of the whole instruction; ops_text is 'a, b, c;'."""
    parts = op.split('.')
    first, rest = parts[0], '.' + '.'.join(parts[1:])
    out = [
        ('sp-space-after-opcode', f'{first} {rest} {ops_text}'),
        ('sp-tab-after-opcode', f'{first}\t{rest} {ops_text}'),
        ('sp-comment-after-opcode', f'{first}/* c */{rest} {ops_text}'),
        ('sp-spaces-between-parts', ' .'.join(op.split('.')) + ' ' + ops_text),
        ('sp-space-after-dot', first + '. ' + '.'.join(parts[1:]) + ' ' + ops_text),
        ('sp-break-in-name', first[:2] + ' ' + first[2:] + rest + ' ' + ops_text),
        ('sp-upper-opcode', first.upper() + rest + ' ' + ops_text),
        ('sp-capitalised', first.capitalize() + rest + ' ' + ops_text),
        ('sp-upper-all', op.upper() + ' ' + ops_text),
        ('sp-upper-qualifier', first + rest.replace('.sync', '.SYNC') + ' ' + ops_text),
        ('sp-no-spaces', op + ' ' + ops_text.replace(', ', ',').replace(' ', '')),
        ('sp-comment-operands', op + ' ' + ops_text.replace(', ', ', /*x*/ ', 1)),
        ('sp-line-comment', op + ' ' + ops_text.replace(', ', ', // x\n', 1)),
        ('sp-newline-operands', op + '\n    ' + ops_text.replace(', ', ',\n    ')),
        ('sp-pred-guard', '@%p1 ' + op + ' ' + ops_text),
        ('sp-neg-pred-guard', '@!%p1 ' + op + ' ' + ops_text),
        ('sp-reg-guard', '@%r30 ' + op + ' ' + ops_text),
        ('sp-label-before', 'L_x: ' + op + ' ' + ops_text),
        ('sp-label-line', 'L_y:\n' + op + ' ' + ops_text),
        ('sp-no-semicolon', op + ' ' + ops_text.rstrip(';')),
        ('sp-double-semicolon', op + ' ' + ops_text + ';'),
        ('sp-trailing-comma', op + ' ' + ops_text.rstrip(';') + ',;'),
        ('sp-drop-sync', op.replace('.sync', '', 1) + ' ' + ops_text),
        ('sp-drop-aligned', op.replace('.aligned', '', 1) + ' ' + ops_text),
        ('sp-repeat-sync', op.replace('.sync', '.sync.sync', 1) + ' ' + ops_text),
    ]
    return out


def cases(seed=10):
    """Every case, in a fixed order: dicts with id, family, tag, target, version, text."""
    rnd = random.Random(seed)
    out = []

    def add(fam, tag, target, version, text):
        out.append({'id': len(out), 'family': fam, 'tag': tag, 'target': target,
                    'version': version, 'text': text})

    for fam, op, specs, target, version in FORMS:
        base = render(op, specs)
        # configurations: every target at the form's version and at 9.0,
        # every version at the form's target
        for t in TARGETS:
            add(fam, f'cfg-target', t, version, base)
            add(fam, f'cfg-target-9.0', t, '9.0', base)
        for v in VERSIONS:
            add(fam, f'cfg-version', target, v, base)
        for t, v in rnd.sample(list(itertools.product(TARGETS, VERSIONS)), 10):
            add(fam, 'cfg-random', t, v, base)
        # operand positions
        for k, spec in enumerate(specs):
            for tag, fn in slot_mutations(spec)[1:]:
                add(fam, f'op{k}-{tag}', target, version, render(op, specs, (k, fn)))
        # state spaces of address forms
        if any(s[0] == 'addr' for s in specs):
            for sp in ['', '.shared', '.shared::cta', '.shared::cluster', '.global', '.local',
                       '.const', '.param']:
                parts = [p for p in op.split('.') if p not in ('shared', 'shared::cta', 'global')]
                ty = parts[-1] if fam not in ('ldmatrix', 'stmatrix') else parts[-1]
                new = '.'.join(parts[:-1]) + sp + '.' + ty
                if fam == 'ldmatrix' and 'b8x16' in op:
                    new = '.'.join(parts[:-2]) + sp + '.' + '.'.join(parts[-2:])
                add(fam, f'space-{sp or "none"}', target, version,
                    new + base[len(op):])
        # spellings
        ops_text = base[len(op) + 1:]
        for tag, text in spelling_mutations(op, ops_text):
            add(fam, tag, target, version, text)
        # the latest target and version with a few operand mutations
        for k, spec in enumerate(specs):
            muts = slot_mutations(spec)[1:]
            for tag, fn in rnd.sample(muts, min(4, len(muts))):
                t = 'sm_120a' if target != 'sm_100a' else 'sm_100a'
                add(fam, f'late-op{k}-{tag}', t, '9.0', render(op, specs, (k, fn)))
    return out


def header(target, version):
    return (f'.version {version}\n.target {target}\n.address_size 64\n'
            '.shared .align 16 .b8 smem[1024];\n.global .align 16 .b8 gmem[1024];\n')


def target_num(t):
    return int(''.join(ch for ch in t[3:] if ch.isdigit()))


def function(k, target, text, extra=False):
    """Head, the case's text and foot of case k's function. extra (the new
    axes): a .param, a .local and a .shared variable and a label too."""
    decls = [d for c, (d, _) in REGS.items() if c != 'f16x2' or target_num(target) >= 53]
    text = text.replace('nosuch', f'nosuch{k}')
    params, more, foot = '', '', 'ret;\n}\n'
    if extra:
        params = '.param .u64 pparam'
        more = '.local .align 16 .b8 lmem[64];\n.shared .align 16 .b8 fsmem[64];\n'
        foot = 'L_lab:\nret;\n}\n'
    return (f'.visible .entry k{k}({params})\n{{\n' + '\n'.join(decls) + '\n' + VECREGS + '\n' +
            more + 'mov.u64 %rd1, smem;\n', text, foot)


# --- the new axes of issue 10 (session 9): ids from AXES_BASE ---------------
# Every target x every version of the gated forms, symbols of each kind as
# operands, address spellings with each shared space, the block-scale
# qualifiers (kind, scale_vec, stype: spellings, orders, gates), the sparsity
# selector of mma.sp and mma.sp::ordered_metadata on every sparse shape, and
# float constants of mixed kinds in one fragment. Their functions see more
# symbols (axes_header, function(extra=True)).
AXES_BASE = 100000
AXES_TARGETS = TARGETS + ['sm_101a', 'sm_101f', 'sm_100f', 'sm_70', 'sm_75']
AXES_TARGETS = sorted(set(AXES_TARGETS), key=lambda t: (target_num(t), t))
AXES_VERSIONS = ['6.0', '6.3', '6.4', '6.5'] + VERSIONS
SYMBOLS = ['L_lab', 'fdummy', 'pparam', 'cmem', 'smem', 'gmem', 'lmem', 'fsmem', 'gvar']
SCALE_OPS = ', %r31, {0, 0}, %r32, {0, 0}'


def gated_forms():
    """(family, opcode, operand text, min target, min version) of one form per gate."""
    out = []
    for fam, op, specs, target, version in FORMS:
        out.append((fam, op, render(op, specs)[len(op) + 1:], target, version))
    mma = 'mma.sync.aligned.m16n8k'
    f4 = '{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8}'
    out += [
        ('mma', mma + '64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3',
         f4 + SCALE_OPS + ';', 'sm_120a', '8.7'),
        ('mma', mma + '64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0',
         f4 + SCALE_OPS + ';', 'sm_120a', '8.7'),
        ('mma', mma + '32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e3m2.e2m3.f32.ue8m0',
         f4 + SCALE_OPS + ';', 'sm_120a', '8.7'),
        ('mma.sp', 'mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.'
         'scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3', f4 + ', %r9, 0' + SCALE_OPS + ';', 'sm_120a', '8.7'),
        ('mma.sp', 'mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.'
         'scale_vec::1X.f32.e3m2.e2m1.f32.ue8m0', f4 + ', %r9, 0' + SCALE_OPS + ';', 'sm_120a', '8.7'),
        ('mma.sp', 'mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32',
         f4 + ', %r9, 0;', 'sm_120a', '8.7'),
        ('ldmatrix', 'ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b6x16_p32', '{%r1}, [%rd1];',
         'sm_100a', '8.6'),
        ('ldmatrix', 'ldmatrix.sync.aligned.m8n16.x1.trans.shared.b8x16.b6x16_p32', '{%r1}, [%rd1];',
         'sm_100a', '8.6'),
        ('mma', 'mma.sync.aligned.m8n8k4.row.col.f32.bf16.bf16.f32',
         '{%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, {%r1, %r2}, {%r3, %r4}, '
         '{%f9, %f10, %f11, %f12, %f13, %f14, %f15, %f16};', 'sm_80', '7.0'),
    ]
    return out


SPARSE = [  # (opcode after mma.sp[::ordered_metadata].sync.aligned., operands before e)
    ('m16n8k16.row.col.f32.f16.f16.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2}, {%r3, %r4}, {%f5, %f6, %f7, %f8}'),
    ('m16n8k32.row.col.f16.f16.f16.f16', '{%r1, %r2}, {%r3, %r4, %r5, %r6}, {%r7, %r8, %r9, %r10}, {%r11, %r12}'),
    ('m16n8k16.row.col.f32.bf16.bf16.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2}, {%r3, %r4}, {%f5, %f6, %f7, %f8}'),
    ('m16n8k32.row.col.f32.bf16.bf16.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f5, %f6, %f7, %f8}'),
    ('m16n8k8.row.col.f32.tf32.tf32.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2}, {%r3, %r4}, {%f5, %f6, %f7, %f8}'),
    ('m16n8k16.row.col.f32.tf32.tf32.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f5, %f6, %f7, %f8}'),
    ('m16n8k32.row.col.s32.s8.s8.s32', '{%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7, %r8}, {%r9, %r10, %r11, %r12}'),
    ('m16n8k64.row.col.satfinite.s32.u8.s8.s32', '{%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10, %r11, %r12}, {%r13, %r14, %r15, %r16}'),
    ('m16n8k64.row.col.s32.s4.s4.s32', '{%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7, %r8}, {%r9, %r10, %r11, %r12}'),
    ('m16n8k128.row.col.s32.u4.u4.s32', '{%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10, %r11, %r12}, {%r13, %r14, %r15, %r16}'),
    ('m16n8k64.row.col.f32.e4m3.e5m2.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f5, %f6, %f7, %f8}'),
    ('m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f5, %f6, %f7, %f8}'),
]
SELECTORS = ['%r30', '%s3', '%h3', '%p1', '%laneid', '0', '1', '2', '3', '4', '-1', '0x0', '0x1',
             '0x3', '1U', '(1+1)', '(2-1)', '(0*5)', '(4-4)', '0f00000000', '0f3F800000', '1.0',
             '0.0', '0d0000000000000000', '0x100000000', '0x100000001', '{0}', '_']


def block_scale_variants():
    """(tag, opcode) block-scale qualifier spellings, orders and gates."""
    out = []
    for kind in ['', '.kind::mxf4', '.kind::mxf4nvf4', '.kind::mxf8f6f4', '.kind::f8f6f4']:
        for sv in ['', '.scale_vec::1X', '.scale_vec::2X', '.scale_vec::4X']:
            for st in ['.ue8m0', '.ue4m3', '']:
                for k, ty in [('64', '.e2m1.e2m1'), ('32', '.e4m3.e4m3'), ('32', '.e2m1.e3m2')]:
                    op = f'mma.sync.aligned.m16n8k{k}.row.col{kind}.block_scale{sv}.f32{ty}.f32{st}'
                    out.append((f'bs{kind}{sv}{st}-k{k}{ty}', op))
    base = ['mma', 'sync', 'aligned', 'm16n8k64', 'row', 'col', 'kind::mxf4nvf4', 'block_scale',
            'scale_vec::4X', 'f32', 'e2m1', 'e2m1', 'f32', 'ue4m3']
    orders = [(7, 6), (8, 7), (8, 6), (13, 9), (8, 9), (6, 3), (7, 9)]
    for a, b in orders:  # move part a to before part b
        p = list(base)
        x = p.pop(a)
        p.insert(b, x)
        out.append((f'bs-order-{a}-{b}', '.'.join(p)))
    out.append(('bs-no-block_scale', 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3'))
    out.append(('bs-upper-x', 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4x.f32.e2m1.e2m1.f32.ue4m3'))
    out.append(('bs-twice', 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3'))
    out.append(('bs-two-scale-vec', 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.scale_vec::2X.f32.e2m1.e2m1.f32.ue4m3'))
    return out


FLOATS = {'f': '0f00000000', 'd': '0d0000000000000000', 'x': '1.0', 'i': '0', 'r': None}


def mixed_float_patterns(n):
    """Patterns of float-constant kinds (and registers) for an n-element fragment."""
    pats = set()
    for p in itertools.product('fdxir', repeat=2):
        pats.add(''.join(p) + 'r' * (n - 2))
    for p in itertools.product('fdx', repeat=min(n, 4)):
        pats.add(''.join(p) + 'r' * (n - min(n, 4)))
    return sorted(pats)


def mixed_fragment(pat, reg):
    k = 20
    out = []
    for ch in pat:
        if ch == 'r':
            out.append(f'{reg}{k}')
            k += 1
        else:
            out.append(FLOATS[ch])
    return '{' + ', '.join(out) + '}'


def _symbol_variants(op, ops):
    """Each operand replaced by (or, in a vector, its first element by) a symbol."""
    parts = [p.strip() for p in split_operands(ops.rstrip(';'))]
    out = []
    for k, p in enumerate(parts):
        for s in SYMBOLS:
            if p.startswith('{'):
                inner = [e.strip() for e in p[1:-1].split(',')]
                new = '{' + ', '.join([s] + inner[1:]) + '}'
                variants = [(f'sym-op{k}-elem-{s}', new)]
            elif p.startswith('['):
                variants = [(f'sym-op{k}-addr-{s}', f'[{s}]'), (f'sym-op{k}-addr-{s}+8', f'[{s}+8]'),
                            (f'sym-op{k}-addr-{s}+16', f'[{s}+16]'), (f'sym-op{k}-bare-{s}', s)]
            else:
                variants = [(f'sym-op{k}-{s}', s)]
            for tag, text in variants:
                out.append((tag, op + ' ' + ', '.join(parts[:k] + [text] + parts[k + 1:]) + ';'))
    return out


def split_operands(text):
    """Operands split at top-level commas (the ISA extractor's split_top)."""
    return split_top(text, ',')


def axes_cases():
    """The new axes' cases: dicts as cases() makes, with set 'axes'."""
    out = []

    def add(fam, tag, target, version, text):
        out.append({'id': AXES_BASE + len(out), 'family': fam, 'tag': tag, 'target': target,
                    'version': version, 'text': text, 'set': 'axes'})

    gated = gated_forms()
    # 1. every target x every version, one form per (family, gate)
    seen = set()
    for fam, op, ops, target, version in gated:
        key = (fam, target, version, 'kind::' in op, 'block_scale' in op, 'b8x16' in op)
        if key in seen:
            continue
        seen.add(key)
        for t in AXES_TARGETS:
            for v in AXES_VERSIONS:
                add(fam, 'gate', t, v, op + ' ' + ops)
    # 2. symbols of each kind as operands; 3. addresses with each shared space
    for fam, op, ops, target, version in gated:
        for tag, text in _symbol_variants(op, ops):
            add(fam, tag, target, version, text)
        if '[' in ops:
            for sp in ['', '.shared', '.shared::cta', '.shared::cluster']:
                parts = [p for p in op.split('.') if p not in ('shared', 'shared::cta', 'global')]
                k = len(parts) - (2 if 'b8x16' in op else 1)
                new = '.'.join(parts[:k]) + sp + '.' + '.'.join(parts[k:])
                for a in ['[%rd1]', '[%rd1+8]', '[smem]', '[smem+16]', '[fsmem]', '[gmem]', '[lmem]',
                          '[cmem]', '[pparam]', '[gvar]', '[%r1]', '[0x100]']:
                    add(fam, f'addr{sp or "-generic"}-{a}', target, version,
                        new + ' ' + ops.replace('[%rd1]', a))
    # 4. block scale spellings, orders and gates
    f4 = '{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8}'
    for tag, op in block_scale_variants():
        for t, v in [('sm_120a', '8.7'), ('sm_121a', '8.8'), ('sm_120f', '8.8'), ('sm_120', '9.0'),
                     ('sm_100a', '8.7'), ('sm_120a', '8.6'), ('sm_110f', '9.0')]:
            add('mma', tag, t, v, op + ' ' + f4 + SCALE_OPS + ';')
    # 5. sparsity selectors
    for sp in ['mma.sp', 'mma.sp::ordered_metadata']:
        for shape, ops in SPARSE:
            tv = [('sm_80', '8.5'), ('sm_90', '8.7'), ('sm_120a', '8.7')]
            if 'e4m3' in shape:
                tv = [('sm_89', '8.5'), ('sm_90', '8.7'), ('sm_120a', '8.7')]
            if 'kind::' in shape:
                tv = [('sm_120a', '8.7')]
            for t, v in tv:
                for sel in SELECTORS:
                    add('mma.sp', f'sel-{sp}-{sel}', t, v,
                        f'{sp}.sync.aligned.{shape} {ops}, %r29, {sel};')
    # 6. mixed float constants in one fragment (mma.sp and two dense mma forms)
    rows = [(sp, shape, ops, ', %r29, 0;') for sp in ['mma.sp', 'mma.sp::ordered_metadata']
            for shape, ops in SPARSE[:8]]
    rows += [('mma', 'm16n8k16.row.col.f32.f16.f16.f32', '{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, '
              '{%r5, %r6}, {%f5, %f6, %f7, %f8}', ';'),
             ('mma', 'm16n8k32.row.col.s32.s8.s8.s32', '{%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, '
              '{%r9, %r10}, {%r11, %r12, %r13, %r14}', ';')]
    for sp, shape, ops, tail in rows:
        frags = [p.strip() for p in split_operands(ops)]
        for k, fr in enumerate(frags):
            n = fr.count(',') + 1
            reg = '%f' if fr.startswith('{%f') else '%r'
            for pat in mixed_float_patterns(n):
                new = frags[:k] + [mixed_fragment(pat, reg)] + frags[k + 1:]
                add(sp, f'float-{sp}-op{k}-{pat}', 'sm_90', '8.7',
                    f'{sp}.sync.aligned.{shape} ' + ', '.join(new) + tail)
    return out


def axes_header(target, version):
    return (header(target, version) + '.const .align 16 .b8 cmem[64];\n'
            '.global .align 4 .b32 gvar;\n.func fdummy()\n{\nret;\n}\n')
