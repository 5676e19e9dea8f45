//===- LexerTokenSource.cpp - ANTLR's tokens from the hand lexer ----------===//
#include "Parse/LexerTokenSource.h"
#include "Parse/InitScan.h"
#include "Parse/Lexer.h"

#include "PTXLexer.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

using ptxlint_antlr::PTXLexer;

namespace {
/// PTXLexer.h's type of each Tok, in Tok's order.
const size_t AntlrTypes[] = {
    antlr4::Token::EOF, PTXLexer::VERSION,   PTXLexer::TARGET,    PTXLexer::ADDRESS_SIZE,
    PTXLexer::ENTRY,    PTXLexer::FUNC,      PTXLexer::SECTION,   PTXLexer::FILE,
    PTXLexer::LOC,      PTXLexer::REG,       PTXLexer::SREG,      PTXLexer::PARAM,
    PTXLexer::SHARED,   PTXLexer::GLOBAL,    PTXLexer::CONST,     PTXLexer::LOCAL,
    PTXLexer::TEX,      PTXLexer::EXTERN,    PTXLexer::VISIBLE,   PTXLexer::WEAK,
    PTXLexer::COMMON,   PTXLexer::DOTNAME,   PTXLexer::FLOAT_HEX, PTXLexer::DOUBLE_HEX,
    PTXLexer::INT,      PTXLexer::DEC_FLOAT, PTXLexer::IDENT,     PTXLexer::UNDERSCORE,
    PTXLexer::STRING,   PTXLexer::SEMI,      PTXLexer::COMMA,     PTXLexer::COLON,
    PTXLexer::LBRACE,   PTXLexer::RBRACE,    PTXLexer::LBRACK,    PTXLexer::RBRACK,
    PTXLexer::LPAREN,   PTXLexer::RPAREN,    PTXLexer::SHL,       PTXLexer::SHR,
    PTXLexer::LE,       PTXLexer::GE,        PTXLexer::EQEQ,      PTXLexer::NE,
    PTXLexer::ANDAND,   PTXLexer::OROR,      PTXLexer::LT,        PTXLexer::GT,
    PTXLexer::PLUS,     PTXLexer::MINUS,     PTXLexer::STAR,      PTXLexer::SLASH,
    PTXLexer::PERCENT,  PTXLexer::AT,        PTXLexer::BANG,      PTXLexer::PIPE,
    PTXLexer::AMP,      PTXLexer::CARET,     PTXLexer::TILDE,     PTXLexer::EQ,
    PTXLexer::QUESTION, PTXLexer::ERROR_CHAR};
static_assert(sizeof(AntlrTypes) / sizeof(AntlrTypes[0]) ==
                  static_cast<size_t>(Tok::ERROR_CHAR) + 1,
              "one ANTLR type per token kind");
} // namespace

size_t antlrTokenType(Tok K) { return AntlrTypes[static_cast<size_t>(K)]; }

LexerTokenSource::LexerTokenSource(antlr4::CharStream *Chars, llvm::StringRef Buf, size_t MinFold)
    : Chars(Chars), Buf(Buf), Lex(std::make_unique<Lexer>(Buf)), MinFold(MinFold) {}

LexerTokenSource::~LexerTokenSource() = default;

void LexerTokenSource::advanceTo(size_t P) {
  const char *B = Buf.data() + Off, *E = Buf.data() + P;
  const char *LastNL = nullptr;
  for (const char *Q = B; (Q = static_cast<const char *>(std::memchr(Q, '\n', E - Q))); ++Q) {
    ++Line;
    LastNL = Q;
  }
  Col = LastNL ? static_cast<size_t>(E - LastNL - 1) : Col + (P - Off);
  Off = P;
}

std::unique_ptr<antlr4::CommonToken> LexerTokenSource::make(size_t Type, size_t Begin, size_t End) {
  advanceTo(Begin);
  // ANTLR's stop index is inclusive: Begin - 1 for the empty EOF token.
  auto T = std::make_unique<antlr4::CommonToken>(
      std::pair<antlr4::TokenSource *, antlr4::CharStream *>(this, Chars), Type,
      antlr4::Token::DEFAULT_CHANNEL, Begin, End - 1);
  T->setLine(Line);
  T->setCharPositionInLine(Col);
  return T;
}

std::unique_ptr<antlr4::Token> LexerTokenSource::nextToken() {
  Token T = Lex->next();
  bool AfterEq = PrevWasEq;
  PrevWasEq = T.Kind == Tok::EQ;
  if (T.Kind == Tok::LBRACE && AfterEq && MinFold) {
    size_t E = scanSimpleInitializer(Buf, T.Begin);
    if (E && E - T.Begin >= MinFold) {
      Lex->seek(static_cast<uint32_t>(E));
      return make(PTXLexer::INIT_LIST, T.Begin, E);
    }
  }
  return make(antlrTokenType(T.Kind), T.Begin, T.End);
}

void LexerTokenSource::resumeAt(size_t Pos, size_t NewLine, size_t NewCol) {
  Lex->seek(static_cast<uint32_t>(Pos));
  Off = Pos;
  Line = NewLine;
  Col = NewCol;
  PrevWasEq = false;
}

} // namespace parsedriver
} // namespace ptxlint
