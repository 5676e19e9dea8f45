//===- LexerTokenSource.h - ANTLR's tokens from the hand lexer --*- C++ -*-===//
//
// The generated parser reads its tokens from the hand-written lexer
// (Lexer.h) through this antlr4::TokenSource. Tokens are made only when the
// token stream asks for one, that is only for the statements ANTLR parses
// (the fast recognizers take the others from the bytes), as CommonTokens
// with the generated lexer's type, line, column, start/stop index and
// channel, so every syntax error reads and points as before. The generated
// PTXLexer is left only as the declared specification in LexerTest.
//
// One addition to the vocabulary: a large brace list after '=' in the plain
// subset of InitScan.h becomes one INIT_LIST token, so the parser never holds
// a token and a tree node per value of a big data table.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_LEXERTOKENSOURCE_H
#define PTXLINT_LIB_PARSE_LEXERTOKENSOURCE_H

#include "antlr4-runtime.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>

namespace ptxlint {
namespace parsedriver {

// Lexer.h's own Token would clash with antlr4::Token in the ANTLR glue
// (AntlrConverter.h), so the lexer is only declared here.
enum class Tok : uint8_t;
class Lexer;

/// The generated lexer's token type of K (PTXLexer.h); Token::EOF for Eof.
size_t antlrTokenType(Tok K);

class LexerTokenSource : public antlr4::TokenSource {
public:
  /// Tokens of Buf, whose characters ANTLR sees through Chars (the same
  /// bytes); INIT_LIST for plain brace lists of at least MinFold bytes after
  /// '=' (0: never).
  LexerTokenSource(antlr4::CharStream *Chars, llvm::StringRef Buf, size_t MinFold);
  ~LexerTokenSource() override;

  std::unique_ptr<antlr4::Token> nextToken() override;
  size_t getLine() const override { return Line; }
  size_t getCharPositionInLine() override { return Col; }
  antlr4::CharStream *getInputStream() override { return Chars; }
  std::string getSourceName() override { return Chars->getSourceName(); }
  antlr4::TokenFactory<antlr4::CommonToken> *getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }

  /// Goes on lexing at byte Pos, which is on line Line at column Col (a
  /// fast statement ended there, or a byte order mark was skipped); the
  /// tokens before it are forgotten.
  void resumeAt(size_t Pos, size_t Line, size_t Col);

private:
  /// Moves the line and column on to byte P (>= Off).
  void advanceTo(size_t P);
  std::unique_ptr<antlr4::CommonToken> make(size_t Type, size_t Begin, size_t End);

  antlr4::CharStream *Chars;
  llvm::StringRef Buf;
  std::unique_ptr<Lexer> Lex;
  size_t MinFold;
  bool PrevWasEq = false;
  // Line (from 1) and column (bytes from the line's start, from 0) of Off.
  size_t Off = 0, Line = 1, Col = 0;
};

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_LEXERTOKENSOURCE_H
