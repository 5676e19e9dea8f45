//===- TokenCursor.h - the fast recognizers' view of the lexer --*- C++ -*-===//
//
// The recognizers of FastStatement.cpp (instructions, labels) and
// FastDeclarations.cpp (headers, declarations, .loc, section lines) read the
// hand-written lexer's tokens (Lexer.h) through this cursor, one at a time on
// demand: no token array, one token of look-ahead (two where a label's ':'
// must not be the first of '::'). The lexer is the only code that knows the
// token vocabulary; the cursor only offers what the recognizers ask of a
// token (its kind, its text, where it is). A recognizer that meets a token
// outside its subset declines, and the caller leaves the statement to ANTLR.
//
//===----------------------------------------------------------------------===//
#ifndef PTXLINT_LIB_PARSE_TOKENCURSOR_H
#define PTXLINT_LIB_PARSE_TOKENCURSOR_H

#include "Parse/FastStatement.h"
#include "Parse/Lexer.h"
#include "ptxlint/AST.h"
#include "ptxlint/Source.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ptxlint {
namespace parsedriver {
namespace fast {

/// A directive keyword PTXLexer.g4 makes a token of its own (.version ..
/// .common), not a DOTNAME.
inline bool isKeyword(Tok K) { return K >= Tok::VERSION && K <= Tok::COMMON; }

/// A declaration attribute (declAttribute in the grammar): a DOTNAME or one
/// of the five state-space keywords the grammar allows there.
inline bool isDeclAttribute(Tok K) {
  return K == Tok::DOTNAME || K == Tok::GLOBAL || K == Tok::SHARED || K == Tok::CONST ||
         K == Tok::LOCAL || K == Tok::PARAM;
}

/// An INT token's text in plain decimal: digits only, no leading 0 but "0".
inline bool isPlainDecimal(llvm::StringRef T) {
  if (T.empty() || (T.size() > 1 && T[0] == '0'))
    return false;
  for (char C : T)
    if (C < '0' || C > '9')
      return false;
  return true;
}

/// The tokens of a text from an offset on, and the arena the recognizers
/// build in.
class TokenCursor {
public:
  TokenCursor(const SourceFile &File, ASTContext &Ctx, uint32_t Begin, TokenMemo *Memo = nullptr)
      : TokenCursor(File.text(), Ctx, Begin, Memo) {}
  TokenCursor(llvm::StringRef Text, ASTContext &Ctx, uint32_t Begin, TokenMemo *Memo = nullptr)
      : Ctx(Ctx), Text(Text), Lex(Text, Begin), LastEnd(Begin), Memo(Memo) {
    if (Memo && Memo->Begin == Begin) {
      Cur.Begin = Begin;
      Cur.End = Memo->End;
      Cur.Kind = static_cast<Tok>(Memo->Kind);
      Lex.seek(Cur.End);
      return;
    }
    Cur = Lex.next();
    if (Memo)
      *Memo = {Cur.Begin, Cur.End, static_cast<uint8_t>(Cur.Kind), UINT32_MAX};
  }

  /// After a statement read whole: hands the look-ahead past it to the
  /// memo, for the next recognizer and the search for the next statement.
  void remember() {
    if (Memo)
      *Memo = {Cur.Begin, Cur.End, static_cast<uint8_t>(Cur.Kind), LastEnd};
  }

  /// The current (next unconsumed) token.
  const Token &tok() const { return Cur; }
  Tok kind() const { return Cur.Kind; }
  bool is(Tok K) const { return Cur.Kind == K; }
  llvm::StringRef text() const { return text(Cur); }
  llvm::StringRef text(const Token &T) const { return Text.slice(T.Begin, T.End); }
  /// The first character of the current token's text ('\0' at the end).
  char first() const { return Cur.End > Cur.Begin ? Text[Cur.Begin] : '\0'; }

  /// The token after the current one (lexed once, on demand).
  const Token &after() {
    if (!HasAfter) {
      After = Lex.next();
      HasAfter = true;
    }
    return After;
  }

  /// Consumes the current token and returns it.
  LLVM_ATTRIBUTE_ALWAYS_INLINE Token take() {
    Token T = Cur;
    LastEnd = T.End;
    if (HasAfter) {
      Cur = After;
      HasAfter = false;
    } else {
      Cur = Lex.next();
    }
    return T;
  }

  /// Consumes the current token when it is of kind K.
  bool accept(Tok K) {
    if (Cur.Kind != K)
      return false;
    take();
    return true;
  }

  /// The commas ahead at the current nesting level before the list closes,
  /// counted on the lexer's tokens (comments and strings are tokens or
  /// trivia there, never commas); 0 at a ';' or the end of the text. Only
  /// a size hint: nothing is consumed.
  size_t countRest() const {
    Lexer L(Text, Cur.Begin);
    size_t Depth = 0, Commas = 0;
    for (;;) {
      switch (L.next().Kind) {
      case Tok::Eof:
      case Tok::SEMI:
        return 0;
      case Tok::LBRACE:
      case Tok::LPAREN:
      case Tok::LBRACK:
        ++Depth;
        break;
      case Tok::RBRACE:
      case Tok::RPAREN:
      case Tok::RBRACK:
        if (Depth-- == 0)
          return Commas;
        break;
      case Tok::COMMA:
        Commas += Depth == 0;
        break;
      default:
        break;
      }
    }
  }

  /// Where the current token starts; the end of the last one consumed.
  uint32_t pos() const { return Cur.Begin; }
  uint32_t lastEnd() const { return LastEnd; }

  /// The current token is the '/' of a block comment that never closes
  /// (the lexer makes it a SLASH): the recognizers leave such input to the
  /// grammar even where the statement could end before it.
  bool atOpenComment() const {
    return Cur.Kind == Tok::SLASH && Cur.End < Text.size() && Text[Cur.End] == '*';
  }

  /// `name:` (a label): an IDENT without '.' parts, then ':' that is not
  /// the first of '::'. Name is the name's range; false consumes nothing
  /// that matters (the caller declines).
  bool label(SourceRange &Name, SourceRange &Whole) {
    if (Cur.Kind != Tok::IDENT || text().contains('.'))
      return false;
    Token N = take();
    if (Cur.Kind != Tok::COLON)
      return false;
    const Token &Next = after();
    if (Next.Kind == Tok::COLON && Next.Begin == Cur.End)
      return false;
    Token C = take();
    Name = {N.Begin, N.End};
    Whole = {N.Begin, C.End};
    return true;
  }

protected:
  ASTContext &Ctx;
  llvm::StringRef Text;

private:
  Lexer Lex;
  Token Cur, After;
  bool HasAfter = false;
  uint32_t LastEnd;
  TokenMemo *Memo;
};

} // namespace fast
} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_TOKENCURSOR_H
