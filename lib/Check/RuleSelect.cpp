//===- RuleSelect.cpp - rule selectors: ids, prefixes and globs -----------===//

#include "Check/RuleSelect.h"

#include "ptxlint/Rules.h"

namespace ptxlint {

namespace {

/// Glob match with '*' and '?' (iterative, linear backtracking on the last
/// '*': selectors are short and have no character classes).
bool globMatch(llvm::StringRef P, llvm::StringRef S) {
  size_t PI = 0, SI = 0, Star = llvm::StringRef::npos, Mark = 0;
  while (SI < S.size()) {
    if (PI < P.size() && (P[PI] == '?' || P[PI] == S[SI])) {
      ++PI;
      ++SI;
    } else if (PI < P.size() && P[PI] == '*') {
      Star = PI++;
      Mark = SI;
    } else if (Star != llvm::StringRef::npos) {
      PI = Star + 1;
      SI = ++Mark;
    } else {
      return false;
    }
  }
  while (PI < P.size() && P[PI] == '*')
    ++PI;
  return PI == P.size();
}

} // namespace

bool ruleSelectorMatches(llvm::StringRef Sel, llvm::StringRef Id) {
  if (Sel == "all")
    return true;
  if (Sel.find_first_of("*?") == llvm::StringRef::npos)
    // A former id (ptxlint/Rules.def, PTXLINT_RULE_ALIAS) selects its rule.
    return Sel == Id || canonicalRuleId(std::string_view(Sel.data(), Sel.size())) ==
                            std::string_view(Id.data(), Id.size());
  return globMatch(Sel, Id);
}

/// Whether a diagnostic of rule Id is kept under Opts. Disabled wins over
/// Enabled; then the last matching entry of RuleSelectors decides. Entries
/// are selectors (RuleSelect.h: ids, globs such as "mma-*", "all").
bool ruleEnabled(llvm::StringRef Id, const LintOptions &Opts) {
  auto Matches = [&](const std::set<std::string> &Set) {
    if (Set.empty())
      return false;
    if (Set.count(Id.str()))
      return true;
    for (const std::string &E : Set)
      if (ruleSelectorMatches(E, Id))
        return true;
    return false;
  };
  bool Kept = !Matches(Opts.Disabled) &&
              (isRuleOnByDefault(std::string_view(Id.data(), Id.size())) || Matches(Opts.Enabled));
  for (const auto &[Sel, On] : Opts.RuleSelectors)
    if (ruleSelectorMatches(Sel, Id))
      Kept = On;
  return Kept;
}

std::string closestRuleId(llvm::StringRef Id) {
  std::string Best;
  unsigned BestDist = ~0u;
  for (const RuleInfo &R : allRules()) {
    // 0: no bound (a bound of ~0u would overflow to 0 inside edit_distance).
    unsigned D = Id.edit_distance(R.Id, /*AllowReplacements=*/true, BestDist == ~0u ? 0 : BestDist);
    if (D < BestDist) {
      BestDist = D;
      Best = R.Id;
    }
  }
  // A plausible misspelling: about one edit in four characters.
  if (Best.empty() || BestDist > std::max<size_t>(1, Id.size() / 4))
    return "";
  return Best;
}

std::string checkRuleSelector(llvm::StringRef Sel, llvm::StringRef Context) {
  if (Sel.empty())
    return "empty rule selector";
  if (resolveRule(std::string_view(Sel.data(), Sel.size())))
    return "";
  for (const RuleInfo &R : allRules())
    if (ruleSelectorMatches(Sel, R.Id))
      return "";
  bool Glob = Sel.find_first_of("*?") != llvm::StringRef::npos;
  std::string Msg = (Glob ? "rule pattern '" : "unknown rule '") + Sel.str() + "'";
  if (!Context.empty())
    Msg += " in " + Context.str();
  if (Glob) {
    Msg += " matches no rule";
  } else if (std::string Near = closestRuleId(Sel); !Near.empty()) {
    Msg += "; did you mean '" + Near + "'?";
  }
  return Msg;
}

} // namespace ptxlint
