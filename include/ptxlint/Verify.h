//===- Verify.h - directives written in PTX comments ------------*- C++ -*-===//
//
// Two kinds of directives live in PTX `//` comments, found by a text scan of
// the buffer (comments are not in the AST):
//
//  * expectations for --verify-diagnostics (MLIR / clang -verify style):
//      // expected-error@+1 {{requires sm_90}}
//      // expected-warning {{deprecated}}          (this line)
//      // expected-note@-2 {{declared here}}       (two lines up)
//      // expected-error@12 {{...}}                (absolute line 12)
//    The text between {{ and }} must occur in "message [rule]".
//
//  * suppressions:
//      // ptx-lint-disable-next-line RULE[,RULE...]
//      // ptx-lint-disable-line RULE[,RULE...]      (this line)
//      // ptx-lint-disable-file RULE[,RULE...]
//    "all" names every rule. An unknown rule name is reported as a warning
//    with rule id "unknown-suppression".
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_VERIFY_H
#define PTXLINT_VERIFY_H

#include "ptxlint/Diagnostic.h"
#include "ptxlint/Source.h"

#include "ptxlint/Span.h"

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ptxlint {

/// One `//` comment: its text after the slashes and where it starts.
struct SourceComment {
  std::string_view Text; ///< points into the SourceFile, without "//"
  uint32_t Offset = 0;   ///< byte offset of the "//"
  unsigned Line = 0;     ///< 1-based line of the "//"
};

/// Every `//` comment of F, in order. Skips "//" inside string literals and
/// /* block comments */.
std::vector<SourceComment> scanComments(const SourceFile &F);

/// Removes the diagnostics silenced by ptx-lint-disable comments in F, and
/// appends an "unknown-suppression" warning for each unknown rule name.
/// Diagnostics with rule "io" are never suppressed. Comments:
///   ptx-lint-disable-next-line RULES   the statement on the next line (all
///                                      its lines, up to its ';')
///   ptx-lint-disable-line RULES        this line
///   ptx-lint-disable-file RULES        the whole file
///   ptx-lint-disable RULES ... ptx-lint-enable [RULES]   a range of lines
/// With ReportUnused, a suppression that silenced nothing gets an
/// "unused-suppression" warning.
void applySuppressions(const SourceFile &F, std::vector<Diagnostic> &Diags,
                       bool ReportUnused = false);

/// An expected diagnostic parsed from an expected-* comment.
struct Expectation {
  Severity Sev = Severity::Error;
  unsigned Line = 0; ///< the line the diagnostic must be on
  SourceRange Where; ///< the directive in the comment
  std::string Text;  ///< what the message must contain
  bool Matched = false;
};

/// Parses the expected-* comments of F. Malformed ones ("expected-error"
/// without {{...}}, a line out of range) become "verify" errors in Bad.
std::vector<Expectation> parseExpectations(const SourceFile &F, std::vector<Diagnostic> &Bad);

struct VerifyResult {
  unsigned Expected = 0;
  unsigned Matched = 0;
  unsigned Missing = 0;    ///< expectations with no matching diagnostic
  unsigned Unexpected = 0; ///< errors/warnings no expectation matched
  bool Malformed = false;  ///< an expected-* comment could not be parsed
  bool passed() const { return Missing == 0 && Unexpected == 0 && !Malformed; }
};

/// Matches Diags (what ptx-lint reported for F) against F's expectations.
/// Each expectation consumes one diagnostic of its severity on its line.
/// Unexpected notes are ignored; unexpected errors and warnings fail. Every
/// mismatch is printed to OS as one gcc-style line.
VerifyResult verifyDiagnostics(const SourceFile &F, Span<Diagnostic> Diags, std::ostream &OS);

} // namespace ptxlint

#endif // PTXLINT_VERIFY_H
