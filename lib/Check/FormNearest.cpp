//===- FormNearest.cpp - the forms nearest a mismatch -----------*- C++ -*-===//
//
// When an instruction's qualifiers match no form (FormMatcher.cpp): the
// forms of least cost say what is wrong and which values would be valid,
// slot by slot; the gates they share still hold; a stray last type that
// ptxas ignores.
//
//===----------------------------------------------------------------------===//
#include "Check/CheckUtil.h"
#include "Check/FormBinding.h"
#include "Spec/MmaCommon.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <set>
#include <unordered_map>

using namespace llvm;

namespace ptxlint {
namespace check {

using spec::Form;
using spec::FormSet;
using spec::OrderGroup;
using spec::Presence;
using spec::QualSlot;

namespace formmatch {

/// Where to insert a missing qualifier of slot Slot: after the token bound
/// to the nearest earlier slot, else after the opcode.
static SourceRange insertionPoint(const Instruction &I, const Form &F, const FormBinding &B,
                                  ArrayRef<Tok> Toks, unsigned Slot, CheckContext &Ctx) {
  for (int S = static_cast<int>(Slot) - 1; S >= 0; --S)
    if (B.SlotToTok[S] >= 0) {
      SourceRange R = qualifierRange(I, Toks[B.SlotToTok[S]].QualIdx, Ctx);
      return {R.End, R.End};
    }
  SourceRange O = I.opcodeRange();
  return {O.End, O.End};
}

/// The search, memoized per thread (no lock): generated code repeats its
/// mistakes, and each search binds the qualifiers to every form of the
/// family (50-500 us).
const NearestSearch &nearestFor(spec::Family Fam, ArrayRef<Tok> Toks, const FormSet &S) {
  thread_local std::unordered_map<std::string, NearestSearch> Cache;
  std::string Key(1, static_cast<char>('A' + static_cast<unsigned>(Fam)));
  for (const Tok &T : Toks) {
    Key += '\x01';
    Key += T.Text.str();
    Key += '\x02';
    Key += std::to_string(T.QualIdx);
    Key += static_cast<char>('0' + static_cast<unsigned>(T.Group));
  }
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second;
  if (Cache.size() >= 4096)
    Cache.clear();
  NearestSearch N;
  // Excluded combinations the spec names: quote the rule.
  for (const spec::RejectedForm &R : S.Rejected) {
    if (R.Kind == spec::RejectKind::PtxasOnly)
      continue;
    FormBinding B = bindTokens(R.F, Toks, S.Vocab);
    if (B.Cost != 0)
      continue;
    N.Rejected = &R;
    N.RejectedBinding = std::move(B);
    int BadSlot = R.F.slotIndex(R.BadSlot);
    if (BadSlot >= 0) {
      unsigned Slot = static_cast<unsigned>(BadSlot);
      for (const Form &F : S.Forms) {
        FormBinding FB = bindTokens(F, Toks, S.Vocab);
        if (FB.Issues.size() == 1 && FB.Issues[0].K == Issue::Mismatch &&
            F.Quals[FB.Issues[0].Slot].Slot == R.F.Quals[Slot].Slot)
          N.RejectedValid.insert(F.Quals[FB.Issues[0].Slot].Values.front());
      }
    }
    break;
  }
  if (!N.Rejected) {
    unsigned Best = ~0u;
    for (const Form &F : S.Forms) {
      FormBinding B = bindTokens(F, Toks, S.Vocab);
      if (B.Cost < Best) {
        Best = B.Cost;
        N.Near.clear();
      }
      if (B.Cost == Best)
        N.Near.push_back({&F, std::move(B)});
    }
  }
  return Cache.emplace(std::move(Key), std::move(N)).first->second;
}

void diagnoseNearest(const Instruction &I, spec::Family Fam, ArrayRef<Tok> Toks,
                     CheckContext &Ctx) {
  const FormSet &S = spec::formsOf(Fam);
  const NearestSearch &Found = nearestFor(Fam, Toks, S);
  if (const spec::RejectedForm *RP = Found.Rejected) {
    const spec::RejectedForm &R = *RP;
    const FormBinding &B = Found.RejectedBinding;
    SourceRange Range = I.opcodeRange();
    int BadSlot = R.F.slotIndex(R.BadSlot);
    if (BadSlot >= 0 && B.SlotToTok[BadSlot] >= 0)
      Range = qualifierRange(I, Toks[B.SlotToTok[BadSlot]].QualIdx, Ctx);
    const std::set<std::string> &Valid = Found.RejectedValid;
    std::string Msg = R.Reason;
    if (!Valid.empty())
      Msg += "; valid " + R.BadSlot +
             " here: " + joinValues(std::vector<std::string>(Valid.begin(), Valid.end()));
    Diagnostic &D = Ctx.Diags.report(Severity::Error, R.Rule, R.Spec, Range, Msg);
    if (Valid.size() == 1 && !(Range == I.opcodeRange()))
      D.Fixes.push_back({Range, *Valid.begin()});
    return;
  }

  const std::vector<std::pair<const Form *, FormBinding>> &Near = Found.Near;
  if (Near.empty())
    return;
  const Form &F0 = *Near.front().first;
  const FormBinding &B0 = Near.front().second;

  // Type-group arity errors first: they make every other slot meaningless.
  unsigned WrittenTypes = 0, FormTypes = 0;
  SourceRange TypeSpan;
  for (const Tok &T : Toks)
    if (T.Group == OrderGroup::Type) {
      ++WrittenTypes;
      TypeSpan = TypeSpan.cover(qualifierRange(I, T.QualIdx, Ctx));
    }
  std::string TypeSlots;
  for (const QualSlot &Q : F0.Quals)
    if (Q.Group == OrderGroup::Type && !Q.isOmittable()) {
      ++FormTypes;
      TypeSlots += (TypeSlots.empty() ? "" : " ") + Q.Slot;
    }
  if (WrittenTypes != FormTypes) {
    Ctx.Diags.report(familyRule(Fam, FamilyRule::MissingQualifier), F0.Spec,
                     TypeSpan.isValid() ? TypeSpan : I.opcodeRange(),
                     F0.Opcode + F0.Quals[0].Values.front() + " with shape " + F0.Shape +
                         " takes " + std::to_string(FormTypes) + " type qualifiers (" + TypeSlots +
                         "), found " + std::to_string(WrittenTypes));
    return;
  }

  for (const Issue &X : B0.Issues) {
    // Values of this slot among the nearest forms with the same issue.
    std::set<std::string> Valid;
    if (X.Slot >= 0)
      for (const auto &N : Near)
        for (const Issue &Y : N.second.Issues)
          if (Y.K == X.K && Y.Slot >= 0 && N.first->Quals[Y.Slot].Slot == F0.Quals[X.Slot].Slot)
            for (const std::string &V : N.first->Quals[Y.Slot].Values)
              Valid.insert(V);
    std::vector<std::string> ValidList(Valid.begin(), Valid.end());
    switch (X.K) {
    case Issue::Mismatch: {
      SourceRange R = qualifierRange(I, Toks[X.Tok].QualIdx, Ctx);
      const std::string &Slot = F0.Quals[X.Slot].Slot;
      Diagnostic &D =
          Ctx.Diags.report(familyRule(Fam, FamilyRule::InvalidQualifier), F0.Spec, R,
                           (llvm::Twine(Slot) + " cannot be " + Toks[X.Tok].Text + " here; valid " +
                            Slot + ": " + joinValues(ValidList) + " (given the other qualifiers)")
                               .str());
      if (ValidList.size() == 1)
        D.Fixes.push_back({R, ValidList.front()});
      break;
    }
    case Issue::Missing: {
      const QualSlot &Q = F0.Quals[X.Slot];
      SourceRange At = insertionPoint(I, F0, B0, Toks, X.Slot, Ctx);
      std::string What = Q.Values.size() == 1 && Q.Slot == Q.Values.front()
                             ? "'" + Q.Slot + "'"
                             : Q.Slot + " (" + joinValues(ValidList) + ")";
      Diagnostic &D = Ctx.Diags.report(familyRule(Fam, FamilyRule::MissingQualifier), F0.Spec,
                                       I.opcodeRange(), "missing qualifier " + What);
      if (ValidList.size() == 1 && At.isValid())
        D.Fixes.push_back({At, ValidList.front()});
      break;
    }
    case Issue::Extra: {
      SourceRange R = qualifierRange(I, Toks[X.Tok].QualIdx, Ctx);
      auto It = S.Vocab.find(Toks[X.Tok].Text);
      std::string SlotName = It != S.Vocab.end() && !It->second.Slots.empty()
                                 ? It->second.Slots.front()
                                 : std::string("qualifier");
      Diagnostic &D = Ctx.Diags.report(
          familyRule(Fam, FamilyRule::InvalidQualifier), F0.Spec, R,
          "'" + Toks[X.Tok].Text.str() + "' is not valid for " + F0.Opcode + " " + F0.Shape +
              (F0.AType.empty() ? "" : " with " + F0.AType + " inputs") + " (no " + SlotName +
              " here)");
      if (R.isValid())
        D.Fixes.push_back({R, ""});
      break;
    }
    case Issue::Conflict: {
      SourceRange R = qualifierRange(I, Toks[X.Tok].QualIdx, Ctx);
      int Other = B0.SlotToTok[X.Slot];
      Diagnostic &D =
          Ctx.Diags.report(familyRule(Fam, FamilyRule::ConflictingQualifier), F0.Spec, R,
                           "'" + Toks[X.Tok].Text.str() + "' conflicts with '" +
                               (Other >= 0 ? Toks[Other].Text.str() : std::string("?")) +
                               "': " + F0.Quals[X.Slot].Slot + " takes one value");
      if (Other >= 0)
        D.Notes.push_back({qualifierRange(I, Toks[Other].QualIdx, Ctx), "first value here"});
      break;
    }
    }
  }
}

/// When the qualifiers match no form, the gates every nearest form shares
/// still hold (ptxas reports "requires PTX ISA 8.6" and "not supported on
/// .target" next to the qualifier error): the version gate of the nearest
/// form that needs the oldest version, and a target gate when no nearest
/// form is carried by the target.
void checkNearestGates(const Instruction &I, spec::Family Fam, ArrayRef<Tok> Toks,
                       CheckContext &Ctx) {
  const FormSet &S = spec::formsOf(Fam);
  const NearestSearch &Found = nearestFor(Fam, Toks, S);
  std::vector<const Form *> Cands;
  if (Found.Rejected)
    Cands.push_back(&Found.Rejected->F);
  for (const auto &N : Found.Near)
    Cands.push_back(N.first);
  if (Cands.empty())
    return;
  const Form *Oldest = Cands.front();
  for (const Form *F : Cands)
    if (F->MinPtx < Oldest->MinPtx)
      Oldest = F;
  checkGateRequirements(I, *Oldest, Ctx, true, false);
  if (!Ctx.Tgt.isValid())
    return;
  for (const Form *F : Cands)
    if (F->allowedOn(Ctx.Tgt, Ctx.Version.isValid() ? Ctx.Version : latestPtxVersion()))
      return;
  checkGateRequirements(I, *Cands.front(), Ctx, false, true);
}

/// A last type qualifier that ptxas ignores after the types of some forms
/// (spec::ignoresStrayType): a warning, plus the type's own gates, which
/// ptxas still applies. On success the token is removed from Toks and the
/// form without it is returned.
const Form *matchStrayType(const Instruction &I, spec::Family Fam, std::vector<Tok> &Toks,
                           CheckContext &Ctx) {
  int Last = -1;
  for (unsigned T = 0; T < Toks.size(); ++T)
    if (Toks[T].Group == OrderGroup::Type)
      Last = static_cast<int>(T);
  if (Last < 0)
    return nullptr;
  const spec::StrayType *Stray = spec::strayType(Toks[Last].Text);
  if (!Stray)
    return nullptr;
  SmallVector<StringRef, 16> Free, Layout, Type;
  for (unsigned T = 0; T < Toks.size(); ++T)
    if (static_cast<int>(T) != Last)
      (Toks[T].Group == OrderGroup::Free     ? Free
       : Toks[T].Group == OrderGroup::Layout ? Layout
                                             : Type)
          .push_back(Toks[T].Text);
  const FormSet &S = spec::formsOf(Fam);
  const FamilyIndex &X = indexFor(Fam);
  auto It = X.Exact.find(keyOf(Free, Layout, Type));
  if (It == X.Exact.end() || !spec::ignoresStrayType(S.Forms[It->second]))
    return nullptr;
  const Form &F = S.Forms[It->second];
  std::string Q = Toks[Last].Text.str();
  SourceRange R = qualifierRange(I, Toks[Last].QualIdx, Ctx);
  std::string Types;
  for (const QualSlot &Slot : F.Quals)
    if (Slot.Group == OrderGroup::Type && !Slot.Values.empty())
      Types += Slot.Values.front();
  Diagnostic &D =
      Ctx.Diags.report(familyRule(Fam, FamilyRule::IgnoredQualifier), F.Spec, R,
                       "'" + Q + "' after the types " + Types + " is not a type of this " +
                           spec::familyName(Fam).str() + " form (" + F.Shape +
                           "); ptxas 13.0 accepts and ignores it");
  if (R.isValid())
    D.Fixes.push_back({R, ""});
  // Ignored, yet gated: "Feature '.bf16' requires .target sm_80 or higher".
  requirePtx(Ctx, Stray->MinPtx, R, familyRule(Fam, FamilyRule::PtxVersion), F.Spec, "'" + Q + "'");
  requireSm(Ctx, Stray->MinSm, R, familyRule(Fam, FamilyRule::Target), F.Spec, "'" + Q + "'");
  Toks.erase(Toks.begin() + Last);
  return &F;
}

} // namespace formmatch
} // namespace check
} // namespace ptxlint
