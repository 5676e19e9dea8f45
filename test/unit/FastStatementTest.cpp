//===- FastStatementTest.cpp - the fast path parses as ANTLR does ---------===//
//
// The parse driver hands plain statements of function bodies to the
// recognizers of lib/Parse/FastStatement.h. With and without them, every
// corpus file and a set of edge cases must give the same AST, ranges
// included (diagnostics point at them), and the same diagnostics.
//
//===----------------------------------------------------------------------===//

#include "AST/ASTDump.h"
#include "ptxlint/AST.h"
#include "ptxlint/Diagnostic.h"
#include "ptxlint/Parser.h"
#include "ptxlint/Source.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace ptxlint;

namespace {

std::string dump(const Module &M) { return dumpAST(M); }

std::string parseDump(const SourceFile &F, bool Fast, std::string &Diags) {
  DiagnosticEngine DE;
  ParseOptions Opts;
  Opts.FastStatements = Fast;
  std::unique_ptr<Module> M = parseModule(F, DE, Opts);
  for (const Diagnostic &D : DE.diagnostics()) {
    llvm::raw_string_ostream OS(Diags);
    OS << D.Range.Begin << "-" << D.Range.End << " " << D.Message << "\n";
  }
  return M ? dump(*M) : "<no module>";
}

void expectSame(const SourceFile &F) {
  std::string DiagsSlow, DiagsFast;
  std::string Slow = parseDump(F, false, DiagsSlow);
  std::string Fast = parseDump(F, true, DiagsFast);
  EXPECT_EQ(DiagsSlow, DiagsFast) << std::string(F.name());
  if (Slow == Fast)
    return;
  // Show the first differing line only.
  llvm::SmallVector<llvm::StringRef, 0> A, B;
  llvm::StringRef(Slow).split(A, '\n');
  llvm::StringRef(Fast).split(B, '\n');
  for (size_t I = 0; I < std::min(A.size(), B.size()); ++I)
    if (A[I] != B[I]) {
      ADD_FAILURE() << std::string(F.name()) << ": first difference\n  antlr: " << A[I].str()
                    << "\n  fast:  " << B[I].str();
      return;
    }
  ADD_FAILURE() << std::string(F.name()) << ": different statement counts";
}

const char *Header = ".version 8.5\n.target sm_90a\n.address_size 64\n"
                     ".visible .entry k(.param .u64 p)\n{\n"
                     "\t.reg .b32 %r<100>;\n\t.reg .f32 %f<10>;\n\t.reg .pred %p<4>;\n"
                     "\t.reg .b64 %rd<10>;\n";

TEST(FastStatementTest, EdgeCasesParseAsAntlrDoes) {
  const char *Bodies[] = {
      // Instructions, guards, vectors, addresses, immediates.
      "\t@%p1 bra $L__BB0_2;\n\t@!%p2 bra.uni $L__BB0_2;\n\t@ ! %p2 ret;\n"
      "\tadd.s32 %r1, %r2, -4;\n\tadd.s32 %r1, %r2, - 4;\n\tmov.b32 %r1, 0x1F;\n"
      "\tmov.b32 %r1, 017;\n\tmov.b32 %r1, 0b101;\n\tmov.b32 %r1, 10U;\n"
      "\tmov.f32 %f1, 0f3F800000;\n\tmov.f32 %f1, -0fBF800000;\n\tmov.f64 %rd1, "
      "0d3FF0000000000000;\n"
      "\tmov.f32 %f1, 0f3F8000001;\n\tmov.f32 %f1, 1.5;\n\tmov.f32 %f1, 0f3F80000U;\n"
      "\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];\n\tld.shared.u32 %r1, [%r2+-4];\n"
      "\tst.global.u32 [%rd1], %r1;\n\tst.global.u32 [16], %r1;\n\tld.param.u64 %rd1, [p];\n"
      "\tmov.u32 %r1, %tid.x;\n\tsetp.ne.s32 %p1|%p2, %r1, 0;\n\tmov.b32 %r1, _;\n"
      "\tcall.uni (_), f, (%r1);\n\tmov.u32 %r1, foo+8;\n\tadd.s32 %r1, %r2, %r3 ; // c\n"
      "\tadd.s32 /* c */ %r1, %r2, %r3;\n\tadd.s32\n\t\t%r1,\n\t\t%r2, %r3\n\t;\n"
      "\tmma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, "
      "{%r5,%r6}, {%f5,%f6,%f7,%f8};\n\tcp.async.ca.shared::cta.global [%r1], [%rd1], 16;\n"
      "\tmov.u32 %r1, 99999999999999999999;\n\tbar.sync 0;\n\tret;\n",
      // Labels.
      "$L__BB0_1:\n\tret;\nL2 :\nL3:ret;\n$x: $y:\n\tret;\n_z:\n\tret;\n",
      // Labels read byte by byte (parseLabelAt), and their near misses.
      "a.b:\n\tret;\n%lab:\n\tret;\n_:\n\tret;\nL8:/*c*/:\n\tret;\n$p:$q:\n\tret;\nL9:\n:\n"
      "\tret;\nL10:%r1:\n\tret;\n",
      // .loc in all its forms, comments between attributes.
      "\t.loc\t1 23 4\n\t.loc 1 23 4, function_name $L__info_string0, inlined_at 1 2 3\n"
      "\t.loc 1 23 4 // c\n\t, inlined_at 1 2 3\n\t.loc 1 2 3 /* c */ , function_name f+4\n"
      "\t.loc 1 2 3\n\t.loc 1 2 3U\n\t.loc 1 0x2 3\n\t.loc 1 2\n\tret;\n",
      // Register declarations.
      "\t.reg .b32 %x<4>;\n\t.reg .v4 .b32 %rv<2>, y;\n\t.reg .b32 %o <010>;\n\t.reg .pred q;\n"
      "\t.reg .b32 a , b<3> ;\n\t.reg .global .b32 g;\n\t.reg .f16x2 h;\n\t.reg .b32 %n<0>;\n"
      "\t.reg .b32 %big<99999999999999999999>;\n\t.reg .b32 %d.x;\n\t.reg .b32 k<2 >, m< 3>;\n"
      "\t.reg.b32 z;\n\t.reg .b32 u = 1;\n\t.reg .b32 w[4];\n\t.reg .b32 %e<4>\n\tret;\n",
      // Other declarations in a body, and call sequences.
      "\t.param .b64 param0;\n\t.param .align 8 .b8 param1[16];\n\t.local .align 4 .b8 "
      "__local_depot0[32];\n"
      "\t.shared .align 16 .b8 smem[1024], t2[2][ 3 ];\n\t.shared .b32 s[];\n\t.param .b32 r = 5;\n"
      "\t.param .b32 q[0x10];\n\t.local .global .b32 lg;\n\t.shared::cta .b32 sc;\n\t.param .b32 "
      "p<4>;\n"
      "\tcall.uni (retval0), vprintf, (param0, param1);\n\tcall.uni vprintf, (param0);\n"
      "\tcall (_), f, ();\n\tcall.uni (retval0), vprintf, ( param0 , param1 ) ;\n"
      "\tcall f, (1, -2, 0f3F800000);\n\tcall f, ((1));\n\tcall f, (a+1);\n\tcall f, (p0 p1);\n"
      "\tcall f, (p0,);\n\tcall.uni (retval0), vprintf, (param0, param1), proto;\n\tret;\n",
      // Plain directives (genericDirective), and what the fast path leaves
      // to the grammar.
      "\t.pragma \"nounroll\";\n\t.pragma \"a\", \"b\" ;\n\t.pragma /* c */ \"x\";\n"
      "\t.maxnreg 32;\n\t.weird .b32 _, 1.5, 0f3F800000, a.b;\n\t.pragma x + 1;\n\t.pragma;\n"
      "\t.pragma \"a\\\"b\";\n\t.pragma \"unterminated;\n\t.pragma .reg;\n\t.pragma \"a\" { ;\n"
      "\tret;\n",
      // The recognizers read the lexer's tokens: comments and line breaks
      // between any two tokens, tokens glued together, '::' after a label,
      // attributes written without a space.
      "\tadd.s32 %r1, /*a*/ %r2, - /*b*/ 4;\n\t@/*g*/%p1 bra /*t*/ $L__BB0_2;\n"
      "\tld.global.u32 %r1, [ /*c*/ %rd1 + /*d*/ 16 ];\n\tmov.b32 %r1,%r2;mov.b32 %r3,%r4;\n"
      "L4 /*c*/ :\n\tret;\nL5::\n\tret;\nL6: :\n\tret;\n\t.reg .v4.b32 %q<2>;\n"
      "\t.reg /*c*/ .b32 %s;\n\t.reg .b32 %t<4>/*c*/,%u;\n\t.loc\n1 2 3\n"
      "\t.loc 1 2 3, inlined_at 1 2 3.5\n\t.loc 1 2 3, function_name f /*c*/ + 1\n"
      "\tmov.b32 %r1, 4$x;\n\tmov.b32 %r1, 0f3F800000x;\n\tmov.b32 %r1, %r2.;\n"
      "\t.pragma \"a\" /*c*/ ;\n\tret;\n",
      // An unterminated block comment right after a statement.
      "\t.loc 1 2 3 /* open\n",
      "\tadd.s32 %r1, %r2, 4; /* open\n",
      "\t.reg .b32 %v<4> /* open\n",
      "$L__open: /* open\n",
      // PlainInstruction (FastStatement.cpp) reads bytes, not tokens: each
      // spelling where the lexer would end a token elsewhere, or where the
      // token parser declines, must come out as ANTLR's parse.
      "\tmov.b32 %r1, 00x1;\n\tmov.b32 %r1, 09;\n\tmov.b32 %r1, 1e5;\n\tmov.b32 %r1, 123abc;\n"
      "\tmov.b32 %r1, 0x;\n\tmov.b32 %r1, 0xFFFFFFFFU;\n\tmov.b32 %r1, 0X1f;\n"
      "\tmov.b32 %r1, 0x1G;\n\tmov.f64 %rd1, -0d3FF0000000000000;\n"
      "\tmov.f64 %rd1, 0D3FF00000000000000;\n\tmov.f32 %f1, 0F3f800000;\n"
      "\tld.u32 %r1, [%rd1 + 4 ];\n\tld.u32 %r1, [ -4 ];\n\tld.u32 %r1, [%rd1+0x10];\n"
      "\tld.u32 %r1, [%rd1+0f10];\n\tld.u32 %r1, [4+8];\n\tld.u32 %r1, [%rd1-8];\n"
      "\tld.u32 %r1, [%rd1+99999999999999999999];\n\tld.u32 %r1, [%rd1+4U];\n"
      "\tst.v2.u32 [%rd1], {%r1,_};\n\tst.v2.u32 [%rd1], {};\n"
      "\tst.v4.u32 [%rd1], { %r1 , -1 , 0f3F800000, 0x7 };\n\tst.v2.u32 [%rd1], {{%r1}};\n"
      "\tst.v2.u32 [%rd1], {%r1, [%rd1]};\n\tst.v2.u32 [%rd1], {!%p1, %r1};\n"
      "\tselp.b32 %r1, %r2, %r3, !%p1;\n\tselp.b32 %r1, %r2, %r3, ! %p1;\n\t@!=%p1 ret;\n"
      "\t@%p1\tret;\n\t@%p1;\n\t@%p1 %r1;\n\t@@%p1 ret;\n\tbra$L;\n\tadd.s32 %r1, %r2, 4\n;\n"
      "\tmov.b32 %r1, %r2\t,\t%r3;\n\tadd.s32 %r1, %r2, %r3.x;\n\tadd.s32 %r1, %r2, %r3::x;\n"
      "\tmov.b32 %r1, 4-2;\n\tmov.b32 %r1, -%r2;\n\tmov.b32 %r1, %;\n\tmov.b32 %r1, $;\n"
      "\tmov.b32 %r1, 4,;\n\tmov.b32 %r1, 4 5;\n\tmov.b32 %r1, 0f3F800000\f;\n"
      "\tret;;\n\tRET.x;\n\ta;\n\tmov.b32 %r1,\n4;\n\tmov.b32 %r1, 4//c\n;\n"
      "\tcall.uni (%r1), f, (%r2, -1, 0f3F800000, 0x10);\n\tcall f, ( );\n\tcall f, (1)x;\n"
      "\tcall f, (%r1 ,);\n\tcall f, (1, (2));\n\tcall f, {1)};\n\tmov.b32 %r1, 4);\n\tret;\n",
      // Scopes and errors inside a body.
      "\t{\n\t.reg .b32 t;\n\tmov.b32 t, 1;\n\t}\n\tadd.s32 %r1, %r2 %r3;\n\tmov.u32 %r1, ;\n"
      "\tret\n\tret;\n",
  };
  for (const char *Body : Bodies) {
    SourceFile F("edge.ptx", std::string(Header) + Body + "}\n");
    expectSame(F);
  }
}

TEST(FastStatementTest, ModuleScopeDirectivesParseAsAntlrDoes) {
  const char *Texts[] = {
      ".version 8.0\n.target sm_90\n.address_size 64\n.pragma \"nounroll\";\n"
      ".pragma \"a\", \"b\";\n.weird 1, x;\n.entry k()\n{\nret;\n}\n.pragma \"c\";\n",
      ".version 8.0\n.target sm_90\n.pragma \"a\"\n.entry k()\n{\nret;\n}\n",
      ".version 8.0\n.target sm_90\n.pragma \"a\" {\n.pragma;\n",
      // Section lines on tokens: comments between them, glued tokens, an
      // unterminated comment.
      ".version 8.0\n.target sm_90\n.section .debug_info\n{\n.b8 1 /*c*/ , 2\n.b32 a+1\n"
      ".b64 x-y\nL1 /*c*/ :\n.b8 1$x\n.b8 .x.y\n.b8 0b1\n.b8 -1,-2\nL2::\n.b32 1 /* open\n}\n",
      // Data lines read byte by byte (plainDataLine), and their near misses.
      ".version 8.0\n.target sm_90\n.section .debug_info\n{\n.b8 1,2,3\n.b8\t-1, 2 ,\n 3\n"
      ".b16 012, 0\n.b32 1\n.b8 1\n,2\n.b8 - 1\n.b8 1 , -2\n.b64 18446744073709551615\n.b8 1U\n"
      ".b8 1.5\n.b8 0x\n.b8 1//c\n.b8 2 %r\n.b80 1\n.b8 1 2\n.b8 1,\n.b8 3e\n.b8 4\f.b8 5\n"
      ".b8 6 $x:\n.b8 0a\n.b16 7\r\n}\n",
      ".version 8.0\n.target sm_90\n.section .debug_info\n{\n.b8 1, 2",
      ".version 8.0\n.target sm_90\n.section .debug_str\n{\nL3:\n.b8 65,0\n.b8 0x1U, 07\n}\n"
      ".visible /*c*/ .entry k ( .param .u64 p /*c*/ ) .maxntid 32 /*c*/ , 1 , 1\n{\nret;\n}\n",
  };
  for (const char *T : Texts) {
    SourceFile F("module.ptx", T);
    expectSame(F);
  }
}

/// Every .ptx file under Dir; returns how many.
unsigned expectSameUnder(const std::string &Dir) {
  std::error_code EC;
  unsigned Files = 0;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), E; It != E && !EC;
       It.increment(EC)) {
    if (llvm::sys::path::extension(It->path()) != ".ptx")
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    if (!Buf) {
      ADD_FAILURE() << "cannot read " << It->path();
      continue;
    }
    SourceFile F(It->path(), (*Buf)->getBuffer().str());
    expectSame(F);
    ++Files;
  }
  return Files;
}

TEST(FastStatementTest, ResumesAfterLookaheadReachedTheEnd) {
  // Found by mutants: an error inside an initializer makes recovery read to
  // the end of the file, so ANTLR's lexer has seen EOF; once enough tokens
  // were consumed to be discarded, the driver goes on at a later byte, where
  // the lexer must not keep answering EOF (Lexer::hitEOF).
  std::string Text;
  for (int I = 0; I < 2500; ++I)
    Text += ".b8 1\n";
  Text += ".b64 $L__ = { = {tmp186\n\t}\n\t.section\t.debug_macinfo\n";
  SourceFile F("eof.ptx", Text);
  expectSame(F);
}

TEST(FastStatementTest, CorpusParsesAsAntlrDoes) {
  std::string Dir = PTXLINT_CORPUS_DIR;
  if (Dir.empty() || !llvm::sys::fs::is_directory(Dir))
    GTEST_SKIP() << "no corpus directory";
  EXPECT_GT(expectSameUnder(Dir), 10u);
}

TEST(FastStatementTest, SplicedCorpusParsesAsAntlrDoes) {
  // Structural damage: pieces of PTX syntax inserted, spans copied from
  // elsewhere in the file (a .loc or a .reg line landing in a section ...),
  // cuts and truncations, 300 deterministic mutants of small corpus files.
  std::string Dir = PTXLINT_CORPUS_DIR;
  if (Dir.empty() || !llvm::sys::fs::is_directory(Dir))
    GTEST_SKIP() << "no corpus directory";
  std::vector<std::string> Texts;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), E; It != E && !EC;
       It.increment(EC)) {
    uint64_t Size = 0;
    if (llvm::sys::path::extension(It->path()) != ".ptx" ||
        llvm::sys::fs::file_size(It->path(), Size) || Size > 120000)
      continue;
    if (auto Buf = llvm::MemoryBuffer::getFile(It->path()))
      Texts.push_back((*Buf)->getBuffer().str());
  }
  ASSERT_FALSE(Texts.empty());
  std::sort(Texts.begin(), Texts.end());
  const char *Pieces[] = {"{",
                          "}",
                          ";",
                          ",",
                          "=",
                          "{1,2,3}",
                          ".section .debug_info {",
                          ".b8 1,2",
                          "\n",
                          "/*",
                          "*/",
                          "//",
                          ".loc 1 2 3",
                          ", inlined_at 1 2 3",
                          "$L:",
                          ".reg .b32 %r<4>;",
                          "0f3F800000",
                          "-",
                          "@%p1 ",
                          "[%r1+4]",
                          "(",
                          ")",
                          ".entry k(",
                          ".param .b32 p",
                          ".maxntid 1, 2",
                          "ret;",
                          ".global",
                          ".loc",
                          "0x",
                          "\t"};
  uint32_t Seed = 777;
  auto Next = [&] {
    Seed = Seed * 1103515245u + 12345u;
    return (Seed >> 8) & 0xFFFFFF;
  };
  for (int K = 0; K < 300; ++K) {
    std::string M = Texts[K % Texts.size()];
    for (unsigned Ops = 1 + Next() % 4; Ops; --Ops) {
      if (M.empty())
        break;
      size_t At = Next() % M.size();
      switch (Next() % 4) {
      case 0:
        M.insert(At, Pieces[Next() % (sizeof(Pieces) / sizeof(Pieces[0]))]);
        break;
      case 1: {
        size_t From = Next() % M.size();
        M.insert(At, M.substr(From, 1 + Next() % 400));
        break;
      }
      case 2:
        M.erase(At, 1 + Next() % 64);
        break;
      default:
        if (Next() % 4 == 0)
          M.resize(At);
        break;
      }
    }
    SourceFile F("splice" + std::to_string(K) + ".ptx", M);
    expectSame(F);
    if (::testing::Test::HasFailure())
      return;
  }
}

TEST(FastStatementTest, TestInputsParseAsAntlrDoes) {
  // The lit tests' inputs (Triton-style code, syntax errors, sections ...)
  // and the examples.
  EXPECT_GT(expectSameUnder(std::string(PTXLINT_SOURCE_DIR) + "/test"), 20u);
  EXPECT_GT(expectSameUnder(std::string(PTXLINT_SOURCE_DIR) + "/examples"), 0u);
  // More PTX to compare on, without adding it to the repository:
  // PTXLINT_FAST_EXTRA_DIR=/path/to/ptx ptxlint-unittests --gtest_filter=FastStatement*
  if (const char *Extra = std::getenv("PTXLINT_FAST_EXTRA_DIR"))
    if (*Extra)
      EXPECT_GT(expectSameUnder(Extra), 0u) << Extra;
}

/// Single-byte mutations of Base[From, From + Len): whatever the damage,
/// both paths must build the same AST and report the same errors.
void expectSameForMutants(const std::string &Base, size_t From, size_t Len, int Count) {
  const char Alphabet[] = " ,;{}[]+-.:/*0fx%@!\n_$()|\"9aU\t";
  uint32_t Seed = 12345;
  auto Next = [&] {
    Seed = Seed * 1103515245u + 12345u;
    return (Seed >> 8) & 0xFFFFFF;
  };
  for (int K = 0; K < Count; ++K) {
    std::string M = Base;
    size_t At = From + Next() % Len;
    switch (Next() % 3) {
    case 0:
      M[At] = Alphabet[Next() % (sizeof(Alphabet) - 1)];
      break;
    case 1:
      M.insert(At, 1, Alphabet[Next() % (sizeof(Alphabet) - 1)]);
      break;
    default:
      M.erase(At, 1);
      break;
    }
    SourceFile F("mutant" + std::to_string(K) + ".ptx", M);
    expectSame(F);
    if (::testing::Test::HasFailure())
      return; // one mutant is enough to debug
  }
}

TEST(FastStatementTest, MutantsParseAsAntlrDoes) {
  // A body full of the shapes the fast path takes (and of ones it must refuse).
  std::string Body =
      "\t@%p1 bra $L__BB0_2;\n\tadd.s32 %r1, %r2, -4;\n\tmov.f32 %f1, 0f3F800000;\n"
      "\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];\n\tst.shared.u32 [%r2+-4], %r1;\n"
      "$L__BB0_1:\n\t.loc 1 23 4, function_name $L__info_string0, inlined_at 1 2 3\n"
      "\t{ .reg .pred P1; @!P1 bra $L__BB0_1; }\n\tmov.u32 %r1, %tid.x; // c\n"
      "\t.reg .v2 .b32 %q<3>, t;\n\t.param .align 8 .b8 pa[16];\n\tcall.uni (rv), f, (pa, %r1);\n"
      "\tmma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, "
      "{%f5,%f6,%f7,%f8};\n\tret;\n";
  std::string Base = std::string(Header) + Body + "}\n";
  expectSameForMutants(Base, std::strlen(Header), Body.size(), 6000);
}

TEST(FastStatementTest, HeaderMutantsParseAsAntlrDoes) {
  std::string Headers =
      ".visible .func  (.param .align 4 .b8 func_retval0[4]) f(\n\t.param .b64 f_param_0,\n"
      "\t.param .u32 f_param_1[]\n)\n{\n\tret;\n}\n"
      ".extern .func (.param .b32 r) vprintf(.param .b64 a, .param .b64 b);\n"
      ".weak .entry e(.param .u64 .ptr .global .align 8 p) .maxntid 128, 1, 1 .minnctapersm 2\n"
      "{\n\tret;\n}\n.entry g() .noreturn .explicitcluster { ret; }\n"
      ".func h /* c */ ( .reg .b32 x ) ;\n.entry i(.param .u8 q[2][3]) .reqntid 0x10 { ret; }\n";
  std::string Base = ".version 8.5\n.target sm_90a\n.address_size 64\n" + Headers;
  SourceFile F("headers.ptx", Base);
  expectSame(F);
  expectSameForMutants(Base, Base.size() - Headers.size(), Headers.size(), 6000);
}

TEST(FastStatementTest, SectionMutantsParseAsAntlrDoes) {
  // Keywords are tokens of their own, not DOTNAMEs: `.loc`, `.global` in a
  // section are errors for the grammar, and so must they be for the fast path.
  SourceFile Keywords("kw.ptx",
                      std::string(Header) +
                          "\tret;\n}\n\t.section .debug_info\n\t{\n"
                          ".b8 1\n.loc 1 42 0\n.b32 .global\n.reg .b32 x;\n.b64 .debug_loc\n"
                          ".version 7.0\n.b8 2\n\t}\n");
  expectSame(Keywords);
  std::string Section = "\t.section\t.debug_info\n\t{\n.b32 24\n.b8 2, 0, 0x1f\n"
                        ".b32 .debug_abbrev\n.b64 $L__func_begin0\n$L__info_string0:\n"
                        ".b8 95,90,57 // c\n.b32 $L__end-$L__begin\n.b32 .debug_loc+16\n"
                        ".b8 1;\n.b16 7U\n.b8 1\n, 2\n\t}\n";
  std::string Base = std::string(Header) + "\tret;\n}\n" + Section;
  size_t From = Base.size() - Section.size();
  expectSameForMutants(Base, From, Section.size(), 6000);
}

} // namespace
