//===- RuleExamplesTest.cpp - every rule's example triggers the rule -------===//
//
// docs/rules.md shows each rule's bad example. For the matrix-instruction
// rules the example is a complete instruction (optionally preceded by
// ".version X .target Y:" and register declarations); this test checks it
// with checkInstruction and requires the rule to be reported, so an example
// can neither be missing nor show something else.
//
//===----------------------------------------------------------------------===//
#include "ptxlint/Lint.h"
#include "ptxlint/Rules.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

using namespace ptxlint;
using llvm::StringRef;

namespace {

bool isMatrixRule(StringRef Id) {
  for (StringRef P : {"mma-", "wmma-", "ldmatrix-", "stmatrix-", "movmatrix-", "isa-"})
    if (Id.startswith(P))
      return true;
  return false;
}

/// Splits ".version 7.0 .target sm_80: .reg .b32 %r<4>; mma..." into its parts.
struct Example {
  std::string Version = "9.0";
  std::string Target = "sm_120a";
  std::string Decls;
  std::string Instr;
};

Example split(StringRef Text) {
  Example E;
  Text = Text.trim();
  if (Text.startswith(".version ")) {
    Text = Text.drop_front(9).ltrim();
    E.Version = Text.take_while([](char C) { return C != ' '; }).str();
    Text = Text.drop_front(E.Version.size()).ltrim();
  }
  if (Text.startswith(".target ")) {
    Text = Text.drop_front(8).ltrim();
    StringRef T = Text.take_while([](char C) { return C != ':' && C != ' '; });
    E.Target = T.str();
    Text = Text.drop_front(T.size()).ltrim();
    if (Text.startswith(":"))
      Text = Text.drop_front().ltrim();
  }
  auto IsDecl = [](StringRef T) {
    for (StringRef SS : {".reg", ".global", ".shared", ".const", ".local", ".param"})
      if (T.startswith(SS))
        return true;
    return false;
  };
  while (IsDecl(Text) && Text.contains(';')) {
    size_t Semi = Text.find(';');
    E.Decls += Text.take_front(Semi + 1).str() + " ";
    Text = Text.drop_front(Semi + 1).ltrim();
  }
  E.Instr = Text.str();
  return E;
}

TEST(RuleExamplesTest, EveryMatrixRuleHasAnExampleThatTriggersIt) {
  unsigned Checked = 0;
  for (const RuleInfo &R : allRules()) {
    StringRef Id = R.Id;
    if (!isMatrixRule(Id))
      continue;
    SCOPED_TRACE(R.Id);
    StringRef Text = R.BadExample ? StringRef(R.BadExample) : StringRef();
    ASSERT_FALSE(Text.trim().empty()) << "rule " << R.Id << " has no example";
    Example E = split(Text);
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
