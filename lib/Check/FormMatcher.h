//===- FormMatcher.h - match instructions against spec forms ----*- C++ -*-===//
//
// The generic engine every matrix family uses: bind an instruction's
// qualifiers to the slots of the family's forms (lib/Spec/Spec.h), pick the
// form that matches (or the nearest ones, to say precisely what is wrong),
// then check operands against the form's fragment table and the module's
// .version/.target against the form's gates.
//
// Its diagnostics name the fact (FamilyRule, FamilyRules.h) and the family
// picks the rule: "mma-fragment-size", "ldmatrix-fragment-size", ... (rows of
// ptxlint/Rules.def), so each family can switch its own diagnostics off.
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
#include "Check/FamilyRules.h"
#include "Spec/Spec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ptxlint {
namespace check {

/// How the instruction's qualifiers bound to one form.
/// Small vectors: a match (and a copy from MatchMemo.h) allocates nothing.
struct Binding {
  /// For each instruction qualifier (parallel to I.Qualifiers): the index
  /// of the slot of the form it was bound to, or -1 (unknown/extra).
  llvm::SmallVector<int, 16> QualToSlot;
  /// For each slot of the form: the instruction qualifier index bound, or -1.
  llvm::SmallVector<int, 16> SlotToQual;
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

/// A sink in the d of fp8 mma or mma.sp on sm_90 .. sm_110, where ptxas
/// lowers the accumulation through an add that refuses it (CheckMma.cpp).
void checkFp8SinkDest(const Instruction &I, const spec::Form &F, CheckContext &Ctx);

/// The elements of I's fragments that ptxas types beyond F's register
/// types on the module's target (spec::TypedFragment rows of F's family):
/// one error an element, where no other check reported one
/// (TypedFragments.cpp).
void checkTypedFragments(const Instruction &I, const spec::Form &F,
                         llvm::ArrayRef<spec::TypedFragment> Rows, CheckContext &Ctx);

/// True when a TypedFragment row of F's family refuses a register of
/// RegType in every element of Operand on the module's target (rows typing
/// only the leading elements do not count).
bool typedFragmentRefuses(const spec::Form &F, llvm::StringRef Operand, llvm::StringRef RegType,
                          const CheckContext &Ctx);

/// Helpers shared by family checks.
/// True for an integer constant or an integer constant expression `(1+1)`.
bool isIntConstant(const Operand &E);
/// E's source text; `(1+1)` (a list of one expression) in its parentheses.
std::string constantText(const Operand &E);
/// The range of qualifier Idx of I (falls back to the opcode range).
SourceRange qualifierRange(const Instruction &I, unsigned Idx, const CheckContext &Ctx);
/// ".f16, .f32 or .bf16" style list (see also CheckUtil.h joinList).
std::string joinValues(llvm::ArrayRef<std::string> Values);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_FORMMATCHER_H
