//===- Lexer.cpp - the hand-written lexer of PTXLexer.g4's vocabulary -----===//
//
// Each function below mirrors one group of PTXLexer.g4's rules and returns
// the length of its longest match; next() picks the longest, the earlier
// rule on a tie (keywords over DOTNAME, FLOAT_HEX over INT), as ANTLR does.
//
//===----------------------------------------------------------------------===//
#include "Parse/Lexer.h"
#include "Parse/FastStatement.h"

#include <cstring>

namespace ptxlint {
namespace parsedriver {

namespace {
bool isAlpha(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isHex(char C) { return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F'); }
/// [a-zA-Z0-9_]
bool isWord(char C) { return isAlpha(C) || isDigit(C) || C == '_'; }
bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f'; }

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
const char *const Keywords[] = {".version", ".target", ".address_size", ".entry", ".func",
                                ".section", ".file",   ".loc",          ".reg",   ".sreg",
                                ".param",   ".shared", ".global",       ".const", ".local",
                                ".tex",     ".extern", ".visible",      ".weak",  ".common"};
} // namespace

const char *tokName(Tok K) { return Names[static_cast<size_t>(K)]; }

/// WS, LINE_COMMENT and BLOCK_COMMENT (-> skip). An unterminated block
/// comment is no comment: its '/' is lexed as SLASH. False at the end.
bool Lexer::skipTrivia() {
  const size_t N = In.size();
  while (Pos < N) {
    char C = In[Pos];
    if (isSpace(C)) {
      ++Pos;
    } else if (C == '/' && at(Pos + 1) == '/') {
      size_t E = In.find_first_of("\r\n", Pos);
      Pos = static_cast<uint32_t>(E == llvm::StringRef::npos ? N : E);
    } else if (C == '/' && at(Pos + 1) == '*') {
      size_t E = In.find("*/", Pos + 2);
      if (E == llvm::StringRef::npos)
        return true;
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
  if (In[B] == '0' && (C1 == 'f' || C1 == 'F' || C1 == 'd' || C1 == 'D') && isHex(at(B + 2))) {
    K = (C1 == 'f' || C1 == 'F') ? Tok::FLOAT_HEX : Tok::DOUBLE_HEX;
    return Run(B + 2, isHex) - B;
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
  size_t IntLen = D + (at(D) == 'U') - B, DecLen = 0;
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
  while (isWord(at(P)) || at(P) == '$')
    ++P;
  while (at(P) == ':' && at(P + 1) == ':' && isWord(at(P + 2))) {
    P += 2;
    while (isWord(at(P)))
      ++P;
  }
  llvm::StringRef W = In.slice(B, P);
  K = Tok::DOTNAME;
  for (size_t I = 0; I < sizeof(Keywords) / sizeof(Keywords[0]); ++I)
    if (W == Keywords[I])
      K = static_cast<Tok>(static_cast<size_t>(Tok::VERSION) + I);
  return P - B;
}

/// IDENT at a letter, or at [_$%] followed by [a-zA-Z0-9_$]; 0 otherwise.
size_t Lexer::ident() const {
  const size_t B = Pos;
  size_t P = B;
  if (isAlpha(In[B])) {
    ++P;
  } else if ((In[B] == '_' || In[B] == '$' || In[B] == '%') &&
             (isWord(at(B + 1)) || at(B + 1) == '$')) {
    P += 2;
  } else {
    return 0;
  }
  while (isWord(at(P)) || at(P) == '$')
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

/// Operators and punctuation; ERROR_CHAR for any other byte.
size_t Lexer::punct(Tok &K) const {
  static const struct {
    char A, B;
    Tok K;
  } Two[] = {{'<', '<', Tok::SHL},    {'>', '>', Tok::SHR},  {'<', '=', Tok::LE},
             {'>', '=', Tok::GE},     {'=', '=', Tok::EQEQ}, {'!', '=', Tok::NE},
             {'&', '&', Tok::ANDAND}, {'|', '|', Tok::OROR}};
  char C = In[Pos], N = at(Pos + 1);
  for (const auto &T : Two)
    if (C == T.A && N == T.B) {
      K = T.K;
      return 2;
    }
  static const char One[] = ";,:{}[]()<>+-*/%@!|&^~=?_";
  static const Tok OneK[] = {
      Tok::SEMI,    Tok::COMMA,  Tok::COLON,  Tok::LBRACE,   Tok::RBRACE,
      Tok::LBRACK,  Tok::RBRACK, Tok::LPAREN, Tok::RPAREN,   Tok::LT,
      Tok::GT,      Tok::PLUS,   Tok::MINUS,  Tok::STAR,     Tok::SLASH,
      Tok::PERCENT, Tok::AT,     Tok::BANG,   Tok::PIPE,     Tok::AMP,
      Tok::CARET,   Tok::TILDE,  Tok::EQ,     Tok::QUESTION, Tok::UNDERSCORE};
  static_assert(sizeof(One) - 1 == sizeof(OneK) / sizeof(OneK[0]), "one kind per character");
  const char *Hit = C ? std::strchr(One, C) : nullptr;
  K = Hit ? OneK[Hit - One] : Tok::ERROR_CHAR;
  return 1;
}

bool skipSpaceAndComments(llvm::StringRef Text, size_t &Pos) {
  Lexer L(Text, static_cast<uint32_t>(Pos));
  bool More = L.skipTrivia();
  Pos = L.pos();
  return !More || Text[Pos] != '/' || Pos + 1 >= Text.size() || Text[Pos + 1] != '*';
}

Token Lexer::next() {
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
