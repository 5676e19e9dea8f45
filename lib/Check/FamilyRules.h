//===- FamilyRules.h - the rules of the matrix families ---------*- C++ -*-===//
//
// Code shared by the matrix families (the form matcher, the ldmatrix and
// wmma checks) names the fact it reports, a FamilyRule; the family picks the
// rule of that fact from the registry (the PTXLINT_FAMILY_RULE rows of
// ptxlint/Rules.def, whose ids are "<family prefix>-<kind>"):
//
//   Ctx.Diags.report(familyRule(Fam, FamilyRule::OperandKind), Range, Msg);
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_FAMILYRULES_H
#define PTXLINT_LIB_CHECK_FAMILYRULES_H

#include "Spec/Spec.h"
#include "ptxlint/Rules.h"

#include <cstdint>

namespace ptxlint {
namespace check {

/// One fact about a matrix instruction, the same in every family.
enum class FamilyRule : uint8_t {
  // The form matcher (FormMatcher.cpp, FormOperands.cpp).
  UnknownQualifier,     ///< not in the family's vocabulary
  DuplicateQualifier,   ///< written twice, and ptxas rejects the repetition
  RedundantQualifier,   ///< written twice, and ptxas accepts it (.sync, .satfinite)
  ConflictingQualifier, ///< two values, one slot
  MissingQualifier,     ///< required slot absent
  InvalidQualifier,     ///< value not valid here
  IgnoredQualifier,     ///< accepted and ignored by ptxas
  TypeCombination,      ///< excluded by a spec rule
  QualifierOrder,       ///< non-canonical order (note)
  OperandCount,         ///< number of operands
  FragmentSize,         ///< registers in a vector
  OperandKind,          ///< vector/scalar/address shape
  RegisterType,         ///< declared type not accepted
  ImmediateNotAllowed,  ///< a register is required
  RegisterNotAllowed,   ///< a constant is required
  ImmediateRange,       ///< a selector constant out of range
  PtxVersion,           ///< .version too old for the form
  Target,               ///< .target without the form
  Deprecated,           ///< a form ptxas reports as deprecated
  Advisory,             ///< a ptxas advisory
  PtxasOnly,            ///< a form the spec excludes and ptxas accepts
  // Family checks.
  Alignment,
  BlockScaleCombination,
  F64IntegerDest,
  F64SinkDest,
  Fp8F16Accumulator,
  Fp8SinkDest,
  ImmediateType,
  Layout,
  Num,
  PopcOrder,
  QualifierPosition,
  Satfinite,
  Sink,
  StateSpace,
  Stride,
  Trans,
  Type,
  UndocumentedNum,
};
constexpr unsigned NumFamilyRules = static_cast<unsigned>(FamilyRule::UndocumentedNum) + 1;

/// The rule of Kind in family F; Rule::Internal where the family has no such
/// rule (test/unit/FamilyRulesTest.cpp requires a row for every fact the
/// tables let the matcher report).
Rule familyRule(spec::Family F, FamilyRule Kind);

/// True when the family's tables let the form matcher report Kind at all
/// (a rule that cannot fire has no row).
bool matcherMayReport(spec::Family F, FamilyRule Kind);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_FAMILYRULES_H
