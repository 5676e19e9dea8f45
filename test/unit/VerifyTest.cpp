//===- VerifyTest.cpp - comment scan, suppressions, expectations ----------===//

#include "Verify/RawVerify.h"

#include "gtest/gtest.h"

using namespace ptxlint;

namespace {

Diagnostic at(const SourceFile &F, llvm::StringRef Needle, Severity S, std::string Rule,
              std::string Msg = "msg") {
  size_t Off = F.text().find(Needle);
  EXPECT_NE(Off, std::string::npos) << Needle.str();
  Diagnostic D;
  D.Sev = S;
  D.Rule = std::move(Rule);
  D.Range = {static_cast<uint32_t>(Off), static_cast<uint32_t>(Off + Needle.size())};
  D.Message = std::move(Msg);
  return D;
}

TEST(CommentScanTest, SkipsStringsAndBlockComments) {
  SourceFile F("k.ptx", "a // one\n"
                        ".pragma \"// not a comment\"; // two\n"
                        "/* // not\n either */ b; //three\r\n");
  std::vector<SourceComment> C = scanComments(F);
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].Text, " one");
  EXPECT_EQ(C[0].Line, 1u);
  EXPECT_EQ(C[1].Text, " two");
  EXPECT_EQ(C[1].Line, 2u);
  EXPECT_EQ(C[2].Text, "three");
  EXPECT_EQ(C[2].Line, 4u);
  EXPECT_EQ(F.text().substr(C[2].Offset, 2), "//");
}

TEST(SuppressionTest, NextLineThisLineAndFile) {
  SourceFile F("k.ptx", "// ptx-lint-disable-next-line syntax\n"
                        "x1;\n"
                        "x2; // ptx-lint-disable-line syntax, target-version\n"
                        "x3;\n"
                        "// ptx-lint-disable-file target-renamed\n");
  std::vector<Diagnostic> D = {
      at(F, "x1", Severity::Error, "syntax"),           // silenced (next line)
      at(F, "x1", Severity::Error, "target-version"),   // other rule: kept
      at(F, "x2", Severity::Error, "target-version"),   // silenced (this line)
      at(F, "x3", Severity::Error, "syntax"),           // not covered: kept
      at(F, "x3", Severity::Warning, "target-renamed"), // silenced (file)
  };
  applySuppressions(F, D);
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D[0].Rule, "target-version");
  EXPECT_EQ(F.lineCol(D[0].Range.Begin).Line, 2u);
  EXPECT_EQ(D[1].Rule, "syntax");
  EXPECT_EQ(F.lineCol(D[1].Range.Begin).Line, 4u);
}

TEST(SuppressionTest, UnknownRulesWarnAndIoIsNeverSilenced) {
  SourceFile F("k.ptx", "// ptx-lint-disable-file all\n"
                        "// ptx-lint-disable-next-line bogus-rule -- because\n"
                        "x;\n");
  std::vector<Diagnostic> D = {at(F, "x;", Severity::Error, "syntax")};
  Diagnostic Io;
  Io.Rule = "io";
  D.push_back(Io);
  applySuppressions(F, D);
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D[0].Rule, "io");
  EXPECT_EQ(D[1].Rule, "unknown-suppression");
  EXPECT_EQ(D[1].Sev, Severity::Warning);
  EXPECT_EQ(F.slice(D[1].Range), "bogus-rule");
}

TEST(VerifyTest, ParsesLineOffsets) {
  SourceFile F("k.ptx", "// expected-error@+2 {{a}}\n"
                        "x; // expected-warning {{b}}\n"
                        "y; // expected-note@-2 {{c}}\n"
                        "// expected-error@1 {{d}}\n"
                        "// expected-error@+9 {{out}}\n"
                        "// expected-error {{}}\n"
                        "// expected-errors are prose\n");
  std::vector<Diagnostic> Bad;
  std::vector<Expectation> E = parseExpectations(F, Bad);
  ASSERT_EQ(E.size(), 4u);
  EXPECT_EQ(E[0].Line, 3u);
  EXPECT_EQ(E[0].Sev, Severity::Error);
  EXPECT_EQ(E[0].Text, "a");
  EXPECT_EQ(E[1].Line, 2u);
  EXPECT_EQ(E[1].Sev, Severity::Warning);
  EXPECT_EQ(E[2].Line, 1u);
  EXPECT_EQ(E[2].Sev, Severity::Note);
  EXPECT_EQ(E[3].Line, 1u);
  ASSERT_EQ(Bad.size(), 2u); // @+9 is outside the file; {{}} is empty
  EXPECT_EQ(Bad[0].Rule, "verify");
}

TEST(VerifyTest, MatchesConsumesAndReportsLeftovers) {
  SourceFile F("k.ptx", "a; // expected-error {{first}}\n"
                        "b; // expected-warning {{[some-rule]}}\n"
                        "c; // expected-error {{never}}\n");
  std::vector<Diagnostic> D = {
      at(F, "a;", Severity::Error, "r", "the first problem"),
      at(F, "a;", Severity::Error, "r", "the first problem again"), // unexpected
      at(F, "b;", Severity::Warning, "some-rule", "w"),
      at(F, "c;", Severity::Note, "r", "notes may be left"),
  };
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  VerifyResult R = verifyDiagnostics(F, D, OS);
  OS.flush();
  EXPECT_EQ(R.Expected, 3u);
  EXPECT_EQ(R.Matched, 2u);
  EXPECT_EQ(R.Missing, 1u);
  EXPECT_EQ(R.Unexpected, 1u);
  EXPECT_FALSE(R.passed());
  EXPECT_NE(Out.find("k.ptx:3:7: error: expected error not produced on line 3: {{never}}"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("k.ptx:1:1: error: unexpected error: the first problem again [r]"),
            std::string::npos)
      << Out;
}

TEST(VerifyTest, PassesWhenEverythingMatches) {
  SourceFile F("k.ptx", "a; // expected-error {{boom}}\n");
  std::vector<Diagnostic> D = {at(F, "a;", Severity::Error, "r", "boom")};
  D[0].Notes.push_back({{0, 1}, "attached notes are fine"});
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EXPECT_TRUE(verifyDiagnostics(F, D, OS).passed());
  OS.flush();
  EXPECT_EQ(Out, "");
}

} // namespace
