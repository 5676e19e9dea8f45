//===- InlineAsm.h - PTX inline assembly in CUDA and C++ sources -*- C++ -*-===//
//
// Most hand-written PTX lives in `asm volatile("..." : outputs : inputs)`
// statements in .cu, .cuh, .h and .hpp files. lintCudaSource finds every asm
// statement of a C/C++ source, rebuilds the PTX nvcc would emit for it (the
// placeholders %0, %[name] replaced by registers of the type their
// constraints imply) and checks it, with every diagnostic pointing into the
// string literal of the source. checkInlineAsm does the same for a template
// and a constraint string held separately (Triton's inline_asm_elementwise,
// CuTe DSL's inline_ptx, LLVM inline asm), with offsets into the template.
// docs/cuda.md is the user's guide.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_INLINEASM_H
#define PTXLINT_INLINEASM_H

#include "ptxlint/Lint.h"

#include <string_view>

namespace ptxlint {

/// True for the extensions of C, C++ and CUDA sources: .cu .cuh .h .hpp .hh
/// .hxx .cpp .cc .cxx .c .inl (case-sensitive, as compilers treat them).
bool isCudaSourcePath(std::string_view Path);

/// Checks every inline asm statement of a CUDA or C/C++ source. Ranges of
/// the diagnostics are byte ranges into File. With Opts.TargetOverride the
/// statements the preprocessor guards admit for that target are checked for
/// it (others are skipped); without it every statement is checked with no
/// target gating, and guards on __CUDA_ARCH__ and its relatives are checked
/// against the instructions they guard.
LintResult lintCudaSource(const SourceFile &File, const LintOptions &Opts = {});

/// Checks one inline asm template as nvcc would emit it. Constraints is an
/// LLVM/GCC style list, outputs first: "=r,=r,r,l" ('=' and '+' outputs,
/// '&', h r l f d n i, a digit for a matching operand); "$0" placeholders
/// (LLVM, Triton) are accepted as well as "%0". T invalid: no target gating;
/// V invalid: no PTX ISA version gating. Ranges are byte offsets into
/// Template (invalid when a diagnostic is about the constraints).
LintResult checkInlineAsm(std::string_view Template, std::string_view Constraints, Target T,
                          PtxVersion V, const LintOptions &Opts = {});

} // namespace ptxlint

#endif // PTXLINT_INLINEASM_H
