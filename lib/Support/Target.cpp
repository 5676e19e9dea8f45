//===- Target.cpp - PTX ISA versions and target names ---------------------===//
//
// Parsing and printing of ".version X.Y" and "sm_NN[a|f]". The table of
// known targets lives in lib/Spec/Targets.cpp.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Target.h"

#include "llvm/ADT/StringRef.h"

namespace ptxlint {

namespace {

/// Reads a run of decimal digits (at least one) from the front of S into V.
/// Rejects values that do not fit comfortably (more than 6 digits).
bool consumeNumber(llvm::StringRef &S, unsigned &V) {
  size_t N = 0;
  unsigned Val = 0;
  while (N < S.size() && S[N] >= '0' && S[N] <= '9') {
    if (N == 6)
      return false;
    Val = Val * 10 + static_cast<unsigned>(S[N] - '0');
    ++N;
  }
  if (N == 0)
    return false;
  V = Val;
  S = S.drop_front(N);
  return true;
}

} // namespace

std::string PtxVersion::str() const { return std::to_string(Major) + "." + std::to_string(Minor); }

std::optional<PtxVersion> PtxVersion::parse(std::string_view Str) {
  llvm::StringRef S(Str);
  // Digits only, no locale: this runs in checkInstruction on many threads.
  S = S.trim();
  unsigned Ma = 0, Mi = 0;
  if (!consumeNumber(S, Ma) || !S.consume_front(".") || !consumeNumber(S, Mi) || !S.empty())
    return std::nullopt;
  if (Ma == 0)
    return std::nullopt;
  return PtxVersion(Ma, Mi);
}

std::string Target::str() const {
  std::string S = "sm_" + std::to_string(Sm);
  if (Suffix)
    S += Suffix;
  return S;
}

std::optional<Target> Target::parse(std::string_view Str) {
  llvm::StringRef S(Str);
  S = S.trim();
  if (!S.consume_front("sm_") && !S.consume_front("compute_"))
    return std::nullopt;
  // Two or three digits: sm_90, sm_100. A leading zero is not a target.
  if (S.empty() || S[0] == '0')
    return std::nullopt;
  unsigned Sm = 0;
  llvm::StringRef Rest = S;
  if (!consumeNumber(Rest, Sm) || S.size() - Rest.size() < 2 || S.size() - Rest.size() > 3)
    return std::nullopt;
  Target T;
  T.Sm = Sm;
  if (Rest.empty())
    return T;
  if (Rest.size() == 1 && (Rest[0] == 'a' || Rest[0] == 'f')) {
    T.Suffix = Rest[0];
    return T;
  }
  return std::nullopt;
}

} // namespace ptxlint
