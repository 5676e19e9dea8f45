//===- FormGates.cpp - gate checks of matched forms -------------*- C++ -*-===//
//
// The module's .version/.target against a matched Form's gates (split from
// FormOperands.cpp): one version error for the newest failing gate, one
// target error, each on the qualifier the gate is about.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace ptxlint {
namespace check {

using spec::Form;

//===----------------------------------------------------------------------===//
// Gates
//===----------------------------------------------------------------------===//

/// The qualifier a gate is about: a backticked token of its feature text
/// that the instruction writes, else the shape, else the opcode.
static SourceRange gateRange(const Instruction &I, const Form &F, const spec::Gate &G,
                             CheckContext &Ctx) {
  StringRef Feat = G.Feature;
  while (true) {
    size_t B = Feat.find('`');
    if (B == StringRef::npos)
      break;
    size_t E = Feat.find('`', B + 1);
    if (E == StringRef::npos)
      break;
    StringRef Tok = Feat.slice(B + 1, E);
    Tok.consume_front("mma"); // "`mma.sp::ordered_metadata`" names ".sp::ordered_metadata"

    for (unsigned Q = 0; Q < I.Qualifiers.size(); ++Q)
      if (llvm::StringRef(I.Qualifiers[Q]) == Tok ||
          (Tok.contains('/') && Tok.split('/').first == llvm::StringRef(I.Qualifiers[Q])))
        return qualifierRange(I, Q, Ctx);
    Feat = Feat.drop_front(E + 1);
  }
  for (unsigned Q = 0; Q < I.Qualifiers.size(); ++Q)
    if (F.Sparse && llvm::StringRef(I.Qualifiers[Q]).startswith(".sp"))
      return qualifierRange(I, Q, Ctx);
  for (unsigned Q = 0; Q < I.Qualifiers.size(); ++Q)
    if (I.Qualifiers[Q] == F.Shape)
      return qualifierRange(I, Q, Ctx);
  return I.opcodeRange();
}

void checkGates(const Instruction &I, const Form &F, CheckContext &Ctx) {
  const spec::FormSet &S = spec::formsOf(F.Fam);
  if (S.AliasWritten.isValid() && Ctx.Version == S.AliasWritten && F.MinPtx == S.AliasTreatedAs) {
    // ptxas takes these forms at an undocumented version (which the
    // module-level version-undocumented rule already reports).
    CheckContext As = Ctx;
    As.Version = S.AliasTreatedAs;
    checkGateRequirements(I, F, As, true, true);
  } else {
    checkGateRequirements(I, F, Ctx, true, true);
  }
  if (!F.Deprecated.empty())
    Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::Deprecated), F.Spec,
                     I.opcodeRange(), F.Deprecated);
  if (!F.Advisory.empty()) {
    // Point at the qualifier the advice is about when there is one.
    SourceRange R = I.opcodeRange();
    if (!I.Qualifiers.empty() && F.Sparse)
      R = qualifierRange(I, 0, Ctx);
    Ctx.Diags.report(familyRule(F.Fam, FamilyRule::Advisory), F.Spec, R, F.Advisory);
  }
  checkQualifierVersions(I, F, Ctx);
}

void checkGateRequirements(const Instruction &I, const Form &F, CheckContext &Ctx, bool Version,
                           bool Tgt) {
  // One version error: the failing gate that needs the newest version.
  const spec::Gate *Newest = nullptr;
  for (const spec::Gate &G : F.Gates)
    if (Ctx.Version.isValid() && G.MinPtx.isValid() && Ctx.Version < G.MinPtx &&
        (!Newest || Newest->MinPtx < G.MinPtx))
      Newest = &G;
  if (Newest && Version)
    requirePtx(Ctx, Newest->MinPtx, gateRange(I, F, *Newest, Ctx),
               familyRule(F.Fam, FamilyRule::PtxVersion), Newest->Spec, Newest->Feature);
  bool TargetReported = false;
  for (const spec::Gate &G : F.Gates) {
    if (Tgt && !TargetReported && Ctx.Tgt.isValid() && G.Targets.isRestricted() &&
        !G.Targets.allows(Ctx.Tgt, Ctx.Version)) {
      SourceRange R = gateRange(I, F, G, Ctx);
      SmallVector<Target, 4> AnyOf;
      if (G.Targets.Specific.empty()) {
        AnyOf.push_back(smT(G.Targets.MinSm));
      } else {
        for (const spec::SpecificTarget &S : G.Targets.Specific)
          AnyOf.push_back(S.T);
      }
      Diagnostic &D = Ctx.Diags.report(familyRule(F.Fam, FamilyRule::Target), G.Spec, R,
                                       G.Feature + " " + requiresTargetText(AnyOf, Ctx.Tgt));
      if (Ctx.TargetRange.isValid()) {
        D.Notes.push_back({Ctx.TargetRange, "module target is set here"});
        D.Fixes.push_back({Ctx.TargetRange, G.Targets.suggest().str()});
      }
      TargetReported = true;
    }
  }
}

} // namespace check
} // namespace ptxlint
