//===- SymbolRulesTest.cpp - symbol resolution through lintFile -----------===//
//
// Each symbol rule's example in docs/rules.md reports that rule, and the
// table's duplicate and range queries answer as ptxas judges (ranges clash
// by prefix only: docs/differences/symbols.md).
//
//===----------------------------------------------------------------------===//
#include "Check/CheckContext.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Rules.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

using namespace ptxlint;
using llvm::StringRef;

namespace {

bool isSymbolRule(StringRef Id) {
  return Id.startswith("symbol-") || Id.startswith("sreg-") || Id == "address-size";
}

/// The example as a module: whole modules as written; function definitions
/// after a header; body statements inside a kernel.
std::string asModule(StringRef Example) {
  if (Example.contains(".version"))
    return Example.str();
  std::string M = ".version 9.0\n.target sm_90\n.address_size 64\n";
  if (Example.contains(".entry") || Example.contains(".func"))
    return M + Example.str() + "\n";
  return M + ".visible .entry k()\n{\n" + Example.str() + "\nret;\n}\n";
}

std::vector<Diagnostic> lint(const std::string &Text) {
  SourceFile F("t.ptx", Text);
  return lintFile(F).Diags;
}

TEST(SymbolRulesTest, EveryExampleTriggersItsRule) {
  unsigned Checked = 0;
  for (const RuleInfo &R : allRules()) {
    if (!isSymbolRule(R.Id))
      continue;
    SCOPED_TRACE(R.Id);
    ASSERT_TRUE(R.BadExample && *R.BadExample);
    bool Found = false;
    for (const Diagnostic &D : lint(asModule(R.BadExample)))
      Found |= D.Rule == R.Id;
    EXPECT_TRUE(Found) << asModule(R.BadExample);
    ++Checked;
  }
  EXPECT_EQ(Checked, 11u); // symbol-param-direction is the 11th (session 12)
}

TEST(SymbolRulesTest, CleanModuleHasNoSymbolDiagnostic) {
  std::string M = asModule(".reg .b32 %r<4>;\n.reg .pred %p;\nmov.u32 %r0, %tid.x;\n"
                           "setp.eq.u32 %p, %r0, 0;\n@%p bra $L__end;\n{\n.reg .b32 %r1;\n"
                           "bra $L__end;\n}\n$L__end:");
  for (const Diagnostic &D : lint(M))
    EXPECT_FALSE(isSymbolRule(D.Rule)) << D.Message;
}

TEST(SymbolRulesTest, OneDiagnosticPerCause) {
  std::string M = asModule(".reg .b32 %r<2>;\nmov.u32 %r0, %r5;\nmov.u32 %r1, %r5;\n"
                           "add.s32 %r1, %r5, %r5;");
  std::vector<Diagnostic> Ds = lint(M);
  ASSERT_EQ(Ds.size(), 1u);
  EXPECT_EQ(Ds[0].Rule, "symbol-unknown");
  EXPECT_NE(Ds[0].Message.find("used 4 times"), std::string::npos) << Ds[0].Message;
  EXPECT_EQ(Ds[0].Notes.size(), 3u);
}

TEST(SymbolRulesTest, FindConflictComparesRangesByPrefix) {
  check::SymbolTable S;
  std::vector<Declarator> Ds(1);
  Ds[0].Name = "%r";
  Ds[0].RangeCount = 100;
  VarDecl V;
  V.StateSpace = ".reg";
  V.Declarators = Ds;
  S.declare(V, nullptr);
  Declarator D;
  D.Name = "%r1";
  EXPECT_NE(S.findConflict(D), nullptr); // %r1 is in %r<100>
  D.Name = "%r100";
  EXPECT_EQ(S.findConflict(D), nullptr);
  D.Name = "%r1";
  D.RangeCount = 5; // %r1<5>: %r10..%r14, accepted by ptxas
  EXPECT_EQ(S.findConflict(D), nullptr);
  D.Name = "%r";
  D.RangeCount = 8;
  EXPECT_NE(S.findConflict(D), nullptr);
  ASSERT_NE(S.rangeFor("%r250"), nullptr);
  EXPECT_EQ(S.rangeFor("%r250")->Count, 100);
  EXPECT_EQ(S.rangeFor("%rd1"), nullptr);
  S.pushScope();
  D.Name = "%r1";
  D.RangeCount = -1;
  EXPECT_EQ(S.findConflict(D), nullptr); // an inner scope may shadow
}

} // namespace
