//===- Diagnostic.cpp - the diagnostic collector ---------------------------===//
#include "ptxlint/Diagnostic.h"

#include <algorithm>

using namespace ptxlint;

std::string_view ptxlint::severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "error";
}

Diagnostic &DiagnosticEngine::report(Severity Sev, std::string_view Rule, std::string_view Spec,
                                     SourceRange Range, std::string Message) {
  if (Sev == Severity::Error)
    ++NumErrors;
  else if (Sev == Severity::Warning)
    ++NumWarnings;
  if (Limit && Diags.size() >= Limit) {
    ++Dropped;
    Scratch = Diagnostic();
    return Scratch;
  }
  Diags.push_back(
      Diagnostic{Sev, std::string(Rule), std::string(Spec), Range, std::move(Message), {}, {}});
  return Diags.back();
}

void DiagnosticEngine::sortByLocation() {
  std::stable_sort(Diags.begin(), Diags.end(), [](const Diagnostic &A, const Diagnostic &B) {
    return A.Range.Begin < B.Range.Begin; // invalid ranges (UINT32_MAX) sort last
  });
}
