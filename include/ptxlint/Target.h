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

#include "ptxlint/Span.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
  static std::optional<PtxVersion> parse(std::string_view S);
};

/// One architecture target: sm_90 (Suffix 0), sm_90a ('a'), sm_100f ('f').
struct Target {
  unsigned Sm = 0; ///< 90, 100, 120 ...
  char Suffix = 0; ///< 0, 'a' or 'f'
  bool isValid() const { return Sm != 0; }
  bool isArchSpecific() const { return Suffix == 'a'; }
  bool isFamily() const { return Suffix == 'f'; }
  std::string str() const; ///< "sm_90a"
  bool operator==(const Target &O) const { return Sm == O.Sm && Suffix == O.Suffix; }
  /// Parses "sm_NN[a|f]" (also "compute_NN[a|f]"); nullopt when malformed.
  static std::optional<Target> parse(std::string_view S);
};

/// A row of the known-target table.
struct TargetInfo {
  const char *Name; ///< "sm_90a"
  Target T;
  PtxVersion Introduced; ///< first PTX ISA version that accepts it
  PtxVersion Removed;    ///< invalid when never removed/renamed
  const char *RenamedTo; ///< e.g. sm_101a -> sm_110a (or null)
  /// The version the PTX ISA release notes give when ptxas (CUDA 13.0)
  /// accepts the target earlier than documented (sm_70: 6.0, sm_88: 9.0);
  /// invalid when the two agree. Below Introduced is an error; between
  /// Introduced and Documented a warning.
  PtxVersion Documented;
};

/// Every target ptx-lint knows, in ascending order.
Span<TargetInfo> knownTargets();
const TargetInfo *findTarget(Target T);
/// The newest PTX ISA version ptx-lint knows.
PtxVersion latestPtxVersion();
/// True when V is a PTX ISA version that exists.
bool isKnownPtxVersion(PtxVersion V);
/// True when V appears in the PTX ISA release notes (every known version
/// but 5.1, which ptxas accepts without documentation).
bool isDocumentedPtxVersion(PtxVersion V);
/// "1.0-1.5, 2.0-2.3, ..., 9.0": every known version, for messages.
std::string knownPtxVersionsText();

/// The family of a target: sm_100, sm_100a, sm_100f, sm_103... share family
/// 10; sm_101 (renamed sm_110 in PTX ISA 9.0) belongs to family 11.
unsigned targetFamily(Target T);

/// Whether PTX written for .target FileTarget can be compiled for the GPU
/// Arch (ptxas -arch): sm_XY runs on every sm_MN* with MN >= XY; sm_XYf on
/// sm_XZ, sm_XZa, sm_XZf of the same family with Z >= Y; sm_XYa only on
/// sm_XYa. When it cannot, *Why (if given) gets the reason.
bool canCompileFor(Target FileTarget, Target Arch, std::string *Why = nullptr);

/// ptxas -arch Arch's limit on a kernel's static .shared data, in bytes
/// ("uses too much shared data (0x38c08 bytes, 0x38c00 max)"): 48 KiB, but
/// the whole shared memory on the arch-specific targets (sm_90a, sm_100a,
/// sm_103a, sm_110a: 232448; sm_120a, sm_121a: 101376), measured with ptxas 13.0.
uint64_t staticSharedLimit(Target Arch);

} // namespace ptxlint

#endif // PTXLINT_TARGET_H
