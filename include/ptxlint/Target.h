//===- Target.h - PTX ISA versions and compilation targets ------*- C++ -*-===//
//
// PtxVersion is ".version X.Y"; Target is one "sm_NN", "sm_NNa" or "sm_NNf".
// The table of every known target and the PTX ISA version that introduced it
// lives in lib/Spec/Targets.cpp (spec: PTX ISA "Release notes" and section
// 11.x .target); checks and the CLI use these helpers, never string compares.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_TARGET_H
#define PTXLINT_TARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ptxlint {

struct PtxVersion {
  unsigned Major = 0;
  unsigned Minor = 0;
  constexpr PtxVersion() = default;
  constexpr PtxVersion(unsigned Ma, unsigned Mi) : Major(Ma), Minor(Mi) {}
  constexpr unsigned encoded() const { return Major * 100 + Minor; }
  constexpr bool operator<(PtxVersion O) const { return encoded() < O.encoded(); }
  constexpr bool operator<=(PtxVersion O) const { return encoded() <= O.encoded(); }
  constexpr bool operator>=(PtxVersion O) const { return encoded() >= O.encoded(); }
  constexpr bool operator>(PtxVersion O) const { return encoded() > O.encoded(); }
  constexpr bool operator==(PtxVersion O) const { return encoded() == O.encoded(); }
  constexpr bool operator!=(PtxVersion O) const { return encoded() != O.encoded(); }
  constexpr bool isValid() const { return Major != 0; }
  std::string str() const; ///< "7.8"
  /// Parses "X.Y"; nullopt when malformed.
  static std::optional<PtxVersion> parse(llvm::StringRef S);
};

/// One architecture target: sm_90 (Suffix 0), sm_90a ('a'), sm_100f ('f').
struct Target {
  unsigned Sm = 0;  ///< 90, 100, 120 ...
  char Suffix = 0;  ///< 0, 'a' or 'f'
  bool isValid() const { return Sm != 0; }
  bool isArchSpecific() const { return Suffix == 'a'; }
  bool isFamily() const { return Suffix == 'f'; }
  std::string str() const; ///< "sm_90a"
  bool operator==(const Target &O) const { return Sm == O.Sm && Suffix == O.Suffix; }
  /// Parses "sm_NN[a|f]" (also "compute_NN[a|f]"); nullopt when malformed.
  static std::optional<Target> parse(llvm::StringRef S);
};

/// A row of the known-target table.
struct TargetInfo {
  const char *Name;       ///< "sm_90a"
  Target T;
  PtxVersion Introduced;  ///< first PTX ISA version that accepts it
  PtxVersion Removed;     ///< invalid when never removed/renamed
  const char *RenamedTo;  ///< e.g. sm_101a -> sm_110a (or null)
};

/// Every target ptx-lint knows, in ascending order.
llvm::ArrayRef<TargetInfo> knownTargets();
const TargetInfo *findTarget(Target T);
/// The newest PTX ISA version ptx-lint knows.
PtxVersion latestPtxVersion();
/// True when V is a PTX ISA version that exists.
bool isKnownPtxVersion(PtxVersion V);

} // namespace ptxlint

#endif // PTXLINT_TARGET_H
