//===- InitScan.cpp - large data initializers without a parse tree ---------===//
#include "Parse/InitScan.h"
#include "Parse/FastCursor.h"

using namespace llvm;

namespace ptxlint {
namespace parsedriver {

namespace {

using fast::isAlpha;
using fast::isDigit;
using fast::isHex;
bool isIdentRest(char C) { return fast::isWordChar(C) || C == '$'; }

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
    if (C == '/')
      return peek(1) == '/' || peek(1) == '*';
    return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f' || C == ',' || C == '}' ||
           C == ')' || C == '+' || C == '-';
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

  bool item() {
    if (peek() == '-') {
      punct('-');
      skip();
      return number();
    }
    if (isDigit(peek()))
      return number();
    if (!name())
      return false;
    skip();
    if (peek() == '(') { // generic(sym)
      punct('(');
      skip();
      if (!name())
        return false;
      skip();
      if (!punct(')'))
        return false;
      skip();
    }
    if (peek() == '+' || peek() == '-') { // sym+8
      punct(peek());
      skip();
      return number();
    }
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
