//===- InitScanTest.cpp - large initializers folded into one token --------===//
//
// scanSimpleInitializer accepts exactly a plain subset of the initializer
// syntax and tokenizes it as PTXLexer.g4 does; a folded list must give the
// very same AST and diagnostics as the grammar's own parse.
//
//===----------------------------------------------------------------------===//

#include "Parse/InitScan.h"
#include "ptxlint/AST.h"
#include "ptxlint/Diagnostic.h"
#include "ptxlint/Parser.h"
#include "ptxlint/Source.h"

#include "gtest/gtest.h"

using namespace ptxlint;
using parsedriver::scanSimpleInitializer;

namespace {

std::string joined(llvm::StringRef List) {
  std::vector<llvm::StringRef> Toks;
  size_t E = scanSimpleInitializer(List, 0, &Toks);
  if (!E)
    return "<rejected>";
  std::string S;
  for (llvm::StringRef T : Toks)
    S += T.str() + " ";
  S += "@" + std::to_string(E);
  return S;
}

TEST(InitScanTest, AcceptsThePlainSubset) {
  EXPECT_EQ(joined("{}"), "{ } @2");
  EXPECT_EQ(joined("{1,2,3}tail"), "{ 1 , 2 , 3 } @7");
  EXPECT_EQ(joined("{ -1 , 0x1fU,0b101, 0f3F800000 ,0d3FF0000000000000, 12U }"),
            "{ - 1 , 0x1fU , 0b101 , 0f3F800000 , 0d3FF0000000000000 , 12U } @57");
  EXPECT_EQ(joined("{{1,2},{},{3}}"), "{ { 1 , 2 } , { } , { 3 } } @14");
  EXPECT_EQ(joined("{generic(foo)+8, bar, $x-4, %r1}"),
            "{ generic ( foo ) + 8 , bar , $x - 4 , %r1 } @32");
  EXPECT_EQ(joined("{1, // one\n 2 /* two */, 3}"), "{ 1 , 2 , 3 } @27");
  // Constant expressions, tokenized as the lexer does (<< is one token, %
  // before a digit starts a register name, / before / or * a comment).
  EXPECT_EQ(joined("{1+2, (1), -a, ~!1, 1 / 2, mask(a, 1)}"),
            "{ 1 + 2 , ( 1 ) , - a , ~ ! 1 , 1 / 2 , mask ( a , 1 ) } @38");
  EXPECT_EQ(joined("{1<<2>>3, 4<=5>=6, 7&&8||9, 1&2|3^4, 5==6!=7, 8<9>0, 10 % 3, 4*5}"),
            "{ 1 << 2 >> 3 , 4 <= 5 >= 6 , 7 && 8 || 9 , 1 & 2 | 3 ^ 4 , 5 == 6 != 7 , 8 < 9 > 0 "
            ", 10 % 3 , 4 * 5 } @65");
  EXPECT_EQ(joined("{1/*c*/+2, 3//c\n}"), "{ 1 + 2 , 3 } @17");
  // Runs of decimal numbers (read byte by byte, Scanner::plainRun), with
  // other tokens among them.
  EXPECT_EQ(joined("{1, 2, 3, 0x4, 5U, 06, 7, 0f3F800000, 8}"),
            "{ 1 , 2 , 3 , 0x4 , 5U , 06 , 7 , 0f3F800000 , 8 } @40");
  EXPECT_EQ(joined("{1 ,2\n,\t3, -4, 5 + 6, 7}"), "{ 1 , 2 , 3 , - 4 , 5 + 6 , 7 } @24");
}

TEST(InitScanTest, LeavesEverythingElseToTheGrammar) {
  for (const char *L : {"{1,}",       "{,1}",        "{1 2}",         "{1.5}",      "{1e3}",
                        "{12abc}",    "{a.b}",       "{1?2:3}",       "{10%3}",     "{1 %r1}",
                        "{(1}",       "{1=2}",       "{1!2}",         "{1+}",       "{_}",
                        "{0x}",       "{0b2}",       "{0f3FU}",       "{1",         "{1, /* open",
                        "{\"s\"}",    "1",           "{{{",           "{f(}",       "{1, 2, 0f}",
                        "{1, 2, 3e}", "{1, 2, 3.5}", "{1, 2, 12abc}", "{1, 2, 0x}", "{1, 2 3}",
                        "{1, 2, 3,}", "{1, 2, 00x1}"})
    EXPECT_EQ(joined(L), "<rejected>") << L;
  // Nesting deeper than 64 is left to the grammar too.
  EXPECT_EQ(joined(std::string(70, '{') + std::string(70, '}')), "<rejected>");
}

std::unique_ptr<Module> parseWith(const SourceFile &F, size_t Fold, std::string &Diags) {
  DiagnosticEngine DE;
  ParseOptions Opts;
  Opts.FoldInitializersFrom = Fold;
  std::unique_ptr<Module> M = parseModule(F, DE, Opts);
  for (const Diagnostic &D : DE.diagnostics())
    Diags += std::to_string(D.Range.Begin) + ":" + D.Message + "\n";
  return M;
}

TEST(InitScanTest, FoldedListsParseToTheSameAst) {
  const char *Inputs[] = {
      ".version 7.8\n.target sm_90\n.address_size 64\n"
      ".global .align 4 .b32 t[6] = {1, -2, 0x3U, 0b1, // c\n 5, /* c */ 6};\n"
      ".global .align 8 .u64 p[2] = {generic(t), generic(t)+8};\n"
      ".const .f32 f[2][2] = {{0f3F800000, 0f00000000}, {0f40000000, 0fBF800000}};\n"
      ".global .b8 e[1] = {};\n.global .u32 s = 5, q[2] = {7, 8};\n"
      ".global .b32 x[4] = {1+1, (2*3)<<1, -~!0, mask(t, 1) % 7};\n",
      // Not in the subset: the grammar parses it (and reports the error).
      ".version 7.8\n.target sm_90\n.address_size 64\n"
      ".global .b32 a[3] = {1, 2 3};\n.global .b32 b[2] = {1.5, 2};\n"
      ".global .b32 c[2] = {1,, 2};\n.global .b32 d[2] = {1 ? 2 : 3, 10%3};\n",
  };
  for (const char *In : Inputs) {
    SourceFile F("t.ptx", In);
    std::string DiagsGrammar, DiagsFolded;
    std::unique_ptr<Module> A = parseWith(F, 0, DiagsGrammar);
    std::unique_ptr<Module> B = parseWith(F, 1, DiagsFolded);
    ASSERT_TRUE(A && B);
    std::string Why;
    EXPECT_TRUE(structurallyEqual(*A, *B, &Why)) << Why << "\n" << In;
    EXPECT_EQ(DiagsGrammar, DiagsFolded) << In;
  }
}

} // namespace
