//===- Fix.h - apply fix-its, and show them as a unified diff ---*- C++ -*-===//
//
// The fix-its of one diagnostic are one edit: they are applied together or
// not at all. A fix is "safe" when applying it keeps what the author meant
// and only makes ptxas accept (or stop warning about) the line: reordering
// qualifiers, removing a repeated or ignored one, respelling a renamed
// target. A fix is "unsafe" when it guesses (a did-you-mean spelling) or
// changes what the module means or needs (a higher .target or .version).
// Safety is a property of the rule (lib/Support/RuleDocs.def), so it is the
// same in every output: text, JSON, SARIF, the C API and Python.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_FIX_H
#define PTXLINT_FIX_H

#include "ptxlint/Diagnostic.h"
#include "ptxlint/Span.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace ptxlint {

enum class FixSafety : uint8_t { Safe, Unsafe };

/// The safety of the fix-its of diagnostics of Rule (Unsafe for an unknown id).
FixSafety fixSafety(std::string_view Rule);
inline bool isFixSafe(std::string_view Rule) { return fixSafety(Rule) == FixSafety::Safe; }
/// "safe" or "unsafe".
std::string_view fixSafetyName(FixSafety S);

/// The result of applyFixes.
struct FixResult {
  std::string Text;       ///< the fixed text
  unsigned Applied = 0;   ///< diagnostics whose fix was applied
  unsigned Conflicts = 0; ///< fixes left out: they overlap a fix applied before them
};

/// Applies to Text the fix of each diagnostic in Diags (in order) that has
/// fix-its and is safe (or any, with IncludeUnsafe). A fix whose edits
/// overlap one already taken (or each other, or leave the text) is left
/// out and counted in Conflicts: lint the result again and apply again to
/// get it (the command does, until nothing changes). Identical edits of two
/// diagnostics are made once.
FixResult applyFixes(std::string_view Text, Span<Diagnostic> Diags, bool IncludeUnsafe = false);

/// A unified diff (diff -u, 3 lines of context) from Old to New, with
/// "--- OldLabel" and "+++ NewLabel" headers; "" when they are equal.
std::string unifiedDiff(std::string_view Old, std::string_view New, std::string_view OldLabel,
                        std::string_view NewLabel);

} // namespace ptxlint

#endif // PTXLINT_FIX_H
