//===- Driver.h - inputs, the worker pool and the run's report --*- C++ -*-===//
//
// Internal to the ptx-lint command (not part of the library).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_TOOLS_DRIVER_H
#define PTXLINT_TOOLS_DRIVER_H

#include "Output/RawOutput.h"
#include "ptxlint/Lint.h"
#include "ptxlint/Source.h"

#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptxlint {

enum ExitStatus { ExitOk = 0, ExitErrors = 1, ExitUsage = 2 };

/// One input to lint, after directory expansion.
struct InputSpec {
  std::string Path; ///< as given (or found under a directory); "<stdin>" for '-'
  bool IsStdin = false;
  std::string Error; ///< set when the input is already known to be unusable
  /// Settings of this file (its .ptx-lint.yaml, then the command line);
  /// null: DriverOptions::Lint and MinSeverity.
  std::shared_ptr<const LintOptions> Lint;
  std::optional<Severity> MinSeverity;
};

/// Expands each argument: a directory becomes its *.ptx files (recursively,
/// sorted by path), '-' becomes stdin; a missing path keeps its error.
/// StdinName names '-' in diagnostics ("<stdin>" when empty). Only regular
/// files are taken from a directory: the others (a FIFO, a device) named
/// *.ptx are skipped with a line in Notes; a subdirectory that cannot be read
/// is an input with an Error.
std::vector<InputSpec> expandInputs(const std::vector<std::string> &Args,
                                    llvm::StringRef StdinName = {},
                                    std::vector<std::string> *Notes = nullptr);

/// A read input: File set on success, else Error says why (lowercase).
struct LoadedInput {
  std::unique_ptr<SourceFile> File;
  std::string Error;
};

/// Reads and validates one input (size limit, not empty, text, UTF-8).
LoadedInput loadInput(const InputSpec &In, uint64_t MaxSize);
/// An OS error message as the middle of a diagnostic: "No such file" ->
/// "no such file" (Inputs.cpp).
std::string lowerFirst(std::string S);

/// What an input is: PTX, or a C/C++/CUDA source whose inline asm is checked.
enum class InputLang : uint8_t { Auto, Ptx, Cuda };

/// --fix: write the fixed files; --diff: print what --fix would change.
enum class FixMode : uint8_t { None, Fix, Diff };

/// Writes Text to Path through a temporary file in the same directory and a
/// rename (a symbolic link is followed: its target is rewritten), keeping
/// the file's permissions. False with Err set when it cannot.
bool writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text, std::string &Err);

struct DriverOptions {
  LintOptions Lint;
  /// Auto: by extension (isCudaSourcePath), else PTX.
  InputLang Lang = InputLang::Auto;
  OutputFormat Format = OutputFormat::Text;
  bool Verify = false;
  uint64_t MaxFileSize = uint64_t(1) << 30;
  unsigned Jobs = 1;
  bool Colors = false;
  bool Progress = false;
  bool Quiet = false;
  /// Diagnostics below this severity are not reported (attached notes stay).
  Severity MinSeverity = Severity::Note;
  DocumentOptions Doc;
  /// --statistics: diagnostics per rule on stderr after the summary.
  bool Statistics = false;
  /// --fix / --diff (PTX inputs only), and whether unsafe fixes count too.
  FixMode Fix = FixMode::None;
  bool UnsafeFixes = false;
};

/// Lints Files in parallel, prints the reports to Out in input order (the
/// summary and progress go to stderr) and returns the exit status.
int runLint(const std::vector<InputSpec> &Files, const DriverOptions &Opts, llvm::raw_ostream &Out);

} // namespace ptxlint

#endif // PTXLINT_TOOLS_DRIVER_H
