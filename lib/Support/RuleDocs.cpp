//===- RuleDocs.cpp - why each rule exists, and the corrected example -----===//

#include "Support/RuleDocs.h"

#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace ptxlint {

namespace {
constexpr FixSafety Safe = FixSafety::Safe;
constexpr FixSafety Unsafe = FixSafety::Unsafe;

const RuleDoc Docs[] = {
#define RULE_DOC(Id, Safety, Rationale, Corrected) {Id, Safety, Rationale, Corrected},
#include "Support/RuleDocs.def"
#undef RULE_DOC
};
} // namespace

ArrayRef<RuleDoc> allRuleDocs() { return Docs; }

const RuleDoc *findRuleDoc(StringRef Id) {
  static const StringMap<const RuleDoc *> ById = [] {
    StringMap<const RuleDoc *> M;
    for (const RuleDoc &D : Docs)
      M.try_emplace(D.Id, &D);
    return M;
  }();
  auto It = ById.find(Id);
  return It == ById.end() ? nullptr : It->second;
}

FixSafety fixSafety(std::string_view Rule) {
  const RuleDoc *D = findRuleDoc(Rule);
  return D ? D->Safety : FixSafety::Unsafe;
}

} // namespace ptxlint
