//===- RuleDocsTest.cpp - every rule explained, with a corrected example ---===//
//
// lib/Support/RuleDocs.def gives each rule a rationale, a corrected example
// and the safety of its fix-its. This test requires an entry for every
// registered rule (and no entry for an id that is not registered), and runs
// both examples through the same harness: the registry's bad example must
// report the rule (so the harness can see it) and the corrected one must
// not, nor report any error.
//
//===----------------------------------------------------------------------===//
#include "Support/RuleDocs.h"
#include "RuleExampleSplit.h"
#include "ptxlint/Fix.h"
#include "ptxlint/InlineAsm.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Rules.h"
#include "ptxlint/Verify.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

#include <set>

using namespace ptxlint;
using llvm::StringRef;

namespace {

bool isInstructionRule(StringRef Id) {
  return ruletest::isInstructionExampleRule(Id) || Id == "syntax";
}

/// An instruction example as RuleExamplesTest splits it: ".version X
/// .target Y:", declarations, then the instruction.
LintResult checkSplit(StringRef Text) {
  ruletest::SplitExample E = ruletest::splitExample(Text);
  auto T = Target::parse(E.Target);
  auto V = PtxVersion::parse(E.Version);
  EXPECT_TRUE(T && V) << E.Target << " " << E.Version;
  if (!T || !V)
    return {};
  return checkInstruction(E.Instr, *T, *V, E.Decls);
}

/// Any other example as a module: whole modules as written, functions after
/// a header, statements inside a kernel; suppression comments applied.
std::vector<Diagnostic> lintModule(StringRef Example) {
  std::string M;
  if (Example.contains(".version") || Example.contains(".target"))
    M = Example.str() + "\n";
  else if (Example.contains(".entry") || Example.contains(".func"))
    M = ".version 9.0\n.target sm_90\n.address_size 64\n" + Example.str() + "\n";
  else
    M = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n" + Example.str() +
        "\nret;\n}\n";
  LintOptions Opts;
  // "// checked with --arch sm_100a" (target-arch).
  size_t At = Example.find("--arch ");
  if (At != StringRef::npos)
    Opts.Arch =
        Target::parse(Example.drop_front(At + 7).take_while([](char C) { return C != ' '; }));
  SourceFile F("example.ptx", M);
  std::vector<Diagnostic> D = lintFile(F, Opts).Diags;
  applySuppressions(F, D, /*ReportUnused=*/true);
  return D;
}

std::vector<Diagnostic> run(StringRef Id, StringRef Example) {
  Example = Example.trim();
  if (Example.startswith("asm(") || Example.startswith("#")) {
    SourceFile F("example.cu", Example.str() + "\n");
    return lintCudaSource(F).Diags;
  }
  if (isInstructionRule(Id))
    return checkSplit(Example).Diags;
  return lintModule(Example);
}

TEST(RuleDocsTest, EveryRuleHasRationaleAndCorrectedExample) {
  std::set<std::string> Registered;
  for (const RuleInfo &R : allRules()) {
    Registered.insert(R.Id);
    const RuleDoc *D = findRuleDoc(R.Id);
    ASSERT_NE(D, nullptr) << "no entry for " << R.Id << " in lib/Support/RuleDocs.def";
    EXPECT_GT(StringRef(D->Rationale).size(), 40u) << R.Id;
    EXPECT_FALSE(StringRef(D->Corrected).trim().empty()) << R.Id;
  }
  for (const RuleDoc &D : allRuleDocs())
    EXPECT_TRUE(Registered.count(D.Id)) << "RuleDocs.def names an unregistered rule " << D.Id;
  EXPECT_EQ(allRuleDocs().size(), allRules().size());
}

TEST(RuleDocsTest, BadExampleReportsTheRuleAndCorrectedDoesNot) {
  unsigned Checked = 0;
  for (const RuleInfo &R : allRules()) {
    StringRef Id = R.Id;
    const RuleDoc *Doc = findRuleDoc(Id);
    if (!Doc)
      continue; // the test above fails
    SCOPED_TRACE(R.Id);
    // io and internal have no PTX that reports them (a binary file; a bug);
    // verify reports only under --verify-diagnostics, too-many-diagnostics only
    // from the command line past its limit (both in test/cli).
    if (Id != "io" && Id != "internal" && Id != "verify" && Id != "too-many-diagnostics") {
      bool Found = false;
      for (const Diagnostic &D : run(Id, R.BadExample))
        Found |= D.Rule == Id;
      EXPECT_TRUE(Found) << "the harness does not see the bad example of " << R.Id;
    }
    std::string Got;
    for (const Diagnostic &D : run(Id, Doc->Corrected))
      if (D.Rule == Id || D.Sev == Severity::Error)
        Got += "  [" + D.Rule + "] " + D.Message + "\n";
    EXPECT_TRUE(Got.empty()) << "the corrected example of " << R.Id << " is not clean:\n"
                             << Doc->Corrected << "\n"
                             << Got;
    ++Checked;
  }
  EXPECT_GT(Checked, 150u);
}

TEST(RuleDocsTest, FixSafety) {
  EXPECT_TRUE(isFixSafe("mma-qualifier-order"));
  EXPECT_TRUE(isFixSafe("ldmatrix-duplicate-qualifier"));
  EXPECT_FALSE(isFixSafe("mma-unknown-qualifier")); // a guess
  EXPECT_FALSE(isFixSafe("isa-target"));            // changes the GPUs it runs on
  EXPECT_FALSE(isFixSafe("no-such-rule"));
  EXPECT_EQ(fixSafetyName(FixSafety::Safe), "safe");
}

} // namespace
