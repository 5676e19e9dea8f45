//===- FastInstruction.cpp - ANTLR-free parse of one plain instruction ----===//
//
// The recognizers are lib/Parse/FastStatement.cpp and FastDeclarations.cpp
// (the file parser uses them too); this file adds the whole-text check and
// reads checkInstruction's register declarations with them.
//
//===----------------------------------------------------------------------===//

#include "Lint/FastInstruction.h"
#include "Parse/FastStatement.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace lint {

namespace {
bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f'; }
} // namespace

const Instruction *parseInstructionFast(const SourceFile &File, ASTContext &Ctx) {
  llvm::StringRef Text = File.text();
  uint32_t B = 0;
  while (B < Text.size() && isSpace(Text[B]))
    ++B;
  uint32_t End = 0;
  const Instruction *I = parsedriver::parseInstructionAt(File, B, Ctx, End);
  if (!I)
    return nullptr;
  while (End < Text.size() && isSpace(Text[End]))
    ++End;
  return End == Text.size() ? I : nullptr;
}

bool declareRegistersFast(llvm::StringRef Decls, check::SymbolTable &Syms) {
  // The file parser's recognizer of declarations, on the caller's text in
  // place (names point into Decls); anything it declines goes to the caller.
  // One arena per thread, reset per call: its first slab stays, so a call
  // allocates nothing (checkInstruction is timed in microseconds).
  thread_local ASTContext Ctx;
  Ctx.reset();
  llvm::SmallVector<const VarDecl *, 4> All;
  size_t P = 0;
  for (;;) {
    if (!parsedriver::skipSpaceAndComments(Decls, P))
      return false;
    if (P == Decls.size())
      break;
    uint32_t End = 0;
    const VarDecl *V = parsedriver::parseRegDeclAt(Decls, static_cast<uint32_t>(P), Ctx, End);
    if (!V)
      return false;
    All.push_back(V);
    P = End;
  }
  for (const VarDecl *V : All)
    Syms.declare(*V, nullptr);
  return true;
}

} // namespace lint
} // namespace ptxlint
