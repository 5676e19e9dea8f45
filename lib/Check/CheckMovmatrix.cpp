//===- CheckMovmatrix.cpp - checks for movmatrix (9.7.14.5.17) ------------===//
//
// One form (lib/Spec/LdStMatrixTables.cpp, with the qualifiers ptxas 13.0
// ignores and its repeated `.sync`): the generic matcher checks it. A sink
// `_` as the destination makes ptxas crash (segmentation fault) instead of
// reporting an error (docs/differences/wmma-ldst.md), so it is an error here
// with its own rule.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "Check/CheckUtil.h"
#include "Check/FormMatcher.h"
#include "Spec/Spec.h"

#include <vector>

namespace ptxlint {

namespace {} // namespace

namespace check {

void checkMovmatrix(const Instruction &I, CheckContext &Ctx) {
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

  MatchResult M = matchForm(I, spec::Family::Movmatrix, Ctx);
  if (!M.F)
    return;
  checkOperands(I, *M.F, Ctx);
  checkGates(I, *M.F, Ctx);
}

} // namespace check
} // namespace ptxlint
