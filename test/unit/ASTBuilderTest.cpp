//===- ASTBuilderTest.cpp - the AST builder both parsers use --------------===//
//
// Literal decoding, address folding, opcode splitting and directives from
// tokens (lib/Parse/ASTBuilder.h): the converter and the fast path build
// their nodes through these, so they are tested once, here, and the
// equivalence tests (FastStatementTest) check that both parsers use them.
//
//===----------------------------------------------------------------------===//

#include "Parse/ASTBuilder.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace ptxlint;
using namespace ptxlint::parsedriver;

namespace {

TEST(ASTBuilderTest, DecodesIntegersAsTheLexerSpellsThem) {
  int64_t V = 0;
  EXPECT_TRUE(build::decodeInteger("42", V));
  EXPECT_EQ(V, 42);
  EXPECT_TRUE(build::decodeInteger("0x1F", V));
  EXPECT_EQ(V, 31);
  EXPECT_TRUE(build::decodeInteger("0X1fU", V));
  EXPECT_EQ(V, 31);
  EXPECT_TRUE(build::decodeInteger("0b101", V));
  EXPECT_EQ(V, 5);
  EXPECT_TRUE(build::decodeInteger("017", V)); // a leading 0: octal, as in C
  EXPECT_EQ(V, 15);
  EXPECT_TRUE(build::decodeInteger("0", V));
  EXPECT_EQ(V, 0);
  EXPECT_TRUE(build::decodeInteger("0xFFFFFFFFFFFFFFFF", V));
  EXPECT_EQ(V, -1);
  EXPECT_FALSE(build::decodeInteger("09", V));                  // not octal
  EXPECT_FALSE(build::decodeInteger("0x10000000000000000", V)); // 65 bits
}

TEST(ASTBuilderTest, DecodesFloatBits) {
  EXPECT_EQ(build::decodeFloat("0f3F800000"), 1.0);
  EXPECT_EQ(build::decodeFloat("0fBF800000"), -1.0);
  EXPECT_EQ(build::decodeFloat("0d3FF0000000000000"), 1.0);
  EXPECT_EQ(build::decodeFloat("1.5e1"), 15.0);
  Operand O = build::floatOperand("0f3F800000", true, {0, 12}, "- 0f3F800000");
  EXPECT_EQ(O.Kind, OperandKind::FloatImm);
  EXPECT_EQ(O.FloatValue, -1.0);
  EXPECT_EQ(O.Text, "- 0f3F800000");
}

TEST(ASTBuilderTest, NegatesWithoutOverflow) {
  Operand O = build::intOperand("0x8000000000000000", true, {0, 19}, "-0x8000000000000000");
  EXPECT_EQ(O.Kind, OperandKind::IntImm);
  EXPECT_EQ(O.IntValue, INT64_MIN);
  EXPECT_EQ(build::intOperand("4", true, {0, 2}, "-4").IntValue, -4);
}

TEST(ASTBuilderTest, FoldsAddresses) {
  ASTContext Ctx;
  Operand Name;
  Name.Kind = OperandKind::Name;
  Name.Text = "%rd1";
  Operand Off = build::intOperand("8", false, {5, 6}, "8");
  Operand A;
  ASSERT_TRUE(build::foldAddress(A, Name, Off, /*Minus=*/true, Ctx));
  EXPECT_EQ(A.Kind, OperandKind::Address);
  EXPECT_TRUE(A.HasOffset);
  EXPECT_EQ(A.IntValue, -8);
  ASSERT_EQ(A.Elements.size(), 1u);
  EXPECT_EQ(A.Elements[0].Text, "%rd1");
  // Only a name plus an integer folds; [4+%r1] stays an expression.
  Operand B;
  EXPECT_FALSE(build::foldAddress(B, Off, Name, false, Ctx));
  Operand C;
  build::addressOf(C, Off, Ctx); // [8]
  EXPECT_TRUE(C.HasOffset);
  EXPECT_EQ(C.IntValue, 8);
  EXPECT_TRUE(C.Elements.empty());
  Operand D;
  build::addressOf(D, Name, Ctx); // [%rd1]
  EXPECT_FALSE(D.HasOffset);
  ASSERT_EQ(D.Elements.size(), 1u);
}

TEST(ASTBuilderTest, SplitsOpcodesAndParts) {
  ASTContext Ctx;
  Instruction I;
  // "mma.sync.aligned /*c*/ .m16n8k16" at offset 10: the part after the
  // comment starts at 33.
  build::OpcodeSplitter S(I, "mma.sync.aligned", 10);
  S.addPart(".m16n8k16", 33);
  S.finish(Ctx);
  EXPECT_EQ(I.Opcode, "mma");
  ASSERT_EQ(I.Qualifiers.size(), 3u);
  EXPECT_EQ(I.Qualifiers[0], ".sync");
  EXPECT_EQ(I.Qualifiers[2], ".m16n8k16");
  EXPECT_EQ(I.QualifierRanges[0].Begin, 13u);
  EXPECT_EQ(I.QualifierRanges[1].End, 26u);
  EXPECT_EQ(I.QualifierRanges[2].Begin, 33u);
  Instruction J;
  build::OpcodeSplitter T(J, "ret", 0);
  T.finish(Ctx);
  EXPECT_EQ(J.Opcode, "ret");
  EXPECT_TRUE(J.Qualifiers.empty());
  EXPECT_TRUE(J.QualifierRanges.empty());
}

TEST(ASTBuilderTest, DirectivesFromTokens) {
  ASTContext Ctx;
  Directive D;
  llvm::StringRef Toks[] = {".pragma", "\"nounroll\"", ";"};
  build::directiveFromTokens(D, Toks, Ctx);
  EXPECT_EQ(D.Name, ".pragma");
  ASSERT_EQ(D.Args.size(), 1u);
  EXPECT_EQ(D.Args[0], "\"nounroll\"");
  EXPECT_TRUE(D.HasSemicolon);
  Directive E;
  llvm::StringRef Line[] = {".b8", "1", ",", "2"};
  build::directiveFromTokens(E, Line, Ctx);
  EXPECT_EQ(E.Args.size(), 3u);
  EXPECT_FALSE(E.HasSemicolon);
}

} // namespace
