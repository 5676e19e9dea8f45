//===- RuleExamplesTest.cpp - every rule's example triggers the rule -------===//
//
// docs/rules.md shows each rule's bad example. For the matrix-instruction
// rules the example is a complete instruction (optionally preceded by
// ".version X .target Y:" and register declarations); this test checks it
// with checkInstruction and requires the rule to be reported, so an example
// can neither be missing nor show something else.
//
//===----------------------------------------------------------------------===//
#include "RuleExampleSplit.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Rules.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

using namespace ptxlint;
using llvm::StringRef;

namespace {

TEST(RuleExamplesTest, EveryMatrixRuleHasAnExampleThatTriggersIt) {
  unsigned Checked = 0;
  for (const RuleInfo &R : allRules()) {
    StringRef Id = R.Id;
    if (!ruletest::isInstructionExampleRule(Id))
      continue;
    SCOPED_TRACE(R.Id);
    StringRef Text = R.BadExample ? StringRef(R.BadExample) : StringRef();
    ASSERT_FALSE(Text.trim().empty()) << "rule " << R.Id << " has no example";
    ruletest::SplitExample E = ruletest::splitExample(Text);
    auto T = Target::parse(E.Target);
    auto V = PtxVersion::parse(E.Version);
    ASSERT_TRUE(T && V) << "bad prefix in the example of " << R.Id << ": " << Text.str();
    LintResult Res = checkInstruction(E.Instr, *T, *V, E.Decls);
    bool Found = false;
    std::string Got;
    for (const Diagnostic &D : Res.Diags) {
      Found |= D.Rule == R.Id;
      Got += "  [" + D.Rule + "] " + D.Message + "\n";
    }
    EXPECT_TRUE(Found) << "the example of " << R.Id << " does not trigger it:\n  " << Text.str()
                       << "\nreported:\n"
                       << Got;
    ++Checked;
  }
  EXPECT_GT(Checked, 100u);
}

} // namespace
