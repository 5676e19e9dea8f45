//===- GithubOutput.cpp - GitHub Actions annotations ----------------------===//
//
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
// Property values escape '%', CR, LF, ':' and ','; the message escapes '%',
// CR and LF.
//
//===----------------------------------------------------------------------===//

#include "Output/RawOutput.h"

namespace ptxlint {

namespace {

std::string escape(llvm::StringRef S, bool Property) {
  std::string R;
  for (char C : S) {
    if (C == '%')
      R += "%25";
    else if (C == '\r')
      R += "%0D";
    else if (C == '\n')
      R += "%0A";
    else if (Property && C == ':')
      R += "%3A";
    else if (Property && C == ',')
      R += "%2C";
    else
      R += C;
  }
  return R;
}

const char *command(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "notice";
  }
  return "error";
}

void printOne(llvm::StringRef Path, Severity Sev, const LineColRange &Loc, llvm::StringRef Title,
              llvm::StringRef Message, llvm::raw_ostream &OS) {
  OS << "::" << command(Sev) << " file=" << escape(Path, true);
  if (Loc.isValid()) {
    OS << ",line=" << Loc.Line << ",col=" << Loc.Column;
    if (Loc.EndLine)
      OS << ",endLine=" << Loc.EndLine << ",endColumn=" << Loc.EndColumn;
  }
  OS << ",title=" << escape(Title, true) << "::" << escape(Message, false) << "\n";
}

} // namespace

void printGithub(const FileReport &R, llvm::raw_ostream &OS) {
  for (const LocatedDiagnostic &D : R.Diags) {
    std::string Msg = D.Message + " " + ruleTag(D.Rule, D.Spec);
    for (const LocatedDiagnostic::Fix &F : D.Fixes)
      if (F.Loc.isValid())
        Msg += "\nfix: replace " + std::to_string(F.Loc.Line) + ":" + std::to_string(F.Loc.Column) +
               "-" + std::to_string(F.Loc.EndColumn) + " with '" + F.Replacement + "'";
    printOne(R.Path, D.Sev, D.Loc, "ptx-lint " + D.Rule, Msg, OS);
    for (const LocatedDiagnostic::Note &N : D.Notes)
      printOne(R.Path, Severity::Note, N.Loc, "ptx-lint " + D.Rule, N.Message, OS);
  }
}

} // namespace ptxlint
