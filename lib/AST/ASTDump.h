//===- ASTDump.h - a complete, exact text dump of the AST -------*- C++ -*-===//
//
// Every field of every node, ranges included, one statement a line: two
// parses that must agree (the fast path and the grammar, the hand lexer and
// ANTLR's, a file and its emitted text) are compared through it. It lives
// next to the AST so that a field added to include/ptxlint/AST.h is added
// here too: ASTDump.cpp checks the nodes' sizes at compile time.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_AST_ASTDUMP_H
#define PTXLINT_LIB_AST_ASTDUMP_H

#include "ptxlint/AST.h"

#include <string>

namespace ptxlint {

/// Every item of M: directives, variables, functions with their headers and
/// every statement of their bodies.
std::string dumpAST(const Module &M);

/// One statement, as dumpAST prints it inside a function body.
std::string dumpAST(const Statement &S);

} // namespace ptxlint

#endif // PTXLINT_LIB_AST_ASTDUMP_H
