//===- Lexer.h - the hand-written lexer of PTXLexer.g4's vocabulary -*- C++ -*-===//
//
// grammar/PTXLexer.g4 stays the declared token specification; this lexer
// produces exactly its tokens (kinds and texts, longest match, the first
// rule winning a tie; whitespace and comments skipped) as compact tokens
// that view the input. A unit test (LexerTest.cpp) compares it with the
// generated ANTLR lexer on every corpus file and on mutated inputs.
// ANTLR-free: the fast recognizers read its tokens.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_LEXER_H
#define PTXLINT_LIB_PARSE_LEXER_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ptxlint {
namespace parsedriver {

/// Token kinds: PTXLexer.g4's rules, in its order and with its names.
enum class Tok : uint8_t {
  Eof,
  VERSION,
  TARGET,
  ADDRESS_SIZE,
  ENTRY,
  FUNC,
  SECTION,
  FILE,
  LOC,
  REG,
  SREG,
  PARAM,
  SHARED,
  GLOBAL,
  CONST,
  LOCAL,
  TEX,
  EXTERN,
  VISIBLE,
  WEAK,
  COMMON,
  DOTNAME,
  FLOAT_HEX,
  DOUBLE_HEX,
  INT,
  DEC_FLOAT,
  IDENT,
  UNDERSCORE,
  STRING,
  SEMI,
  COMMA,
  COLON,
  LBRACE,
  RBRACE,
  LBRACK,
  RBRACK,
  LPAREN,
  RPAREN,
  SHL,
  SHR,
  LE,
  GE,
  EQEQ,
  NE,
  ANDAND,
  OROR,
  LT,
  GT,
  PLUS,
  MINUS,
  STAR,
  SLASH,
  PERCENT,
  AT,
  BANG,
  PIPE,
  AMP,
  CARET,
  TILDE,
  EQ,
  QUESTION,
  ERROR_CHAR,
};

/// The rule name of K as PTXLexer.g4 spells it ("EOF" for Eof).
const char *tokName(Tok K);

/// A token: its kind and byte range in the input (12 bytes).
struct Token {
  uint32_t Begin = 0, End = 0;
  Tok Kind = Tok::Eof;

  llvm::StringRef text(llvm::StringRef Input) const { return Input.slice(Begin, End); }
};

/// Lexes Input from a byte offset on, one token per next().
class Lexer {
public:
  explicit Lexer(llvm::StringRef Input, uint32_t Pos = 0) : In(Input), Pos(Pos) {}

  /// The next token (Eof at the end, forever).
  Token next();

  /// Where the next token's search starts.
  uint32_t pos() const { return Pos; }
  void seek(uint32_t P) { Pos = P; }

  /// Skips whitespace and comments (WS, LINE_COMMENT, BLOCK_COMMENT); false
  /// at the end. An unterminated block comment is no comment: it stops there.
  bool skipTrivia();

private:
  char at(size_t P) const { return P < In.size() ? In[P] : '\0'; }
  size_t number(Tok &K) const;
  size_t dotWord(Tok &K) const;
  size_t ident() const;
  size_t string() const;
  size_t punct(Tok &K) const;

  llvm::StringRef In;
  uint32_t Pos;
};

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_LEXER_H
