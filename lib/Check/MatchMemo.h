//===- MatchMemo.h - clean form matches, once per spelling ------*- C++ -*-===//
//
// matchForm's answer for an instruction that matched a form exactly and
// reported nothing: the form and the binding of its qualifiers. Every step of
// that path reads the family, the qualifiers as written and the skipped ones
// only (what depends on the target, the version or the operands is checked
// after matchForm), so the answer is kept per spelling and thread (no lock)
// and generated code, which repeats a few spellings, matches each once.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CHECK_MATCHMEMO_H
#define PTXLINT_LIB_CHECK_MATCHMEMO_H

#include "Check/FormMatcher.h"

#include "llvm/ADT/SmallString.h"

namespace ptxlint {
namespace check {

struct CleanMatch {
  const spec::Form *F;
  Binding B;
};

/// The memo's key of I: the family, the skipped qualifier indices and the
/// qualifiers, each with its boundary (qualifiers may hold dots).
void cleanMatchKey(const Instruction &I, spec::Family Fam, const MatchOptions &Opts,
                   llvm::SmallString<128> &Key);
/// The clean match remembered under Key on this thread, or null.
const CleanMatch *findCleanMatch(llvm::StringRef Key);
/// Remembers a clean match (at most 4,096 spellings a thread: a file could
/// hold many; the memo starts over when full).
void rememberCleanMatch(llvm::StringRef Key, const spec::Form &F, const Binding &B);

} // namespace check
} // namespace ptxlint

#endif // PTXLINT_LIB_CHECK_MATCHMEMO_H
