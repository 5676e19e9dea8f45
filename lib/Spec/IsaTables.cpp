//===- IsaTables.cpp - the generated whole-ISA tables and their lookups ---===//
//
// IsaTables.inc is written into the build tree by tools/isa-extract/
// gen_tables.py from spec/isa/instructions.txt and spec/isa/corrections.txt.
//
//===----------------------------------------------------------------------===//

#include "Spec/IsaTables.h"

#include <algorithm>

namespace ptxlint {
namespace spec {

#include "IsaTables.inc"

namespace {

bool sortedContains(llvm::ArrayRef<llvm::StringLiteral> Sorted, llvm::StringRef Q) {
  auto It = std::lower_bound(Sorted.begin(), Sorted.end(), Q,
                             [](llvm::StringRef A, llvm::StringRef B) { return A < B; });
  return It != Sorted.end() && *It == Q;
}

} // namespace

llvm::ArrayRef<IsaQualGate> IsaSection::gates() const {
  return llvm::makeArrayRef(IsaQualGates).slice(GateBegin, GateCount);
}

const IsaQualGate *IsaSection::gate(llvm::StringRef Q) const {
  llvm::ArrayRef<IsaQualGate> G = gates();
  auto It = std::lower_bound(G.begin(), G.end(), Q,
                             [](const IsaQualGate &A, llvm::StringRef B) { return A.Qual < B; });
  return It != G.end() && It->Qual == Q ? &*It : nullptr;
}

llvm::ArrayRef<llvm::StringLiteral> IsaQualNeed::members() const {
  return llvm::makeArrayRef(IsaNeedMembers).slice(MemberBegin, MemberCount);
}

const IsaQualNeed *IsaSection::need(llvm::StringRef Q) const {
  for (const IsaQualNeed &N : llvm::makeArrayRef(IsaQualNeeds).slice(NeedBegin, NeedCount))
    if (N.Qual == Q)
      return &N;
  return nullptr;
}

const IsaSection &IsaForm::section() const { return IsaSections[Section]; }

llvm::ArrayRef<llvm::StringLiteral> IsaForm::literals() const {
  return llvm::makeArrayRef(IsaLiterals).slice(LitBegin, LitCount);
}

llvm::ArrayRef<llvm::StringLiteral> IsaForm::vocab() const {
  return llvm::makeArrayRef(IsaVocab).slice(VocabBegin, VocabCount);
}

bool IsaForm::takes(llvm::StringRef Q) const { return sortedContains(vocab(), Q); }

llvm::ArrayRef<llvm::StringLiteral> IsaSlot::members() const {
  return llvm::makeArrayRef(IsaSlotMembers).slice(MemberBegin, MemberCount);
}

bool IsaSlot::has(llvm::StringRef Q) const { return sortedContains(members(), Q); }

llvm::ArrayRef<IsaSlot> IsaForm::slots() const {
  return llvm::makeArrayRef(IsaSlots).slice(SlotBegin, SlotCount);
}

namespace {

/// Bipartite matching of qualifiers to slots (Kuhn's augmenting paths):
/// qualifier and slot counts are small (a few dozen at most).
constexpr unsigned MaxQuals = 32, MaxPlaces = 64;

struct SlotMatcher {
  llvm::ArrayRef<llvm::StringRef> Quals;
  llvm::ArrayRef<IsaSlot> Slots;
  // A place is one unit of a slot's capacity; PlaceSlot maps it back.
  uint8_t PlaceSlot[MaxPlaces];
  int8_t PlaceOwner[MaxPlaces];
  unsigned NumPlaces = 0;
  bool Seen[MaxPlaces];

  bool tryPlace(unsigned Q) {
    for (unsigned P = 0; P < NumPlaces; ++P) {
      if (Seen[P] || !Slots[PlaceSlot[P]].has(Quals[Q]))
        continue;
      Seen[P] = true;
      if (PlaceOwner[P] < 0 || tryPlace(static_cast<unsigned>(PlaceOwner[P]))) {
        PlaceOwner[P] = static_cast<int8_t>(Q);
        return true;
      }
    }
    return false;
  }
};

} // namespace

bool IsaForm::fits(llvm::ArrayRef<llvm::StringRef> Quals) const {
  llvm::ArrayRef<IsaSlot> S = slots();
  if (Quals.size() > MaxQuals)
    return false;
  SlotMatcher M{Quals, S, {}, {}, 0, {}};
  // Literal slots take every copy of their qualifier (ptxas accepts
  // '.sat.sat'); they are settled first, the set slots by matching.
  bool Literal[MaxQuals] = {};
  bool LiteralFilled[MaxPlaces] = {};
  for (unsigned Si = 0; Si < S.size() && Si < MaxPlaces; ++Si) {
    if (S[Si].Capacity)
      continue;
    for (unsigned Q = 0; Q < Quals.size(); ++Q)
      if (S[Si].has(Quals[Q]))
        Literal[Q] = LiteralFilled[Si] = true;
  }
  for (unsigned Si = 0; Si < S.size(); ++Si)
    for (unsigned C = 0; C < S[Si].Capacity && M.NumPlaces < MaxPlaces; ++C) {
      M.PlaceSlot[M.NumPlaces] = static_cast<uint8_t>(Si);
      M.PlaceOwner[M.NumPlaces++] = -1;
    }
  for (unsigned Q = 0; Q < Quals.size(); ++Q) {
    if (Literal[Q])
      continue;
    std::fill(M.Seen, M.Seen + M.NumPlaces, false);
    if (!M.tryPlace(Q))
      return false;
  }
  for (unsigned Si = 0; Si < S.size() && Si < MaxPlaces; ++Si) {
    if (!S[Si].Required)
      continue;
    bool Filled = LiteralFilled[Si];
    for (unsigned P = 0; P < M.NumPlaces && !Filled; ++P)
      Filled = M.PlaceSlot[P] == Si && M.PlaceOwner[P] >= 0;
    if (!Filled)
      return false;
  }
  return true;
}

llvm::ArrayRef<IsaForm> IsaOpcode::forms() const {
  return llvm::makeArrayRef(IsaForms).slice(FormBegin, FormCount);
}

llvm::ArrayRef<llvm::StringLiteral> IsaOpcode::vocab() const {
  return llvm::makeArrayRef(IsaVocab).slice(VocabBegin, VocabCount);
}

bool IsaOpcode::takes(llvm::StringRef Q) const { return sortedContains(vocab(), Q); }

bool IsaOpcode::takesSinkDestination(llvm::ArrayRef<std::string_view> Quals) const {
  if (SinkDestination == "*")
    return true;
  for (std::string_view Q : Quals)
    if (isWordOf(SinkDestination, Q))
      return true;
  return false;
}

llvm::ArrayRef<IsaOpcode> isaOpcodes() { return IsaOpcodes; }
llvm::ArrayRef<IsaSection> isaSections() { return IsaSections; }

const IsaOpcode *findIsaOpcode(llvm::StringRef Name) {
  llvm::ArrayRef<IsaOpcode> All = IsaOpcodes;
  auto It = std::lower_bound(All.begin(), All.end(), Name,
                             [](const IsaOpcode &A, llvm::StringRef B) { return A.Name < B; });
  return It != All.end() && It->Name == Name ? &*It : nullptr;
}

} // namespace spec
} // namespace ptxlint
