//===- CheckMmaSp.cpp - checks of mma.sp (9.7.14.6.3) -----------*- C++ -*-===//
#include "Check/FormMatcher.h"

namespace ptxlint {
llvm::ArrayRef<RuleInfo> mmaSpRules() { return check::matcherRules(spec::Family::MmaSp); }
namespace check {
void checkMmaSp(const Instruction &I, CheckContext &Ctx) {
  checkAgainstForms(I, spec::Family::MmaSp, Ctx);
}
} // namespace check
} // namespace ptxlint
