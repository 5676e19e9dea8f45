//===- Diagnostic.h - diagnostics as plain structs --------------*- C++ -*-===//
//
// A Diagnostic is plain data: severity, stable rule id, spec section, range,
// message, fix-its and attached notes. Library entry points return them; the
// formatters in Output.h render them. No exception ever crosses this API.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_DIAGNOSTIC_H
#define PTXLINT_DIAGNOSTIC_H

#include "ptxlint/Rules.h"
#include "ptxlint/Severity.h"
#include "ptxlint/Source.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ptxlint {

std::string_view severityName(Severity S);

/// Replace the text in Range by Replacement (an empty range inserts).
struct FixIt {
  SourceRange Range;
  std::string Replacement;
};

/// A secondary location attached to a diagnostic ("declared here").
struct DiagNote {
  SourceRange Range;
  std::string Message;
};

/// A place in the program's own source (CUDA, C++, Triton) that the PTX a
/// diagnostic is about was generated from: the `.loc` directive before it,
/// resolved through `.file` (docs/cuda.md).
struct SourceOrigin {
  std::string File; ///< as `.file` names it
  unsigned Line = 0;
  unsigned Column = 0; ///< 0 when the .loc gives none
  std::string Message; ///< "in inline asm here", "generated from here", "inlined from here"
};

struct Diagnostic {
  Severity Sev = Severity::Error;
  std::string Rule;    ///< stable rule id, e.g. "mma-type-combination"
  std::string Spec;    ///< spec section, e.g. "9.7.14.5.14" (may be empty)
  SourceRange Range;   ///< the offending qualifier, operand or token
  std::string Message; ///< lowercase, no final period
  std::vector<FixIt> Fixes;
  std::vector<DiagNote> Notes;
  /// From `.loc`: [0] the source line the PTX came from, then the
  /// `inlined_at` call site; empty without line information.
  std::vector<SourceOrigin> Origin;

  /// Sets Rule to R's id and Spec to R's section.
  void setRule(ptxlint::Rule R) {
    Rule = ruleId(R);
    Spec = ruleInfo(R).Spec;
  }
};

/// Collects diagnostics. Cheap to create; not thread-safe (use one per file).
class DiagnosticEngine {
public:
  /// Reports a diagnostic of rule R with the severity and section of R's
  /// row in the registry (ptxlint/Rules.def).
  Diagnostic &report(Rule R, SourceRange Range, std::string Message) {
    return report(ruleInfo(R).DefaultSev, R, ruleInfo(R).Spec, Range, std::move(Message));
  }
  /// The same with another severity than the row's (a case ptxas tolerates,
  /// a choice the options make).
  Diagnostic &report(Severity Sev, Rule R, SourceRange Range, std::string Message) {
    return report(Sev, R, ruleInfo(R).Spec, Range, std::move(Message));
  }
  /// The same with a more precise section than the row's, taken from the
  /// spec tables (a form's fragment layout, a gate's section).
  Diagnostic &report(Rule R, std::string_view Spec, SourceRange Range, std::string Message) {
    return report(ruleInfo(R).DefaultSev, R, Spec, Range, std::move(Message));
  }
  Diagnostic &report(Severity Sev, Rule R, std::string_view Spec, SourceRange Range,
                     std::string Message);
  /// Adds a diagnostic made elsewhere (relayed, or held back and reported
  /// later), counting its severity.
  Diagnostic &add(Diagnostic D);

  const std::vector<Diagnostic> &diagnostics() const { return Diags; }
  /// For passes that annotate what was reported (the .loc source origin).
  std::vector<Diagnostic> &mutableDiagnostics() { return Diags; }
  std::vector<Diagnostic> take() { return std::move(Diags); }
  unsigned errorCount() const { return NumErrors; }
  /// Every report and add so far, those the filter drops too: a check that
  /// remembers where it found nothing tells by it whether it reported.
  unsigned reportsMade() const { return Reports; }
  unsigned warningCount() const { return NumWarnings; }
  /// Stops collecting (not checking) once this many diagnostics are stored;
  /// 0 means unlimited. Those reported past the limit are counted
  /// (dropped(), droppedErrors(), droppedWarnings(), and in errorCount()),
  /// not stored: memory stays bounded however many a file has.
  void setLimit(unsigned Limit) { this->Limit = Limit; }
  unsigned dropped() const { return Dropped; }
  unsigned droppedErrors() const { return DroppedErrors; }
  unsigned droppedWarnings() const { return DroppedWarnings; }
  /// Diagnostics of rules for which Keep returns false are neither stored
  /// nor counted (switched-off rules take no room under the limit).
  void setFilter(std::function<bool(std::string_view Rule)> Keep) { Filter = std::move(Keep); }
  /// Sort by position (stable), so output order is the file's order.
  void sortByLocation();

private:
  std::vector<Diagnostic> Diags;
  Diagnostic Scratch; // returned when over the limit
  unsigned NumErrors = 0;
  unsigned NumWarnings = 0;
  unsigned Reports = 0;
  unsigned Limit = 0;
  unsigned Dropped = 0;
  unsigned DroppedErrors = 0;
  unsigned DroppedWarnings = 0;
  std::function<bool(std::string_view)> Filter;
};

} // namespace ptxlint

#endif // PTXLINT_DIAGNOSTIC_H
