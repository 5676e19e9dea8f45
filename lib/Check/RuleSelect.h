//===- RuleSelect.h - rule selectors: ids, prefixes and globs ---*- C++ -*-===//
//
// The command line (--disable/--enable), the configuration file, the C and
// Python APIs and the library's LintOptions all take the same selectors:
//   mma-target      one rule id
//   mma-*          a glob ('*' any run of characters, '?' one character)
//   all            every rule
// A former id of a rule (PTXLINT_RULE_ALIAS in ptxlint/Rules.def) selects
// the rule.
// A selector must match at least one registered rule; an unknown id gets a
// did-you-mean from the registry.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_RULESELECT_H
#define PTXLINT_LIB_CHECK_RULESELECT_H

#include "ptxlint/Options.h"
#include "ptxlint/Rules.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxlint {

/// Whether selector Sel matches rule id Id.
bool ruleSelectorMatches(llvm::StringRef Sel, llvm::StringRef Id);

/// Whether diagnostics of rule Id are reported under Opts: Disabled wins
/// over Enabled (and the rule's default), then the last matching entry of
/// Opts.RuleSelectors decides.
bool ruleEnabled(llvm::StringRef Id, const LintOptions &Opts);
inline bool ruleEnabled(Rule R, const LintOptions &Opts) { return ruleEnabled(ruleId(R), Opts); }

/// "" when Sel matches a registered rule; otherwise a lowercase message,
/// e.g. "unknown rule 'mma-targt' in --disable; did you mean 'mma-target'?"
/// (Context: where the selector was written, "" for none).
std::string checkRuleSelector(llvm::StringRef Sel, llvm::StringRef Context = {});

/// The registered rule id closest to Id by edit distance ("" when none is
/// close enough to be a plausible misspelling).
std::string closestRuleId(llvm::StringRef Id);

} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_RULESELECT_H
