//===- CApiTest.cpp - the C API (ptxlint.h) ---------------------------------===//
//
// The C API must report exactly what the C++ API reports (it is a wrapper:
// every test that can compares with lintFile / checkInstruction), resolve
// positions to lines and columns, reject bad arguments with a status and
// never crash or throw on any input.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/ptxlint.h"

#include "ptxlint/Lint.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace ptxlint;

namespace {

const char *const GoodMma = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                            "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};";
const char *const MixedMma = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.f16.f32 "
                             "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};";
const char *const Module = ".version 7.8\n"
                           ".target sm_80\n"
                           ".address_size 64\n"
                           "\n"
                           ".visible .entry k()\n"
                           "{\n"
                           "  .reg .b32 %r<8>;\n"
                           "  .reg .f32 %f<8>;\n"
                           "  mov.u32 %r0, 0;\n"
                           "  ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r1, %r2, %r3}, [%r0];\n"
                           "  ret;\n"
                           "}\n";

/// Owns a result for the length of a test.
struct Result {
  ptxlint_result *R = nullptr;
  ~Result() { ptxlint_result_destroy(R); }
  ptxlint_result **out() { return &R; }
};

/// Expects the C result to hold exactly the C++ result's diagnostics, with
/// positions resolved in Text.
void expectSame(const ptxlint_result *C, const LintResult &Cpp, const std::string &Text) {
  SourceFile F("t", Text);
  ASSERT_EQ(ptxlint_result_count(C), Cpp.Diags.size());
  EXPECT_EQ(ptxlint_result_errors(C), Cpp.Errors);
  EXPECT_EQ(ptxlint_result_warnings(C), Cpp.Warnings);
  for (size_t I = 0; I < Cpp.Diags.size(); ++I) {
    const Diagnostic &D = Cpp.Diags[I];
    SCOPED_TRACE("diagnostic " + std::to_string(I) + ": " + D.Message);
    EXPECT_EQ(static_cast<int>(ptxlint_diag_severity(C, I)), static_cast<int>(D.Sev));
    EXPECT_STREQ(ptxlint_diag_rule(C, I), D.Rule.c_str());
    EXPECT_STREQ(ptxlint_diag_spec(C, I), D.Spec.c_str());
    EXPECT_STREQ(ptxlint_diag_message(C, I), D.Message.c_str());
    ptxlint_location L = ptxlint_diag_location(C, I);
    if (D.Range.isValid()) {
      EXPECT_EQ(L.begin, D.Range.Begin);
      EXPECT_EQ(L.end, D.Range.End);
      LineCol B = F.lineCol(D.Range.Begin), E = F.lineCol(D.Range.End);
      EXPECT_EQ(L.line, B.Line);
      EXPECT_EQ(L.column, B.Column);
      EXPECT_EQ(L.end_line, E.Line);
      EXPECT_EQ(L.end_column, E.Column);
    } else {
      EXPECT_EQ(L.begin, PTXLINT_NO_OFFSET);
      EXPECT_EQ(L.line, 0u);
    }
    ASSERT_EQ(ptxlint_diag_fixit_count(C, I), D.Fixes.size());
    for (size_t J = 0; J < D.Fixes.size(); ++J) {
      EXPECT_STREQ(ptxlint_diag_fixit_replacement(C, I, J), D.Fixes[J].Replacement.c_str());
      EXPECT_EQ(ptxlint_diag_fixit_location(C, I, J).begin, D.Fixes[J].Range.Begin);
    }
    ASSERT_EQ(ptxlint_diag_note_count(C, I), D.Notes.size());
    for (size_t J = 0; J < D.Notes.size(); ++J)
      EXPECT_STREQ(ptxlint_diag_note_message(C, I, J), D.Notes[J].Message.c_str());
  }
}

TEST(CApiTest, VersionAndNames) {
  EXPECT_EQ(ptxlint_api_version(), PTXLINT_C_API_VERSION);
  EXPECT_GT(std::strlen(ptxlint_version()), 0u);
  EXPECT_STREQ(ptxlint_severity_name(PTXLINT_SEVERITY_ERROR), "error");
  EXPECT_STREQ(ptxlint_severity_name(PTXLINT_SEVERITY_WARNING), "warning");
  EXPECT_STREQ(ptxlint_severity_name(PTXLINT_SEVERITY_NOTE), "note");
  EXPECT_STREQ(ptxlint_status_string(PTXLINT_OK), "ok");
  EXPECT_NE(std::strstr(ptxlint_status_string(PTXLINT_ERROR_BAD_TARGET), "target"), nullptr);
}

TEST(CApiTest, CleanInstruction) {
  Result R;
  ASSERT_EQ(ptxlint_check_instruction(GoodMma, "sm_80", "7.0", nullptr, nullptr, R.out()),
            PTXLINT_OK);
  ASSERT_NE(R.R, nullptr);
  EXPECT_EQ(ptxlint_result_count(R.R), 0u);
  EXPECT_EQ(ptxlint_result_errors(R.R), 0u);
  EXPECT_STREQ(ptxlint_result_text(R.R), "");
}

TEST(CApiTest, WrongInstructionMatchesCpp) {
  Result R;
  ASSERT_EQ(ptxlint_check_instruction(MixedMma, "sm_80", "7.0", nullptr, nullptr, R.out()),
            PTXLINT_OK);
  EXPECT_GE(ptxlint_result_errors(R.R), 1u);
  expectSame(R.R, checkInstruction(MixedMma, *Target::parse("sm_80"), PtxVersion(7, 0)), MixedMma);
  // One line: every located diagnostic is on line 1, column = offset + 1.
  for (size_t I = 0; I < ptxlint_result_count(R.R); ++I) {
    ptxlint_location L = ptxlint_diag_location(R.R, I);
    if (L.begin == PTXLINT_NO_OFFSET)
      continue;
    EXPECT_EQ(L.line, 1u);
    EXPECT_EQ(L.column, L.begin + 1);
    EXPECT_LE(L.end, std::strlen(MixedMma));
  }
  std::string Text = ptxlint_result_text(R.R);
  EXPECT_NE(Text.find("<instruction>:1:"), std::string::npos) << Text;
  EXPECT_NE(Text.find("error: "), std::string::npos) << Text;
}

TEST(CApiTest, TargetTooOldMatchesCpp) {
  Result R;
  ASSERT_EQ(ptxlint_check_instruction(GoodMma, "sm_75", "7.0", nullptr, nullptr, R.out()),
            PTXLINT_OK);
  EXPECT_GE(ptxlint_result_errors(R.R), 1u);
  expectSame(R.R, checkInstruction(GoodMma, *Target::parse("sm_75"), PtxVersion(7, 0)), GoodMma);
}

TEST(CApiTest, DeclarationsArePassedThrough) {
  // %f registers declared as .b16: the C++ API's answer, whatever it is,
  // must come back unchanged through the C API.
  const char *Decls = ".reg .b16 %f<8>; .reg .b32 %r<6>;";
  Result R;
  ASSERT_EQ(ptxlint_check_instruction(GoodMma, "sm_80", "7.0", Decls, nullptr, R.out()),
            PTXLINT_OK);
  expectSame(R.R, checkInstruction(GoodMma, *Target::parse("sm_80"), PtxVersion(7, 0), Decls),
             GoodMma);
}

TEST(CApiTest, ModuleMatchesCppWithLinesAndColumns) {
  Result R;
  ASSERT_EQ(ptxlint_lint_buffer("k.ptx", Module, std::strlen(Module), nullptr, R.out()),
            PTXLINT_OK);
  SourceFile F("k.ptx", Module);
  LintResult Cpp = lintFile(F);
  ASSERT_GE(Cpp.Errors, 1u);
  expectSame(R.R, Cpp, Module);
  // The ldmatrix line is line 10.
  bool OnLine10 = false;
  for (size_t I = 0; I < ptxlint_result_count(R.R); ++I)
    OnLine10 |= ptxlint_diag_location(R.R, I).line == 10;
  EXPECT_TRUE(OnLine10);
  std::string Text = ptxlint_result_text(R.R);
  EXPECT_NE(Text.find("k.ptx:10:"), std::string::npos) << Text;
}

TEST(CApiTest, BufferNeedNotBeNulTerminated) {
  // The buffer is the module followed by bytes that are not part of it.
  std::string Buf = std::string(Module) + "garbage that is not PTX {{{";
  Result R;
  ASSERT_EQ(ptxlint_lint_buffer(nullptr, Buf.data(), std::strlen(Module), nullptr, R.out()),
            PTXLINT_OK);
  SourceFile F("k.ptx", Module);
  expectSame(R.R, lintFile(F), Module);
}

TEST(CApiTest, EmptyAndBinaryInputsDoNotCrash) {
  Result Empty;
  EXPECT_EQ(ptxlint_lint_buffer("e", nullptr, 0, nullptr, Empty.out()), PTXLINT_OK);
  EXPECT_NE(Empty.R, nullptr);
  const char Binary[] = {'.', 'v', 0, 1, 2, 3, '\xff', '\xfe', 0, 0};
  Result Bin;
  ASSERT_EQ(ptxlint_lint_buffer("b", Binary, sizeof(Binary), nullptr, Bin.out()), PTXLINT_OK);
  EXPECT_GE(ptxlint_result_errors(Bin.R), 1u);
  SourceFile F("b", std::string(Binary, sizeof(Binary)));
  expectSame(Bin.R, lintFile(F), std::string(Binary, sizeof(Binary)));
  Result EmptyInst;
  EXPECT_EQ(ptxlint_check_instruction("", "sm_80", "7.0", nullptr, nullptr, EmptyInst.out()),
            PTXLINT_OK);
}

TEST(CApiTest, BadArgumentsGiveAStatusAndNoResult) {
  ptxlint_result *R = reinterpret_cast<ptxlint_result *>(0x1);
  EXPECT_EQ(ptxlint_check_instruction(GoodMma, "sm_9O", "8.0", nullptr, nullptr, &R),
            PTXLINT_ERROR_BAD_TARGET);
  EXPECT_EQ(R, nullptr);
  EXPECT_EQ(ptxlint_check_instruction(GoodMma, "sm_90", "8", nullptr, nullptr, &R),
            PTXLINT_ERROR_BAD_VERSION);
  EXPECT_EQ(R, nullptr);
  EXPECT_EQ(ptxlint_check_instruction(nullptr, "sm_90", "8.0", nullptr, nullptr, &R),
            PTXLINT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ptxlint_check_instruction(GoodMma, "sm_90", "8.0", nullptr, nullptr, nullptr),
            PTXLINT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ptxlint_lint_buffer("x", nullptr, 5, nullptr, &R), PTXLINT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ptxlint_options_disable_rule(nullptr, "x"), PTXLINT_ERROR_INVALID_ARGUMENT);
  ptxlint_options *O = ptxlint_options_create();
  EXPECT_EQ(ptxlint_options_set_target(O, "gfx90a"), PTXLINT_ERROR_BAD_TARGET);
  EXPECT_EQ(ptxlint_options_set_version(O, "seven"), PTXLINT_ERROR_BAD_VERSION);
  EXPECT_EQ(ptxlint_options_disable_rule(O, nullptr), PTXLINT_ERROR_INVALID_ARGUMENT);
  ptxlint_options_destroy(O);
}

TEST(CApiTest, NullTargetAndVersionMeanUnspecified) {
  Result R;
  ASSERT_EQ(ptxlint_check_instruction(MixedMma, nullptr, "", nullptr, nullptr, R.out()),
            PTXLINT_OK);
  expectSame(R.R, checkInstruction(MixedMma, Target(), PtxVersion()), MixedMma);
}

TEST(CApiTest, AccessorsOutOfRangeAreSafe) {
  EXPECT_EQ(ptxlint_result_count(nullptr), 0u);
  EXPECT_EQ(ptxlint_result_errors(nullptr), 0u);
  EXPECT_STREQ(ptxlint_result_text(nullptr), "");
  ptxlint_result_destroy(nullptr);
  ptxlint_options_destroy(nullptr);
  Result R;
  ASSERT_EQ(ptxlint_check_instruction(MixedMma, "sm_80", "7.0", nullptr, nullptr, R.out()),
            PTXLINT_OK);
  size_t N = ptxlint_result_count(R.R);
  EXPECT_STREQ(ptxlint_diag_rule(R.R, N), "");
  EXPECT_STREQ(ptxlint_diag_message(R.R, N + 100), "");
  EXPECT_EQ(ptxlint_diag_location(R.R, N).begin, PTXLINT_NO_OFFSET);
  EXPECT_EQ(ptxlint_diag_location(R.R, N).line, 0u);
  EXPECT_EQ(ptxlint_diag_fixit_count(R.R, N), 0u);
  EXPECT_STREQ(ptxlint_diag_fixit_replacement(R.R, 0, 1000), "");
  EXPECT_EQ(ptxlint_diag_note_location(R.R, 0, 1000).begin, PTXLINT_NO_OFFSET);
}

TEST(CApiTest, DisabledRuleAndPrefix) {
  Result Base;
  ASSERT_EQ(ptxlint_check_instruction(MixedMma, "sm_80", "7.0", nullptr, nullptr, Base.out()),
            PTXLINT_OK);
  ASSERT_GE(ptxlint_result_count(Base.R), 1u);
  std::string Rule = ptxlint_diag_rule(Base.R, 0);

  ptxlint_options *O = ptxlint_options_create();
  ASSERT_EQ(ptxlint_options_disable_rule(O, Rule.c_str()), PTXLINT_OK);
  Result R;
  ASSERT_EQ(ptxlint_check_instruction(MixedMma, "sm_80", "7.0", nullptr, O, R.out()), PTXLINT_OK);
  for (size_t I = 0; I < ptxlint_result_count(R.R); ++I)
    EXPECT_NE(ptxlint_diag_rule(R.R, I), Rule);
  EXPECT_LT(ptxlint_result_count(R.R), ptxlint_result_count(Base.R));
  ptxlint_options_destroy(O);

  // "<first part of the id>-*" switches off the whole family of ids.
  O = ptxlint_options_create();
  std::string Prefix = Rule.substr(0, Rule.find('-') + 1) + "*";
  ASSERT_EQ(ptxlint_options_disable_rule(O, Prefix.c_str()), PTXLINT_OK);
  Result P;
  ASSERT_EQ(ptxlint_check_instruction(MixedMma, "sm_80", "7.0", nullptr, O, P.out()), PTXLINT_OK);
  LintOptions Cpp;
  Cpp.Disabled.insert(Prefix);
  expectSame(P.R, checkInstruction(MixedMma, *Target::parse("sm_80"), PtxVersion(7, 0), "", Cpp),
             MixedMma);
  ptxlint_options_destroy(O);
}

TEST(CApiTest, RunChecksOffIsSyntaxOnly) {
  ptxlint_options *O = ptxlint_options_create();
  ptxlint_options_set_run_checks(O, 0);
  Result R;
  ASSERT_EQ(ptxlint_lint_buffer("k.ptx", Module, std::strlen(Module), O, R.out()), PTXLINT_OK);
  LintOptions Cpp;
  Cpp.RunChecks = false;
  expectSame(R.R, lintFile(SourceFile("k.ptx", Module), Cpp), Module);
  ptxlint_options_destroy(O);
}

TEST(CApiTest, TargetAndVersionOverrideForModules) {
  // The module says sm_80 / 7.8; checked as sm_75 / 7.0 the f16 m16n8k16
  // mma is too new.
  std::string M = Module;
  M.replace(M.find("  mov.u32"), 0,
            "  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, "
            "{%r0,%r1,%r2,%r3}, {%r4,%r5}, {%f4,%f5,%f6,%f7};\n");
  ptxlint_options *O = ptxlint_options_create();
  ASSERT_EQ(ptxlint_options_set_target(O, "sm_75"), PTXLINT_OK);
  ASSERT_EQ(ptxlint_options_set_version(O, "7.0"), PTXLINT_OK);
  Result R;
  ASSERT_EQ(ptxlint_lint_buffer("k.ptx", M.data(), M.size(), O, R.out()), PTXLINT_OK);
  LintOptions Cpp;
  Cpp.TargetOverride = *Target::parse("sm_75");
  Cpp.Version = PtxVersion(7, 0);
  LintResult Expected = lintFile(SourceFile("k.ptx", M), Cpp);
  expectSame(R.R, Expected, M);
  LintResult Plain = lintFile(SourceFile("k.ptx", M));
  EXPECT_GT(Expected.Errors, Plain.Errors);

  // NULL clears the override again.
  ASSERT_EQ(ptxlint_options_set_target(O, nullptr), PTXLINT_OK);
  ASSERT_EQ(ptxlint_options_set_version(O, nullptr), PTXLINT_OK);
  Result Cleared;
  ASSERT_EQ(ptxlint_lint_buffer("k.ptx", M.data(), M.size(), O, Cleared.out()), PTXLINT_OK);
  expectSame(Cleared.R, Plain, M);
  ptxlint_options_destroy(O);
}

TEST(CApiTest, WarningsAsErrors) {
  // Whatever warnings the module draws become errors, counts included.
  const char *Old = ".version 7.0\n.target sm_80\n.entry k()\n{\n  ret;\n}\n";
  ptxlint_options *O = ptxlint_options_create();
  ptxlint_options_enable_rule(O, "*");
  ptxlint_options_set_warnings_as_errors(O, 1);
  Result R;
  ASSERT_EQ(ptxlint_lint_buffer("w.ptx", Old, std::strlen(Old), O, R.out()), PTXLINT_OK);
  LintOptions Cpp;
  Cpp.Enabled.insert("*");
  Cpp.WarningsAsErrors = true;
  expectSame(R.R, lintFile(SourceFile("w.ptx", Old), Cpp), Old);
  EXPECT_EQ(ptxlint_result_warnings(R.R), 0u);
  ptxlint_options_destroy(O);
}

} // namespace

namespace {

/// Byte-level mutations of real instructions and modules: every one must
/// come back as a result (never a crash, an exception or a bad status), with
/// every location inside the text.
TEST(CApiTest, MutatedInputsNeverCrash) {
  const std::string Seeds[] = {
      GoodMma,
      MixedMma,
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r0,%r1,%r2,%r3}, [%r4+64];",
      "wmma.mma.sync.aligned.col.row.m16n16k16.f32.bf16.bf16.f32 {%f9, %f10, %f11, %f12, %f13, "
      "%f14, %f15, %f16}, {%r7, %r8, %r9, %r10}, {%r11, %r12, %r13, %r14}, {%f1, %f2, %f3, %f4, "
      "%f5, %f6, %f7, %f8};",
      "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%f0,%f1,%f2,%f3}, "
      "{%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%f4,%f5,%f6,%f7}, %r8, 0x0;",
      Module,
  };
  const char Alphabet[] = ".,;{}[]%+-_:0123456789abfrsxmnk \n\t\"/*\\\x80\xff";
  uint64_t State = 0x9E3779B97F4A7C15ull; // fixed seed: the run is reproducible
  auto Next = [&State] {
    State ^= State << 13;
    State ^= State >> 7;
    State ^= State << 17;
    return State;
  };
  // PTXLINT_MUTATIONS=N runs N per seed (e.g. a long run under ASan).
  unsigned PerSeed = 400;
  if (const char *E = std::getenv("PTXLINT_MUTATIONS"))
    PerSeed = std::max(1, std::atoi(E));
  unsigned Runs = 0;
  for (const std::string &Seed : Seeds)
    for (unsigned K = 0; K < PerSeed; ++K) {
      std::string S = Seed;
      for (unsigned M = 1 + Next() % 4; M > 0 && !S.empty(); --M) {
        size_t Pos = Next() % S.size();
        char C = Alphabet[Next() % (sizeof(Alphabet) - 1)];
        switch (Next() % 4) {
        case 0:
          S.erase(Pos, 1 + Next() % 6);
          break;
        case 1:
          S.insert(Pos, 1, C);
          break;
        case 2:
          S[Pos] = C;
          break;
        default: // duplicate a slice
          S.insert(Pos, S.substr(Next() % S.size(), Next() % 12));
        }
      }
      SCOPED_TRACE("input: " + S);
      Result R;
      ptxlint_status St =
          S.find('\n') == std::string::npos
              ? ptxlint_check_instruction(S.c_str(), "sm_90a", "8.7", nullptr, nullptr, R.out())
              : ptxlint_lint_buffer("m.ptx", S.data(), S.size(), nullptr, R.out());
      ASSERT_EQ(St, PTXLINT_OK);
      for (size_t I = 0; I < ptxlint_result_count(R.R); ++I) {
        ptxlint_location L = ptxlint_diag_location(R.R, I);
        if (L.begin == PTXLINT_NO_OFFSET)
          continue;
        ASSERT_LE(L.begin, L.end);
        ASSERT_LE(L.end, S.size());
        ASSERT_GE(L.line, 1u);
      }
      ++Runs;
    }
  EXPECT_EQ(Runs, 6u * PerSeed);
}

} // namespace

// --arch compute_NN through the C API is ptxas's parse-only mode: the code
// generation checks (a function declared without .extern and never defined)
// run under sm_NN only, as on the command line (test/symbols/codegen-limits.test).
TEST(CApiTest, ArchComputeIsParseOnly) {
  const char *Undefined = ".version 8.0\n.target sm_80\n.address_size 64\n.func f();\n"
                          ".visible .entry k()\n{\ncall f;\nret;\n}\n";
  for (const char *Arch : {"sm_80", "compute_80"}) {
    ptxlint_options *O = ptxlint_options_create();
    ASSERT_EQ(ptxlint_options_set_arch(O, Arch), PTXLINT_OK);
    Result R;
    ASSERT_EQ(ptxlint_lint_buffer("u.ptx", Undefined, std::strlen(Undefined), O, R.out()),
              PTXLINT_OK);
    EXPECT_EQ(ptxlint_result_count(R.R), std::string(Arch) == "sm_80" ? 1u : 0u) << Arch;
    ptxlint_options_destroy(O);
  }
}
