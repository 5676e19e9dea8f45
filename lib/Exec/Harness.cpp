//===- Harness.cpp - harness dispatch and shared helpers --------------------===//
#include "Exec/Harness.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace ptxlint {
namespace exec {

using spec::ElemKind;

HarnessPlan buildHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed) {
  // Mix the form's text into the seed so each form gets its own inputs,
  // reproducibly (the same --seed gives the same data).
  uint64_t H = Seed * 0x100000001B3ull ^ 0xCBF29CE484222325ull;
  for (char C : F.text())
    H = (H ^ uint8_t(C)) * 0x100000001B3ull;
  switch (F.Kind) {
  case ExecKind::Mma:
  case ExecKind::MmaSp:
    return buildMmaHarness(F, T, V, H);
  case ExecKind::WmmaMma:
  case ExecKind::WmmaLoad:
  case ExecKind::WmmaStore:
    return buildWmmaHarness(F, T, V, H);
  case ExecKind::Ldmatrix:
  case ExecKind::Stmatrix:
  case ExecKind::Movmatrix:
    return buildMoveHarness(F, T, V, H);
  }
  HarnessPlan P;
  P.Error = "unknown instruction kind";
  return P;
}

uint64_t randomElem(ElemKind T, uint64_t R) {
  // Floats: sign, an exponent in [-3, 3] (normal in every type), a random
  // mantissa: exactly representable, no subnormals (their handling is
  // unspecified, 9.7.14.5.14), products and sums far from overflow.
  const int E = int(R % 7) - 3;
  const uint64_t S = (R >> 3) & 1, Man = R >> 4;
  switch (T) {
  case ElemKind::F16:
    return (S << 15) | (uint64_t(E + 15) << 10) | (Man & 0x3FF);
  case ElemKind::BF16:
    return (S << 15) | (uint64_t(E + 127) << 7) | (Man & 0x7F);
  case ElemKind::TF32:
    return (S << 31) | (uint64_t(E + 127) << 23) | ((Man & 0x3FF) << 13);
  case ElemKind::F32:
    return (S << 31) | (uint64_t(E + 127) << 23) | (Man & 0x7FFFFF);
  case ElemKind::F64:
    return (S << 63) | (uint64_t(E + 1023) << 52) | (Man & 0xFFFFFFFFFFFFFull);
  // 8-bit floats: the same [-3, 3] exponent window around the bias, so that
  // K products still fit an .f16 accumulator.
  case ElemKind::E4M3:
    return (S << 7) | (uint64_t(E + 7) << 3) | (Man & 7);
  case ElemKind::E5M2:
    return (S << 7) | (uint64_t(E + 15) << 2) | (Man & 3);
  case ElemKind::E3M2:
    return (S << 5) | ((1 + (R >> 8) % 7) << 2) | (Man & 3);
  case ElemKind::E2M3:
    return (S << 5) | ((1 + (R >> 8) % 3) << 3) | (Man & 7);
  case ElemKind::E2M1:
    return (S << 3) | ((1 + (R >> 8) % 3) << 1) | (Man & 1);
  case ElemKind::UE8M0:
    return 127 - 2 + (R >> 8) % 5;
  case ElemKind::UE4M3:
    return ((6 + (R >> 8) % 3) << 3) | (Man & 7);
  case ElemKind::S8:
  case ElemKind::U8:
  case ElemKind::B8:
    return R & 0xFF;
  case ElemKind::S4:
  case ElemKind::U4:
    return R & 0xF;
  case ElemKind::B1:
    return R & 1;
  case ElemKind::B16:
    return R & 0xFFFF;
  case ElemKind::S32: { // moderate values; the harness adds near-limit ones
    int64_t V = int64_t(R % (1u << 21)) - (1 << 20);
    return uint32_t(int32_t(V));
  }
  default:
    return 0;
  }
}

std::string formatValue(ElemKind T, double V, int64_t I, bool IsInt) {
  char Buf[64];
  if (IsInt)
    snprintf(Buf, sizeof Buf, "%lld", (long long)I);
  else
    snprintf(Buf, sizeof Buf, "%.17g", V);
  return Buf;
}

std::string formatExpected(ElemKind T, const RefValue &Ref) {
  std::string S = formatValue(T, Ref.Value + Ref.Lo, Ref.IValue, Ref.IsInt);
  if (!Ref.IsInt) {
    char Buf[64];
    snprintf(Buf, sizeof Buf, " (tolerance %.3g)", Ref.Tolerance);
    S += Buf;
  }
  return S;
}

void putWord(std::vector<uint8_t> &Buf, size_t Off, uint32_t W) { std::memcpy(&Buf[Off], &W, 4); }
uint32_t getWord(const std::vector<uint8_t> &Buf, size_t Off) {
  uint32_t W = 0;
  if (Off + 4 <= Buf.size())
    std::memcpy(&W, &Buf[Off], 4);
  return W;
}
void putDWord(std::vector<uint8_t> &Buf, size_t Off, uint64_t W) { std::memcpy(&Buf[Off], &W, 8); }
uint64_t getDWord(const std::vector<uint8_t> &Buf, size_t Off) {
  uint64_t W = 0;
  if (Off + 8 <= Buf.size())
    std::memcpy(&W, &Buf[Off], 8);
  return W;
}

} // namespace exec
} // namespace ptxlint
