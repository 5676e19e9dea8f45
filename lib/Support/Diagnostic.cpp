//===- Diagnostic.cpp - the diagnostic collector ---------------------------===//
#include "ptxlint/Diagnostic.h"

#include <algorithm>

using namespace ptxlint;

llvm::StringRef ptxlint::severityName(Severity S) {
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

Diagnostic &DiagnosticEngine::report(Severity Sev, llvm::StringRef Rule, llvm::StringRef Spec,
                                     SourceRange Range, std::string Message) {
  if (Filter && !Filter(Rule)) {
    Scratch = Diagnostic();
    return Scratch;
  }
  if (Sev == Severity::Error)
    ++NumErrors;
  else if (Sev == Severity::Warning)
    ++NumWarnings;
  if (Limit && Diags.size() >= Limit) {
    ++Dropped;
    DroppedErrors += Sev == Severity::Error;
    DroppedWarnings += Sev == Severity::Warning;
    Scratch = Diagnostic();
    return Scratch;
  }
  Diags.push_back(Diagnostic{Sev, Rule.str(), Spec.str(), Range, std::move(Message), {}, {}});
  return Diags.back();
}

void DiagnosticEngine::sortByLocation() {
  std::stable_sort(Diags.begin(), Diags.end(), [](const Diagnostic &A, const Diagnostic &B) {
    return A.Range.Begin < B.Range.Begin; // invalid ranges (UINT32_MAX) sort last
  });
}
