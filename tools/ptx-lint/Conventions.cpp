//===- Conventions.cpp - the linter conventions of the command -----------===//

#include "Conventions.h"

#include "Check/RuleSelect.h"
#include "Support/RuleDocs.h"
#include "ptxlint/Rules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <cstdlib>

using namespace llvm;

namespace ptxlint {

namespace {

struct EnumOption {
  const char *Name;
  const char *Values[6];
};

// The enumerated options and their values (kept in step with ptx-lint.cpp;
// the option-values test runs each one).
const EnumOption EnumOptions[] = {
    {"format", {"text", "gcc", "json", "sarif", "github", nullptr}},
    {"min-severity", {"note", "warning", "error", nullptr}},
    {"print-rules", {"markdown", "list", nullptr}},
    {"color", {"auto", "always", "never", nullptr}},
};

std::string validList(const EnumOption &O) {
  std::string S;
  for (const char *V : O.Values)
    if (V)
      S += (S.empty() ? "" : ", ") + std::string(V);
  return S;
}

bool envSet(const char *Name) {
  const char *V = std::getenv(Name);
  return V && *V;
}

} // namespace

bool preprocessArgs(int Argc, char **Argv, std::vector<char *> &Out, ColorChoice &Color,
                    std::string &Err) {
  std::optional<ColorChoice> FromCli;
  Out.clear();
  Out.push_back(Argv[0]);
  for (int I = 1; I < Argc; ++I) {
    StringRef A(Argv[I]);
    if (A == "--") { // the rest are inputs
      for (; I < Argc; ++I)
        Out.push_back(Argv[I]);
      break;
    }
    StringRef Body = A.startswith("--")  ? A.drop_front(2)
                     : A.startswith("-") ? A.drop_front(1)
                                         : "";
    auto [Name, Value] = Body.split('=');
    bool HasValue = Body.contains('=');
    const EnumOption *Opt = nullptr;
    for (const EnumOption &O : EnumOptions)
      if (!Body.empty() && Name == O.Name)
        Opt = &O;
    if (!Opt) {
      Out.push_back(Argv[I]);
      continue;
    }
    if (!HasValue && StringRef(Opt->Name) != "color" && I + 1 < Argc) {
      Value = Argv[I + 1]; // "--format json"
      HasValue = true;
    }
    if (StringRef(Opt->Name) == "color") {
      // Bare --color, and LLVM's true/false/1/0, keep working.
      std::string V = HasValue ? Value.lower() : "always";
      if (V == "always" || V == "true" || V == "1")
        FromCli = ColorChoice::Always;
      else if (V == "never" || V == "false" || V == "0")
        FromCli = ColorChoice::Never;
      else if (V == "auto")
        FromCli = ColorChoice::Auto;
      else {
        Err = "invalid value '" + Value.str() + "' for --color; valid values: " + validList(*Opt);
        return false;
      }
      continue;
    }
    bool Known = false;
    for (const char *V : Opt->Values)
      Known |= V && Value == V;
    if (HasValue && !Known) {
      Err = "invalid value '" + Value.str() + "' for --" + Opt->Name +
            "; valid values: " + validList(*Opt);
      return false;
    }
    Out.push_back(Argv[I]);
  }
  if (FromCli)
    Color = *FromCli;
  else if (envSet("NO_COLOR")) // https://no-color.org
    Color = ColorChoice::Never;
  else if (envSet("FORCE_COLOR") && StringRef(std::getenv("FORCE_COLOR")) != "0")
    Color = ColorChoice::Always;
  else
    Color = ColorChoice::Auto;
  return true;
}

bool explainRule(StringRef Id, raw_ostream &OS, std::string &Err) {
  // A former id (PTXLINT_RULE_ALIAS) explains its rule.
  const RuleInfo *R = resolveRule(std::string_view(Id.data(), Id.size()));
  if (!R) {
    Err = "unknown rule '" + Id.str() + "'";
    if (std::string Near = closestRuleId(Id); !Near.empty())
      Err += "; did you mean '" + Near + "'?";
    Err += " (ptx-lint --print-rules=list shows every rule id)";
    return false;
  }
  OS << R->Id << " (" << severityName(R->DefaultSev)
     << (isRuleOnByDefault(R->Id) ? "" : ", off by default") << ")\n\n";
  auto Indented = [&](StringRef Text) {
    SmallVector<StringRef, 8> Lines;
    Text.split(Lines, '\n');
    for (StringRef L : Lines)
      OS << "    " << L << "\n";
  };
  const RuleDoc *Doc = findRuleDoc(R->Id);
  OS << "What: " << R->Summary << "\n";
  if (Doc)
    OS << "\nWhy: " << Doc->Rationale << "\n";
  if (R->BadExample && *R->BadExample) {
    OS << "\nReported:\n\n";
    Indented(R->BadExample);
  }
  if (Doc) {
    OS << "\nCorrected:\n\n";
    Indented(Doc->Corrected);
  }
  if (R->Fix && *R->Fix)
    OS << "\nFix: " << R->Fix << "\n";
  if (Doc)
    OS << "Fix-its: "
       << (Doc->Safety == FixSafety::Safe ? "safe (applied by --fix; --diff shows them)"
                                          : "unsafe where offered (applied only with --fix "
                                            "--unsafe-fixes)")
       << "\n";
  if (R->Spec && *R->Spec) {
    OS << "\nPTX ISA section " << R->Spec;
    if (std::string U = ruleSpecUrl(*R); !U.empty())
      OS << ": " << U;
    OS << "\n";
  }
  OS << "Switch it off: --disable=" << R->Id << ", or a comment: // ptx-lint-disable-next-line "
     << R->Id << "\n";
  return true;
}

void printStatistics(const std::map<std::string, std::pair<unsigned, int>> &ByRule,
                     raw_ostream &OS) {
  std::vector<std::pair<std::string, std::pair<unsigned, int>>> V(ByRule.begin(), ByRule.end());
  std::stable_sort(V.begin(), V.end(),
                   [](const auto &A, const auto &B) { return A.second.first > B.second.first; });
  static const char *const Sev[] = {"note", "warning", "error"};
  for (const auto &[Rule, CountSev] : V) {
    OS << format("%7u", CountSev.first) << "  " << format("%-7s", Sev[CountSev.second]) << "  "
       << Rule << "\n";
  }
}

} // namespace ptxlint
