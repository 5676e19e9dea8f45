//===- Output.h - render diagnostics as text, gcc, JSON or SARIF -*- C++ -*-===//
//
// The formatters behind `ptx-lint --format=`. Diagnostics carry byte ranges
// into a SourceFile; a FileReport resolves them to 1-based lines and columns
// once, so the SourceFile can be freed before a whole-run document (JSON,
// SARIF) is written. Text output needs the source line and is rendered from
// the SourceFile directly.
//
// Positions: lines and columns are 1-based, columns count bytes; an end
// position is exclusive (the column just past the last character). A
// diagnostic without a location (an I/O problem) has line and column 0.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_OUTPUT_H
#define PTXLINT_OUTPUT_H

#include "ptxlint/Diagnostic.h"
#include "ptxlint/Source.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace ptxlint {

enum class OutputFormat : uint8_t {
  Text,   ///< file:line:col: error: message [rule, PTX ISA x.y], source line, caret
  Gcc,    ///< one line per diagnostic: file:line:col: error: message [rule]
  Json,   ///< one JSON document for the whole run (schema in docs/user-guide.md)
  Sarif,  ///< SARIF 2.1.0
  Github, ///< GitHub Actions workflow commands: ::error file=...,line=...::message
};

/// A resolved span: 1-based, end exclusive; all zero when unknown.
struct LineColRange {
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned EndLine = 0;
  unsigned EndColumn = 0;
  bool isValid() const { return Line != 0; }
};

/// A Diagnostic with its ranges resolved to lines and columns.
struct LocatedDiagnostic {
  Severity Sev = Severity::Error;
  std::string Rule;
  std::string Spec;
  std::string Message;
  LineColRange Loc;
  struct Fix {
    LineColRange Loc;
    std::string Replacement;
    std::string Original; ///< the text the fix replaces (for descriptions)
  };
  std::vector<Fix> Fixes;
  struct Note {
    LineColRange Loc;
    std::string Message;
  };
  std::vector<Note> Notes;
  std::vector<SourceOrigin> Origin; ///< from .loc (Diagnostic::Origin)
};

/// Everything reported about one input.
struct FileReport {
  std::string Path;
  std::vector<LocatedDiagnostic> Diags;
  unsigned Errors = 0;
  unsigned Warnings = 0;
  unsigned Notes = 0;
  /// The input could not be read or is not PTX text (rule "io").
  bool IoError = false;
};

/// Resolves R in F (an invalid range gives an all-zero LineColRange).
LineColRange resolveRange(const SourceFile &F, SourceRange R);

/// Builds the report for diagnostics about F (counts included).
FileReport makeReport(const SourceFile &F, llvm::ArrayRef<Diagnostic> Diags);

/// A report for an input that could not be linted at all: one "io" error.
FileReport makeIoErrorReport(llvm::StringRef Path, llvm::StringRef Message);

/// "[rule, PTX ISA 9.7.14.5.14]" (or "[rule]" without a spec section).
std::string ruleTag(llvm::StringRef Rule, llvm::StringRef Spec);

/// Text format: each diagnostic as "file:line:col: severity: message [tag]",
/// then the source line with a caret under the location, tildes under the
/// range and fix-its below (llvm::SourceMgr style). Colours are written only
/// when OS.has_colors() (or --color forces them).
void printText(const SourceFile &F, llvm::ArrayRef<Diagnostic> Diags, llvm::raw_ostream &OS);

/// Text format for a report without its source (I/O errors): header lines only.
void printTextNoSource(const FileReport &R, llvm::raw_ostream &OS);

/// gcc format: "file:line:col: severity: message [rule]", one line each
/// (notes attached to a diagnostic follow it as "note:" lines).
void printGcc(const FileReport &R, llvm::raw_ostream &OS);

/// GitHub Actions format: one workflow command per diagnostic,
/// "::error file=F,line=L,col=C,endLine=L,endColumn=C,title=RULE::message"
/// (notes as ::notice), which GitHub shows as annotations on the diff.
void printGithub(const FileReport &R, llvm::raw_ostream &OS);

/// Options for the whole-run documents.
struct DocumentOptions {
  std::string ToolVersion;
  /// Base of rule documentation links: helpUri is Base + "#" + rule id.
  std::string RulesDocUri = "docs/rules.md";
  /// SARIF: an absolute directory; inputs below it get URIs relative to it
  /// with uriBaseId "SRCROOT" (originalUriBaseIds says where it is).
  std::string SarifRoot;
  /// SARIF invocations[0].commandLine ("" leaves it out).
  std::string CommandLine;
};

enum class DocumentFormat { Json, Sarif };

/// Writes a JSON or SARIF document as the run goes, so that memory holds
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

/// JSON format: {"files":[{"path":..., "diagnostics":[...]}], ...}.
void printJson(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS,
               const DocumentOptions &Opts = {});

/// SARIF 2.1.0 log with one run; the rules array lists the whole registry.
void printSarif(llvm::ArrayRef<FileReport> Reports, llvm::raw_ostream &OS,
                const DocumentOptions &Opts = {});

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

#endif // PTXLINT_OUTPUT_H
