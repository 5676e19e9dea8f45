//===- IsaSpecial.cpp - special-register operands and barrier constants --===//
//
// Special registers (PTX ISA 9.0 chapter 10) as operands, and the constant
// operands of bar/barrier (9.7.13.1), as ptxas 13.0 judges them
// (test/isa/special-registers.test, test/isa/special-register-types.test,
// test/isa/barrier-constants.test).
//
//===----------------------------------------------------------------------===//

#include "Check/IsaSpecial.h"
#include "Check/CheckUtil.h"
#include "Spec/SpecialRegisters.h"
#include "Support/IntLiteral.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ptxlint {
namespace check {

namespace {

std::string spelledOp(const Instruction &I) {
  std::string S = std::string(I.Opcode);
  for (llvm::StringRef Q : I.Qualifiers)
    S += Q.str();
  return S;
}

/// The type qualifiers of I (.u32, .f64, .pred ...), in order.
llvm::SmallVector<llvm::StringRef, 2> typeQuals(const Instruction &I) {
  llvm::SmallVector<llvm::StringRef, 2> Out;
  for (llvm::StringRef Q : I.Qualifiers) {
    if (Q == ".pred") {
      Out.push_back(Q);
      continue;
    }
    unsigned Bits = 0;
    if (Q.size() > 2 && llvm::StringRef("busf").contains(Q[1]) &&
        !Q.drop_front(2).getAsInteger(10, Bits))
      Out.push_back(Q);
  }
  return Out;
}

/// The range of the last qualifier spelled Q (cvt.u64.u64's source type is
/// the second .u64).
SourceRange lastQualifierRange(const Instruction &I, llvm::StringRef Q) {
  for (size_t K = I.Qualifiers.size(); K-- > 0;)
    if (llvm::StringRef(I.Qualifiers[K]) == Q && K < I.QualifierRanges.size())
      return I.QualifierRanges[K];
  return qualifierRange(I, Q);
}

unsigned bitsOf(llvm::StringRef T) {
  unsigned Bits = 0;
  if (T == ".pred")
    return 1;
  return T.size() > 2 && !T.drop_front(2).getAsInteger(10, Bits) ? Bits : 0;
}

/// The components of %tid, %ntid, %ctaid and %nctaid (PTX 1.x wrote them as
/// .u16) and %gridid (.u64, once .u32) take narrower types too (probe,
/// ptxas 13.0: `mov.u16 %rs1, %ctaid.y` and `mov.u32 %r1, %gridid` assemble,
/// `mov.u16 %rs1, %cluster_ctaid.x` does not).
bool takesLegacyWidth(llvm::StringRef Name, unsigned Bits) {
  if (Name == "%gridid")
    return Bits == 16 || Bits == 32;
  return Bits == 16 && (Name.startswith("%tid.") || Name.startswith("%ntid.") ||
                        Name.startswith("%ctaid.") || Name.startswith("%nctaid."));
}

/// The type at which mov (its only type) or cvt (its source type) reads the
/// special register R: mov an integer type of R's size (a .pred for a .pred
/// register), cvt one no wider (probe, ptxas 13.0: "Special register argument
/// not allowed for instruction 'mov'" for .f32, "Arguments mismatch" for
/// `mov.u64 %rd1, %tid.x`, `mov.u32 %r1, %clock64`, `cvt.u64.u64 %rd1, %laneid`).
void checkSpecialType(const Instruction &I, CheckContext &Ctx, const Operand &O,
                      const RegisterRef &R, const spec::SpecialRegisterReader &Rd) {
  llvm::SmallVector<llvm::StringRef, 2> Ts = typeQuals(I);
  bool IsMov = Rd.OwnSize;
  if (Ts.size() != Rd.Types)
    return;
  llvm::StringRef T = Ts[Rd.ReadAt];
  unsigned RegBits = bitsOf(R.Type), Bits = bitsOf(T);
  const char *SregSpec = ruleInfo(Rule::SregGate).Spec;
  std::string Name = std::string(O.Text);
  if (!RegBits || !Bits)
    return;
  bool Pred = R.Type == ".pred";
  if (T[1] == 'f' || (IsMov && Pred != (T == ".pred"))) {
    std::string Valid =
        Pred ? ".pred" : "an integer type (.b, .u or .s) of " + std::to_string(RegBits) + " bits";
    Diagnostic &D = Ctx.Diags.report(Rule::IsaOperandType, SregSpec, lastQualifierRange(I, T),
                                     "'" + spelledOp(I) + "' cannot read the special register " +
                                         Name + " (" + R.Type.str() + ") at the type " + T.str() +
                                         "; it is read as " + Valid);
    if (IsMov && !Pred && T[1] == 'f' && Bits == RegBits)
      D.Fixes.push_back({lastQualifierRange(I, T), ".b" + std::to_string(RegBits)});
    return;
  }
  if (Pred)
    return;
  bool Fits = IsMov ? Bits == RegBits || takesLegacyWidth(O.Text, Bits) : Bits <= RegBits;
  if (Fits)
    return;
  Diagnostic &D = Ctx.Diags.report(
      Rule::IsaOperandType, SregSpec, lastQualifierRange(I, T),
      "'" + spelledOp(I) + "' reads the " + std::to_string(RegBits) + "-bit special register " +
          Name + " at the " + std::to_string(Bits) + "-bit type " + T.str() + "; " +
          (IsMov ? std::string(I.Opcode) + " reads it at its own size, " + R.Type.str()
                 : std::string(I.Opcode) + "'s source type is no wider than " + R.Type.str()));
  if (!IsMov) // mov's fix is a cvt, which changes the destination too
    D.Fixes.push_back(
        {lastQualifierRange(I, T), "." + std::string(1, T[1]) + std::to_string(RegBits)});
}

} // namespace

/// Whether Name may name a special register: nvcc's and LLVM's registers
/// (%r12, %rd3, %fd1) are letters and a number, which no special register is
/// but %pmN, %envregN and %clock64: those skip the symbol lookup.
static bool maySpecial(llvm::StringRef Name) {
  const size_t N = Name.size();
  if (N < 2 || Name[0] != '%')
    return false;
  // Letters, then digits to the end (every operand: inline loops, no
  // calls per character).
  size_t L = 1;
  while (L < N && static_cast<unsigned char>((Name[L] | 0x20) - 'a') < 26)
    ++L;
  size_t D = L;
  while (D < N && static_cast<unsigned char>(Name[D] - '0') < 10)
    ++D;
  if (D > L && D == N) {
    llvm::StringRef Letters = Name.slice(1, L);
    return Letters == "pm" || Letters == "envreg" || Letters == "clock";
  }
  return true;
}

/// Special registers (chapter 10) are read-only and only mov, and cvt between
/// integer types, read them (probe, ptxas 13.0: "Special register argument not
/// allowed for instruction 'add'", "Read-only special register cannot be
/// destination argument"; st's vector elements take them).
void checkSpecialOperands(const Instruction &I, CheckContext &Ctx) {
  // The reader row (Spec/SpecialRegisters.h), looked up at the first special
  // register: most instructions have none.
  const spec::SpecialRegisterReader *Rd = nullptr;
  bool Looked = false, Reads = false;
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const Operand &O = I.Operands[K];
    if (O.Kind != OperandKind::Name || !maySpecial(O.Text))
      continue;
    RegisterRef R = resolveRegister(Ctx, O.Text);
    if (!R.Special)
      continue;
    if (!Looked) {
      Looked = true;
      Rd = spec::specialRegisterReader(I.Opcode);
      Reads = Rd != nullptr;
      if (Rd && Rd->IntegerTypesOnly) {
        llvm::SmallVector<llvm::StringRef, 2> Ts = typeQuals(I);
        auto IsInt = [](llvm::StringRef T) { return T[1] == 'b' || T[1] == 'u' || T[1] == 's'; };
        Reads = Ts.size() == Rd->Types && llvm::all_of(Ts, IsInt);
      }
    }
    std::string Op = spelledOp(I);
    // Cited to the chapter of special registers, the sreg rules' section.
    const char *SregSpec = ruleInfo(Rule::SregGate).Spec;
    if (K == 0 && Rd) {
      Ctx.Diags.report(Rule::IsaOperandKind, SregSpec, O.Range,
                       "special register " + std::string(O.Text) +
                           " is read-only: it cannot be the destination of '" + Op + "'");
    } else if (!Reads) {
      Ctx.Diags.report(Rule::IsaOperandKind, SregSpec, O.Range,
                       "'" + Op + "' cannot read the special register " + std::string(O.Text) +
                           "; only mov, and cvt between integer types, read special registers: "
                           "copy it into a register first (mov.u32 %r, " +
                           std::string(O.Text) + ")");
    } else if (K == 1) {
      checkSpecialType(I, Ctx, O, R, *Rd);
    }
  }
}

/// bar/barrier (9.7.13.1), probe with ptxas 13.0: a constant barrier number is
/// 0..15 in its low 32 bits ("Barrier number '16' out of range, expected to be
/// in range [0..15]"; -1 is read as 2^64-1, 4294967311 and -4294967295 as 15
/// and 1, session 13), a constant thread count a multiple of 32
/// ("Number of threads participating in barrier must be in multiple of warp
/// size"; 0 and negative multiples assemble). bar.warp.sync and
/// barrier.cluster take no barrier number.
void checkBarrierConstants(const Instruction &I, CheckContext &Ctx) {
  if (I.hasQualifier(".warp") || I.hasQualifier(".cluster"))
    return;
  size_t First = I.hasQualifier(".red") ? 1 : 0;
  size_t Count =
      I.hasQualifier(".red") ? (I.Operands.size() == 4 ? 2 : 0) : (I.Operands.size() == 2 ? 1 : 0);
  if (I.Operands.size() <= First)
    return;
  const Operand &B = I.Operands[First];
  if (B.Kind == OperandKind::IntImm) {
    IntLiteral L = decodeIntLiteral(llvm::StringRef(B.Text).ltrim("-"));
    bool Known = L.State == IntLiteral::Fits || L.State == IntLiteral::Wraps;
    if (Known && static_cast<uint32_t>(B.IntValue) > 15)
      Ctx.Diags.report(Rule::IsaOperandImmediate, B.Range,
                       "the barrier number of '" + spelledOp(I) +
                           "' is a constant from 0 to 15 (16 barriers a CTA), not " +
                           std::string(B.Text));
  }
  if (!Count)
    return;
  const Operand &N = I.Operands[Count];
  if (N.Kind != OperandKind::IntImm)
    return;
  IntLiteral L = decodeIntLiteral(llvm::StringRef(N.Text).ltrim("-"));
  if (L.State == IntLiteral::Fits && N.IntValue % 32 != 0)
    Ctx.Diags.report(Rule::IsaOperandImmediate, N.Range,
                     "the thread count of '" + spelledOp(I) +
                         "' is a multiple of the warp size (32), not " + std::string(N.Text));
}

} // namespace check
} // namespace ptxlint
