//===- CheckUtil.cpp - shared helpers for the family checks ---------------===//
//
// Wording and logic shared by every check, so gating messages read the same
// across families. No state: these run on many threads at once.
//
//===----------------------------------------------------------------------===//

#include "Check/CheckUtil.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace ptxlint {
namespace check {

namespace {

/// sm_101* was renamed sm_110* in PTX ISA 9.0: the same hardware target.
unsigned canonicalSm(unsigned Sm) { return Sm == 101 ? 110 : Sm; }

bool satisfiesOne(Target Have, Target Req) {
  unsigned H = canonicalSm(Have.Sm), R = canonicalSm(Req.Sm);
  switch (Req.Suffix) {
  case 'a':
    return Have.isArchSpecific() && H == R;
  case 'f':
    return (Have.isArchSpecific() || Have.isFamily()) && targetFamily(Have) == targetFamily(Req) &&
           H >= R;
  default:
    return H >= R;
  }
}

std::string describeOne(Target T) {
  if (T.isFamily())
    return T.str() + " family";
  if (T.isArchSpecific())
    return T.str();
  return T.str() + " or higher";
}

template <typename StrT>
std::string joinImpl(llvm::ArrayRef<StrT> Items, llvm::StringRef Conj, llvm::StringRef Quote) {
  std::string S;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I) {
      if (I + 1 == Items.size()) {
        S += ' ';
        S += Conj.str();
        S += ' ';
      } else {
        S += ", ";
      }
    }
    S += Quote.str();
    S += llvm::StringRef(Items[I]).str();
    S += Quote.str();
  }
  return S;
}

} // namespace

std::string requiresPtxText(PtxVersion Need, PtxVersion Have) {
  std::string S = "requires PTX ISA " + Need.str();
  if (Have.isValid())
    S += " (module is .version " + Have.str() + ")";
  return S;
}

bool targetSatisfies(Target Have, llvm::ArrayRef<Target> AnyOf) {
  if (!Have.isValid() || AnyOf.empty())
    return true;
  return std::any_of(AnyOf.begin(), AnyOf.end(),
                     [&](Target Req) { return satisfiesOne(Have, Req); });
}

std::string describeTargets(llvm::ArrayRef<Target> AnyOf) {
  llvm::SmallVector<std::string, 4> Parts;
  for (Target T : AnyOf)
    Parts.push_back(describeOne(T));
  llvm::SmallVector<llvm::StringRef, 4> Refs(Parts.begin(), Parts.end());
  return joinList(Refs, "or");
}

std::string requiresTargetText(llvm::ArrayRef<Target> AnyOf, Target Have) {
  std::string S = "requires " + describeTargets(AnyOf);
  if (Have.isValid())
    S += " (target is " + Have.str() + ")";
  return S;
}

static std::string withWhat(llvm::StringRef What, std::string Tail) {
  if (What.empty())
    return Tail;
  return What.str() + " " + Tail;
}

bool requirePtx(CheckContext &Ctx, PtxVersion Need, SourceRange R, llvm::StringRef Rule,
                llvm::StringRef Spec, llvm::StringRef What) {
  if (!Ctx.Version.isValid() || Ctx.Version >= Need)
    return true;
  Diagnostic &D =
      Ctx.Diags.error(Rule, Spec, R, withWhat(What, requiresPtxText(Need, Ctx.Version)));
  if (Ctx.VersionRange.isValid()) {
    D.Fixes.push_back({Ctx.VersionRange, Need.str()});
    D.Notes.push_back({Ctx.VersionRange, "module PTX ISA version is set here"});
  }
  return false;
}

bool requireTarget(CheckContext &Ctx, llvm::ArrayRef<Target> AnyOf, SourceRange R,
                   llvm::StringRef Rule, llvm::StringRef Spec, llvm::StringRef What) {
  if (targetSatisfies(Ctx.Tgt, AnyOf))
    return true;
  Diagnostic &D =
      Ctx.Diags.error(Rule, Spec, R, withWhat(What, requiresTargetText(AnyOf, Ctx.Tgt)));
  if (Ctx.TargetRange.isValid())
    D.Notes.push_back({Ctx.TargetRange, "module target is set here"});
  return false;
}

bool requireSm(CheckContext &Ctx, unsigned MinSm, SourceRange R, llvm::StringRef Rule,
               llvm::StringRef Spec, llvm::StringRef What) {
  Target T = smT(MinSm);
  return requireTarget(Ctx, llvm::ArrayRef<Target>(T), R, Rule, Spec, What);
}

unsigned editDistance(llvm::StringRef A, llvm::StringRef B) {
  // Two rows of the DP table; strings here are short qualifiers.
  llvm::SmallVector<unsigned, 32> Prev(B.size() + 1), Cur(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Prev[J] = static_cast<unsigned>(J);
  for (size_t I = 1; I <= A.size(); ++I) {
    Cur[0] = static_cast<unsigned>(I);
    for (size_t J = 1; J <= B.size(); ++J) {
      unsigned Sub = Prev[J - 1] + (A[I - 1] == B[J - 1] ? 0 : 1);
      Cur[J] = std::min({Prev[J] + 1, Cur[J - 1] + 1, Sub});
    }
    std::swap(Prev, Cur);
  }
  return Prev[B.size()];
}

template <typename StrT>
static llvm::StringRef closestImpl(llvm::StringRef Word, llvm::ArrayRef<StrT> Candidates,
                                   unsigned MaxDistance) {
  if (MaxDistance == 0)
    MaxDistance = std::min<unsigned>(3, std::max<unsigned>(1, Word.size() / 3));
  llvm::StringRef Best;
  unsigned BestDist = MaxDistance + 1;
  for (const StrT &C : Candidates) {
    llvm::StringRef CS(C);
    // Lengths differing by more than the limit cannot be within it.
    size_t Diff = CS.size() > Word.size() ? CS.size() - Word.size() : Word.size() - CS.size();
    if (Diff > MaxDistance)
      continue;
    unsigned D = editDistance(Word, CS);
    if (D < BestDist) {
      Best = CS;
      BestDist = D;
      if (D == 0)
        break;
    }
  }
  return Best;
}

llvm::StringRef closestMatch(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Candidates,
                             unsigned MaxDistance) {
  return closestImpl(Word, Candidates, MaxDistance);
}

llvm::StringRef closestMatch(llvm::StringRef Word, llvm::ArrayRef<const char *> Candidates,
                             unsigned MaxDistance) {
  return closestImpl(Word, Candidates, MaxDistance);
}

std::string didYouMean(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Candidates) {
  llvm::StringRef M = closestMatch(Word, Candidates);
  if (M.empty() || M == Word)
    return {};
  return "; did you mean '" + M.str() + "'?";
}

std::string didYouMean(llvm::StringRef Word, llvm::ArrayRef<const char *> Candidates) {
  llvm::StringRef M = closestMatch(Word, Candidates);
  if (M.empty() || M == Word)
    return {};
  return "; did you mean '" + M.str() + "'?";
}

std::string joinList(llvm::ArrayRef<llvm::StringRef> Items, llvm::StringRef Conj,
                     llvm::StringRef Quote) {
  return joinImpl(Items, Conj, Quote);
}

std::string joinList(llvm::ArrayRef<const char *> Items, llvm::StringRef Conj,
                     llvm::StringRef Quote) {
  return joinImpl(Items, Conj, Quote);
}

std::string oneOf(llvm::ArrayRef<llvm::StringRef> Items) {
  if (Items.size() == 1)
    return Items[0].str();
  return "one of " + joinImpl(Items, "or", "");
}

std::string oneOf(llvm::ArrayRef<const char *> Items) {
  if (Items.size() == 1)
    return Items[0];
  return "one of " + joinImpl(Items, "or", "");
}

SourceRange qualifierRange(const Instruction &I, llvm::StringRef Q) {
  for (size_t K = 0; K < I.Qualifiers.size(); ++K)
    if (I.Qualifiers[K] == Q)
      return K < I.QualifierRanges.size() ? I.QualifierRanges[K] : I.opcodeRange();
  return I.opcodeRange();
}

} // namespace check
} // namespace ptxlint
