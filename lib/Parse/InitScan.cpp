//===- InitScan.cpp - large data initializers without a parse tree ---------===//
#include "Parse/InitScan.h"
#include "Parse/FastStatement.h"

using namespace llvm;

namespace ptxlint {
namespace parsedriver {

namespace {

bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isHex(char C) { return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F'); }
bool isIdentRest(char C) { return isAlpha(C) || isDigit(C) || C == '_' || C == '$'; }

class Scanner {
public:
  Scanner(StringRef T, size_t P, std::vector<StringRef> *Toks) : T(T), P(P), Toks(Toks) {}

  /// list at P; true when it is in the subset and closed.
  bool list(unsigned Depth) {
    if (Depth > 64 || !punct('{'))
      return false;
    skip();
    if (peek() == '}')
      return punct('}');
    for (;;) {
      skip();
      if (peek() == '{') {
        if (!list(Depth + 1))
          return false;
      } else if (!item()) {
        return false;
      }
      skip();
      if (peek() == ',') {
        punct(',');
        continue;
      }
      return Ok && punct('}');
    }
  }
  size_t pos() const { return P; }

private:
  char peek(size_t Ahead = 0) const { return P + Ahead < T.size() ? T[P + Ahead] : '\0'; }

  /// Whitespace and comments, as the lexer skips them.
  void skip() {
    if (!skipSpaceAndComments(T, P)) { // an unterminated /* comment
      Ok = false;
      P = T.size();
    }
  }

  bool punct(char C) {
    if (peek() != C)
      return false;
    emit(P, P + 1);
    ++P;
    return true;
  }
  void emit(size_t B, size_t E) {
    if (Toks)
      Toks->push_back(T.slice(B, E));
  }

  /// After a number or a name: the lexer must end the token here too.
  bool endsToken() const {
    char C = peek();
    if (C == '/') // a comment, or the division operator
      return true;
    return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f' || C == ',' || C == '}' ||
           C == ')' || C == '+' || C == '-' || C == '*' || C == '%' || C == '<' || C == '>' ||
           C == '&' || C == '|' || C == '^' || C == '=' || C == '!';
  }

  bool number() {
    size_t B = P;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'f' || peek(1) == 'F' ||
                          peek(1) == 'd' || peek(1) == 'D')) {
      bool Unsigned = peek(1) == 'x' || peek(1) == 'X';
      P += 2;
      size_t D = P;
      while (isHex(peek()))
        ++P;
      if (P == D)
        return false;
      if (Unsigned && peek() == 'U')
        ++P;
    } else if (peek() == '0' && (peek(1) == 'b' || peek(1) == 'B')) {
      P += 2;
      size_t D = P;
      while (peek() == '0' || peek() == '1')
        ++P;
      if (P == D)
        return false;
      if (peek() == 'U')
        ++P;
    } else if (isDigit(peek())) {
      while (isDigit(peek()))
        ++P;
      if (peek() == 'U')
        ++P;
    } else {
      return false;
    }
    if (!endsToken())
      return false; // "1.5", "1e3", "12abc": the grammar's business
    emit(B, P);
    return true;
  }

  bool name() {
    size_t B = P;
    char C = peek();
    if (isAlpha(C)) {
      ++P;
    } else if ((C == '_' || C == '$' || C == '%') && isIdentRest(peek(1))) {
      P += 2;
    } else {
      return false;
    }
    while (isIdentRest(peek()))
      ++P;
    if (peek() != '(' && !endsToken())
      return false; // dotted names and the rest: the grammar's business
    emit(B, P);
    return true;
  }

  /// An initializer element: a constant expression of numbers and names
  /// (grammar `expr`, without `?:`), iteratively except for parentheses,
  /// which nest at most as deep as braces do.
  bool item() { return expr(0); }

  /// `unary* primary (binop unary* primary)*`
  bool expr(unsigned Depth) {
    for (;;) {
      while (unaryOp())
        skip();
      if (!primary(Depth))
        return false;
      skip();
      if (!binaryOp())
        return true;
      skip();
    }
  }

  /// number | name | name '(' expr (',' expr)* ')' | '(' expr ')'
  bool primary(unsigned Depth) {
    if (isDigit(peek()))
      return number();
    if (peek() == '(') {
      if (Depth >= 64)
        return false;
      punct('(');
      skip();
      if (!expr(Depth + 1))
        return false;
      return punct(')');
    }
    if (!name())
      return false;
    skip();
    if (peek() != '(') // generic(sym), mask(...)
      return true;
    if (Depth >= 64)
      return false;
    punct('(');
    for (;;) {
      skip();
      if (!expr(Depth + 1))
        return false;
      if (peek() != ',')
        return punct(')');
      punct(',');
    }
  }

  /// '-', '+', '~', '!' (not the '!' of '!=').
  bool unaryOp() {
    char C = peek();
    if (C == '-' || C == '+' || C == '~' || (C == '!' && peek(1) != '='))
      return punct(C);
    return false;
  }

  /// A binary operator token, as the lexer splits it: '%' before a name's
  /// character is the start of a register name (%r1), '/' before '/' or '*'
  /// a comment, a lone '=' no operator.
  bool binaryOp() {
    char C = peek(), N = peek(1);
    size_t Len = 0;
    switch (C) {
    case '+':
    case '-':
    case '*':
    case '^':
      Len = 1;
      break;
    case '/':
      Len = N == '/' || N == '*' ? 0 : 1;
      break;
    case '%':
      Len = isIdentRest(N) ? 0 : 1;
      break;
    case '<':
    case '>':
      Len = N == C || N == '=' ? 2 : 1;
      break;
    case '&':
    case '|':
      Len = N == C ? 2 : 1;
      break;
    case '=':
    case '!':
      Len = N == '=' ? 2 : 0;
      break;
    default:
      break;
    }
    if (!Len)
      return false;
    emit(P, P + Len);
    P += Len;
    return true;
  }

  StringRef T;
  size_t P;
  std::vector<StringRef> *Toks;
  bool Ok = true;
};

} // namespace

size_t scanSimpleInitializer(StringRef Text, size_t Begin, std::vector<StringRef> *Toks) {
  Scanner S(Text, Begin, Toks);
  if (!S.list(0))
    return 0;
  return S.pos();
}

} // namespace parsedriver
} // namespace ptxlint
