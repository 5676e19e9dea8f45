//===- Numerics.cpp - element encodings and the reference MMA -----------===//
//
// Encodings (9.7.14.2, 9.7.14.3): .f16/.bf16/.tf32 as IEEE-754 derived
// formats; .e4m3 (bias 7, no infinities, S.1111.111 is NaN); .e5m2 (bias 15,
// IEEE infinities and NaNs); .e3m2 (bias 3), .e2m3 (bias 1) and .e2m1
// (bias 1) with neither; .ue8m0 (2^(e-127), 0xFF NaN); .ue4m3 (unsigned
// e4m3, 0x7F NaN).
//
// The exact value of a dot product is accumulated in double-double (Dekker
// TwoSum / fma TwoProduct), which holds every product of two decoded inputs
// exactly and sums of up to 256 of them to ~2^-100 relative; the tolerance
// (docs/exec.md) is what the spec's precision statements allow on top.
//
//===----------------------------------------------------------------------===//
#include "Exec/Numerics.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace ptxlint {
namespace exec {

using spec::ElemKind;

namespace {

/// A minifloat: E exponent bits, Mt mantissa bits, exponent bias; IEEE
/// means the all-ones exponent is infinity/NaN; NanAllOnes means only the
/// all-ones pattern (exponent and mantissa) is NaN (e4m3, ue4m3).
struct MiniFloat {
  unsigned E, Mt;
  int Bias;
  bool Signed;
  bool IEEE;
  bool NanAllOnes;
};

double decodeMini(const MiniFloat &F, uint64_t Bits) {
  unsigned Exp = (Bits >> F.Mt) & ((1u << F.E) - 1);
  uint64_t Man = Bits & ((1ull << F.Mt) - 1);
  bool Neg = F.Signed && ((Bits >> (F.E + F.Mt)) & 1);
  double S = Neg ? -1.0 : 1.0;
  unsigned ExpMax = (1u << F.E) - 1;
  if (F.IEEE && Exp == ExpMax)
    return Man ? std::numeric_limits<double>::quiet_NaN()
               : S * std::numeric_limits<double>::infinity();
  if (F.NanAllOnes && Exp == ExpMax && Man == (1ull << F.Mt) - 1)
    return std::numeric_limits<double>::quiet_NaN();
  if (Exp == 0)
    return S * std::ldexp(double(Man), 1 - F.Bias - int(F.Mt));
  return S * std::ldexp(double(Man + (1ull << F.Mt)), int(Exp) - F.Bias - int(F.Mt));
}

bool miniNormalOrZero(const MiniFloat &F, uint64_t Bits) {
  unsigned Exp = (Bits >> F.Mt) & ((1u << F.E) - 1);
  uint64_t Man = Bits & ((1ull << F.Mt) - 1);
  unsigned ExpMax = (1u << F.E) - 1;
  if (F.IEEE && Exp == ExpMax)
    return false;
  if (F.NanAllOnes && Exp == ExpMax && Man == (1ull << F.Mt) - 1)
    return false;
  if (Exp == 0)
    return Man == 0;
  return true;
}

const MiniFloat F16Fmt{5, 10, 15, true, true, false};
const MiniFloat BF16Fmt{8, 7, 127, true, true, false};
const MiniFloat E4M3Fmt{4, 3, 7, true, false, true};
const MiniFloat E5M2Fmt{5, 2, 15, true, true, false};
const MiniFloat E3M2Fmt{3, 2, 3, true, false, false};
const MiniFloat E2M3Fmt{2, 3, 1, true, false, false};
const MiniFloat E2M1Fmt{2, 1, 1, true, false, false};
const MiniFloat UE4M3Fmt{4, 3, 7, false, false, true};

const MiniFloat *miniOf(ElemKind T) {
  switch (T) {
  case ElemKind::F16:
    return &F16Fmt;
  case ElemKind::BF16:
    return &BF16Fmt;
  case ElemKind::E4M3:
    return &E4M3Fmt;
  case ElemKind::E5M2:
    return &E5M2Fmt;
  case ElemKind::E3M2:
    return &E3M2Fmt;
  case ElemKind::E2M3:
    return &E2M3Fmt;
  case ElemKind::E2M1:
    return &E2M1Fmt;
  case ElemKind::UE4M3:
    return &UE4M3Fmt;
  default:
    return nullptr;
  }
}

float bitsToFloat(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

/// Double-double: Hi + Lo with |Lo| <= ulp(Hi)/2.
struct DD {
  double Hi = 0, Lo = 0;
};
void twoSum(double A, double B, double &S, double &E) {
  S = A + B;
  double Bb = S - A;
  E = (A - (S - Bb)) + (B - Bb);
}
DD addDD(DD X, double Y) {
  double S, E;
  twoSum(X.Hi, Y, S, E);
  E += X.Lo;
  DD R;
  twoSum(S, E, R.Hi, R.Lo);
  return R;
}
DD addProduct(DD X, double A, double B) {
  double P = A * B;
  double PE = std::fma(A, B, -P);
  X = addDD(X, P);
  return addDD(X, PE);
}

} // namespace

double decodeElem(ElemKind T, uint64_t Bits) {
  if (const MiniFloat *F = miniOf(T))
    return decodeMini(*F, Bits);
  switch (T) {
  case ElemKind::TF32:
    return bitsToFloat(uint32_t(Bits) & 0xFFFFE000u);
  case ElemKind::F32:
    return bitsToFloat(uint32_t(Bits));
  case ElemKind::F64: {
    double D;
    std::memcpy(&D, &Bits, 8);
    return D;
  }
  case ElemKind::UE8M0: {
    unsigned E = Bits & 0xFF;
    if (E == 0xFF)
      return std::numeric_limits<double>::quiet_NaN();
    return std::ldexp(1.0, int(E) - 127);
  }
  case ElemKind::S8:
    return double(int8_t(uint8_t(Bits)));
  case ElemKind::U8:
    return double(uint8_t(Bits));
  case ElemKind::S4: {
    int V = Bits & 0xF;
    return double(V >= 8 ? V - 16 : V);
  }
  case ElemKind::U4:
    return double(Bits & 0xF);
  case ElemKind::B1:
    return double(Bits & 1);
  case ElemKind::S32:
    return double(int32_t(uint32_t(Bits)));
  case ElemKind::B16:
    return double(Bits & 0xFFFF);
  case ElemKind::B8:
    return double(Bits & 0xFF);
  default:
    return std::numeric_limits<double>::quiet_NaN();
  }
}

bool isNormalOrZero(ElemKind T, uint64_t Bits) {
  if (const MiniFloat *F = miniOf(T))
    return miniNormalOrZero(*F, Bits);
  switch (T) {
  case ElemKind::TF32:
  case ElemKind::F32: {
    float F = bitsToFloat(uint32_t(Bits));
    return F == 0 || std::fpclassify(F) == FP_NORMAL;
  }
  case ElemKind::F64: {
    double D = decodeElem(T, Bits);
    return D == 0 || std::fpclassify(D) == FP_NORMAL;
  }
  case ElemKind::UE8M0:
    return (Bits & 0xFF) != 0xFF;
  default:
    return true;
  }
}

namespace {
/// Rounds V to a binary format with Mt explicit mantissa bits, exponent
/// bias Bias and E exponent bits (IEEE: all-ones exponent = inf/NaN),
/// round to nearest even.
uint32_t encodeIEEE(double V, unsigned E, unsigned Mt, int Bias) {
  uint32_t Sign = std::signbit(V) ? 1u : 0u;
  uint32_t SignBit = Sign << (E + Mt);
  uint32_t ExpMax = (1u << E) - 1;
  if (std::isnan(V))
    return SignBit | (ExpMax << Mt) | (1u << (Mt - 1));
  double A = std::fabs(V);
  if (std::isinf(A))
    return SignBit | (ExpMax << Mt);
  if (A == 0)
    return SignBit;
  int Ex;
  std::frexp(A, &Ex); // A = f * 2^Ex, f in [0.5, 1)
  int Unbiased = Ex - 1;
  int MinNormal = 1 - Bias;
  int Scale = (Unbiased < MinNormal ? MinNormal : Unbiased) - int(Mt);
  double Q = std::nearbyint(std::ldexp(A, -Scale)); // default FE_TONEAREST: ties to even
  uint64_t Qi = uint64_t(Q);
  // Q is the significand in units of 2^Scale.
  if (Qi >= (2ull << Mt)) { // rounding carried into a new binade
    Qi >>= 1;
    ++Scale;
  }
  int ExpField;
  if (Qi < (1ull << Mt))
    ExpField = 0; // subnormal
  else
    ExpField = Scale + int(Mt) + Bias;
  if (ExpField >= int(ExpMax))
    return SignBit | (ExpMax << Mt);
  uint32_t Man = uint32_t(Qi & ((1ull << Mt) - 1));
  return SignBit | (uint32_t(ExpField) << Mt) | Man;
}
} // namespace

uint16_t encodeF16(double V) { return uint16_t(encodeIEEE(V, 5, 10, 15)); }
uint16_t encodeBF16(double V) { return uint16_t(encodeIEEE(V, 8, 7, 127)); }
double decodeF16(uint16_t H) { return decodeMini(F16Fmt, H); }
double decodeBF16(uint16_t H) { return decodeMini(BF16Fmt, H); }

int64_t wrapS32(int64_t V) { return int64_t(int32_t(uint32_t(uint64_t(V)))); }
int64_t satS32(int64_t V) {
  if (V > std::numeric_limits<int32_t>::max())
    return std::numeric_limits<int32_t>::max();
  if (V < std::numeric_limits<int32_t>::min())
    return std::numeric_limits<int32_t>::min();
  return V;
}

RefValue referenceElem(const MatmulProblem &P, unsigned I, unsigned J) {
  RefValue R;
  const unsigned K = P.K;
  if (!spec::isFloatType(P.AType)) {
    R.IsInt = true;
    int64_t Acc = P.IC[I * P.N + J];
    for (unsigned L = 0; L < K; ++L) {
      int64_t A = P.IA[I * K + L], B = P.IB[L * P.N + J];
      if (P.Op == MatmulProblem::BitOp::Xor)
        Acc += (A ^ B) & 1;
      else if (P.Op == MatmulProblem::BitOp::And)
        Acc += (A & B) & 1;
      else
        Acc += A * B;
    }
    R.IValue = P.Satfinite ? satS32(Acc) : wrapS32(Acc);
    return R;
  }
  DD Acc;
  double C = P.C[I * P.N + J];
  double S = std::fabs(C);
  Acc = addDD(Acc, C);
  for (unsigned L = 0; L < K; ++L) {
    double A = P.A[I * K + L], B = P.B[L * P.N + J];
    Acc = addProduct(Acc, A, B);
    S += std::fabs(A * B);
  }
  R.Value = Acc.Hi;
  R.Lo = Acc.Lo;
  double Terms = double(K) + 2;
  if (P.AType == ElemKind::F64) {
    // Each multiply-add is an .f64 fused multiply-add rounded as .rnd says
    // (9.7.14.5.14); the order is not given, so every one of the K+1
    // roundings may cost one ulp (2^-52 relative) of a partial sum <= S.
    R.Tolerance = Terms * std::ldexp(1.0, -52) * S + std::ldexp(1.0, -1074);
    if (P.Rnd == Rounding::RM)
      R.Direction = -1;
    else if (P.Rnd == Rounding::RP)
      R.Direction = 1;
    return R;
  }
  bool HalfAcc = P.AType == ElemKind::F16 && P.CType == ElemKind::F16 && P.DType == ElemKind::F16;
  // "accumulation ... with at least single precision" (or half, for .f16
  // with .f16 C and D); rounding unspecified: one ulp per operation.
  double U = HalfAcc ? std::ldexp(1.0, -10) : std::ldexp(1.0, -23);
  R.Tolerance = Terms * U * S;
  if (P.DType == ElemKind::F16) {
    // The final .f16 result: one more f16 ulp, and f16 subnormal spacing.
    R.Tolerance += std::ldexp(1.0, -10) * std::fabs(R.Value) + std::ldexp(1.0, -24);
  } else {
    R.Tolerance += std::ldexp(1.0, -149);
  }
  return R;
}

bool acceptable(const RefValue &R, double Got, int64_t IGot) {
  if (R.IsInt)
    return IGot == R.IValue;
  if (std::isnan(Got))
    return std::isnan(R.Value);
  // Got - (Value + Lo): Got and Value are close, so Got - Value is exact.
  double Diff = (Got - R.Value) - R.Lo;
  if (R.Direction < 0 && Diff > 0)
    return false;
  if (R.Direction > 0 && Diff < 0)
    return false;
  return std::fabs(Diff) <= R.Tolerance;
}

void applyBlockScale(MatmulProblem &P, const std::vector<double> &ScaleA, unsigned SFAN,
                     const std::vector<double> &ScaleB, unsigned SFBM) {
  const unsigned ChunkA = P.K / SFAN, ChunkB = P.K / SFBM;
  for (unsigned I = 0; I < P.M; ++I)
    for (unsigned K = 0; K < P.K; ++K)
      P.A[I * P.K + K] *= ScaleA[I * SFAN + K / ChunkA];
  for (unsigned K = 0; K < P.K; ++K)
    for (unsigned J = 0; J < P.N; ++J)
      P.B[K * P.N + J] *= ScaleB[(K / ChunkB) * P.N + J];
}

} // namespace exec
} // namespace ptxlint
