//===- FastInstruction.h - ANTLR-free parse of one plain instruction -*- C++ -*-===//
//
// checkInstruction is called per instruction, from many threads, and timed in
// microseconds; building an ANTLR lexer, parser and parse tree per call costs
// far more than the check itself. This recognizer handles the common shape
//   [@[!]pred] opcode.quals operand, ... ;
// with operands that are names, '_', integers, {vectors}, [name], [name+-int],
// [int] and !pred, and builds exactly the AST the ANTLR converter would (a
// unit test compares the two on every instruction of the corpus). Anything
// else (comments, floats, expressions, labels, errors) returns null and the
// caller falls back to parseInstruction, which also reports syntax errors.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_LINT_FASTINSTRUCTION_H
#define PTXLINT_LIB_LINT_FASTINSTRUCTION_H

#include "Check/CheckContext.h"
#include "ptxlint/AST.h"

namespace ptxlint {
namespace lint {

/// File's whole text must be one instruction (';' included, surrounding
/// whitespace allowed). Nodes are allocated in Ctx. Null when the text is
/// outside the recognized subset.
const Instruction *parseInstructionFast(const SourceFile &File, ASTContext &Ctx);

/// Declares the declarations of a function body that the fast path reads
/// (`.reg .v4 .b32 %r<4>, %x;` and the like, any number of them, comments
/// between) into Syms, with no location. Returns false, declaring nothing,
/// when Decls holds anything else (the caller then parses it with the real
/// parser). Names point into Decls, which must outlive Syms' use.
bool declareRegistersFast(llvm::StringRef Decls, check::SymbolTable &Syms);

} // namespace lint
} // namespace ptxlint

#endif // PTXLINT_LIB_LINT_FASTINSTRUCTION_H
