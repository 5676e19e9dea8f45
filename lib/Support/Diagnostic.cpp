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

Diagnostic &DiagnosticEngine::report(Severity Sev, Rule R, std::string_view Spec, SourceRange Range,
                                     std::string Message) {
  return add(Diagnostic{Sev, ruleId(R), std::string(Spec), Range, std::move(Message), {}, {}, {}});
}

Diagnostic &DiagnosticEngine::add(Diagnostic D) {
  ++Reports;
  if (Filter && !Filter(D.Rule)) {
    Scratch = Diagnostic();
    return Scratch;
  }
  if (D.Sev == Severity::Error)
    ++NumErrors;
  else if (D.Sev == Severity::Warning)
    ++NumWarnings;
  if (Limit && Diags.size() >= Limit) {
    ++Dropped;
    DroppedErrors += D.Sev == Severity::Error;
    DroppedWarnings += D.Sev == Severity::Warning;
    Scratch = Diagnostic();
    return Scratch;
  }
  Diags.push_back(std::move(D));
  return Diags.back();
}

void DiagnosticEngine::sortByLocation() {
  std::stable_sort(Diags.begin(), Diags.end(), [](const Diagnostic &A, const Diagnostic &B) {
    return A.Range.Begin < B.Range.Begin; // invalid ranges (UINT32_MAX) sort last
  });
}
