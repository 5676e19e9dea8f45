//===- ConstantExprTest.cpp - constant expressions of matrix operands -----===//
//
// evalConstantExpr (lib/Check/CheckUtil.h): ptxas folds `(1+1)`, `(8*2)`
// where a constant goes (issue 10); names, registers and floats are not
// constants of this kind.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckUtil.h"

#include <gtest/gtest.h>

using namespace ptxlint::check;

namespace {

int64_t eval(const char *S) {
  int64_t V = -12345;
  EXPECT_TRUE(evalConstantExpr(S, V)) << S;
  return V;
}

bool folds(const char *S) {
  int64_t V;
  return evalConstantExpr(S, V);
}

TEST(ConstantExprTest, Folds) {
  EXPECT_EQ(eval("1+1"), 2);
  EXPECT_EQ(eval("(8*2)"), 16);
  EXPECT_EQ(eval("2-1"), 1);
  EXPECT_EQ(eval("0x10+010"), 24);
  EXPECT_EQ(eval("1 << 4 | 1"), 17);
  EXPECT_EQ(eval("-(3)"), -3);
  EXPECT_EQ(eval("~0"), -1);
  EXPECT_EQ(eval("7/2"), 3);
  // '%' may start a register name (%3 is one): never folded here.
  EXPECT_FALSE(folds("7 % 3"));
  EXPECT_EQ(eval("10U"), 10);
  EXPECT_EQ(eval("0b101"), 5);
}

TEST(ConstantExprTest, RefusesWhatIsNoConstant) {
  EXPECT_FALSE(folds("%r1+1"));
  EXPECT_FALSE(folds("sym+4"));
  EXPECT_FALSE(folds("1.5"));
  EXPECT_FALSE(folds("0f3F800000"));
  EXPECT_FALSE(folds("1/0"));
  EXPECT_FALSE(folds("(1+"));
  EXPECT_FALSE(folds(""));
  // Deep nesting ends, it does not overflow the stack.
  std::string Deep(200, '(');
  EXPECT_FALSE(folds(Deep.c_str()));
}

} // namespace
