//===- Lexer.cpp - the hand-written lexer of PTXLexer.g4's vocabulary -----===//
//
// Each function below mirrors one group of PTXLexer.g4's rules and returns
// the length of its longest match; next() picks the longest, the earlier
// rule on a tie (keywords over DOTNAME, FLOAT_HEX over INT), as ANTLR does.
//
//===----------------------------------------------------------------------===//
#include "Parse/Lexer.h"
#include "Parse/FastStatement.h"

#include <cctype>
#include <cstring>

namespace ptxlint {
namespace parsedriver {

namespace {
using namespace lexchars;

const char *const Names[] = {
    "EOF",     "VERSION",   "TARGET",     "ADDRESS_SIZE", "ENTRY",     "FUNC",      "SECTION",
    "FILE",    "LOC",       "REG",        "SREG",         "PARAM",     "SHARED",    "GLOBAL",
    "CONST",   "LOCAL",     "TEX",        "EXTERN",       "VISIBLE",   "WEAK",      "COMMON",
    "DOTNAME", "FLOAT_HEX", "DOUBLE_HEX", "INT",          "DEC_FLOAT", "IDENT",     "UNDERSCORE",
    "STRING",  "SEMI",      "COMMA",      "COLON",        "LBRACE",    "RBRACE",    "LBRACK",
    "RBRACK",  "LPAREN",    "RPAREN",     "SHL",          "SHR",       "LE",        "GE",
    "EQEQ",    "NE",        "ANDAND",     "OROR",         "LT",        "GT",        "PLUS",
    "MINUS",   "STAR",      "SLASH",      "PERCENT",      "AT",        "BANG",      "PIPE",
    "AMP",     "CARET",     "TILDE",      "EQ",           "QUESTION",  "ERROR_CHAR"};
static_assert(sizeof(Names) / sizeof(Names[0]) == static_cast<size_t>(Tok::ERROR_CHAR) + 1,
              "one name per token kind");

/// The directive keywords (VERSION .. COMMON), in the enum's order.
const llvm::StringLiteral Keywords[] = {
    ".version", ".target", ".address_size", ".entry",   ".func",   ".section", ".file",
    ".loc",     ".reg",    ".sreg",         ".param",   ".shared", ".global",  ".const",
    ".local",   ".tex",    ".extern",       ".visible", ".weak",   ".common"};

} // namespace

/// Most dot-words (.b32, .u64, .align ...) are rejected on their length and
/// second character; the rest are compared with the keywords of that length.
Tok Lexer::keyword(llvm::StringRef W) {
  if (W.size() < 4 || W.size() > 13)
    return Tok::DOTNAME;
  switch (W[1]) {
  case 'a':
  case 'c':
  case 'e':
  case 'f':
  case 'g':
  case 'l':
  case 'p':
  case 'r':
  case 's':
  case 't':
  case 'v':
  case 'w':
    break;
  default:
    return Tok::DOTNAME;
  }
  for (size_t I = 0; I < sizeof(Keywords) / sizeof(Keywords[0]); ++I)
    if (Keywords[I].size() == W.size() && Keywords[I][1] == W[1] && W == Keywords[I])
      return static_cast<Tok>(static_cast<size_t>(Tok::VERSION) + I);
  return Tok::DOTNAME;
}

const char *tokName(Tok K) { return Names[static_cast<size_t>(K)]; }

namespace {
size_t lineEnd(llvm::StringRef In, size_t P) {
  while (P < In.size() && In[P] != '\n' && In[P] != '\r')
    ++P;
  return P;
}

/// `@@DWARF .byte 0x1, 0x2` (nvopencc, PTX ISA 1.x): a DWARF data line that
/// ptxas 13.0 still takes between module-scope statements with one of the
/// directives .byte, .4byte, .quad, .b8/.b16/.b32/.b64 and .section. Skipped
/// like a comment; `@@DWARF` alone or before another word (.2byte, .word)
/// stays a syntax error, as for ptxas. What ptxas refuses of the lines it
/// knows (in a body, under PTX ISA 2.0 or later) is DwarfLines.cpp's; not
/// modelled: the operands (ptxas parses them).
bool isDwarfLine(llvm::StringRef In, size_t P) {
  if (!In.substr(P).startswith("@@DWARF"))
    return false;
  size_t Q = P + 7;
  if (Q >= In.size() || (In[Q] != ' ' && In[Q] != '\t'))
    return false;
  while (Q < In.size() && (In[Q] == ' ' || In[Q] == '\t'))
    ++Q;
  size_t E = Q + 1;
  while (E < In.size() && std::isalnum(static_cast<unsigned char>(In[E])))
    ++E;
  if (E < In.size() && In[E] != ' ' && In[E] != '\t' && In[E] != '\n' && In[E] != '\r')
    return false; // `.quad.pred`: not a directive ptxas knows
  llvm::StringRef D = In.slice(Q, E);
  return D == ".byte" || D == ".4byte" || D == ".quad" || D == ".b8" || D == ".b16" ||
         D == ".b32" || D == ".b64" || D == ".section";
}
} // namespace

/// WS, LINE_COMMENT, BLOCK_COMMENT and @@DWARF lines (-> skip). An unterminated block
/// comment is no comment: its '/' is lexed as SLASH. False at the end.
bool Lexer::skipTrivia() {
  const size_t N = In.size();
  const char *D = In.data();
  while (Pos < N) {
    char C = D[Pos];
    if (isSpace(C)) {
      ++Pos;
      continue;
    }
    if (C == '@' && isDwarfLine(In, Pos)) {
      uint32_t E = static_cast<uint32_t>(lineEnd(In, Pos));
      if (WatchDwarf)
        Watch(WatchCtx, Pos, E, false);
      Pos = E;
      continue;
    }
    if (C != '/' || Pos + 1 >= N)
      return true;
    if (D[Pos + 1] == '/') {
      // To the line's end: its '\n', or a '\r' before it.
      const void *NL = std::memchr(D + Pos + 2, '\n', N - Pos - 2);
      size_t E = NL ? static_cast<size_t>(static_cast<const char *>(NL) - D) : N;
      if (const void *CR = std::memchr(D + Pos + 2, '\r', E - Pos - 2))
        E = static_cast<size_t>(static_cast<const char *>(CR) - D);
      if (Watch)
        Watch(WatchCtx, Pos, static_cast<uint32_t>(E), false);
      Pos = static_cast<uint32_t>(E);
    } else if (D[Pos + 1] == '*') {
      size_t E = In.find("*/", Pos + 2);
      if (E == llvm::StringRef::npos)
        return true;
      if (Watch)
        Watch(WatchCtx, Pos, static_cast<uint32_t>(E + 2), false);
      Pos = static_cast<uint32_t>(E + 2);
    } else {
      return true;
    }
  }
  return false;
}

/// At a digit: FLOAT_HEX, DOUBLE_HEX, INT, DEC_FLOAT.
size_t Lexer::number(Tok &K) const {
  const size_t B = Pos;
  auto Run = [&](size_t P, bool (*Pred)(char)) {
    while (Pred(at(P)))
      ++P;
    return P;
  };
  auto Exponent = [&](size_t P) -> size_t { // [eE] [+-]? [0-9]+, or 0
    if (at(P) != 'e' && at(P) != 'E')
      return 0;
    size_t Q = P + 1;
    if (at(Q) == '+' || at(Q) == '-')
      ++Q;
    size_t E = Run(Q, isDigit);
    return E == Q ? 0 : E - P;
  };
  char C1 = at(B + 1);
  if (In[B] == '0' && (C1 == 'f' || C1 == 'F' || C1 == 'd' || C1 == 'D')) {
    // Exactly 8 (0f) or 16 (0d) digits; fewer: the INT 0 and a name.
    size_t Digits = (C1 == 'f' || C1 == 'F') ? 8 : 16;
    if (Run(B + 2, isHex) - (B + 2) >= Digits) {
      K = Digits == 8 ? Tok::FLOAT_HEX : Tok::DOUBLE_HEX;
      return 2 + Digits;
    }
  }
  if (In[B] == '0' && (C1 == 'x' || C1 == 'X') && isHex(at(B + 2))) {
    size_t E = Run(B + 2, isHex);
    K = Tok::INT;
    return E + (at(E) == 'U') - B;
  }
  if (In[B] == '0' && (C1 == 'b' || C1 == 'B') && (at(B + 2) == '0' || at(B + 2) == '1')) {
    size_t E = Run(B + 2, [](char C) { return C == '0' || C == '1'; });
    K = Tok::INT;
    return E + (at(E) == 'U') - B;
  }
  size_t D = Run(B, isDigit);
  // An integer with a leading 0 is octal: it ends before an 8 or a 9.
  size_t IntEnd = In[B] == '0' ? Run(B + 1, [](char C) { return C >= '0' && C <= '7'; }) : D;
  size_t IntLen = IntEnd + (at(IntEnd) == 'U') - B, DecLen = 0;
  if (at(D) == '.') {
    size_t F = Run(D + 1, isDigit);
    DecLen = F + Exponent(F) - B;
  } else if (size_t E = Exponent(D)) {
    DecLen = D + E - B;
  }
  K = DecLen > IntLen ? Tok::DEC_FLOAT : Tok::INT;
  return DecLen > IntLen ? DecLen : IntLen;
}

/// At '.': a keyword, DOTNAME, DEC_FLOAT ('.' [0-9]+), or 0.
size_t Lexer::dotWord(Tok &K) const {
  const size_t B = Pos;
  char C = at(B + 1);
  if (isDigit(C)) {
    size_t F = B + 1;
    while (isDigit(at(F)))
      ++F;
    size_t E = F;
    if (at(E) == 'e' || at(E) == 'E') {
      size_t Q = E + 1;
      if (at(Q) == '+' || at(Q) == '-')
        ++Q;
      size_t R = Q;
      while (isDigit(at(R)))
        ++R;
      if (R > Q)
        E = R;
    }
    K = Tok::DEC_FLOAT;
    return E - B;
  }
  if (!isAlpha(C) && C != '_')
    return 0;
  size_t P = B + 2;
  while (isIdentRest(at(P)))
    ++P;
  while (at(P) == ':' && at(P + 1) == ':' && isWord(at(P + 2))) {
    P += 2;
    while (isWord(at(P)))
      ++P;
  }
  K = keyword(In.slice(B, P));
  return P - B;
}

/// STRING: '"' (~["\\\r\n] | '\\' .)* '"'; 0 when unterminated.
size_t Lexer::string() const {
  size_t P = Pos + 1;
  for (;;) {
    if (P >= In.size())
      return 0;
    char C = In[P];
    if (C == '"')
      return P + 1 - Pos;
    if (C == '\r' || C == '\n')
      return 0;
    if (C == '\\') {
      if (P + 1 >= In.size())
        return 0;
      P += 2;
      continue;
    }
    ++P;
  }
}

/// The one-character tokens, by byte (ERROR_CHAR for the rest).
struct PunctTable {
  Tok K[256] = {};
  constexpr PunctTable() {
    for (Tok &T : K)
      T = Tok::ERROR_CHAR;
    const char One[] = ";,:{}[]()<>+-*/%@!|&^~=?_";
    const Tok OneK[] = {Tok::SEMI,    Tok::COMMA,  Tok::COLON,  Tok::LBRACE,   Tok::RBRACE,
                        Tok::LBRACK,  Tok::RBRACK, Tok::LPAREN, Tok::RPAREN,   Tok::LT,
                        Tok::GT,      Tok::PLUS,   Tok::MINUS,  Tok::STAR,     Tok::SLASH,
                        Tok::PERCENT, Tok::AT,     Tok::BANG,   Tok::PIPE,     Tok::AMP,
                        Tok::CARET,   Tok::TILDE,  Tok::EQ,     Tok::QUESTION, Tok::UNDERSCORE};
    static_assert(sizeof(One) - 1 == sizeof(OneK) / sizeof(OneK[0]), "one kind per character");
    for (size_t I = 0; I + 1 < sizeof(One); ++I)
      K[static_cast<unsigned char>(One[I])] = OneK[I];
  }
};
constexpr PunctTable Puncts;

/// Operators and punctuation; ERROR_CHAR for any other byte.
size_t Lexer::punct(Tok &K) const {
  char C = In[Pos], N = at(Pos + 1);
  switch (C) {
  case '<':
    K = N == '<' ? Tok::SHL : N == '=' ? Tok::LE : Tok::LT;
    return 1 + (K != Tok::LT);
  case '>':
    K = N == '>' ? Tok::SHR : N == '=' ? Tok::GE : Tok::GT;
    return 1 + (K != Tok::GT);
  case '=':
    K = N == '=' ? Tok::EQEQ : Tok::EQ;
    return 1 + (N == '=');
  case '!':
    K = N == '=' ? Tok::NE : Tok::BANG;
    return 1 + (N == '=');
  case '&':
    K = N == '&' ? Tok::ANDAND : Tok::AMP;
    return 1 + (N == '&');
  case '|':
    K = N == '|' ? Tok::OROR : Tok::PIPE;
    return 1 + (N == '|');
  default:
    K = Puncts.K[static_cast<unsigned char>(C)];
    return 1;
  }
}

bool skipSpaceAndComments(llvm::StringRef Text, size_t &Pos) {
  Lexer L(Text, static_cast<uint32_t>(Pos));
  bool More = L.skipTrivia();
  Pos = L.pos();
  return !More || Text[Pos] != '/' || Pos + 1 >= Text.size() || Text[Pos + 1] != '*';
}

void forEachCommentAndString(llvm::StringRef Text, Lexer::TextFn Fn, void *Ctx) {
  Lexer L(Text);
  L.watchText(Fn, Ctx);
  while (L.next().Kind != Tok::Eof)
    ;
}

bool nextStatementAt(llvm::StringRef Text, size_t From, const TokenMemo &Memo, size_t &Pos) {
  Pos = From;
  if (Memo.After != From) {
    // Only whitespace before the statement (most of them): no lexer. A
    // comment, or an `@@DWARF` line, is skipTrivia's.
    size_t P = From;
    const size_t N = Text.size();
    while (P < N && isSpace(Text[P]))
      ++P;
    if (P >= N || (Text[P] != '/' && Text[P] != '@')) {
      Pos = P;
      return true;
    }
    return skipSpaceAndComments(Text, Pos);
  }
  Pos = Memo.Begin;
  return !(static_cast<Tok>(Memo.Kind) == Tok::SLASH && Memo.End < Text.size() &&
           Text[Memo.End] == '*');
}

Token Lexer::nextSlow() {
  Token T;
  if (!skipTrivia()) {
    T.Begin = T.End = static_cast<uint32_t>(In.size());
    return T;
  }
  char C = In[Pos];
  Tok K = Tok::ERROR_CHAR;
  size_t Len = 0;
  if (isDigit(C)) {
    Len = number(K);
  } else if (C == '.') {
    Len = dotWord(K);
  } else if (C == '"') {
    Len = string();
    K = Tok::STRING;
    if (Len && Watch)
      Watch(WatchCtx, Pos, static_cast<uint32_t>(Pos + Len), true);
  } else if ((Len = ident())) {
    K = Tok::IDENT;
  }
  if (!Len) {
    if (C == '.' || C == '"' || C == '$')
      K = Tok::ERROR_CHAR, Len = 1;
    else
      Len = punct(K);
  }
  T.Begin = Pos;
  T.End = static_cast<uint32_t>(Pos + Len);
  T.Kind = K;
  Pos = T.End;
  return T;
}

} // namespace parsedriver
} // namespace ptxlint
