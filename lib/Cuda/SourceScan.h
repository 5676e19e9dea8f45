//===- SourceScan.h - asm statements and #if guards of a C/C++ source -*- C++ -*-===//
//
// A lexer-level reading of C, C++ and CUDA: comments, string and character
// literals (prefixes, raw strings, escapes, line continuations) and
// preprocessor lines are recognised; nothing is preprocessed and no type is
// analysed. What it yields: every asm statement (its template decoded with
// the source bytes of each template byte, its operands and constraints),
// the conditional-compilation guards around it, and the object-like macros
// the file defines (with their guards), for lib/Cuda/Guards.h to evaluate.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_CUDA_SOURCESCAN_H
#define PTXLINT_LIB_CUDA_SOURCESCAN_H

#include "Cuda/AsmTemplate.h"

#include <set>
#include <string>
#include <vector>

namespace ptxlint {
namespace cuda {

/// One condition of a guard: Expr (as written, continuations joined) must
/// be true, or false when Negated (an #else or a later #elif branch).
struct GuardTerm {
  std::string Expr;
  bool Negated = false;
  SourceRange Directive; ///< the #if / #elif / #ifdef line
};
using Guard = std::vector<GuardTerm>;

/// `#define Name Body` (object-like) or a function-like macro.
struct MacroDef {
  std::string Name;
  std::string Body;
  bool FunctionLike = false;
  Guard Where; ///< the guard the definition is under
};

struct AsmStatement {
  SourceRange Keyword; ///< "asm", "__asm__" ...
  AsmInput Input;      ///< Input.Anchor is Keyword
  /// False when the template is not a plain string literal (a macro, an
  /// expression) or the statement could not be read: then WhyNot says why.
  bool Checkable = true;
  std::string WhyNot;
  SourceRange WhyNotRange;
  Guard Where;
  bool InMacro = false; ///< in the body of a #define
  /// The clobber list's strings ("memory"), each with its literal's range.
  std::vector<std::pair<std::string, SourceRange>> Clobbers;
};

struct ScanResult {
  std::vector<AsmStatement> Statements;
  std::vector<MacroDef> Macros;
  std::set<std::string> Undefined; ///< names the file #undefs
  /// Every identifier of the C/C++ code (outside comments, literals and
  /// preprocessor lines): the names an asm template may refer to.
  std::set<std::string> Identifiers;
};

/// Scans Text (a whole source file); offsets are into Text.
ScanResult scanSource(llvm::StringRef Text);

} // namespace cuda
} // namespace ptxlint

#endif // PTXLINT_LIB_CUDA_SOURCESCAN_H
