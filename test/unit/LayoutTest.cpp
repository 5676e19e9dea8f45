//===- LayoutTest.cpp - fragment layouts (lib/Spec/Layouts.cpp) ----------===//
//
// Every layout must be a bijection between (lane, element) and the matrix
// elements: each element of each MMA computation held by exactly one lane
// and element index (A, B, C/D of every dense and sparse form). The register
// counts a layout implies must equal the operand counts of the spec tables
// (lib/Spec: Form::Operands), which are not copied here. Spot checks quote
// the spec's formulas and figures.
//
//===----------------------------------------------------------------------===//
#include "Exec/ExecForm.h"
#include "Spec/Layouts.h"
#include "Spec/Spec.h"

#include "gtest/gtest.h"

#include <set>
#include <tuple>

using namespace ptxlint;
using namespace ptxlint::spec;

namespace {

MmaLayoutKey key(unsigned M, unsigned N, unsigned K, ElemKind A, ElemKind C, bool Sparse = false,
                 Packing P = Packing::Dense) {
  MmaLayoutKey Key;
  Key.M = M, Key.N = N, Key.K = K, Key.AType = A, Key.CType = C, Key.Sparse = Sparse;
  Key.Pack = P;
  return Key;
}

/// Each (instance, row, col) exactly once.
void expectBijection(const FragmentLayout &L, const std::string &What) {
  std::set<std::tuple<unsigned, unsigned, unsigned>> Seen;
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    for (unsigned I = 0; I < L.numElems(); ++I) {
      ElemCoord C = L.coord(Lane, I);
      ASSERT_LT(C.Instance, L.Instances) << What;
      ASSERT_LT(C.Row, L.Rows) << What << " lane " << Lane << " elem " << I;
      ASSERT_LT(C.Col, L.Cols) << What << " lane " << Lane << " elem " << I;
      EXPECT_TRUE(Seen.insert({C.Instance, C.Row, C.Col}).second)
          << What << ": element held twice (lane " << Lane << ", elem " << I << ")";
    }
  EXPECT_EQ(Seen.size(), size_t(L.Instances) * L.Rows * L.Cols) << What;
}

TEST(LayoutTest, EveryMmaFormOfTheTablesHasABijectiveLayoutMatchingItsOperandCounts) {
  unsigned Checked = 0;
  for (Family Fam : {Family::Mma, Family::MmaSp})
    for (const Form &F : enumerateForms(Fam)) {
      std::string Why;
      std::optional<exec::ExecForm> EF = exec::parseExecForm(F.fullMnemonic(), Why);
      ASSERT_TRUE(EF) << F.fullMnemonic() << ": " << Why;
      MmaLayoutKey K;
      K.M = EF->M, K.N = EF->N, K.K = EF->K, K.AType = EF->A, K.CType = EF->C;
      K.Sparse = Fam == Family::MmaSp, K.Pack = EF->Pack;
      K.ARowMajor = EF->ARow, K.BRowMajor = EF->BRow;
      MmaLayoutKey KD = K;
      KD.CType = EF->D;
      auto LA = mmaLayout(K, Matrix::A), LB = mmaLayout(K, Matrix::B), LC = mmaLayout(K, Matrix::C),
           LD = mmaLayout(KD, Matrix::C);
      ASSERT_TRUE(LA && LB && LC && LD) << F.fullMnemonic();
      // The same section as the spec table names for the form's fragments.
      if (!F.FragmentSpec.empty())
        EXPECT_EQ(F.FragmentSpec, LA->Section) << F.fullMnemonic();
      expectBijection(*LA, F.fullMnemonic() + " A");
      expectBijection(*LB, F.fullMnemonic() + " B");
      expectBijection(*LC, F.fullMnemonic() + " C");
      expectBijection(*LD, F.fullMnemonic() + " D");
      // Register counts: derived here, stated once in the spec tables.
      if (const OperandSpec *O = F.operand("a"))
        EXPECT_EQ(O->Count, LA->NumRegs) << F.fullMnemonic();
      if (const OperandSpec *O = F.operand("b"))
        EXPECT_EQ(O->Count, LB->NumRegs) << F.fullMnemonic();
      if (const OperandSpec *O = F.operand("c"))
        EXPECT_EQ(O->Count, LC->NumRegs) << F.fullMnemonic();
      if (const OperandSpec *O = F.operand("d"))
        EXPECT_EQ(O->Count, LD->NumRegs) << F.fullMnemonic();
      if (K.Sparse) {
        auto SL = sparseLayout(K);
        ASSERT_TRUE(SL) << F.fullMnemonic();
        // Metadata: under every valid selector, each (row, chunk) of A is
        // described by exactly one nibble of one lane.
        unsigned Chunks = K.K / SL->ChunkWidth;
        for (unsigned Sel = 0; Sel <= SL->MaxSelector; ++Sel) {
          std::set<std::pair<unsigned, unsigned>> Seen;
          for (unsigned Lane = 0; Lane < 32; ++Lane)
            for (unsigned Nib = 0; Nib < 8; ++Nib) {
              unsigned Row, Chunk;
              if (!metadataChunk(*SL, Lane, Sel, Nib, Row, Chunk))
                continue;
              EXPECT_TRUE(Seen.insert({Row, Chunk}).second) << F.fullMnemonic();
            }
          EXPECT_EQ(Seen.size(), size_t(16) * Chunks) << F.fullMnemonic() << " sel " << Sel;
        }
      }
      ++Checked;
    }
  EXPECT_GT(Checked, 250u); // every mma and mma.sp form of the tables (286 today)
}

TEST(LayoutTest, M16N8K16F16MatchesSection9_7_14_5_8) {
  auto A = mmaLayout(key(16, 8, 16, ElemKind::F16, ElemKind::F32), Matrix::A);
  ASSERT_TRUE(A);
  EXPECT_STREQ(A->Section, "9.7.14.5.8");
  EXPECT_EQ(A->NumRegs, 4u);
  // lane 5: groupID 1, threadID_in_group 1. a5 (i = 5): row groupID (4 <= i
  // < 6), col 2*1 + 1 + 8 = 11.
  ElemCoord C = A->coord(5, 5);
  EXPECT_EQ(C.Row, 1u);
  EXPECT_EQ(C.Col, 11u);
  // a2: row groupID + 8, col 2.
  C = A->coord(5, 2);
  EXPECT_EQ(C.Row, 9u);
  EXPECT_EQ(C.Col, 2u);
  auto B = mmaLayout(key(16, 8, 16, ElemKind::F16, ElemKind::F32), Matrix::B);
  C = B->coord(5, 3); // b3: row 2*1 + 1 + 8 = 11, col groupID 1
  EXPECT_EQ(C.Row, 11u);
  EXPECT_EQ(C.Col, 1u);
}

TEST(LayoutTest, M8N8K4F16HasFourComputations) {
  MmaLayoutKey K = key(8, 8, 4, ElemKind::F16, ElemKind::F32);
  K.ARowMajor = false;
  auto A = mmaLayout(K, Matrix::A);
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Instances, 4u);
  // Lane 21: computation 2 (lanes 4-7 and 20-23), high group. Column-major
  // A: row = i % 4 + 4, col = %laneid % 4 = 1.
  ElemCoord C = A->coord(21, 2);
  EXPECT_EQ(C.Instance, 1u);
  EXPECT_EQ(C.Row, 6u);
  EXPECT_EQ(C.Col, 1u);
  // f32 C (Figures 51-52): lane 3, c5: X = (3 & 1) + (5 & 2) = 1; col =
  // (5 & 4) + (3 & 2) + (5 & 1) = 7.
  auto CL = mmaLayout(K, Matrix::C);
  C = CL->coord(3, 5);
  EXPECT_EQ(C.Row, 1u);
  EXPECT_EQ(C.Col, 7u);
  EXPECT_EQ(CL->NumRegs, 8u);
}

TEST(LayoutTest, F64M16N8K16OddElements) {
  // 9.7.14.5.8: a3 is row groupID + 8, col (3*2) - 2 + threadID_in_group.
  auto A = mmaLayout(key(16, 8, 16, ElemKind::F64, ElemKind::F64), Matrix::A);
  ASSERT_TRUE(A);
  ElemCoord C = A->coord(6, 3); // groupID 1, threadID_in_group 2
  EXPECT_EQ(C.Row, 9u);
  EXPECT_EQ(C.Col, 6u);
  EXPECT_EQ(A->NumRegs, 8u);
  EXPECT_EQ(A->RegBits, 64u);
}

TEST(LayoutTest, M16N8K256B1UsesThe32ColumnGroups) {
  auto A = mmaLayout(key(16, 8, 256, ElemKind::B1, ElemKind::S32), Matrix::A);
  ASSERT_TRUE(A);
  // a40 (32 <= i < 64): row groupID + 8, col threadID_in_group*32 + (40 & 31).
  ElemCoord C = A->coord(1, 40);
  EXPECT_EQ(C.Row, 8u);
  EXPECT_EQ(C.Col, 32u + 8u);
}

TEST(LayoutTest, SparseMetadataSpreading) {
  // .f16 m16n8k16, selector 2: thread 2 of each quad, nibble 5 = row
  // groupID + 8, chunk 1 (columns 4-7).
  auto SL = sparseLayout(key(16, 8, 16, ElemKind::F16, ElemKind::F32, true));
  ASSERT_TRUE(SL);
  unsigned Row, Chunk;
  EXPECT_FALSE(metadataChunk(*SL, 1, 2, 5, Row, Chunk));
  ASSERT_TRUE(metadataChunk(*SL, 6, 2, 5, Row, Chunk));
  EXPECT_EQ(Row, 9u);
  EXPECT_EQ(Chunk, 1u);
  // .s8 m16n8k64: all four threads, thread 3 = row groupID + 8, chunks 8-15.
  auto S8 = sparseLayout(key(16, 8, 64, ElemKind::S8, ElemKind::S32, true));
  ASSERT_TRUE(S8);
  EXPECT_TRUE(S8->OneRowPerThread);
  ASSERT_TRUE(metadataChunk(*S8, 3, 0, 2, Row, Chunk));
  EXPECT_EQ(Row, 8u);
  EXPECT_EQ(Chunk, 10u);
  // Dense columns: 0b1001 keeps elements 1 and 2 of a 4-wide chunk.
  EXPECT_EQ(sparseDenseCol(*SL, 6, 0x9), 13u); // chunk 3, first kept: 12 + 1
  EXPECT_EQ(sparseDenseCol(*SL, 7, 0x9), 14u);
  // .tf32 1:2: 0b1110 keeps the second element.
  auto TF = sparseLayout(key(16, 8, 8, ElemKind::TF32, ElemKind::F32, true));
  EXPECT_EQ(sparseDenseCol(*TF, 3, 0xE), 7u);
  EXPECT_EQ(sparseDenseCol(*TF, 3, 0x4), 6u);
  // 4-bit pair-wise 4:8: 0b1101 keeps pairs 1 and 3 (columns 2,3 and 6,7).
  auto U4 = sparseLayout(key(16, 8, 64, ElemKind::U4, ElemKind::S32, true));
  EXPECT_EQ(sparseDenseCol(*U4, 4 + 0, 0xD), 8u + 2u);
  EXPECT_EQ(sparseDenseCol(*U4, 4 + 3, 0xD), 8u + 7u);
}

TEST(LayoutTest, LdmatrixAndMovmatrix) {
  // 9.7.14.5.15 Figure 104: lane 9 holds row 2, columns 2 and 3.
  ElemCoord C = ldmatrixM8N8Coord(9, 1, 1, false);
  EXPECT_EQ(C.Instance, 1u);
  EXPECT_EQ(C.Row, 2u);
  EXPECT_EQ(C.Col, 3u);
  C = ldmatrixM8N8Coord(9, 0, 0, true); // .trans: the transpose
  EXPECT_EQ(C.Row, 2u);
  EXPECT_EQ(C.Col, 2u);
  C = ldmatrixM8N8Coord(13, 0, 1, true);
  EXPECT_EQ(C.Row, 3u);
  EXPECT_EQ(C.Col, 3u);
  // Every element of the four matrices exactly once.
  std::set<std::tuple<unsigned, unsigned, unsigned>> Seen;
  for (unsigned L = 0; L < 32; ++L)
    for (unsigned R = 0; R < 4; ++R)
      for (unsigned E = 0; E < 2; ++E) {
        C = ldmatrixM8N8Coord(L, R, E, true);
        EXPECT_TRUE(Seen.insert({C.Instance, C.Row, C.Col}).second);
      }
  EXPECT_EQ(Seen.size(), 4u * 64u);
}

TEST(LayoutTest, UnknownShapesHaveNoLayout) {
  EXPECT_FALSE(mmaLayout(key(16, 8, 12, ElemKind::F16, ElemKind::F32), Matrix::A));
  EXPECT_FALSE(mmaLayout(key(8, 8, 16, ElemKind::F16, ElemKind::F32), Matrix::A));
  EXPECT_FALSE(sparseLayout(key(16, 8, 16, ElemKind::F16, ElemKind::F32, false)));
}

} // namespace
