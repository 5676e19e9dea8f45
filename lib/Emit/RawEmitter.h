//===- RawEmitter.h - the emitter on llvm::raw_ostream ----------*- C++ -*-===//
//
// The same functions as ptxlint/Emitter.h, writing to an llvm::raw_ostream:
// what the library and the command use (the public header offers
// std::ostream, so that no LLVM type is public).
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_EMIT_RAWEMITTER_H
#define PTXLINT_EMIT_RAWEMITTER_H

#include "ptxlint/Emitter.h"

#include "llvm/Support/raw_ostream.h"

namespace ptxlint {

void emitModule(const Module &M, llvm::raw_ostream &OS);
void emitInstruction(const Instruction &I, llvm::raw_ostream &OS);
void emitOperand(const Operand &Op, llvm::raw_ostream &OS);
void emitVarDecl(const VarDecl &V, llvm::raw_ostream &OS);
void emitDirective(const Directive &D, llvm::raw_ostream &OS);
void emitStatement(const Statement &S, llvm::raw_ostream &OS, unsigned Indent);
void emitFunctionHeader(const Function &F, llvm::raw_ostream &OS);
std::unique_ptr<ParseSink> makeStreamingEmitter(llvm::raw_ostream &OS);

} // namespace ptxlint

#endif // PTXLINT_EMIT_RAWEMITTER_H
