//===- RuleDocs.h - why each rule exists, and the corrected example -*- C++ -*-===//
//
// The rule registry (ptxlint/Rules.def) says what a rule checks and shows PTX that
// breaks it. This table, kept apart from the registry in RuleDocs.def and
// keyed by rule id, adds what a user asks next: why it matters (the
// rationale), the example written correctly, and whether the rule's fix-its
// are safe to apply automatically (ptx-lint --fix). --explain, docs/rules.md
// and SARIF's help.markdown render it; RuleDocsTest requires an entry for
// every registered rule and checks that each corrected example is clean of
// its rule.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_SUPPORT_RULEDOCS_H
#define PTXLINT_LIB_SUPPORT_RULEDOCS_H

#include "ptxlint/Fix.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace ptxlint {

struct RuleDoc {
  const char *Id;        ///< the rule id, as registered
  FixSafety Safety;      ///< of the fix-its its diagnostics carry
  const char *Rationale; ///< why the constraint matters (one paragraph)
  const char *Corrected; ///< the rule's example, written correctly
};

/// Every entry of RuleDocs.def, in file order.
llvm::ArrayRef<RuleDoc> allRuleDocs();
/// The entry of Id; null when there is none.
const RuleDoc *findRuleDoc(llvm::StringRef Id);

} // namespace ptxlint

#endif // PTXLINT_LIB_SUPPORT_RULEDOCS_H
