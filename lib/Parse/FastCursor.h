//===- FastCursor.h - lexing primitives of the fast path --------*- C++ -*-===//
//
// The recognizers of FastStatement.cpp (instructions, labels) and
// FastDeclarations.cpp (headers, declarations, .loc, section lines) read the
// bytes through this cursor. Its primitives mirror grammar/PTXLexer.g4
// (IDENT, INT, DOTNAME, whitespace and comments); whenever the input strays
// from what they model they fail, and the caller leaves it to ANTLR.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_FASTCURSOR_H
#define PTXLINT_LIB_PARSE_FASTCURSOR_H

#include "Parse/FastStatement.h"
#include "ptxlint/AST.h"
#include "ptxlint/Source.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstdint>

namespace ptxlint {
namespace parsedriver {
namespace fast {

inline bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
inline bool isDigit(char C) { return C >= '0' && C <= '9'; }
inline bool isWordChar(char C) { return isAlpha(C) || isDigit(C) || C == '_'; }
inline bool isHex(char C) { return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F'); }

/// Directive words that PTXLexer.g4 makes tokens of their own (not DOTNAME).
inline bool isKeyword(llvm::StringRef W) {
  if (W.size() < 4 || W.size() > 13 || W[0] != '.')
    return false;
  return llvm::StringSwitch<bool>(W)
      .Cases(".version", ".target", ".address_size", ".entry", ".func", true)
      .Cases(".section", ".file", ".loc", ".reg", ".sreg", true)
      .Cases(".param", ".shared", ".global", ".const", ".local", true)
      .Cases(".tex", ".extern", ".visible", ".weak", ".common", true)
      .Default(false);
}

/// True when W may be a declaration attribute (declAttribute): any DOTNAME,
/// or one of the five state-space keywords the grammar allows there.
inline bool isDeclAttribute(llvm::StringRef W) {
  return !isKeyword(W) || W == ".global" || W == ".shared" || W == ".const" || W == ".local" ||
         W == ".param";
}

/// The text the recognizers read, sliced as SourceFile::slice does (a
/// caller's string needs no SourceFile: checkInstruction's declarations).
struct TextView {
  llvm::StringRef Text;
  llvm::StringRef slice(SourceRange R) const {
    if (!R.isValid() || R.End > Text.size())
      return {};
    return Text.slice(R.Begin, R.End);
  }
};

/// A position in a text and the arena the recognizers build in.
class Cursor {
public:
  Cursor(const SourceFile &File, ASTContext &Ctx, uint32_t Begin)
      : Cursor(File.text(), Ctx, Begin) {}
  Cursor(llvm::StringRef Text, ASTContext &Ctx, uint32_t Begin)
      : File{Text}, Ctx(Ctx), Text(Text), Pos(Begin) {}

  uint32_t pos() const { return Pos; }

  void setPos(uint32_t P) { Pos = P; }

  void skipWhitespace() { skipSpace(); }

  bool atEnd() const { return Pos == Text.size(); }

  /// "name:" at Pos: the label's name range, the range through ':'.
  bool label(SourceRange &Name, SourceRange &Whole) {
    uint32_t Start = Pos;
    char C = peek();
    if (isAlpha(C)) {
      ++Pos;
    } else if ((C == '_' || C == '$' || C == '%') && (isWordChar(peekAt(1)) || peekAt(1) == '$')) {
      Pos += 2;
    } else {
      return false;
    }
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    Name = {Start, Pos};
    skipSpace();
    if (peek() != ':' || peekAt(1) == ':')
      return false;
    ++Pos;
    Whole = {Start, Pos};
    return true;
  }

protected:
  char peek() const { return Pos < Text.size() ? Text[Pos] : '\0'; }

  char peekAt(size_t K) const { return Pos + K < Text.size() ? Text[Pos + K] : '\0'; }

  /// Whitespace and comments, as the lexer skips them; false on an
  /// unterminated block comment.
  bool skipSpaceAndComments() {
    size_t P = Pos;
    bool Ok = parsedriver::skipSpaceAndComments(Text, P);
    Pos = static_cast<uint32_t>(P);
    return Ok;
  }

  void skipSpace() {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f')
        ++Pos;
      else
        break;
    }
  }

  /// IDENT: ([a-zA-Z][a-zA-Z0-9_$]* | [_$%][a-zA-Z0-9_$]+)
  ///        ('.' [a-zA-Z0-9_]+ ('::' [a-zA-Z0-9_]+)*)*
  bool lexIdent(SourceRange &R) {
    uint32_t B = Pos;
    char C = peek();
    if (isAlpha(C)) {
      ++Pos;
    } else if (C == '_' || C == '$' || C == '%') {
      char N = peekAt(1);
      if (!(isWordChar(N) || N == '$'))
        return false;
      ++Pos;
    } else {
      return false;
    }
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    while (peek() == '.' && isWordChar(peekAt(1))) {
      ++Pos;
      while (isWordChar(peek()))
        ++Pos;
      while (peek() == ':' && peekAt(1) == ':' && isWordChar(peekAt(2))) {
        Pos += 2;
        while (isWordChar(peek()))
          ++Pos;
      }
    }
    // A character that would extend or glue onto the token in ways this
    // recognizer does not model ('.', ':', '(' ...) sends us to ANTLR.
    char After = peek();
    if (!(After == '\0' || After == ' ' || After == '\t' || After == '\r' || After == '\n' ||
          After == '\f' || After == ',' || After == ';' || After == '}' || After == ']' ||
          After == '+' || After == '-' || After == '{' || After == '[' || After == ')'))
      return false;
    R = {B, Pos};
    return true;
  }

  /// A DOTNAME-shaped word at Pos ("." then [a-zA-Z_][a-zA-Z0-9_$]*, no
  /// "::" part); the word, or empty.
  llvm::StringRef dotWord() {
    uint32_t B = Pos;
    if (peek() != '.' || !(isAlpha(peekAt(1)) || peekAt(1) == '_'))
      return {};
    Pos += 2;
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    if (peek() == ':' || peek() == '.') {
      Pos = B;
      return {};
    }
    return Text.slice(B, Pos);
  }

  /// A plain name at Pos (IDENT without dots); its range, or false.
  bool plainName(SourceRange &R) {
    uint32_t B = Pos;
    char C = peek();
    if (isAlpha(C))
      ++Pos;
    else if ((C == '_' || C == '$' || C == '%') && (isWordChar(peekAt(1)) || peekAt(1) == '$'))
      Pos += 2;
    else
      return false;
    while (isWordChar(peek()) || peek() == '$')
      ++Pos;
    if (peek() == '.' || peek() == ':') {
      Pos = B;
      return false;
    }
    R = {B, Pos};
    return true;
  }

  /// A decimal integer token at Pos (no leading 0 unless "0", no suffix).
  bool decimal(SourceRange &R) {
    uint32_t B = Pos;
    while (isDigit(peek()))
      ++Pos;
    if (Pos == B || (Pos - B > 1 && Text[B] == '0') || isWordChar(peek()) || peek() == '.' ||
        peek() == '$') {
      Pos = B;
      return false;
    }
    R = {B, Pos};
    return true;
  }

  const TextView File;
  ASTContext &Ctx;
  llvm::StringRef Text;
  uint32_t Pos;
};

} // namespace fast
} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_FASTCURSOR_H
