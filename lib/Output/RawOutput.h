//===- RawOutput.h - the formatters on llvm::raw_ostream --------*- C++ -*-===//
//
// The same formatters as ptxlint/Output.h, writing to an llvm::raw_ostream
// (what the command uses: one buffered stream, colours from has_colors()).
// The public header offers std::ostream, so that no LLVM type is public.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_OUTPUT_RAWOUTPUT_H
#define PTXLINT_OUTPUT_RAWOUTPUT_H

#include "ptxlint/Output.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace ptxlint {

/// Colours are written only when OS.has_colors() (or --color forces them).
void printText(const SourceFile &F, llvm::ArrayRef<Diagnostic> Diags, llvm::raw_ostream &OS);
void printTextNoSource(const FileReport &R, llvm::raw_ostream &OS);
void printGcc(const FileReport &R, llvm::raw_ostream &OS);
void printGithub(const FileReport &R, llvm::raw_ostream &OS);
void printJson(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS,
               const DocumentOptions &Opts = {});
void printSarif(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS,
                const DocumentOptions &Opts = {});

/// Writes a JSON or SARIF document as the run goes (the command's streamed
/// documents; the public printJson/printSarif write a whole run with it), so that memory holds
/// the diagnostics being written, not the run's: beginFile, then
/// addDiagnostics as many times as needed, then endFile, for each file;
/// finish (or the destructor) closes the document. SARIF's rules,
/// invocations and artifacts follow its results (they depend on the whole
/// run). printJson and printSarif write a whole run with it.
class DocumentWriter {
public:
  DocumentWriter(DocumentFormat Format, llvm::raw_ostream &OS, const DocumentOptions &Opts = {});
  ~DocumentWriter();
  DocumentWriter(const DocumentWriter &) = delete;
  DocumentWriter &operator=(const DocumentWriter &) = delete;
  /// SARIF: a rule id outside the registry (Rules.def) that results will
  /// use, so that they get a ruleIndex; only before the first beginFile
  /// (later, such results have no ruleIndex).
  void addRule(llvm::StringRef Id, llvm::StringRef Spec, Severity Sev);
  /// Opens a file's entry; the counts are its totals (JSON writes them
  /// before the diagnostics).
  void beginFile(llvm::StringRef Path, unsigned Errors, unsigned Warnings, unsigned Notes);
  void addDiagnostics(llvm::ArrayRef<LocatedDiagnostic> Diags);
  /// IoError: the file could not be read (SARIF's executionSuccessful).
  void endFile(bool IoError);
  /// beginFile, addDiagnostics and endFile of a whole report.
  void addFile(const FileReport &R);
  void finish();

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// A string stream whose has_colors() answer is chosen by the caller, so text
/// rendered on a worker thread can carry colours for a terminal.
class ColorStringStream : public llvm::raw_string_ostream {
public:
  ColorStringStream(std::string &S, bool Colors) : llvm::raw_string_ostream(S), Colors(Colors) {
    // Escapes are written when has_colors() says so, or --color forces them.
    enable_colors(true);
  }
  bool has_colors() const override { return Colors; }

private:
  bool Colors;
};

} // namespace ptxlint

#endif // PTXLINT_OUTPUT_RAWOUTPUT_H
