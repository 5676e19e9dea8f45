//===- ReferenceTest.cpp - the exec checks' CPU reference numerics -------===//
//
// Known answers for every element encoding (9.7.14.2, 9.7.14.3) and for the
// reference multiply-accumulate: exact integer results with and without
// .satfinite, .b1 popc, sparse expansion, block scaling, and the tolerance
// rules of docs/exec.md (accepts a result one rounding away, rejects one
// clearly off, honours .rm/.rp directions).
//
//===----------------------------------------------------------------------===//
#include "Exec/ExecForm.h"
#include "Exec/Harness.h"
#include "Exec/Numerics.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace ptxlint;
using namespace ptxlint::exec;
using spec::ElemKind;

namespace {

TEST(ReferenceTest, DecodesF16AndBF16) {
  EXPECT_EQ(decodeElem(ElemKind::F16, 0x3C00), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::F16, 0xC000), -2.0);
  EXPECT_EQ(decodeElem(ElemKind::F16, 0x7BFF), 65504.0);
  EXPECT_EQ(decodeElem(ElemKind::F16, 0x0001), std::ldexp(1.0, -24)); // smallest subnormal
  EXPECT_TRUE(std::isinf(decodeElem(ElemKind::F16, 0x7C00)));
  EXPECT_TRUE(std::isnan(decodeElem(ElemKind::F16, 0x7E00)));
  EXPECT_EQ(decodeElem(ElemKind::BF16, 0x3F80), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::BF16, 0x4049), 3.140625);
  EXPECT_EQ(decodeElem(ElemKind::BF16, 0xC2F7), -123.5);
}

TEST(ReferenceTest, TF32IgnoresTheLow13Bits) {
  EXPECT_EQ(decodeElem(ElemKind::TF32, 0x3F800000), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::TF32, 0x3F801FFF), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::TF32, 0x3F802000), 1.0 + std::ldexp(1.0, -10));
}

TEST(ReferenceTest, DecodesFp8) {
  // e4m3: bias 7, max 448 (S.1111.110), S.1111.111 NaN, no infinity.
  EXPECT_EQ(decodeElem(ElemKind::E4M3, 0x38), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::E4M3, 0x7E), 448.0);
  EXPECT_EQ(decodeElem(ElemKind::E4M3, 0xFE), -448.0);
  EXPECT_TRUE(std::isnan(decodeElem(ElemKind::E4M3, 0x7F)));
  EXPECT_EQ(decodeElem(ElemKind::E4M3, 0x78), 256.0); // exponent 15 is a number
  EXPECT_EQ(decodeElem(ElemKind::E4M3, 0x01), std::ldexp(1.0, -9));
  // e5m2: bias 15, IEEE infinities.
  EXPECT_EQ(decodeElem(ElemKind::E5M2, 0x3C), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::E5M2, 0x7B), 57344.0);
  EXPECT_TRUE(std::isinf(decodeElem(ElemKind::E5M2, 0x7C)));
  EXPECT_TRUE(std::isnan(decodeElem(ElemKind::E5M2, 0x7D)));
}

TEST(ReferenceTest, DecodesFp6Fp4AndScales) {
  // e3m2: bias 3, max 28; e2m3: bias 1, max 7.5; e2m1: bias 1, max 6.
  EXPECT_EQ(decodeElem(ElemKind::E3M2, 0x0C), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::E3M2, 0x1F), 28.0);
  EXPECT_EQ(decodeElem(ElemKind::E3M2, 0x3F), -28.0);
  EXPECT_EQ(decodeElem(ElemKind::E2M3, 0x08), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::E2M3, 0x1F), 7.5);
  EXPECT_EQ(decodeElem(ElemKind::E2M3, 0x01), 0.125);
  const double E2M1[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (unsigned I = 0; I < 8; ++I) {
    EXPECT_EQ(decodeElem(ElemKind::E2M1, I), E2M1[I]);
    EXPECT_EQ(decodeElem(ElemKind::E2M1, I | 8), -E2M1[I]);
  }
  EXPECT_EQ(decodeElem(ElemKind::UE8M0, 127), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::UE8M0, 0), std::ldexp(1.0, -127));
  EXPECT_EQ(decodeElem(ElemKind::UE8M0, 254), std::ldexp(1.0, 127));
  EXPECT_TRUE(std::isnan(decodeElem(ElemKind::UE8M0, 255)));
  EXPECT_EQ(decodeElem(ElemKind::UE4M3, 0x38), 1.0);
  EXPECT_EQ(decodeElem(ElemKind::UE4M3, 0x7E), 448.0);
  EXPECT_TRUE(std::isnan(decodeElem(ElemKind::UE4M3, 0x7F)));
}

TEST(ReferenceTest, DecodesIntegers) {
  EXPECT_EQ(decodeElem(ElemKind::S8, 0xFF), -1.0);
  EXPECT_EQ(decodeElem(ElemKind::U8, 0xFF), 255.0);
  EXPECT_EQ(decodeElem(ElemKind::S4, 0x8), -8.0);
  EXPECT_EQ(decodeElem(ElemKind::U4, 0x8), 8.0);
  EXPECT_EQ(decodeElem(ElemKind::S32, 0x80000000u), -2147483648.0);
}

TEST(ReferenceTest, EncodesF16RoundToNearestEven) {
  EXPECT_EQ(encodeF16(1.0), 0x3C00);
  EXPECT_EQ(encodeF16(65504.0), 0x7BFF);
  EXPECT_EQ(encodeF16(65520.0), 0x7C00);                        // rounds up to infinity
  EXPECT_EQ(encodeF16(1.0 + std::ldexp(1.0, -11)), 0x3C00);     // tie, to even
  EXPECT_EQ(encodeF16(1.0 + 3 * std::ldexp(1.0, -11)), 0x3C02); // tie, to even (up)
  EXPECT_EQ(encodeF16(std::ldexp(1.0, -24)), 0x0001);
  EXPECT_EQ(encodeF16(-0.0), 0x8000);
  EXPECT_EQ(encodeBF16(3.140625), 0x4049);
  for (uint32_t H = 0; H < 0x7C00; H += 7)
    EXPECT_EQ(encodeF16(decodeF16(uint16_t(H))), H);
}

MatmulProblem intProblem(ElemKind T, unsigned M, unsigned N, unsigned K) {
  MatmulProblem P;
  P.M = M, P.N = N, P.K = K;
  P.AType = T, P.CType = P.DType = ElemKind::S32;
  P.IA.assign(M * K, 0), P.IB.assign(K * N, 0), P.IC.assign(M * N, 0);
  return P;
}

TEST(ReferenceTest, IntegerWrapsOrSaturates) {
  MatmulProblem P = intProblem(ElemKind::S8, 1, 1, 2);
  P.IA = {127, -128};
  P.IB = {127, -128};
  P.IC = {INT32_MAX - 10};
  // C + 127*127 + 128*128 = INT32_MAX - 10 + 32513: overflows.
  RefValue R = referenceElem(P, 0, 0);
  ASSERT_TRUE(R.IsInt);
  EXPECT_EQ(R.IValue, int64_t(INT32_MIN) + 32513 - 11);
  P.Satfinite = true;
  EXPECT_EQ(referenceElem(P, 0, 0).IValue, INT32_MAX);
  P.IC = {INT32_MIN + 5};
  P.IB = {-127, 127};
  EXPECT_EQ(referenceElem(P, 0, 0).IValue, INT32_MIN);
  EXPECT_FALSE(acceptable(referenceElem(P, 0, 0), 0, int64_t(INT32_MIN) + 1));
  EXPECT_TRUE(acceptable(referenceElem(P, 0, 0), 0, INT32_MIN));
}

TEST(ReferenceTest, SingleBitXorAndPopc) {
  MatmulProblem P = intProblem(ElemKind::B1, 1, 1, 8);
  P.IA = {1, 0, 1, 1, 0, 0, 1, 0};
  P.IB = {1, 1, 0, 1, 0, 1, 1, 1};
  P.IC = {100};
  P.Op = MatmulProblem::BitOp::Xor; // differs at 1, 2, 5, 7
  EXPECT_EQ(referenceElem(P, 0, 0).IValue, 104);
  P.Op = MatmulProblem::BitOp::And; // both set at 0, 3, 6
  EXPECT_EQ(referenceElem(P, 0, 0).IValue, 103);
}

TEST(ReferenceTest, FloatToleranceFollowsTheSpec) {
  MatmulProblem P;
  P.M = P.N = 1, P.K = 4;
  P.AType = ElemKind::F16, P.CType = P.DType = ElemKind::F32;
  P.A = {1.5, -2.0, 0.25, 3.0};
  P.B = {2.0, 0.5, 4.0, -1.0};
  P.C = {10.0};
  RefValue R = referenceElem(P, 0, 0);
  EXPECT_EQ(R.Value, 10.0 + 3.0 - 1.0 + 1.0 - 3.0);
  // (K + 2) * 2^-23 * (|c| + sum |a_k b_k|) = 6 * 2^-23 * 18.
  EXPECT_NEAR(R.Tolerance, 6 * std::ldexp(1.0, -23) * 18, 1e-12);
  EXPECT_TRUE(acceptable(R, 10.0 + std::ldexp(1.0, -20), 0));
  EXPECT_FALSE(acceptable(R, 10.0 + std::ldexp(1.0, -12), 0));
  EXPECT_FALSE(acceptable(R, std::numeric_limits<double>::quiet_NaN(), 0));
  // .f16 C and D: half-precision accumulation (2^-10 per operation).
  P.CType = P.DType = ElemKind::F16;
  R = referenceElem(P, 0, 0);
  EXPECT_TRUE(acceptable(R, 10.0 + 0.0078125, 0)); // one f16 ulp at 10
  EXPECT_FALSE(acceptable(R, 10.5, 0));
}

TEST(ReferenceTest, F64DirectedRounding) {
  MatmulProblem P;
  P.M = P.N = 1, P.K = 1;
  P.AType = P.CType = P.DType = ElemKind::F64;
  P.A = {1.0 + std::ldexp(1.0, -52)};
  P.B = {1.0 + std::ldexp(1.0, -52)};
  P.C = {0.0};
  // Exact: 1 + 2^-51 + 2^-104, between two doubles.
  P.Rnd = Rounding::RM;
  RefValue R = referenceElem(P, 0, 0);
  EXPECT_TRUE(acceptable(R, 1.0 + std::ldexp(1.0, -51), 0));
  EXPECT_FALSE(acceptable(R, 1.0 + std::ldexp(1.0, -51) + std::ldexp(1.0, -52), 0));
  P.Rnd = Rounding::RP;
  R = referenceElem(P, 0, 0);
  EXPECT_FALSE(acceptable(R, 1.0 + std::ldexp(1.0, -51), 0));
  EXPECT_TRUE(acceptable(R, 1.0 + std::ldexp(1.0, -51) + std::ldexp(1.0, -52), 0));
}

TEST(ReferenceTest, BlockScaling) {
  MatmulProblem P;
  P.M = 1, P.N = 1, P.K = 4;
  P.AType = ElemKind::E2M1, P.CType = P.DType = ElemKind::F32;
  P.A = {1, 1, 1, 1};
  P.B = {1, 1, 1, 1};
  P.C = {0};
  // scale_vec::2X: A's row in two chunks (scales 2 and 4), B's column in two
  // (scales 0.5 and 1): 2*0.5*2 + 4*1*2 = 10.
  applyBlockScale(P, {2.0, 4.0}, 2, {0.5, 1.0}, 2);
  EXPECT_EQ(referenceElem(P, 0, 0).Value, 10.0);
}

TEST(ReferenceTest, RandomInputsAreNormalAndInRange) {
  for (ElemKind T : {ElemKind::F16, ElemKind::BF16, ElemKind::TF32, ElemKind::F64, ElemKind::E4M3,
                     ElemKind::E5M2, ElemKind::E3M2, ElemKind::E2M3, ElemKind::E2M1,
                     ElemKind::UE8M0, ElemKind::UE4M3})
    for (uint64_t R = 1; R < 4000; R += 13) {
      uint64_t Bits = randomElem(T, R * 0x9E3779B97F4A7C15ull);
      EXPECT_TRUE(isNormalOrZero(T, Bits)) << spec::elemKindName(T) << " " << Bits;
      double V = std::fabs(decodeElem(T, Bits));
      EXPECT_LE(V, 32.0) << spec::elemKindName(T); // e3m2 reaches 28
    }
}

TEST(ReferenceTest, ParsesMatrixInstructionForms) {
  std::string Why;
  auto F = parseExecForm(
      "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.s8.s32", Why);
  ASSERT_TRUE(F) << Why;
  EXPECT_EQ(F->Kind, ExecKind::MmaSp);
  EXPECT_TRUE(F->Ordered);
  EXPECT_TRUE(F->Satfinite);
  EXPECT_EQ(F->K, 32u);
  EXPECT_EQ(F->A, ElemKind::U8);
  EXPECT_EQ(F->B, ElemKind::S8);
  F = parseExecForm(
      "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e2m1.e3m2.f32.ue8m0", Why);
  ASSERT_TRUE(F) << Why;
  EXPECT_TRUE(F->BlockScale);
  EXPECT_EQ(F->ScaleVec, 1u);
  EXPECT_EQ(F->Pack, spec::Packing::Container8);
  EXPECT_EQ(F->S, ElemKind::UE8M0);
  F = parseExecForm("wmma.mma.sync.aligned.col.row.m16n16k16.f32.f16", Why);
  ASSERT_TRUE(F) << Why;
  EXPECT_EQ(F->Kind, ExecKind::WmmaMma);
  EXPECT_FALSE(F->ARow);
  EXPECT_EQ(F->A, ElemKind::F16);
  EXPECT_EQ(F->C, ElemKind::F16);
  EXPECT_EQ(F->D, ElemKind::F32);
  EXPECT_FALSE(parseExecForm("add.f32", Why));
}

} // namespace
