//===- CheckWmma.cpp - checks for wmma.load, wmma.store and wmma.mma ------===//
//
// The forms live in lib/Spec/WmmaTables.cpp (9.7.14.4); the generic matcher
// (FormMatcher.h) binds qualifiers, checks operands and gates, and applies
// what the tables say beyond the forms: `.aligned` (an error before PTX ISA
// 6.3, required from 6.3), `.satfinite` on floating-point wmma.mma (removed
// in 6.5), repeated and ignored qualifiers, the `.popc` order, ptxas-only
// forms, the 5.1 alias. This file adds what the tables cannot say, each
// established with ptxas 13.0 (docs/differences/wmma-ldst.md):
//
//  - the sub-opcode: `wmma.load.a`, `wmma.store.d` and `wmma.mma` are one
//    token to ptxas, so `.a`/`.b`/`.c`/`.d` must follow `.load`/`.store`
//    directly;
//  - undefined behaviour the spec names for wmma.load/store operands: a
//    stride below the leading dimension, strides and address offsets not
//    multiples of the fragment size (9.7.14.4.2);
//  - operand rules of ptxas the generic operand check does not cover:
//    immediates typed against the registers beside them, fragments made of
//    constants only, address register types, immediate addresses, symbols
//    of the wrong state space.
//
// Some helpers here are shared with CheckLdmatrix.cpp (stmatrix); they are
// declared there.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
#include "Spec/Names.h"
#include "Spec/Spec.h"
#include "Spec/WmmaLowering.h"

#include "llvm/ADT/STLExtras.h"

namespace ptxlint {

namespace spec {
// lib/Spec/WmmaTables.cpp (9.7.14.4.2).
unsigned wmmaDefaultStride(llvm::StringRef Shape, llvm::StringRef Matrix, llvm::StringRef Layout);
unsigned wmmaElementBits(llvm::StringRef Type);
} // namespace spec

namespace {

using check::constantText;
using check::familyRule;
using check::FamilyRule;
using check::isIntConstant;
using spec::Family;

SourceRange qualRange(const Instruction &I, unsigned Idx, const check::CheckContext &Ctx) {
  if (Idx < I.QualifierRanges.size() && I.QualifierRanges[Idx].isValid())
    return I.QualifierRanges[Idx];
  SourceRange R = Ctx.rangeOf(I.Qualifiers[Idx]);
  return R.isValid() ? R : I.opcodeRange();
}

int findQual(const Instruction &I, llvm::ArrayRef<const char *> Values, unsigned From = 0) {
  for (unsigned K = From; K < I.Qualifiers.size(); ++K)
    if (llvm::is_contained(Values, I.Qualifiers[K]))
      return static_cast<int>(K);
  return -1;
}

/// The sub-opcode (`.load`, `.store`, `.mma`) and, for loads and stores, the
/// matrix qualifier right after it. Returns false when the instruction
/// cannot be classified.
bool checkSubOpcode(const Instruction &I, check::CheckContext &Ctx, Family &Fam, bool &Reordered) {
  llvm::ArrayRef<const char *> Ops = spec::WmmaOperations;
  int Op = findQual(I, Ops);
  if (Op != 0) {
    SourceRange R = Op > 0 ? qualRange(I, Op, Ctx) : I.opcodeRange();
    std::string Msg = Op > 0 ? "'" + std::string(I.Qualifiers[Op]) +
                                   "' must follow 'wmma' directly (ptxas reads wmma.load, "
                                   "wmma.store and wmma.mma as names)"
                             : "wmma needs an operation: one of .load, .store, .mma";
    if (Op < 0 && !I.Qualifiers.empty())
      Msg += " (found '" + std::string(I.Qualifiers[0]) + "'" +
             check::didYouMean(I.Qualifiers[0], Ops) + ")";
    Ctx.Diags.report(Rule::WmmaOperation, R, Msg);
    return false;
  }
  llvm::StringRef OpQ = I.Qualifiers[0];
  Fam = OpQ == ".load" ? Family::WmmaLoad : OpQ == ".store" ? Family::WmmaStore : Family::WmmaMma;
  Reordered = false;
  // ptx-lint's parser takes whitespace or a comment between an opcode's
  // dotted parts, as ptxas does elsewhere; `wmma.load.a` and `wmma.mma` are
  // one name to ptxas, which refuses a break inside them (syntax error).
  auto Gap = [&](unsigned K) {
    if (K >= I.QualifierRanges.size() || !I.QualifierRanges[K].isValid())
      return false;
    uint32_t PrevEnd = K == 0 ? I.opcodeRange().End : I.QualifierRanges[K - 1].End;
    return PrevEnd != SourceRange::Invalid && I.QualifierRanges[K].Begin != PrevEnd;
  };
  unsigned NameParts = Fam != Family::WmmaMma && I.Qualifiers.size() > 1 &&
                               (llvm::is_contained(spec::WmmaLoadMatrices, I.Qualifiers[1]) ||
                                llvm::is_contained(spec::WmmaStoreMatrices, I.Qualifiers[1]))
                           ? 2
                           : 1;
  for (unsigned K = 0; K < NameParts; ++K)
    if (Gap(K)) {
      std::string Name = "wmma";
      for (unsigned J = 0; J < NameParts; ++J)
        Name += std::string(I.Qualifiers[J]);
      Diagnostic &D = Ctx.Diags.report(
          Rule::WmmaOperation, qualRange(I, K, Ctx),
          "'" + Name + "' is one name to ptxas: no whitespace or comment may separate its parts");
      uint32_t PrevEnd = K == 0 ? I.opcodeRange().End : I.QualifierRanges[K - 1].End;
      D.Fixes.push_back({SourceRange(PrevEnd, I.QualifierRanges[K].Begin), ""});
      return false;
    }
  if (Fam == Family::WmmaMma)
    return true; // `.popc` after `.xor`/`.and`: FormSet::Order
  llvm::ArrayRef<const char *> Matrices = spec::WmmaStoreMatrices;
  if (Fam == Family::WmmaLoad)
    Matrices = spec::WmmaLoadMatrices;
  int M = findQual(I, Matrices);
  if (M > 1) {
    SourceRange R = qualRange(I, M, Ctx);
    Diagnostic &D = Ctx.Diags.report(Fam == Family::WmmaLoad ? Rule::WmmaLoadQualifierPosition
                                                             : Rule::WmmaStoreQualifierPosition,
                                     R,
                                     "'" + std::string(I.Qualifiers[M]) + "' must follow '" +
                                         OpQ.str() + "' directly (ptxas reads wmma" + OpQ.str() +
                                         std::string(I.Qualifiers[M]) + " as one name)");
    SourceRange OpR = qualRange(I, 0, Ctx);
    if (OpR.isValid() && R.isValid()) {
      D.Fixes.push_back({SourceRange(OpR.End, OpR.End), std::string(I.Qualifiers[M])});
      D.Fixes.push_back({R, ""});
    }
    Reordered = true;
  }
  return true;
}

/// How ptxas types a vector element for "Vector with elements of different
/// types are not allowed".
enum class ElemKind { Bits, Int, Float, Packed, Unknown };

ElemKind elemKind(llvm::StringRef T) {
  if (T == ".b32" || T == ".b64")
    return ElemKind::Bits;
  if (T == ".s32" || T == ".u32" || T == ".s64" || T == ".u64")
    return ElemKind::Int;
  if (T == ".f32" || T == ".f64")
    return ElemKind::Float;
  if (T.endswith("x2"))
    return ElemKind::Packed;
  return ElemKind::Unknown;
}

} // namespace

namespace check {

/// The base register of an address must be a 32- or 64-bit integer or bit
/// register (ptxas: "Illegal to use symbol '%f0' of type .f32 as address
/// operand. Use integer or bit only"; 16-bit ones fail in its builtins,
/// except where Allow16 says so).
void checkAddressRegister(const Instruction &I, unsigned PIdx, const spec::Form &F,
                          CheckContext &Ctx, bool Allow16) {
  if (PIdx >= I.Operands.size() || PIdx >= F.Operands.size() ||
      I.Operands[PIdx].Kind != OperandKind::Address || I.Operands[PIdx].Elements.empty())
    return;
  const Operand &Base = I.Operands[PIdx].Elements[0];
  if (Base.Kind != OperandKind::Name)
    return;
  const RegisterInfo *R = Ctx.Syms.lookup(Base.Text);
  const spec::OperandSpec &O = F.Operands[PIdx];
  if (!R || R->StateSpace != ".reg" || O.RegTypes.empty() ||
      llvm::is_contained(O.RegTypes, R->Type))
    return;
  // ldmatrix/stmatrix with an explicit .shared{::cta} also take 16-bit
  // integer registers (a .shared window offset); generic addresses do not.
  if (Allow16 && (R->Type == ".b16" || R->Type == ".u16" || R->Type == ".s16"))
    return;
  for (const Diagnostic &D : Ctx.Diags.diagnostics())
    if (D.Range == Base.Range && D.Sev == Severity::Error)
      return;
  Diagnostic &D = Ctx.Diags.report(
      familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, Base.Range,
      "the address register must be a 32- or 64-bit integer or bit register, but " +
          std::string(Base.Text) + " is " + R->Type.str());
  if (R->DeclRange.isValid())
    D.Notes.push_back({R->DeclRange, std::string(Base.Text) + " is declared here"});
}

/// A source fragment written with constants only (no register to type it):
/// which constants ptxas 13.0 takes depends on the fragment, differently
/// from mma (probed for every wmma.mma/wmma.store/stmatrix form, see
/// docs/differences/wmma-ldst.md). Reports only what ptxas rejects and the
/// generic operand check did not already report.
void checkConstantFragment(const Instruction &I, unsigned Idx, const spec::Form &F, Rule Id,
                           CheckContext &Ctx) {
  if (Idx >= I.Operands.size() || Idx >= F.Operands.size() ||
      I.Operands[Idx].Kind != OperandKind::Vector)
    return;
  const Operand &V = I.Operands[Idx];
  const Operand *First = nullptr;
  for (const Operand &E : V.Elements) {
    if (E.Kind == OperandKind::Name || E.Kind == OperandKind::Sink)
      return; // typed by its registers
    if (E.isImmediate() && !First)
      First = &E;
  }
  if (!First)
    return;
  const spec::OperandSpec &O = F.Operands[Idx];
  llvm::StringRef T = O.ElemType;
  enum {
    IntLit,
    F32Lit,
    F64Lit
  } Lit = First->Kind == OperandKind::IntImm
              ? IntLit
              : (llvm::StringRef(First->Text).startswith("0f") ||
                         llvm::StringRef(First->Text).startswith("0F")
                     ? F32Lit
                     : F64Lit);
  bool Accepted;
  if (F.Fam == Family::Stmatrix || T == ".f32") {
    Accepted = Lit == F32Lit;
  } else if (T == ".f64") {
    // f64: a float literal anywhere; an integer only in c.
    Accepted = Lit != IntLit || O.Name == "c";
  } else if (T == ".s32" || T == ".s4" || T == ".u4" ||
             ((T == ".s8" || T == ".u8") && Ctx.Tgt.isValid() && Ctx.Tgt.Sm < 80)) {
    // Integer fragments; below sm_80 the '_mma' lowering types 8-bit a and b
    // as integers too (spec::wmmaTypedFragments()).
    Accepted = Lit == IntLit;
  } else {
    Accepted = false; // .f16, .bf16, .tf32, .s8, .u8, .b1
  }
  if (Accepted)
    return;
  for (const Diagnostic &D : Ctx.Diags.diagnostics())
    if (D.Range == V.Range && D.Sev == Severity::Error)
      return;
  Ctx.Diags.report(Id, F.Spec, V.Range,
                   "fragment " + O.Name + " (" + T.str() +
                       " elements) is made of constants only and ptxas refuses it with " +
                       (Lit == IntLit   ? "integer"
                        : Lit == F32Lit ? "0f"
                                        : "double-precision") +
                       " constants; write registers");
}

/// Immediates inside the source fragment I.Operands[Idx] (established with
/// ptxas 13.0: an integer literal only among .b/.s/.u registers, a float
/// literal only among .b/.f registers, nothing among packed .f16x2 ones; the
/// wmma.store builtin also refuses 0d and decimal literals beside 32-bit
/// registers). Shared with CheckLdmatrix.cpp (stmatrix).
void checkFragmentImmediates(const Instruction &I, unsigned Idx, Rule Id, bool SingleOnly,
                             CheckContext &Ctx) {
  if (Idx >= I.Operands.size() || I.Operands[Idx].Kind != OperandKind::Vector)
    return;
  const Operand &V = I.Operands[Idx];
  bool Int = false, Float = false, Packed = false, Wide = false;
  std::string Example;
  for (const Operand &E : V.Elements) {
    if (E.Kind != OperandKind::Name)
      continue;
    const RegisterInfo *R = Ctx.Syms.lookup(E.Text);
    if (!R)
      continue;
    ElemKind K = elemKind(R->Type);
    Int |= K == ElemKind::Int;
    Float |= K == ElemKind::Float;
    Packed |= K == ElemKind::Packed;
    Wide |= R->Type.endswith("64");
    if (Example.empty() && K != ElemKind::Unknown)
      Example = std::string(E.Text) + " (" + R->Type.str() + ")";
  }
  if (Example.empty())
    return;
  for (const Operand &E : V.Elements) {
    if (!E.isImmediate())
      continue;
    bool IsFloat = E.Kind == OperandKind::FloatImm;
    std::string Why;
    if (Packed)
      Why = "no immediate may stand beside packed registers such as " + Example;
    else if (IsFloat && Int)
      Why = "a floating-point literal cannot stand beside integer registers such as " + Example;
    else if (!IsFloat && Float)
      Why = "an integer literal cannot stand beside floating-point registers such as " + Example +
            "; write it as 0f/0d hexadecimal";
    else if (IsFloat && SingleOnly && !Wide && !llvm::StringRef(E.Text).startswith("0f") &&
             !llvm::StringRef(E.Text).startswith("0F"))
      Why = "beside 32-bit registers ptxas accepts only single-precision 0f literals here";
    if (Why.empty())
      continue;
    // The generic operand check may have reported this constant already.
    bool Reported = false;
    for (const Diagnostic &D : Ctx.Diags.diagnostics())
      Reported |= D.Range == E.Range && D.Sev == Severity::Error;
    if (Reported)
      continue;
    Ctx.Diags.report(Id, E.Range,
                     "immediate '" + std::string(E.Text) + "' in fragment " + std::to_string(Idx) +
                         ": " + Why + " (ptxas: vector elements must have one type)");
  }
}

} // namespace check

namespace {

/// Literal kinds, as a mask (the tables' spec::WmmaLitKind).
constexpr unsigned IntLit = spec::WmmaIntLit, F32Lit = spec::WmmaF32Lit, F64Lit = spec::WmmaF64Lit;

unsigned litKind(const Operand &E) {
  if (isIntConstant(E))
    return IntLit;
  return llvm::StringRef(E.Text).startswith("0f") || llvm::StringRef(E.Text).startswith("0F")
             ? F32Lit
             : F64Lit;
}

void checkLoweredImmediates(const Instruction &I, const spec::Form &F, check::CheckContext &Ctx) {
  auto Is = [](const char *Want, const std::string &Have) { return !*Want || Have == Want; };
  // The immediates ptxas refuses in its lowering (lib/Spec/WmmaLowering.h).
  for (const spec::WmmaRefusedImmediate &R : spec::WmmaRefusedImmediates) {
    if (!Is(R.Shape, F.Shape) || !Is(R.AType, F.AType) || !Is(R.DType, F.DType) ||
        !Is(R.CType, F.CType) || (R.FromSm && Ctx.Tgt.isValid() && Ctx.Tgt.Sm < R.FromSm))
      continue;
    unsigned Idx = 0;
    while (Idx < F.Operands.size() && F.Operands[Idx].Name != R.Operand)
      ++Idx;
    if (Idx >= I.Operands.size() || I.Operands[Idx].Kind != OperandKind::Vector)
      continue;
    const Operand &V = I.Operands[Idx];
    bool AnyReg = llvm::any_of(V.Elements, [](const Operand &E) {
      return E.Kind == OperandKind::Name || E.Kind == OperandKind::Sink;
    });
    if (!AnyReg) // constants only: checkConstantFragment's business
      continue;
    for (const Operand &E : V.Elements) {
      if (!(E.isImmediate() || isIntConstant(E)) || !(litKind(E) & R.Lits))
        continue;
      bool Reported = false;
      for (const Diagnostic &D : Ctx.Diags.diagnostics())
        Reported |= D.Range == E.Range && D.Sev == Severity::Error;
      if (!Reported)
        Ctx.Diags.report(
            Rule::WmmaMmaImmediateType, E.Range,
            "immediate '" + constantText(E) + "' in " + R.Operand + " of wmma.mma " + F.Shape +
                " with " + F.AType + " inputs" +
                (*R.CType ? " and " + F.CType + " c, " + F.DType + " d" : std::string()) +
                ": ptxas 13.0 refuses it when lowering the instruction "
                "(\"Arguments mismatch for instruction '" +
                R.Ptxas + "'\"); write a register");
      break;
    }
  }
}

/// The address symbol's state space against the instruction's (ptxas:
/// "State space mismatch between instruction and address").
void checkStateSpace(const Instruction &I, unsigned PIdx, Family Fam, check::CheckContext &Ctx) {
  if (PIdx >= I.Operands.size() || I.Operands[PIdx].Kind != OperandKind::Address)
    return;
  Operand Folded; // [g+(8)]: its base, as [g+8]'s
  const Operand *BaseOp = check::addressBase(I.Operands[PIdx], Ctx.File, Folded);
  if (!BaseOp)
    return;
  const check::RegisterInfo *Sym = Ctx.Syms.lookup(BaseOp->Text);
  if (!Sym || Sym->StateSpace.empty() || Sym->StateSpace == ".reg")
    return;
  llvm::StringRef Space = Sym->StateSpace;
  llvm::StringRef Written;
  for (llvm::StringRef Q : I.Qualifiers)
    if (Q == ".global" || Q.startswith(".shared"))
      Written = Q;
  std::string Name = std::string(BaseOp->Text);
  if (!Written.empty()) {
    llvm::StringRef Base = Written.startswith(".shared") ? ".shared" : ".global";
    if (Space == Base)
      return;
    Diagnostic &D = Ctx.Diags.report(familyRule(Fam, FamilyRule::StateSpace), BaseOp->Range,
                                     "'" + Name + "' is declared in " + Space.str() +
                                         ", but the instruction accesses " + Written.str() +
                                         " (ptxas: state space mismatch)");
    if (Sym->DeclRange.isValid())
      D.Notes.push_back({Sym->DeclRange, "declared here"});
    return;
  }
  if (Space == ".global" || Space == ".shared")
    return;
  // ptxas rejects .const and .param symbols even in a generic address; a
  // .local one it accepts, and the access is undefined (9.7.14.4.3).
  bool Rejected = Space != ".local";
  std::string Msg = "'" + Name + "' is declared in " + Space.str() +
                    ": wmma accesses only .global and .shared memory";
  Msg += Rejected ? " (ptxas: state space mismatch)"
                  : ", so this generic address is undefined behaviour";
  Diagnostic &D =
      Rejected ? Ctx.Diags.report(familyRule(Fam, FamilyRule::StateSpace), BaseOp->Range, Msg)
               : Ctx.Diags.report(Severity::Warning, familyRule(Fam, FamilyRule::StateSpace),
                                  BaseOp->Range, Msg);
  if (Sym->DeclRange.isValid())
    D.Notes.push_back({Sym->DeclRange, "declared here"});
}

/// `[imm]`: ptxas allows immediate addresses only for .local ("Immediate
/// addresses allowed only for .local state space").
void checkImmediateAddress(const Instruction &I, unsigned PIdx, Family Fam,
                           check::CheckContext &Ctx) {
  if (PIdx >= I.Operands.size() || I.Operands[PIdx].Kind != OperandKind::Address ||
      !I.Operands[PIdx].Elements.empty())
    return;
  Ctx.Diags.report(familyRule(Fam, FamilyRule::OperandKind), I.Operands[PIdx].Range,
                   "an immediate address is not allowed: ptxas accepts [constant] only in the "
                   ".local state space; use a register or a symbol");
}

/// 9.7.14.4.2: stride and address alignment of wmma.load/wmma.store.
void checkStorage(const Instruction &I, const spec::Form &F, Family Fam, check::CheckContext &Ctx) {
  bool IsLoad = Fam == Family::WmmaLoad;
  const spec::QualSlot *M = F.slot(".matrix");
  const spec::QualSlot *L = F.slot(".layout");
  const spec::OperandSpec *Frag = F.operand("r");
  if (!M || !L || !Frag || M->Values.empty() || L->Values.empty())
    return;
  llvm::StringRef Matrix = M->Values.front();
  llvm::StringRef Type = Matrix == ".a"   ? F.AType
                         : Matrix == ".b" ? F.BType
                         : Matrix == ".c" ? F.CType
                                          : F.DType;
  unsigned RegBytes = Type == ".f64" ? 8 : 4;
  unsigned FragBytes = Frag->Count * RegBytes;
  unsigned ElemBits = spec::wmmaElementBits(Type);

  unsigned PIdx = IsLoad ? 1 : 0;
  if (PIdx < I.Operands.size()) {
    const Operand &P = I.Operands[PIdx];
    if (P.Kind == OperandKind::Address && P.HasOffset && FragBytes &&
        P.IntValue % static_cast<int64_t>(FragBytes) != 0)
      Ctx.Diags.report(familyRule(Fam, FamilyRule::Alignment), P.Range,
                       "address offset " + std::to_string(P.IntValue) +
                           " is not a multiple of the fragment size (" + std::to_string(FragBytes) +
                           " bytes for " + F.Shape + " " + Type.str() +
                           "); the address must be aligned to it");
  }
  checkStateSpace(I, PIdx, Fam, Ctx);
  if (I.Operands.size() >= 3 && I.Operands[2].Kind == OperandKind::FloatImm)
    Ctx.Diags.report(familyRule(Fam, FamilyRule::ImmediateNotAllowed), I.Operands[2].Range,
                     "the stride is a 32-bit integer (a count of matrix elements), found the "
                     "floating-point constant " +
                         std::string(I.Operands[2].Text));
  if (I.Operands.size() < 3 || I.Operands[2].Kind != OperandKind::IntImm)
    return;
  const Operand &S = I.Operands[2];
  int64_t Stride = S.IntValue;
  unsigned Default =
      spec::wmmaDefaultStride(F.Shape, Matrix == ".d" ? ".c" : Matrix, L->Values.front());
  if (Default && Stride < static_cast<int64_t>(Default)) {
    Ctx.Diags.report(familyRule(Fam, FamilyRule::Stride), S.Range,
                     "stride " + std::to_string(Stride) + " is below the default stride " +
                         std::to_string(Default) + " (the leading dimension of this " + F.Shape +
                         " " + L->Values.front() + " matrix); the behaviour is undefined");
    return;
  }
  if (FragBytes && (Stride * ElemBits) % (static_cast<uint64_t>(FragBytes) * 8) != 0)
    Ctx.Diags.report(
        familyRule(Fam, FamilyRule::Stride), S.Range,
        "stride " + std::to_string(Stride) + " (" + std::to_string(Stride * ElemBits / 8) +
            " bytes) is not a multiple of the fragment size (" + std::to_string(FragBytes) +
            " bytes): rows after the first are misaligned");
}

} // namespace

namespace check {

void checkWmma(const Instruction &I, CheckContext &Ctx) {
  Family Fam;
  bool Reordered = false;
  if (!checkSubOpcode(I, Ctx, Fam, Reordered))
    return;

  MatchOptions Opts;
  Opts.ReportOrder = !Reordered; // the position error says it already
  MatchResult M = matchForm(I, Fam, Ctx, Opts);
  if (!M.F)
    return;
  const spec::Form *F = M.F;
  checkOperands(I, *F, Ctx);
  checkGates(I, *F, Ctx);
  if (Fam == Family::WmmaMma) {
    for (unsigned K = 1; K < 4; ++K) {
      checkFragmentImmediates(I, K, Rule::WmmaMmaImmediateType, false, Ctx);
      checkConstantFragment(I, K, *F, Rule::WmmaMmaImmediateType, Ctx);
    }
    checkLoweredImmediates(I, *F, Ctx);
    checkTypedFragments(I, *F, spec::wmmaTypedFragments(), Ctx);
  } else {
    checkImmediateAddress(I, Fam == Family::WmmaLoad ? 1 : 0, Fam, Ctx);
    checkAddressRegister(I, Fam == Family::WmmaLoad ? 1 : 0, *F, Ctx, false);
    checkStorage(I, *F, Fam, Ctx);
    if (Fam == Family::WmmaStore)
      checkFragmentImmediates(I, 1, Rule::WmmaStoreImmediateType, true, Ctx);
    if (Fam == Family::WmmaStore)
      checkConstantFragment(I, 1, *F, Rule::WmmaStoreImmediateType, Ctx);
  }
}

} // namespace check
} // namespace ptxlint
