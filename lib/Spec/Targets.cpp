//===- Targets.cpp - every known .target and PTX ISA version --------------===//
//
// The known-target table: each row gives the first PTX ISA version that
// ptxas (CUDA 13.0) accepts the target at, probed with
//   .version X.Y / .target T / .entry k() { ret; }
// for every X.Y (an empty module is not checked by ptxas), and the version
// the PTX ISA release notes document where the two differ. The spec is PTX
// ISA 9.0, section 11.x ".target" and the release notes; differences are in
// docs/differences/targets.md.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Target.h"

#include <iterator>

namespace ptxlint {

namespace {

constexpr PtxVersion None{};

constexpr Target sm(unsigned N, char Suffix = 0) {
  Target T;
  T.Sm = N;
  T.Suffix = Suffix;
  return T;
}

// Name, target, introduced (ptxas), removed/renamed at, renamed to, documented.
const TargetInfo Targets[] = {
    {"sm_10", sm(10), {1, 0}, None, nullptr, None},
    {"sm_11", sm(11), {1, 0}, None, nullptr, None},
    {"sm_12", sm(12), {1, 2}, None, nullptr, None},
    {"sm_13", sm(13), {1, 2}, None, nullptr, None},
    {"sm_20", sm(20), {2, 0}, None, nullptr, None},
    {"sm_21", sm(21), {2, 0}, None, nullptr, None},
    {"sm_30", sm(30), {3, 0}, None, nullptr, None},
    {"sm_32", sm(32), {4, 0}, None, nullptr, None},
    {"sm_35", sm(35), {3, 1}, None, nullptr, None},
    {"sm_37", sm(37), {4, 1}, None, nullptr, None},
    {"sm_50", sm(50), {4, 0}, None, nullptr, None},
    {"sm_52", sm(52), {4, 1}, None, nullptr, None},
    {"sm_53", sm(53), {4, 2}, None, nullptr, None},
    {"sm_60", sm(60), {5, 0}, None, nullptr, None},
    {"sm_61", sm(61), {5, 0}, None, nullptr, None},
    {"sm_62", sm(62), {5, 0}, None, nullptr, None},
    // Documented from PTX ISA 6.0; ptxas also takes the undocumented 5.1.
    {"sm_70", sm(70), {5, 1}, None, nullptr, {6, 0}},
    {"sm_72", sm(72), {6, 1}, None, nullptr, None},
    {"sm_75", sm(75), {6, 3}, None, nullptr, None},
    {"sm_80", sm(80), {7, 0}, None, nullptr, None},
    {"sm_86", sm(86), {7, 1}, None, nullptr, None},
    {"sm_87", sm(87), {7, 4}, None, nullptr, None},
    // Documented from PTX ISA 9.0; ptxas 13.0 accepts it from 7.3.
    {"sm_88", sm(88), {7, 3}, None, nullptr, {9, 0}},
    {"sm_89", sm(89), {7, 8}, None, nullptr, None},
    {"sm_90", sm(90), {7, 8}, None, nullptr, None},
    {"sm_90a", sm(90, 'a'), {8, 0}, None, nullptr, None},
    {"sm_100", sm(100), {8, 6}, None, nullptr, None},
    {"sm_100a", sm(100, 'a'), {8, 6}, None, nullptr, None},
    {"sm_100f", sm(100, 'f'), {8, 8}, None, nullptr, None},
    // PTX ISA 9.0 renamed sm_101* to sm_110*; ptxas 13.0 still accepts the
    // old names at 9.0 (and compiles them for sm_110*), hence a warning.
    {"sm_101", sm(101), {8, 6}, {9, 0}, "sm_110", None},
    {"sm_101a", sm(101, 'a'), {8, 6}, {9, 0}, "sm_110a", None},
    {"sm_101f", sm(101, 'f'), {8, 8}, {9, 0}, "sm_110f", None},
    {"sm_103", sm(103), {8, 8}, None, nullptr, None},
    {"sm_103a", sm(103, 'a'), {8, 8}, None, nullptr, None},
    {"sm_103f", sm(103, 'f'), {8, 8}, None, nullptr, None},
    {"sm_110", sm(110), {9, 0}, None, nullptr, None},
    {"sm_110a", sm(110, 'a'), {9, 0}, None, nullptr, None},
    {"sm_110f", sm(110, 'f'), {9, 0}, None, nullptr, None},
    {"sm_120", sm(120), {8, 7}, None, nullptr, None},
    {"sm_120a", sm(120, 'a'), {8, 7}, None, nullptr, None},
    {"sm_120f", sm(120, 'f'), {8, 8}, None, nullptr, None},
    {"sm_121", sm(121), {8, 8}, None, nullptr, None},
    {"sm_121a", sm(121, 'a'), {8, 8}, None, nullptr, None},
    {"sm_121f", sm(121, 'f'), {8, 8}, None, nullptr, None},
};

/// The highest minor version of each major version ptxas 13.0 accepts
/// (probed: .version X.Y for X in 1..10, Y in 0..9). 5.1 is accepted but
/// not in the release notes.
struct MajorRange {
  unsigned Major;
  unsigned MaxMinor;
};
const MajorRange Versions[] = {{1, 5}, {2, 3}, {3, 2}, {4, 3}, {5, 1},
                               {6, 5}, {7, 8}, {8, 8}, {9, 0}};

/// Maps the renamed sm_101 to its new number, for compatibility tests.
unsigned canonicalSm(unsigned Sm) { return Sm == 101 ? 110 : Sm; }

} // namespace

Span<TargetInfo> knownTargets() { return Targets; }

const TargetInfo *findTarget(Target T) {
  for (const TargetInfo &I : Targets)
    if (I.T == T)
      return &I;
  return nullptr;
}

PtxVersion latestPtxVersion() { return {9, 0}; }

bool isKnownPtxVersion(PtxVersion V) {
  for (const MajorRange &R : Versions)
    if (R.Major == V.Major)
      return V.Minor <= R.MaxMinor;
  return false;
}

bool isDocumentedPtxVersion(PtxVersion V) {
  return isKnownPtxVersion(V) && !(V == PtxVersion(5, 1));
}

std::string knownPtxVersionsText() {
  std::string S;
  for (const MajorRange &R : Versions) {
    if (!S.empty())
      S += ", ";
    S += std::to_string(R.Major) + ".0";
    if (R.MaxMinor)
      S += "-" + std::to_string(R.Major) + "." + std::to_string(R.MaxMinor);
  }
  return S;
}

unsigned targetFamily(Target T) { return canonicalSm(T.Sm) / 10; }

uint64_t staticSharedLimit(Target Arch) {
  // ptxas 13.0 -arch sm_NN on a kernel with a .shared array of N bytes
  // (test/symbols/shared-limit-ptxas.test): "0xc000 max" on every target but
  // the arch-specific ones, whose limit is their whole shared memory.
  struct Row {
    unsigned Family;
    uint64_t Bytes;
  };
  static constexpr Row ArchSpecific[] = {{9, 0x38c00}, {10, 0x38c00}, {11, 0x38c00}, {12, 0x18c00}};
  if (Arch.isArchSpecific())
    for (const Row &R : ArchSpecific)
      if (R.Family == targetFamily(Arch))
        return R.Bytes;
  return 0xc000;
}

bool canCompileFor(Target FileTarget, Target Arch, std::string *Why) {
  unsigned F = canonicalSm(FileTarget.Sm), A = canonicalSm(Arch.Sm);
  auto Fail = [&](std::string Reason) {
    if (Why)
      *Why = std::move(Reason);
    return false;
  };
  if (FileTarget.isArchSpecific()) {
    if (F == A && Arch.isArchSpecific())
      return true;
    return Fail("code for " + FileTarget.str() + " runs only on " + FileTarget.str());
  }
  if (FileTarget.isFamily()) {
    if (targetFamily(FileTarget) != targetFamily(Arch))
      return Fail("code for " + FileTarget.str() + " runs only on the sm_" +
                  std::to_string(targetFamily(FileTarget)) + "x family");
    if (A < F)
      return Fail("code for " + FileTarget.str() + " runs on " + FileTarget.str() +
                  " or a later member of its family");
    return true;
  }
  if (A < F)
    return Fail("code for " + FileTarget.str() + " runs on " + FileTarget.str() + " or higher");
  return true;
}

} // namespace ptxlint
