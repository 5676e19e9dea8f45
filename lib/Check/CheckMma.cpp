//===- CheckMma.cpp - checks of mma (9.7.14.5.14) ---------------*- C++ -*-===//
#include "Check/FormMatcher.h"

namespace ptxlint {
llvm::ArrayRef<RuleInfo> mmaRules() { return check::matcherRules(spec::Family::Mma); }
namespace check {
void checkMma(const Instruction &I, CheckContext &Ctx) {
  checkAgainstForms(I, spec::Family::Mma, Ctx);
}
} // namespace check
} // namespace ptxlint
