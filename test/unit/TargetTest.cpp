//===- TargetTest.cpp - PTX versions, targets and gating helpers ----------===//
//
// The known-target table and version set are checked against what ptxas 13.0
// was probed to accept (docs/differences/targets.md), so a table edit that
// drifts from the oracle fails here.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Target.h"
#include "Check/CheckUtil.h"
#include "Spec/Spec.h"

#include "gtest/gtest.h"

using namespace ptxlint;
using namespace ptxlint::check;

namespace {

Target tgt(llvm::StringRef S) {
  std::optional<Target> T = Target::parse(S);
  EXPECT_TRUE(T.has_value()) << S.str();
  return T.value_or(Target());
}

TEST(PtxVersionTest, ParsesMajorDotMinor) {
  EXPECT_EQ(PtxVersion::parse("9.0"), PtxVersion(9, 0));
  EXPECT_EQ(PtxVersion::parse(" 7.8 "), PtxVersion(7, 8));
  EXPECT_EQ(PtxVersion::parse("09.0"), PtxVersion(9, 0)); // ptxas accepts it too
  EXPECT_EQ(PtxVersion::parse("7.10"), PtxVersion(7, 10));
  EXPECT_FALSE(PtxVersion::parse("9"));
  EXPECT_FALSE(PtxVersion::parse("9."));
  EXPECT_FALSE(PtxVersion::parse(".9"));
  EXPECT_FALSE(PtxVersion::parse("9.0.1"));
  EXPECT_FALSE(PtxVersion::parse("9,0"));
  EXPECT_FALSE(PtxVersion::parse("a.b"));
  EXPECT_FALSE(PtxVersion::parse(""));
  EXPECT_FALSE(PtxVersion::parse("0.5"));
  EXPECT_FALSE(PtxVersion::parse("-1.0"));
  EXPECT_FALSE(PtxVersion::parse("99999999.0"));
}

TEST(PtxVersionTest, PrintsAndOrders) {
  EXPECT_EQ(PtxVersion(7, 8).str(), "7.8");
  EXPECT_EQ(PtxVersion(10, 0).str(), "10.0");
  EXPECT_LT(PtxVersion(7, 8), PtxVersion(8, 0));
  EXPECT_GT(PtxVersion(8, 6), PtxVersion(8, 5));
  EXPECT_FALSE(PtxVersion().isValid());
}

TEST(TargetTest, ParsesNames) {
  EXPECT_EQ(tgt("sm_90").Sm, 90u);
  EXPECT_EQ(tgt("sm_90").Suffix, 0);
  EXPECT_TRUE(tgt("sm_90a").isArchSpecific());
  EXPECT_TRUE(tgt("sm_100f").isFamily());
  EXPECT_EQ(tgt("sm_100f").Sm, 100u);
  EXPECT_EQ(tgt("compute_90a"), tgt("sm_90a"));
  for (const char *Bad : {"sm_9", "sm_1000", "sm_90b", "sm_090", "SM_90", "sm_", "sm90", "90",
                          "sm_90aa", "sm_-90", ""})
    EXPECT_FALSE(Target::parse(Bad)) << Bad;
}

TEST(TargetTest, PrintsNames) {
  EXPECT_EQ(tgt("sm_90a").str(), "sm_90a");
  EXPECT_EQ(tgt("sm_120f").str(), "sm_120f");
  EXPECT_EQ(tgt("compute_80").str(), "sm_80");
}

TEST(KnownTargetsTest, TableIsSortedAndConsistent) {
  llvm::ArrayRef<TargetInfo> All = knownTargets();
  ASSERT_GE(All.size(), 40u);
  for (size_t I = 0; I < All.size(); ++I) {
    const TargetInfo &T = All[I];
    EXPECT_EQ(T.T.str(), T.Name);
    EXPECT_EQ(findTarget(T.T), &T);
    EXPECT_TRUE(isKnownPtxVersion(T.Introduced)) << T.Name;
    if (T.Documented.isValid())
      EXPECT_GT(T.Documented, T.Introduced) << T.Name;
    if (T.RenamedTo) {
      EXPECT_TRUE(T.Removed.isValid()) << T.Name;
      EXPECT_NE(findTarget(tgt(T.RenamedTo)), nullptr) << T.Name;
    }
    if (I) {
      const Target &P = All[I - 1].T;
      EXPECT_TRUE(P.Sm < T.T.Sm || (P.Sm == T.T.Sm && P.Suffix < T.T.Suffix)) << T.Name;
    }
  }
  EXPECT_EQ(findTarget(tgt("sm_91")), nullptr);
  EXPECT_EQ(findTarget(tgt("sm_80a")), nullptr);
  EXPECT_EQ(findTarget(tgt("sm_90f")), nullptr);
}

// Values probed with ptxas 13.0: ".version X.Y / .target T / .entry k() { ret; }".
TEST(KnownTargetsTest, IntroducedMatchesPtxas) {
  struct Row {
    const char *Name;
    PtxVersion Introduced;
  } Rows[] = {{"sm_10", {1, 0}},   {"sm_13", {1, 2}},   {"sm_20", {2, 0}},   {"sm_30", {3, 0}},
              {"sm_32", {4, 0}},   {"sm_35", {3, 1}},   {"sm_37", {4, 1}},   {"sm_50", {4, 0}},
              {"sm_53", {4, 2}},   {"sm_60", {5, 0}},   {"sm_70", {5, 1}},   {"sm_72", {6, 1}},
              {"sm_75", {6, 3}},   {"sm_80", {7, 0}},   {"sm_86", {7, 1}},   {"sm_87", {7, 4}},
              {"sm_88", {7, 3}},   {"sm_89", {7, 8}},   {"sm_90", {7, 8}},   {"sm_90a", {8, 0}},
              {"sm_100", {8, 6}},  {"sm_100a", {8, 6}}, {"sm_100f", {8, 8}}, {"sm_101a", {8, 6}},
              {"sm_101f", {8, 8}}, {"sm_103a", {8, 8}}, {"sm_110", {9, 0}},  {"sm_110f", {9, 0}},
              {"sm_120", {8, 7}},  {"sm_120a", {8, 7}}, {"sm_120f", {8, 8}}, {"sm_121a", {8, 8}}};
  for (const Row &R : Rows) {
    const TargetInfo *I = findTarget(tgt(R.Name));
    ASSERT_NE(I, nullptr) << R.Name;
    EXPECT_EQ(I->Introduced, R.Introduced) << R.Name;
  }
  EXPECT_EQ(findTarget(tgt("sm_70"))->Documented, PtxVersion(6, 0));
  EXPECT_EQ(findTarget(tgt("sm_88"))->Documented, PtxVersion(9, 0));
  const TargetInfo *Old = findTarget(tgt("sm_101a"));
  EXPECT_STREQ(Old->RenamedTo, "sm_110a");
  EXPECT_EQ(Old->Removed, PtxVersion(9, 0));
}

// ptxas 13.0 accepts exactly these: 1.0-1.5 2.0-2.3 3.0-3.2 4.0-4.3 5.0-5.1
// 6.0-6.5 7.0-7.8 8.0-8.8 9.0 (".version X.Y" for X in 1..10, Y in 0..9).
TEST(PtxVersionTest, KnownVersionsMatchPtxas) {
  const unsigned MaxMinor[] = {5, 3, 2, 3, 1, 5, 8, 8, 0};
  for (unsigned Ma = 1; Ma <= 10; ++Ma)
    for (unsigned Mi = 0; Mi <= 9; ++Mi) {
      bool Want = Ma <= 9 && Mi <= MaxMinor[Ma - 1];
      EXPECT_EQ(isKnownPtxVersion({Ma, Mi}), Want) << Ma << "." << Mi;
    }
  EXPECT_TRUE(isKnownPtxVersion(latestPtxVersion()));
  EXPECT_EQ(latestPtxVersion(), PtxVersion(9, 0));
  EXPECT_FALSE(isDocumentedPtxVersion({5, 1}));
  EXPECT_TRUE(isDocumentedPtxVersion({5, 0}));
  EXPECT_FALSE(isDocumentedPtxVersion({7, 9}));
  EXPECT_EQ(knownPtxVersionsText(),
            "1.0-1.5, 2.0-2.3, 3.0-3.2, 4.0-4.3, 5.0-5.1, 6.0-6.5, 7.0-7.8, 8.0-8.8, 9.0");
}

// ptxas -arch A on a module with .target F (probed, see targets.md).
TEST(CompatibilityTest, CanCompileForMatchesPtxas) {
  auto Ok = [](const char *F, const char *A) { return canCompileFor(tgt(F), tgt(A)); };
  EXPECT_TRUE(Ok("sm_90", "sm_90a"));
  EXPECT_TRUE(Ok("sm_90", "sm_121f"));
  EXPECT_FALSE(Ok("sm_90", "sm_89"));
  EXPECT_TRUE(Ok("sm_100a", "sm_100a"));
  EXPECT_FALSE(Ok("sm_100a", "sm_100"));
  EXPECT_FALSE(Ok("sm_100a", "sm_103a"));
  EXPECT_TRUE(Ok("sm_100f", "sm_103"));
  EXPECT_TRUE(Ok("sm_100f", "sm_103a"));
  EXPECT_FALSE(Ok("sm_100f", "sm_110f"));
  EXPECT_FALSE(Ok("sm_100f", "sm_120"));
  EXPECT_FALSE(Ok("sm_103f", "sm_100"));
  EXPECT_TRUE(Ok("sm_120f", "sm_121"));
  EXPECT_FALSE(Ok("sm_121f", "sm_120f"));
  EXPECT_TRUE(Ok("sm_101f", "sm_110"));  // renamed: same family
  EXPECT_TRUE(Ok("sm_101a", "sm_110a")); // renamed: same target
  EXPECT_FALSE(Ok("sm_101a", "sm_110f"));
  std::string Why;
  EXPECT_FALSE(canCompileFor(tgt("sm_90a"), tgt("sm_100a"), &Why));
  EXPECT_EQ(Why, "code for sm_90a runs only on sm_90a");
  EXPECT_EQ(targetFamily(tgt("sm_103f")), 10u);
  EXPECT_EQ(targetFamily(tgt("sm_101")), 11u);
}

TEST(CheckUtilTest, AnyOfAllows) {
  const Target Sm90[] = {smT(90)};
  EXPECT_TRUE(spec::anyOfAllows(Sm90, tgt("sm_90")));
  EXPECT_TRUE(spec::anyOfAllows(Sm90, tgt("sm_120a")));
  EXPECT_FALSE(spec::anyOfAllows(Sm90, tgt("sm_89")));
  EXPECT_TRUE(spec::anyOfAllows(Sm90, Target())); // unknown target: reported elsewhere

  const Target Arch[] = {smT(100, 'a'), smT(110, 'a'), smT(120, 'a')};
  EXPECT_TRUE(spec::anyOfAllows(Arch, tgt("sm_100a")));
  EXPECT_TRUE(spec::anyOfAllows(Arch, tgt("sm_101a"))); // renamed sm_110a
  EXPECT_FALSE(spec::anyOfAllows(Arch, tgt("sm_100")));
  EXPECT_FALSE(spec::anyOfAllows(Arch, tgt("sm_103a")));
  EXPECT_FALSE(spec::anyOfAllows(Arch, tgt("sm_100f")));

  const Target Fam[] = {smT(100, 'f')};
  EXPECT_TRUE(spec::anyOfAllows(Fam, tgt("sm_100f")));
  EXPECT_TRUE(spec::anyOfAllows(Fam, tgt("sm_100a")));
  EXPECT_TRUE(spec::anyOfAllows(Fam, tgt("sm_103a")));
  EXPECT_TRUE(spec::anyOfAllows(Fam, tgt("sm_103f")));
  EXPECT_FALSE(spec::anyOfAllows(Fam, tgt("sm_103")));
  EXPECT_FALSE(spec::anyOfAllows(Fam, tgt("sm_110f")));
  EXPECT_FALSE(spec::anyOfAllows(Fam, tgt("sm_90a")));
}

TEST(CheckUtilTest, GatingMessages) {
  EXPECT_EQ(requiresPtxText({7, 8}, {7, 0}), "requires PTX ISA 7.8 (module is .version 7.0)");
  EXPECT_EQ(requiresPtxText({7, 8}, PtxVersion()), "requires PTX ISA 7.8");
  const Target Sm90[] = {smT(90)};
  EXPECT_EQ(requiresTargetText(Sm90, tgt("sm_80")), "requires sm_90 or higher (target is sm_80)");
  const Target Arch[] = {smT(100, 'a'), smT(110, 'a'), smT(120, 'a')};
  EXPECT_EQ(requiresTargetText(Arch, tgt("sm_90")),
            "requires sm_100a, sm_110a or sm_120a (target is sm_90)");
  const Target Fam[] = {smT(100, 'f'), smT(120, 'f')};
  EXPECT_EQ(describeTargets(Fam), "sm_100f family or sm_120f family");
}

TEST(CheckUtilTest, RequireReportsWithFixIt) {
  SourceFile F("t.ptx", ".version 7.0\n.target sm_80\n");
  DiagnosticEngine DE;
  SymbolTable Syms;
  CheckContext Ctx{F,   DE, PtxVersion(7, 0), tgt("sm_80"), SourceRange(9, 12), SourceRange(21, 26),
                   Syms};
  EXPECT_TRUE(requirePtx(Ctx, {7, 0}, SourceRange(0, 1), Rule::MmaPtxVersion, "1.2", "x"));
  EXPECT_FALSE(requirePtx(Ctx, {7, 8}, SourceRange(0, 1), Rule::MmaPtxVersion, "1.2", "'.foo'"));
  EXPECT_FALSE(requireSm(Ctx, 90, SourceRange(2, 3), Rule::MmaTarget, "1.3", ""));
  EXPECT_TRUE(requireSm(Ctx, 80, SourceRange(2, 3), Rule::MmaTarget, "1.3", ""));
  ASSERT_EQ(DE.diagnostics().size(), 2u);
  const Diagnostic &V = DE.diagnostics()[0];
  EXPECT_EQ(V.Message, "'.foo' requires PTX ISA 7.8 (module is .version 7.0)");
  EXPECT_EQ(V.Rule, "mma-ptx-version");
  EXPECT_EQ(V.Spec, "1.2");
  ASSERT_EQ(V.Fixes.size(), 1u);
  EXPECT_EQ(V.Fixes[0].Replacement, "7.8");
  EXPECT_EQ(V.Fixes[0].Range, SourceRange(9, 12));
  EXPECT_EQ(DE.diagnostics()[1].Message, "requires sm_90 or higher (target is sm_80)");
  EXPECT_EQ(DE.diagnostics()[1].Range, SourceRange(2, 3));
}

TEST(CheckUtilTest, EditDistanceAndSuggestions) {
  EXPECT_EQ(editDistance("", ""), 0u);
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance(".row", ".rwo"), 2u);
  EXPECT_EQ(editDistance(".col", ".col"), 0u);
  const char *Layouts[] = {".row", ".col"};
  EXPECT_EQ(closestMatch(".rows", Layouts), ".row");
  EXPECT_EQ(closestMatch(".xyzzy", Layouts), "");
  EXPECT_EQ(didYouMean(".cl", Layouts), "; did you mean '.col'?");
  EXPECT_EQ(didYouMean(".col", Layouts), "");
  EXPECT_EQ(didYouMean(".m16n8k33", llvm::ArrayRef<const char *>({".m16n8k32", ".m16n8k16"})),
            "; did you mean '.m16n8k32'?");
}

TEST(CheckUtilTest, Lists) {
  EXPECT_EQ(joinList(llvm::ArrayRef<const char *>({".row"})), ".row");
  EXPECT_EQ(joinList(llvm::ArrayRef<const char *>({".row", ".col"})), ".row or .col");
  EXPECT_EQ(joinList(llvm::ArrayRef<const char *>({"a", "b", "c"}), "and", "'"),
            "'a', 'b' and 'c'");
  EXPECT_EQ(oneOf(llvm::ArrayRef<const char *>({".f16", ".f32", ".s32"})),
            "one of .f16, .f32 or .s32");
}

} // namespace
