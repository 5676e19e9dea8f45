//===- OperandRoles.cpp - the operand roles of the whole-ISA instructions -===//
//
// Which role each operand of an instruction has, by opcode, type qualifiers,
// qualifiers written and operand count: the rules ptxas 13.0 applies
// ("Arguments mismatch for instruction 'X'"), measured with
// tools/isa-operands/probe.py (every type of every listed opcode, registers of
// every type in every position) and by the mutant sweeps; the lit tests in
// test/isa-operands/ hold the cases. An opcode or type without a row was not
// measured and is not checked.
//
//===----------------------------------------------------------------------===//

#include "Spec/OperandRoles.h"

#include <algorithm>

namespace ptxlint {
namespace spec {

namespace {

using T = RoleType;
constexpr uint32_t bits(std::initializer_list<RoleType> L) {
  uint32_t M = 0;
  for (RoleType X : L)
    M |= typeBit(X);
  return M;
}

// The type sets of the rows.
/// .b32 .u32 .s32: the warp-level and bit instructions of 32-bit type.
constexpr uint32_t Int32 = bits({T::B32, T::U32, T::S32});
constexpr uint32_t B32 = bits({T::B32});
/// The integer types of 16 bits and more, .b128 included.
constexpr uint32_t Int16Up =
    bits({T::B16, T::B32, T::B64, T::B128, T::U16, T::U32, T::U64, T::S16, T::S32, T::S64});
constexpr uint32_t Float = bits({T::F32, T::F64});
/// The types whose rules the probe measured for the arithmetic instructions.
constexpr uint32_t Arith = Int16Up | Float;
/// The half and packed types (9.7.4): their own measured list of opcodes.
constexpr uint32_t Packed = bits({T::F16, T::F16x2, T::BF16, T::BF16x2});
constexpr uint32_t Pred = bits({T::Pred});
/// The packed pairs (9.7.1.1, 9.7.3.3): .u16x2 and .s16x2 take the registers .f16x2
/// takes, .f32x2 a .b64 register; none takes a constant ("Arguments mismatch for
/// instruction 'add'"; test/isa-operands/packed-pairs.test).
constexpr uint32_t Int16x2 = bits({T::U16x2, T::S16x2});
constexpr uint32_t F32x2 = bits({T::F32x2});
/// mul.wide/mad.wide: integer types of 16 and 32 bits.
constexpr uint32_t Int16To32 = bits({T::B16, T::B32, T::U16, T::U32, T::S16, T::S32});
constexpr uint32_t Int32To64 = bits({T::B32, T::B64, T::U32, T::U64, T::S32, T::S64});
/// The extended-precision instructions (9.7.2): .u32 .s32 .u64 .s64.
constexpr uint32_t Ext = bits({T::U32, T::S32, T::U64, T::S64});
constexpr uint32_t Int32Up = bits({T::B32, T::B64, T::B128, T::U32, T::U64, T::S32, T::S64});
constexpr uint32_t Bit32Up = bits({T::B32, T::B64, T::B128});
constexpr uint32_t Bit32To64 = bits({T::B32, T::B64});
/// cvt: every type but .pred and the packed ones (.f16 is plain here).
constexpr uint32_t CvtPlain = Int16Up | bits({T::B8, T::U8, T::S8, T::F16, T::F32, T::F64});
/// ld/st: no .pred, no half or packed type, no .b128 (CUDA 13.0's
/// cuda_ptx_generated.h writes `ld.acquire.cta.b128 [%2],_d;` in templates
/// nvcc never instantiates; test/cuda/cuda-headers.test keeps them clean).
constexpr uint32_t Memory = (CvtPlain & ~bits({T::B128, T::F16}));

using Row = OperandRoleRow;
constexpr RoleArity Any = RoleArity::Any, One = RoleArity::One, Two = RoleArity::Two,
                    OneOrMore = RoleArity::OneOrMore;

/// bar/barrier (9.7.13.1): barrier numbers, thread counts and bar.warp.sync's
/// member mask are 32-bit integer registers or constants; bar.red's d is .pred
/// for .and/.or and 32-bit for .popc, its c a .pred ("Arguments mismatch for
/// instruction 'bar'"); without .red they have no destination.
#define PTXLINT_BARRIER_ROWS(Name)                                                                 \
  Row(Name, Any, 0, "PCP").with(".red", ".pred").ops(3).typeU32(),                                 \
      Row(Name, Any, 0, "PCCP").with(".red", ".pred").ops(4).typeU32(),                            \
      Row(Name, Any, 0, "CCP").with(".red").ops(3).typeU32(),                                      \
      Row(Name, Any, 0, "CCCP").with(".red").ops(4).typeU32(),                                     \
      Row(Name, Any, 0, "C").without(".red").ops(1).typeU32().noDest(),                            \
      Row(Name, Any, 0, "CC").without(".red", ".warp").ops(2).typeU32().noDest()

/// The scalar and SIMD video instructions (9.7.10.1-2), two or three type
/// qualifiers: every operand a 32-bit integer register (.f16x2 too, as strict
/// .u32 takes it) or a constant. Operands with a byte or half selector
/// (%r2.b0) are not looked up.
#define PTXLINT_VIDEO_ROW(Name) Row(Name, OneOrMore, Int32, "S*").typeU32()
/// The SIMD video instructions (9.7.18.2): registers only, no constant or
/// `gv+4` in any operand (ptxas 13.0 "Incorrect video selector for operand N";
/// test/isa-operands/video-simd.test).
#define PTXLINT_VIDEO_SIMD_ROW(Name) Row(Name, OneOrMore, Int32, "S*").typeU32().registersOnly()

// clang-format off
constexpr OperandRoleRow Rows[] = {
    Row("abs", One, Arith | Packed, "SS").packedRegisters(),
    Row("activemask", One, Int32, "S"),
    // add, sub, mul, min, max of the half types: measured for add, fma, neg,
    // abs, min, max, setp, ex2 (probe); sub and mul share add's operands.
    // Their half and packed operands take no constant
    // (test/isa-operands/packed-constants.test).
    Row("add", One, Int16x2 | F32x2, "SSS").packedRegisters(),
    Row("add", One, Packed, "SSS").packedRegisters(),
    Row("add", One, Arith, "SSS").without(".wide"),
    // addc, subc, madc (9.7.2): every operand of the type, strict ("Arguments
    // mismatch for instruction 'addc'"; test/isa-operands/extended-precision.test).
    Row("addc", One, Ext, "SSS"),
    // alloca (9.7.17.3): ptr and size of the type, the alignment a constant ("Arguments
    // mismatch for instruction 'alloca'"; test/isa-operands/sink-alloca.test), a power of
    // two in its low 32 bits up to 2^23 ("Alignment must be a power of two", "Alignment
    // value too large, exceeds 2^23"; session 13's per-class seed 53).
    Row("alloca", One, bits({T::U32, T::U64}), "SSG").minOps(2),
    Row("and", One, Arith | Pred, "SSS").without(".wide"),
    PTXLINT_BARRIER_ROWS("bar"),
    PTXLINT_BARRIER_ROWS("barrier"),
    // bfe/bfi: the data operands of the type, the bit position and length
    // .b32/.u32/.s32, for 32- and 64-bit types alike; constants 0..255
    // (test/isa-operands/bit-field-range.test).
    Row("bfe", One, Int32To64, "SSCC").fieldConstants(),
    Row("bfi", One, Int32To64, "SSSCC").fieldConstants(),
    // bfind.u64/.s64 too: d .b32/.u32/.s32, a of the type (ptxas 13.0 -arch sm_90a: "Arguments
    // mismatch for instruction 'bfind'" for a .b64 d; sample J, test/isa-operands/bfind-64.test).
    Row("bfind", One, Int32To64, "CS"),
    // brev.b64 too (ptxas 13.0: "Arguments mismatch for instruction 'brev'" for a .b32
    // d or a of brev.b64; session-11 hand mutants, test/isa/s11-isa-round2.test).
    Row("brev", One, Bit32To64, "SS"),
    // clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 p, response and
    // .get_first_ctaid::{x,y,z}.b32.b128 d, response (9.7.13.18): p a .pred, d 32-bit, the
    // response a .b128 register (ptxas 13.0 -arch sm_100a: "Arguments mismatch for instruction
    // 'clusterlaunchcontrol.query_cancel'" for a .b32 p, a .b64 d or response; sample K,
    // test/isa/s13-async-multimem.test). The .v4 form is not checked here.
    Row("clusterlaunchcontrol", Two, bits({T::Pred, T::B128}), "PO").with(".is_canceled"),
    Row("clusterlaunchcontrol", Two, bits({T::B32, T::B128}), "SO")
        .with(".query_cancel")
        .without(".v4"),
    Row("clz", One, Bit32Up, "CS"),
    Row("cnot", One, Arith, "SS"),
    Row("copysign", One, Float, "SSS"),
    Row("cos", One, Float, "SS"),
    // createpolicy's d is a 64-bit integer register (probe, ptxas 13.0: .b32,
    // .f64, .f16 are "Arguments mismatch for instruction
    // 'createpolicy.fractional'"; sample F); the other operands are not measured.
    Row("createpolicy", One, bits({T::B64}), "S---").minOps(1).typeU64(),
    Row("cvt", Two, CvtPlain, "RO").ops(2),
    // d and a are addresses of exactly the size given ("Arguments mismatch"
    // for a .b64 register with .u32 and a .b32 one with .u64, and for .f64
    // registers).
    Row("cvta", One, Int32Up, "SS").ops(2),
    Row("div", One, Arith, "SSS").without(".wide"),
    // dp4a/dp2a (9.7.1.23-24): d .b32/.u32/.s32 only.
    Row("dp2a", OneOrMore, Int32, "CSSS").ops(4).typeU32(),
    Row("dp4a", OneOrMore, Int32, "CSSS").ops(4).typeU32(),
    // elect.sync d|p, membermask: d and the mask .b32/.u32/.s32 ("Arguments mismatch for
    // instruction 'elect'" for a .b8, .b16, .b64, .f32 or .v2 d and an .f32 mask; sample H's
    // mutants of inline-asm elect.sync, test/isa-operands/tanh-elect.test).
    Row("elect", Any, 0, "CC").typeU32(),
    Row("ex2", One, Float | Packed, "SS").packedRegisters(),
    Row("fma", One, F32x2, "SSSS").packedRegisters(),
    Row("fma", One, Arith | Packed, "SSSS").packedRegisters(),
    // getctarank{.space}.type d, a: d a .b32/.u32/.s32 register, a of the type's size or a
    // variable (ptxas 13.0 -arch sm_90a: "Arguments mismatch for instruction 'getctarank'" for a
    // .b64 d of .u32 and a .b32 a of .u64; sample J,
    // test/isa-operands/mbarrier-count-getctarank.test).
    Row("getctarank", One, Int32Up, "CS").ops(2),
    // isspacep.space p, a: p a .pred ("Arguments mismatch for instruction 'isspacep'" for a
    // .b32 or .b64 p; session-11 hand mutants); a, an address, is not checked here.
    Row("isspacep", Any, 0, "P-").typeU32(),
    Row("ld", One, Memory, "RA").cachePolicy(),
    Row("lg2", One, Float, "SS"),
    // lop3.b32 d, a, b, c, immLut: any 32-bit register, immLut a constant
    // (the predicate-output form has six operands).
    Row("lop3", One, B32, "SSSSI").ops(5),
    Row("mad", One, Int16To32, "WSSW").with(".wide"),
    Row("mad", One, Arith, "SSSS").without(".wide"),
    Row("madc", One, Ext, "SSSS"),
    // mapa{.space}.type d, a, b (9.7.9.23): d and a of the type's size, a register or a
    // variable, b a 32-bit integer register or constant (ptxas 13.0 -arch sm_90a: "Arguments
    // mismatch for instruction 'mapa'" for .b32 registers with .u64, .b64 ones with .u32, an
    // .f32 d or a, a .b64, .b16 or .f32 b; sample J, test/isa-operands/mapa-operands.test).
    Row("mapa", One, Int32Up, "SSC").ops(3),
    // match.{any,all}.sync.{b32,b64} d[|p], a, membermask: d and the mask
    // .b32/.u32/.s32, a of the type.
    Row("match", One, Bit32To64, "CSC"),
    Row("max", One, Int16x2, "SSS").packedRegisters(),
    Row("max", One, Packed, "SSS").packedRegisters(),
    Row("max", One, Arith, "SSS").without(".wide"),
    // isa round 2 (session 11): mbarrier.test_wait/try_wait{.parity}.b64 waitComplete,
    // [addr], state|phaseParity{, suspendTimeHint}: waitComplete a .pred (or _), state of
    // 64 bits, phaseParity and suspendTimeHint .b32/.u32/.s32 (ptxas 13.0 -arch sm_90:
    // "Arguments mismatch for instruction 'mbarrier.try_wait'" for a .b32/.u32/.b64
    // waitComplete, a .b32 or .f64 state, a .b64, .f32 or .b16 parity or hint;
    // test/isa/s11-isa-round2.test).
    // The state is a 64-bit integer register, never .f64 ("Arguments mismatch for
    // instruction 'mbarrier.test_wait'/'try_wait'/'arrive'/'arrive_drop'/'pending_count'";
    // issue 14's residue, test/isa-operands/mbarrier-state.test): typed .u64.
    Row("mbarrier", One, bits({T::B64}), "S-C").with(".arrive").minOps(2).typeU64(),
    Row("mbarrier", One, bits({T::B64}), "S-C").with(".arrive_drop").minOps(2).typeU64(),
    Row("mbarrier", One, bits({T::B64}), "CS").with(".pending_count").typeU64(),
    // mbarrier.init [addr], count and mbarrier.expect_tx/complete_tx [addr], txCount: count
    // .b32/.u32/.s32 ("Arguments mismatch for instruction 'mbarrier.init'"/'mbarrier.expect_tx'
    // for a .b64 or .f32 count; sample J, test/isa-operands/mbarrier-count-getctarank.test).
    Row("mbarrier", One, bits({T::B64}), "-C").with(".init").ops(2).typeU64(),
    Row("mbarrier", One, bits({T::B64}), "-C").with(".expect_tx").without(".arrive").ops(2)
        .typeU64(),
    Row("mbarrier", One, bits({T::B64}), "-C").with(".complete_tx").ops(2).typeU64(),

    Row("mbarrier", One, bits({T::B64}), "P-C").with(".test_wait", ".parity"),
    Row("mbarrier", One, bits({T::B64}), "P-S").with(".test_wait").typeU64(),
    Row("mbarrier", One, bits({T::B64}), "P-CC").with(".try_wait", ".parity").minOps(3),
    Row("mbarrier", One, bits({T::B64}), "P-SC").with(".try_wait").minOps(3).typeU64(),
    Row("min", One, Int16x2, "SSS").packedRegisters(),
    Row("min", One, Packed, "SSS").packedRegisters(),
    Row("min", One, Arith, "SSS").without(".wide"),
    Row("mov", One, Arith | Pred, "SS"),
    Row("mul", One, F32x2, "SSS").packedRegisters(),
    Row("mul", One, Packed, "SSS").packedRegisters(),
    Row("mul", One, Int16To32, "WSS").with(".wide"),
    Row("mul", One, Arith, "SSS").without(".wide"),
    Row("mul24", One, Int32, "SSS"),
    // multimem.ld_reduce d, [a] / multimem.st [a], b / multimem.red [a], b (9.7.9.14): d and b
    // of the type's size, scalar or vector ("Arguments mismatch for instruction
    // 'multimem.ld_reduce'" for a .b64 d of .u32, 'multimem.st' and 'multimem.red' for a .b64 b
    // of .b32/.u32; sample K, test/isa/s13-async-multimem.test).
    // Their vector forms (.v2/.v4/.v8 of the float types) are not checked here.
    Row("multimem", Any, 0, "--").with(".v2").typeU32(),
    Row("multimem", Any, 0, "--").with(".v4").typeU32(),
    Row("multimem", Any, 0, "--").with(".v8").typeU32(),
    Row("multimem", One, Int32To64 | Float, "S-").with(".ld_reduce"),
    Row("multimem", One, Int32To64 | Float, "-S").with(".st").noDest(),
    Row("multimem", One, Int32To64 | Float, "-S").with(".red").noDest(),
    // nanosleep.u32 t ("Arguments mismatch" for a .pred, .b16 or .b64
    // register; test/isa/s10-misses.test).
    Row("nanosleep", One, Int32, "C").noDest(),
    Row("neg", One, Arith | Packed, "SS").packedRegisters(),
    Row("not", One, Arith | Pred, "SS"),
    Row("or", One, Arith | Pred, "SSS").without(".wide"),
    Row("popc", One, Bit32Up, "CS"),
    Row("prmt", One, B32, "SSSS"),
    Row("rcp", One, Float, "SS"),
    Row("redux", One, Int32, "CCC"),
    Row("rem", One, Arith, "SSS").without(".wide"),
    Row("rsqrt", One, Float, "SS"),
    // sad of every integer type: d, a, b, c of the type ("Arguments mismatch
    // for instruction 'sad'" for sad.u16 on .b32 registers; found by the
    // session-6 mutant sweep, test/isa-operands/sad.test).
    Row("sad", One, Int16Up, "SSSS"),
    Row("selp", One, Arith, "SSSP"),
    // d (or d|p), a, b and, with a boolean operation, c.
    // set (9.7.6.1, 9.7.7.1): d of the destination type, a and b of the source type
    // (wider registers allowed, as cvt's source), c a predicate ("Arguments mismatch for
    // instruction 'set'"; test/isa-operands/set-operands.test).
    Row("set", Two, Arith | Packed, "SOOP").minOps(3),
    Row("setp", One, Arith | Packed, "PSSP").minOps(3).packedRegisters(),
    Row("shfl", One, Int32, "SSSSC").with(".sync"),
    Row("shl", One, Int16Up, "SSH"),
    Row("shr", One, Int16Up, "SSH"),
    Row("sin", One, Float, "SS"),
    Row("sqrt", One, Float, "SS"),
    // st.async [a], b{, [mbar]} (9.7.9.12): b strictly of the type's size, unlike st's
    // ("Arguments mismatch for instruction 'st.async'" for a .b64 b of .b32; sample K,
    // test/isa/s13-async-multimem.test). Its 8- and 16-bit types take st's row.
    Row("st", One, Int32To64 | Float, "AS-").with(".async").minOps(2).noDest(),
    Row("st", One, Memory, "AR").cachePolicy().noDest(),
    Row("sub", One, F32x2, "SSS").packedRegisters(),
    Row("sub", One, Packed, "SSS").packedRegisters(),
    Row("sub", One, Arith, "SSS").without(".wide"),
    Row("subc", One, Ext, "SSS"),
    // suq's d is 32-bit (9.7.11.4; ptxas 13.0: .b16 and .b64 registers are
    // "Arguments mismatch for instruction 'suq'"; sample G's mutants of
    // ptx_frontend's surface fixture, test/isa/surface-operand-types.test).
    // The data registers of suld/sust/sured: lib/Check/IsaTexture.cpp (nvcc
    // writes them as vectors of one, {%r3}).
    Row("suq", One, B32, "S-"),
    // tanh.approx as ex2.approx: .f16x2 on .b32/.f16x2 registers, not .u32/.s32/.f32
    // ("Arguments mismatch for instruction 'tanh'"; sample H, tanh-elect.test).
    Row("tanh", One, Float | Packed, "SS").packedRegisters(),
    // testp.op.{f32,f64} p, a: p a .pred, a strict (ptxas 13.0: "Arguments mismatch for
    // instruction 'testp'" for a .b32/.u32/.f32 p, a .u32/.s32 a of .f32, a .f32 a of
    // .f64; a .b32 a of .f32 assembles; test/isa/s11-isa-round2.test).
    Row("testp", One, Float, "PS"),
    PTXLINT_VIDEO_ROW("vabsdiff"),
    PTXLINT_VIDEO_SIMD_ROW("vabsdiff2"),
    PTXLINT_VIDEO_SIMD_ROW("vabsdiff4"),
    PTXLINT_VIDEO_ROW("vadd"),
    PTXLINT_VIDEO_SIMD_ROW("vadd2"),
    PTXLINT_VIDEO_SIMD_ROW("vadd4"),
    PTXLINT_VIDEO_SIMD_ROW("vavrg2"),
    PTXLINT_VIDEO_SIMD_ROW("vavrg4"),
    PTXLINT_VIDEO_ROW("vmad").negatableSources(),
    PTXLINT_VIDEO_ROW("vmax"),
    PTXLINT_VIDEO_SIMD_ROW("vmax2"),
    PTXLINT_VIDEO_SIMD_ROW("vmax4"),
    PTXLINT_VIDEO_ROW("vmin"),
    PTXLINT_VIDEO_SIMD_ROW("vmin2"),
    PTXLINT_VIDEO_SIMD_ROW("vmin4"),
    // vote.sync.{all,any,uni}.pred d, {!}a, membermask; vote.sync.ballot.b32.
    Row("vote", One, Pred, "PPC").with(".sync"),
    Row("vote", One, Int32, "SPC").with(".sync", ".ballot"),
    PTXLINT_VIDEO_ROW("vset"),
    PTXLINT_VIDEO_SIMD_ROW("vset2"),
    PTXLINT_VIDEO_SIMD_ROW("vset4"),
    PTXLINT_VIDEO_ROW("vshl"),
    PTXLINT_VIDEO_ROW("vshr"),
    PTXLINT_VIDEO_ROW("vsub"),
    PTXLINT_VIDEO_SIMD_ROW("vsub2"),
    PTXLINT_VIDEO_SIMD_ROW("vsub4"),
    Row("xor", One, Arith | Pred, "SSS").without(".wide"),
};
// clang-format on

#undef PTXLINT_BARRIER_ROWS
#undef PTXLINT_VIDEO_ROW

constexpr llvm::StringLiteral TypeNames[] = {
    ".b8",   ".b16",   ".b32",  ".b64",    ".b128",  ".u8",    ".u16",  ".u32",
    ".u64",  ".s8",    ".s16",  ".s32",    ".s64",   ".f16",   ".f32",  ".f64",
    ".pred", ".f16x2", ".bf16", ".bf16x2", ".u16x2", ".s16x2", ".f32x2"};
static_assert(sizeof(TypeNames) / sizeof(TypeNames[0]) == unsigned(RoleType::F32x2) + 1,
              "one name per RoleType");

} // namespace

OperandRole operandRoleOf(char Letter) {
  switch (Letter) {
  case 'S':
    return OperandRole::Strict;
  case 'R':
    return OperandRole::Relaxed;
  case 'O':
    return OperandRole::Source;
  case 'P':
    return OperandRole::Pred;
  case 'W':
    return OperandRole::Wide;
  case 'H':
    return OperandRole::Shift;
  case 'C':
    return OperandRole::Count;
  case 'A':
    return OperandRole::Address;
  case 'I':
    return OperandRole::Imm;
  case 'G':
    return OperandRole::Align;
  case '-': // not checked
  default:
    return OperandRole::Optional;
  }
}

bool roleTypeOf(llvm::StringRef Qualifier, RoleType &Out) {
  for (unsigned K = 0; K < sizeof(TypeNames) / sizeof(TypeNames[0]); ++K)
    if (TypeNames[K] == Qualifier) {
      Out = RoleType(K);
      return true;
    }
  return false;
}

llvm::ArrayRef<OperandRoleRow> operandRoleRows() { return Rows; }

llvm::ArrayRef<OperandRoleRow> operandRoleRows(llvm::StringRef Opcode) {
  const OperandRoleRow *Begin = std::lower_bound(
      std::begin(Rows), std::end(Rows), Opcode,
      [](const OperandRoleRow &R, llvm::StringRef Op) { return llvm::StringRef(R.Opcode) < Op; });
  const OperandRoleRow *End = Begin;
  while (End != std::end(Rows) && llvm::StringRef(End->Opcode) == Opcode)
    ++End;
  return llvm::ArrayRef<OperandRoleRow>(Begin, End);
}

} // namespace spec
} // namespace ptxlint
