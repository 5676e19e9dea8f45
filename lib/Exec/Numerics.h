//===- Numerics.h - CPU reference numerics for the exec checks --*- C++ -*-===//
//
// Decoders for every element encoding the matrix instructions use
// (9.7.14.2, 9.7.14.3), an f16/bf16 encoder (round to nearest even), and the
// reference multiply-accumulate with the error bound that the spec's
// precision statements (9.7.14.5.14 "Precision and rounding") allow. The
// bounds are derived in docs/exec.md.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_EXEC_NUMERICS_H
#define PTXLINT_LIB_EXEC_NUMERICS_H

#include "Spec/Layouts.h"

#include <cstdint>
#include <vector>

namespace ptxlint {
namespace exec {

/// Decodes one element of type T from the low elemBits(T) bits of Bits
/// (for .tf32, the 32-bit register; its low 13 bits are ignored). NaN for
/// NaN encodings; integers decode to their value.
double decodeElem(spec::ElemKind T, uint64_t Bits);
/// True when Bits encodes a finite, normal or zero value of T (what the
/// input generator restricts itself to: subnormal handling is unspecified).
bool isNormalOrZero(spec::ElemKind T, uint64_t Bits);

/// IEEE binary16 / bfloat16 from a double, round to nearest even
/// (overflow to infinity).
uint16_t encodeF16(double V);
uint16_t encodeBF16(double V);
double decodeF16(uint16_t H);
double decodeBF16(uint16_t H);

/// f64 rounding modifiers of mma (9.7.14.5.14).
enum class Rounding : uint8_t { RN, RZ, RM, RP };

/// An M x K times K x N product plus C, in the documented numerics.
struct MatmulProblem {
  unsigned M = 0, N = 0, K = 0;
  spec::ElemKind AType = spec::ElemKind::F16, CType = spec::ElemKind::F32,
                 DType = spec::ElemKind::F32;
  /// Row-major element values (already decoded; sparse A expanded).
  std::vector<double> A, B, C;
  /// Integer forms: raw signed values (s8/u8/s4/u4/b1 bits, s32 C).
  std::vector<int64_t> IA, IB, IC;
  bool Satfinite = false;
  enum class BitOp : uint8_t { None, Xor, And } Op = BitOp::None;
  Rounding Rnd = Rounding::RN;
};

struct RefValue {
  double Value = 0;     ///< the exact result (float forms: to ~106 bits)
  double Lo = 0;        ///< low part of the exact result (f64 forms)
  double Tolerance = 0; ///< |got - Value| allowed (0: exact match)
  int64_t IValue = 0;   ///< integer forms
  bool IsInt = false;
  /// f64 .rm / .rp: got must not exceed / fall below the exact value.
  int Direction = 0;
};

/// Computes D = A*B + C element (I, J) with its tolerance.
RefValue referenceElem(const MatmulProblem &P, unsigned I, unsigned J);

/// Whether Got (decoded from the D register) is acceptable for R.
bool acceptable(const RefValue &R, double Got, int64_t IGot);

/// Applies block scaling (9.7.14.3): A[i][k] *= SFA[i][k / (K/SFAN)],
/// B[k][j] *= SFB[k / (K/SFBM)][j].
void applyBlockScale(MatmulProblem &P, const std::vector<double> &ScaleA, unsigned SFAN,
                     const std::vector<double> &ScaleB, unsigned SFBM);

/// int32 saturation and wrap (.satfinite, 9.7.14.5.14 "Integer operations").
int64_t wrapS32(int64_t V);
int64_t satS32(int64_t V);

} // namespace exec
} // namespace ptxlint

#endif // PTXLINT_LIB_EXEC_NUMERICS_H
