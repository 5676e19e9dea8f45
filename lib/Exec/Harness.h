//===- Harness.h - generated execution harnesses ----------------*- C++ -*-===//
//
// A HarnessPlan is everything needed to execute one instruction form once:
// the kernel (built as AST, printed by the emitter), the input buffer it
// reads (seeded random data laid out by the spec's fragment layouts), the
// size of the output buffer, and the check that compares the output with
// the CPU reference.
//
// Kernel interface (every harness): `.visible .entry ptxlint_harness(.param
// .u64 ptxlint_in, .param .u64 ptxlint_out)`, launched as one warp (32
// threads, one block), both pointers to global memory.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_EXEC_HARNESS_H
#define PTXLINT_LIB_EXEC_HARNESS_H

#include "Exec/ExecForm.h"
#include "Exec/Numerics.h"

#include "ptxlint/Target.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ptxlint {
namespace exec {

/// The first output element that differs from the reference.
struct Mismatch {
  std::string Matrix; ///< "D", "stored", "loaded", "moved"
  unsigned Instance = 0, Row = 0, Col = 0, Lane = 0, Reg = 0, Elem = 0;
  std::string Expected, Got;
};

struct CheckResult {
  bool Pass = true;
  unsigned Compared = 0; ///< elements compared
  unsigned Failed = 0;   ///< elements outside tolerance
  Mismatch First;
};

struct HarnessPlan {
  std::string Ptx;
  std::vector<uint8_t> Input;
  size_t OutputBytes = 0;
  std::function<CheckResult(const std::vector<uint8_t> &Out)> Check;
  std::string Error; ///< non-empty: no harness for this form (and why)
};

static constexpr const char *HarnessEntry = "ptxlint_harness";

/// Builds the harness of F for target T at PTX ISA version V with inputs
/// drawn from Seed.
HarnessPlan buildHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed);

// Per-kind builders (MmaHarness.cpp, WmmaHarness.cpp, MoveHarness.cpp).
HarnessPlan buildMmaHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed);
HarnessPlan buildWmmaHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed);
HarnessPlan buildMoveHarness(const ExecForm &F, Target T, PtxVersion V, uint64_t Seed);

// Shared helpers.
/// A random encoding of T that is a normal number or zero (for floats) in a
/// moderate range, or any value (integers). Container8: fp6/fp4 in their
/// 8-bit container positions are NOT applied here.
uint64_t randomElem(spec::ElemKind T, uint64_t R);
std::string formatValue(spec::ElemKind T, double V, int64_t I, bool IsInt);
/// The expected value of a check report: the reference, with its tolerance
/// when it is not an integer.
std::string formatExpected(spec::ElemKind T, const RefValue &Ref);
void putWord(std::vector<uint8_t> &Buf, size_t Off, uint32_t W);
uint32_t getWord(const std::vector<uint8_t> &Buf, size_t Off);
void putDWord(std::vector<uint8_t> &Buf, size_t Off, uint64_t W);
uint64_t getDWord(const std::vector<uint8_t> &Buf, size_t Off);

} // namespace exec
} // namespace ptxlint

#endif // PTXLINT_LIB_EXEC_HARNESS_H
