//===- Forms.cpp - the generic parts of the spec tables ---------*- C++ -*-===//
//
// Family names, building helpers, gate evaluation and the per-family form
// registry (each family's table file contributes a builder).
//
//===----------------------------------------------------------------------===//
#include "Spec/Spec.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <mutex>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace llvm;

namespace ptxlint {
namespace spec {

namespace {
struct FamilyRow {
  Family F;
  const char *Name;
  const char *Prefix;
  const char *Section;
};
constexpr FamilyRow FamilyRows[NumFamilies] = {
    {Family::Mma, "mma", "mma", "9.7.14.5.14"},
    {Family::MmaSp, "mma.sp", "mma-sp", "9.7.14.6.3"},
    {Family::WmmaLoad, "wmma.load", "wmma-load", "9.7.14.4.3"},
    {Family::WmmaStore, "wmma.store", "wmma-store", "9.7.14.4.4"},
    {Family::WmmaMma, "wmma.mma", "wmma-mma", "9.7.14.4.5"},
    {Family::Ldmatrix, "ldmatrix", "ldmatrix", "9.7.14.5.15"},
    {Family::Stmatrix, "stmatrix", "stmatrix", "9.7.14.5.16"},
    {Family::Movmatrix, "movmatrix", "movmatrix", "9.7.14.5.17"},
};
const FamilyRow &row(Family F) { return FamilyRows[static_cast<unsigned>(F)]; }
} // namespace

StringRef familyName(Family F) { return row(F).Name; }
StringRef familyRulePrefix(Family F) { return row(F).Prefix; }
StringRef familySection(Family F) { return row(F).Section; }
ArrayRef<Family> allFamilies() {
  static const Family All[] = {Family::Mma,       Family::MmaSp,    Family::WmmaLoad,
                               Family::WmmaStore, Family::WmmaMma,  Family::Ldmatrix,
                               Family::Stmatrix,  Family::Movmatrix};
  return All;
}

bool QualSlot::accepts(StringRef V) const { return llvm::is_contained(Values, V); }

//===----------------------------------------------------------------------===//
// Equality and hashing (interning, Interned.h): every field
//===----------------------------------------------------------------------===//

bool QualSlot::operator==(const QualSlot &O) const {
  return Slot == O.Slot && Values == O.Values && Pres == O.Pres && Group == O.Group &&
         DefaultValue == O.DefaultValue && Introduced == O.Introduced &&
         RequiredFrom == O.RequiredFrom && Deprecated == O.Deprecated && Removed == O.Removed &&
         RemovedRule == O.RemovedRule && RemovedWhat == O.RemovedWhat &&
         RemovedNote == O.RemovedNote;
}

bool ImmRange::operator==(const ImmRange &O) const {
  return HardMin == O.HardMin && HardMax == O.HardMax && ValidMin == O.ValidMin &&
         ValidMax == O.ValidMax && HardValues == O.HardValues && Spec == O.Spec &&
         Reason == O.Reason && Low32 == O.Low32;
}

bool OperandSpec::operator==(const OperandSpec &O) const {
  return Name == O.Name && Shape == O.Shape && Count == O.Count && RegTypes == O.RegTypes &&
         ImmAllowed == O.ImmAllowed && RegAllowed == O.RegAllowed && Optional == O.Optional &&
         IsDest == O.IsDest && ElemType == O.ElemType && ElemsPerReg == O.ElemsPerReg &&
         Ranges == O.Ranges && PtxasAlsoCounts == O.PtxasAlsoCounts;
}

static bool operator==(const SpecificTarget &A, const SpecificTarget &B) {
  return A.T == B.T && A.Since == B.Since && A.FamilyOrHigher == B.FamilyOrHigher;
}

bool TargetGate::operator==(const TargetGate &O) const {
  return MinSm == O.MinSm && Specific == O.Specific;
}

bool Gate::operator==(const Gate &O) const {
  return Feature == O.Feature && Spec == O.Spec && MinPtx == O.MinPtx && Targets == O.Targets;
}

size_t hashValue(const QualSlot &Q) {
  return hash_combine(Q.Slot, hash_combine_range(Q.Values.begin(), Q.Values.end()),
                      static_cast<unsigned>(Q.Pres), static_cast<unsigned>(Q.Group), Q.DefaultValue,
                      Q.Introduced.encoded(), Q.RequiredFrom.encoded(), Q.Removed.encoded());
}

size_t hashValue(const OperandSpec &O) {
  // Equal specs hash equal; ranges are rare and only narrow the bucket.
  return hash_combine(O.Name, static_cast<unsigned>(O.Shape), O.Count,
                      hash_combine_range(O.RegTypes.begin(), O.RegTypes.end()), O.ImmAllowed,
                      O.RegAllowed, O.Optional, O.IsDest, O.ElemType, O.ElemsPerReg,
                      O.Ranges.size(),
                      hash_combine_range(O.PtxasAlsoCounts.begin(), O.PtxasAlsoCounts.end()));
}

size_t hashValue(const Gate &G) {
  return hash_combine(G.Feature, G.Spec, G.MinPtx.encoded(), G.Targets.MinSm,
                      G.Targets.Specific.size());
}

//===----------------------------------------------------------------------===//
// Gates
//===----------------------------------------------------------------------===//

/// Family members share the tens digit of the sm number: sm_100/sm_103 are
/// one family, sm_120/sm_121 another (sm_101 was renamed sm_110, its own).
static bool sameFamily(unsigned A, unsigned B) { return A / 10 == B / 10; }

bool TargetGate::allows(Target T, PtxVersion V) const {
  if (!Specific.empty()) {
    for (const SpecificTarget &S : Specific) {
      if (V.isValid() && S.Since.isValid() && V < S.Since)
        continue;
      if (!S.T.Suffix) { // generic: this sm or higher, any suffix
        if (T.Sm >= S.T.Sm)
          return true;
        continue;
      }
      if (S.T.Suffix == 'a') {
        if (T.Sm == S.T.Sm && T.Suffix == 'a')
          return true;
        continue;
      }
      // 'f': the target itself (f or a) and later family members (f or a).
      if (!T.Suffix || !sameFamily(T.Sm, S.T.Sm))
        continue;
      if (T.Sm == S.T.Sm || (S.FamilyOrHigher && T.Sm > S.T.Sm))
        return true;
    }
    return false;
  }
  return T.Sm >= MinSm;
}

TargetGate TargetGate::anyOf(ArrayRef<Target> Targets) {
  TargetGate G;
  for (Target T : Targets)
    G.Specific.push_back({currentName(T), PtxVersion(), /*FamilyOrHigher=*/true});
  return G;
}

Target currentName(Target T) {
  if (const TargetInfo *I = findTarget(T))
    if (I->RenamedTo)
      if (std::optional<Target> N = Target::parse(I->RenamedTo))
        return *N;
  return T;
}

bool anyOfAllows(ArrayRef<Target> AnyOf, Target T) {
  if (!T.isValid() || AnyOf.empty())
    return true;
  return TargetGate::anyOf(AnyOf).allows(currentName(T), PtxVersion());
}

std::string TargetGate::describe() const {
  if (Specific.empty())
    return "sm_" + std::to_string(MinSm) + " or higher";
  std::string S;
  for (size_t I = 0; I < Specific.size(); ++I) {
    const SpecificTarget &T = Specific[I];
    if (I)
      S += I + 1 == Specific.size() ? " or " : ", ";
    S += T.T.str();
    if (T.T.Suffix == 'f' && T.FamilyOrHigher)
      S += " (and later members of its family)";
    if (T.Since.isValid())
      S += " from PTX ISA " + T.Since.str();
  }
  return S;
}

Target TargetGate::suggest() const {
  if (!Specific.empty())
    return Specific.front().T;
  Target T;
  T.Sm = MinSm;
  return T;
}

void addGate(Form &F, const Gate &G) {
  if (G.MinPtx.isValid() && (!F.MinPtx.isValid() || F.MinPtx < G.MinPtx))
    F.MinPtx = G.MinPtx;
  F.Gates.push_back(G);
}

//===----------------------------------------------------------------------===//
// Forms
//===----------------------------------------------------------------------===//

std::string Form::mnemonic() const {
  std::string S = Opcode;
  for (const QualSlot &Q : Quals)
    if (!Q.isOmittable() && !Q.Values.empty())
      S += Q.Values.front();
  return S;
}

std::string Form::fullMnemonic() const {
  std::string S = Opcode;
  for (const QualSlot &Q : Quals)
    if (!Q.Values.empty())
      S += Q.Values.front();
  return S;
}

const QualSlot *Form::slot(StringRef Name) const {
  int I = slotIndex(Name);
  return I < 0 ? nullptr : &Quals[I];
}

int Form::slotIndex(StringRef Name) const {
  for (size_t I = 0; I < Quals.size(); ++I)
    if (Quals[I].Slot == Name)
      return static_cast<int>(I);
  return -1;
}

const OperandSpec *Form::operand(StringRef Name) const {
  for (const OperandSpec &O : Operands)
    if (O.Name == Name)
      return &O;
  return nullptr;
}

bool Form::allowedOn(Target T, PtxVersion V) const {
  for (const Gate &G : Gates)
    if (G.Targets.isRestricted() && !G.Targets.allows(T, V))
      return false;
  return true;
}

unsigned Form::minSm() const {
  unsigned M = 0;
  for (const Gate &G : Gates) {
    if (!G.Targets.Specific.empty())
      return 0;
    M = std::max(M, G.Targets.MinSm);
  }
  return M;
}

/// Drops the slack push_back leaves in every vector of a form: the tables
/// stay resident for the whole run, and their size is most of ptx-lint's
/// memory beyond the input on files of a few megabytes.
static void compact(Form &F) {
  // The elements are interned (shared); only the pointer arrays are the form's.
  F.Quals.shrink_to_fit();
  F.Operands.shrink_to_fit();
  F.Gates.shrink_to_fit();
}

void FormSet::finalize() {
  for (Form &F : Forms)
    compact(F);
  for (RejectedForm &R : Rejected)
    compact(R.F);
  Forms.shrink_to_fit();
  Rejected.shrink_to_fit();
  Vocab.clear();
  // Slots are interned: each distinct one is read once, not once a form. A
  // value's slots are listed by their first use, its group is that of the
  // last slot that has it, as a scan of every form's slots would leave them.
  llvm::DenseMap<const QualSlot *, unsigned> Last;
  std::vector<const QualSlot *> Distinct; // by first use
  unsigned At = 0;
  auto Scan = [&](const Form &F) {
    for (const QualSlot &Q : F.Quals) {
      auto Ins = Last.try_emplace(&Q, At);
      if (Ins.second)
        Distinct.push_back(&Q);
      else
        Ins.first->second = At;
      ++At;
    }
  };
  for (const Form &F : Forms)
    Scan(F);
  for (const RejectedForm &R : Rejected)
    Scan(R.F);
  for (const QualSlot *Q : Distinct)
    for (const std::string &V : Q->Values) {
      VocabEntry &E = Vocab[V];
      if (!llvm::is_contained(E.Slots, Q->Slot))
        E.Slots.push_back(Q->Slot);
    }
  llvm::sort(Distinct,
             [&](const QualSlot *A, const QualSlot *B) { return Last.lookup(A) < Last.lookup(B); });
  for (const QualSlot *Q : Distinct)
    for (const std::string &V : Q->Values)
      Vocab[V].Group = Q->Group;
}

//===----------------------------------------------------------------------===//
// Building helpers
//===----------------------------------------------------------------------===//

void addRejected(FormSet &Out, Form F, ptxlint::Rule Rule, StringRef Sec, std::string Reason,
                 StringRef BadSlot, RejectKind Kind) {
  RejectedForm R;
  R.F = std::move(F);
  R.Kind = Kind;
  R.Rule = Rule;
  R.Spec = Sec.str();
  R.Reason = std::move(Reason);
  R.BadSlot = BadSlot.str();
  Out.Rejected.push_back(std::move(R));
}

void ignoreLdmatrixFormats(FormSet &Out, StringRef Message) {
  for (const char *Q : {".b8x16", ".b6x16_p32", ".b4x16_p64"})
    Out.Ignored.push_back({Q, "", Message.str(), 0});
}

QualSlot req(StringRef Slot, StringRef Value, OrderGroup G) {
  QualSlot Q;
  Q.Slot = Slot.str();
  Q.Values = {Value.str()};
  Q.Group = G;
  return Q;
}

QualSlot opt(StringRef Slot, std::vector<std::string> Values, OrderGroup G) {
  QualSlot Q;
  Q.Slot = Slot.str();
  Q.Values = std::move(Values);
  Q.Pres = Presence::Optional;
  Q.Group = G;
  return Q;
}

QualSlot dflt(StringRef Slot, StringRef Value, OrderGroup G) {
  QualSlot Q = req(Slot, Value, G);
  Q.Pres = Presence::Defaulted;
  Q.DefaultValue = Value.str();
  return Q;
}

QualSlot specReq(StringRef Slot, StringRef Value, OrderGroup G) {
  QualSlot Q = req(Slot, Value, G);
  Q.Pres = Presence::SpecRequired;
  return Q;
}

OperandSpec vecOperand(StringRef Name, unsigned Count, std::vector<std::string> RegTypes,
                       StringRef ElemType, unsigned ElemsPerReg, bool IsDest) {
  OperandSpec O;
  O.Name = Name.str();
  O.Shape = OperandShape::Vector;
  O.Count = Count;
  O.RegTypes = std::move(RegTypes);
  O.ElemType = ElemType.str();
  O.ElemsPerReg = ElemsPerReg;
  O.IsDest = IsDest;
  return O;
}

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

namespace {
using Builder = void (*)(FormSet &);
Builder builderFor(Family F) {
  switch (F) {
  case Family::Mma:
    return buildMmaForms;
  case Family::MmaSp:
    return buildMmaSpForms;
  case Family::WmmaLoad:
    return buildWmmaLoadForms;
  case Family::WmmaStore:
    return buildWmmaStoreForms;
  case Family::WmmaMma:
    return buildWmmaMmaForms;
  case Family::Ldmatrix:
    return buildLdmatrixForms;
  case Family::Stmatrix:
    return buildStmatrixForms;
  case Family::Movmatrix:
    return buildMovmatrixForms;
  }
  return nullptr;
}

/// Each family's table is built on first use (a file that uses only wmma
/// never pays for the mma tables), once, safely from many threads.
struct LazySets {
  std::array<FormSet, NumFamilies> Sets;
  std::array<std::once_flag, NumFamilies> Once;
};
LazySets &lazySets() {
  static LazySets All; // thread-safe initialization (C++11)
  return All;
}
} // namespace

const FormSet &formsOf(Family F) {
  LazySets &All = lazySets();
  unsigned I = static_cast<unsigned>(F);
  std::call_once(All.Once[I], [&] {
    FormSet &S = All.Sets[I];
    S.Fam = F;
    if (Builder B = builderFor(F))
      B(S);
    S.finalize();
#ifdef __GLIBC__
    // Building leaves freed temporaries behind; give those pages back.
    malloc_trim(0);
#endif
  });
  return All.Sets[I];
}

ArrayRef<Form> enumerateForms(Family F) { return formsOf(F).Forms; }

} // namespace spec
} // namespace ptxlint
