//===- TextOutput.cpp - text and gcc formats, resolved reports ------------===//
//
// The text format is rendered by llvm::SMDiagnostic so the caret, the tildes
// under the range and the fix-it line look like clang's and FileCheck's.
// The line and column come from the SourceFile's sparse line table: a
// SourceMgr would build a second, per-line offset table of the whole file.
//
//===----------------------------------------------------------------------===//

#include "Output/RawOutput.h"

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

FileReport makeReport(const SourceFile &F, Span<Diagnostic> Diags) {
  FileReport Rep;
  Rep.Path = std::string(F.name());
  Rep.Diags.reserve(Diags.size());
  for (const Diagnostic &D : Diags) {
    LocatedDiagnostic L;
    L.Sev = D.Sev;
    L.Rule = D.Rule;
    L.Spec = D.Spec;
    L.Message = D.Message;
    L.Loc = resolveRange(F, D.Range);
    for (const FixIt &Fix : D.Fixes)
      L.Fixes.push_back({resolveRange(F, Fix.Range), Fix.Replacement,
                         Fix.Range.isValid() && Fix.Range.End <= F.size() &&
                                 Fix.Range.End - Fix.Range.Begin <= 256
                             ? llvm::StringRef(F.text()).slice(Fix.Range.Begin, Fix.Range.End).str()
                             : std::string()});
    for (const DiagNote &N : D.Notes)
      L.Notes.push_back({resolveRange(F, N.Range), N.Message});
    L.Origin = D.Origin;
    count(Rep, D.Sev);
    if (D.Rule == ruleId(Rule::Io))
      Rep.IoError = true;
    Rep.Diags.push_back(std::move(L));
  }
  return Rep;
}

FileReport makeIoErrorReport(std::string_view Path, std::string_view Message) {
  FileReport Rep;
  Rep.Path = std::string(Path);
  LocatedDiagnostic L;
  L.Sev = Severity::Error;
  L.Rule = ruleId(Rule::Io);
  L.Message = std::string(Message);
  Rep.Diags.push_back(std::move(L));
  Rep.Errors = 1;
  Rep.IoError = true;
  return Rep;
}

std::string ruleTag(std::string_view Rule, std::string_view Spec) {
  std::string S = "[";
  S += Rule;
  if (!Spec.empty()) {
    S += ", PTX ISA ";
    S += Spec;
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

namespace {
/// The part of a source line that a diagnostic shows.
struct TextWindow {
  std::string Shown;  ///< what is printed ("..." where the line is cut)
  unsigned Begin = 0; ///< the window in the line's columns: [Begin, End)
  unsigned End = 0;
  unsigned Shift = 0; ///< a column of the line is shown at column - Shift
};
} // namespace

/// Lines up to MaxLine columns are shown whole; a longer one from Before
/// columns before the caret, Width columns wide.
static TextWindow windowOf(StringRef Line, unsigned Col) {
  constexpr unsigned MaxLine = 256, Before = 96, Width = 192;
  TextWindow W;
  W.End = static_cast<unsigned>(Line.size());
  if (Line.size() <= MaxLine) {
    W.Shown = Line.str();
    return W;
  }
  W.Begin = Col > Before + 3 ? Col - Before : 0; // "..." must fit before it
  W.End = std::min<unsigned>(Line.size(), std::max(W.Begin + Width, Col + 1));
  W.Shown = (W.Begin ? "..." : "") + Line.slice(W.Begin, W.End).str() +
            (W.End < Line.size() ? "..." : "");
  W.Shift = W.Begin ? W.Begin - 3 : 0;
  return W;
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
    // A very long line (minified or generated PTX, a data table) is shown
    // as a window around the caret, "..." marking what is cut (as clang
    // does): the output stays proportional to the number of diagnostics.
    TextWindow W = windowOf(Line, Col);
    // Tildes under the part of the range in the window.
    SmallVector<std::pair<unsigned, unsigned>, 1> Cols;
    if (R.End > R.Begin) {
      unsigned E = std::min<unsigned>(R.End - LineBegin, W.End);
      if (Col <= E)
        Cols.push_back({Col - W.Shift, E - W.Shift});
    }
    SmallVector<SMFixIt, 2> SMFixes;
    for (const FixIt &Fix : Fixes) {
      SourceRange FR = clampRange(F, Fix.Range);
      if (FR.isValid() && FR.Begin >= LineBegin + W.Begin && FR.End <= LineBegin + W.End)
        SMFixes.push_back(SMFixIt(SMRange(Ptr(FR.Begin), Ptr(FR.End)), Fix.Replacement));
    }
    SMDiagnostic Diag(SM, Ptr(R.Begin), F.name(), static_cast<int>(LC.Line),
                      static_cast<int>(Col - W.Shift), kindOf(Sev), Msg, W.Shown, Cols, SMFixes);
    if (!W.Shift) {
      Diag.print(nullptr, OS, /*ShowColors=*/true);
      return;
    }
    // SMDiagnostic prints the column it draws the caret at: put the real one
    // back into the location.
    std::string Text;
    ColorStringStream TS(Text, OS.has_colors());
    Diag.print(nullptr, TS, /*ShowColors=*/true);
    TS.flush();
    std::string Shown =
        ":" + std::to_string(LC.Line) + ":" + std::to_string(Col - W.Shift + 1) + ":";
    size_t At = Text.find(Shown, F.name().size());
    if (At != std::string::npos)
      Text.replace(At, Shown.size(),
                   ":" + std::to_string(LC.Line) + ":" + std::to_string(Col + 1) + ":");
    OS << Text;
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
