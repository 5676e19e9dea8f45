//===- Emitter.h - print the AST back as canonical PTX ----------*- C++ -*-===//
//
// Canonical form: one statement a line, body statements indented by a tab,
// one space between a mnemonic and its operands, ", " between operands,
// comments dropped, declarations and directives kept token for token.
// emit(parse(emit(x))) == emit(x), and ptxas assembles emit(x) to the same
// code as x.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_EMITTER_H
#define PTXLINT_EMITTER_H

#include "ptxlint/AST.h"

#include <memory>
#include <ostream>
#include <string>

namespace ptxlint {

void emitModule(const Module &M, std::ostream &OS);
std::string emitModule(const Module &M);

/// Pieces, for code that builds and prints its own statements.
void emitInstruction(const Instruction &I, std::ostream &OS);
void emitOperand(const Operand &Op, std::ostream &OS);
void emitVarDecl(const VarDecl &V, std::ostream &OS);
void emitDirective(const Directive &D, std::ostream &OS);
void emitStatement(const Statement &S, std::ostream &OS, unsigned Indent);
void emitFunctionHeader(const Function &F, std::ostream &OS);

/// A ParseSink that prints canonical PTX as the parse streams (constant
/// memory for any file size). OS is written at the end of each function and
/// at the end of the file.
class ParseSink;
std::unique_ptr<ParseSink> makeStreamingEmitter(std::ostream &OS);

} // namespace ptxlint

#endif // PTXLINT_EMITTER_H
