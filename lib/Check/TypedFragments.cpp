//===- TypedFragments.cpp - fragment elements ptxas types per target ------===//
//
// Some fragments are typed by ptxas beyond the form's register types, and
// only on some targets: wmma.mma's and mma m8n8k16's '_mma' lowering, the
// special registers and vector components ptxas refuses in some operands
// from sm_100 on. The tables say where (spec::TypedFragment rows,
// spec::wmmaTypedFragments(), spec::mmaTypedFragments()); this checks each
// element against the rows of its form and target, once an element, where
// no other check reported an error.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace check {

bool isIntConstant(const Operand &E) {
  int64_t V = 0;
  // `(1+1)` parses as a parenthesised list of one expression.
  const Operand &In = E.Kind == OperandKind::List && E.Elements.size() == 1 ? E.Elements[0] : E;
  return In.Kind == OperandKind::IntImm ||
         (In.Kind == OperandKind::Expr && evalConstantExpr(In.Text, V));
}

std::string constantText(const Operand &E) {
  if (E.Kind == OperandKind::List && E.Elements.size() == 1)
    return "(" + std::string(E.Elements[0].Text) + ")";
  return std::string(E.Text);
}

namespace {

/// True when an error covers R (the element itself or its whole vector).
bool hasErrorAt(const SourceRange &R, const CheckContext &Ctx) {
  for (const Diagnostic &D : Ctx.Diags.diagnostics())
    if (D.Sev == Severity::Error && D.Range.isValid() && D.Range.Begin <= R.Begin &&
        R.End <= D.Range.End)
      return true;
  return false;
}

/// The rule for immediates the lowering refuses.
Rule immediateRule(spec::Family Fam) {
  return Fam == spec::Family::WmmaMma ? Rule::WmmaMmaImmediateType
                                      : familyRule(Fam, FamilyRule::ImmediateNotAllowed);
}

/// Why element E breaks row R (empty: it does not), and the rule to report
/// it under.
std::string typedElementProblem(const Operand &E, const spec::TypedFragment &R, const spec::Form &F,
                                CheckContext &Ctx, Rule &Id) {
  Id = familyRule(F.Fam, FamilyRule::OperandKind);
  if (E.Kind == OperandKind::Sink)
    return R.Sinks ? "" : "a sink '_'";
  if (E.Kind == OperandKind::Name && !E.Negated) {
    RegisterRef Ref = resolveRegister(Ctx, E.Text);
    if (!Ref.known() || (Ref.Width != 1 && !Ref.Component))
      return "";
    if (Ref.Special)
      return R.Specials ? "" : "the special register " + std::string(E.Text);
    if (Ref.Component && !R.Components)
      return "the vector component " + std::string(E.Text);
    llvm::SmallVector<llvm::StringRef, 4> Types;
    llvm::StringRef(R.RegTypes).split(Types, ' ', -1, false);
    Id = familyRule(F.Fam, FamilyRule::RegisterType);
    if (Types.empty() || llvm::is_contained(Types, Ref.Type))
      return "";
    return std::string(E.Text) + " of type " + Ref.Type.str();
  }
  Id = immediateRule(F.Fam);
  if (isIntConstant(E))
    return R.IntConsts ? "" : "the integer constant " + constantText(E);
  if (E.Kind == OperandKind::FloatImm)
    return R.FloatConsts ? "" : "the floating-point constant " + std::string(E.Text);
  return "";
}

/// What an element of row R must be, for the message.
std::string constraintText(const spec::TypedFragment &R) {
  return *R.RegTypes ? std::string("a register of type ") + R.RegTypes : "a register";
}

/// " below sm_80", " on sm_100 and later", "" (every target).
std::string targetText(const spec::TypedFragment &R) {
  if (R.FromSm && R.BelowSm)
    return " on sm_" + std::to_string(R.FromSm) + " .. below sm_" + std::to_string(R.BelowSm);
  if (R.BelowSm)
    return " below sm_" + std::to_string(R.BelowSm);
  if (R.FromSm)
    return " on sm_" + std::to_string(R.FromSm) + " and later";
  return "";
}

} // namespace

namespace {
llvm::ArrayRef<spec::TypedFragment> rowsOf(spec::Family Fam) {
  if (Fam == spec::Family::Mma)
    return spec::mmaTypedFragments();
  if (Fam == spec::Family::WmmaMma)
    return spec::wmmaTypedFragments();
  return {};
}

bool rowApplies(const spec::TypedFragment &R, const spec::Form &F, unsigned Sm) {
  return F.AType == R.AType && F.Shape == R.Shape && Sm >= R.FromSm &&
         (!R.BelowSm || Sm < R.BelowSm);
}
} // namespace

bool typedFragmentRefuses(const spec::Form &F, llvm::StringRef Operand, llvm::StringRef RegType,
                          const CheckContext &Ctx) {
  if (!Ctx.Tgt.isValid())
    return false;
  for (const spec::TypedFragment &R : rowsOf(F.Fam)) {
    if (!rowApplies(R, F, Ctx.Tgt.Sm) || R.Leading || !*R.RegTypes)
      continue;
    llvm::SmallVector<llvm::StringRef, 2> Names, Types;
    llvm::StringRef(R.Operands).split(Names, ' ', -1, false);
    llvm::StringRef(R.RegTypes).split(Types, ' ', -1, false);
    if (llvm::is_contained(Names, Operand) && !llvm::is_contained(Types, RegType))
      return true;
  }
  return false;
}

void checkTypedFragments(const Instruction &I, const spec::Form &F,
                         llvm::ArrayRef<spec::TypedFragment> Rows, CheckContext &Ctx) {
  if (!Ctx.Tgt.isValid())
    return;
  unsigned Sm = Ctx.Tgt.Sm;
  for (const spec::TypedFragment &R : Rows) {
    if (!rowApplies(R, F, Sm))
      continue;
    llvm::SmallVector<llvm::StringRef, 2> Names;
    llvm::StringRef(R.Operands).split(Names, ' ', -1, false);
    for (unsigned Idx = 0; Idx < F.Operands.size() && Idx < I.Operands.size(); ++Idx) {
      const spec::OperandSpec &O = F.Operands[Idx];
      if (!llvm::is_contained(Names, O.Name) || I.Operands[Idx].Kind != OperandKind::Vector)
        continue;
      const auto &Elems = I.Operands[Idx].Elements;
      size_t N = R.Leading ? std::min<size_t>(R.Leading, Elems.size()) : Elems.size();
      for (size_t K = 0; K < N; ++K) {
        const Operand &E = Elems[K];
        Rule Id;
        std::string Why = typedElementProblem(E, R, F, Ctx, Id);
        if (Why.empty() || hasErrorAt(E.Range, Ctx))
          continue;
        Ctx.Diags.report(Id, F.Spec, E.Range,
                         "an element of " + O.Name + " of " + spec::familyName(F.Fam).str() +
                             " with " + F.AType + " inputs" + targetText(R) + " must be " +
                             constraintText(R) + ", found " + Why +
                             " (ptxas 13.0 refuses it: " + R.Ptxas + ")");
      }
    }
  }
}

} // namespace check
} // namespace ptxlint
