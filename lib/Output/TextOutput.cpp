//===- TextOutput.cpp - text and gcc formats, resolved reports ------------===//
//
// The text format is rendered by llvm::SMDiagnostic so the caret, the tildes
// under the range and the fix-it line look like clang's and FileCheck's.
// The line and column come from the SourceFile's sparse line table: a
// SourceMgr would build a second, per-line offset table of the whole file.
//
//===----------------------------------------------------------------------===//

#include "ptxlint/Output.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace llvm;

namespace ptxlint {

static SourceRange clampRange(const SourceFile &F, SourceRange R) {
  if (!R.isValid() || R.Begin > F.size())
    return {};
  uint32_t End = R.End == SourceRange::Invalid || R.End < R.Begin ? R.Begin : R.End;
  if (End > F.size())
    End = static_cast<uint32_t>(F.size());
  return {R.Begin, End};
}

LineColRange resolveRange(const SourceFile &F, SourceRange R) {
  R = clampRange(F, R);
  LineColRange L;
  if (!R.isValid())
    return L;
  LineCol B = F.lineCol(R.Begin);
  LineCol E = R.End == R.Begin ? B : F.lineCol(R.End);
  L.Line = B.Line;
  L.Column = B.Column;
  L.EndLine = E.Line;
  L.EndColumn = E.Column;
  return L;
}

static void count(FileReport &Rep, Severity S) {
  switch (S) {
  case Severity::Error:
    ++Rep.Errors;
    break;
  case Severity::Warning:
    ++Rep.Warnings;
    break;
  case Severity::Note:
    ++Rep.Notes;
    break;
  }
}

FileReport makeReport(const SourceFile &F, ArrayRef<Diagnostic> Diags) {
  FileReport Rep;
  Rep.Path = F.name().str();
  Rep.Diags.reserve(Diags.size());
  for (const Diagnostic &D : Diags) {
    LocatedDiagnostic L;
    L.Sev = D.Sev;
    L.Rule = D.Rule;
    L.Spec = D.Spec;
    L.Message = D.Message;
    L.Loc = resolveRange(F, D.Range);
    for (const FixIt &Fix : D.Fixes)
      L.Fixes.push_back({resolveRange(F, Fix.Range), Fix.Replacement});
    for (const DiagNote &N : D.Notes)
      L.Notes.push_back({resolveRange(F, N.Range), N.Message});
    L.Origin = D.Origin;
    count(Rep, D.Sev);
    if (D.Rule == "io")
      Rep.IoError = true;
    Rep.Diags.push_back(std::move(L));
  }
  return Rep;
}

FileReport makeIoErrorReport(StringRef Path, StringRef Message) {
  FileReport Rep;
  Rep.Path = Path.str();
  LocatedDiagnostic L;
  L.Sev = Severity::Error;
  L.Rule = "io";
  L.Message = Message.str();
  Rep.Diags.push_back(std::move(L));
  Rep.Errors = 1;
  Rep.IoError = true;
  return Rep;
}

std::string ruleTag(StringRef Rule, StringRef Spec) {
  std::string S = "[";
  S += Rule.str();
  if (!Spec.empty()) {
    S += ", PTX ISA ";
    S += Spec.str();
  }
  S += "]";
  return S;
}

static SourceMgr::DiagKind kindOf(Severity S) {
  switch (S) {
  case Severity::Error:
    return SourceMgr::DK_Error;
  case Severity::Warning:
    return SourceMgr::DK_Warning;
  case Severity::Note:
    return SourceMgr::DK_Note;
  }
  return SourceMgr::DK_Error;
}

/// "kern.cu:17:22: note: in inline asm here" for each .loc origin (the
/// CUDA source is not at hand, so no source line is shown).
static void printOrigin(ArrayRef<SourceOrigin> Origin, raw_ostream &OS) {
  for (const SourceOrigin &O : Origin) {
    OS << O.File << ':' << O.Line << ':';
    if (O.Column)
      OS << O.Column << ':';
    OS << ' ' << severityName(Severity::Note) << ": " << O.Message << '\n';
  }
}

void printText(const SourceFile &F, ArrayRef<Diagnostic> Diags, raw_ostream &OS) {
  const SourceMgr SM; // SMDiagnostic's constructor wants one; it stays empty
  const char *Base = F.text().data();
  auto Ptr = [&](uint32_t Off) { return SMLoc::getFromPointer(Base + Off); };
  auto Emit = [&](SourceRange R, Severity Sev, const std::string &Msg, ArrayRef<FixIt> Fixes) {
    R = clampRange(F, R);
    if (!R.isValid()) {
      SMDiagnostic(F.name(), kindOf(Sev), Msg).print(nullptr, OS);
      return;
    }
    LineCol LC = F.lineCol(R.Begin);
    unsigned Col = LC.Column - 1;
    uint32_t LineBegin = R.Begin - Col;
    // The line as SourceMgr shows it: up to its first '\r' or '\n'.
    StringRef Line = F.lineText(LC.Line);
    Line = Line.take_until([](char C) { return C == '\r'; });
    // Tildes under the part of the range on this line.
    SmallVector<std::pair<unsigned, unsigned>, 1> Cols;
    if (R.End > R.Begin) {
      unsigned E = std::min<unsigned>(R.End - LineBegin, Line.size());
      if (Col <= E)
        Cols.push_back({Col, E});
    }
    SmallVector<SMFixIt, 2> SMFixes;
    for (const FixIt &Fix : Fixes) {
      SourceRange FR = clampRange(F, Fix.Range);
      if (FR.isValid())
        SMFixes.push_back(SMFixIt(SMRange(Ptr(FR.Begin), Ptr(FR.End)), Fix.Replacement));
    }
    SMDiagnostic(SM, Ptr(R.Begin), F.name(), static_cast<int>(LC.Line), static_cast<int>(Col),
                 kindOf(Sev), Msg, Line, Cols, SMFixes)
        .print(nullptr, OS, /*ShowColors=*/true);
  };
  for (const Diagnostic &D : Diags) {
    Emit(D.Range, D.Sev, D.Message + " " + ruleTag(D.Rule, D.Spec), D.Fixes);
    for (const DiagNote &N : D.Notes)
      Emit(N.Range, Severity::Note, N.Message, {});
    printOrigin(D.Origin, OS);
  }
}

void printTextNoSource(const FileReport &R, raw_ostream &OS) {
  for (const LocatedDiagnostic &D : R.Diags)
    SMDiagnostic(R.Path, kindOf(D.Sev), D.Message + " " + ruleTag(D.Rule, D.Spec))
        .print(nullptr, OS);
}

static void printGccLine(StringRef Path, const LineColRange &L, Severity S, StringRef Msg,
                         raw_ostream &OS) {
  OS << Path << ':';
  if (L.isValid())
    OS << L.Line << ':' << L.Column << ':';
  OS << ' ' << severityName(S) << ": " << Msg << '\n';
}

void printGcc(const FileReport &R, raw_ostream &OS) {
  for (const LocatedDiagnostic &D : R.Diags) {
    printGccLine(R.Path, D.Loc, D.Sev, D.Message + " [" + D.Rule + "]", OS);
    for (const LocatedDiagnostic::Note &N : D.Notes)
      printGccLine(R.Path, N.Loc, Severity::Note, N.Message, OS);
    printOrigin(D.Origin, OS);
  }
}

} // namespace ptxlint
