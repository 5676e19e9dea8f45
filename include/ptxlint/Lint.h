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
#include "ptxlint/Options.h"
#include "ptxlint/Source.h"
#include "ptxlint/Target.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxlint {

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
LintResult checkInstruction(std::string_view Text, Target T, PtxVersion V,
                            std::string_view Decls = {}, const LintOptions &Opts = {});

} // namespace ptxlint

#endif // PTXLINT_LINT_H
