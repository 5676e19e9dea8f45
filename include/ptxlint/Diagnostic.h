//===- Diagnostic.h - diagnostics as plain structs --------------*- C++ -*-===//
//
// A Diagnostic is plain data: severity, stable rule id, spec section, range,
// message, fix-its and attached notes. Library entry points return them; the
// formatters in Output.h render them. No exception ever crosses this API.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_DIAGNOSTIC_H
#define PTXLINT_DIAGNOSTIC_H

#include "ptxlint/Source.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxlint {

enum class Severity : uint8_t { Note, Warning, Error };

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
};

/// Collects diagnostics. Cheap to create; not thread-safe (use one per file).
class DiagnosticEngine {
public:
  Diagnostic &report(Severity Sev, std::string_view Rule, std::string_view Spec, SourceRange Range,
                     std::string Message);
  Diagnostic &error(std::string_view Rule, std::string_view Spec, SourceRange Range,
                    std::string Message) {
    return report(Severity::Error, Rule, Spec, Range, std::move(Message));
  }
  Diagnostic &warning(std::string_view Rule, std::string_view Spec, SourceRange Range,
                      std::string Message) {
    return report(Severity::Warning, Rule, Spec, Range, std::move(Message));
  }
  Diagnostic &note(std::string_view Rule, std::string_view Spec, SourceRange Range,
                   std::string Message) {
    return report(Severity::Note, Rule, Spec, Range, std::move(Message));
  }

  const std::vector<Diagnostic> &diagnostics() const { return Diags; }
  /// For passes that annotate what was reported (the .loc source origin).
  std::vector<Diagnostic> &mutableDiagnostics() { return Diags; }
  std::vector<Diagnostic> take() { return std::move(Diags); }
  unsigned errorCount() const { return NumErrors; }
  unsigned warningCount() const { return NumWarnings; }
  /// Stops collecting (not checking) once this many diagnostics are stored;
  /// 0 means unlimited. A final note says how many were dropped.
  void setLimit(unsigned Limit) { this->Limit = Limit; }
  unsigned dropped() const { return Dropped; }
  /// Sort by position (stable), so output order is the file's order.
  void sortByLocation();

private:
  std::vector<Diagnostic> Diags;
  Diagnostic Scratch; // returned when over the limit
  unsigned NumErrors = 0;
  unsigned NumWarnings = 0;
  unsigned Limit = 0;
  unsigned Dropped = 0;
};

} // namespace ptxlint

#endif // PTXLINT_DIAGNOSTIC_H
