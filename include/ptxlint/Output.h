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

#include "ptxlint/Span.h"

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
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
FileReport makeReport(const SourceFile &F, Span<Diagnostic> Diags);

/// A report for an input that could not be linted at all: one "io" error.
FileReport makeIoErrorReport(std::string_view Path, std::string_view Message);

/// "[rule, PTX ISA 9.7.14.5.14]" (or "[rule]" without a spec section).
std::string ruleTag(std::string_view Rule, std::string_view Spec);

/// Text format: each diagnostic as "file:line:col: severity: message [tag]",
/// then the source line with a caret under the location, tildes under the
/// range and fix-its below (clang style), with ANSI colours when Colors.
void printText(const SourceFile &F, Span<Diagnostic> Diags, std::ostream &OS, bool Colors = false);

/// Text format for a report without its source (I/O errors): header lines only.
void printTextNoSource(const FileReport &R, std::ostream &OS);

/// gcc format: "file:line:col: severity: message [rule]", one line each
/// (notes attached to a diagnostic follow it as "note:" lines).
void printGcc(const FileReport &R, std::ostream &OS);

/// GitHub Actions format: one workflow command per diagnostic,
/// "::error file=F,line=L,col=C,endLine=L,endColumn=C,title=RULE::message"
/// (notes as ::notice), which GitHub shows as annotations on the diff.
void printGithub(const FileReport &R, std::ostream &OS);

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

/// JSON format: {"files":[{"path":..., "diagnostics":[...]}], ...}.
void printJson(Span<FileReport> Reports, std::ostream &OS, const DocumentOptions &Opts = {});

/// SARIF 2.1.0 log with one run; the rules array lists the whole registry.
void printSarif(Span<FileReport> Reports, std::ostream &OS, const DocumentOptions &Opts = {});

} // namespace ptxlint

#endif // PTXLINT_OUTPUT_H
