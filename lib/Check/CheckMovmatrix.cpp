//===- CheckMovmatrix.cpp - checks for movmatrix (9.7.14.5.17) ------------===//
//
// One form (lib/Spec/LdStMatrixTables.cpp): the generic matcher checks it.
// ptxas 13.0 adds two behaviours (docs/differences/wmma-ldst.md): a repeated
// `.sync` is accepted (a warning here), and a sink `_` as the destination
// makes ptxas crash (segmentation fault) instead of reporting an error, so it
// is an error here with its own rule.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
#include "Spec/Spec.h"

#include <vector>

namespace ptxlint {

namespace {

SourceRange qualRange(const Instruction &I, unsigned Idx, const check::CheckContext &Ctx) {
  if (Idx < I.QualifierRanges.size() && I.QualifierRanges[Idx].isValid())
    return I.QualifierRanges[Idx];
  SourceRange R = Ctx.rangeOf(I.Qualifiers[Idx]);
  return R.isValid() ? R : I.opcodeRange();
}

} // namespace

namespace check {

void checkMovmatrix(const Instruction &I, CheckContext &Ctx) {
  MatchOptions Opts;
  bool SeenSync = false;
  for (unsigned K = 0; K < I.Qualifiers.size(); ++K) {
    if (I.Qualifiers[K] != ".sync")
      continue;
    if (!SeenSync) {
      SeenSync = true;
      continue;
    }
    Opts.Skip.push_back(K);
    SourceRange R = qualRange(I, K, Ctx);
    Diagnostic &D =
        Ctx.Diags.report(Rule::MovmatrixRedundantQualifier, R,
                         "'.sync' is written more than once (ptxas accepts the repetition)");
    D.Fixes.push_back({R, ""});
  }
  // Qualifiers ptxas 13.0 accepts and ignores; the extra types only beside
  // .b16 (alone they are "Unexpected instruction types").
  bool HasB16 = I.hasQualifier(".b16");
  for (unsigned K = 0; K < I.Qualifiers.size(); ++K) {
    llvm::StringRef Q = I.Qualifiers[K];
    bool Ignored =
        Q == ".row" || Q == ".col" || Q == ".b8x16" || Q == ".b6x16_p32" || Q == ".b4x16_p64" ||
        (HasB16 && (Q == ".bf16" || Q == ".tf32" || Q == ".s4" || Q == ".u4" || Q == ".b1"));
    if (!Ignored)
      continue;
    Opts.Skip.push_back(K);
    SourceRange R = qualRange(I, K, Ctx);
    Diagnostic &D = Ctx.Diags.report(Rule::MovmatrixIgnoredQualifier, R,
                                     "'" + Q.str() +
                                         "' has no meaning for movmatrix; ptxas 13.0 accepts "
                                         "and ignores it");
    D.Fixes.push_back({R, ""});
    // Ignored, but still gated: "Feature '.bf16' requires .target sm_80".
    if (Q == ".bf16" || Q == ".tf32")
      requireSm(Ctx, 80, R, familyRule(spec::Family::Movmatrix, FamilyRule::Target),
                spec::familySection(spec::Family::Movmatrix), "'" + Q.str() + "'");
  }
  if (!I.Operands.empty() && I.Operands[0].Kind == OperandKind::Sink)
    Ctx.Diags.report(Rule::MovmatrixSink, I.Operands[0].Range,
                     "the destination of movmatrix must be a register, not '_' (ptxas 13.0 "
                     "crashes on it)");

  // ptxas: "Vector operand is not allowed for instruction 'movmatrix'" (the
  // generic check takes a one-register vector for a register).
  for (const Operand &O : I.Operands)
    if (O.Kind == OperandKind::Vector)
      Ctx.Diags.report(familyRule(spec::Family::Movmatrix, FamilyRule::OperandKind), O.Range,
                       "movmatrix takes plain registers, not vectors: write the register "
                       "without braces");

  MatchResult M = matchForm(I, spec::Family::Movmatrix, Ctx, Opts);
  if (!M.F)
    return;
  checkOperands(I, *M.F, Ctx);
  checkGates(I, *M.F, Ctx);
}

} // namespace check
} // namespace ptxlint
