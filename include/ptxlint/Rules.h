//===- Rules.h - the public rule registry -----------------------*- C++ -*-===//
//
// Every diagnostic carries a stable rule id from this registry, defined once
// in ptxlint/Rules.def: the enum call sites name, and the row each rule
// takes its severity, PTX ISA section and anchor, summary, example and fix
// from. docs/rules.md is generated from it (ptx-lint --print-rules=markdown)
// and a test keeps the two identical. Standard-library types only.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_RULES_H
#define PTXLINT_RULES_H

#include "ptxlint/Severity.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ptxlint {

/// One enumerator per rule of Rules.def, in its order.
enum class Rule : uint16_t {
#define PTXLINT_RULE(Name, Id, Severity, Section, Anchor, Summary, Example, Fix) Name,
#include "ptxlint/Rules.def"
};

/// The number of rules.
constexpr size_t NumRules = 0
#define PTXLINT_RULE(Name, Id, Severity, Section, Anchor, Summary, Example, Fix) +1
#include "ptxlint/Rules.def"
    ;

/// One row of the registry.
struct RuleInfo {
  Rule R;
  const char *Id;         ///< "mma-shape"
  Severity DefaultSev;    ///< the usual severity of its diagnostics
  const char *Spec;       ///< "9.7.14.5.14" ("" for rules about the input or the tool)
  const char *Anchor;     ///< "warp-level-matrix-instructions-mma" (or "")
  const char *Summary;    ///< one line: the constraint
  const char *BadExample; ///< PTX that triggers it (or "")
  const char *Fix;        ///< how to fix it (or "")
  bool OnByDefault;       ///< false for the few rules enabled on request
};

/// The row of R.
const RuleInfo &ruleInfo(Rule R);
/// The id of R ("mma-shape").
inline const char *ruleId(Rule R) { return ruleInfo(R).Id; }

/// Every rule, sorted by id.
const std::vector<RuleInfo> &allRules();
/// The rule with this id; null when unknown (a former id is not found:
/// see resolveRule).
const RuleInfo *findRule(std::string_view Id);
/// The rule with this id or former id (PTXLINT_RULE_ALIAS); null when
/// neither. For wherever users name rules.
const RuleInfo *resolveRule(std::string_view Id);
/// Id itself, or the current id of a former id.
std::string_view canonicalRuleId(std::string_view Id);

/// A former id and the rule that replaced it.
struct RuleAlias {
  const char *OldId;
  Rule R;
};
const std::vector<RuleAlias> &ruleAliases();

/// False for the few rules that are off unless enabled (LintOptions::Enabled);
/// true for every other id, known or not.
bool isRuleOnByDefault(std::string_view Id);

/// NVIDIA's PTX ISA reference (the current release).
constexpr const char *PtxIsaDocsUrl = "https://docs.nvidia.com/cuda/parallel-thread-execution/";
/// The documentation URL of R's section; "" when it has none.
std::string ruleSpecUrl(const RuleInfo &R);

/// The registry as markdown: the content of docs/rules.md (an index table,
/// then one section per rule with its spec section, example and fix).
std::string renderRulesMarkdown();

} // namespace ptxlint

#endif // PTXLINT_RULES_H
