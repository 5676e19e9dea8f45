//===- FormMatcher.h - match instructions against spec forms ----*- C++ -*-===//
//
// The generic engine every matrix family uses: bind an instruction's
// qualifiers to the slots of the family's forms (lib/Spec/Spec.h), pick the
// form that matches (or the nearest ones, to say precisely what is wrong),
// then check operands against the form's fragment table and the module's
// .version/.target against the form's gates.
//
// Rule ids are "<family prefix>-<suffix>" (familyRulePrefix(): "mma",
// "mma-sp", "wmma-load", ...) with the suffixes below, so each family can
// switch its own diagnostics off. matcherRules(F) gives the RuleInfo rows of
// one family (the family's xxxRules() array includes them).
//
// Typical family check:
//
//   void check::checkMma(const Instruction &I, CheckContext &Ctx) {
//     MatchResult M = matchForm(I, spec::Family::Mma, Ctx);
//     if (!M.F) return;                 // qualifier diagnostics reported
//     checkOperands(I, *M.F, Ctx);      // counts, register types, immediates
//     checkGates(I, *M.F, Ctx);         // .version / .target
//     ... family-specific checks (selector ranges, advisories) ...
//   }
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_FORMMATCHER_H
#define PTXLINT_LIB_CHECK_FORMMATCHER_H

#include "Check/CheckContext.h"
#include "Check/Rules.h"
#include "Spec/Spec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ptxlint {
namespace check {

/// Rule-id suffixes the matcher reports (prefixed with the family's prefix).
namespace matcher_rules {
constexpr const char *UnknownQualifier = "unknown-qualifier";         ///< not in the vocabulary
constexpr const char *DuplicateQualifier = "duplicate-qualifier";     ///< written twice
constexpr const char *ConflictingQualifier = "conflicting-qualifier"; ///< two values, one slot
constexpr const char *MissingQualifier = "missing-qualifier";         ///< required slot absent
constexpr const char *InvalidQualifier = "invalid-qualifier";         ///< value not valid here
constexpr const char *TypeCombination = "type-combination";           ///< excluded by a spec rule
constexpr const char *QualifierOrder = "qualifier-order"; ///< non-canonical order (note)
constexpr const char *OperandCount = "operand-count";     ///< number of operands
constexpr const char *FragmentSize = "fragment-size";     ///< registers in a vector
constexpr const char *OperandKind = "operand-kind";       ///< vector/scalar/address shape
constexpr const char *UndeclaredRegister = "undeclared-register";
constexpr const char *RegisterType = "register-type"; ///< declared type not accepted
constexpr const char *ImmediateNotAllowed = "immediate-not-allowed";
constexpr const char *RegisterNotAllowed = "register-not-allowed"; ///< constant required
constexpr const char *ImmediateRange = "immediate-range";
constexpr const char *PtxVersion = "ptx-version";
constexpr const char *TargetArch = "target";
constexpr const char *Deprecated = "deprecated";
constexpr const char *Advisory = "advisory";
} // namespace matcher_rules

/// "<prefix>-<suffix>", e.g. ruleId(Family::MmaSp, "fragment-size") ==
/// "mma-sp-fragment-size".
std::string ruleId(spec::Family F, llvm::StringRef Suffix);

/// The RuleInfo rows for the matcher's rules of one family (static storage).
llvm::ArrayRef<RuleInfo> matcherRules(spec::Family F);

/// How the instruction's qualifiers bound to one form.
struct Binding {
  /// For each instruction qualifier (parallel to I.Qualifiers): the index
  /// of the slot of the form it was bound to, or -1 (unknown/extra).
  std::vector<int> QualToSlot;
  /// For each slot of the form: the instruction qualifier index bound, or -1.
  std::vector<int> SlotToQual;
};

struct MatchResult {
  /// The matched form; null when the qualifiers match no form (errors
  /// already reported).
  const spec::Form *F = nullptr;
  Binding B;
  /// True when a qualifier diagnostic (error) was reported.
  bool HadErrors = false;
  /// When F is a combination the spec excludes and ptxas accepts (reported
  /// as a warning): its row.
  const spec::RejectedForm *PtxasOnly = nullptr;
};

/// Options for matchForm.
struct MatchOptions {
  /// Report non-canonical qualifier order as a note.
  bool ReportOrder = true;
  /// Qualifier indices the caller has already consumed (e.g. the leading
  /// ".sp" of mma.sp when the family check strips it); they are skipped.
  std::vector<unsigned> Skip;
};

/// Binds I's qualifiers to the family's forms and reports qualifier
/// diagnostics: unknown (with did-you-mean), duplicated, conflicting,
/// missing, invalid for this shape/type (naming the slot, listing the valid
/// values), excluded combinations (with the rule's reason), non-canonical
/// order (note, with a fix-it). Also what the FormSet says beyond its
/// forms: ignored and repeatable qualifiers, order rules, values ptxas does
/// not check, ptxas-only combinations (a warning, then matched). When no
/// form matches, the version-dependent presence of the nearest form's slots
/// (QualSlot::Introduced/RequiredFrom). Returns the matched form, if any.
MatchResult matchForm(const Instruction &I, spec::Family Fam, CheckContext &Ctx,
                      const MatchOptions &Opts = {});

/// Finds the form whose qualifiers equal Quals exactly (as a set, types
/// positional); no diagnostics. For tools and tests.
const spec::Form *findForm(spec::Family Fam, llvm::ArrayRef<llvm::StringRef> Quals);

/// Checks I's operands against F: operand count, vector sizes, register
/// declarations and types (Ctx.Syms unless Ctx.AssumeDeclared), immediates
/// where registers are required and the reverse, immediate ranges.
void checkOperands(const Instruction &I, const spec::Form &F, CheckContext &Ctx);

/// Checks F's gates against Ctx.Version/Ctx.Tgt (each only when valid):
/// "requires PTX ISA 7.8 (module is .version 7.0)", "requires sm_90 or
/// higher (target is sm_80)", with a fix-it on the directive where one is
/// written (at the family's version alias, FormSet::AliasWritten, as its
/// AliasTreatedAs). Also reports Deprecated (warning) and Advisory (note),
/// then checkQualifierVersions.
void checkGates(const Instruction &I, const spec::Form &F, CheckContext &Ctx);

/// The version-dependent presence of F's slots against Ctx.Version:
/// QualSlot::Introduced, RequiredFrom, Deprecated/Removed.
void checkQualifierVersions(const Instruction &I, const spec::Form &F, CheckContext &Ctx);

/// The version and/or target requirements of F's gates alone (no
/// deprecation or advisory): also used for the nearest forms when the
/// qualifiers match none, so that a line's gate errors are reported next
/// to its qualifier errors, as ptxas does.
void checkGateRequirements(const Instruction &I, const spec::Form &F, CheckContext &Ctx,
                           bool Version, bool Target);

/// Convenience: matchForm, then checkOperands and checkGates on a match.
MatchResult checkAgainstForms(const Instruction &I, spec::Family Fam, CheckContext &Ctx,
                              const MatchOptions &Opts = {});

/// Helpers shared by family checks.
/// The range of qualifier Idx of I (falls back to the opcode range).
SourceRange qualifierRange(const Instruction &I, unsigned Idx, const CheckContext &Ctx);
/// ".f16, .f32 or .bf16" style list (see also CheckUtil.h joinList).
std::string joinValues(llvm::ArrayRef<std::string> Values);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_FORMMATCHER_H
