//===- OutputTest.cpp - formatters: positions, text, gcc, JSON, SARIF -----===//
//
// The formatters are the contract with editors and CI tools: these tests pin
// the resolved positions (1-based, end exclusive) and the documents' shape.
//
//===----------------------------------------------------------------------===//

#include "Output/RawOutput.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using namespace ptxlint;

namespace {

const char *const Src = ".version 8.0\n"
                        ".target sm_90\n"
                        "\tmma.sync.aligned.m8n8k4 x;\n";

Diagnostic diag(Severity S, uint32_t B, uint32_t E, std::string Msg) {
  Diagnostic D;
  D.Sev = S;
  D.Rule = "mma-shape";
  D.Spec = "9.7.14.5.14";
  D.Range = {B, E};
  D.Message = std::move(Msg);
  return D;
}

TEST(OutputTest, ResolvesRangesOneBasedEndExclusive) {
  SourceFile F("k.ptx", Src);
  // ".target" is bytes 13..20 on line 2.
  LineColRange L = resolveRange(F, {13, 20});
  EXPECT_EQ(L.Line, 2u);
  EXPECT_EQ(L.Column, 1u);
  EXPECT_EQ(L.EndLine, 2u);
  EXPECT_EQ(L.EndColumn, 8u);
  // Invalid and out-of-file ranges resolve to "no position".
  EXPECT_FALSE(resolveRange(F, SourceRange()).isValid());
  EXPECT_FALSE(resolveRange(F, {1000, 1001}).isValid());
  // A range running past the end is clamped, not an error.
  LineColRange Past = resolveRange(F, {27, 5000});
  EXPECT_TRUE(Past.isValid());
}

TEST(OutputTest, ReportCountsBySeverity) {
  SourceFile F("k.ptx", Src);
  std::vector<Diagnostic> D = {diag(Severity::Error, 28, 32, "a"),
                               diag(Severity::Warning, 28, 32, "b"),
                               diag(Severity::Note, 28, 32, "c")};
  FileReport R = makeReport(F, D);
  EXPECT_EQ(R.Path, "k.ptx");
  EXPECT_EQ(R.Errors, 1u);
  EXPECT_EQ(R.Warnings, 1u);
  EXPECT_EQ(R.Notes, 1u);
  EXPECT_FALSE(R.IoError);
  FileReport Io = makeIoErrorReport("x.ptx", "file is empty");
  EXPECT_TRUE(Io.IoError);
  EXPECT_EQ(Io.Errors, 1u);
  EXPECT_EQ(Io.Diags[0].Rule, "io");
}

TEST(OutputTest, RuleTagNamesTheSection) {
  EXPECT_EQ(ruleTag("mma-shape", "9.7.14.5.14"), "[mma-shape, PTX ISA 9.7.14.5.14]");
  EXPECT_EQ(ruleTag("syntax", ""), "[syntax]");
}

TEST(OutputTest, TextHasCaretTildesAndFixIt) {
  SourceFile F("k.ptx", Src);
  // "m8n8k4" at line 3: the tab is column 1, "mma" starts at column 2.
  Diagnostic D = diag(Severity::Error, 44, 51, "bad shape");
  D.Fixes.push_back({{44, 51}, ".m16n8k8"});
  std::string S;
  ColorStringStream OS(S, /*Colors=*/false);
  printText(F, {D}, OS);
  OS.flush();
  EXPECT_NE(S.find("k.ptx:3:18: error: bad shape [mma-shape, PTX ISA 9.7.14.5.14]\n"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("^~~~~~~\n"), std::string::npos) << S;
  EXPECT_NE(S.find(".m16n8k8\n"), std::string::npos) << S;
  EXPECT_EQ(S.find('\x1b'), std::string::npos) << "no colour when not asked";

  std::string C;
  ColorStringStream COS(C, /*Colors=*/true);
  printText(F, {D}, COS);
  COS.flush();
  EXPECT_NE(C.find('\x1b'), std::string::npos) << "colour escapes for a terminal";
}

TEST(OutputTest, GccIsOneLinePerDiagnostic) {
  SourceFile F("k.ptx", Src);
  Diagnostic D = diag(Severity::Warning, 44, 51, "odd");
  D.Notes.push_back({{13, 20}, "target here"});
  std::string S;
  llvm::raw_string_ostream OS(S);
  printGcc(makeReport(F, {D}), OS);
  printGcc(makeIoErrorReport("gone.ptx", "cannot open file"), OS);
  OS.flush();
  EXPECT_EQ(S, "k.ptx:3:18: warning: odd [mma-shape]\n"
               "k.ptx:2:1: note: target here\n"
               "gone.ptx: error: cannot open file [io]\n");
}

TEST(OutputTest, JsonDocumentParsesAndHasTheSchemaFields) {
  SourceFile F("k.ptx", Src);
  Diagnostic D = diag(Severity::Error, 44, 51, "needs \"quotes\" escaped");
  D.Fixes.push_back({{44, 44}, "x"});
  std::vector<FileReport> Reports = {makeReport(F, {D}), makeIoErrorReport("b.ptx", "empty")};
  std::string S;
  llvm::raw_string_ostream OS(S);
  printJson(Reports, OS);
  OS.flush();
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(S);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *Root = V->getAsObject();
  ASSERT_TRUE(Root);
  EXPECT_EQ(Root->getInteger("schema_version").getValueOr(-1), 1);
  const llvm::json::Array *Files = Root->getArray("files");
  ASSERT_TRUE(Files && Files->size() == 2);
  const llvm::json::Object *D0 =
      (*Files)[0].getAsObject()->getArray("diagnostics")->front().getAsObject();
  EXPECT_EQ(D0->getString("severity"), llvm::StringRef("error"));
  EXPECT_EQ(D0->getString("rule"), llvm::StringRef("mma-shape"));
  EXPECT_EQ(D0->getInteger("line").getValueOr(-1), 3);
  EXPECT_EQ(D0->getInteger("column").getValueOr(-1), 18);
  EXPECT_EQ(D0->getInteger("end_line").getValueOr(-1), 3);
  EXPECT_EQ(D0->getInteger("end_column").getValueOr(-1), 25);
  EXPECT_EQ(D0->getString("message"), llvm::StringRef("needs \"quotes\" escaped"));
  EXPECT_EQ(D0->getString("spec"), llvm::StringRef("9.7.14.5.14"));
  const llvm::json::Object *Fix = D0->getArray("fixes")->front().getAsObject();
  EXPECT_EQ(Fix->getInteger("column").getValueOr(-1), 18);
  EXPECT_EQ(Fix->getInteger("end_column").getValueOr(-1), 18);
  EXPECT_EQ(Fix->getString("replacement"), llvm::StringRef("x"));
  const llvm::json::Object *IoDiag =
      (*Files)[1].getAsObject()->getArray("diagnostics")->front().getAsObject();
  EXPECT_EQ(IoDiag->getInteger("line").getValueOr(-1), 0);
  EXPECT_EQ(Root->getObject("summary")->getInteger("errors").getValueOr(-1), 2);
}

TEST(OutputTest, SarifResultsPointIntoTheRulesArray) {
  SourceFile F("dir/k k.ptx", Src);
  Diagnostic D = diag(Severity::Warning, 44, 51, "odd");
  D.Rule = "not-in-the-registry";
  std::vector<FileReport> Reports = {makeReport(F, {D})};
  std::string S;
  llvm::raw_string_ostream OS(S);
  DocumentOptions Opts;
  Opts.ToolVersion = "1.2.3";
  Opts.RulesDocUri = "https://example.org/rules.md";
  printSarif(Reports, OS, Opts);
  OS.flush();
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(S);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *Run = V->getAsObject()->getArray("runs")->front().getAsObject();
  const llvm::json::Object *Driver = Run->getObject("tool")->getObject("driver");
  EXPECT_EQ(Driver->getString("version"), llvm::StringRef("1.2.3"));
  const llvm::json::Array *Rules = Driver->getArray("rules");
  const llvm::json::Object *Res = Run->getArray("results")->front().getAsObject();
  EXPECT_EQ(Res->getString("level"), llvm::StringRef("warning"));
  int64_t Idx = Res->getInteger("ruleIndex").getValueOr(-1);
  ASSERT_LT(static_cast<size_t>(Idx), Rules->size());
  const llvm::json::Object *Rule = (*Rules)[Idx].getAsObject();
  EXPECT_EQ(Rule->getString("id"), llvm::StringRef("not-in-the-registry"));
  EXPECT_EQ(Rule->getString("helpUri"),
            llvm::StringRef("https://example.org/rules.md#not-in-the-registry"));
  const llvm::json::Object *Loc =
      Res->getArray("locations")->front().getAsObject()->getObject("physicalLocation");
  EXPECT_EQ(Loc->getObject("artifactLocation")->getString("uri"), llvm::StringRef("dir/k%20k.ptx"));
  EXPECT_EQ(Loc->getObject("region")->getInteger("startColumn").getValueOr(-1), 18);
  EXPECT_EQ(Loc->getObject("region")->getInteger("endColumn").getValueOr(-1), 25);
}

} // namespace
