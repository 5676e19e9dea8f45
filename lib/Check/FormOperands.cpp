//===- FormOperands.cpp - operand checks of matched forms -------*- C++ -*-===//
//
// The second half of the generic matcher: once an instruction matched a
// Form, check its operands against the form's fragment table (counts,
// register declarations and types, immediates and their ranges). The
// module's .version/.target against the form's gates: FormGates.cpp. One
// element: FormElements.cpp; a vector's elements together: FormVectors.cpp.
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

using namespace formops;

namespace {

/// `%rd0+(2*8)`: a register plus a constant expression (ptxas folds it).
bool isRegPlusConstant(StringRef T) {
  size_t Plus = T.find('+');
  if (Plus == StringRef::npos)
    return false;
  StringRef Base = T.take_front(Plus).trim(), Off = T.drop_front(Plus + 1);
  int64_t V;
  return !Base.empty() && Base.find_first_of("()*/-%", 1) == StringRef::npos &&
         evalConstantExpr(Off, V);
}

/// ptxas's address syntax is [reg], [reg+imm], [var], [var+imm] or [imm]
/// (PTX ISA 6.4.1); anything else in the brackets is a syntax error to it:
/// a nested address or vector (`[[%r]]`, `[{%r}]`), a register in the
/// offset (`[%r+%o]`, `[sym+%r]`), a vector component as the base
/// (`[%v.x]`), an offset written `-8` instead of `+-8`.
void checkAddressForm(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  if (A.Elements.empty())
    return;
  const Operand &B = A.Elements[0];
  std::string Why;
  if (B.Kind == OperandKind::Address || B.Kind == OperandKind::Vector ||
      B.Kind == OperandKind::List || A.Elements.size() > 1)
    Why = "a nested address, vector or list";
  else if (B.Kind == OperandKind::Expr && llvm::StringRef(B.Text).contains('%') &&
           !isRegPlusConstant(B.Text))
    Why = "a register inside an offset expression";
  else if (B.Kind == OperandKind::Name && B.Negated)
    Why = "a negated base";
  else if (B.Kind == OperandKind::Name && resolveRegister(Ctx, B.Text).Component)
    Why = "a vector component as the base";
  else if (B.Kind == OperandKind::Name && A.HasOffset) {
    StringRef T = Ctx.File.slice(A.Range);
    size_t At = T.find(B.Text);
    if (At != StringRef::npos && T.drop_front(At + B.Text.size()).ltrim().startswith("-"))
      Why = "an offset written with '-' (ptxas takes [base+-8])";
  }
  if (Why.empty())
    return;
  Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                   "operand " + O.Name + " is not an address ptxas can parse: " + Why +
                       "; ptxas takes [reg], [reg+imm], [var], [var+imm] or [imm]");
}

bool isWmma(const Form &F) {
  return F.Fam == spec::Family::WmmaLoad || F.Fam == spec::Family::WmmaStore ||
         F.Fam == spec::Family::WmmaMma;
}

std::string describeShape(const OperandSpec &O);

/// A whole vector register (`.reg .v4 .b32 %v`) written for a fragment:
/// ptxas takes it in mma, mma.sp, ldmatrix, stmatrix and movmatrix when its
/// width is the fragment's register count (not in wmma). False when A is
/// no vector register (the caller reports the shape).
bool checkVectorRegister(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  RegisterRef Ref = resolveRegister(Ctx, A.Text);
  if (!Ref.known() || Ref.Width < 2 || Ref.Component || isWmma(F))
    return false;
  if (Ref.Decl && Ref.Decl->StateSpace != ".reg") {
    // ptxas 13.0 refuses a vector variable (`.global .v2 .b32 gv`) as a
    // whole fragment; "Arguments mismatch" (test/check/mma-variable-elements.ptx).
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Range,
                     "operand " + O.Name + " must be " + describeShape(O) +
                         " in braces or a vector register, found " + std::string(A.Text) +
                         " declared in " + Ref.Decl->StateSpace.str());
    return true;
  }
  if (loweredToBuiltin(F, Ctx) &&
      ((!O.IsDest && isBuiltinArg(F, O)) || (O.IsDest && F.BuiltinDestVectorCrash))) {
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     "operand " + O.Name + " must be a vector of " + std::to_string(O.Count) +
                         " registers in braces, found the vector register " + std::string(A.Text) +
                         " (ptxas implements " + loweringText(F) +
                         " by a built-in call and crashes on a whole vector register)");
    return true;
  }
  if (Ref.Width != O.Count) {
    // The counts ptxas also takes in braces it takes as a vector register.
    bool Tolerated = llvm::is_contained(O.PtxasAlsoCounts, Ref.Width);
    Ctx.Diags.report(Tolerated ? Severity::Warning : Severity::Error,
                     familyRule(F.Fam, FamilyRule::FragmentSize), F.FragmentSpec, A.Range,
                     O.Name + " holds " + std::to_string(O.Count) + " register" +
                         (O.Count == 1 ? "" : "s") + " for " + context(F, O) + ", found " +
                         std::string(A.Text) + ", a .v" + std::to_string(Ref.Width) + " register" +
                         (Tolerated ? " (ptxas accepts it; the extra registers are unused)" : ""));
    if (!Tolerated)
      return true;
  }
  if (!O.RegTypes.empty() && !llvm::is_contained(O.RegTypes, Ref.Type)) {
    Diagnostic &D =
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Range,
                         "registers of " + O.Name + " in " + context(F, O) + " must be declared " +
                             regList(O) + ", but " + std::string(A.Text) + " is .v" +
                             std::to_string(Ref.Width) + " " + Ref.Type.str());
    if (Ref.Decl && Ref.Decl->DeclRange.isValid())
      D.Notes.push_back({Ref.Decl->DeclRange, std::string(A.Text) + " is declared here"});
  }
  return true;
}

/// A vector of declared 32-bit or .pred registers (no special registers,
/// components, sinks or constants): what ptxas takes for mma's scalars.
bool vectorOf32BitRegisters(const Operand &V, const CheckContext &Ctx) {
  for (const Operand &E : V.Elements) {
    if (E.Kind != OperandKind::Name || E.Negated)
      return false;
    RegisterRef Ref = resolveRegister(Ctx, E.Text);
    if (!Ref.known() || Ref.Special || Ref.Component || Ref.Width > 1 ||
        (Ref.Type != ".pred" && typeBits(Ref.Type) != 32))
      return false;
  }
  return !V.Elements.empty();
}

std::string describeShape(const OperandSpec &O) {
  switch (O.Shape) {
  case OperandShape::Vector:
    return "a vector of " + std::to_string(O.Count) + " register" + (O.Count == 1 ? "" : "s");
  case OperandShape::Scalar:
    return "a register";
  case OperandShape::Address:
    return "an address";
  case OperandShape::SelectorPair:
    return "a pair {byte-id, thread-id}";
  case OperandShape::Immediate:
    return "an integer constant";
  }
  return "";
}

/// A bare register (not special) as the a of integer mma.sp: ptxas 13.0
/// takes it on every target (sm_80 .. sm_121a, any register type, a vector
/// component too) where the spec's syntax has a vector; the other forms
/// refuse it ("Vector expected for argument 1"). A warning; true when
/// reported.
bool bareIntegerSparseA(const Operand &A, const OperandSpec &O, const Form &F, CheckContext &Ctx) {
  if (F.Fam != spec::Family::MmaSp || O.Name != "a" || A.Kind != OperandKind::Name || A.Negated ||
      !(F.AType == ".s8" || F.AType == ".u8" || F.AType == ".s4" || F.AType == ".u4"))
    return false;
  RegisterRef Ref = resolveRegister(Ctx, A.Text);
  if (!Ref.known() || Ref.Special || (Ref.Width > 1 && !Ref.Component) ||
      (Ref.Decl && Ref.Decl->StateSpace != ".reg"))
    return false;
  Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                   "operand a should be " + describeShape(O) +
                       " in braces (the spec's syntax), "
                       "found the register " +
                       std::string(A.Text) + " (ptxas takes it for integer mma.sp, not for b)");
  return true;
}

} // namespace

/// A vector operand: a whole vector register, its shape, its size and
/// its elements.
static void checkVectorOperand(const Operand &A, const OperandSpec &O, const Form &F,
                               CheckContext &Ctx) {
  if (A.Kind == OperandKind::Name && !A.Negated && checkVectorRegister(A, O, F, Ctx))
    return;
  if (bareIntegerSparseA(A, O, F, Ctx))
    return;
  if (A.Kind != OperandKind::Vector) {
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                     "operand " + O.Name + " must be " + describeShape(O) + " in braces");
    return;
  }
  if (A.Elements.size() != O.Count) {
    bool Tolerated = llvm::is_contained(O.PtxasAlsoCounts, A.Elements.size());
    Ctx.Diags.report(Tolerated ? Severity::Warning : Severity::Error,
                     familyRule(F.Fam, FamilyRule::FragmentSize), F.FragmentSpec, A.Range,
                     O.Name + " holds " + std::to_string(O.Count) + " register" +
                         (O.Count == 1 ? "" : "s") + " for " + context(F, O) + ", found " +
                         std::to_string(A.Elements.size()) +
                         (Tolerated ? " (ptxas accepts it; the extra registers are unused "
                                      "per the spec)"
                                    : ""));
    if (!Tolerated)
      return;
  }
  checkVectorElements(A, O, F, Ctx);
}

static void checkOperandList(const Instruction &I, const Form &F, CheckContext &Ctx) {
  size_t Min = 0;
  for (const OperandSpec &O : F.Operands)
    if (!O.Optional)
      ++Min;
  size_t Max = F.Operands.size();
  size_t N = I.Operands.size();
  if (N < Min || N > Max) {
    std::string Names;
    for (const OperandSpec &O : F.Operands)
      Names += (Names.empty() ? "" : ", ") + O.Name;
    SourceRange R = N > Max ? I.Operands[Max].Range : I.Range;
    if (N > Max)
      for (size_t K = Max; K < N; ++K)
        R = R.cover(I.Operands[K].Range);
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandCount), F.Spec, R,
                     F.mnemonic() + " takes " + std::to_string(Max) + " operands (" + Names +
                         "), found " + std::to_string(N));
    if (N < Min)
      return;
  }
  for (size_t K = 0; K < N && K < Max; ++K) {
    const Operand &A = I.Operands[K];
    const OperandSpec &O = F.Operands[K];
    switch (O.Shape) {
    case OperandShape::Vector:
      checkVectorOperand(A, O, F, Ctx);
      break;
    case OperandShape::Scalar:
    case OperandShape::Immediate: {
      const Operand *E = &A;
      // ptxas takes a one-element vector for a scalar register, but not
      // for a constant operand (a selector: "Arguments mismatch") nor for
      // wmma's stride.
      if (A.Kind == OperandKind::Vector && A.Elements.size() == 1) {
        if (O.Shape == OperandShape::Immediate || isWmma(F) || loweredToBuiltin(F, Ctx)) {
          Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                           "operand " + O.Name + " must be " + describeShape(O) +
                               ", found a one-element vector (ptxas refuses the braces here)");
          break;
        }
        E = &A.Elements[0];
      }
      if (E->Kind == OperandKind::Vector) {
        if (looseScalar(O, F, Ctx) && vectorOf32BitRegisters(*E, Ctx)) {
          Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::OperandKind), F.Spec,
                           A.Range,
                           "operand " + O.Name +
                               " should be a register (the spec's syntax), found a vector of " +
                               std::to_string(E->Elements.size()) + " (ptxas takes it)");
          break;
        }
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                         "operand " + O.Name + " must be " + describeShape(O));
        break;
      }
      checkElement(*E, O, "operand " + O.Name, O.Ranges.empty() ? nullptr : &O.Ranges[0], F, Ctx);
      break;
    }
    case OperandShape::SelectorPair: {
      if (A.Kind != OperandKind::Vector || A.Elements.size() != 2) {
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                         "operand " + O.Name + " must be a pair in braces");
        break;
      }
      static const char *const Part[2] = {"byte-id", "thread-id"};
      bool BadPart = false;
      for (unsigned E = 0; E < 2; ++E)
        if (A.Elements[E].Kind == OperandKind::Name &&
            A.Elements[1 - E].Kind != OperandKind::Name &&
            resolveRegister(Ctx, A.Elements[E].Text).Component) {
          // ptxas: "Argument 7 of instruction 'mma': must be register or constant"
          // beside a constant; beside a register a component is typed like one
          // (`{%vh2.x, %vh2.y}`, `{%h1, %vh2.y}`: taken, the outside sweep).
          Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Elements[E].Range,
                           std::string(Part[E]) + " of " + O.Name +
                               " must be an integer constant or a 16-bit register, found the "
                               "vector component " +
                               std::string(A.Elements[E].Text));
          BadPart = true;
        }
      if (BadPart)
        break;
      for (unsigned E = 0; E < 2; ++E)
        if (A.Elements[E].Kind == OperandKind::FloatImm)
          Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Elements[E].Range,
                           std::string(Part[E]) + " of " + O.Name +
                               " must be an integer constant or a 16-bit register");
      // Typed like a vector: .b16 mixes with one other 16-bit type (an
      // .f16 next to a .b16 is taken, two .f16 are not).
      RegisterRef Info[2];
      for (unsigned E = 0; E < 2; ++E)
        checkElement(A.Elements[E], O, std::string(Part[E]) + " of " + O.Name,
                     E < O.Ranges.size() ? &O.Ranges[E] : nullptr, F, Ctx, &Info[E]);
      bool AnyB16 = Info[0].Type == ".b16" || Info[1].Type == ".b16";
      for (unsigned E = 0; E < 2; ++E) {
        if (!Info[E].known() || llvm::is_contained(O.RegTypes, Info[E].Type) ||
            (AnyB16 && Info[E].Type == ".f16"))
          continue;
        // After a constant byte-id ptxas takes an integer register of any
        // width as thread-id (`{0, %r0}`, `{0, %rd0}`, `{0, %laneid}`; not
        // .f32, and a 32-bit byte-id is "Arguments mismatch"; probed sm_120a).
        StringRef T = Info[E].Type;
        bool LooseThread = E == 1 && A.Elements[0].Kind == OperandKind::IntImm &&
                           (T.startswith(".b") || T.startswith(".u") || T.startswith(".s"));
        Diagnostic &D = Ctx.Diags.report(
            LooseThread ? Severity::Warning : Severity::Error,
            familyRule(F.Fam, FamilyRule::RegisterType), F.Spec, A.Elements[E].Range,
            std::string(Part[E]) + " of " + O.Name + " must be declared " + regList(O) + ", but " +
                std::string(A.Elements[E].Text) + " is " + Info[E].Type.str() +
                (LooseThread ? " (ptxas takes it after a constant byte-id)" : ""));
        if (Info[E].Decl && Info[E].Decl->DeclRange.isValid())
          D.Notes.push_back(
              {Info[E].Decl->DeclRange, std::string(A.Elements[E].Text) + " is declared here"});
        break;
      }
      break;
    }
    case OperandShape::Address:
      if (A.Kind != OperandKind::Address)
        Ctx.Diags.report(familyRule(F.Fam, FamilyRule::OperandKind), F.Spec, A.Range,
                         "operand " + O.Name + " must be an address [...]");
      else
        checkAddressForm(A, O, F, Ctx);
      break;
    }
  }
}

void checkOperands(const Instruction &I, const Form &F, CheckContext &Ctx) {
  checkOperandList(I, F, Ctx);
}

} // namespace check
} // namespace ptxlint
