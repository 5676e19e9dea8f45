//===- FamilyRules.cpp - family and fact to rule --------------------------===//
//
// The PTXLINT_FAMILY_RULE rows of ptxlint/Rules.def as a table indexed by
// family and fact, and which facts the tables let the matcher report.
//
//===----------------------------------------------------------------------===//
#include "Check/FamilyRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <array>

namespace ptxlint {
namespace check {

namespace {

using Row = std::array<int, NumFamilyRules>;

std::array<Row, spec::NumFamilies> buildTable() {
  std::array<Row, spec::NumFamilies> T;
  for (Row &R : T)
    R.fill(-1);
#define PTXLINT_FAMILY_RULE(Name, Id, Sev, Section, Anchor, Fam, Kind, Summary, Example, Fix)      \
  T[static_cast<unsigned>(spec::Family::Fam)][static_cast<unsigned>(FamilyRule::Kind)] =           \
      static_cast<int>(Rule::Name);
#include "ptxlint/Rules.def"
  return T;
}

} // namespace

Rule familyRule(spec::Family F, FamilyRule Kind) {
  static const std::array<Row, spec::NumFamilies> Table = buildTable();
  int R = Table[static_cast<unsigned>(F)][static_cast<unsigned>(Kind)];
  return R < 0 ? Rule::Internal : static_cast<Rule>(R);
}

bool matcherMayReport(spec::Family Fam, FamilyRule Kind) {
  const spec::FormSet &S = spec::formsOf(Fam);
  auto AnyForm = [&](auto Pred) {
    return llvm::any_of(S.Forms, Pred) ||
           llvm::any_of(S.Rejected, [&](const spec::RejectedForm &R) { return Pred(R.F); });
  };
  auto AnyOperand = [&](auto Pred) {
    return AnyForm([&](const spec::Form &F) { return llvm::any_of(F.Operands, Pred); });
  };
  switch (Kind) {
  case FamilyRule::Deprecated:
    return AnyForm([](const spec::Form &F) { return !F.Deprecated.empty(); });
  case FamilyRule::Advisory:
    return AnyForm([](const spec::Form &F) { return !F.Advisory.empty(); });
  case FamilyRule::RegisterNotAllowed:
    return AnyOperand([](const spec::OperandSpec &O) { return !O.RegAllowed; });
  case FamilyRule::ImmediateRange:
    return AnyOperand([](const spec::OperandSpec &O) {
      return llvm::any_of(O.Ranges, [](const spec::ImmRange &R) { return R.isRestricted(); });
    });
  case FamilyRule::FragmentSize:
    return AnyOperand([](const spec::OperandSpec &O) {
      return O.Shape == spec::OperandShape::Vector && O.Count >= 2;
    });
  case FamilyRule::TypeCombination: {
    Rule Id = familyRule(Fam, Kind);
    return llvm::any_of(S.Rejected, [&](const spec::RejectedForm &R) { return R.Rule == Id; });
  }
  case FamilyRule::InvalidQualifier:
    // ldmatrix and stmatrix list every invalid combination of their
    // qualifiers as a rejected form with its own rule (-type, -num, -trans);
    // elsewhere a type of no form (.bf16 on movmatrix) is invalid too.
    return Fam != spec::Family::Ldmatrix && Fam != spec::Family::Stmatrix;
  case FamilyRule::ConflictingQualifier: {
    // Needs a slot with more than one value in the family's vocabulary.
    llvm::StringMap<unsigned> ValuesPerSlot;
    for (const auto &E : S.Vocab)
      for (const std::string &Slot : E.getValue().Slots)
        ++ValuesPerSlot[Slot];
    return llvm::any_of(ValuesPerSlot, [](const auto &E) { return E.getValue() > 1; });
  }
  case FamilyRule::UnknownQualifier:
  case FamilyRule::DuplicateQualifier:
  case FamilyRule::MissingQualifier:
  case FamilyRule::QualifierOrder:
  case FamilyRule::OperandCount:
  case FamilyRule::OperandKind:
  case FamilyRule::RegisterType:
  case FamilyRule::ImmediateNotAllowed:
  case FamilyRule::PtxVersion:
  case FamilyRule::Target:
    return true;
  default:
    return false; // not the matcher's
  }
}

} // namespace check
} // namespace ptxlint
