//===- Rules.h - the registry of rule ids -----------------------*- C++ -*-===//
//
// Every diagnostic carries a stable rule id from this registry. docs/rules.md
// is generated from it (ptx-lint --print-rules=markdown) and a test keeps the
// two identical, so the reference never drifts from the code.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_RULES_H
#define PTXLINT_LIB_CHECK_RULES_H

#include "ptxlint/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {

struct RuleInfo {
  const char *Id;         ///< "mma-shape"
  const char *Spec;       ///< "9.7.14.5.14"
  Severity DefaultSev;    ///< the usual severity of its diagnostics
  const char *Summary;    ///< one line: the constraint
  const char *BadExample; ///< PTX that triggers it
  const char *Fix;        ///< how to fix it (or "")
};

/// Every rule, across all families, sorted by id.
llvm::ArrayRef<RuleInfo> allRules();
const RuleInfo *findRule(llvm::StringRef Id);

// Each family file contributes its rules through one of these arrays,
// collected in Rules.cpp.
llvm::ArrayRef<RuleInfo> genericRules();   // Rules.cpp: syntax, io, target, version...
llvm::ArrayRef<RuleInfo> wmmaRules();      // CheckWmma.cpp
llvm::ArrayRef<RuleInfo> mmaRules();       // CheckMma.cpp
llvm::ArrayRef<RuleInfo> mmaSpRules();     // CheckMmaSp.cpp
llvm::ArrayRef<RuleInfo> ldmatrixRules();  // CheckLdmatrix.cpp
llvm::ArrayRef<RuleInfo> stmatrixRules();  // CheckStmatrix.cpp
llvm::ArrayRef<RuleInfo> movmatrixRules(); // CheckMovmatrix.cpp
llvm::ArrayRef<RuleInfo> symbolRules();    // CheckSymbols.cpp
llvm::ArrayRef<RuleInfo> isaRules();       // CheckIsa.cpp

// IsaOperands.cpp
llvm::ArrayRef<RuleInfo> isaOperandRules();
llvm::ArrayRef<RuleInfo> asmRules(); // lib/Cuda/AsmRules.cpp: inline asm in sources

/// False for the few rules that are off unless enabled (LintOptions::Enabled);
/// true for every other id, known or not.
bool isRuleOnByDefault(llvm::StringRef Id);

/// The registry as markdown: the content of docs/rules.md (an index table,
/// then one section per rule with its spec section, example and fix).
std::string renderRulesMarkdown();

} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_RULES_H
