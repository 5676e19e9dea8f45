//===- SpellingTest.cpp - spelling ids and the AST arena -------------------===//
//
// spellingId remembers opcode tokens by their text (Spelling.cpp): the same
// text split into other parts (an Instruction built by code) must not share
// the id of the parser's split. ASTContext::allocate serves small requests
// from a chunk inline, large ones from a block of their own.
//
//===----------------------------------------------------------------------===//

#include "Check/Spelling.h"
#include "ptxlint/AST.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace ptxlint;

namespace {

/// An instruction whose opcode and qualifiers view Text at the given cuts.
Instruction split(const std::string &Text, std::vector<size_t> Cuts) {
  static std::vector<std::vector<std::string_view>> Keep;
  Instruction I;
  Cuts.push_back(Text.size());
  I.Opcode = std::string_view(Text).substr(0, Cuts.front());
  std::vector<std::string_view> Quals;
  for (size_t K = 0; K + 1 < Cuts.size(); ++K)
    Quals.push_back(std::string_view(Text).substr(Cuts[K], Cuts[K + 1] - Cuts[K]));
  Keep.push_back(Quals);
  I.Qualifiers = {Keep.back().data(), Keep.back().size()};
  return I;
}

TEST(SpellingTest, SameTokenSameId) {
  std::string A = "ld.global.u32", B = "ld.global.u32";
  uint32_t Id = check::spellingId(split(A, {2, 9}));
  EXPECT_EQ(Id, check::spellingId(split(B, {2, 9})));
  EXPECT_EQ(Id, check::spellingId(split(A, {2, 9})));
  EXPECT_NE(Id, check::spellingId(split(std::string("ld.global.s32"), {2, 9})));
}

TEST(SpellingTest, OtherSplitOtherId) {
  std::string T = "st.shared.v2.f32";
  uint32_t Parser = check::spellingId(split(T, {2, 9, 12}));
  // The same bytes, cut elsewhere: another spelling, before and after the
  // parser's split was remembered.
  uint32_t Two = check::spellingId(split(T, {2, 12}));
  uint32_t DotOp = check::spellingId(split(T, {9, 12}));
  EXPECT_NE(Parser, Two);
  EXPECT_NE(Parser, DotOp);
  EXPECT_NE(Two, DotOp);
  EXPECT_EQ(Parser, check::spellingId(split(T, {2, 9, 12})));
  EXPECT_EQ(Two, check::spellingId(split(T, {2, 12})));
}

TEST(SpellingTest, ArenaAlignmentAndLargeBlocks) {
  ASTContext Ctx;
  for (int Round = 0; Round < 2; ++Round) {
    for (size_t Align : {1, 2, 4, 8, 16}) {
      for (size_t Size : {1, 3, 24, 1000, 5000, 70000}) {
        auto *P = static_cast<unsigned char *>(Ctx.allocate(Size, Align));
        ASSERT_NE(P, nullptr);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % Align, 0u);
        P[0] = 1;
        P[Size - 1] = 2; // (ASan: inside the block)
      }
    }
    Ctx.reset();
  }
}

} // namespace
