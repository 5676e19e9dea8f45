//===- InlineAsmTest.cpp - inline asm in sources, templates, guards, .loc -===//
//
// The library side of docs/cuda.md: string literals decode to the template
// with every byte's source position, placeholders take the register type
// of their constraint, guards evaluate per target (three-valued), and .loc
// gives diagnostics their source origin. The lit tests in test/cuda cover
// the command's output.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/InlineAsm.h"
#include "ptxlint/ptxlint.h"

#include "Cuda/AsmTemplate.h"
#include "Cuda/Guards.h"
#include "Cuda/SourceScan.h"

#include "gtest/gtest.h"

#include <cstring>
#include <set>
#include <string>

using namespace ptxlint;
using namespace ptxlint::cuda;

namespace {

const char *const MmaF16 = "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, "
                           "{%2, %3, %4, %5}, {%6, %7}, {%0, %1};";

bool hasRule(const LintResult &R, const std::string &Rule) {
  for (const Diagnostic &D : R.Diags)
    if (D.Rule == Rule)
      return true;
  return false;
}

TEST(InlineAsmTest, ConstraintsGiveRegisterTypes) {
  // .f16 accumulators are .b32 (f16x2) registers: "r" is right, "f" wrong.
  LintResult Ok = checkInlineAsm(MmaF16, "+r,+r,r,r,r,r,r,r", Target(), PtxVersion());
  EXPECT_EQ(Ok.Errors, 0u);
  LintResult Bad = checkInlineAsm(MmaF16, "+f,+f,r,r,r,r,r,r", Target(), PtxVersion());
  ASSERT_GT(Bad.Errors, 0u);
  // The diagnostic points into the template, at a placeholder of the
  // accumulator ("{%0, %1}" starts at offset 51).
  const Diagnostic &D = Bad.Diags.front();
  EXPECT_GE(D.Range.Begin, 51u);
  EXPECT_LE(D.Range.End, std::string(MmaF16).size());
}

TEST(InlineAsmTest, LlvmDollarPlaceholdersAndClobbers) {
  LintResult R = checkInlineAsm("movmatrix.sync.aligned.m8n8.trans.b16 $0, $1;", "=r,r,~{memory}",
                                Target(), PtxVersion());
  EXPECT_EQ(R.Errors, 0u);
  LintResult H = checkInlineAsm("movmatrix.sync.aligned.m8n8.trans.b16 $0, $1;", "=h,h", Target(),
                                PtxVersion());
  EXPECT_GT(H.Errors, 0u);
}

TEST(InlineAsmTest, TargetGating) {
  const char *Movm = "movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;";
  EXPECT_EQ(checkInlineAsm(Movm, "=r,r", *Target::parse("sm_75"), PtxVersion()).Errors, 0u);
  EXPECT_GT(checkInlineAsm(Movm, "=r,r", *Target::parse("sm_70"), PtxVersion()).Errors, 0u);
  EXPECT_EQ(checkInlineAsm(Movm, "=r,r", Target(), PtxVersion()).Errors, 0u);
}

TEST(InlineAsmTest, OperandOutOfRange) {
  LintResult R = checkInlineAsm("mov.b32 %0, %2;", "=r,r", Target(), PtxVersion());
  ASSERT_TRUE(hasRule(R, "asm-operand"));
  EXPECT_EQ(R.Diags.front().Range.Begin, 12u);
  EXPECT_EQ(R.Diags.front().Range.End, 14u);
}

TEST(InlineAsmTest, UndeclaredNamesAlone) {
  // A template checked alone: its own labels, predicates and %-registers
  // must be declared in it; the compiler's registers (%r1, %p2) and names
  // without '%' (module variables) may be declared outside it.
  LintResult Label = checkInlineAsm("bra.uni DONE;", "", Target(), PtxVersion());
  EXPECT_TRUE(hasRule(Label, "symbol-unknown"));
  LintResult Reg = checkInlineAsm("mov.b32 %0, %tmp;", "=r", Target(), PtxVersion());
  ASSERT_TRUE(hasRule(Reg, "symbol-unknown"));
  EXPECT_EQ(Reg.Diags.front().Range.Begin, 12u);
  EXPECT_EQ(Reg.Diags.front().Range.End, 16u);
  EXPECT_EQ(checkInlineAsm("{ .reg .pred p; setp.eq.u32 p, $1, 0; @p bra.uni L; mov.b32 $0, 1; "
                           "L: }",
                           "=r,r", Target(), PtxVersion())
                .Errors,
            0u);
  EXPECT_EQ(checkInlineAsm("mov.b32 %0, %r1;", "=r", Target(), PtxVersion()).Errors, 0u);
  EXPECT_EQ(checkInlineAsm("ld.global.b32 $0, [g];", "=r", Target(), PtxVersion()).Errors, 0u);
}

TEST(InlineAsmTest, DeclaredNamesOfTemplates) {
  std::set<std::string> N;
  declaredNames(".reg .b32 t<2>, u; L1: $L2: bra.uni L1; { .shared .align 4 .b8 buf[16]; }"
                " // .reg .b32 no;\n .reg .v2 .f32 %v;",
                N);
  EXPECT_EQ(N, (std::set<std::string>{"t0", "t1", "u", "L1", "$L2", "buf", "%v"}));
}

TEST(InlineAsmTest, UnknownImmediateIsNotGuessed) {
  // "n" with a non-literal expression: nothing is said about its value.
  LintResult R =
      checkInlineAsm("cp.async.cg.shared.global [%0], [%1], %2;", "r,l,n", Target(), PtxVersion());
  EXPECT_EQ(R.Errors, 0u);
}

TEST(InlineAsmTest, UnsupportedConstraintIsANote) {
  LintResult R = checkInlineAsm("mov.b32 %0, 1;", "=x", Target(), PtxVersion());
  EXPECT_EQ(R.Errors, 0u);
  EXPECT_TRUE(hasRule(R, "asm-not-checked"));
}

TEST(InlineAsmTest, HostAssemblyIsNotPtx) {
  EXPECT_TRUE(looksLikePtx("mov.u32 %0, %%laneid;"));
  EXPECT_TRUE(looksLikePtx("{\n .reg .pred p;\n L1:\n @p bra.uni L1;\n}"));
  EXPECT_TRUE(looksLikePtx("exit;"));
  EXPECT_TRUE(looksLikePtx("")); // nothing to check, nothing wrong
  EXPECT_FALSE(looksLikePtx("rdtsc"));
  EXPECT_FALSE(looksLikePtx("mov %1, %0"));
  EXPECT_FALSE(looksLikePtx("lock; cmpxchg %2, %1"));
  EXPECT_FALSE(looksLikePtx("call f"));
}

TEST(InlineAsmTest, StringLiteralsDecodeWithOrigins) {
  // Two adjacent literals, an escape, a continuation, a raw string.
  std::string Src = "void f() { asm(\"a\\tb\" \"c\\\n"
                    "d\" R\"x(e\"f)x\" : : ); }";
  ScanResult S = scanSource(Src);
  ASSERT_EQ(S.Statements.size(), 1u);
  const AsmStatement &A = S.Statements[0];
  EXPECT_TRUE(A.Checkable);
  EXPECT_EQ(A.Input.Template.Bytes, "a\tbcde\"f");
  ASSERT_EQ(A.Input.Template.Origin.size(), 8u);
  // '\t' comes from the two bytes "\t".
  EXPECT_EQ(Src.substr(A.Input.Template.Origin[1].Begin, 2), "\\t");
  EXPECT_EQ(A.Input.Template.Origin[1].End - A.Input.Template.Origin[1].Begin, 2u);
  // 'd' is on the next line, after the continuation.
  EXPECT_EQ(Src[A.Input.Template.Origin[4].Begin], 'd');
  EXPECT_EQ(Src[A.Input.Template.Origin[6].Begin], '"');
}

TEST(InlineAsmTest, MacroTemplateIsNotCheckable) {
  ScanResult S = scanSource("#define OP \"mov\"\nvoid f() { asm(OP \".b32 %0, 1;\" : \"=r\"(x)); "
                            "asm(\"x\" OP : ); }");
  ASSERT_EQ(S.Statements.size(), 2u);
  EXPECT_FALSE(S.Statements[0].Checkable);
  EXPECT_FALSE(S.Statements[1].Checkable);
}

TEST(InlineAsmTest, OperandsAndNames) {
  ScanResult S = scanSource("asm volatile(\"t\" : [o] \"=r\"(a[f(1, 2)]), \"+f\"(b) : \"n\"(16), "
                            "\"l\"(p) : \"memory\");");
  ASSERT_EQ(S.Statements.size(), 1u);
  const AsmStatement &A = S.Statements[0];
  ASSERT_EQ(A.Input.Operands.size(), 4u);
  EXPECT_EQ(A.Input.Operands[0].Name, "o");
  EXPECT_EQ(A.Input.Operands[0].Constraint, "=r");
  EXPECT_EQ(A.Input.Operands[0].Expr, "a[f(1, 2)]");
  EXPECT_EQ(A.Input.Operands[2].Constraint, "n");
  EXPECT_EQ(A.Input.Operands[2].Expr, "16");
  EXPECT_TRUE(A.Input.Extended);
}

Tri evalFor(const char *Src, const char *TargetName) {
  ScanResult S = scanSource(Src);
  EXPECT_EQ(S.Statements.size(), 1u);
  Target T = TargetName ? *Target::parse(TargetName) : Target();
  return GuardEvaluator(S, T).eval(S.Statements.front().Where);
}

TEST(InlineAsmTest, Guards) {
  const char *Arch = "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750\nasm(\"x;\");\n#endif\n";
  EXPECT_EQ(evalFor(Arch, "sm_75"), Tri::True);
  EXPECT_EQ(evalFor(Arch, "sm_70"), Tri::False);
  EXPECT_EQ(evalFor(Arch, nullptr), Tri::False); // host pass
  const char *Else = "#if __CUDA_ARCH__ >= 900\n#elif __CUDA_ARCH__ >= 800\n#else\nasm(\"x;\");\n"
                     "#endif\n";
  EXPECT_EQ(evalFor(Else, "sm_75"), Tri::True);
  EXPECT_EQ(evalFor(Else, "sm_80"), Tri::False);
  EXPECT_EQ(evalFor(Else, "sm_90"), Tri::False);
  const char *Feat = "#ifdef __CUDA_ARCH_FEAT_SM90_ALL\nasm(\"x;\");\n#endif\n";
  EXPECT_EQ(evalFor(Feat, "sm_90a"), Tri::True);
  EXPECT_EQ(evalFor(Feat, "sm_90"), Tri::False);
  const char *Family = "#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && "
                       "__CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000\nasm(\"x;\");\n#endif\n";
  EXPECT_EQ(evalFor(Family, "sm_100f"), Tri::True);
  EXPECT_EQ(evalFor(Family, "sm_100a"), Tri::True);
  EXPECT_EQ(evalFor(Family, "sm_100"), Tri::False);
  // A macro the file does not define: unknown, but && with a false side is false.
  const char *Unknown = "#if USE_MMA && __CUDA_ARCH__ >= 800\nasm(\"x;\");\n#endif\n";
  EXPECT_EQ(evalFor(Unknown, "sm_90"), Tri::Unknown);
  EXPECT_EQ(evalFor(Unknown, "sm_75"), Tri::False);
  // A macro the file defines under an arch guard (the CuTe pattern).
  const char *Defined = "#if __CUDA_ARCH__ >= 750\n#define LDSM_ENABLED\n#endif\n"
                        "#define CC_TURING 750\n"
                        "#if defined(LDSM_ENABLED) && __CUDA_ARCH__ >= CC_TURING\nasm(\"x;\");\n"
                        "#endif\n";
  EXPECT_EQ(evalFor(Defined, "sm_80"), Tri::True);
  EXPECT_EQ(evalFor(Defined, "sm_70"), Tri::False);
}

// The include-guard idiom is true on the file's first inclusion (the one
// that compiles its code); anything else around #ifndef X is not the idiom.
TEST(InlineAsmTest, IncludeGuards) {
  const char *Body = "#if __CUDA_ARCH__ >= 750\nasm(\"x;\");\n#endif\n";
  auto Wrap = [&](const std::string &Open, const std::string &After) {
    return "// header\n#pragma once\n" + Open + "\n#define K_H\n" + Body + "#endif // K_H\n" +
           After;
  };
  for (const char *Open : {"#ifndef K_H", "#if !defined(K_H)", "#if !defined K_H"}) {
    std::string Src = Wrap(Open, "/* end */\n");
    EXPECT_EQ(evalFor(Src.c_str(), "sm_75"), Tri::True) << Open;
    EXPECT_EQ(evalFor(Src.c_str(), "sm_70"), Tri::False) << Open;
  }
  // Code after the #endif, a #define of another name, or an #else: the
  // condition is not known, and neither is the guard.
  std::string After = Wrap("#ifndef K_H", "int x;\n");
  EXPECT_EQ(evalFor(After.c_str(), "sm_75"), Tri::Unknown);
  std::string Other = "#ifndef K_H\n#define OTHER\n" + std::string(Body) + "#endif\n";
  EXPECT_EQ(evalFor(Other.c_str(), "sm_75"), Tri::Unknown);
  std::string Else = "#ifndef K_H\n#define K_H\n#else\n" + std::string(Body) + "#endif\n";
  EXPECT_NE(evalFor(Else.c_str(), "sm_75"), Tri::True);
}

TEST(InlineAsmTest, CudaSourceDiagnosticsPointIntoTheLiteral) {
  std::string Src = "__device__ void f(unsigned &d, unsigned s) {\n"
                    "  asm(\"movmatrix.sync.aligned.m8n8.trans.b16 \"\n"
                    "      \"%0, %1, %1;\" : \"=r\"(d) : \"r\"(s));\n"
                    "}\n";
  SourceFile F("k.cu", Src);
  LintResult R = lintCudaSource(F);
  ASSERT_GT(R.Errors, 0u);
  const Diagnostic &D = R.Diags.front();
  LineCol LC = F.lineCol(D.Range.Begin);
  EXPECT_EQ(LC.Line, 3u); // the second literal
  bool StatementNote = false;
  for (const DiagNote &N : D.Notes)
    StatementNote |= N.Message == "in this asm statement" && F.lineCol(N.Range.Begin).Line == 2;
  EXPECT_TRUE(StatementNote);
}

TEST(InlineAsmTest, GuardAdmittingAnUnsupportedTarget) {
  SourceFile F("k.cu", "#if __CUDA_ARCH__ >= 700\n"
                       "asm(\"movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;\" : \"=r\"(d) : "
                       "\"r\"(s));\n#endif\n");
  LintResult R = lintCudaSource(F);
  EXPECT_EQ(R.Errors, 0u);
  ASSERT_TRUE(hasRule(R, "asm-guard-target"));
  LintOptions O;
  O.TargetOverride = *Target::parse("sm_70");
  EXPECT_GT(lintCudaSource(F, O).Errors, 0u);
  O.TargetOverride = *Target::parse("sm_80");
  EXPECT_EQ(lintCudaSource(F, O).Errors, 0u);
}

TEST(InlineAsmTest, LocGivesOrigins) {
  // nvcc writes .file after the functions.
  SourceFile F("k.ptx", ".version 8.0\n.target sm_80\n.address_size 64\n"
                        ".visible .entry k()\n{\n.reg .b32 %r<4>;\n.loc 1 30 5\n"
                        ".loc 1 17 22, function_name $L__info_string0, inlined_at 1 30 5\n"
                        "// begin inline asm\n"
                        "ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r1, %r2, %r3}, [%r0];\n"
                        "// end inline asm\nret;\n}\n.file 1 \"kern.cu\"\n");
  LintResult R = lintFile(F);
  ASSERT_GT(R.Errors, 0u);
  for (const Diagnostic &D : R.Diags) {
    ASSERT_EQ(D.Origin.size(), 2u);
    EXPECT_EQ(D.Origin[0].File, "kern.cu");
    EXPECT_EQ(D.Origin[0].Line, 17u);
    EXPECT_EQ(D.Origin[0].Column, 22u);
    EXPECT_EQ(D.Origin[0].Message, "in inline asm here");
    EXPECT_EQ(D.Origin[1].Line, 30u);
    EXPECT_EQ(D.Origin[1].Message, "inlined from here");
  }
  // The C API exposes the same.
  ptxlint_result *CR = nullptr;
  ASSERT_EQ(ptxlint_lint_buffer("k.ptx", F.text().data(), F.size(), nullptr, &CR), PTXLINT_OK);
  ASSERT_GT(ptxlint_result_count(CR), 0u);
  EXPECT_EQ(ptxlint_diag_origin_count(CR, 0), 2u);
  EXPECT_STREQ(ptxlint_diag_origin_file(CR, 0, 0), "kern.cu");
  EXPECT_EQ(ptxlint_diag_origin_line(CR, 0, 1), 30u);
  EXPECT_STREQ(ptxlint_diag_origin_file(CR, 0, 5), "");
  ptxlint_result_destroy(CR);
}

TEST(InlineAsmTest, CApi) {
  ptxlint_result *R = nullptr;
  ASSERT_EQ(ptxlint_check_inline_asm(MmaF16, "+f,+f,r,r,r,r,r,r", "sm_80", "8.0", nullptr, &R),
            PTXLINT_OK);
  EXPECT_GT(ptxlint_result_errors(R), 0u);
  ptxlint_result_destroy(R);
  EXPECT_EQ(ptxlint_check_inline_asm(MmaF16, "", "sm_xx", nullptr, nullptr, &R),
            PTXLINT_ERROR_BAD_TARGET);
  EXPECT_EQ(ptxlint_check_inline_asm(nullptr, "", nullptr, nullptr, nullptr, &R),
            PTXLINT_ERROR_INVALID_ARGUMENT);
  const char *Src = "void f() { asm(\"ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%0, %1, %2}, "
                    "[%3];\" : \"=r\"(a), \"=r\"(b), \"=r\"(c) : \"r\"(p)); }";
  ASSERT_EQ(ptxlint_lint_cuda_buffer("k.cu", Src, std::strlen(Src), nullptr, &R), PTXLINT_OK);
  EXPECT_GT(ptxlint_result_errors(R), 0u);
  ptxlint_result_destroy(R);
}

TEST(InlineAsmTest, NeverCrashesOnTruncatedSources) {
  std::string Src = "#if __CUDA_ARCH__ >= 800\nasm volatile(R\"x(mma.sync.aligned.m16n8k16 "
                    "\"%0\\x41\\101\\u00e9\" : [a] \"=r\"(x[(1)]) : \"n\"(3) : \"memory\");\n"
                    "#elif\n#else\n#endif\n#endif\n";
  for (size_t N = 0; N <= Src.size(); ++N) {
    SourceFile F("t.cu", Src.substr(0, N));
    lintCudaSource(F);
  }
}

} // namespace
