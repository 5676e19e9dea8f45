//===- SpecTablesTest.cpp - invariants of the mma/mma.sp spec tables ------===//
//
// The tables are data; these tests check what must hold of every row (the
// fragment sizes agree with the shape and element width, gates are
// consistent, no combination is both valid and excluded, every form is
// found from its own qualifiers in any order) and a few diagnostics of the
// generic matcher through the checkInstruction API.
//
//===----------------------------------------------------------------------===//
#include "Check/FormMatcher.h"
#include "Spec/Spec.h"
#include "ptxlint/Lint.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <set>
#include <string>

using namespace ptxlint;
using namespace ptxlint::spec;

namespace {

unsigned elemBits(const std::string &T, const std::string &Kind) {
  if (T == ".f64")
    return 64;
  if (T == ".f32" || T == ".s32" || T == ".tf32")
    return 32;
  if (T == ".f16" || T == ".bf16")
    return 16;
  if (T == ".u4" || T == ".s4")
    return 4;
  if (T == ".b1")
    return 1;
  if (T == ".e2m1") // a byte container, except with mxf4/mxf4nvf4
    return (Kind == ".kind::mxf4" || Kind == ".kind::mxf4nvf4") ? 4 : 8;
  return 8; // u8/s8 and the fp8/fp6 types (one byte each)
}

struct Mnk {
  unsigned M = 0, N = 0, K = 0;
};
Mnk parseShape(const std::string &S) {
  Mnk R;
  sscanf(S.c_str(), ".m%un%uk%u", &R.M, &R.N, &R.K);
  return R;
}

std::string kindOf(const Form &F) {
  const QualSlot *K = F.slot(".kind");
  return K ? K->Values.front() : "";
}

/// Registers of a fragment, from the matrix size: elements per warp times
/// element bits over 32 lanes of 32-bit (f64: 64-bit) registers.
unsigned expectedRegs(unsigned Elems, const std::string &T, const std::string &Kind) {
  unsigned RegBits = T == ".f64" ? 64 : 32;
  return Elems * elemBits(T, Kind) / (32 * RegBits);
}

TEST(SpecTables, FormCounts) {
  // Recorded so that a change to the tables is a visible change here.
  EXPECT_EQ(enumerateForms(Family::Mma).size(), 148u);
  EXPECT_EQ(enumerateForms(Family::MmaSp).size(), 138u);
  EXPECT_FALSE(formsOf(Family::Mma).Rejected.empty());
}

TEST(SpecTables, FragmentSizesFollowTheShape) {
  for (Family Fam : {Family::Mma, Family::MmaSp})
    for (const Form &F : enumerateForms(Fam)) {
      SCOPED_TRACE(F.fullMnemonic());
      Mnk S = parseShape(F.Shape);
      ASSERT_NE(S.M, 0u);
      std::string Kind = kindOf(F);
      // m8n8k4 with .f16 runs four 8x8x4 products per warp (9.7.14.5.1).
      unsigned Copies = (F.Shape == ".m8n8k4" && F.AType == ".f16") ? 4 : 1;
      unsigned AElems = S.M * S.K * Copies / (F.Sparse ? 2 : 1);
      EXPECT_EQ(F.operand("a")->Count, expectedRegs(AElems, F.AType, Kind));
      EXPECT_EQ(F.operand("b")->Count, expectedRegs(S.K * S.N * Copies, F.BType, Kind));
      EXPECT_EQ(F.operand("c")->Count, expectedRegs(S.M * S.N * Copies, F.CType, Kind));
      EXPECT_EQ(F.operand("d")->Count, expectedRegs(S.M * S.N * Copies, F.DType, Kind));
    }
}

TEST(SpecTables, OperandsAndGates) {
  for (Family Fam : {Family::Mma, Family::MmaSp})
    for (const Form &F : enumerateForms(Fam)) {
      SCOPED_TRACE(F.fullMnemonic());
      bool BlockScale = F.slot(".block_scale") != nullptr;
      size_t Want = 4 + (F.Sparse ? 2 : 0) + (BlockScale ? 4 : 0);
      EXPECT_EQ(F.Operands.size(), Want);
      EXPECT_FALSE(F.operand("d")->ImmAllowed);
      EXPECT_TRUE(F.operand("d")->IsDest);
      for (const OperandSpec &O : F.Operands)
        if (O.Shape == OperandShape::Vector)
          EXPECT_TRUE(std::find(O.RegTypes.begin(), O.RegTypes.end(),
                                O.ElemType == ".f64" ? ".b64" : ".b32") != O.RegTypes.end())
              << O.Name << " does not take untyped bits";
      if (F.Sparse) {
        const OperandSpec *Sel = F.operand("f");
        ASSERT_TRUE(Sel && Sel->Ranges.size() == 1);
        EXPECT_FALSE(Sel->RegAllowed);
        EXPECT_LE(Sel->Ranges[0].ValidMax, Sel->Ranges[0].HardMax);
      }
      // MinPtx is the newest gate; every form has one and it is at least 6.4.
      ASSERT_TRUE(F.MinPtx.isValid());
      EXPECT_GE(F.MinPtx, PtxVersion(6, 4));
      for (const Gate &G : F.Gates) {
        EXPECT_FALSE(G.Feature.empty());
        EXPECT_FALSE(G.Spec.empty());
        if (G.MinPtx.isValid())
          EXPECT_LE(G.MinPtx, F.MinPtx);
      }
      EXPECT_FALSE(F.Spec.empty());
      EXPECT_FALSE(F.FragmentSpec.empty());
    }
}

TEST(SpecTables, TargetGates) {
  auto T = [](unsigned Sm, char Suffix = 0) {
    Target X;
    X.Sm = Sm;
    X.Suffix = Suffix;
    return X;
  };
  const Form *Kind =
      check::findForm(Family::Mma, {".sync", ".aligned", ".m16n8k32", ".row", ".col",
                                    ".kind::f8f6f4", ".f32", ".e2m1", ".e3m2", ".f32"});
  ASSERT_TRUE(Kind);
  PtxVersion V(9, 0);
  EXPECT_TRUE(Kind->allowedOn(T(120, 'a'), V));
  EXPECT_TRUE(Kind->allowedOn(T(121, 'f'), V));
  EXPECT_FALSE(Kind->allowedOn(T(120), V));
  EXPECT_FALSE(Kind->allowedOn(T(100, 'a'), V));
  EXPECT_FALSE(Kind->allowedOn(T(120, 'f'), PtxVersion(8, 7)));
  const Form *Fp8 =
      check::findForm(Family::Mma, {".sync", ".aligned", ".m16n8k32", ".row", ".col",
                                    ".kind::f8f6f4", ".f32", ".e4m3", ".e5m2", ".f32"});
  ASSERT_TRUE(Fp8);
  EXPECT_TRUE(Fp8->allowedOn(T(100, 'a'), V));
  EXPECT_TRUE(Fp8->allowedOn(T(103, 'f'), V));
  EXPECT_TRUE(Fp8->allowedOn(T(110, 'a'), V));
  EXPECT_FALSE(Fp8->allowedOn(T(90, 'a'), V));
  const Form *F64 = check::findForm(Family::Mma, {".sync", ".aligned", ".m16n8k16", ".row", ".col",
                                                  ".f64", ".f64", ".f64", ".f64"});
  ASSERT_TRUE(F64);
  EXPECT_EQ(F64->minSm(), 90u);
  EXPECT_EQ(F64->MinPtx, PtxVersion(7, 8));
}

TEST(SpecTables, EveryFormIsFoundInAnyFreeOrder) {
  for (Family Fam : {Family::Mma, Family::MmaSp})
    for (const Form &F : enumerateForms(Fam)) {
      std::vector<std::string> Quals;
      for (const QualSlot &Q : F.Quals)
        if (!Q.isOmittable())
          Quals.push_back(Q.Values.front());
      std::vector<llvm::StringRef> Refs(Quals.begin(), Quals.end());
      EXPECT_EQ(check::findForm(Fam, Refs), &F) << F.mnemonic();
      // Move the shape to the front: the free qualifiers are a set.
      std::stable_partition(Refs.begin(), Refs.end(),
                            [&](llvm::StringRef Q) { return Q == F.Shape; });
      EXPECT_EQ(check::findForm(Fam, Refs), &F) << F.mnemonic();
    }
}

TEST(SpecTables, RejectedCombinationsAreNotValid) {
  for (Family Fam : {Family::Mma, Family::MmaSp}) {
    std::set<std::string> Valid;
    for (const Form &F : enumerateForms(Fam))
      Valid.insert(F.fullMnemonic());
    for (const RejectedForm &R : formsOf(Fam).Rejected) {
      EXPECT_EQ(Valid.count(R.F.fullMnemonic()), 0u) << R.F.fullMnemonic();
      EXPECT_FALSE(R.Reason.empty());
      EXPECT_NE(R.Rule, Rule::Internal) << R.F.fullMnemonic() << " names no rule";
    }
  }
}

TEST(SpecTables, MatcherRulesAreRegistered) {
  // Every fact the tables let the matcher report has a row for the family.
  for (Family Fam : spec::allFamilies())
    for (unsigned K = 0; K < check::NumFamilyRules; ++K) {
      auto Kind = static_cast<check::FamilyRule>(K);
      if (check::matcherMayReport(Fam, Kind))
        EXPECT_NE(check::familyRule(Fam, Kind), Rule::Internal)
            << spec::familyRulePrefix(Fam).str() << " fact " << K << " has no rule";
    }
  EXPECT_EQ(check::familyRule(Family::MmaSp, check::FamilyRule::FragmentSize),
            Rule::MmaSpFragmentSize);
  EXPECT_EQ(check::familyRule(Family::Ldmatrix, check::FamilyRule::RedundantQualifier),
            Rule::LdmatrixRedundantQualifier);
  EXPECT_EQ(check::familyRule(Family::Mma, check::FamilyRule::RedundantQualifier),
            Rule::MmaRedundantQualifier);
  // Every family rule's id is "<family prefix>-<kind>": one kind, one fact.
  for (Family Fam : spec::allFamilies())
    for (unsigned K = 0; K < check::NumFamilyRules; ++K) {
      Rule R = check::familyRule(Fam, static_cast<check::FamilyRule>(K));
      if (R != Rule::Internal)
        EXPECT_EQ(std::string(ruleId(R)).rfind(spec::familyRulePrefix(Fam).str() + "-", 0), 0u)
            << ruleId(R);
    }
}

//===----------------------------------------------------------------------===//
// Diagnostics through checkInstruction
//===----------------------------------------------------------------------===//

Target sm(unsigned N, char S = 0) {
  Target T;
  T.Sm = N;
  T.Suffix = S;
  return T;
}

const Diagnostic *findDiag(const LintResult &R, llvm::StringRef Rule) {
  for (const Diagnostic &D : R.Diags)
    if (D.Rule == Rule)
      return &D;
  return nullptr;
}

TEST(MmaCheck, ValidFormHasNoDiagnostics) {
  LintResult R = checkInstruction("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
                                  "{%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};",
                                  sm(80), PtxVersion(7, 0));
  EXPECT_EQ(R.Errors, 0u);
  EXPECT_EQ(R.Warnings, 0u);
}

TEST(MmaCheck, FragmentSizeNamesTheCounts) {
  LintResult R = checkInstruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                                  "{%f1,%f2}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};",
                                  sm(80), PtxVersion(7, 0));
  const Diagnostic *D = findDiag(R, "mma-fragment-size");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Message, "d holds 4 registers for mma.m16n8k16 with .f32 accumulators, found 2");
  EXPECT_EQ(D->Sev, Severity::Error);
}

TEST(MmaCheck, TypeCombinationQuotesTheSpecAndFixes) {
  LintResult R = checkInstruction("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f32 "
                                  "{%r1,%r2}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};",
                                  sm(80), PtxVersion(7, 0));
  const Diagnostic *D = findDiag(R, "mma-type-combination");
  ASSERT_TRUE(D);
  EXPECT_NE(D->Message.find(".dtype must be the same as .ctype"), std::string::npos);
  ASSERT_EQ(D->Fixes.size(), 1u);
  EXPECT_EQ(D->Fixes[0].Replacement, ".f32");
}

TEST(MmaCheck, GatesOnVersionAndTarget) {
  const char *Inst = "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 "
                     "{%fd1,%fd2,%fd3,%fd4}, {%fd5,%fd6}, {%fd7}, {%fd1,%fd2,%fd3,%fd4};";
  LintResult R = checkInstruction(Inst, sm(80), PtxVersion(7, 0));
  const Diagnostic *V = findDiag(R, "mma-ptx-version");
  const Diagnostic *T = findDiag(R, "mma-target");
  ASSERT_TRUE(V && T);
  EXPECT_NE(V->Message.find("requires PTX ISA 7.8 (module is .version 7.0)"), std::string::npos);
  EXPECT_NE(T->Message.find("requires sm_90 or higher (target is sm_80)"), std::string::npos);
  EXPECT_EQ(checkInstruction(Inst, sm(90), PtxVersion(7, 8)).Errors, 0u);
}

TEST(MmaCheck, SparseSelectorErrorAndWarning) {
  LintResult Hard =
      checkInstruction("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 "
                       "{%r0,%r1}, {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%r8,%r9}, %r10, 2;",
                       sm(90), PtxVersion(8, 5));
  const Diagnostic *D = findDiag(Hard, "mma-sp-immediate-range");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Sev, Severity::Error);
  LintResult Soft = checkInstruction(
      "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 "
      "{%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%f4,%f5,%f6,%f7}, %r10, 2;",
      sm(90), PtxVersion(8, 5));
  D = findDiag(Soft, "mma-sp-immediate-range");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Sev, Severity::Warning);
}

TEST(MmaCheck, RegisterTypesFromDeclarations) {
  LintResult R = checkInstruction("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
                                  "{%f1,%f2,%f3,%f4}, {%u1,%u2}, {%r3}, {%f5,%f6,%f7,%f8};",
                                  sm(80), PtxVersion(7, 0),
                                  ".reg .f32 %f<9>; .reg .b32 %r<4>; .reg .u32 %u<3>;");
  const Diagnostic *D = findDiag(R, "mma-register-type");
  ASSERT_TRUE(D);
  EXPECT_NE(D->Message.find("must be declared .f16x2 or .b32, but %u1 is .u32"), std::string::npos);
}

} // namespace
