//===- FormMatcher.cpp - match instructions against spec forms --*- C++ -*-===//
//
// Qualifier matching: free qualifiers are a set, ordered groups (layouts,
// types) are positional. Each form gets a cost (mismatched, missing, extra
// qualifiers); cost 0 is a match. When nothing matches, the forms of least
// cost say what is wrong and which values would be valid, slot by slot.
// Exact matches go through a hash index, so the common case is one lookup.
//
//===----------------------------------------------------------------------===//
#include "Check/FormMatcher.h"
#include "Check/CheckUtil.h"
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

std::string ruleId(spec::Family F, StringRef Suffix) {
  return spec::familyRulePrefix(F).str() + "-" + Suffix.str();
}

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
// Tokens and binding
//===----------------------------------------------------------------------===//

namespace {

struct Tok {
  StringRef Text;
  unsigned QualIdx;
  OrderGroup Group;
};

constexpr unsigned NumGroups = 3;

/// What is wrong with binding the tokens to one form.
struct Issue {
  enum Kind { Mismatch, Missing, Extra, Conflict } K;
  int Slot = -1; ///< form slot (Mismatch, Missing, Conflict)
  int Tok = -1;  ///< token index (Mismatch, Extra, Conflict)
};

struct FormBinding {
  unsigned Cost = 0;
  SmallVector<Issue, 4> Issues;
  SmallVector<int, 16> SlotToTok;
};

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

/// Per-family index: exact-match keys of every form (with each choice of
/// its omittable slots) to the form's index.
struct FamilyIndex {
  StringMap<unsigned> Exact;
  std::vector<std::string> Vocab; // for did-you-mean
};

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

/// The canonical qualifier text of F as the instruction wrote it: the
/// instruction's own values in the form's slot order.
std::string canonicalText(const Instruction &I, const Form &F, const FormBinding &B,
                          ArrayRef<Tok> Toks) {
  std::string S;
  for (unsigned Slot = 0; Slot < F.Quals.size(); ++Slot)
    if (B.SlotToTok[Slot] >= 0)
      S += Toks[B.SlotToTok[Slot]].Text.str();
  return S;
}

} // namespace

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

namespace {
/// What diagnoseNearest finds by binding the qualifiers to every form: a
/// pure function of the family and the qualifiers as written.
struct NearestSearch {
  const spec::RejectedForm *Rejected = nullptr; ///< an excluded combination that matches
  FormBinding RejectedBinding;
  std::set<std::string> RejectedValid;                    ///< what would be valid in its bad slot
  std::vector<std::pair<const Form *, FormBinding>> Near; ///< the valid forms of least cost
};
} // namespace

/// The search, memoized per thread (no lock): generated code repeats its
/// mistakes, and each search binds the qualifiers to every form of the
/// family (50-500 us).
static const NearestSearch &nearestFor(spec::Family Fam, ArrayRef<Tok> Toks, const FormSet &S) {
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

static void diagnoseNearest(const Instruction &I, spec::Family Fam, ArrayRef<Tok> Toks,
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
    Diagnostic &D = Ctx.Diags.report(Severity::Error, tableRule(R.Rule), R.Spec, Range, Msg);
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
static void checkNearestGates(const Instruction &I, spec::Family Fam, ArrayRef<Tok> Toks,
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
static const Form *matchStrayType(const Instruction &I, spec::Family Fam, std::vector<Tok> &Toks,
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
    Rule Id = tableRule(ruleId(F.Fam, StringRef(Q.Slot).drop_front()));
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
        Ctx.Diags.report(Severity::Warning, tableRule(ruleId(S.Fam, U.Rule)),
                         qualifierRange(I, K, Ctx), U.Message);
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
        tableRule(ruleId(S.Fam, O.Rule)), qualifierRange(I, After, Ctx),
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
      Ctx.Diags.report(Severity::Warning, tableRule(R.Rule), R.Spec, Range, R.Reason);
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
