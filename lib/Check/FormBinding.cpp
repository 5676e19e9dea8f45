//===- FormBinding.cpp - qualifiers bound to forms --------------*- C++ -*-===//
//
// The qualifier matching of FormMatcher.cpp: tokens (free qualifiers are a
// set, layouts and types positional), their binding to one form with a
// cost, and the per-family hash index of exact matches.
//
//===----------------------------------------------------------------------===//
#include "Check/FormBinding.h"
#include "Check/CheckUtil.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <mutex>

using namespace llvm;

namespace ptxlint {
namespace check {

using spec::Form;
using spec::FormSet;
using spec::OrderGroup;
using spec::Presence;
using spec::QualSlot;

namespace formmatch {

FormBinding bindTokens(const Form &F, ArrayRef<Tok> Toks,
                       const StringMap<FormSet::VocabEntry> &Vocab) {
  FormBinding B;
  B.SlotToTok.assign(F.Quals.size(), -1);
  // Ordered groups: positional pairing of the group's tokens and slots.
  for (unsigned G = 1; G < NumGroups; ++G) {
    SmallVector<int, 8> Slots, Ts;
    for (unsigned S = 0; S < F.Quals.size(); ++S)
      if (static_cast<unsigned>(F.Quals[S].Group) == G)
        Slots.push_back(S);
    for (unsigned T = 0; T < Toks.size(); ++T)
      if (static_cast<unsigned>(Toks[T].Group) == G)
        Ts.push_back(T);
    // Edit-distance alignment of tokens to slots: a token on a slot costs 0
    // (accepted) or 1 (mismatch); an unwritten slot costs 0 when omittable,
    // else 1 (missing); a token on no slot costs 1 (extra).
    // One flat table each for the costs and the substitutions (every
    // (slot, token) pair is looked up once): this runs for every matrix
    // instruction, so nothing is allocated for the usual sizes.
    size_t M = Slots.size(), N = Ts.size();
    SmallVector<unsigned, 64> Table((M + 1) * (N + 1), 0);
    SmallVector<uint8_t, 64> Subs(M * N);
    for (size_t I = 0; I < M; ++I)
      for (size_t J = 0; J < N; ++J)
        Subs[I * N + J] = F.Quals[Slots[I]].accepts(Toks[Ts[J]].Text) ? 0 : 1;
    auto DP = [&](size_t I, size_t J) -> unsigned & { return Table[I * (N + 1) + J]; };
    auto SkipSlot = [&](size_t I) { return F.Quals[Slots[I]].isOmittable() ? 0u : 1u; };
    auto Sub = [&](size_t I, size_t J) { return unsigned(Subs[I * N + J]); };
    for (size_t I = 1; I <= M; ++I)
      DP(I, 0) = DP(I - 1, 0) + SkipSlot(I - 1);
    for (size_t J = 1; J <= N; ++J)
      DP(0, J) = DP(0, J - 1) + 1;
    for (size_t I = 1; I <= M; ++I)
      for (size_t J = 1; J <= N; ++J)
        DP(I, J) = std::min({DP(I - 1, J - 1) + Sub(I - 1, J - 1), DP(I - 1, J) + SkipSlot(I - 1),
                             DP(I, J - 1) + 1});
    size_t I = M, J = N;
    while (I > 0 || J > 0) {
      if (I > 0 && J > 0 && DP(I, J) == DP(I - 1, J - 1) + Sub(I - 1, J - 1)) {
        B.SlotToTok[Slots[I - 1]] = Ts[J - 1];
        if (Sub(I - 1, J - 1))
          B.Issues.push_back({Issue::Mismatch, Slots[I - 1], Ts[J - 1]});
        --I;
        --J;
      } else if (I > 0 && DP(I, J) == DP(I - 1, J) + SkipSlot(I - 1)) {
        if (SkipSlot(I - 1))
          B.Issues.push_back({Issue::Missing, Slots[I - 1], -1});
        --I;
      } else {
        B.Issues.push_back({Issue::Extra, -1, Ts[J - 1]});
        --J;
      }
    }
    std::reverse(B.Issues.begin(), B.Issues.end());
  }
  // Free qualifiers: by value.
  for (unsigned T = 0; T < Toks.size(); ++T) {
    if (Toks[T].Group != OrderGroup::Free)
      continue;
    int Found = -1;
    for (unsigned S = 0; S < F.Quals.size(); ++S)
      if (F.Quals[S].Group == OrderGroup::Free && F.Quals[S].accepts(Toks[T].Text)) {
        Found = S;
        break;
      }
    if (Found < 0) {
      B.Issues.push_back({Issue::Extra, -1, static_cast<int>(T)});
      continue;
    }
    if (B.SlotToTok[Found] >= 0) {
      B.Issues.push_back({Issue::Conflict, Found, static_cast<int>(T)});
      continue;
    }
    B.SlotToTok[Found] = T;
  }
  for (unsigned S = 0; S < F.Quals.size(); ++S)
    if (F.Quals[S].Group == OrderGroup::Free && B.SlotToTok[S] < 0 &&
        (F.Quals[S].Pres == Presence::Required))
      B.Issues.push_back({Issue::Missing, static_cast<int>(S), -1});
  // A free token that would fill a missing or omitted slot of the form with
  // another value is a mismatch of that slot (".m16n8k16" where ".m16n8k8"
  // is expected), not an extra plus a missing qualifier.
  for (Issue &X : B.Issues) {
    if (X.K != Issue::Extra || Toks[X.Tok].Group != OrderGroup::Free)
      continue;
    auto V = Vocab.find(Toks[X.Tok].Text);
    if (V == Vocab.end())
      continue;
    for (unsigned S = 0; S < F.Quals.size(); ++S) {
      if (F.Quals[S].Group != OrderGroup::Free ||
          !llvm::is_contained(V->second.Slots, F.Quals[S].Slot))
        continue;
      // The slot holds another value already: two values for one slot.
      X.K = B.SlotToTok[S] >= 0 ? Issue::Conflict : Issue::Mismatch;
      X.Slot = S;
      if (X.K == Issue::Mismatch)
        B.SlotToTok[S] = X.Tok;
      break;
    }
  }
  llvm::erase_if(B.Issues,
                 [&](const Issue &M) { return M.K == Issue::Missing && B.SlotToTok[M.Slot] >= 0; });
  // Mismatches of the qualifiers that pick the operation (shape, kind,
  // sparsity variant) weigh more: a wrong layout or type next to a right
  // shape is the likelier mistake.
  B.Cost = 0;
  for (const Issue &X : B.Issues) {
    bool Heavy = X.K == Issue::Mismatch &&
                 (F.Quals[X.Slot].Slot == ".shape" || F.Quals[X.Slot].Slot == ".kind" ||
                  F.Quals[X.Slot].Slot == ".spvariant");
    B.Cost += Heavy ? 2 : 1;
  }
  return B;
}

std::string keyOf(ArrayRef<StringRef> Free, ArrayRef<StringRef> Layout, ArrayRef<StringRef> Type) {
  SmallVector<StringRef, 16> F(Free.begin(), Free.end());
  llvm::sort(F);
  std::string K;
  K.reserve(96);
  for (StringRef S : F)
    K.append(S.data(), S.size()) += ' ';
  K += '|';
  for (StringRef S : Layout)
    K.append(S.data(), S.size()) += ' ';
  K += '|';
  for (StringRef S : Type)
    K.append(S.data(), S.size()) += ' ';
  return K;
}

void addKeys(const Form &F, unsigned Idx, FamilyIndex &X) {
  // Enumerate the choices of omittable slots (absent, or each value).
  std::vector<std::vector<std::string>> Choices;
  for (const QualSlot &Q : F.Quals) {
    std::vector<std::string> C = Q.Values;
    if (Q.isOmittable())
      C.push_back("");
    Choices.push_back(C);
  }
  std::vector<size_t> Pos(Choices.size(), 0);
  while (true) {
    SmallVector<StringRef, 16> Free, Layout, Type;
    for (size_t S = 0; S < Choices.size(); ++S) {
      StringRef V = Choices[S][Pos[S]];
      if (V.empty())
        continue;
      switch (F.Quals[S].Group) {
      case OrderGroup::Free:
        Free.push_back(V);
        break;
      case OrderGroup::Layout:
        Layout.push_back(V);
        break;
      case OrderGroup::Type:
        Type.push_back(V);
        break;
      }
    }
    X.Exact.try_emplace(keyOf(Free, Layout, Type), Idx);
    size_t S = 0;
    for (; S < Pos.size(); ++S) {
      if (++Pos[S] < Choices[S].size())
        break;
      Pos[S] = 0;
    }
    if (S == Pos.size())
      break;
  }
}

const FamilyIndex &indexFor(spec::Family Fam) {
  static std::array<FamilyIndex, spec::NumFamilies> Indexes;
  static std::array<std::once_flag, spec::NumFamilies> Once;
  unsigned I = static_cast<unsigned>(Fam);
  std::call_once(Once[I], [&] {
    const FormSet &S = spec::formsOf(Fam);
    for (unsigned F = 0; F < S.Forms.size(); ++F)
      addKeys(S.Forms[F], F, Indexes[I]);
    for (const auto &E : S.Vocab)
      Indexes[I].Vocab.push_back(E.getKey().str());
    llvm::sort(Indexes[I].Vocab);
  });
  return Indexes[I];
}

std::string canonicalText(const Instruction &I, const Form &F, const FormBinding &B,
                          ArrayRef<Tok> Toks) {
  std::string S;
  for (unsigned Slot = 0; Slot < F.Quals.size(); ++Slot)
    if (B.SlotToTok[Slot] >= 0)
      S += Toks[B.SlotToTok[Slot]].Text.str();
  return S;
}

} // namespace formmatch
} // namespace check
} // namespace ptxlint
