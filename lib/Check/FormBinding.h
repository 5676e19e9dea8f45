//===- FormBinding.h - qualifier binding of the form matcher ----*- C++ -*-===//
//
// Private to FormMatcher.cpp, FormBinding.cpp and FormNearest.cpp: the
// generic matcher split by topic (issue 11).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_FORMBINDING_H
#define PTXLINT_LIB_CHECK_FORMBINDING_H

#include "Check/CheckContext.h"
#include "Check/FormMatcher.h"
#include "Spec/Spec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ptxlint {
namespace check {
namespace formmatch {

/// One qualifier of the instruction as the matcher sees it.
struct Tok {
  llvm::StringRef Text;
  unsigned QualIdx;
  spec::OrderGroup Group;
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
  llvm::SmallVector<Issue, 4> Issues;
  llvm::SmallVector<int, 16> SlotToTok;
};

/// Binds the tokens to F's slots; cost 0 is a match.
FormBinding bindTokens(const spec::Form &F, llvm::ArrayRef<Tok> Toks,
                       const llvm::StringMap<spec::FormSet::VocabEntry> &Vocab);

/// Per-family index: exact-match keys of every form (with each choice of
/// its omittable slots) to the form's index.
struct FamilyIndex {
  llvm::StringMap<unsigned> Exact;
  std::vector<std::string> Vocab; // for did-you-mean
};

/// The exact-match key of the free (a set), layout and type qualifiers.
std::string keyOf(llvm::ArrayRef<llvm::StringRef> Free, llvm::ArrayRef<llvm::StringRef> Layout,
                  llvm::ArrayRef<llvm::StringRef> Type);

/// The family's index, built once.
const FamilyIndex &indexFor(spec::Family Fam);

/// The canonical qualifier text of F as the instruction wrote it: the
/// instruction's own values in the form's slot order.
std::string canonicalText(const Instruction &I, const spec::Form &F, const FormBinding &B,
                          llvm::ArrayRef<Tok> Toks);

/// What diagnoseNearest finds by binding the qualifiers to every form: a
/// pure function of the family and the qualifiers as written.
struct NearestSearch {
  const spec::RejectedForm *Rejected = nullptr; ///< an excluded combination that matches
  FormBinding RejectedBinding;
  std::set<std::string> RejectedValid; ///< what would be valid in its bad slot
  std::vector<std::pair<const spec::Form *, FormBinding>> Near; ///< the valid forms of least cost
};

/// The search, memoized per thread (no lock): generated code repeats its
/// mistakes, and each search binds the qualifiers to every form of the
/// family (50-500 us).
const NearestSearch &nearestFor(spec::Family Fam, llvm::ArrayRef<Tok> Toks, const spec::FormSet &S);

/// The qualifier diagnostics of an instruction that matches no form: what
/// the nearest forms say is wrong, slot by slot, with the valid values.
void diagnoseNearest(const Instruction &I, spec::Family Fam, llvm::ArrayRef<Tok> Toks,
                     CheckContext &Ctx);

/// When the qualifiers match no form, the gates every nearest form shares
/// still hold (ptxas reports them next to the qualifier error).
void checkNearestGates(const Instruction &I, spec::Family Fam, llvm::ArrayRef<Tok> Toks,
                       CheckContext &Ctx);

/// A last type qualifier that ptxas ignores after the types of some forms
/// (spec::ignoresStrayType): a warning, plus the type's own gates. On
/// success the token is removed from Toks and the form without it is
/// returned.
const spec::Form *matchStrayType(const Instruction &I, spec::Family Fam, std::vector<Tok> &Toks,
                                 CheckContext &Ctx);

} // namespace formmatch
} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_FORMBINDING_H
