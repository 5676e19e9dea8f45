//===- Guards.h - evaluate #if guards for a compilation target --*- C++ -*-===//
//
// A guard such as `#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800` is
// evaluated with the macros nvcc 13.0 defines for one target (checked with
// nvcc -arch=...):
//   __CUDA_ARCH__                  XY0 for sm_XY, sm_XYa and sm_XYf
//   __CUDA_ARCH_SPECIFIC__         XY0 for sm_XYa only
//   __CUDA_ARCH_FAMILY_SPECIFIC__  XY0 for sm_XYa and sm_XYf
//   __CUDA_ARCH_FEAT_SMXY_ALL      1 for sm_XYa only
//   __CUDACC__, __NVCC__           1
//   __CUDACC_VER_MAJOR__, _MINOR__ 13 and 0 (ptx-lint follows CUDA 13.0)
//   CUDART_VERSION, CUDA_VERSION   13000 (as if the CUDA headers were included)
//   __LP64__                       1 (a 64-bit Linux host)
// and with the object-like macros the file itself defines (each under its own
// guard). Every other macro is unknown, and so is any guard that depends on
// one: the logic is three-valued, so `0 && UNKNOWN` is still false. The host
// pass (no __CUDA_ARCH__) is a "target" of its own.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CUDA_GUARDS_H
#define PTXLINT_LIB_CUDA_GUARDS_H

#include "Cuda/SourceScan.h"
#include "ptxlint/Target.h"

namespace ptxlint {
namespace cuda {

enum class Tri : uint8_t { False, True, Unknown };

/// Evaluates guards for one target (invalid Target: the host pass).
class GuardEvaluator {
public:
  /// VersionKnown false: the CUDA version macros (CUDART_VERSION ...) are
  /// defined but of unknown value, to tell guards that test the toolkit
  /// version from those that test nothing about the target.
  GuardEvaluator(const ScanResult &Scan, Target T, bool VersionKnown = true)
      : Scan(Scan), T(T), VersionKnown(VersionKnown) {}
  Tri eval(const Guard &G) const;
  /// One #if expression: its value, or nullopt when unknown.
  std::optional<int64_t> evalExpr(llvm::StringRef Expr, unsigned Depth = 0) const;

private:
  friend class ExprParser;
  /// A macro's value (nullopt unknown); Defined gets whether it is defined.
  std::optional<int64_t> macroValue(llvm::StringRef Name, unsigned Depth, Tri &Defined) const;
  Tri evalAt(const Guard &G, unsigned Depth) const;
  const ScanResult &Scan;
  Target T;
  bool VersionKnown;
};

} // namespace cuda
} // namespace ptxlint

#endif // PTXLINT_LIB_CUDA_GUARDS_H
