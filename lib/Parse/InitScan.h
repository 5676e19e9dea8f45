//===- InitScan.h - large data initializers without a parse tree -*- C++ -*-===//
//
// `.global .b8 tab[300000] = {1, 2, 3, ...};` is one statement, and ANTLR
// would hold a token and four parse-tree nodes for every value: about 300x
// the input in memory. The lexer (AntlrConverter.h) instead hands a large brace
// list that is in a plain subset of the initializer syntax to the parser as
// one INIT_LIST token, after this scanner has checked it. Anything outside
// the subset is left to the grammar, which reports its errors as usual.
//
// The subset (PTX ISA 5.4.4, grammar/PTXParser.g4 `initializer`):
//   list    := '{' [item (',' item)*] '}'
//   item    := list | expr
//   expr    := unary* primary (binop unary* primary)*     (no '?:')
//   primary := number | name | name '(' expr (',' expr)* ')' | '(' expr ')'
//   unary   := '-' | '+' | '~' | '!'
//   binop   := + - * / % << >> & | ^ && || == != < > <= >=
// number: an INT, FLOAT_HEX or DOUBLE_HEX token; name: an IDENT without
// dots. The scanner reads the hand-written lexer's tokens (Lexer.h), so its
// tokens are PTXLexer.g4's and the AST is the same as the grammar's; it only
// decides which tokens may follow which.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_INITSCAN_H
#define PTXLINT_LIB_PARSE_INITSCAN_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <vector>

namespace ptxlint {
namespace parsedriver {

/// Scans the brace list that starts at Text[Begin] (a '{'). Returns the
/// offset just past its closing '}', or 0 when the list is not entirely in
/// the subset (or not closed). With Toks, appends the text of each token.
size_t scanSimpleInitializer(llvm::StringRef Text, size_t Begin,
                             std::vector<llvm::StringRef> *Toks = nullptr);

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_INITSCAN_H
