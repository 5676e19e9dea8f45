//===- Lint.h - the library's front door ------------------------*- C++ -*-===//
//
// Check a whole module from a buffer, or a single instruction string against
// a target and PTX ISA version. Every entry point is thread-safe (no global
// mutable state), returns diagnostics as plain structs and never throws.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LINT_H
#define PTXLINT_LINT_H

#include "ptxlint/Diagnostic.h"
#include "ptxlint/Source.h"
#include "ptxlint/Target.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ptxlint {

struct LintOptions {
  /// Override the module's .version / .target for checking ("check as if
  /// the module said ...").
  std::optional<PtxVersion> Version;
  std::optional<Target> TargetOverride;
  /// The GPU the module will be compiled for, as `ptxas -arch`: the module's
  /// own .target still gates the instructions; an error (target-arch) when
  /// ptxas -arch Arch would refuse the module's .target.
  std::optional<Target> Arch;
  /// Rule ids switched off (or on, for rules that are off by default).
  /// Entries are rule selectors: an id, a glob ("mma-*") or "all".
  std::set<std::string> Disabled;
  std::set<std::string> Enabled;
  /// Ordered selectors applied after Disabled/Enabled: for each rule, the
  /// last selector that matches it decides (true: on). This is how the
  /// command line and the configuration file say "later setting wins".
  std::vector<std::pair<std::string, bool>> RuleSelectors;
  /// Report warnings as errors.
  bool WarningsAsErrors = false;
  /// Run the matrix-instruction checks (false: syntax only).
  bool RunChecks = true;
  /// Store at most this many diagnostics of a file (0: all). Those past the
  /// limit are counted in LintResult (Errors, Warnings, Dropped), not kept:
  /// memory stays bounded however many a file has (the command: 10,000).
  unsigned MaxDiagnostics = 0;
};

struct LintResult {
  std::vector<Diagnostic> Diags;
  unsigned Errors = 0;
  unsigned Warnings = 0;
  /// Diagnostics past LintOptions::MaxDiagnostics: counted in Errors and
  /// Warnings, not in Diags.
  unsigned Dropped = 0;
  unsigned DroppedErrors = 0;
  /// Memory ran out: the check stopped, and Diags holds one "io" error that
  /// says so (or nothing, when even that could not be allocated).
  bool OutOfMemory = false;
};

/// Makes LLVM's reports of a failed allocation throw std::bad_alloc instead
/// of aborting the process (once per process; lintFile and checkInstruction
/// call it). It replaces any bad-alloc handler the host installed before.
void installBadAllocHandler();

/// Parses and checks a whole file.
LintResult lintFile(const SourceFile &File, const LintOptions &Opts = {});

/// Checks one instruction, e.g. "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
/// {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f8};", as if it appeared in a
/// function compiled for T at PTX ISA version V. Register operands need no
/// declarations: their types are taken as acceptable, unless Decls (PTX
/// declarations such as ".reg .f32 %f<9>; .reg .b32 %r<4>;") is given.
LintResult checkInstruction(llvm::StringRef Text, Target T, PtxVersion V,
                            llvm::StringRef Decls = {}, const LintOptions &Opts = {});

} // namespace ptxlint

#endif // PTXLINT_LINT_H
