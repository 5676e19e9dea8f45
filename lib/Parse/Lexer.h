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
#include "llvm/Support/Compiler.h"

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

/// Character classes of the lexer, one table lookup per byte.
namespace lexchars {
enum : uint8_t {
  Space = 1,
  Digit = 2,
  Alpha = 4,
  Under = 8,
  Dollar = 16,
  HexLetter = 32,
  /// A one-character token that no longer token starts with (; , { } ...).
  Single = 64,
};
struct ClassTable {
  uint8_t C[256] = {};
  constexpr ClassTable() {
    for (int I = 'a'; I <= 'z'; ++I)
      C[I] = Alpha | (I <= 'f' ? HexLetter : 0);
    for (int I = 'A'; I <= 'Z'; ++I)
      C[I] = Alpha | (I <= 'F' ? HexLetter : 0);
    for (int I = '0'; I <= '9'; ++I)
      C[I] = Digit;
    C[int('_')] = Under;
    C[int('$')] = Dollar;
    for (char S : {' ', '\t', '\r', '\n', '\f'})
      C[static_cast<unsigned char>(S)] = Space;
    // Not '@': a guard goes through nextSlow(), whose skipTrivia() takes an
    // @@DWARF line for trivia (one call per guard, not a compare per token).
    for (char S : {';', ',', ':', '{', '}', '[', ']', '(', ')', '+', '-', '*', '^', '~', '?'})
      C[static_cast<unsigned char>(S)] = Single;
  }
};
inline constexpr ClassTable Classes;
inline uint8_t cls(char C) { return Classes.C[static_cast<unsigned char>(C)]; }
inline bool isAlpha(char C) { return cls(C) & Alpha; }
inline bool isDigit(char C) { return cls(C) & Digit; }
inline bool isHex(char C) { return cls(C) & (Digit | HexLetter); }
/// [a-zA-Z0-9_]
inline bool isWord(char C) { return cls(C) & (Alpha | Digit | Under); }
/// [a-zA-Z0-9_$]
inline bool isIdentRest(char C) { return cls(C) & (Alpha | Digit | Under | Dollar); }
inline bool isSpace(char C) { return cls(C) & Space; }
} // namespace lexchars

/// Lexes Input from a byte offset on, one token per next().
class Lexer {
public:
  explicit Lexer(llvm::StringRef Input, uint32_t Pos = 0) : In(Input), Pos(Pos) {}

  /// The next token (Eof at the end, forever). Inline: names, the common
  /// punctuation and plain whitespace take no call; the rest is nextSlow().
  LLVM_ATTRIBUTE_ALWAYS_INLINE Token next() {
    using namespace lexchars;
    const size_t N = In.size();
    while (Pos < N && isSpace(In[Pos]))
      ++Pos;
    if (Pos >= N)
      return nextSlow();
    char C = In[Pos];
    uint8_t Class = cls(C);
    Token T;
    T.Begin = Pos;
    if (Class & Single) {
      T.Kind = singleKind(C);
      T.End = ++Pos;
      return T;
    }
    if (Class & Digit) { // a plain decimal INT; anything longer: nextSlow
      size_t P = Pos + 1;
      while (isDigit(at(P)))
        ++P;
      char After = at(P);
      // 0x1F, 0f..., 1.5, 1e3, 1U, and 0-led octal (07, 09: 0 and 9):
      // number() decides.
      if ((C == '0' && (P > Pos + 1 || isAlpha(After))) || After == '.' || After == 'e' ||
          After == 'E' || After == 'U')
        return nextSlow();
      T.Kind = Tok::INT;
      T.End = Pos = static_cast<uint32_t>(P);
      return T;
    }
    if (C == '.' && (cls(at(Pos + 1)) & (Alpha | Under))) { // DOTNAME or a keyword
      size_t P = Pos + 2;
      while (isIdentRest(at(P)))
        ++P;
      if (at(P) != ':') {
        T.Kind = P - Pos < 4 ? Tok::DOTNAME : keyword(In.slice(Pos, P));
        T.End = Pos = static_cast<uint32_t>(P);
        return T;
      }
    }
    size_t Len = (Class & (Alpha | Under | Dollar)) || C == '%' ? ident() : 0;
    if (!Len)
      return nextSlow();
    T.Kind = Tok::IDENT;
    T.End = Pos = static_cast<uint32_t>(Pos + Len);
    return T;
  }

  /// The length of the IDENT at byte B (< In.size()) of In, as next()
  /// makes it; 0 when none starts there.
  static size_t identLength(llvm::StringRef In, size_t B) {
    return Lexer(In, static_cast<uint32_t>(B)).ident();
  }

  /// Where the next token's search starts.
  uint32_t pos() const { return Pos; }
  void seek(uint32_t P) { Pos = P; }

  /// Skips whitespace and comments (WS, LINE_COMMENT, BLOCK_COMMENT); false
  /// at the end. An unterminated block comment is no comment: it stops there.
  bool skipTrivia();

  /// Called with the byte range of each comment the lexer skips and of
  /// each STRING token it makes (IsString), for the checks that look inside
  /// them (the non-ASCII check of ParseDriver.cpp). Unset by default.
  using TextFn = void (*)(void *Ctx, uint32_t Begin, uint32_t End, bool IsString);
  void watchText(TextFn Fn, void *Ctx) {
    Watch = Fn;
    WatchCtx = Ctx;
  }
  /// Called as watchText's Fn with each `@@DWARF` line the lexer skips too
  /// (its range starts at the '@'), for the scan of DwarfLines.cpp.
  void watchDwarfLines(TextFn Fn, void *Ctx) {
    watchText(Fn, Ctx);
    WatchDwarf = true;
  }

private:
  Token nextSlow();
  /// The keyword token a dot-word is, or DOTNAME.
  static Tok keyword(llvm::StringRef W);
  /// The kind of a lexchars::Single character.
  static Tok singleKind(char C) {
    switch (C) {
    case ';':
      return Tok::SEMI;
    case ',':
      return Tok::COMMA;
    case ':':
      return Tok::COLON;
    case '{':
      return Tok::LBRACE;
    case '}':
      return Tok::RBRACE;
    case '[':
      return Tok::LBRACK;
    case ']':
      return Tok::RBRACK;
    case '(':
      return Tok::LPAREN;
    case ')':
      return Tok::RPAREN;
    case '+':
      return Tok::PLUS;
    case '-':
      return Tok::MINUS;
    case '*':
      return Tok::STAR;
    case '@':
      return Tok::AT;
    case '^':
      return Tok::CARET;
    case '~':
      return Tok::TILDE;
    default:
      return Tok::QUESTION;
    }
  }
  char at(size_t P) const { return P < In.size() ? In[P] : '\0'; }
  size_t number(Tok &K) const;
  size_t dotWord(Tok &K) const;
  /// IDENT at a letter, or at [_$%] followed by [a-zA-Z0-9_$]; 0 otherwise.
  size_t ident() const {
    using namespace lexchars;
    const size_t B = Pos;
    size_t P = B;
    if (isAlpha(In[B]))
      ++P;
    else if ((In[B] == '_' || In[B] == '$' || In[B] == '%') && isIdentRest(at(B + 1)))
      P += 2;
    else
      return 0;
    while (isIdentRest(at(P)))
      ++P;
    while (at(P) == '.' && isWord(at(P + 1))) {
      P += 2;
      while (isWord(at(P)))
        ++P;
      while (at(P) == ':' && at(P + 1) == ':' && isWord(at(P + 2))) {
        P += 2;
        while (isWord(at(P)))
          ++P;
      }
    }
    return P - B;
  }
  size_t string() const;
  size_t punct(Tok &K) const;

  llvm::StringRef In;
  uint32_t Pos;
  bool WatchDwarf = false; ///< in the padding after Pos
  TextFn Watch = nullptr;
  void *WatchCtx = nullptr;
};

} // namespace parsedriver
} // namespace ptxlint

#endif // PTXLINT_LIB_PARSE_LEXER_H
