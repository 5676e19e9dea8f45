//===- IsaOperandsTypes.cpp - register and constant types of operands -===//
//
// The type rules of IsaOperands.cpp (see its header): which declared
// register types and which constants fit an operand of each role.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"
#include "Check/IsaOperandsImpl.h"
#include "Spec/Addressing.h"
#include "Spec/Names.h"
#include "Support/IntLiteral.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {
namespace isaop {

Ty parseTy(llvm::StringRef S) {
  // .u32, .b64, .f16 ...: the common case first (every register operand).
  if (S.size() == 4 && S[0] == '.' && (S[1] == 'b' || S[1] == 'u' || S[1] == 's' || S[1] == 'f')) {
    unsigned Bits = (S[2] == '1' && S[3] == '6')   ? 16
                    : (S[2] == '3' && S[3] == '2') ? 32
                    : (S[2] == '6' && S[3] == '4') ? 64
                                                   : 0;
    if (Bits)
      return {S[1], Bits};
  }
  if (S == ".pred")
    return {'p', 1};
  if (S == ".f16x2")
    return {'h', 32};
  if (S == ".bf16")
    return {'e', 16};
  if (S == ".bf16x2")
    return {'g', 32};
  // The packed integer and float pairs (9.7.1.1, 9.7.3.3): .u16x2/.s16x2 take the
  // registers .f16x2 takes, .f32x2 a .b64 register only (class 'x').
  if (S == ".u16x2" || S == ".s16x2")
    return {'h', 32};
  if (S == ".f32x2")
    return {'x', 64};
  if (S.size() < 3 || !S.startswith("."))
    return {};
  char C = S[1];
  if (C != 'b' && C != 'u' && C != 's' && C != 'f')
    return {};
  unsigned Bits = 0;
  if (decimalFails(S.drop_front(2), Bits))
    return {};
  // .b128 (probe, ptxas 13.0): a .b128 register is a bit type of 128 bits
  // under the same rules (mov.b64 of a .b128 register is an "Arguments
  // mismatch", ld.global.b64 into one is not; test/isa-operands/b128.test).
  if (Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64 && !(C == 'b' && Bits == 128))
    return {};
  if (C == 'f' && Bits == 8)
    return {};
  return {C, Bits};
}

namespace {

bool strictOk(Ty T, Ty R) {
  switch (T.Cls) {
  case 'p':
    return R.Cls == 'p' || R.Cls == 'h'; // .f16x2: ptxas takes it (probe)
  case 'u':
  case 's':
    return (R.isInt() && R.Bits == T.Bits) || (R.Cls == 'h' && T.Bits == 32);
  case 'f':
    return (R.Cls == 'b' || R.Cls == 'f') && R.Bits == T.Bits;
  case 'b':
    return R.Cls != 'p' && R.Bits == T.Bits;
  // The packed and half types (probe, ptxas 13.0): .f16x2 takes .b32 or
  // .f16x2, .bf16 .b16 only, .bf16x2 .b32 only (and, a quirk of setp's b,
  // .pred: ptxas takes `setp.eq.bf16x2 %p, %r, %p`).
  case 'h':
    return R.Cls == 'h' || (R.Cls == 'b' && R.Bits == 32);
  case 'e':
    return R.Cls == 'b' && R.Bits == 16;
  case 'g':
    return (R.Cls == 'b' && R.Bits == 32) || R.Cls == 'p';
  // .f32x2: a .b64 register, not .u64, .s64 or .f64 ("Arguments mismatch for
  // instruction 'add'"; test/isa-operands/packed-pairs.test).
  case 'x':
    return R.Cls == 'b' && R.Bits == 64;
  }
  return true;
}

bool relaxedOk(Ty T, Ty R) {
  if (R.Cls == 'p')
    return false;
  switch (T.Cls) {
  case 'b':
    return R.Bits >= T.Bits;
  case 'u':
  case 's':
    return (R.isInt() && R.Bits >= T.Bits) || (R.Cls == 'h' && T.Bits <= 32);
  case 'f':
    return (R.Cls == 'b' && R.Bits >= T.Bits) || (R.Cls == 'f' && R.Bits == T.Bits);
  }
  return true;
}

} // namespace

/// Whether register type R fits role Rl of an instruction of type T.
bool regOk(Role Rl, Ty T, Ty R) {
  switch (Rl) {
  case Role::Strict:
    return strictOk(T, R);
  case Role::Relaxed:
  case Role::Source:
    return relaxedOk(T, R);
  case Role::Pred:
    return R.Cls == 'p';
  case Role::Wide:
    return strictOk({T.Cls, T.Bits * 2}, R);
  case Role::Shift:
  case Role::Count:
    return R.isInt() && R.Bits == 32;
  default:
    return true;
  }
}

/// Whether the constant O fits an operand of type T.
bool immOk(Ty T, const Operand &O) {
  if (T.Cls == 'h' || T.Cls == 'e' || T.Cls == 'g' || T.Cls == 'x')
    return true; // constants of the packed types were not measured
  if (O.Kind == OperandKind::IntImm)
    return T.Cls != 'f' || T.Bits < 32; // .f16 constants were not measured
  llvm::StringRef S = O.Text;
  bool Hex32 = S.startswith_insensitive("0f");
  switch (T.Cls) {
  case 'f':
    return true;
  case 'b':
    if (T.Bits == 128)
      return true; // floating-point constants of .b128 were not measured
    return T.Bits == 32 ? Hex32 : T.Bits == 64 ? !Hex32 : false;
  default:
    return false;
  }
}
std::string validRegs(Role Rl, Ty T) {
  if (T.Bits == 128 && Rl != Role::Pred)
    return ".b128"; // the one 128-bit register type
  llvm::SmallVector<llvm::StringRef, 16> Ok;
  for (const char *D : spec::RegisterDeclTypes)
    if (regOk(Rl, T, parseTy(D)) &&
        !(Rl == Role::Strict && T.Cls == 'p' && parseTy(D).Cls == 'h') &&
        !(Rl == Role::Strict && T.Cls == 'g' && parseTy(D).Cls == 'p'))
      Ok.push_back(D);
  return joinList(Ok, "or");
}

std::string validImms(Ty T) {
  switch (T.Cls) {
  case 'f':
    return "a floating-point constant (1.0, 0f3F800000 or 0d3FF0000000000000)";
  case 'b':
    if (T.Bits == 32)
      return "an integer or 0f (32-bit floating-point) constant";
    if (T.Bits == 64)
      return "an integer, decimal floating-point or 0d constant";
    return "an integer constant";
  default:
    return "an integer constant";
  }
}
std::string spelledOp(const Instruction &I) {
  std::string S = std::string(I.Opcode);
  for (llvm::StringRef Q : I.Qualifiers)
    S += Q.str();
  return S;
}
bool checkRegister(const Instruction &I, CheckContext &Ctx, const Operand &O, Role Rl, Ty T,
                   WhatFn What, bool InVector, bool AllFloat) {
  // Undeclared names are the symbol checks' concern; variables, parameters
  // and whole vector registers are not typed here; a component (%v.x) is a
  // register of the vector's element type (ptxas 13.0,
  // test/isa-operands/vector-registers.test).
  const RegisterInfo *Info = scalarRegister(Ctx, O.Text);
  if (!Info)
    return false;
  Ty R = parseTy(Info->Type);
  if (!R.valid())
    return false;
  // A vector's elements may be wider than the type, as scalars may: ptxas
  // 13.0 takes .b32 elements of ld/st.v2.s8 and .v2.u16 and .b64 ones of
  // ld.v2.f32 (CUDA's sm_32_intrinsics.hpp writes `ld.global.nc.v2.s8 {%0,%1}`
  // with "=r" operands), but a .f16/.bf16 vector takes 16-bit elements only.
  // Elements of different sizes are checked by the caller. An element of the
  // vector's size may be of another class: integer registers in a .f32/.f64
  // vector, a .f16 one in ld.v2.u16 (valid.ptx), but an integer .u/.s vector
  // takes floating-point registers only beside an integer one (ptxas 13.0:
  // `ld.global.v2.f32 {%u1, %u2}`, `ld.global.v2.u32 {%f1, %r2}` assemble,
  // `ld.global.v2.u32 {%f1, %f2}` and `ld.global.v2.u16 {%hf1, %hf2}` are
  // "Arguments mismatch"). A vector of one element is one too: `ld.global.f64
  // {%ud1}` assembles where `ld.global.f64 %ud1` does not
  // (test/isa/s11-isa-round2.test).
  if (InVector && T.Cls == 'f' && T.Bits == 16) {
    if (R.Cls != 'p' && R.Bits == 16 && R.Cls != 'u' && R.Cls != 's')
      return false;
  } else if (regOk(Rl, T, R) || (InVector && R.Cls != 'p' && R.Bits == T.Bits &&
                                 !((T.Cls == 'u' || T.Cls == 's') && R.Cls == 'f' && AllFloat))) {
    return false;
  }
  std::string Kind = "a " + validRegs(Rl, T) + " register";
  if (Rl == Role::Pred)
    Kind = "a .pred register";
  else if (InVector && T.Cls == 'f' && T.Bits == 16)
    Kind = "a 16-bit register (.b16 or .f16)";
  bool Component = Info->VectorWidth > 1;
  llvm::StringRef Base = llvm::StringRef(O.Text).rsplit('.').first;
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaOperandType, O.Range,
      What() + " must be " + Kind + "; " + std::string(O.Text) +
          (Component ? " is a component of " + Base.str() + ", declared " + vectorDecl(*Info)
                     : " is declared " + Info->Type.str()));
  if (Info->DeclRange.isValid())
    D.Notes.push_back(
        {Info->DeclRange, (Component ? Base.str() : std::string(O.Text)) + " is declared here"});
  return true;
}

/// ptxas: "Vector with elements of different types are not allowed" when
/// the registers of one ld/st vector differ in size (`{%r1, %rd1}`), or mix
/// floating-point and .u/.s registers (`{%f1, %u1}`; a .b register goes with
/// either: `{%f1, %r1}` and `{%s1, %u1}` assemble; ptxas 13.0,
/// test/isa/s11-isa-round2.test).
void checkSameSize(CheckContext &Ctx, const Operand &V, WhatFn What) {
  unsigned First = 0;
  const Operand *Float = nullptr, *Int = nullptr;
  for (const Operand &E : V.Elements) {
    if (E.Kind != OperandKind::Name)
      continue;
    const RegisterInfo *Info = scalarRegister(Ctx, E.Text);
    if (!Info)
      continue;
    Ty R = parseTy(Info->Type);
    if (!R.valid() || R.Cls == 'p')
      continue;
    const Operand *&Mine = R.Cls == 'f' ? Float : Int;
    if ((R.Cls == 'f' || R.Cls == 'u' || R.Cls == 's') && !Mine)
      Mine = &E;
    if (Float && Int && R.Bits == First) {
      const Operand &Other = Mine == Float ? *Int : *Float;
      Ctx.Diags.report(Rule::IsaOperandType, E.Range,
                       What() + ": the elements of a vector are all floating-point or all " +
                           "integer (.b registers go with either); " + std::string(E.Text) +
                           " and " + std::string(Other.Text) + " are not");
      return;
    }
    if (!First) {
      First = R.Bits;
      continue;
    }
    if (R.Bits != First) {
      Ctx.Diags.report(Rule::IsaOperandType, E.Range,
                       What() + ": the elements of a vector must have one size; " +
                           std::string(E.Text) + " is " + std::to_string(R.Bits) +
                           "-bit, the first " + std::to_string(First) + "-bit");
      return;
    }
  }
}
namespace {

/// A decimal integer constant ("1", "-2") as a floating-point one ("1.0").
std::string asFloat(llvm::StringRef S) {
  llvm::StringRef Digits = S.startswith("-") ? S.drop_front() : S;
  if (Digits.empty() || !llvm::all_of(Digits, llvm::isDigit) ||
      (Digits.size() > 1 && Digits[0] == '0'))
    return "";
  return S.str() + ".0";
}
} // namespace

void checkOperand(const Instruction &I, CheckContext &Ctx, const Operand &O, Role Rl, Ty T,
                  bool IsDest, WhatFn What) {
  if (Rl == Role::Optional)
    return;
  // `mov.u32 s, a[1]` moves an element's address (PTX ISA 6.4.2): a source value.
  bool IsAddr = O.Kind == OperandKind::Address && !(O.ArrayIndex && !IsDest);
  if ((Rl == Role::Imm || Rl == Role::Align) && O.Kind == OperandKind::Name) {
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     What() + " must be a constant, not the register " + std::string(O.Text));
    return;
  }
  if (Rl == Role::Address) {
    if (O.Kind == OperandKind::Name || O.isImmediate())
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " must be an address in brackets, [" + std::string(O.Text) + "]");
    return;
  }
  if (IsAddr) {
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     What() + " must be a register" + (IsDest ? "" : " or a constant") +
                         ", not an address");
    return;
  }
  if (Rl == Role::Align && O.Kind == OperandKind::IntImm) {
    // ptxas 13.0 reads the low 32 bits (alloca's -8 is 0xfffffff8).
    uint32_t V = static_cast<uint32_t>(O.IntValue);
    if (V == 0 || (V & (V - 1)) != 0 || V > (1u << 23))
      Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                       What() + " is an alignment: a power of two from 1 to 2^23 (8388608), not " +
                           std::string(O.Text));
    return;
  }
  if (O.isImmediate()) {
    if (IsDest) {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " must be a register, found the constant " + std::string(O.Text));
      return;
    }
    Ty IT = Rl == Role::Shift || Rl == Role::Pred ? Ty{'u', 32} : T;
    // bfe/bfi's bit position and field length (ptxas 13.0: "value '256' out
    // of range, expected to be in range [0..255]"; test/isa-operands/bit-field-range.test).
    const Shape *S = nullptr;
    if (Rl == Role::Count && O.Kind == OperandKind::IntImm && (S = shapeOf(I, Ctx)) &&
        S->FieldConstants) {
      IntLiteral L = decodeIntLiteral(llvm::StringRef(O.Text).ltrim("-"));
      if (O.IntValue < 0 || O.IntValue > 255 || L.State != IntLiteral::Fits)
        Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                         What() + " takes a constant from 0 to 255, not " + std::string(O.Text));
      return;
    }
    // The half and packed types take no constant in the arithmetic rows
    // marked so (ptxas 13.0: "Arguments mismatch for instruction 'add'"
    // for add.f16x2 with 0x3C003C00, 1, 1.0, 0f3F800000 or 0d constants;
    // test/isa-operands/packed-constants.test).
    if (Rl == Role::Strict &&
        (IT.Cls == 'h' || IT.Cls == 'e' || IT.Cls == 'g' || IT.Cls == 'x' ||
         (IT.Cls == 'f' && IT.Bits == 16)) &&
        (S = shapeOf(I, Ctx)) && S->PackedRegisters) {
      Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                       What() + " takes a register, not the constant " + std::string(O.Text) +
                           ": load it into a register with mov.b" + std::to_string(IT.Bits) +
                           " first");
      return;
    }
    if (immOk(IT, O))
      return;
    bool IsFloat = O.Kind == OperandKind::FloatImm;
    Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandImmediate, O.Range,
                                     What() + " takes " + validImms(IT) + ", not the " +
                                         (IsFloat ? "floating-point" : "integer") + " constant " +
                                         std::string(O.Text));
    if (!IsFloat && IT.Cls == 'f') {
      std::string F = asFloat(O.Text);
      if (!F.empty())
        D.Fixes.push_back({O.Range, F});
    }
    return;
  }
  // A vector in braces where the instruction takes a scalar (ptxas 13.0:
  // "Vector operand is not allowed for instruction 'add'"); ld, st and mov
  // take vectors of their own.
  const spec::AddressingRow *Row =
      O.Kind == OperandKind::Vector ? spec::addressingOf(I.Opcode) : nullptr;
  if (O.Kind == OperandKind::Vector && !(Row && (Row->VectorData >= 0 || Row->Moves))) {
    Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                     What() + " must be a scalar register" + (IsDest ? "" : " or a constant") +
                         ", not a vector in braces");
    return;
  }
  bool Elementwise =
      (O.Kind == OperandKind::Vector && Rl == Role::Relaxed && Row->VectorData >= 0) ||
      (O.Kind == OperandKind::PredPair && Rl == Role::Pred);
  if (O.Kind == OperandKind::Name && IsDest) {
    // A variable's name stands for its address, which no instruction writes
    // (ptxas 13.0: "Argument 0 of instruction 'mov': must be register").
    const RegisterInfo *Info = Ctx.Syms.lookup(O.Text);
    if (Info && Info->StateSpace != ".reg") {
      Ctx.Diags.report(Rule::IsaOperandKind, O.Range,
                       What() + " must be a register; " + std::string(O.Text) + " is a " +
                           Info->StateSpace.str() + " variable");
      return;
    }
  }
  // d|p where d is no predicate (elect.sync, shfl.sync, match): d as a
  // scalar (ptxas 13.0: "Arguments mismatch for instruction 'elect'" for a
  // .b8, .b64 or .v2 d; sample H).
  const Operand &Scalar = O.Kind == OperandKind::PredPair && Rl != Role::Pred && !O.Elements.empty()
                              ? O.Elements[0]
                              : O;
  if (Scalar.Kind == OperandKind::Name) {
    if (const RegisterInfo *V = vectorRegister(Ctx, Scalar.Text))
      checkWholeVector(I, Ctx, Scalar, *V, Rl, T, What);
    else
      checkRegister(I, Ctx, Scalar, Rl, T, What);
  } else if (Elementwise) {
    bool InVector = O.Kind == OperandKind::Vector;
    bool AllFloat = InVector && llvm::all_of(O.Elements, [&](const Operand &E) {
                      const RegisterInfo *Info =
                          E.Kind == OperandKind::Name ? scalarRegister(Ctx, E.Text) : nullptr;
                      return Info && parseTy(Info->Type).Cls == 'f';
                    });
    bool Reported = false;
    for (const Operand &E : O.Elements)
      if (E.Kind == OperandKind::Name)
        Reported |= checkVectorElement(I, Ctx, E, What) ||
                    checkRegister(I, Ctx, E, Rl, T, What, InVector, AllFloat);
    if (O.Kind == OperandKind::Vector && !Reported)
      checkSameSize(Ctx, O, What);
  }
}

} // namespace isaop
} // namespace check
} // namespace ptxlint
