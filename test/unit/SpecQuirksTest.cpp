//===- SpecQuirksTest.cpp - table fields beyond the forms, one target model ===//
//
// What the matrix tables say beyond their forms (ignored and repeatable
// qualifiers, order rules, values ptxas does not check, version-dependent
// presence, ptxas-only combinations as a kind) and the one target model
// (spec::TargetGate): its answers are compared, for every gate of every
// form and every ISA section's target list, over every known target and
// PTX ISA version, with the two models it replaced (kept here, frozen, as
// the oracle).
//
//===----------------------------------------------------------------------===//
#include "Spec/IsaTables.h"
#include "Spec/Spec.h"
#include "ptxlint/Lint.h"

#include "gtest/gtest.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdio>

#include <string>
#include <vector>

using namespace ptxlint;
using namespace ptxlint::spec;

namespace {

//===----------------------------------------------------------------------===//
// The replaced target models, frozen
//===----------------------------------------------------------------------===//

/// TargetGate::allows before the generic entries (lib/Spec/Forms.cpp).
bool oldGateAllows(const TargetGate &G, Target T, PtxVersion V) {
  if (!G.Specific.empty()) {
    for (const SpecificTarget &S : G.Specific) {
      if (V.isValid() && S.Since.isValid() && V < S.Since)
        continue;
      if (S.T.Suffix == 'a') {
        if (T.Sm == S.T.Sm && T.Suffix == 'a')
          return true;
        continue;
      }
      if (!T.Suffix || T.Sm / 10 != S.T.Sm / 10)
        continue;
      if (T.Sm == S.T.Sm || (S.FamilyOrHigher && T.Sm > S.T.Sm))
        return true;
    }
    return false;
  }
  return T.Sm >= G.MinSm;
}

/// check::targetSatisfies (lib/Check/CheckUtil.cpp), deleted.
unsigned oldCanonicalSm(unsigned Sm) { return Sm == 101 ? 110 : Sm; }
bool oldSatisfiesOne(Target Have, Target Req) {
  unsigned H = oldCanonicalSm(Have.Sm), R = oldCanonicalSm(Req.Sm);
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
bool oldTargetSatisfies(Target Have, llvm::ArrayRef<Target> AnyOf) {
  if (!Have.isValid() || AnyOf.empty())
    return true;
  for (Target R : AnyOf)
    if (oldSatisfiesOne(Have, R))
      return true;
  return false;
}

/// Every PTX ISA version ptxas knows, and "unknown".
std::vector<PtxVersion> allVersions() {
  std::vector<PtxVersion> V = {PtxVersion()};
  for (unsigned Major = 1; Major <= 9; ++Major)
    for (unsigned Minor = 0; Minor <= 9; ++Minor)
      if (isKnownPtxVersion({Major, Minor}))
        V.push_back({Major, Minor});
  return V;
}

/// The target list of an ISA section, as lib/Check/CheckIsa.cpp reads it.
std::vector<Target> sectionTargets(const IsaSection &S) {
  std::vector<Target> Out;
  if (S.MinSm) {
    Target T;
    T.Sm = S.MinSm;
    Out.push_back(T);
    return Out;
  }
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(S.Targets ? S.Targets : "").split(Parts, ' ', -1, false);
  for (llvm::StringRef P : Parts)
    if (std::optional<Target> T = Target::parse(P.rtrim('+')))
      Out.push_back(*T);
  return Out;
}

TEST(TargetModel, FormGatesAnswerAsBefore) {
  std::vector<PtxVersion> Versions = allVersions();
  unsigned Compared = 0;
  for (Family Fam : allFamilies()) {
    std::vector<const Form *> Forms;
    for (const Form &F : formsOf(Fam).Forms)
      Forms.push_back(&F);
    for (const RejectedForm &R : formsOf(Fam).Rejected)
      Forms.push_back(&R.F);
    for (const Form *F : Forms)
      for (const Gate &G : F->Gates) {
        if (!G.Targets.isRestricted())
          continue;
        for (const TargetInfo &TI : knownTargets())
          for (PtxVersion V : Versions) {
            ASSERT_EQ(G.Targets.allows(TI.T, V), oldGateAllows(G.Targets, TI.T, V))
                << F->fullMnemonic() << " gate " << G.Feature << " on " << TI.Name << " at "
                << (V.isValid() ? V.str() : "no version");
            ++Compared;
          }
      }
  }
  EXPECT_GT(Compared, 100000u);
}

TEST(TargetModel, IsaTargetListsAnswerAsBefore) {
  unsigned Lists = 0;
  for (const IsaSection &S : isaSections()) {
    std::vector<Target> T = sectionTargets(S);
    if (T.empty())
      continue;
    ++Lists;
    for (const TargetInfo &TI : knownTargets())
      EXPECT_EQ(anyOfAllows(T, TI.T), oldTargetSatisfies(TI.T, T))
          << S.Num << " (" << (S.Targets ? S.Targets : "") << ") on " << TI.Name;
    EXPECT_TRUE(anyOfAllows(T, Target()));
  }
  EXPECT_GT(Lists, 50u);
  // Every list the checks write: each known target alone, and in pairs.
  for (const TargetInfo &A : knownTargets()) {
    for (const TargetInfo &Have : knownTargets()) {
      Target One[] = {A.T};
      EXPECT_EQ(anyOfAllows(One, Have.T), oldTargetSatisfies(Have.T, One))
          << A.Name << " on " << Have.Name;
    }
  }
}

/// A fixed list around the renamed sm_101*: the matrix gates compare
/// targets as written (their lists name sm_101a/f where meant), the ISA
/// lists under the current names.
TEST(TargetModel, RenamedTargets) {
  auto T = [](const char *S) { return *Target::parse(S); };
  TargetGate A;
  A.Specific = {{T("sm_110a"), PtxVersion(), false}};
  EXPECT_FALSE(A.allows(T("sm_101a"), PtxVersion(9, 0)));
  EXPECT_TRUE(A.allows(T("sm_110a"), PtxVersion(9, 0)));
  const Target List[] = {T("sm_110a")};
  EXPECT_TRUE(anyOfAllows(List, T("sm_101a")));
  EXPECT_FALSE(anyOfAllows(List, T("sm_100a")));
  const Target Fam100[] = {T("sm_100f")};
  EXPECT_FALSE(anyOfAllows(Fam100, T("sm_101f"))); // sm_110f: another family
  EXPECT_TRUE(anyOfAllows(Fam100, T("sm_103a")));
  TargetGate F;
  F.Specific = {{T("sm_100f"), PtxVersion(), true}};
  EXPECT_TRUE(F.allows(T("sm_101f"), PtxVersion(8, 8))); // as the tables list it
  EXPECT_EQ(currentName(T("sm_101f")).str(), "sm_110f");
  EXPECT_EQ(currentName(T("sm_90a")).str(), "sm_90a");
  // A generic entry: that sm or higher, any suffix.
  TargetGate G;
  G.Specific = {{T("sm_90"), PtxVersion(), false}};
  EXPECT_TRUE(G.allows(T("sm_100f"), PtxVersion()));
  EXPECT_FALSE(G.allows(T("sm_89"), PtxVersion()));
}

//===----------------------------------------------------------------------===//
// Table fields
//===----------------------------------------------------------------------===//

TEST(SpecQuirks, PtxasOnlyFormsAreMarkedByKind) {
  unsigned PtxasOnly = 0;
  for (Family Fam : allFamilies())
    for (const RejectedForm &R : formsOf(Fam).Rejected) {
      bool Named = llvm::StringRef(ruleId(R.Rule)).endswith("-ptxas-only");
      EXPECT_EQ(Named, R.Kind == RejectKind::PtxasOnly)
          << ruleId(R.Rule) << " " << R.F.fullMnemonic();
      if (R.Kind == RejectKind::PtxasOnly) {
        ++PtxasOnly;
        // The matcher checks operands against it: it must be complete.
        EXPECT_FALSE(R.F.Operands.empty()) << R.F.fullMnemonic();
        EXPECT_EQ(ruleId(R.Rule), familyRulePrefix(Fam).str() + "-ptxas-only");
      }
    }
  EXPECT_GT(PtxasOnly, 0u);
  for (Family Fam :
       {Family::Mma, Family::MmaSp, Family::WmmaLoad, Family::WmmaStore, Family::WmmaMma}) {
    bool Any = false;
    for (const RejectedForm &R : formsOf(Fam).Rejected)
      Any |= R.Kind == RejectKind::PtxasOnly;
    EXPECT_TRUE(Any) << familyName(Fam).str();
  }
}

TEST(SpecQuirks, WmmaAlignedAndSatfiniteVersions) {
  for (Family Fam : {Family::WmmaLoad, Family::WmmaStore, Family::WmmaMma})
    for (const Form &F : formsOf(Fam).Forms) {
      const QualSlot *A = F.slot(".aligned");
      ASSERT_TRUE(A) << F.fullMnemonic();
      EXPECT_EQ(A->Introduced, PtxVersion(6, 3));
      EXPECT_EQ(A->RequiredFrom, PtxVersion(6, 3));
      EXPECT_TRUE(A->isOmittable());
      if (const QualSlot *S = F.slot(".satfinite")) {
        bool Float = F.DType != ".s32";
        EXPECT_EQ(S->Removed.isValid(), Float) << F.fullMnemonic();
        if (Float) {
          EXPECT_EQ(S->Removed, PtxVersion(6, 5));
          EXPECT_EQ(S->Deprecated, PtxVersion(6, 4));
        }
      }
    }
  // No other family's slot carries a version note.
  for (Family Fam :
       {Family::Mma, Family::MmaSp, Family::Ldmatrix, Family::Stmatrix, Family::Movmatrix})
    for (const Form &F : formsOf(Fam).Forms)
      for (const QualSlot &Q : F.Quals)
        EXPECT_FALSE(Q.Introduced.isValid() || Q.RequiredFrom.isValid() || Q.Removed.isValid())
            << F.fullMnemonic() << " " << Q.Slot;
}

TEST(SpecQuirks, RepeatableIgnoredOrderUnchecked) {
  for (Family Fam : allFamilies()) {
    const FormSet &S = formsOf(Fam);
    EXPECT_TRUE(llvm::is_contained(S.Repeatable, ".sync")) << familyName(Fam).str();
    // A repeatable or ignored qualifier is never a slot value that matters
    // twice, and an ignored one is no slot value at all (it would never bind).
    for (const FormSet::IgnoredQual &I : S.Ignored) {
      EXPECT_FALSE(I.Message.empty());
      if (I.Beside.empty())
        EXPECT_EQ(S.Vocab.count(I.Value), 0u) << familyName(Fam).str() << " " << I.Value;
    }
    for (const FormSet::OrderRule &O : S.Order) {
      EXPECT_TRUE(S.Vocab.count(O.After)) << O.After;
      for (const std::string &B : O.Before)
        EXPECT_TRUE(S.Vocab.count(B)) << B;
    }
    // Each names its family's rule (ldmatrix-..., stmatrix-...).
    for (const FormSet::OrderRule &O : S.Order)
      EXPECT_TRUE(llvm::StringRef(ruleId(O.Rule)).startswith(familyRulePrefix(Fam).str() + "-"));
    for (const FormSet::Unchecked &U : S.UncheckedValues) {
      EXPECT_EQ(S.Vocab.count(U.Value), 0u) << U.Value;
      EXPECT_TRUE(llvm::StringRef(ruleId(U.Rule)).startswith(familyRulePrefix(Fam).str() + "-"))
          << ruleId(U.Rule);
    }
  }
  EXPECT_EQ(formsOf(Family::WmmaMma).Order.size(), 1u);
  EXPECT_EQ(formsOf(Family::Ldmatrix).UncheckedValues.size(), 1u);
  EXPECT_EQ(formsOf(Family::Stmatrix).UncheckedValues.size(), 1u);
  EXPECT_EQ(formsOf(Family::WmmaLoad).AliasWritten, PtxVersion(5, 1));
  EXPECT_FALSE(formsOf(Family::Mma).AliasWritten.isValid());
}

//===----------------------------------------------------------------------===//
// The matcher applies them
//===----------------------------------------------------------------------===//

Target sm(unsigned N) {
  Target T;
  T.Sm = N;
  return T;
}

std::vector<std::string> rules(const LintResult &R) {
  std::vector<std::string> Out;
  for (const Diagnostic &D : R.Diags)
    Out.push_back(D.Rule + (D.Sev == Severity::Error     ? ":E"
                            : D.Sev == Severity::Warning ? ":W"
                                                         : ":N"));
  return Out;
}

using Rules = std::vector<std::string>;

TEST(SpecQuirks, MatcherAppliesTheFields) {
  // Repeated .sync: redundant (matrix loads/stores), duplicate (mma).
  EXPECT_EQ(rules(checkInstruction("ldmatrix.sync.sync.aligned.m8n8.x1.b16 {%r0}, [%rd0];", sm(80),
                                   {7, 8})),
            Rules{"ldmatrix-redundant-qualifier:W"});
  EXPECT_EQ(rules(checkInstruction("mma.sync.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
                                   "{%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};",
                                   sm(80), {7, 0})),
            Rules{"mma-redundant-qualifier:W"});
  // Ignored beside .b16 only, and still gated.
  EXPECT_EQ(rules(checkInstruction("movmatrix.sync.aligned.m8n8.trans.b16.bf16 %r0, %r1;", sm(75),
                                   {7, 8})),
            (Rules{"movmatrix-ignored-qualifier:W", "movmatrix-target:E"}));
  // ldmatrix .x8: a warning, nothing else.
  EXPECT_EQ(rules(checkInstruction("ldmatrix.sync.aligned.m8n8.x8.col.b16 {%r0}, [%rd0];", sm(80),
                                   {7, 8})),
            Rules{"ldmatrix-undocumented-num:W"});
  // .popc before .xor.
  EXPECT_EQ(rules(checkInstruction("wmma.mma.popc.xor.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 "
                                   "{%r0,%r1}, {%r2}, {%r3}, {%r4,%r5};",
                                   sm(80), {7, 0})),
            (Rules{"wmma-mma-advisory:N", "wmma-mma-popc-order:E"}));
  // .aligned: an error before 6.3, required from 6.3, even with no form.
  const char *Load = "wmma.load.a.sync.%srow.m16n16k16.f16 {%%r0,%%r1,%%r2,%%r3,%%r4,%%r5,%%r6,"
                     "%%r7}, [%%rd0];";
  char Buf[200];
  snprintf(Buf, sizeof Buf, Load, "aligned.");
  EXPECT_EQ(rules(checkInstruction(Buf, sm(70), {6, 0})), Rules{"wmma-load-ptx-version:E"});
  snprintf(Buf, sizeof Buf, Load, "");
  EXPECT_EQ(rules(checkInstruction(Buf, sm(70), {6, 3})), Rules{"wmma-load-missing-qualifier:E"});
  EXPECT_TRUE(rules(checkInstruction(Buf, sm(70), {6, 0})).empty());
  // .satfinite on floating-point wmma.mma: a warning before 6.5, an error from.
  const char *Sat = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32.satfinite "
                    "{%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7}, {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, "
                    "{%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, {%f0,%f1,%f2,%f3,%f4,%f5,%f6,%f7};";
  EXPECT_EQ(rules(checkInstruction(Sat, sm(70), {6, 4})), Rules{"wmma-mma-satfinite:W"});
  EXPECT_EQ(rules(checkInstruction(Sat, sm(70), {6, 5})), Rules{"wmma-mma-satfinite:E"});
  // A ptxas-only combination: a warning, then checked like a form.
  EXPECT_EQ(rules(checkInstruction("wmma.load.c.sync.aligned.row.m8n8k32.f32 {%r0,%r1}, [%rd0];",
                                   sm(75), {6, 3})),
            Rules{"wmma-load-ptxas-only:W"});
}

} // namespace
