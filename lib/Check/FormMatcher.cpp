//===- FormMatcher.cpp - match instructions against spec forms --*- C++ -*-===//
#include "Check/FormMatcher.h"

namespace ptxlint {
namespace check {
std::string ruleId(spec::Family F, llvm::StringRef Suffix) {
  return spec::familyRulePrefix(F).str() + "-" + Suffix.str();
}
llvm::ArrayRef<RuleInfo> matcherRules(spec::Family F) { return {}; }
MatchResult matchForm(const Instruction &I, spec::Family Fam, CheckContext &Ctx,
                      const MatchOptions &Opts) {
  return {};
}
const spec::Form *findForm(spec::Family Fam, llvm::ArrayRef<llvm::StringRef> Quals) {
  return nullptr;
}
void checkOperands(const Instruction &I, const spec::Form &F, CheckContext &Ctx) {}
void checkGates(const Instruction &I, const spec::Form &F, CheckContext &Ctx) {}
MatchResult checkAgainstForms(const Instruction &I, spec::Family Fam, CheckContext &Ctx,
                              const MatchOptions &Opts) {
  return {};
}
SourceRange qualifierRange(const Instruction &I, unsigned Idx, const CheckContext &Ctx) {
  return {};
}
std::string joinValues(llvm::ArrayRef<std::string> Values) { return {}; }
std::string didYouMean(llvm::StringRef Word, llvm::ArrayRef<std::string> Candidates) { return {}; }
} // namespace check
} // namespace ptxlint
