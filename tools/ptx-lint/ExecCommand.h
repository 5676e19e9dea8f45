//===- ExecCommand.h - the --exec, --exec-all command ------------*- C++ -*-===//
//
// For each distinct matrix-instruction form (of a file, or of the whole spec
// tables), generate a standalone kernel that feeds it seeded random inputs
// laid out by the spec's fragment layouts, execute it on the GPU through the
// CUDA driver (loaded with dlopen at run time; no build dependency on CUDA)
// and compare every output element with a CPU reference. Or, with
// EmitHarnessDir, write the kernels out instead of running them.
//
// The command-line tool registers --exec, --exec-all, --emit-harness=DIR
// (and uses --target, --format=json) and calls runExecCommand. The command
// lives here, in the tool; the library's lib/Exec generates the harnesses,
// runs them (Exec/Runner.h) and computes the references.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_TOOLS_EXECCOMMAND_H
#define PTXLINT_TOOLS_EXECCOMMAND_H

#include "ptxlint/Target.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptxlint {

struct ExecOptions {
  /// --exec FILE...: the distinct matrix-instruction forms of these files.
  std::vector<std::string> Files;
  /// --exec-all: every form of the spec tables.
  bool All = false;
  /// --target: the harnesses' .target. Default: the GPU's (sm_MN), or sm_90
  /// when only emitting.
  std::optional<Target> Tgt;
  /// --ptx-version: the harnesses' .version (default: the lowest that the
  /// form and the target allow).
  std::optional<PtxVersion> Version;
  /// --emit-harness=DIR: write each kernel to DIR/<form>.ptx, run nothing.
  std::string EmitHarnessDir;
  /// --format=json.
  bool Json = false;
  /// --seed: inputs are a function of (seed, form).
  uint64_t Seed = 1;
  /// --exec-filter=TEXT: only forms whose mnemonic contains TEXT.
  std::string Filter;
  /// --exec-dump=DIR: for every failing form, write its kernel, input and
  /// output buffers (DIR/<form>.ptx, .in, .out) for offline analysis.
  std::string DumpDir;
  /// Lint every generated harness with ptx-lint's own checks first (a
  /// harness that does not lint clean is reported as FAIL).
  bool LintHarness = true;
};

/// Runs the exec command; prints the report (text or JSON) to OS. Returns
/// 0 when no form failed, 1 when one did, 2 on a usage error or when no GPU
/// driver was found (the message says so).
int runExecCommand(const ExecOptions &Opts, llvm::raw_ostream &OS);

} // namespace ptxlint

#endif // PTXLINT_TOOLS_EXECCOMMAND_H
