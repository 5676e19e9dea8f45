//===- FastInstruction.h - checkInstruction's register declarations -*- C++ -*-===//
//
// checkInstruction is called per instruction, from many threads, and timed in
// microseconds: its instruction goes through the parser's fast recognizer
// (ptxlint::parseInstructionFast), and its register declarations through the
// reader below, before either falls back to the full parser.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_LINT_FASTINSTRUCTION_H
#define PTXLINT_LIB_LINT_FASTINSTRUCTION_H

#include "Check/CheckContext.h"
#include "ptxlint/AST.h"

namespace ptxlint {
namespace lint {

/// Declares the declarations of a function body that the fast path reads
/// (`.reg .v4 .b32 %r<4>, %x;` and the like, any number of them, comments
/// between) into Syms, with no location. Returns false, declaring nothing,
/// when Decls holds anything else (the caller then parses it with the real
/// parser). Names point into Decls, which must outlive Syms' use.
bool declareRegistersFast(llvm::StringRef Decls, check::SymbolTable &Syms);

} // namespace lint
} // namespace ptxlint

#endif // PTXLINT_LIB_LINT_FASTINSTRUCTION_H
