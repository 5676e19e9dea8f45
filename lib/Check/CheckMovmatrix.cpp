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
#include "Check/Rules.h"
#include "Spec/Spec.h"

#include <vector>

namespace ptxlint {

namespace {

const char *const MovSec = "9.7.14.5.17";

const RuleInfo OwnRules[] = {
    {"movmatrix-redundant-qualifier", MovSec, Severity::Warning,
     "a repeated .sync is accepted by ptxas but redundant",
     "movmatrix.sync.sync.aligned.m8n8.trans.b16 %r0, %r1;", "remove the repeated qualifier"},
    {"movmatrix-ignored-qualifier", MovSec, Severity::Warning,
     "ptxas 13.0 accepts and ignores .row, .col, ldmatrix's format qualifiers, and a second "
     "type (.bf16, .tf32, .s4, .u4, .b1) beside .b16 on movmatrix",
     "movmatrix.sync.aligned.m8n8.trans.b16.bf16 %r0, %r1;", "remove the qualifier"},
    {"movmatrix-sink", MovSec, Severity::Error,
     "the destination of movmatrix must be a register: ptxas 13.0 crashes on a sink '_'",
     "movmatrix.sync.aligned.m8n8.trans.b16 _, %r1;", "write a .b32 register"},
};

} // namespace

llvm::ArrayRef<RuleInfo> movmatrixRules() {
  static const std::vector<RuleInfo> All = [] {
    std::vector<RuleInfo> V(std::begin(OwnRules), std::end(OwnRules));
    for (const RuleInfo &R : check::matcherRules(spec::Family::Movmatrix))
      V.push_back(R);
    return V;
  }();
  return All;
}

namespace check {

void checkMovmatrix(const Instruction &I, CheckContext &Ctx) {
  if (!I.Operands.empty() && I.Operands[0].Kind == OperandKind::Sink)
    Ctx.Diags.error("movmatrix-sink", MovSec, I.Operands[0].Range,
                    "the destination of movmatrix must be a register, not '_' (ptxas 13.0 "
                    "crashes on it)");

  // ptxas: "Vector operand is not allowed for instruction 'movmatrix'" (the
  // generic check takes a one-register vector for a register).
  for (const Operand &O : I.Operands)
    if (O.Kind == OperandKind::Vector)
      Ctx.Diags.error(ruleId(spec::Family::Movmatrix, matcher_rules::OperandKind), MovSec, O.Range,
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
