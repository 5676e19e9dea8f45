//===- FastInstruction.cpp - ANTLR-free parse of one plain instruction ----===//
//
// checkInstruction's register declarations, read by the parse layer's
// recognizer (ptxlint::parseRegisterDeclarationsFast, Parser.h): the file
// parser's own, reached through its public entry.
//
//===----------------------------------------------------------------------===//

#include "Lint/FastInstruction.h"

#include "ptxlint/Parser.h"

#include "llvm/ADT/SmallVector.h"

namespace ptxlint {
namespace lint {

bool declareRegistersFast(llvm::StringRef Decls, check::SymbolTable &Syms) {
  // The file parser's recognizer of declarations, on the caller's text in
  // place (names point into Decls); anything it declines goes to the caller.
  // One arena per thread, reset per call: its first slab stays, so a call
  // allocates nothing (checkInstruction is timed in microseconds).
  thread_local ASTContext Ctx;
  thread_local std::vector<const VarDecl *> All;
  Ctx.reset();
  All.clear();
  if (!parseRegisterDeclarationsFast(Decls, Ctx, All))
    return false;
  for (const VarDecl *V : All)
    Syms.declare(*V, nullptr);
  return true;
}

} // namespace lint
} // namespace ptxlint
