//===- InitScan.cpp - large data initializers without a parse tree ---------===//
#include "Parse/InitScan.h"
#include "Parse/Lexer.h"

using namespace llvm;

namespace ptxlint {
namespace parsedriver {

namespace {

/// The subset on the hand lexer's tokens (Lexer.h): the lexer decides what
/// a token is, the scanner only which tokens may follow which.
class Scanner {
public:
  Scanner(StringRef T, size_t P, std::vector<StringRef> *Toks)
      : T(T), Lex(T, static_cast<uint32_t>(P)), Toks(Toks) {
    Cur = Lex.next();
  }

  /// list at the current token; true when it is in the subset and closed.
  bool list(unsigned Depth) {
    if (Depth > 64 || !accept(Tok::LBRACE))
      return false;
    if (accept(Tok::RBRACE))
      return true;
    for (;;) {
      plainRun();
      if (Cur.Kind == Tok::LBRACE ? !list(Depth + 1) : !expr(0))
        return false;
      if (!accept(Tok::COMMA))
        return accept(Tok::RBRACE);
    }
  }
  size_t end() const { return End; }

private:
  /// `1, 2, 3, ...`, the bulk of a large initializer, read byte by byte:
  /// while the current token is an INT followed by ',' and a decimal INT
  /// (as Lexer::next makes them: whitespace between, no comment), the INT
  /// and the ',' are taken as expr and accept would take them, and the next
  /// INT becomes the current token. Anything else is left as it is.
  void plainRun() {
    using namespace lexchars;
    const char *D = T.data();
    const size_t N = T.size();
    while (Cur.Kind == Tok::INT) {
      size_t P = Cur.End;
      while (P < N && isSpace(D[P]))
        ++P;
      if (P >= N || D[P] != ',')
        return;
      const size_t Comma = P++;
      while (P < N && isSpace(D[P]))
        ++P;
      if (P >= N || !isDigit(D[P]))
        return;
      size_t Q = P + 1;
      while (Q < N && isDigit(D[Q]))
        ++Q;
      char After = Q < N ? D[Q] : '\0';
      if (After == '.' || After == 'e' || After == 'E' || After == 'U' ||
          (D[P] == '0' && (Q > P + 1 || isAlpha(After))))
        return; // another token than a decimal INT: the lexer's to make
      if (Toks) {
        Toks->push_back(Cur.text(T));
        Toks->push_back(T.substr(Comma, 1));
      }
      End = Comma + 1;
      Cur = {static_cast<uint32_t>(P), static_cast<uint32_t>(Q), Tok::INT};
      Lex.seek(static_cast<uint32_t>(Q));
    }
  }

  /// Consumes the current token when it is of kind K (and keeps its text).
  /// Inline: a large initializer is a few tokens per element.
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool accept(Tok K) {
    if (Cur.Kind != K)
      return false;
    if (Toks)
      Toks->push_back(Cur.text(T));
    End = Cur.End;
    Cur = Lex.next();
    return true;
  }

  /// An unterminated block comment is no comment to the lexer (its '/' is
  /// a SLASH): the grammar's business.
  bool atOpenComment() const {
    return Cur.Kind == Tok::SLASH && Cur.End < T.size() && T[Cur.End] == '*';
  }

  /// `unary* primary (binop unary* primary)*`: a constant expression of
  /// numbers and names (grammar `expr`, without `?:`), iteratively except
  /// for parentheses, which nest at most as deep as braces do.
  bool expr(unsigned Depth) {
    for (;;) {
      while (Cur.Kind == Tok::MINUS || Cur.Kind == Tok::PLUS || Cur.Kind == Tok::TILDE ||
             Cur.Kind == Tok::BANG)
        accept(Cur.Kind);
      if (!primary(Depth) || atOpenComment())
        return false;
      if (!binaryOp())
        return true;
    }
  }

  /// number | name | name '(' expr (',' expr)* ')' | '(' expr ')'
  bool primary(unsigned Depth) {
    if (Cur.Kind == Tok::INT || Cur.Kind == Tok::FLOAT_HEX || Cur.Kind == Tok::DOUBLE_HEX)
      return accept(Cur.Kind);
    if (Cur.Kind == Tok::LPAREN)
      return Depth < 64 && accept(Tok::LPAREN) && expr(Depth + 1) && accept(Tok::RPAREN);
    // A name without '.' parts; dotted names are the grammar's business.
    if (Cur.Kind != Tok::IDENT || Cur.text(T).contains('.') || !accept(Tok::IDENT))
      return false;
    if (Cur.Kind != Tok::LPAREN) // generic(sym), mask(...)
      return true;
    if (Depth >= 64 || !accept(Tok::LPAREN))
      return false;
    do {
      if (!expr(Depth + 1))
        return false;
    } while (accept(Tok::COMMA));
    return accept(Tok::RPAREN);
  }

  /// A binary operator token (the lexer has made '%' before a name's
  /// character part of a register name, '/' before '/' or '*' a comment).
  bool binaryOp() {
    switch (Cur.Kind) {
    case Tok::PLUS:
    case Tok::MINUS:
    case Tok::STAR:
    case Tok::SLASH:
    case Tok::PERCENT:
    case Tok::CARET:
    case Tok::SHL:
    case Tok::SHR:
    case Tok::LE:
    case Tok::GE:
    case Tok::LT:
    case Tok::GT:
    case Tok::AMP:
    case Tok::ANDAND:
    case Tok::PIPE:
    case Tok::OROR:
    case Tok::EQEQ:
    case Tok::NE:
      return accept(Cur.Kind);
    default:
      return false;
    }
  }

  StringRef T;
  Lexer Lex;
  Token Cur;
  size_t End = 0;
  std::vector<StringRef> *Toks;
};

} // namespace

size_t scanSimpleInitializer(StringRef Text, size_t Begin, std::vector<StringRef> *Toks) {
  Scanner S(Text, Begin, Toks);
  if (!S.list(0))
    return 0;
  return S.end();
}

} // namespace parsedriver
} // namespace ptxlint
