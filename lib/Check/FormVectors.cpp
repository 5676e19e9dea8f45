//===- FormVectors.cpp - vector fragments -----------------------*- C++ -*-===//
//
// The operand checks of a matched form (FormOperands.cpp) on a vector
// fragment's elements together: how ptxas types a vector from its registers,
// mixed register sizes, constants among registers and vectors of constants.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
#include "Check/FormOperandsImpl.h"
#include "Spec/MmaCommon.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace ptxlint {
namespace check {

using spec::Form;
using spec::ImmRange;
using spec::OperandShape;
using spec::OperandSpec;

namespace formops {

static bool isBitType(StringRef T) { return T == ".b32" || T == ".b64"; }

/// Signed and unsigned integers of one width mix freely in a ptxas vector.
static StringRef typeClass(StringRef T) {
  if (T == ".s32" || T == ".u32")
    return "int32";
  if (T == ".s64" || T == ".u64")
    return "int64";
  return T;
}

/// A vector of constants only: ptxas types a vector from its registers, so
/// it refuses most such fragments (error) and takes some (warning).
static void reportConstantsOnly(const Operand &A, const OperandSpec &O, const Form &F,
                                CheckContext &Ctx, const Operand *FirstIntImm,
                                const Operand *FirstFloatImm) {
  // ptxas types a vector from its registers; with constants only it
  // refuses most fragments (error) and takes some (warning).
  // Observed (ptxas 13.0): integer constants are refused except in .f64,
  // .s32 (and wmma.mma .s4/.u4) fragments; floating-point ones are refused in .f16/.bf16
  // fragments and in m8n8k16, taken elsewhere. wmma.mma's sub-byte .s4/.u4 fragments take integer
  // constants too from sm_90 on, where ptxas lowers them to its built-in (below, its '_mma'
  // refuses them: "Arguments mismatch for instruction '_mma'"; dense mma's refuse them).
  bool AB = O.Name == "a" || O.Name == "b";
  // wmma.mma's 8-bit a and b take them below sm_80 (its '_mma' there types
  // them as integers: spec::wmmaTypedFragments()), no floating-point ones;
  // from sm_80 on they are refused ("Arguments mismatch for instruction
  // '_mma'").
  bool Wmma8Low = F.Fam == spec::Family::WmmaMma && AB &&
                  (O.ElemType == ".s8" || O.ElemType == ".u8") && Ctx.Tgt.isValid() &&
                  Ctx.Tgt.Sm < 80;
  bool IntTaken = O.ElemType == ".f64" || O.ElemType == ".s32" || Wmma8Low ||
                  (F.Fam == spec::Family::WmmaMma && (O.ElemType == ".s4" || O.ElemType == ".u4") &&
                   (!Ctx.Tgt.isValid() || loweredToBuiltin(F, Ctx)));
  // Block-scaled a and b (untyped .b32 fragments) refuse every constant.
  // Floating-point constants in .s32 accumulators are refused too (the
  // issue-10 sweep: m8n8k16, m16n8k256 .b1, mma.sp m16n8k32/m16n8k64).
  // mma's and mma.sp's a and b (the outside sweep, tools/dev/matrix-outside.py):
  // 0d and decimal floating-point constants are refused in every form but .f64, `0f`
  // ones in dense .tf32 and in m8n8k16's a (its b takes them from sm_100 on).
  bool MmaAB = AB && (F.Fam == spec::Family::Mma || F.Fam == spec::Family::MmaSp);
  bool M8n8k16Refused = F.Shape == ".m8n8k16" && AB &&
                        !(O.Name == "b" && FirstFloatImm && !FirstIntImm &&
                          isF32Literal(*FirstFloatImm) && Ctx.Tgt.isValid() && Ctx.Tgt.Sm >= 100);
  // The session-9 sweep: in c too (every source fragment but .f64 ones).
  bool MmaSrc = (F.Fam == spec::Family::Mma || F.Fam == spec::Family::MmaSp) && !O.IsDest;
  bool FloatRefused = FirstFloatImm && O.ElemType != ".f64" &&
                      ((MmaSrc && !isF32Literal(*FirstFloatImm)) ||
                       (MmaAB && F.Fam == spec::Family::Mma && O.ElemType == ".tf32"));
  // mma.sp's .bf16 a and b take `0f` constants only (the outside sweep,
  // session 8; dense .bf16 and .f16 refuse them).
  bool SparseBf16Taken = F.Fam == spec::Family::MmaSp && AB && O.ElemType == ".bf16" &&
                         FirstFloatImm && !FirstIntImm && isF32Literal(*FirstFloatImm);
  bool Refused = (FirstIntImm && !IntTaken) || (FirstFloatImm && O.ElemType == ".s32") ||
                 O.ElemType == ".f16" || (O.ElemType == ".bf16" && !SparseBf16Taken) ||
                 M8n8k16Refused || FloatRefused || (AB && !F.SType.empty()) ||
                 (Wmma8Low && FirstFloatImm);
  Ctx.Diags.report(Refused ? Severity::Error : Severity::Warning,
                   familyRule(F.Fam, FamilyRule::ImmediateNotAllowed), F.Spec, A.Range,
                   O.Name +
                       " is made of constants only; ptxas types a fragment from its "
                       "registers" +
                       std::string(Refused ? " and refuses this one" : " (write a register)"));
}

/// A constant among registers takes the type of its literal.
static void reportConstantAmongRegisters(StringRef OT, const OperandSpec &O, const Form &F,
                                         CheckContext &Ctx, const Operand *FirstIntImm,
                                         const Operand *FirstFloatImm) {
  // A constant takes the type of its literal (integer, or floating point for
  // 0f/0d/1.0): ptxas refuses it among registers of the other class ("Vector
  // with elements of different types"), and any constant among .f16x2.
  bool FloatRegs = OT == ".f32" || OT == ".f64";
  bool IntRegs = typeClass(OT).startswith("int");
  if (FirstIntImm && (FloatRegs || OT == ".f16x2"))
    Ctx.Diags.report(
        familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, FirstIntImm->Range,
        "integer constant " + std::string(FirstIntImm->Text) + " in a vector of " + OT.str() +
            " registers: ptxas refuses mixed types; " +
            (FloatRegs ? "write a floating-point constant such as 0f00000000" : "use a register"));
  else if (FirstFloatImm && (IntRegs || OT == ".f16x2") &&
           (F.Fam == spec::Family::Mma || F.Fam == spec::Family::MmaSp))
    // (wmma and stmatrix: checkFragmentImmediates, CheckWmma.cpp.)
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, FirstFloatImm->Range,
                     "floating-point constant " + std::string(FirstFloatImm->Text) +
                         " in a vector of " + OT.str() + " registers: ptxas refuses mixed types; " +
                         (IntRegs ? "write an integer constant such as 0" : "use a register"));
}

/// The floating-point and integer constants of one source fragment of mma or
/// mma.sp together (the session-9 sweep, tools/dev/matrix-outside.py --set
/// axes: every source fragment of 20 forms, sm_90, ptxas 13.0): an integer
/// and a floating-point constant together, or a `0d`/decimal constant after
/// a `0f` one, are refused ("Vector with elements of different types are
/// not allowed", "Arguments mismatch"); a `0f` constant after a `0d` or
/// decimal one is taken in every source fragment (even where `0f` constants
/// alone are refused). Returns true when reported; sets Loose for the last.
static bool checkConstantKinds(const Operand &A, const OperandSpec &O, const Form &F,
                               CheckContext &Ctx, ArrayRef<Operand> Folded, bool &Loose) {
  Loose = false;
  if (O.IsDest || (F.Fam != spec::Family::Mma && F.Fam != spec::Family::MmaSp))
    return false;
  const Operand *Int = nullptr, *Float = nullptr, *Wide = nullptr;
  for (size_t K = 0; K < A.Elements.size(); ++K) {
    const Operand &E = Folded[K].Kind == OperandKind::IntImm ? Folded[K] : A.Elements[K];
    if (E.Kind == OperandKind::IntImm && !Int)
      Int = &E;
    if (E.Kind != OperandKind::FloatImm)
      continue;
    if (!Float) {
      Float = &E;
      continue;
    }
    if (isF32Literal(*Float) && !isF32Literal(E) && !Wide)
      Wide = &E;
    if (!isF32Literal(*Float) && isF32Literal(E))
      Loose = true;
  }
  if (Int && Float) {
    const Operand *Later = Int->Range.Begin > Float->Range.Begin ? Int : Float;
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, Later->Range,
                     "integer and floating-point constants in one vector (" +
                         std::string(Int->Text) + " and " + std::string(Float->Text) + ", " +
                         O.Name + "): ptxas refuses mixed types; write constants of one kind");
    return true;
  }
  if (Wide) {
    Diagnostic &D = Ctx.Diags.report(
        familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, Wide->Range,
        "the 64-bit constant " + std::string(Wide->Text) + " after the 0f constant " +
            std::string(Float->Text) + " in " + O.Name +
            ": ptxas types the vector by its first 0f constant and refuses wider ones after it; "
            "write " +
            O.Name + "'s constants as 0f");
    D.Notes.push_back({Float->Range, "the first floating-point constant of the vector"});
    return true;
  }
  return false;
}

/// The sizes of a vector's registers: one size for all, and a special
/// register only of a size the fragment has. True when it reported.
static bool checkElementSizes(const OperandSpec &O, const Form &F, CheckContext &Ctx,
                              llvm::ArrayRef<std::pair<const Operand *, RegisterRef>> Regs) {
  // ptxas: "Incompatible elements of vector expression" for registers of
  // different sizes (a .b16 beside a .b32, %clock64 beside a .b32).
  for (size_t K = 1; K < Regs.size(); ++K) {
    unsigned W0 = typeBits(Regs[0].second.Type), WK = typeBits(Regs[K].second.Type);
    if (W0 && WK && W0 != WK) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, Regs[K].first->Range,
                       "elements of " + O.Name + " have different sizes (" +
                           std::string(Regs[0].first->Text) + " is " + Regs[0].second.Type.str() +
                           ", " + std::string(Regs[K].first->Text) + " is " +
                           Regs[K].second.Type.str() +
                           "); ptxas takes registers of one size in a vector");
      return true;
    }
  }
  // A special register of a size no register of O has (`{%tid.x}` in the
  // 64-bit b of .f64 mma): ptxas, "Arguments mismatch".
  for (const auto &R : Regs) {
    if (!R.second.Special)
      continue;
    unsigned Bits = typeBits(R.second.Type);
    if (!Bits || O.RegTypes.empty() ||
        llvm::any_of(O.RegTypes, [Bits](const std::string &T) { return typeBits(T) == Bits; }))
      continue;
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, R.first->Range,
                     "registers of " + O.Name + " in " + context(F, O) + " must be declared " +
                         regList(O) + ", but the special register " + std::string(R.first->Text) +
                         " is " + R.second.Type.str() + " (copy it into a register of the " +
                         "fragment's type first)");
    return true;
  }
  return false;
}

/// ptxas types a vector by its elements: one type for all, or untyped bits
/// (.b32/.b64) mixed with at most one other type (then it counts as bits).
/// Constants take the vector's type; a vector of constants only is refused.
static void checkElementsOnce(const Operand &A, const OperandSpec &O, const Form &F,
                              CheckContext &Ctx) {
  SmallVector<std::pair<const Operand *, RegisterRef>, 8> Regs;
  bool AnyReg = false;
  unsigned Sinks = 0;
  const Operand *FirstIntImm = nullptr, *FirstFloatImm = nullptr;
  // Constant expressions folded to their values (kept alive for FirstIntImm).
  SmallVector<Operand, 8> Folded(A.Elements.size());
  const std::string What = "an element of " + O.Name;
  for (size_t K = 0; K < A.Elements.size(); ++K) {
    const Operand &E = folded(A.Elements[K], Folded[K]);
    if (E.Negated) {
      // ptxas's grammar has no '!' inside braces (a syntax error).
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, E.Range,
                       "a vector element cannot be negated ('!' applies to a predicate operand "
                       "of its own; ptxas reports a syntax error)");
      return;
    }
    RegisterRef Info;
    checkElement(E, O, What, nullptr, F, Ctx, &Info);
    if (E.Kind == OperandKind::Name || E.Kind == OperandKind::Sink)
      AnyReg = true;
    Sinks += E.Kind == OperandKind::Sink;
    if (E.Kind == OperandKind::IntImm && !FirstIntImm)
      FirstIntImm = &E;
    if (E.Kind == OperandKind::FloatImm && !FirstFloatImm)
      FirstFloatImm = &E;
    if (Info.known())
      Regs.push_back({&E, Info});
  }
  bool Loose = false;
  if (checkConstantKinds(A, O, F, Ctx, Folded, Loose))
    return;
  // Special registers (%laneid is .u32, %clock64 .u64) count by their size
  // only: ptxas takes them beside registers of any type of that size.
  auto NotSpecial = [&O](const std::pair<const Operand *, RegisterRef> &R) {
    if (!R.second.Special)
      return true; // (the sizes below are read for special registers only)
    unsigned Bits = typeBits(R.second.Type);
    bool Wide = llvm::any_of(O.RegTypes, [](const std::string &T) { return typeBits(T) == 64; });
    return !(Bits == 32 || (Bits == 64 && Wide));
  };
  if (Sinks && Sinks == A.Elements.size() && O.IsDest) {
    // ptxas: "Unable to infer type of vector elements".
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     O.Name + " is made of sinks only; ptxas types a vector from its registers "
                              "and cannot type this one (write one register at least)");
    return;
  }
  if (checkElementSizes(O, F, Ctx, Regs))
    return;
  if (!AnyReg && O.ImmAllowed && !A.Elements.empty()) {
    if (Loose) {
      Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::ImmediateNotAllowed),
                       F.Spec, A.Range,
                       O.Name + " is made of constants only; ptxas 13.0 takes a 0f constant after "
                                "a 0d or decimal one in any source fragment (write a register)");
      return;
    }
    reportConstantsOnly(A, O, F, Ctx, FirstIntImm, FirstFloatImm);
    return;
  }
  if (O.RegTypes.empty() || Regs.empty())
    return;
  // wmma.load and wmma.store move their fragments with movs that refuse a
  // .pred element beside other registers ("Arguments mismatch for
  // instruction 'mov'", every target); wmma.mma takes it in some forms.
  bool Wmma = F.Fam == spec::Family::WmmaLoad || F.Fam == spec::Family::WmmaStore;
  for (const auto &R : Regs)
    if (Wmma && R.second.Type == ".pred" && !R.second.Special) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, R.first->Range,
                       "registers of " + O.Name + " in " + context(F, O) + " must be declared " +
                           regList(O) + ", but " + std::string(R.first->Text) +
                           " is .pred (ptxas refuses a predicate in a wmma fragment)");
      return;
    }
  const std::pair<const Operand *, RegisterRef> *Other = nullptr;
  bool AnyBits = false;
  for (const auto &R : Regs) {
    if (!NotSpecial(R))
      continue;
    if (isBitType(R.second.Type)) {
      AnyBits = true;
      continue;
    }
    if (Other && typeClass(Other->second.Type) != typeClass(R.second.Type)) {
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, R.first->Range,
                       "elements of " + O.Name + " have different types (" +
                           Other->second.Type.str() + " and " + R.second.Type.str() +
                           "); ptxas takes one type per vector (.s32 with .u32 too), or .b32 mixed "
                           "with one type");
      return;
    }
    if (!Other)
      Other = &R;
  }
  auto Report = [&](const Operand *E, const RegisterRef &Info) {
    // ptxas takes a vector of .pred registers in some fragments only.
    bool Pred = Info.Type == ".pred" && spec::takesPredicateVector(F, O.Name);
    if (Pred && typedFragmentRefuses(F, O.Name, Info.Type, Ctx))
      return; // the error of checkTypedFragments (TypedFragments.cpp), not a warning
    Diagnostic &D = Ctx.Diags.report(Pred ? Severity::Warning : Severity::Error,
                                     familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, E->Range,
                                     "registers of " + O.Name + " in " + context(F, O) +
                                         " must be declared " + regList(O) + ", but " +
                                         std::string(E->Text) + " is " + Info.Type.str());
    if (Info.Decl && Info.Decl->DeclRange.isValid())
      D.Notes.push_back({Info.Decl->DeclRange, std::string(E->Text) + " is declared here"});
  };
  if (Other && !AnyBits) {
    for (const auto &R : Regs)
      if (NotSpecial(R) && !llvm::is_contained(O.RegTypes, R.second.Type)) {
        Report(R.first, R.second);
        return;
      }
  } else {
    // Bit registers (alone or mixed with one other type) must be of an
    // accepted width.
    for (const auto &R : Regs)
      if (NotSpecial(R) && isBitType(R.second.Type) &&
          !llvm::is_contained(O.RegTypes, R.second.Type)) {
        Report(R.first, R.second);
        return;
      }
  }
  if (!Other || AnyBits || Loose)
    return;
  reportConstantAmongRegisters(Other->second.Type, O, F, Ctx, FirstIntImm, FirstFloatImm);
}

namespace {
/// What checkElementsOnce reads of a vector made of plain registers (each a
/// name declared directly, a scalar of .reg): the fragment, the file's
/// target and version, and each register's declared type and alignment.
struct PlainVector {
  const OperandSpec *O = nullptr;
  const Form *F = nullptr;
  Target Tgt;
  PtxVersion Version;
  unsigned N = 0;
  struct Reg {
    StringRef Type;
    uint16_t Align;
    bool IsArray;
  };
  Reg Regs[16];
};

/// A's registers as PlainVector records them; false when an element is
/// anything else (a constant, a sink, '!', a component, a special register,
/// a variable) or there are more than 16.
bool plainVector(const Operand &A, const OperandSpec &O, const Form &F, const CheckContext &Ctx,
                 PlainVector &Out) {
  if (A.Elements.size() > 16)
    return false;
  Out.O = &O;
  Out.F = &F;
  Out.Tgt = Ctx.Tgt;
  Out.Version = Ctx.Version;
  Out.N = static_cast<unsigned>(A.Elements.size());
  for (unsigned K = 0; K < Out.N; ++K) {
    const Operand &E = A.Elements[K];
    if (E.Kind != OperandKind::Name || E.Negated)
      return false;
    const RegisterInfo *Info = Ctx.Syms.lookup(E.Text);
    if (!Info || Info->VectorWidth != 1 || Info->StateSpace != ".reg" || Info->Type.empty())
      return false;
    Out.Regs[K] = {Info->Type, Info->Align, Info->IsArray};
  }
  return true;
}

bool sameVector(const PlainVector &X, const PlainVector &Y) {
  if (X.O != Y.O || X.F != Y.F || X.N != Y.N || !(X.Tgt == Y.Tgt) ||
      X.Version.Major != Y.Version.Major || X.Version.Minor != Y.Version.Minor)
    return false;
  for (unsigned K = 0; K < X.N; ++K)
    if (X.Regs[K].Type != Y.Regs[K].Type || X.Regs[K].Align != Y.Regs[K].Align ||
        X.Regs[K].IsArray != Y.Regs[K].IsArray)
      return false;
  return true;
}
} // namespace

/// checkElementsOnce, skipped for a vector of plain registers whose types
/// and fragment are those of one it found nothing in (nvcc writes the same
/// mma fragments thousands of times, other registers of the same types):
/// what it reads of such a vector is all in PlainVector.
void checkVectorElements(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  thread_local PlainVector Clean[64];
  PlainVector Now;
  if (!plainVector(A, O, F, Ctx, Now)) {
    checkElementsOnce(A, O, F, Ctx);
    return;
  }
  uintptr_t H = reinterpret_cast<uintptr_t>(&O);
  PlainVector &Slot = Clean[(H ^ (H >> 6)) % 64];
  if (sameVector(Slot, Now))
    return;
  unsigned Before = Ctx.Diags.reportsMade();
  checkElementsOnce(A, O, F, Ctx);
  if (Ctx.Diags.reportsMade() == Before)
    Slot = Now;
}

} // namespace formops
} // namespace check
} // namespace ptxlint
