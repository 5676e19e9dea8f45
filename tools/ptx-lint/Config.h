//===- Config.h - .ptx-lint.yaml and the inputs it selects -----*- C++ -*-===//
//
// Internal to the ptx-lint command. Each input file is checked with the
// settings of the nearest .ptx-lint.yaml in its directory or a parent (like
// .clang-tidy), then the command line's (the later setting wins). A config
// can switch rules on and off by id or glob, set the target, PTX version and
// minimum severity, exclude paths, and override any of these for paths
// matching globs. Directory walks also skip build directories (those with a
// CMakeCache.txt) and files git ignores. docs/user-guide.md, Configuration.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_TOOLS_CONFIG_H
#define PTXLINT_TOOLS_CONFIG_H

#include "Driver.h"

#include <optional>
#include <string>
#include <vector>

namespace ptxlint {

/// What the command line says, applied after the config files.
struct CommandLineSettings {
  LintOptions Lint; ///< rule selectors, -Werror, --syntax-only, --target, --ptx-version
  std::optional<Severity> MinSeverity; ///< when --min-severity was given
  std::string ConfigPath;              ///< --config=FILE: use only this file
  bool NoConfig = false;               ///< --no-config
  std::string StdinName;
};

/// Expands Args into files (Driver.h's expandInputs), drops the excluded
/// ones and, in directory walks, build directories and git-ignored files,
/// and gives every file its settings. False with Err set when a config file
/// is invalid (a usage error).
bool expandWithConfig(const std::vector<std::string> &Args, const CommandLineSettings &Cli,
                      std::vector<InputSpec> &Files, std::string &Err,
                      std::vector<std::string> *WalkNotes = nullptr);

/// A glob over '/'-separated paths: '*' and '?' stay within a component,
/// '**' spans components. As in .gitignore, a pattern with no '/' but a
/// trailing one matches at any depth, and a pattern naming a directory
/// matches everything below it.
bool pathGlobMatches(llvm::StringRef Pattern, llvm::StringRef RelPath);

} // namespace ptxlint

#endif // PTXLINT_TOOLS_CONFIG_H
