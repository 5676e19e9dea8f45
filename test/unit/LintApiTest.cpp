//===- LintApiTest.cpp - lintFile, checkInstruction and the registry ------===//

#include "Check/RuleSelect.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Rules.h"

#include "gtest/gtest.h"

#include <thread>

using namespace ptxlint;

namespace {

struct Found {
  std::string Rule;
  unsigned Line, Col;
  Severity Sev;
  std::string Message;
};

std::vector<Found> lint(const std::string &Text, const LintOptions &O = {}) {
  SourceFile F("t.ptx", Text);
  LintResult R = lintFile(F, O);
  std::vector<Found> Out;
  for (const Diagnostic &D : R.Diags) {
    LineCol L = D.Range.isValid() ? F.lineCol(D.Range.Begin) : LineCol{};
    Out.push_back({D.Rule, L.Line, L.Column, D.Sev, D.Message});
  }
  return Out;
}

const char *Body = ".entry k() { ret; }\n";

TEST(LintFileTest, CleanModule) {
  SourceFile F("t.ptx", std::string(".version 9.0\n.target sm_90a\n.address_size 64\n") + Body);
  LintResult R = lintFile(F);
  EXPECT_TRUE(R.Diags.empty());
  EXPECT_EQ(R.Errors, 0u);
  EXPECT_EQ(R.Warnings, 0u);
}

TEST(LintFileTest, TargetNeedsNewerVersion) {
  auto D = lint(std::string(".version 7.0\n.target sm_90\n") + Body);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "target-version");
  EXPECT_EQ(D[0].Line, 2u);
  EXPECT_EQ(D[0].Col, 9u);
  EXPECT_EQ(D[0].Message, ".target sm_90 requires PTX ISA 7.8 (module is .version 7.0)");
  SourceFile F("t.ptx", std::string(".version 7.0\n.target sm_90\n") + Body);
  LintResult R = lintFile(F);
  ASSERT_EQ(R.Diags.size(), 1u);
  ASSERT_EQ(R.Diags[0].Fixes.size(), 1u);
  EXPECT_EQ(F.slice(R.Diags[0].Fixes[0].Range), "7.0");
  EXPECT_EQ(R.Diags[0].Fixes[0].Replacement, "7.8");
  EXPECT_EQ(R.Diags[0].Spec, "11.1.2");
}

TEST(LintFileTest, HeaderOnlyModuleIsNotCheckedByPtxas) {
  // ptxas 13.0 accepts ".version 7.0 / .target sm_90" with nothing after it.
  auto D = lint(".version 7.0\n.target sm_90\n");
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "target-version");
  EXPECT_EQ(D[0].Sev, Severity::Warning);
  D = lint(".version 7.0\n.target sm_90\n.global .b32 x;\n");
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Sev, Severity::Error);
}

TEST(LintFileTest, HeaderOrder) {
  auto D = lint(std::string(".target sm_90\n") + Body);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "version-missing");
  EXPECT_EQ(D[0].Line, 1u);

  D = lint(std::string(".version 9.0\n.address_size 64\n") + Body);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "target-missing");
  EXPECT_EQ(D[0].Line, 2u);

  D = lint(std::string(".version 9.0\n.address_size 64\n.target sm_90\n") + Body);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "target-misplaced");
  EXPECT_EQ(D[0].Line, 3u);

  D = lint(std::string(".target sm_90\n.version 9.0\n") + Body);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "version-misplaced");
  EXPECT_EQ(D[0].Line, 2u);

  D = lint("");
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "version-missing");
}

TEST(LintFileTest, LastTargetWinsAndEveryEntryIsChecked) {
  // ptxas checks ".target sm_80, sm_90" as sm_90; each entry must be valid.
  auto D = lint(std::string(".version 7.0\n.target sm_80, sm_90\n") + Body);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Col, 16u);
  D = lint(std::string(".version 9.0\n.target sm_90, sm_91\n") + Body);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "target-unknown");
  EXPECT_EQ(D[0].Message, "unknown .target 'sm_91'; did you mean 'sm_90'?");
}

TEST(LintFileTest, FilterPromoteAndSort) {
  std::string Text = std::string(".version 7.0\n.target sm_101a, sm_90\n") + Body;
  // sm_101a needs 8.6 and sm_90 needs 7.8: two errors, in file order.
  auto D = lint(Text);
  ASSERT_EQ(D.size(), 2u);
  EXPECT_LT(D[0].Col, D[1].Col);

  LintOptions O;
  O.Disabled.insert("target-version");
  EXPECT_TRUE(lint(Text, O).empty());
  O.Disabled = {"target-*"};
  EXPECT_TRUE(lint(Text, O).empty());

  std::string Renamed = std::string(".version 9.0\n.target sm_101a\n") + Body;
  SourceFile F("t.ptx", Renamed);
  LintResult R = lintFile(F);
  EXPECT_EQ(R.Warnings, 1u);
  EXPECT_EQ(R.Errors, 0u);
  LintOptions W;
  W.WarningsAsErrors = true;
  R = lintFile(F, W);
  EXPECT_EQ(R.Warnings, 0u);
  EXPECT_EQ(R.Errors, 1u);
  ASSERT_EQ(R.Diags.size(), 1u);
  EXPECT_EQ(R.Diags[0].Sev, Severity::Error);
  EXPECT_EQ(R.Diags[0].Rule, "target-renamed");
}

TEST(LintFileTest, Overrides) {
  std::string Text = std::string(".version 7.0\n.target sm_90a\n") + Body;
  LintOptions O;
  O.Version = PtxVersion(9, 0);
  EXPECT_TRUE(lint(Text, O).empty());

  // --target replaces the target; ptxas -arch sm_100a would refuse sm_90a code.
  O.TargetOverride = Target::parse("sm_100a");
  auto D = lint(Text, O);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "target-arch");
  EXPECT_EQ(D[0].Sev, Severity::Warning);
  EXPECT_EQ(D[0].Line, 2u);

  LintOptions T;
  T.TargetOverride = Target::parse("sm_100a");
  D = lint(std::string(".version 8.0\n.target sm_90\n") + Body, T);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "target-version");
  EXPECT_EQ(D[0].Message, "--target sm_100a requires PTX ISA 8.6 (module is .version 8.0)");
}

TEST(LintFileTest, NotText) {
  std::string Bin("\x7f"
                  "ELF\0\0\0\x01\x02",
                  9);
  auto D = lint(Bin);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, "io");
}

TEST(LintFileTest, SyntaxOnlySkipsChecks) {
  LintOptions O;
  O.RunChecks = false;
  EXPECT_TRUE(lint(std::string(".version 7.0\n.target sm_90\n") + Body, O).empty());
  auto D = lint(".version 9.0\n.target sm_90\n.entry k() { mov.b32 %r1 %r2; }\n", O);
  ASSERT_FALSE(D.empty());
  EXPECT_EQ(D[0].Rule, "syntax");
}

TEST(CheckInstructionTest, NonMatrixInstructionIsClean) {
  LintResult R = checkInstruction("add.s32 %r1, %r2, %r3;", *Target::parse("sm_90"), {9, 0});
  EXPECT_TRUE(R.Diags.empty());
  R = checkInstruction("add.s32 %r1, %r2, %r3", *Target::parse("sm_90"), {9, 0});
  EXPECT_TRUE(R.Diags.empty());
}

TEST(CheckInstructionTest, SyntaxErrorRangeIsInText) {
  std::string Text = "add.s32 %r1, %r2 %r3;";
  LintResult R = checkInstruction(Text, *Target::parse("sm_90"), {9, 0});
  ASSERT_FALSE(R.Diags.empty());
  EXPECT_EQ(R.Diags[0].Rule, "syntax");
  ASSERT_TRUE(R.Diags[0].Range.isValid());
  EXPECT_EQ(Text.substr(R.Diags[0].Range.Begin, 3), "%r3");
  EXPECT_GE(R.Errors, 1u);
}

TEST(CheckInstructionTest, ValidatesTargetAndVersion) {
  LintResult R = checkInstruction("add.s32 %r1, %r2, %r3;", *Target::parse("sm_91"), {9, 0});
  ASSERT_EQ(R.Diags.size(), 1u);
  EXPECT_EQ(R.Diags[0].Rule, "target-unknown");
  R = checkInstruction("add.s32 %r1, %r2, %r3;", *Target::parse("sm_90"), {7, 9});
  ASSERT_EQ(R.Diags.size(), 1u);
  EXPECT_EQ(R.Diags[0].Rule, "version-unknown");
  R = checkInstruction("add.s32 %r1, %r2, %r3;", *Target::parse("sm_90"), {7, 0});
  ASSERT_EQ(R.Diags.size(), 1u);
  EXPECT_EQ(R.Diags[0].Rule, "target-version");
}

TEST(CheckInstructionTest, DeclarationErrorsHaveNoLocation) {
  LintResult R = checkInstruction("add.s32 %r1, %r2, %r3;", *Target::parse("sm_90"), {9, 0},
                                  ".reg .b32 %r<4> oops;");
  ASSERT_FALSE(R.Diags.empty());
  EXPECT_EQ(R.Diags[0].Rule, "syntax");
  EXPECT_FALSE(R.Diags[0].Range.isValid());
  EXPECT_EQ(R.Diags[0].Message.rfind("in the declarations: ", 0), 0u);
  R = checkInstruction("add.s32 %r1, %r2, %r3;", *Target::parse("sm_90"), {9, 0},
                       ".reg .b32 %r<4>;");
  EXPECT_TRUE(R.Diags.empty());
}

// Many threads at once must get exactly the single-threaded answer.
TEST(LintFileTest, RepeatedMistakesGetTheSameDiagnosticsAtTheirOwnPlace) {
  // The nearest-form search is memoized per qualifier list: the second and
  // third copies must be diagnosed exactly like the first, at their own
  // columns, and a different mistake must not reuse the first's answer.
  std::string Bad1 = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.f16.f32 {%f0,%f1,%f2,%f3}, "
                     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};\n";
  std::string Bad2 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.bf16.f32 {%f0,%f1,%f2,%f3}, "
                     "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};\n";
  std::string Text = ".version 8.5\n.target sm_90\n.address_size 64\n.entry k() {\n"
                     ".reg .b32 %r<8>;\n.reg .f32 %f<8>;\n" +
                     Bad1 + "  " + Bad1 + Bad2 + "    " + Bad1 + "ret;\n}\n";
  std::vector<Found> D = lint(Text);
  std::vector<Found> ByLine[12];
  for (const Found &F : D)
    if (F.Line < 12)
      ByLine[F.Line].push_back(F);
  ASSERT_FALSE(ByLine[7].empty());
  ASSERT_EQ(ByLine[8].size(), ByLine[7].size());
  ASSERT_EQ(ByLine[10].size(), ByLine[7].size());
  for (size_t I = 0; I < ByLine[7].size(); ++I) {
    EXPECT_EQ(ByLine[8][I].Message, ByLine[7][I].Message);
    EXPECT_EQ(ByLine[8][I].Rule, ByLine[7][I].Rule);
    EXPECT_EQ(ByLine[8][I].Col, ByLine[7][I].Col + 2);
    EXPECT_EQ(ByLine[10][I].Message, ByLine[7][I].Message);
    EXPECT_EQ(ByLine[10][I].Col, ByLine[7][I].Col + 4);
  }
  ASSERT_FALSE(ByLine[9].empty());
  EXPECT_NE(ByLine[9][0].Message + std::to_string(ByLine[9][0].Col),
            ByLine[7][0].Message + std::to_string(ByLine[7][0].Col));
}

TEST(CheckInstructionTest, ThreadSafe) {
  const char *Inputs[] = {
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, "
      "{%r5,%r6}, {%f5,%f6,%f7,%f8};",
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1,%r2,%r3,%r4}, [%r5];",
      "wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1,%r2,%r3,%r4,%r5,%r6,%r7,%r8}, [%rd1];",
      "add.s32 %r1, %r2 %r3;"};
  Target T = *Target::parse("sm_80");
  std::vector<std::vector<std::string>> Want;
  for (const char *In : Inputs) {
    std::vector<std::string> Msgs;
    for (const Diagnostic &D : checkInstruction(In, T, {7, 0}).Diags)
      Msgs.push_back(D.Rule + ":" + D.Message);
    Want.push_back(Msgs);
  }
  std::vector<std::thread> Threads;
  std::atomic<int> Mismatches{0};
  for (int I = 0; I < 8; ++I)
    Threads.emplace_back([&] {
      for (int Round = 0; Round < 50; ++Round)
        for (size_t K = 0; K < std::size(Inputs); ++K) {
          std::vector<std::string> Msgs;
          for (const Diagnostic &D : checkInstruction(Inputs[K], T, {7, 0}).Diags)
            Msgs.push_back(D.Rule + ":" + D.Message);
          if (Msgs != Want[K])
            ++Mismatches;
        }
    });
  for (std::thread &Th : Threads)
    Th.join();
  EXPECT_EQ(Mismatches.load(), 0);
}

TEST(RulesTest, RegistryIsSortedUniqueAndComplete) {
  const std::vector<RuleInfo> &All = allRules();
  ASSERT_EQ(All.size(), NumRules);
  for (size_t I = 1; I < All.size(); ++I)
    EXPECT_LT(llvm::StringRef(All[I - 1].Id), llvm::StringRef(All[I].Id)) << "sorted, unique";
  for (const RuleInfo &R : All) {
    EXPECT_EQ(findRule(R.Id), &R);
    EXPECT_EQ(&ruleInfo(R.R), &ruleInfo(R.R));
    EXPECT_STREQ(ruleInfo(R.R).Id, R.Id) << "the table is indexed by the enum";
    EXPECT_TRUE(*R.Summary) << R.Id;
    // A section has its anchor (test/dev/rule-anchors.test checks the
    // anchor against spec/isa/instructions.txt).
    EXPECT_EQ(*R.Spec == 0, *R.Anchor == 0) << R.Id;
  }
  for (const char *Id : {"syntax", "io", "internal", "verify", "version-unknown", "version-missing",
                         "version-misplaced", "target-unknown", "target-version", "target-missing",
                         "target-misplaced", "target-option", "target-renamed", "target-arch",
                         "target-debug-info", "unknown-suppression"})
    EXPECT_NE(findRule(Id), nullptr) << Id;
  EXPECT_EQ(findRule("no-such-rule"), nullptr);
  EXPECT_TRUE(isRuleOnByDefault("syntax"));
  EXPECT_FALSE(isRuleOnByDefault("unused-suppression"));
}

TEST(RulesTest, FormerIdsResolveToTheirRule) {
  ASSERT_FALSE(ruleAliases().empty());
  for (const RuleAlias &A : ruleAliases()) {
    EXPECT_EQ(findRule(A.OldId), nullptr) << A.OldId << " is an alias and a rule";
    ASSERT_NE(resolveRule(A.OldId), nullptr) << A.OldId;
    EXPECT_EQ(resolveRule(A.OldId)->R, A.R);
    EXPECT_EQ(canonicalRuleId(A.OldId), ruleId(A.R));
  }
  EXPECT_EQ(canonicalRuleId("isa-version"), "isa-ptx-version");
  EXPECT_EQ(canonicalRuleId("wmma-mma-qualifier-position"), "wmma-mma-popc-order");
  EXPECT_EQ(canonicalRuleId("mma-shape"), "mma-shape");
  EXPECT_EQ(canonicalRuleId("syntax"), "syntax");
  // Selectors (--disable, --enable, .ptx-lint.yaml) take former ids.
  EXPECT_TRUE(ruleSelectorMatches("isa-version", "isa-ptx-version"));
  EXPECT_FALSE(ruleSelectorMatches("isa-version", "isa-target"));
  EXPECT_EQ(checkRuleSelector("isa-version"), "");
  LintOptions Opts;
  Opts.Disabled.insert("isa-version");
  EXPECT_FALSE(ruleEnabled("isa-ptx-version", Opts));
  EXPECT_TRUE(ruleEnabled("isa-target", Opts));
}

TEST(RulesTest, MarkdownListsEveryRule) {
  std::string Md = renderRulesMarkdown();
  EXPECT_EQ(Md.rfind("# ptx-lint rules", 0), 0u);
  for (const RuleInfo &R : allRules())
    EXPECT_NE(Md.find("\n## " + std::string(R.Id) + "\n"), std::string::npos) << R.Id;
}

} // namespace

//===----------------------------------------------------------------------===//
// The ANTLR-free instruction recognizer must build exactly what the parser
// builds, or give up.
//===----------------------------------------------------------------------===//

#include "Lint/FastInstruction.h"
#include "ptxlint/Parser.h"

#include "llvm/ADT/StringSet.h"

#include <fstream>
#include <sstream>

namespace {

std::string describe(const Operand &O);

std::string describeAll(Span<Operand> Ops) {
  std::string S;
  for (const Operand &O : Ops)
    S += describe(O) + ";";
  return S;
}

std::string describe(const Operand &O) {
  std::ostringstream OS;
  OS << int(O.Kind) << "|" << O.Negated << "|" << O.Range.Begin << "-" << O.Range.End << "|"
     << std::string(O.Text) << "|" << O.IntValue << "|" << O.FloatValue << "|" << O.HasOffset
     << "|(" << describeAll(O.Elements) << ")";
  return OS.str();
}

std::string describe(const Instruction &I) {
  std::ostringstream OS;
  OS << I.Range.Begin << "-" << I.Range.End << "|" << std::string(I.Guard) << "|" << I.GuardNegated
     << "|" << I.GuardRange.Begin << "-" << I.GuardRange.End << "|" << std::string(I.Opcode) << "|";
  for (size_t K = 0; K < I.Qualifiers.size(); ++K)
    OS << std::string(I.Qualifiers[K]) << "@" << I.QualifierRanges[K].Begin << "-"
       << I.QualifierRanges[K].End << ",";
  OS << "|" << describeAll(I.Operands);
  return OS.str();
}

/// Returns "" when the fast path declines or agrees with the parser, else
/// both descriptions.
std::string compareWithParser(const std::string &Text, bool *Taken = nullptr) {
  SourceFile F("i.ptx", Text);
  ASTContext FastCtx, SlowCtx;
  const Instruction *Fast = parseInstructionFast(F, FastCtx);
  if (Taken)
    *Taken = Fast != nullptr;
  if (!Fast)
    return "";
  DiagnosticEngine DE;
  const Instruction *Slow = parseInstruction(F, SlowCtx, DE);
  if (!Slow)
    return "fast path accepted what the parser rejects: " + Text;
  std::string A = describe(*Fast), B = describe(*Slow);
  return A == B ? "" : "fast: " + A + "\nslow: " + B + "\ntext: " + Text;
}

TEST(FastInstructionTest, AgreesWithParserOnShapes) {
  const char *Cases[] = {
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, "
      "{%r5,%r6}, {%f5,%f6,%f7,%f8};",
      "  @%p1 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r1, %r2, %r3, %r4}, [%r5+16];  ",
      "@!%p2 wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%rd1], {%f1,%f2}, %r9 ;",
      "@ ! %p wmma.load.a.sync.aligned.row.m16n16k16.f16 { %r1 , %r2 } , [ %rd1 - 8 ] , 16;",
      "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, "
      "{%r2}, {%f2}, %r3, 0x0;",
      "mov.u32 %r1, 0x1FU;",
      "mov.f32 %f1, 0f3F800000;",
      "mov.f32 %f1, 0fBF800000;",
      "call (%r1), f, (%r2);",
      "call.uni f, ();",
      "mov.f64 %fd1, 0d3FF0000000000000;",
      "mov.u32 %r1, 017;",
      "mov.u32 %r1, 0b101;",
      "mov.s32 %r1, -42;",
      "mov.s32 %r1, - 42;",
      "st.shared.b32 [64], %r1;",
      "st.shared.b32 [-4], %r1;",
      "st.shared.b32 [buf], %r1;",
      "st.global.b32 [%rd1+0], %r1;",
      "setp.eq.s32 _, %r1, 0;",
      "mov.b32 %r1, %tid.x;",
      "bra $L__BB0_1;",
      "selp.b32 %r1, %r2, %r3, !%p1;",
      "ret;",
      "exit ;",
      "mma.sync.aligned.m8n8k4.row.col.f64 {%fd1,%fd2},{%fd3},{%fd4},{%fd5,%fd6};",
  };
  for (const char *C : Cases) {
    bool Taken = false;
    EXPECT_EQ(compareWithParser(C, &Taken), "");
    EXPECT_TRUE(Taken) << C;
  }
}

TEST(FastInstructionTest, DeclinesOutsideItsSubset) {
  const char *Cases[] = {
      "mov.f32 %f1, 0f3F8000001;",         // more bits than a .f32 holds
      "mov.f32 %f1, 1.5;",                 // decimal floats
      "add.s32 %r1, %r2, %r3; // comment", // comments
      "add.s32 %r1, %r2 %r3;",             // syntax error: the parser reports it
      "add.s32 %r1, %r2, %r3",             // no ';'
      "add.s32 %r1, %r2, %r3; add.s32 %r1, %r2, %r3;",
      "L1: ret;",                        // label
      "setp.eq.s32 %p|%q, %r1, 0;",      // predicate pair
      "mov.u32 %r1, foo+8;",             // expression
      "ld.global.b32 %r1, [%rd1+-4];",   //
      "ld.global.b32 %r1, [%rd1+%rd2];", //
      "call (%r1), f, (%r2+1);",         // expressions in lists
      "mov.u32 %r1, 08;",                // bad octal
      "mov.f32 %f1, -0fBF800000;",       // a ptxas syntax error: the parser's
      "mov.u32 %r1, 99999999999999999999999;",
      "mov.b32 %r1, \xc3\xa9;", // non-ASCII
      "",
      "mov.u32 %r1, mask(1);",
  };
  for (const char *C : Cases) {
    bool Taken = true;
    EXPECT_EQ(compareWithParser(C, &Taken), "");
    EXPECT_FALSE(Taken) << C;
  }
}

TEST(FastInstructionTest, AgreesWithParserOnCorpus) {
  std::ifstream Manifest(std::string(PTXLINT_CORPUS_DIR) + "/MANIFEST.tsv");
  if (!Manifest)
    GTEST_SKIP() << "no corpus at " << PTXLINT_CORPUS_DIR;
  llvm::StringSet<> Seen;
  std::string Row;
  std::getline(Manifest, Row); // header
  unsigned Matrix = 0, MatrixTaken = 0, Other = 0;
  while (std::getline(Manifest, Row)) {
    std::string Path = Row.substr(0, Row.find('\t'));
    std::ifstream In(std::string(PTXLINT_CORPUS_DIR) + "/" + Path);
    std::string Line;
    while (std::getline(In, Line)) {
      llvm::StringRef L = llvm::StringRef(Line).trim();
      if (L.empty() || !L.endswith(";") || L.startswith(".") || L.startswith("//") ||
          L.contains("//") || !Seen.insert(L).second)
        continue;
      bool IsMatrix = L.contains("mma") || L.contains("matrix");
      // Every matrix instruction; a sample of the rest, to bound the time.
      if (!IsMatrix && (++Other % 40) != 0)
        continue;
      bool Taken = false;
      std::string Why = compareWithParser(L.str(), &Taken);
      EXPECT_EQ(Why, "") << Path;
      if (IsMatrix) {
        ++Matrix;
        MatrixTaken += Taken;
      }
    }
  }
  ASSERT_GT(Matrix, 100u);
  // The benchmarked shapes must not fall back to ANTLR.
  EXPECT_GE(MatrixTaken * 100, Matrix * 99) << MatrixTaken << " of " << Matrix;
}

TEST(FastInstructionTest, RegisterDeclarations) {
  check::SymbolTable S;
  EXPECT_TRUE(lint::declareRegistersFast(".reg .b32 %r<4>, %x; .reg .v2 .f16x2 %h;\n", S));
  ASSERT_NE(S.lookup("%r3"), nullptr);
  EXPECT_EQ(S.lookup("%r4"), nullptr);
  EXPECT_EQ(S.lookup("%x")->Type, ".b32");
  EXPECT_EQ(S.lookup("%h")->VectorWidth, 2u);
  // The file parser's recognizer: what a function body's fast path reads,
  // comments and other state spaces included, is declared as it would be.
  check::SymbolTable U;
  EXPECT_TRUE(lint::declareRegistersFast(".reg .b32 %r<4>; /* c */ .shared .b8 buf[16];", U));
  ASSERT_NE(U.lookup("buf"), nullptr);
  EXPECT_EQ(U.lookup("buf")->StateSpace, ".shared");
  check::SymbolTable T;
  EXPECT_FALSE(lint::declareRegistersFast(".reg .b32 %r<4>; .reg .b32 %y = 1;", T));
  EXPECT_EQ(T.lookup("%r0"), nullptr); // all or nothing
  EXPECT_FALSE(lint::declareRegistersFast(".reg .b32 %r<4>; /* unterminated", T));
  EXPECT_FALSE(lint::declareRegistersFast(".reg .b32 %r<4>", T));
  EXPECT_FALSE(lint::declareRegistersFast(".reg %r;", T));
  EXPECT_FALSE(lint::declareRegistersFast(".regs .b32 %r;", T));
}

} // namespace
