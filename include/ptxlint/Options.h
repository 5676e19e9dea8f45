//===- Options.h - what to check and how ------------------------*- C++ -*-===//
//
// LintOptions: the overrides and rule selection that every entry point
// (lintFile, checkInstruction, lintCudaSource, the checker itself) takes.
// A header of its own so that the checker needs it without the front door.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_OPTIONS_H
#define PTXLINT_OPTIONS_H

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
  /// Arch was written compute_NN: ptxas's parse-only mode, which makes no
  /// code, so the checks of what only code generation refuses (functions
  /// never defined, the .const and static .shared limits, 32-bit cvta) do not
  /// run; the .target compatibility check does.
  bool ArchParseOnly = false;
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

} // namespace ptxlint

#endif // PTXLINT_OPTIONS_H
