//===- Rules.cpp - the registry of rule ids -------------------------------===//
//
// The generic rules (syntax, input, module directives) are defined here; each
// family check file contributes its own array. allRules() merges them once,
// sorted by id, and docs/rules.md is rendered from the result.
//
//===----------------------------------------------------------------------===//

#include "Check/Rules.h"

#include "Check/SpecAnchors.h"

#include <algorithm>
#include <vector>

namespace ptxlint {

namespace {

// Section numbers of PTX ISA 9.0: 11.1.1 .version, 11.1.2 .target.
const RuleInfo GenericRules[] = {
    {"internal", "", Severity::Error,
     "a check failed unexpectedly on this input (a bug in ptx-lint, not in the PTX)", "",
     "report the input; the rest of the file is still checked"},
    {"io", "", Severity::Error,
     "the input must be readable PTX text (no NUL bytes, mostly printable)",
     "(a binary file, e.g. a cubin, given as input)", "pass the .ptx text, not a compiled object"},
    {"syntax", "4", Severity::Error, "the input must follow the PTX grammar",
     "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2 %f3, %f4}, {%r1, %r2, %r3, "
     "%r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8};",
     "fix the token the diagnostic points at (here: the missing ',')"},
    {"target-arch", "11.1.2", Severity::Warning,
     "a module compiles only for GPUs its .target allows: sm_XY for sm_MN* with MN >= XY, "
     "sm_XYf for later members of its family, sm_XYa only for sm_XYa; an error with --arch "
     "(ptxas -arch), a warning when --target replaces the module's .target",
     ".version 8.0\n.target sm_90a   // checked with --arch sm_100a",
     "retarget the module (.target), or check it for its own target"},
    {"target-debug-info", "11.1.2", Severity::Error,
     "the .target option debug requires DWARF sections (.section .debug_info, .debug_abbrev, ...) "
     "in the module",
     ".version 9.0\n.target sm_90, debug\n.entry k() { ret; }",
     "drop the debug option, or emit the module with debug information (nvcc -G)"},
    {"target-misplaced", "11.1.2", Severity::Error,
     ".target directives must directly follow .version, before any other directive or "
     "declaration",
     ".version 9.0\n.address_size 64\n.target sm_90",
     "move the .target directive right after .version"},
    {"target-missing", "11.1.2", Severity::Error,
     "every module needs a .target directive, directly after .version, naming an sm_ target first",
     ".version 9.0\n.address_size 64", "add '.target sm_NN' after the .version directive"},
    {"target-option", "11.1.2", Severity::Error,
     ".target options: texmode_unified or texmode_independent (not both), debug (PTX ISA 3.0+), "
     "map_f64_to_f32 (sm_10, sm_11, sm_12 only); options follow the target name",
     ".version 9.0\n.target sm_90, texmode_unified, texmode_independent",
     "keep one texmode option; remove map_f64_to_f32 for sm_13 and later"},
    {"target-renamed", "11.1.2", Severity::Warning,
     "sm_101, sm_101a and sm_101f were renamed sm_110, sm_110a and sm_110f in PTX ISA 9.0",
     ".version 9.0\n.target sm_101a", "use the new name (sm_110a)"},
    {"target-unknown", "11.1.2", Severity::Error,
     "each .target entry must be a known target (sm_NN, sm_NNa, sm_NNf, compute_NN) or option",
     ".version 9.0\n.target sm_91", "use one of the known targets listed in the message"},
    {"target-version", "11.1.2", Severity::Error,
     "each target needs the PTX ISA version that introduced it (e.g. sm_90: 7.8, sm_90a: 8.0, "
     "sm_100a: 8.6, sm_120a: 8.7, sm_100f: 8.8, sm_110a: 9.0); a warning where ptxas accepts a "
     "version older than the release notes document (sm_70 at 5.1, sm_88 before 9.0)",
     ".version 7.0\n.target sm_90", "raise .version to the version in the message"},
    {"unknown-suppression", "", Severity::Warning,
     "a ptx-lint-disable comment must name known rule ids (or all)",
     "// ptx-lint-disable-next-line mma-shpae", "spell the rule id as in this reference"},
    {"unused-suppression", "", Severity::Warning,
     "a ptx-lint-disable comment that silences nothing is stale (off by default: "
     "--enable=unused-suppression)",
     "// ptx-lint-disable-next-line mma-target\nret;", "remove the comment"},
    {"version-misplaced", "11.1.1", Severity::Error,
     ".version must be the first directive of the module, and appear once",
     "// comment\n.target sm_90\n.version 9.0", "move .version to the top of the file"},
    {"version-missing", "11.1.1", Severity::Error, "every module starts with a .version directive",
     ".target sm_90\n.entry k() { ret; }", "add '.version X.Y' as the first line"},
    {"version-undocumented", "11.1.1", Severity::Warning,
     "ptxas accepts a few .version spellings the PTX ISA does not document: 5.1, and two-digit "
     "minors (7.10 is read as 8.0)",
     ".version 7.10\n.target sm_80", "write the documented version (here 8.0)"},
    {"version-unknown", "11.1.1", Severity::Error,
     ".version must be a PTX ISA version ptxas knows: 1.0-1.5, 2.0-2.3, 3.0-3.2, 4.0-4.3, 5.0, "
     "6.0-6.5, 7.0-7.8, 8.0-8.8, 9.0",
     ".version 7.9\n.target sm_80", "use an existing version (here 7.8 or 8.0)"},
};

/// Rules that are off unless switched on with LintOptions::Enabled.
const char *const OffByDefault[] = {"unused-suppression"};

std::vector<RuleInfo> collectRules() {
  std::vector<RuleInfo> All;
  for (llvm::ArrayRef<RuleInfo> Part :
       {genericRules(), wmmaRules(), mmaRules(), mmaSpRules(), ldmatrixRules(), stmatrixRules(),
        movmatrixRules(), symbolRules(), isaRules(), isaOperandRules(), asmRules()})
    All.insert(All.end(), Part.begin(), Part.end());
  std::stable_sort(All.begin(), All.end(), [](const RuleInfo &A, const RuleInfo &B) {
    return llvm::StringRef(A.Id) < llvm::StringRef(B.Id);
  });
  // A duplicated id keeps its first definition; RulesTest reports duplicates.
  All.erase(std::unique(All.begin(), All.end(),
                        [](const RuleInfo &A, const RuleInfo &B) {
                          return llvm::StringRef(A.Id) == llvm::StringRef(B.Id);
                        }),
            All.end());
  return All;
}

/// Markdown-safe table cell: pipes escaped, newlines as spaces.
std::string cell(llvm::StringRef S) {
  std::string R;
  for (char C : S) {
    if (C == '|')
      R += "\\|";
    else if (C == '\n')
      R += ' ';
    else
      R += C;
  }
  return R;
}

} // namespace

llvm::ArrayRef<RuleInfo> genericRules() { return GenericRules; }

llvm::ArrayRef<RuleInfo> allRules() {
  // Function-local static: initialized once, thread-safe (C++11).
  static const std::vector<RuleInfo> All = collectRules();
  return All;
}

const RuleInfo *findRule(llvm::StringRef Id) {
  llvm::ArrayRef<RuleInfo> All = allRules();
  auto It = std::lower_bound(All.begin(), All.end(), Id, [](const RuleInfo &R, llvm::StringRef K) {
    return llvm::StringRef(R.Id) < K;
  });
  if (It == All.end() || llvm::StringRef(It->Id) != Id)
    return nullptr;
  return &*It;
}

bool isRuleOnByDefault(llvm::StringRef Id) {
  for (const char *Off : OffByDefault)
    if (*Off && Id == Off)
      return false;
  return true;
}

std::string renderRulesMarkdown() {
  std::string S;
  S += "# ptx-lint rules\n\n";
  S += "<!-- Generated by `ptx-lint --print-rules=markdown` from the rule registry "
       "(lib/Check/Rules.cpp and the family check files). Do not edit by hand. -->\n\n";
  S += "Every diagnostic names one of these rules. Each can be switched off by id. Spec sections "
       "refer to the PTX ISA 9.0 reference.\n\n";
  S += "| Rule | Severity | Spec | Constraint |\n| --- | --- | --- | --- |\n";
  for (const RuleInfo &R : allRules()) {
    S += "| [`";
    S += R.Id;
    S += "`](#";
    S += R.Id;
    S += ") | ";
    S += std::string(severityName(R.DefaultSev));
    S += " | ";
    S += *R.Spec ? R.Spec : "-";
    S += " | ";
    S += cell(R.Summary);
    S += " |\n";
  }
  for (const RuleInfo &R : allRules()) {
    S += "\n## ";
    S += R.Id;
    S += "\n\n";
    S += "- Severity: ";
    S += std::string(severityName(R.DefaultSev));
    if (!isRuleOnByDefault(R.Id))
      S += " (off by default; enable with `--enable=" + std::string(R.Id) + "`)";
    S += "\n";
    if (*R.Spec) {
      S += "- Spec: PTX ISA section ";
      std::string Url = specUrl(R.Spec);
      S += Url.empty() ? std::string(R.Spec) : "[" + std::string(R.Spec) + "](" + Url + ")";
      S += "\n";
    }
    S += "- Constraint: ";
    S += R.Summary;
    S += "\n";
    if (R.BadExample && *R.BadExample) {
      S += "\nExample:\n\n```ptx\n";
      S += R.BadExample;
      S += "\n```\n";
    }
    if (R.Fix && *R.Fix) {
      S += "\nFix: ";
      S += R.Fix;
      S += ".\n";
    }
  }
  return S;
}

} // namespace ptxlint
