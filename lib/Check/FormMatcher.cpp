//===- FormMatcher.cpp - match instructions against spec forms --*- C++ -*-===//
//
// Qualifier matching: free qualifiers are a set, ordered groups (layouts,
// types) are positional. Each form gets a cost (mismatched, missing, extra
// qualifiers); cost 0 is a match. When nothing matches, the forms of least
// cost say what is wrong and which values would be valid, slot by slot.
// Exact matches go through a hash index, so the common case is one lookup.
// Binding and the index: FormBinding.cpp; the nearest forms of a mismatch:
// FormNearest.cpp.
//
#include "Check/FormMatcher.h"
#include "Check/CheckUtil.h"
#include "Check/FormBinding.h"
#include "Check/MatchMemo.h"
#include "Spec/MmaCommon.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <array>
#include <deque>
#include <mutex>
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

using namespace formmatch;

std::string joinValues(ArrayRef<std::string> Values) {
  SmallVector<StringRef, 8> Refs(Values.begin(), Values.end());
  return joinList(Refs, "or");
}

SourceRange qualifierRange(const Instruction &I, unsigned Idx, const CheckContext &Ctx) {
  if (Idx < I.QualifierRanges.size() && I.QualifierRanges[Idx].isValid())
    return I.QualifierRanges[Idx];
  if (Idx < I.Qualifiers.size()) {
    SourceRange R = Ctx.rangeOf(I.Qualifiers[Idx]);
    if (R.isValid())
      return R;
  }
  return I.opcodeRange();
}

//===----------------------------------------------------------------------===//
// matchForm
//===----------------------------------------------------------------------===//

/// A table message with "{q}" (the qualifier) and "{f}" (the family) filled.
static std::string fillMessage(StringRef Template, StringRef Q, spec::Family Fam) {
  std::string Out;
  for (size_t K = 0; K < Template.size(); ++K) {
    if (Template.substr(K).startswith("{q}")) {
      Out += Q.str();
      K += 2;
    } else if (Template.substr(K).startswith("{f}")) {
      Out += spec::familyName(Fam).str();
      K += 2;
    } else {
      Out += Template[K];
    }
  }
  return Out;
}

/// The row of S.Ignored that makes qualifier Q of I ignored, or null.
static const FormSet::IgnoredQual *ignoredRow(const Instruction &I, StringRef Q, const FormSet &S) {
  for (const FormSet::IgnoredQual &Row : S.Ignored)
    if (Row.Value == Q && (Row.Beside.empty() || I.hasQualifier(Row.Beside)))
      return &Row;
  return nullptr;
}

static std::vector<Tok> tokenize(const Instruction &I, spec::Family Fam, CheckContext &Ctx,
                                 const MatchOptions &Opts, bool &HadErrors) {
  const FormSet &S = spec::formsOf(Fam);
  const FamilyIndex &X = indexFor(Fam);
  std::vector<Tok> Toks;
  Toks.reserve(I.Qualifiers.size());
  SmallVector<StringRef, 8> SeenFree;
  for (unsigned Q = 0; Q < I.Qualifiers.size(); ++Q) {
    if (llvm::is_contained(Opts.Skip, Q))
      continue;
    StringRef Text = I.Qualifiers[Q];
    if (const FormSet::IgnoredQual *Row = ignoredRow(I, Text, S)) {
      // ptxas accepts and ignores it (ldmatrix's formats on mma): a warning.
      SourceRange R = qualifierRange(I, Q, Ctx);
      Diagnostic &D = Ctx.Diags.report(familyRule(Fam, FamilyRule::IgnoredQualifier), R,
                                       fillMessage(Row->Message, Text, Fam));
      if (R.isValid())
        D.Fixes.push_back({R, ""});
      // Ignored, yet gated: "Feature '.bf16' requires .target sm_80".
      if (Row->MinSm)
        requireSm(Ctx, Row->MinSm, R, familyRule(Fam, FamilyRule::Target), spec::familySection(Fam),
                  "'" + Text.str() + "'");
      continue;
    }
    auto It = S.Vocab.find(Text);
    if (It == S.Vocab.end() && spec::strayType(Text)) {
      // A type of no form of this family (.b1 on mma.sp): matchStrayType
      // decides whether ptxas ignores it, else it counts as a type too many.
      Toks.push_back({Text, Q, OrderGroup::Type});
      continue;
    }
    if (It == S.Vocab.end()) {
      SmallVector<StringRef, 64> Cands(X.Vocab.begin(), X.Vocab.end());
      StringRef Best = closestMatch(Text, Cands);
      if (Best.empty() && Text.size() >= 4) {
        // A swapped pair (".rwo" for ".row") is two edits: take a candidate
        // with the same letters.
        std::string Sorted = Text.str();
        llvm::sort(Sorted);
        for (StringRef C : Cands) {
          std::string CS = C.str();
          llvm::sort(CS);
          if (CS == Sorted && editDistance(Text, C) <= 2) {
            Best = C;
            break;
          }
        }
      }
      Diagnostic &D = Ctx.Diags.report(
          familyRule(Fam, FamilyRule::UnknownQualifier), qualifierRange(I, Q, Ctx),
          "unknown qualifier '" + Text.str() + "' for " + spec::familyName(Fam).str() +
              (Best.empty() ? std::string() : "; did you mean '" + Best.str() + "'?"));
      if (!Best.empty() && Best != Text)
        D.Fixes.push_back({qualifierRange(I, Q, Ctx), Best.str()});
      HadErrors = true;
      continue;
    }
    OrderGroup G = It->second.Group;
    bool Repeated = G == OrderGroup::Free && llvm::is_contained(SeenFree, Text);
    if (G == OrderGroup::Free && !Repeated)
      SeenFree.push_back(Text);
    if (Repeated) {
      // ptxas takes a repeated .sync silently and rejects other repeats
      // ("Multiple .aligned modifiers specified").
      bool Tolerated = llvm::is_contained(S.Repeatable, Text);
      Diagnostic &D =
          Ctx.Diags.report(familyRule(Fam, Tolerated ? FamilyRule::RedundantQualifier
                                                     : FamilyRule::DuplicateQualifier),
                           qualifierRange(I, Q, Ctx),
                           Tolerated ? fillMessage(S.RepeatMessage, Text, Fam)
                                     : "qualifier '" + Text.str() + "' is written more than once");
      SourceRange R = qualifierRange(I, Q, Ctx);
      if (R.isValid())
        D.Fixes.push_back({R, ""});
      HadErrors |= !Tolerated;
      continue;
    }
    Toks.push_back({Text, Q, G});
  }
  return Toks;
}

static void reportOrder(const Instruction &I, const Form &F, const FormBinding &B,
                        ArrayRef<Tok> Toks, CheckContext &Ctx) {
  int Last = -1;
  bool InOrder = true;
  for (unsigned Slot = 0; Slot < F.Quals.size(); ++Slot) {
    int T = B.SlotToTok[Slot];
    if (T < 0)
      continue;
    if (T < Last) {
      InOrder = false;
      break;
    }
    Last = T;
  }
  if (InOrder)
    return;
  std::string Canon = canonicalText(I, F, B, Toks);
  SourceRange Span;
  for (const Tok &T : Toks)
    Span = Span.cover(qualifierRange(I, T.QualIdx, Ctx));
  Diagnostic &D =
      Ctx.Diags.report(familyRule(F.Fam, FamilyRule::QualifierOrder), F.Spec, Span,
                       "qualifiers are not in the spec's order; write " + F.Opcode + Canon);
  // The fix rewrites the qualifier span when nothing else lies inside it.
  bool Contiguous = Toks.size() == I.Qualifiers.size();
  if (Span.isValid() && Contiguous)
    D.Fixes.push_back({Span, Canon});
}

static void reportMissingSpecRequired(const Instruction &I, const Form &F, const FormBinding &B,
                                      CheckContext &Ctx) {
  for (unsigned Slot = 0; Slot < F.Quals.size(); ++Slot)
    if (F.Quals[Slot].Pres == Presence::SpecRequired && B.SlotToTok[Slot] < 0)
      Ctx.Diags.report(Severity::Warning, familyRule(F.Fam, FamilyRule::MissingQualifier), F.Spec,
                       I.opcodeRange(),
                       "the spec requires " + F.Quals[Slot].Values.front() +
                           " (ptxas accepts its absence)");
}

/// The first qualifier of I that Slot accepts, or -1.
static int findWritten(const Instruction &I, const QualSlot &Slot) {
  for (unsigned K = 0; K < I.Qualifiers.size(); ++K)
    if (Slot.accepts(I.Qualifiers[K]))
      return static_cast<int>(K);
  return -1;
}

/// Version-dependent presence of F's slots (QualSlot::Introduced and
/// RequiredFrom), on the qualifiers as written.
static void checkPresenceVersions(const Instruction &I, const Form &F, CheckContext &Ctx) {
  if (!Ctx.Version.isValid())
    return;
  for (unsigned S = 0; S < F.Quals.size(); ++S) {
    const QualSlot &Q = F.Quals[S];
    // Most slots have no version note: nothing to look for.
    if (!Q.Introduced.isValid() && !Q.RequiredFrom.isValid())
      continue;
    int At = findWritten(I, Q);
    if (At >= 0 && Q.Introduced.isValid() && Ctx.Version < Q.Introduced) {
      requirePtx(Ctx, Q.Introduced, qualifierRange(I, At, Ctx),
                 familyRule(F.Fam, FamilyRule::PtxVersion), spec::familySection(F.Fam),
                 "'" + std::string(I.Qualifiers[At]) + "' on " + F.Opcode);
      continue;
    }
    if (At >= 0 || !Q.RequiredFrom.isValid() || Ctx.Version < Q.RequiredFrom || Q.Values.empty())
      continue;
    // Point at the qualifier of the slot before, where it is to be inserted.
    int Prev = S > 0 ? findWritten(I, F.Quals[S - 1]) : -1;
    SourceRange R = Prev >= 0 ? qualifierRange(I, Prev, Ctx) : I.opcodeRange();
    Diagnostic &D = Ctx.Diags.report(familyRule(F.Fam, FamilyRule::MissingQualifier), R,
                                     "'" + Q.Values.front() + "' is required from PTX ISA " +
                                         Q.RequiredFrom.str() + " (module is .version " +
                                         Ctx.Version.str() + "); it was implicit before");
    if (Prev >= 0 && R.isValid())
      D.Fixes.push_back({SourceRange(R.End, R.End), Q.Values.front()});
  }
}

/// Qualifiers of F written although deprecated or removed (QualSlot::Removed).
static void checkRemoved(const Instruction &I, const Form &F, CheckContext &Ctx) {
  for (const QualSlot &Q : F.Quals) {
    if (!Q.Removed.isValid())
      continue;
    int At = findWritten(I, Q);
    if (At < 0)
      continue;
    SourceRange R = qualifierRange(I, At, Ctx);
    // An unknown version is not gated (a warning either way).
    bool Removed = Ctx.Version.isValid() && Ctx.Version >= Q.Removed;
    std::string Msg = Q.RemovedWhat + " ";
    Msg += Removed ? "is removed from PTX ISA " + Q.Removed.str()
                   : "is deprecated (PTX ISA " + Q.Deprecated.str() + ") and removed from " +
                         Q.Removed.str();
    if (Ctx.Version.isValid())
      Msg += " (module is .version " + Ctx.Version.str() + ")";
    if (!Q.RemovedNote.empty())
      Msg += "; " + Q.RemovedNote;
    Rule Id = Q.RemovedRule;
    Diagnostic &D = Ctx.Diags.report(Removed ? Severity::Error : Severity::Warning, Id, R, Msg);
    D.Fixes.push_back({R, ""});
  }
}

void checkQualifierVersions(const Instruction &I, const Form &F, CheckContext &Ctx) {
  checkPresenceVersions(I, F, Ctx);
  checkRemoved(I, F, Ctx);
}

/// FormSet::UncheckedValues: a warning, and true when I has one.
static bool reportUnchecked(const Instruction &I, const FormSet &S, CheckContext &Ctx) {
  for (const FormSet::Unchecked &U : S.UncheckedValues)
    for (unsigned K = 0; K < I.Qualifiers.size(); ++K)
      if (I.Qualifiers[K] == U.Value) {
        Ctx.Diags.report(Severity::Warning, U.Rule, qualifierRange(I, K, Ctx), U.Message);
        return true;
      }
  return false;
}

/// FormSet::Order: an error for each rule broken; true when one is.
static bool reportOrderRules(const Instruction &I, const FormSet &S, CheckContext &Ctx) {
  bool Broken = false;
  for (const FormSet::OrderRule &O : S.Order) {
    int After = -1, Before = -1;
    for (unsigned K = 0; K < I.Qualifiers.size(); ++K) {
      if (After < 0 && I.Qualifiers[K] == O.After)
        After = static_cast<int>(K);
      if (Before < 0 && llvm::is_contained(O.Before, I.Qualifiers[K]))
        Before = static_cast<int>(K);
    }
    if (After < 0 || Before <= After)
      continue;
    std::string B = std::string(I.Qualifiers[Before]);
    Ctx.Diags.report(
        O.Rule, qualifierRange(I, After, Ctx),
        (llvm::Twine("'") + O.After + "' must come after '" + B + "' (write " + B + O.After + ")")
            .str());
    Broken = true;
  }
  return Broken;
}

/// True when the exact-match path of matchForm reported nothing for I and
/// its binding B to F: every written qualifier became a token, no slot the
/// spec requires is empty and the qualifiers are in the form's order.
static bool reportedNothing(const Instruction &I, const Form &F, const FormBinding &B,
                            ArrayRef<Tok> Toks, const MatchOptions &Opts) {
  size_t Skipped = 0;
  for (unsigned K = 0; K < I.Qualifiers.size(); ++K)
    Skipped += llvm::is_contained(Opts.Skip, K);
  if (Toks.size() + Skipped != I.Qualifiers.size())
    return false;
  int Last = -1;
  for (unsigned Slot = 0; Slot < F.Quals.size(); ++Slot) {
    int T = B.SlotToTok[Slot];
    if (T < 0 && F.Quals[Slot].Pres == Presence::SpecRequired)
      return false;
    if (T < 0)
      continue;
    if (T < Last)
      return false;
    Last = T;
  }
  return true;
}

MatchResult matchForm(const Instruction &I, spec::Family Fam, CheckContext &Ctx,
                      const MatchOptions &Opts) {
  MatchResult Res;
  const FormSet &S = spec::formsOf(Fam);
  if (S.Forms.empty())
    return Res;
  // A spelling that matched cleanly before matches the same way again.
  SmallString<128> Key;
  cleanMatchKey(I, Fam, Opts, Key);
  if (const CleanMatch *Hit = findCleanMatch(Key)) {
    Res.F = Hit->F;
    Res.B = Hit->B;
    return Res;
  }
  if (reportUnchecked(I, S, Ctx))
    return Res;
  // The order note would repeat what a broken order rule says.
  bool OrderBroken = reportOrderRules(I, S, Ctx);
  bool ReportOrder = !OrderBroken && Opts.ReportOrder;
  std::vector<Tok> Toks = tokenize(I, Fam, Ctx, Opts, Res.HadErrors);

  SmallVector<StringRef, 16> Free, Layout, Type;
  for (const Tok &T : Toks)
    (T.Group == OrderGroup::Free     ? Free
     : T.Group == OrderGroup::Layout ? Layout
                                     : Type)
        .push_back(T.Text);
  const FamilyIndex &X = indexFor(Fam);
  auto It = X.Exact.find(keyOf(Free, Layout, Type));
  const Form *Matched = It == X.Exact.end() ? nullptr : &S.Forms[It->second];
  bool Exact = Matched != nullptr;
  if (!Matched)
    Matched = matchStrayType(I, Fam, Toks, Ctx);
  if (!Matched) {
    // A combination the spec excludes and ptxas accepts: warn, then check
    // the rest against it.
    for (const spec::RejectedForm &R : S.Rejected) {
      if (R.Kind != spec::RejectKind::PtxasOnly || bindTokens(R.F, Toks, S.Vocab).Cost != 0)
        continue;
      SourceRange Range = I.opcodeRange();
      for (const Tok &T : Toks)
        if (const QualSlot *Q = R.F.slot(R.BadSlot))
          if (Q->accepts(T.Text))
            Range = qualifierRange(I, T.QualIdx, Ctx);
      Ctx.Diags.report(Severity::Warning, R.Rule, R.Spec, Range, R.Reason);
      Matched = &R.F;
      Res.PtxasOnly = &R;
      break;
    }
  }
  if (!Matched) {
    diagnoseNearest(I, Fam, Toks, Ctx);
    checkNearestGates(I, Fam, Toks, Ctx);
    // Version-dependent presence holds whichever form was meant.
    const NearestSearch &Found = nearestFor(Fam, Toks, S);
    if (Found.Rejected)
      checkPresenceVersions(I, Found.Rejected->F, Ctx);
    else if (!Found.Near.empty())
      checkPresenceVersions(I, *Found.Near.front().first, Ctx);
    Res.HadErrors = true;
    return Res;
  }
  const Form &F = *Matched;
  FormBinding B = bindTokens(F, Toks, S.Vocab);
  Res.F = &F;
  Res.B.SlotToQual.assign(F.Quals.size(), -1);
  Res.B.QualToSlot.assign(I.Qualifiers.size(), -1);
  for (unsigned Slot = 0; Slot < F.Quals.size(); ++Slot)
    if (B.SlotToTok[Slot] >= 0) {
      unsigned Q = Toks[B.SlotToTok[Slot]].QualIdx;
      Res.B.SlotToQual[Slot] = Q;
      Res.B.QualToSlot[Q] = Slot;
    }
  reportMissingSpecRequired(I, F, B, Ctx);
  if (ReportOrder)
    reportOrder(I, F, B, Toks, Ctx);
  if (Exact && !OrderBroken && !Res.HadErrors && reportedNothing(I, F, B, Toks, Opts))
    rememberCleanMatch(Key, F, Res.B);
  return Res;
}

const Form *findForm(spec::Family Fam, ArrayRef<StringRef> Quals) {
  const FormSet &S = spec::formsOf(Fam);
  SmallVector<StringRef, 16> Free, Layout, Type;
  for (StringRef Q : Quals) {
    auto V = S.Vocab.find(Q);
    if (V == S.Vocab.end())
      return nullptr;
    (V->second.Group == OrderGroup::Free     ? Free
     : V->second.Group == OrderGroup::Layout ? Layout
                                             : Type)
        .push_back(Q);
  }
  const FamilyIndex &X = indexFor(Fam);
  auto It = X.Exact.find(keyOf(Free, Layout, Type));
  return It == X.Exact.end() ? nullptr : &S.Forms[It->second];
}

MatchResult checkAgainstForms(const Instruction &I, spec::Family Fam, CheckContext &Ctx,
                              const MatchOptions &Opts) {
  MatchResult M = matchForm(I, Fam, Ctx, Opts);
  if (M.F) {
    checkOperands(I, *M.F, Ctx);
    checkGates(I, *M.F, Ctx);
  }
  return M;
}

} // namespace check
} // namespace ptxlint
